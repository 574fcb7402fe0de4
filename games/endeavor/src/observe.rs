//! The observation tensor ([`imperia_core::observation`]): the whole table as numbers, read from the state
//! with the helpers the view's figures use (nothing in Endeavor is hidden, so the view is the state).
//! `docs/observations.md` lists the parts; owners have one column per seat and one for the Silent Fleet.

use imperia_core::observation::{Parts, Tensor, seat_parts};
use imperia_core::{Game, Viewer};

use crate::content::{Attribute, TokenKind};
use crate::state::{DISCS, Endeavor, MAX_CARDS, Owner, Phase, ROUNDS};

/// The phases, in the order of the `phase` one-hot.
const PHASES: usize = 7;
/// The cap for counts of pieces in one place (discs in a zone, tokens beside a track, cards in a deck).
const PILE: f64 = 10.0;
/// The cap for glory.
const GLORY: f64 = 100.0;
/// The five actions (`ActKind`, in its order).
const ACTS: usize = 5;

impl Endeavor {
    pub(crate) fn parts(&self) -> Parts {
        let c = self.content();
        let (seats, owners) = (self.players.len(), self.players.len() + 1);
        let (zones, cards, buildings) = (c.zones.len(), c.cards.len(), c.buildings.len());
        let track = c.sides.iter().flat_map(|s| s.tracks.iter().copied()).max().unwrap_or(0).into();
        let tokens = TokenKind::ALL.len();
        let mut parts = seat_parts(seats);
        parts.extend([
            ("phase", vec![PHASES]),
            ("round", vec![usize::from(ROUNDS) + 1]),
            ("crown", vec![seats]),
            ("attributes", vec![seats, 4]),
            ("levels", vec![seats, 4]),
            ("player", vec![seats, 6]),
            ("coast", vec![seats, buildings]),
            ("coast_discs", vec![seats, buildings]),
            ("brown_tokens", vec![seats, 4]),
            ("blue_tokens", vec![seats, tokens]),
            ("cards", vec![seats, cards]),
            ("governor_slot", vec![seats, cards]),
            ("tracks", vec![zones, track, owners]),
            ("track_tokens", vec![zones, track, tokens]),
            ("explored", vec![zones]),
            ("spaces", vec![c.spaces.len(), owners]),
            ("space_tokens", vec![c.spaces.len(), tokens]),
            ("route_tokens", vec![c.routes.len(), tokens]),
            ("open_sea", vec![zones, owners]),
            ("presence", vec![zones, owners]),
            ("deck_tops", vec![c.decks.len(), cards]),
            ("deck_sizes", vec![c.decks.len()]),
            ("discards", vec![cards]),
            ("governors", vec![zones]),
            ("stock", vec![buildings]),
            ("turn", vec![1 + ACTS]),
            ("fleet_answer", vec![ACTS]),
            ("table", vec![2]),
        ]);
        parts
    }

    pub(crate) fn write_observation(&self, viewer: Viewer, out: &mut [f32]) {
        let c = self.content();
        let seats = self.players.len();
        let owner = |o: Owner| o.seat().unwrap_or(seats);
        let mut t = Tensor::new(self.parts(), out);
        t.seats(viewer, &self.to_act());
        t.part("phase").one_hot(Some(phase_index(&self.phase)));
        t.part("round").one_hot(Some(self.round.into()));
        t.part("crown").one_hot(Some(self.crown.into()));
        let mut attributes = t.part("attributes");
        for s in 0..seats {
            for a in Attribute::ALL {
                let cap = c.track(a).glory.last().copied().unwrap_or(1).max(1);
                attributes.row(s).count(a.index(), self.attribute(s, a), cap.into());
            }
        }
        let mut levels = t.part("levels");
        for s in 0..seats {
            for a in Attribute::ALL {
                let cap = c.track(a).levels.iter().copied().max().unwrap_or(1).max(1);
                levels.row(s).count(a.index(), self.level(s, a), cap.into());
            }
        }
        let mut player = t.part("player");
        for (s, p) in self.players.iter().enumerate() {
            let mut row = player.row(s);
            row.count(0, p.supply, DISCS.into());
            row.count(1, p.harbor, DISCS.into());
            row.count(2, p.cards.len() as f64, MAX_CARDS as f64);
            row.count(3, p.set_aside.len() as f64, MAX_CARDS as f64);
            row.flag(4, p.passed);
            row.count(5, self.score(s).total, GLORY);
        }
        for (name, discs) in [("coast", false), ("coast_discs", true)] {
            let mut coast = t.part(name);
            for (s, p) in self.players.iter().enumerate() {
                for b in p.coast.iter().filter(|b| !discs || b.disc) {
                    coast.row(s).set(b.building.index(), 1.0);
                }
            }
        }
        let mut brown = t.part("brown_tokens");
        for (s, p) in self.players.iter().enumerate() {
            for a in 0..4 {
                brown.row(s).count(a, p.tokens[a] + p.memorial[a], PILE);
            }
        }
        let mut blue = t.part("blue_tokens");
        for (s, p) in self.players.iter().enumerate() {
            for &token in &p.actions {
                blue.row(s).add(token as usize, 1, PILE);
            }
        }
        let mut cards = t.part("cards");
        for (s, p) in self.players.iter().enumerate() {
            for card in &p.cards {
                cards.row(s).set(card.index(), 1.0);
            }
        }
        let mut governor = t.part("governor_slot");
        for (s, p) in self.players.iter().enumerate() {
            governor.row(s).one_hot(p.governor.map(|k| k.index()));
        }
        let mut tracks = t.part("tracks");
        for (z, track) in self.tracks.iter().enumerate() {
            for (i, space) in track.iter().enumerate() {
                tracks.row(z).row(i).one_hot(space.map(owner));
            }
        }
        let mut track_tokens = t.part("track_tokens");
        for (z, track) in self.track_tokens.iter().enumerate() {
            for (i, token) in track.iter().enumerate() {
                track_tokens.row(z).row(i).one_hot(token.map(|k| k as usize));
            }
        }
        let mut explored = t.part("explored");
        for (z, &e) in self.explored.iter().enumerate() {
            explored.flag(z, e);
        }
        let mut spaces = t.part("spaces");
        for (i, holder) in self.spaces.iter().enumerate() {
            spaces.row(i).one_hot(holder.map(owner));
        }
        for (name, lying) in [("space_tokens", &self.space_tokens), ("route_tokens", &self.route_tokens)] {
            let mut part = t.part(name);
            for (i, token) in lying.iter().enumerate() {
                part.row(i).one_hot(token.map(|k| k as usize));
            }
        }
        for (name, discs) in [("open_sea", &self.open_sea), ("presence", &self.presence)] {
            let mut part = t.part(name);
            for (z, per_owner) in discs.iter().enumerate() {
                for (s, &n) in per_owner.iter().take(seats).enumerate() {
                    part.row(z).count(s, n, PILE);
                }
                part.row(z).count(seats, per_owner[Owner::Fleet.index()], PILE);
            }
        }
        let mut tops = t.part("deck_tops");
        for (d, deck) in self.decks.iter().enumerate() {
            tops.row(d).one_hot(deck.first().map(|k| k.index()));
        }
        let mut sizes = t.part("deck_sizes");
        for (d, deck) in self.decks.iter().enumerate() {
            sizes.count(d, deck.len() as f64, PILE);
        }
        let mut discards = t.part("discards");
        for card in &self.discards {
            discards.set(card.index(), 1.0);
        }
        let mut governors = t.part("governors");
        for (z, g) in self.governors.iter().enumerate() {
            governors.flag(z, g.is_some());
        }
        let mut stock = t.part("stock");
        for (b, &left) in self.stock.iter().enumerate() {
            stock.count(b, left, c.buildings[b].copies.max(1).into());
        }
        let mut turn = t.part("turn");
        if let Some(under_way) = &self.turn {
            turn.set(0, 1.0);
            for &done in &under_way.done {
                turn.set(1 + done as usize, 1.0);
            }
        }
        let mut answer = t.part("fleet_answer");
        for kind in self.reaction.iter().flat_map(|r| &r.kinds) {
            answer.set(*kind as usize, 1.0);
        }
        let mut table = t.part("table");
        table.flag(0, self.abolished);
        table.count(1, self.fleet_supply, DISCS.into());
    }
}

fn phase_index(phase: &Phase) -> usize {
    match phase {
        Phase::Start { .. } => 0,
        Phase::Shortage => 1,
        Phase::Build { .. } => 2,
        Phase::Salary { .. } => 3,
        Phase::Actions { .. } => 4,
        Phase::Discard { .. } => 5,
        Phase::Over => 6,
    }
}
