//! `imperia fuzz`: the conformance harness (`imperia_core::conformance`) on any game of the registry, for as
//! many games or seconds as asked, with a progress bar. Games are played by uniformly random choices, or with
//! `--bots` by bots drawn for each seat from a pool (`imperia_bots::deep`), whose games go deep into the late
//! positions; `--players` fixes the player count. The test suite runs a small batch of each game; long soaks
//! are this command's job.

use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use clap::Args;
use imperia_bots::BotSpec;
use imperia_core::Registry;
use imperia_core::conformance::Options;
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Args)]
pub struct FuzzArgs {
    /// The game's id (see `imperia games`).
    game: String,
    /// Play this many games (at most; `--seconds` may stop it sooner).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    games: Option<u64>,
    /// Stop starting new games after this many seconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=31_536_000))]
    seconds: Option<u64>,
    /// The master seed; each game's seed and config are drawn from it, so a run can be repeated exactly.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random unlisted actions tried per step, each of which must be refused without a trace.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=1000))]
    refusals: u64,
    /// Play only games with this many players (default: the counts and variants the harness draws).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=16))]
    players: Option<u64>,
    /// Bots that play the games instead of uniformly random choices, comma-separated: each seat's bot is
    /// drawn from the list, so `heuristic,random` mixes them (see `imperia arena --help` for the names).
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    bots: Vec<BotSpec>,
}

pub fn run(registry: &Registry, args: &FuzzArgs) -> Result<()> {
    let Some(entry) = registry.get(&args.game) else {
        bail!("there is no game `{}`; the games are: {}", args.game, registry.ids().join(", "));
    };
    let Some(random) = entry.fuzz else { bail!("{} has no conformance harness", entry.name) };
    if let Some(players) = args.players
        && !(entry.seats.0..=entry.seats.1).contains(&(players as usize))
    {
        bail!("{} is played by {} to {} players, not {players}", entry.name, entry.seats.0, entry.seats.1);
    }
    let deep = imperia_games::bots_for(entry.id).and_then(|b| b.fuzz);
    if !args.bots.is_empty() && deep.is_none() {
        bail!("{} has no conformance harness for bots", entry.name);
    }
    // Without a limit, a minute's worth.
    let (games, seconds) = match (args.games, args.seconds) {
        (None, None) => (u64::MAX, Some(60)),
        (games, seconds) => (games.unwrap_or(u64::MAX), seconds),
    };
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let progress = match (args.games, seconds) {
        (Some(n), _) => ProgressBar::new(n),
        (None, Some(s)) => ProgressBar::new(s),
        (None, None) => ProgressBar::no_length(),
    };
    let by_time = args.games.is_none();
    let template = if by_time {
        "{bar:40} {elapsed}/{len}s  {msg}"
    } else {
        "{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta}  {msg}"
    };
    progress.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    let started = Instant::now();
    let options = Options {
        games: usize::try_from(games).unwrap_or(usize::MAX),
        seed: args.seed,
        refusals_per_step: args.refusals as usize,
        seats: args.players.map(|p| p as usize),
    };
    let mut each = |report: &imperia_core::conformance::Report| {
        if by_time {
            progress.set_position(started.elapsed().as_secs());
        } else {
            progress.set_position(report.games as u64);
        }
        progress.set_message(format!("{} games, {} steps", report.games, report.steps));
        deadline.is_none_or(|d| Instant::now() < d)
    };
    let result = match deep {
        Some(deep) if !args.bots.is_empty() => deep(&options, &args.bots, &mut each),
        _ => random(&options, &mut each),
    };
    progress.finish_and_clear();
    let report = result.map_err(|failure| anyhow!("{} broke the contract: {failure}", entry.name))?;
    let played_by = if args.bots.is_empty() {
        "random choices".to_string()
    } else {
        args.bots.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    };
    println!(
        "{}: {report} in {:.1} s (seed {}, played by {played_by}); every check passed",
        entry.name,
        started.elapsed().as_secs_f64(),
        args.seed
    );
    Ok(())
}
