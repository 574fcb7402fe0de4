//! `imperia train`: rebuild a game's learned evaluation from self-play (imperia-bots' `train` module), and
//! say how it and the hand-written evaluation predicted the games held out of the fit.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use imperia_bots::BotSpec;
use imperia_bots::train::{HOLDOUT, Settings};
use imperia_core::Registry;

use crate::GameOptions;

/// The most self-play games one run may ask for: about an hour of heuristic games on two cores.
const MAX_GAMES: u64 = 1_000_000;

#[derive(Args)]
pub struct TrainArgs {
    #[command(flatten)]
    game: GameOptions,
    /// Self-play games; game g is seeded `seed + g`.
    #[arg(long, default_value_t = 4000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bot that plays every seat.
    #[arg(long, default_value = "heuristic+hand")]
    bot: BotSpec,
    /// Learn from one decision in this many.
    #[arg(long, default_value_t = 8)]
    every: usize,
    /// Games played at once; the model does not depend on it.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Write the model file here (the shipped one is `games/<game>/data/learned.toml`); without it, the
    /// file is printed.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(registry: &Registry, args: &TrainArgs) -> Result<()> {
    let (entry, config, content) = args.game.resolve(registry)?;
    let Some(train) = imperia_games::bots_for(entry.id).and_then(|b| b.train) else {
        bail!("{} has no learned evaluation to train", entry.name);
    };
    if args.games < HOLDOUT || args.games > MAX_GAMES {
        bail!("--games must be from {HOLDOUT} to {MAX_GAMES}");
    }
    if args.every == 0 {
        bail!("--every must be at least 1");
    }
    // Everything that shapes the games, so that the file's command makes the file again.
    let players = config.get("players").and_then(serde_json::Value::as_u64).map(|n| format!(" --players {n}"));
    let options = args.game.config.as_ref().map(|c| format!(" --config '{c}'"));
    let command = format!(
        "imperia train {}{}{} --games {} --seed {} --bot {} --every {}",
        entry.id,
        players.unwrap_or_default(),
        options.unwrap_or_default(),
        args.games,
        args.seed,
        args.bot,
        args.every
    );
    let settings = Settings {
        games: args.games,
        seed: args.seed,
        bot: args.bot.clone(),
        every: args.every,
        jobs: args.jobs.clamp(1, 256),
        command,
    };
    let started = std::time::Instant::now();
    let trained = train(&config, &content, &settings).map_err(|e| anyhow!(e))?;
    let made = &trained.model.made;
    eprintln!(
        "{} games in {:.1} s: learned from {} positions, judged on {} positions of the {} held-out games.",
        args.games,
        started.elapsed().as_secs_f64(),
        made.positions,
        made.holdout_positions,
        args.games / HOLDOUT
    );
    eprintln!(
        "Held out, the learned model's log-loss is {:.4} and it names the winner {:.1}% of the time; the \
         hand-written evaluation's, {:.4} and {:.1}%.",
        made.holdout_log_loss,
        100.0 * trained.holdout_accuracy,
        made.hand_log_loss,
        100.0 * trained.hand_accuracy
    );
    let text = format!(
        "# The learned evaluation of {}: a linear model over the features named below, from self-play.\n\
         # Written by `imperia train`; rebuild it with the command under [made], do not edit by hand.\n\n{}",
        entry.name,
        trained.model.to_toml()
    );
    match &args.out {
        Some(path) => std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
