//! Investor («Инвестор (Investor)»): interest, the Investor card's investment, Swiss Bank investments, the
//! government check and the card passing on; and the bond-buying rounds of the no-Investor-card variant and
//! of the experienced variant's setup, which share the same machinery.

use imperia_core::{RuleError, Seat};

use crate::action::Action;
use crate::cite;
use crate::event::Event;
use crate::nation::{BOND_PRICES, NATIONS, Nation, bond_index};
use crate::state::{AfterInvest, Imperial2030, InvestTurn, Phase};

/// The Investor card's payment from the bank.
const INVESTOR_BONUS: i32 = 2;

impl Imperial2030 {
    /// The nation stopped on Investor: phase 1, interest; then, with the Investor card, phases 2–3.
    pub(crate) fn investor_space(&mut self, events: &mut Vec<Event>) {
        self.pay_interest(self.turn, events);
        if self.config.investor_card {
            self.start_investor_round(events);
        } else {
            // «На делении ронделя „Инвестор“ выплачивается только прибыль с облигаций.»
            self.end_action(events);
        }
    }

    /// Phase 1. The treasury pays every bondholder. If it is short, the government player forgoes his own
    /// interest first, then pays the other holders' remainder from his cash; should that run out too, the
    /// holders after him clockwise are paid first (docs/rules/imperial2030.md, «Interest shortfall»).
    fn pay_interest(&mut self, n: Nation, events: &mut Vec<Event>) {
        let gov = self.government(n);
        let mut due = vec![0i32; self.seats()];
        for (i, owner) in self.nation(n).bonds.iter().enumerate() {
            if let Some(s) = owner {
                due[*s] += i as i32 + 1;
            }
        }
        let order = self.seats_from(gov.map_or(0, |g| self.next_seat(g)));
        for seat in order {
            let amount = due[seat];
            if amount == 0 {
                continue;
            }
            let from_treasury = amount.min(self.nation(n).treasury);
            self.treasury_to_cash(n, seat, from_treasury);
            let mut from_government = 0;
            if Some(seat) == gov {
                if from_treasury < amount {
                    events.push(Event::InterestForgone { nation: n, seat, amount: Some(amount - from_treasury) });
                }
            } else if let Some(g) = gov {
                from_government = (amount - from_treasury).min(self.cash[g]);
                self.cash[g] -= from_government;
                self.cash[seat] += from_government;
            }
            if from_treasury + from_government > 0 {
                events.push(Event::InterestPaid {
                    nation: n,
                    seat,
                    amount: Some(from_treasury + from_government),
                    from_government: Some(from_government),
                });
            }
        }
    }

    /// Phases 2–3: the Investor card holder takes 2 from the bank and may invest; then each Swiss Bank holder
    /// without the card, clockwise from the card holder («Никто не может вкладывать дважды»).
    pub(crate) fn start_investor_round(&mut self, events: &mut Vec<Event>) {
        let Some(holder) = self.investor_card else {
            self.end_turn(events);
            return;
        };
        self.bank_to_cash(holder, INVESTOR_BONUS);
        events.push(Event::InvestorBonus { seat: holder, amount: Some(INVESTOR_BONUS) });
        let mut queue = vec![InvestTurn { seat: holder, nation: None, buy_only: false }];
        for seat in self.seats_from(holder).into_iter().skip(1) {
            if self.has_swiss_bank(seat) {
                queue.push(InvestTurn { seat, nation: None, buy_only: false });
            }
        }
        self.phase = Phase::Invest { queue, tie_from: holder, after: AfterInvest::InvestorCard };
        self.continue_investing(events);
    }

    /// The investments open to a player: any bond still in a stack he can pay for, or trading one of his
    /// bonds of that nation up to a dearer one, paying the difference («Игрок вправе выбирать: взять новую
    /// облигацию или заменить свою на более прибыльную облигацию той же нации»).
    pub(crate) fn invest_options(&self, turn: &InvestTurn) -> Vec<Action> {
        let cash = self.cash[turn.seat];
        let nations: &[Nation] = match &turn.nation {
            Some(n) => std::slice::from_ref(n),
            None => &NATIONS,
        };
        let mut options = Vec::new();
        for &n in nations {
            let bonds = &self.nation(n).bonds;
            for (i, &price) in BOND_PRICES.iter().enumerate() {
                if bonds[i].is_some() {
                    continue;
                }
                if i32::from(price) <= cash {
                    options.push(Action::Invest { nation: n, price, trade_in: None });
                }
                if turn.buy_only {
                    continue;
                }
                for (j, &old) in BOND_PRICES[..i].iter().enumerate() {
                    if bonds[j] == Some(turn.seat) && i32::from(price - old) <= cash {
                        options.push(Action::Invest { nation: n, price, trade_in: Some(old) });
                    }
                }
            }
        }
        options
    }

    /// Whether a player has any investment open to him (without listing them all).
    fn can_invest(&self, turn: &InvestTurn) -> bool {
        let cash = self.cash[turn.seat];
        let nations: &[Nation] = match &turn.nation {
            Some(n) => std::slice::from_ref(n),
            None => &NATIONS,
        };
        nations.iter().any(|&n| {
            let bonds = &self.nation(n).bonds;
            (0..BOND_PRICES.len()).filter(|&i| bonds[i].is_none()).any(|i| {
                let price = i32::from(BOND_PRICES[i]);
                price <= cash
                    || (!turn.buy_only
                        && (0..i).any(|j| bonds[j] == Some(turn.seat) && price - i32::from(BOND_PRICES[j]) <= cash))
            })
        })
    }

    pub(crate) fn current_invest_turn(&self) -> Option<&InvestTurn> {
        match &self.phase {
            Phase::Invest { queue, .. } => queue.first(),
            _ => None,
        }
    }

    pub(crate) fn check_invest(&self, action: &Action) -> Result<(), RuleError> {
        let Some(turn) = self.current_invest_turn() else {
            return Err(RuleError::new("nobody is investing now", cite::INVESTOR));
        };
        let Action::Invest { nation, price, trade_in } = *action else {
            return Err(RuleError::new("not an investment", cite::INVESTOR));
        };
        let bonds = &self.nation(nation).bonds;
        let cost = i32::from(price) - i32::from(trade_in.unwrap_or(0));
        let message = match (bond_index(price), trade_in.map(bond_index)) {
            (None, _) | (_, Some(None)) => {
                format!("there is no bond priced {price}; bonds cost 2, 4, 6, 9, 12, 16, 20, 25 or 30")
            }
            _ if turn.nation.is_some_and(|n| n != nation) => {
                format!("only bonds of {} may be bought now", turn.nation.map_or("", |n| n.name()))
            }
            (Some(i), _) if bonds[i].is_some() => format!("the {nation} {price} bond is already sold"),
            (_, Some(Some(_))) if turn.buy_only => "bonds cannot be traded up during setup".to_string(),
            (_, Some(Some(j))) if bonds[j] != Some(turn.seat) => {
                format!("you hold no {nation} {} bond to trade in", trade_in.unwrap_or(0))
            }
            (Some(i), Some(Some(j))) if j >= i => "a bond can only be traded up for a dearer one".to_string(),
            _ if cost > self.cash[turn.seat] => format!("you cannot pay {cost} for it"),
            _ => return Ok(()),
        };
        Err(RuleError::new(message, cite::INVESTOR))
    }

    /// Carry out an investment (already checked) or a pass, then move on to the next investor.
    pub(crate) fn invest(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        if let Action::Invest { nation, price, trade_in } = *action {
            let paid = i32::from(price) - i32::from(trade_in.unwrap_or(0));
            if let Some(i) = bond_index(price) {
                self.nation_mut(nation).bonds[i] = Some(seat);
            }
            if let Some(j) = trade_in.and_then(bond_index) {
                self.nation_mut(nation).bonds[j] = None;
            }
            self.cash_to_treasury(seat, nation, paid);
            events.push(Event::BondBought { seat, nation, price, trade_in, paid: Some(paid) });
        } else {
            events.push(Event::Passed { seat });
        }
        if let Phase::Invest { queue, .. } = &mut self.phase {
            queue.remove(0);
        }
        self.continue_investing(events);
    }

    /// Skip players who can afford nothing (their only choice would be to pass), saying so in the log, and
    /// close the round when everybody has had a turn.
    pub(crate) fn continue_investing(&mut self, events: &mut Vec<Event>) {
        loop {
            let Phase::Invest { queue, tie_from, after } = &self.phase else {
                return;
            };
            match queue.first() {
                Some(turn) if self.can_invest(turn) => {
                    debug_assert!(!self.invest_options(turn).is_empty());
                    return;
                }
                Some(turn) if cfg!(debug_assertions) && !self.invest_options(turn).is_empty() => {
                    unreachable!("can_invest missed an investment of seat {}", turn.seat)
                }
                Some(turn) => {
                    events.push(Event::PassedOver { seat: turn.seat });
                    if let Phase::Invest { queue, .. } = &mut self.phase {
                        queue.remove(0);
                    }
                }
                None => {
                    let (tie_from, after) = (*tie_from, *after);
                    self.finish_investing(tie_from, after, events);
                    return;
                }
            }
        }
    }

    fn finish_investing(&mut self, tie_from: Seat, after: AfterInvest, events: &mut Vec<Event>) {
        self.check_governments(tie_from, events);
        match after {
            AfterInvest::InvestorCard => {
                // «Наконец, карта Инвестора переходит к следующему игроку по часовой стрелке.»
                let next = self.next_seat(tie_from);
                self.investor_card = Some(next);
                events.push(Event::InvestorCard { seat: next });
                self.next_turn(events);
            }
            AfterInvest::AfterTurn { nation } => {
                // «Если никакие облигации этой нации не были куплены в начале игры, то их можно приобрести
                // сразу по окончании хода предыдущей нации», the previous nation's government first.
                let next = nation.next();
                match self.government(nation) {
                    Some(first) if self.government(next).is_none() => {
                        self.start_bond_round(next, first, AfterInvest::Ungoverned { nation: next }, events)
                    }
                    _ => self.next_turn(events),
                }
            }
            AfterInvest::Ungoverned { .. } => self.next_turn(events),
            AfterInvest::Setup { nation, first } => {
                if nation == Nation::Europe {
                    self.finish_setup(events);
                } else {
                    // The next nation's round begins with the player left of the previous round's first.
                    self.start_setup_round(nation.next(), self.next_seat(first));
                    self.continue_investing(events);
                }
            }
        }
    }

    /// The government check at the end of Investor: in each nation the player with the largest stake
    /// governs. A tie with the incumbent keeps the incumbent; a tie among challengers goes to the first of
    /// them clockwise from `tie_from` (the Investor card holder, who counts as first; docs/rules, «Government
    /// ties»).
    pub(crate) fn check_governments(&mut self, tie_from: Seat, events: &mut Vec<Event>) {
        for n in NATIONS {
            let order = self.seats_from(tie_from);
            let best = order.iter().map(|&s| self.stake(n, s)).max().unwrap_or(0);
            if best == 0 {
                continue;
            }
            let incumbent = self.government(n);
            if incumbent.is_some_and(|g| self.stake(n, g) == best) {
                continue;
            }
            if let Some(&winner) = order.iter().find(|&&s| self.stake(n, s) == best) {
                self.nation_mut(n).government = Some(winner);
                events.push(Event::GovernmentChanged { nation: n, from: incumbent, to: winner });
            }
        }
    }
}
