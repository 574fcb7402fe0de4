//! `imperia data report [<game>]`: where each game's content comes from (CONTENT.md) — per kind of entry,
//! how many come from the rulebook, from a public reference, or are provisional, with the provisional ones
//! named.

use std::io::Write;

use anyhow::{Result, bail};
use clap::{Args, Subcommand};
use imperia_core::{GameEntry, Registry};

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
    },
}

pub fn run(registry: &Registry, args: &DataArgs) -> Result<()> {
    let DataCommand::Report { game, json } = &args.command;
    let entries: Vec<&GameEntry> = match game {
        Some(id) => match registry.get(id) {
            Some(e) => vec![e],
            None => bail!("there is no game `{id}`; the games are: {}", registry.ids().join(", ")),
        },
        None => registry.entries().iter().collect(),
    };
    let mut out = std::io::stdout().lock();
    if *json {
        let reports: serde_json::Map<String, serde_json::Value> = entries
            .iter()
            .map(|e| (e.id.to_string(), serde_json::to_value((e.content)()).unwrap_or_default()))
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&reports)?)?;
        return Ok(());
    }
    for e in entries {
        let report = (e.content)();
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
