//! What happened, as log lines. Events that carry hidden items hold them as `Option`s: the full event goes to
//! those who may see the items, and `view::event_view` blanks them for everybody else.

use std::fmt;

use imperia_core::words::{self, Subject, capitalized, count, count_as};
use serde::{Deserialize, Serialize};

use crate::content::{
    CaptainId, CardId, Content, LeaderId, MinorId, Owner, PatronId, Power, RoyalId, SeaId, SiteId, SpaceId, TreasureId,
};
use crate::deals::Clause;
use crate::state::Item;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    TurnBegins {
        turn: u8,
    },
    LeaderArrives {
        leader: LeaderId,
    },
    DefaultLeaderRetires {
        leader: LeaderId,
    },
    RoyalArrives {
        royal: RoyalId,
    },
    /// A sea captain comes to his power's pool of units available to build (§8.1).
    CaptainArrives {
        captain: CaptainId,
    },
    /// An artist or scientist comes to the Patronage Chart (§8.1).
    PatronArrives {
        patron: PatronId,
    },
    NavalUnitsReturn {
        power: Power,
        count: u8,
    },
    SpainMarkers {
        fortresses: u8,
        jesuits: u8,
    },
    CardsAdded {
        count: u8,
    },
    DeckShuffled {
        size: u8,
    },
    /// The deal: the cards are the receiver's to see.
    Dealt {
        power: Power,
        count: u8,
        cards: Option<Vec<CardId>>,
    },
    DeckRanOut {
        power: Power,
    },
    HomeCardKept {
        power: Power,
        card: Option<CardId>,
    },
    TreasuresDrawn {
        power: Power,
        count: u8,
        treasures: Option<Vec<TreasureId>>,
    },
    PortugalRowRefilled {
        count: u8,
    },
    ColonyRoll {
        power: Power,
        site: SiteId,
        roll: u8,
        result: crate::content::ColonyResult,
    },
    /// A captain wintering at an eliminated colony moves his expedition to its ocean zone (§8.4).
    CaptainPutToSea {
        captain: CaptainId,
        site: SiteId,
        sea: SeaId,
    },
    TalksEnded {
        power: Power,
    },
    /// A card or treasure shown to one power: only the two see it happen.
    Shown {
        by: Power,
        to: Power,
        item: Item,
    },
    /// A proposal offered during Negotiations: everybody sees it made, only its parties what it says.
    Proposed {
        by: Power,
        to: Vec<Power>,
        clauses: Option<Vec<Clause>>,
    },
    /// A party's reply to a proposal: everybody sees it given, only the proposal's parties which.
    Answered {
        by: Power,
        author: Power,
        agree: Option<bool>,
        parties: Vec<Power>,
    },
    Published {
        by: Power,
        clauses: Vec<Clause>,
    },
    Approved {
        power: Power,
        by: Power,
    },
    Rejected {
        power: Power,
        by: Power,
    },
    /// An announcement that has become impossible by its last approval (§9.1).
    Void {
        by: Power,
        reason: String,
    },
    Applied {
        by: Power,
    },
    PeaceMade {
        a: Power,
        b: Power,
    },
    AllianceMade {
        a: Power,
        b: Power,
    },
    Lent {
        lender: Power,
        receiver: Power,
        ships: u8,
        from: SpaceId,
        to: SpaceId,
        leader: Option<LeaderId>,
    },
    LeaderReturned {
        leader: LeaderId,
        to: Option<SpaceId>,
    },
    ControlTransferred {
        space: SpaceId,
        from: Power,
        to: Power,
    },
    UnitsRelocated {
        space: SpaceId,
        power: Power,
        count: u8,
    },
    /// Random cards or treasures given: the giver and the receiver see which.
    Given {
        giver: Power,
        receiver: Power,
        count: u8,
        treasures: bool,
        items: Option<Vec<Item>>,
    },
    MercenariesGiven {
        giver: Power,
        receiver: Power,
        count: u8,
        from: Option<SpaceId>,
        to: SpaceId,
    },
    Betrothed {
        a: RoyalId,
        b: RoyalId,
    },
    Married {
        a: RoyalId,
        b: RoyalId,
        roll: u8,
        vp: u8,
    },
    HireTrackCleared,
    /// A ransom: the captor draws one item; owner and captor see it.
    Ransomed {
        leader: LeaderId,
        captor: Power,
        item: Option<Item>,
        to: Option<SpaceId>,
    },
    DeclarationBegun {
        power: Power,
        target: Owner,
        cost: u8,
    },
    DeclarationCancelled {
        power: Power,
    },
    WarDeclared {
        power: Power,
        target: Owner,
        paid: Vec<Item>,
    },
    // The provisional campaign step (docs §4.6): every event below is provisional.
    Deployed {
        leader: LeaderId,
        to: SpaceId,
    },
    HandsPlayed {
        power: Power,
        cp: u8,
        items: Vec<Item>,
    },
    DragutKilled,
    DouaiPlayed,
    ColonyFounded {
        power: Power,
        site: SiteId,
        /// The sea captain who led the expedition and winters there.
        captain: CaptainId,
    },
    /// C0: a captain wintering or at sea sails home to his power's pool.
    CaptainSailsHome {
        captain: CaptainId,
    },
    Patronised {
        power: Power,
        patron: PatronId,
    },
    FortressBuilt {
        space: SpaceId,
    },
    Clash {
        attacker: Owner,
        defender: Owner,
        attack: u8,
        defence: u8,
    },
    SpaceTaken {
        space: SpaceId,
        by: Owner,
    },
    UnitsLost {
        power: Power,
        count: u8,
    },
    LeaderCaptured {
        leader: LeaderId,
        by: Owner,
    },
    LeaderKilled {
        leader: LeaderId,
    },
    ShipLost {
        power: Power,
        lent_by: Option<Power>,
    },
    NavalLeaderRemoved {
        leader: LeaderId,
    },
    CatholicLeague,
    DutchRevolt,
    MaryCaptive,
    LisbonTreasure {
        power: Power,
        treasure: Option<TreasureId>,
    },
    TurnEnds {
        turn: u8,
    },
    MinorWarEnds {
        power: Power,
        minor: MinorId,
    },
    GameOver,
}

/// A captain's power, from the content set in scope (as ids are named).
fn captain_power(c: CaptainId) -> Power {
    imperia_core::ContentSet::<Content>::with_current(|content| content.captains[c.index()].power)
}

fn item(i: &Item) -> String {
    match i {
        Item::Card(c) => c.to_string(),
        Item::Treasure(t) => t.to_string(),
    }
}

fn items(list: &[Item]) -> String {
    list.iter().map(item).collect::<Vec<_>>().join(", ")
}

/// Who reads a log line or a prompt: the powers their seat plays, none for a spectator. A power the reader
/// plays is "you", naming the power where the seat plays several ([`Subject::you_as`]).
#[derive(Clone, Copy, Debug)]
pub struct Reader<'a> {
    powers: &'a [Power],
}

impl<'a> Reader<'a> {
    /// Someone who plays no power.
    pub const SPECTATOR: Reader<'static> = Reader { powers: &[] };

    /// The reader whose seat plays `powers`.
    pub fn playing(powers: &'a [Power]) -> Reader<'a> {
        Reader { powers }
    }

    /// `power` opening a sentence: "you", or its title ("The Ottoman").
    pub fn subject(self, power: Power) -> Subject {
        self.person(power, power.title())
    }

    /// `power` inside a sentence: "you", or its name ("the Ottoman").
    pub fn named(self, power: Power) -> Subject {
        self.person(power, power.name())
    }

    /// A major power as [`Reader::named`] says it, a minor one by its name.
    pub fn owner(self, owner: Owner) -> Subject {
        match owner {
            Owner::Major(p) => self.named(p),
            Owner::Minor(_) => Subject::named(owner.to_string()),
        }
    }

    fn person(self, power: Power, name: &str) -> Subject {
        match self.powers {
            [only] if *only == power => Subject::you(),
            mine if mine.contains(&power) => Subject::you_as(power.name()),
            _ => Subject::named(name),
        }
    }
}

/// A line of the provisional campaign step (docs §4.6), marked as such.
fn provisional(text: &str) -> String {
    format!("[provisional] {}", capitalized(text))
}

/// The log line a spectator reads ([`Event::line`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(Reader::SPECTATOR))
    }
}

impl Event {
    /// The event in a log line said to `reader`: a power's player reads of its doings as "you" ("You end
    /// your talks", "England shows you Drake's Treasure"), everyone else by the power's name.
    pub fn line(&self, reader: Reader<'_>) -> String {
        words::sentence(|f| self.write_line(f, reader))
    }

    fn write_line(&self, f: &mut impl fmt::Write, reader: Reader<'_>) -> fmt::Result {
        use Event::*;
        let does = |p: &Power, phrase: &str| reader.subject(*p).does(phrase);
        let whose = |p: Power| reader.named(p).whose();
        let whom = |p: &Power| reader.named(*p).object();
        match self {
            TurnBegins { turn } => write!(f, "Turn {turn} begins: Card Draw"),
            LeaderArrives { leader } => write!(f, "{leader} arrives on his power's card"),
            DefaultLeaderRetires { leader } => write!(f, "{leader} leaves play: a regular army leader is in play"),
            RoyalArrives { royal } => write!(f, "{royal} comes to the Royal Wedding Table"),
            CaptainArrives { captain } => write!(f, "{captain} joins {} pool", whose(captain_power(*captain))),
            PatronArrives { patron } => write!(f, "{patron} comes to the Patronage Chart"),
            NavalUnitsReturn { power, count: n } => {
                write!(f, "{} naval units destroyed last turn return to {} pool", n, whose(*power))
            }
            SpainMarkers { fortresses, jesuits } => f.write_str(&does(
                &Power::Spain,
                &format!("hold {} and {}", count(*fortresses, "fortress marker"), count(*jesuits, "Jesuit marker")),
            )),
            CardsAdded { count: n } => write!(f, "{} join the deck", count_as(*n, "new card", "new cards")),
            DeckShuffled { size } => write!(f, "The deck is shuffled ({})", count(*size, "card")),
            Dealt { power, count: n, cards } => {
                let cards = match cards {
                    Some(c) => format!(": {}", c.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")),
                    None => String::new(),
                };
                f.write_str(&does(power, &format!("be dealt {}{cards}", count(*n, "card"))))
            }
            DeckRanOut { power } => write!(f, "The deck ran out while dealing to {}", whom(power)),
            HomeCardKept { power, card } => {
                let its = reader.subject(*power).possessive();
                f.write_str(&does(
                    power,
                    &match card {
                        Some(c) => format!("keep {its} home card {c}"),
                        None => format!("keep one of {its} home cards"),
                    },
                ))
            }
            TreasuresDrawn { power, count: n, treasures } => {
                let which = match treasures {
                    Some(t) => format!(": {}", t.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")),
                    None => String::new(),
                };
                f.write_str(&does(power, &format!("draw {}{which}", count(*n, "treasure"))))
            }
            PortugalRowRefilled { count: n } => {
                write!(f, "Portugal's treasure row is refilled with {}", count(*n, "treasure"))
            }
            ColonyRoll { power, site, roll, result } => {
                write!(f, "{} colony at {site} rolls {roll}: {result}", reader.subject(*power).whose())
            }
            CaptainPutToSea { captain, site, sea } => {
                write!(f, "{captain} leaves {site}, his colony eliminated, for {sea}")
            }
            TalksEnded { power } => {
                f.write_str(&does(power, &format!("end {} talks", reader.subject(*power).possessive())))
            }
            Shown { by, to, item: i } => f.write_str(&does(by, &format!("show {} {}", whom(to), item(i)))),
            Proposed { by, to, clauses } => {
                let to: Vec<String> = to.iter().map(whom).collect();
                f.write_str(&does(by, &format!("make a proposal to {}", to.join(", "))))?;
                match clauses {
                    Some(c) => {
                        let c: Vec<String> = c.iter().map(|c| c.to_string()).collect();
                        write!(f, ": {} (it binds nobody until announced)", c.join("; "))
                    }
                    None => Ok(()),
                }
            }
            Answered { by, author, agree, .. } => {
                let verb = match agree {
                    Some(true) => "agree to",
                    Some(false) => "decline",
                    None => "reply to",
                };
                f.write_str(&does(by, &format!("{verb} {} proposal", whose(*author))))
            }
            Published { by, clauses } => {
                let clauses: Vec<String> = clauses.iter().map(|c| c.to_string()).collect();
                write!(f, "{}: {}", does(by, "announce"), clauses.join("; "))
            }
            Approved { power, by } => f.write_str(&does(power, &format!("approve {} announcement", whose(*by)))),
            Rejected { power, by } => {
                f.write_str(&does(power, &format!("reject {} announcement: none of it takes effect", whose(*by))))
            }
            Void { by, reason } => {
                write!(f, "{} announcement is void: {reason} (rulebook §9.1)", reader.subject(*by).whose())
            }
            Applied { by } => write!(f, "{} announcement takes effect", reader.subject(*by).whose()),
            PeaceMade { a, b } => {
                f.write_str(&Subject::together(vec![reader.subject(*a), reader.named(*b)]).does("make peace"))
            }
            AllianceMade { a, b } => f.write_str(
                &Subject::together(vec![reader.subject(*a), reader.named(*b)]).does("be allied for this turn"),
            ),
            Lent { lender, receiver, ships, from, to, leader } => {
                let with = leader.map(|l| format!(", with {l}")).unwrap_or_default();
                f.write_str(&does(
                    lender,
                    &format!("lend {} {} from {from}, now in {to}{with}", whom(receiver), count(*ships, "squadron")),
                ))
            }
            LeaderReturned { leader, to } => match to {
                Some(s) => write!(f, "{leader} is returned to {s}"),
                None => write!(f, "{leader} is returned to his power's card"),
            },
            ControlTransferred { space, from, to } => {
                f.write_str(&does(from, &format!("hand control of {space} to {}", whom(to))))
            }
            UnitsRelocated { space, power, count: n } => {
                // "2 units of yours", or of the power named.
                let of = if reader.named(*power) == Subject::you() { "yours".to_string() } else { whom(power) };
                write!(f, "{} of {of} leave {space}", count_as(*n, "unit", "units"))
            }
            Given { giver, receiver, count: n, treasures, items: list } => {
                let what = if *treasures { count(*n, "treasure") } else { count(*n, "random card") };
                let which = list.as_ref().map(|l| format!(": {}", items(l))).unwrap_or_default();
                f.write_str(&does(giver, &format!("give {} {what}{which}", whom(receiver))))
            }
            MercenariesGiven { giver, receiver, count: n, from, to } => {
                let source = from.map(|s| s.to_string()).unwrap_or_else(|| "the Mercenaries for Hire track".into());
                f.write_str(&does(
                    giver,
                    &format!("give {} {} from {source}; they appear in {to}", whom(receiver), count(*n, "mercenary")),
                ))
            }
            Betrothed { a, b } => write!(f, "{a} and {b} are betrothed"),
            Married { a, b, roll, vp } => write!(f, "The marriage of {a} and {b}: {roll}, {}", count(*vp, "VP")),
            HireTrackCleared => write!(f, "Mercenaries for Hire not given are lost: the HRE's track goes to 0"),
            Ransomed { leader, captor, item: i, to } => {
                let place = to.map(|s| s.to_string()).unwrap_or_else(|| "his power's card".into());
                let drawn = i.as_ref().map_or_else(|| "one item".to_string(), item);
                let draws = reader.named(*captor).does(&format!("draw {drawn}"));
                write!(f, "{leader} is ransomed: {draws}; he goes to {place}")
            }
            DeclarationBegun { power, target, cost } => {
                f.write_str(&does(power, &format!("declare war on {} ({cost} CP)", reader.owner(*target).object())))
            }
            DeclarationCancelled { power } => {
                f.write_str(&does(power, &format!("withdraw {} declaration", reader.subject(*power).possessive())))
            }
            WarDeclared { power, target, paid } => f.write_str(&does(
                power,
                &format!("be at war with {}, paying with {}", reader.owner(*target).object(), items(paid)),
            )),
            Deployed { leader, to } => write!(f, "[provisional] {leader} deploys to {to}"),
            HandsPlayed { power, cp, items: l } => {
                let played = if l.is_empty() { "nothing".into() } else { items(l) };
                let its = reader.subject(*power).possessive();
                f.write_str(&provisional(&does(power, &format!("play out {its} hand for {cp} CP: {played}"))))
            }
            DragutKilled => write!(f, "[provisional] Dragut Falls: Dragut is killed"),
            DouaiPlayed => write!(
                f,
                "[provisional] English College, Douai is played: {} Jesuit total becomes 2",
                whose(Power::Spain)
            ),
            ColonyFounded { power, site, captain } => {
                f.write_str(&provisional(&does(power, &format!("found a colony at {site}; {captain} winters there"))))
            }
            CaptainSailsHome { captain } => {
                write!(f, "[provisional] {captain} sails home to {} pool", whose(captain_power(*captain)))
            }
            Patronised { power, patron } => {
                f.write_str(&provisional(&does(power, &format!("become the patron of {patron}"))))
            }
            FortressBuilt { space } => {
                f.write_str(&provisional(&does(&Power::Spain, &format!("build a fortress in {space}"))))
            }
            Clash { attacker, defender, attack, defence } => f.write_str(&provisional(&format!(
                "{}: {attack} against {defence}",
                reader.owner(*attacker).does(&format!("attack {}", reader.owner(*defender).object()))
            ))),
            SpaceTaken { space, by } => f.write_str(&provisional(&reader.owner(*by).does(&format!("take {space}")))),
            UnitsLost { power, count: n } => {
                f.write_str(&provisional(&does(power, &format!("lose {}", count(*n, "land unit")))))
            }
            LeaderCaptured { leader, by } => {
                write!(f, "[provisional] {leader} is captured by {}", reader.owner(*by).object())
            }
            LeaderKilled { leader } => write!(f, "[provisional] {leader} is killed"),
            ShipLost { power, lent_by } => f.write_str(&provisional(&does(
                power,
                &match lent_by {
                    Some(l) => format!("lose a squadron lent by {}", whom(l)),
                    None => "lose a naval unit".to_string(),
                },
            ))),
            NavalLeaderRemoved { leader } => write!(f, "[provisional] {leader} is removed from play"),
            CatholicLeague => write!(f, "[provisional] The Catholic League forms"),
            DutchRevolt => write!(f, "[provisional] The Netherlands revolt: Amsterdam becomes a Protestant capital"),
            MaryCaptive => write!(f, "[provisional] Mary Queen of Scots flees to England and is held captive"),
            LisbonTreasure { power, treasure } => {
                let what = treasure.map_or_else(|| "a treasure".to_string(), |t| t.to_string());
                f.write_str(&does(power, &format!("take {what} from Portugal's row")))
            }
            TurnEnds { turn } => write!(f, "Turn {turn} ends: alliances and loans end"),
            MinorWarEnds { power, minor } => {
                write!(f, "[provisional] The war between {} and {minor} ends", whom(power))
            }
            GameOver => write!(f, "The game is over"),
        }
    }
}
