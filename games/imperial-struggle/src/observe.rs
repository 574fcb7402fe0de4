//! The observation tensor ([`imperia_core::observation`]): a viewer's [`View`] as numbers, so that it shows
//! what the view shows and no more: the viewer's own hand and face-down ministries, the opponent's as counts.
//! `docs/observations.md` lists the parts. Powers are in the order Britain, France.

use imperia_core::observation::{Parts, Tensor, seat_parts};
use imperia_core::{Game, Viewer};

use crate::content::{Power, WarId};
use crate::state::{ImperialStruggle, Phase};
use crate::view::View;

/// The phases, in the order of the `phase` one-hot.
const PHASES: usize = 6;
/// The cap for counts of a power's things (cards in hand, tiles in a pool, debt).
const COUNT: f64 = 20.0;
/// The cap for turns and rounds.
const TURNS: f64 = 10.0;
/// Victory points: France's marker runs from 0 to 30.
const VP: f64 = 30.0;

impl ImperialStruggle {
    pub(crate) fn parts(&self) -> Parts {
        let c = self.content();
        let (cards, ministries, investments) = (c.cards.len(), c.ministries.len(), c.investments.len());
        let theatres = c.wars.iter().map(|w| w.theatres.len()).max().unwrap_or(0);
        let mut parts = seat_parts(2);
        parts.extend([
            ("phase", vec![PHASES]),
            ("table", vec![5]),
            ("initiative", vec![2]),
            ("first", vec![2]),
            ("active", vec![2]),
            ("sweep", vec![2]),
            ("powers", vec![2, 13]),
            ("hand", vec![cards]),
            ("discard", vec![cards]),
            ("removed", vec![cards]),
            ("ministries", vec![2, ministries, 4]),
            ("spaces", vec![c.spaces.len(), 4]),
            ("markers", vec![c.spaces.len(), 4]),
            ("investments", vec![investments, 4]),
            ("turn_tile", vec![investments]),
            ("awards", vec![4, c.awards.len()]),
            ("awards_left", vec![c.awards.len()]),
            ("demand", vec![6]),
            ("advantages", vec![c.advantages.len(), 4]),
            ("war", vec![WarId::ALL.len()]),
            ("theatres", vec![theatres, 5]),
            ("jacobites", vec![3]),
        ]);
        parts
    }

    pub(crate) fn write_observation(&self, viewer: Viewer, out: &mut [f32]) {
        let view = self.make_view(viewer);
        let mut t = Tensor::new(self.parts(), out);
        t.seats(viewer, &self.to_act());
        write_view(&view, &mut t);
    }
}

fn write_view(view: &View, t: &mut Tensor<'_>) {
    t.part("phase").one_hot(Some(match &view.phase {
        Phase::Deal { .. } => 0,
        Phase::Ministries { .. } => 1,
        Phase::Initiative => 2,
        Phase::Actions(_) => 3,
        Phase::War(_) => 4,
        Phase::Over { .. } => 5,
    }));
    let mut table = t.part("table");
    table.count(0, view.turn, TURNS);
    table.count(1, view.round, TURNS);
    table.count(2, view.vp, VP);
    table.count(3, view.deck_count as f64, 4.0 * COUNT);
    table.count(4, view.stack_count as f64, 2.0 * COUNT);
    t.part("initiative").one_hot(Some(view.initiative.index()));
    t.part("first").one_hot(Some(view.first.index()));
    let turn = match &view.phase {
        Phase::Actions(turn) => Some(turn),
        _ => None,
    };
    t.part("active").one_hot(turn.map(|turn| turn.active.index()));
    t.part("sweep").one_hot(view.sweep.map(Power::index));
    let mut powers = t.part("powers");
    for p in Power::BOTH {
        let s = &view.powers[p.index()];
        let mut row = powers.row(p.index());
        let counts = [
            f64::from(s.debt),
            f64::from(s.debt_limit),
            f64::from(s.trp),
            s.hand_count as f64,
            s.face_down as f64,
            f64::from(s.navy_box),
            f64::from(s.brig),
            f64::from(s.squadrons_lost),
            s.basic_pool_count as f64,
            s.bonus_pool_count as f64,
            s.carried_count as f64,
            f64::from(s.merchant_banks),
            view.aside_count[p.index()] as f64,
        ];
        for (i, n) in counts.into_iter().enumerate() {
            row.count(i, n, COUNT);
        }
    }
    let mine = view.viewer.seat().and_then(Power::of_seat).map(|p| &view.powers[p.index()]);
    let mut hand = t.part("hand");
    for card in mine.and_then(|p| p.hand.as_ref()).into_iter().flatten() {
        hand.set(card.index(), 1.0);
    }
    for (name, pile) in [("discard", &view.discard), ("removed", &view.removed)] {
        let mut part = t.part(name);
        for card in pile {
            part.set(card.index(), 1.0);
        }
    }
    let mut ministries = t.part("ministries");
    for p in Power::BOTH {
        for slot in &view.powers[p.index()].ministries {
            let mut row = ministries.row(p.index());
            let mut cell = row.row(slot.card.index());
            cell.set(0, 1.0);
            cell.flag(1, slot.revealed);
            cell.flag(2, slot.exhausted[0]);
            cell.flag(3, slot.exhausted[1]);
        }
    }
    // Flags in the board's order: Britain, France, Spain, the United States.
    let mut spaces = t.part("spaces");
    for (i, flags) in view.board.flags.iter().enumerate() {
        for s in flags.iter() {
            spaces.row(s.index()).set(i, 1.0);
        }
    }
    let mut markers = t.part("markers");
    let b = &view.board;
    for (i, set) in [b.conflict, b.conflict_plus, b.damaged, b.huguenots].into_iter().enumerate() {
        for s in set.iter() {
            markers.row(s.index()).set(i, 1.0);
        }
    }
    let mut investments = t.part("investments");
    for &tile in &view.display {
        investments.row(tile.into()).set(0, 1.0);
    }
    for &(p, tile) in &view.taken {
        investments.row(tile.into()).set(1 + p.index(), 1.0);
    }
    for &tile in &view.used {
        investments.row(tile.into()).set(3, 1.0);
    }
    t.part("turn_tile").one_hot(turn.and_then(|turn| turn.tile).map(usize::from));
    let mut awards = t.part("awards");
    for (i, award) in view.awards.iter().enumerate() {
        awards.row(i).one_hot(award.map(usize::from));
    }
    let mut left = t.part("awards_left");
    for &award in &view.awards_left {
        left.set(award.into(), 1.0);
    }
    let mut demand = t.part("demand");
    for &commodity in &view.demand {
        demand.set(commodity as usize, 1.0);
    }
    let mut advantages = t.part("advantages");
    for (i, a) in view.advantages.iter().enumerate() {
        let mut row = advantages.row(i);
        row.one_hot(a.holder.map(Power::index));
        row.flag(2, a.exhausted);
        row.flag(3, a.fresh);
    }
    t.part("war").one_hot(view.war.war.map(|w| w as usize));
    let mut theatres = t.part("theatres");
    for (i, both) in view.war.theatres.iter().enumerate() {
        let mut row = theatres.row(i);
        row.flag(0, view.war.revealed.get(i).copied().unwrap_or(false));
        for p in Power::BOTH {
            row.count(1 + 2 * p.index(), both[p.index()].basic_count as f64, COUNT / 4.0);
            row.count(2 + 2 * p.index(), both[p.index()].bonus_count as f64, COUNT / 4.0);
        }
    }
    let mut jacobites = t.part("jacobites");
    jacobites.count(0, view.jacobites.victories, 3.0);
    jacobites.flag(1, view.jacobites.defeat);
    jacobites.flag(2, view.jacobites.always);
}
