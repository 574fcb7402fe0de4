//! The components as data: the two board sides, the four attribute tracks, the buildings, the deal cards
//! and governors, and the trade-token mix (`data/*.toml`). The rulebook printed most of them as pictures,
//! so many entries are provisional; each says where it comes from in its `source` (docs/rules/endeavor.md
//! §4 explains the choices).
//!
//! Every file is read into plain serde records (unknown fields refused), then into the runtime types
//! below with every reference resolved and the component counts checked; the first problem is reported
//! with its file and entry.

use std::collections::BTreeMap;
use std::fmt;

use imperia_core::content::{read_toml, unique_ids};
use imperia_core::{ContentFiles, ContentReport, GameContent, Source};
use serde::{Deserialize, Serialize};

/// The four attributes of a player board (rulebook, «Планшет игрока»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    Industry,
    Culture,
    Economy,
    Influence,
}

impl Attribute {
    pub const ALL: [Attribute; 4] = [Attribute::Industry, Attribute::Culture, Attribute::Economy, Attribute::Influence];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Attribute::Industry => "Industry",
            Attribute::Culture => "Culture",
            Attribute::Economy => "Economy",
            Attribute::Influence => "Influence",
        }
    }
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Amounts per attribute, in [`Attribute::ALL`] order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    #[serde(default)]
    pub industry: u8,
    #[serde(default)]
    pub culture: u8,
    #[serde(default)]
    pub economy: u8,
    #[serde(default)]
    pub influence: u8,
}

impl Attributes {
    pub fn get(&self, a: Attribute) -> u8 {
        match a {
            Attribute::Industry => self.industry,
            Attribute::Culture => self.culture,
            Attribute::Economy => self.economy,
            Attribute::Influence => self.influence,
        }
    }

    pub fn total(&self) -> u8 {
        self.industry + self.culture + self.economy + self.influence
    }
}

impl fmt::Display for Attributes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> =
            Attribute::ALL.iter().filter(|&&a| self.get(a) > 0).map(|&a| format!("+{} {a}", self.get(a))).collect();
        f.write_str(&parts.join(", "))
    }
}

/// The five actions (rulebook, «Фаза действий»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActKind {
    Ship,
    Occupy,
    Attack,
    Payment,
    Draw,
}

impl ActKind {
    pub fn name(self) -> &'static str {
        match self {
            ActKind::Ship => "Ship",
            ActKind::Occupy => "Occupy",
            ActKind::Attack => "Attack",
            ActKind::Payment => "Payment",
            ActKind::Draw => "Draw",
        }
    }
}

impl fmt::Display for ActKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The eight kinds of trade token: four brown attribute tokens and four blue action tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    Industry,
    Culture,
    Economy,
    Influence,
    OccupyDraw,
    ShipDraw,
    Payment,
    Attack,
}

impl TokenKind {
    pub const ALL: [TokenKind; 8] = [
        TokenKind::Industry,
        TokenKind::Culture,
        TokenKind::Economy,
        TokenKind::Influence,
        TokenKind::OccupyDraw,
        TokenKind::ShipDraw,
        TokenKind::Payment,
        TokenKind::Attack,
    ];

    /// The attribute a brown token raises; `None` for a blue action token.
    pub fn attribute(self) -> Option<Attribute> {
        match self {
            TokenKind::Industry => Some(Attribute::Industry),
            TokenKind::Culture => Some(Attribute::Culture),
            TokenKind::Economy => Some(Attribute::Economy),
            TokenKind::Influence => Some(Attribute::Influence),
            _ => None,
        }
    }

    /// The actions a blue token offers (exactly one of them is taken).
    pub fn actions(self) -> &'static [ActKind] {
        match self {
            TokenKind::OccupyDraw => &[ActKind::Occupy, ActKind::Draw],
            TokenKind::ShipDraw => &[ActKind::Ship, ActKind::Draw],
            TokenKind::Payment => &[ActKind::Payment],
            TokenKind::Attack => &[ActKind::Attack],
            _ => &[],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Industry => "Industry token",
            TokenKind::Culture => "Culture token",
            TokenKind::Economy => "Economy token",
            TokenKind::Influence => "Influence token",
            TokenKind::OccupyDraw => "Occupy/Draw token",
            TokenKind::ShipDraw => "Ship/Draw token",
            TokenKind::Payment => "Payment token",
            TokenKind::Attack => "Attack token",
        }
    }
}

impl fmt::Display for TokenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A zone of the board: Europe (index 0, not a region) or one of the six regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ZoneId(pub u8);
imperia_core::content_id!(ZoneId, Content, zones, "a zone", "far_east");

impl ZoneId {
    pub const EUROPE: ZoneId = ZoneId(0);

    /// Whether this zone is a region (Europe is not: it has no shipping track and is explored from the
    /// start).
    pub fn is_region(self) -> bool {
        self != ZoneId::EUROPE
    }
}

/// A board side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SideId(pub u8);
imperia_core::content_id!(SideId, Content, sides, "a board side", "a");

/// A city or fleet space (of either side), by its place in `board.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpaceId(pub u8);
imperia_core::content_id!(SpaceId, Content, spaces, "a city or fleet space", "a_london");

/// A route (of either side), by its place in `board.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RouteId(pub u8);
imperia_core::content_id!(RouteId, Content, routes, "a route", "a_london-a_amsterdam");

/// A kind of building, by its place in `buildings.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BuildingId(pub u8);
imperia_core::content_id!(BuildingId, Content, buildings, "a building", "docks");

/// A deal card or governor, by its place in `cards.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(pub u8);
imperia_core::content_id!(CardId, Content, cards, "a card", "eu_abolition");

/// A deck on the board: one per zone (in zone order), then Slavery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DeckId(pub u8);
imperia_core::content_id!(DeckId, Content, decks, "a deck", "europe");

#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub lon: f64,
    pub lat: f64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub id: String,
    pub name: String,
    /// The shipping-track length of each zone (0 for Europe).
    pub tracks: Vec<u8>,
    pub spaces: Vec<SpaceId>,
    pub routes: Vec<RouteId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpaceKind {
    City,
    Fleet,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    pub id: String,
    pub name: String,
    pub side: SideId,
    pub zone: ZoneId,
    pub kind: SpaceKind,
    pub glory: u8,
    pub lon: f64,
    pub lat: f64,
    /// The routes this space ends.
    pub routes: Vec<RouteId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub id: String,
    pub name: String,
    pub side: SideId,
    pub ends: [SpaceId; 2],
    /// A round route space, which holds a trade token at setup; a square one holds none.
    pub token: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// The first value of each band.
    pub bands: Vec<u8>,
    /// The level each band gives.
    pub levels: Vec<u8>,
    /// The spaces carrying the glory icon, ascending.
    pub glory: Vec<u8>,
}

impl Track {
    /// The level a value gives.
    pub fn level(&self, value: u8) -> u8 {
        let band = self.bands.iter().rposition(|&b| value >= b).unwrap_or(0);
        self.levels[band]
    }

    /// The glory a value scores: the nearest glory space at or below it (rulebook, final scoring A).
    pub fn glory(&self, value: u8) -> u8 {
        self.glory.iter().rev().find(|&&g| g <= value).copied().unwrap_or(0)
    }
}

/// What a building does beyond its icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Special {
    /// A lost disc may become a permanent attribute token.
    Memorial,
    /// 1 glory per Draw icon on the owner's buildings at the end.
    TownHall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Building {
    pub id: String,
    pub name: String,
    pub level: u8,
    pub copies: u8,
    pub start: bool,
    pub attributes: Attributes,
    pub glory: u8,
    pub actions: Vec<ActKind>,
    /// "A / B": exactly one of the actions; otherwise "A + B": one or both.
    pub either: bool,
    pub salary_only: bool,
    pub special: Option<Special>,
}

impl Building {
    /// The building's icons in words: "level 3, +2 Culture, Draw".
    pub fn describe(&self) -> String {
        let mut parts =
            vec![if self.start { "starting building".to_string() } else { format!("level {}", self.level) }];
        if self.attributes.total() > 0 {
            parts.push(self.attributes.to_string());
        }
        if self.glory > 0 {
            parts.push(format!("{} glory", self.glory));
        }
        if !self.actions.is_empty() {
            let sep = if self.either { " / " } else { " + " };
            parts.push(self.actions.iter().map(|a| a.name()).collect::<Vec<_>>().join(sep));
        }
        if self.salary_only {
            parts.push("freed only by Salary".into());
        }
        match self.special {
            Some(Special::Memorial) => parts.push("lost discs may become attribute tokens".into()),
            Some(Special::TownHall) => parts.push("1 glory per Draw icon on your buildings".into()),
            None => {}
        }
        parts.join(", ")
    }

    pub fn draw_icons(&self) -> u8 {
        self.actions.iter().filter(|&&a| a == ActKind::Draw).count() as u8
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub deck: DeckId,
    pub value: u8,
    pub attributes: Attributes,
    pub glory: u8,
    pub disc: bool,
    pub abolition: bool,
    pub slavery: bool,
    pub governor: bool,
}

impl Card {
    pub fn describe(&self) -> String {
        let mut parts = vec![if self.governor { "governor".to_string() } else { format!("value {}", self.value) }];
        if self.attributes.total() > 0 {
            parts.push(self.attributes.to_string());
        }
        if self.glory > 0 {
            parts.push(format!("{} glory", self.glory));
        }
        if self.disc {
            parts.push("+1 disc".into());
        }
        if self.abolition {
            parts.push("abolishes slavery".into());
        }
        if self.slavery {
            parts.push("slavery".into());
        }
        parts.join(", ")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    pub id: String,
    pub name: String,
    /// The zone whose presence lets a player draw from it (Europe for Slavery).
    pub zone: ZoneId,
    pub slavery: bool,
}

/// Everything printed on the components.
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    pub zones: Vec<Zone>,
    pub sides: Vec<Side>,
    pub spaces: Vec<Space>,
    pub routes: Vec<Route>,
    /// In [`Attribute::ALL`] order.
    pub tracks: Vec<Track>,
    pub buildings: Vec<Building>,
    pub cards: Vec<Card>,
    pub decks: Vec<Deck>,
    /// How many tokens of each kind, in [`TokenKind::ALL`] order.
    pub tokens: Vec<u8>,
    report: ContentReport,
}

/// The seven zones the rulebook names, in board order (the decks follow it).
pub const ZONES: [&str; 7] = ["europe", "africa", "south_america", "caribbean", "north_america", "india", "far_east"];

/// Cards in a regional deck and in Europe's and Slavery's (rulebook, components: 42 deal cards).
const DECK_VALUES: [(&str, std::ops::RangeInclusive<u8>); 2] = [("regional", 1..=5), ("europe and slavery", 0..=5)];

impl Content {
    pub fn track(&self, a: Attribute) -> &Track {
        &self.tracks[a.index()]
    }

    pub fn building(&self, b: BuildingId) -> &Building {
        &self.buildings[b.index()]
    }

    pub fn card(&self, c: CardId) -> &Card {
        &self.cards[c.index()]
    }

    pub fn space(&self, s: SpaceId) -> &Space {
        &self.spaces[s.index()]
    }

    pub fn route(&self, r: RouteId) -> &Route {
        &self.routes[r.index()]
    }

    pub fn side(&self, s: SideId) -> &Side {
        &self.sides[s.index()]
    }

    pub fn side_by_id(&self, id: &str) -> Option<SideId> {
        self.sides.iter().position(|s| s.id == id).map(|i| SideId(i as u8))
    }

    pub fn building_by_id(&self, id: &str) -> Option<BuildingId> {
        self.buildings.iter().position(|b| b.id == id).map(|i| BuildingId(i as u8))
    }

    pub fn card_by_id(&self, id: &str) -> Option<CardId> {
        self.cards.iter().position(|c| c.id == id).map(|i| CardId(i as u8))
    }

    pub fn space_by_id(&self, id: &str) -> Option<SpaceId> {
        self.spaces.iter().position(|s| s.id == id).map(|i| SpaceId(i as u8))
    }

    /// The route joining two spaces, named by their ids (either way round).
    ///
    /// # Panics
    /// If no route joins them: for tests and examples.
    pub fn route_by_ends(&self, a: &str, b: &str) -> RouteId {
        let (a, b) = (self.space_by_id(a), self.space_by_id(b));
        self.routes
            .iter()
            .position(|r| r.ends.map(Some) == [a, b] || r.ends.map(Some) == [b, a])
            .map(|i| RouteId(i as u8))
            .expect("a route joins the two spaces")
    }

    pub fn zone_by_id(&self, id: &str) -> Option<ZoneId> {
        self.zones.iter().position(|z| z.id == id).map(|i| ZoneId(i as u8))
    }

    /// The deck of a zone.
    pub fn deck_of(&self, z: ZoneId) -> DeckId {
        DeckId(z.0)
    }

    /// The governor of a region.
    pub fn governor_of(&self, z: ZoneId) -> Option<CardId> {
        self.cards.iter().position(|c| c.governor && c.deck == self.deck_of(z)).map(|i| CardId(i as u8))
    }

    /// The starting buildings (the two sides of the starting tile).
    pub fn starts(&self) -> impl Iterator<Item = BuildingId> + '_ {
        (0..self.buildings.len()).filter(|&i| self.buildings[i].start).map(|i| BuildingId(i as u8))
    }
}

impl GameContent for Content {
    const FILES: &'static [(&'static str, &'static str)] = &[
        ("board.toml", include_str!("../data/board.toml")),
        ("tracks.toml", include_str!("../data/tracks.toml")),
        ("buildings.toml", include_str!("../data/buildings.toml")),
        ("cards.toml", include_str!("../data/cards.toml")),
        ("tokens.toml", include_str!("../data/tokens.toml")),
    ];

    fn parse(files: &ContentFiles) -> Result<Self, String> {
        load(files)
    }

    fn report(&self) -> ContentReport {
        self.report.clone()
    }

    /// The board as a client draws it: zones with their map anchors, each side's spaces (with their
    /// coordinates, kind and glory), routes and track lengths, and the names and effects of buildings and
    /// cards, in content order (the view's ids refer to these).
    fn board(&self) -> serde_json::Value {
        use serde_json::json;
        json!({
            "zones": self.zones.iter().map(|z| json!({"id": z.id, "name": z.name, "lon": z.lon, "lat": z.lat})).collect::<Vec<_>>(),
            "sides": self.sides.iter().map(|s| json!({
                "id": s.id, "name": s.name, "tracks": s.tracks,
                "spaces": s.spaces.iter().map(|&i| self.spaces[i.index()].id.clone()).collect::<Vec<_>>(),
                "routes": s.routes.iter().map(|&i| self.routes[i.index()].id.clone()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "spaces": self.spaces.iter().map(|s| json!({
                "id": s.id, "name": s.name, "zone": self.zones[s.zone.index()].id, "kind": s.kind,
                "glory": s.glory, "lon": s.lon, "lat": s.lat,
            })).collect::<Vec<_>>(),
            "routes": self.routes.iter().map(|r| json!({
                "id": r.id, "name": r.name, "token": r.token,
                "ends": [self.spaces[r.ends[0].index()].id.clone(), self.spaces[r.ends[1].index()].id.clone()],
            })).collect::<Vec<_>>(),
            "buildings": self.buildings.iter().map(|b| json!({
                "id": b.id, "name": b.name, "level": b.level, "start": b.start, "effect": b.describe(),
            })).collect::<Vec<_>>(),
            "cards": self.cards.iter().map(|c| json!({
                "id": c.id, "name": c.name, "deck": self.decks[c.deck.index()].id, "value": c.value,
                "governor": c.governor, "effect": c.describe(),
            })).collect::<Vec<_>>(),
            "decks": self.decks.iter().map(|d| json!({"id": d.id, "name": d.name})).collect::<Vec<_>>(),
        })
    }
}

fn err(file: &str, entry: &str, what: impl fmt::Display) -> String {
    format!("{file}, entry `{entry}`: {what}")
}

/// Ids are unique in their file and written as the board's ids are: lowercase letters, digits and `_`.
fn unique<'a>(file: &str, what: &str, ids: impl Iterator<Item = &'a str> + Clone) -> Result<(), String> {
    unique_ids(file, what, ids.clone())?;
    match ids
        .into_iter()
        .find(|id| id.is_empty() || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
    {
        Some(id) => Err(format!("{file}: the id `{id}` must be lowercase letters, digits and `_`")),
        None => Ok(()),
    }
}

fn source(report: &mut ContentReport, file: &str, kind: &str, id: &str, text: &str) -> Result<(), String> {
    let s = Source::parse(text).map_err(|e| err(file, id, e))?;
    report.add(kind, id, s);
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    zones: Vec<ZoneEntry>,
    sides: Vec<SideEntry>,
    spaces: Vec<SpaceEntry>,
    routes: Vec<RouteEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZoneEntry {
    id: String,
    name: String,
    lon: f64,
    lat: f64,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideEntry {
    id: String,
    name: String,
    tracks: BTreeMap<String, u8>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceEntry {
    id: String,
    side: String,
    zone: String,
    kind: SpaceKind,
    name: String,
    glory: u8,
    lon: f64,
    lat: f64,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RouteEntry {
    side: String,
    ends: [String; 2],
    token: bool,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TracksFile {
    tracks: Vec<TrackEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackEntry {
    attribute: Attribute,
    bands: Vec<u8>,
    levels: Vec<u8>,
    glory: Vec<u8>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildingsFile {
    buildings: Vec<BuildingEntry>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Choice {
    Both,
    Either,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildingEntry {
    id: String,
    name: String,
    level: u8,
    copies: u8,
    #[serde(default)]
    start: bool,
    #[serde(default)]
    attributes: Attributes,
    #[serde(default)]
    glory: u8,
    #[serde(default)]
    actions: Vec<ActKind>,
    choice: Option<Choice>,
    #[serde(default)]
    salary_only: bool,
    special: Option<Special>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    cards: Vec<CardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    id: String,
    name: String,
    deck: String,
    value: Option<u8>,
    #[serde(default)]
    attributes: Attributes,
    #[serde(default)]
    glory: u8,
    #[serde(default)]
    disc: bool,
    #[serde(default)]
    abolition: bool,
    #[serde(default)]
    slavery: bool,
    #[serde(default)]
    governor: bool,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokensFile {
    tokens: Vec<TokenEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenEntry {
    kind: TokenKind,
    count: u8,
    source: String,
}

fn load(files: &ContentFiles) -> Result<Content, String> {
    let mut report = ContentReport::default();
    let board: BoardFile = read_toml("board.toml", files.text("board.toml"))?;
    let (zones, sides, spaces, routes) = load_board(&board, &mut report)?;
    let tracks = load_tracks(read_toml("tracks.toml", files.text("tracks.toml"))?, &mut report)?;
    let buildings = load_buildings(read_toml("buildings.toml", files.text("buildings.toml"))?, &mut report)?;
    let (cards, decks) = load_cards(read_toml("cards.toml", files.text("cards.toml"))?, &zones, &mut report)?;
    let tokens = load_tokens(read_toml("tokens.toml", files.text("tokens.toml"))?, &mut report)?;

    // Setup step Б: a token on every round space of the side in play, so each side has exactly as many round
    // spaces as there are tokens.
    let total: usize = tokens.iter().map(|&n| usize::from(n)).sum();
    for side in &sides {
        let round = side.tracks.iter().map(|&n| usize::from(n)).sum::<usize>()
            + side.spaces.len()
            + side.routes.iter().filter(|r| routes[r.index()].token).count();
        if round != total {
            return Err(format!(
                "board.toml, side `{}`: {round} round spaces (track spaces, cities, fleets and round routes), \
                 but tokens.toml has {total} tokens to put on them (setup step Б needs one per space)",
                side.id
            ));
        }
    }
    Ok(Content { zones, sides, spaces, routes, tracks, buildings, cards, decks, tokens, report })
}

type Board = (Vec<Zone>, Vec<Side>, Vec<Space>, Vec<Route>);

fn load_board(board: &BoardFile, report: &mut ContentReport) -> Result<Board, String> {
    const F: &str = "board.toml";
    let ids: Vec<&str> = board.zones.iter().map(|z| z.id.as_str()).collect();
    if ids != ZONES {
        return Err(format!("{F}: the zones must be, in order, {} (the rulebook's seven zones)", ZONES.join(", ")));
    }
    unique(F, "sides", board.sides.iter().map(|s| s.id.as_str()))?;
    unique(F, "spaces", board.spaces.iter().map(|s| s.id.as_str()))?;
    if board.spaces.len() > 255 || board.routes.len() > 255 || board.sides.len() > 255 {
        return Err(format!("{F}: at most 255 spaces, 255 routes and 255 sides"));
    }
    if board.sides.is_empty() {
        return Err(format!("{F}: there must be at least one board side"));
    }
    let mut zones = Vec::new();
    for z in &board.zones {
        source(report, F, "zone", &z.id, &z.source)?;
        check_coordinates(F, &z.id, z.lon, z.lat)?;
        zones.push(Zone { id: z.id.clone(), name: z.name.clone(), lon: z.lon, lat: z.lat });
    }
    let zone_of = |entry: &str, id: &str| {
        ZONES
            .iter()
            .position(|&z| z == id)
            .map(|i| ZoneId(i as u8))
            .ok_or_else(|| err(F, entry, format!("no zone `{id}`")))
    };
    let mut sides = Vec::new();
    for s in &board.sides {
        source(report, F, "board side", &s.id, &s.source)?;
        let mut tracks = vec![0u8; ZONES.len()];
        for (z, &n) in &s.tracks {
            let zone = zone_of(&s.id, z)?;
            if !zone.is_region() {
                return Err(err(F, &s.id, "Europe has no shipping track"));
            }
            if !(1..=12).contains(&n) {
                return Err(err(F, &s.id, format!("the {z} track has {n} spaces; a track has 1 to 12")));
            }
            tracks[zone.index()] = n;
        }
        if let Some(z) = (1..ZONES.len()).find(|&z| tracks[z] == 0) {
            return Err(err(F, &s.id, format!("no shipping track for {}", ZONES[z])));
        }
        sides.push(Side { id: s.id.clone(), name: s.name.clone(), tracks, spaces: vec![], routes: vec![] });
    }
    let side_of = |entry: &str, id: &str| {
        sides
            .iter()
            .position(|s| s.id == id)
            .map(|i| SideId(i as u8))
            .ok_or_else(|| err(F, entry, format!("no side `{id}`")))
    };
    let mut spaces = Vec::new();
    for s in &board.spaces {
        source(report, F, "space", &s.id, &s.source)?;
        check_coordinates(F, &s.id, s.lon, s.lat)?;
        let glory_ok = match s.kind {
            SpaceKind::City => (1..=2).contains(&s.glory),
            SpaceKind::Fleet => s.glory == 0,
        };
        if !glory_ok {
            return Err(err(F, &s.id, "a city shows 1 or 2 glory, a fleet space none (final scoring B)"));
        }
        spaces.push(Space {
            id: s.id.clone(),
            name: s.name.clone(),
            side: side_of(&s.id, &s.side)?,
            zone: zone_of(&s.id, &s.zone)?,
            kind: s.kind,
            glory: s.glory,
            lon: s.lon,
            lat: s.lat,
            routes: vec![],
        });
    }
    let space_of = |entry: &str, id: &str| {
        board
            .spaces
            .iter()
            .position(|s| s.id == id)
            .map(|i| SpaceId(i as u8))
            .ok_or_else(|| err(F, entry, format!("no space `{id}`")))
    };
    let mut routes: Vec<Route> = Vec::new();
    for r in &board.routes {
        let id = format!("{}-{}", r.ends[0], r.ends[1]);
        source(report, F, "route", &id, &r.source)?;
        let side = side_of(&id, &r.side)?;
        let ends = [space_of(&id, &r.ends[0])?, space_of(&id, &r.ends[1])?];
        if ends[0] == ends[1] {
            return Err(err(F, &id, "a route joins two different spaces"));
        }
        if ends.iter().any(|e| spaces[e.index()].side != side) {
            return Err(err(F, &id, format!("both ends must be spaces of side `{}`", r.side)));
        }
        if routes.iter().any(|o| o.side == side && (o.ends == ends || o.ends == [ends[1], ends[0]])) {
            return Err(err(F, &id, "the same two spaces are joined twice"));
        }
        let name = format!("{}–{}", spaces[ends[0].index()].name, spaces[ends[1].index()].name);
        routes.push(Route { id, name, side, ends, token: r.token });
    }
    for (i, r) in routes.iter().enumerate() {
        for e in r.ends {
            spaces[e.index()].routes.push(RouteId(i as u8));
        }
        sides[r.side.index()].routes.push(RouteId(i as u8));
    }
    for (i, s) in spaces.iter().enumerate() {
        sides[s.side.index()].spaces.push(SpaceId(i as u8));
    }
    for side in &sides {
        for (z, zone) in ZONES.iter().enumerate() {
            let mut here = side.spaces.iter().map(|s| &spaces[s.index()]).filter(|s| s.zone.index() == z);
            if !here.any(|s| s.kind == SpaceKind::City) {
                return Err(err(F, &side.id, format!("{zone} has no city on this side")));
            }
        }
    }
    Ok((zones, sides, spaces, routes))
}

fn check_coordinates(file: &str, id: &str, lon: f64, lat: f64) -> Result<(), String> {
    if (-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat) {
        Ok(())
    } else {
        Err(err(file, id, format!("({lon}, {lat}) is not a longitude and latitude")))
    }
}

fn load_tracks(file: TracksFile, report: &mut ContentReport) -> Result<Vec<Track>, String> {
    const F: &str = "tracks.toml";
    let order: Vec<Attribute> = file.tracks.iter().map(|t| t.attribute).collect();
    if order != Attribute::ALL {
        return Err(format!("{F}: one track per attribute, in the order industry, culture, economy, influence"));
    }
    let mut tracks = Vec::new();
    for t in file.tracks {
        let id = t.attribute.name().to_lowercase();
        source(report, F, "track", &id, &t.source)?;
        let ascending = |v: &[u8]| v.windows(2).all(|w| w[0] < w[1]);
        if t.bands.first() != Some(&0) || !ascending(&t.bands) || t.bands.len() != t.levels.len() {
            return Err(err(F, &id, "`bands` start at 0, ascend, and give one level each"));
        }
        if !t.levels.windows(2).all(|w| w[0] <= w[1]) || t.levels.iter().any(|&l| l == 0 || l > 9) {
            return Err(err(F, &id, "`levels` are 1 to 9 and never fall"));
        }
        if !ascending(&t.glory) {
            return Err(err(F, &id, "`glory` spaces ascend"));
        }
        tracks.push(Track { bands: t.bands, levels: t.levels, glory: t.glory });
    }
    Ok(tracks)
}

fn load_buildings(file: BuildingsFile, report: &mut ContentReport) -> Result<Vec<Building>, String> {
    const F: &str = "buildings.toml";
    unique(F, "buildings", file.buildings.iter().map(|b| b.id.as_str()))?;
    let mut out = Vec::new();
    for b in file.buildings {
        source(report, F, "building", &b.id, &b.source)?;
        if b.start != (b.level == 0) {
            return Err(err(F, &b.id, "starting buildings, and only they, have level 0"));
        }
        if b.level > 5 || b.copies == 0 || b.copies > 9 {
            return Err(err(F, &b.id, "a building has level 0 to 5 and 1 to 9 copies"));
        }
        if b.actions.len() > 2 || (b.actions.len() == 2) != b.choice.is_some() {
            return Err(err(F, &b.id, "a building shows at most two actions, and `choice` exactly when it shows two"));
        }
        if b.salary_only && b.actions.is_empty() {
            return Err(err(F, &b.id, "a building without an action has no disc for Salary to free"));
        }
        // A Payment that could free a Payment building (its own, or a second one freeing the first) would
        // let a player take turns that spend nothing, for ever: the icon is what ends the Actions phase.
        if b.actions.contains(&ActKind::Payment) && !b.salary_only {
            return Err(err(
                F,
                &b.id,
                "a building with a Payment action shows the no-Payment icon (`salary_only = true`): otherwise \
                 Payments could free such buildings back and forth and the Actions phase need never end (ruling E4)",
            ));
        }
        out.push(Building {
            id: b.id,
            name: b.name,
            level: b.level,
            copies: b.copies,
            start: b.start,
            attributes: b.attributes,
            glory: b.glory,
            actions: b.actions,
            either: b.choice == Some(Choice::Either),
            salary_only: b.salary_only,
            special: b.special,
        });
    }
    // Components: 49 building tiles of 19 kinds, three kinds at each of levels 1–4 (5/4/3/2 copies) and seven
    // single level-5 tiles; and the double-sided starting tile, one per player.
    for (level, kinds, copies) in [(1, 3, 5), (2, 3, 4), (3, 3, 3), (4, 3, 2), (5, 7, 1)] {
        let here: Vec<&Building> = out.iter().filter(|b| b.level == level).collect();
        if here.len() != kinds || here.iter().any(|b| b.copies != copies) {
            return Err(format!(
                "{F}: level {level} must have {kinds} kinds of building with {copies} copies each (rulebook, components)"
            ));
        }
    }
    let starts: Vec<&Building> = out.iter().filter(|b| b.start).collect();
    if starts.len() != 2 || starts.iter().any(|b| b.copies != 5) {
        return Err(format!("{F}: the starting tile has two sides, with 5 tiles (rulebook, components)"));
    }
    if out.iter().filter(|b| b.special == Some(Special::TownHall)).any(|b| b.draw_icons() == 0) {
        return Err(format!("{F}: the Town Hall shows at least one Draw icon (it counts its own)"));
    }
    Ok(out)
}

fn load_cards(file: CardsFile, zones: &[Zone], report: &mut ContentReport) -> Result<(Vec<Card>, Vec<Deck>), String> {
    const F: &str = "cards.toml";
    unique(F, "cards", file.cards.iter().map(|c| c.id.as_str()))?;
    let mut decks: Vec<Deck> = zones
        .iter()
        .enumerate()
        .map(|(i, z)| Deck { id: z.id.clone(), name: z.name.clone(), zone: ZoneId(i as u8), slavery: false })
        .collect();
    decks.push(Deck { id: "slavery".into(), name: "Slavery".into(), zone: ZoneId::EUROPE, slavery: true });
    let mut cards = Vec::new();
    for c in file.cards {
        source(report, F, if c.governor { "governor" } else { "deal card" }, &c.id, &c.source)?;
        let deck =
            decks.iter().position(|d| d.id == c.deck).ok_or_else(|| err(F, &c.id, format!("no deck `{}`", c.deck)))?;
        let deck = DeckId(deck as u8);
        let d = &decks[deck.index()];
        if c.governor != c.value.is_none() {
            return Err(err(F, &c.id, "a governor has no value; every other card has one"));
        }
        if c.slavery != d.slavery {
            return Err(err(F, &c.id, "the slavery cards are exactly those of the Slavery deck"));
        }
        if c.governor && (d.slavery || !d.zone.is_region()) {
            return Err(err(F, &c.id, "a governor belongs to one of the six regions"));
        }
        if c.disc && (d.slavery || !d.zone.is_region() || c.value != Some(1)) {
            return Err(err(F, &c.id, "only the regional value-1 cards give the extra disc (ruling E8)"));
        }
        cards.push(Card {
            id: c.id,
            name: c.name,
            deck,
            value: c.value.unwrap_or(0),
            attributes: c.attributes,
            glory: c.glory,
            disc: c.disc,
            abolition: c.abolition,
            slavery: c.slavery,
            governor: c.governor,
        });
    }
    for (i, d) in decks.iter().enumerate() {
        let (what, values) = if d.zone.is_region() && !d.slavery { &DECK_VALUES[0] } else { &DECK_VALUES[1] };
        let mut got: Vec<u8> = cards.iter().filter(|c| c.deck.index() == i && !c.governor).map(|c| c.value).collect();
        got.sort_unstable();
        if got != values.clone().collect::<Vec<_>>() {
            return Err(format!(
                "{F}: the {} deck must hold one card of each value {}–{} ({what} decks; rulebook, components)",
                d.id,
                values.start(),
                values.end()
            ));
        }
        let governors = cards.iter().filter(|c| c.deck.index() == i && c.governor).count();
        if governors != usize::from(d.zone.is_region() && !d.slavery) {
            return Err(format!("{F}: each region has exactly one governor, and Europe and Slavery none ({})", d.id));
        }
    }
    let abolition: Vec<&Card> = cards.iter().filter(|c| c.abolition).collect();
    if abolition.len() != 1 || abolition[0].deck != DeckId(0) || abolition[0].value != 5 {
        return Err(format!("{F}: the Abolition of Slavery is the one value-5 card of the Europe deck"));
    }
    if let Some(c) = cards
        .iter()
        .find(|c| c.disc != (c.value == 1 && !c.governor && decks[c.deck.index()].zone.is_region() && !c.slavery))
    {
        return Err(err(F, &c.id, "every regional value-1 card gives the extra disc (rulebook, Draw)"));
    }
    Ok((cards, decks))
}

fn load_tokens(file: TokensFile, report: &mut ContentReport) -> Result<Vec<u8>, String> {
    const F: &str = "tokens.toml";
    let order: Vec<TokenKind> = file.tokens.iter().map(|t| t.kind).collect();
    if order != TokenKind::ALL {
        return Err(format!(
            "{F}: one entry per kind of token, in the order industry, culture, economy, influence, occupy_draw, \
             ship_draw, payment, attack"
        ));
    }
    let mut counts = Vec::new();
    for t in file.tokens {
        let id = serde_json::to_value(t.kind).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        source(report, F, "trade token kind", &id, &t.source)?;
        counts.push(t.count);
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use imperia_core::ContentSet;

    use super::*;

    #[test]
    fn the_shipped_content_loads_and_keeps_the_seed_counts() {
        let c = ContentSet::<Content>::shipped();
        assert_eq!(c.tokens.iter().map(|&n| usize::from(n)).sum::<usize>(), 95, "components: 95 trade tokens");
        let tiles: usize = c.buildings.iter().filter(|b| !b.start).map(|b| usize::from(b.copies)).sum();
        assert_eq!(tiles, 49, "components: 49 building tiles");
        assert_eq!(c.buildings.iter().filter(|b| !b.start).count(), 19, "components: 19 kinds of building");
        assert_eq!(c.cards.iter().filter(|c| !c.governor).count(), 42, "components: 42 deal cards");
        assert_eq!(c.cards.iter().filter(|c| c.governor).count(), 6, "components: 6 governors");
        assert_eq!(c.decks.len(), 8, "components: 8 decks");
        assert_eq!(c.track(Attribute::Industry).level(5), 3, "Red's Industry 5 builds level 3");
        assert_eq!(c.track(Attribute::Culture).level(3), 3, "Yellow's Culture 3 grows 3");
        assert_eq!(c.track(Attribute::Economy).level(2), 2, "Blue's Economy 2 pays 2");
        assert_eq!(c.track(Attribute::Influence).level(3), 2, "Purple's Influence 3 keeps 2 cards");
        // Ruling E1: the 2009 bands on all four tracks, the scoring example's glory spaces (7, 10 and 12 yes,
        // 8 and 9 no), and above 15 a glory space every third value up to 30.
        let g = c.track(Attribute::Culture);
        assert_eq!((g.glory(7), g.glory(8), g.glory(9), g.glory(10), g.glory(12)), (7, 7, 7, 10, 12));
        assert_eq!((g.glory(17), g.glory(18), g.glory(29), g.glory(40)), (15, 18, 27, 30));
        for a in Attribute::ALL {
            assert_eq!(c.track(a).bands, [0, 2, 4, 7, 10], "{a}");
        }
    }

    /// Why the shipped files are refused with `from` replaced by `to` in `file`.
    fn refused(file: &str, from: &str, to: &str) -> String {
        let text = ContentFiles::shipped(Content::FILES).text(file).replacen(from, to, 1);
        ContentFiles::shipped(Content::FILES)
            .with_file(file, text)
            .and_then(|f| Content::parse(&f))
            .expect_err("the broken file must be refused")
    }

    /// Ruling E13: each side's round spaces add up to the tokens (a 96th token is refused), among the other
    /// checks every file passes.
    #[test]
    fn broken_files_are_refused_by_name() {
        let e = refused("tokens.toml", "count = 17", "count = 18");
        assert!(e.contains("96 tokens"), "{e}");
        let e = refused("buildings.toml", "copies = 5", "copies = 4");
        assert!(e.contains("starting tile") || e.contains("level"), "{e}");
        let e = refused("cards.toml", "value = 5", "value = 4");
        assert!(e.contains("deck must hold one card of each value"), "{e}");
        let e = refused("cards.toml", "abolition = true", "");
        assert!(e.contains("Abolition"), "{e}");
        let e = refused("tracks.toml", "bands = [0, 2, 4, 7, 10]", "bands = [1, 2, 4, 7, 10]");
        assert!(e.contains("tracks.toml, entry `industry`"), "{e}");
        let e = refused("board.toml", "kind = \"city\"", "kind = \"castle\"");
        assert!(e.starts_with("board.toml"), "{e}");
        let e = refused("buildings.toml", "level = 3", "levle = 3");
        assert!(e.contains("unknown field"), "{e}");
    }

    /// Ruling E4: every building with a Payment action shows the no-Payment icon, in the shipped files, and a
    /// file with one that does not is refused by name.
    #[test]
    fn payment_buildings_show_the_no_payment_icon() {
        let c = ContentSet::<Content>::shipped();
        let payers: Vec<&str> =
            c.buildings.iter().filter(|b| b.actions.contains(&ActKind::Payment)).map(|b| b.id.as_str()).collect();
        assert_eq!(payers, ["bank", "university", "exchange"]);
        assert!(c.buildings.iter().filter(|b| payers.contains(&b.id.as_str())).all(|b| b.salary_only));
        let e = refused("buildings.toml", "actions = [\"payment\"]\nsalary_only = true", "actions = [\"payment\"]");
        assert!(e.starts_with("buildings.toml, entry `bank`") && e.contains("no-Payment icon"), "{e}");
    }
}
