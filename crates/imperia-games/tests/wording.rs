//! Every message a player reads — prompts, action labels, log lines, the `b` table — counts and takes
//! articles as English does (issue 13, item 12): no "1 space(s)", no "a India army". Random games of each
//! hosted game are played through the registry and every text they show is read.

use imperia_core::words::article;
use imperia_core::{DynMatch, ToAct, Viewer};
use rand::{Rng, SeedableRng};

/// What is wrong with `text`, if anything: a "(s)" plural, or "a"/"an" before a word that takes the other.
fn wording_fault(text: &str) -> Option<String> {
    if text.contains("(s)") {
        return Some("a \"(s)\" plural".to_string());
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let (used, next) = (pair[0], pair[1].trim_start_matches(['(', '"', '«']));
        let used = used.trim_start_matches(['(', '"']);
        if matches!(used, "a" | "an" | "A" | "An") && next.chars().next().is_some_and(char::is_alphabetic) {
            let right = article(next);
            if !used.eq_ignore_ascii_case(right) {
                return Some(format!("\"{used} {next}\" should be \"{right} {next}\""));
            }
        }
    }
    None
}

fn texts_of_step(m: &dyn DynMatch) -> Vec<String> {
    let mut texts = Vec::new();
    for seat in 0..m.seats() {
        let viewer = Viewer::Seat(seat);
        texts.push(m.prompt(viewer));
        texts.extend(m.last_events(viewer));
        texts.extend(m.legal_actions(seat).into_iter().map(|c| c.label));
    }
    texts
}

fn read_games(game: &str, seats: usize, games: u64) {
    let registry = imperia_games::registry();
    let entry = registry.get(game).expect("a hosted game");
    let content = (entry.shipped)();
    let config = (entry.configure)(seats, &serde_json::json!({})).expect("a config");
    for seed in 0..games {
        let mut m = (entry.start)(&config, seed, &content).expect("a start");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let ToAct::Seats(seats) = m.to_act() {
            for text in texts_of_step(m.as_ref()) {
                if let Some(fault) = wording_fault(&text) {
                    panic!("{game}, seed {seed}, step {steps}: {fault} in: {text}");
                }
            }
            if steps % 50 == 0 {
                let table = m.summary(Viewer::Seat(seats[0]));
                assert!(wording_fault(&table).is_none(), "{game} table: {:?}", wording_fault(&table));
            }
            let seat = seats[rng.random_range(0..seats.len())];
            let choices = m.legal_actions(seat);
            let pick = &choices[rng.random_range(0..choices.len())].action;
            m.apply(seat, pick).expect("a legal action applies");
            steps += 1;
        }
        println!("{game}, seed {seed}: {steps} steps read");
    }
}

#[test]
fn the_checker_sees_the_faults_it_looks_for() {
    assert!(wording_fault("Russia moves 1 space(s) to Taxation").is_some());
    assert!(wording_fault("Battle in Mumbai: a India army and a China fleet destroy each other").is_some());
    assert!(wording_fault("site for a armaments factory").is_some());
    assert!(wording_fault("Battle in Mumbai: an India army and a China fleet destroy each other").is_none());
    assert!(wording_fault("a unit, an hour, a USA flag").is_none());
}

#[test]
fn imperial2030_messages_read_as_english() {
    read_games("imperial2030", 4, 3);
}

#[test]
fn imperial_struggle_messages_read_as_english() {
    read_games("imperial-struggle", 2, 2);
}

#[test]
fn virgin_queen_messages_read_as_english() {
    read_games("virgin-queen", 3, 2);
}

#[test]
fn endeavor_messages_read_as_english() {
    read_games("endeavor", 4, 3);
}
