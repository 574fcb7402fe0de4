//! Setting up («Подготовка к игре», p.6; rulings B21, B22, B37, B57): the map and its tokens, the decks
//! and display, each seat's colour, pieces and goals, then the secret keeps and rulers, and the capitals
//! chosen in turn from a seat drawn at random. The solo scenario puts green's capital and the Dutch where
//! its map does («Одиночный режим»).

use imperia_core::{ContentSet, SetupError, rng};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::cite;
use crate::config::Config;
use crate::content::{
    Ability, Back, BattleId, CityId, ColourId, Content, ExplorationId, GoalId, MapId, OpportunityId, PrivilegeId,
};
use crate::event::{Event, Who};
use crate::map::Cell;
use crate::play::{Action, Arg, No, no};
use crate::state::{Brazil, Built, DUTCH, Held, Lying, Player, Site, Spot, Stage, Token, Turn};

impl Brazil {
    pub fn new_game(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Brazil, SetupError> {
        let _scope = content.enter();
        let c = &**content;
        let n = config.players;
        if !(1..=4).contains(&n) {
            return Err(SetupError(format!("Brazil: Imperial is for 1 to 4 players, not {n}")));
        }
        let map = match &config.scenario {
            // A scenario is made for one player count (ruling B38).
            Some(id) => {
                let k = c.maps.iter().position(|m| m.scenario.as_deref() == Some(id.as_str()));
                let k = k.ok_or_else(|| SetupError(format!("there is no scenario `{id}`")))?;
                if usize::from(c.maps[k].players) != n {
                    return Err(SetupError(format!(
                        "{} is for {}, not {n}",
                        c.maps[k].name,
                        imperia_core::words::count(u32::from(c.maps[k].players), "player")
                    )));
                }
                k
            }
            None => c
                .maps
                .iter()
                .position(|m| usize::from(m.players) == n)
                .ok_or_else(|| SetupError(format!("no map is made for {n} players")))?,
        };
        let board = &c.maps[map];
        let mut rng = rng::seeded(seed);
        let mut sites = vec![Site::default(); board.hexes.len()];
        // Exploration tokens face down on every "?" hex; the rest stay in the box.
        let mut pool: Vec<ExplorationId> = c.exploration_pool.clone();
        pool.shuffle(&mut rng);
        for (i, cell) in board.cells.iter().enumerate() {
            if *cell == Cell::Question {
                sites[i].lying = pool.pop().map(|f| Lying { find: Some(f), face_up: false });
            }
        }
        let battle_deck: Vec<BattleId> = shuffled_with(c.battle_deck.clone(), &mut rng);
        let opportunity_deck: Vec<OpportunityId> = shuffled_with(c.opportunity_deck.clone(), &mut rng);
        let mut privilege_piles: [Vec<PrivilegeId>; 3] = Default::default();
        for back in Back::ALL {
            let pile: Vec<PrivilegeId> = (0..c.privileges.len())
                .filter(|&k| c.privileges[k].back == back)
                .map(|k| PrivilegeId(k as u8))
                .collect();
            privilege_piles[back.index()] = shuffled_with(pile, &mut rng);
        }
        let mut display = [None; 6];
        for (slot, d) in display.iter_mut().enumerate() {
            *d = privilege_piles[slot / 2].pop();
        }
        let mut goal_decks: [Vec<GoalId>; 3] = Default::default();
        for era in 1..=3u8 {
            let deck: Vec<GoalId> =
                (0..c.goals.len()).filter(|&k| c.goals[k].era == era).map(|k| GoalId(k as u8)).collect();
            goal_decks[usize::from(era) - 1] = shuffled_with(deck, &mut rng);
        }
        let cities: Vec<CityId> = shuffled_with((0..c.cities.len()).map(|k| CityId(k as u8)).collect(), &mut rng);
        let half = cities.len() / 2;
        let city_stacks = [cities[..half].to_vec(), cities[half..].to_vec()];
        // Colours: green plays the solo; otherwise colours fall at random (B57).
        let mut colours: Vec<ColourId> = (0..c.colours.len()).map(|k| ColourId(k as u8)).collect();
        if n > 1 {
            colours.shuffle(&mut rng);
        }
        let mut dealt = Vec::new();
        let mut players = Vec::new();
        for &colour in colours.iter().take(n) {
            let mut hands = [[GoalId(0); 2]; 3];
            for (era, deck) in goal_decks.iter_mut().enumerate() {
                let a = deck.pop().ok_or_else(|| SetupError("the goal decks are too small".into()))?;
                let b = deck.pop().ok_or_else(|| SetupError("the goal decks are too small".into()))?;
                hands[era] = [a, b];
            }
            dealt.push(Some(hands));
            players.push(Player {
                colour,
                ruler: None,
                supply: Default::default(),
                units: vec![Spot::Board; c.colours[colour.index()].units.len()],
                items: vec![None; c.items.len()],
                privileges: vec![],
                goals: vec![],
                battle: vec![],
                opportunities: vec![],
                palaces: [true; 5],
                under: [None; 7],
                parked: vec![],
                token: None,
                last: None,
                finds: vec![],
                peeked: vec![],
                capital: None,
                firsts: 0,
                recruited: false,
                braganca: false,
                war_vp: 0,
                ready: false,
            });
        }
        // Capital tokens: the "1" and others at random, face down on random sites.
        let mut tokens: Vec<u8> = (1..c.capital_tokens.len() as u8).collect();
        tokens.shuffle(&mut rng);
        tokens.truncate(n.saturating_sub(1));
        tokens.push(0);
        tokens.shuffle(&mut rng);
        let mut capital_tokens = vec![None; board.capitals.len()];
        for (slot, t) in capital_tokens.iter_mut().zip(tokens) {
            *slot = Some(t);
        }
        let mut dutch = Vec::new();
        if let Some(d) = board.dutch {
            // The Dutch defend their capital with a cavalry and a cannon (reference ARIN, ruling B35).
            let orange = c.colours.iter().position(|k| k.id == "orange").unwrap_or(c.colours.len() - 1);
            for &u in &c.colours[orange].units {
                if matches!(c.unit(u).ability, Ability::Carries | Ability::Adjacent) {
                    dutch.push((u, Spot::Map(d)));
                }
            }
            sites[usize::from(d)].token = Some(Token {
                built: Built::Capital,
                owner: DUTCH,
                pieces: Default::default(),
                mark: false,
                jesuit: false,
            });
        }
        let token_supply = c.tokens.iter().map(|t| t.count).collect();
        let first_chooser = rng.random_range(0..n) as u8;
        Ok(Brazil {
            config: config.clone(),
            content: content.clone(),
            rng,
            map: MapId(map as u8),
            players,
            sites,
            dutch,
            era: 1,
            round: 1,
            first: first_chooser,
            current: first_chooser,
            stage: Stage::Prepare,
            pending: vec![],
            turn: Turn::default(),
            battle_deck,
            battle_discard: vec![],
            opportunity_deck,
            opportunity_discard: vec![],
            goal_decks,
            dealt,
            privilege_piles,
            display,
            city_stacks,
            token_supply,
            capital_tokens,
            last_round: false,
            solo_won: None,
            dutch_taken: false,
            spent_finds: vec![],
            revealed: false,
        })
    }

    /// A seat by its colour and nation: "Green (Brazil)".
    pub fn seat_label(&self, seat: u8) -> &str {
        if seat == DUTCH {
            return "The Dutch";
        }
        &self.content.colours[self.players[usize::from(seat)].colour.index()].label
    }

    /// `seat` as a log line names it.
    pub(crate) fn who(&self, seat: u8) -> Who {
        Who { seat, name: self.seat_label(seat).to_string() }
    }

    /// The line "`seat` does `does`" (its verb in the base form: "take 1 gold"), seen by everyone.
    pub(crate) fn did(&self, seat: u8, does: impl Into<String>) -> Event {
        Event::Did { who: self.who(seat), does: vec![does.into()] }
    }

    /// The line "`seat` does `mine`" for that seat alone, "`seat` does `others`" for everyone else.
    pub(crate) fn did_privately(&self, seat: u8, mine: String, others: String) -> Event {
        Event::Private { who: self.who(seat), mine, others }
    }

    pub fn prepare_candidates(&self, seat: u8) -> Vec<Action> {
        let s = usize::from(seat);
        let rulers = &self.content.colours[self.players[s].colour.index()].rulers;
        let Some(d) = self.dealt[s] else { return Vec::new() };
        let mut out = Vec::new();
        for m in 0..8u8 {
            let keep = [d[0][usize::from(m & 1)], d[1][usize::from((m >> 1) & 1)], d[2][usize::from((m >> 2) & 1)]];
            out.extend(rulers.iter().map(|&ruler| Action::Prepare { keep, ruler }));
        }
        out
    }

    pub fn check_prepare(&self, seat: u8, action: &Action) -> Result<(), No> {
        let s = usize::from(seat);
        let Action::Prepare { keep, ruler } = action else {
            return Err(no("keep one goal of each era and choose your ruler first", cite::SETUP));
        };
        if !self.content.colours[self.players[s].colour.index()].rulers.contains(ruler) {
            return Err(no("that ruler belongs to another colour", cite::SETUP));
        }
        if !self.dealt[s].is_some_and(|d| (0..3).all(|era| d[era].contains(&keep[era]))) {
            return Err(no("keep one of the two goals dealt to you for each era", cite::SETUP));
        }
        Ok(())
    }

    pub fn perform_prepare(&mut self, seat: u8, action: &Action, ev: &mut Vec<Event>) {
        let Action::Prepare { keep, ruler } = action else { return };
        let s = usize::from(seat);
        self.players[s].goals = keep.iter().map(|&goal| Held { goal, done: 0 }).collect();
        self.players[s].ruler = Some(*ruler);
        self.players[s].ready = true;
        ev.push(self.did(seat, "have kept one goal of each era and chosen a ruler"));
        if self.players.iter().any(|p| !p.ready) {
            return;
        }
        // Everyone has chosen: the goals put back go under their decks in seat order (B57).
        for (p, d) in self.players.iter().zip(std::mem::take(&mut self.dealt)) {
            for (era, pair) in d.into_iter().flatten().enumerate() {
                for g in pair {
                    if !p.goals.iter().any(|h| h.goal == g) {
                        self.goal_decks[era].insert(0, g);
                    }
                }
            }
        }
        self.dealt = vec![None; self.players.len()];
        self.revealed = true;
        let rulers: Vec<(Who, String)> = (0..self.players.len())
            .map(|k| {
                let r = self.players[k].ruler.map(|r| self.content.rulers[r.index()].name.clone()).unwrap_or_default();
                (self.who(k as u8), format!("rule as {r}"))
            })
            .collect();
        ev.push(Event::Each(rulers));
        if self.solo() {
            // Green takes the "1" token's pieces and the map's capital (B37).
            let site = self.board().capitals[0];
            self.found_capital(0, usize::from(site), ev);
            self.first = 0;
            self.current = 0;
            self.stage = Stage::Act;
        } else {
            self.stage = Stage::Capital { seat: self.first, left: self.players.len() as u8 };
        }
    }

    pub fn capital_candidates(&self) -> Vec<Action> {
        let board = self.board();
        (0..board.capitals.len())
            .filter(|&k| self.capital_tokens[k].is_some())
            .map(|k| Action::Capital { at: board.hexes[usize::from(board.capitals[k])] })
            .collect()
    }

    pub fn check_capital(&self, action: &Action) -> Result<(), No> {
        let Action::Capital { at } = action else { return Err(no("choose your capital first", cite::SETUP)) };
        let i = self.hex_index(*at)?;
        let k = self.board().capitals.iter().position(|&c| usize::from(c) == i);
        match k {
            Some(k) if self.capital_tokens[k].is_some() => Ok(()),
            _ => Err(no("{} is not a free capital site", cite::CAPITALS).arg(Arg::Hex(*at))),
        }
    }

    pub fn perform_capital(&mut self, seat: u8, action: &Action, ev: &mut Vec<Event>) {
        let Action::Capital { at } = action else { return };
        let Some(i) = self.board().index(*at) else { return };
        self.found_capital(seat, i, ev);
        let Stage::Capital { seat: s, left } = self.stage else { return };
        if left > 1 {
            self.stage = Stage::Capital { seat: (s + 1) % self.players.len() as u8, left: left - 1 };
        } else {
            // The holder of the "1" token goes first (setup step 7).
            self.current = self.first;
            self.stage = Stage::Act;
        }
    }

    /// Palace I on a capital site, and the capital token's pieces (B22).
    fn found_capital(&mut self, seat: u8, i: usize, ev: &mut Vec<Event>) {
        let k = self.board().capitals.iter().position(|&c| usize::from(c) == i).unwrap_or(0);
        let token = self.capital_tokens[k].take().unwrap_or(0);
        let t = &self.content.capital_tokens[usize::from(token)];
        let (gives, first) = (t.gives, t.first);
        let s = usize::from(seat);
        self.players[s].supply.add(gives);
        self.players[s].capital = Some(i as u16);
        self.sites[i].token =
            Some(Token { built: Built::Capital, owner: seat, pieces: Default::default(), mark: false, jesuit: false });
        if first {
            self.first = seat;
        }
        let found = format!("found a capital at {}", self.board().hexes[i]);
        let take = format!("take {gives}{}", if first { ", with the first-player token" } else { "" });
        ev.push(Event::Did { who: self.who(seat), does: vec![found, take] });
    }

    /// The round limit of ruling B63 ended this multiplayer game, which no complete era-III card had ended
    /// (the solo scenario's round 20 is the rulebook's own); `Conformance::ended_by_cap` says so to the
    /// conformance harness (docs/rules/brazil-imperial.md, ruling B63).
    pub fn stopped_at_round_limit(&self) -> bool {
        self.stage == Stage::Over && !self.solo() && !self.last_round
    }

    /// The last turn is over: the game ends («Конец игры»).
    pub fn finish(&mut self, ev: &mut Vec<Event>) {
        self.stage = Stage::Over;
        ev.push(Event::Public("The last round is over: final scoring".into()));
    }
}

fn shuffled_with<T>(mut list: Vec<T>, rng: &mut imperia_core::GameRng) -> Vec<T> {
    list.shuffle(rng);
    list
}
