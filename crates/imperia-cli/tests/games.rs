//! `imperia games`: the games hosted, and with `--options` the variant options `--config` takes.

use std::process::Command;

fn imperia(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_imperia")).args(args).output().expect("the binary runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn every_games_options_are_listed_with_their_values() {
    let registry = imperia_games::registry();
    let (ok, listed, _) = imperia(&["games", "--options"]);
    assert!(ok);
    for entry in registry.entries() {
        assert!(listed.contains(entry.name), "{} listed", entry.id);
        for option in entry.options {
            assert!(listed.contains(option.name) && listed.contains(option.label), "{}: {}", entry.id, option.name);
        }
    }
    assert!(listed.contains("a whole number, 1 to 7 (default 4)"), "Virgin Queen's turns: {listed}");

    let (ok, json, _) = imperia(&["games", "imperial2030", "--json"]);
    assert!(ok);
    let catalogue: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(catalogue.as_array().map(Vec::len), Some(1));
    assert_eq!(catalogue[0]["options_schema"]["properties"]["hidden_cash"]["type"], "boolean");

    let (ok, _, said) = imperia(&["games", "chess"]);
    assert!(!ok);
    assert!(said.contains("there is no game `chess`; the games are: imperial2030"), "{said}");
}

/// Issue 56: the arena takes the seats a game is played with, one included, so that Brazil's solo mode is
/// measured like any other table; a game that needs more says so in words.
#[test]
fn the_arena_plays_a_game_alone_where_its_rules_allow() {
    let (ok, json, said) = imperia(&["arena", "brazil-imperial", "--seats", "heuristic", "--games", "2", "--json"]);
    assert!(ok, "{said}");
    let report: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!((report["games"].as_u64(), report["seats"].as_u64()), (Some(2), Some(1)), "{report}");
    let win_rate = report["bots"][0]["win_rate"].as_f64().expect("a win rate");
    assert!((0.0..=1.0).contains(&win_rate), "{report}");

    let (ok, _, said) = imperia(&["arena", "endeavor", "--seats", "heuristic", "--games", "1"]);
    assert!(!ok);
    assert!(said.contains("played by 2 to 5 players, not 1"), "{said}");
}
