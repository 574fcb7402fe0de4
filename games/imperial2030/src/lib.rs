//! # Imperial 2030
//!
//! The rules of Mac Gerdts' *Imperial 2030* for 2–6 players, as the Russian rulebook
//! (`../shared/seeds/001_4621a29aba1ec181.txt`) gives them, implementing [`imperia_core::Game`].
//!
//! A map for newcomers:
//!
//! - [`board`] loads and validates the map (`data/board.toml`); [`nation`], [`rondel`] and [`tax`] hold the
//!   printed components and charts.
//! - [`state`] is the whole game state, including the decision it waits for ([`state::Phase`]).
//! - The procedures follow the rulebook's sections: [`setup`](mod@setup), `turn` (the rondel and the flow
//!   of a turn), `investor`, `operations` (Factory, Production, Import, Taxation), `maneuver`, `scoring`.
//! - [`action`] and [`event`] are what players send and what the log shows; [`view`] is what each seat
//!   may see.
//!
//! Every decision belongs to a seat — including those taken out of turn (battle declarations, canal
//! permissions, Swiss Bank stops and investments) — and every decision is one small [`Action`]. Rule
//! choices the rulebook leaves open are settled in `docs/rules/imperial2030.md`.

pub mod action;
pub mod board;
mod cite;
pub mod config;
mod conformance;
mod evaluate;
pub mod event;
mod investor;
mod maneuver;
pub mod nation;
mod operations;
pub mod rondel;
#[cfg(test)]
mod scenarios;
mod scoring;
pub mod setup;
pub mod state;
pub mod tax;
mod turn;
pub mod view;

pub use action::Action;
pub use config::Config;
pub use event::Event;
pub use nation::{Nation, UnitKind};
pub use state::Imperial2030;
pub use view::View;

use imperia_core::{Game, GameRng, Outcome, RuleError, Seat, SetupError, Step, ToAct, Viewer};

use crate::nation::NATIONS;
use crate::state::Phase;

impl Imperial2030 {
    /// The seat whose decision the game waits for.
    pub fn decider(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Invest { queue, .. } => queue.first().map(|t| t.seat),
            Phase::ForceStop { holders, .. } => holders.first().copied(),
            Phase::Battle { deciders, .. } => deciders.first().and_then(|&n| self.government(n)),
            Phase::Canal { controller, .. } => self.government(*controller),
            Phase::GameOver => None,
            Phase::Rondel
            | Phase::Factory
            | Phase::Production { .. }
            | Phase::Import { .. }
            | Phase::Maneuver
            | Phase::Flags { .. } => self.government(self.turn),
        }
    }

    fn actions_now(&self) -> Vec<Action> {
        match &self.phase {
            Phase::Invest { queue, .. } => {
                let mut options = queue.first().map(|t| self.invest_options(t)).unwrap_or_default();
                options.push(Action::PassInvestment);
                options
            }
            Phase::Rondel => self.rondel_options().into_iter().map(|(space, _, _)| Action::Rondel { space }).collect(),
            Phase::ForceStop { .. } => vec![Action::ForceStop, Action::LetPass],
            Phase::Factory => {
                let mut options: Vec<Action> =
                    self.factory_sites().into_iter().map(|region| Action::BuildFactory { region }).collect();
                options.push(Action::BuildNothing);
                options
            }
            Phase::Production { factories } => {
                self.producible(*factories).into_iter().map(|region| Action::Produce { region }).collect()
            }
            Phase::Import { .. } => {
                let mut options = self.import_options();
                options.push(Action::EndImport);
                options
            }
            Phase::Maneuver => self.maneuver_actions(),
            Phase::Battle { .. } => self.battle_actions(),
            Phase::Canal { .. } => vec![Action::PermitPassage, Action::RefusePassage],
            Phase::Flags { candidates } => {
                board::regions_in(*candidates).map(|region| Action::PlaceFlag { region }).collect()
            }
            Phase::GameOver => Vec::new(),
        }
    }

    /// Why `action` cannot be taken now, or `Ok`. Never changes the state.
    fn check(&self, action: &Action) -> Result<(), RuleError> {
        let wrong_moment = || {
            RuleError::new(format!("“{action}” is not a decision of this moment: {}", self.decision_text()), cite::TURN)
        };
        match (&self.phase, action) {
            (Phase::Invest { .. }, Action::PassInvestment) => Ok(()),
            (Phase::Invest { .. }, Action::Invest { .. }) => self.check_invest(action),
            (Phase::Rondel, Action::Rondel { space }) => self.check_rondel(*space),
            (Phase::ForceStop { .. }, Action::ForceStop | Action::LetPass) => Ok(()),
            (Phase::Factory, Action::BuildNothing) => Ok(()),
            (Phase::Factory, Action::BuildFactory { region }) => self.check_factory(*region),
            (Phase::Production { factories }, Action::Produce { region }) => {
                if self.producible(*factories).contains(region) {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        format!("{region} has no factory that can still produce this turn"),
                        cite::PRODUCTION,
                    ))
                }
            }
            (Phase::Import { .. }, Action::EndImport) => Ok(()),
            (Phase::Import { .. }, Action::Import { unit, region }) => self.check_import(*unit, *region),
            (Phase::Maneuver, _) => self.check_maneuver(action),
            (Phase::Battle { .. }, Action::Fight { .. } | Action::Defend { .. } | Action::NoBattle) => {
                if self.battle_actions().contains(action) {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        format!(
                            "“{action}” is not possible in this battle: the pieces must be there, and armies fight fleets only in harbour"
                        ),
                        cite::BATTLE,
                    ))
                }
            }
            (Phase::Canal { .. }, Action::PermitPassage | Action::RefusePassage) => Ok(()),
            (Phase::Flags { candidates }, Action::PlaceFlag { region }) => {
                if candidates & region.bit() != 0 {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        format!("{region} is not a region {} newly holds alone", self.turn),
                        cite::FLAGS,
                    ))
                }
            }
            _ => Err(wrong_moment()),
        }
    }

    fn execute(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Invest { .. } | Action::PassInvestment => self.invest(seat, action, events),
            Action::Rondel { space } => self.choose_rondel(*space, events),
            Action::ForceStop => self.decide_force_stop(seat, true, events),
            Action::LetPass => self.decide_force_stop(seat, false, events),
            Action::BuildFactory { region } => self.build_factory(*region, events),
            Action::BuildNothing | Action::EndImport => self.end_action(events),
            Action::Produce { region } => self.produce_chosen(*region, events),
            Action::Import { unit, region } => self.import(*unit, *region, events),
            Action::Fight { .. } | Action::Defend { .. } | Action::NoBattle => self.apply_battle(action, events),
            Action::PermitPassage => self.answer_canal(true, events),
            Action::RefusePassage => self.answer_canal(false, events),
            Action::PlaceFlag { region } => self.place_chosen_flag(*region, events),
            Action::MoveFleet { .. }
            | Action::MoveArmy { .. }
            | Action::Attack { .. }
            | Action::DestroyFactory { .. }
            | Action::EndFleetMoves
            | Action::EndManeuver => self.apply_maneuver(action, events),
        }
    }
}

impl Game for Imperial2030 {
    const ID: &'static str = "imperial2030";
    const NAME: &'static str = "Imperial 2030";
    const RULES_VERSION: u32 = 1;

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn setup(config: &Config, seed: u64) -> Result<Self, SetupError> {
        Imperial2030::new_game(config, seed).map(|(game, _)| game)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        self.cash.len()
    }

    fn to_act(&self) -> ToAct {
        match self.decider() {
            Some(seat) => ToAct::one(seat),
            None => ToAct::Nobody,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        self.actions_now()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        match self.decider() {
            None => return Err(RuleError::new("the game is over", cite::TURN)),
            Some(d) if d != seat => {
                return Err(RuleError::new(format!("it is not your decision: {}", self.decision_text()), cite::TURN));
            }
            Some(_) => {}
        }
        self.check(action)?;
        let mut events = Vec::new();
        self.execute(seat, action, &mut events);
        Ok(Step::new(events))
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, _viewer: Viewer) -> Option<Event> {
        // Every event is public; see the `event` module.
        Some(event.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn has_hidden_information(&self) -> bool {
        self.config.hidden_cash
    }

    fn content() -> imperia_core::ContentReport {
        board::board().content.clone()
    }

    const CONTENT_FILES: &'static [(&'static str, &'static str)] = board::SHIPPED;

    fn use_content(files: imperia_core::ContentFiles) -> Result<(), String> {
        board::use_board(files)
    }

    fn content_fingerprint() -> Option<String> {
        board::board_fingerprint()
    }

    /// The map, the nations with their piece limits, the rondel's spaces and the bond prices.
    fn board() -> serde_json::Value {
        let mut printed = board::board().to_json();
        printed["nations"] = NATIONS
            .iter()
            .map(|&n| {
                serde_json::json!({ "id": n, "name": n.name(), "armies": n.army_limit(), "fleets": n.fleet_limit() })
            })
            .collect();
        printed["rondel"] =
            rondel::SPACES.iter().map(|&s| serde_json::json!({ "id": s, "name": s.to_string() })).collect();
        printed["bond_prices"] = serde_json::json!(nation::BOND_PRICES);
        printed
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        Imperial2030::from_view(view, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        self.summary_text(viewer)
    }

    fn describe(&self, action: &Action) -> String {
        match action {
            Action::Rondel { space } => {
                let option = self.rondel_options().into_iter().find(|(s, _, _)| s == space);
                match option {
                    Some((_, 0, _)) => format!("Place the rondel marker on {space}"),
                    Some((_, d, 0)) => format!("Move the rondel marker {d} space(s) to {space}"),
                    Some((_, d, cost)) => {
                        format!("Move the rondel marker {d} spaces to {space} (you pay {cost})")
                    }
                    None => action.to_string(),
                }
            }
            _ => action.to_string(),
        }
    }
}
