//! Talking at the table (issue 18): table talk every viewer reads, private channels only their members
//! read, refusals that say what is wrong, lines that survive a restart; and the Negotiations time limit of
//! Virgin Queen (§9.1), run by the server and kept across a restart, ending the talks of every power still
//! talking when it runs out.

mod common;

use common::{Client, Server, Storage, backends, sql};
use serde_json::{Value, json};

#[test]
fn private_channels_and_the_negotiations_clock() {
    for storage in backends("talk") {
        talk_on(&storage);
    }
}

/// The chat texts `client` receives with the game's state.
fn heard(client: &Client, game: i64) -> Vec<String> {
    let (status, state) = client.get(&format!("/api/games/{game}"));
    assert_eq!(status, 200, "{state}");
    state["chat"].as_array().expect("a chat").iter().map(|l| l["text"].as_str().unwrap_or("").to_string()).collect()
}

fn talk_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let mut boris = Client::new(&server);
    boris.signup("boris");
    let mut carla = Client::new(&server);
    carla.signup("carla");
    let (status, created) = anton.post(
        "/api/games",
        json!({ "game": "virgin-queen", "seats": ["human", "human", "human", "easy"], "options": { "negotiation_minutes": 30 } }),
    );
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    for (who, seat) in [(&mut boris, 1), (&mut carla, 2)] {
        let (status, joined) = who.post(&format!("/api/games/{game}/join"), json!({}));
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["seat"], seat);
    }
    let say = |who: &mut Client, body: Value| who.post(&format!("/api/games/{game}/chat"), body);

    // Before the start players may already talk.
    let (status, line) = say(&mut anton, json!({ "text": "  Good evening, all.  " }));
    assert_eq!(status, 200, "{line}");
    assert_eq!(line["text"], "Good evening, all.", "trimmed");
    assert!(line.get("to").is_none(), "table talk names no channel: {line}");
    // Private talk is for the Negotiations (§9.1): not before the start, nor while home cards are chosen.
    let (status, error) = say(&mut anton, json!({ "text": "psst", "to": [1] }));
    assert_eq!(status, 422, "{error}");
    assert!(error["error"].as_str().unwrap_or("").contains("start"), "{error}");
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    let (status, error) = say(&mut anton, json!({ "text": "psst", "to": [1] }));
    assert_eq!(status, 422, "{error}");
    assert!(error["error"].as_str().unwrap_or("").contains("§9.1"), "{error}");
    assert!(anton.get(&format!("/api/games/{game}")).1["private_talk_closed"].is_string());

    // Through the home card decisions to the Negotiations, whose clock is now running.
    let mut players = [anton, boris, carla];
    let mut rounds = 0;
    let state = loop {
        rounds += 1;
        assert!(rounds < 500, "the Negotiations never began");
        std::thread::sleep(std::time::Duration::from_millis(20));
        let mut acted = false;
        for p in &mut players {
            let state = p.get(&format!("/api/games/{game}")).1;
            let keep = state["legal_actions"]
                .as_array()
                .and_then(|a| a.iter().find(|a| a["action"].get("keep_home").is_some()));
            if let Some(keep) = keep {
                let (status, body) = p.post(
                    &format!("/api/games/{game}/actions"),
                    json!({ "version": state["version"], "action": keep["action"] }),
                );
                assert!(status == 200 || status == 409, "{body}");
                acted = true;
            }
        }
        let state = players[0].get(&format!("/api/games/{game}")).1;
        if !acted && state["time_limit"].is_object() {
            break state;
        }
    };
    let [mut anton, mut boris, mut carla] = players;
    assert!(state["private_talk_closed"].is_null(), "{}", state["private_talk_closed"]);

    // Spain (Anton) and England (Boris) talk in private; France (Carla) must not hear it.
    let (status, line) = say(&mut anton, json!({ "text": "Spain offers England peace.", "to": [1] }));
    assert_eq!(status, 200, "{line}");
    assert_eq!(line["to"], json!([0, 1]), "the speaker is in the channel");
    let (status, _) = say(&mut boris, json!({ "text": "England accepts, if Calais stays English.", "to": [0] }));
    assert_eq!(status, 200);
    let (status, _) = say(&mut carla, json!({ "text": "France watches the Channel.", "to": [3] }));
    assert_eq!(status, 200, "a channel with a bot's seat is allowed (the bot does not read it)");
    let spectator = Client::new(&server);
    let table_only = ["Good evening, all."];
    assert_eq!(heard(&spectator, game), table_only, "a spectator reads the table talk only");
    assert_eq!(
        heard(&anton, game),
        ["Good evening, all.", "Spain offers England peace.", "England accepts, if Calais stays English."]
    );
    assert_eq!(heard(&boris, game), heard(&anton, game));
    assert_eq!(heard(&carla, game), ["Good evening, all.", "France watches the Channel."]);

    // England drafts a proposal in private: its step shows the others nothing, not even that it was England's,
    // so that no third power counts a proposal's clauses. (The bot plays on meanwhile: a stale version is
    // sent again.)
    let mut tries = 0;
    loop {
        let state = boris.get(&format!("/api/games/{game}")).1;
        let draft = state["legal_actions"]
            .as_array()
            .and_then(|a| a.iter().find(|a| a["action"].get("draft").is_some()))
            .expect("England may draft a proposal")["action"]
            .clone();
        let (status, body) =
            boris.post(&format!("/api/games/{game}/actions"), json!({ "version": state["version"], "action": draft }));
        if status == 200 {
            break;
        }
        assert_eq!(status, 409, "{body}");
        tries += 1;
        assert!(tries < 50, "England never drafted: {body}");
    }
    let log = |client: &Client| client.get(&format!("/api/games/{game}/log")).1.as_array().cloned().expect("a log");
    let drafted = log(&boris).into_iter().rev().find(|s| s["seat"] == 1).expect("England's step, named to England");
    for (who, name) in [(&carla, "France"), (&anton, "Spain"), (&spectator, "a spectator")] {
        let step = log(who).into_iter().find(|s| s["step"] == drafted["step"]).expect("the step");
        assert!(step.get("seat").is_none() && step["events"] == json!([]), "{name} sees {step}");
    }

    // Refusals say what is wrong and store nothing.
    let (status, error) = say(&mut spectator.clone(), json!({ "text": "hello" }));
    assert_eq!(status, 403, "{error}");
    assert!(error["error"].as_str().unwrap_or("").contains("spectators"), "{error}");
    let refused = [
        (json!({ "text": "   " }), "empty"),
        (json!({ "text": "x".repeat(501) }), "at most 500"),
        (json!({ "text": "hi", "to": [7] }), "no seat 8"),
        (json!({ "text": "hi", "to": [0] }), "someone besides you"),
        (json!({ "text": "hi", "to": [1, 1, 1, 1, 1] }), "has 4 seats"),
        (json!({ "text": "a\u{7}bell" }), "control characters"),
        (json!({ "text": "hi", "loud": true }), "loud"),
        (json!({ "text": "hi", "to": [-1] }), ""),
    ];
    for (body, says) in refused {
        let (status, error) = say(&mut anton, body.clone());
        assert_eq!(status, 400, "{body} → {error}");
        assert!(error["error"].as_str().unwrap_or("").contains(says), "{body} → {error}");
    }
    assert_eq!(heard(&anton, game).len(), 3, "nothing refused was stored");

    let limit = &state["time_limit"];
    assert_eq!(limit["segment"], "Negotiations of turn 1", "{limit}");
    let left = limit["seconds_left"].as_i64().expect("seconds left");
    assert!((30 * 60 - 120..=30 * 60).contains(&left), "about 30 minutes left: {left}");
    assert!(state["prompt"].as_str().unwrap_or("").contains("you hold your talks (§9.1)"), "{}", state["prompt"]);
    server.kill();

    // A restarted server keeps the lines and the deadline; a deadline that has passed ends the talks.
    let ends: Vec<String> = sql(storage, &[&format!("SELECT limit_ends FROM games WHERE id = {game}")]);
    let ends: i64 = ends[0].parse().expect("a deadline is saved");
    assert_eq!(ends, limit["ends_at"].as_i64().expect("ends at"), "the saved deadline is the one shown");
    let server = Server::start(storage);
    let anton = Client { base: server.base.clone(), ..anton };
    assert_eq!(heard(&anton, game).len(), 3, "the chat survives a restart");
    let state = anton.get(&format!("/api/games/{game}")).1;
    assert_eq!(state["time_limit"]["ends_at"], limit["ends_at"], "the deadline survives a restart");
    server.kill();
    sql(storage, &[&format!("UPDATE games SET limit_ends = 0 WHERE id = {game}")]);
    let server = Server::start(storage);
    let anton = Client { base: server.base.clone(), ..anton };
    let mut tries = 0;
    let state = loop {
        let state = anton.get(&format!("/api/games/{game}")).1;
        let prompt = state["prompt"].as_str().unwrap_or("");
        // "you hold your talks (§9.1)" to a power still talking, "Negotiations (§9.1)" to one done.
        if !prompt.contains("hold your talks (§9.1)") && !prompt.contains("Negotiations (§9.1)") {
            break state;
        }
        tries += 1;
        assert!(tries < 500, "the talks never ended: {}", state["prompt"]);
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(state["time_limit"].is_null(), "{}", state["time_limit"]);
    let log = anton.get(&format!("/api/games/{game}/log")).1;
    let ended: Vec<&Value> = log
        .as_array()
        .expect("a log")
        .iter()
        .filter(|s| {
            s["events"]
                .as_array()
                // Anton reads his own power's line said to him: "You end your talks".
                .is_some_and(|e| {
                    e.iter().any(|e| {
                        ["ends its talks", "You end your talks"].iter().any(|t| e.as_str().unwrap_or("").contains(t))
                    })
                })
        })
        .collect();
    let seats: std::collections::BTreeSet<u64> = ended.iter().filter_map(|s| s["seat"].as_u64()).collect();
    assert!(seats.is_superset(&[0, 1, 2].into()), "every human's power ended its talks: {ended:?}");
}

#[test]
fn a_finished_game_gives_its_record_to_its_players_only() {
    for storage in backends("private-record") {
        record_on(&storage);
    }
}

/// A finished game of Virgin Queen played at random to its end: its record holds what was done in private
/// (proposals drafted and offered, cards shown).
fn finished_record() -> imperia_core::Record {
    let entry = imperia_games::registry().get("virgin-queen").copied().expect("the game");
    let content = (entry.shipped)();
    let config = (entry.configure)(2, &json!({ "turns": 1 })).expect("a config");
    let mut m = (entry.start)(&config, 7, &content).expect("a game");
    let mut pick = 0usize;
    while let imperia_core::ToAct::Seats(seats) = m.to_act() {
        let choices = m.legal_actions(seats[0]);
        pick = (pick + 7919) % choices.len();
        m.apply(seats[0], &choices[pick].action).expect("a listed action");
    }
    m.record()
}

/// The docs' record policy (docs/rules/virgin-queen.md §6, item 13): once the game is over, its players may
/// export its record and read its review; everybody else reads it as a spectator saw it.
fn record_on(storage: &Storage) {
    let record = finished_record();
    let private = ["draft", "show"];
    for kind in private {
        assert!(record.actions.iter().any(|a| a.action.get(kind).is_some()), "the game holds a {kind}");
    }
    let server = Server::start(storage);
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let (status, imported) = anton.post("/api/games/import", json!({ "record": record, "seats": ["human", "easy"] }));
    assert_eq!(status, 201, "{imported}");
    let game = imported["id"].as_i64().expect("an id");
    let (status, mine) = anton.get(&format!("/api/games/{game}/record"));
    assert_eq!(status, 200, "a player exports the record: {mine}");
    assert_eq!(mine["actions"].as_array().map(Vec::len), Some(record.actions.len()));
    let mut stranger = Client::new(&server);
    stranger.signup("stranger");
    for (who, name) in [(Client::new(&server), "a spectator"), (stranger, "a signed-in stranger")] {
        let (status, body) = who.get(&format!("/api/games/{game}/record"));
        assert_eq!(status, 403, "{name}: {body}");
        assert!(body["error"].as_str().unwrap_or("").contains("its players may export it"), "{name}: {body}");
        let review = who.get(&format!("/api/games/{game}/review")).1;
        assert_eq!(review["status"], "withheld", "{name}: {review}");
        let log = who.get(&format!("/api/games/{game}/log")).1.to_string();
        assert!(!log.contains("binds nobody") && !log.contains(" shows "), "{name} reads no private step: {log}");
    }
    assert_eq!(anton.get(&format!("/api/games/{game}/review")).1["status"], "none", "a player may ask for one");
    server.kill();
}
