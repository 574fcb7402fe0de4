//! The choices made before setup: how many play, and on which of the rulebook's scenarios («Сценарии и
//! соответствующие им карты местности», pp.22–24; ruling B38). One player plays the solo scenario, "Battle
//! of the Guararapes Hills"; two to four play a multiplayer scenario made for their count.

use imperia_core::{GameConfig, GameOption, OptionKind, SetupError, check_seats};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub players: usize,
    /// The scenario's id (`rio_1567`). Records made before scenarios could be chosen have none, and play on
    /// the first map made for their count, as they were played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
}

/// The scenarios a game may be created with: "auto" takes the count's own ([`DEFAULT_SCENARIOS`]).
pub const SCENARIOS: &[&str] = &[
    "auto",
    "guararapes",
    "rio_1567",
    "argentine_brazilian_war",
    "amazon_river",
    "brazilian_empire",
    "platine_war",
    "beyond_the_atlantic",
    "sao_francisco",
    "tordesillas",
];

/// The scenario "auto" chooses for each count, 1 to 4 (none: the count's first map).
pub const DEFAULT_SCENARIOS: [Option<&str>; 4] =
    [Some("guararapes"), Some("argentine_brazilian_war"), Some("sao_francisco"), Some("rio_1567")];

pub const OPTIONS: &[GameOption] = &[GameOption {
    name: "scenario",
    label: "Scenario",
    description: "The rulebook's scenario and its map (pp.22–24), each made for one player count, with its \
                  likelihood of battle: the Battle of the Guararapes Hills (solo); for 2 players the \
                  Argentine–Brazilian War (battles likely), the Amazon River (battles rare; water rule, the river \
                  between the empires) and Beyond the Atlantic (battles rare; on Portugal); for 3 players the \
                  Platine War (battles now and then; water rule, the Río de la Plata between the empires), the \
                  São Francisco River (battles rare; water rule) and the Treaty of Tordesillas (battles now and \
                  then; water rule, the Tocantins between the empires); for 4 players Rio de Janeiro 1567 (battles \
                  likely; water rule, Guanabara Bay) and the Brazilian Empire (battles now and then; the whole \
                  country). \"auto\" picks the one for the number of players.",
    kind: OptionKind::Choice { default: "auto", allowed: SCENARIOS },
}];

impl Config {
    pub fn new(players: usize) -> Result<Config, SetupError> {
        check_seats::<crate::Brazil>(players)?;
        Ok(Config { players, scenario: None })
    }
}

impl GameConfig for Config {
    /// The config for `players` seats and the lobby's options (checked against [`OPTIONS`] by the host).
    fn with_options(players: usize, options: &Map<String, Value>) -> Result<Config, SetupError> {
        let mut config = Config::new(players)?;
        config.scenario = match options.get("scenario").and_then(Value::as_str) {
            None | Some("auto") => DEFAULT_SCENARIOS[players - 1].map(String::from),
            Some(id) => Some(id.to_string()),
        };
        Ok(config)
    }

    fn players(&self) -> usize {
        self.players
    }
}
