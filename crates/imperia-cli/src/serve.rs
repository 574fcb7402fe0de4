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
    /// Where the database lives (created if missing).
    #[arg(long, default_value = "imperia-data")]
    data_dir: PathBuf,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let config = ServerConfig { bind: args.bind, data_dir: args.data_dir.clone() };
    let data_dir = args.data_dir.display().to_string();
    runtime.block_on(serve(config, |addr| {
        println!("Imperia is serving on http://{addr}/ (data in {data_dir}); Ctrl-C stops it.");
    }))?;
    Ok(())
}
