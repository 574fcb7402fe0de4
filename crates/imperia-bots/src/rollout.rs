//! The rollout bot: policy improvement by playing the game out (Tesauro and Galperin's on-line rollouts).
//! Its few best actions by a one-step look ([`heuristic`](crate::heuristic)) are each played out to the
//! game's end, every seat then choosing as the one-step bot does, in several worlds sampled from the
//! bot's view; it takes the action whose playouts end best for its seat on average.
//!
//! Where the evaluation cannot see what a move leads to (a deal the others will answer, a war the campaign's
//! dice will settle turns later), the playout does: it asks the game's own rules what follows, and the
//! finished game's result rather than a figure says how it went. Every candidate is played out in the same
//! worlds with the same dice, so the comparison between them is not drowned by the luck of the draw.

use std::time::{Duration, Instant};

use imperia_core::{ContentSet, Evaluate, GameRng, Seat, outcome_values, rng::seeded};
use rand::Rng;

use crate::heuristic::{best_of, one_step_values};
use crate::{Bot, Judge};

/// How many of the one-step favourites are played out: the one-step bot's choice and the three after it.
/// Its own choice is among them, so the playouts can only confirm it or find better.
pub const CANDIDATES: usize = 4;

/// The longest playout, in steps; one still running then is judged by the evaluation where it stands.
/// Far above any finished game's length (a few hundred steps), a bound for a game that would not end.
const MAX_PLAYOUT_STEPS: usize = 20_000;

/// Plays each candidate out in `playouts` sampled worlds, and stops sooner if `time` runs out (after at
/// least one world, and within one playout of the limit).
#[derive(Clone, Debug)]
pub struct RolloutBot {
    playouts: usize,
    time: Option<Duration>,
    /// `None`: the game's choice.
    judge: Option<Judge>,
}

impl RolloutBot {
    pub fn new(playouts: usize, time: Option<Duration>, judge: Option<Judge>) -> Self {
        RolloutBot { playouts: playouts.max(1), time, judge }
    }
}

impl<G: Evaluate> Bot<G> for RolloutBot {
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
        let started = Instant::now();
        let judge = self.judge.unwrap_or(Judge::default_for::<G>());
        let first = G::determinize(view, content, rng);
        let mut ranked: Vec<(usize, f64)> =
            one_step_values(&first, seat, legal, judge).into_iter().enumerate().filter(|c| c.1.is_finite()).collect();
        // Best first; equals keep the order of the legal actions.
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked.truncate(CANDIDATES);
        if ranked.len() <= 1 {
            return legal[ranked.first().map_or(0, |c| c.0)].clone();
        }
        let mut totals = vec![0.0; ranked.len()];
        let mut world = Some(first);
        let out_of_time = || self.time.is_some_and(|t| started.elapsed() >= t);
        'worlds: for played in 0..self.playouts {
            if played > 0 && out_of_time() {
                break;
            }
            let world = world.take().unwrap_or_else(|| G::determinize(view, content, rng));
            let dice: u64 = rng.random();
            let mut results = Vec::with_capacity(ranked.len());
            for (k, &(i, _)) in ranked.iter().enumerate() {
                // The clock is read before each playout (before the first, just above, ahead of sampling
                // the world), and a world cut short is left out whole: every candidate is judged on the same
                // worlds. The first world is always played out.
                if played > 0 && k > 0 && out_of_time() {
                    break 'worlds;
                }
                results.push(world.after(seat, &legal[i]).map_or(0.0, |next| play_out(next, judge, dice)[seat]));
            }
            totals.iter_mut().zip(results).for_each(|(total, r)| *total += r);
        }
        // The best total; equals go to the one-step favourite.
        let best = (0..ranked.len()).fold(0, |best, k| if totals[k] > totals[best] { k } else { best });
        legal[ranked[best].0].clone()
    }
}

/// Play `state` to its end, each seat to act choosing by a one-step look with `judge`, equals settled by an
/// RNG seeded with `dice`; each seat's result (its value by `judge` if the game runs past
/// [`MAX_PLAYOUT_STEPS`]).
fn play_out<G: Evaluate>(mut state: G, judge: Judge, dice: u64) -> Vec<f64> {
    let mut rng = seeded(dice);
    for _ in 0..MAX_PLAYOUT_STEPS {
        let Some(&seat) = state.to_act().seats().first() else { break };
        let legal = state.legal_actions(seat);
        let action = match legal.len() {
            0 => break,
            1 => &legal[0],
            _ => &legal[best_of(&one_step_values(&state, seat, &legal, judge), &mut rng)],
        };
        if state.apply(seat, action).is_err() {
            break;
        }
    }
    match state.outcome() {
        Some(outcome) => outcome_values(&outcome),
        None => judge.values(&state),
    }
}
