//! Action numbers ([`imperia_core::numbering`]). Regions are numbered by the board (armies by their place
//! among its land regions, which keeps army moves to a third of the space), bonds by their price's place in
//! [`BOND_PRICES`], stances as 0 (none), 1 (hostile), 2 (friendly).
//!
//! The convoy path of an army move has no small universe: an army move over land has its own kind, every
//! field stable; one by convoy is numbered by its `from` and `to` and its **rank** among the state's legal
//! convoy moves between the same two regions, below [`CONVOY_RANKS`]. That rank stands for the path and for
//! the two stances together: with each stance a field of its own the space would pass 100,000 numbers. The
//! table for the shipped board is in `docs/action-numbers.md`.

use std::cell::OnceCell;

use imperia_core::numbering::{nth_among, optional, rank_among, unoptional};
use imperia_core::{ActionNumbering, Seat};

use crate::Imperial2030;
use crate::action::Action;
use crate::board::{Board, Region};
use crate::nation::{BOND_PRICES, NATIONS, Nation, UnitKind};
use crate::rondel::SPACES;
use crate::state::Stance;

/// The most convoy moves between the same two regions in one state (check 11 proves it in every state the
/// harness visits).
pub const CONVOY_RANKS: usize = 16;

const UNITS: [UnitKind; 2] = [UnitKind::Army, UnitKind::Fleet];
const STANCES: [Stance; 2] = [Stance::Hostile, Stance::Friendly];

fn nation(n: Nation) -> usize {
    n.index()
}

fn unit(u: UnitKind) -> usize {
    u as usize
}

fn stance(s: Option<Stance>) -> usize {
    optional(s.map(|s| s as usize))
}

fn stance_of(digit: usize) -> Option<Stance> {
    unoptional(digit).map(|d| STANCES[d])
}

fn region_of(digit: usize) -> Option<Region> {
    u8::try_from(digit).ok().map(Region)
}

impl Board {
    fn lands(&self) -> usize {
        self.regions.len() - self.seas.count_ones() as usize
    }

    /// A land region's place among the land regions; `None` for a sea.
    fn land_index(&self, r: Region) -> Option<usize> {
        (self.seas & r.bit() == 0 && r.index() < self.regions.len())
            .then(|| (!self.seas & (r.bit() - 1)).count_ones() as usize)
    }

    fn land(&self, index: usize) -> Option<Region> {
        self.all().filter(|r| self.seas & r.bit() == 0).nth(index)
    }
}

/// Whether `a` is a convoy move from `from` to `to`.
fn convoy_between(a: &Action, from: Region, to: Region) -> bool {
    matches!(a, Action::MoveArmy { from: f, to: t, convoy, .. } if *f == from && *t == to && !convoy.is_empty())
}

impl Imperial2030 {
    /// The layout of this game's action numbers.
    pub fn numbering(&self) -> ActionNumbering {
        let b = &*self.board;
        let (regions, lands, bonds) = (self.board.regions.len(), b.lands(), BOND_PRICES.len());
        let (nations, units, stances) = (NATIONS.len(), UNITS.len(), 1 + STANCES.len());
        ActionNumbering::new()
            .kind("invest", &[("nation", nations), ("bond", bonds), ("bond traded in or none", 1 + bonds)])
            .kind("pass investment", &[])
            .kind("rondel", &[("space", SPACES.len())])
            .kind("force stop", &[])
            .kind("let pass", &[])
            .kind("build factory", &[("region", regions)])
            .kind("build nothing", &[])
            .kind("produce", &[("region", regions)])
            .kind("import", &[("unit", units), ("region", regions)])
            .kind("end import", &[])
            .kind("move fleet", &[("from", regions), ("to", regions)])
            .kind(
                "move army over land",
                &[("from land", lands), ("to land", lands), ("stance", stances), ("leaving", stances)],
            )
            .kind(
                "move army by convoy",
                &[("from land", lands), ("to land", lands), ("convoy, stance and leaving (rank)", CONVOY_RANKS)],
            )
            .kind(
                "attack",
                &[
                    ("region", regions),
                    ("unit", units),
                    ("enemy", nations),
                    ("enemy unit", units),
                    ("stance", stances),
                    ("enemy stance", stances),
                ],
            )
            .kind("destroy factory", &[("region", regions), ("friendly armies or none", 5)])
            .kind("end fleet moves", &[])
            .kind("end maneuver", &[])
            .kind("fight", &[("enemy", nations), ("enemy unit", units), ("enemy stance", stances)])
            .kind("defend", &[("unit", units), ("stance", stances)])
            .kind("no battle", &[])
            .kind("permit passage", &[])
            .kind("refuse passage", &[])
            .kind("place flag", &[("region", regions)])
    }

    /// The number of `action` in layout `n` (this game's [`Imperial2030::numbering`]); `legal` holds the
    /// actions of the decision, or is filled with them when a convoy's rank needs them.
    pub(crate) fn number_in(
        &self,
        n: &ActionNumbering,
        legal: &OnceCell<Vec<Action>>,
        _seat: Seat,
        action: &Action,
    ) -> Option<usize> {
        let b = &*self.board;
        match action {
            Action::Invest { nation: who, price, trade_in } => {
                let bond = |p: u8| BOND_PRICES.iter().position(|&q| q == p);
                let traded = match trade_in {
                    Some(t) => Some(bond(*t)?),
                    None => None,
                };
                n.encode("invest", &[nation(*who), bond(*price)?, optional(traded)])
            }
            Action::PassInvestment => n.encode("pass investment", &[]),
            Action::Rondel { space } => n.encode("rondel", &[SPACES.iter().position(|s| s == space)?]),
            Action::ForceStop => n.encode("force stop", &[]),
            Action::LetPass => n.encode("let pass", &[]),
            Action::BuildFactory { region } => n.encode("build factory", &[region.index()]),
            Action::BuildNothing => n.encode("build nothing", &[]),
            Action::Produce { region } => n.encode("produce", &[region.index()]),
            Action::Import { unit: u, region } => n.encode("import", &[unit(*u), region.index()]),
            Action::EndImport => n.encode("end import", &[]),
            Action::MoveFleet { from, to } => n.encode("move fleet", &[from.index(), to.index()]),
            Action::MoveArmy { from, to, convoy, stance: s, leaving } => {
                let (f, t) = (b.land_index(*from)?, b.land_index(*to)?);
                if convoy.is_empty() {
                    return n.encode("move army over land", &[f, t, stance(*s), stance(*leaving)]);
                }
                let legal = legal.get_or_init(|| self.actions_now());
                let rank = rank_among(legal, action, |a| convoy_between(a, *from, *to))?;
                n.encode("move army by convoy", &[f, t, rank])
            }
            Action::Attack { region, unit: u, enemy, enemy_unit, stance: s, enemy_stance } => n.encode(
                "attack",
                &[region.index(), unit(*u), nation(*enemy), unit(*enemy_unit), stance(*s), stance(*enemy_stance)],
            ),
            Action::DestroyFactory { region, friendly } => {
                n.encode("destroy factory", &[region.index(), optional(friendly.map(usize::from))])
            }
            Action::EndFleetMoves => n.encode("end fleet moves", &[]),
            Action::EndManeuver => n.encode("end maneuver", &[]),
            Action::Fight { enemy, enemy_unit, enemy_stance } => {
                n.encode("fight", &[nation(*enemy), unit(*enemy_unit), stance(*enemy_stance)])
            }
            Action::Defend { unit: u, stance: s } => n.encode("defend", &[unit(*u), stance(*s)]),
            Action::NoBattle => n.encode("no battle", &[]),
            Action::PermitPassage => n.encode("permit passage", &[]),
            Action::RefusePassage => n.encode("refuse passage", &[]),
            Action::PlaceFlag { region } => n.encode("place flag", &[region.index()]),
        }
    }

    pub(crate) fn numbered(&self, number: usize) -> Option<Action> {
        let d = self.numbering().decode(number)?;
        let b = &*self.board;
        let [d0, d1, d2, d3, d4, d5] = d.digits;
        Some(match d.kind {
            "invest" => Action::Invest {
                nation: NATIONS[d0],
                price: BOND_PRICES[d1],
                trade_in: unoptional(d2).map(|t| BOND_PRICES[t]),
            },
            "pass investment" => Action::PassInvestment,
            "rondel" => Action::Rondel { space: SPACES[d0] },
            "force stop" => Action::ForceStop,
            "let pass" => Action::LetPass,
            "build factory" => Action::BuildFactory { region: region_of(d0)? },
            "build nothing" => Action::BuildNothing,
            "produce" => Action::Produce { region: region_of(d0)? },
            "import" => Action::Import { unit: UNITS[d0], region: region_of(d1)? },
            "end import" => Action::EndImport,
            "move fleet" => Action::MoveFleet { from: region_of(d0)?, to: region_of(d1)? },
            "move army over land" => Action::MoveArmy {
                from: b.land(d0)?,
                to: b.land(d1)?,
                convoy: Vec::new(),
                stance: stance_of(d2),
                leaving: stance_of(d3),
            },
            "move army by convoy" => {
                let (from, to) = (b.land(d0)?, b.land(d1)?);
                nth_among(&self.actions_now(), d2, |a| convoy_between(a, from, to))?
            }
            "attack" => Action::Attack {
                region: region_of(d0)?,
                unit: UNITS[d1],
                enemy: NATIONS[d2],
                enemy_unit: UNITS[d3],
                stance: stance_of(d4),
                enemy_stance: stance_of(d5),
            },
            "destroy factory" => Action::DestroyFactory {
                region: region_of(d0)?,
                friendly: unoptional(d1).map(u8::try_from).transpose().ok()?,
            },
            "end fleet moves" => Action::EndFleetMoves,
            "end maneuver" => Action::EndManeuver,
            "fight" => Action::Fight { enemy: NATIONS[d0], enemy_unit: UNITS[d1], enemy_stance: stance_of(d2) },
            "defend" => Action::Defend { unit: UNITS[d0], stance: stance_of(d1) },
            "no battle" => Action::NoBattle,
            "permit passage" => Action::PermitPassage,
            "refuse passage" => Action::RefusePassage,
            "place flag" => Action::PlaceFlag { region: region_of(d0)? },
            _ => return None,
        })
    }
}
