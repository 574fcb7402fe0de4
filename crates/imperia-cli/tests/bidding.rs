//! Bidding for France in Imperial Struggle (issue 54, item 3): sealed bids before the start, the higher bid
//! plays France and the other player Britain with that many treaty points, the accounts change seats before
//! the game is set up, and every bad bid is refused with nothing changed.
//!
//! Every test runs against SQLite, and against PostgreSQL when `IMPERIA_TEST_POSTGRES` is set.

mod common;

use common::*;
use serde_json::{Value, json};

/// The bot's bid (`imperia_server::bidding::BOT_BID`).
const BOT_BID: i64 = 4;

/// A new Imperial Struggle game whose sides are bid for, `seats` as given; its id.
fn create(client: &mut Client, seats: Value) -> i64 {
    let body = json!({ "game": "imperial-struggle", "seats": seats, "bid_for_france": true });
    let (status, created) = client.post("/api/games", body);
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["started"], false, "a game whose sides are bid for waits for the bids: {created}");
    created["id"].as_i64().expect("an id")
}

fn state(client: &Client, game: i64) -> Value {
    let (status, state) = client.get(&format!("/api/games/{game}"));
    assert_eq!(status, 200, "{state}");
    state
}

fn bid(client: &mut Client, game: i64, body: Value) -> (u16, Value) {
    client.post(&format!("/api/games/{game}/bid"), body)
}

/// Who sits at each seat.
fn players(state: &Value) -> Vec<Value> {
    state["seats"].as_array().expect("seats").iter().map(|s| s["player"].clone()).collect()
}

#[test]
fn the_higher_bid_plays_france_and_the_other_side_gets_the_points() {
    for storage in backends("bidding") {
        the_higher_bid_plays_france_on(&storage);
    }
}

fn the_higher_bid_plays_france_on(storage: &Storage) {
    let mut server = Server::start(storage);
    let (mut alice, mut bob, mut carol) = (Client::new(&server), Client::new(&server), Client::new(&server));
    alice.signup("alice");
    bob.signup("bob");
    carol.signup("carol");
    let game = create(&mut alice, json!(["human", "human"]));
    let (status, seated) = bob.post(&format!("/api/games/{game}/join"), json!({}));
    assert_eq!(status, 200, "{seated}");
    // Every seat is taken, and still the game waits: for the bids.
    let before = state(&alice, game);
    assert_eq!((before["started"].clone(), players(&before)), (json!(false), vec![json!("alice"), json!("bob")]));
    assert!(before["prompt"].as_str().is_some_and(|p| p.contains("alice") && p.contains("bob")), "{before}");
    assert_eq!(before["bid"]["max"], 8, "{before}");
    let mut socket = seat_socket(&server, game, &alice, 0);
    // Before the start each seat sees its side's deal; the game is dealt afresh at the start.
    let seed_before = sql(storage, &[&format!("SELECT seed FROM games WHERE id = {game}")]);

    // Bad bids: each says what is wrong, and nothing changes.
    let bad = [
        ("carol", json!({ "points": 1 }), 403, "no seat"),
        ("alice", json!({ "points": 1, "seat": 1 }), 403, "not yours"),
        ("alice", json!({ "points": 9 }), 422, "from 0 to 8"),
        ("alice", json!({ "points": -1 }), 422, "from 0 to 8"),
        ("alice", json!({ "points": "3" }), 400, "points"),
        ("alice", json!({ "points": 1e30 }), 400, "points"),
    ];
    for (who, body, code, says) in bad {
        let client = if who == "carol" { &mut carol } else { &mut alice };
        let (status, refused) = bid(client, game, body.clone());
        assert_eq!(status, code, "{who} {body}: {refused}");
        assert!(refused["error"].as_str().is_some_and(|e| e.contains(says)), "{who} {body}: {refused}");
    }
    assert_eq!(state(&alice, game)["bid"]["placed"], json!([]), "the refusals placed nothing");

    let (status, placed) = bid(&mut alice, game, json!({ "points": 3 }));
    assert_eq!((status, placed["started"].clone()), (200, json!(false)), "{placed}");
    let (status, again) = bid(&mut alice, game, json!({ "points": 5 }));
    assert_eq!(status, 409, "a bid is final: {again}");
    assert!(again["error"].as_str().is_some_and(|e| e.contains("already")), "{again}");
    // Sealed: bob and a spectator learn that alice has bid, not what.
    let seen_by_bob = state(&bob, game);
    assert_eq!(seen_by_bob["bid"]["placed"], json!([0]), "{seen_by_bob}");
    assert_eq!((&seen_by_bob["bid"]["yours"], &seen_by_bob["bid"]["settled"]), (&Value::Null, &Value::Null));
    assert_eq!(state(&alice, game)["bid"]["yours"], 3);
    let spectator = Client::new(&server).get(&format!("/api/games/{game}")).1;
    assert!(!spectator["bid"].to_string().contains('3'), "{spectator}");

    // Bob's bid is the last: the bids open, alice's 3 wins France, and the two change seats.
    let (status, placed) = bid(&mut bob, game, json!({ "points": 1, "seat": 1 }));
    assert_eq!((status, placed["started"].clone()), (200, json!(true)), "{placed}");
    let after = state(&alice, game);
    assert_eq!((after["started"].clone(), after["seat"].clone()), (json!(true), json!(1)), "alice plays France");
    assert_eq!(players(&after), vec![json!("bob"), json!("alice")]);
    assert_eq!(after["view"]["config"]["france_bid"], 3, "{}", after["view"]["config"]);
    assert_eq!((&after["view"]["powers"][0]["trp"], &after["view"]["powers"][1]["trp"]), (&json!(3), &json!(0)));
    let settled = &after["bid"]["settled"];
    assert_eq!((&settled["france"], &settled["points"], &settled["tie"]), (&json!("alice"), &json!(3), &json!(false)));
    let opened: Vec<(Value, Value)> =
        settled["bids"].as_array().expect("bids").iter().map(|b| (b["bidder"].clone(), b["points"].clone())).collect();
    assert_eq!(opened, vec![(json!("alice"), json!(3)), (json!("bob"), json!(1))]);
    // The socket alice opened at seat 1 follows her to France's seat: it never shows her Britain's hand.
    let pushed = next_state_at(&mut socket, |s| s["started"] == true).expect("the started game");
    assert_eq!(pushed["seat"], 1, "the socket follows alice to France");
    // The stored record sets the game up as it was played, and the store keeps both bids.
    let config = sql(storage, &[&format!("SELECT config FROM games WHERE id = {game}")]);
    let config: Value = serde_json::from_str(&config[0]).expect("a config");
    assert_eq!(config["france_bid"], 3, "{config}");
    let kept = sql(storage, &[&format!("SELECT points FROM bids WHERE game_id = {game} ORDER BY id")]);
    assert_eq!(kept, ["3", "1"]);
    let seed_after = sql(storage, &[&format!("SELECT seed FROM games WHERE id = {game}")]);
    assert_ne!(seed_before, seed_after, "bob, now Britain, must not know the French hand he saw as France");
    let (status, late) = bid(&mut bob, game, json!({ "points": 0 }));
    assert_eq!(status, 409, "{late}");

    // The store kept it all: a restarted server shows the same seats and bids.
    server.kill();
    server = Server::start(storage);
    alice.base = server.base.clone();
    let reloaded = state(&alice, game);
    assert_eq!((players(&reloaded), &reloaded["bid"]), (players(&after), &after["bid"]));
    assert_eq!(reloaded["view"]["powers"][0]["trp"], 3);
}

#[test]
fn a_bot_bids_its_constant_and_equal_bids_go_to_the_first() {
    for storage in backends("bidding-bot") {
        a_bot_bids_its_constant_on(&storage);
    }
}

fn a_bot_bids_its_constant_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut dora = Client::new(&server);
    dora.signup("dora");
    let game = create(&mut dora, json!(["human", "easy"]));
    assert_eq!(state(&dora, game)["bid"]["bot_bid"], BOT_BID);
    // Dora's bid is the last a person owes: the game starts. It equals the bot's, which is placed at the
    // start, after hers: hers was first, so she plays France.
    let (status, placed) = bid(&mut dora, game, json!({ "points": BOT_BID }));
    assert_eq!((status, placed["started"].clone()), (200, json!(true)), "{placed}");
    let after = state(&dora, game);
    assert_eq!(after["seat"], 1, "{after}");
    assert_eq!(after["seats"][0]["bot"], "easy");
    let settled = &after["bid"]["settled"];
    assert_eq!(
        (&settled["france"], &settled["points"], &settled["tie"]),
        (&json!("dora"), &json!(BOT_BID), &json!(true))
    );
    assert_eq!(after["view"]["powers"][0]["trp"], BOT_BID, "the bot plays Britain with the points");

    // The creator may also start with a bot for an open seat: the bot bids at the start.
    let other = create(&mut dora, json!(["human", "human"]));
    let (status, refused) = dora.post(&format!("/api/games/{other}/start"), json!({ "bots": "easy" }));
    assert_eq!(status, 409, "dora has not bid: {refused}");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("dora")), "{refused}");
    let (status, _) = bid(&mut dora, other, json!({ "points": BOT_BID + 1 }));
    assert_eq!(status, 200);
    let (status, started) = dora.post(&format!("/api/games/{other}/start"), json!({ "bots": "easy" }));
    assert_eq!(status, 200, "{started}");
    let after = state(&dora, other);
    assert_eq!((after["seat"].clone(), after["view"]["powers"][0]["trp"].clone()), (json!(1), json!(BOT_BID + 1)));
}

#[test]
fn only_imperial_struggle_offers_the_bid_and_only_as_asked() {
    for storage in backends("bidding-refused") {
        only_imperial_struggle_offers_the_bid_on(&storage);
    }
}

fn only_imperial_struggle_offers_the_bid_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut erin = Client::new(&server);
    erin.signup("erin");
    let refused = [
        (json!({ "game": "endeavor", "seats": ["human", "easy"], "bid_for_france": true }), "Imperial Struggle"),
        (
            json!({ "game": "imperial-struggle", "seats": ["human", "easy"], "bid_for_france": true,
                    "options": { "france_bid": 2 } }),
            "france_bid",
        ),
        (json!({ "game": "imperial-struggle", "seats": ["easy", "easy"], "bid_for_france": true }), "person"),
        (json!({ "game": "imperial-struggle", "seats": ["human", "easy"], "options": { "france_bid": 9 } }), "0 to 8"),
    ];
    for (body, says) in refused {
        let (status, error) = erin.post("/api/games", body.clone());
        assert_eq!(status, 400, "{body}: {error}");
        assert!(error["error"].as_str().is_some_and(|e| e.contains(says)), "{body}: {error}");
    }
    // A game created without the option takes no bid.
    let (status, created) = erin.post("/api/games", json!({ "game": "imperial-struggle", "seats": ["human", "easy"] }));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    let (status, refused) = bid(&mut erin, game, json!({ "points": 1 }));
    assert_eq!(status, 409, "{refused}");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("does not bid")), "{refused}");
    assert!(state(&erin, game).get("bid").is_none());
    // The lobby lists a game whose sides are bid for as such.
    let waiting = create(&mut erin, json!(["human", "human"]));
    let (_, lobby) = erin.get("/api/lobby");
    let listed = lobby.as_array().expect("games").iter().find(|g| g["id"] == waiting).cloned().expect("listed");
    assert_eq!(listed["bidding"], true, "{listed}");
}
