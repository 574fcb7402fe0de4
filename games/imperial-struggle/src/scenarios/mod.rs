//! Scenario tests: one position per rule worth checking — each event card version, ministry ability and
//! advantage whose effect is more than a number, each automatic victory and the final scoring, and the turn
//! rules the golden tests leave out. Every test builds its position with `testkit`, acts through the same
//! `apply` the players use, and checks the board and tracks afterwards; refusals check the message and that
//! nothing changed.

mod advantages;
mod content;
mod events;
mod ministries;
mod options;
mod turns;
mod victories;
mod wars;
