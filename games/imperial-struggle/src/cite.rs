//! Citations of the rulebook, and refusals. Every refusal names what is wrong and the section of the
//! rulebook it breaks, as a player reads the rulebook (`rulebook §5.4.1`), never a file name. A [`Refusal`]
//! is cheap to make — the list of legal actions tries thousands of candidates and keeps those that are not
//! refused — and is put into words only when a player is to read it.
//!
//! For developers: the § numbers are those of the seed file `../shared/seeds/000_55366d105f3a08b3.txt` (the
//! Russian 2nd edition rulebook).

use std::fmt::Write;

use imperia_core::RuleError;

use crate::content::{Advantage, ApKind, Card, Ministry, Power, SpaceId};

/// A section of the rulebook as cited in refusals: `sec!("§5.4.1")` is "rulebook §5.4.1".
macro_rules! sec {
    ($s:literal) => {
        concat!("rulebook ", $s)
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
        assert_eq!(e.rule, "rulebook §5.4.2");
    }

    /// Refusals met in play (arbitrary actions tried at every step of a random game, for the power to decide
    /// and for the other) cite a rulebook section, never a file.
    #[test]
    fn refusals_met_in_play_cite_no_file() {
        use imperia_core::Game;
        use imperia_core::conformance::Conformance;
        use rand::seq::IndexedRandom;

        let mut rng = imperia_core::rng::seeded(11);
        let mut game = crate::testkit::game();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..300 {
            let Some(&seat) = game.to_act().seats().first() else { break };
            for probe_seat in [seat, 1 - seat] {
                for _ in 0..6 {
                    let action = game.arbitrary_action(&mut rng);
                    if let Err(e) = game.clone().apply(probe_seat, &action) {
                        assert!(e.rule.starts_with("rulebook §"), "`{e}` should cite a rulebook section");
                        assert!(!e.to_string().contains(".txt"), "`{e}` names a file");
                        seen.insert(e.rule);
                    }
                }
            }
            let legal = game.legal_actions(seat);
            let action = legal.choose(&mut rng).expect("a legal action").clone();
            game.apply(seat, &action).expect("legal");
        }
        assert!(seen.len() >= 20, "only {} distinct citations were met: {seen:?}", seen.len());
    }
}
