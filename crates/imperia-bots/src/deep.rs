//! The conformance harness with bots at the table (`imperia fuzz --bots`). Bots play the way people do, so
//! their games reach the late positions that uniformly random play seldom reaches — a game that froze in its
//! last round once passed hundreds of short random games. Every check of
//! [`imperia_core::conformance`] runs at every step, whoever chose it.

use imperia_core::conformance::{self, Conformance, Failure, Options, Player, Report};
use imperia_core::{Evaluate, Game, GameRng, Seat, Viewer, rng::seeded};
use rand::seq::IndexedRandom;

use crate::arena::seat_rng;
use crate::{Bot, BotSpec};

/// The harness with each seat's bot drawn from a pool, for a game known only by its registry entry
/// ([`crate::BotEntry::fuzz`]).
pub type DeepFuzz =
    fn(options: &Options, pool: &[BotSpec], each: &mut dyn FnMut(&Report) -> bool) -> Result<Report, Failure>;

/// One game's bots, each seeing only its own seat's view.
struct Seated<G: Game> {
    bots: Vec<Box<dyn Bot<G>>>,
    rngs: Vec<GameRng>,
    names: Vec<String>,
}

impl<G: Evaluate> Player<G> for Seated<G> {
    fn choose(&mut self, state: &G, seat: Seat, legal: &[G::Action], _: &mut GameRng) -> G::Action {
        let view = state.view(Viewer::Seat(seat));
        self.bots[seat].choose(&view, state.content(), seat, legal, &mut self.rngs[seat])
    }

    fn name(&self) -> String {
        self.names.join(", ")
    }
}

/// Play `options.games` games of `G`, every seat's bot drawn from `pool` by the game's seed (so a pool of
/// `heuristic` and `random` mixes them), every check at every step.
pub fn fuzz<G: Conformance + Evaluate>(
    options: &Options,
    pool: &[BotSpec],
    each: &mut dyn FnMut(&Report) -> bool,
) -> Result<Report, Failure> {
    if pool.is_empty() {
        return conformance::run_with::<G>(options, each);
    }
    conformance::run_played::<G>(
        options,
        &mut |state: &G, seed| {
            let mut draw = seeded(seed ^ 0xb075);
            let specs: Vec<&BotSpec> = (0..state.seats()).map(|_| pool.choose(&mut draw).unwrap_or(&pool[0])).collect();
            Box::new(Seated::<G> {
                bots: specs.iter().map(|spec| spec.build::<G>()).collect(),
                rngs: (0..state.seats()).map(|seat| seat_rng(seed, seat)).collect(),
                names: specs.iter().map(|spec| spec.to_string()).collect(),
            })
        },
        each,
    )
}
