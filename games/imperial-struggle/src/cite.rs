//! Citations of the rulebook, and refusals. Every refusal names what is wrong and the section of the
//! rulebook it breaks, as a player reads the rulebook (`rulebook §5.4.1`), never a file name. A [`Refusal`]
//! (the core's, with this game's [`Arg`]) is cheap to make — the list of legal actions tries thousands of
//! candidates and keeps those that are not refused — and is put into words only when a player is to read it.
//!
//! For developers: the § numbers are those of the seed file `../shared/seeds/000_55366d105f3a08b3.txt` (the
//! Russian 2nd edition rulebook).

use std::fmt;

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
    /// A number of action points of a kind: "1 diplomatic point", "3 economic points".
    Points(i32, ApKind),
    Rule(crate::spend::Rule),
}

/// Why an action is refused: the core's cheap refusal ([`imperia_core::Refusal`]) with this game's
/// arguments.
pub type Refusal = imperia_core::Refusal<Arg>;

/// Shorthands for the arguments refusals name most often.
pub trait RefusalArgs {
    fn space(self, s: SpaceId) -> Self;
    fn number(self, n: impl Into<i32>) -> Self;
}

impl RefusalArgs for Refusal {
    fn space(self, s: SpaceId) -> Refusal {
        self.arg(Arg::Space(s))
    }

    fn number(self, n: impl Into<i32>) -> Refusal {
        self.arg(Arg::Number(n.into()))
    }
}

/// Entries are named as the content set in scope names them, as the ids' own `Display` does; the game enters
/// its own set before it puts a refusal into words.
impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Space(s) => imperia_core::ContentSet::<crate::content::Content>::with_current(|c| {
                f.write_str(&crate::event::name(c, *s))
            }),
            Arg::Card(c) => write!(f, "{c}"),
            Arg::Ministry(m) => write!(f, "{m}"),
            Arg::Advantage(a) => write!(f, "{a}"),
            Arg::Kind(k) => write!(f, "{k}"),
            Arg::Power(p) => write!(f, "{p}"),
            Arg::Number(n) => write!(f, "{n}"),
            Arg::Points(n, k) => f.write_str(&imperia_core::words::count(*n, &format!("{k} point"))),
            Arg::Rule(r) => write!(f, "{r}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::RuleError;

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
