//! The conformance harness (ARCHITECTURE §3) on seeded random complete games of Imperial Struggle: 300 games
//! in four batches (so the test threads share them), every check at every step, with the game's invariants
//! (flags, squadrons, war tiles, event cards, investment tiles, debt and VP bounds). Set
//! `IMPERIA_CONFORMANCE_GAMES` to play more per batch in a long soak.

use imperia_core::conformance::{Options, games_per_batch, run};
use imperial_struggle::ImperialStruggle;

fn batch(seed: u64) {
    let games = games_per_batch(75);
    match run::<ImperialStruggle>(&Options { games, seed, refusals_per_step: 2 }) {
        Ok(report) => println!("batch {seed}: {report}"),
        Err(f) => panic!("{f}"),
    }
}

#[test]
fn random_games_keep_the_contract_batch_1() {
    batch(1);
}

#[test]
fn random_games_keep_the_contract_batch_2() {
    batch(2);
}

#[test]
fn random_games_keep_the_contract_batch_3() {
    batch(3);
}

#[test]
fn random_games_keep_the_contract_batch_4() {
    batch(4);
}
