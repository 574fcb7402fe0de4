//! `imperia ladder`: the server's bot levels measured in one game. Each level plays the level below it (one
//! seat against the rest, seats rotated), and the report gives each step's win rate with its 95% interval,
//! how often the upper level finished ahead of each lower seat (with more than two seats a level can place
//! higher without winning more), a Weng-Lin rating per level over the whole ladder, and each level's time per
//! decision, so that a level's name can promise what it plays like and how long it makes people wait. It
//! also says where the run disagrees with the levels the server offers in the game (`levels.rs`): a level
//! offered there that measured no clear step, or one withheld that did.
//!
//! A game played alone (`--players 1`, Brazil's solo scenario) has no level below at the table: each level
//! plays it by itself, and a step is clear when the lower end of the level's win rate's interval is above
//! the rate the level below measured, as chance is for a table of several.

use anyhow::{Result, anyhow, bail};
use clap::Args;
use imperia_bots::Entrant;
use imperia_bots::arena::GameResult;
use imperia_core::{Registry, rating};
use imperia_server::levels::{BotLevel, LEVELS};
use serde::Serialize;

use crate::GameOptions;
use crate::arena::{Series, ThinkTimes, mean_with_interval, play_games, wilson};

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
    /// Climb no higher than this level (its step is the last played): the top steps of a slow game can
    /// take hours.
    #[arg(long, value_name = "LEVEL")]
    up_to: Option<String>,
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
    /// The server offers this level for a new seat of the game (`BotLevel::offered_in`).
    offered: bool,
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
    /// The share of the level below's seats the level finished ahead of, game by game (a tie counts half;
    /// chance is one half), and its 95% interval over the games.
    ahead: f64,
    ahead_ci95: [f64; 2],
    /// A clear step: the lower end of the win rate's interval is above chance, one in the number of seats
    /// (docs/bots.md «How the levels are measured»).
    clear: bool,
}

pub fn run(registry: &Registry, args: &LadderArgs) -> Result<()> {
    let (entry, config, content) = args.game.resolve(registry)?;
    let Some(bots) = imperia_games::bots_for(entry.id) else { bail!("{} has no bots", entry.name) };
    if args.games == 0 || args.games > MAX_GAMES {
        bail!("--games must be from 1 to {MAX_GAMES}");
    }
    // `resolve` has refused a seat count the game does not take.
    let seats = args.game.players.unwrap_or(4.clamp(entry.seats.0, entry.seats.1));
    let top = match &args.up_to {
        Some(name) => {
            let level = BotLevel::named(name).map_err(|e| anyhow!("--up-to: {e}"))?;
            LEVELS.iter().position(|l| l.level == level.level).expect("a named level is one of LEVELS")
        }
        None => LEVELS.len() - 1,
    };
    if top == 0 {
        bail!("--up-to: {} is the lowest level, with nothing below it to play", LEVELS[0].level);
    }
    let series = Series { games: args.games, seed: args.seed, jobs: args.jobs.clamp(1, 256), progress: !args.json };
    if seats == 1 {
        let mut report = Vec::new();
        for level in &LEVELS[..=top] {
            if !args.json {
                eprintln!("{} alone…", level.level);
            }
            let results = play_games(&bots, &config, &content, &[level.spec_in(entry.id).into()], &series)?;
            report.push(SoloLevel::of(level, entry.id, &results, report.last()));
        }
        return print_solo(entry.name, args, &report);
    }
    let mut climb = Climb::new(seats);
    for (upper, level) in LEVELS.iter().enumerate().take(top + 1).skip(1) {
        let below = &LEVELS[upper - 1];
        // The level under test in the first seat of the list, the level below in every other.
        let mut lineup: Vec<Entrant> = vec![below.spec_in(entry.id).into(); seats];
        lineup[0] = level.spec_in(entry.id).into();
        if !args.json {
            eprintln!("{} against {}…", level.level, below.level);
        }
        let results = play_games(&bots, &config, &content, &lineup, &series)?;
        climb.step(upper, &results);
    }
    let report = climb.report(entry.id);
    let disagreements = disagreements(&report, entry.id);
    if args.json {
        let out = serde_json::json!({
            "game": entry.id, "seats": seats, "games_per_step": args.games, "seed": args.seed, "levels": report,
            "disagreements": disagreements,
        });
        println!("{}", serde_json::to_string_pretty(&out).map_err(|e| anyhow!(e))?);
    } else {
        let last_seed = args.seed + args.games as u64 - 1;
        println!(
            "{}, {seats} players: each level in one seat against the level below, {} games a step, seeds {}–{last_seed}",
            entry.name, args.games, args.seed,
        );
        print_table(&report);
        for line in &disagreements {
            println!("{line}");
        }
    }
    Ok(())
}

/// Where this run disagrees with the levels the server offers in `game`: a level offered that measured no
/// clear step above the one below, or one withheld that did, above a level that is offered. One line each;
/// a run with other seats or content than the shipped four-player game may disagree with reason.
fn disagreements(report: &[LevelReport], game: &str) -> Vec<String> {
    report
        .windows(2)
        .filter_map(|pair| {
            let (below, level) = (&pair[0], &pair[1]);
            let step = level.step.as_ref()?;
            let measured = format!("{:.1}% of {} games", 100.0 * step.win_rate, step.games);
            match (level.offered, step.clear) {
                (true, false) => Some(format!(
                    "{}: no clear step above {} in this run ({measured}), yet {game} offers it (levels.rs)",
                    level.level, below.level
                )),
                (false, true) if below.offered => Some(format!(
                    "{}: a clear step above {} in this run ({measured}), yet {game} withholds it (levels.rs)",
                    level.level, below.level
                )),
                _ => None,
            }
        })
        .collect()
}

/// A level playing a game alone: how often it wins, and whether that is a clear step above the level below.
#[derive(Serialize)]
struct SoloLevel {
    level: &'static str,
    bot: String,
    games: usize,
    wins: f64,
    win_rate: f64,
    ci95: [f64; 2],
    /// The lower end of `ci95` is above the level below's win rate; none for the lowest level.
    clear: Option<bool>,
    decisions: usize,
    think_ms: ThinkTimes,
}

impl SoloLevel {
    fn of(level: &BotLevel, game: &str, results: &[GameResult], below: Option<&SoloLevel>) -> SoloLevel {
        let wins = results.iter().filter(|r| r.outcome.ranks[0] == 1).count() as f64;
        let games = results.len();
        let ci95 = wilson(wins, games as f64);
        let think: Vec<f64> = results.iter().flat_map(|r| r.think[0].iter().copied()).collect();
        SoloLevel {
            level: level.level,
            bot: level.spec_in(game).to_string(),
            games,
            wins,
            win_rate: wins / games as f64,
            ci95,
            clear: below.map(|b| ci95[0] > b.win_rate),
            decisions: think.len(),
            think_ms: ThinkTimes::of(think),
        }
    }
}

fn print_solo(game: &str, args: &LadderArgs, report: &[SoloLevel]) -> Result<()> {
    if args.json {
        let out = serde_json::json!({
            "game": args.game.game, "seats": 1, "games_per_step": args.games, "seed": args.seed, "levels": report,
        });
        println!("{}", serde_json::to_string_pretty(&out).map_err(|e| anyhow!(e))?);
        return Ok(());
    }
    let last_seed = args.seed + args.games as u64 - 1;
    println!("{game}, played alone: each level on its own, {} games, seeds {}–{last_seed}", args.games, args.seed);
    println!("{:<8} {:<18} {:<30} {:<16} {:>12} {:>9}", "level", "bot", "wins", "clear step up", "think median", "p95");
    for l in report {
        let wins =
            format!("{:.1}% ({:.1}–{:.1}%) of {}", 100.0 * l.win_rate, 100.0 * l.ci95[0], 100.0 * l.ci95[1], l.games);
        let clear = l.clear.map_or("", |c| if c { "yes" } else { "no" });
        println!(
            "{:<8} {:<18} {wins:<30} {clear:<16} {:>9.1} ms {:>6.1} ms",
            l.level, l.bot, l.think_ms.median, l.think_ms.p95
        );
    }
    Ok(())
}

/// The ladder as it is climbed: each level's rating and decision times so far, and each step's result.
struct Climb {
    seats: usize,
    ratings: Vec<rating::Rating>,
    think: Vec<Vec<f64>>,
    steps: Vec<Option<Step>>,
}

impl Climb {
    fn new(seats: usize) -> Climb {
        Climb {
            seats,
            ratings: vec![rating::Rating::new(); LEVELS.len()],
            think: vec![Vec::new(); LEVELS.len()],
            steps: vec![None],
        }
    }

    /// Count the games of level `upper` (bot 0) against the level below (every other bot).
    fn step(&mut self, upper: usize, results: &[GameResult]) {
        let (lower, seats) = (upper - 1, self.seats);
        let level_of = |i: usize| if i == 0 { upper } else { lower };
        let mut wins = 0.0;
        let mut ahead = Vec::with_capacity(results.len());
        for (g, result) in results.iter().enumerate() {
            let ranks = &result.outcome.ranks;
            // Bot i sat at seat (i + g) mod n.
            let seat_of = |i: usize| (i + g) % seats;
            let winners = ranks.iter().filter(|&&r| r == 1).count() as f64;
            if ranks[seat_of(0)] == 1 {
                wins += 1.0 / winners;
            }
            let mine = ranks[seat_of(0)];
            let beaten: f64 = (1..seats)
                .map(|i| match mine.cmp(&ranks[seat_of(i)]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                })
                .sum();
            ahead.push(beaten / (seats - 1) as f64);
            for i in 0..seats {
                self.think[level_of(i)].extend_from_slice(&result.think[seat_of(i)]);
            }
            // Every seat of a level starts from the level's rating; the level then takes its seats' mean.
            let before: Vec<_> = (0..seats).map(|i| self.ratings[level_of(i)]).collect();
            let places: Vec<usize> = (0..seats).map(|i| ranks[seat_of(i)]).collect();
            let after = rating::after_game(&before, &places);
            self.ratings[upper] = after[0];
            let others = &after[1..];
            let mean = |f: fn(&rating::Rating) -> f64| others.iter().map(f).sum::<f64>() / others.len() as f64;
            self.ratings[lower] = rating::Rating { rating: mean(|r| r.rating), uncertainty: mean(|r| r.uncertainty) };
        }
        let games = results.len() as f64;
        let ci95 = wilson(wins, games);
        let (share, interval) = mean_with_interval(&ahead);
        self.steps.push(Some(Step {
            below: LEVELS[lower].level,
            games: results.len(),
            wins,
            win_rate: wins / games,
            ci95,
            ahead: share,
            ahead_ci95: interval,
            clear: ci95[0] > 1.0 / self.seats as f64,
        }));
    }

    fn report(self, game: &str) -> Vec<LevelReport> {
        let climbed = self.steps.len();
        LEVELS[..climbed]
            .iter()
            .zip(self.ratings)
            .zip(self.think)
            .zip(self.steps)
            .map(|(((level, r), think), step)| LevelReport {
                level: level.level,
                bot: level.spec_in(game).to_string(),
                rating: r.rating,
                rating_uncertainty: r.uncertainty,
                step,
                offered: level.offered_in(game).is_ok(),
                decisions: think.len(),
                think_ms: ThinkTimes::of(think),
            })
            .collect()
    }
}

fn print_table(report: &[LevelReport]) {
    println!(
        "{:<8} {:<18} {:>13}  {:<34} {:<30} {:>12} {:>9}  offered",
        "level", "bot", "rating", "against the level below: wins", "ahead of a seat below", "think median", "p95"
    );
    let percent =
        |share: f64, ci: [f64; 2]| format!("{:.1}% ({:.1}–{:.1}%)", 100.0 * share, 100.0 * ci[0], 100.0 * ci[1]);
    for l in report {
        let (wins, ahead) = l.step.as_ref().map_or_else(Default::default, |s| {
            (format!("{} of {}", percent(s.win_rate, s.ci95), s.games), percent(s.ahead, s.ahead_ci95))
        });
        println!(
            "{:<8} {:<18} {:>6.1} ± {:>4.1}  {:<34} {:<30} {:>9.1} ms {:>6.1} ms  {}",
            l.level,
            l.bot,
            l.rating,
            l.rating_uncertainty,
            wins,
            ahead,
            l.think_ms.median,
            l.think_ms.p95,
            if l.offered { "yes" } else { "no" }
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use imperia_core::Outcome;

    /// A finished four-seat game whose seats placed `ranks`, each seat having decided once.
    fn game(ranks: [usize; 4]) -> GameResult {
        GameResult {
            outcome: Outcome { scores: ranks.iter().map(|&r| 10 - r as i64).collect(), ranks: ranks.to_vec() },
            steps: 1,
            think: vec![vec![0.001]; 4],
            forfeit: None,
        }
    }

    #[test]
    fn a_step_counts_wins_and_the_seats_finished_ahead_of_with_seats_rotated() {
        let mut climb = Climb::new(4);
        // Game 0: the upper level sits at seat 0 and places second of four. Game 1: it sits at seat 1 and
        // shares first place with seat 3, ahead of the other two.
        climb.step(2, &[game([2, 1, 3, 4]), game([3, 1, 4, 1])]);
        let step = climb.steps[1].as_ref().expect("the step is recorded");
        assert_eq!(step.wins, 0.5, "a shared first place is half a win");
        // Ahead of two of three lower seats, then of two and a tie: 2/3 and 2.5/3.
        let expected = (2.0 / 3.0 + 2.5 / 3.0) / 2.0;
        assert!((step.ahead - expected).abs() < 1e-12, "{}", step.ahead);
        assert!(step.ahead_ci95[0] < step.ahead && step.ahead < step.ahead_ci95[1]);
        assert_eq!(climb.think[2].len(), 2, "the upper level's decisions, one a game");
        assert_eq!(climb.think[1].len(), 6, "the lower level's, three a game");
        assert!(!step.clear, "half a win in two games is no clear step");
    }

    #[test]
    fn a_level_alone_is_a_clear_step_when_its_interval_clears_the_rate_below() {
        let alone = |won: bool| GameResult {
            outcome: Outcome { scores: vec![i64::from(won)], ranks: vec![if won { 1 } else { 2 }] },
            steps: 1,
            think: vec![vec![0.002]],
            forfeit: None,
        };
        let games = |wins: usize, of: usize| (0..of).map(|g| alone(g < wins)).collect::<Vec<_>>();
        let easy = SoloLevel::of(&LEVELS[0], "brazil-imperial", &games(20, 100), None);
        assert_eq!((easy.wins, easy.clear, easy.decisions), (20.0, None, 100));
        let medium = SoloLevel::of(&LEVELS[1], "brazil-imperial", &games(40, 100), Some(&easy));
        assert_eq!(medium.clear, Some(true), "40% of 100 (interval from 31%) is clear of 20%");
        let strong = SoloLevel::of(&LEVELS[2], "brazil-imperial", &games(45, 100), Some(&medium));
        assert_eq!(strong.clear, Some(false), "45% of 100 (interval from 35%) is not clear of 40%");
    }

    #[test]
    fn a_run_that_disagrees_with_the_levels_offered_says_so() {
        // Game g of a step, the upper level (at seat g mod 4) first or second.
        let first = |g: usize, won: bool| {
            let mut ranks = if won { [1, 2, 3, 4] } else { [2, 1, 3, 4] };
            ranks.rotate_right(g % 4);
            game(ranks)
        };
        let mut climb = Climb::new(4);
        climb.step(1, &(0..40).map(|g| first(g, true)).collect::<Vec<_>>());
        climb.step(2, &(0..40).map(|g| first(g, g < 10)).collect::<Vec<_>>());
        climb.step(3, &[first(0, true)]);
        let report = climb.report("virgin-queen");
        assert!(report[1].step.as_ref().is_some_and(|s| s.clear), "40 wins of 40");
        assert!(report[2].step.as_ref().is_some_and(|s| !s.clear), "10 of 40, a quarter: chance");
        assert_eq!(report.iter().map(|l| l.offered).collect::<Vec<_>>(), [true; 4], "every level is offered");
        // Strong and expert are offered, yet neither measured a clear step in this run (one win of one is none).
        let lines = disagreements(&report, "virgin-queen");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("strong: no clear step above medium in this run (25.0% of 40 games), yet"));
        assert!(lines[1].starts_with("expert: no clear step above strong in this run (100.0% of 1 games), yet"));
        let mut report = report;
        report[2].step.as_mut().expect("a step").clear = true;
        report[3].step.as_mut().expect("a step").clear = true;
        assert_eq!(disagreements(&report, "virgin-queen"), Vec::<String>::new(), "they agree");
        // Had expert been withheld there, its clear step would say so.
        report[3].offered = false;
        let lines = disagreements(&report, "virgin-queen");
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("expert: a clear step above strong in this run (100.0% of 1 games), yet"));
    }
}
