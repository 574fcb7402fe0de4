//! The server through its API, as a client sees it: a real `imperia serve` on loopback, driven over HTTP and
//! WebSocket. A whole game played by bots and two scripted humans (one a guest with an invitation), stale
//! versions, undo, permissions, hidden information, and a SIGKILL in the middle of a game.
//!
//! Every test runs against SQLite, and against PostgreSQL when `IMPERIA_TEST_POSTGRES` names a server's
//! administrator URL (`scripts/test` starts one and sets it; CI always does).

mod common;

use common::*;
use serde_json::{Value, json};

#[test]
fn accounts_and_refusals() {
    for storage in backends("accounts") {
        accounts_and_refusals_on(&storage);
    }
}

fn accounts_and_refusals_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    assert_eq!(anton.get("/api/me").1["name"], "anton");
    let mut again = Client::new(&server);
    let (status, body) = again.post("/api/signup", json!({ "name": "anton", "password": "another password" }));
    assert_eq!((status, body["error"].as_str().is_some()), (409, true));
    let (status, body) = again.post("/api/signup", json!({ "name": "boris", "password": "short" }));
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("8 characters"));
    let (status, _) = again.post("/api/signin", json!({ "name": "anton", "password": "wrong password" }));
    assert_eq!(status, 401);
    let (status, body) = again.post("/api/signin", json!({ "name": "anton" }));
    assert_eq!(status, 400, "{body}");
    let (status, _) = again.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "random"] }));
    assert_eq!(status, 401, "creating a game needs a session");
    let (status, body) = anton.post("/api/games", json!({ "game": "chess", "seats": ["human", "random"] }));
    assert_eq!(status, 400);
    assert!(body["error"].as_str().unwrap_or("").contains("imperial2030"));
    let (status, _) = anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "genius"] }));
    assert_eq!(status, 400);
    let (status, _) = anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human"] }));
    assert_eq!(status, 400, "one seat is too few");
    let (status, _) = anton.get("/api/games/99");
    assert_eq!(status, 404);
    // Too big a body is refused.
    let (status, _) = anton.post("/api/signin", json!({ "name": "x".repeat(100_000), "password": "p" }));
    assert_eq!(status, 413);
    // Sign-in is rate limited per name.
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(again.post("/api/signin", json!({ "name": "anton", "password": "wrong password" })).0);
    }
    assert_eq!(statuses.last(), Some(&429));
    anton.post("/api/signout", json!({}));
    assert_eq!(anton.get("/api/me").0, 401);

    // Errors axum makes itself are JSON too.
    for (status, body) in [anton.get("/api/games/not-a-number"), anton.get("/api/signup"), anton.get("/api/nowhere")] {
        assert!(status >= 400 && body["error"].as_str().is_some_and(|e| !e.is_empty()), "{status} {body}");
    }

    // The API describes itself.
    let (status, spec) = anton.get("/api/openapi.json");
    assert_eq!(status, 200);
    assert!(spec["openapi"].as_str().is_some_and(|v| v.starts_with('3')));
    for path in [
        "/api/signup",
        "/api/games",
        "/api/games/import",
        "/api/games/{id}",
        "/api/games/{id}/actions",
        "/api/games/{id}/undo",
        "/api/games/{id}/record",
        "/api/games/{id}/log",
        "/api/games/{id}/steps/{step}",
        "/api/catalogue/{game}",
        "/api/games/{id}/ws",
    ] {
        assert!(spec["paths"][path].is_object(), "{path} is described");
    }
    assert!(spec["paths"]["/api/games/{id}/actions"]["post"]["responses"]["409"].is_object());
}

#[test]
fn a_whole_game_through_the_api() {
    for storage in backends("game") {
        a_whole_game_through_the_api_on(&storage);
    }
}

fn a_whole_game_through_the_api_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (status, created) = anton.post(
        "/api/games",
        json!({ "game": "imperial2030", "seats": ["human", "human", "heuristic", "random"], "rated": false }),
    );
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    let invite = created["invites"][0]["invite"].as_str().expect("an invitation").to_string();
    assert_eq!(created["invites"][0]["seat"], 1);
    let spectator = Client::new(&server);
    // With a seat open the game waits in the lobby: nobody may act, and only its creator starts it.
    assert_eq!(created["started"], false);
    let lobby = spectator.get("/api/lobby").1;
    assert_eq!(lobby[0]["id"], game);
    assert_eq!(lobby[0]["open_seats"], json!([1]));
    // The guest needs no account of its own making: the invitation gives it a guest's session.
    let guest = Client::guest(&server, game, &invite);
    let waiting = anton.get(&format!("/api/games/{game}")).1;
    let (status, body) = anton.clone().post(
        &format!("/api/games/{game}/actions"),
        json!({ "version": waiting["version"], "action": waiting["legal_actions"][0]["action"] }),
    );
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("not started"));
    assert_eq!(guest.clone().post(&format!("/api/games/{game}/start"), json!({})).0, 403, "only the creator starts");
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 409);
    assert_eq!(spectator.get("/api/lobby").1, json!([]));
    assert_eq!(guest.get(&format!("/api/games/{game}")).1["seat"], 1);
    assert_eq!(spectator.get(&format!("/api/games/{game}")).1["seat"], Value::Null);

    let mut humans = [anton.clone(), guest.clone()];
    let mut stale_checked = false;
    let mut undone = false;
    let mut human_actions = 0;
    loop {
        let state = wait_for(&humans[0], game, &[0, 1]);
        if state["finished"] == true {
            break;
        }
        let seat = state["to_act"][0].as_u64().expect("a seat") as usize;
        let me = &mut humans[seat];
        let state = me.get(&format!("/api/games/{game}")).1;
        let version = state["version"].as_i64().expect("a version");
        let action = state["legal_actions"][0]["action"].clone();
        // Spectators and the other seat cannot act.
        let other = if seat == 0 { 1 } else { 0 };
        let mut spectator = spectator.clone();
        assert_eq!(
            spectator.post(&format!("/api/games/{game}/actions"), json!({ "version": version, "action": action })).0,
            403
        );
        let (status, body) =
            humans[other].post(&format!("/api/games/{game}/actions"), json!({ "version": version, "action": action }));
        assert_eq!(status, 422, "{body}");
        assert!(body["error"].as_str().unwrap_or("").contains("not"), "{body}");
        let me = &mut humans[seat];
        let (status, body) =
            me.post(&format!("/api/games/{game}/actions"), json!({ "version": version, "action": action }));
        assert_eq!(status, 200, "{body}");
        human_actions += 1;
        if !stale_checked {
            // The same action sent again for the same version (a double click, a second tab) was done: it is
            // answered as done, with the version it made, and nothing more happens.
            let made = body["version"].clone();
            let (status, again) =
                me.post(&format!("/api/games/{game}/actions"), json!({ "version": version, "action": action }));
            assert_eq!((status, &again["version"], &again["repeated"]), (200, &made, &json!(true)), "{again}");
            assert_eq!(body["repeated"], false);
            // Another action for that version is stale: 409 and the game as it now is.
            let (status, body) = me.post(
                &format!("/api/games/{game}/actions"),
                json!({ "version": version, "action": { "not": "the action sent" } }),
            );
            assert_eq!(status, 409, "{body}");
            assert!(body["game"]["version"].as_i64() > Some(version));
            stale_checked = true;
        }
        if !undone {
            let now = me.get(&format!("/api/games/{game}")).1;
            if now["can_undo"] == true {
                let v = now["version"].as_i64().expect("a version");
                let (status, body) = me.post(&format!("/api/games/{game}/undo"), json!({ "version": v }));
                assert_eq!(status, 200, "{body}");
                assert_eq!(body["version"].as_i64(), Some(v + 1));
                undone = true;
            }
        }
        assert!(human_actions < 5000, "the game does not end");
    }
    assert!(undone, "an undo was tried");
    // The record replays, and lists every acknowledged action.
    let (status, record) = spectator.get(&format!("/api/games/{game}/record"));
    assert_eq!(status, 200);
    let record: imperia_core::Record = serde_json::from_value(record).expect("a record");
    let entry = imperia_games::registry().get("imperial2030").copied().expect("the game");
    let replayed = (entry.replay)(&record, &(entry.shipped)()).expect("the record replays");
    assert!(replayed.outcome().is_some());
    let (_, mine) = anton.get("/api/games");
    assert_eq!(mine[0]["finished"], true);

    // The record comes back in as a new game, at the same point; a tampered one is refused.
    let record = serde_json::to_value(&record).expect("JSON");
    let seats = json!(["human", "human", "human", "human"]);
    let (status, imported) = anton.post("/api/games/import", json!({ "record": record, "seats": seats }));
    assert_eq!(status, 201, "{imported}");
    assert_eq!(imported["version"].as_u64(), record["actions"].as_array().map(|a| a.len() as u64));
    let copy = anton.get(&format!("/api/games/{}", imported["id"])).1;
    assert_eq!(copy["finished"], true);
    let mut forged = record.clone();
    forged["actions"][3]["hash"] = json!("0000000000000000");
    let (status, body) = anton.post("/api/games/import", json!({ "record": forged, "seats": seats }));
    assert_eq!(status, 422, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("diverged"), "{body}");
}

#[test]
fn hidden_cash_never_leaves_the_server() {
    for storage in backends("hidden") {
        hidden_cash_never_leaves_the_server_on(&storage);
    }
}

fn hidden_cash_never_leaves_the_server_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (_, created) = anton.post(
        "/api/games",
        json!({ "game": "imperial2030", "config": { "hidden_cash": true }, "seats": ["human", "random", "random"] }),
    );
    let game = created["id"].as_i64().expect("an id");
    let state = wait_for_turn(&anton, game);
    let players = state["view"]["players"].as_array().expect("players").clone();
    assert!(players[0]["cash"].is_number());
    assert!(players[1]["cash"].is_null() && players[2]["cash"].is_null());
    let (status, _) = anton.get(&format!("/api/games/{game}/record"));
    assert_eq!(status, 403, "the record of a running game would reveal the hidden cash");
    let spectator = Client::new(&server).get(&format!("/api/games/{game}")).1;
    assert!(spectator["view"]["players"].as_array().expect("players").iter().all(|p| p["cash"].is_null()));
    assert!(!spectator["summary"].as_str().unwrap_or("").contains("cash 2;"));

    // The WebSocket pushes the same redacted state, and again after every change.
    let url = format!("{}/api/games/{game}/ws", server.base.replacen("http", "ws", 1));
    let (mut socket, _) = tungstenite::connect(url).expect("a WebSocket");
    let first: Value = serde_json::from_str(socket.read().expect("a message").to_text().expect("text")).expect("JSON");
    assert!(first["view"]["players"].as_array().expect("players").iter().all(|p| p["cash"].is_null()));
    let version = first["version"].as_i64().expect("a version");
    let action = state["legal_actions"][0]["action"].clone();
    let (status, _) =
        anton.post(&format!("/api/games/{game}/actions"), json!({ "version": state["version"], "action": action }));
    assert_eq!(status, 200);
    let next: Value = serde_json::from_str(socket.read().expect("a message").to_text().expect("text")).expect("JSON");
    assert!(next["version"].as_i64() > Some(version));
    assert!(next["view"]["players"].as_array().expect("players").iter().all(|p| p["cash"].is_null()));
}

#[test]
fn a_killed_server_loses_no_acknowledged_action() {
    for storage in backends("restart") {
        a_killed_server_loses_no_acknowledged_action_on(&storage);
    }
}

fn a_killed_server_loses_no_acknowledged_action_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (_, created) =
        anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "heuristic", "heuristic"] }));
    let game = created["id"].as_i64().expect("an id");
    let mut acknowledged = 0;
    for _ in 0..10 {
        let state = wait_for_turn(&anton, game);
        let (status, body) = anton.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
        acknowledged = body["version"].as_i64().expect("a version");
    }
    let record_before = anton.get(&format!("/api/games/{game}/record")).1;
    server.kill();

    let server = Server::start(storage);
    let anton = Client { base: server.base.clone(), ..anton };
    let (status, state) = anton.get(&format!("/api/games/{game}"));
    assert_eq!(status, 200, "the session and the game survive");
    assert!(state["version"].as_i64() >= Some(acknowledged));
    let record_after = anton.get(&format!("/api/games/{game}/record")).1;
    let before = record_before["actions"].as_array().expect("actions");
    let after = record_after["actions"].as_array().expect("actions");
    assert!(after.len() >= before.len());
    assert_eq!(&after[..before.len()], &before[..], "every acknowledged action is still there");
    // The game (and its bots) go on.
    let state = wait_for_turn(&anton, game);
    let (status, _) = Client { base: server.base.clone(), ..anton.clone() }.post(
        &format!("/api/games/{game}/actions"),
        json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
    );
    assert_eq!(status, 200);
}

#[test]
fn a_game_of_earlier_rules_plays_on_under_todays() {
    for storage in backends("rules-change") {
        a_game_of_earlier_rules_plays_on_under_todays_on(&storage);
    }
}

/// A game saved under an earlier rules version (here: its version lowered by hand, the state recorded after
/// its fourth step changed, and its last step one today's engine cannot read) is played again under today's
/// rules when the server loads it: kept so in the database, its players told, the refused step set aside
/// and kept in the record, and the game plays on.
fn a_game_of_earlier_rules_plays_on_under_todays_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (_, created) =
        anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "heuristic", "heuristic"] }));
    let game = created["id"].as_i64().expect("an id");
    for _ in 0..4 {
        let state = wait_for_turn(&anton, game);
        let (status, body) = anton.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
    }
    let state = wait_for_turn(&anton, game);
    assert!(state["rules_changes"].as_array().expect("rules_changes").is_empty());
    let before = anton.get(&format!("/api/games/{game}/record")).1;
    let steps = before["actions"].as_array().expect("actions").len();
    let rules = before["rules_version"].as_i64().expect("a rules version");
    server.kill();

    let last = steps - 1;
    sql(
        storage,
        &[
            &format!("UPDATE games SET rules_version = {} WHERE id = {game}", rules - 1),
            &format!("UPDATE actions SET hash = '0123456789abcdef' WHERE game_id = {game} AND idx = 3"),
            &format!("UPDATE actions SET action = '{{\"retired\": 1}}' WHERE game_id = {game} AND idx = {last}"),
        ],
    );
    let server = Server::start(storage);
    let mut anton = Client { base: server.base.clone(), ..anton };
    let (status, state) = anton.get(&format!("/api/games/{game}"));
    assert_eq!(status, 200, "{state}");
    let changes = state["rules_changes"].as_array().expect("rules_changes");
    assert_eq!(changes.len(), 1, "{state}");
    assert_eq!((changes[0]["from"].as_i64(), changes[0]["to"].as_i64()), (Some(rules - 1), Some(rules)));
    assert_eq!(changes[0]["set_aside"], 1);
    let standing = changes[0]["standing"].as_str().expect("standing");
    assert!(standing.contains(&format!("Step {steps} is not allowed by the new rules")), "{standing}");
    assert_eq!(state["steps"].as_u64(), Some(last as u64));
    // Kept so: today's rules version, the step set aside gone from the actions and kept in the record.
    let stored = sql(storage, &[&format!("SELECT rules_version FROM games WHERE id = {game}")]);
    assert_eq!(stored, [rules.to_string()]);
    let record = anton.get(&format!("/api/games/{game}/record")).1;
    assert_eq!(record["rules_version"].as_i64(), Some(rules));
    assert_eq!(record["actions"].as_array().map(Vec::len), Some(last));
    assert_eq!(record["migrations"][0]["first_difference"], 3, "{record}");
    assert_eq!(record["migrations"][0]["set_aside"][0]["action"], json!({ "retired": 1 }));
    // The game plays on, and a second start plays nothing again.
    let state = wait_for_turn(&anton, game);
    let (status, body) = anton.post(
        &format!("/api/games/{game}/actions"),
        json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
    );
    assert_eq!(status, 200, "{body}");
    server.kill();
    let server = Server::start(storage);
    let mut anton = Client { base: server.base.clone(), ..anton };
    let (status, state) = anton.get(&format!("/api/games/{game}"));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["rules_changes"].as_array().map(Vec::len), Some(1));
    assert_eq!(sql(storage, &[&format!("SELECT COUNT(*) FROM rules_changes WHERE game_id = {game}")]), ["1"]);

    // Its record, imported, brings the change it went through here; a record of earlier rules made elsewhere
    // is played again on import, and its players are told what changed as in a game played again here.
    let record = anton.get(&format!("/api/games/{game}/record")).1;
    let seats = json!(["human", "human", "human"]);
    let (status, copy) = anton.post("/api/games/import", json!({ "record": record, "seats": seats }));
    assert_eq!(status, 201, "{copy}");
    let copy = anton.get(&format!("/api/games/{}", copy["id"])).1;
    assert_eq!(copy["rules_changes"].as_array().map(Vec::len), Some(1), "{copy}");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../imperia-games/tests/records/imperial2030-rules-2.json");
    let old: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("the saved record")).expect("JSON");
    let seats = json!(["human", "human", "human", "human"]);
    let (status, imported) = anton.post("/api/games/import", json!({ "record": old, "seats": seats }));
    assert_eq!(status, 201, "{imported}");
    assert!(imported["warning"].as_str().is_some_and(|w| w.contains("rules")), "{imported}");
    let (_, state) = anton.get(&format!("/api/games/{}", imported["id"]));
    let changes = state["rules_changes"].as_array().expect("rules_changes");
    assert_eq!(changes.len(), 1, "{state}");
    assert_eq!((changes[0]["from"].as_i64(), changes[0]["to"].as_i64()), (Some(2), Some(rules)));
    server.kill();
    let server = Server::start(storage);
    let anton = Client { base: server.base.clone(), ..anton };
    let (_, state) = anton.get(&format!("/api/games/{}", imported["id"]));
    assert_eq!(state["rules_changes"].as_array().map(Vec::len), Some(1), "kept: {state}");
}

#[test]
fn two_servers_share_one_postgres_database() {
    let Some(Storage::Postgres(url)) = backends("shared").into_iter().find(|s| matches!(s, Storage::Postgres(_)))
    else {
        return;
    };
    let storage = Storage::Postgres(url);
    let a = Server::start(&storage);
    let b = Server::start(&storage);
    let mut anton = Client::new(&a);
    anton.signup("anton");
    let (_, created) =
        anton.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "human"], "rated": false }));
    let game = created["id"].as_i64().expect("an id");
    let guest = Client::guest(&a, game, created["invites"][0]["invite"].as_str().expect("an invitation"));
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    // The session and the game are known to the other server too, which learns of the start from A's
    // announcement (reads on B may trail A by a moment; B's writes never do, see below).
    let anton_b = Client { base: b.base.clone(), ..anton.clone() };
    let mut state = Value::Null;
    for _ in 0..400 {
        let (status, seen) = anton_b.get(&format!("/api/games/{game}"));
        assert_eq!(status, 200, "{seen}");
        state = seen;
        if state["started"] == true {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(state["started"], true, "server B follows server A's start");
    assert_eq!(state["seat"], 0);

    // An action on A, by whoever's turn it is, reaches B's viewers.
    let mut first = if state["to_act"][0] == 0 { anton.clone() } else { guest.clone() };
    let action = first.get(&format!("/api/games/{game}")).1["legal_actions"][0]["action"].clone();
    let (status, body) = first.post(&format!("/api/games/{game}/actions"), json!({ "version": 0, "action": action }));
    assert_eq!(status, 200, "{body}");
    let mut seen = 0;
    for _ in 0..400 {
        seen = anton_b.get(&format!("/api/games/{game}")).1["version"].as_i64().unwrap_or(0);
        if seen == 1 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(seen, 1, "server B follows server A");

    // The same version sent to both at once, by whoever must act: exactly one is accepted.
    let to_act = anton.get(&format!("/api/games/{game}")).1["to_act"][0].as_u64();
    let actor = if to_act == Some(0) { anton.clone() } else { guest };
    let state = actor.get(&format!("/api/games/{game}")).1;
    let (version, action) = (state["version"].clone(), state["legal_actions"][0]["action"].clone());
    let request = json!({ "version": version, "action": action });
    let path = format!("/api/games/{game}/actions");
    let (mut on_a, mut on_b) = (actor.clone(), Client { base: b.base.clone(), ..actor.clone() });
    let (r1, r2) = std::thread::scope(|s| {
        let t1 = s.spawn(|| on_a.post(&path, request.clone()).0);
        let t2 = s.spawn(|| on_b.post(&path, request.clone()).0);
        (t1.join().expect("a"), t2.join().expect("b"))
    });
    let mut statuses = [r1, r2];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "one server accepts, the other reports the conflict");
    let record = anton.get(&format!("/api/games/{game}/record")).1;
    assert_eq!(record["actions"].as_array().map(Vec::len), Some(2));
}

#[test]
fn async_play_clock_webhook_and_abandonment() {
    for storage in backends("async") {
        async_play_on(&storage);
    }
}

fn async_play_on(storage: &Storage) {
    // Long enough that Anton's quick moves never run out on a loaded CI machine (a one-second clock once
    // did), short enough to wait out Boris's.
    const PER_MOVE: u64 = 4;
    // The webhook receiver is on loopback, which a public server refuses.
    let server = Server::start_with(storage, &["--webhooks-to-private"]);
    let (hook, received) = webhook_receiver();
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let mut boris = Client::new(&server);
    boris.signup("boris");
    let (status, _) = boris.post("/api/me/webhook", json!({ "url": hook }));
    assert_eq!(status, 405, "the webhook is set with PUT");
    let mut request = agent().put(format!("{}/api/me/webhook", server.base));
    request = request.header("Cookie", boris.cookie.clone().unwrap_or_default());
    let response = request.send_json(json!({ "url": hook })).expect("a response");
    assert_eq!(response.status().as_u16(), 200);
    // The account page reads it back, and its test button posts a message there.
    assert_eq!(boris.get("/api/me/webhook").1["url"], json!(hook));
    assert_eq!(anton.get("/api/me/webhook").1["url"], Value::Null);
    let (status, body) = anton.post("/api/me/webhook/test", json!({}));
    assert_eq!(status, 404, "nothing saved to test: {body}");
    let (status, body) = boris.post("/api/me/webhook/test", json!({}));
    assert_eq!((status, &body["delivered"]), (200, &json!(true)), "{body}");
    let test = received.recv_timeout(std::time::Duration::from_secs(10)).expect("the test message");
    assert!(test.contains("boris's turn notifications will come here"), "{test}");

    let (status, created) = anton.post(
        "/api/games",
        json!({ "game": "imperial2030", "seats": ["human", "human"], "rated": false, "time_control": { "per_move_seconds": PER_MOVE, "reserve_seconds": 0 } }),
    );
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    let (status, joined) = boris.post(&format!("/api/games/{game}/join"), json!({}));
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 1);
    assert_eq!(boris.post(&format!("/api/games/{game}/start"), json!({})).0, 403, "only the creator starts");
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    // Every viewer sees the time control, and the clock of the seat whose decision runs.
    let state = boris.get(&format!("/api/games/{game}")).1;
    assert_eq!(state["clock"], json!({ "per_move_seconds": PER_MOVE, "reserve_seconds": 0 }));
    let running = state["to_act"][0].as_u64().expect("a seat to act") as usize;
    let left = state["seats"][running]["time_left"].as_u64().expect("its clock runs");
    assert!((PER_MOVE - 2..=PER_MOVE).contains(&left), "{left}");
    assert_eq!(state["seats"][1 - running]["time_left"], Value::Null, "the other's clock is stopped");
    // Get to Anton's turn, then Anton plays until it is Boris's; Boris is not watching, so his webhook is
    // called.
    loop {
        let state = boris.get(&format!("/api/games/{game}")).1;
        if state["to_act"][0] == 0 {
            break;
        }
        let (status, body) = boris.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
    }
    loop {
        let state = anton.get(&format!("/api/games/{game}")).1;
        if state["to_act"][0] == 1 {
            break;
        }
        let (status, body) = anton.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
    }
    let message = received.recv_timeout(std::time::Duration::from_secs(10)).expect("a webhook call");
    let message: Value = serde_json::from_str(&message).expect("JSON");
    assert!(message["content"].as_str().unwrap_or("").contains(&format!("Your turn in game {game}")), "{message}");

    // Boris still has time: his seat cannot be taken from him yet, and never by himself.
    let path = format!("/api/games/{game}/seats/1/bot");
    let (status, body) = anton.post(&path, json!({ "bot": "random" }));
    assert_eq!(status, 409, "{body}");
    assert_eq!(boris.post(&path, json!({ "bot": "random" })).0, 403);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(PER_MOVE * 5);
    let state = loop {
        let state = anton.get(&format!("/api/games/{game}")).1;
        if state["seats"][1]["out_of_time"] == true || std::time::Instant::now() > deadline {
            break state;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(state["seats"][1]["out_of_time"], true, "{}", state["seats"]);
    assert_eq!(state["seats"][0]["out_of_time"], false, "{}", state["seats"]);
    let (status, body) = anton.post(&path, json!({ "bot": "random" }));
    assert_eq!(status, 200, "{body}");
    // The bot now plays Boris's seat and hands the turn back to Anton.
    let state = wait_for_turn(&anton, game);
    assert!(state["finished"] == true || state["to_act"][0] == 0);
    assert_eq!(state["seats"][1]["bot"], "easy", "the bot level `random` plays");
    // Boris still answers for the seat's result: his page lists the game, marked as left.
    let mine = &boris.get("/api/players/boris").1["games"][0];
    assert_eq!((&mine["id"], &mine["seat"], &mine["left"]), (&json!(game), &json!(1), &json!(true)), "{mine}");
}

/// Looking back (the UI's log and replay slider): each viewer gets the past only as it saw it then, its own
/// secrets and nobody else's, at every step; and a step the game has not reached is refused.
#[test]
fn the_past_is_shown_to_each_viewer_only_as_it_saw_it() {
    for storage in backends("past") {
        the_past_on(&storage);
    }
}

fn the_past_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (status, created) = anton.post(
        "/api/games",
        json!({ "game": "imperial2030", "config": { "hidden_cash": true }, "seats": ["human", "human", "random"], "rated": false }),
    );
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    let guest = Client::guest(&server, game, created["invites"][0]["invite"].as_str().expect("an invitation"));
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    // Both humans play their first legal action until the game has some history.
    let mut state = wait_for(&anton, game, &[0, 1]);
    while state["steps"].as_u64().unwrap_or(0) < 8 && state["finished"] == false {
        let me = if state["to_act"][0] == 0 { &mut anton } else { &mut guest.clone() };
        let mine = me.get(&format!("/api/games/{game}")).1;
        let (status, body) = me.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": mine["version"], "action": mine["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
        state = wait_for(&anton, game, &[0, 1]);
    }
    let steps = state["steps"].as_u64().expect("a step count");
    assert!(steps >= 8, "{steps} steps");

    let spectator = Client::new(&server);
    for step in 0..=steps {
        let path = format!("/api/games/{game}/steps/{step}");
        let (status, mine) = anton.get(&path);
        assert_eq!(status, 200, "{mine}");
        assert_eq!(mine["step"], step);
        let players = mine["view"]["players"].as_array().expect("players");
        assert!(players[0]["cash"].is_number() && players[0]["score"].is_number(), "step {step}: my own cash");
        for other in &players[1..] {
            assert!(other["cash"].is_null() && other["score"].is_null(), "step {step}: another seat's cash leaked");
        }
        let theirs = guest.get(&path).1;
        let players = theirs["view"]["players"].as_array().expect("players");
        assert!(players[1]["cash"].is_number(), "step {step}: the guest sees its own cash");
        assert!(players[0]["cash"].is_null() && players[2]["cash"].is_null(), "step {step}: the guest sees others'");
        let watched = spectator.get(&path).1;
        assert!(
            watched["view"]["players"].as_array().expect("players").iter().all(|p| p["cash"].is_null()),
            "step {step}: a spectator sees no cash"
        );
    }
    // The last step is the game as it stands.
    let now = anton.get(&format!("/api/games/{game}")).1;
    if now["steps"] == steps {
        assert_eq!(anton.get(&format!("/api/games/{game}/steps/{steps}")).1["view"], now["view"]);
    }
    let (status, body) = anton.get(&format!("/api/games/{game}/steps/{}", steps + 1000));
    assert_eq!(status, 404, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("no step"), "{body}");
    assert_eq!(anton.get(&format!("/api/games/{game}/steps/minus-one")).0, 400);

    // The log: one entry per step, in order, with its events in words and the seat that acted, named
    // wherever the step showed something or was the viewer's own.
    let (status, log) = anton.get(&format!("/api/games/{game}/log"));
    assert_eq!(status, 200, "{log}");
    let log = log.as_array().expect("a list").clone();
    assert!(log.len() as u64 >= steps);
    for (i, entry) in log.iter().enumerate() {
        assert_eq!(entry["step"], i + 1);
        let events = entry["events"].as_array().expect("events");
        assert!(entry["seat"].is_number() || (events.is_empty() && entry.get("seat").is_none()), "{entry}");
    }
    assert!(log.iter().any(|e| e["events"].as_array().is_some_and(|ev| !ev.is_empty())));
    let (_, tail) = anton.get(&format!("/api/games/{game}/log?from=3"));
    assert_eq!(tail[0]["step"], 3);
    assert_eq!(tail[0], log[2]);
    assert_eq!(anton.get("/api/games/999/log").0, 404);
}

/// The browser UI is served from the binary: `/` is the page, files have their content types and ETags, a
/// revalidation is answered 304, and a path that is no file is a 404 that says so.
#[test]
fn the_ui_is_served_from_the_binary() {
    let server = Server::start(&Storage::Sqlite(data_dir("web")));
    let fetch = |path: &str, etag: Option<&str>| {
        let mut request = agent().get(format!("{}{path}", server.base));
        if let Some(tag) = etag {
            request = request.header("If-None-Match", tag);
        }
        let mut response = request.call().expect("a response");
        let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let (content_type, tag, cache) = (header("content-type"), header("etag"), header("cache-control"));
        let status = response.status().as_u16();
        (status, content_type, tag, cache, response.body_mut().read_to_string().unwrap_or_default())
    };
    let (status, content_type, etag, cache, page) = fetch("/", None);
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert!(page.to_lowercase().starts_with("<!doctype html>") && page.contains("app.js"), "{page}");
    assert!(!etag.is_empty() && cache == "no-cache", "{etag} {cache}");
    assert_eq!(fetch("/", Some(&etag)).0, 304, "an unchanged page is not sent again");
    let (status, content_type, _, _, script) = fetch("/app.js", None);
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/javascript") && script.contains("import"), "{content_type}");
    assert!(fetch("/style.css", None).1.starts_with("text/css"));
    let (status, content_type, _, _, body) = fetch("/no-such-file.js", None);
    assert_eq!((status, content_type.as_str()), (404, "application/json"), "{body}");
    assert!(body.contains("no page"), "{body}");
    // Files go out gzipped to a client that takes it, and a revalidation of the compressed copy is a 304; the
    // API's answers are never compressed (they hold secrets beside others' text).
    let raw = |path: &str, extra: &str| {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(server.base.trim_start_matches("http://")).expect("connected");
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n{extra}Connection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).expect("sent");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("an answer");
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a head") + 4;
        (String::from_utf8_lossy(&answer[..split]).to_lowercase(), answer[split..].to_vec())
    };
    let (head, body) = raw("/app.js", "");
    assert!(head.starts_with("http/1.1 200") && head.contains("content-encoding: gzip"), "{head}");
    assert!(body.windows(2).any(|w| w == [0x1f, 0x8b]) && !String::from_utf8_lossy(&body).contains("import"));
    let tag = head.lines().find_map(|l| l.strip_prefix("etag: ")).expect("an etag").trim().to_string();
    assert!(raw("/app.js", &format!("If-None-Match: {tag}\r\n")).0.starts_with("http/1.1 304"), "revalidated");
    assert!(!raw("/api/catalogue", "").0.contains("content-encoding"), "the API is not compressed");
    // A browser asking for a page at a path the UI does not use gets the UI with a 404: the page says so.
    let mut response = agent()
        .get(format!("{}/games/999999", server.base))
        .header("Accept", "text/html,*/*")
        .call()
        .expect("a response");
    assert_eq!(response.status().as_u16(), 404);
    assert!(response.body_mut().read_to_string().unwrap_or_default().contains("app.js"), "the UI's own page");

    // The catalogue gives a game's printed board, for the UI to draw it.
    let client = Client::new(&server);
    let (status, game) = client.get("/api/catalogue/imperial2030");
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["board"]["regions"].as_array().map(Vec::len), Some(62));
    assert_eq!(game["board"]["canals"].as_array().map(Vec::len), Some(2));
    assert_eq!(game["board"]["rondel"].as_array().map(Vec::len), Some(8));
    assert!(game["provisional"].is_number());
    // Where its content comes from, kind by kind, with the provisional entries named.
    let (status, game) = client.get("/api/catalogue/endeavor");
    assert_eq!(status, 200, "{game}");
    let kinds = game["sources"]["kinds"].as_array().expect("the content's sources by kind");
    let named: usize = kinds.iter().map(|k| k["provisional"].as_array().map_or(0, Vec::len)).sum();
    assert_eq!(Some(named as u64), game["provisional"].as_u64(), "{kinds:?}");
    assert!(kinds.iter().any(|k| k["kind"] == "trade token kind" && k["seed"] == 8), "{kinds:?}");
    let (status, body) = client.get("/api/catalogue/chess");
    assert_eq!(status, 404);
    assert!(body["error"].as_str().unwrap_or("").contains("imperial2030"), "{body}");
}

/// A hint: the search's three best choices for the caller's own decision, in a casual game only; refused to
/// spectators, for a position the game has left, and past the rate an address may ask.
#[test]
fn hints_are_for_players_of_casual_games() {
    let server = Server::start(&Storage::Sqlite(data_dir("hints")));
    let mut hana = Client::new(&server);
    hana.signup("hana");
    let (_, casual) =
        hana.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": false }));
    let game = casual["id"].as_i64().expect("an id");
    let state = wait_for_turn(&hana, game);
    let (status, body) = hana.post(&format!("/api/games/{game}/hint"), json!({ "version": state["version"] }));
    assert_eq!(status, 200, "{body}");
    let hints = body["hints"].as_array().expect("hints");
    assert!(!hints.is_empty() && hints.len() <= 3, "{body}");
    let legal: Vec<&Value> = state["legal_actions"].as_array().expect("actions").iter().map(|a| &a["action"]).collect();
    for h in hints {
        assert!(legal.contains(&&h["action"]), "a hint is a legal action: {h}");
        assert!(h["value"].as_f64().is_some_and(|v| (0.0..=1.0).contains(&v)), "{h}");
    }
    let old = state["version"].as_i64().expect("a version") - 1;
    assert_eq!(hana.post(&format!("/api/games/{game}/hint"), json!({ "version": old })).0, 409, "a past position");
    assert_eq!(
        Client::new(&server).post(&format!("/api/games/{game}/hint"), json!({ "version": state["version"] })).0,
        403
    );

    let (_, rated) = hana.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"] }));
    let rated = rated["id"].as_i64().expect("an id");
    let state = wait_for_turn(&hana, rated);
    let (status, body) = hana.post(&format!("/api/games/{rated}/hint"), json!({ "version": state["version"] }));
    assert_eq!(status, 403, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("rated"), "{body}");
    // Six hints a minute per address: the next is refused, and says to wait.
    let refused = (0..8).map(|_| hana.post(&format!("/api/games/{game}/hint"), json!({ "version": 0 })).0).last();
    assert_eq!(refused, Some(429));
}

/// A flood of hints from many addresses, as the probe sent (48 from 8 addresses, behind a proxy): each is
/// answered, or refused at once with when to ask again; none waits in an unbounded queue; and a game's bot
/// meanwhile still plays. (Which ones are refused depends on how fast the searches go; the order of slots
/// itself is `imperia_server::thinking`'s tests.)
#[test]
fn a_flood_of_hints_is_answered_or_refused_and_bots_play_on() {
    let storage = Storage::Sqlite(data_dir("hint-flood"));
    let server = Server::start_with(&storage, &["--behind-proxy", "--bot-threads", "2"]);
    let mut askers = Vec::new();
    for n in 0..8 {
        let mut client = Client::new(&server);
        client.signup(&format!("flooder{n}"));
        let (_, game) =
            client.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": false }));
        let game = game["id"].as_i64().expect("an id");
        let version = wait_for_turn(&client, game)["version"].clone();
        askers.push((client, game, version, format!("198.51.100.{n}")));
    }
    let mut player = Client::new(&server);
    player.signup("patient");
    let (_, other) =
        player.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "medium"], "rated": false }));
    let other = other["id"].as_i64().expect("an id");
    let state = wait_for_turn(&player, other);

    let flood: Vec<_> = askers
        .iter()
        .flat_map(|(client, game, version, address)| (0..6).map(move |_| (client, *game, version, address)))
        .map(|(client, game, version, address)| {
            let (url, cookie, address) =
                (client.url(&format!("/api/games/{game}/hint")), client.cookie.clone(), address.clone());
            let body = json!({ "version": version });
            std::thread::spawn(move || {
                let mut request = agent().post(url).header("X-Forwarded-For", address);
                if let Some(c) = cookie {
                    request = request.header("Cookie", c);
                }
                let response = request.send_json(&body).expect("a response");
                let retry = response.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
                (response.status().as_u16(), retry)
            })
        })
        .collect();
    // While the hints are asked for, the other game's bot answers: moves of mine until it has made one.
    let mut state = state;
    let bot_moved = (0..20).any(|_| {
        let version = state["version"].as_i64().expect("a version");
        let (status, body) = player.post(
            &format!("/api/games/{other}/actions"),
            json!({ "version": version, "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
        state = wait_for_turn(&player, other);
        state["version"].as_i64() > Some(version + 1)
    });
    assert!(bot_moved, "the medium bot played during the flood");

    let answers: Vec<(u16, Option<u64>)> = flood.into_iter().map(|t| t.join().expect("a flooder")).collect();
    let answered = answers.iter().filter(|(s, _)| *s == 200).count();
    assert!(answered >= 1, "{answers:?}");
    for (status, retry) in &answers {
        match status {
            200 => {}
            429 | 503 => assert!(retry.is_some_and(|r| r >= 1), "a refusal says when to ask again: {answers:?}"),
            _ => panic!("a hint is answered or refused for now: {answers:?}"),
        }
    }
    println!("48 hints at once from 8 addresses: {answered} answered, {} refused for now", answers.len() - answered);
}

/// The lobby says who made each open game, with what variant and clock, and when; it shows one game's
/// games when asked; and the games under way are listed for anyone to watch.
#[test]
fn the_lobby_lists_open_games_and_games_to_watch() {
    let server = Server::start(&Storage::Sqlite(data_dir("lobby")));
    let mut lena = Client::new(&server);
    lena.signup("lena");
    let clock = json!({ "per_move_seconds": 120, "reserve_seconds": 3600 });
    let (_, open) = lena.post(
        "/api/games",
        json!({ "game": "imperial2030", "seats": ["human", "human"], "options": { "hidden_cash": true }, "time_control": clock }),
    );
    let (_, running) = lena.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"] }));
    let (open, running) = (open["id"].clone(), running["id"].clone());
    let spectator = Client::new(&server);
    let lobby = spectator.get("/api/lobby").1;
    assert_eq!(lobby.as_array().map(Vec::len), Some(1), "{lobby}");
    let listed = &lobby[0];
    assert_eq!((&listed["id"], &listed["creator"], &listed["clock"]), (&open, &json!("lena"), &clock));
    assert_eq!(listed["options"]["hidden_cash"], true, "{listed}");
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("a clock").as_secs() as i64;
    assert!(listed["created_at"].as_i64().is_some_and(|t| (stamp - 60..=stamp + 1).contains(&t)), "{listed}");
    assert_eq!(spectator.get("/api/lobby?game=endeavor").1, json!([]));
    assert_eq!(spectator.get("/api/lobby?game=imperial2030").1[0]["id"], open);
    let live = spectator.get("/api/games/live").1;
    assert_eq!(live.as_array().map(Vec::len), Some(1), "only the game under way: {live}");
    assert_eq!((&live[0]["id"], &live[0]["seats"][0]["player"]), (&running, &json!("lena")));
    assert_eq!(spectator.get("/api/games/live?game=imperial2030").1, json!([]));
    assert_eq!(spectator.get("/api/games/live?limit=0").1.as_array().map(Vec::len), Some(1), "a limit is at least 1");
    assert_eq!(spectator.get("/api/games/live?limit=many").0, 400);
}

/// Private notes: each player reads and writes only their own; spectators have none; nothing of them is
/// in the game's state, log or record; an overlong note is refused and changes nothing.
#[test]
fn private_notes_are_read_by_their_author_only() {
    let server = Server::start(&Storage::Sqlite(data_dir("notes")));
    let mut nils = Client::new(&server);
    nils.signup("nils");
    let (_, created) =
        nils.post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "human"], "rated": false }));
    let game = created["id"].as_i64().expect("an id");
    let invite = created["invites"][0]["invite"].as_str().expect("an invitation").to_string();
    let guest = Client::guest(&server, game, &invite);
    let path = format!("/api/games/{game}/notes");
    let put = |client: &Client, text: &str| {
        let mut request = agent().put(client.url(&path)).header("Content-Type", "application/json");
        if let Some(c) = &client.cookie {
            request = request.header("Cookie", c);
        }
        let mut response = request.send(json!({ "text": text }).to_string()).expect("a response");
        (response.status().as_u16(), response.body_mut().read_json::<Value>().unwrap_or(Value::Null))
    };
    assert_eq!(nils.get(&path).1, json!({ "text": "" }));
    assert_eq!(put(&nils, "Russia is mine; keep Boris off the Balkans").0, 200);
    assert_eq!(put(&guest, "Nils wants Russia").0, 200);
    assert_eq!(nils.get(&path).1["text"], "Russia is mine; keep Boris off the Balkans");
    assert_eq!(guest.get(&path).1["text"], "Nils wants Russia");
    assert_eq!(Client::new(&server).get(&path).0, 401, "a spectator signed out");
    let mut stranger = Client::new(&server);
    stranger.signup("stranger");
    assert_eq!(stranger.get(&path).0, 403, "a spectator signed in");
    assert_eq!(put(&stranger, "x").0, 403);
    let (status, body) = put(&nils, &"x".repeat(10_001));
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        nils.get(&path).1["text"],
        "Russia is mine; keep Boris off the Balkans",
        "an overlong note changes nothing"
    );
    for seen in [nils.get(&format!("/api/games/{game}")).1, guest.get(&format!("/api/games/{game}/record")).1] {
        assert!(!seen.to_string().contains("Balkans"), "notes are never part of the game");
    }
    assert_eq!(put(&nils, "").0, 200);
    assert_eq!(nils.get(&path).1, json!({ "text": "" }), "emptied");
}

/// The invitations of a game's open seats go to its creator, in every answer, until the start; nobody else
/// ever sees one.
#[test]
fn invitations_are_the_creators_alone() {
    let server = Server::start(&Storage::Sqlite(data_dir("invites")));
    let mut ines = Client::new(&server);
    ines.signup("ines");
    let (_, created) = ines
        .post("/api/games", json!({ "game": "imperial2030", "seats": ["human", "human", "human"], "rated": false }));
    let game = created["id"].as_i64().expect("an id");
    let state = ines.get(&format!("/api/games/{game}")).1;
    assert_eq!(state["invites"], created["invites"], "the creator's answer holds the open seats' links");
    let invite = created["invites"][0]["invite"].as_str().expect("an invitation").to_string();
    let guest = Client::guest(&server, game, &invite);
    assert_eq!(guest.get(&format!("/api/games/{game}")).1.get("invites"), None, "a player sees none");
    assert_eq!(Client::new(&server).get(&format!("/api/games/{game}")).1.get("invites"), None, "a spectator sees none");
    let left = ines.get(&format!("/api/games/{game}")).1["invites"].clone();
    assert_eq!(left.as_array().map(Vec::len), Some(1), "the spent invitation is gone: {left}");
    assert_eq!(ines.post(&format!("/api/games/{game}/start"), json!({ "bots": "easy" })).0, 200);
    assert_eq!(ines.get(&format!("/api/games/{game}")).1.get("invites"), None, "none after the start");
}

/// A clock that says a bot takes over: the seat whose player ran out of time goes to a bot that long
/// after, by itself, and the game goes on; the player still answers for the seat.
#[test]
fn a_bot_takes_a_late_seat_when_the_clock_says_so() {
    let server = Server::start(&Storage::Sqlite(data_dir("timeout_bot")));
    let mut tom = Client::new(&server);
    tom.signup("tom");
    let clock = json!({ "per_move_seconds": 1, "reserve_seconds": 0, "bot_after_seconds": 1 });
    let (status, body) = tom.post(
        "/api/games",
        json!({ "game": "endeavor", "seats": ["human", "easy"], "time_control": { "per_move_seconds": 1, "bot_after_seconds": -1 } }),
    );
    assert_eq!(status, 400, "{body}");
    let (status, created) = tom.post(
        "/api/games",
        json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": false, "time_control": clock }),
    );
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    assert_eq!(tom.get(&format!("/api/games/{game}")).1["clock"], clock);
    // Tom does nothing: one second to decide, one more of grace, and the sweep runs every second.
    let mut seat = Value::Null;
    for _ in 0..100 {
        seat = tom.get(&format!("/api/games/{game}")).1["seats"][0].clone();
        if seat["bot"] == "medium" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(seat["bot"], "medium", "a bot took the seat: {seat}");
    let mine = &tom.get("/api/players/tom").1["games"][0];
    assert_eq!((&mine["id"], &mine["left"]), (&json!(game), &json!(true)), "{mine}");
    let state = wait_for(&tom, game, &[]);
    assert!(state["steps"].as_u64() > Some(1), "the bots play on: {}", state["steps"]);
}

/// The front page's one click (issue 55): a visitor who is not signed in tries a game against easy bots as a
/// new guest, casual so that hints are on; a signed-in player tries one as themselves. A guest still
/// creates no game in the lobby, and guests made from one address count as accounts made there.
#[test]
fn a_visitor_tries_a_game_in_one_click() {
    for storage in backends("try") {
        a_visitor_tries_a_game_in_one_click_on(&storage);
    }
}

fn a_visitor_tries_a_game_in_one_click_on(storage: &Storage) {
    let server = Server::start_with(storage, &["--signups-per-hour", "2"]);
    let mut visitor = Client::new(&server);
    let (status, body) = visitor.post("/api/try", json!({ "game": "chess" }));
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("imperial2030"), "{body}");
    assert!(visitor.cookie.is_none(), "no guest for a game that does not exist");
    let (status, body) = visitor.post("/api/try", json!({ "game": "endeavor", "seats": 9 }));
    assert_eq!(status, 400, "unknown fields are refused: {body}");

    let (status, created) = visitor.post("/api/try", json!({ "game": "endeavor" }));
    assert_eq!(status, 201, "{created}");
    assert!(visitor.cookie.is_some(), "the visitor plays as a new guest");
    assert_eq!(visitor.get("/api/me").1["guest"], true);
    let id = created["id"].as_i64().expect("an id");
    let state = wait_for_turn(&visitor, id);
    assert_eq!(
        (state["seat"].as_u64(), state["rated"].as_bool(), state["started"].as_bool()),
        (Some(0), Some(false), Some(true))
    );
    let bots: Vec<&Value> = state["seats"].as_array().expect("seats").iter().map(|s| &s["bot"]).collect();
    assert_eq!(bots, [&Value::Null, &json!("easy")], "the visitor against an easy bot");
    let (status, hints) = visitor.post(&format!("/api/games/{id}/hint"), json!({ "version": state["version"] }));
    assert_eq!(status, 200, "a casual game gives hints: {hints}");
    let (status, _) = visitor.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"] }));
    assert_eq!(status, 403, "a guest creates no game in the lobby");

    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (status, created) = anton.post("/api/try", json!({ "game": "imperial-struggle" }));
    assert_eq!(status, 201, "{created}");
    let state = wait_for(&anton, created["id"].as_i64().expect("an id"), &[0, 1]);
    assert_eq!(state["seats"][0]["player"], "anton", "a signed-in player tries as themselves");

    // The address made a guest and an account: its third new session of the hour is refused.
    let (status, body) = Client::new(&server).post("/api/try", json!({ "game": "endeavor" }));
    assert_eq!(status, 429, "{body}");
}
