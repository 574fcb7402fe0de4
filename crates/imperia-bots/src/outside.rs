//! The outside-bot protocol: how Imperia talks to a bot it did not write, one JSON object a line each way,
//! as chess engines speak UCI (docs/bot-builders.md gives it in full, for bot builders).
//!
//! The engine says [`ToBot::Hello`] once (the game, the seat, the options, the clock), then [`ToBot::Turn`]
//! for each of the seat's decisions (its view, exactly what a player in that seat is shown, and the legal
//! actions numbered from 0, each with its JSON and its label), and [`ToBot::End`] when the game is over,
//! naming the seat that forfeited, if one did. The bot answers `hello` with [`FromBot::Ready`] and each `turn`
//! with [`FromBot::Action`]: an index or an action's JSON. A bot that is late, stops, or says anything else
//! forfeits the game, for a [`Fault`] put into words.
//!
//! These types are the protocol's one definition, free of any transport: the arena's child processes speak
//! it over their standard input and output ([`crate::process`]), and a server can speak it over a socket.
//! [`PROTOCOL`] is its version: a change that an existing bot could misread takes a new number.

use std::time::Duration;

use imperia_core::{Outcome, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol's version, sent in every `hello`.
pub const PROTOCOL: u32 = 1;

/// The longest line a bot may send, in bytes (its newline aside).
pub const MAX_LINE: usize = 1 << 20;

/// The longest name a bot may give, in characters.
pub const MAX_NAME: usize = 100;

/// A message from the engine to a bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToBot {
    Hello(Hello),
    Turn(Turn),
    End(End),
    /// Over a server's WebSocket only: something the bot should know that is not a turn, in words (a line
    /// that could not be read, or a forfeit in one game while its others go on).
    Error(Notice),
}

/// A server's word to a bot account's program ([`ToBot::Error`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// The game it concerns, if one.
    #[serde(default)]
    pub game_id: Option<String>,
    pub message: String,
}

/// The start of a game: what the bot plays, before its first decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// [`PROTOCOL`].
    pub protocol: u32,
    /// The game's catalogue id (`imperial2030`).
    pub game: String,
    /// This game among the others the bot plays; it carries nothing about the game itself.
    pub game_id: String,
    /// The bot's seat, from 0, as views number seats.
    pub seat: Seat,
    pub seats: usize,
    /// Each seat's name as players read it (`Britain`, `Player 2`).
    pub seat_names: Vec<String>,
    /// The game's config: the seat count and every variant option, defaults filled in.
    pub options: Value,
    /// The bot's clock at the start.
    pub time: TimeLeft,
}

/// How long a bot has: for the decision at hand, and for the rest of the game where the game is timed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeLeft {
    /// Milliseconds for this decision (already no more than `game_ms`).
    pub move_ms: u64,
    /// Milliseconds left for all of the bot's decisions in this game; `None` when only decisions are timed.
    #[serde(default)]
    pub game_ms: Option<u64>,
}

impl TimeLeft {
    /// The decision's limit, `move_limit` cut to what is left of `game_left`.
    pub fn of(move_limit: Duration, game_left: Option<Duration>) -> (TimeLeft, Duration) {
        let limit = game_left.map_or(move_limit, |left| left.min(move_limit));
        (TimeLeft { move_ms: millis(limit), game_ms: game_left.map(millis) }, limit)
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// One decision of the bot's seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub game_id: String,
    /// Actions taken in the game so far.
    pub step: usize,
    pub seat: Seat,
    /// What the seat is asked, in words, as its player reads it.
    pub prompt: String,
    /// The seat's view: what a player in that seat is shown, and nothing hidden from it.
    pub view: Value,
    /// The legal actions, never empty; `actions[i].index == i`.
    pub actions: Vec<Choice>,
    pub time: TimeLeft,
}

/// A legal action: its number, its JSON, and its label in words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub index: usize,
    pub action: Value,
    pub label: String,
}

/// The end of a game, told to every bot at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct End {
    pub game_id: String,
    /// Each seat's rank (1 = first; equal ranks are shared) and score.
    pub outcome: Outcome,
    /// The seat whose forfeit ended the game, if one did.
    #[serde(default)]
    pub forfeit: Option<Forfeit>,
}

/// A seat's forfeit and its reason in words ("did not answer within 10 s").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    pub seat: Seat,
    pub reason: String,
}

impl Forfeit {
    /// The outcome of a game that `seat` forfeited: it is last, and every other seat shares first place
    /// (docs/bot-builders.md says why). No seat scores: the game did not reach its scoring.
    pub fn outcome(&self, seats: usize) -> Outcome {
        let ranks = (0..seats).map(|s| if s == self.seat { seats } else { 1 }).collect();
        Outcome { scores: vec![0; seats], ranks }
    }
}

/// A message from a bot to the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromBot {
    /// The answer to `hello`: the bot's name, and the protocol it speaks if it says. A server's bot account
    /// may also open its WebSocket with a `ready` that carries its `token`, where it cannot send headers.
    Ready {
        name: String,
        #[serde(default)]
        protocol: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// The answer to `turn`: the chosen action by its `index`, or as its JSON `action`. `game_id` names the
    /// game it answers, which a bot playing several games over one connection says (a server's bot account).
    Action {
        #[serde(default)]
        index: Option<usize>,
        #[serde(default)]
        action: Option<Value>,
        #[serde(default)]
        game_id: Option<String>,
    },
}

impl FromBot {
    /// A line the bot sent.
    pub fn read(line: &str) -> Result<FromBot, Fault> {
        serde_json::from_str(line).map_err(|e| Fault::Malformed(e.to_string()))
    }

    fn kind(&self) -> &'static str {
        match self {
            FromBot::Ready { .. } => "ready",
            FromBot::Action { .. } => "action",
        }
    }

    /// The bot's name, from its answer to `hello`.
    pub fn ready(self) -> Result<String, Fault> {
        match self {
            FromBot::Ready { protocol: Some(version), .. } if version != PROTOCOL => Err(Fault::Protocol(version)),
            FromBot::Ready { name, .. } if name.chars().count() > MAX_NAME => Err(Fault::Name(name.chars().count())),
            FromBot::Ready { name, .. } => Ok(name),
            other => Err(Fault::Unexpected { got: other.kind(), due: "ready" }),
        }
    }

    /// The game an `action` says it answers, if it says.
    pub fn game_id(&self) -> Option<&str> {
        match self {
            FromBot::Action { game_id, .. } => game_id.as_deref(),
            FromBot::Ready { .. } => None,
        }
    }

    /// The index among `actions` of the bot's answer to a turn.
    pub fn chosen(self, actions: &[Choice]) -> Result<usize, Fault> {
        match self {
            FromBot::Action { index: Some(index), action: None, .. } if index < actions.len() => Ok(index),
            FromBot::Action { index: Some(index), action: None, .. } => {
                Err(Fault::NoSuchAction { index, count: actions.len() })
            }
            FromBot::Action { index: None, action: Some(action), .. } => {
                actions.iter().position(|c| c.action == action).ok_or_else(|| Fault::NotLegal(excerpt(&action)))
            }
            FromBot::Action { .. } => Err(Fault::NoChoice),
            other => Err(Fault::Unexpected { got: other.kind(), due: "action" }),
        }
    }
}

/// An action's JSON cut to a length that a report can show.
fn excerpt(action: &Value) -> String {
    let text = action.to_string();
    match text.char_indices().nth(200) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

/// Why a bot forfeits: its `Display` is the reason, following the bot's name ("… did not answer within 10 s").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("did not answer within {} s", .0.as_secs_f64())]
    Late(Duration),
    #[error("exited with code {0}")]
    Exited(i32),
    #[error("was killed by signal {0}")]
    Killed(i32),
    #[error("closed its output")]
    Closed,
    #[error("sent a line longer than {MAX_LINE} bytes")]
    TooLong,
    #[error("sent a line that is not a message of protocol {PROTOCOL}: {0}")]
    Malformed(String),
    #[error("sent `{got}` where `{due}` was due")]
    Unexpected { got: &'static str, due: &'static str },
    #[error("speaks protocol {0}, and this engine speaks protocol {PROTOCOL}")]
    Protocol(u32),
    #[error("gave a name of {0} characters, and at most {MAX_NAME} are taken")]
    Name(usize),
    #[error("chose action {index}, and there were {count} (0 to {})", .count - 1)]
    NoSuchAction { index: usize, count: usize },
    #[error("chose an action that is not among the legal ones: {0}")]
    NotLegal(String),
    #[error("answered with neither an index nor an action, or with both")]
    NoChoice,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn actions() -> Vec<Choice> {
        (0..3).map(|i| Choice { index: i, action: json!({ "bid": i }), label: format!("bid {i}") }).collect()
    }

    #[test]
    fn a_bot_chooses_by_index_or_by_json() {
        let chose = |line: &str| FromBot::read(line).and_then(|m| m.chosen(&actions()));
        assert_eq!(chose(r#"{"type":"action","index":2}"#), Ok(2));
        assert_eq!(chose(r#"{"type":"action","action":{"bid":1}}"#), Ok(1));
        assert_eq!(chose(r#"{"type":"action","index":1,"game_id":"4"}"#), Ok(1));
        let said = FromBot::read(r#"{"type":"action","index":1,"game_id":"4"}"#).expect("an action");
        assert_eq!(said.game_id(), Some("4"));
        assert_eq!(chose(r#"{"type":"action","index":3}"#), Err(Fault::NoSuchAction { index: 3, count: 3 }));
        assert_eq!(
            chose(r#"{"type":"action","action":{"bid":7}}"#).map_err(|f| f.to_string()),
            Err(r#"chose an action that is not among the legal ones: {"bid":7}"#.into())
        );
        assert_eq!(chose(r#"{"type":"action"}"#), Err(Fault::NoChoice));
        assert_eq!(chose(r#"{"type":"action","index":0,"action":{"bid":0}}"#), Err(Fault::NoChoice));
        assert_eq!(chose(r#"{"type":"ready","name":"x"}"#), Err(Fault::Unexpected { got: "ready", due: "action" }));
        let garbage = chose("e2e4").expect_err("not JSON").to_string();
        assert!(garbage.starts_with("sent a line that is not a message of protocol 1: "), "{garbage}");
        assert!(chose(r#"{"type":"resign"}"#).is_err());
        assert!(chose(r#"{"type":"action","index":-1}"#).is_err());
    }

    #[test]
    fn a_bot_says_ready_with_a_short_name_in_this_protocol() {
        let ready = |line: &str| FromBot::read(line).and_then(FromBot::ready);
        assert_eq!(ready(r#"{"type":"ready","name":"rando"}"#), Ok("rando".into()));
        assert_eq!(ready(r#"{"type":"ready","name":"rando","protocol":1}"#), Ok("rando".into()));
        assert_eq!(ready(r#"{"type":"ready","name":"r","protocol":2}"#), Err(Fault::Protocol(2)));
        assert_eq!(ready(&format!(r#"{{"type":"ready","name":"{}"}}"#, "é".repeat(101))), Err(Fault::Name(101)));
        assert_eq!(ready(r#"{"type":"action","index":0}"#), Err(Fault::Unexpected { got: "action", due: "ready" }));
    }

    #[test]
    fn messages_to_a_bot_are_tagged_by_type() {
        let (time, limit) = TimeLeft::of(Duration::from_secs(10), Some(Duration::from_millis(2500)));
        assert_eq!((time, limit), (TimeLeft { move_ms: 2500, game_ms: Some(2500) }, Duration::from_millis(2500)));
        let turn = ToBot::Turn(Turn {
            game_id: "7".into(),
            step: 3,
            seat: 1,
            prompt: "you bid".into(),
            view: json!({}),
            actions: actions(),
            time,
        });
        let line = serde_json::to_value(&turn).expect("JSON");
        assert_eq!(line["type"], "turn");
        assert_eq!(line["actions"][2], json!({ "index": 2, "action": { "bid": 2 }, "label": "bid 2" }));
        assert_eq!(line["time"], json!({ "move_ms": 2500, "game_ms": 2500 }));
        let forfeit = Forfeit { seat: 2, reason: "closed its output".into() };
        assert_eq!(forfeit.outcome(4).ranks, [1, 1, 4, 1]);
        assert_eq!(Fault::Late(Duration::from_millis(200)).to_string(), "did not answer within 0.2 s");
    }
}
