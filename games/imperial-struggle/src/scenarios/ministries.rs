//! The ministry cards (§3.5): the ministry phase (§4.1.7), revealing, and each ability — those used by
//! choice, and those that change a rule where it applies.

use crate::action::Action;
use crate::advantages as adv;
use crate::content::{ApKind, Commodity, Flag, Region, WarId};
use crate::event::Event;
use crate::ministries as m;
use crate::spend::Rule;
use crate::state::{ImperialStruggle, Origin, Phase};
use crate::testkit::*;

const E: ApKind = ApKind::Economic;
const D: ApKind = ApKind::Diplomatic;
const M: ApKind = ApKind::Military;

fn use_it(g: &mut ImperialStruggle, p: crate::content::Power, x: crate::content::Ministry, ability: u8) {
    g.act(p, Action::Ministry { ministry: x, ability });
}

/// A game with `id` face up for `p`.
fn with(p: crate::content::Power, id: &str) -> ImperialStruggle {
    let mut g = game();
    g.give_ministry(p, id, true);
    g
}

// --- The ministry phase (§4.1.7) and revealing (§3.5) -------------------------------------------------------

/// In an era's first round each power picks two ministries of the era, face down, then is done.
#[test]
fn two_face_down_picks_at_an_era_start() {
    // Ruling S17 (ministries).
    let mut g = game();
    assert!(matches!(g.phase(), Phase::Ministries { .. }));
    let picks = g.answers(BR);
    assert!(picks.contains(&Action::PickMinistry(m::ROBERT_WALPOLE)));
    assert!(!picks.contains(&Action::PickMinistry(m::PITT_THE_ELDER)), "an Empire card");
    assert!(!picks.contains(&Action::PickMinistry(m::JOHN_LAW)), "a French card");
    assert!(!picks.contains(&Action::MinistriesDone), "two first");
    g.act(BR, Action::PickMinistry(m::ROBERT_WALPOLE));
    g.act(BR, Action::PickMinistry(m::BANK_OF_ENGLAND));
    assert_eq!(g.answers(BR), vec![Action::MinistriesDone]);
    assert!(g.power(BR).ministries.iter().all(|s| !s.revealed));
    g.act(BR, Action::MinistriesDone);
    g.act(FR, Action::PickMinistry(m::JOHN_LAW));
    g.act(FR, Action::PickMinistry(m::CARDINAL_MINISTERS));
    g.act(FR, Action::MinistriesDone);
    assert!(matches!(g.phase(), Phase::Initiative));
}

/// In an era's second round only face-down ministries may be exchanged.
#[test]
fn face_down_ministries_are_swapped_mid_era() {
    // Ruling S17.
    let mut g = game();
    g.at_turn(2);
    for p in [BR, FR] {
        g.power_mut(p).ministries.clear();
    }
    g.give_ministry(BR, "robert_walpole", true).give_ministry(BR, "bank_of_england", false);
    g.give_ministry(FR, "john_law", true).give_ministry(FR, "cardinal_ministers", true);
    g.begin_ministries(&mut Vec::new());
    let answers = g.answers(BR);
    assert!(answers.contains(&Action::SwapMinistry { out: m::BANK_OF_ENGLAND, into: m::EDMOND_HALLEY }));
    assert!(!answers.iter().any(|a| matches!(a, Action::SwapMinistry { out, .. } if *out == m::ROBERT_WALPOLE)));
    assert!(g.answers(FR).is_empty(), "France has nothing face down: nothing to decide");
    g.act(BR, Action::SwapMinistry { out: m::BANK_OF_ENGLAND, into: m::EDMOND_HALLEY });
    assert!(g.power(BR).slot(m::EDMOND_HALLEY).is_some_and(|s| !s.revealed));
    assert!(g.power(BR).slot(m::BANK_OF_ENGLAND).is_none());
    g.act(BR, Action::MinistriesDone);
    assert!(matches!(g.phase(), Phase::Initiative));
}

/// Each face-down ministry is exchanged at most once a phase ("replace one or both", §4.1.7), so the phase
/// always ends; with both exchanged, "done" is what is left.
#[test]
fn each_face_down_ministry_is_exchanged_once() {
    // Ruling S38 (the ministry phase's exchanges).
    let mut g = game();
    g.at_turn(2);
    for p in [BR, FR] {
        g.power_mut(p).ministries.clear();
    }
    g.give_ministry(BR, "robert_walpole", false).give_ministry(BR, "bank_of_england", false);
    g.give_ministry(FR, "john_law", true).give_ministry(FR, "cardinal_ministers", true);
    g.begin_ministries(&mut Vec::new());
    g.act(BR, Action::SwapMinistry { out: m::BANK_OF_ENGLAND, into: m::EDMOND_HALLEY });
    assert!(
        !g.answers(BR).iter().any(|a| matches!(a, Action::SwapMinistry { out, .. } if *out == m::EDMOND_HALLEY)),
        "the card taken in exchange stays"
    );
    g.act(BR, Action::SwapMinistry { out: m::ROBERT_WALPOLE, into: m::JONATHAN_SWIFT });
    assert_eq!(g.answers(BR), vec![Action::MinistriesDone]);
    // France does not learn which cards Britain took.
    let view = imperia_core::Game::view(&g, imperia_core::Viewer::Seat(FR.seat()));
    assert!(matches!(&view.phase, Phase::Ministries { swapped, .. } if swapped[BR.index()].is_empty()));
}

/// §3.5: a ministry is revealed only in its owner's turn.
#[test]
fn reveal_only_in_your_own_turn() {
    let mut g = with(BR, "robert_walpole");
    g.give_ministry(FR, "john_law", false);
    let e = g.refuse(FR, Action::Reveal(m::JOHN_LAW));
    assert!(e.message.contains("choose two ministries"), "{e}");
    g.turn_with_tile(BR, tile(E, 3, D));
    let e = g.refuse(FR, Action::Reveal(m::JOHN_LAW));
    assert!(e.message.contains("not France's decision"), "{e}");
    g.turn_for(FR);
    g.act(FR, Action::Reveal(m::JOHN_LAW));
    assert!(g.power(FR).has_revealed(m::JOHN_LAW));
}

/// §3.5.2: a face-down ministry does nothing until revealed.
#[test]
fn a_face_down_ministry_cannot_be_used() {
    let mut g = game();
    g.give_ministry(BR, "robert_walpole", false);
    g.turn_for(BR);
    let e = g.refuse(BR, Action::Ministry { ministry: m::ROBERT_WALPOLE, ability: 0 });
    assert!(e.message.contains("reveal"), "{e}");
}

// --- Abilities used by choice -----------------------------------------------------------------------------

/// Robert Walpole: before taking a tile, draw an event and discard one; once a round.
#[test]
fn robert_walpole_draws_then_discards() {
    let mut g = with(BR, "robert_walpole");
    g.turn_for(BR);
    let top = *g.deck.last().expect("a deck");
    use_it(&mut g, BR, m::ROBERT_WALPOLE, 0);
    assert_eq!(g.power(BR).hand.len(), 4);
    assert!(g.power(BR).hand.contains(&top));
    let old = g.power(BR).hand[0];
    g.act(BR, Action::Discard(old));
    assert_eq!(g.power(BR).hand.len(), 3);
    assert_eq!(g.discard.last(), Some(&old));
    let e = g.refuse(BR, Action::Ministry { ministry: m::ROBERT_WALPOLE, ability: 0 });
    assert!(e.message.contains("used this round"), "{e}");
}

/// Bank of England: the debt limit rises by 1 for good.
#[test]
fn bank_of_england_raises_the_limit() {
    let mut g = with(BR, "bank_of_england");
    g.turn_for(BR);
    use_it(&mut g, BR, m::BANK_OF_ENGLAND, 0);
    assert_eq!(g.power(BR).debt_limit, 7);
}

/// Bank of England: an economic event with a tile whose major action is not economic (the event symbol
/// still needed).
#[test]
fn bank_of_england_plays_an_economic_event_off_type() {
    let mut g = with(BR, "bank_of_england");
    g.hand_of(BR, &["tax_reform"]);
    g.power_mut(BR).debt = 2;
    g.turn_with_tile(BR, tile(D, 3, E));
    g.play(BR, "tax_reform");
    assert_eq!(g.power(BR).debt, 0);
    assert!(g.power(BR).slot(m::BANK_OF_ENGLAND).is_some_and(|s| s.exhausted[1] && !s.exhausted[0]));
    let mut g = with(BR, "bank_of_england");
    g.hand_of(BR, &["tax_reform"]);
    g.turn_with_tile(BR, tile(D, 4, E));
    let e = g.refuse(BR, Action::PlayEvent(card("tax_reform")));
    assert!(e.message.contains("no event symbol"), "{e}");
}

/// New World Huguenots: a marker on a French territory in North America or the Caribbean; it makes the
/// territory cost 1 more conquest point, and leaves when the space turns British.
#[test]
fn new_world_huguenots_marker_and_its_conquest_cost() {
    // Ruling S42 (Huguenots markers).
    let mut g = with(FR, "new_world_huguenots");
    g.turn_with_tile(FR, tile(E, 3, D));
    use_it(&mut g, FR, m::NEW_WORLD_HUGUENOTS, 0);
    let offered = g.offered(FR);
    assert!(offered.contains(&"acadia".to_string()) && offered.contains(&"guadeloupe".to_string()));
    assert!(!offered.contains(&"pondicherry".to_string()), "not India");
    let events = g.pick(FR, "acadia");
    assert!(g.board.huguenots.contains(sp("acadia")));
    // The log says where the marker went (issue 13, item 13).
    assert!(events.contains(&Event::Huguenots { space: sp("acadia"), flipped: false }), "{events:?}");
    // The French & Indian War with British Louisbourg next to it: 1 conquest point no longer takes Acadia.
    let mut war = g.clone();
    war.put("louisbourg", Some(BR));
    war.fight_from(WarId::Syw, 2);
    assert!(!war.conquest_targets(BR, 2, 1).contains(sp("acadia")));
    assert!(war.conquest_targets(BR, 2, 2).contains(sp("acadia")));
    war.board.huguenots.remove(sp("acadia"));
    assert!(war.conquest_targets(BR, 2, 1).contains(sp("acadia")));
    g.set_flag(sp("acadia"), Some(Flag::Britain), &mut Vec::new());
    assert!(!g.board.huguenots.contains(sp("acadia")));
}

/// New World Huguenots: a marker may be flipped once a game; the next market of its region costs France 1 less
/// that turn, and the flip is used up by that purchase.
#[test]
fn a_flipped_huguenots_marker_lowers_one_market() {
    // Ruling S42.
    let mut g = game();
    g.board.huguenots.insert(sp("acadia"));
    g.put("gulf_of_st_lawrence", None);
    g.turn_with_tile(FR, tile(E, 4, D));
    assert_eq!(g.influence_price("gulf_of_st_lawrence"), 3);
    let e = g.refuse(BR, Action::FlipHuguenots(sp("acadia")));
    assert!(e.message.contains("not Britain's decision") || e.message.contains("decision"), "{e}");
    g.act(FR, Action::FlipHuguenots(sp("acadia")));
    assert_eq!(g.influence_price("gulf_of_st_lawrence"), 2);
    let e = g.refuse(FR, Action::FlipHuguenots(sp("acadia")));
    assert!(e.message.contains("unflipped"), "{e}");
    g.act(FR, Action::Influence { space: sp("gulf_of_st_lawrence"), pool: 0 });
    assert_eq!(g.points(0), 2, "paid 2");
    assert!(g.active_turn().is_some_and(|t| t.mods.huguenot.is_none()), "used up");
    assert!(g.board.huguenots_spent.contains(sp("acadia")));
}

/// Edmond Halley: a squadron for 2; with a squadron in Europe, a card discarded for a treaty point.
#[test]
fn edmond_halley_both_abilities() {
    let mut g = with(BR, "edmond_halley");
    g.put("biscay", Some(BR));
    g.turn_with_tile(BR, tile(M, 3, E));
    use_it(&mut g, BR, m::EDMOND_HALLEY, 0);
    g.act(BR, Action::BuildSquadron { pool: 0 });
    assert_eq!(g.points(0), 1);
    let card = g.power(BR).hand[0];
    use_it(&mut g, BR, m::EDMOND_HALLEY, 1);
    g.act(BR, Action::Discard(card));
    assert_eq!((g.power(BR).trp, g.power(BR).hand.len()), (1, 2));
    let mut g = with(BR, "edmond_halley");
    g.turn_with_tile(BR, tile(M, 3, E));
    let e = g.refuse(BR, Action::Ministry { ministry: m::EDMOND_HALLEY, ability: 1 });
    assert!(e.message.contains("squadron of yours in Europe"), "{e}");
}

/// Choiseul: 1 military point only for bonus tiles or deploying; a squadron for 2 with a French squadron in
/// North America.
#[test]
fn choiseul_both_abilities() {
    let mut g = with(FR, "choiseul");
    g.turn_with_tile(FR, tile(M, 3, E));
    use_it(&mut g, FR, m::CHOISEUL, 0);
    let pool = g.pool_of(M, Origin::Ministry);
    assert_eq!((g.points(pool as usize), g.pools()[pool as usize].rule), (1, Rule::TilesOrDeploy));
    let e = g.refuse(FR, Action::BuildSquadron { pool });
    assert!(e.message.contains("only on bonus war tiles or deploying"), "{e}");
    g.act(FR, Action::Deploy { from: None, to: sp("biscay"), pool });
    assert_eq!((g.owner_of("biscay"), g.points(pool as usize), g.points(0)), (Some(Flag::France), 0, 3));
    let e = g.refuse(FR, Action::Ministry { ministry: m::CHOISEUL, ability: 1 });
    assert!(e.message.contains("squadron in North America"), "{e}");
    g.put("cabot_strait", Some(FR));
    use_it(&mut g, FR, m::CHOISEUL, 1);
    g.act(FR, Action::BuildSquadron { pool: 0 });
    assert_eq!(g.points(0), 1);
}

/// Pitt the Elder: 1 diplomatic point for political spaces without prestige; a squadron for 2.
#[test]
fn pitt_the_elder_both_abilities() {
    let mut g = with(BR, "pitt_the_elder");
    g.put("sweden", None).put("denmark_norway", None);
    g.turn_with_tile(BR, tile(D, 3, M));
    use_it(&mut g, BR, m::PITT_THE_ELDER, 0);
    let pool = g.pool_of(D, Origin::Ministry);
    let e = g.refuse(BR, Action::Influence { space: sp("sweden"), pool });
    assert!(e.message.contains("without prestige"), "{e}");
    g.act(BR, Action::Influence { space: sp("denmark_norway"), pool });
    assert_eq!((g.owner_of("denmark_norway"), g.points(0)), (Some(Flag::Britain), 2));
    let mut g = with(BR, "pitt_the_elder");
    g.turn_with_tile(BR, tile(M, 3, E));
    use_it(&mut g, BR, m::PITT_THE_ELDER, 1);
    g.act(BR, Action::BuildSquadron { pool: 0 });
    assert_eq!(g.points(0), 1);
}

/// Charles Hanbury Williams: French spaces in Prussia, the German States and Russia cost 1 less to unflag.
#[test]
fn hanbury_williams_discount() {
    let mut g = with(BR, "charles_hanbury_williams");
    g.put("prussia_2", Some(FR)).put("russia", Some(FR)).put("german_states_1", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    use_it(&mut g, BR, m::CHARLES_HANBURY_WILLIAMS, 0);
    assert_eq!((g.influence_price("prussia_2"), g.influence_price("russia")), (2, 2));
    assert_eq!(g.influence_price("bavaria"), 3, "not Bavaria");
    assert_eq!(g.influence_price("german_states_1"), 2, "flagging is not unflagging");
}

/// Townshend Acts: a commodity of this round's demand; minor actions may unflag its markets without a
/// conflict marker.
#[test]
fn townshend_acts_minor_action_unflags() {
    let mut g = with(BR, "townshend_acts");
    g.demand = vec![Commodity::Spice, Commodity::Tobacco, Commodity::Sugar];
    let mut plain = g.clone();
    g.turn_with_tile(BR, tile(D, 3, E));
    use_it(&mut g, BR, m::TOWNSHEND_ACTS, 0);
    g.act(BR, Action::Choose(2));
    assert_eq!(g.power(BR).townshend, Some(Commodity::Sugar));
    g.act(BR, Action::Influence { space: sp("martinique"), pool: 1 });
    assert_eq!(g.owner_of("martinique"), None);
    plain.turn_with_tile(BR, tile(D, 3, E));
    let e = plain.refuse(BR, Action::Influence { space: sp("martinique"), pool: 1 });
    assert!(e.message.contains("conflict marker"), "{e}");
}

/// Townshend Acts names its commodity at the start of a turn, not after points are spent.
#[test]
fn townshend_acts_at_the_start_of_a_turn() {
    // Ruling S41 (Townshend Acts' marker).
    let mut g = with(BR, "townshend_acts");
    g.demand = vec![Commodity::Spice, Commodity::Tobacco, Commodity::Sugar];
    g.put("sardinia", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.act(BR, Action::Influence { space: sp("sardinia"), pool: 0 });
    let e = g.refuse(BR, Action::Ministry { ministry: m::TOWNSHEND_ACTS, ability: 0 });
    assert!(e.message.contains("start of a turn"), "{e}");
}

/// Papacy-Hanover Negotiations: revealing it takes Jacobite Uprisings out of the game; its points shift
/// Scotland and Ireland only.
#[test]
fn papacy_hanover_removes_the_jacobites() {
    let mut g = game();
    g.give_ministry(BR, "papacy_hanover_negotiations", false);
    g.give_ministry(FR, "jacobite_uprisings", true);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.act(BR, Action::Reveal(m::PAPACY_HANOVER_NEGOTIATIONS));
    assert!(g.power(FR).slot(m::JACOBITE_UPRISINGS).is_none());
    assert!(g.jacobites.removed);
    assert!(!g.eligible_ministries(FR).contains(&m::JACOBITE_UPRISINGS));
    use_it(&mut g, BR, m::PAPACY_HANOVER_NEGOTIATIONS, 0);
    let pool = g.pool_of(D, Origin::Ministry);
    assert_eq!(g.pools()[pool as usize].rule, Rule::In(crate::spend::Countries::ScotlandIreland));
    g.act(BR, Action::Influence { space: sp("scotland_1"), pool });
    assert_eq!((g.owner_of("scotland_1"), g.points(0)), (Some(Flag::Britain), 3));
}

/// Jacobite Uprisings, first ability: military points shift Scotland and Ireland at their diplomatic cost;
/// the second ability is then refused this turn.
#[test]
fn jacobite_uprisings_military_points_shift_scotland() {
    let mut g = with(FR, "jacobite_uprisings");
    g.turn_with_tile(FR, tile(M, 3, E));
    g.act(FR, Action::Influence { space: sp("scotland_1"), pool: 0 });
    assert_eq!((g.owner_of("scotland_1"), g.points(0)), (Some(Flag::France), 1));
    g.act(FR, Action::Borrow { pool: 0 });
    g.act(FR, Action::Borrow { pool: 0 });
    let e = g.refuse(FR, Action::JacobiteVp { pool: 0 });
    assert!(e.message.contains("different turns"), "{e}");
    // A British flag comes off only with the major action.
    let mut g = with(FR, "jacobite_uprisings");
    g.put("scotland_2", Some(BR));
    g.turn_with_tile(FR, tile(E, 3, M));
    let e = g.refuse(FR, Action::Influence { space: sp("scotland_2"), pool: 1 });
    assert!(e.message.contains("conflict marker"), "{e}");
}

/// Jacobite Uprisings, second ability: 3 military points score 1 VP per French space in Scotland and
/// Ireland and per Jacobite victory, at most 4.
#[test]
fn jacobite_uprisings_vp() {
    let mut g = with(FR, "jacobite_uprisings");
    g.put("scotland_1", Some(FR)).put("ireland_2", Some(FR));
    g.jacobites.victories = 1;
    g.turn_with_tile(FR, tile(M, 3, E));
    g.act(FR, Action::JacobiteVp { pool: 0 });
    assert_eq!(g.vp(), 19, "Ireland 1 and 2, Scotland 1 and the victory");
    let mut g = with(FR, "jacobite_uprisings");
    g.put("scotland_1", Some(FR)).put("scotland_2", Some(FR)).put("ireland_2", Some(FR));
    g.jacobites.victories = 1;
    g.turn_with_tile(FR, tile(M, 3, E));
    g.act(FR, Action::JacobiteVp { pool: 0 });
    assert_eq!(g.vp(), 19, "five, at most 4");
}

/// The Cardinal Ministers: at the start of a turn with a diplomatic action, a point for each of Savoy,
/// Sardinia and the prestige spaces of Spain and Austria held, at most 3.
#[test]
fn cardinal_ministers_points() {
    let mut g = with(FR, "cardinal_ministers");
    g.put("savoy", Some(FR)).put("sardinia", Some(FR)).put("spain_2", Some(FR));
    g.turn_with_tile(FR, tile(D, 3, E));
    use_it(&mut g, FR, m::CARDINAL_MINISTERS, 0);
    assert_eq!(g.points(0), 6, "3 and at most 3");
    let mut g = with(FR, "cardinal_ministers");
    g.put("savoy", Some(FR));
    g.turn_with_tile(FR, tile(E, 3, D));
    use_it(&mut g, FR, m::CARDINAL_MINISTERS, 0);
    assert_eq!(g.points(1), 2 + 2, "the minor's 2, Savoy and Austria's prestige space");
    let mut g = with(FR, "cardinal_ministers");
    g.put("savoy", Some(FR)).put("sardinia", None);
    g.turn_with_tile(FR, tile(D, 3, E));
    g.act(FR, Action::Influence { space: sp("sardinia"), pool: 0 });
    let e = g.refuse(FR, Action::Ministry { ministry: m::CARDINAL_MINISTERS, ability: 0 });
    assert!(e.message.contains("start of a turn"), "{e}");
}

/// The Marquis de Condorcet: an event with a tile that has no event symbol, once a round.
#[test]
fn condorcet_plays_without_the_event_symbol() {
    let mut g = with(FR, "marquis_de_condorcet");
    g.hand_of(FR, &["wealth_of_nations", "jonathans_coffee_house"]);
    g.power_mut(FR).debt = 2;
    g.turn_with_tile(FR, tile(E, 4, D));
    g.play(FR, "wealth_of_nations");
    assert_eq!(g.power(FR).debt, 0);
    g.turn_with_tile(FR, tile(E, 4, D));
    let e = g.refuse(FR, Action::PlayEvent(card("jonathans_coffee_house")));
    assert!(e.message.contains("no event symbol"), "{e}");
}

// --- Abilities that change a rule ---------------------------------------------------------------------------

/// John Law: at the end of the round France's debt falls by 1, or 2 with a space in Scotland.
#[test]
fn john_law_at_round_end() {
    for (scotland, debt) in [(false, 2), (true, 1)] {
        let mut g = with(FR, "john_law");
        g.quiet_scoring();
        g.power_mut(FR).debt = 3;
        if scotland {
            g.put("scotland_2", Some(FR));
        }
        g.end_round();
        assert_eq!(g.power(FR).debt, debt);
    }
}

/// The award won in Europe, as scored with a 1-VP tile, France holding more there unless `britain`.
fn europe_award(g: &mut ImperialStruggle, britain: bool) -> (u8, u8) {
    g.quiet_scoring();
    g.awards.current[Region::Europe.index()] = Some(2);
    let ids = ["sweden", "russia", "prussia_1", "prussia_2", "denmark_norway"];
    for id in ids {
        g.put(id, Some(if britain { BR } else { FR }));
    }
    let events = g.end_round();
    events
        .iter()
        .find_map(|e| match e {
            crate::event::Event::AwardWon { region: Region::Europe, vp, trp, .. } => Some((*vp, *trp)),
            _ => None,
        })
        .expect("Europe is won")
}

/// Court of the Sun King: the Europe award gives France 1 VP more.
#[test]
fn court_of_the_sun_king_on_the_europe_award() {
    assert_eq!(europe_award(&mut game(), false), (1, 0));
    assert_eq!(europe_award(&mut with(FR, "court_of_the_sun_king"), false), (2, 0));
    assert_eq!(europe_award(&mut with(FR, "court_of_the_sun_king"), true), (1, 0));
}

/// Samuel Johnson: 1 VP more when Britain wins Europe, 1 less (never below 0) when France does.
#[test]
fn samuel_johnson_on_the_europe_award() {
    assert_eq!(europe_award(&mut with(BR, "samuel_johnson"), true), (2, 0));
    assert_eq!(europe_award(&mut with(BR, "samuel_johnson"), false), (0, 0));
}

/// Voltaire: a treaty point per country of several spaces where France holds a prestige space (at most 3),
/// whoever wins Europe.
#[test]
fn voltaire_on_the_europe_award() {
    let mut g = with(FR, "voltaire");
    g.power_mut(FR).trp = 0;
    g.put("ireland_2", Some(FR)).put("scotland_2", Some(FR)).put("dutch_republic_2", Some(FR)).put("spain_2", Some(FR));
    europe_award(&mut g, true);
    assert_eq!(g.power(FR).trp, 3);
    let mut g = with(FR, "voltaire");
    g.power_mut(FR).trp = 0;
    g.put("austria_4", Some(FR)).put("sweden", Some(FR));
    europe_award(&mut g, true);
    assert_eq!(g.power(FR).trp, 1, "Austria; Sweden is a country of one space");
}

/// Dupleix: the India award and the cotton and spice demands give France 1 treaty point more.
#[test]
fn dupleix_on_the_india_award_and_cotton() {
    let mut g = with(FR, "dupleix");
    g.quiet_scoring();
    g.awards.current[Region::India.index()] = Some(2);
    g.demand = vec![Commodity::Cotton];
    g.put("nizam", Some(FR)).put("mysore", Some(FR));
    let events = g.end_round();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, crate::event::Event::AwardWon { region: Region::India, power: FR, vp: 1, trp: 1 }))
    );
    // India 0 + 1, cotton (Plassey and Karaikal against Midnapore) 1 + 1.
    assert_eq!(g.power(FR).trp, 3);
}

/// East India Company: 1 VP per unexhausted Textiles, Silk, Fruit, Fur Trade and Rum held, at most 3.
#[test]
fn east_india_company_scores_trade_advantages() {
    let vp_after = |eic: bool, exhaust: bool| {
        let mut g = game();
        if eic {
            g.give_ministry(BR, "east_india_company", true);
        }
        g.quiet_scoring();
        g.put("tiruchirappalli", Some(BR)).put("west_bengal", Some(BR)).put("puerto_rico", Some(BR));
        g.put("san_agustin", Some(BR));
        g.update_advantages(&mut Vec::new());
        if exhaust {
            g.exhaust(adv::SILK).exhaust(adv::RUM);
        }
        g.end_round();
        g.vp()
    };
    assert_eq!(vp_after(false, false) - vp_after(true, false), 3, "four held, at most 3");
    assert_eq!(vp_after(false, true) - vp_after(true, true), 2, "two exhausted");
}

/// Pompadour & Du Barry: the first advantage in Europe France exhausts each turn gives a treaty point.
#[test]
fn pompadour_first_europe_advantage() {
    let mut g = with(FR, "pompadour_and_du_barry");
    g.put("denmark_norway", Some(FR)).put("prussia_1", Some(FR));
    g.power_mut(FR).debt = 2;
    g.turn_with_tile(FR, tile(E, 3, D));
    let trp = g.power(FR).trp;
    g.act(FR, Action::Advantage(adv::ALGONQUIN_RAIDS));
    g.pick(FR, "hudson_valley");
    assert_eq!(g.power(FR).trp, trp, "not in Europe");
    g.act(FR, Action::Advantage(adv::BALTIC_TRADE));
    assert_eq!(g.power(FR).trp, trp + 1);
}

/// James Watt: forced debt beyond Britain's limit scores France nothing; France's first advantage each turn
/// gives Britain a treaty point.
#[test]
fn james_watt_both_halves() {
    for (watt, vp) in [(false, 17), (true, 15)] {
        let mut g = game();
        if watt {
            g.give_ministry(BR, "james_watt", true);
        }
        g.power_mut(BR).debt = 5;
        g.force_debt(BR, 3, &mut Vec::new());
        assert_eq!((g.power(BR).debt, g.vp()), (6, vp));
    }
    let mut g = with(BR, "james_watt");
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Advantage(adv::ALGONQUIN_RAIDS));
    g.pick(FR, "hudson_valley");
    assert_eq!(g.power(BR).trp, 1);
}

/// Merchant Banks: the first 2 debt each round for economic points cost nothing, even at the limit.
#[test]
fn merchant_banks_two_free_debts() {
    // Ruling S39 (Merchant Banks).
    let mut g = with(BR, "merchant_banks");
    g.power_mut(BR).debt = 6;
    g.turn_with_tile(BR, tile(E, 3, D));
    let e = g.refuse(BR, Action::Borrow { pool: 1 });
    assert!(e.message.contains("debt limit"), "diplomatic points: {e}");
    g.act(BR, Action::Borrow { pool: 0 });
    g.act(BR, Action::Borrow { pool: 0 });
    assert_eq!((g.power(BR).debt, g.points(0)), (6, 5));
    let e = g.refuse(BR, Action::Borrow { pool: 0 });
    assert!(e.message.contains("debt limit"), "{e}");
}

/// Turgot: France's first debt each turn gives an extra point while it has more available debt.
#[test]
fn turgot_first_debt() {
    let mut g = with(FR, "turgot");
    g.power_mut(BR).debt = 2;
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Borrow { pool: 0 });
    g.act(FR, Action::Borrow { pool: 0 });
    assert_eq!((g.power(FR).debt, g.points(0)), (2, 3 + 3));
    let mut g = with(FR, "turgot");
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Borrow { pool: 0 });
    assert_eq!(g.points(0), 4, "equal available debt: no extra");
}

/// North American Trade: with more furs and fish markets than Britain, economic actions gain a point.
#[test]
fn north_american_trade() {
    let mut g = with(FR, "north_american_trade");
    g.put("ile_aux_noix", Some(FR)).put("niagara", Some(FR)).put("gulf_of_st_lawrence", Some(FR));
    g.turn_with_tile(FR, tile(E, 3, D));
    assert_eq!((g.points(0), g.points(1)), (4, 2));
    g.turn_with_tile(FR, tile(D, 3, E));
    assert_eq!((g.points(0), g.points(1)), (3, 3));
    let mut g = with(FR, "north_american_trade");
    g.turn_with_tile(FR, tile(E, 3, D));
    assert_eq!(g.points(0), 3, "1 against 2: no gain");
}

/// Lavoisier: an event's bonus adds a point to the tile's major and minor actions.
#[test]
fn lavoisier_on_a_bonus() {
    // Lavoisier's own Scholarship gives Wealth of Nations its bonus (3 economic points).
    let mut g = with(FR, "lavoisier");
    g.hand_of(FR, &["wealth_of_nations"]);
    g.turn_with_tile(FR, tile(E, 3, D));
    g.play(FR, "wealth_of_nations");
    assert_eq!((g.points(0), g.points(1)), (3 + 3 + 1, 3));
    // Jonathan's Coffee-House needs Finance: no bonus, no point.
    let mut g = with(FR, "lavoisier");
    g.hand_of(FR, &["jonathans_coffee_house"]);
    g.turn_with_tile(FR, tile(E, 3, D));
    g.play(FR, "jonathans_coffee_house");
    assert_eq!((g.points(0), g.points(1)), (3 + 2, 2));
}

/// Jonathan Swift: Ireland and Scotland cost 1 less to flag; with an Irish space, minor diplomatic actions
/// may unflag French spaces in Europe.
#[test]
fn jonathan_swift_needs_an_unmarked_irish_space() {
    // Ruling S35.
    let mut g = with(BR, "jonathan_swift");
    g.put("ireland_1", Some(BR)).mark("ireland_1").put("sweden", Some(FR));
    g.turn_with_tile(BR, tile(E, 3, D));
    let e = g.refuse(BR, Action::Influence { space: sp("sweden"), pool: 1 });
    assert!(e.message.contains("conflict marker"), "{e}");
}

#[test]
fn jonathan_swift_both_halves() {
    let mut g = with(BR, "jonathan_swift");
    g.put("scotland_1", None).put("ireland_1", Some(FR)).put("sweden", Some(FR));
    g.turn_with_tile(BR, tile(E, 3, D));
    assert_eq!((g.influence_price("scotland_1"), g.influence_price("ireland_1")), (1, 2));
    let e = g.refuse(BR, Action::Influence { space: sp("sweden"), pool: 1 });
    assert!(e.message.contains("conflict marker"), "no Irish space yet: {e}");
    g.put("ireland_2", Some(BR));
    g.turn_with_tile(BR, tile(E, 3, D));
    g.act(BR, Action::Influence { space: sp("sweden"), pool: 1 });
    assert_eq!(g.owner_of("sweden"), None);
}

/// Edmund Burke: a diplomatic major action kept in Europe gains a point per Irish space; Sons of Liberty
/// costs 1 less.
#[test]
fn edmund_burke() {
    // Ruling S41 (Edmund Burke's points).
    let mut g = with(BR, "edmund_burke");
    g.at_turn(7);
    g.put("ireland_1", Some(BR)).put("ireland_2", Some(BR)).put("sardinia", None).put("iroquois", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    assert_eq!(g.total(D), 3 + 2);
    assert_eq!(g.influence_price("sons_of_liberty"), 2);
    g.act(BR, Action::Influence { space: sp("iroquois"), pool: 0 });
    assert_eq!(g.total(D), 1, "the major went outside Europe: Burke's points are gone");
}
