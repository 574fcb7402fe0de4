//! The components as data: the six major powers' cards, the minor powers, the map of Europe and its seas,
//! the characters, the deck and the treasures, and the tables (docs/rules/virgin-queen.md §4). The excerpt
//! prints almost none of it, so most entries are provisional; each says so in its `source`.
//!
//! Every file is read into plain serde records (unknown fields refused) and then into the runtime types
//! below, with every reference resolved; the first problem found is reported with its file and entry.
//! Content entries travel in records and views by their string ids ([`imperia_core::content_id!`]).

use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use imperia_core::content::{read_toml, unique_ids};
use imperia_core::{ContentFiles, ContentReport, ContentSet, GameContent, Source};
use serde::{Deserialize, Serialize};

/// The six major powers (§8–§9 name each of them), in the provisional Impulse Order (ruling R38).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    Ottoman,
    Spain,
    England,
    France,
    Hre,
    Protestant,
}

impl Power {
    pub const ALL: [Power; 6] =
        [Power::Ottoman, Power::Spain, Power::England, Power::France, Power::Hre, Power::Protestant];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Power::Ottoman => "the Ottoman",
            Power::Spain => "Spain",
            Power::England => "England",
            Power::France => "France",
            Power::Hre => "the HRE",
            Power::Protestant => "the Protestant",
        }
    }

    /// The name at the start of a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Power::Ottoman => "The Ottoman",
            Power::Hre => "The HRE",
            Power::Protestant => "The Protestant",
            p => p.name(),
        }
    }

    /// Its id, as views, records and the board spell it.
    pub fn id(self) -> &'static str {
        match self {
            Power::Ottoman => "ottoman",
            Power::Spain => "spain",
            Power::England => "england",
            Power::France => "france",
            Power::Hre => "hre",
            Power::Protestant => "protestant",
        }
    }

    fn parse(id: &str) -> Option<Power> {
        Power::ALL.into_iter().find(|p| p.id() == id)
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A minor power, by its place in `powers.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MinorId(pub u8);
imperia_core::content_id!(MinorId, Content, minors, "a minor power", "venice");

/// A space of the map of Europe, by its place in `map.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpaceId(pub u8);
imperia_core::content_id!(SpaceId, Content, spaces, "a space", "madrid");

/// A sea zone, by its place in `map.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeaId(pub u8);
imperia_core::content_id!(SeaId, Content, seas, "a sea zone", "north_sea");

/// A colony site of the World Map, by its place in `map.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SiteId(pub u8);
imperia_core::content_id!(SiteId, Content, sites, "a colony site", "roanoke");

/// A card, by its place in `cards.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(pub u8);
imperia_core::content_id!(CardId, Content, cards, "a card", "dragut_falls");

/// A treasure counter, by its place in `cards.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TreasureId(pub u8);
imperia_core::content_id!(TreasureId, Content, treasures, "a treasure", "treasure_01");

/// An army or naval leader, by its place in `characters.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeaderId(pub u8);
imperia_core::content_id!(LeaderId, Content, leaders, "a leader", "alba");

/// A royal, by its place in `characters.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoyalId(pub u8);
imperia_core::content_id!(RoyalId, Content, royals, "a royal", "mary_queen_of_scots");

/// An artist or scientist of the Patronage Chart, by its place in `characters.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PatronId(pub u8);
imperia_core::content_id!(PatronId, Content, patrons, "an artist or scientist", "mercator");

/// A sea captain, by its place in `characters.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CaptainId(pub u8);
imperia_core::content_id!(CaptainId, Content, captains, "a sea captain", "hawkins");

/// Who a space belongs to, or whom a war is with: a major power or a minor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    Major(Power),
    Minor(MinorId),
}

impl Owner {
    pub fn major(self) -> Option<Power> {
        match self {
            Owner::Major(p) => Some(p),
            Owner::Minor(_) => None,
        }
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Owner::Major(p) => p.fmt(f),
            Owner::Minor(m) => m.fmt(f),
        }
    }
}

/// The regions the transfer rules and the Protestant's deal read (§9.1 (b), (c); rule 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    Spain,
    Italy,
    France,
    Netherlands,
    England,
    Ireland,
    Scotland,
    Germany,
    Austria,
    Ottoman,
    Balkans,
    NorthAfrica,
    Portugal,
}

/// Kinds of naval unit; corsairs, patrols and the Invincible Armada may never be lent (§9.2, «Эффекты»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavalKind {
    Squadron,
    Corsair,
    Patrol,
    Armada,
}

impl NavalKind {
    pub const ALL: [NavalKind; 4] = [NavalKind::Squadron, NavalKind::Corsair, NavalKind::Patrol, NavalKind::Armada];

    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether a unit of this kind may be lent to an ally (§9.2, «Эффекты»).
    pub fn lendable(self) -> bool {
        self == NavalKind::Squadron
    }

    pub fn name(self, n: u32) -> String {
        let (one, many) = match self {
            NavalKind::Squadron => ("squadron", "squadrons"),
            NavalKind::Corsair => ("corsair", "corsairs"),
            NavalKind::Patrol => ("patrol", "patrols"),
            NavalKind::Armada => ("Invincible Armada", "Invincible Armadas"),
        };
        imperia_core::words::count_as(n, one, many)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderKind {
    Army,
    Naval,
    /// A power's default army leader (§8.1, «Командиры»).
    Default,
}

/// When a leader enters play (§8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// On the map at setup, in this space.
    Setup(SpaceId),
    /// On his power's card at this turn's Card Draw.
    Turn(u8),
    /// In Dragut's place, after the event Dragut Falls killed him (§8.1).
    ReplacesDragut,
    /// In the Winter Phase once the Catholic League has formed (§8.1, rule 20.10).
    CatholicLeague,
    /// When his power needs its default leader (§8.1).
    Default,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sex {
    Male,
    Female,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum House {
    /// Valois, on some French royals.
    V,
    /// Habsburg, on every Spanish royal.
    H,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// «Искусство построения береговых укреплений»: Spain places two fortress markers (§8.2).
    CoastalFortification,
    /// «Плантация»: +1 on colony rolls (§8.4).
    Plantation,
}

/// Results of the Colony Table (§8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColonyResult {
    Eliminated,
    NoEffect,
    Treasure,
    TreasureVirginiaDare,
}

/// As the log says it: «England's colony at Roanoke rolls 7: no effect».
impl fmt::Display for ColonyResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColonyResult::Eliminated => "eliminated",
            ColonyResult::NoEffect => "no effect",
            ColonyResult::Treasure => "a treasure",
            ColonyResult::TreasureVirginiaDare => "a treasure, and Virginia Dare's VP",
        })
    }
}

/// A card's effect in the provisional campaign step (docs/rules/virgin-queen.md §4.6, C1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CampaignEffect {
    /// «Гибель Драгута»: kills Dragut if he is in play (§8.1).
    DragutFalls,
    /// «Английская коллегия, Дуэ»: Spain's Jesuit total becomes 2 (§8.2).
    EnglishCollegeDouai,
}

/// Provisional world events scheduled on the Turn Track (rulings R7, R30).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Happening {
    RevoltNetherlands,
    MaryCaptive,
}

/// The highest par a power may be given: the most any power ends on is about 70 VP, in the longest game, so
/// more is a slip.
const MAX_PAR: u8 = 90;

pub struct MajorCard {
    pub power: Power,
    pub capitals: Vec<SpaceId>,
    pub home_cards: Vec<CardId>,
    /// Cards dealt by keys controlled: `(at least this many keys, cards)`, ascending; empty for the Protestant,
    /// whose deal rule 6.2 gives (ref-01).
    pub deal: Vec<(u8, u8)>,
    pub regulars: u8,
    pub mercenaries: u8,
    pub naval: [u8; 4],
    pub colonies: bool,
    /// The VP the power ends on between equal players (ruling R42), by the game's length and the player
    /// count: one row per length from 1 turn, each by player count from 2; or one row for every length. A
    /// seat scores its powers' VP over par.
    pub par: Vec<[u8; 5]>,
}

impl MajorCard {
    /// The power's par in a game of `turns` turns between `players` players (ruling R42).
    pub fn par(&self, turns: u8, players: usize) -> u8 {
        let row = usize::from(turns.max(1) - 1).min(self.par.len() - 1);
        self.par[row][players - 2]
    }
}

pub struct Minor {
    pub id: String,
    pub name: String,
    pub strength: u8,
}

pub struct Space {
    pub id: String,
    pub name: String,
    pub region: Region,
    pub home: Owner,
    pub key: bool,
    pub capital_of: Option<Owner>,
    /// When a capital is on the map: at setup, or after a revolt (ruling R7).
    pub capital_from: Option<Happening>,
    pub seas: Vec<SeaId>,
    pub control: Owner,
    /// Land units at setup: (power, regulars, mercenaries).
    pub units: Vec<(Power, u8, u8)>,
    pub naval: Vec<(Power, NavalKind, u8)>,
    pub fortress: bool,
}

impl Space {
    pub fn is_port(&self) -> bool {
        !self.seas.is_empty()
    }

    /// A port between two seas, like Gibraltar: a loan's chain of sea zones never passes through it (§9.2).
    pub fn between_seas(&self) -> bool {
        self.seas.len() > 1
    }
}

pub struct Sea {
    pub id: String,
    pub name: String,
    pub ocean: bool,
    pub adjacent: Vec<SeaId>,
}

pub struct Site {
    pub id: String,
    pub name: String,
    pub ocean: SeaId,
    pub open_to: Vec<Power>,
}

pub struct Leader {
    pub id: String,
    pub name: String,
    pub power: Power,
    pub kind: LeaderKind,
    pub entry: Entry,
    /// The Protestant's army leaders wait on the card until their region's revolt (§8.1, ruling R7).
    pub revolt: Option<Happening>,
}

pub struct Royal {
    pub id: String,
    pub name: String,
    pub controller: Power,
    pub sex: Sex,
    pub house: Option<House>,
    pub prestige: u8,
    pub entry: u8,
    /// The army leader who is the same person (ruling R30).
    pub leader: Option<LeaderId>,
    /// Mary Queen of Scots: married at once (§9.1), and never while captive in England.
    pub mary: bool,
    /// The player counts the royal is used at; empty, all of them (facts §7 removes Rudolf II with 2 to 5).
    pub players: Vec<u8>,
}

pub struct Patron {
    pub id: String,
    pub name: String,
    /// The power whose counter mix it belongs to; none: neutral. With that power unplayed it never comes to
    /// the Patronage Chart, and its patronage VP are gone with it (facts §7).
    pub power: Option<Power>,
    pub scientist: bool,
    pub entry: u8,
    pub cost: u8,
    pub vp: u8,
    pub bonus: Option<Bonus>,
}

/// A sea captain: he comes to his power's pool of units available to build (§8.1), leads its expeditions
/// and winters at the colony he founds (§8.4; provisional campaign, docs §4.6).
pub struct Captain {
    pub id: String,
    pub name: String,
    pub power: Power,
    /// The turn he enters, from the scenario book (§8.1).
    pub entry: u8,
}

pub struct Card {
    pub id: String,
    pub name: String,
    pub cp: u8,
    pub home: Option<Power>,
    pub entry: u8,
    /// The player counts the card is used at (the 2–5-player adjustments); empty: all.
    pub players: Vec<u8>,
    pub effect: Option<CampaignEffect>,
    pub never_fires_for: Vec<Power>,
}

pub struct Treasure {
    pub id: String,
    pub name: String,
    pub cp: u8,
}

/// The constants of the provisional campaign step (docs/rules/virgin-queen.md §4.6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub source: String,
    pub colony_cost: u8,
    pub patron_cost: u8,
    /// Land units lost per this many points of a lost clash's margin.
    pub loss_per: u8,
    pub hire_track_max: u8,
    pub vp_per_key: u8,
    pub vp_per_win: u8,
}

/// What the game is played with.
pub struct Content {
    pub majors: Vec<MajorCard>,
    pub minors: Vec<Minor>,
    pub spaces: Vec<Space>,
    pub seas: Vec<Sea>,
    pub sites: Vec<Site>,
    /// For each ordered pair (from, to) at war, the spaces `to` takes from `from` when it wins, in order.
    pub fronts: Vec<(Owner, Owner, Vec<SpaceId>)>,
    pub leaders: Vec<Leader>,
    pub royals: Vec<Royal>,
    pub patrons: Vec<Patron>,
    pub captains: Vec<Captain>,
    pub cards: Vec<Card>,
    pub treasures: Vec<Treasure>,
    pub start_turn: u8,
    pub default_turns: u8,
    pub max_turns: u8,
    pub wars: Vec<(Owner, Owner)>,
    pub hire_track: u8,
    pub revolts_at_setup: Vec<Happening>,
    /// (turn, happening): applied in that turn's campaign step.
    pub happenings: Vec<(u8, Happening)>,
    pub spain_treasures: u8,
    pub portugal_row: u8,
    /// Colony Table columns: (power, from, to, result), rolls of 2d6 (+1 with Plantation).
    pub colony_table: Vec<(Power, u8, u8, ColonyResult)>,
    /// Marriage table: (from, to, VP each) over 2d6 + prestige.
    pub marriage_table: Vec<(u8, u8, u8)>,
    /// The cost in CP of a declaration of war (declarer, target); absent: not allowed.
    pub dow: Vec<(Power, Owner, u8)>,
    pub campaign: Campaign,
    pub report: ContentReport,
    /// How far a loan sails between two ports: `port_distance[a][b]` counts the sea zones from one of `a`'s
    /// seas to one of `b`'s, 1 when they share a sea; `None` when either is no port or no chain of seas
    /// joins them. Worked out once at load, since every lendable fleet asks it while clauses are listed.
    pub port_distance: Vec<Vec<Option<u8>>>,
    /// The key spaces each major holds at setup, by power index: where the bots' paced par starts (R42).
    pub start_keys: [u8; 6],
}

impl Content {
    pub fn major(&self, p: Power) -> &MajorCard {
        &self.majors[p.index()]
    }

    pub fn space(&self, s: SpaceId) -> &Space {
        &self.spaces[s.index()]
    }

    pub fn space_by_id(&self, id: &str) -> Option<SpaceId> {
        self.spaces.iter().position(|s| s.id == id).map(|i| SpaceId(i as u8))
    }

    pub fn leader_by_id(&self, id: &str) -> Option<LeaderId> {
        self.leaders.iter().position(|s| s.id == id).map(|i| LeaderId(i as u8))
    }

    pub fn royal_by_id(&self, id: &str) -> Option<RoyalId> {
        self.royals.iter().position(|s| s.id == id).map(|i| RoyalId(i as u8))
    }

    pub fn card_by_id(&self, id: &str) -> Option<CardId> {
        self.cards.iter().position(|s| s.id == id).map(|i| CardId(i as u8))
    }

    pub fn space_ids(&self) -> impl Iterator<Item = SpaceId> + '_ {
        (0..self.spaces.len()).map(|i| SpaceId(i as u8))
    }

    pub fn leader_ids(&self) -> impl Iterator<Item = LeaderId> + '_ {
        (0..self.leaders.len()).map(|i| LeaderId(i as u8))
    }

    pub fn royal_ids(&self) -> impl Iterator<Item = RoyalId> + '_ {
        (0..self.royals.len()).map(|i| RoyalId(i as u8))
    }

    pub fn patron_ids(&self) -> impl Iterator<Item = PatronId> + '_ {
        (0..self.patrons.len()).map(|i| PatronId(i as u8))
    }

    pub fn captain_ids(&self) -> impl Iterator<Item = CaptainId> + '_ {
        (0..self.captains.len()).map(|i| CaptainId(i as u8))
    }

    pub fn captain_by_id(&self, id: &str) -> Option<CaptainId> {
        self.captains.iter().position(|s| s.id == id).map(|i| CaptainId(i as u8))
    }

    pub fn patron_by_id(&self, id: &str) -> Option<PatronId> {
        self.patrons.iter().position(|s| s.id == id).map(|i| PatronId(i as u8))
    }

    pub fn dow_cost(&self, declarer: Power, target: Owner) -> Option<u8> {
        self.dow.iter().find(|&&(d, t, _)| d == declarer && t == target).map(|&(_, _, cp)| cp)
    }

    /// The default leader of `power`, if it has one.
    pub fn default_leader(&self, power: Power) -> Option<LeaderId> {
        self.leader_ids()
            .find(|&l| self.leaders[l.index()].power == power && self.leaders[l.index()].kind == LeaderKind::Default)
    }
}

impl GameContent for Content {
    const FILES: &'static [(&'static str, &'static str)] = &[
        ("powers.toml", include_str!("../data/powers.toml")),
        ("map.toml", include_str!("../data/map.toml")),
        ("characters.toml", include_str!("../data/characters.toml")),
        ("cards.toml", include_str!("../data/cards.toml")),
        ("tables.toml", include_str!("../data/tables.toml")),
    ];

    fn parse(files: &ContentFiles) -> Result<Self, String> {
        load(files)
    }

    fn report(&self) -> ContentReport {
        self.report.clone()
    }

    /// What a client needs to draw the view, which carries ids: the powers (major and minor), the map of
    /// Europe (each space's home power, key, capital and the sea zones it is a port on; the sea zones, the
    /// World Map's oceans marked) and the colony sites, cards and treasures (with their CP), leaders (with
    /// their power), royals, artists and scientists, and sea captains, in content order (the view's lists of
    /// them follow it).
    fn board(&self) -> serde_json::Value {
        use serde_json::json;
        let named = |id: &str, name: &str| json!({ "id": id, "name": name });
        let owner = |o: Owner| match o {
            Owner::Major(p) => p.id().to_string(),
            Owner::Minor(m) => self.minors[m.index()].id.clone(),
        };
        let sea = |z: &SeaId| self.seas[z.index()].id.clone();
        json!({
            "powers": Power::ALL.iter().map(|p| named(p.id(), p.title())).collect::<Vec<_>>(),
            "minors": self.minors.iter().map(|m| named(&m.id, &m.name)).collect::<Vec<_>>(),
            "spaces": self.spaces.iter().map(|s| json!({
                "id": s.id, "name": s.name, "home": owner(s.home), "key": s.key,
                "capital_of": s.capital_of.map(owner), "seas": s.seas.iter().map(sea).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "seas": self.seas.iter().map(|z| json!({ "id": z.id, "name": z.name, "ocean": z.ocean })).collect::<Vec<_>>(),
            "sites": self.sites.iter().map(|t| json!({ "id": t.id, "name": t.name, "ocean": sea(&t.ocean) })).collect::<Vec<_>>(),
            "cards": self.cards.iter().map(|c| json!({ "id": c.id, "name": c.name, "cp": c.cp })).collect::<Vec<_>>(),
            "treasures": self.treasures.iter().map(|t| json!({ "id": t.id, "name": t.name, "cp": t.cp })).collect::<Vec<_>>(),
            "leaders": self.leaders.iter().map(|l| json!({ "id": l.id, "name": l.name, "power": l.power })).collect::<Vec<_>>(),
            "royals": self.royals.iter().map(|r| named(&r.id, &r.name)).collect::<Vec<_>>(),
            "patrons": self.patrons.iter().map(|p| named(&p.id, &p.name)).collect::<Vec<_>>(),
            "captains": self.captains.iter().map(|c| named(&c.id, &c.name)).collect::<Vec<_>>(),
        })
    }
}

/// The space with this id in the set in scope (the shipped set outside any scope): for tests.
///
/// # Panics
/// If there is no such space.
pub fn space(id: &str) -> SpaceId {
    ContentSet::<Content>::with_current(|c| c.space_by_id(id)).unwrap_or_else(|| panic!("no space `{id}`"))
}

// ---- reading the files ----

/// A power's pars as `powers.toml` writes them (ruling R42): one row of five, by player count from 2 to 6,
/// for games of every length; or one such row per length, from 1 turn to the scenario's `max_turns`.
fn pars(value: &toml::Value, max_turns: u8) -> Result<Vec<[u8; 5]>, String> {
    let shape = || {
        format!(
            "par is one row of 5 pars (for 2 to 6 players), or one such row per length of game from 1 to \
             {max_turns} turns"
        )
    };
    let row = |v: &toml::Value| -> Result<[u8; 5], String> {
        let items = v.as_array().filter(|a| a.len() == 5).ok_or_else(shape)?;
        let mut row = [0; 5];
        for (par, item) in row.iter_mut().zip(items) {
            *par = item
                .as_integer()
                .and_then(|n| u8::try_from(n).ok())
                .filter(|&n| n <= MAX_PAR)
                .ok_or_else(|| format!("a par is a whole number of VP from 0 to {MAX_PAR}, not {item}"))?;
        }
        Ok(row)
    };
    let items = value.as_array().ok_or_else(shape)?;
    if items.iter().all(toml::Value::is_array) {
        if items.len() != usize::from(max_turns) {
            return Err(shape());
        }
        items.iter().map(row).collect()
    } else {
        Ok(vec![row(value)?])
    }
}

fn err(file: &str, entry: &str, what: impl fmt::Display) -> String {
    format!("{file}, entry `{entry}`: {what}")
}

struct Reader {
    report: ContentReport,
    owners: BTreeMap<String, Owner>,
    spaces: BTreeMap<String, SpaceId>,
    seas: BTreeMap<String, SeaId>,
    cards: BTreeMap<String, CardId>,
    leaders: BTreeMap<String, LeaderId>,
}

impl Reader {
    fn source(&mut self, file: &str, kind: &str, id: &str, text: &str) -> Result<(), String> {
        let s = Source::parse(text).map_err(|e| err(file, id, e))?;
        self.report.add(kind, id, s);
        Ok(())
    }

    fn owner(&self, file: &str, entry: &str, id: &str) -> Result<Owner, String> {
        self.owners.get(id).copied().ok_or_else(|| err(file, entry, format!("there is no power `{id}`")))
    }

    fn major(&self, file: &str, entry: &str, id: &str) -> Result<Power, String> {
        Power::parse(id).ok_or_else(|| err(file, entry, format!("`{id}` is not a major power")))
    }

    fn space(&self, file: &str, entry: &str, id: &str) -> Result<SpaceId, String> {
        self.spaces.get(id).copied().ok_or_else(|| err(file, entry, format!("there is no space `{id}`")))
    }

    fn sea(&self, file: &str, entry: &str, id: &str) -> Result<SeaId, String> {
        self.seas.get(id).copied().ok_or_else(|| err(file, entry, format!("there is no sea zone `{id}`")))
    }

    fn card(&self, file: &str, entry: &str, id: &str) -> Result<CardId, String> {
        self.cards.get(id).copied().ok_or_else(|| err(file, entry, format!("there is no card `{id}`")))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowersFile {
    major: Vec<MajorEntry>,
    minor: Vec<MinorEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MajorEntry {
    id: String,
    source: String,
    capitals: Vec<String>,
    home_cards: Vec<String>,
    #[serde(default)]
    deal: Vec<DealStep>,
    #[serde(default)]
    deal_rule: Option<String>,
    regulars: u8,
    mercenaries: u8,
    #[serde(default)]
    naval: BTreeMap<NavalKind, u8>,
    #[serde(default)]
    colonies: bool,
    /// Read by [`pars`]: one row or one per length of game.
    par: toml::Value,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealStep {
    keys: u8,
    cards: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MinorEntry {
    id: String,
    name: String,
    source: String,
    strength: u8,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    sea: Vec<SeaEntry>,
    space: Vec<SpaceEntry>,
    colony_site: Vec<SiteEntry>,
    front: Vec<FrontEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeaEntry {
    id: String,
    name: String,
    source: String,
    #[serde(default)]
    ocean: bool,
    adjacent: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceEntry {
    id: String,
    name: String,
    source: String,
    region: Region,
    home: String,
    #[serde(default)]
    key: bool,
    #[serde(default)]
    capital_of: Option<String>,
    #[serde(default)]
    capital_from: Option<Happening>,
    #[serde(default)]
    seas: Vec<String>,
    #[serde(default)]
    control: Option<String>,
    /// power → [regulars, mercenaries]
    #[serde(default)]
    units: BTreeMap<String, [u8; 2]>,
    /// power → kind → count
    #[serde(default)]
    naval: BTreeMap<String, BTreeMap<NavalKind, u8>>,
    #[serde(default)]
    fortress: bool,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SiteEntry {
    id: String,
    name: String,
    source: String,
    ocean: String,
    open_to: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontEntry {
    from: String,
    to: String,
    source: String,
    spaces: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CharactersFile {
    leader: Vec<LeaderEntry>,
    royal: Vec<RoyalEntry>,
    patron: Vec<PatronEntry>,
    captain: Vec<CaptainEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaderEntry {
    id: String,
    name: String,
    source: String,
    power: String,
    kind: LeaderKind,
    /// A space id (on the map at setup), a turn number, or `replaces_dragut`, `catholic_league`, `default`.
    entry: toml::Value,
    #[serde(default)]
    revolt: Option<Happening>,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoyalEntry {
    id: String,
    name: String,
    source: String,
    controller: String,
    sex: Sex,
    #[serde(default)]
    house: Option<House>,
    prestige: u8,
    entry: u8,
    #[serde(default)]
    leader: Option<String>,
    #[serde(default)]
    mary: bool,
    #[serde(default)]
    players: Vec<u8>,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PatronEntry {
    id: String,
    name: String,
    source: String,
    kind: String,
    /// The power whose counter mix it belongs to; absent: neutral.
    #[serde(default)]
    power: Option<String>,
    entry: u8,
    cost: u8,
    #[serde(default)]
    vp: u8,
    #[serde(default)]
    bonus: Option<Bonus>,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaptainEntry {
    id: String,
    name: String,
    source: String,
    power: String,
    entry: u8,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    card: Vec<CardEntry>,
    treasure: Vec<TreasureEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    id: String,
    name: String,
    source: String,
    cp: u8,
    #[serde(default)]
    home: Option<String>,
    #[serde(default = "one")]
    entry: u8,
    #[serde(default)]
    players: Vec<u8>,
    #[serde(default)]
    campaign_effect: Option<CampaignEffect>,
    #[serde(default)]
    never_fires_for: Vec<String>,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreasureEntry {
    id: String,
    source: String,
    cp: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    impulse_order: ImpulseOrder,
    scenario: ScenarioEntry,
    #[serde(default)]
    happening: Vec<HappeningEntry>,
    turn_track: Vec<TurnTrackEntry>,
    treasure_draws: TreasureDraws,
    colony: Vec<ColonyRow>,
    marriage: Vec<MarriageRow>,
    dow: Vec<DowRow>,
    campaign: Campaign,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImpulseOrder {
    source: String,
    order: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioEntry {
    source: String,
    start_turn: u8,
    default_turns: u8,
    max_turns: u8,
    wars: Vec<[String; 2]>,
    hire_track: u8,
    #[serde(default)]
    revolts: Vec<Happening>,
    /// For owners reading the file: why a provisional value was chosen. The engine does not read it.
    #[serde(default)]
    #[allow(dead_code)]
    why: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HappeningEntry {
    source: String,
    turn: u8,
    what: Happening,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnTrackEntry {
    source: String,
    turn: u8,
    army_leaders: u8,
    naval_leaders: u8,
    sea_captains: u8,
    royals: u8,
    patrons: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreasureDraws {
    source: String,
    spain: u8,
    portugal_row: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColonyRow {
    source: String,
    power: String,
    from: u8,
    to: u8,
    result: ColonyResult,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MarriageRow {
    source: String,
    from: u8,
    to: u8,
    vp: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DowRow {
    source: String,
    declarer: String,
    /// target id → CP
    cost: BTreeMap<String, u8>,
}

fn load(files: &ContentFiles) -> Result<Content, String> {
    let powers: PowersFile = read_toml("powers.toml", files.text("powers.toml"))?;
    let map: MapFile = read_toml("map.toml", files.text("map.toml"))?;
    let chars: CharactersFile = read_toml("characters.toml", files.text("characters.toml"))?;
    let deck: CardsFile = read_toml("cards.toml", files.text("cards.toml"))?;
    let tables: TablesFile = read_toml("tables.toml", files.text("tables.toml"))?;

    let mut r = Reader {
        report: ContentReport::default(),
        owners: BTreeMap::new(),
        spaces: BTreeMap::new(),
        seas: BTreeMap::new(),
        cards: BTreeMap::new(),
        leaders: BTreeMap::new(),
    };

    // Ids first, so that every later reference resolves.
    unique_ids("powers.toml", "minor powers", powers.minor.iter().map(|m| m.id.as_str()))?;
    unique_ids("map.toml", "spaces", map.space.iter().map(|s| s.id.as_str()))?;
    unique_ids("map.toml", "sea zones", map.sea.iter().map(|s| s.id.as_str()))?;
    unique_ids("cards.toml", "cards", deck.card.iter().map(|s| s.id.as_str()))?;
    unique_ids("cards.toml", "treasures", deck.treasure.iter().map(|s| s.id.as_str()))?;
    unique_ids("characters.toml", "leaders", chars.leader.iter().map(|s| s.id.as_str()))?;
    unique_ids("characters.toml", "royals", chars.royal.iter().map(|s| s.id.as_str()))?;
    unique_ids("characters.toml", "artists and scientists", chars.patron.iter().map(|s| s.id.as_str()))?;
    unique_ids("characters.toml", "sea captains", chars.captain.iter().map(|s| s.id.as_str()))?;
    for (name, limit, n) in [
        ("spaces", 255, map.space.len()),
        ("cards", 255, deck.card.len()),
        ("treasures", 255, deck.treasure.len()),
        ("leaders", 255, chars.leader.len()),
        ("royals", 255, chars.royal.len()),
        ("artists and scientists", 255, chars.patron.len()),
        ("sea captains", 255, chars.captain.len()),
        ("minor powers", 32, powers.minor.len()),
    ] {
        if n > limit {
            return Err(format!("{n} {name}, but the game holds at most {limit}"));
        }
    }
    for p in Power::ALL {
        r.owners.insert(
            serde_json::to_value(p).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default(),
            Owner::Major(p),
        );
    }
    for (i, m) in powers.minor.iter().enumerate() {
        if r.owners.insert(m.id.clone(), Owner::Minor(MinorId(i as u8))).is_some() {
            return Err(err("powers.toml", &m.id, "a minor power may not share a major power's id"));
        }
    }
    r.spaces = map.space.iter().enumerate().map(|(i, s)| (s.id.clone(), SpaceId(i as u8))).collect();
    r.seas = map.sea.iter().enumerate().map(|(i, s)| (s.id.clone(), SeaId(i as u8))).collect();
    r.cards = deck.card.iter().enumerate().map(|(i, s)| (s.id.clone(), CardId(i as u8))).collect();
    r.leaders = chars.leader.iter().enumerate().map(|(i, s)| (s.id.clone(), LeaderId(i as u8))).collect();

    let minors = powers
        .minor
        .iter()
        .map(|m| {
            r.source("powers.toml", "minor power", &m.id, &m.source)?;
            Ok(Minor { id: m.id.clone(), name: m.name.clone(), strength: m.strength })
        })
        .collect::<Result<Vec<_>, String>>()?;

    let seas = map
        .sea
        .iter()
        .map(|s| {
            r.source("map.toml", "sea zone", &s.id, &s.source)?;
            let adjacent = s.adjacent.iter().map(|a| r.sea("map.toml", &s.id, a)).collect::<Result<Vec<_>, _>>()?;
            Ok(Sea { id: s.id.clone(), name: s.name.clone(), ocean: s.ocean, adjacent })
        })
        .collect::<Result<Vec<_>, String>>()?;
    for (i, s) in seas.iter().enumerate() {
        for a in &s.adjacent {
            if !seas[a.index()].adjacent.contains(&SeaId(i as u8)) {
                return Err(err(
                    "map.toml",
                    &s.id,
                    format!("lists `{}` as adjacent, but not the other way round", seas[a.index()].id),
                ));
            }
        }
    }

    let mut spaces = Vec::new();
    for s in &map.space {
        r.source("map.toml", "space", &s.id, &s.source)?;
        let home = r.owner("map.toml", &s.id, &s.home)?;
        let control = match &s.control {
            Some(c) => r.owner("map.toml", &s.id, c)?,
            None => home,
        };
        let capital_of = s.capital_of.as_deref().map(|c| r.owner("map.toml", &s.id, c)).transpose()?;
        let seas = s.seas.iter().map(|a| r.sea("map.toml", &s.id, a)).collect::<Result<Vec<_>, _>>()?;
        let mut units = Vec::new();
        for (p, [reg, merc]) in &s.units {
            units.push((r.major("map.toml", &s.id, p)?, *reg, *merc));
        }
        let mut naval = Vec::new();
        for (p, kinds) in &s.naval {
            let p = r.major("map.toml", &s.id, p)?;
            for (&k, &n) in kinds {
                naval.push((p, k, n));
            }
        }
        if !naval.is_empty() && seas.is_empty() {
            return Err(err("map.toml", &s.id, "naval units need a port"));
        }
        spaces.push(Space {
            id: s.id.clone(),
            name: s.name.clone(),
            region: s.region,
            home,
            key: s.key,
            capital_of,
            capital_from: s.capital_from,
            seas,
            control,
            units,
            naval,
            fortress: s.fortress,
        });
    }

    let sites = map
        .colony_site
        .iter()
        .map(|s| {
            r.source("map.toml", "colony site", &s.id, &s.source)?;
            let ocean = r.sea("map.toml", &s.id, &s.ocean)?;
            if !seas[ocean.index()].ocean {
                return Err(err("map.toml", &s.id, "a colony site lies on an ocean zone"));
            }
            let open_to = s.open_to.iter().map(|p| r.major("map.toml", &s.id, p)).collect::<Result<Vec<_>, _>>()?;
            Ok(Site { id: s.id.clone(), name: s.name.clone(), ocean, open_to })
        })
        .collect::<Result<Vec<_>, String>>()?;

    let mut fronts = Vec::new();
    for f in &map.front {
        let entry = format!("{} → {}", f.from, f.to);
        r.source("map.toml", "front", &entry, &f.source)?;
        let from = r.owner("map.toml", &entry, &f.from)?;
        let to = r.owner("map.toml", &entry, &f.to)?;
        let list = f.spaces.iter().map(|s| r.space("map.toml", &entry, s)).collect::<Result<Vec<_>, _>>()?;
        fronts.push((from, to, list));
    }

    let mut cards = Vec::new();
    for c in &deck.card {
        r.source("cards.toml", if c.home.is_some() { "home card" } else { "card" }, &c.id, &c.source)?;
        let home = c.home.as_deref().map(|h| r.major("cards.toml", &c.id, h)).transpose()?;
        let never = c.never_fires_for.iter().map(|h| r.major("cards.toml", &c.id, h)).collect::<Result<Vec<_>, _>>()?;
        if c.cp == 0 || c.cp > 6 {
            return Err(err("cards.toml", &c.id, "a card is worth 1 to 6 CP"));
        }
        if c.players.iter().any(|&n| !(2..=6).contains(&n)) {
            return Err(err("cards.toml", &c.id, "player counts run from 2 to 6"));
        }
        cards.push(Card {
            id: c.id.clone(),
            name: c.name.clone(),
            cp: c.cp,
            home,
            entry: c.entry,
            players: c.players.clone(),
            effect: c.campaign_effect,
            never_fires_for: never,
        });
    }
    for effect in [CampaignEffect::DragutFalls, CampaignEffect::EnglishCollegeDouai] {
        if !cards.iter().any(|c| c.effect == Some(effect)) {
            return Err(format!("cards.toml: no card has the campaign effect {effect:?}, which §8 reads"));
        }
    }
    let treasures = deck
        .treasure
        .iter()
        .map(|t| {
            r.source("cards.toml", "treasure", &t.id, &t.source)?;
            if t.cp == 0 || t.cp > 6 {
                return Err(err("cards.toml", &t.id, "a treasure is worth 1 to 6 CP"));
            }
            Ok(Treasure { id: t.id.clone(), name: format!("a {}-CP treasure", t.cp), cp: t.cp })
        })
        .collect::<Result<Vec<_>, String>>()?;

    if powers.major.len() != 6 {
        return Err(format!("powers.toml: {} major powers, but the game has six", powers.major.len()));
    }
    let mut majors = Vec::new();
    for (i, m) in powers.major.iter().enumerate() {
        let power = r.major("powers.toml", &m.id, &m.id)?;
        if power.index() != i {
            return Err(err(
                "powers.toml",
                &m.id,
                "the major powers are listed in the order Ottoman, Spain, England, France, HRE, Protestant",
            ));
        }
        r.source("powers.toml", "power card", &m.id, &m.source)?;
        let capitals = m.capitals.iter().map(|c| r.space("powers.toml", &m.id, c)).collect::<Result<Vec<_>, _>>()?;
        for c in &capitals {
            if spaces[c.index()].capital_of != Some(Owner::Major(power)) {
                return Err(err(
                    "powers.toml",
                    &m.id,
                    format!("`{}` is not marked as its capital in map.toml", spaces[c.index()].id),
                ));
            }
        }
        let home_cards = m.home_cards.iter().map(|c| r.card("powers.toml", &m.id, c)).collect::<Result<Vec<_>, _>>()?;
        if home_cards.len() != 2 || home_cards.iter().any(|c| cards[c.index()].home != Some(power)) {
            return Err(err(
                "powers.toml",
                &m.id,
                "a power has two home cards, each marked with its power in cards.toml",
            ));
        }
        let deal: Vec<(u8, u8)> = m.deal.iter().map(|d| (d.keys, d.cards)).collect();
        match (power, m.deal_rule.as_deref()) {
            (Power::Protestant, Some("protestant")) if deal.is_empty() => {}
            (Power::Protestant, _) => {
                return Err(err(
                    "powers.toml",
                    &m.id,
                    "the Protestant's deal is `deal_rule = \"protestant\"` (rule 6.2)",
                ));
            }
            (_, None) if !deal.is_empty() && deal[0].0 == 0 && deal.windows(2).all(|w| w[0].0 < w[1].0) => {}
            _ => return Err(err("powers.toml", &m.id, "a deal track starts at 0 keys and rises")),
        }
        let mut naval = [0; 4];
        for (k, n) in &m.naval {
            naval[k.index()] = *n;
        }
        let par = pars(&m.par, tables.scenario.max_turns).map_err(|e| err("powers.toml", &m.id, e))?;
        majors.push(MajorCard {
            power,
            capitals,
            home_cards,
            deal,
            regulars: m.regulars,
            mercenaries: m.mercenaries,
            naval,
            colonies: m.colonies,
            par,
        });
    }

    let mut leaders = Vec::new();
    for l in &chars.leader {
        r.source("characters.toml", "leader", &l.id, &l.source)?;
        let power = r.major("characters.toml", &l.id, &l.power)?;
        let entry = match &l.entry {
            toml::Value::Integer(t) if (1..=10).contains(t) => Entry::Turn(*t as u8),
            toml::Value::String(s) if s == "replaces_dragut" => Entry::ReplacesDragut,
            toml::Value::String(s) if s == "catholic_league" => Entry::CatholicLeague,
            toml::Value::String(s) if s == "default" => Entry::Default,
            toml::Value::String(s) => Entry::Setup(r.space("characters.toml", &l.id, s)?),
            other => {
                return Err(err(
                    "characters.toml",
                    &l.id,
                    format!("entry {other} is not a turn, a space or a special entry"),
                ));
            }
        };
        if (l.kind == LeaderKind::Default) != (entry == Entry::Default) {
            return Err(err("characters.toml", &l.id, "a default leader, and only he, has `entry = \"default\"`"));
        }
        leaders.push(Leader { id: l.id.clone(), name: l.name.clone(), power, kind: l.kind, entry, revolt: l.revolt });
    }
    for p in Power::ALL {
        if leaders.iter().filter(|l| l.power == p && l.kind == LeaderKind::Default).count() > 1 {
            return Err(format!("characters.toml: {p} has more than one default leader"));
        }
    }
    for special in [Entry::ReplacesDragut, Entry::CatholicLeague] {
        if leaders.iter().filter(|l| l.entry == special).count() != 1 {
            return Err(format!("characters.toml: exactly one leader enters as {special:?} (§8.1)"));
        }
    }
    if !leaders.iter().any(|l| l.id == "dragut") {
        return Err("characters.toml: Dragut (`dragut`) is named by §8.1".into());
    }

    let mut royals = Vec::new();
    for x in &chars.royal {
        r.source("characters.toml", "royal", &x.id, &x.source)?;
        let controller = r.major("characters.toml", &x.id, &x.controller)?;
        let leader = x
            .leader
            .as_deref()
            .map(|l| {
                r.leaders
                    .get(l)
                    .copied()
                    .ok_or_else(|| err("characters.toml", &x.id, format!("there is no leader `{l}`")))
            })
            .transpose()?;
        if controller == Power::Spain && x.house != Some(House::H) {
            return Err(err("characters.toml", &x.id, "every Spanish royal is of the house of Habsburg, H (§9.1)"));
        }
        if x.players.iter().any(|&n| !(2..=6).contains(&n)) {
            return Err(err("characters.toml", &x.id, "player counts run from 2 to 6"));
        }
        royals.push(Royal {
            id: x.id.clone(),
            name: x.name.clone(),
            controller,
            sex: x.sex,
            house: x.house,
            prestige: x.prestige,
            entry: x.entry,
            leader,
            mary: x.mary,
            players: x.players.clone(),
        });
    }
    if royals.iter().filter(|r| r.mary).count() != 1 {
        return Err("characters.toml: exactly one royal is Mary Queen of Scots (`mary = true`)".into());
    }
    let mut patrons = Vec::new();
    for p in &chars.patron {
        r.source("characters.toml", "artist or scientist", &p.id, &p.source)?;
        let scientist = match p.kind.as_str() {
            "scientist" => true,
            "artist" => false,
            k => return Err(err("characters.toml", &p.id, format!("kind `{k}` is neither artist nor scientist"))),
        };
        let power = p.power.as_deref().map(|x| r.major("characters.toml", &p.id, x)).transpose()?;
        patrons.push(Patron {
            id: p.id.clone(),
            name: p.name.clone(),
            power,
            scientist,
            entry: p.entry,
            cost: p.cost,
            vp: p.vp,
            bonus: p.bonus,
        });
    }
    let mut captains = Vec::new();
    for x in &chars.captain {
        r.source("characters.toml", "sea captain", &x.id, &x.source)?;
        let power = r.major("characters.toml", &x.id, &x.power)?;
        if !(1..=10).contains(&x.entry) {
            return Err(err("characters.toml", &x.id, format!("entry {} is not a turn (1 to 10)", x.entry)));
        }
        captains.push(Captain { id: x.id.clone(), name: x.name.clone(), power, entry: x.entry });
    }

    // tables.toml
    r.source("tables.toml", "table", "impulse_order", &tables.impulse_order.source)?;
    let order = tables
        .impulse_order
        .order
        .iter()
        .map(|p| r.major("tables.toml", "impulse_order", p))
        .collect::<Result<Vec<_>, _>>()?;
    if order != Power::ALL {
        return Err("tables.toml, entry `impulse_order`: the engine plays the order Ottoman, Spain, England, France, HRE, Protestant (ruling R38); list it so".into());
    }
    let sc = &tables.scenario;
    r.source("tables.toml", "table", "scenario", &sc.source)?;
    if sc.start_turn != 1 || !(1..=sc.max_turns).contains(&sc.default_turns) || sc.max_turns > 10 {
        return Err("tables.toml, entry `scenario`: start at turn 1, with 1 ≤ default_turns ≤ max_turns ≤ 10".into());
    }
    let mut wars = Vec::new();
    for [a, b] in &sc.wars {
        wars.push((r.owner("tables.toml", "scenario", a)?, r.owner("tables.toml", "scenario", b)?));
    }
    let mut happenings = Vec::new();
    for h in &tables.happening {
        r.source("tables.toml", "happening", &format!("{:?}", h.what), &h.source)?;
        happenings.push((h.turn, h.what));
    }
    // R3: the Turn Track and the characters' entry turns must agree.
    for t in &tables.turn_track {
        r.source("tables.toml", "turn track row", &format!("turn {}", t.turn), &t.source)?;
        let leaders_of =
            |kind: LeaderKind| leaders.iter().filter(|l| l.kind == kind && l.entry == Entry::Turn(t.turn)).count();
        let checks = [
            ("army leaders", t.army_leaders as usize, leaders_of(LeaderKind::Army)),
            ("naval leaders", t.naval_leaders as usize, leaders_of(LeaderKind::Naval)),
            ("sea captains", t.sea_captains as usize, captains.iter().filter(|x| x.entry == t.turn).count()),
            ("royals", t.royals as usize, royals.iter().filter(|x| x.entry == t.turn).count()),
            ("artists and scientists", t.patrons as usize, patrons.iter().filter(|x| x.entry == t.turn).count()),
        ];
        for (what, track, counted) in checks {
            if track != counted {
                return Err(format!(
                    "tables.toml, turn track turn {}: {track} {what} enter, but characters.toml has {counted} entering then",
                    t.turn
                ));
            }
        }
    }
    r.source("tables.toml", "table", "treasure_draws", &tables.treasure_draws.source)?;
    let mut colony_table = Vec::new();
    for row in &tables.colony {
        let entry = format!("colony {} {}–{}", row.power, row.from, row.to);
        r.source("tables.toml", "colony table row", &entry, &row.source)?;
        colony_table.push((r.major("tables.toml", &entry, &row.power)?, row.from, row.to, row.result));
    }
    for m in &majors {
        if m.colonies {
            for roll in 2..=13 {
                if !colony_table.iter().any(|&(p, f, t, _)| p == m.power && (f..=t).contains(&roll)) {
                    return Err(format!("tables.toml: {}'s colony column has no row for a roll of {roll}", m.power));
                }
            }
        }
    }
    let mut marriage_table = Vec::new();
    for row in &tables.marriage {
        r.source("tables.toml", "marriage table row", &format!("{}–{}", row.from, row.to), &row.source)?;
        marriage_table.push((row.from, row.to, row.vp));
    }
    let mut dow = Vec::new();
    for row in &tables.dow {
        r.source("tables.toml", "declaration cost row", &row.declarer, &row.source)?;
        let declarer = r.major("tables.toml", "dow", &row.declarer)?;
        for (t, &cp) in &row.cost {
            let target = r.owner("tables.toml", &row.declarer, t)?;
            if target == Owner::Major(declarer) || cp == 0 {
                return Err(err(
                    "tables.toml",
                    &row.declarer,
                    format!("no declaration on itself, and every cost is at least 1 CP ({t})"),
                ));
            }
            dow.push((declarer, target, cp));
        }
    }
    r.source("tables.toml", "table", "campaign", &tables.campaign.source)?;
    if tables.campaign.loss_per == 0 {
        return Err("tables.toml, entry `campaign`: loss_per is at least 1".into());
    }
    let port_distance = port_distances(&spaces, &seas);
    let mut start_keys = [0u8; 6];
    for space in spaces.iter().filter(|s| s.key) {
        if let Owner::Major(p) = space.control {
            start_keys[p.index()] = start_keys[p.index()].saturating_add(1);
        }
    }
    let content = Content {
        majors,
        minors,
        spaces,
        seas,
        sites,
        fronts,
        leaders,
        royals,
        patrons,
        captains,
        cards,
        treasures,
        start_turn: sc.start_turn,
        default_turns: sc.default_turns,
        max_turns: sc.max_turns,
        wars,
        hire_track: sc.hire_track,
        revolts_at_setup: sc.revolts.clone(),
        happenings,
        spain_treasures: tables.treasure_draws.spain,
        portugal_row: tables.treasure_draws.portugal_row,
        colony_table,
        marriage_table,
        dow,
        campaign: tables.campaign,
        report: r.report,
        port_distance,
        start_keys,
    };
    check_map(&content)?;
    Ok(content)
}

/// Every port's distance by sea to every other port ([`Content::port_distance`]): a breadth-first walk over
/// the seas' adjacency from each port's own seas.
fn port_distances(spaces: &[Space], seas: &[Sea]) -> Vec<Vec<Option<u8>>> {
    spaces
        .iter()
        .map(|from| {
            let mut steps: Vec<Option<u8>> = vec![None; seas.len()];
            let mut queue: VecDeque<SeaId> = VecDeque::new();
            for &s in &from.seas {
                steps[s.index()] = Some(1);
                queue.push_back(s);
            }
            while let Some(s) = queue.pop_front() {
                let d = steps[s.index()].unwrap_or(0);
                for &n in &seas[s.index()].adjacent {
                    if steps[n.index()].is_none() {
                        steps[n.index()] = Some(d.saturating_add(1));
                        queue.push_back(n);
                    }
                }
            }
            spaces.iter().map(|to| to.seas.iter().filter_map(|sea| steps[sea.index()]).min()).collect()
        })
        .collect()
}

/// The map's own consistency: capitals and keys, every port on a sea, every major with a home key.
fn check_map(c: &Content) -> Result<(), String> {
    for s in &c.spaces {
        if s.capital_of.is_some() && !s.key {
            return Err(err("map.toml", &s.id, "a capital is a key"));
        }
        if s.region == Region::Netherlands && s.home == Owner::Major(Power::Ottoman) {
            return Err(err("map.toml", &s.id, "an Ottoman home space in the Netherlands"));
        }
    }
    for p in Power::ALL {
        if !c.spaces.iter().any(|s| s.home == Owner::Major(p) && s.key) {
            return Err(format!("map.toml: {p} has no home key space (§9.1 sends returned leaders there)"));
        }
    }
    for (i, m) in c.minors.iter().enumerate() {
        if !c.spaces.iter().any(|s| s.capital_of == Some(Owner::Minor(MinorId(i as u8)))) {
            return Err(err("powers.toml", &m.id, "a minor power has a capital on the map"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_content_loads() {
        let c = ContentSet::<Content>::shipped();
        assert_eq!(c.majors.len(), 6);
        assert!(c.report.total() > 100);
    }

    /// Every card has a name of its own; those no source names (`card_NNN`) carry names made up after
    /// events of their time, and the content report counts them as provisional, as the page says.
    #[test]
    fn every_card_has_a_name_of_its_own_and_the_made_up_ones_are_provisional() {
        let c = ContentSet::<Content>::shipped();
        let mut names = std::collections::BTreeSet::new();
        for card in &c.cards {
            assert!(!card.name.starts_with("Unnamed"), "{} is still called {}", card.id, card.name);
            assert!(names.insert(card.name.as_str()), "two cards are called {}", card.name);
        }
        let kind = c.report.kinds.iter().find(|k| k.kind == "card").expect("cards in the report");
        let made_up: Vec<&str> = c.cards.iter().filter(|c| c.id.starts_with("card_")).map(|c| c.id.as_str()).collect();
        assert_eq!(made_up.len(), 87);
        for id in made_up {
            assert!(kind.provisional.iter().any(|p| p == id), "{id} is not counted as provisional");
        }
    }

    /// Why the shipped content, with `file` replaced by `text`, is refused.
    fn refusal(file: &str, text: String) -> String {
        let files = ContentFiles::shipped(Content::FILES).with_file(file, text).expect("a file of the game");
        Content::parse(&files).err().expect("refused")
    }

    #[test]
    fn a_spanish_royal_without_the_habsburg_letter_is_refused() {
        let text = include_str!("../data/characters.toml").replacen("house = \"H\"", "house = \"V\"", 1);
        let e = refusal("characters.toml", text);
        assert!(e.contains("Habsburg"), "{e}");
    }

    /// Ruling R3: the Turn Track and the characters' entries must agree, and a mismatch names turn and type.
    #[test]
    fn turn_track_matches_characters() {
        // R3: the Turn Track says one sea captain enters on turn 2, the captains' entries say two.
        let text = include_str!("../data/tables.toml").replacen("sea_captains = 2", "sea_captains = 1", 1);
        let e = refusal("tables.toml", text);
        assert!(e.contains("turn 2") && e.contains("sea captains"), "{e}");
        // A captain entering a turn later than the track says is refused the same way.
        let text = include_str!("../data/characters.toml").replacen(
            "power = \"hre\"\nentry = 3",
            "power = \"hre\"\nentry = 4",
            1,
        );
        let e = refusal("characters.toml", text);
        assert!(e.contains("turn 3") && e.contains("sea captains"), "{e}");
    }

    /// Ruling R42: a power's pars are one row of five (for 2 to 6 players) for every length of game, or one
    /// row per length from 1 turn to the scenario's longest; a par above 90 VP, or a row or table of the wrong
    /// size, is refused naming the power.
    #[test]
    fn a_broken_par_is_refused_naming_the_power() {
        let shipped = include_str!("../data/powers.toml");
        let spain = &shipped[shipped.find("id = \"spain\"").expect("Spain")..];
        let start = spain.find("par = [").expect("Spain's pars");
        let end = start + spain[start..].find("]\n").expect("their end") + 1;
        let spain = &spain[start..end];
        let as_spain = |pars: &str| shipped.replacen(spain, pars, 1);
        let one_row = "par = [42, 41, 42, 44, 45]";
        let shape = "powers.toml, entry `spain`: par is one row of 5 pars (for 2 to 6 players), or one such row per \
                     length of game from 1 to 7 turns";
        for (broken, says) in [
            (
                "par = [42, 41, 42, 44, 91]",
                "powers.toml, entry `spain`: a par is a whole number of VP from 0 to 90, not 91",
            ),
            (
                "par = [42, 41, -1, 44, 45]",
                "powers.toml, entry `spain`: a par is a whole number of VP from 0 to 90, not -1",
            ),
            ("par = [42, 41, 42, 44]", shape),
            ("par = [[42, 41, 42, 44, 45], [42, 41, 42, 44, 45]]", shape),
            ("par = 42", shape),
        ] {
            let e = refusal("powers.toml", as_spain(broken));
            assert!(e.contains(says), "{broken}: {e}");
        }
        // One row serves every length; seven rows give each its own.
        let files =
            |text: String| ContentFiles::shipped(Content::FILES).with_file("powers.toml", text).expect("a file");
        let flat = Content::parse(&files(as_spain(one_row))).expect("one row loads");
        assert_eq!((1..=7).map(|t| flat.major(Power::Spain).par(t, 4)).collect::<Vec<_>>(), [42; 7]);
        let rows: Vec<String> = (1..=7).map(|t| format!("[{t}, {t}, {}, {t}, {t}]", 10 + t)).collect();
        let by_length = Content::parse(&files(as_spain(&format!("par = [{}]", rows.join(", "))))).expect("loads");
        assert_eq!(
            (1..=7).map(|t| by_length.major(Power::Spain).par(t, 4)).collect::<Vec<_>>(),
            [11, 12, 13, 14, 15, 16, 17]
        );
    }

    /// Ruling R38: the engine plays the Impulse Order Ottoman, Spain, England, France, HRE, Protestant; a table
    /// that lists another is refused, since no source prints the real one.
    #[test]
    fn ruling_r38_another_impulse_order_is_refused() {
        let shipped = include_str!("../data/tables.toml");
        let order = "order = [\"ottoman\", \"spain\", \"england\", \"france\", \"hre\", \"protestant\"]";
        assert!(shipped.contains(order), "the test edits the shipped order");
        let swapped = order.replace("\"ottoman\", \"spain\"", "\"spain\", \"ottoman\"");
        let e = refusal("tables.toml", shipped.replacen(order, &swapped, 1));
        assert!(e.contains("impulse_order") && e.contains("ruling R38"), "{e}");
    }

    #[test]
    fn a_character_of_an_unknown_power_is_refused_naming_file_and_entry() {
        let c = ContentSet::<Content>::shipped();
        assert_eq!(c.captains.iter().map(|x| x.entry).max(), Some(3));
        assert_eq!(c.patrons.iter().find(|x| x.id == "mercator").and_then(|x| x.power), Some(Power::Hre));
        let text = include_str!("../data/characters.toml").replacen(
            "power = \"hre\"\nentry = 3",
            "power = \"hansa\"\nentry = 3",
            1,
        );
        let e = refusal("characters.toml", text);
        assert!(e.contains("characters.toml, entry `hanseatic_captain`: `hansa` is not a major power"), "{e}");
        let text = include_str!("../data/characters.toml").replacen(
            "kind = \"scientist\"\npower = \"hre\"",
            "kind = \"scientist\"\npower = \"bohemia\"",
            1,
        );
        let e = refusal("characters.toml", text);
        assert!(e.contains("characters.toml, entry `mercator`: `bohemia` is not a major power"), "{e}");
    }
}
