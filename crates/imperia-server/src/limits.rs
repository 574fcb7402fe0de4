//! What one client may cost the server: connections, request sizes and times, and how often it may sign
//! up, sign in and create games. Every limit is a number in [`Limits`] (defaults for a public server), and
//! every limiter's memory is bounded: keys are short, and those not seen for a while are dropped.

use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// The limits a server enforces.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open connections in all (further ones wait in the kernel's queue).
    pub connections: usize,
    /// Open connections from one address (an IPv6 /64 counts as one address). Not applied behind a proxy,
    /// where every connection comes from the proxy.
    pub connections_per_address: usize,
    /// Time to send a request's headers.
    pub header_timeout: Duration,
    /// Time a connection may sit with nothing sent either way (keep-alive, or a WebSocket whose client
    /// answers no ping).
    pub idle_timeout: Duration,
    /// Time to send a request's body.
    pub body_timeout: Duration,
    /// Longest request target (path and query), in bytes.
    pub max_uri: usize,
    /// Most bytes of request headers in all.
    pub max_headers: usize,
    /// Accounts made from one address in an hour.
    pub signups_per_hour: u32,
    /// Sign-in attempts for one name from one address in a minute.
    pub signins_per_minute: u32,
    /// Games (new or imported) one account creates in an hour.
    pub games_per_hour: u32,
    /// Games one account has waiting in the lobby at once.
    pub waiting_games: i64,
    /// Unfinished games one account has created, at once.
    pub running_games: i64,
    /// Searches (bots' decisions, hints, reviews) run at once, over all games; hints and reviews never
    /// hold the last one ([`crate::thinking`]).
    pub bot_threads: usize,
    /// Password hashes computed at once.
    pub hash_threads: usize,
    /// The shortest clock a rated game may have: seconds a decision (`Clock::per_move_seconds`). A rating
    /// should measure play, not who can click fastest, nor let a player be timed out at once.
    pub rated_min_per_move: i64,
    /// How long a proposal to go back waits for its answers in a game without a clock (a timed game
    /// waits one decision's time), before it lapses and the bots it held move on.
    pub rollback_answer: Duration,
    /// The shortest time for a decision a game may give its bot accounts, in milliseconds: the lower end of
    /// `bot_accounts::MOVE_MS`, lowered only by tests (`imperia serve --test-bot-move-min-ms`), which then
    /// hold the moment a bot is late rather than wait for it.
    pub bot_move_min_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Limits {
            connections: 8192,
            connections_per_address: 64,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(75),
            body_timeout: Duration::from_secs(20),
            max_uri: 8 * 1024,
            max_headers: 16 * 1024,
            signups_per_hour: 10,
            signins_per_minute: 10,
            games_per_hour: 30,
            waiting_games: 5,
            running_games: 50,
            bot_threads: cores,
            hash_threads: cores,
            rated_min_per_move: 30,
            rollback_answer: Duration::from_secs(24 * 3600),
            bot_move_min_ms: *crate::bot_accounts::MOVE_MS.start(),
        }
    }
}

/// An address as the limiters count it: IPv4 whole, IPv6 by its /64 (one household or host has a /64).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The most keys a limiter holds; past it, new keys are refused until old ones are dropped.
const MAX_KEYS: usize = 100_000;

/// A rate per key, bounded in memory.
pub struct Limiter<K: Hash + Eq + Clone> {
    inner: DefaultKeyedRateLimiter<K>,
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    /// `count` events per `period`, all of which may come at once.
    pub fn new(count: u32, period: Duration) -> Self {
        let count = NonZeroU32::new(count.max(1)).unwrap_or(NonZeroU32::MIN);
        let quota =
            Quota::with_period(period / count.get()).unwrap_or_else(|| Quota::per_second(count)).allow_burst(count);
        Limiter { inner: RateLimiter::keyed(quota) }
    }

    /// Count one event for `key`; false if it is over the rate (or the limiter is full).
    pub fn allow(&self, key: &K) -> bool {
        if self.inner.len() >= MAX_KEYS {
            self.inner.retain_recent();
            if self.inner.len() >= MAX_KEYS {
                return false;
            }
        }
        self.inner.check_key(key).is_ok()
    }

    /// Forget keys whose rate has fully recovered.
    pub fn forget_old(&self) {
        self.inner.retain_recent();
        self.inner.shrink_to_fit();
    }

    pub fn len(&self) -> usize {
        self.inner.len()
    }

    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }
}

/// The server's limiters.
pub struct Limiters {
    pub signups: Limiter<IpAddr>,
    /// By address and name key: someone else's failed attempts never lock the owner out.
    pub signins: Limiter<(IpAddr, String)>,
    pub games: Limiter<i64>,
}

impl Limiters {
    pub fn new(limits: &Limits) -> Arc<Limiters> {
        let hour = Duration::from_secs(3600);
        let limiters = Arc::new(Limiters {
            signups: Limiter::new(limits.signups_per_hour, hour),
            signins: Limiter::new(limits.signins_per_minute, Duration::from_secs(60)),
            games: Limiter::new(limits.games_per_hour, hour),
        });
        let weak = Arc::downgrade(&limiters);
        // Outside a runtime (unit tests) nothing is swept; the bound on keys still holds.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_secs(60));
                loop {
                    tick.tick().await;
                    let Some(limiters) = weak.upgrade() else { return };
                    limiters.signups.forget_old();
                    limiters.signins.forget_old();
                    limiters.games.forget_old();
                }
            });
        }
        limiters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limiter_counts_per_key_and_forgets() {
        let limiter = Limiter::new(3, Duration::from_secs(60));
        let (a, b) = ("a".to_string(), "b".to_string());
        assert!((0..3).all(|_| limiter.allow(&a)));
        assert!(!limiter.allow(&a), "the fourth in a minute is refused");
        assert!(limiter.allow(&b), "another key is counted apart");
        assert_eq!(limiter.len(), 2);
        let quick = Limiter::new(1, Duration::from_millis(20));
        assert!(quick.allow(&a));
        std::thread::sleep(Duration::from_millis(40));
        quick.forget_old();
        assert!(quick.is_empty(), "a recovered key is forgotten");
    }

    #[test]
    fn ipv6_addresses_count_by_their_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("v6");
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().expect("v6");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("v6");
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().expect("mapped");
        assert_eq!(address_key(mapped), "10.0.0.1".parse::<IpAddr>().expect("v4"));
    }
}
