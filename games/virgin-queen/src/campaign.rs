//! The provisional campaign step (docs/rules/virgin-queen.md §4.6): between one turn's Diplomacy and the next
//! Card Draw it stands in for Spring Deployment, the Action Phase and Winter, which the excerpt does not
//! give. It asks nobody anything, draws only from the game's generator, and every event it logs is marked
//! provisional. It is coarse on purpose: it moves exactly the state §8–§9 read.

use std::sync::Arc;

use rand::Rng;

use crate::content::{
    CampaignEffect, Happening, LeaderKind, NavalKind, Owner, PatronId, Power, RoyalId, SiteId, SpaceId,
};
use crate::event::Event;
use crate::state::{CaptainPlace, Item, Phase, Place, RoyalPlace, Status, VirginQueen};

/// What each power brings to any clash before its effort and the dice (C3), by power index.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Forces {
    /// Land units on the map.
    pub land: [u32; 6],
    /// Land leaders on the map.
    pub leaders: [u32; 6],
    /// Wars, against majors and minors, that share the power's effort.
    pub wars: [u32; 6],
}

impl VirginQueen {
    pub(crate) fn campaign(&mut self, events: &mut Vec<Event>) {
        self.deploy(events);
        let mut effort = [0u8; 6];
        for p in self.played_powers().into_iter() {
            effort[p.index()] = self.play_out(p, events);
        }
        for p in self.played_powers().into_iter() {
            effort[p.index()] = self.spend_effort(p, effort[p.index()], events);
        }
        self.wars(&effort, events);
        self.winter(events);
    }

    /// C0: leaders on a card deploy to a held capital, else a held home key (R7); sea captains wintering or at
    /// sea sail home to their power's pool in spring, to lead this year's expeditions.
    pub(crate) fn deploy(&mut self, events: &mut Vec<Event>) {
        for c in self.content.captain_ids().collect::<Vec<_>>() {
            if matches!(self.captain_place(c), CaptainPlace::Wintering(_) | CaptainPlace::AtSea(_)) {
                Arc::make_mut(&mut self.captains)[c.index()] = CaptainPlace::Pool;
                events.push(Event::CaptainSailsHome { captain: c });
            }
        }
        for l in self.content.leader_ids().collect::<Vec<_>>() {
            let info = &self.content.leaders[l.index()];
            if self.leader_place(l) != Place::Card
                || (info.revolt == Some(Happening::RevoltNetherlands) && !self.dutch_revolt)
            {
                continue;
            }
            if let Some(&to) = self.return_places(info.power).first() {
                Arc::make_mut(&mut self.leaders)[l.index()].place = Place::Map(to);
                events.push(Event::Deployed { leader: l, to });
            }
        }
    }

    /// C1: a power spends its whole hand; its effort is the CP. Home cards go back to their owner.
    fn play_out(&mut self, p: Power, events: &mut Vec<Event>) -> u8 {
        let hand = std::mem::take(&mut self.hands[p.index()]);
        let mut cp = 0u8;
        let mut items = Vec::new();
        for &c in &hand.cards {
            let card = &self.content.cards[c.index()];
            cp = cp.saturating_add(card.cp);
            items.push(Item::Card(c));
            if card.effect.is_some() && !card.never_fires_for.contains(&p) {
                match card.effect {
                    Some(CampaignEffect::DragutFalls) => {
                        if let Some(d) =
                            self.content.leader_ids().find(|&l| self.content.leaders[l.index()].id == "dragut")
                            && matches!(self.leader_place(d), Place::Card | Place::Map(_))
                        {
                            Arc::make_mut(&mut self.leaders)[d.index()].place = Place::Dead;
                            self.dragut_fell = Some(self.turn);
                            events.push(Event::DragutKilled);
                        }
                    }
                    Some(CampaignEffect::EnglishCollegeDouai) if !self.douai_played => {
                        self.douai_played = true;
                        events.push(Event::DouaiPlayed);
                    }
                    _ => {}
                }
            }
            if card.home.is_none() {
                Arc::make_mut(&mut self.discard).push(c);
            }
        }
        for &t in &hand.treasures {
            cp = cp.saturating_add(self.content.treasures[t.index()].cp);
            items.push(Item::Treasure(t));
            Arc::make_mut(&mut self.spent).push(t);
        }
        events.push(Event::HandsPlayed { power: p, cp, items });
        cp
    }

    /// C2: colonies, patronage and Spain's markers; the rest is war effort. A colony needs a sea captain of
    /// the power in its pool, who then winters at the site.
    pub(crate) fn spend_effort(&mut self, p: Power, mut effort: u8, events: &mut Vec<Event>) -> u8 {
        let c = &self.content.campaign;
        let (colony_cost, patron_cost) = (c.colony_cost, c.patron_cost.max(1));
        if self.content.major(p).colonies
            && effort >= colony_cost
            && let Some(captain) = self
                .content
                .captain_ids()
                .find(|&c| self.content.captains[c.index()].power == p && self.captain_place(c) == CaptainPlace::Pool)
            && let Some(i) = (0..self.colonies.len())
                .find(|&i| self.colonies[i].is_none() && self.content.sites[i].open_to.contains(&p))
        {
            let site = SiteId(i as u8);
            Arc::make_mut(&mut self.colonies)[i] = Some(p);
            Arc::make_mut(&mut self.captains)[captain.index()] = CaptainPlace::Wintering(site);
            effort -= colony_cost;
            events.push(Event::ColonyFounded { power: p, site, captain });
        }
        // Only artists and scientists on the Patronage Chart: arrived, and not of an unplayed power (facts §7).
        if let Some(i) = (0..self.patrons.len()).find(|&i| {
            let info = &self.content.patrons[i];
            self.patrons[i].is_none()
                && self.patron_available(PatronId(i as u8))
                && info.cost.max(patron_cost) <= effort
        }) {
            let info = &self.content.patrons[i];
            effort -= info.cost.max(patron_cost);
            self.bonus_vp[p.index()] += info.vp as i32;
            Arc::make_mut(&mut self.patrons)[i] = Some(p);
            events.push(Event::Patronised { power: p, patron: PatronId(i as u8) });
        }
        if p == Power::Spain {
            for _ in 0..self.fortress_markers {
                let site = self
                    .content
                    .fronts
                    .iter()
                    .filter(|f| f.0 == Owner::Major(Power::Spain))
                    .flat_map(|f| f.2.iter().copied())
                    .find(|&s| {
                        self.spaces[s.index()].control == Owner::Major(Power::Spain) && !self.spaces[s.index()].fortress
                    });
                if let Some(s) = site {
                    Arc::make_mut(&mut self.spaces)[s.index()].fortress = true;
                    events.push(Event::FortressBuilt { space: s });
                }
            }
            self.fortress_markers = 0;
            self.jesuit_markers = 0;
        }
        effort
    }

    fn leaders_on_map(&self, p: Power) -> Vec<crate::content::LeaderId> {
        self.content.leader_ids().filter(|&l| self.content.leaders[l.index()].power == p && self.fights(l)).collect()
    }

    /// Whether leader `l` fights in the campaign's clashes: a land leader on the map.
    fn fights(&self, l: crate::content::LeaderId) -> bool {
        self.content.leaders[l.index()].kind != LeaderKind::Naval && matches!(self.leader_place(l), Place::Map(_))
    }

    /// C3: each war is fought once; the higher total wins.
    fn wars(&mut self, effort: &[u8; 6], events: &mut Vec<Event>) {
        for (attacker, defender) in self.clashes_due() {
            self.clash(attacker, defender, effort, events);
        }
    }

    /// The clashes the campaign will fight, once for each pair at war: the power first in Impulse Order
    /// attacks each power and minor it is at war with that has not attacked it already.
    pub(crate) fn clashes_due(&self) -> Vec<(Power, Owner)> {
        self.each_war().collect()
    }

    /// Every war once, as the campaign fights it (attacker, defender): by each power in Impulse Order, the
    /// later majors it is at war with, then the minors.
    fn each_war(&self) -> impl Iterator<Item = (Power, Owner)> + '_ {
        Power::ALL.into_iter().flat_map(move |a| {
            let majors = Power::ALL.into_iter().filter(move |&d| d > a).map(Owner::Major);
            let minors = self.minor_wars.iter().filter(move |&&(q, _)| q == a).map(|&(_, m)| Owner::Minor(m));
            majors.filter(move |&d| self.at_war(a, d)).chain(minors).map(move |d| (a, d))
        })
    }

    /// What every power brings to a clash before its effort and the dice, counted in one pass over the map
    /// and one over the leaders (C3): the evaluation asks it of every position a search looks at.
    pub(crate) fn forces(&self) -> Forces {
        let mut f = Forces { land: [0; 6], leaders: [0; 6], wars: [0; 6] };
        for space in self.spaces.iter() {
            for p in Power::ALL {
                f.land[p.index()] += space.land(p);
            }
        }
        for l in self.content.leader_ids().filter(|&l| self.fights(l)) {
            f.leaders[self.content.leaders[l.index()].power.index()] += 1;
        }
        for (a, d) in self.each_war() {
            f.wars[a.index()] += 1;
            if let Some(d) = d.major() {
                f.wars[d.index()] += 1;
            }
        }
        f
    }

    /// What each side of a clash brings before the dice, given the powers' `forces` and effort: the attacker
    /// its land units, leaders and a share of its effort for each of its wars; the defender the same, half
    /// its allies' land units and its forts on the front, or a minor its strength.
    pub(crate) fn clash_strengths(
        &self,
        forces: &Forces,
        attacker: Power,
        defender: Owner,
        effort: &[u8; 6],
    ) -> (u32, u32) {
        let strength = |p: Power| {
            let i = p.index();
            forces.land[i] + forces.leaders[i] + effort[i] as u32 / forces.wars[i].max(1)
        };
        let attack = strength(attacker);
        let defence = match defender {
            Owner::Major(d) => {
                let allies: u32 = Power::ALL
                    .into_iter()
                    .filter(|&q| self.status(d, q) == Status::Allied)
                    .map(|q| forces.land[q.index()] / 2)
                    .sum();
                let forts = self
                    .content
                    .fronts
                    .iter()
                    .filter(|f| f.0 == defender && f.1 == Owner::Major(attacker))
                    .flat_map(|f| f.2.iter())
                    .filter(|s| self.spaces[s.index()].fortress)
                    .count() as u32;
                strength(d) + allies + forts
            }
            Owner::Minor(m) => self.content.minors[m.index()].strength as u32,
        };
        (attack, defence)
    }

    /// The space a clash's winner takes from its loser: the first on the loser's front facing it that the
    /// loser still controls.
    pub(crate) fn front_prize(&self, loser: Owner, winner: Owner) -> Option<SpaceId> {
        let front = self.content.fronts.iter().find(|f| f.0 == loser && f.1 == winner)?;
        front.2.iter().copied().find(|&s| self.spaces[s.index()].control == loser)
    }

    fn clash(&mut self, attacker: Power, defender: Owner, effort: &[u8; 6], events: &mut Vec<Event>) {
        let dice = |g: &mut VirginQueen| (g.rng.random_range(1..=6u8) + g.rng.random_range(1..=6u8)) as u32;
        let (attack, defence) = self.clash_strengths(&self.forces(), attacker, defender, effort);
        let attack = dice(self) + attack;
        let defence = dice(self) + defence;
        let (attack, defence) = (attack.min(255) as u8, defence.min(255) as u8);
        events.push(Event::Clash { attacker: Owner::Major(attacker), defender, attack, defence });
        if attack == defence {
            return;
        }
        let (winner, loser) =
            if attack > defence { (Owner::Major(attacker), defender) } else { (defender, Owner::Major(attacker)) };
        let margin = attack.abs_diff(defence);
        if let Some(w) = winner.major() {
            self.bonus_vp[w.index()] += self.content.campaign.vp_per_win as i32;
        }
        if let Some(s) = self.front_prize(loser, winner) {
            let space = &mut Arc::make_mut(&mut self.spaces)[s.index()];
            space.control = winner;
            space.unrest = true;
            events.push(Event::SpaceTaken { space: s, by: winner });
            self.relocate(s, events);
        }
        if let Some(l) = loser.major() {
            self.losses(l, winner, margin, events);
        }
        if let (Some(w), Some(l)) = (winner.major(), loser.major()) {
            self.naval_clash(w, l, events);
        }
    }

    fn losses(&mut self, loser: Power, winner: Owner, margin: u8, events: &mut Vec<Event>) {
        let mut n = (margin / self.content.campaign.loss_per).max(1);
        let mut lost = 0;
        for kind in [1, 0] {
            for s in 0..self.spaces.len() {
                while n > 0 && self.spaces[s].units[loser.index()][kind] > 0 {
                    Arc::make_mut(&mut self.spaces)[s].units[loser.index()][kind] -= 1;
                    if kind == 1 {
                        self.pools[loser.index()].mercenaries += 1;
                    } else {
                        self.pools[loser.index()].regulars += 1;
                    }
                    n -= 1;
                    lost += 1;
                }
            }
        }
        if lost > 0 {
            events.push(Event::UnitsLost { power: loser, count: lost });
        }
        let leaders = self.leaders_on_map(loser);
        if leaders.is_empty() {
            return;
        }
        let roll = self.rng.random_range(1..=6u8);
        let l = leaders[self.rng.random_range(0..leaders.len())];
        match (roll, winner) {
            (1 | 2, Owner::Major(w)) => {
                Arc::make_mut(&mut self.leaders)[l.index()].place = Place::Captive(w);
                events.push(Event::LeaderCaptured { leader: l, by: winner });
            }
            (1..=3, _) => {
                let default = self.content.leaders[l.index()].kind == LeaderKind::Default;
                Arc::make_mut(&mut self.leaders)[l.index()].place = if default { Place::Reserve } else { Place::Dead };
                if !self.leader_lost.contains(&loser) {
                    self.leader_lost.push(loser);
                }
                events.push(Event::LeaderKilled { leader: l });
            }
            _ => {}
        }
    }

    fn naval_clash(&mut self, winner: Power, loser: Power, events: &mut Vec<Event>) {
        let weight = |g: &VirginQueen, p: Power| -> u32 {
            g.fleets
                .iter()
                .filter(|f| f.acting() == p)
                .map(|f| f.count as u32 * if f.kind == NavalKind::Armada { 3 } else { 1 })
                .sum()
        };
        let (w, l) = (weight(self, winner), weight(self, loser));
        if w == 0 || l == 0 {
            return;
        }
        let weaker = if w < l { winner } else { loser };
        let i = self
            .fleets
            .iter()
            .position(|f| f.loaned_to == Some(weaker))
            .or_else(|| self.fleets.iter().position(|f| f.acting() == weaker));
        if let Some(i) = i {
            let f = &mut Arc::make_mut(&mut self.fleets)[i];
            f.count -= 1;
            let (owner, kind, lent) = (f.owner, f.kind, f.loaned_to.map(|_| f.owner));
            if f.count == 0 {
                Arc::make_mut(&mut self.fleets).remove(i);
            }
            self.pools[owner.index()].naval_destroyed[kind.index()] += 1;
            events.push(Event::ShipLost { power: weaker, lent_by: lent });
        }
        if self.rng.random_range(1..=6u8) == 1
            && let Some(l) = self.content.leader_ids().find(|&l| {
                let info = &self.content.leaders[l.index()];
                info.kind == LeaderKind::Naval && info.power == weaker && matches!(self.leader_place(l), Place::Map(_))
            })
        {
            let leader = &mut Arc::make_mut(&mut self.leaders)[l.index()];
            leader.place = Place::Removed;
            leader.loaned_to = None;
            events.push(Event::NavalLeaderRemoved { leader: l });
        }
    }

    /// C4: Winter. Betrothals resolve; the League; the hire track; Lisbon's treasure; scheduled happenings;
    /// loans and alliances end; unrest and wars with minors end.
    fn winter(&mut self, events: &mut Vec<Event>) {
        for r in self.content.royal_ids().collect::<Vec<RoyalId>>() {
            if let RoyalPlace::Betrothed(other) = self.royals[r.index()].place
                && r < other
            {
                self.resolve_marriage(r, other, events);
            }
        }
        if !self.catholic_league && self.turn >= 3 && self.status(Power::France, Power::Spain) == Status::Allied {
            self.catholic_league = true;
            events.push(Event::CatholicLeague);
            let guise = self
                .content
                .leader_ids()
                .find(|&l| self.content.leaders[l.index()].entry == crate::content::Entry::CatholicLeague);
            if let Some(g) = guise
                && self.played(Power::France)
            {
                Arc::make_mut(&mut self.leaders)[g.index()].place = Place::Card;
                events.push(Event::LeaderArrives { leader: g });
                // He is a regular army leader like any other: France's default leader leaves play (§8.1).
                self.retire_default_leader_for(g, events);
            }
        }
        self.hire_track = self.content.campaign.hire_track_max;
        let lisbon = self.content.space_ids().find(|&s| self.content.space(s).id == "lisbon");
        if let Some(Owner::Major(p)) = lisbon.map(|s| self.spaces[s.index()].control)
            && self.played(p)
            && let Some(t) = Arc::make_mut(&mut self.portugal).pop()
        {
            Arc::make_mut(&mut self.hands[p.index()]).treasures.push(t);
            events.push(Event::LisbonTreasure { power: p, treasure: Some(t) });
        }
        for &(turn, what) in &self.content.happenings.clone() {
            if turn != self.turn {
                continue;
            }
            match what {
                Happening::RevoltNetherlands if !self.dutch_revolt => {
                    self.dutch_revolt = true;
                    events.push(Event::DutchRevolt);
                }
                Happening::MaryCaptive => {
                    let mary = self.content.royal_ids().find(|&r| self.content.royals[r.index()].mary);
                    if let Some(m) = mary
                        && self.royals[m.index()].place != RoyalPlace::Gone
                        && !self.mary_captive
                    {
                        self.mary_captive = true;
                        Arc::make_mut(&mut self.royals)[m.index()].controller = Power::England;
                        events.push(Event::MaryCaptive);
                    }
                }
                _ => {}
            }
        }
        // R25: lent units and leaders go home.
        let lent: Vec<usize> = (0..self.fleets.len()).filter(|&i| self.fleets[i].loaned_to.is_some()).collect();
        for i in lent.into_iter().rev() {
            let f = Arc::make_mut(&mut self.fleets).remove(i);
            match self.home_port(f.owner, f.port) {
                Some(port) => self.add_ships(f.owner, f.kind, port, f.count),
                None => self.pools[f.owner.index()].naval[f.kind.index()] += f.count,
            }
        }
        for l in self.content.leader_ids().collect::<Vec<_>>() {
            if self.leaders[l.index()].loaned_to.is_none() {
                continue;
            }
            Arc::make_mut(&mut self.leaders)[l.index()].loaned_to = None;
            if let Place::Map(at) = self.leader_place(l) {
                let owner = self.content.leaders[l.index()].power;
                Arc::make_mut(&mut self.leaders)[l.index()].place =
                    self.home_port(owner, at).map_or(Place::Card, Place::Map);
            }
        }
        for a in Power::ALL {
            for b in Power::ALL {
                if self.status(a, b) == Status::Allied {
                    self.set_status(a, b, Status::Peace);
                }
            }
        }
        for (p, m) in std::mem::take(&mut self.minor_wars) {
            events.push(Event::MinorWarEnds { power: p, minor: m });
        }
        // Only a position with unrest pays for its own copy of the spaces.
        if self.spaces.iter().any(|s| s.unrest) {
            for s in Arc::make_mut(&mut self.spaces) {
                s.unrest = false;
            }
        }
        self.gifts.clear();
        self.shows.clear();
        self.second_thoughts = [0; 6];
        self.withdrawals = [0; 6];
        self.drafts = Default::default();
        self.proposals.clear();
        events.push(Event::TurnEnds { turn: self.turn });
    }

    fn home_port(&self, owner: Power, from: crate::content::SpaceId) -> Option<crate::content::SpaceId> {
        self.nearest_ports(from, owner).first().copied()
    }

    fn add_ships(&mut self, owner: Power, kind: NavalKind, port: crate::content::SpaceId, n: u8) {
        match Arc::make_mut(&mut self.fleets)
            .iter_mut()
            .find(|f| f.owner == owner && f.kind == kind && f.port == port && f.loaned_to.is_none())
        {
            Some(f) => f.count += n,
            None => Arc::make_mut(&mut self.fleets).push(crate::state::Fleet {
                owner,
                kind,
                port,
                count: n,
                loaned_to: None,
            }),
        }
    }

    /// After the campaign: the next turn's Card Draw, or the end.
    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        self.campaign(events);
        if self.turn >= self.config.turns {
            self.phase = Phase::Over;
            events.push(Event::GameOver);
        } else {
            self.turn += 1;
            self.card_draw(events);
        }
    }
}
