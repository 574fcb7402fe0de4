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
            totals.iter_mut().zip(one_step_values(&state, seat, legal, judge)).for_each(|(t, v)| *t += v);
        }
        legal[best_of(&totals, rng)].clone()
    }
}

/// How `judge` values each of `legal` for `seat`, taken in `state`: minus infinity for one that does not
/// apply (should a listed action not, it is simply never chosen).
pub(crate) fn one_step_values<G: Evaluate>(state: &G, seat: Seat, legal: &[G::Action], judge: Judge) -> Vec<f64> {
    legal
        .iter()
        .map(|action| state.after(seat, action).map_or(f64::NEG_INFINITY, |next| judge.values(&next)[seat]))
        .collect()
}

/// The index of the best of `values`, ties broken at random so that equal choices do not always fall the same
/// way.
pub(crate) fn best_of(values: &[f64], rng: &mut GameRng) -> usize {
    let best = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let candidates: Vec<usize> = (0..values.len()).filter(|&i| values[i] >= best - 1e-9).collect();
    candidates[rng.random_range(0..candidates.len())]
}
