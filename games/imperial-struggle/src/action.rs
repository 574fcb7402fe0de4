//! Every decision a power can make, one atomic step each (ARCHITECTURE §2): a turn is a tile, then points
//! spent one purchase at a time, then "end turn"; an effect's choices are answered one space or option at a
//! time. `Display` says what an action does in plain words; `ImperialStruggle::describe` adds its cost and
//! the names of the options on the table.

use std::fmt;

use imperia_core::ContentSet;
use serde::{Deserialize, Serialize};

use crate::content::{Advantage, ApKind, Card, Content, Ministry, Power, SpaceId};
use crate::event::name;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Deal (§4.1.6): set this card aside (it goes face up to the discard when both powers are done).
    SetAside(Card),
    /// Deal: keep the hand as it is now (exactly three cards).
    KeepHand,
    /// Ministry phase (§4.1.7): take this ministry face down.
    PickMinistry(Ministry),
    /// Ministry phase in an era's second round: replace a face-down ministry by another of the era.
    SwapMinistry {
        out: Ministry,
        into: Ministry,
    },
    /// Ministry phase: done choosing.
    MinistriesDone,
    /// Initiative (§4.1.8): this power moves first.
    GoFirst(Power),
    /// Take an investment tile from the display (§5.1).
    TakeTile(u8),
    /// Give up the tile's points and symbols to reduce debt by this much (§5.1, §6.2).
    Pass {
        reduce: u8,
    },
    /// Play an event card from the hand (§5.2).
    PlayEvent(Card),
    /// Influence a market or political space: flag it if empty, unflag it if the enemy's (§5.4, §5.5).
    Influence {
        space: SpaceId,
        pool: u8,
    },
    /// Use a cost advantage (German Diplomacy, Fur Trade, Rum, …) to unflag one space it applies to at its
    /// lowered cost: one paid action, the tile exhausted with the purchase (§8.2).
    UnflagWith {
        advantage: Advantage,
        space: SpaceId,
        pool: u8,
    },
    /// Draw an event card for 3 diplomatic points (§5.5.3).
    DrawEvent {
        pool: u8,
    },
    /// Buy a bonus war tile for 2 military points (§5.6.1).
    BuyBonusTile {
        pool: u8,
    },
    RemoveConflict {
        space: SpaceId,
        pool: u8,
    },
    BuildFort {
        space: SpaceId,
        pool: u8,
    },
    RepairFort {
        space: SpaceId,
        pool: u8,
    },
    /// Take and repair a damaged enemy fort (§5.6.4).
    TakeFort {
        space: SpaceId,
        pool: u8,
    },
    BuildSquadron {
        pool: u8,
    },
    /// Deploy a squadron from the navy box (`from: None`) or another naval space (§5.6.6).
    Deploy {
        from: Option<SpaceId>,
        to: SpaceId,
        pool: u8,
    },
    /// Round 6: 2 military points become 1 economic or diplomatic point (§5.6.1).
    Convert {
        pool: u8,
        into: ApKind,
    },
    /// Jacobite Uprisings: 3 military points for VP.
    JacobiteVp {
        pool: u8,
    },
    /// Take 1 debt for 1 point in this pool (§6.1).
    Borrow {
        pool: u8,
    },
    /// Spend 1 treaty point for 1 point in this pool (§9.1).
    Treaty {
        pool: u8,
    },
    /// Use an advantage (§8.2).
    Advantage(Advantage),
    /// Turn a face-down ministry face up (§3.5: only in your own turn).
    Reveal(Ministry),
    /// Use a ministry's ability (its first or second, §3.5.2).
    Ministry {
        ministry: Ministry,
        ability: u8,
    },
    /// Use the tile's military-upgrade symbol (§5.3.3).
    Upgrade,
    /// Flip the Huguenots marker on this territory: the next market of its region costs 1 less this turn
    /// (New World Huguenots; once a game per marker).
    FlipHuguenots(SpaceId),
    EndTurn,
    /// Answer an effect: this space.
    Pick(SpaceId),
    /// Answer an effect: a squadron from the navy box.
    NavyBox,
    /// Answer an effect: option number `n`.
    Choose(u8),
    /// Answer an effect: this theatre of the next war.
    Theatre(u8),
    /// Answer an effect: this bonus war tile.
    BonusTile(u16),
    /// Answer an effect: your basic war tile on `theatre`, at `slot`.
    BasicTile {
        theatre: u8,
        slot: u8,
    },
    /// Answer an effect: discard this card.
    Discard(Card),
    /// Stop an effect that allows stopping ("up to", "you may").
    Done,
}

/// Plain words, naming entries as the content set in scope does ([`ContentSet::with_current`]), as the ids'
/// own `Display` does.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let content = ContentSet::<Content>::current();
        match self {
            Action::SetAside(c) => write!(f, "Set {c} aside"),
            Action::KeepHand => f.write_str("Keep this hand"),
            Action::PickMinistry(m) => write!(f, "Choose {m}"),
            Action::SwapMinistry { out, into } => write!(f, "Replace {out} by {into}"),
            Action::MinistriesDone => f.write_str("Done with ministries"),
            Action::GoFirst(p) => write!(f, "{p} moves first"),
            Action::TakeTile(t) => write!(f, "Take the {} tile", crate::event::tile_text(&content, *t)),
            // With no debt a pass reduces nothing (see `Pass` above).
            Action::Pass { reduce: 0 } => write!(f, "Pass (no debt to reduce)"),
            Action::Pass { reduce } => write!(f, "Pass and reduce debt by {reduce}"),
            Action::PlayEvent(c) => write!(f, "Play {c}"),
            Action::Influence { space, .. } => write!(f, "Influence {}", name(&content, *space)),
            Action::DrawEvent { .. } => f.write_str("Draw an event card"),
            Action::BuyBonusTile { .. } => f.write_str("Buy a bonus war tile"),
            Action::RemoveConflict { space, .. } => {
                write!(f, "Remove the conflict marker from {}", name(&content, *space))
            }
            Action::BuildFort { space, .. } => write!(f, "Build a fort at {}", name(&content, *space)),
            Action::RepairFort { space, .. } => write!(f, "Repair the fort at {}", name(&content, *space)),
            Action::TakeFort { space, .. } => write!(f, "Take the damaged fort at {}", name(&content, *space)),
            Action::BuildSquadron { .. } => f.write_str("Build a squadron"),
            Action::Deploy { from: None, to, .. } => {
                write!(f, "Deploy a squadron from the navy box to {}", name(&content, *to))
            }
            Action::Deploy { from: Some(s), to, .. } => {
                write!(f, "Move the squadron at {} to {}", name(&content, *s), name(&content, *to))
            }
            Action::Convert { into, .. } => write!(f, "Convert 2 military points into 1 {into} point"),
            Action::JacobiteVp { .. } => f.write_str("Spend 3 military points for Jacobite VP"),
            Action::Borrow { .. } => f.write_str("Take 1 debt for 1 point"),
            Action::Treaty { .. } => f.write_str("Spend 1 treaty point for 1 point"),
            Action::Advantage(a) => write!(f, "Use {a}"),
            Action::UnflagWith { advantage, space, .. } => {
                write!(f, "Use {advantage} to unflag {}", name(&content, *space))
            }
            Action::Reveal(m) => write!(f, "Reveal {m}"),
            Action::Ministry { ministry, ability } => write!(f, "Use {ministry} (ability {})", ability + 1),
            Action::Upgrade => f.write_str("Use the military upgrade"),
            Action::FlipHuguenots(s) => write!(f, "Flip the Huguenots marker on {}", name(&content, *s)),
            Action::EndTurn => f.write_str("End the turn"),
            Action::Pick(s) => write!(f, "{}", name(&content, *s)),
            Action::NavyBox => f.write_str("A squadron in the navy box"),
            Action::Choose(n) => write!(f, "Option {}", n + 1),
            Action::Theatre(t) => write!(f, "Theatre {}", t + 1),
            Action::BonusTile(t) => write!(f, "Bonus tile {}", content.bonus_tiles[*t as usize].name),
            Action::BasicTile { theatre, .. } => write!(f, "The basic tile on theatre {}", theatre + 1),
            Action::Discard(c) => write!(f, "Discard {c}"),
            Action::Done => f.write_str("Done"),
        }
    }
}
