//! # imperia-bots
//!
//! Computer opponents that play fair: a bot is shown its seat's view and the actions open to it, never the
//! game's state, and for any lookahead it samples complete states from that view with the game's
//! [`Game::determinize`]. Given the same seed, a bot makes the same choices.
//!
//! - [`random`]: uniformly random legal actions.
//! - [`heuristic`]: a one-step lookahead judged by the game's [`Evaluate`].
//! - [`rollout`]: the one-step bot's few best actions each played out to the game's end, the best on average
//!   taken: policy improvement where the evaluation cannot see far.
//! - [`mcts`]: Monte Carlo tree search with a reward per seat (max^n), sampling hidden information, guided by
//!   the evaluation (PUCT) or plain (UCT, the baseline).
//! - [`train`]: self-play games that teach a game's learned evaluation ([`imperia_core::learned`]), which
//!   bots judge with where the game prefers it ([`Judge`]).
//! - [`deep`]: the conformance harness with bots at the table, whose games reach late positions.
//! - [`arena`]: bot-against-bot games with seats rotated, and the type-erased [`DynBot`] through which the CLI
//!   (and later the server) seat bots in any game. An arena seat may also hold an outside program
//!   ([`arena::Entrant`]): [`outside`] is the protocol it speaks, [`process`] runs it as a child process.

pub mod arena;
pub mod deep;
pub mod heuristic;
pub mod mcts;
pub mod outside;
pub mod process;
pub mod random;
pub mod rollout;
pub mod train;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use imperia_core::{ContentSet, Evaluate, Game, GameRng, Seat};
use serde::{Deserialize, Serialize};

pub use arena::{BotEntry, DynBot, Entrant, Hint, Judged, SearchSpeed};
pub use heuristic::HeuristicBot;
pub use mcts::{Budget, Guide, MctsBot};
pub use random::RandomBot;
pub use rollout::RolloutBot;

/// A computer player for game `G`.
pub trait Bot<G: Game>: Send {
    /// Choose one of `legal` (never empty) for `seat`, knowing only `view` of a game played with `content`.
    fn choose(
        &mut self,
        view: &G::View,
        content: &ContentSet<G::Content>,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> G::Action;
}

/// Which bot, and how much thinking it may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    Random,
    Heuristic,
    /// The one-step bot's favourites played out to the end ([`rollout`]); the budget is playouts per action.
    Rollout,
    /// Monte Carlo tree search (max^n, information-set sampling) guided by the evaluation; the budget is
    /// iterations per decision.
    Mcts,
    /// The same search unguided (plain UCT): the baseline that guidance is measured against.
    Uct,
}

/// Which evaluation a bot judges positions with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judge {
    /// The game's hand-written [`Evaluate::evaluate`].
    Hand,
    /// The game's learned model ([`Evaluate::learned`]); the hand-written one where the game has none.
    Learned,
}

impl Judge {
    /// The game's own choice ([`Evaluate::LEARNED_BY_DEFAULT`]).
    pub fn default_for<G: Evaluate>() -> Judge {
        if G::LEARNED_BY_DEFAULT { Judge::Learned } else { Judge::Hand }
    }

    /// Each seat's prospects in `state`, as this judge reads them.
    pub fn values<G: Evaluate>(self, state: &G) -> Vec<f64> {
        match self {
            Judge::Hand => state.evaluate(),
            Judge::Learned => state.learned().unwrap_or_else(|| state.evaluate()),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Judge::Hand => "hand",
            Judge::Learned => "learned",
        }
    }
}

/// A bot as named on the command line: `random`, `heuristic`, `heuristic:8` (8 sampled states per decision),
/// `mcts`, `mcts:2000` (iterations per decision) or `mcts:2000:2` (on two threads). `ismcts` is another name
/// for `mcts`, whose search samples hidden information anyway; `uct` takes the same numbers for the
/// unguided search. A search may also be given a time per decision, `@` and milliseconds: `mcts@200ms`
/// thinks 200 ms a decision however many iterations that buys (bots compared at equal thinking time),
/// `mcts:2000@200ms` stops at whichever comes first. A suffix `+learned` or `+hand` names the evaluation a
/// heuristic or search bot judges with (`mcts:2000+learned`); without one, the game chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSpec {
    pub kind: BotKind,
    /// Samples, iterations or similar, by kind; `None` takes the kind's default.
    pub budget: Option<u64>,
    /// Search threads (MCTS only).
    pub threads: Option<usize>,
    /// A wall-clock limit on each decision as well (MCTS only). A search stopped by the clock is not
    /// reproducible; servers set one so that no decision can hold a core for long.
    #[serde(default)]
    pub time_limit: Option<Duration>,
    /// The evaluation it judges with; `None` takes the game's choice.
    #[serde(default)]
    pub judge: Option<Judge>,
}

/// The most search threads a spec may ask for: more than any machine this runs on has, and few enough that
/// a mistyped number cannot exhaust memory before the search starts.
pub const MAX_THREADS: usize = 256;

/// Rollout playouts per candidate action by default.
pub const DEFAULT_PLAYOUTS: u64 = 2;

/// MCTS iterations per decision by default.
pub const DEFAULT_ITERATIONS: u64 = 1000;

/// The longest time per decision a spec may give (`@60000ms`): a minute.
pub const MAX_DECISION_MS: u64 = 60_000;

/// The iterations of a search that only its clock stops (`mcts@200ms`): more than a minute buys in any
/// game today (the fastest search runs some 20,000 a second), and a bound on the tree's memory all the same.
pub const TIMED_ITERATIONS: u64 = 2_000_000;

impl BotKind {
    /// Whether this bot searches a tree (and so takes threads and a clock).
    pub fn searches(self) -> bool {
        matches!(self, BotKind::Mcts | BotKind::Uct)
    }

    /// Whether this bot's thinking can be bounded by a clock (`@Mms`).
    pub fn takes_clock(self) -> bool {
        self.searches() || self == BotKind::Rollout
    }
}

impl BotSpec {
    pub fn new(kind: BotKind) -> Self {
        BotSpec { kind, budget: None, threads: None, time_limit: None, judge: None }
    }

    /// The same bot, thinking no longer than `limit` a decision. A search with no clock of its own keeps its
    /// default iterations, which a clock alone would raise to [`TIMED_ITERATIONS`].
    pub fn under_clock(&self, limit: Duration) -> BotSpec {
        let budget = match self.budget {
            None if self.kind.searches() && self.time_limit.is_none() => Some(DEFAULT_ITERATIONS),
            budget => budget,
        };
        BotSpec { budget, time_limit: Some(limit), ..self.clone() }
    }

    /// The bot for game `G`.
    pub fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        match self.kind {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Heuristic => Box::new(HeuristicBot::new(self.budget.unwrap_or(1) as usize).judging(self.judge)),
            BotKind::Rollout => {
                Box::new(RolloutBot::new(self.budget.unwrap_or(DEFAULT_PLAYOUTS) as usize, self.time_limit, self.judge))
            }
            BotKind::Mcts | BotKind::Uct => Box::new(MctsBot::new(Budget {
                iterations: self.budget.unwrap_or(match self.time_limit {
                    Some(_) => TIMED_ITERATIONS,
                    None => DEFAULT_ITERATIONS,
                }),
                time: self.time_limit,
                threads: self.threads.unwrap_or(1),
                guide: if self.kind == BotKind::Uct { Guide::Plain } else { Guide::Heuristic },
                judge: self.judge,
            })),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Rollout => "rollout",
            BotKind::Mcts => "mcts",
            BotKind::Uct => "uct",
        };
        match (self.budget, self.threads) {
            (Some(b), Some(t)) => write!(f, "{kind}:{b}:{t}"),
            (Some(b), None) => write!(f, "{kind}:{b}"),
            (None, Some(t)) if self.time_limit.is_some() => write!(f, "{kind}:{TIMED_ITERATIONS}:{t}"),
            (None, Some(t)) => write!(f, "{kind}:{DEFAULT_ITERATIONS}:{t}"),
            (None, None) => f.write_str(kind),
        }?;
        if let Some(limit) = self.time_limit {
            write!(f, "@{}ms", limit.as_millis())?;
        }
        match self.judge {
            Some(judge) => write!(f, "+{}", judge.name()),
            None => Ok(()),
        }
    }
}

/// How an outside program is named where it is taken ([`Entrant`]): `cmd:` and its command line.
pub const PROGRAM_PREFIX: &str = "cmd:";

/// A bot name that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadBotSpec {
    #[error(
        "`{0}` is not a bot: use random, heuristic[:N] (N states sampled per decision), rollout[:N][@Mms] (its best actions each played out in N sampled worlds), mcts[:N[:T]][@Mms] (N iterations per decision, on T threads, at most 256, and at most M milliseconds a decision, at most 60000) or uct[:N[:T]][@Mms] (the same search unguided), each but random with +learned or +hand to choose its evaluation"
    )]
    Unknown(String),
    /// `cmd:`, where only Imperia's own bots are taken.
    #[error(
        "`cmd:` runs a program of this machine as a bot, which only `imperia arena --seats` does; here the bots are random, heuristic, rollout, mcts and uct"
    )]
    Program,
}

impl FromStr for BotSpec {
    type Err = BadBotSpec;

    fn from_str(text: &str) -> Result<Self, BadBotSpec> {
        let bad = || BadBotSpec::Unknown(text.to_string());
        if text.trim_start().starts_with(PROGRAM_PREFIX) {
            return Err(BadBotSpec::Program);
        }
        let (text, judge) = match text.trim().split_once('+') {
            None => (text.trim(), None),
            Some((bot, "learned")) => (bot, Some(Judge::Learned)),
            Some((bot, "hand")) => (bot, Some(Judge::Hand)),
            Some(_) => return Err(bad()),
        };
        let (text, time_limit) = match text.split_once('@') {
            None => (text, None),
            Some((bot, time)) => {
                let ms = time.strip_suffix("ms").and_then(|ms| ms.parse::<u64>().ok()).ok_or_else(bad)?;
                if !(1..=MAX_DECISION_MS).contains(&ms) {
                    return Err(bad());
                }
                (bot, Some(Duration::from_millis(ms)))
            }
        };
        let mut parts = text.split(':');
        let kind = match parts.next() {
            Some("random") => BotKind::Random,
            Some("heuristic") => BotKind::Heuristic,
            Some("rollout") => BotKind::Rollout,
            Some("mcts" | "ismcts") => BotKind::Mcts,
            Some("uct") => BotKind::Uct,
            _ => return Err(bad()),
        };
        let budget = parts.next().map(|b| b.parse::<u64>().map_err(|_| bad())).transpose()?;
        let threads = parts.next().map(|t| t.parse::<usize>().map_err(|_| bad())).transpose()?;
        if budget == Some(0)
            || threads == Some(0)
            || parts.next().is_some()
            || threads.is_some_and(|t| t > MAX_THREADS)
            || (threads.is_some() && !kind.searches())
            || (time_limit.is_some() && !kind.takes_clock())
            || (judge.is_some() && kind == BotKind::Random)
        {
            return Err(bad());
        }
        Ok(BotSpec { kind, budget, threads, time_limit, judge })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_bounds_a_bot_without_raising_its_budget() {
        let second = Duration::from_secs(1);
        let under = |text: &str| text.parse::<BotSpec>().expect("a bot").under_clock(second).to_string();
        assert_eq!(under("mcts"), "mcts:1000@1000ms", "the default iterations, not as many as a second buys");
        assert_eq!(under("mcts@200ms"), "mcts@1000ms", "a timed search stays timed");
        assert_eq!(under("mcts:50"), "mcts:50@1000ms");
        assert_eq!(under("rollout"), "rollout@1000ms", "the default playouts");
    }

    #[test]
    fn bot_names_parse() {
        assert_eq!("random".parse(), Ok(BotSpec::new(BotKind::Random)));
        assert_eq!("heuristic:4".parse(), Ok(BotSpec { budget: Some(4), ..BotSpec::new(BotKind::Heuristic) }));
        assert_eq!(
            "ismcts:500:2".parse(),
            Ok(BotSpec { budget: Some(500), threads: Some(2), ..BotSpec::new(BotKind::Mcts) })
        );
        let plain = BotSpec { budget: Some(500), threads: Some(2), ..BotSpec::new(BotKind::Uct) };
        assert_eq!("uct:500:2".parse(), Ok(plain.clone()));
        assert_eq!(plain.to_string(), "uct:500:2");
        assert!("heuristic:4:2".parse::<BotSpec>().is_err());
        let rollout =
            BotSpec { budget: Some(4), time_limit: Some(Duration::from_millis(500)), ..BotSpec::new(BotKind::Rollout) };
        assert_eq!("rollout:4@500ms".parse(), Ok(rollout.clone()));
        assert_eq!(rollout.to_string(), "rollout:4@500ms");
        assert_eq!("rollout+hand".parse::<BotSpec>().map(|s| s.to_string()), Ok("rollout+hand".into()));
        assert!("rollout:4:2".parse::<BotSpec>().is_err(), "playouts run on one thread");
        assert!("heuristic@500ms".parse::<BotSpec>().is_err(), "one step takes no clock");
        assert!("genius".parse::<BotSpec>().is_err());
        assert!("heuristic:lots".parse::<BotSpec>().is_err());
        assert!("heuristic:0".parse::<BotSpec>().is_err());
        // A thread count that would allocate without end is refused before any search starts.
        assert!("mcts:1:1099511627776".parse::<BotSpec>().is_err());
        assert!(format!("mcts:1:{}", MAX_THREADS + 1).parse::<BotSpec>().is_err());
        assert_eq!(BotSpec { budget: Some(4), ..BotSpec::new(BotKind::Heuristic) }.to_string(), "heuristic:4");
        let learned = BotSpec { budget: Some(400), judge: Some(Judge::Learned), ..BotSpec::new(BotKind::Mcts) };
        assert_eq!("mcts:400+learned".parse(), Ok(learned.clone()));
        assert_eq!(learned.to_string(), "mcts:400+learned");
        assert_eq!("heuristic+hand".parse::<BotSpec>().map(|b| b.judge), Ok(Some(Judge::Hand)));
        assert!("random+learned".parse::<BotSpec>().is_err());
        assert!("mcts:400+genius".parse::<BotSpec>().is_err());
        // A program is an entrant of the arena, never a bot spec: hosts that take specs run no program.
        assert_eq!("cmd:python3 bot.py".parse::<BotSpec>(), Err(BadBotSpec::Program));
        assert_eq!(" cmd:sh".parse::<BotSpec>(), Err(BadBotSpec::Program));
        let entrant: Entrant = "cmd:python3 bot.py".parse().expect("an entrant");
        assert!(matches!(&entrant, Entrant::Program(p) if p.argv == ["python3", "bot.py"]), "{entrant:?}");
        assert_eq!("mcts:400".parse::<Entrant>(), Ok(Entrant::Bot(BotSpec { judge: None, ..learned })));
    }

    #[test]
    fn a_search_takes_a_time_per_decision() {
        let timed: BotSpec = "mcts@200ms".parse().expect("a timed search");
        assert_eq!(timed, BotSpec { time_limit: Some(Duration::from_millis(200)), ..BotSpec::new(BotKind::Mcts) });
        assert_eq!(timed.to_string(), "mcts@200ms");
        let both: BotSpec = "uct:2000:2@1500ms+hand".parse().expect("iterations, threads, time and judge");
        assert_eq!(
            (both.budget, both.threads, both.time_limit),
            (Some(2000), Some(2), Some(Duration::from_millis(1500)))
        );
        assert_eq!(both.to_string(), "uct:2000:2@1500ms+hand");
        assert_eq!(both.to_string().parse(), Ok(both));
        // Only its clock stops it: the threads given alone name the bound that stands in for iterations.
        let threaded = BotSpec { threads: Some(2), ..timed.clone() };
        assert_eq!(threaded.to_string().parse(), Ok(BotSpec { budget: Some(TIMED_ITERATIONS), ..threaded }));
        for bad in
            ["heuristic@200ms", "random@1ms", "mcts@0ms", "mcts@60001ms", "mcts@200", "mcts@2s", "mcts@ms", "mcts@-5ms"]
        {
            assert!(bad.parse::<BotSpec>().is_err(), "{bad} is refused");
        }
        assert_eq!(
            format!("mcts@{MAX_DECISION_MS}ms").parse::<BotSpec>().map(|s| s.time_limit),
            Ok(Some(Duration::from_secs(60)))
        );
    }
}
