//! Citations and refusals. A refusal names what is wrong and the section of the excerpt it breaks, as a
//! player reads it (`rulebook §9.1`); a provisional rule cites the page of rulings instead, never a rulebook
//! section (docs/rules/virgin-queen.md, «How we cite»).

use std::fmt;

use crate::content::{LeaderId, Owner, Power, RoyalId, SpaceId};

macro_rules! sec {
    ($s:literal) => {
        concat!("rulebook ", $s)
    };
}
pub(crate) use sec;

/// The citation of a provisional rule: the ruling's section of docs/rules/virgin-queen.md.
macro_rules! provisional {
    ($s:literal) => {
        concat!("provisional rule (docs/rules/virgin-queen.md, ", $s, ")")
    };
}
pub(crate) use provisional;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Power(Power),
    Owner(Owner),
    Space(SpaceId),
    Leader(LeaderId),
    Royal(RoyalId),
    Number(i32),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Power(p) => p.fmt(f),
            Arg::Owner(o) => o.fmt(f),
            Arg::Space(s) => s.fmt(f),
            Arg::Leader(l) => l.fmt(f),
            Arg::Royal(r) => r.fmt(f),
            Arg::Number(n) => n.fmt(f),
        }
    }
}

pub type Refusal = imperia_core::Refusal<Arg>;

/// Shorthands for the arguments refusals name.
pub trait With {
    fn power(self, p: Power) -> Self;
    fn owner(self, o: Owner) -> Self;
    fn space(self, s: SpaceId) -> Self;
    fn number(self, n: impl Into<i32>) -> Self;
}

impl With for Refusal {
    fn power(self, p: Power) -> Refusal {
        self.arg(Arg::Power(p))
    }
    fn owner(self, o: Owner) -> Refusal {
        self.arg(Arg::Owner(o))
    }
    fn space(self, s: SpaceId) -> Refusal {
        self.arg(Arg::Space(s))
    }
    fn number(self, n: impl Into<i32>) -> Refusal {
        self.arg(Arg::Number(n.into()))
    }
}
