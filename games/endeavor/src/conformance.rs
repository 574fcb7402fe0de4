//! What the conformance harness needs. Endeavor hides nothing (tokens, decks and the discard pile lie face
//! up), so `perturb_hidden` has nothing to change: it leaves the state as it is and still asks for the
//! secrecy check, which then compares every view and event view with themselves and is reported as run
//! with nothing hidden ("0 with hidden state perturbed"). What stands in for secrecy here is that a view
//! holds the whole table: check 8 rebuilds the state from each deciding seat's view.

use imperia_core::conformance::Conformance;
use imperia_core::{GameRng, Viewer};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::config::{Config, SilentFleet};
use crate::content::{ActKind, Attribute, BuildingId, CardId, SpaceId, TokenKind, ZoneId};
use crate::play::{Action, Sail};
use crate::state::{COAST, DISCS, Endeavor, FLEET, Owner};

impl Conformance for Endeavor {
    fn sample_config(rng: &mut GameRng) -> Config {
        let players = rng.random_range(2..=5);
        let silent = players == 2 && rng.random_bool(0.5);
        let side = match (players, silent) {
            (5, _) => "b",
            (4, _) | (2, true) => *["a", "b"].choose(rng).unwrap_or(&"a"),
            _ => "a",
        };
        let silent_fleet = silent.then(|| SilentFleet {
            occupy_restriction: rng.random(),
            ignore_tokens: rng.random(),
            material_shortage: rng.random(),
        });
        Config { players, side: side.into(), silent_fleet }
    }

    fn step_bound(config: &Config) -> usize {
        1_500 * config.players
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let c = &*self.content;
        let building = BuildingId(rng.random_range(0..c.buildings.len() as u8));
        let card = CardId(rng.random_range(0..c.cards.len() as u8));
        let space = SpaceId(rng.random_range(0..c.spaces.len() as u8));
        let zone = ZoneId(rng.random_range(0..c.zones.len() as u8));
        let slot = rng.random_range(0..=COAST as u8);
        let token = *TokenKind::ALL.choose(rng).unwrap_or(&TokenKind::Attack);
        let kinds = [ActKind::Ship, ActKind::Occupy, ActKind::Attack, ActKind::Payment, ActKind::Draw];
        let kind = *kinds.choose(rng).unwrap_or(&ActKind::Draw);
        let sail = *[Sail::Track { zone }, Sail::Fleet { space }, Sail::Sea { zone }]
            .choose(rng)
            .unwrap_or(&Sail::Sea { zone });
        let options = [
            Action::Start { building },
            Action::Shortage { building },
            Action::Build { building },
            Action::Free { slot },
            Action::Activate { slot },
            Action::Spend { token },
            Action::Ship { to: sail },
            Action::Occupy { city: space },
            Action::Attack { space },
            Action::Payment { slot },
            Action::Draw { card },
            Action::Finish,
            Action::Pass,
            Action::FleetShip { to: sail },
            Action::FleetOccupy { city: space },
            Action::FleetDraw { card },
            Action::FleetNothing { answer: kind },
            Action::Memorial { track: Some(Attribute::Culture) },
            Action::Discard { card },
            Action::Govern { card },
            Action::Keep,
        ];
        *options.choose(rng).unwrap_or(&Action::Pass)
    }

    /// Nothing is hidden, so nothing changes; the check runs all the same.
    fn perturb_hidden(&mut self, _viewer: Viewer, _rng: &mut GameRng) -> bool {
        true
    }

    fn check_invariants(&self) -> Result<(), String> {
        let c = &*self.content;
        // Presence is kept as a count; it must be what the board shows.
        let mut presence = vec![[0u8; 6]; c.zones.len()];
        for (z, track) in self.tracks.iter().enumerate() {
            for o in track.iter().flatten() {
                presence[z][o.index()] += 1;
            }
            for (i, &n) in self.open_sea[z].iter().enumerate() {
                presence[z][i] += n;
            }
        }
        for &s in self.board_spaces() {
            if let Some(o) = self.spaces[s.index()] {
                presence[c.space(s).zone.index()][o.index()] += 1;
            }
        }
        if presence != self.presence {
            return Err(format!("presence {:?} does not match the board {presence:?}", self.presence));
        }
        // Every disc of every colour is somewhere: supply, harbor, a building, the board, the Memorial.
        for (s, p) in self.players.iter().enumerate() {
            let on_board: u8 = presence.iter().map(|z| z[s]).sum();
            let on_coast = p.coast.iter().filter(|b| b.disc).count() as u8;
            let memorial: u8 = p.memorial.iter().sum();
            let total = p.supply + p.harbor + on_board + on_coast + memorial;
            if total != DISCS {
                return Err(format!("player {s} has {total} discs, not {DISCS}"));
            }
            if p.coast.len() > COAST {
                return Err(format!("player {s} has {} buildings on an {COAST}-slot coast", p.coast.len()));
            }
        }
        if self.config.silent_fleet.is_some() {
            let on_board: u8 = presence.iter().map(|z| z[FLEET]).sum();
            if on_board + self.fleet_supply != DISCS {
                return Err("the Silent Fleet's discs do not add up".into());
            }
        }
        // Every card is in exactly one place (or out of the game).
        let mut seen = vec![0u8; c.cards.len()];
        let held = self.players.iter().flat_map(|p| p.cards.iter().chain(&p.governor).chain(&p.set_aside));
        for &k in self.decks.iter().flatten().chain(&self.discards).chain(self.governors.iter().flatten()).chain(held) {
            seen[k.index()] += 1;
        }
        if let Some(k) = seen.iter().position(|&n| n > 1) {
            return Err(format!("card {} is in two places", c.cards[k].id));
        }
        for (i, &n) in self.stock.iter().enumerate() {
            if n > c.buildings[i].copies {
                return Err(format!("{} copies of {} in the organizer", n, c.buildings[i].id));
            }
        }
        if self.tracks.iter().enumerate().any(|(z, t)| z > 0 && t.iter().all(Option::is_some) != self.explored[z]) {
            return Err("a region is explored exactly when its track is full".into());
        }
        if self.spaces.iter().flatten().any(|o| matches!(o, Owner::Player(s) if usize::from(*s) >= self.players.len()))
        {
            return Err("a disc of a colour nobody plays".into());
        }
        Ok(())
    }
}
