//! How a game is set up: the player count, which fixes who plays which powers (docs/rules/virgin-queen.md
//! §5), and how many turns of Card Draw and Diplomacy are played.

use imperia_core::{GameConfig, GameOption, OptionKind, SetupError, check_seats};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::content::Power;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub players: usize,
    /// Turns played, each Card Draw, Diplomacy and the provisional campaign step.
    pub turns: u8,
    /// The Negotiations time limit a host with a clock runs (§9.1): 10 minutes suggested for a game played
    /// at one sitting, 48 hours for one played by mail.
    #[serde(default = "default_negotiation_minutes")]
    pub negotiation_minutes: u32,
}

fn default_negotiation_minutes() -> u32 {
    10
}

/// The longest Negotiations a game may set: two weeks.
const MAX_NEGOTIATION_MINUTES: i64 = 14 * 24 * 60;

pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "turns",
        label: "Turns",
        description: "How many turns to play. Each turn is the Card Draw and Diplomacy phases of the rulebook \
                  (§8, §9), then a provisional campaign step standing in for the rest of the turn. Each seat scores \
                  its powers' VP over pars fitted with bots for this length of game and number of players, and \
                  checked with bots on other games at every length and count.",
        kind: OptionKind::Integer { default: 4, min: 1, max: 7 },
    },
    GameOption {
        name: "negotiation_minutes",
        label: "Negotiations time limit (minutes)",
        description: "How long the Negotiations segment of each turn lasts on the server (§9.1): the rulebook \
                  suggests 10 minutes for a game played at one sitting and 48 hours (2880) for one played over \
                  days. When it runs out, every power still talking ends its talks and the announcements begin.",
        kind: OptionKind::Integer { default: 10, min: 1, max: MAX_NEGOTIATION_MINUTES },
    },
];

impl Config {
    pub fn new(players: usize, turns: u8) -> Result<Config, SetupError> {
        Config { players, turns, negotiation_minutes: default_negotiation_minutes() }.checked()
    }

    /// The config, if every number in it is one the game allows (a record's config is read, not trusted).
    pub fn checked(self) -> Result<Config, SetupError> {
        let (players, turns, minutes) = (self.players, self.turns, self.negotiation_minutes);
        check_seats::<crate::VirginQueen>(players)?;
        if !(1..=7).contains(&turns) {
            return Err(SetupError(format!("a game lasts 1 to 7 turns, not {turns}")));
        }
        if !(1..=MAX_NEGOTIATION_MINUTES).contains(&i64::from(minutes)) {
            return Err(SetupError(format!("Negotiations last 1 to {MAX_NEGOTIATION_MINUTES} minutes, not {minutes}")));
        }
        Ok(self)
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

impl GameConfig for Config {
    fn with_options(players: usize, options: &Map<String, Value>) -> Result<Config, SetupError> {
        let number = |name: &str, default: i64| options.get(name).and_then(Value::as_i64).unwrap_or(default);
        let (turns, minutes) = (number("turns", 4), number("negotiation_minutes", 10));
        Config {
            players,
            turns: u8::try_from(turns).map_err(|_| SetupError(format!("a game lasts 1 to 7 turns, not {turns}")))?,
            negotiation_minutes: u32::try_from(minutes).map_err(|_| {
                SetupError(format!("Negotiations last 1 to {MAX_NEGOTIATION_MINUTES} minutes, not {minutes}"))
            })?,
        }
        .checked()
    }

    fn players(&self) -> usize {
        self.players
    }
}
