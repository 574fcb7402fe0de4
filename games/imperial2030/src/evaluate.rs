//! How well each player stands, for the bots: a forecast of the final score (Σ interest × multiplier + cash).
//!
//! The forecast lets each nation's power grow by what its present tax base would earn in about two more
//! Taxations, counting regions it holds alone as flags (so that a move that will earn a flag is seen before
//! the flag is placed). A bond is worth its interest times that forecast multiplier, plus the interest it
//! should still pay. A nation's treasury is counted for its bondholders, in proportion to their stakes, since
//! it pays their interest and builds their nation. Scores are then turned into shares of the table.

use imperia_core::{Evaluate, outcome_values};

use crate::board::regions_in;
use crate::nation::{NATIONS, Nation};
use crate::state::{Imperial2030, WINNING_POWER};
use crate::tax;

/// Taxations a nation is expected still to hold.
const TAXATIONS_AHEAD: f64 = 2.0;
/// Interest payments a bond is expected still to make.
const PAYMENTS_AHEAD: f64 = 2.0;
/// The part of a treasury that reaches its bondholders.
const TREASURY_SHARE: f64 = 0.5;

impl Imperial2030 {
    /// How many regions outside every home province each nation holds alone, by nation (turn order): one
    /// pass over the map for all six, since the bots ask for it at every evaluation.
    fn held_alone(&self) -> [u8; 6] {
        let b = &*self.board;
        let every = if b.regions.len() >= 64 { u64::MAX } else { (1u64 << b.regions.len()) - 1 };
        let neutral = every & !b.homes.iter().fold(0, |m, h| m | h);
        let mut held = [0u8; 6];
        for n in regions_in(neutral).filter_map(|r| self.sole_occupant(r)) {
            held[n.index()] += 1;
        }
        held
    }

    /// The tax `n` would collect now if each of the `held` regions it holds alone carried its flag.
    fn tax_base(&self, n: Nation, held: u8) -> u8 {
        let flags = self.flags_placed(n).max(held).min(crate::nation::FLAGS_PER_NATION);
        (2 * self.unoccupied_factories(n).count_ones() as u8 + flags).min(tax::MAX_TAX)
    }

    fn forecast_multiplier(&self, n: Nation, held: u8) -> f64 {
        let power = f64::from(self.nation(n).power) + TAXATIONS_AHEAD * f64::from(tax::power(self.tax_base(n, held)));
        power.min(f64::from(WINNING_POWER)) / 5.0
    }

    /// The forecast final score of every seat.
    pub fn forecast(&self) -> Vec<f64> {
        let mut value: Vec<f64> = self.cash.iter().map(|&c| f64::from(c)).collect();
        let held = self.held_alone();
        for n in NATIONS {
            let multiplier = self.forecast_multiplier(n, held[n.index()]);
            let state = self.nation(n);
            let sold: f64 = (0..self.seats()).map(|s| f64::from(self.stake(n, s))).sum();
            for (i, holder) in state.bonds.iter().enumerate() {
                if let Some(s) = *holder {
                    let interest = i as f64 + 1.0;
                    value[s] += interest * (multiplier + PAYMENTS_AHEAD);
                }
            }
            if sold > 0.0 {
                for (s, v) in value.iter_mut().enumerate() {
                    *v += TREASURY_SHARE * f64::from(state.treasury) * f64::from(self.stake(n, s)) / sold;
                }
            }
        }
        value
    }
}

impl Evaluate for Imperial2030 {
    fn evaluate(&self) -> Vec<f64> {
        if let Some(outcome) = self.final_outcome() {
            return outcome_values(&outcome);
        }
        // Each seat's share of the table's forecast: it rises with its own prospects and falls with the others'.
        let forecast: Vec<f64> = self.forecast().into_iter().map(|v| v.max(0.0)).collect();
        let total = forecast.iter().sum::<f64>().max(1.0);
        forecast.iter().map(|v| v / total).collect()
    }
}
