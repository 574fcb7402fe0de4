//! The heuristic bot: for each legal action, apply it to states sampled from the view and keep the action
//! whose result the game's evaluation likes best for this seat. Cheap, and much better than chance.

use imperia_core::{ContentSet, Evaluate, GameRng, Seat};
use rand::Rng;

use crate::{Bot, Judge};

/// One-step lookahead over `samples` determinized states.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    samples: usize,
    /// `None`: the game's choice.
    judge: Option<Judge>,
}

impl HeuristicBot {
    pub fn new(samples: usize) -> Self {
        HeuristicBot { samples: samples.max(1), judge: None }
    }

    /// The same bot judging with `judge`.
    pub fn judging(self, judge: Option<Judge>) -> Self {
        HeuristicBot { judge, ..self }
    }
}

impl<G: Evaluate> Bot<G> for HeuristicBot {
    fn choose(
        &mut self,
        view: &G::View,
        content: &ContentSet<G::Content>,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let judge = self.judge.unwrap_or(Judge::default_for::<G>());
        let mut totals = vec![0.0; legal.len()];
        for _ in 0..self.samples {
            let state = G::determinize(view, content, rng);
            for (i, action) in legal.iter().enumerate() {
                // Every listed action applies; should one not, it is simply never chosen.
                totals[i] += match state.after(seat, action) {
                    Ok(next) => judge.values(&next)[seat],
                    Err(_) => f64::NEG_INFINITY,
                };
            }
        }
        // The best, ties broken at random so that equal choices do not always fall the same way.
        let best = totals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let candidates: Vec<usize> = (0..legal.len()).filter(|&i| totals[i] >= best - 1e-9).collect();
        legal[candidates[rng.random_range(0..candidates.len())]].clone()
    }
}
