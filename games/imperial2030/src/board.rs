//! The map: 62 regions, their borders, factory sites, harbours and canals, read from `data/board.toml` (or
//! a player's own file in its place) and validated when loaded (CONTENT.md). The [`Board`] is the game's
//! content: each game state holds the one it is played on. Region sets are `u64` bit masks, which keeps
//! movement and flag rules cheap enough for millions of simulated turns.

use std::collections::BTreeMap;
use std::fmt;

use imperia_core::{ContentReport, ContentSet, Source};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::nation::{NATIONS, Nation};

/// The board file shipped with the game.
pub const BOARD_TOML: &str = include_str!("../data/board.toml");

/// A region of the map, by its position in the board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Region(pub u8);

impl Region {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// This region as a one-bit mask.
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

// A region is shown by its name and travels by its id ("new_orleans"), so that records and the JSON API stay
// readable; both belong to the board in scope (imperia_core::content).
impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ContentSet::<Board>::with_current(|b| f.write_str(&b.info(*self).name))
    }
}

impl Serialize for Region {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ContentSet::<Board>::with_current(|b| s.serialize_str(&b.info(*self).id))
    }
}

impl<'de> Deserialize<'de> for Region {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Id;
        impl serde::de::Visitor<'_> for Id {
            type Value = Region;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a region id such as \"new_orleans\"")
            }
            fn visit_str<E: serde::de::Error>(self, id: &str) -> Result<Region, E> {
                ContentSet::<Board>::with_current(|b| b.region(id))
                    .ok_or_else(|| E::custom(format!("there is no region `{id}` on the board")))
            }
        }
        d.deserialize_str(Id)
    }
}

/// Factory type of a city: brown cities take armaments factories, blue cities shipyards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FactoryKind {
    Armaments,
    Shipyard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegionKind {
    Sea,
    Land,
}

/// One region as the board file describes it.
#[derive(Clone, Debug)]
pub struct RegionInfo {
    pub id: String,
    pub name: String,
    pub kind: RegionKind,
    pub home: Option<Nation>,
    pub factory: Option<FactoryKind>,
    pub start_factory: bool,
    /// For a blue city: the sea its fleets sail out into.
    pub harbour: Option<Region>,
    pub neighbours: u64,
    pub source: String,
}

impl RegionInfo {
    pub fn is_sea(&self) -> bool {
        self.kind == RegionKind::Sea
    }
}

/// A canal joining two seas, controlled by the nation whose flag stands in a land region.
#[derive(Clone, Debug)]
pub struct Canal {
    pub name: String,
    pub seas: [Region; 2],
    pub controlled_from: Region,
}

impl Canal {
    /// Whether sailing from `a` to `b` goes through this canal.
    pub fn joins(&self, a: Region, b: Region) -> bool {
        (self.seas[0] == a && self.seas[1] == b) || (self.seas[0] == b && self.seas[1] == a)
    }
}

/// The validated map.
#[derive(Clone, Debug)]
pub struct Board {
    pub regions: Vec<RegionInfo>,
    pub canals: Vec<Canal>,
    /// Every sea.
    pub seas: u64,
    /// Each nation's four home provinces, in turn order.
    pub homes: [u64; 6],
    /// Where each entry comes from.
    pub content: ContentReport,
    by_id: BTreeMap<String, Region>,
}

impl Board {
    /// Parse and validate a board file.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let file: BoardFile =
            toml::from_str(text).map_err(|e| BoardError(format!("board.toml does not parse: {e}")))?;
        Board::from_file(file)
    }

    pub fn region(&self, id: &str) -> Option<Region> {
        self.by_id.get(id).copied()
    }

    /// What the board prints for `region`.
    pub fn info(&self, region: Region) -> &RegionInfo {
        &self.regions[region.index()]
    }

    /// All regions in board order.
    pub fn all(&self) -> impl Iterator<Item = Region> + use<> {
        (0..self.regions.len() as u8).map(Region)
    }

    pub fn home_of(&self, nation: Nation) -> u64 {
        self.homes[nation.index()]
    }

    /// The map as JSON for a client that draws it: regions (id, name, kind, home nation, city colour,
    /// starting factory, harbour, neighbours, source) and canals, in board order.
    pub fn to_json(&self) -> serde_json::Value {
        let id = |r: Region| self.regions[r.index()].id.clone();
        let regions: Vec<serde_json::Value> = self
            .all()
            .map(|r| {
                let info = &self.regions[r.index()];
                serde_json::json!({
                    "id": info.id,
                    "name": info.name,
                    "kind": info.kind,
                    "home": info.home,
                    "factory": info.factory,
                    "start_factory": info.start_factory,
                    "harbour": info.harbour.map(id),
                    "neighbours": regions_in(info.neighbours).map(id).collect::<Vec<_>>(),
                    "source": info.source,
                })
            })
            .collect();
        let canals: Vec<serde_json::Value> = self
            .canals
            .iter()
            .map(|c| serde_json::json!({ "name": c.name, "seas": c.seas.map(id), "controlled_from": id(c.controlled_from) }))
            .collect();
        serde_json::json!({ "regions": regions, "canals": canals })
    }

    /// The canal between two seas, if the crossing is one.
    pub fn canal_between(&self, a: Region, b: Region) -> Option<usize> {
        self.canals.iter().position(|c| c.joins(a, b))
    }

    fn from_file(file: BoardFile) -> Result<Board, BoardError> {
        let err = |id: &str, what: String| BoardError(format!("board.toml, region `{id}`: {what}"));
        if file.region.len() > 64 {
            return Err(BoardError(format!("board.toml: {} regions, at most 64 are supported", file.region.len())));
        }
        let mut by_id = BTreeMap::new();
        for (i, r) in file.region.iter().enumerate() {
            if by_id.insert(r.id.clone(), Region(i as u8)).is_some() {
                return Err(err(&r.id, "the id is used twice".into()));
            }
        }
        let lookup =
            |owner: &str, id: &str| by_id.get(id).copied().ok_or_else(|| err(owner, format!("unknown region `{id}`")));
        let mut regions = Vec::with_capacity(file.region.len());
        let mut content = ContentReport::default();
        for r in &file.region {
            let mut neighbours = 0u64;
            for n in &r.neighbours {
                let n = lookup(&r.id, n)?;
                if n.bit() & neighbours != 0 {
                    return Err(err(&r.id, format!("neighbour `{}` is listed twice", file.region[n.index()].id)));
                }
                neighbours |= n.bit();
            }
            let harbour = r.harbour.as_deref().map(|h| lookup(&r.id, h)).transpose()?;
            if r.source.trim().is_empty() {
                return Err(err(&r.id, "the entry has no source".into()));
            }
            let source = Source::parse(&r.source).map_err(|e| err(&r.id, e))?;
            content.add("region", &r.id, source);
            regions.push(RegionInfo {
                id: r.id.clone(),
                name: r.name.clone(),
                kind: r.kind,
                home: r.home,
                factory: r.factory,
                start_factory: r.start_factory,
                harbour,
                neighbours,
                source: r.source.clone(),
            });
        }
        let canals = file
            .canal
            .iter()
            .map(|c| {
                let source = Source::parse(&c.source).map_err(|e| err(&c.name, e))?;
                content.add("canal", &c.name, source);
                Ok(Canal {
                    name: c.name.clone(),
                    seas: [lookup(&c.name, &c.seas[0])?, lookup(&c.name, &c.seas[1])?],
                    controlled_from: lookup(&c.name, &c.controlled_from)?,
                })
            })
            .collect::<Result<Vec<_>, BoardError>>()?;
        let mut board = Board { regions, canals, seas: 0, homes: [0; 6], by_id, content };
        for r in board.all() {
            let info = &board.regions[r.index()];
            if info.is_sea() {
                board.seas |= r.bit();
            }
            if let Some(n) = info.home {
                board.homes[n.index()] |= r.bit();
            }
        }
        board.validate()?;
        Ok(board)
    }

    /// The checks CONTENT.md asks for: symmetric and connected borders, sound home provinces, harbours
    /// and canals, and the component counts of the rulebook.
    fn validate(&self) -> Result<(), BoardError> {
        let err = |r: Region, what: String| {
            BoardError(format!("board.toml, region `{}`: {what}", self.regions[r.index()].id))
        };
        for r in self.all() {
            let info = &self.regions[r.index()];
            if info.neighbours & r.bit() != 0 {
                return Err(err(r, "it borders itself".into()));
            }
            for n in self.all().filter(|n| info.neighbours & n.bit() != 0) {
                if self.regions[n.index()].neighbours & r.bit() == 0 {
                    return Err(err(
                        r,
                        format!("borders `{}`, but not the other way round", self.regions[n.index()].id),
                    ));
                }
            }
            if info.is_sea() && (info.home.is_some() || info.factory.is_some() || info.harbour.is_some()) {
                return Err(err(r, "a sea cannot be a home province, a factory site or a harbour".into()));
            }
            if info.home.is_some() != info.factory.is_some() {
                return Err(err(r, "every home province, and only a home province, has a city colour".into()));
            }
            if info.start_factory && info.factory.is_none() {
                return Err(err(r, "a starting factory needs a city".into()));
            }
            match (info.factory, info.harbour) {
                (Some(FactoryKind::Shipyard), Some(h))
                    if !self.regions[h.index()].is_sea() || info.neighbours & h.bit() == 0 =>
                {
                    return Err(err(r, "its harbour must be a bordering sea".into()));
                }
                (Some(FactoryKind::Shipyard), None) => {
                    return Err(err(r, "a blue city needs a harbour sea".into()));
                }
                (Some(FactoryKind::Shipyard), Some(_)) => {}
                (_, Some(_)) => return Err(err(r, "only a blue city has a harbour".into())),
                _ => {}
            }
        }
        // One connected map: every region reachable from the first.
        let all = (1u128 << self.regions.len()) - 1;
        let mut seen = 1u64;
        let mut frontier = 1u64;
        while frontier != 0 {
            let mut next = 0;
            for r in self.all().filter(|r| frontier & r.bit() != 0) {
                next |= self.regions[r.index()].neighbours;
            }
            frontier = next & !seen;
            seen |= next;
        }
        if seen as u128 != all {
            let lost = self.all().find(|r| seen & r.bit() == 0).map(|r| self.regions[r.index()].id.clone());
            return Err(BoardError(format!(
                "board.toml: the map is not connected (`{}` cannot be reached)",
                lost.unwrap_or_default()
            )));
        }
        // Component counts («Подготовка к игре»): four home provinces and two starting factories per nation,
        // one of each kind.
        for nation in NATIONS {
            let homes: Vec<&RegionInfo> =
                self.all().map(|r| &self.regions[r.index()]).filter(|i| i.home == Some(nation)).collect();
            if homes.len() != 4 {
                return Err(BoardError(format!(
                    "board.toml: {nation} has {} home provinces, the rules give 4",
                    homes.len()
                )));
            }
            let starts: Vec<FactoryKind> = homes.iter().filter(|i| i.start_factory).filter_map(|i| i.factory).collect();
            if starts.len() != 2 || starts[0] == starts[1] {
                return Err(BoardError(format!(
                    "board.toml: {nation} must start with one armaments factory and one shipyard"
                )));
            }
        }
        for c in &self.canals {
            let [a, b] = c.seas;
            if !self.regions[a.index()].is_sea()
                || !self.regions[b.index()].is_sea()
                || self.regions[a.index()].neighbours & b.bit() == 0
            {
                return Err(BoardError(format!("board.toml, canal `{}`: it must join two bordering seas", c.name)));
            }
            if self.regions[c.controlled_from.index()].is_sea() {
                return Err(BoardError(format!("board.toml, canal `{}`: it is controlled from a land region", c.name)));
            }
        }
        Ok(())
    }
}

/// A board file that cannot be used, with the entry and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BoardError(pub String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    region: Vec<RegionEntry>,
    #[serde(default)]
    canal: Vec<CanalEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionEntry {
    id: String,
    name: String,
    kind: RegionKind,
    home: Option<Nation>,
    factory: Option<FactoryKind>,
    #[serde(default)]
    start_factory: bool,
    harbour: Option<String>,
    neighbours: Vec<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CanalEntry {
    name: String,
    seas: [String; 2],
    controlled_from: String,
    source: String,
}

/// The content files, as shipped.
pub const SHIPPED: &[(&str, &str)] = &[("board.toml", BOARD_TOML)];

/// The region with this id on the shipped board; for tests and examples, which name regions by id.
///
/// # Panics
/// If there is no such region.
pub fn region(id: &str) -> Region {
    ContentSet::<Board>::shipped().region(id).unwrap_or_else(|| panic!("no region `{id}`"))
}

/// Iterate the regions in a mask, in board order.
pub fn regions_in(mask: u64) -> impl Iterator<Item = Region> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(Region(i))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_board_is_the_rulebook_map() {
        // Ruling I7 (the map's source), ruling I8 (no Near East–East Africa border), ruling I9 (Chennai).
        let b = Board::parse(BOARD_TOML).expect("valid board");
        assert_eq!(b.regions.len(), 62);
        assert_eq!(b.seas.count_ones(), 11, "11 seas");
        let neutral_land = b.regions.iter().filter(|r| !r.is_sea() && r.home.is_none()).count();
        assert_eq!(neutral_land, 27);
        let edges: u32 = b.regions.iter().map(|r| r.neighbours.count_ones()).sum::<u32>() / 2;
        assert_eq!(edges, 162, "the reference's 162 borders; Near East–East Africa is a closed strait");
        let r = |id: &str| b.region(id).expect(id);
        // Borders the rulebook itself names (digest §7, «Adjacency given»).
        for (x, y) in [
            ("north_atlantic", "caribbean_sea"),
            ("north_atlantic", "gulf_of_guinea"),
            ("north_atlantic", "mediterranean_sea"),
            ("north_atlantic", "canada"),
            ("south_atlantic", "indian_ocean"),
            ("sea_of_japan", "china_sea"),
            ("vladivostok", "korea"),
            ("kolkata", "indochina"),
            ("kolkata", "chongqing"),
            ("berlin", "murmansk"),
            ("ukraine", "moscow"),
            ("brasilia", "argentina"),
            ("argentina", "peru"),
            ("manaus", "colombia"),
            ("caribbean_sea", "colombia"),
            ("new_orleans", "mexico"),
            ("rome", "turkey"),
            ("paris", "london"),
            ("north_pacific", "sea_of_japan"),
            ("north_pacific", "china_sea"),
            ("south_pacific", "china_sea"),
            ("south_pacific", "tasman_sea"),
        ] {
            assert!(b.info(r(x)).neighbours & r(y).bit() != 0, "{x}–{y}");
        }
        assert_eq!(b.info(r("near_east")).neighbours & r("east_africa").bit(), 0);
        assert_eq!(b.info(r("afghanistan")).neighbours & b.seas, 0, "Afghanistan is landlocked");
        assert_eq!(b.info(r("london")).harbour, Some(r("north_atlantic")));
        assert_eq!(
            b.info(r("chennai")).factory,
            Some(FactoryKind::Armaments),
            "«Индия строит военную фабрику в Ченнае»"
        );
        assert_eq!(b.canals.len(), 2);
    }

    fn broken(from: &str, to: &str) -> String {
        assert!(BOARD_TOML.contains(from), "test edit `{from}` not found");
        let text = BOARD_TOML.replacen(from, to, 1);
        Board::parse(&text).expect_err("the broken board must be refused").to_string()
    }

    #[test]
    fn broken_boards_are_refused_with_the_entry_and_the_problem() {
        let e = broken(
            r#"neighbours = ["berlin", "canada", "caribbean_sea""#,
            r#"neighbours = ["canada", "caribbean_sea""#,
        );
        assert!(e.contains("`berlin`") && e.contains("not the other way round"), "{e}");
        let e = broken(r#"id = "alaska""#, r#"id = "canada""#);
        assert!(e.contains("`canada`") && e.contains("used twice"), "{e}");
        let e = broken(r#""quebec"]"#, r#""atlantis"]"#);
        assert!(e.contains("unknown region `atlantis`"), "{e}");
        let e = broken(r#"harbour = "north_atlantic""#, r#"harbour = "south_pacific""#);
        assert!(e.contains("harbour must be a bordering sea"), "{e}");
        let e = broken(r#"home = "russia""#, r#"home = "europe""#);
        assert!(e.contains("home provinces"), "{e}");
        let e = broken(r#"kind = "sea""#, r#"kind = "lake""#);
        assert!(e.contains("does not parse"), "{e}");
        let e = broken(r#"source = "reference:imperial2030-board.md §1.2""#, r#"source = """#);
        assert!(e.contains("no source"), "{e}");
    }
}
