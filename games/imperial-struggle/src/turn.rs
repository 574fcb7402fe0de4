//! A power's turn in the action phase (§5): take an investment tile, perhaps pass or play an event, spend
//! the tile's points one purchase at a time (adding debt and treaty points as needed), use advantages,
//! ministries and the military upgrade, and end the turn.
//!
//! Every action is checked by one function that both the list of legal actions and `apply` use, so the two
//! cannot disagree; a refusal says what is wrong and cites the rule.

use std::sync::Arc;

use crate::action::Action;
use crate::content::{ApKind, Content, Flag, Power, SpaceId, SpaceKind, SpaceSet};
use crate::event::{Event, name};
use crate::ministries as m;
use crate::spend::{Countries, Purchase, Rule};
use crate::state::{ImperialStruggle, Origin, Phase, Pool, Turn, TurnMods};

use crate::cite::{Arg, Refusal, RefusalArgs, sec};

/// Where a purchase's points come from: `(pool, points)` pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Payment {
    pub(crate) draws: Vec<(usize, u8)>,
    pub(crate) cost: u8,
}

impl ImperialStruggle {
    /// §4.1.9: the turn `number` (0–7) of the round begins.
    pub(crate) fn start_turn(&mut self, number: u8, events: &mut Vec<Event>) {
        let active = if number.is_multiple_of(2) { self.first } else { self.first.opponent() };
        let isolated = self.all_isolated();
        let held_at_start = self.board.of(active);
        for a in &mut self.advantages {
            if a.holder == Some(active) {
                a.fresh = false;
            }
        }
        self.phase = Phase::Actions(Box::new(Turn {
            number,
            active,
            tile: None,
            untouched: true,
            event_window: true,
            event: None,
            pools: Vec::new(),
            regions_spent: [0; 2],
            upgrade: false,
            bonus_bought: 0,
            deployed: SpaceSet::EMPTY,
            isolated,
            held_at_start,
            changed: SpaceSet::EMPTY,
            advantages_used: Vec::new(),
            mods: TurnMods::default(),
        }));
        events.push(Event::TurnBegins { power: active, number });
        // §7.6: the Seven Years' War tiles carried over are placed at the start of the first turn of round 4.
        let carried = std::mem::take(Arc::make_mut(&mut self.power_mut(active).carried_bonus));
        for tile in carried {
            self.tasks.push_back(crate::tasks::Task::PlaceBonus {
                who: active,
                tile,
                cause: crate::tasks::Cause::CarriedOver,
            });
        }
    }

    /// The turn after this one, or the end of the round (§4.1.9: four turns each).
    pub(crate) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let Some(t) = self.turn_state() else { return };
        let (number, active, jacobite) = (t.number, t.active, t.mods.jacobite_ability);
        if let Some(ability) = jacobite
            && let Some(slot) = self.power_mut(active).slot_mut(m::JACOBITE_UPRISINGS)
        {
            slot.exhausted[ability as usize] = true;
        }
        if number + 1 < 8 {
            self.start_turn(number + 1, events);
        } else {
            self.end_peace_round(events);
        }
    }

    /// The legal actions of the active power in its turn, when no effect is waiting.
    pub(crate) fn turn_actions(&self, t: &Turn) -> Vec<Action> {
        let mut out = Vec::new();
        let me = t.active;
        let c = &*self.content;
        let mut push = |a: Action| {
            if self.check_turn(t, &a).is_ok() {
                out.push(a);
            }
        };
        for s in &self.power(me).ministries {
            if !s.revealed {
                push(Action::Reveal(s.card));
            }
            for ability in 0..c.ministry(s.card).abilities.len() as u8 {
                push(Action::Ministry { ministry: s.card, ability });
            }
        }
        if t.tile.is_none() {
            for &tile in &self.investments.display {
                push(Action::TakeTile(tile));
            }
            return out;
        }
        for reduce in 0..=2 {
            push(Action::Pass { reduce });
        }
        for &card in &self.power(me).hand {
            push(Action::PlayEvent(card));
        }
        // Only pools of the right kind can pay; trying the others would only be refused.
        let of_kind = |k: ApKind| {
            (0..t.pools.len() as u8).filter(move |&i| t.pools[i as usize].kind == k && !t.pools[i as usize].closed)
        };
        let targets = self.on_board().without(self.board.of(me)).without(self.board.flagged(Flag::Usa));
        for space in targets.and(c.masks.market).iter() {
            for pool in of_kind(ApKind::Economic) {
                push(Action::Influence { space, pool });
            }
        }
        for space in targets.and(c.masks.political).iter() {
            for pool in of_kind(ApKind::Diplomatic) {
                push(Action::Influence { space, pool });
            }
        }
        if me == Power::France && self.power(me).has_revealed(m::JACOBITE_UPRISINGS) {
            for space in targets.and(c.country("scotland").or(c.country("ireland"))).iter() {
                for pool in of_kind(ApKind::Military) {
                    push(Action::Influence { space, pool });
                }
            }
        }
        for pool in of_kind(ApKind::Diplomatic) {
            push(Action::DrawEvent { pool });
        }
        let navy: Vec<Option<SpaceId>> =
            std::iter::once(None).chain(self.squadrons_on_map(me).without(t.deployed).iter().map(Some)).collect();
        for pool in of_kind(ApKind::Military) {
            push(Action::BuyBonusTile { pool });
            push(Action::BuildSquadron { pool });
            push(Action::Convert { pool, into: ApKind::Economic });
            push(Action::Convert { pool, into: ApKind::Diplomatic });
            push(Action::JacobiteVp { pool });
            for space in self.board.conflict.and(self.on_board()).iter() {
                push(Action::RemoveConflict { space, pool });
            }
            for space in c.masks.fort.iter() {
                push(Action::BuildFort { space, pool });
                push(Action::RepairFort { space, pool });
                push(Action::TakeFort { space, pool });
            }
            for &from in &navy {
                for to in c.masks.naval.iter() {
                    push(Action::Deploy { from, to, pool });
                }
            }
        }
        for pool in 0..t.pools.len() as u8 {
            push(Action::Borrow { pool });
            push(Action::Treaty { pool });
        }
        for i in 0..c.advantages.len() {
            let advantage = crate::content::Advantage(i as u8);
            match crate::advantages::cost_mod(advantage) {
                // Only a tile the power holds can be used; the unflag is paid in the space's own kind.
                Some((_, applies)) if self.advantages[i].holder == Some(me) => {
                    for space in self.removable_enemy(me).and(targets).iter().filter(|&s| applies(c, s)) {
                        let kind = if c.space(space).kind == SpaceKind::Market {
                            ApKind::Economic
                        } else {
                            ApKind::Diplomatic
                        };
                        for pool in of_kind(kind) {
                            push(Action::UnflagWith { advantage, space, pool });
                        }
                    }
                }
                Some(_) => {}
                None => push(Action::Advantage(advantage)),
            }
        }
        push(Action::Upgrade);
        for s in self.board.huguenots.without(self.board.huguenots_spent).iter() {
            push(Action::FlipHuguenots(s));
        }
        push(Action::EndTurn);
        out
    }

    /// Whether the active power may take `a` now, and if not, why.
    pub(crate) fn check_turn(&self, t: &Turn, a: &Action) -> Result<(), Refusal> {
        let me = t.active;
        match *a {
            Action::Reveal(min) => self.check_reveal(me, min),
            Action::Ministry { ministry, ability } => self.check_ministry(t, ministry, ability),
            Action::TakeTile(tile) => {
                if t.tile.is_some() {
                    return Err(Refusal::new("you have already taken a tile this turn", sec!("§5.1")));
                }
                if !self.investments.display.contains(&tile) {
                    return Err(Refusal::new("that investment tile is not on display", sec!("§5.1")));
                }
                Ok(())
            }
            _ if t.tile.is_none() => Err(Refusal::new("take an investment tile first", sec!("§5.1"))),
            Action::Pass { reduce } => {
                if !t.untouched {
                    return Err(Refusal::new(
                        "you may pass only right after taking the tile, before doing anything else",
                        sec!("§5.1"),
                    ));
                }
                let debt = self.power(me).debt;
                let allowed = if debt == 0 { reduce == 0 } else { reduce >= 1 && reduce <= 2.min(debt) };
                if !allowed {
                    return Err(Refusal::new(
                        "passing reduces your debt by 1 or 2 (your debt is {})",
                        sec!("§5.1, §6.2"),
                    )
                    .number(debt));
                }
                Ok(())
            }
            Action::PlayEvent(card) => self.check_event(t, card),
            Action::Influence { space, pool } => self.check_influence(t, space, pool).map(|_| ()),
            Action::UnflagWith { advantage, space, pool } => {
                self.check_unflag_with(t, advantage, space, pool).map(|_| ())
            }
            Action::DrawEvent { pool } => {
                if self.deck.is_empty() {
                    return Err(Refusal::new("the event deck is empty", sec!("§5.5.3")));
                }
                self.plan(t, pool, Purchase::DrawEvent, ApKind::Diplomatic, 3).map(|_| ())
            }
            Action::BuyBonusTile { pool } => {
                self.check_bonus_purchase(t)?;
                self.plan(t, pool, Purchase::BonusTile, ApKind::Military, 2).map(|_| ())
            }
            Action::RemoveConflict { space, pool } => {
                let cost = self.conflict_removal_cost(space)?;
                self.plan(t, pool, Purchase::RemoveConflict(space), ApKind::Military, cost).map(|_| ())
            }
            Action::BuildFort { space, pool } => {
                let cost = self.fort_cost(t, space, FortWork::Build)?;
                self.plan(t, pool, Purchase::BuildFort(space), ApKind::Military, cost).map(|_| ())
            }
            Action::RepairFort { space, pool } => {
                let cost = self.fort_cost(t, space, FortWork::Repair)?;
                self.plan(t, pool, Purchase::RepairFort(space), ApKind::Military, cost).map(|_| ())
            }
            Action::TakeFort { space, pool } => {
                let cost = self.fort_cost(t, space, FortWork::Take)?;
                self.plan(t, pool, Purchase::TakeFort(space), ApKind::Military, cost).map(|_| ())
            }
            Action::BuildSquadron { pool } => {
                if self.squadrons_unbuilt(me) == 0 {
                    return Err(Refusal::new("all your squadrons are built (8 at most)", sec!("§3.6, §5.6.5")));
                }
                self.plan(t, pool, Purchase::BuildSquadron, ApKind::Military, self.squadron_cost(t)).map(|_| ())
            }
            Action::Deploy { from, to, pool } => {
                let cost = self.deploy_cost(t, from, to)?;
                let onto_enemy = self.board.is(to, me.opponent());
                self.plan(t, pool, Purchase::Deploy { to, onto_enemy }, ApKind::Military, cost).map(|_| ())
            }
            Action::Convert { pool, into } => {
                if self.round() != 6 || self.at_war() {
                    return Err(Refusal::new("military points are converted only in round 6", sec!("§5.6.1")));
                }
                if into == ApKind::Military || t.mods.converted.is_some_and(|k| k != into) {
                    return Err(Refusal::new(
                        "military points convert into economic or diplomatic points, one kind a turn",
                        sec!("§5.6.1"),
                    ));
                }
                self.plan(t, pool, Purchase::Convert, ApKind::Military, 2).map(|_| ())
            }
            Action::JacobiteVp { pool } => {
                self.check_jacobite(t, 1)?;
                self.plan(t, pool, Purchase::JacobiteVp, ApKind::Military, 3).map(|_| ())
            }
            Action::Borrow { pool } | Action::Treaty { pool } => {
                let p = t
                    .pools
                    .get(pool as usize)
                    .ok_or_else(|| Refusal::new("there is no such pool of points this turn", sec!("§6.1")))?;
                if p.closed || p.origin == Origin::Converted {
                    return Err(Refusal::new(
                        "debt and treaty points add only to this turn's major, minor or event points",
                        sec!("§6.1, §9.1, §5.6.1"),
                    ));
                }
                let s = self.power(me);
                if matches!(a, Action::Borrow { .. }) {
                    let banks = self.merchant_banks_free(me, p.kind);
                    if s.available_debt() == 0 && !banks {
                        return Err(Refusal::new("you are at your debt limit", sec!("§6.3")));
                    }
                } else if s.trp == 0 {
                    return Err(Refusal::new("you have no treaty points", sec!("§9.1")));
                }
                Ok(())
            }
            Action::Advantage(adv) if crate::advantages::cost_mod(adv).is_some() => Err(Refusal::new(
                "{} is used together with the unflag it pays for (§8.2): choose to use it to unflag a space",
                sec!("§8.2"),
            )
            .arg(Arg::Advantage(adv))),
            Action::Advantage(adv) => self.check_advantage(t, adv),
            Action::Upgrade => self.check_upgrade(t),
            Action::FlipHuguenots(s) => {
                let fresh = self.board.huguenots.without(self.board.huguenots_spent);
                if me != Power::France || !fresh.contains(s) || t.mods.huguenot.is_some() {
                    return Err(Refusal::new(
                        "France may flip an unflipped Huguenots marker, one a turn, to lower a market's cost",
                        sec!("§5.4.2"),
                    ));
                }
                Ok(())
            }
            Action::EndTurn => Ok(()),
            _ => Err(Refusal::new("that is not something to do in a turn now", sec!("§5"))),
        }
    }

    /// Apply a turn action already checked.
    pub(crate) fn apply_turn(&mut self, a: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let t = self.turn_state().cloned().ok_or_else(|| Refusal::new("no turn is being played", sec!("§4.1.9")))?;
        self.check_turn(&t, a)?;
        let me = t.active;
        match *a {
            Action::Reveal(min) => self.reveal(me, min, events),
            Action::Ministry { ministry, ability } => self.use_ministry(ministry, ability, events),
            Action::TakeTile(tile) => self.take_tile(tile, events),
            Action::Pass { reduce } => {
                self.reduce_debt(me, reduce, events);
                events.push(Event::Passed { power: me, debt_reduced: reduce });
                self.end_turn(events);
            }
            Action::PlayEvent(card) => self.play_event(card, events),
            Action::Influence { space, pool } => {
                let (purchase, pay) = self.check_influence(&t, space, pool)?;
                let military = t.pools.get(pool as usize).is_some_and(|p| p.kind == ApKind::Military);
                self.pay(pool, purchase, &pay, events);
                if military && let Some(tt) = self.turn_mut() {
                    // Jacobite Uprisings' first ability is in use for the rest of the turn.
                    tt.mods.jacobite_ability = Some(0);
                }
                let to = match purchase {
                    Purchase::Flag(_) => Some(me.flag()),
                    _ => None,
                };
                self.set_flag(space, to, events);
            }
            Action::UnflagWith { advantage, space, pool } => {
                let (purchase, pay) = self.check_unflag_with(&t, advantage, space, pool)?;
                self.use_advantage(advantage, events);
                self.pay(pool, purchase, &pay, events);
                self.set_flag(space, None, events);
            }
            Action::DrawEvent { pool } => {
                let pay = self.plan(&t, pool, Purchase::DrawEvent, ApKind::Diplomatic, 3)?;
                self.pay(pool, Purchase::DrawEvent, &pay, events);
                self.draw_card(me, events);
            }
            Action::BuyBonusTile { pool } => {
                let pay = self.plan(&t, pool, Purchase::BonusTile, ApKind::Military, 2)?;
                self.pay(pool, Purchase::BonusTile, &pay, events);
                if let Some(tt) = self.turn_mut() {
                    tt.bonus_bought += 1;
                }
                self.draw_bonus_tile(me, crate::tasks::Cause::Purchase);
            }
            Action::RemoveConflict { space, pool } => {
                let cost = self.conflict_removal_cost(space)?;
                let pay = self.plan(&t, pool, Purchase::RemoveConflict(space), ApKind::Military, cost)?;
                self.pay(pool, Purchase::RemoveConflict(space), &pay, events);
                self.board.conflict.remove(space);
                self.board.conflict_plus.remove(space);
                events.push(Event::ConflictRemoved { space });
                self.update_advantages(events);
            }
            Action::BuildFort { space, pool } => {
                let cost = self.fort_cost(&t, space, FortWork::Build)?;
                let pay = self.plan(&t, pool, Purchase::BuildFort(space), ApKind::Military, cost)?;
                self.pay(pool, Purchase::BuildFort(space), &pay, events);
                self.set_flag(space, Some(me.flag()), events);
            }
            Action::RepairFort { space, pool } => {
                let cost = self.fort_cost(&t, space, FortWork::Repair)?;
                let pay = self.plan(&t, pool, Purchase::RepairFort(space), ApKind::Military, cost)?;
                self.pay(pool, Purchase::RepairFort(space), &pay, events);
                self.board.damaged.remove(space);
                events.push(Event::FortRepaired { space });
            }
            Action::TakeFort { space, pool } => {
                let cost = self.fort_cost(&t, space, FortWork::Take)?;
                let pay = self.plan(&t, pool, Purchase::TakeFort(space), ApKind::Military, cost)?;
                self.pay(pool, Purchase::TakeFort(space), &pay, events);
                self.board.damaged.remove(space);
                events.push(Event::FortRepaired { space });
                self.set_flag(space, Some(me.flag()), events);
            }
            Action::BuildSquadron { pool } => {
                let pay = self.plan(&t, pool, Purchase::BuildSquadron, ApKind::Military, self.squadron_cost(&t))?;
                self.pay(pool, Purchase::BuildSquadron, &pay, events);
                if let Some(tt) = self.turn_mut() {
                    tt.mods.squadron_discount = 0;
                    tt.mods.cheap_squadron = false;
                }
                self.power_mut(me).navy_box += 1;
                events.push(Event::SquadronBuilt { power: me });
            }
            Action::Deploy { from, to, pool } => {
                let cost = self.deploy_cost(&t, from, to)?;
                let onto_enemy = self.board.is(to, me.opponent());
                let purchase = Purchase::Deploy { to, onto_enemy };
                let pay = self.plan(&t, pool, purchase, ApKind::Military, cost)?;
                self.pay(pool, purchase, &pay, events);
                if onto_enemy {
                    self.squadron_home(to, events);
                }
                match from {
                    None => self.power_mut(me).navy_box -= 1,
                    Some(s) => self.set_flag(s, None, events),
                }
                self.set_flag(to, Some(me.flag()), events);
                if let Some(tt) = self.turn_mut() {
                    tt.deployed.insert(to);
                }
                events.push(Event::SquadronDeployed { power: me, from, to });
            }
            Action::Convert { pool, into } => {
                let pay = self.plan(&t, pool, Purchase::Convert, ApKind::Military, 2)?;
                self.pay(pool, Purchase::Convert, &pay, events);
                self.add_points(into, 1, Rule::Any, Origin::Converted, events);
                if let Some(tt) = self.turn_mut() {
                    tt.mods.converted = Some(into);
                }
            }
            Action::JacobiteVp { pool } => {
                let pay = self.plan(&t, pool, Purchase::JacobiteVp, ApKind::Military, 3)?;
                self.pay(pool, Purchase::JacobiteVp, &pay, events);
                self.jacobite_vp(events);
            }
            Action::Borrow { pool } => self.borrow(me, pool, events),
            Action::Treaty { pool } => {
                self.lose_trp(me, 1, events);
                self.add_to_pool(pool, 1);
            }
            Action::Advantage(adv) => self.use_advantage(adv, events),
            Action::Upgrade => self.start_upgrade(events),
            Action::FlipHuguenots(s) => {
                self.board.huguenots_spent.insert(s);
                let region = self.content.space(s).region;
                if let Some(tt) = self.turn_mut() {
                    tt.mods.huguenot = Some(region);
                }
                events.push(Event::MinistryUsed { power: me, ministry: m::NEW_WORLD_HUGUENOTS });
                events.push(Event::Huguenots { space: s, flipped: true });
            }
            Action::EndTurn => self.end_turn(events),
            _ => return Err(Refusal::new("that is not something to do in a turn now", sec!("§5"))),
        }
        // Anything but revealing a ministry closes the chance to pass and, once points are spent, to play an
        // event (§5.1, §5.2).
        if let Some(tt) = self.turn_mut()
            && !matches!(a, Action::Reveal(_) | Action::TakeTile(_))
        {
            tt.untouched = false;
            if !matches!(
                a,
                Action::PlayEvent(_) | Action::Ministry { .. } | Action::Borrow { .. } | Action::Treaty { .. }
            ) {
                tt.event_window = false;
            }
        }
        Ok(())
    }

    /// §5.1: the tile gives its major and minor actions (and the ministries that add to them).
    fn take_tile(&mut self, tile: u8, events: &mut Vec<Event>) {
        let me = self.turn_state().map(|t| t.active).unwrap_or(Power::Britain);
        self.investments.display.retain(|&x| x != tile);
        self.investments.taken.push((me, tile));
        events.push(Event::TileTaken { power: me, tile });
        let info = self.content.investments[tile as usize];
        // North American Trade: more furs and fish markets than Britain at the start of the turn.
        let nat = me == Power::France && self.power(me).has_revealed(m::NORTH_AMERICAN_TRADE) && {
            let fur_fish = self.content.masks.commodity[crate::content::Commodity::Furs.index()]
                .or(self.content.masks.commodity[crate::content::Commodity::Fish.index()]);
            let n = self.counted(fur_fish);
            n[1] > n[0]
        };
        let bonus = |kind: ApKind| u8::from(nat && kind == ApKind::Economic);
        let burke =
            me == Power::Britain && self.power(me).has_revealed(m::EDMUND_BURKE) && info.major == ApKind::Diplomatic;
        let ireland =
            self.content.country("ireland").and(self.board.of(Power::Britain)).without(self.board.conflict).len() as u8;
        if let Some(t) = self.turn_mut() {
            t.tile = Some(tile);
            // §5.1 and its game note: a ministry used before the tile (Walpole, the Bank of England) leaves
            // the tile untouched, so the power may still pass.
            t.untouched = true;
            t.upgrade = info.upgrade;
            t.pools.push(Pool {
                kind: info.major,
                points: info.points + bonus(info.major),
                origin: Origin::Major,
                rule: Rule::Any,
                closed: false,
            });
            t.pools.push(Pool {
                kind: info.minor,
                points: 2 + bonus(info.minor),
                origin: Origin::Minor,
                rule: Rule::Any,
                closed: false,
            });
            if burke && ireland > 0 {
                t.pools.push(Pool {
                    kind: ApKind::Diplomatic,
                    points: ireland,
                    origin: Origin::Ministry,
                    rule: Rule::Region(crate::content::Region::Europe),
                    closed: false,
                });
            }
        }
    }

    /// Add points to the turn: unrestricted event points join an unrestricted pool of their kind that is not
    /// a minor action (§5.2, 3); others make a pool of their own.
    pub(crate) fn add_points(&mut self, kind: ApKind, points: u8, rule: Rule, origin: Origin, events: &mut Vec<Event>) {
        if points == 0 {
            return;
        }
        let Some(t) = self.turn_mut() else { return };
        let me = t.active;
        if rule == Rule::Any
            && let Some(p) = t
                .pools
                .iter_mut()
                .find(|p| p.kind == kind && p.rule == Rule::Any && p.origin != Origin::Minor && !p.closed)
        {
            p.points += points;
        } else {
            t.pools.push(Pool { kind, points, origin, rule, closed: false });
        }
        events.push(Event::PointsGained { power: me, kind, points });
    }

    fn add_to_pool(&mut self, pool: u8, points: u8) {
        if let Some(p) = self.turn_mut().and_then(|t| t.pools.get_mut(pool as usize)) {
            p.points += points;
        }
    }

    /// §6.1: 1 debt for 1 point; Merchant Banks waives the first two for economic points each round, and
    /// Turgot adds a point to France's first debt of a turn while France has more available debt.
    fn borrow(&mut self, me: Power, pool: u8, events: &mut Vec<Event>) {
        let kind = self.turn_state().and_then(|t| t.pools.get(pool as usize)).map(|p| p.kind);
        let Some(kind) = kind else { return };
        if self.merchant_banks_free(me, kind) {
            self.power_mut(me).merchant_banks += 1;
            events.push(Event::MinistryUsed { power: me, ministry: m::MERCHANT_BANKS });
        } else {
            let turgot = me == Power::France
                && self.power(me).has_revealed(m::TURGOT)
                && self.turn_state().is_some_and(|t| t.mods.debt_taken == 0)
                && self.power(me).available_debt() > self.power(me.opponent()).available_debt();
            let s = self.power_mut(me);
            s.debt += 1;
            let debt = s.debt;
            events.push(Event::Debt { power: me, amount: 1, debt });
            if turgot {
                self.add_to_pool(pool, 1);
                events.push(Event::MinistryUsed { power: me, ministry: m::TURGOT });
            }
            if let Some(t) = self.turn_mut() {
                t.mods.debt_taken += 1;
            }
        }
        self.add_to_pool(pool, 1);
    }

    fn merchant_banks_free(&self, me: Power, kind: ApKind) -> bool {
        me == Power::Britain
            && kind == ApKind::Economic
            && self.power(me).has_revealed(m::MERCHANT_BANKS)
            && self.power(me).merchant_banks < 2
    }

    /// What influencing `space` buys and how it is paid (§5.4, §5.5).
    /// §8.2: a cost advantage is used with the unflag it pays for — the tile usable now, the space one it
    /// applies to and under an enemy flag, and the purchase affordable at the lowered cost. Using one with
    /// nothing bought is no action at all (it would otherwise earn Pompadour & Du Barry's treaty point).
    pub(crate) fn check_unflag_with(
        &self,
        t: &Turn,
        advantage: crate::content::Advantage,
        space: SpaceId,
        pool: u8,
    ) -> Result<(Purchase, Payment), Refusal> {
        let Some((_, applies)) = crate::advantages::cost_mod(advantage) else {
            return Err(Refusal::new("{} does not lower a cost: use it on its own", sec!("§8.2"))
                .arg(Arg::Advantage(advantage)));
        };
        self.check_advantage_held(t, advantage)?;
        if !applies(&self.content, space) || !self.removable_enemy(t.active).contains(space) {
            return Err(Refusal::new("{} does not lower the cost of unflagging {}", sec!("§8.2"))
                .arg(Arg::Advantage(advantage))
                .space(space));
        }
        self.check_influence_with(t, space, pool, Some(advantage))
    }

    pub(crate) fn check_influence(&self, t: &Turn, space: SpaceId, pool: u8) -> Result<(Purchase, Payment), Refusal> {
        self.check_influence_with(t, space, pool, None)
    }

    /// [`Self::check_influence`], with the cost advantage `using` applied to this purchase.
    fn check_influence_with(
        &self,
        t: &Turn,
        space: SpaceId,
        pool: u8,
        using: Option<crate::content::Advantage>,
    ) -> Result<(Purchase, Payment), Refusal> {
        let me = t.active;
        let c = &*self.content;
        let sp = c.space(space);
        if !self.on_board().contains(space) {
            return Err(Refusal::new("{} is not on the board yet", sec!("§3.2.1, §10.0")).space(space));
        }
        let purchase = match self.board.owner(space) {
            None => Purchase::Flag(space),
            Some(f) if f == me.flag() => {
                return Err(Refusal::new("{} is already yours", sec!("§3.2.8")).space(space));
            }
            Some(Flag::Usa) => {
                return Err(Refusal::new("US flags can never be removed", sec!("§10.0")));
            }
            Some(_) => Purchase::Unflag(space),
        };
        let kind = match sp.kind {
            SpaceKind::Market => {
                if !self.market_reachable(me, space) {
                    return Err(Refusal::new(
                        "{} is not joined to your territory, fort or naval space, nor to a market of yours that is \
                         conflict-free, not isolated and held since the start of the turn",
                        sec!("§5.4.1"),
                    )
                    .space(space));
                }
                ApKind::Economic
            }
            SpaceKind::Political => {
                let jacobite = t.pools.get(pool as usize).is_some_and(|p| p.kind == ApKind::Military)
                    && Countries::ScotlandIreland.contains(c, space);
                if jacobite {
                    self.check_jacobite(t, 0)?;
                    ApKind::Military
                } else {
                    ApKind::Diplomatic
                }
            }
            _ => {
                return Err(Refusal::new(
                    "only markets and political spaces are influenced; forts and squadrons are military actions",
                    sec!("§5.4, §5.5, §5.6"),
                ));
            }
        };
        let cost = self.influence_cost(t, space, purchase, using);
        let pay = self.plan(t, pool, purchase, kind, cost)?;
        Ok((purchase, pay))
    }

    /// The printed cost with everything that changes it, decreases first (§5.4.2, §5.5.2, §8.2).
    pub(crate) fn influence_cost(
        &self,
        t: &Turn,
        space: SpaceId,
        purchase: Purchase,
        using: Option<crate::content::Advantage>,
    ) -> u8 {
        let me = t.active;
        let c = &*self.content;
        let sp = c.space(space);
        let unflag = matches!(purchase, Purchase::Unflag(_));
        let mut base = i32::from(sp.cost);
        let marked = self.board.conflict.contains(space);
        if marked || (sp.kind == SpaceKind::Market && t.isolated.contains(space)) {
            base = 1;
        }
        // The advantage used with this purchase, beside those left pending by events this turn.
        let using = using.and_then(crate::advantages::cost_mod).filter(|(_, applies)| applies(c, space));
        let using_is = |m: crate::advantages::CostMod| using.is_some_and(|(x, _)| x == m);
        if unflag && (t.mods.sets_to_one(c, space) || using_is(crate::advantages::CostMod::SetToOne)) {
            base = 1;
        }
        let mut less = 0;
        if unflag {
            less += i32::from(t.mods.discount_for(c, space)) + i32::from(using_is(crate::advantages::CostMod::LessOne));
        }
        if sp.kind == SpaceKind::Market && t.mods.huguenot == Some(sp.region) {
            less += 1;
        }
        if me == Power::Britain {
            let s = self.power(me);
            if !unflag && s.has_revealed(m::JONATHAN_SWIFT) && Countries::ScotlandIreland.contains(c, space) {
                less += 1;
            }
            if s.has_revealed(m::EDMUND_BURKE) && (sp.id == "sons_of_liberty" || c.masks.usa.contains(space)) {
                less += 1;
            }
            let country = sp.country.as_deref().unwrap_or("");
            if unflag && t.mods.hanbury && ["prussia", "german_states", "russia"].contains(&country) {
                less += 1;
            }
            if unflag && t.mods.pacte && ["spain", "austria"].contains(&country) {
                less += 1;
            }
        }
        // Decreases first, then increases, and only the result is kept at 1 or more (§5.4.2; the Rum example
        // of §8.2: a protected market of cost 2 with a conflict marker costs 2 − 1 − 1 + 1 = 1 with Rum).
        let more = i32::from(sp.kind == SpaceKind::Market && self.is_protected(space));
        (base - less + more).max(1) as u8
    }

    /// §5.6.2: 2 military points (3 for a «+1» marker), 1 less if the space is protected.
    fn conflict_removal_cost(&self, space: SpaceId) -> Result<u8, Refusal> {
        if !self.board.conflict.contains(space) {
            return Err(Refusal::new("there is no conflict marker on {}", sec!("§5.6.2")).space(space));
        }
        let mut cost = 2 + u8::from(self.board.conflict_plus.contains(space));
        if self.is_protected(space) {
            cost -= 1;
        }
        Ok(cost.max(1))
    }

    fn fort_cost(&self, t: &Turn, space: SpaceId, work: FortWork) -> Result<u8, Refusal> {
        let c = &*self.content;
        let sp = c.space(space);
        let me = t.active;
        if sp.kind != SpaceKind::Fort || !self.on_board().contains(space) {
            return Err(Refusal::new("{} is not a fort space", sec!("§3.2.5")).space(space));
        }
        let near = c.masks.neighbours[space.index()];
        match work {
            FortWork::Build => {
                if self.board.owner(space).is_some() {
                    return Err(Refusal::new("{} already holds a fort", sec!("§5.6.3")).space(space));
                }
                let footing = near.and(t.held_at_start).and(c.masks.market.or(c.masks.territory).or(c.masks.naval));
                if footing.without(self.board.conflict).is_empty() {
                    return Err(Refusal::new(
                        "to build at {} you must have held a market, territory or naval space joined to it since the \
                         start of your turn",
                        sec!("§5.6.3"),
                    )
                    .space(space));
                }
                Ok(sp.cost)
            }
            FortWork::Repair => {
                if !self.board.is(space, me) || !self.board.damaged.contains(space) {
                    return Err(Refusal::new("{} is not a damaged fort of yours", sec!("§5.6.4")).space(space));
                }
                Ok(sp.cost.saturating_sub(1).max(1))
            }
            FortWork::Take => {
                if !self.board.is(space, me.opponent()) || !self.board.damaged.contains(space) {
                    return Err(Refusal::new(
                        "{} is not a damaged enemy fort: undamaged forts change hands only in war",
                        sec!("§5.6.3, §5.6.4"),
                    )
                    .space(space));
                }
                if near.and(self.board.of(me)).and(c.masks.naval.or(c.masks.market)).is_empty() {
                    return Err(
                        Refusal::new("you need a squadron or a market joined to {}", sec!("§5.6.4")).space(space)
                    );
                }
                Ok(sp.cost + 1)
            }
        }
    }

    fn squadron_cost(&self, t: &Turn) -> u8 {
        let base: u8 = if t.mods.cheap_squadron { 2 } else { 4 };
        base.saturating_sub(t.mods.squadron_discount)
    }

    fn deploy_cost(&self, t: &Turn, from: Option<SpaceId>, to: SpaceId) -> Result<u8, Refusal> {
        let me = t.active;
        let c = &*self.content;
        if !c.masks.naval.contains(to) {
            return Err(Refusal::new("{} is not a naval space", sec!("§3.6")).space(to));
        }
        match from {
            None if self.power(me).navy_box == 0 => {
                return Err(Refusal::new("you have no squadron in the navy box", sec!("§5.6.6")));
            }
            Some(s) if !self.board.is(s, me) || !c.masks.naval.contains(s) => {
                return Err(Refusal::new("you have no squadron at {}", sec!("§5.6.6")).space(s));
            }
            Some(s) if t.deployed.contains(s) => {
                return Err(Refusal::new("each squadron is deployed once a turn", sec!("§5.6.6")));
            }
            Some(s) if s == to => return Err(Refusal::new("the squadron is already there", sec!("§5.6.6"))),
            _ => {}
        }
        match self.board.owner(to) {
            None => Ok(1),
            Some(f) if f == me.opponent().flag() => Ok(if from.is_none() { 3 } else { 2 }),
            Some(_) => Err(Refusal::new("you already have a squadron at {}", sec!("§3.6")).space(to)),
        }
    }

    /// §5.6.1: at most 2 a turn, into a theatre of the next war with room (or by moving one out).
    fn check_bonus_purchase(&self, t: &Turn) -> Result<(), Refusal> {
        if self.round() == 6 || self.war.war.is_none() {
            return Err(Refusal::new("there is no war left to buy bonus tiles for", sec!("§5.6.1")));
        }
        if t.bonus_bought >= 2 {
            return Err(Refusal::new("at most two bonus war tiles a turn", sec!("§5.6.1")));
        }
        if !self.bonus_room(t.active) {
            return Err(Refusal::new("every theatre already holds two of your bonus tiles", sec!("§5.6.1")));
        }
        if self.power(t.active).bonus_pool.is_empty() {
            return Err(Refusal::new("you have no bonus war tiles left to draw", sec!("§5.6.1")));
        }
        Ok(())
    }

    /// How `cost` points of `kind` for `purchase` would come out of `pool` and the pools that may add to it
    /// (§5.2, 3; §5.3.2; §5.3.4).
    pub(crate) fn plan(
        &self,
        t: &Turn,
        pool: u8,
        purchase: Purchase,
        kind: ApKind,
        cost: u8,
    ) -> Result<Payment, Refusal> {
        let primary = t
            .pools
            .get(pool as usize)
            .ok_or_else(|| Refusal::new("there is no such pool of points this turn", sec!("§5.3")))?;
        if primary.kind != kind {
            return Err(Refusal::new("this needs {} points, and that pool holds {} points", sec!("§5.3.1"))
                .arg(Arg::Kind(kind))
                .arg(Arg::Kind(primary.kind)));
        }
        if primary.closed {
            return Err(Refusal::new("the minor action has already bought its one thing", sec!("§5.3.2, 1")));
        }
        if !primary.rule.permits(self, purchase) {
            return Err(Refusal::new("those points may be spent {}", sec!("§5.2, 4")).arg(Arg::Rule(primary.rule)));
        }
        let minor = primary.origin == Origin::Minor;
        if minor {
            self.check_minor(t, purchase)?;
        }
        // §5.3.4: economic and diplomatic points pay 1 for each region they act in beyond their first this
        // turn. The seed says "for each change of region" and sends the reader to the reference guide (p. 7),
        // which counts regions, not changes: Europe → North America → Europe costs 1, not 2.
        let mut cost = cost;
        if let (Some(slot), Some(region)) = (region_slot(kind), purchase.region(&self.content))
            && t.regions_spent[slot] != 0
            && t.regions_spent[slot] & region_bit(region) == 0
        {
            cost += 1;
        }
        let mut draws = Vec::new();
        let mut left = cost;
        let take = primary.points.min(left);
        if take > 0 {
            draws.push((pool as usize, take));
            left -= take;
        }
        if left > 0 {
            // Restricted points first, then unrestricted; a minor action may take event points only.
            for restricted in [true, false] {
                for (i, p) in t.pools.iter().enumerate() {
                    if left == 0 {
                        break;
                    }
                    let usable = i != pool as usize
                        && p.kind == kind
                        && !p.closed
                        && p.points > 0
                        && (p.rule != Rule::Any) == restricted
                        && p.origin != Origin::Minor
                        && !(minor && p.origin == Origin::Major)
                        && p.rule.permits(self, purchase);
                    if usable {
                        let take = p.points.min(left);
                        draws.push((i, take));
                        left -= take;
                    }
                }
            }
        }
        if left > 0 {
            return Err(Refusal::new(
                "this costs {} and you have {} for it",
                sec!("§5.3; add debt (§6.1) or treaty points (§9.1)"),
            )
            .arg(Arg::Points(cost.into(), kind))
            .number(cost - left));
        }
        Ok(Payment { draws, cost })
    }

    /// §5.3.2: a minor action buys one thing and takes no enemy flag or squadron off a space without a
    /// conflict marker (Jonathan Swift and Townshend Acts open exceptions for Britain).
    fn check_minor(&self, t: &Turn, purchase: Purchase) -> Result<(), Refusal> {
        let me = t.active;
        match purchase {
            Purchase::Unflag(s) if !self.board.conflict.contains(s) => {
                let sp = self.content.space(s);
                let swift = me == Power::Britain
                    && self.power(me).has_revealed(m::JONATHAN_SWIFT)
                    && sp.kind == SpaceKind::Political
                    && sp.region == crate::content::Region::Europe
                    && self.counted(self.content.country("ireland"))[me.index()] > 0;
                let townshend = me == Power::Britain
                    && sp.kind == SpaceKind::Market
                    && self.power(me).townshend.is_some_and(|c| sp.commodity == Some(c));
                if swift || townshend {
                    Ok(())
                } else {
                    Err(Refusal::new(
                        "a minor action removes an enemy flag only from a space with a conflict marker",
                        sec!("§5.3.2, 2"),
                    ))
                }
            }
            Purchase::TakeFort(_) | Purchase::Deploy { onto_enemy: true, .. } => Err(Refusal::new(
                "a minor action cannot take an enemy fort or squadron off the map",
                sec!("§5.3.2, 2; §5.6.6"),
            )),
            _ => Ok(()),
        }
    }

    /// Take a planned payment's points, close a minor action, and note the region (§5.3.4).
    pub(crate) fn pay(&mut self, pool: u8, purchase: Purchase, pay: &Payment, events: &mut Vec<Event>) {
        // The turn and the content are apart, so both may be borrowed at once.
        let c = &*self.content;
        let Phase::Actions(t) = &mut self.phase else { return };
        let me = t.active;
        let kind = t.pools[pool as usize].kind;
        for &(i, n) in &pay.draws {
            let p = &mut t.pools[i];
            p.points -= n;
            if p.origin == Origin::Minor {
                p.closed = true;
                p.points = 0;
            }
        }
        if let (Some(slot), Some(region)) = (region_slot(kind), purchase.region(c)) {
            t.regions_spent[slot] |= region_bit(region);
            // Edmund Burke's points are for a diplomatic major action kept in Europe: spending the major's
            // diplomatic points elsewhere forfeits them, and spending them keeps the major in Europe.
            if kind == ApKind::Diplomatic {
                let outside = region != crate::content::Region::Europe;
                let burke_spent = pay.draws.iter().any(|&(i, _)| is_burke(&t.pools[i]));
                let major_spent = pay.draws.iter().any(|&(i, _)| t.pools[i].origin == Origin::Major);
                if outside && major_spent {
                    for p in t.pools.iter_mut().filter(|p| is_burke(p)) {
                        p.points = 0;
                        p.closed = true;
                    }
                }
                if burke_spent {
                    for p in t.pools.iter_mut().filter(|p| p.origin == Origin::Major && p.kind == ApKind::Diplomatic) {
                        p.rule = Rule::Region(crate::content::Region::Europe);
                    }
                }
            }
        }
        t.mods.consume_for(c, purchase);
        events.push(Event::Spent { power: me, points: pay.cost, kind, what: describe_purchase(c, purchase) });
    }
}

fn is_burke(p: &Pool) -> bool {
    p.origin == Origin::Ministry
        && p.kind == ApKind::Diplomatic
        && p.rule == Rule::Region(crate::content::Region::Europe)
}

/// A region's bit in [`Turn::regions_spent`].
fn region_bit(region: crate::content::Region) -> u8 {
    1 << region.index()
}

fn region_slot(kind: ApKind) -> Option<usize> {
    match kind {
        ApKind::Economic => Some(0),
        ApKind::Diplomatic => Some(1),
        ApKind::Military => None,
    }
}

fn describe_purchase(c: &Content, p: Purchase) -> String {
    match p {
        Purchase::Flag(s) => format!("flag {}", name(c, s)),
        Purchase::Unflag(s) => format!("unflag {}", name(c, s)),
        Purchase::DrawEvent => "draw an event card".into(),
        Purchase::BonusTile => "a bonus war tile".into(),
        Purchase::RemoveConflict(s) => format!("remove the conflict marker from {}", name(c, s)),
        Purchase::BuildFort(s) => format!("build a fort at {}", name(c, s)),
        Purchase::RepairFort(s) => format!("repair the fort at {}", name(c, s)),
        Purchase::TakeFort(s) => format!("take the fort at {}", name(c, s)),
        Purchase::BuildSquadron => "build a squadron".into(),
        Purchase::Deploy { to, .. } => format!("deploy a squadron to {}", name(c, to)),
        Purchase::Convert => "convert military points".into(),
        Purchase::JacobiteVp => "Jacobite VP".into(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FortWork {
    Build,
    Repair,
    Take,
}
