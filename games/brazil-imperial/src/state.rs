//! What is on the table: the map's hexes (tokens with their pieces, exploration tokens, palaces), each
//! player's board (personal supply, units, items, cards, era tokens, palaces, ruler), the decks and the
//! privilege display, and where in the turn the game stands. Unit positions are kept once, by their owner;
//! who controls a token is never stored but read from the units on its hex («Последствия боя…»: a token
//! is the occupier's while one of their units stands on it).

use imperia_core::{ContentSet, GameRng};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::content::{
    Bag, BattleId, BuildingId, CityId, ColourId, Content, ExplorationId, GoalId, ItemId, MapId, OpportunityId,
    PrivilegeId, RulerId, Space, UnitId,
};
use crate::map::Map;

/// The personal supply holds at most five pieces («Личный запас»).
pub const SUPPLY_LIMIT: u8 = 5;
/// Battle and opportunity hands hold at most three cards («Карты боя», «Карты возможностей»).
pub const HAND_LIMIT: usize = 3;
/// The owner number of the solo scenario's passive Dutch («Одиночный режим»).
pub const DUTCH: u8 = 4;
/// Rounds of the solo scenario («Одиночный режим»).
pub const SOLO_ROUNDS: u32 = 20;
/// A multiplayer game still going after this many rounds ends with it (ruling B63: the seed has no such
/// limit, but an era-III card nobody can complete would leave the game without an end).
pub const MAX_ROUNDS: u32 = 40;
/// The Dutch capital's battle strength (ruling B34, provisional).
pub const DUTCH_CAPITAL_STRENGTH: u8 = 3;

/// What a token on the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Built {
    Building(BuildingId),
    City(CityId),
    Capital,
}

/// A building, city or capital token on a hex, with the pieces lying on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub built: Built,
    /// The player who built it (or [`DUTCH`]).
    pub owner: u8,
    pub pieces: Bag,
    /// One of the owner's first three of a kind under a "first three" ruler (ruling B28).
    #[serde(default, skip_serializing_if = "is_false")]
    pub mark: bool,
    /// A church built with the Jesuits card: no Renew before era III (ruling B11).
    #[serde(default, skip_serializing_if = "is_false")]
    pub jesuit: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// An exploration token lying on a hex; `find` is `None` in a view that may not see a face-down token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lying {
    pub find: Option<ExplorationId>,
    pub face_up: bool,
}

/// One hex of the map as the game stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<Token>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lying: Option<Lying>,
    /// A palace's owner and its number (II–VI as 2–6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palace: Option<(u8, u8)>,
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// On the player board: never recruited.
    Board,
    /// Recruited, then defeated: in the personal supply, redeployed for free («Рекрутировать»).
    Supply,
    Map(u16),
    /// A Dutch unit defeated in the solo scenario: out of the game (ruling B35).
    Gone,
}

/// Where a crafted item went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Frame {
    Space(Space),
    /// Queen Victoria's board («Планшеты правителей»).
    Ruler,
    /// Moved onto the end-of-game item card (Museu Imperial) after the last turn.
    Museum,
}

/// A goal in a player's hand or declared, with the tasks declared (one bit each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    pub goal: GoalId,
    pub done: u8,
}

/// One player's board and pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub colour: ColourId,
    pub ruler: Option<RulerId>,
    pub supply: Bag,
    /// Each unit of the colour, in content order.
    pub units: Vec<Spot>,
    /// Each item, in content order: where it was crafted to, if it was.
    pub items: Vec<Option<Frame>>,
    pub privileges: Vec<PrivilegeId>,
    /// Goal cards, declared or not.
    pub goals: Vec<Held>,
    pub battle: Vec<BattleId>,
    pub opportunities: Vec<OpportunityId>,
    /// Palaces II–VI still on the board (index 0 = palace II).
    pub palaces: [bool; 5],
    /// The flipped era token under each space, in [`Space::ALL`] order.
    pub under: [Option<u8>; 7],
    /// Era tokens parked on Coroados.
    pub parked: Vec<u8>,
    /// The space the action token stands on now.
    pub token: Option<Space>,
    /// The space activated last turn (the no-repeat rule, «Ход игрока»).
    pub last: Option<Space>,
    /// Exploration tokens kept (Rare species, Culture, expedition VP).
    pub finds: Vec<ExplorationId>,
    /// Hexes whose face-down token this player has seen (the era-I bonus, ruling B61).
    pub peeked: Vec<u16>,
    pub capital: Option<u16>,
    /// The "first three" rulers' count: marked buildings, or Tibiriçá's forest builds.
    pub firsts: u8,
    /// Has activated Recruit before (Napoleon's first Recruit draws one more card).
    pub recruited: bool,
    /// Isabel Bragança's palace is spent (once per game).
    pub braganca: bool,
    /// VP from war cards played.
    pub war_vp: u8,
    /// The seat has made its setup choices (secret until everyone has).
    pub ready: bool,
}

/// What is being bought, carried out once the price is paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purchase {
    Recruit { unit: UnitId, at: u16 },
    Take { card: PrivilegeId },
    Build { building: BuildingId, at: u16, jesuits: bool },
    Found { city: CityId, at: u16 },
    Renew { at: u16, flip: bool },
    Craft { item: ItemId, on: Frame },
    Trade { gives: Bag, card: bool },
}

/// A price still owed. Resource needs are by kind; `any` takes any resource; `exact` refuses substitutes
/// (the Market, ruling B46).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Need {
    pub pieces: Bag,
    pub any: u8,
    pub exact: bool,
    /// Napoleon's half-paid science: one battle card given of the two a science takes.
    pub half: bool,
}

/// A battle under way («Правила боя»): who fights, the cards committed, and what it is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub attacker: u8,
    /// The defender: a seat, [`DUTCH`], or none for an expedition.
    pub defender: Option<u8>,
    pub at: u16,
    /// The hex attacked from, in an adjacent attack.
    pub from: Option<u16>,
    /// The attacking units (a normal attack: those that moved in).
    pub units: Vec<UnitId>,
    pub attack_cards: Option<Vec<BattleId>>,
    pub defence_cards: Option<Vec<BattleId>>,
}

/// A decision that interrupts the turn, taken before anything else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    Pay {
        seat: u8,
        need: Need,
        then: Purchase,
    },
    Battle(Battle),
    /// Sepé Tiaraju: the loser's player picks a winner's unit to defeat (ruling B17).
    Defeat {
        seat: u8,
        at: u16,
        winner: u8,
    },
    /// Place a palace after declaring a goal, or decline (ruling B3).
    Palace {
        seat: u8,
    },
    /// The era changed: put the old token under a space (ruling B50).
    EraToken {
        seat: u8,
        era: u8,
    },
    /// Take resources of one's choice.
    Gain {
        seat: u8,
        left: u8,
    },
    /// Quilombo: name an era and draw its top goal (ruling B58).
    Quilombo {
        seat: u8,
    },
    /// An empty privilege pile: the taker picks another (ruling B30).
    Refill {
        seat: u8,
        slot: u8,
    },
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Setup: each seat keeps one goal of two per era and chooses a ruler («Подготовка к игре», 4).
    Prepare,
    /// Setup: seats choose capitals in order from `seat` (ruling B21).
    Capital {
        seat: u8,
        left: u8,
    },
    /// The turn's action phase: choose a space.
    Act,
    /// Inside the activated space's action.
    Work(Work),
    /// The movement phase.
    Move,
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Work {
    /// Recruit: units still to place (two with the upgrade).
    Recruit {
        left: u8,
    },
    Obtain,
    /// Build; `second` with Barão de Mauá's second building.
    Build {
        second: bool,
    },
    Renew,
    Craft,
    Harbor,
    Market,
}

/// What the player whose turn it is has done this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Spaces activated this turn (the token's and those of extra-action cards).
    pub used: Vec<Space>,
    /// The space whose extra move this turn gives.
    pub extra_from: Option<Space>,
    pub main_done: bool,
    pub extra_done: bool,
    /// Extra main moves from opportunity cards.
    pub bonus_moves: u8,
    /// The era-I token's peek is available (and not yet used).
    pub peek: bool,
    pub build_discount_used: bool,
    pub afonso_used: bool,
    pub won_battle: bool,
    pub explored: bool,
    /// An extra-action card's activation under way: its own Done ends it, not the turn's action.
    pub bonus_action: bool,
    /// The battle cards the Recruit under way drew: they cannot pay for that same Recruit (ruling B27, the
    /// publisher's FAQ). Cleared when the action is done.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<BattleId>,
}

/// The game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Brazil {
    pub config: Config,
    #[serde(skip, default = "ContentSet::shipped")]
    pub content: ContentSet<Content>,
    pub rng: GameRng,
    pub map: MapId,
    pub players: Vec<Player>,
    pub sites: Vec<Site>,
    /// The Dutch units of the solo scenario, and where they are.
    pub dutch: Vec<(UnitId, Spot)>,
    pub era: u8,
    pub round: u32,
    pub first: u8,
    pub current: u8,
    pub stage: Stage,
    pub pending: Vec<Pending>,
    pub turn: Turn,
    pub battle_deck: Vec<BattleId>,
    pub battle_discard: Vec<BattleId>,
    pub opportunity_deck: Vec<OpportunityId>,
    pub opportunity_discard: Vec<OpportunityId>,
    pub goal_decks: [Vec<GoalId>; 3],
    /// Setup's goal cards: two per era for each seat, until everyone has kept one of each.
    pub dealt: Vec<Option<[[GoalId; 2]; 3]>>,
    pub privilege_piles: [Vec<PrivilegeId>; 3],
    /// The display: two slots per back, in [`crate::content::Back::ALL`] order.
    pub display: [Option<PrivilegeId>; 6],
    pub city_stacks: [Vec<CityId>; 2],
    /// Building tokens left, by token kind.
    pub token_supply: Vec<u8>,
    /// Capital tokens on capital sites until chosen, by site.
    pub capital_tokens: Vec<Option<u8>>,
    /// A complete era-III card was declared: this round is the last (ruling B25).
    pub last_round: bool,
    /// The solo game's result once decided: won, or lost.
    pub solo_won: Option<bool>,
    /// Green has won a battle by entering the Dutch capital (ruling B32).
    pub dutch_taken: bool,
    /// Exploration tokens that left the map face up (their bonus claimed): public knowledge.
    pub spent_finds: Vec<ExplorationId>,
    /// The step under way revealed something (a card drawn, a token turned over): it commits.
    #[serde(skip)]
    pub revealed: bool,
}

impl PartialEq for Brazil {
    fn eq(&self, o: &Self) -> bool {
        // Content is compared by what the state holds, not by the shared set.
        self.config == o.config
            && self.rng == o.rng
            && self.map == o.map
            && self.players == o.players
            && self.sites == o.sites
            && self.dutch == o.dutch
            && self.era == o.era
            && self.round == o.round
            && self.first == o.first
            && self.current == o.current
            && self.stage == o.stage
            && self.pending == o.pending
            && self.turn == o.turn
            && self.battle_deck == o.battle_deck
            && self.battle_discard == o.battle_discard
            && self.opportunity_deck == o.opportunity_deck
            && self.opportunity_discard == o.opportunity_discard
            && self.goal_decks == o.goal_decks
            && self.dealt == o.dealt
            && self.privilege_piles == o.privilege_piles
            && self.display == o.display
            && self.city_stacks == o.city_stacks
            && self.token_supply == o.token_supply
            && self.capital_tokens == o.capital_tokens
            && self.last_round == o.last_round
            && self.solo_won == o.solo_won
            && self.dutch_taken == o.dutch_taken
            && self.spent_finds == o.spent_finds
    }
}

impl Brazil {
    pub fn board(&self) -> &Map {
        self.content.map(self.map)
    }

    pub fn solo(&self) -> bool {
        self.players.len() == 1
    }
}
