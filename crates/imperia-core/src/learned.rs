//! A learned evaluation: a linear model over features a game reads from each seat's position, trained on
//! self-play by `imperia train` (imperia-bots' `train` module) to predict who wins.
//!
//! Each seat's score is the weighted sum of its features; the softmax of the seats' scores is each one's
//! share of the table's result, learned from finished games' [`outcome_values`] scaled to sum to 1 (with
//! two seats: who won). Only differences between seats count, so a feature every seat shares (the round, say)
//! matters only through products with seat features, and a model needs no constant term. A game that sets
//! [`Features`] ships its weights as a TOML file (`data/learned.toml` in the game's crate) that says how it
//! was made; the file names each feature, so weights made for other features are refused when read.

use serde::{Deserialize, Serialize};

use crate::game::{Game, outcome_values};

/// A game whose positions a learned model can read.
pub trait Features: Game {
    /// The features' names, in the order [`Features::features`] writes them.
    const FEATURES: &'static [&'static str];

    /// Every seat's features in this state, one seat's row after another: `out` holds
    /// `seats × FEATURES.len()` numbers. All seats at once, so that what they share (a forecast of the
    /// table, say) is worked out once. Read from the whole state: bots call it on states sampled from their
    /// view, so it sees nothing they may not.
    fn features(&self, out: &mut [f64]);
}

/// A model file: its weights and how they were made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// The file format's version.
    pub version: u32,
    /// The game's id.
    pub game: String,
    pub made: Made,
    /// One weight per feature, named, in the game's order.
    pub feature: Vec<Weight>,
}

/// How a model was made: enough to make it again (`command`) and to judge it (`holdout`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Made {
    /// The command that wrote the file.
    pub command: String,
    /// Self-play games, the bot that played every seat, and the first seed.
    pub games: u64,
    pub bot: String,
    pub seed: u64,
    /// Positions learned from, and positions of the held-out games it was judged on.
    pub positions: u64,
    pub holdout_positions: u64,
    /// Mean log-loss of who won, on the held-out games: this model's, and the hand-written evaluation's
    /// (its values taken as chances).
    pub holdout_log_loss: f64,
    pub hand_log_loss: f64,
    /// A digest of what the first few self-play games taught (imperia-bots' `train::FIRST_GAMES`: each
    /// position's features and each game's result): a test plays those games again and compares, so that a
    /// change to the rules or the bot that alters the games says the file is no longer what its command makes.
    pub first_games: String,
}

/// One feature's weight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weight {
    pub name: String,
    pub weight: f64,
}

/// A model file that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ModelError {
    #[error("the model file is not valid TOML of a model: {0}")]
    Syntax(String),
    #[error("the model is for game `{found}`, not `{expected}`")]
    Game { expected: String, found: String },
    #[error("the model's features are [{found}], but the game reads [{expected}]")]
    Features { expected: String, found: String },
    #[error("the weight of `{0}` is not a finite number")]
    NotFinite(String),
}

impl Model {
    /// Read a model file for game `G`, checking that it names `G`'s features in order.
    pub fn parse<G: Features>(text: &str) -> Result<Model, ModelError> {
        let model: Model = toml::from_str(text).map_err(|e| ModelError::Syntax(e.to_string()))?;
        if model.game != G::ID {
            return Err(ModelError::Game { expected: G::ID.into(), found: model.game });
        }
        if !model.feature.iter().map(|w| w.name.as_str()).eq(G::FEATURES.iter().copied()) {
            return Err(ModelError::Features {
                expected: G::FEATURES.join(", "),
                found: model.feature.iter().map(|w| w.name.as_str()).collect::<Vec<_>>().join(", "),
            });
        }
        if let Some(w) = model.feature.iter().find(|w| !w.weight.is_finite()) {
            return Err(ModelError::NotFinite(w.name.clone()));
        }
        Ok(model)
    }

    /// The file's text.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a model is plain data")
    }

    /// Each seat's expected result in `state`, on the scale of a finished game's [`outcome_values`] (which
    /// sum to half the seats): with two seats, its chance of winning. Once the game is over, the outcome.
    pub fn values<G: Features>(&self, state: &G) -> Vec<f64> {
        if let Some(outcome) = state.outcome() {
            return outcome_values(&outcome);
        }
        let width = G::FEATURES.len();
        let mut features = vec![0.0; width * state.seats()];
        state.features(&mut features);
        let scores: Vec<f64> =
            features.chunks(width).map(|row| row.iter().zip(&self.feature).map(|(f, w)| f * w.weight).sum()).collect();
        let scale = scores.len().max(2) as f64 / 2.0;
        softmax(&scores).into_iter().map(|p| p * scale).collect()
    }
}

/// Scores into chances that sum to 1.
pub fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exp: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = exp.iter().sum();
    exp.into_iter().map(|e| e / total).collect()
}
