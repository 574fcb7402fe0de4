//! The nine kinds of binding deal (§9.1) and the alliances and naval loans of §9.2: what each clause needs to
//! be possible, and what it changes. There is no other kind of clause, and no clause has a condition: a
//! promise binds nothing (§9.1, «Необязательные соглашения»).
//!
//! A clause is checked on the state the earlier clauses of its announcement leave (ruling R20), and applied
//! the same way; an announcement is applied on a copy of the state and kept only if every clause went
//! through, so one that fails changes nothing and draws nothing.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use imperia_core::words::count;
use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::cite::{Refusal, With, provisional, sec};
use crate::content::{LeaderId, LeaderKind, NavalKind, Owner, Power, Region, RoyalId, SpaceId};
use crate::event::Event;
use crate::state::{Fleet, Gift, GiftKind, Item, Place, RoyalPlace, Status, VirginQueen};

/// Caps per ordered pair of powers per turn (§9.1; ruling R21).
pub const MAX_CARDS: u8 = 2;
pub const MAX_TREASURES: u8 = 2;
pub const MAX_MERCENARIES: u8 = 4;

/// One binding clause of an announcement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clause {
    /// End the war between two powers.
    Peace { a: Power, b: Power },
    /// Ally for this turn (§9.2).
    Alliance { a: Power, b: Power },
    /// Lend naval units of one kind from one port, perhaps with a naval leader there, to the receiver's
    /// nearest port `to` (§9.2).
    Loan {
        lender: Power,
        receiver: Power,
        port: SpaceId,
        kind: NavalKind,
        ships: u8,
        leader: Option<LeaderId>,
        to: SpaceId,
    },
    /// Return a captured army leader to `to` (his capital, else a home key; `None`: his card, ruling R27).
    ReturnLeader { leader: LeaderId, to: Option<SpaceId> },
    /// Hand political control of a space to another major power.
    Transfer { giver: Power, receiver: Power, space: SpaceId },
    /// Give cards drawn at random from the hand, home cards aside.
    Cards { giver: Power, receiver: Power, count: u8 },
    /// Give treasures drawn at random.
    Treasures { giver: Power, receiver: Power, count: u8 },
    /// Give mercenaries from one space (`None`: the HRE's Mercenaries for Hire track); the receiver places as
    /// many of its own in its capital `to`.
    Mercenaries { giver: Power, receiver: Power, from: Option<SpaceId>, to: SpaceId, count: u8 },
    /// Betroth two royals.
    Marriage { a: RoyalId, b: RoyalId },
}

/// The powers party to a clause: one or two, the earlier in Impulse Order first. (A small copy, not a list:
/// listing the choices asks it of every candidate clause.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parties {
    earliest: Power,
    other: Option<Power>,
}

impl Parties {
    fn of(a: Power, b: Power) -> Parties {
        Parties { earliest: a.min(b), other: (a != b).then_some(a.max(b)) }
    }

    /// The earliest party in Impulse Order: the one who announces the clause (ruling R18).
    pub fn earliest(self) -> Power {
        self.earliest
    }

    pub fn contains(self, p: &Power) -> bool {
        self.earliest == *p || self.other == Some(*p)
    }

    pub fn iter(self) -> std::iter::Chain<std::iter::Once<Power>, std::option::IntoIter<Power>> {
        std::iter::once(self.earliest).chain(self.other)
    }
}

impl IntoIterator for Parties {
    type Item = Power;
    type IntoIter = std::iter::Chain<std::iter::Once<Power>, std::option::IntoIter<Power>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Clause {
    /// The two powers a clause names, for every kind but the two whose parties depend on the state (a
    /// captive's captor and owner, the royals' controllers).
    pub(crate) fn pair(&self) -> Option<(Power, Power)> {
        match *self {
            Clause::Peace { a, b } | Clause::Alliance { a, b } => Some((a, b)),
            Clause::Loan { lender, receiver, .. } => Some((lender, receiver)),
            Clause::Transfer { giver, receiver, .. }
            | Clause::Cards { giver, receiver, .. }
            | Clause::Treasures { giver, receiver, .. }
            | Clause::Mercenaries { giver, receiver, .. } => Some((giver, receiver)),
            Clause::ReturnLeader { .. } | Clause::Marriage { .. } => None,
        }
    }

    /// The powers party to this clause.
    pub fn parties(&self, g: &VirginQueen) -> Parties {
        if let Some((a, b)) = self.pair() {
            return Parties::of(a, b);
        }
        match *self {
            Clause::ReturnLeader { leader, .. } => {
                let owner = g.content.leaders[leader.index()].power;
                match g.leader_place(leader) {
                    Place::Captive(captor) => Parties::of(captor, owner),
                    _ => Parties::of(owner, owner),
                }
            }
            Clause::Marriage { a, b } => Parties::of(g.royals[a.index()].controller, g.royals[b.index()].controller),
            _ => unreachable!("every other clause names its pair"),
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::Peace { a, b } => write!(f, "peace between {a} and {b}"),
            Clause::Alliance { a, b } => write!(f, "an alliance of {a} and {b}"),
            Clause::Loan { lender, receiver, port, kind, ships, leader, to } => {
                write!(f, "{lender} lends {receiver} {} from {port} to {to}", kind.name(*ships as u32))?;
                if let Some(l) = leader {
                    write!(f, " with {l}")?;
                }
                Ok(())
            }
            Clause::ReturnLeader { leader, to } => match to {
                Some(s) => write!(f, "{leader} returned to {s}"),
                None => write!(f, "{leader} returned to his power's card"),
            },
            Clause::Transfer { giver, receiver, space } => write!(f, "{giver} hands {space} to {receiver}"),
            Clause::Cards { giver, receiver, count: n } => {
                write!(f, "{giver} gives {receiver} {}", count(*n, "random card"))
            }
            Clause::Treasures { giver, receiver, count: n } => {
                write!(f, "{giver} gives {receiver} {}", count(*n, "random treasure"))
            }
            Clause::Mercenaries { giver, receiver, from, to, count: n } => {
                let source = from.map(|s| s.to_string()).unwrap_or_else(|| "the hire track".into());
                write!(
                    f,
                    "{giver} gives {receiver} {} from {source}, placed in {to}",
                    imperia_core::words::count_as(*n, "mercenary", "mercenaries")
                )
            }
            Clause::Marriage { a, b } => write!(f, "the betrothal of {a} and {b}"),
        }
    }
}

/// The other of two powers in a pair, if `p` is one of them.
fn pair(a: Power, b: Power, x: Power, y: Power) -> bool {
    (a, b) == (x, y) || (a, b) == (y, x)
}

impl VirginQueen {
    /// What has passed from `from` to `to` this turn.
    pub(crate) fn given(&self, kind: GiftKind, from: Power, to: Power) -> u8 {
        self.gifts.iter().filter(|g| g.kind == kind && g.from == from && g.to == to).map(|g| g.count).sum()
    }

    fn record_gift(&mut self, kind: GiftKind, from: Power, to: Power, count: u8) {
        self.gifts.push(Gift { kind, from, to, count });
    }

    /// The cards a random draw may take from `p`'s hand: home cards are ignored (§9.1).
    pub(crate) fn drawable_cards(&self, p: Power) -> Vec<crate::content::CardId> {
        self.hands[p.index()].cards.iter().copied().filter(|&c| self.content.cards[c.index()].home.is_none()).collect()
    }

    /// A one-way and capped gift of `n` of `kind` from `giver` to `receiver` (§9.1; ruling R21).
    fn check_gift(&self, kind: GiftKind, giver: Power, receiver: Power, n: u8, cap: u8) -> Result<(), Refusal> {
        if giver == receiver {
            return Err(Refusal::new("a power deals only with another power", sec!("§9.1")));
        }
        if n == 0 || self.given(kind, giver, receiver) + n > cap {
            return Err(Refusal::new("at most {} of these may pass from {} to {} in a turn", sec!("§9.1"))
                .number(cap)
                .power(giver)
                .power(receiver));
        }
        if self.given(kind, receiver, giver) > 0 {
            return Err(Refusal::new(
                "{} has already given these to {} this turn; they may pass one way only",
                sec!("§9.1"),
            )
            .power(receiver)
            .power(giver));
        }
        Ok(())
    }

    /// Whether `clause` is possible now (§9.1, §9.2). `earlier` is the part of its announcement before it,
    /// already applied to `self`.
    pub(crate) fn check_clause(&self, clause: &Clause, earlier: &[Clause]) -> Result<(), Refusal> {
        for p in clause.parties(self) {
            if !self.played(p) {
                return Err(
                    Refusal::new("{} is not played in this game and makes no deals", provisional!("R39")).power(p)
                );
            }
        }
        match *clause {
            Clause::Peace { a, b } => {
                if a == b || self.status(a, b) != Status::War {
                    return Err(Refusal::new("{} and {} are not at war", sec!("§9.1")).power(a).power(b));
                }
                if pair(a, b, Power::Spain, Power::England) {
                    return Err(Refusal::new("Spain and England, once at war, may never make peace", sec!("§9.1")));
                }
            }
            Clause::Alliance { a, b } => {
                if a == b {
                    return Err(Refusal::new("an alliance is made between two major powers", sec!("§9.2")));
                }
                match self.status(a, b) {
                    // Their war never ends (§9.1), so no peace earlier in the announcement can open the way.
                    Status::War if pair(a, b, Power::Spain, Power::England) => {
                        return Err(Refusal::new(
                            "Spain and England are at war and may never make peace, so they may not ally",
                            sec!("§9.1"),
                        ));
                    }
                    Status::War => {
                        return Err(Refusal::new(
                            "{} and {} are at war; end that war earlier in the same announcement",
                            sec!("§9.1"),
                        )
                        .power(a)
                        .power(b));
                    }
                    Status::Allied => {
                        return Err(Refusal::new("{} and {} are already allied this turn", sec!("§9.2"))
                            .power(a)
                            .power(b));
                    }
                    Status::Peace => {}
                }
                if pair(a, b, Power::Spain, Power::Protestant) {
                    return Err(Refusal::new("Spain and the Protestant may never ally", sec!("§9.2 («Ограничения»)")));
                }
                for (x, y) in [(Power::Spain, Power::Protestant), (Power::Protestant, Power::Spain)] {
                    if pair(a, b, Power::France, x) && self.status(Power::France, y) == Status::Allied {
                        return Err(Refusal::new(
                            "France is allied with {} this turn and may not also ally with {}",
                            sec!("§9.2 («Ограничения»)"),
                        )
                        .power(y)
                        .power(x));
                    }
                }
            }
            Clause::Loan { lender, receiver, port, kind, ships, leader, to } => {
                if !kind.lendable() {
                    return Err(Refusal::new(
                        "corsairs, patrols and the Invincible Armada may not be lent",
                        sec!("§9.2 («Эффекты»)"),
                    ));
                }
                let allied_here =
                    earlier.iter().any(|c| matches!(*c, Clause::Alliance { a, b } if pair(a, b, lender, receiver)));
                if !allied_here || self.status(lender, receiver) != Status::Allied {
                    return Err(Refusal::new(
                        "a loan must follow the alliance between the same powers in the same announcement",
                        sec!("§9.2 («Эффекты»)"),
                    ));
                }
                if self.given(GiftKind::Loans, receiver, lender) > 0 {
                    return Err(Refusal::new(
                        "{} has already lent ships to {} this turn; loans go one way only",
                        sec!("§9.2"),
                    )
                    .power(receiver)
                    .power(lender));
                }
                let here = self
                    .fleets
                    .iter()
                    .find(|f| f.owner == lender && f.kind == kind && f.port == port && f.loaned_to.is_none())
                    .map_or(0, |f| f.count);
                if ships == 0 || here < ships {
                    return Err(Refusal::new("{} has {} of its own in {}", sec!("§9.2"))
                        .power(lender)
                        .arg(crate::cite::Arg::Number(here as i32))
                        .space(port));
                }
                if let Some(l) = leader {
                    let info = &self.content.leaders[l.index()];
                    if info.power != lender
                        || info.kind != LeaderKind::Naval
                        || self.leader_place(l) != Place::Map(port)
                        || self.leaders[l.index()].loaned_to.is_some()
                    {
                        return Err(Refusal::new(
                            "{} is not a naval leader of the lender in the port of the lent ships",
                            sec!("§9.2"),
                        )
                        .arg(crate::cite::Arg::Leader(l)));
                    }
                }
                let nearest = self.nearest_ports(port, receiver);
                if nearest.is_empty() {
                    return Err(Refusal::new("no chain of sea zones joins {} to a port of {}", sec!("§9.2"))
                        .space(port)
                        .power(receiver));
                }
                if !nearest.contains(&to) {
                    return Err(Refusal::new(
                        "lent ships go to the receiver's nearest port, and {} is not one",
                        sec!("§9.2"),
                    )
                    .space(to));
                }
            }
            Clause::ReturnLeader { leader, to } => {
                let Place::Captive(_) = self.leader_place(leader) else {
                    return Err(Refusal::new("{} is not captured", sec!("§9.1")).arg(crate::cite::Arg::Leader(leader)));
                };
                let places = self.return_places(self.content.leaders[leader.index()].power);
                let fits = match to {
                    Some(s) => places.contains(&s),
                    None => places.is_empty(),
                };
                if !fits {
                    return Err(Refusal::new(
                        "a returned leader goes to his capital if possible, otherwise to a home key space",
                        sec!("§9.1"),
                    ));
                }
            }
            Clause::Transfer { giver, receiver, space } => {
                let info = self.content.space(space);
                if self.spaces[space.index()].control != Owner::Major(giver) {
                    return Err(Refusal::new("{} does not control {}", sec!("§9.1")).power(giver).space(space));
                }
                if giver == receiver {
                    return Err(Refusal::new("control may be given only to another major power", sec!("§9.1")));
                }
                let home = info.home == Owner::Major(receiver);
                let in_france =
                    info.region == Region::France && pair(giver, receiver, Power::France, Power::Protestant);
                let in_netherlands =
                    info.region == Region::Netherlands && pair(giver, receiver, Power::Spain, Power::Protestant);
                if !(home || in_france || in_netherlands) {
                    return Err(Refusal::new(
                        "control of {} may pass only back to its home power, or within France between France and the Protestant, or within the Netherlands between Spain and the Protestant",
                        sec!("§9.1"),
                    )
                    .space(space));
                }
            }
            Clause::Cards { giver, receiver, count: n } => {
                self.check_gift(GiftKind::Cards, giver, receiver, n, MAX_CARDS)?;
                let have = self.drawable_cards(giver).len();
                if have < n as usize {
                    return Err(Refusal::new(
                        "{} holds only {} cards that may be drawn (home cards are not)",
                        sec!("§9.1"),
                    )
                    .power(giver)
                    .number(have as i32));
                }
            }
            Clause::Treasures { giver, receiver, count: n } => {
                self.check_gift(GiftKind::Treasures, giver, receiver, n, MAX_TREASURES)?;
                let have = self.hands[giver.index()].treasures.len();
                if have < n as usize {
                    return Err(Refusal::new("{} holds only {} treasures", sec!("§9.1"))
                        .power(giver)
                        .number(have as i32));
                }
            }
            Clause::Mercenaries { giver, receiver, from, to, count: n } => {
                if giver == Power::Ottoman {
                    return Err(Refusal::new("the Ottoman may not give mercenaries", sec!("§9.1")));
                }
                if matches!(receiver, Power::Ottoman | Power::Hre) {
                    return Err(Refusal::new("the Ottoman and the HRE may not receive mercenaries", sec!("§9.1")));
                }
                self.check_gift(GiftKind::Mercenaries, giver, receiver, n, MAX_MERCENARIES)?;
                match from {
                    Some(s) => {
                        let here = self.spaces[s.index()].units[giver.index()][1];
                        if here < n {
                            return Err(Refusal::new("{} has {} mercenaries in {}", sec!("§9.1"))
                                .power(giver)
                                .number(here)
                                .space(s));
                        }
                    }
                    None if giver != Power::Hre => {
                        return Err(Refusal::new(
                            "only the HRE gives mercenaries from the Mercenaries for Hire track",
                            sec!("§9.1"),
                        ));
                    }
                    None if self.hire_track < n => {
                        return Err(Refusal::new("the Mercenaries for Hire track holds {}", sec!("§9.1"))
                            .number(self.hire_track));
                    }
                    None => {}
                }
                if !self.content.major(receiver).capitals.contains(&to) || !self.capital_on_map(to) {
                    return Err(Refusal::new("{} is not a capital of {} on the map", sec!("§9.1"))
                        .space(to)
                        .power(receiver));
                }
                if self.spaces[to.index()].unrest {
                    return Err(Refusal::new("{} is in unrest", sec!("§9.1")).space(to));
                }
                if self.spaces[to.index()].control != Owner::Major(receiver) {
                    return Err(Refusal::new("{} does not control {}", sec!("§9.1")).power(receiver).space(to));
                }
                let pool = self.pools[receiver.index()].mercenaries;
                if pool < n {
                    return Err(Refusal::new("{} has only {} mercenaries left in its pool", sec!("§9.1"))
                        .power(receiver)
                        .number(pool));
                }
            }
            Clause::Marriage { a, b } => self.check_marriage(a, b)?,
        }
        Ok(())
    }

    fn check_marriage(&self, a: RoyalId, b: RoyalId) -> Result<(), Refusal> {
        let (ra, rb) = (&self.content.royals[a.index()], &self.content.royals[b.index()]);
        for r in [a, b] {
            if self.royals[r.index()].place != RoyalPlace::Table {
                return Err(Refusal::new("{} is not free on the Royal Wedding Table", sec!("§9.1"))
                    .arg(crate::cite::Arg::Royal(r)));
            }
        }
        if ra.sex == rb.sex {
            return Err(Refusal::new("a marriage needs one male and one female royal", sec!("§9.1")));
        }
        if ra.house.is_some() && ra.house == rb.house {
            return Err(Refusal::new("both royals are of the same house", sec!("§9.1 («Ограничения»)")));
        }
        if self.mary_captive && (ra.mary || rb.mary) {
            return Err(Refusal::new("Mary Queen of Scots is captive in England", sec!("§9.1 («Ограничения»)")));
        }
        for r in [ra, rb] {
            if let Some(l) = r.leader
                && matches!(self.leader_place(l), Place::Captive(_))
            {
                return Err(
                    Refusal::new("{} is a captive", sec!("§9.1 («Ограничения»)")).arg(crate::cite::Arg::Leader(l))
                );
            }
        }
        let (ca, cb) = (self.royals[a.index()].controller, self.royals[b.index()].controller);
        if ca != cb && self.status(ca, cb) == Status::War {
            return Err(Refusal::new(
                "{} and {} are at war; end that war earlier in the same announcement",
                sec!("§9.1 («Ограничения»)"),
            )
            .power(ca)
            .power(cb));
        }
        Ok(())
    }

    /// The receiver's controlled ports nearest to `port` by sea, each sea zone on the way counting one; the
    /// way never passes through a port (Gibraltar) (§9.2).
    pub(crate) fn nearest_ports(&self, port: SpaceId, receiver: Power) -> Vec<SpaceId> {
        let c = &self.content;
        let distance = &c.port_distance[port.index()];
        let candidates = || {
            c.space_ids()
                .filter(|&s| s != port && self.spaces[s.index()].control == Owner::Major(receiver))
                .filter_map(|s| distance[s.index()].map(|d| (s, d)))
        };
        let best = candidates().map(|(_, d)| d).min();
        candidates().filter(|&(_, d)| Some(d) == best).map(|(s, _)| s).collect()
    }

    /// Apply a clause already checked (§9.1: «после этого производятся изменения»).
    pub(crate) fn apply_clause(&mut self, by: Power, clause: &Clause, events: &mut Vec<Event>) {
        match *clause {
            Clause::Peace { a, b } => {
                self.set_status(a, b, Status::Peace);
                events.push(Event::PeaceMade { a, b });
            }
            Clause::Alliance { a, b } => {
                self.set_status(a, b, Status::Allied);
                events.push(Event::AllianceMade { a, b });
            }
            Clause::Loan { lender, receiver, port, kind, ships, leader, to } => {
                self.take_ships(lender, kind, port, ships);
                Arc::make_mut(&mut self.fleets).push(Fleet {
                    owner: lender,
                    kind,
                    port: to,
                    count: ships,
                    loaned_to: Some(receiver),
                });
                if let Some(l) = leader {
                    let lent = &mut Arc::make_mut(&mut self.leaders)[l.index()];
                    lent.place = Place::Map(to);
                    lent.loaned_to = Some(receiver);
                }
                self.record_gift(GiftKind::Loans, lender, receiver, ships);
                events.push(Event::Lent { lender, receiver, ships, from: port, to, leader });
            }
            Clause::ReturnLeader { leader, to } => {
                self.place_returning_leader(leader, to, events);
                events.push(Event::LeaderReturned { leader, to });
            }
            Clause::Transfer { giver, receiver, space } => {
                Arc::make_mut(&mut self.spaces)[space.index()].control = Owner::Major(receiver);
                events.push(Event::ControlTransferred { space, from: giver, to: receiver });
                self.relocate(space, events);
            }
            Clause::Cards { giver, receiver, count: n } => {
                let mut drawable = self.drawable_cards(giver);
                drawable.shuffle(&mut self.rng);
                let drawn: Vec<Item> = drawable.into_iter().take(n as usize).map(Item::Card).collect();
                self.move_items(giver, receiver, &drawn);
                self.record_gift(GiftKind::Cards, giver, receiver, n);
                events.push(Event::Given { giver, receiver, count: n, treasures: false, items: Some(drawn) });
            }
            Clause::Treasures { giver, receiver, count: n } => {
                let mut all = self.hands[giver.index()].treasures.clone();
                all.shuffle(&mut self.rng);
                let drawn: Vec<Item> = all.into_iter().take(n as usize).map(Item::Treasure).collect();
                self.move_items(giver, receiver, &drawn);
                self.record_gift(GiftKind::Treasures, giver, receiver, n);
                events.push(Event::Given { giver, receiver, count: n, treasures: true, items: Some(drawn) });
            }
            Clause::Mercenaries { giver, receiver, from, to, count: n } => {
                match from {
                    Some(s) => {
                        Arc::make_mut(&mut self.spaces)[s.index()].units[giver.index()][1] -= n;
                        self.pools[giver.index()].mercenaries += n;
                    }
                    None => self.hire_track -= n,
                }
                self.pools[receiver.index()].mercenaries -= n;
                Arc::make_mut(&mut self.spaces)[to.index()].units[receiver.index()][1] += n;
                self.record_gift(GiftKind::Mercenaries, giver, receiver, n);
                events.push(Event::MercenariesGiven { giver, receiver, count: n, from, to });
            }
            Clause::Marriage { a, b } => {
                Arc::make_mut(&mut self.royals)[a.index()].place = RoyalPlace::Betrothed(b);
                Arc::make_mut(&mut self.royals)[b.index()].place = RoyalPlace::Betrothed(a);
                events.push(Event::Betrothed { a, b });
                // §9.1: a marriage of Mary Queen of Scots is resolved at once.
                if self.content.royals[a.index()].mary || self.content.royals[b.index()].mary {
                    self.resolve_marriage(a, b, events);
                }
            }
        }
        let _ = by;
    }

    fn take_ships(&mut self, owner: Power, kind: NavalKind, port: SpaceId, n: u8) {
        if let Some(i) = self
            .fleets
            .iter()
            .position(|f| f.owner == owner && f.kind == kind && f.port == port && f.loaned_to.is_none())
        {
            Arc::make_mut(&mut self.fleets)[i].count -= n;
            if self.fleets[i].count == 0 {
                Arc::make_mut(&mut self.fleets).remove(i);
            }
        }
    }

    fn move_items(&mut self, from: Power, to: Power, items: &[Item]) {
        for &i in items {
            Arc::make_mut(&mut self.hands[from.index()]).remove(i);
            Arc::make_mut(&mut self.hands[to.index()]).add(i);
        }
    }

    /// A captured leader comes back (§9.1, §9.3): to `to`, or his card. A regular army leader entering
    /// play sends his power's default leader out of play (§8.1, ruling R5).
    pub(crate) fn place_returning_leader(&mut self, leader: LeaderId, to: Option<SpaceId>, events: &mut Vec<Event>) {
        Arc::make_mut(&mut self.leaders)[leader.index()].place = to.map_or(Place::Card, Place::Map);
        self.retire_default_leader_for(leader, events);
    }

    /// §8.1: a power never has its default leader in play with a regular army leader.
    pub(crate) fn retire_default_leader_for(&mut self, leader: LeaderId, events: &mut Vec<Event>) {
        let info = &self.content.leaders[leader.index()];
        let power = info.power;
        match info.kind {
            LeaderKind::Army => {
                if let Some(d) = self.content.default_leader(power)
                    && matches!(self.leader_place(d), Place::Card | Place::Map(_) | Place::Captive(_))
                {
                    Arc::make_mut(&mut self.leaders)[d.index()].place = Place::Reserve;
                    events.push(Event::DefaultLeaderRetires { leader: d });
                }
            }
            LeaderKind::Default if self.regular_army_leader_in_play(power) => {
                Arc::make_mut(&mut self.leaders)[leader.index()].place = Place::Reserve;
                events.push(Event::DefaultLeaderRetires { leader });
            }
            _ => {}
        }
    }

    pub(crate) fn regular_army_leader_in_play(&self, p: Power) -> bool {
        self.content.leader_ids().any(|l| {
            let info = &self.content.leaders[l.index()];
            info.power == p
                && info.kind == LeaderKind::Army
                && matches!(self.leader_place(l), Place::Card | Place::Map(_))
        })
    }

    /// Units of powers other than the new controller leave a space (rule 12.5 is not in the seed; ruling R28):
    /// to their power's held capital, else its pool; leaders to their return place, else their card.
    pub(crate) fn relocate(&mut self, space: SpaceId, events: &mut Vec<Event>) {
        let controller = self.spaces[space.index()].control;
        for p in Power::ALL {
            if Owner::Major(p) == controller {
                continue;
            }
            let [reg, merc] = self.spaces[space.index()].units[p.index()];
            if reg + merc > 0 {
                Arc::make_mut(&mut self.spaces)[space.index()].units[p.index()] = [0, 0];
                match self.held_capitals(p).first() {
                    Some(&cap) => {
                        let capital = &mut Arc::make_mut(&mut self.spaces)[cap.index()];
                        capital.units[p.index()][0] += reg;
                        capital.units[p.index()][1] += merc;
                    }
                    None => {
                        self.pools[p.index()].regulars += reg;
                        self.pools[p.index()].mercenaries += merc;
                    }
                }
                events.push(Event::UnitsRelocated { space, power: p, count: reg + merc });
            }
            for l in self.content.leader_ids().collect::<Vec<_>>() {
                if self.content.leaders[l.index()].power == p && self.leader_place(l) == Place::Map(space) {
                    Arc::make_mut(&mut self.leaders)[l.index()].place =
                        self.return_places(p).first().map_or(Place::Card, |&s| Place::Map(s));
                }
            }
        }
    }

    /// Resolve a betrothal on the provisional marriage table (rule 21 is not in the seed; docs §4.5).
    pub(crate) fn resolve_marriage(&mut self, a: RoyalId, b: RoyalId, events: &mut Vec<Event>) {
        let (ca, cb) = (self.royals[a.index()].controller, self.royals[b.index()].controller);
        let (pa, pb) = (self.content.royals[a.index()].prestige, self.content.royals[b.index()].prestige);
        // ref-07: a power marrying two of its own royals counts only the better one.
        let prestige = if ca == cb { pa.max(pb) } else { pa + pb };
        let roll = self.rng.random_range(1..=6u8) + self.rng.random_range(1..=6u8) + prestige;
        let vp =
            self.content.marriage_table.iter().find(|&&(f, t, _)| (f..=t).contains(&roll)).map_or(0, |&(_, _, v)| v);
        self.bonus_vp[ca.index()] += vp as i32;
        if ca != cb {
            self.bonus_vp[cb.index()] += vp as i32;
        }
        Arc::make_mut(&mut self.royals)[a.index()].place = RoyalPlace::Gone;
        Arc::make_mut(&mut self.royals)[b.index()].place = RoyalPlace::Gone;
        events.push(Event::Married { a, b, roll, vp });
    }

    /// Check an announcement of `by` as a whole on a copy of the state, clause after clause; on success the
    /// copy, with every clause applied and its events, is returned (ruling R20).
    pub(crate) fn try_package(&self, by: Power, clauses: &[Clause]) -> Result<(VirginQueen, Vec<Event>), Refusal> {
        let mut next = self.clone();
        let mut events = Vec::new();
        for (i, c) in clauses.iter().enumerate() {
            next.check_clause(c, &clauses[..i])?;
            next.apply_clause(by, c, &mut events);
        }
        Ok((next, events))
    }

    /// The table as it would stand after `earlier`, announced by `by`, to check the next clause against:
    /// the table itself when there is nothing before it (no copy to make, which listing choices does often).
    pub(crate) fn scratch(&self, by: Power, earlier: &[Clause]) -> Result<Cow<'_, VirginQueen>, Refusal> {
        if earlier.is_empty() {
            return Ok(Cow::Borrowed(self));
        }
        self.try_package(by, earlier).map(|(next, _)| Cow::Owned(next))
    }

    /// The parties rule for an announcement of `by` (§9.1; ruling R18): `by` is a party to every clause, and
    /// every other party comes later in Impulse Order.
    pub(crate) fn check_parties(&self, by: Power, clause: &Clause) -> Result<(), Refusal> {
        let parties = clause.parties(self);
        if !parties.contains(&by) {
            return Err(Refusal::new(
                "a deal between other powers is theirs to announce; tying your announcement to it is a conditional announcement",
                sec!("§9.1 («Ограничения»)"),
            ));
        }
        if let Some(p) = parties.iter().find(|&p| p < by) {
            return Err(
                Refusal::new("{} has already announced; a deal with it is its own to announce", sec!("§9.1")).power(p)
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::{ContentSet, RuleError};

    use super::*;
    use crate::config::Config;
    use crate::content::{Content, space};

    fn six() -> VirginQueen {
        let content = ContentSet::<Content>::shipped();
        VirginQueen::new_game(&Config::new(6, 4).expect("a config"), &content, 1).expect("a game").0
    }

    fn refusal(g: &VirginQueen, c: Clause) -> String {
        RuleError::from(g.check_clause(&c, &[]).expect_err("refused")).to_string()
    }

    #[test]
    fn spain_and_england_never_make_peace_once_at_war() {
        let mut g = six();
        g.set_status(Power::Spain, Power::England, Status::War);
        assert!(g.spain_england_fought);
        let e = refusal(&g, Clause::Peace { a: Power::Spain, b: Power::England });
        assert!(e.contains("never make peace") && e.contains("§9.1"), "{e}");
        // Nor may they ally: the refusal says so, and does not send them to a peace they cannot make.
        let e = refusal(&g, Clause::Alliance { a: Power::Spain, b: Power::England });
        assert!(e.contains("may never make peace, so they may not ally") && !e.contains("end that war"), "{e}");
        let e = refusal(&g, Clause::Alliance { a: Power::Ottoman, b: Power::Spain });
        assert!(e.contains("end that war earlier in the same announcement"), "other powers at war may: {e}");
    }

    #[test]
    fn the_ottoman_gives_no_mercenaries_and_the_hre_receives_none() {
        let g = six();
        let e = refusal(
            &g,
            Clause::Mercenaries {
                giver: Power::Ottoman,
                receiver: Power::Spain,
                from: Some(space("istanbul")),
                to: space("madrid"),
                count: 1,
            },
        );
        assert!(e.contains("the Ottoman may not give mercenaries"), "{e}");
        let e = refusal(
            &g,
            Clause::Mercenaries {
                giver: Power::Spain,
                receiver: Power::Hre,
                from: Some(space("milan")),
                to: space("vienna"),
                count: 1,
            },
        );
        assert!(e.contains("may not receive"), "{e}");
    }

    #[test]
    fn spain_and_the_protestant_never_ally_and_france_allies_one_side_only() {
        let mut g = six();
        let e = refusal(&g, Clause::Alliance { a: Power::Spain, b: Power::Protestant });
        assert!(e.contains("may never ally"), "{e}");
        g.set_status(Power::France, Power::Protestant, Status::Peace);
        g.set_status(Power::France, Power::Spain, Status::Allied);
        let e = refusal(&g, Clause::Alliance { a: Power::France, b: Power::Protestant });
        assert!(e.contains("may not also ally"), "{e}");
    }

    /// Ruling R23: an alliance at war needs the pair's peace earlier in the same announcement.
    #[test]
    fn an_alliance_at_war_needs_peace_earlier_in_the_same_announcement() {
        let g = six();
        let alone = g.try_package(Power::Ottoman, &[Clause::Alliance { a: Power::Ottoman, b: Power::Hre }]);
        assert!(alone.is_err());
        let (after, _) = g
            .try_package(
                Power::Ottoman,
                &[
                    Clause::Peace { a: Power::Ottoman, b: Power::Hre },
                    Clause::Alliance { a: Power::Ottoman, b: Power::Hre },
                ],
            )
            .expect("peace, then the alliance");
        assert_eq!(after.status(Power::Ottoman, Power::Hre), Status::Allied);
    }

    #[test]
    fn control_passes_only_home_or_within_france_or_the_netherlands() {
        let g = six();
        // (c): Spain may hand Amsterdam, a Dutch space it holds, to the Protestant.
        assert!(
            g.check_clause(
                &Clause::Transfer { giver: Power::Spain, receiver: Power::Protestant, space: space("amsterdam") },
                &[]
            )
            .is_ok()
        );
        let e = refusal(&g, Clause::Transfer { giver: Power::Spain, receiver: Power::France, space: space("milan") });
        assert!(e.contains("only back to its home power"), "{e}");
    }

    #[test]
    fn a_loan_never_sails_through_gibraltar() {
        // Barcelona's ships have no chain of sea zones to an English port: the Western Mediterranean meets the
        // Atlantic only through the port of Gibraltar (§9.2).
        let g = six();
        assert!(g.nearest_ports(space("barcelona"), Power::England).is_empty());
        assert_eq!(g.nearest_ports(space("seville"), Power::England), vec![space("bristol"), space("dublin")]);
    }
}
