//! Monte Carlo tree search for any number of players.
//!
//! Each iteration samples a complete state from the view ([`Game::determinize`]), walks down the tree
//! choosing at every node the action that is best *for the seat deciding there* (max^n: every node keeps a
//! reward for each seat), grows the tree where the walk ends, and scores that state with the game's
//! [`Evaluate`] instead of a random playout, which in these long games says more than chance does. Because
//! each iteration may sample a different state, a node offers only the actions legal in the current sample,
//! and compares children by how often they were available (information-set MCTS, "single observer"). With
//! nothing hidden, every sample is the true state and this is plain MCTS.
//!
//! How the tree grows is the [`Guide`]. The default evaluates every action of a node when the node is first
//! reached, and lets those values lead the search (PUCT with the values, softened, as its prior): the search
//! starts from what the one-step heuristic would play and spends its iterations checking the few moves
//! that look best, instead of trying every move of every node once in random order (plain UCT, kept as
//! the baseline). A guided iteration costs a node's worth of evaluations, yet it pays: in the arena, guided
//! `mcts:300` beat plain `uct:300` in 94% of 100 Imperial Struggle games, and against three one-step
//! heuristic bots in Endeavor it won 51% of 400 games where plain search won 14% of 200 at the same
//! budget and 10% of 100 at the same time (`uct:2000`).

use std::time::{Duration, Instant};

use imperia_core::{ContentSet, Evaluate, Game, GameRng, Seat, ToAct};
use rand::Rng;
use serde::Serialize;

use crate::{Bot, Judge};

/// The exploration constant of UCB1 (plain search), for rewards in [0, 1]. The guided search's is the game's
/// (`Evaluate::EXPLORATION`).
const UCB_EXPLORATION: f64 = 0.7;

/// How sharply the guided search's prior prefers the actions the evaluation likes: a value higher by this
/// much weighs e times more.
const PRIOR_TEMPERATURE: f64 = 0.015;

/// How a search spends its iterations below the root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guide {
    /// Plain UCT: each new node is one random untried action, scored by the evaluation; UCB1 chooses among
    /// the tried. Kept as the baseline the guided search is measured against.
    Plain,
    /// Every action of a new node is evaluated at once; PUCT chooses with those values as prior.
    #[default]
    Heuristic,
}

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
    /// How the iterations are spent.
    pub guide: Guide,
    /// Which evaluation scores positions; `None` takes the game's choice ([`Judge::default_for`]).
    pub judge: Option<Judge>,
}

impl Budget {
    /// `iterations` on one thread, guided, with no clock.
    pub fn iterations(iterations: u64) -> Self {
        Budget { iterations, time: None, threads: 1, guide: Guide::Heuristic, judge: None }
    }
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

/// A node; its sums of rewards are the tree's ([`Tree::reward`]).
struct Node<A> {
    /// The seat that decides at this node (`None` once the game is over).
    seat: Option<Seat>,
    visits: f64,
    children: Vec<Child<A>>,
}

impl<A> Node<A> {
    fn new(seat: Option<Seat>) -> Self {
        Node { seat, visits: 0.0, children: Vec::new() }
    }
}

struct Child<A> {
    action: A,
    node: usize,
    /// Times the action was legal when its parent was visited.
    available: f64,
    /// The prior's unnormalised weight (guided search only).
    weight: f64,
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
    let judge = budget.judge.unwrap_or(Judge::default_for::<G>());
    let mut tree = Tree::new(seat, root_state.seats(), judge);
    let mut iterations = 0;
    let mut stats = SearchStats::default();
    // The walk's nodes from the root, kept from one iteration to the next.
    let mut path = Vec::new();
    while iterations < budget.iterations && budget.time.is_none_or(|t| started.elapsed() < t) {
        iterations += 1;
        let mut state = G::determinize(view, content, rng);
        path.clear();
        path.push(0usize);
        let mut node = 0usize;
        let mut leaf_value = None;
        while let Some(acting) = tree.nodes[node].seat {
            let legal = state.legal_actions(acting);
            if legal.is_empty() {
                break;
            }
            stats.record(path.len() - 1, legal.len());
            let step = match budget.guide {
                Guide::Plain => tree.step_plain(node, acting, legal, &mut state, rng),
                Guide::Heuristic => tree.step_guided(node, acting, legal, &mut state),
            };
            match step {
                Step::Descend(child) => {
                    path.push(child);
                    node = child;
                }
                Step::Added(child) => {
                    path.push(child);
                    break;
                }
                Step::Valued(value) => {
                    leaf_value = Some(value);
                    break;
                }
                Step::Stuck => break,
            }
        }
        let values = leaf_value.unwrap_or_else(|| judge.values(&state));
        tree.back_up(&path, &values);
    }
    stats.nodes = tree.nodes.len() as u64;
    SearchResult { actions: tree.root_actions(seat), iterations, stats }
}

/// One walk's move at a node.
enum Step {
    /// The walk moved to this existing child.
    Descend(usize),
    /// The walk added this child and ends there; the state is to be evaluated.
    Added(usize),
    /// The walk ends here with this value (the node's actions were just evaluated).
    Valued(Vec<f64>),
    /// The chosen action did not apply; the walk ends where it is.
    Stuck,
}

/// The search tree, its nodes in one arena (index 0 is the root).
struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// Each node's sum of rewards, one per seat, node after node: one allocation for the tree rather than
    /// one per node, of which a guided search adds a node's worth per iteration.
    rewards: Vec<f64>,
    seats: usize,
    judge: Judge,
}

impl<A: Clone + PartialEq> Tree<A> {
    fn new(seat: Seat, seats: usize, judge: Judge) -> Self {
        Tree { nodes: vec![Node::new(Some(seat))], rewards: vec![0.0; seats], seats, judge }
    }

    /// A node that decides at `seat`, its rewards at zero.
    fn push_node(&mut self, seat: Option<Seat>) -> usize {
        self.nodes.push(Node::new(seat));
        self.rewards.resize(self.rewards.len() + self.seats, 0.0);
        self.nodes.len() - 1
    }

    /// Node `node`'s sum of rewards, one per seat.
    fn reward(&self, node: usize) -> &[f64] {
        &self.rewards[node * self.seats..(node + 1) * self.seats]
    }

    fn reward_mut(&mut self, node: usize) -> &mut [f64] {
        &mut self.rewards[node * self.seats..(node + 1) * self.seats]
    }

    fn add<G: Game<Action = A>>(&mut self, parent: usize, action: A, after: &G, weight: f64) -> usize {
        let seat = match after.to_act() {
            ToAct::Seats(s) => s.first().copied(),
            ToAct::Nobody => None,
        };
        let child = self.push_node(seat);
        self.nodes[parent].children.push(Child { action, node: child, available: 1.0, weight });
        child
    }

    /// The child of `node` for `action`, if there is one. The guided search adds a node's children in the
    /// order of its first sample's legal actions, and later samples mostly list them in that order, so the
    /// child after the last one found (`next`) is tried before all the others (plain search, which adds them
    /// in random order, falls back to the scan).
    fn child_for(&self, node: usize, action: &A, next: &mut usize) -> Option<usize> {
        let children = &self.nodes[node].children;
        let found = match children.get(*next) {
            Some(c) if c.action == *action => Some(*next),
            _ => children.iter().position(|c| c.action == *action),
        };
        if let Some(i) = found {
            *next = i + 1;
        }
        found
    }

    /// Plain UCT: try every action once, in random order, then pick by UCB1.
    fn step_plain<G: Game<Action = A>>(
        &mut self,
        node: usize,
        acting: Seat,
        legal: Vec<A>,
        state: &mut G,
        rng: &mut GameRng,
    ) -> Step {
        // Count availability, and find an action never tried here.
        let mut untried = Vec::new();
        let mut open = Vec::with_capacity(legal.len());
        let mut next = 0;
        for action in legal.iter() {
            match self.child_for(node, action, &mut next) {
                Some(i) => {
                    self.nodes[node].children[i].available += 1.0;
                    open.push(i);
                }
                None => untried.push(action.clone()),
            }
        }
        if !untried.is_empty() {
            let action = untried.swap_remove(rng.random_range(0..untried.len()));
            if state.apply(acting, &action).is_err() {
                return Step::Stuck;
            }
            return Step::Added(self.add(node, action, state, 1.0));
        }
        let best = self.best_child(node, acting, open, |child, n| {
            UCB_EXPLORATION * (child.available.max(1.0).ln() / n.visits.max(1.0)).sqrt()
        });
        self.descend(best, acting, state)
    }

    /// Guided by the evaluation: on its first visit a node evaluates the state after each of its actions.
    /// Those values become the children's first visit and, softened, the prior of PUCT; the walk ends with
    /// the value of the action best for the seat acting, as if it replied greedily.
    fn step_guided<G: Evaluate<Action = A>>(
        &mut self,
        node: usize,
        acting: Seat,
        legal: Vec<A>,
        state: &mut G,
    ) -> Step {
        let fresh = self.nodes[node].children.is_empty();
        let mut greedy: Option<Vec<f64>> = None;
        // The children legal in this sample, by index: found once here, read by the choice below.
        let mut open = Vec::with_capacity(legal.len());
        let mut next = 0;
        for action in legal.iter() {
            if let Some(i) = self.child_for(node, action, &mut next) {
                self.nodes[node].children[i].available += 1.0;
                open.push(i);
                continue;
            }
            // New here: on the first visit every action, later one legal only in this sample.
            let Ok(after) = state.after(acting, action) else { continue };
            let values = self.judge.values(&after);
            let child = self.add(node, action.clone(), &after, (values[acting] / PRIOR_TEMPERATURE).exp());
            open.push(self.nodes[node].children.len() - 1);
            self.nodes[child].visits = 1.0;
            self.reward_mut(child).copy_from_slice(&values);
            if greedy.as_ref().is_none_or(|g| values[acting] > g[acting]) {
                greedy = Some(values);
            }
        }
        if fresh {
            return greedy.map_or(Step::Stuck, Step::Valued);
        }
        let children = &self.nodes[node].children;
        let total_weight: f64 = open.iter().map(|&i| children[i].weight).sum();
        let best = self.best_child(node, acting, open, |child, n| {
            let prior = child.weight / total_weight.max(f64::MIN_POSITIVE);
            G::EXPLORATION * prior * child.available.sqrt() / n.visits.max(1.0)
        });
        self.descend(best, acting, state)
    }

    /// Of the children `open` (indices, legal in this sample), the one with the best mean reward for
    /// `acting` plus its `bonus` for exploration (given the child's edge and node).
    fn best_child(
        &self,
        node: usize,
        acting: Seat,
        mut open: Vec<usize>,
        bonus: impl Fn(&Child<A>, &Node<A>) -> f64,
    ) -> Option<(usize, A)> {
        // In the children's own order, so that ties fall as they always have.
        open.sort_unstable();
        let children = &self.nodes[node].children;
        open.iter()
            .map(|&i| &children[i])
            .map(|c| {
                let n = &self.nodes[c.node];
                (self.reward(c.node)[acting] / n.visits.max(1.0) + bonus(c, n), c)
            })
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, c)| (c.node, c.action.clone()))
    }

    fn descend<G: Game<Action = A>>(&self, best: Option<(usize, A)>, acting: Seat, state: &mut G) -> Step {
        match best {
            Some((child, action)) if state.apply(acting, &action).is_ok() => Step::Descend(child),
            _ => Step::Stuck,
        }
    }

    fn back_up(&mut self, path: &[usize], values: &[f64]) {
        for &n in path {
            self.nodes[n].visits += 1.0;
            for (total, v) in self.reward_mut(n).iter_mut().zip(values) {
                *total += v;
            }
        }
    }

    fn root_actions(&self, seat: Seat) -> Vec<(A, u64, f64)> {
        self.nodes[0]
            .children
            .iter()
            .map(|c| {
                let n = &self.nodes[c.node];
                (c.action.clone(), n.visits as u64, self.reward(c.node)[seat] / n.visits.max(1.0))
            })
            .collect()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree whose root has one child per action, added in this order.
    fn root_with(actions: &[u32]) -> Tree<u32> {
        let mut tree = Tree::new(0, 2, Judge::Hand);
        for &action in actions {
            let node = tree.push_node(Some(1));
            tree.nodes[0].children.push(Child { action, node, available: 1.0, weight: 1.0 });
        }
        tree
    }

    #[test]
    fn a_child_is_found_whatever_order_a_sample_offers_its_actions_in() {
        let tree = root_with(&[10, 20, 30]);
        let find = |legal: &[u32]| {
            let mut next = 0;
            legal.iter().map(|a| tree.child_for(0, a, &mut next)).collect::<Vec<_>>()
        };
        assert_eq!(find(&[10, 20, 30]), [Some(0), Some(1), Some(2)], "in the order added");
        assert_eq!(find(&[20, 30]), [Some(1), Some(2)], "one missing from the sample");
        assert_eq!(find(&[30, 10, 40, 20]), [Some(2), Some(0), None, Some(1)], "shuffled, one new");
    }
}
