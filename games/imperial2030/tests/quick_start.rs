//! Golden test: the rulebook's worked example («Пример игры – „Быстрый Старт“», seed 001), rounds 1 to 6
//! turn 3, replayed action by action. After every nation's turn the treasuries, cash, governments, power and
//! flags must equal the rulebook's figures. Two slips in the text are followed as corrected in the digest
//! (shared/rules/001-imperial-2030.md §6 and §9.2): Europe in round 4 is governed by Ksenia, not Boris.

mod common;

use Nation::*;
use common::Script;
use imperial2030::action::Action;
use imperial2030::rondel::Space;
use imperial2030::state::Stance;
use imperial2030::{Config, Nation, UnitKind};

// Seats clockwise, as the players sit in the example.
const ANTON: usize = 0;
const BORIS: usize = 1;
const KSENIA: usize = 2;
const DANIIL: usize = 3;

/// Treasuries in turn order (RU, CN, IN, BR, US, EU) and cash by seat (Anton, Boris, Ksenia, Daniil).
fn expect(s: &Script, when: &str, treasuries: [i32; 6], cash: [i32; 4]) {
    assert_eq!(s.treasuries(), treasuries, "treasuries after {when}");
    assert_eq!(s.cash(), cash.to_vec(), "cash after {when}");
}

fn quick_start() -> Script {
    Script::new(Config { players: 4, deal: Some(vec![China, Brazil, India, Usa]), ..Config::default() })
}

#[test]
fn setup_matches_the_rulebook() {
    // Ruling I5 (the card backs).
    let s = quick_start();
    // «Russia 2 М. China 11 М. India 9 М. Brazil 11 М. USA 11 М. Европа 0 М.»; everyone keeps 2.
    expect(&s, "setup", [2, 11, 9, 11, 11, 0], [2, 2, 2, 2]);
    assert_eq!(s.government(Russia), Some(DANIIL), "Daniil holds Russia's only bond, its 2");
    assert_eq!(s.government(China), Some(ANTON));
    assert_eq!(s.government(India), Some(KSENIA));
    assert_eq!(s.government(Brazil), Some(BORIS));
    assert_eq!(s.government(Usa), Some(DANIIL));
    assert_eq!(s.government(Europe), None, "no Europe bond was sold");
    assert_eq!(s.game().investor_card(), Some(ANTON), "Anton sits left of Daniil, who governs Russia");
    assert_eq!(s.game().stake(China, BORIS), 2);
    assert_eq!(s.game().stake(Usa, ANTON), 2);
}

#[test]
fn rounds_one_to_six() {
    // Ruling I33 (the slips in the quick start), ruling I4 (the rondel order), ruling I18 (rail before a convoy).
    let mut s = quick_start();

    // Round 1.
    s.rondel(DANIIL, Space::Investor).invest(ANTON, Europe, 4);
    expect(&s, "R1 Russia", [1, 11, 9, 11, 11, 4], [0, 2, 2, 3]);
    assert_eq!(s.government(Europe), Some(ANTON));
    assert_eq!(s.game().investor_card(), Some(BORIS));

    s.rondel(ANTON, Space::Factory).act(ANTON, Action::BuildFactory { region: common::r("chongqing") });
    expect(&s, "R1 China", [1, 6, 9, 11, 11, 4], [0, 2, 2, 3]);

    s.rondel(KSENIA, Space::Investor).invest(BORIS, China, 4);
    expect(&s, "R1 India", [1, 10, 5, 11, 11, 4], [0, 0, 6, 3]);
    assert_eq!(s.government(China), Some(ANTON), "Anton's 9 beats Boris's 2 + 4");
    assert_eq!(s.game().investor_card(), Some(KSENIA));

    s.rondel(BORIS, Space::Production2);
    assert_eq!(s.game().units(common::r("rio_de_janeiro"), Brazil).fleets, 1);
    assert_eq!(s.game().units(common::r("brasilia"), Brazil).armies, 1);

    s.rondel(DANIIL, Space::Import)
        .import(DANIIL, UnitKind::Fleet, "san_francisco")
        .import(DANIIL, UnitKind::Fleet, "new_york")
        .import(DANIIL, UnitKind::Army, "new_orleans");
    expect(&s, "R1 USA", [1, 10, 5, 11, 8, 4], [0, 0, 6, 3]);

    s.rondel(ANTON, Space::Taxation);
    // End of round 1 as printed: «Russia 1 M. China 10 M. India 5 M. Brazil 11 M. USA 8 M. Europe 8 M.»,
    // Даниил 3, Ксения 6, Борис 0, Антон 0.
    expect(&s, "round 1", [1, 10, 5, 11, 8, 8], [0, 0, 6, 3]);
    assert_eq!(s.power(), [0; 6]);

    // Round 2.
    s.rondel(DANIIL, Space::Production1);
    s.rondel(ANTON, Space::Production2);
    s.rondel(KSENIA, Space::Taxation); // 4 spaces: Ksenia pays 1.
    expect(&s, "R2 India", [1, 10, 9, 11, 8, 8], [0, 0, 5, 3]);
    s.rondel(BORIS, Space::Maneuver2)
        .fleet(BORIS, "rio_de_janeiro", "south_atlantic")
        .act(BORIS, Action::EndFleetMoves)
        .army(BORIS, "brasilia", "argentina")
        .act(BORIS, Action::EndManeuver);
    assert_eq!(s.flags(), [0, 0, 0, 2, 0, 0], "a Brazilian flag in the South Atlantic and in Argentina");
    s.rondel(DANIIL, Space::Production1);
    s.rondel(ANTON, Space::Factory).act(ANTON, Action::BuildFactory { region: common::r("rome") });
    expect(&s, "round 2", [1, 10, 9, 11, 8, 3], [0, 0, 5, 3]);

    // Round 3.
    s.rondel(DANIIL, Space::Maneuver1)
        .fleet(DANIIL, "vladivostok", "sea_of_japan")
        .act(DANIIL, Action::EndFleetMoves)
        .army(DANIIL, "moscow", "iran")
        .act(DANIIL, Action::EndManeuver);
    assert_eq!(s.flags()[0], 2);

    s.rondel(ANTON, Space::Investor).invest(KSENIA, Europe, 6);
    // «Китайская казна выплачивает 4 млн. Антону и 3 млн. Борису»; Ksenia takes Europe from Anton.
    expect(&s, "R3 China", [1, 3, 9, 11, 8, 9], [4, 3, 1, 3]);
    assert_eq!(s.government(Europe), Some(KSENIA));
    assert_eq!(s.game().investor_card(), Some(DANIIL));

    s.rondel(KSENIA, Space::Factory).act(KSENIA, Action::BuildFactory { region: common::r("chennai") });
    expect(&s, "R3 India", [1, 3, 4, 11, 8, 9], [4, 3, 1, 3]);

    s.rondel(BORIS, Space::Investor).invest(DANIIL, Usa, 4);
    expect(&s, "R3 Brazil", [1, 3, 4, 6, 12, 9], [4, 7, 2, 1]);
    assert_eq!(s.game().investor_card(), Some(ANTON));

    s.rondel(DANIIL, Space::Maneuver1)
        .fleet(DANIIL, "san_francisco", "north_pacific")
        .fleet(DANIIL, "new_york", "north_atlantic")
        .fleet(DANIIL, "new_orleans", "caribbean_sea")
        .act(DANIIL, Action::EndFleetMoves)
        .army(DANIIL, "new_orleans", "mexico")
        // Chicago → New Orleans by rail, then carried by the fleet in the Caribbean to Colombia.
        .army_by_sea(DANIIL, "chicago", "colombia", &["caribbean_sea"])
        .act(DANIIL, Action::EndManeuver);
    assert_eq!(s.flags()[4], 5, "«5 новых американских флагов»");
    assert_eq!(s.game().flag(common::r("colombia")), Some(Usa), "the USA now controls the Panama Canal");

    s.rondel(KSENIA, Space::Investor).invest(ANTON, Russia, 6);
    // End of round 3 as printed: Даниил 1, Ксения 5, Борис 7, Антон 2.
    expect(&s, "round 3", [7, 3, 4, 6, 12, 4], [2, 7, 5, 1]);
    assert_eq!(s.government(Russia), Some(ANTON));
    assert_eq!(s.game().investor_card(), Some(BORIS));

    // Round 4.
    s.rondel(ANTON, Space::Taxation);
    // Tax 6 (2 factories + 2 flags), upkeep 2, bonus 1, power 0 → 1.
    expect(&s, "R4 Russia", [10, 3, 4, 6, 12, 4], [3, 7, 5, 1]);
    assert_eq!(s.power()[0], 1);

    s.rondel(ANTON, Space::Production1);
    s.rondel(KSENIA, Space::Investor).invest(BORIS, China, 6);
    expect(&s, "R4 India", [10, 9, 0, 6, 12, 4], [3, 3, 9, 1]);
    assert_eq!(s.government(China), Some(BORIS), "Boris's 2 + 4 + 6 = 12 beats Anton's 9");

    s.rondel(BORIS, Space::Import)
        .import(BORIS, UnitKind::Army, "manaus")
        .import(BORIS, UnitKind::Army, "manaus")
        .import(BORIS, UnitKind::Fleet, "fortaleza");
    expect(&s, "R4 Brazil", [10, 9, 0, 3, 12, 4], [3, 3, 9, 1]);

    s.rondel(DANIIL, Space::Taxation);
    // Tax 9 (2 factories + 5 flags; the 8 column), upkeep 5, bonus 1, power 0 → 2.
    expect(&s, "R4 USA", [10, 9, 0, 3, 15, 4], [3, 3, 9, 2]);
    assert_eq!(s.power()[4], 2);

    s.rondel(KSENIA, Space::Production1);
    // End of round 4 as printed: Даниил 2, Ксения 9, Борис 3, Антон 3.
    expect(&s, "round 4", [10, 9, 0, 3, 15, 4], [3, 3, 9, 2]);

    // Round 5.
    s.rondel(ANTON, Space::Factory).act(ANTON, Action::BuildFactory { region: common::r("novosibirsk") });
    expect(&s, "R5 Russia", [5, 9, 0, 3, 15, 4], [3, 3, 9, 2]);

    s.rondel(BORIS, Space::Maneuver1)
        .fleet(BORIS, "shanghai", "china_sea")
        .fleet(BORIS, "shanghai", "china_sea")
        .act(BORIS, Action::EndFleetMoves)
        .army_by_sea(BORIS, "beijing", "indonesia", &["china_sea"])
        .army_by_sea(BORIS, "chongqing", "philippines", &["china_sea"])
        .army(BORIS, "chongqing", "afghanistan")
        .army_into(BORIS, "beijing", "vladivostok", Stance::Hostile)
        .act(BORIS, Action::EndManeuver);
    assert_eq!(s.flags()[1], 4, "China Sea, Indonesia, Philippines, Afghanistan; none in Vladivostok");
    assert_eq!(s.game().flag(common::r("vladivostok")), None);

    s.rondel(KSENIA, Space::Taxation);
    expect(&s, "R5 India", [5, 9, 5, 3, 15, 4], [3, 3, 9, 2]);
    assert_eq!(s.power()[2], 1);

    s.rondel(BORIS, Space::Maneuver1)
        .fleet(BORIS, "south_atlantic", "indian_ocean")
        .fleet(BORIS, "fortaleza", "caribbean_sea")
        // «Бразилия хочет остаться дружелюбной, но США объявляет битву.»
        .act(BORIS, Action::NoBattle)
        .act(DANIIL, Action::Defend { unit: UnitKind::Fleet, stance: None })
        .act(BORIS, Action::EndFleetMoves)
        .army(BORIS, "argentina", "peru")
        .army(BORIS, "manaus", "colombia")
        .act(BORIS, Action::Fight { enemy: Usa, enemy_unit: UnitKind::Army, enemy_stance: None })
        .army(BORIS, "manaus", "colombia")
        .act(BORIS, Action::EndManeuver);
    assert_eq!(s.game().flag(common::r("caribbean_sea")), Some(Usa), "«Американский флаг остается в Карибском море»");
    assert_eq!(s.game().flag(common::r("colombia")), Some(Brazil), "the Brazilian flag replaces the American one");
    assert_eq!(s.flags(), [2, 4, 0, 5, 4, 0]);

    s.rondel(DANIIL, Space::Factory).act(DANIIL, Action::BuildFactory { region: common::r("san_francisco") });
    expect(&s, "R5 USA", [5, 9, 5, 3, 10, 4], [3, 3, 9, 2]);

    s.rondel(KSENIA, Space::Maneuver1)
        .fleet(KSENIA, "rome", "mediterranean_sea")
        .fleet(KSENIA, "london", "north_atlantic")
        .act(KSENIA, Action::NoBattle)
        .act(DANIIL, Action::NoBattle)
        .act(KSENIA, Action::EndFleetMoves)
        .army_by_sea(KSENIA, "paris", "canada", &["north_atlantic"])
        .act(KSENIA, Action::EndManeuver);
    assert_eq!(s.flags()[5], 2, "flags in the Mediterranean and Canada");
    assert_eq!(s.game().flag(common::r("north_atlantic")), Some(Usa), "the shared North Atlantic keeps its flag");

    // Round 6.
    s.rondel(ANTON, Space::Production2);
    // «Судостроительная фабрика во Владивостоке не может ничего производить из-за китайской оккупации.»
    assert_eq!(s.game().units(common::r("vladivostok"), Russia).fleets, 0);
    assert_eq!(s.game().units(common::r("moscow"), Russia).armies, 1);
    assert_eq!(s.game().units(common::r("novosibirsk"), Russia).armies, 1);

    s.rondel(BORIS, Space::Taxation);
    // Tax 10, upkeep 6, bonus 2, power +3.
    expect(&s, "R6 China", [5, 11, 5, 3, 10, 4], [3, 5, 9, 2]);

    s.rondel(KSENIA, Space::Investor).invest(KSENIA, Russia, 12);
    // The state during round 6, turn 3 (digest §6): cash Da 2, Ks 2, Bo 5, An 3; treasuries RU 17, CN 11,
    // IN 1, BR 3, US 10, EU 4; power RU 1, CN 3, IN 1, BR 0, US 2, EU 0; flags BR 5, US 4, CN 4, RU 2, EU 2.
    expect(&s, "R6 India", [17, 11, 1, 3, 10, 4], [3, 5, 2, 2]);
    assert_eq!(s.power(), [1, 3, 1, 0, 2, 0]);
    assert_eq!(s.flags(), [2, 4, 0, 5, 4, 2]);
    assert_eq!(s.government(Russia), Some(KSENIA), "Ksenia's 12 beats Anton's 6");
    assert!(s.game().has_swiss_bank(ANTON), "Anton governs nothing and takes a Swiss Bank");
    assert!(!s.game().has_swiss_bank(KSENIA));
    assert_eq!(s.game().investor_card(), Some(DANIIL));
    assert_eq!(s.game().turn(), Brazil);
}
