//! The random bot: any legal action, uniformly. The baseline every other bot must beat.

use imperia_core::{ContentSet, Game, GameRng, Seat};
use rand::Rng;

use crate::Bot;

#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(
        &mut self,
        _view: &G::View,
        _content: &ContentSet<G::Content>,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> G::Action {
        legal[rng.random_range(0..legal.len())].clone()
    }
}
