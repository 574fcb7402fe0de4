//! The observation tensor ([`imperia_core::observation`]): a viewer's [`View`] as numbers, read from the
//! table the view holds with what the viewer may not see taken out, so that it shows no more than the view
//! (others' hands as sizes, proposals between other powers as "a reply was given"). `docs/observations.md`
//! lists the parts. Powers are in the order Ottoman, Spain, England, France, HRE, Protestant.

use imperia_core::observation::{Parts, Tensor, seat_parts};
use imperia_core::{Game, Viewer};

use crate::content::{Owner, Power};
use crate::state::{Phase, Reply, Status, VirginQueen};
use crate::view::View;

/// The phases, in the order of the `phase` one-hot.
const PHASES: usize = 6;
const POWERS: usize = 6;
/// The cap for counts: cards in a hand, markers, VP and par.
const COUNT: f64 = 10.0;
/// The cap for victory points and par.
const VP: f64 = 30.0;
/// The cap for proposals between one author and one party in a turn.
const PROPOSALS: f64 = 3.0;

impl VirginQueen {
    pub(crate) fn parts(&self) -> Parts {
        let c = &*self.content;
        let owners = POWERS + c.minors.len();
        let mut parts = seat_parts(self.seats.len());
        parts.extend([
            ("phase", vec![PHASES]),
            ("phase_power", vec![POWERS]),
            ("negotiated", vec![POWERS]),
            ("table", vec![13]),
            ("seat_powers", vec![self.seats.len(), POWERS]),
            ("chart", vec![POWERS, POWERS, 3]),
            ("minor_wars", vec![POWERS, c.minors.len()]),
            ("vp_par", vec![POWERS, 2]),
            ("hand_sizes", vec![POWERS, 4]),
            ("own_cards", vec![c.cards.len()]),
            ("own_home_aside", vec![c.cards.len()]),
            ("own_treasures", vec![c.treasures.len()]),
            ("discard", vec![c.cards.len()]),
            ("spent_treasures", vec![c.treasures.len()]),
            ("space_control", vec![c.spaces.len(), owners]),
            ("space_units", vec![c.spaces.len(), POWERS, 2]),
            ("space_markers", vec![c.spaces.len(), 2]),
            ("colonies", vec![c.sites.len(), POWERS]),
            ("patrons", vec![c.patrons.len(), POWERS]),
            ("proposals", vec![POWERS, POWERS, 5]),
            ("announcements", vec![POWERS, POWERS]),
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
    let g = &view.table;
    let c = &*g.content;
    let (phase, power) = match &g.phase {
        Phase::KeepHome => (0, None),
        Phase::Negotiations { .. } => (1, None),
        Phase::Announcing { power, .. } => (2, Some(*power)),
        Phase::Ransom { power } => (3, Some(*power)),
        Phase::Declaring { power, .. } => (4, Some(*power)),
        Phase::Over => (5, None),
    };
    t.part("phase").one_hot(Some(phase));
    t.part("phase_power").one_hot(power.map(Power::index));
    let mut negotiated = t.part("negotiated");
    if let Phase::Negotiations { done } = &g.phase {
        for p in done {
            negotiated.set(p.index(), 1.0);
        }
    }
    let mut table = t.part("table");
    table.count(0, g.turn, c.max_turns.max(1).into());
    table.count(1, view.deck, c.cards.len().max(1) as f64);
    table.count(2, view.cup, c.treasures.len().max(1) as f64);
    table.count(3, view.portugal_row, c.portugal_row.max(1).into());
    table.count(4, g.hire_track, c.hire_track.max(1).into());
    table.count(5, g.fortress_markers, COUNT);
    table.count(6, g.jesuit_markers, COUNT);
    let flags = [g.spain_england_fought, g.virginia_dare, g.douai_played, g.catholic_league, g.dutch_revolt];
    for (i, on) in flags.into_iter().chain([g.mary_captive]).enumerate() {
        table.flag(7 + i, on);
    }
    let mut seat_powers = t.part("seat_powers");
    for (s, powers) in g.seats.iter().enumerate() {
        for p in powers {
            seat_powers.row(s).set(p.index(), 1.0);
        }
    }
    let mut chart = t.part("chart");
    for a in Power::ALL {
        for b in Power::ALL.into_iter().filter(|&b| b != a) {
            let status = match g.status(a, b) {
                Status::Peace => 0,
                Status::War => 1,
                Status::Allied => 2,
            };
            chart.row(a.index()).row(b.index()).set(status, 1.0);
        }
    }
    let mut minor_wars = t.part("minor_wars");
    for &(p, minor) in &g.minor_wars {
        minor_wars.row(p.index()).set(minor.index(), 1.0);
    }
    let mut vp = t.part("vp_par");
    for p in Power::ALL {
        vp.row(p.index()).count(0, view.vp[p.index()], VP);
        vp.row(p.index()).count(1, view.par[p.index()], VP);
    }
    let mut sizes = t.part("hand_sizes");
    for p in Power::ALL {
        for (i, &n) in view.hand_sizes[p.index()].iter().enumerate() {
            sizes.row(p.index()).count(i, n, COUNT);
        }
    }
    // The table keeps only the hands of the powers the viewer plays.
    let hands = || g.hands.iter();
    let mut own = t.part("own_cards");
    for card in hands().flat_map(|h| &h.cards) {
        own.set(card.index(), 1.0);
    }
    let mut aside = t.part("own_home_aside");
    for card in hands().flat_map(|h| &h.home_aside) {
        aside.set(card.index(), 1.0);
    }
    let mut treasures = t.part("own_treasures");
    for treasure in hands().flat_map(|h| &h.treasures) {
        treasures.set(treasure.index(), 1.0);
    }
    let mut discard = t.part("discard");
    for card in g.discard.iter() {
        discard.set(card.index(), 1.0);
    }
    let mut spent = t.part("spent_treasures");
    for treasure in g.spent.iter() {
        spent.set(treasure.index(), 1.0);
    }
    let owner = |o: Owner| match o {
        Owner::Major(p) => p.index(),
        Owner::Minor(m) => POWERS + m.index(),
    };
    let mut control = t.part("space_control");
    for (i, space) in g.spaces.iter().enumerate() {
        control.row(i).set(owner(space.control), 1.0);
    }
    let mut units = t.part("space_units");
    for (i, space) in g.spaces.iter().enumerate() {
        for (p, [regulars, mercenaries]) in space.units.iter().enumerate() {
            units.row(i).row(p).count(0, *regulars, COUNT);
            units.row(i).row(p).count(1, *mercenaries, COUNT);
        }
    }
    let mut markers = t.part("space_markers");
    for (i, space) in g.spaces.iter().enumerate() {
        markers.row(i).flag(0, space.fortress);
        markers.row(i).flag(1, space.unrest);
    }
    let mut colonies = t.part("colonies");
    for (i, holder) in g.colonies.iter().enumerate() {
        colonies.row(i).one_hot(holder.map(Power::index));
    }
    let mut patrons = t.part("patrons");
    for (i, patron) in g.patrons.iter().enumerate() {
        patrons.row(i).one_hot(patron.map(Power::index));
    }
    let mut proposals = t.part("proposals");
    for pr in &view.proposals {
        for &(party, reply) in &pr.replies {
            let mut cell = proposals.row(pr.by.index());
            let mut cell = cell.row(party.index());
            let column = match reply {
                Reply::Awaited => 0,
                Reply::Agreed => 1,
                Reply::Declined => 2,
                Reply::Given => 3,
            };
            cell.add(column, 1, PROPOSALS);
            cell.flag(4, pr.announced);
        }
    }
    let mut announcements = t.part("announcements");
    for a in &view.announcements {
        for p in &a.waiting {
            announcements.row(a.by.index()).set(p.index(), 1.0);
        }
    }
}
