//! Thinking time: every search the server runs (a bot's decision in a game, a hint, a part of a review)
//! takes one of a fixed number of *slots*, sized to the cores, so that searches never outnumber the cores
//! and a flood of requests cannot make every game wait.
//!
//! The games' bots come first: a player waiting on a bot is waiting on the game itself, while a hint or a
//! review is *help* that can wait its turn. So:
//! - a bot takes any free slot, and help may hold at most all slots but one (on a one-slot server, the one
//!   slot, which it then takes in turn with the bots);
//! - help waits in a queue of bounded length ([`Thinking::places`]), where each account and each address
//!   holds at most [`PER_ASKER`] places, waiting or running; a request that finds no place is refused at
//!   once, saying how many jobs are ahead, so the caller can say when to ask again.
//!
//! A [`Place`] is held for a help's whole life (a review's many parts included), a [`HelpSlot`] only while
//! it searches.
//!
//! A server may also run no searches of its own ([`Thinking::on_workers`]): then every thought goes to the
//! database's queue ([`crate::queue`]) for `imperia worker`s, which keep the same order (bots first, help
//! never on every thread); the help queue's places are still counted here, per server.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use imperia_core::DynContent;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::queue::Queue as Workers;
use crate::thought::{Answer, Thought};

/// Places in the help queue, waiting or running, one account or one address may hold.
pub const PER_ASKER: usize = 2;
/// Places in the help queue per slot help may hold: with a hint's few seconds each, the last in line
/// waits about this many hints' time.
const PLACES_PER_HELP_SLOT: usize = 4;
/// The help slots a server that hands its thoughts to workers counts on, to size its help queue: it cannot
/// know how many workers there are.
const WORKERS_HELP_WIDTH: usize = 4;

/// Who asks for help: each is counted on its own, so neither many accounts on one address nor one account
/// from many addresses takes more than its share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Asker {
    Account(i64),
    Address(IpAddr),
}

/// Why help was not queued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue is full: `ahead` jobs hold its places.
    Full { ahead: usize },
    /// This asker already holds [`PER_ASKER`] places.
    Yours { asker: Asker },
}

/// The server's searching slots, and the queue of help waiting for them.
#[derive(Clone)]
pub struct Thinking {
    /// Every search holds one of these while it runs.
    slots: Arc<Semaphore>,
    /// Help holds one of these as well, so it never holds every slot.
    help_slots: Arc<Semaphore>,
    /// How many help slots there are.
    help_width: usize,
    queue: Arc<Mutex<Queue>>,
    /// Where thoughts go when this server runs none itself.
    workers: Option<Workers>,
}

/// The places taken in the help queue.
#[derive(Debug, Default)]
struct Queue {
    taken: usize,
    per_asker: HashMap<Asker, usize>,
}

impl Thinking {
    /// `slots` searches at once (at least one).
    pub fn new(slots: usize) -> Thinking {
        let slots = slots.max(1);
        let help_width = (slots - 1).max(1);
        Thinking {
            slots: Arc::new(Semaphore::new(slots)),
            help_slots: Arc::new(Semaphore::new(help_width)),
            help_width,
            queue: Arc::default(),
            workers: None,
        }
    }

    /// No searches on this server: every thought goes to `workers`.
    pub fn on_workers(workers: Workers) -> Thinking {
        Thinking { workers: Some(workers), ..Thinking::new(WORKERS_HELP_WIDTH + 1) }
    }

    /// The queue of thoughts for workers, if this server hands them its thoughts.
    pub fn workers(&self) -> Option<&Workers> {
        self.workers.as_ref()
    }

    /// A game's bot's move, thought here as soon as a slot is free, or by a worker. `key` names the move
    /// (game, version, seat), so that servers asking for the same move share one search.
    pub async fn bot_move(&self, key: &str, thought: Thought, content: DynContent) -> Result<Answer, String> {
        match &self.workers {
            Some(workers) => workers.ask(key, &thought).await,
            None => {
                let slot = self.for_bot().await;
                run_here(thought, content, slot).await
            }
        }
    }

    /// The most help jobs queued or running at once.
    pub fn places(&self) -> usize {
        self.help_width * PLACES_PER_HELP_SLOT
    }

    /// How many help jobs can search at once: a caller estimating a wait divides the jobs ahead by it.
    pub fn help_width(&self) -> usize {
        self.help_width
    }

    /// A slot for a game's bot, as soon as one is free.
    async fn for_bot(&self) -> OwnedSemaphorePermit {
        self.slots.clone().acquire_owned().await.unwrap_or_else(|_| unreachable!("the slots are never closed"))
    }

    /// A place in the help queue for a job the `askers` ask for, or why there is none. Nothing is counted
    /// for a refused job.
    pub fn queue_help(&self, askers: &[Asker]) -> Result<Place, Refused> {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&asker) = askers.iter().find(|a| queue.per_asker.get(a).copied().unwrap_or(0) >= PER_ASKER) {
            return Err(Refused::Yours { asker });
        }
        if queue.taken >= self.places() {
            return Err(Refused::Full { ahead: queue.taken });
        }
        queue.taken += 1;
        for asker in askers {
            *queue.per_asker.entry(*asker).or_default() += 1;
        }
        Ok(Place { thinking: self.clone(), askers: askers.to_vec() })
    }
}

/// A help job's place in the queue, given back when dropped.
pub struct Place {
    thinking: Thinking,
    askers: Vec<Asker>,
}

impl Place {
    /// Think `thought` for the job holding this place: here, once it is its turn among help and a slot is
    /// free, or by a worker.
    pub async fn think(&self, thought: Thought, content: DynContent) -> Result<Answer, String> {
        match &self.thinking.workers {
            Some(workers) => {
                let key = format!("help:{:016x}", crate::auth::seed()?);
                workers.ask(&key, &thought).await
            }
            None => {
                let slot = self.slot().await;
                run_here(thought, content, slot).await
            }
        }
    }

    /// Wait for the job's turn among help, then for a slot.
    async fn slot(&self) -> HelpSlot {
        let closed = |_| unreachable!("the slots are never closed");
        let help = self.thinking.help_slots.clone().acquire_owned().await.unwrap_or_else(closed);
        let slot = self.thinking.slots.clone().acquire_owned().await.unwrap_or_else(closed);
        HelpSlot { _help: help, _slot: slot }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut queue = self.thinking.queue.lock().unwrap_or_else(PoisonError::into_inner);
        queue.taken -= 1;
        for asker in &self.askers {
            if let Some(n) = queue.per_asker.get_mut(asker) {
                *n -= 1;
                if *n == 0 {
                    queue.per_asker.remove(asker);
                }
            }
        }
    }
}

/// Run `thought` on a blocking thread of this process, holding `slot` until it is done.
async fn run_here(thought: Thought, content: DynContent, slot: impl Send + 'static) -> Result<Answer, String> {
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        thought.run(&content)
    })
    .await
    .map_err(|e| format!("the search failed: {e}"))?
}

/// A slot held by help while it searches.
struct HelpSlot {
    _help: OwnedSemaphorePermit,
    _slot: OwnedSemaphorePermit,
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;
    use std::time::Duration;

    use super::*;

    const ALICE: Asker = Asker::Account(1);
    const BOB: Asker = Asker::Account(2);
    const HOME: Asker = Asker::Address(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)));

    fn address(n: u8) -> Asker {
        Asker::Address(IpAddr::V4(Ipv4Addr::new(198, 51, 100, n)))
    }

    /// Long enough never to end a wait that should succeed at once; a wait that should not end is
    /// checked by `is_err` on the same bound.
    const AT_ONCE: Duration = Duration::from_secs(5);

    #[tokio::test]
    async fn a_bot_finds_a_slot_while_help_holds_all_it_may() {
        let thinking = Thinking::new(2);
        let place = thinking.queue_help(&[ALICE, HOME]).expect("a place");
        let _searching = place.slot().await;
        // A second help job waits: help holds its one slot of the two.
        let second = thinking.queue_help(&[BOB, address(2)]).expect("a place");
        assert!(tokio::time::timeout(Duration::from_millis(50), second.slot()).await.is_err(), "help waits");
        // The bot does not.
        let bot = tokio::time::timeout(AT_ONCE, thinking.for_bot()).await;
        assert!(bot.is_ok(), "a game's bot takes the slot help may not");
    }

    #[tokio::test]
    async fn one_slot_is_shared_in_turn() {
        let thinking = Thinking::new(1);
        assert_eq!((thinking.help_width(), thinking.places()), (1, PLACES_PER_HELP_SLOT));
        let place = thinking.queue_help(&[ALICE]).expect("a place");
        let searching = place.slot().await;
        let bot = tokio::spawn({
            let thinking = thinking.clone();
            async move { thinking.for_bot().await }
        });
        drop(searching);
        assert!(tokio::time::timeout(AT_ONCE, bot).await.is_ok(), "the bot takes the slot once help is done");
    }

    #[test]
    fn each_asker_holds_at_most_its_share_of_places() {
        let thinking = Thinking::new(3);
        let first = thinking.queue_help(&[ALICE, HOME]).expect("first");
        let _second = thinking.queue_help(&[ALICE, address(2)]).expect("second");
        // Alice's third, from another address: refused for Alice.
        assert_eq!(thinking.queue_help(&[ALICE, address(3)]).err(), Some(Refused::Yours { asker: ALICE }));
        // Another account from Alice's home: home still has a place.
        let bobs = thinking.queue_help(&[BOB, HOME]).expect("Bob at home");
        // Home is now at its share, whoever asks from there.
        assert_eq!(thinking.queue_help(&[Asker::Account(3), HOME]).err(), Some(Refused::Yours { asker: HOME }));
        // A place given back is free again.
        drop(first);
        drop(bobs);
        assert!(thinking.queue_help(&[ALICE, HOME]).is_ok());
    }

    #[test]
    fn the_queue_is_bounded_and_a_refusal_counts_nothing() {
        let thinking = Thinking::new(2);
        let places: Vec<Place> =
            (0..thinking.places()).map(|n| thinking.queue_help(&[address(n as u8)]).expect("a place")).collect();
        let full = Refused::Full { ahead: thinking.places() };
        assert_eq!(thinking.queue_help(&[address(200)]).err(), Some(full));
        assert_eq!(thinking.queue_help(&[address(200)]).err(), Some(full), "the refusal took no place");
        drop(places);
        assert!(thinking.queue_help(&[address(200)]).is_ok());
    }
}
