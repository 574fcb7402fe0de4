//! What is on the table: each player's board (coast, harbor, supply, cards, tokens), the game board (who
//! holds each city, fleet space and shipping-track space, the open seas, the tokens still lying there),
//! the decks, the building organizer, and where in the round the game stands. Nothing is hidden (the seed:
//! tokens and decks lie face up), so the whole state is every player's view.
//!
//! Attributes are never stored: they are counted from their sources whenever read (rulebook, «Конец
//! раунда»: the tracks are re-counted from cards, tokens and buildings), so they cannot drift.

use imperia_core::ContentSet;
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::content::{ActKind, Attribute, BuildingId, CardId, Content, SideId, SpaceId, TokenKind, ZoneId};

/// Discs per colour (rulebook, components: 35 in each of 5 colours).
pub const DISCS: u8 = 35;
/// Rounds in a game; also the coast slots filled after the starting building.
pub const ROUNDS: u8 = 7;
/// The coast: the starting building and one building a round.
pub const COAST: usize = 1 + ROUNDS as usize;
/// The most ordinary cards a player may keep, whatever the Influence (Discard phase).
pub const MAX_CARDS: usize = 5;
/// Glory for an empty governor slot at the end (final scoring C).
pub const EMPTY_SLOT_GLORY: u8 = 3;
/// The index of the Silent Fleet among owners (after the five player colours).
pub const FLEET: usize = 5;

/// Whose disc: a player's, or the Silent Fleet's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    Player(u8),
    Fleet,
}

impl Owner {
    /// The owner's column in per-owner counts: the seat, or [`FLEET`].
    pub fn index(self) -> usize {
        match self {
            Owner::Player(s) => usize::from(s),
            Owner::Fleet => FLEET,
        }
    }

    pub fn seat(self) -> Option<usize> {
        match self {
            Owner::Player(s) => Some(usize::from(s)),
            Owner::Fleet => None,
        }
    }
}

/// A building on a coast, and whether its activation space holds a disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Built {
    pub building: BuildingId,
    pub disc: bool,
}

/// One player's board and pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub supply: u8,
    pub harbor: u8,
    /// The coast, left to right.
    pub coast: Vec<Built>,
    /// Deal cards in the ordinary slots (and beside the board), governors not in the governor slot included.
    pub cards: Vec<CardId>,
    /// The governor slot.
    pub governor: Option<CardId>,
    /// Slavery cards set aside face down: −1 glory each at the end.
    pub set_aside: Vec<CardId>,
    /// Brown tokens beside each track, in [`Attribute::ALL`] order.
    pub tokens: [u8; 4],
    /// Lost discs the Memorial turned into tokens, by track.
    pub memorial: [u8; 4],
    /// Blue action tokens in the harbor.
    pub actions: Vec<TokenKind>,
    /// Passed in this Actions phase.
    pub passed: bool,
}

/// How the action under way was paid for: a building's activation space, or a blue token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Via {
    Building { slot: u8 },
    Token { token: TokenKind },
}

/// A turn of the Actions phase under way: the building activated (or token spent) and the actions done so
/// far with it, with the zone of an Occupy (for the Silent Fleet's occupy restriction).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub via: Via,
    pub done: Vec<ActKind>,
    pub occupied_in: Option<ZoneId>,
}

/// The Silent Fleet's answer to a turn, which the acting player carries out: the turn's actions, one of
/// which it answers (the player's choice, if both of a building's were done), and, under the occupy
/// restriction, where it may occupy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reaction {
    pub kinds: Vec<ActKind>,
    pub zone: Option<ZoneId>,
}

/// Where in the game we stand. Each phase's `next` counts players from the crown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setup З: each chooses a starting building.
    Start {
        next: u8,
    },
    /// The Silent Fleet's material shortage: the player without the crown discards a building.
    Shortage,
    Build {
        next: u8,
    },
    /// Salary: the player `next` from the crown frees discs, `left` more.
    Salary {
        next: u8,
        left: u8,
    },
    Actions {
        current: u8,
    },
    Discard {
        next: u8,
    },
    Over,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Endeavor {
    pub(crate) config: Config,
    /// The content the rules read; not serialised (the host enters the set before reading a state back).
    #[serde(skip)]
    pub(crate) content: ContentSet<Content>,
    pub(crate) side: SideId,
    /// 1–7; 0 while starting buildings are chosen.
    pub round: u8,
    pub crown: u8,
    pub phase: Phase,
    pub players: Vec<Player>,
    pub turn: Option<Turn>,
    pub reaction: Option<Reaction>,
    /// Seats with a Memorial whose lost disc waits to be placed, in order.
    pub memorials: Vec<u8>,
    /// Each zone's shipping track, farthest space from the deck first.
    pub tracks: Vec<Vec<Option<Owner>>>,
    pub track_tokens: Vec<Vec<Option<TokenKind>>>,
    pub explored: Vec<bool>,
    /// Who holds each city and fleet space, by [`SpaceId`] (the other side's spaces stay empty).
    pub spaces: Vec<Option<Owner>>,
    pub space_tokens: Vec<Option<TokenKind>>,
    pub route_tokens: Vec<Option<TokenKind>>,
    /// Discs in each zone's open sea, per owner.
    pub open_sea: Vec<[u8; 6]>,
    /// Each owner's presence in each zone: its discs in cities, fleets, track and open sea.
    pub presence: Vec<[u8; 6]>,
    /// Each deck, top card first.
    pub decks: Vec<Vec<CardId>>,
    /// The face-up discard pile beside Europe.
    pub discards: Vec<CardId>,
    /// Governors still under the board edge, by zone.
    pub governors: Vec<Option<CardId>>,
    /// Copies of each building kind left in the organizer (0 for the level-5 tiles not drawn).
    pub stock: Vec<u8>,
    pub abolished: bool,
    /// Silent Fleet discs not on the board.
    pub fleet_supply: u8,
}

impl Endeavor {
    pub fn content(&self) -> &Content {
        &self.content
    }

    pub fn side(&self) -> SideId {
        self.side
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// The seat `k` places clockwise from the crown.
    pub fn from_crown(&self, k: u8) -> usize {
        (usize::from(self.crown) + usize::from(k)) % self.players.len()
    }

    /// An attribute's value, counted from its sources: buildings, cards held (the governor slot
    /// included, set-aside slavery cards not), tokens and Memorial discs.
    pub fn attribute(&self, seat: usize, a: Attribute) -> u8 {
        self.attributes(seat)[a.index()]
    }

    /// All four attribute values, by [`Attribute::index`], in one pass over their sources (the bots'
    /// forecast reads every track of every player at every leaf).
    pub fn attributes(&self, seat: usize) -> [u8; 4] {
        let p = &self.players[seat];
        let c = &*self.content;
        let mut values = [0u8; 4];
        let icons = p
            .coast
            .iter()
            .map(|b| &c.building(b.building).attributes)
            .chain(p.cards.iter().chain(&p.governor).map(|&k| &c.card(k).attributes));
        for icon in icons {
            for a in Attribute::ALL {
                values[a.index()] += icon.get(a);
            }
        }
        for (k, v) in values.iter_mut().enumerate() {
            *v += p.tokens[k] + p.memorial[k];
        }
        values
    }

    /// The level an attribute gives: build level, growth, salary or card limit.
    pub fn level(&self, seat: usize, a: Attribute) -> u8 {
        self.content.track(a).level(self.attribute(seat, a))
    }

    pub fn presence(&self, owner: Owner, zone: ZoneId) -> u8 {
        self.presence[zone.index()][owner.index()]
    }

    /// Present in a zone: every player is present in Europe, even with no disc there (rulebook, Occupy);
    /// the Silent Fleet, not a player, only where it has a disc (ruling E10).
    pub fn is_present(&self, owner: Owner, zone: ZoneId) -> bool {
        (!zone.is_region() && owner != Owner::Fleet) || self.presence(owner, zone) > 0
    }

    /// Whether ships may sail to a zone's fleets and open sea and players occupy and attack there.
    pub fn is_open(&self, zone: ZoneId) -> bool {
        self.explored[zone.index()]
    }

    /// The cards that count toward the limit: the ordinary slots (rulebook, Discard phase).
    pub fn card_cap(&self, seat: usize) -> usize {
        let p = &self.players[seat];
        let slavery = p.cards.iter().any(|&c| self.content.card(c).slavery);
        (usize::from(self.level(seat, Attribute::Influence)) + usize::from(slavery)).min(MAX_CARDS)
    }

    /// The route's controller: a player holding both ends (the Silent Fleet never controls one).
    // Inlined: `score` asks it of every route for every player at every leaf of the search, and the call
    // was 4% of `imperia bench endeavor`'s first move (21.5 ms inlined, 22.3 not, two runs each).
    #[inline]
    pub fn controller(&self, route: crate::content::RouteId) -> Option<usize> {
        let [a, b] = self.content.route(route).ends;
        match (self.spaces[a.index()], self.spaces[b.index()]) {
            (Some(Owner::Player(x)), Some(Owner::Player(y))) if x == y => Some(usize::from(x)),
            _ => None,
        }
    }

    /// The spaces of the side in play.
    pub fn board_spaces(&self) -> &[SpaceId] {
        &self.content.side(self.side).spaces
    }

    pub fn holds(&self, seat: usize, b: crate::content::Special) -> bool {
        self.players[seat].coast.iter().any(|x| self.content.building(x.building).special == Some(b))
    }
}
