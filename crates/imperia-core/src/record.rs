//! Game records: everything needed to rebuild a game — which game and rules version, the config, the
//! seed and every action that stands — with the state hash after each step so a replay can prove it
//! reproduced the game.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::{Game, Seat};

/// One action in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    pub seat: Seat,
    pub action: Value,
    /// [`state_hash`] of the state after this action, as 16 hex digits; empty in a record written by hand
    /// or by another program, whose replay then cannot be verified ([`Record::unverified`]).
    #[serde(default)]
    pub hash: String,
}

/// A whole game, as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    pub rules_version: u32,
    pub config: Value,
    pub seed: u64,
    /// The fingerprint of the replaced content files the game was played with ([`Game::content_fingerprint`]);
    /// absent for the shipped content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// The replaced content files themselves, by name, so that the record replays anywhere; absent for the
    /// shipped content.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub content_files: BTreeMap<String, String>,
    pub actions: Vec<RecordedAction>,
    /// Steps the players agreed to take back, oldest first. A replay plays only `actions`, which hold what
    /// stands; these keep the rest of the story.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rollbacks: Vec<RolledBack>,
}

/// A consensual rollback: every seat agreed to return the game to an earlier step, past a point the rules
/// had made final.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledBack {
    /// The record held this many actions when the players agreed.
    pub from_step: usize,
    /// And this many after: the game went back to how it stood after action `to_step`.
    pub to_step: usize,
    pub proposed_by: Seat,
    /// The seats that agreed, every seat of the game.
    pub agreed_by: Vec<Seat>,
    /// Something hidden had come to light since `to_step` (a draw, a secret turned up), and every seat
    /// agreed knowing it.
    pub informed: bool,
    /// The actions taken back, in order.
    pub undone: Vec<RecordedAction>,
    /// When, in Unix seconds.
    pub at: i64,
}

impl Record {
    /// How many actions carry no state hash, so that a replay cannot prove it reproduced them.
    pub fn unverified(&self) -> usize {
        self.actions.iter().filter(|a| a.hash.is_empty()).count()
    }

    /// A warning for people when some actions carry no state hash; `None` when every one does.
    pub fn unverified_warning(&self) -> Option<String> {
        let n = self.unverified();
        (n > 0).then(|| {
            format!(
                "{n} of the record's {} actions carry no state hash, so the replay could not verify that it \
                 reproduces the game as it was played",
                self.actions.len()
            )
        })
    }
}

/// A stable 64-bit hash of a state: XXH3 of its JSON form. JSON field order is fixed by the type and
/// games keep no hash maps, so equal states hash equally on every machine and Rust version.
pub fn state_hash<G: Game>(state: &G) -> u64 {
    // A game state is plain data, so serialising it cannot fail.
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

/// The hex form used in records.
pub fn hash_hex(hash: u64) -> String {
    format!("{hash:016x}")
}
