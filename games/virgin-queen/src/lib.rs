//! # Virgin Queen — the diplomacy
//!
//! The rules engine for the Card Draw (§8) and Diplomacy (§9) phases of *Virgin Queen* (GMT Games, Ed Beach,
//! 2011). The rulebook is `../shared/seeds/004_01d86978724b011e.txt`, a Russian excerpt cut at the opening of
//! §9.4; code and refusals cite its sections. Everything the excerpt reads but does not print — the map, the
//! deck, the characters, the tables — is content, mostly provisional, and the rest of a turn is a
//! provisional campaign step (`docs/rules/virgin-queen.md`, which also records every ruling).
//!
//! - [`content`]: the components as data, read from `data/*.toml` and validated.
//! - [`state`]: what is on the table; [`config`]: players and turns.
//! - `card_draw` (§8), `deals` (the nine kinds of deal, §9.1–§9.2), `play` (the decisions of a turn and their
//!   order: home card, Negotiations, announcements, Ransom, Declarations of War), `campaign` (provisional).
//! - [`view`]: what each viewer may see, and the sampling of hidden state for bots; `observe`: the view as
//!   the numbers of the observation tensor, for learning code.

mod campaign;
mod card_draw;
mod cite;
pub mod config;
mod conformance;
pub mod content;
pub mod deals;
pub mod event;
mod numbers;
mod observe;
mod play;
mod proposals;
#[cfg(test)]
mod scenarios;
mod setup;
pub mod state;
mod targets;
pub mod view;

use imperia_core::{
    ContentSet, Ending, Evaluate, Game, GameRng, Outcome, RuleError, ScorePart, Seat, SetupError, Step, TimeLimit,
    ToAct, Viewer,
};

pub use config::Config;
use content::Owner;
pub use content::{Content, Power};
pub use deals::Clause;
pub use event::Event;
pub use play::Action;
pub use state::VirginQueen;
pub use view::View;

use crate::state::Phase;

impl Game for VirginQueen {
    const ID: &'static str = "virgin-queen";
    const NAME: &'static str = "Virgin Queen — Diplomacy (§8–§9)";
    /// 2: second thoughts are capped (R44); 3: proposals in the talks (R45); 4: R44's clauses taken back and
    /// declarations withdrawn are counted apart; 5: issue 53 (`RULES_CHANGES`).
    const RULES_VERSION: u32 = 5;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[
        (
            5,
            "How many clauses a power took back and how many declarations of war it withdrew is now seen by its \
             own player only.",
        ),
        (
            5,
            "With 2 to 5 players only Rudolf II is left out: Anna of Saxony comes to the Royal Wedding Table, \
             though nobody may marry her while her power, the HRE, is not played.",
        ),
        (
            5,
            "A game of 1 to 7 turns is scored over pars measured for its own length; before, every length used \
             the pars of a four-turn game, and in a short or long one the seat all but decided the winner.",
        ),
        (
            5,
            "A new game may last only the lengths whose pars were checked with bots (now 1 to 7 turns at every \
             player count); a game already begun plays on at its length.",
        ),
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    /// Each seat plays powers of its own (England, France, ...): rated apart as well.
    const SIDES: bool = true;
    const OPTIONS: &'static [imperia_core::GameOption] = config::OPTIONS;
    const RULES_INDEX: &'static str = include_str!("../../../docs/rules/virgin-queen.sections.toml");
    const RULINGS: &'static str = include_str!("../../../docs/rules/virgin-queen.md");
    const SCOPE: Option<&'static str> = Some(
        "the diplomacy of Virgin Queen (Card Draw and Diplomacy, §8–§9); the campaign between turns is provisional",
    );

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Content;

    fn setup(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Self, SetupError> {
        VirginQueen::new_game(config, content, seed).map(|(g, _)| g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn content(&self) -> &ContentSet<Content> {
        &self.content
    }

    fn to_act(&self) -> ToAct {
        if self.phase == Phase::Over {
            return ToAct::Nobody;
        }
        let mut seats: Vec<Seat> = self.deciders().into_iter().filter_map(|p| self.seat_of(p)).collect();
        seats.sort_unstable();
        seats.dedup();
        ToAct::Seats(seats)
    }

    /// Whose decision it is and what; to a power putting a proposal together, also what it holds so far.
    fn prompt(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        let mut prompt = self.decision(viewer);
        let mine = viewer.seat().and_then(|s| self.seats.get(s)).map_or(&[][..], |ps| ps.as_slice());
        for &p in mine {
            if let Some(d) = &self.drafts[p.index()] {
                let clauses: Vec<String> = d.clauses.iter().map(|c| c.to_string()).collect();
                let whose = if mine.len() == 1 { "Your".to_string() } else { format!("{}'s", p.title()) };
                prompt += &format!(". {whose} proposal so far: {}", clauses.join("; "));
            }
        }
        prompt
    }

    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        let _scope = self.content.enter();
        let (next, events, reveals) = self.acted(seat, action)?;
        *self = next;
        Ok(if reveals { Step::committed(events) } else { Step::new(events) })
    }

    /// A bot's look ahead takes the copy `apply` works on as it is, instead of copying first.
    fn after(&self, seat: Seat, action: &Action) -> Result<Self, RuleError> {
        let _scope = self.content.enter();
        Ok(self.acted(seat, action)?.0)
    }

    fn action_space(&self) -> usize {
        self.numbering().size()
    }

    fn action_number(&self, seat: Seat, action: &Action) -> Option<usize> {
        self.number_in(&self.numbering(), &std::cell::OnceCell::new(), seat, action)
    }

    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        let (n, legal) = (self.numbering(), std::cell::OnceCell::from(self.legal_actions(seat)));
        let listed = legal.get().map_or(&[][..], Vec::as_slice);
        imperia_core::numbering::ascending(listed.iter().map(|a| self.number_in(&n, &legal, seat, a)))
    }

    fn numbered_action(&self, seat: Seat, number: usize) -> Option<Action> {
        self.numbered(seat, number)
    }

    fn view(&self, viewer: Viewer) -> View {
        let _scope = self.content.enter();
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.redact(event, viewer)
    }

    fn event_line(&self, event: &Event, reader: Viewer) -> String {
        let _scope = self.content.enter();
        event.line(self.reader(reader))
    }

    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        self.parts()
    }

    /// The viewer's view as numbers (`observe.rs`).
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        self.write_observation(viewer, out)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| seat_outcome(&self.seats, |p| self.vp_over_par(p)))
    }

    fn ending(&self) -> Option<Ending> {
        let outcome = self.outcome()?;
        let turns = self.config.turns;
        let reason = format!(
            "Turn {turns}, the last this game plays, is over: each seat scores its powers' VP over their par \
             (ruling R42)."
        );
        let parts = self.seats.iter().zip(&outcome.scores).map(|(powers, &score)| self.score_parts(powers, score));
        Some(Ending { reason, parts: parts.collect() })
    }

    fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> Self {
        view::determinize(view, content, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        view::table(&self.make_view(viewer))
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.seats
            .get(seat)
            .map(|ps| {
                // "England and the Protestant": a title is capitalised only where it opens the name.
                let titles = ps.iter().enumerate().map(|(i, p)| match p.title().strip_prefix("The ") {
                    Some(rest) if i > 0 => format!("the {rest}"),
                    _ => p.title().to_string(),
                });
                titles.collect::<Vec<_>>().join(" and ")
            })
            .unwrap_or_default()
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    /// An answer or an announcement of a proposal names the proposal and what it says.
    fn describe(&self, action: &Action) -> String {
        let _scope = self.content.enter();
        let (by, i, verb) = match (action, &self.phase) {
            (&Action::Answer { by, proposal, agree }, _) => (by, proposal, if agree { "agree to" } else { "decline" }),
            (&Action::Announce { proposal }, Phase::Announcing { power, .. }) => (*power, proposal, "announce"),
            _ => return action.to_string(),
        };
        match self.proposals.get(i as usize) {
            Some(pr) => {
                let clauses: Vec<String> = pr.clauses.iter().map(|c| c.to_string()).collect();
                format!("{}: {verb} {}'s proposal: {}", by.title(), pr.by, clauses.join("; "))
            }
            None => action.to_string(),
        }
    }

    /// The spaces, powers, cards and leaders an action touches (`targets.rs`).
    fn targets(&self, action: &Action) -> Vec<String> {
        let _scope = self.content.enter();
        self.action_targets(action)
    }

    /// Deals are made in private only during Negotiations; all other talk is before every player (§9.1).
    fn private_talk(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Negotiations { .. } => Ok(()),
            _ => Err(RuleError::new(
                "private talk is for the Negotiations; at any other time players speak before the whole table",
                "rulebook §9.1 («Переговоры»)",
            )),
        }
    }

    /// Negotiations have the time limit the game was set up with (§9.1); when it runs out, each power
    /// still talking ends its talks, in Impulse Order.
    fn time_limit(&self) -> Option<TimeLimit<Action>> {
        let Phase::Negotiations { done } = &self.phase else { return None };
        // Each power still talking ends its talks, and every proposal still unanswered is declined.
        let mut expiry = Vec::new();
        for p in self.deciders() {
            let Some(seat) = self.seat_of(p) else { continue };
            if !done.contains(&p) {
                expiry.push((seat, Action::EndTalks { power: p }));
            }
            for (i, pr) in self.proposals.iter().enumerate() {
                if pr.awaits(p) {
                    expiry.push((seat, Action::Answer { by: p, proposal: i as u8, agree: false }));
                }
            }
        }
        Some(TimeLimit {
            segment: format!("Negotiations of turn {}", self.turn),
            seconds: u64::from(self.config.negotiation_minutes) * 60,
            expiry,
        })
    }
}

impl VirginQueen {
    /// The state after `seat` takes `action`, with the events and whether a secret came out. On a copy:
    /// `act` may change the state before it finds an action refused.
    fn acted(&self, seat: Seat, action: &Action) -> Result<(Self, Vec<Event>, bool), RuleError> {
        let mut next = self.clone();
        let (events, reveals) = next.act(seat, action).map_err(RuleError::from)?;
        Ok((next, events, reveals))
    }
}

impl VirginQueen {
    /// What a seat playing `powers` scored (`score`) is made of: each power's keys, bonus VP and par, and for
    /// a seat of several powers what taking their mean (R42) changes.
    fn score_parts(&self, powers: &[Power], score: i64) -> Vec<ScorePart> {
        let per_key = i64::from(self.content.campaign.vp_per_key);
        let mut parts: Vec<ScorePart> = powers
            .iter()
            .flat_map(|&p| {
                let keys = self.keys(p) as i64;
                [
                    ScorePart::new(format!("{}: {keys} keys × {per_key} VP", p.title()), keys * per_key),
                    ScorePart::new(format!("{}: VP from events and wars", p.title()), self.bonus_vp[p.index()]),
                    ScorePart::new(format!("{}: par", p.title()), -self.par(p)),
                ]
            })
            .collect();
        if powers.len() > 1 {
            let sum: i64 = parts.iter().map(|part| part.points).sum();
            parts.push(ScorePart::new(format!("the mean of {} powers, rounded", powers.len()), score - sum));
        }
        parts
    }
}

/// The outcome of a game whose powers end `over` par, for `seats` (the powers each plays): each seat scores
/// the mean of its powers' VP over par (provisional, R42), and the highest ranks first. Public so that a
/// measurement can score finished games again over other pars.
pub fn seat_outcome(seats: &[Vec<Power>], over: impl Fn(Power) -> i32) -> Outcome {
    let mean: Vec<f64> =
        seats.iter().map(|ps| ps.iter().map(|&p| f64::from(over(p))).sum::<f64>() / ps.len() as f64).collect();
    Outcome::ranked_by(mean.iter().map(|m| m.round() as i64).collect(), &mean)
}

impl Evaluate for VirginQueen {
    /// Each seat's prospects: its powers' VP over par now, and what the campaign step will turn into VP —
    /// the CP in hand (effort), land units, allies' help in defence, betrothals, and what its wars will win
    /// or lose on average over the campaign's dice (provisional weights, [`VirginQueen::worths`]).
    ///
    /// Deals are valued as they are likely to be decided: every package that may still take effect
    /// ([`VirginQueen::deals_in_sight`]) adds what it changes from the table as it stands
    /// ([`VirginQueen::change`]), whatever else is offered, so a power answers a package the same way in
    /// whatever order packages come. Each clause costs its author a little more than the one before,
    /// proposed, built or published alike, and each card or treasure shown costs its holder what the other
    /// learns. So a bot proposes short packages that help it and its partners — an end to a war, an
    /// alliance, a marriage, a trade — agrees to and approves only what leaves it better off, announces
    /// what was agreed, and keeps its hand to itself.
    fn evaluate(&self) -> Vec<f64> {
        if let Some(o) = self.outcome() {
            return imperia_core::outcome_values(&o);
        }
        let table = self.worths();
        let mut worths = table;
        let mut clutter = [0.0; 6];
        for deal in self.deals_in_sight() {
            // Each clause costs its author more than the last: bots offer short packages a player can read.
            let n = deal.clauses.len() as f64;
            clutter[deal.author.index()] += 0.05 * n * (n + 1.0) / 2.0;
            if !deal.negotiated && !deal.clauses.is_empty() {
                clutter[deal.announcer.index()] += UNNEGOTIATED_COST;
            }
            if let Some(change) = self.change(&deal, &table) {
                worths.iter_mut().zip(change).for_each(|(w, c)| *w += c);
            }
        }
        // The shows buy nothing the evaluation sees, and tell another power what one holds.
        for &(by, _, _) in &self.shows {
            clutter[by.index()] += SHOW_COST;
        }
        // Each announcement costs its announcer more than the last: a player announces a deal or two it
        // agreed, and every one of them waits on every later party's approval.
        if let Phase::Announcing { power, published, .. } = &self.phase {
            let k = f64::from(*published);
            clutter[power.index()] += ANNOUNCEMENT_COST * k * (k - 1.0).max(0.0) / 2.0;
        }
        // Each proposal costs its author more than the last, answered or not, and one in the making costs
        // what it will when offered (else a bot would hold a draft it values and pass the time showing
        // cards): a player offers one or two packages a turn, not a flood that each must be announced and
        // approved.
        let mut made = self.drafts.each_ref().map(|d| f64::from(u8::from(d.is_some())));
        for pr in &self.proposals {
            made[pr.by.index()] += 1.0;
        }
        for p in Power::ALL {
            let m = made[p.index()];
            clutter[p.index()] += PROPOSAL_COST * m * (m - 1.0).max(0.0) / 2.0;
        }
        // Each declaration withdrawn brings a power nearer the limit past which it may declare no war this turn
        // (R44): a search free to withdraw would spend them all.
        for p in Power::ALL {
            clutter[p.index()] += 0.3 * f64::from(self.withdrawals[p.index()]);
        }
        let value: Vec<f64> = self
            .seats
            .iter()
            .map(|ps| ps.iter().map(|&p| worths[p.index()] - clutter[p.index()]).sum::<f64>() / ps.len() as f64)
            .collect();
        // A seat's lead over the mean of the others, squashed into (0, 1): anything a seat gives away lowers
        // its own value, whoever leads.
        let n = value.len() as f64;
        let total: f64 = value.iter().sum();
        value.iter().map(|&v| 1.0 / (1.0 + (-(v - (total - v) / (n - 1.0)) / 4.0).exp())).collect()
    }
}

/// What a card or treasure shown costs its holder in the evaluation: it buys nothing there, and a bot that
/// shows for nothing would show its whole hand (issue 56).
const SHOW_COST: f64 = 0.05;

/// What each proposal a power makes in a turn costs it, times the number it made before.
const PROPOSAL_COST: f64 = 0.5;

/// What announcing a package nobody agreed to in the talks costs its announcer, beyond its clauses: bots
/// announce what they negotiated, not a stream of packages each party must approve or reject.
const UNNEGOTIATED_COST: f64 = 0.5;

/// What each announcement a power publishes in a turn costs it, times the number it published before.
const ANNOUNCEMENT_COST: f64 = 1.0;

/// A package the evaluation weighs: its author, who would announce it, its clauses, the parties that agreed
/// to it (for a proposal), and whether it was negotiated — talked over, or announced as its parties agreed
/// to it in the talks.
struct DealInSight<'a> {
    author: Power,
    announcer: Power,
    clauses: &'a [Clause],
    agreed: Vec<Power>,
    negotiated: bool,
}

impl VirginQueen {
    /// The packages that may still take effect this turn: the proposals nobody declined that their announcers
    /// may still announce; during Negotiations the drafts, during the announcements the one being built; and
    /// the announcements awaiting approval.
    fn deals_in_sight(&self) -> Vec<DealInSight<'_>> {
        let mut out = Vec::new();
        // Whether a power may still announce: all may during the talks, and the one announcing and those
        // after it during the announcements.
        let may_announce = |p: Power| match &self.phase {
            Phase::Negotiations { .. } => true,
            Phase::Announcing { power, .. } => p >= *power,
            _ => false,
        };
        for pr in self.proposals.iter().filter(|pr| !pr.declined() && !pr.announced && may_announce(pr.announcer)) {
            let agreed = pr.replies.iter().filter(|r| r.1 == state::Reply::Agreed).map(|r| r.0).collect();
            out.push(DealInSight {
                author: pr.by,
                announcer: pr.announcer,
                clauses: &pr.clauses,
                agreed,
                negotiated: true,
            });
        }
        match &self.phase {
            Phase::Negotiations { .. } => {
                for p in Power::ALL {
                    if let Some(d) = &self.drafts[p.index()] {
                        out.push(DealInSight {
                            author: p,
                            announcer: d.announcer,
                            clauses: &d.clauses,
                            agreed: vec![],
                            negotiated: true,
                        });
                    }
                }
            }
            Phase::Announcing { power, building, .. } => out.push(DealInSight {
                author: *power,
                announcer: *power,
                clauses: building,
                agreed: vec![],
                negotiated: false,
            }),
            _ => {}
        }
        for a in &self.pending {
            // Announced as its parties agreed to it in the talks: its author is still the one who proposed it.
            let agreed_in_talks = self.proposals.iter().find(|pr| {
                pr.announced
                    && pr.announcer == a.by
                    && pr.clauses == a.clauses
                    && pr.replies.iter().all(|r| r.1 == state::Reply::Agreed)
            });
            // Its announcer and the parties no longer awaited have approved it.
            let approved = a.clauses.iter().flat_map(|c| c.parties(self)).filter(|q| !a.waiting.contains(q)).collect();
            out.push(DealInSight {
                author: agreed_in_talks.map_or(a.by, |pr| pr.by),
                announcer: a.by,
                clauses: &a.clauses,
                agreed: approved,
                negotiated: agreed_in_talks.is_some(),
            });
        }
        out
    }

    /// What `deal` changes in each power's worth ([`Self::worths`], by power index) from the table as it
    /// stands, whose worths are `table` — not from the table as other packages in sight would leave it, so
    /// that a package is judged alike whatever came before it. `None` if it would not take effect: it is
    /// void on this table, or a party that has not agreed to it loses by it (and will decline or reject
    /// it). A package nobody negotiated is worth nothing to its author's seat: a bot announces what its
    /// partners agreed to, not packages it hopes they will take.
    fn change(&self, deal: &DealInSight, table: &[f64; 6]) -> Option<[f64; 6]> {
        let (next, _) = self.try_package(deal.announcer, deal.clauses).ok()?;
        let after = next.worths();
        let mut change: [f64; 6] = std::array::from_fn(|i| after[i] - table[i]);
        let mut parties = deal.clauses.iter().flat_map(|c| c.parties(self));
        if !parties.all(|q| q == deal.author || deal.agreed.contains(&q) || change[q.index()] > 0.0) {
            return None;
        }
        if !deal.negotiated {
            let seat = self.seat_of(deal.author);
            for p in Power::ALL.into_iter().filter(|&p| self.seat_of(p) == seat) {
                change[p.index()] = 0.0;
            }
        }
        Some(change)
    }

    /// How well each power stands, in VP over its par paced to this turn ([`Self::par_by_now`]) and what the
    /// campaign will turn into VP (provisional weights), by power index: the CP in hand (its effort), land
    /// units, allies' help in defence, betrothals, and what the coming campaign's clashes are worth on
    /// average ([`Self::war_prospects`]). One pass over the map counts every power's land units and keys:
    /// the evaluation asks this of every power at every position a search looks at.
    fn worths(&self) -> [f64; 6] {
        let forces = self.forces();
        let land = forces.land;
        let mut keys = [0usize; 6];
        for p in self.key_holders() {
            keys[p.index()] += 1;
        }
        // A declaration being paid for has cost its declarer the CP it asks, or what was picked if that is more.
        let effort = Power::ALL.map(|p| {
            let owed = match &self.phase {
                Phase::Declaring { power, paying: Some(pay) } if *power == p => {
                    let picked: u32 = pay.picked.iter().map(|&i| self.item_cp(i) as u32).sum();
                    picked.max(pay.cost as u32)
                }
                _ => 0,
            };
            self.hand_cp(p).saturating_sub(owed)
        });
        let wars = self.war_prospects(&forces, &effort);
        Power::ALL.map(|p| {
            let allies: u32 = Power::ALL
                .into_iter()
                .filter(|&q| self.status(p, q) == state::Status::Allied)
                .map(|q| land[q.index()])
                .sum();
            let betrothed = self
                .royals
                .iter()
                .filter(|r| r.controller == p && matches!(r.place, state::RoyalPlace::Betrothed(_)))
                .count();
            self.vp_with_keys(p, keys[p.index()]) as f64 - self.par_by_now(p)
                + 0.25 * effort[p.index()] as f64
                + 0.1 * land[p.index()] as f64
                + 0.03 * allies as f64
                + 0.4 * betrothed as f64
                + wars[p.index()]
        })
    }

    /// What the clashes of the coming campaign are worth to each power, in VP on average over the dice, by
    /// power index: to the winner of each, the VP of a win and of the key it may take; to a loser, the key
    /// it may lose. `effort` is each power's CP in hand, which the campaign turns into effort (C1); a
    /// declaration being paid for counts as made.
    fn war_prospects(&self, forces: &campaign::Forces, effort: &[u32; 6]) -> [f64; 6] {
        let mut clashes = self.clashes_due();
        let mut forces = *forces;
        if let Phase::Declaring { power, paying: Some(pay) } = &self.phase {
            // Fought as the campaign will: the power first in Impulse Order attacks, and the new war takes its
            // share of each major's effort.
            clashes.push(match pay.target {
                Owner::Major(target) if target < *power => (target, Owner::Major(*power)),
                target => (*power, target),
            });
            forces.wars[power.index()] += 1;
            if let Some(target) = pay.target.major() {
                forces.wars[target.index()] += 1;
            }
        }
        let effort = effort.map(|e| e.min(255) as u8);
        let campaign = &self.content.campaign;
        let key = |s: Option<content::SpaceId>| s.is_some_and(|s| self.content.space(s).key);
        let mut worth = [0.0; 6];
        for (attacker, defender) in clashes {
            let (attack, defence) = self.clash_strengths(&forces, attacker, defender, &effort);
            let (won, lost) = clash_odds(attack as i32 - defence as i32);
            let a = attacker.index();
            // The attacker wins: a win, and perhaps a key off the defender.
            let taken = if key(self.front_prize(defender, Owner::Major(attacker))) { campaign.vp_per_key } else { 0 };
            worth[a] += won * f64::from(campaign.vp_per_win + taken);
            // The defender wins: the same the other way.
            let lost_key =
                if key(self.front_prize(Owner::Major(attacker), defender)) { campaign.vp_per_key } else { 0 };
            worth[a] -= lost * f64::from(lost_key);
            if let Some(d) = defender.major() {
                worth[d.index()] += lost * f64::from(campaign.vp_per_win + lost_key) - won * f64::from(taken);
            }
        }
        worth
    }
}

/// The chances that the attacker's two dice plus `margin` beat the defender's two dice, and that they fall
/// short; the rest is a tie, in which nothing happens (C3). Read from [`CLASH_ODDS`]: the evaluation asks it
/// for every clash of every position a search looks at.
fn clash_odds(margin: i32) -> (f64, f64) {
    let (won, lost) = CLASH_ODDS[(margin.clamp(-11, 11) + 11) as usize];
    (f64::from(won) / 1296.0, f64::from(lost) / 1296.0)
}

/// Of the 1,296 pairs of rolls of two dice against two dice, how many the attacker wins and loses with each
/// margin from -11 to 11; beyond, the result is certain.
const CLASH_ODDS: [(u32, u32); 23] = {
    let mut table = [(0, 0); 23];
    let mut margin = -11;
    while margin <= 11 {
        let (mut won, mut lost) = (0, 0);
        // The attacker's roll exceeds the defender's by `d` in `ways(d)` of the pairs.
        let mut d = -10;
        while d <= 10 {
            let mut ways = 0;
            let mut s = 2;
            while s <= 12 {
                if s - d >= 2 && s - d <= 12 {
                    ways += two_dice(s) * two_dice(s - d);
                }
                s += 1;
            }
            if d + margin > 0 {
                won += ways;
            } else if d + margin < 0 {
                lost += ways;
            }
            d += 1;
        }
        table[(margin + 11) as usize] = (won, lost);
        margin += 1;
    }
    table
};

/// Ways two dice sum to `s`.
const fn two_dice(s: i32) -> u32 {
    let ways = 6 - (s - 7).abs();
    if ways > 0 { ways as u32 } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::clash_odds;

    /// Equal sides win as often as they lose, and tie on the 146 of 1,296 rolls that match; eleven or more
    /// ahead cannot lose, and each point ahead only helps.
    #[test]
    fn clash_odds_follow_the_dice() {
        let (won, lost) = clash_odds(0);
        assert_eq!(won, lost);
        assert!((won + lost - (1296.0 - 146.0) / 1296.0).abs() < 1e-12);
        assert_eq!(clash_odds(11), (1.0, 0.0));
        assert_eq!(clash_odds(-11), (0.0, 1.0));
        assert!((clash_odds(10).0 - (1.0 - 1.0 / 1296.0)).abs() < 1e-12, "only 2 against 12 ties at 10");
        for m in -11..11 {
            let (a, b) = (clash_odds(m), clash_odds(m + 1));
            assert!(b.0 >= a.0 && b.1 <= a.1, "margin {m}");
            assert!((clash_odds(-m).0 - clash_odds(m).1).abs() < 1e-12, "symmetric at {m}");
        }
        // The table against every roll of the four dice.
        for m in -13..=13 {
            let (mut won, mut lost) = (0, 0);
            for roll in 0..1296 {
                let die = |k: u32| (roll / 6u32.pow(k) % 6 + 1) as i32;
                match (die(0) + die(1) + m).cmp(&(die(2) + die(3))) {
                    std::cmp::Ordering::Greater => won += 1,
                    std::cmp::Ordering::Less => lost += 1,
                    std::cmp::Ordering::Equal => {}
                }
            }
            assert_eq!(clash_odds(m), (f64::from(won) / 1296.0, f64::from(lost) / 1296.0), "margin {m}");
        }
    }
}
