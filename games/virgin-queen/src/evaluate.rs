//! How the bots judge a position: the hand-written evaluation ([`Evaluate::evaluate`]), each power's worth in
//! VP over par and what the campaign will turn into VP, with the deals in sight and what a bot's talk costs
//! it; and the learned one (`data/learned.toml`, `imperia train virgin-queen`), which weighs the figure and
//! the parts of it that come of the game rather than of the turn's talk (not the default: docs/bots.md).

use std::sync::OnceLock;

use imperia_core::{Evaluate, Features, Game, Model};

use crate::campaign;
use crate::content::{self, Owner, Power};
use crate::deals::Clause;
use crate::state::{self, Phase, VirginQueen};

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
        let figures = self.figures();
        let value: Vec<f64> =
            self.seats.iter().map(|ps| ps.iter().map(|&p| figures.figure(p)).sum::<f64>() / ps.len() as f64).collect();
        // A seat's lead over the mean of the others, squashed into (0, 1): anything a seat gives away lowers
        // its own value, whoever leads.
        let n = value.len() as f64;
        let total: f64 = value.iter().sum();
        value.iter().map(|&v| 1.0 / (1.0 + (-(v - (total - v) / (n - 1.0)) / 4.0).exp())).collect()
    }

    fn learned(&self) -> Option<Vec<f64>> {
        learned_model().map(|m| m.values(self))
    }
}

/// The shipped learned model (`data/learned.toml`, made by `imperia train virgin-queen`), read once. A file
/// that does not fit the features leaves the bots on the hand-written evaluation; a test keeps the shipped
/// one readable.
pub fn learned_model() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL.get_or_init(|| Model::parse::<VirginQueen>(include_str!("../data/learned.toml")).ok()).as_ref()
}

/// What the learned evaluation reads: the hand-written figure ([`Figures`]) and the parts of a power's worth
/// that come of the game rather than of this turn's talk, each the mean of the seat's powers', as
/// [`Evaluate::evaluate`] takes it. Only differences between seats count, so the share of the game's turns
/// played (common to all) enters only through the `_late` products. What a turn's talk changes (the deals in
/// sight, the talk's costs) and what it spends (CP, the wars declared) stay inside `figure` at the
/// hand-written weights: fitted to games of the one-step bot, their own weights came out to reward the costs
/// of talk and to shun good deals and wars, which a bot judging by them would buy (docs/bots.md).
impl Features for VirginQueen {
    const FEATURES: &'static [&'static str] = &[
        // The hand-written figure: worth, deals in sight, less the talk's costs.
        "figure",
        // `figure` × the share of turns played.
        "figure_late",
        // VP over par paced to this turn.
        "over_par",
        // `over_par` × the share of turns played.
        "over_par_late",
        // Land units.
        "land",
        // Allies' land units.
        "allies",
        // Royals betrothed.
        "betrothed",
    ];

    fn features(&self, out: &mut [f64]) {
        let f = self.figures();
        let played = f64::from(self.turn.min(self.config.turns)) / f64::from(self.config.turns.max(1));
        for (row, powers) in out.chunks_mut(Self::FEATURES.len()).zip(self.seats.iter()) {
            let mean = |part: &dyn Fn(Power) -> f64| powers.iter().map(|&p| part(p)).sum::<f64>() / powers.len() as f64;
            let worth = |part: fn(&Worth) -> f64| mean(&|p| part(&f.table[p.index()]));
            let (figure, over_par) = (mean(&|p| f.figure(p)), worth(|w| w.over_par));
            row.copy_from_slice(&[
                figure,
                figure * played,
                over_par,
                over_par * played,
                worth(|w| w.land),
                worth(|w| w.allies),
                worth(|w| w.betrothed),
            ]);
        }
    }
}

/// Each power's figure in the hand-written evaluation, by power index, in its parts.
struct Figures {
    /// Its worth on the table as it stands.
    table: [Worth; 6],
    /// What the packages in sight change in its worth.
    deals: [f64; 6],
    /// What its talk costs it.
    talk: [f64; 6],
}

impl Figures {
    fn figure(&self, p: Power) -> f64 {
        let i = p.index();
        self.table[i].total() + self.deals[i] - self.talk[i]
    }
}

/// A power's worth ([`VirginQueen::worths`]) in its parts, each in its own unit.
#[derive(Clone, Copy, Debug, Default)]
struct Worth {
    over_par: f64,
    effort: f64,
    land: f64,
    allies: f64,
    betrothed: f64,
    wars: f64,
}

impl Worth {
    /// In VP, with the provisional weights of each part.
    fn total(&self) -> f64 {
        self.over_par + 0.25 * self.effort + 0.1 * self.land + 0.03 * self.allies + 0.4 * self.betrothed + self.wars
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
    /// Each power's figure: its worth, what the deals in sight change, and what its talk costs.
    fn figures(&self) -> Figures {
        let table = self.worth_parts();
        let totals = table.map(|w| w.total());
        let mut deals = [0.0; 6];
        let mut clutter = [0.0; 6];
        for deal in self.deals_in_sight() {
            // Each clause costs its author more than the last: bots offer short packages a player can read.
            let n = deal.clauses.len() as f64;
            clutter[deal.author.index()] += 0.05 * n * (n + 1.0) / 2.0;
            if !deal.negotiated && !deal.clauses.is_empty() {
                clutter[deal.announcer.index()] += UNNEGOTIATED_COST;
            }
            if let Some(change) = self.change(&deal, &totals) {
                deals.iter_mut().zip(change).for_each(|(d, c)| *d += c);
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
        Figures { table, deals, talk: clutter }
    }

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
    pub(crate) fn worths(&self) -> [f64; 6] {
        self.worth_parts().map(|w| w.total())
    }

    /// [`Self::worths`] in their parts.
    fn worth_parts(&self) -> [Worth; 6] {
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
            Worth {
                over_par: self.vp_with_keys(p, keys[p.index()]) as f64 - self.par_by_now(p),
                effort: effort[p.index()] as f64,
                land: land[p.index()] as f64,
                allies: allies as f64,
                betrothed: betrothed as f64,
                wars: wars[p.index()],
            }
        })
    }

    /// What the clashes of the coming campaign are worth to each power, in VP on average over the dice, by
    /// power index: to the winner of each, the VP of a win and of the key it may take; to a loser, the key
    /// it may lose. `effort` is each power's CP in hand, which the campaign turns into effort (C1); a
    /// declaration being paid for counts as made.
    pub(crate) fn war_prospects(&self, forces: &campaign::Forces, effort: &[u32; 6]) -> [f64; 6] {
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
pub(crate) fn clash_odds(margin: i32) -> (f64, f64) {
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
