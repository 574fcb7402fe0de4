//! Game options: player count and the rulebook's variants («Вариант для опытных игроков», «Варианты игры»).

use imperia_core::{GameConfig, GameOption, OptionKind, SetupError, check_seats};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::Imperial2030;

use crate::nation::Nation;

/// How a game of Imperial 2030 is set up. Every field has a default, so `{"players": 3}` is a whole config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// 2 to 6.
    pub players: usize,
    /// «Вариант для опытных игроков»: larger starting cash and bonds bought nation by nation instead of
    /// dealt nation cards.
    pub experienced: bool,
    /// `false` plays «Вариант игры без карты Инвестора»: players invest after each nation's turn.
    pub investor_card: bool,
    /// «Вариант игры с бонусом за увеличение налогов»: the success bonus is paid only for raising the tax.
    pub tax_increase_bonus: bool,
    /// Keep each player's cash hidden from the other seats («свои личные деньги может держать в секрете»).
    pub hidden_cash: bool,
    /// A fixed deal instead of a random one: the nation card each seat is dealt (4–6 players: one card per
    /// seat; 3 players: India, Russia or China per seat; 2 players: Russia or China per seat). Used to
    /// replay printed games such as the rulebook's quick start.
    pub deal: Option<Vec<Nation>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            experienced: false,
            investor_card: true,
            tax_increase_bonus: false,
            hidden_cash: false,
            deal: None,
        }
    }
}

impl Config {
    /// The default config for `players` players.
    pub fn for_players(players: usize) -> Self {
        Config { players, ..Config::default() }
    }
}

/// The variants a player chooses when creating a game (the seat count and a fixed deal are set apart). Each
/// description names the rulebook section as a player finds it: the English title, then the Russian
/// rulebook's own headings in «».
pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "experienced",
        label: "Experienced players’ setup",
        description: "No nation cards are dealt: players start with 37, 25, 19, 15 or 13 million (2 to 6 \
                      players) and buy bonds nation by nation from Russia to Europe, each player at most one \
                      bond of each nation (rulebook: Setup, Distributing the Bonds, Variant for Experienced \
                      Players — «Подготовка к игре», «Распределение облигаций», «Вариант для опытных игроков»).",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "investor_card",
        label: "Investor card",
        description: "Off removes the Investor card: after each nation’s turn every player, that nation’s \
                      government first, may invest in it (a Swiss Bank holder in any nation), and the Investor \
                      space only pays interest (rulebook: Game Variants, Variant without the Investor Card — \
                      «Варианты игры», «Вариант игры без карты Инвестора»).",
        kind: OptionKind::Boolean { default: true },
    },
    GameOption {
        name: "tax_increase_bonus",
        label: "Success bonus only for raising taxes",
        description: "The success bonus is paid only for raising a nation’s tax: 1 million from its treasury \
                      for each column its tax marker moves right on the tax chart, nothing when it moves left \
                      (rulebook: Game Variants, Variant with a Bonus for Raising Taxes — «Варианты игры», \
                      «Вариант игры с бонусом за увеличение налогов»).",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "hidden_cash",
        label: "Players keep their cash secret",
        description: "Each player’s cash is hidden from the other players until the game ends; treasuries \
                      and every sum paid stay public (rulebook: National Treasuries and the Start of the Game, \
                      Separation of Funds — «Казны наций и начало игры», «Разделение денежных средств»).",
        kind: OptionKind::Boolean { default: false },
    },
];

impl GameConfig for Config {
    /// The config for `players` seats with the checked `options` of [`OPTIONS`].
    /// Hosts check both first ([`imperia_core::dynamic::GameEntry::configure`]); a seat count outside
    /// [`Imperial2030::SEATS`] is refused here too.
    fn with_options(players: usize, options: &Map<String, Value>) -> Result<Self, SetupError> {
        check_seats::<Imperial2030>(players)?;
        let flag = |name: &str, default: bool| options.get(name).and_then(Value::as_bool).unwrap_or(default);
        let plain = Config::default();
        Ok(Config {
            players,
            experienced: flag("experienced", plain.experienced),
            investor_card: flag("investor_card", plain.investor_card),
            tax_increase_bonus: flag("tax_increase_bonus", plain.tax_increase_bonus),
            hidden_cash: flag("hidden_cash", plain.hidden_cash),
            deal: None,
        })
    }

    fn players(&self) -> usize {
        self.players
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::dynamic::GameEntry;
    use imperia_core::options::check_options;
    use serde_json::json;

    use super::*;

    #[test]
    fn the_catalogue_configures_seats_and_options() {
        let entry = GameEntry::of::<Imperial2030>();
        assert_eq!(entry.seats, (2, 6));
        let config = (entry.configure)(3, &json!({"hidden_cash": true})).expect("3 players with hidden cash");
        let config: Config = serde_json::from_value(config).expect("a config");
        assert_eq!(config, Config { players: 3, hidden_cash: true, ..Config::default() });
        assert_eq!(
            serde_json::from_value::<Config>((entry.configure)(4, &json!(null)).expect("defaults")).expect("a config"),
            Config::default()
        );
    }

    #[test]
    fn the_catalogue_refuses_seven_seats_and_unknown_options() {
        let entry = GameEntry::of::<Imperial2030>();
        let seven = (entry.configure)(7, &json!({})).expect_err("7 players");
        assert!(seven.contains("2 to 6"), "{seven}");
        assert!((entry.configure)(1, &json!({})).is_err());
        let unknown = (entry.configure)(4, &json!({"dice": true})).expect_err("an unknown option");
        assert!(unknown.contains("dice"), "{unknown}");
        // A fixed deal is for replays, not a variant a player picks.
        assert!((entry.configure)(4, &json!({"deal": ["russia"]})).is_err());
        assert!((entry.configure)(4, &json!({"hidden_cash": "yes"})).is_err());
        assert!(Config::with_options(7, &Map::new()).is_err());
    }

    #[test]
    fn every_option_is_a_config_field_with_the_same_default() {
        let defaults = serde_json::to_value(Config::default()).expect("json");
        let checked = check_options::<Imperial2030>(&json!({})).expect("defaults");
        for option in OPTIONS {
            assert_eq!(defaults[option.name], option.default_value(), "{}", option.name);
            assert!(option.description.contains("rulebook: ") && option.description.contains('«'), "{}", option.name);
            let flipped = json!({ option.name: !checked[option.name].as_bool().expect("a flag") });
            let options = check_options::<Imperial2030>(&flipped).expect("checked");
            let config = serde_json::to_value(Config::with_options(4, &options).expect("config")).expect("json");
            assert_eq!(config[option.name], flipped[option.name], "{}", option.name);
        }
    }
}
