//! The advantage tiles (§8): who may use one and when (§8.2), and what each does. Control of the tiles
//! follows the board and is kept up to date where flags change (`board.rs`).

use crate::cite::{Arg, Refusal, sec};
use crate::content::{Advantage, ApKind, Commodity, Content, Power, Region, SpaceId, SpaceKind, Subregion};
use crate::event::Event;
use crate::ministries as m;
use crate::state::{ImperialStruggle, Origin, Turn};
use crate::tasks::{Cause, Filter, FlagIs, Pick, Task};

pub const BALTIC_TRADE: Advantage = Advantage(0);
pub const CENTRAL_EUROPE_CONFLICT: Advantage = Advantage(1);
pub const GERMAN_DIPLOMACY: Advantage = Advantage(2);
pub const ITALY_INFLUENCE: Advantage = Advantage(3);
pub const MEDITERRANEAN_INTRIGUE: Advantage = Advantage(4);
pub const NAVAL_BASTION: Advantage = Advantage(5);
pub const SILESIA_NEGOTIATIONS: Advantage = Advantage(6);
pub const ALGONQUIN_RAIDS: Advantage = Advantage(7);
pub const FUR_TRADE: Advantage = Advantage(8);
pub const IROQUOIS_RAIDS: Advantage = Advantage(9);
pub const PATRIOT_AGITATION: Advantage = Advantage(10);
pub const WHEAT: Advantage = Advantage(11);
pub const FRUIT: Advantage = Advantage(12);
pub const LETTERS_OF_MARQUE: Advantage = Advantage(13);
pub const PIRATE_HAVENS: Advantage = Advantage(14);
pub const RUM: Advantage = Advantage(15);
pub const SLAVING_CONTRACTS: Advantage = Advantage(16);
pub const POWER_STRUGGLE: Advantage = Advantage(17);
pub const RAIDS_AND_INCURSIONS: Advantage = Advantage(18);
pub const SEPARATIST_WARS: Advantage = Advantage(19);
pub const SILK: Advantage = Advantage(20);
pub const TEXTILES: Advantage = Advantage(21);

/// A test of a space, against the content the game is played with.
pub(crate) type SpaceTest = fn(&Content, SpaceId) -> bool;

/// How an advantage changes the cost of unflagging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CostMod {
    /// The cost becomes 1 before other changes (German Diplomacy, Italy Influence, Silesia Negotiations,
    /// Fur Trade).
    SetToOne,
    /// 1 less (Wheat, Fruit, Rum, Silk, Textiles; §8.2 game note on Rum).
    LessOne,
}

fn market_in(c: &Content, s: SpaceId, r: Region) -> bool {
    let sp = c.space(s);
    sp.kind == SpaceKind::Market && sp.region == r
}

fn in_countries(c: &Content, s: SpaceId, countries: &[&str]) -> bool {
    c.space(s).country.as_deref().is_some_and(|country| countries.contains(&country))
}

/// The pool Naval Bastion's military point comes from: the major action's, or an event's unrestricted
/// military points (the tile says "for 1 military point"; issue 13 — an earlier version took the major
/// action's only). The minor action buys one thing of its own (§5.3.2), and restricted points keep to
/// their restriction (§5.2).
fn bastion_pool(t: &Turn) -> Option<usize> {
    t.pools.iter().position(|p| {
        p.kind == ApKind::Military
            && p.points > 0
            && (p.origin == Origin::Major || (p.origin == Origin::Event && p.rule == crate::spend::Rule::Any))
    })
}

/// The cost change an advantage makes, and the spaces it applies to.
pub(crate) fn cost_mod(a: Advantage) -> Option<(CostMod, SpaceTest)> {
    Some(match a {
        GERMAN_DIPLOMACY => {
            (CostMod::SetToOne, |c, s| ["russia", "sweden", "bavaria"].contains(&c.space(s).id.as_str()))
        }
        ITALY_INFLUENCE => (CostMod::SetToOne, |c, s| in_countries(c, s, &["spain", "austria"])),
        SILESIA_NEGOTIATIONS => (CostMod::SetToOne, |c, s| in_countries(c, s, &["prussia", "german_states"])),
        FUR_TRADE => (CostMod::SetToOne, |c, s| market_in(c, s, Region::NorthAmerica)),
        WHEAT => (CostMod::LessOne, |c, s| market_in(c, s, Region::NorthAmerica)),
        FRUIT | RUM => (CostMod::LessOne, |c, s| market_in(c, s, Region::Caribbean)),
        SILK | TEXTILES => (CostMod::LessOne, |c, s| market_in(c, s, Region::India)),
        _ => return None,
    })
}

impl ImperialStruggle {
    /// §8.2: a held tile, not exhausted, not taken this turn, none of its spaces marked; two a turn at most,
    /// not two in one region; after the tile is taken; and only if it can do something.
    pub(crate) fn check_advantage(&self, t: &Turn, a: Advantage) -> Result<(), Refusal> {
        self.check_advantage_use(t, a, false)
    }

    /// The checks of [`Self::check_advantage`] that come before what the tile would act on: for a cost
    /// advantage, the unflag it is used with decides that.
    pub(crate) fn check_advantage_held(&self, t: &Turn, a: Advantage) -> Result<(), Refusal> {
        self.check_advantage_rules(t, a, false)
    }

    fn check_advantage_use(&self, t: &Turn, a: Advantage, free: bool) -> Result<(), Refusal> {
        self.check_advantage_rules(t, a, free)?;
        if !self.advantage_can_act(t, a) {
            return Err(Refusal::new("{} would have nothing to act on now", sec!("§8.2")).arg(Arg::Advantage(a)));
        }
        Ok(())
    }

    fn check_advantage_rules(&self, t: &Turn, a: Advantage, free: bool) -> Result<(), Refusal> {
        let me = t.active;
        let st = &self.advantages[a.index()];
        let tile = self.content.advantage(a);
        if st.holder != Some(me) {
            return Err(Refusal::new("you do not hold {}", sec!("§8.1")).arg(Arg::Advantage(a)));
        }
        if t.tile.is_none() {
            return Err(Refusal::new("take an investment tile first", sec!("§8.2")));
        }
        if st.exhausted && !free {
            return Err(Refusal::new("{} has been used this round", sec!("§8.2")).arg(Arg::Advantage(a)));
        }
        if st.fresh {
            return Err(Refusal::new("{} was taken this turn: it may be used from your next turn", sec!("§8.2"))
                .arg(Arg::Advantage(a)));
        }
        if !tile.requires.and(self.board.conflict).is_empty() {
            return Err(Refusal::new("a conflict marker stops {} from being used", sec!("§8.1")).arg(Arg::Advantage(a)));
        }
        if t.advantages_used.len() >= 2 || t.advantages_used.contains(&tile.region) {
            return Err(Refusal::new("at most two advantages a turn, and not two in one region", sec!("§8.2")));
        }
        Ok(())
    }

    /// Whether using the tile would do anything now.
    fn advantage_can_act(&self, t: &Turn, a: Advantage) -> bool {
        let me = t.active;
        if let Some((_, applies)) = cost_mod(a) {
            return self.on_board().and(self.removable_enemy(me)).iter().any(|s| applies(&self.content, s))
                && !t.mods.cost_advantages.contains(&a);
        }
        match a {
            BALTIC_TRADE => self.power(me).debt > 0,
            NAVAL_BASTION => bastion_pool(t).is_some() && !self.squadrons_on_map(me.opponent()).is_empty(),
            SLAVING_CONTRACTS => !t.mods.cheap_squadron && self.squadrons_unbuilt(me) > 0,
            _ => advantage_task(&self.content, me, a).is_some_and(|task| self.task_possible(&task)),
        }
    }

    /// Use an advantage (checked): exhaust it and carry out its effect.
    pub(crate) fn use_advantage(&mut self, a: Advantage, events: &mut Vec<Event>) {
        let Some(t) = self.turn_state() else { return };
        let me = t.active;
        self.advantages[a.index()].exhausted = true;
        self.advantage_effect(a, events);
        // Pompadour & Du Barry and James Watt pay a treaty point for the first such use of a turn.
        let europe = self.content.advantage(a).region == Region::Europe;
        let pompadour = me == Power::France && europe && self.power(me).has_revealed(m::POMPADOUR_AND_DU_BARRY);
        let watt = me == Power::France && self.power(Power::Britain).has_revealed(m::JAMES_WATT);
        let (mut give_fr, mut give_br) = (false, false);
        if let Some(tt) = self.turn_mut() {
            if pompadour && !tt.mods.pompadour {
                tt.mods.pompadour = true;
                give_fr = true;
            }
            if watt && !tt.mods.watt {
                tt.mods.watt = true;
                give_br = true;
            }
        }
        if give_fr {
            self.gain_trp(Power::France, 1, events);
        }
        if give_br {
            self.gain_trp(Power::Britain, 1, events);
        }
    }

    /// The effect itself, without exhausting the tile (also used by events that activate advantages).
    pub(crate) fn advantage_effect(&mut self, a: Advantage, events: &mut Vec<Event>) {
        let Some(t) = self.turn_state() else { return };
        let me = t.active;
        let region = self.content.advantage(a).region;
        events.push(Event::AdvantageUsed { power: me, advantage: a });
        if let Some(tt) = self.turn_mut() {
            tt.advantages_used.push(region);
        }
        if cost_mod(a).is_some() {
            if let Some(tt) = self.turn_mut() {
                tt.mods.cost_advantages.push(a);
            }
            return;
        }
        match a {
            BALTIC_TRADE => {
                self.reduce_debt(me, 2, events);
            }
            NAVAL_BASTION => {
                if let Some(tt) = self.turn_mut()
                    && let Some(i) = bastion_pool(tt)
                {
                    tt.pools[i].points -= 1;
                }
                let f = Filter::new(self.content.masks.naval, FlagIs::Of(me.opponent()));
                self.tasks.push_back(Task::Space {
                    who: me,
                    pick: Pick::SquadronToBox,
                    filter: f,
                    optional: false,
                    cause: Cause::Advantage(a),
                });
            }
            SLAVING_CONTRACTS => {
                if let Some(tt) = self.turn_mut() {
                    tt.mods.cheap_squadron = true;
                }
            }
            _ => {
                if let Some(task) = advantage_task(&self.content, me, a) {
                    self.tasks.push_back(task);
                }
            }
        }
    }

    /// Whether `a` may be used by an event that ignores exhaustion (`region`: only there; `None`: outside
    /// Europe).
    pub(crate) fn free_advantage_ok(&self, a: Advantage, region: Option<Region>) -> bool {
        let Some(t) = self.turn_state() else { return false };
        let r = self.content.advantage(a).region;
        let place = match region {
            Some(want) => r == want,
            None => r != Region::Europe,
        };
        place && self.check_advantage_use(t, a, true).is_ok()
    }
}

/// The conflict-marker advantages' task.
fn advantage_task(c: &Content, me: Power, a: Advantage) -> Option<Task> {
    let m = &c.masks;
    let region = |r: Region| m.by_region[r.index()];
    let mask = match a {
        CENTRAL_EUROPE_CONFLICT => m.alliance.and(region(Region::Europe)),
        MEDITERRANEAN_INTRIGUE => {
            let mut s = c.country("spain").or(c.country("austria"));
            if let Some(x) = c.space_by_id("sardinia") {
                s.insert(x);
            }
            s
        }
        ALGONQUIN_RAIDS | IROQUOIS_RAIDS => m.commodity[Commodity::Furs.index()],
        PATRIOT_AGITATION => m.market.or(m.local_alliance).and(region(Region::NorthAmerica)),
        LETTERS_OF_MARQUE | PIRATE_HAVENS => m.market.and(region(Region::Caribbean)),
        POWER_STRUGGLE => m.market.and(
            c.spaces
                .iter()
                .enumerate()
                .filter(|(_, s)| s.subregion == Some(Subregion::CarnaticCoast))
                .map(|(i, _)| SpaceId(i as u8))
                .collect(),
        ),
        RAIDS_AND_INCURSIONS => m.market.and(region(Region::India)),
        SEPARATIST_WARS => m.commodity[Commodity::Cotton.index()],
        _ => return None,
    };
    let mut filter = Filter::new(mask, FlagIs::Any);
    if matches!(a, LETTERS_OF_MARQUE | PIRATE_HAVENS) {
        filter = filter.unprotected();
    }
    Some(Task::Space { who: me, pick: Pick::Conflict, filter, optional: false, cause: Cause::Advantage(a) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advantage_constants_name_their_tiles() {
        let c = imperia_core::ContentSet::<Content>::shipped();
        for (a, id) in
            [(BALTIC_TRADE, "baltic_trade"), (RUM, "rum"), (POWER_STRUGGLE, "power_struggle"), (TEXTILES, "textiles")]
        {
            assert_eq!(c.advantage(a).id, id);
        }
    }
}
