//! `imperia bench`: complete random games on the bare engine, on one thread, as games and actions per
//! second.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use imperia_bots::{Budget, DEFAULT_ITERATIONS};
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
    /// MCTS iterations per second on one thread, searching the first decision of a game.
    mcts_iterations_per_second: Option<f64>,
    /// Seconds the default bot (MCTS, 1000 iterations) takes to choose the first move of a game.
    first_move_seconds: Option<f64>,
}

pub fn run(registry: &Registry, args: &BenchArgs) -> Result<()> {
    let (entry, config, content) = args.game.resolve(registry)?;
    let budget = Duration::from_secs_f64(args.seconds.max(0.01));
    let (mut games, mut actions) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        actions += (entry.random_playout)(&config, args.seed + games, &content)
            .with_context(|| format!("game with seed {}", args.seed + games))?
            .steps;
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    let (mcts_iterations_per_second, first_move_seconds) = match imperia_games::bots_for(entry.id) {
        Some(bots) => {
            let budget = Budget::iterations;
            let speed =
                (bots.bench)(&config, &content, args.seed, budget(20 * DEFAULT_ITERATIONS)).map_err(|e| anyhow!(e))?;
            let first =
                (bots.bench)(&config, &content, args.seed, budget(DEFAULT_ITERATIONS)).map_err(|e| anyhow!(e))?;
            (Some(speed.iterations as f64 / speed.seconds), Some(first.seconds))
        }
        None => (None, None),
    };
    let report = BenchReport {
        game: entry.id.into(),
        config,
        games,
        actions,
        seconds,
        games_per_second: games as f64 / seconds,
        actions_per_second: actions as f64 / seconds,
        mean_actions_per_game: actions as f64 / games.max(1) as f64,
        mcts_iterations_per_second,
        first_move_seconds,
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
        if let (Some(ips), Some(first)) = (mcts_iterations_per_second, first_move_seconds) {
            println!("{ips:.0} MCTS iterations/s (one thread, first decision of a game)");
            println!(
                "{:.1} ms for the default bot (mcts, {DEFAULT_ITERATIONS} iterations) to choose the first move",
                1000.0 * first
            );
        }
    }
    Ok(())
}
