//! What happened, as log lines. Events that carry hidden items hold them as `Option`s: the full event goes to
//! those who may see the items, and `view::event_view` blanks them for everybody else.

use std::fmt;

use imperia_core::words::{count, count_as};
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

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Event::*;
        match self {
            TurnBegins { turn } => write!(f, "Turn {turn} begins: Card Draw"),
            LeaderArrives { leader } => write!(f, "{leader} arrives on his power's card"),
            DefaultLeaderRetires { leader } => write!(f, "{leader} leaves play: a regular army leader is in play"),
            RoyalArrives { royal } => write!(f, "{royal} comes to the Royal Wedding Table"),
            CaptainArrives { captain } => write!(f, "{captain} joins {}'s pool", captain_power(*captain)),
            PatronArrives { patron } => write!(f, "{patron} comes to the Patronage Chart"),
            NavalUnitsReturn { power, count: n } => {
                write!(f, "{} naval units destroyed last turn return to {power}'s pool", n)
            }
            SpainMarkers { fortresses, jesuits } => {
                write!(
                    f,
                    "Spain holds {} and {}",
                    count(*fortresses, "fortress marker"),
                    count(*jesuits, "Jesuit marker")
                )
            }
            CardsAdded { count: n } => write!(f, "{} join the deck", count_as(*n, "new card", "new cards")),
            DeckShuffled { size } => write!(f, "The deck is shuffled ({})", count(*size, "card")),
            Dealt { power, count: n, cards } => match cards {
                Some(c) => write!(
                    f,
                    "{} is dealt {}: {}",
                    power.title(),
                    count(*n, "card"),
                    c.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
                ),
                None => write!(f, "{} is dealt {}", power.title(), count(*n, "card")),
            },
            DeckRanOut { power } => write!(f, "The deck ran out while dealing to {power}"),
            HomeCardKept { power, card } => match card {
                Some(c) => write!(f, "{} keeps its home card {c}", power.title()),
                None => write!(f, "{} keeps one of its home cards", power.title()),
            },
            TreasuresDrawn { power, count: n, treasures } => match treasures {
                Some(t) => write!(
                    f,
                    "{} draws {}: {}",
                    power.title(),
                    count(*n, "treasure"),
                    t.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
                ),
                None => write!(f, "{} draws {}", power.title(), count(*n, "treasure")),
            },
            PortugalRowRefilled { count: n } => {
                write!(f, "Portugal's treasure row is refilled with {}", count(*n, "treasure"))
            }
            ColonyRoll { power, site, roll, result } => {
                write!(f, "{}'s colony at {site} rolls {roll}: {result}", power.title())
            }
            CaptainPutToSea { captain, site, sea } => {
                write!(f, "{captain} leaves {site}, his colony eliminated, for {sea}")
            }
            TalksEnded { power } => write!(f, "{} ends its talks", power.title()),
            Shown { by, to, item: i } => write!(f, "{} shows {} {}", by.title(), to, item(i)),
            Proposed { by, to, clauses } => {
                let to: Vec<String> = to.iter().map(|p| p.to_string()).collect();
                write!(f, "{} makes a proposal to {}", by.title(), to.join(", "))?;
                match clauses {
                    Some(c) => {
                        let c: Vec<String> = c.iter().map(|c| c.to_string()).collect();
                        write!(f, ": {} (it binds nobody until announced)", c.join("; "))
                    }
                    None => Ok(()),
                }
            }
            Answered { by, author, agree, .. } => match agree {
                Some(true) => write!(f, "{} agrees to {}'s proposal", by.title(), author),
                Some(false) => write!(f, "{} declines {}'s proposal", by.title(), author),
                None => write!(f, "{} replies to {}'s proposal", by.title(), author),
            },
            Published { by, clauses } => {
                write!(
                    f,
                    "{} announces: {}",
                    by.title(),
                    clauses.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("; ")
                )
            }
            Approved { power, by } => write!(f, "{} approves {}'s announcement", power.title(), by),
            Rejected { power, by } => {
                write!(f, "{} rejects {}'s announcement: none of it takes effect", power.title(), by)
            }
            Void { by, reason } => write!(f, "{}'s announcement is void: {reason} (rulebook §9.1)", by.title()),
            Applied { by } => write!(f, "{}'s announcement takes effect", by.title()),
            PeaceMade { a, b } => write!(f, "{} and {} make peace", a.title(), b),
            AllianceMade { a, b } => write!(f, "{} and {} are allied for this turn", a.title(), b),
            Lent { lender, receiver, ships, from, to, leader } => {
                write!(
                    f,
                    "{} lends {} {} from {from}, now in {to}",
                    lender.title(),
                    receiver,
                    count(*ships, "squadron")
                )?;
                if let Some(l) = leader {
                    write!(f, ", with {l}")?;
                }
                Ok(())
            }
            LeaderReturned { leader, to } => match to {
                Some(s) => write!(f, "{leader} is returned to {s}"),
                None => write!(f, "{leader} is returned to his power's card"),
            },
            ControlTransferred { space, from, to } => write!(f, "{} hands control of {space} to {to}", from.title()),
            UnitsRelocated { space, power, count: n } => {
                write!(f, "{} of {power} leave {space}", count_as(*n, "unit", "units"))
            }
            Given { giver, receiver, count: n, treasures, items: list } => {
                let what = if *treasures { count(*n, "treasure") } else { count(*n, "random card") };
                match list {
                    Some(l) => write!(f, "{} gives {receiver} {what}: {}", giver.title(), items(l)),
                    None => write!(f, "{} gives {receiver} {what}", giver.title()),
                }
            }
            MercenariesGiven { giver, receiver, count: n, from, to } => {
                let source = from.map(|s| s.to_string()).unwrap_or_else(|| "the Mercenaries for Hire track".into());
                write!(
                    f,
                    "{} gives {receiver} {} from {source}; they appear in {to}",
                    giver.title(),
                    count(*n, "mercenary")
                )
            }
            Betrothed { a, b } => write!(f, "{a} and {b} are betrothed"),
            Married { a, b, roll, vp } => write!(f, "The marriage of {a} and {b}: {roll}, {}", count(*vp, "VP")),
            HireTrackCleared => write!(f, "Mercenaries for Hire not given are lost: the HRE's track goes to 0"),
            Ransomed { leader, captor, item: i, to } => {
                let place = to.map(|s| s.to_string()).unwrap_or_else(|| "his power's card".into());
                match i {
                    Some(i) => write!(f, "{leader} is ransomed: {captor} draws {}; he goes to {place}", item(i)),
                    None => write!(f, "{leader} is ransomed: {captor} draws one item; he goes to {place}"),
                }
            }
            DeclarationBegun { power, target, cost } => {
                write!(f, "{} declares war on {target} ({cost} CP)", power.title())
            }
            DeclarationCancelled { power } => write!(f, "{} withdraws its declaration", power.title()),
            WarDeclared { power, target, paid } => {
                write!(f, "{} is at war with {target}, paying with {}", power.title(), items(paid))
            }
            Deployed { leader, to } => write!(f, "[provisional] {leader} deploys to {to}"),
            HandsPlayed { power, cp, items: l } => {
                write!(
                    f,
                    "[provisional] {} plays out its hand for {cp} CP: {}",
                    power.title(),
                    if l.is_empty() { "nothing".into() } else { items(l) }
                )
            }
            DragutKilled => write!(f, "[provisional] Dragut Falls: Dragut is killed"),
            DouaiPlayed => write!(f, "[provisional] English College, Douai is played: Spain's Jesuit total becomes 2"),
            ColonyFounded { power, site, captain } => {
                write!(f, "[provisional] {} founds a colony at {site}; {captain} winters there", power.title())
            }
            CaptainSailsHome { captain } => {
                write!(f, "[provisional] {captain} sails home to {}'s pool", captain_power(*captain))
            }
            Patronised { power, patron } => write!(f, "[provisional] {} becomes the patron of {patron}", power.title()),
            FortressBuilt { space } => write!(f, "[provisional] Spain builds a fortress in {space}"),
            Clash { attacker, defender, attack, defence } => {
                write!(f, "[provisional] {attacker} attacks {defender}: {attack} against {defence}")
            }
            SpaceTaken { space, by } => write!(f, "[provisional] {by} takes {space}"),
            UnitsLost { power, count: n } => {
                write!(f, "[provisional] {} loses {}", power.title(), count(*n, "land unit"))
            }
            LeaderCaptured { leader, by } => write!(f, "[provisional] {leader} is captured by {by}"),
            LeaderKilled { leader } => write!(f, "[provisional] {leader} is killed"),
            ShipLost { power, lent_by } => match lent_by {
                Some(l) => write!(f, "[provisional] {} loses a squadron lent by {l}", power.title()),
                None => write!(f, "[provisional] {} loses a naval unit", power.title()),
            },
            NavalLeaderRemoved { leader } => write!(f, "[provisional] {leader} is removed from play"),
            CatholicLeague => write!(f, "[provisional] The Catholic League forms"),
            DutchRevolt => write!(f, "[provisional] The Netherlands revolt: Amsterdam becomes a Protestant capital"),
            MaryCaptive => write!(f, "[provisional] Mary Queen of Scots flees to England and is held captive"),
            LisbonTreasure { power, treasure } => match treasure {
                Some(t) => write!(f, "{} takes {t} from Portugal's row", power.title()),
                None => write!(f, "{} takes a treasure from Portugal's row", power.title()),
            },
            TurnEnds { turn } => write!(f, "Turn {turn} ends: alliances and loans end"),
            MinorWarEnds { power, minor } => write!(f, "[provisional] The war between {power} and {minor} ends"),
            GameOver => write!(f, "The game is over"),
        }
    }
}
