//! «Скрытые деньги» (docs/rules, «Hidden cash»): a viewer's log gives no sum paid into or out of another
//! player's purse, so that cash must be remembered, not read.
//!
//! The check is the attack an audit made (issue 13, item 11): an accountant who starts from the known
//! starting cash and adds up every sum the log states. On the old log it knew every player's cash at every
//! step of a game; now, for a spectator, it loses track of each purse at its first payment, and a seat
//! loses track of every purse but its own.

use imperia_core::{ContentSet, Game, GameRng, Seat, ToAct, Viewer};
use imperial2030::event::Event;
use imperial2030::{Config, Imperial2030};
use rand::{Rng, SeedableRng};

/// What the accountant knows of each purse: `None` once a sum it needed was not in the log.
struct Accountant {
    cash: Vec<Option<i32>>,
}

impl Accountant {
    fn add(&mut self, seat: Option<Seat>, amount: Option<i32>, sign: i32) {
        let Some(seat) = seat else { return };
        self.cash[seat] = match (self.cash[seat], amount) {
            (Some(c), Some(a)) => Some(c + sign * a),
            _ => None,
        };
    }

    /// Read one event of the log; `gov` is the government of a nation at the time.
    fn read(&mut self, e: &Event, gov: impl Fn(imperial2030::Nation) -> Option<Seat>) {
        match e {
            Event::BondBought { seat, paid, .. } => self.add(Some(*seat), *paid, -1),
            Event::InterestPaid { nation, seat, amount, from_government } => {
                self.add(Some(*seat), *amount, 1);
                self.add(gov(*nation), *from_government, -1);
            }
            Event::InvestorBonus { seat, amount } => self.add(Some(*seat), *amount, 1),
            Event::RondelMoved { nation, cost, .. } => self.add(gov(*nation), *cost, -1),
            Event::FactoryBuilt { nation, from_player, .. } | Event::Imported { nation, from_player, .. } => {
                self.add(gov(*nation), *from_player, -1);
            }
            Event::Taxed { nation, bonus, .. } => self.add(gov(*nation), *bonus, 1),
            _ => {}
        }
    }
}

/// Play a seeded random game with hidden cash; return, for `viewer`, how many steps the accountant knew the
/// cash of every other player exactly, and how many steps were played.
fn accountant_hits(seed: u64, viewer: Viewer) -> (usize, usize) {
    let config = Config { players: 4, hidden_cash: true, ..Config::default() };
    let mut g = Imperial2030::setup(&config, &ContentSet::shipped(), seed).expect("setup");
    let mut rng = GameRng::seed_from_u64(seed);
    let mut accountant = Accountant { cash: (0..4).map(|s| Some(g.cash(s))).collect() };
    let (mut hits, mut steps) = (0, 0);
    while let ToAct::Seats(seats) = g.to_act() {
        let seat = seats[0];
        let legal = g.legal_actions(seat);
        let action = legal[rng.random_range(0..legal.len())].clone();
        // Governments as they stood when the sums were paid.
        let before = g.clone();
        let step = g.apply(seat, &action).expect("a legal action");
        for e in &step.events {
            let seen = g.event_view(e, viewer).expect("every event is seen");
            accountant.read(&seen, |n| before.government(n));
        }
        if g.outcome().is_some() {
            break;
        }
        steps += 1;
        let others = (0..4).filter(|&s| viewer != Viewer::Seat(s));
        if others.clone().all(|s| accountant.cash[s] == Some(g.cash(s))) {
            hits += 1;
        }
    }
    (hits, steps)
}

#[test]
fn a_spectator_cannot_read_the_players_cash_off_the_log() {
    // Ruling I32 (what the log shows with hidden cash).
    for seed in 1..=3 {
        let (hits, steps) = accountant_hits(seed, Viewer::Spectator);
        assert!(steps > 50, "a game of some length: {steps} steps");
        // The first steps come before any payment; after that the log must not give the purses away.
        assert!(hits < steps / 10, "seed {seed}: the spectator's log gave every purse at {hits} of {steps} steps");
    }
}

#[test]
fn a_player_cannot_read_the_others_cash_off_the_log() {
    // Ruling I32.
    let (hits, steps) = accountant_hits(4, Viewer::Seat(0));
    assert!(hits < steps / 10, "seat 1's log gave the other purses at {hits} of {steps} steps");
}

#[test]
fn without_the_variant_the_log_states_every_sum() {
    // The accountant itself works: with open cash it follows every purse (the sums and the log agree).
    let config = Config { players: 4, ..Config::default() };
    let mut g = Imperial2030::setup(&config, &ContentSet::shipped(), 5).expect("setup");
    let mut rng = GameRng::seed_from_u64(5);
    let mut accountant = Accountant { cash: (0..4).map(|s| Some(g.cash(s))).collect() };
    for _ in 0..300 {
        let ToAct::Seats(seats) = g.to_act() else { break };
        let legal = g.legal_actions(seats[0]);
        let action = legal[rng.random_range(0..legal.len())].clone();
        let before = g.clone();
        for e in g.apply(seats[0], &action).expect("legal").events {
            accountant.read(&g.event_view(&e, Viewer::Spectator).expect("seen"), |n| before.government(n));
        }
        assert_eq!(accountant.cash, (0..4).map(|s| Some(g.cash(s))).collect::<Vec<_>>());
    }
}
