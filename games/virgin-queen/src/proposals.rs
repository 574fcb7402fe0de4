//! Proposals: deals offered during Negotiations (§9.1), so that players — and bots — can agree on a package
//! before the announcements instead of only talking about one.
//!
//! The rulebook's talks bind nobody: a proposal is a structured message, not a rule of the game. A power puts
//! one together clause by clause (`Draft`), offers it (`Propose`) to the other powers in it, who agree or
//! decline (`Answer`); when the announcements come, the earliest party in Impulse Order may announce it as it
//! stands (`Announce`), and the later parties then approve or reject it like any announcement. Each clause is
//! checked as it is drafted, against the table as it is during the talks; the announcement checks it again.
//! Everybody sees who proposed to whom and who has replied; only a proposal's parties read it and its replies
//! (docs/rules/virgin-queen.md §6.9). A power makes at most [`MAX_PROPOSALS`] a turn, of at most
//! [`MAX_CLAUSES`] clauses each (ruling R45).

use crate::cite::{Refusal, provisional, sec};
use crate::content::Power;
use crate::deals::Clause;
use crate::event::Event;
use crate::play::{Action, MAX_CLAUSES, MAX_PROPOSALS};
use crate::state::{Draft, Proposal, Reply, VirginQueen};

impl VirginQueen {
    fn proposals_made(&self, p: Power) -> usize {
        self.proposals.iter().filter(|pr| pr.by == p).count()
    }

    /// The drafting choices of `p`: every clause that could join its proposal, then taking one back and
    /// offering it.
    pub(crate) fn draft_actions(&self, p: Power, out: &mut Vec<Action>) {
        if self.proposals_made(p) >= MAX_PROPOSALS {
            return;
        }
        let draft = self.drafts[p.index()].as_ref();
        let earlier = draft.map_or(&[][..], |d| d.clauses.as_slice());
        if earlier.len() < MAX_CLAUSES {
            // The first clause may name any announcer up to `p` (an earlier one in a deal with `p`); the rest
            // keep the one it named.
            let announcers: Vec<(Power, Option<Power>)> = match draft {
                Some(d) => vec![(d.announcer, None)],
                None => {
                    self.played_powers().into_iter().filter(|&q| q <= p).map(|q| (q, (q < p).then_some(p))).collect()
                }
            };
            for (a, partner) in announcers {
                let Ok(scratch) = self.scratch(a, earlier) else { continue };
                for clause in self.candidate_clauses(a, partner) {
                    if (draft.is_some() || clause.parties(self).contains(&p))
                        && scratch.check_parties(a, &clause).is_ok()
                        && scratch.check_clause(&clause, earlier).is_ok()
                    {
                        out.push(Action::Draft { by: p, clause });
                    }
                }
            }
        }
        if let Some(d) = draft {
            if self.may_think_again(p) {
                out.push(Action::Undraft { by: p });
            }
            if d.clauses.iter().any(|c| c.parties(self).iter().any(|q| self.seat_of(q) != self.seat_of(p))) {
                out.push(Action::Propose { by: p });
            }
        }
    }

    /// Check that `clause` may join `p`'s proposal; returns the proposal's announcer.
    pub(crate) fn check_draft(&self, p: Power, clause: &Clause) -> Result<Power, Refusal> {
        if self.proposals_made(p) >= MAX_PROPOSALS {
            return Err(Refusal::new("a power makes at most 4 proposals a turn", provisional!("R45")));
        }
        let (announcer, earlier) = match &self.drafts[p.index()] {
            Some(d) => (d.announcer, d.clauses.as_slice()),
            None => {
                let parties = clause.parties(self);
                if !parties.contains(&p) {
                    return Err(Refusal::new("a proposal you make is a deal you are party to", provisional!("R45")));
                }
                (parties.earliest(), &[][..])
            }
        };
        if earlier.len() >= MAX_CLAUSES {
            return Err(Refusal::new("a proposal holds at most 8 clauses", provisional!("R45")));
        }
        let scratch = self.scratch(announcer, earlier)?;
        scratch.check_parties(announcer, clause)?;
        scratch.check_clause(clause, earlier)?;
        // One spelling per clause: the builder's (peace and alliance name the announcer first).
        if !self.is_candidate(announcer, clause) {
            return Err(Refusal::new("name the announcing power first, and only places the deal allows", sec!("§9.1")));
        }
        Ok(announcer)
    }

    /// Add `clause` to `p`'s proposal in the making.
    pub(crate) fn draft(&mut self, p: Power, clause: &Clause) -> Result<(), Refusal> {
        let announcer = self.check_draft(p, clause)?;
        let draft = self.drafts[p.index()].get_or_insert_with(|| Draft { announcer, clauses: Vec::new() });
        draft.clauses.push(clause.clone());
        Ok(())
    }

    /// Take the last clause off `p`'s proposal in the making (a second thought, R44).
    pub(crate) fn undraft(&mut self, p: Power) -> Result<(), Refusal> {
        let Some(draft) = &self.drafts[p.index()] else {
            return Err(Refusal::new("you have no proposal in the making", provisional!("R45")));
        };
        let emptied = draft.clauses.len() <= 1;
        self.think_again(p)?;
        match &mut self.drafts[p.index()] {
            Some(d) if !emptied => {
                d.clauses.pop();
            }
            slot => *slot = None,
        }
        Ok(())
    }

    /// Offer `p`'s draft to the other powers in it.
    pub(crate) fn propose(&mut self, p: Power, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let Some(draft) = self.drafts[p.index()].take() else {
            return Err(Refusal::new("you have no proposal in the making", provisional!("R45")));
        };
        let mut to: Vec<Power> = draft.clauses.iter().flat_map(|c| c.parties(self)).filter(|&q| q != p).collect();
        to.sort();
        to.dedup();
        let seat = self.seat_of(p);
        if to.iter().all(|&q| self.seat_of(q) == seat) {
            return Err(Refusal::new("a proposal is made to another player's power", provisional!("R45")));
        }
        events.push(Event::Proposed { by: p, to: to.clone(), clauses: Some(draft.clauses.clone()) });
        // A power of the author's own seat is the same player: it agrees as it proposes.
        let replies =
            to.into_iter().map(|q| (q, if self.seat_of(q) == seat { Reply::Agreed } else { Reply::Awaited })).collect();
        self.proposals.push(Proposal {
            by: p,
            announcer: draft.announcer,
            clauses: draft.clauses,
            replies,
            announced: false,
        });
        Ok(())
    }

    /// The clauses of proposal `i`, which `power` announces now: only its announcer may, and only once.
    pub(crate) fn take_up_proposal(&mut self, power: Power, i: usize) -> Result<Vec<Clause>, Refusal> {
        match self.proposals.get_mut(i) {
            Some(pr) if pr.announcer == power && !pr.announced => {
                pr.announced = true;
                Ok(pr.clauses.clone())
            }
            _ => Err(Refusal::new(
                "a proposal is announced once, by the earliest of its parties in Impulse Order",
                provisional!("R45"),
            )),
        }
    }

    /// `by`'s reply to proposal `i`.
    pub(crate) fn reply(&mut self, by: Power, i: usize, agree: bool, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let Some(pr) = self.proposals.get_mut(i).filter(|pr| pr.awaits(by)) else {
            return Err(Refusal::new("that proposal awaits no reply from you", provisional!("R45")));
        };
        for r in pr.replies.iter_mut().filter(|r| r.0 == by) {
            r.1 = if agree { Reply::Agreed } else { Reply::Declined };
        }
        events.push(Event::Answered { by, author: pr.by, agree: Some(agree), parties: pr.parties().collect() });
        Ok(())
    }
}
