//! Action numbers ([`imperia_core::numbering`]), sized by the content and the config's map: hexes by their
//! number on the map, units, buildings, cities, rulers, cards. Palaces are numbered by their value (2 to 6),
//! a goal's task below the most tasks of a goal.
//!
//! Three fields have no small universe, and are numbered by their rank among the seat's legal actions
//! sharing every other field, below a documented maximum that conformance check 11 proves in every state it
//! visits: the goals kept at setup (one of two in each era, [`KEEPS`] ways), the battle cards committed to a
//! fight or paid with Afonso I ([`COMMITS`], [`AFONSO`]), and the units a carrier takes along
//! ([`CARRIES`]). A move without passengers is a kind of its own, every field stable; a move with them is
//! numbered by the carrier's place among the carrying units. The table for the shipped content is in
//! `docs/action-numbers.md`.

use std::cell::OnceCell;

use imperia_core::numbering::{nth_among, optional, rank_among, unoptional};
use imperia_core::{ActionNumbering, Game, Seat};

use crate::content::{
    Ability, BattleId, BuildingId, CityId, GoalId, ItemId, OpportunityId, Piece, PrivilegeId, RulerId, Space, UnitId,
};
use crate::map::Hex;
use crate::play::{Action, Trade};
use crate::state::{Brazil, Frame};

/// Ways to keep one goal of each era's two.
pub const KEEPS: usize = 8;
/// The most sets of battle cards a player may commit to one fight (up to three of its hand).
pub const COMMITS: usize = 256;
/// The most ways to pay with Afonso I's battle cards.
pub const AFONSO: usize = 16;
/// The most sets of passengers a carrier may take from one hex (its colour's other four units).
pub const CARRIES: usize = 16;
/// Palaces are valued 2 to 6; the digit is the value.
const PALACES: usize = 7;
/// Eras of a Quilombo choice: 1 to 3; the digit is the era.
const ERAS: usize = 4;
/// The refill choices.
const BACKS: usize = 3;
/// Cotton in a fine trade: 0 to 2.
const FINE: usize = 3;

fn id(digit: usize) -> Option<u8> {
    u8::try_from(digit).ok()
}

/// The frames a craft may go onto: the spaces, the ruler's board, the museum.
fn frame_digit(frame: Frame) -> usize {
    match frame {
        Frame::Space(s) => s.index(),
        Frame::Ruler => Space::ALL.len(),
        Frame::Museum => Space::ALL.len() + 1,
    }
}

fn frame(digit: usize) -> Frame {
    match Space::ALL.get(digit) {
        Some(&s) => Frame::Space(s),
        None if digit == Space::ALL.len() => Frame::Ruler,
        None => Frame::Museum,
    }
}

fn piece(p: Piece) -> usize {
    p.index()
}

impl Brazil {
    /// The units that carry others, in content order.
    fn carriers(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.content.units.len())
            .filter(|&u| self.content.units[u].ability == Ability::Carries)
            .filter_map(|u| id(u).map(UnitId))
    }

    /// A hex's digit: its number on this game's map.
    fn hex(&self, hex: Hex) -> Option<usize> {
        self.board().index(hex)
    }

    fn hex_at(&self, digit: usize) -> Option<Hex> {
        self.board().hexes.get(digit).copied()
    }

    /// The layout of this game's action numbers.
    pub fn numbering(&self) -> ActionNumbering {
        let c = &*self.content;
        let hexes = ("hex", self.board().hexes.len());
        let units = ("unit", c.units.len());
        let (pieces, spaces) = (("piece", Piece::ALL.len()), ("space", Space::ALL.len()));
        let battle = c.battle_cards.len();
        let tasks = c.goals.iter().map(|g| g.tasks.len()).max().unwrap_or(0);
        ActionNumbering::new()
            .kind("prepare", &[("ruler", c.rulers.len()), ("goals kept (rank)", KEEPS)])
            .kind("capital", &[hexes])
            .kind("activate", &[spaces])
            .kind("recruit", &[units, hexes])
            .kind("take", &[("privilege", c.privileges.len())])
            .kind("build", &[("building", c.buildings.len()), hexes, ("second cost", 2), ("jesuits", 2)])
            .kind("found", &[("city", c.cities.len()), hexes])
            .kind("renew", &[hexes, ("flip", 2)])
            .kind("craft", &[("item", c.items.len()), ("onto space, ruler or museum", Space::ALL.len() + 2)])
            .kind("gather", &[pieces])
            .kind("sell", &[pieces])
            .kind("sell cotton and coffee", &[("cotton", FINE)])
            .kind("sell in bulk", &[])
            .kind("trade battle cards", &[("card", battle), ("card", battle)])
            .kind("done", &[])
            .kind("pay", &[("from hex or the supply", 1 + self.board().hexes.len()), pieces])
            .kind("pay card", &[("opportunity", c.opportunities.len())])
            .kind("pay battle", &[("battle card", battle)])
            .kind("afonso", &[("battle cards (rank)", AFONSO)])
            .kind("move", &[units, hexes, ("extra", 2)])
            .kind(
                "move carrying",
                &[("carrier", self.carriers().count()), hexes, ("passengers (rank)", CARRIES), ("extra", 2)],
            )
            .kind("bombard", &[units, hexes])
            .kind("fight", &[hexes])
            .kind("peek", &[hexes])
            .kind("commit", &[("battle cards (rank)", COMMITS)])
            .kind("defeat", &[units])
            .kind("declare", &[("goal", c.goals.len()), ("task", tasks)])
            .kind("palace", &[("palace", PALACES), hexes])
            .kind("no palace", &[])
            .kind("era token", &[spaces])
            .kind("park", &[spaces])
            .kind("play", &[("opportunity", c.opportunities.len())])
            .kind("braganca", &[("palace", PALACES), hexes])
            .kind("gain", &[pieces])
            .kind("quilombo", &[("era", ERAS)])
            .kind("refill", &[("back", BACKS)])
            .kind("return", &[pieces])
            .kind("discard battle", &[("battle card", battle)])
            .kind("discard opportunity", &[("opportunity", c.opportunities.len())])
            .kind("end", &[])
    }

    /// The number of `action` for `seat` in layout `n` (this game's [`Brazil::numbering`]); `legal` holds
    /// the seat's legal actions, or is filled with them when a rank needs them.
    pub(crate) fn number_in(
        &self,
        n: &ActionNumbering,
        legal: &OnceCell<Vec<Action>>,
        seat: Seat,
        action: &Action,
    ) -> Option<usize> {
        let legal = || legal.get_or_init(|| self.legal_actions(seat));
        let rank = |same: &dyn Fn(&Action) -> bool| rank_among(legal(), action, same);
        match action {
            Action::Prepare { ruler, .. } => {
                let r = *ruler;
                n.encode("prepare", &[r.index(), rank(&|a| matches!(a, Action::Prepare { ruler, .. } if *ruler == r))?])
            }
            Action::Capital { at } => n.encode("capital", &[self.hex(*at)?]),
            Action::Activate { space } => n.encode("activate", &[space.index()]),
            Action::Recruit { unit, at } => n.encode("recruit", &[unit.index(), self.hex(*at)?]),
            Action::Take { card } => n.encode("take", &[card.index()]),
            Action::Build { building, at, alt, jesuits } => {
                n.encode("build", &[building.index(), self.hex(*at)?, usize::from(*alt), usize::from(*jesuits)])
            }
            Action::Found { city, at } => n.encode("found", &[city.index(), self.hex(*at)?]),
            Action::Renew { at, flip } => n.encode("renew", &[self.hex(*at)?, usize::from(*flip)]),
            Action::Craft { item, on } => n.encode("craft", &[item.index(), frame_digit(*on)]),
            Action::Gather { piece: p } => n.encode("gather", &[piece(*p)]),
            Action::Exchange { trade: Trade::Sell { piece: p } } => n.encode("sell", &[piece(*p)]),
            Action::Exchange { trade: Trade::Fine { cotton } } => {
                n.encode("sell cotton and coffee", &[usize::from(*cotton)])
            }
            Action::Exchange { trade: Trade::Bulk } => n.encode("sell in bulk", &[]),
            Action::Exchange { trade: Trade::Cards { a, b } } => {
                n.encode("trade battle cards", &[a.index(), b.index()])
            }
            Action::Done => n.encode("done", &[]),
            Action::Pay { from, piece: p } => {
                let from = match from {
                    Some(h) => Some(self.hex(*h)?),
                    None => None,
                };
                n.encode("pay", &[optional(from), piece(*p)])
            }
            Action::PayCard { card } => n.encode("pay card", &[card.index()]),
            Action::PayBattle { card } => n.encode("pay battle", &[card.index()]),
            Action::Afonso { .. } => n.encode("afonso", &[rank(&|a| matches!(a, Action::Afonso { .. }))?]),
            Action::Move { unit, to, carry, extra } if carry.is_empty() => {
                n.encode("move", &[unit.index(), self.hex(*to)?, usize::from(*extra)])
            }
            Action::Move { unit, to, extra, .. } => {
                let carrier = self.carriers().position(|u| u == *unit)?;
                let (u, t, e) = (*unit, *to, *extra);
                let passengers = rank(&|a| {
                    matches!(a, Action::Move { unit, to, carry, extra }
                        if *unit == u && *to == t && *extra == e && !carry.is_empty())
                })?;
                n.encode("move carrying", &[carrier, self.hex(*to)?, passengers, usize::from(*extra)])
            }
            Action::Bombard { unit, target } => n.encode("bombard", &[unit.index(), self.hex(*target)?]),
            Action::Fight { at } => n.encode("fight", &[self.hex(*at)?]),
            Action::Peek { at } => n.encode("peek", &[self.hex(*at)?]),
            Action::Commit { .. } => n.encode("commit", &[rank(&|a| matches!(a, Action::Commit { .. }))?]),
            Action::Defeat { unit } => n.encode("defeat", &[unit.index()]),
            Action::Declare { goal, task } => n.encode("declare", &[goal.index(), usize::from(*task)]),
            Action::Palace { palace, at } => n.encode("palace", &[usize::from(*palace), self.hex(*at)?]),
            Action::NoPalace => n.encode("no palace", &[]),
            Action::EraToken { space } => n.encode("era token", &[space.index()]),
            Action::Park { space } => n.encode("park", &[space.index()]),
            Action::Play { card } => n.encode("play", &[card.index()]),
            Action::Braganca { palace, at } => n.encode("braganca", &[usize::from(*palace), self.hex(*at)?]),
            Action::Gain { piece: p } => n.encode("gain", &[piece(*p)]),
            Action::Quilombo { era } => n.encode("quilombo", &[usize::from(*era)]),
            Action::Refill { back } => n.encode("refill", &[usize::from(*back)]),
            Action::Return { piece: p } => n.encode("return", &[piece(*p)]),
            Action::DiscardBattle { card } => n.encode("discard battle", &[card.index()]),
            Action::DiscardOpportunity { card } => n.encode("discard opportunity", &[card.index()]),
            Action::End => n.encode("end", &[]),
        }
    }

    pub(crate) fn numbered(&self, seat: Seat, number: usize) -> Option<Action> {
        let d = self.numbering().decode(number)?;
        let [d0, d1, d2, d3, ..] = d.digits;
        let nth = |rank: usize, same: &dyn Fn(&Action) -> bool| nth_among(&self.legal_actions(seat), rank, same);
        let unit = UnitId(id(d0)?);
        Some(match d.kind {
            "prepare" => {
                let r = RulerId(id(d0)?);
                nth(d1, &|a| matches!(a, Action::Prepare { ruler, .. } if *ruler == r))?
            }
            "capital" => Action::Capital { at: self.hex_at(d0)? },
            "activate" => Action::Activate { space: Space::ALL[d0] },
            "recruit" => Action::Recruit { unit, at: self.hex_at(d1)? },
            "take" => Action::Take { card: PrivilegeId(id(d0)?) },
            "build" => {
                Action::Build { building: BuildingId(id(d0)?), at: self.hex_at(d1)?, alt: d2 == 1, jesuits: d3 == 1 }
            }
            "found" => Action::Found { city: CityId(id(d0)?), at: self.hex_at(d1)? },
            "renew" => Action::Renew { at: self.hex_at(d0)?, flip: d1 == 1 },
            "craft" => Action::Craft { item: ItemId(id(d0)?), on: frame(d1) },
            "gather" => Action::Gather { piece: Piece::ALL[d0] },
            "sell" => Action::Exchange { trade: Trade::Sell { piece: Piece::ALL[d0] } },
            "sell cotton and coffee" => Action::Exchange { trade: Trade::Fine { cotton: id(d0)? } },
            "sell in bulk" => Action::Exchange { trade: Trade::Bulk },
            "trade battle cards" => {
                Action::Exchange { trade: Trade::Cards { a: BattleId(id(d0)?), b: BattleId(id(d1)?) } }
            }
            "done" => Action::Done,
            "pay" => {
                let from = match unoptional(d0) {
                    Some(h) => Some(self.hex_at(h)?),
                    None => None,
                };
                Action::Pay { from, piece: Piece::ALL[d1] }
            }
            "pay card" => Action::PayCard { card: OpportunityId(id(d0)?) },
            "pay battle" => Action::PayBattle { card: BattleId(id(d0)?) },
            "afonso" => nth(d0, &|a| matches!(a, Action::Afonso { .. }))?,
            "move" => Action::Move { unit, to: self.hex_at(d1)?, carry: Vec::new(), extra: d2 == 1 },
            "move carrying" => {
                let (u, t, e) = (self.carriers().nth(d0)?, self.hex_at(d1)?, d3 == 1);
                nth(d2, &|a| {
                    matches!(a, Action::Move { unit, to, carry, extra }
                        if *unit == u && *to == t && *extra == e && !carry.is_empty())
                })?
            }
            "bombard" => Action::Bombard { unit, target: self.hex_at(d1)? },
            "fight" => Action::Fight { at: self.hex_at(d0)? },
            "peek" => Action::Peek { at: self.hex_at(d0)? },
            "commit" => nth(d0, &|a| matches!(a, Action::Commit { .. }))?,
            "defeat" => Action::Defeat { unit },
            "declare" => Action::Declare { goal: GoalId(id(d0)?), task: id(d1)? },
            "palace" => Action::Palace { palace: id(d0)?, at: self.hex_at(d1)? },
            "no palace" => Action::NoPalace,
            "era token" => Action::EraToken { space: Space::ALL[d0] },
            "park" => Action::Park { space: Space::ALL[d0] },
            "play" => Action::Play { card: OpportunityId(id(d0)?) },
            "braganca" => Action::Braganca { palace: id(d0)?, at: self.hex_at(d1)? },
            "gain" => Action::Gain { piece: Piece::ALL[d0] },
            "quilombo" => Action::Quilombo { era: id(d0)? },
            "refill" => Action::Refill { back: id(d0)? },
            "return" => Action::Return { piece: Piece::ALL[d0] },
            "discard battle" => Action::DiscardBattle { card: BattleId(id(d0)?) },
            "discard opportunity" => Action::DiscardOpportunity { card: OpportunityId(id(d0)?) },
            "end" => Action::End,
            _ => return None,
        })
    }
}
