//! Action numbers ([`imperia_core::numbering`]) of every hosted game: the action space at each player count
//! with the shipped content and default options (the figures of `docs/action-numbers.md`), each game's layout
//! as the table that page shows, and what `legal_numbers` costs beside `legal_actions`. Conformance check 11
//! proves the numbers themselves in every state the harness visits.

use std::time::{Duration, Instant};

use imperia_core::options::check_options;
use imperia_core::{DynMatch, Game, Match};
use rand::{Rng, SeedableRng};

/// The most numbers a game may have: OpenSpiel allocates arrays of the action space's size per state.
const MOST: usize = 100_000;

/// The games numbered so far.
const NUMBERED: &[&str] = &["endeavor", "imperial2030", "imperial-struggle", "virgin-queen", "brazil-imperial"];

fn start(game: &str, seats: usize, seed: u64) -> Box<dyn DynMatch> {
    let registry = imperia_games::registry();
    let entry = registry.get(game).unwrap_or_else(|| panic!("no game `{game}`"));
    let config = (entry.configure)(seats, &serde_json::json!({})).unwrap_or_else(|e| panic!("{game}: {e}"));
    (entry.start)(&config, seed, &(entry.shipped)()).unwrap_or_else(|e| panic!("{game}: {e}"))
}

#[test]
fn every_game_numbers_its_actions_in_a_space_of_its_config() {
    let registry = imperia_games::registry();
    for &game in NUMBERED {
        let entry = registry.get(game).expect("registered");
        for seats in entry.seats.0..=entry.seats.1 {
            let space = start(game, seats, 1).action_space();
            println!("{game}, {seats} players: {space} action numbers");
            assert!(space > 0 && space < MOST, "{game} at {seats} players numbers {space} actions");
            assert_eq!(start(game, seats, 2).action_space(), space, "{game}: the space hangs on the seed");
        }
    }
}

/// A game of `G` at `seats` players with the default options and the shipped content.
fn typed<G: Game>(seats: usize) -> G {
    let options = check_options::<G>(&serde_json::Value::Null).expect("the defaults");
    let config = G::configure(seats, &options).expect("a config");
    Match::<G>::new(config, 1).expect("setup").state().clone()
}

/// Prints each game's layout (`cargo test -p imperia-games --test action_numbers layouts -- --nocapture`),
/// as `docs/action-numbers.md` shows it, and checks each table covers the whole space.
#[test]
fn the_layouts_as_docs_show_them() {
    let tables = [
        ("endeavor", typed::<endeavor::Endeavor>(2).numbering()),
        ("imperial2030", typed::<imperial2030::Imperial2030>(2).numbering()),
        ("imperial-struggle", typed::<imperial_struggle::ImperialStruggle>(2).numbering()),
        ("virgin-queen", typed::<virgin_queen::VirginQueen>(2).numbering()),
        ("brazil-imperial", typed::<brazil_imperial::Brazil>(2).numbering()),
    ];
    for (game, layout) in tables {
        println!("### {game}\n\n{}", layout.table());
        assert!(layout.table().contains(&format!("**{}**", layout.size())));
    }
}

/// Calls timed per state, for a steadier figure on a shared machine.
const REPEATS: u32 = 10;

/// The time of `legal_actions` (JSON and labels, as hosts call it) and of `legal_numbers` over the states of
/// random games, per state: what OpenSpiel pays for numbers beyond what a host pays for actions.
#[test]
fn what_legal_numbers_cost_beside_legal_actions() {
    for &game in NUMBERED {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut actions, mut numbers, mut states) = (Duration::ZERO, Duration::ZERO, 0u32);
        for seed in 0..3 {
            let mut m = start(game, 2, seed);
            while let Some(&seat) = m.to_act().seats().first() {
                let t = Instant::now();
                for _ in 1..REPEATS {
                    m.legal_actions(seat);
                }
                let legal = m.legal_actions(seat);
                actions += t.elapsed();
                let t = Instant::now();
                for _ in 1..REPEATS {
                    m.legal_numbers(seat);
                }
                let listed = m.legal_numbers(seat);
                numbers += t.elapsed();
                assert_eq!(listed.len(), legal.len(), "{game}: one number per legal action");
                states += 1;
                let number = listed[rng.random_range(0..listed.len())];
                m.apply_number(seat, number).unwrap_or_else(|e| panic!("{game}: legal number {number}: {e}"));
            }
        }
        println!(
            "{game}: {states} states; per state legal_actions {:.1} µs, legal_numbers {:.1} µs",
            actions.as_secs_f64() * 1e6 / f64::from(states * REPEATS),
            numbers.as_secs_f64() * 1e6 / f64::from(states * REPEATS)
        );
    }
}
