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
//!   may see; [`targets`](mod@targets) names the board pieces an action touches, for clients; `observe`
//!   writes a viewer's view as the numbers of the observation tensor, for learning code.
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
mod numbers;
mod observe;
mod operations;
pub mod rondel;
#[cfg(test)]
mod scenarios;
mod scoring;
pub mod setup;
pub mod state;
pub mod targets;
pub mod tax;
mod turn;
pub mod view;

pub use action::Action;
pub use config::Config;
pub use event::Event;
pub use nation::{Nation, UnitKind};
pub use state::Imperial2030;
pub use view::View;

use imperia_core::{
    ContentFiles, ContentReport, ContentSet, Ending, Game, GameContent, GameOption, GameRng, Outcome, RuleError, Seat,
    SetupError, Step, ToAct, Viewer, words,
};

use crate::board::Board;

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
            Phase::Flags { .. } => self.government(self.flag_nation()),
            Phase::GameOver => None,
            Phase::Rondel | Phase::Factory | Phase::Production { .. } | Phase::Import { .. } | Phase::Maneuver => {
                self.government(self.turn)
            }
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
            Phase::Flags { candidates, .. } => {
                board::regions_in(*candidates).map(|region| Action::PlaceFlag { region }).collect()
            }
            Phase::GameOver => Vec::new(),
        }
    }

    /// Why `action` cannot be taken now, or `Ok`. Never changes the state.
    fn check(&self, action: &Action) -> Result<(), RuleError> {
        let wrong_moment = || {
            RuleError::new(
                format!("“{action}” is not a decision of this moment: {}", self.decision_text(Viewer::Spectator)),
                cite::TURN,
            )
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
                if self.battle_actions().contains(action) { Ok(()) } else { Err(self.explain_battle(action)) }
            }
            (Phase::Canal { .. }, Action::PermitPassage | Action::RefusePassage) => Ok(()),
            (Phase::Flags { candidates, .. }, Action::PlaceFlag { region }) => {
                if candidates & region.bit() != 0 {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        format!("{region} is not a region {} newly holds alone", self.flag_nation()),
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
    /// 2: a nation leaving a region to a single other nation loses its flag there. 3 (issue 53): flags change
    /// hands at the flag step only, and an army keeps the stance it entered with (docs/rules, «Flags»,
    /// «Which piece goes»).
    const RULES_VERSION: u32 = 3;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[
        (
            3,
            "Flags now change hands only at the end of a maneuver: leaving a region or losing a battle there no \
             longer moves its flag, or the canal it controls, at once.",
        ),
        (
            3,
            "An army that entered a foreign home province lying down stays lying down when another of its \
             nation's armies leaves; where armies of both stances could leave, fight or destroy a factory, the \
             player says which.",
        ),
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    const OPTIONS: &'static [GameOption] = config::OPTIONS;
    const RULES_INDEX: &'static str = include_str!("../../../docs/rules/imperial2030.sections.toml");
    const RULINGS: &'static str = include_str!("../../../docs/rules/imperial2030.md");

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Board;

    fn setup(config: &Config, board: &ContentSet<Board>, seed: u64) -> Result<Self, SetupError> {
        Imperial2030::new_game(config, board, seed).map(|(game, _)| game)
    }

    /// The decision in front of the table ([`Imperial2030::decision_text`]): who decides and what is public
    /// even with hidden cash, so every viewer reads the same sentence, in the second person for the player
    /// deciding.
    fn prompt(&self, viewer: Viewer) -> String {
        // Words name regions as this game's board does, whatever board the host has in scope.
        let _scope = self.board.enter();
        if self.decider().is_none() { String::new() } else { self.decision_text(viewer) }
    }

    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn content(&self) -> &ContentSet<Board> {
        &self.board
    }

    fn to_act(&self) -> ToAct {
        self.decider().into()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        self.actions_now()
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

    fn numbered_action(&self, _seat: Seat, number: usize) -> Option<Action> {
        self.numbered(number)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        match self.decider() {
            None => return Err(RuleError::new("the game is over", cite::TURN)),
            Some(d) if d != seat => {
                return Err(RuleError::new(
                    format!("it is not your decision: {}", self.decision_text(Viewer::Spectator)),
                    cite::TURN,
                ));
            }
            Some(_) => {}
        }
        self.check(action)?;
        let mut events = Vec::new();
        self.execute(seat, action, &mut events);
        // Passing over a player who can pay for no bond shows everybody that his purse is short: with hidden
        // cash that reveals a secret, so the step may not be undone (whoever took it would otherwise learn
        // it and take the step back).
        let revealed = self.config.hidden_cash && events.iter().any(|e| matches!(e, Event::PassedOver { .. }));
        Ok(if revealed { Step::committed(events) } else { Step::new(events) })
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        // Every event is seen by all; with hidden cash, without the sums of others' purses.
        Some(self.purse_view(event, viewer))
    }

    fn event_line(&self, event: &Event, reader: Viewer) -> String {
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
        self.final_outcome()
    }

    fn ending(&self) -> Option<Ending> {
        self.final_ending()
    }

    fn has_hidden_information(&self) -> bool {
        self.config.hidden_cash
    }

    fn determinize(view: &View, board: &ContentSet<Board>, rng: &mut GameRng) -> Self {
        Imperial2030::from_view(view, board, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.board.enter();
        self.summary_text(viewer)
    }

    fn seat_name(&self, seat: Seat) -> String {
        event::player_name(seat)
    }

    fn targets(&self, action: &Action) -> Vec<String> {
        targets::targets(action)
    }

    fn describe(&self, action: &Action) -> String {
        let _scope = self.board.enter();
        match action {
            Action::Rondel { space } => {
                let option = self.rondel_options().into_iter().find(|(s, _, _)| s == space);
                match option {
                    Some((_, 0, _)) => format!("Place the rondel marker on {space}"),
                    Some((_, d, 0)) => format!("Move the rondel marker {} to {space}", words::count(d, "space")),
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

/// The board file is the game's content; a player may play on their own (`--content`, CONTENT.md).
impl GameContent for Board {
    const FILES: &'static [(&'static str, &'static str)] = board::SHIPPED;

    fn parse(files: &ContentFiles) -> Result<Board, String> {
        Board::parse(files.text("board.toml")).map_err(|e| e.to_string())
    }

    fn report(&self) -> ContentReport {
        self.content.clone()
    }

    /// The map, the nations with their piece limits, the rondel's spaces, the bond prices and every nation's
    /// bonds (`"russia:9"`, the ids [`imperia_core::Game::targets`] names them by).
    fn board(&self) -> serde_json::Value {
        let mut printed = self.to_json();
        printed["nations"] = NATIONS
            .iter()
            .map(|&n| {
                serde_json::json!({ "id": n, "name": n.name(), "armies": n.army_limit(), "fleets": n.fleet_limit() })
            })
            .collect();
        printed["rondel"] =
            rondel::SPACES.iter().map(|&s| serde_json::json!({ "id": s, "name": s.to_string() })).collect();
        printed["bond_prices"] = serde_json::json!(nation::BOND_PRICES);
        printed["bonds"] = NATIONS
            .iter()
            .flat_map(|&n| {
                nation::BOND_PRICES.iter().enumerate().map(move |(i, &price)| {
                    serde_json::json!({ "id": targets::bond_id(n, price), "nation": n, "price": price, "interest": i + 1 })
                })
            })
            .collect();
        printed
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::rng::seeded;
    use rand::seq::IndexedRandom;

    use super::*;

    /// Two boards in one process: the shipped one, and one where London is called Londinium (id and name).
    /// Each game plays on its own; each writes and reads its regions with its own board in scope.
    #[test]
    fn two_boards_play_side_by_side() {
        let text = board::BOARD_TOML.replace("\"london\"", "\"londinium\"").replace("\"London\"", "\"Londinium\"");
        let files = ContentFiles::shipped(board::SHIPPED).with_file("board.toml", text).expect("a shipped file");
        let mine = ContentSet::<Board>::load(files).expect("a valid board");
        assert!(mine.fingerprint().is_some_and(|f| f.starts_with("board.toml ")));
        let shipped = ContentSet::<Board>::shipped();
        let config = Config::for_players(3);
        let mut games = [
            imperia_core::Match::<Imperial2030>::with_content(config.clone(), &shipped, 8).expect("setup"),
            imperia_core::Match::<Imperial2030>::with_content(config, &mine, 8).expect("setup"),
        ];
        let mut rng = seeded(1);
        // The same moves on both: the boards differ only in one region's id and name, not in its place.
        for _ in 0..400 {
            let Some(&seat) = games[0].state().to_act().seats().first() else { break };
            let action = games[0].state().legal_actions(seat).choose(&mut rng).expect("an action").clone();
            games[0].apply(seat, &action).expect("legal");
            games[1].apply(seat, &action).expect("legal on the other board too");
        }
        let london = games[0].state().board.region("london").expect("London on the shipped board");
        assert_eq!(games[1].state().board.region("londinium"), Some(london));
        assert_eq!(games[1].state().board.region("london"), None);
        // Ids and names follow the board in scope; the game's own words follow its own board, in any scope.
        let shown = |g: &imperia_core::Match<Imperial2030>| {
            let summary = g.state().summary(Viewer::Spectator);
            let _scope = g.enter();
            (london.to_string(), serde_json::to_value(london).expect("json"), summary)
        };
        let (a, b) = (shown(&games[0]), shown(&games[1]));
        assert_eq!((a.0.as_str(), a.1.as_str()), ("London", Some("london")));
        assert_eq!((b.0.as_str(), b.1.as_str()), ("Londinium", Some("londinium")));
        let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(a.2.contains("London ") && b.2.contains("Londinium "));
        assert_eq!(words(&a.2.replace("London", "Londinium")), words(&b.2), "one position, each board's names");
        assert_ne!(games[0].record().content, games[1].record().content);
        // Each record replays with its own board, and only with it.
        let record = games[1].record();
        assert!(imperia_core::Match::<Imperial2030>::replay(&record).is_err());
        let replayed = imperia_core::Match::<Imperial2030>::replay_with(&record, &mine, |_, _, _| {}).expect("replays");
        assert_eq!(replayed.state(), games[1].state());
    }

    #[test]
    fn the_prompt_names_the_seat_and_the_decision() {
        // The quick start's deal: Daniil (seat 3) governs Russia, which moves first.
        let config =
            Config { deal: Some(vec![Nation::China, Nation::Brazil, Nation::India, Nation::Usa]), ..Config::default() };
        let game = Imperial2030::setup(&config, &ContentSet::shipped(), 1).expect("setup");
        assert_eq!(game.to_act(), ToAct::one(3));
        for viewer in [Viewer::Seat(0), Viewer::Spectator] {
            assert_eq!(game.prompt(viewer), "Player 4 chooses Russia's rondel space");
        }
        // Said to the player deciding.
        assert_eq!(game.prompt(Viewer::Seat(3)), "you choose Russia's rondel space");
    }

    /// Seat 0 may invest, then seat 1, who has no money: seat 0 passes, and seat 1 is passed over.
    fn pass_before_a_broke_player(hidden_cash: bool) -> Step<Event> {
        let config = Config { players: 3, hidden_cash, ..Config::default() };
        let mut game = Imperial2030::setup(&config, &ContentSet::shipped(), 9).expect("setup");
        game.money_in_play -= i64::from(game.cash[1]);
        game.cash[1] = 0;
        let turn = |seat| state::InvestTurn { seat, nation: None, buy_only: false };
        game.phase =
            Phase::Invest { queue: vec![turn(0), turn(1)], tie_from: 0, after: state::AfterInvest::InvestorCard };
        let step = game.apply(0, &Action::PassInvestment).expect("a pass");
        assert!(step.events.contains(&Event::PassedOver { seat: 1 }), "{:?}", step.events);
        step
    }

    #[test]
    fn passing_over_a_secret_purse_is_a_commit_point() {
        // Ruling I17 (who may not invest is passed over).
        // Being passed over shows that seat 1 cannot pay for a bond: with hidden cash that is a secret
        // revealed, so seat 0 may not take its pass back having learnt it (conformance check 9).
        assert!(pass_before_a_broke_player(true).commit);
        assert!(!pass_before_a_broke_player(false).commit);
    }

    #[test]
    fn a_finished_game_has_no_prompt() {
        let config = Config { players: 3, hidden_cash: true, ..Config::default() };
        let mut game = Imperial2030::setup(&config, &ContentSet::shipped(), 5).expect("setup");
        let mut rng = seeded(5);
        while let Some(seat) = game.decider() {
            assert!(!game.prompt(Viewer::Seat(seat)).is_empty());
            let action = game.legal_actions(seat).choose(&mut rng).expect("a legal action").clone();
            game.apply(seat, &action).expect("a legal action applies");
        }
        assert_eq!(game.to_act(), ToAct::Nobody);
        for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
            assert_eq!(game.prompt(viewer), "");
        }
    }
}
