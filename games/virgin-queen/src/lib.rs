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
//! - [`view`]: what each viewer may see, and the sampling of hidden state for bots; `observe`: the view as
//!   the numbers of the observation tensor, for learning code; `evaluate`: how bots judge a position, by hand
//!   and learned.

mod campaign;
mod card_draw;
mod cite;
pub mod config;
mod conformance;
pub mod content;
pub mod deals;
mod evaluate;
pub mod event;
mod numbers;
mod observe;
mod play;
mod proposals;
#[cfg(test)]
mod scenarios;
mod setup;
pub mod state;
mod targets;
pub mod view;

use imperia_core::{
    ContentSet, Ending, Game, GameRng, Outcome, RuleError, ScorePart, Seat, SetupError, Step, TimeLimit, ToAct, Viewer,
};

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
    /// 2: second thoughts are capped (R44); 3: proposals in the talks (R45); 4: R44's clauses taken back and
    /// declarations withdrawn are counted apart; 5: issue 53 (`RULES_CHANGES`).
    const RULES_VERSION: u32 = 5;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[
        (
            5,
            "How many clauses a power took back and how many declarations of war it withdrew is now seen by its \
             own player only.",
        ),
        (
            5,
            "With 2 to 5 players only Rudolf II is left out: Anna of Saxony comes to the Royal Wedding Table, \
             though nobody may marry her while her power, the HRE, is not played.",
        ),
        (
            5,
            "A game of 1 to 7 turns is scored over pars measured for its own length; before, every length used \
             the pars of a four-turn game, and in a short or long one the seat all but decided the winner.",
        ),
        (
            5,
            "A new game may last only the lengths whose pars were checked with bots (now 1 to 7 turns at every \
             player count); a game already begun plays on at its length.",
        ),
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    /// Each seat plays powers of its own (England, France, ...): rated apart as well.
    const SIDES: bool = true;
    const OPTIONS: &'static [imperia_core::GameOption] = config::OPTIONS;
    const RULES_INDEX: &'static str = include_str!("../../../docs/rules/virgin-queen.sections.toml");
    const RULINGS: &'static str = include_str!("../../../docs/rules/virgin-queen.md");
    const SCOPE: Option<&'static str> = Some(
        "the diplomacy of Virgin Queen (Card Draw and Diplomacy, §8–§9); the campaign between turns is provisional",
    );

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Content;

    fn setup(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Self, SetupError> {
        VirginQueen::new_game(config, content, seed).map(|(g, _)| g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn content(&self) -> &ContentSet<Content> {
        &self.content
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

    /// Whose decision it is and what; to a power putting a proposal together, also what it holds so far.
    fn prompt(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        let mut prompt = self.decision(viewer);
        let mine = viewer.seat().and_then(|s| self.seats.get(s)).map_or(&[][..], |ps| ps.as_slice());
        for &p in mine {
            if let Some(d) = &self.drafts[p.index()] {
                let clauses: Vec<String> = d.clauses.iter().map(|c| c.to_string()).collect();
                let whose = if mine.len() == 1 { "Your".to_string() } else { format!("{}'s", p.title()) };
                prompt += &format!(". {whose} proposal so far: {}", clauses.join("; "));
            }
        }
        prompt
    }

    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        let _scope = self.content.enter();
        let (next, events, reveals) = self.acted(seat, action)?;
        *self = next;
        Ok(if reveals { Step::committed(events) } else { Step::new(events) })
    }

    /// A bot's look ahead takes the copy `apply` works on as it is, instead of copying first.
    fn after(&self, seat: Seat, action: &Action) -> Result<Self, RuleError> {
        let _scope = self.content.enter();
        Ok(self.acted(seat, action)?.0)
    }

    fn action_space(&self) -> usize {
        self.numbering().size()
    }

    fn action_number(&self, seat: Seat, action: &Action) -> Option<usize> {
        self.number_in(&self.numbering(), &std::cell::OnceCell::new(), seat, action)
    }

    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        let (n, legal) = (self.numbering(), std::cell::OnceCell::from(self.legal_actions(seat)));
        let listed = legal.get().map_or(&[][..], Vec::as_slice);
        imperia_core::numbering::ascending(listed.iter().map(|a| self.number_in(&n, &legal, seat, a)))
    }

    fn numbered_action(&self, seat: Seat, number: usize) -> Option<Action> {
        self.numbered(seat, number)
    }

    fn view(&self, viewer: Viewer) -> View {
        let _scope = self.content.enter();
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.redact(event, viewer)
    }

    fn event_line(&self, event: &Event, reader: Viewer) -> String {
        let _scope = self.content.enter();
        event.line(self.reader(reader))
    }

    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        self.parts()
    }

    /// The viewer's view as numbers (`observe.rs`).
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        self.write_observation(viewer, out)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| seat_outcome(&self.seats, |p| self.vp_over_par(p)))
    }

    fn ending(&self) -> Option<Ending> {
        let outcome = self.outcome()?;
        let turns = self.config.turns;
        let reason = format!(
            "Turn {turns}, the last this game plays, is over: each seat scores its powers' VP over their par \
             (ruling R42)."
        );
        let parts = self.seats.iter().zip(&outcome.scores).map(|(powers, &score)| self.score_parts(powers, score));
        Some(Ending { reason, parts: parts.collect() })
    }

    fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> Self {
        view::determinize(view, content, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        view::table(&self.make_view(viewer))
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.seats
            .get(seat)
            .map(|ps| {
                // "England and the Protestant": a title is capitalised only where it opens the name.
                let titles = ps.iter().enumerate().map(|(i, p)| match p.title().strip_prefix("The ") {
                    Some(rest) if i > 0 => format!("the {rest}"),
                    _ => p.title().to_string(),
                });
                titles.collect::<Vec<_>>().join(" and ")
            })
            .unwrap_or_default()
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    /// An answer or an announcement of a proposal names the proposal and what it says.
    fn describe(&self, action: &Action) -> String {
        let _scope = self.content.enter();
        let (by, i, verb) = match (action, &self.phase) {
            (&Action::Answer { by, proposal, agree }, _) => (by, proposal, if agree { "agree to" } else { "decline" }),
            (&Action::Announce { proposal }, Phase::Announcing { power, .. }) => (*power, proposal, "announce"),
            _ => return action.to_string(),
        };
        match self.proposals.get(i as usize) {
            Some(pr) => {
                let clauses: Vec<String> = pr.clauses.iter().map(|c| c.to_string()).collect();
                format!("{}: {verb} {}'s proposal: {}", by.title(), pr.by, clauses.join("; "))
            }
            None => action.to_string(),
        }
    }

    /// The spaces, powers, cards and leaders an action touches (`targets.rs`).
    fn targets(&self, action: &Action) -> Vec<String> {
        let _scope = self.content.enter();
        self.action_targets(action)
    }

    /// Deals are made in private only during Negotiations; all other talk is before every player (§9.1).
    fn private_talk(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Negotiations { .. } => Ok(()),
            _ => Err(RuleError::new(
                "private talk is for the Negotiations; at any other time players speak before the whole table",
                "rulebook §9.1 («Переговоры»)",
            )),
        }
    }

    /// Negotiations have the time limit the game was set up with (§9.1); when it runs out, each power
    /// still talking ends its talks, in Impulse Order.
    fn time_limit(&self) -> Option<TimeLimit<Action>> {
        let Phase::Negotiations { done } = &self.phase else { return None };
        // Each power still talking ends its talks, and every proposal still unanswered is declined.
        let mut expiry = Vec::new();
        for p in self.deciders() {
            let Some(seat) = self.seat_of(p) else { continue };
            if !done.contains(&p) {
                expiry.push((seat, Action::EndTalks { power: p }));
            }
            for (i, pr) in self.proposals.iter().enumerate() {
                if pr.awaits(p) {
                    expiry.push((seat, Action::Answer { by: p, proposal: i as u8, agree: false }));
                }
            }
        }
        Some(TimeLimit {
            segment: format!("Negotiations of turn {}", self.turn),
            seconds: u64::from(self.config.negotiation_minutes) * 60,
            expiry,
        })
    }
}

impl VirginQueen {
    /// The state after `seat` takes `action`, with the events and whether a secret came out. On a copy:
    /// `act` may change the state before it finds an action refused.
    fn acted(&self, seat: Seat, action: &Action) -> Result<(Self, Vec<Event>, bool), RuleError> {
        let mut next = self.clone();
        let (events, reveals) = next.act(seat, action).map_err(RuleError::from)?;
        Ok((next, events, reveals))
    }
}

impl VirginQueen {
    /// What a seat playing `powers` scored (`score`) is made of: each power's keys, bonus VP and par, and for
    /// a seat of several powers what taking their mean (R42) changes.
    fn score_parts(&self, powers: &[Power], score: i64) -> Vec<ScorePart> {
        let per_key = i64::from(self.content.campaign.vp_per_key);
        let mut parts: Vec<ScorePart> = powers
            .iter()
            .flat_map(|&p| {
                let keys = self.keys(p) as i64;
                [
                    ScorePart::new(format!("{}: {keys} keys × {per_key} VP", p.title()), keys * per_key),
                    ScorePart::new(format!("{}: VP from events and wars", p.title()), self.bonus_vp[p.index()]),
                    ScorePart::new(format!("{}: par", p.title()), -self.par(p)),
                ]
            })
            .collect();
        if powers.len() > 1 {
            let sum: i64 = parts.iter().map(|part| part.points).sum();
            parts.push(ScorePart::new(format!("the mean of {} powers, rounded", powers.len()), score - sum));
        }
        parts
    }
}

/// The outcome of a game whose powers end `over` par, for `seats` (the powers each plays): each seat scores
/// the mean of its powers' VP over par (provisional, R42), and the highest ranks first. Public so that a
/// measurement can score finished games again over other pars.
pub fn seat_outcome(seats: &[Vec<Power>], over: impl Fn(Power) -> i32) -> Outcome {
    let mean: Vec<f64> =
        seats.iter().map(|ps| ps.iter().map(|&p| f64::from(over(p))).sum::<f64>() / ps.len() as f64).collect();
    Outcome::ranked_by(mean.iter().map(|m| m.round() as i64).collect(), &mean)
}
