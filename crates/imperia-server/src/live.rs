//! Games in play, kept in memory beside the store: each is rebuilt from its record at start-up, changed
//! only by [`commit`] (which stores the action before anyone hears of it), and watched by the viewers'
//! WebSockets through a broadcast of its version. Bot seats are played here, off the request path.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use imperia_core::{ActionChoice, DynContent, DynMatch, MatchError, Migration, RolledBack, Seat, ToAct, Viewer};
use serde::Serialize;
use serde_json::Value;
use tokio::sync::{Mutex, RwLock, broadcast};

use crate::auth::Passwords;
use crate::content::{ContentError, ContentNotice};
use crate::events;
use crate::levels::BotLevel;
use crate::limits::{Limiters, Limits};
use crate::rollback::Proposal;
use crate::store::{ChatLine, Clock, RunningLimit, SeatRow, Store, StoreError, now};
use crate::talk::{ChatView, TimeLimitView, visible_chat};
use crate::thought::{Answer, Thought};

/// Why the game layer refused or could not do something. It knows nothing of HTTP; `crate::error` maps each
/// kind to a status for the API.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("the game has not started: its creator starts it once the players are seated")]
    NotStarted,
    /// The caller acted on an old version; here is the game as it now stands for that seat.
    #[error("the game has moved on to version {version}; here it is as it now stands")]
    Stale { version: i64, state: Box<GameState> },
    /// The engine refused: the turn, or an action it cannot read.
    #[error("{0}")]
    Refused(String),
    /// The rules refuse the action; `rule` is the section of the game's rules page the refusal cites.
    #[error("{why}")]
    Illegal { why: String, rule: Option<crate::rulebooks::RuleLink> },
    /// Going back to `to_step` would leave everyone knowing what came to light at step `at`; the proposer
    /// has not said they know.
    #[error(
        "something hidden came to light at step {at} (a draw, or a secret turned up), so everyone would go back \
         to step {to_step} knowing it; propose again saying you know, and the others will be told"
    )]
    Revealed { at: usize, to_step: usize },
    #[error("there is no game {0}")]
    NoGame(i64),
    /// The table does not allow it now (a seat taken, a game started).
    #[error("{0}")]
    Conflict(String),
    /// Not this caller's to do.
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// It was possible once and no longer is (a used invitation).
    #[error("{0}")]
    Gone(String),
    #[error("game {id} is damaged and cannot be played: {why}")]
    Damaged { id: i64, why: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<ContentError> for TableError {
    fn from(e: ContentError) -> TableError {
        match e {
            ContentError::Refused(why) => TableError::Refused(why),
            ContentError::NotFound(why) => TableError::NotFound(why),
            ContentError::Forbidden(why) => TableError::Forbidden(why),
            ContentError::Full(why) => TableError::Conflict(why),
            ContentError::Store(e) => TableError::Store(e),
        }
    }
}

/// A game in memory.
pub struct LiveGame {
    pub id: i64,
    pub m: Box<dyn DynMatch>,
    pub version: i64,
    pub seats: Vec<SeatRow>,
    pub changes: broadcast::Sender<i64>,
    /// A bot task is playing this game's bot seats.
    pub bots_running: bool,
    pub clock: Option<Clock>,
    pub created_by: i64,
    /// A game with open seats waits in the lobby until its creator starts it: nobody acts before.
    pub started: bool,
    /// Open WebSockets per seat: a player watching needs no webhook.
    pub watchers: Vec<usize>,
    /// The seats whose decision the clocks are running for.
    pub acting: Vec<Seat>,
    /// The content the game is played with (the shipped set, or one a player uploaded).
    pub content: DynContent,
    /// What players are told of replaced content; `None` for the shipped content.
    pub content_notice: Option<ContentNotice>,
    /// The game counts for ratings; its result is settled ([`crate::ratings`]).
    pub rated: bool,
    pub settled: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Each viewer's log so far, once asked for: kept step by step, so the log is never replayed twice.
    log: BTreeMap<Option<Seat>, Vec<PastStep>>,
    /// The newest lines of the chat, oldest first (each viewer reads only its own: `talk::visible_chat`).
    pub chat: Vec<ChatLine>,
    /// The timed segment under way (`talk`), and whether a task runs its clock.
    pub time_limit: Option<RunningLimit>,
    /// The proposal to go back, as last saved; it holds only at its version ([`LiveGame::open_rollback`]).
    pub rollback: Option<Proposal>,
    /// Every rollback agreed, oldest first.
    pub rollbacks: Vec<RolledBack>,
    /// Every change of rules the game went through, oldest first ([`crate::rules_change`]).
    pub migrations: Vec<Migration>,
    /// The bids of a game whose sides are bid for ([`crate::bidding`]).
    pub bidding: Option<crate::bidding::Bidding>,
    /// The invitations' secrets this server made, for the creator's answers ([`Table::invites`]).
    pub invites: BTreeMap<Seat, String>,
    pub limit_watched: bool,
    /// The positions the game has been in, once asked for ([`crate::fairness`]).
    pub(crate) positions: Option<crate::fairness::Positions>,
    /// Each seat's last action taken here: the version it was sent for, the action, and the version it
    /// made. The same action sent again for the same version (a double click, a second tab) is that one.
    last_action: BTreeMap<Seat, (i64, Value, i64)>,
}

/// One step of the log, as a viewer may see it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PastStep {
    /// 1 for the game's first action.
    pub step: usize,
    /// The seat that acted; absent where the step showed the viewer nothing and was not its own: a choice
    /// made in private (a proposal being drafted, a card picked face down) tells the others nothing, not even
    /// whose it was, so that nobody counts another's private steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// What happened, in plain words.
    pub events: Vec<String>,
}

impl PastStep {
    /// Step `step`, taken by `seat`, as `viewer` saw it: `events`.
    fn seen(step: usize, seat: Seat, events: Vec<String>, viewer: Option<Seat>) -> Self {
        let named = !events.is_empty() || viewer == Some(seat);
        PastStep { step, seat: named.then_some(seat), events }
    }
}

pub type Shared = Arc<Mutex<LiveGame>>;

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub games: Arc<RwLock<BTreeMap<i64, Shared>>>,
    /// Games that cannot be played (a record that no longer replays, a bot the server does not run), with
    /// the reason: reported to whoever asks for them, while the rest serve on.
    pub broken: Arc<RwLock<BTreeMap<i64, String>>>,
    pub registry: imperia_core::Registry,
    /// Every game's rules page, and where refusals' citations lead in it.
    pub rulebooks: crate::rulebooks::Rulebooks,
    pub passwords: Passwords,
    pub limits: Limits,
    pub limiters: Arc<Limiters>,
    /// The searching slots: the games' bots first, then hints and reviews in a bounded queue.
    pub thinking: crate::thinking::Thinking,
    pub options: Options,
    /// Content sets loaded in this process.
    pub content: crate::content::Library,
    /// Reviews of finished games being made in this process.
    pub reviews: crate::review::Reviews,
    /// What the server does at each event of a game's life, besides playing it ([`crate::FEATURES`]).
    pub features: &'static [&'static dyn events::Feature],
}

/// How the server is deployed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Cookies are marked `Secure` (the server is reached over HTTPS).
    pub secure_cookies: bool,
    /// A reverse proxy stands in front: the client's address is the last in `X-Forwarded-For`.
    pub behind_proxy: bool,
    /// Webhooks may point at private and loopback addresses (tests, private networks).
    pub webhooks_to_private: bool,
}

/// An open seat's invitation.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct OpenInvite {
    pub seat: Seat,
    /// The secret of the seat's link; null where this server no longer knows it (it keeps only a hash, and
    /// restarted since, or another server made the game): the link sent still works.
    pub invite: Option<String>,
}

/// One seat as every viewer sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SeatView {
    pub seat: Seat,
    /// What the game calls the seat ("Britain", "England and Protestant"; "Player 2" where seats have no
    /// names of their own).
    pub name: String,
    pub player: Option<String>,
    pub bot: Option<String>,
    pub open: bool,
    /// With a clock: seconds of reserve left, and whether this seat has run out of time on its decision
    /// (the other players may then hand it to a bot).
    pub reserve_left: Option<i64>,
    pub out_of_time: bool,
    /// With a clock, while this seat's decision runs: the seconds it has left, the move's allowance and
    /// the reserve together, as of this answer (negative once it has run out).
    pub time_left: Option<i64>,
}

/// What one viewer receives about a game: over HTTP and, after every change, over the WebSocket.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct GameState {
    pub id: i64,
    pub game: String,
    pub version: i64,
    /// The viewer's seat, if it has one.
    pub seat: Option<Seat>,
    pub seats: Vec<SeatView>,
    pub to_act: Vec<Seat>,
    pub started: bool,
    pub finished: bool,
    /// The game counts for ratings.
    pub rated: bool,
    /// The time control: seconds per decision and a reserve; none for an untimed game.
    pub clock: Option<Clock>,
    /// For the game's creator, before the start: the invitation of each seat still open, to send to the
    /// players (each seats one person, once). Absent for everyone else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invites: Option<Vec<OpenInvite>>,
    /// The game's own view for this viewer.
    #[schema(value_type = Object)]
    pub view: Value,
    /// Whose decision it is and what, for this viewer (empty once the game is over).
    pub prompt: String,
    /// The viewer's legal actions, when it is to act: `{action, label, targets}`, `targets` naming the
    /// board pieces the action touches.
    #[schema(value_type = Vec<Object>)]
    pub legal_actions: Vec<ActionChoice>,
    pub can_undo: bool,
    /// The last step, in plain words, as this viewer may see it.
    pub events: Vec<String>,
    pub summary: String,
    /// How many actions the game's record holds: the last step's number.
    pub steps: usize,
    /// Each seat's final score and rank, once the game is over.
    #[schema(value_type = Option<Object>)]
    pub outcome: Option<imperia_core::Outcome>,
    /// The replaced content the game is played with, and every entry that differs from the shipped
    /// content; absent for the shipped content.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<ContentNotice>,
    /// The newest chat lines this viewer may read: table talk, and the private channels it is in.
    pub chat: Vec<ChatView>,
    /// The segment the rules time, if one is under way, and when it ends.
    pub time_limit: Option<TimeLimitView>,
    /// Why no private channel may be used now (the game's rules, or a game not started); absent when they
    /// may.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private_talk_closed: Option<String>,
    /// The open proposal to go back to an earlier step, which every seat must agree to.
    pub rollback: Option<Proposal>,
    /// The rollbacks agreed so far, oldest first, for the log.
    pub rollbacks: Vec<crate::rollback::RollbackView>,
    /// The changes of rules the game went through since it began, oldest first: what changed, and whether
    /// the game as played still stands.
    pub rules_changes: Vec<crate::rules_change::RulesChangeView>,
    /// In a game whose sides are bid for: who has bid, the viewer's own bid, and after the start every bid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid: Option<crate::bidding::BidView>,
}

impl LiveGame {
    pub fn state_for(&self, seat: Option<Seat>) -> GameState {
        let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
        let to_act = self.m.to_act();
        GameState {
            id: self.id,
            game: self.m.game_id().to_string(),
            version: self.version,
            seat,
            seats: self
                .seats
                .iter()
                .map(|s| SeatView {
                    seat: s.seat,
                    name: self.m.seat_name(s.seat),
                    player: s.user_name.clone(),
                    bot: s.bot.clone(),
                    open: s.user_id.is_none() && s.bot.is_none(),
                    reserve_left: s.reserve_left,
                    out_of_time: self.out_of_time(s.seat),
                    time_left: self.time_left(s.seat),
                })
                .collect(),
            // Before the start nobody is to act, whatever the engine's first decision will be.
            to_act: if self.started { to_act.seats().to_vec() } else { Vec::new() },
            started: self.started,
            finished: to_act == ToAct::Nobody,
            rated: self.rated,
            clock: self.clock,
            invites: self.invites_for(seat),
            view: self.m.view(viewer),
            prompt: self.prompt(viewer),
            legal_actions: seat.filter(|_| self.started).map(|s| self.m.legal_actions(s)).unwrap_or_default(),
            can_undo: self.started && seat.is_some_and(|s| self.m.can_undo(s)),
            events: self.m.last_events(viewer),
            summary: self.m.summary(viewer),
            steps: self.m.last_recorded().map_or(0, |(steps, _)| steps),
            outcome: self.m.outcome(),
            content: self.content_notice.clone(),
            chat: visible_chat(&self.chat, seat),
            time_limit: self.time_limit.as_ref().map(TimeLimitView::of),
            private_talk_closed: self.private_talk().err(),
            rollback: self.open_rollback().cloned(),
            rollbacks: self.rollbacks.iter().map(crate::rollback::RollbackView::of).collect(),
            rules_changes: self.migrations.iter().map(crate::rules_change::RulesChangeView::of).collect(),
            bid: self.bidding.as_ref().map(|b| b.view(self, seat)),
        }
    }

    /// Whether private channels are open now.
    pub fn private_talk(&self) -> Result<(), String> {
        if self.started { self.m.private_talk() } else { Err("private talk waits for the game to start".into()) }
    }

    /// The engine's prompt once the game has started; before, what the start waits for.
    fn prompt(&self, viewer: Viewer) -> String {
        if self.started {
            self.m.prompt(viewer)
        } else if self.seats.iter().any(|s| s.user_id.is_none() && s.bot.is_none()) {
            "Waiting for players to take the open seats".into()
        } else if let Some(waiting) = self.bidding.as_ref().and_then(|b| b.waiting_for(&self.seats)) {
            waiting
        } else {
            format!(
                "Every seat is taken; waiting for {} to start the game",
                self.creator_name().unwrap_or("the creator")
            )
        }
    }

    /// The refusal for a caller who acted on an old version: the game as it now stands for `seat`.
    pub(crate) fn stale_for(&self, seat: Seat) -> TableError {
        TableError::Stale { version: self.version, state: Box::new(self.state_for(Some(seat))) }
    }

    /// The name of the account that created the game, when it sits at it (as the creator of a game with
    /// open seats always does).
    pub fn creator_name(&self) -> Option<&str> {
        self.seats.iter().find(|s| s.user_id == Some(self.created_by)).and_then(|s| s.user_name.as_deref())
    }

    /// The open seats' invitations, for the creator's seat before the start.
    fn invites_for(&self, seat: Option<Seat>) -> Option<Vec<OpenInvite>> {
        let creator = seat.and_then(|s| self.seats.get(s)).is_some_and(|s| s.user_id == Some(self.created_by));
        (creator && !self.started).then(|| {
            self.seats
                .iter()
                .filter(|s| s.is_open() && !s.invite_used)
                .map(|s| OpenInvite { seat: s.seat, invite: self.invites.get(&s.seat).cloned() })
                .collect()
        })
    }

    /// Whether `seat` has used up its time and reserve on its current decision.
    pub fn out_of_time(&self, seat: Seat) -> bool {
        self.time_left(seat).is_some_and(|left| left < 0)
    }

    /// The seconds a person's seat has left on the decision it is making (the move's allowance and its
    /// reserve), if the game has a clock and that decision is running; bots play on no clock.
    pub fn time_left(&self, seat: Seat) -> Option<i64> {
        let s = self.seats.get(seat)?;
        let (clock, started) = (self.clock?, s.turn_started.filter(|_| s.bot.is_none())?);
        let allowed = clock.per_move_seconds.saturating_add(s.reserve_left.unwrap_or(0).max(0));
        Some(allowed.saturating_sub(now().saturating_sub(started)))
    }

    /// The bot to play now, if a bot seat must act: in a decision several seats make at once (Virgin Queen's
    /// Negotiations), the bots do not wait for the people.
    fn bot_to_act(&self, state: &AppState) -> Option<(Seat, &'static str)> {
        if !self.started || events::bots_held(state, self) {
            return None;
        }
        self.m.to_act().seats().iter().find_map(|&seat| {
            let level = BotLevel::named(self.seats.get(seat)?.bot.as_ref()?).ok()?;
            Some((seat, level.level))
        })
    }

    /// Why this game's bots cannot play, if one of its seats names a bot this server does not run.
    pub fn unplayable_bot(&self) -> Option<String> {
        self.seats.iter().find_map(|s| {
            let bot = s.bot.as_ref()?;
            BotLevel::named(bot)
                .err()
                .map(|why| format!("seat {} is played by a bot this server does not run: {why}", s.seat + 1))
        })
    }

    /// The log as `viewer` sees it, from step `from` on (1 is the first); built once by replaying the
    /// record, then kept up to date step by step.
    pub fn log(
        &mut self,
        viewer: Option<Seat>,
        from: usize,
        entry: &imperia_core::GameEntry,
    ) -> Result<Vec<PastStep>, TableError> {
        if !self.log.contains_key(&viewer) {
            let record = self.m.record();
            let viewer_of = viewer.map_or(Viewer::Spectator, Viewer::Seat);
            let seen = (entry.replay_as)(&record, &self.content, viewer_of, record.actions.len())
                .map_err(|e| TableError::Damaged { id: self.id, why: e.to_string() })?;
            let steps = seen.steps.into_iter().map(|s| PastStep::seen(s.step, s.seat, s.events, viewer)).collect();
            self.log.insert(viewer, steps);
        }
        let log = self.log.get(&viewer).map_or(&[][..], Vec::as_slice);
        Ok(log.iter().skip(from.saturating_sub(1)).cloned().collect())
    }

    /// Forget the kept logs: the game went back.
    pub(crate) fn forget_log(&mut self) {
        self.log.clear();
    }

    /// Bring the kept logs up to a step just taken, or forget them if the game went back.
    fn extend_logs(&mut self) {
        let Some((steps, recorded)) = self.m.last_recorded() else {
            self.log.clear();
            return;
        };
        let m = &self.m;
        self.log.retain(|viewer, log| {
            if log.len() + 1 != steps {
                return false;
            }
            let events = m.last_events(viewer.map_or(Viewer::Spectator, Viewer::Seat));
            log.push(PastStep::seen(steps, recorded.seat, events, *viewer));
            true
        });
    }
}

impl LiveGame {
    fn new(id: i64, m: Box<dyn imperia_core::DynMatch>, version: i64, table: Table) -> Self {
        let (watchers, acting) = (vec![0; table.seats.len()], m.to_act().seats().to_vec());
        let Table {
            seats,
            clock,
            created_by,
            started,
            content,
            chat,
            time_limit,
            rated,
            settled,
            created_at,
            rollback,
            rollbacks,
            migrations,
            bidding,
            invites,
        } = table;
        LiveGame {
            id,
            m,
            version,
            seats,
            changes: broadcast::channel(64).0,
            bots_running: false,
            clock,
            created_by,
            started,
            watchers,
            acting,
            content_notice: ContentNotice::of(&content),
            content,
            rated,
            settled,
            created_at,
            log: BTreeMap::new(),
            chat,
            time_limit,
            rollback,
            rollbacks,
            migrations,
            bidding,
            invites,
            limit_watched: false,
            positions: None,
            last_action: BTreeMap::new(),
        }
    }
}

/// Put a game in play.
pub(crate) async fn install_game(
    state: &AppState,
    id: i64,
    m: Box<dyn imperia_core::DynMatch>,
    version: i64,
    table: Table,
) -> Shared {
    let mut g = LiveGame::new(id, m, version, table);
    events::changed(state, &mut g);
    let game = Arc::new(Mutex::new(g));
    state.games.write().await.insert(id, game.clone());
    game
}

/// Who sits at a game, its clock, its creator, whether it has started, the content it is played with, what
/// was said, and the timed segment under way.
#[derive(Clone, Debug)]
pub struct Table {
    pub seats: Vec<SeatRow>,
    pub clock: Option<Clock>,
    pub created_by: i64,
    pub started: bool,
    pub content: DynContent,
    pub chat: Vec<ChatLine>,
    pub time_limit: Option<RunningLimit>,
    pub rated: bool,
    pub settled: bool,
    pub created_at: i64,
    pub rollback: Option<Proposal>,
    pub rollbacks: Vec<RolledBack>,
    pub migrations: Vec<Migration>,
    pub bidding: Option<crate::bidding::Bidding>,
    /// The open seats' invitation secrets, known only to the server that made them and until it stops:
    /// the store keeps their hashes ([`SeatRow::invite_hash`]).
    pub invites: BTreeMap<Seat, String>,
}

impl Table {
    pub fn of(row: &crate::store::GameRow, content: DynContent) -> Table {
        Table {
            seats: row.seats.clone(),
            clock: row.clock,
            created_by: row.created_by,
            started: row.started,
            content,
            chat: row.chat.clone(),
            time_limit: row.time_limit.clone(),
            rated: row.rated,
            settled: row.settled,
            created_at: row.created_at,
            rollback: saved_proposal(row),
            rollbacks: row.record.rollbacks.clone(),
            migrations: row.record.migrations.clone(),
            bidding: row.bidding.then(|| crate::bidding::Bidding { bids: row.bids.clone() }),
            invites: BTreeMap::new(),
        }
    }
}

/// The proposal to go back saved with a game; one that no longer reads is dropped (it only ever held for
/// a moment of the game).
fn saved_proposal(row: &crate::store::GameRow) -> Option<Proposal> {
    serde_json::from_str(row.rollback.as_deref()?).ok()
}

/// Put a new game in play, starting its first clock and telling its first player; a game already over
/// (an imported record) is finished at once.
pub async fn install(state: &AppState, id: i64, m: Box<dyn DynMatch>, version: i64, table: Table) -> Shared {
    let game = install_game(state, id, m, version, table).await;
    {
        let mut g = game.lock().await;
        g.acting.clear();
        after_change(state, &mut g);
        if g.m.to_act() == ToAct::Nobody {
            events::finished(state, &mut g).await;
        }
    }
    game
}

/// What a committed action did.
pub struct Committed {
    pub version: i64,
    pub events: Vec<String>,
    /// It had been done already: the same action, sent again for the version it was taken at.
    pub repeated: bool,
}

/// Apply `action` for `seat` if the game is at `version`: tried on a copy, stored, then made live and
/// announced. Nothing changes if any step fails. The seat's last action sent again for the same version
/// is answered as done (idempotent), not refused as stale: it was done.
pub async fn commit(
    state: &AppState,
    game: &Shared,
    seat: Seat,
    version: i64,
    action: &Value,
) -> Result<Committed, TableError> {
    let mut g = game.lock().await;
    catch_up(state, &mut g, version).await?;
    if !g.started {
        return Err(TableError::NotStarted);
    }
    if g.version != version {
        return match g.last_action.get(&seat) {
            Some((from, done, to)) if *from == version && done == action => {
                Ok(Committed { version: *to, events: Vec::new(), repeated: true })
            }
            _ => Err(g.stale_for(seat)),
        };
    }
    let events = store_step(state, &mut g, seat, action).await?;
    let made = g.version;
    g.last_action.insert(seat, (version, action.clone(), made));
    drop(g);
    spawn_bots(state.clone(), game.clone());
    Ok(Committed { version: made, events, repeated: false })
}

/// Before refusing a request because this server's memory says the game has not started or is at an
/// older version than the caller saw, read the database: another server sharing it may have started or
/// moved the game a moment ago, before its announcement arrived here. (A caller behind this server is
/// simply stale; re-reading then would only risk trading this server's clocks for ones not yet saved.)
pub(crate) async fn catch_up(state: &AppState, g: &mut LiveGame, version: i64) -> Result<(), TableError> {
    if g.started && version <= g.version {
        return Ok(());
    }
    refresh(state, g).await
}

/// Undo `seat`'s last step, if the game is at `version` and the engine allows it.
pub async fn undo(state: &AppState, game: &Shared, seat: Seat, version: i64) -> Result<i64, TableError> {
    let mut g = game.lock().await;
    catch_up(state, &mut g, version).await?;
    if g.version != version {
        return Err(g.stale_for(seat));
    }
    let mut next = g.m.boxed_clone();
    next.undo(seat).map_err(|e| TableError::Refused(e.to_string()))?;
    let idx = next.last_recorded().map_or(0, |(len, _)| len);
    match state.store.undo_action(g.id, g.version, idx).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(stale(state, &mut g, seat).await),
        Err(e) => return Err(not_stored(state, &mut g, e).await),
    }
    g.m = next;
    g.version += 1;
    g.forget_log();
    after_change(state, &mut g);
    Ok(g.version)
}

/// After a change: run the clocks, tell the viewers and the other servers, and notify players whose turn it
/// now is and who are not watching.
pub fn after_change(state: &AppState, g: &mut LiveGame) {
    events::changed(state, g);
    if !g.started {
        announce(state, g);
        return;
    }
    let to_act: Vec<Seat> = g.m.to_act().seats().to_vec();
    let stamp = now();
    let mut clocks = Vec::new();
    for &seat in g.acting.clone().iter().filter(|s| !to_act.contains(s)) {
        // The decision is made: charge the time over the allowance to the reserve.
        if let (Some(clock), Some(s)) = (g.clock, g.seats.get_mut(seat)) {
            let used = s.turn_started.map_or(0, |t| stamp.saturating_sub(t));
            let over = used.saturating_sub(clock.per_move_seconds).max(0);
            s.reserve_left = Some(s.reserve_left.unwrap_or(0).saturating_sub(over));
            s.turn_started = None;
            clocks.push(s.clone());
        }
    }
    for &seat in to_act.iter().filter(|s| !g.acting.contains(s)) {
        let Some(s) = g.seats.get_mut(seat) else { continue };
        if g.clock.is_some() {
            s.turn_started = Some(stamp);
            clocks.push(s.clone());
        }
        if let Some(user_id) = s.user_id.filter(|_| g.watchers.get(seat).copied().unwrap_or(0) == 0) {
            let decision = g.m.view(Viewer::Seat(seat)).get("decision").and_then(|d| d.as_str()).map(str::to_string);
            let message = format!(
                "Your turn in game {} ({}){}",
                g.id,
                g.m.game_id(),
                decision.map_or(String::new(), |d| format!(": {d}"))
            );
            notify_player(state, user_id, message);
        }
    }
    g.acting = to_act;
    announce_after(state, g, clocks);
}

/// Tell this server's viewers, then, once `clocks` are saved, the other servers on the database: a server
/// that reloads the game on the announcement finds its clocks as they are.
fn announce_after(state: &AppState, g: &LiveGame, clocks: Vec<SeatRow>) {
    let _ = g.changes.send(g.version);
    let (store, id) = (state.store.clone(), g.id);
    tokio::spawn(async move {
        for s in clocks {
            if let Err(e) = store.set_seat_clock(id, s.seat, s.reserve_left, s.turn_started).await {
                tracing::warn!("game {id}: clock not saved: {e}");
            }
        }
        if let Err(e) = store.notify(id).await {
            tracing::warn!("could not announce game {id}: {e}");
        }
    });
}

/// Post a Discord-compatible message to the player's webhook, if they set one (see [`crate::webhook`]: the
/// target is checked again on every delivery).
fn notify_player(state: &AppState, user_id: i64, message: String) {
    let (store, private) = (state.store.clone(), state.options.webhooks_to_private);
    tokio::spawn(async move {
        let Ok(Some(url)) = store.webhook(user_id).await else { return };
        if let Err(e) = crate::webhook::send(url, message, private).await {
            tracing::warn!("webhook of user {user_id} not delivered: {e}");
        }
    });
}

/// Tell this server's viewers, and the other servers on the database, that a game changed.
pub fn announce(state: &AppState, g: &LiveGame) {
    announce_after(state, g, Vec::new());
}

/// The database holds a newer version than this server's memory (another server sharing the database
/// moved the game on): reload it, tell the viewers, and answer the caller with the game as it now is.
async fn stale(state: &AppState, g: &mut LiveGame, seat: Seat) -> TableError {
    if let Err(e) = refresh(state, g).await {
        return e;
    }
    g.stale_for(seat)
}

/// A write failed: nothing is acknowledged, and the game in memory is brought back to what the database
/// holds (should the failed commit have reached the disk after all, the next action still sees it).
async fn not_stored(state: &AppState, g: &mut LiveGame, e: StoreError) -> TableError {
    if let Err(again) = refresh(state, g).await {
        tracing::warn!("game {}: not reloaded after a failed write: {again}", g.id);
    }
    e.into()
}

/// Rebuild a game from the database.
pub async fn refresh(state: &AppState, g: &mut LiveGame) -> Result<(), TableError> {
    let row = state.store.load_game(g.id).await?.ok_or(TableError::NoGame(g.id))?;
    if let Some(why) = row.broken {
        return Err(TableError::Damaged { id: g.id, why });
    }
    // Another server may have taken a chat line, or a proposal to go back, without moving the game.
    let proposal = saved_proposal(&row);
    if row.chat != g.chat || proposal != g.rollback {
        g.chat = row.chat;
        g.rollback = proposal;
        let _ = g.changes.send(g.version);
    }
    let bidding = row.bidding.then(|| crate::bidding::Bidding { bids: row.bids.clone() });
    if row.version == g.version && row.seats == g.seats && row.started == g.started && bidding == g.bidding {
        return Ok(());
    }
    let entry = state
        .registry
        .get(&row.record.game)
        .copied()
        .ok_or_else(|| TableError::Damaged { id: g.id, why: format!("no engine for `{}`", row.record.game) })?;
    g.m = (entry.replay)(&row.record, &g.content).map_err(|e| TableError::Damaged { id: g.id, why: e.to_string() })?;
    g.version = row.version;
    g.seats = row.seats;
    g.started = row.started;
    g.rollbacks = row.record.rollbacks;
    g.migrations = row.record.migrations;
    g.bidding = bidding;
    g.acting = g.m.to_act().seats().to_vec();
    g.forget_log();
    // A deadline another server saved holds for the segment the game is now in; a saved one may also lag
    // behind this server's memory (saves run in the background), so the engine decides.
    if let Some(saved) = row.time_limit.filter(|l| g.m.time_limit().is_some_and(|d| d.segment == l.segment)) {
        g.time_limit = Some(saved);
    }
    events::changed(state, g);
    let _ = g.changes.send(g.version);
    Ok(())
}

/// Play the game's bot seats until a human must act or the game ends, in the background; and tell the
/// features the game is playing (a clock of theirs may end a decision the bots wait for).
pub fn spawn_bots(state: AppState, game: Shared) {
    events::playing(&state, &game);
    tokio::spawn(async move {
        {
            let mut g = game.lock().await;
            if g.bots_running || g.bot_to_act(&state).is_none() {
                return;
            }
            g.bots_running = true;
        }
        let mut backoff = Duration::from_millis(500);
        loop {
            let (seat, version, key, thought, content) = {
                let g = game.lock().await;
                let Some((seat, level)) = g.bot_to_act(&state) else { break };
                // The bot's seed follows from the game and the moment, so a replay of the server would
                // make the same choices.
                let seed = g.m.record().seed ^ (g.version as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
                let thought = Thought::Move {
                    game: g.m.game_id().to_string(),
                    content: g.content.fingerprint().map(str::to_string),
                    level: level.to_string(),
                    seed,
                    seat,
                    view: g.m.view(Viewer::Seat(seat)),
                    legal: g.m.legal_actions(seat),
                };
                let key = format!("move:{}:{}:{seat}", g.id, g.version);
                (seat, g.version, key, thought, g.content.clone())
            };
            // Here, at most `bot_threads` searches run at once, whatever the number of games, bots before
            // help; or the workers think it.
            let action = match state.thinking.bot_move(&key, thought, content).await {
                Ok(Answer::Move(action)) => action,
                Ok(_) => {
                    tracing::error!("{key}: the answer was not a move");
                    break;
                }
                Err(e) => {
                    tracing::error!("{key}: the bot failed: {e}");
                    break;
                }
            };
            match commit_bot(&state, &game, seat, version, &action).await {
                Ok(()) => backoff = Duration::from_millis(500),
                // The database cannot store now (a full disk): wait, longer each time, rather than spin.
                Err(TableError::Store(e)) if e.is_unavailable() => {
                    tracing::warn!("bot move not stored; trying again in {backoff:?}");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(60));
                }
                // Another server sharing the database moved the game first: its announcement restarts the
                // bots here if they are still to play.
                Err(TableError::Stale { .. }) => break,
                Err(e) => {
                    tracing::warn!("{key}: bot move not taken: {e}");
                    break;
                }
            }
        }
        game.lock().await.bots_running = false;
    });
}

/// As [`commit`], without starting another bot task (the running one goes on).
async fn commit_bot(
    state: &AppState,
    game: &Shared,
    seat: Seat,
    version: i64,
    action: &Value,
) -> Result<(), TableError> {
    let mut g = game.lock().await;
    if g.version != version || events::bots_held(state, &g) {
        return Ok(());
    }
    store_step(state, &mut g, seat, action).await.map(|_| ())
}

/// Try `action` on a copy, store it, and make it live; the caller holds the game and has checked its
/// version. If another server got there first, the game is reloaded and the caller gets a conflict.
pub(crate) async fn store_step(
    state: &AppState,
    g: &mut LiveGame,
    seat: Seat,
    action: &Value,
) -> Result<Vec<String>, TableError> {
    let mut next = g.m.boxed_clone();
    let events = next.apply(seat, action).map_err(|e| refusal(state, next.game_id(), e))?;
    let Some((len, recorded)) = next.last_recorded() else {
        return Err(TableError::Refused("nothing was done".into()));
    };
    let finished = next.to_act() == ToAct::Nobody;
    match state.store.append_action(g.id, g.version, &recorded, len - 1, finished).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(stale(state, g, seat).await),
        Err(e) => return Err(not_stored(state, g, e).await),
    }
    g.m = next;
    g.version += 1;
    g.extend_logs();
    events::committed(state, g);
    if finished {
        events::finished(state, g).await;
    }
    after_change(state, g);
    Ok(events)
}

/// The engine's refusal as the table reports it: a rule broken leads to its section of the rules page.
fn refusal(state: &AppState, game: &str, e: MatchError) -> TableError {
    match e {
        MatchError::Rule(rule) => {
            TableError::Illegal { rule: state.rulebooks.link(game, &rule.rule), why: rule.to_string() }
        }
        e => TableError::Refused(e.to_string()),
    }
}

/// Load game `id` from the database into memory and start its bots. `None` if there is no such game or it
/// cannot be played, in which case it is marked broken, with the reason, in memory and in the database.
pub async fn load_one(state: &AppState, id: i64) -> Result<Option<Shared>, StoreError> {
    let mut row = match state.store.load_game(id).await {
        Ok(Some(row)) => row,
        Ok(None) => return Ok(None),
        Err(StoreError::Damaged(why)) => {
            mark_broken(state, id, &why).await;
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    if let Some(why) = &row.broken {
        state.broken.write().await.insert(id, why.clone());
        return Ok(None);
    }
    let Some(entry) = state.registry.get(&row.record.game).copied() else {
        mark_broken(state, id, &format!("this server has no game `{}`", row.record.game)).await;
        return Ok(None);
    };
    let content = match state.content.get(&state.store, &entry, row.record.content.as_deref()).await {
        Ok(content) => content,
        Err(e) => {
            mark_broken(state, id, &format!("its content cannot be loaded: {e}")).await;
            return Ok(None);
        }
    };
    // A game made under earlier rules is played again under today's, and kept so.
    let m = match (entry.migrate)(&row.record, &content) {
        Ok((m, None)) => m,
        Ok((m, Some(migration))) => {
            let (record, finished) = (m.record(), m.to_act() == ToAct::Nobody);
            match crate::rules_change::keep(state, &mut row, record, finished, migration).await {
                Ok(()) => m,
                // Another server kept it first: load it as that server left it.
                Err(StoreError::Conflict) => return Box::pin(load_one(state, id)).await,
                Err(e) => return Err(e),
            }
        }
        Err(e) => {
            mark_broken(state, id, &format!("its record no longer replays: {e}")).await;
            return Ok(None);
        }
    };
    let table = Table::of(&row, content);
    let game = install_game(state, row.id, m, row.version, table).await;
    // A game that ended while the server stopped half-way through its end is finished now.
    {
        let mut g = game.lock().await;
        if g.m.to_act() == ToAct::Nobody {
            events::finished(state, &mut g).await;
        }
    }
    let unplayable = game.lock().await.unplayable_bot();
    if let Some(why) = unplayable {
        state.games.write().await.remove(&id);
        mark_broken(state, id, &why).await;
        return Ok(None);
    }
    spawn_bots(state.clone(), game.clone());
    Ok(Some(game))
}

async fn mark_broken(state: &AppState, id: i64, why: &str) {
    tracing::error!("game {id} is damaged and left out: {why}");
    state.broken.write().await.insert(id, why.to_string());
    if let Err(e) = state.store.mark_broken(id, why).await {
        tracing::warn!("game {id}: could not note that it is damaged: {e}");
    }
}
