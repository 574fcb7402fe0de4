//! # imperia-bots
//!
//! Computer opponents that play fair: a bot is shown its seat's view and the actions open to it, never the
//! game's state, and for any lookahead it samples complete states from that view with the game's
//! [`Game::determinize`]. Given the same seed, a bot makes the same choices.
//!
//! - [`random`]: uniformly random legal actions.
//! - [`heuristic`]: a one-step lookahead judged by the game's [`Evaluate`].
//! - [`arena`]: bot-against-bot games with seats rotated, and the type-erased [`DynBot`] through which the CLI
//!   (and later the server) seat bots in any game.

pub mod arena;
pub mod heuristic;
pub mod random;

use std::fmt;
use std::str::FromStr;

use imperia_core::{Evaluate, Game, GameRng, Seat};
use serde::{Deserialize, Serialize};

pub use arena::{BotEntry, DynBot};
pub use heuristic::HeuristicBot;
pub use random::RandomBot;

/// A computer player for game `G`.
pub trait Bot<G: Game>: Send {
    /// Choose one of `legal` (never empty) for `seat`, knowing only `view`.
    fn choose(&mut self, view: &G::View, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
}

/// Which bot, and how much thinking it may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    Random,
    Heuristic,
}

/// A bot as named on the command line: `random`, `heuristic`, or `heuristic:8` (8 sampled states per
/// decision).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSpec {
    pub kind: BotKind,
    /// Samples, iterations or similar, by kind; `None` takes the kind's default.
    pub budget: Option<u64>,
}

impl BotSpec {
    pub fn new(kind: BotKind) -> Self {
        BotSpec { kind, budget: None }
    }

    /// The bot for game `G`.
    pub fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        match self.kind {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Heuristic => Box::new(HeuristicBot::new(self.budget.unwrap_or(1) as usize)),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
        };
        match self.budget {
            Some(b) => write!(f, "{kind}:{b}"),
            None => f.write_str(kind),
        }
    }
}

/// A bot name that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a bot: use random, heuristic or heuristic:N (N states sampled per decision)")]
pub struct BadBotSpec(pub String);

impl FromStr for BotSpec {
    type Err = BadBotSpec;

    fn from_str(text: &str) -> Result<Self, BadBotSpec> {
        let bad = || BadBotSpec(text.to_string());
        let (kind, budget) = match text.trim().split_once(':') {
            Some((k, b)) => (k, Some(b.parse::<u64>().map_err(|_| bad())?)),
            None => (text.trim(), None),
        };
        let kind = match kind {
            "random" => BotKind::Random,
            "heuristic" => BotKind::Heuristic,
            _ => return Err(bad()),
        };
        if budget == Some(0) {
            return Err(bad());
        }
        Ok(BotSpec { kind, budget })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_names_parse() {
        assert_eq!("random".parse(), Ok(BotSpec::new(BotKind::Random)));
        assert_eq!("heuristic:4".parse(), Ok(BotSpec { kind: BotKind::Heuristic, budget: Some(4) }));
        assert!("genius".parse::<BotSpec>().is_err());
        assert!("heuristic:lots".parse::<BotSpec>().is_err());
        assert!("heuristic:0".parse::<BotSpec>().is_err());
        assert_eq!(BotSpec { kind: BotKind::Heuristic, budget: Some(4) }.to_string(), "heuristic:4");
    }
}
