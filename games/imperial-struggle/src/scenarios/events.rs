//! The event cards (§3.4, §5.2): how they may be played, and each version whose effect is more than a plain
//! number of points or VP — played from a built position, its choices answered, the board checked.

use std::sync::Arc;

use imperia_core::Game;

use crate::action::Action;
use crate::advantages as adv;
use crate::content::{ApKind, Commodity, Flag};
use crate::state::{ImperialStruggle, Origin};
use crate::testkit::*;

const E: ApKind = ApKind::Economic;
const D: ApKind = ApKind::Diplomatic;
const M: ApKind = ApKind::Military;

/// A game where `p` holds `id` and has taken the event tile of `major`.
fn ready(p: crate::content::Power, id: &str, major: ApKind) -> ImperialStruggle {
    let mut g = game();
    g.hand_of(p, &[id]);
    g.turn_with_tile(p, event_tile(major));
    g
}

// --- How events are played (§3.4.4, §5.2) ---------------------------------------------------------------

/// §3.4.2: a power plays its own version. Britain's Salon d'Hercule puts debt on France; it never gives
/// Britain the French version's diplomatic points.
#[test]
fn a_power_plays_only_its_own_version() {
    let mut g = ready(BR, "salon_d_hercule", E);
    let d = g.total(D);
    g.play(BR, "salon_d_hercule");
    assert_eq!(g.power(FR).debt, 1);
    assert_eq!(g.total(D), d, "no diplomatic points from the French version");
}

/// §3.4.4: an event marked with a type needs a tile whose major action is of that type.
#[test]
fn a_typed_event_needs_a_matching_major_action() {
    let mut g = ready(BR, "tax_reform", D);
    let e = g.refuse(BR, Action::PlayEvent(card("tax_reform")));
    assert!(e.message.contains("needs a tile whose major action is"), "{e}");
    let mut g = ready(BR, "tax_reform", E);
    g.power_mut(BR).debt = 2;
    g.play(BR, "tax_reform");
    assert_eq!(g.power(BR).debt, 0);
}

/// §5.2: no event without the event symbol on the tile (the 4-point tiles have none).
#[test]
fn no_event_without_the_event_symbol() {
    let mut g = game();
    g.hand_of(BR, &["wealth_of_nations"]);
    g.turn_with_tile(BR, tile(E, 4, D));
    let e = g.refuse(BR, Action::PlayEvent(card("wealth_of_nations")));
    assert!(e.message.contains("no event symbol"), "{e}");
}

/// §5.2, 5: a played event leaves the game — not the hand, not the discard.
#[test]
fn a_played_event_leaves_the_game() {
    let mut g = ready(FR, "wealth_of_nations", E);
    let c = card("wealth_of_nations");
    g.play(FR, "wealth_of_nations");
    assert!(g.removed.contains(&c));
    assert!(!g.discard.contains(&c) && !g.deck.contains(&c) && !g.power(FR).hand.contains(&c));
}

/// §5.2: an event is played before any points are spent, and only one a turn.
#[test]
fn an_event_comes_before_spending() {
    let mut g = game();
    g.hand_of(BR, &["wealth_of_nations", "stamp_act"]);
    g.put("sardinia", None);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.act(BR, Action::Influence { space: sp("sardinia"), pool: 0 });
    let e = g.refuse(BR, Action::PlayEvent(card("wealth_of_nations")));
    assert!(e.message.contains("before any points are spent"), "{e}");
    let mut g = game();
    g.hand_of(BR, &["wealth_of_nations", "stamp_act"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.play(BR, "wealth_of_nations");
    let e = g.refuse(BR, Action::PlayEvent(card("stamp_act")));
    assert!(e.message.contains("once a turn"), "{e}");
}

/// §5.2, 1: the bonus condition is checked before the normal effect. Interest Payments lowers Britain's
/// debt limit, after which France would have more available debt — too late for its bonus.
#[test]
fn the_bonus_is_checked_before_the_effect() {
    let mut g = ready(FR, "interest_payments", E);
    g.power_mut(FR).debt = 2;
    g.power_mut(FR).debt_limit = 8;
    assert_eq!(g.power(FR).available_debt(), g.power(BR).available_debt());
    assert!(!g.bonus_applies(FR, card("interest_payments")));
    g.play(FR, "interest_payments");
    assert!(g.power(FR).available_debt() > g.power(BR).available_debt());
    assert_eq!(g.power(FR).debt, 2, "no bonus: the debt stays");
}

// --- Succession era ---------------------------------------------------------------------------------------

/// Carnatic War: a conflict marker per local alliance held in India; the bonus damages an enemy fort.
#[test]
fn carnatic_war_markers_per_alliance_and_a_fort_damaged() {
    let mut g = game();
    g.put("mysore", Some(BR)).put("nizam", Some(BR)).put("vandavasi", Some(FR));
    g.give_ministry(BR, "east_india_company", false);
    g.hand_of(BR, &["carnatic_war"]);
    g.turn_with_tile(BR, event_tile(E));
    assert!(!g.bonus_applies(BR, card("carnatic_war")), "a keyword counts only face up (§3.5.3)");
    g.act(BR, Action::Reveal(ministry("east_india_company")));
    assert!(g.bonus_applies(BR, card("carnatic_war")));
    g.play(BR, "carnatic_war");
    g.pick(BR, "karaikal");
    g.pick(BR, "tiruchirappalli");
    assert!(g.marked("karaikal") && g.marked("tiruchirappalli"));
    // The bonus: damage a fort (Vandavasi) or shift a cotton market.
    g.act(BR, Action::Choose(0));
    assert_eq!(g.offered(BR), vec!["vandavasi"]);
    g.pick(BR, "vandavasi");
    assert!(g.board.damaged.contains(sp("vandavasi")));
    assert!(g.tasks.is_empty());
}

#[test]
fn carnatic_war_bonus_shifts_a_cotton_market() {
    let mut g = game();
    g.put("mysore", Some(BR)).put("west_bengal", None);
    g.give_ministry(BR, "east_india_company", true);
    let mut g2 = g.clone();
    g.hand_of(BR, &["carnatic_war"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "carnatic_war");
    g.pick(BR, "nizam");
    g.act(BR, Action::Choose(1));
    g.pick(BR, "west_bengal");
    assert_eq!(g.owner_of("west_bengal"), Some(Flag::Britain));
    // Shifting a French cotton market takes the flag off.
    g2.hand_of(BR, &["carnatic_war"]);
    g2.turn_with_tile(BR, event_tile(E));
    g2.play(BR, "carnatic_war");
    g2.pick(BR, "nizam");
    g2.act(BR, Action::Choose(1));
    g2.pick(BR, "plassey");
    assert_eq!(g2.owner_of("plassey"), None);
}

/// Acts of Union (Britain): 1 diplomatic point only to unflag in Europe; the bonus (more prestige in
/// Scotland and Ireland) scores 2 VP.
#[test]
fn acts_of_union_britain_points_only_unflag() {
    let mut g = game();
    g.put("ireland_2", Some(BR)).put("scotland_2", None).put("sardinia", None);
    g.hand_of(BR, &["acts_of_union"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    assert!(g.bonus_applies(BR, card("acts_of_union")));
    g.play(BR, "acts_of_union");
    assert_eq!(g.vp(), 13);
    let pool = g.pool_of(D, Origin::Event);
    let e = g.refuse(BR, Action::Influence { space: sp("sardinia"), pool });
    assert!(e.message.contains("only to unflag in Europe"), "{e}");
    g.put("sweden", Some(FR)).mark("sweden");
    g.act(BR, Action::Influence { space: sp("sweden"), pool });
    assert_eq!(g.owner_of("sweden"), None);
}

/// Acts of Union (France): the bonus unflags a British political space in Europe outside Spain and
/// Austria.
#[test]
fn acts_of_union_france_unflags_outside_spain_and_austria() {
    let mut g = game();
    g.put("ireland_2", None).put("scotland_2", Some(FR)).put("austria_1", Some(BR)).put("spain_2", Some(BR));
    g.hand_of(FR, &["acts_of_union"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    let d = g.total(D);
    g.play(FR, "acts_of_union");
    assert_eq!(g.total(D), d + 2);
    let offered = g.offered(FR);
    assert!(offered.contains(&"german_states_2".to_string()));
    assert!(!offered.contains(&"austria_1".to_string()) && !offered.contains(&"spain_2".to_string()));
    g.pick(FR, "german_states_2");
    assert_eq!(g.owner_of("german_states_2"), None);
}

/// Tropical Diseases: an enemy flag off a Caribbean market, then one of your own; the bonus removes one
/// more enemy flag, never your own (issue 13, item 6: the reference's errata).
#[test]
fn tropical_diseases_enemy_then_own_then_another_enemy() {
    // Ruling S40 (card texts: only enemy flags).
    let mut g = game();
    g.give_ministry(BR, "edmond_halley", true);
    g.hand_of(BR, &["tropical_diseases"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "tropical_diseases");
    assert_eq!(g.offered(BR), vec!["martinique", "port_de_paix"]);
    g.pick(BR, "martinique");
    assert_eq!(g.offered(BR), vec!["georgia", "st_lucia"], "then one of Britain's own");
    g.pick(BR, "st_lucia");
    assert_eq!(g.offered(BR), vec!["port_de_paix"], "the bonus: another enemy flag, never Britain's Georgia");
    g.pick(BR, "port_de_paix");
    assert_eq!((g.owner_of("martinique"), g.owner_of("st_lucia"), g.owner_of("port_de_paix")), (None, None, None));
    assert_eq!(g.owner_of("georgia"), Some(Flag::Britain));
}

#[test]
fn tropical_diseases_without_own_flag_or_bonus() {
    let mut g = game();
    g.put("st_lucia", None).put("georgia", None);
    g.hand_of(BR, &["tropical_diseases"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "tropical_diseases");
    g.pick(BR, "martinique");
    assert!(g.tasks.is_empty(), "no British flag to remove, no bonus");
    assert_eq!(g.owner_of("port_de_paix"), Some(Flag::France));
}

/// South Sea Speculation: never a market whose loss isolates another; the bonus makes a squadron 2 cheaper.
#[test]
fn south_sea_speculation_spares_a_market_that_joins_another() {
    let mut g = game();
    // Albany hangs on Hudson Valley alone.
    g.put("albany", Some(BR)).put("cumberland", None).put("oswego", None).put("ile_aux_noix", None);
    g.give_ministry(FR, "john_law", true);
    g.hand_of(FR, &["south_sea_speculation"]);
    g.turn_with_tile(FR, event_tile(M));
    g.play(FR, "south_sea_speculation");
    let offered = g.offered(FR);
    assert!(!offered.contains(&"hudson_valley".to_string()), "{offered:?}");
    assert!(offered.contains(&"albany".to_string()) && offered.contains(&"massachusetts_bay".to_string()));
    g.pick(FR, "albany");
    assert_eq!(g.owner_of("albany"), None);
    let before = g.power(FR).navy_box;
    g.act(FR, Action::BuildSquadron { pool: 0 });
    assert_eq!((g.power(FR).navy_box, g.points(0)), (before + 1, 1), "4 − 2");
}

#[test]
fn south_sea_speculation_without_bonus_full_price() {
    let mut g = ready(FR, "south_sea_speculation", M);
    g.play(FR, "south_sea_speculation");
    g.pick(FR, "massachusetts_bay");
    let e = g.refuse(FR, Action::BuildSquadron { pool: 0 });
    assert!(e.message.contains("costs 4"), "{e}");
}

/// Military Spending Overruns: the opponent chooses — a fort damaged, a squadron home or a bonus tile
/// back — and twice with the bonus (more available debt).
#[test]
fn military_spending_overruns_the_opponent_chooses_twice() {
    let mut g = game();
    g.put("halifax", Some(BR)).put("gulf_of_maine", Some(BR));
    g.power_mut(BR).debt = 2;
    g.hand_of(FR, &["military_spending_overruns"]);
    g.turn_with_tile(FR, event_tile(M));
    assert!(g.bonus_applies(FR, card("military_spending_overruns")));
    let box_before = g.power(BR).navy_box;
    g.play(FR, "military_spending_overruns");
    assert!(g.to_act().includes(BR.seat()) && !g.to_act().includes(FR.seat()));
    // Britain has no bonus tile on the mat: that option is not offered.
    assert_eq!(g.answers(BR), vec![Action::Choose(0), Action::Choose(1)]);
    let e = g.refuse(FR, Action::Choose(0));
    assert!(e.message.contains("decision"), "{e}");
    g.act(BR, Action::Choose(1));
    g.pick(BR, "gulf_of_maine");
    assert_eq!((g.owner_of("gulf_of_maine"), g.power(BR).navy_box), (None, box_before + 1));
    g.act(BR, Action::Choose(0));
    g.pick(BR, "halifax");
    assert!(g.board.damaged.contains(sp("halifax")));
    assert!(g.tasks.is_empty() && g.to_act().includes(FR.seat()));
}

#[test]
fn military_spending_overruns_once_and_a_bonus_tile_back() {
    let mut g = game();
    let tile_br = Arc::make_mut(&mut g.power_mut(BR).bonus_pool).pop().expect("a bonus tile");
    g.war_mut().theatres[1][BR.index()].bonus.push(tile_br);
    g.hand_of(FR, &["military_spending_overruns"]);
    g.turn_with_tile(FR, event_tile(M));
    assert!(!g.bonus_applies(FR, card("military_spending_overruns")));
    g.play(FR, "military_spending_overruns");
    assert_eq!(g.answers(BR), vec![Action::Choose(2)], "no fort, no squadron on the map");
    g.act(BR, Action::Choose(2));
    g.act(BR, Action::BonusTile(tile_br));
    assert!(g.war.theatres[1][BR.index()].bonus.is_empty());
    assert!(g.power(BR).bonus_pool.contains(&tile_br));
    assert!(g.tasks.is_empty(), "once without the bonus");
}

/// Famine in Ireland (Britain): unflag a French space in Ireland or Scotland.
#[test]
fn famine_in_ireland_britain() {
    let mut g = game();
    g.put("scotland_1", Some(FR)).put("ireland_2", Some(BR));
    g.hand_of(BR, &["famine_in_ireland"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "famine_in_ireland");
    assert_eq!(g.offered(BR), vec!["ireland_1", "scotland_1"]);
    g.pick(BR, "scotland_1");
    assert_eq!(g.owner_of("scotland_1"), None);
}

/// Famine in Ireland (France): a bonus tile on the Jacobite Rebellion for each French space in Ireland.
#[test]
fn famine_in_ireland_france_draws_for_the_jacobites() {
    let mut g = game();
    g.put("ireland_1", Some(FR)).put("ireland_2", Some(FR));
    for t in &mut g.war_mut().theatres {
        t[FR.index()].bonus.clear();
    }
    let pool = g.power(FR).bonus_pool.len();
    g.hand_of(FR, &["famine_in_ireland"]);
    g.turn_with_tile(FR, event_tile(E));
    g.play(FR, "famine_in_ireland");
    let jacobite =
        shipped().war(crate::content::WarId::Wss).theatres.iter().position(|t| t.name == "Jacobite Rebellion");
    assert_eq!(jacobite, Some(3));
    assert_eq!(g.war.theatres[3][FR.index()].bonus.len(), 2);
    assert_eq!(g.power(FR).bonus_pool.len(), pool - 2);
}

/// … and when the Jacobite theatre is full, France moves one of the older tiles out (§5.6.1).
#[test]
fn famine_in_ireland_france_moves_one_out_of_a_full_theatre() {
    let mut g = game();
    g.put("ireland_1", Some(FR)).put("ireland_2", None);
    for t in &mut g.war_mut().theatres {
        t[FR.index()].bonus.clear();
    }
    let old: Vec<u16> = (0..2).map(|_| Arc::make_mut(&mut g.power_mut(FR).bonus_pool).pop().expect("tile")).collect();
    g.war_mut().theatres[3][FR.index()].bonus = old.clone();
    g.hand_of(FR, &["famine_in_ireland"]);
    g.turn_with_tile(FR, event_tile(E));
    g.play(FR, "famine_in_ireland");
    let mut offered = g.answers(FR);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut want: Vec<Action> = old.iter().map(|&x| Action::BonusTile(x)).collect();
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, want, "one of the older tiles moves");
    g.act(FR, Action::BonusTile(old[0]));
    assert!(!g.answers(FR).contains(&Action::Theatre(3)));
    g.act(FR, Action::Theatre(0));
    assert_eq!(g.war.theatres[3][FR.index()].bonus.len(), 2);
    assert_eq!(g.war.theatres[0][FR.index()].bonus, vec![old[0]]);
}

/// Interest Payments at the limit: the limit and the debt fall by 1 and the player scores 1 VP; the bonus
/// (more available debt) cuts the player's debt by 2.
#[test]
fn interest_payments_at_the_limit() {
    let mut g = ready(FR, "interest_payments", E);
    g.power_mut(BR).debt = 6;
    g.power_mut(FR).debt = 3;
    g.power_mut(FR).debt_limit = 9;
    assert!(g.bonus_applies(FR, card("interest_payments")));
    g.play(FR, "interest_payments");
    assert_eq!((g.power(BR).debt_limit, g.power(BR).debt), (5, 5));
    assert_eq!(g.vp(), 16);
    assert_eq!(g.power(FR).debt, 1);
}

#[test]
fn interest_payments_below_the_limit() {
    let mut g = ready(BR, "interest_payments", E);
    g.power_mut(FR).debt = 2;
    g.play(BR, "interest_payments");
    assert_eq!((g.power(FR).debt_limit, g.power(FR).debt), (5, 2));
    assert_eq!(g.vp(), 15);
}

/// Alberoni's Ambition (Britain): points only to flag markets next to a British market.
#[test]
fn alberonis_ambition_britain_restricted_points() {
    // Ruling S21 (points from several sources: a restricted pool).
    let mut g = game();
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["alberonis_ambition"]);
    g.turn_with_tile(BR, tile(E, 3, D));
    g.play(BR, "alberonis_ambition");
    let restricted: Vec<_> = g.pools().into_iter().filter(|p| p.origin == Origin::Event).collect();
    assert_eq!(restricted.iter().map(|p| p.points).sum::<u8>(), 3, "2 and the bonus's 1");
    let pool = g.pool_of(E, Origin::Event);
    // Bahamas Run West is joined to British Carolinas but to no British market.
    let e = g.refuse(BR, Action::Influence { space: sp("bahamas_run_west"), pool });
    assert!(e.message.contains("only to flag markets next to a British market"), "{e}");
    g.act(BR, Action::Influence { space: sp("georges_bank"), pool });
    assert_eq!(g.owner_of("georges_bank"), Some(Flag::Britain));
    assert_eq!(g.points(0), 3, "the tile's points untouched");
}

/// Alberoni's Ambition (France): shift an alliance space; the bonus scores 3 VP for Savoy and Sardinia.
#[test]
fn alberonis_ambition_france() {
    let mut g = game();
    g.put("savoy", Some(FR)).put("sardinia", Some(FR));
    g.give_ministry(FR, "cardinal_ministers", true);
    g.hand_of(FR, &["alberonis_ambition"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    g.play(FR, "alberonis_ambition");
    assert_eq!(g.offered(FR), vec!["austria_1", "austria_3", "dutch_republic_1", "spain_3"]);
    g.pick(FR, "austria_1");
    assert_eq!(g.owner_of("austria_1"), None);
    assert_eq!(g.vp(), 18);
}

/// Calico Acts (Britain): 2 points only to unflag markets; the bonus may score cotton as if in demand.
#[test]
fn calico_acts_britain_unflag_only_and_cotton_scored() {
    let mut g = game();
    g.put("west_bengal", Some(BR)).put("kurpa", Some(BR));
    g.give_ministry(BR, "east_india_company", true);
    g.hand_of(BR, &["calico_acts"]);
    g.turn_with_tile(BR, tile(E, 3, D));
    let trp = g.power(BR).trp;
    g.play(BR, "calico_acts");
    assert_eq!(g.answers(BR), vec![Action::Choose(0), Action::Choose(1)]);
    g.act(BR, Action::Choose(0));
    // Cotton: Britain 3 markets (Midnapore, West Bengal, Kurpa), France 2: the succession reward, 2 VP 1 TRP.
    assert_eq!((g.vp(), g.power(BR).trp), (13, trp + 1));
    let pool = g.pool_of(E, Origin::Event);
    let e = g.refuse(BR, Action::Influence { space: sp("vellore"), pool });
    assert!(e.message.contains("only to unflag markets"), "{e}");
    // Plassey costs 3: a debt adds the third point, restricted alike (§5.2, 4 and its example).
    g.act(BR, Action::Borrow { pool });
    g.act(BR, Action::Influence { space: sp("plassey"), pool });
    assert_eq!(g.owner_of("plassey"), None);
}

/// Calico Acts (France): unflag a British cotton market; the bonus sends a British squadron home.
#[test]
fn calico_acts_france() {
    let mut g = game();
    g.put("hooghly_river", Some(BR));
    g.give_ministry(FR, "new_world_huguenots", true);
    g.hand_of(FR, &["calico_acts"]);
    g.turn_with_tile(FR, tile(E, 3, D));
    let box_before = g.power(BR).navy_box;
    g.play(FR, "calico_acts");
    assert_eq!(g.offered(FR), vec!["midnapore"]);
    g.pick(FR, "midnapore");
    g.pick(FR, "hooghly_river");
    assert_eq!((g.owner_of("midnapore"), g.owner_of("hooghly_river")), (None, None));
    assert_eq!(g.power(BR).navy_box, box_before + 1);
}

/// Great Northern War (Britain): shift a German State; both British scores 2 VP; the bonus 1 diplomatic.
#[test]
fn great_northern_war_britain() {
    let mut g = game();
    g.give_ministry(BR, "jonathan_swift", true);
    g.hand_of(BR, &["great_northern_war"]);
    g.turn_with_tile(BR, tile(M, 3, D));
    g.play(BR, "great_northern_war");
    assert_eq!(g.offered(BR), vec!["german_states_1"]);
    g.pick(BR, "german_states_1");
    assert_eq!(g.vp(), 13);
    assert_eq!(g.total(D), 3, "the minor's 2 and the bonus's 1");
}

/// Great Northern War (France): Russia is shifted — or, French already, 2 VP instead.
#[test]
fn great_northern_war_france_russia() {
    for (before, after, vp) in
        [(None, Some(Flag::France), 15), (Some(FR), Some(Flag::France), 17), (Some(BR), None, 15)]
    {
        let mut g = game();
        g.put("russia", before);
        g.hand_of(FR, &["great_northern_war"]);
        g.turn_with_tile(FR, tile(M, 3, D));
        g.play(FR, "great_northern_war");
        assert_eq!((g.owner_of("russia"), g.vp()), (after, vp), "Russia was {before:?}");
    }
}

/// Vatican Politics (Britain): 2 diplomatic points only in the Protestant countries.
#[test]
fn vatican_politics_britain_protestant_points() {
    let mut g = game();
    g.put("prussia_1", None).put("spain_2", None);
    g.hand_of(BR, &["vatican_politics"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    g.play(BR, "vatican_politics");
    let pool = g.pool_of(D, Origin::Event);
    let e = g.refuse(BR, Action::Influence { space: sp("spain_2"), pool });
    assert!(e.message.contains("German States, Prussia or the Dutch Republic"), "{e}");
    g.act(BR, Action::Influence { space: sp("prussia_1"), pool });
    assert_eq!(g.owner_of("prussia_1"), Some(Flag::Britain));
}

/// Vatican Politics (France): shift a space in Spain or Austria; the bonus scores 2 VP if no British flag
/// is left there.
#[test]
fn vatican_politics_france_bonus_after_the_shift() {
    let mut g = game();
    g.give_ministry(FR, "court_of_the_sun_king", true);
    g.hand_of(FR, &["vatican_politics"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    g.play(FR, "vatican_politics");
    assert!(g.offered(FR).contains(&"austria_1".to_string()) && !g.offered(FR).contains(&"spain_1".to_string()));
    g.pick(FR, "austria_1");
    assert_eq!(g.vp(), 17, "Austria's only British flag is gone");
    let mut g = game();
    g.put("spain_2", Some(BR));
    g.give_ministry(FR, "court_of_the_sun_king", true);
    g.hand_of(FR, &["vatican_politics"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    g.play(FR, "vatican_politics");
    g.pick(FR, "austria_1");
    assert_eq!(g.vp(), 15, "Spain still has one");
}

/// Native American Alliances (Britain): shift a local alliance; the bonus uses a North American advantage
/// at once, even exhausted — not one taken this turn (§8.2).
#[test]
fn native_american_alliances_britain_free_advantage() {
    // Ruling S36 (advantages used by an event).
    let mut g = game();
    g.give_ministry(BR, "east_india_company", true);
    g.hand_of(BR, &["native_american_alliances"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    assert_eq!(g.held_advantage(adv::WHEAT), Some(BR));
    g.exhaust(adv::WHEAT);
    assert_eq!(g.influence_price("cataraqui"), 2);
    g.play(BR, "native_american_alliances");
    assert_eq!(g.offered(BR), vec!["algonquin", "iroquois"]);
    g.pick(BR, "iroquois");
    assert_eq!(g.held_advantage(adv::IROQUOIS_RAIDS), Some(BR));
    assert_eq!(g.answers(BR), vec![Action::Advantage(adv::WHEAT), Action::Done], "Iroquois Raids is new");
    g.act(BR, Action::Advantage(adv::WHEAT));
    assert_eq!(g.influence_price("cataraqui"), 1);
}

/// Native American Alliances (France): 2 economic points in North America; the bonus unflags a British
/// local alliance there.
#[test]
fn native_american_alliances_france() {
    let mut g = game();
    g.put("iroquois", Some(BR));
    g.give_ministry(FR, "dupleix", true);
    g.hand_of(FR, &["native_american_alliances"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    g.play(FR, "native_american_alliances");
    g.pick(FR, "iroquois");
    assert_eq!(g.owner_of("iroquois"), None);
    let pool = g.pool_of(E, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
    assert_eq!(g.pools()[pool as usize].rule, crate::spend::Rule::Region(crate::content::Region::NorthAmerica));
}

/// Austro-Spanish Rivalry (Britain): a conflict marker in Spain; the bonus sends one of France's bonus
/// tiles on a theatre Britain names back to France's pool.
#[test]
fn austro_spanish_rivalry_britain() {
    let mut g = game();
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["austro_spanish_rivalry"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    let french = g.war.theatres[0][FR.index()].bonus.clone();
    assert_eq!(french.len(), 1);
    let pool = g.power(FR).bonus_pool.len();
    g.play(BR, "austro_spanish_rivalry");
    g.pick(BR, "spain_2");
    assert!(g.marked("spain_2"));
    assert_eq!(g.answers(BR), vec![Action::Theatre(0)]);
    g.act(BR, Action::Theatre(0));
    assert!(g.war.theatres[0][FR.index()].bonus.is_empty());
    assert_eq!(g.power(FR).bonus_pool.len(), pool + 1);
}

#[test]
fn austro_spanish_rivalry_france() {
    let mut g = game();
    g.give_ministry(FR, "cardinal_ministers", true);
    g.hand_of(FR, &["austro_spanish_rivalry"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    g.play(FR, "austro_spanish_rivalry");
    assert_eq!(g.offered(FR), vec!["dutch_republic_2"]);
    g.pick(FR, "dutch_republic_2");
    g.act(FR, Action::Choose(1));
    let pool = g.pool_of(E, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
    assert_eq!(g.pools()[pool as usize].rule, crate::spend::Rule::Region(crate::content::Region::India));
}

/// Tax Reform: debt −2 (−3 with the bonus); what cannot come off the debt becomes economic points.
#[test]
fn tax_reform_points_when_debt_is_too_low() {
    let mut g = ready(BR, "tax_reform", E);
    g.power_mut(BR).debt = 1;
    g.play(BR, "tax_reform");
    assert_eq!((g.power(BR).debt, g.total(E)), (0, 4));
    let mut g = game();
    g.give_ministry(BR, "bank_of_england", true);
    g.hand_of(BR, &["tax_reform"]);
    g.turn_with_tile(BR, event_tile(E));
    g.power_mut(BR).debt = 1;
    g.play(BR, "tax_reform");
    assert_eq!((g.power(BR).debt, g.total(E)), (0, 5));
}

/// War of Jenkins' Ear (Britain): debt −2; the bonus puts a debt on France — beyond its limit, a VP to
/// Britain (§6.3).
#[test]
fn war_of_jenkins_ear_britain() {
    let mut g = game();
    g.give_ministry(BR, "east_india_company", true);
    g.hand_of(BR, &["war_of_jenkins_ear"]);
    g.turn_with_tile(BR, event_tile(M));
    g.power_mut(BR).debt = 3;
    g.power_mut(FR).debt = 6;
    g.play(BR, "war_of_jenkins_ear");
    assert_eq!((g.power(BR).debt, g.power(FR).debt, g.vp()), (1, 6, 14));
}

/// War of Jenkins' Ear (France): a conflict marker on a British Caribbean market; the bonus 1 diplomatic point
/// (issue 13, item 6: the public module's corrected text, March 2026).
#[test]
fn war_of_jenkins_ear_france() {
    // Ruling S40 (card texts: the corrected French bonus).
    let mut g = game();
    g.give_ministry(FR, "dupleix", true);
    g.hand_of(FR, &["war_of_jenkins_ear"]);
    g.turn_with_tile(FR, event_tile(M));
    g.play(FR, "war_of_jenkins_ear");
    assert_eq!(g.offered(FR), vec!["georgia", "st_lucia"]);
    g.pick(FR, "georgia");
    assert!(g.marked("georgia"));
    assert_eq!(g.points(0), 3, "the event tile's military points, no more");
    assert_eq!(g.total(ApKind::Diplomatic), 1, "the bonus point");
}

/// War of the Polish Succession (France): 2 VP; the bonus shifts Russia or Sweden.
#[test]
fn war_of_the_polish_succession_france() {
    let mut g = game();
    g.put("sweden", Some(BR));
    g.give_ministry(FR, "john_law", true);
    g.hand_of(FR, &["war_of_the_polish_succession"]);
    g.turn_with_tile(FR, event_tile(M));
    g.play(FR, "war_of_the_polish_succession");
    assert_eq!(g.vp(), 17);
    assert_eq!(g.offered(FR), vec!["russia", "sweden"]);
    g.pick(FR, "sweden");
    assert_eq!(g.owner_of("sweden"), None, "a British flag is shifted off");
}

/// Caribbean Slave Unrest: a conflict marker on a Caribbean market, two with more bonus war tiles.
#[test]
fn caribbean_slave_unrest() {
    let mut g = ready(FR, "caribbean_slave_unrest", E);
    assert!(g.bonus_applies(FR, card("caribbean_slave_unrest")), "France starts with a bonus tile");
    g.play(FR, "caribbean_slave_unrest");
    assert!(!g.offered(FR).contains(&"jamaica".to_string()), "markets only");
    g.pick(FR, "st_lucia");
    g.pick(FR, "georgia");
    assert!(g.marked("st_lucia") && g.marked("georgia"));
}

// --- Empire era -------------------------------------------------------------------------------------------

/// Pacte de Famille (Britain): French spaces in Spain and Austria cost 1 less to unflag, this turn only.
#[test]
fn pacte_de_famille_britain_cost_change() {
    let mut g = game();
    g.give_ministry(BR, "jonathan_swift", true);
    g.hand_of(BR, &["pacte_de_famille"]);
    g.turn_with_tile(BR, tile(D, 3, E));
    assert_eq!((g.influence_price("spain_1"), g.influence_price("austria_4")), (3, 3));
    g.play(BR, "pacte_de_famille");
    assert_eq!((g.influence_price("spain_1"), g.influence_price("austria_4")), (2, 2));
    assert_eq!(g.influence_price("bavaria"), 3, "only Spain and Austria");
    assert_eq!(g.total(D), 3 + 1, "the bonus's 1 diplomatic point");
    g.turn_with_tile(BR, tile(D, 3, E));
    assert_eq!(g.influence_price("spain_1"), 3, "one turn only");
}

/// Pacte de Famille (France): refresh up to two exhausted advantages in Europe, usable again at once.
#[test]
fn pacte_de_famille_france_refresh() {
    let mut g = game();
    g.put("denmark_norway", Some(FR)).put("prussia_1", Some(FR)).put("savoy", Some(FR)).put("spain_4", Some(FR));
    g.power_mut(FR).debt = 2;
    g.give_ministry(FR, "court_of_the_sun_king", true);
    g.hand_of(FR, &["pacte_de_famille"]);
    g.turn_with_tile(FR, tile(D, 3, E));
    assert_eq!(g.held_advantage(adv::BALTIC_TRADE), Some(FR));
    assert_eq!(g.held_advantage(adv::ALGONQUIN_RAIDS), Some(FR));
    g.exhaust(adv::BALTIC_TRADE).exhaust(adv::MEDITERRANEAN_INTRIGUE).exhaust(adv::ALGONQUIN_RAIDS);
    g.play(FR, "pacte_de_famille");
    let answers = g.answers(FR);
    assert!(answers.contains(&Action::Advantage(adv::BALTIC_TRADE)));
    assert!(answers.contains(&Action::Advantage(adv::MEDITERRANEAN_INTRIGUE)));
    assert!(!answers.contains(&Action::Advantage(adv::ALGONQUIN_RAIDS)), "Europe only");
    g.act(FR, Action::Advantage(adv::BALTIC_TRADE));
    g.act(FR, Action::Advantage(adv::MEDITERRANEAN_INTRIGUE));
    assert!(!g.is_exhausted(adv::BALTIC_TRADE) && !g.is_exhausted(adv::MEDITERRANEAN_INTRIGUE));
    assert!(g.is_exhausted(adv::ALGONQUIN_RAIDS));
    let pool = g.pool_of(D, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
    g.act(FR, Action::Advantage(adv::BALTIC_TRADE));
    assert_eq!(g.power(FR).debt, 0);
}

/// Byng's Trial (Britain): the Byng marker (+2) on a theatre of the next war that counts naval strength.
#[test]
fn byngs_trial_britain_marker() {
    let mut g = ready(BR, "byngs_trial", E);
    let before = g.theatre_strength(BR, 2);
    g.play(BR, "byngs_trial");
    assert_eq!(g.answers(BR), vec![Action::Theatre(1), Action::Theatre(2)], "Spain and Queen Anne's War");
    g.act(BR, Action::Theatre(2));
    assert_eq!(g.war.byng, Some(2));
    assert_eq!(g.theatre_strength(BR, 2), before + 2);
}

/// Byng's Trial (France): a British squadron set aside, back in the navy box at the next reset.
#[test]
fn byngs_trial_france_squadron_aside_until_the_reset() {
    let mut g = game();
    g.put("gulf_of_maine", Some(BR));
    g.hand_of(FR, &["byngs_trial"]);
    g.turn_with_tile(FR, event_tile(E));
    let (boxed, unbuilt) = (g.power(BR).navy_box, g.squadrons_unbuilt(BR));
    g.play(FR, "byngs_trial");
    assert!(g.answers(FR).contains(&Action::NavyBox));
    g.pick(FR, "gulf_of_maine");
    assert_eq!((g.owner_of("gulf_of_maine"), g.power(BR).brig), (None, 1));
    assert_eq!(g.squadrons_unbuilt(BR), unbuilt, "set aside, not lost");
    g.begin_peace_round(&mut Vec::new());
    assert_eq!((g.power(BR).brig, g.power(BR).navy_box), (0, boxed + 1));
}

/// Le Beau Monde (Britain): furs or cotton join this round's demand and are scored with it.
#[test]
fn le_beau_monde_britain_demand_added_and_scored() {
    let mut g = game();
    g.demand = vec![Commodity::Spice, Commodity::Fish, Commodity::Sugar];
    g.put("albany", Some(BR));
    g.give_ministry(BR, "jonathan_swift", true);
    g.hand_of(BR, &["le_beau_monde"]);
    g.turn_with_tile(BR, event_tile(E));
    let e = g.total(E);
    g.play(BR, "le_beau_monde");
    assert_eq!(g.answers(BR), vec![Action::Choose(0), Action::Choose(1), Action::Choose(2)]);
    g.act(BR, Action::Choose(0));
    assert_eq!(g.demand, vec![Commodity::Furs, Commodity::Spice, Commodity::Fish, Commodity::Sugar]);
    assert_eq!(g.total(E), e + 1, "the bonus's economic point");
    let events = g.end_round();
    assert!(
        events.iter().any(|ev| matches!(ev, crate::event::Event::DemandWon { commodity: Commodity::Furs, power: BR }))
    );
}

/// Le Beau Monde (France): 1 diplomatic point in Europe, 2 more with the bonus.
#[test]
fn le_beau_monde_france() {
    let mut g = game();
    g.give_ministry(FR, "court_of_the_sun_king", true);
    g.hand_of(FR, &["le_beau_monde"]);
    g.turn_with_tile(FR, event_tile(E));
    g.play(FR, "le_beau_monde");
    let europe: u8 = g
        .pools()
        .iter()
        .filter(|p| p.origin == Origin::Event && p.rule == crate::spend::Rule::Region(crate::content::Region::Europe))
        .map(|p| p.points)
        .sum();
    assert_eq!(europe, 3);
}

/// Hyder Ali: take a local alliance in India outright…
#[test]
fn hyder_ali_takes_a_local_alliance() {
    // Ruling S7 (local alliances).
    let mut g = game();
    g.put("nizam", Some(FR));
    g.give_ministry(BR, "east_india_company", true);
    g.hand_of(BR, &["hyder_ali"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "hyder_ali");
    g.act(BR, Action::Choose(0));
    assert_eq!(g.offered(BR), vec!["maratha", "mysore", "nizam"]);
    g.pick(BR, "nizam");
    assert_eq!(g.owner_of("nizam"), Some(Flag::Britain), "taken, not just unflagged");
    let pool = g.pool_of(E, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
}

/// … or put two conflict markers on unprotected spaces there.
#[test]
fn hyder_ali_two_markers_on_unprotected_spaces() {
    let mut g = game();
    g.put("vandavasi", Some(FR));
    g.hand_of(BR, &["hyder_ali"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "hyder_ali");
    g.act(BR, Action::Choose(1));
    let offered = g.offered(BR);
    assert!(!offered.contains(&"karaikal".to_string()), "protected by the fort at Vandavasi");
    assert!(offered.contains(&"plassey".to_string()) && offered.contains(&"maratha".to_string()));
    g.pick(BR, "plassey");
    g.pick(BR, "maratha");
    assert!(g.marked("plassey") && g.marked("maratha"));
    assert!(g.tasks.is_empty());
}

/// Co-Hong System: a new demand tile replaces one of this round's, chosen by the player.
#[test]
fn co_hong_system_replaces_a_demand() {
    let mut g = game();
    g.demand = vec![Commodity::Furs, Commodity::Spice, Commodity::Fish];
    g.give_ministry(BR, "edmond_halley", true);
    g.hand_of(BR, &["co_hong_system"]);
    g.turn_with_tile(BR, event_tile(D));
    g.play(BR, "co_hong_system");
    assert_eq!(g.demand.len(), 4);
    assert_eq!(g.answers(BR), vec![Action::Choose(0), Action::Choose(1), Action::Choose(2)], "the old three");
    g.act(BR, Action::Choose(1));
    assert_eq!(g.demand.len(), 3);
    assert!(!g.demand.contains(&Commodity::Spice));
    assert!(g.demand.contains(&Commodity::Furs) && g.demand.contains(&Commodity::Fish));
    let pool = g.pool_of(E, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
}

/// Corsican Crisis (Britain): shift Sardinia or Savoy; the bonus scores 1 VP if France has no squadron in
/// Europe.
#[test]
fn corsican_crisis_britain() {
    for (french_fleet, vp) in [(false, 14), (true, 15)] {
        let mut g = game();
        if french_fleet {
            g.put("biscay", Some(FR));
        }
        g.give_ministry(BR, "robert_walpole", true);
        g.hand_of(BR, &["corsican_crisis"]);
        g.turn_with_tile(BR, event_tile(D));
        g.play(BR, "corsican_crisis");
        assert_eq!(g.offered(BR), vec!["sardinia", "savoy"]);
        g.pick(BR, "savoy");
        assert_eq!((g.owner_of("savoy"), g.vp()), (Some(Flag::Britain), vp));
    }
}

/// Corsican Crisis (France): unflag a British political space in Europe; the bonus scores 1 VP if Britain
/// has no flag in Spain.
#[test]
fn corsican_crisis_france() {
    let mut g = game();
    g.give_ministry(FR, "cardinal_ministers", true);
    g.hand_of(FR, &["corsican_crisis"]);
    g.turn_with_tile(FR, event_tile(D));
    g.play(FR, "corsican_crisis");
    assert_eq!(g.offered(FR), vec!["austria_1", "dutch_republic_2", "german_states_2"]);
    g.pick(FR, "austria_1");
    assert_eq!((g.owner_of("austria_1"), g.vp()), (None, 16));
}

/// European Panic: 1 VP per debt the opponent has above the player, at most 4; the bonus (3 more available
/// debt) unflags an enemy political space in Europe.
#[test]
fn european_panic() {
    let mut g = ready(FR, "european_panic", E);
    g.power_mut(BR).debt = 5;
    assert!(g.bonus_applies(FR, card("european_panic")));
    g.play(FR, "european_panic");
    assert_eq!(g.vp(), 19, "5 more, at most 4");
    g.pick(FR, "german_states_2");
    assert_eq!(g.owner_of("german_states_2"), None);
    let mut g = ready(FR, "european_panic", E);
    g.power_mut(BR).debt = 3;
    g.power_mut(FR).debt = 1;
    assert!(!g.bonus_applies(FR, card("european_panic")));
    g.play(FR, "european_panic");
    assert_eq!(g.vp(), 17);
    assert!(g.tasks.is_empty());
}

/// War of the Quadruple Alliance (Britain): a squadron set aside for 2 VP (back at the next reset); the
/// bonus builds one, paid with a debt or a treaty point.
#[test]
fn war_of_the_quadruple_alliance_britain() {
    let mut g = game();
    g.power_mut(BR).trp = 1;
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["war_of_the_quadruple_alliance"]);
    g.turn_with_tile(BR, event_tile(D));
    assert_eq!(g.power(BR).navy_box, 2);
    g.play(BR, "war_of_the_quadruple_alliance");
    assert_eq!(g.answers(BR), vec![Action::NavyBox]);
    g.act(BR, Action::NavyBox);
    // One squadron aside for 2 VP; the bonus builds one into the box, then asks for the payment.
    assert_eq!((g.power(BR).navy_box, g.power(BR).brig, g.vp()), (2, 1, 13));
    assert_eq!(g.answers(BR), vec![Action::Choose(0), Action::Choose(1)]);
    g.act(BR, Action::Choose(1));
    assert_eq!((g.power(BR).trp, g.power(BR).debt), (0, 0));
    g.begin_peace_round(&mut Vec::new());
    assert_eq!((g.power(BR).navy_box, g.power(BR).brig), (3, 0));
}

#[test]
fn war_of_the_quadruple_alliance_britain_pays_debt_without_treaty_points() {
    let mut g = game();
    g.put("biscay", Some(BR));
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["war_of_the_quadruple_alliance"]);
    g.turn_with_tile(BR, event_tile(D));
    g.play(BR, "war_of_the_quadruple_alliance");
    g.pick(BR, "biscay");
    assert_eq!(g.answers(BR), vec![Action::Choose(0)], "no treaty point to lose");
    g.act(BR, Action::Choose(0));
    assert_eq!(g.power(BR).debt, 1);
}

#[test]
fn war_of_the_quadruple_alliance_france() {
    let mut g = ready(FR, "war_of_the_quadruple_alliance", D);
    g.play(FR, "war_of_the_quadruple_alliance");
    assert_eq!(g.offered(FR), vec!["spain_2", "spain_3", "spain_4"]);
    g.pick(FR, "spain_2");
    assert_eq!(g.owner_of("spain_2"), Some(Flag::France));
}

/// Bengal Famine: up to two conflict markers in India — the player may stop after one.
#[test]
fn bengal_famine_up_to_two() {
    let mut g = ready(FR, "bengal_famine", E);
    g.play(FR, "bengal_famine");
    assert!(g.answers(FR).contains(&Action::Done));
    g.pick(FR, "midnapore");
    g.act(FR, Action::Done);
    assert!(g.marked("midnapore") && g.tasks.is_empty());
}

/// Father le Loutre (Britain): a conflict marker on a fish market; the bonus 2 military points in North
/// America.
#[test]
fn father_le_loutre_britain() {
    let mut g = game();
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["father_le_loutre"]);
    g.turn_with_tile(BR, event_tile(M));
    g.play(BR, "father_le_loutre");
    assert_eq!(g.offered(BR), vec!["georges_bank", "gulf_of_st_lawrence", "massachusetts_bay", "northeast_channel"]);
    g.pick(BR, "gulf_of_st_lawrence");
    assert!(g.marked("gulf_of_st_lawrence"));
    let pool = g.pool_of(M, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
}

/// Father le Loutre (France): a conflict marker on a British market; the bonus 2 economic points in North
/// America.
#[test]
fn father_le_loutre_france() {
    // Ruling S40 (card texts).
    let mut g = game();
    g.give_ministry(FR, "cardinal_ministers", true);
    g.hand_of(FR, &["father_le_loutre"]);
    g.turn_with_tile(FR, event_tile(M));
    g.play(FR, "father_le_loutre");
    assert!(g.offered(FR).contains(&"midnapore".to_string()));
    assert!(!g.offered(FR).contains(&"cataraqui".to_string()), "British markets only");
    g.pick(FR, "midnapore");
    assert!(g.marked("midnapore"));
    let pool = g.pool_of(E, Origin::Event);
    assert_eq!(g.points(pool as usize), 2);
}

// --- Revolution era ---------------------------------------------------------------------------------------

/// Nootka Incident (Britain): 2 diplomatic or economic points; the bonus scores 2 VP per British alliance
/// space in Spain, whose flags then go.
#[test]
fn nootka_incident_britain() {
    let mut g = game();
    g.at_turn(7);
    g.put("spain_1", Some(BR)).put("spain_3", Some(BR)).put("spain_2", Some(BR));
    g.give_ministry(BR, "east_india_company", true);
    g.hand_of(BR, &["nootka_incident"]);
    g.turn_with_tile(BR, event_tile(M));
    g.play(BR, "nootka_incident");
    g.act(BR, Action::Choose(0));
    assert_eq!(g.total(D), 2);
    assert_eq!(g.vp(), 11);
    assert_eq!((g.owner_of("spain_1"), g.owner_of("spain_3")), (None, None));
    assert_eq!(g.owner_of("spain_2"), Some(Flag::Britain), "not an alliance space");
}

/// Nootka Incident (France): a British squadron home; the bonus builds a French one for nothing.
#[test]
fn nootka_incident_france() {
    let mut g = game();
    g.at_turn(7);
    g.put("cabot_strait", Some(BR));
    g.give_ministry(FR, "dupleix", true);
    g.hand_of(FR, &["nootka_incident"]);
    g.turn_with_tile(FR, event_tile(M));
    let (br_box, fr_box) = (g.power(BR).navy_box, g.power(FR).navy_box);
    g.play(FR, "nootka_incident");
    g.pick(FR, "cabot_strait");
    assert_eq!((g.power(BR).navy_box, g.power(FR).navy_box), (br_box + 1, fr_box + 1));
}

/// Haitian Revolution: «+1» conflict markers on Caribbean sugar markets (three with the bonus) cost 3
/// military points to remove.
#[test]
fn haitian_revolution_markers_cost_three() {
    let mut g = game();
    g.at_turn(7);
    g.hand_of(FR, &["haitian_revolution"]);
    g.turn_with_tile(FR, event_tile(E));
    assert!(g.bonus_applies(FR, card("haitian_revolution")));
    g.play(FR, "haitian_revolution");
    assert!(!g.offered(FR).contains(&"georgia".to_string()), "sugar only");
    for id in ["st_lucia", "antigua", "puerto_rico"] {
        g.pick(FR, id);
    }
    assert!(g.board.conflict_plus.contains(sp("st_lucia")));
    // Britain's minor action has 2 military points: enough for a plain marker, not for these.
    g.mark("georgia");
    g.turn_with_tile(BR, tile(E, 3, M));
    let e = g.refuse(BR, Action::RemoveConflict { space: sp("st_lucia"), pool: 1 });
    assert!(e.message.contains("costs 3"), "{e}");
    g.act(BR, Action::RemoveConflict { space: sp("georgia"), pool: 1 });
    assert!(!g.marked("georgia"));
    g.turn_with_tile(BR, tile(M, 3, E));
    g.act(BR, Action::RemoveConflict { space: sp("st_lucia"), pool: 0 });
    assert_eq!(g.points(0), 0);
    assert!(!g.marked("st_lucia") && !g.board.conflict_plus.contains(sp("st_lucia")));
}

/// Loge des Neuf Soeurs (Britain): a marker in the Northern Colonies; the bonus scores 3 VP with more
/// British flags than French in North America.
#[test]
fn loge_des_neuf_soeurs_britain() {
    let mut g = game();
    g.at_turn(7);
    g.put("albany", Some(BR));
    g.give_ministry(BR, "jonathan_swift", true);
    g.hand_of(BR, &["loge_des_neuf_soeurs"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "loge_des_neuf_soeurs");
    assert!(!g.offered(BR).contains(&"cataraqui".to_string()), "Canada is not the Northern Colonies");
    g.pick(BR, "iroquois");
    assert_eq!(g.vp(), 12, "5 British flags against 4");
}

/// Loge des Neuf Soeurs (France): an advantage outside Europe used at once, even exhausted.
#[test]
fn loge_des_neuf_soeurs_france_free_advantage() {
    // Ruling S36.
    let mut g = game();
    g.at_turn(7);
    g.put("denmark_norway", Some(FR)).put("prussia_1", Some(FR));
    g.power_mut(FR).debt = 2;
    g.give_ministry(FR, "pompadour_and_du_barry", true);
    g.hand_of(FR, &["loge_des_neuf_soeurs"]);
    g.turn_with_tile(FR, event_tile(E));
    g.exhaust(adv::ALGONQUIN_RAIDS).exhaust(adv::BALTIC_TRADE);
    g.play(FR, "loge_des_neuf_soeurs");
    assert_eq!(g.answers(FR), vec![Action::Advantage(adv::ALGONQUIN_RAIDS), Action::Done], "not Baltic Trade");
    g.act(FR, Action::Advantage(adv::ALGONQUIN_RAIDS));
    g.pick(FR, "hudson_valley");
    assert!(g.marked("hudson_valley"));
    assert_eq!(g.total(D), 2 + 2, "the minor's 2 and the bonus's 2");
}

/// La Gabelle (Britain): exhaust up to two advantages of any holder; they do nothing.
#[test]
fn la_gabelle_britain_exhausts_two() {
    let mut g = game();
    g.at_turn(7);
    g.hand_of(BR, &["la_gabelle"]);
    g.turn_with_tile(BR, event_tile(D));
    g.power_mut(BR).debt = 0;
    g.power_mut(FR).debt = 3;
    let debt = g.power(BR).debt;
    g.play(BR, "la_gabelle");
    g.act(BR, Action::Advantage(adv::ALGONQUIN_RAIDS));
    g.act(BR, Action::Advantage(adv::BALTIC_TRADE));
    assert!(g.is_exhausted(adv::ALGONQUIN_RAIDS) && g.is_exhausted(adv::BALTIC_TRADE));
    assert!(g.tasks.is_empty());
    assert_eq!(g.power(BR).debt, debt, "Baltic Trade did nothing");
    assert!(g.board.conflict.is_empty(), "Algonquin Raids did nothing");
    assert_eq!(g.total(E), 2 + 2, "the minor's 2 and the bonus's 2");
}

/// La Gabelle (France): 2 economic points; the bonus 2 VP, 3 with the Governance keyword.
#[test]
fn la_gabelle_france() {
    for (governance, vp) in [(false, 17), (true, 18)] {
        let mut g = game();
        g.at_turn(7);
        if governance {
            g.give_ministry(FR, "choiseul", true);
        }
        g.hand_of(FR, &["la_gabelle"]);
        g.turn_with_tile(FR, event_tile(D));
        g.power_mut(BR).debt = 1;
        g.play(FR, "la_gabelle");
        assert_eq!(g.vp(), vp);
    }
}

/// Jesuit Abolition (Britain): unflag a French sugar market; the bonus 3 economic points in the Caribbean.
#[test]
fn jesuit_abolition_britain() {
    let mut g = game();
    g.at_turn(7);
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["jesuit_abolition"]);
    g.turn_with_tile(BR, event_tile(E));
    g.play(BR, "jesuit_abolition");
    assert_eq!(g.offered(BR), vec!["martinique", "port_de_paix"]);
    g.pick(BR, "port_de_paix");
    assert_eq!(g.owner_of("port_de_paix"), None);
    let pool = g.pool_of(E, Origin::Event);
    assert_eq!(g.points(pool as usize), 3);
}

/// Debt Crisis: 3 economic points to unflag markets with more available debt; the bonus (3 more) 2 VP.
#[test]
fn debt_crisis() {
    for (br_debt, points, vp) in [(0u8, 0u8, 15), (1, 3, 15), (3, 3, 17)] {
        let mut g = game();
        g.at_turn(7);
        g.hand_of(FR, &["debt_crisis"]);
        g.turn_with_tile(FR, event_tile(E));
        g.power_mut(BR).debt = br_debt;
        g.play(FR, "debt_crisis");
        let event: u8 = g.pools().iter().filter(|p| p.origin == Origin::Event).map(|p| p.points).sum();
        assert_eq!((event, g.vp()), (points, vp), "Britain's debt {br_debt}");
    }
}

/// East Asia Piracy: 3 VP if squadrons, forts and local alliances in India outnumber the opponent's.
#[test]
fn east_asia_piracy() {
    for (marked, vp) in [(false, 12), (true, 15)] {
        let mut g = game();
        g.at_turn(7);
        g.put("hooghly_river", Some(BR)).put("arcot", Some(BR)).put("mysore", Some(BR));
        g.put("vandavasi", Some(FR)).put("nizam", Some(FR));
        if marked {
            g.mark("mysore");
        }
        g.hand_of(BR, &["east_asia_piracy"]);
        g.turn_with_tile(BR, event_tile(M));
        g.play(BR, "east_asia_piracy");
        assert_eq!(g.vp(), vp);
    }
}

/// Stamp Act (France): a marker in the Northern Colonies, three with the bonus.
#[test]
fn stamp_act_france() {
    let mut g = game();
    g.at_turn(7);
    g.give_ministry(FR, "dupleix", true);
    g.hand_of(FR, &["stamp_act"]);
    g.turn_with_tile(FR, event_tile(E));
    g.play(FR, "stamp_act");
    for id in ["chesapeake", "hudson_valley", "iroquois"] {
        assert!(g.offered(FR).contains(&id.to_string()));
        g.pick(FR, id);
    }
    assert!(g.marked("chesapeake") && g.marked("hudson_valley") && g.marked("iroquois"));
    assert!(g.tasks.is_empty());
}

/// Falklands Crisis (Britain): 1 VP for a British space in Spain; with Mediterranean Intrigue held, unflag a
/// French space there.
#[test]
fn falklands_crisis_britain() {
    let mut g = game();
    g.at_turn(7);
    g.put("savoy", Some(BR)).put("spain_4", Some(BR));
    g.hand_of(BR, &["falklands_crisis"]);
    g.turn_with_tile(BR, event_tile(D));
    assert_eq!(g.held_advantage(adv::MEDITERRANEAN_INTRIGUE), Some(BR));
    g.play(BR, "falklands_crisis");
    assert_eq!(g.vp(), 14);
    assert_eq!(g.offered(BR), vec!["spain_1"]);
    g.pick(BR, "spain_1");
    assert_eq!(g.owner_of("spain_1"), None);
}

/// Falklands Crisis (France): a military point per French flag in Spain; the bonus removes a British
/// squadron from the game, which lowers Britain's limit of 8 for good.
#[test]
fn falklands_crisis_france_squadron_removed_for_good() {
    let mut g = game();
    g.at_turn(7);
    g.put("savoy", Some(FR)).put("spain_4", Some(FR)).put("spain_3", Some(FR));
    g.hand_of(FR, &["falklands_crisis"]);
    g.turn_with_tile(FR, event_tile(D));
    let unbuilt = g.squadrons_unbuilt(BR);
    g.play(FR, "falklands_crisis");
    let pool = g.pool_of(M, Origin::Event);
    assert_eq!(g.points(pool as usize), 3, "Spain 1, 3 and 4");
    g.act(FR, Action::NavyBox);
    assert_eq!((g.power(BR).navy_box, g.power(BR).squadrons_lost), (1, 1));
    assert_eq!(g.squadrons_unbuilt(BR), unbuilt, "one fewer built, one fewer buildable");
    assert_eq!(g.power(BR).navy_box + g.squadrons_unbuilt(BR), 7, "7 squadrons at most from now on");
}

/// Cook and Bougainville (Britain): 1 economic point per 2 squadrons; the bonus draws a bonus war tile.
#[test]
fn cook_and_bougainville_britain() {
    let mut g = game();
    g.at_turn(7);
    g.put("biscay", Some(BR)).put("cabot_strait", Some(BR)).put("hooghly_river", Some(BR));
    g.give_ministry(BR, "east_india_company", true);
    g.hand_of(BR, &["cook_and_bougainville"]);
    g.turn_with_tile(BR, event_tile(D));
    g.play(BR, "cook_and_bougainville");
    assert_eq!(g.total(E), 2 + 2, "5 squadrons: 2 points, and the minor's 2");
    g.act(BR, Action::Theatre(1));
    assert_eq!(g.war.theatres[1][BR.index()].bonus.len(), 1);
}

#[test]
fn cook_and_bougainville_france() {
    let mut g = game();
    g.at_turn(7);
    g.give_ministry(FR, "dupleix", true);
    g.hand_of(FR, &["cook_and_bougainville"]);
    g.turn_with_tile(FR, event_tile(D));
    g.power_mut(FR).debt = 3;
    let boxed = g.power(FR).navy_box;
    g.play(FR, "cook_and_bougainville");
    assert_eq!((g.power(FR).navy_box, g.power(FR).debt), (boxed + 1, 1));
}

/// The bonus builds a squadron and only then asks for its price: with every counter built, nothing is paid.
#[test]
fn war_of_the_quadruple_alliance_britain_pays_nothing_without_a_counter() {
    let mut g = game();
    g.power_mut(BR).navy_box = 8;
    g.give_ministry(BR, "robert_walpole", true);
    g.hand_of(BR, &["war_of_the_quadruple_alliance"]);
    g.turn_with_tile(BR, event_tile(D));
    g.play(BR, "war_of_the_quadruple_alliance");
    g.act(BR, Action::NavyBox);
    assert_eq!((g.power(BR).navy_box, g.power(BR).brig), (7, 1), "no counter free: nothing built");
    assert!(g.tasks.is_empty(), "and nothing to pay");
    assert_eq!(g.power(BR).debt, 0);
}

/// Debt or treaty points taken before an event spend nothing: the event may still be played (§5.2).
#[test]
fn borrowing_leaves_the_event_window_open() {
    let mut g = game();
    g.hand_of(BR, &["west_african_gold_mining"]);
    g.turn_with_tile(BR, tile(ApKind::Diplomatic, 3, ApKind::Economic));
    g.act(BR, Action::Borrow { pool: 0 });
    g.play(BR, "west_african_gold_mining");
    assert!(g.removed.contains(&card("west_african_gold_mining")));
}

/// Great Northern War (France): a French Russia under a conflict marker counts for nothing (§3.8).
#[test]
fn great_northern_war_france_marked_russia_scores_nothing() {
    // Ruling S35 (conflict markers keep spaces out of events).
    let mut g = game();
    g.put("russia", Some(FR)).mark("russia");
    g.give_ministry(FR, "court_of_the_sun_king", true);
    g.hand_of(FR, &["great_northern_war"]);
    g.turn_with_tile(FR, tile(ApKind::Military, 3, ApKind::Economic));
    let vp = g.vp();
    g.play(FR, "great_northern_war");
    assert_eq!((g.vp(), g.owner_of("russia")), (vp, Some(Flag::France)));
}
