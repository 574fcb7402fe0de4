//! A search as a piece of work that can travel: a game's bot's move, a hint, or a part of a review, with all
//! it needs to run anywhere — on this server's own slots ([`crate::thinking`]), or on an `imperia worker`
//! that took it from the database's queue ([`crate::queue`]). Running one is a function of the thought and
//! the game's content alone, so whoever runs it, the game gets the same kind of answer.

use std::time::Duration;

use imperia_bots::{Budget, Hint, Judged};
use imperia_core::{ActionChoice, DynContent, Record, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::levels::BotLevel;

/// One search to run.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Thought {
    /// A game's bot decides: `level` (a [`BotLevel`]'s name) plays `seat`, seeing what the seat sees.
    Move {
        game: String,
        /// The replaced content's fingerprint; absent for the shipped content.
        content: Option<String>,
        level: String,
        seed: u64,
        seat: Seat,
        view: Value,
        legal: Vec<ActionChoice>,
    },
    /// The search's best choices for `seat`'s decision at the end of `record`.
    Hint { record: Record, seat: Seat, iterations: u64, time_ms: u64, seed: u64 },
    /// The search's judgement of `seats`' decisions among the record's actions `from..to`.
    Review { record: Record, seats: Vec<Seat>, from: usize, to: usize, iterations: u64, time_ms: u64, seed: u64 },
}

/// What a search found.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The action the bot chose.
    Move(Value),
    /// Root actions, best first.
    Hint(Vec<Hint>),
    Review(Vec<Judged>),
}

impl Thought {
    /// The game's catalogue id.
    pub fn game(&self) -> &str {
        match self {
            Thought::Move { game, .. } => game,
            Thought::Hint { record, .. } | Thought::Review { record, .. } => &record.game,
        }
    }

    /// The fingerprint of the replaced content the game is played with; `None` for the shipped content.
    pub fn content(&self) -> Option<&str> {
        match self {
            Thought::Move { content, .. } => content.as_deref(),
            Thought::Hint { record, .. } | Thought::Review { record, .. } => record.content.as_deref(),
        }
    }

    /// Help (a hint, a review) rather than a game's bot: it waits behind the bots.
    pub fn is_help(&self) -> bool {
        !matches!(self, Thought::Move { .. })
    }

    /// What it is, in a few words, for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Thought::Move { .. } => "a bot's move",
            Thought::Hint { .. } => "a hint",
            Thought::Review { .. } => "a part of a review",
        }
    }

    /// Run the search, with the game's `content`. It blocks for as long as the search runs (its budget
    /// bounds that): call it off the async threads.
    pub fn run(self, content: &DynContent) -> Result<Answer, String> {
        let game = self.game().to_string();
        let entry = imperia_games::bots_for(&game).ok_or_else(|| format!("no bot plays {game}"))?;
        match self {
            Thought::Move { level, seed, seat, view, legal, .. } => {
                let spec = BotLevel::named(&level)?.spec_in(&game);
                let mut bot = (entry.bot)(&spec, seed);
                let chosen = bot.choose(&view, content, seat, &legal)?;
                let choice = legal.into_iter().nth(chosen).ok_or("the bot chose no legal action")?;
                Ok(Answer::Move(choice.action))
            }
            Thought::Hint { record, seat, iterations, time_ms, seed } => {
                let (hints, _) = (entry.hint)(&record, content, seat, budget(iterations, time_ms), seed)?;
                Ok(Answer::Hint(hints))
            }
            Thought::Review { record, seats, from, to, iterations, time_ms, seed } => {
                let judged = (entry.review)(&record, content, &seats, from..to, budget(iterations, time_ms), seed)?;
                Ok(Answer::Review(judged))
            }
        }
    }
}

/// A search's budget: its iterations, and never longer than `time_ms`.
fn budget(iterations: u64, time_ms: u64) -> Budget {
    Budget { time: Some(Duration::from_millis(time_ms)), ..Budget::iterations(iterations) }
}

/// A record as a thought carries it: only what a replay plays. The replaced content's files stay behind
/// (whoever runs the thought loads the set by its fingerprint), and so does the story of steps taken back
/// and rules changed.
pub fn travelling(mut record: Record) -> Record {
    record.content_files.clear();
    record.rollbacks.clear();
    record.migrations.clear();
    record
}
