//! How the search bot judges a position ([`Evaluate`]): in the multiplayer game, each seat's forecast final
//! score against the others'; in the solo scenario, green's progress toward the three conditions of ruling
//! B32 (docs/rules/brazil-imperial.md §3.14). Every weight here is provisional and measured in the arena
//! (`tests/brazil_balance.rs` in `imperia-games`).

use imperia_core::{Evaluate, Game};

use crate::content;
use crate::state::{self, Brazil, DUTCH, DUTCH_CAPITAL_STRENGTH, Pending, Spot, Stage, Work};

impl Brazil {
    /// What a piece is worth to a forecast: resources least, science most.
    fn piece_worth(bag: content::Bag) -> f64 {
        content::Piece::ALL
            .iter()
            .map(|&p| {
                let w = match p {
                    content::Piece::Gold => 0.5,
                    content::Piece::Science => 0.8,
                    _ => 0.35,
                };
                w * f64::from(bag.get(p))
            })
            .sum()
    }

    /// A seat's forecast final score (provisional weights): its score now; the pieces it can spend; its
    /// cards; its goals' progress (the share of their conditions met); and a purchase under way, as if
    /// done.
    fn forecast(&self, seat: u8) -> f64 {
        let c = &*self.content;
        let p = &self.players[usize::from(seat)];
        let mut f = f64::from(self.score(seat).total) + self.means(seat);
        let holdings = self.holdings(seat);
        for h in &p.goals {
            let g = c.goal(h.goal);
            let weight = if g.era <= self.era { 0.5 } else { 0.2 };
            for (t, task) in g.tasks.iter().enumerate() {
                if h.done & (1 << t) != 0 || task.conditions.is_empty() {
                    continue;
                }
                f += weight * f64::from(task.vp) * holdings.share(&task.conditions);
            }
        }
        // A founder standing where a city could go is a city half-way there: the walk there is otherwise
        // worth nothing to a short look ahead.
        if self.founding(seat) >= FOUNDER_ON_SITE {
            f += 1.5;
        }
        f + self.under_way(seat)
    }

    /// How far a seat's next city is under way, for a forecast: [`FOUNDER_ON_SITE`] with a founder standing
    /// where a city could go in era II or later, [`FOUNDER_OUT`] with a founder on the map, else nothing.
    fn founding(&self, seat: u8) -> f64 {
        if self.city_stacks.iter().all(Vec::is_empty) {
            return 0.0;
        }
        let units = self.colour_units(seat).iter().zip(&self.players[usize::from(seat)].units);
        let mut founders = units
            .filter_map(|(&u, spot)| match spot {
                Spot::Map(i) if self.founds(seat, u) => Some(usize::from(*i)),
                _ => None,
            })
            .peekable();
        if founders.peek().is_none() {
            0.0
        } else if self.era >= 2 && founders.any(|i| self.check_city_site(seat, i).is_ok()) {
            FOUNDER_ON_SITE
        } else {
            FOUNDER_OUT
        }
    }

    /// What a seat holds to spend: its pieces, battle cards and opportunity cards.
    fn means(&self, seat: u8) -> f64 {
        let p = &self.players[usize::from(seat)];
        Self::piece_worth(self.pool(seat).pieces) + 0.4 * p.battle.len() as f64 + 0.6 * p.opportunities.len() as f64
    }

    /// What the seat's turn has under way, as if done: an action chosen but not yet carried out is worth
    /// about what it usually brings, so that a one-step look ahead sees what choosing a space is for; a
    /// purchase being paid for is worth what it buys (provisional, to be tuned in the arena).
    fn under_way(&self, seat: u8) -> f64 {
        let c = &*self.content;
        let mut f = 0.0;
        if let Stage::Work(w) = self.stage
            && self.turn_seat() == usize::from(seat)
        {
            f += match w {
                Work::Build { second: false } | Work::Obtain | Work::Craft => 1.5,
                Work::Recruit { left } => 1.2 * f64::from(left),
                Work::Build { second: true } | Work::Renew => 0.8,
                Work::Harbor => 0.4,
                Work::Market => 0.2,
            };
        }
        if let Some(Pending::Pay { seat: payer, then, .. }) = self.pending.last()
            && *payer == seat
        {
            f += match then {
                state::Purchase::Recruit { unit, .. } => f64::from(c.unit(*unit).strength),
                state::Purchase::Take { card } => f64::from(c.privilege(*card).vp) + 1.0,
                state::Purchase::Build { building, .. } => {
                    let b = c.building(*building);
                    f64::from(b.vp) + Self::piece_worth(b.produces)
                }
                state::Purchase::Found { city, .. } => f64::from(c.cities[city.index()].vp),
                state::Purchase::Renew { .. } => 1.0,
                state::Purchase::Craft { item, .. } => f64::from(c.items[item.index()].vp) + 0.5,
                state::Purchase::Trade { gives, card } => Self::piece_worth(*gives) + if *card { 0.6 } else { 0.0 },
            };
        }
        f
    }

    /// How near green is to the solo scenario's three conditions (ruling B32), from 0 to 1, in points of a
    /// forecast: each era begun through green's goals, the share of the next goal's conditions met, the
    /// units on the map and the army's weight near the Dutch capital, or the capital taken; and, as the
    /// multiplayer forecast counts them, the means to get there and the action under way. Score points do
    /// not count, as the scenario is not scored (B36).
    fn solo_progress(&self) -> f64 {
        let p = &self.players[0];
        let holdings = self.holdings(0);
        let founding = self.founding(0);
        let c = &*self.content;
        // An era-I or era-II goal has one task.
        let share = |era: u8| {
            let goal = p.goals.iter().map(|h| c.goal(h.goal)).find(|g| g.era == era);
            goal.and_then(|g| g.tasks.first()).map_or(0.0, |t| holdings.outlook(&t.conditions, c, founding))
        };
        let mut points = SOLO_ERA * f64::from(self.era.min(3) - 1);
        if self.era < 3 {
            points += SOLO_GOAL * share(self.era);
        }
        if self.era < 2 {
            points += SOLO_NEXT_GOAL * share(2);
        }
        points += SOLO_UNIT * self.units_on_map(0) as f64;
        points += if self.dutch_taken { SOLO_TAKEN } else { SOLO_ARMY * self.solo_army() };
        points += 0.5 * self.means(0) + self.under_way(0);
        (points / SOLO_FULL).clamp(0.0, 0.99)
    }

    /// Green's army against the Dutch capital, from 0 to 1. Mostly its strongest stack's prospects: the
    /// odds of its strength and battle cards against the capital's defence (its units, its own strength,
    /// B34, and a blind card per unit, B35), by how far the stack has come from green's capital and whether
    /// it can still arrive in time (one main move a round takes a carrier's whole hex along); a little, each
    /// unit's strength by how far it has come.
    fn solo_army(&self) -> f64 {
        let board = self.board();
        let (Some(dutch), Some(home)) = (board.dutch, self.players[0].capital) else { return 0.0 };
        let target = board.hexes[usize::from(dutch)];
        let distance = |at: u16| f64::from(board.hexes[usize::from(at)].distance(target));
        let span = f64::from(board.hexes[usize::from(home)].distance(target).max(1));
        let near = |at: u16| 0.3 + 0.7 * (1.0 - distance(at).min(span) / span);
        let mut stacks: Vec<(u16, f64)> = Vec::with_capacity(5);
        for (&u, spot) in self.colour_units(0).iter().zip(&self.players[0].units) {
            if let Spot::Map(at) = *spot {
                let strength = f64::from(self.content.unit(u).strength);
                match stacks.iter_mut().find(|s| s.0 == at) {
                    Some(s) => s.1 += strength,
                    None => stacks.push((at, strength)),
                }
            }
        }
        let defenders = self.units_at(usize::from(dutch)).filter(|&(o, _)| o == DUTCH);
        let (count, strength) = defenders.fold((0, 0), |(n, s), (_, u)| (n + 1, s + self.content.unit(u).strength));
        let defence = f64::from(strength + DUTCH_CAPITAL_STRENGTH) + SOLO_CARD * f64::from(count);
        let cards = SOLO_CARD * self.players[0].battle.len().min(3) as f64;
        let rounds_left = f64::from((state::SOLO_ROUNDS + 1).saturating_sub(self.round));
        let prospects = |&(at, strength): &(u16, f64)| {
            let odds = 1.0 / (1.0 + (-(strength + cards - defence - 0.5) / 1.5).exp());
            let late = if distance(at) > rounds_left { 0.3 } else { 1.0 };
            odds * near(at) * late
        };
        let best = stacks.iter().map(prospects).fold(0.0, f64::max);
        let each: f64 = stacks.iter().map(|&(at, strength)| strength * near(at)).sum();
        0.7 * best + 0.3 * (each / defence).min(1.0)
    }
}

/// The solo forecast's points (provisional, measured in the arena, docs/rules/brazil-imperial.md §3.14): an era
/// begun through a goal, a goal complete, the next era's goal complete ahead of time, a unit on the map, an
/// army at the Dutch capital as strong as its defence, the capital taken; and the points that mean a win is
/// near.
const SOLO_ERA: f64 = 13.0;
const SOLO_GOAL: f64 = 10.0;
const SOLO_NEXT_GOAL: f64 = 2.5;
const SOLO_UNIT: f64 = 3.0;
const SOLO_ARMY: f64 = 12.0;
const SOLO_TAKEN: f64 = 20.0;
const SOLO_FULL: f64 = 60.0;
/// How far a city is under way with a founder where one could go, and with one on the map.
const FOUNDER_ON_SITE: f64 = 0.6;
const FOUNDER_OUT: f64 = 0.25;
/// What a battle card is worth to a side on average (most add 1 or 2).
const SOLO_CARD: f64 = 1.5;

impl Evaluate for Brazil {
    /// Each seat's forecast against the others' mean, squashed into (0, 1); the solo seat's progress toward
    /// its three conditions.
    fn evaluate(&self) -> Vec<f64> {
        if let Some(o) = self.outcome() {
            return imperia_core::outcome_values(&o);
        }
        let _scope = self.content.enter();
        let n = self.players.len();
        if n == 1 {
            return vec![self.solo_progress()];
        }
        let f: Vec<f64> = (0..n).map(|s| self.forecast(s as u8)).collect();
        let total: f64 = f.iter().sum();
        f.iter().map(|&v| 1.0 / (1.0 + (-(v - (total - v) / (n as f64 - 1.0)) / 8.0).exp())).collect()
    }
}
