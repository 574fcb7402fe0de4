//! Helpers shared by the Imperial 2030 tests: naming regions, playing scripted actions, and checking that a
//! refused action leaves the game untouched.

#![allow(dead_code)]

use imperia_core::{Game, Match, Seat};
use imperial2030::action::Action;
use imperial2030::board::Region;
use imperial2030::rondel::Space;
use imperial2030::state::Stance;
use imperial2030::{Config, Imperial2030, Nation, UnitKind};

pub fn r(id: &str) -> Region {
    imperial2030::board::region(id)
}

/// A match driven by a script, failing loudly with the position when a step is refused.
pub struct Script {
    pub m: Match<Imperial2030>,
}

impl Script {
    pub fn new(config: Config) -> Self {
        Script { m: Match::new(config, 0).expect("setup") }
    }

    pub fn game(&self) -> &Imperial2030 {
        self.m.state()
    }

    /// Apply `action` for whoever must decide, checking that it is `seat`.
    pub fn act(&mut self, seat: Seat, action: Action) -> &mut Self {
        let decider = self.game().decider();
        assert_eq!(
            decider,
            Some(seat),
            "expected seat {seat} to decide {action}; {}",
            self.game().decision_text(imperia_core::Viewer::Spectator)
        );
        if let Err(e) = self.m.apply(seat, &action) {
            panic!("{action} refused: {e}\n{}", self.game().summary(imperia_core::Viewer::Spectator));
        }
        self
    }

    pub fn rondel(&mut self, seat: Seat, space: Space) -> &mut Self {
        self.act(seat, Action::Rondel { space })
    }

    pub fn fleet(&mut self, seat: Seat, from: &str, to: &str) -> &mut Self {
        self.act(seat, Action::MoveFleet { from: r(from), to: r(to) })
    }

    pub fn army(&mut self, seat: Seat, from: &str, to: &str) -> &mut Self {
        self.act(seat, Action::MoveArmy { from: r(from), to: r(to), convoy: vec![], stance: None, leaving: None })
    }

    pub fn army_by_sea(&mut self, seat: Seat, from: &str, to: &str, seas: &[&str]) -> &mut Self {
        self.act(
            seat,
            Action::MoveArmy {
                from: r(from),
                to: r(to),
                convoy: seas.iter().map(|s| r(s)).collect(),
                stance: None,
                leaving: None,
            },
        )
    }

    pub fn army_into(&mut self, seat: Seat, from: &str, to: &str, stance: Stance) -> &mut Self {
        self.act(
            seat,
            Action::MoveArmy { from: r(from), to: r(to), convoy: vec![], stance: Some(stance), leaving: None },
        )
    }

    pub fn invest(&mut self, seat: Seat, nation: Nation, price: u8) -> &mut Self {
        self.act(seat, Action::Invest { nation, price, trade_in: None })
    }

    pub fn import(&mut self, seat: Seat, unit: UnitKind, region: &str) -> &mut Self {
        self.act(seat, Action::Import { unit, region: r(region) })
    }

    pub fn treasuries(&self) -> [i32; 6] {
        imperial2030::nation::NATIONS.map(|n| self.game().nation(n).treasury)
    }

    pub fn cash(&self) -> Vec<i32> {
        (0..self.game().seats()).map(|s| self.game().cash(s)).collect()
    }

    pub fn power(&self) -> [u8; 6] {
        imperial2030::nation::NATIONS.map(|n| self.game().nation(n).power)
    }

    pub fn flags(&self) -> [u8; 6] {
        imperial2030::nation::NATIONS.map(|n| self.game().flags_placed(n))
    }

    pub fn government(&self, n: Nation) -> Option<Seat> {
        self.game().government(n)
    }

    /// Try an action that must be refused; check the message mentions `words` and nothing changed.
    pub fn refused(&mut self, seat: Seat, action: Action, words: &str) -> String {
        let before = self.game().clone();
        let hash = imperia_core::state_hash(&before);
        let mut copy = before.clone();
        let err = copy.apply(seat, &action).expect_err("the action should be refused");
        assert_eq!(copy, before, "a refused action changed the state");
        assert_eq!(imperia_core::state_hash(&copy), hash);
        let message = err.to_string();
        assert!(message.contains(words), "message `{message}` should mention `{words}`");
        assert!(err.rule.starts_with("rulebook"), "the error must cite the rulebook: {message}");
        assert!(!message.contains(".txt"), "the error must name a section, not a file: {message}");
        message
    }
}
