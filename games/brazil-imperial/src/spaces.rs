//! The seven action spaces: what each may do, what it costs, and what it gives («Ячейки действий»,
//! pp.10–12). A priced action becomes a [`Purchase`] waiting on its payment ([`crate::pending`]); `complete`
//! carries it out once paid.

use std::ops::ControlFlow;

use crate::cite;
use crate::content::{Back, Bag, BuildingId, Cost, Find, Piece, Privilege, Reign, Shape, Space, Terrain};
use crate::event::Event;
use crate::map::Hex;
use crate::pay::feasible;
use crate::play::{Action, Arg, Ctx, No, Trade, no};
use crate::state::{Brazil, Built, Frame, Need, Pending, Purchase, Spot, Stage, Token, Work};

impl Brazil {
    pub fn hex_index(&self, h: Hex) -> Result<usize, No> {
        self.board().index(h).ok_or_else(|| no("{} is not on the map", cite::TURN).arg(Arg::Hex(h)))
    }

    pub fn check_activate(&self, ctx: &Ctx, seat: u8, space: Space) -> Result<(), No> {
        let p = &self.players[usize::from(seat)];
        if p.last == Some(space) {
            return Err(no("you used {} last turn; choose another space", cite::TURN).arg(Arg::Space(space)));
        }
        if self.turn.used.contains(&space) {
            return Err(no("{} was already used this turn", cite::TURN).arg(Arg::Space(space)));
        }
        let work = Brazil::work_of(space, self.upgraded(seat, space));
        // Every space but Recruit and Market must have its action carried out (ruling B39).
        if !matches!(space, Space::Recruit | Space::Market) && !self.any_work(ctx, seat, work) {
            return Err(no("{} has nothing you could do with it now", cite::TURN).arg(Arg::Space(space)));
        }
        Ok(())
    }

    /// Put the token on `space` (or, for an extra-action card, use it without the token) and start its work.
    pub fn activate(&mut self, seat: u8, space: Space, bonus: bool, ev: &mut Vec<Event>) {
        let upgraded = self.upgraded(seat, space);
        self.turn.used.push(space);
        if bonus {
            self.turn.bonus_action = true;
        } else {
            self.players[usize::from(seat)].token = Some(space);
            self.turn.extra_from = Some(space);
        }
        ev.push(self.did(seat, format!("activate {space}")));
        match space {
            Space::Recruit => {
                let mut cards = 1 + u8::from(upgraded);
                let p = &mut self.players[usize::from(seat)];
                if !std::mem::replace(&mut p.recruited, true) && self.reign(seat) == Some(Reign::Napoleon) {
                    cards += 1;
                }
                for _ in 0..cards {
                    let before = self.players[usize::from(seat)].battle.len();
                    self.draw_battle(seat, ev);
                    if let Some(&c) = self.players[usize::from(seat)].battle.get(before) {
                        self.turn.drawn.push(c);
                    }
                }
            }
            Space::Market if self.holds(seat, Privilege::MarketBonus) => {
                self.pending.push(Pending::Gain { seat, left: 1 });
            }
            _ => {}
        }
        self.stage = Stage::Work(Brazil::work_of(space, upgraded));
    }

    /// The actions a space's work could take, to be checked.
    pub fn work_candidates(&self, ctx: &Ctx, seat: u8, w: Work) -> Vec<Action> {
        let mut out = Vec::new();
        let _ = self.each_work_candidate(ctx, seat, w, &mut |a| {
            out.push(a);
            ControlFlow::Continue(())
        });
        out
    }

    /// Whether some action of a space's work passes its check: the candidates are made only until one does.
    pub(crate) fn any_work(&self, ctx: &Ctx, seat: u8, w: Work) -> bool {
        self.each_work_candidate(ctx, seat, w, &mut |a| match self.check_work(ctx, seat, w, &a) {
            Ok(()) => ControlFlow::Break(()),
            Err(_) => ControlFlow::Continue(()),
        })
        .is_break()
    }

    /// Hands each candidate of a space's work to `emit`, stopping when it breaks.
    fn each_work_candidate(
        &self,
        ctx: &Ctx,
        seat: u8,
        w: Work,
        emit: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let s = usize::from(seat);
        let board = self.board();
        match w {
            Work::Recruit { .. } => {
                let musters: Vec<Hex> =
                    (0..self.sites.len()).filter(|&i| self.muster(seat, i)).map(|i| board.hexes[i]).collect();
                for (k, &unit) in self.colour_units(seat).iter().enumerate() {
                    if matches!(self.players[s].units[k], Spot::Board | Spot::Supply) {
                        for &at in &musters {
                            emit(Action::Recruit { unit, at })?;
                        }
                    }
                }
                emit(Action::Done)?;
            }
            Work::Obtain => {
                for &card in self.display.iter().flatten() {
                    emit(Action::Take { card })?;
                }
            }
            Work::Build { second } => {
                // Hexes touching one's own tokens, and whether each may take a token at all: `check_site`
                // asks the same of every building, so it is asked once a hex, and only of the hexes reached
                // (a check for any work stops at the first candidate that passes).
                let mut near: Vec<Option<bool>> = vec![Some(false); self.sites.len()];
                for i in self.empire(seat) {
                    near[i] = None;
                    board.neighbours[i].iter().for_each(|&n| near[usize::from(n)] = None);
                }
                let jesuits = self.holds_jesuits(seat);
                let anywhere = self.holds(seat, Privilege::AnyTerrain);
                // A building nobody could pay for is not offered on any hex.
                let pool = self.pool_in(ctx, seat);
                for (b, building) in self.content.buildings.iter().enumerate() {
                    let building_id = BuildingId(b as u8);
                    if building.era > self.era && !(jesuits && building.era == 2) {
                        continue;
                    }
                    let affordable = |alt| feasible(&self.build_need(seat, building_id, alt, second), &pool);
                    if !(affordable(false) || building.alt_cost.is_some() && affordable(true)) {
                        continue;
                    }
                    for (i, open) in near.iter_mut().enumerate() {
                        if *open == Some(false) {
                            continue;
                        }
                        // Only hexes whose terrain could take it (`check_build` decides the rest).
                        let fits = building.any_terrain()
                            || anywhere
                            || self.sites[i].token.is_some()
                            || self
                                .build_terrain(i)
                                .is_some_and(|t| t == Terrain::Any || building.terrain.contains(&t));
                        if !fits || !*open.get_or_insert_with(|| self.check_site(seat, i).is_ok()) {
                            continue;
                        }
                        let at = board.hexes[i];
                        emit(Action::Build { building: building_id, at, alt: false, jesuits: false })?;
                        if building.alt_cost.is_some() {
                            emit(Action::Build { building: building_id, at, alt: true, jesuits: false })?;
                        }
                        if jesuits && building.era == 2 && building.any_terrain() {
                            emit(Action::Build { building: building_id, at, alt: false, jesuits: true })?;
                        }
                    }
                }
                if second {
                    emit(Action::Done)?;
                } else {
                    let mut founders: Vec<Hex> = self
                        .colour_units(seat)
                        .iter()
                        .zip(&self.players[s].units)
                        .filter_map(|(&u, spot)| match spot {
                            Spot::Map(i) if self.founds(seat, u) => Some(board.hexes[usize::from(*i)]),
                            _ => None,
                        })
                        .collect();
                    founders.sort_unstable();
                    founders.dedup();
                    for stack in &self.city_stacks {
                        if let Some(&city) = stack.last() {
                            for &at in &founders {
                                emit(Action::Found { city, at })?;
                            }
                        }
                    }
                }
            }
            Work::Renew => {
                for i in self.empire(seat).collect::<Vec<_>>() {
                    for flip in [false, true] {
                        emit(Action::Renew { at: board.hexes[i], flip })?;
                    }
                }
            }
            Work::Craft => {
                // An item nobody could pay for is not offered on any frame.
                let pool = self.pool_in(ctx, seat);
                for k in 0..self.content.items.len() {
                    let item = crate::content::ItemId(k as u8);
                    if self.players[s].items[k].is_none() && feasible(&self.craft_need(seat, item), &pool) {
                        for &space in &Space::ALL {
                            emit(Action::Craft { item, on: Frame::Space(space) })?;
                        }
                        emit(Action::Craft { item, on: Frame::Ruler })?;
                    }
                }
            }
            Work::Harbor => {
                for &piece in &Piece::RESOURCES {
                    emit(Action::Gather { piece })?;
                }
            }
            Work::Market => {
                for &piece in &Piece::RESOURCES {
                    emit(Action::Exchange { trade: Trade::Sell { piece } })?;
                }
                for cotton in 0..=2 {
                    emit(Action::Exchange { trade: Trade::Fine { cotton } })?;
                }
                emit(Action::Exchange { trade: Trade::Bulk })?;
                // Each pair of cards once, however many copies the hand holds.
                let hand = &self.players[s].battle;
                let mut pairs = Vec::new();
                for (x, &a) in hand.iter().enumerate() {
                    for &b in &hand[x + 1..] {
                        if !pairs.contains(&(a, b)) {
                            pairs.push((a, b));
                            emit(Action::Exchange { trade: Trade::Cards { a, b } })?;
                        }
                    }
                }
                emit(Action::Done)?;
            }
        }
        ControlFlow::Continue(())
    }

    pub fn check_work(&self, ctx: &Ctx, seat: u8, w: Work, action: &Action) -> Result<(), No> {
        // The pool is counted only for an action that passed every other check.
        let payable = |need: Need| {
            if feasible(&need, &self.pool_in(ctx, seat)) {
                Ok(())
            } else {
                Err(no("you cannot pay for that", cite::PAYING))
            }
        };
        match (w, action) {
            (Work::Recruit { .. }, Action::Done) => Ok(()),
            (Work::Recruit { .. }, Action::Recruit { unit, at }) => {
                let i = self.hex_index(*at)?;
                let spot = self.spot(seat, *unit);
                if !self.colour_units(seat).contains(unit) {
                    return Err(no("that unit is not yours", cite::RECRUIT));
                }
                if !self.muster(seat, i) {
                    return Err(no("recruit at your capital or a city you built and control, not {}", cite::RECRUIT)
                        .arg(Arg::Hex(*at)));
                }
                match spot {
                    Spot::Supply => Ok(()),
                    Spot::Board => payable(self.recruit_need(seat, *unit)),
                    _ => Err(no("that unit is already on the map", cite::RECRUIT)),
                }
            }
            (Work::Obtain, Action::Take { card }) => {
                if !self.display.contains(&Some(*card)) {
                    return Err(no("that privilege card is not on display", cite::OBTAIN));
                }
                payable(self.obtain_need(seat, self.content.privilege(*card).cost))
            }
            (Work::Build { second }, Action::Build { building, at, alt, jesuits }) => {
                let need = self.check_build(seat, *building, *at, *alt, *jesuits, second)?;
                payable(need)
            }
            (Work::Build { second: false }, Action::Found { city, at }) => {
                let need = self.check_found(seat, *city, *at)?;
                payable(need)
            }
            (Work::Build { second: true }, Action::Done) => Ok(()),
            (Work::Renew, Action::Renew { at, flip }) => {
                self.check_renew(seat, *at, *flip)?;
                if self.upgraded(seat, Space::Renew) { Ok(()) } else { payable(Need { any: 1, ..Need::default() }) }
            }
            (Work::Craft, Action::Craft { item, on }) => {
                let need = self.check_craft(seat, *item, *on)?;
                payable(need)
            }
            (Work::Harbor, Action::Gather { piece }) if piece.is_resource() => Ok(()),
            (Work::Harbor, Action::Gather { .. }) => {
                Err(no("the Harbor gives a resource, not a reserve", cite::HARBOR))
            }
            (Work::Market, Action::Done) => Ok(()),
            (Work::Market, Action::Exchange { trade }) => match *trade {
                Trade::Cards { a, b } => {
                    let hand = &self.players[usize::from(seat)].battle;
                    let n = |c| hand.iter().filter(|&&x| x == c).count();
                    if (a == b && n(a) >= 2) || (a != b && n(a) >= 1 && n(b) >= 1) {
                        Ok(())
                    } else {
                        Err(no("you do not hold those two battle cards", cite::MARKET))
                    }
                }
                Trade::Fine { cotton } if cotton > 2 => Err(no("that exchange takes two pieces", cite::MARKET)),
                Trade::Sell { piece } if !piece.is_resource() => {
                    Err(no("only a resource sells for gold", cite::MARKET))
                }
                _ => payable(Self::trade_need(trade).0),
            },
            _ => Err(no("that is not part of this action", cite::TURN)),
        }
    }

    /// What a Market exchange takes and gives (exact pieces: ruling B46).
    fn trade_need(trade: &Trade) -> (Need, Bag, bool) {
        let mut need = Need { exact: true, ..Need::default() };
        let mut gives = Bag::default();
        let card = match *trade {
            Trade::Sell { piece } => {
                need.pieces.0[piece.index()] = 1;
                gives.0[Piece::Gold.index()] = 1;
                false
            }
            Trade::Fine { cotton } => {
                need.pieces.0[Piece::Cotton.index()] = cotton;
                need.pieces.0[Piece::Coffee.index()] = 2 - cotton.min(2);
                gives.0[Piece::Gold.index()] = 2;
                true
            }
            Trade::Bulk => {
                need.any = 4;
                gives.0[Piece::Gold.index()] = 1;
                gives.0[Piece::Science.index()] = 1;
                true
            }
            Trade::Cards { .. } => {
                gives.0[Piece::Gold.index()] = 1;
                true
            }
        };
        (need, gives, card)
    }

    pub fn recruit_need(&self, seat: u8, unit: crate::content::UnitId) -> Need {
        let mut need = Need::of(self.content.unit(unit).cost);
        if self.holds(seat, Privilege::RecruitDiscount) {
            discount_resource(&mut need);
        }
        need
    }

    /// The Obtain upgrade: exactly 1 gold becomes 1 resource; exactly 1 resource becomes free (ruling B59).
    pub fn obtain_need(&self, seat: u8, cost: Cost) -> Need {
        let mut need = Need::of(cost);
        if self.upgraded(seat, Space::Obtain) {
            let resources: u8 = Piece::RESOURCES.iter().map(|&r| cost.pieces.get(r)).sum::<u8>() + cost.any;
            let reserves = cost.pieces.get(Piece::Gold) + cost.pieces.get(Piece::Science);
            if resources == 0 && reserves == 1 && cost.pieces.get(Piece::Gold) == 1 {
                need = Need { any: 1, ..Need::default() };
            } else if resources == 1 && reserves == 0 {
                need = Need::default();
            }
        }
        need
    }

    pub fn holds_jesuits(&self, seat: u8) -> bool {
        self.players[usize::from(seat)]
            .opportunities
            .iter()
            .any(|&o| self.content.opportunity(o).effect == crate::content::Opportunity::Jesuits)
    }

    /// Whether a building may be built, and its price (Build, «Возвести»; rulings B8–B9, B20, B56, B60).
    pub fn check_build(
        &self,
        seat: u8,
        building: BuildingId,
        at: Hex,
        alt: bool,
        jesuits: bool,
        second: bool,
    ) -> Result<Need, No> {
        let i = self.hex_index(at)?;
        let c = &*self.content;
        let b = c.building(building);
        if jesuits {
            if !self.holds_jesuits(seat) || b.era != 2 || !b.any_terrain() {
                return Err(no("the Jesuits build a church, and you need the card", cite::OPPORTUNITIES));
            }
        } else if b.era > self.era {
            return Err(
                no("that building belongs to era {}, which has not begun", cite::BUILD).arg(Arg::N(b.era.into()))
            );
        }
        if alt && b.alt_cost.is_none() {
            return Err(no("that building has only one cost", cite::BUILD));
        }
        if self.token_supply[b.token] == 0 {
            return Err(no("no token of that building is left", cite::BUILD));
        }
        self.check_site(seat, i)?;
        let leopoldina = self.holds(seat, Privilege::AnyTerrain);
        if !b.any_terrain() && !leopoldina {
            match self.build_terrain(i) {
                Some(Terrain::Any) => {}
                Some(t) if b.terrain.contains(&t) => {}
                Some(_) => return Err(no("that building cannot stand on {}", cite::TERRAIN).arg(Arg::Hex(at))),
                None => return Err(no("nothing may be built at {}", cite::TERRAIN).arg(Arg::Hex(at))),
            }
        } else if self.build_terrain(i).is_none() && self.sites[i].token.is_none_or(|t| t.owner != seat) {
            return Err(no("nothing may be built at {}", cite::TERRAIN).arg(Arg::Hex(at)));
        }
        if !self.board().neighbours[i]
            .iter()
            .any(|&n| self.sites[usize::from(n)].token.is_some_and(|t| t.owner == seat))
        {
            return Err(no("a building must touch your capital, a city or a building of yours", cite::BUILD));
        }
        Ok(self.build_need(seat, building, alt, second))
    }

    /// A building's price for `seat` on this Build.
    fn build_need(&self, seat: u8, building: BuildingId, alt: bool, second: bool) -> Need {
        let b = self.content.building(building);
        let mut need = Need::of(if alt { b.alt_cost.unwrap_or(b.cost) } else { b.cost });
        self.build_price(seat, &mut need, second);
        need
    }

    /// The Build space's price changes: the upgrade, Mestre de Obras, Barão de Mauá's second building.
    fn build_price(&self, seat: u8, need: &mut Need, second: bool) {
        if second {
            need.any += 1;
        }
        if self.holds(seat, Privilege::BuildDiscount) && !self.turn.build_discount_used {
            // The discount takes a resource if the price has one, else a gold (ruling B56).
            if !discount_resource(need) && need.pieces.get(Piece::Gold) > 0 {
                need.pieces.0[Piece::Gold.index()] -= 1;
            }
        }
        if self.upgraded(seat, Space::Build) {
            need.loosen();
        }
    }

    /// Hex `i` may take a city of `seat`'s, whoever stands there.
    pub(crate) fn check_city_site(&self, seat: u8, i: usize) -> Result<(), No> {
        self.check_site(seat, i)?;
        if self.build_terrain(i).is_none() && self.sites[i].token.is_none() {
            return Err(no("nothing may be built at {}", cite::TERRAIN).arg(Arg::Hex(self.board().hexes[i])));
        }
        Ok(())
    }

    /// The hex may take a new token: no enemy units, no opponent's token on or beside it, and an existing
    /// token only if it is one's own era-I or era-II building or city, covered in era III or with Maria
    /// Leopoldina («Типы территорий», «Карты привилегий»; rulings B8, B9).
    fn check_site(&self, seat: u8, i: usize) -> Result<(), No> {
        let at = self.board().hexes[i];
        if self.occupant(i).is_some_and(|o| o != seat) {
            return Err(no("enemy units stand on {}", cite::BUILD).arg(Arg::Hex(at)));
        }
        if self.board().is_water(i) {
            return Err(no("nothing may be built in water", cite::TERRAIN));
        }
        if let Some(t) = self.sites[i].token {
            let coverable = t.owner == seat
                && self.sites[i].palace.is_none()
                && match t.built {
                    Built::Building(b) => self.content.building(b).era <= 2,
                    // Cities are era-II tokens; the capital stays for the whole game («Столицы»).
                    Built::City(_) => true,
                    Built::Capital => false,
                }
                && (self.era >= 3 || self.holds(seat, Privilege::AnyTerrain));
            if !coverable {
                return Err(no("{} already holds a token you may not cover", cite::TERRAIN).arg(Arg::Hex(at)));
            }
        }
        if self.touches_other(seat, i) {
            return Err(no("{} touches another player's token", cite::BUILD).arg(Arg::Hex(at)));
        }
        Ok(())
    }

    fn check_found(&self, seat: u8, city: crate::content::CityId, at: Hex) -> Result<Need, No> {
        let i = self.hex_index(at)?;
        if self.era < 2 {
            return Err(no("cities belong to era II", cite::BUILD));
        }
        if !self.city_stacks.iter().any(|s| s.last() == Some(&city)) {
            return Err(no("only the top city of a stack may be founded", cite::BUILD));
        }
        if !self.units_at(i).any(|(o, u)| o == seat && self.founds(seat, u)) {
            return Err(no("a city is founded where your general stands", cite::BUILD));
        }
        self.check_city_site(seat, i)?;
        let mut need = Need::of(self.content.cities[city.index()].cost);
        if self.holds(seat, Privilege::CityDiscount) {
            discount_resource(&mut need);
        }
        self.build_price(seat, &mut need, false);
        Ok(need)
    }

    fn check_renew(&self, seat: u8, at: Hex, flip: bool) -> Result<(), No> {
        let i = self.hex_index(at)?;
        let Some(t) = self.sites[i].token else {
            return Err(no("there is no building at {}", cite::RENEW).arg(Arg::Hex(at)));
        };
        let Built::Building(b) = t.built else { return Err(no("only a building may be renewed", cite::RENEW)) };
        if t.owner != seat {
            return Err(no("you may renew only a building you built", cite::RENEW));
        }
        if self.controller(i) != Some(seat) {
            return Err(no("an occupied building cannot be renewed until it is freed", cite::CAPTURE));
        }
        if !t.pieces.is_empty() {
            return Err(no("a building is renewed only once its pieces are spent", cite::RENEW));
        }
        if t.jesuit && self.era < 3 {
            return Err(no("the Jesuits' church may not be renewed before era III", cite::OPPORTUNITIES));
        }
        if flip {
            if self.sites[i].palace.is_some() {
                return Err(no("a building with a palace can no longer be flipped", cite::PALACES));
            }
            let other = self.content.building(self.content.building(b).other);
            if other.era > self.era {
                return Err(no("the other face belongs to era {}, which has not begun", cite::RENEW)
                    .arg(Arg::N(other.era.into())));
            }
        }
        Ok(())
    }

    fn check_craft(&self, seat: u8, item: crate::content::ItemId, on: Frame) -> Result<Need, No> {
        let p = &self.players[usize::from(seat)];
        let it = self.content.items.get(item.index()).ok_or_else(|| no("there is no such item", cite::CRAFT))?;
        if p.items[item.index()].is_some() {
            return Err(no("that item is already crafted", cite::CRAFT));
        }
        match on {
            Frame::Space(space) => {
                if p.items.contains(&Some(Frame::Space(space))) {
                    return Err(no("{} already holds an item", cite::CRAFT).arg(Arg::Space(space)));
                }
                let fits = self.content.frames[space.index()].is_some_and(|f: Shape| f == it.shape);
                if self.content.frames[space.index()].is_none() || !fits && !self.holds(seat, Privilege::AnyFrame) {
                    return Err(no("the item does not fit the frame of {}", cite::CRAFT).arg(Arg::Space(space)));
                }
            }
            Frame::Ruler => {
                if self.reign(seat) != Some(Reign::Victoria)
                    || p.items.iter().filter(|f| **f == Some(Frame::Ruler)).count() >= 3
                {
                    return Err(no("only Queen Victoria takes items on her board, three at most", cite::RULERS));
                }
            }
            Frame::Museum => return Err(no("items go to the museum only after your last turn", cite::PRIVILEGES)),
        }
        Ok(self.craft_need(seat, item))
    }

    /// An item's price for `seat`: the upgraded Craft space and the craft-discount privilege take from it.
    fn craft_need(&self, seat: u8, item: crate::content::ItemId) -> Need {
        let mut need = Need::of(self.content.items[item.index()].cost);
        if self.upgraded(seat, Space::Craft) && !discount_resource(&mut need) && need.pieces.get(Piece::Gold) > 0 {
            need.pieces.0[Piece::Gold.index()] -= 1;
        }
        if self.holds(seat, Privilege::CraftDiscount) {
            discount_resource(&mut need);
        }
        need
    }

    pub fn perform_work(&mut self, seat: u8, w: Work, action: &Action, ev: &mut Vec<Event>) {
        let buy = |g: &mut Brazil, need: Need, then: Purchase, ev: &mut Vec<Event>| {
            if need.is_paid() {
                g.complete(seat, then, ev);
            } else {
                g.pending.push(Pending::Pay { seat, need, then });
            }
        };
        let at = |g: &Brazil, h: Hex| g.board().index(h).unwrap_or_default() as u16;
        match (w, action) {
            (Work::Recruit { left }, Action::Recruit { unit, at: h }) => {
                self.stage = Stage::Work(Work::Recruit { left: left - 1 });
                let then = Purchase::Recruit { unit: *unit, at: at(self, *h) };
                if self.spot(seat, *unit) == Spot::Supply {
                    self.complete(seat, then, ev);
                } else {
                    buy(self, self.recruit_need(seat, *unit), then, ev);
                }
            }
            (_, Action::Done) => self.work_done(ev),
            (Work::Obtain, Action::Take { card }) => buy(
                self,
                self.obtain_need(seat, self.content.privilege(*card).cost),
                Purchase::Take { card: *card },
                ev,
            ),
            (Work::Build { second }, Action::Build { building, at: h, alt, jesuits }) => {
                let Ok(need) = self.check_build(seat, *building, *h, *alt, *jesuits, second) else { return };
                if self.holds(seat, Privilege::BuildDiscount) {
                    self.turn.build_discount_used = true;
                }
                buy(self, need, Purchase::Build { building: *building, at: at(self, *h), jesuits: *jesuits }, ev);
            }
            (Work::Build { .. }, Action::Found { city, at: h }) => {
                let Ok(need) = self.check_found(seat, *city, *h) else { return };
                if self.holds(seat, Privilege::BuildDiscount) {
                    self.turn.build_discount_used = true;
                }
                buy(self, need, Purchase::Found { city: *city, at: at(self, *h) }, ev);
            }
            (Work::Renew, Action::Renew { at: h, flip }) => {
                let then = Purchase::Renew { at: at(self, *h), flip: *flip };
                if self.upgraded(seat, Space::Renew) {
                    self.complete(seat, then, ev);
                } else {
                    buy(self, Need { any: 1, ..Need::default() }, then, ev);
                }
            }
            (Work::Craft, Action::Craft { item, on }) => {
                let Ok(need) = self.check_craft(seat, *item, *on) else { return };
                buy(self, need, Purchase::Craft { item: *item, on: *on }, ev);
            }
            (Work::Harbor, Action::Gather { piece }) => {
                self.players[usize::from(seat)].supply.0[piece.index()] += 1;
                ev.push(self.did(seat, format!("take 1 {piece} at the Harbor")));
                if self.upgraded(seat, Space::Harbor) {
                    self.draw_opportunity(seat, ev);
                }
                self.work_done(ev);
            }
            (Work::Market, Action::Exchange { trade }) => {
                let (need, gives, card) = Self::trade_need(trade);
                if let Trade::Cards { a, b } = trade {
                    let hand = &mut self.players[usize::from(seat)].battle;
                    for c in [a, b] {
                        if let Some(k) = hand.iter().position(|x| x == c) {
                            self.battle_discard.push(hand.remove(k));
                        }
                    }
                    self.complete(seat, Purchase::Trade { gives, card }, ev);
                } else {
                    buy(self, need, Purchase::Trade { gives, card }, ev);
                }
            }
            _ => {}
        }
    }

    /// Carry out what was paid for.
    pub fn complete(&mut self, seat: u8, then: Purchase, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        match then {
            Purchase::Recruit { unit, at } => {
                let first = self.spot(seat, unit) == Spot::Board;
                self.set_spot(seat, unit, Spot::Map(at));
                ev.push(self.did(seat, format!("recruit the {unit} at {}", self.board().hexes[usize::from(at)])));
                if first && self.reign(seat) == Some(Reign::PedroI) {
                    // Pedro I: archers and cannons bring a resource, the general and dragoons a card (B54).
                    match self.content.unit(unit).kind.as_str() {
                        "general" | "dragoons" => self.draw_opportunity(seat, ev),
                        _ => self.pending.push(Pending::Gain { seat, left: 1 }),
                    }
                }
                if self.stage == Stage::Work(Work::Recruit { left: 0 }) {
                    self.work_done(ev);
                }
            }
            Purchase::Take { card } => self.take_privilege(seat, card, ev),
            Purchase::Build { building, at, jesuits } => {
                if jesuits
                    && let Some(k) = self.players[s]
                        .opportunities
                        .iter()
                        .position(|&o| self.content.opportunity(o).effect == crate::content::Opportunity::Jesuits)
                {
                    let o = self.players[s].opportunities.remove(k);
                    self.opportunity_discard.push(o);
                }
                self.place(seat, Built::Building(building), usize::from(at), jesuits, ev);
                let mauá = self.holds(seat, Privilege::DoubleBuild);
                if mauá && self.stage == Stage::Work(Work::Build { second: false }) {
                    self.stage = Stage::Work(Work::Build { second: true });
                } else {
                    self.work_done(ev);
                }
            }
            Purchase::Found { city, at } => {
                for stack in &mut self.city_stacks {
                    if stack.last() == Some(&city) {
                        stack.pop();
                    }
                }
                // The next city of the stack comes to light.
                self.revealed = true;
                self.place(seat, Built::City(city), usize::from(at), false, ev);
                self.work_done(ev);
            }
            Purchase::Renew { at, flip } => {
                let i = usize::from(at);
                if let Some(mut t) = self.sites[i].token {
                    if flip && let Built::Building(b) = t.built {
                        t.built = Built::Building(self.content.building(b).other);
                    }
                    t.pieces = self.production(&t, i);
                    self.sites[i].token = Some(t);
                    let name = match t.built {
                        Built::Building(b) => self.content.building(b).name.clone(),
                        _ => String::new(),
                    };
                    ev.push(self.did(
                        seat,
                        format!(
                            "{} the {name} at {}: it holds {}",
                            if flip { "flip" } else { "renew" },
                            self.board().hexes[i],
                            t.pieces
                        ),
                    ));
                }
                self.work_done(ev);
            }
            Purchase::Craft { item, on } => {
                self.players[s].items[item.index()] = Some(on);
                ev.push(self.did(seat, format!("craft {item}")));
                if on == Frame::Ruler {
                    self.players[s].supply.0[Piece::Science.index()] += 1;
                }
                self.work_done(ev);
            }
            Purchase::Trade { gives, card } => {
                self.players[s].supply.add(gives);
                ev.push(self.did(seat, format!("trade at the Market for {gives}")));
                if card {
                    self.draw_opportunity(seat, ev);
                }
            }
        }
    }

    /// A new token on hex `i`: what it covers or finds there, its pieces, and the rulers' bonuses.
    fn place(&mut self, seat: u8, built: Built, i: usize, jesuit: bool, ev: &mut Vec<Event>) {
        let at = self.board().hexes[i];
        if self.sites[i].token.take().is_some() {
            ev.push(self.did(seat, format!("cover the old token at {at}, which leaves the game")));
        }
        if let Some(l) = self.sites[i].lying {
            let find = l.find.map(|f| self.content.exploration[f.index()].find);
            match (l.face_up, find) {
                (false, _) => {
                    self.sites[i].lying = None;
                    ev.push(Event::Public(format!("The unseen exploration token at {at} goes back to the box")));
                }
                (true, Some(Find::MinasGerais)) => {
                    self.sites[i].lying = None;
                    if let Some(f) = l.find {
                        self.spent_finds.push(f);
                    }
                    self.players[usize::from(seat)].supply.0[Piece::Gold.index()] += 1;
                    ev.push(self.did(seat, "build first on Minas Gerais: 1 gold"));
                }
                (true, Some(Find::Culture)) => {
                    self.sites[i].lying = None;
                    if let Some(f) = l.find {
                        self.players[usize::from(seat)].finds.push(f);
                    }
                    let does = vec!["build first on Culture".to_string(), "keep it for 2 VP".to_string()];
                    ev.push(Event::Did { who: self.who(seat), does });
                }
                _ => {}
            }
        }
        let mut token = Token { built, owner: seat, pieces: Bag::default(), mark: false, jesuit };
        if let Built::Building(b) = built {
            let kind = self.content.building(b).token;
            self.token_supply[kind] -= 1;
            if let Some((name, _, _)) = self.first_three(seat)
                && self.content.building(b).id == name
                && self.players[usize::from(seat)].firsts < 3
            {
                token.mark = true;
                self.players[usize::from(seat)].firsts += 1;
            }
            token.pieces = self.production(&token, i);
        }
        let name = match built {
            Built::Building(b) => self.content.building(b).name.clone(),
            Built::City(c) => self.content.cities[c.index()].name.clone(),
            Built::Capital => "capital".into(),
        };
        ev.push(self.did(seat, format!("build {name} at {at}")));
        self.sites[i].token = Some(token);
        // Chief Tibiriçá: the first three builds on forest bring a resource, a gold, a science (B54).
        if self.reign(seat) == Some(Reign::Tibirica)
            && self.board().terrain(i) == Some(Terrain::Forest)
            && self.players[usize::from(seat)].firsts < 3
        {
            let p = &mut self.players[usize::from(seat)];
            match p.firsts {
                0 => self.pending.push(Pending::Gain { seat, left: 1 }),
                1 => p.supply.0[Piece::Gold.index()] += 1,
                _ => p.supply.0[Piece::Science.index()] += 1,
            }
            self.players[usize::from(seat)].firsts += 1;
        }
    }

    fn take_privilege(&mut self, seat: u8, card: crate::content::PrivilegeId, ev: &mut Vec<Event>) {
        let s = usize::from(seat);
        let c = self.content.privilege(card);
        let (back, effect) = (c.back, c.effect);
        let first_of_back = !self.players[s].privileges.iter().any(|&k| self.content.privilege(k).back == back);
        self.players[s].privileges.push(card);
        ev.push(self.did(seat, format!("take {card}")));
        match effect {
            Privilege::Production(of, piece) => {
                for i in 0..self.sites.len() {
                    if let Some(t) = &mut self.sites[i].token
                        && t.owner == seat
                        && t.built == Built::Building(of)
                    {
                        t.pieces.0[piece.index()] += 1;
                    }
                }
            }
            Privilege::Instant(gives) => self.players[s].supply.add(gives),
            _ => {}
        }
        if first_of_back && self.reign(seat) == Some(Reign::PedroII) {
            match back {
                Back::Red => self.pending.push(Pending::Gain { seat, left: 1 }),
                Back::Pink => self.players[s].supply.0[Piece::Gold.index()] += 1,
                Back::Blue => self.players[s].supply.0[Piece::Science.index()] += 1,
            }
        }
        if let Some(slot) = self.display.iter().position(|&d| d == Some(card)) {
            self.display[slot] = None;
            self.refill(seat, slot as u8, back.index());
        }
        self.work_done(ev);
    }

    /// Fill a display slot from its own pile, or from another the taker picks (ruling B30).
    pub fn refill(&mut self, seat: u8, slot: u8, back: usize) {
        self.revealed = true;
        if let Some(k) = self.privilege_piles[back].pop() {
            self.display[usize::from(slot)] = Some(k);
            return;
        }
        let others: Vec<usize> = (0..3).filter(|&b| !self.privilege_piles[b].is_empty()).collect();
        match others.as_slice() {
            [] => {}
            [b] => self.display[usize::from(slot)] = self.privilege_piles[*b].pop(),
            _ => self.pending.push(Pending::Refill { seat, slot }),
        }
    }
}

/// Take one resource off a price: a named one first, else "any". False if it had none.
fn discount_resource(need: &mut Need) -> bool {
    for r in Piece::RESOURCES {
        if need.pieces.get(r) > 0 {
            need.pieces.0[r.index()] -= 1;
            return true;
        }
    }
    if need.any > 0 {
        need.any -= 1;
        return true;
    }
    false
}
