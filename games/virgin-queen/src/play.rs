//! The decisions of a turn and the order they come in: the home card (ref-02), Negotiations and the
//! announcements (§9.1), Ransom (§9.3) and Declarations of War (§9.4, completed provisionally, R36).
//! Each decision is one small action; a proposal (`proposals.rs`) and an announcement are built clause by
//! clause, then offered or published.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use imperia_core::Viewer;
use imperia_core::words::Subject;
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::cite::{Refusal, With, provisional, sec};
use crate::content::{CardId, LeaderId, Owner, Power, SpaceId};
use crate::deals::Clause;
use crate::event::{Event, Reader};
use crate::state::{Announcement, Item, Paying, Phase, Place, Status, VirginQueen};

/// Platform limits that keep every game finite (ruling R17): not rules of the game.
pub const MAX_ANNOUNCEMENTS: u8 = 8;
/// Clauses a power may take back in one turn, and apart from them declarations it may withdraw (R44).
pub const MAX_SECOND_THOUGHTS: u8 = 8;
pub const MAX_CLAUSES: usize = 8;
/// Proposals a power may make in one turn's Negotiations (R45).
pub const MAX_PROPOSALS: usize = 4;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Keep this home card in hand this turn; the other stays set aside (ref-02).
    KeepHome {
        card: CardId,
    },
    /// Show a card or treasure of `by`'s hand to one power (§9.1).
    Show {
        by: Power,
        item: Item,
        to: Power,
    },
    /// End `power`'s talks (§9.1). It still answers the proposals made to it.
    EndTalks {
        power: Power,
    },
    /// Add a clause to the proposal `by` is putting together (Negotiations).
    Draft {
        by: Power,
        clause: Clause,
    },
    /// Take the last clause off it (counted, R44).
    Undraft {
        by: Power,
    },
    /// Offer it to its other parties (§9.1: it binds nobody until announced).
    Propose {
        by: Power,
    },
    /// Reply to a proposal (numbered from 0 in the order proposals were made this turn).
    Answer {
        by: Power,
        proposal: u8,
        agree: bool,
    },
    /// Announce, as it stands, a proposal the announcing power is the earliest party to.
    Announce {
        proposal: u8,
    },
    /// Approve the first pending announcement the deciding power is party to (§9.1).
    Approve,
    /// Reject it: none of it takes effect (§9.1).
    Reject,
    /// Add a clause to the announcement being built.
    Add(Clause),
    /// Take the last clause off the announcement being built.
    RemoveLast,
    /// Publish the announcement being built.
    Publish,
    DoneAnnouncing,
    /// Ransom a captured leader, who goes to `to` (§9.3; `None`: his card, R27).
    Ransom {
        leader: LeaderId,
        to: Option<SpaceId>,
    },
    DoneRansoming,
    Declare {
        target: Owner,
    },
    /// Discard an item towards the declaration's cost (R36).
    Pay(Item),
    CancelDeclaration,
    DoneDeclaring,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let item = |i: &Item| match i {
            Item::Card(c) => c.to_string(),
            Item::Treasure(t) => t.to_string(),
        };
        match self {
            Action::KeepHome { card } => write!(f, "Keep {card} as your home card"),
            Action::Show { by, item: i, to } => write!(f, "Show {to} {}'s {}", by, item(i)),
            Action::EndTalks { power } => write!(f, "End {power}'s talks"),
            Action::Draft { by, clause } => write!(f, "Propose ({by}): {clause}"),
            Action::Undraft { by } => write!(f, "Take back the last clause of {by}'s proposal"),
            Action::Propose { by } => write!(f, "Offer {by}'s proposal to its parties"),
            Action::Answer { by, proposal, agree: true } => write!(f, "{by}: agree to proposal {}", proposal + 1),
            Action::Answer { by, proposal, agree: false } => write!(f, "{by}: decline proposal {}", proposal + 1),
            Action::Announce { proposal } => write!(f, "Announce proposal {}", proposal + 1),
            Action::Approve => write!(f, "Approve the announcement"),
            Action::Reject => write!(f, "Reject the announcement"),
            Action::Add(c) => write!(f, "Add: {c}"),
            Action::RemoveLast => write!(f, "Take back the last clause"),
            Action::Publish => write!(f, "Announce it"),
            Action::DoneAnnouncing => write!(f, "Done announcing"),
            Action::Ransom { leader, to } => match to {
                Some(s) => write!(f, "Ransom {leader} to {s}"),
                None => write!(f, "Ransom {leader} to his card"),
            },
            Action::DoneRansoming => write!(f, "Done with ransoms"),
            Action::Declare { target } => write!(f, "Declare war on {target}"),
            Action::Pay(i) => write!(f, "Pay with {}", item(i)),
            Action::CancelDeclaration => write!(f, "Withdraw the declaration"),
            Action::DoneDeclaring => write!(f, "Done declaring war"),
        }
    }
}

impl VirginQueen {
    /// Whether `p` may still take a clause back this turn (R44).
    pub(crate) fn may_think_again(&self, p: Power) -> bool {
        self.second_thoughts[p.index()] < MAX_SECOND_THOUGHTS
    }

    /// Whether `p` may still begin a declaration of war, which it might withdraw (R44).
    pub(crate) fn may_declare_again(&self, p: Power) -> bool {
        self.withdrawals[p.index()] < MAX_SECOND_THOUGHTS
    }

    /// Count one taken-back clause, or refuse it once the turn's allowance is spent (R44).
    pub(crate) fn think_again(&mut self, p: Power) -> Result<(), Refusal> {
        if !self.may_think_again(p) {
            return Err(Refusal::new(
                "this power has taken back 8 clauses this turn: offer or publish what it has as it stands",
                provisional!("R44"),
            ));
        }
        self.second_thoughts[p.index()] += 1;
        Ok(())
    }

    /// The powers that must decide now.
    pub fn deciders(&self) -> Vec<Power> {
        match &self.phase {
            Phase::KeepHome => {
                self.played_powers().into_iter().filter(|&p| self.hands[p.index()].home_aside.len() > 1).collect()
            }
            Phase::Negotiations { done } => self
                .played_powers()
                .into_iter()
                .filter(|p| !done.contains(p) || self.proposals.iter().any(|pr| pr.awaits(*p)))
                .collect(),
            Phase::Announcing { power, .. } => vec![self.approver().unwrap_or(*power)],
            Phase::Ransom { power } | Phase::Declaring { power, .. } => vec![*power],
            Phase::Over => Vec::new(),
        }
    }

    /// During announcements, the power asked to approve the first pending announcement it is party to: the
    /// current announcer decides on those before its own (R19).
    fn approver(&self) -> Option<Power> {
        let Phase::Announcing { power, .. } = self.phase else { return None };
        self.pending.iter().any(|a| a.waiting.first() == Some(&power)).then_some(power)
    }

    fn pending_index(&self, p: Power) -> Option<usize> {
        self.pending.iter().position(|a| a.waiting.first() == Some(&p))
    }

    pub(crate) fn legal(&self, seat: usize) -> Vec<Action> {
        let Some(mine) = self.seats.get(seat) else { return Vec::new() };
        let mut out = Vec::new();
        for p in self.deciders().into_iter().filter(|p| mine.contains(p)) {
            self.legal_for(p, &mut out);
        }
        out
    }

    fn legal_for(&self, p: Power, out: &mut Vec<Action>) {
        match &self.phase {
            Phase::KeepHome => {
                out.extend(self.hands[p.index()].home_aside.iter().map(|&card| Action::KeepHome { card }))
            }
            Phase::Negotiations { done } => {
                if !done.contains(&p) {
                    for item in self.hands[p.index()].items() {
                        // Showing a card to a power of one's own seat tells nobody anything.
                        for to in self.played_powers().into_iter().filter(|&q| self.seat_of(q) != self.seat_of(p)) {
                            if !self.shows.contains(&(p, item, to)) {
                                out.push(Action::Show { by: p, item, to });
                            }
                        }
                    }
                    self.draft_actions(p, out);
                    out.push(Action::EndTalks { power: p });
                }
                for (i, pr) in self.proposals.iter().enumerate() {
                    if pr.awaits(p) {
                        let proposal = i as u8;
                        out.extend([true, false].map(|agree| Action::Answer { by: p, proposal, agree }));
                    }
                }
            }
            Phase::Announcing { building, published, .. } => {
                if self.pending_index(p).is_some() {
                    out.extend([Action::Approve, Action::Reject]);
                    return;
                }
                if *published < MAX_ANNOUNCEMENTS
                    && building.len() < MAX_CLAUSES
                    && let Ok(scratch) = self.scratch(p, building)
                {
                    for c in self.candidate_clauses(p, None) {
                        if scratch.check_parties(p, &c).is_ok() && scratch.check_clause(&c, building).is_ok() {
                            out.push(Action::Add(c));
                        }
                    }
                }
                if !building.is_empty() {
                    if self.may_think_again(p) {
                        out.push(Action::RemoveLast);
                    }
                    out.push(Action::Publish);
                } else {
                    if *published < MAX_ANNOUNCEMENTS {
                        for (i, pr) in self.proposals.iter().enumerate() {
                            if pr.announcer == p && !pr.announced && self.try_package(p, &pr.clauses).is_ok() {
                                out.push(Action::Announce { proposal: i as u8 });
                            }
                        }
                    }
                    out.push(Action::DoneAnnouncing);
                }
            }
            Phase::Ransom { .. } => {
                for l in self.captives_of(p) {
                    if self.ransom_item_kind(p).is_some() {
                        let places = self.return_places(p);
                        if places.is_empty() {
                            out.push(Action::Ransom { leader: l, to: None });
                        }
                        out.extend(places.into_iter().map(|s| Action::Ransom { leader: l, to: Some(s) }));
                    }
                }
                out.push(Action::DoneRansoming);
            }
            Phase::Declaring { paying: Some(pay), .. } => {
                out.extend(self.hands[p.index()].items().filter(|i| !pay.picked.contains(i)).map(Action::Pay));
                out.push(Action::CancelDeclaration);
            }
            Phase::Declaring { paying: None, .. } => {
                // A declaration begun may be withdrawn; once a power has withdrawn as often as it may, it
                // begins none (R44).
                if self.may_declare_again(p) {
                    out.extend(self.war_targets(p).into_iter().map(|target| Action::Declare { target }));
                }
                out.push(Action::DoneDeclaring);
            }
            Phase::Over => {}
        }
    }

    /// Whether `clause` is spelled as [`Self::candidate_clauses`] lists it for `p` (peace and alliance name `p`
    /// first; only the places the deal allows). Only the clauses of its own pair of powers are gone through, up
    /// to it: drafting checks every clause so, and building the whole list each time cost a tenth of a
    /// one-step bot's time.
    pub(crate) fn is_candidate(&self, p: Power, clause: &Clause) -> bool {
        let partner = match clause.pair() {
            Some((x, y)) if x == p => y,
            Some((x, y)) if y == p => x,
            Some(_) => return false,
            // Listed for every partner alike, after the pairs' clauses: `p` itself as partner lists no pair.
            None => p,
        };
        self.each_candidate(p, Some(partner), |c| {
            if c == *clause { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
        .is_break()
    }

    /// Every clause `p` might announce — with `partner` only, if given — before the checks (which filter
    /// the list).
    pub(crate) fn candidate_clauses(&self, p: Power, partner: Option<Power>) -> Vec<Clause> {
        let mut out = Vec::new();
        let _ = self.each_candidate(p, partner, |clause| {
            out.push(clause);
            ControlFlow::Continue(())
        });
        out
    }

    /// [`Self::candidate_clauses`] one by one to `visit`, in the same order, until it breaks.
    fn each_candidate(
        &self,
        p: Power,
        partner: Option<Power>,
        mut visit: impl FnMut(Clause) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let c = &self.content;
        let others: Vec<Power> =
            self.played_powers().into_iter().filter(|&q| q > p && partner.is_none_or(|r| r == q)).collect();
        for &q in &others {
            visit(Clause::Peace { a: p, b: q })?;
            visit(Clause::Alliance { a: p, b: q })?;
            for (giver, receiver) in [(p, q), (q, p)] {
                for n in 1..=2 {
                    visit(Clause::Cards { giver, receiver, count: n })?;
                    visit(Clause::Treasures { giver, receiver, count: n })?;
                }
                for space in c.space_ids().filter(|s| self.spaces[s.index()].control == Owner::Major(giver)) {
                    visit(Clause::Transfer { giver, receiver, space })?;
                }
                let hire = (giver == Power::Hre && self.hire_track > 0).then_some(None);
                let sources: Vec<Option<SpaceId>> = hire
                    .into_iter()
                    .chain(c.space_ids().filter(|s| self.spaces[s.index()].units[giver.index()][1] > 0).map(Some))
                    .collect();
                for &from in &sources {
                    for &to in &c.major(receiver).capitals {
                        for n in 1..=4 {
                            visit(Clause::Mercenaries { giver, receiver, from, to, count: n })?;
                        }
                    }
                }
                for f in self.fleets.iter().filter(|f| f.owner == giver && f.loaned_to.is_none() && f.kind.lendable()) {
                    let leaders: Vec<Option<LeaderId>> = std::iter::once(None)
                        .chain(
                            c.leader_ids()
                                .filter(|&l| {
                                    c.leaders[l.index()].power == giver && self.leader_place(l) == Place::Map(f.port)
                                })
                                .map(Some),
                        )
                        .collect();
                    for to in self.nearest_ports(f.port, receiver) {
                        for ships in 1..=f.count {
                            for &leader in &leaders {
                                visit(Clause::Loan {
                                    lender: giver,
                                    receiver,
                                    port: f.port,
                                    kind: f.kind,
                                    ships,
                                    leader,
                                    to,
                                })?;
                            }
                        }
                    }
                }
            }
        }
        for l in c.leader_ids() {
            if let Place::Captive(_) = self.leader_place(l) {
                let places = self.return_places(c.leaders[l.index()].power);
                if places.is_empty() {
                    visit(Clause::ReturnLeader { leader: l, to: None })?;
                }
                for s in places {
                    visit(Clause::ReturnLeader { leader: l, to: Some(s) })?;
                }
            }
        }
        for a in c.royal_ids() {
            for b in c.royal_ids().filter(|&b| b > a) {
                visit(Clause::Marriage { a, b })?;
            }
        }
        ControlFlow::Continue(())
    }

    fn captives_of(&self, p: Power) -> Vec<LeaderId> {
        self.content
            .leader_ids()
            .filter(|&l| {
                self.content.leaders[l.index()].power == p && matches!(self.leader_place(l), Place::Captive(_))
            })
            .collect()
    }

    /// Which kind a ransom draws from (ref-03): the more numerous of the drawable cards and the treasures,
    /// treasures on a tie; `None` when the hand holds nothing that may be drawn.
    fn ransom_item_kind(&self, p: Power) -> Option<bool> {
        let (cards, treasures) = (self.drawable_cards(p).len(), self.hands[p.index()].treasures.len());
        match (cards, treasures) {
            (0, 0) => None,
            (c, t) => Some(t >= c),
        }
    }

    /// The powers `p` may declare war on now (provisional, 9.4-P1): played majors and minors it is not at war
    /// or allied with, with a cost it can pay.
    pub(crate) fn war_targets(&self, p: Power) -> Vec<Owner> {
        let minors = (0..self.content.minors.len()).map(|i| Owner::Minor(crate::content::MinorId(i as u8)));
        Power::ALL
            .map(Owner::Major)
            .into_iter()
            .chain(minors)
            .filter(|&t| self.check_declaration(p, t).is_ok())
            .collect()
    }

    /// Whether `p` may declare war on `target` now, and if not why (provisional, 9.4-P1 and 9.4-P3); its cost
    /// in CP if it may.
    pub(crate) fn check_declaration(&self, p: Power, target: Owner) -> Result<u8, Refusal> {
        const TARGETS: &str = provisional!("«Declarations of War», 9.4-P1");
        if let Owner::Major(q) = target {
            if q == p {
                return Err(Refusal::new("a power does not declare war on itself", TARGETS));
            }
            if !self.played(q) {
                return Err(
                    Refusal::new("{} is not played in this game and is never a target", provisional!("R39")).power(q)
                );
            }
            if self.status(p, q) == Status::Allied {
                return Err(Refusal::new("{} and {} are allied this turn", TARGETS).power(p).power(q));
            }
        }
        if self.at_war(p, target) {
            return Err(Refusal::new("{} is already at war with {}", TARGETS).power(p).owner(target));
        }
        let Some(cost) = self.content.dow_cost(p, target) else {
            return Err(Refusal::new("the table of war costs has no war of {} on {}", TARGETS).power(p).owner(target));
        };
        let purse = self.hand_cp(p);
        if u32::from(cost) > purse {
            return Err(Refusal::new(
                "war on {} costs {} CP, and the cards and treasures in hand come to {} CP",
                provisional!("«Declarations of War», 9.4-P3"),
            )
            .owner(target)
            .number(cost)
            .number(purse as i32));
        }
        Ok(cost)
    }

    pub(crate) fn hand_cp(&self, p: Power) -> u32 {
        self.hands[p.index()].items().map(|i| self.item_cp(i) as u32).sum()
    }

    pub(crate) fn item_cp(&self, i: Item) -> u8 {
        match i {
            Item::Card(c) => self.content.cards[c.index()].cp,
            Item::Treasure(t) => self.content.treasures[t.index()].cp,
        }
    }

    /// Apply `action` of `seat`; the state is untouched on a refusal.
    pub(crate) fn act(&mut self, seat: usize, action: &Action) -> Result<(Vec<Event>, bool), Refusal> {
        let Some(power) = self.acting_power(seat, action) else {
            return Err(Refusal::new("it is not your decision now", sec!("§9")));
        };
        let mut events = Vec::new();
        let mut reveals = false;
        let phase = self.phase.clone();
        if matches!(phase, Phase::Announcing { .. })
            && self.pending_index(power).is_some()
            && !matches!(action, Action::Approve | Action::Reject)
        {
            return Err(Refusal::new(
                "first approve or reject the announcement that awaits your approval",
                sec!("§9.1"),
            ));
        }
        match (&phase, action) {
            (Phase::KeepHome, &Action::KeepHome { card }) => {
                let hand = Arc::make_mut(&mut self.hands[power.index()]);
                if !hand.home_aside.contains(&card) {
                    return Err(Refusal::new(
                        "that is not one of your home cards",
                        "reference: ref-02 (docs/rules/virgin-queen.md)",
                    ));
                }
                hand.home_aside.retain(|&c| c != card);
                hand.cards.push(card);
                events.push(Event::HomeCardKept { power, card: Some(card) });
                if self.deciders().is_empty() {
                    self.phase = Phase::Negotiations { done: Vec::new() };
                }
            }
            (Phase::Negotiations { done }, &Action::Show { by, item, to }) => {
                // A power that ended its talks stays only to answer the proposals made to it.
                if done.contains(&by) {
                    return Err(Refusal::new(
                        "you have ended your talks this turn: you may only answer the proposals made to you",
                        sec!("§9.1"),
                    ));
                }
                if !self.hands[by.index()].holds(item)
                    || self.seat_of(by) == self.seat_of(to)
                    || !self.played(to)
                    || self.shows.contains(&(by, item, to))
                {
                    return Err(Refusal::new(
                        "you may show a card or treasure you hold, once, to another power",
                        sec!("§9.1"),
                    ));
                }
                self.shows.push((by, item, to));
                events.push(Event::Shown { by, to, item });
                reveals = true;
            }
            (Phase::Negotiations { done }, &Action::EndTalks { power: p }) if p == power && !done.contains(&p) => {
                let mut done = done.clone();
                done.push(p);
                self.phase = Phase::Negotiations { done };
                // A proposal not offered is dropped.
                self.drafts[p.index()] = None;
                events.push(Event::TalksEnded { power: p });
                self.end_negotiations_if_done();
            }
            (Phase::Negotiations { done }, Action::Draft { by, clause }) if *by == power && !done.contains(by) => {
                self.draft(power, clause)?;
            }
            (Phase::Negotiations { done }, &Action::Undraft { by }) if by == power && !done.contains(&by) => {
                self.undraft(power)?;
            }
            (Phase::Negotiations { done }, &Action::Propose { by }) if by == power && !done.contains(&by) => {
                self.propose(by, &mut events)?;
                // Said is said: the parties have read it.
                reveals = true;
            }
            (Phase::Negotiations { .. }, &Action::Answer { by, proposal, agree }) if by == power => {
                self.reply(by, proposal as usize, agree, &mut events)?;
                reveals = true;
                self.end_negotiations_if_done();
            }
            (Phase::Announcing { .. }, Action::Approve | Action::Reject) => {
                let i = self
                    .pending_index(power)
                    .ok_or_else(|| Refusal::new("no announcement awaits your approval", sec!("§9.1")))?;
                if *action == Action::Reject {
                    let a = self.pending.remove(i);
                    events.push(Event::Rejected { power, by: a.by });
                } else {
                    events.push(Event::Approved { power, by: self.pending[i].by });
                    self.pending[i].waiting.remove(0);
                    if self.pending[i].waiting.is_empty() {
                        let a = self.pending.remove(i);
                        reveals = self.apply_announcement(a, &mut events);
                    }
                }
            }
            (Phase::Announcing { building, published, .. }, Action::Add(clause)) => {
                if *published >= MAX_ANNOUNCEMENTS || building.len() >= MAX_CLAUSES {
                    return Err(Refusal::new(
                        "an announcement holds at most 8 clauses, and a power makes at most 8 a turn",
                        provisional!("R17"),
                    ));
                }
                let building = building.clone();
                let scratch = self.scratch(power, &building)?;
                scratch.check_parties(power, clause)?;
                scratch.check_clause(clause, &building)?;
                // One spelling per clause: the builder's (peace and alliance name the announcer first).
                if !self.is_candidate(power, clause) {
                    return Err(Refusal::new(
                        "name the announcing power first, and only places the deal allows",
                        sec!("§9.1"),
                    ));
                }
                if let Phase::Announcing { building, .. } = &mut self.phase {
                    building.push(clause.clone());
                }
            }
            (Phase::Announcing { building, .. }, Action::RemoveLast) if !building.is_empty() => {
                self.think_again(power)?;
                if let Phase::Announcing { building, .. } = &mut self.phase {
                    building.pop();
                }
            }
            (Phase::Announcing { building, .. }, Action::Publish) if !building.is_empty() => {
                let clauses = building.clone();
                if let Phase::Announcing { building, .. } = &mut self.phase {
                    building.clear();
                }
                reveals = self.publish(power, clauses, &mut events)?;
            }
            (Phase::Announcing { building, published, .. }, &Action::Announce { proposal }) if building.is_empty() => {
                if *published >= MAX_ANNOUNCEMENTS {
                    return Err(Refusal::new("a power makes at most 8 announcements a turn", provisional!("R17")));
                }
                let clauses = self.take_up_proposal(power, proposal as usize)?;
                reveals = self.publish(power, clauses, &mut events)?;
            }
            (Phase::Announcing { building, .. }, Action::DoneAnnouncing) if building.is_empty() => {
                let next = self.played_powers().into_iter().find(|&q| q > power);
                match next {
                    Some(q) => self.start_announcing(q),
                    None => {
                        // Announcements still waiting for a party that has had its turn cannot complete.
                        for a in std::mem::take(&mut self.pending) {
                            events.push(Event::Void { by: a.by, reason: "not every party approved it".into() });
                        }
                        if self.hire_track > 0 {
                            self.hire_track = 0;
                            events.push(Event::HireTrackCleared);
                        }
                        self.start_ransom(None, &mut events);
                    }
                }
            }
            (Phase::Ransom { .. }, &Action::Ransom { leader, to }) => {
                let owner_ok = self.content.leaders[leader.index()].power == power;
                let Place::Captive(captor) = self.leader_place(leader) else {
                    return Err(Refusal::new("that leader is not captured", sec!("§9.3")));
                };
                let places = self.return_places(power);
                let place_ok = match to {
                    Some(s) => places.contains(&s),
                    None => places.is_empty(),
                };
                if !owner_ok || !place_ok {
                    return Err(Refusal::new(
                        "a ransomed leader of yours goes to his capital if possible, otherwise to a home key space",
                        sec!("§9.3"),
                    ));
                }
                let Some(treasure) = self.ransom_item_kind(power) else {
                    return Err(Refusal::new("you hold nothing the captor could draw", sec!("§9.3")));
                };
                let item = if treasure {
                    let t = &self.hands[power.index()].treasures;
                    Item::Treasure(t[self.rng.random_range(0..t.len())])
                } else {
                    let c = self.drawable_cards(power);
                    Item::Card(c[self.rng.random_range(0..c.len())])
                };
                Arc::make_mut(&mut self.hands[power.index()]).remove(item);
                Arc::make_mut(&mut self.hands[captor.index()]).add(item);
                self.place_returning_leader(leader, to, &mut events);
                events.push(Event::Ransomed { leader, captor, item: Some(item), to });
                // The captor now knows the item, whether or not drawing it needed the generator.
                reveals = true;
            }
            (Phase::Ransom { .. }, Action::DoneRansoming) => {
                self.start_ransom(Some(power), &mut events);
            }
            (Phase::Declaring { paying: None, .. }, &Action::Declare { target }) => {
                if !self.may_declare_again(power) {
                    return Err(Refusal::new(
                        "this power has withdrawn 8 declarations this turn and begins no new one",
                        provisional!("R44"),
                    ));
                }
                let cost = self.check_declaration(power, target)?;
                self.phase = Phase::Declaring { power, paying: Some(Paying { target, cost, picked: Vec::new() }) };
            }
            (Phase::Declaring { paying: Some(pay), .. }, &Action::Pay(item)) => {
                if !self.hands[power.index()].holds(item) || pay.picked.contains(&item) {
                    return Err(Refusal::new(
                        "pay with a card or treasure of your hand",
                        provisional!("«Declarations of War», 9.4-P3"),
                    ));
                }
                let mut pay = pay.clone();
                pay.picked.push(item);
                self.phase = Phase::Declaring { power, paying: Some(pay.clone()) };
                let paid: u32 = pay.picked.iter().map(|&i| self.item_cp(i) as u32).sum();
                if paid >= pay.cost as u32 {
                    self.complete_declaration(power, pay, &mut events);
                    reveals = true;
                }
            }
            (Phase::Declaring { paying: Some(_), .. }, Action::CancelDeclaration) => {
                // Always allowed (a declaration begun can be undone), but counted: no new one after the last.
                self.withdrawals[power.index()] = self.withdrawals[power.index()].saturating_add(1);
                self.phase = Phase::Declaring { power, paying: None };
            }
            (Phase::Declaring { paying: None, .. }, Action::DoneDeclaring) => {
                match self.played_powers().into_iter().find(|&q| q > power) {
                    Some(q) => self.start_declaring(q, &mut events),
                    None => self.next_turn(&mut events),
                }
            }
            _ => return Err(Refusal::new("that is not a decision of this moment", sec!("§9"))),
        }
        Ok((events, reveals))
    }

    /// The power of `seat` that `action` is for, if it is one of the deciders.
    fn acting_power(&self, seat: usize, action: &Action) -> Option<Power> {
        let mine: Vec<Power> = self.deciders().into_iter().filter(|&p| self.seat_of(p) == Some(seat)).collect();
        let named = match *action {
            Action::Show { by, .. }
            | Action::Draft { by, .. }
            | Action::Undraft { by }
            | Action::Propose { by }
            | Action::Answer { by, .. } => Some(by),
            Action::EndTalks { power } => Some(power),
            Action::KeepHome { card } => self.content.cards[card.index()].home,
            _ => None,
        };
        match named {
            Some(p) => mine.contains(&p).then_some(p),
            None => mine.first().copied(),
        }
    }

    /// Publish `clauses` as `power`'s announcement (§9.1): it takes effect at once if nobody else is party to
    /// it, and otherwise waits for its later parties' approval. Returns whether it revealed hidden items.
    fn publish(&mut self, power: Power, clauses: Vec<Clause>, events: &mut Vec<Event>) -> Result<bool, Refusal> {
        self.try_package(power, &clauses)?;
        if let Phase::Announcing { published, .. } = &mut self.phase {
            *published += 1;
        }
        events.push(Event::Published { by: power, clauses: clauses.clone() });
        let mut waiting: Vec<Power> = clauses.iter().flat_map(|c| c.parties(self)).filter(|&q| q != power).collect();
        waiting.sort();
        waiting.dedup();
        let a = Announcement { by: power, clauses, waiting };
        if a.waiting.is_empty() {
            return Ok(self.apply_announcement(a, events));
        }
        self.pending.push(a);
        Ok(false)
    }

    /// Apply an announcement all parties approved, or void it if it has become impossible (R20). Returns
    /// whether it handed over hidden items (random cards or treasures), which the receiver now sees: such a
    /// step may not be undone, even when the draw needed no randomness (a single card to draw).
    fn apply_announcement(&mut self, a: Announcement, events: &mut Vec<Event>) -> bool {
        match self.try_package(a.by, &a.clauses) {
            Ok((mut next, mut applied)) => {
                // Keep the phase and the list of pending announcements of the live state.
                next.phase = self.phase.clone();
                next.pending = std::mem::take(&mut self.pending);
                *self = next;
                events.push(Event::Applied { by: a.by });
                events.append(&mut applied);
                a.clauses.iter().any(|c| matches!(c, Clause::Cards { .. } | Clause::Treasures { .. }))
            }
            Err(r) => {
                events.push(Event::Void { by: a.by, reason: r.message() });
                false
            }
        }
    }

    /// Once every power has ended its talks and answered what was proposed to it, the announcements begin.
    fn end_negotiations_if_done(&mut self) {
        if self.deciders().is_empty() {
            let first = self.played_powers()[0];
            self.start_announcing(first);
        }
    }

    fn start_announcing(&mut self, power: Power) {
        self.phase = Phase::Announcing { power, building: Vec::new(), published: 0 };
    }

    /// The next power (after `after`) with a leader to ransom; then the Declarations of War.
    fn start_ransom(&mut self, after: Option<Power>, events: &mut Vec<Event>) {
        let next = self
            .played_powers()
            .into_iter()
            .filter(|&p| after.is_none_or(|a| p > a))
            .find(|&p| !self.captives_of(p).is_empty() && self.ransom_item_kind(p).is_some());
        match next {
            Some(p) => self.phase = Phase::Ransom { power: p },
            None => match self.played_powers().into_iter().next() {
                Some(p) => self.start_declaring(p, events),
                None => self.next_turn(events),
            },
        }
    }

    fn start_declaring(&mut self, power: Power, events: &mut Vec<Event>) {
        // Powers with no possible declaration are passed over.
        let next = self.played_powers().into_iter().filter(|&p| p >= power).find(|&p| !self.war_targets(p).is_empty());
        match next {
            Some(p) => self.phase = Phase::Declaring { power: p, paying: None },
            None => self.next_turn(events),
        }
    }

    fn complete_declaration(&mut self, power: Power, pay: Paying, events: &mut Vec<Event>) {
        for &i in &pay.picked {
            Arc::make_mut(&mut self.hands[power.index()]).remove(i);
            match i {
                Item::Card(c) if self.content.cards[c.index()].home.is_some() => {
                    Arc::make_mut(&mut self.hands[power.index()]).home_aside.push(c)
                }
                Item::Card(c) => Arc::make_mut(&mut self.discard).push(c),
                Item::Treasure(t) => Arc::make_mut(&mut self.spent).push(t),
            }
        }
        match pay.target {
            Owner::Major(q) => self.set_status(power, q, Status::War),
            Owner::Minor(m) => self.minor_wars.push((power, m)),
        }
        events.push(Event::WarDeclared { power, target: pay.target, paid: pay.picked });
        self.phase = Phase::Declaring { power, paying: None };
    }

    /// Whose decision it is and what, as `viewer` reads it: "you" to the seat playing the power deciding.
    pub fn decision(&self, viewer: Viewer) -> String {
        let names = |ps: &[Power]| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
        // Every power decides at once in these two: said to the reader as "you" where one of theirs is waited
        // for, as the other decisions are.
        let deciders = self.deciders();
        let mine = viewer
            .seat()
            .and_then(|s| self.seats.get(s))
            .map_or(0, |ps| ps.iter().filter(|p| deciders.contains(p)).count());
        match &self.phase {
            Phase::KeepHome => match mine {
                0 => format!("Each power keeps one of its two home cards (waiting for {})", names(&deciders)),
                1 => format!(
                    "you keep one of your two home cards, as every power does (waiting for {})",
                    names(&deciders)
                ),
                _ => format!(
                    "you keep one of each of your powers' two home cards, as every power does (waiting for {})",
                    names(&deciders)
                ),
            },
            Phase::Negotiations { .. } if mine > 0 => format!(
                "you hold your talks (§9.1): show cards, propose deals and reply, then end your talks (waiting for {})",
                names(&deciders)
            ),
            Phase::Negotiations { .. } => format!(
                "Negotiations (§9.1): powers talk, show cards, propose deals and reply, then end their talks (waiting for {})",
                names(&deciders)
            ),
            Phase::Announcing { power, .. } => {
                match self.approver().and_then(|p| Some((p, &self.pending[self.pending_index(p)?]))) {
                    Some((p, a)) => {
                        let clauses: Vec<String> = a.clauses.iter().map(|c| c.to_string()).collect();
                        self.subject(p, viewer).does_one_of(&[
                            "approve",
                            &format!("reject, as a whole, {}'s announcement: {} (§9.1)", a.by, clauses.join("; ")),
                        ])
                    }
                    None => {
                        let who = self.subject(*power, viewer);
                        who.does(&format!("announce {} deals (§9.1)", who.possessive()))
                    }
                }
            }
            Phase::Ransom { power } => {
                let who = self.subject(*power, viewer);
                who.does(&format!("may ransom {} captured leaders (§9.3)", who.possessive()))
            }
            Phase::Declaring { power, paying: Some(p) } => {
                self.subject(*power, viewer).does(&format!("pay {} CP to declare war on {}", p.cost, p.target))
            }
            Phase::Declaring { power, .. } => self.subject(*power, viewer).does("may declare war (§9.4)"),
            Phase::Over => String::new(),
        }
    }

    /// `power` as the subject of a sentence `viewer` reads: "you" to the seat playing it (naming the power
    /// when that seat plays several), else its title.
    pub(crate) fn subject(&self, power: Power, viewer: Viewer) -> Subject {
        self.reader(viewer).subject(power)
    }

    /// Who `viewer` is at this table: the powers their seat plays.
    pub(crate) fn reader(&self, viewer: Viewer) -> Reader<'_> {
        Reader::playing(viewer.seat().and_then(|s| self.seats.get(s)).map_or(&[], Vec::as_slice))
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::{ContentSet, Game, Viewer};

    use crate::config::Config;
    use crate::content::{Content, Power};
    use crate::deals::Clause;
    use crate::play::Action;
    use crate::state::{Item, VirginQueen};

    /// Found by the deep conformance harness (heuristic players, 4 players): Spain had ended its talks and
    /// stayed only to answer England's proposal, did not list a show, and yet was allowed one (§9.1).
    #[test]
    fn a_power_that_ended_its_talks_shows_nothing_more() {
        let content = ContentSet::<Content>::shipped();
        let mut g = VirginQueen::new_game(&Config::new(4, 4).expect("a config"), &content, 11).expect("a game").0;
        let seat = |g: &VirginQueen, p: Power| g.seat_of(p).expect("played");
        for p in [Power::Spain, Power::England, Power::France, Power::Protestant] {
            let card = g.hands[p.index()].home_aside[0];
            g.apply(seat(&g, p), &Action::KeepHome { card }).expect("kept");
        }
        let england = seat(&g, Power::England);
        let alliance = Clause::Alliance { a: Power::Spain, b: Power::England };
        g.apply(england, &Action::Draft { by: Power::England, clause: alliance }).expect("drafted");
        g.apply(england, &Action::Propose { by: Power::England }).expect("proposed");
        g.apply(seat(&g, Power::Spain), &Action::EndTalks { power: Power::Spain }).expect("ended");
        assert!(g.deciders().contains(&Power::Spain), "Spain still answers England");
        let card = g.hands[Power::Spain.index()].cards[0];
        let show = Action::Show { by: Power::Spain, item: Item::Card(card), to: Power::France };
        assert!(!g.legal_actions(seat(&g, Power::Spain)).contains(&show));
        let before = g.clone();
        let e = g.apply(seat(&g, Power::Spain), &show).expect_err("refused").to_string();
        assert!(e.contains("ended your talks"), "{e}");
        assert_eq!(g, before, "a refusal changes nothing");
    }

    /// Where every power decides at once, the prompt says "you" to a seat with a decision to make, so that a
    /// player's status reads "Your turn: you keep …", and describes the decision to anyone else.
    #[test]
    fn a_decision_everyone_takes_at_once_is_said_to_the_reader() {
        let content = ContentSet::<Content>::shipped();
        let mut g = VirginQueen::new_game(&Config::new(4, 4).expect("a config"), &content, 11).expect("a game").0;
        let spain = g.seat_of(Power::Spain).expect("played");
        let prompt = |g: &VirginQueen, viewer| g.prompt(viewer);
        assert!(
            prompt(&g, Viewer::Seat(spain)).starts_with("you keep one of your two home cards, as every power does")
        );
        assert!(prompt(&g, Viewer::Spectator).starts_with("Each power keeps one of its two home cards"));
        let card = g.hands[Power::Spain.index()].home_aside[0];
        g.apply(spain, &Action::KeepHome { card }).expect("kept");
        assert!(prompt(&g, Viewer::Seat(spain)).starts_with("Each power keeps"), "Spain has kept its card");
        for p in [Power::England, Power::France, Power::Protestant] {
            let card = g.hands[p.index()].home_aside[0];
            g.apply(g.seat_of(p).expect("played"), &Action::KeepHome { card }).expect("kept");
        }
        assert!(prompt(&g, Viewer::Seat(spain)).starts_with("you hold your talks (§9.1)"));
        assert!(prompt(&g, Viewer::Spectator).starts_with("Negotiations (§9.1): powers talk"));
        // A seat playing several powers keeps a card for each.
        let two = VirginQueen::new_game(&Config::new(2, 4).expect("a config"), &content, 11).expect("a game").0;
        assert!(prompt(&two, Viewer::Seat(0)).starts_with("you keep one of each of your powers' two home cards"));
    }
}
