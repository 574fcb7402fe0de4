//! [`Game`]: one game in progress, held in Rust, and [`Action`]: one of its legal actions.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use imperia_core::{DynMatch, Seat, Viewer, outcome_values};
use pyo3::prelude::*;
use serde_json::Value;

use crate::{RandomGame, configure, content, entry, from_python, refused, to_python};

/// One legal action: its JSON (`action`, what `Game.apply` and records take), its plain-words `label`, the
/// seat it is for, and its place in that seat's list of legal actions (`index`).
#[pyclass(frozen, module = "imperia")]
pub struct Action {
    /// The seat whose action this is.
    #[pyo3(get)]
    seat: Seat,
    /// Its place in `Game.legal_actions(seat)`.
    #[pyo3(get)]
    index: usize,
    /// In plain words.
    #[pyo3(get)]
    label: String,
    /// The board pieces it touches (regions, spaces), by id.
    #[pyo3(get)]
    targets: Vec<String>,
    json: Value,
}

#[pymethods]
impl Action {
    /// The action as JSON, a plain Python object.
    #[getter]
    fn action<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!("Action(seat={}, index={}, label={:?}, action={})", self.seat, self.index, self.label, self.json)
    }
}

/// What `Game.apply` is given: a legal action, its index among the seat's legal actions, or its JSON.
#[derive(FromPyObject)]
enum Chosen<'py> {
    Action(PyRef<'py, Action>),
    Index(usize),
    Json(Bound<'py, PyAny>),
}

/// A game of one of Imperia's games, in progress. The state lives in Rust: Python sees the legal actions,
/// each viewer's view and the record, as the server's players do.
///
/// `Game(game_id, players=None, options=None, seed=0, content=None)`: a new game of `game_id` (see
/// `imperia.games()`) for `players` seats (by default 4, or the nearest count the game allows) with the
/// variant `options` (a dict), set up with `seed`, and played with the content files in folder `content` in
/// place of the shipped ones of the same names.
#[pyclass(module = "imperia")]
pub struct Game {
    // Python may call in from several threads; the engine is used by one at a time.
    m: Mutex<Box<dyn DynMatch>>,
}

impl Game {
    pub fn new(m: Box<dyn DynMatch>) -> Self {
        Game { m: Mutex::new(m) }
    }

    fn lock(&self) -> PyResult<MutexGuard<'_, Box<dyn DynMatch>>> {
        self.m.lock().map_err(|_| refused("an earlier call failed inside the engine; this game is unusable"))
    }

    /// The seat `seat` names, checked against the game's seats; without one, the only seat to act.
    fn seat(m: &dyn DynMatch, seat: Option<Seat>) -> PyResult<Seat> {
        match seat {
            Some(s) if s < m.seats() => Ok(s),
            Some(s) => Err(refused(format!("seat {s}: the game has seats 0 to {}", m.seats() - 1))),
            None => match m.to_act().seats() {
                [only] => Ok(*only),
                [] => Err(refused("the game is over: no seat is to act")),
                several => Err(refused(format!("seats {several:?} decide at once; say which with seat="))),
            },
        }
    }

    /// A seat's view, or a spectator's for `None`.
    fn viewer(m: &dyn DynMatch, seat: Option<Seat>) -> PyResult<Viewer> {
        seat.map_or(Ok(Viewer::Spectator), |s| Self::seat(m, Some(s)).map(Viewer::Seat))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game_id, players=None, options=None, seed=0, content=None))]
    fn py_new(
        game_id: &str,
        players: Option<usize>,
        options: Option<&Bound<'_, PyAny>>,
        seed: u64,
        content: Option<PathBuf>,
    ) -> PyResult<Self> {
        let entry = entry(game_id)?;
        let config = configure(entry, players, options)?;
        let content = self::content(entry, content)?;
        (entry.start)(&config, seed, &content).map(Game::new).map_err(refused)
    }

    /// The game's id.
    #[getter]
    fn game_id(&self) -> PyResult<&'static str> {
        Ok(self.lock()?.game_id())
    }

    /// How many seats (players) the game has; seats are numbered from 0.
    #[getter]
    fn players(&self) -> PyResult<usize> {
        Ok(self.lock()?.seats())
    }

    /// The game's config: the player count and every variant option, defaults filled in.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.lock()?.config())
    }

    /// The seats with a decision to make now: one, several deciding at once, or none once the game is over.
    fn to_act(&self) -> PyResult<Vec<Seat>> {
        Ok(self.lock()?.to_act().seats().to_vec())
    }

    /// Whether the game is over.
    fn is_finished(&self) -> PyResult<bool> {
        Ok(self.lock()?.to_act().seats().is_empty())
    }

    /// The legal actions of `seat` (by default the only seat to act), in the engine's order.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(&self, seat: Option<Seat>) -> PyResult<Vec<Action>> {
        let m = self.lock()?;
        let seat = Self::seat(m.as_ref(), seat)?;
        let choices = m.legal_actions(seat).into_iter().enumerate();
        Ok(choices
            .map(|(index, c)| Action { seat, index, label: c.label, targets: c.targets, json: c.action })
            .collect())
    }

    /// Apply an action for `seat` (by default the action's own seat, or the only seat to act): an `Action`,
    /// an index into `legal_actions(seat)`, or the action's JSON. Returns the step's events as that seat saw
    /// them, in plain words. An illegal action raises `ImperiaError` with the engine's reason and changes
    /// nothing.
    #[pyo3(signature = (action, seat=None))]
    fn apply(&self, action: Chosen<'_>, seat: Option<Seat>) -> PyResult<Vec<String>> {
        let mut m = self.lock()?;
        let (seat, json) = match action {
            Chosen::Action(a) => (Self::seat(m.as_ref(), Some(seat.unwrap_or(a.seat)))?, a.json.clone()),
            Chosen::Index(index) => {
                let seat = Self::seat(m.as_ref(), seat)?;
                let mut legal = m.legal_actions(seat);
                if index >= legal.len() {
                    return Err(refused(format!(
                        "action index {index}: seat {seat} has {} legal actions",
                        legal.len()
                    )));
                }
                (seat, legal.swap_remove(index).action)
            }
            Chosen::Json(object) => (Self::seat(m.as_ref(), seat)?, from_python(&object, "the action")?),
        };
        m.apply(seat, &json).map_err(refused)
    }

    /// What `seat` sees (a spectator for `None`): the JSON the server sends that viewer, with nothing in it
    /// the engine hides from them.
    #[pyo3(signature = (seat=None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<Seat>) -> PyResult<Bound<'py, PyAny>> {
        let m = self.lock()?;
        to_python(py, &m.view(Self::viewer(m.as_ref(), seat)?))
    }

    /// Whose decision it is and what it is, in one sentence, as `seat` (a spectator for `None`) is told.
    #[pyo3(signature = (seat=None))]
    fn prompt(&self, seat: Option<Seat>) -> PyResult<String> {
        let m = self.lock()?;
        Ok(m.prompt(Self::viewer(m.as_ref(), seat)?))
    }

    /// The name of `seat` in this game (a nation, a power, a player's colour).
    fn seat_name(&self, seat: Seat) -> PyResult<String> {
        let m = self.lock()?;
        Ok(m.seat_name(Self::seat(m.as_ref(), Some(seat))?))
    }

    /// The final scores and ranks (`{"scores": [...], "ranks": [...]}`, rank 1 the winner, tied seats sharing
    /// a rank), or `None` while the game goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.lock()?.outcome().map(|o| to_python(py, &o)).transpose()
    }

    /// Each seat's result: from 1 for the winners to 0 for the last, evenly between by rank (alone, 1 for a
    /// win and 0 for a loss); all 0 while the game goes on.
    fn returns(&self) -> PyResult<Vec<f64>> {
        let m = self.lock()?;
        Ok(m.outcome().map(|o| outcome_values(&o)).unwrap_or_else(|| vec![0.0; m.seats()]))
    }

    /// The state's hash, as records carry it after each step (16 hex digits): equal states hash equally.
    fn state_hash(&self) -> PyResult<String> {
        Ok(format!("{:016x}", self.lock()?.state_hash()))
    }

    /// An independent copy of the game, its record included.
    fn clone(&self) -> PyResult<Game> {
        Ok(Game::new(self.lock()?.boxed_clone()))
    }

    fn __copy__(&self) -> PyResult<Game> {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.clone()
    }

    /// The record of the game so far, as JSON text: what `imperia replay` and `imperia.load_record` read.
    fn record(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.lock()?.record()).map_err(refused)
    }

    /// Play a copy of this game on to its end with uniformly random legal actions, in Rust with the
    /// interpreter released, and say how it ended; this game does not change. `seed` drives the random
    /// choices; the game's own chance (dice, decks) goes on from its state as it would in play.
    fn random_playout(&self, py: Python<'_>, seed: u64) -> PyResult<RandomGame> {
        let playout = py.detach(|| self.lock().and_then(|m| m.random_playout(seed).map_err(refused)))?;
        Ok(playout.into())
    }

    fn __repr__(&self) -> PyResult<String> {
        let m = self.lock()?;
        let steps = m.last_recorded().map_or(0, |(n, _)| n);
        Ok(format!("Game({:?}, players={}, steps={steps}, to_act={:?})", m.game_id(), m.seats(), m.to_act().seats()))
    }
}
