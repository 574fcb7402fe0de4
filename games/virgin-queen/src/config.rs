//! How a game is set up: the player count, which fixes who plays which powers (docs/rules/virgin-queen.md
//! §5), and how many turns of Card Draw and Diplomacy are played.

use imperia_core::{GameOption, OptionKind, SetupError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::content::Power;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub players: usize,
    /// Turns played, each Card Draw, Diplomacy and the provisional campaign step.
    pub turns: u8,
}

pub const OPTIONS: &[GameOption] = &[GameOption {
    name: "turns",
    label: "Turns",
    description: "How many turns to play. Each turn is the Card Draw and Diplomacy phases of the rulebook \
                  (§8, §9), then a provisional campaign step standing in for the rest of the turn.",
    kind: OptionKind::Integer { default: 4, min: 1, max: 7 },
}];

impl Config {
    pub fn new(players: usize, turns: u8) -> Result<Config, SetupError> {
        if !(2..=6).contains(&players) {
            return Err(SetupError(format!("Virgin Queen is played by 2 to 6 players, not {players}")));
        }
        if !(1..=7).contains(&turns) {
            return Err(SetupError(format!("a game lasts 1 to 7 turns, not {turns}")));
        }
        Ok(Config { players, turns })
    }

    pub fn with_options(players: usize, options: &Map<String, Value>) -> Result<Config, SetupError> {
        let turns = options.get("turns").and_then(Value::as_i64).unwrap_or(4);
        Config::new(
            players,
            u8::try_from(turns).map_err(|_| SetupError(format!("a game lasts 1 to 7 turns, not {turns}")))?,
        )
    }

    /// The powers of each seat (docs §5; ruling R41 for three players).
    pub fn seats(&self) -> Vec<Vec<Power>> {
        use Power::*;
        match self.players {
            2 => vec![vec![Spain, France], vec![England, Protestant]],
            3 => vec![vec![Spain], vec![France], vec![England, Protestant]],
            4 => vec![vec![Spain], vec![England], vec![France], vec![Protestant]],
            5 => vec![vec![Ottoman], vec![Spain], vec![England], vec![France], vec![Protestant]],
            _ => Power::ALL.iter().map(|&p| vec![p]).collect(),
        }
    }
}
