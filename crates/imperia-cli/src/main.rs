//! `imperia`: play Imperia's games in a terminal, replay records, and measure the engines.
//!
//! Every command reaches the games through the registry (`imperia_games::registry`), so it works for any
//! game Imperia hosts.

mod apply;
mod arena;
mod bench;
mod bot;
mod data;
mod fuzz;
mod games;
mod hint;
mod ladder;
mod loadtest;
mod play;
mod replay;
mod serve;
mod train;
mod worker;

use std::io::ErrorKind;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use imperia_core::{DynContent, GameEntry, Registry};
use serde_json::{Map, Value};

#[derive(Parser)]
#[command(name = "imperia", version, about = "Heavy empire-building board games, with every rule enforced")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Imperia server: accounts, lobby and persistent games, over HTTP and WebSocket.
    Serve(serve::ServeArgs),
    /// Play a game in the terminal against bots, choosing actions by number.
    Play(play::PlayArgs),
    /// Print a recorded game step by step, checking every state hash.
    Replay(replay::ReplayArgs),
    /// Measure how fast the engine plays complete random games.
    Bench(bench::BenchArgs),
    /// The conformance harness: seeded random games with the contract checked at every step.
    Fuzz(fuzz::FuzzArgs),
    /// Drive an engine from outside: actions as JSON lines on stdin, each step as JSON lines on stdout.
    Apply(apply::ApplyArgs),
    /// Bots against bots, seats rotated: win rates, scores, ranks and ratings.
    Arena(arena::ArenaArgs),
    /// One of Imperia's bots as an outside program: the protocol of docs/bot-builders.md on stdin and stdout.
    Bot(bot::BotArgs),
    /// The server's bot levels against each other in one game: win rates, ratings, time per decision.
    Ladder(ladder::LadderArgs),
    /// The search bot's three best actions for a seat at the end of a record.
    Hint(hint::HintArgs),
    /// Rebuild a game's learned evaluation from self-play games, seeded.
    Train(train::TrainArgs),
    /// Think for the servers sharing a database: their bots' moves, hints and reviews.
    Worker(worker::WorkerArgs),
    /// Load-test a server: many games played at once through its HTTP and WebSocket API.
    Loadtest(loadtest::LoadArgs),
    /// List the games Imperia hosts, and with --options each one's variant options.
    Games(games::GamesArgs),
    /// Where each game's content comes from: rulebook, public reference, or provisional.
    Data(data::DataArgs),
}

/// A player's own content files (CONTENT.md): `--content <dir>`.
#[derive(Args, Clone, Debug, Default)]
pub struct ContentArg {
    /// A folder of content files to play with in place of the shipped files of the same names; they are
    /// checked as the shipped ones are (`imperia data files <game> <dir>` writes the shipped ones to edit).
    #[arg(long, value_name = "DIR")]
    pub content: Option<PathBuf>,
}

impl ContentArg {
    /// The content set to play `entry`'s game with: the folder's files in place of the shipped ones, checked
    /// as the shipped ones are, or the shipped set when no folder was given.
    pub fn load(&self, entry: &GameEntry) -> Result<DynContent> {
        let Some(dir) = &self.content else { return Ok((entry.shipped)()) };
        let content = entry.content_in(dir).map_err(|e| anyhow!("--content: {e}"))?;
        if let Some(fingerprint) = content.fingerprint() {
            eprintln!("{} is played with your content files ({fingerprint}).", entry.name);
        }
        Ok(content)
    }

    /// The content set to replay `record` with: the folder's files if given, else the files the record
    /// carries, else the shipped set.
    pub fn for_record(&self, entry: &GameEntry, record: &imperia_core::Record) -> Result<DynContent> {
        if self.content.is_some() || record.content_files.is_empty() {
            return self.load(entry);
        }
        let files = record.content_files.iter().map(|(name, text)| (name.clone(), text.clone()));
        entry.content_from(files).map_err(|e| anyhow!("the record's content files: {e}"))
    }
}

/// Options shared by commands that start a game.
#[derive(Args, Clone, Debug)]
pub struct GameOptions {
    /// The game's id (see `imperia games`).
    pub game: String,
    /// Number of players (by default 4, or the nearest count the game allows).
    #[arg(long, short)]
    pub players: Option<usize>,
    /// Variant options as a JSON object, e.g. '{"experienced": true, "hidden_cash": true}' (`imperia games
    /// --options` lists each game's).
    #[arg(long, value_name = "JSON")]
    pub config: Option<String>,
    #[command(flatten)]
    pub content: ContentArg,
}

impl GameOptions {
    /// The game's registry entry, its JSON config, and the content to play with (the player's files if given).
    pub fn resolve(&self, registry: &Registry) -> Result<(GameEntry, Value, DynContent)> {
        let Some(entry) = registry.get(&self.game) else {
            bail!("there is no game `{}`; the games are: {}", self.game, registry.ids().join(", "));
        };
        let content = self.content.load(entry)?;
        let options = match &self.config {
            Some(text) => serde_json::from_str::<Value>(text).context("--config must be a JSON object")?,
            None => Value::Object(Map::new()),
        };
        if options.get("players").is_some() {
            bail!("the number of players is set with --players, not in --config");
        }
        let (min, max) = entry.seats;
        // Out of range, `configure` says how many players the game takes.
        let seats = self.players.unwrap_or(4.clamp(min, max));
        let config = (entry.configure)(seats, &options).map_err(|e| anyhow!("{e}"))?;
        Ok((*entry, config, content))
    }
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped reading (`imperia replay … | head`) is not an error.
        Err(e)
            if e.chain()
                .any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let registry = imperia_games::registry();
    match cli.command {
        Command::Serve(args) => serve::run(&args),
        Command::Play(args) => play::run(&registry, &args),
        Command::Replay(args) => replay::run(&registry, &args),
        Command::Bench(args) => bench::run(&registry, &args),
        Command::Fuzz(args) => fuzz::run(&registry, &args),
        Command::Apply(args) => apply::run(&registry, &args),
        Command::Arena(args) => arena::run(&registry, &args),
        Command::Hint(args) => hint::run(&registry, &args),
        Command::Bot(args) => bot::run(&registry, &args),
        Command::Ladder(args) => ladder::run(&registry, &args),
        Command::Train(args) => train::run(&registry, &args),
        Command::Loadtest(args) => loadtest::run(&args),
        Command::Worker(args) => worker::run(&args),
        Command::Data(args) => data::run(&registry, &args),
        Command::Games(args) => games::run(&registry, &args),
    }
}

/// Where a record is written by default.
pub fn default_record_path(game: &str, seed: u64) -> PathBuf {
    PathBuf::from(format!("{game}-{seed}.record.json"))
}
