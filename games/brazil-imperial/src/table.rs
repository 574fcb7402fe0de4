//! Questions about the table that many rules ask: whose units stand where, who controls a token, what a
//! building produces, which hexes count as forest or as built, what a player may pay with.

use crate::content::{Ability, Bag, BattleId, Find, Piece, Privilege, PrivilegeId, Reign, Space, Terrain, UnitId};
use crate::map::Cell;
use crate::pay::Pool;
use crate::state::{Brazil, Built, DUTCH, Frame, Spot, Token};

impl Brazil {
    /// The units standing on hex `i`, with their owners. At most one owner's units share a hex (ruling B14).
    pub fn units_at(&self, i: usize) -> impl Iterator<Item = (u8, UnitId)> + '_ {
        let here = Spot::Map(i as u16);
        let players = self.players.iter().enumerate().flat_map(move |(s, p)| {
            let colour = &self.content.colours[p.colour.index()];
            p.units.iter().zip(&colour.units).filter(move |(spot, _)| **spot == here).map(move |(_, &u)| (s as u8, u))
        });
        let dutch = self.dutch.iter().filter(move |(_, spot)| *spot == here).map(|&(u, _)| (DUTCH, u));
        players.chain(dutch)
    }

    /// Whose units stand on each hex, counted once for questions about the whole map.
    pub fn occupancy(&self) -> Vec<Option<u8>> {
        let mut at = vec![None; self.sites.len()];
        for (s, p) in self.players.iter().enumerate() {
            for spot in &p.units {
                if let Spot::Map(i) = spot {
                    at[usize::from(*i)] = Some(s as u8);
                }
            }
        }
        for (_, spot) in &self.dutch {
            if let Spot::Map(i) = spot {
                at[usize::from(*i)] = Some(DUTCH);
            }
        }
        at
    }

    /// The tokens `seat` controls (the owner's, unless another's units stand on them), with their hexes.
    pub fn controlled(&self, seat: u8) -> impl Iterator<Item = (usize, Token)> + '_ {
        let occupied = self.occupancy();
        self.sites.iter().enumerate().filter_map(move |(i, s)| {
            let t = s.token?;
            (occupied[i].unwrap_or(t.owner) == seat).then_some((i, t))
        })
    }

    /// Whose units stand on hex `i`, if anyone's.
    pub fn occupant(&self, i: usize) -> Option<u8> {
        // `units_at(i).next()`, without walking each colour's unit list.
        let here = Spot::Map(i as u16);
        let player = self.players.iter().position(|p| p.units.contains(&here)).map(|s| s as u8);
        player.or_else(|| self.dutch.iter().any(|(_, spot)| *spot == here).then_some(DUTCH))
    }

    /// Who controls the token on hex `i`: the owner, unless another's units stand on it («Захваченные
    /// города и постройки»).
    pub fn controller(&self, i: usize) -> Option<u8> {
        let t = self.sites[i].token?;
        Some(self.occupant(i).unwrap_or(t.owner))
    }

    /// Where a unit of `seat` stands.
    pub fn spot(&self, seat: u8, unit: UnitId) -> Spot {
        let p = &self.players[usize::from(seat)];
        let colour = &self.content.colours[p.colour.index()];
        colour.units.iter().position(|&u| u == unit).map_or(Spot::Gone, |k| p.units[k])
    }

    pub fn set_spot(&mut self, seat: u8, unit: UnitId, spot: Spot) {
        if seat == DUTCH {
            if let Some(d) = self.dutch.iter_mut().find(|(u, _)| *u == unit) {
                d.1 = spot;
            }
            return;
        }
        let p = &mut self.players[usize::from(seat)];
        let colour = &self.content.colours[p.colour.index()];
        if let Some(k) = colour.units.iter().position(|&u| u == unit) {
            p.units[k] = spot;
        }
    }

    /// The units of `seat`'s colour, in content order.
    pub fn colour_units(&self, seat: u8) -> &[UnitId] {
        &self.content.colours[self.players[usize::from(seat)].colour.index()].units
    }

    pub fn units_on_map(&self, seat: u8) -> usize {
        self.players[usize::from(seat)].units.iter().filter(|s| matches!(s, Spot::Map(_))).count()
    }

    pub fn reign(&self, seat: u8) -> Option<Reign> {
        let p = self.players.get(usize::from(seat))?;
        p.ruler.map(|r| self.content.rulers[r.index()].reign)
    }

    pub fn holds(&self, seat: u8, effect: Privilege) -> bool {
        self.privileges_of(seat).any(|(_, e)| e == effect)
    }

    pub fn privileges_of(&self, seat: u8) -> impl Iterator<Item = (PrivilegeId, Privilege)> + '_ {
        self.players
            .get(usize::from(seat))
            .into_iter()
            .flat_map(|p| p.privileges.iter().map(|&k| (k, self.content.privilege(k).effect)))
    }

    /// The space has an item on its frame: its upgrade is on («Изделия и улучшение ячеек действий»).
    pub fn upgraded(&self, seat: u8, space: Space) -> bool {
        self.players[usize::from(seat)].items.contains(&Some(Frame::Space(space)))
    }

    /// Hex `i` is unbuilt printed forest (ruling B41): the extra move, Camarão.
    pub fn open_terrain(&self, i: usize, t: Terrain) -> bool {
        self.board().terrain(i) == Some(t) && self.sites[i].token.is_none()
    }

    /// The terrain a building must match on hex `i`, or why nothing may be built there (ruling B20):
    /// `Some(Any)` for a flipped Minas Gerais or Culture, a field for a "?" hex without a lasting token.
    pub fn build_terrain(&self, i: usize) -> Option<Terrain> {
        match self.board().cells[i] {
            Cell::Land(Terrain::Water) => None,
            Cell::Land(t) => Some(t),
            Cell::Capital | Cell::Dutch => None,
            Cell::Question => match self.sites[i].lying {
                Some(l) if l.face_up => match l.find.map(|f| self.content.exploration[f.index()].find) {
                    Some(Find::MinasGerais | Find::Culture) => Some(Terrain::Any),
                    _ => None,
                },
                _ => Some(Terrain::Field),
            },
        }
    }

    /// What a building token makes when built or renewed: its face's production (or a "first three"
    /// ruler's, ruling B28), one more for each privilege boosting it, and one more of its cheapest kind
    /// beside a River basin (ruling B51).
    pub fn production(&self, token: &Token, at: usize) -> Bag {
        let Built::Building(b) = token.built else { return Bag::default() };
        let building = self.content.building(b);
        let mut made = match (token.mark, self.first_three(token.owner)) {
            (true, Some((kind, bag, _))) if kind == building.id => bag,
            _ => building.produces,
        };
        for (_, e) in self.privileges_of(token.owner) {
            if let Privilege::Production(of, piece) = e
                && of == b
            {
                made.0[piece.index()] += 1;
            }
        }
        let river = self.board().neighbours[at].iter().any(|&n| {
            self.sites[usize::from(n)].lying.is_some_and(|l| {
                l.face_up && l.find.is_some_and(|f| self.content.exploration[f.index()].find == Find::RiverBasin)
            })
        });
        if river && let Some(p) = building.produces.cheapest() {
            made.0[p.index()] += 1;
        }
        made
    }

    /// A "first three" ruler's building, its production and its VP («Планшеты правителей»).
    pub fn first_three(&self, seat: u8) -> Option<(&'static str, Bag, u8)> {
        let mut bag = Bag::default();
        let (kind, vp) = match self.reign(seat)? {
            Reign::IsabellaI => {
                bag.0[Piece::Wood.index()] = 1;
                bag.0[Piece::Gold.index()] = 2;
                ("trading_post", 3)
            }
            Reign::ManuelI => {
                bag.0[Piece::Wood.index()] = 2;
                bag.0[Piece::Gold.index()] = 1;
                ("sawmill", 2)
            }
            Reign::Maurice => {
                bag.0[Piece::Sugarcane.index()] = 3;
                ("cane_field", 3)
            }
            _ => return None,
        };
        Some((kind, bag, vp))
    }

    /// Everything `seat` could pay with now ([`crate::pay`]).
    pub fn pool(&self, seat: u8) -> Pool {
        let p = &self.players[usize::from(seat)];
        let mut pieces = p.supply;
        for (_, t) in self.controlled(seat) {
            pieces.add(t.pieces);
        }
        let reign = self.reign(seat);
        Pool {
            pieces,
            cards: p.opportunities.len() as u8,
            battle: self.spendable_battle(seat).len() as u8,
            napoleon: reign == Some(Reign::Napoleon),
            afonso: reign == Some(Reign::AfonsoI) && !self.turn.afonso_used && usize::from(seat) == self.turn_seat(),
        }
    }

    /// The battle cards `seat` may pay with now (Napoleon, Afonso I): the hand less those the Recruit under
    /// way drew, which cannot pay for that same Recruit (ruling B27).
    pub fn spendable_battle(&self, seat: u8) -> Vec<BattleId> {
        let mut hand = self.players[usize::from(seat)].battle.clone();
        if usize::from(seat) == self.turn_seat() {
            for c in &self.turn.drawn {
                if let Some(k) = hand.iter().position(|x| x == c) {
                    hand.remove(k);
                }
            }
        }
        hand
    }

    /// The seat whose turn it is.
    pub fn turn_seat(&self) -> usize {
        usize::from(self.current)
    }

    /// Hexes holding a token `seat` built, occupied or not: their empire (ruling B60).
    pub fn empire(&self, seat: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.sites.len()).filter(move |&i| self.sites[i].token.is_some_and(|t| t.owner == seat))
    }

    /// Hex `i` or a neighbour holds a token of someone other than `seat`.
    pub fn touches_other(&self, seat: u8, i: usize) -> bool {
        std::iter::once(i as u16)
            .chain(self.board().neighbours[i].iter().copied())
            .any(|n| self.sites[usize::from(n)].token.is_some_and(|t| t.owner != seat))
    }

    /// A unit founds cities where it stands: the general, or any unit with Araribóia.
    pub fn founds(&self, seat: u8, unit: UnitId) -> bool {
        self.content.unit(unit).ability == Ability::Cities || self.holds(seat, Privilege::Arariboia)
    }

    /// Recruits and redeployments go to the capital or a city `seat` built and controls (ruling B40).
    pub fn muster(&self, seat: u8, i: usize) -> bool {
        self.sites[i].token.is_some_and(|t| {
            t.owner == seat && matches!(t.built, Built::City(_) | Built::Capital) && self.controller(i) == Some(seat)
        })
    }
}
