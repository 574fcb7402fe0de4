//! What happened, one line each: the log players read. Nothing is secret, so every viewer sees every event.

use std::fmt;

use imperia_core::words::a;
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

fn who(seat: u8) -> &'static str {
    owner_name(Owner::Player(seat))
}

fn gained(token: &Option<TokenKind>, removed: bool) -> String {
    match (token, removed) {
        (Some(t), false) => format!(" and takes its {t}"),
        (Some(t), true) => format!("; its {t} leaves the game"),
        (None, _) => String::new(),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Started { seat, building } => write!(f, "{} starts with the {building}", who(*seat)),
            Event::Round { round, crown } => write!(f, "Round {round} begins; {} holds the crown", who(*crown)),
            Event::Shortage { seat, building } => {
                write!(f, "{} discards {} from the organizer (material shortage)", who(*seat), a(&building.to_string()))
            }
            Event::Built { seat, building } => write!(f, "{} builds {}", who(*seat), a(&building.to_string())),
            Event::Grew { seat, discs } => {
                write!(f, "{} grows: {} to the harbor", who(*seat), imperia_core::words::count(*discs, "disc"))
            }
            Event::Freed { seat, building, salary } => {
                let how = if *salary { "pays Salary" } else { "makes a Payment" };
                write!(f, "{} {how}: the {building}'s disc returns to the harbor", who(*seat))
            }
            Event::Activated { seat, building } => write!(f, "{} activates the {building}", who(*seat)),
            Event::Spent { seat, token } => write!(f, "{} spends {}", who(*seat), a(&token.to_string())),
            Event::Sailed { owner, to, token } => {
                write!(f, "{} sails to {to}{}", owner_name(*owner), gained(token, *owner == Owner::Fleet))
            }
            Event::Occupied { owner, city, token } => {
                write!(f, "{} occupies {city}{}", owner_name(*owner), gained(token, *owner == Owner::Fleet))
            }
            Event::Attacked { seat, space, victim } => {
                write!(f, "{} attacks {}'s disc in {space} and takes its place", who(*seat), owner_name(*victim))
            }
            Event::RouteOpened { seat, route, token } => {
                write!(f, "{} is the first to control the route {route} and takes its {token}", who(*seat))
            }
            Event::Drew { owner: Owner::Fleet, card } => write!(f, "The Silent Fleet removes {card} from the game"),
            Event::Drew { owner, card } => write!(f, "{} takes {card}", owner_name(*owner)),
            Event::ExtraDisc { seat } => write!(f, "{} adds a disc to the harbor (value-1 card)", who(*seat)),
            Event::Explored { zone, governor } => match governor {
                Some((Owner::Fleet, card)) => {
                    write!(f, "{zone} is explored; the Silent Fleet wins {card}, which leaves the game")
                }
                Some((o, card)) => write!(f, "{zone} is explored; {} becomes {card}", owner_name(*o)),
                None => write!(f, "{zone} is explored"),
            },
            Event::Abolition { set_aside } => {
                write!(f, "Slavery is abolished")?;
                for (seat, n) in set_aside.iter().filter(|(_, n)| *n > 0) {
                    write!(f, "; {} sets aside {}", who(*seat), imperia_core::words::count(*n, "slavery card"))?;
                }
                Ok(())
            }
            Event::Memorial { seat, track: Some(a) } => {
                write!(f, "{}'s Memorial: the lost disc joins the {a} track", who(*seat))
            }
            Event::FleetNothing { seat, answer } => {
                write!(f, "The Silent Fleet answers {}'s {answer} and does nothing", who(*seat))
            }
            Event::Memorial { seat, track: None } => write!(f, "{} keeps the lost disc in the supply", who(*seat)),
            Event::Passed { seat, forced: false } => write!(f, "{} passes", who(*seat)),
            Event::Passed { seat, forced: true } => write!(f, "{} can take no action and passes", who(*seat)),
            Event::Discarded { seat, card } => write!(f, "{} discards {card}", who(*seat)),
            Event::Governs { seat, card } => write!(f, "{} puts {card} in the governor slot", who(*seat)),
            Event::Over { scores } => {
                let parts: Vec<String> =
                    scores.iter().enumerate().map(|(s, g)| format!("{} {g}", who(s as u8))).collect();
                write!(f, "The game ends after round 7. Glory: {}", parts.join(", "))
            }
        }
    }
}
