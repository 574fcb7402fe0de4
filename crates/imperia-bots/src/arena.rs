//! Bots at the table: whole games between bots, and [`DynBot`], a bot behind JSON for hosts that know games
//! only through the registry.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use imperia_core::{
    ActionChoice, ContentSet, DynContent, Evaluate, Features, Game, GameRng, Match, Outcome, Record, Seat, ToAct,
    Viewer, rng::seeded,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::mcts::{Budget, SearchStats, search};
use crate::outside::{Choice, End, Fault, Forfeit, Hello, PROTOCOL, TimeLeft, Turn};
use crate::process::{BadCommand, Program, Running};
use crate::train::{Settings, Trained};
use crate::{BadBotSpec, Bot, BotSpec, PROGRAM_PREFIX};

/// Steps after which a bot game is declared endless.
const MAX_STEPS: usize = 1_000_000;

/// How a bot game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub outcome: Outcome,
    pub steps: usize,
    /// Per seat, the seconds each of its bot's decisions took (only decisions among two or more actions).
    pub think: Vec<Vec<f64>>,
    /// The seat whose forfeit ended the game, and why; its outcome is then [`Forfeit::outcome`].
    pub forfeit: Option<Forfeit>,
}

/// Who plays a seat in an arena game: one of Imperia's bots, or an outside program (`cmd:python3 bot.py`),
/// which may forfeit. Only hosts that run programs on their own machine take a [`Program`]: the terminal's
/// arena does; a server reads only its [`BotSpec`]s, which refuse `cmd:`.
#[derive(Clone, Debug, PartialEq)]
pub enum Entrant {
    Bot(BotSpec),
    Program(Program),
}

impl From<BotSpec> for Entrant {
    fn from(spec: BotSpec) -> Self {
        Entrant::Bot(spec)
    }
}

/// An entrant that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadEntrant {
    #[error(transparent)]
    Bot(#[from] BadBotSpec),
    #[error(transparent)]
    Program(#[from] BadCommand),
}

impl FromStr for Entrant {
    type Err = BadEntrant;

    /// A bot spec ([`BotSpec`]), or `cmd:` and a program's command line.
    fn from_str(text: &str) -> Result<Self, BadEntrant> {
        match text.trim_start().strip_prefix(PROGRAM_PREFIX) {
            Some(command) => Ok(Entrant::Program(Program::parse(command)?)),
            None => Ok(Entrant::Bot(text.parse()?)),
        }
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entrant::Bot(spec) => spec.fmt(f),
            Entrant::Program(program) => program.fmt(f),
        }
    }
}

/// Each seat's own random generator for a game: fixed by the game's seed and the seat.
pub fn seat_rng(seed: u64, seat: Seat) -> GameRng {
    seeded(seat_rng_seed(seed, seat))
}

/// The seed of [`seat_rng`].
pub fn seat_rng_seed(seed: u64, seat: Seat) -> u64 {
    seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(seat as u64 + 1))
}

/// Play one game of `G` with `content`, seat `s` played by `bots[s]`; every bot sees only its own view.
pub fn play_game<G: Evaluate>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    seed: u64,
    bots: &[BotSpec],
) -> Result<GameResult, String> {
    play_game_observed::<G>(config, content, seed, bots, |_| {})
}

/// [`play_game`], showing `observe` the whole state before every decision (self-play that learns from the
/// positions met, [`crate::train`]).
pub fn play_game_observed<G: Evaluate>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    seed: u64,
    bots: &[BotSpec],
    observe: impl FnMut(&G),
) -> Result<GameResult, String> {
    let entrants: Vec<Entrant> = bots.iter().cloned().map(Entrant::Bot).collect();
    play_seated::<G>(config, content, seed, &entrants, observe)
}

/// [`play_game_observed`] with any [`Entrant`]s. A program that fails its seat forfeits the game, which
/// ends there; an error only for what is no entrant's fault (a program that cannot be started, an engine's
/// bug).
pub fn play_seated<G: Evaluate>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    seed: u64,
    entrants: &[Entrant],
    mut observe: impl FnMut(&G),
) -> Result<GameResult, String> {
    let _scope = content.enter();
    let mut state = G::setup(config, content, seed).map_err(|e| e.to_string())?;
    if entrants.len() != state.seats() {
        return Err(format!("{} bots for {} seats", entrants.len(), state.seats()));
    }
    let mut table = Table::<G>::seat(entrants)?;
    let mut rngs: Vec<GameRng> = (0..entrants.len()).map(|s| seat_rng(seed, s)).collect();
    let mut think = vec![Vec::new(); entrants.len()];
    let forfeited = |table: Table<G>, forfeit: Forfeit, steps, think| {
        let outcome = forfeit.outcome(entrants.len());
        table.end(&outcome, Some(&forfeit));
        Ok(GameResult { outcome, steps, think, forfeit: Some(forfeit) })
    };
    if let Err(forfeit) = table.greet(&state) {
        return forfeited(table, forfeit, 0, think);
    }
    for steps in 0..MAX_STEPS {
        let seat = match state.to_act() {
            ToAct::Nobody => {
                let outcome = state.outcome().ok_or("the game ended without an outcome")?;
                table.end(&outcome, None);
                return Ok(GameResult { outcome, steps, think, forfeit: None });
            }
            ToAct::Seats(seats) => seats[0],
        };
        observe(&state);
        let legal = state.legal_actions(seat);
        let started = Instant::now();
        let chosen = table.choose(&state, steps, seat, &legal, &mut rngs[seat]);
        if legal.len() > 1 {
            think[seat].push(started.elapsed().as_secs_f64());
        }
        let action = match chosen {
            Ok(action) => action,
            Err(fault) => return forfeited(table, Forfeit { seat, reason: fault.to_string() }, steps, think),
        };
        state.apply(seat, &action).map_err(|e| format!("seat {seat}'s bot chose an illegal action: {e}"))?;
    }
    Err(format!("the game did not end within {MAX_STEPS} steps"))
}

/// The players of one arena game, seat by seat.
struct Table<G: Game> {
    game_id: String,
    players: Vec<Player<G>>,
}

enum Player<G: Game> {
    Bot(Box<dyn Bot<G>>),
    Program(Running),
}

/// Games the programs of this process were told of, for their `game_id` (which must say nothing of the game,
/// its seed least of all).
static GAMES: AtomicU64 = AtomicU64::new(0);

impl<G: Evaluate> Table<G> {
    /// Build each bot and start each program.
    fn seat(entrants: &[Entrant]) -> Result<Self, String> {
        let game_id = (GAMES.fetch_add(1, Ordering::Relaxed) + 1).to_string();
        let players = entrants
            .iter()
            .enumerate()
            .map(|(seat, entrant)| match entrant {
                Entrant::Bot(spec) => Ok(Player::Bot(spec.build::<G>())),
                Entrant::Program(program) => Running::start(program, &game_id, seat)
                    .map(Player::Program)
                    .map_err(|e| format!("`{program}` cannot be started: {e}")),
            })
            .collect::<Result<_, String>>()?;
        Ok(Table { game_id, players })
    }

    /// Tell each program its seat and wait for it to be ready.
    fn greet(&mut self, state: &G) -> Result<(), Forfeit> {
        let seats = state.seats();
        for (seat, player) in self.players.iter_mut().enumerate() {
            if let Player::Program(program) = player {
                let hello = Hello {
                    protocol: PROTOCOL,
                    game: G::ID.into(),
                    game_id: self.game_id.clone(),
                    seat,
                    seats,
                    seat_names: (0..seats).map(|s| state.seat_name(s)).collect(),
                    options: serde_json::to_value(state.config()).unwrap_or(Value::Null),
                    time: TimeLeft::default(),
                };
                program.greet(hello).map_err(|fault| Forfeit { seat, reason: fault.to_string() })?;
            }
        }
        Ok(())
    }

    /// `seat`'s choice among `legal` after `step` actions, from its view alone.
    fn choose(
        &mut self,
        state: &G,
        step: usize,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Result<G::Action, Fault> {
        let view = state.view(Viewer::Seat(seat));
        match &mut self.players[seat] {
            Player::Bot(bot) => Ok(bot.choose(&view, state.content(), seat, legal, rng)),
            Player::Program(program) => {
                let turn = Turn {
                    game_id: self.game_id.clone(),
                    step,
                    seat,
                    prompt: state.prompt(Viewer::Seat(seat)),
                    view: serde_json::to_value(&view).unwrap_or(Value::Null),
                    actions: legal
                        .iter()
                        .enumerate()
                        .map(|(index, a)| Choice {
                            index,
                            action: serde_json::to_value(a).unwrap_or(Value::Null),
                            label: state.describe(a),
                        })
                        .collect(),
                    time: TimeLeft::default(),
                };
                program.decide(turn).map(|index| legal[index].clone())
            }
        }
    }

    /// Tell each program the game is over, and end it.
    fn end(self, outcome: &Outcome, forfeit: Option<&Forfeit>) {
        let end = End { game_id: self.game_id, outcome: outcome.clone(), forfeit: forfeit.cloned() };
        for player in self.players {
            if let Player::Program(program) = player {
                program.finish(&end);
            }
        }
    }
}

/// A bot behind JSON: it reads a view and the legal actions as the JSON layer gives them, and answers with
/// the index of its choice. `content` is the set the game is played with.
pub trait DynBot: Send {
    fn choose(
        &mut self,
        view: &Value,
        content: &DynContent,
        seat: Seat,
        legal: &[ActionChoice],
    ) -> Result<usize, String>;
}

struct Typed<G: Game> {
    bot: Box<dyn Bot<G>>,
    rng: GameRng,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> DynBot for Typed<G> {
    fn choose(
        &mut self,
        view: &Value,
        content: &DynContent,
        seat: Seat,
        legal: &[ActionChoice],
    ) -> Result<usize, String> {
        let content = content.set::<G>().map_err(|e| e.to_string())?;
        // The view and the actions name the content's entries by id.
        let _scope = content.enter();
        let view = G::View::deserialize(view).map_err(|e| format!("not a view of {}: {e}", G::NAME))?;
        let actions = legal
            .iter()
            .map(|c| G::Action::deserialize(&c.action).map_err(|e| format!("not an action of {}: {e}", G::NAME)))
            .collect::<Result<Vec<_>, _>>()?;
        if actions.is_empty() {
            return Err("there is nothing to choose from".into());
        }
        let choice = self.bot.choose(&view, &content, seat, &actions, &mut self.rng);
        Ok(actions.iter().position(|a| *a == choice).unwrap_or(0))
    }
}

/// What the arena and the hosts need to seat bots in one game.
#[derive(Clone, Copy)]
pub struct BotEntry {
    pub id: &'static str,
    /// Play one bot-against-bot game from a JSON config, with one of the game's content sets.
    pub play: fn(config: &Value, content: &DynContent, seed: u64, seats: &[Entrant]) -> Result<GameResult, String>,
    /// A bot for one seat, behind JSON, with its own seed.
    pub bot: fn(spec: &BotSpec, seed: u64) -> Box<dyn DynBot>,
    /// The search's view of `seat`'s decision at the end of a record played with `content`: root actions,
    /// best first, and where the search's iterations went.
    pub hint: fn(record: &Record, content: &DynContent, seat: Seat, budget: Budget, seed: u64) -> Hints,
    /// Search speed from the first decision of a new game played with `content`.
    pub bench: fn(config: &Value, content: &DynContent, seed: u64, budget: Budget) -> Result<SearchSpeed, String>,
    /// The search's judgement of the decisions of `seats` among actions `steps` (0 for the record's first)
    /// of a record played with `content`: each searched from the deciding seat's view as it was then.
    /// Decisions with a single legal action are not judged.
    pub review: Review,
    /// Self-play that teaches the game's learned evaluation, for games that read [`Features`]; with a JSON
    /// config and one of the game's content sets.
    pub train: Option<Train>,
    /// The conformance harness with bots at the table (`imperia fuzz --bots`), for games that implement
    /// [`imperia_core::conformance::Conformance`].
    pub fuzz: Option<crate::deep::DeepFuzz>,
}

/// See [`BotEntry::train`].
pub type Train = fn(config: &Value, content: &DynContent, settings: &Settings) -> Result<Trained, String>;

/// See [`BotEntry::review`].
pub type Review = fn(
    record: &Record,
    content: &DynContent,
    seats: &[Seat],
    steps: std::ops::Range<usize>,
    budget: Budget,
    seed: u64,
) -> Result<Vec<Judged>, String>;

/// One decision of a game as the search judges it afterwards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The step's number: 1 for the record's first action.
    pub step: usize,
    pub seat: Seat,
    /// What the seat chose, and the search's estimate of its chances after it (0 to 1).
    pub chosen: String,
    pub chosen_value: f64,
    /// The search's choice (its most visited action), and its estimate.
    pub best: String,
    pub best_value: f64,
    /// How many actions the seat could choose from.
    pub choices: usize,
}

impl Judged {
    /// How far the chosen action fell below the search's choice, in chances (0 when it was the choice).
    pub fn loss(&self) -> f64 {
        (self.best_value - self.chosen_value).max(0.0)
    }
}

/// The search's root actions, best first, with its diagnostics; or why there are none.
pub type Hints = Result<(Vec<Hint>, SearchStats), String>;

/// One root action as the search sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    pub action: Value,
    pub label: String,
    pub visits: u64,
    /// Mean reward for the seat, 0 to 1.
    pub value: f64,
}

/// See [`BotEntry::review`].
fn review<G: Evaluate>(
    record: &Record,
    content: &DynContent,
    seats: &[Seat],
    steps: std::ops::Range<usize>,
    budget: Budget,
    seed: u64,
) -> Result<Vec<Judged>, String> {
    let content = content.set::<G>().map_err(|e| e.to_string())?;
    let mut upto = record.clone();
    upto.actions.truncate(steps.start);
    let mut m = Match::<G>::replay_with(&upto, &content, |_, _, _| {}).map_err(|e| e.to_string())?;
    let _scope = m.enter();
    let mut judged = Vec::new();
    for index in steps.start..steps.end.min(record.actions.len()) {
        let recorded = &record.actions[index];
        let action = G::Action::deserialize(&recorded.action).map_err(|e| format!("action {}: {e}", index + 1))?;
        let state = m.state();
        let legal = state.legal_actions(recorded.seat);
        if seats.contains(&recorded.seat) && legal.len() > 1 {
            let view = state.view(Viewer::Seat(recorded.seat));
            let mut rng = seeded(seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
            let ranked = search::<G>(&view, &content, recorded.seat, budget, &mut rng).ranked(&legal);
            let chosen = ranked.iter().find(|(a, _, _)| *a == action);
            if let (Some(best), Some(chosen)) = (ranked.first(), chosen) {
                judged.push(Judged {
                    step: index + 1,
                    seat: recorded.seat,
                    chosen: state.describe(&chosen.0),
                    chosen_value: chosen.2,
                    best: state.describe(&best.0),
                    best_value: best.2,
                    choices: legal.len(),
                });
            }
        }
        m.apply(recorded.seat, &action).map_err(|e| format!("action {}: {e}", index + 1))?;
    }
    Ok(judged)
}

/// How fast a search ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchSpeed {
    pub iterations: u64,
    pub seconds: f64,
}

impl BotEntry {
    /// The entry with self-play training: for a game that reads [`Features`].
    pub fn with_training<G: Features + Evaluate>(self) -> Self {
        BotEntry {
            train: Some(|config, content, settings| {
                let content = content.set::<G>().map_err(|e| e.to_string())?;
                let config = G::Config::deserialize(config).map_err(|e| format!("bad config: {e}"))?;
                crate::train::train::<G>(&config, &content, settings)
            }),
            ..self
        }
    }

    /// The entry with the conformance harness played by bots.
    pub fn with_conformance<G: imperia_core::conformance::Conformance + Evaluate>(self) -> Self {
        BotEntry { fuzz: Some(crate::deep::fuzz::<G>), ..self }
    }

    pub fn of<G: Evaluate>() -> Self {
        BotEntry {
            id: G::ID,
            play: |config, content, seed, seats| {
                let content = content.set::<G>().map_err(|e| e.to_string())?;
                let config = G::Config::deserialize(config).map_err(|e| format!("bad config: {e}"))?;
                play_seated::<G>(&config, &content, seed, seats, |_| {})
            },
            bot: |spec, seed| Box::new(Typed::<G> { bot: spec.build::<G>(), rng: seeded(seed), game: PhantomData }),
            hint: |record, content, seat, budget, seed| {
                let content = content.set::<G>().map_err(|e| e.to_string())?;
                let m = Match::<G>::replay_with(record, &content, |_, _, _| {}).map_err(|e| e.to_string())?;
                let _scope = m.enter();
                let state = m.state();
                let legal = state.legal_actions(seat);
                if legal.is_empty() {
                    return Err(format!("Player {} has no decision to make at the end of this record", seat + 1));
                }
                let view = state.view(Viewer::Seat(seat));
                let result = search::<G>(&view, &content, seat, budget, &mut seeded(seed));
                let hints = result
                    .ranked(&legal)
                    .into_iter()
                    .map(|(a, visits, value)| Hint {
                        label: state.describe(&a),
                        action: serde_json::to_value(&a).unwrap_or(Value::Null),
                        visits,
                        value,
                    })
                    .collect();
                Ok((hints, result.stats))
            },
            review: review::<G>,
            train: None,
            fuzz: None,
            bench: |config, content, seed, budget| {
                let content = content.set::<G>().map_err(|e| e.to_string())?;
                let _scope = content.enter();
                let config = G::Config::deserialize(config).map_err(|e| format!("bad config: {e}"))?;
                let state = G::setup(&config, &content, seed).map_err(|e| e.to_string())?;
                let seat = state.to_act().seats().first().copied().ok_or("the game is over before it starts")?;
                let started = Instant::now();
                let view = state.view(Viewer::Seat(seat));
                let result = search::<G>(&view, &content, seat, budget, &mut seeded(seed));
                Ok(SearchSpeed { iterations: result.iterations, seconds: started.elapsed().as_secs_f64() })
            },
        }
    }
}
