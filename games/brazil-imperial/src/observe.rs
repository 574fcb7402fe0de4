//! The observation tensor ([`imperia_core::observation`]): a viewer's [`View`] as numbers, read from the
//! masked table the view holds, so that it shows what the view shows and no more (others' hands as counts,
//! face-down exploration tokens as "a token lies here"). `docs/observations.md` lists the parts. Owners have
//! one column per seat, then one for the solo scenario's Dutch.

use imperia_core::observation::{Parts, Tensor, seat_parts};
use imperia_core::{Game, Viewer};

use crate::content::Space;
use crate::state::{Brazil, Built, DUTCH, HAND_LIMIT, MAX_ROUNDS, Pending, SUPPLY_LIMIT, Spot, Stage, Work};
use crate::view::View;

/// The stages, the seven actions worked inside one among them, in the order of the `stage` one-hot.
const STAGES: usize = 5 + 7;
/// The kinds of [`Pending`] decision, in the order of the `pending` flags.
const PENDING: usize = 8;
/// The cap for a player's counts (units, palaces, cards, finds) and for cards in a pile.
const COUNT: f64 = 10.0;
/// The cap for victory points.
const VP: f64 = 100.0;
/// A player's figures, in the order of a `players` row.
const FIGURES: usize = 6 + 10;

impl Brazil {
    pub(crate) fn parts(&self) -> Parts {
        let c = &*self.content;
        let (seats, hexes, owners) = (self.players.len(), self.sites.len(), self.players.len() + 1);
        let mut parts = seat_parts(seats);
        parts.extend([
            ("stage", vec![STAGES]),
            ("pending", vec![PENDING]),
            ("era", vec![3]),
            ("table", vec![3]),
            ("current", vec![seats]),
            ("first", vec![seats]),
            ("players", vec![seats, FIGURES]),
            ("rulers", vec![seats, c.rulers.len()]),
            ("action_token", vec![seats, Space::ALL.len()]),
            ("last_space", vec![seats, Space::ALL.len()]),
            ("declared_goals", vec![seats, c.goals.len()]),
            ("privileges", vec![seats, c.privileges.len()]),
            ("own_goals", vec![c.goals.len()]),
            ("own_battle_cards", vec![c.battle_cards.len()]),
            ("own_opportunities", vec![c.opportunities.len()]),
            ("display", vec![6, c.privileges.len()]),
            ("piles", vec![10]),
            ("token_supply", vec![c.tokens.len()]),
            ("hex_owner", vec![hexes, owners]),
            ("hex_token", vec![hexes, 3 + c.buildings.len()]),
            ("hex_pieces", vec![hexes, 6]),
            ("hex_units", vec![hexes, owners]),
            ("hex_palace", vec![hexes, seats]),
            ("hex_exploration", vec![hexes, 2]),
            ("battle", vec![hexes]),
            ("battle_strengths", vec![4]),
        ]);
        parts
    }

    pub(crate) fn write_observation(&self, viewer: Viewer, out: &mut [f32]) {
        let view = {
            let _scope = self.content.enter();
            self.make_view(viewer)
        };
        let mut t = Tensor::new(self.parts(), out);
        t.seats(viewer, &self.to_act());
        write_view(&view, &mut t);
    }
}

fn write_view(view: &View, t: &mut Tensor<'_>) {
    let g = &view.table;
    let seats = g.players.len();
    let owner = |o: u8| if o == DUTCH { seats } else { usize::from(o) };
    t.part("stage").one_hot(Some(stage_index(&g.stage)));
    let mut pending = t.part("pending");
    for p in &g.pending {
        pending.set(pending_index(p), 1.0);
    }
    t.part("era").one_hot(usize::from(g.era).checked_sub(1));
    let mut table = t.part("table");
    table.count(0, g.round, MAX_ROUNDS.into());
    table.flag(1, g.last_round);
    table.flag(2, g.dutch_taken);
    t.part("current").one_hot(Some(g.current.into()));
    t.part("first").one_hot(Some(g.first.into()));
    let mut players = t.part("players");
    for (s, p) in g.players.iter().enumerate() {
        let mut row = players.row(s);
        for (i, &n) in p.supply.0.iter().enumerate() {
            row.count(i, n, SUPPLY_LIMIT.into());
        }
        let hidden = &view.hidden[s];
        let in_play = p.units.iter().filter(|u| matches!(u, Spot::Map(_))).count();
        let hand = HAND_LIMIT as f64;
        let figures = [
            (in_play as f64, COUNT),
            (p.units.iter().filter(|&&u| u == Spot::Supply).count() as f64, COUNT),
            (p.palaces.iter().filter(|&&b| b).count() as f64, 5.0),
            (p.finds.len() as f64, COUNT),
            (f64::from(p.war_vp), COUNT),
            ((p.goals.len() + hidden.goals) as f64, COUNT),
            ((p.battle.len() + hidden.battle) as f64, hand),
            ((p.opportunities.len() + hidden.opportunities) as f64, hand),
            (f64::from(view.scores[s].total), VP),
        ];
        for (i, (n, cap)) in figures.into_iter().enumerate() {
            row.count(6 + i, n, cap);
        }
        row.flag(15, p.ready);
    }
    let mut rulers = t.part("rulers");
    for (s, p) in g.players.iter().enumerate() {
        rulers.row(s).one_hot(p.ruler.map(|r| r.index()));
    }
    for (name, last) in [("action_token", false), ("last_space", true)] {
        let mut part = t.part(name);
        for (s, p) in g.players.iter().enumerate() {
            part.row(s).one_hot(if last { p.last } else { p.token }.map(|x| x as usize));
        }
    }
    let mut declared = t.part("declared_goals");
    for (s, p) in g.players.iter().enumerate() {
        for held in p.goals.iter().filter(|h| h.done != 0) {
            declared.row(s).set(held.goal.index(), 1.0);
        }
    }
    let mut privileges = t.part("privileges");
    for (s, p) in g.players.iter().enumerate() {
        for card in &p.privileges {
            privileges.row(s).set(card.index(), 1.0);
        }
    }
    let mine = view.viewer.seat().and_then(|s| g.players.get(s));
    let mut goals = t.part("own_goals");
    for held in mine.into_iter().flat_map(|p| &p.goals) {
        goals.set(held.goal.index(), 1.0);
    }
    let mut battle = t.part("own_battle_cards");
    for card in mine.into_iter().flat_map(|p| &p.battle) {
        battle.add(card.index(), 1, HAND_LIMIT as f64);
    }
    let mut opportunities = t.part("own_opportunities");
    for card in mine.into_iter().flat_map(|p| &p.opportunities) {
        opportunities.add(card.index(), 1, HAND_LIMIT as f64);
    }
    let mut display = t.part("display");
    for (slot, card) in g.display.iter().enumerate() {
        display.row(slot).one_hot(card.map(|k| k.index()));
    }
    let mut piles = t.part("piles");
    let counts = [view.battle_deck, view.opportunity_deck]
        .into_iter()
        .chain(view.goal_decks)
        .chain(view.privilege_piles)
        .chain(view.city_stacks);
    for (i, n) in counts.enumerate() {
        piles.count(i, n as f64, 3.0 * COUNT);
    }
    let mut supply = t.part("token_supply");
    for (i, &n) in g.token_supply.iter().enumerate() {
        supply.count(i, n, g.content.tokens[i].count.max(1).into());
    }
    let mut hex_owner = t.part("hex_owner");
    for (h, site) in g.sites.iter().enumerate() {
        hex_owner.row(h).one_hot(site.token.map(|k| owner(k.owner)));
    }
    let mut hex_token = t.part("hex_token");
    for (h, site) in g.sites.iter().enumerate() {
        let Some(token) = site.token else { continue };
        let mut row = hex_token.row(h);
        match token.built {
            Built::Building(b) => {
                row.set(0, 1.0);
                row.set(3 + b.index(), 1.0);
            }
            Built::City(_) => row.set(1, 1.0),
            Built::Capital => row.set(2, 1.0),
        }
    }
    let mut hex_pieces = t.part("hex_pieces");
    for (h, site) in g.sites.iter().enumerate() {
        for (i, &n) in site.token.iter().flat_map(|k| k.pieces.0.iter()).enumerate() {
            hex_pieces.row(h).count(i, n, SUPPLY_LIMIT.into());
        }
    }
    let mut hex_units = t.part("hex_units");
    let units = g.players.iter().enumerate().flat_map(|(s, p)| p.units.iter().map(move |&u| (s, u)));
    for (o, spot) in units.chain(g.dutch.iter().map(|&(_, spot)| (seats, spot))) {
        if let Spot::Map(h) = spot {
            hex_units.row(h.into()).add(o, 1, SUPPLY_LIMIT.into());
        }
    }
    let mut palaces = t.part("hex_palace");
    for (h, site) in g.sites.iter().enumerate() {
        palaces.row(h).one_hot(site.palace.map(|(o, _)| usize::from(o)));
    }
    let mut exploration = t.part("hex_exploration");
    for (h, site) in g.sites.iter().enumerate() {
        if let Some(lying) = site.lying {
            exploration.row(h).one_hot(Some(usize::from(lying.face_up)));
        }
    }
    let fight = g.pending.iter().find_map(|p| match p {
        Pending::Battle(b) => Some(b),
        _ => None,
    });
    t.part("battle").one_hot(fight.map(|b| usize::from(b.at)));
    let mut strengths = t.part("battle_strengths");
    for (i, s) in view.strengths.iter().flatten().enumerate() {
        strengths.count(i, *s, 2.0 * COUNT);
    }
    for (i, n) in view.committed.iter().enumerate() {
        strengths.count(2 + i, n.unwrap_or(0) as f64, HAND_LIMIT as f64);
    }
}

fn stage_index(stage: &Stage) -> usize {
    match stage {
        Stage::Prepare => 0,
        Stage::Capital { .. } => 1,
        Stage::Act => 2,
        Stage::Work(work) => {
            3 + match work {
                Work::Recruit { .. } => 0,
                Work::Obtain => 1,
                Work::Build { .. } => 2,
                Work::Renew => 3,
                Work::Craft => 4,
                Work::Harbor => 5,
                Work::Market => 6,
            }
        }
        Stage::Move => 10,
        Stage::Over => 11,
    }
}

fn pending_index(pending: &Pending) -> usize {
    match pending {
        Pending::Pay { .. } => 0,
        Pending::Battle(_) => 1,
        Pending::Defeat { .. } => 2,
        Pending::Palace { .. } => 3,
        Pending::EraToken { .. } => 4,
        Pending::Gain { .. } => 5,
        Pending::Quilombo { .. } => 6,
        Pending::Refill { .. } => 7,
    }
}
