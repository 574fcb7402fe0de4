//! Citations of the rulebook, and refusals. Every refusal names what is wrong and the section of the seed
//! file it breaks. A [`Refusal`] is cheap to make — the list of legal actions tries thousands of candidates
//! and keeps those that are not refused — and is put into words only when a player is to read it.

use std::fmt::Write;

use imperia_core::RuleError;

use crate::content::{Advantage, ApKind, Card, Ministry, Power, SpaceId};

/// A section of the rulebook (the seed file `000_55366d105f3a08b3.txt`) as cited in refusals:
/// `sec!("§5.4.1")` is "seed 000_55366d105f3a08b3.txt §5.4.1".
macro_rules! sec {
    ($s:literal) => {
        concat!("seed 000_55366d105f3a08b3.txt ", $s)
    };
}
pub(crate) use sec;

/// What a refusal's message is about; each fills one `{}` of the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Space(SpaceId),
    Card(Card),
    Ministry(Ministry),
    Advantage(Advantage),
    Kind(ApKind),
    Power(Power),
    Number(i32),
    Rule(crate::spend::Rule),
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The message; each `{}` stands for the next of `args`.
    pub text: &'static str,
    pub args: [Option<Arg>; 3],
    /// The citation (see [`sec!`]).
    pub rule: &'static str,
}

impl Refusal {
    pub fn new(text: &'static str, rule: &'static str) -> Refusal {
        Refusal { text, args: [None; 3], rule }
    }

    pub fn arg(mut self, a: Arg) -> Refusal {
        if let Some(slot) = self.args.iter_mut().find(|x| x.is_none()) {
            *slot = Some(a);
        }
        self
    }

    pub fn space(self, s: SpaceId) -> Refusal {
        self.arg(Arg::Space(s))
    }

    pub fn number(self, n: impl Into<i32>) -> Refusal {
        self.arg(Arg::Number(n.into()))
    }

    /// The message in words.
    pub fn message(&self) -> String {
        let mut out = String::new();
        let mut args = self.args.iter().flatten();
        let mut parts = self.text.split("{}");
        if let Some(first) = parts.next() {
            out.push_str(first);
        }
        for part in parts {
            let _ = match args.next() {
                Some(Arg::Space(s)) => write!(out, "{}", crate::event::name(*s)),
                Some(Arg::Card(c)) => write!(out, "{c}"),
                Some(Arg::Ministry(m)) => write!(out, "{m}"),
                Some(Arg::Advantage(a)) => write!(out, "{a}"),
                Some(Arg::Kind(k)) => write!(out, "{k}"),
                Some(Arg::Power(p)) => write!(out, "{p}"),
                Some(Arg::Number(n)) => write!(out, "{n}"),
                Some(Arg::Rule(r)) => write!(out, "{r}"),
                None => Ok(()),
            };
            out.push_str(part);
        }
        out
    }
}

impl From<Refusal> for RuleError {
    fn from(r: Refusal) -> RuleError {
        RuleError::new(r.message(), r.rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_fill_their_placeholders_in_order() {
        let r = Refusal::new("{} costs {} points", sec!("§5.4.2")).space(crate::content::space("antigua")).number(3);
        let e = RuleError::from(r);
        assert_eq!(e.message, "Antigua costs 3 points");
        assert_eq!(e.rule, "seed 000_55366d105f3a08b3.txt §5.4.2");
    }
}
