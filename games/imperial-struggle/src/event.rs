//! What happened, step by step, for the game log. Events that carry a secret (a card drawn, a war tile
//! drawn) name it only for the power that may know it; [`imperia_core::Game::event_view`] blanks it
//! for everyone else.

use std::fmt;

use imperia_core::words::{self, Subject};
use imperia_core::{ContentSet, Viewer};
use serde::{Deserialize, Serialize};

use crate::content::{Advantage, Card, Commodity, Content, Flag, Ministry, Power, Region, SpaceId, TileSymbol, WarId};
use crate::state::TheatreTiles;
use crate::war::Strength;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    RoundBegins {
        round: u8,
    },
    EmpireCardsShuffledIn,
    RevolutionCardsShuffledIn {
        removed: Vec<Card>,
    },
    DebtLimitRaised {
        power: Power,
        limit: u8,
    },
    AwardsPlaced {
        awards: [Option<u8>; 4],
    },
    DemandDrawn {
        commodities: Vec<Commodity>,
    },
    InvestmentsRevealed {
        tiles: Vec<u8>,
    },
    DeckReshuffled,
    /// `card` is `None` for those who may not see it.
    CardDrawn {
        power: Power,
        card: Option<Card>,
    },
    CardsSetAside {
        power: Power,
        cards: Vec<Card>,
    },
    CardDiscarded {
        power: Power,
        card: Card,
    },
    MinistriesChosen {
        power: Power,
    },
    MinistryRevealed {
        power: Power,
        ministry: Ministry,
    },
    MinistryLeavesGame {
        ministry: Ministry,
    },
    Initiative {
        power: Power,
    },
    FirstPlayer {
        power: Power,
    },
    TurnBegins {
        power: Power,
        number: u8,
    },
    TileTaken {
        power: Power,
        tile: u8,
    },
    Passed {
        power: Power,
        debt_reduced: u8,
    },
    EventPlayed {
        power: Power,
        card: Card,
        bonus: bool,
    },
    Flag {
        space: SpaceId,
        from: Option<Flag>,
        to: Option<Flag>,
    },
    ConflictPlaced {
        space: SpaceId,
        plus: bool,
    },
    ConflictRemoved {
        space: SpaceId,
    },
    FortDamaged {
        space: SpaceId,
    },
    FortRepaired {
        space: SpaceId,
    },
    SquadronBuilt {
        power: Power,
    },
    SquadronDeployed {
        power: Power,
        from: Option<SpaceId>,
        to: SpaceId,
    },
    SquadronHome {
        power: Power,
        from: SpaceId,
    },
    SquadronAside {
        power: Power,
    },
    SquadronsBack {
        power: Power,
        count: u8,
    },
    SquadronLost {
        power: Power,
        for_good: bool,
    },
    Vp {
        power: Power,
        amount: u8,
        marker: i32,
    },
    Debt {
        power: Power,
        amount: u8,
        debt: u8,
    },
    /// Forced debt beyond the limit (§6.3): the opponent scores instead.
    DebtOverflow {
        power: Power,
        amount: u8,
    },
    DebtReduced {
        power: Power,
        amount: u8,
        debt: u8,
    },
    Trp {
        power: Power,
        amount: u8,
        trp: u8,
    },
    TrpLost {
        power: Power,
        amount: u8,
        trp: u8,
    },
    PointsGained {
        power: Power,
        kind: crate::content::ApKind,
        points: u8,
    },
    Spent {
        power: Power,
        points: u8,
        kind: crate::content::ApKind,
        what: String,
    },
    AdvantageGained {
        power: Power,
        advantage: Advantage,
    },
    AdvantageLost {
        power: Power,
        advantage: Advantage,
    },
    AdvantageUsed {
        power: Power,
        advantage: Advantage,
    },
    MinistryUsed {
        power: Power,
        ministry: Ministry,
    },
    /// A bonus war tile drawn (`tile` only for its owner) and placed on a theatre.
    BonusTilePlaced {
        war: WarId,
        power: Power,
        tile: Option<u16>,
        theatre: u8,
    },
    BonusTileReturned {
        war: WarId,
        power: Power,
        theatre: u8,
    },
    BasicTileUpgraded {
        war: WarId,
        power: Power,
        theatre: u8,
    },
    BasicTileRemoved {
        power: Power,
        kind: u8,
    },
    AwardWon {
        region: Region,
        power: Power,
        vp: u8,
        trp: u8,
    },
    AwardTied {
        region: Region,
    },
    PrestigeWon {
        power: Power,
    },
    DemandWon {
        commodity: Commodity,
        power: Power,
    },
    DemandTied {
        commodity: Commodity,
    },
    SweepVictory {
        power: Power,
    },
    WarBegins {
        war: WarId,
    },
    /// Both powers' war tiles on a theatre are turned face up (§7.1.1), before their symbols are resolved.
    TilesRevealed {
        war: WarId,
        theatre: u8,
        /// Both powers' tiles there, by power index.
        tiles: [TheatreTiles; 2],
    },
    /// The theatre's strengths, once the symbols are resolved (§7.1.3), in total and part by part.
    TheatreRevealed {
        war: WarId,
        theatre: u8,
        strength: [i32; 2],
        parts: [Strength; 2],
    },
    TheatreWon {
        war: WarId,
        theatre: u8,
        power: Power,
        margin: u8,
    },
    TheatreTied {
        war: WarId,
        theatre: u8,
    },
    Conquered {
        power: Power,
        space: SpaceId,
    },
    Resisted {
        power: Power,
        space: SpaceId,
        vp: u8,
    },
    UsFlag {
        space: SpaceId,
    },
    /// New World Huguenots: a marker placed on a French territory, or flipped to lower a market's cost.
    Huguenots {
        space: SpaceId,
        flipped: bool,
    },
    JacobiteVictory,
    JacobiteDefeat,
    AtlanticDominance {
        power: Power,
    },
    FinalScoring,
    GameOver {
        winner: Power,
        why: String,
    },
}

impl Event {
    /// Whether this event turns face up something that was hidden from a power: a card off the deck or out
    /// of a hand, a face-down ministry, war tiles, a stack's top. A step with such an event is a commit
    /// point ([`imperia_core::Step::committed`]): undoing it would take back what the other power has
    /// already seen, or let the acting power look again. Random draws need no such word: they move the
    /// game's generator, which [`imperia_core::Match`] watches by itself.
    pub fn reveals(&self) -> bool {
        match self {
            // The top of the event deck (drawn for a power, §4.1.6, §5.5.3; Robert Walpole), and the
            // Succession cards taken out of the hands when the Revolution era begins (§4.1.1).
            Event::CardDrawn { .. } | Event::RevolutionCardsShuffledIn { .. } => true,
            // Cards leave a hand face up: set aside at the end of the deal (§4.1.6), discarded, played (§5.2).
            Event::CardsSetAside { cards, .. } => !cards.is_empty(),
            Event::CardDiscarded { .. } | Event::EventPlayed { .. } => true,
            // A face-down ministry turned up (§3.5).
            Event::MinistryRevealed { .. } => true,
            // War tiles: a theatre's tiles turned up (§7.1.1), a basic tile removed face up (§5.3.3).
            Event::TilesRevealed { .. } | Event::BasicTileRemoved { .. } => true,
            // The tops of the investment and award stacks (§4.1.3, §4.1.6).
            Event::InvestmentsRevealed { .. } | Event::AwardsPlaced { .. } => true,
            _ => false,
        }
    }
}

fn space_name(c: &Content, s: SpaceId) -> String {
    // Names are unique: the loader refuses a set where two spaces share one.
    c.space(s).name.clone()
}

/// A space's name for players in the content `c` (distinguishing spaces that share a country's name).
pub fn name(c: &Content, s: SpaceId) -> String {
    space_name(c, s)
}

fn flag_word(f: Option<Flag>) -> &'static str {
    f.map_or("no", Flag::name)
}

/// The log line a spectator reads ([`Event::line`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(Viewer::Spectator))
    }
}

impl Event {
    /// The event in a log line said to `reader`: a power's player reads of its doings as "you" ("You draw
    /// Acts of Union", "Your debt limit rises to 8"), everyone else by the power's name. Entries are named as
    /// the content set in scope does ([`ContentSet::with_current`]), as the ids' own `Display` does.
    pub fn line(&self, reader: Viewer) -> String {
        words::sentence(|f| self.write_line(f, reader))
    }

    fn write_line(&self, f: &mut impl fmt::Write, reader: Viewer) -> fmt::Result {
        let c = ContentSet::<Content>::current();
        let who = |p: &Power| Subject::seat(reader, p.seat(), p.name());
        // What a power does, said to the reader: `does("draw an event card")`.
        let does = |p: &Power, phrase: &str| who(p).does(phrase);
        // A power named in a list rather than as a subject: "Britain (you)" to its own player.
        let named = |p: Power| if who(&p).is_you() { format!("{p} (you)") } else { p.to_string() };
        match self {
            Event::RoundBegins { round } => write!(f, "Peace round {round} begins"),
            Event::EmpireCardsShuffledIn => f.write_str("The Empire era's events are shuffled into the deck"),
            Event::RevolutionCardsShuffledIn { removed } => write!(
                f,
                "The Succession era's events leave the game ({} of them) and the Revolution era's are shuffled in",
                removed.len()
            ),
            Event::DebtLimitRaised { power, limit } => write!(f, "{} debt limit rises to {limit}", who(power).whose()),
            Event::AwardsPlaced { awards } => {
                let parts: Vec<String> = Region::ALL
                    .iter()
                    .zip(awards)
                    .filter_map(|(r, a)| a.map(|a| format!("{}: {}", r.name(), award_text(&c, a))))
                    .collect();
                write!(f, "Awards this round — {}", parts.join("; "))
            }
            Event::DemandDrawn { commodities } => {
                let names: Vec<&str> = commodities.iter().map(|c| c.name()).collect();
                write!(f, "Global demand this round: {}", names.join(", "))
            }
            Event::InvestmentsRevealed { tiles } => {
                write!(f, "{} revealed", words::count(tiles.len() as i64, "investment tile"))
            }
            Event::DeckReshuffled => f.write_str("The discard pile is shuffled into a new event deck"),
            Event::CardDrawn { power, card: Some(card) } => f.write_str(&does(power, &format!("draw {card}"))),
            Event::CardDrawn { power, card: None } => f.write_str(&does(power, "draw an event card")),
            Event::CardsSetAside { power, cards } => {
                let names: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                if names.is_empty() {
                    f.write_str(&does(power, "set no card aside"))
                } else {
                    f.write_str(&does(power, &format!("set aside {}", names.join(", "))))
                }
            }
            Event::CardDiscarded { power, card } => f.write_str(&does(power, &format!("discard {card}"))),
            Event::MinistriesChosen { power } => {
                f.write_str(&does(power, &format!("have chosen {} ministries", who(power).possessive())))
            }
            Event::MinistryRevealed { power, ministry } => f.write_str(&does(power, &format!("reveal {ministry}"))),
            Event::MinistryLeavesGame { ministry } => write!(f, "{ministry} leaves the game"),
            Event::Initiative { power } => f.write_str(&does(power, "hold the initiative")),
            Event::FirstPlayer { power } => f.write_str(&does(power, "move first this round")),
            Event::TurnBegins { power, number } => write!(f, "{} turn {}", who(power).whose(), number / 2 + 1),
            Event::TileTaken { power, tile } => {
                f.write_str(&does(power, &format!("take the {} tile", tile_text(&c, *tile))))
            }
            Event::Passed { power, debt_reduced } => {
                let reduce = format!("reduce {} debt by {debt_reduced}", who(power).possessive());
                f.write_str(&who(power).does_all_of(&["pass", &reduce]))
            }
            Event::EventPlayed { power, card, bonus } => {
                let bonus = if *bonus { ", with the card's bonus" } else { "" };
                f.write_str(&does(power, &format!("play {card}{bonus}")))
            }
            Event::Flag { space, from, to } => match (from, to) {
                (None, Some(t)) => write!(f, "{} flag on {}", words::capitalized(t.name()), space_name(&c, *space)),
                (Some(fr), None) => write!(f, "The {} flag leaves {}", fr.name(), space_name(&c, *space)),
                (Some(fr), Some(t)) => {
                    write!(f, "{} changes from {} to {}", space_name(&c, *space), fr.name(), t.name())
                }
                (None, None) => write!(f, "{} stays {}", space_name(&c, *space), flag_word(None)),
            },
            Event::ConflictPlaced { space, plus } => {
                write!(f, "Conflict marker{} on {}", if *plus { " (+1)" } else { "" }, space_name(&c, *space))
            }
            Event::ConflictRemoved { space } => write!(f, "The conflict marker leaves {}", space_name(&c, *space)),
            Event::FortDamaged { space } => write!(f, "The fort at {} is damaged", space_name(&c, *space)),
            Event::FortRepaired { space } => write!(f, "The fort at {} is repaired", space_name(&c, *space)),
            Event::SquadronBuilt { power } => f.write_str(&does(power, "build a squadron")),
            Event::SquadronDeployed { power, from, to } => f.write_str(&does(
                power,
                &match from {
                    None => format!("deploy a squadron from the navy box to {}", space_name(&c, *to)),
                    Some(s) => format!("move a squadron from {} to {}", space_name(&c, *s), space_name(&c, *to)),
                },
            )),
            Event::SquadronHome { power, from } => {
                write!(f, "The {} squadron at {} returns to the navy box", power.adjective(), space_name(&c, *from))
            }
            Event::SquadronAside { power } => {
                write!(f, "A {} squadron is set aside until next round", power.adjective())
            }
            Event::SquadronsBack { power, count } => {
                write!(f, "{} return to the navy box", words::count(*count, &format!("{} squadron", power.adjective())))
            }
            Event::SquadronLost { power, for_good } => write!(
                f,
                "A {} squadron is {}",
                power.adjective(),
                if *for_good { "removed from the game" } else { "lost (it may be built again)" }
            ),
            Event::Vp { power, amount, marker } => {
                f.write_str(&does(power, &format!("score {amount} VP (marker at {marker})")))
            }
            Event::Debt { power, amount, debt } => {
                f.write_str(&does(power, &format!("take {amount} debt (now {debt})")))
            }
            Event::DebtOverflow { power, amount } => {
                let limit = does(power, &format!("be at {} debt limit", who(power).possessive()));
                write!(f, "{limit}: {}", who(&power.opponent()).does(&format!("score {amount} VP instead")))
            }
            Event::DebtReduced { power, amount, debt } => {
                f.write_str(&does(power, &format!("reduce {} debt by {amount} (now {debt})", who(power).possessive())))
            }
            Event::Trp { power, amount, trp } => {
                f.write_str(&does(power, &format!("gain {} (now {trp})", words::count(*amount, "treaty point"))))
            }
            Event::TrpLost { power, amount, trp } => {
                f.write_str(&does(power, &format!("lose {} (now {trp})", words::count(*amount, "treaty point"))))
            }
            Event::PointsGained { power, kind, points } => {
                f.write_str(&does(power, &format!("gain {}", words::count(*points, &format!("{kind} point")))))
            }
            Event::Spent { power, points, kind, what } => {
                f.write_str(&does(power, &format!("spend {points} {kind}: {what}")))
            }
            Event::AdvantageGained { power, advantage } => {
                f.write_str(&does(power, &format!("take the {advantage} advantage")))
            }
            Event::AdvantageLost { power, advantage } => {
                f.write_str(&does(power, &format!("lose the {advantage} advantage")))
            }
            Event::AdvantageUsed { power, advantage } => f.write_str(&does(power, &format!("use {advantage}"))),
            Event::MinistryUsed { power, ministry } => f.write_str(&does(power, &format!("use {ministry}"))),
            Event::BonusTilePlaced { war, power, tile, theatre } => {
                let on = theatre_name(&c, *war, *theatre);
                f.write_str(&does(
                    power,
                    &match tile {
                        Some(t) => {
                            let tile = &c.bonus_tiles[*t as usize];
                            format!("put {} (+{}) on {on}", tile.name, tile.value)
                        }
                        None => format!("put a bonus war tile on {on}"),
                    },
                ))
            }
            Event::BonusTileReturned { war, power, theatre } => {
                write!(
                    f,
                    "A {} bonus war tile on {} goes back to its pool",
                    power.adjective(),
                    theatre_name(&c, *war, *theatre)
                )
            }
            Event::BasicTileUpgraded { war, power, theatre } => f.write_str(&does(
                power,
                &format!("upgrade {} basic war tile on {}", who(power).possessive(), theatre_name(&c, *war, *theatre)),
            )),
            Event::BasicTileRemoved { power, kind } => {
                let t = &c.basic_tiles[*kind as usize];
                f.write_str(&does(power, &format!("remove a basic war tile ({:+}) from the game", t.value)))
            }
            Event::AwardWon { region, power, vp, trp } => f.write_str(&does(
                power,
                &format!("win the {} award: {vp} VP, {}", award_region(*region), words::count(*trp, "treaty point")),
            )),
            Event::AwardTied { region } => write!(f, "Nobody wins the {} award", award_region(*region)),
            Event::PrestigeWon { power } => f.write_str(&does(power, "hold more prestige: 2 VP")),
            Event::DemandWon { commodity, power } => f.write_str(&does(power, &format!("win the {commodity} demand"))),
            Event::DemandTied { commodity } => write!(f, "Nobody wins the {commodity} demand"),
            Event::SweepVictory { power } => write!(f, "{} won every award and every demand this round", who(power)),
            Event::WarBegins { war } => write!(f, "The {} begins", war.name()),
            Event::TilesRevealed { war, theatre, tiles } => {
                write!(
                    f,
                    "{}: the war tiles are turned face up — {} {}; {} {}",
                    theatre_name(&c, *war, *theatre),
                    named(Power::Britain),
                    war_tiles_text(&c, &tiles[0]),
                    named(Power::France),
                    war_tiles_text(&c, &tiles[1])
                )
            }
            Event::TheatreRevealed { war, theatre, parts, .. } => {
                let theatre = theatre_name(&c, *war, *theatre);
                let (britain, france) = (named(Power::Britain), named(Power::France));
                write!(f, "{theatre}: {britain} {} against {france} {}", parts[0], parts[1])
            }
            Event::TheatreWon { war, theatre, power, margin } => {
                f.write_str(&does(power, &format!("win {} by {margin}", theatre_name(&c, *war, *theatre))))
            }
            Event::TheatreTied { war, theatre } => {
                write!(f, "{} is a draw: no spoils", theatre_name(&c, *war, *theatre))
            }
            Event::Conquered { power, space } => {
                f.write_str(&does(power, &format!("conquer {}", space_name(&c, *space))))
            }
            Event::Resisted { power, space, vp } => write!(
                f,
                "{}; {}",
                does(power, &format!("resist the conquest of {}", space_name(&c, *space))),
                who(&power.opponent()).does(&format!("score {vp} VP"))
            ),
            Event::UsFlag { space } => write!(f, "A US flag goes on {}", space_name(&c, *space)),
            Event::Huguenots { space, flipped: false } => {
                write!(f, "A Huguenots marker goes on {}", space_name(&c, *space))
            }
            Event::Huguenots { space, flipped: true } => write!(
                f,
                "The Huguenots marker on {} is flipped: the next market {} in {} this turn costs 1 less",
                space_name(&c, *space),
                who(&Power::France).does_one_of(&["flag", "unflag"]),
                c.space(*space).region.name()
            ),
            Event::JacobiteVictory => f.write_str(&does(&Power::France, "take a Jacobite Victory marker")),
            Event::JacobiteDefeat => f.write_str("The Jacobites are defeated"),
            Event::AtlanticDominance { power } => {
                write!(f, "{} Atlantic Dominance marker (+2) goes to the French & Indian War", who(power).whose())
            }
            Event::FinalScoring => f.write_str("Final scoring"),
            Event::GameOver { winner, why } => f.write_str(&does(winner, &format!("win: {why}"))),
        }
    }
}

/// An award tile's face.
pub fn award_text(c: &Content, a: u8) -> String {
    let t = &c.awards[a as usize];
    let mut parts = Vec::new();
    if t.vp > 0 {
        parts.push(format!("{} VP", t.vp));
    }
    if t.trp > 0 {
        parts.push(format!("{} TRP", t.trp));
    }
    let mut s = parts.join(" + ");
    if t.margin > 1 {
        s.push_str(&format!(" (win by {})", t.margin));
    }
    s
}

/// An investment tile's face.
pub fn tile_text(c: &Content, tile: u8) -> String {
    let t = &c.investments[tile as usize];
    let mut s = format!("{} {} + 2 {}", t.points, t.major, t.minor);
    if t.event {
        s.push_str(", event");
    }
    if t.upgrade {
        s.push_str(", upgrade");
    }
    s
}

/// A region as it reads before "award": "the Caribbean award", not "the the Caribbean award".
fn award_region(region: Region) -> &'static str {
    region.name().trim_start_matches("the ")
}

/// A basic war tile's face: "+1", "0, debt".
pub fn basic_tile_text(c: &Content, kind: u8) -> String {
    let t = &c.basic_tiles[kind as usize];
    match t.symbol {
        Some(symbol) => format!("{} {}", signed(t.value), symbol_text(symbol)),
        None => signed(t.value),
    }
}

/// A bonus war tile's face: "Grand Alliance +2 with the flag symbol".
pub fn bonus_tile_text(c: &Content, tile: u16) -> String {
    let t = &c.bonus_tiles[tile as usize];
    match t.symbol {
        Some(symbol) => format!("{} {} {}", t.name, signed(t.value), symbol_text(symbol)),
        None => format!("{} {}", t.name, signed(t.value)),
    }
}

/// A tile's value as printed: "+2", "0", "-1".
fn signed(value: i8) -> String {
    if value == 0 { "0".to_string() } else { format!("{value:+}") }
}

fn symbol_text(symbol: TileSymbol) -> &'static str {
    match symbol {
        TileSymbol::Debt => "with the debt symbol",
        TileSymbol::Fort => "with the fort/fleet symbol",
        TileSymbol::Flag => "with the flag symbol",
    }
}

/// One power's tiles on a theatre, face up: "+1, Grand Alliance +2 with the flag symbol", or "no tiles".
pub fn war_tiles_text(c: &Content, tiles: &TheatreTiles) -> String {
    let all: Vec<String> = tiles
        .basic
        .iter()
        .map(|&k| basic_tile_text(c, k))
        .chain(tiles.bonus.iter().map(|&b| bonus_tile_text(c, b)))
        .collect();
    if all.is_empty() { "no tiles".to_string() } else { all.join(", ") }
}

/// A theatre of a war, by name.
pub fn theatre_name(c: &Content, war: WarId, theatre: u8) -> String {
    c.war(war).theatres.get(theatre as usize).map_or_else(|| format!("theatre {}", theatre + 1), |t| t.name.clone())
}

#[cfg(test)]
mod tests {
    use imperia_core::{Game, Match, Viewer};

    use crate::action::Action;
    use crate::content::{ApKind, TileSymbol, WarId};
    use crate::event::Event;
    use crate::state::{Origin, Phase};
    use crate::testkit::*;

    /// The deal's last "keep" turns the other power's set-aside cards face up: a commit point, even when the
    /// same power decides next (found by the conformance harness's check 9).
    #[test]
    fn the_end_of_the_deal_is_a_commit_point() {
        let mut g = game();
        g.phase = Phase::Deal { aside: [Vec::new(), Vec::new()], done: [false, false] };
        g.hand_of(BR, &["tropical_diseases", "war_of_jenkins_ear", "native_american_alliances"]);
        g.hand_of(FR, &["great_northern_war", "alberonis_ambition", "acts_of_union", "calico_acts"]);
        let set_aside = g.apply(FR.seat(), &Action::SetAside(card("calico_acts"))).expect("legal");
        assert!(!set_aside.commit, "setting a card aside shows nobody anything");
        let step = g.apply(BR.seat(), &Action::KeepHand).expect("legal");
        assert!(!step.commit, "Britain's keep shows nothing while France is still choosing");
        let step = g.apply(FR.seat(), &Action::KeepHand).expect("legal");
        assert!(step.events.iter().any(|e| matches!(e, Event::CardsSetAside { cards, .. } if !cards.is_empty())));
        assert!(step.commit, "the set-aside cards went face up");
    }

    /// A theatre's tiles are turned up before its symbols are resolved, and the log says so then: the step
    /// that leads to it may stop at a choice of the same power before the theatre is settled.
    #[test]
    fn war_tiles_turned_up_are_logged_before_the_choices_they_bring() {
        let mut g = game();
        g.fight_from(WarId::Wss, 0);
        let flag = g.content.basic_tiles.iter().position(|t| t.symbol == Some(TileSymbol::Flag)).expect("a tile");
        g.war_mut().theatres[0][BR.index()].basic = vec![flag as u8];
        let events = g.run_war();
        assert!(matches!(events.first(), Some(Event::TilesRevealed { war: WarId::Wss, theatre: 0, .. })), "{events:?}");
        assert!(events.iter().all(|e| !matches!(e, Event::TheatreRevealed { .. })), "not settled yet: {events:?}");
        assert_eq!(g.view(Viewer::Seat(FR.seat())).war.theatres[0][BR.index()].basic, Some(vec![flag as u8]));
        assert!(Event::TilesRevealed { war: WarId::Wss, theatre: 0, tiles: Default::default() }.reveals());
    }

    /// Hidden cards turned up mark their step; spending points does not.
    #[test]
    fn drawing_or_playing_a_card_commits_and_influence_does_not() {
        let mut g = game();
        g.turn_with_pools(BR, &[(ApKind::Diplomatic, 6, Origin::Major)]);
        g.put("savoy", None);
        g.hand_of(BR, &["acts_of_union"]);
        if let Some(t) = g.turn_mut() {
            t.tile = Some(event_tile(ApKind::Diplomatic));
        }
        let before = g.clone();
        let influence = g.apply(BR.seat(), &Action::Influence { space: sp("savoy"), pool: 0 }).expect("legal");
        assert!(!influence.commit);
        let draw = g.apply(BR.seat(), &Action::DrawEvent { pool: 0 }).expect("legal");
        assert!(draw.commit, "the top card of the deck was turned over");
        let mut g = before;
        let play = g.apply(BR.seat(), &Action::PlayEvent(card("acts_of_union"))).expect("legal");
        assert!(play.commit, "a card left the hand face up");
    }

    /// Through a match: a step that shows nothing and draws nothing may be undone.
    #[test]
    fn a_ministry_chosen_face_down_may_be_undone() {
        let mut m = Match::<crate::ImperialStruggle>::new(Default::default(), 1).expect("setup");
        let pick = m.state().legal_actions(BR.seat())[0].clone();
        assert!(matches!(pick, Action::PickMinistry(_)));
        m.apply(BR.seat(), &pick).expect("legal");
        assert!(m.can_undo(BR.seat()));
    }
}
