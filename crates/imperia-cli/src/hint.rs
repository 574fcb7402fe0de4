//! `imperia hint`: what the search bot would do at the end of a record, its three best actions with their
//! values; with `--explain`, where the search's iterations went (how deep the walks reached, how many
//! choices each depth offered, how far apart the root actions' values are).

use std::fmt::Write;

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
    /// Also say where the search's iterations went: depth reached, choices per depth, the spread of the root
    /// actions' values.
    #[arg(long)]
    explain: bool,
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
    let budget = Budget { threads: args.threads.max(1), ..Budget::iterations(args.iterations) };
    let (hints, stats) = (entry.hint)(&record, &content, args.seat - 1, budget, args.seed).map_err(|e| anyhow!(e))?;
    let spread = RootSpread::of(&hints);
    let top: Vec<_> = hints.into_iter().take(3).collect();
    if args.json {
        let out = if args.explain {
            serde_json::json!({ "hints": top, "search": stats, "root": spread })
        } else {
            serde_json::to_value(&top)?
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
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
    if args.explain {
        print!("{}", explain(&stats, &spread));
    }
    Ok(())
}

/// How far apart the root actions' values are, and how the visits went: a search that cannot tell its
/// choices apart spreads its visits evenly over values close together.
#[derive(serde::Serialize)]
struct RootSpread {
    actions: usize,
    best: f64,
    worst: f64,
    /// The share of all root visits the most visited action took.
    top_share: f64,
}

impl RootSpread {
    fn of(hints: &[imperia_bots::Hint]) -> RootSpread {
        let visits: u64 = hints.iter().map(|h| h.visits).sum();
        RootSpread {
            actions: hints.len(),
            best: hints.iter().map(|h| h.value).fold(f64::NEG_INFINITY, f64::max),
            worst: hints.iter().map(|h| h.value).fold(f64::INFINITY, f64::min),
            top_share: hints.iter().map(|h| h.visits).max().unwrap_or(0) as f64 / visits.max(1) as f64,
        }
    }
}

/// The diagnostics in words and a table, one row per depth below the root.
fn explain(stats: &imperia_bots::mcts::SearchStats, spread: &RootSpread) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nWhere the search went: {} tree nodes; the deepest walk reached {} decisions below the root.",
        stats.nodes, stats.depth_max
    );
    let _ = writeln!(out, "  {:>5}  {:>8}  {:>13}  {:>6}", "depth", "walks", "mean choices", "widest");
    for (depth, level) in stats.levels.iter().enumerate() {
        let mean = level.offered as f64 / level.walks.max(1) as f64;
        let _ = writeln!(out, "  {depth:>5}  {:>8}  {mean:>13.1}  {:>6}", level.walks, level.widest);
    }
    let _ = writeln!(
        out,
        "Root: {} actions valued {:.3} to {:.3} (spread {:.3}); the most visited took {:.0}% of the visits.",
        spread.actions,
        spread.worst,
        spread.best,
        spread.best - spread.worst,
        100.0 * spread.top_share
    );
    out
}
