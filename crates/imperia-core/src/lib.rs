//! # imperia-core
//!
//! The contract every Imperia game implements, and the machinery that works for all of them:
//!
//! - [`game`]: the [`Game`] trait — setup, who acts, legal actions, all-or-nothing apply, per-viewer views
//!   and event redaction, outcome.
//! - [`options`]: a game's declared variant options, their JSON Schema, and the check hosts apply.
//! - [`rng`]: the one source of randomness a game may use, a seeded ChaCha generator kept in the state.
//! - [`record`]: game records (`{game, rules version, config, seed, content, actions}`) and per-step state hashes.
//! - [`session`]: [`Match`], a game being played: it keeps the record, and enforces commit points and undo;
//!   a record of earlier rules is played again under today's ([`Migration`]).
//! - [`dynamic`]: the type-erased layer ([`DynMatch`], JSON in and out) and the [`Registry`] by game id
//!   through which the CLI and the server host any game without knowing its types.
//! - [`content`]: a game's content as a value ([`ContentSet`]), shipped or read from a player's own files,
//!   and where each entry comes from (seed, public reference, or provisional).
//! - [`rules`]: the index of a rulebook's sections, and the section a refusal's citation leads to.
//! - [`learned`]: a learned evaluation — the [`Features`] a game reads from a seat's position, and a linear
//!   model over them shipped as a file that says how it was made.
//! - [`observation`]: observation tensors for learning code — a viewer's view as a fixed-shape vector of
//!   numbers in named parts, and the writer games fill it with.
//! - [`numbering`]: a fixed integer action space per game (OpenSpiel's), laid out as kinds of actions with
//!   mixed-radix fields, and the rank of a composite field among a state's legal actions.
//! - [`words`]: English for messages — counts with the right plural, nouns with the right article.
//! - [`conformance`]: the harness that plays many seeded games to their end (random, or by bots a host
//!   seats) and checks the contract at every step.
//!
//! Nothing in this crate knows any particular game.

pub mod conformance;
pub mod content;
pub mod dynamic;
pub mod game;
pub mod learned;
pub mod numbering;
pub mod observation;
pub mod options;
pub mod rating;
pub mod record;
pub mod rng;
pub mod rules;
pub mod session;
pub mod words;

#[doc(hidden)]
pub use serde as __serde;

pub use content::{Change, ContentChange, ContentFiles, ContentReport, ContentScope, ContentSet, GameContent, Source};
pub use dynamic::{
    ActionChoice, Description, DynContent, DynMatch, GameEntry, Playout, Registry, SeatRange, Seen, SeenStep,
};
pub use game::{
    Ending, Evaluate, Game, GameConfig, Outcome, Refusal, RuleError, ScorePart, Seat, SetupError, Step, TimeLimit,
    ToAct, Viewer, check_seats, outcome_values,
};
pub use learned::{Features, Model, ModelError};
pub use numbering::ActionNumbering;
pub use options::{GameOption, OptionKind};
pub use record::{Migration, Record, RecordedAction, RefusedStep, RolledBack, state_hash};
pub use rng::GameRng;
pub use rules::{RulesIndex, Section};
pub use session::{Match, MatchError, Played};
