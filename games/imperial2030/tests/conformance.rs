//! The conformance harness (ARCHITECTURE.md §3) on Imperial 2030: seeded random games over 2–6 players and
//! every variant, with Imperial 2030's own invariants checked at every step. The 500 games are split in
//! four seeded batches so the test runner can spread them over the cores.

use imperia_core::conformance::{Options, Report, games_per_batch, run};
use imperial2030::Imperial2030;

/// One batch of 125 games (`IMPERIA_CONFORMANCE_GAMES` overrides it for long soaks or quick checks).
fn batch(seed: u64) -> Report {
    let games = games_per_batch(125);
    let report = run::<Imperial2030>(&Options { games, seed, refusals_per_step: 2 }).unwrap_or_else(|f| panic!("{f}"));
    println!("conformance batch {seed}: {report}");
    assert_eq!(report.games, games);
    assert!(report.secrecy_perturbations > 0, "the hidden-cash secrecy check never ran");
    assert!(report.undos_checked > 0 && report.refusals_checked > 0);
    report
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
