//! `imperia bench`: complete random games on the bare engine, on one thread, as games and actions per
//! second.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use imperia_core::Registry;
use serde::Serialize;

use crate::GameOptions;

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    game: GameOptions,
    /// Keep playing games for at least this many seconds.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// First seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct BenchReport {
    game: String,
    config: serde_json::Value,
    games: u64,
    actions: u64,
    seconds: f64,
    games_per_second: f64,
    actions_per_second: f64,
    mean_actions_per_game: f64,
}

pub fn run(registry: &Registry, args: &BenchArgs) -> Result<()> {
    let mut options = args.game.clone();
    options.players = options.players.or(Some(4));
    let (entry, config) = options.resolve(registry)?;
    let budget = Duration::from_secs_f64(args.seconds.max(0.01));
    let (mut games, mut actions) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        actions += (entry.random_playout)(&config, args.seed + games)
            .with_context(|| format!("game with seed {}", args.seed + games))?;
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    let report = BenchReport {
        game: entry.id.into(),
        config,
        games,
        actions,
        seconds,
        games_per_second: games as f64 / seconds,
        actions_per_second: actions as f64 / seconds,
        mean_actions_per_game: actions as f64 / games.max(1) as f64,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{}: {} random complete games in {:.1} s on one thread ({:.0} actions per game)",
            entry.name, games, seconds, report.mean_actions_per_game
        );
        println!("{:.0} games/s", report.games_per_second);
        println!("{:.0} actions/s", report.actions_per_second);
    }
    Ok(())
}
