//! Action numbers ([`imperia_core::numbering`]), sized by the content: cards, treasures, leaders, spaces,
//! minor powers. A proposal is named by its place among the proposals on the table, below [`PROPOSALS`]
//! (every power's most, [`MAX_PROPOSALS`] each).
//!
//! A **clause** has no small universe (a loan names a port, ships, a leader and a destination; a transfer
//! any space): drafting one is numbered by the power drafting and the clause's rank among the seat's legal
//! drafts for that power, and adding one to an announcement by its rank among the seat's legal additions,
//! both below [`CLAUSE_RANKS`], which conformance check 11 proves in every state it visits. Those numbers
//! are stable only within their state; every other number is stable. The table for the shipped content is
//! in `docs/action-numbers.md`.

use std::cell::OnceCell;

use imperia_core::numbering::{nth_among, optional, rank_among, unoptional};
use imperia_core::{ActionNumbering, Game, Seat};

use crate::content::{CardId, LeaderId, MinorId, Owner, Power, SpaceId, TreasureId};
use crate::play::{Action, MAX_PROPOSALS};
use crate::state::{Item, VirginQueen};

/// The most clauses one seat may draft for one power, or add to an announcement, in one state.
pub const CLAUSE_RANKS: usize = 2048;
/// The most proposals on the table at once.
pub const PROPOSALS: usize = Power::ALL.len() * MAX_PROPOSALS;

fn id(digit: usize) -> Option<u8> {
    u8::try_from(digit).ok()
}

fn is_draft_by(a: &Action, by: Power) -> bool {
    matches!(a, Action::Draft { by: b, .. } if *b == by)
}

fn is_addition(a: &Action) -> bool {
    matches!(a, Action::Add(_))
}

impl VirginQueen {
    /// The layout of this game's action numbers.
    pub fn numbering(&self) -> ActionNumbering {
        let c = &*self.content;
        let powers = ("power", Power::ALL.len());
        let items = ("card or treasure", c.cards.len() + c.treasures.len());
        ActionNumbering::new()
            .kind("keep home", &[("card", c.cards.len())])
            .kind("show", &[("by", Power::ALL.len()), items, ("to", Power::ALL.len())])
            .kind("end talks", &[powers])
            .kind("draft", &[("by", Power::ALL.len()), ("clause (rank)", CLAUSE_RANKS)])
            .kind("undraft", &[powers])
            .kind("propose", &[powers])
            .kind("answer", &[("by", Power::ALL.len()), ("proposal", PROPOSALS), ("agree", 2)])
            .kind("announce", &[("proposal", PROPOSALS)])
            .kind("approve", &[])
            .kind("reject", &[])
            .kind("add", &[("clause (rank)", CLAUSE_RANKS)])
            .kind("remove last", &[])
            .kind("publish", &[])
            .kind("done announcing", &[])
            .kind("ransom", &[("leader", c.leaders.len()), ("to space or his card", 1 + c.spaces.len())])
            .kind("done ransoming", &[])
            .kind("declare", &[("major or minor power", Power::ALL.len() + c.minors.len())])
            .kind("pay", &[items])
            .kind("cancel declaration", &[])
            .kind("done declaring", &[])
    }

    /// A card's or treasure's digit: the cards, then the treasures.
    fn item_digit(&self, item: &Item) -> usize {
        match item {
            Item::Card(c) => c.index(),
            Item::Treasure(t) => self.content.cards.len() + t.index(),
        }
    }

    fn item(&self, digit: usize) -> Option<Item> {
        let cards = self.content.cards.len();
        Some(if digit < cards {
            Item::Card(CardId(id(digit)?))
        } else {
            Item::Treasure(TreasureId(id(digit - cards)?))
        })
    }

    /// The number of `action` for `seat` in layout `n` (this game's [`VirginQueen::numbering`]); `legal` holds
    /// the seat's legal actions, or is filled with them when a rank needs them.
    pub(crate) fn number_in(
        &self,
        n: &ActionNumbering,
        legal: &OnceCell<Vec<Action>>,
        seat: Seat,
        action: &Action,
    ) -> Option<usize> {
        let legal = || legal.get_or_init(|| self.legal_actions(seat));
        let power = |p: &Power| p.index();
        match action {
            Action::KeepHome { card } => n.encode("keep home", &[card.index()]),
            Action::Show { by, item, to } => n.encode("show", &[power(by), self.item_digit(item), power(to)]),
            Action::EndTalks { power: p } => n.encode("end talks", &[power(p)]),
            Action::Draft { by, .. } => {
                let rank = rank_among(legal(), action, |a| is_draft_by(a, *by))?;
                n.encode("draft", &[power(by), rank])
            }
            Action::Undraft { by } => n.encode("undraft", &[power(by)]),
            Action::Propose { by } => n.encode("propose", &[power(by)]),
            Action::Answer { by, proposal, agree } => {
                n.encode("answer", &[power(by), usize::from(*proposal), usize::from(*agree)])
            }
            Action::Announce { proposal } => n.encode("announce", &[usize::from(*proposal)]),
            Action::Approve => n.encode("approve", &[]),
            Action::Reject => n.encode("reject", &[]),
            Action::Add(_) => n.encode("add", &[rank_among(legal(), action, is_addition)?]),
            Action::RemoveLast => n.encode("remove last", &[]),
            Action::Publish => n.encode("publish", &[]),
            Action::DoneAnnouncing => n.encode("done announcing", &[]),
            Action::Ransom { leader, to } => n.encode("ransom", &[leader.index(), optional(to.map(SpaceId::index))]),
            Action::DoneRansoming => n.encode("done ransoming", &[]),
            Action::Declare { target } => n.encode(
                "declare",
                &[match target {
                    Owner::Major(p) => p.index(),
                    Owner::Minor(m) => Power::ALL.len() + m.index(),
                }],
            ),
            Action::Pay(item) => n.encode("pay", &[self.item_digit(item)]),
            Action::CancelDeclaration => n.encode("cancel declaration", &[]),
            Action::DoneDeclaring => n.encode("done declaring", &[]),
        }
    }

    pub(crate) fn numbered(&self, seat: Seat, number: usize) -> Option<Action> {
        let d = self.numbering().decode(number)?;
        let [d0, d1, d2, ..] = d.digits;
        let power = |digit: usize| Power::ALL[digit];
        Some(match d.kind {
            "keep home" => Action::KeepHome { card: CardId(id(d0)?) },
            "show" => Action::Show { by: power(d0), item: self.item(d1)?, to: power(d2) },
            "end talks" => Action::EndTalks { power: power(d0) },
            "draft" => nth_among(&self.legal_actions(seat), d1, |a| is_draft_by(a, power(d0)))?,
            "undraft" => Action::Undraft { by: power(d0) },
            "propose" => Action::Propose { by: power(d0) },
            "answer" => Action::Answer { by: power(d0), proposal: id(d1)?, agree: d2 == 1 },
            "announce" => Action::Announce { proposal: id(d0)? },
            "approve" => Action::Approve,
            "reject" => Action::Reject,
            "add" => nth_among(&self.legal_actions(seat), d0, is_addition)?,
            "remove last" => Action::RemoveLast,
            "publish" => Action::Publish,
            "done announcing" => Action::DoneAnnouncing,
            "ransom" => Action::Ransom {
                leader: LeaderId(id(d0)?),
                to: match unoptional(d1) {
                    Some(s) => Some(SpaceId(id(s)?)),
                    None => None,
                },
            },
            "done ransoming" => Action::DoneRansoming,
            "declare" => Action::Declare {
                target: match Power::ALL.get(d0) {
                    Some(&p) => Owner::Major(p),
                    None => Owner::Minor(MinorId(id(d0 - Power::ALL.len())?)),
                },
            },
            "pay" => Action::Pay(self.item(d0)?),
            "cancel declaration" => Action::CancelDeclaration,
            "done declaring" => Action::DoneDeclaring,
            _ => return None,
        })
    }
}
