//! # Virgin Queen — the diplomacy
//!
//! The rules engine for the Card Draw (§8) and Diplomacy (§9) phases of *Virgin Queen* (GMT Games, Ed Beach,
//! 2011). The rulebook is `../shared/seeds/004_01d86978724b011e.txt`, a Russian excerpt cut at the opening of
//! §9.4; code and refusals cite its sections. Everything the excerpt reads but does not print — the map, the
//! deck, the characters, the tables — is content, mostly provisional (`docs/rules/virgin-queen.md`).
//!
//! - [`content`]: the components as data, read from `data/*.toml` and validated.

pub mod content;
