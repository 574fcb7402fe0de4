//! The components as data (`data/*.toml`): buildings and their double-sided tokens, cities, each colour's
//! units and rulers, the action spaces' frames and the items, the privilege, goal, opportunity and battle
//! cards, the exploration tokens, the capital tokens and the maps. The rulebook printed nearly all of it as
//! icons, so most entries are provisional; each says where it comes from in its `source`
//! (docs/rules/brazil-imperial.md §3 explains every choice).
//!
//! Every file is read into plain serde records (unknown fields refused), then into the runtime types below
//! with every reference resolved and the component counts checked; the first problem is reported with its
//! file and entry. Entries travel in records and views by their string ids ([`imperia_core::content_id!`]).

use std::collections::BTreeMap;
use std::fmt;

use imperia_core::content::{read_toml, unique_ids};
use imperia_core::{ContentFiles, ContentReport, GameContent, Source};
use serde::{Deserialize, Serialize};

use crate::map::{Map, MapRecord};

/// The six kinds of piece: four resources and two reserves («Резервы и Ресурсы»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Sugarcane,
    Coffee,
    Wood,
    Cotton,
    Gold,
    Science,
}

impl Piece {
    pub const ALL: [Piece; 6] =
        [Piece::Sugarcane, Piece::Coffee, Piece::Wood, Piece::Cotton, Piece::Gold, Piece::Science];
    pub const RESOURCES: [Piece; 4] = [Piece::Sugarcane, Piece::Coffee, Piece::Wood, Piece::Cotton];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn is_resource(self) -> bool {
        self.index() < 4
    }

    pub fn name(self) -> &'static str {
        match self {
            Piece::Sugarcane => "sugarcane",
            Piece::Coffee => "coffee",
            Piece::Wood => "wood",
            Piece::Cotton => "cotton",
            Piece::Gold => "gold",
            Piece::Science => "science",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counts of pieces, in [`Piece::ALL`] order; written as a table of the kinds present, `{ wood = 2 }`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bag(pub [u8; 6]);

impl Bag {
    pub fn of(piece: Piece, n: u8) -> Bag {
        let mut b = Bag::default();
        b.0[piece.index()] = n;
        b
    }

    pub fn get(&self, p: Piece) -> u8 {
        self.0[p.index()]
    }

    pub fn total(&self) -> u8 {
        self.0.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    pub fn add(&mut self, other: Bag) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    pub fn kinds(&self) -> impl Iterator<Item = Piece> + '_ {
        Piece::ALL.into_iter().filter(|&p| self.get(p) > 0)
    }

    /// The cheapest kind present: a resource before gold, gold before science (ruling B51).
    pub fn cheapest(&self) -> Option<Piece> {
        self.kinds().next()
    }
}

impl fmt::Display for Bag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let parts: Vec<String> = self.kinds().map(|p| format!("{} {p}", self.get(p))).collect();
        f.write_str(&parts.join(" + "))
    }
}

impl Serialize for Bag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<Piece, u8> = self.kinds().map(|p| (p, self.get(p))).collect();
        map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Bag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<Piece, u8>::deserialize(d)?;
        let mut b = Bag::default();
        for (p, n) in map {
            b.0[p.index()] = n;
        }
        Ok(b)
    }
}

/// A price: named pieces, plus some resources of the payer's choice (`resource = 1` in a file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cost {
    pub pieces: Bag,
    pub any: u8,
}

impl Cost {
    pub fn is_free(&self) -> bool {
        self.pieces.is_empty() && self.any == 0
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.pieces.is_empty(), self.any) {
            (true, 0) => f.write_str("free"),
            (true, n) => write!(f, "{}", imperia_core::words::count(n, "resource")),
            (false, 0) => write!(f, "{}", self.pieces),
            (false, n) => write!(f, "{} + {}", self.pieces, imperia_core::words::count(n, "resource")),
        }
    }
}

impl<'de> Deserialize<'de> for Cost {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u8>::deserialize(d)?;
        let mut c = Cost::default();
        for (k, n) in map {
            if k == "resource" {
                c.any = n;
            } else {
                let p: Piece = serde_json::from_value(serde_json::Value::String(k.clone()))
                    .map_err(|_| serde::de::Error::custom(format!("`{k}` is not a piece or `resource`")))?;
                c.pieces.0[p.index()] = n;
            }
        }
        Ok(c)
    }
}

/// A hex's printed terrain («Типы территорий»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Field,
    Forest,
    Gold,
    Water,
    Any,
}

impl Terrain {
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Field => "field",
            Terrain::Forest => "forest",
            Terrain::Gold => "gold deposit",
            Terrain::Water => "water",
            Terrain::Any => "any terrain",
        }
    }
}

/// The seven action spaces («Ход игрока»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    Recruit,
    Obtain,
    Build,
    Renew,
    Craft,
    Harbor,
    Market,
}

impl Space {
    pub const ALL: [Space; 7] =
        [Space::Recruit, Space::Obtain, Space::Build, Space::Renew, Space::Craft, Space::Harbor, Space::Market];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Space::Recruit => "Recruit",
            Space::Obtain => "Obtain",
            Space::Build => "Build",
            Space::Renew => "Renew",
            Space::Craft => "Craft",
            Space::Harbor => "Harbor",
            Space::Market => "Market",
        }
    }

    /// Harbor and Market give the battle bonus instead of an extra move («Дополнительные перемещения»).
    pub fn guards(self) -> bool {
        matches!(self, Space::Harbor | Space::Market)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An item's base and a space's frame («Изделия и улучшение ячеек действий»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Square,
    Pentagon,
    Octagon,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Back {
    Red,
    Pink,
    Blue,
}

impl Back {
    pub const ALL: [Back; 3] = [Back::Red, Back::Pink, Back::Blue];

    pub fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    None,
    Cities,
    Carries,
    Adjacent,
}

macro_rules! index_type {
    ($ty:ident, $list:ident, $what:literal, $example:literal) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $ty(pub u8);
        imperia_core::content_id!($ty, Content, $list, $what, $example);
    };
}

index_type!(BuildingId, buildings, "a building", "sawmill");
index_type!(CityId, cities, "a city", "vila_rica");
index_type!(ColourId, colours, "a colour", "green");
index_type!(UnitId, units, "a unit", "green_archers_1");
index_type!(RulerId, rulers, "a ruler", "pedro_ii");
index_type!(ItemId, items, "an item", "dye");
index_type!(PrivilegeId, privileges, "a privilege card", "guarani");
index_type!(GoalId, goals, "a goal card", "e1_outpost");
index_type!(OpportunityId, opportunities, "an opportunity card", "jesuits");
index_type!(BattleId, battle_cards, "a battle card", "guararapes");
index_type!(ExplorationId, exploration, "an exploration token", "manioc");
index_type!(MapId, maps, "a map", "guararapes");

pub struct Building {
    pub id: String,
    pub name: String,
    pub era: u8,
    pub terrain: Vec<Terrain>,
    pub cost: Cost,
    pub alt_cost: Option<Cost>,
    pub produces: Bag,
    pub vp: u8,
    /// The building on the token's other face.
    pub other: BuildingId,
    /// Which token kind carries it (an index into [`Content::tokens`]).
    pub token: usize,
}

impl Building {
    pub fn any_terrain(&self) -> bool {
        self.terrain.contains(&Terrain::Any)
    }

    /// Makes science, for the tie-break («Подсчёт очков»).
    pub fn makes_science(&self) -> bool {
        self.produces.get(Piece::Science) > 0
    }
}

pub struct TokenKind {
    pub front: BuildingId,
    pub back: BuildingId,
    pub count: u8,
}

pub struct City {
    pub id: String,
    pub name: String,
    pub vp: u8,
    pub cost: Cost,
}

pub struct Colour {
    pub id: String,
    pub name: String,
    pub nation: String,
    /// How a seat of this colour is named: "Green (Brazil)".
    pub label: String,
    pub rulers: Vec<RulerId>,
    pub units: Vec<UnitId>,
}

pub struct Unit {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub colour: ColourId,
    pub strength: u8,
    pub ability: Ability,
    pub cost: Cost,
}

/// The ten rulers, each an ability the rules know by its id («Планшеты правителей»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reign {
    #[serde(rename = "afonso_i")]
    AfonsoI,
    #[serde(rename = "isabella_i")]
    IsabellaI,
    #[serde(rename = "manuel_i")]
    ManuelI,
    Maurice,
    Napoleon,
    Victoria,
    Tibirica,
    #[serde(rename = "pedro_i")]
    PedroI,
    #[serde(rename = "pedro_ii")]
    PedroII,
    #[serde(rename = "oba_ii")]
    ObaII,
}

pub struct Ruler {
    pub id: String,
    pub name: String,
    pub colour: ColourId,
    pub reign: Reign,
    pub text: String,
}

pub struct Item {
    pub id: String,
    pub name: String,
    pub shape: Shape,
    pub cost: Cost,
    pub vp: u8,
}

/// What a privilege card does while its holder keeps it («Карты привилегий»; §3.5 of the rulings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Privilege {
    /// Every building of the kind makes one more of the piece, at once and from then on.
    Production(BuildingId, Piece),
    BuildDiscount,
    DoubleBuild,
    MarketBonus,
    AnyFrame,
    AnyTerrain,
    Coroados,
    Museum(u8),
    CraftDiscount,
    RecruitDiscount,
    VpPerUniversity(u8),
    Camarao,
    Arariboia,
    Quiteria,
    IsabelBraganca,
    VpPerGoal,
    Caxias,
    CityDiscount,
    Instant(Bag),
}

pub struct PrivilegeCard {
    pub id: String,
    pub name: String,
    pub back: Back,
    pub cost: Cost,
    pub vp: u8,
    pub effect: Privilege,
    pub text: String,
}

/// One condition of a goal («Эпохи и карты целей»; the provisional cards of §3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    Units(u8),
    Controls(BuildingId, u8),
    Buildings(u8),
    BuildingKinds(u8),
    Cities(u8),
    Items(u8),
    ItemsShape(Shape, u8),
    Privileges(u8),
    PrivilegesBack(u8),
    Supply(u8),
}

pub struct Task {
    pub vp: u8,
    pub conditions: Vec<Condition>,
}

pub struct Goal {
    pub id: String,
    pub name: String,
    pub era: u8,
    /// One task for eras I and II; three for era III, each scored on its own (ruling B25).
    pub tasks: Vec<Task>,
}

/// What an opportunity card does when played (§3.7); any of them may also pay as 1 gold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opportunity {
    Jesuits,
    /// A condition (with its count, for units on the map) and the reward it pays.
    War(WarCondition, u8, Reward),
    ExtraAction(Space),
    ExtraMove,
    Resources(u8),
    Vp(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarCondition {
    WonBattle,
    Occupies,
    UnitsOnMap,
    Explored,
}

/// A reward: pieces, VP, a battle card, or resources of the taker's choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reward {
    #[serde(default)]
    pub vp: u8,
    #[serde(default)]
    pub gold: u8,
    #[serde(default)]
    pub science: u8,
    #[serde(default)]
    pub resource: u8,
    #[serde(default)]
    pub battle_card: u8,
}

impl fmt::Display for Reward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use imperia_core::words::count;
        let mut parts = Vec::new();
        for (n, what) in [
            (self.vp, "VP"),
            (self.gold, "gold"),
            (self.science, "science"),
            (self.resource, "resource"),
            (self.battle_card, "battle card"),
        ] {
            if n > 0 {
                parts.push(if what == "VP" || what == "gold" || what == "science" {
                    format!("{n} {what}")
                } else {
                    count(n, what)
                });
            }
        }
        f.write_str(&parts.join(" + "))
    }
}

pub struct OpportunityCard {
    pub id: String,
    pub name: String,
    pub effect: Opportunity,
    pub text: String,
}

/// A battle card's effect («Карты боя»; the provisional deck of §3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Tactic {
    Plus { value: u8 },
    Defending { value: u8 },
    Forest { value: u8 },
    Massed { value: u8, units: u8 },
    Cancel,
    Rally { value: u8 },
    Gaston,
    Sepe,
}

pub struct BattleCard {
    pub id: String,
    pub name: String,
    pub tactic: Tactic,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Find {
    RareSpecies,
    Manioc,
    MinasGerais,
    Culture,
    RiverBasin,
    Quilombo,
    Expedition,
}

pub struct Exploration {
    pub id: String,
    pub name: String,
    pub find: Find,
    pub strength: u8,
    pub reward: Reward,
    pub text: String,
}

pub struct CapitalToken {
    pub id: String,
    pub first: bool,
    pub gives: Bag,
}

/// The loaded content. Lists hold one entry per kind; `copies` live in the decks' and pools' lists.
pub struct Content {
    pub buildings: Vec<Building>,
    pub tokens: Vec<TokenKind>,
    pub cities: Vec<City>,
    pub colours: Vec<Colour>,
    pub units: Vec<Unit>,
    pub rulers: Vec<Ruler>,
    /// Each space's frame, in [`Space::ALL`] order (Market has none).
    pub frames: [Option<Shape>; 7],
    pub items: Vec<Item>,
    pub privileges: Vec<PrivilegeCard>,
    pub goals: Vec<Goal>,
    pub opportunities: Vec<OpportunityCard>,
    /// The opportunity deck, one entry per card.
    pub opportunity_deck: Vec<OpportunityId>,
    pub battle_cards: Vec<BattleCard>,
    pub battle_deck: Vec<BattleId>,
    pub exploration: Vec<Exploration>,
    pub exploration_pool: Vec<ExplorationId>,
    pub capital_tokens: Vec<CapitalToken>,
    pub maps: Vec<Map>,
    report: ContentReport,
}

impl Content {
    pub fn building(&self, b: BuildingId) -> &Building {
        &self.buildings[b.index()]
    }

    pub fn unit(&self, u: UnitId) -> &Unit {
        &self.units[u.index()]
    }

    pub fn privilege(&self, p: PrivilegeId) -> &PrivilegeCard {
        &self.privileges[p.index()]
    }

    pub fn goal(&self, g: GoalId) -> &Goal {
        &self.goals[g.index()]
    }

    pub fn battle(&self, b: BattleId) -> &BattleCard {
        &self.battle_cards[b.index()]
    }

    pub fn opportunity(&self, o: OpportunityId) -> &OpportunityCard {
        &self.opportunities[o.index()]
    }

    pub fn map(&self, m: MapId) -> &Map {
        &self.maps[m.index()]
    }

    pub fn building_named(&self, id: &str) -> Option<BuildingId> {
        self.buildings.iter().position(|b| b.id == id).map(|i| BuildingId(i as u8))
    }
}

// ---- the files as written ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildingsFile {
    buildings: Vec<BuildingRecord>,
    tokens: Vec<TokenRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildingRecord {
    id: String,
    name: String,
    era: u8,
    terrain: Vec<Terrain>,
    cost: Cost,
    alt_cost: Option<Cost>,
    produces: Bag,
    vp: u8,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenRecord {
    front: String,
    back: String,
    count: u8,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CitiesFile {
    cities: Vec<CityRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CityRecord {
    id: String,
    name: String,
    vp: u8,
    cost: Cost,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitsFile {
    colours: Vec<ColourRecord>,
    units: Vec<UnitRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColourRecord {
    id: String,
    name: String,
    nation: String,
    rulers: Vec<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitRecord {
    id: String,
    colour: String,
    kind: String,
    name: String,
    strength: u8,
    ability: Ability,
    cost: Cost,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulersFile {
    rulers: Vec<RulerRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulerRecord {
    id: String,
    name: String,
    colour: String,
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemsFile {
    spaces: Vec<SpaceRecord>,
    items: Vec<ItemRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceRecord {
    id: Space,
    /// The space's name as the file writes it; the rules name spaces themselves ([`Space::name`]).
    #[allow(dead_code)]
    name: String,
    frame: Option<Shape>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemRecord {
    id: String,
    name: String,
    shape: Shape,
    cost: Cost,
    vp: u8,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrivilegesFile {
    privileges: Vec<PrivilegeRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrivilegeRecord {
    id: String,
    name: String,
    back: Back,
    cost: Cost,
    vp: u8,
    effect: PrivilegeEffect,
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum PrivilegeEffect {
    Production { building: String, piece: Piece },
    BuildDiscount,
    DoubleBuild,
    MarketBonus,
    AnyFrame,
    AnyTerrain,
    Coroados,
    Museum { items: u8 },
    CraftDiscount,
    RecruitDiscount,
    VpPerUniversity { vp: u8 },
    Camarao,
    Arariboia,
    Quiteria,
    IsabelBraganca,
    VpPerGoal,
    Caxias,
    CityDiscount,
    Instant { gives: Bag },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoalsFile {
    goals: Vec<GoalRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoalRecord {
    id: String,
    name: String,
    era: u8,
    vp: Option<u8>,
    conditions: Option<Vec<ConditionRecord>>,
    tasks: Option<Vec<TaskRecord>>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TaskRecord {
    vp: u8,
    conditions: Vec<ConditionRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConditionRecord {
    kind: String,
    count: u8,
    building: Option<String>,
    shape: Option<Shape>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    opportunities: Vec<OpportunityRecord>,
    battle_cards: Vec<BattleRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpportunityRecord {
    id: String,
    name: String,
    copies: u8,
    effect: OpportunityEffect,
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum OpportunityEffect {
    Jesuits,
    War {
        condition: WarCondition,
        #[serde(default)]
        count: u8,
        reward: Reward,
    },
    ExtraAction {
        space: Space,
    },
    ExtraMove,
    Resources {
        count: u8,
    },
    Vp {
        vp: u8,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BattleRecord {
    id: String,
    name: String,
    copies: u8,
    effect: Tactic,
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplorationFile {
    exploration: Vec<ExplorationRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplorationRecord {
    id: String,
    name: String,
    kind: Find,
    copies: u8,
    strength: Option<u8>,
    reward: Option<Reward>,
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CapitalsFile {
    capital_tokens: Vec<CapitalRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CapitalRecord {
    id: String,
    #[serde(default)]
    first: bool,
    gives: Bag,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapsFile {
    maps: Vec<MapRecord>,
}

fn source(file: &str, id: &str, s: &str, report: &mut ContentReport, kind: &str) -> Result<(), String> {
    let src = Source::parse(s).map_err(|e| format!("{file}: `{id}`: {e}"))?;
    report.add(kind, id, src);
    Ok(())
}

fn find<T>(file: &str, what: &str, list: &[T], id: &str, key: impl Fn(&T) -> &str) -> Result<usize, String> {
    list.iter().position(|e| key(e) == id).ok_or_else(|| format!("{file}: there is no {what} `{id}`"))
}

fn expect_count(file: &str, what: &str, found: usize, wanted: usize, why: &str) -> Result<(), String> {
    if found == wanted { Ok(()) } else { Err(format!("{file}: {found} {what}, but the game has {wanted} ({why})")) }
}

fn load(files: &ContentFiles) -> Result<Content, String> {
    let mut report = ContentReport::default();

    let f = "buildings.toml";
    let bf: BuildingsFile = read_toml(f, files.text(f))?;
    unique_ids(f, "buildings", bf.buildings.iter().map(|b| b.id.as_str()))?;
    let mut buildings = Vec::new();
    for b in &bf.buildings {
        source(f, &b.id, &b.source, &mut report, "building")?;
        if !(1..=3).contains(&b.era) || b.terrain.is_empty() || b.produces.is_empty() {
            return Err(format!("{f}: `{}` needs an era from 1 to 3, a terrain and a production", b.id));
        }
        buildings.push(Building {
            id: b.id.clone(),
            name: b.name.clone(),
            era: b.era,
            terrain: b.terrain.clone(),
            cost: b.cost,
            alt_cost: b.alt_cost,
            produces: b.produces,
            vp: b.vp,
            other: BuildingId(0),
            token: usize::MAX,
        });
    }
    let mut tokens = Vec::new();
    for (i, t) in bf.tokens.iter().enumerate() {
        let key = format!("{}/{}", t.front, t.back);
        source(f, &key, &t.source, &mut report, "building token")?;
        let front = find(f, "building", &buildings, &t.front, |b| &b.id)?;
        let back = find(f, "building", &buildings, &t.back, |b| &b.id)?;
        for (a, b) in [(front, back), (back, front)] {
            if buildings[a].token != usize::MAX {
                return Err(format!("{f}: `{}` is on two token kinds", buildings[a].id));
            }
            buildings[a].token = i;
            buildings[a].other = BuildingId(b as u8);
        }
        tokens.push(TokenKind { front: BuildingId(front as u8), back: BuildingId(back as u8), count: t.count });
    }
    if let Some(b) = buildings.iter().find(|b| b.token == usize::MAX) {
        return Err(format!("{f}: `{}` is on no token", b.id));
    }
    expect_count(f, "building types", buildings.len(), 8, "«Постройки и города»")?;
    expect_count(f, "building tokens", tokens.iter().map(|t| usize::from(t.count)).sum(), 50, "«Компоненты»")?;

    let f = "cities.toml";
    let cf: CitiesFile = read_toml(f, files.text(f))?;
    unique_ids(f, "cities", cf.cities.iter().map(|c| c.id.as_str()))?;
    let mut cities = Vec::new();
    for c in &cf.cities {
        source(f, &c.id, &c.source, &mut report, "city")?;
        cities.push(City { id: c.id.clone(), name: c.name.clone(), vp: c.vp, cost: c.cost });
    }
    expect_count(f, "cities", cities.len(), 8, "«Компоненты»: two stacks of four")?;

    let f = "rulers.toml";
    let rf: RulersFile = read_toml(f, files.text(f))?;
    unique_ids(f, "rulers", rf.rulers.iter().map(|r| r.id.as_str()))?;

    let f = "units.toml";
    let uf: UnitsFile = read_toml(f, files.text(f))?;
    unique_ids(f, "colours", uf.colours.iter().map(|c| c.id.as_str()))?;
    unique_ids(f, "units", uf.units.iter().map(|u| u.id.as_str()))?;
    let mut colours = Vec::new();
    for c in &uf.colours {
        source(f, &c.id, &c.source, &mut report, "colour")?;
        let rulers = c
            .rulers
            .iter()
            .map(|r| find(f, "ruler", &rf.rulers, r, |x| &x.id).map(|i| RulerId(i as u8)))
            .collect::<Result<Vec<_>, _>>()?;
        colours.push(Colour {
            id: c.id.clone(),
            name: c.name.clone(),
            nation: c.nation.clone(),
            label: format!("{} ({})", c.name, c.nation),
            rulers,
            units: vec![],
        });
    }
    expect_count(f, "colours", colours.len(), 4, "«Компоненты»")?;
    let mut units = Vec::new();
    for (i, u) in uf.units.iter().enumerate() {
        source(f, &u.id, &u.source, &mut report, "unit")?;
        let colour = find(f, "colour", &colours, &u.colour, |c| &c.id)?;
        colours[colour].units.push(UnitId(i as u8));
        if !(1..=5).contains(&u.strength) {
            return Err(format!("{f}: `{}` has strength {}; a laurel shows 1 to 5 («Цель игры»)", u.id, u.strength));
        }
        units.push(Unit {
            id: u.id.clone(),
            name: u.name.clone(),
            kind: u.kind.clone(),
            colour: ColourId(colour as u8),
            strength: u.strength,
            ability: u.ability,
            cost: u.cost,
        });
    }
    for c in &colours {
        expect_count(f, &format!("units of {}", c.id), c.units.len(), 5, "«Военные отряды»: five per colour")?;
        if !c.units.iter().any(|&u| units[u.index()].ability == Ability::Cities) {
            return Err(format!("{f}: {} has no unit that founds cities; every colour needs one", c.id));
        }
    }

    let f = "rulers.toml";
    let mut rulers = Vec::new();
    for r in &rf.rulers {
        source(f, &r.id, &r.source, &mut report, "ruler")?;
        let colour = find(f, "colour", &colours, &r.colour, |c| &c.id)?;
        let reign: Reign = serde_json::from_value(serde_json::Value::String(r.id.clone()))
            .map_err(|_| format!("{f}: `{}` is not one of the ten rulers the rules know", r.id))?;
        if !colours[colour].rulers.contains(&RulerId(rulers.len() as u8)) {
            return Err(format!("{f}: `{}` is not among {}'s rulers in units.toml", r.id, r.colour));
        }
        rulers.push(Ruler {
            id: r.id.clone(),
            name: r.name.clone(),
            colour: ColourId(colour as u8),
            reign,
            text: r.text.clone(),
        });
    }
    expect_count(f, "rulers", rulers.len(), 10, "«Планшеты правителей»")?;

    let f = "items.toml";
    let itf: ItemsFile = read_toml(f, files.text(f))?;
    let mut frames = [None; 7];
    for s in &itf.spaces {
        source(f, s.id.name(), &s.source, &mut report, "action space")?;
        frames[s.id.index()] = s.frame;
    }
    expect_count(f, "action spaces", itf.spaces.len(), 7, "«Ход игрока»")?;
    if frames[Space::Market.index()].is_some() {
        return Err(format!("{f}: the Market cannot be upgraded, so it has no frame"));
    }
    unique_ids(f, "items", itf.items.iter().map(|i| i.id.as_str()))?;
    let mut items = Vec::new();
    for i in &itf.items {
        source(f, &i.id, &i.source, &mut report, "item")?;
        items.push(Item { id: i.id.clone(), name: i.name.clone(), shape: i.shape, cost: i.cost, vp: i.vp });
    }
    expect_count(f, "items", items.len(), 6, "«Компоненты»: six per player")?;

    let f = "privileges.toml";
    let pf: PrivilegesFile = read_toml(f, files.text(f))?;
    unique_ids(f, "privilege cards", pf.privileges.iter().map(|p| p.id.as_str()))?;
    let mut privileges = Vec::new();
    for p in &pf.privileges {
        source(f, &p.id, &p.source, &mut report, "privilege card")?;
        let effect = match &p.effect {
            PrivilegeEffect::Production { building, piece } => {
                Privilege::Production(BuildingId(find(f, "building", &buildings, building, |b| &b.id)? as u8), *piece)
            }
            PrivilegeEffect::BuildDiscount => Privilege::BuildDiscount,
            PrivilegeEffect::DoubleBuild => Privilege::DoubleBuild,
            PrivilegeEffect::MarketBonus => Privilege::MarketBonus,
            PrivilegeEffect::AnyFrame => Privilege::AnyFrame,
            PrivilegeEffect::AnyTerrain => Privilege::AnyTerrain,
            PrivilegeEffect::Coroados => Privilege::Coroados,
            PrivilegeEffect::Museum { items } => Privilege::Museum(*items),
            PrivilegeEffect::CraftDiscount => Privilege::CraftDiscount,
            PrivilegeEffect::RecruitDiscount => Privilege::RecruitDiscount,
            PrivilegeEffect::VpPerUniversity { vp } => Privilege::VpPerUniversity(*vp),
            PrivilegeEffect::Camarao => Privilege::Camarao,
            PrivilegeEffect::Arariboia => Privilege::Arariboia,
            PrivilegeEffect::Quiteria => Privilege::Quiteria,
            PrivilegeEffect::IsabelBraganca => Privilege::IsabelBraganca,
            PrivilegeEffect::VpPerGoal => Privilege::VpPerGoal,
            PrivilegeEffect::Caxias => Privilege::Caxias,
            PrivilegeEffect::CityDiscount => Privilege::CityDiscount,
            PrivilegeEffect::Instant { gives } => Privilege::Instant(*gives),
        };
        privileges.push(PrivilegeCard {
            id: p.id.clone(),
            name: p.name.clone(),
            back: p.back,
            cost: p.cost,
            vp: p.vp,
            effect,
            text: p.text.clone(),
        });
    }
    for back in Back::ALL {
        let n = privileges.iter().filter(|p| p.back == back).count();
        expect_count(f, &format!("{back:?} privilege cards"), n, 8, "«Компоненты»: 24 in three backs")?;
    }

    let f = "goals.toml";
    let gf: GoalsFile = read_toml(f, files.text(f))?;
    unique_ids(f, "goals", gf.goals.iter().map(|g| g.id.as_str()))?;
    let condition = |id: &str, c: &ConditionRecord| -> Result<Condition, String> {
        let n = c.count;
        Ok(match c.kind.as_str() {
            "units" => Condition::Units(n),
            "controls" => {
                let b = c.building.as_deref().ok_or_else(|| format!("{f}: `{id}`: `controls` needs a building"))?;
                Condition::Controls(BuildingId(find(f, "building", &buildings, b, |x| &x.id)? as u8), n)
            }
            "buildings" => Condition::Buildings(n),
            "building_kinds" => Condition::BuildingKinds(n),
            "cities" => Condition::Cities(n),
            "items" => Condition::Items(n),
            "items_shape" => {
                Condition::ItemsShape(c.shape.ok_or_else(|| format!("{f}: `{id}`: `items_shape` needs a shape"))?, n)
            }
            "privileges" => Condition::Privileges(n),
            "privileges_back" => Condition::PrivilegesBack(n),
            "supply" => Condition::Supply(n),
            other => return Err(format!("{f}: `{id}`: unknown condition `{other}`")),
        })
    };
    let mut goals = Vec::new();
    for g in &gf.goals {
        source(f, &g.id, &g.source, &mut report, "goal card")?;
        let conds = |list: &[ConditionRecord]| list.iter().map(|c| condition(&g.id, c)).collect::<Result<Vec<_>, _>>();
        let tasks = match (g.era, g.vp, &g.conditions, &g.tasks) {
            (1 | 2, Some(vp), Some(c), None) => vec![Task { vp, conditions: conds(c)? }],
            (3, None, None, Some(t)) if t.len() == 3 => t
                .iter()
                .map(|t| Ok(Task { vp: t.vp, conditions: conds(&t.conditions)? }))
                .collect::<Result<_, String>>()?,
            _ => {
                return Err(format!(
                    "{f}: `{}`: an era-I or era-II goal has `vp` and `conditions`; an era-III goal has three `tasks`",
                    g.id
                ));
            }
        };
        goals.push(Goal { id: g.id.clone(), name: g.name.clone(), era: g.era, tasks });
    }
    for era in 1..=3 {
        let n = goals.iter().filter(|g| g.era == era).count();
        expect_count(f, &format!("era-{era} goals"), n, 8, "«Компоненты»: 24 in three eras")?;
    }

    let f = "cards.toml";
    let kf: CardsFile = read_toml(f, files.text(f))?;
    unique_ids(f, "opportunity cards", kf.opportunities.iter().map(|o| o.id.as_str()))?;
    unique_ids(f, "battle cards", kf.battle_cards.iter().map(|o| o.id.as_str()))?;
    let mut opportunities = Vec::new();
    let mut opportunity_deck = Vec::new();
    for o in &kf.opportunities {
        source(f, &o.id, &o.source, &mut report, "opportunity card")?;
        let effect = match o.effect {
            OpportunityEffect::Jesuits => Opportunity::Jesuits,
            OpportunityEffect::War { condition, count, reward } => Opportunity::War(condition, count, reward),
            OpportunityEffect::ExtraAction { space } => Opportunity::ExtraAction(space),
            OpportunityEffect::ExtraMove => Opportunity::ExtraMove,
            OpportunityEffect::Resources { count } => Opportunity::Resources(count),
            OpportunityEffect::Vp { vp } => Opportunity::Vp(vp),
        };
        let id = OpportunityId(opportunities.len() as u8);
        opportunity_deck.extend(std::iter::repeat_n(id, usize::from(o.copies)));
        opportunities.push(OpportunityCard { id: o.id.clone(), name: o.name.clone(), effect, text: o.text.clone() });
    }
    expect_count(f, "opportunity cards", opportunity_deck.len(), 20, "«Компоненты»")?;
    let mut battle_cards = Vec::new();
    let mut battle_deck = Vec::new();
    for b in &kf.battle_cards {
        source(f, &b.id, &b.source, &mut report, "battle card")?;
        let id = BattleId(battle_cards.len() as u8);
        battle_deck.extend(std::iter::repeat_n(id, usize::from(b.copies)));
        battle_cards.push(BattleCard {
            id: b.id.clone(),
            name: b.name.clone(),
            tactic: b.effect,
            text: b.text.clone(),
        });
    }
    expect_count(f, "battle cards", battle_deck.len(), 24, "«Компоненты»")?;

    let f = "exploration.toml";
    let ef: ExplorationFile = read_toml(f, files.text(f))?;
    unique_ids(f, "exploration tokens", ef.exploration.iter().map(|e| e.id.as_str()))?;
    let mut exploration = Vec::new();
    let mut exploration_pool = Vec::new();
    for e in &ef.exploration {
        source(f, &e.id, &e.source, &mut report, "exploration token")?;
        if (e.kind == Find::Expedition) != (e.strength.is_some() && e.reward.is_some()) {
            return Err(format!("{f}: `{}`: an expedition, and only an expedition, has a strength and a reward", e.id));
        }
        let id = ExplorationId(exploration.len() as u8);
        exploration_pool.extend(std::iter::repeat_n(id, usize::from(e.copies)));
        exploration.push(Exploration {
            id: e.id.clone(),
            name: e.name.clone(),
            find: e.kind,
            strength: e.strength.unwrap_or(0),
            reward: e.reward.unwrap_or_default(),
            text: e.text.clone(),
        });
    }
    expect_count(f, "exploration tokens", exploration_pool.len(), 18, "«Компоненты»")?;

    let f = "capitals.toml";
    let capf: CapitalsFile = read_toml(f, files.text(f))?;
    let mut capital_tokens = Vec::new();
    for c in &capf.capital_tokens {
        source(f, &c.id, &c.source, &mut report, "capital token")?;
        capital_tokens.push(CapitalToken { id: c.id.clone(), first: c.first, gives: c.gives });
    }
    expect_count(f, "capital tokens", capital_tokens.len(), 4, "«Компоненты»")?;
    if capital_tokens.first().is_none_or(|c| !c.first) || capital_tokens.iter().filter(|c| c.first).count() != 1 {
        return Err(format!("{f}: the first capital token, and only it, is the \"1\" token"));
    }

    let f = "maps.toml";
    let mf: MapsFile = read_toml(f, files.text(f))?;
    unique_ids(f, "maps", mf.maps.iter().map(|m| m.id.as_str()))?;
    let mut maps = Vec::new();
    for m in &mf.maps {
        let map = Map::build(m, exploration_pool.len()).map_err(|e| format!("{f}: `{}`: {e}", m.id))?;
        // A rulebook scenario is listed as one, by its own id; another map as a map.
        match &map.scenario {
            Some(id) => source(f, id, &m.source, &mut report, "scenario")?,
            None => source(f, &m.id, &m.source, &mut report, "map of no scenario")?,
        }
        maps.push(map);
    }
    unique_ids(f, "scenarios", maps.iter().filter_map(|m| m.scenario.as_deref()))?;
    for players in 1..=4 {
        if !maps.iter().any(|m| m.players == players) {
            return Err(format!("{f}: no map for {players} (every count from 1 to 4 needs one)"));
        }
    }

    Ok(Content {
        buildings,
        tokens,
        cities,
        colours,
        units,
        rulers,
        frames,
        items,
        privileges,
        goals,
        opportunities,
        opportunity_deck,
        battle_cards,
        battle_deck,
        exploration,
        exploration_pool,
        capital_tokens,
        maps,
        report,
    })
}

impl GameContent for Content {
    const FILES: &'static [(&'static str, &'static str)] = &[
        ("buildings.toml", include_str!("../data/buildings.toml")),
        ("cities.toml", include_str!("../data/cities.toml")),
        ("units.toml", include_str!("../data/units.toml")),
        ("rulers.toml", include_str!("../data/rulers.toml")),
        ("items.toml", include_str!("../data/items.toml")),
        ("privileges.toml", include_str!("../data/privileges.toml")),
        ("goals.toml", include_str!("../data/goals.toml")),
        ("cards.toml", include_str!("../data/cards.toml")),
        ("exploration.toml", include_str!("../data/exploration.toml")),
        ("capitals.toml", include_str!("../data/capitals.toml")),
        ("maps.toml", include_str!("../data/maps.toml")),
    ];

    fn parse(files: &ContentFiles) -> Result<Self, String> {
        load(files)
    }

    fn report(&self) -> ContentReport {
        self.report.clone()
    }

    /// The components as a client draws them: every map's hexes (with the real frame they were drawn
    /// from), and the names, costs and texts of buildings, cities, units, rulers, items, spaces and cards.
    /// The view's ids refer to these.
    fn board(&self) -> serde_json::Value {
        use serde_json::json;
        let cost = |c: &Cost| c.to_string();
        json!({
            "maps": self.maps.iter().map(|m| json!({
                "id": m.id, "name": m.name, "players": m.players, "water_rule": m.water_rule,
                "scenario": m.scenario, "battle": m.battle, "rules": m.rules,
                "lon0": m.lon0, "lat0": m.lat0, "step": m.step,
                "hexes": m.hexes.iter().enumerate().map(|(i, h)| json!({
                    "hex": h.to_string(), "r": h.r, "c": h.c, "cell": m.cells[i], "edge": m.is_edge(i),
                })).collect::<Vec<_>>(),
                "places": m.places,
            })).collect::<Vec<_>>(),
            "buildings": self.buildings.iter().map(|b| json!({
                "id": b.id, "name": b.name, "era": b.era, "terrain": b.terrain, "cost": cost(&b.cost),
                "alt_cost": b.alt_cost.as_ref().map(cost), "produces": b.produces.to_string(), "vp": b.vp,
                "other": self.buildings[b.other.index()].id,
            })).collect::<Vec<_>>(),
            "cities": self.cities.iter().map(|c| json!({"id": c.id, "name": c.name, "vp": c.vp, "cost": cost(&c.cost)})).collect::<Vec<_>>(),
            "colours": self.colours.iter().map(|c| json!({
                "id": c.id, "name": c.name, "nation": c.nation,
                "units": c.units.iter().map(|u| self.units[u.index()].id.clone()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "units": self.units.iter().map(|u| json!({
                "id": u.id, "name": u.name, "kind": u.kind, "strength": u.strength, "ability": u.ability,
                "cost": cost(&u.cost), "colour": self.colours[u.colour.index()].id,
            })).collect::<Vec<_>>(),
            "rulers": self.rulers.iter().map(|r| json!({"id": r.id, "name": r.name, "text": r.text})).collect::<Vec<_>>(),
            "spaces": Space::ALL.iter().map(|s| json!({"id": s, "name": s.name(), "frame": self.frames[s.index()]})).collect::<Vec<_>>(),
            "items": self.items.iter().map(|i| json!({"id": i.id, "name": i.name, "shape": i.shape, "cost": cost(&i.cost), "vp": i.vp})).collect::<Vec<_>>(),
            "privileges": self.privileges.iter().map(|p| json!({
                "id": p.id, "name": p.name, "back": p.back, "cost": cost(&p.cost), "vp": p.vp, "text": p.text,
            })).collect::<Vec<_>>(),
            "goals": self.goals.iter().map(|g| json!({
                "id": g.id, "name": g.name, "era": g.era,
                "tasks": g.tasks.iter().map(|t| json!({
                    "vp": t.vp, "conditions": t.conditions.iter().map(|c| self.condition_text(*c)).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "opportunities": self.opportunities.iter().map(|o| json!({"id": o.id, "name": o.name, "text": o.text})).collect::<Vec<_>>(),
            "battle_cards": self.battle_cards.iter().map(|b| json!({"id": b.id, "name": b.name, "text": b.text})).collect::<Vec<_>>(),
            "exploration": self.exploration.iter().map(|e| json!({
                "id": e.id, "name": e.name, "kind": e.find, "text": e.text,
                "strength": (e.strength > 0).then_some(e.strength),
            })).collect::<Vec<_>>(),
            "capital_tokens": self.capital_tokens.iter().map(|t| json!({"id": t.id, "first": t.first, "gives": t.gives.to_string()})).collect::<Vec<_>>(),
        })
    }
}

impl Content {
    /// A goal's condition in words.
    pub fn condition_text(&self, c: Condition) -> String {
        use imperia_core::words::count;
        match c {
            Condition::Units(n) => format!("{} on the map", count(n, "unit")),
            Condition::Controls(b, n) => {
                format!("control {}", count(n, &self.buildings[b.index()].name.to_lowercase()))
            }
            Condition::Buildings(n) => format!("control {}", count(n, "building")),
            Condition::BuildingKinds(n) => format!("control {n} different kinds of building"),
            Condition::Cities(n) => format!("{} you founded", count(n, "city")),
            Condition::Items(n) => format!("{} crafted", count(n, "item")),
            Condition::ItemsShape(s, n) => format!("{n} {s:?} items crafted").to_lowercase(),
            Condition::Privileges(n) => count(n, "privilege card"),
            Condition::PrivilegesBack(n) => format!("{} of one back", count(n, "privilege card")),
            Condition::Supply(n) => format!("{} in your personal supply", count(n, "piece")),
        }
    }
}
