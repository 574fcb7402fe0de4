//! Which pieces of the printed board an action touches ([`imperia_core::Game::targets`]), in the ids of
//! [`imperia_core::Game::board`], so that a client can highlight them and match a click on the map, the
//! rondel or a bond with the legal actions, without knowing Imperial 2030's actions.
//!
//! - A move names its regions in order: the origin first, the destination second, then the seas of an
//!   army's convoy in the order it crosses them.
//! - Every other action on the map (build a factory, produce, import, attack, destroy a factory, place a
//!   flag) names its one region.
//! - A rondel choice names its space (`"maneuver_1"`), as `board().rondel` does.
//! - An investment names the bond bought (`"russia:9"`, as `board().bonds` does), then its nation
//!   (`"russia"`, as `board().nations` does). A traded-in bond is not named: a click on a bond means the one
//!   to buy.
//! - Answers that are about no particular place — passing, ending a phase, Swiss Bank stops, battle
//!   declarations and canal permissions — name nothing: a client offers them as buttons.
//!
//! Nothing here decides what is legal; the targets follow from the action alone.

use serde::Serialize;

use crate::action::Action;
use crate::board::Region;
use crate::nation::Nation;

/// The board id of anything that serialises as one (regions, nations, rondel spaces).
fn id(piece: impl Serialize) -> String {
    match serde_json::to_value(piece) {
        Ok(serde_json::Value::String(id)) => id,
        // Every piece serialises as its id; anything else would be a bug, shown rather than hidden.
        other => format!("{other:?}"),
    }
}

/// The id of `nation`'s bond priced `price`: `"russia:9"`.
pub fn bond_id(nation: Nation, price: u8) -> String {
    format!("{}:{price}", id(nation))
}

/// The board pieces `action` touches, as the module documentation describes.
pub fn targets(action: &Action) -> Vec<String> {
    let regions = |rs: &[Region]| rs.iter().map(|&r| id(r)).collect();
    match action {
        Action::MoveFleet { from, to } => regions(&[*from, *to]),
        Action::MoveArmy { from, to, convoy, .. } => {
            let mut route = vec![*from, *to];
            route.extend(convoy);
            regions(&route)
        }
        Action::BuildFactory { region }
        | Action::Produce { region }
        | Action::Import { region, .. }
        | Action::PlaceFlag { region }
        | Action::Attack { region, .. }
        | Action::DestroyFactory { region, .. } => regions(&[*region]),
        Action::Rondel { space } => vec![id(space)],
        Action::Invest { nation, price, .. } => vec![bond_id(*nation, *price), id(nation)],
        Action::PassInvestment
        | Action::ForceStop
        | Action::LetPass
        | Action::BuildNothing
        | Action::EndImport
        | Action::EndFleetMoves
        | Action::EndManeuver
        | Action::Fight { .. }
        | Action::Defend { .. }
        | Action::NoBattle
        | Action::PermitPassage
        | Action::RefusePassage => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use imperia_core::rng::seeded;
    use imperia_core::{Game, Viewer};
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::board::Board;
    use crate::config::Config;
    use crate::nation::UnitKind;
    use crate::rondel::Space;
    use crate::state::{Imperial2030, Stance};
    use imperia_core::{ContentSet, GameContent};

    fn r(id: &str) -> Region {
        crate::board::region(id)
    }

    /// Every id `board()` gives a piece: regions, rondel spaces, nations and bonds.
    fn board_ids() -> BTreeSet<String> {
        let printed = ContentSet::<Board>::shipped().board();
        let mut ids = BTreeSet::new();
        for list in ["regions", "rondel", "nations", "bonds"] {
            let entries = printed[list].as_array().unwrap_or_else(|| panic!("board() has no `{list}` list"));
            ids.extend(entries.iter().map(|e| e["id"].as_str().expect("an id").to_string()));
        }
        ids
    }

    #[test]
    fn a_fleet_move_targets_its_two_seas_in_order() {
        let action = Action::MoveFleet { from: r("north_atlantic"), to: r("caribbean_sea") };
        assert_eq!(targets(&action), ["north_atlantic", "caribbean_sea"]);
    }

    #[test]
    fn an_army_move_targets_origin_destination_then_convoy() {
        // Quick start, round 3: a US army convoyed through the Caribbean from New Orleans to Colombia.
        let action = Action::MoveArmy {
            from: r("new_orleans"),
            to: r("colombia"),
            convoy: vec![r("caribbean_sea")],
            stance: None,
            leaving: None,
        };
        assert_eq!(targets(&action), ["new_orleans", "colombia", "caribbean_sea"]);
        let hostile = Action::MoveArmy {
            from: r("beijing"),
            to: r("vladivostok"),
            convoy: vec![],
            stance: Some(Stance::Hostile),
            leaving: None,
        };
        assert_eq!(targets(&hostile), ["beijing", "vladivostok"]);
    }

    #[test]
    fn actions_in_one_region_target_it() {
        let london = r("london");
        for action in [
            Action::BuildFactory { region: london },
            Action::Produce { region: london },
            Action::Import { unit: UnitKind::Fleet, region: london },
            Action::PlaceFlag { region: london },
            Action::DestroyFactory { region: london, friendly: None },
            Action::Attack {
                region: london,
                unit: UnitKind::Army,
                enemy: Nation::Russia,
                enemy_unit: UnitKind::Army,
                stance: None,
                enemy_stance: None,
            },
        ] {
            assert_eq!(targets(&action), ["london"], "{action:?}");
        }
    }

    #[test]
    fn a_rondel_choice_targets_the_space_board_names() {
        assert_eq!(targets(&Action::Rondel { space: Space::Maneuver1 }), ["maneuver_1"]);
        let ids = board_ids();
        for space in crate::rondel::SPACES {
            let t = targets(&Action::Rondel { space });
            assert!(ids.contains(&t[0]), "{space:?} targets {t:?}, which board() does not name");
        }
    }

    #[test]
    fn an_investment_targets_the_bond_then_the_nation() {
        let buy = Action::Invest { nation: Nation::Usa, price: 9, trade_in: None };
        assert_eq!(targets(&buy), ["usa:9", "usa"]);
        let trade = Action::Invest { nation: Nation::Russia, price: 12, trade_in: Some(6) };
        assert_eq!(targets(&trade), ["russia:12", "russia"]);
    }

    #[test]
    fn answers_about_no_place_target_nothing() {
        for action in [
            Action::PassInvestment,
            Action::ForceStop,
            Action::LetPass,
            Action::BuildNothing,
            Action::EndImport,
            Action::EndFleetMoves,
            Action::EndManeuver,
            Action::Fight { enemy: Nation::China, enemy_unit: UnitKind::Fleet, enemy_stance: None },
            Action::Defend { unit: UnitKind::Army, stance: None },
            Action::NoBattle,
            Action::PermitPassage,
            Action::RefusePassage,
        ] {
            assert!(targets(&action).is_empty(), "{action:?}");
        }
    }

    /// Through whole random games, every legal action's targets are ids `board()` gives, and the trait
    /// method answers the same.
    #[test]
    fn every_legal_action_targets_pieces_board_names() {
        let ids = board_ids();
        let mut rng = seeded(7);
        for (players, experienced) in [(2, false), (4, true), (6, false)] {
            let config = Config { players, experienced, ..Config::default() };
            let mut game = Imperial2030::setup(&config, &ContentSet::shipped(), 40 + players as u64).expect("setup");
            let mut steps = 0;
            while let Some(seat) = game.decider() {
                let legal = game.legal_actions(seat);
                for action in &legal {
                    let t = game.targets(action);
                    assert_eq!(t, targets(action));
                    assert!(t.iter().all(|id| ids.contains(id)), "{action:?} targets {t:?}, not all named by board()");
                }
                let action = legal.choose(&mut rng).expect("a legal action").clone();
                game.apply(seat, &action).expect("a legal action applies");
                steps += 1;
                assert!(steps < 100_000, "the game did not end");
            }
            assert!(game.prompt(Viewer::Spectator).is_empty());
        }
    }
}
