//! `imperia worker`: a process, on any machine that reaches the servers' database, that takes thoughts (bots'
//! moves, hints, parts of reviews) from the queue ([`crate::queue`]), runs them, and answers.
//!
//! Each of its `threads` claims one thought at a time and renews the claim's lease while it searches, so
//! that a worker killed mid-thought loses nothing: its lease runs out and another worker takes the thought.
//! As on a server, help never holds every thread: with more than one, one is kept for the games' bots.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

use crate::ServeError;
use crate::queue::{Claimed, MOST_CLAIMS, NEW_THOUGHTS};
use crate::store::Store;
use crate::thought::{Answer, Thought};

/// How often an idle thread looks for work when no announcement wakes it (on SQLite, none ever does).
const IDLE_LOOK: Duration = Duration::from_millis(500);
/// How often old answers are swept.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// What a worker is told at start.
#[derive(Clone, Debug)]
pub struct WorkerConfig {
    pub database_url: String,
    /// Thoughts run at once.
    pub threads: usize,
    /// How long a claim holds without renewal: the longest a killed worker's thought waits to be taken again.
    pub lease: Duration,
    /// This worker's name in the queue's claims.
    pub name: String,
    /// Say on standard output each thought claimed and answered.
    pub verbose: bool,
    /// For tests of a worker killed mid-thought: claim one thought and never answer it (nor renew its lease).
    pub hold_first_thought: bool,
}

/// One worker process: its store, the games' content, and who is doing what.
struct Worker {
    config: WorkerConfig,
    store: Store,
    registry: imperia_core::Registry,
    content: crate::content::Library,
    /// Rung when a new thought is announced.
    wake: Notify,
    help_running: AtomicUsize,
    help_width: usize,
    holding: std::sync::atomic::AtomicBool,
}

/// Work until Ctrl-C; `ready` is called once the database is open.
pub async fn work(config: WorkerConfig, ready: impl FnOnce()) -> Result<(), ServeError> {
    let store = Store::open(&config.database_url, false).await?;
    let threads = config.threads.max(1);
    let worker = Arc::new(Worker {
        help_width: (threads - 1).max(1),
        config,
        store,
        registry: imperia_games::registry(),
        content: crate::content::Library::default(),
        wake: Notify::new(),
        help_running: AtomicUsize::new(0),
        holding: false.into(),
    });
    if let Some(url) = worker.store.postgres_url() {
        tokio::spawn(listen(worker.clone(), url.to_string()));
    }
    tokio::spawn(sweep(worker.store.clone()));
    ready();
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..threads {
        tasks.spawn(worker.clone().run());
    }
    let _ = tokio::signal::ctrl_c().await;
    tasks.abort_all();
    Ok(())
}

/// Wake an idle thread whenever a server announces a new thought.
async fn listen(worker: Arc<Worker>, url: String) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => {
                if listener.listen(NEW_THOUGHTS).await.is_ok() {
                    while listener.recv().await.is_ok() {
                        worker.wake.notify_waiters();
                    }
                }
            }
            Err(e) => tracing::warn!("cannot listen for new thoughts ({e}); looking every {IDLE_LOOK:?}"),
        }
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
}

async fn sweep(store: Store) {
    loop {
        if let Err(e) = store.sweep_thoughts().await {
            tracing::warn!("old thoughts not swept: {e}");
        }
        tokio::time::sleep(SWEEP_EVERY).await;
    }
}

impl Worker {
    /// One thread's life: claim, think, answer; wait when there is nothing to claim.
    async fn run(self: Arc<Self>) {
        loop {
            // Listening before looking, so an announcement between the two is not missed.
            let announced = self.wake.notified();
            tokio::pin!(announced);
            announced.as_mut().enable();
            // A place among the help threads is taken before the claim, so two threads cannot both take the last.
            let help_place = HelpRunning::reserve(&self.help_running, self.help_width);
            match self.store.claim_thought(&self.config.name, self.config.lease, help_place.is_some()).await {
                Ok(Some(claimed)) => self.think(claimed, help_place).await,
                Ok(None) => {
                    let _ = tokio::time::timeout(IDLE_LOOK, announced).await;
                }
                Err(e) => {
                    tracing::warn!("cannot claim a thought: {e}");
                    tokio::time::sleep(IDLE_LOOK).await;
                }
            }
        }
    }

    /// Run a claimed thought, renewing its lease until it is done, and answer it.
    async fn think(&self, claimed: Claimed, help_place: Option<HelpRunning<'_>>) {
        let Claimed { id, thought, claims } = claimed;
        if claims > MOST_CLAIMS {
            let why = format!("given up: {MOST_CLAIMS} workers stopped while thinking it");
            return self.answer(id, Err(why)).await;
        }
        let thought: Thought = match serde_json::from_str(&thought) {
            Ok(thought) => thought,
            Err(e) => return self.answer(id, Err(format!("the thought cannot be read: {e}"))).await,
        };
        self.say(format!("claimed thought {id}: {}", thought.kind()));
        if self.config.hold_first_thought && !self.holding.swap(true, Ordering::SeqCst) {
            return std::future::pending().await;
        }
        // The place among the help threads is kept only by help.
        let help = help_place.filter(|_| thought.is_help());
        let content = match self.content_of(&thought).await {
            Ok(content) => content,
            Err(why) => return self.answer(id, Err(why)).await,
        };
        let mut search = tokio::task::spawn_blocking(move || thought.run(&content));
        let renew_every = self.config.lease / 3;
        let answer = loop {
            tokio::select! {
                done = &mut search => break done.unwrap_or_else(|e| Err(format!("the search failed: {e}"))),
                () = tokio::time::sleep(renew_every) => {
                    match self.store.renew_lease(id, &self.config.name, self.config.lease).await {
                        Ok(true) => {}
                        Ok(false) => tracing::warn!("thought {id}: the claim lapsed; another worker may answer first"),
                        Err(e) => tracing::warn!("thought {id}: lease not renewed: {e}"),
                    }
                }
            }
        };
        drop(help);
        self.answer(id, answer).await;
    }

    /// The content the thought's game is played with.
    async fn content_of(&self, thought: &Thought) -> Result<imperia_core::DynContent, String> {
        let entry = self.registry.get(thought.game()).ok_or_else(|| format!("no game `{}` here", thought.game()))?;
        self.content.get(&self.store, entry, thought.content()).await.map_err(|e| e.to_string())
    }

    /// Store the answer, trying again a few times if the database cannot take it now (if it never can,
    /// the lease runs out and another worker thinks it again).
    async fn answer(&self, id: i64, answer: Result<Answer, String>) {
        let failed = answer.as_ref().err().cloned();
        let mut backoff = Duration::from_millis(250);
        let mut answer = Some(answer);
        while let Some(this) = answer.take() {
            let kept = this.clone();
            match self.store.answer_thought(id, this).await {
                Ok(()) => {
                    match &failed {
                        Some(why) => self.say(format!("answered thought {id}: failed: {why}")),
                        None => self.say(format!("answered thought {id}")),
                    }
                    return;
                }
                Err(e) if backoff < Duration::from_secs(8) => {
                    tracing::warn!("thought {id}: answer not stored ({e}); trying again in {backoff:?}");
                    tokio::time::sleep(backoff).await;
                    backoff *= 2;
                    answer = Some(kept);
                }
                Err(e) => tracing::error!("thought {id}: answer not stored ({e}); its lease will run out"),
            }
        }
    }

    fn say(&self, line: String) {
        if self.config.verbose {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }
}

/// A place among the threads that may run help, held while it lives.
struct HelpRunning<'a>(&'a AtomicUsize);

impl<'a> HelpRunning<'a> {
    /// A place, if fewer than `width` are taken.
    fn reserve(count: &'a AtomicUsize, width: usize) -> Option<Self> {
        count.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < width).then_some(n + 1)).ok()?;
        Some(HelpRunning(count))
    }
}

impl Drop for HelpRunning<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}
