//! The type-erased layer: a [`DynMatch`] is any game's [`Match`] behind JSON, and the [`Registry`] finds a
//! game by its id. The CLI and the server host games only through this module, so adding a game means
//! adding one [`GameEntry`] to the registry and nothing else. An entry also carries what a host needs
//! beyond playing: the game's content files and their loading into a [`DynContent`], its content report and
//! printed board for clients that draw it, and [`Seen`], a record replayed as one viewer saw it (the log and
//! the replay slider of the web page).

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::content::{ContentFiles, ContentReport, ContentSet, GameContent};
use crate::game::{Ending, Game, Outcome, Seat, TimeLimit, ToAct, Viewer};
use crate::options::{GameOption, check_options, options_schema};
use crate::record::{Migration, Record, RecordedAction, state_hash};
use crate::rng::seeded;
use crate::session::{Match, MatchError, to_json};

/// One legal action, as JSON and in plain words, with the board pieces it touches ([`Game::targets`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionChoice {
    pub action: Value,
    pub label: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
}

/// A match of some game, driven through JSON.
pub trait DynMatch: Send {
    fn game_id(&self) -> &'static str;
    fn seats(&self) -> usize;
    /// The game's config (player count and variant options), as JSON.
    fn config(&self) -> Value;
    fn to_act(&self) -> ToAct;
    /// See [`Game::prompt`].
    fn prompt(&self, viewer: Viewer) -> String;
    fn legal_actions(&self, seat: Seat) -> Vec<ActionChoice>;
    /// Apply a JSON action; returns the step's events as the acting seat sees them, in plain words.
    fn apply(&mut self, seat: Seat, action: &Value) -> Result<Vec<String>, MatchError>;
    /// How many action numbers the game has ([`Game::action_space`]): every number below it may name an
    /// action, and none at or above it does.
    fn action_space(&self) -> usize;
    /// The numbers of `seat`'s legal actions, ascending, one per legal action ([`crate::numbering`]).
    fn legal_numbers(&self, seat: Seat) -> Vec<usize>;
    /// The number of a JSON action for `seat` in this position.
    fn action_number(&self, seat: Seat, action: &Value) -> Result<usize, MatchError>;
    /// The JSON action numbered `number` for `seat` in this position (it may be illegal now).
    fn numbered_action(&self, seat: Seat, number: usize) -> Result<Value, MatchError>;
    /// [`DynMatch::apply`] of the action numbered `number`.
    fn apply_number(&mut self, seat: Seat, number: usize) -> Result<Vec<String>, MatchError>;
    fn can_undo(&self, seat: Seat) -> bool;
    /// [`Match::revealed_after`].
    fn revealed_after(&self, steps: usize) -> Option<usize>;
    fn undo(&mut self, seat: Seat) -> Result<(), MatchError>;
    fn view(&self, viewer: Viewer) -> Value;
    /// The observation tensor's parts ([`Game::observation_parts`]): a name and a shape each.
    fn observation_parts(&self) -> Vec<(String, Vec<usize>)>;
    /// What `viewer` sees as a flat vector of numbers of the parts' total length ([`Game::observe`]).
    fn observation(&self, viewer: Viewer) -> Vec<f32>;
    /// The last step's events as `viewer` may see them, in plain words said to `viewer` ("You buy …").
    fn last_events(&self, viewer: Viewer) -> Vec<String>;
    /// The last step's events as `seat` saw them, told as a spectator reads them ("Britain draws Acts of
    /// Union"): how a replay of a whole record tells each step, as the seat that took it knew it.
    fn last_events_of(&self, seat: Seat) -> Vec<String>;
    /// A terminal summary of the position for `viewer`.
    fn summary(&self, viewer: Viewer) -> String;
    /// See [`Game::seat_name`].
    fn seat_name(&self, seat: Seat) -> String;
    fn outcome(&self) -> Option<Outcome>;
    /// [`Game::ending`]: why the game ended and each score's parts, once it is over.
    fn ending(&self) -> Option<Ending>;
    fn record(&self) -> Record;
    /// The last step of the record (cheaper than the whole record) and how many steps there are.
    fn last_recorded(&self) -> Option<(usize, RecordedAction)>;
    fn state_hash(&self) -> u64;
    /// See [`Game::has_hidden_information`].
    fn has_hidden_information(&self) -> bool;
    /// The fingerprint of the content the game is played with; `None` for the shipped content.
    fn content_fingerprint(&self) -> Option<String>;
    /// An independent copy, to try an action on before committing it.
    fn boxed_clone(&self) -> Box<dyn DynMatch>;
    /// A copy of the bare state played on to the end with uniformly random legal actions chosen by a
    /// generator seeded by `seed` (the game's own dice and decks go on as they would): a rollout at the
    /// engine's speed. The match itself does not change.
    fn random_playout(&self, seed: u64) -> Result<Playout, MatchError>;
    /// A position `seat` cannot tell from this one: what is hidden from it drawn afresh with a generator
    /// seeded by `seed` ([`Game::determinize`]), as information-set search wants. It has no history, and
    /// its record is not one of it ([`Match::from_sample`]).
    fn resampled(&self, seat: Seat, seed: u64) -> Box<dyn DynMatch>;
    /// The segment under way that the rules time, with its expiry actions as JSON (see
    /// [`Game::time_limit`](crate::Game::time_limit)).
    fn time_limit(&self) -> Option<TimeLimit<Value>>;
    /// Whether private channels are open now; the refusal in words if not.
    fn private_talk(&self) -> Result<(), String>;
}

// Every method that reads or writes the game's values (JSON, plain words) does so with the game's own
// content in scope, so that ids are those of the set it is played with.

impl<G: Game> DynMatch for Match<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn seats(&self) -> usize {
        self.state().seats()
    }

    fn config(&self) -> Value {
        let _scope = self.enter();
        to_json(self.state().config())
    }

    fn to_act(&self) -> ToAct {
        self.state().to_act()
    }

    fn prompt(&self, viewer: Viewer) -> String {
        let _scope = self.enter();
        self.state().prompt(viewer)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<ActionChoice> {
        let _scope = self.enter();
        let state = self.state();
        state
            .legal_actions(seat)
            .into_iter()
            .map(|a| ActionChoice { label: state.describe(&a), targets: state.targets(&a), action: to_json(&a) })
            .collect()
    }

    fn apply(&mut self, seat: Seat, action: &Value) -> Result<Vec<String>, MatchError> {
        let _scope = self.enter();
        let action = self.read_action(action)?;
        self.apply_seen(seat, &action)
    }

    fn action_space(&self) -> usize {
        self.state().action_space()
    }

    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        self.state().legal_numbers(seat)
    }

    fn action_number(&self, seat: Seat, action: &Value) -> Result<usize, MatchError> {
        let _scope = self.enter();
        let action = self.read_action(action)?;
        self.state()
            .action_number(seat, &action)
            .ok_or_else(|| MatchError::Unnumbered { seat, action: self.state().describe(&action) })
    }

    fn numbered_action(&self, seat: Seat, number: usize) -> Result<Value, MatchError> {
        let _scope = self.enter();
        self.action_numbered(seat, number).map(|a| to_json(&a))
    }

    fn apply_number(&mut self, seat: Seat, number: usize) -> Result<Vec<String>, MatchError> {
        let _scope = self.enter();
        let action = self.action_numbered(seat, number)?;
        self.apply_seen(seat, &action)
    }

    fn can_undo(&self, seat: Seat) -> bool {
        Match::can_undo(self, seat)
    }

    fn undo(&mut self, seat: Seat) -> Result<(), MatchError> {
        Match::undo(self, seat)
    }

    fn revealed_after(&self, steps: usize) -> Option<usize> {
        Match::revealed_after(self, steps)
    }

    fn view(&self, viewer: Viewer) -> Value {
        let _scope = self.enter();
        to_json(&self.state().view(viewer))
    }

    fn observation_parts(&self) -> Vec<(String, Vec<usize>)> {
        let _scope = self.enter();
        self.state().observation_parts().into_iter().map(|(name, shape)| (name.to_string(), shape)).collect()
    }

    fn observation(&self, viewer: Viewer) -> Vec<f32> {
        let _scope = self.enter();
        crate::observation::of(self.state(), viewer)
    }

    fn last_events(&self, viewer: Viewer) -> Vec<String> {
        let _scope = self.enter();
        lines_seen(self.state(), Match::last_events(self), viewer, viewer)
    }

    fn last_events_of(&self, seat: Seat) -> Vec<String> {
        let _scope = self.enter();
        lines_seen(self.state(), Match::last_events(self), Viewer::Seat(seat), Viewer::Spectator)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.enter();
        self.state().summary(viewer)
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.state().seat_name(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    fn ending(&self) -> Option<Ending> {
        let _scope = self.enter();
        self.state().ending()
    }

    fn record(&self) -> Record {
        Match::record(self)
    }

    fn last_recorded(&self) -> Option<(usize, RecordedAction)> {
        let _scope = self.enter();
        let history = self.history();
        let last = history.last()?;
        Some((
            history.len(),
            RecordedAction { seat: last.seat, action: to_json(&last.action), hash: crate::record::hash_hex(last.hash) },
        ))
    }

    fn state_hash(&self) -> u64 {
        let _scope = self.enter();
        state_hash(self.state())
    }

    fn has_hidden_information(&self) -> bool {
        self.state().has_hidden_information()
    }

    fn content_fingerprint(&self) -> Option<String> {
        self.content().fingerprint().map(str::to_string)
    }

    fn boxed_clone(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }

    fn random_playout(&self, seed: u64) -> Result<Playout, MatchError> {
        let _scope = self.enter();
        play_out(&mut self.state().clone(), seed)
    }

    fn resampled(&self, seat: Seat, seed: u64) -> Box<dyn DynMatch> {
        let _scope = self.enter();
        let view = self.state().view(Viewer::Seat(seat));
        Box::new(Match::from_sample(G::determinize(&view, self.content(), &mut seeded(seed))))
    }

    fn private_talk(&self) -> Result<(), String> {
        let _scope = self.enter();
        self.state().private_talk().map_err(|e| e.to_string())
    }

    fn time_limit(&self) -> Option<TimeLimit<Value>> {
        let _scope = self.enter();
        let limit = self.state().time_limit()?;
        Some(TimeLimit {
            segment: limit.segment,
            seconds: limit.seconds,
            expiry: limit.expiry.iter().map(|(seat, a)| (*seat, to_json(a))).collect(),
        })
    }
}

/// What the JSON and numbered entry points of [`DynMatch`] share; each is called with the content in scope.
impl<G: Game> Match<G> {
    fn read_action(&self, action: &Value) -> Result<G::Action, MatchError> {
        G::Action::deserialize(action)
            .map_err(|e| MatchError::BadAction { index: self.history().len(), message: e.to_string() })
    }

    /// Apply `action`; the step's events as `seat` sees them, in plain words.
    fn apply_seen(&mut self, seat: Seat, action: &G::Action) -> Result<Vec<String>, MatchError> {
        let step = Match::apply(self, seat, action)?;
        let viewer = Viewer::Seat(seat);
        Ok(lines_seen(self.state(), &step.events, viewer, viewer))
    }

    fn action_numbered(&self, seat: Seat, number: usize) -> Result<G::Action, MatchError> {
        let space = self.state().action_space();
        if number >= space {
            return Err(MatchError::NumberOutOfRange { number, space });
        }
        self.state().numbered_action(seat, number).ok_or(MatchError::NumberNamesNothing { seat, number })
    }
}

/// One loaded content set of some game ([`ContentSet`] behind a type-erased handle): what a host keeps, by
/// game and fingerprint, to start and replay that game's matches with.
#[derive(Clone)]
pub struct DynContent {
    game: &'static str,
    fingerprint: Option<String>,
    files: ContentFiles,
    set: Arc<dyn Any + Send + Sync>,
}

impl DynContent {
    fn of<G: Game>(set: ContentSet<G::Content>) -> Self {
        DynContent {
            game: G::ID,
            fingerprint: set.fingerprint().map(str::to_string),
            files: set.files().clone(),
            set: Arc::new(set),
        }
    }

    /// The game whose content this is.
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// `None` for the shipped content ([`ContentSet::fingerprint`]).
    pub fn fingerprint(&self) -> Option<&str> {
        self.fingerprint.as_deref()
    }

    /// The files the set was read from.
    pub fn files(&self) -> &ContentFiles {
        &self.files
    }

    /// The typed set, if this is `G`'s content.
    pub fn set<G: Game>(&self) -> Result<ContentSet<G::Content>, MatchError> {
        self.set.downcast_ref::<ContentSet<G::Content>>().cloned().ok_or_else(|| {
            MatchError::BadConfig(format!("content of `{}` was given to a game of `{}`", self.game, G::ID))
        })
    }
}

impl std::fmt::Debug for DynContent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DynContent({}, {})", self.game, self.fingerprint.as_deref().unwrap_or("shipped"))
    }
}

/// A match of some game, or why it could not be made.
pub type DynResult = Result<Box<dyn DynMatch>, MatchError>;

/// A match rebuilt from a record, and how the record fared if it was made under earlier rules
/// ([`GameEntry::migrate`]).
pub type Migrated = (Box<dyn DynMatch>, Option<Migration>);

/// How the registry makes and rebuilds matches of one game.
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub id: &'static str,
    pub name: &'static str,
    /// [`Game::SCOPE`].
    pub scope: Option<&'static str>,
    /// [`Game::SIDES`].
    pub sides: bool,
    /// [`Game::SEATS`].
    pub seats: (usize, usize),
    /// [`Game::OPTIONS`].
    pub options: &'static [GameOption],
    /// [`Game::RULES_INDEX`], as TOML.
    pub rules_index: &'static str,
    /// [`Game::RULINGS`], as Markdown.
    pub rulings: &'static str,
    /// The config for a number of seats and an options object, as JSON; refused, saying why, when the
    /// seat count is outside [`Game::SEATS`] or an option is unknown or out of range.
    pub configure: fn(seats: usize, options: &Value) -> Result<Value, String>,
    /// The JSON Schema of the options object.
    pub options_schema: fn() -> Value,
    /// Start a match from a JSON config (missing fields take their defaults), played with `content` (one of
    /// this game's sets, from [`GameEntry::shipped`] or [`GameEntry::load_content`]).
    pub start: fn(config: &Value, seed: u64, content: &DynContent) -> DynResult,
    /// Rebuild a match from its record with the content it was played with, verifying every state hash.
    pub replay: fn(record: &Record, content: &DynContent) -> DynResult,
    /// [`GameEntry::replay`], and a record of an earlier rules version played again under today's rules,
    /// with its [`Migration`] ([`Match::migrate`]).
    pub migrate: fn(record: &Record, content: &DynContent) -> Result<Migrated, MatchError>,
    /// [`Game::RULES_VERSION`].
    pub rules_version: u32,
    /// [`Game::RULES_CHANGES`].
    pub rules_changes: &'static [(u32, &'static str)],
    /// Play one complete game with `content` and uniformly random legal actions on the bare engine (no
    /// record, no undo history): what `imperia bench` measures.
    pub random_playout: fn(config: &Value, seed: u64, content: &DynContent) -> Result<Playout, MatchError>,
    /// The content files the game ships ([`GameContent::FILES`]).
    pub content_files: &'static [(&'static str, &'static str)],
    /// The shipped content set.
    pub shipped: fn() -> DynContent,
    /// These files read and validated as the shipped ones are ([`ContentSet::load`]).
    pub load_content: fn(files: ContentFiles) -> Result<DynContent, String>,
    /// Where a set's entries come from (CONTENT.md).
    pub report: fn(content: &DynContent) -> ContentReport,
    /// A set's printed board as data ([`GameContent::board`]).
    pub board: fn(content: &DynContent) -> Value,
    /// Replay the first `steps` actions of a record as `viewer` saw them: every step's events through
    /// [`Game::event_view`], and the viewer's view at the end. Nothing the viewer could not see then leaves it.
    pub replay_as: fn(record: &Record, content: &DynContent, viewer: Viewer, steps: usize) -> Result<Seen, MatchError>,
    /// The conformance harness on this game (`imperia fuzz`), for games that implement
    /// [`crate::conformance::Conformance`] ([`GameEntry::with_conformance`]).
    pub fuzz: Option<crate::conformance::Fuzz>,
    /// The most steps a game of this config (JSON) may take, for games with the conformance harness (its
    /// [`crate::conformance::Conformance::step_bound`]); `None` for others or a config that is not the game's.
    pub step_bound: fn(config: &Value) -> Option<usize>,
}

/// One step of a game as one viewer saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeenStep {
    /// 1 for the first action of the record.
    pub step: usize,
    /// The seat that acted.
    pub seat: Seat,
    /// What happened, in plain words, as the viewer may know it.
    pub events: Vec<String>,
}

/// A game replayed up to some step, as one viewer saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub steps: Vec<SeenStep>,
    /// The viewer's view after the last of `steps`.
    pub view: Value,
    pub to_act: ToAct,
}

/// `events` as `seen_by` may see them ([`Game::event_view`]), each in a line said to `told_to`
/// ([`Game::event_line`]): what every log a host shows is made of.
fn lines_seen<G: Game>(state: &G, events: &[G::Event], seen_by: Viewer, told_to: Viewer) -> Vec<String> {
    events.iter().filter_map(|e| state.event_view(e, seen_by)).map(|e| state.event_line(&e, told_to)).collect()
}

/// See [`GameEntry::replay_as`].
fn replay_as<G: Game>(record: &Record, content: &DynContent, viewer: Viewer, steps: usize) -> Result<Seen, MatchError> {
    let content = content.set::<G>()?;
    let mut upto = record.clone();
    upto.actions.truncate(steps);
    let mut seen = Vec::with_capacity(upto.actions.len());
    let m = Match::<G>::replay_with(&upto, &content, |index, m, step| {
        let events = lines_seen(m.state(), &step.events, viewer, viewer);
        seen.push(SeenStep { step: index + 1, seat: upto.actions[index].seat, events });
    })?;
    let _scope = m.enter();
    Ok(Seen { steps: seen, view: to_json(&m.state().view(viewer)), to_act: m.state().to_act() })
}

impl GameEntry {
    /// The entry for game type `G`.
    pub fn of<G: Game>() -> Self {
        GameEntry {
            id: G::ID,
            name: G::NAME,
            scope: G::SCOPE,
            sides: G::SIDES,
            seats: (*G::SEATS.start(), *G::SEATS.end()),
            options: G::OPTIONS,
            rules_index: G::RULES_INDEX,
            rulings: G::RULINGS,
            configure: configure::<G>,
            options_schema: options_schema::<G>,
            start: |config, seed, content| {
                let content = content.set::<G>()?;
                let _scope = content.enter();
                let config = G::Config::deserialize(config).map_err(|e| MatchError::BadConfig(e.to_string()))?;
                Ok(Box::new(Match::<G>::with_content(config, &content, seed)?))
            },
            replay: |record, content| {
                Ok(Box::new(Match::<G>::replay_with(record, &content.set::<G>()?, |_, _, _| {})?))
            },
            migrate: |record, content| {
                let (m, migration) = Match::<G>::migrate(record, &content.set::<G>()?)?;
                Ok((Box::new(m), migration))
            },
            rules_version: G::RULES_VERSION,
            rules_changes: G::RULES_CHANGES,
            random_playout: |config, seed, content| {
                let content = content.set::<G>()?;
                let _scope = content.enter();
                let config = G::Config::deserialize(config).map_err(|e| MatchError::BadConfig(e.to_string()))?;
                random_playout::<G>(&config, &content, seed)
            },
            content_files: G::Content::FILES,
            shipped: || DynContent::of::<G>(ContentSet::shipped()),
            load_content: |files| ContentSet::load(files).map(DynContent::of::<G>),
            report: |content| content.set::<G>().map(|c| c.report()).unwrap_or_default(),
            board: |content| content.set::<G>().map(|c| c.board()).unwrap_or_default(),
            replay_as: replay_as::<G>,
            fuzz: None,
            step_bound: |_| None,
        }
    }

    /// This entry with the conformance harness of `G` for `imperia fuzz`.
    pub fn with_conformance<G: crate::conformance::Conformance>(self) -> Self {
        GameEntry {
            fuzz: Some(crate::conformance::fuzz::<G>),
            step_bound: |config| G::Config::deserialize(config).ok().map(|c| G::step_bound(&c)),
            ..self
        }
    }
}

/// See [`GameEntry::configure`].
fn configure<G: Game>(seats: usize, options: &Value) -> Result<Value, String> {
    crate::game::check_seats::<G>(seats).map_err(|e| e.0)?;
    let options = check_options::<G>(options)?;
    Ok(to_json(&G::configure(seats, &options).map_err(|e| e.to_string())?))
}

impl GameEntry {
    /// `files` (name, text) in place of the shipped files of the same names, read and checked as the shipped
    /// ones are: how hosts load a player's files, whether uploaded or carried by a record.
    pub fn content_from(&self, files: impl IntoIterator<Item = (String, String)>) -> Result<DynContent, String> {
        if self.content_files.is_empty() {
            return Err(format!("{} has no content files to replace", self.name));
        }
        (self.load_content)(ContentFiles::shipped(self.content_files).replaced_by(files)?)
    }

    /// The files of folder `dir` in place of the shipped files of the same names, checked as the shipped ones
    /// are: a player's `--content` folder.
    pub fn content_in(&self, dir: &Path) -> Result<DynContent, String> {
        if self.content_files.is_empty() {
            return Err(format!("{} has no content files to replace", self.name));
        }
        let files = ContentFiles::shipped(self.content_files).replaced_from(dir)?;
        (self.load_content)(files).map_err(|e| format!("{}: {e}", dir.display()))
    }

    /// What a host tells players about the game before they create one: the catalogue entry.
    pub fn description(&self) -> Description {
        let content = (self.report)(&(self.shipped)());
        Description {
            id: self.id,
            name: self.name,
            scope: self.scope,
            sides: self.sides,
            seats: SeatRange { min: self.seats.0, max: self.seats.1 },
            options: self.options,
            options_schema: (self.options_schema)(),
            provisional: content.provisional(),
            content_entries: content.total(),
        }
    }
}

/// A game as the catalogue describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Description {
    pub id: &'static str,
    pub name: &'static str,
    /// [`Game::SCOPE`]: what part of the published game is played, when not all of it.
    pub scope: Option<&'static str>,
    /// [`Game::SIDES`]: each seat plays a side of its own, rated apart as well.
    pub sides: bool,
    pub seats: SeatRange,
    /// The variant options, in the order a form shows them.
    pub options: &'static [GameOption],
    /// The same options as a JSON Schema of the options object.
    pub options_schema: Value,
    /// How many content entries are provisional (CONTENT.md), of `content_entries`.
    pub provisional: usize,
    pub content_entries: usize,
}

/// The seat counts a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatRange {
    pub min: usize,
    pub max: usize,
}

/// A game played to its end with uniformly random legal actions: how many actions it took, and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Playout {
    pub steps: u64,
    /// [`Game::outcome`] of the final state.
    pub outcome: Option<Outcome>,
}

/// Play a whole game of `G` with `content`, choosing uniformly among the legal actions.
pub fn random_playout<G: Game>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    seed: u64,
) -> Result<Playout, MatchError> {
    let mut game = G::setup(config, content, seed)?;
    play_out(&mut game, seed.wrapping_add(1))
}

/// Play `game` on to its end, choosing among the seats to act and then among the seat's legal actions
/// uniformly with a generator seeded by `seed`. The game's own chance (its dice and decks) stays its own.
fn play_out<G: Game>(game: &mut G, seed: u64) -> Result<Playout, MatchError> {
    let mut rng = seeded(seed);
    let mut steps = 0;
    loop {
        let seat = match game.to_act() {
            ToAct::Nobody => return Ok(Playout { steps, outcome: game.outcome() }),
            ToAct::Seats(seats) => seats[rng.random_range(0..seats.len())],
        };
        let actions = game.legal_actions(seat);
        let action = &actions[rng.random_range(0..actions.len())];
        game.apply(seat, action)?;
        steps += 1;
    }
}

/// Every hosted game, by id.
#[derive(Clone, Default)]
pub struct Registry {
    entries: Vec<GameEntry>,
}

impl Registry {
    pub fn new(entries: Vec<GameEntry>) -> Self {
        Registry { entries }
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<&GameEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// All games, in registration order.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The ids, for error messages.
    pub fn ids(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.id).collect()
    }
}
