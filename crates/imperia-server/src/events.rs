//! A game's life as the features see it: a short list of events, told to every [`Feature`] the server
//! runs ([`crate::FEATURES`]). `live` runs the games and tells the events; it names no feature, so a new
//! feature is one module and one line in that list.
//!
//! Events are told under the game's lock, in the order the features are listed; each does its part
//! before the game's viewers hear of the change.

use std::future::Future;
use std::pin::Pin;

use crate::live::{AppState, LiveGame, Shared};

/// Work a feature does on an event before the game goes on.
pub type Then<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// What a feature does at each event of a game's life; by default, nothing.
pub trait Feature: Send + Sync {
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

    /// Whether the game's bots must wait rather than move the game on.
    fn holds_bots(&self, _g: &LiveGame) -> bool {
        false
    }
}

/// Tell every feature that the game changed.
pub fn changed(state: &AppState, g: &mut LiveGame) {
    for feature in state.features {
        feature.changed(state, g);
    }
}

/// Tell every feature that a step was stored.
pub fn committed(state: &AppState, g: &mut LiveGame) {
    for feature in state.features {
        feature.committed(g);
    }
}

/// Tell every feature that the game is over, and wait for each to do its part.
pub async fn finished(state: &AppState, g: &mut LiveGame) {
    for feature in state.features {
        feature.finished(state, g).await;
    }
}

/// Tell every feature that the game's bots are set going.
pub fn playing(state: &AppState, game: &Shared) {
    for feature in state.features {
        feature.playing(state, game);
    }
}

/// Whether some feature holds the game's bots.
pub fn bots_held(state: &AppState, g: &LiveGame) -> bool {
    state.features.iter().any(|f| f.holds_bots(g))
}
