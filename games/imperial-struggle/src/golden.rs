//! Golden tests: every worked example of the rulebook (seed 000), rebuilt and played through the engine,
//! with the figures the rulebook prints.

use std::sync::Arc;

use imperia_core::Game;

use crate::action::Action;
use crate::content::{ApKind, Flag, WarId};
use crate::event::Event;
use crate::tasks::Task;
use crate::testkit::*;

const E: ApKind = ApKind::Economic;
const D: ApKind = ApKind::Diplomatic;
const M: ApKind = ApKind::Military;

fn influence(id: &str, pool: u8) -> Action {
    Action::Influence { space: sp(id), pool }
}

/// §5.4.2, «Пример»: Britain flags Antigua for 2, takes a debt, and unflags Cumberland in another region:
/// the conflict marker makes it 1 and the change of region adds 1.
#[test]
fn economic_costs_and_a_change_of_region() {
    // Ruling S22.
    // Cumberland's French flag is joined by French markets to Québec (not isolated, so full price).
    let position = |g: &mut crate::state::ImperialStruggle| {
        g.put("antigua", None).put("cumberland", Some(FR)).put("allegheny", Some(FR)).put("niagara", Some(FR));
    };
    let mut g = game();
    position(&mut g);
    g.mark("cumberland");
    g.turn_with_tile(BR, tile(E, 3, D));
    assert!(!g.isolated_markets(FR).contains(sp("cumberland")));
    assert_eq!(g.influence_price("antigua"), 2);
    g.act(BR, influence("antigua", 0));
    assert_eq!((g.owner_of("antigua"), g.points(0)), (Some(Flag::Britain), 1));
    // One point is not enough for Cumberland once the region changes: 1 (marker) + 1 (region).
    let e = g.refuse(BR, influence("cumberland", 0));
    assert!(e.message.contains("costs 2"), "{e}");
    g.act(BR, Action::Borrow { pool: 0 });
    assert_eq!((g.power(BR).debt, g.points(0)), (1, 2));
    g.act(BR, influence("cumberland", 0));
    assert_eq!((g.owner_of("cumberland"), g.points(0)), (None, 0));
    // The marker comes off when the flag does (§3.8.2); without it the same purchase would cost 3.
    assert!(!g.marked("cumberland"));
    let mut h = game();
    position(&mut h);
    h.turn_with_tile(BR, tile(E, 3, D));
    h.act(BR, influence("antigua", 0));
    h.act(BR, Action::Borrow { pool: 0 });
    let e = h.refuse(BR, influence("cumberland", 0));
    assert!(e.message.contains("costs 3"), "{e}");
}

/// §5.5.2, «Пример»: France spends 4 diplomatic points to unflag and flag Denmark-Norway (2 + 2), then 2
/// treaty points to flag Sardinia; no change of region.
#[test]
fn diplomacy_twice_on_one_space_and_treaty_points() {
    let mut g = game();
    g.put("denmark_norway", Some(BR)).put("sardinia", None);
    g.power_mut(FR).trp = 2;
    g.turn_with_tile(FR, tile(D, 4, E));
    g.act(FR, influence("denmark_norway", 0));
    assert_eq!(g.owner_of("denmark_norway"), None);
    g.act(FR, influence("denmark_norway", 0));
    assert_eq!((g.owner_of("denmark_norway"), g.points(0)), (Some(Flag::France), 0));
    g.act(FR, Action::Treaty { pool: 0 });
    g.act(FR, Action::Treaty { pool: 0 });
    assert_eq!((g.power(FR).trp, g.points(0)), (0, 2));
    g.act(FR, influence("sardinia", 0));
    assert_eq!((g.owner_of("sardinia"), g.points(0)), (Some(Flag::France), 0));
}

/// §5.5.2, «Пример 2»: West African Gold's economic point plus a treaty point unflag Vellore; Power Struggle
/// marks Tiruchirappalli; 3 diplomatic points and a treaty point seize Nizam; the minor action's 2 economic
/// points unflag the marked Tiruchirappalli, where the marker makes 1 and the French fort at Vandavasi adds
/// 1; the marker leaves with the flag.
#[test]
fn an_event_an_advantage_and_a_minor_action_in_india() {
    let mut g = game();
    g.put("vellore", Some(FR))
        .put("mysore", Some(BR))
        .put("tiruchirappalli", Some(FR))
        .put("vandavasi", Some(FR))
        .put("nizam", Some(FR))
        .put("kanchipuram", Some(BR));
    g.power_mut(BR).trp = 2;
    g.hand_of(BR, &["west_african_gold_mining"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    let card = shipped().card_by_id("west_african_gold_mining").expect("card");
    assert!(!g.bonus_applies(BR, card), "the example plays it without its bonus");
    g.act(BR, Action::PlayEvent(card));
    let event_pool =
        g.pools().iter().position(|p| p.kind == E && p.origin == crate::state::Origin::Event).expect("event points")
            as u8;
    assert_eq!(g.points(event_pool as usize), 1);
    g.act(BR, Action::Treaty { pool: event_pool });
    g.act(BR, influence("vellore", event_pool));
    assert_eq!(g.owner_of("vellore"), None);
    g.act(BR, Action::Advantage(crate::advantages::POWER_STRUGGLE));
    g.act(BR, Action::Pick(sp("tiruchirappalli")));
    assert!(g.marked("tiruchirappalli"));
    g.act(BR, Action::Treaty { pool: 0 });
    g.act(BR, influence("nizam", 0));
    g.act(BR, influence("nizam", 0));
    assert_eq!((g.owner_of("nizam"), g.points(0)), (Some(Flag::Britain), 0));
    assert_eq!(g.influence_price("tiruchirappalli"), 2);
    g.act(BR, influence("tiruchirappalli", 1));
    assert_eq!(g.owner_of("tiruchirappalli"), None);
    assert!(!g.marked("tiruchirappalli"));
}

/// §5.6.6, «Пример 1»: two markers on protected French spaces cost 1 each, a squadron deploys to an empty
/// naval space for 1, and the minor diplomatic action flags the Algonquins with no charge for the region —
/// the kind of points changed.
#[test]
fn military_costs_and_no_region_charge_across_kinds() {
    // Ruling S22.
    let mut g = game();
    g.put("karaikal", Some(FR))
        .mark("karaikal")
        .put("vandavasi", Some(FR))
        .put("malacca_route", Some(FR))
        .mark("malacca_route")
        .put("hooghly_river", Some(FR))
        .put("malabar_coast", None)
        .put("algonquin", None);
    g.power_mut(FR).navy_box = 1;
    g.turn_with_tile(FR, tile(M, 3, D));
    g.act(FR, Action::RemoveConflict { space: sp("karaikal"), pool: 0 });
    g.act(FR, Action::RemoveConflict { space: sp("malacca_route"), pool: 0 });
    assert_eq!(g.points(0), 1);
    g.act(FR, Action::Deploy { from: None, to: sp("malabar_coast"), pool: 0 });
    assert_eq!((g.owner_of("malabar_coast"), g.points(0)), (Some(Flag::France), 0));
    g.act(FR, influence("algonquin", 1));
    assert_eq!(g.owner_of("algonquin"), Some(Flag::France));
}

/// §5.6.6, «Пример 2»: Britain upgrades its Central Europe tile and removes the old one from the game, buys
/// Savoy Defects (+2) for Central Europe, takes 3 debt and deploys from the navy box onto a French squadron
/// for 3, which goes back to France's navy box.
#[test]
fn upgrade_bonus_tile_and_a_squadron_onto_the_enemy() {
    // Ruling S30 (the military upgrade).
    let mut g = game();
    // Britain's Central Europe tile is a −1: the one it dislikes.
    let old = 4u8;
    let current = g.war_mut().theatres[0][BR.index()].basic.pop().expect("a basic tile on Central Europe");
    let pool = Arc::make_mut(&mut g.power_mut(BR).basic_pool);
    pool.push(current);
    let at = pool.iter().position(|&k| k == old).expect("a −1 tile in the pool");
    pool.remove(at);
    g.war_mut().theatres[0][BR.index()].basic = vec![old];
    let savoy = shipped().bonus_tiles.iter().position(|b| b.name == "Savoy Defects").expect("tile") as u16;
    g.power_mut(BR).bonus_pool = Arc::new(vec![savoy]);
    g.put("biscay", Some(FR));
    g.power_mut(BR).navy_box = 1;
    let french_box = g.power(FR).navy_box;
    g.turn_with_tile(BR, tile(M, 2, E));
    g.act(BR, Action::Upgrade);
    g.act(BR, Action::BasicTile { theatre: 0, slot: 0 });
    g.act(BR, Action::Choose(1));
    g.act(BR, Action::Choose(1));
    assert_eq!(*g.power(BR).basic_removed, vec![old]);
    assert_eq!(g.war.theatres[0][BR.index()].basic.len(), 1);
    let on_mat: usize = g.war.theatres.iter().map(|t| t[BR.index()].basic.len()).sum();
    assert_eq!(g.power(BR).basic_pool.len() + on_mat + g.power(BR).basic_removed.len(), 16);
    g.act(BR, Action::BuyBonusTile { pool: 0 });
    g.act(BR, Action::Theatre(0));
    assert_eq!(g.war.theatres[0][BR.index()].bonus, vec![savoy]);
    assert_eq!(shipped().bonus_tiles[savoy as usize].value, 2);
    for _ in 0..3 {
        g.act(BR, Action::Borrow { pool: 0 });
    }
    assert_eq!(g.power(BR).debt, 3);
    g.act(BR, Action::Deploy { from: None, to: sp("biscay"), pool: 0 });
    assert_eq!(g.owner_of("biscay"), Some(Flag::Britain));
    assert_eq!(g.power(FR).navy_box, french_box + 1);
    assert_eq!(g.points(0), 0);
}

fn clear_region(g: &mut crate::state::ImperialStruggle, regions: &[crate::content::Region]) {
    let m = &shipped().masks;
    for r in regions {
        for s in m.by_region[r.index()].and(m.naval.or(m.fort)).iter() {
            g.board.set(s, None);
        }
        g.board.conflict = g.board.conflict.without(m.by_region[r.index()]);
    }
}

/// §7.1.4, «Пример»: Queen Anne's War. Britain's +2 basic tile and Prize Hunting (+1, France takes a debt)
/// against France's 0 basic tile, whose symbol sends home the British squadron of the Gulf of Maine; France
/// counts the conflict marker on a British market. 3 against 1: Britain wins by 2 and takes the «1–2» row.
#[test]
fn queen_annes_war() {
    // Ruling S45 (strength).
    use crate::content::Region;
    let mut g = game();
    clear_region(&mut g, &[Region::NorthAmerica]);
    g.put("gulf_of_maine", Some(BR)).put("massachusetts_bay", Some(BR)).mark("massachusetts_bay");
    g.fight_from(WarId::Wss, 2);
    let prize = shipped().bonus_tiles.iter().position(|b| b.name == "Prize Hunting").expect("tile") as u16;
    g.war_mut().theatres[2][BR.index()].basic = vec![0]; // +2
    g.war_mut().theatres[2][BR.index()].bonus = vec![prize];
    g.war_mut().theatres[2][FR.index()].basic = vec![3]; // 0, fort or fleet
    g.set_vp(15);
    let debt = g.power(FR).debt;
    let vp = g.vp();
    let box_before = g.power(BR).navy_box;
    g.run_war();
    let events = g.act(FR, Action::Pick(sp("gulf_of_maine")));
    assert_eq!(g.power(FR).debt, debt + 1, "Prize Hunting's debt");
    assert_eq!(g.power(BR).navy_box, box_before + 1);
    let strength = events.iter().find_map(|e| match e {
        Event::TheatreRevealed { theatre: 2, strength, .. } => Some(*strength),
        _ => None,
    });
    assert_eq!(strength, Some([3, 1]));
    assert!(events.iter().any(|e| matches!(e, Event::TheatreWon { theatre: 2, power: BR, margin: 2, .. })));
    // The «1–2» row: 1 VP for the winner, nothing for the loser.
    let won_at = events.iter().position(|e| matches!(e, Event::TheatreWon { theatre: 2, .. })).expect("won");
    assert!(matches!(events[won_at + 1], Event::Vp { power: BR, amount: 1, marker } if marker == vp - 1));
}

/// §7.2.1.2, «Пример»: the French & Indian War won by 2 — 1 conquest point takes Acadia along the war route
/// from British Louisbourg, one North American market (Île-aux-Noix) is unflagged, France gets 1 treaty
/// point.
#[test]
fn french_and_indian_war_spoils() {
    // Ruling S47 (spoils' unflagging).
    use crate::content::Region;
    let mut g = game();
    clear_region(&mut g, &[Region::NorthAmerica, Region::Caribbean]);
    for id in ["spain_1", "spain_3"] {
        g.put(id, None);
    }
    g.put("louisbourg", Some(BR)).put("acadia", Some(FR)).put("ile_aux_noix", Some(FR));
    g.fight_from(WarId::Syw, 2);
    g.war_mut().theatres[2][BR.index()].basic = vec![1]; // +1, with Louisbourg's +1
    g.power_mut(FR).trp = 0;
    let events = g.run_war();
    assert!(
        events.iter().any(|e| matches!(e, Event::TheatreRevealed { theatre: 2, strength: [2, 0], .. })),
        "{events:?}"
    );
    assert_eq!(g.power(FR).trp, 1);
    g.act(BR, Action::Pick(sp("acadia")));
    g.act(FR, Action::Choose(1));
    assert_eq!(g.owner_of("acadia"), Some(Flag::Britain));
    g.act(BR, Action::Pick(sp("ile_aux_noix")));
    assert_eq!(g.owner_of("ile_aux_noix"), None);
}

/// §7.2.2, «Пример»: the Third Carnatic War won by 5 gives 2 conquest points; France resists the conquest of
/// Pondicherry (Britain scores 3 VP, the point stays spent, Pondicherry may not be attacked again), and the
/// last point takes Karaikal, a market, which cannot be resisted.
#[test]
fn third_carnatic_war_and_resistance() {
    // Ruling S48 (conquest and resistance).
    use crate::content::Region;
    let mut g = game();
    clear_region(&mut g, &[Region::India]);
    g.put("vandavasi", Some(BR)).put("pondicherry", Some(FR)).put("karaikal", Some(FR));
    g.fight_from(WarId::Syw, 1);
    let plus2 =
        shipped().bonus_tiles.iter().position(|b| b.war == WarId::Syw && b.power == BR && b.value == 2).expect("tile")
            as u16;
    g.war_mut().theatres[1][BR.index()].basic = vec![0];
    g.war_mut().theatres[1][BR.index()].bonus = vec![plus2];
    let events = g.run_war();
    assert!(
        events.iter().any(|e| matches!(e, Event::TheatreWon { theatre: 1, power: BR, margin: 5, .. })),
        "{events:?}"
    );
    let vp = g.vp();
    g.act(BR, Action::Pick(sp("pondicherry")));
    g.act(FR, Action::Choose(0));
    assert_eq!(g.owner_of("pondicherry"), Some(Flag::France));
    assert_eq!(g.vp(), vp - 3);
    let answers = g.legal_actions(BR.seat());
    assert!(!answers.contains(&Action::Pick(sp("pondicherry"))), "resisted this war");
    g.act(BR, Action::Pick(sp("karaikal")));
    assert_eq!(g.owner_of("karaikal"), Some(Flag::Britain));
    assert!(!matches!(g.tasks.front(), Some(Task::Resist { .. })));
}

/// §8.2 game note: Rum on a protected market of cost 2 with a conflict marker: 2 − 1 − 1 + 1 = 1. And §5.4.2:
/// such a market costs 2 without Rum.
#[test]
fn rum_on_a_protected_marked_market() {
    // Ruling S23 (costs).
    let mut g = game();
    g.put("puerto_rico", Some(BR))
        .put("martinique", Some(FR))
        .mark("martinique")
        .put("antilles_channel", Some(FR))
        .put("st_lucia", Some(BR));
    g.turn_with_tile(BR, tile(E, 4, D));
    assert!(g.is_protected(sp("martinique")));
    assert_eq!(g.influence_price("martinique"), 2);
    g.act(BR, Action::UnflagWith { advantage: crate::advantages::RUM, space: sp("martinique"), pool: 0 });
    assert_eq!(g.points(0), 3, "1 point for Martinique");
}
