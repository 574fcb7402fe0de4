//! Wars (§7) beyond the golden examples: war tiles' symbols at a theatre's reveal (§7.1.2), the spoils
//! (§7.2) and the special results (§7.3).

use crate::action::Action;
use crate::content::{Power, Region, TileSymbol, WarId};
use crate::testkit::*;

/// Issue 13, item 4. §7.1.2: the flag symbol takes any enemy market or political space of the theatre's
/// region; a *market* must be one whose loss isolates no other market, if such a market exists. The
/// preference is among markets only: when every candidate market would isolate another, a market may still
/// be taken, whatever political spaces there are.
#[test]
fn the_flag_symbol_avoids_isolating_among_markets_only() {
    let mut g = game();
    let india = g.content.masks.by_region[Region::India.index()];
    for s in india.iter() {
        g.board.set(s, None);
    }
    g.board.conflict = g.board.conflict.without(india);
    // Pondicherry joins Karaikal, which joins Tiruchirappalli (marked, so not a candidate itself): taking
    // Karaikal would cut Tiruchirappalli off. Maratha is a French political space.
    g.put("pondicherry", Some(Power::France)).put("karaikal", Some(Power::France));
    g.put("tiruchirappalli", Some(Power::France)).mark("tiruchirappalli");
    g.put("maratha", Some(Power::France));
    assert!(g.unflag_isolates_others(sp("karaikal")));

    let carnatic =
        g.content.war(WarId::Syw).theatres.iter().position(|t| t.region == Region::India).expect("an India theatre");
    let flag = g.content.basic_tiles.iter().position(|t| t.symbol == Some(TileSymbol::Flag)).expect("a flag tile");
    g.fight_from(WarId::Syw, carnatic as u8);
    g.war.theatres[carnatic][Power::Britain.index()].basic = vec![flag as u8];
    g.run_war();
    assert_eq!(g.offered(Power::Britain), ["karaikal", "maratha"], "the only market is a choice, isolating or not");

    // With a market that isolates nothing, the isolating one is no longer offered.
    g.put("mangalore", Some(Power::France)).put("malabar_coast", Some(Power::France));
    g.fight_from(WarId::Syw, carnatic as u8);
    g.war.theatres[carnatic][Power::Britain.index()].basic = vec![flag as u8];
    g.run_war();
    assert!(!g.unflag_isolates_others(sp("mangalore")));
    assert_eq!(g.offered(Power::Britain), ["mangalore", "maratha"]);
}

/// Issue 13, item 7. Spoils that unflag (§7.2) may take a space with a conflict marker: the seed's
/// spoils say nothing of markers; only the war tile's flag symbol excludes them (§7.1.2).
#[test]
fn spoils_may_unflag_a_market_under_a_conflict_marker() {
    let mut g = game();
    let north_america = g.content.masks.by_region[Region::NorthAmerica.index()];
    for s in north_america.iter() {
        g.board.set(s, None);
    }
    g.board.conflict = g.board.conflict.without(north_america);
    g.put("louisbourg", Some(Power::Britain)).put("ile_aux_noix", Some(Power::France)).mark("ile_aux_noix");
    g.fight_from(WarId::Syw, 2); // the French & Indian War: won by 2, one North American market unflagged
    g.war.theatres[2][Power::Britain.index()].basic = vec![1]; // +1, with Louisbourg's +1
    g.run_war();
    // The conquest point finds nothing to take; the unflag may take the marked Île aux Noix.
    while g.answers(Power::Britain).contains(&Action::Done) {
        g.act(Power::Britain, Action::Done);
    }
    assert_eq!(g.offered(Power::Britain), ["ile_aux_noix"]);
}

/// Issue 13, item 2. §7.3 «США»: after France places its US flags, the markets of North America and the
/// Caribbean they cut off lose their flags — both sides', and not at France's choice (the reference guide
/// reads the clean-up as part of the award). Here a US flag on the Northern Colonies isolates British
/// Chesapeake, one on San Agustín isolates France's own Panzacola; France stops at once, and both go.
#[test]
fn the_us_award_clears_every_market_it_isolates() {
    let mut g = game();
    let americas = g.content.masks.by_region[Region::NorthAmerica.index()]
        .or(g.content.masks.by_region[Region::Caribbean.index()]);
    for s in americas.iter() {
        g.board.set(s, None);
    }
    g.board.conflict = g.board.conflict.without(americas);
    g.put("northern_colonies", Some(Power::Britain)).put("chesapeake", Some(Power::Britain));
    g.put("san_agustin", Some(Power::France)).put("panzacola", Some(Power::France));
    let revolution = g
        .content
        .war(WarId::Awi)
        .theatres
        .iter()
        .position(|t| {
            t.tiers[Power::France.index()].iter().any(|r| r.special.contains(&crate::content::SpecialAward::Usa))
        })
        .expect("the theatre with the USA award");
    g.fight_from(WarId::Awi, revolution as u8);
    g.war.theatres[revolution][Power::France.index()].basic = vec![0]; // +2
    g.run_war();
    g.pick(Power::France, "northern_colonies");
    g.pick(Power::France, "san_agustin");
    assert_eq!(g.offered(Power::France), ["carolinas"], "a US flag may still go there; no market is a choice");
    g.act(Power::France, Action::Done);
    assert_eq!((g.owner_of("chesapeake"), g.owner_of("panzacola")), (None, None), "both isolated markets cleared");
}

/// Issue 13, item 7. §7.2.1.1: a naval space is taken with a squadron from the navy box or from another naval
/// space of the theatre; when both could go, the player chooses (the engine used to take the navy box's).
#[test]
fn the_player_chooses_the_squadron_that_takes_a_naval_space() {
    let mut g = game();
    let north_america = g.content.masks.by_region[Region::NorthAmerica.index()];
    for s in north_america.iter() {
        g.board.set(s, None);
    }
    g.board.conflict = g.board.conflict.without(north_america);
    g.put("louisbourg", Some(Power::Britain)).put("cabot_strait", Some(Power::Britain));
    g.put("gulf_of_maine", Some(Power::France));
    g.power_mut(Power::Britain).navy_box = 1;
    let french_box = g.power(Power::France).navy_box;
    g.fight_from(WarId::Syw, 2); // the French & Indian War
    g.war.theatres[2][Power::Britain.index()].basic = vec![1];
    g.run_war();
    assert!(g.offered(Power::Britain).contains(&"gulf_of_maine".to_string()), "{:?}", g.offered(Power::Britain));
    g.pick(Power::Britain, "gulf_of_maine");
    assert_eq!(g.answers(Power::Britain), [Action::NavyBox, Action::Pick(sp("cabot_strait"))]);
    g.pick(Power::Britain, "cabot_strait");
    assert_eq!((g.owner_of("cabot_strait"), g.owner_of("gulf_of_maine")), (None, Some(crate::content::Flag::Britain)));
    assert_eq!(g.power(Power::Britain).navy_box, 1, "the navy box's squadron stayed");
    assert_eq!(g.power(Power::France).navy_box, french_box + 1);
}
