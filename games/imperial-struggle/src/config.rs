//! Variant options (§12, and the rulebook's game notes).

use imperia_core::{GameConfig, GameOption, OptionKind, SetupError, check_seats};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ImperialStruggle;

/// How a game is set up. Every option is off by default: the plain game of the rulebook.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Always 2: Britain (seat 0) against France (seat 1). Accepted so hosts may pass a player count.
    pub players: Option<usize>,
    /// §12.1 «Испанская империя»: Spanish flags on Havana, Santiago and Puerto Principe (the Russian rulebook
    /// says «Порт-о-Пренс»; the map's Spanish market is Puerto Principe), removed like the powers' flags and
    /// then out of the game; flagging an empty Spanish territory lets the opponent influence Spain.
    pub spanish_empire: bool,
    /// §12.2 «Военное планирование», first half: the military upgrade swaps two of your basic tiles
    /// between theatres instead of drawing a new one.
    pub planned_upgrades: bool,
    /// §12.2, second half: at each war's layout, draw one basic tile per theatre and assign them yourself.
    pub planned_layout: bool,
    /// §12.3 «Укреплённые форты»: conquering a fort needs a war route from a controlled space, as a territory
    /// does; the Louisbourg–Halifax route opens.
    pub fortified_forts: bool,
    /// The author's note to §7.4: the treaty points France's player bid to play France, which Britain
    /// starts with (ruling S11). 0, the plain game, up to [`MAX_FRANCE_BID`].
    pub france_bid: u8,
}

/// The most treaty points a bid for France may be: twice what a power may keep past a round (§9.2), so a
/// bid beyond it could buy nothing but first-round actions (ruling S11).
pub const MAX_FRANCE_BID: u8 = 8;

/// The variants a player chooses when creating a game (the seat count is set apart: always two). Each
/// description names the rulebook section as a player finds it: its number and English title, then the
/// Russian rulebook's own heading in «».
pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "spanish_empire",
        label: "Spanish Empire",
        description: "Spanish flags start on Havana, Santiago and Puerto Principe, are removed like the powers’ \
                      flags and then leave the game, and a power that flags an empty Spanish territory \
                      (Gibraltar, Minorca, Asiento, San Agustin) lets its opponent influence a political space in \
                      Spain after the theatre (rulebook §12.1 Spanish Empire — «Испанская империя»).",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "planned_upgrades",
        label: "Military planning: upgrades",
        description: "A military upgrade swaps two of your basic war tiles between theatres instead of drawing \
                      a new one (rulebook §12.2 Military Planning — «Военное планирование», first rule; \
                      §5.3.3 «Военное улучшение»).",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "planned_layout",
        label: "Military planning: layout",
        description: "At each war’s layout you draw one basic war tile per theatre, look at them and put one \
                      on each theatre yourself instead of at random (rulebook §12.2 Military Planning — \
                      «Военное планирование», second rule; §7.6 «Фаза подготовки к следующей войне»).",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "fortified_forts",
        label: "Fortified forts",
        description: "Conquering a fort with conquest points needs a war route from a space you control, as a \
                      territory does, and the Louisbourg–Halifax war route opens (rulebook §12.3 Fortified \
                      Forts — «Укреплённые форты»; §3.2.6).",
        kind: OptionKind::Boolean { default: false },
    },
    GameOption {
        name: "france_bid",
        label: "France’s bid",
        description: "Britain starts with this many treaty points: what France’s player bid to play France \
                      (rulebook §7.4, the author’s note on bidding for sides — «Примечание автора»; §9 \
                      «Очки соглашений»). 0 is the plain game.",
        kind: OptionKind::Integer { default: 0, min: 0, max: MAX_FRANCE_BID as i64 },
    },
];

/// The treaty points of option `france_bid`: absent is 0; anything but a whole number from 0 to
/// [`MAX_FRANCE_BID`] is refused.
fn bid(value: Option<&Value>) -> Result<u8, SetupError> {
    let Some(value) = value else { return Ok(0) };
    value
        .as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .filter(|&n| n <= MAX_FRANCE_BID)
        .ok_or_else(|| SetupError(format!("option `france_bid` is a whole number from 0 to {MAX_FRANCE_BID}")))
}

impl GameConfig for Config {
    /// The config for `seats` players with the checked `options` of [`OPTIONS`]. Hosts check both first
    /// ([`imperia_core::dynamic::GameEntry::configure`]); anything but two seats, an unknown option or a
    /// value that is not true or false is refused here too.
    fn with_options(seats: usize, options: &Map<String, Value>) -> Result<Self, SetupError> {
        check_seats::<ImperialStruggle>(seats)?;
        if let Some(key) = options.keys().find(|k| !OPTIONS.iter().any(|o| o.name == k.as_str())) {
            return Err(SetupError(format!("`{key}` is not an option of Imperial Struggle")));
        }
        let flag = |name: &str| match options.get(name) {
            None => Ok(false),
            Some(v) => v.as_bool().ok_or_else(|| SetupError(format!("option `{name}` is true or false"))),
        };
        Ok(Config {
            players: None,
            spanish_empire: flag("spanish_empire")?,
            planned_upgrades: flag("planned_upgrades")?,
            planned_layout: flag("planned_layout")?,
            fortified_forts: flag("fortified_forts")?,
            france_bid: bid(options.get("france_bid"))?,
        })
    }

    /// Britain and France, always.
    fn players(&self) -> usize {
        2
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::dynamic::GameEntry;
    use serde_json::json;

    use super::*;

    #[test]
    fn hosts_configure_two_seats_with_the_declared_options() {
        let entry = GameEntry::of::<ImperialStruggle>();
        assert_eq!(entry.seats, (2, 2));
        let config = (entry.configure)(2, &json!({"spanish_empire": true})).expect("a valid config");
        let config: Config = serde_json::from_value(config).expect("a config");
        assert_eq!(config, Config { spanish_empire: true, ..Config::default() });
        // No options: the plain game of the rulebook.
        let plain: Config = serde_json::from_value((entry.configure)(2, &json!({})).expect("valid")).expect("config");
        assert_eq!(plain, Config::default());
    }

    #[test]
    fn hosts_refuse_three_seats_and_unknown_options() {
        let entry = GameEntry::of::<ImperialStruggle>();
        let three = (entry.configure)(3, &json!({})).expect_err("three seats");
        assert!(three.contains('2') && three.contains('3'), "{three}");
        let unknown = (entry.configure)(2, &json!({"spanish_armada": true})).expect_err("an unknown option");
        assert!(unknown.contains("spanish_armada"), "{unknown}");
        let not_a_flag = (entry.configure)(2, &json!({"fortified_forts": "yes"})).expect_err("not a boolean");
        assert!(not_a_flag.contains("fortified_forts"), "{not_a_flag}");
    }

    #[test]
    fn the_game_itself_refuses_what_hosts_would() {
        let options = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
        assert!(Config::with_options(3, &options(json!({}))).is_err());
        assert!(Config::with_options(2, &options(json!({"spanish_armada": true}))).is_err());
        assert!(Config::with_options(2, &options(json!({"planned_layout": 1}))).is_err());
        let all =
            json!({"spanish_empire": true, "planned_upgrades": true, "planned_layout": true, "fortified_forts": true});
        let config = Config::with_options(2, &options(all)).expect("valid");
        assert!(config.spanish_empire && config.planned_upgrades && config.planned_layout && config.fortified_forts);
    }

    #[test]
    fn every_option_is_a_config_field_and_cites_its_section() {
        let fields = serde_json::to_value(Config::default()).expect("json");
        for o in OPTIONS {
            assert_eq!(fields[o.name], o.default_value(), "`{}` is not a config field at its default", o.name);
            assert!(o.description.contains("rulebook §"), "`{}` should cite its section: {}", o.name, o.description);
        }
    }

    #[test]
    fn a_bid_for_france_is_a_whole_number_of_treaty_points_within_bounds() {
        let entry = GameEntry::of::<ImperialStruggle>();
        let config = (entry.configure)(2, &json!({"france_bid": 3})).expect("a bid of 3");
        let config: Config = serde_json::from_value(config).expect("a config");
        assert_eq!(config.france_bid, 3);
        for bad in [json!(MAX_FRANCE_BID + 1), json!(-1), json!(2.5), json!("3"), json!(300)] {
            let e = (entry.configure)(2, &json!({"france_bid": bad})).expect_err("out of bounds");
            assert!(e.contains("france_bid") && e.contains(&MAX_FRANCE_BID.to_string()), "{bad}: {e}");
        }
        // The engine's own check says the same, whatever a host let through.
        let options = json!({"france_bid": 9}).as_object().cloned().unwrap_or_default();
        assert!(Config::with_options(2, &options).is_err());
        // A record made before the option reads as the plain game.
        let old: Config = serde_json::from_value(json!({"spanish_empire": false})).expect("an old config");
        assert_eq!(old.france_bid, 0);
    }
}
