//! The optional rules of §12, each in play and out of it (issue 13, item 8): the Spanish Empire (§12.1),
//! planned war tiles — the layout and the upgrade (§12.2) — and fortified forts (§12.3).

use imperia_core::ContentSet;

use crate::action::Action;
use crate::config::Config;
use crate::content::{Flag, Power, Region, WarId};
use crate::state::ImperialStruggle;
use crate::tasks::Task;
use crate::testkit::*;

fn with(config: Config) -> ImperialStruggle {
    ImperialStruggle::new_game(&config, &ContentSet::shipped(), 1).expect("setup").0
}

/// §12.1: Havana, Santiago and Puerto Principe start under Spanish flags; in the plain game they do not.
#[test]
fn the_spanish_empire_puts_spanish_flags_out() {
    // Ruling S6 (Spanish spaces), ruling S52.
    let spanish = with(Config { spanish_empire: true, ..Config::default() });
    let plain = game();
    for id in ["havana", "santiago", "puerto_principe"] {
        assert_eq!(spanish.owner_of(id), Some(Flag::Spain), "{id}");
        assert_ne!(plain.owner_of(id), Some(Flag::Spain), "{id}");
    }
}

/// §12.2, the planned layout: each power draws its basic tiles and chooses a theatre for each, instead of
/// one at random per theatre.
#[test]
fn a_planned_layout_lets_each_power_place_its_basic_tiles() {
    // Ruling S52.
    let mut g = with(Config { planned_layout: true, ..Config::default() });
    let theatres = g.war.theatres.len();
    assert!(g.war.theatres.iter().all(|t| t[Power::Britain.index()].basic.is_empty()), "nothing laid at random");
    assert!(
        g.tasks
            .iter()
            .any(|t| matches!(t, Task::AssignBasic { who: Power::Britain, drawn } if drawn.len() == theatres))
    );
    // Britain fills the theatres from the last to the first.
    while let Some(Task::AssignBasic { who, .. }) = g.tasks.front().cloned() {
        let last = g.answers(who).into_iter().last().expect("a theatre without a tile");
        g.act(who, last);
    }
    assert!(g.war.theatres.iter().all(|t| t[0].basic.len() == 1 && t[1].basic.len() == 1), "one tile a theatre");
    let plain = game();
    assert!(plain.war.theatres.iter().all(|t| t[0].basic.len() == 1), "the plain game lays them at random");
}

/// §12.2, the planned upgrade: the military-upgrade symbol swaps two of the power's basic tiles between
/// theatres instead of drawing a new one.
#[test]
fn a_planned_upgrade_swaps_two_basic_tiles() {
    // Ruling S52.
    let mut g = game();
    g.config.planned_upgrades = true;
    g.war_mut().theatres[0][Power::Britain.index()].basic = vec![0];
    g.war_mut().theatres[1][Power::Britain.index()].basic = vec![5];
    let upgrade = g.content.investments.iter().position(|t| t.upgrade).expect("an upgrade tile") as u8;
    g.turn_with_tile(Power::Britain, upgrade);
    g.act(Power::Britain, Action::Upgrade);
    g.act(Power::Britain, Action::Theatre(0));
    g.act(Power::Britain, Action::Theatre(1));
    assert_eq!(g.war.theatres[0][Power::Britain.index()].basic, [5]);
    assert_eq!(g.war.theatres[1][Power::Britain.index()].basic, [0]);
}

/// §12.3, fortified forts: conquest points take a fort only along a war route from one's own space, and the
/// Louisbourg–Halifax route opens; in the plain game any fort of the theatre's region may be taken.
#[test]
fn fortified_forts_need_a_war_route() {
    // Ruling S5, ruling S52 (the optional rules).
    let targets = |fortified: bool| {
        let mut g = game();
        g.config.fortified_forts = fortified;
        g.empty_region(Region::NorthAmerica);
        g.put("louisbourg", Some(Power::Britain))
            .put("halifax", Some(Power::France))
            .put("ohio_forks", Some(Power::France));
        g.fight_from(WarId::Syw, 2); // the French & Indian War
        g.conquest_targets(Power::Britain, 2, 1)
    };
    let plain = targets(false);
    assert!(plain.contains(sp("ohio_forks")) && plain.contains(sp("halifax")));
    let fortified = targets(true);
    assert!(!fortified.contains(sp("ohio_forks")), "no British flag on the Northern Colonies or Québec");
    assert!(fortified.contains(sp("halifax")), "along the route from Louisbourg");
}
