//! What the conformance harness needs: configs at every count, arbitrary actions for the refusal check,
//! the secrets a viewer cannot see (others' hands, the decks' order, unseen exploration tokens) to perturb,
//! and the invariants: every card in exactly one place, at most one player's units on a hex, tokens and
//! pieces within their counts.

use imperia_core::conformance::Conformance;
use imperia_core::{GameRng, Viewer};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

use crate::config::Config;
use crate::content::{
    BattleId, BuildingId, CityId, GoalId, ItemId, OpportunityId, Piece, PrivilegeId, RulerId, Space, UnitId,
};
use crate::map::Hex;
use crate::play::{Action, Trade};
use crate::state::{Brazil, Built, Frame, Pending, Spot};

impl Conformance for Brazil {
    fn sample_config(rng: &mut GameRng) -> Config {
        // Any of the count's scenarios, or (as records made before scenarios) the count's first map.
        let players = rng.random_range(1..=4);
        let shipped = imperia_core::ContentSet::<crate::Content>::shipped();
        let scenarios: Vec<&str> = shipped
            .maps
            .iter()
            .filter(|m| usize::from(m.players) == players)
            .filter_map(|m| m.scenario.as_deref())
            .collect();
        let scenario = if rng.random_bool(0.5) { scenarios.choose(rng).copied() } else { None };
        Config { players, scenario: scenario.map(String::from) }
    }

    fn step_bound(config: &Config) -> usize {
        6_000 * config.players.max(2)
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let c = &*self.content;
        let board = self.board();
        let at = *board.hexes.choose(rng).unwrap_or(&Hex { r: 0, c: 0 });
        let far = Hex { r: 250, c: rng.random_range(0..250) };
        let hex = if rng.random_bool(0.1) { far } else { at };
        let unit = UnitId(rng.random_range(0..c.units.len() as u8));
        let battle = BattleId(rng.random_range(0..c.battle_cards.len() as u8));
        let opportunity = OpportunityId(rng.random_range(0..c.opportunities.len() as u8));
        let goal = GoalId(rng.random_range(0..c.goals.len() as u8));
        let piece = *Piece::ALL.choose(rng).unwrap_or(&Piece::Wood);
        let space = *Space::ALL.choose(rng).unwrap_or(&Space::Market);
        let options = [
            Action::Prepare { keep: [goal, goal, goal], ruler: RulerId(rng.random_range(0..c.rulers.len() as u8)) },
            Action::Capital { at: hex },
            Action::Activate { space },
            Action::Recruit { unit, at: hex },
            Action::Take { card: PrivilegeId(rng.random_range(0..c.privileges.len() as u8)) },
            Action::Build {
                building: BuildingId(rng.random_range(0..c.buildings.len() as u8)),
                at: hex,
                alt: rng.random(),
                jesuits: rng.random(),
            },
            Action::Found { city: CityId(rng.random_range(0..c.cities.len() as u8)), at: hex },
            Action::Renew { at: hex, flip: rng.random() },
            Action::Craft { item: ItemId(rng.random_range(0..c.items.len() as u8)), on: Frame::Space(space) },
            Action::Craft { item: ItemId(rng.random_range(0..c.items.len() as u8)), on: Frame::Museum },
            Action::Gather { piece },
            Action::Exchange { trade: Trade::Sell { piece } },
            Action::Exchange { trade: Trade::Fine { cotton: rng.random_range(0..5) } },
            Action::Exchange { trade: Trade::Cards { a: battle, b: battle } },
            Action::Done,
            Action::Pay { from: if rng.random() { Some(hex) } else { None }, piece },
            Action::PayCard { card: opportunity },
            Action::PayBattle { card: battle },
            Action::Afonso { cards: vec![battle; rng.random_range(0..5)] },
            Action::Move { unit, to: hex, carry: vec![unit], extra: rng.random() },
            Action::Move { unit, to: hex, carry: vec![], extra: rng.random() },
            Action::Bombard { unit, target: hex },
            Action::Fight { at: hex },
            Action::Peek { at: hex },
            Action::Commit { cards: vec![battle; rng.random_range(0..5)] },
            Action::Defeat { unit },
            Action::Declare { goal, task: rng.random_range(0..4) },
            Action::Palace { palace: rng.random_range(0..8), at: hex },
            Action::NoPalace,
            Action::EraToken { space },
            Action::Park { space },
            Action::Play { card: opportunity },
            Action::Braganca { palace: rng.random_range(0..8), at: hex },
            Action::Gain { piece },
            Action::Quilombo { era: rng.random_range(0..5) },
            Action::Refill { back: rng.random_range(0..5) },
            Action::Return { piece },
            Action::DiscardBattle { card: battle },
            Action::DiscardOpportunity { card: opportunity },
            Action::End,
        ];
        options.choose(rng).cloned().unwrap_or(Action::End)
    }

    fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool {
        let me = viewer.seat();
        let others: Vec<usize> = (0..self.players.len()).filter(|&s| Some(s) != me).collect();
        let mut changed = false;
        // The decks' order.
        self.battle_deck.shuffle(rng);
        self.opportunity_deck.shuffle(rng);
        for d in &mut self.goal_decks {
            d.shuffle(rng);
        }
        for p in &mut self.privilege_piles {
            p.shuffle(rng);
        }
        // Another seat's battle card swapped with the deck's.
        if let Some(&s) = others.choose(rng)
            && !self.players[s].battle.is_empty()
            && !self.battle_deck.is_empty()
        {
            let k = rng.random_range(0..self.players[s].battle.len());
            let d = rng.random_range(0..self.battle_deck.len());
            std::mem::swap(&mut self.players[s].battle[k], &mut self.battle_deck[d]);
            changed = true;
        }
        if let Some(&s) = others.choose(rng)
            && !self.players[s].opportunities.is_empty()
            && !self.opportunity_deck.is_empty()
        {
            let k = rng.random_range(0..self.players[s].opportunities.len());
            let d = rng.random_range(0..self.opportunity_deck.len());
            std::mem::swap(&mut self.players[s].opportunities[k], &mut self.opportunity_deck[d]);
            changed = true;
        }
        // Two face-down tokens the viewer has not seen, swapped.
        let seen: Vec<u16> = me.map(|s| self.players[s].peeked.clone()).unwrap_or_default();
        let unseen: Vec<usize> = (0..self.sites.len())
            .filter(|&i| self.sites[i].lying.is_some_and(|l| !l.face_up) && !seen.contains(&(i as u16)))
            .collect();
        if let [a, b, ..] = unseen.as_slice() {
            let (x, y) = (self.sites[*a].lying, self.sites[*b].lying);
            self.sites[*a].lying = y;
            self.sites[*b].lying = x;
            changed = true;
        }
        // Capital tokens still face down (everyone's choices not yet made): two swapped.
        if self.stage == crate::state::Stage::Prepare
            && let [a, b, ..] = self.capital_tokens.as_mut_slice()
            && a != b
        {
            std::mem::swap(a, b);
            changed = true;
        }
        // A committed card of the other side.
        if let Some(Pending::Battle(b)) = self.pending.last_mut() {
            for (owner, cards) in [(Some(b.attacker), &mut b.attack_cards), (b.defender, &mut b.defence_cards)] {
                if let Some(cards) = cards
                    && owner.map(usize::from) != me
                    && let Some(first) = cards.first_mut()
                    && let Some(d) = self.battle_deck.first_mut()
                {
                    std::mem::swap(first, d);
                    changed = true;
                }
            }
        }
        changed || !others.is_empty()
    }

    /// The round limit of ruling B63 ended a multiplayer game that no complete era-III card had ended; the
    /// solo scenario's round 20 is the rulebook's own.
    fn ended_by_cap(&self) -> bool {
        self.stopped_at_round_limit()
    }

    fn check_invariants(&self) -> Result<(), String> {
        let c = &*self.content;
        // Battle cards: each copy in one place.
        let mut battle: Vec<BattleId> = self.battle_deck.iter().chain(&self.battle_discard).copied().collect();
        for p in &self.players {
            battle.extend(&p.battle);
        }
        for p in &self.pending {
            if let Pending::Battle(b) = p {
                battle.extend(b.attack_cards.iter().flatten());
                battle.extend(b.defence_cards.iter().flatten());
            }
        }
        battle.sort();
        let mut all = c.battle_deck.clone();
        all.sort();
        if battle != all {
            return Err(format!("{} battle cards in play, {} in the game", battle.len(), all.len()));
        }
        let mut opp: Vec<OpportunityId> =
            self.opportunity_deck.iter().chain(&self.opportunity_discard).copied().collect();
        for p in &self.players {
            opp.extend(&p.opportunities);
        }
        opp.sort();
        let mut all = c.opportunity_deck.clone();
        all.sort();
        if opp != all {
            return Err(format!("{} opportunity cards in play, {} in the game", opp.len(), all.len()));
        }
        let mut goals: Vec<GoalId> = self.goal_decks.iter().flatten().copied().collect();
        for (p, d) in self.players.iter().zip(&self.dealt) {
            goals.extend(p.goals.iter().map(|h| h.goal));
            if let Some(d) = d
                && !p.ready
            {
                goals.extend(d.iter().flatten());
            }
        }
        goals.sort();
        if goals.windows(2).any(|w| w[0] == w[1]) {
            return Err("a goal card is in two places".into());
        }
        // Units of two players meet only on the hex of a battle not yet resolved.
        let fought: Vec<usize> = self
            .pending
            .iter()
            .filter_map(|p| if let Pending::Battle(b) = p { Some(usize::from(b.at)) } else { None })
            .collect();
        for i in 0..self.sites.len() {
            let mut owners: Vec<u8> = self.units_at(i).map(|(o, _)| o).collect();
            owners.sort_unstable();
            owners.dedup();
            if owners.len() > 1 && !fought.contains(&i) {
                return Err(format!("units of two players share {}", self.board().hexes[i]));
            }
            if self.board().is_water(i) && self.sites[i].token.is_some() {
                return Err("a token stands in water".into());
            }
        }
        for (k, t) in c.tokens.iter().enumerate() {
            let on_map = self
                .sites
                .iter()
                .filter(|s| s.token.is_some_and(|x| matches!(x.built, Built::Building(b) if c.building(b).token == k)))
                .count();
            if on_map + usize::from(self.token_supply[k]) > usize::from(t.count) {
                return Err(format!("more {} tokens than the game has", c.building(t.front).name));
            }
        }
        for p in &self.players {
            if p.units.contains(&Spot::Gone) {
                return Err("a player's unit left the game".into());
            }
            if p.items.iter().filter(|f| matches!(f, Some(Frame::Space(_)))).count() != {
                let mut spaces: Vec<_> = p
                    .items
                    .iter()
                    .filter_map(|f| if let Some(Frame::Space(s)) = f { Some(*s) } else { None })
                    .collect();
                spaces.sort();
                spaces.dedup();
                spaces.len()
            } {
                return Err("two items on one space".into());
            }
        }
        Ok(())
    }
}
