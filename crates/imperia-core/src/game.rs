//! The game contract (ARCHITECTURE.md §2).
//!
//! A game is a plain value: `setup` builds it from a config and a seed, `apply` moves it forward by one
//! atomic action of one seat, and everything a player may learn leaves it through `view` and
//! `event_view`. Composite decisions are sequences of small actions ending with a "done" action, so that
//! every legal-action list stays short and every step can be checked on its own.

use std::fmt::{Debug, Display};
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use crate::content::{ContentSet, GameContent};
use crate::options::GameOption;
use crate::rng::GameRng;

/// A seat at the table, numbered clockwise from 0.
pub type Seat = usize;

/// Who is looking: one seat, or a spectator who may see only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    /// The seat, if the viewer is a player.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// Who must decide now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToAct {
    /// These seats (one, or several deciding at once) each have a decision to make.
    Seats(Vec<Seat>),
    /// The game is over.
    Nobody,
}

/// The one seat deciding, or nobody once the game is over: the shape of a game where one player decides
/// at a time.
impl From<Option<Seat>> for ToAct {
    fn from(decider: Option<Seat>) -> ToAct {
        decider.map_or(ToAct::Nobody, ToAct::one)
    }
}

impl ToAct {
    /// A single seat to act.
    pub fn one(seat: Seat) -> Self {
        ToAct::Seats(vec![seat])
    }

    /// Whether `seat` has a decision to make.
    pub fn includes(&self, seat: Seat) -> bool {
        matches!(self, ToAct::Seats(s) if s.contains(&seat))
    }

    /// The seats that must act (empty when the game is over).
    pub fn seats(&self) -> &[Seat] {
        match self {
            ToAct::Seats(s) => s,
            ToAct::Nobody => &[],
        }
    }
}

/// What one applied action produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step<E> {
    /// What happened, in order.
    pub events: Vec<E>,
    /// The step revealed hidden information (a card turned over that was dealt earlier), so it may not be
    /// undone. The game says so; the other commit points [`crate::Match`] sees by itself: a step that drew
    /// from the game's generator ([`Game::rng`]) and a step that hands the decision to another seat. The
    /// conformance harness checks that no undoable step shows the acting seat anything hidden.
    pub commit: bool,
}

impl<E> Step<E> {
    /// A step that may be undone.
    pub fn new(events: Vec<E>) -> Self {
        Step { events, commit: false }
    }

    /// A step that revealed hidden information, and so may not be undone.
    pub fn committed(events: Vec<E>) -> Self {
        Step { events, commit: true }
    }
}

/// An action the rules do not allow, explained for the player, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{message} ({rule})")]
pub struct RuleError {
    /// What is wrong, in words a player can act on.
    pub message: String,
    /// Where the rule is written: the rulebook section, as a player reads it.
    pub rule: String,
}

impl RuleError {
    pub fn new(message: impl Into<String>, rule: impl Into<String>) -> Self {
        RuleError { message: message.into(), rule: rule.into() }
    }
}

/// A refusal as a rules engine makes it: a static message whose `{}` stand for up to three arguments, and
/// the rulebook section it cites. Making one costs no allocation, so a game may decide legality by trying
/// an action and keeping it when it is not refused (the check that refuses is the filter that lists); it is
/// put into words only when a player is to read it, by converting it into a [`RuleError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal<A> {
    /// The message; each `{}` stands for the next of `args`.
    pub text: &'static str,
    pub args: [Option<A>; 3],
    /// The citation, as a player reads the rulebook ("rulebook §5.4.1").
    pub rule: &'static str,
}

impl<A: Copy + Display> Refusal<A> {
    pub fn new(text: &'static str, rule: &'static str) -> Self {
        Refusal { text, args: [None; 3], rule }
    }

    /// This refusal with `arg` filling its next `{}`; a fourth argument is dropped.
    pub fn arg(mut self, arg: A) -> Self {
        if let Some(slot) = self.args.iter_mut().find(|a| a.is_none()) {
            *slot = Some(arg);
        }
        self
    }

    /// The message in words.
    pub fn message(&self) -> String {
        let mut args = self.args.iter().flatten();
        let mut parts = self.text.split("{}");
        let mut out = parts.next().unwrap_or_default().to_string();
        for part in parts {
            if let Some(arg) = args.next() {
                out.push_str(&arg.to_string());
            }
            out.push_str(part);
        }
        out
    }
}

impl<A: Copy + Display> From<Refusal<A>> for RuleError {
    fn from(r: Refusal<A>) -> RuleError {
        RuleError::new(r.message(), r.rule)
    }
}

/// A configuration the game cannot be set up with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot set up the game: {0}")]
pub struct SetupError(pub String);

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Each seat's final score.
    pub scores: Vec<i64>,
    /// Each seat's rank, 1 = winner; seats that remain tied after every tie-break share a rank.
    pub ranks: Vec<usize>,
}

impl Outcome {
    /// Seats ranked by their scores, highest first; equal scores share a rank (the next rank is skipped:
    /// 1, 1, 3), for games whose rulebook breaks no tie.
    pub fn by_scores(scores: Vec<i64>) -> Outcome {
        let keys = scores.clone();
        Outcome::ranked_by(scores, &keys)
    }

    /// Seats ranked by `keys`, highest first, with the `scores` to show: a key holds the score and the
    /// rulebook's tie-breaks after it (VP, then science), or a finer score than the one shown. Equal keys
    /// share a rank.
    pub fn ranked_by<K: PartialOrd>(scores: Vec<i64>, keys: &[K]) -> Outcome {
        let ranks = keys.iter().map(|k| 1 + keys.iter().filter(|&o| o > k).count()).collect();
        Outcome { scores, ranks }
    }

    /// The seats ranked first.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.ranks.len()).filter(|&s| self.ranks[s] == 1).collect()
    }
}

/// How a finished game ended, for its end screen: why, and what each seat's score is made of. Apart from
/// [`Outcome`], which bots read at the end of every playout, because it is put into words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ending {
    /// Why the game ended, in one sentence ("Germany's power reached 25.").
    pub reason: String,
    /// Each seat's score taken apart, in seat order: its parts add up to the seat's [`Outcome`] score.
    pub parts: Vec<Vec<ScorePart>>,
}

/// One part of a final score: where the points came from ("Germany: interest 6 × 3") and how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePart {
    pub label: String,
    pub points: i64,
}

impl ScorePart {
    pub fn new(label: impl Into<String>, points: impl Into<i64>) -> ScorePart {
        ScorePart { label: label.into(), points: points.into() }
    }
}

/// How a game is set up: its number of players and its variant options.
pub trait GameConfig: Clone + Debug + Serialize + DeserializeOwned + Send + Sync {
    /// The config for `players` seats with `options`, which hosts have checked against [`Game::OPTIONS`] and
    /// completed with defaults ([`crate::options::check_options`]); a game's own checks refuse the rest.
    fn with_options(players: usize, options: &Map<String, Value>) -> Result<Self, SetupError>;
    /// How many seats play.
    fn players(&self) -> usize;
}

/// Refuses a player count outside `G::SEATS`, in the words every game uses: one check, one message.
pub fn check_seats<G: Game>(players: usize) -> Result<(), SetupError> {
    if G::SEATS.contains(&players) {
        return Ok(());
    }
    let (min, max) = (G::SEATS.start(), G::SEATS.end());
    Err(SetupError(if min == max {
        format!("{} is played by {min} players, not {players}", G::NAME)
    } else {
        format!("{} is played by {min} to {max} players, not {players}", G::NAME)
    }))
}

/// A game Imperia can host. See the module documentation.
pub trait Game: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The registry id (`imperial2030`).
    const ID: &'static str;
    /// The game's name for people.
    const NAME: &'static str;
    /// Bumped whenever a rule change could make an old record replay differently.
    const RULES_VERSION: u32;
    /// What each rules version changed, in words for players, oldest first: `(version, change)`, one entry
    /// per change. A host that loads a game made under an earlier version re-plays it under these rules and
    /// tells its players every change made since that version ([`crate::session::Migration`]).
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[];
    /// How many seats the game can be played with.
    const SEATS: RangeInclusive<usize>;
    /// The variant options a player may set when creating a game ([`crate::options`]).
    const OPTIONS: &'static [GameOption] = &[];
    /// What part of the published game this engine plays, when it is not all of it; hosts show it wherever
    /// the game is chosen or played, beside the provisional-content notice.
    const SCOPE: Option<&'static str> = None;
    /// Each seat plays the same side in every game (Britain, France), with powers of its own, so that a
    /// player may be stronger on one side than the other: hosts rate each side apart as well as overall.
    /// Seats named by [`Game::seat_name`] are the sides.
    const SIDES: bool = false;
    /// The index of the rulebook's sections in our own words ([`crate::rules::RulesIndex`], TOML): the
    /// rules page shows it, and every refusal's citation must lead to one of its sections.
    const RULES_INDEX: &'static str = "";
    /// The project's decisions where the rulebook is silent or ambiguous (`docs/rules/<game>.md`, Markdown),
    /// shown on the rules page after the index.
    const RULINGS: &'static str = "";

    /// Player count and variant options.
    type Config: GameConfig;
    /// One atomic decision. `Display` gives the plain-words description a player reads.
    type Action: Clone + Eq + Debug + Display + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may know.
    type View: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What happened in one step. `Display` gives the log line a spectator reads ([`Game::event_line`]).
    type Event: Clone + PartialEq + Debug + Display + Serialize + DeserializeOwned + Send + Sync;
    /// What is printed on the components (maps, cards, tables), read from the game's content files; `()`
    /// for a game without any ([`crate::content`]).
    type Content: GameContent;

    /// The config for `seats` players (within [`Game::SEATS`]) with `options`, which hosts have checked
    /// against [`Game::OPTIONS`] and completed with defaults ([`crate::options::check_options`]).
    fn configure(seats: usize, options: &Map<String, Value>) -> Result<Self::Config, SetupError> {
        Self::Config::with_options(seats, options)
    }
    /// The starting position for `config`, played with `content`, with all setup randomness drawn from
    /// `seed`.
    fn setup(config: &Self::Config, content: &ContentSet<Self::Content>, seed: u64) -> Result<Self, SetupError>;
    /// The config the game was set up with.
    fn config(&self) -> &Self::Config;
    /// The content the game is played with: the state holds it (and does not serialise it).
    fn content(&self) -> &ContentSet<Self::Content>;
    /// The number of seats: by default as the config says.
    fn seats(&self) -> usize {
        self.config().players()
    }
    /// Who must decide now.
    fn to_act(&self) -> ToAct;
    /// Whose decision it is and what it is, in one sentence for `viewer` ("France chooses a card to play").
    /// Empty once the game is over, when [`Game::summary`] says how it ended.
    fn prompt(&self, viewer: Viewer) -> String;
    /// The game's random generator, the only randomness it may use after setup; `None` for a game without
    /// chance. [`crate::Match`] watches its position to make every step that draws a commit point.
    fn rng(&self) -> Option<&GameRng>;
    /// Everything `seat` may do now (empty when it is not that seat's decision).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Apply one action, all or nothing: on error the state is untouched.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Step<Self::Event>, RuleError>;
    /// The state after `seat` takes `action`, this one left as it is: how bots look ahead. By default a
    /// copy, then [`Game::apply`]; a game whose `apply` already works on a copy of itself overrides this to
    /// copy once.
    fn after(&self, seat: Seat, action: &Self::Action) -> Result<Self, RuleError> {
        let mut next = self.clone();
        next.apply(seat, action)?;
        Ok(next)
    }
    /// How many action numbers a game of this config and content has ([`crate::numbering`]); never depends
    /// on the state.
    fn action_space(&self) -> usize;
    /// The number of `action` for `seat` in this state, below [`Game::action_space`]; `None` if it has none
    /// (an action no game of this config could ever number, or one numbered by its rank among today's legal
    /// actions that is not among them).
    fn action_number(&self, seat: Seat, action: &Self::Action) -> Option<usize>;
    /// The action numbered `number` for `seat` in this state, if the number names one (it may be illegal now:
    /// `apply` refuses it then).
    fn numbered_action(&self, seat: Seat, number: usize) -> Option<Self::Action>;
    /// The numbers of `seat`'s legal actions, ascending, one per legal action. By default each legal
    /// action's [`Game::action_number`]; a game overrides it to lay its numbers out, and list the actions a
    /// rank counts among, once for them all (conformance check 11 holds the two to the same numbers).
    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        crate::numbering::ascending(self.legal_actions(seat).iter().map(|a| self.action_number(seat, a)))
    }
    /// What `viewer` may know.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// `event` as `viewer` may see it, or `None` if the viewer learns nothing from it.
    fn event_view(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;
    /// `event` (as [`Game::event_view`] gave it to `reader`) in a log line said to `reader`: the reader's own
    /// seat is "you" ("You buy the Italy 9 bond", "Italy pays you 2 interest"), everyone else by name
    /// ([`crate::words::Subject`]). By default the event's `Display`, which is the line a spectator reads; a
    /// game whose events name seats writes each line once, for any reader, and displays it for the spectator.
    fn event_line(&self, event: &Self::Event, reader: Viewer) -> String {
        let _ = reader;
        event.to_string()
    }
    /// The observation's parts, in order: (name, shape) each, fixed for this config and content; the tensor is
    /// their flattened concatenation (row-major). See [`crate::observation`].
    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)>;
    /// What `viewer` sees, as numbers, written into `out` (its length is the parts' total; zeroed by the
    /// caller): computed from what [`Game::view`] shows `viewer`, never more.
    fn observe(&self, viewer: Viewer, out: &mut [f32]);
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Once the game is over, why it ended and what each seat's score is made of, in the terms of the
    /// game's rules; `None` before.
    fn ending(&self) -> Option<Ending>;
    /// A complete state consistent with `view` (what `view.viewer` may know) of a game played with
    /// `content`, with everything hidden from that viewer drawn from `rng`. Bots search such states; they
    /// never see the real one.
    fn determinize(view: &Self::View, content: &ContentSet<Self::Content>, rng: &mut GameRng) -> Self;
    /// A readable summary of the position for a terminal, as `viewer` may see it.
    fn summary(&self, viewer: Viewer) -> String;
    /// What the players call `seat`: "Britain", or by default "Player 1".
    fn seat_name(&self, seat: Seat) -> String {
        format!("Player {}", seat + 1)
    }
    /// Whether anything is hidden from some viewer (then a running game's record, which replays to the full
    /// state, must not be handed out).
    fn has_hidden_information(&self) -> bool;
    /// `action` in plain words, in the light of the current position (costs, names); by default its
    /// `Display`.
    fn describe(&self, action: &Self::Action) -> String {
        action.to_string()
    }
    /// The pieces of the printed board `action` touches, in the ids of [`GameContent::board`] (regions, spaces,
    /// tracks), so that a client can highlight them. None by default.
    fn targets(&self, _action: &Self::Action) -> Vec<String> {
        Vec::new()
    }
    /// A segment of play the rules give a time limit (Virgin Queen's Negotiations, §9.1), if one is under
    /// way: how long it lasts and what each seat still in it does when the time runs out. A host with a
    /// clock runs it and, at the end, applies those actions as the seats' own; a terminal game ignores it.
    /// None by default.
    fn time_limit(&self) -> Option<TimeLimit<Self::Action>> {
        None
    }
    /// Whether players may now talk in private channels (a host's chat), or the rule that says they may
    /// not (Virgin Queen keeps private deal-making to the Negotiations, §9.1). Allowed by default.
    fn private_talk(&self) -> Result<(), RuleError> {
        Ok(())
    }
}

/// A timed segment of play (see [`Game::time_limit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeLimit<A> {
    /// Names this occurrence of the segment ("negotiations, turn 2"): the clock starts when a new key
    /// appears and keeps running while the key stays the same.
    pub segment: String,
    /// How long the segment lasts, from when the key first appears.
    pub seconds: u64,
    /// What ends it for each seat still in it, in the order to apply them.
    pub expiry: Vec<(Seat, A)>,
}

/// What bots need beyond the contract: how well each seat stands. Games supply it; the bots in
/// `imperia-bots` are generic over it.
pub trait Evaluate: Game {
    /// Whether bots judge with [`Evaluate::learned`] unless told otherwise: set where it measured stronger
    /// in the arena than the hand-written [`Evaluate::evaluate`].
    const LEARNED_BY_DEFAULT: bool = false;

    /// How much the guided search's walks lean on its prior (the evaluation's first look at each action)
    /// against the values they have found below: the exploration constant of its PUCT, for values from 0 to
    /// 1. Set where a game measured stronger with another.
    const EXPLORATION: f64 = 0.3;

    /// Each seat's prospects, from 0 (hopeless) to 1 (certain to win). Only the order and the gaps between
    /// seats matter to a bot; a finished game should give [`outcome_values`].
    fn evaluate(&self) -> Vec<f64>;

    /// The game's learned evaluation ([`crate::learned`]), where it ships one: each seat's expected result,
    /// as the shipped model reads the position.
    fn learned(&self) -> Option<Vec<f64>> {
        None
    }
}

/// A finished game's value for each seat: 1 for the winners, 0 for the last, evenly between. Alone, a seat
/// ranked first has won and any other rank is a loss (a solo scenario's).
pub fn outcome_values(outcome: &Outcome) -> Vec<f64> {
    let n = outcome.ranks.len();
    if n < 2 {
        return outcome.ranks.iter().map(|&r| if r == 1 { 1.0 } else { 0.0 }).collect();
    }
    outcome.ranks.iter().map(|&r| (n - r) as f64 / (n - 1) as f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_seat_values_a_loss_at_nothing() {
        let solo = |rank| Outcome { scores: vec![0], ranks: vec![rank] };
        assert_eq!(outcome_values(&solo(1)), vec![1.0]);
        assert_eq!(outcome_values(&solo(2)), vec![0.0]);
        let two = Outcome { scores: vec![3, 5], ranks: vec![2, 1] };
        assert_eq!(outcome_values(&two), vec![0.0, 1.0]);
    }

    #[test]
    fn equal_scores_share_a_rank() {
        assert_eq!(Outcome::by_scores(vec![40, 55, 40, 12]).ranks, vec![2, 1, 2, 4]);
        assert_eq!(Outcome::by_scores(vec![7]).ranks, vec![1]);
    }

    #[test]
    fn a_refusal_is_put_into_words_only_when_read() {
        let r = Refusal::new("seat {} has {} points, not {}", "rulebook §5.4").arg(1).arg(2).arg(3).arg(4);
        assert_eq!(RuleError::from(r), RuleError::new("seat 1 has 2 points, not 3", "rulebook §5.4"));
        let short = Refusal::<u8>::new("{} and {}", "rulebook §1").arg(1);
        assert_eq!(short.message(), "1 and ");
    }
}
