//! Randomness. Every random draw a game makes comes from a [`GameRng`] stored in its state and seeded at
//! setup, so that replaying a record reproduces the game bit for bit. ChaCha8 is portable (the same
//! numbers on every platform) and serialisable, which is what records and snapshots need.

use rand::SeedableRng;

/// The random generator games keep in their state.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator seeded from a game's seed.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
