//! How the search bot judges a position ([`Evaluate`]): in the multiplayer game, each seat's forecast final
//! score against the others'; in the solo scenario, green's progress toward the three conditions of ruling
//! B32 (docs/rules/brazil-imperial.md §3.14). Every weight here is provisional and measured in the arena
//! (`tests/brazil_balance.rs` in `imperia-games`).

use std::sync::OnceLock;

use imperia_core::{Evaluate, Features, Game, Model};

use crate::content;
use crate::map;
use crate::play::Action;
use crate::score::Score;
use crate::state::{self, Brazil, DUTCH, DUTCH_CAPITAL_STRENGTH, Pending, Spot, Stage, Work};

/// The parts of a seat's forecast final score ([`Brazil::forecast`]).
struct Forecast {
    /// The score now.
    score: Score,
    /// What it holds to spend ([`Brazil::means`]).
    means: f64,
    /// How far its next city is under way ([`Brazil::founding`] and [`Brazil::city_walk`]).
    founding: f64,
    /// The goals' progress with the turn under way as if done, and what that turn brings besides.
    outlook: f64,
}

impl Forecast {
    /// The forecast final score. A founder standing where a city could go is a city half-way there: the
    /// walk there is otherwise worth nothing to a short look ahead.
    fn total(&self) -> f64 {
        let on_site = if self.founding >= FOUNDER_ON_SITE { 1.5 } else { 0.0 };
        f64::from(self.score.total) + self.means + on_site + self.outlook
    }
}

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
    /// cards; its goals' progress; and what its turn has under way, as if done.
    fn forecast(&self, seat: u8) -> f64 {
        self.forecast_parts(seat).total()
    }

    /// The parts of a seat's forecast. Goals are counted with the purchase under way already made, so that
    /// a step toward a goal shows at the moment it is chosen.
    fn forecast_parts(&self, seat: u8) -> Forecast {
        let founding = self.founding(seat) + self.city_walk(seat);
        let holdings = self.holdings(seat);
        let outlook = match self.under_way(seat) {
            UnderWay::Nothing => self.goals_outlook(seat, &holdings, founding),
            UnderWay::Gathering(n, worth) => {
                let more = crate::pending::Holdings { supply: holdings.supply + n, ..holdings };
                worth + self.goals_outlook(seat, &more, founding)
            }
            UnderWay::Buying(p) => self.purchase_worth(seat, &p, holdings, founding),
            UnderWay::Choosing(options) => {
                let mut best = self.goals_outlook(seat, &holdings, founding);
                for p in &options {
                    // Not paid yet: the price will leave the personal supply, which some goals count.
                    let price = usize::from(self.price(seat, p));
                    let left =
                        crate::pending::Holdings { supply: holdings.supply.saturating_sub(price), ..holdings.clone() };
                    best = best.max(self.purchase_worth(seat, p, left, founding));
                }
                best
            }
        };
        Forecast { score: self.score(seat), means: self.means(seat), founding, outlook }
    }

    /// The goals' progress in points: each task not yet declared, its VP by the share of its conditions met
    /// (looking a step ahead, [`crate::pending::Holdings::outlook`]), a goal of the era under way or an
    /// earlier one at [`GOAL_NOW`] plus the [`Brazil::urgency`], a later one at [`GOAL_LATER`]; and each task
    /// declared, the urgency times its VP (its VP itself is in the score). Declaring a complete task so always
    /// gains `1 - GOAL_NOW` of its VP, however late.
    fn goals_outlook(&self, seat: u8, holdings: &crate::pending::Holdings, founding: f64) -> f64 {
        let c = &*self.content;
        let urgency = self.urgency();
        let mut f = 0.0;
        for h in &self.players[usize::from(seat)].goals {
            let g = c.goal(h.goal);
            let weight = if g.era <= self.era { GOAL_NOW + urgency } else { GOAL_LATER };
            for (t, task) in g.tasks.iter().enumerate() {
                if h.done & (1 << t) != 0 {
                    f += urgency * f64::from(task.vp);
                } else if !task.conditions.is_empty() {
                    f += weight * f64::from(task.vp) * holdings.outlook(&task.conditions, c, founding);
                }
            }
        }
        f
    }

    /// How much more than their VP the goals weigh late in a game: nothing until round [`URGENT_FROM`], then
    /// rising to [`URGENCY`] by round [`URGENT_BY`]. Only declaring goals moves the eras on and ends the game
    /// (the round limit of ruling B63 is ours); without this the bots took a building's VP every turn over a
    /// step toward their card, and two-player games sat in one era for twenty rounds
    /// (docs/rules/brazil-imperial.md §3.6, tuning 3).
    fn urgency(&self) -> f64 {
        let late = f64::from(self.round.saturating_sub(URGENT_FROM)) / f64::from(URGENT_BY - URGENT_FROM);
        URGENCY * late.min(1.0)
    }

    /// A purchase as if made: what it brings ([`Brazil::purchase_gain`]) and the goals' progress with it.
    fn purchase_worth(&self, seat: u8, p: &state::Purchase, holdings: crate::pending::Holdings, founding: f64) -> f64 {
        let after = self.holdings_with(seat, holdings, p);
        let mut gain = self.purchase_gain(p);
        let founding = match *p {
            // A city founded uses up the founder's progress toward the next.
            state::Purchase::Found { .. } => 0.0,
            state::Purchase::Recruit { unit, .. } => {
                // A unit redeployed from the personal supply scored when it was first recruited.
                if self.spot(seat, unit) == Spot::Supply {
                    gain -= f64::from(self.content.unit(unit).strength);
                }
                if self.founds(seat, unit) { founding.max(FOUNDER_OUT) } else { founding }
            }
            _ => founding,
        };
        gain + self.goals_outlook(seat, &after, founding)
    }

    /// What goals would count once `p` is made.
    fn holdings_with(
        &self,
        seat: u8,
        mut h: crate::pending::Holdings,
        p: &state::Purchase,
    ) -> crate::pending::Holdings {
        let c = &*self.content;
        let own_building = |at: u16| match self.sites[usize::from(at)].token.map(|t| t.built) {
            Some(state::Built::Building(b)) => Some(b),
            _ => None,
        };
        match *p {
            state::Purchase::Recruit { unit, .. } => {
                if !matches!(self.spot(seat, unit), Spot::Map(_)) {
                    h.units += 1;
                }
            }
            state::Purchase::Build { building, at, .. } => {
                // Built over one's own token (era III, Maria Leopoldina), the covered one goes.
                if let Some(b) = own_building(at) {
                    h.buildings[b.index()] = h.buildings[b.index()].saturating_sub(1);
                }
                h.buildings[building.index()] += 1;
            }
            state::Purchase::Found { .. } => h.cities += 1,
            state::Purchase::Renew { at, flip: true } => {
                if let Some(b) = own_building(at) {
                    h.buildings[b.index()] = h.buildings[b.index()].saturating_sub(1);
                    h.buildings[c.building(b).other.index()] += 1;
                }
            }
            state::Purchase::Craft { item, .. } => {
                h.items += 1;
                h.shapes[c.items[item.index()].shape as usize] += 1;
            }
            state::Purchase::Take { card } => {
                h.privileges += 1;
                h.backs[c.privilege(card).back.index()] += 1;
            }
            // What a trade brings lands in the personal supply (its price leaves it as it is paid).
            state::Purchase::Trade { gives, .. } => h.supply += usize::from(gives.total()),
            state::Purchase::Renew { flip: false, .. } => {}
        }
        h
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

    /// A founder's walk toward a city site, for the multiplayer forecast: up to [`FOUNDER_NEAR`] more than
    /// [`FOUNDER_OUT`], falling with the steps left to the nearest free hex a city could take, so that each
    /// step there shows to a one-step look ahead. Nothing once a founder stands on a site in era II or later
    /// ([`Brazil::founding`] counts that), or with no founder on the map.
    fn city_walk(&self, seat: u8) -> f64 {
        let founding = self.founding(seat);
        if founding == 0.0 || founding >= FOUNDER_ON_SITE {
            return 0.0;
        }
        let board = self.board();
        let units = self.colour_units(seat).iter().zip(&self.players[usize::from(seat)].units);
        let founders: Vec<map::Hex> = units
            .filter_map(|(&u, spot)| match spot {
                Spot::Map(i) if self.founds(seat, u) => Some(board.hexes[usize::from(*i)]),
                _ => None,
            })
            .collect();
        let sites = (0..self.sites.len())
            .filter(|&i| self.sites[i].token.is_none() && self.check_city_site(seat, i).is_ok())
            .map(|i| board.hexes[i]);
        let steps = sites.flat_map(|h| founders.iter().map(move |f| f.distance(h))).min();
        steps.map_or(0.0, |d| FOUNDER_NEAR / (1.0 + f64::from(d)))
    }

    /// What a seat holds to spend: its pieces, battle cards and opportunity cards.
    fn means(&self, seat: u8) -> f64 {
        let p = &self.players[usize::from(seat)];
        Self::piece_worth(self.pool(seat).pieces) + 0.4 * p.battle.len() as f64 + 0.6 * p.opportunities.len() as f64
    }

    /// What the seat's turn has under way. A purchase being paid for is valued as if made. An action space
    /// chosen but not yet carried out is valued by the best purchase it offers now (nothing, if it offers
    /// none: a Recruit with nothing to recruit is only its battle card), so that a one-step look ahead sees
    /// what choosing a space is for; Harbor and the Market by about what they usually bring, and the pieces
    /// they can put in the personal supply.
    fn under_way(&self, seat: u8) -> UnderWay {
        if let Some(Pending::Pay { seat: payer, then, .. }) = self.pending.last() {
            return if *payer == seat { UnderWay::Buying(then.clone()) } else { UnderWay::Nothing };
        }
        let Stage::Work(w) = self.stage else { return UnderWay::Nothing };
        if self.turn_seat() != usize::from(seat) || !self.pending.is_empty() {
            return UnderWay::Nothing;
        }
        match w {
            Work::Harbor => UnderWay::Gathering(1, HARBOR),
            Work::Market => {
                // The resources on one's tokens, sold for gold, fill the personal supply.
                let p = &self.players[usize::from(seat)];
                let room = usize::from(state::SUPPLY_LIMIT.saturating_sub(p.supply.total()));
                let on_tokens: usize = self
                    .controlled(seat)
                    .map(|(_, t)| {
                        content::Piece::RESOURCES.iter().map(|&r| usize::from(t.pieces.get(r))).sum::<usize>()
                    })
                    .sum();
                UnderWay::Gathering(room.min(on_tokens), MARKET)
            }
            _ => {
                let board = self.board();
                let at = |h| board.index(h).map(|i| i as u16);
                let options = self.legal(usize::from(seat)).into_iter().filter_map(|a| match a {
                    Action::Recruit { unit, at: h } => Some(state::Purchase::Recruit { unit, at: at(h)? }),
                    Action::Take { card } => Some(state::Purchase::Take { card }),
                    Action::Build { building, at: h, jesuits, .. } => {
                        Some(state::Purchase::Build { building, at: at(h)?, jesuits })
                    }
                    Action::Found { city, at: h } => Some(state::Purchase::Found { city, at: at(h)? }),
                    Action::Renew { at: h, flip } => Some(state::Purchase::Renew { at: at(h)?, flip }),
                    Action::Craft { item, on } => Some(state::Purchase::Craft { item, on }),
                    _ => None,
                });
                UnderWay::Choosing(options.collect())
            }
        }
    }

    /// What green's turn has under way, for the solo progress: an action chosen but not yet carried out at
    /// about what it usually brings, a purchase being paid for at what it brings (tuned with the solo bot,
    /// §3.14).
    fn solo_under_way(&self) -> f64 {
        let mut f = 0.0;
        if let Stage::Work(w) = self.stage {
            f += match w {
                Work::Build { second: false } | Work::Obtain | Work::Craft => 1.5,
                Work::Recruit { left } => 1.2 * f64::from(left),
                Work::Build { second: true } | Work::Renew => 0.8,
                Work::Harbor => 0.4,
                Work::Market => 0.2,
            };
        }
        if let Some(Pending::Pay { then, .. }) = self.pending.last() {
            f += self.purchase_gain(then);
        }
        f
    }

    /// What a purchase not yet paid for will cost, in pieces (a unit redeployed from the supply is free).
    fn price(&self, seat: u8, p: &state::Purchase) -> u8 {
        let c = &*self.content;
        let cost = match *p {
            state::Purchase::Recruit { unit, .. } if self.spot(seat, unit) == Spot::Board => &c.unit(unit).cost,
            state::Purchase::Take { card } => &c.privilege(card).cost,
            state::Purchase::Build { building, .. } => &c.building(building).cost,
            state::Purchase::Found { city, .. } => &c.cities[city.index()].cost,
            state::Purchase::Craft { item, .. } => &c.items[item.index()].cost,
            state::Purchase::Renew { .. } => return 1,
            _ => return 0,
        };
        cost.pieces.total() + cost.any
    }

    /// What a purchase brings besides goals, as if made (provisional, tuned in the arena): a unit its VP, a
    /// privilege card its VP and its effect, a building its VP and its production, a city its VP, an item
    /// its VP and its frame's upgrade.
    fn purchase_gain(&self, p: &state::Purchase) -> f64 {
        let c = &*self.content;
        match p {
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
        }
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
        points += 0.5 * self.means(0) + self.solo_under_way();
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
/// What Harbor's resource is worth besides the goals that count the personal supply.
const HARBOR: f64 = 0.4;
/// What the Market's exchanges are worth besides the goals that count the personal supply.
const MARKET: f64 = 0.2;
/// The most a founder's walk toward a city site adds to [`FOUNDER_OUT`] ([`Brazil::city_walk`]).
const FOUNDER_NEAR: f64 = 0.3;
/// The weight of a goal's VP in the forecast: one of the era under way or earlier, one of a later era.
const GOAL_NOW: f64 = 0.8;
const GOAL_LATER: f64 = 0.25;
/// The most the goals weigh beyond their VP late in a game, and the rounds over which it rises
/// ([`Brazil::urgency`]).
const URGENCY: f64 = 5.0;
const URGENT_FROM: u32 = 8;
const URGENT_BY: u32 = 15;

/// What a seat's turn has under way, for its forecast ([`Brazil::under_way`]).
enum UnderWay {
    Nothing,
    /// Harbor or the Market: pieces into the personal supply (a resource of one's choice; gold for the
    /// resources on one's tokens), and what the action is worth besides.
    Gathering(usize, f64),
    /// A purchase being paid for.
    Buying(state::Purchase),
    /// An action space chosen: the purchases it offers now.
    Choosing(Vec<state::Purchase>),
}
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

    /// The learned evaluation, in the multiplayer game only: the solo seat keeps its hand-written progress
    /// toward the scenario's conditions, since one seat's share of the table is always all of it
    /// (docs/rules/brazil-imperial.md «Bots»).
    fn learned(&self) -> Option<Vec<f64>> {
        if self.players.len() < 2 {
            return None;
        }
        let _scope = self.content.enter();
        learned_model().map(|m| m.values(self))
    }
}

/// The shipped learned model (`data/learned.toml`, made by `imperia train brazil-imperial`), read once. A file
/// that does not fit the features leaves the bots on the hand-written evaluation; a test keeps the shipped
/// one readable.
pub fn learned_model() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL.get_or_init(|| Model::parse::<Brazil>(include_str!("../data/learned.toml")).ok()).as_ref()
}

/// What the learned evaluation reads: the parts of the hand-written forecast ([`Forecast`]) and of the score
/// pad, each the seat's own, in VP. Only differences between seats count, so `progress` (the era, 1 to 3,
/// over 3; common to all) enters only through the `_late` products; a 2–4 player table shares one model.
impl Features for Brazil {
    const FEATURES: &'static [&'static str] = &[
        // The hand-written forecast final score.
        "forecast",
        // `forecast` × progress.
        "forecast_late",
        // The score now.
        "score",
        // `score` × progress.
        "score_late",
        // The score pad's rows: units recruited, items crafted, privilege cards, goals declared, opportunity
        // cards and wars, exploration tokens, palaces' frames, tokens controlled, bonuses.
        "units",
        "items",
        "privileges",
        "goals",
        "cards",
        "finds",
        "palaces",
        "tokens",
        "bonuses",
        // Pieces, battle and opportunity cards to spend, weighted.
        "means",
        // The goals' progress, the turn under way as if done.
        "outlook",
        // `outlook` × progress.
        "outlook_late",
        // Units on the map.
        "units_on_map",
        // Science-making buildings controlled (the tie-break).
        "science_buildings",
    ];

    fn features(&self, out: &mut [f64]) {
        let _scope = self.content.enter();
        let seats = self.players.len();
        let parts: Vec<Forecast> = (0..seats).map(|s| self.forecast_parts(s as u8)).collect();
        let forecasts: Vec<f64> = parts.iter().map(Forecast::total).collect();
        let progress = f64::from(self.era.min(3)) / 3.0;
        for (seat, (row, f)) in out.chunks_mut(Self::FEATURES.len()).zip(&parts).enumerate() {
            let sc = &f.score;
            let score = f64::from(sc.total);
            let values = [
                forecasts[seat],
                forecasts[seat] * progress,
                score,
                score * progress,
                f64::from(sc.units),
                f64::from(sc.items),
                f64::from(sc.privileges),
                f64::from(sc.goals),
                f64::from(sc.cards),
                f64::from(sc.finds),
                f64::from(sc.palaces),
                f64::from(sc.tokens),
                f64::from(sc.bonuses),
                f.means,
                f.outlook,
                f.outlook * progress,
                self.units_on_map(seat as u8) as f64,
                f64::from(sc.science_buildings),
            ];
            row.copy_from_slice(&values);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::content::{Bag, GoalId, Piece, Space};
    use crate::play::Action;
    use crate::scenarios::{act, table, turn_of};
    use crate::state::{Held, Need, Pending, Purchase, Spot, Stage};

    /// The solo seat keeps its hand-written progress, as one seat's share of the table is always all of it
    /// (the multiplayer model is read at every seat count in crates/imperia-games/tests/learned.rs).
    #[test]
    fn the_solo_has_no_learned_evaluation() {
        use imperia_core::{Evaluate, Game};
        let solo = table(1, 5);
        assert_eq!(solo.learned(), None);
        assert_eq!(solo.seats(), 1);
    }

    /// A space chosen that offers nothing to do is worth only what choosing it gives: a Recruit with no unit
    /// to pay for or redeploy is its battle card, not a unit to come (games dragged on empty Recruits).
    #[test]
    fn an_action_with_nothing_to_buy_is_worth_only_what_it_gives() {
        let mut g = table(2, 5);
        let _scope = g.content.enter();
        turn_of(&mut g, 0);
        let p = &mut g.players[0];
        p.supply = Bag::default();
        p.opportunities.clear();
        p.battle.clear();
        for spot in &mut p.units {
            *spot = Spot::Board;
        }
        for site in &mut g.sites {
            if let Some(t) = site.token.as_mut() {
                t.pieces = Bag::default();
            }
        }
        let before = g.forecast(0);
        act(&mut g, 0, Action::Activate { space: Space::Recruit });
        assert_eq!(g.stage, Stage::Work(crate::state::Work::Recruit { left: 1 }));
        assert_eq!(g.legal(0), vec![Action::Done], "nothing to recruit");
        let drawn = 0.4 * g.players[0].battle.len() as f64;
        assert!((g.forecast(0) - before - drawn).abs() < 1e-9, "{} then {}", before, g.forecast(0));
    }

    /// A purchase under way counts toward the goals it serves at once, so that a one-step look ahead picks
    /// the building a goal asks for over one it does not.
    #[test]
    fn a_purchase_under_way_counts_toward_its_goals() {
        let mut g = table(2, 5);
        let _scope = g.content.enter();
        let c = g.content.clone();
        let outpost = GoalId(c.goals.iter().position(|x| x.id == "e1_outpost").expect("the goal") as u8);
        g.players[0].goals = vec![Held { goal: outpost, done: 0 }];
        let coffee = c.building_named("coffee_plantation").expect("a building");
        assert!(!g.holdings(0).meets(crate::content::Condition::Controls(coffee, 1)));
        let free = (0..g.sites.len()).find(|&i| g.sites[i].token.is_none()).expect("an empty hex") as u16;
        let buying = |b| Pending::Pay {
            seat: 0,
            need: Need::default(),
            then: Purchase::Build { building: b, at: free, jesuits: false },
        };
        let before = g.forecast(0);
        g.pending.push(buying(coffee));
        let asked = g.forecast(0) - before;
        let gain = g.purchase_gain(&Purchase::Build { building: coffee, at: free, jesuits: false });
        assert!(asked > gain + 0.5, "the goal's share shows: {asked} against {gain} alone");
        // The same purchase toward nothing the goal asks for brings only what it brings.
        let mine = c.building_named("mine").expect("a building");
        g.pending.pop();
        g.pending.push(buying(mine));
        let unasked = g.forecast(0) - before;
        let gain = g.purchase_gain(&Purchase::Build { building: mine, at: free, jesuits: false });
        assert!((unasked - gain).abs() < 1e-9, "{unasked} against {gain}");
    }

    /// Late in a game a step toward the goal card weighs more than a building's VP, so that games move on
    /// (two-player games sat in one era while the bots built); declaring a complete task gains at any round.
    #[test]
    fn late_in_a_game_the_goals_weigh_more_and_declaring_still_gains() {
        let mut g = table(2, 5);
        let _scope = g.content.enter();
        let c = g.content.clone();
        let garrison = GoalId(c.goals.iter().position(|x| x.id == "e2_garrison_town").expect("the goal") as u8);
        g.era = 2;
        g.players[0].goals = vec![Held { goal: garrison, done: 0 }];
        let holdings = g.holdings(0);
        let mut one_more = holdings.clone();
        one_more.units += 1;
        let step = |g: &crate::state::Brazil| g.goals_outlook(0, &one_more, 0.0) - g.goals_outlook(0, &holdings, 0.0);
        g.round = 5;
        let early = step(&g);
        assert!((early - 0.8 * 4.0 / 9.0).abs() < 1e-9, "a third of one condition of three: {early}");
        g.round = 25;
        let late = step(&g);
        assert!(late > 1.5, "a unit toward the card outweighs a sawmill's VP late: {late}");
        // Three units, two pentagon items and a city: the card is complete.
        let mut complete = holdings.clone();
        (complete.units, complete.items, complete.shapes, complete.cities) = (3, 2, [2; 3], 1);
        for round in [5, 15, 25] {
            g.round = round;
            let met = g.goals_outlook(0, &complete, 0.0);
            g.players[0].goals[0].done = 1;
            // Declared, its 4 VP are in the score.
            let declared = g.goals_outlook(0, &complete, 0.0) + 4.0;
            g.players[0].goals[0].done = 0;
            assert!(declared > met + 0.5, "round {round}: {met} then {declared}");
        }
    }

    /// The Market can fill the personal supply with gold for the resources on one's tokens, which a goal
    /// counting the supply sees: choosing it is worth more than its exchanges alone.
    #[test]
    fn the_market_counts_toward_a_goal_of_the_personal_supply() {
        let mut g = table(2, 5);
        let _scope = g.content.enter();
        turn_of(&mut g, 0);
        let c = g.content.clone();
        let timber = GoalId(c.goals.iter().position(|x| x.id == "e1_gold_and_timber").expect("the goal") as u8);
        g.players[0].goals = vec![Held { goal: timber, done: 0 }];
        g.players[0].supply = Bag::default();
        let capital = usize::from(g.players[0].capital.expect("a capital"));
        let mut wood = Bag::default();
        wood.0[Piece::Wood.index()] = 3;
        g.sites[capital].token.as_mut().expect("the capital token").pieces = wood;
        let before = g.forecast(0);
        act(&mut g, 0, Action::Activate { space: Space::Market });
        let market = g.forecast(0) - before;
        assert!(market > super::MARKET + 0.4, "three gold toward Supply(3): {market}");
    }
}
