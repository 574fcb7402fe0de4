//! §8 «Фаза вытягивания карточек»: the first phase of every turn, run without a decision except the
//! choice of the home card to keep (ref-02). Arrivals (§8.1) and new cards (§8.3) only from turn 2 (ruling
//! R1); Spain's markers (§8.2), the deal (§8.3) and the treasures and colonies (§8.4) every turn.

use std::sync::Arc;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::content::{Bonus, ColonyResult, Entry, LeaderKind, Owner, Power, Region, RoyalId, SiteId};
use crate::event::Event;
use crate::state::{CaptainPlace, Phase, Place, RoyalPlace, VirginQueen};

impl VirginQueen {
    /// Run the Card Draw phase of the current turn, up to the home-card choice.
    pub(crate) fn card_draw(&mut self, events: &mut Vec<Event>) {
        events.push(Event::TurnBegins { turn: self.turn });
        if self.turn > self.content.start_turn {
            self.arrivals(events);
        }
        self.spain_markers(events);
        self.deal(events);
        self.treasures(events);
        self.colony_rolls(events);
        self.phase = Phase::KeepHome;
    }

    /// §8.1: leaders, sea captains, royals, artists and scientists, and naval units.
    fn arrivals(&mut self, events: &mut Vec<Event>) {
        let turn = self.turn;
        let arriving: Vec<_> = self
            .content
            .leader_ids()
            .filter(|&l| self.leader_place(l) == Place::Future && self.played(self.content.leaders[l.index()].power))
            .filter(|&l| match self.content.leaders[l.index()].entry {
                Entry::Turn(t) => t == turn,
                // §8.1: Uluch Ali comes in Dragut's place if Dragut Falls killed Dragut in the previous turn.
                Entry::ReplacesDragut => self.dragut_fell == Some(turn - 1),
                _ => false,
            })
            .collect();
        for &l in &arriving {
            Arc::make_mut(&mut self.leaders)[l.index()].place = Place::Card;
            events.push(Event::LeaderArrives { leader: l });
            self.retire_default_leader_for(l, events);
        }
        // §8.1: a default leader replaces army leaders lost last turn, unless a regular one arrives now (R4).
        for p in std::mem::take(&mut self.leader_lost) {
            let regular_arrives = arriving.iter().any(|&l| {
                self.content.leaders[l.index()].power == p && self.content.leaders[l.index()].kind == LeaderKind::Army
            });
            if let Some(d) = self.content.default_leader(p)
                && !regular_arrives
                && !self.regular_army_leader_in_play(p)
                && matches!(self.leader_place(d), Place::Reserve | Place::Future)
            {
                Arc::make_mut(&mut self.leaders)[d.index()].place = Place::Card;
                events.push(Event::LeaderArrives { leader: d });
            }
        }
        // §8.1: naval leaders removed from play come back.
        for l in self.content.leader_ids().collect::<Vec<_>>() {
            if self.leader_place(l) == Place::Removed {
                Arc::make_mut(&mut self.leaders)[l.index()].place = Place::Card;
                events.push(Event::LeaderArrives { leader: l });
            }
        }
        // §8.1 «Остальные персонажи»: sea captains go to their power's pool of units available to build; an
        // unplayed power's were removed at setup (facts §7, R39).
        for c in self.content.captain_ids().collect::<Vec<_>>() {
            if self.captain_place(c) == CaptainPlace::Future
                && self.content.captains[c.index()].entry == turn
                && self.played(self.content.captains[c.index()].power)
            {
                Arc::make_mut(&mut self.captains)[c.index()] = CaptainPlace::Pool;
                events.push(Event::CaptainArrives { captain: c });
            }
        }
        for r in self.content.royal_ids().collect::<Vec<RoyalId>>() {
            // Rudolf II stays out of a game of 2 to 5 players; every other royal comes on his turn (R46).
            if self.royals[r.index()].place == RoyalPlace::Future
                && self.content.royals[r.index()].entry == turn
                && self.royal_in_use(r)
            {
                Arc::make_mut(&mut self.royals)[r.index()].place = RoyalPlace::Table;
                events.push(Event::RoyalArrives { royal: r });
            }
        }
        // §8.1: artists and scientists come to the Patronage Chart; an unplayed power's never do, and their
        // patronage VP are gone with them (facts §7).
        for x in self.content.patron_ids().collect::<Vec<_>>() {
            if self.content.patrons[x.index()].entry == turn && self.patron_available(x) {
                events.push(Event::PatronArrives { patron: x });
            }
        }
        // §8.1 «Морские части»: naval units destroyed last turn go back to the pool.
        for p in Power::ALL {
            let pool = &mut self.pools[p.index()];
            let n: u8 = pool.naval_destroyed.iter().sum();
            if n > 0 {
                for k in 0..4 {
                    pool.naval[k] += pool.naval_destroyed[k];
                    pool.naval_destroyed[k] = 0;
                }
                events.push(Event::NavalUnitsReturn { power: p, count: n });
            }
        }
    }

    pub(crate) fn has_bonus(&self, p: Power, bonus: Bonus) -> bool {
        self.patrons.iter().enumerate().any(|(i, &by)| by == Some(p) && self.content.patrons[i].bonus == Some(bonus))
    }

    /// §8.2: Spain tops its fortress and Jesuit markers up to their totals; unused ones count.
    fn spain_markers(&mut self, events: &mut Vec<Event>) {
        if !self.played(Power::Spain) {
            return;
        }
        let fortresses = if self.has_bonus(Power::Spain, Bonus::CoastalFortification) { 2 } else { 1 };
        let jesuits = if self.douai_played { 2 } else { 1 };
        self.fortress_markers = self.fortress_markers.max(fortresses);
        self.jesuit_markers = self.jesuit_markers.max(jesuits);
        events.push(Event::SpainMarkers { fortresses: self.fortress_markers, jesuits: self.jesuit_markers });
    }

    /// How many cards `p` is dealt (rule 6.2): its key track; the Protestant 4, or 5 with a key in the
    /// Netherlands and one outside (ref-01).
    pub fn deal_size(&self, p: Power) -> u8 {
        if p == Power::Protestant {
            let held = |inside: bool| {
                self.content.space_ids().any(|s| {
                    let sp = self.content.space(s);
                    sp.key
                        && self.spaces[s.index()].control == Owner::Major(p)
                        && (sp.region == Region::Netherlands) == inside
                })
            };
            return if held(true) && held(false) { 5 } else { 4 };
        }
        let keys = self.keys(p);
        self.content.major(p).deal.iter().rev().find(|&&(k, _)| keys >= k as usize).map_or(0, |&(_, c)| c)
    }

    /// Whether a card is used at this player count (facts §7).
    /// Whether a royal is in this game: facts §7 removes Rudolf II with 2 to 5 players (his `players`), and
    /// no other royal; one of an unplayed power comes to the table like any other (ruling R46).
    pub(crate) fn royal_in_use(&self, r: RoyalId) -> bool {
        let players = &self.content.royals[r.index()].players;
        players.is_empty() || players.contains(&(self.config.players as u8))
    }

    pub(crate) fn card_in_use(&self, c: crate::content::CardId) -> bool {
        let card = &self.content.cards[c.index()];
        card.home.is_none() && (card.players.is_empty() || card.players.contains(&(self.config.players as u8)))
    }

    /// §8.3: new cards join, the deck is shuffled with the discards (R10), and each played power is dealt its
    /// hand in Impulse Order; home cards come back to their owners to choose from.
    fn deal(&mut self, events: &mut Vec<Event>) {
        if self.turn > self.content.start_turn {
            let new: Vec<_> = (0..self.content.cards.len())
                .map(|i| crate::content::CardId(i as u8))
                .filter(|&c| self.card_in_use(c) && self.content.cards[c.index()].entry == self.turn)
                .collect();
            if !new.is_empty() {
                events.push(Event::CardsAdded { count: new.len() as u8 });
                Arc::make_mut(&mut self.deck).extend(new);
            }
        }
        Arc::make_mut(&mut self.deck).append(Arc::make_mut(&mut self.discard));
        Arc::make_mut(&mut self.deck).shuffle(&mut self.rng);
        events.push(Event::DeckShuffled { size: self.deck.len() as u8 });
        for p in self.played_powers().into_iter() {
            let n = self.deal_size(p);
            let mut cards = Vec::new();
            for _ in 0..n {
                match Arc::make_mut(&mut self.deck).pop() {
                    Some(c) => cards.push(c),
                    None => {
                        events.push(Event::DeckRanOut { power: p });
                        break;
                    }
                }
            }
            Arc::make_mut(&mut self.hands[p.index()]).cards.extend(cards.iter().copied());
            events.push(Event::Dealt { power: p, count: cards.len() as u8, cards: Some(cards) });
            let homes = self.content.major(p).home_cards.clone();
            let hand = Arc::make_mut(&mut self.hands[p.index()]);
            hand.cards.retain(|c| !homes.contains(c));
            hand.home_aside = homes;
        }
    }

    /// §8.4: the treasure pool is refreshed, Spain draws, and Portugal's row is refilled (R13).
    fn treasures(&mut self, events: &mut Vec<Event>) {
        Arc::make_mut(&mut self.cup).append(Arc::make_mut(&mut self.spent));
        Arc::make_mut(&mut self.cup).shuffle(&mut self.rng);
        if self.played(Power::Spain) {
            let n = (self.content.spain_treasures as usize).min(self.cup.len());
            let at = self.cup.len() - n;
            let drawn: Vec<_> = Arc::make_mut(&mut self.cup).split_off(at);
            Arc::make_mut(&mut self.hands[Power::Spain.index()]).treasures.extend(drawn.iter().copied());
            events.push(Event::TreasuresDrawn { power: Power::Spain, count: n as u8, treasures: Some(drawn) });
        }
        let room = (self.content.portugal_row as usize).saturating_sub(self.portugal.len()).min(self.cup.len());
        if room > 0 {
            let at = self.cup.len() - room;
            let drawn = Arc::make_mut(&mut self.cup).split_off(at);
            Arc::make_mut(&mut self.portugal).extend(drawn);
            events.push(Event::PortugalRowRefilled { count: room as u8 });
        }
    }

    /// §8.4: two dice per colony on its owner's column, +1 with Plantation.
    fn colony_rolls(&mut self, events: &mut Vec<Event>) {
        for p in Power::ALL {
            for i in 0..self.colonies.len() {
                if self.colonies[i] != Some(p) {
                    continue;
                }
                let site = SiteId(i as u8);
                let plantation = u8::from(self.has_bonus(p, Bonus::Plantation));
                let roll = self.rng.random_range(1..=6u8) + self.rng.random_range(1..=6u8) + plantation;
                let mut result = self
                    .content
                    .colony_table
                    .iter()
                    .find(|&&(q, f, t, _)| q == p && (f..=t).contains(&roll))
                    .map_or(ColonyResult::NoEffect, |&(_, _, _, r)| r);
                if result == ColonyResult::TreasureVirginiaDare && self.virginia_dare {
                    result = ColonyResult::Treasure;
                }
                events.push(Event::ColonyRoll { power: p, site, roll, result });
                match result {
                    ColonyResult::Eliminated => {
                        Arc::make_mut(&mut self.colonies)[i] = None;
                        // §8.4: a captain wintering there moves his expedition to the ocean zone at once (R15:
                        // each site lies on exactly one).
                        let sea = self.content.sites[i].ocean;
                        for c in self.content.captain_ids().collect::<Vec<_>>() {
                            if self.captain_place(c) == CaptainPlace::Wintering(site) {
                                Arc::make_mut(&mut self.captains)[c.index()] = CaptainPlace::AtSea(sea);
                                events.push(Event::CaptainPutToSea { captain: c, site, sea });
                            }
                        }
                    }
                    ColonyResult::NoEffect => {}
                    ColonyResult::Treasure | ColonyResult::TreasureVirginiaDare => {
                        if let Some(t) = Arc::make_mut(&mut self.cup).pop() {
                            Arc::make_mut(&mut self.hands[p.index()]).treasures.push(t);
                            events.push(Event::TreasuresDrawn { power: p, count: 1, treasures: Some(vec![t]) });
                        }
                        if result == ColonyResult::TreasureVirginiaDare {
                            self.virginia_dare = true;
                            self.bonus_vp[p.index()] += 1;
                        }
                    }
                }
            }
        }
    }
}
