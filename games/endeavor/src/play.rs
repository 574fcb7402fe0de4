//! The decisions of a game and their order: starting buildings, then seven rounds of Build, Growth,
//! Salary, Actions and Discard (rulebook, «Процесс игры»), the Silent Fleet's answers for two players, and
//! the Memorial's lost discs.
//!
//! One rule check serves both listing and refusing: [`Endeavor::check`] says why an action is not allowed,
//! and [`Endeavor::legal`] lists the candidates it lets through, so the two cannot disagree. Automatic steps
//! (growth, a Salary with nothing to choose, a player who cannot act and must pass, a phase nobody has to
//! decide) are taken by [`Endeavor::settle`] after every action.

use std::fmt;

use imperia_core::RuleError;
use imperia_core::words::a;
use serde::{Deserialize, Serialize};

use crate::cite;
use crate::content::{ActKind, Attribute, BuildingId, CardId, SpaceId, SpaceKind, TokenKind, ZoneId};
use crate::event::Event;
use crate::state::{Built, COAST, Endeavor, Owner, Phase, ROUNDS, Reaction, Turn, Via};

/// Where a Ship action puts its disc (rulebook, Ship: the three kinds of place).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sail {
    /// The next free space of an unexplored region's shipping track.
    Track { zone: ZoneId },
    /// A free fleet space in Europe or an explored region.
    Fleet { space: SpaceId },
    /// The open sea of an explored region.
    Sea { zone: ZoneId },
}

impl fmt::Display for Sail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sail::Track { zone } => write!(f, "the {zone} shipping track"),
            Sail::Fleet { space } => write!(f, "{space}"),
            Sail::Sea { zone } => write!(f, "the open sea of {zone}"),
        }
    }
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Setup З: the side of the starting tile.
    Start {
        building: BuildingId,
    },
    /// Material shortage: discard a face-up building from the organizer.
    Shortage {
        building: BuildingId,
    },
    Build {
        building: BuildingId,
    },
    /// Salary: free the disc on this coast slot.
    Free {
        slot: u8,
    },
    /// Put a harbor disc on this coast slot's building and use it.
    Activate {
        slot: u8,
    },
    /// Spend a blue action token from the harbor.
    Spend {
        token: TokenKind,
    },
    Ship {
        to: Sail,
    },
    Occupy {
        city: SpaceId,
    },
    Attack {
        space: SpaceId,
    },
    /// Payment: free the disc on this coast slot.
    Payment {
        slot: u8,
    },
    /// Take this card: the top of a deck, or any card of the discard pile.
    Draw {
        card: CardId,
    },
    /// End a turn after the first of a building's two actions.
    Finish,
    Pass,
    /// The Silent Fleet's answers, carried out by the acting player.
    FleetShip {
        to: Sail,
    },
    FleetOccupy {
        city: SpaceId,
    },
    FleetDraw {
        card: CardId,
    },
    /// The Silent Fleet answers one of the turn's actions that gives it nothing to do: an Attack or a
    /// Payment, or an action whose answer has nowhere to go (chosen after a two-action building).
    FleetNothing {
        answer: ActKind,
    },
    /// A Memorial's lost disc: beside a track, or left in the supply.
    Memorial {
        track: Option<Attribute>,
    },
    /// Discard phase.
    Discard {
        card: CardId,
    },
    Govern {
        card: CardId,
    },
    Keep,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Start { building } => write!(f, "start with the {building}"),
            Action::Shortage { building } => write!(f, "discard {} from the organizer", a(&building.to_string())),
            Action::Build { building } => write!(f, "build {}", a(&building.to_string())),
            Action::Free { slot } => write!(f, "pay Salary: free coast slot {}", slot + 1),
            Action::Activate { slot } => write!(f, "activate the building in coast slot {}", slot + 1),
            Action::Spend { token } => write!(f, "spend {}", a(&token.to_string())),
            Action::Ship { to } => write!(f, "ship to {to}"),
            Action::Occupy { city } => write!(f, "occupy {city}"),
            Action::Attack { space } => write!(f, "attack in {space}"),
            Action::Payment { slot } => write!(f, "Payment: free coast slot {}", slot + 1),
            Action::Draw { card } => write!(f, "draw {card}"),
            Action::Finish => f.write_str("end the turn without the second action"),
            Action::Pass => f.write_str("pass"),
            Action::FleetShip { to } => write!(f, "Silent Fleet: sail to {to}"),
            Action::FleetOccupy { city } => write!(f, "Silent Fleet: occupy {city}"),
            Action::FleetDraw { card } => write!(f, "Silent Fleet: remove {card}"),
            Action::FleetNothing { answer } => {
                write!(f, "Silent Fleet: answer your {answer}, which gives it nothing to do")
            }
            Action::Memorial { track: Some(a) } => write!(f, "put the lost disc beside the {a} track"),
            Action::Memorial { track: None } => f.write_str("leave the lost disc in the supply"),
            Action::Discard { card } => write!(f, "discard {card}"),
            Action::Govern { card } => write!(f, "put {card} in the governor slot"),
            Action::Keep => f.write_str("keep these cards"),
        }
    }
}

/// Why an action is refused: a message and the rule, both static, put into words only when read.
pub(crate) type Check = Result<(), (&'static str, &'static str)>;

fn no(message: &'static str, rule: &'static str) -> Check {
    Err((message, rule))
}

pub(crate) fn refusal((message, rule): (&'static str, &'static str)) -> RuleError {
    RuleError::new(message, rule)
}

/// Harbor discs an action needs beyond the activation disc (rulebook, the action table): one placed for
/// Ship and Occupy, one lost and one placed for Attack.
fn discs_needed(kind: ActKind) -> u8 {
    match kind {
        ActKind::Ship | ActKind::Occupy => 1,
        ActKind::Attack => 2,
        ActKind::Payment | ActKind::Draw => 0,
    }
}

fn kind_of(a: &Action) -> Option<ActKind> {
    match a {
        Action::Ship { .. } => Some(ActKind::Ship),
        Action::Occupy { .. } => Some(ActKind::Occupy),
        Action::Attack { .. } => Some(ActKind::Attack),
        Action::Payment { .. } => Some(ActKind::Payment),
        Action::Draw { .. } => Some(ActKind::Draw),
        _ => None,
    }
}

impl Endeavor {
    /// The seat whose decision it is, if one seat's (every decision of this game is one seat's).
    pub fn deciding(&self) -> Option<usize> {
        if let Some(&s) = self.memorials.first() {
            return Some(usize::from(s));
        }
        match self.phase {
            Phase::Start { next } | Phase::Build { next } | Phase::Salary { next, .. } | Phase::Discard { next } => {
                Some(self.from_crown(next))
            }
            Phase::Shortage => Some(self.from_crown(1)),
            Phase::Actions { current } => Some(usize::from(current)),
            Phase::Over => None,
        }
    }

    /// Everything `seat` may do now.
    pub fn legal(&self, seat: usize) -> Vec<Action> {
        let mut out = Vec::new();
        if self.deciding() != Some(seat) {
            return out;
        }
        let c = &*self.content;
        let mut push = |a: Action| {
            if self.check(seat, &a).is_ok() {
                out.push(a);
            }
        };
        if !self.memorials.is_empty() {
            push(Action::Memorial { track: None });
            Attribute::ALL.into_iter().for_each(|a| push(Action::Memorial { track: Some(a) }));
            return out;
        }
        let buildings = (0..c.buildings.len()).map(|i| BuildingId(i as u8));
        match self.phase {
            Phase::Start { .. } => c.starts().for_each(|b| push(Action::Start { building: b })),
            Phase::Shortage => buildings.for_each(|b| push(Action::Shortage { building: b })),
            Phase::Build { .. } => buildings.for_each(|b| push(Action::Build { building: b })),
            Phase::Salary { .. } => (0..COAST as u8).for_each(|slot| push(Action::Free { slot })),
            Phase::Actions { .. } => return self.legal_in_turn(seat),
            Phase::Discard { .. } => {
                let p = &self.players[seat];
                for &card in &p.cards {
                    push(Action::Discard { card });
                    push(Action::Govern { card });
                }
                push(Action::Keep);
            }
            Phase::Over => {}
        }
        out
    }

    fn legal_in_turn(&self, seat: usize) -> Vec<Action> {
        let mut out = Vec::new();
        let owner = Owner::Player(seat as u8);
        if let Some(r) = &self.reaction {
            // Each candidate goes through the check that refuses, so a listed answer is always one it accepts.
            for &k in &r.kinds {
                let mut push = |a: Action| {
                    if self.check(seat, &a).is_ok() {
                        out.push(a);
                    }
                    false
                };
                self.fleet_targets(k, r.zone, &mut push);
                push(Action::FleetNothing { answer: k });
            }
            return out;
        }
        if let Some(t) = &self.turn {
            // A building may show one action twice (the Town Hall's Draw + Draw): list its targets once.
            let mut kinds = self.remaining(t);
            kinds.sort_unstable();
            kinds.dedup();
            for k in kinds {
                if self.players[seat].harbor >= discs_needed(k) {
                    self.targets(owner, k, &mut |a| {
                        out.push(a);
                        false
                    });
                }
            }
            if !t.done.is_empty() {
                out.push(Action::Finish);
            }
            return out;
        }
        for slot in 0..self.players[seat].coast.len() as u8 {
            if self.check(seat, &Action::Activate { slot }).is_ok() {
                out.push(Action::Activate { slot });
            }
        }
        let mut tokens = self.players[seat].actions.clone();
        tokens.sort_unstable();
        tokens.dedup();
        for token in tokens {
            if self.check(seat, &Action::Spend { token }).is_ok() {
                out.push(Action::Spend { token });
            }
        }
        out.push(Action::Pass);
        out
    }

    /// The actions still open in a turn: a token's or an "either" building's one action, or what is left of
    /// a building's "A + B".
    fn remaining(&self, t: &Turn) -> Vec<ActKind> {
        match t.via {
            Via::Token { token } => {
                if t.done.is_empty() {
                    token.actions().to_vec()
                } else {
                    vec![]
                }
            }
            Via::Building { slot } => {
                let Phase::Actions { current } = self.phase else { return vec![] };
                let b = self.content.building(self.players[usize::from(current)].coast[usize::from(slot)].building);
                if b.either && !t.done.is_empty() {
                    return vec![];
                }
                let mut left = b.actions.clone();
                for d in &t.done {
                    if let Some(i) = left.iter().position(|k| k == d) {
                        left.remove(i);
                    }
                }
                left
            }
        }
    }

    /// Calls `f` with each target of an action of `kind` for `owner` (stopping when it returns true).
    fn targets(&self, owner: Owner, kind: ActKind, f: &mut dyn FnMut(Action) -> bool) -> bool {
        let c = &*self.content;
        let side = c.side(self.side);
        match kind {
            ActKind::Ship => {
                for z in 1..self.tracks.len() {
                    let zone = ZoneId(z as u8);
                    if self.check_sail(Sail::Track { zone }).is_ok() && f(Action::Ship { to: Sail::Track { zone } }) {
                        return true;
                    }
                }
                for &space in &side.spaces {
                    let to = Sail::Fleet { space };
                    if self.check_sail(to).is_ok() && f(Action::Ship { to }) {
                        return true;
                    }
                }
                for z in 1..self.tracks.len() {
                    let to = Sail::Sea { zone: ZoneId(z as u8) };
                    if self.check_sail(to).is_ok() && f(Action::Ship { to }) {
                        return true;
                    }
                }
            }
            ActKind::Occupy => {
                for &city in &side.spaces {
                    if self.check_occupy(owner, city, None).is_ok() && f(Action::Occupy { city }) {
                        return true;
                    }
                }
            }
            ActKind::Attack => {
                for &space in &side.spaces {
                    if self.check_attack(owner, space).is_ok() && f(Action::Attack { space }) {
                        return true;
                    }
                }
            }
            ActKind::Payment => {
                let Some(seat) = owner.seat() else { return false };
                for slot in 0..self.players[seat].coast.len() as u8 {
                    if self.check_payment(seat, slot).is_ok() && f(Action::Payment { slot }) {
                        return true;
                    }
                }
            }
            ActKind::Draw => {
                for deck in &self.decks {
                    if let Some(&card) = deck.first()
                        && self.check_draw(owner, card).is_ok()
                        && f(Action::Draw { card })
                    {
                        return true;
                    }
                }
                for &card in &self.discards {
                    if self.check_draw(owner, card).is_ok() && f(Action::Draw { card }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The Silent Fleet's moves answering an action of `kind` (rulebook, «Бесшумный флот»).
    fn fleet_targets(&self, kind: ActKind, zone: Option<ZoneId>, f: &mut dyn FnMut(Action) -> bool) -> bool {
        match kind {
            // With all its discs on the board the fleet has no disc to place, so its Ship and Occupy answers
            // have nowhere to go and are skipped, as an answer with no free space is (ruling E10).
            ActKind::Ship | ActKind::Occupy if self.fleet_has_disc().is_err() => false,
            ActKind::Ship => self.targets(Owner::Fleet, ActKind::Ship, &mut |a| match a {
                Action::Ship { to: to @ (Sail::Track { .. } | Sail::Fleet { .. }) } => f(Action::FleetShip { to }),
                _ => false,
            }),
            ActKind::Occupy => {
                let side = self.content.side(self.side);
                side.spaces
                    .iter()
                    .any(|&city| self.check_occupy(Owner::Fleet, city, zone).is_ok() && f(Action::FleetOccupy { city }))
            }
            ActKind::Draw => self.decks.iter().any(|deck| {
                deck.first().is_some_and(|&card| self.check_fleet_draw(card).is_ok() && f(Action::FleetDraw { card }))
            }),
            ActKind::Attack | ActKind::Payment => false,
        }
    }

    /// Whether the Silent Fleet's answer to an action of `kind` has somewhere to go.
    fn fleet_moves(&self, kind: ActKind, zone: Option<ZoneId>) -> bool {
        self.fleet_targets(kind, zone, &mut |_| true)
    }

    fn has_target(&self, owner: Owner, kind: ActKind) -> bool {
        self.targets(owner, kind, &mut |_| true)
    }

    /// Whether `action` is allowed now for `seat`, and if not, why.
    pub(crate) fn check(&self, seat: usize, action: &Action) -> Check {
        if self.phase == Phase::Over {
            return no("the game is over", cite::END);
        }
        if self.deciding() != Some(seat) {
            return no("it is not your decision now", cite::ROUND);
        }
        if !self.memorials.is_empty() {
            return match action {
                Action::Memorial { .. } => Ok(()),
                _ => no("first place the disc your Memorial saved", cite::MEMORIAL),
            };
        }
        let c = &*self.content;
        let p = &self.players[seat];
        match (action, &self.phase) {
            (Action::Start { building }, Phase::Start { .. }) => {
                if c.buildings.get(building.index()).is_some_and(|b| b.start) {
                    Ok(())
                } else {
                    no("choose a side of the starting tile", cite::SETUP_START)
                }
            }
            (Action::Shortage { building }, Phase::Shortage) => {
                if self.stock.get(building.index()).is_some_and(|&n| n > 0) {
                    Ok(())
                } else {
                    no("that building is not face up in the organizer", cite::SHORTAGE)
                }
            }
            (Action::Build { building }, Phase::Build { .. }) => self.check_build(seat, *building),
            (Action::Free { slot }, Phase::Salary { .. }) => match p.coast.get(usize::from(*slot)) {
                Some(b) if b.disc => Ok(()),
                _ => no("there is no disc on that building to pay", cite::SALARY),
            },
            (_, Phase::Actions { .. }) => self.check_in_turn(seat, action),
            // Only cards over the limit are discarded; the governor slot's card counts toward no limit (ruling E9).
            (Action::Discard { card }, Phase::Discard { .. }) => {
                if p.governor == Some(*card) {
                    no(
                        "the governor in the governor slot counts toward no limit and is not discarded (ruling E9)",
                        cite::DISCARD,
                    )
                } else if !p.cards.contains(card) {
                    no("you do not hold that card", cite::DISCARD)
                } else if p.cards.len() <= self.card_cap(seat) {
                    no("you are within your card limit: cards are discarded only down to it (ruling E9)", cite::DISCARD)
                } else {
                    Ok(())
                }
            }
            (Action::Govern { card }, Phase::Discard { .. }) => {
                if !(p.cards.contains(card) && c.card(*card).governor) {
                    no("only a governor in an ordinary slot may move to the governor slot", cite::DISCARD)
                } else if p.governor.is_some() {
                    no(
                        "the governor slot is taken: a governor there leaves it only when discarded (ruling E9)",
                        cite::DISCARD,
                    )
                } else {
                    Ok(())
                }
            }
            (Action::Keep, Phase::Discard { .. }) => {
                if p.cards.len() <= self.card_cap(seat) {
                    Ok(())
                } else {
                    no(
                        "you hold more cards than your limit (your Influence's, +1 for a slavery card, at most 5): discard first",
                        cite::DISCARD,
                    )
                }
            }
            _ => no("that is not a decision of this phase", cite::ROUND),
        }
    }

    fn check_build(&self, seat: usize, building: BuildingId) -> Check {
        let c = &*self.content;
        let Some(b) = c.buildings.get(building.index()) else { return no("there is no such building", cite::BUILD) };
        if self.stock[building.index()] == 0 {
            return no("no tile of that building is left face up in the organizer", cite::BUILD);
        }
        let level = self.level(seat, Attribute::Industry);
        if b.level <= level {
            return Ok(());
        }
        // Nothing left at or below the build level: one level higher is allowed.
        let any_at_level =
            c.buildings.iter().enumerate().any(|(i, x)| !x.start && x.level <= level && self.stock[i] > 0);
        if b.level == level + 1 && !any_at_level {
            Ok(())
        } else {
            no("that building's level is above your build level (your Industry's)", cite::BUILD)
        }
    }

    fn check_in_turn(&self, seat: usize, action: &Action) -> Check {
        let p = &self.players[seat];
        let owner = Owner::Player(seat as u8);
        if let Some(r) = &self.reaction {
            let ok = match action {
                Action::FleetShip { .. } => r.kinds.contains(&ActKind::Ship),
                Action::FleetOccupy { .. } => r.kinds.contains(&ActKind::Occupy),
                Action::FleetDraw { .. } => r.kinds.contains(&ActKind::Draw),
                Action::FleetNothing { answer } => r.kinds.contains(answer),
                _ => false,
            };
            if !ok {
                return no("first carry out the Silent Fleet's answer to your action", cite::FLEET);
            }
            return match *action {
                Action::FleetShip { to: to @ (Sail::Track { .. } | Sail::Fleet { .. }) } => {
                    self.fleet_has_disc()?;
                    self.check_sail(to)
                }
                Action::FleetShip { .. } => no("the Silent Fleet never sails to the open sea", cite::FLEET),
                Action::FleetOccupy { city } => {
                    self.fleet_has_disc()?;
                    self.check_occupy(Owner::Fleet, city, r.zone)
                }
                Action::FleetDraw { card } => self.check_fleet_draw(card),
                Action::FleetNothing { answer } if self.fleet_moves(answer, r.zone) => {
                    no("the Silent Fleet has somewhere to go in answer to that action: move it", cite::FLEET)
                }
                Action::FleetNothing { .. } => Ok(()),
                _ => no("that is not a Silent Fleet move", cite::FLEET),
            };
        }
        if let Some(t) = &self.turn {
            if *action == Action::Finish {
                return if t.done.is_empty() { no("do the building's action first", cite::ACTIVATE) } else { Ok(()) };
            }
            let Some(kind) = kind_of(action) else {
                return no("finish this turn's action first", cite::ACTIVATE);
            };
            if !self.remaining(t).contains(&kind) {
                return no("this building or token does not give that action now", cite::ACTIVATE);
            }
            if p.harbor < discs_needed(kind) {
                return no("not enough discs in your harbor for that action", cite::ACTIONS);
            }
            return match *action {
                Action::Ship { to } => self.check_sail(to),
                Action::Occupy { city } => self.check_occupy(owner, city, None),
                Action::Attack { space } => self.check_attack(owner, space),
                Action::Payment { slot } => self.check_payment(seat, slot),
                Action::Draw { card } => self.check_draw(owner, card),
                _ => no("that is not an action", cite::ACTIONS),
            };
        }
        match *action {
            Action::Pass => Ok(()),
            Action::Activate { slot } => {
                let Some(built) = p.coast.get(usize::from(slot)) else {
                    return no("there is no building in that coast slot", cite::ACTIVATE);
                };
                let b = self.content.building(built.building);
                if b.actions.is_empty() {
                    return no("that building shows no action", cite::ACTIVATE);
                }
                if built.disc {
                    return no("that building's activation space already holds a disc", cite::ACTIVATE);
                }
                if p.harbor == 0 {
                    return no("you have no disc in your harbor", cite::ACTIVATE);
                }
                if b.actions.iter().any(|&k| p.harbor > discs_needed(k) && self.has_target(owner, k)) {
                    Ok(())
                } else {
                    no("none of that building's actions can be carried out now (ruling E3)", cite::ACTIVATE)
                }
            }
            Action::Spend { token } => {
                if !p.actions.contains(&token) {
                    return no("you have no such action token in your harbor", cite::TOKEN);
                }
                if token.actions().iter().any(|&k| p.harbor >= discs_needed(k) && self.has_target(owner, k)) {
                    Ok(())
                } else {
                    no("that token's action cannot be carried out now", cite::TOKEN)
                }
            }
            _ => no("activate a building, spend an action token, or pass", cite::ACTIONS),
        }
    }

    fn fleet_has_disc(&self) -> Check {
        if self.fleet_supply > 0 { Ok(()) } else { no("the Silent Fleet has no disc left (ruling E10)", cite::FLEET) }
    }

    fn on_side(&self, space: SpaceId) -> bool {
        self.content.spaces.get(space.index()).is_some_and(|s| s.side == self.side)
    }

    pub(crate) fn check_sail(&self, to: Sail) -> Check {
        match to {
            Sail::Track { zone } => {
                if !zone.is_region() || zone.index() >= self.tracks.len() {
                    return no("only the six regions have a shipping track", cite::SHIP_TRACK);
                }
                if self.is_open(zone) {
                    return no("that region is explored: its shipping track is full", cite::SHIP_TRACK);
                }
                Ok(())
            }
            Sail::Fleet { space } => {
                if !self.on_side(space) || self.content.space(space).kind != SpaceKind::Fleet {
                    return no("that is not a fleet space of this board", cite::SHIP_FLEET);
                }
                if !self.is_open(self.content.space(space).zone) {
                    return no("fleet spaces open when their region is explored", cite::SHIP_FLEET);
                }
                if self.spaces[space.index()].is_some() {
                    return no("that fleet space is taken", cite::SHIP_FLEET);
                }
                Ok(())
            }
            Sail::Sea { zone } => {
                if !zone.is_region() || zone.index() >= self.tracks.len() {
                    return no("Europe has no open sea", cite::SHIP_SEA);
                }
                if !self.is_open(zone) {
                    return no("the open sea opens when its region is explored", cite::SHIP_SEA);
                }
                Ok(())
            }
        }
    }

    pub(crate) fn check_occupy(&self, owner: Owner, city: SpaceId, only_in: Option<ZoneId>) -> Check {
        if !self.on_side(city) || self.content.space(city).kind != SpaceKind::City {
            return no("that is not a city of this board", cite::OCCUPY);
        }
        let zone = self.content.space(city).zone;
        if self.spaces[city.index()].is_some() {
            return no("that city is already occupied: attack it instead", cite::OCCUPY);
        }
        if !self.is_open(zone) {
            return no("cities open when their region is explored", cite::OCCUPY);
        }
        if !self.is_present(owner, zone) {
            return match owner {
                Owner::Fleet => {
                    no("the Silent Fleet occupies only where it has a disc, Europe too (ruling E10)", cite::FLEET)
                }
                Owner::Player(_) => no("you must be present in a region to occupy there", cite::OCCUPY),
            };
        }
        if only_in.is_some_and(|z| z != zone) {
            return no("the Silent Fleet occupies only where you just occupied (occupy restriction)", cite::FLEET);
        }
        Ok(())
    }

    fn check_attack(&self, owner: Owner, space: SpaceId) -> Check {
        if !self.on_side(space) {
            return no("that is not a city or fleet space of this board", cite::ATTACK);
        }
        let zone = self.content.space(space).zone;
        match self.spaces[space.index()] {
            None => return no("there is no disc there to attack", cite::ATTACK),
            Some(o) if o == owner => return no("that disc is your own", cite::ATTACK),
            Some(_) => {}
        }
        if !self.is_open(zone) {
            return no("attacks are made in Europe or an explored region", cite::ATTACK);
        }
        if !self.is_present(owner, zone) {
            return no("you must be present in a region to attack there", cite::ATTACK);
        }
        Ok(())
    }

    /// Payment frees a disc from any of the player's buildings but one showing the no-Payment icon, which
    /// only Salary frees (rulebook, «Выплата»). Every building with a Payment action shows it (the content
    /// loader refuses one that does not), so a Payment never frees one and the Actions phase ends (ruling E4).
    fn check_payment(&self, seat: usize, slot: u8) -> Check {
        let Some(built) = self.players[seat].coast.get(usize::from(slot)) else {
            return no("there is no building in that coast slot", cite::PAYMENT);
        };
        if !built.disc {
            return no("there is no disc on that building", cite::PAYMENT);
        }
        if self.content.building(built.building).salary_only {
            return no("that building shows the no-Payment icon: only Salary frees its disc", cite::PAYMENT);
        }
        Ok(())
    }

    fn check_draw(&self, owner: Owner, card: CardId) -> Check {
        let c = &*self.content;
        let Some(k) = c.cards.get(card.index()) else { return no("there is no such card", cite::DRAW) };
        if self.decks.iter().any(|d| d.first() == Some(&card)) {
            if self.presence(owner, c.decks[k.deck.index()].zone) < k.value {
                return no("your presence there is below the card's value", cite::DRAW);
            }
            return Ok(());
        }
        if self.discards.contains(&card) {
            if self.presence(owner, ZoneId::EUROPE) < k.value {
                return no("your presence in Europe is below the card's value", cite::DRAW);
            }
            return Ok(());
        }
        no("only the top card of a deck or a card of the discard pile may be taken", cite::DRAW)
    }

    pub(crate) fn check_fleet_draw(&self, card: CardId) -> Check {
        let c = &*self.content;
        let Some(k) = c.cards.get(card.index()) else { return no("there is no such card", cite::FLEET) };
        let deck = &c.decks[k.deck.index()];
        if deck.slavery {
            return no(
                "the Silent Fleet removes cards from Europe's and the regions' decks only (ruling E10)",
                cite::FLEET,
            );
        }
        if self.decks[k.deck.index()].first() != Some(&card) {
            return no("the Silent Fleet removes the top card of a deck", cite::FLEET);
        }
        if self.presence(Owner::Fleet, deck.zone) < k.value {
            return no("the Silent Fleet's presence there is below the card's value", cite::FLEET);
        }
        Ok(())
    }

    /// Apply `action` for `seat`, all or nothing; the events, in order.
    pub(crate) fn act(&mut self, seat: usize, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.check(seat, action).map_err(refusal)?;
        let mut ev = Vec::new();
        let s = seat as u8;
        match *action {
            Action::Memorial { track } => {
                self.memorials.remove(0);
                if let Some(a) = track {
                    let p = &mut self.players[seat];
                    p.supply -= 1;
                    p.memorial[a.index()] += 1;
                }
                ev.push(Event::Memorial { seat: s, track });
            }
            Action::Start { building } => {
                let p = &mut self.players[seat];
                p.supply -= 1;
                p.coast.push(Built { building, disc: true });
                ev.push(Event::Started { seat: s, building });
                self.next_in_phase();
            }
            Action::Shortage { building } => {
                self.stock[building.index()] -= 1;
                ev.push(Event::Shortage { seat: s, building });
                self.phase = Phase::Build { next: 0 };
            }
            Action::Build { building } => {
                self.stock[building.index()] -= 1;
                self.players[seat].coast.push(Built { building, disc: false });
                ev.push(Event::Built { seat: s, building });
                self.next_in_phase();
            }
            Action::Free { slot } => {
                self.free(seat, slot, true, &mut ev);
                if let Phase::Salary { left, .. } = &mut self.phase {
                    *left -= 1;
                }
            }
            Action::Activate { slot } => {
                let p = &mut self.players[seat];
                p.harbor -= 1;
                p.coast[usize::from(slot)].disc = true;
                ev.push(Event::Activated { seat: s, building: p.coast[usize::from(slot)].building });
                self.turn = Some(Turn { via: Via::Building { slot }, done: vec![], occupied_in: None });
            }
            Action::Spend { token } => {
                let p = &mut self.players[seat];
                let i = p.actions.iter().position(|&t| t == token).unwrap_or(0);
                p.actions.remove(i);
                ev.push(Event::Spent { seat: s, token });
                self.turn = Some(Turn { via: Via::Token { token }, done: vec![], occupied_in: None });
            }
            Action::Ship { .. }
            | Action::Occupy { .. }
            | Action::Attack { .. }
            | Action::Payment { .. }
            | Action::Draw { .. } => {
                self.perform(seat, action, &mut ev);
                let kind = kind_of(action).expect("an action");
                let turn = self.turn.as_mut().expect("a turn under way");
                turn.done.push(kind);
                if let Action::Occupy { city } = *action {
                    turn.occupied_in = Some(self.content.space(city).zone);
                }
                let t = turn.clone();
                if self.remaining(&t).is_empty() {
                    self.end_turn();
                }
            }
            Action::Finish => self.end_turn(),
            Action::Pass => {
                self.players[seat].passed = true;
                ev.push(Event::Passed { seat: s, forced: false });
                self.next_player();
            }
            Action::FleetShip { to } => {
                self.sail(Owner::Fleet, to, &mut ev);
                self.after_reaction();
            }
            Action::FleetOccupy { city } => {
                self.occupy(Owner::Fleet, city, &mut ev);
                self.after_reaction();
            }
            Action::FleetDraw { card } => {
                self.decks.iter_mut().for_each(|d| d.retain(|&k| k != card));
                ev.push(Event::Drew { owner: Owner::Fleet, card });
                if self.content.card(card).abolition {
                    self.abolish(&mut ev);
                }
                self.after_reaction();
            }
            Action::FleetNothing { answer } => {
                ev.push(Event::FleetNothing { seat: s, answer });
                self.after_reaction();
            }
            Action::Discard { card } => {
                self.players[seat].cards.retain(|&k| k != card);
                let k = self.content.card(card);
                if k.slavery {
                    self.players[seat].set_aside.push(card);
                } else if !k.governor {
                    self.discards.push(card);
                }
                ev.push(Event::Discarded { seat: s, card });
            }
            Action::Govern { card } => {
                let p = &mut self.players[seat];
                p.cards.retain(|&k| k != card);
                p.governor = Some(card);
                ev.push(Event::Governs { seat: s, card });
            }
            Action::Keep => self.next_in_phase(),
        }
        self.settle(&mut ev);
        Ok(ev)
    }

    /// Carry out one checked action of a turn (rulebook, the five actions).
    fn perform(&mut self, seat: usize, action: &Action, ev: &mut Vec<Event>) {
        let owner = Owner::Player(seat as u8);
        match *action {
            Action::Ship { to } => {
                self.players[seat].harbor -= 1;
                self.sail(owner, to, ev);
            }
            Action::Occupy { city } => {
                self.players[seat].harbor -= 1;
                self.occupy(owner, city, ev);
            }
            Action::Attack { space } => self.attack(seat, space, ev),
            Action::Payment { slot } => self.free(seat, slot, false, ev),
            Action::Draw { card } => self.draw(seat, card, ev),
            _ => {}
        }
    }

    /// Put `owner`'s disc at `to` and take (or, for the Silent Fleet, remove) the token there.
    fn sail(&mut self, owner: Owner, to: Sail, ev: &mut Vec<Event>) {
        let zone = match to {
            Sail::Track { zone } | Sail::Sea { zone } => zone,
            Sail::Fleet { space } => self.content.space(space).zone,
        };
        self.presence[zone.index()][owner.index()] += 1;
        if owner == Owner::Fleet {
            self.fleet_supply -= 1;
        }
        let token = match to {
            Sail::Track { zone } => {
                let z = zone.index();
                let i = self.tracks[z].iter().position(Option::is_none).expect("an unexplored track has room");
                self.tracks[z][i] = Some(owner);
                self.track_tokens[z][i].take()
            }
            Sail::Fleet { space } => {
                self.spaces[space.index()] = Some(owner);
                self.space_tokens[space.index()].take()
            }
            Sail::Sea { zone } => {
                self.open_sea[zone.index()][owner.index()] += 1;
                None
            }
        };
        self.gain(owner, token);
        ev.push(Event::Sailed { owner, to, token });
        match to {
            Sail::Track { zone } if self.tracks[zone.index()].iter().all(Option::is_some) => self.explore(zone, ev),
            Sail::Fleet { space } => self.open_routes(owner, space, ev),
            _ => {}
        }
    }

    fn occupy(&mut self, owner: Owner, city: SpaceId, ev: &mut Vec<Event>) {
        let zone = self.content.space(city).zone;
        self.presence[zone.index()][owner.index()] += 1;
        if owner == Owner::Fleet {
            self.fleet_supply -= 1;
        }
        self.spaces[city.index()] = Some(owner);
        let token = self.space_tokens[city.index()].take();
        self.gain(owner, token);
        ev.push(Event::Occupied { owner, city, token });
        self.open_routes(owner, city, ev);
    }

    /// Attack: a harbor disc lost to the supply, the victim's disc back to its supply, another harbor disc in
    /// its place (rulebook, Attack); a Memorial's owner then places each lost disc.
    fn attack(&mut self, seat: usize, space: SpaceId, ev: &mut Vec<Event>) {
        use crate::content::Special::Memorial;
        let zone = self.content.space(space).zone.index();
        let victim = self.spaces[space.index()].expect("a checked attack has a victim");
        let p = &mut self.players[seat];
        p.harbor -= 2;
        p.supply += 1;
        self.presence[zone][victim.index()] -= 1;
        match victim {
            Owner::Player(v) => self.players[usize::from(v)].supply += 1,
            Owner::Fleet => self.fleet_supply += 1,
        }
        let owner = Owner::Player(seat as u8);
        self.spaces[space.index()] = Some(owner);
        self.presence[zone][owner.index()] += 1;
        ev.push(Event::Attacked { seat: seat as u8, space, victim });
        if self.holds(seat, Memorial) {
            self.memorials.push(seat as u8);
        }
        if let Owner::Player(v) = victim
            && self.holds(usize::from(v), Memorial)
        {
            self.memorials.push(v);
        }
        self.open_routes(owner, space, ev);
    }

    fn free(&mut self, seat: usize, slot: u8, salary: bool, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat];
        let b = &mut p.coast[usize::from(slot)];
        b.disc = false;
        p.harbor += 1;
        ev.push(Event::Freed { seat: seat as u8, building: b.building, salary });
    }

    fn draw(&mut self, seat: usize, card: CardId, ev: &mut Vec<Event>) {
        self.decks.iter_mut().for_each(|d| d.retain(|&k| k != card));
        self.discards.retain(|&k| k != card);
        self.players[seat].cards.push(card);
        ev.push(Event::Drew { owner: Owner::Player(seat as u8), card });
        let k = self.content.card(card);
        let p = &mut self.players[seat];
        if k.disc && p.supply > 0 {
            p.supply -= 1;
            p.harbor += 1;
            ev.push(Event::ExtraDisc { seat: seat as u8 });
        }
        if k.abolition {
            self.abolish(ev);
        }
    }

    fn gain(&mut self, owner: Owner, token: Option<TokenKind>) {
        let (Owner::Player(s), Some(t)) = (owner, token) else { return };
        let p = &mut self.players[usize::from(s)];
        match t.attribute() {
            Some(a) => p.tokens[a.index()] += 1,
            None => p.actions.push(t),
        }
    }

    /// The first player to control a route takes its token at once (rulebook, Routes).
    fn open_routes(&mut self, owner: Owner, space: SpaceId, ev: &mut Vec<Event>) {
        let Owner::Player(s) = owner else { return };
        for i in 0..self.content.space(space).routes.len() {
            let route = self.content.space(space).routes[i];
            if self.route_tokens[route.index()].is_some() && self.controller(route) == Some(usize::from(s)) {
                let token = self.route_tokens[route.index()].take().expect("checked");
                self.gain(owner, Some(token));
                ev.push(Event::RouteOpened { seat: s, route, token });
            }
        }
    }

    /// A region whose last track space is filled is explored; the most discs on the track win its governor,
    /// a tie going to the tied disc nearest the deck (rulebook, «Исследование региона»).
    fn explore(&mut self, zone: ZoneId, ev: &mut Vec<Event>) {
        let z = zone.index();
        self.explored[z] = true;
        let track = &self.tracks[z];
        let count = |o: Owner| track.iter().filter(|&&x| x == Some(o)).count();
        let best = track.iter().flatten().map(|&o| count(o)).max().unwrap_or(0);
        // The track fills toward the deck, so the tied disc nearest the deck is the last one placed.
        let winner = track.iter().rev().flatten().copied().find(|&o| count(o) == best);
        let governor = self.governors[z].take();
        let got = match (winner, governor) {
            (Some(o), Some(card)) => {
                if let Owner::Player(s) = o {
                    self.players[usize::from(s)].cards.push(card);
                }
                Some((o, card))
            }
            _ => None,
        };
        ev.push(Event::Explored { zone, governor: got });
    }

    /// The Abolition of Slavery: every held slavery card is set aside, the Slavery deck leaves the game.
    fn abolish(&mut self, ev: &mut Vec<Event>) {
        if self.abolished {
            return;
        }
        self.abolished = true;
        let c = self.content.clone();
        let mut set_aside = Vec::new();
        for (s, p) in self.players.iter_mut().enumerate() {
            let (slavery, kept): (Vec<CardId>, Vec<CardId>) = p.cards.iter().partition(|&&k| c.card(k).slavery);
            set_aside.push((s as u8, slavery.len() as u8));
            p.set_aside.extend(slavery);
            p.cards = kept;
        }
        for (i, d) in c.decks.iter().enumerate() {
            if d.slavery {
                self.decks[i].clear();
            }
        }
        ev.push(Event::Abolition { set_aside });
    }

    /// The end of a turn: the Silent Fleet answers, if it may and has somewhere to go; then the next player.
    /// After both actions of a building the player chooses which one it answers (rulebook, «Здания с 2
    /// действиями»), one that gives it nothing to do included; the choice is asked only when one of them
    /// moves it.
    fn end_turn(&mut self) {
        let turn = self.turn.take().expect("a turn under way");
        if let Some(sf) = self.config.silent_fleet
            && !(sf.ignore_tokens && matches!(turn.via, Via::Token { .. }))
        {
            let mut kinds = turn.done;
            kinds.dedup();
            let zone = if sf.occupy_restriction { turn.occupied_in } else { None };
            if kinds.iter().any(|&k| self.fleet_moves(k, zone)) {
                self.reaction = Some(Reaction { kinds, zone });
                return;
            }
        }
        self.next_player();
    }

    fn after_reaction(&mut self) {
        self.reaction = None;
        self.next_player();
    }

    fn next_player(&mut self) {
        if let Phase::Actions { current } = &mut self.phase {
            *current = ((usize::from(*current) + 1) % self.players.len()) as u8;
        }
    }

    fn next_in_phase(&mut self) {
        match &mut self.phase {
            Phase::Start { next } | Phase::Build { next } | Phase::Discard { next } => *next += 1,
            _ => {}
        }
    }

    /// Whether a player has any action to take (else they must pass).
    fn can_act(&self, seat: usize) -> bool {
        self.legal_in_turn(seat).len() > 1
    }

    /// Take every step nobody has to decide, until a decision or the end.
    pub(crate) fn settle(&mut self, ev: &mut Vec<Event>) {
        let n = self.players.len() as u8;
        while self.memorials.is_empty() {
            match self.phase {
                Phase::Start { next } if next == n => self.begin_round(1, ev),
                Phase::Shortage if self.stock.iter().all(|&k| k == 0) => self.phase = Phase::Build { next: 0 },
                Phase::Build { next } if next == n => {
                    self.grow(ev);
                    self.phase = Phase::Salary { next: 0, left: self.level(self.from_crown(0), Attribute::Economy) };
                }
                Phase::Build { next } if self.buildable(self.from_crown(next)).is_empty() => {
                    self.phase = Phase::Build { next: next + 1 }
                }
                Phase::Salary { next, .. } if next == n => {
                    self.players.iter_mut().for_each(|p| p.passed = false);
                    self.phase = Phase::Actions { current: self.crown };
                }
                Phase::Salary { next, left } => {
                    let seat = self.from_crown(next);
                    let occupied: Vec<u8> = (0..self.players[seat].coast.len() as u8)
                        .filter(|&i| self.players[seat].coast[usize::from(i)].disc)
                        .collect();
                    if left > 0 && !occupied.is_empty() && occupied.len() > usize::from(left) {
                        return;
                    }
                    // Paying every disc there is leaves nothing to choose (ruling E2: paying fewer is never
                    // asked for).
                    if left > 0 {
                        occupied.into_iter().for_each(|slot| self.free(seat, slot, true, ev));
                    }
                    let left = if next + 1 < n { self.level(self.from_crown(next + 1), Attribute::Economy) } else { 0 };
                    self.phase = Phase::Salary { next: next + 1, left };
                }
                Phase::Actions { current } if self.turn.is_none() && self.reaction.is_none() => {
                    let seat = usize::from(current);
                    if self.players.iter().all(|p| p.passed) {
                        self.phase = Phase::Discard { next: 0 };
                    } else if self.players[seat].passed {
                        self.next_player();
                    } else if !self.can_act(seat) {
                        self.players[seat].passed = true;
                        ev.push(Event::Passed { seat: current, forced: true });
                        self.next_player();
                    } else {
                        return;
                    }
                }
                Phase::Discard { next } if next == n => self.end_round(ev),
                Phase::Discard { next } if !self.must_arrange(self.from_crown(next)) => {
                    self.phase = Phase::Discard { next: next + 1 }
                }
                _ => return,
            }
        }
    }

    /// A player decides in the Discard phase when over the limit, or holding a governor outside an empty
    /// governor slot (which may move in).
    fn must_arrange(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        p.cards.len() > self.card_cap(seat)
            || (p.governor.is_none() && p.cards.iter().any(|&k| self.content.card(k).governor))
    }

    pub(crate) fn buildable(&self, seat: usize) -> Vec<BuildingId> {
        if self.players[seat].coast.len() >= COAST {
            return vec![];
        }
        (0..self.content.buildings.len())
            .map(|i| BuildingId(i as u8))
            .filter(|&b| self.check_build(seat, b).is_ok())
            .collect()
    }

    fn grow(&mut self, ev: &mut Vec<Event>) {
        for k in 0..self.players.len() as u8 {
            let seat = self.from_crown(k);
            let discs = self.level(seat, Attribute::Culture).min(self.players[seat].supply);
            let p = &mut self.players[seat];
            p.supply -= discs;
            p.harbor += discs;
            ev.push(Event::Grew { seat: seat as u8, discs });
        }
    }

    fn begin_round(&mut self, round: u8, ev: &mut Vec<Event>) {
        self.round = round;
        ev.push(Event::Round { round, crown: self.crown });
        let shortage = self.config.silent_fleet.is_some_and(|sf| sf.material_shortage);
        self.phase = if shortage { Phase::Shortage } else { Phase::Build { next: 0 } };
    }

    fn end_round(&mut self, ev: &mut Vec<Event>) {
        if self.round >= ROUNDS {
            self.phase = Phase::Over;
            ev.push(Event::Over { scores: (0..self.players.len()).map(|s| i64::from(self.score(s).total)).collect() });
            return;
        }
        self.crown = ((usize::from(self.crown) + 1) % self.players.len()) as u8;
        self.begin_round(self.round + 1, ev);
    }
}
