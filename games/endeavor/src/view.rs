//! What a viewer sees: everything (nothing in Endeavor is hidden: tokens, decks and the discard pile lie face
//! up), with each player's derived figures beside it, and the table as text for a terminal.

use std::fmt::Write;

use imperia_core::{ContentSet, Viewer};
use serde::{Deserialize, Serialize};

use crate::content::{Attribute, Content, SpaceKind, ZoneId};
use crate::event::{FLEET_NAME, owner_name};
use crate::play::Action;
use crate::score::Score;
use crate::state::{Endeavor, FLEET, Owner, Phase, ROUNDS};

/// One player's figures, counted from the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// Each attribute's value, in [`Attribute::ALL`] order.
    pub attributes: [u8; 4],
    /// What each gives: build level, growth, salary, card limit.
    pub levels: [u8; 4],
    /// The most ordinary cards kept at the Discard phase.
    pub card_cap: u8,
    /// Presence in each zone.
    pub presence: Vec<u8>,
    /// The glory if the game ended now.
    pub score: Score,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    /// The whole table.
    pub game: Endeavor,
    pub figures: Vec<Figures>,
}

impl Endeavor {
    pub(crate) fn make_view(&self, viewer: Viewer) -> View {
        let figures = (0..self.players.len())
            .map(|s| Figures {
                attributes: Attribute::ALL.map(|a| self.attribute(s, a)),
                levels: Attribute::ALL.map(|a| self.level(s, a)),
                card_cap: self.card_cap(s) as u8,
                presence: self.presence.iter().map(|z| z[s]).collect(),
                score: self.score(s),
            })
            .collect();
        View { viewer, game: self.clone(), figures }
    }
}

/// The state a view shows: all of it (perfect information).
pub fn determinize(view: &View, content: &ContentSet<Content>) -> Endeavor {
    let mut g = view.game.clone();
    g.content = content.clone();
    g
}

/// The table in text: round and phase, each player's board, each zone, the organizer and the decks.
pub fn table(view: &View) -> String {
    let g = &view.game;
    let c = g.content();
    let mut out = String::new();
    let side = &c.side(g.side()).name;
    let phase = match &g.phase {
        Phase::Start { .. } => "choosing starting buildings".to_string(),
        Phase::Shortage => "material shortage".into(),
        Phase::Build { .. } => "Build".into(),
        Phase::Salary { .. } => "Salary".into(),
        Phase::Actions { .. } => "Actions".into(),
        Phase::Discard { .. } => "Discard".into(),
        Phase::Over => "the game is over".into(),
    };
    let _ = writeln!(
        out,
        "Round {} of {ROUNDS}, {phase}; {} holds the crown. Board: {side}.{}",
        g.round.max(1),
        owner_name(Owner::Player(g.crown)),
        if g.abolished { " Slavery is abolished." } else { "" }
    );
    for (s, (p, f)) in g.players.iter().zip(&view.figures).enumerate() {
        let me = if view.viewer.seat() == Some(s) { " (you)" } else { "" };
        let attrs: Vec<String> = Attribute::ALL
            .iter()
            .zip(["build", "grow", "pay", "cards"])
            .map(|(&a, what)| format!("{a} {} ({what} {})", f.attributes[a.index()], f.levels[a.index()]))
            .collect();
        let _ = writeln!(
            out,
            "\n{}{me}{}: {}. Harbor {}, supply {}. Glory now {}.",
            owner_name(Owner::Player(s as u8)),
            if p.passed && matches!(g.phase, Phase::Actions { .. }) { " (passed)" } else { "" },
            attrs.join(", "),
            p.harbor,
            p.supply,
            f.score.total
        );
        let coast: Vec<String> = p
            .coast
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mark = if b.disc { " ●" } else { "" };
                format!("{}. {}{mark}", i + 1, c.building(b.building).name)
            })
            .collect();
        let _ = writeln!(out, "  Coast: {}", coast.join(", "));
        let cards: Vec<String> = p.cards.iter().map(|&k| c.card(k).name.clone()).collect();
        let governor = p.governor.map_or("empty".to_string(), |k| c.card(k).name.clone());
        let _ = writeln!(
            out,
            "  Cards ({} of {}): {}. Governor slot: {governor}.{}",
            p.cards.len(),
            f.card_cap,
            if cards.is_empty() { "none".into() } else { cards.join(", ") },
            if p.set_aside.is_empty() { String::new() } else { format!(" Set aside: {}.", p.set_aside.len()) }
        );
        let blue: Vec<String> = p.actions.iter().map(|t| t.to_string()).collect();
        if !blue.is_empty() {
            let _ = writeln!(out, "  Action tokens: {}.", blue.join(", "));
        }
    }
    if g.config.silent_fleet.is_some() {
        let _ = writeln!(out, "\n{FLEET_NAME}: {} discs left.", g.fleet_supply);
    }
    for z in 0..c.zones.len() {
        zone_line(g, ZoneId(z as u8), &mut out);
    }
    let stock: Vec<String> = c
        .buildings
        .iter()
        .enumerate()
        .filter(|&(i, _)| g.stock[i] > 0)
        .map(|(i, b)| format!("{} (L{}) ×{}", b.name, b.level, g.stock[i]))
        .collect();
    let _ = writeln!(out, "\nOrganizer: {}.", stock.join(", "));
    let tops: Vec<String> = c
        .decks
        .iter()
        .zip(&g.decks)
        .map(|(d, cards)| match cards.first() {
            Some(&k) => format!("{}: {} ({})", d.name, c.card(k).name, c.card(k).describe()),
            None => format!("{}: empty", d.name),
        })
        .collect();
    let _ = writeln!(out, "Decks: {}.", tops.join("; "));
    if !g.discards.is_empty() {
        let pile: Vec<String> = g.discards.iter().map(|&k| c.card(k).name.clone()).collect();
        let _ = writeln!(out, "Discard pile: {}.", pile.join(", "));
    }
    out
}

fn initial(o: Option<Owner>) -> String {
    match o {
        Some(Owner::Fleet) => "SF".into(),
        Some(o) => owner_name(o)[..1].to_string(),
        None => "·".into(),
    }
}

/// A token in three letters, for the track line.
fn short(t: crate::content::TokenKind) -> &'static str {
    use crate::content::TokenKind::*;
    match t {
        Industry => "Ind",
        Culture => "Cul",
        Economy => "Eco",
        Influence => "Inf",
        OccupyDraw => "O/D",
        ShipDraw => "S/D",
        Payment => "Pay",
        Attack => "Att",
    }
}

fn zone_line(g: &Endeavor, zone: ZoneId, out: &mut String) {
    let c = g.content();
    let z = zone.index();
    let mut head = format!("\n{}", c.zones[z].name);
    if zone.is_region() {
        // A free space shows the token lying on it.
        let track: Vec<String> = g.tracks[z]
            .iter()
            .zip(&g.track_tokens[z])
            .map(|(&o, t)| match (o, t) {
                (None, Some(t)) => format!("·{}", short(*t)),
                _ => initial(o),
            })
            .collect();
        let state = if g.explored[z] { "explored" } else { "unexplored" };
        let _ = write!(head, " ({state}; track, farthest from the deck first: [{}])", track.join(" "));
        let sea: Vec<String> = (0..=FLEET)
            .filter(|&i| g.open_sea[z][i] > 0)
            .map(|i| {
                let o = if i == FLEET { Owner::Fleet } else { Owner::Player(i as u8) };
                format!("{}×{}", initial(Some(o)), g.open_sea[z][i])
            })
            .collect();
        if !sea.is_empty() {
            let _ = write!(head, ", open sea {}", sea.join(" "));
        }
    }
    let _ = writeln!(out, "{head}:");
    for kind in [SpaceKind::City, SpaceKind::Fleet] {
        let items: Vec<String> = g
            .board_spaces()
            .iter()
            .filter(|&&s| c.space(s).zone == zone && c.space(s).kind == kind)
            .map(|&s| {
                let sp = c.space(s);
                let token = g.space_tokens[s.index()].map_or(String::new(), |t| format!(" [{t}]"));
                let glory = if sp.glory > 1 { " ★★" } else { "" };
                format!("{}{glory} {}{token}", sp.name, initial(g.spaces[s.index()]))
            })
            .collect();
        let what = if kind == SpaceKind::City { "cities" } else { "fleets" };
        if !items.is_empty() {
            let _ = writeln!(out, "  {what}: {}", items.join(", "));
        }
    }
}

/// The board pieces an action touches, in the ids of the content's board: for a client's highlights.
pub fn targets(g: &Endeavor, action: &Action) -> Vec<String> {
    use crate::play::Sail;
    let c = g.content();
    let zone = |z: ZoneId| c.zones[z.index()].id.clone();
    match *action {
        Action::Ship { to } | Action::FleetShip { to } => match to {
            Sail::Track { zone: z } => vec![format!("track:{}", zone(z))],
            Sail::Sea { zone: z } => vec![format!("sea:{}", zone(z))],
            Sail::Fleet { space } => vec![c.space(space).id.clone()],
        },
        Action::Occupy { city } | Action::FleetOccupy { city } => vec![c.space(city).id.clone()],
        Action::Attack { space } => vec![c.space(space).id.clone()],
        Action::Draw { card } | Action::FleetDraw { card } => vec![format!("card:{}", c.card(card).id)],
        Action::Build { building } | Action::Shortage { building } | Action::Start { building } => {
            vec![format!("building:{}", c.building(building).id)]
        }
        _ => vec![],
    }
}
