//! What the conformance harness needs from Imperial Struggle (ARCHITECTURE §3): random configs, a step
//! bound, arbitrary actions to try refusals with, a way to change what a viewer cannot see, and the game's
//! invariants — flag, squadron, tile and card counts, debt and VP bounds.

use imperia_core::conformance::Conformance;
use imperia_core::{GameRng, Viewer};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use std::sync::Arc;

use crate::action::Action;
use crate::config::Config;
use crate::content::{Advantage, ApKind, Card, Ministry, Power, SpaceId};
use crate::state::{ImperialStruggle, Phase, SQUADRONS};

impl Conformance for ImperialStruggle {
    fn sample_config(rng: &mut GameRng) -> Config {
        Config {
            players: None,
            spanish_empire: rng.random_bool(0.3),
            planned_upgrades: rng.random_bool(0.2),
            planned_layout: rng.random_bool(0.2),
            fortified_forts: rng.random_bool(0.3),
            france_bid: if rng.random_bool(0.2) { rng.random_range(1..=crate::config::MAX_FRANCE_BID) } else { 0 },
        }
    }

    fn step_bound(_: &Config) -> usize {
        20_000
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let c = &*self.content;
        let space = SpaceId(rng.random_range(0..c.spaces.len() as u8));
        let card = Card(rng.random_range(0..c.cards.len() as u8));
        let ministry = Ministry(rng.random_range(0..c.ministries.len() as u8));
        let pool = rng.random_range(0..4u8);
        let theatre = rng.random_range(0..5u8);
        let power = *Power::BOTH.choose(rng).unwrap_or(&Power::Britain);
        let options = [
            Action::SetAside(card),
            Action::KeepHand,
            Action::PickMinistry(ministry),
            Action::MinistriesDone,
            Action::GoFirst(power),
            Action::TakeTile(rng.random_range(0..26)),
            Action::Pass { reduce: rng.random_range(0..4) },
            Action::PlayEvent(card),
            Action::Influence { space, pool },
            Action::DrawEvent { pool },
            Action::BuyBonusTile { pool },
            Action::RemoveConflict { space, pool },
            Action::BuildFort { space, pool },
            Action::RepairFort { space, pool },
            Action::TakeFort { space, pool },
            Action::BuildSquadron { pool },
            Action::Deploy { from: None, to: space, pool },
            Action::Convert { pool, into: ApKind::Economic },
            Action::JacobiteVp { pool },
            Action::Borrow { pool },
            Action::Treaty { pool },
            Action::Advantage(Advantage(rng.random_range(0..c.advantages.len() as u8))),
            Action::UnflagWith { advantage: Advantage(rng.random_range(0..c.advantages.len() as u8)), space, pool },
            Action::Reveal(ministry),
            Action::Ministry { ministry, ability: rng.random_range(0..2) },
            Action::Upgrade,
            Action::FlipHuguenots(space),
            Action::EndTurn,
            Action::Pick(space),
            Action::NavyBox,
            Action::Choose(rng.random_range(0..4)),
            Action::Theatre(theatre),
            Action::BonusTile(rng.random_range(0..c.bonus_tiles.len() as u16)),
            Action::BasicTile { theatre, slot: 0 },
            Action::Discard(card),
            Action::Done,
        ];
        options.choose(rng).cloned().unwrap_or(Action::Done)
    }

    fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool {
        let me = viewer.seat().and_then(Power::of_seat);
        let mut changed = false;
        // Nobody sees the order of the deck and stacks, nor the generator.
        self.deck.shuffle(rng);
        self.investments.stack.shuffle(rng);
        self.awards.stack.shuffle(rng);
        let mut seed = [0u8; 32];
        rng.fill(&mut seed);
        self.rng = rand::SeedableRng::from_seed(seed);
        for p in Power::BOTH.into_iter().filter(|&p| me != Some(p)) {
            let i = p.index();
            // Swap a card of the hand with one of the deck.
            if !self.deck.is_empty() && !self.powers[i].hand.is_empty() {
                let a = rng.random_range(0..self.deck.len());
                let b = rng.random_range(0..self.powers[i].hand.len());
                std::mem::swap(&mut self.deck[a], &mut self.powers[i].hand[b]);
                changed = true;
            }
            // Change a face-down ministry for another it could have chosen.
            let held: Vec<Ministry> = self.powers[i].ministries.iter().map(|s| s.card).collect();
            let free: Vec<Ministry> = self.eligible_ministries(p).into_iter().filter(|x| !held.contains(x)).collect();
            if let (Some(slot), Some(&other)) =
                (self.powers[i].ministries.iter_mut().find(|s| !s.revealed), free.choose(rng))
            {
                slot.card = other;
                changed = true;
            }
            // Swap war tiles between the mat's hidden theatres and the pools.
            let hidden: Vec<usize> =
                (0..self.war.theatres.len()).filter(|&t| !self.war.revealed.get(t).copied().unwrap_or(false)).collect();
            if let Some(&t) = hidden.choose(rng) {
                let pool = Arc::make_mut(&mut self.powers[i].basic_pool);
                let tiles = &mut Arc::make_mut(&mut self.war).theatres[t][i].basic;
                if !pool.is_empty() && !tiles.is_empty() {
                    let a = rng.random_range(0..pool.len());
                    std::mem::swap(&mut pool[a], &mut tiles[0]);
                    pool.sort_unstable();
                    changed = true;
                }
                let pool = Arc::make_mut(&mut self.powers[i].bonus_pool);
                let tiles = &mut Arc::make_mut(&mut self.war).theatres[t][i].bonus;
                if !pool.is_empty() && !tiles.is_empty() {
                    let a = rng.random_range(0..pool.len());
                    std::mem::swap(&mut pool[a], &mut tiles[0]);
                    pool.sort_unstable();
                    changed = true;
                }
            }
            // Cards being set aside at the deal.
            if let Phase::Deal { aside, .. } = &mut self.phase
                && !aside[i].is_empty()
                && !self.deck.is_empty()
            {
                let a = rng.random_range(0..self.deck.len());
                std::mem::swap(&mut self.deck[a], &mut aside[i][0]);
                changed = true;
            }
        }
        changed || !self.deck.is_empty()
    }

    fn check_invariants(&self) -> Result<(), String> {
        let c = &*self.content;
        let m = &c.masks;
        // Flags: one per space; squadrons only at sea; markers only where they may stand.
        let mut seen = 0u128;
        for f in &self.board.flags {
            if f.0 & seen != 0 {
                return Err("a space holds two flags".into());
            }
            seen |= f.0;
        }
        if !self.board.conflict.without(m.political.or(m.market)).is_empty() {
            return Err("a conflict marker on a space that is neither political nor a market (§3.8)".into());
        }
        if !self.board.conflict_plus.without(self.board.conflict).is_empty() {
            return Err("a +1 side without a conflict marker".into());
        }
        if !self.board.damaged.without(m.fort.and(self.board.occupied())).is_empty() {
            return Err("a damage marker off a flagged fort".into());
        }
        for p in Power::BOTH {
            let s = self.power(p);
            let on_map = self.squadrons_on_map(p).len() as u8;
            if s.navy_box + s.brig + on_map + s.squadrons_lost > SQUADRONS {
                return Err(format!("{p} has more than {SQUADRONS} squadrons"));
            }
            if s.debt > s.debt_limit {
                return Err(format!("{p}'s debt {} is above its limit {} (§6.3)", s.debt, s.debt_limit));
            }
            // Basic tiles: the sixteen, on the mat, in the pool, removed, or drawn into a pending choice.
            let on_mat: usize = self.war.theatres.iter().map(|t| t[p.index()].basic.len()).sum();
            let in_tasks = self
                .tasks
                .iter()
                .map(|t| match t {
                    crate::tasks::Task::UpgradeKeep { who, .. } | crate::tasks::Task::UpgradeDrop { who, .. }
                        if *who == p =>
                    {
                        1
                    }
                    crate::tasks::Task::AssignBasic { who, drawn } if *who == p => drawn.len(),
                    _ => 0,
                })
                .sum::<usize>();
            let total = s.basic_pool.len() + on_mat + s.basic_removed.len() + in_tasks;
            if total != 16 {
                return Err(format!("{p} has {total} basic war tiles, not 16"));
            }
            if s.basic_removed.len() > 12 {
                return Err(format!("{p} has fewer than 4 basic tiles left (§5.3.3, 2)"));
            }
        }
        if self.vp < -40 || self.vp > 70 {
            return Err(format!("the victory marker is at {}", self.vp));
        }
        // Cards: every card of the eras begun is in exactly one place.
        let mut all: Vec<Card> = self.deck.clone();
        all.extend(&self.discard);
        all.extend(&self.removed);
        for p in Power::BOTH {
            all.extend(&self.power(p).hand);
        }
        if let Phase::Deal { aside, .. } = &self.phase {
            all.extend(aside.iter().flatten());
        }
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != all.len() {
            return Err("an event card is in two places".into());
        }
        let introduced = match self.turn {
            0..=2 => 15,
            3..=6 => 30,
            _ => 41,
        };
        if all.len() != introduced {
            return Err(format!("{} event cards are accounted for, but {introduced} are in play", all.len()));
        }
        // Investment tiles: all 24 somewhere, once.
        let inv = &self.investments;
        let mut tiles: Vec<u8> = inv.stack.iter().chain(&inv.display).chain(&inv.used).copied().collect();
        tiles.extend(inv.taken.iter().map(|(_, t)| *t));
        tiles.sort_unstable();
        if tiles != (0..24).collect::<Vec<u8>>() {
            return Err("the investment tiles are not all accounted for once".into());
        }
        // Advantages are held by the power that controls their spaces.
        for (i, a) in self.advantages.iter().enumerate() {
            if let Some(h) = a.holder
                && c.advantages[i].requires.and(self.board.of(h)) != c.advantages[i].requires
            {
                return Err(format!("{h} holds {} without its spaces", c.advantages[i].name));
            }
        }
        Ok(())
    }
}
