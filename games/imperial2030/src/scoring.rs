//! The end of the game and the final score («Цель игры и конец партии»): each bond's interest times its
//! nation's power multiplier, plus cash. Ties go to the larger investment in the most powerful nation, then
//! in the next, and so on.

use std::cmp::Ordering;

use imperia_core::{Ending, Outcome, ScorePart, Seat};

use crate::nation::{NATIONS, Nation};
use crate::state::{Imperial2030, Phase, WINNING_POWER};

impl Imperial2030 {
    /// The interest of `seat`'s bonds of `n`: what they pay each turn, and score times the multiplier.
    fn interest(&self, n: Nation, seat: Seat) -> i64 {
        let bonds = self.nation(n).bonds.iter().enumerate();
        bonds.filter(|(_, o)| **o == Some(seat)).map(|(i, _)| i as i64 + 1).sum()
    }

    /// The bonds' part of a score: Σ interest × multiplier.
    pub fn bond_score(&self, seat: Seat) -> i64 {
        NATIONS.iter().map(|&n| self.interest(n, seat) * i64::from(self.multiplier(n))).sum()
    }

    /// A player's score if the game ended now.
    pub fn score(&self, seat: Seat) -> i64 {
        self.bond_score(seat) + i64::from(self.cash[seat])
    }

    /// Nations from the most powerful down; equal power keeps turn order (docs/rules, «Tie-break»).
    fn nations_by_power(&self) -> Vec<Nation> {
        let mut order = NATIONS.to_vec();
        order.sort_by_key(|&n| std::cmp::Reverse(self.nation(n).power));
        order
    }

    fn tie_break(&self, a: Seat, b: Seat) -> Ordering {
        let stakes = |s: Seat| -> Vec<i32> { self.nations_by_power().iter().map(|&n| self.stake(n, s)).collect() };
        stakes(b).cmp(&stakes(a))
    }

    /// Why the game ended and each score's parts: every nation's bonds (interest × multiplier), then cash.
    pub(crate) fn final_ending(&self) -> Option<Ending> {
        if self.phase != Phase::GameOver {
            return None;
        }
        let reason = match self.winner_nation {
            Some(n) => format!("{n}'s power reached {WINNING_POWER}, which ends the game."),
            None => "No nation has a government, so no nation can take a turn.".to_string(),
        };
        let parts = (0..self.seats())
            .map(|seat| {
                let bonds = NATIONS.iter().filter(|&&n| self.interest(n, seat) > 0).map(|&n| {
                    let (interest, multiplier) = (self.interest(n, seat), i64::from(self.multiplier(n)));
                    ScorePart::new(format!("{n} bonds: interest {interest} × {multiplier}"), interest * multiplier)
                });
                bonds.chain([ScorePart::new("cash", self.cash[seat])]).collect()
            })
            .collect();
        Some(Ending { reason, parts })
    }

    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::GameOver {
            return None;
        }
        let seats = self.seats();
        let scores: Vec<i64> = (0..seats).map(|s| self.score(s)).collect();
        let better = |a: Seat, b: Seat| scores[b].cmp(&scores[a]).then_with(|| self.tie_break(a, b));
        let ranks = (0..seats).map(|s| 1 + (0..seats).filter(|&o| better(o, s) == Ordering::Less).count()).collect();
        Some(Outcome { scores, ranks })
    }
}
