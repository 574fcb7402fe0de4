//! The bots at work: reproducible for a seed, better than chance, searching deep enough to find a forced
//! win, and usable through JSON.

use std::fmt;

use imperia_bots::arena::play_game;
use imperia_bots::mcts::search;
use imperia_bots::{BotEntry, BotKind, BotSpec, Budget, Guide};
use imperia_core::{
    ContentSet, Ending, Evaluate, Game, GameConfig, GameRng, Outcome, RuleError, ScorePart, Seat, SetupError, Step,
    ToAct, Viewer,
};
use imperial2030::{Config, Imperial2030};
use serde::{Deserialize, Serialize};

fn spec(text: &str) -> BotSpec {
    text.parse().expect("a bot")
}

#[test]
fn bot_games_are_reproducible() {
    let config = Config { players: 3, hidden_cash: true, ..Config::default() };
    let bots = [spec("mcts:50"), spec("heuristic"), spec("random")];
    let a = play_game::<Imperial2030>(&config, &ContentSet::shipped(), 7, &bots).expect("a game");
    let b = play_game::<Imperial2030>(&config, &ContentSet::shipped(), 7, &bots).expect("a game");
    // The same game, move for move; only the time each decision took may differ.
    assert_eq!((&a.outcome, a.steps), (&b.outcome, b.steps));
    let c = play_game::<Imperial2030>(&config, &ContentSet::shipped(), 8, &bots).expect("a game");
    assert_ne!((&a.outcome, a.steps), (&c.outcome, c.steps), "another seed, another game");
}

#[test]
fn the_heuristic_bot_beats_random_play() {
    // Ten 4-player games, the heuristic bot in each seat in turn; chance would give it 2 or 3 wins.
    let mut wins = 0;
    for game in 0..10u64 {
        let seat = (game % 4) as usize;
        let mut bots = vec![spec("random"); 4];
        bots[seat] = spec("heuristic");
        let result = play_game::<Imperial2030>(&Config::for_players(4), &ContentSet::shipped(), 100 + game, &bots)
            .expect("a game");
        if result.outcome.ranks[seat] == 1 {
            wins += 1;
        }
    }
    assert!(wins >= 8, "the heuristic bot won only {wins} of 10");
}

#[test]
fn bots_play_through_json() {
    let entry = BotEntry::of::<Imperial2030>();
    let game = imperia_core::GameEntry::of::<Imperial2030>();
    let shipped = (game.shipped)();
    let mut m = (game.start)(&serde_json::json!({"players": 4}), 3, &shipped).expect("setup");
    for kind in ["random", "heuristic", "rollout:1", "mcts:20"] {
        let mut bot = (entry.bot)(&spec(kind), 1);
        let seat = m.to_act().seats()[0];
        let legal = m.legal_actions(seat);
        let choice = bot.choose(&m.view(Viewer::Seat(seat)), &shipped, seat, &legal).expect("a choice");
        assert!(choice < legal.len());
    }
    let seat = m.to_act().seats()[0];
    let mut bot = (entry.bot)(&BotSpec::new(BotKind::Random), 1);
    assert!(bot.choose(&serde_json::json!({"not": "a view"}), &shipped, seat, &m.legal_actions(seat)).is_err());
    m.apply(seat, &m.legal_actions(seat)[0].action.clone()).expect("legal");
}

// A race to ten: players in turn add 1 or 2; whoever reaches 10 wins. From 5 the only winning move is +2
// (leaving 7, from which every reply can be answered to reach 10), which takes a search three moves deep to see.

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Race {
    start: Start,
    total: u8,
    turn: Seat,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Add(u8);

impl fmt::Display for Add {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Reached(u8);

impl fmt::Display for Reached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where two players' race starts (from nothing, for a host).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct Start(u8);

impl GameConfig for Start {
    fn with_options(
        _players: usize,
        _options: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Self, SetupError> {
        Ok(Start(0))
    }
    fn players(&self) -> usize {
        2
    }
}

impl Game for Race {
    const ID: &'static str = "race";
    const NAME: &'static str = "Race to ten";
    const RULES_VERSION: u32 = 1;
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
    type Config = Start;
    type Action = Add;
    type View = Race;
    type Event = Reached;
    type Content = ();

    fn prompt(&self, _viewer: Viewer) -> String {
        format!("Player {} adds 1 or 2", self.turn + 1)
    }
    fn rng(&self) -> Option<&imperia_core::GameRng> {
        None
    }
    fn setup(start: &Start, _content: &ContentSet<()>, _seed: u64) -> Result<Self, SetupError> {
        Ok(Race { start: *start, total: start.0, turn: 0 })
    }
    fn config(&self) -> &Start {
        &self.start
    }
    fn content(&self) -> &ContentSet<()> {
        // A game without content files has one set, the same for every state.
        static NONE: std::sync::LazyLock<ContentSet<()>> = std::sync::LazyLock::new(ContentSet::shipped);
        &NONE
    }
    fn to_act(&self) -> ToAct {
        if self.total >= 10 { ToAct::Nobody } else { ToAct::one(self.turn) }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Add> {
        if self.to_act().includes(seat) { (1..=2).filter(|n| self.total + n <= 10).map(Add).collect() } else { vec![] }
    }
    /// Adding 1 or 2 is numbered 0 or 1.
    fn action_space(&self) -> usize {
        2
    }
    fn action_number(&self, _seat: Seat, action: &Add) -> Option<usize> {
        matches!(action.0, 1 | 2).then(|| usize::from(action.0) - 1)
    }
    fn numbered_action(&self, _seat: Seat, number: usize) -> Option<Add> {
        (number < 2).then(|| Add(number as u8 + 1))
    }
    fn apply(&mut self, seat: Seat, action: &Add) -> Result<Step<Reached>, RuleError> {
        if !self.legal_actions(seat).contains(action) {
            return Err(RuleError::new("no", "race"));
        }
        self.total += action.0;
        if self.total < 10 {
            self.turn = 1 - self.turn;
        }
        Ok(Step::new(vec![Reached(self.total)]))
    }
    fn view(&self, _viewer: Viewer) -> Race {
        self.clone()
    }
    fn event_view(&self, event: &Reached, _viewer: Viewer) -> Option<Reached> {
        Some(event.clone())
    }
    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        let mut parts = imperia_core::observation::seat_parts(2);
        parts.push(("total", vec![1]));
        parts
    }
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        let mut t = imperia_core::observation::Tensor::new(self.observation_parts(), out);
        t.seats(viewer, &self.to_act());
        t.part("total").count(0, self.total, 10.0);
    }
    fn ending(&self) -> Option<Ending> {
        let parts = self.outcome()?.scores.iter().map(|&s| vec![ScorePart::new("the last count", s)]).collect();
        Some(Ending { reason: "The count reached 10.".into(), parts })
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.total >= 10).then(|| {
            let mut ranks = vec![2, 2];
            ranks[self.turn] = 1;
            Outcome { scores: ranks.iter().map(|&r| if r == 1 { 1 } else { 0 }).collect(), ranks }
        })
    }
    fn has_hidden_information(&self) -> bool {
        false
    }
    fn determinize(view: &Race, _content: &ContentSet<()>, _rng: &mut GameRng) -> Self {
        view.clone()
    }
    fn summary(&self, _viewer: Viewer) -> String {
        self.total.to_string()
    }
}

impl Evaluate for Race {
    fn evaluate(&self) -> Vec<f64> {
        match self.outcome() {
            Some(o) => imperia_core::outcome_values(&o),
            None => vec![0.5, 0.5],
        }
    }
}

#[test]
fn the_search_finds_a_forced_win() {
    let state = Race { start: Start(5), total: 5, turn: 0 };
    for (threads, guide) in [(1, Guide::Heuristic), (2, Guide::Heuristic), (1, Guide::Plain), (2, Guide::Plain)] {
        let budget = Budget { threads, guide, ..Budget::iterations(3000) };
        let result = search::<Race>(&state, &ContentSet::shipped(), 0, budget, &mut imperia_core::rng::seeded(3));
        let ranked = result.ranked(&state.legal_actions(0));
        assert_eq!(ranked[0].0, Add(2), "{ranked:?}");
        assert!(ranked[0].2 > 0.9 && ranked[1].2 < 0.5, "{ranked:?}");
        assert_eq!(result.iterations, 3000 * threads as u64);
    }
}

#[test]
fn the_search_says_where_its_iterations_went() {
    // From 5, the race ends within 5 more moves; every decision offers +1 or +2 (fewer near 10).
    let state = Race { start: Start(5), total: 5, turn: 0 };
    for (threads, guide) in [(1, Guide::Heuristic), (2, Guide::Heuristic), (1, Guide::Plain), (2, Guide::Plain)] {
        let budget = Budget { threads, guide, ..Budget::iterations(500) };
        let result = search::<Race>(&state, &ContentSet::shipped(), 0, budget, &mut imperia_core::rng::seeded(3));
        let stats = &result.stats;
        let iterations = 500 * threads as u64;
        assert_eq!(stats.levels[0].walks, iterations, "every walk starts at the root");
        assert_eq!(stats.levels[0].offered, 2 * iterations, "the root offers +1 and +2");
        assert_eq!(stats.levels[0].widest, 2);
        assert!(stats.levels.windows(2).all(|w| w[1].walks <= w[0].walks), "{stats:?}");
        assert!((2..=5).contains(&stats.depth_max), "the race is short: {stats:?}");
        assert_eq!(stats.depth_max + 1, stats.levels.len());
        // Each iteration adds at most one node (plain) or one per action of the node it reached (guided: at
        // most 2 here), to each thread's tree with its root.
        let per_walk = if guide == Guide::Plain { 1 } else { 2 };
        assert!(stats.nodes > 10 && stats.nodes <= per_walk * iterations + threads as u64, "{stats:?}");
    }
}

#[test]
fn the_guided_search_starts_from_the_one_step_choice() {
    // From 8, +2 wins at once. One guided iteration evaluates both moves and already ranks +2 first; one
    // plain iteration has tried a single move, drawn at random, so it cannot know.
    let state = Race { start: Start(8), total: 8, turn: 0 };
    for seed in 0..8 {
        let result = search::<Race>(
            &state,
            &ContentSet::shipped(),
            0,
            Budget::iterations(1),
            &mut imperia_core::rng::seeded(seed),
        );
        let ranked = result.ranked(&state.legal_actions(0));
        assert_eq!(ranked.len(), 2, "both moves evaluated: {ranked:?}");
        assert_eq!(ranked[0].0, Add(2), "{ranked:?}");
        assert_eq!(ranked[0].2, 1.0, "a win is worth 1: {ranked:?}");
        let plain = Budget { guide: Guide::Plain, ..Budget::iterations(1) };
        let result = search::<Race>(&state, &ContentSet::shipped(), 0, plain, &mut imperia_core::rng::seeded(seed));
        assert_eq!(result.ranked(&state.legal_actions(0)).len(), 1, "one move tried");
    }
}

#[test]
fn the_rollout_bot_sees_a_win_the_one_step_look_cannot() {
    // From 5 both moves look alike one step ahead (no one has won), so the one-step bot picks either. Played
    // out by one-step bots, +2 always wins (7: every reply leaves a winning move in sight) and +1 only when
    // the other errs, so the bot that plays its moves out picks +2.
    let state = Race { start: Start(5), total: 5, turn: 0 };
    let legal = state.legal_actions(0);
    let mut one_step = Vec::new();
    for seed in 0..8 {
        let mut rng = imperia_core::rng::seeded(seed);
        let choose = |text: &str, rng: &mut GameRng| {
            spec(text).build::<Race>().choose(&state, &ContentSet::shipped(), 0, &legal, rng)
        };
        assert_eq!(choose("rollout:8", &mut rng), Add(2), "seed {seed}");
        one_step.push(choose("heuristic", &mut rng));
    }
    assert!(one_step.contains(&Add(1)) && one_step.contains(&Add(2)), "one step cannot tell: {one_step:?}");
    // Where one step already sees the win, it stands.
    let near = Race { start: Start(8), total: 8, turn: 0 };
    let mut bot = spec("rollout:1").build::<Race>();
    let chosen =
        bot.choose(&near, &ContentSet::shipped(), 0, &near.legal_actions(0), &mut imperia_core::rng::seeded(1));
    assert_eq!(chosen, Add(2));
}

#[test]
fn a_review_finds_the_blunder() {
    // From 5, seat 0 plays +1 (the only winning move was +2), seat 1 answers well, and from 7 seat 0 has
    // only losing moves: the review marks the first decision and not the last, and judges only seat 0.
    let game = imperia_core::GameEntry::of::<Race>();
    let mut m = imperia_core::Match::<Race>::new(Start(5), 0).expect("setup");
    for (seat, n) in [(0, 1), (1, 1), (0, 1), (1, 2)] {
        m.apply(seat, &Add(n)).expect("legal");
    }
    let record = m.record();
    let review = BotEntry::of::<Race>().review;
    let judged =
        review(&record, &(game.shipped)(), &[0], 0..record.actions.len(), Budget::iterations(2000), 1).expect("judged");
    assert_eq!(judged.iter().map(|j| (j.step, j.seat)).collect::<Vec<_>>(), [(1, 0), (3, 0)], "{judged:?}");
    assert_eq!((judged[0].chosen.as_str(), judged[0].best.as_str()), ("+1", "+2"), "{judged:?}");
    assert!(judged[0].loss() > 0.5, "{judged:?}");
    assert!(judged[1].loss() < 0.1, "every move from 7 loses: {judged:?}");
    // A range judges only its own steps, the same way.
    let part = review(&record, &(game.shipped)(), &[0], 2..4, Budget::iterations(2000), 1).expect("judged");
    assert_eq!(part, judged[1..]);
}
