//! What the conformance harness needs from Imperial 2030: configs to try, a bound on game length, random
//! actions from the whole action space, the secret to perturb (hidden cash), and the game's invariants.

use imperia_core::conformance::Conformance;
use imperia_core::{GameRng, Viewer};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::action::Action;
use crate::board::{Region, regions_in};
use crate::config::Config;
use crate::nation::{BOND_PRICES, FLAGS_PER_NATION, NATIONS, Nation, UnitKind};
use crate::rondel::SPACES;
use crate::state::{Imperial2030, Phase, Stance, WINNING_POWER};

impl Conformance for Imperial2030 {
    fn sample_config(rng: &mut GameRng) -> Config {
        Config {
            players: rng.random_range(2..=6),
            experienced: rng.random_bool(0.3),
            investor_card: rng.random_bool(0.75),
            tax_increase_bonus: rng.random_bool(0.3),
            hidden_cash: rng.random_bool(0.5),
            deal: None,
        }
    }

    fn step_bound(_config: &Config) -> usize {
        200_000
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let b = &*self.board;
        let region = |rng: &mut GameRng| Region(rng.random_range(0..b.regions.len() as u8));
        let nation = |rng: &mut GameRng| NATIONS[rng.random_range(0..6)];
        let unit = |rng: &mut GameRng| {
            if rng.random_bool(0.5) { UnitKind::Army } else { UnitKind::Fleet }
        };
        let stance = |rng: &mut GameRng| [None, Some(Stance::Hostile), Some(Stance::Friendly)][rng.random_range(0..3)];
        match rng.random_range(0..22) {
            0 => Action::Invest {
                nation: nation(rng),
                price: *BOND_PRICES.choose(rng).unwrap_or(&2),
                trade_in: rng.random_bool(0.3).then(|| *BOND_PRICES.choose(rng).unwrap_or(&2)),
            },
            1 => Action::PassInvestment,
            2 => Action::Rondel { space: SPACES[rng.random_range(0..8)] },
            3 => Action::ForceStop,
            4 => Action::LetPass,
            5 => Action::BuildFactory { region: region(rng) },
            6 => Action::BuildNothing,
            7 => Action::Produce { region: region(rng) },
            8 => Action::Import { unit: unit(rng), region: region(rng) },
            9 => Action::EndImport,
            10 => Action::MoveFleet { from: region(rng), to: region(rng) },
            11 => {
                let convoy =
                    (0..rng.random_range(0..3)).map(|_| Region(rng.random_range(0..b.regions.len() as u8))).collect();
                Action::MoveArmy {
                    from: region(rng),
                    to: region(rng),
                    convoy,
                    stance: stance(rng),
                    leaving: stance(rng),
                }
            }
            12 => Action::Attack {
                region: region(rng),
                unit: unit(rng),
                enemy: nation(rng),
                enemy_unit: unit(rng),
                stance: stance(rng),
                enemy_stance: stance(rng),
            },
            13 => Action::DestroyFactory {
                region: region(rng),
                friendly: rng.random_bool(0.3).then(|| rng.random_range(0..4)),
            },
            14 => Action::EndFleetMoves,
            15 => Action::EndManeuver,
            16 => Action::Fight { enemy: nation(rng), enemy_unit: unit(rng), enemy_stance: stance(rng) },
            17 => Action::Defend { unit: unit(rng), stance: stance(rng) },
            18 => Action::NoBattle,
            19 => Action::PermitPassage,
            20 => Action::RefusePassage,
            _ => Action::PlaceFlag { region: region(rng) },
        }
    }

    fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool {
        if !self.config.hidden_cash || self.phase == Phase::GameOver {
            return false;
        }
        let others: Vec<usize> = (0..self.seats()).filter(|&s| viewer != Viewer::Seat(s)).collect();
        let Some(&seat) = others.choose(rng) else {
            return false;
        };
        self.cash[seat] += rng.random_range(1..=40);
        true
    }

    fn check_invariants(&self) -> Result<(), String> {
        let cash: i64 = self.cash.iter().map(|&c| i64::from(c)).sum();
        let treasuries: i64 = self.nations.iter().map(|n| i64::from(n.treasury)).sum();
        if cash + treasuries != self.money_in_play {
            return Err(format!(
                "money is not conserved: cash {cash} + treasuries {treasuries} ≠ {} issued by the bank",
                self.money_in_play
            ));
        }
        if let Some(s) = self.cash.iter().position(|&c| c < 0) {
            return Err(format!("player {s} has negative cash"));
        }
        for n in NATIONS {
            let state = self.nation(n);
            if state.treasury < 0 {
                return Err(format!("{n}'s treasury is negative"));
            }
            if self.on_map(n, UnitKind::Army) > n.army_limit() || self.on_map(n, UnitKind::Fleet) > n.fleet_limit() {
                return Err(format!("{n} has more pieces on the map than the box holds"));
            }
            if self.flags_placed(n) > FLAGS_PER_NATION {
                return Err(format!("{n} has more than {FLAGS_PER_NATION} flags out"));
            }
            if state.power > WINNING_POWER {
                return Err(format!("{n}'s power is above {WINNING_POWER}"));
            }
            if self.factories & !self.board.homes.iter().fold(0, |m, h| m | h) != 0 {
                return Err("a factory stands outside the home provinces".into());
            }
            // Governments are settled at the end of every investment round.
            if !matches!(self.phase, Phase::Invest { .. }) {
                let best = (0..self.seats()).map(|s| self.stake(n, s)).max().unwrap_or(0);
                match state.government {
                    Some(g) if self.stake(n, g) != best => {
                        return Err(format!("{n}'s government does not hold the largest stake"));
                    }
                    None if best > 0 => {
                        return Err(format!("{n} has bondholders but no government"));
                    }
                    _ => {}
                }
            }
        }
        for r in self.board.all() {
            let info = self.board.info(r);
            if info.home.is_some() && self.flag(r).is_some() {
                return Err(format!("a flag stands in the home province {r}"));
            }
            // Flags change hands at the flag step; between maneuvers none is left under a single other nation.
            if let (None, Some(holder), Some(flag)) = (&self.maneuver, self.sole_occupant(r), self.flag(r))
                && holder != flag
            {
                return Err(format!("{flag}'s flag stands in {r}, which {holder} alone holds, after the flag step"));
            }
            for n in NATIONS {
                let u = self.units(r, n);
                if u.friendly > u.armies {
                    return Err(format!("{n} has more friendly armies than armies in {r}"));
                }
                if u.friendly > 0 && (info.home.is_none() || info.home == Some(n)) {
                    return Err(format!("{n} has a friendly army outside foreign home provinces, in {r}"));
                }
                if info.is_sea() && u.armies > 0 {
                    return Err(format!("{n} has an army at sea in {r}"));
                }
                if !info.is_sea() && u.fleets > 0 && (info.home != Some(n) || info.harbour.is_none()) {
                    return Err(format!("{n} has a fleet on land outside its own harbours, in {r}"));
                }
                if let Some(m) = self.maneuver.as_ref().filter(|_| n == self.turn)
                    && (m.moved_armies[r.index()] > u.armies
                        || m.moved_fleets[r.index()] > u.fleets
                        || m.arrived_friendly(r) > u.friendly.min(m.moved_armies[r.index()]))
                {
                    return Err(format!("more pieces marked as moved than present in {r}"));
                }
            }
        }
        if let Phase::Flags { candidates, .. } = self.phase
            && regions_in(candidates).any(|r| self.flag(r).is_some())
        {
            return Err("a region awaiting a flag still holds one".into());
        }
        if self.investor_card.is_some_and(|s| s >= self.seats()) {
            return Err("the Investor card is held by no seat".into());
        }
        let _: Option<Nation> = self.winner_nation;
        Ok(())
    }
}
