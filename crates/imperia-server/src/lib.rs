//! # imperia-server
//!
//! `imperia serve`: accounts, a lobby, and games that persist. Every action is validated by the game's
//! engine and stored, in the same transaction that bumps the game's version, before anyone is told of it;
//! each viewer receives only its own view, over HTTP and WebSocket. Bot seats are played by the server.
//!
//! - [`store`]: the SQLite database (schema in `migrations/`).
//! - [`live`]: games in memory, [`live::commit`], and the bot runner.
//! - [`api`]: the HTTP and WebSocket routes.
//! - [`auth`]: passwords, sessions, invitations.
//! - [`web`]: the browser UI, embedded from `web/`.

pub mod api;
pub mod auth;
pub mod error;
pub mod live;
pub mod store;
pub mod web;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::RwLock;

use crate::live::{AppState, Shared};
use crate::store::{Store, StoreError};

/// Where the server listens and keeps its data.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub bind: SocketAddr,
    /// Where the SQLite file lives, unless `database_url` is given.
    pub data_dir: PathBuf,
    /// `postgres://…` (or `sqlite://…`) to store everything elsewhere.
    pub database_url: Option<String>,
}

impl ServerConfig {
    /// The database URL this config stores into.
    pub fn url(&self) -> Result<String, StoreError> {
        match &self.database_url {
            Some(url) => Ok(url.clone()),
            None => Store::sqlite_url(&self.data_dir),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: SocketAddr, source: std::io::Error },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// Open the store and rebuild every game from its record; games whose record no longer replays are
/// reported and left out.
pub async fn load(url: &str) -> Result<AppState, StoreError> {
    let store = Store::open(url).await?;
    let state = AppState {
        store: store.clone(),
        games: Arc::new(RwLock::new(BTreeMap::new())),
        registry: imperia_games::registry(),
        logins: Default::default(),
    };
    for row in store.load_games().await? {
        let Some(entry) = state.registry.get(&row.record.game).copied() else {
            tracing::error!("game {}: no engine for `{}`", row.id, row.record.game);
            continue;
        };
        match (entry.replay)(&row.record) {
            Ok(m) => {
                let game = live::install_game(&state, row.id, m, row.version, live::Table::of(&row)).await;
                live::spawn_bots(state.clone(), game);
            }
            Err(e) => tracing::error!("game {} does not replay: {e}", row.id),
        }
    }
    Ok(state)
}

/// Load game `id` from the database into memory (if it exists and replays), and start its bots.
pub(crate) async fn load_one(state: &AppState, id: i64) -> Result<Option<Shared>, StoreError> {
    let Some(row) = state.store.load_game(id).await? else { return Ok(None) };
    let Some(entry) = state.registry.get(&row.record.game).copied() else { return Ok(None) };
    match (entry.replay)(&row.record) {
        Ok(m) => {
            let game = live::install_game(state, row.id, m, row.version, live::Table::of(&row)).await;
            live::spawn_bots(state.clone(), game.clone());
            Ok(Some(game))
        }
        Err(e) => {
            tracing::error!("game {id} does not replay: {e}");
            Ok(None)
        }
    }
}

/// With PostgreSQL, follow the other servers' changes: every game they announce is reloaded (or loaded, if
/// new), so this server's viewers see it and its next action is checked against it.
async fn follow_other_servers(state: AppState, url: String) {
    let mut listener = match sqlx::postgres::PgListener::connect(&url).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("imperia-server: cannot listen for other servers' changes: {e}");
            return;
        }
    };
    if let Err(e) = listener.listen(store::CHANNEL).await {
        eprintln!("imperia-server: cannot listen for other servers' changes: {e}");
        return;
    }
    loop {
        let Ok(notification) = listener.recv().await else { continue };
        let Ok(id) = notification.payload().parse::<i64>() else { continue };
        let known = state.games.read().await.get(&id).cloned();
        match known {
            Some(game) => {
                let mut g = game.lock().await;
                if let Err(e) = live::refresh(&state, &mut g).await {
                    tracing::warn!("game {id}: {}", e.message);
                }
                drop(g);
                live::spawn_bots(state.clone(), game);
            }
            None => {
                let _ = load_one(&state, id).await;
            }
        }
    }
}

/// Run the server until Ctrl-C. `ready` receives the address it listens on.
pub async fn serve(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let state = load(&config.url()?).await?;
    if let Some(url) = state.store.postgres_url() {
        tokio::spawn(follow_other_servers(state.clone(), url.to_string()));
    }
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServeError::Bind { addr: config.bind, source })?;
    ready(listener.local_addr()?);
    axum::serve(listener, api::router(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
