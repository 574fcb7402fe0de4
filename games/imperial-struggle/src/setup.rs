//! Setting up a game (the Playbook's «Подготовка», which the rulebook refers to; the values are in
//! `data/tables.toml` and the starting flags in `data/spaces.toml`).

use std::collections::VecDeque;
use std::sync::Arc;

use imperia_core::rng::seeded;
use imperia_core::{ContentSet, SetupError};
use rand::seq::SliceRandom;

use crate::config::{Config, MAX_FRANCE_BID};
use crate::content::{Content, Era, Flag, Power, WarId};
use crate::event::Event;
use crate::state::{AdvantageState, Awards, Board, ImperialStruggle, Investments, Jacobites, Phase, PowerState};

/// §12.1: the Spanish flags of the optional Spanish Empire.
const SPANISH_FLAGS: [&str; 3] = ["havana", "santiago", "puerto_principe"];

impl ImperialStruggle {
    /// A new game played with `content`, with the first round begun (§4.1), and the events of setting it up.
    pub fn new_game(
        config: &Config,
        content: &ContentSet<Content>,
        seed: u64,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        if config.players.is_some_and(|p| p != 2) {
            return Err(SetupError("Imperial Struggle is a game for 2 players: Britain and France".into()));
        }
        if config.france_bid > MAX_FRANCE_BID {
            return Err(SetupError(format!("France's bid is at most {MAX_FRANCE_BID} treaty points")));
        }
        let c = &**content;
        let mut rng = seeded(seed);
        let mut board = Board::default();
        for (i, s) in c.spaces.iter().enumerate() {
            if let Some(p) = s.start {
                board.set(crate::content::SpaceId(i as u8), Some(p.flag()));
            }
        }
        if config.spanish_empire {
            for id in SPANISH_FLAGS {
                if let Some(s) = c.space_by_id(id) {
                    board.set(s, Some(Flag::Spain));
                }
            }
        }
        let basic: Vec<u8> = c
            .basic_tiles
            .iter()
            .enumerate()
            .flat_map(|(i, t)| std::iter::repeat_n(i as u8, t.count as usize))
            .collect();
        let power = |p: Power| PowerState {
            debt: c.setup.debt,
            debt_limit: c.setup.debt_limit,
            trp: c.setup.trp,
            hand: Vec::new(),
            ministries: Vec::new(),
            navy_box: c.setup.navy_box[p.index()],
            brig: 0,
            squadrons_lost: 0,
            basic_pool: Arc::new(basic.clone()),
            basic_removed: Arc::default(),
            bonus_pool: Arc::default(),
            carried_bonus: Arc::default(),
            merchant_banks: 0,
            townshend: None,
        };
        let mut deck = crate::round::cards_of(c, Era::Succession);
        deck.shuffle(&mut rng);
        let mut stack: Vec<u8> = (0..c.investments.len() as u8).collect();
        stack.shuffle(&mut rng);
        let mut game = ImperialStruggle {
            config: config.clone(),
            content: content.clone(),
            rng,
            turn: 0,
            vp: c.setup.vp,
            powers: [power(Power::Britain), power(Power::France)],
            board,
            deck,
            discard: Vec::new(),
            removed: Vec::new(),
            investments: Investments { stack, ..Investments::default() },
            awards: Awards::default(),
            demand: Vec::new(),
            advantages: vec![AdvantageState::default(); c.advantages.len()],
            war: Arc::default(),
            initiative: c.setup.initiative,
            first: c.setup.initiative,
            jacobites: Jacobites::default(),
            phase: Phase::Initiative,
            tasks: VecDeque::new(),
            sweep: None,
        };
        let mut events = Vec::new();
        game.update_advantages(&mut events);
        game.lay_out(Some(WarId::Wss));
        // France starts with one bonus tile of the first war, on Central Europe (the Playbook's setup as a
        // public edition gives it).
        if let Some(tile) = Arc::make_mut(&mut game.powers[Power::France.index()].bonus_pool).pop_random(&mut game.rng)
        {
            game.war_mut().theatres[0][Power::France.index()].bonus.push(tile);
        }
        // The lower bidder for France plays Britain and starts with the winning bid (ruling S11).
        game.gain_trp(Power::Britain, config.france_bid, &mut events);
        game.begin_peace_round(&mut events);
        game.run_tasks(&mut events);
        Ok((game, events))
    }
}

/// Remove and return a random element.
trait PopRandom<T> {
    fn pop_random(&mut self, rng: &mut imperia_core::GameRng) -> Option<T>;
}

impl<T> PopRandom<T> for Vec<T> {
    fn pop_random(&mut self, rng: &mut imperia_core::GameRng) -> Option<T> {
        use rand::Rng;
        if self.is_empty() {
            return None;
        }
        let i = rng.random_range(0..self.len());
        Some(self.remove(i))
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::{Game, Viewer};

    use super::*;
    use crate::testkit::shipped;

    /// Ruling S11: the lower bidder plays Britain with the treaty points of the winning bid.
    #[test]
    fn britain_starts_with_the_treaty_points_france_bid() {
        let content = shipped();
        let plain = ImperialStruggle::setup(&Config::default(), &content, 7).expect("the plain game");
        let bid = Config { france_bid: 3, ..Config::default() };
        let bidden = ImperialStruggle::setup(&bid, &content, 7).expect("a game with a bid");
        let (br, fr) = (Power::Britain.index(), Power::France.index());
        assert_eq!((bidden.powers[br].trp, bidden.powers[fr].trp), (plain.powers[br].trp + 3, plain.powers[fr].trp));
        // Nothing else differs: the bid draws nothing, so the same seed deals the same game.
        assert_eq!((&bidden.deck, &bidden.investments.stack), (&plain.deck, &plain.investments.stack));
        // Both players read the bid: in their views (the config) and the table's text.
        for seat in [0, 1] {
            assert_eq!(bidden.view(Viewer::Seat(seat)).config.france_bid, 3);
            let text = bidden.summary(Viewer::Seat(seat));
            assert!(text.contains("bid 3 treaty points to play France"), "{text}");
            assert!(!plain.summary(Viewer::Seat(seat)).contains("bid"));
        }
        let over = Config { france_bid: MAX_FRANCE_BID + 1, ..Config::default() };
        assert!(ImperialStruggle::setup(&over, &content, 7).is_err(), "a record cannot smuggle a bigger bid in");
    }
}
