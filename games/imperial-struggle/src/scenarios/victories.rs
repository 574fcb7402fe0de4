//! The automatic victories (§4.1.13, §7.4) and the final scoring with its tie-breaks (§11.0, §4.1.14).

use crate::content::{Commodity, Flag, WarId};
use crate::event::Event;
use crate::state::{ImperialStruggle, Phase};
use crate::testkit::*;

fn over(g: &ImperialStruggle) -> Option<crate::content::Power> {
    match g.phase() {
        Phase::Over { winner } => Some(*winner),
        _ => None,
    }
}

fn why(events: &[Event]) -> String {
    events
        .iter()
        .find_map(|e| match e {
            Event::GameOver { why, .. } => Some(why.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// §4.1.13: after a round's scoring, the marker at 0 or below wins for Britain, at 30 or above for France.
#[test]
fn vp_victory_after_a_rounds_scoring() {
    // Ruling S9 (the turn track: round 1 is followed by the WSS).
    // Britain's 1 VP for North America takes the marker from 1 to 0.
    let mut g = game();
    g.quiet_scoring();
    g.awards.current[crate::content::Region::NorthAmerica.index()] = Some(2);
    g.put("albany", Some(BR));
    g.set_vp(1);
    let events = g.end_round();
    assert_eq!((g.vp(), over(&g)), (0, Some(BR)));
    assert!(why(&events).contains("reached 0"));
    // Ruling S1 (seats): seat 0 is Britain; the one marker scores France with its value, Britain with the
    // rest of 30.
    let outcome = imperia_core::Game::outcome(&g).expect("over");
    assert_eq!((outcome.scores, outcome.ranks), (vec![30, 0], vec![1, 2]));
    let mut g = game();
    g.quiet_scoring().set_vp(30);
    g.end_round();
    assert_eq!(over(&g), Some(FR));
    let mut g = game();
    g.quiet_scoring().set_vp(29);
    g.end_round();
    assert_eq!(over(&g), None);
    assert!(matches!(g.phase(), Phase::War(_)), "round 1 is followed by the War of the Spanish Succession");
}

/// Clear every flag, squadron and marker of the regions named, and all war tiles.
fn clear(g: &mut ImperialStruggle, regions: &[crate::content::Region]) {
    let m = &shipped().masks;
    for r in regions {
        for s in m.by_region[r.index()].iter() {
            g.board.set(s, None);
        }
        g.board.conflict = g.board.conflict.without(m.by_region[r.index()]);
    }
}

/// `p`'s bonus tiles of `war` worth `strength` in all (the 3s, then whatever makes up the rest).
fn strength_tiles(p: crate::content::Power, war: WarId, strength: i32) -> Vec<u16> {
    let c = shipped();
    let mut tiles: Vec<(u16, i32)> = c
        .bonus_tiles
        .iter()
        .enumerate()
        .filter(|(_, b)| b.war == war && b.power == p && b.symbol.is_none())
        .map(|(i, b)| (i as u16, i32::from(b.value)))
        .collect();
    tiles.sort_by_key(|&(_, v)| -v);
    let mut out = Vec::new();
    let mut left = strength;
    while left > 0 {
        let &(i, v) = tiles.iter().find(|&&(_, v)| v <= left).unwrap_or(&tiles[0]);
        out.push(i);
        left -= v;
    }
    out
}

/// §7.4: a power that wins every theatre of a war on its table's last row wins at once.
#[test]
fn a_war_won_everywhere_on_the_top_row() {
    let mut g = game();
    clear(&mut g, &crate::content::Region::ALL);
    g.set_vp(25);
    g.fight_from(WarId::Wss, 0);
    for t in 0..4 {
        g.war_mut().theatres[t][BR.index()].bonus = strength_tiles(BR, WarId::Wss, 9);
    }
    g.run_war();
    g.settle();
    assert_eq!(over(&g), Some(BR));
    assert!(g.vp() > 0, "not a VP victory");
}

/// … and not if one theatre falls short of the last row.
#[test]
fn no_war_victory_below_the_top_row() {
    let mut g = game();
    clear(&mut g, &crate::content::Region::ALL);
    g.set_vp(25);
    g.fight_from(WarId::Wss, 0);
    for t in 0..4 {
        g.war_mut().theatres[t][BR.index()].bonus = strength_tiles(BR, WarId::Wss, if t == 0 { 1 } else { 9 });
    }
    g.run_war();
    g.settle();
    assert_eq!(over(&g), None);
    assert!(!matches!(g.phase(), Phase::War(_)), "the war is over and the game goes on");
}

/// §7.4: after a war, the VP marker is checked as after a round.
#[test]
fn vp_victory_after_a_war() {
    let mut g = game();
    clear(&mut g, &crate::content::Region::ALL);
    g.set_vp(2);
    g.fight_from(WarId::Wss, 0);
    // Britain wins Central Europe by 1 (2 VP) and nothing else happens.
    g.war_mut().theatres[0][BR.index()].bonus = strength_tiles(BR, WarId::Wss, 1);
    g.run_war();
    g.settle();
    assert_eq!((g.vp(), over(&g)), (0, Some(BR)));
    let mut g = game();
    clear(&mut g, &crate::content::Region::ALL);
    g.set_vp(28);
    g.fight_from(WarId::Wss, 0);
    g.war_mut().theatres[0][FR.index()].bonus = strength_tiles(FR, WarId::Wss, 1);
    g.run_war();
    g.settle();
    assert_eq!((g.vp(), over(&g)), (30, Some(FR)));
}

/// A position where Britain wins all four region awards (margin 1 tiles) and tobacco, sugar and cotton.
fn dominant_britain() -> ImperialStruggle {
    let mut g = game();
    for id in ["sweden", "russia", "prussia_1", "prussia_2"] {
        g.put(id, Some(BR));
    }
    for id in ["albany", "cumberland", "antigua", "puerto_rico", "west_bengal", "kurpa", "vellore", "maratha"] {
        g.put(id, Some(BR));
    }
    g.awards.current = [Some(2), Some(3), Some(6), Some(7)];
    g
}

/// §4.1.13: every region award and every demand of the round won by one power wins the game at once.
#[test]
fn the_sweep_of_every_award_and_demand() {
    // Ruling S14 (the sweep).
    let mut g = dominant_britain();
    g.demand = vec![Commodity::Tobacco, Commodity::Sugar, Commodity::Cotton];
    let events = g.end_round();
    assert!(events.iter().any(|e| matches!(e, Event::SweepVictory { power: BR })));
    assert_eq!(over(&g), Some(BR));
    assert!(g.vp() > 0);
}

#[test]
fn no_sweep_with_one_demand_lost() {
    // Ruling S14.
    let mut g = dominant_britain();
    g.put("tiruchirappalli", Some(FR)).put("calicut", Some(FR));
    g.demand = vec![Commodity::Tobacco, Commodity::Sugar, Commodity::Spice];
    let events = g.end_round();
    assert!(events.iter().any(|e| matches!(e, Event::DemandWon { commodity: Commodity::Spice, power: FR })));
    assert_eq!(over(&g), None);
}

/// Take every flag off the markets and prestige spaces, leaving the rest as set up.
fn bare(g: &mut ImperialStruggle) {
    let m = &shipped().masks;
    for s in m.market.or(m.prestige).iter() {
        g.board.set(s, None);
    }
}

/// The VP each power scored after the final scoring began.
fn final_vp(events: &[Event]) -> (u32, u32) {
    let at = events.iter().position(|e| matches!(e, Event::FinalScoring)).expect("a final scoring");
    (scored(&events[at..], BR), scored(&events[at..], FR))
}

/// §11.0: prestige, available debt (1 VP per 2, at most 4), each commodity, and 2 VP per territory the
/// opponent held after setup — US flags counting for France (§10.0).
#[test]
fn the_final_scoring() {
    let mut g = game();
    g.at_turn(9);
    g.quiet_scoring();
    bare(&mut g);
    g.put("russia", Some(BR));
    g.power_mut(FR).debt = 5;
    g.put("hudson_valley", Some(BR)).put("albany", Some(BR)).put("cataraqui", Some(FR));
    g.put("georges_bank", Some(FR));
    g.put("acadia", Some(BR)).put("jamaica", Some(FR)).put_flag("carolinas", Flag::Usa);
    let events = g.end_round();
    // Britain: prestige 2, debt 5 more → 2, furs 1, Acadia 2. France: fish 1, Jamaica and the US Carolinas 4.
    assert_eq!(final_vp(&events), (7, 5));
    assert!(over(&g).is_some());
}

#[test]
fn the_final_scoring_caps_the_debt_award_at_4() {
    let mut g = game();
    g.at_turn(9);
    g.quiet_scoring();
    bare(&mut g);
    g.power_mut(BR).debt_limit = 14;
    g.power_mut(FR).debt = 6;
    let events = g.end_round();
    assert_eq!(final_vp(&events), (4, 0));
}

/// §4.1.14: 16 or more France, 14 or less Britain; at 15 more available debt wins, and then Britain.
#[test]
fn the_tie_breaks_at_15() {
    for (fr_debt, br_debt, winner) in [(0, 1, FR), (0, 0, BR), (1, 0, BR)] {
        let mut g = game();
        g.at_turn(9);
        g.quiet_scoring();
        bare(&mut g);
        g.power_mut(FR).debt = fr_debt;
        g.power_mut(BR).debt = br_debt;
        g.end_round();
        assert_eq!((g.vp(), over(&g)), (15, Some(winner)), "debts {br_debt}/{fr_debt}");
    }
    for (vp, winner) in [(16, FR), (14, BR)] {
        let mut g = game();
        g.at_turn(9);
        g.quiet_scoring();
        bare(&mut g);
        g.set_vp(vp);
        g.end_round();
        assert_eq!(over(&g), Some(winner));
    }
}

/// The War of the Austrian Succession fought from round 3, France winning its Jacobite Rebellion theatre.
fn france_wins_the_jacobite_rebellion(g: &mut ImperialStruggle) {
    let rebellion =
        g.content.war(WarId::Was).theatres.iter().position(|t| t.name == "Jacobite Rebellion").expect("the theatre");
    g.fight_from(WarId::Was, rebellion as u8);
    g.war_mut().theatres[rebellion][FR.index()].basic = vec![0]; // +2
    g.run_war();
    g.settle();
}

/// France winning the WAS Jacobite Rebellion: the war mat lets France select Jacobite Uprisings «during the
/// Ministry Phase … in addition to its usual two Ministry cards for the rest of the game» (issue 53). A
/// Jacobite Uprisings France already chose stays one of its two in the Empire era's second round, with no
/// extra pick, since that round only exchanges face-down cards (§4.1.7; issue 13, item 5); in the Revolution
/// era it is face up on top of two new choices.
#[test]
fn jacobite_uprisings_becomes_permanent_from_the_next_era() {
    // Ruling S18.
    use crate::action::Action;
    let mut g = game();
    g.at_turn(3); // round 3, the Empire era's first
    g.give_ministry(FR, "jacobite_uprisings", false).give_ministry(FR, "choiseul", false);
    france_wins_the_jacobite_rebellion(&mut g);

    g.at_turn(5); // round 4: the Empire era's second round
    g.begin_ministries(&mut Vec::new());
    assert!(
        !g.ministry_choices(FR).iter().any(|a| matches!(a, Action::PickMinistry(_))),
        "no extra pick mid-era: {:?}",
        g.ministry_choices(FR)
    );
    assert_eq!(g.power(FR).ministries.len(), 2);

    g.at_turn(7); // round 5: the Revolution era begins
    g.begin_ministries(&mut Vec::new());
    let permanent = g.power(FR).ministries.iter().find(|s| s.card == ministry("jacobite_uprisings"));
    assert!(permanent.is_some_and(|s| s.revealed), "face up from the Revolution era on");
    assert!(g.ministry_choices(FR).iter().any(|a| matches!(a, Action::PickMinistry(_))), "two more to choose");
}

/// The war mat's special result for the WAS Jacobite Rebellion, issue 53: «Any FR Victory: During the
/// Ministry Phase FR may select Jacobite Uprisings in addition to its usual two Ministry cards for the rest
/// of the game». The very next Ministry Phase is the Empire era's second round: France, which did not hold
/// the card, has it there, face up, on top of the two it chose in round 3, and no further pick.
#[test]
fn jacobite_uprisings_joins_at_the_next_ministry_phase() {
    // Ruling S18.
    use crate::action::Action;
    let mut g = game();
    g.at_turn(3); // round 3, the Empire era's first
    g.give_ministry(FR, "voltaire", false).give_ministry(FR, "choiseul", false);
    france_wins_the_jacobite_rebellion(&mut g);

    g.at_turn(5); // round 4: the Empire era's second round
    g.begin_ministries(&mut Vec::new());
    let held: Vec<_> = g.power(FR).ministries.iter().map(|s| (s.card, s.revealed)).collect();
    assert!(held.contains(&(ministry("jacobite_uprisings"), true)), "face up at once: {held:?}");
    assert_eq!(held.len(), 3, "on top of the usual two");
    assert!(!g.ministry_choices(FR).iter().any(|a| matches!(a, Action::PickMinistry(_))), "nothing more to pick");

    g.at_turn(7); // round 5: the Revolution era begins, and the card stays
    g.begin_ministries(&mut Vec::new());
    let permanent = g.power(FR).ministries.iter().find(|s| s.card == ministry("jacobite_uprisings"));
    assert!(permanent.is_some_and(|s| s.revealed));
}
