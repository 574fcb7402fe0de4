//! The starting position: the scenario's map, wars and characters, then turn 1's Card Draw (§8; ruling R1).

use std::sync::Arc;

use imperia_core::{ContentSet, SetupError};
use rand::SeedableRng;
use rand::seq::SliceRandom;

use crate::config::Config;
use crate::content::{CardId, Content, Entry, Owner, Power, TreasureId};
use crate::event::Event;
use crate::state::{
    Fleet, Hand, LeaderState, Phase, Place, Pool, RoyalPlace, RoyalState, SpaceState, Status, VirginQueen,
};

impl VirginQueen {
    pub(crate) fn new_game(
        config: &Config,
        content: &ContentSet<Content>,
        seed: u64,
    ) -> Result<(VirginQueen, Vec<Event>), SetupError> {
        // A content set with a shorter turn track shortens the game; everything else is as configured.
        let config = Config { turns: config.turns.min(content.max_turns), ..config.clone() }.checked()?;
        let c = &**content;
        let seats = config.seats();
        let played = |p: Power| seats.iter().any(|s| s.contains(&p));
        let mut g = VirginQueen {
            config: config.clone(),
            content: content.clone(),
            rng: imperia_core::GameRng::seed_from_u64(seed),
            turn: c.start_turn,
            phase: Phase::Over,
            seats: Arc::new(seats.clone()),
            chart: [[Status::Peace; 6]; 6],
            minor_wars: Vec::new(),
            spain_england_fought: false,
            deck: Arc::default(),
            discard: Arc::default(),
            hands: Default::default(),
            cup: Arc::new((0..c.treasures.len()).map(|i| TreasureId(i as u8)).collect()),
            spent: Arc::default(),
            portugal: Arc::default(),
            spaces: Arc::new(
                c.spaces
                    .iter()
                    .map(|s| {
                        let mut units = [[0u8; 2]; 6];
                        for &(p, r, m) in &s.units {
                            units[p.index()] = [r, m];
                        }
                        SpaceState { control: s.control, units, fortress: s.fortress, unrest: false }
                    })
                    .collect(),
            ),
            fleets: Arc::default(),
            pools: Power::ALL.map(|p| {
                let m = c.major(p);
                Pool { regulars: m.regulars, mercenaries: m.mercenaries, naval: m.naval, naval_destroyed: [0; 4] }
            }),
            leaders: Arc::new(
                c.leaders
                    .iter()
                    .map(|l| LeaderState {
                        place: match l.entry {
                            Entry::Setup(s) if played(l.power) => Place::Map(s),
                            Entry::Default => Place::Reserve,
                            _ => Place::Future,
                        },
                        loaned_to: None,
                    })
                    .collect(),
            ),
            // Royals and captains are set below, once the seats say who is played.
            royals: Arc::default(),
            patrons: Arc::new(vec![None; c.patrons.len()]),
            captains: Arc::default(),
            colonies: Arc::new(vec![None; c.sites.len()]),
            bonus_vp: [0; 6],
            virginia_dare: false,
            hire_track: c.hire_track,
            fortress_markers: 0,
            jesuit_markers: 0,
            douai_played: false,
            catholic_league: false,
            dutch_revolt: false,
            mary_captive: false,
            dragut_fell: None,
            leader_lost: Vec::new(),
            gifts: Vec::new(),
            shows: Vec::new(),
            second_thoughts: [0; 6],
            withdrawals: [0; 6],
            drafts: Default::default(),
            proposals: Vec::new(),
            pending: Vec::new(),
        };
        g.captains = Arc::new(c.captain_ids().map(|id| g.captain_start(id, c.start_turn)).collect());
        g.royals = Arc::new(
            c.royal_ids()
                .map(|r| {
                    let entered = c.royals[r.index()].entry <= c.start_turn && g.royal_in_use(r);
                    let place = if entered { RoyalPlace::Table } else { RoyalPlace::Future };
                    RoyalState { place, controller: c.royals[r.index()].controller }
                })
                .collect(),
        );
        for s in &c.spaces {
            for &(owner, kind, count) in &s.naval {
                let port = c.space_by_id(&s.id).unwrap_or(crate::content::SpaceId(0));
                Arc::make_mut(&mut g.fleets).push(Fleet { owner, kind, port, count, loaned_to: None });
            }
        }
        for &(a, b) in &c.wars {
            match (a, b) {
                // An unplayed power is inert (R39): it has no wars.
                (Owner::Major(a), Owner::Major(b)) if played(a) && played(b) => g.set_status(a, b, Status::War),
                (Owner::Major(a), Owner::Minor(m)) | (Owner::Minor(m), Owner::Major(a)) if played(a) => {
                    g.minor_wars.push((a, m))
                }
                _ => {}
            }
        }
        g.deck = Arc::new(
            (0..c.cards.len())
                .map(|i| CardId(i as u8))
                .filter(|&card| g.card_in_use(card) && c.cards[card.index()].entry <= c.start_turn)
                .collect(),
        );
        Arc::make_mut(&mut g.deck).shuffle(&mut g.rng);
        g.hands = Default::default();
        let _: &[Arc<Hand>; 6] = &g.hands;
        let mut events = Vec::new();
        g.card_draw(&mut events);
        Ok((g, events))
    }
}
