//! `imperia serve`: the server, with its data in an embedded SQLite file.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use imperia_server::{ServerConfig, serve};

#[derive(Args)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Where the SQLite database lives (created if missing).
    #[arg(long, default_value = "imperia-data")]
    data_dir: PathBuf,
    /// Store everything in PostgreSQL instead: postgres://user:password@host/database (created if missing).
    /// Several servers may share one database.
    #[arg(long)]
    database_url: Option<String>,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    // The server's warnings and errors go to standard error.
    let _ = tracing_subscriber::fmt().with_writer(std::io::stderr).with_max_level(tracing::Level::WARN).try_init();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let config =
        ServerConfig { bind: args.bind, data_dir: args.data_dir.clone(), database_url: args.database_url.clone() };
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
