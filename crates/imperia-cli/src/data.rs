//! `imperia data report [<game>]`: where each game's content comes from (CONTENT.md) — per kind of entry,
//! how many come from the rulebook, from a public reference, or are provisional, with the provisional ones
//! named. `imperia data files <game> <dir>`: the shipped content files, for a player to edit and play with.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand};
use imperia_core::{ContentReport, GameEntry, Registry};

use crate::ContentArg;

#[derive(Args)]
pub struct DataArgs {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(Subcommand)]
enum DataCommand {
    /// Count every game's content entries (or one game's) by source, and list the provisional ones.
    Report {
        /// The game's id; every game if absent.
        game: Option<String>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Check a folder of your own content files and report on them (needs the game).
        #[command(flatten)]
        content: ContentArg,
    },
    /// Write a game's shipped content files into a folder, to edit and play with `--content <dir>`.
    Files {
        /// The game's id.
        game: String,
        /// The folder to write them in; created if missing. Files already there are not overwritten.
        dir: PathBuf,
    },
}

pub fn run(registry: &Registry, args: &DataArgs) -> Result<()> {
    match &args.command {
        DataCommand::Report { game, json, content } => report(registry, game.as_deref(), *json, content),
        DataCommand::Files { game, dir } => files(find(registry, game)?, dir),
    }
}

fn find<'a>(registry: &'a Registry, id: &str) -> Result<&'a GameEntry> {
    registry.get(id).ok_or_else(|| anyhow!("there is no game `{id}`; the games are: {}", registry.ids().join(", ")))
}

fn files(entry: &GameEntry, dir: &Path) -> Result<()> {
    if entry.content_files.is_empty() {
        bail!("{} has no content files", entry.name);
    }
    // A player's edits are never overwritten, and a refusal writes nothing.
    if let Some(path) = entry.content_files.iter().map(|(name, _)| dir.join(name)).find(|p| p.exists()) {
        bail!("{} is already there; choose an empty folder, or move your files away first", path.display());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, text) in entry.content_files {
        let path = dir.join(name);
        // `create_new` still refuses a file that appeared meanwhile.
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        file.write_all(text.as_bytes()).with_context(|| format!("cannot write {}", path.display()))?;
        println!("{}", path.display());
    }
    println!("Edit the files you want to change and delete the others, then play with `--content {}`.", dir.display());
    Ok(())
}

fn report(registry: &Registry, game: Option<&str>, json: bool, content: &ContentArg) -> Result<()> {
    let entries: Vec<&GameEntry> = match game {
        Some(id) => vec![find(registry, id)?],
        None if content.content.is_some() => bail!("--content needs the game whose files these are"),
        None => registry.entries().iter().collect(),
    };
    // The report of the shipped content, or of the player's own files when a folder is given.
    let sets = entries.iter().map(|e| content.load(e)).collect::<Result<Vec<_>>>()?;
    let reports: Vec<ContentReport> = entries.iter().zip(&sets).map(|(e, set)| (e.report)(set)).collect();
    let mut out = std::io::stdout().lock();
    if json {
        let reports: serde_json::Map<String, serde_json::Value> = entries
            .iter()
            .zip(&reports)
            .map(|(e, r)| (e.id.to_string(), serde_json::to_value(r).unwrap_or_default()))
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&reports)?)?;
        return Ok(());
    }
    for (e, report) in entries.iter().zip(reports) {
        writeln!(out, "{} ({})", e.name, e.id)?;
        writeln!(out, "  {:<24} {:>6} {:>10} {:>12} {:>6}", "kind", "seed", "reference", "provisional", "total")?;
        for k in &report.kinds {
            writeln!(
                out,
                "  {:<24} {:>6} {:>10} {:>12} {:>6}",
                k.kind,
                k.seed,
                k.reference,
                k.provisional.len(),
                k.total()
            )?;
        }
        writeln!(out, "  {:<24} {:>30} {:>6}", "all", format!("{} provisional", report.provisional()), report.total())?;
        for k in report.kinds.iter().filter(|k| !k.provisional.is_empty()) {
            writeln!(out, "  provisional {}: {}", k.kind, k.provisional.join(", "))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
