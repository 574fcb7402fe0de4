//! What the conformance harness needs: configs, a step bound, arbitrary actions, perturbation of what a
//! viewer cannot see, and the game's invariants (docs/rules/virgin-queen.md §2, the Diplomatic Status
//! Chart's invariants).

use std::sync::Arc;

use imperia_core::conformance::Conformance;
use imperia_core::{GameRng, Viewer};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::config::Config;
use crate::content::{CardId, LeaderKind, Owner, Power, SpaceId};
use crate::deals::Clause;
use crate::play::Action;
use crate::state::{CaptainPlace, Draft, Item, Place, Proposal, Reply, Status, VirginQueen};

impl Conformance for VirginQueen {
    fn sample_config(rng: &mut GameRng) -> Config {
        Config { players: rng.random_range(2..=6), turns: rng.random_range(1..=3), negotiation_minutes: 10 }
    }

    fn step_bound(config: &Config) -> usize {
        4_000 * config.turns as usize
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let c = &*self.content;
        let p = *Power::ALL.choose(rng).unwrap_or(&Power::Spain);
        let q = *Power::ALL.choose(rng).unwrap_or(&Power::France);
        let card = CardId(rng.random_range(0..c.cards.len() as u8));
        let space = SpaceId(rng.random_range(0..c.spaces.len() as u8));
        let n = rng.random_range(0..6u8);
        let options = [
            Action::KeepHome { card },
            Action::Show { by: p, item: Item::Card(card), to: q },
            Action::EndTalks { power: p },
            Action::Approve,
            Action::Reject,
            Action::Add(Clause::Peace { a: p, b: q }),
            Action::Add(Clause::Alliance { a: p, b: q }),
            Action::Add(Clause::Cards { giver: p, receiver: q, count: n }),
            Action::Add(Clause::Mercenaries { giver: p, receiver: q, from: Some(space), to: space, count: n }),
            Action::Add(Clause::Transfer { giver: p, receiver: q, space }),
            Action::Draft { by: p, clause: Clause::Peace { a: p, b: q } },
            Action::Draft { by: p, clause: Clause::Treasures { giver: q, receiver: p, count: n } },
            Action::Undraft { by: p },
            Action::Propose { by: p },
            Action::Answer { by: p, proposal: n, agree: n % 2 == 0 },
            Action::Announce { proposal: n },
            Action::RemoveLast,
            Action::Publish,
            Action::DoneAnnouncing,
            Action::DoneRansoming,
            Action::Declare { target: Owner::Major(q) },
            Action::Pay(Item::Card(card)),
            Action::CancelDeclaration,
            Action::DoneDeclaring,
        ];
        options.choose(rng).cloned().unwrap_or(Action::DoneDeclaring)
    }

    fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool {
        let others: Vec<Power> = Power::ALL
            .into_iter()
            .filter(|&p| !viewer.seat().is_some_and(|s| self.seats.get(s).is_some_and(|ps| ps.contains(&p))))
            .collect();
        // Other powers' talks: what their proposals say and how they were answered, and their drafts.
        let mut changed = false;
        let hidden = |pr: &Proposal| !pr.parties().any(|p| !others.contains(&p));
        for pr in self.proposals.iter_mut().filter(|pr| hidden(pr)) {
            pr.clauses.push(Clause::Peace { a: pr.by, b: pr.announcer });
            for r in pr.replies.iter_mut().filter(|r| r.1 != Reply::Awaited) {
                r.1 = if rng.random() { Reply::Agreed } else { Reply::Declined };
            }
            changed = true;
        }
        if let [a, b, ..] = others.as_slice() {
            self.drafts[a.index()] = Some(Draft { announcer: *a, clauses: vec![Clause::Alliance { a: *a, b: *b }] });
            changed = true;
        }
        // How often they took back a clause or withdrew a declaration (R44): done in private.
        for p in &others {
            self.second_thoughts[p.index()] = rng.random_range(0..=crate::play::MAX_SECOND_THOUGHTS);
            self.withdrawals[p.index()] = rng.random_range(0..=crate::play::MAX_SECOND_THOUGHTS);
            changed = true;
        }
        // Swap a non-home card of another power's hand with one of the deck.
        let holders: Vec<Power> = others.iter().copied().filter(|&p| !self.drawable_cards(p).is_empty()).collect();
        if let Some(&p) = holders.choose(rng)
            && !self.deck.is_empty()
        {
            let cards = self.drawable_cards(p);
            let mine = cards[rng.random_range(0..cards.len())];
            let j = rng.random_range(0..self.deck.len());
            let theirs = self.deck[j];
            Arc::make_mut(&mut self.deck)[j] = mine;
            let hand = &mut Arc::make_mut(&mut self.hands[p.index()]).cards;
            if let Some(i) = hand.iter().position(|&c| c == mine) {
                hand[i] = theirs;
            }
            return true;
        }
        if self.deck.len() > 1 {
            Arc::make_mut(&mut self.deck).swap(0, 1);
            return true;
        }
        changed
    }

    fn check_invariants(&self) -> Result<(), String> {
        for a in Power::ALL {
            for b in Power::ALL {
                if self.status(a, b) != self.status(b, a) {
                    return Err(format!("the chart is not symmetric for {a} and {b}"));
                }
            }
            if self.status(a, a) != Status::Peace {
                return Err(format!("{a} has a marker with itself"));
            }
        }
        if self.status(Power::Spain, Power::Protestant) == Status::Allied {
            return Err("Spain and the Protestant are allied (§9.2)".into());
        }
        if self.status(Power::France, Power::Spain) == Status::Allied
            && self.status(Power::France, Power::Protestant) == Status::Allied
        {
            return Err("France is allied with both Spain and the Protestant (§9.2)".into());
        }
        if self.spain_england_fought && self.status(Power::Spain, Power::England) != Status::War {
            return Err("Spain and England made peace after fighting (§9.1)".into());
        }
        for p in Power::ALL {
            if let Some(d) = self.content.default_leader(p)
                && matches!(self.leader_place(d), Place::Card | Place::Map(_))
                && self.content.leader_ids().any(|l| {
                    self.content.leaders[l.index()].power == p
                        && self.content.leaders[l.index()].kind == LeaderKind::Army
                        && matches!(self.leader_place(l), Place::Card | Place::Map(_))
                })
            {
                return Err(format!("{p} has its default leader in play with a regular army leader (§8.1)"));
            }
        }
        // An unplayed power's sea captains, artists and scientists never come into play (facts §7, R39); a
        // wintering captain is at his power's colony (§8.4 moves him off an eliminated one).
        for c in self.content.captain_ids() {
            let info = &self.content.captains[c.index()];
            match self.captain_place(c) {
                CaptainPlace::Future | CaptainPlace::Removed => {}
                _ if !self.played(info.power) => {
                    return Err(format!("{} of the unplayed {} is in play (facts §7)", info.id, info.power));
                }
                CaptainPlace::Wintering(s) if self.colonies.get(s.index()) != Some(&Some(info.power)) => {
                    return Err(format!("{} winters where {} holds no colony (§8.4)", info.id, info.power));
                }
                _ => {}
            }
        }
        for x in self.content.patron_ids() {
            if self.patrons.get(x.index()).is_some_and(|by| by.is_some()) && !self.patron_available(x) {
                return Err(format!(
                    "{} is patronised but not on the Patronage Chart (facts §7)",
                    self.content.patrons[x.index()].id
                ));
            }
        }
        // Every card in play is in exactly one place.
        let mut seen = vec![0u8; self.content.cards.len()];
        for c in self
            .deck
            .iter()
            .chain(self.discard.iter())
            .chain(self.hands.iter().flat_map(|h| h.cards.iter().chain(&h.home_aside)))
        {
            seen[c.index()] += 1;
        }
        if let Some(i) = seen.iter().position(|&n| n > 1) {
            return Err(format!("card {} is in two places", self.content.cards[i].id));
        }
        let mut t = vec![0u8; self.content.treasures.len()];
        for x in self
            .cup
            .iter()
            .chain(self.spent.iter())
            .chain(self.portugal.iter())
            .chain(self.hands.iter().flat_map(|h| h.treasures.iter()))
        {
            t[x.index()] += 1;
        }
        if t.iter().any(|&n| n != 1) {
            return Err("a treasure is missing or in two places".into());
        }
        if self.hire_track > self.content.campaign.hire_track_max.max(self.content.hire_track) {
            return Err("the hire track is over its maximum".into());
        }
        Ok(())
    }
}
