//! The ministry cards (§3.5): choosing them face down in the ministry phase (§4.1.7), revealing them in one's
//! own turn, and the abilities used by choice. Abilities that simply change a rule (a cost, a scoring, a
//! limit) are read where that rule is applied, by the card's constant below.

use crate::cite::{Arg, Refusal, sec};
use crate::content::{ApKind, Ministry, Power, Region};
use crate::event::Event;
use crate::spend::{Countries, Rule};
use crate::state::{ImperialStruggle, MinistrySlot, Origin, Phase, Turn};
use crate::tasks::{Cause, Filter, FlagIs, Label, Opt, Pick, Task};

pub const CARDINAL_MINISTERS: Ministry = Ministry(0);
pub const JOHN_LAW: Ministry = Ministry(1);
pub const COURT_OF_THE_SUN_KING: Ministry = Ministry(2);
pub const JACOBITE_UPRISINGS: Ministry = Ministry(3);
pub const ROBERT_WALPOLE: Ministry = Ministry(4);
pub const JONATHAN_SWIFT: Ministry = Ministry(5);
pub const EAST_INDIA_COMPANY: Ministry = Ministry(6);
pub const BANK_OF_ENGLAND: Ministry = Ministry(7);
pub const NEW_WORLD_HUGUENOTS: Ministry = Ministry(8);
pub const EDMOND_HALLEY: Ministry = Ministry(9);
pub const CHOISEUL: Ministry = Ministry(10);
pub const DUPLEIX: Ministry = Ministry(11);
pub const POMPADOUR_AND_DU_BARRY: Ministry = Ministry(12);
pub const VOLTAIRE: Ministry = Ministry(13);
pub const PITT_THE_ELDER: Ministry = Ministry(14);
pub const CHARLES_HANBURY_WILLIAMS: Ministry = Ministry(15);
pub const MERCHANT_BANKS: Ministry = Ministry(16);
pub const SAMUEL_JOHNSON: Ministry = Ministry(17);
pub const JAMES_WATT: Ministry = Ministry(18);
pub const PAPACY_HANOVER_NEGOTIATIONS: Ministry = Ministry(19);
pub const TOWNSHEND_ACTS: Ministry = Ministry(20);
pub const EDMUND_BURKE: Ministry = Ministry(21);
pub const TURGOT: Ministry = Ministry(22);
pub const NORTH_AMERICAN_TRADE: Ministry = Ministry(23);
pub const MARQUIS_DE_CONDORCET: Ministry = Ministry(24);
pub const LAVOISIER: Ministry = Ministry(25);

impl ImperialStruggle {
    /// The ministries `power` may hold in the current era (§3.5.1), Jacobite Uprisings once gone excepted.
    pub(crate) fn eligible_ministries(&self, power: Power) -> Vec<Ministry> {
        let era = self.era();
        self.content
            .ministries
            .iter()
            .enumerate()
            .map(|(i, _)| Ministry(i as u8))
            .filter(|&mm| {
                let c = self.content.ministry(mm);
                c.power == power && c.eras.contains(&era) && !(mm == JACOBITE_UPRISINGS && self.jacobites.removed)
            })
            .collect()
    }

    /// §4.1.7: in an era's first round every ministry comes back and each power chooses two; in the second
    /// round a face-down ministry may be exchanged. France's permanent Jacobite Uprisings (a war result) is
    /// face up on top of the two.
    pub(crate) fn begin_ministries(&mut self, events: &mut Vec<Event>) {
        let first_of_era = matches!(self.round(), 1 | 3 | 5);
        for p in Power::BOTH {
            if first_of_era {
                self.power_mut(p).ministries.clear();
            }
        }
        // The WAS war mat: from the next Ministry Phase on, France holds Jacobite Uprisings on top of its
        // usual two. One it already holds mid-era stays one of its two until the era ends: an era's second
        // round only exchanges face-down cards, it does not open a slot (docs/rules, ruling S18).
        if self.jacobites.from_next_era
            && (first_of_era || self.power(Power::France).slot(JACOBITE_UPRISINGS).is_none())
        {
            self.jacobites.from_next_era = false;
            self.jacobites.always = true;
        }
        self.ensure_permanent_jacobites();
        // A power with nothing to choose but "done" is done.
        let done =
            Power::BOTH.map(|p| self.ministry_choices(p).iter().all(|a| *a == crate::action::Action::MinistriesDone));
        if done.iter().all(|&d| d) {
            for p in Power::BOTH {
                events.push(Event::MinistriesChosen { power: p });
            }
            self.begin_initiative(events);
        } else {
            self.phase = Phase::Ministries { done, swapped: [Vec::new(), Vec::new()] };
        }
    }

    fn ensure_permanent_jacobites(&mut self) {
        if self.jacobites.always
            && !self.jacobites.removed
            && self.power(Power::France).slot(JACOBITE_UPRISINGS).is_none()
        {
            self.power_mut(Power::France).ministries.push(MinistrySlot {
                card: JACOBITE_UPRISINGS,
                revealed: true,
                exhausted: [false; 2],
            });
        }
    }

    /// How many ministries a power chooses besides a permanent one.
    pub(crate) fn chosen_count(&self, p: Power) -> usize {
        self.power(p).ministries.iter().filter(|s| !(s.card == JACOBITE_UPRISINGS && self.jacobites.always)).count()
    }

    /// The ministry-phase actions open to `p`.
    pub(crate) fn ministry_choices(&self, p: Power) -> Vec<crate::action::Action> {
        use crate::action::Action;
        let first_of_era = matches!(self.round(), 1 | 3 | 5);
        let held: Vec<Ministry> = self.power(p).ministries.iter().map(|s| s.card).collect();
        let free: Vec<Ministry> = self.eligible_ministries(p).into_iter().filter(|x| !held.contains(x)).collect();
        let mut out = Vec::new();
        if first_of_era {
            if self.chosen_count(p) < 2 && !free.is_empty() {
                out.extend(free.iter().map(|&x| Action::PickMinistry(x)));
            } else {
                out.push(Action::MinistriesDone);
            }
            if self.chosen_count(p) < 2 && !free.is_empty() {
                return out;
            }
        } else {
            // Each face-down card may be exchanged once (§4.1.7: "replace one or both").
            let swapped: &[Ministry] = match &self.phase {
                Phase::Ministries { swapped, .. } => &swapped[p.index()],
                _ => &[],
            };
            for s in self.power(p).ministries.iter().filter(|s| !s.revealed && !swapped.contains(&s.card)) {
                out.extend(free.iter().map(|&x| Action::SwapMinistry { out: s.card, into: x }));
            }
            // A power short of two ministries (one left the game) tops up from what is free.
            if self.chosen_count(p) < 2 {
                out.extend(free.iter().map(|&x| Action::PickMinistry(x)));
            }
            out.push(Action::MinistriesDone);
        }
        out
    }

    /// Apply a ministry-phase action (already known to be legal).
    pub(crate) fn apply_ministry_choice(&mut self, p: Power, a: &crate::action::Action, events: &mut Vec<Event>) {
        use crate::action::Action;
        match *a {
            Action::PickMinistry(x) => {
                self.power_mut(p).ministries.push(MinistrySlot { card: x, revealed: false, exhausted: [false; 2] })
            }
            Action::SwapMinistry { out, into } => {
                if let Some(s) = self.power_mut(p).slot_mut(out) {
                    *s = MinistrySlot { card: into, revealed: false, exhausted: [false; 2] };
                }
                if let Phase::Ministries { swapped, .. } = &mut self.phase {
                    swapped[p.index()].push(into);
                }
            }
            Action::MinistriesDone => {
                events.push(Event::MinistriesChosen { power: p });
                if let Phase::Ministries { done, .. } = &mut self.phase {
                    done[p.index()] = true;
                    if done.iter().all(|&d| d) {
                        self.begin_initiative(events);
                    }
                }
            }
            _ => {}
        }
    }

    /// §3.5: a face-down ministry may be turned up only in its owner's turn.
    pub(crate) fn check_reveal(&self, me: Power, x: Ministry) -> Result<(), Refusal> {
        match self.power(me).slot(x) {
            Some(s) if !s.revealed => Ok(()),
            Some(_) => Err(Refusal::new("{} is already face up", sec!("§3.5")).arg(Arg::Ministry(x))),
            None => Err(Refusal::new("{} is not one of your ministries", sec!("§3.5")).arg(Arg::Ministry(x))),
        }
    }

    pub(crate) fn reveal(&mut self, me: Power, x: Ministry, events: &mut Vec<Event>) {
        if let Some(s) = self.power_mut(me).slot_mut(x) {
            s.revealed = true;
        }
        events.push(Event::MinistryRevealed { power: me, ministry: x });
        match x {
            PAPACY_HANOVER_NEGOTIATIONS => self.remove_jacobite_uprisings(events),
            NORTH_AMERICAN_TRADE => self.board.huguenots_spent = crate::content::SpaceSet::EMPTY,
            _ => {}
        }
    }

    /// Jacobite Uprisings leaves the game (§7.3; Papacy-Hanover Negotiations).
    pub(crate) fn remove_jacobite_uprisings(&mut self, events: &mut Vec<Event>) {
        if self.jacobites.removed {
            return;
        }
        self.jacobites.removed = true;
        self.power_mut(Power::France).ministries.retain(|s| s.card != JACOBITE_UPRISINGS);
        events.push(Event::MinistryLeavesGame { ministry: JACOBITE_UPRISINGS });
    }

    /// Whether ability `ability` of ministry `x` may be used now by the active power.
    pub(crate) fn check_ministry(&self, t: &Turn, x: Ministry, ability: u8) -> Result<(), Refusal> {
        let me = t.active;
        let slot = self
            .power(me)
            .slot(x)
            .ok_or_else(|| Refusal::new("{} is not one of your ministries", sec!("§3.5")).arg(Arg::Ministry(x)))?;
        if !slot.revealed {
            return Err(Refusal::new("reveal {} before using it", sec!("§3.5.2")).arg(Arg::Ministry(x)));
        }
        if slot.exhausted.get(ability as usize).copied().unwrap_or(true) {
            return Err(Refusal::new("{} has been used this round", sec!("§3.5.2")).arg(Arg::Ministry(x)));
        }
        let tile = t.tile.map(|i| self.content.investments[i as usize]);
        let has = |k: ApKind| tile.is_some_and(|tt| tt.major == k || tt.minor == k);
        let no = |why: &'static str| Err(Refusal::new(why, sec!("§3.5.2")));
        match (x, ability) {
            (CARDINAL_MINISTERS, 0) => {
                if !has(ApKind::Diplomatic) || !t.untouched {
                    return no("the Cardinal Ministers act at the start of a turn whose tile has a diplomatic action");
                }
                if self.cardinal_points() == 0 {
                    return no("you control none of Savoy, Sardinia or the prestige spaces of Spain and Austria");
                }
                Ok(())
            }
            (ROBERT_WALPOLE, 0) => {
                if self.deck.is_empty() && self.discard.is_empty() {
                    return no("there is no event card left to draw");
                }
                Ok(())
            }
            (BANK_OF_ENGLAND, 0) => Ok(()),
            (NEW_WORLD_HUGUENOTS, 0) => {
                if t.tile.is_none() {
                    return no("take a tile first");
                }
                if self.huguenot_sites().is_empty() {
                    return no("no French territory in North America or the Caribbean is without a Huguenots marker");
                }
                Ok(())
            }
            (EDMOND_HALLEY, 0) | (PITT_THE_ELDER, 1) => {
                if !has(ApKind::Military) {
                    return no("this needs a tile with a military action");
                }
                Ok(())
            }
            (EDMOND_HALLEY, 1) => {
                let europe_navy = self.content.masks.naval.and(self.content.masks.by_region[Region::Europe.index()]);
                if self.board.of(me).and(europe_navy).is_empty() || self.power(me).hand.is_empty() {
                    return no("this needs a squadron of yours in Europe and a card to discard");
                }
                Ok(())
            }
            (CHOISEUL, 0) => {
                if !has(ApKind::Military) {
                    return no("this needs a tile with a military action");
                }
                Ok(())
            }
            (CHOISEUL, 1) => {
                let na_navy = self.content.masks.naval.and(self.content.masks.by_region[Region::NorthAmerica.index()]);
                if !has(ApKind::Military) || self.board.of(me).and(na_navy).is_empty() {
                    return no("this needs a military action and a French squadron in North America");
                }
                Ok(())
            }
            (PITT_THE_ELDER, 0) | (PAPACY_HANOVER_NEGOTIATIONS, 0) => {
                if !has(ApKind::Diplomatic) {
                    return no("this needs a tile with a diplomatic action");
                }
                Ok(())
            }
            (CHARLES_HANBURY_WILLIAMS, 0) => {
                if t.tile.is_none() {
                    return no("take a tile first");
                }
                Ok(())
            }
            (TOWNSHEND_ACTS, 0) => {
                if self.demand.is_empty() || self.power(me).townshend.is_some() {
                    return no("Townshend Acts names a commodity of this round's demand once a round");
                }
                // The card names its commodity at the start of a turn, before anything else is done.
                if !t.untouched {
                    return no("Townshend Acts is used at the start of a turn, before anything else");
                }
                Ok(())
            }
            _ => Err(Refusal::new("{} works by itself; it has no ability to use by choice here", sec!("§3.5.2"))
                .arg(Arg::Ministry(x))),
        }
    }

    /// Use an ability (checked).
    pub(crate) fn use_ministry(&mut self, x: Ministry, ability: u8, events: &mut Vec<Event>) {
        let Some(t) = self.turn_state().cloned() else { return };
        let me = t.active;
        if let Some(s) = self.power_mut(me).slot_mut(x) {
            s.exhausted[ability as usize] = true;
        }
        events.push(Event::MinistryUsed { power: me, ministry: x });
        let tile = t.tile.map(|i| self.content.investments[i as usize]);
        match (x, ability) {
            (CARDINAL_MINISTERS, 0) => {
                let n = self.cardinal_points();
                let into =
                    if tile.is_some_and(|tt| tt.major == ApKind::Diplomatic) { Origin::Major } else { Origin::Minor };
                if let Some(p) = self
                    .turn_mut()
                    .and_then(|tt| tt.pools.iter_mut().find(|p| p.kind == ApKind::Diplomatic && p.origin == into))
                {
                    p.points += n;
                }
                events.push(Event::PointsGained { power: me, kind: ApKind::Diplomatic, points: n });
            }
            (ROBERT_WALPOLE, 0) => {
                self.draw_card(me, events);
                self.tasks.push_back(Task::Discard { who: me, cause: Cause::Ministry(x) });
            }
            (BANK_OF_ENGLAND, 0) => {
                let s = self.power_mut(me);
                s.debt_limit += 1;
                let limit = s.debt_limit;
                events.push(Event::DebtLimitRaised { power: me, limit });
            }
            (NEW_WORLD_HUGUENOTS, 0) => {
                let f = Filter::new(self.huguenot_sites(), FlagIs::Any);
                self.tasks.push_back(Task::Space {
                    who: me,
                    pick: Pick::Huguenots,
                    filter: f,
                    optional: false,
                    cause: Cause::Ministry(x),
                });
            }
            (EDMOND_HALLEY, 0) | (PITT_THE_ELDER, 1) | (CHOISEUL, 1) => {
                if let Some(tt) = self.turn_mut() {
                    tt.mods.cheap_squadron = true;
                }
            }
            (EDMOND_HALLEY, 1) => {
                self.tasks.push_back(Task::Discard { who: me, cause: Cause::Ministry(x) });
                self.tasks.push_back(Task::Then(crate::tasks::Effect::Trp { power: me, amount: 1 }));
            }
            (CHOISEUL, 0) => {
                self.add_points(ApKind::Military, 1, Rule::TilesOrDeploy, Origin::Ministry, events);
            }
            (PITT_THE_ELDER, 0) => {
                self.add_points(ApKind::Diplomatic, 1, Rule::NonPrestigePolitical, Origin::Ministry, events);
            }
            (PAPACY_HANOVER_NEGOTIATIONS, 0) => {
                self.add_points(ApKind::Diplomatic, 2, Rule::In(Countries::ScotlandIreland), Origin::Ministry, events);
            }
            (CHARLES_HANBURY_WILLIAMS, 0) => {
                if let Some(tt) = self.turn_mut() {
                    tt.mods.hanbury = true;
                }
            }
            (TOWNSHEND_ACTS, 0) => {
                let options = self
                    .demand
                    .iter()
                    .map(|&c| Opt {
                        label: Label::Demand(c),
                        then: vec![Task::Then(crate::tasks::Effect::Townshend(c))],
                    })
                    .collect();
                self.tasks.push_back(Task::Options { who: me, options, cause: Cause::Ministry(x) });
            }
            _ => {}
        }
    }

    /// The Cardinal Ministers' points: Savoy, Sardinia and the prestige spaces of Spain and Austria held
    /// by France without a conflict marker, at most 3.
    fn cardinal_points(&self) -> u8 {
        let c = &*self.content;
        let mut set = crate::content::SpaceSet::EMPTY;
        for id in ["savoy", "sardinia"] {
            if let Some(s) = c.space_by_id(id) {
                set.insert(s);
            }
        }
        set = set.or(c.masks.prestige.and(c.country("spain").or(c.country("austria"))));
        (self.counted(set)[Power::France.index()] as u8).min(3)
    }

    /// French territories in North America and the Caribbean without a Huguenots marker.
    pub(crate) fn huguenot_sites(&self) -> crate::content::SpaceSet {
        let m = &self.content.masks;
        m.territory
            .and(m.by_region[Region::NorthAmerica.index()].or(m.by_region[Region::Caribbean.index()]))
            .and(self.board.of(Power::France))
            .without(self.board.huguenots)
    }

    /// Jacobite Uprisings' abilities: the first lets military points shift Scotland and Ireland for one
    /// turn; the second, on another turn, buys VP. Both need the card face up and unexhausted.
    pub(crate) fn check_jacobite(&self, t: &Turn, ability: u8) -> Result<(), Refusal> {
        let me = t.active;
        let ok = me == Power::France
            && self.power(me).slot(JACOBITE_UPRISINGS).is_some_and(|s| {
                s.revealed && (!s.exhausted[ability as usize] || t.mods.jacobite_ability == Some(ability))
            });
        if !ok {
            return Err(Refusal::new(
                "this needs France's Jacobite Uprisings face up, with that ability unused this round",
                sec!("§3.5.2"),
            ));
        }
        if t.mods.jacobite_ability.is_some_and(|a| a != ability) {
            return Err(Refusal::new("Jacobite Uprisings' two abilities are used on different turns", sec!("§3.5.2")));
        }
        Ok(())
    }

    /// Jacobite Uprisings' second ability: 1 VP for each French space in Scotland and Ireland and each
    /// Jacobite Victory marker, at most 4.
    pub(crate) fn jacobite_vp(&mut self, events: &mut Vec<Event>) {
        let c = &*self.content;
        let spaces = c.country("scotland").or(c.country("ireland"));
        let n = (self.counted(spaces)[Power::France.index()] as u8 + self.jacobites.victories).min(4);
        if let Some(s) = self.power_mut(Power::France).slot_mut(JACOBITE_UPRISINGS) {
            s.exhausted[1] = true;
        }
        if let Some(t) = self.turn_mut() {
            t.mods.jacobite_ability = Some(1);
        }
        self.score(Power::France, n, events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ministry_constants_name_their_cards() {
        let c = imperia_core::ContentSet::<crate::content::Content>::shipped();
        for (m, id) in [
            (CARDINAL_MINISTERS, "cardinal_ministers"),
            (JACOBITE_UPRISINGS, "jacobite_uprisings"),
            (ROBERT_WALPOLE, "robert_walpole"),
            (JAMES_WATT, "james_watt"),
            (LAVOISIER, "lavoisier"),
        ] {
            assert_eq!(c.ministry(m).id, id);
        }
        assert_eq!(c.ministries.len(), 26);
    }
}
