//! `imperia ladder`: the server's bot levels measured in one game. Each level plays the level below it (one
//! seat against the rest, seats rotated), and the report gives each step's win rate with its 95% interval,
//! a Weng-Lin rating per level over the whole ladder, and each level's time per decision, so that a level's
//! name can promise what it plays like and how long it makes people wait.

use anyhow::{Result, anyhow, bail};
use clap::Args;
use imperia_bots::BotSpec;
use imperia_core::{Registry, rating};
use imperia_server::levels::LEVELS;
use serde::Serialize;

use crate::GameOptions;
use crate::arena::{ThinkTimes, play_games, wilson};

/// The most games one step may ask for.
const MAX_GAMES: usize = 100_000;

#[derive(Args)]
pub struct LadderArgs {
    #[command(flatten)]
    game: GameOptions,
    /// Games per step: each level against the level below it.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// First seed of each step; game g uses seed + g.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct LevelReport {
    level: &'static str,
    bot: String,
    rating: f64,
    rating_uncertainty: f64,
    /// Against the level below (none for the lowest): its wins, share and 95% interval.
    step: Option<Step>,
    decisions: usize,
    think_ms: ThinkTimes,
}

#[derive(Serialize)]
struct Step {
    below: &'static str,
    games: usize,
    wins: f64,
    win_rate: f64,
    ci95: [f64; 2],
}

pub fn run(registry: &Registry, args: &LadderArgs) -> Result<()> {
    let (entry, config, content) = args.game.resolve(registry)?;
    let Some(bots) = imperia_games::bots_for(entry.id) else { bail!("{} has no bots", entry.name) };
    if args.games == 0 || args.games > MAX_GAMES {
        bail!("--games must be from 1 to {MAX_GAMES}");
    }
    let seats = args.game.players.unwrap_or(4.clamp(entry.seats.0, entry.seats.1)).max(2);
    let mut ratings = vec![rating::Rating::new(); LEVELS.len()];
    let mut think: Vec<Vec<f64>> = vec![Vec::new(); LEVELS.len()];
    let mut steps: Vec<Option<Step>> = vec![None];
    for upper in 1..LEVELS.len() {
        let lower = upper - 1;
        // The level under test in the first seat of the list, the level below in every other.
        let mut lineup: Vec<BotSpec> = vec![LEVELS[lower].spec(); seats];
        lineup[0] = LEVELS[upper].spec();
        if !args.json {
            eprintln!("{} against {}…", LEVELS[upper].level, LEVELS[lower].level);
        }
        let results =
            play_games(&bots, &config, &content, &lineup, args.games, args.seed, args.jobs.clamp(1, 256), !args.json)?;
        let mut wins = 0.0;
        for (g, result) in results.iter().enumerate() {
            let ranks = &result.outcome.ranks;
            // Bot i sat at seat (i + g) mod n: the upper level is bot 0.
            let seat_of = |i: usize| (i + g) % seats;
            let winners = ranks.iter().filter(|&&r| r == 1).count() as f64;
            if ranks[seat_of(0)] == 1 {
                wins += 1.0 / winners;
            }
            for i in 0..seats {
                think[if i == 0 { upper } else { lower }].extend_from_slice(&result.think[seat_of(i)]);
            }
            // Every seat of a level starts from the level's rating; the level then takes its seats' mean.
            let before: Vec<_> = (0..seats).map(|i| ratings[if i == 0 { upper } else { lower }]).collect();
            let places: Vec<usize> = (0..seats).map(|i| ranks[seat_of(i)]).collect();
            let after = rating::after_game(&before, &places);
            ratings[upper] = after[0];
            let others = &after[1..];
            let mean = |f: fn(&rating::Rating) -> f64| others.iter().map(f).sum::<f64>() / others.len() as f64;
            ratings[lower] = rating::Rating { rating: mean(|r| r.rating), uncertainty: mean(|r| r.uncertainty) };
        }
        let games = args.games as f64;
        steps.push(Some(Step {
            below: LEVELS[lower].level,
            games: args.games,
            wins,
            win_rate: wins / games,
            ci95: wilson(wins, games),
        }));
    }
    let report: Vec<LevelReport> = LEVELS
        .iter()
        .zip(ratings)
        .zip(think)
        .zip(steps)
        .map(|(((level, r), think), step)| LevelReport {
            level: level.level,
            bot: level.spec().to_string(),
            rating: r.rating,
            rating_uncertainty: r.uncertainty,
            step,
            decisions: think.len(),
            think_ms: ThinkTimes::of(think),
        })
        .collect();
    if args.json {
        let out = serde_json::json!({
            "game": entry.id, "seats": seats, "games_per_step": args.games, "seed": args.seed, "levels": report,
        });
        println!("{}", serde_json::to_string_pretty(&out).map_err(|e| anyhow!(e))?);
        return Ok(());
    }
    println!(
        "{}, {seats} players: each level in one seat against the level below, {} games a step, seeds {}–{}",
        entry.name,
        args.games,
        args.seed,
        args.seed + args.games as u64 - 1
    );
    println!(
        "{:<8} {:<10} {:>13}  {:<34} {:>12} {:>9}",
        "level", "bot", "rating", "against the level below", "think median", "p95"
    );
    for l in &report {
        let step = l.step.as_ref().map_or_else(String::new, |s| {
            format!("{:.1}% ({:.1}–{:.1}%) of {}", 100.0 * s.win_rate, 100.0 * s.ci95[0], 100.0 * s.ci95[1], s.games)
        });
        println!(
            "{:<8} {:<10} {:>6.1} ± {:>4.1}  {:<34} {:>9.1} ms {:>6.1} ms",
            l.level, l.bot, l.rating, l.rating_uncertainty, step, l.think_ms.median, l.think_ms.p95
        );
    }
    Ok(())
}
