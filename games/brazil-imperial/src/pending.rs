//! The decisions that interrupt a turn ([`Pending`]): paying, a palace after a goal, the era tokens of an
//! era change, resources of one's choice, Quilombo's goal, a privilege pile to refill from, and Sepé
//! Tiaraju's victim. Also what a player may do at any step of their own turn (ruling B24): declare a goal,
//! park an era token on Coroados, play an opportunity card, place Isabel Bragança's palace, end the turn.

use crate::cite;
use crate::content::{GoalId, Opportunity, Piece, Privilege, Space, WarCondition};
use crate::event::Event;
use crate::map::Hex;
use crate::pay::{AFONSO, Coin, feasible};
use crate::play::{Action, Arg, Ctx, No, no, unique};
use crate::state::{Brazil, Built, Pending, Stage};

impl Brazil {
    pub fn pending_candidates(&self, seat: u8, p: &Pending) -> Vec<Action> {
        let s = usize::from(seat);
        let board = self.board();
        match p {
            Pending::Pay { .. } => {
                let mut out: Vec<Action> =
                    self.players[s].supply.kinds().map(|piece| Action::Pay { from: None, piece }).collect();
                for (i, site) in self.sites.iter().enumerate() {
                    if let Some(t) = site.token
                        && !t.pieces.is_empty()
                        && self.controller(i) == Some(seat)
                    {
                        out.extend(t.pieces.kinds().map(|piece| Action::Pay { from: Some(board.hexes[i]), piece }));
                    }
                }
                out.extend(unique(self.players[s].opportunities.iter().map(|&card| Action::PayCard { card })));
                // Battle cards pay only for the two rulers whose boards say so, and not the Recruit's own.
                let hand = &self.spendable_battle(seat);
                match self.reign(seat) {
                    Some(crate::content::Reign::Napoleon) => {
                        out.extend(unique(hand.iter().map(|&card| Action::PayBattle { card })));
                    }
                    Some(crate::content::Reign::AfonsoI) => {
                        for (n, _) in AFONSO {
                            if hand.len() >= usize::from(n) {
                                out.push(Action::Afonso { cards: hand[..usize::from(n)].to_vec() });
                            }
                        }
                    }
                    _ => {}
                }
                out
            }
            Pending::Battle(_) => self.commit_candidates(seat),
            Pending::Defeat { at, winner, .. } => self
                .units_at(usize::from(*at))
                .filter(|&(o, _)| o == *winner)
                .map(|(_, unit)| Action::Defeat { unit })
                .collect(),
            Pending::Palace { .. } => {
                let mut out = vec![Action::NoPalace];
                out.extend(self.palace_candidates(seat).into_iter().map(|(palace, at)| Action::Palace { palace, at }));
                out
            }
            Pending::EraToken { .. } => Space::ALL.iter().map(|&space| Action::EraToken { space }).collect(),
            Pending::Gain { .. } => Piece::RESOURCES.iter().map(|&piece| Action::Gain { piece }).collect(),
            Pending::Quilombo { .. } => (1..=3).map(|era| Action::Quilombo { era }).collect(),
            Pending::Refill { .. } => (0..3).map(|back| Action::Refill { back }).collect(),
        }
    }

    pub fn check_pending(&self, ctx: &Ctx, seat: u8, p: &Pending, action: &Action) -> Result<(), No> {
        let s = usize::from(seat);
        match (p, action) {
            (Pending::Pay { need, .. }, _) => {
                let (coins, used) = self.coins(seat, action)?;
                let mut n = *need;
                if !coins.iter().all(|&c| n.cover(c)) {
                    return Err(no("that does not pay for anything still owed", cite::PAYING));
                }
                let mut pool = self.pool_in(ctx, seat);
                used.take_from(&mut pool);
                if matches!(action, Action::Afonso { .. }) {
                    pool.afonso = false;
                }
                if !feasible(&n, &pool) {
                    return Err(no("paying that way would leave the rest unpayable", cite::PAYING));
                }
                Ok(())
            }
            (Pending::Battle(_), Action::Commit { cards }) => self.check_commit(seat, cards),
            (Pending::Defeat { at, winner, .. }, Action::Defeat { unit }) => {
                if self.units_at(usize::from(*at)).any(|(o, u)| o == *winner && u == *unit) {
                    Ok(())
                } else {
                    Err(no("choose one of the winner's units in the battle", cite::BATTLE_CARDS))
                }
            }
            (Pending::Palace { .. }, Action::NoPalace) => Ok(()),
            (Pending::Palace { .. }, Action::Palace { palace, at }) => self.check_palace(seat, *palace, *at),
            (Pending::EraToken { .. }, Action::EraToken { space }) => {
                if *space == Space::Market {
                    return Err(no("the Market cannot be upgraded, so it takes no era token", cite::ERA_TOKENS));
                }
                if self.players[s].under[space.index()].is_some() {
                    return Err(no("{} already has an era token under it", cite::ERA_TOKENS).arg(Arg::Space(*space)));
                }
                Ok(())
            }
            (Pending::Gain { .. }, Action::Gain { piece }) if piece.is_resource() => Ok(()),
            (Pending::Quilombo { .. }, Action::Quilombo { era }) => {
                if (1..=3).contains(era) && !self.goal_decks[usize::from(*era) - 1].is_empty() {
                    Ok(())
                } else {
                    Err(no("that era's goal deck is empty", cite::EXPLORATION))
                }
            }
            (Pending::Refill { .. }, Action::Refill { back }) => {
                if self.privilege_piles.get(usize::from(*back)).is_some_and(|p| !p.is_empty()) {
                    Ok(())
                } else {
                    Err(no("that privilege pile is empty", cite::PRIVILEGES))
                }
            }
            _ => Err(no("settle the decision under way first", cite::TURN)),
        }
    }

    /// What a payment action gives, and what it takes from where.
    fn coins(&self, seat: u8, action: &Action) -> Result<(Vec<Coin>, Taken), No> {
        let s = usize::from(seat);
        let p = &self.players[s];
        match action {
            Action::Pay { from: None, piece } if p.supply.get(*piece) > 0 => {
                Ok((vec![Coin::Piece(*piece)], Taken::Piece(*piece)))
            }
            Action::Pay { from: Some(h), piece } => {
                let i = self.hex_index(*h)?;
                let has = self.sites[i].token.is_some_and(|t| t.pieces.get(*piece) > 0);
                if !has || self.controller(i) != Some(seat) {
                    return Err(no("there is no such piece you control at {}", cite::PAYING).arg(Arg::Hex(*h)));
                }
                Ok((vec![Coin::Piece(*piece)], Taken::Piece(*piece)))
            }
            Action::PayCard { card } if p.opportunities.contains(card) => Ok((vec![Coin::GoldLike], Taken::Card)),
            Action::PayBattle { card }
                if self.spendable_battle(seat).contains(card)
                    && self.reign(seat) == Some(crate::content::Reign::Napoleon) =>
            {
                Ok((vec![Coin::Napoleon], Taken::Battle(1)))
            }
            Action::Afonso { cards } => {
                let pool = self.pool(seat);
                let Some((_, coins)) = AFONSO.iter().find(|(n, _)| usize::from(*n) == cards.len()) else {
                    return Err(no("Afonso I exchanges one, two or three battle cards", cite::RULERS));
                };
                if !pool.afonso || !holds_all(&p.battle, cards) {
                    return Err(no("Afonso I's exchange is once a turn, with cards you hold", cite::RULERS));
                }
                if !holds_all(&self.spendable_battle(seat), cards) {
                    return Err(no(FRESH, cite::RULERS));
                }
                Ok((coins.to_vec(), Taken::Battle(cards.len() as u8)))
            }
            Action::PayBattle { card }
                if p.battle.contains(card) && self.reign(seat) == Some(crate::content::Reign::Napoleon) =>
            {
                Err(no(FRESH, cite::RULERS))
            }
            Action::Pay { .. } | Action::PayCard { .. } | Action::PayBattle { .. } => {
                Err(no("you have nothing of that kind to pay with", cite::PAYING))
            }
            _ => Err(no("pay the price first", cite::PAYING)),
        }
    }

    pub fn perform_pending(&mut self, seat: u8, action: &Action, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        let Some(top) = self.pending.last().cloned() else { return };
        match (top, action) {
            (Pending::Pay { need, then, seat: payer }, _) => {
                let Ok((coins, _)) = self.coins(seat, action) else { return };
                let mut n = need;
                for c in coins {
                    n.cover(c);
                }
                self.spend(seat, action);
                if n.is_paid() {
                    self.pending.pop();
                    self.complete(payer, then, ev);
                } else if let Some(Pending::Pay { need, .. }) = self.pending.last_mut() {
                    *need = n;
                }
            }
            (Pending::Battle(_), Action::Commit { cards }) => self.commit(seat, cards, ev),
            (Pending::Defeat { .. }, Action::Defeat { unit }) => {
                self.pending.pop();
                self.defeat(seat_of_unit(self, *unit), *unit, ev);
            }
            (Pending::Palace { .. }, Action::NoPalace) => {
                self.pending.pop();
            }
            (Pending::Palace { .. }, Action::Palace { palace, at }) => {
                self.pending.pop();
                self.put_palace(seat, *palace, *at, ev);
            }
            (Pending::EraToken { era, .. }, Action::EraToken { space }) => {
                self.pending.pop();
                self.players[s].under[space.index()] = Some(era);
                ev.push(self.did(seat, format!("put the era-{} token under {space}", crate::play::roman(era))));
            }
            (Pending::Gain { left, .. }, Action::Gain { piece }) => {
                self.players[s].supply.0[piece.index()] += 1;
                if left > 1 {
                    if let Some(Pending::Gain { left: l, .. }) = self.pending.last_mut() {
                        *l -= 1;
                    }
                } else {
                    self.pending.pop();
                }
                ev.push(self.did(seat, format!("take 1 {piece}")));
            }
            (Pending::Quilombo { .. }, Action::Quilombo { era }) => {
                self.pending.pop();
                self.revealed = true;
                if let Some(g) = self.goal_decks[usize::from(*era) - 1].pop() {
                    self.players[s].goals.push(crate::state::Held { goal: g, done: 0 });
                    let era = crate::play::roman(*era);
                    ev.push(self.did_privately(
                        seat,
                        format!("draw the era-{era} goal {g}"),
                        format!("draw an era-{era} goal"),
                    ));
                }
            }
            (Pending::Refill { slot, .. }, Action::Refill { back }) => {
                self.pending.pop();
                self.display[usize::from(slot)] = self.privilege_piles[usize::from(*back)].pop();
                self.revealed = true;
            }
            _ => {}
        }
    }

    /// Take what a payment action gives from where it lies.
    fn spend(&mut self, seat: u8, action: &Action) {
        let s = usize::from(seat);
        match action {
            Action::Pay { from: None, piece } => self.players[s].supply.0[piece.index()] -= 1,
            Action::Pay { from: Some(h), piece } => {
                if let Some(i) = self.board().index(*h)
                    && let Some(t) = &mut self.sites[i].token
                {
                    t.pieces.0[piece.index()] -= 1;
                }
            }
            Action::PayCard { card } => {
                let hand = &mut self.players[s].opportunities;
                if let Some(k) = hand.iter().position(|c| c == card) {
                    self.opportunity_discard.push(hand.remove(k));
                }
            }
            Action::PayBattle { card } => self.discard_battle(seat, &[*card]),
            Action::Afonso { cards } => {
                self.turn.afonso_used = true;
                self.discard_battle(seat, cards);
            }
            _ => {}
        }
    }

    pub fn discard_battle(&mut self, seat: u8, cards: &[crate::content::BattleId]) {
        let hand = &mut self.players[usize::from(seat)].battle;
        for c in cards {
            if let Some(k) = hand.iter().position(|x| x == c) {
                self.battle_discard.push(hand.remove(k));
            }
        }
    }

    pub fn anytime_candidates(&self, seat: u8) -> Vec<Action> {
        let s = usize::from(seat);
        let p = &self.players[s];
        let mut out = Vec::new();
        for h in &p.goals {
            let tasks = self.content.goal(h.goal).tasks.len() as u8;
            out.extend(
                (0..tasks).filter(|t| h.done & (1 << t) == 0).map(|task| Action::Declare { goal: h.goal, task }),
            );
        }
        if self.holds(seat, Privilege::Coroados) {
            out.extend(
                Space::ALL.iter().filter(|sp| p.under[sp.index()].is_some()).map(|&space| Action::Park { space }),
            );
        }
        out.extend(unique(p.opportunities.iter().map(|&card| Action::Play { card })));
        if self.holds(seat, Privilege::IsabelBraganca) && !p.braganca {
            out.extend(self.palace_candidates(seat).into_iter().map(|(palace, at)| Action::Braganca { palace, at }));
        }
        if self.stage == Stage::Move {
            out.push(Action::End);
        }
        out
    }

    pub fn check_anytime(&self, ctx: &Ctx, seat: u8, action: &Action) -> Result<(), No> {
        if usize::from(seat) != self.turn_seat() {
            return Err(no("only on your own turn", cite::GOALS));
        }
        let p = &self.players[usize::from(seat)];
        match action {
            Action::Declare { goal, task } => self.check_declare(ctx, seat, *goal, *task),
            Action::Park { space } => {
                if !self.holds(seat, Privilege::Coroados) {
                    return Err(no("you need Coroados to park an era token", cite::PRIVILEGES));
                }
                if p.under[space.index()].is_none() {
                    return Err(no("there is no era token under {}", cite::PRIVILEGES).arg(Arg::Space(*space)));
                }
                Ok(())
            }
            Action::Play { card } => self.check_play(seat, *card),
            Action::Braganca { palace, at } => {
                if !self.holds(seat, Privilege::IsabelBraganca) || p.braganca {
                    return Err(no("Isabel Bragança places one palace, once a game", cite::PRIVILEGES));
                }
                self.check_palace(seat, *palace, *at)
            }
            Action::End if self.stage == Stage::Move => Ok(()),
            Action::End => Err(no("finish your action first", cite::TURN)),
            _ => Err(no("that is not possible now", cite::TURN)),
        }
    }

    pub fn perform_anytime(&mut self, seat: u8, action: &Action, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        match action {
            Action::Declare { goal, task } => self.declare(seat, *goal, *task, ev),
            Action::Park { space } => {
                let Some(era) = self.players[s].under[space.index()].take() else { return };
                self.players[s].parked.push(era);
                ev.push(self.did(seat, format!("move the era-{} token to Coroados", crate::play::roman(era))));
                if era == 2 {
                    self.draw_opportunity(seat, ev);
                    self.draw_opportunity(seat, ev);
                }
            }
            Action::Play { card } => self.play_card(seat, *card, ev),
            Action::Braganca { palace, at } => {
                self.players[s].braganca = true;
                self.put_palace(seat, *palace, *at, ev);
            }
            _ => {}
        }
    }

    fn check_play(&self, seat: u8, card: crate::content::OpportunityId) -> Result<(), No> {
        let p = &self.players[usize::from(seat)];
        if !p.opportunities.contains(&card) {
            return Err(no("you do not hold that card", cite::OPPORTUNITIES));
        }
        match self.content.opportunity(card).effect {
            Opportunity::Jesuits => Err(no("the Jesuits are played with a Build of a church", cite::OPPORTUNITIES)),
            Opportunity::Vp(_) => Err(no("this card scores at the end if kept", cite::OPPORTUNITIES)),
            Opportunity::War(cond, count, _) => {
                let met = match cond {
                    WarCondition::WonBattle => self.turn.won_battle,
                    WarCondition::Explored => self.turn.explored,
                    WarCondition::UnitsOnMap => self.units_on_map(seat) >= usize::from(count),
                    WarCondition::Occupies => (0..self.sites.len()).any(|i| {
                        self.sites[i].token.is_some_and(|t| t.owner != seat) && self.controller(i) == Some(seat)
                    }),
                };
                if met { Ok(()) } else { Err(no("the card's condition is not met", cite::OPPORTUNITIES)) }
            }
            Opportunity::ExtraAction(space) => {
                if self.stage != Stage::Move {
                    return Err(no("an extra action follows your own action", cite::OPPORTUNITIES));
                }
                if self.turn.used.contains(&space) {
                    return Err(no("{} was already used this turn", cite::OPPORTUNITIES).arg(Arg::Space(space)));
                }
                // The card is spent before the action, so it cannot pay for it. An extra-action card is
                // not the Jesuits, so what the action may do is otherwise the same without it.
                let mut pool = self.pool(seat);
                pool.cards -= 1;
                let work = Brazil::work_of(space, self.upgraded(seat, space));
                if !matches!(space, Space::Recruit | Space::Market)
                    && !self.any_work(&Ctx::paying_from(pool), seat, work)
                {
                    return Err(
                        no("{} has nothing you could do with it now", cite::OPPORTUNITIES).arg(Arg::Space(space))
                    );
                }
                Ok(())
            }
            Opportunity::ExtraMove => {
                if self.stage == Stage::Move {
                    Ok(())
                } else {
                    Err(no("play it in your movement phase", cite::OPPORTUNITIES))
                }
            }
            Opportunity::Resources(_) => Ok(()),
        }
    }

    fn play_card(&mut self, seat: u8, card: crate::content::OpportunityId, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        let hand = &mut self.players[s].opportunities;
        let Some(k) = hand.iter().position(|&c| c == card) else { return };
        self.opportunity_discard.push(hand.remove(k));
        ev.push(self.did(seat, format!("play {card}")));
        match self.content.opportunity(card).effect {
            Opportunity::War(_, _, reward) => {
                let p = &mut self.players[s];
                p.supply.0[Piece::Gold.index()] += reward.gold;
                p.supply.0[Piece::Science.index()] += reward.science;
                p.war_vp += reward.vp;
                if reward.resource > 0 {
                    self.pending.push(Pending::Gain { seat, left: reward.resource });
                }
                for _ in 0..reward.battle_card {
                    self.draw_battle(seat, ev);
                }
            }
            Opportunity::ExtraAction(space) => self.activate(seat, space, true, ev),
            Opportunity::ExtraMove => self.turn.bonus_moves += 1,
            Opportunity::Resources(n) => self.pending.push(Pending::Gain { seat, left: n }),
            Opportunity::Jesuits | Opportunity::Vp(_) => {}
        }
    }

    /// Where palaces II–VI may go for `seat` now: (palace, hex) pairs (rulings B2, B5).
    pub fn palace_candidates(&self, seat: u8) -> Vec<(u8, Hex)> {
        let p = &self.players[usize::from(seat)];
        let mut out = Vec::new();
        for palace in 2..=6u8 {
            if !p.palaces[usize::from(palace - 2)] {
                continue;
            }
            for i in self.empire(seat).collect::<Vec<_>>() {
                let at = self.board().hexes[i];
                if self.check_palace(seat, palace, at).is_ok() {
                    out.push((palace, at));
                }
            }
        }
        out
    }

    pub fn check_palace(&self, seat: u8, palace: u8, at: Hex) -> Result<(), No> {
        if !(2..=6).contains(&palace) || !self.players[usize::from(seat)].palaces[usize::from(palace - 2)] {
            return Err(no("that palace is not on your board", cite::PALACES));
        }
        let i = self.hex_index(at)?;
        let site = &self.sites[i];
        let Some(t) = site.token else { return Err(no("a palace goes on one of your tokens", cite::PALACES)) };
        if t.owner != seat || self.controller(i) != Some(seat) || site.palace.is_some() {
            return Err(no("a palace goes on a token you built and control, one palace to a token", cite::PALACES));
        }
        let c = &*self.content;
        let fits = match (palace, t.built) {
            (2, Built::Building(b)) => c.building(b).era == 1,
            (3, Built::Building(b)) => c.building(b).era <= 2,
            (3, Built::City(_)) => true,
            (4, Built::Building(b)) => c.building(b).id == "spinning_mill",
            (5, Built::Building(b)) => c.building(b).id == "coffee_plantation",
            (6, Built::City(_)) => true,
            _ => false,
        };
        if fits {
            Ok(())
        } else {
            Err(no("palace {} cannot stand on that token", cite::PALACES).arg(Arg::N(palace.into())))
        }
    }

    /// Put a palace on the map and take its bonus now («Дворцы»).
    fn put_palace(&mut self, seat: u8, palace: u8, at: Hex, ev: &mut Vec<Event>) {
        let Some(i) = self.board().index(at) else { return };
        let s = usize::from(seat);
        self.players[s].palaces[usize::from(palace - 2)] = false;
        self.sites[i].palace = Some((seat, palace));
        ev.push(self.did(seat, format!("place palace {} at {at}", crate::play::roman(palace))));
        match palace {
            2 => {
                self.players[s].supply.0[Piece::Sugarcane.index()] += 1;
                self.palace_item(seat, ev);
            }
            3 => self.draw_opportunity(seat, ev),
            4 => self.players[s].supply.0[Piece::Cotton.index()] += 1,
            6 => self.draw_battle(seat, ev),
            _ => {}
        }
    }

    /// Palace II's free square item, dye or sugar, on a free square frame (or any free space with
    /// Immigrants); the first that fits, in content order (ruling B49).
    fn palace_item(&mut self, seat: u8, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        let any = self.holds(seat, Privilege::AnyFrame);
        let square = crate::content::Shape::Square;
        let item = (0..self.content.items.len())
            .find(|&k| self.content.items[k].shape == square && self.players[s].items[k].is_none());
        let frame = Space::ALL.into_iter().find(|sp| {
            !self.players[s].items.contains(&Some(crate::state::Frame::Space(*sp)))
                && self.content.frames[sp.index()].is_some_and(|f| any || f == square)
        });
        if let (Some(k), Some(sp)) = (item, frame) {
            self.players[s].items[k] = Some(crate::state::Frame::Space(sp));
            ev.push(self.did(seat, format!("place {} on {sp}", self.content.items[k].name)));
        }
    }

    fn check_declare(&self, ctx: &Ctx, seat: u8, goal: GoalId, task: u8) -> Result<(), No> {
        let p = &self.players[usize::from(seat)];
        let Some(held) = p.goals.iter().find(|h| h.goal == goal) else {
            return Err(no("that goal is not in your hand", cite::GOALS));
        };
        let g = self.content.goal(goal);
        if g.era > self.era {
            return Err(no("that goal belongs to era {}, which has not begun", cite::GOALS).arg(Arg::N(g.era.into())));
        }
        let Some(t) = g.tasks.get(usize::from(task)) else { return Err(no("the goal has no such task", cite::GOALS)) };
        if held.done & (1 << task) != 0 {
            return Err(no("that task is already declared", cite::GOALS));
        }
        let holdings = ctx.holdings.get_or_init(|| self.holdings(seat));
        if let Some(k) = t.conditions.iter().position(|c| !holdings.meets(*c)) {
            return Err(no("condition {} of the goal is not met", cite::GOALS).arg(Arg::N(k as u32 + 1)));
        }
        Ok(())
    }

    /// Declare a goal (or an era-III task): score it, place a palace, and move the era on if it is the
    /// current era's first («Эпохи и карты целей»; rulings B23–B25).
    fn declare(&mut self, seat: u8, goal: GoalId, task: u8, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        let g = self.content.goal(goal);
        let (era, tasks) = (g.era, g.tasks.len());
        let Some(k) = self.players[s].goals.iter().position(|h| h.goal == goal) else { return };
        let first_task = self.players[s].goals[k].done == 0;
        self.players[s].goals[k].done |= 1 << task;
        let complete = self.players[s].goals[k].done.count_ones() as usize == tasks;
        ev.push(self.did(seat, format!("declare {goal}")));
        if era < 3 && self.reign(seat) == Some(crate::content::Reign::ObaII) {
            self.players[s].supply.0[Piece::Science.index()] += 1;
        }
        // The palace comes before the era change (its tokens wait under it in `pending`).
        if era == self.era && era < 3 {
            self.advance_era(seat, ev);
        }
        if first_task && self.players[s].palaces.iter().any(|&p| p) && !self.palace_candidates(seat).is_empty() {
            self.pending.push(Pending::Palace { seat });
        }
        if era == 3 && complete && !self.solo() && !self.last_round {
            self.last_round = true;
            ev.push(self.did(seat, "complete an era-III goal: this round is the last"));
        }
    }

    /// Everyone flips their token under a space and takes the next era's (B23, B50).
    fn advance_era(&mut self, seat: u8, ev: &mut Vec<Event>) {
        let old = self.era;
        self.era += 1;
        ev.push(Event::Public(format!("Era {} begins", crate::play::roman(self.era))));
        let n = self.players.len() as u8;
        // Declared before the action, the declarer acts with the new token this turn.
        let acted = !matches!(self.stage, Stage::Act);
        for k in (0..n).rev() {
            let who = (seat + k) % n;
            let p = &mut self.players[usize::from(who)];
            p.token = None;
            p.last = None;
            self.pending.push(Pending::EraToken { seat: who, era: old });
        }
        if !acted {
            self.turn.used.clear();
        }
    }

    pub fn meets(&self, seat: u8, c: crate::content::Condition) -> bool {
        self.holdings(seat).meets(c)
    }

    /// What `seat` has that goals count, counted once.
    pub fn holdings(&self, seat: u8) -> Holdings {
        let p = &self.players[usize::from(seat)];
        let mut h = Holdings { buildings: vec![0; self.content.buildings.len()], ..Holdings::default() };
        for (_, t) in self.controlled(seat) {
            match t.built {
                Built::Building(b) => h.buildings[b.index()] += 1,
                Built::City(_) if t.owner == seat => h.cities += 1,
                _ => {}
            }
        }
        h.units = self.units_on_map(seat);
        for (k, f) in p.items.iter().enumerate() {
            if f.is_some() {
                h.items += 1;
                h.shapes[self.content.items[k].shape as usize] += 1;
            }
        }
        h.privileges = p.privileges.len();
        for &k in &p.privileges {
            h.backs[self.content.privilege(k).back.index()] += 1;
        }
        h.supply = usize::from(p.supply.total());
        h
    }
}

/// What a player has that goals count ([`Brazil::holdings`]).
#[derive(Clone, Debug, Default)]
pub struct Holdings {
    /// Controlled building tokens, by building.
    pub(crate) buildings: Vec<usize>,
    /// Cities built and controlled.
    pub(crate) cities: usize,
    pub(crate) units: usize,
    pub(crate) items: usize,
    pub(crate) shapes: [usize; 3],
    pub(crate) privileges: usize,
    pub(crate) backs: [usize; 3],
    pub(crate) supply: usize,
}

impl Holdings {
    pub fn meets(&self, c: crate::content::Condition) -> bool {
        let (have, want) = self.count(c);
        have >= want
    }

    /// How much of a condition is met, from 0 to 1.
    pub fn progress(&self, c: crate::content::Condition) -> f64 {
        let (have, want) = self.count(c);
        if want == 0 { 1.0 } else { (have as f64 / want as f64).min(1.0) }
    }

    /// How much of a task's conditions is met, from 0 to 1: the mean of their shares.
    pub fn share(&self, conditions: &[crate::content::Condition]) -> f64 {
        mean(conditions.iter().map(|&c| self.progress(c)))
    }

    /// [`Holdings::share`] looking a step ahead, for the solo bot: a building asked for gains 0.4 for each
    /// token of its other face that the task does not itself ask for, as one Renew would flip it, and a
    /// city asked for gains `founding`, how far the next one is under way (from 0 to 1).
    pub fn outlook(
        &self,
        conditions: &[crate::content::Condition],
        content: &crate::content::Content,
        founding: f64,
    ) -> f64 {
        use crate::content::Condition as C;
        let asked = |b: crate::content::BuildingId| {
            let wants = conditions.iter().filter_map(|&c| match c {
                C::Controls(x, n) if x == b => Some(usize::from(n)),
                _ => None,
            });
            wants.max().unwrap_or(0)
        };
        mean(conditions.iter().map(|&c| match c {
            C::Controls(b, n) if n > 0 => {
                let (have, want) = (self.buildings[b.index()], usize::from(n));
                let other = content.building(b).other;
                let spare = self.buildings[other.index()].saturating_sub(asked(other));
                (have.min(want) as f64 + 0.4 * spare.min(want.saturating_sub(have)) as f64) / want as f64
            }
            C::Cities(n) if self.cities < usize::from(n) => (self.cities as f64 + founding) / f64::from(n),
            c => self.progress(c),
        }))
    }

    /// What a condition counts: what the player has, and what it asks for.
    pub fn count(&self, c: crate::content::Condition) -> (usize, usize) {
        use crate::content::Condition as C;
        let (have, want) = match c {
            C::Units(n) => (self.units, n),
            C::Controls(b, n) => (self.buildings[b.index()], n),
            C::Buildings(n) => (self.buildings.iter().sum(), n),
            C::BuildingKinds(n) => (self.buildings.iter().filter(|&&k| k > 0).count(), n),
            C::Cities(n) => (self.cities, n),
            C::Items(n) => (self.items, n),
            C::ItemsShape(shape, n) => (self.shapes[shape as usize], n),
            C::Privileges(n) => (self.privileges, n),
            C::PrivilegesBack(n) => (self.backs.iter().copied().max().unwrap_or(0), n),
            C::Supply(n) => (self.supply, n),
        };
        (have, usize::from(want))
    }
}

/// The mean of some shares; none make 0.
fn mean(shares: impl ExactSizeIterator<Item = f64>) -> f64 {
    let n = shares.len();
    if n == 0 { 0.0 } else { shares.sum::<f64>() / n as f64 }
}

/// Which player owns a unit (its colour's).
fn seat_of_unit(g: &Brazil, unit: crate::content::UnitId) -> u8 {
    if g.dutch.iter().any(|(u, _)| *u == unit) && g.solo() {
        return crate::state::DUTCH;
    }
    let colour = g.content.unit(unit).colour;
    g.players.iter().position(|p| p.colour == colour).map_or(crate::state::DUTCH, |s| s as u8)
}

/// Why a battle card in hand cannot pay (ruling B27).
const FRESH: &str = "a battle card this Recruit drew cannot pay for it";

/// What a payment takes, for the feasibility of the rest.
enum Taken {
    Piece(Piece),
    Card,
    Battle(u8),
}

impl Taken {
    fn take_from(&self, pool: &mut crate::pay::Pool) {
        match *self {
            Taken::Piece(p) => pool.pieces.0[p.index()] -= 1,
            Taken::Card => pool.cards -= 1,
            Taken::Battle(n) => pool.battle -= n,
        }
    }
}

fn holds_all(hand: &[crate::content::BattleId], cards: &[crate::content::BattleId]) -> bool {
    let mut left = hand.to_vec();
    cards.iter().all(|c| match left.iter().position(|x| x == c) {
        Some(k) => {
            left.remove(k);
            true
        }
        None => false,
    })
}
