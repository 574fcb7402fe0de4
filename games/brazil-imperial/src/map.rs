//! The hex maps (`data/maps.toml`): a grid in "odd-r" offset layout (odd rows sit half a hex to the right),
//! each cell a terrain, an exploration ("?") hex, a capital site or nothing. The printed maps were pictures,
//! so every map is a provisional approximation drawn from the real geography it names
//! (tools/brazil-maps, docs/rules/brazil-imperial.md §3.12).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::content::Terrain;

/// A hex by its place in the grid: written `r3c4`, row 3, column 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    pub r: u8,
    pub c: u8,
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.r, self.c)
    }
}

impl Hex {
    pub fn parse(s: &str) -> Option<Hex> {
        let rest = s.strip_prefix('r')?;
        let (r, c) = rest.split_once('c')?;
        Some(Hex { r: r.parse().ok()?, c: c.parse().ok()? })
    }

    /// The cube coordinates, for distances.
    fn cube(self) -> (i32, i32) {
        let (r, c) = (i32::from(self.r), i32::from(self.c));
        let q = c - (r - (r & 1)) / 2;
        (q, r)
    }

    pub fn distance(self, other: Hex) -> u32 {
        let (q1, r1) = self.cube();
        let (q2, r2) = other.cube();
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The six grid neighbours, some of them off the grid.
    fn around(self) -> [(i32, i32); 6] {
        let (r, c) = (i32::from(self.r), i32::from(self.c));
        let d = if r % 2 == 0 { -1 } else { 0 };
        [(r, c - 1), (r, c + 1), (r - 1, c + d), (r - 1, c + d + 1), (r + 1, c + d), (r + 1, c + d + 1)]
    }
}

impl Serialize for Hex {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Hex::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a hex such as \"r3c4\"")))
    }
}

/// What a cell of the grid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    Land(Terrain),
    /// An exploration hex: a face-down token lies on it at setup.
    Question,
    /// A player's capital site (land, its terrain never matters).
    Capital,
    /// The Dutch capital of the solo scenario.
    Dutch,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MapRecord {
    pub id: String,
    name: String,
    players: u8,
    water_rule: bool,
    /// The rulebook scenario the map is drawn for, its battle likelihood (the X, XX or XXX printed under
    /// it) and its own rules in words; a map of no scenario has none.
    #[serde(default)]
    scenario: Option<String>,
    #[serde(default)]
    battle: Option<u8>,
    #[serde(default)]
    rules: Option<String>,
    pub source: String,
    lon0: f64,
    lat0: f64,
    step: f64,
    grid: String,
    #[serde(default)]
    places: Vec<Place>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub hex: Hex,
    pub name: String,
}

/// A map, its hexes numbered in reading order.
pub struct Map {
    pub id: String,
    pub name: String,
    pub players: u8,
    pub water_rule: bool,
    /// The rulebook scenario's id, if the map is drawn for one (ruling B38).
    pub scenario: Option<String>,
    /// The scenario's battle likelihood, 1 to 3 (X to XXX).
    pub battle: Option<u8>,
    /// The scenario's own rules, in words.
    pub rules: Option<String>,
    pub hexes: Vec<Hex>,
    pub cells: Vec<Cell>,
    /// Each grid cell's hex number, row by row (`cols` to a row), for finding a hex at once.
    grid: Vec<Option<u16>>,
    cols: usize,
    /// Each hex's neighbours on the map, by number.
    pub neighbours: Vec<Vec<u16>>,
    /// Capital sites, by number, in reading order.
    pub capitals: Vec<u16>,
    pub dutch: Option<u16>,
    pub places: Vec<Place>,
    pub lon0: f64,
    pub lat0: f64,
    pub step: f64,
}

impl Map {
    pub(crate) fn build(m: &MapRecord, tokens: usize) -> Result<Map, String> {
        let mut hexes = Vec::new();
        let mut cells = Vec::new();
        for (r, line) in m.grid.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            for (c, code) in line.split_whitespace().enumerate() {
                let cell = match code {
                    "." => continue,
                    "f" => Cell::Land(Terrain::Field),
                    "w" => Cell::Land(Terrain::Forest),
                    "g" => Cell::Land(Terrain::Gold),
                    "~" => Cell::Land(Terrain::Water),
                    "?" => Cell::Question,
                    "C" => Cell::Capital,
                    "D" => Cell::Dutch,
                    other => return Err(format!("row {r}: unknown cell `{other}`")),
                };
                if r > 250 || c > 250 {
                    return Err("the grid is larger than 250 by 250".into());
                }
                hexes.push(Hex { r: r as u8, c: c as u8 });
                cells.push(cell);
            }
        }
        if hexes.len() > 2000 {
            return Err(format!("{} hexes; a map holds at most 2000", hexes.len()));
        }
        let cols = hexes.iter().map(|h| usize::from(h.c) + 1).max().unwrap_or(0);
        let rows = hexes.iter().map(|h| usize::from(h.r) + 1).max().unwrap_or(0);
        let mut grid = vec![None; rows * cols];
        for (i, h) in hexes.iter().enumerate() {
            grid[usize::from(h.r) * cols + usize::from(h.c)] = Some(i as u16);
        }
        let at = |r: i32, c: i32| {
            let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
            (c < cols).then(|| grid.get(r * cols + c).copied().flatten()).flatten().map(usize::from)
        };
        let neighbours: Vec<Vec<u16>> = hexes
            .iter()
            .map(|h| h.around().iter().filter_map(|&(r, c)| at(r, c)).map(|i| i as u16).collect())
            .collect();
        let capitals: Vec<u16> = (0..cells.len()).filter(|&i| cells[i] == Cell::Capital).map(|i| i as u16).collect();
        let dutch: Vec<u16> = (0..cells.len()).filter(|&i| cells[i] == Cell::Dutch).map(|i| i as u16).collect();
        let solo = m.players == 1;
        if !(1..=4).contains(&m.players) {
            return Err(format!("players = {}; a map serves 1 to 4", m.players));
        }
        if m.battle.is_some_and(|b| !(1..=3).contains(&b)) || m.battle.is_some() && m.scenario.is_none() {
            return Err("battle is a scenario's likelihood of battle, 1 to 3 (X to XXX)".into());
        }
        if capitals.len() != usize::from(m.players) {
            return Err(format!("{} capital sites for {} players", capitals.len(), m.players));
        }
        if dutch.len() != usize::from(solo) {
            return Err("the solo map, and only it, has one Dutch capital (`D`)".into());
        }
        let questions = cells.iter().filter(|&&c| c == Cell::Question).count();
        if questions > tokens {
            return Err(format!("{questions} \"?\" hexes but only {tokens} exploration tokens"));
        }
        let sites: Vec<u16> = capitals.iter().chain(&dutch).copied().collect();
        for (i, &a) in sites.iter().enumerate() {
            for &b in &sites[i + 1..] {
                if hexes[usize::from(a)].distance(hexes[usize::from(b)]) < 4 {
                    return Err(format!(
                        "the capitals at {} and {} are closer than 4 hexes",
                        hexes[usize::from(a)],
                        hexes[usize::from(b)]
                    ));
                }
            }
            if neighbours[usize::from(a)].iter().any(|&n| cells[usize::from(n)] == Cell::Question) {
                return Err(format!("a \"?\" hex touches the capital at {}", hexes[usize::from(a)]));
            }
        }
        // Every hex reachable from every other.
        let mut seen = vec![false; hexes.len()];
        let mut stack = vec![0usize];
        while let Some(h) = stack.pop() {
            if !std::mem::replace(&mut seen[h], true) {
                stack.extend(neighbours[h].iter().map(|&n| usize::from(n)));
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(format!("the hex {} cannot be reached from the rest of the map", hexes[i]));
        }
        for p in &m.places {
            if !hexes.contains(&p.hex) {
                return Err(format!("the place {} names {}, which is not on the map", p.name, p.hex));
            }
        }
        Ok(Map {
            id: m.id.clone(),
            name: m.name.clone(),
            players: m.players,
            water_rule: m.water_rule,
            scenario: m.scenario.clone(),
            battle: m.battle,
            rules: m.rules.clone(),
            hexes,
            cells,
            grid,
            cols,
            neighbours,
            capitals,
            dutch: dutch.first().copied(),
            places: m.places.clone(),
            lon0: m.lon0,
            lat0: m.lat0,
            step: m.step,
        })
    }

    pub fn index(&self, hex: Hex) -> Option<usize> {
        let (r, c) = (usize::from(hex.r), usize::from(hex.c));
        if c >= self.cols {
            return None;
        }
        self.grid.get(r * self.cols + c).copied().flatten().map(usize::from)
    }

    /// The printed terrain: "?" hexes, capitals and the Dutch capital have none that counts.
    pub fn terrain(&self, i: usize) -> Option<Terrain> {
        match self.cells[i] {
            Cell::Land(t) => Some(t),
            _ => None,
        }
    }

    pub fn is_water(&self, i: usize) -> bool {
        self.terrain(i) == Some(Terrain::Water)
    }

    /// A map-edge hex has fewer than six neighbours on the map (ruling B41).
    pub fn is_edge(&self, i: usize) -> bool {
        self.neighbours[i].len() < 6
    }

    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours[a].contains(&(b as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_rows_sit_to_the_right() {
        let h = Hex { r: 1, c: 1 };
        let mut n: Vec<(i32, i32)> = h.around().to_vec();
        n.sort();
        assert_eq!(n, vec![(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]);
        assert!(h.around().iter().all(|&(r, c)| Hex { r: r as u8, c: c as u8 }.distance(h) == 1));
        assert_eq!(Hex { r: 0, c: 0 }.distance(Hex { r: 4, c: 0 }), 4);
        assert_eq!(Hex::parse("r12c3"), Some(Hex { r: 12, c: 3 }));
        assert_eq!(Hex::parse("r12"), None);
    }
}
