//! Game options: player count and the rulebook's variants («Вариант для опытных игроков», «Варианты игры»).

use serde::{Deserialize, Serialize};

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
