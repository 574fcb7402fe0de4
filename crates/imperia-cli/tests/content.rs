//! A player's own content files (CONTENT.md, `--content <dir>`), through the `imperia` binary: the shipped
//! files are written out to edit, an edited set is checked as the shipped one is, a game is played with it,
//! and its record, which carries the files, replays only with the same files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn imperia(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_imperia"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the imperia binary runs");
    // A player who stops typing early only ends the game early; a closed pipe is no failure here.
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin.as_bytes());
    child.wait_with_output().expect("the imperia binary finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("imperia-cli-content-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

#[test]
fn a_game_played_with_edited_content_replays_only_with_the_same_files() {
    let root = folder("edited");
    let mine = root.join("mine");
    let out = imperia(&["data", "files", "imperial-struggle", arg(&mine)], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_dir(&mine).expect("written").count(), 8, "the eight shipped files");
    let again = imperia(&["data", "files", "imperial-struggle", arg(&mine)], "");
    assert!(!again.status.success(), "files already there are not overwritten");
    assert!(text(&again.stderr).contains("spaces.toml"), "{}", text(&again.stderr));
    // A refusal writes nothing, not even the files that are not there yet.
    let partial = root.join("partial");
    std::fs::create_dir_all(&partial).expect("a folder");
    std::fs::write(partial.join("wars.toml"), "mine").expect("a file of mine");
    let refused = imperia(&["data", "files", "imperial-struggle", arg(&partial)], "");
    assert!(!refused.status.success() && text(&refused.stderr).contains("wars.toml"), "{}", text(&refused.stderr));
    assert_eq!(std::fs::read_dir(&partial).expect("the folder").count(), 1, "nothing written beside my file");
    assert_eq!(std::fs::read_to_string(partial.join("wars.toml")).expect("my file"), "mine");

    // Keep one file, made cheaper in one place: Ireland costs 1 instead of 2.
    for entry in std::fs::read_dir(&mine).expect("the folder") {
        let path = entry.expect("an entry").path();
        if !path.ends_with("spaces.toml") {
            std::fs::remove_file(path).expect("remove");
        }
    }
    let spaces = std::fs::read_to_string(mine.join("spaces.toml")).expect("spaces.toml");
    let ireland = "id = \"ireland_1\"\nname = \"Ireland (alliance)\"\ncountry = \"ireland\"\nregion = \"europe\"\nkind = \"political\"\ncost = 2";
    assert!(spaces.contains(ireland), "the shipped Ireland entry");
    std::fs::write(mine.join("spaces.toml"), spaces.replacen(ireland, &ireland.replace("cost = 2", "cost = 1"), 1))
        .expect("edit");

    let report = imperia(&["data", "report", "imperial-struggle", "--content", arg(&mine)], "");
    assert!(report.status.success(), "{}", text(&report.stderr));
    assert!(text(&report.stderr).contains("your content files (spaces.toml "), "{}", text(&report.stderr));
    assert!(text(&report.stdout).contains("355"), "{}", text(&report.stdout));

    let record = root.join("game.json");
    let play = imperia(
        &["play", "imperial-struggle", "--seed", "5", "--content", arg(&mine), "--record", arg(&record)],
        &"1\n".repeat(3000),
    );
    assert!(play.status.success(), "{}", text(&play.stderr));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).expect("the record")).expect("JSON");
    let fingerprint = saved["content"].as_str().expect("the record names the content").to_string();
    assert!(fingerprint.starts_with("spaces.toml "), "{fingerprint}");

    // The record carries its files, so it replays anywhere as it is.
    assert_eq!(
        saved["content_files"].as_object().map(|f| f.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["spaces.toml".into()])
    );
    let carried = imperia(&["replay", arg(&record), "--quiet"], "");
    assert!(text(&carried.stdout).contains("every state hash matches"), "{}", text(&carried.stderr));
    // Without them, the shipped content cannot replay it; the same folder can.
    let mut bare = saved.clone();
    bare.as_object_mut().expect("an object").remove("content_files");
    let bare_record = root.join("bare.json");
    std::fs::write(&bare_record, bare.to_string()).expect("write");
    let shipped = imperia(&["replay", arg(&bare_record), "--quiet"], "");
    assert!(!shipped.status.success(), "the shipped content cannot replay it");
    assert!(text(&shipped.stderr).contains(&fingerprint), "{}", text(&shipped.stderr));
    let same = imperia(&["replay", arg(&bare_record), "--quiet", "--content", arg(&mine)], "");
    assert!(same.status.success(), "{}", text(&same.stderr));
    assert!(text(&same.stdout).contains("every state hash matches"), "{}", text(&same.stdout));
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn broken_content_folders_are_refused_with_the_file_and_the_problem() {
    let root = folder("broken");
    std::fs::write(root.join("card.toml"), "").expect("write");
    let typo = imperia(&["data", "report", "imperial-struggle", "--content", arg(&root)], "");
    assert!(!typo.status.success());
    let e = text(&typo.stderr);
    assert!(e.contains("card.toml: not a content file of this game") && e.contains("cards.toml"), "{e}");

    std::fs::remove_file(root.join("card.toml")).expect("remove");
    std::fs::write(root.join("board.toml"), "[[region]]\nid = \"x\"\n").expect("write");
    let broken = imperia(&["play", "imperial2030", "--content", arg(&root)], "");
    assert!(!broken.status.success());
    assert!(text(&broken.stderr).contains("board.toml"), "{}", text(&broken.stderr));

    let empty = folder("empty");
    let none = imperia(&["bench", "imperial2030", "--content", arg(&empty)], "");
    assert!(!none.status.success());
    assert!(text(&none.stderr).contains("holds none of this game's files"), "{}", text(&none.stderr));
    let _ = std::fs::remove_dir_all(root);
    let _ = std::fs::remove_dir_all(empty);
}
