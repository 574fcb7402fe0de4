//! Helpers for the golden and scenario tests: build the position a rulebook example describes, act for a
//! power, and check that refusals change nothing.

use imperia_core::{Game, RuleError};

use crate::action::Action;
use crate::content::{ApKind, Flag, Power, SpaceId, content, space};
use crate::event::Event;
use crate::spend::Rule;
use crate::state::{ImperialStruggle, MinistrySlot, Origin, Phase, Pool, SQUADRONS, Turn, TurnMods};

pub const BR: Power = Power::Britain;
pub const FR: Power = Power::France;

/// A new game (seed 1), past setup.
pub fn game() -> ImperialStruggle {
    ImperialStruggle::new_game(&Default::default(), 1).expect("setup").0
}

/// The investment tile with this major action, points, minor action and event symbol.
pub fn tile(major: ApKind, points: u8, minor: ApKind) -> u8 {
    content()
        .investments
        .iter()
        .position(|t| t.major == major && t.points == points && t.minor == minor)
        .expect("such a tile") as u8
}

impl ImperialStruggle {
    /// Put `flag` (or nothing) on the space `id`, with nothing else following.
    pub fn put(&mut self, id: &str, flag: Option<Power>) -> &mut Self {
        self.board.set(space(id), flag.map(Power::flag));
        self
    }

    pub fn put_flag(&mut self, id: &str, flag: Flag) -> &mut Self {
        self.board.set(space(id), Some(flag));
        self
    }

    pub fn mark(&mut self, id: &str) -> &mut Self {
        self.board.conflict.insert(space(id));
        self
    }

    pub fn owner_of(&self, id: &str) -> Option<Flag> {
        self.board.owner(space(id))
    }

    pub fn marked(&self, id: &str) -> bool {
        self.board.conflict.contains(space(id))
    }

    /// Give `p` a ministry, face up or down.
    pub fn give_ministry(&mut self, p: Power, id: &str, revealed: bool) -> &mut Self {
        let m = content().ministry_by_id(id).expect("ministry");
        self.power_mut(p).ministries.push(MinistrySlot { card: m, revealed, exhausted: [false; 2] });
        self
    }

    /// Start `p`'s turn now (tasks cleared, advantages and isolation as at a turn's start) and let it take
    /// the tile `t` from the display (added there if need be).
    pub fn turn_with_tile(&mut self, p: Power, t: u8) -> &mut Self {
        self.tasks.clear();
        self.first = p;
        self.update_advantages(&mut Vec::new());
        for a in &mut self.advantages {
            a.fresh = false;
        }
        let mut events = Vec::new();
        self.start_turn(0, &mut events);
        if !self.investments.display.contains(&t) {
            self.investments.stack.retain(|&x| x != t);
            self.investments.used.retain(|&x| x != t);
            self.investments.display.push(t);
        }
        self.act(p, Action::TakeTile(t));
        self
    }

    /// Start `p`'s turn with no tile taken.
    pub fn turn_for(&mut self, p: Power) -> &mut Self {
        self.tasks.clear();
        self.first = p;
        self.update_advantages(&mut Vec::new());
        self.start_turn(0, &mut Vec::new());
        self
    }

    /// `p`'s turn with the given pools and nothing else (for cost checks).
    pub fn turn_with_pools(&mut self, p: Power, pools: &[(ApKind, u8, Origin)]) -> &mut Self {
        self.turn_with_tile(
            p,
            tile(pools[0].0, 4, if pools[0].0 == ApKind::Economic { ApKind::Diplomatic } else { ApKind::Economic }),
        );
        if let Some(t) = self.turn_mut() {
            t.pools = pools
                .iter()
                .map(|&(kind, points, origin)| Pool { kind, points, origin, rule: Rule::Any, closed: false })
                .collect();
        }
        self
    }

    /// Apply an action for `p`, which must be accepted.
    pub fn act(&mut self, p: Power, a: Action) -> Vec<Event> {
        match self.apply(p.seat(), &a) {
            Ok(step) => step.events,
            Err(e) => panic!("{a:?} by {p} was refused: {e}\nlegal: {:?}", self.legal_actions(p.seat())),
        }
    }

    /// Apply an action for `p`, which must be refused without changing anything.
    pub fn refuse(&mut self, p: Power, a: Action) -> RuleError {
        let before = self.clone();
        match self.apply(p.seat(), &a) {
            Ok(_) => panic!("{a:?} by {p} was accepted"),
            Err(e) => {
                assert!(*self == before, "a refused {a:?} changed the state");
                e
            }
        }
    }

    /// Points left in pool `i` of the turn.
    pub fn points(&self, i: usize) -> u8 {
        self.turn_state().map(|t| t.pools[i].points).unwrap_or(0)
    }

    pub fn pools(&self) -> Vec<Pool> {
        self.turn_state().map(|t| t.pools.clone()).unwrap_or_default()
    }

    pub fn active_turn(&self) -> Option<&Turn> {
        self.turn_state()
    }

    /// The cost influencing `id` would have for the active power from pool 0 (with no region change).
    pub fn influence_price(&self, id: &str) -> u8 {
        let t = self.turn_state().expect("a turn");
        let s = space(id);
        let purchase = match self.board.owner(s) {
            None => crate::spend::Purchase::Flag(s),
            Some(_) => crate::spend::Purchase::Unflag(s),
        };
        self.influence_cost(t, s, purchase)
    }

    pub fn mods(&mut self) -> &mut TurnMods {
        &mut self.turn_mut().expect("a turn").mods
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn set_vp(&mut self, vp: i32) -> &mut Self {
        self.vp = vp;
        self
    }

    pub fn empty_navy(&mut self) -> &mut Self {
        for p in Power::BOTH {
            self.power_mut(p).navy_box = 0;
            for s in self.squadrons_on_map(p).iter() {
                self.board.set(s, None);
            }
        }
        self
    }

    pub fn hand_of(&mut self, p: Power, ids: &[&str]) -> &mut Self {
        let cards: Vec<_> = ids.iter().map(|id| content().card_by_id(id).expect("card")).collect();
        for c in &cards {
            self.deck.retain(|x| x != c);
            self.discard.retain(|x| x != c);
            self.removed.retain(|x| x != c);
            for q in Power::BOTH {
                self.power_mut(q).hand.retain(|x| x != c);
            }
        }
        let old = std::mem::take(&mut self.power_mut(p).hand);
        self.deck.extend(old);
        self.power_mut(p).hand = cards;
        self
    }

    pub fn squadrons_left(&self, p: Power) -> u8 {
        SQUADRONS - self.squadrons_unbuilt(p)
    }
}

pub fn sp(id: &str) -> SpaceId {
    space(id)
}
