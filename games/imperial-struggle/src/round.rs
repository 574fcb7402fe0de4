//! The peace round (§4.1): its fourteen phases, from the deck phase to the final scoring, and the way the
//! game moves along the turn track between rounds and wars. Only the deal, the ministry phase, the
//! initiative and the turns wait for players; everything else happens as soon as it is reached.

use rand::seq::SliceRandom;

use crate::action::Action;
use crate::content::{Card, Commodity, Content, Era, Power, Region};
use crate::event::Event;
use crate::ministries as m;
use crate::state::{HAND, ImperialStruggle, Phase, TRP_CAP};

impl ImperialStruggle {
    /// §4.1.1–4.1.6: the automatic phases of a round, up to the first decision.
    pub(crate) fn begin_peace_round(&mut self, events: &mut Vec<Event>) {
        let round = self.round();
        events.push(Event::RoundBegins { round });
        self.sweep = None;
        // §4.1.1 Deck.
        if round == 3 {
            self.deck.extend(cards_of(&self.content, Era::Empire));
            self.deck.shuffle(&mut self.rng);
            events.push(Event::EmpireCardsShuffledIn);
        }
        if round == 5 {
            let old = |c: &Card| self.content.card(*c).era == Era::Succession;
            let mut gone: Vec<Card> = self.deck.iter().copied().filter(old).collect();
            gone.extend(self.discard.iter().copied().filter(old));
            self.deck.retain(|c| !old(c));
            self.discard.retain(|c| !old(c));
            for p in Power::BOTH {
                let hand = &mut self.powers[p.index()].hand;
                gone.extend(hand.iter().copied().filter(old));
                hand.retain(|c| !old(c));
            }
            gone.sort();
            self.removed.extend(gone.iter().copied());
            self.deck.extend(cards_of(&self.content, Era::Revolution));
            self.deck.shuffle(&mut self.rng);
            events.push(Event::RevolutionCardsShuffledIn { removed: gone });
        }
        // §4.1.2 Debt limit.
        if round == 3 || round == 5 {
            for p in Power::BOTH {
                let s = self.power_mut(p);
                s.debt_limit += 4;
                let limit = s.debt_limit;
                events.push(Event::DebtLimitRaised { power: p, limit });
            }
        }
        // §4.1.3 Awards: an era's first round shuffles the eight and lays four; its second lays the rest.
        if matches!(round, 1 | 3 | 5) || self.awards.stack.len() < 4 {
            self.awards.stack = (0..self.content.awards.len() as u8).collect();
            self.awards.stack.shuffle(&mut self.rng);
        }
        for r in 0..4 {
            self.awards.current[r] = self.awards.stack.pop();
        }
        self.awards.stack.sort_unstable();
        events.push(Event::AwardsPlaced { awards: self.awards.current });
        // §4.1.4 Global demand: three of six, every round.
        let mut all = Commodity::ALL.to_vec();
        all.shuffle(&mut self.rng);
        all.truncate(3);
        all.sort();
        self.demand = all;
        events.push(Event::DemandDrawn { commodities: self.demand.clone() });
        // §4.1.5 Reset.
        for a in &mut self.advantages {
            a.exhausted = false;
        }
        for p in Power::BOTH {
            let s = self.power_mut(p);
            for slot in &mut s.ministries {
                slot.exhausted = [false; 2];
            }
            s.merchant_banks = 0;
            s.townshend = None;
            if s.brig > 0 {
                let count = s.brig;
                s.navy_box += count;
                s.brig = 0;
                events.push(Event::SquadronsBack { power: p, count });
            }
        }
        let inv = &mut self.investments;
        inv.used.append(&mut inv.display);
        inv.used.extend(inv.taken.drain(..).map(|(_, t)| t));
        // §4.1.6 Deal: nine tiles (reshuffling the used ones if short), three cards each.
        let mut revealed = Vec::new();
        for _ in 0..9 {
            if self.investments.stack.is_empty() {
                let mut used = std::mem::take(&mut self.investments.used);
                used.shuffle(&mut self.rng);
                self.investments.stack = used;
            }
            match self.investments.stack.pop() {
                Some(t) => revealed.push(t),
                None => break,
            }
        }
        revealed.sort_unstable();
        self.investments.display = revealed.clone();
        events.push(Event::InvestmentsRevealed { tiles: revealed });
        for _ in 0..3 {
            for p in [Power::France, Power::Britain] {
                self.draw_card(p, events);
            }
        }
        let done = Power::BOTH.map(|p| self.power(p).hand.len() <= HAND);
        if done.iter().all(|&d| d) {
            self.begin_ministries(events);
        } else {
            self.phase = Phase::Deal { aside: [Vec::new(), Vec::new()], done };
        }
    }

    /// Draw the top event card for `p`, shuffling the discard into a new deck when the deck is out (§4.1.6).
    pub(crate) fn draw_card(&mut self, p: Power, events: &mut Vec<Event>) {
        if self.deck.is_empty() && !self.discard.is_empty() {
            self.deck = std::mem::take(&mut self.discard);
            self.deck.shuffle(&mut self.rng);
            events.push(Event::DeckReshuffled);
        }
        if let Some(card) = self.deck.pop() {
            self.power_mut(p).hand.push(card);
            events.push(Event::CardDrawn { power: p, card: Some(card) });
        }
    }

    /// The deal's choices for `p`: set a card aside while more than three remain, then keep the hand.
    pub(crate) fn deal_choices(&self, p: Power) -> Vec<Action> {
        let Phase::Deal { done, .. } = &self.phase else { return Vec::new() };
        if done[p.index()] {
            return Vec::new();
        }
        let hand = &self.power(p).hand;
        if hand.len() > HAND { hand.iter().map(|&c| Action::SetAside(c)).collect() } else { vec![Action::KeepHand] }
    }

    pub(crate) fn apply_deal(&mut self, p: Power, a: &Action, events: &mut Vec<Event>) {
        match *a {
            Action::SetAside(card) => {
                self.power_mut(p).hand.retain(|&c| c != card);
                if let Phase::Deal { aside, .. } = &mut self.phase {
                    aside[p.index()].push(card);
                }
            }
            Action::KeepHand => {
                let all_done = if let Phase::Deal { done, .. } = &mut self.phase {
                    done[p.index()] = true;
                    done.iter().all(|&d| d)
                } else {
                    false
                };
                if all_done {
                    // Both have chosen: the cards set aside go face up to the discard together.
                    if let Phase::Deal { aside, .. } = std::mem::replace(&mut self.phase, Phase::Initiative) {
                        for p in Power::BOTH {
                            let mut cards = aside[p.index()].clone();
                            cards.sort();
                            self.discard.extend(cards.iter().copied());
                            events.push(Event::CardsSetAside { power: p, cards });
                        }
                    }
                    self.begin_ministries(events);
                }
            }
            _ => {}
        }
    }

    /// §4.1.8: from round 2 the marker's side of 15 gives the initiative (15 keeps it where it is); the
    /// holder names who moves first.
    pub(crate) fn begin_initiative(&mut self, events: &mut Vec<Event>) {
        if self.round() > 1 {
            self.initiative = match self.vp.cmp(&15) {
                std::cmp::Ordering::Less => Power::France,
                std::cmp::Ordering::Greater => Power::Britain,
                std::cmp::Ordering::Equal => self.initiative,
            };
        }
        events.push(Event::Initiative { power: self.initiative });
        self.phase = Phase::Initiative;
    }

    pub(crate) fn go_first(&mut self, p: Power, events: &mut Vec<Event>) {
        self.first = p;
        events.push(Event::FirstPlayer { power: p });
        self.start_turn(0, events);
    }

    /// §4.1.10–4.1.14: after the eighth turn.
    pub(crate) fn end_peace_round(&mut self, events: &mut Vec<Event>) {
        // §4.1.10: treaty points above 4 are lost.
        for p in Power::BOTH {
            let over = self.power(p).trp.saturating_sub(TRP_CAP);
            self.lose_trp(p, over, events);
        }
        // §4.1.11: end-of-round abilities — John Law.
        if self.power(Power::France).has_revealed(m::JOHN_LAW) {
            let scotland = !self
                .content
                .country("scotland")
                .and(self.board.of(Power::France))
                .without(self.board.conflict)
                .is_empty();
            self.reduce_debt(Power::France, if scotland { 2 } else { 1 }, events);
        }
        // §4.1.12, §4.1.13.
        self.scoring(events);
        if let Some(p) = self.sweep {
            events.push(Event::SweepVictory { power: p });
            self.game_over(p, events);
            return;
        }
        if self.vp_victory(events) {
            return;
        }
        // §4.1.14.
        if self.round() == 6 {
            self.final_scoring(events);
            return;
        }
        self.turn += 1;
        if self.at_war() {
            self.begin_war(events);
        } else {
            self.begin_peace_round(events);
        }
    }

    /// §4.1.12: prestige, the four region awards, global demand, then East India Company.
    fn scoring(&mut self, events: &mut Vec<Event>) {
        // Scoring changes the state as it reads the content: a handle of its own.
        let c = self.content.clone();
        let (br, fr) = (Power::Britain, Power::France);
        if let Some(p) = Self::more(self.counted(self.prestige_spaces()), 1) {
            events.push(Event::PrestigeWon { power: p });
            self.score(p, 2, events);
        }
        let mut won: [usize; 2] = [0, 0];
        for r in Region::ALL {
            let Some(tile) = self.awards.current[r.index()].take() else { continue };
            let award = &c.awards[tile as usize];
            let counts = self.counted(c.masks.by_region[r.index()]);
            let winner = Self::more(counts, award.margin as usize);
            if r == Region::Europe && self.power(fr).has_revealed(m::VOLTAIRE) {
                let countries = ["ireland", "scotland", "prussia", "dutch_republic", "austria", "spain"];
                let n = countries
                    .iter()
                    .filter(|k| self.counted(c.masks.prestige.and(c.country(k)))[fr.index()] > 0)
                    .count()
                    .min(3) as u8;
                self.gain_trp(fr, n, events);
            }
            let Some(w) = winner else {
                events.push(Event::AwardTied { region: r });
                continue;
            };
            won[w.index()] += 1;
            let mut vp = award.vp;
            let mut trp = award.trp;
            if r == Region::Europe {
                if w == fr && self.power(fr).has_revealed(m::COURT_OF_THE_SUN_KING) {
                    vp += 1;
                }
                if self.power(br).has_revealed(m::SAMUEL_JOHNSON) {
                    if w == br {
                        vp += 1;
                    } else {
                        vp = vp.saturating_sub(1);
                    }
                }
            }
            if r == Region::India && w == fr && self.power(fr).has_revealed(m::DUPLEIX) {
                trp += 1;
            }
            events.push(Event::AwardWon { region: r, power: w, vp, trp });
            self.score(w, vp, events);
            self.gain_trp(w, trp, events);
        }
        let mut demand_won: [usize; 2] = [0, 0];
        for comm in self.demand.clone() {
            let before = events.len();
            self.score_demand(comm, events);
            if let Some(Event::DemandWon { power, .. }) = events[before..].first() {
                demand_won[power.index()] += 1;
            }
        }
        if self.power(br).has_revealed(m::EAST_INDIA_COMPANY) {
            use crate::advantages::{FRUIT, FUR_TRADE, RUM, SILK, TEXTILES};
            let n = [TEXTILES, SILK, FRUIT, FUR_TRADE, RUM]
                .into_iter()
                .filter(|&a| {
                    let st = &self.advantages[a.index()];
                    st.holder == Some(br)
                        && !st.exhausted
                        && c.advantage(a).requires.and(self.board.conflict).is_empty()
                })
                .count()
                .min(3) as u8;
            self.score(br, n, events);
        }
        // §4.1.13: every region award and every demand scored this round.
        for p in Power::BOTH {
            if won[p.index()] == 4 && demand_won[p.index()] == self.demand.len() {
                self.sweep = Some(p);
            }
        }
    }

    /// §4.1.13, §7.4: the marker at 0 or below wins for Britain, at 30 or above for France.
    pub(crate) fn vp_victory(&mut self, events: &mut Vec<Event>) -> bool {
        if self.vp <= 0 {
            self.game_over(Power::Britain, events);
            true
        } else if self.vp >= 30 {
            self.game_over(Power::France, events);
            true
        } else {
            false
        }
    }

    /// §11.0, §4.1.14: the final scoring and the end of the game.
    fn final_scoring(&mut self, events: &mut Vec<Event>) {
        // Scoring changes the state as it reads the content: a handle of its own.
        let c = self.content.clone();
        let (br, fr) = (Power::Britain, Power::France);
        events.push(Event::FinalScoring);
        if let Some(p) = Self::more(self.counted(self.prestige_spaces()), 1) {
            events.push(Event::PrestigeWon { power: p });
            self.score(p, 2, events);
        }
        let avail = [self.power(br).available_debt(), self.power(fr).available_debt()];
        if avail[0] != avail[1] {
            let p = if avail[0] > avail[1] { br } else { fr };
            let diff = avail[0].abs_diff(avail[1]);
            self.score(p, (diff / 2).min(4), events);
        }
        for comm in Commodity::ALL {
            if let Some(p) = Self::more(self.counted(c.masks.commodity[comm.index()]), 1) {
                self.score(p, 1, events);
            }
        }
        // §11.0, 4: 2 VP per territory held that the opponent held after setup; US flags count for France
        // (§10.0).
        let us = self.board.flagged(crate::content::Flag::Usa);
        let french = self.board.of(fr).or(us);
        let theirs_then = |p: Power| c.masks.start_territories[p.opponent().index()];
        let br_n = theirs_then(br).and(self.board.of(br)).len() as u8;
        let fr_n = theirs_then(fr).and(french).len() as u8;
        self.score(br, 2 * br_n, events);
        self.score(fr, 2 * fr_n, events);
        let winner = match self.vp.cmp(&15) {
            std::cmp::Ordering::Greater => fr,
            std::cmp::Ordering::Less => br,
            std::cmp::Ordering::Equal if self.power(fr).available_debt() > self.power(br).available_debt() => fr,
            std::cmp::Ordering::Equal => br,
        };
        self.game_over(winner, events);
    }

    pub(crate) fn game_over(&mut self, winner: Power, events: &mut Vec<Event>) {
        self.phase = Phase::Over { winner };
        self.tasks.clear();
        let why = self.why_over().unwrap_or_default();
        events.push(Event::GameOver { winner, why });
    }

    /// Why the game ended, read from its final state (so that the state need not keep it): a power that
    /// swept a scoring phase (§4.1.13, [`ImperialStruggle::sweep`], set only then) or a war's theatres
    /// (§7.4: a war turn that ends the game by its winner, the marker's not), the victory marker at 0 or 30
    /// (§4.1.13, §7.4), or else the final scoring (§11.0). A marker at its end also when a sweep ended the
    /// game is said as the marker, which is as true. Said without a pronoun for the winner, who may be the
    /// reader ("You win: every theatre of the war won, …").
    pub(crate) fn why_over(&self) -> Option<String> {
        let Phase::Over { winner } = self.phase else { return None };
        let marker_winner = match self.vp {
            ..=0 => Some(Power::Britain),
            30.. => Some(Power::France),
            _ => None,
        };
        Some(if self.sweep == Some(winner) {
            "a sweep: every region award and every demand this round won".into()
        } else if marker_winner == Some(winner) {
            format!("the victory marker reached {}", if winner == Power::France { 30 } else { 0 })
        } else if self.at_war() {
            let war = self.war.war.map_or_else(|| "war".to_string(), |w| w.name().to_string());
            format!("every theatre of the {war} won, with the greatest spoils")
        } else if self.vp == 15 {
            "the final scoring left the marker at 15; the tie-break decides".into()
        } else {
            "the final scoring".into()
        })
    }
}

/// The event cards of an era, in number order.
pub(crate) fn cards_of(c: &Content, era: Era) -> Vec<Card> {
    c.cards.iter().enumerate().filter(|(_, c)| c.era == era).map(|(i, _)| Card(i as u8)).collect()
}
