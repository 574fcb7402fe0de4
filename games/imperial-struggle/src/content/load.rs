//! Reading and checking the content files. Each file is read into plain serde records (unknown fields are
//! refused), then turned into the runtime types with every reference resolved and every count checked
//! against the rulebook's component list; the first problem found is reported with its file and entry.

use std::collections::BTreeMap;

use imperia_core::{ContentFiles, ContentReport, Source};
use serde::Deserialize;

use super::*;

/// A content file that cannot be used: which file, which entry, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ContentError(pub String);

/// The content files, as shipped (`data/`).
pub const SHIPPED: &[(&str, &str)] = &[
    ("spaces.toml", include_str!("../../data/spaces.toml")),
    ("investments.toml", include_str!("../../data/investments.toml")),
    ("tables.toml", include_str!("../../data/tables.toml")),
    ("war_tiles.toml", include_str!("../../data/war_tiles.toml")),
    ("advantages.toml", include_str!("../../data/advantages.toml")),
    ("cards.toml", include_str!("../../data/cards.toml")),
    ("ministries.toml", include_str!("../../data/ministries.toml")),
    ("wars.toml", include_str!("../../data/wars.toml")),
];

/// Component counts the rulebook and the references fix (§3.1, §3.9, §4.1.4, §4.1.6).
const SPACES: usize = 112;
const INVESTMENT_TILES: usize = 24;
const AWARD_TILES: usize = 8;
const EVENT_CARDS: usize = 41;
const MINISTRY_CARDS: usize = 26;
const ADVANTAGES: usize = 22;
const BASIC_TILES_PER_POWER: usize = 16;
const BONUS_TILES_PER_WAR_AND_POWER: usize = 12;

fn toml_file<'de, T: Deserialize<'de>>(file: &str, text: &'de str) -> Result<T, ContentError> {
    toml::from_str(text).map_err(|e| ContentError(format!("{file}: {e}")))
}

fn err(file: &str, entry: &str, what: impl std::fmt::Display) -> ContentError {
    ContentError(format!("{file}, entry `{entry}`: {what}"))
}

/// Counts one entry in the report, refusing a missing or malformed source.
fn source(report: &mut ContentReport, file: &str, kind: &str, id: &str, text: &str) -> Result<(), ContentError> {
    let s = Source::parse(text).map_err(|e| err(file, id, e))?;
    report.add(kind, id, s);
    Ok(())
}

fn count(file: &str, what: &str, found: usize, expected: usize) -> Result<(), ContentError> {
    if found != expected {
        return Err(ContentError(format!("{file}: {found} {what}, but the game has {expected}")));
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpacesFile {
    space: Vec<SpaceEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceEntry {
    id: String,
    name: String,
    country: Option<String>,
    region: Region,
    subregion: Option<Subregion>,
    kind: SpaceKind,
    #[serde(default)]
    cost: u8,
    #[serde(default)]
    prestige: bool,
    commodity: Option<Commodity>,
    start: Option<Power>,
    #[serde(default)]
    spanish: bool,
    era: Option<String>,
    #[serde(default)]
    connects: Vec<String>,
    #[serde(default)]
    conquest: Vec<String>,
    #[serde(default)]
    fortified_conquest: Vec<String>,
    #[serde(default)]
    theatres: Vec<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InvestmentsFile {
    tile: Vec<InvestmentEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InvestmentEntry {
    id: u8,
    major: ApKind,
    points: u8,
    minor: ApKind,
    #[serde(default)]
    event: bool,
    #[serde(default)]
    upgrade: bool,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    award: Vec<AwardEntry>,
    demand: Vec<DemandEntry>,
    turn: Vec<TurnEntry>,
    setup: SetupEntry,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AwardEntry {
    id: String,
    #[serde(default)]
    vp: u8,
    #[serde(default)]
    trp: u8,
    margin: Option<u8>,
    source: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RewardEntry {
    #[serde(default)]
    vp: u8,
    #[serde(default)]
    trp: u8,
    #[serde(default)]
    debt: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DemandEntry {
    commodity: Commodity,
    succession: RewardEntry,
    empire: RewardEntry,
    revolution: RewardEntry,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnEntry {
    id: String,
    era: Era,
    #[allow(dead_code)]
    years: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupEntry {
    vp: i32,
    initiative: Power,
    debt: u8,
    debt_limit: u8,
    trp: u8,
    navy_box: BTreeMap<Power, u8>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WarTilesFile {
    basic: Vec<BasicEntry>,
    bonus: Vec<BonusEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BasicEntry {
    value: i8,
    symbol: Option<TileSymbol>,
    count: u8,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BonusEntry {
    war: String,
    power: Power,
    name: String,
    value: i8,
    symbol: Option<TileSymbol>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdvantagesFile {
    advantage: Vec<AdvantageEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdvantageEntry {
    id: String,
    name: String,
    region: Region,
    requires: Vec<String>,
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    card: Vec<CardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    number: u8,
    id: String,
    name: String,
    era: Era,
    action: Option<ApKind>,
    bonus_if: Option<String>,
    common: Option<TextEntry>,
    britain: Option<TextEntry>,
    france: Option<TextEntry>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TextEntry {
    title: Option<String>,
    text: String,
    bonus: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MinistriesFile {
    ministry: Vec<MinistryEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MinistryEntry {
    number: u8,
    id: String,
    name: String,
    power: Power,
    eras: Vec<Era>,
    keywords: Vec<Keyword>,
    abilities: Vec<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WarsFile {
    war: Vec<WarEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WarEntry {
    id: String,
    name: String,
    theatre: Vec<TheatreEntry>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TheatreEntry {
    name: String,
    region: Region,
    #[serde(default)]
    extra_regions: Vec<Region>,
    keyword: Option<Keyword>,
    #[serde(default)]
    conflicts: bool,
    #[serde(default)]
    naval: bool,
    #[serde(default)]
    conquests: Vec<String>,
    #[serde(default)]
    squadrons_lost_for_good: bool,
    tier: Vec<TierEntry>,
    /// Rows that replace `tier` when France wins (where the printed table differs by side).
    france_tier: Option<Vec<TierEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TierEntry {
    margin: u8,
    #[serde(default)]
    vp: u8,
    #[serde(default)]
    cp: u8,
    #[serde(default)]
    unflag: u8,
    #[serde(default)]
    loser_trp: u8,
    #[serde(default)]
    loser_squadrons: u8,
    #[serde(default)]
    special: Vec<SpecialAward>,
}

/// Read and check a set of content files, shipped or a player's own.
pub fn parse(files: &ContentFiles) -> Result<Content, ContentError> {
    let mut report = ContentReport::default();
    let spaces = spaces(files.text("spaces.toml"), &mut report)?;
    let lookup = |file: &str, entry: &str, id: &str| {
        spaces
            .iter()
            .position(|s| s.id == id)
            .map(|i| SpaceId(i as u8))
            .ok_or_else(|| err(file, entry, format!("unknown space `{id}`")))
    };
    let investments = investments(files.text("investments.toml"), &mut report)?;
    let (awards, demand, setup) = tables(files.text("tables.toml"), &mut report)?;
    let (basic_tiles, bonus_tiles) = war_tiles(files.text("war_tiles.toml"), &mut report)?;

    let file = "advantages.toml";
    let entries: AdvantagesFile = toml_file(file, files.text("advantages.toml"))?;
    let mut advantages = Vec::new();
    for a in entries.advantage {
        source(&mut report, file, "advantage", &a.id, &a.source)?;
        let requires = a.requires.iter().map(|r| lookup(file, &a.id, r)).collect::<Result<SpaceSet, ContentError>>()?;
        if requires.is_empty() {
            return Err(err(file, &a.id, "an advantage needs at least one space"));
        }
        advantages.push(AdvantageTile { id: a.id, name: a.name, region: a.region, requires, text: a.text });
    }
    count(file, "advantages", advantages.len(), ADVANTAGES)?;
    unique(file, advantages.iter().map(|a| a.id.as_str()))?;

    let cards = cards(files.text("cards.toml"), &mut report)?;
    let ministries = ministries(files.text("ministries.toml"), &mut report)?;
    let wars = wars(files.text("wars.toml"), &spaces, &mut report, &lookup)?;

    let masks = masks(&spaces);
    let content = Content {
        spaces,
        investments,
        awards,
        demand,
        setup,
        basic_tiles,
        bonus_tiles,
        advantages,
        cards,
        ministries,
        wars,
        report,
        masks,
    };
    Ok(content)
}

fn unique<'a>(file: &str, ids: impl Iterator<Item = &'a str>) -> Result<(), ContentError> {
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(err(file, id, "the id is used twice"));
        }
    }
    Ok(())
}

fn spaces(text: &str, report: &mut ContentReport) -> Result<Vec<Space>, ContentError> {
    let file = "spaces.toml";
    let entries: SpacesFile = toml_file(file, text)?;
    count(file, "spaces", entries.space.len(), SPACES)?;
    unique(file, entries.space.iter().map(|s| s.id.as_str()))?;
    // Players tell spaces apart by their names alone, in the log, the menus and the table.
    let mut names = std::collections::BTreeSet::new();
    if let Some(twin) = entries.space.iter().find(|s| !names.insert(s.name.as_str())) {
        return Err(err(
            file,
            &twin.id,
            format!("another space is also named \"{}\"; names must tell spaces apart", twin.name),
        ));
    }
    let index: BTreeMap<&str, SpaceId> =
        entries.space.iter().enumerate().map(|(i, s)| (s.id.as_str(), SpaceId(i as u8))).collect();
    let set = |entry: &str, ids: &[String]| -> Result<SpaceSet, ContentError> {
        ids.iter()
            .map(|id| index.get(id.as_str()).copied().ok_or_else(|| err(file, entry, format!("unknown space `{id}`"))))
            .collect()
    };
    let mut spaces = Vec::with_capacity(entries.space.len());
    for s in &entries.space {
        source(report, file, "space", &s.id, &s.source)?;
        let availability = match s.era.as_deref() {
            None => Availability::Always,
            Some("empire") => Availability::FromEra(Era::Empire),
            Some("revolution") => Availability::FromEra(Era::Revolution),
            Some("usa") => Availability::AfterIndependence,
            Some(other) => return Err(err(file, &s.id, format!("era `{other}` is not empire, revolution or usa"))),
        };
        let theatres = s
            .theatres
            .iter()
            .map(|t| {
                let (w, n) =
                    t.split_once(':').ok_or_else(|| err(file, &s.id, format!("theatre `{t}` is not war:number")))?;
                let war = WarId::parse(w).ok_or_else(|| err(file, &s.id, format!("unknown war `{w}`")))?;
                let n: u8 = n.parse().map_err(|_| err(file, &s.id, format!("theatre `{t}` has no number")))?;
                if n == 0 {
                    return Err(err(file, &s.id, "theatres are numbered from 1"));
                }
                Ok((war, n - 1))
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        match s.kind {
            SpaceKind::Market if s.cost == 0 => return Err(err(file, &s.id, "a market needs a cost")),
            SpaceKind::Political | SpaceKind::Fort | SpaceKind::Territory if s.cost == 0 => {
                return Err(err(file, &s.id, "this kind of space needs a cost"));
            }
            SpaceKind::Naval if s.cost != 0 => return Err(err(file, &s.id, "naval spaces have no printed cost")),
            _ => {}
        }
        if s.commodity.is_some() && s.kind != SpaceKind::Market {
            return Err(err(file, &s.id, "only markets carry a commodity"));
        }
        if (s.kind == SpaceKind::Political) != s.country.is_some() {
            return Err(err(file, &s.id, "political spaces, and only they, name a country"));
        }
        if s.kind == SpaceKind::Political && !s.connects.is_empty() {
            return Err(err(file, &s.id, "political spaces have no connections (§5.5.1)"));
        }
        spaces.push(Space {
            id: s.id.clone(),
            name: s.name.clone(),
            country: s.country.clone(),
            region: s.region,
            subregion: s.subregion,
            kind: s.kind,
            cost: s.cost,
            prestige: s.prestige,
            commodity: s.commodity,
            start: s.start,
            spanish: s.spanish,
            availability,
            connects: set(&s.id, &s.connects)?,
            conquest: set(&s.id, &s.conquest)?,
            fortified_conquest: set(&s.id, &s.fortified_conquest)?,
            theatres,
        });
    }
    // Lines are drawn between two spaces: each must be listed from both ends, and a space is not joined to
    // itself.
    for (i, s) in spaces.iter().enumerate() {
        let me = SpaceId(i as u8);
        for (lines, what) in
            [(s.connects, "connects"), (s.conquest, "conquest"), (s.fortified_conquest, "fortified_conquest")]
        {
            if lines.contains(me) {
                return Err(err(file, &s.id, format!("{what} lists the space itself")));
            }
            for other in lines.iter() {
                let back = match what {
                    "connects" => spaces[other.index()].connects,
                    "conquest" => spaces[other.index()].conquest,
                    _ => spaces[other.index()].fortified_conquest,
                };
                if !back.contains(me) {
                    return Err(err(
                        file,
                        &s.id,
                        format!("{what} lists `{}`, which does not list it back", spaces[other.index()].id),
                    ));
                }
                if spaces[other.index()].region != s.region && what == "connects" {
                    return Err(err(
                        file,
                        &s.id,
                        format!("connected to `{}` in another region", spaces[other.index()].id),
                    ));
                }
            }
        }
    }
    Ok(spaces)
}

fn investments(text: &str, report: &mut ContentReport) -> Result<Vec<InvestmentTile>, ContentError> {
    let file = "investments.toml";
    let entries: InvestmentsFile = toml_file(file, text)?;
    count(file, "tiles", entries.tile.len(), INVESTMENT_TILES)?;
    let mut tiles = Vec::new();
    for (i, t) in entries.tile.iter().enumerate() {
        let id = t.id.to_string();
        source(report, file, "investment tile", &id, &t.source)?;
        if t.id as usize != i {
            return Err(err(file, &id, format!("tiles must be numbered 0, 1, 2… in order; expected {i}")));
        }
        if t.major == t.minor {
            return Err(err(file, &id, "the minor action is of another type than the major (§3.3)"));
        }
        if !(2..=4).contains(&t.points) {
            return Err(err(file, &id, "a major action gives 2 to 4 points (§3.3)"));
        }
        if t.upgrade != (t.points == 2) {
            return Err(err(file, &id, "tiles with a 2-point major action, and only they, carry the upgrade (§3.3)"));
        }
        tiles.push(InvestmentTile {
            major: t.major,
            points: t.points,
            minor: t.minor,
            event: t.event,
            upgrade: t.upgrade,
        });
    }
    Ok(tiles)
}

type Tables = (Vec<AwardTile>, [[DemandReward; 3]; 6], Setup);

fn tables(text: &str, report: &mut ContentReport) -> Result<Tables, ContentError> {
    let file = "tables.toml";
    let t: TablesFile = toml_file(file, text)?;
    count(file, "award tiles", t.award.len(), AWARD_TILES)?;
    unique(file, t.award.iter().map(|a| a.id.as_str()))?;
    let mut awards = Vec::new();
    for a in &t.award {
        source(report, file, "award tile", &a.id, &a.source)?;
        if a.vp == 0 && a.trp == 0 {
            return Err(err(file, &a.id, "an award gives VP or treaty points"));
        }
        awards.push(AwardTile { id: a.id.clone(), vp: a.vp, trp: a.trp, margin: a.margin.unwrap_or(1).max(1) });
    }
    count(file, "demand rows", t.demand.len(), Commodity::ALL.len())?;
    let mut demand = [[DemandReward::default(); 3]; 6];
    for (row, c) in t.demand.iter().zip(Commodity::ALL) {
        source(report, file, "demand row", c.name(), &row.source)?;
        if row.commodity != c {
            return Err(err(
                file,
                c.name(),
                format!("rows must follow the table's order; found {} here", row.commodity),
            ));
        }
        for (era, r) in [&row.succession, &row.empire, &row.revolution].into_iter().enumerate() {
            demand[c.index()][era] = DemandReward { vp: r.vp, trp: r.trp, debt: r.debt };
        }
    }
    count(file, "turns", t.turn.len(), 10)?;
    for turn in &t.turn {
        source(report, file, "turn", &turn.id, &turn.source)?;
    }
    let expected = [
        ("peace1", Era::Succession),
        ("wss", Era::Succession),
        ("peace2", Era::Succession),
        ("peace3", Era::Empire),
        ("was", Era::Empire),
        ("peace4", Era::Empire),
        ("syw", Era::Empire),
        ("peace5", Era::Revolution),
        ("awi", Era::Revolution),
        ("peace6", Era::Revolution),
    ];
    for (turn, (id, era)) in t.turn.iter().zip(expected) {
        if turn.id != id || turn.era != era {
            return Err(err(file, &turn.id, format!("the turn track runs {id} ({}) here", era.name())));
        }
    }
    let s = &t.setup;
    source(report, file, "setup", "setup", &s.source)?;
    let setup = Setup {
        vp: s.vp,
        initiative: s.initiative,
        debt: s.debt,
        debt_limit: s.debt_limit,
        trp: s.trp,
        navy_box: [
            s.navy_box.get(&Power::Britain).copied().unwrap_or(0),
            s.navy_box.get(&Power::France).copied().unwrap_or(0),
        ],
    };
    if setup.debt > setup.debt_limit {
        return Err(err(file, "setup", "debt starts above the debt limit"));
    }
    Ok((awards, demand, setup))
}

fn war_tiles(text: &str, report: &mut ContentReport) -> Result<(Vec<BasicTile>, Vec<BonusTile>), ContentError> {
    let file = "war_tiles.toml";
    let t: WarTilesFile = toml_file(file, text)?;
    let mut basic = Vec::new();
    for (i, b) in t.basic.iter().enumerate() {
        source(report, file, "basic war tile kind", &format!("basic {i}"), &b.source)?;
        basic.push(BasicTile { value: b.value, symbol: b.symbol, count: b.count });
    }
    count(file, "basic tiles per power", basic.iter().map(|b| b.count as usize).sum(), BASIC_TILES_PER_POWER)?;
    let mut bonus = Vec::new();
    for b in &t.bonus {
        let id = format!("{} {} {}", b.war, b.power.name(), b.name);
        source(report, file, "bonus war tile", &id, &b.source)?;
        let war = WarId::parse(&b.war).ok_or_else(|| err(file, &id, format!("unknown war `{}`", b.war)))?;
        bonus.push(BonusTile { war, power: b.power, name: b.name.clone(), value: b.value, symbol: b.symbol });
    }
    for war in WarId::ALL {
        for power in Power::BOTH {
            let n = bonus.iter().filter(|b| b.war == war && b.power == power).count();
            if n != BONUS_TILES_PER_WAR_AND_POWER {
                return Err(ContentError(format!(
                    "{file}: {n} {} bonus tiles for the {}, but each power has {BONUS_TILES_PER_WAR_AND_POWER} per war",
                    power.adjective(),
                    war.name()
                )));
            }
        }
    }
    Ok((basic, bonus))
}

fn bonus_condition(file: &str, id: &str, text: &str) -> Result<BonusCondition, ContentError> {
    Ok(match text {
        "finance" => BonusCondition::Keyword(Keyword::Finance),
        "mercantilism" => BonusCondition::Keyword(Keyword::Mercantilism),
        "governance" => BonusCondition::Keyword(Keyword::Governance),
        "style" => BonusCondition::Keyword(Keyword::Style),
        "scholarship" => BonusCondition::Keyword(Keyword::Scholarship),
        "more_available_debt" => BonusCondition::MoreAvailableDebt,
        "three_more_available_debt" => BonusCondition::ThreeMoreAvailableDebt,
        "more_bonus_war_tiles" => BonusCondition::MoreBonusWarTiles,
        "prestige_scotland_ireland" => BonusCondition::PrestigeScotlandIreland,
        "mediterranean_intrigue" => BonusCondition::MediterraneanIntrigue,
        other => return Err(err(file, id, format!("unknown bonus condition `{other}`"))),
    })
}

fn cards(text: &str, report: &mut ContentReport) -> Result<Vec<EventCard>, ContentError> {
    let file = "cards.toml";
    let entries: CardsFile = toml_file(file, text)?;
    count(file, "event cards", entries.card.len(), EVENT_CARDS)?;
    unique(file, entries.card.iter().map(|c| c.id.as_str()))?;
    let text_of = |t: &TextEntry| EventText { title: t.title.clone(), text: t.text.clone(), bonus: t.bonus.clone() };
    let mut cards = Vec::new();
    for (i, c) in entries.card.iter().enumerate() {
        source(report, file, "event card", &c.id, &c.source)?;
        if c.number as usize != i + 1 {
            return Err(err(file, &c.id, format!("cards must be in number order; expected №{}", i + 1)));
        }
        // Eras split the deck 1–15, 16–30, 31–41 (§3.4.1; the reference's card table).
        let era = match c.number {
            1..=15 => Era::Succession,
            16..=30 => Era::Empire,
            _ => Era::Revolution,
        };
        if c.era != era {
            return Err(err(file, &c.id, format!("card №{} belongs to the {} era", c.number, era.name())));
        }
        let versions = match (&c.common, &c.britain, &c.france) {
            (Some(t), None, None) => CardVersions::Common(text_of(t)),
            (None, Some(b), Some(f)) => CardVersions::Sided([text_of(b), text_of(f)]),
            _ => return Err(err(file, &c.id, "a card has either a `common` version or both `britain` and `france`")),
        };
        let bonus_if = c.bonus_if.as_deref().map(|b| bonus_condition(file, &c.id, b)).transpose()?;
        cards.push(EventCard {
            number: c.number,
            id: c.id.clone(),
            name: c.name.clone(),
            era: c.era,
            action: c.action,
            bonus_if,
            versions,
        });
    }
    Ok(cards)
}

fn ministries(text: &str, report: &mut ContentReport) -> Result<Vec<MinistryCard>, ContentError> {
    let file = "ministries.toml";
    let entries: MinistriesFile = toml_file(file, text)?;
    count(file, "ministry cards", entries.ministry.len(), MINISTRY_CARDS)?;
    unique(file, entries.ministry.iter().map(|m| m.id.as_str()))?;
    let mut out = Vec::new();
    for (i, m) in entries.ministry.iter().enumerate() {
        source(report, file, "ministry card", &m.id, &m.source)?;
        if m.number as usize != i + 1 {
            return Err(err(file, &m.id, format!("cards must be in number order; expected №{}", i + 1)));
        }
        if m.eras.is_empty() || m.abilities.is_empty() {
            return Err(err(file, &m.id, "a ministry needs its eras and at least one ability"));
        }
        out.push(MinistryCard {
            number: m.number,
            id: m.id.clone(),
            name: m.name.clone(),
            power: m.power,
            eras: m.eras.clone(),
            keywords: m.keywords.clone(),
            abilities: m.abilities.clone(),
        });
    }
    Ok(out)
}

fn wars(
    text: &str,
    spaces: &[Space],
    report: &mut ContentReport,
    lookup: &dyn Fn(&str, &str, &str) -> Result<SpaceId, ContentError>,
) -> Result<Vec<War>, ContentError> {
    let file = "wars.toml";
    let entries: WarsFile = toml_file(file, text)?;
    count(file, "wars", entries.war.len(), WarId::ALL.len())?;
    let mut wars = Vec::new();
    for (w, expected) in entries.war.iter().zip(WarId::ALL) {
        source(report, file, "war", &w.id, &w.source)?;
        if WarId::parse(&w.id) != Some(expected) {
            return Err(err(
                file,
                &w.id,
                format!("wars must be in the order they are fought; expected `{expected:?}`"),
            ));
        }
        let mut theatres = Vec::new();
        for (n, t) in w.theatre.iter().enumerate() {
            let entry = format!("{} / {}", w.id, t.name);
            let conquests =
                t.conquests.iter().map(|c| lookup(file, &entry, c)).collect::<Result<SpaceSet, ContentError>>()?;
            for c in conquests.iter() {
                if spaces[c.index()].kind != SpaceKind::Territory {
                    return Err(err(file, &entry, format!("`{}` is not a territory", spaces[c.index()].id)));
                }
            }
            let tiers = |rows: &[TierEntry]| -> Result<Vec<Tier>, ContentError> {
                let out: Vec<Tier> = rows
                    .iter()
                    .map(|r| Tier {
                        margin: r.margin,
                        vp: r.vp,
                        cp: r.cp,
                        unflag: r.unflag,
                        loser_trp: r.loser_trp,
                        loser_squadrons: r.loser_squadrons,
                        special: r.special.clone(),
                    })
                    .collect();
                if out.is_empty() || out[0].margin == 0 || out.windows(2).any(|p| p[0].margin >= p[1].margin) {
                    return Err(err(file, &entry, "spoils rows need rising margins from at least 1"));
                }
                Ok(out)
            };
            let britain = tiers(&t.tier)?;
            let france = match &t.france_tier {
                Some(rows) => tiers(rows)?,
                None => britain.clone(),
            };
            let strength_spaces = spaces
                .iter()
                .enumerate()
                .filter(|(_, s)| s.theatres.contains(&(expected, n as u8)))
                .map(|(i, _)| SpaceId(i as u8))
                .collect();
            theatres.push(Theatre {
                name: t.name.clone(),
                region: t.region,
                extra_regions: t.extra_regions.clone(),
                keyword: t.keyword,
                conflicts: t.conflicts,
                naval: t.naval,
                conquests,
                strength_spaces,
                squadrons_lost_for_good: t.squadrons_lost_for_good,
                tiers: [britain, france],
            });
        }
        // Every dot on the map must name a theatre that exists.
        for s in spaces {
            for &(war, n) in &s.theatres {
                if war == expected && n as usize >= theatres.len() {
                    return Err(err("spaces.toml", &s.id, format!("the {} has no theatre {}", expected.name(), n + 1)));
                }
            }
        }
        wars.push(War { id: expected, name: w.name.clone(), theatres });
    }
    Ok(wars)
}

fn masks(spaces: &[Space]) -> Masks {
    let mut m = Masks { neighbours: Vec::with_capacity(spaces.len()), ..Masks::default() };
    for (i, s) in spaces.iter().enumerate() {
        let id = SpaceId(i as u8);
        m.all.insert(id);
        m.by_region[s.region.index()].insert(id);
        match s.kind {
            SpaceKind::Political => m.political.insert(id),
            SpaceKind::Market => m.market.insert(id),
            SpaceKind::Naval => m.naval.insert(id),
            SpaceKind::Territory => m.territory.insert(id),
            SpaceKind::Fort => m.fort.insert(id),
        }
        m.prestige.set(id, s.prestige);
        if let Some(c) = s.commodity {
            m.commodity[c.index()].insert(id);
        }
        m.local_alliance.set(id, s.is_local_alliance());
        m.alliance.set(id, s.is_alliance());
        m.spanish.set(id, s.spanish);
        match s.availability {
            Availability::Always => (0..3).for_each(|e| m.available_from[e].insert(id)),
            Availability::FromEra(era) => (era.index()..3).for_each(|e| m.available_from[e].insert(id)),
            Availability::AfterIndependence => m.usa.insert(id),
        }
        m.neighbours.push(s.connects);
        if s.kind == SpaceKind::Territory
            && let Some(p) = s.start
        {
            m.start_territories[p.index()].insert(id);
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped files with one of them edited.
    fn broken(which: &str, from: &str, to: &str) -> String {
        let files = ContentFiles::shipped(SHIPPED);
        let name = format!("{which}.toml");
        let text = files.text(&name);
        assert!(text.contains(from), "the test's pattern `{from}` is not in {name}");
        let edited = files.clone().with_file(&name, text.replacen(from, to, 1)).expect("a shipped file");
        match parse(&edited) {
            Ok(_) => panic!("the edited {which} was accepted"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn the_shipped_content_loads_with_the_rulebooks_counts() {
        // Ruling S2 (the map: 112 spaces), ruling S5 (the Louisbourg route only under §12.3).
        let c = parse(&ContentFiles::shipped(SHIPPED)).expect("shipped content");
        let space = |id: &str| c.space_by_id(id).unwrap_or_else(|| panic!("no space `{id}`"));
        assert_eq!(c.spaces.len(), 112);
        assert_eq!(c.cards.len(), 41);
        assert_eq!(c.ministries.len(), 26);
        assert_eq!(c.investments.len(), 24);
        assert_eq!(c.awards.len(), 8);
        assert_eq!(c.advantages.len(), 22);
        assert_eq!(c.bonus_tiles.len(), 96);
        assert_eq!(c.wars.len(), 4);
        // §3.2: four regions; §3.2.1 examples: Sweden costs 2 and is prestige; Ohio Forks is a fort of cost 3.
        let sweden = c.space(space("sweden"));
        assert!(sweden.prestige && sweden.cost == 2 && sweden.kind == SpaceKind::Political);
        let ohio = c.space(space("ohio_forks"));
        assert!(ohio.kind == SpaceKind::Fort && ohio.cost == 3 && ohio.theatres.len() == 4);
        // §3.2.2: Île-aux-Noix is a furs market of cost 3; §3.2.3: Chandernagore a French territory of cost 1.
        let noix = c.space(space("ile_aux_noix"));
        assert_eq!((noix.commodity, noix.cost), (Some(Commodity::Furs), 3));
        let ch = c.space(space("chandernagore"));
        assert_eq!((ch.kind, ch.start, ch.cost), (SpaceKind::Territory, Some(Power::France), 1));
        // §3.2.6: three war routes lead to Louisbourg, one of them only under §12.3.
        let lb = c.space(space("louisbourg"));
        assert_eq!(lb.conquest.len() + lb.fortified_conquest.len(), 3);
        assert_eq!(c.report.provisional(), 0, "{:?}", c.report);
    }

    #[test]
    fn the_content_rulings_hold() {
        let c = parse(&ContentFiles::shipped(SHIPPED)).expect("shipped content");
        let space = |id: &str| c.space(c.space_by_id(id).unwrap_or_else(|| panic!("no space `{id}`")));
        // Ruling S2 (the map): the reference table's costs, Chesapeake a market with no commodity, and no
        // space joined to itself.
        assert_eq!(space("massachusetts_bay").cost, 3);
        assert_eq!((space("chesapeake").kind, space("chesapeake").commodity), (SpaceKind::Market, None));
        for (i, s) in c.spaces.iter().enumerate() {
            assert!(!s.connects.contains(crate::content::SpaceId(i as u8)), "{} joins itself", s.id);
        }
        // Ruling S4: Wheat needs Chesapeake, not Cumberland.
        let wheat = c.advantage(c.advantage_by_id("wheat").expect("wheat"));
        assert!(wheat.requires.contains(c.space_by_id("chesapeake").expect("chesapeake")));
        assert!(!wheat.requires.contains(c.space_by_id("cumberland").expect("cumberland")));
        // Ruling S6: Spain's printed territories, with no Spanish flag in the plain game.
        for id in ["gibraltar", "minorca", "asiento", "san_agustin"] {
            assert!(space(id).spanish, "{id}");
        }
        // Ruling S7: local alliances are the political spaces outside Europe.
        assert!(c.spaces.iter().filter(|s| s.is_local_alliance()).all(|s| s.region != Region::Europe));
        // Ruling S8: prestige as the reference marks it, Minorca (a territory) included.
        assert!(space("minorca").prestige && space("minorca").kind == SpaceKind::Territory);
        // Ruling S10 (setup): VP 15, no debt of a limit of 6, no treaty points, Britain 2 squadrons, France 1.
        let setup = &c.setup;
        assert_eq!((setup.vp, setup.debt, setup.debt_limit, setup.trp), (15, 0, 6, 0));
        assert_eq!(setup.navy_box, [2, 1]);
    }

    #[test]
    fn broken_files_are_refused_with_file_entry_and_problem() {
        let e = broken("spaces", r#"connects = ["york_factory"]"#, r#"connects = ["york_factory", "cataraqui"]"#);
        assert!(e.contains("spaces.toml") && e.contains("hudson_bay") && e.contains("does not list it back"), "{e}");
        let e = broken("spaces", r#"connects = ["york_factory"]"#, r#"connects = ["nowhere"]"#);
        assert!(e.contains("unknown space `nowhere`"), "{e}");
        let e = broken("spaces", r#"source = "reference:imperial-struggle-data.md §2.1""#, r#"source = "wiki""#);
        assert!(e.contains("spaces.toml") && e.contains("must begin with"), "{e}");
        let e = broken("cards", "number = 2\n", "number = 3\n");
        assert!(e.contains("cards.toml") && e.contains("acts_of_union") && e.contains("number order"), "{e}");
        let e = broken("investments", "upgrade = true\n", "");
        assert!(e.contains("investments.toml") && e.contains("upgrade"), "{e}");
        let e = broken("advantages", r#"requires = ["gibraltar"]"#, r#"requires = ["gibralter"]"#);
        assert!(e.contains("advantages.toml") && e.contains("naval_bastion") && e.contains("gibralter"), "{e}");
        let e = broken("war_tiles", "count = 3\n", "count = 4\n");
        assert!(e.contains("war_tiles.toml") && e.contains("17"), "{e}");
        let e = broken("wars", "margin = 3\n", "margin = 1\n");
        assert!(e.contains("wars.toml") && e.contains("rising margins"), "{e}");
        let e = broken("tables", "commodity = \"spice\"", "commodity = \"fish\"");
        assert!(e.contains("tables.toml") && e.contains("order"), "{e}");
        let e = broken("ministries", "eras = [\"succession\"]", "eras = [\"medieval\"]");
        assert!(e.contains("ministries.toml"), "{e}");
    }
}
