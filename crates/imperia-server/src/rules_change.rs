//! Games made under earlier rules. When a rule is fixed, the game's rules version goes up
//! (`Game::RULES_VERSION`); a game in progress, or a finished one, saved under an earlier version is played
//! again under today's rules the first time a server loads it (`imperia_core::Match::migrate`). The game
//! is kept so — today's rules version, today's state hashes, the steps the new rules refuse set aside and
//! kept — and its players are told what changed and whether the game they played still stands. A finished
//! game's settled places and ratings are not settled again.

use imperia_core::{Migration, Record};
use serde::Serialize;

use crate::live::AppState;
use crate::store::{GameRow, StoreError};

/// A change of rules as the game page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RulesChangeView {
    /// The rules version the game was played under until then.
    pub from: u32,
    /// The version it is played under since.
    pub to: u32,
    /// What changed, a sentence each.
    pub changes: Vec<String>,
    /// Whether the game as played still stands under the new rules.
    pub standing: String,
    /// How many steps the new rules refuse: set aside, and kept in the game's record.
    pub set_aside: usize,
}

impl RulesChangeView {
    pub fn of(m: &Migration) -> RulesChangeView {
        RulesChangeView {
            from: m.from,
            to: m.to,
            changes: m.changes.clone(),
            standing: m.standing(),
            set_aside: m.set_aside.len(),
        }
    }
}

/// Keep `row`'s game as played again under today's rules, where it stands at `record` (`finished` or not),
/// with its `migration`: in the database, and in `row` (its version, rules version and changes of rules).
/// `Conflict` if another server did it first.
pub async fn keep(
    state: &AppState,
    row: &mut GameRow,
    record: Record,
    finished: bool,
    migration: Migration,
) -> Result<(), StoreError> {
    state.store.change_rules(row.id, row.version, finished, &record, &migration).await?;
    tracing::info!(
        "game {} was played again under rules version {} (it was made under {}): {} of its steps stand",
        row.id,
        migration.to,
        migration.from,
        migration.replayed
    );
    row.version += 1;
    row.record.rules_version = record.rules_version;
    row.record.actions = record.actions;
    row.record.migrations.push(migration);
    Ok(())
}
