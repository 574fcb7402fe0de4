//! A game at the server's table, and what the features know of it: [`LiveGame`] (a game in memory), what
//! each viewer receives of it ([`GameState`]), what the handlers share ([`AppState`]), why the game layer
//! says no ([`TableError`]), and the [`Feature`] contract: the events of a game's life a feature is told of
//! ([`crate::events`] tells them), its part of the game ([`Parts`]), and its part of each viewer's state.
//!
//! This module names no feature, and imports neither `live` nor any feature: they build on it.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use imperia_core::{ActionChoice, DynContent, DynMatch, Record, Seat, ToAct, Viewer};
use serde::Serialize;
use serde_json::{Map, Value};
use tokio::sync::{Mutex, RwLock, broadcast};

use crate::auth::Passwords;
use crate::content::{ContentError, ContentNotice};
use crate::limits::{Limiters, Limits};
use crate::parts::{Parts, ServerParts};
use crate::store::{Clock, GameRow, SeatRow, Store, StoreError, now};

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
    /// The game counts for ratings; its result is settled.
    pub rated: bool,
    pub settled: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Each viewer's log so far, once asked for: kept step by step, so the log is never replayed twice.
    log: BTreeMap<Option<Seat>, Vec<PastStep>>,
    /// The open seats' invitation secrets, for the creator's answers: known only to the server that made
    /// them and until it stops (the store keeps their hashes, [`SeatRow::invite_hash`]).
    pub invites: BTreeMap<Seat, String>,
    /// What each feature keeps of the game ([`crate::events`]): this module never looks inside.
    pub parts: Parts,
    /// The features told of the game's events, which add their parts to each viewer's state.
    features: &'static [&'static dyn Feature],
    /// Each seat's last action taken here: the version it was sent for, the action, and the version it
    /// made. The same action sent again for the same version (a double click, a second tab) is that one.
    pub(crate) last_action: BTreeMap<Seat, (i64, Value, i64)>,
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
    /// What the features keep for the whole server ([`ServerParts`]).
    pub parts: ServerParts,
    /// What the server does at each event of a game's life, besides playing it ([`crate::FEATURES`]).
    pub features: &'static [&'static dyn Feature],
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
    /// The player is a bot account (a program, `crate::bot_accounts`): its owner's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_owner: Option<String>,
    /// A bot account forfeited the seat, and `bot` plays it on: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
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
    /// Once the game is over: why it ended (`reason`, a sentence) and each seat's score taken apart
    /// (`parts`, per seat `{label, points}`, adding up to its score).
    #[schema(value_type = Option<Object>)]
    pub ending: Option<imperia_core::Ending>,
    /// The replaced content the game is played with, and every entry that differs from the shipped
    /// content; absent for the shipped content.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<ContentNotice>,
    /// The features' fields ([`Feature::view`]), each described by its feature: `chat` (`ChatView`s: the
    /// newest lines this viewer may read), `time_limit` (`TimeLimitView`: the segment the rules time, while
    /// one runs) and `private_talk_closed` (why no private channel may be used now, absent when they may);
    /// `rollback` (the open `Proposal` to go back) and `rollbacks` (`RollbackView`s, those agreed);
    /// `rules_changes` (`RulesChangeView`s); `bid` (`BidView`, in a game whose sides are bid for).
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub features: Map<String, Value>,
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
                    bot_owner: s.bot_owner.clone(),
                    forfeit: s.forfeit.clone(),
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
            ending: self.m.ending(),
            content: self.content_notice.clone(),
            features: {
                let mut out = Map::new();
                for feature in self.features {
                    feature.view(self, seat, &mut out);
                }
                out
            },
        }
    }

    /// The engine's prompt once the game has started; before, what the start waits for.
    fn prompt(&self, viewer: Viewer) -> String {
        if self.started {
            self.m.prompt(viewer)
        } else if self.seats.iter().any(|s| s.user_id.is_none() && s.bot.is_none()) {
            "Waiting for players to take the open seats".into()
        } else if let Some(waiting) = self.features.iter().find_map(|f| f.start_waits_for(self)) {
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

    /// The game's record, as exported: the engine's, with what the features keep in it (the rollbacks
    /// agreed, the changes of rules).
    pub fn record(&self) -> imperia_core::Record {
        let mut record = self.m.record();
        for feature in self.features {
            feature.record(self, &mut record);
        }
        record
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
    pub(crate) fn extend_logs(&mut self) {
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
    /// Game `row` as the database holds it, played to `m` with `content`; `invites` are the open seats'
    /// secrets, when this server has just made them.
    pub(crate) fn new(
        state: &AppState,
        row: &GameRow,
        m: Box<dyn DynMatch>,
        content: DynContent,
        invites: BTreeMap<Seat, String>,
    ) -> Self {
        LiveGame {
            id: row.id,
            version: row.version,
            seats: row.seats.clone(),
            changes: broadcast::channel(64).0,
            bots_running: false,
            clock: row.clock,
            created_by: row.created_by,
            started: row.started,
            watchers: vec![0; row.seats.len()],
            acting: m.to_act().seats().to_vec(),
            m,
            content_notice: ContentNotice::of(&content),
            content,
            rated: row.rated,
            settled: row.settled,
            created_at: row.created_at,
            log: BTreeMap::new(),
            invites,
            parts: Parts::default(),
            features: state.features,
            last_action: BTreeMap::new(),
        }
    }
}

/// Work a feature does on an event before the game goes on.
pub type Then<'a, T = ()> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a feature does at each event of a game's life; by default, nothing.
pub trait Feature: Send + Sync {
    /// The game was read from the database: when it is put in play (`moved` is true) and whenever it is
    /// read again (another server may have changed it; `moved` says whether its record or seats did).
    /// Returns whether the feature's part changed, so that the viewers must be told.
    fn read(&self, _row: &GameRow, _g: &mut LiveGame, _moved: bool) -> bool {
        false
    }

    /// The game changed (a step, an undo, the start, a seat, a change another server made) or was put in
    /// play, and its viewers are about to be told.
    fn changed(&self, _state: &AppState, _g: &mut LiveGame) {}

    /// A step was stored.
    fn committed(&self, _g: &mut LiveGame) {}

    /// The game is over: told after its last step, and again whenever a finished game is loaded (so a
    /// feature that was stopped half-way finishes its part).
    fn finished<'a>(&'a self, _state: &'a AppState, _g: &'a mut LiveGame) -> Then<'a> {
        Box::pin(async {})
    }

    /// The game's bots are set going (on load, after each change): a feature that runs a clock of its own
    /// starts it here.
    fn playing(&self, _state: &AppState, _game: &Shared) {}

    /// A second went by (the server tells every game each second): a feature whose deadlines are read off the wall clock acts on them here.
    /// Returns whether the game moved on, so that its bots must be set going.
    fn tick<'a>(&'a self, _state: &'a AppState, _g: &'a mut LiveGame) -> Then<'a, bool> {
        Box::pin(async { false })
    }

    /// Whether the game's bots must wait rather than move the game on.
    fn holds_bots(&self, _g: &LiveGame) -> bool {
        false
    }

    /// Before the start, with every seat taken: what the start waits for besides its creator, if anything.
    fn start_waits_for(&self, _g: &LiveGame) -> Option<String> {
        None
    }

    /// Add what the feature keeps of the game to its `record`, as exported.
    fn record(&self, _g: &LiveGame, _record: &mut Record) {}

    /// Add what `viewer` (a seat, or `None` for a spectator) is shown of the feature to the viewer's state:
    /// fields of its own, which no other feature writes.
    fn view(&self, _g: &LiveGame, _viewer: Option<Seat>, _out: &mut Map<String, Value>) {}
}
