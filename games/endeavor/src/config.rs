//! How a game is set up: the player count, the board side, and for two players the Silent Fleet with its
//! three optional rules (rulebook, setup А and «Бесшумный флот»).

use imperia_core::{GameConfig, GameOption, OptionKind, SetupError, check_seats};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub players: usize,
    /// "a" (more conflict) or "b" (less); setup А fixes it for 3 and 5 players.
    pub side: String,
    /// The Silent Fleet variant, two players only.
    #[serde(default)]
    pub silent_fleet: Option<SilentFleet>,
}

/// The Silent Fleet and the optional rules agreed before the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilentFleet {
    /// The fleet occupies only in the zone where the player just occupied.
    #[serde(default)]
    pub occupy_restriction: bool,
    /// The fleet reacts to buildings only, not to action tokens.
    #[serde(default)]
    pub ignore_tokens: bool,
    /// Before each Build phase the player without the crown discards a face-up building.
    #[serde(default)]
    pub material_shortage: bool,
}

pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "side",
        label: "Board side",
        description: "Side A gives a tighter, more conflict-heavy board; side B a roomier one. The rulebook uses \
                      A for 2 and 3 players, B for 5, and either for 4 (and for the Silent Fleet). \"auto\" \
                      follows it, choosing A for 4 players.",
        kind: OptionKind::Choice { default: "auto", allowed: &["auto", "a", "b"] },
    },
    GameOption {
        name: "silent_fleet",
        label: "Silent Fleet (2 players)",
        description: "The two-player variant: a third colour's discs answer each of your actions, racing you for \
                      tracks, fleets, cities and cards.",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "occupy_restriction",
        label: "Silent Fleet: occupy restriction",
        description: "The Silent Fleet occupies only in the zone where you just occupied.",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "ignore_tokens",
        label: "Silent Fleet: ignore tokens",
        description: "The Silent Fleet answers buildings only, not blue action tokens.",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "material_shortage",
        label: "Silent Fleet: material shortage",
        description: "Before each Build phase the player without the crown discards one face-up building from \
                      the organizer.",
        kind: OptionKind::Boolean { default: false },
    },
];

impl Config {
    /// A game of `players` on the side the rulebook gives them (A for 2–4, B for 5).
    pub fn new(players: usize) -> Result<Config, SetupError> {
        Config { players, side: if players == 5 { "b" } else { "a" }.into(), silent_fleet: None }.checked()
    }

    /// A two-player game with the Silent Fleet.
    pub fn silent(side: &str, fleet: SilentFleet) -> Result<Config, SetupError> {
        Config { players: 2, side: side.into(), silent_fleet: Some(fleet) }.checked()
    }

    /// The config, if it is one the rulebook allows (a record's config is read, not trusted).
    pub fn checked(self) -> Result<Config, SetupError> {
        let (n, side) = (self.players, self.side.as_str());
        check_seats::<crate::Endeavor>(n)?;
        if self.silent_fleet.is_some() && n != 2 {
            return Err(SetupError("the Silent Fleet is a variant for 2 players".into()));
        }
        // Setup А: side A for 2 and 3 players, B for 5, either for 4 and for the Silent Fleet.
        let allowed: &[&str] = match (n, self.silent_fleet.is_some()) {
            (2, true) | (4, _) => &["a", "b"],
            (5, _) => &["b"],
            _ => &["a"],
        };
        if !allowed.contains(&side) {
            return Err(SetupError(format!(
                "with {n} players the board is played on side {} (rulebook, setup А)",
                allowed.join(" or ").to_uppercase()
            )));
        }
        Ok(self)
    }
}

impl GameConfig for Config {
    fn with_options(players: usize, options: &Map<String, Value>) -> Result<Config, SetupError> {
        let flag = |name: &str| options.get(name).and_then(Value::as_bool).unwrap_or(false);
        let side = match options.get("side").and_then(Value::as_str).unwrap_or("auto") {
            "auto" => if players == 5 { "b" } else { "a" }.to_string(),
            s => s.to_string(),
        };
        let silent = flag("silent_fleet");
        let sub = ["occupy_restriction", "ignore_tokens", "material_shortage"];
        if !silent && sub.iter().any(|s| flag(s)) {
            return Err(SetupError("the Silent Fleet's optional rules need the Silent Fleet".into()));
        }
        let silent_fleet = silent.then(|| SilentFleet {
            occupy_restriction: flag(sub[0]),
            ignore_tokens: flag(sub[1]),
            material_shortage: flag(sub[2]),
        });
        Config { players, side, silent_fleet }.checked()
    }

    fn players(&self) -> usize {
        self.players
    }
}
