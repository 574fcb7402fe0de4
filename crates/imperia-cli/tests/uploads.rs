//! Players' own content on the server (CONTENT.md): a content folder uploaded as a form, checked as the
//! terminal checks it, stored by fingerprint; a game created with it, shown as replaced to every seat before
//! and after joining, played, exported with its files, imported by another account, replayed by
//! `imperia replay`, and still itself after a restart. A refused upload stores nothing.
//!
//! Runs against SQLite, and against PostgreSQL when `IMPERIA_TEST_POSTGRES` is set (as in CI).

mod common;

use common::*;
use serde_json::{Value, json};

/// Imperial 2030's shipped board with London renamed, id and name: a valid set that differs in one entry.
fn londinium() -> String {
    let game = imperia_games::registry().get("imperial2030").copied().expect("the game");
    let (name, shipped) = game.content_files[0];
    assert_eq!(name, "board.toml");
    shipped.replace("\"london\"", "\"londinium\"").replace("\"London\"", "\"Londinium\"")
}

impl Client {
    /// POST a `multipart/form-data` form of `(name, file name, text)` parts.
    fn post_form(&self, path: &str, parts: &[(&str, Option<&str>, &str)]) -> (u16, Value) {
        let boundary = "imperia-test-boundary-7d41";
        let mut body = String::new();
        for (name, file, text) in parts {
            body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\""));
            if let Some(file) = file {
                body.push_str(&format!("; filename=\"{file}\"\r\nContent-Type: application/toml"));
            }
            body.push_str(&format!("\r\n\r\n{text}\r\n"));
        }
        body.push_str(&format!("--{boundary}--\r\n"));
        let mut request =
            agent().post(self.url(path)).header("Content-Type", format!("multipart/form-data; boundary={boundary}"));
        if let Some(c) = &self.cookie {
            request = request.header("Cookie", c);
        }
        let mut response = request.send(body.as_bytes()).expect("a response");
        (response.status().as_u16(), response.body_mut().read_json().unwrap_or(Value::Null))
    }
}

#[test]
fn uploaded_content_round_trips() {
    for storage in backends("uploads") {
        uploaded_content_round_trips_on(&storage);
    }
}

fn uploaded_content_round_trips_on(storage: &Storage) {
    let server = Server::start(storage);
    let (mut anton, mut boris) = (Client::new(&server), Client::new(&server));
    anton.signup("anton");
    boris.signup("boris");

    // Refused uploads store nothing, and say what is wrong.
    let broken =
        londinium().replacen("neighbours = [\"berlin\", \"londinium\"", "neighbours = [\"berlin\", \"atlantis\"", 1);
    assert_ne!(broken, londinium(), "the test breaks a border");
    for (parts, status, words) in [
        (
            vec![
                ("game", None, "imperial2030"),
                ("label", None, "mine"),
                ("board", Some("board.toml"), broken.as_str()),
            ],
            422,
            "atlantis",
        ),
        (
            vec![("game", None, "imperial2030"), ("label", None, "mine"), ("board", Some("bord.toml"), "x")],
            422,
            "bord.toml",
        ),
        (vec![("game", None, "imperial2030"), ("label", None, "mine")], 422, "none of this game's files"),
        (vec![("game", None, "chess"), ("board", Some("board.toml"), "x")], 400, "no game `chess`"),
        (vec![("game", None, "imperial2030"), ("colour", None, "red")], 400, "`colour`"),
    ] {
        let (got, body) = anton.post_form("/api/content", &parts);
        assert_eq!(got, status, "{body}");
        assert!(body["error"].as_str().is_some_and(|e| e.contains(words)), "`{body}` should mention `{words}`");
    }
    assert_eq!(anton.get("/api/content").1, json!([]), "nothing was stored");
    let (status, _) = Client::new(&server).post_form("/api/content", &[("game", None, "imperial2030")]);
    assert_eq!(status, 401, "uploading needs an account");

    // A good upload: one entry replaced (London), seen as removed and added under the new id.
    let board = londinium();
    let form =
        [("game", None, "imperial2030"), ("label", None, "Londinium"), ("f", Some("mine/board.toml"), board.as_str())];
    let (status, uploaded) = anton.post_form("/api/content", &form);
    assert_eq!(status, 201, "{uploaded}");
    let fingerprint = uploaded["fingerprint"].as_str().expect("a fingerprint").to_string();
    assert_eq!(uploaded["replaced"], json!(["board.toml"]));
    let changes: Vec<String> = uploaded["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| format!("{} {}", c["entry"], c["change"]))
        .collect();
    assert!(changes.contains(&"\"region `london`\" \"removed\"".to_string()), "{changes:?}");
    assert!(changes.contains(&"\"region `londinium`\" \"added\"".to_string()), "{changes:?}");
    assert_eq!(anton.get("/api/content").1[0]["fingerprint"], fingerprint.as_str());

    // Only its owner creates games with it.
    let new =
        |fingerprint: &str| json!({ "game": "imperial2030", "seats": ["human", "human"], "content": fingerprint });
    let (status, body) = boris.post("/api/games", new(&fingerprint));
    assert_eq!(status, 404, "{body}");
    let (status, created) = anton.post("/api/games", new(&fingerprint));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    assert_eq!(created["content"]["fingerprint"], fingerprint.as_str());

    // Boris sees the replaced content before joining, and on the game page.
    let (_, lobby) = boris.get("/api/lobby");
    let waiting = lobby.as_array().expect("a list").iter().find(|g| g["id"] == game).expect("the game waits");
    assert_eq!(waiting["content"]["fingerprint"], fingerprint.as_str());
    assert_eq!(boris.post(&format!("/api/games/{game}/join"), json!({})).0, 200);
    assert_eq!(anton.post(&format!("/api/games/{game}/start"), json!({})).0, 200);
    let state = boris.get(&format!("/api/games/{game}")).1;
    assert_eq!(state["content"]["fingerprint"], fingerprint.as_str());
    // The page draws this game's own map.
    let ids = |board: &Value| -> Vec<String> {
        board["board"]["regions"].as_array().expect("regions").iter().map(|r| r["id"].to_string()).collect()
    };
    let (mine, shipped) =
        (boris.get(&format!("/api/games/{game}/board")).1, boris.get("/api/catalogue/imperial2030").1);
    assert!(ids(&mine).contains(&"\"londinium\"".into()) && !ids(&mine).contains(&"\"london\"".into()));
    assert!(ids(&shipped).contains(&"\"london\"".into()));

    // Play forty steps, whoever is to act.
    for _ in 0..40 {
        let state = anton.get(&format!("/api/games/{game}")).1;
        let player = if state["to_act"][0] == state["seat"] { &mut anton } else { &mut boris };
        let state = player.get(&format!("/api/games/{game}")).1;
        let action = state["legal_actions"][0]["action"].clone();
        let (status, body) = player
            .post(&format!("/api/games/{game}/actions"), json!({ "version": state["version"], "action": action }));
        assert_eq!(status, 200, "{body}");
    }
    let before = anton.get(&format!("/api/games/{game}")).1;
    assert!(before["summary"].as_str().is_some_and(|s| s.contains("Londinium")), "{}", before["summary"]);

    // The export carries the fingerprint and the files; Boris imports it as his own game.
    let (status, record) = anton.get(&format!("/api/games/{game}/record"));
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["content"], fingerprint.as_str());
    assert_eq!(record["content_files"]["board.toml"], board.as_str());
    let (status, imported) = boris.post("/api/games/import", json!({ "record": record, "seats": ["human", "human"] }));
    assert_eq!(status, 201, "{imported}");
    assert_eq!(imported["content"]["fingerprint"], fingerprint.as_str());
    let copy = boris.get(&format!("/api/games/{}", imported["id"])).1;
    assert_eq!((&copy["view"], &copy["summary"]), (&before["view"], &before["summary"]));
    assert_eq!(boris.get("/api/content").1[0]["fingerprint"], fingerprint.as_str(), "the files are Boris's too now");
    // Without its files, a record of replaced content imports only for whoever uploaded them.
    let mut bare = record.clone();
    bare.as_object_mut().expect("an object").remove("content_files");
    let mut carol = Client::new(&server);
    carol.signup("carol");
    let (status, body) = carol.post("/api/games/import", json!({ "record": bare, "seats": ["human", "human"] }));
    assert_eq!(status, 404, "{body}");

    // The terminal replays the exported record with the files it carries, hash for hash.
    let folder = data_dir("uploads-record");
    let file = folder.join("record.json");
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("a folder");
    std::fs::write(&file, record.to_string()).expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_imperia"))
        .args(["replay", file.to_str().expect("a path"), "--quiet"])
        .output()
        .expect("imperia replay runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    // After a restart the game is loaded with its content from the database.
    server.kill();
    let server = Server::start(storage);
    let anton = Client { base: server.base.clone(), ..anton };
    let after = anton.get(&format!("/api/games/{game}")).1;
    assert_eq!((&after["view"], &after["content"]["fingerprint"]), (&before["view"], &json!(fingerprint)));
}
