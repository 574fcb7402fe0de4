//! The core on its own: a toy game exercises `Match` (records, replay, commit points, undo) and proves that
//! the conformance harness catches each kind of broken game it is meant to catch.
//!
//! The toy: two players each draw a secret number 1–9 at setup; in turn each adds 1 or 2 to a shared
//! counter, "rolls" (adds 1 or 2 at random), or "peeks" (a commit point that reveals nothing); the game ends
//! when the counter reaches 10. The higher secret wins. Config flags plant one bug each.

use std::fmt;

use imperia_core::conformance::{Conformance, Options, Player, run, run_played};
use imperia_core::observation::{self, Tensor};
use imperia_core::rng::seeded;
use imperia_core::{
    ActionNumbering, ContentSet, DynMatch, Ending, Game, GameConfig, GameRng, Match, MatchError, Outcome, RuleError,
    ScorePart, Seat, SetupError, Step, TimeLimit, ToAct, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Bugs {
    leak_secret: bool,
    dirty_refusal: bool,
    accept_anything: bool,
    endless: bool,
    /// Roll with dice of its own rather than the game's generator, so the match cannot see the draw.
    hidden_dice: bool,
    /// When the late segment's time runs out, the seat that is not to act is made to add.
    wrong_expiry: bool,
    /// Refusals cite a rule the rules index does not have.
    miscite: bool,
    /// A bot's look ahead leaves the turn where it was.
    stale_look_ahead: bool,
    /// A bot's look ahead takes a refused action as doing nothing.
    lax_look_ahead: bool,
    /// After five peeks in a row every listed action is refused: a freeze that random play seldom reaches.
    freeze_after_peeks: bool,
    /// The game says it stopped at a cap of ours rather than by its rules.
    capped: bool,
    /// Peek takes Roll's action number.
    shared_number: bool,
    /// Roll's and Peek's numbers read back as each other.
    swapped_numbers: bool,
    /// The list of legal numbers leaves out Peek's.
    short_legal_numbers: bool,
    /// The observation tensor shows seat 2's secret to everyone, though no view does.
    leak_tensor: bool,
    /// The observation tensor grows a part once the counter passes 5.
    growing_tensor: bool,
}

/// Two players, with the bugs the config names (none from the options a host passes).
impl GameConfig for Bugs {
    fn with_options(
        _players: usize,
        _options: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Self, SetupError> {
        Ok(Bugs::default())
    }
    fn players(&self) -> usize {
        2
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Act {
    Add(u8),
    Roll,
    Peek,
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Act::Add(n) => write!(f, "add {n}"),
            Act::Roll => f.write_str("roll"),
            Act::Peek => f.write_str("peek"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Said(String);

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ToyView {
    viewer: Viewer,
    bugs: Bugs,
    turn: Seat,
    counter: u8,
    peeks: u8,
    my_secret: Option<u8>,
    leaked: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Toy {
    bugs: Bugs,
    secrets: [u8; 2],
    counter: u8,
    turn: Seat,
    rng: GameRng,
    dice: GameRng,
    /// Peeks in a row.
    peeks: u8,
    #[serde(skip)]
    content: ContentSet<()>,
}

impl Game for Toy {
    const ID: &'static str = "toy";
    const NAME: &'static str = "Toy";
    const RULES_VERSION: u32 = 1;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[(1, "A roll adds 1 or 2, no longer 0 to 2.")];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
    const RULES_INDEX: &'static str = "[[section]]\nid = 'turn'\nheading = '§2 Your turn'\n\
                                       summary = 'Add 1 or 2, roll, or peek.'\ncites = ['toy rules §2']";
    type Config = Bugs;
    type Action = Act;
    type View = ToyView;
    type Event = Said;
    type Content = ();

    fn setup(config: &Bugs, content: &ContentSet<()>, seed: u64) -> Result<Self, SetupError> {
        let mut rng = seeded(seed);
        let secrets = [rng.random_range(1..=9), rng.random_range(1..=9)];
        let dice = seeded(rng.random());
        Ok(Toy { bugs: config.clone(), secrets, counter: 0, turn: 0, rng, dice, peeks: 0, content: content.clone() })
    }
    fn prompt(&self, _viewer: Viewer) -> String {
        format!("Player {} adds to the counter", self.turn + 1)
    }
    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }
    fn config(&self) -> &Bugs {
        &self.bugs
    }
    fn content(&self) -> &ContentSet<()> {
        &self.content
    }
    fn to_act(&self) -> ToAct {
        if self.counter >= 10 && !self.bugs.endless { ToAct::Nobody } else { ToAct::one(self.turn) }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Act> {
        if !self.to_act().includes(seat) {
            return vec![];
        }
        vec![Act::Add(1), Act::Add(2), Act::Roll, Act::Peek]
    }
    fn apply(&mut self, seat: Seat, action: &Act) -> Result<Step<Said>, RuleError> {
        if self.bugs.dirty_refusal && seat != self.turn {
            self.counter = 0; // the planted bug: a refused action resets the counter
        }
        let frozen = self.bugs.freeze_after_peeks && self.peeks >= 5;
        if !self.bugs.accept_anything
            && (seat != self.turn || frozen || matches!(action, Act::Add(n) if *n == 0 || *n > 2))
        {
            return Err(RuleError::new("not allowed", if self.bugs.miscite { "house rules" } else { "toy rules §2" }));
        }
        self.peeks = if *action == Act::Peek { self.peeks + 1 } else { 0 };
        let step = match action {
            Act::Add(n) => {
                self.counter = self.counter.saturating_add(*n).min(if self.bugs.endless { 9 } else { 10 });
                Step::new(vec![Said(format!("+{n}"))])
            }
            Act::Roll => {
                let dice = if self.bugs.hidden_dice { &mut self.dice } else { &mut self.rng };
                let n: u8 = dice.random_range(1..=2);
                self.counter = self.counter.saturating_add(n).min(if self.bugs.endless { 9 } else { 10 });
                Step::new(vec![Said(format!("rolled +{n}"))])
            }
            Act::Peek => Step::committed(vec![Said("peek".into())]),
        };
        // Adding hands the turn over every other step, so some steps stay with the same seat (undoable).
        if self.counter.is_multiple_of(2) {
            self.turn = 1 - self.turn;
        }
        Ok(step)
    }
    fn after(&self, seat: Seat, action: &Act) -> Result<Self, RuleError> {
        let mut next = self.clone();
        if let Err(refusal) = next.apply(seat, action) {
            // The planted bug: looking ahead takes a refused action as doing nothing.
            return if self.bugs.lax_look_ahead { Ok(self.clone()) } else { Err(refusal) };
        }
        if self.bugs.stale_look_ahead {
            next.turn = self.turn; // the planted bug: looking ahead never hands the turn over
        }
        Ok(next)
    }
    /// The late game (counter 6 or more) is timed: when time runs out, the seat to act adds 2 until the end.
    fn time_limit(&self) -> Option<TimeLimit<Act>> {
        // (The endless toy never gets out of the late game, timed or not: it has no time limit.)
        if self.counter < 6 || self.bugs.endless || self.to_act() == ToAct::Nobody {
            return None;
        }
        let seat = if self.bugs.wrong_expiry { 1 - self.turn } else { self.turn };
        Some(TimeLimit {
            segment: format!("late, at {}", self.counter),
            seconds: 60,
            expiry: vec![(seat, Act::Add(2))],
        })
    }
    fn action_space(&self) -> usize {
        self.numbering().size()
    }
    fn action_number(&self, _seat: Seat, action: &Act) -> Option<usize> {
        let n = self.numbering();
        match action {
            Act::Add(amount) => n.encode("add", &[usize::from(*amount)]),
            Act::Roll => n.encode("roll", &[]),
            Act::Peek if self.bugs.shared_number => n.encode("roll", &[]),
            Act::Peek => n.encode("peek", &[]),
        }
    }
    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        let legal = self.legal_actions(seat);
        let numbers = legal.iter().filter_map(|a| self.action_number(seat, a));
        numbers.filter(|&n| !(self.bugs.short_legal_numbers && n == 5)).collect()
    }
    fn numbered_action(&self, _seat: Seat, number: usize) -> Option<Act> {
        let d = self.numbering().decode(number)?;
        Some(match (d.kind, self.bugs.swapped_numbers) {
            ("add", _) => Act::Add(u8::try_from(d.digits[0]).ok()?),
            ("roll", false) | ("peek", true) => Act::Roll,
            _ => Act::Peek,
        })
    }
    fn view(&self, viewer: Viewer) -> ToyView {
        ToyView {
            viewer,
            bugs: self.bugs.clone(),
            turn: self.turn,
            counter: self.counter,
            peeks: self.peeks,
            my_secret: viewer.seat().map(|s| self.secrets[s]),
            leaked: self.bugs.leak_secret.then_some(self.secrets[1]),
        }
    }
    fn event_view(&self, event: &Said, _viewer: Viewer) -> Option<Said> {
        Some(event.clone())
    }
    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        let mut parts = observation::seat_parts(2);
        parts.extend([("counter", vec![1]), ("my_secret", vec![9])]);
        if self.bugs.growing_tensor && self.counter > 5 {
            parts.push(("late", vec![1]));
        }
        parts
    }
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        let view = self.view(viewer);
        let mut t = Tensor::new(self.observation_parts(), out);
        t.seats(viewer, &self.to_act());
        t.part("counter").count(0, view.counter, 10.0);
        // The planted bug: the tensor reads the state, not the view.
        let secret = if self.bugs.leak_tensor { Some(self.secrets[1]) } else { view.my_secret };
        t.part("my_secret").one_hot(secret.map(|s| usize::from(s) - 1));
    }
    fn ending(&self) -> Option<Ending> {
        let parts = self.outcome()?.scores.iter().map(|&s| vec![ScorePart::new("secret", s)]).collect();
        Some(Ending { reason: "Both secrets are out.".into(), parts })
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.to_act() == ToAct::Nobody).then(|| {
            let [a, b] = self.secrets;
            let ranks = if a > b {
                vec![1, 2]
            } else if b > a {
                vec![2, 1]
            } else {
                vec![1, 1]
            };
            Outcome { scores: vec![a.into(), b.into()], ranks }
        })
    }
    fn has_hidden_information(&self) -> bool {
        true
    }
    fn determinize(view: &ToyView, content: &ContentSet<()>, rng: &mut GameRng) -> Self {
        let mut secrets = [rng.random_range(1..=9), rng.random_range(1..=9)];
        if let (Viewer::Seat(s), Some(mine)) = (view.viewer, view.my_secret) {
            secrets[s] = mine;
        }
        let (game_rng, dice) = (seeded(rng.random()), seeded(rng.random()));
        let (bugs, counter, turn, peeks) = (view.bugs.clone(), view.counter, view.turn, view.peeks);
        Toy { bugs, secrets, counter, turn, rng: game_rng, dice, peeks, content: content.clone() }
    }
    fn summary(&self, _viewer: Viewer) -> String {
        format!("counter {}", self.counter)
    }
}

impl Toy {
    /// Adding 0 to 3 (the amounts the refusal check tries; only 1 and 2 are legal), rolling, peeking.
    fn numbering(&self) -> ActionNumbering {
        ActionNumbering::new().kind("add", &[("amount", 4)]).kind("roll", &[]).kind("peek", &[])
    }
}

impl Conformance for Toy {
    fn sample_config(_rng: &mut GameRng) -> Bugs {
        Bugs::default()
    }
    fn step_bound(_config: &Bugs) -> usize {
        100
    }
    fn arbitrary_action(&self, rng: &mut GameRng) -> Act {
        match rng.random_range(0..10) {
            0 | 1 => Act::Peek,
            2 => Act::Roll,
            _ => Act::Add(rng.random_range(0..4)),
        }
    }
    fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool {
        let other = match viewer {
            Viewer::Seat(s) => 1 - s,
            Viewer::Spectator => rng.random_range(0..2),
        };
        self.secrets[other] = rng.random_range(1..=9);
        // What the generators will draw next is hidden from everyone.
        self.rng = seeded(rng.random());
        self.dice = seeded(rng.random());
        true
    }
    fn check_invariants(&self) -> Result<(), String> {
        if self.counter > 10 { Err("counter above 10".into()) } else { Ok(()) }
    }
    fn ended_by_cap(&self) -> bool {
        self.bugs.capped && self.to_act() == ToAct::Nobody
    }
}

/// The same toy with bugs planted through a config fixed for every game.
macro_rules! buggy {
    ($name:ident, $field:ident) => {
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        struct $name(Toy);
        impl Game for $name {
            const ID: &'static str = "toy";
            const NAME: &'static str = "Toy";
            const RULES_VERSION: u32 = 1;
            const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
            const RULES_INDEX: &'static str = Toy::RULES_INDEX;
            type Config = Bugs;
            type Action = Act;
            type View = ToyView;
            type Event = Said;
            type Content = ();
            fn setup(_config: &Bugs, content: &ContentSet<()>, seed: u64) -> Result<Self, SetupError> {
                Toy::setup(&Bugs { $field: true, ..Bugs::default() }, content, seed).map($name)
            }
            fn prompt(&self, viewer: Viewer) -> String {
                self.0.prompt(viewer)
            }
            fn rng(&self) -> Option<&GameRng> {
                self.0.rng()
            }
            fn config(&self) -> &Bugs {
                self.0.config()
            }
            fn content(&self) -> &ContentSet<()> {
                self.0.content()
            }
            fn to_act(&self) -> ToAct {
                self.0.to_act()
            }
            fn legal_actions(&self, seat: Seat) -> Vec<Act> {
                self.0.legal_actions(seat)
            }
            fn apply(&mut self, seat: Seat, action: &Act) -> Result<Step<Said>, RuleError> {
                self.0.apply(seat, action)
            }
            fn after(&self, seat: Seat, action: &Act) -> Result<Self, RuleError> {
                self.0.after(seat, action).map($name)
            }
            fn action_space(&self) -> usize {
                self.0.action_space()
            }
            fn action_number(&self, seat: Seat, action: &Act) -> Option<usize> {
                self.0.action_number(seat, action)
            }
            fn numbered_action(&self, seat: Seat, number: usize) -> Option<Act> {
                self.0.numbered_action(seat, number)
            }
            fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
                self.0.legal_numbers(seat)
            }
            fn view(&self, viewer: Viewer) -> ToyView {
                self.0.view(viewer)
            }
            fn event_view(&self, event: &Said, viewer: Viewer) -> Option<Said> {
                self.0.event_view(event, viewer)
            }
            fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
                self.0.observation_parts()
            }
            fn observe(&self, viewer: Viewer, out: &mut [f32]) {
                self.0.observe(viewer, out)
            }
            fn outcome(&self) -> Option<Outcome> {
                self.0.outcome()
            }
            fn ending(&self) -> Option<Ending> {
                self.0.ending()
            }
            fn has_hidden_information(&self) -> bool {
                true
            }
            fn determinize(view: &ToyView, content: &ContentSet<()>, rng: &mut GameRng) -> Self {
                $name(Toy::determinize(view, content, rng))
            }
            fn summary(&self, viewer: Viewer) -> String {
                self.0.summary(viewer)
            }
            fn time_limit(&self) -> Option<TimeLimit<Act>> {
                self.0.time_limit()
            }
        }
        impl Conformance for $name {
            fn sample_config(rng: &mut GameRng) -> Bugs {
                Toy::sample_config(rng)
            }
            fn step_bound(config: &Bugs) -> usize {
                Toy::step_bound(config)
            }
            fn arbitrary_action(&self, rng: &mut GameRng) -> Act {
                self.0.arbitrary_action(rng)
            }
            fn perturb_hidden(&mut self, viewer: Viewer, rng: &mut GameRng) -> bool {
                self.0.perturb_hidden(viewer, rng)
            }
            fn check_invariants(&self) -> Result<(), String> {
                self.0.check_invariants()
            }
            fn ended_by_cap(&self) -> bool {
                self.0.ended_by_cap()
            }
        }
    };
}

buggy!(Leaky, leak_secret);
buggy!(Dirty, dirty_refusal);
buggy!(Lax, accept_anything);
buggy!(Endless, endless);
buggy!(HiddenDice, hidden_dice);
buggy!(WrongExpiry, wrong_expiry);
buggy!(Miscited, miscite);
buggy!(StaleLookAhead, stale_look_ahead);
buggy!(LaxLookAhead, lax_look_ahead);
buggy!(Freezy, freeze_after_peeks);
buggy!(Capped, capped);
buggy!(SharedNumber, shared_number);
buggy!(SwappedNumbers, swapped_numbers);
buggy!(ShortLegalNumbers, short_legal_numbers);
buggy!(LeakyTensor, leak_tensor);
buggy!(GrowingTensor, growing_tensor);

/// A player that peeks whenever it may: a stand-in for a bot whose play goes where random play seldom does.
struct Peeker;

impl<G: Game<Action = Act>> Player<G> for Peeker {
    fn choose(&mut self, _: &G, _: Seat, legal: &[Act], _: &mut GameRng) -> Act {
        legal.iter().find(|a| **a == Act::Peek).unwrap_or(&legal[0]).clone()
    }
    fn name(&self) -> String {
        "peeker".into()
    }
}

fn options() -> Options {
    Options { games: 20, seed: 9, refusals_per_step: 4, seats: None }
}

#[test]
fn a_sound_game_passes_every_check() {
    let report = run::<Toy>(&options()).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, 20);
    assert!(report.undos_checked > 0, "{report}");
    assert!(report.refusals_checked > 0 && report.secrecy_perturbations > 0, "{report}");
    assert!(report.determinizations > 0, "{report}");
    assert!(report.draws > 0 && report.blind_steps > 0, "{report}");
    assert!(report.numbers_checked > 0 && report.numbers_probed > 0, "{report}");
}

#[test]
fn the_harness_catches_broken_games() {
    let failure = run::<Leaky>(&options()).expect_err("a leaked secret");
    assert_eq!(failure.check, "6 secrecy", "{failure}");
    let failure = run::<Dirty>(&options()).expect_err("a refusal that changes the state");
    assert_eq!(failure.check, "2 refusal", "{failure}");
    let failure = run::<Lax>(&options()).expect_err("an engine that accepts anything");
    assert_eq!(failure.check, "2 refusal", "{failure}");
    let failure = run::<Endless>(&options()).expect_err("a game that never ends");
    assert_eq!(failure.check, "1 bound", "{failure}");
    let failure = run::<HiddenDice>(&options()).expect_err("a draw the match cannot see");
    assert_eq!(failure.check, "9 commit", "{failure}");
    let failure = run::<WrongExpiry>(&options()).expect_err("a time limit that makes the wrong seat act");
    assert_eq!(failure.check, "1 time limit", "{failure}");
    let failure = run::<Miscited>(&options()).expect_err("a refusal citing no section of the index");
    assert_eq!(failure.check, "10 citation", "{failure}");
    assert!(failure.message.contains("`house rules` cites no section"), "{failure}");
    let failure = run::<StaleLookAhead>(&options()).expect_err("a look ahead that differs from the step");
    assert_eq!(failure.check, "2 after", "{failure}");
    let failure = run::<LaxLookAhead>(&options()).expect_err("a look ahead that takes what is refused");
    assert_eq!(failure.check, "2 refusal", "{failure}");
    assert!(failure.message.contains("looking ahead"), "{failure}");
    let failure = run::<SharedNumber>(&options()).expect_err("two actions with one number");
    assert_eq!(failure.check, "11 numbers", "{failure}");
    assert!(failure.message.contains("Peek and Roll are both numbered 4"), "{failure}");
    let failure = run::<SwappedNumbers>(&options()).expect_err("numbers that read back as other actions");
    assert_eq!(failure.check, "11 numbers", "{failure}");
    assert!(failure.message.contains("reads back otherwise"), "{failure}");
    let failure = run::<ShortLegalNumbers>(&options()).expect_err("a list of legal numbers that misses one");
    assert_eq!(failure.check, "11 numbers", "{failure}");
    assert!(failure.message.contains("legal_numbers gives [1, 2, 4]"), "{failure}");
    let failure = run::<LeakyTensor>(&options()).expect_err("a tensor that shows a secret no view shows");
    assert_eq!(failure.check, "6 secrecy", "{failure}");
    assert!(failure.message.contains("Seat(0)'s observation tensor changed"), "{failure}");
    let failure = run::<GrowingTensor>(&options()).expect_err("a tensor whose shape changes in play");
    assert_eq!(failure.check, "6 tensor shape", "{failure}");
}

#[test]
fn a_toy_tensor_is_the_seats_the_counter_and_the_viewers_own_secret() {
    let m = Match::<Toy>::new(Bugs::default(), 3).expect("a toy match");
    let dynamic: &dyn imperia_core::DynMatch = &m;
    let parts = dynamic.observation_parts();
    let names: Vec<_> = parts.iter().map(|(n, s)| (n.as_str(), s.clone())).collect();
    assert_eq!(names, [("viewer", vec![2]), ("to_act", vec![2]), ("counter", vec![1]), ("my_secret", vec![9])]);
    let secret = usize::from(m.state().secrets[1]);
    let mut seen = vec![0.0; 14];
    seen[1] = 1.0; // seat 2 views
    seen[2] = 1.0; // seat 1 acts
    seen[4 + secret] = 1.0;
    assert_eq!(dynamic.observation(Viewer::Seat(1)), seen);
    let spectator = dynamic.observation(Viewer::Spectator);
    assert_eq!(spectator.iter().sum::<f32>(), 1.0, "only who acts: {spectator:?}");
}

#[test]
fn players_that_go_deep_find_the_freeze_random_play_misses() {
    // Five peeks in a row are rare at random: the same twenty games pass.
    let report = run::<Freezy>(&options()).unwrap_or_else(|f| panic!("random play should miss it: {f}"));
    assert_eq!(report.games, 20);
    let failure = run_played::<Freezy>(&options(), &mut |_, _| Box::new(Peeker), |_| true)
        .expect_err("a player that peeks reaches the freeze");
    assert_eq!(failure.check, "2 listed", "{failure}");
    assert_eq!(failure.step, 5, "{failure}");
    assert_eq!(failure.players.as_deref(), Some("peeker"));
    assert!(failure.to_string().contains("played by peeker"), "{failure}");
}

#[test]
fn the_report_tells_game_lengths_and_how_games_ended() {
    let report = run::<Toy>(&options()).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.lengths.len(), 20);
    assert_eq!(report.lengths.iter().sum::<usize>(), report.steps);
    assert_eq!(report.longest_game, *report.lengths.iter().max().expect("games"));
    assert!(report.shortest_game() <= report.median_game() && report.median_game() <= report.longest_game);
    assert_eq!((report.ended_by_rules(), report.ended_by_cap), (20, 0));
    assert!(report.to_string().contains("20 of 20 ended by the rules, 100.0%"), "{report}");
    let capped = run::<Capped>(&options()).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!((capped.ended_by_rules(), capped.ended_by_cap), (0, 20));
    assert!(capped.to_string().contains("0 of 20 ended by the rules, 0.0%"), "{capped}");
}

#[test]
fn a_seat_count_the_game_never_has_is_refused() {
    let options = Options { seats: Some(3), ..options() };
    let failure = run::<Toy>(&options).expect_err("the toy has two seats");
    assert_eq!(failure.check, "setup");
    assert!(failure.message.contains("no config drawn for 3 seats"), "{failure}");
    let two = run::<Toy>(&Options { seats: Some(2), ..options }).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(two.games, 20);
}

/// A finished toy game's record.
fn toy_record() -> imperia_core::Record {
    let mut m = Match::<Toy>::new(Bugs::default(), 4).expect("setup");
    for (seat, action) in [(0, Act::Add(1)), (0, Act::Add(1)), (1, Act::Add(1)), (1, Act::Add(1)), (0, Act::Peek)] {
        m.apply(seat, &action).expect("legal");
    }
    m.record()
}

#[test]
fn a_record_of_earlier_rules_is_played_again_under_todays() {
    let mut old = toy_record();
    old.rules_version = 0;
    // The strict replay refuses it, and says what will play it.
    let e = Match::<Toy>::replay(&old).expect_err("an earlier version");
    assert!(matches!(e, MatchError::WrongRulesVersion { expected: 1, found: 0 }), "{e}");
    assert!(e.to_string().contains("plays it again under the new rules"), "{e}");
    // Every step stands and reaches the state recorded.
    let (m, migration) = Match::<Toy>::migrate(&old, &ContentSet::shipped()).expect("migrates");
    let migration = migration.expect("a migration");
    assert_eq!((migration.from, migration.to, migration.replayed), (0, 1, 5));
    assert_eq!(migration.changes, ["A roll adds 1 or 2, no longer 0 to 2."]);
    assert_eq!((migration.first_difference, migration.refused.as_ref()), (None, None));
    assert_eq!(m.record().rules_version, 1);
    assert!(migration.report().contains("Every step still stands, and the position is the one played"));
    // The state recorded after the third step differs from today's: the game differs from there on.
    let mut differs = old.clone();
    differs.actions[2].hash = "0123456789abcdef".into();
    let (_, migration) = Match::<Toy>::migrate(&differs, &ContentSet::shipped()).expect("migrates");
    let migration = migration.expect("a migration");
    assert_eq!((migration.first_difference, migration.replayed), (Some(2), 5));
    assert!(migration.report().contains("from step 3 on the position differs"), "{}", migration.report());
}

#[test]
fn steps_todays_rules_refuse_are_set_aside_and_kept() {
    let mut old = toy_record();
    old.rules_version = 0;
    old.actions[3].action = serde_json::json!({ "Add": 3 });
    let (mut m, migration) = Match::<Toy>::migrate(&old, &ContentSet::shipped()).expect("migrates");
    let migration = migration.expect("a migration");
    assert_eq!(migration.replayed, 3);
    assert_eq!(migration.refused.as_ref().map(|r| r.index), Some(3));
    assert_eq!(migration.first_difference, Some(3));
    assert_eq!(migration.set_aside, old.actions[3..]);
    assert!(
        migration.report().contains("Step 4 is not allowed by the new rules (not allowed"),
        "{}",
        migration.report()
    );
    assert!(migration.report().contains("2 steps from there on are set aside"), "{}", migration.report());
    // The game goes on from the last step that stands.
    assert_eq!(m.record().actions, old.actions[..3]);
    m.apply(1, &Act::Add(1)).expect("the game goes on");
    // A record of later rules than the engine's is refused.
    let mut newer = toy_record();
    newer.rules_version = 2;
    let e = Match::<Toy>::migrate(&newer, &ContentSet::shipped()).expect_err("a later version");
    assert!(matches!(e, MatchError::WrongRulesVersion { expected: 1, found: 2 }), "{e}");
}

#[test]
fn matches_record_replay_and_undo() {
    let mut m = Match::<Toy>::new(Bugs::default(), 4).expect("setup");
    m.apply(0, &Act::Add(1)).expect("legal"); // counter 1, still seat 0: undoable
    assert!(m.can_undo(0) && !m.can_undo(1));
    m.undo(0).expect("undo");
    assert_eq!(m.state().counter, 0);
    assert!(matches!(m.undo(0), Err(MatchError::NothingToUndo { .. })));
    m.apply(0, &Act::Add(2)).expect("legal"); // counter 2: seat 1's turn, a commit point
    assert!(!m.can_undo(0));
    assert!(matches!(m.apply(0, &Act::Add(1)), Err(MatchError::NotYourTurn { seat: 0 })));
    m.apply(1, &Act::Add(1)).expect("legal");
    m.apply(1, &Act::Peek).expect("legal"); // the game says: commit
    assert!(!m.can_undo(1));
    let counter = m.state().counter;
    m.apply(1, &Act::Roll).expect("legal"); // a draw: committed without the game saying so
    assert!(m.state().counter > counter);
    assert!(!m.can_undo(0) && !m.can_undo(1), "no undo crosses a draw");
    // Going back further takes consent, and knowing what came to light: the peek (step 3) and the roll
    // (step 4) each showed something; the first two steps showed nothing.
    assert_eq!((m.revealed_after(0), m.revealed_after(2)), (Some(3), Some(3)));
    assert_eq!((m.revealed_after(3), m.revealed_after(4)), (Some(4), None));

    // A record replays to the same state and refuses tampering.
    let record = m.record();
    let replayed = Match::<Toy>::replay(&record).expect("replay");
    assert_eq!(replayed.state(), m.state());
    let mut forged = record.clone();
    forged.actions[1].hash = "0000000000000000".into();
    assert!(matches!(Match::<Toy>::replay(&forged), Err(MatchError::HashMismatch { index: 1, .. })));
    let mut wrong = record.clone();
    wrong.game = "chess".into();
    assert!(matches!(Match::<Toy>::replay(&wrong), Err(MatchError::WrongGame { .. })));
    // A game played with a player's own content files replays only with the same files.
    assert_eq!(record.content, None);
    let mut theirs = record.clone();
    theirs.content = Some("cards.toml 0123456789abcdef".into());
    let e = Match::<Toy>::replay(&theirs).expect_err("other content");
    assert!(matches!(e, MatchError::WrongContent { expected: None, .. }), "{e}");
    assert!(e.to_string().contains("replaced content (cards.toml 0123456789abcdef)"), "{e}");
    let mut illegal = record;
    illegal.actions[0].action = serde_json::json!({ "Add": 7 });
    assert!(matches!(Match::<Toy>::replay(&illegal), Err(MatchError::Refused { index: 0, .. })));
}

#[test]
fn a_match_takes_and_gives_action_numbers() {
    let mut m: Box<dyn DynMatch> = Box::new(Match::<Toy>::new(Bugs::default(), 4).expect("setup"));
    assert_eq!(m.action_space(), 6);
    // add 1, add 2, roll, peek; adding 0 or 3 is never legal.
    assert_eq!(m.legal_numbers(0), [1, 2, 4, 5]);
    assert_eq!(m.legal_numbers(1), [] as [usize; 0]);
    assert_eq!(m.numbered_action(0, 4).expect("roll"), serde_json::json!("Roll"));
    assert_eq!(m.action_number(0, &serde_json::json!({ "Add": 2 })).expect("numbered"), 2);
    let e = m.action_number(0, &serde_json::json!({ "Add": 7 })).expect_err("no number");
    assert!(matches!(e, MatchError::Unnumbered { seat: 0, .. }), "{e}");
    assert!(e.to_string().contains("`add 7` has no action number"), "{e}");
    let e = m.numbered_action(0, 6).expect_err("out of range");
    assert!(e.to_string().contains("action number 6 is out of range: this game numbers its actions below 6"), "{e}");
    let e = m.apply_number(0, 99).expect_err("out of range");
    assert!(matches!(e, MatchError::NumberOutOfRange { number: 99, space: 6 }), "{e}");
    let e = m.apply_number(0, 0).expect_err("adding 0 is refused");
    assert!(matches!(e, MatchError::Rule(_)), "{e}");
    let hash = m.state_hash();
    assert_eq!(m.apply_number(0, 1).expect("add 1"), ["+1"]);
    assert_ne!(m.state_hash(), hash);
    assert_eq!(m.record().actions[0].action, serde_json::json!({ "Add": 1 }));
}
