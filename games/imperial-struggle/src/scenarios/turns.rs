//! The rules of a power's turn (§5, §6, §9) that the golden tests leave out: passing, the minor action's
//! limits, squadrons, forts, bonus tiles, debt and treaty points, isolation and the change of region.

use std::sync::Arc;

use crate::action::Action;
use crate::content::{ApKind, Flag};
use crate::state::Phase;
use crate::testkit::*;

const E: ApKind = ApKind::Economic;
const D: ApKind = ApKind::Diplomatic;
const M: ApKind = ApKind::Military;

fn influence(id: &str, pool: u8) -> Action {
    Action::Influence { space: sp(id), pool }
}

fn active(g: &crate::state::ImperialStruggle) -> Option<crate::content::Power> {
    match g.phase() {
        Phase::Actions(t) => Some(t.active),
        _ => None,
    }
}

// --- Passing (§5.1, §6.2) -----------------------------------------------------------------------------------

/// Passing comes right after the tile and takes 1 or 2 off the debt; the turn ends.
#[test]
fn passing_reduces_debt_by_one_or_two() {
    // Ruling S20 (passing).
    let mut g = game();
    g.power_mut(BR).debt = 3;
    g.turn_with_tile(BR, tile(E, 3, D));
    let e = g.refuse(BR, Action::Pass { reduce: 0 });
    assert!(e.message.contains("by 1 or 2"), "{e}");
    let e = g.refuse(BR, Action::Pass { reduce: 3 });
    assert!(e.message.contains("by 1 or 2"), "{e}");
    g.act(BR, Action::Pass { reduce: 2 });
    assert_eq!(g.power(BR).debt, 1);
    assert_eq!(active(&g), Some(FR), "the turn is over");
    let mut g = game();
    g.power_mut(BR).debt = 3;
    g.turn_with_tile(BR, tile(E, 3, D));
    g.act(BR, Action::Pass { reduce: 1 });
    assert_eq!(g.power(BR).debt, 2);
}

#[test]
fn passing_only_right_after_the_tile() {
    let mut g = game();
    g.turn_for(BR);
    let e = g.refuse(BR, Action::Pass { reduce: 0 });
    assert!(e.message.contains("take an investment tile first"), "{e}");
    g.put("sardinia", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.act(BR, influence("sardinia", 0));
    let e = g.refuse(BR, Action::Pass { reduce: 0 });
    assert!(e.message.contains("only right after taking the tile"), "{e}");
}

/// §5.1 game note: a ministry used before the tile is taken leaves the pass open — the pass forfeits what the
/// tile gives, and nothing had been done with it.
#[test]
fn passing_after_a_ministry_used_before_the_tile() {
    // Ruling S20.
    let mut g = game();
    g.give_ministry(BR, "robert_walpole", true);
    g.power_mut(BR).debt = 2;
    g.turn_for(BR);
    g.act(BR, Action::Ministry { ministry: crate::ministries::ROBERT_WALPOLE, ability: 0 });
    let card = g.power(BR).hand[0];
    g.act(BR, Action::Discard(card));
    let t = tile(E, 3, D);
    if !g.investments.display.contains(&t) {
        g.investments.display.push(t);
    }
    g.act(BR, Action::TakeTile(t));
    g.act(BR, Action::Pass { reduce: 2 });
    assert_eq!((g.power(BR).debt, active(&g)), (0, Some(FR)));
}

// --- The minor action (§5.3.2) -------------------------------------------------------------------------------

/// A minor action buys one thing; what is left of it is lost.
#[test]
fn a_minor_action_buys_one_thing() {
    // Ruling S27 (the minor action).
    let mut g = game();
    g.put("georges_bank", None).mark("georges_bank").put("cumberland", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.act(BR, influence("georges_bank", 1));
    assert_eq!(g.owner_of("georges_bank"), Some(Flag::Britain));
    assert!(g.pools()[1].closed && g.points(1) == 0, "1 point left, and lost");
    let e = g.refuse(BR, influence("cumberland", 1));
    assert!(e.message.contains("already bought its one thing"), "{e}");
}

/// A minor action takes an enemy flag off only where a conflict marker stands.
#[test]
fn a_minor_action_unflags_only_a_marked_space() {
    // Ruling S27.
    let mut g = game();
    g.turn_with_tile(BR, tile(D, 3, E));
    let e = g.refuse(BR, influence("martinique", 1));
    assert!(e.message.contains("only from a space with a conflict marker"), "{e}");
    g.mark("martinique");
    g.act(BR, influence("martinique", 1));
    assert_eq!(g.owner_of("martinique"), None);
}

/// A minor action never displaces a squadron, nor takes a fort.
#[test]
fn a_minor_action_displaces_no_squadron() {
    // Ruling S27.
    let mut g = game();
    g.put("biscay", Some(FR));
    g.turn_with_tile(BR, tile(E, 3, M));
    g.act(BR, Action::Borrow { pool: 1 });
    let e = g.refuse(BR, Action::Deploy { from: None, to: sp("biscay"), pool: 1 });
    assert!(e.message.contains("cannot take an enemy fort or squadron"), "{e}");
    g.act(BR, Action::Deploy { from: None, to: sp("balearic"), pool: 1 });
    assert_eq!(g.owner_of("balearic"), Some(Flag::Britain));
}

// --- Squadrons (§3.6, §5.6.5, §5.6.6) -------------------------------------------------------------------------

/// Eight squadrons at most, the navy box counted.
#[test]
fn eight_squadrons_counting_the_navy_box() {
    // Ruling S28 (squadrons).
    let mut g = game();
    g.power_mut(BR).navy_box = 6;
    g.put("biscay", Some(BR));
    g.turn_with_tile(BR, tile(M, 4, E));
    g.act(BR, Action::BuildSquadron { pool: 0 });
    assert_eq!(g.power(BR).navy_box, 7);
    g.act(BR, Action::Borrow { pool: 0 });
    g.act(BR, Action::Borrow { pool: 0 });
    g.act(BR, Action::Borrow { pool: 0 });
    g.act(BR, Action::Borrow { pool: 0 });
    let e = g.refuse(BR, Action::BuildSquadron { pool: 0 });
    assert!(e.message.contains("8 at most"), "{e}");
}

/// Each squadron is deployed once a turn; a displaced one goes home.
#[test]
fn each_squadron_deploys_once_a_turn() {
    let mut g = game();
    g.put("cabot_strait", Some(FR));
    g.turn_with_tile(BR, tile(M, 4, E));
    g.act(BR, Action::Deploy { from: None, to: sp("biscay"), pool: 0 });
    let e = g.refuse(BR, Action::Deploy { from: Some(sp("biscay")), to: sp("balearic"), pool: 0 });
    assert!(e.message.contains("once a turn"), "{e}");
    let boxed = g.power(FR).navy_box;
    g.act(BR, Action::Deploy { from: None, to: sp("cabot_strait"), pool: 0 });
    assert_eq!((g.owner_of("cabot_strait"), g.power(FR).navy_box, g.points(0)), (Some(Flag::Britain), boxed + 1, 0));
}

// --- Forts (§5.6.3, §5.6.4) ---------------------------------------------------------------------------------

/// A fort is built only next to a market, territory or naval space held since the start of the turn.
#[test]
fn fort_building_needs_a_footing_from_the_start_of_the_turn() {
    // Ruling S29 (forts).
    let mut g = game();
    g.put("kurpa", None).put("vellore", None);
    g.turn_with_tile(BR, tile(E, 3, M));
    g.act(BR, influence("kurpa", 0));
    let e = g.refuse(BR, Action::BuildFort { space: sp("arcot"), pool: 1 });
    assert!(e.message.contains("since the start of your turn"), "{e}");
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::BuildFort { space: sp("arcot"), pool: 0 });
    assert_eq!((g.owner_of("arcot"), g.points(0)), (Some(Flag::Britain), 1));
}

/// A damaged enemy fort is taken for its cost + 1, with the major action only; an undamaged one never.
#[test]
fn taking_a_damaged_enemy_fort() {
    let mut g = game();
    g.put("arcot", Some(FR)).put("kurpa", Some(BR));
    g.turn_with_tile(BR, tile(M, 3, E));
    let e = g.refuse(BR, Action::TakeFort { space: sp("arcot"), pool: 0 });
    assert!(e.message.contains("not a damaged enemy fort"), "{e}");
    g.board.damaged.insert(sp("arcot"));
    g.turn_with_tile(BR, tile(E, 3, M));
    g.act(BR, Action::Borrow { pool: 1 });
    let e = g.refuse(BR, Action::TakeFort { space: sp("arcot"), pool: 1 });
    assert!(e.message.contains("minor action"), "{e}");
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::TakeFort { space: sp("arcot"), pool: 0 });
    assert_eq!(g.owner_of("arcot"), Some(Flag::Britain));
    assert!(!g.board.damaged.contains(sp("arcot")));
    assert_eq!(g.points(0), 0, "Arcot costs 2, and 1 more");
}

// --- Bonus war tiles (§5.6.1) ----------------------------------------------------------------------------

/// Two bonus tiles a turn at most.
#[test]
fn two_bonus_tiles_a_turn() {
    let mut g = game();
    g.turn_with_tile(BR, tile(M, 4, E));
    for t in 0..2 {
        g.act(BR, Action::BuyBonusTile { pool: 0 });
        g.act(BR, Action::Theatre(t));
    }
    g.act(BR, Action::Borrow { pool: 0 });
    g.act(BR, Action::Borrow { pool: 0 });
    let e = g.refuse(BR, Action::BuyBonusTile { pool: 0 });
    assert!(e.message.contains("at most two"), "{e}");
}

/// Two of a power's tiles a theatre: a third moves one of the older ones to a theatre with room; with every
/// theatre full, no purchase.
#[test]
fn two_a_theatre_and_moving_one_out() {
    let mut g = game();
    let mut full = Vec::new();
    for t in 0..3 {
        for _ in 0..2 {
            let x = Arc::make_mut(&mut g.power_mut(BR).bonus_pool).pop().expect("tile");
            g.war_mut().theatres[t][BR.index()].bonus.push(x);
            full.push(x);
        }
    }
    g.turn_with_tile(BR, tile(M, 4, E));
    g.act(BR, Action::BuyBonusTile { pool: 0 });
    let drawn = match g.tasks.front() {
        Some(crate::tasks::Task::PlaceBonus { tile, .. }) => *tile,
        other => panic!("a tile to place: {other:?}"),
    };
    g.act(BR, Action::Theatre(1));
    let older = g.war.theatres[1][BR.index()].bonus[0];
    assert!(!g.answers(BR).contains(&Action::BonusTile(drawn)), "the new tile stays");
    g.act(BR, Action::BonusTile(older));
    assert_eq!(g.answers(BR), vec![Action::Theatre(3)], "the only theatre with room");
    g.act(BR, Action::Theatre(3));
    assert!(g.war.theatres[1][BR.index()].bonus.contains(&drawn));
    assert_eq!(g.war.theatres[3][BR.index()].bonus, vec![older]);
    g.act(BR, Action::BuyBonusTile { pool: 0 });
    g.act(BR, Action::Theatre(3));
    g.turn_with_tile(BR, tile(M, 4, E));
    let e = g.refuse(BR, Action::BuyBonusTile { pool: 0 });
    assert!(e.message.contains("every theatre already holds two"), "{e}");
}

// --- Debt (§6) and treaty points (§9) -----------------------------------------------------------------------

/// Debt taken by choice stops at the limit; debt forced beyond it scores the opponent a VP a point.
#[test]
fn the_debt_limit() {
    let mut g = game();
    g.power_mut(FR).debt = 5;
    g.turn_with_tile(FR, tile(E, 3, D));
    g.act(FR, Action::Borrow { pool: 0 });
    let e = g.refuse(FR, Action::Borrow { pool: 0 });
    assert!(e.message.contains("debt limit"), "{e}");
    let mut g = game();
    g.power_mut(FR).debt = 5;
    g.hand_of(BR, &["salon_d_hercule"]);
    g.give_ministry(BR, "jonathan_swift", true);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "salon_d_hercule");
    assert_eq!((g.power(FR).debt, g.vp()), (6, 13), "1 taken, 2 beyond the limit");
}

/// §9.2: treaty points above 4 are lost at the end of the round, before scoring.
#[test]
fn treaty_points_capped_at_4() {
    // Ruling S19 (treaty points above 4).
    let mut g = game();
    g.quiet_scoring();
    g.power_mut(BR).trp = 6;
    g.power_mut(FR).trp = 3;
    g.end_round();
    assert_eq!((g.power(BR).trp, g.power(FR).trp), (4, 3));
}

// --- Isolation and region changes (§5.4.1, §5.3.4) -----------------------------------------------------------

/// Isolation is taken at the start of the turn: a market cut off during the turn keeps its price until the
/// next turn.
#[test]
fn isolation_is_taken_at_the_start_of_the_turn() {
    // Ruling S24 (isolation).
    let mut g = game();
    // Niagara is joined to Québec only through Cataraqui.
    g.put("niagara", Some(FR)).put("allegheny", None).put("oswego", None).put("ile_aux_noix", None);
    g.turn_with_tile(BR, tile(E, 3, D));
    assert_eq!(g.influence_price("niagara"), 2);
    let mut events = Vec::new();
    g.set_flag(sp("cataraqui"), None, &mut events);
    assert!(g.isolated_markets(FR).contains(sp("niagara")));
    assert_eq!(g.influence_price("niagara"), 2, "not isolated at the start of this turn");
    g.turn_with_tile(BR, tile(E, 3, D));
    assert_eq!(g.influence_price("niagara"), 1);
}

/// §5.3.4 as the reference guide (p. 7) reads it: 1 for each region beyond the first that a kind of points
/// acts in this turn — for economic and diplomatic points separately, never military. Going back to a region
/// already visited costs nothing more (issue 13, item 1: Europe → North America → Europe costs 1, not 2).
#[test]
fn regions_beyond_the_first_by_kind() {
    // Ruling S22 (the region change).
    let mut g = game();
    g.put("sardinia", None).put("iroquois", None).put("georges_bank", None).put("savoy", None);
    g.turn_with_tile(BR, tile(D, 4, E));
    g.act(BR, influence("sardinia", 0));
    // Economic points spent in North America: their first region, no charge.
    g.act(BR, influence("georges_bank", 1));
    assert_eq!(g.owner_of("georges_bank"), Some(Flag::Britain));
    // Diplomacy moves from Europe to North America: 2 + 1.
    let e = g.refuse(BR, influence("iroquois", 0));
    assert!(e.message.contains("costs 3"), "{e}");
    g.act(BR, Action::Borrow { pool: 0 });
    g.act(BR, influence("iroquois", 0));
    assert_eq!((g.owner_of("iroquois"), g.points(0)), (Some(Flag::Britain), 0));
    // Back to Europe, a region already visited: Savoy's 2, nothing more.
    g.power_mut(BR).trp = 3;
    g.act(BR, Action::Treaty { pool: 0 });
    let e = g.refuse(BR, influence("savoy", 0));
    assert!(e.message.contains("costs 2 diplomatic points"), "{e}");
    g.act(BR, Action::Treaty { pool: 0 });
    g.act(BR, influence("savoy", 0));
    assert_eq!((g.owner_of("savoy"), g.points(0)), (Some(Flag::Britain), 0));
    // Military points pay no such charge.
    let mut g = game();
    g.power_mut(BR).navy_box = 3;
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::Deploy { from: None, to: sp("biscay"), pool: 0 });
    g.act(BR, Action::Deploy { from: None, to: sp("cabot_strait"), pool: 0 });
    g.act(BR, Action::Deploy { from: None, to: sp("hooghly_river"), pool: 0 });
    assert_eq!(g.points(0), 0);
}

/// §5.6.6: a squadron moved from another naval space onto an enemy one costs 2 (3 from the navy box).
#[test]
fn a_squadron_moved_onto_an_enemy_one_costs_2() {
    let mut g = game();
    g.put("biscay", Some(BR)).put("balearic", Some(FR));
    let boxed = g.power(FR).navy_box;
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::Deploy { from: Some(sp("biscay")), to: sp("balearic"), pool: 0 });
    assert_eq!((g.owner_of("biscay"), g.owner_of("balearic")), (None, Some(Flag::Britain)));
    assert_eq!((g.points(0), g.power(FR).navy_box), (1, boxed + 1));
}

/// §5.6.4: repairing your own damaged fort costs 1 less than building it.
#[test]
fn repairing_your_own_fort() {
    let mut g = game();
    g.put("louisbourg", Some(BR));
    g.board.damaged.insert(sp("louisbourg"));
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::RepairFort { space: sp("louisbourg"), pool: 0 });
    assert!(!g.board.damaged.contains(sp("louisbourg")));
    assert_eq!((g.owner_of("louisbourg"), g.points(0)), (Some(Flag::Britain), 1));
}

/// §4.1.8: from round 2 the marker's side of 15 gives the initiative; at 15 it stays where it was.
#[test]
fn the_initiative_follows_the_marker() {
    for (vp, holder) in [(14, FR), (16, BR), (15, FR)] {
        let mut g = game();
        g.at_turn(2).set_vp(vp);
        g.begin_initiative(&mut Vec::new());
        assert_eq!(g.initiative, holder, "at {vp}");
        assert!(g.answers(holder).contains(&Action::GoFirst(holder.opponent())));
    }
}

/// §5.6.1: in round 6, 2 military points buy 1 economic or diplomatic point — one kind a turn, and no debt
/// or treaty point added to them.
#[test]
fn round_6_conversion() {
    // Ruling S31 (round 6 conversion).
    let mut g = game();
    g.at_turn(9);
    g.power_mut(BR).trp = 2;
    g.turn_with_tile(BR, tile(M, 4, E));
    g.act(BR, Action::Convert { pool: 0, into: D });
    let converted = g.pool_of(D, crate::state::Origin::Converted);
    assert_eq!((g.points(0), g.points(converted as usize)), (2, 1));
    let e = g.refuse(BR, Action::Convert { pool: 0, into: E });
    assert!(e.message.contains("one kind a turn"), "{e}");
    let e = g.refuse(BR, Action::Treaty { pool: converted });
    assert!(e.message.contains("major, minor or event points"), "{e}");
    let e = g.refuse(BR, Action::BuyBonusTile { pool: 0 });
    assert!(e.message.contains("no war left"), "{e}");
}

/// Issue 13, item 8. §4.1.6: in the deal both powers set cards aside at once — either may act while the
/// other has not finished — and each sees only how many the other has set aside, not which, until both
/// keep their hands.
#[test]
fn the_deal_sets_cards_aside_at_once_and_in_secret() {
    // Ruling S15 (the deal).
    use imperia_core::{Game, ToAct, Viewer};
    let mut g = game();
    g.phase = Phase::Deal { aside: [Vec::new(), Vec::new()], done: [false, false] };
    g.hand_of(BR, &["tropical_diseases", "war_of_jenkins_ear", "native_american_alliances", "acts_of_union"]);
    g.hand_of(FR, &["great_northern_war", "alberonis_ambition", "calico_acts", "tax_reform"]);
    assert_eq!(g.to_act(), ToAct::Seats(vec![BR.seat(), FR.seat()]), "both at once");
    g.act(FR, Action::SetAside(card("calico_acts")));
    assert_eq!(g.to_act(), ToAct::Seats(vec![BR.seat(), FR.seat()]), "Britain need not wait for France");
    let britain = g.view(Viewer::Seat(BR.seat()));
    assert_eq!(britain.aside_count, [0, 1]);
    let Phase::Deal { aside, .. } = &britain.phase else { panic!("the deal") };
    assert!(aside[FR.index()].is_empty(), "which card France set aside is France's secret");
    g.act(BR, Action::SetAside(card("acts_of_union")));
    g.act(BR, Action::KeepHand);
    g.act(FR, Action::KeepHand);
    assert!(!matches!(g.phase(), Phase::Deal { .. }), "the deal is over once both keep their hands");
}

/// Issue 13, item 8. §4.1.3: an era's first round shuffles the eight award tiles and lays four, one a
/// region; its second round lays the other four.
#[test]
fn awards_are_laid_four_and_then_the_other_four() {
    // Ruling S12 (awards).
    let mut g = game();
    let first: Vec<u8> = g.awards.current.iter().map(|a| a.expect("an award in each region")).collect();
    let left = g.awards.stack.clone();
    assert_eq!(left.len(), 4);
    g.at_turn(2); // round 2
    g.begin_peace_round(&mut Vec::new());
    let mut second: Vec<u8> = g.awards.current.iter().map(|a| a.expect("an award in each region")).collect();
    second.sort_unstable();
    assert_eq!(second, left, "the second round lays the four left");
    let mut all: Vec<u8> = first.into_iter().chain(second).collect();
    all.sort_unstable();
    assert_eq!(all, (0..8).collect::<Vec<u8>>(), "the eight, each once");
}

/// Ruling S32: §5.5.3 draws an event for 3 diplomatic points only «если в ней есть карты».
#[test]
fn drawing_an_event_needs_a_card_in_the_deck() {
    let mut g = game();
    g.turn_with_tile(BR, tile(D, 3, E));
    assert!(imperia_core::Game::legal_actions(&g, BR.seat()).contains(&Action::DrawEvent { pool: 0 }));
    g.deck.clear();
    assert!(!imperia_core::Game::legal_actions(&g, BR.seat()).contains(&Action::DrawEvent { pool: 0 }));
    let e = g.refuse(BR, Action::DrawEvent { pool: 0 });
    assert!(e.message.contains("the event deck is empty"), "{e}");
}

/// Ruling S25: §3.8.2 takes a conflict marker off when a space goes from empty to flagged or back; a flag
/// changed outright, never empty, keeps it.
#[test]
fn a_direct_flip_keeps_a_conflict_marker() {
    let mut g = game();
    g.put("georges_bank", Some(FR)).mark("georges_bank");
    g.set_flag(sp("georges_bank"), Some(Flag::Britain), &mut Vec::new());
    assert!(g.board.conflict.contains(sp("georges_bank")), "flipped: the marker stays");
    g.set_flag(sp("georges_bank"), None, &mut Vec::new());
    assert!(!g.board.conflict.contains(sp("georges_bank")), "emptied: the marker goes");
}

/// Ruling S16: round 5 takes every Succession card out of the deck, the discard and both hands (§4.1.1), so
/// the redraw of §4.1.6 never has one to replace.
#[test]
fn round_5_removes_every_succession_card() {
    use crate::content::Era;
    let mut g = game();
    let succession: Vec<_> = (0..g.content.cards.len())
        .map(|i| crate::content::Card(i as u8))
        .filter(|&c| g.content.card(c).era == Era::Succession)
        .collect();
    g.deck = succession[..5].to_vec();
    g.discard = succession[5..8].to_vec();
    g.powers[BR.index()].hand = succession[8..10].to_vec();
    g.at_turn(7); // round 5
    g.begin_peace_round(&mut Vec::new());
    let held = g.deck.iter().chain(&g.discard).chain(&g.powers[BR.index()].hand).chain(&g.powers[FR.index()].hand);
    assert!(held.into_iter().all(|&c| g.content.card(c).era != Era::Succession));
    assert!(succession[..10].iter().all(|c| g.removed.contains(c)));
}

/// Ruling S13: the three demand tiles are scored in the table's order (§4.1.12 «сверху вниз»), whatever
/// order they were drawn in.
#[test]
fn demand_is_scored_in_the_tables_order() {
    use crate::content::Commodity;
    let mut g = game();
    for round in [1, 2, 3] {
        g.at_turn(2 * round - 1);
        g.begin_peace_round(&mut Vec::new());
        let places: Vec<usize> =
            g.demand.iter().map(|c| Commodity::ALL.iter().position(|x| x == c).expect("a commodity")).collect();
        assert_eq!(places.len(), 3);
        assert!(places.windows(2).all(|w| w[0] < w[1]), "round {round}: {:?}", g.demand);
    }
}
