//! The conformance harness (`imperia_core::conformance`) on every hosted game, through the registry: one
//! line per batch. Batches are sized for CI (two per game, so the test threads share them); long soaks are
//! `imperia fuzz <game> --seconds N`, and `IMPERIA_CONFORMANCE_GAMES` sets the games per batch here.

use imperia_core::conformance::{Options, games_per_batch};

/// A batch of a game with hidden information: its secrecy check must really change what each viewer may
/// not see.
fn batch(game: &str, seed: u64, games: usize) {
    let report = run_batch(game, seed, games);
    assert!(report.secrecy_perturbations > 0 && report.blind_steps > 0, "{report}");
}

/// A batch of a game without hidden information: its secrecy check runs on every view but has nothing to
/// perturb, which the report must show.
fn perfect_information_batch(game: &str, seed: u64, games: usize) {
    let report = run_batch(game, seed, games);
    assert!(report.secrecy_checks > 0 && report.secrecy_perturbations == 0, "{report}");
    assert!(report.determinizations > 0, "{report}");
}

/// Play `games` seeded random games of `game` (or `IMPERIA_CONFORMANCE_GAMES`), every check at every step.
fn run_batch(game: &str, seed: u64, games: usize) -> imperia_core::conformance::Report {
    let registry = imperia_games::registry();
    let entry = registry.get(game).unwrap_or_else(|| panic!("no game `{game}`"));
    let fuzz = entry.fuzz.unwrap_or_else(|| panic!("{game} has no conformance harness"));
    let games = games_per_batch(games);
    let options = Options { games, seed, refusals_per_step: 2 };
    let report = fuzz(&options, &mut |_| true).unwrap_or_else(|failure| panic!("{failure}"));
    println!("{game} batch {seed}: {report}");
    assert_eq!(report.games, games);
    assert!(report.undos_checked > 0 && report.refusals_checked > 0, "{report}");
    report
}

#[test]
fn every_game_has_a_conformance_harness() {
    for entry in imperia_games::registry().entries() {
        assert!(entry.fuzz.is_some(), "{} is registered without its conformance harness", entry.id);
    }
}

#[test]
fn imperial2030_batch_1() {
    batch("imperial2030", 1, 50);
}

#[test]
fn imperial2030_batch_2() {
    batch("imperial2030", 2, 50);
}

#[test]
fn imperial_struggle_batch_1() {
    batch("imperial-struggle", 1, 30);
}

#[test]
fn imperial_struggle_batch_2() {
    batch("imperial-struggle", 2, 30);
}

#[test]
fn virgin_queen_batch_1() {
    batch("virgin-queen", 1, 10);
}

#[test]
fn virgin_queen_batch_2() {
    batch("virgin-queen", 2, 10);
}

#[test]
fn endeavor_batch_1() {
    perfect_information_batch("endeavor", 1, 40);
}

#[test]
fn endeavor_batch_2() {
    perfect_information_batch("endeavor", 2, 40);
}

#[test]
fn brazil_imperial_batch_1() {
    batch("brazil-imperial", 1, 40);
}

#[test]
fn brazil_imperial_batch_2() {
    batch("brazil-imperial", 2, 40);
}
