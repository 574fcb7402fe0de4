//! What one viewer may know (ARCHITECTURE §2, «Hidden information»): everything on the table, and of the
//! secrets only its own — its hand, its face-down ministries, its war tiles and pools, the cards it is
//! setting aside. Of the opponent it sees counts. Nobody sees the order of the event deck, the investment
//! stack or the award stack, nor the generator.
//!
//! [`determinize`] goes the other way: from a view it builds a complete state, drawing what the viewer
//! cannot see at random among what is consistent with the view — what the bots search.

use std::collections::VecDeque;
use std::sync::Arc;

use imperia_core::{ContentSet, GameRng, Viewer};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::content::{Card, Content, Era, Ministry, Power};
use crate::event::Event;
use crate::state::*;
use crate::tasks::Task;

/// Marks a bonus or basic tile the viewer may not see, inside a pending task.
pub const HIDDEN_TILE: u16 = u16::MAX;

/// One power as a viewer sees it: secrets are `None` unless the power is the viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerView {
    pub debt: u8,
    pub debt_limit: u8,
    pub trp: u8,
    pub hand: Option<Vec<Card>>,
    pub hand_count: usize,
    /// Face-up ministries always; face-down ones only for their owner.
    pub ministries: Vec<MinistrySlot>,
    pub face_down: usize,
    pub navy_box: u8,
    pub brig: u8,
    pub squadrons_lost: u8,
    pub basic_pool: Option<Vec<u8>>,
    pub basic_pool_count: usize,
    pub basic_removed: Vec<u8>,
    pub bonus_pool: Option<Vec<u16>>,
    pub bonus_pool_count: usize,
    pub carried_bonus: Option<Vec<u16>>,
    pub carried_count: usize,
    pub merchant_banks: u8,
    pub townshend: Option<crate::content::Commodity>,
}

/// One power's tiles on one theatre as a viewer sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilesView {
    pub basic: Option<Vec<u8>>,
    pub basic_count: usize,
    pub bonus: Option<Vec<u16>>,
    pub bonus_count: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarView {
    pub war: Option<crate::content::WarId>,
    pub theatres: Vec<[TilesView; 2]>,
    pub revealed: Vec<bool>,
    pub byng: Option<u8>,
    pub atlantic: Option<Power>,
    /// Each revealed theatre's strengths as the table stands now, part by part, by power (§7.1.3): public,
    /// since the tiles there are face up. `None` for a theatre not revealed.
    #[serde(default)]
    pub strength: Vec<Option<[crate::war::Strength; 2]>>,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub config: Config,
    pub turn: u8,
    pub round: u8,
    pub vp: i32,
    pub powers: [PowerView; 2],
    pub board: Board,
    pub deck_count: usize,
    pub discard: Vec<Card>,
    pub removed: Vec<Card>,
    pub display: Vec<u8>,
    pub taken: Vec<(Power, u8)>,
    pub used: Vec<u8>,
    pub stack_count: usize,
    pub awards: [Option<u8>; 4],
    /// The award tiles left for the era's second round (which goes where is drawn then).
    pub awards_left: Vec<u8>,
    pub demand: Vec<crate::content::Commodity>,
    pub advantages: Vec<AdvantageState>,
    pub war: WarView,
    pub initiative: Power,
    pub first: Power,
    pub jacobites: Jacobites,
    /// The phase, with the cards being set aside shown only to their owner.
    pub phase: Phase,
    /// How many cards each power has set aside so far in the deal.
    pub aside_count: [usize; 2],
    /// Pending effects, first to last, with tiles the viewer may not see replaced by [`HIDDEN_TILE`].
    pub tasks: Vec<Task>,
    pub sweep: Option<Power>,
}

impl ImperialStruggle {
    pub(crate) fn make_view(&self, viewer: Viewer) -> View {
        let me = viewer.seat().and_then(Power::of_seat);
        let mine = |p: Power| me == Some(p);
        let powers = Power::BOTH.map(|p| {
            let s = self.power(p);
            let show = mine(p);
            PowerView {
                debt: s.debt,
                debt_limit: s.debt_limit,
                trp: s.trp,
                hand: show.then(|| s.hand.clone()),
                hand_count: s.hand.len(),
                ministries: s.ministries.iter().filter(|m| show || m.revealed).cloned().collect(),
                face_down: s.ministries.iter().filter(|m| !m.revealed).count(),
                navy_box: s.navy_box,
                brig: s.brig,
                squadrons_lost: s.squadrons_lost,
                basic_pool: show.then(|| sorted(&s.basic_pool)),
                basic_pool_count: s.basic_pool.len(),
                basic_removed: s.basic_removed.to_vec(),
                bonus_pool: show.then(|| sorted(&s.bonus_pool)),
                bonus_pool_count: s.bonus_pool.len(),
                carried_bonus: show.then(|| s.carried_bonus.to_vec()),
                carried_count: s.carried_bonus.len(),
                merchant_banks: s.merchant_banks,
                townshend: s.townshend,
            }
        });
        let war = WarView {
            war: self.war.war,
            theatres: self
                .war
                .theatres
                .iter()
                .enumerate()
                .map(|(t, both)| {
                    let open = self.war.revealed.get(t).copied().unwrap_or(false);
                    Power::BOTH.map(|p| {
                        let tiles = &both[p.index()];
                        let show = open || mine(p);
                        TilesView {
                            basic: show.then(|| tiles.basic.clone()),
                            basic_count: tiles.basic.len(),
                            bonus: show.then(|| tiles.bonus.clone()),
                            bonus_count: tiles.bonus.len(),
                        }
                    })
                })
                .collect(),
            revealed: self.war.revealed.clone(),
            byng: self.war.byng,
            atlantic: self.war.atlantic,
            strength: (0..self.war.theatres.len() as u8)
                .map(|t| {
                    let open = self.war.revealed.get(t as usize).copied().unwrap_or(false);
                    open.then(|| Power::BOTH.map(|p| self.strength_parts(p, t)))
                })
                .collect(),
        };
        let mut phase = self.phase.clone();
        let mut aside_count = [0, 0];
        if let Phase::Deal { aside, .. } = &mut phase {
            for p in Power::BOTH {
                aside_count[p.index()] = aside[p.index()].len();
                if !mine(p) {
                    aside[p.index()].clear();
                }
            }
        }
        // The cards a power took in exchange are face down: only it knows them.
        if let Phase::Ministries { swapped, .. } = &mut phase {
            for p in Power::BOTH.into_iter().filter(|&p| !mine(p)) {
                swapped[p.index()].clear();
            }
        }
        let mut awards_left = self.awards.stack.clone();
        awards_left.sort_unstable();
        View {
            viewer,
            config: self.config.clone(),
            turn: self.turn,
            round: self.round(),
            vp: self.vp,
            powers,
            board: self.board.clone(),
            deck_count: self.deck.len(),
            discard: self.discard.clone(),
            removed: self.removed.clone(),
            display: self.investments.display.clone(),
            taken: self.investments.taken.clone(),
            used: sorted(&self.investments.used),
            stack_count: self.investments.stack.len(),
            awards: self.awards.current,
            awards_left,
            demand: self.demand.clone(),
            advantages: self.advantages.clone(),
            war,
            initiative: self.initiative,
            first: self.first,
            jacobites: self.jacobites.clone(),
            phase,
            aside_count,
            tasks: self.tasks.iter().map(|t| redact(t, me)).collect(),
            sweep: self.sweep,
        }
    }

    /// `event` as `viewer` may see it.
    pub(crate) fn redact_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        let me = viewer.seat().and_then(Power::of_seat);
        Some(match event {
            Event::CardDrawn { power, .. } if me != Some(*power) => Event::CardDrawn { power: *power, card: None },
            Event::BonusTilePlaced { war, power, theatre, .. } if me != Some(*power) => {
                Event::BonusTilePlaced { war: *war, power: *power, tile: None, theatre: *theatre }
            }
            other => other.clone(),
        })
    }
}

fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
    let mut s = v.to_vec();
    s.sort();
    s
}

/// A pending task as `me` may see it: tiles drawn by the other power are hidden.
fn redact(task: &Task, me: Option<Power>) -> Task {
    let hide = |who: Power| me != Some(who);
    match task {
        Task::PlaceBonus { who, cause, .. } if hide(*who) => {
            Task::PlaceBonus { who: *who, tile: HIDDEN_TILE, cause: *cause }
        }
        Task::MoveBonusOut { who, theatre, .. } if hide(*who) => {
            Task::MoveBonusOut { who: *who, theatre: *theatre, keep: HIDDEN_TILE }
        }
        Task::MoveBonusTo { who, from, .. } if hide(*who) => {
            Task::MoveBonusTo { who: *who, tile: HIDDEN_TILE, from: *from }
        }
        Task::UpgradeKeep { who, theatre, slot, .. } if hide(*who) => {
            Task::UpgradeKeep { who: *who, theatre: *theatre, slot: *slot, drawn: HIDDEN_TILE as u8 }
        }
        Task::UpgradeDrop { who, .. } if hide(*who) => Task::UpgradeDrop { who: *who, kind: HIDDEN_TILE as u8 },
        Task::AssignBasic { who, drawn } if hide(*who) => {
            Task::AssignBasic { who: *who, drawn: vec![HIDDEN_TILE as u8; drawn.len()] }
        }
        other => other.clone(),
    }
}

/// The event cards brought into play by the current round (§4.1.1).
fn cards_in_play(c: &Content, turn: u8) -> Vec<Card> {
    let mut v = crate::round::cards_of(c, Era::Succession);
    if turn >= 3 {
        v.extend(crate::round::cards_of(c, Era::Empire));
    }
    if turn >= 7 {
        v.extend(crate::round::cards_of(c, Era::Revolution));
    }
    v
}

/// Take `n` items from `pool` (already shuffled).
fn take<T>(pool: &mut Vec<T>, n: usize) -> Vec<T> {
    let at = pool.len().saturating_sub(n);
    pool.split_off(at)
}

/// A complete state of a game played with `content`, consistent with `view`, everything the viewer cannot
/// see drawn from `rng`.
pub fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> ImperialStruggle {
    let c = &**content;
    let me = view.viewer.seat().and_then(Power::of_seat);
    // Cards: what the viewer cannot place is in the deck, the other hands or the other asides.
    let mut known: Vec<Card> = view.discard.iter().chain(&view.removed).copied().collect();
    for p in Power::BOTH {
        if let Some(h) = &view.powers[p.index()].hand {
            known.extend(h);
        }
    }
    if let Phase::Deal { aside, .. } = &view.phase {
        for a in aside {
            known.extend(a);
        }
    }
    let mut unknown: Vec<Card> = cards_in_play(c, view.turn).into_iter().filter(|x| !known.contains(x)).collect();
    unknown.shuffle(rng);
    let mut hands: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
    let mut asides: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
    for p in Power::BOTH {
        let pv = &view.powers[p.index()];
        hands[p.index()] = match &pv.hand {
            Some(h) => h.clone(),
            None => take(&mut unknown, pv.hand_count),
        };
        if let Phase::Deal { aside, .. } = &view.phase {
            asides[p.index()] =
                if me == Some(p) { aside[p.index()].clone() } else { take(&mut unknown, view.aside_count[p.index()]) };
        }
    }
    let deck = unknown;

    // War tiles: the other power's basic and bonus tiles spread over its hidden places.
    let mut powers: Vec<PowerState> = Vec::new();
    let mut theatres: Vec<[TheatreTiles; 2]> =
        vec![[TheatreTiles::default(), TheatreTiles::default()]; view.war.theatres.len()];
    let mut tasks: VecDeque<Task> = view.tasks.iter().cloned().collect();
    for p in Power::BOTH {
        let pv = &view.powers[p.index()];
        let i = p.index();
        // Face-down ministries: the owner's are shown; the other's are drawn from what it may hold.
        let mut ministries = pv.ministries.clone();
        if me != Some(p) && pv.face_down > 0 {
            let held: Vec<Ministry> = ministries.iter().map(|s| s.card).collect();
            let mut free: Vec<Ministry> = eligible(c, view, p).into_iter().filter(|x| !held.contains(x)).collect();
            free.shuffle(rng);
            for x in take(&mut free, pv.face_down) {
                ministries.push(MinistrySlot { card: x, revealed: false, exhausted: [false; 2] });
            }
        }
        let mut basic_pool = pv.basic_pool.clone().unwrap_or_default();
        let mut bonus_pool = pv.bonus_pool.clone().unwrap_or_default();
        let mut carried = pv.carried_bonus.clone().unwrap_or_default();
        if me == Some(p) {
            for (t, tv) in view.war.theatres.iter().enumerate() {
                theatres[t][i].basic = tv[i].basic.clone().unwrap_or_default();
                theatres[t][i].bonus = tv[i].bonus.clone().unwrap_or_default();
            }
        } else {
            // Basic: the sixteen less those removed and those shown.
            let mut basic: Vec<u8> = c
                .basic_tiles
                .iter()
                .enumerate()
                .flat_map(|(k, b)| std::iter::repeat_n(k as u8, b.count as usize))
                .collect();
            let mut shown_basic: Vec<u8> = pv.basic_removed.clone();
            let mut shown_bonus: Vec<u16> = Vec::new();
            for tv in &view.war.theatres {
                if let Some(b) = &tv[i].basic {
                    shown_basic.extend(b);
                }
                if let Some(b) = &tv[i].bonus {
                    shown_bonus.extend(b);
                }
            }
            for k in shown_basic {
                if let Some(at) = basic.iter().position(|&x| x == k) {
                    basic.remove(at);
                }
            }
            let mut bonus: Vec<u16> = match view.war.war {
                Some(w) => c
                    .bonus_tiles
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.war == w && b.power == p)
                    .map(|(x, _)| x as u16)
                    .filter(|x| !shown_bonus.contains(x))
                    .collect(),
                None => Vec::new(),
            };
            basic.shuffle(rng);
            bonus.shuffle(rng);
            // Tiles held by pending tasks first.
            for task in tasks.iter_mut() {
                fill_task(task, p, &mut basic, &mut bonus);
            }
            for (t, tv) in view.war.theatres.iter().enumerate() {
                theatres[t][i].basic = match &tv[i].basic {
                    Some(b) => b.clone(),
                    None => take(&mut basic, tv[i].basic_count),
                };
                theatres[t][i].bonus = match &tv[i].bonus {
                    Some(b) => b.clone(),
                    None => take(&mut bonus, tv[i].bonus_count),
                };
            }
            // The tile a full theatre keeps is the one just placed there, last on its list.
            for task in tasks.iter_mut() {
                if let Task::MoveBonusOut { who, theatre, keep } = task
                    && *who == p
                    && *keep == HIDDEN_TILE
                {
                    *keep = theatres[*theatre as usize][i].bonus.last().copied().unwrap_or(0);
                }
            }
            carried = take(&mut bonus, pv.carried_count);
            basic_pool = take(&mut basic, pv.basic_pool_count);
            bonus_pool = take(&mut bonus, pv.bonus_pool_count);
        }
        basic_pool.sort_unstable();
        bonus_pool.sort_unstable();
        powers.push(PowerState {
            debt: pv.debt,
            debt_limit: pv.debt_limit,
            trp: pv.trp,
            hand: hands[i].clone(),
            ministries,
            navy_box: pv.navy_box,
            brig: pv.brig,
            squadrons_lost: pv.squadrons_lost,
            basic_pool: Arc::new(basic_pool),
            basic_removed: Arc::new(pv.basic_removed.clone()),
            bonus_pool: Arc::new(bonus_pool),
            carried_bonus: Arc::new(carried),
            merchant_banks: pv.merchant_banks,
            townshend: pv.townshend,
        });
    }
    let mut phase = view.phase.clone();
    if let Phase::Deal { aside, .. } = &mut phase {
        *aside = asides;
    }
    // The stacks: what is not on display, taken or used is in the investment stack; the award tiles left.
    let mut stack: Vec<u8> = (0..c.investments.len() as u8)
        .filter(|x| !view.display.contains(x) && !view.used.contains(x) && !view.taken.iter().any(|(_, t)| t == x))
        .collect();
    stack.shuffle(rng);
    let mut award_stack = view.awards_left.clone();
    award_stack.shuffle(rng);
    let mut seed = [0u8; 32];
    rand::RngCore::fill_bytes(rng, &mut seed);
    let [p0, p1]: [PowerState; 2] = match powers.try_into() {
        Ok(a) => a,
        Err(_) => unreachable!("two powers"),
    };
    ImperialStruggle {
        config: view.config.clone(),
        content: content.clone(),
        rng: GameRng::from_seed(seed),
        turn: view.turn,
        vp: view.vp,
        powers: [p0, p1],
        board: view.board.clone(),
        deck,
        discard: view.discard.clone(),
        removed: view.removed.clone(),
        investments: Investments {
            stack,
            display: view.display.clone(),
            taken: view.taken.clone(),
            used: view.used.clone(),
        },
        awards: Awards { current: view.awards, stack: award_stack },
        demand: view.demand.clone(),
        advantages: view.advantages.clone(),
        war: Arc::new(WarMat {
            war: view.war.war,
            theatres,
            revealed: view.war.revealed.clone(),
            byng: view.war.byng,
            atlantic: view.war.atlantic,
        }),
        initiative: view.initiative,
        first: view.first,
        jacobites: view.jacobites.clone(),
        phase,
        tasks,
        sweep: view.sweep,
    }
}

/// The ministries `p` may hold in the view's era.
fn eligible(c: &Content, view: &View, p: Power) -> Vec<Ministry> {
    let era = match view.turn {
        0..=2 => Era::Succession,
        3..=6 => Era::Empire,
        _ => Era::Revolution,
    };
    (0..c.ministries.len() as u8)
        .map(Ministry)
        .filter(|&x| {
            let m = c.ministry(x);
            m.power == p
                && m.eras.contains(&era)
                && !(x == crate::ministries::JACOBITE_UPRISINGS && view.jacobites.removed)
        })
        .collect()
}

/// Put sampled tiles into a pending task of `p` whose tiles are hidden.
fn fill_task(task: &mut Task, p: Power, basic: &mut Vec<u8>, bonus: &mut Vec<u16>) {
    let mut one_bonus = || bonus.pop().unwrap_or(0);
    match task {
        Task::PlaceBonus { who, tile, .. } if *who == p && *tile == HIDDEN_TILE => *tile = one_bonus(),
        Task::MoveBonusTo { who, tile, .. } if *who == p && *tile == HIDDEN_TILE => *tile = one_bonus(),
        Task::UpgradeKeep { who, drawn, .. } if *who == p && *drawn == HIDDEN_TILE as u8 => {
            *drawn = basic.pop().unwrap_or(0)
        }
        Task::UpgradeDrop { who, kind } if *who == p && *kind == HIDDEN_TILE as u8 => *kind = basic.pop().unwrap_or(0),
        Task::AssignBasic { who, drawn } if *who == p => {
            for d in drawn.iter_mut() {
                if *d == HIDDEN_TILE as u8 {
                    *d = basic.pop().unwrap_or(0);
                }
            }
        }
        _ => {}
    }
}
