//! `imperia replay`: rebuild a game from its record, print it step by step, and check every state hash. A
//! record made under earlier rules is played again under today's: the replay says what changed, where the
//! game first differs from the one recorded, and which steps (if any) the new rules refuse.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use imperia_core::{MatchError, Record, Registry, Viewer};

use crate::ContentArg;

#[derive(Args)]
pub struct ReplayArgs {
    /// The record file (JSON), as `imperia play` saves it.
    record: PathBuf,
    /// Only verify; print the summary line alone.
    #[arg(long)]
    quiet: bool,
    /// A folder of the content files the game was played with, in place of those the record carries.
    #[command(flatten)]
    content: ContentArg,
}

pub fn run(registry: &Registry, args: &ReplayArgs) -> Result<()> {
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {}", args.record.display()))?;
    let record: Record =
        serde_json::from_str(&text).with_context(|| format!("{} is not a game record", args.record.display()))?;
    let Some(entry) = registry.get(&record.game) else {
        bail!(
            "the record is of game `{}`, which this Imperia does not host ({})",
            record.game,
            registry.ids().join(", ")
        );
    };
    let content = args.content.for_record(entry, &record)?;
    if record.content.as_deref() != content.fingerprint() {
        let expected = content.fingerprint().map(str::to_string);
        return Err(MatchError::WrongContent { expected, found: record.content.clone() }.into());
    }
    if record.rules_version > entry.rules_version {
        return Err(MatchError::WrongRulesVersion { expected: entry.rules_version, found: record.rules_version }.into());
    }
    // Played again under today's rules: report, rather than stop at, the first difference.
    let migrating = record.rules_version < entry.rules_version;
    if let Some(warning) = record.unverified_warning() {
        eprintln!("warning: {warning}.");
    }
    let mut out = std::io::stdout().lock();
    // Rebuild step by step so each action can be described in the position it was taken in.
    let mut m = (entry.start)(&record.config, record.seed, &content).context("the record's config")?;
    for (i, step) in record.actions.iter().enumerate() {
        let label = m
            .legal_actions(step.seat)
            .into_iter()
            .find(|c| c.action == step.action)
            .map(|c| c.label)
            .unwrap_or_else(|| step.action.to_string());
        match m.apply(step.seat, &step.action) {
            Ok(_) => {}
            Err(_) if migrating => break,
            Err(e) => return Err(e).with_context(|| format!("action {} of the record was refused", i + 1)),
        }
        // Each step as its seat knew it, told in the third person: the replay's reader is none of the seats.
        let events = m.last_events_of(step.seat);
        let hash = format!("{:016x}", m.state_hash());
        if !migrating && !step.hash.is_empty() && hash != step.hash {
            bail!(
                "replay diverged at action {}: the record says state {}, the replay reached {hash}",
                i + 1,
                step.hash
            );
        }
        if !args.quiet {
            writeln!(out, "{:>5}. {}: {label}", i + 1, m.seat_name(step.seat))?;
            for e in events {
                writeln!(out, "         {e}")?;
            }
        }
    }
    if !args.quiet {
        writeln!(out, "\n{}", m.summary(Viewer::Spectator))?;
    }
    if migrating {
        let (_, migration) = (entry.migrate)(&record, &content)?;
        if let Some(migration) = migration {
            writeln!(out, "{}", migration.report())?;
        }
        return Ok(());
    }
    match m.outcome() {
        Some(o) => writeln!(
            out,
            "Verified {} actions; every state hash matches. Final scores: {}",
            record.actions.len() - record.unverified(),
            o.scores
                .iter()
                .enumerate()
                .map(|(s, v)| format!("{} {v} (rank {})", m.seat_name(s), o.ranks[s]))
                .collect::<Vec<_>>()
                .join(", ")
        )?,
        None => writeln!(
            out,
            "Verified {} actions; every state hash matches. The game is not finished.",
            record.actions.len() - record.unverified()
        )?,
    }
    Ok(())
}
