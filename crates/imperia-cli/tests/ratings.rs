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

/// Issue 54: ratings could be farmed through guests and one-second clocks. A rated game seats accounts only,
/// at creation's word and at every door (an invitation, the lobby's join); its clock has a floor; and the
/// leaderboard never lists a guest.
#[test]
fn rated_games_seat_accounts_only_on_a_sensible_clock() {
    for storage in backends("ratings_accounts") {
        rated_games_seat_accounts_only_on(&storage);
    }
}

fn rated_games_seat_accounts_only_on(storage: &Storage) {
    let server = Server::start(storage);
    let mut ann = Client::new(&server);
    ann.signup("ann");
    let two = |rated: bool| json!({ "game": "endeavor", "seats": ["human", "human"], "rated": rated });
    let (status, rated) = ann.post("/api/games", two(true));
    assert_eq!(status, 201, "{rated}");
    let (id, invite) = (rated["id"].as_i64().expect("an id"), rated["invites"][0]["invite"].clone());

    // Someone not signed in opens the invitation: refused, and no guest account is made for them.
    let mut stranger = Client::new(&server);
    let (status, body) = stranger.post(&format!("/api/games/{id}/claim"), json!({ "invite": invite }));
    assert_eq!(status, 403, "a guest takes no seat of a rated game: {body}");
    assert!(body["error"].as_str().unwrap_or("").contains("players with an account"), "{body}");
    assert!(stranger.cookie.is_none(), "no guest was made");
    // A guest of a casual game cannot join it from the lobby either.
    let (status, casual) = ann.post("/api/games", two(false));
    assert_eq!(status, 201, "{casual}");
    let casual_id = casual["id"].as_i64().expect("an id");
    let mut guest = Client::guest(&server, casual_id, casual["invites"][0]["invite"].as_str().expect("an invitation"));
    let (status, body) = guest.post(&format!("/api/games/{id}/join"), json!({}));
    assert_eq!(status, 403, "{body}");
    let (status, body) = guest.post(&format!("/api/games/{id}/claim"), json!({ "invite": invite }));
    assert_eq!(status, 403, "{body}");
    // An account takes the seat.
    let mut bob = Client::new(&server);
    bob.signup("bob");
    let (status, body) = bob.post(&format!("/api/games/{id}/claim"), json!({ "invite": invite }));
    assert_eq!(status, 200, "{body}");

    // A rated game's clock gives at least 30 seconds a decision; a casual one may be as short as it likes.
    let timed = |rated: bool, per_move: i64| {
        json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": rated,
                "time_control": { "per_move_seconds": per_move, "reserve_seconds": 0 } })
    };
    let (status, body) = ann.post("/api/games", timed(true, 1));
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("at least 30 seconds a decision"), "{body}");
    assert_eq!(ann.post("/api/games", timed(false, 1)).0, 201);
    assert_eq!(ann.post("/api/games", timed(true, 30)).0, 201);
    assert_eq!(ann.get("/api/rules/endeavor").1["rated_min_per_move_seconds"], 30, "the rules page states it");

    // A guest rated before rated games seated accounts only is not listed; the total leaves it out too.
    let guest_id = sql(storage, &["SELECT id FROM users WHERE guest <> 0"]);
    assert_eq!(guest_id.len(), 1, "{guest_id:?}");
    sql(
        storage,
        &[&format!(
            "INSERT INTO ratings (game, user_id, bot, side, mu, sigma, games) VALUES ('endeavor', {}, '', '', 40, 1, 3)",
            guest_id[0]
        )],
    );
    let board = ann.get("/api/ratings/endeavor").1;
    assert_eq!((&board["total"], &board["players"]), (&json!(0), &json!([])), "{board}");
}

/// Issue 54: a player who runs out of time in a rated game loses it on the rating then, and the bot that
/// takes the seat plays on for the others without moving that player's rating again. (The server's floor
/// for rated clocks is lowered, so that the seat runs out in a second.)
#[test]
fn losing_on_time_in_a_rated_game_is_a_loss_then() {
    for storage in backends("ratings_on_time") {
        losing_on_time_on(&storage);
    }
}

fn losing_on_time_on(storage: &Storage) {
    let server = Server::start_with(storage, &["--rated-min-seconds", "1"]);
    let (mut cleo, mut jo) = (Client::new(&server), Client::new(&server));
    cleo.signup("cleo");
    jo.signup("joan");
    let clock = json!({ "per_move_seconds": 1, "reserve_seconds": 0 });
    let (status, created) =
        cleo.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "human"], "time_control": clock }));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    assert_eq!(jo.post(&format!("/api/games/{game}/join"), json!({})).0, 200);
    assert_eq!(cleo.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    // Cleo plays until it is Jo's decision; Jo does nothing, and runs out of time.
    loop {
        let state = cleo.get(&format!("/api/games/{game}")).1;
        if state["to_act"][0] == 1 {
            break;
        }
        let (status, body) = cleo.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert_eq!(status, 200, "{body}");
    }
    for _ in 0..200 {
        if cleo.get(&format!("/api/games/{game}")).1["seats"][1]["out_of_time"] == true {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let (status, body) = cleo.post(&format!("/api/games/{game}/seats/1/bot"), json!({ "bot": "easy" }));
    assert_eq!(status, 200, "{body}");

    // Jo's loss is taken now, and shown on Jo's page as the game's result; nobody else moves yet.
    let board = cleo.get("/api/ratings/endeavor").1;
    let lost = line(&board, "joan").expect("jo lost on the rating at once").clone();
    assert_eq!(lost["games"], 1, "{board}");
    assert!(lost["mu"].as_f64().expect("μ") < 25.0, "a loss: {board}");
    assert_eq!(board["total"], 1, "only jo has moved: {board}");
    let mine = &jo.get("/api/players/joan").1["games"][0];
    assert_eq!((&mine["id"], &mine["left"]), (&json!(game), &json!(true)), "{mine}");
    assert!(mine["lost_on_time"].is_i64(), "{mine}");

    // Cleo plays on against the bot. At the end Cleo wins against Jo, whatever the bot made of the seat;
    // Jo's rating does not move again, and the bot that only took over is not rated.
    play_out(&mut cleo, game);
    let board = cleo.get("/api/ratings/endeavor").1;
    assert_eq!(line(&board, "joan").expect("still rated"), &lost, "{board}");
    let cleo_line = line(&board, "cleo").expect("cleo is rated at the end");
    assert_eq!(cleo_line["games"], 1, "{board}");
    assert!(cleo_line["mu"].as_f64().expect("μ") > 25.0, "cleo won against jo: {board}");
    assert!(line(&board, "easy").is_none(), "{board}");
}
