//! What the long balance runs share: their settings from the environment, and a queue of games played by a
//! worker per core, each keeping its own tallies, merged when all are done.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A count from the environment, or `default`.
pub fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Plays every `(config, seed)` of `queue` with `play`, on `workers` threads, and returns one tally per config:
/// each worker starts from `fresh()` and the workers' tallies are merged in with `merge`. Put the longest
/// games first so that no core idles at the end.
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

/// The worker count: `var` if set, else one per core.
pub fn workers(var: &str) -> usize {
    env(var, std::thread::available_parallelism().map_or(1, |n| n.get()))
}
