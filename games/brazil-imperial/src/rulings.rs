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

fn site<'a>(g: &'a mut Brazil, h: &str) -> &'a mut crate::state::Site {
    let i = at(g, h);
    &mut g.sites[i]
}

fn grant(g: &mut Brazil, seat: u8, id: &str) {
    let card = crate::scenarios::privilege(g, id);
    g.players[usize::from(seat)].privileges.push(card);
}

fn opportunity(g: &Brazil, id: &str) -> crate::content::OpportunityId {
    crate::content::OpportunityId(g.content.opportunities.iter().position(|o| o.id == id).expect("a card") as u8)
}

fn exploration(g: &Brazil, id: &str) -> crate::content::ExplorationId {
    crate::content::ExplorationId(g.content.exploration.iter().position(|e| e.id == id).expect("a token") as u8)
}

fn goal_of_era(g: &Brazil, era: u8) -> crate::content::GoalId {
    crate::content::GoalId(g.content.goals.iter().position(|x| x.era == era).expect("a goal") as u8)
}

/// Rulings B1, B21, B22 and B37: each colour has palaces II–VI on its board and palace I on its capital; the
/// first chooser of a capital is drawn at random; a capital token gives all it shows; the solo player takes
/// the map's capital and the "1" token's pieces.
#[test]
fn rulings_b1_b21_b22_and_b37_setup_hands_out_palaces_and_capitals() {
    let content = content();
    let mut choosers = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let mut g = Brazil::setup(&Config::new(3).expect("3"), &content, seed).expect("setup");
        let _scope = g.content.enter();
        while g.stage == Stage::Prepare {
            let s = g.deciding().expect("someone");
            let a = g.legal_actions(s)[0].clone();
            g.apply(s, &a).expect("listed");
        }
        assert_eq!(g.stage, Stage::Capital { seat: g.first, left: 3 });
        choosers.insert(g.first);
        let s = g.first;
        let before = g.players[usize::from(s)].supply;
        let Action::Capital { at } = g.legal_actions(usize::from(s))[0].clone() else { panic!("a capital choice") };
        let i = g.board().index(at).expect("on the map");
        let k = g.board().capitals.iter().position(|&c| usize::from(c) == i).expect("a site");
        let mut gives = before;
        gives.add(g.content.capital_tokens[usize::from(g.capital_tokens[k].expect("a token"))].gives);
        act(&mut g, s, Action::Capital { at });
        assert_eq!(g.players[usize::from(s)].supply, gives, "the token's pieces, all of them");
        assert_eq!(g.players[usize::from(s)].palaces, [true; 5], "palaces II–VI on the board");
        assert_eq!(g.sites[i].token.map(|t| (t.built, t.owner)), Some((Built::Capital, s)), "palace I");
    }
    assert!(choosers.len() > 1, "the first chooser is drawn: {choosers:?}");
    let solo = table(1, 3);
    let _scope = solo.content.enter();
    assert_eq!(solo.players[0].capital, Some(solo.board().capitals[0]));
    assert_eq!((solo.first, solo.content.colours[solo.players[0].colour.index()].id.as_str()), (0, "green"));
    assert_eq!(solo.players[0].supply, solo.content.capital_tokens[0].gives, "the \"1\" token's pieces");
}

/// Rulings B2, B3, B4 and B5: a palace goes only where its frame says, on a token its placer built and
/// controls and never on a capital; placing one may be declined; with none left the goal still scores.
#[test]
fn rulings_b2_b3_b4_and_b5_where_palaces_go() {
    let mut g = table(2, 6);
    let s = g.first;
    let o = 1 - s;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    g.era = 2;
    let capital = g.board().hexes[usize::from(g.players[usize::from(s)].capital.expect("a capital"))];
    assert!(g.check_palace(s, 3, capital).is_err(), "not on the capital");
    put_token(&mut g, s, "coffee_plantation", "r1c1");
    put_token(&mut g, o, "coffee_plantation", "r4c5");
    assert_eq!(g.check_palace(s, 5, hex("r1c1")), Ok(()), "palace V on a coffee plantation");
    assert!(g.check_palace(s, 6, hex("r1c1")).is_err(), "palace VI only on a city");
    assert!(g.check_palace(s, 5, hex("r4c5")).is_err(), "not on another's token");
    let occupier = unit_of(&g, o, Ability::None);
    g.set_spot(o, occupier, Spot::Map(at(&g, "r1c1") as u16));
    assert!(g.check_palace(s, 5, hex("r1c1")).is_err(), "not on an occupied token");
    g.set_spot(o, occupier, Spot::Board);
    g.pending.push(Pending::Palace { seat: s });
    let listed = g.legal_actions(usize::from(s));
    assert!(listed.contains(&Action::NoPalace) && listed.contains(&Action::Palace { palace: 5, at: hex("r1c1") }));
    act(&mut g, s, Action::NoPalace);
    // No palace left on the board: the goal is declared and scored, with no palace step.
    g.players[usize::from(s)].palaces = [false; 5];
    let goal = goal_of_era(&g, 1);
    g.players[usize::from(s)].goals = vec![crate::state::Held { goal, done: 0 }];
    for c in g.content.goal(goal).tasks[0].conditions.clone() {
        crate::scenarios::satisfy(&mut g, s, c);
    }
    act(&mut g, s, Action::Declare { goal, task: 0 });
    assert!(!g.pending.iter().any(|p| matches!(p, Pending::Palace { .. })));
    assert_eq!(g.score(s).goals, u32::from(g.content.goal(goal).tasks[0].vp));
}

/// Rulings B7, B10 and B11: the church is era II with the university on its back; a flip only goes to a face
/// whose era has begun; a church built with the Jesuits is not renewed before era III.
#[test]
fn rulings_b7_b10_and_b11_faces_eras_and_the_jesuits_church() {
    let mut g = table(2, 7);
    let s = g.first;
    let _scope = g.content.enter();
    let church = g.content.building_named("church").expect("church");
    let university = g.content.building_named("university").expect("university");
    assert_eq!((g.content.building(church).era, g.content.building(church).other), (2, university));
    assert_eq!(g.content.building(university).era, 3);
    turn_of(&mut g, s);
    put_token(&mut g, s, "mine", "r1c2");
    site(&mut g, "r1c2").token.as_mut().expect("built").pieces = Bag::default();
    give(&mut g, s, Piece::Wood, 1);
    act(&mut g, s, Action::Activate { space: Space::Renew });
    let why = refused(&g, s, &Action::Renew { at: hex("r1c2"), flip: true });
    assert!(why.contains("has not begun"), "{why}");
    assert_eq!(g.check(s, &Action::Renew { at: hex("r1c2"), flip: false }), Ok(()));
    // The Jesuits' church, emptied: no Renew in era II, Renew in era III.
    turn_of(&mut g, s);
    g.era = 2;
    put_token(&mut g, s, "church", "r1c1");
    let i = at(&g, "r1c1");
    let t = g.sites[i].token.as_mut().expect("built");
    t.jesuit = true;
    t.pieces = Bag::default();
    act(&mut g, s, Action::Activate { space: Space::Renew });
    assert!(refused(&g, s, &Action::Renew { at: hex("r1c1"), flip: false }).contains("era III"));
    g.era = 3;
    assert_eq!(g.check(s, &Action::Renew { at: hex("r1c1"), flip: false }), Ok(()));
}

/// Ruling B12: an era-I token parked on Coroados scores 2 VP; an era-II token brings 2 opportunity cards.
#[test]
fn ruling_b12_coroados_takes_used_era_tokens() {
    let mut g = table(2, 8);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let p = usize::from(s);
    grant(&mut g, s, "coroados");
    g.players[p].under[Space::Build.index()] = Some(1);
    g.players[p].under[Space::Craft.index()] = Some(2);
    g.players[p].opportunities.clear();
    let before = g.score(s).bonuses;
    act(&mut g, s, Action::Park { space: Space::Build });
    assert_eq!(g.score(s).bonuses, before + 2);
    act(&mut g, s, Action::Park { space: Space::Craft });
    assert_eq!(g.players[p].opportunities.len(), 2);
    assert_eq!(g.players[p].parked, vec![1, 2]);
}

/// Rulings B14, B16 and B45: in an ordinary attack only the units that move in fight for the attacker; an
/// occupied token fights for nobody, not even its owner winning it back; in an attack from the next hex all
/// of both sides on the two hexes fight, the attacker's token on its own hex included.
#[test]
fn rulings_b14_b16_and_b45_who_fights() {
    let mut g = table(2, 9);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    turn_of(&mut g, a);
    let strength = |g: &Brazil, u| u32::from(g.content.unit(u).strength);
    let general = unit_of(&g, a, Ability::Cities);
    let cannon = unit_of(&g, a, Ability::Adjacent);
    g.set_spot(a, cannon, Spot::Map(at(&g, "r2c3") as u16));
    // d's sawmill at r3c3, held by a's general: d attacks it with one archer; the sawmill counts for nobody.
    put_token(&mut g, d, "sawmill", "r3c3");
    g.set_spot(a, general, Spot::Map(at(&g, "r3c3") as u16));
    let archer = unit_of(&g, d, Ability::None);
    battle_at(&mut g, d, a, "r3c3", vec![archer]);
    assert_eq!(g.strengths_before_cards(), Some([strength(&g, archer), strength(&g, general)]));
    // a's cannon, standing on a's sawmill at r2c3, attacks d's archer at r3c2 from the next hex.
    g.pending.clear();
    put_token(&mut g, a, "sawmill", "r2c3");
    g.set_spot(d, archer, Spot::Map(at(&g, "r3c2") as u16));
    g.pending.push(Pending::Battle(Battle {
        attacker: a,
        defender: Some(d),
        at: at(&g, "r3c2") as u16,
        from: Some(at(&g, "r2c3") as u16),
        units: vec![cannon],
        attack_cards: None,
        defence_cards: None,
    }));
    assert_eq!(g.strengths_before_cards(), Some([strength(&g, cannon) + 1, strength(&g, archer)]));
}

/// Rulings B18 and B19: entering a face-up expedition fights it with every unit there; a win takes the reward
/// and the token leaves the map; a loss costs nothing but the cards.
#[test]
fn rulings_b18_and_b19_expeditions() {
    let mut g = table(2, 10);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let q = at(&g, "r3c1");
    g.sites[q].lying = Some(Lying { find: Some(exploration(&g, "expedition_6")), face_up: true });
    let archer = unit_of(&g, s, Ability::None);
    g.set_spot(s, archer, Spot::Map(at(&g, "r2c1") as u16));
    g.players[usize::from(s)].battle.clear();
    g.stage = Stage::Move;
    act(&mut g, s, Action::Move { unit: archer, to: hex("r3c1"), carry: vec![], extra: false });
    assert!(g.pending.is_empty(), "fought at once, and lost: strength 1 against 6");
    assert_eq!(g.spot(s, archer), Spot::Map(q as u16), "the units stay");
    assert!(g.sites[q].lying.is_some());
    g.sites[q].lying = Some(Lying { find: Some(exploration(&g, "expedition_3")), face_up: true });
    turn_of(&mut g, s);
    let general = unit_of(&g, s, Ability::Cities);
    g.set_spot(s, general, Spot::Map(q as u16));
    g.stage = Stage::Move;
    let science = g.players[usize::from(s)].supply.get(Piece::Science);
    act(&mut g, s, Action::Fight { at: hex("r3c1") });
    assert!(g.sites[q].lying.is_none(), "won: the token leaves the map");
    assert_eq!(g.players[usize::from(s)].supply.get(Piece::Science), science + 1);
}

/// Ruling B20: a hex with a face-down token counts as a field; building there boxes the token unseen.
#[test]
fn ruling_b20_a_face_down_token_is_a_field() {
    let mut g = table(2, 11);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    put_token(&mut g, s, "sawmill", "r2c1");
    let q = at(&g, "r3c1");
    g.sites[q].lying = Some(Lying { find: Some(exploration(&g, "manioc")), face_up: false });
    g.players[usize::from(s)].supply = Bag::default();
    give(&mut g, s, Piece::Wood, 2);
    give(&mut g, s, Piece::Coffee, 1);
    act(&mut g, s, Action::Activate { space: Space::Build });
    let mine = g.content.building_named("mine").expect("mine");
    assert!(
        refused(&g, s, &Action::Build { building: mine, at: hex("r3c1"), alt: false, jesuits: false })
            .contains("cannot stand on")
    );
    let cane = g.content.building_named("cane_field").expect("cane field");
    act(&mut g, s, Action::Build { building: cane, at: hex("r3c1"), alt: false, jesuits: false });
    pay_all(&mut g, s);
    assert!(g.sites[q].lying.is_none() && g.sites[q].token.is_some());
}

/// Ruling B24: a goal of an era not yet begun waits, and a goal is declared only while all it asks holds.
#[test]
fn ruling_b24_when_a_goal_may_be_declared() {
    let mut g = table(2, 12);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let later = g.players[usize::from(s)].goals[1].goal;
    assert_eq!(g.content.goal(later).era, 2);
    assert!(refused(&g, s, &Action::Declare { goal: later, task: 0 }).contains("has not begun"));
    let now = g.players[usize::from(s)].goals[0].goal;
    assert!(refused(&g, s, &Action::Declare { goal: now, task: 0 }).contains("not met"));
}

/// Ruling B26: cities are not limited to the two residences.
#[test]
fn ruling_b26_a_third_city_may_be_founded() {
    let mut g = table(2, 13);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    g.era = 2;
    for (k, h) in ["r1c1", "r2c2"].into_iter().enumerate() {
        let i = at(&g, h);
        let city = crate::content::CityId(7 - k as u8);
        g.sites[i].token =
            Some(Token { built: Built::City(city), owner: s, pieces: Bag::default(), mark: false, jesuit: false });
        g.city_stacks.iter_mut().for_each(|st| st.retain(|&c| c != city));
    }
    let general = unit_of(&g, s, Ability::Cities);
    g.set_spot(s, general, Spot::Map(at(&g, "r4c1") as u16));
    g.players[usize::from(s)].supply = Bag::default();
    give(&mut g, s, Piece::Science, 5);
    act(&mut g, s, Action::Activate { space: Space::Build });
    let city = *g.city_stacks[0].last().expect("a city");
    assert_eq!(g.check(s, &Action::Found { city, at: hex("r4c1") }), Ok(()));
}

/// Ruling B29: a token on Harbor or Market adds 2 when defending, on the other players' turns too, and 1
/// when attacking.
#[test]
fn ruling_b29_the_harbor_bonus_defends_on_others_turns() {
    let mut g = table(2, 14);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    turn_of(&mut g, a);
    g.players[usize::from(d)].token = Some(Space::Harbor);
    g.players[usize::from(a)].token = Some(Space::Market);
    battle_at(&mut g, a, d, "r3c3", vec![]);
    assert_eq!(g.strengths_before_cards(), Some([1, 2]));
}

/// Ruling B30: when a pile is empty, the taker picks which other pile refills the display.
#[test]
fn ruling_b30_an_empty_pile_lets_the_taker_pick() {
    let mut g = table(2, 15);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    g.privilege_piles[0].clear();
    let card = g.display[0].expect("a red card");
    give(&mut g, s, Piece::Gold, 2);
    act(&mut g, s, Action::Activate { space: Space::Obtain });
    act(&mut g, s, Action::Take { card });
    pay_all(&mut g, s);
    assert!(matches!(g.pending.last(), Some(Pending::Refill { slot: 0, .. })), "{:?}", g.pending);
    assert!(g.check(s, &Action::Refill { back: 0 }).is_err(), "not the empty pile");
    let top = *g.privilege_piles[2].last().expect("a blue card");
    act(&mut g, s, Action::Refill { back: 2 });
    assert_eq!(g.display[0], Some(top));
}

/// Ruling B31: Rare species score 1, 3 and 5 for one, two and three or more.
#[test]
fn ruling_b31_rare_species_score_one_three_five() {
    let mut g = table(2, 16);
    let _scope = g.content.enter();
    let rare = exploration(&g, "rare_species");
    let mut seen = Vec::new();
    for _ in 0..4 {
        g.players[0].finds.push(rare);
        seen.push(g.score(0).finds);
    }
    assert_eq!(seen, [1, 3, 5, 5]);
}

/// Rulings B33, B34 and B35: in the solo game a complete era-III card does not end the game; the Dutch
/// capital defends with strength 3 and its units, and is taken only by entering it.
#[test]
fn rulings_b33_b34_and_b35_the_solo_opponent() {
    let mut g = table(1, 17);
    let _scope = g.content.enter();
    let dutch = usize::from(g.board().dutch.expect("a Dutch capital"));
    let defence: u32 = g.units_at(dutch).map(|(_, u)| u32::from(g.content.unit(u).strength)).sum();
    g.pending.push(Pending::Battle(Battle {
        attacker: 0,
        defender: Some(crate::state::DUTCH),
        at: dutch as u16,
        from: None,
        units: vec![],
        attack_cards: None,
        defence_cards: None,
    }));
    assert_eq!(g.strengths_before_cards(), Some([0, defence + 3]));
    g.pending.clear();
    turn_of(&mut g, 0);
    g.era = 3;
    let goal = g.players[0].goals[2].goal;
    g.players[0].goals[2].done = 0b011;
    g.players[0].palaces = [false; 5];
    for c in g.content.goal(goal).tasks[2].conditions.clone() {
        if let crate::content::Condition::Cities(n) = c {
            for k in 0..n {
                let i =
                    (0..g.sites.len()).find(|&i| g.sites[i].token.is_none() && !g.board().is_water(i)).expect("room");
                g.sites[i].token = Some(Token {
                    built: Built::City(crate::content::CityId(k)),
                    owner: 0,
                    pieces: Bag::default(),
                    mark: false,
                    jesuit: false,
                });
            }
        } else {
            crate::scenarios::satisfy(&mut g, 0, c);
        }
    }
    act(&mut g, 0, Action::Declare { goal, task: 2 });
    assert!(!g.last_round && g.outcome().is_none(), "the solo game goes on");
}

/// Ruling B39: a space is activated only if its action can be carried out, except Recruit (a battle card
/// alone) and Market (no exchange).
#[test]
fn ruling_b39_a_space_is_activated_to_act() {
    let mut g = table(2, 18);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    g.players[usize::from(s)].supply = Bag::default();
    g.players[usize::from(s)].opportunities.clear();
    g.players[usize::from(s)].battle.clear();
    for space in [Space::Recruit, Space::Market, Space::Harbor] {
        assert_eq!(g.check(s, &Action::Activate { space }), Ok(()), "{space}");
    }
    for space in [Space::Renew, Space::Craft, Space::Build] {
        assert!(refused(&g, s, &Action::Activate { space }).contains("nothing you could do"), "{space}");
    }
}

/// Ruling B40: recruits go to one's capital or a city one built and controls, and move the same turn.
#[test]
fn ruling_b40_where_recruits_go() {
    let mut g = table(2, 19);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let capital = usize::from(g.players[usize::from(s)].capital.expect("a capital"));
    let unit = *g
        .colour_units(s)
        .iter()
        .find(|&&u| g.content.unit(u).cost.pieces.total() + g.content.unit(u).cost.any <= 1)
        .unwrap_or(&g.colour_units(s)[0]);
    give(&mut g, s, Piece::Gold, 3);
    act(&mut g, s, Action::Activate { space: Space::Recruit });
    let elsewhere = g.board().hexes[usize::from(g.board().neighbours[capital][0])];
    assert!(refused(&g, s, &Action::Recruit { unit, at: elsewhere }).contains("capital or a city"));
    let home = g.board().hexes[capital];
    act(&mut g, s, Action::Recruit { unit, at: home });
    pay_all(&mut g, s);
    while g.stage != Stage::Move {
        act(&mut g, s, Action::Done);
    }
    assert_eq!(g.check(s, &Action::Move { unit, to: elsewhere, carry: vec![], extra: false }), Ok(()));
}

/// Rulings B42 and B62: the carrier takes units from its hex along; on a map with the water rule, water is
/// entered or left only by the main move or Renew's extra move.
#[test]
fn rulings_b42_and_b62_carrying_and_water() {
    let mut g = table(3, 20);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    assert!(g.board().water_rule && g.board().is_water(at(&g, "r3c3")));
    let carrier = unit_of(&g, s, Ability::Carries);
    let general = unit_of(&g, s, Ability::Cities);
    let land = at(&g, "r2c3");
    g.set_spot(s, carrier, Spot::Map(land as u16));
    g.set_spot(s, general, Spot::Map(land as u16));
    put_token(&mut g, s, "sawmill", "r2c4");
    g.stage = Stage::Move;
    // Build's extra move goes onto one's own token, but not out of water.
    g.turn.extra_from = Some(Space::Build);
    act(&mut g, s, Action::Move { unit: carrier, to: hex("r3c3"), carry: vec![general], extra: false });
    assert_eq!(g.spot(s, general), Spot::Map(at(&g, "r3c3") as u16), "carried along");
    assert!(
        refused(&g, s, &Action::Move { unit: carrier, to: hex("r2c4"), carry: vec![], extra: true }).contains("water")
    );
    g.turn.extra_from = Some(Space::Renew);
    assert_eq!(g.check(s, &Action::Move { unit: carrier, to: hex("r2c4"), carry: vec![], extra: true }), Ok(()));
}

/// Rulings B43 and B44: an attack from the next hex needs something of an opponent's there and never goes at
/// a capital; nobody enters an opponent's capital.
#[test]
fn rulings_b43_and_b44_what_may_be_attacked() {
    let mut g = table(2, 21);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    turn_of(&mut g, a);
    let theirs = usize::from(g.players[usize::from(d)].capital.expect("a capital"));
    let next = usize::from(g.board().neighbours[theirs][0]);
    let cannon = unit_of(&g, a, Ability::Adjacent);
    g.set_spot(a, cannon, Spot::Map(next as u16));
    g.stage = Stage::Move;
    let capital = g.board().hexes[theirs];
    assert!(refused(&g, a, &Action::Bombard { unit: cannon, target: capital }).contains("capital"));
    assert!(
        refused(&g, a, &Action::Move { unit: cannon, to: capital, carry: vec![], extra: false }).contains("capital")
    );
    let empty = g.board().neighbours[next]
        .iter()
        .map(|&n| usize::from(n))
        .find(|&n| n != theirs && g.sites[n].token.is_none())
        .expect("an empty hex");
    assert!(refused(&g, a, &Action::Bombard { unit: cannon, target: g.board().hexes[empty] }).contains("nothing"));
}

/// Ruling B45: the occupier may spend the pieces on a captured token; neither side may renew it.
#[test]
fn ruling_b45_a_captured_token() {
    let mut g = table(2, 22);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    put_token(&mut g, d, "sawmill", "r3c3");
    let i = at(&g, "r3c3");
    let general = unit_of(&g, a, Ability::Cities);
    g.set_spot(a, general, Spot::Map(i as u16));
    assert_eq!(g.pool(a).pieces.get(Piece::Wood), g.players[usize::from(a)].supply.get(Piece::Wood) + 2);
    g.sites[i].token.as_mut().expect("built").pieces = Bag::default();
    turn_of(&mut g, d);
    give(&mut g, d, Piece::Wood, 1);
    put_token(&mut g, d, "cane_field", "r4c5");
    site(&mut g, "r4c5").token.as_mut().expect("built").pieces = Bag::default();
    act(&mut g, d, Action::Activate { space: Space::Renew });
    assert!(refused(&g, d, &Action::Renew { at: hex("r3c3"), flip: false }).contains("occupied"));
}

/// Ruling B47: over a limit one takes everything, then gives the excess back before anything else.
#[test]
fn ruling_b47_limits_are_settled_at_once() {
    let mut g = table(2, 23);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    g.players[usize::from(s)].supply = Bag::default();
    give(&mut g, s, Piece::Wood, 5);
    act(&mut g, s, Action::Activate { space: Space::Harbor });
    act(&mut g, s, Action::Gather { piece: Piece::Coffee });
    assert_eq!(g.players[usize::from(s)].supply.total(), 6);
    assert_eq!(
        g.legal_actions(usize::from(s)),
        vec![Action::Return { piece: Piece::Coffee }, Action::Return { piece: Piece::Wood }]
    );
    act(&mut g, s, Action::Return { piece: Piece::Coffee });
    assert_eq!(g.players[usize::from(s)].supply.total(), 5);
}

/// Ruling B48: an empty battle deck is made again from its discards.
#[test]
fn ruling_b48_the_battle_deck_is_reshuffled() {
    let mut g = table(2, 24);
    let s = g.first;
    let _scope = g.content.enter();
    let mut all = std::mem::take(&mut g.battle_deck);
    g.battle_discard.append(&mut all);
    let hand = g.players[usize::from(s)].battle.len();
    g.draw_battle(s, &mut Vec::new());
    assert_eq!(g.players[usize::from(s)].battle.len(), hand + 1);
    assert!(g.battle_discard.is_empty() && !g.battle_deck.is_empty());
}

/// Ruling B49: a space's frame holds one item.
#[test]
fn ruling_b49_one_item_to_a_space() {
    let mut g = table(2, 25);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let square = g.content.items.iter().position(|i| i.shape == crate::content::Shape::Square).expect("square");
    let frame = Space::ALL
        .into_iter()
        .find(|sp| g.content.frames[sp.index()] == Some(crate::content::Shape::Square))
        .expect("a square frame");
    g.players[usize::from(s)].items[square] = Some(crate::state::Frame::Space(frame));
    give(&mut g, s, Piece::Gold, 3);
    act(&mut g, s, Action::Activate { space: Space::Craft });
    let other = (0..g.content.items.len())
        .find(|&k| k != square && g.content.items[k].shape == crate::content::Shape::Square)
        .expect("a second square item");
    let why = refused(
        &g,
        s,
        &Action::Craft { item: crate::content::ItemId(other as u8), on: crate::state::Frame::Space(frame) },
    );
    assert!(why.contains("already holds an item"), "{why}");
}

/// Ruling B53: players tied on VP and on the tie-break share the place.
#[test]
fn ruling_b53_a_tie_is_shared() {
    let mut g = table(2, 26);
    let _scope = g.content.enter();
    for p in &mut g.players {
        p.opportunities.clear();
    }
    g.stage = Stage::Over;
    assert_eq!(g.outcome().map(|o| o.ranks), Some(vec![1, 1]));
}

/// Ruling B54: Pedro I's first recruit of an archer brings a resource of one's choice; Obá II's era-I and
/// era-II goals bring a science and a VP more; Chief Tibiriçá's first build on printed forest brings a
/// resource of one's choice.
#[test]
fn ruling_b54_pedro_i_oba_ii_and_tibirica() {
    let mut g = table(2, 27);
    let s = g.first;
    let _scope = g.content.enter();
    let p = usize::from(s);
    turn_of(&mut g, s);
    g.players[p].colour = colour(&g, "green");
    g.players[p].ruler = Some(ruler(&g, "pedro_i"));
    give(&mut g, s, Piece::Gold, 2);
    act(&mut g, s, Action::Activate { space: Space::Recruit });
    let archer = unit_of(&g, s, Ability::None);
    let capital = g.board().hexes[usize::from(g.players[p].capital.expect("a capital"))];
    act(&mut g, s, Action::Recruit { unit: archer, at: capital });
    pay_all(&mut g, s);
    assert!(matches!(g.pending.last(), Some(Pending::Gain { left: 1, .. })), "{:?}", g.pending);
    // Obá II.
    let mut oba = table(2, 27);
    turn_of(&mut oba, s);
    oba.players[p].ruler = Some(ruler(&oba, "oba_ii"));
    let goal = oba.players[p].goals[0].goal;
    for c in oba.content.goal(goal).tasks[0].conditions.clone() {
        crate::scenarios::satisfy(&mut oba, s, c);
    }
    let science = oba.players[p].supply.get(Piece::Science);
    let bonuses = oba.score(s).bonuses;
    act(&mut oba, s, Action::Declare { goal, task: 0 });
    assert_eq!(oba.players[p].supply.get(Piece::Science), science + 1);
    assert_eq!(oba.score(s).bonuses, bonuses + 1);
    // Tibiriçá: a sawmill on the printed forest beside the capital.
    let mut tib = table(2, 27);
    turn_of(&mut tib, s);
    tib.players[p].ruler = Some(ruler(&tib, "tibirica"));
    let home = usize::from(tib.players[p].capital.expect("a capital"));
    let forest = tib.board().neighbours[home]
        .iter()
        .map(|&n| usize::from(n))
        .find(|&n| tib.board().terrain(n) == Some(crate::content::Terrain::Forest))
        .expect("a forest by the capital");
    tib.players[p].supply = Bag::default();
    give(&mut tib, s, Piece::Sugarcane, 1);
    act(&mut tib, s, Action::Activate { space: Space::Build });
    let sawmill = tib.content.building_named("sawmill").expect("sawmill");
    let forest = tib.board().hexes[forest];
    act(&mut tib, s, Action::Build { building: sawmill, at: forest, alt: false, jesuits: false });
    pay_all(&mut tib, s);
    assert!(matches!(tib.pending.last(), Some(Pending::Gain { left: 1, .. })), "{:?}", tib.pending);
}

/// Ruling B55: with Antônio Camarão each of one's buildings in the battle that touches an unbuilt forest adds
/// 1, and each unbuilt forest beside one's tokens scores 1 at the end.
#[test]
fn ruling_b55_camarao_counts_the_open_forest() {
    let mut g = table(2, 28);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    turn_of(&mut g, a);
    g.players[usize::from(d)].token = None;
    put_token(&mut g, d, "cane_field", "r2c2");
    let beside = |g: &Brazil| g.score(d).bonuses;
    let without = beside(&g);
    battle_at(&mut g, a, d, "r2c2", vec![]);
    let [_, plain] = g.strengths_before_cards().expect("a battle");
    grant(&mut g, d, "antonio_camarao");
    assert_eq!(g.strengths_before_cards(), Some([0, plain + 1]), "r2c2 touches the forests r1c1 and r2c1");
    assert!(beside(&g) > without);
}

/// Ruling B56: Barão de Mauá builds a second building, never a city, for one resource more; the Build
/// discount takes a resource off one Build a turn.
#[test]
fn ruling_b56_maua_and_the_build_discount() {
    let mut g = table(2, 29);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    grant(&mut g, s, "barao_de_maua");
    g.players[usize::from(s)].supply = Bag::default();
    give(&mut g, s, Piece::Wood, 4);
    act(&mut g, s, Action::Activate { space: Space::Build });
    let cane = g.content.building_named("cane_field").expect("cane field");
    let home = usize::from(g.players[usize::from(s)].capital.expect("a capital"));
    let fields: Vec<crate::map::Hex> = g.board().neighbours[home]
        .iter()
        .map(|&n| usize::from(n))
        .filter(|&n| g.board().terrain(n) == Some(crate::content::Terrain::Field))
        .map(|n| g.board().hexes[n])
        .collect();
    act(&mut g, s, Action::Build { building: cane, at: fields[0], alt: false, jesuits: false });
    pay_all(&mut g, s);
    assert_eq!(g.stage, Stage::Work(crate::state::Work::Build { second: true }));
    act(&mut g, s, Action::Build { building: cane, at: fields[1], alt: false, jesuits: false });
    let Some(Pending::Pay { need, .. }) = g.pending.last() else { panic!("a price") };
    assert_eq!((need.pieces.get(Piece::Wood), need.any), (1, 1), "the cane field's wood and one resource more");
    pay_all(&mut g, s);
    // The discount: one wood less on the next Build.
    let mut d = table(2, 29);
    turn_of(&mut d, s);
    grant(&mut d, s, "mestre_de_obras");
    d.players[usize::from(s)].supply = Bag::default();
    assert_eq!(d.check(s, &Action::Activate { space: Space::Build }), Ok(()), "a cane field is free now");
}

/// Ruling B58: Quilombo draws the top goal of the era its finder names.
#[test]
fn ruling_b58_quilombo_draws_the_named_eras_top_goal() {
    let mut g = table(2, 30);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    g.stage = Stage::Move;
    g.pending.push(Pending::Quilombo { seat: s });
    let top = *g.goal_decks[1].last().expect("an era-II goal");
    act(&mut g, s, Action::Quilombo { era: 2 });
    assert_eq!(g.players[usize::from(s)].goals.last().map(|h| h.goal), Some(top));
}

/// Ruling B59: the upgraded Obtain turns a price of exactly 1 gold into 1 resource and makes a price of
/// exactly 1 resource free; other prices stay.
#[test]
fn ruling_b59_the_obtain_upgrade() {
    let mut g = table(2, 31);
    let s = g.first;
    let _scope = g.content.enter();
    let pentagon = g.content.items.iter().position(|i| i.shape == crate::content::Shape::Pentagon).expect("pentagon");
    g.players[usize::from(s)].items[pentagon] = Some(crate::state::Frame::Space(Space::Obtain));
    let cost = |pieces: &[(Piece, u8)], any: u8| {
        let mut b = Bag::default();
        for &(p, n) in pieces {
            b.0[p.index()] = n;
        }
        crate::content::Cost { pieces: b, any }
    };
    let gold = g.obtain_need(s, cost(&[(Piece::Gold, 1)], 0));
    assert_eq!((gold.pieces, gold.any), (Bag::default(), 1));
    assert!(g.obtain_need(s, cost(&[], 1)).is_paid());
    let both = g.obtain_need(s, cost(&[(Piece::Gold, 1)], 1));
    assert_eq!((both.pieces.get(Piece::Gold), both.any), (1, 1));
}

/// Ruling B60: a building may go where one's own units stand, and never beside another player's token.
#[test]
fn ruling_b60_joining_the_empire() {
    let mut g = table(2, 32);
    let s = g.first;
    let o = 1 - s;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    put_token(&mut g, s, "sawmill", "r2c2");
    let general = unit_of(&g, s, Ability::Cities);
    g.set_spot(s, general, Spot::Map(at(&g, "r2c3") as u16));
    put_token(&mut g, o, "sawmill", "r3c3");
    g.players[usize::from(s)].supply = Bag::default();
    give(&mut g, s, Piece::Wood, 2);
    act(&mut g, s, Action::Activate { space: Space::Build });
    let cane = g.content.building_named("cane_field").expect("cane field");
    assert!(
        refused(&g, s, &Action::Build { building: cane, at: hex("r2c3"), alt: false, jesuits: false })
            .contains("touches another player's token")
    );
    site(&mut g, "r3c3").token = None;
    assert_eq!(g.check(s, &Action::Build { building: cane, at: hex("r2c3"), alt: false, jesuits: false }), Ok(()));
}

/// Ruling B61: a token looked at with the era-I token's bonus is shown to that player only.
#[test]
fn ruling_b61_a_peek_is_private() {
    let mut g = table(2, 33);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let q = at(&g, "r3c1");
    g.sites[q].lying = Some(Lying { find: Some(exploration(&g, "manioc")), face_up: false });
    g.stage = Stage::Move;
    g.turn.peek = true;
    act(&mut g, s, Action::Peek { at: hex("r3c1") });
    let mine = g.view(Viewer::Seat(usize::from(s)));
    let theirs = g.view(Viewer::Seat(usize::from(1 - s)));
    assert!(mine.table.sites[q].lying.is_some_and(|l| l.find.is_some()));
    assert!(theirs.table.sites[q].lying.is_some_and(|l| l.find.is_none() && !l.face_up));
}

/// Ruling B63: a multiplayer game still going when round 40 is over ends there.
#[test]
fn ruling_b63_the_round_limit() {
    let mut g = table(2, 34);
    let _scope = g.content.enter();
    let last = (g.first + 1) % 2;
    turn_of(&mut g, last);
    g.round = crate::state::MAX_ROUNDS;
    g.stage = Stage::Move;
    let mut by_card = g.clone();
    act(&mut g, last, Action::End);
    assert_eq!(g.stage, Stage::Over);
    assert!(g.stopped_at_round_limit(), "ended by our limit, not the rules");
    by_card.last_round = true;
    act(&mut by_card, last, Action::End);
    assert!(!by_card.stopped_at_round_limit(), "a complete card ends it by the rules");
}

/// Rulings B64 and B65: an extra-action card is played in the movement phase and activates its space once
/// more without moving the action token; nothing else happens while a space's action is carried out.
#[test]
fn rulings_b64_and_b65_extra_actions_and_what_waits() {
    let mut g = table(2, 35);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    let card = opportunity(&g, "frota_do_brasil");
    g.players[usize::from(s)].opportunities = vec![card];
    assert!(refused(&g, s, &Action::Play { card }).contains("follows your own action"));
    act(&mut g, s, Action::Activate { space: Space::Market });
    let goal = g.players[usize::from(s)].goals[0].goal;
    assert!(g.check(s, &Action::Declare { goal, task: 0 }).is_err(), "not inside an action (B65)");
    act(&mut g, s, Action::Done);
    act(&mut g, s, Action::Play { card });
    assert_eq!(g.stage, Stage::Work(crate::state::Work::Harbor));
    assert_eq!(g.players[usize::from(s)].token, Some(Space::Market), "the token stays on the Market");
}

/// Ruling B66: palace II's free item is the first square item not yet crafted, on the first free square
/// frame.
#[test]
fn ruling_b66_palace_ii_places_the_first_square_item() {
    let mut g = table(2, 36);
    let s = g.first;
    let _scope = g.content.enter();
    turn_of(&mut g, s);
    put_token(&mut g, s, "sawmill", "r1c1");
    g.pending.push(Pending::Palace { seat: s });
    act(&mut g, s, Action::Palace { palace: 2, at: hex("r1c1") });
    let square = g.content.items.iter().position(|i| i.shape == crate::content::Shape::Square).expect("square");
    let frame = Space::ALL.into_iter().find(|sp| g.content.frames[sp.index()] == Some(crate::content::Shape::Square));
    assert_eq!(g.players[usize::from(s)].items[square], frame.map(crate::state::Frame::Space));
}

/// Ruling B67: the rally card adds 1, and its player draws an opportunity card on a loss.
#[test]
fn ruling_b67_rally_consoles_a_loss() {
    let mut g = table(2, 37);
    let a = g.first;
    let d = 1 - a;
    let _scope = g.content.enter();
    turn_of(&mut g, a);
    let archer = unit_of(&g, a, Ability::None);
    g.set_spot(a, archer, Spot::Map(at(&g, "r2c3") as u16));
    let cannon = unit_of(&g, d, Ability::Adjacent);
    g.set_spot(d, cannon, Spot::Map(at(&g, "r3c3") as u16));
    let rally = crate::scenarios::battle_card(&g, |t| matches!(t, crate::content::Tactic::Rally { .. }));
    g.players[usize::from(a)].battle = vec![rally];
    g.players[usize::from(d)].battle.clear();
    g.players[usize::from(a)].opportunities.clear();
    g.stage = Stage::Move;
    act(&mut g, a, Action::Move { unit: archer, to: hex("r3c3"), carry: vec![], extra: false });
    act(&mut g, a, Action::Commit { cards: vec![rally] });
    assert_eq!(g.spot(a, archer), Spot::Supply, "lost");
    assert_eq!(g.players[usize::from(a)].opportunities.len(), 1);
}
