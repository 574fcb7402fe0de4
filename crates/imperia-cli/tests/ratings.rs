//! Ratings through the API: a rated game moves its players' ratings once, bots included; an unrated game
//! only lists its result; a game whose seats are sides (Imperial Struggle) is rated per side too; a result
//! the server stopped before settling is settled when it starts again; and the leaderboard and profile
//! refuse what is out of bounds.
//!
//! Every test runs against SQLite, and against PostgreSQL when `IMPERIA_TEST_POSTGRES` is set.

mod common;

use common::*;
use serde_json::{Value, json};

/// A new game of `game` for `client` at seat 0 against `bot`, with `extra` fields; its id.
fn create(client: &mut Client, game: &str, bot: &str, extra: Value) -> i64 {
    let mut body = json!({ "game": game, "seats": ["human", bot] });
    body.as_object_mut().expect("an object").extend(extra.as_object().cloned().unwrap_or_default());
    let (status, created) = client.post("/api/games", body);
    assert_eq!(status, 201, "{created}");
    created["id"].as_i64().expect("an id")
}

/// The leaderboard line of `who` (an account's name or a bot level), if rated.
fn line<'a>(board: &'a Value, who: &str) -> Option<&'a Value> {
    board["players"].as_array()?.iter().find(|p| p["player"] == who || p["bot"] == who)
}

#[test]
fn rated_games_move_ratings_once() {
    for storage in backends("ratings") {
        rated_games_move_ratings_once_on(&storage);
    }
}

fn rated_games_move_ratings_once_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut rita = Client::new(&server);
    rita.signup("rita");

    // A rated game (the default) against the random bot.
    let game = create(&mut rita, "endeavor", "easy", json!({}));
    assert_eq!(rita.get(&format!("/api/games/{game}")).1["rated"], true);
    let end = play_out(&mut rita, game);
    let place = end["outcome"]["ranks"][0].as_i64().expect("a place");
    let (status, board) = rita.get("/api/ratings/endeavor");
    assert_eq!(status, 200, "{board}");
    assert_eq!(board["total"], 2, "rita and the random bot: {board}");
    let (me, bot) = (line(&board, "rita").expect("rita is rated"), line(&board, "easy").expect("the bot is rated"));
    assert_eq!((&me["games"], &bot["games"]), (&json!(1), &json!(1)));
    let (my_mu, bot_mu) = (me["mu"].as_f64().expect("μ"), bot["mu"].as_f64().expect("μ"));
    match place {
        1 if end["outcome"]["ranks"][1] == 2 => assert!(my_mu > 25.0 && bot_mu < 25.0, "{board}"),
        2 => assert!(my_mu < 25.0 && bot_mu > 25.0, "{board}"),
        _ => assert!((my_mu - bot_mu).abs() < 1e-6, "a tie moves both alike: {board}"),
    }
    let shown: Vec<f64> = board["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["rating"].as_f64().unwrap_or(f64::NAN))
        .collect();
    assert!(shown.windows(2).all(|w| w[0] >= w[1]), "best first: {shown:?}");

    // The profile lists the game with its place, and the rating.
    let (status, profile) = rita.get("/api/players/Rita");
    assert_eq!(status, 200, "names match as sign-in does: {profile}");
    assert_eq!(profile["games"][0]["id"], game);
    assert_eq!(profile["games"][0]["place"], place);
    assert_eq!(profile["games"][0]["rated"], true);
    assert_eq!(profile["ratings"][0]["game"], "endeavor");
    assert_eq!(profile["ratings"][0]["games"], 1);

    // An unrated game is listed with its result and moves nothing.
    let casual = create(&mut rita, "endeavor", "easy", json!({ "rated": false }));
    play_out(&mut rita, casual);
    let profile = rita.get("/api/players/rita").1;
    assert_eq!((&profile["games"][0]["id"], &profile["games"][0]["rated"]), (&json!(casual), &json!(false)));
    assert!(profile["games"][0]["place"].is_i64(), "{profile}");
    assert_eq!(line(&rita.get("/api/ratings/endeavor").1, "rita").expect("rated")["games"], 1);

    // A bot level at two seats of one game is one player: one game more, moved by the mean of its seats.
    let threesome = create(&mut rita, "endeavor", "easy", json!({ "seats": ["human", "easy", "easy"] }));
    play_out(&mut rita, threesome);
    let board = rita.get("/api/ratings/endeavor").1;
    assert_eq!(line(&board, "easy").expect("rated")["games"], 2, "{board}");
    assert_eq!(line(&board, "rita").expect("rated")["games"], 2, "{board}");
    assert_eq!(board["total"], 2, "still rita and one level: {board}");

    // A restart settles nothing twice; a result left unsettled (the server stopped in between) is settled.
    server.kill();
    sql(
        storage,
        &[
            &format!("UPDATE games SET settled_at = NULL WHERE id = {game}"),
            "DELETE FROM ratings",
            &format!("UPDATE seats SET place = NULL WHERE game_id = {game}"),
        ],
    );
    let server = Server::start(storage);
    let rita = Client { base: server.base.clone(), ..rita };
    let board = rita.get("/api/ratings/endeavor").1;
    assert_eq!(line(&board, "rita").expect("settled again")["games"], 1, "{board}");
    assert!((line(&board, "rita").expect("rated")["mu"].as_f64().expect("μ") - my_mu).abs() < 1e-9);
    let games = rita.get("/api/players/rita").1["games"].clone();
    let first = games.as_array().and_then(|g| g.iter().find(|g| g["id"] == game)).expect("listed");
    assert_eq!(first["place"], place, "{games}");
}

#[test]
fn sides_are_rated_apart() {
    for storage in backends("ratings_sides") {
        sides_are_rated_apart_on(&storage);
    }
}

fn sides_are_rated_apart_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut sid = Client::new(&server);
    sid.signup("sid");
    let game = create(&mut sid, "imperial-struggle", "easy", json!({}));
    play_out(&mut sid, game);
    let overall = sid.get("/api/ratings/imperial-struggle").1;
    assert_eq!(overall["sides"], json!(["Britain", "France"]), "{overall}");
    assert_eq!(overall["total"], 2);
    // Seat 0 is Britain: sid is on Britain's board, the bot on France's.
    let britain = sid.get("/api/ratings/imperial-struggle?side=Britain").1;
    assert_eq!((britain["total"].clone(), line(&britain, "sid").is_some()), (json!(1), true), "{britain}");
    let france = sid.get("/api/ratings/imperial-struggle?side=France").1;
    assert!(line(&france, "easy").is_some(), "{france}");
    let profile = sid.get("/api/players/sid").1;
    let sides: Vec<&Value> = profile["ratings"].as_array().expect("ratings").iter().map(|r| &r["side"]).collect();
    assert_eq!(sides, [&Value::Null, &json!("Britain")], "overall, then the side played: {profile}");
}

#[test]
fn ratings_refuse_what_is_out_of_bounds() {
    let storage = Storage::Sqlite(data_dir("ratings_bounds"));
    let server = Server::start(&storage);
    let mut ann = Client::new(&server);
    ann.signup("ann");
    for (path, status) in [
        ("/api/ratings/chess", 404),
        ("/api/ratings/endeavor?limit=many", 400),
        ("/api/ratings/endeavor?limit=-1", 400),
        ("/api/ratings/endeavor?offset=100001", 400),
        ("/api/ratings/endeavor?offset=99999999999999999999", 400),
        ("/api/ratings/endeavor?colour=red", 400),
        ("/api/players/x", 404),
        ("/api/players/nobody-here", 404),
        ("/api/players/ann?before=soon", 400),
    ] {
        let (got, body) = ann.get(path);
        assert_eq!(got, status, "{path}: {body}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{path} says what is wrong: {body}");
    }
    let long = "x".repeat(81);
    let (got, body) = ann.get(&format!("/api/ratings/endeavor?side={long}"));
    assert_eq!(got, 400, "{body}");
    // Oversized pages are cut to 100; an empty board is an empty list.
    let (got, board) = ann.get("/api/ratings/endeavor?limit=100000");
    assert_eq!((got, board["total"].clone(), board["players"].clone()), (200, json!(0), json!([])));
    // A game of one's own content cannot be rated; `rated` is a yes or no.
    let (got, body) = ann.post(
        "/api/games",
        json!({ "game": "endeavor", "seats": ["human", "easy"], "content": "0123456789abcdef", "rated": true }),
    );
    assert_eq!(got, 400, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("cannot be rated"), "{body}");
    let (got, body) = ann.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": "yes" }));
    assert!(got == 400 || got == 422, "{got} {body}");
    assert_eq!(ann.get("/api/games").1, json!([]), "nothing was created");
}
