//! Games already being played when the rules change. `tests/records/` keeps, for every game, a record of a
//! game in progress saved under the rules of its day (`<game>-rules-<version>.json`). Each must still load:
//! replayed and verified if its rules are today's, or played again under today's rules with a report of
//! what changed, where the game first differs from the one recorded, and which steps (if any) today's rules
//! refuse; and the game must then play on to its end.

use std::path::Path;

use imperia_core::{Record, ToAct};
use rand::seq::IndexedRandom;

/// Random steps after which a game that has not ended counts as stuck.
const MAX_STEPS: usize = 100_000;

#[test]
fn every_saved_record_of_earlier_rules_loads_and_plays_on() {
    let registry = imperia_games::registry();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut games_seen = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("tests/records").flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let name = path.display().to_string();
        let record: Record = serde_json::from_str(&std::fs::read_to_string(&path).expect("readable")).expect(&name);
        let entry = registry.get(&record.game).unwrap_or_else(|| panic!("{name}: no game `{}`", record.game));
        games_seen.push(entry.id);
        let (mut m, migration) = (entry.migrate)(&record, &(entry.shipped)()).unwrap_or_else(|e| panic!("{name}: {e}"));
        match migration {
            None => assert_eq!(record.rules_version, entry.rules_version, "{name}"),
            Some(migration) => {
                assert_eq!((migration.from, migration.to), (record.rules_version, entry.rules_version), "{name}");
                for version in record.rules_version + 1..=entry.rules_version {
                    assert!(
                        entry.rules_changes.iter().any(|(v, _)| *v == version),
                        "{name}: rules version {version} of {} lists no change (Game::RULES_CHANGES)",
                        entry.id
                    );
                }
                assert_eq!(migration.replayed + migration.set_aside.len(), record.actions.len(), "{name}");
                assert_eq!(m.record().actions.len(), migration.replayed, "{name}");
                println!(
                    "{name}: {} of {} steps replayed\n{}\n",
                    migration.replayed,
                    record.actions.len(),
                    migration.report()
                );
            }
        }
        play_to_the_end(m.as_mut(), &name);
    }
    for entry in registry.entries() {
        assert!(games_seen.contains(&entry.id), "no saved record of {} in tests/records", entry.id);
    }
}

/// Uniformly random legal actions until the game ends: a loaded game is never stuck.
fn play_to_the_end(m: &mut dyn imperia_core::DynMatch, name: &str) {
    let mut rng = imperia_core::rng::seeded(7);
    for _ in 0..MAX_STEPS {
        let seats = match m.to_act() {
            ToAct::Nobody => {
                assert!(m.outcome().is_some(), "{name}: over without an outcome");
                return;
            }
            ToAct::Seats(seats) => seats,
        };
        let seat = *seats.choose(&mut rng).expect("a seat to act");
        let legal = m.legal_actions(seat);
        let choice = legal.choose(&mut rng).unwrap_or_else(|| panic!("{name}: seat {seat} must act but has no action"));
        m.apply(seat, &choice.action).unwrap_or_else(|e| panic!("{name}: listed {} refused: {e}", choice.label));
    }
    panic!("{name}: no end within {MAX_STEPS} random steps");
}
