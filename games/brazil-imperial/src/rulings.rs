//! One test per ruling that no worked example covers (docs/rules/brazil-imperial.md §2): each names its
//! ruling and plays it on the hand-made fixture maps of [`crate::scenarios`].

use imperia_core::{Game, Viewer};

use crate::content::{Ability, Bag, Find, Piece, RulerId, Space};
use crate::play::Action;
use crate::scenarios::{act, at, content, give, hex, pay_all, put_token, refused, table, turn_of, unit_of};
use crate::state::{Battle, Brazil, Built, Lying, Pending, Spot, Stage, Token};
use crate::{Config, Content};

fn ruler(g: &Brazil, id: &str) -> RulerId {
    RulerId(g.content.rulers.iter().position(|r| r.id == id).expect("a ruler") as u8)
}

fn colour(g: &Brazil, id: &str) -> crate::content::ColourId {
    crate::content::ColourId(g.content.colours.iter().position(|c| c.id == id).expect("a colour") as u8)
}

/// A battle about to be fought at `h` by `attacker`'s `units` against `defender`, for reading strengths.
fn battle_at(g: &mut Brazil, attacker: u8, defender: u8, h: &str, units: Vec<crate::content::UnitId>) {
    g.pending.push(Pending::Battle(Battle {
        attacker,
        defender: Some(defender),
        at: at(g, h) as u16,
        from: None,
        units,
        attack_cards: None,
        defence_cards: None,
    }));
}

/// Ruling B27 and the publisher's FAQ: the battle cards a Recruit draws cannot pay for that same Recruit,
/// whether under Napoleon (a card for a resource) or Afonso I (a card for a gold); a card held before can.
#[test]
fn ruling_b27_a_recruits_own_battle_cards_do_not_pay_for_it() {
    for reign in ["napoleon", "afonso_i"] {
        let mut g = table(2, 1);
        let s = g.first;
        let _scope = g.content.enter();
        turn_of(&mut g, s);
        let p = usize::from(s);
        // Blue's infantry costs one wood the first time.
        g.players[p].colour = colour(&g, "blue");
        g.players[p].ruler = Some(ruler(&g, reign));
        g.players[p].recruited = true;
        g.players[p].supply = Bag::default();
        g.players[p].opportunities.clear();
        let (old, fresh) = (crate::content::BattleId(0), crate::content::BattleId(1));
        assert_ne!(g.content.battle_cards[0].name, g.content.battle_cards[1].name);
        let infantry = unit_of(&g, s, Ability::None);
        let capital = g.board().hexes[usize::from(g.players[p].capital.expect("a capital"))];
        let recruit = Action::Recruit { unit: infantry, at: capital };
        let pay = |card| match reign {
            "napoleon" => Action::PayBattle { card },
            _ => Action::Afonso { cards: vec![card] },
        };
        // Only the card this Recruit draws: the infantry cannot be paid for.
        let mut only_fresh = g.clone();
        only_fresh.players[p].battle.clear();
        only_fresh.battle_deck.push(fresh);
        act(&mut only_fresh, s, Action::Activate { space: Space::Recruit });
        assert_eq!(only_fresh.players[p].battle, vec![fresh]);
        let why = refused(&only_fresh, s, &recruit);
        assert!(why.contains("cannot pay"), "{reign}: {why}");
        // With a card held from before, the Recruit goes ahead and is paid with that card, not the new one.
        g.players[p].battle = vec![old];
        g.battle_deck.push(fresh);
        act(&mut g, s, Action::Activate { space: Space::Recruit });
        act(&mut g, s, recruit.clone());
        let why = refused(&g, s, &pay(fresh));
        assert!(why.contains("this Recruit drew"), "{reign}: {why}");
        assert!(!g.legal_actions(usize::from(s)).contains(&pay(fresh)), "{reign}");
        act(&mut g, s, pay(old));
        assert_eq!(g.spot(s, infantry), Spot::Map(g.players[p].capital.expect("a capital")), "{reign}");
        assert_eq!(g.players[p].battle, vec![fresh], "{reign}: the Recruit's own card is kept");
        assert!(g.turn.drawn.is_empty(), "{reign}: once the Recruit is done its cards pay as any other");
    }
}

/// Ruling B52 («Столицы»: the capital counts as a city everywhere but in battle): Build's extra move, which
/// goes onto one's own building or city, may go onto one's own capital.
#[test]
fn ruling_b52_builds_extra_move_may_end_on_ones_own_capital() {
    let mut g = table(2, 2);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let capital = usize::from(g.players[usize::from(s)].capital.expect("a capital"));
    let next = usize::from(g.board().neighbours[capital][0]);
    let archer = unit_of(&g, s, Ability::None);
    g.set_spot(s, archer, Spot::Map(next as u16));
    g.stage = Stage::Move;
    g.turn.extra_from = Some(Space::Build);
    let to = g.board().hexes[capital];
    act(&mut g, s, Action::Move { unit: archer, to, carry: vec![], extra: true });
    assert_eq!(g.spot(s, archer), Spot::Map(capital as u16));
}

/// Rulings B6 and B28, after «Правила боя» (a token's battle strength is the VP it brings at the end): a
/// trading post under Isabella I's mark fights at her 3, not the printed 2, and with palace IV on the map
/// every spinning mill of its placer fights at 2 + 2, the extra strength the FAQ gives their defenders.
#[test]
fn rulings_b6_and_b28_a_token_fights_with_the_vp_it_would_score() {
    let mut g = table(2, 3);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    turn_of(&mut g, a);
    g.era = 2;
    g.players[usize::from(d)].ruler = Some(ruler(&g, "isabella_i"));
    g.players[usize::from(d)].token = None;
    put_token(&mut g, d, "trading_post", "r3c3");
    let post = at(&g, "r3c3");
    let mut plain = g.clone();
    if let Some(t) = &mut g.sites[post].token {
        t.mark = true;
    }
    battle_at(&mut plain, a, d, "r3c3", vec![]);
    assert_eq!(plain.strengths_before_cards(), Some([0, 2]), "an unmarked trading post: its laurel");
    battle_at(&mut g, a, d, "r3c3", vec![]);
    assert_eq!(g.strengths_before_cards(), Some([0, 3]), "Isabella's trading post scores 3, so fights at 3");
    assert_eq!(g.score(d).tokens, 3);
    // Palace IV on one spinning mill: both mills score 4 at the end, and defend at 4.
    g.pending.clear();
    put_token(&mut g, d, "spinning_mill", "r4c5");
    put_token(&mut g, d, "spinning_mill", "r6c4");
    let mill = at(&g, "r4c5");
    g.sites[mill].palace = Some((d, 4));
    battle_at(&mut g, a, d, "r6c4", vec![]);
    assert_eq!(g.strengths_before_cards(), Some([0, 4]));
    assert_eq!(g.score(d).palaces, 4, "+2 for each of the two mills");
}

/// Rulings B8 and B9 (Maria Leopoldina's card names buildings and cities; «Типы территорий» lets era-III
/// placements go on top of era-I and era-II tokens, and cities are era-II tokens): one's own city may be
/// covered in era III, or earlier with Maria Leopoldina; a capital never.
#[test]
fn rulings_b8_and_b9_ones_own_city_may_be_covered() {
    let mut g = table(2, 4);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let capital = usize::from(g.players[usize::from(s)].capital.expect("a capital"));
    let next = usize::from(g.board().neighbours[capital][0]);
    let city = crate::content::CityId(0);
    g.sites[next].token =
        Some(Token { built: Built::City(city), owner: s, pieces: Bag::default(), mark: false, jesuit: false });
    g.players[usize::from(s)].supply = Bag::default();
    give(&mut g, s, Piece::Science, 3);
    give(&mut g, s, Piece::Gold, 2);
    let church = g.content.building_named("church").expect("church");
    let university = g.content.building_named("university").expect("university");
    let (city_hex, capital_hex) = (g.board().hexes[next], g.board().hexes[capital]);
    let on_city = |building| Action::Build { building, at: city_hex, alt: false, jesuits: false };
    let on_capital = |building| Action::Build { building, at: capital_hex, alt: false, jesuits: false };
    // Era II, no Leopoldina: the city stays.
    g.era = 2;
    let mut era2 = g.clone();
    act(&mut era2, s, Action::Activate { space: Space::Build });
    let why = refused(&era2, s, &on_city(church));
    assert!(why.contains("may not cover"), "{why}");
    // Era II with Maria Leopoldina: it may be covered.
    let leopoldina = crate::scenarios::privilege(&era2, "maria_leopoldina");
    era2.players[usize::from(s)].privileges.push(leopoldina);
    assert_eq!(era2.check(s, &on_city(church)), Ok(()));
    // Era III: a university goes on top of the city, which leaves the game; never on the capital.
    g.era = 3;
    act(&mut g, s, Action::Activate { space: Space::Build });
    assert!(refused(&g, s, &on_capital(university)).contains("may not cover"));
    act(&mut g, s, on_city(university));
    pay_all(&mut g, s);
    assert_eq!(g.sites[next].token.map(|t| t.built), Some(Built::Building(university)));
}

/// Ruling B57 («Подготовка к игре», steps 1 and 6): the capital tokens lie face down until every goal is
/// kept and every ruler chosen; only then does a view show which token lies where.
#[test]
fn ruling_b57_capital_tokens_stay_face_down_until_everyone_has_chosen() {
    let content = content();
    let mut g = Brazil::setup(&Config::new(3).expect("3 players"), &content, 5).expect("setup");
    let _scope = g.content.enter();
    assert!(g.capital_tokens.iter().all(Option::is_some));
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
        assert!(g.view(viewer).table.capital_tokens.iter().all(Option::is_none), "{viewer:?}");
    }
    // A bot's guess at the hidden state deals the "1" and two others.
    let mut rng = imperia_core::rng::seeded(1);
    let guess = Brazil::determinize(&g.view(Viewer::Seat(0)), &content, &mut rng);
    let mut dealt: Vec<u8> = guess.capital_tokens.iter().flatten().copied().collect();
    dealt.sort_unstable();
    assert_eq!((dealt.len(), dealt[0]), (3, 0));
    while g.stage == Stage::Prepare {
        let s = g.deciding().expect("someone chooses");
        let a = g.legal_actions(s)[0].clone();
        g.apply(s, &a).expect("a listed choice");
    }
    assert_eq!(g.view(Viewer::Spectator).table.capital_tokens, g.capital_tokens, "face up once all have chosen");
}

/// Ruling B51 («Жетоны исследования»: the River basin's neighbours "will now produce" one more piece, where
/// the privilege cards add that built ones produce one at once): turning the token over gives nothing at
/// once; a neighbour makes the extra piece when it next produces.
#[test]
fn ruling_b51_a_river_basin_adds_to_the_next_production_only() {
    let mut g = table(2, 6);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let river = g.content.exploration.iter().position(|e| e.find == Find::RiverBasin).expect("a River basin");
    let q = at(&g, "r3c1");
    g.sites[q].lying = Some(Lying { find: Some(crate::content::ExplorationId(river as u8)), face_up: false });
    put_token(&mut g, s, "cane_field", "r3c0");
    let field = at(&g, "r3c0");
    let made = g.sites[field].token.expect("built").pieces;
    let archer = unit_of(&g, s, Ability::None);
    g.set_spot(s, archer, Spot::Map(at(&g, "r2c1") as u16));
    g.stage = Stage::Move;
    act(&mut g, s, Action::Move { unit: archer, to: hex("r3c1"), carry: vec![], extra: false });
    assert!(g.sites[q].lying.is_some_and(|l| l.face_up), "the River basin stays, face up");
    assert_eq!(g.sites[field].token.expect("built").pieces, made, "nothing at once");
    // Emptied and renewed, the cane field makes one sugarcane more than it did.
    g.sites[field].token.as_mut().expect("built").pieces = Bag::default();
    turn_of(&mut g, s);
    give(&mut g, s, Piece::Wood, 1);
    act(&mut g, s, Action::Activate { space: Space::Renew });
    act(&mut g, s, Action::Renew { at: hex("r3c0"), flip: false });
    pay_all(&mut g, s);
    let renewed = g.sites[field].token.expect("built").pieces;
    assert_eq!(renewed.get(Piece::Sugarcane), made.get(Piece::Sugarcane) + 1);
}

/// Ruling B69 (reference §3: the four nations are Brazil, Portugal, Spain and France): each colour plays
/// one of them, Napoleon on France's board; the orange pieces are the Dutch only in the solo scenario.
#[test]
fn ruling_b69_the_four_colours_are_the_four_nations() {
    let shipped = imperia_core::ContentSet::<Content>::shipped();
    let c = &*shipped;
    let mut nations: Vec<&str> = c.colours.iter().map(|k| k.nation.as_str()).collect();
    nations.sort_unstable();
    assert_eq!(nations, ["Brazil", "France", "Portugal", "Spain"]);
    let board = |ruler: &str| {
        let r = c.rulers.iter().position(|x| x.id == ruler).expect("a ruler");
        c.colours.iter().find(|k| k.rulers.contains(&RulerId(r as u8))).map(|k| k.nation.as_str())
    };
    assert_eq!(board("napoleon"), Some("France"));
    assert_eq!(board("isabella_i"), Some("Spain"));
    let g = Brazil::setup(&Config::new(1).expect("solo"), &shipped, 1).expect("setup");
    assert_eq!(g.seat_label(crate::state::DUTCH), "The Dutch");
    assert_eq!(g.seat_label(0), "Green (Brazil)");
}
