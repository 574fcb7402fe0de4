//! `imperia hint`: what the search bot would do at the end of a record, its three best actions with their
//! values.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use imperia_bots::{Budget, DEFAULT_ITERATIONS};
use imperia_core::{Record, Registry};

use crate::ContentArg;

#[derive(Args)]
pub struct HintArgs {
    /// The record file (JSON).
    record: PathBuf,
    /// The seat to advise, from 1.
    #[arg(long)]
    seat: usize,
    /// Search iterations.
    #[arg(long, default_value_t = 4 * DEFAULT_ITERATIONS)]
    iterations: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// The content files the game was played with, if they were not the shipped ones.
    #[command(flatten)]
    content: ContentArg,
}

pub fn run(registry: &Registry, args: &HintArgs) -> Result<()> {
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {}", args.record.display()))?;
    let record: Record =
        serde_json::from_str(&text).with_context(|| format!("{} is not a game record", args.record.display()))?;
    let (Some(game), Some(entry)) = (registry.get(&record.game), imperia_games::bots_for(&record.game)) else {
        bail!("the record is of game `{}`, which this Imperia does not host", record.game);
    };
    let content = args.content.for_record(game, &record)?;
    if args.seat == 0 {
        bail!("seats are numbered from 1");
    }
    let budget = Budget { iterations: args.iterations, time: None, threads: args.threads.max(1) };
    let hints = (entry.hint)(&record, &content, args.seat - 1, budget, args.seed).map_err(|e| anyhow!(e))?;
    let top: Vec<_> = hints.into_iter().take(3).collect();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&top)?);
        return Ok(());
    }
    println!(
        "Player {}'s best actions after {} actions ({} search iterations):",
        args.seat,
        record.actions.len(),
        args.iterations * budget.threads as u64
    );
    for (i, h) in top.iter().enumerate() {
        println!("  {}. {}  — value {:.3}, {} visits", i + 1, h.label, h.value, h.visits);
    }
    Ok(())
}
