//! The game's content — the map, the cards, the tiles, the wars and the tables — read from the TOML files
//! in `data/` (or a player's replacements of them) and validated (CONTENT.md). Every entry names its source;
//! a broken file is reported with the file, the entry and the problem. Procedures live elsewhere: this
//! module only knows what is printed on the components.
//!
//! [`Content`] is a value: it implements [`GameContent`], a loaded set of it is an
//! [`imperia_core::ContentSet`], and every game state holds the set it is played with
//! ([`crate::ImperialStruggle`]'s `content`), which the rules read. Only the ids' serialisation and their
//! names in `Display` (`ids.rs`), which have no state at hand, read the set in scope on the thread
//! ([`ContentSet::with_current`]).

mod ids;
mod load;

use imperia_core::{ContentFiles, ContentReport, ContentSet, GameContent};

pub use ids::{
    Advantage, ApKind, Card, Commodity, Era, Flag, Keyword, Ministry, Power, Region, SpaceId, SpaceKind, SpaceSet,
    Subregion, WarId,
};
pub use load::{ContentError, SHIPPED};

/// One space of the map (§3.2).
#[derive(Clone, Debug)]
pub struct Space {
    pub id: String,
    pub name: String,
    /// Political spaces: the country they belong to (`"spain"`, `"german_states"`).
    pub country: Option<String>,
    pub region: Region,
    pub subregion: Option<Subregion>,
    pub kind: SpaceKind,
    /// Diplomatic, economic or military cost; a territory's conquest-point cost; 0 for naval spaces.
    pub cost: u8,
    pub prestige: bool,
    pub commodity: Option<Commodity>,
    /// The flag on the space after setup.
    pub start: Option<Power>,
    /// Printed Spanish (§12.1).
    pub spanish: bool,
    pub availability: Availability,
    pub connects: SpaceSet,
    pub conquest: SpaceSet,
    /// War routes that exist only under the optional rule «Укреплённые форты» (§12.3).
    pub fortified_conquest: SpaceSet,
    /// The theatres (war, index in its resolution order) a friendly flag here adds strength to (§7.1.3).
    pub theatres: Vec<(WarId, u8)>,
}

impl Space {
    /// A political space outside Europe (§3.2.1), other than the USA's own spaces.
    pub fn is_local_alliance(&self) -> bool {
        self.kind == SpaceKind::Political
            && self.region != Region::Europe
            && self.availability != Availability::AfterIndependence
    }

    /// A political space whose flag counts in a war (the «Альянс» mark and its dots, §3.2.1).
    pub fn is_alliance(&self) -> bool {
        self.kind == SpaceKind::Political && !self.theatres.is_empty()
    }
}

/// When a space is on the board (§3.2.1, §10.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Availability {
    Always,
    /// From the first round of this era.
    FromEra(Era),
    /// The USA's spaces: after the AWI, if a US flag is on the board.
    AfterIndependence,
}

/// An investment tile (§3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvestmentTile {
    pub major: ApKind,
    pub points: u8,
    pub minor: ApKind,
    pub event: bool,
    pub upgrade: bool,
}

/// An award tile (§3.9, §4.1.12).
#[derive(Clone, Debug)]
pub struct AwardTile {
    pub id: String,
    pub vp: u8,
    pub trp: u8,
    /// The winner needs this many more spaces than the opponent (1: a plain majority).
    pub margin: u8,
}

/// What the player with more markets of a commodity in global demand receives (§4.1.12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DemandReward {
    pub vp: u8,
    pub trp: u8,
    pub debt: i8,
}

/// Values on the tracks after setup.
#[derive(Clone, Debug)]
pub struct Setup {
    pub vp: i32,
    pub initiative: Power,
    pub debt: u8,
    pub debt_limit: u8,
    pub trp: u8,
    /// Squadrons in each power's navy box, by power index.
    pub navy_box: [u8; 2],
}

/// The symbol a war tile may carry (§3.7, §7.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileSymbol {
    /// The opponent takes 1 debt.
    Debt,
    /// Damage an enemy fort, or send an enemy squadron to the navy box, in the theatre.
    Fort,
    /// Unflag an enemy market or political space in the theatre's region.
    Flag,
}

/// A kind of basic war tile; every power has the same set (§3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BasicTile {
    pub value: i8,
    pub symbol: Option<TileSymbol>,
    pub count: u8,
}

/// A bonus war tile (§3.7, §5.6.1).
#[derive(Clone, Debug)]
pub struct BonusTile {
    pub war: WarId,
    pub power: Power,
    pub name: String,
    pub value: i8,
    pub symbol: Option<TileSymbol>,
}

/// An advantage tile (§8).
#[derive(Clone, Debug)]
pub struct AdvantageTile {
    pub id: String,
    pub name: String,
    pub region: Region,
    pub requires: SpaceSet,
    pub text: String,
}

/// When an event's bonus applies (§3.4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BonusCondition {
    Keyword(Keyword),
    MoreAvailableDebt,
    ThreeMoreAvailableDebt,
    MoreBonusWarTiles,
    PrestigeScotlandIreland,
    MediterraneanIntrigue,
}

/// One version of an event (§3.4.2).
#[derive(Clone, Debug)]
pub struct EventText {
    pub title: Option<String>,
    pub text: String,
    pub bonus: Option<String>,
}

/// An event card (§3.4).
#[derive(Clone, Debug)]
pub struct EventCard {
    pub number: u8,
    pub id: String,
    pub name: String,
    pub era: Era,
    /// The major action type the investment tile must have (§3.4.4).
    pub action: Option<ApKind>,
    pub bonus_if: Option<BonusCondition>,
    /// A single common version, or the British and French versions (by power index).
    pub versions: CardVersions,
}

#[derive(Clone, Debug)]
pub enum CardVersions {
    Common(EventText),
    Sided([EventText; 2]),
}

impl EventCard {
    /// The version `power` may play (§3.4.4: never the opponent's).
    pub fn version(&self, power: Power) -> &EventText {
        match &self.versions {
            CardVersions::Common(t) => t,
            CardVersions::Sided(v) => &v[power.index()],
        }
    }
}

/// A ministry card (§3.5).
#[derive(Clone, Debug)]
pub struct MinistryCard {
    pub number: u8,
    pub id: String,
    pub name: String,
    pub power: Power,
    pub eras: Vec<Era>,
    pub keywords: Vec<Keyword>,
    pub abilities: Vec<String>,
}

/// A special result of a theatre (§7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialAward {
    /// France takes a Jacobite Victory marker (it feeds Jacobite Uprisings' VP ability).
    JacobiteVictory,
    /// From now on France has Jacobite Uprisings face up as a third ministry, until a Jacobite Defeat.
    JacobitesAlways,
    /// The Jacobite Defeat marker: Jacobite Uprisings leaves the game (§7.3).
    JacobiteDefeat,
    /// France may put US flags on the Northern Colonies, the Carolinas and San Agustin (§7.3).
    Usa,
    /// France may put a US flag on Québec & Montréal (§7.3).
    Canada,
    /// The winner's Atlantic Dominance marker (+2) goes to the war's third theatre.
    AtlanticDominance,
}

/// One row of a theatre's spoils table, for winning by at least `margin` (§7.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tier {
    pub margin: u8,
    pub vp: u8,
    pub cp: u8,
    /// Enemy markets or political spaces of the theatre's region the winner unflags.
    pub unflag: u8,
    /// The loser's consolation.
    pub loser_trp: u8,
    /// Squadrons the loser must remove (map or navy box).
    pub loser_squadrons: u8,
    pub special: Vec<SpecialAward>,
}

/// A theatre of a war (§7.1).
#[derive(Clone, Debug)]
pub struct Theatre {
    pub name: String,
    pub region: Region,
    /// Further regions whose squadrons and conflict markers count here.
    pub extra_regions: Vec<Region>,
    /// Each revealed ministry with this keyword adds 1 (§7.1.3).
    pub keyword: Option<Keyword>,
    /// Conflict markers on a power's flagged spaces in the theatre's regions add 1 each to its opponent.
    pub conflicts: bool,
    /// The theatre counts naval strength (squadrons).
    pub naval: bool,
    /// Territories outside the region that conquest points won here may take (§7.2.1).
    pub conquests: SpaceSet,
    /// Spaces whose flag or squadron adds 1 to its owner here (their dots, §3.2.1).
    pub strength_spaces: SpaceSet,
    /// Squadrons the loser removes leave the game rather than going back to be built again.
    pub squadrons_lost_for_good: bool,
    /// The spoils table for each winner (by power index), rows by rising margin.
    pub tiers: [Vec<Tier>; 2],
}

impl Theatre {
    /// The spoils for `winner` winning by `margin`, if any row is reached.
    pub fn tier(&self, winner: Power, margin: u8) -> Option<(usize, &Tier)> {
        self.tiers[winner.index()].iter().enumerate().rev().find(|(_, t)| margin >= t.margin)
    }

    /// Whether `(tier index)` is the table's last row for `winner` (the automatic war victory, §7.4).
    pub fn is_top_tier(&self, winner: Power, tier: usize) -> bool {
        tier + 1 == self.tiers[winner.index()].len()
    }

    pub fn regions(&self) -> impl Iterator<Item = Region> + '_ {
        std::iter::once(self.region).chain(self.extra_regions.iter().copied())
    }
}

/// A war (§7).
#[derive(Clone, Debug)]
pub struct War {
    pub id: WarId,
    pub name: String,
    pub theatres: Vec<Theatre>,
}

/// Everything printed on the components.
#[derive(Clone, Debug)]
pub struct Content {
    pub spaces: Vec<Space>,
    pub investments: Vec<InvestmentTile>,
    pub awards: Vec<AwardTile>,
    /// By commodity index, then era index.
    pub demand: [[DemandReward; 3]; 6],
    pub setup: Setup,
    pub basic_tiles: Vec<BasicTile>,
    pub bonus_tiles: Vec<BonusTile>,
    pub advantages: Vec<AdvantageTile>,
    pub cards: Vec<EventCard>,
    pub ministries: Vec<MinistryCard>,
    pub wars: Vec<War>,
    /// Where each entry comes from.
    pub report: ContentReport,
    /// Masks over the map that the rules ask for all the time.
    pub masks: Masks,
}

/// Precomputed sets of spaces.
#[derive(Clone, Debug, Default)]
pub struct Masks {
    pub all: SpaceSet,
    pub by_region: [SpaceSet; 4],
    pub political: SpaceSet,
    pub market: SpaceSet,
    pub naval: SpaceSet,
    pub territory: SpaceSet,
    pub fort: SpaceSet,
    pub prestige: SpaceSet,
    /// Markets by commodity index.
    pub commodity: [SpaceSet; 6],
    pub local_alliance: SpaceSet,
    pub alliance: SpaceSet,
    pub spanish: SpaceSet,
    /// Spaces on the board from the start of each era (by era index).
    pub available_from: [SpaceSet; 3],
    /// The USA's spaces (§10.0).
    pub usa: SpaceSet,
    /// Each space's solid-line neighbours.
    pub neighbours: Vec<SpaceSet>,
    /// Each power's territories after setup (final scoring, §11.0), by power index.
    pub start_territories: [SpaceSet; 2],
}

impl Content {
    pub fn space(&self, id: SpaceId) -> &Space {
        &self.spaces[id.index()]
    }

    pub fn space_by_id(&self, id: &str) -> Option<SpaceId> {
        self.spaces.iter().position(|s| s.id == id).map(|i| SpaceId(i as u8))
    }

    pub fn card(&self, card: Card) -> &EventCard {
        &self.cards[card.index()]
    }

    pub fn ministry(&self, m: Ministry) -> &MinistryCard {
        &self.ministries[m.index()]
    }

    pub fn advantage(&self, a: Advantage) -> &AdvantageTile {
        &self.advantages[a.index()]
    }

    pub fn war(&self, w: WarId) -> &War {
        &self.wars[w.index()]
    }

    pub fn card_by_id(&self, id: &str) -> Option<Card> {
        self.cards.iter().position(|c| c.id == id).map(|i| Card(i as u8))
    }

    pub fn ministry_by_id(&self, id: &str) -> Option<Ministry> {
        self.ministries.iter().position(|m| m.id == id).map(|i| Ministry(i as u8))
    }

    pub fn advantage_by_id(&self, id: &str) -> Option<Advantage> {
        self.advantages.iter().position(|a| a.id == id).map(|i| Advantage(i as u8))
    }

    /// The spaces of a country (political spaces only, §3.2.1).
    pub fn country(&self, country: &str) -> SpaceSet {
        self.spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.country.as_deref() == Some(country))
            .map(|(i, _)| SpaceId(i as u8))
            .collect()
    }
}

impl GameContent for Content {
    const FILES: &'static [(&'static str, &'static str)] = SHIPPED;

    fn parse(files: &ContentFiles) -> Result<Self, String> {
        load::parse(files).map_err(|e| e.to_string())
    }

    fn report(&self) -> ContentReport {
        self.report.clone()
    }

    /// The pieces [`imperia_core::Game::targets`] names, by id: spaces, advantages, theatres, investment
    /// tiles, boxes and tracks (`targets::board`).
    fn board(&self) -> serde_json::Value {
        crate::targets::board(self)
    }
}

/// The space with this id in the set in scope on this thread ([`ContentSet::with_current`]; the shipped
/// set outside any scope): for tests and examples, which name spaces by id.
///
/// # Panics
/// If there is no such space.
pub fn space(id: &str) -> SpaceId {
    ContentSet::<Content>::with_current(|c| c.space_by_id(id)).unwrap_or_else(|| panic!("no space `{id}`"))
}
