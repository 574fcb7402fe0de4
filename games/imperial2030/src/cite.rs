//! Where each rule is written, as refusals cite it to players: the section of the rulebook by its English
//! name, then the Russian rulebook's own title in «», so a player can find it in the printed book.
//!
//! For developers: the sections belong to the seed file `../shared/seeds/001_4621a29aba1ec181.txt` (the
//! Russian rulebook). Players are never shown that file name.

pub const RONDEL: &str = "rulebook: Choosing a Rondel Space («Выбор деления на ронделе»)";
pub const TURN: &str = "rulebook: Course of Play («Ход игры»)";
pub const INVESTOR: &str = "rulebook: Investor («Инвестор»)";
pub const FACTORY: &str = "rulebook: Factory («Фабрики»)";
pub const PRODUCTION: &str = "rulebook: Production («Производство»)";
pub const IMPORT: &str = "rulebook: Import («Импорт»)";
pub const FLEETS: &str = "rulebook: Maneuver, 1. Fleets («Маневры», 1. Корабли)";
pub const ARMIES: &str = "rulebook: Maneuver, 2. Armies («Маневры», 2. Армии)";
pub const BATTLE: &str = "rulebook: Maneuver, Battles («Маневры», «Битвы»); rulebook FAQ: When may a nation start a \
                          battle? («Когда нация может развязать бой?»)";
pub const HOME_PROVINCES: &str =
    "rulebook: Maneuver, Provinces of the Great Powers («Маневры», «Провинции Великих Держав»)";
pub const DESTROY_FACTORY: &str = "rulebook: Maneuver, Destroying a Factory («Маневры», «Уничтожение фабрики»)";
pub const FLAGS: &str = "rulebook: Maneuver, 3. Flags («Маневры», 3. Флаги)";

#[cfg(test)]
mod tests {
    use imperia_core::conformance::Conformance;
    use imperia_core::rng::seeded;
    use imperia_core::{ContentSet, Game};
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::{Config, Imperial2030};

    const ALL: [&str; 12] = [
        RONDEL,
        TURN,
        INVESTOR,
        FACTORY,
        PRODUCTION,
        IMPORT,
        FLEETS,
        ARMIES,
        BATTLE,
        HOME_PROVINCES,
        DESTROY_FACTORY,
        FLAGS,
    ];

    /// A citation a player reads: a rulebook section, never a file name.
    fn assert_player_citation(rule: &str) {
        assert!(rule.starts_with("rulebook"), "`{rule}` should name a rulebook section");
        assert!(rule.contains('«'), "`{rule}` should give the rulebook's own title");
        assert!(!rule.contains(".txt") && !rule.contains("001_"), "`{rule}` names a file");
    }

    #[test]
    fn every_citation_names_a_rulebook_section_not_a_file() {
        assert_eq!(ALL.len(), include_str!("cite.rs").matches("\npub const ").count(), "ALL lists every citation");
        for rule in ALL {
            assert_player_citation(rule);
        }
    }

    /// Refusals met in play (arbitrary actions tried at every step of a random game, for the seat to decide
    /// and for another) cite a rulebook section, never a file.
    #[test]
    fn refusals_met_in_play_cite_no_file() {
        let mut rng = seeded(11);
        let mut game = Imperial2030::setup(&Config::for_players(4), &ContentSet::shipped(), 11).expect("setup");
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..300 {
            let Some(seat) = game.decider() else { break };
            for probe_seat in [seat, (seat + 1) % 4] {
                for _ in 0..6 {
                    let action = game.arbitrary_action(&mut rng);
                    if let Err(e) = game.clone().apply(probe_seat, &action) {
                        assert_player_citation(&e.rule);
                        assert!(!e.to_string().contains(".txt"), "`{e}` names a file");
                        seen.insert(e.rule);
                    }
                }
            }
            let legal = game.legal_actions(seat);
            let action = legal.choose(&mut rng).expect("a legal action").clone();
            game.apply(seat, &action).expect("legal");
        }
        assert!(seen.len() >= 6, "only {} distinct citations were met: {seen:?}", seen.len());
    }
}
