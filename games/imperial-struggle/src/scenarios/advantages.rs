//! The advantage tiles (§8): control follows the board (§8.1), the limits on use (§8.2), and each kind of
//! effect.

use crate::action::Action;
use crate::advantages as adv;
use crate::content::{ApKind, Flag};
use crate::state::Origin;
use crate::testkit::*;

const E: ApKind = ApKind::Economic;
const D: ApKind = ApKind::Diplomatic;
const M: ApKind = ApKind::Military;

/// §8.1: the tile comes with the last of its spaces and goes with the first lost, keeping its exhaustion;
/// §8.2: it is not used in the turn it was taken.
#[test]
fn an_advantage_follows_control() {
    // Ruling S33 (advantages follow control).
    let mut g = game();
    g.put("denmark_norway", Some(BR)).put("prussia_1", None);
    g.power_mut(BR).debt = 3;
    g.turn_with_tile(BR, tile(D, 3, E));
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), None);
    g.act(BR, Action::Influence { space: sp("prussia_1"), pool: 0 });
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), Some(BR));
    let e = g.refuse(BR, Action::Advantage(adv::BALTIC_TRADE));
    assert!(e.message.contains("taken this turn"), "{e}");
    g.turn_with_tile(BR, tile(E, 3, D));
    g.act(BR, Action::Advantage(adv::BALTIC_TRADE));
    assert_eq!(g.power(BR).debt, 1);
    // France takes Prussia's flag off: the tile goes back, exhausted.
    g.turn_with_tile(FR, tile(D, 3, E));
    g.act(FR, Action::Influence { space: sp("prussia_1"), pool: 0 });
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), None);
    assert!(g.is_exhausted(adv::BALTIC_TRADE));
}

/// §8.1: a conflict marker on one of its spaces stops its use, though the holder keeps it.
#[test]
fn a_conflict_marker_blocks_use() {
    let mut g = game();
    g.put("denmark_norway", Some(BR)).put("prussia_1", Some(BR));
    g.power_mut(BR).debt = 3;
    g.turn_with_tile(BR, tile(E, 3, D));
    g.mark("prussia_1");
    let e = g.refuse(BR, Action::Advantage(adv::BALTIC_TRADE));
    assert!(e.message.contains("conflict marker"), "{e}");
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), Some(BR));
}

/// §3.8, §8.1: no advantage is gained through a space with a conflict marker; removing the marker lets it
/// be taken.
#[test]
fn a_conflict_marker_blocks_gaining() {
    // Ruling S33.
    let mut g = game();
    g.put("denmark_norway", Some(BR)).put("prussia_1", None).mark("denmark_norway");
    g.turn_with_tile(BR, tile(D, 3, M));
    g.act(BR, Action::Influence { space: sp("prussia_1"), pool: 0 });
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), None);
    g.act(BR, Action::RemoveConflict { space: sp("denmark_norway"), pool: 1 });
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), Some(BR));
}

/// §8.2: two advantages a turn at most, and not two in one region.
#[test]
fn two_a_turn_not_two_in_a_region() {
    let mut g = game();
    // Britain holds Baltic Trade and Central Europe Conflict (Europe), Wheat (North America) and Rum
    // (the Caribbean).
    g.put("denmark_norway", Some(BR)).put("prussia_1", Some(BR)).put("bavaria", Some(BR));
    g.put("puerto_rico", Some(BR));
    g.power_mut(BR).debt = 3;
    g.turn_with_tile(BR, tile(E, 3, D));
    for a in [adv::BALTIC_TRADE, adv::CENTRAL_EUROPE_CONFLICT, adv::WHEAT, adv::RUM] {
        assert_eq!(g.held_advantage(a), Some(BR));
    }
    g.act(BR, Action::Advantage(adv::BALTIC_TRADE));
    let e = g.refuse(BR, Action::Advantage(adv::CENTRAL_EUROPE_CONFLICT));
    assert!(e.message.contains("not two in one region"), "{e}");
    g.act(BR, Action::UnflagWith { advantage: adv::RUM, space: sp("martinique"), pool: 0 });
    let e = g.refuse(BR, Action::UnflagWith { advantage: adv::WHEAT, space: sp("cataraqui"), pool: 0 });
    assert!(e.message.contains("at most two"), "{e}");
}

/// An exhausted advantage waits for the next round's reset.
#[test]
fn once_a_round() {
    let mut g = game();
    g.put("denmark_norway", Some(BR)).put("prussia_1", Some(BR));
    g.power_mut(BR).debt = 4;
    g.turn_with_tile(BR, tile(E, 3, D));
    g.act(BR, Action::Advantage(adv::BALTIC_TRADE));
    g.turn_with_tile(BR, tile(E, 3, D));
    let e = g.refuse(BR, Action::Advantage(adv::BALTIC_TRADE));
    assert!(e.message.contains("used this round"), "{e}");
    g.begin_peace_round(&mut Vec::new());
    assert!(!g.is_exhausted(adv::BALTIC_TRADE));
}

/// Baltic Trade: debt −2.
#[test]
fn baltic_trade() {
    let mut g = game();
    g.put("denmark_norway", Some(FR)).put("prussia_1", Some(FR));
    g.power_mut(FR).debt = 3;
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Advantage(adv::BALTIC_TRADE));
    assert_eq!(g.power(FR).debt, 1);
    assert_eq!(g.points(0), 3, "no points spent");
}

/// Central Europe Conflict: a conflict marker on an alliance space in Europe.
#[test]
fn central_europe_conflict() {
    // Ruling S37 (Central Europe Conflict).
    let mut g = game();
    g.put("german_states_2", Some(FR)).put("bavaria", Some(FR));
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Advantage(adv::CENTRAL_EUROPE_CONFLICT));
    let offered = g.offered(FR);
    assert!(offered.contains(&"austria_1".to_string()) && offered.contains(&"spain_1".to_string()));
    assert!(!offered.contains(&"spain_2".to_string()), "not an alliance space");
    g.pick(FR, "austria_1");
    assert!(g.marked("austria_1"));
}

/// Letters of Marque: a marker on an unprotected Caribbean market.
#[test]
fn letters_of_marque_unprotected_only() {
    let mut g = game();
    g.put("privateers", Some(FR)).put("antilles_channel", Some(BR));
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Advantage(adv::LETTERS_OF_MARQUE));
    let offered = g.offered(FR);
    assert!(!offered.contains(&"st_lucia".to_string()), "protected by the squadron");
    assert!(offered.contains(&"georgia".to_string()) && offered.contains(&"havana".to_string()));
    g.pick(FR, "georgia");
    assert!(g.marked("georgia"));
}

/// German Diplomacy: unflagging Russia, Sweden or Bavaria costs 1 in all (before increases), once. The
/// tile is used with the unflag it pays for, in one action (§8.2).
#[test]
fn german_diplomacy_sets_the_cost_to_one() {
    // Ruling S34.
    let mut g = game();
    g.at_turn(3);
    g.put("prussia_4", Some(BR)).put("russia", Some(FR)).put("sweden", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    assert_eq!(g.influence_price("bavaria"), 3);
    let sweden = g.refuse(BR, Action::UnflagWith { advantage: adv::GERMAN_DIPLOMACY, space: sp("sweden"), pool: 0 });
    assert!(sweden.message.contains("does not lower the cost of unflagging Sweden"), "empty: {sweden}");
    g.act(BR, Action::UnflagWith { advantage: adv::GERMAN_DIPLOMACY, space: sp("bavaria"), pool: 0 });
    assert_eq!((g.owner_of("bavaria"), g.points(0)), (None, 2));
    assert!(g.is_exhausted(adv::GERMAN_DIPLOMACY));
    assert_eq!(g.influence_price("russia"), 3, "once");
}

/// Wheat: unflagging a North American market costs 1 less.
#[test]
fn wheat_one_less() {
    // Ruling S34.
    let mut g = game();
    g.put("albany", Some(BR)).put("ile_aux_noix", Some(FR)).put("oswego", None);
    g.turn_with_tile(BR, tile(E, 3, D));
    assert_eq!(g.influence_price("ile_aux_noix"), 3);
    g.act(BR, Action::UnflagWith { advantage: adv::WHEAT, space: sp("ile_aux_noix"), pool: 0 });
    assert_eq!((g.owner_of("ile_aux_noix"), g.points(0)), (None, 1));
}

/// Issue 13, item 3. A cost advantage is one paid action (§8.2: "pay 1 point to unflag …"), never a discount
/// taken on its own: using one with nothing bought was a way to earn Pompadour & Du Barry's treaty point
/// (or Britain's against James Watt) for nothing.
#[test]
fn a_cost_advantage_is_used_only_with_its_unflag() {
    // Ruling S34 (advantages that change a cost).
    let mut g = game();
    g.at_turn(3);
    g.give_ministry(FR, "pompadour_and_du_barry", true);
    g.put("prussia_4", Some(FR)).put("bavaria", Some(BR));
    g.turn_with_tile(FR, tile(E, 3, M)); // no diplomatic point to pay with
    assert_eq!(g.held_advantage(adv::GERMAN_DIPLOMACY), Some(FR));
    let trp = g.power(FR).trp;
    let alone = g.refuse(FR, Action::Advantage(adv::GERMAN_DIPLOMACY));
    assert!(alone.message.contains("used together with the unflag it pays for"), "{alone}");
    let unpaid = g.refuse(FR, Action::UnflagWith { advantage: adv::GERMAN_DIPLOMACY, space: sp("bavaria"), pool: 0 });
    assert!(unpaid.message.contains("needs diplomatic points"), "{unpaid}");
    assert!(!g.answers(FR).iter().any(|a| matches!(a, Action::Advantage(adv::GERMAN_DIPLOMACY))));
    assert_eq!((g.power(FR).trp, g.is_exhausted(adv::GERMAN_DIPLOMACY)), (trp, false));
}

/// Naval Bastion: for 1 point of a major military action, an enemy squadron goes home.
#[test]
fn naval_bastion() {
    let mut g = game();
    g.put("gibraltar", Some(BR)).put("biscay", Some(FR));
    let mut minor = g.clone();
    let boxed = g.power(FR).navy_box;
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::Advantage(adv::NAVAL_BASTION));
    assert_eq!(g.points(0), 2);
    g.pick(BR, "biscay");
    assert_eq!((g.owner_of("biscay"), g.power(FR).navy_box), (None, boxed + 1));
    minor.turn_with_tile(BR, tile(E, 3, M));
    let e = minor.refuse(BR, Action::Advantage(adv::NAVAL_BASTION));
    assert!(e.message.contains("nothing to act on"), "{e}");
}

/// Issue 13, item 7: Naval Bastion's "1 military point" may come from an event's military points, not only
/// from the major action.
#[test]
fn naval_bastion_paid_with_event_points() {
    // Ruling S26 (Naval Bastion).
    let mut g = game();
    g.put("gibraltar", Some(BR)).put("biscay", Some(FR));
    g.turn_with_pools(BR, &[(ApKind::Economic, 3, Origin::Major), (ApKind::Military, 1, Origin::Event)]);
    g.act(BR, Action::Advantage(adv::NAVAL_BASTION));
    assert_eq!(g.points(1), 0, "the event's point paid");
    g.pick(BR, "biscay");
    assert_eq!(g.owner_of("biscay"), None);
}

/// Slaving Contracts: a squadron for 2 military points.
#[test]
fn slaving_contracts() {
    let mut g = game();
    g.put("asiento", Some(FR));
    g.turn_with_tile(FR, tile(M, 3, E));
    g.act(FR, Action::Advantage(adv::SLAVING_CONTRACTS));
    g.act(FR, Action::BuildSquadron { pool: 0 });
    assert_eq!(g.points(0), 1);
    assert_eq!(g.owner_of("asiento"), Some(Flag::France));
}
