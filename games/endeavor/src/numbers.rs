//! Action numbers ([`imperia_core::numbering`]): every kind of [`Action`] with its fields, sized by the
//! content (buildings, spaces, zones, cards) and the coast; nothing is composite, so every number is stable.
//! The table for the shipped content is in `docs/action-numbers.md`.

use imperia_core::ActionNumbering;

use crate::content::{ActKind, Attribute, BuildingId, CardId, SpaceId, TokenKind, ZoneId};
use crate::play::{Action, Sail};
use crate::state::{COAST, Endeavor};

/// The Silent Fleet's answers, in digit order.
const ANSWERS: [ActKind; 5] = [ActKind::Ship, ActKind::Occupy, ActKind::Attack, ActKind::Payment, ActKind::Draw];

impl Endeavor {
    /// The layout of this game's action numbers.
    pub fn numbering(&self) -> ActionNumbering {
        let c = &*self.content;
        let (buildings, spaces, zones, cards) = (c.buildings.len(), c.spaces.len(), c.zones.len(), c.cards.len());
        ActionNumbering::new()
            .kind("start", &[("building", buildings)])
            .kind("shortage", &[("building", buildings)])
            .kind("build", &[("building", buildings)])
            .kind("free", &[("coast slot", COAST)])
            .kind("activate", &[("coast slot", COAST)])
            .kind("spend", &[("token", TokenKind::ALL.len())])
            .kind("ship to track", &[("zone", zones)])
            .kind("ship to fleet", &[("space", spaces)])
            .kind("ship to sea", &[("zone", zones)])
            .kind("occupy", &[("city", spaces)])
            .kind("attack", &[("space", spaces)])
            .kind("payment", &[("coast slot", COAST)])
            .kind("draw", &[("card", cards)])
            .kind("finish", &[])
            .kind("pass", &[])
            .kind("fleet ship to track", &[("zone", zones)])
            .kind("fleet ship to fleet", &[("space", spaces)])
            .kind("fleet ship to sea", &[("zone", zones)])
            .kind("fleet occupy", &[("city", spaces)])
            .kind("fleet draw", &[("card", cards)])
            .kind("fleet nothing", &[("answer", ANSWERS.len())])
            .kind("memorial", &[("track or supply", Attribute::ALL.len() + 1)])
            .kind("discard", &[("card", cards)])
            .kind("govern", &[("card", cards)])
            .kind("keep", &[])
    }

    /// The number of `action` in layout `n` (this game's [`Endeavor::numbering`]).
    pub(crate) fn number_in(&self, n: &ActionNumbering, action: &Action) -> Option<usize> {
        let sail = |fleet: bool, to: Sail| {
            let kind = |plain, answer| if fleet { answer } else { plain };
            match to {
                Sail::Track { zone } => n.encode(kind("ship to track", "fleet ship to track"), &[zone.index()]),
                Sail::Fleet { space } => n.encode(kind("ship to fleet", "fleet ship to fleet"), &[space.index()]),
                Sail::Sea { zone } => n.encode(kind("ship to sea", "fleet ship to sea"), &[zone.index()]),
            }
        };
        match *action {
            Action::Start { building } => n.encode("start", &[building.index()]),
            Action::Shortage { building } => n.encode("shortage", &[building.index()]),
            Action::Build { building } => n.encode("build", &[building.index()]),
            Action::Free { slot } => n.encode("free", &[usize::from(slot)]),
            Action::Activate { slot } => n.encode("activate", &[usize::from(slot)]),
            Action::Spend { token } => n.encode("spend", &[TokenKind::ALL.iter().position(|&t| t == token)?]),
            Action::Ship { to } => sail(false, to),
            Action::Occupy { city } => n.encode("occupy", &[city.index()]),
            Action::Attack { space } => n.encode("attack", &[space.index()]),
            Action::Payment { slot } => n.encode("payment", &[usize::from(slot)]),
            Action::Draw { card } => n.encode("draw", &[card.index()]),
            Action::Finish => n.encode("finish", &[]),
            Action::Pass => n.encode("pass", &[]),
            Action::FleetShip { to } => sail(true, to),
            Action::FleetOccupy { city } => n.encode("fleet occupy", &[city.index()]),
            Action::FleetDraw { card } => n.encode("fleet draw", &[card.index()]),
            Action::FleetNothing { answer } => n.encode("fleet nothing", &[ANSWERS.iter().position(|&a| a == answer)?]),
            // The supply after the four tracks.
            Action::Memorial { track } => n.encode("memorial", &[track.map_or(Attribute::ALL.len(), Attribute::index)]),
            Action::Discard { card } => n.encode("discard", &[card.index()]),
            Action::Govern { card } => n.encode("govern", &[card.index()]),
            Action::Keep => n.encode("keep", &[]),
        }
    }

    pub(crate) fn numbered(&self, number: usize) -> Option<Action> {
        let d = self.numbering().decode(number)?;
        let digit = d.digits[0];
        let id = u8::try_from(digit).ok()?;
        let (building, slot, space, zone, card) = (BuildingId(id), id, SpaceId(id), ZoneId(id), CardId(id));
        Some(match d.kind {
            "start" => Action::Start { building },
            "shortage" => Action::Shortage { building },
            "build" => Action::Build { building },
            "free" => Action::Free { slot },
            "activate" => Action::Activate { slot },
            "spend" => Action::Spend { token: TokenKind::ALL[digit] },
            "ship to track" => Action::Ship { to: Sail::Track { zone } },
            "ship to fleet" => Action::Ship { to: Sail::Fleet { space } },
            "ship to sea" => Action::Ship { to: Sail::Sea { zone } },
            "occupy" => Action::Occupy { city: space },
            "attack" => Action::Attack { space },
            "payment" => Action::Payment { slot },
            "draw" => Action::Draw { card },
            "finish" => Action::Finish,
            "pass" => Action::Pass,
            "fleet ship to track" => Action::FleetShip { to: Sail::Track { zone } },
            "fleet ship to fleet" => Action::FleetShip { to: Sail::Fleet { space } },
            "fleet ship to sea" => Action::FleetShip { to: Sail::Sea { zone } },
            "fleet occupy" => Action::FleetOccupy { city: space },
            "fleet draw" => Action::FleetDraw { card },
            "fleet nothing" => Action::FleetNothing { answer: ANSWERS[digit] },
            "memorial" => Action::Memorial { track: Attribute::ALL.get(digit).copied() },
            "discard" => Action::Discard { card },
            "govern" => Action::Govern { card },
            "keep" => Action::Keep,
            _ => return None,
        })
    }
}
