//! `imperia worker`: think for the servers sharing a database — their bots' moves, hints and reviews —
//! taken from the database's queue (`imperia_server::queue`). Servers hand their thinking to workers when
//! started with `--bot-threads 0`.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Args;
use imperia_server::worker::{WorkerConfig, work};

#[derive(Args)]
pub struct WorkerArgs {
    /// The servers' database: postgres://user:password@host/database (or sqlite://path on the servers' own
    /// machine).
    #[arg(long)]
    database_url: String,
    /// Thoughts run at once (by default one per core); hints and reviews keep one free for the bots.
    #[arg(long)]
    threads: Option<usize>,
    /// Seconds a claim holds without renewal: how long a killed worker's thought waits before another
    /// worker takes it (2 to 600).
    #[arg(long, default_value_t = 30)]
    lease_seconds: u64,
    /// This worker's name in the queue (by default the host's name and the process id).
    #[arg(long)]
    name: Option<String>,
    /// Print each thought claimed and answered.
    #[arg(long)]
    verbose: bool,
    /// For tests of a worker killed mid-thought: claim one thought and never answer it.
    #[arg(long, hide = true)]
    hold_first_thought: bool,
}

pub fn run(args: &WorkerArgs) -> Result<()> {
    let _ = tracing_subscriber::fmt().with_writer(std::io::stderr).with_max_level(tracing::Level::WARN).try_init();
    if !(2..=600).contains(&args.lease_seconds) {
        bail!("--lease-seconds is from 2 to 600");
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = args.threads.unwrap_or(cores);
    if !(1..=1024).contains(&threads) {
        bail!("--threads is from 1 to 1024");
    }
    let name = args.name.clone().unwrap_or_else(|| {
        let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
        format!("{}-{}", host.trim(), std::process::id())
    });
    let config = WorkerConfig {
        database_url: args.database_url.clone(),
        threads,
        lease: Duration::from_secs(args.lease_seconds),
        name: name.clone(),
        verbose: args.verbose,
        hold_first_thought: args.hold_first_thought,
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(work(config, || {
        println!("Imperia worker {name} is thinking on {threads} threads; Ctrl-C stops it.");
    }))?;
    Ok(())
}
