//! What happened, one line each: the log players read. Nothing is secret, so every viewer sees every event.

use std::fmt;

use imperia_core::Viewer;
use imperia_core::words::{self, Subject, a, count};
use serde::{Deserialize, Serialize};

use crate::content::{ActKind, Attribute, BuildingId, CardId, RouteId, SpaceId, TokenKind, ZoneId};
use crate::play::Sail;
use crate::state::Owner;

/// The colours of the seats, and the Silent Fleet's (rulebook: the examples' Red, Yellow, Blue and Purple).
pub const COLOURS: [&str; 5] = ["Red", "Blue", "Yellow", "Purple", "Green"];
pub const FLEET_NAME: &str = "The Silent Fleet";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Started { seat: u8, building: BuildingId },
    Round { round: u8, crown: u8 },
    Shortage { seat: u8, building: BuildingId },
    Built { seat: u8, building: BuildingId },
    Grew { seat: u8, discs: u8 },
    Freed { seat: u8, building: BuildingId, salary: bool },
    Activated { seat: u8, building: BuildingId },
    Spent { seat: u8, token: TokenKind },
    Sailed { owner: Owner, to: Sail, token: Option<TokenKind> },
    Occupied { owner: Owner, city: SpaceId, token: Option<TokenKind> },
    Attacked { seat: u8, space: SpaceId, victim: Owner },
    RouteOpened { seat: u8, route: RouteId, token: TokenKind },
    Drew { owner: Owner, card: CardId },
    ExtraDisc { seat: u8 },
    Explored { zone: ZoneId, governor: Option<(Owner, CardId)> },
    Abolition { set_aside: Vec<(u8, u8)> },
    Memorial { seat: u8, track: Option<Attribute> },
    FleetNothing { seat: u8, answer: ActKind },
    Passed { seat: u8, forced: bool },
    Discarded { seat: u8, card: CardId },
    Governs { seat: u8, card: CardId },
    Over { scores: Vec<i64> },
}

pub fn owner_name(o: Owner) -> &'static str {
    match o {
        Owner::Player(s) => COLOURS[usize::from(s) % COLOURS.len()],
        Owner::Fleet => FLEET_NAME,
    }
}

/// A seat's colour as the subject of a line `reader` reads: "you" to that seat.
fn seat_subject(seat: u8, reader: Viewer) -> Subject {
    Subject::seat(reader, usize::from(seat), owner_name(Owner::Player(seat)))
}

/// An owner as the subject of a line `reader` reads: "you" to its seat; the Silent Fleet is no seat.
fn owner_subject(owner: Owner, reader: Viewer) -> Subject {
    match owner {
        Owner::Player(seat) => seat_subject(seat, reader),
        Owner::Fleet => Subject::named(FLEET_NAME),
    }
}

/// Where a ship goes or a city is taken: `does` ("sail to Lisbon"), and the token taken there, which the Silent
/// Fleet removes from the game.
fn with_token(who: &Subject, does: &str, token: &Option<TokenKind>, fleet: bool) -> String {
    match (token, fleet) {
        (Some(t), false) => who.does_all_of(&[does, &format!("take the {t} there")]),
        (Some(t), true) => format!("{}; its {t} leaves the game", who.does(does)),
        (None, _) => who.does(does),
    }
}

/// The log line a spectator reads ([`Event::line`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(Viewer::Spectator))
    }
}

impl Event {
    /// The event in a log line said to `reader`: a seat reads of its own doings as "you" ("You build a
    /// Bank", "Blue attacks your disc in Lisbon"), everyone else by colour.
    pub fn line(&self, reader: Viewer) -> String {
        words::sentence(|f| self.write_line(f, reader))
    }

    fn write_line(&self, f: &mut impl fmt::Write, reader: Viewer) -> fmt::Result {
        let who = |seat: &u8| seat_subject(*seat, reader);
        let does = |seat: &u8, phrase: &str| who(seat).does(phrase);
        match self {
            Event::Started { seat, building } => f.write_str(&does(seat, &format!("start with the {building}"))),
            Event::Round { round, crown } => {
                write!(f, "Round {round} begins; {}", does(crown, "hold the crown"))
            }
            Event::Shortage { seat, building } => f.write_str(&does(
                seat,
                &format!("discard {} from the organizer (material shortage)", a(&building.to_string())),
            )),
            Event::Built { seat, building } => f.write_str(&does(seat, &format!("build {}", a(&building.to_string())))),
            Event::Grew { seat, discs } => {
                f.write_str(&does(seat, &format!("grow: {} to the harbor", count(*discs, "disc"))))
            }
            Event::Freed { seat, building, salary } => {
                let how = if *salary { "pay Salary" } else { "make a Payment" };
                f.write_str(&does(seat, &format!("{how}: the {building}'s disc returns to the harbor")))
            }
            Event::Activated { seat, building } => f.write_str(&does(seat, &format!("activate the {building}"))),
            Event::Spent { seat, token } => f.write_str(&does(seat, &format!("spend {}", a(&token.to_string())))),
            Event::Sailed { owner, to, token } => {
                let who = owner_subject(*owner, reader);
                f.write_str(&with_token(&who, &format!("sail to {to}"), token, *owner == Owner::Fleet))
            }
            Event::Occupied { owner, city, token } => {
                let who = owner_subject(*owner, reader);
                f.write_str(&with_token(&who, &format!("occupy {city}"), token, *owner == Owner::Fleet))
            }
            Event::Attacked { seat, space, victim } => {
                let disc = format!("attack {} disc in {space}", owner_subject(*victim, reader).whose());
                f.write_str(&who(seat).does_all_of(&[&disc, "replace it"]))
            }
            Event::RouteOpened { seat, route, token } => f.write_str(&who(seat).does_all_of(&[
                &format!("be the first to control the route {route}"),
                &format!("take the route's {token}"),
            ])),
            Event::Drew { owner: Owner::Fleet, card } => write!(f, "The Silent Fleet removes {card} from the game"),
            Event::Drew { owner, card } => f.write_str(&owner_subject(*owner, reader).does(&format!("take {card}"))),
            Event::ExtraDisc { seat } => f.write_str(&does(seat, "add a disc to the harbor (value-1 card)")),
            Event::Explored { zone, governor } => match governor {
                Some((Owner::Fleet, card)) => {
                    write!(f, "{zone} is explored; the Silent Fleet wins {card}, which leaves the game")
                }
                Some((o, card)) => {
                    write!(f, "{zone} is explored; {}", owner_subject(*o, reader).does(&format!("become {card}")))
                }
                None => write!(f, "{zone} is explored"),
            },
            Event::Abolition { set_aside } => {
                write!(f, "Slavery is abolished")?;
                for (seat, n) in set_aside.iter().filter(|(_, n)| *n > 0) {
                    write!(f, "; {}", does(seat, &format!("set aside {}", count(*n, "slavery card"))))?;
                }
                Ok(())
            }
            Event::Memorial { seat, track: Some(a) } => {
                write!(f, "{} Memorial: the lost disc joins the {a} track", who(seat).whose())
            }
            Event::FleetNothing { seat, answer } => {
                write!(f, "The Silent Fleet answers {} {answer} and does nothing", who(seat).whose())
            }
            Event::Memorial { seat, track: None } => f.write_str(&does(seat, "keep the lost disc in the supply")),
            Event::Passed { seat, forced: false } => f.write_str(&does(seat, "pass")),
            Event::Passed { seat, forced: true } => {
                f.write_str(&who(seat).does_all_of(&["can take no action", "pass"]))
            }
            Event::Discarded { seat, card } => f.write_str(&does(seat, &format!("discard {card}"))),
            Event::Governs { seat, card } => f.write_str(&does(seat, &format!("put {card} in the governor slot"))),
            Event::Over { scores } => {
                // Colours in a list rather than as subjects: "Red (you) 12" to Red.
                let parts: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(s, g)| {
                        let you = if who(&(s as u8)).is_you() { " (you)" } else { "" };
                        format!("{}{you} {g}", owner_name(Owner::Player(s as u8)))
                    })
                    .collect();
                write!(f, "The game ends after round 7. Glory: {}", parts.join(", "))
            }
        }
    }
}
