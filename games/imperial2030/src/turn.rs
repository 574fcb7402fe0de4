//! A nation's turn («Ход игры», «Выбор деления на ронделе»): skip nations without a government, move the
//! rondel marker (with the Swiss Bank's right to stop a nation on Investor), carry out the space, then the
//! Investor phases a passing move triggers, and hand over to the next nation.

use imperia_core::{RuleError, Seat};

use crate::cite;
use crate::event::Event;
use crate::nation::{NATIONS, Nation};
use crate::rondel::{Activity, MAX_SPACES, SPACES, Space, move_cost};
use crate::state::{AfterInvest, Imperial2030, InvestTurn, Maneuver, Phase};

impl Imperial2030 {
    /// Begin the turn of `self.turn`, skipping nations that have no government («Если у нации еще не было
    /// куплено облигаций, ... ход этой нации пропускается»).
    pub(crate) fn start_turn(&mut self, events: &mut Vec<Event>) {
        if NATIONS.iter().all(|&n| self.government(n).is_none()) {
            // Only possible when nobody bought anything in the experienced variant's setup.
            self.phase = Phase::GameOver;
            return;
        }
        while self.government(self.turn).is_none() {
            events.push(Event::TurnSkipped { nation: self.turn });
            self.advance_nation();
        }
        events.push(Event::TurnStarts { nation: self.turn, round: self.round });
        self.passed_investor = false;
        self.phase = Phase::Rondel;
    }

    fn advance_nation(&mut self) {
        self.turn = self.turn.next();
        if self.turn == Nation::Russia {
            self.round += 1;
        }
    }

    /// The spaces the nation on turn may move to, with their distance and cost to its government.
    pub(crate) fn rondel_options(&self) -> Vec<(Space, u8, i32)> {
        let cash = self.government(self.turn).map_or(0, |s| self.cash[s]);
        self.rondel_reach().into_iter().filter(|&(_, _, cost)| cost <= cash).collect()
    }

    /// Every space the marker of the nation on turn reaches, with the spaces moved and the cost, before
    /// asking whether the government can pay.
    pub(crate) fn rondel_reach(&self) -> Vec<(Space, u8, i32)> {
        let n = self.turn;
        let Some(from) = self.nation(n).rondel else {
            // First turn: any space, free («В первый ход нации, ее маркер ставится на любое деление»).
            return SPACES.iter().map(|&s| (s, 0, 0)).collect();
        };
        (1..=MAX_SPACES).map(|d| (Space::from_index(from.index() + d), d, move_cost(d, self.multiplier(n)))).collect()
    }

    pub(crate) fn check_rondel(&self, space: Space) -> Result<(), RuleError> {
        if self.rondel_options().iter().any(|&(s, _, _)| s == space) {
            return Ok(());
        }
        let from = self.nation(self.turn).rondel;
        let d = from.map_or(0, |f| f.distance_to(space));
        Err(if d > MAX_SPACES {
            RuleError::new(format!("{space} is {d} spaces away; a marker moves 1 to 6 spaces clockwise"), cite::RONDEL)
        } else {
            let cost = move_cost(d, self.multiplier(self.turn));
            RuleError::new(
                format!("moving {d} spaces to {space} costs {cost}, more than the government player's cash"),
                cite::RONDEL,
            )
        })
    }

    /// The government chose `space`. A move past Investor may be stopped there by a Swiss Bank holder.
    pub(crate) fn choose_rondel(&mut self, space: Space, events: &mut Vec<Event>) {
        let n = self.turn;
        let passes = self.nation(n).rondel.is_some_and(|from| from.passes_investor(space));
        let holders = if passes { self.force_stop_holders() } else { Vec::new() };
        if holders.is_empty() {
            self.move_marker(space, events);
        } else {
            self.phase = Phase::ForceStop { target: space, holders };
        }
    }

    /// Swiss Bank holders who may stop the nation on turn at Investor: only if its treasury can pay all its
    /// interest («Владелец Швейцарского Банка вправе остановить нацию на делении „Инвестор“...»). They are
    /// asked clockwise from the Investor card holder (docs/rules/imperial2030.md, «Swiss Bank stop»).
    fn force_stop_holders(&self) -> Vec<Seat> {
        let n = self.turn;
        if self.nation(n).treasury < self.interest_due(n) {
            return Vec::new();
        }
        let from = self.investor_card.or(self.government(n)).unwrap_or(0);
        self.seats_from(from).into_iter().filter(|&s| self.has_swiss_bank(s)).collect()
    }

    pub(crate) fn decide_force_stop(&mut self, seat: Seat, force: bool, events: &mut Vec<Event>) {
        let Phase::ForceStop { target, mut holders } = std::mem::replace(&mut self.phase, Phase::Rondel) else {
            return;
        };
        if force {
            events.push(Event::StoppedOnInvestor { nation: self.turn, by: seat });
            self.move_marker(Space::Investor, events);
            return;
        }
        holders.remove(0);
        if holders.is_empty() {
            self.move_marker(target, events);
        } else {
            self.phase = Phase::ForceStop { target, holders };
        }
    }

    /// Move the marker, the government paying for spaces beyond the free three, and carry out the space.
    /// A nation stopped on Investor pays only for the spaces it really moved.
    fn move_marker(&mut self, space: Space, events: &mut Vec<Event>) {
        let n = self.turn;
        let from = self.nation(n).rondel;
        let spaces = from.map_or(0, |f| f.distance_to(space));
        let cost = move_cost(spaces, self.multiplier(n));
        if let (Some(gov), true) = (self.government(n), cost > 0) {
            self.cash_to_bank(gov, cost);
        }
        self.passed_investor = from.is_some_and(|f| f.passes_investor(space));
        self.nation_mut(n).rondel = Some(space);
        events.push(Event::RondelMoved { nation: n, space, spaces, cost: Some(cost) });
        match space.activity() {
            Activity::Investor => self.investor_space(events),
            Activity::Import => self.phase = Phase::Import { left: 3 },
            Activity::Production => self.production(events),
            Activity::Maneuver => {
                self.maneuver = Some(Maneuver::new(self.board.regions.len()));
                self.phase = Phase::Maneuver;
            }
            Activity::Taxation => self.taxation(events),
            Activity::Factory => {
                if self.factory_sites().is_empty() {
                    self.end_action(events);
                } else {
                    self.phase = Phase::Factory;
                }
            }
        }
    }

    /// The space's action is done: a move that passed Investor now triggers Investor phases 2–3, unless the
    /// game just ended («Если это произошло в ход, в котором нация прошла мимо деления „Инвестор“, никаких
    /// денежных вложений больше не делается»).
    pub(crate) fn end_action(&mut self, events: &mut Vec<Event>) {
        self.maneuver = None;
        if self.phase == Phase::GameOver {
            return;
        }
        if self.passed_investor && self.config.investor_card {
            self.passed_investor = false;
            self.start_investor_round(events);
        } else {
            self.end_turn(events);
        }
    }

    /// The turn is over. Without the Investor card, players now invest in the nation that played
    /// («Вариант игры без карты Инвестора»); then the next nation begins.
    pub(crate) fn end_turn(&mut self, events: &mut Vec<Event>) {
        if !self.config.investor_card {
            let n = self.turn;
            let first = self.government(n).unwrap_or(0);
            self.start_bond_round(n, first, AfterInvest::AfterTurn { nation: n }, events);
            return;
        }
        self.next_turn(events);
    }

    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        self.advance_nation();
        self.start_turn(events);
    }

    /// No-Investor-card variant: every player from `first` clockwise may invest in `n`; a Swiss Bank holder
    /// may invest in any nation instead.
    pub(crate) fn start_bond_round(&mut self, n: Nation, first: Seat, after: AfterInvest, events: &mut Vec<Event>) {
        let queue = self
            .seats_from(first)
            .into_iter()
            .map(|seat| InvestTurn {
                seat,
                nation: if self.has_swiss_bank(seat) { None } else { Some(n) },
                buy_only: false,
            })
            .collect();
        self.phase = Phase::Invest { queue, tie_from: first, after };
        self.continue_investing(events);
    }
}
