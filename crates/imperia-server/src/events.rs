//! A game's life as the features see it: a short list of events, told to every [`Feature`](crate::table::Feature) the server
//! runs ([`crate::FEATURES`]), in the order they are listed. `live` runs the games and tells the events; it
//! names no feature, so a new feature is one module and one line in that list. The contract itself, and
//! what each event means, is [`Feature`](crate::table::Feature)'s.
//!
//! Events are told under the game's lock; each feature does its part before the game's viewers hear of
//! the change.

use crate::store::GameRow;
use crate::table::{AppState, LiveGame, Shared};

/// Tell every feature that the game was read from the database; whether any part changed.
pub fn read(state: &AppState, row: &GameRow, g: &mut LiveGame, moved: bool) -> bool {
    state.features.iter().fold(false, |told, feature| feature.read(row, g, moved) | told)
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

/// Tell every feature that a second went by; whether the game moved on.
pub async fn tick(state: &AppState, g: &mut LiveGame) -> bool {
    let mut moved = false;
    for feature in state.features {
        moved |= feature.tick(state, g).await;
    }
    moved
}

/// Whether some feature holds the game's bots.
pub fn bots_held(state: &AppState, g: &LiveGame) -> bool {
    state.features.iter().any(|f| f.holds_bots(g))
}
