//! How Brazil: Imperial's provisional content and maps play (issue 17; docs/rules/brazil-imperial.md §3,
//! the "Arena" lines, and §3.13 for the figures): bots at every seat at each player count, and the solo
//! scenario at two budgets. For each count it reports wins by turn position (the "1" capital token decides who
//! goes first), by colour and by ruler (rulers and goals kept are chosen at random, so that each is measured),
//! the game's length in rounds and when the eras changed, how the game ended, battles a game, the share of "?"
//! hexes explored, the scores, and how often each building, city, unit, item and card was used.
//!
//! A long run, so ignored by default; run it by hand:
//! `BRAZIL_GAMES=400 cargo test --release -p imperia-games --test brazil_balance -- --ignored --nocapture`.
//! `BRAZIL_BOT` names the bot of the multiplayer seats (default `mcts:100`), `BRAZIL_SOLO` the solo bots,
//! `;`-separated (default `mcts:100;mcts:400`), `BRAZIL_ONLY="3 players;solo, mcts:100"` plays only the
//! counts named as the report names them, and `BRAZIL_JOBS` sets the worker threads (one per core).
//! `BRAZIL_KEEP=bot` lets the bots keep their goals and rulers, as in real games, and `BRAZIL_CONTENT=<dir>`
//! plays with the content files of `dir` in place of the shipped ones (`imperia data files`). Each count
//! plays its own scenario, or `BRAZIL_SCENARIO=<id>` (with `BRAZIL_ONLY` naming its count). Of the games
//! at the round limit it tells, player by player, what stood between them and their goal card of the era
//! under way, and whether anyone could still complete an era-III card.
//! The CI-sized `a_few_games_fill_the_table` checks the tally itself.

mod common;

use std::collections::BTreeSet;

use brazil_imperial::content::Condition;
use brazil_imperial::map::Cell;
use brazil_imperial::state::Spot;
use brazil_imperial::{Action, Brazil, Config, Content, Event, Holdings};
use imperia_bots::BotSpec;
use imperia_core::{ContentSet, Game, GameConfig, Viewer};
use rand::Rng;

// The allocator the `imperia` binary uses, so that this long run plays at the arena's speed.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The kinds of content whose use is counted, in the order of [`Tally::used`].
const KINDS: [&str; 8] =
    ["buildings", "cities", "units", "items", "privilege cards", "goals", "opportunity cards", "battle cards"];

/// What a batch of games came to.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    steps: usize,
    /// Wins by turn position (ties shared); in the solo game, position 0 holds the wins.
    wins: Vec<f64>,
    /// By colour and by ruler: games played, wins.
    colours: Vec<(usize, f64)>,
    rulers: Vec<(usize, f64)>,
    /// Games in which each entry was used, by kind of [`KINDS`] and content index: built, founded, recruited,
    /// crafted, taken, declared, played or paid with, committed.
    used: [Vec<usize>; 8],
    /// Rounds played, by game.
    rounds: Vec<u32>,
    /// The round each era began (summed) and in how many games it did, for eras II and III.
    eras: [(u32, usize); 2],
    /// Games ended by a complete era-III card (the others ran to the round limit, ruling B63, or, solo, were
    /// decided by the scenario's conditions).
    by_goal: usize,
    battles: usize,
    attacker_wins: usize,
    /// The share of "?" hexes explored, summed over the games.
    explored: f64,
    /// Games that ran to the round limit, by how they stood: the era, and the most era-III tasks any one
    /// player had declared (what keeps a game from ending by the rules, ruling B63).
    stalled: std::collections::BTreeMap<(u8, u32), usize>,
    /// At the round limit, what stood between each player and their goal card of the era under way: for each
    /// task not declared, its unmet conditions as (card, task number from 1, condition, whether the pieces it
    /// asks for are still to be had), counted over players ([`Blocker`]).
    blocked: std::collections::BTreeMap<(String, usize, String, Blocker), usize>,
    /// Games at the round limit in which no player could still complete their era-III card, whatever they
    /// did (a content error by §3.6's plan: "a stall must be impossible").
    hopeless: usize,
    scores: Vec<i64>,
}

/// Whether an unmet condition can still be met by the player who holds the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Blocker {
    /// Enough tokens are left to take, or to flip from one's own.
    InReach,
    /// The building tokens it asks for are all taken, and the player has too few of the other face to flip.
    TokensGone,
    /// The cities are all founded.
    CitiesGone,
    /// A city is to be had, but no unit that founds one stands on the map.
    NoFounder,
}

impl Blocker {
    /// Nothing the player does can meet the condition any more (short of taking a token in battle).
    fn rules_out(self) -> bool {
        matches!(self, Blocker::TokensGone | Blocker::CitiesGone)
    }
}

impl Tally {
    fn new(players: usize, content: &Content) -> Tally {
        Tally {
            wins: vec![0.0; players],
            colours: vec![(0, 0.0); content.colours.len()],
            rulers: vec![(0, 0.0); content.rulers.len()],
            used: [
                vec![0; content.buildings.len()],
                vec![0; content.cities.len()],
                vec![0; content.units.len()],
                vec![0; content.items.len()],
                vec![0; content.privileges.len()],
                vec![0; content.goals.len()],
                vec![0; content.opportunities.len()],
                vec![0; content.battle_cards.len()],
            ],
            ..Tally::default()
        }
    }

    /// Adds another batch of the same player count.
    fn merge(&mut self, o: Tally) {
        self.games += o.games;
        self.steps += o.steps;
        self.wins.iter_mut().zip(&o.wins).for_each(|(a, b)| *a += b);
        for (mine, theirs) in [(&mut self.colours, &o.colours), (&mut self.rulers, &o.rulers)] {
            mine.iter_mut().zip(theirs).for_each(|(a, b)| *a = (a.0 + b.0, a.1 + b.1));
        }
        for (mine, theirs) in self.used.iter_mut().zip(&o.used) {
            mine.iter_mut().zip(theirs).for_each(|(a, b)| *a += b);
        }
        self.rounds.extend(o.rounds);
        self.eras.iter_mut().zip(&o.eras).for_each(|(a, b)| *a = (a.0 + b.0, a.1 + b.1));
        self.by_goal += o.by_goal;
        for (k, v) in o.stalled {
            *self.stalled.entry(k).or_default() += v;
        }
        for (k, v) in o.blocked {
            *self.blocked.entry(k).or_default() += v;
        }
        self.hopeless += o.hopeless;
        self.battles += o.battles;
        self.attacker_wins += o.attacker_wins;
        self.explored += o.explored;
        self.scores.extend(o.scores);
    }
}

/// The content entries an action uses, as (kind of [`KINDS`], index).
fn uses(action: &Action) -> Vec<(usize, usize)> {
    match action {
        Action::Build { building, .. } => vec![(0, building.index())],
        Action::Found { city, .. } => vec![(1, city.index())],
        Action::Recruit { unit, .. } => vec![(2, unit.index())],
        Action::Craft { item, .. } => vec![(3, item.index())],
        Action::Take { card } => vec![(4, card.index())],
        Action::Declare { goal, .. } => vec![(5, goal.index())],
        Action::Play { card } | Action::PayCard { card } => vec![(6, card.index())],
        Action::Commit { cards } | Action::Afonso { cards } => cards.iter().map(|c| (7, c.index())).collect(),
        Action::PayBattle { card } => vec![(7, card.index())],
        _ => Vec::new(),
    }
}

/// Plays the game of one seed, `bot` in every seat, and adds what it came to.
fn play_one(config: &Config, content: &ContentSet<Content>, bot: &BotSpec, seed: u64, t: &mut Tally) {
    let n = config.players;
    let mut g = Brazil::setup(config, content, seed).expect("a game");
    let mut rng = imperia_core::rng::seeded(seed);
    let mut bot = bot.build::<Brazil>();
    let mut used: [BTreeSet<usize>; 8] = Default::default();
    while let Some(&seat) = g.to_act().seats().first() {
        let legal = g.legal_actions(seat);
        let action = if legal.len() == 1 {
            legal[0].clone()
        } else if matches!(legal[0], Action::Prepare { .. }) && !bots_keep() {
            // Goals and rulers are dealt at random, so that every ruler and goal is played and measured.
            legal[rng.random_range(0..legal.len())].clone()
        } else {
            bot.choose(&g.view(Viewer::Seat(seat)), content, seat, &legal, &mut rng)
        };
        uses(&action).into_iter().for_each(|(k, i)| _ = used[k].insert(i));
        let era = g.era;
        let step = g.apply(seat, &action).expect("a listed action");
        if g.era > era && g.era >= 2 {
            let e = &mut t.eras[usize::from(g.era) - 2];
            *e = (e.0 + g.round, e.1 + 1);
        }
        // A battle is read from the public line that resolving it writes ("Battle at …; … wins").
        for e in &step.events {
            if let Event::Public(text) = e
                && text.starts_with("Battle at ")
            {
                t.battles += 1;
                t.attacker_wins += usize::from(text.ends_with(" wins"));
            }
        }
        t.steps += 1;
    }
    let o = g.outcome().expect("an outcome");
    let winners = o.ranks.iter().filter(|&&r| r == 1).count() as f64;
    for s in 0..n {
        let won = if o.ranks[s] == 1 { 1.0 / winners } else { 0.0 };
        t.wins[(s + n - usize::from(g.first)) % n] += won;
        let p = &g.players[s];
        let c = &mut t.colours[p.colour.index()];
        *c = (c.0 + 1, c.1 + won);
        if let Some(r) = p.ruler {
            let r = &mut t.rulers[r.index()];
            *r = (r.0 + 1, r.1 + won);
        }
    }
    for (k, set) in used.iter().enumerate() {
        set.iter().for_each(|&i| t.used[k][i] += 1);
    }
    let board = g.board();
    let question: Vec<usize> = (0..board.cells.len()).filter(|&h| board.cells[h] == Cell::Question).collect();
    let explored = question.iter().filter(|&&h| g.sites[h].lying.as_ref().is_none_or(|l| l.face_up)).count();
    t.explored += explored as f64 / question.len().max(1) as f64;
    t.by_goal += usize::from(g.last_round);
    if n > 1 && !g.last_round {
        let c = &**content;
        let most = (0..n)
            .map(|s| {
                g.players[s]
                    .goals
                    .iter()
                    .filter(|h| c.goal(h.goal).era == 3)
                    .map(|h| h.done.count_ones())
                    .max()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        *t.stalled.entry((g.era, most)).or_default() += 1;
        let mut anyone = false;
        for seat in 0..n as u8 {
            anyone |= tally_blockers(&g, seat, t);
        }
        t.hopeless += usize::from(g.era == 3 && !anyone);
    }
    t.rounds.push(g.round);
    if n > 1 {
        t.scores.extend(o.scores);
    }
    t.games += 1;
}

/// Adds what stood between `seat` and its goal card of the era under way at the round limit, and says
/// whether the player could still complete it: no condition of its tasks left is ruled out.
fn tally_blockers(g: &Brazil, seat: u8, t: &mut Tally) -> bool {
    let c = &*g.content;
    let holdings = g.holdings(seat);
    let mut possible = true;
    for held in g.players[usize::from(seat)].goals.iter().filter(|h| c.goal(h.goal).era == g.era) {
        let goal = c.goal(held.goal);
        for (k, task) in goal.tasks.iter().enumerate().filter(|&(k, _)| held.done & (1 << k) == 0) {
            for &cond in task.conditions.iter().filter(|&&cond| !holdings.meets(cond)) {
                let blocker = blocker(g, seat, &holdings, cond);
                possible &= !blocker.rules_out();
                *t.blocked.entry((goal.id.clone(), k + 1, condition_name(c, cond), blocker)).or_default() += 1;
            }
        }
    }
    possible
}

/// Whether an unmet condition can still be met: a building from the tokens left or by flipping one's own of
/// the other face (Renew), a city from the city tokens left. Battles, which could take an opponent's token,
/// are not counted on.
fn blocker(g: &Brazil, seat: u8, holdings: &Holdings, cond: Condition) -> Blocker {
    let c = &*g.content;
    match cond {
        Condition::Controls(b, n) => {
            let building = c.building(b);
            let left = usize::from(g.token_supply[building.token]);
            let flippable = holdings.count(Condition::Controls(building.other, 0)).0;
            let have = holdings.count(cond).0;
            if have + left + flippable < usize::from(n) { Blocker::TokensGone } else { Blocker::InReach }
        }
        Condition::Cities(n) => {
            let left: usize = g.city_stacks.iter().map(Vec::len).sum();
            let founder =
                g.colour_units(seat).iter().any(|&u| g.founds(seat, u) && matches!(g.spot(seat, u), Spot::Map(_)));
            if holdings.count(cond).0 + left < usize::from(n) {
                Blocker::CitiesGone
            } else if founder {
                Blocker::InReach
            } else {
                Blocker::NoFounder
            }
        }
        _ => Blocker::InReach,
    }
}

/// A condition as the report names it (`2 university`, `5 units`).
fn condition_name(c: &Content, cond: Condition) -> String {
    match cond {
        Condition::Units(n) => format!("{n} units"),
        Condition::Controls(b, n) => format!("{n} {}", c.building(b).id),
        Condition::Buildings(n) => format!("{n} buildings"),
        Condition::BuildingKinds(n) => format!("{n} building kinds"),
        Condition::Cities(n) => format!("{n} cities"),
        Condition::Items(n) => format!("{n} items"),
        Condition::ItemsShape(shape, n) => format!("{n} {shape:?} items"),
        Condition::Privileges(n) => format!("{n} privileges"),
        Condition::PrivilegesBack(n) => format!("{n} privileges of one back"),
        Condition::Supply(n) => format!("{n} in supply"),
    }
}

/// Whether the bots keep their own goals and rulers (`BRAZIL_KEEP=bot`, as in `imperia fuzz` and real games)
/// rather than have them dealt at random.
fn bots_keep() -> bool {
    std::env::var("BRAZIL_KEEP").is_ok_and(|v| v == "bot")
}

/// The shipped content, with the files of the folder `BRAZIL_CONTENT` in place of theirs if it is set (to
/// measure a change to the cards before making it).
fn content() -> ContentSet<Content> {
    let Ok(dir) = std::env::var("BRAZIL_CONTENT") else { return ContentSet::shipped() };
    let files = imperia_core::ContentFiles::shipped(<Content as imperia_core::GameContent>::FILES);
    let files = files.replaced_from(std::path::Path::new(&dir)).expect("BRAZIL_CONTENT: a folder of content files");
    ContentSet::load(files).expect("BRAZIL_CONTENT: valid content")
}

/// Plays `games` seeds from `first_seed` on this thread.
fn play(config: &Config, games: usize, bot: &BotSpec, first_seed: u64) -> Tally {
    let content = ContentSet::<Content>::shipped();
    let _scope = content.enter();
    let mut t = Tally::new(config.players, &content);
    for seed in first_seed..first_seed + games as u64 {
        play_one(config, &content, bot, seed, &mut t);
    }
    t
}

fn percent(x: f64, of: usize) -> String {
    format!("{:.1}%", 100.0 * x / of.max(1) as f64)
}

fn report(name: &str, t: &Tally, content: &ContentSet<Content>) {
    let games = t.games.max(1) as f64;
    let mut rounds = t.rounds.clone();
    rounds.sort_unstable();
    let median = rounds.get(rounds.len() / 2).copied().unwrap_or(0);
    let (min, max) = (rounds.first().copied().unwrap_or(0), rounds.last().copied().unwrap_or(0));
    println!("{name}: {} games, {:.0} actions a game", t.games, t.steps as f64 / games);
    if t.wins.len() == 1 {
        println!("  won: {} ({} of {})", percent(t.wins[0], t.games), t.wins[0], t.games);
    } else {
        let wins: Vec<String> = t.wins.iter().map(|&w| percent(w, t.games)).collect();
        println!("  wins by turn position: {}", wins.join(", "));
        let seated = |rows: &[(usize, f64)], name: &dyn Fn(usize) -> String| {
            let shown: Vec<String> = rows
                .iter()
                .enumerate()
                .filter(|(_, r)| r.0 > 0)
                .map(|(i, &(n, w))| format!("{} {} of {n}", name(i), percent(w, n)))
                .collect();
            shown.join(", ")
        };
        println!("  wins by colour: {}", seated(&t.colours, &|i| content.colours[i].id.clone()));
        println!("  wins by ruler: {}", seated(&t.rulers, &|i| content.rulers[i].id.clone()));
        let mean = t.scores.iter().sum::<i64>() as f64 / t.scores.len().max(1) as f64;
        let (lo, hi) = (t.scores.iter().min().copied().unwrap_or(0), t.scores.iter().max().copied().unwrap_or(0));
        println!("  final VP: mean {mean:.1}, from {lo} to {hi}");
    }
    println!("  rounds: median {median}, from {min} to {max}");
    let era = |(sum, n): (u32, usize)| {
        if n == 0 {
            "never".to_string()
        } else {
            format!("round {:.1} in {}", f64::from(sum) / n as f64, percent(n as f64, t.games))
        }
    };
    println!("  era II began {}; era III began {}", era(t.eras[0]), era(t.eras[1]));
    println!("  ended by a complete era-III card: {}", percent(t.by_goal as f64, t.games));
    if !t.stalled.is_empty() {
        let stood: Vec<String> = t
            .stalled
            .iter()
            .map(|(&(era, tasks), n)| format!("era {era} with at most {tasks} era-III tasks declared: {n}"))
            .collect();
        println!("  at the round limit: {}", stood.join("; "));
        println!("  at the round limit, no player able to complete their era-III card: {}", t.hopeless);
        println!("  what stood between each player and their card of the era under way (card, task, condition):");
        for ((card, task, cond, blocker), n) in &t.blocked {
            println!("    {card:<26} {task}  {cond:<26} {blocker:?}: {n}");
        }
    }
    println!(
        "  battles a game: {:.1}, the attacker winning {}; \"?\" hexes explored: {}",
        t.battles as f64 / games,
        percent(t.attacker_wins as f64, t.battles),
        percent(t.explored, t.games)
    );
    for (k, kind) in KINDS.iter().enumerate() {
        let id = |i: usize| match k {
            0 => &content.buildings[i].id,
            1 => &content.cities[i].id,
            2 => &content.units[i].id,
            3 => &content.items[i].id,
            4 => &content.privileges[i].id,
            5 => &content.goals[i].id,
            6 => &content.opportunities[i].id,
            _ => &content.battle_cards[i].id,
        };
        // A unit counts only where its colour was played (in solo, green's).
        let in_play = |i: usize| k != 2 || t.colours[content.units[i].colour.index()].0 > 0;
        let entries: Vec<usize> = (0..t.used[k].len()).filter(|&i| in_play(i)).collect();
        let shares: Vec<String> =
            entries.iter().map(|&i| format!("{} {:.0}%", id(i), 100.0 * t.used[k][i] as f64 / games)).collect();
        let never: Vec<&String> = entries.iter().filter(|&&i| t.used[k][i] == 0).map(|&i| id(i)).collect();
        println!("  {kind} used in (share of games): {}", shares.join(", "));
        if !never.is_empty() {
            println!("  {kind} never used: {}", never.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", "));
        }
    }
}

#[test]
#[ignore = "a long measurement: run by hand (see the module doc)"]
fn provisional_content_balance() {
    let games = common::env("BRAZIL_GAMES", 100);
    let bot = std::env::var("BRAZIL_BOT").unwrap_or_else(|_| "mcts:100".into());
    let solo = std::env::var("BRAZIL_SOLO").unwrap_or_else(|_| "mcts:100;mcts:400".into());
    // Each count plays its own scenario, as a game created in the lobby does, or `BRAZIL_SCENARIO`'s.
    let mut options = serde_json::Map::new();
    if let Ok(id) = std::env::var("BRAZIL_SCENARIO") {
        options.insert("scenario".into(), id.into());
    }
    let own = |n| Config::with_options(n, &options).expect("a config");
    let mut runs: Vec<(String, Config, BotSpec)> =
        (2..=4).map(|n| (format!("{n} players"), own(n), bot.parse().expect("a bot name"))).collect();
    for b in solo.split(';').map(str::trim).filter(|b| !b.is_empty()) {
        runs.push((format!("solo, {b}"), own(1), b.parse().expect("a bot name")));
    }
    runs.retain(|(name, ..)| common::picked("BRAZIL_ONLY", name));
    assert!(!runs.is_empty(), "BRAZIL_ONLY names no run; runs are named as the report names them");
    let queue = common::queue(&runs.iter().map(|(_, c, _)| c.players).collect::<Vec<_>>(), games);
    let content = content();
    let totals = common::play_queue(
        &queue,
        common::workers("BRAZIL_JOBS"),
        || runs.iter().map(|(_, c, _)| Tally::new(c.players, &content)).collect(),
        |t, c, seed| {
            let _scope = content.enter();
            play_one(&runs[c].1, &content, &runs[c].2, seed, t);
        },
        Tally::merge,
    );
    for ((name, ..), t) in runs.iter().zip(&totals) {
        report(name, t, &content);
    }
}

/// The tally counts what happened: a few quick games at every count, each ending with its winners, content
/// used, rounds played and "?" hexes explored within their bounds.
#[test]
fn a_few_games_fill_the_table() {
    for players in 1..=4 {
        let t = play(&Config::new(players).expect("a config"), 2, &"heuristic".parse().expect("a bot"), 7);
        assert_eq!(t.games, 2);
        if players > 1 {
            assert!((t.wins.iter().sum::<f64>() - 2.0).abs() < 1e-9, "every game has its winners");
            assert_eq!(t.colours.iter().map(|c| c.0).sum::<usize>(), 2 * players);
        }
        assert!(t.used[0].iter().sum::<usize>() > 0, "buildings are built");
        assert!(t.rounds.iter().all(|&r| (1..=40).contains(&r)), "{:?}", t.rounds);
        assert!((0.0..=2.0).contains(&t.explored));
    }
}

/// The long run's workers each keep a tally and merge them: two batches merged count what one batch of the
/// same games counts.
#[test]
fn merged_batches_count_as_one() {
    let config = Config::new(3).expect("a config");
    let bot: BotSpec = "heuristic".parse().expect("a bot");
    let whole = play(&config, 2, &bot, 7);
    let mut merged = play(&config, 1, &bot, 7);
    merged.merge(play(&config, 1, &bot, 8));
    assert_eq!(format!("{whole:?}"), format!("{merged:?}"));
}
