//! Resolving the queue of pending effects (`tasks.rs`): what answers a waiting choice accepts, what each
//! answer does, and the automatic steps in between. A choice nobody can make is dropped — an effect that
//! cannot be carried out does nothing (§5.2 game note, §7.1.2).

use rand::Rng;
use std::sync::Arc;

use crate::action::Action;
use crate::cite::{Refusal, sec};
use crate::content::{Advantage, ApKind, Flag, Power, Region, SpaceKind, SpaceSet};
use crate::event::Event;
use crate::spend::Rule;
use crate::state::{BONUS_PER_THEATRE, ImperialStruggle, MIN_BASIC_TILES, Origin};
use crate::tasks::{Check, Effect, Filter, FlagIs, Label, Opt, Pick, Task};

impl ImperialStruggle {
    /// Run automatic steps at the front of the queue, and drop choices that cannot be made, until a real
    /// choice waits or the queue is empty.
    pub(crate) fn run_tasks(&mut self, events: &mut Vec<Event>) {
        loop {
            if self.winner().is_some() {
                self.tasks.clear();
                return;
            }
            let Some(front) = self.tasks.front() else { return };
            if let Task::Then(_) = front {
                if let Some(Task::Then(effect)) = self.tasks.pop_front() {
                    self.execute(effect, events);
                }
                continue;
            }
            if self.task_possible(front) {
                return;
            }
            self.tasks.pop_front();
        }
    }

    /// Whether a task has anything to choose (other than stopping).
    pub(crate) fn task_possible(&self, task: &Task) -> bool {
        match task {
            Task::Then(_) => true,
            _ => self.task_answers(task).iter().any(|a| *a != Action::Done),
        }
    }

    /// Whether an option can be taken: its first step is possible.
    fn option_possible(&self, o: &Opt) -> bool {
        match o.then.first() {
            None => true,
            Some(Task::Then(Effect::LoseTrp { power, amount })) => self.power(*power).trp >= *amount,
            Some(t) => self.task_possible(t),
        }
    }

    /// The spaces a space task may pick now.
    fn space_choices(&self, pick: Pick, filter: &Filter) -> SpaceSet {
        let m = &self.content.masks;
        let s = self.candidates(filter);
        match pick {
            Pick::Conflict | Pick::ConflictPlus => s.and(m.political.or(m.market)).without(self.board.conflict),
            Pick::DamageFort => s.and(m.fort).without(self.board.damaged),
            Pick::FortOrFleet => s.and(m.fort.without(self.board.damaged).or(m.naval)),
            Pick::SquadronToBox | Pick::SquadronToBrig | Pick::SquadronForGood | Pick::LoseSquadron => s.and(m.naval),
            _ => s,
        }
    }

    /// The power whose squadron a squadron task takes (for the navy-box answer).
    pub(crate) fn squadron_owner(filter: &Filter) -> Option<Power> {
        match filter.flag {
            FlagIs::Of(p) => Some(p),
            _ => None,
        }
    }

    /// Every answer the task accepts now.
    pub(crate) fn task_answers(&self, task: &Task) -> Vec<Action> {
        let mut out = Vec::new();
        match task {
            Task::Then(_) => {}
            Task::Space { pick, filter, optional, .. } => {
                out.extend(self.space_choices(*pick, filter).iter().map(Action::Pick));
                if matches!(pick, Pick::SquadronToBrig | Pick::SquadronForGood | Pick::LoseSquadron)
                    && Self::squadron_owner(filter).is_some_and(|p| self.power(p).navy_box > 0)
                {
                    out.push(Action::NavyBox);
                }
                if *optional && !out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Task::Options { options, .. } => {
                for (i, o) in options.iter().enumerate() {
                    if self.option_possible(o) {
                        out.push(Action::Choose(i as u8));
                    }
                }
            }
            Task::PlaceBonus { who, .. } => {
                let room = self.theatres_with_room(*who);
                if !room.is_empty() {
                    out.extend((0..self.war.theatres.len() as u8).map(Action::Theatre));
                }
            }
            Task::MoveBonusOut { who, theatre, keep } => {
                let tiles = &self.war.theatres[*theatre as usize][who.index()].bonus;
                out.extend(tiles.iter().filter(|&&x| x != *keep).map(|&x| Action::BonusTile(x)));
            }
            Task::MoveBonusTo { who, from, .. } => {
                out.extend(self.theatres_with_room(*who).into_iter().filter(|t| t != from).map(Action::Theatre));
            }
            Task::UpgradeChoose { who } => {
                for (t, tiles) in self.war.theatres.iter().enumerate() {
                    for slot in 0..tiles[who.index()].basic.len() {
                        out.push(Action::BasicTile { theatre: t as u8, slot: slot as u8 });
                    }
                }
            }
            Task::UpgradeKeep { .. } | Task::Resist { .. } => out.extend([Action::Choose(0), Action::Choose(1)]),
            Task::UpgradeDrop { who, .. } => {
                out.push(Action::Choose(0));
                // The dropped tile is neither in the pool nor on the mat: removing it leaves what is counted.
                if self.basic_tiles_owned(*who) >= MIN_BASIC_TILES {
                    out.push(Action::Choose(1));
                }
            }
            Task::UpgradeSwap { who, first } => {
                for (t, tiles) in self.war.theatres.iter().enumerate() {
                    if !tiles[who.index()].basic.is_empty() && Some(t as u8) != *first {
                        out.push(Action::Theatre(t as u8));
                    }
                }
            }
            Task::AssignBasic { who, .. } => {
                for (t, tiles) in self.war.theatres.iter().enumerate() {
                    if tiles[who.index()].basic.is_empty() {
                        out.push(Action::Theatre(t as u8));
                    }
                }
            }
            Task::Discard { who, .. } => out.extend(self.power(*who).hand.iter().map(|&c| Action::Discard(c))),
            Task::FreeAdvantage { who, region, .. } => {
                out.extend(
                    self.advantages_of(*who).filter(|&a| self.free_advantage_ok(a, *region)).map(Action::Advantage),
                );
                if !out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Task::RefreshAdvantages { who, .. } => {
                out.extend(
                    self.advantages_of(*who)
                        .filter(|&a| {
                            self.advantages[a.index()].exhausted && self.content.advantage(a).region == Region::Europe
                        })
                        .map(Action::Advantage),
                );
                if !out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Task::ExhaustAdvantages { .. } => {
                out.extend(
                    (0..self.advantages.len())
                        .filter(|&i| !self.advantages[i].exhausted)
                        .map(|i| Action::Advantage(Advantage(i as u8))),
                );
                if !out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Task::ReturnBonus { who } => {
                for tiles in &self.war.theatres {
                    out.extend(tiles[who.index()].bonus.iter().map(|&x| Action::BonusTile(x)));
                }
            }
            Task::RemoveEnemyBonus { who } => {
                for (t, tiles) in self.war.theatres.iter().enumerate() {
                    if !tiles[who.opponent().index()].bonus.is_empty() {
                        out.push(Action::Theatre(t as u8));
                    }
                }
            }
            Task::PlaceByng { .. } => {
                if let (Some(w), false) = (self.war.war, self.at_war()) {
                    for (t, th) in self.content.war(w).theatres.iter().enumerate() {
                        if th.naval {
                            out.push(Action::Theatre(t as u8));
                        }
                    }
                }
            }
            Task::Conquest { who, theatre, cp } => {
                out.extend(self.conquest_targets(*who, *theatre, *cp).iter().map(Action::Pick));
                if !out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Task::CaptureWith { who, theatre, .. } => {
                let (navy_box, spaces) = self.capturing_squadrons(*who, *theatre);
                if navy_box {
                    out.push(Action::NavyBox);
                }
                out.extend(spaces.iter().map(Action::Pick));
            }
            Task::UsAward { canada } => {
                out.extend(self.us_award_targets(*canada).iter().map(Action::Pick));
                if !out.is_empty() {
                    out.push(Action::Done);
                }
            }
        }
        out
    }

    /// Answer the waiting task.
    pub(crate) fn apply_task(&mut self, a: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let Some(task) = self.tasks.front().cloned() else {
            return Err(Refusal::new("nothing is waiting for an answer", sec!("§5")));
        };
        if !self.task_answers(&task).contains(a) {
            return Err(Refusal::new(refusal(&task), task_rule(&task)));
        }
        self.tasks.pop_front();
        match (task, a.clone()) {
            (Task::Space { .. }, Action::Done)
            | (Task::FreeAdvantage { .. }, Action::Done)
            | (Task::RefreshAdvantages { .. }, Action::Done)
            | (Task::ExhaustAdvantages { .. }, Action::Done)
            | (Task::Conquest { .. }, Action::Done)
            | (Task::UsAward { .. }, Action::Done) => {}
            (Task::Space { who, pick, filter, .. }, Action::NavyBox) => {
                let owner = Self::squadron_owner(&filter).unwrap_or(who);
                let s = self.power_mut(owner);
                s.navy_box -= 1;
                match pick {
                    Pick::SquadronToBrig => {
                        s.brig += 1;
                        events.push(Event::SquadronAside { power: owner });
                    }
                    _ => {
                        let for_good = pick == Pick::SquadronForGood;
                        if for_good {
                            s.squadrons_lost += 1;
                        }
                        events.push(Event::SquadronLost { power: owner, for_good });
                    }
                }
            }
            (Task::Space { who, pick, .. }, Action::Pick(space)) => self.apply_pick(who, pick, space, events),
            (Task::Options { options, .. }, Action::Choose(i)) => {
                if let Some(o) = options.into_iter().nth(i as usize) {
                    for t in o.then.into_iter().rev() {
                        self.tasks.push_front(t);
                    }
                }
            }
            (Task::PlaceBonus { who, tile, .. }, Action::Theatre(t)) => {
                self.war_mut().theatres[t as usize][who.index()].bonus.push(tile);
                events.push(Event::BonusTilePlaced { war: self.mat_war(), power: who, tile: Some(tile), theatre: t });
                if self.war.theatres[t as usize][who.index()].bonus.len() > BONUS_PER_THEATRE {
                    self.tasks.push_front(Task::MoveBonusOut { who, theatre: t, keep: tile });
                }
            }
            (Task::MoveBonusOut { who, theatre, .. }, Action::BonusTile(x)) => {
                self.war_mut().theatres[theatre as usize][who.index()].bonus.retain(|&y| y != x);
                self.tasks.push_front(Task::MoveBonusTo { who, tile: x, from: theatre });
            }
            (Task::MoveBonusTo { who, tile, .. }, Action::Theatre(t)) => {
                self.war_mut().theatres[t as usize][who.index()].bonus.push(tile);
                events.push(Event::BonusTilePlaced { war: self.mat_war(), power: who, tile: Some(tile), theatre: t });
            }
            (Task::UpgradeChoose { who }, Action::BasicTile { theatre, slot }) => {
                let pool = Arc::make_mut(&mut self.powers[who.index()].basic_pool);
                if !pool.is_empty() {
                    let i = self.rng.random_range(0..pool.len());
                    let drawn = pool.remove(i);
                    self.tasks.push_front(Task::UpgradeKeep { who, theatre, slot, drawn });
                }
            }
            (Task::UpgradeKeep { who, theatre, slot, drawn }, Action::Choose(keep_new)) => {
                let tiles = &mut self.war_mut().theatres[theatre as usize][who.index()].basic;
                let dropped = if keep_new == 1 { std::mem::replace(&mut tiles[slot as usize], drawn) } else { drawn };
                if keep_new == 1 {
                    events.push(Event::BasicTileUpgraded { war: self.mat_war(), power: who, theatre });
                }
                self.tasks.push_front(Task::UpgradeDrop { who, kind: dropped });
            }
            (Task::UpgradeDrop { who, kind }, Action::Choose(remove)) => {
                if remove == 1 {
                    Arc::make_mut(&mut self.power_mut(who).basic_removed).push(kind);
                    events.push(Event::BasicTileRemoved { power: who, kind });
                } else {
                    let pool = Arc::make_mut(&mut self.power_mut(who).basic_pool);
                    pool.push(kind);
                    pool.sort_unstable();
                }
            }
            (Task::UpgradeSwap { who, first: None }, Action::Theatre(t)) => {
                self.tasks.push_front(Task::UpgradeSwap { who, first: Some(t) });
            }
            (Task::UpgradeSwap { who, first: Some(a) }, Action::Theatre(b)) => {
                let i = who.index();
                let ta = std::mem::take(&mut self.war_mut().theatres[a as usize][i].basic);
                let tb = std::mem::replace(&mut self.war_mut().theatres[b as usize][i].basic, ta);
                self.war_mut().theatres[a as usize][i].basic = tb;
                events.push(Event::BasicTileUpgraded { war: self.mat_war(), power: who, theatre: a });
            }
            (Task::AssignBasic { who, mut drawn }, Action::Theatre(t)) => {
                if !drawn.is_empty() {
                    let kind = drawn.remove(0);
                    self.war_mut().theatres[t as usize][who.index()].basic.push(kind);
                }
                if !drawn.is_empty() {
                    self.tasks.push_front(Task::AssignBasic { who, drawn });
                }
            }
            (Task::Discard { who, .. }, Action::Discard(card)) => {
                self.power_mut(who).hand.retain(|&c| c != card);
                self.discard.push(card);
                events.push(Event::CardDiscarded { power: who, card });
            }
            (Task::Resist { who, space }, Action::Choose(choice)) => self.resist(who, space, choice == 0, events),
            (Task::FreeAdvantage { .. }, Action::Advantage(adv)) => self.advantage_effect(adv, events),
            (Task::RefreshAdvantages { who, left }, Action::Advantage(adv)) => {
                self.advantages[adv.index()].exhausted = false;
                if left > 1 {
                    self.tasks.push_front(Task::RefreshAdvantages { who, left: left - 1 });
                }
            }
            (Task::ExhaustAdvantages { who, left }, Action::Advantage(adv)) => {
                self.advantages[adv.index()].exhausted = true;
                if left > 1 {
                    self.tasks.push_front(Task::ExhaustAdvantages { who, left: left - 1 });
                }
            }
            (Task::ReturnBonus { who }, Action::BonusTile(x)) => {
                let war = self.mat_war();
                for (t, tiles) in self.war_mut().theatres.iter_mut().enumerate() {
                    let b = &mut tiles[who.index()].bonus;
                    if b.contains(&x) {
                        b.retain(|&y| y != x);
                        events.push(Event::BonusTileReturned { war, power: who, theatre: t as u8 });
                        break;
                    }
                }
                let pool = Arc::make_mut(&mut self.power_mut(who).bonus_pool);
                pool.push(x);
                pool.sort_unstable();
            }
            (Task::RemoveEnemyBonus { who }, Action::Theatre(t)) => {
                let victim = who.opponent();
                let tiles = &mut Arc::make_mut(&mut self.war).theatres[t as usize][victim.index()].bonus;
                if !tiles.is_empty() {
                    let i = self.rng.random_range(0..tiles.len());
                    let x = tiles.remove(i);
                    let pool = Arc::make_mut(&mut self.powers[victim.index()].bonus_pool);
                    pool.push(x);
                    pool.sort_unstable();
                    events.push(Event::BonusTileReturned { war: self.mat_war(), power: victim, theatre: t });
                }
            }
            (Task::PlaceByng { .. }, Action::Theatre(t)) => self.war_mut().byng = Some(t),
            (Task::Conquest { who, theatre, cp }, Action::Pick(space)) => self.conquer(who, theatre, cp, space, events),
            (Task::CaptureWith { who, theatre, cp, target }, Action::NavyBox) => {
                self.capture(who, theatre, cp, target, None, events);
            }
            (Task::CaptureWith { who, theatre, cp, target }, Action::Pick(from)) => {
                self.capture(who, theatre, cp, target, Some(from), events);
            }
            (Task::UsAward { canada }, Action::Pick(space)) => self.us_award(canada, space, events),
            _ => return Err(Refusal::new("that answer does not fit the decision waiting", sec!("§5"))),
        }
        Ok(())
    }

    /// What a picked space undergoes.
    fn apply_pick(&mut self, who: Power, pick: Pick, space: crate::content::SpaceId, events: &mut Vec<Event>) {
        match pick {
            Pick::Shift => {
                let to = if self.board.owner(space).is_none() { Some(who.flag()) } else { None };
                self.set_flag(space, to, events);
            }
            Pick::Unflag | Pick::RemoveFlag | Pick::ClearFort => self.set_flag(space, None, events),
            Pick::TakeControl => self.set_flag(space, Some(who.flag()), events),
            Pick::Conflict | Pick::ConflictPlus => {
                self.board.conflict.insert(space);
                let plus = pick == Pick::ConflictPlus;
                if plus {
                    self.board.conflict_plus.insert(space);
                }
                events.push(Event::ConflictPlaced { space, plus });
            }
            Pick::DamageFort => {
                self.board.damaged.insert(space);
                events.push(Event::FortDamaged { space });
            }
            Pick::FortOrFleet => {
                if self.content.space(space).kind == SpaceKind::Fort {
                    self.board.damaged.insert(space);
                    events.push(Event::FortDamaged { space });
                } else {
                    self.squadron_home(space, events);
                }
            }
            Pick::SquadronToBox => self.squadron_home(space, events),
            Pick::SquadronToBrig | Pick::SquadronForGood | Pick::LoseSquadron => {
                if let Some(owner) = self.controller(space) {
                    self.set_flag(space, None, events);
                    match pick {
                        Pick::SquadronToBrig => {
                            self.power_mut(owner).brig += 1;
                            events.push(Event::SquadronAside { power: owner });
                        }
                        _ => {
                            let for_good = pick == Pick::SquadronForGood;
                            if for_good {
                                self.power_mut(owner).squadrons_lost += 1;
                            }
                            events.push(Event::SquadronLost { power: owner, for_good });
                        }
                    }
                }
            }
            Pick::UsFlag => {
                self.set_flag(space, Some(Flag::Usa), events);
                events.push(Event::UsFlag { space });
            }
            Pick::Huguenots => {
                self.board.huguenots.insert(space);
                events.push(Event::Huguenots { space, flipped: false });
            }
            Pick::Conquer => {}
        }
        // Conflict markers stop advantages being gained, and their removal may let one be taken.
        self.update_advantages(events);
    }

    /// Carry out an automatic step.
    pub(crate) fn execute(&mut self, effect: Effect, events: &mut Vec<Event>) {
        let active = self.turn_state().map(|t| t.active);
        match effect {
            Effect::Vp { power, amount } => self.score(power, amount, events),
            Effect::Debt { power, amount } => self.force_debt(power, amount, events),
            Effect::ReduceDebt { power, amount } => {
                self.reduce_debt(power, amount, events);
            }
            Effect::Trp { power, amount } => self.gain_trp(power, amount, events),
            Effect::LoseTrp { power, amount } => self.lose_trp(power, amount, events),
            Effect::AddDemand(c) => {
                if !self.demand.contains(&c) {
                    self.demand.push(c);
                    self.demand.sort();
                    events.push(Event::DemandDrawn { commodities: self.demand.clone() });
                }
            }
            Effect::Townshend(c) => self.power_mut(Power::Britain).townshend = Some(c),
            Effect::Points { kind, points, rule } => self.add_points(kind, points, rule, Origin::Event, events),
            Effect::Check(c) => self.check(c, events),
            Effect::DrawBonus { who, cause } => self.draw_bonus_tile(who, cause),
            Effect::FreeSquadron { power } => {
                if self.squadrons_unbuilt(power) > 0 {
                    self.power_mut(power).navy_box += 1;
                    events.push(Event::SquadronBuilt { power });
                }
            }
            Effect::BuildThen { power, pay } => {
                if self.squadrons_unbuilt(power) > 0 {
                    self.power_mut(power).navy_box += 1;
                    events.push(Event::SquadronBuilt { power });
                    self.tasks.push_front(*pay);
                }
            }
            Effect::ScoreDemand(c) => self.score_demand(c, events),
            Effect::War => self.war_step(events),
            Effect::ClearIsolatedAmericas { before } => self.clear_isolated_americas(before, events),
            Effect::SquadronDiscount(n) => {
                if let Some(t) = self.turn_mut() {
                    t.mods.squadron_discount += n;
                }
            }
            Effect::ReduceDebtOrPoints { amount } => {
                if let Some(me) = active {
                    let cut = self.reduce_debt(me, amount, events);
                    self.add_points(ApKind::Economic, amount - cut, Rule::Any, Origin::Event, events);
                }
            }
            Effect::Pacte => {
                if let Some(t) = self.turn_mut() {
                    t.mods.pacte = true;
                }
            }
            Effect::DrawBonusTo { who, theatre } => {
                if let Some(tile) = self.take_bonus_from_pool(who) {
                    let tiles = &mut self.war_mut().theatres[theatre as usize][who.index()].bonus;
                    tiles.push(tile);
                    let over = tiles.len() > BONUS_PER_THEATRE;
                    events.push(Event::BonusTilePlaced { war: self.mat_war(), power: who, tile: Some(tile), theatre });
                    if over {
                        self.tasks.push_front(Task::MoveBonusOut { who, theatre, keep: tile });
                    }
                }
            }
            Effect::CoHong { who } => {
                let fresh: Vec<_> =
                    crate::content::Commodity::ALL.into_iter().filter(|c| !self.demand.contains(c)).collect();
                if !fresh.is_empty() {
                    let new = fresh[self.rng.random_range(0..fresh.len())];
                    let options = self
                        .demand
                        .iter()
                        .map(|&c| Opt { label: Label::Demand(c), then: vec![Task::Then(Effect::RemoveDemand(c))] })
                        .collect();
                    self.demand.push(new);
                    self.demand.sort();
                    events.push(Event::DemandDrawn { commodities: self.demand.clone() });
                    self.tasks.push_front(Task::Options {
                        who,
                        options,
                        cause: crate::tasks::Cause::Event(crate::cards::CO_HONG_SYSTEM),
                    });
                }
            }
            Effect::RemoveDemand(c) => {
                self.demand.retain(|&d| d != c);
                events.push(Event::DemandDrawn { commodities: self.demand.clone() });
            }
            Effect::Lavoisier => {
                if let Some(t) = self.turn_mut() {
                    for p in
                        t.pools.iter_mut().filter(|p| matches!(p.origin, Origin::Major | Origin::Minor) && !p.closed)
                    {
                        p.points += 1;
                    }
                }
            }
            Effect::QuadrupleAlliance => {
                let br = Power::Britain;
                if self.power(br).navy_box > 0 || !self.squadrons_on_map(br).is_empty() {
                    let f = Filter::new(self.content.masks.naval, FlagIs::Of(br));
                    let cause = crate::tasks::Cause::Event(crate::cards::WAR_OF_THE_QUADRUPLE_ALLIANCE);
                    self.tasks.push_front(Task::Then(Effect::Vp { power: br, amount: 2 }));
                    self.tasks.push_front(Task::Space {
                        who: br,
                        pick: Pick::SquadronToBrig,
                        filter: f,
                        optional: false,
                        cause,
                    });
                }
            }
        }
    }

    /// The rules of cards that look at the board after their earlier steps.
    fn check(&mut self, c: Check, events: &mut Vec<Event>) {
        let cm = &*self.content;
        let (br, fr) = (Power::Britain, Power::France);
        let held = |g: &ImperialStruggle, set: SpaceSet, p: Power| g.counted(set)[p.index()];
        match c {
            Check::GermanStatesBritish => {
                let gs = cm.country("german_states");
                if held(self, gs, br) == gs.len() {
                    self.score(br, 2, events);
                }
            }
            Check::NoBritishInSpainAustria => {
                if held(self, cm.country("spain").or(cm.country("austria")), br) == 0 {
                    self.score(fr, 2, events);
                }
            }
            Check::RussiaForFrance => {
                if let Some(russia) = cm.space_by_id("russia") {
                    // A conflict marker keeps a space out of events (§3.8): a marked French Russia gives nothing.
                    match self.board.owner(russia) {
                        Some(Flag::France) if self.board.conflict.contains(russia) => {}
                        Some(Flag::France) => self.score(fr, 2, events),
                        None => self.set_flag(russia, Some(Flag::France), events),
                        Some(Flag::Britain) => self.set_flag(russia, None, events),
                        Some(_) => {}
                    }
                }
            }
            Check::SavoySardinia => {
                let both: SpaceSet = ["savoy", "sardinia"].iter().filter_map(|id| cm.space_by_id(id)).collect();
                if held(self, both, fr) == 2 {
                    self.score(fr, 3, events);
                }
            }
            Check::InterestPayments { power } => {
                let opp = power.opponent();
                let at_limit = self.power(opp).available_debt() == 0;
                let s = self.power_mut(opp);
                s.debt_limit = s.debt_limit.saturating_sub(1);
                let limit = s.debt_limit;
                events.push(Event::DebtLimitRaised { power: opp, limit });
                if at_limit {
                    self.reduce_debt(opp, 1, events);
                    self.score(power, 1, events);
                }
            }
            Check::EuropeanPanic { power } => {
                let over = self.power(power.opponent()).debt.saturating_sub(self.power(power).debt).min(4);
                self.score(power, over, events);
            }
            Check::NoFrenchSquadronInEurope => {
                let europe_navy = cm.masks.naval.and(cm.masks.by_region[Region::Europe.index()]);
                if self.board.of(fr).and(europe_navy).is_empty() {
                    self.score(br, 1, events);
                }
            }
            Check::NoBritishInSpain => {
                if held(self, cm.country("spain"), br) == 0 {
                    self.score(fr, 1, events);
                }
            }
            Check::NootkaSpain => {
                let spain =
                    cm.masks.alliance.and(cm.country("spain")).and(self.board.of(br)).without(self.board.conflict);
                self.score(br, 2 * spain.len() as u8, events);
                for s in spain.iter() {
                    self.set_flag(s, None, events);
                }
            }
            Check::MoreBritishInNorthAmerica => {
                let n = self.counted(cm.masks.by_region[Region::NorthAmerica.index()]);
                if n[0] > n[1] {
                    self.score(br, 3, events);
                }
            }
            Check::LaGabelle => {
                let vp = if self.has_keyword(fr, crate::content::Keyword::Governance) { 3 } else { 2 };
                self.score(fr, vp, events);
            }
            Check::DebtCrisis { power } => {
                if self.power(power).available_debt() > self.power(power.opponent()).available_debt() {
                    self.add_points(ApKind::Economic, 3, Rule::UnflagMarkets, Origin::Event, events);
                }
            }
            Check::EastAsiaPiracy { power } => {
                let india = cm.masks.by_region[Region::India.index()];
                let set = india
                    .and(cm.masks.naval.or(cm.masks.fort))
                    .or(india.and(cm.masks.local_alliance).without(self.board.conflict));
                let n = [set.and(self.board.of(br)).len(), set.and(self.board.of(fr)).len()];
                if n[power.index()] > n[power.opponent().index()] {
                    self.score(power, 3, events);
                }
            }
            Check::BritishInSpain => {
                if held(self, cm.country("spain"), br) > 0 {
                    self.score(br, 1, events);
                }
            }
            Check::FalklandsPoints => {
                let n = held(self, cm.country("spain"), fr) as u8;
                self.add_points(ApKind::Military, n, Rule::Any, Origin::Event, events);
            }
            Check::CookPoints => {
                let n = (self.power(br).navy_box + self.squadrons_on_map(br).len() as u8) / 2;
                self.add_points(ApKind::Economic, n, Rule::Any, Origin::Event, events);
            }
            Check::FamineInIreland => {
                let theatre = self
                    .war
                    .war
                    .filter(|_| !self.at_war())
                    .and_then(|w| cm.war(w).theatres.iter().position(|t| t.name == "Jacobite Rebellion"));
                if let Some(t) = theatre {
                    let n = held(self, cm.country("ireland"), fr);
                    let room: usize = self
                        .war
                        .theatres
                        .iter()
                        .map(|x| BONUS_PER_THEATRE.saturating_sub(x[fr.index()].bonus.len()))
                        .sum();
                    for _ in 0..n.min(room) {
                        self.tasks.push_front(Task::Then(Effect::DrawBonusTo { who: fr, theatre: t as u8 }));
                    }
                }
            }
        }
    }

    /// Theatres of the next war where `who` has room for a bonus tile (§5.6.1).
    pub(crate) fn theatres_with_room(&self, who: Power) -> Vec<u8> {
        (0..self.war.theatres.len())
            .filter(|&t| self.war.theatres[t][who.index()].bonus.len() < BONUS_PER_THEATRE)
            .map(|t| t as u8)
            .collect()
    }

    pub(crate) fn bonus_room(&self, who: Power) -> bool {
        !self.theatres_with_room(who).is_empty()
    }

    /// `who`'s bonus tiles on the next war's mat.
    pub fn bonus_tiles_on_mat(&self, who: Power) -> usize {
        if self.war.war.is_none() || self.round() == 6 {
            return 0;
        }
        self.war.theatres.iter().map(|t| t[who.index()].bonus.len()).sum()
    }

    /// Basic tiles `who` still owns (on the mat or in its pool).
    pub(crate) fn basic_tiles_owned(&self, who: Power) -> usize {
        self.power(who).basic_pool.len() + self.war.theatres.iter().map(|t| t[who.index()].basic.len()).sum::<usize>()
    }

    fn take_bonus_from_pool(&mut self, who: Power) -> Option<u16> {
        let pool = Arc::make_mut(&mut self.powers[who.index()].bonus_pool);
        if pool.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..pool.len());
        Some(pool.remove(i))
    }

    /// Draw one of `who`'s bonus tiles at random for it to place (§5.6.1), if it has room and tiles.
    pub(crate) fn draw_bonus_tile(&mut self, who: Power, cause: crate::tasks::Cause) {
        if !self.bonus_room(who) {
            return;
        }
        if let Some(tile) = self.take_bonus_from_pool(who) {
            self.tasks.push_front(Task::PlaceBonus { who, tile, cause });
        }
    }

    /// §5.3.3: the tile's upgrade symbol — in round 6 a treaty point; otherwise a new basic tile (or, under
    /// §12.2, a swap).
    pub(crate) fn start_upgrade(&mut self, events: &mut Vec<Event>) {
        let Some(me) = self.turn_state().map(|t| t.active) else { return };
        if let Some(t) = self.turn_mut() {
            t.upgrade = false;
        }
        if self.round() == 6 {
            self.gain_trp(me, 1, events);
        } else if self.config.planned_upgrades {
            self.tasks.push_back(Task::UpgradeSwap { who: me, first: None });
        } else {
            self.tasks.push_back(Task::UpgradeChoose { who: me });
        }
    }

    pub(crate) fn check_upgrade(&self, t: &crate::state::Turn) -> Result<(), Refusal> {
        let tile = t.tile.map(|i| self.content.investments[i as usize]);
        if !t.upgrade || !tile.is_some_and(|x| x.upgrade) {
            return Err(Refusal::new("your tile has no unused military-upgrade symbol", sec!("§3.3, §5.3.3")));
        }
        if self.round() == 6 {
            return Ok(());
        }
        let me = t.active;
        let on_mat = self.war.theatres.iter().filter(|x| !x[me.index()].basic.is_empty()).count();
        let possible = if self.config.planned_upgrades {
            on_mat >= 2
        } else {
            on_mat >= 1 && !self.power(me).basic_pool.is_empty()
        };
        if self.war.war.is_none() || !possible {
            return Err(Refusal::new("there is no basic war tile to upgrade", sec!("§5.3.3")));
        }
        Ok(())
    }

    /// The war whose mat is on the table (for naming theatres in the log).
    pub(crate) fn mat_war(&self) -> crate::content::WarId {
        self.war.war.unwrap_or(crate::content::WarId::Awi)
    }

    /// Score `c` as global demand does (§4.1.12): the era's reward to the power with more of its markets.
    pub(crate) fn score_demand(&mut self, c: crate::content::Commodity, events: &mut Vec<Event>) {
        let n = self.counted(self.content.masks.commodity[c.index()]);
        let Some(winner) = Self::more(n, 1) else {
            events.push(Event::DemandTied { commodity: c });
            return;
        };
        events.push(Event::DemandWon { commodity: c, power: winner });
        let r = self.content.demand[c.index()][self.era().index()];
        self.score(winner, r.vp, events);
        let dupleix = winner == Power::France
            && self.power(winner).has_revealed(crate::ministries::DUPLEIX)
            && matches!(c, crate::content::Commodity::Cotton | crate::content::Commodity::Spice);
        self.gain_trp(winner, r.trp + u8::from(dupleix), events);
        if r.debt > 0 {
            self.force_debt(winner, r.debt as u8, events);
        } else if r.debt < 0 {
            self.reduce_debt(winner, r.debt.unsigned_abs(), events);
        }
    }
}

/// The refusal message for an answer that does not fit.
fn refusal(task: &Task) -> &'static str {
    match task {
        Task::Space { .. } => "choose one of the spaces offered",
        Task::Options { .. } | Task::UpgradeKeep { .. } | Task::UpgradeDrop { .. } | Task::Resist { .. } => {
            "choose one of the options offered"
        }
        Task::PlaceBonus { .. } | Task::MoveBonusTo { .. } | Task::RemoveEnemyBonus { .. } | Task::PlaceByng { .. } => {
            "choose one of the theatres offered"
        }
        Task::Discard { .. } => "discard a card from your hand",
        _ => "that answer does not fit the decision waiting",
    }
}

fn task_rule(task: &Task) -> &'static str {
    match task {
        Task::PlaceBonus { .. } | Task::MoveBonusOut { .. } | Task::MoveBonusTo { .. } => sec!("§5.6.1"),
        Task::UpgradeChoose { .. } | Task::UpgradeKeep { .. } | Task::UpgradeDrop { .. } | Task::UpgradeSwap { .. } => {
            sec!("§5.3.3")
        }
        Task::Conquest { .. } => sec!("§7.2.1"),
        Task::CaptureWith { .. } => sec!("§7.2.1.1"),
        Task::Resist { .. } => sec!("§7.2.2"),
        Task::UsAward { .. } => sec!("§7.3"),
        _ => sec!("§5.2"),
    }
}
