//! `imperia apply`, driven as another program would: a complete random game of each game chosen line by line
//! from `--legal`, then the same actions replayed from a JSON-lines file, whose hashes must match the record
//! that `imperia replay` verifies. Bad lines stop the run with the line's number.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const IMPERIA: &str = env!("CARGO_BIN_EXE_imperia");

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("imperia-apply-{}-{name}", std::process::id()))
}

/// Play one game through `imperia apply --legal`, choosing at random (a fixed-seed xorshift); the actions.
fn play_randomly(args: &[&str], seed: u64) -> Vec<Value> {
    let mut child = Command::new(IMPERIA)
        .args(["apply", "--legal"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("imperia runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut state = seed | 1;
    let mut pick = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut actions = Vec::new();
    loop {
        let mut line = String::new();
        output.read_line(&mut line).expect("a line");
        let line: Value = serde_json::from_str(&line).expect("JSON");
        let Some(to_act) = line["to_act"].as_array().filter(|s| !s.is_empty()) else {
            assert!(line["outcome"].is_object(), "an ended game has an outcome: {line}");
            break;
        };
        assert!(!line["prompt"].as_str().unwrap_or("").is_empty(), "a decision has a prompt: {line}");
        let seat = to_act[pick(to_act.len())].as_u64().expect("a seat");
        let legal = line["legal"][seat.to_string()].as_array().expect("legal actions");
        let action = json!({ "seat": seat, "action": legal[pick(legal.len())]["action"] });
        writeln!(input, "{action}").expect("written");
        actions.push(action);
        assert!(actions.len() < 100_000, "the game does not end");
    }
    drop(input);
    assert!(child.wait().expect("exit").success());
    actions
}

fn replays_exactly(game_args: &[&str], seed: u64) {
    let actions = play_randomly(game_args, seed);
    let lines = temp(&format!("{seed}.jsonl"));
    let text: Vec<String> = actions.iter().map(Value::to_string).collect();
    std::fs::write(&lines, text.join("\n") + "\n").expect("written");
    let record = temp(&format!("{seed}.record.json"));
    let output = Command::new(IMPERIA)
        .arg("apply")
        .args(game_args)
        .args(["--record", record.to_str().expect("utf-8"), "--view", "all"])
        .stdin(std::fs::File::open(&lines).expect("the actions"))
        .output()
        .expect("imperia runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let steps: Vec<Value> =
        String::from_utf8_lossy(&output.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(steps.len(), actions.len() + 1, "a line for the start and one per action");
    assert!(steps[1]["views"]["spectator"].is_object() && steps[1]["views"]["0"].is_object());
    let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&record).expect("a record")).expect("JSON");
    for (i, step) in steps[1..].iter().enumerate() {
        assert_eq!(step["hash"], recorded["actions"][i]["hash"], "step {}", i + 1);
        assert_eq!(step["seat"], actions[i]["seat"]);
    }
    let replay = Command::new(IMPERIA).args(["replay", "--quiet"]).arg(&record).output().expect("imperia runs");
    let said = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success() && said.contains("every state hash matches"), "{said}");
    let _ = std::fs::remove_file(lines);
    let _ = std::fs::remove_file(record);
}

#[test]
fn a_random_imperial2030_game_applies_and_replays_with_the_same_hashes() {
    replays_exactly(&["imperial2030", "--players", "3", "--seed", "11"], 11);
}

#[test]
fn a_random_imperial_struggle_game_applies_and_replays_with_the_same_hashes() {
    replays_exactly(&["imperial-struggle", "--seed", "12"], 12);
}

#[test]
fn a_bad_line_is_named_and_stops_the_run() {
    for (input, expected) in [
        ("[1,2\n", "line 1: not JSON"),
        ("\n{\"seat\": 3, \"action\": 1}\n", "line 2: it is not seat 3's decision"),
        ("{\"seat\": 0, \"action\": {\"type\": \"no such action\"}}\n", "line 1:"),
    ] {
        let mut child = Command::new(IMPERIA)
            .args(["apply", "imperial-struggle"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("imperia runs");
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("written");
        let output = child.wait_with_output().expect("exit");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success() && error.contains(expected), "{input:?}: {error}");
        assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1, "only the start was written");
    }
}
