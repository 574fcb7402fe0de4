//! # Imperial Struggle
//!
//! The rules engine for *Imperial Struggle* (GMT Games, 2nd edition): Britain against France from 1697 to
//! 1789, six peace rounds and four wars. The rulebook is `../shared/seeds/000_55366d105f3a08b3.txt`
//! (Russian); sections are cited as `§5.4.1`.

pub mod content;
