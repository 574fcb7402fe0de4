//! How each side stands, for the bots (`imperia_core::Evaluate`): the victory marker, read with what
//! usually moves it next — the spaces held toward the region awards, prestige and demand, spare debt and
//! treaty points — as a chance of winning.

use std::sync::OnceLock;

use imperia_core::{Evaluate, Features, Game, Model, outcome_values};

use crate::content::{Power, Region};
use crate::state::{ImperialStruggle, Phase};

impl Evaluate for ImperialStruggle {
    fn evaluate(&self) -> Vec<f64> {
        if let Some(o) = self.outcome() {
            return outcome_values(&o);
        }
        let c = &*self.content;
        // Positive favours France, in VP.
        let mut lead = f64::from(self.vp - 15);
        for r in Region::ALL {
            let n = self.counted(c.masks.by_region[r.index()]);
            lead += 0.35 * (n[1] as f64 - n[0] as f64).clamp(-4.0, 4.0);
        }
        let p = self.counted(self.prestige_spaces());
        lead += 0.5 * (p[1] as f64 - p[0] as f64).clamp(-2.0, 2.0);
        let (br, fr) = (self.power(Power::Britain), self.power(Power::France));
        lead += 0.25 * (f64::from(fr.available_debt()) - f64::from(br.available_debt()));
        lead += 0.3 * (f64::from(fr.trp) - f64::from(br.trp));
        let france = 1.0 / (1.0 + (-lead / 4.0).exp());
        vec![1.0 - france, france]
    }

    /// The learned model judges better: one-step bots using it beat those using the hand-written
    /// evaluation in 77.5% of 400 games, searching bots (`mcts:300`) in 94% of 100 (docs/rules/imperial-struggle.md, «Bots»).
    const LEARNED_BY_DEFAULT: bool = true;

    /// Over the default 0.3, so that a larger budget goes to checking more than the evaluation's favourites:
    /// `mcts:4000` then beats `mcts:1000` in 67.5% of 200 games, where at 0.3 it won 68 of 120 (56.7%), and
    /// `mcts:1000` beats `mcts:250` in 78% of 100 against 53% (docs/rules/imperial-struggle.md, «Bots»).
    const EXPLORATION: f64 = 1.0;

    fn learned(&self) -> Option<Vec<f64>> {
        learned_model().map(|m| m.values(self))
    }
}

/// The shipped learned model (`data/learned.toml`, made by `imperia train imperial-struggle`), read once.
/// A file that does not fit the features leaves the bots on the hand-written evaluation; a test keeps the
/// shipped one readable.
pub fn learned_model() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL.get_or_init(|| Model::parse::<ImperialStruggle>(include_str!("../data/learned.toml")).ok()).as_ref()
}

/// What the learned evaluation reads (`imperia_core::learned`). Each feature but `france` and the two `vp`
/// ones is the seat's power's figure less its opponent's ([`Standing`]), so the model weighs leads; `france`
/// lets it learn what the side is worth by itself.
impl Features for ImperialStruggle {
    const FEATURES: &'static [&'static str] = &[
        "france",
        "vp",
        "vp_late",
        "regions_ahead",
        "award_vp",
        "region_spaces",
        "prestige",
        "demand_vp",
        "markets",
        "debt_room",
        "trp",
        "advantages",
        "squadrons",
        "war_theatres",
        "war_strength",
        "war_theatres_soon",
        "hand",
        "ministries_up",
        "territories",
        "forts",
        "conflicts_suffered",
    ];

    fn features(&self, out: &mut [f64]) {
        let standings = self.standings();
        let width = Self::FEATURES.len();
        for (p, row) in Power::BOTH.into_iter().zip(out.chunks_mut(width)) {
            self.power_features(p, &standings[p.index()], &standings[p.opponent().index()], row);
        }
    }
}

impl ImperialStruggle {
    /// One power's row of [`Features::features`]: its standing against its opponent's.
    fn power_features(&self, p: Power, mine: &Standing, theirs: &Standing, out: &mut [f64]) {
        // The marker's distance from the middle toward this power, and the same weighed by how late it is,
        // when there is less time to move it back.
        let vp = f64::from(match p {
            Power::France => self.vp - 15,
            Power::Britain => 15 - self.vp,
        });
        let war_soon = matches!(self.phase, Phase::War(_)) || Self::war_at(self.turn + 1).is_some();
        let war_theatres = mine.war_theatres - theirs.war_theatres;
        let leads = [
            mine.regions_ahead - theirs.regions_ahead,
            mine.award_vp - theirs.award_vp,
            mine.region_spaces - theirs.region_spaces,
            mine.prestige - theirs.prestige,
            mine.demand_vp - theirs.demand_vp,
            mine.markets - theirs.markets,
            mine.debt_room - theirs.debt_room,
            mine.trp - theirs.trp,
            mine.advantages - theirs.advantages,
            mine.squadrons - theirs.squadrons,
            war_theatres,
            mine.war_strength - theirs.war_strength,
            if war_soon { war_theatres } else { 0.0 },
            mine.hand - theirs.hand,
            mine.ministries_up - theirs.ministries_up,
            mine.territories - theirs.territories,
            mine.forts - theirs.forts,
            mine.conflicts_suffered - theirs.conflicts_suffered,
        ];
        out[0] = f64::from(u8::from(p == Power::France));
        out[1] = vp;
        out[2] = vp * f64::from(self.turn) / 9.0;
        out[3..].copy_from_slice(&leads);
    }
}

/// One power's figures that the learned evaluation compares with its opponent's.
struct Standing {
    /// Regions where its spaces would win this round's award tile now (by the tile's margin).
    regions_ahead: f64,
    /// VP those tiles would give it.
    award_vp: f64,
    /// Its countable spaces per region, each region's lead over the opponent capped at 4 either way.
    region_spaces: f64,
    /// 1 if it would take the prestige VP now.
    prestige: f64,
    /// VP this round's global demand would give it now.
    demand_vp: f64,
    markets: f64,
    debt_room: f64,
    trp: f64,
    /// Advantages it holds that are not exhausted.
    advantages: f64,
    /// Squadrons on the map and in the navy box.
    squadrons: f64,
    /// Theatres of the coming war where its strength is higher, and its total strength there.
    war_theatres: f64,
    war_strength: f64,
    hand: f64,
    ministries_up: f64,
    territories: f64,
    forts: f64,
    /// Conflict markers on its flagged spaces.
    conflicts_suffered: f64,
}

impl ImperialStruggle {
    /// Both powers' standings, by power index. What they share (each region's count of spaces, the demand's
    /// and the prestige's winners, each theatre's strengths) is worked out once for the two, since the
    /// search's guide judges every child of every node it opens.
    fn standings(&self) -> [Standing; 2] {
        let c = &*self.content;
        let mut both = Power::BOTH.map(|p| self.holdings(p));
        for r in Region::ALL {
            let n = self.counted(c.masks.by_region[r.index()]);
            for (me, s) in both.iter_mut().enumerate() {
                s.region_spaces += (n[me] as f64 - n[1 - me] as f64).clamp(-4.0, 4.0);
            }
            if let Some(tile) = self.awards.current[r.index()] {
                let award = &c.awards[tile as usize];
                if let Some(winner) = Self::more(n, award.margin as usize) {
                    let s = &mut both[winner.index()];
                    s.regions_ahead += 1.0;
                    s.award_vp += f64::from(award.vp);
                }
            }
        }
        for k in &self.demand {
            if let Some(winner) = Self::more(self.counted(c.masks.commodity[k.index()]), 1) {
                both[winner.index()].demand_vp += f64::from(c.demand[k.index()][self.era().index()].vp);
            }
        }
        if let Some(winner) = Self::more(self.counted(self.prestige_spaces()), 1) {
            both[winner.index()].prestige = 1.0;
        }
        let markets = self.counted(c.masks.market);
        // No mat is laid out once the last war is over.
        let theatres = if self.war.war.is_some() { self.war.theatres.len() as u8 } else { 0 };
        for t in 0..theatres {
            let strength = Power::BOTH.map(|p| self.theatre_strength(p, t));
            for (me, s) in both.iter_mut().enumerate() {
                s.war_theatres += f64::from(u8::from(strength[me] > strength[1 - me]));
                s.war_strength += f64::from(strength[me]);
            }
        }
        for (me, s) in both.iter_mut().enumerate() {
            s.markets = markets[me] as f64;
        }
        both
    }

    /// What of `p`'s standing is its own alone; [`ImperialStruggle::standings`] adds what is counted against
    /// the opponent.
    fn holdings(&self, p: Power) -> Standing {
        let c = &*self.content;
        let mine = self.board.of(p);
        let state = self.power(p);
        let count = |set: crate::content::SpaceSet| set.len() as f64;
        Standing {
            regions_ahead: 0.0,
            award_vp: 0.0,
            region_spaces: 0.0,
            prestige: 0.0,
            demand_vp: 0.0,
            markets: 0.0,
            debt_room: f64::from(state.available_debt()),
            trp: f64::from(state.trp),
            advantages: self.advantages.iter().filter(|a| a.holder == Some(p) && !a.exhausted).count() as f64,
            squadrons: count(mine.and(c.masks.naval)) + f64::from(state.navy_box),
            war_theatres: 0.0,
            war_strength: 0.0,
            hand: state.hand.len() as f64,
            ministries_up: state.ministries.iter().filter(|m| m.revealed).count() as f64,
            territories: count(mine.and(c.masks.territory)),
            forts: count(mine.and(c.masks.fort)),
            conflicts_suffered: count(mine.and(self.board.conflict)),
        }
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::{Evaluate, Features};

    use crate::state::ImperialStruggle;
    use crate::testkit::{BR, FR, game};

    #[test]
    fn features_are_leads_seen_from_each_side() {
        let mut g = game();
        g.vp = 19;
        let mut both = [0.0; 42];
        g.features(&mut both);
        let (br, fr) = both.split_at(21);
        assert_eq!((BR.seat(), FR.seat()), (0, 1), "Britain's row first");
        assert_eq!((br[0], fr[0]), (0.0, 1.0), "the side");
        assert_eq!((br[1], fr[1]), (-4.0, 4.0), "the marker, 4 toward France");
        for (i, name) in ImperialStruggle::FEATURES.iter().enumerate().skip(3) {
            assert_eq!(br[i], -fr[i], "{name} is a lead, the same seen from either side");
        }
        // Four more VP toward France make France likelier to win, as the model reads it.
        let before = game().learned().expect("a model")[FR.seat()];
        assert!(g.learned().expect("a model")[FR.seat()] > before);
    }
}
