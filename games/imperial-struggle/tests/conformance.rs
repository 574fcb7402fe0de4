//! The conformance harness (ARCHITECTURE §3) on seeded random complete games of Imperial Struggle.

use imperia_core::conformance::{Options, run};
use imperial_struggle::ImperialStruggle;

#[test]
fn random_games_keep_the_contract() {
    let games = std::env::var("IS_CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(4);
    let seed = std::env::var("IS_CONFORMANCE_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    match run::<ImperialStruggle>(&Options { games, seed, refusals_per_step: 2 }) {
        Ok(report) => println!("{report}"),
        Err(f) => panic!("{f}"),
    }
}
