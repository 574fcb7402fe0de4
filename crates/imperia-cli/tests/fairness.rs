//! Fair play in rated games (issue 54): while a rated game runs, its record goes only to its players, and
//! Imperia's search helps nobody with it — no hints and no review for a copy that has been in one of its
//! positions, however the copy was made — until it ends.
//!
//! Every test runs against SQLite, and against PostgreSQL when `IMPERIA_TEST_POSTGRES` is set.

mod common;

use common::*;
use serde_json::{Value, json};

/// A new game of Endeavor (which hides nothing) for `client` at seat 0 against the easy bot; its id.
fn endeavor(client: &mut Client, rated: bool) -> i64 {
    let (status, created) =
        client.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": rated }));
    assert_eq!(status, 201, "{created}");
    created["id"].as_i64().expect("an id")
}

/// Import `record` with `client` at seat 0 and the easy bot at seat 1; the new game's id.
fn import(client: &mut Client, record: &Value) -> i64 {
    let (status, created) = client.post("/api/games/import", json!({ "record": record, "seats": ["human", "easy"] }));
    assert_eq!(status, 201, "{created}");
    created["id"].as_i64().expect("an id")
}

/// Ask for hints at `client`'s decision in `game`: the status and the answer.
fn hint(client: &mut Client, game: i64) -> (u16, Value) {
    let state = wait_for_turn(client, game);
    assert_eq!(state["finished"], false, "{state}");
    client.post(&format!("/api/games/{game}/hint"), json!({ "version": state["version"] }))
}

/// Play seat 0's first legal action `steps` times (the bot answering in between).
fn play(client: &mut Client, game: i64, steps: usize) {
    for _ in 0..steps {
        let state = wait_for_turn(client, game);
        let (status, body) = client.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
    }
}

#[test]
fn a_running_rated_game_gets_no_help() {
    for storage in backends("fairness") {
        a_running_rated_game_gets_no_help_on(&storage);
    }
}

fn a_running_rated_game_gets_no_help_on(storage: &Storage) {
    let server = Server::start(storage);
    let (mut rita, mut mallory) = (Client::new(&server), Client::new(&server));
    rita.signup("rita");
    mallory.signup("mallory");
    let rated = endeavor(&mut rita, true);
    // Past the opening, which many games share (a casual game that only shares it is helped: below).
    play(&mut rita, rated, 10);
    wait_for_turn(&rita, rated);

    // The record of the rated game under way goes to its players only; spectators still watch its log.
    let path = format!("/api/games/{rated}/record");
    let (status, body) = mallory.get(&path);
    assert_eq!(status, 403, "a spectator gets no record of a rated game under way: {body}");
    assert!(body["error"].as_str().unwrap_or("").contains("rated and under way"), "{body}");
    assert_eq!(mallory.get(&format!("/api/games/{rated}/log")).0, 200, "the log is still there to watch");
    let (status, record) = rita.get(&path);
    assert_eq!(status, 200, "{record}");

    // A copy of it, imported by anyone with the record (here, from a player): no hints at the seat to move.
    let copy = import(&mut mallory, &record);
    let (status, body) = hint(&mut mallory, copy);
    assert_eq!(status, 403, "no hints for a copy of a running rated game: {body}");
    assert!(body["error"].as_str().unwrap_or("").contains("rated game still being played"), "{body}");
    // Cut short, its keys in another order and its hashes dropped, it is the same game.
    let mut cut = record.clone();
    let actions = cut["actions"].as_array_mut().expect("actions");
    actions.pop();
    for action in actions.iter_mut() {
        *action = json!({ "hash": "", "action": action["action"], "seat": action["seat"] });
    }
    let shortened = import(&mut mallory, &cut);
    let (status, body) = hint(&mut mallory, shortened);
    assert_eq!(status, 403, "a copy cut short is still a copy: {body}");
    // A game that shares no position with it is helped as before.
    let casual = endeavor(&mut mallory, false);
    let (status, body) = hint(&mut mallory, casual);
    assert_eq!(status, 200, "another casual game gets its hints: {body}");

    // Imperial 2030 deals nothing at the start: every game of it opens alike, and a casual one is no copy
    // of a rated one running beside it.
    let (_, opened) = rita.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "easy"] }));
    let opened = opened["id"].as_i64().expect("an id");
    play(&mut rita, opened, 2);
    let (_, alike) =
        mallory.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "easy"], "rated": false }));
    let (status, body) = hint(&mut mallory, alike["id"].as_i64().expect("an id"));
    assert_eq!(status, 200, "a casual game that shares only the opening gets its hints: {body}");

    // Played on to its end, the copy gets no review either while the rated game runs.
    play_out(&mut mallory, shortened);
    let review = format!("/api/games/{shortened}/review");
    let (status, body) = mallory.post(&review, json!({}));
    assert_eq!(status, 403, "no review of a copy while the rated game runs: {body}");

    // Once the rated game is over, the copies get their hints and reviews.
    play_out(&mut rita, rated);
    let (status, body) = hint(&mut mallory, copy);
    assert_eq!(status, 200, "{body}");
    assert!(body["hints"].as_array().is_some_and(|h| !h.is_empty()), "{body}");
    let (status, body) = mallory.post(&review, json!({}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(Client::new(&server).get(&path).0, 200, "the finished game's record is anyone's");
}
