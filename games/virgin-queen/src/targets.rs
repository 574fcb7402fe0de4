//! The board pieces each decision touches (`Game::targets`), in the ids of the board a client draws
//! (`Content::board`): spaces of the map, powers (their ids, as on the Diplomatic Status Chart), cards and
//! treasures of a hand, leaders and royals. A client puts an action where its pieces are: a clause that
//! names a space on that space, one between two powers on the other power, a show or a payment on the card.
//! A minor power is touched at its capital, since its id may be a space's too (Venice, Genoa).

use crate::content::{Owner, Power};
use crate::deals::Clause;
use crate::play::Action;
use crate::state::{Item, VirginQueen};

impl VirginQueen {
    /// The pieces `action` touches, the place it is played at first: a space before powers, a card before
    /// the power it is shown to. Empty for an action with no piece (end the talks, offer, approve, done).
    pub(crate) fn action_targets(&self, action: &Action) -> Vec<String> {
        match action {
            Action::KeepHome { card } => vec![self.content.cards[card.index()].id.clone()],
            Action::Show { item, to, .. } => vec![self.item_id(item), power_id(*to)],
            Action::Draft { clause, .. } | Action::Add(clause) => self.clause_targets(clause),
            Action::Ransom { leader, to } => {
                let mut out: Vec<String> = to.iter().map(|s| self.content.spaces[s.index()].id.clone()).collect();
                out.push(self.content.leaders[leader.index()].id.clone());
                out
            }
            Action::Declare { target } => self.owner_targets(*target),
            Action::Pay(item) => vec![self.item_id(item)],
            Action::EndTalks { .. }
            | Action::Undraft { .. }
            | Action::Propose { .. }
            | Action::Answer { .. }
            | Action::Announce { .. }
            | Action::Approve
            | Action::Reject
            | Action::RemoveLast
            | Action::Publish
            | Action::DoneAnnouncing
            | Action::DoneRansoming
            | Action::CancelDeclaration
            | Action::DoneDeclaring => Vec::new(),
        }
    }

    fn clause_targets(&self, clause: &Clause) -> Vec<String> {
        let space = |s: &crate::content::SpaceId| self.content.spaces[s.index()].id.clone();
        match clause {
            Clause::Peace { a, b } | Clause::Alliance { a, b } => vec![power_id(*a), power_id(*b)],
            Clause::Loan { lender, receiver, port, leader, to, .. } => {
                let mut out = vec![space(port), space(to), power_id(*lender), power_id(*receiver)];
                out.extend(leader.map(|l| self.content.leaders[l.index()].id.clone()));
                out
            }
            Clause::ReturnLeader { leader, to } => {
                let mut out: Vec<String> = to.iter().map(space).collect();
                out.push(self.content.leaders[leader.index()].id.clone());
                out
            }
            Clause::Transfer { giver, receiver, space: s } => vec![space(s), power_id(*giver), power_id(*receiver)],
            Clause::Cards { giver, receiver, .. } | Clause::Treasures { giver, receiver, .. } => {
                vec![power_id(*giver), power_id(*receiver)]
            }
            Clause::Mercenaries { giver, receiver, from, to, .. } => {
                let mut out: Vec<String> = from.iter().map(space).collect();
                out.extend([space(to), power_id(*giver), power_id(*receiver)]);
                out
            }
            Clause::Marriage { a, b } => [a, b].iter().map(|r| self.content.royals[r.index()].id.clone()).collect(),
        }
    }

    /// A major power by its id; a minor at its capital's space (or spaces).
    fn owner_targets(&self, owner: Owner) -> Vec<String> {
        match owner {
            Owner::Major(p) => vec![power_id(p)],
            Owner::Minor(_) => {
                self.content.spaces.iter().filter(|s| s.capital_of == Some(owner)).map(|s| s.id.clone()).collect()
            }
        }
    }

    fn item_id(&self, item: &Item) -> String {
        match item {
            Item::Card(c) => self.content.cards[c.index()].id.clone(),
            Item::Treasure(t) => self.content.treasures[t.index()].id.clone(),
        }
    }
}

/// A power's id, as the board and the view spell it.
fn power_id(p: Power) -> String {
    p.id().to_string()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use imperia_core::{ContentSet, Game, GameContent};

    use crate::config::Config;
    use crate::content::{Content, Power};
    use crate::deals::Clause;
    use crate::play::Action;
    use crate::state::{Phase, VirginQueen};

    /// Every id the board names (powers, minors, spaces, cards, treasures, leaders, royals...).
    fn board_ids(content: &ContentSet<Content>) -> BTreeSet<String> {
        let board = content.board();
        let mut ids = BTreeSet::new();
        for list in board.as_object().expect("the board is an object").values() {
            for entry in list.as_array().expect("each part is a list") {
                ids.insert(entry["id"].as_str().expect("an id").to_string());
            }
        }
        ids
    }

    /// Every legal action of every seat to decide: its targets are board ids, and a clause naming a
    /// space, a show or a home card is played at that piece first.
    fn check(g: &VirginQueen, ids: &BTreeSet<String>) -> usize {
        let mut checked = 0;
        for seat in 0..g.seats.len() {
            for a in g.legal_actions(seat) {
                let targets = g.targets(&a);
                for t in &targets {
                    assert!(ids.contains(t), "{a}: `{t}` is no piece of the board");
                }
                let first = targets.first().map(String::as_str);
                let space = |s: &crate::content::SpaceId| Some(g.content.spaces[s.index()].id.as_str());
                match &a {
                    Action::Draft { clause, .. } | Action::Add(clause) => match clause {
                        Clause::Transfer { space: s, .. } => assert_eq!(first, space(s), "{a}"),
                        Clause::Loan { port, .. } => assert_eq!(first, space(port), "{a}"),
                        Clause::Peace { a: x, b: y } | Clause::Alliance { a: x, b: y } => {
                            assert_eq!(targets, vec![x.id(), y.id()], "{a}")
                        }
                        _ => assert!(!targets.is_empty(), "{a} touches nothing"),
                    },
                    Action::KeepHome { card } => assert_eq!(first, Some(g.content.cards[card.index()].id.as_str())),
                    Action::Show { .. } | Action::Pay(_) | Action::Declare { .. } => {
                        assert!(!targets.is_empty(), "{a} touches nothing")
                    }
                    _ => {}
                }
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn every_action_touches_pieces_of_the_board_the_clause_names_first() {
        let content = ContentSet::<Content>::shipped();
        let ids = board_ids(&content);
        let (mut g, _) = VirginQueen::new_game(&Config::new(6, 4).expect("a config"), &content, 11).expect("a game");
        let mut checked = check(&g, &ids);
        // Every home card kept: the Negotiations.
        while matches!(g.phase, Phase::KeepHome) {
            let seat = g.seat_of(g.deciders()[0]).expect("a played power");
            let keep = g.legal_actions(seat).into_iter().next().expect("a home card to keep");
            g.apply(seat, &keep).expect("kept");
        }
        assert!(matches!(g.phase, Phase::Negotiations { .. }), "{:?}", g.phase);
        checked += check(&g, &ids);
        // An announcement in the making, then Declarations of War.
        g.phase = Phase::Announcing { power: Power::Ottoman, building: Vec::new(), published: 0 };
        checked += check(&g, &ids);
        assert!(checked > 100, "only {checked} actions checked");
    }
}
