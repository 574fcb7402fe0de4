//! What happened, step by step, for the game log. Events that carry a secret (a card drawn, a war tile
//! drawn) name it only for the power that may know it; [`imperia_core::Game::event_view`] blanks it
//! for everyone else.

use std::fmt;

use imperia_core::{ContentSet, words};
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

/// A log line, naming entries as the content set in scope does ([`ContentSet::with_current`]), as the ids'
/// own `Display` does.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = ContentSet::<Content>::current();
        match self {
            Event::RoundBegins { round } => write!(f, "Peace round {round} begins"),
            Event::EmpireCardsShuffledIn => f.write_str("The Empire era's events are shuffled into the deck"),
            Event::RevolutionCardsShuffledIn { removed } => write!(
                f,
                "The Succession era's events leave the game ({} of them) and the Revolution era's are shuffled in",
                removed.len()
            ),
            Event::DebtLimitRaised { power, limit } => write!(f, "{power}'s debt limit rises to {limit}"),
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
            Event::CardDrawn { power, card: Some(card) } => write!(f, "{power} draws {card}"),
            Event::CardDrawn { power, card: None } => write!(f, "{power} draws an event card"),
            Event::CardsSetAside { power, cards } => {
                let names: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                if names.is_empty() {
                    write!(f, "{power} sets no card aside")
                } else {
                    write!(f, "{power} sets aside {}", names.join(", "))
                }
            }
            Event::CardDiscarded { power, card } => write!(f, "{power} discards {card}"),
            Event::MinistriesChosen { power } => write!(f, "{power} has chosen its ministries"),
            Event::MinistryRevealed { power, ministry } => write!(f, "{power} reveals {ministry}"),
            Event::MinistryLeavesGame { ministry } => write!(f, "{ministry} leaves the game"),
            Event::Initiative { power } => write!(f, "{power} holds the initiative"),
            Event::FirstPlayer { power } => write!(f, "{power} moves first this round"),
            Event::TurnBegins { power, number } => write!(f, "{power}'s turn {}", number / 2 + 1),
            Event::TileTaken { power, tile } => write!(f, "{power} takes the {} tile", tile_text(&c, *tile)),
            Event::Passed { power, debt_reduced } => {
                write!(f, "{power} passes and reduces its debt by {debt_reduced}")
            }
            Event::EventPlayed { power, card, bonus } => {
                write!(f, "{power} plays {card}{}", if *bonus { ", with its bonus" } else { "" })
            }
            Event::Flag { space, from, to } => match (from, to) {
                (None, Some(t)) => write!(f, "{} flag on {}", capital(t.name()), space_name(&c, *space)),
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
            Event::SquadronBuilt { power } => write!(f, "{power} builds a squadron"),
            Event::SquadronDeployed { power, from, to } => match from {
                None => write!(f, "{power} deploys a squadron from the navy box to {}", space_name(&c, *to)),
                Some(s) => write!(f, "{power} moves a squadron from {} to {}", space_name(&c, *s), space_name(&c, *to)),
            },
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
            Event::Vp { power, amount, marker } => write!(f, "{power} scores {amount} VP (marker at {marker})"),
            Event::Debt { power, amount, debt } => write!(f, "{power} takes {amount} debt (now {debt})"),
            Event::DebtOverflow { power, amount } => {
                write!(f, "{power} is at its debt limit: {} scores {amount} VP instead", power.opponent())
            }
            Event::DebtReduced { power, amount, debt } => {
                write!(f, "{power} reduces its debt by {amount} (now {debt})")
            }
            Event::Trp { power, amount, trp } => {
                write!(f, "{power} gains {} (now {trp})", words::count(*amount, "treaty point"))
            }
            Event::TrpLost { power, amount, trp } => {
                write!(f, "{power} loses {} (now {trp})", words::count(*amount, "treaty point"))
            }
            Event::PointsGained { power, kind, points } => {
                write!(f, "{power} gains {}", words::count(*points, &format!("{kind} point")))
            }
            Event::Spent { power, points, kind, what } => write!(f, "{power} spends {points} {kind}: {what}"),
            Event::AdvantageGained { power, advantage } => write!(f, "{power} takes the {advantage} advantage"),
            Event::AdvantageLost { power, advantage } => write!(f, "{power} loses the {advantage} advantage"),
            Event::AdvantageUsed { power, advantage } => write!(f, "{power} uses {advantage}"),
            Event::MinistryUsed { power, ministry } => write!(f, "{power} uses {ministry}"),
            Event::BonusTilePlaced { war, power, tile, theatre } => match tile {
                Some(t) => write!(
                    f,
                    "{power} puts {} (+{}) on {}",
                    c.bonus_tiles[*t as usize].name,
                    c.bonus_tiles[*t as usize].value,
                    theatre_name(&c, *war, *theatre)
                ),
                None => write!(f, "{power} puts a bonus war tile on {}", theatre_name(&c, *war, *theatre)),
            },
            Event::BonusTileReturned { war, power, theatre } => {
                write!(
                    f,
                    "A {} bonus war tile on {} goes back to its pool",
                    power.adjective(),
                    theatre_name(&c, *war, *theatre)
                )
            }
            Event::BasicTileUpgraded { war, power, theatre } => {
                write!(f, "{power} upgrades its basic war tile on {}", theatre_name(&c, *war, *theatre))
            }
            Event::BasicTileRemoved { power, kind } => {
                let t = &c.basic_tiles[*kind as usize];
                write!(f, "{power} removes a basic war tile ({:+}) from the game", t.value)
            }
            Event::AwardWon { region, power, vp, trp } => {
                write!(
                    f,
                    "{power} wins the {} award: {vp} VP, {}",
                    award_region(*region),
                    words::count(*trp, "treaty point")
                )
            }
            Event::AwardTied { region } => write!(f, "Nobody wins the {} award", award_region(*region)),
            Event::PrestigeWon { power } => write!(f, "{power} holds more prestige: 2 VP"),
            Event::DemandWon { commodity, power } => write!(f, "{power} wins the {commodity} demand"),
            Event::DemandTied { commodity } => write!(f, "Nobody wins the {commodity} demand"),
            Event::SweepVictory { power } => write!(f, "{power} won every award and every demand this round"),
            Event::WarBegins { war } => write!(f, "The {} begins", war.name()),
            Event::TilesRevealed { war, theatre, tiles } => {
                write!(
                    f,
                    "{}: the war tiles are turned face up — Britain {}; France {}",
                    theatre_name(&c, *war, *theatre),
                    war_tiles_text(&c, &tiles[0]),
                    war_tiles_text(&c, &tiles[1])
                )
            }
            Event::TheatreRevealed { war, theatre, parts, .. } => {
                write!(f, "{}: Britain {} against France {}", theatre_name(&c, *war, *theatre), parts[0], parts[1])
            }
            Event::TheatreWon { war, theatre, power, margin } => {
                write!(f, "{power} wins {} by {margin}", theatre_name(&c, *war, *theatre))
            }
            Event::TheatreTied { war, theatre } => {
                write!(f, "{} is a draw: no spoils", theatre_name(&c, *war, *theatre))
            }
            Event::Conquered { power, space } => write!(f, "{power} conquers {}", space_name(&c, *space)),
            Event::Resisted { power, space, vp } => {
                write!(
                    f,
                    "{power} resists the conquest of {}; {} scores {vp} VP",
                    space_name(&c, *space),
                    power.opponent()
                )
            }
            Event::UsFlag { space } => write!(f, "A US flag goes on {}", space_name(&c, *space)),
            Event::Huguenots { space, flipped: false } => {
                write!(f, "A Huguenots marker goes on {}", space_name(&c, *space))
            }
            Event::Huguenots { space, flipped: true } => write!(
                f,
                "The Huguenots marker on {} is flipped: the next market France flags or unflags in {} this turn costs 1 less",
                space_name(&c, *space),
                c.space(*space).region.name()
            ),
            Event::JacobiteVictory => f.write_str("France takes a Jacobite Victory marker"),
            Event::JacobiteDefeat => f.write_str("The Jacobites are defeated"),
            Event::AtlanticDominance { power } => {
                write!(f, "{power}'s Atlantic Dominance marker (+2) goes to the French & Indian War")
            }
            Event::FinalScoring => f.write_str("Final scoring"),
            Event::GameOver { winner, why } => write!(f, "{winner} wins: {why}"),
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|h| h.to_uppercase().chain(c).collect()).unwrap_or_default()
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
        g.war.theatres[0][BR.index()].basic = vec![flag as u8];
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
