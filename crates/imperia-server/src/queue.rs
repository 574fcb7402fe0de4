//! The thinking queue in the database: servers that run no searches of their own (`--bot-threads 0`) put
//! each [`Thought`] here and wait for its answer; `imperia worker`s ([`crate::worker`]), on any machine that
//! reaches the database, take them.
//!
//! - **Claims and leases.** A worker claims the oldest thought waiting — a game's bot before any help —
//!   with a lease, which it renews while it searches. A thought whose lease ran out (its worker was killed,
//!   or lost the database) is claimed again by another, so nothing is lost with a worker. On PostgreSQL the
//!   claim skips rows another worker is claiming (`FOR UPDATE SKIP LOCKED`); SQLite has one writer anyway.
//! - **Once per move.** A bot's move is keyed by game, version and seat: two servers asking for it share
//!   one search, and a server that restarts while waiting finds its answer.
//! - **Never stuck.** A thought claimed [`MOST_CLAIMS`] times without an answer (it kills whoever runs it)
//!   is answered with a failure instead. Answers are kept a while for any other server waiting on them,
//!   then swept, with thoughts nobody claimed for a long time ([`Store::sweep_thoughts`]).
//! - **Told at once.** On PostgreSQL a new thought and a new answer are announced (`NOTIFY`), so workers and
//!   servers rarely wait for their next look; they look now and then anyway, in case one was missed.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::Row;
use tokio::sync::broadcast;

use crate::store::{Store, StoreError};
use crate::thought::{Answer, Thought};

/// The channel on which a new thought is announced to the workers.
pub const NEW_THOUGHTS: &str = "imperia_thoughts";
/// The channel on which a thought's answer is announced to the servers; the payload is its id.
pub const ANSWERS: &str = "imperia_answers";
/// Claims a thought may take before it is answered as failed.
pub const MOST_CLAIMS: i64 = 3;
/// How long an answer is kept for other servers asking the same, and how long a thought may wait unclaimed.
const KEPT: Duration = Duration::from_secs(600);
const UNCLAIMED: Duration = Duration::from_secs(3600);

/// A thought's answer as stored: what it found, or why it found nothing.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Stored {
    Ok(Answer),
    Failed(String),
}

/// A thought claimed by a worker.
#[derive(Debug)]
pub struct Claimed {
    pub id: i64,
    /// The thought as JSON (read by the worker, which answers a thought it cannot read with a failure).
    pub thought: String,
    /// Its claims so far, this one included.
    pub claims: i64,
}

/// Where a thought stands.
enum Standing {
    Waiting,
    Answered(Result<Answer, String>),
    /// Swept away (kept too long): ask again.
    Gone,
}

/// Milliseconds since 1970: leases are short.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Put `thought` in the queue under `key`, unless a thought with that key is there already; its id.
    async fn put_thought(&self, key: &str, thought: &Thought) -> Result<i64, StoreError> {
        let json = serde_json::to_string(thought).map_err(|e| StoreError::Damaged(e.to_string()))?;
        sqlx::query(
            "INSERT INTO thoughts (key, help, thought, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING",
        )
        .bind(key)
        .bind(i64::from(thought.is_help()))
        .bind(json)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        let row = sqlx::query("SELECT id FROM thoughts WHERE key = $1").bind(key).fetch_one(&self.pool).await?;
        Ok(row.get(0))
    }

    async fn standing(&self, id: i64) -> Result<Standing, StoreError> {
        let row = sqlx::query("SELECT answer FROM thoughts WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        let Some(row) = row else { return Ok(Standing::Gone) };
        let Some(answer) = row.get::<Option<String>, _>(0) else { return Ok(Standing::Waiting) };
        Ok(Standing::Answered(match serde_json::from_str(&answer) {
            Ok(Stored::Ok(answer)) => Ok(answer),
            Ok(Stored::Failed(why)) => Err(why),
            Err(e) => Err(format!("the answer cannot be read: {e}")),
        }))
    }

    /// Take back a thought nobody has claimed yet (whoever asked no longer waits for it).
    async fn withdraw_thought(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM thoughts WHERE id = $1 AND answer IS NULL AND worker IS NULL")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Claim the oldest thought waiting for `worker` for `lease`: a game's bot first, help only if
    /// `help_too`. A thought whose last lease ran out is waiting again.
    pub async fn claim_thought(
        &self,
        worker: &str,
        lease: Duration,
        help_too: bool,
    ) -> Result<Option<Claimed>, StoreError> {
        let skip_locked = if self.postgres_url().is_some() { " FOR UPDATE SKIP LOCKED" } else { "" };
        let sql = format!(
            "UPDATE thoughts SET worker = $1, lease_until = $2, claims = claims + 1 WHERE id = (SELECT id FROM \
             thoughts WHERE answer IS NULL AND (lease_until IS NULL OR lease_until < $3) AND help <= $4 \
             ORDER BY help, id LIMIT 1{skip_locked}) RETURNING id, thought, claims"
        );
        let now = now_ms();
        let row = sqlx::query(&sql)
            .bind(worker)
            .bind(now + lease.as_millis() as i64)
            .bind(now)
            .bind(i64::from(help_too))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| Claimed { id: r.get(0), thought: r.get(1), claims: r.get(2) }))
    }

    /// Hold `worker`'s claim on thought `id` for another `lease`; false if the claim was lost (its lease ran
    /// out and another worker took the thought, or it is answered).
    pub async fn renew_lease(&self, id: i64, worker: &str, lease: Duration) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE thoughts SET lease_until = $1 WHERE id = $2 AND worker = $3 AND answer IS NULL")
            .bind(now_ms() + lease.as_millis() as i64)
            .bind(id)
            .bind(worker)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Answer thought `id` (the first answer stands) and tell the servers.
    pub async fn answer_thought(&self, id: i64, answer: Result<Answer, String>) -> Result<(), StoreError> {
        let stored = match answer {
            Ok(answer) => Stored::Ok(answer),
            Err(why) => Stored::Failed(why),
        };
        let json = serde_json::to_string(&stored).map_err(|e| StoreError::Damaged(e.to_string()))?;
        sqlx::query("UPDATE thoughts SET answer = $1, answered_at = $2 WHERE id = $3 AND answer IS NULL")
            .bind(json)
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await?;
        self.announce_on(ANSWERS, &id.to_string()).await
    }

    /// Forget answers kept long enough and thoughts nobody claimed for long; how many went.
    pub async fn sweep_thoughts(&self) -> Result<u64, StoreError> {
        let now = now_ms();
        let swept = sqlx::query(
            "DELETE FROM thoughts WHERE (answered_at IS NOT NULL AND answered_at < $1) OR (answer IS NULL AND \
             worker IS NULL AND created_at < $2)",
        )
        .bind(now - KEPT.as_millis() as i64)
        .bind(now - UNCLAIMED.as_millis() as i64)
        .execute(&self.pool)
        .await?;
        Ok(swept.rows_affected())
    }

    /// `NOTIFY` on PostgreSQL; nothing on SQLite, where everyone looks now and then instead.
    pub(crate) async fn announce_on(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        if self.postgres_url().is_some() {
            sqlx::query("SELECT pg_notify($1, $2)").bind(channel).bind(payload).execute(&self.pool).await?;
        }
        Ok(())
    }
}

/// A server's way into the queue: it asks, and waits for the answer.
#[derive(Clone)]
pub struct Queue {
    store: Store,
    /// The ids of answered thoughts, as announced ([`Queue::answered`]).
    answers: broadcast::Sender<i64>,
}

impl Queue {
    pub fn new(store: Store) -> Queue {
        Queue { store, answers: broadcast::channel(256).0 }
    }

    /// Thought `id` is answered (an announcement came): wake whoever waits for it.
    pub fn answered(&self, id: i64) {
        let _ = self.answers.send(id);
    }

    /// How long to wait between looks when no announcement comes: on SQLite there are none.
    fn look_every(&self) -> Duration {
        if self.store.postgres_url().is_some() { Duration::from_secs(2) } else { Duration::from_millis(50) }
    }

    /// Ask for `thought` under `key` and wait for its answer, however long the workers take. A failed
    /// search is `Err` with its reason; so is a database that cannot be reached (after trying a while).
    pub async fn ask(&self, key: &str, thought: &Thought) -> Result<Answer, String> {
        let mut answers = self.answers.subscribe();
        let mut asked = self.put(key, thought).await?;
        loop {
            match self.store.standing(asked.id).await {
                Ok(Standing::Answered(answer)) => {
                    asked.done = true;
                    return answer;
                }
                Ok(Standing::Waiting) => {}
                Ok(Standing::Gone) => asked = self.put(key, thought).await?,
                Err(e) => tracing::warn!("thought {}: {e}", asked.id),
            }
            let wait = async {
                while let Ok(id) = answers.recv().await {
                    if id == asked.id {
                        return;
                    }
                }
            };
            let _ = tokio::time::timeout(self.look_every(), wait).await;
        }
    }

    /// Put the thought in the queue, trying again for a while if the database cannot take it now.
    async fn put(&self, key: &str, thought: &Thought) -> Result<Asked, String> {
        let mut backoff = Duration::from_millis(250);
        let id = loop {
            match self.store.put_thought(key, thought).await {
                Ok(id) => break id,
                Err(e) if e.is_unavailable() && backoff < Duration::from_secs(30) => {
                    tracing::warn!("{} not queued ({e}); trying again in {backoff:?}", thought.kind());
                    tokio::time::sleep(backoff).await;
                    backoff *= 2;
                }
                Err(e) => return Err(format!("{} could not be queued: {e}", thought.kind())),
            }
        };
        if let Err(e) = self.store.announce_on(NEW_THOUGHTS, "").await {
            tracing::warn!("thought {id} not announced to the workers: {e}");
        }
        Ok(Asked { id, done: false, withdraw: thought.is_help().then(|| self.store.clone()) })
    }
}

/// A thought asked for and waited on: help whose asker stops waiting (a hint's request gone) is taken back
/// if no worker has claimed it yet. A bot's move stays: another server may be waiting on it too.
struct Asked {
    id: i64,
    done: bool,
    withdraw: Option<Store>,
}

impl Drop for Asked {
    fn drop(&mut self) {
        if let (false, Some(store)) = (self.done, self.withdraw.take()) {
            let id = self.id;
            tokio::spawn(async move {
                if let Err(e) = store.withdraw_thought(id).await {
                    tracing::warn!("thought {id} not withdrawn: {e}");
                }
            });
        }
    }
}
