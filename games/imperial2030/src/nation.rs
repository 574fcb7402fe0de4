//! The six nations, their pieces, and their bonds («Компоненты игры»).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A great power. The order is the turn order printed on the board («Начало игры»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Russia,
    China,
    India,
    Brazil,
    Usa,
    Europe,
}

/// All nations in turn order.
pub const NATIONS: [Nation; 6] =
    [Nation::Russia, Nation::China, Nation::India, Nation::Brazil, Nation::Usa, Nation::Europe];

/// Flags per nation, a hard limit («Компоненты игры»: 90 flags, 15 per nation).
pub const FLAGS_PER_NATION: u8 = 15;

impl Nation {
    /// Position in turn order, 0–5.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Nation {
        NATIONS[i % 6]
    }

    /// The nation after this one in turn order (Europe is followed by Russia).
    pub fn next(self) -> Nation {
        Nation::from_index(self.index() + 1)
    }

    /// Armies in the box: 10 yellow (China), 6 red (USA), 8 of every other colour («Деревянные элементы»).
    pub fn army_limit(self) -> u8 {
        match self {
            Nation::China => 10,
            Nation::Usa => 6,
            _ => 8,
        }
    }

    /// Fleets in the box: 6 yellow (China), 10 red (USA), 8 of every other colour.
    pub fn fleet_limit(self) -> u8 {
        match self {
            Nation::China => 6,
            Nation::Usa => 10,
            _ => 8,
        }
    }

    /// The nation whose 2-million bond comes with this nation's card in the standard setup
    /// (digest §3: each card back shows its own 9 bond and a partner's 2 bond; the quick start confirms
    /// China→USA, Brazil→China, India→Brazil, USA→Russia).
    pub fn partner(self) -> Nation {
        match self {
            Nation::Russia => Nation::Europe,
            Nation::China => Nation::Usa,
            Nation::India => Nation::Brazil,
            Nation::Brazil => Nation::China,
            Nation::Usa => Nation::Russia,
            Nation::Europe => Nation::India,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Nation::Russia => "Russia",
            Nation::China => "China",
            Nation::India => "India",
            Nation::Brazil => "Brazil",
            Nation::Usa => "USA",
            Nation::Europe => "Europe",
        }
    }
}

impl fmt::Display for Nation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Bond prices, lowest first; a bond's interest is its position + 1 («Компоненты игры»; interest 1–5 from the
/// seed's examples, 6–9 by the same progression, reference §1.5).
pub const BOND_PRICES: [u8; 9] = [2, 4, 6, 9, 12, 16, 20, 25, 30];

/// The interest a bond of `price` pays, or `None` for a price that is not printed on any bond.
pub fn interest_of(price: u8) -> Option<u8> {
    bond_index(price).map(|i| i as u8 + 1)
}

/// The position of a bond of `price` in its nation's stack.
pub fn bond_index(price: u8) -> Option<usize> {
    BOND_PRICES.iter().position(|&p| p == price)
}

/// The power multiplier: one per full five power points («Цель игры»: 17 points give ×3; at the start ×0).
pub fn multiplier(power: u8) -> u8 {
    power / 5
}

/// The kind of a military piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Army,
    Fleet,
}

impl UnitKind {
    /// "an army" or "a fleet".
    pub fn with_article(self) -> &'static str {
        match self {
            UnitKind::Army => "an army",
            UnitKind::Fleet => "a fleet",
        }
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Army => "army",
            UnitKind::Fleet => "fleet",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruling_i2_bond_interest_and_ruling_i3_the_multiplier() {
        // Ruling I2: interest 1–5 from the examples, 6–9 continuing the printed progression.
        let interests: Vec<u8> = BOND_PRICES.iter().map(|&p| interest_of(p).expect("a printed price")).collect();
        assert_eq!(interests, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(interest_of(12), Some(5), "«Цель игры»: the 12 bond pays 5");
        // Ruling I3: one per full five points; the rulebook's 17 → ×3 and 11 → ×2.
        assert_eq!([0, 4, 5, 9, 10, 11, 17, 24, 25].map(multiplier), [0, 0, 1, 1, 2, 2, 3, 4, 5]);
    }
}
