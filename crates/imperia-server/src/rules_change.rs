//! Games made under earlier rules. When a rule is fixed, the game's rules version goes up
//! (`Game::RULES_VERSION`); a game in progress, or a finished one, saved under an earlier version is played
//! again under today's rules the first time a server loads it (`imperia_core::Match::migrate`). The game
//! is kept so — today's rules version, today's state hashes, the steps the new rules refuse set aside and
//! kept — and its players are told what changed and whether the game they played still stands. A finished
//! game's settled places and ratings are not settled again.

use imperia_core::{Migration, Record, Seat};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::store::GameRow;
use crate::table::Feature;
use crate::table::LiveGame;

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

/// The changes of rules a game went through, oldest first: its part ([`crate::parts::Parts`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Changes(Vec<Migration>);

/// The changes of rules each game went through, shown on its page.
pub struct RulesChanges;

impl Feature for RulesChanges {
    fn read(&self, row: &GameRow, g: &mut LiveGame, moved: bool) -> bool {
        moved && g.parts.set(Changes(row.record.migrations.clone()))
    }

    fn record(&self, g: &LiveGame, record: &mut Record) {
        record.migrations = g.parts.get::<Changes>().map(|c| c.0.clone()).unwrap_or_default();
    }

    fn view(&self, g: &LiveGame, _viewer: Option<Seat>, out: &mut Map<String, Value>) {
        let changes = g.parts.get::<Changes>().map_or(&[][..], |c| c.0.as_slice());
        let views: Vec<RulesChangeView> = changes.iter().map(RulesChangeView::of).collect();
        out.insert("rules_changes".into(), json!(views));
    }
}
