//! The shared track: victory points (one marker for both powers, §3.10), debt (§6) and treaty points (§9).

use crate::content::Power;
use crate::event::Event;
use crate::state::ImperialStruggle;

impl ImperialStruggle {
    /// `power` scores `amount` VP: the marker moves its way, past 0 and 30 if need be (§4.1.12).
    pub(crate) fn score(&mut self, power: Power, amount: u8, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        self.vp += power.vp_sign() * i32::from(amount);
        events.push(Event::Vp { power, amount, marker: self.vp });
    }

    /// `power` must take `amount` debt (§6.3): what would pass its limit scores a VP each for the opponent
    /// instead — unless Britain has James Watt face up.
    pub(crate) fn force_debt(&mut self, power: Power, amount: u8, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let s = self.power_mut(power);
        let room = s.available_debt();
        let taken = amount.min(room);
        s.debt += taken;
        if taken > 0 {
            let debt = s.debt;
            events.push(Event::Debt { power, amount: taken, debt });
        }
        let over = amount - taken;
        if over > 0 {
            let watt = self.power(power).has_revealed(crate::ministries::JAMES_WATT);
            if !(power == Power::Britain && watt) {
                events.push(Event::DebtOverflow { power, amount: over });
                self.score(power.opponent(), over, events);
            }
        }
    }

    /// `power` reduces its debt by up to `amount` (never below 0); returns how much it fell.
    pub(crate) fn reduce_debt(&mut self, power: Power, amount: u8, events: &mut Vec<Event>) -> u8 {
        let s = self.power_mut(power);
        let cut = amount.min(s.debt);
        s.debt -= cut;
        if cut > 0 {
            let debt = s.debt;
            events.push(Event::DebtReduced { power, amount: cut, debt });
        }
        cut
    }

    pub(crate) fn gain_trp(&mut self, power: Power, amount: u8, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let s = self.power_mut(power);
        s.trp += amount;
        let trp = s.trp;
        events.push(Event::Trp { power, amount, trp });
    }

    pub(crate) fn lose_trp(&mut self, power: Power, amount: u8, events: &mut Vec<Event>) {
        let s = self.power_mut(power);
        let cut = amount.min(s.trp);
        s.trp -= cut;
        if cut > 0 {
            let trp = s.trp;
            events.push(Event::TrpLost { power, amount: cut, trp });
        }
    }

    /// Each power's number of award-countable spaces (flags and squadrons without conflict markers) in `set`.
    pub(crate) fn counted(&self, set: crate::content::SpaceSet) -> [usize; 2] {
        let s = set.without(self.board.conflict);
        [s.and(self.board.of(Power::Britain)).len(), s.and(self.board.of(Power::France)).len()]
    }

    /// The power with more, if either.
    pub(crate) fn more(counts: [usize; 2], margin: usize) -> Option<Power> {
        if counts[0] >= counts[1] + margin.max(1) {
            Some(Power::Britain)
        } else if counts[1] >= counts[0] + margin.max(1) {
            Some(Power::France)
        } else {
            None
        }
    }

    /// The prestige spaces that count now (§4.1.12: the USA's only once a US flag stands).
    pub(crate) fn prestige_spaces(&self) -> crate::content::SpaceSet {
        self.content.masks.prestige.and(self.on_board())
    }
}
