//! Persistence: accounts, sessions, games, seats and the actions of every game — in an embedded SQLite file
//! by default, or in PostgreSQL. The same SQL serves both (through sqlx's `Any` driver); only the schema's
//! migrations differ (`migrations/sqlite`, `migrations/postgres`). An action is stored in the same
//! transaction that bumps its game's version, and that transaction commits before anyone is told of the
//! action, so an acknowledged action survives a crash; the version check in that transaction keeps several
//! servers sharing one database from ever accepting two actions at the same version.

use std::time::{SystemTime, UNIX_EPOCH};

use imperia_core::{Record, RecordedAction, Seat};
use serde_json::Value;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::MigrateDatabase;
use sqlx::{Any, AnyPool, Executor, Row};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Damaged(String),
    /// Someone else changed the game first.
    #[error("the game has moved on")]
    Conflict,
}

/// One seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: Seat,
    pub user_id: Option<i64>,
    pub user_name: Option<String>,
    pub bot: Option<String>,
    pub invite: String,
    /// With a clock: seconds of reserve left.
    pub reserve_left: Option<i64>,
    /// With a clock: when this seat's current decision began (Unix seconds), if it has one.
    pub turn_started: Option<i64>,
}

/// A game's time control: seconds per decision, and a reserve each seat may dip into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Clock {
    pub per_move_seconds: i64,
    #[serde(default)]
    pub reserve_seconds: i64,
}

/// A stored game with its record.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub version: i64,
    pub clock: Option<Clock>,
    pub created_by: i64,
    pub started: bool,
    pub record: Record,
    pub seats: Vec<SeatRow>,
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    url: String,
    /// SQLite takes one writer at a time and makes the others sleep and retry; queueing writers here
    /// instead keeps the wait short and fair. (PostgreSQL needs no such lock.)
    writer: Option<std::sync::Arc<tokio::sync::Mutex<()>>>,
}

/// The PostgreSQL channel on which servers sharing a database announce changed games.
pub const CHANNEL: &str = "imperia_games";

pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Open the database at `url` (`sqlite://path/file.db` or `postgres://…/name`), creating it if missing,
    /// and bring its schema up to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if !Any::database_exists(url).await? {
            Any::create_database(url).await?;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // Durable commits (an acknowledged action survives a crash or power loss), readers
                        // beside the writer, and checked references.
                        conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000")
                            .await?;
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
        Ok(Store { pool, url: url.to_string(), writer })
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
            sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(id.to_string()).execute(&self.pool).await?;
        }
        Ok(())
    }

    /// The SQLite file in `dir` (created with the folder if missing).
    pub fn sqlite_url(dir: &std::path::Path) -> Result<String, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError::Damaged(format!("cannot create {}: {e}", dir.display())))?;
        Ok(format!("sqlite://{}", dir.join("imperia.db").display()))
    }

    pub async fn create_user(&self, name: &str, password_hash: &str) -> Result<Option<i64>, StoreError> {
        let result =
            sqlx::query("INSERT INTO users (name, password_hash, created_at) VALUES ($1, $2, $3) RETURNING id")
                .bind(name)
                .bind(password_hash)
                .bind(now())
                .fetch_one(&self.pool)
                .await;
        match result {
            Ok(row) => Ok(Some(row.get(0))),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// (id, password hash) of a user.
    pub async fn user_by_name(&self, name: &str) -> Result<Option<(i64, String)>, StoreError> {
        let row = sqlx::query("SELECT id, password_hash FROM users WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    pub async fn create_session(&self, token: &str, user_id: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (token, user_id, created_at) VALUES ($1, $2, $3)")
            .bind(token)
            .bind(user_id)
            .bind(now())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// (user id, name) of a session.
    pub async fn session_user(&self, token: &str) -> Result<Option<(i64, String)>, StoreError> {
        let row =
            sqlx::query("SELECT u.id, u.name FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = $1")
                .bind(token)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    pub async fn delete_session(&self, token: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token = $1").bind(token).execute(&self.pool).await?;
        Ok(())
    }

    /// Store a new game, its seats and the actions its record already has (an imported game); returns its
    /// id. Its version starts at the number of actions.
    pub async fn create_game(
        &self,
        record: &Record,
        created_by: i64,
        seats: &[SeatRow],
        clock: Option<Clock>,
        started: bool,
    ) -> Result<i64, StoreError> {
        let _writing = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query(
            "INSERT INTO games (game, rules_version, config, seed, version, finished, created_by, created_at, per_move, reserve, started) \
             VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10) RETURNING id",
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
        .fetch_one(&mut *tx)
        .await?
        .get(0);
        for s in seats {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, bot, invite, reserve_left, turn_started) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id)
            .bind(s.seat as i64)
            .bind(s.user_id)
            .bind(&s.bot)
            .bind(&s.invite)
            .bind(s.reserve_left)
            .bind(s.turn_started)
            .execute(&mut *tx)
            .await?;
        }
        for (idx, a) in record.actions.iter().enumerate() {
            insert_action(&mut tx, id, idx, a).await?;
        }
        tx.commit().await?;
        Ok(id)
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
        let _writing = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        bump_version(&mut tx, game_id, version, finished).await?;
        insert_action(&mut tx, game_id, idx, action).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Remove the last action (number `idx`), if the game is still at `version`.
    pub async fn undo_action(&self, game_id: i64, version: i64, idx: usize) -> Result<(), StoreError> {
        let _writing = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        // A finished game has nobody to undo anything, so after an undo the game is running.
        bump_version(&mut tx, game_id, version, false).await?;
        sqlx::query("DELETE FROM actions WHERE game_id = $1 AND idx = $2")
            .bind(game_id)
            .bind(idx as i64)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Start a game that waited in the lobby.
    pub async fn start_game(&self, game_id: i64) -> Result<bool, StoreError> {
        let r = sqlx::query("UPDATE games SET started = 1 WHERE id = $1 AND started = 0")
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
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
            .await?;
        Ok(())
    }

    /// Give a player's seat to a bot (the player leaves it).
    pub async fn hand_to_bot(&self, game_id: i64, seat: Seat, bot: &str) -> Result<bool, StoreError> {
        let r =
            sqlx::query("UPDATE seats SET bot = $1, user_id = NULL WHERE game_id = $2 AND seat = $3 AND bot IS NULL")
                .bind(bot)
                .bind(game_id)
                .bind(seat as i64)
                .execute(&self.pool)
                .await?;
        Ok(r.rows_affected() == 1)
    }

    pub async fn set_webhook(&self, user_id: i64, url: Option<&str>) -> Result<(), StoreError> {
        sqlx::query("UPDATE users SET webhook = $1 WHERE id = $2").bind(url).bind(user_id).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn webhook(&self, user_id: i64) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT webhook FROM users WHERE id = $1").bind(user_id).fetch_optional(&self.pool).await?;
        Ok(row.and_then(|r| r.get(0)))
    }

    pub async fn take_seat(&self, game_id: i64, seat: Seat, user_id: i64) -> Result<bool, StoreError> {
        let r = sqlx::query(
            "UPDATE seats SET user_id = $1 WHERE game_id = $2 AND seat = $3 AND user_id IS NULL AND bot IS NULL",
        )
        .bind(user_id)
        .bind(game_id)
        .bind(seat as i64)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Every game, with its record and seats.
    pub async fn load_games(&self) -> Result<Vec<GameRow>, StoreError> {
        let games = sqlx::query(
            "SELECT id, game, rules_version, config, seed, version, per_move, reserve, created_by, started FROM games ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            let id: i64 = g.get(0);
            out.push(self.load_game_row(id, &g).await?);
        }
        Ok(out)
    }

    pub async fn load_game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        let Some(g) = sqlx::query(
            "SELECT id, game, rules_version, config, seed, version, per_move, reserve, created_by, started FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        Ok(Some(self.load_game_row(id, &g).await?))
    }

    async fn load_game_row(&self, id: i64, g: &AnyRow) -> Result<GameRow, StoreError> {
        let config: String = g.get(3);
        let config: Value =
            serde_json::from_str(&config).map_err(|e| StoreError::Damaged(format!("game {id}'s config: {e}")))?;
        let actions = sqlx::query("SELECT seat, action, hash FROM actions WHERE game_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|a| {
                let seat: i64 = a.get(0);
                let action: String = a.get(1);
                Ok(RecordedAction {
                    seat: seat as Seat,
                    action: serde_json::from_str(&action)
                        .map_err(|e| StoreError::Damaged(format!("game {id}'s actions: {e}")))?,
                    hash: a.get(2),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let seats = sqlx::query(
            "SELECT s.seat, s.user_id, u.name, s.bot, s.invite, s.reserve_left, s.turn_started \
             FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 ORDER BY s.seat",
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
                invite: s.get(4),
                reserve_left: s.get(5),
                turn_started: s.get(6),
            }
        })
        .collect();
        let rules_version: i64 = g.get(2);
        let seed: i64 = g.get(4);
        let per_move: Option<i64> = g.get(6);
        let reserve: Option<i64> = g.get(7);
        Ok(GameRow {
            id,
            version: g.get(5),
            clock: per_move.map(|per_move_seconds| Clock { per_move_seconds, reserve_seconds: reserve.unwrap_or(0) }),
            created_by: g.get(8),
            started: g.get::<i64, _>(9) != 0,
            // The server plays the shipped content only (`imperia serve` refuses `--content`).
            record: Record {
                game: g.get(1),
                rules_version: rules_version as u32,
                config,
                seed: seed as u64,
                content: None,
                actions,
            },
            seats,
        })
    }
}

type Tx = sqlx::Transaction<'static, Any>;

/// Move a game from `version` to the next, or report that someone else already did.
async fn bump_version(tx: &mut Tx, game_id: i64, version: i64, finished: bool) -> Result<(), StoreError> {
    let bumped = sqlx::query("UPDATE games SET version = version + 1, finished = $1 WHERE id = $2 AND version = $3")
        .bind(i64::from(finished))
        .bind(game_id)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    if bumped.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

async fn insert_action(tx: &mut Tx, game_id: i64, idx: usize, action: &RecordedAction) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO actions (game_id, idx, seat, action, hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(game_id)
        .bind(idx as i64)
        .bind(action.seat as i64)
        .bind(action.action.to_string())
        .bind(&action.hash)
        .bind(now())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
