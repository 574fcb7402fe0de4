//! Refusals: every kind of illegal action is refused with a message a player can act on, citing the
//! rulebook, and the state is checked (not assumed) to be unchanged. Positions come from the rulebook's
//! quick start.

mod common;

use Nation::*;
use common::{Script, r};
use imperia_core::{Match, MatchError, Viewer};
use imperial2030::action::Action;
use imperial2030::rondel::Space;
use imperial2030::state::Stance;
use imperial2030::{Config, Imperial2030, Nation, UnitKind};

const ANTON: usize = 0;
const BORIS: usize = 1;
const KSENIA: usize = 2;
const DANIIL: usize = 3;

fn quick_start() -> Script {
    Script::new(Config { players: 4, deal: Some(vec![China, Brazil, India, Usa]), ..Config::default() })
}

/// Round 1 up to the USA's turn, as in the quick start but with no factory for China.
fn opening(s: &mut Script) {
    s.rondel(DANIIL, Space::Investor).invest(ANTON, Europe, 4);
    s.rondel(ANTON, Space::Factory).act(ANTON, Action::BuildNothing);
    s.rondel(KSENIA, Space::Investor).invest(BORIS, China, 4);
    s.rondel(BORIS, Space::Production2);
}

#[test]
fn out_of_turn_and_out_of_place() {
    let mut s = quick_start();
    s.refused(ANTON, Action::Rondel { space: Space::Factory }, "not your decision");
    s.refused(
        DANIIL,
        Action::MoveFleet { from: r("vladivostok"), to: r("sea_of_japan") },
        "not a decision of this moment",
    );
    s.refused(DANIIL, Action::PermitPassage, "not a decision of this moment");
    s.refused(DANIIL, Action::Invest { nation: Russia, price: 4, trade_in: None }, "not a decision of this moment");
}

#[test]
fn rondel_moves() {
    // Ruling I11 (paying for the rondel).
    let mut s = quick_start();
    opening(&mut s);
    s.rondel(DANIIL, Space::Import).act(DANIIL, Action::EndImport);
    s.rondel(ANTON, Space::Taxation);
    // Russia stands on Investor; Daniil has 3.
    s.refused(DANIIL, Action::Rondel { space: Space::Investor }, "8 spaces away");
    s.refused(DANIIL, Action::Rondel { space: Space::Maneuver2 }, "7 spaces away");
    // Six spaces, to Production, cost him 3: allowed.
    s.rondel(DANIIL, Space::Production2);
    // China stands on Factory and Anton has nothing: Import, 4 spaces away, would cost 1.
    s.refused(ANTON, Action::Rondel { space: Space::Import }, "costs 1, more than the government player's cash");
}

#[test]
fn factories_imports_and_investments() {
    let mut s = quick_start();
    s.rondel(DANIIL, Space::Investor);
    s.refused(ANTON, Action::Invest { nation: Usa, price: 9, trade_in: None }, "already sold");
    s.refused(ANTON, Action::Invest { nation: Europe, price: 9, trade_in: None }, "cannot pay 9");
    s.refused(ANTON, Action::Invest { nation: Europe, price: 7, trade_in: None }, "no bond priced 7");
    s.refused(ANTON, Action::Invest { nation: Europe, price: 4, trade_in: Some(2) }, "no Europe 2 bond to trade in");
    s.refused(ANTON, Action::Invest { nation: China, price: 4, trade_in: Some(9) }, "traded up for a dearer one");
    s.invest(ANTON, Europe, 4);

    s.rondel(ANTON, Space::Factory);
    s.refused(ANTON, Action::BuildFactory { region: r("moscow") }, "not a home province of China");
    s.refused(ANTON, Action::BuildFactory { region: r("beijing") }, "already has a factory");
    s.act(ANTON, Action::BuildFactory { region: r("chongqing") });

    s.rondel(KSENIA, Space::Investor).invest(BORIS, China, 4);
    s.rondel(BORIS, Space::Production2);
    s.rondel(DANIIL, Space::Import);
    s.refused(DANIIL, Action::Import { unit: UnitKind::Fleet, region: r("chicago") }, "blue harbour cities");
    s.refused(DANIIL, Action::Import { unit: UnitKind::Army, region: r("mexico") }, "not a home province of USA");
}

#[test]
fn maneuvers_and_battles() {
    // Ruling I20 (convoy routes: a route not offered is refused with the ones that are).
    let mut s = quick_start();
    opening(&mut s);
    s.rondel(DANIIL, Space::Import)
        .import(DANIIL, UnitKind::Fleet, "new_orleans")
        .import(DANIIL, UnitKind::Army, "new_orleans")
        .import(DANIIL, UnitKind::Army, "chicago");
    s.rondel(ANTON, Space::Taxation);
    s.rondel(DANIIL, Space::Production1);
    s.rondel(ANTON, Space::Production2);
    s.rondel(KSENIA, Space::Production1);
    // Brazil maneuvers: a fleet in Rio, an army in Brasilia.
    s.rondel(BORIS, Space::Maneuver2);
    s.refused(
        BORIS,
        Action::MoveArmy { from: r("brasilia"), to: r("argentina"), convoy: vec![], stance: None, leaving: None },
        "fleets move first",
    );
    s.refused(BORIS, Action::MoveFleet { from: r("manaus"), to: r("caribbean_sea") }, "no fleet in Manaus");
    s.refused(
        BORIS,
        Action::MoveFleet { from: r("rio_de_janeiro"), to: r("caribbean_sea") },
        "cannot sail to Caribbean Sea",
    );
    s.refused(BORIS, Action::EndManeuver, "end the fleet moves first");
    s.fleet(BORIS, "rio_de_janeiro", "south_atlantic").act(BORIS, Action::EndFleetMoves);
    s.refused(BORIS, Action::EndFleetMoves, "already over");
    s.refused(
        BORIS,
        Action::MoveArmy { from: r("brasilia"), to: r("south_atlantic"), convoy: vec![], stance: None, leaving: None },
        "cannot end a move at sea",
    );
    s.refused(
        BORIS,
        Action::MoveArmy { from: r("brasilia"), to: r("mexico"), convoy: vec![], stance: None, leaving: None },
        "cannot reach Mexico",
    );
    s.refused(
        BORIS,
        Action::MoveArmy {
            from: r("brasilia"),
            to: r("peru"),
            convoy: vec![],
            stance: Some(Stance::Hostile),
            leaving: None,
        },
        "give no stance",
    );
    s.refused(
        BORIS,
        Action::MoveArmy {
            from: r("brasilia"),
            to: r("argentina"),
            convoy: vec![r("south_atlantic"), r("south_pacific")],
            stance: None,
            leaving: None,
        },
        "not offered",
    );
    s.refused(BORIS, Action::DestroyFactory { region: r("chicago"), friendly: None }, "cannot be destroyed");
    s.refused(
        BORIS,
        Action::Attack {
            region: r("brasilia"),
            unit: UnitKind::Army,
            enemy: Usa,
            enemy_unit: UnitKind::Army,
            stance: None,
            enemy_stance: None,
        },
        "can attack",
    );
    s.army(BORIS, "brasilia", "argentina").act(BORIS, Action::EndManeuver);

    // The USA maneuvers into a battle: an army from New Orleans to Mexico is unopposed; from Chicago
    // into... a foreign home province needs a stance.
    s.rondel(DANIIL, Space::Maneuver1).act(DANIIL, Action::EndFleetMoves);
    s.refused(
        DANIIL,
        Action::MoveArmy {
            from: r("chicago"),
            to: r("canada"),
            convoy: vec![],
            stance: Some(Stance::Friendly),
            leaving: None,
        },
        "give no stance",
    );
}

#[test]
fn a_finished_game_refuses_everything() {
    let mut m = Match::<Imperial2030>::new(Config::for_players(2), 3).expect("setup");
    // Play random legal actions to the end.
    let mut i = 0usize;
    while let Some(seat) = m.state().decider() {
        let actions = imperia_core::Game::legal_actions(m.state(), seat);
        m.apply(seat, &actions[i % actions.len()]).expect("legal");
        i = i.wrapping_mul(31).wrapping_add(7);
    }
    let before = m.state().clone();
    assert!(matches!(m.apply(0, &Action::PassInvestment), Err(MatchError::GameOver)));
    assert_eq!(m.state(), &before);
}

#[test]
fn malformed_json_is_refused_through_the_dynamic_layer() {
    let registry_entry = imperia_core::GameEntry::of::<Imperial2030>();
    let mut m =
        (registry_entry.start)(&serde_json::json!({ "players": 4 }), 5, &(registry_entry.shipped)()).expect("setup");
    let seat = m.to_act().seats()[0];
    let hash = m.state_hash();
    for (bad, words) in [
        (serde_json::json!({ "type": "rondel", "space": "moon" }), "unknown variant `moon`"),
        (serde_json::json!({ "type": "teleport" }), "unknown variant `teleport`"),
        (
            serde_json::json!({ "type": "move_fleet", "from": "atlantis", "to": "north_atlantic" }),
            "no region `atlantis`",
        ),
        (serde_json::json!("rondel"), "invalid type"),
    ] {
        let err = m.apply(seat, &bad).expect_err("malformed");
        assert!(err.to_string().contains(words), "`{err}` should mention `{words}`");
        assert_eq!(m.state_hash(), hash);
    }
    let err =
        (registry_entry.start)(&serde_json::json!({ "players": 4, "colour": "red" }), 5, &(registry_entry.shipped)())
            .err()
            .expect("bad config");
    assert!(err.to_string().contains("unknown field `colour`"), "{err}");
    assert!(m.view(Viewer::Spectator).get("decision").is_some());
}
