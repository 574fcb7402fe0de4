//! The registry of every game Imperia hosts. The CLI and the server find games here by id, and know them
//! only through [`imperia_core::DynMatch`]; adding a game means adding its crate and one line below.

use imperia_core::{GameEntry, Registry};

/// Every hosted game.
pub fn registry() -> Registry {
    Registry::new(vec![GameEntry::of::<imperial2030::Imperial2030>()])
}
