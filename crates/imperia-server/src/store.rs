//! Persistence: accounts, sessions, games, seats and the actions of every game — in an embedded SQLite file
//! by default, or in PostgreSQL. The same SQL serves both (through sqlx's `Any` driver); only the schema's
//! migrations differ (`migrations/sqlite`, `migrations/postgres`).
//!
//! Durability: an action is stored in the same transaction that bumps its game's version, and that
//! transaction commits before anyone is told of the action, so an acknowledged action survives a crash; the
//! version check in that transaction keeps several servers sharing one database from ever accepting two
//! actions at the same version. A write that fails for any other reason (a full disk, a lost connection)
//! is rolled back, its connection is closed rather than returned to the pool (a connection whose commit
//! failed may still hold a transaction open), and the caller is told [`StoreError::Unavailable`]: the client
//! gets a 503 and never an acknowledgement.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use imperia_core::{Migration, Record, RecordedAction, RolledBack, Seat};
use serde_json::Value;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::MigrateDatabase;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor, Row};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Damaged(String),
    /// The database cannot be opened as it is; the message says why and what to do.
    #[error("{0}")]
    Refused(String),
    /// A write failed and was rolled back (a full disk, a lost connection): nothing was stored.
    #[error("the database could not store the change: {0}")]
    Unavailable(String),
    /// Someone else changed the game first.
    #[error("the game has moved on")]
    Conflict,
}

impl StoreError {
    /// Whether trying again later may succeed: the database could not store or answer just now, as
    /// opposed to damaged data or a lost race.
    pub fn is_unavailable(&self) -> bool {
        !matches!(self, StoreError::Damaged(_) | StoreError::Conflict)
    }
}

/// One seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: Seat,
    pub user_id: Option<i64>,
    pub user_name: Option<String>,
    /// The bot level playing the seat (`crate::levels`).
    pub bot: Option<String>,
    /// What is kept of the invitation's secret, which seats one person once ([`SeatRow::invite_used`]): its
    /// hash (`auth::token_hash`), as for session tokens. The secret itself is in memory only
    /// (`live::Table::invites`).
    pub invite_hash: String,
    pub invite_used: bool,
    /// With a clock: seconds of reserve left.
    pub reserve_left: Option<i64>,
    /// With a clock: when this seat's current decision began (Unix seconds), if it has one.
    pub turn_started: Option<i64>,
    /// Where the seat's account is a bot account (`crate::bot_accounts`): its owner's name.
    pub bot_owner: Option<String>,
    /// Where a bot account forfeited the seat (and a house bot plays it on): why, in words.
    pub forfeit: Option<String>,
}

impl SeatRow {
    /// Nobody sits here yet: no person, no bot.
    pub fn is_open(&self) -> bool {
        self.user_id.is_none() && self.bot.is_none()
    }
}

/// A game's time control: seconds per decision, and a reserve each seat may dip into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// 1 second to 7 days.
    pub per_move_seconds: i64,
    /// 0 to 60 days.
    #[serde(default)]
    pub reserve_seconds: i64,
    /// What running out of time does: a bot (the medium level) takes the seat this many seconds after its
    /// player ran out (0 to 7 days); when absent, the other players may hand the seat to a bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_after_seconds: Option<i64>,
}

impl Clock {
    pub const MAX_PER_MOVE: i64 = 7 * 24 * 3600;
    pub const MAX_RESERVE: i64 = 60 * 24 * 3600;

    /// A time control within bounds, or what is wrong with it.
    pub fn check(self) -> Result<Clock, String> {
        if !(1..=Self::MAX_PER_MOVE).contains(&self.per_move_seconds) {
            return Err(format!("per_move_seconds is from 1 to {} (7 days)", Self::MAX_PER_MOVE));
        }
        if !(0..=Self::MAX_RESERVE).contains(&self.reserve_seconds) {
            return Err(format!("reserve_seconds is from 0 to {} (60 days)", Self::MAX_RESERVE));
        }
        if self.bot_after_seconds.is_some_and(|s| !(0..=Self::MAX_PER_MOVE).contains(&s)) {
            return Err(format!("bot_after_seconds is from 0 to {} (7 days)", Self::MAX_PER_MOVE));
        }
        Ok(self)
    }
}

/// A stored game with its record.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub version: i64,
    pub clock: Option<Clock>,
    pub created_by: i64,
    pub started: bool,
    /// Why the game cannot be played, if it was found so before.
    pub broken: Option<String>,
    pub record: Record,
    pub seats: Vec<SeatRow>,
    /// The newest lines of the game's chat, oldest first.
    pub chat: Vec<ChatLine>,
    /// The timed segment under way and when it ends, as last saved.
    pub time_limit: Option<RunningLimit>,
    /// The game counts for ratings (`crate::ratings`).
    pub rated: bool,
    /// Its result has been settled: places and scores stored, ratings updated if rated.
    pub settled: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// The open rollback proposal as saved (`crate::rollback`), as JSON.
    pub rollback: Option<String>,
    /// The sides are settled by sealed bids before the start (`crate::bidding`).
    pub bidding: bool,
    /// Milliseconds its bot accounts have for a decision, where the creator set it (`crate::bot_accounts`).
    pub bot_move_ms: Option<i64>,
    /// The bids placed, in the order they were placed.
    pub bids: Vec<BidRow>,
}

impl GameRow {
    /// The row as it stands once its game, played again under today's rules to `record`, was kept with
    /// its `migration` ([`Store::change_rules`]).
    pub fn migrated(&mut self, record: Record, migration: Migration) {
        self.version += 1;
        self.record.rules_version = record.rules_version;
        self.record.actions = record.actions;
        self.record.migrations.push(migration);
    }
}

/// One sealed bid for a side (`crate::bidding`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidRow {
    /// Where the bidder sat when bidding (the seats may swap at the start).
    pub seat: Seat,
    pub user_id: Option<i64>,
    /// The bidder's name: its account's, or for a bot seat the bot's level.
    pub bidder: String,
    pub points: i64,
    /// Unix seconds.
    pub placed_at: i64,
}

/// How a game whose sides were bid for starts: the bot seats' bids, whether the first two seats' players
/// change places, and the config (which names the winning bid) and seed the game is set up with.
#[derive(Clone, Debug)]
pub struct Settlement {
    /// Each bot seat's bid: the seat (before any swap), its level, the points.
    pub bot_bids: Vec<(Seat, String, i64)>,
    pub swap: bool,
    pub config: Value,
    /// A new seed: the deal each side saw before the start is not the one played.
    pub seed: u64,
}

/// One line of a game's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub id: i64,
    /// The seat that said it.
    pub seat: Seat,
    /// A bit per seat that reads it (the speaker's included); `None`: the whole table, spectators included.
    pub audience: Option<u64>,
    pub sent_at: i64,
    pub text: String,
}

/// A timed segment of play under way (see `imperia_core::Game::time_limit`): which, and when it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunningLimit {
    pub segment: String,
    /// Unix seconds.
    pub ends_at: i64,
}

/// A signed-in account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
    /// Made by taking a seat by invitation without signing in; has no password.
    pub guest: bool,
}

/// What came of making a bot account ([`Store::create_bot`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewBot {
    /// Made, with this id.
    Made(i64),
    /// Its name (by key) is taken.
    NameTaken,
    /// Its owner has this many already, the most.
    TooMany(i64),
}

/// A bot account, as its owner's page lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct BotAccount {
    #[serde(skip)]
    pub id: i64,
    pub name: String,
    /// Its program can connect: a token was made and not revoked since.
    pub has_token: bool,
    /// Unix seconds.
    pub created_at: i64,
}

/// The seat `$2` of game `$1`, open (no player, no bot), its invitation unspent, in a game still in the
/// lobby: the seats that may be taken or invited to afresh.
const OPEN_LOBBY_SEAT: &str = "game_id = $1 AND seat = $2 AND user_id IS NULL AND bot IS NULL AND invite_used = 0 \
     AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND started = 0)";

#[derive(Clone)]
pub struct Store {
    pub(crate) pool: AnyPool,
    url: String,
    /// SQLite takes one writer at a time and makes the others sleep and retry; queueing writers here
    /// instead keeps the wait short and fair. (PostgreSQL needs no such lock.)
    writer: Option<std::sync::Arc<tokio::sync::Mutex<()>>>,
    /// This process among the servers sharing a database: its announcements carry it, so that it does not
    /// reload a game from its own announcement (which may come before the game's clocks are saved).
    instance: u64,
    /// The accounts whose sessions just ended here, for the WebSockets opened with them ([`Store::sessions_ended`]).
    ended: tokio::sync::broadcast::Sender<i64>,
}

/// The PostgreSQL channel on which servers sharing a database announce changed games.
pub const CHANNEL: &str = "imperia_games";

/// The SQLite file's name in the data directory.
pub const SQLITE_FILE: &str = "imperia.db";

/// How long a request waits for a database connection before it is told the server is busy.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Open the database at `url` (`sqlite://path/file.db` or `postgres://…/name`) and bring its schema up
    /// to date. A SQLite file is created only in a new (empty) directory or with `init`; an empty or foreign
    /// file is refused with the reason, never silently replaced.
    pub async fn open(url: &str, init: bool) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if sqlite {
            check_sqlite_file(&sqlite_path(url), init)?;
        }
        if !Any::database_exists(url).await? {
            Any::create_database(url).await?;
        }
        if sqlite {
            probe_sqlite(url).await?;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        conn.execute(SQLITE_SETUP).await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        if sqlite {
            sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
        } else {
            sqlx::migrate!("./migrations/postgres").run(&pool).await?;
        }
        let writer = sqlite.then(|| std::sync::Arc::new(tokio::sync::Mutex::new(())));
        let instance = crate::auth::seed().map_err(StoreError::Refused)?;
        let ended = tokio::sync::broadcast::channel(64).0;
        let store = Store { pool, url: url.to_string(), writer, instance, ended };
        store.fill_name_keys().await?;
        store.hash_old_invites().await?;
        Ok(store)
    }

    /// Run `work` in one transaction and commit it. On any failure the transaction is rolled back; unless
    /// the failure is a version conflict, the connection is closed rather than reused, and the error is
    /// [`StoreError::Unavailable`].
    pub(crate) async fn write<T>(
        &self,
        work: impl AsyncFnOnce(&mut AnyConnection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let _turn = self.write_turn().await;
        let mut conn = self.pool.acquire().await.map_err(unavailable)?;
        let result = async {
            let mut tx = conn.begin().await?;
            match work(&mut tx).await {
                Ok(value) => {
                    tx.commit().await?;
                    Ok(value)
                }
                Err(e) => {
                    let _ = tx.rollback().await;
                    Err(e)
                }
            }
        }
        .await;
        match result {
            Ok(value) => Ok(value),
            Err(StoreError::Conflict) => Err(StoreError::Conflict),
            Err(e) => {
                conn.close_on_drop();
                Err(unavailable(e))
            }
        }
    }

    /// Wait for this server's turn to write (SQLite only).
    async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match &self.writer {
            Some(lock) => Some(lock.lock().await),
            None => None,
        }
    }

    /// The PostgreSQL URL, if that is where the data lives (several servers may then share it).
    pub fn postgres_url(&self) -> Option<&str> {
        self.url.starts_with("postgres").then_some(self.url.as_str())
    }

    /// Tell the other servers on this database that game `id` changed (PostgreSQL only).
    pub async fn notify(&self, id: i64) -> Result<(), StoreError> {
        if self.postgres_url().is_some() {
            let payload = format!("{id} {}", self.instance);
            sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(&self.pool).await?;
        }
        Ok(())
    }

    /// The game an announcement names, unless this server made it.
    pub fn announced_by_another(&self, payload: &str) -> Option<i64> {
        let (id, from) = payload.split_once(' ').unwrap_or((payload, ""));
        (from != self.instance.to_string()).then(|| id.parse().ok()).flatten()
    }

    /// The SQLite file in `dir` (the folder is created if missing).
    pub fn sqlite_url(dir: &Path) -> Result<String, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError::Refused(format!("cannot create {}: {e}", dir.display())))?;
        Ok(format!("sqlite://{}", dir.join(SQLITE_FILE).display()))
    }

    // Accounts and sessions.

    /// A new account; `None` if its name (by key) is taken.
    pub async fn create_user(
        &self,
        name: &str,
        name_key: &str,
        password_hash: &str,
        guest: bool,
    ) -> Result<Option<i64>, StoreError> {
        let result = sqlx::query(
            "INSERT INTO users (name, name_key, password_hash, guest, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(name)
        .bind(name_key)
        .bind(password_hash)
        .bind(i64::from(guest))
        .bind(now())
        .fetch_one(&self.pool)
        .await;
        match result {
            Ok(row) => Ok(Some(row.get(0))),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(None),
            Err(e) => Err(unavailable(e)),
        }
    }

    /// The account (not a guest's) a typed name means, and its password hash: one left without a key (see
    /// `fill_name_keys`) whose name is exactly that, or else the one with the name's key.
    pub async fn user_by_name(&self, name: &str) -> Result<Option<(User, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT id, name, password_hash FROM users WHERE guest = 0 AND bot_owner IS NULL \
             AND (name_key = $1 OR (name_key IS NULL AND name = $2)) ORDER BY CASE WHEN name_key IS NULL THEN 0 ELSE 1 END LIMIT 1",
        )
        .bind(crate::auth::name_key(name))
        .bind(name.trim())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (User { id: r.get(0), name: r.get(1), guest: false }, r.get(2))))
    }

    /// A new bot account of `owner`, named `name` (its key `name_key`), whose program connects with the token
    /// whose hash is `token_hash`, if the owner has fewer than `most`.
    pub async fn create_bot(
        &self,
        owner: i64,
        (name, name_key): (&str, &str),
        token_hash: &str,
        most: i64,
    ) -> Result<NewBot, StoreError> {
        self.write(async |tx| {
            let had: i64 = sqlx::query("SELECT COUNT(*) FROM users WHERE bot_owner = $1")
                .bind(owner)
                .fetch_one(&mut *tx)
                .await?
                .get(0);
            if had >= most {
                return Ok(NewBot::TooMany(had));
            }
            let made = sqlx::query(
                "INSERT INTO users (name, name_key, password_hash, guest, created_at, bot_owner, bot_token_hash) \
                 VALUES ($1, $2, '', 0, $3, $4, $5) RETURNING id",
            )
            .bind(name)
            .bind(name_key)
            .bind(now())
            .bind(owner)
            .bind(token_hash)
            .fetch_one(&mut *tx)
            .await;
            match made {
                Ok(row) => Ok(NewBot::Made(row.get(0))),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(NewBot::NameTaken),
                Err(e) => Err(e.into()),
            }
        })
        .await
    }

    /// The bot accounts `owner` made, oldest first.
    pub async fn bots_of(&self, owner: i64) -> Result<Vec<BotAccount>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, name, CAST(CASE WHEN bot_token_hash IS NULL THEN 0 ELSE 1 END AS BIGINT), created_at FROM users \
             WHERE bot_owner = $1 ORDER BY id",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| BotAccount {
                id: r.get(0),
                name: r.get(1),
                has_token: r.get::<i64, _>(2) != 0,
                created_at: r.get(3),
            })
            .collect())
    }

    /// Give `owner`'s bot account `bot` a new token hash, or none (`None`: revoked); false if `owner` has no
    /// such bot account.
    pub async fn set_bot_token(&self, owner: i64, bot: i64, token_hash: Option<&str>) -> Result<bool, StoreError> {
        let r = sqlx::query("UPDATE users SET bot_token_hash = $1 WHERE id = $2 AND bot_owner = $3")
            .bind(token_hash)
            .bind(bot)
            .bind(owner)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(r.rows_affected() == 1)
    }

    /// The bot account whose token has hash `token_hash`.
    pub async fn bot_by_token(&self, token_hash: &str) -> Result<Option<User>, StoreError> {
        let row = sqlx::query("SELECT id, name FROM users WHERE bot_token_hash = $1 AND bot_owner IS NOT NULL")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| User { id: r.get(0), name: r.get(1), guest: false }))
    }

    /// The bot account a typed name means, and its owner's name.
    pub async fn bot_by_name(&self, name: &str) -> Result<Option<(User, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT b.id, b.name, o.name FROM users b JOIN users o ON o.id = b.bot_owner WHERE b.name_key = $1",
        )
        .bind(crate::auth::name_key(name))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (User { id: r.get(0), name: r.get(1), guest: false }, r.get(2))))
    }

    pub async fn password_hash(&self, user_id: i64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT password_hash FROM users WHERE id = $1 AND guest = 0")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn set_password(&self, user_id: i64, password_hash: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    pub async fn create_session(&self, token_hash: &str, user_id: i64) -> Result<(), StoreError> {
        let stamp = now();
        sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES ($1, $2, $3, $4)")
            .bind(token_hash)
            .bind(user_id)
            .bind(stamp)
            .bind(stamp)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// The account of a session that has been used within `idle_seconds`; its use is noted (at most once a
    /// minute, to keep reads cheap).
    pub async fn session_user(&self, token_hash: &str, idle_seconds: i64) -> Result<Option<User>, StoreError> {
        let stamp = now();
        let row = sqlx::query(
            "SELECT u.id, u.name, u.guest, s.last_seen FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.last_seen >= $2",
        )
        .bind(token_hash)
        .bind(stamp - idle_seconds)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let last_seen: i64 = row.get(3);
        if stamp - last_seen >= 60 {
            // A failure here only shortens the session; the request goes on.
            let _ = sqlx::query("UPDATE sessions SET last_seen = $1 WHERE token_hash = $2")
                .bind(stamp)
                .bind(token_hash)
                .execute(&self.pool)
                .await;
        }
        Ok(Some(User { id: row.get(0), name: row.get(1), guest: row.get::<i64, _>(2) != 0 }))
    }

    /// End one session.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let row = sqlx::query("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        if let Some(row) = row {
            let _ = self.ended.send(row.get(0));
        }
        Ok(())
    }

    /// End every session of an account but `keep` (a token hash), if given.
    pub async fn delete_sessions_of(&self, user_id: i64, keep: Option<&str>) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
            .bind(user_id)
            .bind(keep.unwrap_or(""))
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        if done.rows_affected() > 0 {
            let _ = self.ended.send(user_id);
        }
        Ok(done.rows_affected())
    }

    /// The accounts whose sessions this server ends from now on, one message per ending (a sign-out, a
    /// password change): whoever holds a session of that account checks whether it still stands. Another
    /// server sharing the database does not hear of them; its sockets find out at their next check.
    pub fn sessions_ended(&self) -> tokio::sync::broadcast::Receiver<i64> {
        self.ended.subscribe()
    }

    /// Give older accounts their name key (accounts made before keys existed, or before the key changed:
    /// migration 0008). A key two older accounts share is given to the older; the other keeps none and signs
    /// in by its exact name only.
    async fn fill_name_keys(&self) -> Result<(), StoreError> {
        let rows =
            sqlx::query("SELECT id, name FROM users WHERE name_key IS NULL ORDER BY id").fetch_all(&self.pool).await?;
        for row in rows {
            let (id, name): (i64, String) = (row.get(0), row.get(1));
            let filled = sqlx::query("UPDATE users SET name_key = $1 WHERE id = $2")
                .bind(crate::auth::name_key(&name))
                .bind(id)
                .execute(&self.pool)
                .await;
            if let Err(e) = filled {
                tracing::warn!("account {id} ({name}) keeps no name key: {e}");
            }
        }
        Ok(())
    }

    /// Keep only the hash of the invitation secrets stored before migration 0014 (SQLite cannot hash in
    /// SQL): the links sent with them still work. Each row is changed only if still unhashed, so servers
    /// starting together on one database agree.
    async fn hash_old_invites(&self) -> Result<(), StoreError> {
        let rows = sqlx::query("SELECT game_id, seat, invite FROM seats WHERE invite_hash IS NULL")
            .fetch_all(&self.pool)
            .await?;
        for row in rows {
            let (game_id, seat, invite): (i64, i64, String) = (row.get(0), row.get(1), row.get(2));
            sqlx::query(
                "UPDATE seats SET invite_hash = $1, invite = '' WHERE game_id = $2 AND seat = $3 AND invite_hash IS NULL",
            )
            .bind(crate::auth::token_hash(&invite))
            .bind(game_id)
            .bind(seat)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    pub async fn set_webhook(&self, user_id: i64, url: Option<&str>) -> Result<(), StoreError> {
        sqlx::query("UPDATE users SET webhook = $1 WHERE id = $2")
            .bind(url)
            .bind(user_id)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    pub async fn webhook(&self, user_id: i64) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT webhook FROM users WHERE id = $1").bind(user_id).fetch_optional(&self.pool).await?;
        Ok(row.and_then(|r| r.get(0)))
    }

    // Games.

    /// Store a new game, its seats and the actions its record already has (an imported game); returns its
    /// id. Its version starts at the number of actions.
    pub async fn create_game(
        &self,
        record: &Record,
        created_by: i64,
        seats: &[SeatRow],
        clock: Option<Clock>,
        (started, rated, bidding): (bool, bool, bool),
        bot_move_ms: Option<i64>,
    ) -> Result<i64, StoreError> {
        self.write(async |tx| {
            let id: i64 = sqlx::query(
                "INSERT INTO games (game, rules_version, config, seed, version, finished, created_by, created_at, per_move, reserve, started, content, rated, bot_after, bidding, bot_move_ms) \
                 VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id",
            )
            .bind(&record.game)
            .bind(i64::from(record.rules_version))
            .bind(record.config.to_string())
            .bind(record.seed as i64)
            .bind(record.actions.len() as i64)
            .bind(created_by)
            .bind(now())
            .bind(clock.map(|c| c.per_move_seconds))
            .bind(clock.map(|c| c.reserve_seconds))
            .bind(i64::from(started))
            .bind(&record.content)
            .bind(i64::from(rated))
            .bind(clock.and_then(|c| c.bot_after_seconds))
            .bind(i64::from(bidding))
            .bind(bot_move_ms)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
            for s in seats {
                sqlx::query(
                    "INSERT INTO seats (game_id, seat, user_id, bot, invite, invite_hash, invite_used, reserve_left, turn_started) VALUES ($1, $2, $3, $4, '', $5, $6, $7, $8)",
                )
                .bind(id)
                .bind(s.seat as i64)
                .bind(s.user_id)
                .bind(&s.bot)
                .bind(&s.invite_hash)
                .bind(i64::from(s.invite_used))
                .bind(s.reserve_left)
                .bind(s.turn_started)
                .execute(&mut *tx)
                .await?;
            }
            for (idx, a) in record.actions.iter().enumerate() {
                insert_action(tx, id, idx, a).await?;
            }
            // An imported game's changes of rules, made before it came here: numbered below every version
            // this server gives the game, in their order.
            let earlier = record.migrations.len() as i64;
            for (i, migration) in record.migrations.iter().enumerate() {
                let json = serde_json::to_string(migration).map_err(|e| StoreError::Damaged(e.to_string()))?;
                sqlx::query("INSERT INTO rules_changes (game_id, version, migration) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(i as i64 - earlier)
                    .bind(&json)
                    .execute(&mut *tx)
                    .await?;
            }
            Ok(id)
        })
        .await
    }

    /// How many games an account created that wait in the lobby, and that are running.
    pub async fn games_created_by(&self, user_id: i64) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN started = 0 THEN 1 ELSE 0 END), 0), \
                    COALESCE(SUM(CASE WHEN started <> 0 AND finished = 0 THEN 1 ELSE 0 END), 0) \
             FROM games WHERE created_by = $1",
        )
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.get(0), row.get(1)))
    }

    /// The rated games of `game` (an engine's id) that are not over: waiting for players or under way, and
    /// not damaged (`crate::fairness`).
    pub async fn running_rated_games(&self, game: &str) -> Result<Vec<i64>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE game = $1 AND rated <> 0 AND finished = 0 AND broken IS NULL")
                .bind(game)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Append an action, if the game is still at `version`; the game moves to `version + 1`.
    pub async fn append_action(
        &self,
        game_id: i64,
        version: i64,
        action: &RecordedAction,
        idx: usize,
        finished: bool,
    ) -> Result<(), StoreError> {
        self.write(async |tx| {
            bump_version(tx, game_id, version, finished).await?;
            insert_action(tx, game_id, idx, action).await
        })
        .await
    }

    /// Remove the last action (number `idx`), if the game is still at `version`.
    pub async fn undo_action(&self, game_id: i64, version: i64, idx: usize) -> Result<(), StoreError> {
        self.write(async |tx| {
            // A finished game has nobody to undo anything, so after an undo the game is running.
            bump_version(tx, game_id, version, false).await?;
            sqlx::query("DELETE FROM actions WHERE game_id = $1 AND idx = $2")
                .bind(game_id)
                .bind(idx as i64)
                .execute(&mut *tx)
                .await?;
            Ok(())
        })
        .await
    }

    /// Start a game that waited in the lobby, giving each seat in `fill` to `bot` and settling its bids for
    /// sides as `settled` says; false if it had started.
    pub async fn start_game(
        &self,
        game_id: i64,
        fill: &[Seat],
        bot: Option<&str>,
        settled: Option<&Settlement>,
    ) -> Result<bool, StoreError> {
        self.write(async |tx| {
            let r = sqlx::query("UPDATE games SET started = 1 WHERE id = $1 AND started = 0")
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
            if r.rows_affected() != 1 {
                return Ok(false);
            }
            for &seat in fill {
                let r = sqlx::query(
                    "UPDATE seats SET bot = $1 WHERE game_id = $2 AND seat = $3 AND user_id IS NULL AND bot IS NULL",
                )
                .bind(bot)
                .bind(game_id)
                .bind(seat as i64)
                .execute(&mut *tx)
                .await?;
                if r.rows_affected() != 1 {
                    // Someone took the seat meanwhile: start nothing, and let the caller look again.
                    return Err(StoreError::Conflict);
                }
            }
            if let Some(settled) = settled {
                settle_bids(tx, game_id, settled).await?;
            }
            Ok(true)
        })
        .await
    }

    /// Place `user_id`'s sealed bid of `points` for `seat` of a game still in the lobby whose sides are bid
    /// for; false if the game started, the seat is not that account's, or the seat has bid already.
    pub async fn place_bid(&self, game_id: i64, seat: Seat, user_id: i64, points: i64) -> Result<bool, StoreError> {
        self.write(async |tx| {
            let open: Option<i64> = sqlx::query(
                "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id \
                 WHERE g.id = $1 AND g.started = 0 AND g.bidding <> 0 AND s.seat = $2 AND s.user_id = $3",
            )
            .bind(game_id)
            .bind(seat as i64)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| r.get(0));
            if open.is_none() {
                return Ok(false);
            }
            let r = sqlx::query(
                "INSERT INTO bids (game_id, seat, user_id, bot, points, created_at) VALUES ($1, $2, $3, NULL, $4, $5) \
                 ON CONFLICT (game_id, seat) DO NOTHING",
            )
            .bind(game_id)
            .bind(seat as i64)
            .bind(user_id)
            .bind(points)
            .bind(now())
            .execute(&mut *tx)
            .await?;
            Ok(r.rows_affected() == 1)
        })
        .await
    }

    /// A game's bids for sides, in the order they were placed.
    pub async fn bids(&self, game_id: i64) -> Result<Vec<BidRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT b.seat, b.user_id, COALESCE(u.name, b.bot, ''), b.points, b.created_at \
             FROM bids b LEFT JOIN users u ON u.id = b.user_id WHERE b.game_id = $1 ORDER BY b.id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| BidRow {
                seat: r.get::<i64, _>(0) as Seat,
                user_id: r.get(1),
                bidder: r.get(2),
                points: r.get(3),
                placed_at: r.get(4),
            })
            .collect())
    }

    /// Save a seat's clock.
    pub async fn set_seat_clock(
        &self,
        game_id: i64,
        seat: Seat,
        reserve_left: Option<i64>,
        turn_started: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE seats SET reserve_left = $1, turn_started = $2 WHERE game_id = $3 AND seat = $4")
            .bind(reserve_left)
            .bind(turn_started)
            .bind(game_id)
            .bind(seat as i64)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// Give a person's seat to a bot; the account that held it is kept as `left_by`. False if a bot
    /// already had it.
    /// `forfeit` is why, where a bot account forfeited it.
    pub async fn hand_to_bot(
        &self,
        game_id: i64,
        seat: Seat,
        bot: &str,
        forfeit: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.write(async |tx| hand_seat_to_bot(tx, game_id, seat, bot, None, forfeit).await).await
    }

    /// Seat an account in an open seat of a game still in the lobby; with `by_invite`, the seat's invitation
    /// is spent. False if the seat was taken or the game started meanwhile.
    pub async fn take_seat(&self, game_id: i64, seat: Seat, user_id: i64, by_invite: bool) -> Result<bool, StoreError> {
        let sql = format!(
            "UPDATE seats SET user_id = $3, invite_used = CASE WHEN $4 = 1 THEN 1 ELSE invite_used END \
             WHERE {OPEN_LOBBY_SEAT}"
        );
        let r = sqlx::query(&sql)
            .bind(game_id)
            .bind(seat as i64)
            .bind(user_id)
            .bind(i64::from(by_invite))
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(r.rows_affected() == 1)
    }

    /// Give an open seat's unspent invitation of a game still in the lobby a new secret, kept as its hash: the
    /// link sent before no longer seats anyone. False if the seat was taken or the game started meanwhile.
    pub async fn renew_invite(&self, game_id: i64, seat: Seat, invite_hash: &str) -> Result<bool, StoreError> {
        let sql = format!("UPDATE seats SET invite_hash = $3 WHERE {OPEN_LOBBY_SEAT}");
        let r = sqlx::query(&sql)
            .bind(game_id)
            .bind(seat as i64)
            .bind(invite_hash)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(r.rows_affected() == 1)
    }

    /// Note why a game cannot be played, so that it is reported and not retried.
    pub async fn mark_broken(&self, game_id: i64, why: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET broken = $1 WHERE id = $2")
            .bind(why)
            .bind(game_id)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// The ids of every game.
    pub async fn game_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games ORDER BY id").fetch_all(&self.pool).await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// A game with its record and seats; `Damaged` if a row cannot be read.
    ///
    /// The game's row and its actions are read by separate queries, between which another server may
    /// commit an action: the version is read again after, and the whole read taken again if it moved, so
    /// that the record returned is the one at the version returned.
    pub async fn load_game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        loop {
            let Some(g) = sqlx::query(
                "SELECT id, game, rules_version, config, seed, version, per_move, reserve, created_by, started, broken, content, limit_key, limit_ends, rated, settled_at, created_at, bot_after, rollback, bidding, bot_move_ms FROM games WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            else {
                return Ok(None);
            };
            let row = self.load_game_row(id, &g).await?;
            let now: i64 =
                sqlx::query("SELECT version FROM games WHERE id = $1").bind(id).fetch_one(&self.pool).await?.get(0);
            if now == row.version {
                return Ok(Some(row));
            }
        }
    }

    async fn load_game_row(&self, id: i64, g: &AnyRow) -> Result<GameRow, StoreError> {
        let config: String = g.get(3);
        let config: Value =
            serde_json::from_str(&config).map_err(|e| StoreError::Damaged(format!("game {id}'s config: {e}")))?;
        let actions = sqlx::query("SELECT seat, action, hash, idx FROM actions WHERE game_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|a| {
                let (seat, action, idx): (i64, String, i64) = (a.get(0), a.get(1), a.get(3));
                Ok(RecordedAction {
                    seat: seat as Seat,
                    action: serde_json::from_str(&action)
                        .map_err(|e| StoreError::Damaged(format!("game {id}'s action {idx}: {e}")))?,
                    hash: a.get(2),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let seats = sqlx::query(
            "SELECT s.seat, s.user_id, u.name, s.bot, s.invite_hash, s.invite_used, s.reserve_left, s.turn_started, \
             o.name, s.forfeit FROM seats s LEFT JOIN users u ON u.id = s.user_id \
             LEFT JOIN users o ON o.id = u.bot_owner WHERE s.game_id = $1 ORDER BY s.seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|s| {
            let seat: i64 = s.get(0);
            SeatRow {
                seat: seat as Seat,
                user_id: s.get(1),
                user_name: s.get(2),
                bot: s.get(3),
                invite_hash: s.get::<Option<String>, _>(4).unwrap_or_default(),
                invite_used: s.get::<i64, _>(5) != 0,
                reserve_left: s.get(6),
                turn_started: s.get(7),
                bot_owner: s.get(8),
                forfeit: s.get(9),
            }
        })
        .collect();
        let chat = self.chat_tail(id, CHAT_KEPT).await?;
        let (limit_key, limit_ends): (Option<String>, Option<i64>) = (g.get(12), g.get(13));
        let time_limit = limit_key.zip(limit_ends).map(|(segment, ends_at)| RunningLimit { segment, ends_at });
        let rules_version: i64 = g.get(2);
        let seed: i64 = g.get(4);
        let per_move: Option<i64> = g.get(6);
        let reserve: Option<i64> = g.get(7);
        Ok(GameRow {
            id,
            version: g.get(5),
            clock: per_move.map(|per_move_seconds| Clock {
                per_move_seconds,
                reserve_seconds: reserve.unwrap_or(0),
                bot_after_seconds: g.get(17),
            }),
            created_by: g.get(8),
            started: g.get::<i64, _>(9) != 0,
            broken: g.get(10),
            record: Record {
                game: g.get(1),
                rules_version: rules_version as u32,
                config,
                seed: seed as u64,
                // The files stay in `content_sets`; the game's content set carries them.
                content: g.get(11),
                content_files: Default::default(),
                actions,
                rollbacks: self.rollbacks(id).await?,
                migrations: self.rules_changes(id).await?,
            },
            seats,
            chat,
            time_limit,
            rated: g.get::<i64, _>(14) != 0,
            settled: g.get::<Option<i64>, _>(15).is_some(),
            created_at: g.get(16),
            rollback: g.get(18),
            bidding: g.get::<i64, _>(19) != 0,
            bids: self.bids(id).await?,
            bot_move_ms: g.get(20),
        })
    }

    // Reviews of finished games (`crate::review`).

    /// The review kept for a game, as JSON.
    pub async fn review(&self, game_id: i64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT review FROM reviews WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Keep a game's review; a second one for the same game changes nothing.
    pub async fn save_review(&self, game_id: i64, review: &str) -> Result<(), StoreError> {
        self.write(async |tx| {
            sqlx::query(
                "INSERT INTO reviews (game_id, review, made_at) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(game_id)
            .bind(review)
            .bind(now())
            .execute(&mut *tx)
            .await?;
            Ok(())
        })
        .await
    }

    // Consensual rollback (`crate::rollback`).

    /// Save the open rollback proposal of a game (`None` clears it), if the game is still at `version`.
    pub async fn set_rollback(&self, game_id: i64, version: i64, proposal: Option<&str>) -> Result<(), StoreError> {
        let saved = sqlx::query("UPDATE games SET rollback = $1 WHERE id = $2 AND version = $3")
            .bind(proposal)
            .bind(game_id)
            .bind(version)
            .execute(&self.pool)
            .await?;
        if saved.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    /// Take the game back to its first `agreed.to_step` actions, if it is still at `version`, keeping what
    /// was taken back and who agreed; the game moves to `version + 1` with no proposal open.
    pub async fn roll_back(&self, game_id: i64, version: i64, agreed: &RolledBack) -> Result<(), StoreError> {
        let json = serde_json::to_string(agreed).map_err(|e| StoreError::Damaged(e.to_string()))?;
        self.write(async |tx| {
            // Only a game under way is rolled back, so it is running afterwards too.
            bump_version(tx, game_id, version, false).await?;
            sqlx::query("DELETE FROM actions WHERE game_id = $1 AND idx >= $2")
                .bind(game_id)
                .bind(agreed.to_step as i64)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE games SET rollback = NULL WHERE id = $1").bind(game_id).execute(&mut *tx).await?;
            sqlx::query("INSERT INTO rollbacks (game_id, version, agreed) VALUES ($1, $2, $3)")
                .bind(game_id)
                .bind(version)
                .bind(&json)
                .execute(&mut *tx)
                .await?;
            Ok(())
        })
        .await
    }

    /// Keep game `game_id`, found at `version`, as played again under newer rules (`crate::rules_change`):
    /// its rules version, its actions as they now stand with today's state hashes (the steps set aside are
    /// deleted here and kept in the migration), and the migration, in one transaction.
    pub async fn change_rules(
        &self,
        game_id: i64,
        version: i64,
        finished: bool,
        record: &Record,
        migration: &Migration,
    ) -> Result<(), StoreError> {
        let json = serde_json::to_string(migration).map_err(|e| StoreError::Damaged(e.to_string()))?;
        self.write(async |tx| {
            bump_version(tx, game_id, version, finished).await?;
            sqlx::query("UPDATE games SET rules_version = $1 WHERE id = $2")
                .bind(i64::from(record.rules_version))
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM actions WHERE game_id = $1 AND idx >= $2")
                .bind(game_id)
                .bind(record.actions.len() as i64)
                .execute(&mut *tx)
                .await?;
            // Each step keeps its row and its time; only the state it leads to is today's.
            for (idx, action) in record.actions.iter().enumerate() {
                sqlx::query("UPDATE actions SET hash = $1 WHERE game_id = $2 AND idx = $3")
                    .bind(&action.hash)
                    .bind(game_id)
                    .bind(idx as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query("INSERT INTO rules_changes (game_id, version, migration) VALUES ($1, $2, $3)")
                .bind(game_id)
                .bind(version + 1)
                .bind(&json)
                .execute(&mut *tx)
                .await?;
            Ok(())
        })
        .await
    }

    /// Every change of rules a game went through, oldest first.
    async fn rules_changes(&self, game_id: i64) -> Result<Vec<Migration>, StoreError> {
        sqlx::query("SELECT migration, version FROM rules_changes WHERE game_id = $1 ORDER BY version")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| {
                let (migration, version): (String, i64) = (r.get(0), r.get(1));
                serde_json::from_str(&migration).map_err(|e| {
                    StoreError::Damaged(format!("game {game_id}'s change of rules at version {version}: {e}"))
                })
            })
            .collect()
    }

    /// Every rollback of a game, oldest first.
    async fn rollbacks(&self, game_id: i64) -> Result<Vec<RolledBack>, StoreError> {
        sqlx::query("SELECT agreed, version FROM rollbacks WHERE game_id = $1 ORDER BY version")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| {
                let (agreed, version): (String, i64) = (r.get(0), r.get(1));
                serde_json::from_str(&agreed)
                    .map_err(|e| StoreError::Damaged(format!("game {game_id}'s rollback at version {version}: {e}")))
            })
            .collect()
    }

    // Players' private notes (`api::notes`).

    /// An account's notes on a game, if it wrote any.
    pub async fn note(&self, game_id: i64, user_id: i64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT text FROM notes WHERE game_id = $1 AND user_id = $2")
            .bind(game_id)
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Keep an account's notes on a game (empty notes are none).
    pub async fn set_note(&self, game_id: i64, user_id: i64, text: &str) -> Result<(), StoreError> {
        self.write(async |tx| {
            sqlx::query("DELETE FROM notes WHERE game_id = $1 AND user_id = $2")
                .bind(game_id)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
            if !text.is_empty() {
                sqlx::query("INSERT INTO notes (game_id, user_id, text, updated_at) VALUES ($1, $2, $3, $4)")
                    .bind(game_id)
                    .bind(user_id)
                    .bind(text)
                    .bind(now())
                    .execute(&mut *tx)
                    .await?;
            }
            Ok(())
        })
        .await
    }

    // Chat and timed segments.

    /// Add a line to a game's chat, unless the game already holds `cap` lines (then `None`).
    pub async fn add_chat(
        &self,
        game_id: i64,
        seat: Seat,
        audience: Option<u64>,
        text: &str,
        cap: i64,
    ) -> Result<Option<ChatLine>, StoreError> {
        let sent_at = now();
        self.write(async |tx| {
            let held: i64 = sqlx::query("SELECT COUNT(*) FROM chat WHERE game_id = $1")
                .bind(game_id)
                .fetch_one(&mut *tx)
                .await?
                .get(0);
            if held >= cap {
                return Ok(None);
            }
            let id: i64 = sqlx::query(
                "INSERT INTO chat (game_id, seat, audience, sent_at, text) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            )
            .bind(game_id)
            .bind(seat as i64)
            .bind(audience.map(|a| a as i64))
            .bind(sent_at)
            .bind(text)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
            Ok(Some(ChatLine { id, seat, audience, sent_at, text: text.to_string() }))
        })
        .await
    }

    /// The newest `n` lines of a game's chat, oldest first.
    pub async fn chat_tail(&self, game_id: i64, n: usize) -> Result<Vec<ChatLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, seat, audience, sent_at, text FROM chat WHERE game_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(game_id)
        .bind(n as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut lines: Vec<ChatLine> = rows
            .into_iter()
            .map(|r| {
                let (seat, audience): (i64, Option<i64>) = (r.get(1), r.get(2));
                ChatLine {
                    id: r.get(0),
                    seat: seat as Seat,
                    audience: audience.map(|a| a as u64),
                    sent_at: r.get(3),
                    text: r.get(4),
                }
            })
            .collect();
        lines.reverse();
        Ok(lines)
    }

    /// Save the timed segment under way (`None`: none is).
    pub async fn set_time_limit(&self, game_id: i64, limit: Option<&RunningLimit>) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET limit_key = $1, limit_ends = $2 WHERE id = $3")
            .bind(limit.map(|l| l.segment.clone()))
            .bind(limit.map(|l| l.ends_at))
            .bind(game_id)
            .execute(&self.pool)
            .await
            .map_err(unavailable)?;
        Ok(())
    }
}

/// How many of a game's newest chat lines a server keeps in memory.
pub const CHAT_KEPT: usize = 500;

/// A content set an account uploaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    pub game: String,
    pub fingerprint: String,
    pub label: String,
    pub created_at: i64,
}

impl Store {
    /// Keep a checked content set (its replaced files, by name) and note that `user_id` uploaded it under
    /// `label`; a set already stored is kept as it is, and a second upload of it only renames it.
    pub async fn save_content(
        &self,
        user_id: i64,
        game: &str,
        fingerprint: &str,
        label: &str,
        files: &[(&str, &str)],
    ) -> Result<(), StoreError> {
        let files: serde_json::Map<String, Value> =
            files.iter().map(|(name, text)| (name.to_string(), Value::String(text.to_string()))).collect();
        let files = Value::Object(files).to_string();
        self.write(async |tx| {
            sqlx::query(
                "INSERT INTO content_sets (game, fingerprint, files, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game, fingerprint) DO NOTHING",
            )
            .bind(game)
            .bind(fingerprint)
            .bind(&files)
            .bind(now())
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO content_uploads (user_id, game, fingerprint, label, created_at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (user_id, game, fingerprint) DO UPDATE SET label = excluded.label",
            )
            .bind(user_id)
            .bind(game)
            .bind(fingerprint)
            .bind(label)
            .bind(now())
            .execute(&mut *tx)
            .await?;
            Ok(())
        })
        .await
    }

    /// The content sets an account uploaded, newest first.
    pub async fn uploads(&self, user_id: i64) -> Result<Vec<Upload>, StoreError> {
        let rows = sqlx::query(
            "SELECT game, fingerprint, label, created_at FROM content_uploads WHERE user_id = $1 ORDER BY created_at DESC, game, fingerprint",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| Upload { game: r.get(0), fingerprint: r.get(1), label: r.get(2), created_at: r.get(3) })
            .collect())
    }

    /// The replaced files of a stored content set, by name; `None` if no such set is stored.
    pub async fn content_files(
        &self,
        game: &str,
        fingerprint: &str,
    ) -> Result<Option<Vec<(String, String)>>, StoreError> {
        let Some(row) = sqlx::query("SELECT files FROM content_sets WHERE game = $1 AND fingerprint = $2")
            .bind(game)
            .bind(fingerprint)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let text: String = row.get(0);
        let damaged = |why: String| StoreError::Damaged(format!("content set {fingerprint} of {game}: {why}"));
        let files: serde_json::Map<String, Value> = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
        files
            .into_iter()
            .map(|(name, text)| match text {
                Value::String(text) => Ok((name, text)),
                _ => Err(damaged(format!("file {name} is not text"))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}

/// Any failure of a write, as the caller reports it: nothing was stored.
fn unavailable(e: impl Into<StoreError>) -> StoreError {
    match e.into() {
        StoreError::Conflict => StoreError::Conflict,
        StoreError::Unavailable(why) => StoreError::Unavailable(why),
        other => StoreError::Unavailable(other.to_string()),
    }
}

/// The file a `sqlite://` URL names.
fn sqlite_path(url: &str) -> PathBuf {
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    PathBuf::from(path.split('?').next().unwrap_or(path))
}

/// Refuse to open what is not an Imperia SQLite database, saying why: an empty file, a file of another kind,
/// or a missing file in a folder that already holds other things (perhaps the wrong folder). `init` allows
/// a new database in place of an empty or missing file.
fn check_sqlite_file(path: &Path, init: bool) -> Result<(), StoreError> {
    let shown = path.display();
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() == 0 => {
            if init {
                return Ok(());
            }
            Err(StoreError::Refused(format!(
                "{shown} is empty (0 bytes), so it holds no games or accounts; if a backup exists, restore it; \
                 to start a new database there, pass --init"
            )))
        }
        Ok(_) => {
            let mut header = [0u8; 16];
            let read = std::fs::File::open(path).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header));
            if read.is_err() || &header != b"SQLite format 3\0" {
                return Err(StoreError::Refused(format!(
                    "{shown} is not a SQLite database (it does not begin with SQLite's header); \
                     point --data-dir at Imperia's data folder"
                )));
            }
            Ok(())
        }
        Err(_) => {
            let dir = path.parent().unwrap_or(Path::new("."));
            let new = std::fs::read_dir(dir).map_or(true, |mut entries| entries.next().is_none());
            if new || init {
                return Ok(());
            }
            Err(StoreError::Refused(format!(
                "there is no {SQLITE_FILE} in {}, which already holds other files; to start a new database \
                 there, pass --init",
                dir.display()
            )))
        }
    }
}

/// What every SQLite connection runs first: durable commits (an acknowledged action survives a crash or
/// power loss), readers beside the writer, and checked references. It reads the file's schema, so a
/// damaged file fails here.
const SQLITE_SETUP: &str =
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000";

/// Open one connection to the SQLite file and set it up as the pool will, so that a damaged file (a
/// truncated one has SQLite's header but not the pages it names) is refused at once, naming the file. The
/// pool would instead retry every connection until its acquire timeout and say only that it timed out.
async fn probe_sqlite(url: &str) -> Result<(), StoreError> {
    let refused = |e: sqlx::Error| {
        let why = match &e {
            sqlx::Error::Database(db) => db.message().to_string(),
            other => other.to_string(),
        };
        StoreError::Refused(format!(
            "{} is damaged: it is not a database SQLite can read ({why}); it may have been truncated or \
             overwritten. If a backup exists, restore it",
            sqlite_path(url).display()
        ))
    };
    let mut conn = AnyConnection::connect(url).await.map_err(refused)?;
    let setup = conn.execute(SQLITE_SETUP).await.map(drop);
    let read = match setup {
        Ok(()) => sqlx::query("SELECT count(*) FROM sqlite_master").execute(&mut conn).await.map(drop),
        Err(e) => Err(e),
    };
    let _ = conn.close().await;
    read.map_err(refused)
}

/// Move a game from `version` to the next, or report that someone else already did.
async fn bump_version(tx: &mut AnyConnection, game_id: i64, version: i64, finished: bool) -> Result<(), StoreError> {
    let bumped = sqlx::query("UPDATE games SET version = version + 1, finished = $1 WHERE id = $2 AND version = $3")
        .bind(i64::from(finished))
        .bind(game_id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
    if bumped.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

/// Within a game's start: store the bot seats' bids, move the first two seats' players past each other if
/// the bids say so, and set the game up with the winning bid.
async fn settle_bids(tx: &mut AnyConnection, game_id: i64, settled: &Settlement) -> Result<(), StoreError> {
    for (seat, bot, points) in &settled.bot_bids {
        sqlx::query(
            "INSERT INTO bids (game_id, seat, user_id, bot, points, created_at) VALUES ($1, $2, NULL, $3, $4, $5)",
        )
        .bind(game_id)
        .bind(*seat as i64)
        .bind(bot)
        .bind(*points)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    }
    if settled.swap {
        // Through a free number, as each row's key must stay unique at every step.
        for (from, to) in [(0_i64, -1_i64), (1, 0), (-1, 1)] {
            sqlx::query("UPDATE seats SET seat = $1 WHERE game_id = $2 AND seat = $3")
                .bind(to)
                .bind(game_id)
                .bind(from)
                .execute(&mut *tx)
                .await?;
        }
    }
    sqlx::query("UPDATE games SET config = $1, seed = $2 WHERE id = $3")
        .bind(settled.config.to_string())
        .bind(settled.seed as i64)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn insert_action(
    tx: &mut AnyConnection,
    game_id: i64,
    idx: usize,
    action: &RecordedAction,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO actions (game_id, idx, seat, action, hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(game_id)
        .bind(idx as i64)
        .bind(action.seat as i64)
        .bind(action.action.to_string())
        .bind(&action.hash)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// In a transaction: give a person's seat to a bot, keeping the account that held it as `left_by`, and
/// `lost_on_time` (Unix seconds) if that account lost a rated game on time then (`crate::ratings`), and
/// `forfeit`, why, if a bot account forfeited it (`crate::bot_accounts`). False if a bot already had the seat.
pub(crate) async fn hand_seat_to_bot(
    tx: &mut AnyConnection,
    game_id: i64,
    seat: Seat,
    bot: &str,
    lost_on_time: Option<i64>,
    forfeit: Option<&str>,
) -> Result<bool, StoreError> {
    let r = sqlx::query(
        "UPDATE seats SET bot = $1, left_by = COALESCE(left_by, user_id), user_id = NULL, lost_on_time = $2, \
         forfeit = $5 WHERE game_id = $3 AND seat = $4 AND bot IS NULL",
    )
    .bind(bot)
    .bind(lost_on_time)
    .bind(game_id)
    .bind(seat as i64)
    .bind(forfeit)
    .execute(&mut *tx)
    .await?;
    Ok(r.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_server_skips_its_own_announcements() {
        let dir = std::env::temp_dir().join(format!("imperia-store-announce-{}", std::process::id()));
        let (ours, theirs) = (
            Store::open(&Store::sqlite_url(&dir.join("a")).expect("a url"), true).await.expect("a store"),
            Store::open(&Store::sqlite_url(&dir.join("b")).expect("a url"), true).await.expect("a store"),
        );
        let from_us = format!("12 {}", ours.instance);
        assert_eq!(ours.announced_by_another(&from_us), None, "our own: the game in memory is newer");
        assert_eq!(theirs.announced_by_another(&from_us), Some(12));
        assert_eq!(ours.announced_by_another("12"), Some(12), "an older server's announcement names only the game");
        assert_eq!(ours.announced_by_another("twelve"), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
