//! Setting up (rulebook, «Подготовка к игре» А–З): the side, tokens shuffled onto every round space, the
//! decks sorted face up, governors under the board, the organizer with three of the seven level-5 tiles,
//! 35 discs each, and the crown to a random player. The setup is the game's only chance: afterwards
//! everything is decided by the players (and the seed of the record replays it).

use imperia_core::{ContentSet, SetupError};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::config::Config;
use crate::content::{Content, TokenKind, ZoneId};
use crate::event::Event;
use crate::state::{DISCS, Endeavor, Phase, Player};

/// Level-5 tiles face up in the organizer (setup Д: one in each of the three column-5 slots).
const LEVEL_FIVE_IN_PLAY: usize = 3;

impl Endeavor {
    pub fn new_game(
        config: &Config,
        content: &ContentSet<Content>,
        seed: u64,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        let config = config.clone().checked()?;
        let c = &**content;
        let side = c
            .side_by_id(&config.side)
            .ok_or_else(|| SetupError(format!("the content has no board side `{}`", config.side)))?;
        let mut rng = imperia_core::rng::seeded(seed);
        let board = c.side(side);

        // Б: the tokens, shuffled, one on every round space: tracks, cities and fleets, round routes.
        let mut tokens: Vec<TokenKind> =
            TokenKind::ALL.iter().zip(&c.tokens).flat_map(|(&k, &n)| std::iter::repeat_n(k, usize::from(n))).collect();
        tokens.shuffle(&mut rng);
        let mut deal = tokens.into_iter();
        let track_tokens: Vec<Vec<Option<TokenKind>>> =
            board.tracks.iter().map(|&n| (0..n).map(|_| deal.next()).collect()).collect();
        let mut space_tokens = vec![None; c.spaces.len()];
        for &s in &board.spaces {
            space_tokens[s.index()] = deal.next();
        }
        let mut route_tokens = vec![None; c.routes.len()];
        for &r in &board.routes {
            if c.route(r).token {
                route_tokens[r.index()] = deal.next();
            }
        }

        // В, Г: decks face up, lowest value on top; governors under the board by their decks.
        let mut decks: Vec<_> = (0..c.decks.len())
            .map(|d| {
                let mut cards: Vec<_> = (0..c.cards.len())
                    .filter(|&k| c.cards[k].deck.index() == d && !c.cards[k].governor)
                    .map(|k| crate::content::CardId(k as u8))
                    .collect();
                cards.sort_by_key(|&k| c.card(k).value);
                cards
            })
            .collect::<Vec<_>>();
        decks.shrink_to_fit();
        let governors = (0..c.zones.len()).map(|z| c.governor_of(ZoneId(z as u8))).collect();

        // Д: the organizer; three level-5 kinds face up, the other four face down and out of play.
        let mut stock: Vec<u8> = c.buildings.iter().map(|b| if b.start { 0 } else { b.copies }).collect();
        let mut fives: Vec<usize> = (0..c.buildings.len()).filter(|&i| c.buildings[i].level == 5).collect();
        fives.shuffle(&mut rng);
        for &i in fives.iter().skip(LEVEL_FIVE_IN_PLAY) {
            stock[i] = 0;
        }

        // Ж: the crown.
        let crown = rng.random_range(0..config.players) as u8;
        let players = (0..config.players).map(|_| Player { supply: DISCS, ..Player::default() }).collect();
        let zones = c.zones.len();
        let game = Endeavor {
            side,
            round: 0,
            crown,
            phase: Phase::Start { next: 0 },
            players,
            turn: None,
            reaction: None,
            memorials: vec![],
            tracks: board.tracks.iter().map(|&n| vec![None; usize::from(n)]).collect(),
            track_tokens,
            explored: (0..zones).map(|z| z == 0).collect(),
            spaces: vec![None; c.spaces.len()],
            space_tokens,
            route_tokens,
            open_sea: vec![[0; 6]; zones],
            presence: vec![[0; 6]; zones],
            decks,
            discards: vec![],
            governors,
            stock,
            abolished: false,
            fleet_supply: if config.silent_fleet.is_some() { DISCS } else { 0 },
            content: content.clone(),
            config,
        };
        Ok((game, vec![]))
    }
}
