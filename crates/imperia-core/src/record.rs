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
    /// The times the game was played again under newer rules, oldest first, each with the steps it set
    /// aside. Like rollbacks, these keep the story; a replay plays only `actions`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub migrations: Vec<Migration>,
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

/// How a record made under an earlier rules version fared when played again under today's ([`crate::Match::migrate`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Migration {
    /// The rules version the record was made under.
    pub from: u32,
    /// The version it is played under now.
    pub to: u32,
    /// Every change since `from`, in words for players ([`crate::Game::RULES_CHANGES`]).
    pub changes: Vec<String>,
    /// How many of the record's actions were played again: all of them, unless one was refused.
    pub replayed: usize,
    /// The first action (0 for the record's first) after which the state is no longer the one recorded:
    /// from there the game differs from how it was played. `None` when it never does (for the actions
    /// that carry a hash).
    pub first_difference: Option<usize>,
    /// The first action the new rules refuse, if any.
    pub refused: Option<RefusedStep>,
    /// That action and every one after it, kept as they were recorded but not played.
    pub set_aside: Vec<RecordedAction>,
}

/// An action of an old record that today's rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedStep {
    /// 0 for the record's first action.
    pub index: usize,
    /// Why, as the rules say it.
    pub why: String,
}

impl Migration {
    /// The report in words for players: what changed, and whether the game they played still stands.
    pub fn report(&self) -> String {
        let mut text = format!("The rules changed since this game began (rules version {} to {}).", self.from, self.to);
        for change in &self.changes {
            text.push_str(&format!("\n- {change}"));
        }
        text.push('\n');
        text.push_str(&self.standing());
        text
    }

    /// Whether the game as played still stands under the new rules, in one sentence or two.
    pub fn standing(&self) -> String {
        match (&self.refused, self.first_difference) {
            (Some(refused), _) => format!(
                "Step {} is not allowed by the new rules ({}), so the game goes on from just before it; {} from \
                 there on {} set aside and kept in its record.",
                refused.index + 1,
                refused.why,
                crate::words::count(self.set_aside.len() as i64, "step"),
                if self.set_aside.len() == 1 { "is" } else { "are" },
            ),
            (None, Some(index)) => {
                format!(
                    "Every step still stands, but from step {} on the position differs from the one played.",
                    index + 1
                )
            }
            (None, None) => "Every step still stands, and the position is the one played.".into(),
        }
    }
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
