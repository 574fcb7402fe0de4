//! The Silent Fleet game that froze (issue 53): a two-player game, seed 7, in which every Silent Fleet disc
//! was on the board when Blue occupied New York. The engine still opened the fleet's answer, listed
//! eleven cities for it and refused each one ("the Silent Fleet has no disc left"), and Pass with them, so
//! nobody could move. The 204 actions that reach it are kept in `../shared/cases/`, beside the repository.
//! They were played on the content of rules version 1, before tuning 10 shortened the shipping tracks and
//! gave the Shipyard a second Ship; `content-rules-1/` keeps the two files that changed, as they were.

use std::path::Path;

use endeavor::{Action, Config, Content, Endeavor};
use imperia_core::{ContentFiles, ContentSet, Game, GameContent, Seat, Viewer};
use rand::seq::IndexedRandom;

/// One line of the case file: a seat and its action, as `imperia apply` reads them.
#[derive(serde::Deserialize)]
struct Line {
    seat: Seat,
    action: serde_json::Value,
}

/// Every action listed for the seat to act applies (on a copy): the position cannot freeze.
fn every_listed_action_applies(g: &Endeavor) {
    let to_act = g.to_act();
    for &seat in to_act.seats() {
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "seat {seat} is to act and has nothing listed: {}", g.prompt(Viewer::Seat(seat)));
        for a in &legal {
            if let Err(e) = g.clone().apply(seat, a) {
                panic!("{a} is listed and refused: {e}");
            }
        }
    }
}

/// Ruling E10: with its 35 discs on the board the Silent Fleet places nothing, so an answer with nowhere to
/// go is skipped; after the 204 actions a listed action applies and the game plays on to its end.
#[test]
fn ruling_e10_a_fleet_out_of_discs_does_not_freeze_the_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cases/endeavor-silent-fleet-freeze.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/content-rules-1");
    let files = ContentFiles::shipped(Content::FILES).replaced_from(&dir).expect("the content of rules version 1");
    let content = ContentSet::<Content>::load(files).expect("it loads");
    let _scope = content.enter();
    let options = serde_json::json!({ "silent_fleet": true });
    let config: Config = Endeavor::configure(2, options.as_object().expect("an object")).expect("a config");
    let mut g = Endeavor::setup(&config, &content, 7).expect("a game");
    let lines: Vec<Line> = text.lines().map(|l| serde_json::from_str(l).expect("a line of the case")).collect();
    assert_eq!(lines.len(), 204);
    for (i, line) in lines.iter().enumerate() {
        let action: Action = serde_json::from_value(line.action.clone()).expect("an action");
        if let Err(e) = g.apply(line.seat, &action) {
            panic!("action {} ({action}) is refused: {e}", i + 1);
        }
    }
    assert_eq!(g.fleet_supply, 0, "the case's position: every fleet disc is on the board");
    assert!(g.reaction.is_none(), "no answer is opened for a fleet with no disc to place");
    let mut rng = imperia_core::rng::seeded(53);
    let mut steps = 0;
    while g.outcome().is_none() {
        every_listed_action_applies(&g);
        let seat = g.to_act().seats()[0];
        let legal = g.legal_actions(seat);
        let a = *legal.choose(&mut rng).expect("an action");
        g.apply(seat, &a).unwrap_or_else(|e| panic!("{a}: {e}"));
        steps += 1;
        assert!(steps < 2_000, "the game must end");
    }
    assert_eq!(g.round, 7);
}
