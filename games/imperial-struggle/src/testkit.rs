//! Helpers for the golden and scenario tests: build the position a rulebook example describes, act for a
//! power, and check that refusals change nothing.

use imperia_core::{ContentSet, Game, RuleError};

use crate::action::Action;
use crate::content::{ApKind, Card, Content, Flag, Ministry, Power, SpaceId};
use crate::event::Event;
use crate::spend::Rule;
use crate::state::{ImperialStruggle, MinistrySlot, Origin, Phase, Pool, SQUADRONS, Turn, TurnMods};

pub const BR: Power = Power::Britain;
pub const FR: Power = Power::France;

/// A new game (seed 1) with the shipped content, past setup.
pub fn game() -> ImperialStruggle {
    ImperialStruggle::new_game(&Default::default(), &ContentSet::shipped(), 1).expect("setup").0
}

/// The shipped content, which the free helpers below read (the methods read the game's own).
pub fn shipped() -> ContentSet<Content> {
    ContentSet::shipped()
}

/// The investment tile with this major action, points, minor action and event symbol.
pub fn tile(major: ApKind, points: u8, minor: ApKind) -> u8 {
    shipped()
        .investments
        .iter()
        .position(|t| t.major == major && t.points == points && t.minor == minor)
        .expect("such a tile") as u8
}

impl ImperialStruggle {
    /// The space `id` of this game's content.
    pub fn space_of(&self, id: &str) -> SpaceId {
        self.content.space_by_id(id).unwrap_or_else(|| panic!("no space `{id}`"))
    }

    /// Put `flag` (or nothing) on the space `id`, with nothing else following.
    pub fn put(&mut self, id: &str, flag: Option<Power>) -> &mut Self {
        self.board.set(self.space_of(id), flag.map(Power::flag));
        self
    }

    pub fn put_flag(&mut self, id: &str, flag: Flag) -> &mut Self {
        self.board.set(self.space_of(id), Some(flag));
        self
    }

    pub fn mark(&mut self, id: &str) -> &mut Self {
        self.board.conflict.insert(self.space_of(id));
        self
    }

    pub fn owner_of(&self, id: &str) -> Option<Flag> {
        self.board.owner(self.space_of(id))
    }

    pub fn marked(&self, id: &str) -> bool {
        self.board.conflict.contains(self.space_of(id))
    }

    /// Give `p` a ministry, face up or down.
    pub fn give_ministry(&mut self, p: Power, id: &str, revealed: bool) -> &mut Self {
        let m = self.content.ministry_by_id(id).expect("ministry");
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

    /// Apply an action for `p`, which must be refused without changing anything, citing a rulebook section
    /// (never a file name).
    pub fn refuse(&mut self, p: Power, a: Action) -> RuleError {
        let before = self.clone();
        match self.apply(p.seat(), &a) {
            Ok(_) => panic!("{a:?} by {p} was accepted"),
            Err(e) => {
                assert!(*self == before, "a refused {a:?} changed the state");
                assert!(e.rule.starts_with("rulebook §") && !e.rule.contains(".txt"), "`{e}` should cite a section");
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
        let s = self.space_of(id);
        let purchase = match self.board.owner(s) {
            None => crate::spend::Purchase::Flag(s),
            Some(_) => crate::spend::Purchase::Unflag(s),
        };
        self.influence_cost(t, s, purchase, None)
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
        let cards: Vec<_> = ids.iter().map(|id| self.content.card_by_id(id).expect("card")).collect();
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

/// The space `id` of the shipped content.
pub fn sp(id: &str) -> SpaceId {
    shipped().space_by_id(id).unwrap_or_else(|| panic!("no space `{id}`"))
}

pub fn card(id: &str) -> Card {
    shipped().card_by_id(id).expect("card")
}

pub fn ministry(id: &str) -> Ministry {
    shipped().ministry_by_id(id).expect("ministry")
}

/// The tile with the event symbol and 3 points of `major` (the minor is the next kind along).
pub fn event_tile(major: ApKind) -> u8 {
    let minor = match major {
        ApKind::Economic => ApKind::Diplomatic,
        ApKind::Diplomatic => ApKind::Economic,
        ApKind::Military => ApKind::Economic,
    };
    tile(major, 3, minor)
}

impl ImperialStruggle {
    /// `p` plays the event `id` (its own version) in its turn.
    pub fn play(&mut self, p: Power, id: &str) -> Vec<Event> {
        self.act(p, Action::PlayEvent(card(id)))
    }

    /// Points of `kind` left this turn, in every pool.
    pub fn total(&self, kind: ApKind) -> u8 {
        self.pools().iter().filter(|p| p.kind == kind).map(|p| p.points).sum()
    }

    /// The index of the first pool of `kind` from `origin`.
    pub fn pool_of(&self, kind: ApKind, origin: Origin) -> u8 {
        self.pools().iter().position(|p| p.kind == kind && p.origin == origin).expect("such a pool") as u8
    }

    /// What `p` may do now.
    pub fn answers(&self, p: Power) -> Vec<Action> {
        self.legal_actions(p.seat())
    }

    /// The ids of the spaces a waiting choice of `p` offers, sorted.
    pub fn offered(&self, p: Power) -> Vec<String> {
        let mut ids: Vec<String> = self
            .answers(p)
            .iter()
            .filter_map(|a| match a {
                Action::Pick(s) => Some(self.content.space(*s).id.clone()),
                _ => None,
            })
            .collect();
        ids.sort();
        ids
    }

    /// Pick the space `id` for the waiting choice of `p`.
    pub fn pick(&mut self, p: Power, id: &str) -> Vec<Event> {
        let s = self.space_of(id);
        self.act(p, Action::Pick(s))
    }

    /// Take every flag, squadron and conflict marker off `region`.
    pub fn empty_region(&mut self, region: crate::content::Region) -> &mut Self {
        let spaces = self.content.masks.by_region[region.index()];
        for s in spaces.iter() {
            self.board.set(s, None);
        }
        self.board.conflict = self.board.conflict.without(spaces);
        self
    }

    /// Move the turn track to `turn` (0 = round 1 … 9 = round 6), for the era's cards and spaces.
    pub fn at_turn(&mut self, turn: u8) -> &mut Self {
        self.turn = turn;
        self
    }

    /// Whoever must decide, answer `Done` where it may and otherwise the first answer offered, until no
    /// choice waits (for the parts of a war a test does not look at).
    pub fn settle(&mut self) {
        for _ in 0..200 {
            let Some(who) = self.tasks.front().and_then(|t| t.chooser()) else { return };
            let answers = self.answers(who);
            let a = if answers.contains(&Action::Done) { Action::Done } else { answers[0].clone() };
            self.act(who, a);
        }
        panic!("the choices never ended");
    }

    /// Put the game at the start of theatre `t` of `war`, with no tiles on the mat.
    pub fn fight_from(&mut self, war: crate::content::WarId, t: u8) -> &mut Self {
        use crate::content::WarId;
        self.turn = match war {
            WarId::Wss => 1,
            WarId::Was => 4,
            WarId::Syw => 6,
            WarId::Awi => 8,
        };
        self.lay_out(Some(war));
        for th in &mut self.war_mut().theatres {
            for p in th.iter_mut() {
                p.basic.clear();
                p.bonus.clear();
            }
        }
        self.war_mut().revealed = vec![false; self.war.theatres.len()];
        self.tasks.clear();
        self.phase = Phase::War(crate::state::WarStep {
            theatre: t,
            stage: 0,
            results: Vec::new(),
            resisted: Default::default(),
            resistances: [0, 0],
            captured_from: Default::default(),
        });
        self
    }

    /// Fight the war from where it stands, up to the first choice.
    pub fn run_war(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.tasks.push_back(crate::tasks::Task::Then(crate::tasks::Effect::War));
        self.run_tasks(&mut events);
        events
    }

    /// No award tiles and no demand this round: only what a test sets up scores.
    pub fn quiet_scoring(&mut self) -> &mut Self {
        self.awards.current = [None; 4];
        self.demand.clear();
        self
    }

    /// End the peace round now (§4.1.10–4.1.14), as after the eighth turn.
    pub fn end_round(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.tasks.clear();
        self.end_peace_round(&mut events);
        events
    }

    pub fn held_advantage(&self, a: crate::content::Advantage) -> Option<Power> {
        self.advantages[a.index()].holder
    }

    pub fn exhaust(&mut self, a: crate::content::Advantage) -> &mut Self {
        self.advantages[a.index()].exhausted = true;
        self
    }

    pub fn is_exhausted(&self, a: crate::content::Advantage) -> bool {
        self.advantages[a.index()].exhausted
    }
}

/// VP each power scored in `events`.
pub fn scored(events: &[Event], p: Power) -> u32 {
    events
        .iter()
        .map(|e| match e {
            Event::Vp { power, amount, .. } if *power == p => u32::from(*amount),
            _ => 0,
        })
        .sum()
}
