//! # imperia-server
//!
//! `imperia serve`: accounts, a lobby, and games that persist. Every action is validated by the game's
//! engine and stored, in the same transaction that bumps the game's version, before anyone is told of it;
//! each viewer receives only its own view, over HTTP and WebSocket. Bot seats are played by the server, at
//! levels of bounded cost.
//!
//! - [`store`]: the database (SQLite or PostgreSQL; schema in `migrations/`).
//! - [`table`]: a game in memory ([`table::LiveGame`]), what each viewer receives of it, and the
//!   [`table::Feature`] contract; [`events`] tells the features of a game's life ([`FEATURES`]), each
//!   keeping its own [`parts`] of the game. [`live`]: loading games, [`live::commit`], and the bot runner;
//!   [`seating`]: joining, invitations, starting, handing a seat to a bot. These are the game layer: no
//!   HTTP in them, and no feature named in `table`, `events` or `live`.
//! - [`api`]: the HTTP and WebSocket routes, and the checks every request passes.
//! - [`net`]: the accept loop, with connection caps and timeouts.
//! - [`auth`]: names, passwords, sessions. [`limits`]: what one client may cost.
//! - [`bot_accounts`]: programs that play seats over the outside-bot protocol on a WebSocket, their clock
//!   and forfeits.
//! - [`ratings`]: settling a finished game's result and its players' ratings; leaderboards, profiles.
//!   [`fairness`]: no hints or reviews for a copy of a rated game while it runs.
//! - [`talk`]: the chat (table talk and private channels) and the clocks of segments the rules time.
//! - [`text`]: what is taken out of the text players type (the bidirectional controls).
//! - [`levels`]: the bots a server runs. [`thinking`]: the slots every search takes, the games' bots before
//!   hints and reviews; [`thought`]: a search as work that can run anywhere; [`queue`]: the database's
//!   queue of thoughts for [`worker`]s (`imperia worker`) on other machines. [`webhook`]: turn
//!   notifications that cannot reach inside.
//! - [`web`]: the browser UI, embedded from `web/`.

pub mod api;
pub mod auth;
pub mod bidding;
pub mod bot_accounts;
pub mod content;
pub mod error;
pub mod events;
pub mod fairness;
pub mod levels;
pub mod limits;
pub mod live;
pub mod net;
pub mod parts;
pub mod queue;
pub mod ratings;
pub mod review;
pub mod rollback;
pub mod rulebooks;
pub mod rules_change;
pub mod seating;
pub mod store;
pub mod table;
pub mod talk;
pub mod text;
pub mod thinking;
pub mod thought;
pub mod web;
mod web_files;
pub mod webhook;
pub mod worker;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::RwLock;

use crate::limits::Limiters;
pub use crate::limits::Limits;
use crate::store::{Store, StoreError};
use crate::table::AppState;
pub use crate::table::Options;

/// Where the server listens, keeps its data, and how it is deployed.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub bind: SocketAddr,
    /// Where the SQLite file lives, unless `database_url` is given.
    pub data_dir: PathBuf,
    /// `postgres://…` (or `sqlite://…`) to store everything elsewhere.
    pub database_url: Option<String>,
    /// Start a new SQLite database in place of an empty or missing file in a folder that is not new.
    pub init: bool,
    pub options: Options,
    pub limits: Limits,
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
    #[error("server: {0}")]
    Setup(String),
}

/// What the server does at each event of a game's life besides playing it, in this order
/// ([`table::Feature`]).
pub static FEATURES: &[&dyn table::Feature] = &[
    &talk::Talk,
    &fairness::Fairness,
    &ratings::Ratings,
    &rollback::Rollback,
    &bidding::Bids,
    &rules_change::RulesChanges,
    &seating::LateSeats,
    &bot_accounts::BotClock,
];

/// Open the store and rebuild every game from its record. A game that cannot be read, no longer replays,
/// or names a bot this server does not run is marked broken and reported; the rest serve on.
pub async fn load(config: &ServerConfig) -> Result<AppState, ServeError> {
    let store = Store::open(&config.url()?, config.init).await?;
    let limits = config.limits.clone();
    let registry = imperia_games::registry();
    let state = AppState {
        rulebooks: rulebooks::Rulebooks::of(&registry).map_err(ServeError::Setup)?,
        store: store.clone(),
        games: Arc::new(RwLock::new(BTreeMap::new())),
        broken: Arc::new(RwLock::new(BTreeMap::new())),
        registry,
        passwords: auth::Passwords::new(limits.hash_threads).map_err(ServeError::Setup)?,
        limiters: Limiters::new(&limits),
        // No slots of its own: every search goes to the workers.
        thinking: match limits.bot_threads {
            0 => thinking::Thinking::on_workers(queue::Queue::new(store.clone())),
            slots => thinking::Thinking::new(slots),
        },
        limits,
        options: config.options,
        content: content::Library::default(),
        parts: parts::ServerParts::default(),
        features: FEATURES,
    };
    let mut broken = 0;
    for id in store.game_ids().await? {
        match live::load_one(&state, id).await {
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => broken += 1,
        }
    }
    if broken > 0 {
        tracing::error!("{broken} damaged games were left out; asking for one says why");
    }
    Ok(state)
}

/// With PostgreSQL, follow the other servers' changes: every game they announce is reloaded (or loaded, if
/// new), so this server's viewers see it and its next action is checked against it.
async fn follow_other_servers(state: AppState, url: String) {
    let mut listener = match sqlx::postgres::PgListener::connect(&url).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!("cannot listen for other servers' changes: {e}");
            return;
        }
    };
    if let Err(e) = listener.listen_all([store::CHANNEL, queue::ANSWERS]).await {
        tracing::error!("cannot listen for other servers' changes: {e}");
        return;
    }
    loop {
        let Ok(notification) = listener.recv().await else { continue };
        if notification.channel() == queue::ANSWERS {
            if let (Some(workers), Ok(id)) = (state.thinking.workers(), notification.payload().parse()) {
                workers.answered(id);
            }
            continue;
        }
        let Some(id) = state.store.announced_by_another(notification.payload()) else { continue };
        let known = state.games.read().await.get(&id).cloned();
        match known {
            Some(game) => {
                let mut g = game.lock().await;
                if let Err(e) = live::refresh(&state, &mut g).await {
                    tracing::warn!("game {id}: {e}");
                }
                drop(g);
                live::spawn_bots(state.clone(), game);
            }
            None => {
                let _ = live::load_one(&state, id).await;
            }
        }
    }
}

/// Run the server until Ctrl-C. `ready` receives the address it listens on.
pub async fn serve(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let state = load(&config).await?;
    if let Some(url) = state.store.postgres_url() {
        tokio::spawn(follow_other_servers(state.clone(), url.to_string()));
    }
    tokio::spawn(live::sweep(state.clone()));
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServeError::Bind { addr: config.bind, source })?;
    ready(listener.local_addr()?);
    let per_address = !config.options.behind_proxy;
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    net::run(listener, api::router(state), config.limits, per_address, shutdown).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    /// Issue 54, item 13: the game layer knows no feature, so that a feature is one module and one line in
    /// `FEATURES`, and no circle of imports runs through the layer every feature builds on.
    #[test]
    fn the_game_layer_names_no_feature() {
        let layer = [
            ("table.rs", include_str!("table.rs")),
            ("events.rs", include_str!("events.rs")),
            ("live.rs", include_str!("live.rs")),
        ];
        let features = ["talk", "fairness", "ratings", "rollback", "bidding", "rules_change", "review", "seating"];
        for (file, text) in layer {
            for feature in features {
                assert!(!text.contains(&format!("crate::{feature}")), "{file} names crate::{feature}");
            }
        }
    }
}
