//! What happened, as the log tells it. A line either shows to everyone, or shows one text to one seat and
//! another to the rest (a card drawn, a token peeked at), so that an event view never carries a secret.
//!
//! A line about a seat is kept in parts, the seat and what it does with its verbs in the base form, so that
//! it is said to its reader ([`Event::line`]): "You draw the battle card Ambush" to the seat, "Green draws a
//! battle card" to everyone else.

use std::fmt;

use imperia_core::Viewer;
use imperia_core::words::{Subject, capitalized};
use serde::{Deserialize, Serialize};

/// A seat a line is about, with the name the table knows it by ("Green", "The Dutch").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    pub seat: u8,
    pub name: String,
}

impl Who {
    /// The seat as the subject of a line `reader` reads: "you" to that seat.
    fn subject(&self, reader: Viewer) -> Subject {
        Subject::seat(reader, usize::from(self.seat), self.name.clone())
    }

    /// The seat named in a list rather than as a subject: "Green (you)" to Green.
    fn label(&self, reader: Viewer) -> String {
        if self.subject(reader).is_you() { format!("{} (you)", self.name) } else { self.name.clone() }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A line about no seat in particular.
    Public(String),
    /// `who` does each of `does` (verbs in the base form: "build a fort at r3c4"), seen by everyone.
    Did { who: Who, does: Vec<String> },
    /// `who` does `mine`, which only that seat sees; everyone else sees it do `others`.
    Private { who: Who, mine: String, others: String },
    /// Each seat's doing, in one line: the rulers chosen.
    Each(Vec<(Who, String)>),
    /// A battle's result: the attacker's strength against the defence, the cards turned up, who won.
    Battle { at: String, attacker: Who, attack: u32, defence: u32, cards: Vec<String>, won: bool },
}

impl Event {
    /// The event as `viewer` may see it.
    pub fn seen_by(&self, viewer: Viewer) -> Event {
        match self {
            Event::Private { who, mine, .. } if viewer.seat() == Some(usize::from(who.seat)) => {
                Event::Did { who: who.clone(), does: vec![mine.clone()] }
            }
            Event::Private { who, others, .. } => Event::Did { who: who.clone(), does: vec![others.clone()] },
            e => e.clone(),
        }
    }

    /// The event in a log line said to `reader`: a seat reads of its own doings as "you".
    pub fn line(&self, reader: Viewer) -> String {
        let does = |who: &Who, phrases: &[String]| {
            let phrases: Vec<&str> = phrases.iter().map(String::as_str).collect();
            who.subject(reader).does_all_of(&phrases)
        };
        let line = match self {
            Event::Public(text) => text.clone(),
            Event::Did { who, does: phrases } => does(who, phrases),
            Event::Private { who, mine, others } => {
                let told = if reader.seat() == Some(usize::from(who.seat)) { mine } else { others };
                does(who, std::slice::from_ref(told))
            }
            Event::Each(each) => {
                let parts: Vec<String> =
                    each.iter().map(|(who, phrase)| does(who, std::slice::from_ref(phrase))).collect();
                parts.join("; ")
            }
            Event::Battle { at, attacker, attack, defence, cards, won } => {
                let cards = if cards.is_empty() { String::new() } else { format!(" (cards: {})", cards.join(", ")) };
                let result = attacker.subject(reader).does(if *won { "win" } else { "lose" });
                format!("Battle at {at}: {} {attack} against {defence}{cards}; {result}", attacker.label(reader))
            }
        };
        capitalized(&line)
    }
}

/// The log line a spectator reads ([`Event::line`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(Viewer::Spectator))
    }
}
