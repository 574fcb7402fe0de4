//! The conformance harness (`imperia_core::conformance`) on every hosted game, through the registry: one
//! line per batch. Each game has two batches of random games and a deep batch of bot-driven games played to
//! their end (the heuristic bot in every seat, then heuristic and random bots mixed), which reach the late
//! positions random play seldom does. Batches are sized for CI; long soaks are `imperia fuzz <game>
//! [--bots heuristic] --seconds N`, and `IMPERIA_CONFORMANCE_GAMES` sets the games per batch here.

use imperia_bots::BotSpec;
use imperia_core::conformance::{Options, Report, games_per_batch};

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
    let options = Options { games, seed, refusals_per_step: 2, seats: None };
    let report = fuzz(&options, &mut |_| true).unwrap_or_else(|failure| panic!("{failure}"));
    println!("{game} batch {seed}: {report}");
    assert_eq!(report.games, games);
    assert!(report.undos_checked > 0 && report.refusals_checked > 0, "{report}");
    report
}

/// Bot-driven games of `game`, every check at every step: `games` with the heuristic bot in every seat, then
/// as many with each seat's bot drawn from heuristic and random. Every one must end by the game's rules,
/// except in a game that keeps a limit of ours (Brazil's round limit, ruling B63), where the heuristic games
/// must end by the rules at least `by_rules` of the time, and the mixed ones are only reported: seats that
/// all play at random never complete the cards that end the game.
fn deep_batch(game: &str, seed: u64, games: usize, by_rules: f64) {
    let deep = imperia_games::bots_for(game).and_then(|b| b.fuzz).unwrap_or_else(|| panic!("{game}: no deep harness"));
    let games = games_per_batch(games);
    for pool in ["heuristic", "heuristic,random"] {
        let bots: Vec<BotSpec> = pool.split(',').map(|b| b.parse().expect("a bot")).collect();
        let options = Options { games, seed, refusals_per_step: 1, seats: None };
        let report: Report = deep(&options, &bots, &mut |_| true).unwrap_or_else(|failure| panic!("{failure}"));
        println!("{game} deep batch {seed} ({pool}): {report}");
        assert_eq!(report.games, games);
        let floor = if by_rules >= 1.0 {
            games
        } else if pool == "heuristic" {
            (by_rules * games as f64).ceil() as usize
        } else {
            0
        };
        assert!(report.ended_by_rules() >= floor, "fewer than {floor} ended by the rules: {report}");
        assert!(report.undos_checked > 0 && report.refusals_checked > 0, "{report}");
    }
}

#[test]
fn every_game_has_a_conformance_harness() {
    for entry in imperia_games::registry().entries() {
        assert!(entry.fuzz.is_some(), "{} is registered without its conformance harness", entry.id);
        let bots = imperia_games::bots_for(entry.id);
        assert!(bots.and_then(|b| b.fuzz).is_some(), "{} has no conformance harness for bots", entry.id);
    }
}

#[test]
fn imperial2030_deep() {
    deep_batch("imperial2030", 3, 6, 1.0);
}

#[test]
fn imperial_struggle_deep() {
    deep_batch("imperial-struggle", 3, 6, 1.0);
}

#[test]
fn virgin_queen_deep() {
    deep_batch("virgin-queen", 3, 3, 1.0);
}

#[test]
fn endeavor_deep() {
    deep_batch("endeavor", 3, 10, 1.0);
}

#[test]
fn brazil_imperial_deep() {
    // Heuristic games ended by a complete card in all 200 at each of 2, 3 and 4 players (`imperia fuzz
    // --seed 53`; docs/rules/brazil-imperial.md §3.6, tuning 3); a batch of six may lose one to the limit.
    deep_batch("brazil-imperial", 3, 6, 0.8);
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
