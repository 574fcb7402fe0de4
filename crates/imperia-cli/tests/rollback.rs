//! Consensual rollback through the API (issue 15 item 12): a player proposes going back past the rules'
//! commit points, every seat must agree, a move or a refusal ends the proposal, bad proposals are refused
//! saying why and change nothing, and what was agreed survives a restart in the state, the log and the
//! record. Against bots in a casual game the bots agree; a rated game with a bot never goes back; going
//! back past something hidden coming to light needs everyone to agree knowing it.

mod common;

use common::{Client, Server, Storage, backends, wait_for_turn};
use serde_json::{Value, json};

#[test]
fn every_seat_must_agree_to_go_back() {
    for storage in backends("rollback") {
        every_seat_must_agree_on(&storage);
    }
}

#[test]
fn bots_agree_in_casual_games_only_and_what_came_to_light_is_acknowledged() {
    for storage in backends("rollback-bots") {
        against_bots_on(&storage);
    }
}

fn state(who: &Client, game: i64) -> Value {
    let (status, state) = who.get(&format!("/api/games/{game}"));
    assert_eq!(status, 200, "{state}");
    state
}

/// The seat to act makes its first legal move; returns the new state as `players[0]` sees it.
fn step(players: &mut [Client], game: i64) -> Value {
    let seat = state(&players[0], game)["to_act"][0].as_u64().expect("someone acts") as usize;
    let mine = state(&players[seat], game);
    let (status, body) = players[seat].post(
        &format!("/api/games/{game}/actions"),
        json!({ "version": mine["version"], "action": mine["legal_actions"][0]["action"] }),
    );
    assert_eq!(status, 200, "{body}");
    state(&players[0], game)
}

fn propose(who: &mut Client, game: i64, version: &Value, to: Value, informed: bool) -> (u16, Value) {
    who.post(&format!("/api/games/{game}/rollback"), json!({ "version": version, "to_step": to, "informed": informed }))
}

fn answer(who: &mut Client, game: i64, version: &Value, agree: bool) -> (u16, Value) {
    who.post(&format!("/api/games/{game}/rollback/answer"), json!({ "version": version, "agree": agree }))
}

/// Rita makes her first legal decision once she is to act, again if the bot moved the game on meanwhile;
/// returns the state once she is to act again.
fn decide(rita: &mut Client, game: i64) -> Value {
    loop {
        let now = wait_for_turn(rita, game);
        let (status, body) = rita.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": now["version"], "action": now["legal_actions"][0]["action"] }),
        );
        if status == 200 {
            return wait_for_turn(rita, game);
        }
        assert_eq!(status, 409, "{body}");
    }
}

fn every_seat_must_agree_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let mut boris = Client::new(&server);
    boris.signup("boris");
    let mut carla = Client::new(&server);
    carla.signup("carla");
    let (status, created) =
        anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "human"], "rated": false }));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    assert_eq!(boris.post(&format!("/api/games/{game}/join"), json!({})).0, 200);
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    let mut players = [anton, boris];
    let mut now = state(&players[0], game);
    while now["steps"].as_u64() < Some(6) {
        now = step(&mut players, game);
    }
    let [anton, boris] = &mut players;
    let v = now["version"].clone();
    let steps = now["steps"].as_u64().expect("steps");

    // Refused, saying why, and nothing changes: a spectator, a step not before now, a number out of range,
    // and an answer with no proposal open.
    let (status, e) = propose(&mut carla, game, &v, json!(1), false);
    assert_eq!(status, 403, "{e}");
    let (status, e) = propose(anton, game, &v, json!(steps), false);
    assert_eq!(status, 422, "{e}");
    assert!(e["error"].as_str().unwrap_or("").contains("is not before now"), "{e}");
    assert_eq!(propose(anton, game, &v, json!(-1), false).0, 400, "a negative step is not read");
    assert_eq!(propose(anton, game, &v, json!(u64::MAX), false).0, 422);
    let (status, e) = answer(boris, game, &v, true);
    assert_eq!(status, 404, "{e}");
    assert!(e["error"].as_str().unwrap_or("").contains("no proposal"), "{e}");
    assert_eq!(state(anton, game)["version"], v, "the refusals changed nothing");
    assert!(state(anton, game)["rollback"].is_null());

    // A proposal, which everyone sees; a second one waits for the first.
    let (status, done) = propose(anton, game, &v, json!(2), false);
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["rolled_back"], false, "boris has not agreed");
    let open = state(&carla, game)["rollback"].clone();
    assert_eq!((open["to_step"].as_u64(), open["from_step"].as_u64()), (Some(2), Some(steps)), "{open}");
    assert_eq!(open["agreed"], json!([0]));
    assert!(open["revealed_at"].is_null(), "Imperial 2030 hides nothing here: {open}");
    assert_eq!(propose(boris, game, &v, json!(1), false).0, 409);

    // A move ends it: a proposal holds only for the moment it was made.
    let mut players = [anton.clone(), boris.clone()];
    now = step(&mut players, game);
    assert!(now["rollback"].is_null(), "the game moved on: {now}");
    let [anton, boris] = &mut players;

    // So does one refusal.
    let v = now["version"].clone();
    assert_eq!(propose(anton, game, &v, json!(2), false).0, 200);
    assert_eq!(answer(boris, game, &v, false).1["rolled_back"], false);
    assert!(state(anton, game)["rollback"].is_null());

    // Everyone agrees: the game stands after step 2, one version on.
    let from = now["steps"].as_u64().expect("steps");
    assert_eq!(propose(boris, game, &v, json!(2), false).0, 200);
    // It survives a restart while open.
    server.kill();
    let server = Server::start(storage);
    let (anton, boris) = (
        &mut Client { base: server.base.clone(), ..anton.clone() },
        &mut Client { base: server.base.clone(), ..boris.clone() },
    );
    assert_eq!(state(anton, game)["rollback"]["proposed_by"], 1, "the open proposal was kept");
    let (status, done) = answer(anton, game, &v, true);
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["rolled_back"], true);
    let after = state(boris, game);
    assert_eq!(after["steps"], 2);
    assert_eq!(after["version"].as_i64(), v.as_i64().map(|v| v + 1));
    assert!(after["rollback"].is_null());
    let agreed = &after["rollbacks"][0];
    assert_eq!((agreed["from_step"].as_u64(), agreed["to_step"].as_u64()), (Some(from), Some(2)), "{agreed}");
    assert_eq!(agreed["agreed_by"], json!([0, 1]));
    assert!(agreed.get("undone").is_none(), "the log names no action taken back: {agreed}");
    assert_eq!(boris.get(&format!("/api/games/{game}/log")).1.as_array().map(Vec::len), Some(2));

    // The record keeps the story, across a restart: what stands, and what was taken back.
    server.kill();
    let server = Server::start(storage);
    let anton = Client { base: server.base.clone(), ..anton.clone() };
    let (status, record) = anton.get(&format!("/api/games/{game}/record"));
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["actions"].as_array().map(Vec::len), Some(2));
    let undone = record["rollbacks"][0]["undone"].as_array().expect("the actions taken back");
    assert_eq!(undone.len() as u64, from - 2);
    assert_eq!(state(&anton, game)["rollbacks"].as_array().map(Vec::len), Some(1));
}

fn against_bots_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut rita = Client::new(&server);
    rita.signup("rita");

    // Rated, with a bot: the bot cannot agree, so there is no going back.
    let (_, created) = rita.post("/api/games", json!({ "game": "imperial-struggle", "seats": ["human", "random"] }));
    let rated = created["id"].as_i64().expect("an id");
    let now = wait_for_turn(&rita, rated);
    assert_eq!(now["rated"], true);
    let (status, e) = propose(&mut rita, rated, &now["version"], json!(-7), true);
    assert_eq!(status, 400, "{e}");
    let (status, e) = propose(&mut rita, rated, &now["version"], json!(0), true);
    assert_eq!(status, 403, "{e}");
    assert!(e["error"].as_str().unwrap_or("").contains("a bot cannot"), "{e}");

    // Casual: the bot agrees, so the game goes back at once. Imperial Struggle deals cards as it goes;
    // once a deal lies between now and the step proposed, the proposal must say it knows.
    let (_, created) =
        rita.post("/api/games", json!({ "game": "imperial-struggle", "seats": ["human", "random"], "rated": false }));
    let game = created["id"].as_i64().expect("an id");
    let mut now = wait_for_turn(&rita, game);
    let mut ahead = 1;
    let revealed = loop {
        // Forward by twice as many of rita's decisions as last time round, then propose going back.
        for _ in 0..ahead {
            assert!(now["finished"] != true, "the game ended before anything came to light");
            now = decide(&mut rita, game);
        }
        // The bot decides at the same time as rita at times, so a proposal may meet a newer version.
        let (status, e) = loop {
            let version = state(&rita, game)["version"].clone();
            let (status, e) = propose(&mut rita, game, &version, json!(0), false);
            if status != 409 {
                break (status, e);
            }
        };
        if status == 422 {
            break e;
        }
        // Nothing came to light yet: the bot agreed, and the game went back to its start.
        assert_eq!((status, &e["rolled_back"]), (200, &json!(true)), "{e}");
        assert!(ahead < 1024, "nothing ever came to light");
        ahead *= 2;
        now = wait_for_turn(&rita, game);
    };
    let at = revealed["revealed_at"].as_u64().expect("the step that revealed something");
    assert!(revealed["error"].as_str().unwrap_or("").contains(&format!("came to light at step {at}")), "{revealed}");
    assert!(state(&rita, game)["rollback"].is_null(), "the refusal opened nothing");
    let (status, done) = loop {
        let version = state(&rita, game)["version"].clone();
        let (status, done) = propose(&mut rita, game, &version, json!(0), true);
        if status != 409 {
            break (status, done);
        }
    };
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["rolled_back"], true);
    let back = state(&rita, game);
    let last = back["rollbacks"].as_array().and_then(|r| r.last()).expect("a rollback").clone();
    assert_eq!(last["informed"], true, "{last}");
    assert_eq!(last["agreed_by"], json!([0, 1]), "the bot agreed");
}

/// A proposal nobody answers lapses after the server's bound (one decision's time in a timed game), and
/// the game goes on; before, it stayed open for ever, and the bots it held with it. The test server's bound
/// is one second; the test waits for the lapse, not for a time.
#[test]
fn an_unanswered_proposal_lapses() {
    let storage = Storage::Sqlite(common::data_dir("rollback-lapse"));
    let server = Server::start_with(&storage, &["--rollback-answer-seconds", "1"]);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let mut boris = Client::new(&server);
    boris.signup("boris");
    let (_, created) =
        anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "human"], "rated": false }));
    let game = created["id"].as_i64().expect("an id");
    assert_eq!(boris.post(&format!("/api/games/{game}/join"), json!({})).0, 200);
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    let mut players = [anton, boris];
    let mut now = state(&players[0], game);
    while now["steps"].as_u64() < Some(2) {
        now = step(&mut players, game);
    }
    let [anton, boris] = &mut players;
    let v = now["version"].clone();
    assert_eq!(propose(anton, game, &v, json!(1), false).0, 200);
    let open = state(boris, game)["rollback"].clone();
    assert!(open["expires_at"].as_i64().is_some(), "everyone sees when it lapses: {open}");
    // Read until the sweep (each second) has ended it; a proposal that never lapses fails after 2000 reads.
    let lapsed = (0..2000)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            state(boris, game)
        })
        .find(|s| s["rollback"].is_null())
        .unwrap_or_else(|| state(boris, game));
    assert!(lapsed["rollback"].is_null(), "the proposal lapsed: {lapsed}");
    assert_eq!(lapsed["version"], v, "nothing else moved");
    let (status, e) = answer(boris, game, &v, true);
    assert_eq!(status, 404, "a late answer finds no proposal: {e}");
}
