//! The game's small vocabularies — powers, regions, kinds of space, commodities, eras, keywords, action
//! types, wars — and the ids of content entries (spaces, cards, ministries, advantages), which travel in
//! records and views as their readable string ids.
//!
//! An entry id is an index into a content set; its string id and its name are the set's. Serialisation and
//! `Display` have no state to ask, so they read the set in scope on the thread
//! ([`imperia_core::ContentSet::with_current`]): a host enters the set of the game whose values it writes, reads or shows
//! ([`imperia_core::ContentSet::enter`]); outside any scope, the shipped set applies.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Content;

/// One of the two players' powers (§1: Britain against France). Britain sits at seat 0, France at seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    Britain,
    France,
}

impl Power {
    pub const BOTH: [Power; 2] = [Power::Britain, Power::France];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat that plays this power.
    pub fn seat(self) -> usize {
        self as usize
    }

    pub fn of_seat(seat: usize) -> Option<Power> {
        match seat {
            0 => Some(Power::Britain),
            1 => Some(Power::France),
            _ => None,
        }
    }

    pub fn opponent(self) -> Power {
        match self {
            Power::Britain => Power::France,
            Power::France => Power::Britain,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Power::Britain => "Britain",
            Power::France => "France",
        }
    }

    pub fn adjective(self) -> &'static str {
        match self {
            Power::Britain => "British",
            Power::France => "French",
        }
    }

    /// The flag this power puts on the board.
    pub fn flag(self) -> Flag {
        match self {
            Power::Britain => Flag::Britain,
            Power::France => Flag::France,
        }
    }

    /// Victory points move the one shared marker: towards 0 for Britain, towards 30 for France (§3.10).
    pub fn vp_sign(self) -> i32 {
        match self {
            Power::Britain => -1,
            Power::France => 1,
        }
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A flag on a space (§3.2.7): the two powers', Spain's under the optional rule 12.1, and the permanent US
/// flags (§10.0). Squadrons on naval spaces count as their power's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    Britain,
    France,
    Spain,
    Usa,
}

impl Flag {
    pub fn power(self) -> Option<Power> {
        match self {
            Flag::Britain => Some(Power::Britain),
            Flag::France => Some(Power::France),
            Flag::Spain | Flag::Usa => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Flag::Britain => "British",
            Flag::France => "French",
            Flag::Spain => "Spanish",
            Flag::Usa => "US",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    Europe,
    NorthAmerica,
    Caribbean,
    India,
}

impl Region {
    pub const ALL: [Region; 4] = [Region::Europe, Region::NorthAmerica, Region::Caribbean, Region::India];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Region::Europe => "Europe",
            Region::NorthAmerica => "North America",
            Region::Caribbean => "the Caribbean",
            Region::India => "India",
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subregion {
    Canada,
    NorthernColonies,
    HooghlyRiver,
    CarnaticCoast,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpaceKind {
    Political,
    Market,
    Naval,
    Territory,
    Fort,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Commodity {
    Furs,
    Spice,
    Fish,
    Tobacco,
    Sugar,
    Cotton,
}

impl Commodity {
    /// In the order of the global-demand table, which is the order demand is scored in (§4.1.12).
    pub const ALL: [Commodity; 6] =
        [Commodity::Furs, Commodity::Spice, Commodity::Fish, Commodity::Tobacco, Commodity::Sugar, Commodity::Cotton];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Commodity::Furs => "furs",
            Commodity::Spice => "spice",
            Commodity::Fish => "fish",
            Commodity::Tobacco => "tobacco",
            Commodity::Sugar => "sugar",
            Commodity::Cotton => "cotton",
        }
    }
}

impl fmt::Display for Commodity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Era {
    Succession,
    Empire,
    Revolution,
}

impl Era {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Era::Succession => "Succession",
            Era::Empire => "Empire",
            Era::Revolution => "Revolution",
        }
    }
}

/// Ministry keywords (§3.5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    Finance,
    Mercantilism,
    Governance,
    Style,
    Scholarship,
}

impl Keyword {
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Finance => "Finance",
            Keyword::Mercantilism => "Mercantilism",
            Keyword::Governance => "Governance",
            Keyword::Style => "Style",
            Keyword::Scholarship => "Scholarship",
        }
    }
}

/// The three kinds of action points (§3.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApKind {
    Economic,
    Diplomatic,
    Military,
}

impl ApKind {
    pub const ALL: [ApKind; 3] = [ApKind::Economic, ApKind::Diplomatic, ApKind::Military];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            ApKind::Economic => "economic",
            ApKind::Diplomatic => "diplomatic",
            ApKind::Military => "military",
        }
    }
}

impl fmt::Display for ApKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The four wars, in the order they are fought (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarId {
    Wss,
    Was,
    Syw,
    Awi,
}

impl WarId {
    pub const ALL: [WarId; 4] = [WarId::Wss, WarId::Was, WarId::Syw, WarId::Awi];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            WarId::Wss => "War of the Spanish Succession",
            WarId::Was => "War of the Austrian Succession",
            WarId::Syw => "Seven Years' War",
            WarId::Awi => "American War of Independence",
        }
    }

    pub fn parse(s: &str) -> Option<WarId> {
        match s {
            "wss" => Some(WarId::Wss),
            "was" => Some(WarId::Was),
            "syw" => Some(WarId::Syw),
            "awi" => Some(WarId::Awi),
            _ => None,
        }
    }
}

/// A space of the map, by its place in `spaces.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpaceId(pub u8);
imperia_core::content_id!(SpaceId, Content, spaces, "a space", "massachusetts_bay");

/// An event card, by its place in `cards.toml` (card number − 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);
imperia_core::content_id!(Card, Content, cards, "an event card", "calico_acts");

/// A ministry card, by its place in `ministries.toml` (card number − 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ministry(pub u8);
imperia_core::content_id!(Ministry, Content, ministries, "a ministry card", "robert_walpole");

/// An advantage tile, by its place in `advantages.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Advantage(pub u8);
imperia_core::content_id!(Advantage, Content, advantages, "an advantage", "rum");

/// A set of spaces as a 128-bit mask: the board has 112, and control, conflict markers, damage and every
/// filter the rules apply are masks, which keeps the engine fast enough for millions of simulated turns. It
/// travels as the list of its spaces' ids (JSON numbers stop short of 128 bits, and ids read better).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpaceSet(pub u128);

impl Serialize for SpaceSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SpaceSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<SpaceId>::deserialize(d)?.into_iter().collect())
    }
}

impl SpaceSet {
    pub const EMPTY: SpaceSet = SpaceSet(0);

    pub fn of(space: SpaceId) -> SpaceSet {
        SpaceSet(1 << space.0)
    }

    pub fn contains(self, space: SpaceId) -> bool {
        self.0 & (1 << space.0) != 0
    }

    pub fn insert(&mut self, space: SpaceId) {
        self.0 |= 1 << space.0;
    }

    pub fn remove(&mut self, space: SpaceId) {
        self.0 &= !(1 << space.0);
    }

    pub fn set(&mut self, space: SpaceId, on: bool) {
        if on { self.insert(space) } else { self.remove(space) }
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn and(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 & other.0)
    }

    pub fn or(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 | other.0)
    }

    pub fn without(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 & !other.0)
    }

    pub fn first(self) -> Option<SpaceId> {
        (self.0 != 0).then(|| SpaceId(self.0.trailing_zeros() as u8))
    }

    /// The spaces, in board order.
    pub fn iter(self) -> impl Iterator<Item = SpaceId> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros();
            m &= m - 1;
            Some(SpaceId(i as u8))
        })
    }
}

impl FromIterator<SpaceId> for SpaceSet {
    fn from_iter<I: IntoIterator<Item = SpaceId>>(iter: I) -> Self {
        let mut s = SpaceSet::EMPTY;
        for id in iter {
            s.insert(id);
        }
        s
    }
}
