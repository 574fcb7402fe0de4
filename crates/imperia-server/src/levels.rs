//! The bots a server runs: a fixed list of levels, each with a bounded cost (iterations, one thread, a
//! wall-clock cap), so no request can make the server think forever or allocate without end. The terminal
//! keeps free bot specs (`mcts:N:T`); a server takes only these names (or a level's own spec, which is how
//! games created before levels name their bots).
//!
//! A game offers a level for a new seat only where the ladder measured it a clear step above the level
//! below it (docs/bots.md): a level that is not, in some game, carries a [`Shortfall`] for it, and so does
//! every level above it, so the levels a game offers climb one measured step at a time. Seats given a
//! level before it was withheld keep it: [`BotLevel::named`] still reads it.
//!
//! A level is one bot in every game unless a game names another for it ([`PlaysIn`]): where the level's own
//! bot measured no step above the level below and another one did.

use std::time::Duration;

use imperia_bots::{BotKind, BotSpec};
use serde::Serialize;

/// One level a seat can be given.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct BotLevel {
    /// Its name in the API: `easy`, `medium`, `strong`, `expert`.
    pub level: &'static str,
    /// In words, for a lobby.
    pub label: &'static str,
    #[serde(skip)]
    kind: BotKind,
    #[serde(skip)]
    budget: Option<u64>,
    /// The longest a decision may take, in seconds.
    pub seconds: u64,
    /// Specs this level played before, which games made then still name.
    #[serde(skip)]
    former: &'static [&'static str],
    /// The games in which this level plays another bot than its own.
    #[schema(value_type = Vec<PlaysIn>)]
    pub plays_in: &'static [PlaysIn],
    /// The games in which this level is not offered for a new seat, because it, or a level below it, has
    /// not measured a clear step above the level below that.
    #[schema(value_type = Vec<Shortfall>)]
    pub shortfalls: &'static [Shortfall],
}

/// A game in which a level plays another bot than its own, measured a clear step above the level below where
/// the level's own bot was not (docs/bots.md).
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
pub struct PlaysIn {
    /// The game's catalogue id.
    pub game: &'static str,
    /// The level in words in that game, for a lobby.
    pub label: &'static str,
    #[serde(skip)]
    kind: BotKind,
    #[serde(skip)]
    budget: Option<u64>,
}

/// A game in which a level is not offered, because it, or a level below it, is no clear step above the one
/// below (docs/bots.md «How the levels are measured»: the lower end of its win rate's 95% interval is not
/// above chance), and what was measured of this level there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Shortfall {
    /// The game's catalogue id.
    pub game: &'static str,
    /// The measurement, in words that follow the level's name: "won … of … games against …".
    pub measured: &'static str,
}

/// Every level, weakest first.
pub const LEVELS: [BotLevel; 4] = [
    BotLevel {
        level: "easy",
        label: "Easy: random moves",
        kind: BotKind::Random,
        budget: None,
        seconds: 1,
        former: &[],
        plays_in: &[],
        shortfalls: &[],
    },
    BotLevel {
        level: "medium",
        label: "Medium: looks one step ahead",
        kind: BotKind::Heuristic,
        budget: None,
        seconds: 5,
        former: &[],
        plays_in: &[],
        shortfalls: &[],
    },
    BotLevel {
        level: "strong",
        label: "Strong: searches 100 lines",
        kind: BotKind::Mcts,
        // 300 until stop 37: then expert was no clear step above strong in Imperial 2030, where more search
        // buys little (docs/bots.md).
        budget: Some(100),
        seconds: 5,
        former: &["mcts:300"],
        // In Virgin Queen the search won no more often than one step (27.5% of 300 against three Medium bots,
        // stop 49): its evaluation cannot see what deals and wars lead to, and the playouts can (issue 56).
        plays_in: &[PlaysIn {
            game: "virgin-queen",
            label: "Strong: plays its best moves out to the end",
            kind: BotKind::Rollout,
            budget: Some(2),
        }],
        shortfalls: &[],
    },
    BotLevel {
        level: "expert",
        label: "Expert: searches 2,000 lines",
        kind: BotKind::Mcts,
        budget: Some(2000),
        // The top level answers within 2 s on one core (issue 19). In four games its 95th percentile is far
        // under the cap; in Virgin Queen the playouts reach it at about one decision in twenty, and stop
        // within one playout of it (docs/bots.md).
        seconds: 2,
        former: &[],
        // In Virgin Queen the playouts of Strong, in four times the worlds: 32.5% of 200 games against three
        // Strong bots (95% 26.4–39.3%), where the search was not measured a step above them (docs/bots.md).
        plays_in: &[PlaysIn {
            game: "virgin-queen",
            label: "Expert: plays its best moves out in four times the worlds",
            kind: BotKind::Rollout,
            budget: Some(8),
        }],
        shortfalls: &[],
    },
];

impl BotLevel {
    /// The bot this level plays in `game` (a catalogue id): one thread, its iterations or playouts, and its
    /// time cap.
    pub fn spec_in(&self, game: &str) -> BotSpec {
        match self.plays_in.iter().find(|p| p.game == game) {
            Some(p) => self.bounded(p.kind, p.budget),
            None => self.bounded(self.kind, self.budget),
        }
    }

    /// The bots this level plays: its own, and those it plays in particular games.
    fn specs(&self) -> impl Iterator<Item = BotSpec> + '_ {
        std::iter::once(self.bounded(self.kind, self.budget))
            .chain(self.plays_in.iter().map(|p| self.bounded(p.kind, p.budget)))
    }

    /// A bot of `kind` and `budget` as this level runs it: one thread, and the level's clock where it takes one.
    fn bounded(&self, kind: BotKind, budget: Option<u64>) -> BotSpec {
        BotSpec {
            budget,
            threads: None,
            time_limit: kind.takes_clock().then(|| Duration::from_secs(self.seconds)),
            ..BotSpec::new(kind)
        }
    }

    /// The level a name means: a level's name, or the spec a level plays or played (`random`, `heuristic`,
    /// `mcts:300`), as stored by games made before levels had names.
    pub fn named(name: &str) -> Result<&'static BotLevel, String> {
        let name = name.trim();
        if name.starts_with(imperia_bots::PROGRAM_PREFIX) {
            // Said in so many words, for someone who read of outside bots in the arena.
            return Err(format!(
                "a server runs no program a client names (`cmd:` is for `imperia arena` on your own machine); \
                 its bots are the levels {}",
                LEVELS.map(|l| l.level).join(", ")
            ));
        }
        LEVELS.iter().find(|l| l.answers_to(name)).ok_or_else(|| {
            let names: Vec<&str> = LEVELS.iter().map(|l| l.level).collect();
            let shown: String = name.chars().take(40).collect();
            format!("`{shown}` is not a bot level of this server; the levels are {}", names.join(", "))
        })
    }

    /// The level `name` means (as [`BotLevel::named`]), if `game` offers it for a new seat.
    pub fn for_seat(name: &str, game: &str) -> Result<&'static BotLevel, String> {
        let level = Self::named(name)?;
        level.offered_in(game)?;
        Ok(level)
    }

    /// Whether `game` (a catalogue id) offers this level for a new seat; if not, why, and what it offers.
    pub fn offered_in(&self, game: &str) -> Result<(), String> {
        let Some(shortfall) = self.shortfall_in(game) else { return Ok(()) };
        let offered: Vec<&str> = LEVELS.iter().filter(|l| l.shortfall_in(game).is_none()).map(|l| l.level).collect();
        Err(format!(
            "the {} bot level is not offered in {game}: it {}, and the levels up to it must each measure a clear \
             step above the one below; the levels offered there are {}",
            self.level,
            shortfall.measured,
            offered.join(", ")
        ))
    }

    fn shortfall_in(&self, game: &str) -> Option<&Shortfall> {
        self.shortfalls.iter().find(|s| s.game == game)
    }

    /// Whether `name` (trimmed) is this level's name, a spec it plays (as games stored it, without the
    /// clock), or one it played before.
    fn answers_to(&self, name: &str) -> bool {
        self.level == name
            || self.specs().any(|spec| BotSpec { time_limit: None, ..spec }.to_string() == name)
            || self.former.contains(&name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_bounded_and_named() {
        for level in &LEVELS {
            for spec in level.specs() {
                assert!(spec.threads.unwrap_or(1) == 1, "{}: one thread", level.level);
                assert!(spec.budget.unwrap_or(1) <= 2000, "{}: bounded iterations", level.level);
                assert_eq!(spec.kind.takes_clock(), spec.time_limit.is_some(), "{}: a clock where it can", level.level);
            }
            assert_eq!(BotLevel::named(level.level).map(|l| l.level), Ok(level.level));
        }
        assert!(LEVELS.iter().all(|l| l.seconds <= 5), "a player never waits long");
        assert_eq!(LEVELS[LEVELS.len() - 1].seconds, 2, "the top level: 2 s a decision at most");
        assert_eq!(BotLevel::named("random").map(|l| l.level), Ok("easy"));
        assert_eq!(BotLevel::named("heuristic").map(|l| l.level), Ok("medium"));
        assert_eq!(BotLevel::named("mcts:300").map(|l| l.level), Ok("strong"), "what strong played before");
        assert_eq!(BotLevel::named("mcts:100").map(|l| l.level), Ok("strong"));
        assert_eq!(BotLevel::named("rollout:2").map(|l| l.level), Ok("strong"), "what strong plays in Virgin Queen");
        for hostile in ["mcts:1:1099511627776", "mcts:1000000000000:8", "heuristic:99999999", "genius", ""] {
            let refused = BotLevel::named(hostile).expect_err(hostile);
            assert!(refused.contains("easy, medium, strong, expert"), "{refused}");
        }
        for program in ["cmd:python3 bot.py", " cmd:sh -c 'rm -rf ~'"] {
            let refused = BotLevel::named(program).expect_err(program);
            assert!(refused.starts_with("a server runs no program a client names"), "{refused}");
            assert!(refused.ends_with("the levels easy, medium, strong, expert"), "{refused}");
        }
    }

    #[test]
    fn a_shortfall_names_a_hosted_game_once_and_never_the_lowest_level() {
        let registry = imperia_games::registry();
        assert!(LEVELS[0].shortfalls.is_empty(), "the lowest level has no level below to be a step above");
        for (rank, level) in LEVELS.iter().enumerate() {
            for p in level.plays_in {
                assert!(
                    registry.get(p.game).is_some(),
                    "{}: plays in `{}`, no game of the catalogue",
                    level.level,
                    p.game
                );
            }
            for (i, s) in level.shortfalls.iter().enumerate() {
                assert!(registry.get(s.game).is_some(), "{}: `{}` is no game of the catalogue", level.level, s.game);
                assert!(level.shortfalls[..i].iter().all(|t| t.game != s.game), "{}: {} twice", level.level, s.game);
                assert!(s.measured.starts_with("won "), "{}: read after the level's name", level.level);
                for above in &LEVELS[rank + 1..] {
                    assert!(
                        above.shortfall_in(s.game).is_some(),
                        "{} above {}: withheld in {}",
                        above.level,
                        level.level,
                        s.game
                    );
                }
            }
        }
        for game in registry.ids() {
            let timeout = BotLevel::named(crate::seating::TIMEOUT_LEVEL).expect("a level");
            assert_eq!(timeout.offered_in(game), Ok(()), "the level that takes over late seats, in {game}");
        }
    }

    #[test]
    fn a_game_offers_only_the_levels_it_measured_step_by_step() {
        assert_eq!(BotLevel::for_seat("strong", "imperial2030").map(|l| l.level), Ok("strong"));
        assert_eq!(BotLevel::for_seat("mcts:2000", "imperial-struggle").map(|l| l.level), Ok("expert"));
        // Strong and expert play their moves out in Virgin Queen, and their own search everywhere else.
        let strong = BotLevel::for_seat("strong", "virgin-queen").expect("offered");
        assert_eq!(strong.spec_in("virgin-queen").to_string(), "rollout:2@5000ms");
        assert_eq!(strong.spec_in("imperial2030").to_string(), "mcts:100@5000ms");
        let expert = BotLevel::for_seat("expert", "virgin-queen").expect("offered");
        assert_eq!(expert.spec_in("virgin-queen").to_string(), "rollout:8@2000ms");
        assert_eq!(BotLevel::named("rollout:8").map(|l| l.level), Ok("expert"), "as games store it");
        assert!(BotLevel::for_seat("genius", "virgin-queen").expect_err("no level").contains("not a bot level"));
        // A level that has not measured a step in a game is refused there, saying what was measured and
        // what the game offers.
        let withheld = BotLevel {
            shortfalls: &[Shortfall { game: "virgin-queen", measured: "won 20% of 100 games against three Strong" }],
            ..LEVELS[3]
        };
        let refused = withheld.offered_in("virgin-queen").expect_err("withheld");
        assert!(refused.contains("not offered in virgin-queen: it won 20% of 100 games"), "{refused}");
        assert!(refused.contains("the levels offered there are "), "{refused}");
        assert_eq!(withheld.offered_in("imperial2030"), Ok(()));
    }
}
