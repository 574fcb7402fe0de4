//! Outside bots (docs/bot-builders.md): `imperia arena` seats a program with `cmd:`, which plays by the
//! protocol on its standard input and output, forfeits a game it fails in any way while the arena goes on,
//! and leaves no process behind. A server refuses `cmd:` outright.
//!
//! The bad bots are `tests/fixtures/bad_bot.py`, each failing in one way; the one that is late never answers,
//! against a limit of 200 ms, so no test races the clock.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

const RANDOM_BOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bots/random_bot.py");
const BAD_BOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/bad_bot.py");

/// `imperia arena … --json`, which must succeed: its report.
fn arena(game: &str, seats: &str, extra: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_imperia"))
        .args(["arena", game, "--seats", seats, "--json"])
        .args(extra)
        .output()
        .expect("the binary runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "imperia arena {game} --seats {seats}: {said}");
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

fn python(script: &str, args: &str) -> String {
    format!("cmd:python3 '{script}' {args}")
}

#[test]
fn the_python_example_plays_whole_games_against_imperias_bots() {
    let report = arena("endeavor", &format!("{},mcts:20", python(RANDOM_BOT, "")), &["--games", "2"]);
    assert_eq!(report["games"], 2);
    assert_eq!(report["forfeits"], json!([]), "{report}");
    let bots = report["bots"].as_array().expect("bots");
    assert!(bots[0]["bot"].as_str().is_some_and(|b| b.starts_with("cmd:python3 ")), "{report}");
    assert!(bots[0]["decisions"].as_u64().is_some_and(|d| d > 10), "the program decided: {report}");
    let wins: f64 = bots.iter().filter_map(|b| b["wins"].as_f64()).sum();
    assert_eq!(wins, 2.0, "each game has its winners: {report}");

    // Two programs at one table of three, beside a bot of Imperia's.
    let seats = format!("{0},{0},random", python(RANDOM_BOT, ""));
    let report = arena("imperial2030", &seats, &["--games", "1"]);
    assert_eq!(report["forfeits"], json!([]), "{report}");
    assert!(report["bots"][1]["decisions"].as_u64().is_some_and(|d| d > 10), "{report}");
}

/// An arena of two games: the bad bot, failing as `fault` says, against `random`; every game is its forfeit.
fn forfeits(fault: &str, extra: &[&str]) -> Vec<String> {
    let report = arena("endeavor", &format!("{},random", python(BAD_BOT, fault)), &[&["--games", "2"], extra].concat());
    assert_eq!(report["games"], 2, "the arena went on after the first forfeit: {report}");
    let bots = &report["bots"];
    assert_eq!((&bots[0]["forfeits"], &bots[1]["forfeits"]), (&json!(2), &json!(0)), "{report}");
    assert_eq!(bots[1]["wins"], 2.0, "the other seat wins each game: {report}");
    assert_eq!(bots[0]["mean_rank"], 2.0, "the forfeiting seat is last: {report}");
    let listed = report["forfeits"].as_array().expect("forfeits");
    assert_eq!(listed.len(), 2, "{report}");
    // Bot 0 sits at seat 1 in game 0, at seat 2 in game 1.
    assert_eq!((&listed[0]["seat"], &listed[1]["seat"]), (&json!(1), &json!(2)), "{report}");
    listed.iter().map(|f| f["reason"].as_str().unwrap_or_default().to_string()).collect()
}

#[test]
fn a_bot_that_never_answers_forfeits_on_its_clock() {
    for reason in forfeits("late", &["--move-time", "0.2"]) {
        assert_eq!(reason, "did not answer within 0.2 s");
    }
    // The game's clock cuts a decision short too.
    for reason in forfeits("late", &["--game-time", "0.2"]) {
        assert_eq!(reason, "did not answer within 0.2 s");
    }
    for reason in forfeits("silent", &["--ready-time", "0.2"]) {
        assert_eq!(reason, "did not answer within 0.2 s");
    }
}

#[test]
fn a_bot_that_crashes_forfeits() {
    for reason in forfeits("crash", &[]) {
        assert_eq!(reason, "exited with code 3");
    }
}

#[test]
fn a_bot_that_chooses_an_illegal_action_forfeits() {
    for reason in forfeits("illegal", &[]) {
        assert!(reason.starts_with("chose action ") && reason.contains(", and there were "), "{reason}");
    }
}

#[test]
fn a_bot_that_sends_garbage_or_too_much_forfeits() {
    for reason in forfeits("garbage", &[]) {
        assert!(reason.starts_with("sent a line that is not a message of protocol 1: "), "{reason}");
    }
    for reason in forfeits("huge", &[]) {
        assert_eq!(reason, "sent a line longer than 1048576 bytes");
    }
}

#[test]
fn a_forfeit_at_a_larger_table_leaves_the_others_sharing_first_place() {
    let seats = format!("{},{},random", python(BAD_BOT, "crash"), python(RANDOM_BOT, ""));
    let report = arena("imperial2030", &seats, &["--games", "1"]);
    let bots = &report["bots"];
    assert_eq!(report["forfeits"][0]["reason"], "exited with code 3", "{report}");
    assert_eq!([&bots[0]["forfeits"], &bots[1]["forfeits"], &bots[2]["forfeits"]], [&json!(1), &json!(0), &json!(0)]);
    assert_eq!([&bots[0]["wins"], &bots[1]["wins"], &bots[2]["wins"]], [&json!(0.0), &json!(0.5), &json!(0.5)]);
    assert_eq!(bots[0]["mean_rank"], 3.0, "{report}");
}

/// A program hears of a game's end only if it heard of the game: one seated after a seat that forfeited on
/// `hello` is never told either.
#[test]
fn only_a_program_told_of_the_game_is_told_of_its_end() {
    let scratch = data_dir("outside-bot-listens");
    std::fs::create_dir_all(&scratch).expect("a folder");
    let heard = |log: &std::path::Path| std::fs::read_to_string(log).unwrap_or_default();

    let log = scratch.join("greeted.log");
    let seats = format!("{},random", python(BAD_BOT, &format!("listen '{}'", log.display())));
    let report = arena("endeavor", &seats, &["--games", "1"]);
    assert_eq!(report["forfeits"], json!([]), "{report}");
    let said = heard(&log);
    assert!(said.starts_with("hello\nturn\n") && said.ends_with("turn\nend\n"), "{said}");

    let log = scratch.join("never-greeted.log");
    let seats =
        format!("{},{},random", python(BAD_BOT, "silent"), python(BAD_BOT, &format!("listen '{}'", log.display())));
    let report = arena("imperial2030", &seats, &["--games", "1", "--ready-time", "0.2"]);
    assert_eq!(report["forfeits"][0]["seat"], 1, "{report}");
    assert_eq!(heard(&log), "", "the program after the one that failed `hello` heard nothing");
}

#[test]
fn no_process_of_a_bot_outlives_its_game() {
    let scratch = data_dir("outside-bot-pids");
    std::fs::create_dir_all(&scratch).expect("a folder");
    let pids_file = scratch.join("pids");
    let bad = python(BAD_BOT, &format!("late '{}'", pids_file.display()));
    let report = arena("endeavor", &format!("{bad},random"), &["--games", "1", "--move-time", "0.2"]);
    assert_eq!(report["bots"][0]["forfeits"], 1, "{report}");
    let pids = std::fs::read_to_string(&pids_file).expect("the bot wrote its process ids");
    let state = |pid: &str| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        stat.rsplit_once(") ")?.1.chars().next()
    };
    for pid in pids.split_whitespace() {
        // Gone, or a zombie that its new parent has yet to reap: nothing runs on. A process dies a moment
        // after its signal: wait for that, boundedly.
        let deadline = Instant::now() + Duration::from_secs(10);
        while !matches!(state(pid), None | Some('Z')) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(matches!(state(pid), None | Some('Z')), "process {pid} lives on: {:?}", state(pid));
    }
}

#[test]
fn only_the_arena_runs_a_program_and_a_server_refuses_one() {
    let out = Command::new(env!("CARGO_BIN_EXE_imperia"))
        .args(["play", "endeavor", "--bots", "cmd:python3 bot.py"])
        .output()
        .expect("the binary runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(said.contains("`cmd:` runs a program of this machine as a bot, which only `imperia arena"), "{said}");

    let server = Server::start(&Storage::Sqlite(data_dir("outside-bots-refused")));
    let mut anton = Client::new(&server);
    anton.signup("anton");
    let seats = json!(["human", "cmd:python3 bot.py"]);
    let (status, body) = anton.post("/api/games", json!({ "game": "endeavor", "seats": seats }));
    assert_eq!(status, 400, "{body}");
    let refusal = body["error"].as_str().unwrap_or_default();
    assert!(refusal.starts_with("a server runs no program a client names"), "{refusal}");
}

/// `imperia bot SPEC`: Imperia's own bot as an outside program.
fn own_bot(spec: &str) -> String {
    format!("cmd:{} bot {spec}", env!("CARGO_BIN_EXE_imperia"))
}

#[test]
fn imperias_own_bot_plays_whole_games_as_a_program() {
    let report = arena("imperial-struggle", &format!("{},random", own_bot("mcts:20")), &["--games", "1"]);
    assert_eq!(report["forfeits"], json!([]), "{report}");
    let bot = &report["bots"][0];
    assert!(bot["bot"].as_str().is_some_and(|b| b.ends_with(" bot mcts:20")), "{report}");
    assert!(bot["decisions"].as_u64().is_some_and(|d| d > 10), "the program decided: {report}");

    // Two at one table of three, as the one-step bot, beside a bot in the arena's own process.
    let report = arena("imperial2030", &format!("{0},{0},random", own_bot("heuristic")), &["--games", "1"]);
    assert_eq!(report["forfeits"], json!([]), "{report}");
}

#[test]
fn imperias_own_bot_stops_its_search_within_the_turns_clock() {
    // The first position as seat 0 sees it, from `imperia apply`.
    let out = Command::new(env!("CARGO_BIN_EXE_imperia"))
        .args(["apply", "imperial-struggle", "--players", "2", "--view", "0", "--legal"])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let first: Value = serde_json::from_slice(&out.stdout).expect("the first position");
    let actions: Vec<Value> = first["legal"]["0"]
        .as_array()
        .expect("seat 0 decides first")
        .iter()
        .enumerate()
        .map(|(index, c)| json!({"index": index, "action": c["action"], "label": c["label"]}))
        .collect();
    let clock = json!({"move_ms": 300});
    let hello = json!({"type": "hello", "protocol": 1, "game": "imperial-struggle", "game_id": "1", "seat": 0,
        "seats": 2, "seat_names": ["Britain", "France"], "options": first["config"], "time": clock});
    let turn = json!({"type": "turn", "game_id": "1", "step": 0, "seat": 0, "prompt": "", "view": first["views"]["0"],
        "actions": actions, "time": clock});

    // A million iterations would take minutes; the turn's 0.3 s stops the search at 0.22 s.
    let mut bot = Command::new(env!("CARGO_BIN_EXE_imperia"))
        .args(["bot", "mcts:1000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = bot.stdin.take().expect("stdin");
    let mut output = BufReader::new(bot.stdout.take().expect("stdout"));
    let mut line = String::new();
    writeln!(input, "{hello}").expect("hello sent");
    output.read_line(&mut line).expect("ready read");
    assert_eq!(serde_json::from_str::<Value>(&line).expect("JSON")["type"], "ready", "{line}");
    let asked = Instant::now();
    writeln!(input, "{turn}").expect("turn sent");
    line.clear();
    output.read_line(&mut line).expect("action read");
    let took = asked.elapsed();
    let answer: Value = serde_json::from_str(&line).expect("JSON");
    assert!(answer["index"].as_u64().is_some_and(|i| (i as usize) < actions.len()), "{line}");
    assert!(took < Duration::from_secs(10), "a search of a million iterations answered only after {took:?}");
    drop(input);
    assert!(bot.wait().expect("it ends").success(), "it exits when its input closes");
}

#[test]
fn imperias_own_bot_names_what_is_wrong_with_its_input() {
    let said = |input: &str, args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_imperia"))
            .arg("bot")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("written");
        let out = child.wait_with_output().expect("it ends");
        assert!(!out.status.success(), "{input}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(said("garbage\n", &["random"]).contains("the host sent a line that is not a message"));
    let turn =
        r#"{"type":"turn","game_id":"1","step":0,"seat":0,"prompt":"","view":{},"actions":[],"time":{"move_ms":10}}"#;
    assert!(said(&format!("{turn}\n"), &["random"]).contains("a turn of game `1` before its hello"));
    let hello = r#"{"type":"hello","protocol":1,"game":"chess","game_id":"1","seat":0,"seats":2,"seat_names":[],"options":{},"time":{"move_ms":10}}"#;
    assert!(said(&format!("{hello}\n"), &["random"]).contains("there is no game `chess`"));
    assert!(said("", &["mcts@5s"]).contains("is not a bot"), "a bad spec is refused before any line");
}
