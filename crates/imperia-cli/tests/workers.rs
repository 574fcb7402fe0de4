//! Thinking spread over machines (issue 54, item 5): servers started with `--bot-threads 0` think nothing
//! themselves; they put every bot's move, hint and part of a review in the database's queue, and
//! `imperia worker`s take them. A worker killed mid-thought loses nothing: its lease runs out and another
//! worker answers.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use common::{Client, Server, Storage, backends, database_url, play_out, sql, wait_for_turn};
use serde_json::{Value, json};

/// An `imperia worker` process, killed when dropped, and what it says on standard output, line by line.
struct Worker {
    child: Child,
    said: Receiver<String>,
}

impl Worker {
    fn start(storage: &Storage, args: &[&str]) -> Worker {
        let mut child = Command::new(env!("CARGO_BIN_EXE_imperia"))
            .args(["worker", "--database-url", &database_url(storage), "--verbose"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().expect("stdout");
        let (tell, said) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tell.send(line).is_err() {
                    break;
                }
            }
        });
        let worker = Worker { child, said };
        let ready = worker.wait_for("Imperia worker", Duration::from_secs(60));
        assert!(ready.contains("is thinking"), "{ready}");
        worker
    }

    /// The first line it says that starts with `start`, within `time`.
    fn wait_for(&self, start: &str, time: Duration) -> String {
        let deadline = Instant::now() + time;
        loop {
            match self.said.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) if line.starts_with(start) => return line,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => panic!("the worker never said `{start}…`"),
                Err(RecvTimeoutError::Disconnected) => panic!("the worker stopped before saying `{start}…`"),
            }
        }
    }

    /// SIGKILL: no chance to answer or give anything back.
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server that hands all its thinking to the workers.
fn thinking_nothing(storage: &Storage) -> Server {
    Server::start_with(storage, &["--bot-threads", "0"])
}

const GAMES: usize = 32;

#[test]
fn two_servers_and_two_workers_finish_every_bot_game_while_a_worker_dies_mid_thought() {
    let Some(storage) = backends("workers").into_iter().find(|s| matches!(s, Storage::Postgres(_))) else {
        return;
    };
    let servers = [thinking_nothing(&storage), thinking_nothing(&storage)];
    // The first worker claims a thought and then holds it, as a worker does that dies mid-thought; it is
    // killed while it holds it.
    let doomed = Worker::start(&storage, &["--threads", "1", "--lease-seconds", "2", "--hold-first-thought"]);
    let mut games = Vec::new();
    for (n, server) in servers.iter().enumerate() {
        let mut creator = Client::new(server);
        creator.signup(&format!("creator{n}"));
        for _ in 0..GAMES / 2 {
            let (status, created) =
                creator.post("/api/games", json!({ "game": "endeavor", "seats": ["easy", "easy"], "rated": false }));
            assert_eq!(status, 201, "{created}");
            games.push((creator.clone(), created["id"].as_i64().expect("an id")));
        }
    }
    let held = doomed.wait_for("claimed thought", Duration::from_secs(60));
    let held: i64 = held["claimed thought ".len()..].split(':').next().and_then(|id| id.parse().ok()).expect("an id");
    let steady = Worker::start(&storage, &["--threads", "2", "--lease-seconds", "2"]);
    doomed.kill();

    let deadline = Instant::now() + Duration::from_secs(600);
    for (client, game) in &games {
        let state = loop {
            let (status, state) = client.get(&format!("/api/games/{game}"));
            assert_eq!(status, 200, "{state}");
            if state["finished"] == true || Instant::now() > deadline {
                break state;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        assert_eq!(state["finished"], true, "game {game} ended: {state}");
        assert!(state["outcome"].is_object(), "with an outcome: {state}");
    }
    // The thought the killed worker held went back to the queue, and another worker answered it.
    let claims = sql(&storage, &[&format!("SELECT claims FROM thoughts WHERE id = {held} AND answer IS NOT NULL")]);
    assert_eq!(claims, ["2"], "thought {held} was claimed again and answered");
    drop(steady);
}

#[test]
fn hints_and_reviews_are_thought_by_workers() {
    for storage in backends("workers-help") {
        help_from_workers_on(&storage);
    }
}

fn help_from_workers_on(storage: &Storage) {
    let server = thinking_nothing(storage);
    let _worker = Worker::start(storage, &["--threads", "2"]);
    let mut hana = Client::new(&server);
    hana.signup("hana");
    let (status, created) =
        hana.post("/api/games", json!({ "game": "endeavor", "seats": ["human", "easy"], "rated": false }));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_i64().expect("an id");
    let state = wait_for_turn(&hana, game);
    let (status, hints) = hana.post(&format!("/api/games/{game}/hint"), json!({ "version": state["version"] }));
    assert_eq!(status, 200, "{hints}");
    let legal: Vec<&Value> = state["legal_actions"].as_array().expect("legal actions").iter().collect();
    let first = &hints["hints"][0]["action"];
    assert!(legal.iter().any(|l| &l["action"] == first), "a hint is a legal action: {hints}");

    play_out(&mut hana, game);
    let (status, asked) = hana.post(&format!("/api/games/{game}/review"), json!({}));
    assert_eq!(status, 200, "{asked}");
    let mut review = asked;
    for _ in 0..2400 {
        if review["status"] != "running" {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        review = hana.get(&format!("/api/games/{game}/review")).1;
    }
    assert_eq!(review["status"], "ready", "{review}");
    assert!(review["judged"].as_u64() > Some(10), "{review}");
    // Every thought went through the queue, and each was answered.
    let waiting = sql(storage, &["SELECT COUNT(*) FROM thoughts WHERE answer IS NULL"]);
    assert_eq!(waiting, ["0"]);
    let kinds = sql(storage, &["SELECT COUNT(DISTINCT help) FROM thoughts"]);
    assert_eq!(kinds, ["2"], "bots' moves and help both");

    // A thought that cannot be read, and one that workers kept dying on, are answered as failed rather than
    // tried for ever.
    sql(
        storage,
        &[
            "INSERT INTO thoughts (key, help, thought, created_at) VALUES ('garbled', 1, '{\"kind\": 7}', 0)",
            "INSERT INTO thoughts (key, help, thought, created_at, claims) VALUES ('deadly', 0, '{}', 0, 3)",
        ],
    );
    for (key, failure) in [("garbled", "the thought cannot be read"), ("deadly", "given up: 3 workers stopped")] {
        let mut answer = Vec::new();
        for _ in 0..400 {
            answer =
                sql(storage, &[&format!("SELECT answer FROM thoughts WHERE key = '{key}' AND answer IS NOT NULL")]);
            if !answer.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        assert!(answer.first().is_some_and(|a| a.contains(failure)), "{key}: {answer:?}");
    }
}
