//! Every ruling is pinned by a test. A game's rulings (`docs/rules/<game>.md`, [`GameEntry::rulings`]) each
//! carry an id — a letter for the game and a number (`B27`) — defined where the ruling is stated: a bold
//! lead (`**B27 — …`, `- **S3 — …`), a table row whose first cell is the id (`| E4 | …`), or a heading
//! (`### I7 — …`). A test names a ruling when its code or comments say `ruling B27` (or `rulings B6 and B28`,
//! or a test called `ruling_b27_…`). Test code is every file under the game's `tests/`, every module its
//! sources compile only under `#[cfg(test)]`, and this crate's tests whose names start with the game's id.
//! A ruling withdrawn from play says "(withdrawn)" where it is defined, and needs no test.
//!
//! [`GameEntry::rulings`]: imperia_core::GameEntry::rulings

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each game's ruling letter.
const PREFIXES: &[(&str, char)] = &[
    ("imperial2030", 'I'),
    ("imperial-struggle", 'S'),
    ("endeavor", 'E'),
    ("brazil-imperial", 'B'),
    ("virgin-queen", 'R'),
];

#[test]
fn every_ruling_of_every_game_is_named_by_a_test() {
    let registry = imperia_games::registry();
    let mut problems = Vec::new();
    for entry in registry.entries() {
        let Some(&(_, prefix)) = PREFIXES.iter().find(|(id, _)| *id == entry.id) else {
            problems.push(format!("{}: no ruling letter in this test's PREFIXES", entry.id));
            continue;
        };
        let defined = defined_rulings(entry.rulings, prefix);
        let named: BTreeSet<String> = test_code(entry.id)
            .iter()
            .flat_map(|code| named_rulings(code))
            .filter(|id| id.starts_with(prefix))
            .collect();
        if defined.is_empty() {
            problems.push(format!("{}: its rulings page gives no ruling an id", entry.id));
        }
        let unnamed: Vec<_> = defined.difference(&named).cloned().collect();
        if !unnamed.is_empty() {
            problems.push(format!(
                "{}: {} of {} rulings are named by no test: {}",
                entry.id,
                unnamed.len(),
                defined.len(),
                unnamed.join(", ")
            ));
        }
        let unknown: Vec<_> = named.difference(&defined).cloned().collect();
        if !unknown.is_empty() {
            problems.push(format!(
                "{}: tests name rulings the rulings page does not have: {}",
                entry.id,
                unknown.join(", ")
            ));
        }
        println!("{}: {} rulings, {} of them named by a test", entry.id, defined.len(), defined.len() - unnamed.len());
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The ids with `prefix` that `rulings` defines, in order of their numbers.
fn defined_rulings(rulings: &str, prefix: char) -> BTreeSet<String> {
    rulings
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            if line.contains("(withdrawn)") {
                return None;
            }
            let rest = line
                .strip_prefix("- **")
                .or_else(|| line.strip_prefix("**"))
                .or_else(|| line.strip_prefix('|'))
                .or_else(|| line.strip_prefix('#').map(|l| l.trim_start_matches('#')))?;
            let id = leading_id(rest.trim_start())?;
            id.starts_with(prefix).then_some(id)
        })
        .collect()
}

/// An id (`B27`) at the start of `text`, ended by something other than a letter or digit.
fn leading_id(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_uppercase)?;
    let digits: String = chars.clone().take_while(char::is_ascii_digit).collect();
    let after = chars.nth(digits.len());
    (!digits.is_empty() && !after.is_some_and(|c| c.is_ascii_alphanumeric())).then(|| format!("{letter}{digits}"))
}

/// Every ruling id `code` names: `ruling B27`, `rulings B6, B28 and B31`, `ruling_b27_…` (any case).
fn named_rulings(code: &str) -> Vec<String> {
    let lower = code.to_ascii_lowercase();
    let mut found = Vec::new();
    for (at, _) in lower.match_indices("ruling") {
        let mut rest = &code[at + "ruling".len()..];
        rest = rest.strip_prefix('s').unwrap_or(rest);
        loop {
            // Separators between the word and an id, and between ids.
            let trimmed = rest.trim_start_matches([' ', '_', ',', '/', '&', '\n', '/', '*']);
            let trimmed = trimmed.strip_prefix("and ").unwrap_or(trimmed);
            let Some(id) = leading_id_any_case(trimmed) else { break };
            rest = &trimmed[id.len()..];
            found.push(id.to_ascii_uppercase());
        }
    }
    found
}

/// [`leading_id`], also in lower case (`b27` in a test's name).
fn leading_id_any_case(text: &str) -> Option<String> {
    let first = text.chars().next()?;
    let upper = first.to_ascii_uppercase().to_string() + &text[first.len_utf8()..];
    leading_id(&upper).map(|id| if first.is_ascii_lowercase() { id.to_ascii_lowercase() } else { id })
}

/// The test code of game `id`, file by file.
fn test_code(id: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let game = root.join("games").join(id);
    let mut whole = rust_files(&game.join("tests"));
    let mut code = Vec::new();
    for source in rust_files(&game.join("src")) {
        let text = std::fs::read_to_string(&source).unwrap_or_default();
        // `mod scenarios;` in `src/lib.rs` is `src/scenarios.rs` or `src/scenarios/`; in `src/a.rs`, `src/a/…`.
        let dir = source.parent().unwrap_or(&game);
        let base = match source.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "mod.rs") => dir.to_path_buf(),
            _ => dir.join(source.file_stem().unwrap_or_default()),
        };
        for module in test_modules(&text) {
            whole.push(base.join(format!("{module}.rs")));
            whole.extend(rust_files(&base.join(&module)));
        }
        code.extend(inline_test_module(&text).map(str::to_string));
    }
    let own_tests = id.replace('-', "_");
    whole.extend(
        rust_files(&root.join("crates/imperia-games/tests"))
            .into_iter()
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&own_tests))),
    );
    code.extend(whole.iter().filter_map(|path| std::fs::read_to_string(path).ok()));
    code
}

/// The modules `text` declares under `#[cfg(test)]` that live in files of their own.
fn test_modules(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|pair| pair[0] == "#[cfg(test)]")
        .filter_map(|pair| {
            let decl = pair[1].trim_start_matches("pub(crate) ").trim_start_matches("pub ");
            decl.strip_prefix("mod ")?.strip_suffix(';').map(str::to_string)
        })
        .collect()
}

/// The `#[cfg(test)] mod … { … }` of `text`, which by the custom here runs to the end of its file.
fn inline_test_module(text: &str) -> Option<&str> {
    text.match_indices("#[cfg(test)]\nmod ")
        .map(|(at, _)| &text[at..])
        .find(|section| section.lines().nth(1).is_some_and(|l| l.ends_with('{')))
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return files };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn rulings_are_read_in_every_form_the_pages_use() {
    let page = "**B27 — Napoleon**\n- **S3 — Wheat.** x\n| E4 | payment |\n### I7 — Flags\n**R4. Leaders.**\n\
                | 8.2-01, R11 | not a definition |\n**B270x** no\n";
    let ids = |p| defined_rulings(page, p).into_iter().collect::<Vec<_>>();
    assert_eq!(ids('B'), ["B27"]);
    assert_eq!(ids('S'), ["S3"]);
    assert_eq!(ids('E'), ["E4"]);
    assert_eq!(ids('I'), ["I7"]);
    assert_eq!(ids('R'), ["R4"]);
    let module = "#[cfg(test)]\nmod scenarios;\nfn rules() {}\n#[cfg(test)]\nmod tests {\n    // Ruling I17\n}\n";
    assert_eq!(inline_test_module(module).map(named_rulings), Some(vec!["I17".to_string()]));
    let code = "// Ruling B27: no.\n/// Rulings B6, B28 and B31 hold\nfn ruling_e4_payment() {}\n// rulings I2/I3\n\
                // the ruling is plain words\n";
    assert_eq!(named_rulings(code), ["B27", "B6", "B28", "B31", "E4", "I2", "I3"]);
}
