//! Variant options (§12, and the rulebook's game notes).

use serde::{Deserialize, Serialize};

/// How a game is set up. Every option is off by default: the plain game of the rulebook.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Always 2: Britain (seat 0) against France (seat 1). Accepted so hosts may pass a player count.
    pub players: Option<usize>,
    /// §12.1 «Испанская империя»: Spanish flags on Havana, Santiago and Puerto Principe.
    pub spanish_empire: bool,
    /// §12.2 «Военное планирование», first half: the military upgrade swaps two of your basic tiles
    /// between theatres instead of drawing a new one.
    pub planned_upgrades: bool,
    /// §12.2, second half: at each war's layout, draw one basic tile per theatre and assign them yourself.
    pub planned_layout: bool,
    /// §12.3 «Укреплённые форты»: conquering a fort needs a war route, which opens the Louisbourg–Halifax route.
    pub fortified_forts: bool,
}
