//! `imperia games`: the games hosted, and with `--options` each game's variant options — what `--config`
//! takes in `play`, `apply`, `arena` and `train`, and `options` in the server's `POST /api/games`.

use std::io::Write;

use anyhow::{Result, bail};
use clap::Args;
use imperia_core::OptionKind;
use imperia_core::{Description, Registry};

#[derive(Args)]
pub struct GamesArgs {
    /// Only this game (its id).
    game: Option<String>,
    /// Each game's variant options: name, values, default and what it changes.
    #[arg(long)]
    options: bool,
    /// The catalogue as JSON, as the server's `GET /api/catalogue` serves it (options with their JSON Schema).
    #[arg(long)]
    json: bool,
}

pub fn run(registry: &Registry, args: &GamesArgs) -> Result<()> {
    let entries: Vec<_> = match &args.game {
        Some(id) => match registry.get(id) {
            Some(entry) => vec![*entry],
            None => bail!("there is no game `{id}`; the games are: {}", registry.ids().join(", ")),
        },
        None => registry.entries().to_vec(),
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let catalogue: Vec<Description> = entries.iter().map(|e| e.description()).collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&catalogue)?)?;
        return Ok(());
    }
    for e in &entries {
        let provisional = (e.report)(&(e.shipped)()).provisional();
        let note =
            if provisional > 0 { format!(" ({provisional} provisional content entries)") } else { String::new() };
        let (min, max) = e.seats;
        let players = if min == max { format!("{min} players") } else { format!("{min}–{max} players") };
        writeln!(out, "{:<18} {}, {players}{note}", e.id, e.name)?;
        if let Some(scope) = e.scope {
            writeln!(out, "{:<18} this is {scope}", "")?;
        }
        if args.options {
            if e.options.is_empty() {
                writeln!(out, "{:<18} no options", "")?;
            }
            for option in e.options {
                writeln!(out, "{:<18} {:<20} {}", "", option.name, values(option.kind))?;
                writeln!(out, "{:<18} {:<20} {}: {}", "", "", option.label, option.description)?;
            }
        }
    }
    Ok(())
}

/// The values an option takes, and its default, in a few words.
fn values(kind: OptionKind) -> String {
    match kind {
        OptionKind::Boolean { default } => format!("true or false (default {default})"),
        OptionKind::Choice { default, allowed } => format!("one of {} (default {default})", allowed.join(", ")),
        OptionKind::Integer { default, min, max } => format!("a whole number, {min} to {max} (default {default})"),
    }
}
