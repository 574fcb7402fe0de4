//! The choices made before setup: how many play. One player plays the solo scenario, "Battle of the
//! Guararapes Hills"; two to four play the multiplayer game on the map made for their count (ruling B38).

use imperia_core::SetupError;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub players: usize,
}

impl Config {
    pub fn new(players: usize) -> Result<Config, SetupError> {
        if !(1..=4).contains(&players) {
            return Err(SetupError(format!("Brazil: Imperial is for 1 to 4 players, not {players}")));
        }
        Ok(Config { players })
    }
}
