//! The observation tensor ([`imperia_core::observation`]): a viewer's [`View`] as numbers, so that it shows
//! what the view shows and no more (with hidden cash, the other players' cash and scores stay zero, and a
//! flag says they are unknown). `docs/observations.md` lists the parts.

use imperia_core::observation::{Parts, Tensor, seat_parts};
use imperia_core::{Game, Viewer};

use crate::board::FactoryKind;
use crate::nation::{BOND_PRICES, NATIONS};
use crate::state::{Imperial2030, ManeuverStage, Phase, WINNING_POWER};
use crate::view::View;

/// The phases, in the order of the `phase` one-hot.
const PHASES: usize = 11;
/// The rondel's spaces.
const RONDEL: usize = 8;
/// The cap for money: cash, treasuries, scores, rondel costs.
const MONEY: f64 = 100.0;
/// The cap for rounds.
const ROUNDS: f64 = 30.0;
/// The cap for pieces: a nation's pieces in a region or moved there, pieces and flags left in supply.
const PIECES: f64 = 10.0;

impl Imperial2030 {
    pub(crate) fn parts(&self) -> Parts {
        let (seats, regions, nations) = (self.seats(), self.board.regions.len(), NATIONS.len());
        let mut parts = seat_parts(seats);
        parts.extend([
            ("phase", vec![PHASES]),
            ("round", vec![1]),
            ("turn", vec![nations]),
            ("maneuver_stage", vec![2]),
            ("passed_investor", vec![1]),
            ("players", vec![seats, 6]),
            ("nations", vec![nations, 7]),
            ("rondel", vec![nations, RONDEL]),
            ("government", vec![nations, seats]),
            ("bonds", vec![nations, BOND_PRICES.len(), seats + 1]),
            ("rondel_moves", vec![RONDEL, 2]),
            ("factories", vec![regions, 2]),
            ("flags", vec![regions, nations]),
            ("units", vec![regions, nations, 3]),
            ("moved", vec![regions, 3]),
            ("battle", vec![regions]),
        ]);
        parts
    }

    pub(crate) fn write_observation(&self, viewer: Viewer, out: &mut [f32]) {
        let view = self.make_view(viewer);
        let mut t = Tensor::new(self.parts(), out);
        t.seats(viewer, &self.to_act());
        write_view(&view, self.seats(), &mut t);
    }
}

fn write_view(view: &View, seats: usize, t: &mut Tensor<'_>) {
    t.part("phase").one_hot(Some(phase_index(&view.phase)));
    t.part("round").count(0, view.round, ROUNDS);
    t.part("turn").one_hot(Some(view.turn.index()));
    t.part("maneuver_stage").one_hot(view.maneuver.as_ref().map(|m| match m.stage {
        ManeuverStage::Fleets => 0,
        ManeuverStage::Armies => 1,
    }));
    t.part("passed_investor").flag(0, view.passed_investor);
    let mut players = t.part("players");
    for p in &view.players {
        let mut row = players.row(p.seat);
        row.count(0, p.cash.unwrap_or(0), MONEY);
        row.flag(1, p.cash.is_some());
        row.flag(2, p.investor_card);
        row.flag(3, p.swiss_bank);
        row.count(4, p.bond_score as f64, MONEY);
        row.count(5, p.score.unwrap_or(0) as f64, MONEY);
    }
    let mut nations = t.part("nations");
    for n in &view.nations {
        let mut row = nations.row(n.nation.index());
        row.count(0, n.treasury, MONEY);
        row.count(1, n.power, WINNING_POWER.into());
        row.count(2, n.multiplier, 5.0);
        row.count(3, n.armies_left, PIECES);
        row.count(4, n.fleets_left, PIECES);
        row.count(5, n.flags_left, 2.0 * PIECES);
        row.count(6, n.tax_column, 2.0 * PIECES);
    }
    let mut rondel = t.part("rondel");
    for n in &view.nations {
        rondel.row(n.nation.index()).one_hot(n.rondel.map(|s| usize::from(s.index())));
    }
    let mut government = t.part("government");
    for n in &view.nations {
        government.row(n.nation.index()).one_hot(n.government);
    }
    let mut bonds = t.part("bonds");
    for n in &view.nations {
        for (i, &(_, _, holder)) in n.bonds.iter().enumerate() {
            bonds.row(n.nation.index()).row(i).one_hot(Some(holder.unwrap_or(seats)));
        }
    }
    let mut moves = t.part("rondel_moves");
    for m in &view.rondel_moves {
        let mut row = moves.row(usize::from(m.space.index()));
        row.set(0, 1.0);
        row.count(1, m.cost, MONEY);
    }
    let mut factories = t.part("factories");
    for r in &view.regions {
        factories.row(r.region.index()).one_hot(r.factory.map(|k| match k {
            FactoryKind::Armaments => 0,
            FactoryKind::Shipyard => 1,
        }));
    }
    let mut flags = t.part("flags");
    for r in &view.regions {
        flags.row(r.region.index()).one_hot(r.flag.map(|n| n.index()));
    }
    let mut units = t.part("units");
    for r in &view.regions {
        for (n, u) in &r.units {
            let mut row = units.row(r.region.index());
            let mut cell = row.row(n.index());
            cell.count(0, u.armies, PIECES);
            cell.count(1, u.fleets, PIECES);
            cell.count(2, u.friendly, PIECES);
        }
    }
    let mut moved = t.part("moved");
    if let Some(m) = &view.maneuver {
        for &(r, fleets, armies) in &m.moved {
            moved.row(r.index()).count(0, fleets, PIECES);
            moved.row(r.index()).count(1, armies, PIECES);
        }
        for &(r, carried) in &m.convoys {
            moved.row(r.index()).count(2, carried, PIECES);
        }
    }
    if let Phase::Battle { region, .. } = view.phase {
        t.part("battle").set(region.index(), 1.0);
    }
}

fn phase_index(phase: &Phase) -> usize {
    match phase {
        Phase::Invest { .. } => 0,
        Phase::Rondel => 1,
        Phase::ForceStop { .. } => 2,
        Phase::Factory => 3,
        Phase::Production { .. } => 4,
        Phase::Import { .. } => 5,
        Phase::Maneuver => 6,
        Phase::Battle { .. } => 7,
        Phase::Canal { .. } => 8,
        Phase::Flags { .. } => 9,
        Phase::GameOver => 10,
    }
}
