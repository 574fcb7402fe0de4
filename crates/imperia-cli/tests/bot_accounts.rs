//! Bot accounts (issue 57): a person makes one and renews or revokes its token; its program connects over
//! a WebSocket with that token and plays the seats its account is invited to, over the outside-bot
//! protocol, several games at once; a reconnect resumes; an illegal or late answer forfeits the seat, a
//! house bot plays it on, and the game goes on.

mod common;

use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use common::{Client, Server, Storage, backends, play_out};
use serde_json::{Value, json};

/// Open a bot's WebSocket with `token`: the socket, or the refusal's status.
fn connect(server: &Server, token: &str) -> Result<common::Socket, u16> {
    let url = format!("{}/api/bot/ws", server.base.replacen("http", "ws", 1));
    let mut request = tungstenite::client::IntoClientRequest::into_client_request(url.as_str()).expect("a request");
    request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().expect("a header"));
    match tungstenite::connect(request) {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("no answer: {e}"),
    }
}

/// A bot's WebSocket opened without its token.
fn without_header(server: &Server) -> common::Socket {
    let url = format!("{}/api/bot/ws", server.base.replacen("http", "ws", 1));
    tungstenite::connect(url.as_str()).expect("a WebSocket").0
}

/// The next protocol message; `None` once the socket closes or stays quiet for 20 s.
fn next(socket: &mut common::Socket) -> Option<Value> {
    if let tungstenite::stream::MaybeTlsStream::Plain(stream) = socket.get_mut() {
        stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a timeout");
    }
    loop {
        match socket.read().ok()? {
            tungstenite::Message::Text(text) => return serde_json::from_str(&text).ok(),
            tungstenite::Message::Close(_) => return None,
            _ => {}
        }
    }
}

fn say(socket: &mut common::Socket, message: Value) {
    socket.send(tungstenite::Message::Text(message.to_string().into())).expect("sent");
}

/// A bot program on its own thread: it answers each turn as `answer` says (or not at all) and passes on
/// every message it gets.
fn run_bot(mut socket: common::Socket, answer: impl Fn(&Value) -> Option<Value> + Send + 'static) -> Receiver<Value> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        while let Some(message) = next(&mut socket) {
            if message["type"] == "turn"
                && let Some(reply) = answer(&message)
            {
                say(&mut socket, reply);
            }
            if tx.send(message).is_err() {
                return;
            }
        }
    });
    rx
}

/// The first message of `kind` the bot got (waiting up to 30 s), every message before it passed over.
fn first(rx: &Receiver<Value>, kind: &str) -> Value {
    loop {
        let message = rx.recv_timeout(Duration::from_secs(30)).unwrap_or_else(|_| panic!("no `{kind}` came"));
        if message["type"] == kind {
            return message;
        }
    }
}

/// A person and their bot account `name`: the person's client and the bot's token.
fn owner_with_bot(server: &Server, person: &str, name: &str) -> (Client, String) {
    let mut owner = Client::new(server);
    owner.signup(person);
    let (status, made) = owner.post("/api/bots", json!({ "name": name }));
    assert_eq!(status, 201, "{made}");
    (owner, made["token"].as_str().expect("a token").to_string())
}

/// A game of Endeavor between `person` (seat 0) and bot account `bot` (seat 1); its id.
fn game_with(person: &mut Client, bot: &str, more: Value) -> i64 {
    let mut body = json!({ "game": "endeavor", "seats": ["human", format!("account:{bot}")] });
    body.as_object_mut().expect("an object").extend(more.as_object().cloned().unwrap_or_default());
    let (status, created) = person.post("/api/games", body);
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["started"], true, "every seat is filled: {created}");
    created["id"].as_i64().expect("an id")
}

#[test]
fn bot_accounts_are_made_renewed_and_revoked() {
    for storage in backends("bot_accounts_made") {
        made_renewed_and_revoked_on(&storage);
    }
}

fn made_renewed_and_revoked_on(storage: &Storage) {
    let server = Server::start(storage);
    let (mut anton, token) = owner_with_bot(&server, "anton", "Robo One");
    assert!(connect(&server, &token).is_ok(), "the token connects");
    assert_eq!(connect(&server, "not a token").err(), Some(401), "a bad token is refused");
    // Without the header, the first message must give the token.
    for first in
        [json!({ "type": "ready", "name": "r", "token": "not a token" }), json!({ "type": "ready", "name": "r" })]
    {
        let mut socket = without_header(&server);
        say(&mut socket, first);
        let said = next(&mut socket).expect("a reason");
        assert_eq!(said["type"], "error", "{said}");
        assert!(
            said["message"]
                .as_str()
                .is_some_and(|m| m.contains("no bot account has that token") || m.contains("Bearer"))
        );
        assert!(next(&mut socket).is_none(), "closed");
    }

    // Names as accounts' names: checked, and unique among people and bots alike.
    for (name, status) in [("x", 400), ("robo one", 409), ("ANTON", 409), ("  ", 400)] {
        let (got, body) = anton.post("/api/bots", json!({ "name": name }));
        assert_eq!(got, status, "{name}: {body}");
    }
    // A bot account signs in nowhere.
    let (status, body) = Client::new(&server).post("/api/signin", json!({ "name": "Robo One", "password": "" }));
    assert_eq!(status, 401, "{body}");
    let (_, mine) = anton.get("/api/me/bots");
    assert_eq!(mine, json!([{ "name": "Robo One", "has_token": true, "created_at": mine[0]["created_at"] }]));

    // Renewed: the old token stops connecting, the new one connects.
    let (status, renewed) = anton.post("/api/bots/robo%20one/token", json!({}));
    assert_eq!(status, 200, "{renewed}");
    let new_token = renewed["token"].as_str().expect("a token");
    assert_ne!(new_token, token);
    assert_eq!(connect(&server, &token).err(), Some(401), "the old token");
    assert!(connect(&server, new_token).is_ok(), "the new token");
    // Revoked: no token connects.
    let (status, revoked) = anton.post("/api/bots/Robo%20One/revoke", json!({}));
    assert_eq!((status, &revoked["has_token"]), (200, &json!(false)), "{revoked}");
    assert_eq!(connect(&server, new_token).err(), Some(401), "a revoked token");
    // Only its owner renews it.
    let mut boris = Client::new(&server);
    boris.signup("boris");
    assert_eq!(boris.post("/api/bots/Robo%20One/token", json!({})).0, 404);

    // A few per person.
    for i in 2..=5 {
        assert_eq!(anton.post("/api/bots", json!({ "name": format!("Robo {i}") })).0, 201);
    }
    let (status, body) = anton.post("/api/bots", json!({ "name": "Robo 6" }));
    assert_eq!(status, 429, "{body}");
    // Guests make none.
    let mut guest = Client::new(&server);
    assert_eq!(guest.post("/api/try", json!({ "game": "endeavor" })).0, 201);
    assert_eq!(guest.post("/api/bots", json!({ "name": "Guest Bot" })).0, 403);
    // A seat for a bot account that does not exist is refused in words.
    let (status, body) = anton.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "account:nobody"] }));
    assert_eq!((status, body["error"].as_str()), (400, Some("there is no bot account named nobody")));
}

#[test]
fn an_illegal_action_forfeits_and_a_house_bot_plays_on() {
    for storage in backends("bot_accounts_illegal") {
        illegal_on(&storage);
    }
}

fn illegal_on(storage: &Storage) {
    let server = Server::start(storage);
    let (mut anton, token) = owner_with_bot(&server, "anton", "robo");
    let game = game_with(&mut anton, "robo", json!({}));
    let (_, state) = anton.get(&format!("/api/games/{game}"));
    assert_eq!(state["seats"][1]["player"], "robo");
    assert_eq!(state["seats"][1]["bot_owner"], "anton", "marked as a bot account, with its owner");
    assert_eq!(state["rated"], true);

    // The game greeted, and greeted again on a reconnect, which resumes.
    for _ in 0..2 {
        let mut socket = connect(&server, &token).expect("connected");
        let hello = next(&mut socket).expect("hello");
        assert_eq!((&hello["type"], &hello["game_id"]), (&json!("hello"), &json!(game.to_string())), "{hello}");
        assert_eq!((&hello["seat"], &hello["game"]), (&json!(1), &json!("endeavor")));
        assert_eq!(hello["time"]["move_ms"], 30_000, "the default time for a decision");
    }
    let rx = run_bot(connect(&server, &token).expect("connected"), |turn| {
        let past_the_end = turn["actions"].as_array().map_or(0, Vec::len);
        Some(json!({ "type": "action", "game_id": turn["game_id"], "index": past_the_end }))
    });
    // The person plays on meanwhile, whoever is first to act.
    let mut player = anton.clone();
    let person = std::thread::spawn(move || play_out(&mut player, game));
    let said = first(&rx, "error");
    let message = said["message"].as_str().expect("a message");
    assert!(
        message.contains(&format!("you forfeit game {game}")) && message.contains("robo chose action"),
        "{message}"
    );
    assert_eq!(said["game_id"], game.to_string());

    // The game goes on, a house bot in the seat, and the people finish it.
    let (_, state) = anton.get(&format!("/api/games/{game}"));
    assert_eq!(state["seats"][1]["bot"], "medium", "{}", state["seats"][1]);
    assert!(state["seats"][1]["forfeit"].as_str().is_some_and(|f| f.starts_with("robo chose action")));
    assert_eq!(person.join().expect("anton played")["finished"], true);
    // Its rating counts the forfeit as a loss, in the bots' pool; the person is rated in the people's.
    let (_, bots) = anton.get("/api/ratings/endeavor?pool=bots");
    let (_, people) = anton.get("/api/ratings/endeavor");
    let on = |board: &Value, who: &str| {
        board["players"].as_array().and_then(|p| p.iter().find(|p| p["player"] == who).cloned())
    };
    let robo = on(&bots, "robo").unwrap_or_else(|| panic!("robo is rated among bots: {bots}"));
    assert!(robo["mu"].as_f64().is_some_and(|mu| mu < 25.0), "{bots}");
    assert_eq!(robo["bot_owner"], "anton");
    assert!(on(&people, "anton").is_some() && on(&people, "robo").is_none(), "{people}");
    assert!(on(&bots, "anton").is_none(), "{bots}");
    let (_, profile) = anton.get("/api/players/robo");
    assert_eq!(profile["bot_owner"], "anton", "{profile}");
}

#[test]
fn a_late_bot_forfeits() {
    for storage in backends("bot_accounts_late") {
        late_on(&storage);
    }
}

fn late_on(storage: &Storage) {
    // The test knob: a game may give its bots no time at all, so the bot is late the moment it is asked.
    let server = Server::start_with(storage, &["--test-bot-move-min-ms", "0"]);
    let (mut anton, token) = owner_with_bot(&server, "anton", "sloth");
    let (status, body) = anton
        .post("/api/games", json!({ "game": "endeavor", "seats": ["human", "account:sloth"], "bot_move_ms": 600_001 }));
    assert_eq!((status, body["error"].as_str()), (400, Some("bot_move_ms is from 0 to 600000 (10 minutes)")));
    let game = game_with(&mut anton, "sloth", json!({ "bot_move_ms": 0, "rated": false }));
    let rx = run_bot(connect(&server, &token).expect("connected"), |_| None);
    let mut player = anton.clone();
    let person = std::thread::spawn(move || play_out(&mut player, game));
    let said = first(&rx, "error");
    assert!(said["message"].as_str().is_some_and(|m| m.contains("sloth did not answer within 0 s")), "{said}");
    let (_, state) = anton.get(&format!("/api/games/{game}"));
    assert_eq!(state["seats"][1]["bot"], "medium");
    assert_eq!(person.join().expect("anton played")["finished"], true);
}

#[test]
fn a_bot_plays_two_games_at_once() {
    for storage in backends("bot_accounts_two") {
        two_games_on(&storage);
    }
}

fn two_games_on(storage: &Storage) {
    let server = Server::start(storage);
    let (mut anton, token) = owner_with_bot(&server, "anton", "twin");
    let mut boris = Client::new(&server);
    boris.signup("boris");
    let games = [game_with(&mut anton, "twin", json!({})), game_with(&mut boris, "twin", json!({}))];
    // Its token in the first message; then the first legal action, by its JSON, in the game each turn names.
    let mut socket = without_header(&server);
    say(&mut socket, json!({ "type": "ready", "name": "twin", "token": token }));
    let rx = run_bot(socket, |turn| {
        Some(json!({ "type": "action", "game_id": turn["game_id"], "action": turn["actions"][0]["action"] }))
    });
    let people = std::thread::spawn(move || play_out(&mut boris, games[1]));
    assert_eq!(play_out(&mut anton, games[0])["finished"], true);
    assert_eq!(people.join().expect("boris played")["finished"], true);
    let mut ended: Vec<String> =
        (0..2).map(|_| first(&rx, "end")["game_id"].as_str().unwrap_or("").to_string()).collect();
    ended.sort();
    let mut expected: Vec<String> = games.iter().map(i64::to_string).collect();
    expected.sort();
    assert_eq!(ended, expected, "both games ended for the bot, neither forfeited");
    let (_, state) = anton.get(&format!("/api/games/{}", games[0]));
    assert_eq!(state["seats"][1]["player"], "twin", "the bot played its seat to the end");
}
