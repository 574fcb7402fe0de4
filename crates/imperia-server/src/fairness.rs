//! Fair play: while a rated game runs, the server helps nobody play it. Anyone may analyse a game
//! elsewhere, and nothing can stop that; but Imperia's own search — hints, and the review of a finished
//! game — is refused for any game that has been in a position a running rated game has been in, until that
//! rated game ends. That covers a casual copy imported from the rated game's record and one rebuilt move by
//! move in a new game, wherever the copy went after it.
//!
//! Positions are compared as anyone watching sees them: a fingerprint of the spectator's view after each
//! step ([`Positions`]). That is what a copy must share to be of any use, and it is the same however the
//! copy was made: a record cut short, its JSON reordered or its hashes dropped, another seed where the game
//! draws nothing from it, or the moves played again by hand all lead to the same views.
//!
//! A rated game's opening is left out ([`OPENING`]): games of the same setup pass through the same first
//! positions (Imperial 2030 deals nothing at the start), and a casual game there is no copy; the help a
//! copy would buy is for the position the rated game reached, which is its own.
//!
//! Games that hide information are left out: two of their games dealt from different seeds look alike to a
//! spectator (the hands are hidden), so their views would match games that have nothing in common; and a
//! copy of one cannot be made while it runs (its record, which carries the seed, is not exported then, and
//! a fresh game deals other hands).

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use imperia_core::{DynContent, DynMatch, GameEntry, MatchError, Record, Viewer};

use crate::table::{AppState, LiveGame, Shared, TableError};

/// The positions, counted from the start, that a rated game may share with any game of its setup: its first
/// steps are played alike by many games, so only the positions after them mark a copy.
const OPENING: usize = 12;

/// Every position a game has been in, in the order it was in them, as fingerprints of the spectator's view,
/// and the version of the game they were gathered at. Positions are only ever added: a step undone or
/// rolled back was still a position the game was in.
#[derive(Clone, Debug)]
struct Positions {
    version: i64,
    seen: Arc<Vec<u64>>,
}

/// The fingerprint of a position: a hash of what a spectator sees. (Compared only within this process, so
/// the hash need not be stable across builds.)
fn fingerprint(m: &dyn DynMatch) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    m.view(Viewer::Spectator).to_string().hash(&mut hasher);
    hasher.finish()
}

/// Whether a game's positions can be compared at all (see the module documentation).
fn comparable(g: &LiveGame) -> bool {
    !g.m.has_hidden_information()
}

/// The positions of a game played from its record: the start, and after every action.
fn replay(entry: &GameEntry, record: &Record, content: &DynContent) -> Result<Vec<u64>, MatchError> {
    let mut m = (entry.start)(&record.config, record.seed, content)?;
    let mut seen = Vec::with_capacity(record.actions.len() + 1);
    seen.push(fingerprint(m.as_ref()));
    for action in &record.actions {
        m.apply(action.seat, &action.action)?;
        seen.push(fingerprint(m.as_ref()));
    }
    Ok(seen)
}

impl LiveGame {
    /// After a step just taken at `version - 1`: add its position to the kept ones, if they are up to date
    /// (otherwise they are gathered again when next asked for).
    pub(crate) fn note_position(&mut self) {
        let version = self.version;
        if let Some(kept) = self.parts.get_mut::<Positions>().filter(|p| p.version + 1 == version) {
            Arc::make_mut(&mut kept.seen).push(fingerprint(self.m.as_ref()));
            kept.version = version;
        }
    }
}

/// The positions `game` has been in: kept from the last time, or gathered by replaying its record (off the
/// request threads, without holding the game meanwhile).
async fn positions(state: &AppState, game: &Shared) -> Result<Arc<Vec<u64>>, TableError> {
    let (id, version, record, content) = {
        let g = game.lock().await;
        if let Some(kept) = g.parts.get::<Positions>().filter(|p| p.version == g.version) {
            return Ok(kept.seen.clone());
        }
        (g.id, g.version, g.m.record(), g.content.clone())
    };
    let entry = state
        .registry
        .get(&record.game)
        .copied()
        .ok_or_else(|| TableError::Damaged { id, why: format!("this server has no game `{}`", record.game) })?;
    let seen = tokio::task::spawn_blocking(move || replay(&entry, &record, &content))
        .await
        .map_err(|e| TableError::Damaged { id, why: e.to_string() })?
        .map_err(|e| TableError::Damaged { id, why: e.to_string() })?;
    let seen = Arc::new(seen);
    let mut g = game.lock().await;
    if g.version == version {
        g.parts.insert(Positions { version, seen: seen.clone() });
    }
    Ok(seen)
}

/// Refuse Imperia's search (`what`: "hints", "review") for `game` if it has been in a position a rated
/// game still running on this server has been in past its [`OPENING`].
pub async fn no_help_for_rated(state: &AppState, game: &Shared, what: &str) -> Result<(), TableError> {
    let (id, engine) = {
        let g = game.lock().await;
        if !comparable(&g) {
            return Ok(());
        }
        (g.id, g.m.game_id())
    };
    // From the database, so that rated games another server sharing it runs are counted too.
    let running = state.store.running_rated_games(engine).await?;
    if running.iter().all(|&other| other == id) {
        return Ok(());
    }
    let mine: HashSet<u64> = positions(state, game).await?.iter().copied().collect();
    for other in running.into_iter().filter(|&other| other != id) {
        let loaded = state.games.read().await.get(&other).cloned();
        let rated = match loaded {
            Some(rated) => rated,
            // Created by another server sharing the database, or damaged (and then it helps nobody).
            None => match crate::live::load_one(state, other).await? {
                Some(rated) => rated,
                None => continue,
            },
        };
        if !comparable(&*rated.lock().await) {
            continue;
        }
        if positions(state, &rated).await?.iter().skip(OPENING + 1).any(|p| mine.contains(p)) {
            return Err(TableError::Forbidden(format!(
                "this game has been in a position of a rated game still being played here, so it gets no {what} \
                 until that game ends: Imperia does not help anyone in a rated game"
            )));
        }
    }
    Ok(())
}

/// Keeping the positions games have been in, at each event of a game's life.
pub struct Fairness;

impl crate::table::Feature for Fairness {
    fn committed(&self, g: &mut LiveGame) {
        g.note_position();
    }
}
