//! What one viewer may see: the table with every secret taken out (others' goal, battle and opportunity
//! hands, the decks' order, the cities under each stack's top, face-down exploration tokens the viewer has
//! not looked at, battle cards committed face down, rulers and capital tokens before everyone has chosen),
//! with the counts that stay public; the scores so far; and `determinize`, which deals the unseen back at
//! random.

use imperia_core::{ContentSet, GameRng, Viewer};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::content::{Back, BattleId, CityId, Content, ExplorationId, GoalId, OpportunityId, PrivilegeId};
use crate::score::Score;
use crate::state::{Brazil, Held, Pending};

/// The hidden things of one seat, counted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    pub goals: usize,
    pub battle: usize,
    pub opportunities: usize,
    /// Dealt goals still to choose from, during setup.
    pub dealt: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    /// The table as the viewer sees it.
    pub table: Brazil,
    pub hidden: Vec<Hidden>,
    pub battle_deck: usize,
    pub opportunity_deck: usize,
    pub goal_decks: [usize; 3],
    pub privilege_piles: [usize; 3],
    /// Cities under each stack's top.
    pub city_stacks: [usize; 2],
    /// Cards committed face down in the battle under way, by the attacker and the defender.
    pub committed: [Option<usize>; 2],
    /// The battle under way: the attacker's and the defender's strength before cards.
    pub strengths: Option<[u32; 2]>,
    pub scores: Vec<Score>,
    /// The decision in one sentence.
    pub prompt: String,
}

impl Brazil {
    pub fn make_view(&self, viewer: Viewer) -> View {
        let me = viewer.seat().map(|s| s as u8);
        let mut t = self.clone();
        t.rng = GameRng::seed_from_u64(0);
        let revealed = self.players.iter().all(|p| p.ready);
        let mut hidden = Vec::new();
        for (s, p) in t.players.iter_mut().enumerate() {
            let mine = me == Some(s as u8);
            let undeclared = p.goals.iter().filter(|h| h.done == 0).count();
            hidden.push(Hidden {
                goals: if mine { 0 } else { undeclared },
                battle: if mine { 0 } else { p.battle.len() },
                opportunities: if mine { 0 } else { p.opportunities.len() },
                dealt: !mine && self.dealt[s].is_some(),
            });
            if !mine {
                p.goals.retain(|h| h.done != 0);
                p.battle.clear();
                p.opportunities.clear();
                p.peeked.clear();
                if !revealed {
                    p.ruler = None;
                }
            }
        }
        // The capital tokens lie face down until every goal is kept and every ruler chosen («Подготовка к
        // игре», steps 1 and 6): until then a site shows only that a token lies there.
        if !revealed {
            t.capital_tokens.iter_mut().for_each(|k| *k = None);
        }
        for (s, d) in t.dealt.iter_mut().enumerate() {
            if me != Some(s as u8) {
                *d = None;
            }
        }
        let peeked: Vec<u16> = me.map(|s| self.players[usize::from(s)].peeked.clone()).unwrap_or_default();
        for (i, site) in t.sites.iter_mut().enumerate() {
            if let Some(l) = &mut site.lying
                && !l.face_up
                && !peeked.contains(&(i as u16))
            {
                l.find = None;
            }
        }
        let mut committed = [None, None];
        for p in &mut t.pending {
            if let Pending::Battle(b) = p {
                let sides = [(b.attacker, &mut b.attack_cards), (b.defender.unwrap_or(u8::MAX), &mut b.defence_cards)];
                for (k, (owner, cards)) in sides.into_iter().enumerate() {
                    if let Some(c) = cards
                        && me != Some(owner)
                    {
                        committed[k] = Some(c.len());
                        c.clear();
                    }
                }
            }
        }
        View {
            viewer,
            hidden,
            battle_deck: t.battle_deck.len(),
            opportunity_deck: t.opportunity_deck.len(),
            goal_decks: [0, 1, 2].map(|e| t.goal_decks[e].len()),
            privilege_piles: [0, 1, 2].map(|b| t.privilege_piles[b].len()),
            city_stacks: [0, 1].map(|k| t.city_stacks[k].len().saturating_sub(1)),
            committed,
            strengths: self.strengths_before_cards(),
            // From the masked table: a hand's VP cards count only for the one who sees them.
            scores: (0..self.players.len()).map(|s| t.score(s as u8)).collect(),
            prompt: self.decision(viewer),
            table: {
                t.battle_deck.clear();
                t.opportunity_deck.clear();
                t.goal_decks = Default::default();
                t.privilege_piles = Default::default();
                for stack in &mut t.city_stacks {
                    let top = stack.last().copied();
                    *stack = top.into_iter().collect();
                }
                t
            },
        }
    }
}

/// A full state consistent with `view`: every unseen card, city and token dealt at random from what the
/// viewer cannot place.
pub fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> Brazil {
    let c = &**content;
    let mut g = view.table.clone();
    g.content = content.clone();
    g.rng = GameRng::seed_from_u64(rand::Rng::random(rng));
    // Battle cards: the deck's multiset less what the viewer can place.
    let mut battle: Vec<BattleId> = c.battle_deck.clone();
    let remove = |pool: &mut Vec<BattleId>, seen: &[BattleId]| {
        for x in seen {
            if let Some(k) = pool.iter().position(|y| y == x) {
                pool.swap_remove(k);
            }
        }
    };
    remove(&mut battle, &g.battle_discard);
    for p in &g.players {
        remove(&mut battle, &p.battle);
    }
    for p in &g.pending {
        if let Pending::Battle(b) = p {
            remove(&mut battle, b.attack_cards.as_deref().unwrap_or_default());
            remove(&mut battle, b.defence_cards.as_deref().unwrap_or_default());
        }
    }
    battle.shuffle(rng);
    for (s, h) in view.hidden.iter().enumerate() {
        for _ in 0..h.battle {
            if let Some(x) = battle.pop() {
                g.players[s].battle.push(x);
            }
        }
    }
    let [att, def] = view.committed;
    for p in &mut g.pending {
        if let Pending::Battle(b) = p {
            for (n, cards) in [(att, &mut b.attack_cards), (def, &mut b.defence_cards)] {
                if let (Some(n), Some(cards)) = (n, cards) {
                    cards.extend(battle.drain(battle.len().saturating_sub(n)..));
                }
            }
        }
    }
    g.battle_deck = battle;
    // Opportunity cards.
    let mut opportunities: Vec<OpportunityId> = c.opportunity_deck.clone();
    for x in g.opportunity_discard.iter().chain(g.players.iter().flat_map(|p| p.opportunities.iter())) {
        if let Some(k) = opportunities.iter().position(|y| y == x) {
            opportunities.swap_remove(k);
        }
    }
    opportunities.shuffle(rng);
    for (s, h) in view.hidden.iter().enumerate() {
        for _ in 0..h.opportunities {
            if let Some(x) = opportunities.pop() {
                g.players[s].opportunities.push(x);
            }
        }
    }
    g.opportunity_deck = opportunities;
    // Goals: hands, setup deals and decks, by era.
    let known: Vec<GoalId> = g
        .players
        .iter()
        .flat_map(|p| p.goals.iter().map(|h| h.goal))
        .chain(g.dealt.iter().flatten().flatten().flatten().copied())
        .collect();
    let mut goals: [Vec<GoalId>; 3] = Default::default();
    for (k, goal) in c.goals.iter().enumerate() {
        if !known.contains(&GoalId(k as u8)) {
            goals[usize::from(goal.era) - 1].push(GoalId(k as u8));
        }
    }
    for deck in &mut goals {
        deck.shuffle(rng);
    }
    // How many unseen goals of each era are in hands or setup deals: the rest are the decks, whose sizes
    // the view shows.
    let mut unseen: [usize; 3] = [0, 1, 2].map(|e| goals[e].len().saturating_sub(view.goal_decks[e]));
    for (s, h) in view.hidden.iter().enumerate() {
        let mut left = h.goals;
        if h.dealt {
            let mut d = [[GoalId(0); 2]; 3];
            for (era, pair) in d.iter_mut().enumerate() {
                for slot in pair.iter_mut() {
                    *slot = goals[era].pop().unwrap_or(GoalId(0));
                    unseen[era] = unseen[era].saturating_sub(1);
                }
            }
            g.dealt[s] = Some(d);
            // A seat that has chosen kept one goal of each pair.
            if g.players[s].ready {
                for pair in d {
                    g.players[s].goals.push(Held { goal: pair[rand::Rng::random_range(rng, 0..2)], done: 0 });
                }
                left = left.saturating_sub(3);
            }
        }
        // One kept goal per era whose card has not been declared, then any era with unseen goals left.
        let declared: Vec<u8> = g.players[s].goals.iter().map(|x| c.goal(x.goal).era).collect();
        let mut eras: Vec<usize> = (0..3).filter(|&e| !declared.contains(&(e as u8 + 1))).collect();
        while left > 0 {
            let preferred = eras.iter().position(|&e| unseen[e] > 0).map(|k| eras.remove(k));
            let Some(e) = preferred.or_else(|| (0..3).find(|&e| unseen[e] > 0)) else { break };
            let Some(x) = goals[e].pop() else { break };
            unseen[e] -= 1;
            g.players[s].goals.push(Held { goal: x, done: 0 });
            left -= 1;
        }
    }
    for (era, deck) in goals.into_iter().enumerate() {
        g.goal_decks[era] = deck.into_iter().take(view.goal_decks[era]).collect();
    }
    // Privilege piles: what is neither displayed nor held, by back.
    for back in Back::ALL {
        let mut pile: Vec<PrivilegeId> = (0..c.privileges.len())
            .map(|k| PrivilegeId(k as u8))
            .filter(|&k| c.privilege(k).back == back)
            .filter(|k| !g.display.contains(&Some(*k)) && !g.players.iter().any(|p| p.privileges.contains(k)))
            .collect();
        pile.shuffle(rng);
        g.privilege_piles[back.index()] = pile;
    }
    // Cities under the tops.
    let mut cities: Vec<CityId> = (0..c.cities.len())
        .map(|k| CityId(k as u8))
        .filter(|k| {
            !g.city_stacks.iter().any(|s| s.contains(k))
                && !g.sites.iter().any(|s| s.token.is_some_and(|t| t.built == crate::state::Built::City(*k)))
        })
        .collect();
    cities.shuffle(rng);
    for (k, stack) in g.city_stacks.iter_mut().enumerate() {
        let top = stack.pop();
        let under: Vec<CityId> = cities.drain(cities.len().saturating_sub(view.city_stacks[k])..).collect();
        *stack = under;
        stack.extend(top);
    }
    // Capital tokens still face down: the "1" and as many others as it takes, dealt to the sites at random.
    if g.stage == crate::state::Stage::Prepare {
        let mut tokens: Vec<u8> = (1..c.capital_tokens.len() as u8).collect();
        tokens.shuffle(rng);
        tokens.truncate(g.players.len().saturating_sub(1));
        tokens.push(0);
        tokens.shuffle(rng);
        for (slot, t) in g.capital_tokens.iter_mut().zip(tokens) {
            *slot = Some(t);
        }
    }
    // Exploration tokens face down and unseen: from the pool less every token the viewer can place.
    let mut finds: Vec<ExplorationId> = c.exploration_pool.clone();
    let placed = g
        .sites
        .iter()
        .filter_map(|s| s.lying.and_then(|l| l.find))
        .chain(g.players.iter().flat_map(|p| p.finds.iter().copied()))
        .chain(g.spent_finds.iter().copied());
    for x in placed.collect::<Vec<_>>() {
        if let Some(k) = finds.iter().position(|&y| y == x) {
            finds.swap_remove(k);
        }
    }
    finds.shuffle(rng);
    for site in &mut g.sites {
        if let Some(l) = &mut site.lying
            && l.find.is_none()
        {
            l.find = finds.pop();
        }
    }
    g
}
