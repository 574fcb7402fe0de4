//! Every prompt is said to its reader in the right person (issue 55, item 3): the seat whose decision it is
//! reads "you carry out the action", everyone else "Britain carries out the action". Games of every hosted
//! game at every player count, at random and between bots (heuristic and random seats), are played to their
//! end (or a cap of steps) through the registry; at every step the prompt is read for each seat and the spectator, and
//! the log lines for each, and every verb form is held to a small word list.
//!
//! The checks: the word after "you" is a verb in its base form (or "and", "each", a modal), and so is every
//! verb of the clause it opens ("you activate a building, spend an action token or pass"); no "its" in that
//! clause ("you finish your turn"); no malformed form anywhere ("carrie", "passs"); the spectator reads no
//! "you", in the prompt or the log; a seat a prompt names first reads "you" in its own; a prompt about
//! one other seat puts every verb of its first clause in the third person ("Green keeps … and chooses …");
//! and a log line a seat reads that names that seat says "you" or "your" to it ("You buy the Italy 9 bond",
//! "Italy pays you interest of 2", never "Player 2 buys …" to Player 2).

use imperia_bots::BotSpec;
use imperia_core::words::third_person;
use imperia_core::{DynContent, DynMatch, ToAct, Viewer};
use rand::{Rng, SeedableRng};

/// The verbs prompts and log lines use, in their base form: a verb outside this list after "you" fails the
/// test, so a new prompt or log line adds its verb here.
const VERBS: &[&str] = &[
    "activate", "add", "agree", "announce", "approve", "attack", "become", "build", "buy", "carry", "choose", "commit",
    "complete", "confirm", "conquer", "cover", "craft", "decide", "declare", "decline", "deploy", "discard", "draw",
    "end", "exhaust", "fill", "finish", "flag", "flip", "forgo", "found", "gain", "give", "grow", "hand", "have",
    "hold", "import", "invest", "keep", "lend", "look", "lose", "make", "maneuver", "move", "name", "occupy", "pass",
    "pay", "pick", "place", "play", "put", "ransom", "recruit", "reduce", "refresh", "reject", "remove", "renew",
    "replace", "reply", "resist", "return", "reveal", "rule", "sail", "score", "set", "show", "spend", "start", "take",
    "trade", "turn", "unflag", "upgrade", "use", "win", "withdraw",
];

/// Words that may follow "you" without being a verb of the list: modals, joins, an adverb ("you now govern
/// Italy"), a past form the same in every person ("you won every award").
const MODALS_AND_JOINS: &[&str] = &["may", "must", "can", "are", "and", "each", "now", "won"];

/// Words after which "you" is an object, not a subject ("Italy pays you interest", "a proposal to you").
const PREPOSITIONS: &[&str] = &["to", "by", "with", "of", "for", "on", "from", "against", "between"];

/// Where a seat's name stands for something else than the seat (a place, a leader), in a line said to it.
const NOT_THE_SEAT: &[&str] = &["flees to England", "Ottoman commander"];

/// Words after which a new clause with a subject of its own may begin ("… where Russia places its flags").
const SUBORDINATORS: &[&str] = &["where", "whether", "which", "who", "that", "while", "when"];

/// Forms no verb of the list may take: a third person bent back too far or not far enough ("carrie",
/// "choos"), an "s" doubled ("passs", "chooses" + "s"). Forms shorter than four letters are left out: they
/// cannot be told from other words ("us", "en").
fn malformed_forms() -> Vec<String> {
    let mut forms = Vec::new();
    for verb in VERBS {
        let third = third_person(verb);
        forms.push(format!("{third}s"));
        if third.ends_with("es") && !verb.ends_with('e') {
            forms.push(format!("{verb}s")); // "passs", "finishs"
        }
        for cut in 1..=2 {
            let bent = &third[..third.len() - cut];
            if bent != *verb && !VERBS.contains(&bent) {
                forms.push(bent.to_string());
            }
        }
    }
    forms.retain(|f| f.len() >= 4);
    forms
}

/// A word without the punctuation around it, lower case.
fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_lowercase()
}

/// What is wrong with a text said to a seat (its prompt, its log lines), if anything.
fn second_person_fault(text: &str, malformed: &[String]) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let thirds: Vec<String> = VERBS.iter().map(|v| third_person(v)).collect();
    for (i, word) in words.iter().enumerate() {
        let w = bare(word);
        if malformed.contains(&w) {
            return Some(format!("the malformed form \"{w}\""));
        }
        // "you" as an object ("Italy pays you", "to Spain, England, you:"), or a label ("Red (you) 12",
        // "you (Spain), you (France)"), opens no clause.
        let before = if i > 0 { bare(words[i - 1]) } else { String::new() };
        let object =
            thirds.contains(&before) || PREPOSITIONS.contains(&before.as_str()) || word.ends_with([',', ':', ';', '.']);
        let label = word.starts_with('(') || words.get(i + 1).is_some_and(|n| n.starts_with('('));
        if w != "you" || object || label {
            continue;
        }
        let Some(next) = words.get(i + 1).map(|n| bare(n)) else { continue };
        if !VERBS.contains(&next.as_str()) && !MODALS_AND_JOINS.contains(&next.as_str()) {
            return Some(format!("\"you {next}\": \"{next}\" is not a verb of the word list in its base form"));
        }
        // The clause "you" opens, up to a stop or to a new subject after a subordinator.
        for (j, word) in words.iter().enumerate().skip(i + 1) {
            let w = bare(word);
            let before = words[j - 1].trim_end_matches(',');
            if j > i + 1 && SUBORDINATORS.contains(&before) {
                // "who", "that" and "which" open a clause of their own ("name who moves first", "the
                // squadron that takes", "which tile the upgrade replaces"); after the others a name or an
                // article opens one ("where Russia places").
                let starts_subject = matches!(before, "who" | "that" | "which")
                    || word.chars().next().is_some_and(char::is_uppercase)
                    || matches!(w.as_str(), "the" | "a");
                if starts_subject {
                    break;
                }
            }
            if thirds.contains(&w) {
                return Some(format!("\"{w}\" in a clause whose subject is \"you\""));
            }
            if w == "its" {
                return Some("\"its\" where the reader is the subject".into());
            }
            if next == "and" && words[j - 1] == "each" && !VERBS.contains(&w.as_str()) {
                return Some(format!("\"each {w}\" after \"you\""));
            }
            if word.ends_with(['.', ';', ':']) || word.starts_with('(') {
                break;
            }
        }
    }
    None
}

/// What is wrong with a text read by someone it does not address (a spectator, a log line), if anything.
fn third_person_fault(text: &str, malformed: &[String]) -> Option<String> {
    text.split_whitespace().map(bare).find_map(|w| {
        if w == "you" || w == "your" {
            Some(format!("\"{w}\" in a text for everyone"))
        } else if malformed.contains(&w) {
            Some(format!("the malformed form \"{w}\""))
        } else {
            None
        }
    })
}

/// The names a seat goes by in the log: its name, or each power of a seat that plays several ("England and
/// the Protestant"), without the article ("the Ottoman" is named "The Ottoman" where it opens a line).
fn names_of(seat_name: &str) -> Vec<String> {
    seat_name
        .split(" and ")
        .map(|n| n.trim_start_matches("the ").trim_start_matches("The ").to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// What is wrong with a log line said to the seat called `names`, if anything: one of its names, where
/// the line does not say "you" or "your" to it ("Britain draws Acts of Union" to Britain). What follows a
/// colon is a list quoted as the table shows it (a deal's clauses, cards, a reason), and is not read.
fn own_name_fault(line: &str, names: &[String]) -> Option<String> {
    let addressed = line.split_whitespace().any(|w| matches!(bare(w).as_str(), "you" | "your" | "yours"));
    if addressed || NOT_THE_SEAT.iter().any(|p| line.contains(p)) {
        return None;
    }
    let head = line.split(": ").next().unwrap_or(line);
    let words: Vec<String> = head.split_whitespace().map(bare).collect();
    let text = format!(" {} ", words.join(" "));
    names.iter().find_map(|name| {
        let name = name.split_whitespace().map(bare).collect::<Vec<_>>().join(" ");
        let named = text.contains(&format!(" {name} ")) || text.contains(&format!(" {name}'s "));
        named.then(|| format!("its own name \"{name}\" where it should read \"you\""))
    })
}

/// What is wrong with a prompt whose subject is one other, named first (`name`), if anything: a verb of the
/// list in its base form in the clause it opens ("Green keeps one goal and choose a ruler"), unless after
/// "to", a modal, or a word that makes it a noun ("the end").
fn third_person_clause_fault(text: &str, name: &str) -> Option<String> {
    let rest = text.strip_prefix(name)?.strip_prefix(' ')?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let thirds: Vec<String> = VERBS.iter().map(|v| third_person(v)).collect();
    // Only a subject that is one: "Britain chooses", not "Britain and France each choose".
    let first = bare(words.first()?);
    if !thirds.contains(&first) && first != "may" {
        return None;
    }
    for (j, word) in words.iter().enumerate().skip(1) {
        let w = bare(word);
        let before = bare(words[j - 1]);
        if SUBORDINATORS.contains(&before.as_str()) {
            break;
        }
        let allowed_before = ["to", "may", "must", "the", "a", "an", "its", "their", "your"];
        let proper = word.starts_with(char::is_uppercase); // a name: "carries out Build"
        if VERBS.contains(&w.as_str()) && !proper && !allowed_before.contains(&before.as_str()) {
            return Some(format!("\"{w}\" in a clause whose subject is {name}"));
        }
        if word.ends_with(['.', ';', ':']) || word.starts_with('(') {
            break;
        }
    }
    None
}

/// Every check on one position: each seat's prompt and log lines, and the spectator's.
fn check_step(m: &dyn DynMatch, malformed: &[String]) -> Result<(), String> {
    let public = m.prompt(Viewer::Spectator);
    if let Some(fault) = third_person_fault(&public, malformed) {
        return Err(format!("{fault}, to the spectator: {public}"));
    }
    // The log as a replay tells it (each step as its seat knew it, to a reader who is none of them) and as
    // the spectator reads it: no "you" in either.
    let told = (0..m.seats()).flat_map(|seat| m.last_events_of(seat));
    for line in m.last_events(Viewer::Spectator).into_iter().chain(told) {
        if let Some(fault) = third_person_fault(&line, malformed) {
            return Err(format!("{fault}, in the log: {line}"));
        }
    }
    let deciding = match m.to_act() {
        ToAct::Seats(seats) => seats,
        ToAct::Nobody => Vec::new(),
    };
    for seat in 0..m.seats() {
        if let Some(fault) = third_person_clause_fault(&public, &m.seat_name(seat)) {
            return Err(format!("{fault}, to the spectator: {public}"));
        }
        let viewer = Viewer::Seat(seat);
        let prompt = m.prompt(viewer);
        if let Some(fault) = second_person_fault(&prompt, malformed) {
            return Err(format!("{fault}, to seat {seat}: {prompt}"));
        }
        let named_first = public.starts_with(&format!("{} ", m.seat_name(seat)));
        if deciding.contains(&seat) && named_first && !prompt.split_whitespace().any(|w| bare(w) == "you") {
            return Err(format!("seat {seat} decides, and its prompt does not say \"you\": {prompt}"));
        }
        // A seat's log speaks to it of its own doings ("You draw the battle card …").
        let names = names_of(&m.seat_name(seat));
        for line in m.last_events(viewer) {
            if let Some(fault) = second_person_fault(&line, malformed).or_else(|| own_name_fault(&line, &names)) {
                return Err(format!("{fault}, in seat {seat}'s log: {line}"));
            }
        }
    }
    Ok(())
}

/// Who plays a game: uniformly random, or each seat a bot of the pool.
enum Players {
    Random,
    Bots(&'static str),
}

/// One game of `game` for `seats` played to its end (or `cap` steps), every step checked. Returns the steps.
fn read_game(game: &str, seats: usize, seed: u64, players: &Players, cap: usize) -> usize {
    let registry = imperia_games::registry();
    let entry = registry.get(game).expect("a hosted game");
    let content: DynContent = (entry.shipped)();
    let config = (entry.configure)(seats, &serde_json::json!({})).expect("a config");
    let mut m = (entry.start)(&config, seed, &content).expect("a start");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut bots: Vec<Box<dyn imperia_bots::DynBot>> = match players {
        Players::Random => Vec::new(),
        Players::Bots(pool) => {
            let entry = imperia_games::bots_for(game).expect("bots");
            let pool: Vec<BotSpec> = pool.split(',').map(|b| b.parse().expect("a bot")).collect();
            (0..seats).map(|s| (entry.bot)(&pool[s % pool.len()], seed + s as u64)).collect()
        }
    };
    let malformed = malformed_forms();
    let mut steps = 0;
    while let ToAct::Seats(deciding) = m.to_act() {
        if let Err(fault) = check_step(m.as_ref(), &malformed) {
            panic!("{game}, {seats} players, seed {seed}, step {steps}: {fault}");
        }
        if steps == cap {
            break;
        }
        let seat = deciding[rng.random_range(0..deciding.len())];
        let choices = m.legal_actions(seat);
        let pick = match bots.get_mut(seat) {
            Some(bot) => bot.choose(&m.view(Viewer::Seat(seat)), &content, seat, &choices).expect("a choice"),
            None => rng.random_range(0..choices.len()),
        };
        m.apply(seat, &choices[pick].action).expect("a legal action applies");
        steps += 1;
    }
    check_step(m.as_ref(), &malformed).unwrap_or_else(|fault| panic!("{game}, {seats} players, the end: {fault}"));
    steps
}

/// Games of each kind per hosted game, shared among its player counts (each count has at least one).
const GAMES_PER_KIND: usize = 6;

/// Every player count of `game`: random games and bot-driven ones.
fn read_every_count(game: &str, cap: usize) {
    let (least, most) = imperia_games::registry().get(game).expect("a hosted game").seats;
    let seeds = GAMES_PER_KIND.div_ceil(most - least + 1) as u64;
    for seats in least..=most {
        for seed in 0..seeds {
            let seed = seed * 10 + seats as u64;
            let random = read_game(game, seats, seed, &Players::Random, cap);
            let bots = read_game(game, seats, seed, &Players::Bots("heuristic,random"), cap);
            println!("{game}, {seats} players, seed {seed}: {random} random steps and {bots} bot steps read");
        }
    }
}

#[test]
fn the_checker_sees_the_faults_it_looks_for() {
    let malformed = malformed_forms();
    let fault = |text: &str| second_person_fault(text, &malformed);
    assert!(fault("you carrie out the action").is_some());
    assert!(fault("you activate a building, spends an action token or passes").is_some());
    assert!(fault("you move units or ends the turn").is_some());
    assert!(fault("you hold the initiative and names who moves first").is_some());
    assert!(fault("you announce its deals").is_some());
    assert!(fault("you finish its turn 1 of 4").is_some());
    assert!(fault("you decide whether to keep its basic war tile").is_some());
    assert!(fault("you passs").is_some());
    assert!(fault("you flarp").is_some());
    assert!(fault("you activate a building, spend an action token or pass").is_none());
    assert!(fault("you choose where Russia places its last flags").is_none());
    assert!(fault("you and France each choose two face-down ministry cards").is_none());
    assert!(fault("you and France each chooses two face-down ministry cards").is_some());
    assert!(fault("you keep one goal of each era and choose a ruler").is_none());
    assert!(fault("you hold the initiative and name who moves first this round").is_none());
    assert!(fault("you choose the squadron that takes Antilles Channel").is_none());
    assert!(fault("you set aside 1 more card while France keeps its hand").is_none());
    assert!(fault("Britain carries out the action").is_none());
    assert!(fault("Italy pays you interest of 2").is_none());
    assert!(fault("The game ends after round 7. Glory: Red (you) 12, Blue 10").is_none());
    assert!(fault("You now govern Italy").is_none());
    assert!(third_person_fault("you carry out the action", &malformed).is_some());
    assert!(third_person_fault("Britain carrie out the action", &malformed).is_some());
    assert!(third_person_fault("Britain carries out the action", &malformed).is_none());
    let named = |text: &str| third_person_clause_fault(text, "Green");
    assert!(named("Green keeps one goal of each era and choose a ruler").is_some());
    assert!(named("Green keeps one goal of each era and chooses a ruler").is_none());
    assert!(named("Green chooses where to spend 3 points, or passes").is_none());
    assert!(named("Green moves units or ends the turn").is_none());
    assert!(named("Green carries out Build").is_none());
    assert!(named("Green may use one of its advantages").is_none());
    let own = |line: &str, seat: &str| own_name_fault(line, &names_of(seat));
    assert!(own("Player 2 buys the Italy 9 bond", "Player 2").is_some());
    assert!(own("Italy pays Player 2 interest of 2", "Player 2").is_some());
    assert!(own("Britain's debt limit rises to 8", "Britain").is_some());
    assert!(own("The Ottoman ends its talks", "England and the Ottoman").is_some());
    assert!(own("You buy the Italy 9 bond", "Player 2").is_none());
    assert!(own("Italy pays you interest of 2", "Player 2").is_none());
    assert!(own("Player 12 buys the Italy 9 bond", "Player 1").is_none());
    assert!(own("France draws an event card", "Britain").is_none());
}

#[test]
fn imperial2030_prompts_agree_with_their_reader() {
    read_every_count("imperial2030", 3000);
}

#[test]
fn imperial_struggle_prompts_agree_with_their_reader() {
    read_every_count("imperial-struggle", 3000);
}

#[test]
fn virgin_queen_prompts_agree_with_their_reader() {
    read_every_count("virgin-queen", 3000);
}

#[test]
fn endeavor_prompts_agree_with_their_reader() {
    read_every_count("endeavor", 3000);
}

#[test]
fn brazil_imperial_prompts_agree_with_their_reader() {
    read_every_count("brazil-imperial", 3000);
}
