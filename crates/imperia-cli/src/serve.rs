//! `imperia serve`: the server, with its data in an embedded SQLite file.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use imperia_server::{Limits, Options, ServerConfig, serve};

#[derive(Args)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Where the SQLite database lives (created if missing, in a new or empty folder).
    #[arg(long, default_value = "imperia-data")]
    data_dir: PathBuf,
    /// Store everything in PostgreSQL instead: postgres://user:password@host/database (created if missing).
    /// Several servers may share one database.
    #[arg(long)]
    database_url: Option<String>,
    /// Start a new SQLite database even where the data folder already holds other files, or in place of an
    /// empty (0-byte) database file.
    #[arg(long)]
    init: bool,
    /// The server is reached over HTTPS (usually through a proxy): session cookies are marked Secure.
    #[arg(long)]
    secure_cookies: bool,
    /// A reverse proxy stands in front: the client's address is the last one in X-Forwarded-For (and the
    /// per-address connection cap is left to the proxy). Never set this without a proxy: the header is
    /// the client's to write.
    #[arg(long)]
    behind_proxy: bool,
    /// Let webhooks point at loopback and private addresses (for tests and private networks only).
    #[arg(long)]
    webhooks_to_private: bool,
    /// Open connections from one address, at most.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// Seconds a connection may sit with nothing sent either way.
    #[arg(long, default_value_t = Limits::default().idle_timeout.as_secs())]
    idle_seconds: u64,
    /// Seconds a client has to send a request's headers.
    #[arg(long, default_value_t = Limits::default().header_timeout.as_secs())]
    header_seconds: u64,
    /// Games (new or imported) one account may create in an hour.
    #[arg(long, default_value_t = Limits::default().games_per_hour)]
    games_per_hour: u32,
    /// Unfinished games one account may have created at once.
    #[arg(long, default_value_t = Limits::default().running_games)]
    running_games: i64,
    /// The shortest clock a rated game may have, in seconds a decision.
    #[arg(long, default_value_t = Limits::default().rated_min_per_move)]
    rated_min_seconds: i64,
    /// Accounts that may be made from one address in an hour.
    #[arg(long, default_value_t = Limits::default().signups_per_hour)]
    signups_per_hour: u32,
    /// Searches (bots' decisions, hints, reviews) run at once; the games' bots always keep one of them.
    /// 0: none here; every search goes to the database's queue for `imperia worker`s.
    #[arg(long, default_value_t = Limits::default().bot_threads)]
    bot_threads: usize,
    /// Seconds a proposal to go back waits for its answers in a game without a clock (a timed game waits
    /// one decision's time); then it lapses and the bots move on. 1 to 7 days' worth.
    #[arg(long, default_value_t = Limits::default().rollback_answer.as_secs())]
    rollback_answer_seconds: u64,
    /// Serve the browser UI from this folder (read at start) instead of the copy built into the binary:
    /// for working on the UI, where a restart then shows a change without a rebuild.
    #[arg(long)]
    web_dir: Option<PathBuf>,
    /// For tests only: the shortest time for a decision a game may give its bot accounts, in milliseconds
    /// (0 makes every answer late, so that a test holds the moment a bot is late).
    #[arg(long, hide = true)]
    test_bot_move_min_ms: Option<u64>,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    // The server's warnings and errors go to standard error.
    let _ = tracing_subscriber::fmt().with_writer(std::io::stderr).with_max_level(tracing::Level::WARN).try_init();
    if let Some(dir) = &args.web_dir {
        let files = imperia_server::web::use_folder(dir)
            .with_context(|| format!("cannot serve the UI from {}", dir.display()))?;
        eprintln!("serving the UI's {files} files from {}, read now", dir.display());
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let limits = Limits {
        connections_per_address: args.connections_per_address.max(1),
        idle_timeout: std::time::Duration::from_secs(args.idle_seconds.clamp(1, 3600)),
        header_timeout: std::time::Duration::from_secs(args.header_seconds.clamp(1, 600)),
        games_per_hour: args.games_per_hour.max(1),
        running_games: args.running_games.max(1),
        signups_per_hour: args.signups_per_hour.max(1),
        bot_threads: args.bot_threads.min(1024),
        rated_min_per_move: args.rated_min_seconds.clamp(1, imperia_server::store::Clock::MAX_PER_MOVE),
        rollback_answer: std::time::Duration::from_secs(args.rollback_answer_seconds.clamp(1, 7 * 24 * 3600)),
        bot_move_min_ms: args.test_bot_move_min_ms.unwrap_or(Limits::default().bot_move_min_ms),
        ..Limits::default()
    };
    let config = ServerConfig {
        bind: args.bind,
        data_dir: args.data_dir.clone(),
        database_url: args.database_url.clone(),
        init: args.init,
        options: Options {
            secure_cookies: args.secure_cookies,
            behind_proxy: args.behind_proxy,
            webhooks_to_private: args.webhooks_to_private,
        },
        limits,
    };
    let storage = match &args.database_url {
        Some(url) if url.starts_with("postgres") => "PostgreSQL".to_string(),
        Some(url) => url.clone(),
        None => args.data_dir.display().to_string(),
    };
    runtime.block_on(serve(config, |addr| {
        println!("Imperia is serving on http://{addr}/ (data in {storage}); Ctrl-C stops it.");
    }))?;
    Ok(())
}
