//! Setting up («Подготовка к игре»): starting cash, the nation cards and their bonds, governments and the
//! Investor card; or, in the experienced variant, bond-buying rounds nation by nation.

use imperia_core::{ContentSet, Seat, SetupError, rng::seeded};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::board::Board;
use crate::config::Config;
use crate::event::Event;
use crate::nation::{NATIONS, Nation, bond_index};
use crate::state::{AfterInvest, Imperial2030, InvestTurn, NationState, Phase, Units};

/// Starting cash per player («Распределение облигаций»; experienced variant).
fn starting_cash(config: &Config) -> i32 {
    match (config.experienced, config.players) {
        (false, 2) => 35,
        (false, 3) => 24,
        (false, _) => 13,
        (true, 2) => 37,
        (true, 3) => 25,
        (true, 4) => 19,
        (true, 5) => 15,
        (true, _) => 13,
    }
}

/// The nation cards that come with a dealt card.
type CardsOf = fn(Nation) -> Vec<Nation>;

/// The cards dealt at random, and the cards each dealt card brings with it, by player count
/// («Распределение облигаций»: 3 players — India+USA, Russia+Brazil, China+Europe; 2 players —
/// China+Europe+Brazil, Russia+India+USA).
fn deal_plan(players: usize) -> (Vec<Nation>, CardsOf) {
    use Nation::*;
    match players {
        2 => (vec![Russia, China], |n| match n {
            China => vec![China, Europe, Brazil],
            _ => vec![Russia, India, Usa],
        }),
        3 => (vec![India, Russia, China], |n| match n {
            India => vec![India, Usa],
            Russia => vec![Russia, Brazil],
            _ => vec![China, Europe],
        }),
        _ => (NATIONS.to_vec(), |n| vec![n]),
    }
}

impl Imperial2030 {
    pub(crate) fn new_game(
        config: &Config,
        board: &ContentSet<Board>,
        seed: u64,
    ) -> Result<(Imperial2030, Vec<Event>), SetupError> {
        if !(2..=6).contains(&config.players) {
            return Err(SetupError(format!("Imperial 2030 is for 2 to 6 players, not {}", config.players)));
        }
        let regions = board.regions.len();
        let cash = starting_cash(config);
        let mut game = Imperial2030 {
            config: config.clone(),
            rng: seeded(seed),
            cash: vec![0; config.players],
            nations: NATIONS
                .iter()
                .map(|_| NationState {
                    treasury: 0,
                    power: 0,
                    rondel: None,
                    government: None,
                    bonds: [None; 9],
                    tax_column: 0,
                })
                .collect(),
            units: vec![[Units::default(); 6]; regions],
            flags: vec![None; regions],
            factories: board.all().filter(|&r| board.info(r).start_factory).fold(0, |m, r| m | r.bit()),
            investor_card: None,
            round: 1,
            turn: Nation::Russia,
            passed_investor: false,
            maneuver: None,
            phase: Phase::Rondel,
            money_in_play: 0,
            winner_nation: None,
            board: board.clone(),
        };
        let mut events = vec![Event::Setup { players: config.players }];
        for seat in 0..config.players {
            game.bank_to_cash(seat, cash);
        }
        if config.experienced {
            if config.deal.is_some() {
                return Err(SetupError(
                    "the experienced variant deals no nation cards, so `deal` cannot be given".into(),
                ));
            }
            // «Выберите начинающего игрока»: the starting player is drawn at random.
            let first = game.rng.random_range(0..config.players);
            game.start_setup_round(Nation::Russia, first);
        } else {
            game.deal_cards(&mut events)?;
            game.finish_setup(&mut events);
        }
        Ok((game, events))
    }

    /// Standard setup: deal the nation cards; each card buys its nation's 9 bond and its partner's 2 bond.
    fn deal_cards(&mut self, events: &mut Vec<Event>) -> Result<(), SetupError> {
        let players = self.config.players;
        let (mut cards, brings) = deal_plan(players);
        match &self.config.deal {
            Some(deal) => {
                if deal.len() != players {
                    return Err(SetupError(format!("`deal` names {} cards for {players} players", deal.len())));
                }
                for (i, n) in deal.iter().enumerate() {
                    if !cards.contains(n) || deal[..i].contains(n) {
                        return Err(SetupError(format!(
                            "`deal`: with {players} players each seat is dealt a different one of {}",
                            cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
                        )));
                    }
                }
                cards = deal.clone();
            }
            None => cards.shuffle(&mut self.rng),
        }
        for (seat, &card) in cards.iter().take(players).enumerate() {
            let held = brings(card);
            for &n in &held {
                self.buy_setup_bond(seat, n, 9);
                self.buy_setup_bond(seat, n.partner(), 2);
                self.nation_mut(n).government = Some(seat);
            }
            events.push(Event::NationCards { seat, nations: held });
        }
        // «Каждую из оставшихся карт получает игрок, владеющий облигацией „2 миллиона“ этой нации».
        for n in NATIONS {
            if self.government(n).is_none() {
                self.nation_mut(n).government = self.nation(n).bonds[0];
            }
        }
        Ok(())
    }

    fn buy_setup_bond(&mut self, seat: Seat, n: Nation, price: u8) {
        if let Some(i) = bond_index(price) {
            self.nation_mut(n).bonds[i] = Some(seat);
            self.cash_to_treasury(seat, n, i32::from(price));
        }
    }

    /// Experienced variant: a round in which each player, from `first` clockwise, may buy one bond of `n`.
    pub(crate) fn start_setup_round(&mut self, n: Nation, first: Seat) {
        let queue = self
            .seats_from(first)
            .into_iter()
            .map(|seat| InvestTurn { seat, nation: Some(n), buy_only: true })
            .collect();
        self.phase = Phase::Invest { queue, tie_from: first, after: AfterInvest::Setup { nation: n, first } };
    }

    /// The Investor card goes to the player left of Russia's government, or of China's if Russia has none
    /// («Начало игры»); should neither have one (possible only in the experienced variant), of the first
    /// governed nation in turn order. Then Russia begins.
    pub(crate) fn finish_setup(&mut self, events: &mut Vec<Event>) {
        if self.config.investor_card {
            let holder = NATIONS.iter().find_map(|&n| self.government(n)).map(|g| self.next_seat(g));
            self.investor_card = holder;
            if let Some(seat) = holder {
                events.push(Event::InvestorCard { seat });
            }
        }
        self.turn = Nation::Russia;
        self.round = 1;
        self.start_turn(events);
    }
}
