//! Wars (§7): theatre by theatre, the tiles are revealed and their symbols resolved, strength is added up,
//! and the winner takes the spoils of the row its margin reaches — victory points, conquest points to spend
//! at once, enemy spaces to unflag, special results — while the loser takes its consolation. Then the
//! victory check, the reset and the layout of the next war (§7.4–§7.6).

use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::content::{Flag, Power, Region, SpaceId, SpaceKind, SpaceSet, SpecialAward, Subregion, WarId};
use crate::event::Event;
use crate::state::{ImperialStruggle, Phase, TheatreTiles, WarStep};
use crate::tasks::{Cause, Effect, Filter, FlagIs, Isolation, Pick, Task};

/// A power's strength in one theatre, part by part (§7.1.3), as the log shows it at the reveal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strength {
    /// The values of its war tiles there.
    pub tiles: i32,
    /// Byng's marker and the Atlantic Dominance marker.
    pub markers: i32,
    /// Its flags and squadrons on the theatre's dotted spaces.
    pub spaces: i32,
    /// A face-up ministry with the theatre's keyword.
    pub keyword: i32,
    /// Conflict markers on the opponent's spaces in the theatre.
    pub conflicts: i32,
}

impl Strength {
    pub fn total(&self) -> i32 {
        self.tiles + self.markers + self.spaces + self.keyword + self.conflicts
    }
}

impl std::fmt::Display for Strength {
    /// "5 (tiles 2, dotted spaces 2, keyword 1)": the total and every part that adds something.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts = [
            ("tiles", self.tiles),
            ("markers", self.markers),
            ("dotted spaces", self.spaces),
            ("keyword", self.keyword),
            ("conflict markers", self.conflicts),
        ];
        let shown: Vec<String> = parts.iter().filter(|(_, n)| *n != 0).map(|(what, n)| format!("{what} {n}")).collect();
        if shown.is_empty() {
            write!(f, "{}", self.total())
        } else {
            write!(f, "{} ({})", self.total(), shown.join(", "))
        }
    }
}

impl ImperialStruggle {
    /// The war the turn track stands on.
    fn track_war(&self) -> Option<WarId> {
        Self::war_at(self.turn)
    }

    /// The war fought at place `turn` of the turn track, if any.
    pub(crate) fn war_at(turn: u8) -> Option<WarId> {
        match turn {
            1 => Some(WarId::Wss),
            4 => Some(WarId::Was),
            6 => Some(WarId::Syw),
            8 => Some(WarId::Awi),
            _ => None,
        }
    }

    /// §4.0: a war begins; its theatres are fought in the mat's order.
    pub(crate) fn begin_war(&mut self, events: &mut Vec<Event>) {
        let Some(war) = self.track_war() else { return };
        events.push(Event::WarBegins { war });
        let theatres = self.war.theatres.len();
        self.war_mut().revealed = vec![false; theatres];
        self.phase = Phase::War(WarStep {
            theatre: 0,
            stage: 0,
            results: Vec::new(),
            resisted: SpaceSet::EMPTY,
            resistances: [0, 0],
            captured_from: SpaceSet::EMPTY,
        });
        self.tasks.push_back(Task::Then(Effect::War));
    }

    fn war_step_mut(&mut self) -> Option<&mut WarStep> {
        match &mut self.phase {
            Phase::War(s) => Some(s),
            _ => None,
        }
    }

    /// The power "closer to automatic victory" resolves its tiles first; at 15, the one that moved first in
    /// the last peace round (§7.1.2).
    pub(crate) fn first_in_war(&self) -> Power {
        match self.vp.cmp(&15) {
            std::cmp::Ordering::Greater => Power::France,
            std::cmp::Ordering::Less => Power::Britain,
            std::cmp::Ordering::Equal => self.first,
        }
    }

    /// The next step of the war: reveal a theatre, settle it, or end the war.
    pub(crate) fn war_step(&mut self, events: &mut Vec<Event>) {
        let Phase::War(step) = &self.phase else { return };
        let (t, stage) = (step.theatre, step.stage);
        let war = self.mat_war();
        let theatre_count = self.content.war(war).theatres.len();
        if t as usize >= theatre_count {
            self.end_war(events);
            return;
        }
        match stage {
            0 => self.reveal_theatre(war, t, events),
            1 => self.settle_theatre(war, t, events),
            _ => {
                if let Some(s) = self.war_step_mut() {
                    s.theatre += 1;
                    s.stage = 0;
                }
                self.tasks.push_back(Task::Then(Effect::War));
                return;
            }
        }
        if let Some(s) = self.war_step_mut() {
            s.stage += 1;
        }
        self.tasks.push_back(Task::Then(Effect::War));
    }

    /// §7.1.1–7.1.2: reveal, then each power in turn resolves its symbols: debt for the opponent, then its
    /// fort/fleet and flag choices.
    fn reveal_theatre(&mut self, war: WarId, t: u8, events: &mut Vec<Event>) {
        if let Some(r) = self.war_mut().revealed.get_mut(t as usize) {
            *r = true;
        }
        events.push(Event::TilesRevealed { war, theatre: t, tiles: self.war.theatres[t as usize].clone() });
        let c = &*self.content;
        let th = &c.war(war).theatres[t as usize];
        let first = self.first_in_war();
        for p in [first, first.opponent()] {
            let opp = p.opponent();
            let symbols: Vec<crate::content::TileSymbol> = self.tile_symbols(p, t);
            let debts = symbols.iter().filter(|&&s| s == crate::content::TileSymbol::Debt).count() as u8;
            self.tasks.push_back(Task::Then(Effect::Debt { power: opp, amount: debts }));
            let regions: SpaceSet = th.regions().fold(SpaceSet::EMPTY, |m, r| m.or(c.masks.by_region[r.index()]));
            for s in symbols {
                match s {
                    crate::content::TileSymbol::Debt => {}
                    crate::content::TileSymbol::Fort => {
                        let f = Filter::new(regions.and(c.masks.fort.or(c.masks.naval)), FlagIs::Of(opp));
                        self.tasks.push_back(Task::Space {
                            who: p,
                            pick: Pick::FortOrFleet,
                            filter: f,
                            optional: false,
                            cause: Cause::WarTile(t),
                        });
                    }
                    crate::content::TileSymbol::Flag => {
                        let home = c.masks.by_region[th.region.index()];
                        let f = Filter::new(home.and(c.masks.market.or(c.masks.political)), FlagIs::Of(opp))
                            .no_conflict()
                            .isolation(Isolation::Avoid);
                        self.tasks.push_back(Task::Space {
                            who: p,
                            pick: Pick::Unflag,
                            filter: f,
                            optional: false,
                            cause: Cause::WarTile(t),
                        });
                    }
                }
            }
        }
    }

    /// The symbols on `p`'s tiles in theatre `t`.
    fn tile_symbols(&self, p: Power, t: u8) -> Vec<crate::content::TileSymbol> {
        let c = &*self.content;
        let tiles = &self.war.theatres[t as usize][p.index()];
        tiles
            .basic
            .iter()
            .filter_map(|&k| c.basic_tiles[k as usize].symbol)
            .chain(tiles.bonus.iter().filter_map(|&b| c.bonus_tiles[b as usize].symbol))
            .collect()
    }

    /// §7.1.1, §7.1.3: a power's strength in a theatre.
    pub fn theatre_strength(&self, p: Power, t: u8) -> i32 {
        self.strength_parts(p, t).total()
    }

    /// A power's strength in a theatre part by part: its tiles, the Byng and Atlantic Dominance markers,
    /// its flags on the theatre's dotted spaces (forts undamaged, no conflict marker), a keyword it shows,
    /// and each conflict marker on its opponent's flagged spaces where the theatre counts them (§7.1.3).
    pub fn strength_parts(&self, p: Power, t: u8) -> Strength {
        let c = &*self.content;
        let war = self.mat_war();
        let th = &c.war(war).theatres[t as usize];
        let tiles = &self.war.theatres[t as usize][p.index()];
        let mut parts = Strength {
            tiles: tiles.basic.iter().map(|&k| i32::from(c.basic_tiles[k as usize].value)).sum::<i32>()
                + tiles.bonus.iter().map(|&b| i32::from(c.bonus_tiles[b as usize].value)).sum::<i32>(),
            ..Strength::default()
        };
        if p == Power::Britain && self.war.byng == Some(t) {
            parts.markers += 2;
        }
        if war == WarId::Syw && t == 2 && self.war.atlantic == Some(p) {
            parts.markers += 2;
        }
        let spaces = th.strength_spaces.and(self.board.of(p)).without(self.board.conflict).without(self.board.damaged);
        parts.spaces = spaces.len() as i32;
        if th.keyword.is_some_and(|k| self.has_keyword(p, k)) {
            parts.keyword = 1;
        }
        if th.conflicts {
            let regions: SpaceSet = th.regions().fold(SpaceSet::EMPTY, |m, r| m.or(c.masks.by_region[r.index()]));
            parts.conflicts = self.board.conflict.and(regions).and(self.board.of(p.opponent())).len() as i32;
        }
        parts
    }

    /// §7.1.4, §7.2: compare, and queue the spoils.
    fn settle_theatre(&mut self, war: WarId, t: u8, events: &mut Vec<Event>) {
        // The spoils change the state as the table is read: a handle of its own on the content.
        let c = self.content.clone();
        let th = &c.war(war).theatres[t as usize];
        let parts = Power::BOTH.map(|p| self.strength_parts(p, t));
        let strength = parts.clone().map(|s| s.total());
        events.push(Event::TheatreRevealed { war, theatre: t, strength, parts });
        let winner = match strength[0].cmp(&strength[1]) {
            std::cmp::Ordering::Greater => Some(Power::Britain),
            std::cmp::Ordering::Less => Some(Power::France),
            std::cmp::Ordering::Equal => None,
        };
        let Some(w) = winner else {
            events.push(Event::TheatreTied { war, theatre: t });
            if let Some(s) = self.war_step_mut() {
                s.results.push(None);
            }
            return;
        };
        let margin = (strength[0] - strength[1]).unsigned_abs().min(255) as u8;
        events.push(Event::TheatreWon { war, theatre: t, power: w, margin });
        let loser = w.opponent();
        let Some((row, tier)) = th.tier(w, margin) else {
            if let Some(s) = self.war_step_mut() {
                s.results.push(None);
            }
            return;
        };
        let tier = tier.clone();
        if let Some(s) = self.war_step_mut() {
            s.results.push(Some((w, row)));
        }
        self.score(w, tier.vp, events);
        self.gain_trp(loser, tier.loser_trp, events);
        let cause = Cause::Spoils(t);
        let navy = Filter::new(c.masks.naval, FlagIs::Of(loser));
        let lose = if th.squadrons_lost_for_good { Pick::SquadronForGood } else { Pick::LoseSquadron };
        for _ in 0..tier.loser_squadrons {
            self.tasks.push_back(Task::Space { who: loser, pick: lose, filter: navy, optional: false, cause });
        }
        if tier.cp > 0 {
            self.tasks.push_back(Task::Conquest { who: w, theatre: t, cp: tier.cp });
        }
        // Europe's theatres unflag political spaces there, the others markets of their region (§7.2). A
        // conflict marker does not shield a space from the spoils: only the flag symbol spares it (§7.1.2).
        let home = c.masks.by_region[th.region.index()];
        let kind = if th.region == Region::Europe { c.masks.political } else { c.masks.market };
        for _ in 0..tier.unflag {
            let f = Filter::new(home.and(kind), FlagIs::Of(loser));
            self.tasks.push_back(Task::Space { who: w, pick: Pick::Unflag, filter: f, optional: false, cause });
        }
        for special in &tier.special {
            match special {
                SpecialAward::JacobiteVictory => {
                    self.jacobites.victories += 1;
                    events.push(Event::JacobiteVictory);
                }
                // The war mat: «During the Ministry Phase FR may select Jacobite Uprisings in addition to its
                // usual two»: from the next Ministry Phase on (`begin_ministries`).
                SpecialAward::JacobitesAlways => {
                    if !self.jacobites.removed {
                        self.jacobites.from_next_era = true;
                    }
                }
                SpecialAward::JacobiteDefeat => {
                    self.jacobites.defeat = true;
                    events.push(Event::JacobiteDefeat);
                    self.remove_jacobite_uprisings(events);
                }
                SpecialAward::Usa | SpecialAward::Canada => {}
                SpecialAward::AtlanticDominance => {
                    self.war_mut().atlantic = Some(w);
                    events.push(Event::AtlanticDominance { power: w });
                }
            }
        }
        if tier.special.contains(&SpecialAward::Usa) {
            let canada = tier.special.contains(&SpecialAward::Canada);
            let before = self.all_isolated();
            self.tasks.push_back(Task::UsAward { canada });
            self.tasks.push_back(Task::Then(Effect::ClearIsolatedAmericas { before }));
        }
    }

    /// Where `who` may spend conquest points won in theatre `t` (§7.2.1).
    pub(crate) fn conquest_targets(&self, who: Power, t: u8, cp: u8) -> SpaceSet {
        let c = &*self.content;
        let Some(step) = (match &self.phase {
            Phase::War(s) => Some(s),
            _ => None,
        }) else {
            return SpaceSet::EMPTY;
        };
        let th = &c.war(self.mat_war()).theatres[t as usize];
        let regions: SpaceSet = th.regions().fold(SpaceSet::EMPTY, |m, r| m.or(c.masks.by_region[r.index()]));
        let mine = self.board.of(who);
        let us = self.board.flagged(Flag::Usa);
        let mut out = SpaceSet::EMPTY;
        for s in regions.or(th.conquests).without(mine).without(us).iter() {
            let sp = c.space(s);
            let ok = match sp.kind {
                SpaceKind::Market => regions.contains(s) && cp >= 1,
                SpaceKind::Fort => {
                    regions.contains(s) && cp >= 1 && (!self.config.fortified_forts || self.war_route(who, s))
                }
                SpaceKind::Naval => {
                    let (navy_box, spaces) = self.capturing_squadrons(who, t);
                    regions.contains(s) && cp >= 1 && (navy_box || !spaces.is_empty())
                }
                SpaceKind::Territory => {
                    !step.resisted.contains(s) && cp >= self.territory_cost(s) && self.war_route(who, s)
                }
                SpaceKind::Political => false,
            };
            if ok && self.on_board().contains(s) {
                out.insert(s);
            }
        }
        out
    }

    /// A territory's conquest cost: printed, +1 with a Huguenots marker (New World Huguenots).
    fn territory_cost(&self, s: SpaceId) -> u8 {
        self.content.space(s).cost + u8::from(self.board.huguenots.contains(s))
    }

    /// §7.2.1.2: a war route from a fort, territory or naval space of `who` — needed only where routes lead.
    fn war_route(&self, who: Power, s: SpaceId) -> bool {
        let sp = self.content.space(s);
        let routes = if self.config.fortified_forts { sp.conquest.or(sp.fortified_conquest) } else { sp.conquest };
        routes.is_empty() || !routes.and(self.board.of(who)).is_empty()
    }

    /// The squadrons `who` may take a naval space with in theatre `t` (§7.2.1.1): whether the navy box holds
    /// one, and its squadrons on the theatre's other naval spaces that have not captured this war.
    pub(crate) fn capturing_squadrons(&self, who: Power, t: u8) -> (bool, SpaceSet) {
        let c = &*self.content;
        let used = match &self.phase {
            Phase::War(st) => st.captured_from,
            _ => SpaceSet::EMPTY,
        };
        let th = &c.war(self.mat_war()).theatres[t as usize];
        let regions: SpaceSet = th.regions().fold(SpaceSet::EMPTY, |m, r| m.or(c.masks.by_region[r.index()]));
        (self.power(who).navy_box > 0, self.board.of(who).and(c.masks.naval).and(regions).without(used))
    }

    /// Spend conquest points on `s`; the owner of a conquered territory may resist (§7.2.2).
    pub(crate) fn conquer(&mut self, who: Power, t: u8, cp: u8, s: SpaceId, events: &mut Vec<Event>) {
        // Flags change while the space is read: a handle of its own on the content.
        let c = self.content.clone();
        let sp = c.space(s);
        let defender = self.controller(s);
        let cost = if sp.kind == SpaceKind::Territory { self.territory_cost(s) } else { 1 };
        if sp.kind == SpaceKind::Naval {
            // The player chooses the squadron when more than one could go (issue 13; the rules leave it open).
            let (navy_box, spaces) = self.capturing_squadrons(who, t);
            match (navy_box, spaces.len()) {
                (false, 0) => {}
                (true, 0) => self.capture(who, t, cp, s, None, events),
                (false, 1) => self.capture(who, t, cp, s, spaces.first(), events),
                _ => self.tasks.push_front(Task::CaptureWith { who, theatre: t, cp, target: s }),
            }
            return;
        }
        let was_spanish_empty = self.config.spanish_empire
            && sp.spanish
            && sp.kind == SpaceKind::Territory
            && self.board.owner(s).is_none();
        self.set_flag(s, Some(who.flag()), events);
        if was_spanish_empty {
            self.spanish_reaction(who.opponent());
        }
        events.push(Event::Conquered { power: who, space: s });
        let left = cp.saturating_sub(cost);
        if left > 0 {
            self.tasks.push_front(Task::Conquest { who, theatre: t, cp: left });
        }
        let resistances = match &self.phase {
            Phase::War(st) => st.resistances,
            _ => [2, 2],
        };
        if sp.kind == SpaceKind::Territory
            && let Some(d) = defender
            && resistances[d.index()] < 2
        {
            self.tasks.push_front(Task::Resist { who: d, space: s });
        }
    }

    /// §7.2.1.1: the squadron from the navy box (`from: None`) or from the naval space `from` takes `target`;
    /// an enemy squadron there goes to its navy box. The squadron may not capture again this war.
    pub(crate) fn capture(
        &mut self,
        who: Power,
        t: u8,
        cp: u8,
        target: SpaceId,
        from: Option<SpaceId>,
        events: &mut Vec<Event>,
    ) {
        match from {
            None => self.power_mut(who).navy_box -= 1,
            Some(from) => self.set_flag(from, None, events),
        }
        if self.controller(target).is_some() {
            self.squadron_home(target, events);
        }
        self.set_flag(target, Some(who.flag()), events);
        if let Some(st) = self.war_step_mut() {
            st.captured_from.insert(target);
        }
        events.push(Event::Conquered { power: who, space: target });
        if cp > 1 {
            self.tasks.push_front(Task::Conquest { who, theatre: t, cp: cp - 1 });
        }
    }

    /// §7.2.2: the conquered territory goes back; the CP stay spent; the attacker scores 3 VP (5 the second
    /// time); the territory may not be attacked again this war.
    pub(crate) fn resist(&mut self, who: Power, s: SpaceId, resist: bool, events: &mut Vec<Event>) {
        if !resist {
            return;
        }
        let n = match &self.phase {
            Phase::War(st) => st.resistances[who.index()],
            _ => 0,
        };
        let vp = if n == 0 { 3 } else { 5 };
        self.set_flag(s, Some(who.flag()), events);
        if let Some(st) = self.war_step_mut() {
            st.resisted.insert(s);
            st.resistances[who.index()] += 1;
        }
        events.push(Event::Resisted { power: who, space: s, vp });
        self.score(who.opponent(), vp, events);
    }

    /// §12.1: a flag put on an empty Spanish territory lets the opponent influence a political space in
    /// Spain after the theatre.
    fn spanish_reaction(&mut self, who: Power) {
        let f = Filter::new(self.content.country("spain"), FlagIs::NotOwn(who));
        let task = Task::Space { who, pick: Pick::Shift, filter: f, optional: true, cause: Cause::SpanishEmpire };
        let at = self.tasks.iter().position(|t| matches!(t, Task::Then(Effect::War))).unwrap_or(self.tasks.len());
        self.tasks.insert(at, task);
    }

    /// §7.3 «США», «Канада»: what France may do after winning the American Revolution — a US flag on each of
    /// the award's territories, and clear each fort of the Northern Colonies. The markets this isolates are
    /// cleared afterwards, without a choice ([`Effect::ClearIsolatedAmericas`]).
    pub(crate) fn us_award_targets(&self, canada: bool) -> SpaceSet {
        let c = &*self.content;
        let mut out: SpaceSet = ["northern_colonies", "carolinas", "san_agustin"]
            .iter()
            .chain(if canada { ["quebec_and_montreal"].iter() } else { [].iter() })
            .filter_map(|id| c.space_by_id(id))
            .collect();
        out = out.without(self.board.flagged(Flag::Usa));
        let colonies: SpaceSet = c
            .spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.subregion == Some(Subregion::NorthernColonies))
            .map(|(i, _)| SpaceId(i as u8))
            .collect();
        out.or(colonies.and(c.masks.fort).and(self.board.of(Power::Britain).or(self.board.of(Power::France))))
    }

    /// The reference guide reads §7.3's clean-up as part of the award, not France's choice: every market of
    /// North America and the Caribbean that the award isolated loses its flag, France's own included.
    pub(crate) fn clear_isolated_americas(&mut self, before: SpaceSet, events: &mut Vec<Event>) {
        let c = self.content.clone();
        let americas = c.masks.by_region[Region::NorthAmerica.index()].or(c.masks.by_region[Region::Caribbean.index()]);
        // Clearing a market may cut off another chained through it: repeat until nothing more is isolated.
        loop {
            let newly = self.all_isolated().and(americas).without(before);
            if newly.is_empty() {
                break;
            }
            for s in newly.iter() {
                self.set_flag(s, None, events);
            }
        }
    }

    pub(crate) fn us_award(&mut self, canada: bool, s: SpaceId, events: &mut Vec<Event>) {
        let sp = self.content.space(s);
        if sp.kind == SpaceKind::Territory {
            self.set_flag(s, Some(Flag::Usa), events);
            events.push(Event::UsFlag { space: s });
        } else {
            self.set_flag(s, None, events);
        }
        self.tasks.push_front(Task::UsAward { canada });
    }

    /// §7.4–§7.6: the automatic victories, then the reset and the next war's layout.
    fn end_war(&mut self, events: &mut Vec<Event>) {
        let war = self.mat_war();
        // The reset changes the state as it reads the wars: a handle of its own on the content.
        let c = self.content.clone();
        let results = match &self.phase {
            Phase::War(s) => s.results.clone(),
            _ => Vec::new(),
        };
        // §7.4: every theatre won by one power on its table's last row.
        for p in Power::BOTH {
            let swept = results.len() == c.war(war).theatres.len()
                && results
                    .iter()
                    .enumerate()
                    .all(|(t, r)| r.is_some_and(|(w, row)| w == p && c.war(war).theatres[t].is_top_tier(p, row)));
            if swept {
                self.game_over(p, events);
                return;
            }
        }
        if self.vp_victory(events) {
            return;
        }
        // §7.5: tiles go home; the conflict markers that counted in this war come off; the bonus set goes.
        let carry = [Power::Britain, Power::France]
            .map(|p| self.war.theatres.iter().map(|t| t[p.index()].bonus.len()).sum::<usize>());
        for p in Power::BOTH {
            let mut back = Vec::new();
            for t in &mut self.war_mut().theatres {
                back.append(&mut t[p.index()].basic);
            }
            let s = self.power_mut(p);
            let pool = Arc::make_mut(&mut s.basic_pool);
            pool.append(&mut back);
            pool.sort_unstable();
            Arc::make_mut(&mut s.bonus_pool).clear();
        }
        let mut counted = SpaceSet::EMPTY;
        for th in c.war(war).theatres.iter().filter(|th| th.conflicts) {
            for r in th.regions() {
                counted = counted.or(c.masks.by_region[r.index()]);
            }
        }
        let flagged = self.board.of(Power::Britain).or(self.board.of(Power::France));
        for s in self.board.conflict.and(counted).and(flagged).iter() {
            self.board.conflict.remove(s);
            self.board.conflict_plus.remove(s);
            events.push(Event::ConflictRemoved { space: s });
        }
        self.update_advantages(events);
        self.war_mut().byng = None;
        self.war_mut().atlantic = None;
        // §7.6: the next war's mat (none after the AWI).
        let next = match war {
            WarId::Wss => Some(WarId::Was),
            WarId::Was => Some(WarId::Syw),
            WarId::Syw => Some(WarId::Awi),
            WarId::Awi => None,
        };
        self.lay_out(next);
        if next == Some(WarId::Syw) {
            for p in Power::BOTH {
                let n = carry[p.index()].min(3);
                for _ in 0..n {
                    let pool = Arc::make_mut(&mut self.powers[p.index()].bonus_pool);
                    if pool.is_empty() {
                        break;
                    }
                    let i = self.rng.random_range(0..pool.len());
                    let tile = pool.remove(i);
                    Arc::make_mut(&mut self.powers[p.index()].carried_bonus).push(tile);
                }
            }
        }
        self.turn += 1;
        self.begin_peace_round(events);
    }

    /// §7.6: lay out `war`'s mat: a random basic tile per theatre for each power (or, under §12.2, tiles
    /// drawn for the power to assign), and its bonus set into each pool.
    pub(crate) fn lay_out(&mut self, war: Option<WarId>) {
        let c = &*self.content;
        let n = war.map_or(0, |w| c.war(w).theatres.len());
        let mat = Arc::make_mut(&mut self.war);
        mat.war = war;
        mat.theatres = vec![[TheatreTiles::default(), TheatreTiles::default()]; n];
        mat.revealed = vec![false; n];
        let Some(w) = war else { return };
        for p in Power::BOTH {
            let mut drawn = Vec::new();
            for _ in 0..n {
                let pool = Arc::make_mut(&mut self.powers[p.index()].basic_pool);
                if pool.is_empty() {
                    break;
                }
                let i = self.rng.random_range(0..pool.len());
                drawn.push(pool.remove(i));
            }
            if self.config.planned_layout {
                drawn.sort_unstable();
                self.tasks.push_back(Task::AssignBasic { who: p, drawn });
            } else {
                for (t, kind) in drawn.into_iter().enumerate() {
                    Arc::make_mut(&mut self.war).theatres[t][p.index()].basic.push(kind);
                }
            }
            self.powers[p.index()].bonus_pool = Arc::new(
                c.bonus_tiles
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.war == w && b.power == p)
                    .map(|(i, _)| i as u16)
                    .collect(),
            );
        }
    }
}
