//! What happened, as the log tells it. A line either shows to everyone, or shows one text to one seat and
//! another to the rest (a card drawn, a token peeked at), so that an event view never carries a secret.

use std::fmt;

use imperia_core::Viewer;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Public(String),
    /// `text` for `seat`; `others` for everyone else.
    Private {
        seat: u8,
        text: String,
        others: String,
    },
}

impl Event {
    /// The event as `viewer` may see it.
    pub fn seen_by(&self, viewer: Viewer) -> Event {
        match self {
            Event::Private { seat, text, .. } if viewer.seat() == Some(usize::from(*seat)) => {
                Event::Public(text.clone())
            }
            Event::Private { others, .. } => Event::Public(others.clone()),
            e => e.clone(),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Public(t) => f.write_str(t),
            Event::Private { others, .. } => f.write_str(others),
        }
    }
}
