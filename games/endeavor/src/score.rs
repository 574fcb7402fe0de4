//! Final scoring, in the rulebook's order (A to Д): the four tracks, cities and routes, buildings and
//! cards with the empty governor slot, the harbor, and set-aside slavery cards.

use imperia_core::ScorePart;
use serde::{Deserialize, Serialize};

use crate::content::{Attribute, SpaceKind, Special};
use crate::state::{EMPTY_SLOT_GLORY, Endeavor, Owner};

/// One player's glory by the score pad's rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// A: each track's glory, in [`Attribute::ALL`] order.
    pub tracks: [u8; 4],
    /// Б: glory of occupied cities and controlled routes.
    pub cities_and_routes: u16,
    /// В: glory of buildings and cards, the empty governor slot and the Town Hall.
    pub buildings_and_cards: u16,
    /// Г: one per full 3 discs in the harbor.
    pub harbor: u8,
    /// Д: one lost per set-aside slavery card.
    pub slavery: u8,
    pub total: i32,
}

impl Score {
    /// The score pad's rows as the parts of a final score (`Game::ending`); they add up to `total`.
    pub fn parts(&self) -> Vec<ScorePart> {
        let tracks = Attribute::ALL.map(|a| ScorePart::new(format!("{a} track"), self.tracks[a.index()]));
        tracks
            .into_iter()
            .chain([
                ScorePart::new("cities and routes", self.cities_and_routes),
                ScorePart::new("buildings and cards", self.buildings_and_cards),
                ScorePart::new("the harbor: one per 3 discs", self.harbor),
                ScorePart::new("slavery cards set aside", -i64::from(self.slavery)),
            ])
            .collect()
    }
}

impl Endeavor {
    /// `seat`'s glory if the game ended now.
    pub fn score(&self, seat: usize) -> Score {
        let c = &*self.content;
        let p = &self.players[seat];
        let me = Owner::Player(seat as u8);
        let values = self.attributes(seat);
        let tracks = Attribute::ALL.map(|a| c.track(a).glory(values[a.index()]));
        let cities: u16 = self
            .board_spaces()
            .iter()
            .filter(|&&s| self.spaces[s.index()] == Some(me) && c.space(s).kind == SpaceKind::City)
            .map(|&s| u16::from(c.space(s).glory))
            .sum();
        let routes = c.side(self.side).routes.iter().filter(|&&r| self.controller(r) == Some(seat)).count() as u16;
        let buildings: u16 = p.coast.iter().map(|b| u16::from(c.building(b.building).glory)).sum();
        let cards: u16 = p.cards.iter().chain(&p.governor).map(|&k| u16::from(c.card(k).glory)).sum();
        let slot = if p.governor.is_none() { u16::from(EMPTY_SLOT_GLORY) } else { 0 };
        let buildings_and_cards = buildings + cards + slot + u16::from(self.town_hall_glory(seat));
        let harbor = p.harbor / 3;
        let slavery = p.set_aside.len() as u8;
        let total = tracks.iter().map(|&t| i32::from(t)).sum::<i32>()
            + i32::from(cities + routes)
            + i32::from(buildings_and_cards)
            + i32::from(harbor)
            - i32::from(slavery);
        Score { tracks, cities_and_routes: cities + routes, buildings_and_cards, harbor, slavery, total }
    }

    /// The Town Hall's glory: a glory per Draw icon on the owner's buildings, its own included.
    pub fn town_hall_glory(&self, seat: usize) -> u8 {
        let c = &*self.content;
        let coast = &self.players[seat].coast;
        if coast.iter().any(|b| c.building(b.building).special == Some(Special::TownHall)) {
            coast.iter().map(|b| c.building(b.building).draw_icons()).sum()
        } else {
            0
        }
    }
}
