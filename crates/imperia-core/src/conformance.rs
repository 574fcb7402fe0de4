//! The conformance harness (ARCHITECTURE.md §3): plays many seeded games of one game to their end and checks
//! the contract at every step.
//!
//! 1. liveness: a state that is not over has seats to act and each of them lists at least one action, the
//!    others none, and the game ends within its bound; a timed segment's expiry actions are legal for seats
//!    that are to act, and applied in order they end it;
//! 2. every listed action applies (with check 1, no position can freeze: something listed always moves the
//!    game on), and a bot's look ahead ([`Game::after`]) reaches the state the step does; random unlisted
//!    actions are refused by both and leave the state unchanged;
//! 3. state, views and record survive a JSON round trip unchanged;
//! 4. replaying the record reproduces the same state hashes;
//! 5. undo back to the last commit point restores the earlier state exactly, and undo past it is refused;
//! 6. secrecy: perturbing what a viewer cannot see leaves its view, its event views and its observation
//!    tensor ([`Game::observe`]) identical; the tensor's parts are those of the game's start in every state
//!    (a fixed shape) and its numbers finite;
//! 7. the game's own invariants hold;
//! 8. determinization: a state sampled from the view of a seat that must decide shows that seat the same
//!    view and observation tensor, offers it the same legal actions, and keeps the invariants;
//! 9. no undo crosses a draw: a step that moved the game's generator cannot be undone, and a step that can
//!    be undone shows the acting seat the same thing whatever was hidden from it before (so a draw from
//!    randomness the match cannot see, or a secret revealed without saying so, is caught);
//! 10. every refusal cites a section of the game's rules index ([`Game::RULES_INDEX`]), so a player's
//!     "why?" always leads somewhere;
//! 11. action numbers ([`crate::numbering`]): the action space stays what it was at setup, every listed
//!     action has a number below it, no two share one, each number reads back to its action,
//!     [`Game::legal_numbers`] lists exactly those numbers, and a few random numbers below the space name no
//!     action or one that `apply` refuses exactly when it is not listed.
//!
//! Who chooses each step's action is a [`Player`]: uniformly random by default ([`run`]), or players supplied
//! by the host ([`run_played`]) — the bots, whose games reach the late positions random play seldom does (a
//! game that froze in its last round passed hundreds of short random games). The [`Report`] tells how long
//! the games were and how many ended by the rules rather than at a cap of ours ([`Conformance::ended_by_cap`]).
//!
//! A game opts in by implementing [`Conformance`]; its tests call [`run`].

use std::fmt;

use rand::{Rng, seq::IndexedRandom};
use serde::{Serialize, de::DeserializeOwned};

use crate::game::{Game, Seat, ToAct, Viewer};
use crate::observation;
use crate::record::Record;
use crate::rng::{GameRng, seeded};
use crate::rules::RulesIndex;
use crate::session::{Match, draws};

/// What a game supplies so the harness can test it.
pub trait Conformance: Game {
    /// A config drawn at random, covering player counts and variants.
    fn sample_config(rng: &mut GameRng) -> Self::Config;
    /// The most steps a game with this config may take before the harness calls it endless.
    fn step_bound(config: &Self::Config) -> usize;
    /// An action drawn at random from the whole action space, legal or not, for the refusal check.
    fn arbitrary_action(&self, rng: &mut GameRng) -> Self::Action;
    /// Change at random something `viewer` may not see. Returns false if there was nothing to change.
    fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool;
    /// The game's own invariants (unit limits, money conservation, …).
    fn check_invariants(&self) -> Result<(), String>;
    /// The game is over because a limit of ours stopped it (a round cap the rulebook does not have), not
    /// by its rules. The deep harness reports the share of such games.
    fn ended_by_cap(&self) -> bool {
        false
    }
}

/// How much to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub games: usize,
    /// The master seed; game `i` is derived from it.
    pub seed: u64,
    /// Unlisted actions tried per step.
    pub refusals_per_step: usize,
    /// Play only configs with this many seats (drawn again until one has them); `None` for any.
    pub seats: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options { games: 100, seed: 0, refusals_per_step: 3, seats: None }
    }
}

/// Who takes the actions of a game the harness plays. The harness checks the same contract whoever plays.
pub trait Player<G: Game> {
    /// One of `legal` (never empty) for `seat` to take in `state`.
    fn choose(&mut self, state: &G, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
    /// Who plays, for a failure's report ("heuristic, random").
    fn name(&self) -> String;
}

/// Uniformly random legal actions: the harness's own player.
pub struct Uniform;

impl<G: Game> Player<G> for Uniform {
    fn choose(&mut self, _: &G, _: Seat, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        // Never empty: check 1 runs before every choice.
        legal.choose(rng).unwrap_or(&legal[0]).clone()
    }

    fn name(&self) -> String {
        "random".into()
    }
}

/// The players of one game: called with the starting position and the game's seed.
pub type Lineup<'a, G> = dyn FnMut(&G, u64) -> Box<dyn Player<G>> + 'a;

/// What a passing run checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub steps: usize,
    pub longest_game: usize,
    /// Each game's steps, in the order played.
    pub lengths: Vec<usize>,
    /// Games that ended at a cap of ours rather than by the rules ([`Conformance::ended_by_cap`]).
    pub ended_by_cap: usize,
    pub listed_actions_applied: usize,
    pub refusals_checked: usize,
    pub undos_checked: usize,
    pub secrecy_checks: usize,
    /// Secrecy checks in which the perturbation really changed the state.
    pub secrecy_perturbations: usize,
    /// States sampled from views and checked against them.
    pub determinizations: usize,
    /// Steps that drew from the game's generator (each checked to be a commit point).
    pub draws: usize,
    /// Undoable steps replayed from a state with the acting seat's hidden information changed.
    pub blind_steps: usize,
    /// Legal actions whose number was checked to read back to them.
    pub numbers_checked: usize,
    /// Random numbers below the action space read and tried.
    pub numbers_probed: usize,
}

impl Report {
    /// The median game's steps (the longer middle one of an even count); 0 before any game.
    pub fn median_game(&self) -> usize {
        let mut lengths = self.lengths.clone();
        lengths.sort_unstable();
        lengths.get(lengths.len() / 2).copied().unwrap_or(0)
    }

    /// The shortest game's steps; 0 before any game.
    pub fn shortest_game(&self) -> usize {
        self.lengths.iter().copied().min().unwrap_or(0)
    }

    /// Games that ended by the game's own rules.
    pub fn ended_by_rules(&self) -> usize {
        self.games - self.ended_by_cap
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by_rules = if self.games == 0 { 0.0 } else { 100.0 * self.ended_by_rules() as f64 / self.games as f64 };
        write!(
            f,
            "{} games, {} steps (per game: shortest {}, median {}, longest {}; {} of {} ended by the rules, \
             {by_rules:.1}%), {} listed actions applied, {} refusals, {} undos, {} secrecy checks ({} with \
             hidden state perturbed), {} determinizations, {} draws committed, {} undoable steps replayed blind, \
             {} action numbers read back, {} random numbers tried",
            self.games,
            self.steps,
            self.shortest_game(),
            self.median_game(),
            self.longest_game,
            self.ended_by_rules(),
            self.games,
            self.listed_actions_applied,
            self.refusals_checked,
            self.undos_checked,
            self.secrecy_checks,
            self.secrecy_perturbations,
            self.determinizations,
            self.draws,
            self.blind_steps,
            self.numbers_checked,
            self.numbers_probed
        )
    }
}

/// A broken contract, with what is needed to reproduce it.
#[derive(Clone, Debug)]
pub struct Failure {
    pub game_index: usize,
    pub step: usize,
    pub check: &'static str,
    pub message: String,
    /// Who played the game, where not the harness's own random player.
    pub players: Option<String>,
    /// The record up to the failing step.
    pub record: Box<Record>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} (seed {}{}), step {}: {} — {}\nrecord so far: {}",
            self.game_index,
            self.record.seed,
            self.players.as_ref().map(|p| format!(", played by {p}")).unwrap_or_default(),
            self.step,
            self.check,
            self.message,
            serde_json::to_string(&self.record).unwrap_or_default()
        )
    }
}

impl std::error::Error for Failure {}

/// How many games a test batch plays: `default`, unless the environment variable
/// `IMPERIA_CONFORMANCE_GAMES` asks for another number (a long soak, or a quick check).
pub fn games_per_batch(default: usize) -> usize {
    std::env::var("IMPERIA_CONFORMANCE_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(default)
}

/// Play `options.games` random games of `G`, checking everything above at every step.
pub fn run<G: Conformance>(options: &Options) -> Result<Report, Failure> {
    run_with::<G>(options, |_| true)
}

/// As [`run`], calling `each` with the report so far after every game; it stops early when `each` returns
/// false (a time limit, a progress bar's cancel).
pub fn run_with<G: Conformance>(options: &Options, each: impl FnMut(&Report) -> bool) -> Result<Report, Failure> {
    run_played::<G>(options, &mut |_, _| Box::new(Uniform), each)
}

/// As [`run_with`], with the players `lineup` seats for each game instead of uniformly random ones.
pub fn run_played<G: Conformance>(
    options: &Options,
    lineup: &mut Lineup<'_, G>,
    mut each: impl FnMut(&Report) -> bool,
) -> Result<Report, Failure> {
    let mut report = Report::default();
    let mut master = seeded(options.seed);
    for game_index in 0..options.games {
        let (config, seed) = draw_game::<G>(options, &mut master, game_index)?;
        let mut rng = seeded(seed ^ 0x5eed);
        let mut checker = GameCheck::<G>::new(game_index, config, seed)?;
        let mut players = lineup(checker.m.state(), seed);
        checker.play(options, players.as_mut(), &mut rng, &mut report).map_err(|mut failure| {
            let name = players.name();
            failure.players = (name != "random").then_some(name);
            failure
        })?;
        report.games += 1;
        if !each(&report) {
            break;
        }
    }
    Ok(report)
}

/// Draws a config with `options.seats` seats, and a seed, for game `game_index`.
fn draw_game<G: Conformance>(
    options: &Options,
    master: &mut GameRng,
    game_index: usize,
) -> Result<(G::Config, u64), Failure> {
    // Every game lists its seat range; a thousand draws without the count asked for means the game's
    // `sample_config` never offers it.
    for _ in 0..1000 {
        let config = G::sample_config(master);
        let seed: u64 = master.random();
        let Some(seats) = options.seats else { return Ok((config, seed)) };
        if Match::<G>::new(config.clone(), seed).is_ok_and(|m| m.state().seats() == seats) {
            return Ok((config, seed));
        }
    }
    Err(Failure {
        game_index,
        step: 0,
        check: "setup",
        message: format!("no config drawn for {} seats in a thousand tries", options.seats.unwrap_or(0)),
        players: None,
        record: Box::new(empty_record::<G>(serde_json::Value::Null, options.seed)),
    })
}

fn empty_record<G: Game>(config: serde_json::Value, seed: u64) -> Record {
    Record {
        game: G::ID.into(),
        rules_version: G::RULES_VERSION,
        config,
        seed,
        content: None,
        content_files: Default::default(),
        actions: vec![],
        rollbacks: vec![],
        migrations: vec![],
    }
}

/// [`run_with`] for a game known only by its registry entry ([`crate::GameEntry::fuzz`]).
pub type Fuzz = fn(options: &Options, each: &mut dyn FnMut(&Report) -> bool) -> Result<Report, Failure>;

/// The [`Fuzz`] of game `G`.
pub fn fuzz<G: Conformance>(options: &Options, each: &mut dyn FnMut(&Report) -> bool) -> Result<Report, Failure> {
    run_with::<G>(options, each)
}

struct GameCheck<G: Game> {
    game_index: usize,
    m: Match<G>,
    rules: RulesIndex,
    bound: usize,
    step: usize,
    /// The observation's parts at the start, which every later state must keep.
    parts: observation::Parts,
    /// The action space at setup, which no step may change.
    space: usize,
}

impl<G: Conformance> GameCheck<G> {
    fn new(game_index: usize, config: G::Config, seed: u64) -> Result<Self, Failure> {
        let bound = G::step_bound(&config);
        let m = Match::<G>::new(config.clone(), seed).map_err(|e| Failure {
            game_index,
            step: 0,
            check: "setup",
            message: format!("{config:?}: {e}"),
            players: None,
            record: Box::new(empty_record::<G>(serde_json::Value::Null, seed)),
        })?;
        let space = m.state().action_space();
        let parts = m.state().observation_parts();
        let mut check = GameCheck { game_index, m, bound, step: 0, rules: RulesIndex::default(), space, parts };
        check.rules = match RulesIndex::parse(G::RULES_INDEX) {
            Ok(rules) if !rules.sections.is_empty() => rules,
            Ok(_) => return Err(check.fail("10 citation", "the game has no rules index (Game::RULES_INDEX)")),
            Err(e) => return Err(check.fail("10 citation", e.to_string())),
        };
        Ok(check)
    }

    fn fail(&self, check: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            game_index: self.game_index,
            step: self.step,
            check,
            message: message.into(),
            players: None,
            record: Box::new(self.m.record()),
        }
    }

    fn play(
        &mut self,
        options: &Options,
        player: &mut dyn Player<G>,
        rng: &mut GameRng,
        report: &mut Report,
    ) -> Result<(), Failure> {
        let _scope = self.m.enter();
        loop {
            let state = self.m.state().clone();
            state.check_invariants().map_err(|e| self.fail("7 invariants", e))?;
            self.check_round_trips(&state)?;
            let to_act = state.to_act();
            self.check_who_acts(&state, &to_act)?;
            self.check_time_limit(&state, &to_act)?;
            self.check_views(&state, rng, report)?;
            if to_act == ToAct::Nobody {
                break;
            }
            self.check_listed_actions(&state, &to_act, report)?;
            self.check_refusals(&state, &to_act, options, rng, report)?;
            self.check_numbers(&state, &to_act, options, rng, report)?;

            let seat = *to_act.seats().choose(rng).ok_or_else(|| self.fail("1 to_act", "no seat"))?;
            let legal = state.legal_actions(seat);
            if legal.is_empty() {
                return Err(self.fail("1 to_act", "no action"));
            }
            let action = player.choose(&state, seat, &legal, rng);
            if !legal.contains(&action) {
                return Err(self.fail("2 apply", format!("the player chose {action:?}, which is not listed")));
            }
            let looked_ahead = state.after(seat, &action);
            self.m.apply(seat, &action).map_err(|e| self.fail("2 apply", format!("{action:?}: {e}")))?;
            if looked_ahead.as_ref().ok() != Some(self.m.state()) {
                return Err(self.fail("2 after", format!("looking ahead at {action:?} differs from taking it")));
            }
            self.step += 1;
            report.steps += 1;
            self.check_undo(&state, seat, report)?;
            self.check_commit(&state, seat, &action, rng, report)?;
            if self.step > self.bound {
                return Err(self.fail("1 bound", format!("the game did not end within {} steps", self.bound)));
            }
        }
        report.longest_game = report.longest_game.max(self.step);
        report.lengths.push(self.step);
        if self.m.state().ended_by_cap() {
            report.ended_by_cap += 1;
        }
        self.check_replay()
    }

    /// What a host does when a timed segment runs out must be something the rules allow, and must end it.
    fn check_time_limit(&self, state: &G, to_act: &ToAct) -> Result<(), Failure> {
        let Some(limit) = state.time_limit() else { return Ok(()) };
        let mut after = state.clone();
        for (seat, action) in &limit.expiry {
            if !to_act.includes(*seat) {
                return Err(
                    self.fail("1 time limit", format!("expiry action {action:?} of seat {seat}, which is not to act"))
                );
            }
            after.apply(*seat, action).map_err(|e| {
                self.fail("1 time limit", format!("expiry action {action:?} of seat {seat} is refused: {e}"))
            })?;
        }
        if after.time_limit().is_some_and(|l| l.segment == limit.segment) {
            return Err(self.fail("1 time limit", format!("`{}` goes on after its expiry actions", limit.segment)));
        }
        Ok(())
    }

    fn check_who_acts(&self, state: &G, to_act: &ToAct) -> Result<(), Failure> {
        for seat in 0..state.seats() {
            let n = state.legal_actions(seat).len();
            if to_act.includes(seat) && n == 0 {
                return Err(self.fail("1 to_act", format!("seat {seat} must act but has no legal action")));
            }
            if !to_act.includes(seat) && n > 0 {
                return Err(self.fail("1 to_act", format!("seat {seat} is not to act but has {n} legal actions")));
            }
        }
        match (to_act, state.outcome()) {
            (ToAct::Nobody, None) => Err(self.fail("1 to_act", "nobody is to act but there is no outcome")),
            (ToAct::Seats(_), Some(_)) => Err(self.fail("1 to_act", "the game has an outcome but seats still act")),
            (ToAct::Seats(s), None) if s.is_empty() => Err(self.fail("1 to_act", "an empty list of seats to act")),
            _ => Ok(()),
        }
    }

    fn check_listed_actions(&self, state: &G, to_act: &ToAct, report: &mut Report) -> Result<(), Failure> {
        for &seat in to_act.seats() {
            let legal = state.legal_actions(seat);
            for (i, action) in legal.iter().enumerate() {
                if legal[..i].contains(action) {
                    return Err(self.fail("2 listed", format!("{action:?} is listed twice")));
                }
                let mut s = state.clone();
                s.apply(seat, action).map_err(|e| self.fail("2 listed", format!("listed {action:?} refused: {e}")))?;
                report.listed_actions_applied += 1;
            }
        }
        Ok(())
    }

    fn check_refusals(
        &self,
        state: &G,
        to_act: &ToAct,
        options: &Options,
        rng: &mut GameRng,
        report: &mut Report,
    ) -> Result<(), Failure> {
        for _ in 0..options.refusals_per_step {
            let seat: Seat = rng.random_range(0..state.seats());
            let action = state.arbitrary_action(rng);
            if to_act.includes(seat) && state.legal_actions(seat).contains(&action) {
                continue;
            }
            let mut s = state.clone();
            let Err(refusal) = s.apply(seat, &action) else {
                return Err(self.fail("2 refusal", format!("unlisted {action:?} by seat {seat} was accepted")));
            };
            if state.after(seat, &action).is_ok() {
                return Err(self.fail("2 refusal", format!("looking ahead, unlisted {action:?} was accepted")));
            }
            if self.rules.resolve(&refusal.rule).is_none() {
                let cited = format!("refusing {action:?}, `{}` cites no section of the rules index", refusal.rule);
                return Err(self.fail("10 citation", cited));
            }
            if &s != state {
                return Err(self.fail("2 refusal", format!("refused {action:?} changed the state")));
            }
            report.refusals_checked += 1;
        }
        Ok(())
    }

    /// Check 11: the action numbers of every seat to act.
    fn check_numbers(
        &self,
        state: &G,
        to_act: &ToAct,
        options: &Options,
        rng: &mut GameRng,
        report: &mut Report,
    ) -> Result<(), Failure> {
        let space = state.action_space();
        if space != self.space {
            return Err(self.fail("11 numbers", format!("the action space went from {} to {space}", self.space)));
        }
        for &seat in to_act.seats() {
            let legal = state.legal_actions(seat);
            let mut seen = vec![None; legal.len()];
            for (i, action) in legal.iter().enumerate() {
                let number = state
                    .action_number(seat, action)
                    .ok_or_else(|| self.fail("11 numbers", format!("listed {action:?} has no number")))?;
                if number >= space {
                    return Err(self.fail("11 numbers", format!("{action:?} is numbered {number}, not below {space}")));
                }
                if let Some(j) = seen.iter().position(|&n| n == Some(number)) {
                    let other = &legal[j];
                    return Err(self.fail("11 numbers", format!("{action:?} and {other:?} are both numbered {number}")));
                }
                seen[i] = Some(number);
                if state.numbered_action(seat, number).as_ref() != Some(action) {
                    return Err(self.fail("11 numbers", format!("number {number} of {action:?} reads back otherwise")));
                }
                report.numbers_checked += 1;
            }
            let mut numbers: Vec<usize> = seen.into_iter().flatten().collect();
            numbers.sort_unstable();
            let listed = state.legal_numbers(seat);
            if listed != numbers {
                let differs = format!("legal_numbers gives {listed:?}, the listed actions are numbered {numbers:?}");
                return Err(self.fail("11 numbers", differs));
            }
            for _ in 0..options.refusals_per_step {
                let number = rng.random_range(0..space);
                let Some(action) = state.numbered_action(seat, number) else { continue };
                let listed = legal.contains(&action);
                if state.clone().apply(seat, &action).is_ok() != listed {
                    let accepted = if listed { "refused although listed" } else { "accepted although not listed" };
                    return Err(self.fail("11 numbers", format!("number {number} names {action:?}, {accepted}")));
                }
                report.numbers_probed += 1;
            }
        }
        Ok(())
    }

    /// Check 3 for the state. (The record only grows, so its round trip is checked once, on the whole
    /// record, at the end.)
    fn check_round_trips(&self, state: &G) -> Result<(), Failure> {
        round_trip(state).map_err(|e| self.fail("3 json state", e))?;
        for seat in state.to_act().seats() {
            for a in state.legal_actions(*seat) {
                serde_json::to_value(&a)
                    .map_err(|e| self.fail("3 json action", format!("{a:?} is not a JSON value: {e}")))?;
            }
        }
        Ok(())
    }

    /// Check 3 for every viewer's view, and check 6.
    fn check_views(&self, state: &G, rng: &mut GameRng, report: &mut Report) -> Result<(), Failure> {
        let events = self.m.last_events();
        if state.observation_parts() != self.parts {
            let parts =
                format!("the observation's parts {:?} differ from those at the start", state.observation_parts());
            return Err(self.fail("6 tensor shape", parts));
        }
        for viewer in viewers(state.seats()) {
            let view = state.view(viewer);
            // Hosts carry views as `serde_json::Value`, which holds less than a byte stream can (no 128-bit
            // numbers, string keys only).
            serde_json::to_value(&view)
                .map_err(|e| self.fail("3 json view", format!("{viewer:?}'s view is not a JSON value: {e}")))?;
            let json = bytes(&view);
            let back: G::View = serde_json::from_slice(&json)
                .map_err(|e| self.fail("3 json view", format!("{viewer:?}'s view does not parse back: {e}")))?;
            if back != view {
                return Err(self.fail("3 json view", format!("{viewer:?}'s view differs after a JSON round trip")));
            }
            let tensor = tensor_bits(state, viewer);
            if let Some(i) = tensor.iter().position(|&x| !f32::from_bits(x).is_finite()) {
                return Err(
                    self.fail("6 tensor numbers", format!("{viewer:?}'s observation has a non-finite number at {i}"))
                );
            }
            let mut other = state.clone();
            if other.perturb_hidden(viewer, rng) {
                report.secrecy_checks += 1;
                if &other != state {
                    report.secrecy_perturbations += 1;
                }
                if json != bytes(&other.view(viewer)) {
                    return Err(self.fail("6 secrecy", format!("{viewer:?}'s view changed when its hidden state did")));
                }
                if tensor != tensor_bits(&other, viewer) {
                    let changed = format!("{viewer:?}'s observation tensor changed when its hidden state did");
                    return Err(self.fail("6 secrecy", changed));
                }
                for e in events {
                    if bytes(&state.event_view(e, viewer)) != bytes(&other.event_view(e, viewer)) {
                        return Err(self.fail("6 secrecy", format!("{viewer:?}'s view of {e:?} changed")));
                    }
                }
            }
            // Bots sample states for the seat they play when it must decide; that is where it is checked.
            if viewer.seat().is_some_and(|s| state.to_act().includes(s)) {
                self.check_determinization(state, viewer, (&view, &json, &tensor), rng, report)?;
            }
        }
        Ok(())
    }

    /// Check 8: a state sampled from a view gives the same view (as JSON and as an observation tensor) back,
    /// the same legal actions for that seat, and keeps the game's invariants. (It cannot copy what the viewer
    /// may not know: it sees only the view, and check 6 keeps secrets out of views.)
    fn check_determinization(
        &self,
        state: &G,
        viewer: Viewer,
        (view, json, tensor): (&G::View, &[u8], &[u32]),
        rng: &mut GameRng,
        report: &mut Report,
    ) -> Result<(), Failure> {
        let sample = G::determinize(view, state.content(), rng);
        if bytes(&sample.view(viewer)) != json {
            return Err(
                self.fail("8 determinize", format!("a state sampled from {viewer:?}'s view shows a different view"))
            );
        }
        if tensor_bits(&sample, viewer) != tensor {
            let differs = format!("a state sampled from {viewer:?}'s view gives a different observation tensor");
            return Err(self.fail("8 determinize", differs));
        }
        if let Viewer::Seat(seat) = viewer
            && sample.legal_actions(seat) != state.legal_actions(seat)
        {
            return Err(
                self.fail("8 determinize", format!("a state sampled from seat {seat}'s view offers other actions"))
            );
        }
        sample
            .check_invariants()
            .map_err(|e| self.fail("8 determinize", format!("a sampled state is unsound: {e}")))?;
        report.determinizations += 1;
        Ok(())
    }

    /// Undo the step just taken and every earlier one back to the last commit point, check each restores
    /// the state before it and that undo then stops, and redo them all.
    fn check_undo(&mut self, before: &G, seat: Seat, report: &mut Report) -> Result<(), Failure> {
        let after = self.m.state().clone();
        let handed_over = after.to_act() != before.to_act();
        for other in 0..after.seats() {
            if other != seat && self.m.can_undo(other) {
                return Err(self.fail("5 undo", format!("seat {other} may undo seat {seat}'s step")));
            }
        }
        if handed_over || !self.m.can_undo(seat) {
            if self.m.undo(seat).is_ok() {
                return Err(self.fail("5 undo", "undo past a commit point was accepted"));
            }
            return Ok(());
        }
        let depth = self.m.undo_depth(seat);
        let redo: Vec<_> =
            self.m.history()[self.m.history().len() - depth..].iter().map(|p| (p.seat, p.action.clone())).collect();
        self.m.undo(seat).map_err(|e| self.fail("5 undo", e.to_string()))?;
        if self.m.state() != before {
            return Err(self.fail("5 undo", "undo did not restore the earlier state"));
        }
        for _ in 1..depth {
            self.m.undo(seat).map_err(|e| self.fail("5 undo", e.to_string()))?;
        }
        if self.m.undo(seat).is_ok() {
            return Err(self.fail("5 undo", "undo past the last commit point was accepted"));
        }
        for (s, action) in redo {
            self.m.apply(s, &action).map_err(|e| self.fail("5 undo", format!("redo after undo refused: {e}")))?;
        }
        if self.m.state() != &after {
            return Err(self.fail("5 undo", "redoing the undone steps did not reach the same state"));
        }
        report.undos_checked += 1;
        Ok(())
    }

    /// Check 9, after `seat` took `action` from `before` (the match now stands after it).
    fn check_commit(
        &self,
        before: &G,
        seat: Seat,
        action: &G::Action,
        rng: &mut GameRng,
        report: &mut Report,
    ) -> Result<(), Failure> {
        let after = self.m.state();
        if draws(after) != draws(before) {
            report.draws += 1;
            if let Some(s) = (0..after.seats()).find(|&s| self.m.can_undo(s)) {
                return Err(self.fail("9 commit", format!("seat {s} may undo a step that drew randomness")));
            }
        }
        if !self.m.can_undo(seat) {
            return Ok(());
        }
        let viewer = Viewer::Seat(seat);
        let mut blind = before.clone();
        if !blind.perturb_hidden(viewer, rng) {
            return Ok(());
        }
        // An action whose legality hangs on hidden state is another check's business.
        let Ok(step) = blind.apply(seat, action) else { return Ok(()) };
        report.blind_steps += 1;
        let seen = |state: &G, events: &[G::Event]| {
            let events: Vec<_> = events.iter().map(|e| state.event_view(e, viewer)).collect();
            (bytes(&state.view(viewer)), bytes(&events))
        };
        if seen(after, self.m.last_events()) != seen(&blind, &step.events) {
            return Err(self.fail(
                "9 commit",
                format!(
                    "seat {seat} may undo {action:?}, yet it showed the seat something hidden before (a draw the \
                     match cannot see, or a secret revealed without marking the step committed)"
                ),
            ));
        }
        Ok(())
    }

    fn check_replay(&self) -> Result<(), Failure> {
        let record = self.m.record();
        round_trip(&record).map_err(|e| self.fail("3 json record", e))?;
        let record: Record = serde_json::from_slice(&bytes(&record))
            .map_err(|e| self.fail("4 replay", format!("record does not parse: {e}")))?;
        let replayed = Match::<G>::replay_with(&record, self.m.content(), |_, _, _| {})
            .map_err(|e| self.fail("4 replay", e.to_string()))?;
        if replayed.state() != self.m.state() {
            return Err(self.fail("4 replay", "the replayed final state differs"));
        }
        Ok(())
    }
}

fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    (0..seats).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator))
}

/// `viewer`'s observation tensor as bits, so that equal means identical.
fn tensor_bits<G: Game>(state: &G, viewer: Viewer) -> Vec<u32> {
    observation::of(state, viewer).into_iter().map(f32::to_bits).collect()
}

fn bytes<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

/// Through `serde_json::Value`, as hosts carry game data.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(value: &T) -> Result<(), String> {
    let json = serde_json::to_value(value).map_err(|e| format!("is not a JSON value: {e}"))?;
    let back: T = serde_json::from_value(json).map_err(|e| format!("does not parse back: {e}"))?;
    if &back != value {
        return Err("differs after a JSON round trip".into());
    }
    Ok(())
}
