//! The rondel («Выбор деления на ронделе»): eight spaces a nation's marker moves round clockwise.
//!
//! The rulebook never lists the order (it was printed on the board), but every move of its worked example
//! fits `Investor → Import → Production → Maneuver → Taxation → Factory → Production → Maneuver` and it says
//! Production follows Factory (digest §4; docs/rules/imperial2030.md, «Rondel order»).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A rondel space, clockwise from Investor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    Investor,
    Import,
    #[serde(rename = "production_1")]
    Production1,
    #[serde(rename = "maneuver_1")]
    Maneuver1,
    Taxation,
    Factory,
    #[serde(rename = "production_2")]
    Production2,
    #[serde(rename = "maneuver_2")]
    Maneuver2,
}

pub const SPACES: [Space; 8] = [
    Space::Investor,
    Space::Import,
    Space::Production1,
    Space::Maneuver1,
    Space::Taxation,
    Space::Factory,
    Space::Production2,
    Space::Maneuver2,
];

/// Spaces a marker may advance for free; each further space costs the government player
/// `1 + multiplier`, up to six spaces in all.
pub const FREE_SPACES: u8 = 3;
pub const MAX_SPACES: u8 = 6;

/// What a space does, with the two Production and two Maneuver spaces merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activity {
    Investor,
    Import,
    Production,
    Maneuver,
    Taxation,
    Factory,
}

impl Space {
    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(i: u8) -> Space {
        SPACES[(i % 8) as usize]
    }

    pub fn activity(self) -> Activity {
        match self {
            Space::Investor => Activity::Investor,
            Space::Import => Activity::Import,
            Space::Production1 | Space::Production2 => Activity::Production,
            Space::Maneuver1 | Space::Maneuver2 => Activity::Maneuver,
            Space::Taxation => Activity::Taxation,
            Space::Factory => Activity::Factory,
        }
    }

    /// Clockwise distance from `self` to `to`, 1–8 (8 = all the way round).
    pub fn distance_to(self, to: Space) -> u8 {
        let d = (to.index() + 8 - self.index()) % 8;
        if d == 0 { 8 } else { d }
    }

    /// Whether moving clockwise from `self` to `to` goes over Investor without stopping there
    /// («Инвестор»: phases 2 and 3 then happen after the destination's action).
    pub fn passes_investor(self, to: Space) -> bool {
        to != Space::Investor && self.distance_to(to) > self.distance_to(Space::Investor)
    }
}

/// What moving `spaces` costs the government player of a nation with `multiplier`.
pub fn move_cost(spaces: u8, multiplier: u8) -> i32 {
    i32::from(spaces.saturating_sub(FREE_SPACES)) * (1 + i32::from(multiplier))
}

impl fmt::Display for Space {
    /// The two Production and two Maneuver spaces are told apart by their neighbours, for the first placement.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Space::Investor => "Investor",
            Space::Import => "Import",
            Space::Production1 => "Production (after Import)",
            Space::Maneuver1 => "Maneuver (before Taxation)",
            Space::Taxation => "Taxation",
            Space::Factory => "Factory",
            Space::Production2 => "Production (after Factory)",
            Space::Maneuver2 => "Maneuver (before Investor)",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_match_the_rulebook_example() {
        // Ruling I4 (the rondel order: 4 spaces from Investor to Taxation, 5 to Factory).
        // «Выбор деления на ронделе», example: China at 11 power (×2) on Investor pays 3 to reach Taxation
        // (4 spaces) and 6 to reach Factory (5 spaces).
        assert_eq!(Space::Investor.distance_to(Space::Taxation), 4);
        assert_eq!(move_cost(4, 2), 3);
        assert_eq!(Space::Investor.distance_to(Space::Factory), 5);
        assert_eq!(move_cost(5, 2), 6);
        assert_eq!(move_cost(3, 4), 0);
    }

    #[test]
    fn passing_investor() {
        assert!(Space::Maneuver2.passes_investor(Space::Import));
        assert!(Space::Factory.passes_investor(Space::Production1));
        assert!(!Space::Factory.passes_investor(Space::Investor));
        assert!(!Space::Investor.passes_investor(Space::Taxation));
    }
}
