//! # Imperial Struggle
//!
//! The rules engine for *Imperial Struggle* (GMT Games, 2nd edition): Britain against France from 1697 to
//! 1789 — six peace rounds and four wars. The rulebook is `../shared/seeds/000_55366d105f3a08b3.txt`
//! (Russian); code and refusals cite its sections (`§5.4.1`).
//!
//! A map of the crate:
//!
//! - [`content`]: the components (map, cards, tiles, wars, tables), read from `data/*.toml` (or a player's
//!   replacements) with their sources and validated, as a value: [`content::Content`].
//! - [`state`]: what is on the table, and the content set the game is played with, which the rules read;
//!   [`config`]: the optional rules.
//! - `round`: the peace round's phases and scoring (§4.1); `turn`: a power's turn (§5); `spend`: what points
//!   buy and the restrictions on them; `board`: control, protection, isolation, flag changes.
//! - `tasks` and `resolve`: pending effects and the choices they ask for; `cards`, `ministries`,
//!   `advantages`: the effects of each card and tile; `war`: the wars (§7).
//! - [`view`]: what each viewer may see, and the sampling of hidden state for the bots; `observe`: the
//!   view as the numbers of the observation tensor, for learning code.
//! - [`action`] and [`event`]: the decisions players make and what happened, in plain words; `summary`
//!   describes actions and the position, `prompt` says whose decision it is, `targets` names the board
//!   pieces an action touches (and lists them for `GameContent::board`).
//! - Randomness: setup draws from the seed, and afterwards every draw comes from the state's generator
//!   (`Game::rng`), so a step that draws is a commit point by itself; a step that turns something hidden
//!   face up without drawing says so (`Event::reveals`).
//!
//! Seat 0 plays Britain, seat 1 France.

pub mod action;
mod advantages;
mod board;
mod cards;
mod cite;
pub mod config;
mod conformance;
pub mod content;
mod evaluate;
pub mod event;
#[cfg(test)]
mod golden;
mod ministries;
mod numbers;
mod observe;
mod prompt;
mod resolve;
mod round;
#[cfg(test)]
mod scenarios;
mod setup;
mod spend;
pub mod state;
mod summary;
mod table;
mod targets;
mod tasks;
#[cfg(test)]
mod testkit;
mod tracks;
mod turn;
pub mod view;
mod war;

use imperia_core::{
    ContentSet, Ending, Game, GameRng, Outcome, RuleError, ScorePart, Seat, SetupError, Step, ToAct, Viewer,
};

pub use action::Action;
pub use config::Config;
pub use content::{Content, Power, space};
pub use event::Event;
pub use state::ImperialStruggle;
pub use view::View;
pub use war::Strength;

use crate::cite::{Arg, Refusal, sec};
use crate::state::Phase;

impl Game for ImperialStruggle {
    const ID: &'static str = "imperial-struggle";
    const NAME: &'static str = "Imperial Struggle";
    /// 2: the rules fixes of the second fidelity audit (docs/rules/imperial-struggle.md). 3 (issue 53):
    /// Jacobite Uprisings joins France's ministries at the next Ministry Phase after a French WAS Jacobite
    /// Rebellion.
    const RULES_VERSION: u32 = 3;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[(
        3,
        "After France wins the Jacobite Rebellion in the War of the Austrian Succession, Jacobite Uprisings \
         becomes France's extra face-up ministry at the very next Ministry Phase, not only from the next era.",
    )];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
    /// Britain and France are sides with cards and powers of their own: rated apart as well.
    const SIDES: bool = true;
    const OPTIONS: &'static [imperia_core::GameOption] = config::OPTIONS;
    const RULES_INDEX: &'static str = include_str!("../../../docs/rules/imperial-struggle.sections.toml");
    const RULINGS: &'static str = include_str!("../../../docs/rules/imperial-struggle.md");

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Content;

    fn setup(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Self, SetupError> {
        ImperialStruggle::new_game(config, content, seed).map(|(g, _)| g)
    }

    fn content(&self) -> &ContentSet<Content> {
        &self.content
    }

    fn prompt(&self, viewer: Viewer) -> String {
        // Words name entries as this game's content does, whatever set the host has in scope.
        let _scope = self.content.enter();
        self.prompt_for(viewer)
    }

    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn to_act(&self) -> ToAct {
        if let Phase::Over { .. } = self.phase {
            return ToAct::Nobody;
        }
        if let Some(who) = self.tasks.front().and_then(|t| t.chooser()) {
            return ToAct::one(who.seat());
        }
        match &self.phase {
            Phase::Deal { done, .. } | Phase::Ministries { done, .. } => {
                ToAct::Seats(Power::BOTH.iter().filter(|p| !done[p.index()]).map(|p| p.seat()).collect())
            }
            Phase::Initiative => ToAct::one(self.initiative.seat()),
            Phase::Actions(t) => ToAct::one(t.active.seat()),
            Phase::War(_) | Phase::Over { .. } => ToAct::Nobody,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(me) = Power::of_seat(seat) else { return Vec::new() };
        if !self.to_act().includes(seat) {
            return Vec::new();
        }
        if let Some(task) = self.tasks.front() {
            return self.task_answers(task);
        }
        match &self.phase {
            Phase::Deal { .. } => self.deal_choices(me),
            Phase::Ministries { .. } => self.ministry_choices(me),
            Phase::Initiative => Power::BOTH.iter().map(|&p| Action::GoFirst(p)).collect(),
            Phase::Actions(t) => self.turn_actions(t),
            Phase::War(_) | Phase::Over { .. } => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        self.apply_step(seat, action).map_err(|refusal| {
            // Put into words with this game's names, whatever set the host has in scope.
            let _scope = self.content.enter();
            RuleError::from(refusal)
        })
    }

    fn action_space(&self) -> usize {
        self.numbering().size()
    }

    fn action_number(&self, _seat: Seat, action: &Action) -> Option<usize> {
        self.number_in(&self.numbering(), action)
    }

    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        let n = self.numbering();
        imperia_core::numbering::ascending(self.legal_actions(seat).iter().map(|a| self.number_in(&n, a)))
    }

    fn numbered_action(&self, _seat: Seat, number: usize) -> Option<Action> {
        self.numbered(number)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.redact_event(event, viewer)
    }

    fn event_line(&self, event: &Event, reader: Viewer) -> String {
        let _scope = self.content.enter();
        event.line(reader)
    }

    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        self.parts()
    }

    /// The viewer's view as numbers (`observe.rs`).
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        self.write_observation(viewer, out)
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winner } = self.phase else { return None };
        // The one marker scores both powers: France has what it shows, Britain the rest of 30 (§3.10).
        let scores = vec![i64::from(30 - self.vp), i64::from(self.vp)];
        let ranks = Power::BOTH.iter().map(|&p| if p == winner { 1 } else { 2 }).collect();
        Some(Outcome { scores, ranks })
    }

    /// One marker scores both powers (§3.10): its place is France's score, and what it leaves of 30 Britain's.
    fn ending(&self) -> Option<Ending> {
        let Phase::Over { winner } = self.phase else { return None };
        let reason = format!("{winner} wins: {}.", self.why_over()?);
        let vp = i64::from(self.vp);
        let parts = vec![
            vec![ScorePart::new(format!("30 less the victory marker at {vp}"), 30 - vp)],
            vec![ScorePart::new(format!("the victory marker at {vp}"), vp)],
        ];
        Some(Ending { reason, parts })
    }

    fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> Self {
        view::determinize(view, content, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        self.text_summary(viewer)
    }

    fn seat_name(&self, seat: Seat) -> String {
        Power::of_seat(seat).map_or_else(|| format!("seat {}", seat + 1), |p| p.to_string())
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn describe(&self, action: &Action) -> String {
        let _scope = self.content.enter();
        self.describe_action(action)
    }

    fn targets(&self, action: &Action) -> Vec<String> {
        self.action_targets(action)
    }
}

impl ImperialStruggle {
    /// [`Game::apply`], with a refusal not yet put into words.
    fn apply_step(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, Refusal> {
        let Some(me) = Power::of_seat(seat) else {
            return Err(Refusal::new("Imperial Struggle has two seats: 0 (Britain) and 1 (France)", sec!("§1.0")));
        };
        if let Phase::Over { .. } = self.phase {
            return Err(Refusal::new("the game is over", sec!("§4.1.13")));
        }
        if !self.to_act().includes(seat) {
            return Err(Refusal::new("it is not {}'s decision now", sec!("§4.1.9")).arg(Arg::Power(me)));
        }
        let mut events = Vec::new();
        if self.tasks.front().is_some() {
            self.apply_task(action, &mut events)?;
        } else {
            match &self.phase {
                Phase::Deal { .. } => {
                    if !self.deal_choices(me).contains(action) {
                        return Err(Refusal::new(
                            "set cards aside until three remain, then keep the hand",
                            sec!("§4.1.6"),
                        ));
                    }
                    self.apply_deal(me, action, &mut events);
                }
                Phase::Ministries { .. } => {
                    if !self.ministry_choices(me).contains(action) {
                        return Err(Refusal::new(
                            "choose two ministries of the current era (or change face-down ones), then say done",
                            sec!("§4.1.7"),
                        ));
                    }
                    self.apply_ministry_choice(me, action, &mut events);
                }
                Phase::Initiative => match action {
                    Action::GoFirst(p) => self.go_first(*p, &mut events),
                    _ => {
                        return Err(Refusal::new("the initiative holder names who moves first", sec!("§4.1.8")));
                    }
                },
                Phase::Actions(_) => self.apply_turn(action, &mut events)?,
                Phase::War(_) | Phase::Over { .. } => {
                    return Err(Refusal::new("nothing is waiting for a decision", sec!("§7.1")));
                }
            }
        }
        self.run_tasks(&mut events);
        // Every random draw comes from `self.rng`, so `Match` makes a step that draws a commit point by
        // itself. What only the game knows is when a step turned face up something hidden without drawing
        // (a card off the deck, a hand's card, a face-down ministry, war tiles): such a step says so.
        if events.iter().any(Event::reveals) { Ok(Step::committed(events)) } else { Ok(Step::new(events)) }
    }
}
