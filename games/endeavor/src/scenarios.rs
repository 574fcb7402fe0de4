//! Scenario tests: every worked example of the rulebook replayed to its last figure (the `golden_` tests,
//! named after the example's player), then one test per rule and per ruling of docs/rules/endeavor.md.
//! Positions are set up directly on the table, as a player would lay out the example.

use imperia_core::{ContentSet, Game, RuleError, Viewer};

use crate::config::{Config, SilentFleet};
use crate::content::{ActKind, Attribute, BuildingId, CardId, Content, SpaceId, TokenKind, ZoneId};
use crate::event::Event;
use crate::play::{Action, Sail};
use crate::state::{Built, Endeavor, Owner, Phase};

const RED: usize = 0;
const BLUE: usize = 1;
const YELLOW: usize = 2;
const PURPLE: usize = 3;

fn content() -> ContentSet<Content> {
    ContentSet::shipped()
}

fn building(id: &str) -> BuildingId {
    content().building_by_id(id).unwrap_or_else(|| panic!("no building `{id}`"))
}

fn card(id: &str) -> CardId {
    content().card_by_id(id).unwrap_or_else(|| panic!("no card `{id}`"))
}

fn space(id: &str) -> SpaceId {
    content().space_by_id(id).unwrap_or_else(|| panic!("no space `{id}`"))
}

fn zone(id: &str) -> ZoneId {
    content().zone_by_id(id).unwrap_or_else(|| panic!("no zone `{id}`"))
}

/// A game of `config` past the starting buildings (everyone takes the Colonial House), with the crown on
/// Red, at the Build phase of round 1.
fn game_of(config: Config) -> Endeavor {
    let mut g = Endeavor::setup(&config, &content(), 11).expect("a game");
    g.crown = 0;
    while matches!(g.phase, Phase::Start { .. }) {
        let s = g.deciding().expect("a seat");
        play(&mut g, s, Action::Start { building: building("colonial_house") });
    }
    g
}

fn game(players: usize) -> Endeavor {
    game_of(Config::new(players).expect("a config"))
}

fn play(g: &mut Endeavor, seat: usize, action: Action) -> Vec<Event> {
    g.apply(seat, &action).unwrap_or_else(|e| panic!("{action}: {e}")).events
}

/// The refusal of `action`, checking that it changed nothing.
fn refusal(g: &mut Endeavor, seat: usize, action: Action) -> RuleError {
    let before = g.clone();
    let e = g.apply(seat, &action).expect_err("the action must be refused");
    assert_eq!(*g, before, "a refused action changed the state");
    e
}

/// Set `seat`'s attribute to `value` by the tokens beside its track.
fn set(g: &mut Endeavor, seat: usize, a: Attribute, value: u8) {
    let others = g.attribute(seat, a) - g.players[seat].tokens[a.index()];
    g.players[seat].tokens[a.index()] = value.checked_sub(others).expect("the other sources stay below the value");
}

/// The Actions phase with `seat` to act, everyone with discs in the harbor and an action token, so that
/// nobody is made to pass and the phase does not end under the test.
fn actions(g: &mut Endeavor, seat: usize) {
    g.phase = Phase::Actions { current: seat as u8 };
    g.turn = None;
    g.reaction = None;
    for p in &mut g.players {
        p.passed = false;
        if p.harbor < 6 {
            p.supply -= 6 - p.harbor;
            p.harbor = 6;
        }
        if !p.actions.contains(&TokenKind::ShipDraw) {
            p.actions.push(TokenKind::ShipDraw);
        }
    }
}

/// Put `owner`'s disc on a city or fleet space, as if it had been there (no token taken).
fn place(g: &mut Endeavor, owner: Owner, at: &str) {
    let s = space(at);
    g.spaces[s.index()] = Some(owner);
    g.space_tokens[s.index()] = None;
    g.presence[g.content.space(s).zone.index()][owner.index()] += 1;
    if let Owner::Player(p) = owner {
        g.players[usize::from(p)].supply -= 1;
    }
}

/// Fill a region's shipping track with `owners`, farthest space first (exploring it when full).
fn fill_track(g: &mut Endeavor, z: ZoneId, owners: &[Owner]) {
    for (i, &o) in owners.iter().enumerate() {
        g.tracks[z.index()][i] = Some(o);
        g.track_tokens[z.index()][i] = None;
        g.presence[z.index()][o.index()] += 1;
        if let Owner::Player(p) = o {
            g.players[usize::from(p)].supply -= 1;
        }
    }
    if g.tracks[z.index()].iter().all(Option::is_some) {
        g.explored[z.index()] = true;
        g.governors[z.index()] = None;
    }
}

fn give(g: &mut Endeavor, seat: usize, id: &str) {
    let k = card(id);
    g.decks.iter_mut().for_each(|d| d.retain(|&c| c != k));
    g.governors.iter_mut().filter(|x| **x == Some(k)).for_each(|x| *x = None);
    g.players[seat].cards.push(k);
}

fn red() -> Owner {
    Owner::Player(RED as u8)
}

// ---- The rulebook's worked examples -------------------------------------------------------------------

/// Final scoring: Red's 66 glory, row by row (A 10 + 7 + 7 + 12, Б 19, В 11, Г 1 for 4 discs, Д −1).
#[test]
fn golden_red_scores_66() {
    let mut g = game(2);
    for id in ["fe_canton_system", "af_kingdom_of_kongo", "sa_viceroyalty_of_peru", "eu_enlightenment"] {
        give(&mut g, RED, id);
    }
    for (a, v) in
        [(Attribute::Industry, 10), (Attribute::Culture, 8), (Attribute::Economy, 9), (Attribute::Influence, 12)]
    {
        set(&mut g, RED, a, v);
    }
    // Cities and routes worth 19: take spaces in board order while the row stays within 19.
    for &s in g.content.side(g.side).spaces.clone().iter() {
        let before = g.spaces[s.index()];
        g.spaces[s.index()] = Some(red());
        if g.score(RED).cities_and_routes > 19 {
            g.spaces[s.index()] = before;
        }
    }
    g.players[RED].harbor = 4;
    g.players[RED].set_aside.push(card("sl_sugar"));
    let s = g.score(RED);
    assert_eq!(s.tracks, [10, 7, 7, 12], "A: Culture 8 and Economy 9 fall back to 7");
    assert_eq!(s.cities_and_routes, 19, "Б");
    assert_eq!(s.buildings_and_cards, 11, "В: 8 glory on cards and 3 for the empty governor slot");
    assert_eq!((s.harbor, s.slavery), (1, 1), "Г: 4 discs make 1; Д: one slavery card");
    assert_eq!(s.total, 66);
}

/// Build: Red's Industry 5 builds up to level 3; the Theatre raises Culture by 2 at once.
#[test]
fn golden_red_builds_the_theatre() {
    let mut g = game(4);
    set(&mut g, RED, Attribute::Industry, 5);
    assert_eq!(g.level(RED, Attribute::Industry), 3);
    let legal = g.legal(RED);
    assert!(legal.contains(&Action::Build { building: building("theatre") }));
    let c = content();
    assert!(legal.iter().all(|a| matches!(a, Action::Build { building } if c.building(*building).level <= 3)));
    let culture = g.attribute(RED, Attribute::Culture);
    play(&mut g, RED, Action::Build { building: building("theatre") });
    assert_eq!(g.attribute(RED, Attribute::Culture), culture + 2);
}

/// Growth: Yellow's Culture 3 grows 3 discs, once every player has built (ruling E16).
#[test]
fn golden_yellow_grows_three() {
    let mut g = game(4);
    set(&mut g, YELLOW, Attribute::Culture, 3);
    g.players[YELLOW].coast[0].disc = false;
    g.players[YELLOW].supply += 1;
    let harbor = g.players[YELLOW].harbor;
    g.phase = Phase::Build { next: 4 };
    let mut ev = vec![];
    g.settle(&mut ev);
    assert!(ev.contains(&Event::Grew { seat: YELLOW as u8, discs: 3 }), "{ev:?}");
    assert_eq!(g.players[YELLOW].harbor, harbor + 3);
}

/// Salary: Blue's Economy 2 frees 2 of its 3 occupied buildings, chosen by Blue (ruling E2: asked only when
/// there are more than it frees).
#[test]
fn golden_blue_pays_two_of_three() {
    let mut g = game(4);
    for b in ["market", "shipyard"] {
        g.players[BLUE].coast.push(Built { building: building(b), disc: true });
        g.players[BLUE].supply -= 1;
    }
    set(&mut g, BLUE, Attribute::Economy, 2);
    g.phase = Phase::Salary { next: 1, left: 2 };
    let legal = g.legal(BLUE);
    assert_eq!(legal, (0..3).map(|slot| Action::Free { slot }).collect::<Vec<_>>());
    let harbor = g.players[BLUE].harbor;
    play(&mut g, BLUE, Action::Free { slot: 0 });
    play(&mut g, BLUE, Action::Free { slot: 2 });
    assert_eq!(g.players[BLUE].harbor, harbor + 2);
    assert!(g.players[BLUE].coast[1].disc, "the third disc stays");
    assert!(!matches!(g.phase, Phase::Salary { next: 1, .. }), "Salary moved on");
}

/// Shipping track: Purple takes the Far East's third space behind Yellow and Blue, and its Economy token;
/// later Purple fills the last space, ties Blue with two discs, and wins the governor by the disc nearest
/// the deck. Rulings E6 and E7: the next free space is taken, farthest from the deck first, and a tie goes
/// to the tied disc nearest the deck.
#[test]
fn golden_purple_explores_the_far_east() {
    let mut g = game(4);
    let fe = zone("far_east");
    let n = g.tracks[fe.index()].len();
    assert!(n >= 5, "the example needs at least five spaces");
    fill_track(&mut g, fe, &[Owner::Player(YELLOW as u8), Owner::Player(BLUE as u8)]);
    g.track_tokens[fe.index()][2] = Some(TokenKind::Economy);
    actions(&mut g, PURPLE);
    let economy = g.attribute(PURPLE, Attribute::Economy);
    play(&mut g, PURPLE, Action::Spend { token: TokenKind::ShipDraw });
    play(&mut g, PURPLE, Action::Ship { to: Sail::Track { zone: fe } });
    assert_eq!(g.tracks[fe.index()][2], Some(Owner::Player(PURPLE as u8)));
    assert_eq!(g.attribute(PURPLE, Attribute::Economy), economy + 1, "the space's Economy token");
    // Blue once more, then others, then Purple on the last space: Blue and Purple tie with two.
    let mut rest = vec![Owner::Player(BLUE as u8)];
    rest.extend(std::iter::repeat_n(red(), n - 5));
    for (i, &o) in rest.iter().enumerate() {
        g.tracks[fe.index()][3 + i] = Some(o);
        g.presence[fe.index()][o.index()] += 1;
        g.players[o.seat().expect("a player")].supply -= 1;
    }
    g.track_tokens[fe.index()][n - 1] = Some(TokenKind::Industry);
    actions(&mut g, PURPLE);
    let ev = play(&mut g, PURPLE, Action::Spend { token: TokenKind::ShipDraw });
    assert!(ev.is_empty() || matches!(ev[0], Event::Spent { .. }));
    let ev = play(&mut g, PURPLE, Action::Ship { to: Sail::Track { zone: fe } });
    let governor = card("gov_far_east");
    assert!(
        ev.contains(&Event::Explored { zone: fe, governor: Some((Owner::Player(PURPLE as u8), governor)) }),
        "{ev:?}"
    );
    assert!(g.explored[fe.index()]);
    assert!(g.players[PURPLE].cards.contains(&governor));
}

/// Fleet space: Blue ships to a free fleet space in Europe and takes its Industry token.
#[test]
fn golden_blue_ships_to_a_european_fleet() {
    let mut g = game(4);
    let north_sea = space("a_north_sea");
    g.space_tokens[north_sea.index()] = Some(TokenKind::Industry);
    actions(&mut g, BLUE);
    let industry = g.attribute(BLUE, Attribute::Industry);
    play(&mut g, BLUE, Action::Spend { token: TokenKind::ShipDraw });
    play(&mut g, BLUE, Action::Ship { to: Sail::Fleet { space: north_sea } });
    assert_eq!(g.spaces[north_sea.index()], Some(Owner::Player(BLUE as u8)));
    assert_eq!(g.attribute(BLUE, Attribute::Industry), industry + 1);
}

/// Open sea: Red wants presence in the explored Far East with its track full, and sails to its open sea.
#[test]
fn golden_red_sails_to_the_open_sea() {
    let mut g = game(4);
    let fe = zone("far_east");
    let n = g.tracks[fe.index()].len();
    fill_track(&mut g, fe, &vec![Owner::Player(BLUE as u8); n]);
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    let e = refusal(&mut g, RED, Action::Ship { to: Sail::Track { zone: fe } });
    assert!(e.message.contains("explored"), "{e}");
    play(&mut g, RED, Action::Ship { to: Sail::Sea { zone: fe } });
    assert_eq!((g.open_sea[fe.index()][RED], g.presence(red(), fe)), (1, 1));
}

/// Occupy: Yellow, present in India, occupies a city, takes its action token and, first to control the
/// route with the Culture token, that token too.
#[test]
fn golden_yellow_occupies_in_india() {
    let mut g = game(4);
    let india = zone("india");
    let n = g.tracks[india.index()].len();
    fill_track(&mut g, india, &vec![Owner::Player(BLUE as u8); n]);
    let yellow = Owner::Player(YELLOW as u8);
    place(&mut g, yellow, "a_arabian_sea");
    let surat = space("a_surat");
    g.space_tokens[surat.index()] = Some(TokenKind::OccupyDraw);
    let route = g.content.route_by_ends("a_arabian_sea", "a_surat");
    g.route_tokens[route.index()] = Some(TokenKind::Culture);
    actions(&mut g, YELLOW);
    let culture = g.attribute(YELLOW, Attribute::Culture);
    play(&mut g, YELLOW, Action::Spend { token: TokenKind::ShipDraw });
    let e = refusal(&mut g, YELLOW, Action::Occupy { city: surat });
    assert!(e.message.contains("does not give that action"), "a Ship/Draw token does not occupy: {e}");
    g.turn = None;
    g.players[YELLOW].actions.push(TokenKind::OccupyDraw);
    play(&mut g, YELLOW, Action::Spend { token: TokenKind::OccupyDraw });
    let ev = play(&mut g, YELLOW, Action::Occupy { city: surat });
    assert!(ev.contains(&Event::RouteOpened { seat: YELLOW as u8, route, token: TokenKind::Culture }), "{ev:?}");
    assert!(g.players[YELLOW].actions.contains(&TokenKind::OccupyDraw), "the city's action token");
    assert_eq!(g.attribute(YELLOW, Attribute::Culture), culture + 1);
}

/// Attack: Blue loses a disc, returns Yellow's to its supply, takes the city, and takes the token of the
/// route it controls for the first time.
#[test]
fn golden_blue_attacks_yellow() {
    let mut g = game(4);
    let india = zone("india");
    let n = g.tracks[india.index()].len();
    fill_track(&mut g, india, &vec![Owner::Player(PURPLE as u8); n]);
    let (blue, yellow) = (Owner::Player(BLUE as u8), Owner::Player(YELLOW as u8));
    place(&mut g, yellow, "a_surat");
    place(&mut g, blue, "a_goa");
    let route = g.content.route_by_ends("a_surat", "a_goa");
    g.route_tokens[route.index()] = Some(TokenKind::Influence);
    actions(&mut g, BLUE);
    g.players[BLUE].actions.push(TokenKind::Attack);
    let (harbor, supply, theirs) = (g.players[BLUE].harbor, g.players[BLUE].supply, g.players[YELLOW].supply);
    play(&mut g, BLUE, Action::Spend { token: TokenKind::Attack });
    let ev = play(&mut g, BLUE, Action::Attack { space: space("a_surat") });
    assert_eq!(g.spaces[space("a_surat").index()], Some(blue));
    assert_eq!((g.players[BLUE].harbor, g.players[BLUE].supply), (harbor - 2, supply + 1), "one lost, one placed");
    assert_eq!(g.players[YELLOW].supply, theirs + 1, "Yellow's disc returns to its supply");
    assert!(ev.contains(&Event::RouteOpened { seat: BLUE as u8, route, token: TokenKind::Influence }), "{ev:?}");
}

/// Draw: Red takes North America's value-3 card before the region is explored, with three discs there;
/// Industry and Culture rise by 2 each (ruling E11).
#[test]
fn golden_red_draws_in_north_america() {
    let mut g = game(4);
    let na = zone("north_america");
    fill_track(&mut g, na, &[red(), red(), red()]);
    assert!(!g.explored[na.index()]);
    let deck = g.content.deck_of(na).index();
    g.decks[deck].retain(|&k| g.content.card(k).value >= 3);
    let top = g.decks[deck][0];
    assert_eq!(g.content.card(top).value, 3);
    actions(&mut g, RED);
    let (industry, culture) = (g.attribute(RED, Attribute::Industry), g.attribute(RED, Attribute::Culture));
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    play(&mut g, RED, Action::Draw { card: top });
    assert_eq!(g.attribute(RED, Attribute::Industry), industry + 2);
    assert_eq!(g.attribute(RED, Attribute::Culture), culture + 2);
}

/// The Abolition of Slavery: whoever takes it, Blue sets aside its two slavery cards, loses 5 Industry and 2
/// Economy, and will lose 2 glory; the Slavery deck leaves the game.
#[test]
fn golden_abolition_sets_aside_blues_slavery_cards() {
    let mut g = game(4);
    give(&mut g, BLUE, "sl_cotton");
    give(&mut g, BLUE, "sl_indigo");
    let (industry, economy) = (g.attribute(BLUE, Attribute::Industry), g.attribute(BLUE, Attribute::Economy));
    for city in ["a_london", "a_amsterdam", "a_hamburg", "a_lisbon", "a_seville"] {
        place(&mut g, red(), city);
    }
    let europe = g.content.deck_of(ZoneId::EUROPE).index();
    g.decks[europe].retain(|&k| g.content.card(k).abolition);
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    let ev = play(&mut g, RED, Action::Draw { card: card("eu_abolition") });
    assert!(ev.iter().any(|e| matches!(e, Event::Abolition { .. })), "{ev:?}");
    assert_eq!(g.attribute(BLUE, Attribute::Industry), industry - 5);
    assert_eq!(g.attribute(BLUE, Attribute::Economy), economy - 2);
    assert_eq!(g.players[BLUE].set_aside.len(), 2);
    assert_eq!(g.score(BLUE).slavery, 2);
    assert!(g.decks.iter().all(|d| d.iter().all(|&k| !g.content.card(k).slavery)), "the Slavery deck is gone");
}

/// Discard: Purple's Influence 3 keeps 2 cards, plus 1 slavery card, plus the governor in its slot; with 3
/// ordinary cards and a slavery card it is one over, and discards South America's value-1 card (−2 Culture)
/// to the pile, where anyone present enough in Europe may take it.
#[test]
fn golden_purple_discards_one() {
    let mut g = game(4);
    for id in ["sa_pau_brasil_logging", "eu_royal_charter", "eu_banking_house", "sl_sugar"] {
        give(&mut g, PURPLE, id);
    }
    g.players[PURPLE].governor = Some(card("gov_india"));
    g.governors[zone("india").index()] = None;
    set(&mut g, PURPLE, Attribute::Influence, 3);
    assert_eq!(g.card_cap(PURPLE), 3, "2 for Influence 3, and 1 for a slavery card");
    g.phase = Phase::Discard { next: 3 };
    let e = refusal(&mut g, PURPLE, Action::Keep);
    assert!(e.message.contains("limit"), "{e}");
    let culture = g.attribute(PURPLE, Attribute::Culture);
    play(&mut g, PURPLE, Action::Discard { card: card("sa_pau_brasil_logging") });
    assert_eq!(g.attribute(PURPLE, Attribute::Culture), culture - 2);
    assert_eq!(g.discards, vec![card("sa_pau_brasil_logging")]);
    assert_eq!(g.players[PURPLE].governor, Some(card("gov_india")), "the governor slot counts toward no cap");
    assert_ne!(g.deciding(), Some(PURPLE), "within the limit, Purple has nothing more to decide");
}

/// The Silent Fleet's two-action building: Red uses both of the Docks' actions and chooses which one the
/// fleet answers; it answers the Occupy, and the city's token leaves the game.
#[test]
fn golden_the_silent_fleet_answers_one_of_the_docks_actions() {
    let mut g = game_of(Config::silent("a", SilentFleet::default()).expect("a config"));
    // An earlier answer put a fleet disc in Europe, where the fleet may then occupy (ruling E10).
    place(&mut g, Owner::Fleet, "a_bay_of_biscay");
    g.players[RED].coast.push(Built { building: building("docks"), disc: false });
    actions(&mut g, RED);
    let slot = (g.players[RED].coast.len() - 1) as u8;
    play(&mut g, RED, Action::Activate { slot });
    play(&mut g, RED, Action::Ship { to: Sail::Track { zone: zone("africa") } });
    play(&mut g, RED, Action::Occupy { city: space("a_london") });
    assert!(g.reaction.is_some(), "the fleet answers after the turn");
    let legal = g.legal(RED);
    assert!(legal.iter().any(|a| matches!(a, Action::FleetShip { .. })));
    assert!(legal.iter().any(|a| matches!(a, Action::FleetOccupy { .. })));
    let amsterdam = space("a_amsterdam");
    g.space_tokens[amsterdam.index()] = Some(TokenKind::Culture);
    let culture = g.attribute(RED, Attribute::Culture);
    play(&mut g, RED, Action::FleetOccupy { city: amsterdam });
    assert_eq!(g.spaces[amsterdam.index()], Some(Owner::Fleet));
    assert_eq!(g.space_tokens[amsterdam.index()], None);
    assert_eq!(g.attribute(RED, Attribute::Culture), culture, "the fleet's token is nobody's");
    assert_eq!(g.deciding(), Some(BLUE), "the next player's turn");
}

/// Ruling E10: after both of a building's actions the player chooses the one the fleet answers, one that
/// gives it nothing to do included. Here the Docks' Occupy has nowhere to go (the fleet has no disc in
/// Europe), so answering it moves nothing, though the Ship's answer could have moved the fleet; and the
/// University's Payment, which the fleet never answers with a move, may be chosen over its Draw.
#[test]
fn the_silent_fleet_may_answer_the_action_that_gives_it_nothing_to_do() {
    let mut g = game_of(Config::silent("a", SilentFleet::default()).expect("a config"));
    g.players[RED].coast.push(Built { building: building("docks"), disc: false });
    actions(&mut g, RED);
    let slot = (g.players[RED].coast.len() - 1) as u8;
    play(&mut g, RED, Action::Activate { slot });
    play(&mut g, RED, Action::Ship { to: Sail::Track { zone: zone("africa") } });
    play(&mut g, RED, Action::Occupy { city: space("a_london") });
    let legal = g.legal(RED);
    assert!(legal.iter().any(|a| matches!(a, Action::FleetShip { .. })), "{legal:?}");
    assert!(!legal.iter().any(|a| matches!(a, Action::FleetOccupy { .. })), "{legal:?}");
    let nothing = Action::FleetNothing { answer: ActKind::Occupy };
    assert!(legal.contains(&nothing), "{legal:?}");
    let e = refusal(&mut g, RED, Action::FleetNothing { answer: ActKind::Ship });
    assert!(e.message.contains("somewhere to go"), "{e}");
    let fleet = g.fleet_supply;
    let ev = play(&mut g, RED, nothing);
    assert_eq!(ev, [Event::FleetNothing { seat: RED as u8, answer: ActKind::Occupy }]);
    assert_eq!(g.fleet_supply, fleet, "no fleet disc placed");
    assert_eq!(g.deciding(), Some(BLUE), "the next player's turn");
    // The University: Draw + Payment, with a fleet disc in Europe to draw there.
    place(&mut g, Owner::Fleet, "a_bay_of_biscay");
    g.players[RED].coast.push(Built { building: building("university"), disc: false });
    actions(&mut g, RED);
    let slot = (g.players[RED].coast.len() - 1) as u8;
    play(&mut g, RED, Action::Activate { slot });
    let top = g.decks[0][0];
    play(&mut g, RED, Action::Draw { card: top });
    play(&mut g, RED, Action::Payment { slot: slot - 1 });
    let legal = g.legal(RED);
    assert!(legal.iter().any(|a| matches!(a, Action::FleetDraw { .. })), "{legal:?}");
    assert!(legal.contains(&Action::FleetNothing { answer: ActKind::Payment }), "{legal:?}");
}

// ---- Rules and rulings --------------------------------------------------------------------------------

/// Occupy and Attack need the region explored and the player present; Europe is open to all.
#[test]
fn occupy_and_attack_need_an_explored_region_and_presence() {
    let mut g = game(3);
    actions(&mut g, RED);
    g.players[RED].actions.push(TokenKind::OccupyDraw);
    play(&mut g, RED, Action::Spend { token: TokenKind::OccupyDraw });
    let e = refusal(&mut g, RED, Action::Occupy { city: space("a_havana") });
    assert!(e.message.contains("explored"), "{e}");
    let car = zone("caribbean");
    let n = g.tracks[car.index()].len();
    fill_track(&mut g, car, &vec![Owner::Player(BLUE as u8); n]);
    let e = refusal(&mut g, RED, Action::Occupy { city: space("a_havana") });
    assert!(e.message.contains("present"), "{e}");
    play(&mut g, RED, Action::Occupy { city: space("a_london") });
    assert_eq!(g.presence(red(), ZoneId::EUROPE), 1);
}

/// Attack costs two harbor discs beyond the activation; discs on tracks and in the open sea cannot be
/// attacked, nor one's own.
#[test]
fn attack_targets_and_cost() {
    let mut g = game(3);
    place(&mut g, Owner::Player(BLUE as u8), "a_london");
    place(&mut g, red(), "a_amsterdam");
    actions(&mut g, RED);
    g.players[RED].actions.push(TokenKind::Attack);
    g.players[RED].supply += g.players[RED].harbor - 1;
    g.players[RED].harbor = 1;
    let e = refusal(&mut g, RED, Action::Spend { token: TokenKind::Attack });
    assert!(e.message.contains("cannot be carried out"), "{e}");
    g.players[RED].harbor = 2;
    g.players[RED].supply -= 1;
    play(&mut g, RED, Action::Spend { token: TokenKind::Attack });
    let e = refusal(&mut g, RED, Action::Attack { space: space("a_amsterdam") });
    assert!(e.message.contains("your own"), "{e}");
    let e = refusal(&mut g, RED, Action::Attack { space: space("a_hamburg") });
    assert!(e.message.contains("no disc"), "{e}");
    play(&mut g, RED, Action::Attack { space: space("a_london") });
}

/// Payment frees a disc from any building but one showing the no-Payment icon (rulebook, «Выплата»): the
/// Cartographer's, and every Payment building's, the Bank making it included (ruling E4: the icon is in the
/// content, not a ban of the engine's).
#[test]
fn ruling_e4_payment_frees_any_building_without_the_icon() {
    let mut g = game(2);
    g.players[RED].coast[0].disc = false;
    g.players[RED].supply += 1;
    for (b, disc) in [("bank", false), ("cartographer", true), ("bank", true), ("shipyard", true), ("theatre", true)] {
        g.players[RED].coast.push(Built { building: building(b), disc });
        g.players[RED].supply -= u8::from(disc);
    }
    actions(&mut g, RED);
    play(&mut g, RED, Action::Activate { slot: 1 });
    for (slot, why) in [(2, "no-Payment"), (1, "no-Payment"), (3, "no-Payment"), (0, "no disc")] {
        let e = refusal(&mut g, RED, Action::Payment { slot });
        assert!(e.message.contains(why), "slot {slot}: {e}");
    }
    assert_eq!(g.legal(RED), [Action::Payment { slot: 4 }, Action::Payment { slot: 5 }]);
    let harbor = g.players[RED].harbor;
    play(&mut g, RED, Action::Payment { slot: 4 });
    assert_eq!(g.players[RED].harbor, harbor + 1);
    assert!(!g.players[RED].coast[4].disc);
}

/// What the Actions phase still has to spend: each action token held or lying on the board counts 2, each
/// free activation space 1, or 2 on a Payment building.
fn fuel(g: &Endeavor) -> usize {
    let c = &*g.content;
    let blue = |t: &Option<TokenKind>| t.is_some_and(|t| t.attribute().is_none());
    let on_board = g.track_tokens.iter().flatten().chain(&g.space_tokens).chain(&g.route_tokens).filter(|t| blue(t));
    let spaces: usize = g
        .players
        .iter()
        .flat_map(|p| &p.coast)
        .filter(|b| !b.disc && !c.building(b.building).actions.is_empty())
        .map(|b| if c.building(b.building).actions.contains(&ActKind::Payment) { 2 } else { 1 })
        .sum();
    2 * (on_board.count() + g.players.iter().map(|p| p.actions.len()).sum::<usize>()) + spaces
}

/// Ruling E4: the Actions phase ends. A turn fills an activation space or spends a token; a Payment then
/// frees one building, never a Payment building (they all show the no-Payment icon), and a token taken
/// comes off the board. So every turn lowers [`fuel`] by at least 1, and a phase has at most as many turns
/// as the fuel it began with. Checked at every turn of random games at every count and with the Silent Fleet.
#[test]
fn ruling_e4_every_turn_of_the_actions_phase_spends_fuel() {
    use rand::seq::IndexedRandom;
    let configs = [Config::new(2), Config::silent("a", SilentFleet::default()), Config::new(3), Config::new(5)];
    let mut turns = 0;
    for (i, config) in configs.into_iter().enumerate() {
        for seed in 0..8 {
            let mut g = Endeavor::setup(&config.clone().expect("a config"), &content(), seed).expect("a game");
            let mut rng = imperia_core::rng::seeded(seed + 100 * i as u64);
            let at_turn = |g: &Endeavor| {
                matches!(g.phase, Phase::Actions { .. })
                    && g.turn.is_none()
                    && g.reaction.is_none()
                    && g.memorials.is_empty()
            };
            let mut last: Option<usize> = None;
            let mut spent = false;
            while let Some(seat) = g.deciding() {
                let a = *g.legal(seat).choose(&mut rng).expect("an action");
                spent |= matches!(a, Action::Activate { .. } | Action::Spend { .. });
                play(&mut g, seat, a);
                if !matches!(g.phase, Phase::Actions { .. }) {
                    (last, spent) = (None, false);
                } else if at_turn(&g) {
                    let now = fuel(&g);
                    if let Some(before) = last {
                        assert!(now < before || (!spent && now == before), "fuel {before} -> {now} after {a}");
                    }
                    turns += usize::from(spent);
                    (last, spent) = (Some(now), false);
                }
            }
        }
    }
    assert!(turns > 500, "only {turns} turns checked");
}

/// Ruling E2: Salary asks nothing when it frees every occupied building; each disc goes back at once.
#[test]
fn ruling_e2_salary_frees_all_it_can_without_asking() {
    let mut g = game(4);
    g.players[BLUE].coast.push(Built { building: building("market"), disc: true });
    g.players[BLUE].supply -= 1;
    set(&mut g, BLUE, Attribute::Economy, 2);
    let harbor = g.players[BLUE].harbor;
    g.phase = Phase::Salary { next: 1, left: 2 };
    let mut ev = vec![];
    g.settle(&mut ev);
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Freed { seat: 1, salary: true, .. })).count(), 2, "{ev:?}");
    assert_eq!(g.players[BLUE].harbor, harbor + 2);
    assert!(!matches!(g.phase, Phase::Salary { .. }), "nobody was asked");
}

/// Ruling E3: a building is activated only if one of its actions can be carried out with the harbor's
/// discs; its first action comes before the turn can end, and after the first of "A + B" the player may stop.
#[test]
fn ruling_e3_an_activation_carries_out_an_action() {
    let mut g = game(2);
    g.players[RED].coast.push(Built { building: building("docks"), disc: false });
    actions(&mut g, RED);
    let slot = (g.players[RED].coast.len() - 1) as u8;
    g.players[RED].supply += g.players[RED].harbor - 1;
    g.players[RED].harbor = 1;
    let e = refusal(&mut g, RED, Action::Activate { slot });
    assert!(e.message.contains("ruling E3"), "{e}");
    g.players[RED].harbor = 3;
    g.players[RED].supply -= 2;
    play(&mut g, RED, Action::Activate { slot });
    let e = refusal(&mut g, RED, Action::Finish);
    assert!(e.message.contains("action first"), "{e}");
    play(&mut g, RED, Action::Ship { to: Sail::Track { zone: zone("india") } });
    assert!(g.legal(RED).contains(&Action::Finish), "the Occupy may be left undone");
    play(&mut g, RED, Action::Finish);
    assert_eq!(g.deciding(), Some(BLUE));
}

/// Build one level higher only when nothing at or below the build level is left (ruling E5: with nothing
/// even there, no building).
#[test]
fn building_one_level_higher_when_the_level_is_empty() {
    let mut g = game(2);
    let c = content();
    let e = refusal(&mut g, RED, Action::Build { building: building("bank") });
    assert!(e.message.contains("build level"), "{e}");
    for (i, b) in c.buildings.iter().enumerate() {
        if b.level == 1 {
            g.stock[i] = 0;
        }
    }
    play(&mut g, RED, Action::Build { building: building("bank") });
    for (i, b) in c.buildings.iter().enumerate() {
        if b.level <= 2 {
            g.stock[i] = 0;
        }
    }
    assert!(g.buildable(BLUE).is_empty());
    g.settle(&mut vec![]);
    assert_ne!(g.deciding(), Some(BLUE), "Blue, with nothing to build, is passed over");
}

/// Ruling E14: the 2009 edition's limit of one level-5 building a player is not applied; a player builds a
/// second one like any other.
#[test]
fn ruling_e14_a_second_level_five_building() {
    let mut g = game(2);
    set(&mut g, RED, Attribute::Industry, 10);
    let c = content();
    let fives: Vec<BuildingId> = (0..c.buildings.len())
        .map(|i| BuildingId(i as u8))
        .filter(|&b| c.building(b).level == 5 && g.stock[b.index()] > 0)
        .collect();
    assert_eq!(fives.len(), 3, "three level-5 tiles face up");
    for &b in &fives[..2] {
        g.phase = Phase::Build { next: 0 };
        play(&mut g, RED, Action::Build { building: b });
    }
    let built: Vec<BuildingId> = g.players[RED].coast.iter().map(|b| b.building).collect();
    assert!(fives[..2].iter().all(|b| built.contains(b)), "{built:?}");
}

/// Ruling E16: phases 1–3 in strict order: everyone builds, then everyone grows, then everyone pays.
#[test]
fn ruling_e16_build_grow_and_pay_in_strict_order() {
    let mut g = game(3);
    let mut seen = vec![];
    for seat in [RED, BLUE, YELLOW] {
        assert_eq!(g.deciding(), Some(seat));
        let b = g.buildable(seat)[0];
        seen.extend(play(&mut g, seat, Action::Build { building: b }));
    }
    let at = |f: &dyn Fn(&Event) -> bool| seen.iter().position(f).expect("the event");
    let last_build = seen.iter().rposition(|e| matches!(e, Event::Built { .. })).expect("builds");
    let grown: Vec<&Event> = seen.iter().filter(|e| matches!(e, Event::Grew { .. })).collect();
    assert_eq!(grown.len(), 3, "{seen:?}");
    assert!(at(&|e| matches!(e, Event::Grew { .. })) > last_build, "nobody grows before everyone has built");
    let first_salary = at(&|e| matches!(e, Event::Freed { salary: true, .. }));
    let last_growth = seen.iter().rposition(|e| matches!(e, Event::Grew { .. })).expect("growth");
    assert!(first_salary > last_growth, "nobody pays before everyone has grown: {seen:?}");
}

/// Ruling E17: the seats' colours are Red, Blue, Yellow, Purple and Green, in seat order, and the Silent
/// Fleet's discs are the unused colour, named as the fleet.
#[test]
fn ruling_e17_player_colours() {
    let g = game(5);
    let names: Vec<String> = (0..5).map(|s| g.seat_name(s)).collect();
    assert_eq!(names, ["Red", "Blue", "Yellow", "Purple", "Green"]);
    assert_eq!(crate::event::owner_name(Owner::Fleet), "The Silent Fleet");
}

/// Ruling E18: the Silent Fleet taking the Abolition of Slavery sets off all its effects: every player's
/// slavery cards are set aside (their icons lost, a glory each at the end), and the Slavery deck leaves the
/// game.
#[test]
fn ruling_e18_the_silent_fleet_abolishes_slavery() {
    let mut g = game_of(Config::silent("a", SilentFleet::default()).expect("a config"));
    for at in ["a_london", "a_amsterdam", "a_hamburg", "a_lisbon", "a_seville"] {
        place(&mut g, Owner::Fleet, at);
    }
    let abolition = card("eu_abolition");
    g.decks[0] = vec![abolition];
    give(&mut g, BLUE, "sl_sugar");
    place(&mut g, red(), "a_north_sea");
    let industry = g.attribute(BLUE, Attribute::Industry);
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    let top = g.decks.last().and_then(|d| d.first()).copied().expect("the Slavery deck");
    play(&mut g, RED, Action::Draw { card: top });
    let ev = play(&mut g, RED, Action::FleetDraw { card: abolition });
    assert!(ev.iter().any(|e| matches!(e, Event::Abolition { .. })), "{ev:?}");
    assert_eq!(g.players[BLUE].set_aside, vec![card("sl_sugar")]);
    assert!(g.attribute(BLUE, Attribute::Industry) < industry);
    assert_eq!(g.players[RED].set_aside, vec![top], "Red's slavery card drawn this turn too");
    assert!(g.decks.last().is_some_and(Vec::is_empty), "the Slavery deck leaves the game");
    assert!(!g.discards.contains(&abolition) && g.score(BLUE).slavery == 1);
}

/// The extra disc of a regional value-1 card, also when taken from the discard pile; Europe's value-1 card
/// gives none (ruling E8).
#[test]
fn value_one_cards_bring_a_disc() {
    let mut g = game(2);
    let af = zone("africa");
    fill_track(&mut g, af, &[red()]);
    actions(&mut g, RED);
    let harbor = g.players[RED].harbor;
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    let top = g.decks[g.content.deck_of(af).index()][0];
    let ev = play(&mut g, RED, Action::Draw { card: top });
    assert!(ev.contains(&Event::ExtraDisc { seat: RED as u8 }), "{ev:?}");
    assert_eq!(g.players[RED].harbor, harbor + 1);
    // From the pile, with Europe presence 1.
    g.discards.push(card("sa_pau_brasil_logging"));
    g.decks.iter_mut().for_each(|d| d.retain(|&k| k != card("sa_pau_brasil_logging")));
    place(&mut g, Owner::Player(BLUE as u8), "a_genoa");
    actions(&mut g, BLUE);
    play(&mut g, BLUE, Action::Spend { token: TokenKind::ShipDraw });
    let ev = play(&mut g, BLUE, Action::Draw { card: card("sa_pau_brasil_logging") });
    assert!(ev.contains(&Event::ExtraDisc { seat: BLUE as u8 }), "{ev:?}");
    assert!(!content().card(card("eu_banking_house")).disc);
}

/// Discarding: a slavery card is set aside face down, a governor leaves the game, any other card goes to
/// the pile; a governor moves into an empty governor slot only (ruling E9).
#[test]
fn discards_go_where_the_rulebook_says() {
    let mut g = game(2);
    for id in ["sl_sugar", "gov_africa", "gov_india", "eu_royal_charter", "eu_banking_house"] {
        give(&mut g, RED, id);
    }
    assert_eq!((g.card_cap(RED), g.players[RED].cards.len()), (3, 5), "Influence 3 and a slavery card");
    g.phase = Phase::Discard { next: 0 };
    play(&mut g, RED, Action::Govern { card: card("gov_africa") });
    let e = refusal(&mut g, RED, Action::Govern { card: card("gov_india") });
    assert!(e.message.contains("slot is taken"), "{e}");
    play(&mut g, RED, Action::Discard { card: card("sl_sugar") });
    play(&mut g, RED, Action::Discard { card: card("gov_india") });
    assert_eq!(g.players[RED].set_aside, vec![card("sl_sugar")]);
    assert!(!g.discards.contains(&card("gov_india")) && g.governors.iter().all(|&x| x != Some(card("gov_india"))));
    assert_eq!(g.players[RED].cards, vec![card("eu_royal_charter"), card("eu_banking_house")]);
    assert_ne!(g.deciding(), Some(RED), "within the limit and no governor to place: the phase moves on");
}

/// Ruling E9: the Discard phase asks only for discards down to the limit, and the governor in the governor
/// slot, which counts toward no limit, is never discarded.
#[test]
fn ruling_e9_discards_only_down_to_the_limit() {
    // Over the limit with a governor in the slot: only the ordinary cards may go.
    let mut g = game(2);
    for id in ["eu_banking_house", "gov_india", "sa_pau_brasil_logging"] {
        give(&mut g, RED, id);
    }
    g.players[RED].governor = Some(card("gov_africa"));
    g.governors[zone("africa").index()] = None;
    set(&mut g, RED, Attribute::Influence, 2);
    assert_eq!((g.card_cap(RED), g.players[RED].cards.len()), (2, 3));
    g.phase = Phase::Discard { next: 0 };
    let discards =
        ["eu_banking_house", "gov_india", "sa_pau_brasil_logging"].map(|id| Action::Discard { card: card(id) });
    assert_eq!(g.legal(RED), discards);
    let e = refusal(&mut g, RED, Action::Discard { card: card("gov_africa") });
    assert!(e.message.contains("governor slot"), "{e}");
    play(&mut g, RED, Action::Discard { card: card("sa_pau_brasil_logging") });
    assert_ne!(g.deciding(), Some(RED), "at the limit, with the slot taken, Red has nothing more to decide");
    // Within the limit with a governor to place: Red may move it or keep, but discards nothing.
    let mut g = game(2);
    for id in ["eu_banking_house", "gov_india"] {
        give(&mut g, RED, id);
    }
    set(&mut g, RED, Attribute::Influence, 2);
    g.phase = Phase::Discard { next: 0 };
    assert_eq!(g.legal(RED), [Action::Govern { card: card("gov_india") }, Action::Keep]);
    let e = refusal(&mut g, RED, Action::Discard { card: card("eu_banking_house") });
    assert!(e.message.contains("within your card limit"), "{e}");
}

/// The Memorial: attacker and defender each place a lost disc beside a track or keep it, the defender on
/// the attacker's turn (ruling E12).
#[test]
fn the_memorial_saves_lost_discs() {
    let mut g = game(2);
    for s in [RED, BLUE] {
        g.players[s].coast.push(Built { building: building("memorial"), disc: false });
    }
    place(&mut g, Owner::Player(BLUE as u8), "a_london");
    actions(&mut g, RED);
    g.players[RED].actions.push(TokenKind::Attack);
    play(&mut g, RED, Action::Spend { token: TokenKind::Attack });
    play(&mut g, RED, Action::Attack { space: space("a_london") });
    assert_eq!(g.deciding(), Some(RED), "the attacker's lost disc first");
    let industry = g.attribute(RED, Attribute::Industry);
    play(&mut g, RED, Action::Memorial { track: Some(Attribute::Industry) });
    assert_eq!(g.attribute(RED, Attribute::Industry), industry + 1);
    assert_eq!(g.deciding(), Some(BLUE), "then the defender's, on the attacker's turn");
    play(&mut g, BLUE, Action::Memorial { track: None });
    assert_eq!(g.players[BLUE].memorial, [0; 4]);
}

/// The Town Hall scores a glory per Draw icon on its owner's buildings, its own included.
#[test]
fn the_town_hall_counts_draw_icons() {
    let mut g = game(2);
    let before = g.score(RED).buildings_and_cards;
    for b in ["town_hall", "market", "guild_hall"] {
        g.players[RED].coast.push(Built { building: building(b), disc: false });
    }
    let c = content();
    let icons: u16 =
        ["town_hall", "market", "guild_hall"].iter().map(|b| u16::from(c.building(building(b)).draw_icons())).sum();
    let glory: u16 =
        ["town_hall", "market", "guild_hall"].iter().map(|b| u16::from(c.building(building(b)).glory)).sum();
    assert_eq!(g.score(RED).buildings_and_cards, before + glory + icons);
}

/// A player who can take no action passes without being asked (ruling E15; the rulebook: one who cannot act
/// must pass).
#[test]
fn a_player_who_cannot_act_passes() {
    let mut g = game(2);
    g.phase = Phase::Actions { current: RED as u8 };
    g.players[RED].supply += g.players[RED].harbor;
    g.players[RED].harbor = 0;
    g.players[BLUE].harbor = 3;
    let mut ev = vec![];
    g.settle(&mut ev);
    assert!(ev.contains(&Event::Passed { seat: RED as u8, forced: true }), "{ev:?}");
    assert_eq!(g.deciding(), Some(BLUE));
}

/// The Silent Fleet: it sails to tracks and fleets only, draws from Europe's and the regions' decks (not
/// Slavery's), occupies in Europe only with a disc there, and under the occupy restriction only where the
/// player did; a governor it wins leaves the game; it never takes a route's token.
#[test]
fn the_silent_fleet_keeps_its_rules() {
    let fleet = SilentFleet { occupy_restriction: true, ..SilentFleet::default() };
    let mut g = game_of(Config::silent("a", fleet).expect("a config"));
    let af = zone("africa");
    let n = g.tracks[af.index()].len();
    fill_track(&mut g, af, &vec![Owner::Fleet; n - 1]);
    g.fleet_supply -= (n - 1) as u8;
    actions(&mut g, RED);
    g.players[RED].actions.push(TokenKind::OccupyDraw);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    play(&mut g, RED, Action::Ship { to: Sail::Fleet { space: space("a_north_sea") } });
    let legal = g.legal(RED);
    assert!(legal.iter().all(|a| matches!(a, Action::FleetShip { to: Sail::Track { .. } | Sail::Fleet { .. } })));
    let ev = play(&mut g, RED, Action::FleetShip { to: Sail::Track { zone: af } });
    assert!(ev.contains(&Event::Explored { zone: af, governor: Some((Owner::Fleet, card("gov_africa"))) }), "{ev:?}");
    assert!(g.players.iter().all(|p| !p.cards.contains(&card("gov_africa"))));
    // Not a player, the fleet is present in Europe only with a disc there (E10).
    let e = g.check_occupy(Owner::Fleet, space("a_amsterdam"), None).expect_err("no fleet disc in Europe");
    assert!(e.0.contains("where it has a disc"), "{e:?}");
    place(&mut g, Owner::Fleet, "a_bay_of_biscay");
    // Occupy restriction: the fleet follows Red into Europe only.
    place(&mut g, Owner::Fleet, "a_elmina");
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::OccupyDraw });
    play(&mut g, RED, Action::Occupy { city: space("a_london") });
    let e = refusal(&mut g, RED, Action::FleetOccupy { city: space("a_luanda") });
    assert!(e.message.contains("occupy restriction"), "{e}");
    let route = g.content.route_by_ends("a_london", "a_amsterdam");
    let token = g.route_tokens[route.index()];
    play(&mut g, RED, Action::FleetOccupy { city: space("a_amsterdam") });
    assert_eq!(g.route_tokens[route.index()], token, "the fleet never controls a route");
    let slavery = g.decks.last().and_then(|d| d.first()).copied().expect("the Slavery deck");
    let e = g.check_fleet_draw(slavery).expect_err("never from Slavery");
    assert!(e.0.contains("Slavery") || e.0.contains("regions"), "{e:?}");
}

/// Ruling E10: with its 35 discs on the board the Silent Fleet has nowhere to place one, so its answer to a
/// Ship or an Occupy is skipped and the next player acts; it still answers a Draw, which places no disc.
#[test]
fn a_silent_fleet_out_of_discs_answers_only_a_draw() {
    let mut g = game_of(Config::silent("a", SilentFleet::default()).expect("a config"));
    place(&mut g, Owner::Fleet, "a_bay_of_biscay");
    g.fleet_supply = 0;
    actions(&mut g, RED);
    g.players[RED].actions.push(TokenKind::OccupyDraw);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    play(&mut g, RED, Action::Ship { to: Sail::Track { zone: zone("africa") } });
    assert!(g.reaction.is_none(), "no answer with no disc to place");
    assert_eq!(g.deciding(), Some(BLUE));
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::OccupyDraw });
    play(&mut g, RED, Action::Occupy { city: space("a_london") });
    assert!(g.reaction.is_none(), "no answer with no disc to place");
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    let top = g.decks[0][0];
    play(&mut g, RED, Action::Draw { card: top });
    let legal = g.legal(RED);
    assert!(!legal.is_empty() && legal.iter().all(|a| matches!(a, Action::FleetDraw { .. })), "{legal:?}");
}

/// Ignore tokens: the fleet does not answer an action token; material shortage: the player without the
/// crown discards a face-up building before each Build.
#[test]
fn the_silent_fleets_optional_rules() {
    let fleet = SilentFleet { ignore_tokens: true, material_shortage: true, ..SilentFleet::default() };
    let config = Config::silent("b", fleet).expect("a config");
    let mut g = Endeavor::setup(&config, &content(), 3).expect("a game");
    while matches!(g.phase, Phase::Start { .. }) {
        let s = g.deciding().expect("a seat");
        play(&mut g, s, Action::Start { building: building("merchant_dock") });
    }
    assert_eq!(g.phase, Phase::Shortage);
    let other = g.from_crown(1);
    assert_eq!(g.deciding(), Some(other));
    let market = building("market");
    play(&mut g, other, Action::Shortage { building: market });
    assert_eq!(g.stock[market.index()], 4);
    actions(&mut g, RED);
    play(&mut g, RED, Action::Spend { token: TokenKind::ShipDraw });
    play(&mut g, RED, Action::Ship { to: Sail::Track { zone: zone("india") } });
    assert!(g.reaction.is_none(), "no answer to a token");
}

/// Side A for 2 and 3 players, B for 5, either for 4 and the Silent Fleet; the variant is for 2.
#[test]
fn sides_and_player_counts() {
    let side = |players: usize, side: &str, silent: bool| {
        Config { players, side: side.into(), silent_fleet: silent.then(SilentFleet::default) }.checked().is_ok()
    };
    assert!(side(2, "a", false) && !side(2, "b", false) && side(2, "b", true));
    assert!(side(3, "a", false) && !side(3, "b", false));
    assert!(side(4, "a", false) && side(4, "b", false));
    assert!(!side(5, "a", false) && side(5, "b", false));
    assert!(!side(3, "a", true) && !side(6, "b", false));
}

/// A whole game ends after round 7 with an outcome whose ties share a rank; every view holds the whole
/// table, so a state rebuilt from any seat's view is the state itself.
#[test]
fn a_game_ends_after_seven_rounds_and_hides_nothing() {
    let mut g = game(3);
    let mut steps = 0;
    while let Some(seat) = g.deciding() {
        let legal = g.legal(seat);
        // The most varied play a test can give without a bot: the last listed action, or a pass.
        let a = legal.iter().rev().find(|a| !matches!(a, Action::Pass | Action::Finish)).unwrap_or(&legal[0]);
        play(&mut g, seat, *a);
        steps += 1;
        if steps % 25 == 0 {
            let view = g.view(Viewer::Seat(seat));
            let mut rng = imperia_core::rng::seeded(1);
            assert_eq!(Endeavor::determinize(&view, &content(), &mut rng), g);
        }
        assert!(steps < 5_000, "the game must end");
    }
    assert_eq!(g.round, 7);
    let o = g.outcome().expect("an outcome");
    for (s, &r) in o.ranks.iter().enumerate() {
        assert_eq!(r, 1 + o.scores.iter().filter(|&&x| x > o.scores[s]).count());
    }
}

/// A building showing one action twice (the Town Hall's Draw + Draw) lists each target once, and both
/// draws may be taken in one turn (found by the conformance harness).
#[test]
fn the_town_halls_two_draws_list_each_card_once() {
    let mut g = game(2);
    g.players[RED].coast.push(Built { building: building("town_hall"), disc: false });
    actions(&mut g, RED);
    let slot = (g.players[RED].coast.len() - 1) as u8;
    play(&mut g, RED, Action::Activate { slot });
    let legal = g.legal(RED);
    let mut unique = legal.clone();
    unique.sort_by_key(|a| format!("{a:?}"));
    unique.dedup();
    assert_eq!(legal.len(), unique.len(), "{legal:?}");
    let first = *legal.iter().find(|a| matches!(a, Action::Draw { .. })).expect("a card to draw");
    play(&mut g, RED, first);
    assert!(g.legal(RED).iter().any(|a| matches!(a, Action::Draw { .. })), "the second Draw");
}
