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

pub mod api;
pub mod auth;
pub mod error;
pub mod live;
pub mod store;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::{Mutex, RwLock, broadcast};

use crate::live::{AppState, LiveGame, Shared};
use crate::store::{SeatRow, Store, StoreError};

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

impl live::LiveGame {
    fn new(id: i64, m: Box<dyn imperia_core::DynMatch>, version: i64, seats: Vec<SeatRow>) -> Self {
        LiveGame { id, m, version, seats, changes: broadcast::channel(64).0, bots_running: false }
    }
}

/// Put a game in play.
pub(crate) async fn install_game(
    state: &AppState,
    id: i64,
    m: Box<dyn imperia_core::DynMatch>,
    version: i64,
    seats: Vec<SeatRow>,
) -> Shared {
    let game = Arc::new(Mutex::new(LiveGame::new(id, m, version, seats)));
    state.games.write().await.insert(id, game.clone());
    game
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
                let game = install_game(&state, row.id, m, row.version, row.seats).await;
                live::spawn_bots(state.clone(), game);
            }
            Err(e) => tracing::error!("game {} does not replay: {e}", row.id),
        }
    }
    Ok(state)
}

/// Run the server until Ctrl-C. `ready` receives the address it listens on.
pub async fn serve(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let state = load(&config.url()?).await?;
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
