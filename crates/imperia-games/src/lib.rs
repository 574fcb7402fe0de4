//! The registry of every game Imperia hosts. The CLI and the server find games here by id, and know them
//! only through [`imperia_core::DynMatch`] and [`imperia_bots::DynBot`]; adding a game means adding its crate
//! and one line to each list below.

use brazil_imperial::Brazil;
use endeavor::Endeavor;
use imperia_bots::BotEntry;
use imperia_core::{GameEntry, Registry};
use imperial_struggle::ImperialStruggle;
use imperial2030::Imperial2030;
use virgin_queen::VirginQueen;

/// Every hosted game.
pub fn registry() -> Registry {
    Registry::new(vec![
        GameEntry::of::<Imperial2030>().with_conformance::<Imperial2030>(),
        GameEntry::of::<ImperialStruggle>().with_conformance::<ImperialStruggle>(),
        GameEntry::of::<VirginQueen>().with_conformance::<VirginQueen>(),
        GameEntry::of::<Endeavor>().with_conformance::<Endeavor>(),
        GameEntry::of::<Brazil>().with_conformance::<Brazil>(),
    ])
}

/// How to seat bots in every hosted game.
pub fn bots() -> Vec<BotEntry> {
    vec![
        BotEntry::of::<Imperial2030>().with_training::<Imperial2030>().with_conformance::<Imperial2030>(),
        BotEntry::of::<ImperialStruggle>().with_training::<ImperialStruggle>().with_conformance::<ImperialStruggle>(),
        BotEntry::of::<VirginQueen>().with_training::<VirginQueen>().with_conformance::<VirginQueen>(),
        BotEntry::of::<Endeavor>().with_training::<Endeavor>().with_conformance::<Endeavor>(),
        BotEntry::of::<Brazil>().with_training::<Brazil>().with_conformance::<Brazil>(),
    ]
}

/// The bot entry of game `id`.
pub fn bots_for(id: &str) -> Option<BotEntry> {
    bots().into_iter().find(|b| b.id == id)
}
