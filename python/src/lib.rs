//! The native half of the `imperia` Python package (`imperia._imperia`): every hosted game, reached through
//! the type-erased registry ([`imperia_core::dynamic`]) exactly as the CLI and the server reach them, so a
//! game added to `imperia_games::registry` is in Python with no code here.
//!
//! The state lives in Rust: a Python [`Game`] holds a [`DynMatch`] and hands out only what the registry
//! hands any host — legal actions as JSON with their labels, each viewer's view, the record. JSON crosses
//! into Python as plain objects (dicts, lists, numbers, strings) and back. Whole games played at random
//! ([`random_games`], [`Game::random_playout`]) run in Rust with the interpreter released.

mod game;

use std::path::PathBuf;

use imperia_core::{DynContent, GameEntry, MatchError, Outcome, Playout, Registry, outcome_values};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pythonize::{depythonize, pythonize};
use serde_json::{Map, Value};

use game::Game;

// The engines clone and drop game states by the million in a playout: the allocator `imperia bench` uses.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(
    imperia,
    ImperiaError,
    PyValueError,
    "A request the engine refused (an illegal action, a bad option, a record that does not replay), with the \
     engine's reason; the game is unchanged."
);

/// The most games one `random_games` call plays.
const MAX_GAMES: u64 = 100_000_000;

/// The engine's refusal as a Python exception.
fn refused(error: impl std::fmt::Display) -> PyErr {
    ImperiaError::new_err(error.to_string())
}

/// JSON as a plain Python object.
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    pythonize(py, value).map_err(|e| refused(format!("cannot hand this value to Python: {e}")))
}

/// A plain Python object as JSON, or why it is not JSON.
fn from_python(object: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    depythonize(object).map_err(|e| refused(format!("{what} is not JSON-like: {e}")))
}

/// The registry, built once: it is plain data.
fn registry() -> &'static Registry {
    static REGISTRY: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(imperia_games::registry)
}

/// The entry of `game_id`, or an error naming the games there are.
fn entry(game_id: &str) -> PyResult<&'static GameEntry> {
    registry()
        .get(game_id)
        .ok_or_else(|| refused(format!("there is no game `{game_id}`; the games are: {}", registry().ids().join(", "))))
}

/// The content to play `entry` with: the folder's files in place of the shipped ones, or the shipped set.
fn content(entry: &GameEntry, folder: Option<PathBuf>) -> PyResult<DynContent> {
    match folder {
        None => Ok((entry.shipped)()),
        Some(dir) => entry.content_in(&dir).map_err(|e| refused(format!("content: {e}"))),
    }
}

/// The JSON config for `players` seats (by default 4, or the nearest count the game allows) and `options`.
fn configure(entry: &GameEntry, players: Option<usize>, options: Option<&Bound<'_, PyAny>>) -> PyResult<Value> {
    let options = match options {
        Some(o) if !o.is_none() => from_python(o, "options")?,
        _ => Value::Object(Map::new()),
    };
    if !options.is_object() {
        return Err(refused("options must be a dict of the game's variant options"));
    }
    if options.get("players").is_some() {
        return Err(refused("the number of players is set with players=, not in options"));
    }
    let (min, max) = entry.seats;
    (entry.configure)(players.unwrap_or(4.clamp(min, max)), &options).map_err(refused)
}

/// How a game played at random ended.
#[pyclass(frozen, module = "imperia", get_all)]
pub struct RandomGame {
    /// How many actions the game took.
    steps: u64,
    /// Each seat's final score.
    scores: Vec<i64>,
    /// Each seat's rank, 1 for the winner; tied seats share a rank.
    ranks: Vec<usize>,
    /// Each seat's result from 1 (won) to 0 (last), evenly between ([`outcome_values`]).
    returns: Vec<f64>,
}

impl From<Playout> for RandomGame {
    fn from(playout: Playout) -> Self {
        // A finished game always has an outcome (the conformance harness checks it); empty lists if not.
        let returns = playout.outcome.as_ref().map(outcome_values).unwrap_or_default();
        let Outcome { scores, ranks } = playout.outcome.unwrap_or(Outcome { scores: vec![], ranks: vec![] });
        RandomGame { steps: playout.steps, scores, ranks, returns }
    }
}

#[pymethods]
impl RandomGame {
    fn __repr__(&self) -> String {
        format!("RandomGame(steps={}, scores={:?}, ranks={:?})", self.steps, self.scores, self.ranks)
    }
}

/// The games Imperia hosts: for each, its id, name, seat range (`seats`: `min`, `max`), variant options
/// (`options`, and `options_schema` as a JSON Schema of the options dict) and how much of its content is
/// provisional.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyAny>>> {
    registry().entries().iter().map(|e| to_python(py, &e.description())).collect()
}

/// Rebuild a game from its record (JSON text, or the same as a dict), as `imperia replay` does: every
/// state hash is checked. The game is played with `content` (a folder) if given, else with the files the
/// record carries, else with the shipped ones.
#[pyfunction]
#[pyo3(signature = (record, content=None))]
fn load_record(record: &Bound<'_, PyAny>, content: Option<PathBuf>) -> PyResult<Game> {
    let record: imperia_core::Record = match record.extract::<String>() {
        Ok(text) => serde_json::from_str(&text),
        Err(_) => serde_json::from_value(from_python(record, "the record")?),
    }
    .map_err(|e| refused(format!("not a game record: {e}")))?;
    let entry = entry(&record.game)?;
    let content = if content.is_some() || record.content_files.is_empty() {
        self::content(entry, content)?
    } else {
        let files = record.content_files.iter().map(|(name, text)| (name.clone(), text.clone()));
        entry.content_from(files).map_err(|e| refused(format!("the record's content files: {e}")))?
    };
    if record.content.as_deref() != content.fingerprint() {
        let expected = content.fingerprint().map(str::to_string);
        return Err(refused(MatchError::WrongContent { expected, found: record.content.clone() }));
    }
    (entry.replay)(&record, &content).map(Game::new).map_err(refused)
}

/// Play `n` whole games of `game_id` with uniformly random legal actions, in Rust with the interpreter
/// released, exactly as `imperia bench` plays them (game `i` is set up with seed `seed + i`).
#[pyfunction]
#[pyo3(signature = (game_id, n, seed=1, players=None, options=None, content=None))]
fn random_games(
    py: Python<'_>,
    game_id: &str,
    n: u64,
    seed: u64,
    players: Option<usize>,
    options: Option<&Bound<'_, PyAny>>,
    content: Option<PathBuf>,
) -> PyResult<Vec<RandomGame>> {
    if n > MAX_GAMES {
        return Err(refused(format!("n={n}: at most {MAX_GAMES} games a call")));
    }
    let entry = entry(game_id)?;
    let config = configure(entry, players, options)?;
    let content = self::content(entry, content)?;
    let mut played = Vec::with_capacity(n as usize);
    for i in 0..n {
        let game_seed = seed.wrapping_add(i);
        let playout = py.detach(|| (entry.random_playout)(&config, game_seed, &content));
        played.push(playout.map_err(|e| refused(format!("game with seed {game_seed}: {e}")))?.into());
        // Between games, so that Ctrl-C stops a long run.
        py.check_signals()?;
    }
    Ok(played)
}

/// Imperia's game engines from Python: create a game, list its legal actions with their labels, apply
/// them, read each seat's view, and save or load its record. See the package's README.
#[pymodule]
fn _imperia(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<game::Action>()?;
    m.add_class::<RandomGame>()?;
    m.add("ImperiaError", m.py().get_type::<ImperiaError>())?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(load_record, m)?)?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    Ok(())
}
