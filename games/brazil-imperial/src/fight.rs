//! The movement phase and what it starts: moves (the main move, the space's extra move, a carrier's
//! passengers), exploration, attacks on the next hex, expeditions and battles («Ход игрока», «Военные
//! отряды», «Правила боя», «Жетоны исследования»; rulings B13–B19, B41–B44, B62).
//!
//! A battle waits in `pending` while the attacker and then the defender commit up to three battle cards
//! face down; `resolve` then reveals them and settles it.

use rand::seq::SliceRandom;

use crate::cite;
use crate::content::{Ability, BattleId, Find, Privilege, Space, Tactic, Terrain, UnitId};
use crate::event::Event;
use crate::map::Hex;
use crate::play::{Action, Arg, No, no};
use crate::state::{Battle, Brazil, Built, DUTCH, DUTCH_CAPITAL_STRENGTH, Pending, Spot, Stage};

impl Brazil {
    fn main_left(&self) -> bool {
        !self.turn.main_done || self.turn.bonus_moves > 0
    }

    pub fn move_candidates(&self, seat: u8) -> Vec<Action> {
        let board = self.board();
        let mut out = Vec::new();
        let mine: Vec<(UnitId, usize)> = self
            .colour_units(seat)
            .iter()
            .zip(&self.players[usize::from(seat)].units)
            .filter_map(|(&u, s)| if let Spot::Map(i) = s { Some((u, usize::from(*i))) } else { None })
            .collect();
        let extra = !self.turn.extra_done && self.turn.extra_from.is_some_and(|s| !s.guards());
        // Recruit's extra move may also go to any of one's musters.
        let musters: Vec<usize> = if extra && self.turn.extra_from == Some(Space::Recruit) {
            (0..self.sites.len()).filter(|&i| self.muster(seat, i)).collect()
        } else {
            Vec::new()
        };
        // Only the moves still to make are offered (`check_step` decides the rest).
        let flags = [(false, self.main_left()), (true, extra)];
        let flags = flags.iter().filter_map(|&(flag, open)| open.then_some(flag));
        for &(unit, from) in &mine {
            let mut targets: Vec<usize> = board.neighbours[from].iter().map(|&n| usize::from(n)).collect();
            if !musters.is_empty() {
                targets.extend(musters.iter().filter(|&&i| i != from));
                targets.sort_unstable();
                targets.dedup();
            }
            let carriers: Vec<Vec<UnitId>> = if self.content.unit(unit).ability == Ability::Carries {
                let others: Vec<UnitId> =
                    mine.iter().filter(|&&(u, i)| i == from && u != unit).map(|&(u, _)| u).collect();
                (0..1u32 << others.len())
                    .map(|m| others.iter().enumerate().filter(|(k, _)| m & (1 << k) != 0).map(|(_, &u)| u).collect())
                    .collect()
            } else {
                vec![Vec::new()]
            };
            out.reserve(targets.len() * carriers.len() * 2);
            for &to in &targets {
                for carry in &carriers {
                    for flag in flags.clone() {
                        out.push(Action::Move { unit, to: board.hexes[to], carry: carry.clone(), extra: flag });
                    }
                }
            }
            if self.content.unit(unit).ability == Ability::Adjacent && self.main_left() {
                out.extend(
                    board.neighbours[from]
                        .iter()
                        .map(|&n| Action::Bombard { unit, target: board.hexes[usize::from(n)] }),
                );
            }
        }
        let mut fights: Vec<usize> =
            mine.iter().map(|&(_, i)| i).filter(|&i| self.main_left() && self.expedition_at(i).is_some()).collect();
        fights.sort_unstable();
        fights.dedup();
        out.extend(fights.into_iter().map(|i| Action::Fight { at: board.hexes[i] }));
        if self.turn.peek {
            out.extend(
                (0..self.sites.len())
                    .filter(|&i| self.sites[i].lying.is_some_and(|l| !l.face_up))
                    .map(|i| Action::Peek { at: board.hexes[i] }),
            );
        }
        out
    }

    pub fn check_move(&self, seat: u8, action: &Action) -> Result<(), No> {
        match action {
            Action::Move { unit, to, carry, extra } => self.check_step(seat, *unit, *to, carry, *extra),
            Action::Bombard { unit, target } => {
                let from = self.unit_hex(seat, *unit)?;
                let i = self.hex_index(*target)?;
                if self.content.unit(*unit).ability != Ability::Adjacent {
                    return Err(no("only grenadiers and cannons attack the next hex", cite::UNITS));
                }
                if !self.main_left() {
                    return Err(no("an attack on the next hex takes the main move, already made", cite::UNITS));
                }
                if !self.board().adjacent(from, i) {
                    return Err(no("{} is not next to the unit", cite::UNITS).arg(Arg::Hex(*target)));
                }
                match self.defender_at(seat, i) {
                    Some(_) if self.sites[i].token.is_some_and(|t| t.built == Built::Capital) && !self.solo() => {
                        Err(no("a capital cannot be attacked", cite::CAPITALS))
                    }
                    Some(_) => Ok(()),
                    None => {
                        Err(no("there is nothing of an opponent's at {} to attack", cite::ADJACENT)
                            .arg(Arg::Hex(*target)))
                    }
                }
            }
            Action::Fight { at } => {
                let i = self.hex_index(*at)?;
                if !self.main_left() {
                    return Err(no(
                        "fighting an expedition in place takes the main move, already made",
                        cite::EXPLORATION,
                    ));
                }
                if !self.units_at(i).any(|(o, _)| o == seat) {
                    return Err(no("you have no units at {}", cite::EXPLORATION).arg(Arg::Hex(*at)));
                }
                if self.expedition_at(i).is_none() {
                    return Err(no("there is no expedition at {}", cite::EXPLORATION).arg(Arg::Hex(*at)));
                }
                Ok(())
            }
            Action::Peek { at } => {
                let i = self.hex_index(*at)?;
                if !self.turn.peek {
                    return Err(no("only the era-I token's bonus lets you look at a token", cite::ERA_TOKENS));
                }
                if self.sites[i].lying.is_none_or(|l| l.face_up) {
                    return Err(no("there is no face-down token at {}", cite::ERA_TOKENS).arg(Arg::Hex(*at)));
                }
                Ok(())
            }
            _ => Err(no("that is not a move; end your turn or move a unit", cite::TURN)),
        }
    }

    fn unit_hex(&self, seat: u8, unit: UnitId) -> Result<usize, No> {
        if !self.colour_units(seat).contains(&unit) {
            return Err(no("that unit is not yours", cite::TURN));
        }
        match self.spot(seat, unit) {
            Spot::Map(i) => Ok(usize::from(i)),
            _ => Err(no("that unit is not on the map", cite::TURN)),
        }
    }

    /// A face-up expedition lying on hex `i`.
    fn expedition_at(&self, i: usize) -> Option<crate::content::ExplorationId> {
        let l = self.sites[i].lying?;
        let f = l.find?;
        (l.face_up && self.content.exploration[f.index()].find == Find::Expedition).then_some(f)
    }

    /// Who would defend hex `i` against `seat`: the owner of units there, else whoever controls a token.
    fn defender_at(&self, seat: u8, i: usize) -> Option<u8> {
        match self.occupant(i) {
            Some(o) if o != seat => Some(o),
            Some(_) => None,
            None => self.controller(i).filter(|&c| c != seat),
        }
    }

    fn check_step(&self, seat: u8, unit: UnitId, to: Hex, carry: &[UnitId], extra: bool) -> Result<(), No> {
        let from = self.unit_hex(seat, unit)?;
        let i = self.hex_index(to)?;
        let board = self.board();
        if i == from {
            return Err(no("a move goes to another hex", cite::TURN));
        }
        if extra {
            if self.turn.extra_done {
                return Err(no("the extra move is already made", cite::MOVES));
            }
            let Some(space) = self.turn.extra_from else {
                return Err(no("your action this turn gives no extra move", cite::MOVES));
            };
            let near = board.adjacent(from, i);
            let fits = match space {
                Space::Recruit => self.muster(seat, i),
                Space::Obtain => near && self.open_terrain(i, Terrain::Forest),
                // One's own building or city, occupied or not; the capital counts as a city (ruling B52).
                Space::Build => near && self.sites[i].token.is_some_and(|t| t.owner == seat),
                Space::Renew => near && (board.is_edge(i) || board.is_water(from) || board.is_water(i)),
                Space::Craft => near && self.open_terrain(i, Terrain::Gold),
                Space::Harbor | Space::Market => false,
            };
            if !fits {
                return Err(no("{}'s extra move does not go to {}", cite::MOVES)
                    .arg(Arg::Space(space))
                    .arg(Arg::Hex(to)));
            }
            if board.water_rule && (board.is_water(from) || board.is_water(i)) && space != Space::Renew {
                return Err(no("water is entered or left only with the main move or Renew's extra move", cite::TURN));
            }
        } else {
            if !self.main_left() {
                return Err(no("the main move is already made", cite::TURN));
            }
            if !board.adjacent(from, i) {
                return Err(no("a unit moves one hex at a time", cite::TURN));
            }
        }
        if !carry.is_empty() {
            // A player has five units; a longer list is refused before it is read.
            if carry.len() >= self.colour_units(seat).len() {
                return Err(no("the units carried must be yours, on the carrier's hex", cite::UNITS));
            }
            if self.content.unit(unit).ability != Ability::Carries {
                return Err(no("only the carrying unit brings others along", cite::UNITS));
            }
            let mut seen = Vec::new();
            for &u in carry {
                if u == unit || seen.contains(&u) || self.unit_hex(seat, u)? != from {
                    return Err(no("the units carried must be yours, on the carrier's hex", cite::UNITS));
                }
                seen.push(u);
            }
        }
        if let Some(t) = self.sites[i].token
            && t.built == Built::Capital
            && t.owner != seat
            && !self.solo()
        {
            return Err(no(
                "an opponent's capital cannot be entered or attacked (outside the solo scenario)",
                cite::CAPITALS,
            ));
        }
        Ok(())
    }

    pub fn perform_move(&mut self, seat: u8, action: &Action, ev: &mut Vec<Event>) {
        match action {
            Action::Move { unit, to, carry, extra } => {
                let Some(i) = self.board().index(*to) else { return };
                if *extra {
                    self.turn.extra_done = true;
                } else if !self.turn.main_done {
                    self.turn.main_done = true;
                } else {
                    self.turn.bonus_moves -= 1;
                }
                let mut units = vec![*unit];
                units.extend(carry.iter().copied());
                for &u in &units {
                    self.set_spot(seat, u, Spot::Map(i as u16));
                }
                let mut does = format!("move the {unit} to {to}");
                if !carry.is_empty() {
                    let names: Vec<String> = carry.iter().map(ToString::to_string).collect();
                    does.push_str(&format!(" with the {}", names.join(" and the ")));
                }
                if *extra {
                    does.push_str(" (an extra move)");
                }
                ev.push(self.did(seat, does));
                self.arrive(seat, units, i, ev);
            }
            Action::Bombard { unit, target } => {
                let (Some(i), Ok(from)) = (self.board().index(*target), self.unit_hex(seat, *unit)) else { return };
                self.use_main();
                ev.push(self.did(seat, format!("attack {target} with the {unit} from the next hex")));
                let defender = self.defender_at(seat, i);
                let units = self.units_at(from).filter(|&(o, _)| o == seat).map(|(_, u)| u).collect();
                self.start_battle(Battle {
                    attacker: seat,
                    defender,
                    at: i as u16,
                    from: Some(from as u16),
                    units,
                    attack_cards: None,
                    defence_cards: None,
                });
            }
            Action::Fight { at } => {
                let Some(i) = self.board().index(*at) else { return };
                self.use_main();
                self.start_expedition(seat, i);
            }
            Action::Peek { at } => {
                let Some(i) = self.board().index(*at) else { return };
                self.turn.peek = false;
                self.revealed = true;
                self.players[usize::from(seat)].peeked.push(i as u16);
                let name =
                    self.sites[i].lying.and_then(|l| l.find).map(|f| self.content.exploration[f.index()].name.clone());
                ev.push(self.did_privately(
                    seat,
                    format!("look at the token at {at}: {}", name.unwrap_or_default()),
                    format!("look at the token at {at}"),
                ));
            }
            _ => {}
        }
    }

    fn use_main(&mut self) {
        if !self.turn.main_done {
            self.turn.main_done = true;
        } else {
            self.turn.bonus_moves = self.turn.bonus_moves.saturating_sub(1);
        }
    }

    /// Units of `seat` have entered hex `i`: a battle, an exploration token, or an expedition.
    fn arrive(&mut self, seat: u8, units: Vec<UnitId>, i: usize, ev: &mut Vec<Event>) {
        // Units joining their own side on a token it already occupies start no battle.
        let held = self.units_at(i).any(|(o, u)| o == seat && !units.contains(&u));
        let defender = match self.occupant_except(i, seat) {
            Some(o) => Some(o),
            None if held => None,
            None => self.sites[i].token.filter(|t| t.owner != seat).map(|t| t.owner),
        };
        if let Some(d) = defender {
            self.start_battle(Battle {
                attacker: seat,
                defender: Some(d),
                at: i as u16,
                from: None,
                units,
                attack_cards: None,
                defence_cards: None,
            });
            return;
        }
        let Some(l) = self.sites[i].lying else { return };
        if !l.face_up {
            self.explore(seat, i, ev);
        }
        if self.expedition_at(i).is_some() {
            self.start_expedition(seat, i);
        }
    }

    fn occupant_except(&self, i: usize, seat: u8) -> Option<u8> {
        self.units_at(i).map(|(o, _)| o).find(|&o| o != seat)
    }

    /// Flip the token on hex `i` and take what it gives at once («Жетоны исследования»).
    fn explore(&mut self, seat: u8, i: usize, ev: &mut Vec<Event>) {
        let Some(mut l) = self.sites[i].lying else { return };
        let Some(f) = l.find else { return };
        l.face_up = true;
        self.turn.explored = true;
        self.revealed = true;
        let token = &self.content.exploration[f.index()];
        let (name, find) = (token.name.clone(), token.find);
        let at = self.board().hexes[i];
        ev.push(self.did(seat, format!("turn over the token at {at}: {name}")));
        let s = usize::from(seat);
        match find {
            Find::RareSpecies => {
                self.players[s].finds.push(f);
                self.sites[i].lying = None;
            }
            Find::Manioc => {
                self.pending.push(Pending::Gain { seat, left: 1 });
                self.sites[i].lying = None;
                self.spent_finds.push(f);
            }
            Find::Quilombo => {
                if self.goal_decks.iter().any(|d| !d.is_empty()) {
                    self.pending.push(Pending::Quilombo { seat });
                }
                self.sites[i].lying = None;
                self.spent_finds.push(f);
            }
            Find::MinasGerais | Find::Culture | Find::RiverBasin | Find::Expedition => {
                // A River basin stays: its neighbours, built already or later, make one more piece each time
                // they produce from now on, and nothing at once (ruling B51; `production`).
                self.sites[i].lying = Some(l);
            }
        }
    }

    fn start_expedition(&mut self, seat: u8, i: usize) {
        let units = self.units_at(i).filter(|&(o, _)| o == seat).map(|(_, u)| u).collect();
        self.start_battle(Battle {
            attacker: seat,
            defender: None,
            at: i as u16,
            from: None,
            units,
            attack_cards: None,
            defence_cards: None,
        });
    }

    fn start_battle(&mut self, mut b: Battle) {
        // A side with no battle cards commits none without being asked.
        if self.players[usize::from(b.attacker)].battle.is_empty() {
            b.attack_cards = Some(Vec::new());
        }
        if let Some(d) = b.defender
            && d != DUTCH
            && self.players[usize::from(d)].battle.is_empty()
        {
            b.defence_cards = Some(Vec::new());
        }
        self.pending.push(Pending::Battle(b));
    }

    pub fn commit_candidates(&self, seat: u8) -> Vec<Action> {
        let hand = &self.players[usize::from(seat)].battle;
        let mut out: Vec<Action> = Vec::new();
        for m in 0..1u32 << hand.len() {
            if m.count_ones() > 3 {
                continue;
            }
            let mut cards: Vec<BattleId> =
                hand.iter().enumerate().filter(|(k, _)| m & (1 << k) != 0).map(|(_, &c)| c).collect();
            cards.sort();
            let a = Action::Commit { cards };
            if !out.contains(&a) {
                out.push(a);
            }
        }
        out
    }

    pub fn check_commit(&self, seat: u8, cards: &[BattleId]) -> Result<(), No> {
        if cards.len() > 3 {
            return Err(no("commit at most 3 battle cards", cite::BATTLE));
        }
        let mut hand = self.players[usize::from(seat)].battle.clone();
        for c in cards {
            match hand.iter().position(|x| x == c) {
                Some(k) => {
                    hand.remove(k);
                }
                None => return Err(no("you do not hold those battle cards", cite::BATTLE)),
            }
        }
        Ok(())
    }

    pub fn commit(&mut self, seat: u8, cards: &[BattleId], ev: &mut Vec<Event>) {
        self.discard_from_hand(seat, cards);
        let Some(Pending::Battle(b)) = self.pending.last_mut() else { return };
        if b.attack_cards.is_none() {
            b.attack_cards = Some(cards.to_vec());
        } else {
            b.defence_cards = Some(cards.to_vec());
        }
        let names: Vec<String> = cards.iter().map(ToString::to_string).collect();
        ev.push(self.did_privately(
            seat,
            format!("commit {}", if names.is_empty() { "no card".into() } else { names.join(", ") }),
            format!("commit {} face down", imperia_core::words::count(cards.len() as u32, "battle card")),
        ));
    }

    fn discard_from_hand(&mut self, seat: u8, cards: &[BattleId]) {
        let hand = &mut self.players[usize::from(seat)].battle;
        for c in cards {
            if let Some(k) = hand.iter().position(|x| x == c) {
                hand.remove(k);
            }
        }
    }

    /// Reveal and settle a battle («Правила боя», steps 4–7; ruling B13).
    pub fn resolve(&mut self, b: Battle, ev: &mut Vec<Event>) {
        let at = usize::from(b.at);
        let mut attack = b.attack_cards.clone().unwrap_or_default();
        let mut defence = b.defence_cards.clone().unwrap_or_default();
        if b.defender == Some(DUTCH) {
            // The Dutch draw one blind card per unit on the hex (ruling B35).
            for _ in 0..self.units_at(at).filter(|&(o, _)| o == DUTCH).count() {
                if let Some(c) = self.pop_battle() {
                    defence.push(c);
                }
            }
        }
        let played: Vec<BattleId> = attack.iter().chain(&defence).copied().collect();
        self.revealed = true;
        // Cancels: the attacker's first (B13), each taking the other side's strongest card.
        let cancel = |cards: &[BattleId], g: &Brazil| {
            cards.iter().filter(|&&c| g.content.battle(c).tactic == Tactic::Cancel).count()
        };
        for _ in 0..cancel(&attack, self) {
            self.drop_strongest(&mut defence, &b, false);
        }
        for _ in 0..cancel(&defence, self) {
            self.drop_strongest(&mut attack, &b, true);
        }
        let a = self.side_strength(&b, true) + self.cards_strength(&b, &attack, true);
        let d = match b.defender {
            None => self.expedition_at(at).map_or(0, |f| u32::from(self.content.exploration[f.index()].strength)),
            Some(_) => self.side_strength(&b, false) + self.cards_strength(&b, &defence, false),
        };
        let won = if b.defender.is_none() { a >= d } else { a > d };
        ev.push(Event::Battle {
            at: self.board().hexes[at].to_string(),
            attacker: self.who(b.attacker),
            attack: a,
            defence: d,
            cards: played.iter().map(ToString::to_string).collect(),
            won,
        });
        self.battle_discard.extend(played.iter().copied());
        match (b.defender, won) {
            (None, true) => self.claim_expedition(b.attacker, at, ev),
            (None, false) => {}
            (Some(d), true) => {
                self.turn.won_battle = true;
                let losers: Vec<UnitId> = self.units_at(at).filter(|&(o, _)| o == d).map(|(_, u)| u).collect();
                for u in losers {
                    self.defeat(d, u, ev);
                }
                if b.from.is_none() && d == DUTCH && self.board().dutch == Some(b.at) {
                    self.dutch_taken = true;
                }
                self.after_loss(d, &defence, b.attacker, if let Some(f) = b.from { usize::from(f) } else { at }, ev);
            }
            (Some(d), false) => {
                let losers: Vec<UnitId> = match b.from {
                    Some(f) => {
                        self.units_at(usize::from(f)).filter(|&(o, _)| o == b.attacker).map(|(_, u)| u).collect()
                    }
                    None => b.units.clone(),
                };
                for u in losers {
                    self.defeat(b.attacker, u, ev);
                }
                self.after_loss(b.attacker, &attack, d, at, ev);
            }
        }
    }

    /// The loser's Sepé Tiaraju and rally cards (B17).
    fn after_loss(&mut self, loser: u8, cards: &[BattleId], winner: u8, winner_at: usize, ev: &mut Vec<Event>) {
        for &c in cards {
            match self.content.battle(c).tactic {
                Tactic::Sepe if self.units_at(winner_at).filter(|&(o, _)| o == winner).count() >= 2 => {
                    if loser == DUTCH {
                        let first = self.units_at(winner_at).find(|&(o, _)| o == winner);
                        if let Some((_, u)) = first {
                            self.defeat(winner, u, ev);
                        }
                    } else {
                        self.pending.push(Pending::Defeat { seat: loser, at: winner_at as u16, winner });
                    }
                }
                Tactic::Rally { .. } if loser != DUTCH => self.draw_opportunity(loser, ev),
                _ => {}
            }
        }
    }

    pub fn defeat(&mut self, owner: u8, unit: UnitId, ev: &mut Vec<Event>) {
        let to = if owner == DUTCH { Spot::Gone } else { Spot::Supply };
        self.set_spot(owner, unit, to);
        ev.push(Event::Public(format!("The {unit} is defeated")));
    }

    fn claim_expedition(&mut self, seat: u8, at: usize, ev: &mut Vec<Event>) {
        let Some(f) = self.expedition_at(at) else { return };
        let reward = self.content.exploration[f.index()].reward;
        let s = usize::from(seat);
        self.sites[at].lying = None;
        if reward.vp > 0 {
            self.players[s].finds.push(f);
        } else {
            self.spent_finds.push(f);
        }
        let p = &mut self.players[s];
        p.supply.0[crate::content::Piece::Gold.index()] += reward.gold;
        p.supply.0[crate::content::Piece::Science.index()] += reward.science;
        if reward.resource > 0 {
            self.pending.push(Pending::Gain { seat, left: reward.resource });
        }
        for _ in 0..reward.battle_card {
            self.draw_battle(seat, ev);
        }
        ev.push(self.did(seat, format!("win the expedition: {reward}")));
    }

    /// The battle under way, each side's strength before its cards: the attacker's, and the defender's or the
    /// expedition's. All of it is public (units, tokens, spaces, privileges); only the cards are secret.
    pub(crate) fn strengths_before_cards(&self) -> Option<[u32; 2]> {
        let b = self.pending.iter().rev().find_map(|p| if let Pending::Battle(b) = p { Some(b) } else { None })?;
        let defence = match b.defender {
            None => self
                .expedition_at(usize::from(b.at))
                .map_or(0, |f| u32::from(self.content.exploration[f.index()].strength)),
            Some(_) => self.side_strength(b, false),
        };
        Some([self.side_strength(b, true), defence])
    }

    /// The strength of one side's units, tokens and standing bonuses («Правила боя»; B14, B16).
    fn side_strength(&self, b: &Battle, attacking: bool) -> u32 {
        let at = usize::from(b.at);
        let Some(seat) = (if attacking { Some(b.attacker) } else { b.defender }) else { return 0 };
        let unit_strength = |u: UnitId| u32::from(self.content.unit(u).strength);
        // The hex whose token may fight for this side, and its units (B16).
        let (hex, units): (Option<usize>, Vec<UnitId>) = match (attacking, b.from) {
            (true, None) => (None, b.units.clone()),
            (true, Some(f)) => {
                let f = usize::from(f);
                (Some(f), self.units_at(f).filter(|&(o, _)| o == seat).map(|(_, u)| u).collect())
            }
            (false, _) => (Some(at), self.units_at(at).filter(|&(o, _)| o == seat).map(|(_, u)| u).collect()),
        };
        let mut total: u32 = units.iter().map(|&u| unit_strength(u)).sum();
        let mut buildings = 0;
        // A token fights for the one who built it, unless it is occupied by someone else (B14, B45), with the
        // strength of the VP it would bring them at the end, palace frames included («Правила боя»; B6, B28).
        if let Some(h) = hex
            && let Some(t) = self.sites[h].token
            && t.owner == seat
            && (!attacking || self.controller(h) == Some(seat))
        {
            total += match t.built {
                Built::Capital if seat == DUTCH => u32::from(DUTCH_CAPITAL_STRENGTH),
                _ => self.token_vp(&t, seat).total(),
            };
            if matches!(t.built, Built::Building(_))
                && self.board().neighbours[h].iter().any(|&n| self.open_terrain(usize::from(n), Terrain::Forest))
            {
                buildings += 1;
            }
        }
        if seat == DUTCH {
            return total;
        }
        let p = &self.players[usize::from(seat)];
        if p.token.is_some_and(Space::guards) {
            total += if attacking { 1 } else { 2 };
        }
        if self.holds(seat, Privilege::Quiteria) {
            total += if attacking { 1 } else { 2 };
        }
        if self.holds(seat, Privilege::Caxias) && units.len() >= 2 {
            total += 1;
        }
        if self.holds(seat, Privilege::Camarao) {
            total += buildings;
        }
        total
    }

    fn cards_strength(&self, b: &Battle, cards: &[BattleId], attacking: bool) -> u32 {
        cards.iter().map(|&c| self.card_value(b, c, attacking)).sum()
    }

    /// What one battle card adds in this battle («Карты боя»; B55).
    fn card_value(&self, b: &Battle, card: BattleId, attacking: bool) -> u32 {
        let at = usize::from(b.at);
        let side = if attacking { Some(b.attacker) } else { b.defender };
        let battle_hexes: Vec<usize> = std::iter::once(at).chain(b.from.map(usize::from)).collect();
        let forest = battle_hexes.iter().any(|&h| {
            self.open_terrain(h, Terrain::Forest)
                || self.board().neighbours[h].iter().any(|&n| self.open_terrain(usize::from(n), Terrain::Forest))
        });
        u32::from(match self.content.battle(card).tactic {
            Tactic::Plus { value } | Tactic::Rally { value } => value,
            Tactic::Defending { value } => {
                if attacking {
                    0
                } else {
                    value
                }
            }
            Tactic::Forest { value } => {
                if forest {
                    value
                } else {
                    0
                }
            }
            Tactic::Massed { value, units } => {
                if attacking && b.units.len() >= usize::from(units) {
                    value
                } else {
                    0
                }
            }
            Tactic::Cancel => 0,
            Tactic::Sepe => 1,
            Tactic::Gaston => {
                let near = side.is_some_and(|s| {
                    battle_hexes.iter().any(|&h| {
                        self.board().neighbours[h].iter().any(|&n| {
                            let n = usize::from(n);
                            !battle_hexes.contains(&n) && self.units_at(n).any(|(o, _)| o == s)
                        })
                    })
                });
                if near { 2 } else { 1 }
            }
        })
    }

    fn drop_strongest(&self, cards: &mut Vec<BattleId>, b: &Battle, attacking: bool) {
        if let Some(k) = (0..cards.len()).max_by_key(|&k| self.card_value(b, cards[k], attacking)) {
            cards.remove(k);
        }
    }

    fn pop_battle(&mut self) -> Option<BattleId> {
        if self.battle_deck.is_empty() {
            // The discard pile becomes the deck again (ruling B48).
            let mut d = std::mem::take(&mut self.battle_discard);
            d.shuffle(&mut self.rng);
            self.battle_deck = d;
        }
        self.battle_deck.pop()
    }

    pub fn draw_battle(&mut self, seat: u8, ev: &mut Vec<Event>) {
        let Some(c) = self.pop_battle() else { return };
        self.revealed = true;
        self.players[usize::from(seat)].battle.push(c);
        ev.push(self.did_privately(seat, format!("draw the battle card {c}"), "draw a battle card".into()));
    }

    pub fn draw_opportunity(&mut self, seat: u8, ev: &mut Vec<Event>) {
        if self.opportunity_deck.is_empty() {
            let mut d = std::mem::take(&mut self.opportunity_discard);
            d.shuffle(&mut self.rng);
            self.opportunity_deck = d;
        }
        let Some(c) = self.opportunity_deck.pop() else { return };
        self.revealed = true;
        self.players[usize::from(seat)].opportunities.push(c);
        ev.push(self.did_privately(seat, format!("draw the opportunity card {c}"), "draw an opportunity card".into()));
    }

    /// The solo scenario is won the moment its three conditions hold (ruling B32).
    pub fn check_solo(&mut self, ev: &mut Vec<Event>) {
        if self.solo_won.is_some() || !matches!(self.stage, Stage::Act | Stage::Work(_) | Stage::Move) {
            return;
        }
        let all_out = self.players[0].units.iter().all(|s| matches!(s, Spot::Map(_)));
        let on_capital = self.board().dutch.is_some_and(|d| self.units_at(usize::from(d)).any(|(o, _)| o == 0));
        if self.era >= 3 && all_out && self.dutch_taken && on_capital {
            self.solo_won = Some(true);
            ev.push(Event::Public(format!(
                "The Dutch capital has fallen in round {}: the scenario is won",
                self.round
            )));
            self.stage = Stage::Over;
        }
    }
}
