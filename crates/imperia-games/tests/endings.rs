//! The end of every game says why it ended and what each score is made of (`Game::ending`, issue 55 item
//! 8): games of every hosted game at every player count, played at random to their end through the
//! registry, give no ending before the end and, at the end, a reason in the game's own terms and, for every
//! seat, parts that add up to its score in the outcome.

use imperia_core::{DynContent, DynMatch, GameEntry, ToAct};
use rand::seq::IndexedRandom;

/// Random steps after which a game that has not ended counts as stuck.
const MAX_STEPS: usize = 200_000;

/// Words each game's reason holds, whichever way the game ended: the rule that ends it.
const REASON_WORDS: &[(&str, &[&str])] = &[
    ("imperial2030", &["power reached 25", "No nation has a government"]),
    ("imperial-struggle", &["the victory marker reached", "the final scoring", "every region award", "every theatre"]),
    ("endeavor", &["Round 7, the last, is over"]),
    ("brazil-imperial", &["the final scoring", "the scenario is"]),
    ("virgin-queen", &["the last this game plays, is over"]),
];

/// A game of `game` for `seats` played at random from `seed` to its end; the ending is checked at every step.
fn finished(entry: &GameEntry, seats: usize, seed: u64) -> Box<dyn DynMatch> {
    let game = entry.id;
    let content: DynContent = (entry.shipped)();
    let config = (entry.configure)(seats, &serde_json::json!({})).expect("a config");
    let mut m = (entry.start)(&config, seed, &content).expect("a start");
    let mut rng = imperia_core::rng::seeded(seed);
    for _ in 0..MAX_STEPS {
        let ToAct::Seats(deciding) = m.to_act() else { return m };
        assert!(m.ending().is_none(), "{game}: an ending before the end");
        let seat = *deciding.choose(&mut rng).expect("a seat to act");
        let legal = m.legal_actions(seat);
        let choice = legal.choose(&mut rng).expect("an action");
        m.apply(seat, &choice.action).expect("a listed action applies");
    }
    panic!("{game}, {seats} players, seed {seed}: no end within {MAX_STEPS} random steps");
}

#[test]
fn every_game_says_why_it_ended_and_what_each_score_is_made_of() {
    let registry = imperia_games::registry();
    for entry in registry.entries() {
        let words = REASON_WORDS.iter().find(|(g, _)| *g == entry.id).map(|(_, w)| *w);
        let words = words.unwrap_or_else(|| panic!("{}: no reason words in REASON_WORDS", entry.id));
        let (least, most) = entry.seats;
        for seats in least..=most {
            let m = finished(entry, seats, seats as u64);
            let name = format!("{}, {seats} players", entry.id);
            let outcome = m.outcome().expect("an outcome at the end");
            let ending = m.ending().unwrap_or_else(|| panic!("{name}: over without an ending"));
            assert!(words.iter().any(|w| ending.reason.contains(w)), "{name}: the reason \"{}\"", ending.reason);
            assert!(ending.reason.ends_with('.'), "{name}: the reason is a sentence: \"{}\"", ending.reason);
            assert_eq!(ending.parts.len(), seats, "{name}: parts for every seat");
            for (seat, parts) in ending.parts.iter().enumerate() {
                assert!(!parts.is_empty(), "{name}: seat {seat} has no parts");
                assert!(parts.iter().all(|p| !p.label.is_empty()), "{name}: a part without a label");
                let sum: i64 = parts.iter().map(|p| p.points).sum();
                assert_eq!(sum, outcome.scores[seat], "{name}: seat {seat}'s parts {parts:?}");
            }
            println!("{name}: {}", ending.reason);
        }
    }
}
