//! Wars (§7) beyond the golden examples: war tiles' symbols at a theatre's reveal (§7.1.2), the spoils
//! (§7.2) and the special results (§7.3).

use crate::action::Action;
use crate::content::{Power, Region, TileSymbol, WarId};
use crate::event::Event;
use crate::state::ImperialStruggle;
use crate::testkit::*;

/// Issue 13, item 4. §7.1.2: the flag symbol takes any enemy market or political space of the theatre's
/// region; a *market* must be one whose loss isolates no other market, if such a market exists. The
/// preference is among markets only: when every candidate market would isolate another, a market may still
/// be taken, whatever political spaces there are.
#[test]
fn the_flag_symbol_avoids_isolating_among_markets_only() {
    // Ruling S44 (the flag symbol).
    let mut g = game();
    g.empty_region(Region::India);
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
    g.war_mut().theatres[carnatic][Power::Britain.index()].basic = vec![flag as u8];
    g.run_war();
    assert_eq!(g.offered(Power::Britain), ["karaikal", "maratha"], "the only market is a choice, isolating or not");

    // With a market that isolates nothing, the isolating one is no longer offered.
    g.put("mangalore", Some(Power::France)).put("malabar_coast", Some(Power::France));
    g.fight_from(WarId::Syw, carnatic as u8);
    g.war_mut().theatres[carnatic][Power::Britain.index()].basic = vec![flag as u8];
    g.run_war();
    assert!(!g.unflag_isolates_others(sp("mangalore")));
    assert_eq!(g.offered(Power::Britain), ["mangalore", "maratha"]);
}

/// Issue 13, item 7. Spoils that unflag (§7.2) may take a space with a conflict marker: the seed's
/// spoils say nothing of markers; only the war tile's flag symbol excludes them (§7.1.2).
#[test]
fn spoils_may_unflag_a_market_under_a_conflict_marker() {
    // Ruling S47.
    let mut g = game();
    g.empty_region(Region::NorthAmerica);
    g.put("louisbourg", Some(Power::Britain)).put("ile_aux_noix", Some(Power::France)).mark("ile_aux_noix");
    g.fight_from(WarId::Syw, 2); // the French & Indian War: won by 2, one North American market unflagged
    g.war_mut().theatres[2][Power::Britain.index()].basic = vec![1]; // +1, with Louisbourg's +1
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
    // Ruling S50 (the USA award).
    let mut g = game();
    g.empty_region(Region::NorthAmerica).empty_region(Region::Caribbean);
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
    g.war_mut().theatres[revolution][Power::France.index()].basic = vec![0]; // +2
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
    // Ruling S48.
    let mut g = game();
    g.empty_region(Region::NorthAmerica);
    g.put("louisbourg", Some(Power::Britain)).put("cabot_strait", Some(Power::Britain));
    g.put("gulf_of_maine", Some(Power::France));
    g.power_mut(Power::Britain).navy_box = 1;
    let french_box = g.power(Power::France).navy_box;
    g.fight_from(WarId::Syw, 2); // the French & Indian War
    g.war_mut().theatres[2][Power::Britain.index()].basic = vec![1];
    g.run_war();
    assert!(g.offered(Power::Britain).contains(&"gulf_of_maine".to_string()), "{:?}", g.offered(Power::Britain));
    g.pick(Power::Britain, "gulf_of_maine");
    assert_eq!(g.answers(Power::Britain), [Action::NavyBox, Action::Pick(sp("cabot_strait"))]);
    g.pick(Power::Britain, "cabot_strait");
    assert_eq!((g.owner_of("cabot_strait"), g.owner_of("gulf_of_maine")), (None, Some(crate::content::Flag::Britain)));
    assert_eq!(g.power(Power::Britain).navy_box, 1, "the navy box's squadron stayed");
    assert_eq!(g.power(Power::France).navy_box, french_box + 1);
}

/// The index of the theatre `name` of `war`.
fn theatre(g: &ImperialStruggle, war: WarId, name: &str) -> u8 {
    g.content.war(war).theatres.iter().position(|t| t.name == name).expect("a theatre of that name") as u8
}

/// Fight the war from where it stands to its end, answering every choice as `settle` does; every event.
fn fight_to_the_end(g: &mut ImperialStruggle) -> Vec<Event> {
    let mut events = g.run_war();
    for _ in 0..200 {
        let Some(who) = g.tasks.front().and_then(|t| t.chooser()) else { break };
        let answers = g.answers(who);
        let a = if answers.contains(&Action::Done) { Action::Done } else { answers[0].clone() };
        events.extend(g.act(who, a));
    }
    events
}

/// Issue 13, item 8. §7.3 «Поражение якобитов» and the Jacobite Victory marker: France winning the WAS
/// Jacobite Rebellion takes a Jacobite Victory marker; Britain winning it by 2 gives the Jacobite Defeat,
/// and Jacobite Uprisings leaves the game at once, from France's ministries too.
#[test]
fn jacobite_victory_and_defeat() {
    let mut g = game();
    g.empty_region(Region::Europe);
    let rebellion = theatre(&g, WarId::Was, "Jacobite Rebellion");
    g.fight_from(WarId::Was, rebellion);
    g.war_mut().theatres[rebellion as usize][Power::France.index()].basic = vec![1]; // +1
    let events = fight_to_the_end(&mut g);
    assert!(events.contains(&Event::JacobiteVictory), "{events:?}");
    assert_eq!((g.jacobites.victories, g.jacobites.defeat), (1, false));

    let mut g = game();
    g.empty_region(Region::Europe);
    g.give_ministry(Power::France, "jacobite_uprisings", true);
    g.fight_from(WarId::Was, rebellion);
    g.war_mut().theatres[rebellion as usize][Power::Britain.index()].basic = vec![0]; // +2
    let events = fight_to_the_end(&mut g);
    assert!(events.contains(&Event::JacobiteDefeat), "{events:?}");
    assert!(g.jacobites.defeat && g.jacobites.removed);
    assert!(g.power(Power::France).slot(crate::ministries::JACOBITE_UPRISINGS).is_none(), "the card left the game");
}

/// Issue 13, item 8. The SYW's Atlantic Dominance theatre, won by 2, puts the winner's marker (+2) on the
/// French & Indian War; the war's reset takes it off again (§7.3, §7.5).
#[test]
fn atlantic_dominance_adds_two_to_the_french_and_indian_war() {
    let mut g = game();
    let atlantic = theatre(&g, WarId::Syw, "Atlantic Dominance");
    let french_and_indian = theatre(&g, WarId::Syw, "French & Indian War");
    g.fight_from(WarId::Syw, atlantic);
    g.war_mut().theatres[atlantic as usize][Power::Britain.index()].basic = vec![0]; // +2
    let events = fight_to_the_end(&mut g);
    assert!(events.contains(&Event::AtlanticDominance { power: Power::Britain }), "{events:?}");
    let parts = events.iter().find_map(|e| match e {
        Event::TheatreRevealed { theatre, parts, .. } if *theatre == french_and_indian => Some(parts.clone()),
        _ => None,
    });
    assert_eq!(parts.map(|p| (p[0].markers, p[1].markers)), Some((2, 0)), "the marker's +2 for Britain");
    assert_eq!(g.war.atlantic, None, "the reset takes the marker off");
}

/// Ruling S46: a margin below the war mat's first row gives nothing. Atlantic Dominance needs 2; won by 1,
/// it places no marker and scores nothing.
#[test]
fn a_margin_below_the_first_row_gives_nothing() {
    let mut g = game();
    let atlantic = theatre(&g, WarId::Syw, "Atlantic Dominance");
    let one = g.content.basic_tiles.iter().position(|t| t.value == 1 && t.symbol.is_none()).expect("a +1 tile");
    g.fight_from(WarId::Syw, atlantic);
    g.war_mut().theatres[atlantic as usize][Power::Britain.index()].basic = vec![one as u8];
    let events = fight_to_the_end(&mut g);
    let won = events.iter().find_map(|e| match e {
        Event::TheatreWon { theatre, power, margin, .. } if *theatre == atlantic => Some((*power, *margin)),
        _ => None,
    });
    assert_eq!(won, Some((Power::Britain, 1)), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::AtlanticDominance { .. })), "{events:?}");
    assert_eq!(g.war.atlantic, None);
}

/// Issue 13, item 8. The AWI's Antilles War: the loser's squadrons removed by the spoils leave the game for
/// good (the war mat's «squadrons lost for good»).
#[test]
fn antilles_war_squadron_losses_are_for_good() {
    let mut g = game();
    g.empty_region(Region::Caribbean);
    let antilles = theatre(&g, WarId::Awi, "Antilles War");
    g.put("antilles_channel", Some(Power::France));
    g.power_mut(Power::France).navy_box = 0;
    let lost = g.power(Power::France).squadrons_lost;
    g.fight_from(WarId::Awi, antilles);
    g.war_mut().theatres[antilles as usize][Power::Britain.index()].basic = vec![0, 1]; // +2 and +1
    let events = g.run_war();
    // France's dotted spaces count 2 for it: Britain wins by 1, the «1» row — one French squadron lost.
    assert!(
        events.iter().any(|e| matches!(e, Event::TheatreWon { power: Power::Britain, margin: 1, .. })),
        "{events:?}"
    );
    assert_eq!(g.offered(Power::France), ["antilles_channel"]);
    g.pick(Power::France, "antilles_channel");
    assert_eq!(g.owner_of("antilles_channel"), None);
    assert_eq!(g.power(Power::France).squadrons_lost, lost + 1, "out of the game, not back to the navy box");
    assert_eq!(g.power(Power::France).navy_box, 0);
}

/// Issue 13, item 8. §7.6: after the WAS each power carries as many of its bonus war tiles into the SYW as
/// it had on the WAS mat, at most 3, drawn from its new pool.
#[test]
fn bonus_tiles_carry_into_the_seven_years_war_at_most_three() {
    // Ruling S51 (the SYW's bonus tiles).
    let mut g = game();
    let last = g.content.war(WarId::Was).theatres.len() as u8 - 1;
    g.fight_from(WarId::Was, last);
    let was_tiles = |p: Power| -> Vec<u16> {
        (0..g.content.bonus_tiles.len() as u16)
            .filter(|&i| {
                g.content.bonus_tiles[i as usize].war == WarId::Was && g.content.bonus_tiles[i as usize].power == p
            })
            .collect()
    };
    let (french, british) = (was_tiles(Power::France), was_tiles(Power::Britain));
    g.war_mut().theatres[0][Power::France.index()].bonus = french[..2].to_vec();
    g.war_mut().theatres[1][Power::France.index()].bonus = french[2..4].to_vec();
    g.war_mut().theatres[0][Power::Britain.index()].bonus = british[..1].to_vec();
    fight_to_the_end(&mut g);
    assert_eq!(g.war.war, Some(WarId::Syw), "the SYW's mat is laid out");
    assert_eq!(g.power(Power::France).carried_bonus.len(), 3, "four on the mat, three carried");
    assert_eq!(g.power(Power::Britain).carried_bonus.len(), 1);
    let syw = |t: &u16| g.content.bonus_tiles[*t as usize].war == WarId::Syw;
    assert!(g.power(Power::France).carried_bonus.iter().all(syw), "drawn from the SYW's set");
}

/// Issue 13, item 8. §7.5: the war's reset takes off the conflict markers that counted in it — those on
/// flagged spaces in the regions of the theatres that count them — and leaves the others.
#[test]
fn the_war_reset_removes_only_the_counted_conflict_markers() {
    // Ruling S49 (the war's reset).
    let mut g = game();
    let counts = |g: &ImperialStruggle, r: Region| {
        g.content.war(WarId::Was).theatres.iter().any(|th| th.conflicts && th.regions().any(|x| x == r))
    };
    assert!(counts(&g, Region::NorthAmerica) && !counts(&g, Region::Caribbean), "the WAS's theatres");
    g.put("albany", Some(Power::Britain)).mark("albany");
    g.put("havana", Some(Power::France)).mark("havana");
    let last = g.content.war(WarId::Was).theatres.len() as u8 - 1;
    g.fight_from(WarId::Was, last);
    fight_to_the_end(&mut g);
    assert_eq!(g.war.war, Some(WarId::Syw), "the WAS is over");
    assert!(!g.marked("albany"), "counted in King George's War: off");
    assert!(g.marked("havana"), "the Caribbean counted in no WAS theatre: it stays");
}

/// Ruling S43 (§7.1.2): the power nearer its automatic victory resolves its tiles' symbols first — France
/// above 15, Britain below — and at 15 the one that moved first in the last round.
#[test]
fn the_power_nearer_victory_resolves_its_symbols_first() {
    let mut g = game();
    g.set_vp(16);
    assert_eq!(g.first_in_war(), Power::France);
    g.set_vp(14);
    assert_eq!(g.first_in_war(), Power::Britain);
    g.set_vp(15);
    for first in Power::BOTH {
        g.first = first;
        assert_eq!(g.first_in_war(), first);
    }
}
