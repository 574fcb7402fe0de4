//! # Virgin Queen — the diplomacy
//!
//! The rules engine for the Card Draw (§8) and Diplomacy (§9) phases of *Virgin Queen* (GMT Games, Ed Beach,
//! 2011). The rulebook is `../shared/seeds/004_01d86978724b011e.txt`, a Russian excerpt cut at the opening of
//! §9.4; code and refusals cite its sections. Everything the excerpt reads but does not print — the map, the
//! deck, the characters, the tables — is content, mostly provisional, and the rest of a turn is a
//! provisional campaign step (`docs/rules/virgin-queen.md`, which also records every ruling).
//!
//! - [`content`]: the components as data, read from `data/*.toml` and validated.
//! - [`state`]: what is on the table; [`config`]: players and turns.
//! - `card_draw` (§8), `deals` (the nine kinds of deal, §9.1–§9.2), `play` (the decisions of a turn and their
//!   order: home card, Negotiations, announcements, Ransom, Declarations of War), `campaign` (provisional).
//! - [`view`]: what each viewer may see, and the sampling of hidden state for bots.

mod campaign;
mod card_draw;
mod cite;
pub mod config;
mod conformance;
pub mod content;
pub mod deals;
pub mod event;
mod play;
mod setup;
pub mod state;
pub mod view;

use imperia_core::{ContentSet, Evaluate, Game, GameRng, Outcome, RuleError, Seat, SetupError, Step, ToAct, Viewer};

pub use config::Config;
pub use content::{Content, Power};
pub use deals::Clause;
pub use event::Event;
pub use play::Action;
pub use state::VirginQueen;
pub use view::View;

use crate::state::Phase;

impl Game for VirginQueen {
    const ID: &'static str = "virgin-queen";
    const NAME: &'static str = "Virgin Queen — Diplomacy (§8–§9)";
    const RULES_VERSION: u32 = 1;
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    const OPTIONS: &'static [imperia_core::GameOption] = config::OPTIONS;

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Content;

    fn configure(seats: usize, options: &serde_json::Map<String, serde_json::Value>) -> Result<Config, SetupError> {
        Config::with_options(seats, options)
    }

    fn setup(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Self, SetupError> {
        VirginQueen::new_game(config, content, seed).map(|(g, _)| g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn content(&self) -> &ContentSet<Content> {
        &self.content
    }

    fn seats(&self) -> usize {
        self.seats.len()
    }

    fn to_act(&self) -> ToAct {
        if self.phase == Phase::Over {
            return ToAct::Nobody;
        }
        let mut seats: Vec<Seat> = self.deciders().into_iter().filter_map(|p| self.seat_of(p)).collect();
        seats.sort_unstable();
        seats.dedup();
        ToAct::Seats(seats)
    }

    fn prompt(&self, _viewer: Viewer) -> String {
        let _scope = self.content.enter();
        self.decision()
    }

    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        let _scope = self.content.enter();
        let mut next = self.clone();
        let (events, reveals) = next.act(seat, action).map_err(RuleError::from)?;
        *self = next;
        Ok(if reveals { Step::committed(events) } else { Step::new(events) })
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.redact(event, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.score())
    }

    fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> Self {
        view::determinize(view, content, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        let mut out = format!("Turn {} of {}. {}\n", self.turn, self.config.turns, self.decision());
        for p in self.played_powers().into_iter() {
            let h = &self.hands[p.index()];
            out.push_str(&format!(
                "{:<15} {:>2} VP, {:>2} keys, hand {} + {} treasures\n",
                p.title(),
                self.vp(p),
                self.keys(p),
                h.cards.len(),
                h.treasures.len()
            ));
        }
        let _ = viewer;
        out
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.seats
            .get(seat)
            .map(|ps| ps.iter().map(|p| p.title()).collect::<Vec<_>>().join(" and "))
            .unwrap_or_default()
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn describe(&self, action: &Action) -> String {
        let _scope = self.content.enter();
        action.to_string()
    }
}

impl VirginQueen {
    /// Each seat's score: the mean VP of its powers (provisional, R42).
    fn score(&self) -> Outcome {
        let mean: Vec<f64> =
            self.seats.iter().map(|ps| ps.iter().map(|&p| self.vp(p) as f64).sum::<f64>() / ps.len() as f64).collect();
        let ranks = mean.iter().map(|&m| 1 + mean.iter().filter(|&&o| o > m).count()).collect();
        Outcome { scores: mean.iter().map(|m| m.round() as i64).collect(), ranks }
    }
}

impl Evaluate for VirginQueen {
    fn evaluate(&self) -> Vec<f64> {
        if let Some(o) = self.outcome() {
            return imperia_core::outcome_values(&o);
        }
        let vp: Vec<f64> =
            self.seats.iter().map(|ps| ps.iter().map(|&p| self.vp(p) as f64).sum::<f64>() / ps.len() as f64).collect();
        let (lo, hi) = vp.iter().fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
        vp.iter().map(|&v| if hi > lo { 0.1 + 0.8 * (v - lo) / (hi - lo) } else { 0.5 }).collect()
    }
}
