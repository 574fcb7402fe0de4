//! Two content sets in one process: a game holds the set it is played with, so a game with a player's own
//! files and a game with the shipped ones live side by side on one thread, each naming entries as its own
//! set does and playing by it.

use imperia_core::rng::seeded;
use imperia_core::{ContentFiles, ContentSet, Game, Viewer};
use rand::seq::IndexedRandom;

use crate::action::Action;
use crate::config::Config;
use crate::content::{Content, Power, SHIPPED};
use crate::event::Event;
use crate::state::{ImperialStruggle, Phase};

/// The shipped files with every event card renamed "Our …" and Acadia renamed Nova Scotia.
fn renamed() -> ContentSet<Content> {
    let files = ContentFiles::shipped(SHIPPED);
    let cards = files.text("cards.toml").replace("\nname = \"", "\nname = \"Our ");
    let spaces = files.text("spaces.toml").replace("name = \"Acadia\"", "name = \"Nova Scotia\"");
    assert!(spaces.contains("Nova Scotia"), "the test's pattern is not in spaces.toml");
    let files = files.with_file("cards.toml", cards).and_then(|f| f.with_file("spaces.toml", spaces));
    ContentSet::load(files.expect("shipped file names")).expect("renamed content passes the checks")
}

/// `text` of the renamed set with the shipped names back: what the shipped set's game says in its place
/// (columns padded to other widths aside).
fn shipped_words(text: &str) -> String {
    let text = text.replace("Our ", "").replace("Nova Scotia", "Acadia");
    text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn two_content_sets_live_side_by_side() {
    let shipped = ContentSet::<Content>::shipped();
    let ours = renamed();
    assert!(ours != shipped && ours.fingerprint().is_some_and(|f| f.contains("cards.toml")));
    assert_eq!(ours.space_by_id("acadia").map(|s| ours.space(s).name.as_str()), Some("Nova Scotia"));
    assert_eq!(shipped.space_by_id("acadia").map(|s| shipped.space(s).name.as_str()), Some("Acadia"));

    let config = Config::default();
    let mut mine = ImperialStruggle::setup(&config, &ours, 7).expect("setup");
    let mut other = ImperialStruggle::setup(&config, &shipped, 7).expect("setup");
    assert!(mine.content() == &ours && other.content() == &shipped);

    // The game's own words use its own set, whichever set the host has in scope.
    let britain = Viewer::Seat(Power::Britain.seat());
    let summary = {
        let _wrong = shipped.enter();
        mine.summary(britain)
    };
    assert!(summary.contains("Your hand:\n  Our "), "{summary}");
    let plain = {
        let _wrong = ours.enter();
        other.summary(britain)
    };
    assert!(!plain.contains("Our "), "{plain}");
    assert_eq!(shipped_words(&summary), shipped_words(&plain));

    // Values are written, read and shown with the set in scope: a host enters the game's set.
    let hand = mine.view(britain).powers[Power::Britain.index()].hand.clone().expect("Britain sees its hand");
    let drawn = Event::CardDrawn { power: Power::Britain, card: Some(hand[0]) };
    let shown = {
        let _ours = ours.enter();
        drawn.to_string()
    };
    assert!(shown.starts_with("Britain draws Our "), "{shown}");
    assert_eq!(drawn.to_string(), shipped_words(&shown), "outside any scope, the shipped set names entries");
    let json = {
        let _ours = ours.enter();
        serde_json::to_string(&mine).expect("a state is JSON")
    };
    let back: ImperialStruggle = {
        let _ours = ours.enter();
        serde_json::from_str(&json).expect("the state reads back")
    };
    assert!(back == mine && back.content() == &ours, "a state read in its set's scope takes that set");
    let outside: ImperialStruggle = serde_json::from_str(&json).expect("the state reads back");
    assert!(outside.content() == &shipped, "outside any scope, a state read back takes the shipped set");

    // Both play on, each by its own set: names change no rule, so the same actions keep them in step, and
    // each says what happened in its own names.
    let mut rng = seeded(11);
    let mut refusals = 0;
    let mut renamed_lines = 0;
    for _ in 0..1500 {
        let Some(&seat) = mine.to_act().seats().first() else { break };
        let legal = mine.legal_actions(seat);
        assert_eq!(legal, other.legal_actions(seat));
        // A refusal naming a card is put in the refusing game's words.
        if let Phase::Actions(t) = &mine.phase
            && mine.tasks.is_empty()
            && t.tile.is_some()
            && let Some(&card) = mine.power(t.active.opponent()).hand.first()
        {
            let a = Action::PlayEvent(card);
            let _wrong = shipped.enter();
            let (e, plain) = (mine.apply(seat, &a).expect_err("not in hand"), other.apply(seat, &a).expect_err("same"));
            assert!(e.message.starts_with("Our "), "{e}");
            assert_eq!(shipped_words(&e.message), plain.message);
            refusals += 1;
        }
        let a = legal.choose(&mut rng).expect("a legal action").clone();
        assert_eq!(shipped_words(&mine.describe(&a)), other.describe(&a));
        let (step, plain) = (mine.apply(seat, &a).expect("legal"), other.apply(seat, &a).expect("legal"));
        assert_eq!(step.events.len(), plain.events.len());
        for (e, p) in step.events.iter().zip(&plain.events) {
            let line = {
                let _ours = ours.enter();
                e.to_string()
            };
            assert_eq!(shipped_words(&line), p.to_string());
            renamed_lines += usize::from(line != p.to_string());
        }
        assert_eq!(mine.vp(), other.vp());
    }
    assert!(refusals > 0 && renamed_lines > 0, "{refusals} refusals, {renamed_lines} renamed log lines");
    assert!(mine.content() == &ours && other.content() == &shipped && mine.clone().content() == &ours);
}

/// Issue 13, item 9: every space has a name that tells it apart (four pairs of Europe spaces once read
/// alike: "Austria (prestige, 3)" twice), and a content set where two spaces share a name is refused.
#[test]
fn every_space_has_a_name_of_its_own() {
    // Ruling S3 (space names).
    let shipped = ContentSet::<Content>::shipped();
    let mut names: Vec<&str> = shipped.spaces.iter().map(|s| s.name.as_str()).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(names.len(), before, "two shipped spaces share a name");

    let files = ContentFiles::shipped(SHIPPED);
    let twins = files.text("spaces.toml").replace("name = \"Austria (prestige B)\"", "name = \"Austria (prestige A)\"");
    let files = files.with_file("spaces.toml", twins).expect("a shipped file name");
    let refused = ContentSet::<Content>::load(files).expect_err("twin names are refused");
    assert!(
        refused.to_string().contains("austria_4") && refused.to_string().contains("tell spaces apart"),
        "{refused}"
    );
}
