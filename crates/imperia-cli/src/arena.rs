//! `imperia arena`: bots against bots over many games, seats rotated so that no bot profits from a seat,
//! reported as win rate (with a 95% interval), mean score, mean rank and a Weng-Lin (OpenSkill) rating. A
//! seat may hold an outside program (`cmd:`, docs/bot-builders.md), on the clock of `--move-time`,
//! `--game-time` and `--ready-time`; a program that fails its seat forfeits that game, and the arena goes on.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use imperia_bots::arena::GameResult;
use imperia_bots::process::{Limits, Program};
use imperia_bots::{BotEntry, Entrant};
use imperia_core::{DynContent, Registry, rating, words};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::ContentArg;

#[derive(Args)]
pub struct ArenaArgs {
    /// The game's id.
    game: String,
    /// One bot per seat, comma-separated: random, heuristic[:N], rollout[:N][@Mms], mcts[:N[:T]][@Mms],
    /// uct[:N[:T]][@Mms] (M: milliseconds a decision), or cmd:COMMAND,
    /// an outside program speaking docs/bot-builders.md's protocol (split into words as a shell would, run
    /// without a shell, started afresh each game; no comma in it: put such a command in a script).
    #[arg(long, value_delimiter = ',', required = true)]
    seats: Vec<Entrant>,
    /// Seconds a `cmd:` bot has for each decision; a late one forfeits the game.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    move_time: Duration,
    /// Seconds a `cmd:` bot has for all its decisions in one game (by default only decisions are timed).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    game_time: Option<Duration>,
    /// Seconds a `cmd:` bot has to start and answer `hello`.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = seconds)]
    ready_time: Duration,
    /// Games to play; bot i sits at seat (i + game) mod seats.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// First seed; game g uses seed + g.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Variant options as a JSON object (the player count comes from --seats).
    #[arg(long)]
    config: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    content: ContentArg,
}

/// One bot's record over the arena.
#[derive(Serialize)]
struct BotReport {
    bot: String,
    games: usize,
    wins: f64,
    win_rate: f64,
    ci95: [f64; 2],
    mean_score: f64,
    mean_rank: f64,
    rating: f64,
    rating_uncertainty: f64,
    /// Its decisions among two or more actions, and how long they took in milliseconds (each game plays on
    /// one thread, so this is one core's time when `--jobs` is at most the cores).
    decisions: usize,
    think_ms: ThinkTimes,
    /// Games it lost by a forfeit (outside programs only).
    forfeits: usize,
}

/// A game that a bot forfeited.
#[derive(Serialize)]
struct ForfeitReport {
    /// The game's number, from 0, and its seed.
    game: usize,
    seed: u64,
    /// The seat, from 1, and the bot in it.
    seat: usize,
    bot: String,
    reason: String,
}

/// Percentiles of a bot's time per decision.
#[derive(Serialize)]
pub struct ThinkTimes {
    pub median: f64,
    pub p95: f64,
    pub max: f64,
}

impl ThinkTimes {
    pub fn of(mut seconds: Vec<f64>) -> ThinkTimes {
        seconds.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let i = ((seconds.len() as f64 * q).ceil() as usize).clamp(1, seconds.len().max(1)) - 1;
            1000.0 * seconds.get(i).copied().unwrap_or(0.0)
        };
        ThinkTimes { median: at(0.5), p95: at(0.95), max: at(1.0) }
    }
}

#[derive(Serialize)]
struct ArenaReport {
    game: String,
    games: usize,
    seats: usize,
    seed: u64,
    config: Value,
    mean_steps: f64,
    bots: Vec<BotReport>,
    /// How each seat fared whoever sat there: the game's seat balance when the bots are alike.
    by_seat: Vec<SeatReport>,
    /// Every game that ended by a forfeit: the forfeiting seat ranked last, the others sharing first place.
    forfeits: Vec<ForfeitReport>,
}

#[derive(Serialize)]
struct SeatReport {
    seat: usize,
    wins: f64,
    win_rate: f64,
    ci95: [f64; 2],
    mean_score: f64,
}

pub fn run(registry: &Registry, args: &ArenaArgs) -> Result<()> {
    let (Some(game), Some(entry)) = (registry.get(&args.game), imperia_games::bots_for(&args.game)) else {
        bail!("there is no game `{}`; the games are: {}", args.game, registry.ids().join(", "));
    };
    let content = args.content.load(game)?;
    // A game's own seat range decides (`configure` below): one seat plays a game alone, Brazil's solo mode.
    let n = args.seats.len();
    let options = match &args.config {
        Some(text) => serde_json::from_str::<Value>(text).context("--config must be a JSON object")?,
        None => Value::Object(Map::new()),
    };
    let config = (game.configure)(n, &options).map_err(|e| anyhow!("--seats and --config: {e}"))?;

    let limits = Limits { ready: args.ready_time, per_move: args.move_time, per_game: args.game_time };
    let seats: Vec<Entrant> = args
        .seats
        .iter()
        .map(|entrant| match entrant {
            Entrant::Program(program) => Entrant::Program(Program { limits, ..program.clone() }),
            bot => bot.clone(),
        })
        .collect();
    let labels: Vec<String> = (0..n).map(|i| label(&seats, i)).collect();
    let series = Series { games: args.games, seed: args.seed, jobs: args.jobs, progress: !args.json };
    let results = play_games(&entry, &config, &content, &seats, &series)?;
    let mut wins = vec![0.0; n];
    let mut scores = vec![0.0; n];
    let mut ranks = vec![0.0; n];
    let mut ratings = vec![rating::Rating::new(); n];
    let mut think: Vec<Vec<f64>> = vec![Vec::new(); n];
    let (mut seat_wins, mut seat_scores) = (vec![0.0; n], vec![0.0; n]);
    let mut steps = 0usize;
    let mut forfeits = Vec::new();
    let mut forfeited = vec![0; n];
    for (g, result) in results.into_iter().enumerate() {
        steps += result.steps;
        let o = &result.outcome;
        // Bot i sat at seat (i + g) mod n.
        let seat_of = |i: usize| (i + g) % n;
        if let Some(forfeit) = result.forfeit {
            let bot = (forfeit.seat + n - g % n) % n;
            forfeited[bot] += 1;
            let seed = args.seed + g as u64;
            let (seat, bot) = (forfeit.seat + 1, labels[bot].clone());
            forfeits.push(ForfeitReport { game: g, seed, seat, bot, reason: forfeit.reason });
        }
        let winners = o.ranks.iter().filter(|&&r| r == 1).count() as f64;
        for s in 0..n {
            seat_wins[s] += if o.ranks[s] == 1 { 1.0 / winners } else { 0.0 };
            seat_scores[s] += o.scores[s] as f64;
        }
        for i in 0..n {
            let s = seat_of(i);
            if o.ranks[s] == 1 {
                wins[i] += 1.0 / winners;
            }
            scores[i] += o.scores[s] as f64;
            ranks[i] += o.ranks[s] as f64;
            think[i].extend_from_slice(&result.think[s]);
        }
        let places: Vec<usize> = (0..n).map(|i| o.ranks[seat_of(i)]).collect();
        ratings = rating::after_game(&ratings, &places);
    }
    let games = args.games.max(1) as f64;
    let report = ArenaReport {
        game: entry.id.into(),
        games: args.games,
        seats: n,
        seed: args.seed,
        config,
        mean_steps: steps as f64 / games,
        bots: (0..n)
            .zip(think)
            .map(|(i, think)| BotReport {
                bot: labels[i].clone(),
                games: args.games,
                wins: wins[i],
                win_rate: wins[i] / games,
                ci95: wilson(wins[i], games),
                mean_score: scores[i] / games,
                mean_rank: ranks[i] / games,
                rating: ratings[i].rating,
                rating_uncertainty: ratings[i].uncertainty,
                decisions: think.len(),
                think_ms: ThinkTimes::of(think),
                forfeits: forfeited[i],
            })
            .collect(),
        by_seat: (0..n)
            .map(|s| SeatReport {
                seat: s + 1,
                wins: seat_wins[s],
                win_rate: seat_wins[s] / games,
                ci95: wilson(seat_wins[s], games),
                mean_score: seat_scores[s] / games,
            })
            .collect(),
        forfeits,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!("{}", headline(entry.id, args.games, n, args.seed, report.mean_steps));
    print_table(&report);
    Ok(())
}

/// The report's first line: the game, how many games and seats, the seeds, and the games' length.
fn headline(game: &str, games: usize, seats: usize, seed: u64, mean_steps: f64) -> String {
    let seeds = match games {
        1 => format!("seed {seed}"),
        _ => format!("seeds {seed}–{}", seed + games as u64 - 1),
    };
    let games = imperia_core::words::count(games as i64, "game");
    let seats = match seats {
        1 => "played alone".to_string(),
        _ => format!("{seats} seats rotated"),
    };
    format!("{game}: {games}, {seats}, {seeds}, {mean_steps:.0} actions per game")
}

/// The most forfeits listed under the table (`--json` lists them all).
const FORFEITS_SHOWN: usize = 10;

fn print_table(report: &ArenaReport) {
    // Wide enough for the longest bot's name (a `cmd:` command can be long).
    let w = report.bots.iter().map(|b| b.bot.chars().count()).max().unwrap_or(0).max(16);
    let any_forfeit = !report.forfeits.is_empty();
    println!(
        "{:<w$} {:>8} {:>17} {:>10} {:>9} {:>13}{}",
        "bot",
        "win rate",
        "95% interval",
        "mean score",
        "mean rank",
        "rating",
        if any_forfeit { "  forfeits" } else { "" }
    );
    for b in &report.bots {
        println!(
            "{:<w$} {:>7.1}% {:>7.1}% – {:>5.1}% {:>10.1} {:>9.2} {:>7.1} ± {:.1}{}",
            b.bot,
            100.0 * b.win_rate,
            100.0 * b.ci95[0],
            100.0 * b.ci95[1],
            b.mean_score,
            b.mean_rank,
            b.rating,
            b.rating_uncertainty,
            if any_forfeit { format!(" {:>9}", b.forfeits) } else { String::new() }
        );
    }
    println!("{:<w$} {:>9} {:>16} {:>9} {:>9}", "bot", "decisions", "think: median", "p95", "max");
    for b in &report.bots {
        println!(
            "{:<w$} {:>9} {:>13.1} ms {:>6.1} ms {:>6.1} ms",
            b.bot, b.decisions, b.think_ms.median, b.think_ms.p95, b.think_ms.max
        );
    }
    println!("{:<w$} {:>8} {:>17} {:>10}", "seat", "win rate", "95% interval", "mean score");
    for s in &report.by_seat {
        println!(
            "{:<w$} {:>7.1}% {:>7.1}% – {:>5.1}% {:>10.1}",
            format!("seat {}", s.seat),
            100.0 * s.win_rate,
            100.0 * s.ci95[0],
            100.0 * s.ci95[1],
            s.mean_score
        );
    }
    if any_forfeit {
        println!(
            "{} forfeited (last place, the other seats sharing first; no seat scores):",
            words::count(report.forfeits.len() as i64, "game")
        );
        for f in report.forfeits.iter().take(FORFEITS_SHOWN) {
            println!("  game {} (seed {}), seat {}: {} {}", f.game + 1, f.seed, f.seat, f.bot, f.reason);
        }
        if report.forfeits.len() > FORFEITS_SHOWN {
            println!("  and {} more (--json lists them all)", report.forfeits.len() - FORFEITS_SHOWN);
        }
    }
}

/// A span in seconds as the command line gives it: more than nothing, at most a day.
fn seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.001..=86_400.0).contains(&seconds) {
        return Err(format!("{text} s: give between 0.001 and 86400 seconds"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// How a series of games is played: how many, from which seed, how many at once, and whether a progress
/// bar is drawn (on a terminal).
pub struct Series {
    pub games: usize,
    /// Game g is seeded `seed + g`.
    pub seed: u64,
    pub jobs: usize,
    pub progress: bool,
}

/// Play a series of `entry`'s game, bot i at seat (i + g) mod n in game g; the results in game order.
pub fn play_games(
    entry: &BotEntry,
    config: &Value,
    content: &DynContent,
    seats: &[Entrant],
    series: &Series,
) -> Result<Vec<GameResult>> {
    let &Series { games, seed, jobs, progress: show_progress } = series;
    let n = seats.len();
    let progress = ProgressBar::new(games as u64);
    if !show_progress {
        progress.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<GameResult, String>>>> = Mutex::new(vec![None; games]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let seating: Vec<Entrant> = (0..n).map(|s| seats[(s + n - g % n) % n].clone()).collect();
                    let result = (entry.play)(config, content, seed + g as u64, &seating);
                    if let Ok(mut r) = results.lock() {
                        r[g] = Some(result);
                    }
                    progress.inc(1);
                }
            });
        }
    });
    progress.finish_and_clear();
    let results = results.into_inner().map_err(|_| anyhow!("a game thread failed"))?;
    results
        .into_iter()
        .enumerate()
        .map(|(g, r)| {
            r.context("a game was not played")?.map_err(|e| anyhow!("game {g} (seed {}): {e}", seed + g as u64))
        })
        .collect()
}

/// Tell apart bots of the same kind: `random`, `random (2)`, …
fn label(seats: &[Entrant], i: usize) -> String {
    let name = seats[i].to_string();
    let same = seats[..i].iter().filter(|s| s.to_string() == name).count();
    if same == 0 { name } else { format!("{name} ({})", same + 1) }
}

/// The normal distribution's quantile at 97.5%: a 95% interval's half-width in standard errors.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `wins` out of `games` at 95%.
pub fn wilson(wins: f64, games: f64) -> [f64; 2] {
    let z = Z95;
    let p = wins / games;
    let denominator = 1.0 + z * z / games;
    let centre = (p + z * z / (2.0 * games)) / denominator;
    let half = z * (p * (1.0 - p) / games + z * z / (4.0 * games * games)).sqrt() / denominator;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The mean of per-game shares and its 95% interval (normal, over the games; the interval is clamped to
/// [0, 1] and is a point when the games agree).
pub fn mean_with_interval(shares: &[f64]) -> (f64, [f64; 2]) {
    let n = shares.len() as f64;
    if shares.is_empty() {
        return (0.0, [0.0, 1.0]);
    }
    let mean = shares.iter().sum::<f64>() / n;
    let variance = shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = Z95 * (variance / n).sqrt();
    (mean, [(mean - half).max(0.0), (mean + half).min(1.0)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headline_counts_its_games_in_words() {
        assert_eq!(
            headline("endeavor", 1, 2, 7, 106.6),
            "endeavor: 1 game, 2 seats rotated, seed 7, 107 actions per game"
        );
        assert_eq!(
            headline("endeavor", 3, 2, 1, 106.0),
            "endeavor: 3 games, 2 seats rotated, seeds 1–3, 106 actions per game"
        );
        assert_eq!(
            headline("brazil-imperial", 2, 1, 1, 82.0),
            "brazil-imperial: 2 games, played alone, seeds 1–2, 82 actions per game"
        );
    }

    #[test]
    fn the_interval_of_shares_narrows_with_games_and_stays_within_bounds() {
        assert_eq!(mean_with_interval(&[1.0; 50]), (1.0, [1.0, 1.0]));
        let few = mean_with_interval(&[0.0, 1.0, 0.5, 1.0]);
        let many = mean_with_interval(&[0.0, 1.0, 0.5, 1.0].repeat(25));
        assert_eq!(few.0, many.0);
        assert!(many.1[1] - many.1[0] < few.1[1] - few.1[0]);
        assert!(few.1[0] <= few.0 && few.0 <= few.1[1] && few.1[1] <= 1.0, "{few:?}");
    }

    #[test]
    fn think_time_percentiles() {
        let t = ThinkTimes::of((1..=100).map(|ms| f64::from(ms) / 1000.0).collect());
        let ms = |x: f64| x.round() as u32;
        assert_eq!((ms(t.median), ms(t.p95), ms(t.max)), (50, 95, 100));
        let none = ThinkTimes::of(Vec::new());
        assert_eq!((none.median, none.p95, none.max), (0.0, 0.0, 0.0));
    }

    #[test]
    fn wilson_interval() {
        let [lo, hi] = wilson(80.0, 100.0);
        assert!((lo - 0.711).abs() < 0.001 && (hi - 0.867).abs() < 0.001, "{lo} {hi}");
        assert_eq!(wilson(0.0, 10.0)[0], 0.0);
    }
}
