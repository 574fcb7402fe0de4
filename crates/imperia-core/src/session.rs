//! [`Match`]: a game in progress, with its record, and with commit points and undo enforced here rather
//! than in any user interface.
//!
//! A step is a *commit point* when it drew from the game's generator (seen here, by the generator's
//! position), when the game says it revealed a secret, or when it changes who must decide. A seat may undo
//! its own steps back to the last commit point and no further. Going back further takes every seat's
//! consent, which hosts collect: [`Match::revealed_after`] tells them whether something hidden has come to
//! light since, so that everyone agrees knowing it.
//!
//! A record made under an earlier rules version is played again under the rules of today
//! ([`Match::migrate`]): its [`Migration`] says what changed, the first step at which the game now differs
//! from the one recorded (by the state hash), and which actions, if any, the new rules refuse — those are set
//! aside, kept and never lost, and the game goes on from the last action that still stands.

use serde::{Serialize, de::DeserializeOwned};

use crate::content::ContentSet;
use crate::game::{Game, RuleError, Seat, SetupError, Step, ToAct};
use crate::record::{Migration, Record, RecordedAction, RefusedStep, hash_hex, state_hash};

/// Why a match refused a request.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("it is not seat {seat}'s decision now")]
    NotYourTurn { seat: Seat },
    #[error("the game is over")]
    GameOver,
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("nothing to undo: seat {seat} has taken no step since the last commit point")]
    NothingToUndo { seat: Seat },
    #[error("this record is for game `{found}`, not `{expected}`")]
    WrongGame { expected: String, found: String },
    #[error(
        "this record was made under rules version {found}; this engine plays version {expected}{}",
        if .found < .expected { " (replaying it plays it again under the new rules and says where the two differ)" } else { "" }
    )]
    WrongRulesVersion { expected: u32, found: u32 },
    #[error(
        "this record was played with {}, not with {}; replay it with the files it was played with (`--content <dir>`)",
        content_name(.found),
        content_name(.expected)
    )]
    WrongContent { expected: Option<String>, found: Option<String> },
    #[error("the config is not valid for this game: {0}")]
    BadConfig(String),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("action {index} of the record cannot be read: {message}")]
    BadAction { index: usize, message: String },
    #[error("action {index} of the record was refused: {source}")]
    Refused { index: usize, source: Box<MatchError> },
    #[error("action number {number} is out of range: this game numbers its actions below {space}")]
    NumberOutOfRange { number: usize, space: usize },
    #[error("action number {number} names no action of seat {seat} in this position")]
    NumberNamesNothing { seat: Seat, number: usize },
    #[error("`{action}` has no action number for seat {seat} in this position")]
    Unnumbered { seat: Seat, action: String },
    #[error("replay diverged at action {index}: the record says state {expected}, the replay reached {found}")]
    HashMismatch { index: usize, expected: String, found: String },
}

/// One step of a match: who did what, and the hash of the state it led to.
#[derive(Clone, Debug, PartialEq)]
pub struct Played<G: Game> {
    pub seat: Seat,
    pub action: G::Action,
    pub hash: u64,
    /// The step drew from the game's generator or revealed a secret: after it, someone knows what they
    /// did not know before.
    pub revealed: bool,
}

/// A game being played: state, history and undo stack.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    state: G,
    config: G::Config,
    seed: u64,
    history: Vec<Played<G>>,
    /// States before each step taken since the last commit point, with the seat that took it.
    undo: Vec<(Seat, G)>,
    /// Events of the last step.
    last_events: Vec<G::Event>,
}

impl<G: Game> Match<G> {
    /// A new game with the shipped content.
    pub fn new(config: G::Config, seed: u64) -> Result<Self, MatchError> {
        Self::with_content(config, &ContentSet::shipped(), seed)
    }

    /// A new game played with `content`.
    pub fn with_content(config: G::Config, content: &ContentSet<G::Content>, seed: u64) -> Result<Self, MatchError> {
        let state = G::setup(&config, content, seed)?;
        Ok(Match { state, config, seed, history: Vec::new(), undo: Vec::new(), last_events: Vec::new() })
    }

    /// A match from `state`, a position sampled for a search over what a seat cannot see
    /// ([`Game::determinize`]). It has no history, and its record would not lead to `state`: hosts keep none.
    pub fn from_sample(state: G) -> Self {
        let config = state.config().clone();
        Match { state, config, seed: 0, history: Vec::new(), undo: Vec::new(), last_events: Vec::new() }
    }

    /// Rebuild a game played with the shipped content from its record, checking every recorded state hash.
    pub fn replay(record: &Record) -> Result<Self, MatchError> {
        Self::replay_with(record, &ContentSet::shipped(), |_, _, _| {})
    }

    /// Rebuild a game from its record with `content`, which must be the set it was played with, calling
    /// `each(index, match, step)` after every action.
    pub fn replay_with(
        record: &Record,
        content: &ContentSet<G::Content>,
        mut each: impl FnMut(usize, &Self, &Step<G::Event>),
    ) -> Result<Self, MatchError> {
        if record.rules_version != G::RULES_VERSION {
            Self::check_record(record, content)?;
            return Err(MatchError::WrongRulesVersion { expected: G::RULES_VERSION, found: record.rules_version });
        }
        let mut m = Self::start_record(record, content)?;
        let _scope = content.enter();
        for (index, recorded) in record.actions.iter().enumerate() {
            let step = m.apply_recorded(index, recorded)?;
            let found = m.history.last().map(|p| hash_hex(p.hash)).unwrap_or_default();
            // A record without hashes replays unverified; hosts say so ([`Record::unverified_warning`]).
            if !recorded.hash.is_empty() && found != recorded.hash {
                return Err(MatchError::HashMismatch { index, expected: recorded.hash.clone(), found });
            }
            each(index, &m, &step);
        }
        Ok(m)
    }

    /// Rebuild a game from its record as [`Match::replay_with`] does, and a record made under an earlier
    /// rules version too: that one is played again under today's rules, and its [`Migration`] says how it
    /// went. A record of a later version than this engine's is refused.
    pub fn migrate(record: &Record, content: &ContentSet<G::Content>) -> Result<(Self, Option<Migration>), MatchError> {
        if record.rules_version >= G::RULES_VERSION {
            return Ok((Self::replay_with(record, content, |_, _, _| {})?, None));
        }
        let mut m = Self::start_record(record, content)?;
        let _scope = content.enter();
        let mut migration = Migration {
            from: record.rules_version,
            to: G::RULES_VERSION,
            changes: G::RULES_CHANGES
                .iter()
                .filter(|(version, _)| *version > record.rules_version)
                .map(|(_, change)| change.to_string())
                .collect(),
            replayed: 0,
            first_difference: None,
            refused: None,
            set_aside: Vec::new(),
        };
        for (index, recorded) in record.actions.iter().enumerate() {
            if let Err(e) = m.apply_recorded(index, recorded) {
                let why = match e {
                    MatchError::Refused { source, .. } => source.to_string(),
                    e => e.to_string(),
                };
                migration.refused = Some(RefusedStep { index, why });
                migration.set_aside = record.actions[index..].to_vec();
                break;
            }
            migration.replayed += 1;
            let found = m.history.last().map(|p| hash_hex(p.hash)).unwrap_or_default();
            if migration.first_difference.is_none() && !recorded.hash.is_empty() && found != recorded.hash {
                migration.first_difference = Some(index);
            }
        }
        if migration.refused.is_some() && migration.first_difference.is_none() {
            migration.first_difference = Some(migration.replayed);
        }
        Ok((m, Some(migration)))
    }

    /// The game, content and config a record names, checked; the content is `content`.
    fn check_record(record: &Record, content: &ContentSet<G::Content>) -> Result<(), MatchError> {
        if record.game != G::ID {
            return Err(MatchError::WrongGame { expected: G::ID.into(), found: record.game.clone() });
        }
        if record.content.as_deref() != content.fingerprint() {
            let expected = content.fingerprint().map(str::to_string);
            return Err(MatchError::WrongContent { expected, found: record.content.clone() });
        }
        Ok(())
    }

    /// A new game set up as `record` was, before its first action.
    fn start_record(record: &Record, content: &ContentSet<G::Content>) -> Result<Self, MatchError> {
        Self::check_record(record, content)?;
        // The recorded actions name the content's entries by id.
        let _scope = content.enter();
        let config: G::Config = from_value(&record.config).map_err(MatchError::BadConfig)?;
        Self::with_content(config, content, record.seed)
    }

    /// Take the record's action `index`.
    fn apply_recorded(&mut self, index: usize, recorded: &RecordedAction) -> Result<Step<G::Event>, MatchError> {
        let action: G::Action =
            from_value(&recorded.action).map_err(|message| MatchError::BadAction { index, message })?;
        self.apply(recorded.seat, &action).map_err(|e| MatchError::Refused { index, source: Box::new(e) })
    }

    /// The current state. Only tests, replays and the conformance harness look at it whole; players and
    /// bots get views.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The content the game is played with.
    pub fn content(&self) -> &ContentSet<G::Content> {
        self.state.content()
    }

    /// Put this game's content in scope on this thread while the guard lives, for reading and writing its
    /// values ([`ContentSet::enter`]).
    pub fn enter(&self) -> crate::content::ContentScope {
        self.state.content().enter()
    }

    /// The record so far, as JSON-ready data.
    pub fn record(&self) -> Record {
        let _scope = self.enter();
        Record {
            game: G::ID.to_string(),
            rules_version: G::RULES_VERSION,
            config: to_json(&self.config),
            seed: self.seed,
            content: self.content().fingerprint().map(str::to_string),
            content_files: self
                .content()
                .files()
                .replaced_texts()
                .into_iter()
                .map(|(name, text)| (name.to_string(), text.to_string()))
                .collect(),
            actions: self
                .history
                .iter()
                .map(|p| RecordedAction { seat: p.seat, action: to_json(&p.action), hash: hash_hex(p.hash) })
                .collect(),
            rollbacks: Vec::new(),
            migrations: Vec::new(),
        }
    }

    /// Every step so far.
    pub fn history(&self) -> &[Played<G>] {
        &self.history
    }

    /// How many steps `seat` could undo now, back to the last commit point: its own latest steps (where
    /// several seats decide at once, another seat's step in between stops the undo there).
    pub fn undo_depth(&self, seat: Seat) -> usize {
        self.undo.iter().rev().take_while(|(s, _)| *s == seat).count()
    }

    /// Events of the last step.
    pub fn last_events(&self) -> &[G::Event] {
        &self.last_events
    }

    /// Apply `action` for `seat`; on any error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &G::Action) -> Result<Step<G::Event>, MatchError> {
        let before_to_act = self.state.to_act();
        match &before_to_act {
            ToAct::Nobody => return Err(MatchError::GameOver),
            t if !t.includes(seat) => return Err(MatchError::NotYourTurn { seat }),
            _ => {}
        }
        // A refusal and the state hash write the content's ids.
        let _scope = self.enter();
        let before = self.state.clone();
        let step = self.state.apply(seat, action)?;
        let drew = draws(&before) != draws(&self.state);
        let revealed = step.commit || drew;
        let commit = revealed || self.state.to_act() != before_to_act;
        if commit {
            self.undo.clear();
        } else {
            self.undo.push((seat, before));
        }
        self.history.push(Played { seat, action: action.clone(), hash: state_hash(&self.state), revealed });
        self.last_events = step.events.clone();
        Ok(step)
    }

    /// The first step after the first `steps` that brought something hidden to light (its number, 1 for
    /// the record's first action), if any: returning to step `steps` would leave someone knowing it.
    pub fn revealed_after(&self, steps: usize) -> Option<usize> {
        self.history.iter().enumerate().skip(steps).find(|(_, p)| p.revealed).map(|(i, _)| i + 1)
    }

    /// Whether `seat` may undo now.
    pub fn can_undo(&self, seat: Seat) -> bool {
        matches!(self.undo.last(), Some((s, _)) if *s == seat)
    }

    /// Undo `seat`'s last step, if it came after the last commit point.
    pub fn undo(&mut self, seat: Seat) -> Result<(), MatchError> {
        if !self.can_undo(seat) {
            return Err(MatchError::NothingToUndo { seat });
        }
        if let Some((_, before)) = self.undo.pop() {
            self.state = before;
            self.history.pop();
            self.last_events.clear();
        }
        Ok(())
    }
}

/// How far a state's generator has run: a step that changes it drew randomness.
pub(crate) fn draws<G: Game>(state: &G) -> Option<u128> {
    state.rng().map(|r| r.get_word_pos())
}

/// How [`MatchError::WrongContent`] names a content fingerprint.
fn content_name(fingerprint: &Option<String>) -> String {
    match fingerprint {
        None => "the shipped content".into(),
        Some(f) => format!("replaced content ({f})"),
    }
}

fn from_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, String> {
    T::deserialize(value).map_err(|e| e.to_string())
}

/// JSON of anything serialisable; game types are plain data, so this only fails on a bug.
pub(crate) fn to_json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
