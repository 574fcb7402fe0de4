//! Action numbers ([`imperia_core::numbering`]), sized by the content: spaces, cards, ministries,
//! advantages, investment and bonus tiles, the most theatres of a war and the most abilities of a ministry;
//! squadrons are deployed between naval spaces, numbered by their place among them. Where the action names
//! an action-point pool by its place among the turn's pools, a choice by its place among a task's options,
//! or a basic tile by its slot, the field's radix is a documented maximum ([`POOLS`], [`OPTIONS`],
//! [`SLOTS`]), which conformance check 11 proves in every state it visits. Every number is stable. The
//! table for the shipped content is in `docs/action-numbers.md`.

use imperia_core::ActionNumbering;
use imperia_core::numbering::{optional, unoptional};

use crate::action::Action;
use crate::content::{Advantage, ApKind, Card, Content, Ministry, Power, SpaceId};
use crate::state::ImperialStruggle;

/// The most action-point pools a turn holds.
pub const POOLS: usize = 8;
/// The most options a task offers.
pub const OPTIONS: usize = 8;
/// The most basic war tiles a power has in one theatre.
pub const SLOTS: usize = 8;
/// Debt a pass may reduce: 0 to 2.
const REDUCTIONS: usize = 3;

fn id(digit: usize) -> Option<u8> {
    u8::try_from(digit).ok()
}

/// A naval space's place among the naval spaces, and back.
fn naval_index(c: &Content, s: SpaceId) -> Option<usize> {
    let naval = c.masks.naval.0;
    let bit = 1u128.checked_shl(u32::from(s.0))?;
    (naval & bit != 0).then(|| (naval & (bit - 1)).count_ones() as usize)
}

fn naval(c: &Content, index: usize) -> Option<SpaceId> {
    (0..128u8).filter(|&i| c.masks.naval.0 & (1u128 << i) != 0).nth(index).map(SpaceId)
}

impl ImperialStruggle {
    /// The layout of this game's action numbers.
    pub fn numbering(&self) -> ActionNumbering {
        let c = &*self.content;
        let (spaces, cards, ministries, advantages) =
            (c.spaces.len(), c.cards.len(), c.ministries.len(), c.advantages.len());
        let navals = c.masks.naval.0.count_ones() as usize;
        let abilities = c.ministries.iter().map(|m| m.abilities.len()).max().unwrap_or(0);
        let theatres = c.wars.iter().map(|w| w.theatres.len()).max().unwrap_or(0);
        let pool = ("pool", POOLS);
        ActionNumbering::new()
            .kind("set aside", &[("card", cards)])
            .kind("keep hand", &[])
            .kind("pick ministry", &[("ministry", ministries)])
            .kind("swap ministry", &[("out", ministries), ("into", ministries)])
            .kind("ministries done", &[])
            .kind("go first", &[("power", Power::BOTH.len())])
            .kind("take tile", &[("investment tile", c.investments.len())])
            .kind("pass", &[("debt reduced", REDUCTIONS)])
            .kind("play event", &[("card", cards)])
            .kind("influence", &[("space", spaces), pool])
            .kind("unflag with", &[("advantage", advantages), ("space", spaces), pool])
            .kind("draw event", &[pool])
            .kind("buy bonus tile", &[pool])
            .kind("remove conflict", &[("space", spaces), pool])
            .kind("build fort", &[("space", spaces), pool])
            .kind("repair fort", &[("space", spaces), pool])
            .kind("take fort", &[("space", spaces), pool])
            .kind("build squadron", &[pool])
            .kind("deploy", &[("from naval space or the navy box", 1 + navals), ("to naval space", navals), pool])
            .kind("convert", &[pool, ("into", ApKind::ALL.len())])
            .kind("jacobite vp", &[pool])
            .kind("borrow", &[pool])
            .kind("treaty", &[pool])
            .kind("advantage", &[("advantage", advantages)])
            .kind("reveal", &[("ministry", ministries)])
            .kind("ministry", &[("ministry", ministries), ("ability", abilities)])
            .kind("upgrade", &[])
            .kind("flip huguenots", &[("space", spaces)])
            .kind("end turn", &[])
            .kind("pick", &[("space", spaces)])
            .kind("navy box", &[])
            .kind("choose", &[("option", OPTIONS)])
            .kind("theatre", &[("theatre", theatres)])
            .kind("bonus tile", &[("bonus tile", c.bonus_tiles.len())])
            .kind("basic tile", &[("theatre", theatres), ("slot", SLOTS)])
            .kind("discard", &[("card", cards)])
            .kind("done", &[])
    }

    /// The number of `action` in layout `n` (this game's [`ImperialStruggle::numbering`]).
    pub(crate) fn number_in(&self, n: &ActionNumbering, action: &Action) -> Option<usize> {
        let c = &*self.content;
        let p = |pool: &u8| usize::from(*pool);
        match action {
            Action::SetAside(card) => n.encode("set aside", &[card.index()]),
            Action::KeepHand => n.encode("keep hand", &[]),
            Action::PickMinistry(m) => n.encode("pick ministry", &[m.index()]),
            Action::SwapMinistry { out, into } => n.encode("swap ministry", &[out.index(), into.index()]),
            Action::MinistriesDone => n.encode("ministries done", &[]),
            Action::GoFirst(power) => n.encode("go first", &[power.index()]),
            Action::TakeTile(tile) => n.encode("take tile", &[usize::from(*tile)]),
            Action::Pass { reduce } => n.encode("pass", &[usize::from(*reduce)]),
            Action::PlayEvent(card) => n.encode("play event", &[card.index()]),
            Action::Influence { space, pool } => n.encode("influence", &[space.index(), p(pool)]),
            Action::UnflagWith { advantage, space, pool } => {
                n.encode("unflag with", &[advantage.index(), space.index(), p(pool)])
            }
            Action::DrawEvent { pool } => n.encode("draw event", &[p(pool)]),
            Action::BuyBonusTile { pool } => n.encode("buy bonus tile", &[p(pool)]),
            Action::RemoveConflict { space, pool } => n.encode("remove conflict", &[space.index(), p(pool)]),
            Action::BuildFort { space, pool } => n.encode("build fort", &[space.index(), p(pool)]),
            Action::RepairFort { space, pool } => n.encode("repair fort", &[space.index(), p(pool)]),
            Action::TakeFort { space, pool } => n.encode("take fort", &[space.index(), p(pool)]),
            Action::BuildSquadron { pool } => n.encode("build squadron", &[p(pool)]),
            Action::Deploy { from, to, pool } => {
                let from = match from {
                    Some(s) => Some(naval_index(c, *s)?),
                    None => None,
                };
                n.encode("deploy", &[optional(from), naval_index(c, *to)?, p(pool)])
            }
            Action::Convert { pool, into } => {
                n.encode("convert", &[p(pool), ApKind::ALL.iter().position(|k| k == into)?])
            }
            Action::JacobiteVp { pool } => n.encode("jacobite vp", &[p(pool)]),
            Action::Borrow { pool } => n.encode("borrow", &[p(pool)]),
            Action::Treaty { pool } => n.encode("treaty", &[p(pool)]),
            Action::Advantage(a) => n.encode("advantage", &[a.index()]),
            Action::Reveal(m) => n.encode("reveal", &[m.index()]),
            Action::Ministry { ministry, ability } => n.encode("ministry", &[ministry.index(), usize::from(*ability)]),
            Action::Upgrade => n.encode("upgrade", &[]),
            Action::FlipHuguenots(space) => n.encode("flip huguenots", &[space.index()]),
            Action::EndTurn => n.encode("end turn", &[]),
            Action::Pick(space) => n.encode("pick", &[space.index()]),
            Action::NavyBox => n.encode("navy box", &[]),
            Action::Choose(option) => n.encode("choose", &[usize::from(*option)]),
            Action::Theatre(theatre) => n.encode("theatre", &[usize::from(*theatre)]),
            Action::BonusTile(tile) => n.encode("bonus tile", &[usize::from(*tile)]),
            Action::BasicTile { theatre, slot } => n.encode("basic tile", &[usize::from(*theatre), usize::from(*slot)]),
            Action::Discard(card) => n.encode("discard", &[card.index()]),
            Action::Done => n.encode("done", &[]),
        }
    }

    pub(crate) fn numbered(&self, number: usize) -> Option<Action> {
        let d = self.numbering().decode(number)?;
        let c = &*self.content;
        let [d0, d1, d2, ..] = d.digits;
        let (space, card, ministry) = (SpaceId(id(d0)?), Card(id(d0)?), Ministry(id(d0)?));
        Some(match d.kind {
            "set aside" => Action::SetAside(card),
            "keep hand" => Action::KeepHand,
            "pick ministry" => Action::PickMinistry(ministry),
            "swap ministry" => Action::SwapMinistry { out: ministry, into: Ministry(id(d1)?) },
            "ministries done" => Action::MinistriesDone,
            "go first" => Action::GoFirst(Power::BOTH[d0]),
            "take tile" => Action::TakeTile(id(d0)?),
            "pass" => Action::Pass { reduce: id(d0)? },
            "play event" => Action::PlayEvent(card),
            "influence" => Action::Influence { space, pool: id(d1)? },
            "unflag with" => {
                Action::UnflagWith { advantage: Advantage(id(d0)?), space: SpaceId(id(d1)?), pool: id(d2)? }
            }
            "draw event" => Action::DrawEvent { pool: id(d0)? },
            "buy bonus tile" => Action::BuyBonusTile { pool: id(d0)? },
            "remove conflict" => Action::RemoveConflict { space, pool: id(d1)? },
            "build fort" => Action::BuildFort { space, pool: id(d1)? },
            "repair fort" => Action::RepairFort { space, pool: id(d1)? },
            "take fort" => Action::TakeFort { space, pool: id(d1)? },
            "build squadron" => Action::BuildSquadron { pool: id(d0)? },
            "deploy" => {
                let from = match unoptional(d0) {
                    Some(i) => Some(naval(c, i)?),
                    None => None,
                };
                Action::Deploy { from, to: naval(c, d1)?, pool: id(d2)? }
            }
            "convert" => Action::Convert { pool: id(d0)?, into: ApKind::ALL[d1] },
            "jacobite vp" => Action::JacobiteVp { pool: id(d0)? },
            "borrow" => Action::Borrow { pool: id(d0)? },
            "treaty" => Action::Treaty { pool: id(d0)? },
            "advantage" => Action::Advantage(Advantage(id(d0)?)),
            "reveal" => Action::Reveal(ministry),
            "ministry" => Action::Ministry { ministry, ability: id(d1)? },
            "upgrade" => Action::Upgrade,
            "flip huguenots" => Action::FlipHuguenots(space),
            "end turn" => Action::EndTurn,
            "pick" => Action::Pick(space),
            "navy box" => Action::NavyBox,
            "choose" => Action::Choose(id(d0)?),
            "theatre" => Action::Theatre(id(d0)?),
            "bonus tile" => Action::BonusTile(u16::try_from(d0).ok()?),
            "basic tile" => Action::BasicTile { theatre: id(d0)?, slot: id(d1)? },
            "discard" => Action::Discard(card),
            "done" => Action::Done,
            _ => return None,
        })
    }
}
