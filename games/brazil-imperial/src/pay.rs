//! Paying a price, one piece or card at a time («Коротко о правилах»; ruling B46). A payment may draw on
//! the personal supply and on the pieces of every token the payer controls; gold stands for any resource,
//! science for gold or any resource, an opportunity card for a gold; the upgraded Build takes any resource
//! for any other (its needs become "any resource"); the Market takes only the pieces it names. Napoleon and
//! Afonso I add battle cards as money.
//!
//! Each step covers the most demanding need it can (a science pays a science before a gold, a gold before a
//! resource), and a step is allowed only if the rest can still be paid, so a payment that starts always
//! finishes. [`feasible`] decides that greedily, which is exact because every substitute covers everything
//! the one below it covers.

use serde::{Deserialize, Serialize};

use crate::content::{Bag, Cost, Piece};
use crate::state::Need;

/// One unit of money given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Coin {
    Piece(Piece),
    /// An opportunity card, or Afonso I's one battle card: worth a gold.
    GoldLike,
    /// A resource of the payer's choice (Afonso I's two cards).
    Resource,
    /// A battle card under Napoleon: a resource, or half a science.
    Napoleon,
}

/// What a payer could give, counted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pool {
    pub pieces: Bag,
    pub cards: u8,
    pub battle: u8,
    pub napoleon: bool,
    /// Afonso I's once-a-turn exchange is still open.
    pub afonso: bool,
}

impl Need {
    pub fn of(cost: Cost) -> Need {
        Need { pieces: cost.pieces, any: cost.any, exact: false, half: false }
    }

    pub fn is_paid(&self) -> bool {
        self.pieces.is_empty() && self.any == 0
    }

    /// The upgraded Build: resources of any kind stand for each other (ruling B46).
    pub fn loosen(&mut self) {
        for r in Piece::RESOURCES {
            self.any += std::mem::take(&mut self.pieces.0[r.index()]);
        }
    }

    fn take(&mut self, p: Piece) -> bool {
        let n = &mut self.pieces.0[p.index()];
        if *n > 0 {
            *n -= 1;
            true
        } else {
            false
        }
    }

    /// Cover one resource need: a named one first, else "any".
    fn take_resource(&mut self, named: Option<Piece>) -> bool {
        if let Some(p) = named
            && self.take(p)
        {
            return true;
        }
        if named.is_none() && Piece::RESOURCES.iter().any(|&r| self.take(r)) {
            return true;
        }
        if self.any > 0 {
            self.any -= 1;
            return true;
        }
        false
    }

    /// Give `coin` towards the price; false if it covers nothing it may.
    pub fn cover(&mut self, coin: Coin) -> bool {
        match coin {
            Coin::Piece(p) if p.is_resource() => self.take_resource(Some(p)),
            _ if self.exact => false,
            Coin::Resource => self.take_resource(None),
            Coin::Piece(Piece::Science) => {
                self.take(Piece::Science) || self.take(Piece::Gold) || self.take_resource(None)
            }
            Coin::Piece(_) | Coin::GoldLike => self.take(Piece::Gold) || self.take_resource(None),
            Coin::Napoleon => {
                if self.take_resource(None) {
                    true
                } else if self.half {
                    self.half = false;
                    self.take(Piece::Science) || self.take(Piece::Gold)
                } else if self.pieces.get(Piece::Science) + self.pieces.get(Piece::Gold) > 0 {
                    self.half = true;
                    true
                } else {
                    false
                }
            }
        }
    }
}

/// Whether `pool` can pay `need` in full.
pub fn feasible(need: &Need, pool: &Pool) -> bool {
    if pool.afonso {
        let plain = Pool { afonso: false, ..*pool };
        if feasible(need, &plain) {
            return true;
        }
        return AFONSO.iter().any(|(cards, coins)| {
            if pool.battle < *cards {
                return false;
            }
            let mut n = *need;
            coins.iter().all(|&c| n.cover(c)) && feasible(&n, &Pool { battle: pool.battle - cards, ..plain })
        });
    }
    let mut p = pool.pieces;
    let mut left = 0u32;
    for r in Piece::RESOURCES {
        let m = need.pieces.get(r).min(p.get(r));
        p.0[r.index()] -= m;
        left += u32::from(need.pieces.get(r) - m);
    }
    let spare: u8 = Piece::RESOURCES.iter().map(|&r| p.get(r)).sum();
    left += u32::from(need.any.saturating_sub(spare));
    if need.exact {
        return left == 0 && need.pieces.get(Piece::Gold) == 0 && need.pieces.get(Piece::Science) == 0;
    }
    let mut battle = if pool.napoleon { u32::from(pool.battle) } else { 0 };
    let m = left.min(battle);
    left -= m;
    battle -= m;
    let mut gold = u32::from(need.pieces.get(Piece::Gold));
    let mut golds = u32::from(p.get(Piece::Gold)) + u32::from(pool.cards);
    let m = gold.min(golds);
    gold -= m;
    golds -= m;
    left -= left.min(golds);
    let sciences = u32::from(p.get(Piece::Science)) + (battle + u32::from(need.half)) / 2;
    left + gold + u32::from(need.pieces.get(Piece::Science)) <= sciences
}

/// Afonso I's three exchanges: one battle card for a gold, two for two resources, three for a science and a
/// gold («Планшеты правителей»).
pub const AFONSO: [(u8, &[Coin]); 3] = [
    (1, &[Coin::GoldLike]),
    (2, &[Coin::Resource, Coin::Resource]),
    (3, &[Coin::Piece(Piece::Science), Coin::GoldLike]),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn need(pieces: &[(Piece, u8)], any: u8) -> Need {
        let mut b = Bag::default();
        for &(p, n) in pieces {
            b.0[p.index()] = n;
        }
        Need { pieces: b, any, exact: false, half: false }
    }

    fn pool(pieces: &[(Piece, u8)], cards: u8) -> Pool {
        let mut b = Bag::default();
        for &(p, n) in pieces {
            b.0[p.index()] = n;
        }
        Pool { pieces: b, cards, ..Pool::default() }
    }

    /// Ruling B46: gold stands for a resource, science for gold, the upgraded Build for any resource; the
    /// Market takes only what it names.
    #[test]
    fn substitutes_climb_from_resource_to_science() {
        use Piece::*;
        // 1 wood + 1 gold from 1 science + 1 card: the card is the gold, the science the wood.
        assert!(feasible(&need(&[(Wood, 1), (Gold, 1)], 0), &pool(&[(Science, 1)], 1)));
        // A science is owed in science.
        assert!(!feasible(&need(&[(Science, 1)], 0), &pool(&[(Gold, 3)], 2)));
        // Two coffee do not pay wood without the upgrade, and do with it.
        let mut n = need(&[(Wood, 1)], 0);
        assert!(!feasible(&n, &pool(&[(Coffee, 2)], 0)));
        n.loosen();
        assert!(feasible(&n, &pool(&[(Coffee, 2)], 0)));
        // The Market takes only what it names.
        let mut m = need(&[(Cotton, 2)], 0);
        m.exact = true;
        assert!(!feasible(&m, &pool(&[(Cotton, 1), (Gold, 2)], 1)));
        assert!(!m.clone().cover(Coin::Piece(Gold)));
        // A science pays the gold before the resource.
        let mut n = need(&[(Wood, 1), (Gold, 1)], 0);
        assert!(n.cover(Coin::Piece(Science)));
        assert_eq!(n.pieces.get(Gold), 0);
    }

    /// Ruling B27: under Napoleon a battle card pays a resource and two pay a science; Afonso I's three rates.
    #[test]
    fn battle_cards_pay_under_napoleon_and_afonso() {
        use Piece::*;
        let napoleon = Pool { battle: 2, napoleon: true, ..Pool::default() };
        assert!(feasible(&need(&[(Science, 1)], 0), &napoleon));
        assert!(!feasible(&need(&[(Science, 1), (Wood, 1)], 0), &napoleon));
        let mut n = need(&[(Science, 1)], 0);
        assert!(n.cover(Coin::Napoleon) && n.half && !n.is_paid());
        assert!(n.cover(Coin::Napoleon) && n.is_paid());
        let afonso = Pool { battle: 3, afonso: true, ..Pool::default() };
        assert!(feasible(&need(&[(Science, 1), (Gold, 1)], 0), &afonso));
        assert!(!feasible(&need(&[(Science, 1), (Gold, 1), (Wood, 1)], 0), &afonso));
    }
}
