//! The bot's review of a finished game through the API (issue 15 item 11): asked for once the game is
//! over, made in the background, judging only the people's decisions; the slips it keeps are the biggest,
//! in the order made, and the review is kept across a restart. A game only bots played offers none (issue
//! 55 item 8), and a finished game's state says why it ended and what each score is made of.

mod common;

use common::{Client, Server, Storage, backends, play_out, wait_for};
use serde_json::{Value, json};

#[test]
fn a_finished_game_is_reviewed_once() {
    for storage in backends("review") {
        reviewed_on(&storage);
    }
}

fn review(who: &Client, game: i64) -> Value {
    let (status, review) = who.get(&format!("/api/games/{game}/review"));
    assert_eq!(status, 200, "{review}");
    review
}

fn reviewed_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut rita = Client::new(&server);
    rita.signup("rita");
    let (status, created) =
        rita.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": false }));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");

    // Not before the end, and not for someone signed out.
    let (status, e) = rita.post(&format!("/api/games/{game}/review"), json!({}));
    assert_eq!(status, 409, "{e}");
    assert!(e["error"].as_str().unwrap_or("").contains("once it is over"), "{e}");
    let (_, running) = rita.get(&format!("/api/games/{game}"));
    assert!(running["ending"].is_null(), "no ending before the end: {}", running["ending"]);
    let end = play_out(&mut rita, game);
    the_ending_adds_up(&end);
    assert_eq!(review(&rita, game)["status"], "none");
    let (status, _) = Client::new(&server).post(&format!("/api/games/{game}/review"), json!({}));
    assert_eq!(status, 401);

    let (status, asked) = rita.post(&format!("/api/games/{game}/review"), json!({}));
    assert_eq!(status, 200, "{asked}");
    assert!(asked["status"] == "running" || asked["status"] == "ready", "{asked}");
    let mut ready = review(&rita, game);
    for _ in 0..2400 {
        if ready["status"] != "running" {
            break;
        }
        assert!(ready["done"].as_u64() <= ready["of"].as_u64(), "{ready}");
        std::thread::sleep(std::time::Duration::from_millis(50));
        ready = review(&rita, game);
    }
    assert_eq!(ready["status"], "ready", "{ready}");
    let decisions = end["steps"].as_u64().expect("steps");
    let judged = ready["judged"].as_u64().expect("judged");
    assert!(judged > 10 && judged < decisions, "only rita's decisions with a choice: {judged} of {decisions} steps");
    let slips = ready["slips"].as_array().expect("slips");
    assert!(slips.len() <= 5, "{ready}");
    let steps: Vec<u64> = slips.iter().map(|s| s["step"].as_u64().expect("a step")).collect();
    assert!(steps.windows(2).all(|w| w[0] < w[1]), "in the order made: {steps:?}");
    for s in slips {
        assert_eq!(s["seat"], 0, "the bot's decisions are not judged: {s}");
        let loss = s["loss"].as_f64().expect("a loss");
        assert!(loss >= 0.05, "{s}");
        let (best, chosen) = (s["best_value"].as_f64().unwrap_or(0.0), s["chosen_value"].as_f64().unwrap_or(1.0));
        assert!((best - chosen - loss).abs() < 1e-9, "{s}");
        assert!(s["chosen"].is_string() && s["best"].is_string(), "{s}");
    }

    // Asked again, it is the same review; and it is kept.
    let (_, again) = rita.post(&format!("/api/games/{game}/review"), json!({}));
    assert_eq!(again, ready);
    server.kill();
    let server = Server::start(storage);
    let rita = Client { base: server.base.clone(), ..rita };
    assert_eq!(review(&rita, game), ready);
    assert_eq!(Client::new(&server).get(&format!("/api/games/{game}/review")).0, 200, "anyone may read it");
}

/// A finished game's `ending`: the game's own reason, and each seat's parts adding up to its score.
fn the_ending_adds_up(end: &Value) {
    let reason = end["ending"]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("Round 7, the last, is over"), "{}", end["ending"]);
    let parts = end["ending"]["parts"].as_array().expect("parts");
    assert_eq!(parts.len(), 2, "{parts:?}");
    for (seat, parts) in parts.iter().enumerate() {
        let parts = parts.as_array().expect("a seat's parts");
        assert!(parts.iter().any(|p| p["label"] == "Industry track"), "{parts:?}");
        let sum: i64 = parts.iter().map(|p| p["points"].as_i64().expect("points")).sum();
        assert_eq!(sum, end["outcome"]["scores"][seat].as_i64().expect("a score"), "{parts:?}");
    }
}

#[test]
fn a_game_only_bots_played_offers_no_review() {
    for storage in backends("review-bots") {
        no_review_on(&storage);
    }
}

fn no_review_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut watcher = Client::new(&server);
    watcher.signup("wanda");
    let (status, created) =
        watcher.post("/api/games", json!({ "game": "endeavor", "seats": ["easy", "easy"], "rated": false }));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    let end = wait_for(&watcher, game, &[]);
    assert_eq!(end["finished"], true, "{end}");
    the_ending_adds_up(&end);
    // Before anyone asks, the server says none can be made, to a player and to a visitor alike.
    for reader in [&watcher, &Client::new(&server)] {
        let unavailable = review(reader, game);
        assert_eq!(unavailable["status"], "unavailable", "{unavailable}");
        assert!(unavailable["why"].as_str().unwrap_or("").contains("only bots played"), "{unavailable}");
    }
    let (status, e) = watcher.post(&format!("/api/games/{game}/review"), json!({}));
    assert_eq!(status, 409, "{e}");
    server.kill();
}
