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
    /// Resampled for a search ([`Game::resample`]): its record is not one of it.
    sampled: bool,
}

impl Game {
    pub fn new(m: Box<dyn DynMatch>) -> Self {
        Game { m: Mutex::new(m), sampled: false }
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

    /// The seat and JSON of an action as Python gives it: an `Action` (for its own seat unless `seat` says
    /// otherwise), an index into the seat's legal actions, or the JSON.
    fn chosen(m: &dyn DynMatch, action: Chosen<'_>, seat: Option<Seat>) -> PyResult<(Seat, Value)> {
        Ok(match action {
            Chosen::Action(a) => (Self::seat(m, Some(seat.unwrap_or(a.seat)))?, a.json.clone()),
            Chosen::Index(index) => {
                let seat = Self::seat(m, seat)?;
                let mut legal = m.legal_actions(seat);
                if index >= legal.len() {
                    return Err(refused(format!(
                        "action index {index}: seat {seat} has {} legal actions",
                        legal.len()
                    )));
                }
                (seat, legal.swap_remove(index).action)
            }
            Chosen::Json(object) => (Self::seat(m, seat)?, from_python(&object, "the action")?),
        })
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
        let (seat, json) = Self::chosen(m.as_ref(), action, seat)?;
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
        Ok(Game { m: Mutex::new(self.lock()?.boxed_clone()), sampled: self.sampled })
    }

    fn __copy__(&self) -> PyResult<Game> {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.clone()
    }

    /// The record of the game so far, as JSON text: what `imperia replay` and `imperia.load_record` read.
    fn record(&self) -> PyResult<String> {
        if self.sampled {
            return Err(refused("a resampled game has no record: it was drawn, not played"));
        }
        serde_json::to_string_pretty(&self.lock()?.record()).map_err(refused)
    }

    /// Play a copy of this game on to its end with uniformly random legal actions, in Rust with the
    /// interpreter released, and say how it ended; this game does not change. `seed` drives the random
    /// choices; the game's own chance (dice, decks) goes on from its state as it would in play.
    fn random_playout(&self, py: Python<'_>, seed: u64) -> PyResult<RandomGame> {
        let playout = py.detach(|| self.lock().and_then(|m| m.random_playout(seed).map_err(refused)))?;
        Ok(playout.into())
    }

    /// Whether some of the game is hidden from some seat (hands, face-down tiles, secret choices).
    fn has_hidden_information(&self) -> PyResult<bool> {
        Ok(self.lock()?.has_hidden_information())
    }

    /// The position in a few lines of plain text, as `seat` (a spectator for `None`) may see it.
    #[pyo3(signature = (seat=None))]
    fn summary(&self, seat: Option<Seat>) -> PyResult<String> {
        let m = self.lock()?;
        Ok(m.summary(Self::viewer(m.as_ref(), seat)?))
    }

    /// The most actions a game of this config may take (the engine's own bound, far above real games).
    fn step_bound(&self) -> PyResult<usize> {
        let m = self.lock()?;
        let entry = entry(m.game_id())?;
        (entry.step_bound)(&m.config()).ok_or_else(|| refused(format!("{} has no step bound", m.game_id())))
    }

    // --- Action numbers: the engine's stable numbering of actions (docs/action-numbers.md) ---

    /// How many action numbers this game has: every action that can be legal in a game of this config and
    /// content has one below it, the same in every state where it is legal.
    #[getter]
    fn action_space(&self) -> PyResult<usize> {
        Ok(self.lock()?.action_space())
    }

    /// The numbers of `seat`'s legal actions (by default the only seat to act), ascending.
    #[pyo3(signature = (seat=None))]
    fn legal_action_ids(&self, seat: Option<Seat>) -> PyResult<Vec<usize>> {
        let m = self.lock()?;
        Ok(m.legal_numbers(Self::seat(m.as_ref(), seat)?))
    }

    /// The number of an action (as `apply` takes it) for `seat` in this state.
    #[pyo3(signature = (action, seat=None))]
    fn action_id(&self, action: Chosen<'_>, seat: Option<Seat>) -> PyResult<usize> {
        let m = self.lock()?;
        let (seat, json) = Self::chosen(m.as_ref(), action, seat)?;
        m.action_number(seat, &json).map_err(refused)
    }

    /// The action (JSON) numbered `id` for `seat` in this state; it may be illegal now.
    #[pyo3(signature = (id, seat=None))]
    fn action_of<'py>(&self, py: Python<'py>, id: usize, seat: Option<Seat>) -> PyResult<Bound<'py, PyAny>> {
        let m = self.lock()?;
        let json = m.numbered_action(Self::seat(m.as_ref(), seat)?, id).map_err(refused)?;
        to_python(py, &json)
    }

    /// The label of the legal action numbered `id` for `seat`, or of why it names none.
    #[pyo3(signature = (id, seat=None))]
    fn action_label(&self, id: usize, seat: Option<Seat>) -> PyResult<String> {
        let m = self.lock()?;
        let seat = Self::seat(m.as_ref(), seat)?;
        let json = m.numbered_action(seat, id).map_err(refused)?;
        let legal = m.legal_actions(seat).into_iter().find(|c| c.action == json);
        Ok(legal.map_or_else(|| format!("{json} (not legal now)"), |c| c.label))
    }

    /// Apply the action numbered `id` for `seat` (by default the only seat to act), as `apply` does.
    #[pyo3(signature = (id, seat=None))]
    fn apply_id(&self, id: usize, seat: Option<Seat>) -> PyResult<Vec<String>> {
        let mut m = self.lock()?;
        let seat = Self::seat(m.as_ref(), seat)?;
        m.apply_number(seat, id).map_err(refused)
    }

    // --- Observations: a seat's view as numbers (docs/observations.md) ---

    /// The observation's parts, in order: `(name, shape)` each; `observation` is their flattened
    /// concatenation.
    fn observation_parts(&self) -> PyResult<Vec<(String, Vec<usize>)>> {
        Ok(self.lock()?.observation_parts())
    }

    /// What `seat` sees (a spectator for `None`), as a flat list of numbers of a fixed length.
    #[pyo3(signature = (seat=None))]
    fn observation(&self, seat: Option<Seat>) -> PyResult<Vec<f32>> {
        let m = self.lock()?;
        Ok(m.observation(Self::viewer(m.as_ref(), seat)?))
    }

    /// A game `seat` cannot tell from this one: what is hidden from it drawn afresh with `seed`, for
    /// information-set search. It has no record of its own (`record` refuses).
    fn resample(&self, seat: Seat, seed: u64) -> PyResult<Game> {
        let m = self.lock()?;
        let seat = Self::seat(m.as_ref(), Some(seat))?;
        Ok(Game { m: Mutex::new(m.resampled(seat, seed)), sampled: true })
    }

    fn __repr__(&self) -> PyResult<String> {
        let m = self.lock()?;
        let steps = m.last_recorded().map_or(0, |(n, _)| n);
        Ok(format!("Game({:?}, players={}, steps={steps}, to_act={:?})", m.game_id(), m.seats(), m.to_act().seats()))
    }
}
