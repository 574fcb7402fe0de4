//! # Endeavor: Age of Sail
//!
//! The rules engine for *Endeavor: Age of Sail* (Burnt Island Games, Carl de Visser and Jarratt Gray, 2018):
//! the base game for 2–5 players and the two-player Silent Fleet with its three optional rules. The rulebook
//! is `../shared/seeds/002_94460dec65f08242.txt`, the Russian edition; code and refusals cite its headings.
//! Its tables, board, buildings and cards were pictures and are lost, so most content is provisional
//! (`docs/rules/endeavor.md` records each choice and every ruling).
//!
//! - [`content`]: the components as data, read from `data/*.toml` and validated.
//! - [`state`]: what is on the table; [`config`]: players, side, the Silent Fleet.
//! - `setup` (the only chance in the game), [`play`] (every decision and its order), [`score`].
//! - `evaluate`: how well each player stands, for the bots: the hand-written forecast and the learned
//!   evaluation's features.
//! - `observe`: the observation tensor for learning code, the whole table as numbers.
//! - [`view`]: the whole table (nothing is hidden) with each player's figures, and the terminal's table.

mod cite;
pub mod config;
mod conformance;
pub mod content;
mod evaluate;
pub mod event;
mod numbers;
mod observe;
pub mod play;
#[cfg(test)]
mod scenarios;
pub mod score;
mod setup;
pub mod state;
pub mod view;

use imperia_core::words::{Subject, count};
use imperia_core::{ContentSet, Ending, Game, GameRng, Outcome, RuleError, Seat, SetupError, Step, ToAct, Viewer};

pub use config::{Config, SilentFleet};
pub use content::Content;
pub use event::Event;
pub use play::{Action, Sail};
pub use state::Endeavor;
pub use view::View;

use crate::content::Attribute;
use crate::event::owner_name;
use crate::state::{Owner, Phase, ROUNDS};

impl Game for Endeavor {
    const ID: &'static str = "endeavor";
    const NAME: &'static str = "Endeavor: Age of Sail";
    /// 2: issue 53 (`RULES_CHANGES`).
    const RULES_VERSION: u32 = 2;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[
        (
            2,
            "Once all its discs are on the board, the Silent Fleet no longer answers a Ship or an Occupy that \
             leaves it nowhere to go: the game no longer freezes there.",
        ),
        (
            2,
            "A Payment may free the disc on any building without the no-Payment mark, including one that has a \
             Payment action of its own.",
        ),
        (2, "The Discard phase asks only for discards down to the card limit, and never the governor card."),
        (2, "After a two-action building, a Silent Fleet answer that has nowhere to go may now be chosen."),
        (
            2,
            "The shipping tracks are shorter on both sides of the board (3 spaces in Africa, South America and \
             the Caribbean, 4 in North America and India, 5 in the Far East), ten more routes on each side \
             hold a trade token, and the Shipyard launches two ships, so regions open earlier.",
        ),
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=5;
    const OPTIONS: &'static [imperia_core::GameOption] = config::OPTIONS;
    const RULES_INDEX: &'static str = include_str!("../../../docs/rules/endeavor.sections.toml");
    const RULINGS: &'static str = include_str!("../../../docs/rules/endeavor.md");

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Content;

    fn setup(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Self, SetupError> {
        let (mut g, mut ev) = Endeavor::new_game(config, content, seed)?;
        g.settle(&mut ev);
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn content(&self) -> &ContentSet<Content> {
        &self.content
    }

    fn to_act(&self) -> ToAct {
        self.deciding().into()
    }

    /// Nothing about a decision is secret: every viewer reads the same sentence, in the second person for
    /// the seat deciding.
    fn prompt(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        self.decision(viewer)
    }

    /// None: the setup is the only chance (the seed replays it), so no step after it draws.
    fn rng(&self) -> Option<&GameRng> {
        None
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        let _scope = self.content.enter();
        // `act` checks before it changes anything, so a refused action leaves the state untouched.
        self.act(seat, action).map(Step::new)
    }

    fn action_space(&self) -> usize {
        self.numbering().size()
    }

    fn action_number(&self, _seat: Seat, action: &Action) -> Option<usize> {
        self.number_in(&self.numbering(), action)
    }

    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        let n = self.numbering();
        imperia_core::numbering::ascending(self.legal(seat).iter().map(|a| self.number_in(&n, a)))
    }

    fn numbered_action(&self, _seat: Seat, number: usize) -> Option<Action> {
        self.numbered(number)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    /// Nothing is secret: every viewer sees every event.
    fn event_view(&self, event: &Event, _viewer: Viewer) -> Option<Event> {
        Some(event.clone())
    }

    fn event_line(&self, event: &Event, reader: Viewer) -> String {
        let _scope = self.content.enter();
        event.line(reader)
    }

    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        self.parts()
    }

    /// The whole table (nothing is hidden): the same for every viewer but the `viewer` part.
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        self.write_observation(viewer, out)
    }

    fn outcome(&self) -> Option<Outcome> {
        // Ties share the win: there is no tie-breaker (final scoring).
        (self.phase == Phase::Over)
            .then(|| Outcome::by_scores((0..self.players.len()).map(|s| i64::from(self.score(s).total)).collect()))
    }

    fn ending(&self) -> Option<Ending> {
        let reason = format!("Round {ROUNDS}, the last, is over: the glory of each player is counted.");
        let parts = (0..self.players.len()).map(|s| self.score(s).parts()).collect();
        (self.phase == Phase::Over).then_some(Ending { reason, parts })
    }

    /// The view holds the whole table: the state it shows is the state (perfect information).
    fn determinize(view: &View, content: &ContentSet<Content>, _rng: &mut GameRng) -> Self {
        view::determinize(view, content)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        view::table(&self.make_view(viewer))
    }

    fn seat_name(&self, seat: Seat) -> String {
        owner_name(Owner::Player(seat as u8)).to_string()
    }

    fn has_hidden_information(&self) -> bool {
        false
    }

    /// An activation or a freed disc names the building; a draw says what the card gives.
    fn describe(&self, action: &Action) -> String {
        let _scope = self.content.enter();
        let c = &*self.content;
        let building = |slot: u8| {
            self.deciding().and_then(|s| self.players[s].coast.get(usize::from(slot))).map(|b| c.building(b.building))
        };
        match *action {
            Action::Activate { slot } => match building(slot) {
                Some(b) => format!("activate the {} ({})", b.name, b.describe()),
                None => action.to_string(),
            },
            Action::Free { slot } | Action::Payment { slot } => match building(slot) {
                Some(b) => format!(
                    "{}: free the disc on the {}",
                    if let Action::Free { .. } = action { "Salary" } else { "Payment" },
                    b.name
                ),
                None => action.to_string(),
            },
            Action::Draw { card } | Action::FleetDraw { card } | Action::Discard { card } | Action::Govern { card } => {
                format!("{action} ({})", c.card(card).describe())
            }
            Action::Build { building } | Action::Start { building } | Action::Shortage { building } => {
                format!("{action} ({})", c.building(building).describe())
            }
            _ => action.to_string(),
        }
    }

    fn targets(&self, action: &Action) -> Vec<String> {
        let _scope = self.content.enter();
        view::targets(self, action)
    }
}

impl Endeavor {
    /// The decision in one sentence, as `viewer` reads it.
    fn decision(&self, viewer: Viewer) -> String {
        let Some(seat) = self.deciding() else { return String::new() };
        let who = Subject::seat(viewer, seat, owner_name(Owner::Player(seat as u8)));
        if !self.memorials.is_empty() {
            return who.does("place the disc the Memorial saved: beside a track, or back in the supply");
        }
        match self.phase {
            Phase::Start { .. } => who.does("choose a starting building"),
            Phase::Shortage => who.does("discard a building from the organizer (material shortage)"),
            Phase::Build { .. } => who.does(&format!(
                "build (round {}, build level {})",
                self.round,
                self.level(seat, Attribute::Industry)
            )),
            Phase::Salary { left, .. } => {
                who.does(&format!("pay Salary: {} to free from the buildings", count(left, "more disc")))
            }
            Phase::Actions { .. } if self.reaction.is_some() => who.does("move the Silent Fleet in answer"),
            Phase::Actions { .. } if self.turn.is_some() => who.does("carry out the action"),
            Phase::Actions { .. } => format!(
                "{} (round {} of {ROUNDS}, {} in the harbor)",
                who.does_one_of(&["activate a building", "spend an action token", "pass"]),
                self.round,
                count(self.players[seat].harbor, "disc")
            ),
            Phase::Discard { .. } => who.does(&format!(
                "keep at most {} (holding {}) and may fill the governor slot",
                count(self.card_cap(seat) as u32, "card"),
                self.players[seat].cards.len()
            )),
            Phase::Over => String::new(),
        }
    }
}
