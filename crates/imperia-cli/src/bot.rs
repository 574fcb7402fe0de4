//! `imperia bot`: one of Imperia's own bots as an outside program, speaking the protocol of
//! docs/bot-builders.md on its standard input and output.
//!
//! It lets one build's bot sit at another build's table: `imperia arena … --seats 'cmd:/old/imperia bot
//! mcts@200ms,mcts@200ms'` sets the search of an older build against this one's at equal thinking time, which
//! one process cannot hold. It is also a known-good program for testing a host of the protocol.
//!
//! The bot sees what the protocol gives it (its seat's view and the legal actions), as it does at a table of
//! this build, and answers each turn within the turn's clock: a search is stopped short of `move_ms` (less
//! a margin for reading and writing the lines) whatever its spec allows.

use std::io::{BufRead, Write};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use imperia_bots::outside::{FromBot, PROTOCOL, ToBot, Turn};
use imperia_bots::{BotEntry, BotSpec, DynBot};
use imperia_core::{ActionChoice, DynContent, Registry, Seat};

use crate::ContentArg;

#[derive(Args)]
pub struct BotArgs {
    /// The bot: random, heuristic[:N], rollout[:N][@Mms], mcts[:N[:T]][@Mms] or uct[:N[:T]][@Mms], with
    /// +learned or +hand.
    spec: BotSpec,
    /// The seed of the bot's own chances (sampled hands, ties); each seat draws its own from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    content: ContentArg,
}

/// The game the program is playing, from its `hello`.
struct Table {
    game_id: String,
    entry: BotEntry,
    content: DynContent,
    seat: Seat,
    /// The bot, and the longest it may think under the clock it was made for.
    bot: Option<(Box<dyn DynBot>, Option<Duration>)>,
}

pub fn run(registry: &Registry, args: &BotArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let mut table: Option<Table> = None;
    for line in std::io::stdin().lock().lines() {
        let line = line.context("reading the host's line")?;
        let message: ToBot =
            serde_json::from_str(&line).map_err(|e| anyhow!("the host sent a line that is not a message: {e}"))?;
        let answer = match message {
            ToBot::Hello(hello) => {
                if hello.protocol != PROTOCOL {
                    bail!("the host speaks protocol {}, and this bot {PROTOCOL}", hello.protocol);
                }
                let (Some(game), Some(entry)) = (registry.get(&hello.game), imperia_games::bots_for(&hello.game))
                else {
                    bail!("there is no game `{}`; the games are: {}", hello.game, registry.ids().join(", "));
                };
                let content = args.content.load(game)?;
                table = Some(Table { game_id: hello.game_id, entry, content, seat: hello.seat, bot: None });
                FromBot::Ready { name: format!("imperia bot {}", args.spec), protocol: Some(PROTOCOL), token: None }
            }
            ToBot::Turn(turn) => {
                let Some(table) = table.as_mut().filter(|t| t.game_id == turn.game_id) else {
                    bail!("the host sent a turn of game `{}` before its hello", turn.game_id);
                };
                let index = table.choose(&args.spec, args.seed, &turn)?;
                FromBot::Action { index: Some(index), action: None, game_id: None }
            }
            ToBot::End(_) => {
                table = None;
                continue;
            }
            ToBot::Error(notice) => {
                eprintln!("the host says: {}", notice.message);
                continue;
            }
        };
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

impl Table {
    fn choose(&mut self, spec: &BotSpec, seed: u64, turn: &Turn) -> Result<usize> {
        if turn.seat != self.seat {
            bail!("the host sent a turn of seat {} to the bot of seat {}", turn.seat, self.seat);
        }
        let limit = spec.kind.takes_clock().then(|| clock_limit(spec.time_limit, turn.time.move_ms));
        // A bot is made for a clock; it is made again only when the clock changes (a game clock running down).
        let bot = match &mut self.bot {
            Some((bot, made_for)) if *made_for == limit => bot,
            slot => {
                // A spec without a clock keeps its iterations; the turn's clock only bounds them.
                let spec = limit.map_or_else(|| spec.clone(), |limit| spec.under_clock(limit));
                let seed = imperia_bots::arena::seat_rng_seed(seed ^ turn.step as u64, self.seat);
                &mut slot.insert(((self.entry.bot)(&spec, seed), limit)).0
            }
        };
        let legal: Vec<ActionChoice> = turn
            .actions
            .iter()
            .map(|c| ActionChoice { action: c.action.clone(), label: c.label.clone(), targets: Vec::new() })
            .collect();
        bot.choose(&turn.view, &self.content, self.seat, &legal).map_err(|e| anyhow!("the bot could not choose: {e}"))
    }
}

/// The longest a search may think on a turn of `move_ms`: its own limit, cut to the turn's clock less a tenth
/// and 50 ms for the lines to travel.
fn clock_limit(own: Option<Duration>, move_ms: u64) -> Duration {
    let clock = Duration::from_millis(move_ms.saturating_sub(move_ms / 10 + 50).max(1));
    own.map_or(clock, |own| own.min(clock))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_stops_short_of_the_turns_clock() {
        assert_eq!(clock_limit(None, 10_000), Duration::from_millis(8_950));
        assert_eq!(clock_limit(Some(Duration::from_millis(200)), 10_000), Duration::from_millis(200));
        assert_eq!(clock_limit(Some(Duration::from_secs(5)), 1_000), Duration::from_millis(850));
        assert_eq!(clock_limit(None, 20), Duration::from_millis(1), "never no time at all");
    }
}
