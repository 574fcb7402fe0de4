//! What the long balance runs share: their settings from the environment, and a queue of games played by a
//! worker per core, each keeping its own tallies, merged when all are done.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A count from the environment, or `default`.
pub fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Plays every `(run, seed)` of `queue` with `play`, on `workers` threads, and returns one tally per run: each
/// worker starts from `fresh()` and the workers' tallies are merged in with `merge`.
pub fn play_queue<T: Send>(
    queue: &[(usize, u64)],
    workers: usize,
    fresh: impl Fn() -> Vec<T> + Sync,
    play: impl Fn(&mut T, usize, u64) + Sync,
    merge: impl Fn(&mut T, T),
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let mut totals = fresh();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut tallies = fresh();
                    while let Some(&(c, seed)) = queue.get(next.fetch_add(1, Ordering::Relaxed)) {
                        play(&mut tallies[c], c, seed);
                    }
                    tallies
                })
            })
            .collect();
        for h in handles {
            for (total, t) in totals.iter_mut().zip(h.join().expect("a worker")) {
                merge(total, t);
            }
        }
    });
    totals
}

/// Whether `var` (`;`-separated names, as the report names them) picks the run called `name`; unset picks all.
pub fn picked(var: &str, name: &str) -> bool {
    std::env::var(var).ok().is_none_or(|o| o.split(';').any(|o| name == o.trim()))
}

/// One queue of `(run, seed)` games, seeds 1 to `games` for each run, the runs with more players first, so that
/// every core stays busy to the end. `players` is each run's player count.
pub fn queue(players: &[usize], games: usize) -> Vec<(usize, u64)> {
    let mut queue: Vec<(usize, u64)> =
        (0..players.len()).flat_map(|c| (1..=games as u64).map(move |seed| (c, seed))).collect();
    queue.sort_by_key(|&(c, seed)| (std::cmp::Reverse(players[c]), seed));
    queue
}

/// The worker count: `var` if set, else one per core.
pub fn workers(var: &str) -> usize {
    env(var, std::thread::available_parallelism().map_or(1, |n| n.get()))
}
