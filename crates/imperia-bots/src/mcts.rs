//! Monte Carlo tree search for any number of players.
//!
//! Each iteration samples a complete state from the view ([`Game::determinize`]), walks down the tree
//! choosing at every node the action that is best *for the seat deciding there* (max^n: every node keeps a
//! reward for each seat), adds one new node, and scores it with the game's [`Evaluate`] instead of a random
//! playout, which in these long games says more than chance does. Because each iteration may sample a
//! different state, a node offers only the actions legal in the current sample, and compares children by how
//! often they were available (information-set MCTS, "single observer"). With nothing hidden, every sample is
//! the true state and this is plain MCTS.

use std::time::{Duration, Instant};

use imperia_core::{ContentSet, Evaluate, GameRng, Seat, ToAct};
use rand::Rng;
use serde::Serialize;

use crate::Bot;

/// The exploration constant of UCB1, for rewards in [0, 1].
const EXPLORATION: f64 = 0.7;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Iterations per thread.
    pub iterations: u64,
    /// A wall-clock limit as well, if given. Searches stopped by time are not reproducible.
    pub time: Option<Duration>,
    /// Independent searches run side by side and merged at the root (root parallelisation); each has its
    /// own generator drawn from the bot's, so the result stays reproducible.
    pub threads: usize,
}

/// The search bot.
#[derive(Clone, Debug)]
pub struct MctsBot {
    pub budget: Budget,
}

impl MctsBot {
    pub fn new(budget: Budget) -> Self {
        MctsBot { budget }
    }
}

struct Node<A> {
    /// The seat that decides at this node (`None` once the game is over).
    seat: Option<Seat>,
    visits: f64,
    /// Sum of rewards, one per seat.
    reward: Vec<f64>,
    /// (action, child index, times the action was available when this node was visited).
    children: Vec<(A, usize, f64)>,
}

/// What a finished search found: each root action with its visits and mean reward for the searching seat.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    pub actions: Vec<(A, u64, f64)>,
    pub iterations: u64,
    pub stats: SearchStats,
}

/// Where a search's iterations went (`imperia hint --explain`): how deep the walks reached and how many
/// actions each level of the tree offered.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SearchStats {
    /// Iterations whose walk reached each depth (index 0: the root), and the actions offered there in total.
    pub levels: Vec<Level>,
    /// The deepest walk, in decisions below the root.
    pub depth_max: usize,
    /// Nodes in the tree (all threads).
    pub nodes: u64,
}

/// One depth of the tree, over a search.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Level {
    /// Walks that passed a decision at this depth.
    pub walks: u64,
    /// Legal actions at those decisions, summed: `offered / walks` is the mean branching.
    pub offered: u64,
    /// The most actions offered at one decision at this depth.
    pub widest: usize,
}

impl SearchStats {
    fn record(&mut self, depth: usize, offered: usize) {
        if self.levels.len() <= depth {
            self.levels.resize(depth + 1, Level::default());
        }
        let level = &mut self.levels[depth];
        level.walks += 1;
        level.offered += offered as u64;
        level.widest = level.widest.max(offered);
        self.depth_max = self.depth_max.max(depth);
    }

    fn merge(&mut self, other: &SearchStats) {
        for (depth, l) in other.levels.iter().enumerate() {
            if self.levels.len() <= depth {
                self.levels.resize(depth + 1, Level::default());
            }
            let level = &mut self.levels[depth];
            level.walks += l.walks;
            level.offered += l.offered;
            level.widest = level.widest.max(l.widest);
        }
        self.depth_max = self.depth_max.max(other.depth_max);
        self.nodes += other.nodes;
    }
}

/// Search from `view` for `seat`, on `budget.threads` threads.
pub fn search<G: Evaluate>(
    view: &G::View,
    content: &ContentSet<G::Content>,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> SearchResult<G::Action> {
    if budget.threads <= 1 {
        return search_one::<G>(view, content, seat, budget, rng);
    }
    let mut rngs: Vec<GameRng> = (0..budget.threads).map(|_| imperia_core::rng::seeded(rng.random())).collect();
    let parts: Vec<SearchResult<G::Action>> = std::thread::scope(|scope| {
        let handles: Vec<_> = rngs
            .iter_mut()
            .map(|r| {
                scope.spawn(move || {
                    // A new thread has no content in scope; the game's ids need it.
                    let _scope = content.enter();
                    search_one::<G>(view, content, seat, budget, r)
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut merged: Vec<(G::Action, u64, f64)> = Vec::new();
    let mut iterations = 0;
    let mut stats = SearchStats::default();
    for part in parts {
        iterations += part.iterations;
        stats.merge(&part.stats);
        for (action, visits, mean) in part.actions {
            match merged.iter_mut().find(|(a, _, _)| *a == action) {
                Some(m) => {
                    let total = m.1 + visits;
                    m.2 = (m.2 * m.1 as f64 + mean * visits as f64) / (total.max(1)) as f64;
                    m.1 = total;
                }
                None => merged.push((action, visits, mean)),
            }
        }
    }
    SearchResult { actions: merged, iterations, stats }
}

fn search_one<G: Evaluate>(
    view: &G::View,
    content: &ContentSet<G::Content>,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> SearchResult<G::Action> {
    let started = Instant::now();
    let root_state = G::determinize(view, content, rng);
    let seats = root_state.seats();
    let mut nodes: Vec<Node<G::Action>> =
        vec![Node { seat: Some(seat), visits: 0.0, reward: vec![0.0; seats], children: vec![] }];
    let mut iterations = 0;
    let mut stats = SearchStats::default();
    while iterations < budget.iterations && budget.time.is_none_or(|t| started.elapsed() < t) {
        iterations += 1;
        let mut state = G::determinize(view, content, rng);
        let mut path = vec![0usize];
        let mut node = 0usize;
        while let Some(acting) = nodes[node].seat {
            let legal = state.legal_actions(acting);
            if legal.is_empty() {
                break;
            }
            stats.record(path.len() - 1, legal.len());
            // Count availability, and find an action never tried here.
            let mut untried = Vec::new();
            for action in &legal {
                match nodes[node].children.iter_mut().find(|(a, _, _)| a == action) {
                    Some(child) => child.2 += 1.0,
                    None => untried.push(action.clone()),
                }
            }
            if !untried.is_empty() {
                let action = untried.swap_remove(rng.random_range(0..untried.len()));
                if state.apply(acting, &action).is_err() {
                    break;
                }
                let next_seat = match state.to_act() {
                    ToAct::Seats(s) => s.first().copied(),
                    ToAct::Nobody => None,
                };
                nodes.push(Node { seat: next_seat, visits: 0.0, reward: vec![0.0; seats], children: vec![] });
                let child = nodes.len() - 1;
                nodes[node].children.push((action, child, 1.0));
                path.push(child);
                break;
            }
            // UCB1 on the acting seat's own reward, among the actions legal in this sample.
            let mut best: Option<(f64, usize, G::Action)> = None;
            for (action, child, available) in &nodes[node].children {
                if !legal.contains(action) {
                    continue;
                }
                let c = &nodes[*child];
                let mean = c.reward[acting] / c.visits.max(1.0);
                let score = mean + EXPLORATION * (available.max(1.0).ln() / c.visits.max(1.0)).sqrt();
                if best.as_ref().is_none_or(|(b, _, _)| score > *b) {
                    best = Some((score, *child, action.clone()));
                }
            }
            let Some((_, child, action)) = best else { break };
            if state.apply(acting, &action).is_err() {
                break;
            }
            path.push(child);
            node = child;
        }
        let values = state.evaluate();
        for &n in &path {
            nodes[n].visits += 1.0;
            for (total, v) in nodes[n].reward.iter_mut().zip(&values) {
                *total += v;
            }
        }
    }
    let actions = nodes[0]
        .children
        .iter()
        .map(|(a, child, _)| {
            let c = &nodes[*child];
            (a.clone(), c.visits as u64, c.reward[seat] / c.visits.max(1.0))
        })
        .collect();
    stats.nodes = nodes.len() as u64;
    SearchResult { actions, iterations, stats }
}

impl<A: Clone + PartialEq> SearchResult<A> {
    /// Root actions from the most visited down (ties: the better mean), only those in `legal`.
    pub fn ranked(&self, legal: &[A]) -> Vec<(A, u64, f64)> {
        let mut ranked: Vec<(A, u64, f64)> =
            self.actions.iter().filter(|(a, _, _)| legal.contains(a)).cloned().collect();
        ranked.sort_by(|x, y| y.1.cmp(&x.1).then(y.2.total_cmp(&x.2)));
        ranked
    }
}

impl<G: Evaluate> Bot<G> for MctsBot {
    fn choose(
        &mut self,
        view: &G::View,
        content: &ContentSet<G::Content>,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let result = search::<G>(view, content, seat, self.budget, rng);
        result.ranked(legal).first().map_or_else(|| legal[0].clone(), |(a, _, _)| a.clone())
    }
}
