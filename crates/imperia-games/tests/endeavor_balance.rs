//! How Endeavor's provisional content plays (issue 16): MCTS bots at every seat, each player count and the
//! Silent Fleet, and what the games came to — wins by turn order (position from the first crown, the seat
//! advantage a fixed seat number hides, as the crown is drawn at random), how often each building kind is
//! built, whether every card is taken, the final scores and the game length. Each position's game is broken
//! down too (turns by round, buildings by level and when the top ones came, attributes when round 4 begins,
//! cards drawn early): that is how the tunings of docs/rules/endeavor.md §5 were found.
//!
//! A long run, so ignored by default; run it by hand (25 minutes on two cores for docs/rules/endeavor.md's
//! table): `ENDEAVOR_GAMES=400 ENDEAVOR_BOT=mcts:100 cargo test -p imperia-games --test endeavor_balance --
//! --ignored --nocapture`.
//! `ENDEAVOR_BOT` takes any bot name (`uct:300`, `heuristic`); `ENDEAVOR_ONLY="4 players;5 players"` plays
//! only the counts named as the report names them; `ENDEAVOR_JOBS` sets the worker threads (one per core);
//! `ENDEAVOR_CONTENT=<dir>` plays with the content files in `<dir>` in place of the shipped ones.
//! The CI-sized `a_few_games_fill_the_table` checks the tally itself.

mod common;

use std::collections::BTreeSet;

use endeavor::{Action, Config, Content, Endeavor, Sail, SilentFleet};
use imperia_bots::BotSpec;
use imperia_core::{ContentFiles, ContentSet, Game, GameContent, Viewer};

// The allocator the `imperia` binary uses, so that this long run plays at the arena's speed.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What a batch of games came to.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    /// Wins by position from the first crown (ties shared).
    wins: Vec<f64>,
    /// Games in which each building kind was built, by content index.
    built: Vec<usize>,
    /// Cards any player took in any game.
    taken: BTreeSet<usize>,
    scores: Vec<i64>,
    /// Each position's glory by the score pad's rows (tracks, cities and routes, buildings and cards,
    /// harbor, slavery), summed over the games.
    rows: Vec<[f64; 5]>,
    steps: usize,
    /// Turns (a building activated or an action token spent) by position and round, summed.
    turns: Vec<[usize; 8]>,
    /// Buildings built by position and level (0–5), summed; attacks made by position.
    levels: Vec<[usize; 6]>,
    attacks: Vec<usize>,
    /// Buildings of levels 4 and 5 built by position and round, summed.
    high: Vec<[usize; 8]>,
    /// The four attributes when round 4 begins, by position, summed.
    round_4: Vec<[usize; 4]>,
    /// Cards drawn in rounds 1–3 by position, summed: from Europe (count, values), from Slavery (count,
    /// values), from the regions (count). The decks are sorted by value, so who draws first draws low.
    early_draws: Vec<[usize; 5]>,
    /// Each region's opening round summed, and how many games it opened in, by zone index.
    opened: Vec<(usize, usize)>,
    /// Regions opened in each round (1–7), all regions of all games together.
    opening_rounds: [usize; 8],
    /// Actions carried out, by what they did: Ship to a track, a fleet space or the open sea, Occupy in
    /// Europe or in a region, Attack, Payment, Draw.
    actions: [usize; 8],
    /// Discs shipped to a shipping track in each round (1–7), the Silent Fleet's included.
    track_ships: [usize; 8],
}

impl Tally {
    fn new(players: usize, content: &Content) -> Tally {
        Tally {
            wins: vec![0.0; players],
            rows: vec![[0.0; 5]; players],
            built: vec![0; content.buildings.len()],
            opened: vec![(0, 0); content.zones.len()],
            turns: vec![[0; 8]; players],
            levels: vec![[0; 6]; players],
            attacks: vec![0; players],
            high: vec![[0; 8]; players],
            round_4: vec![[0; 4]; players],
            early_draws: vec![[0; 5]; players],
            ..Tally::default()
        }
    }

    /// Adds another batch of the same player count.
    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.steps += other.steps;
        self.wins.iter_mut().zip(&other.wins).for_each(|(a, b)| *a += b);
        self.built.iter_mut().zip(&other.built).for_each(|(a, b)| *a += b);
        self.attacks.iter_mut().zip(&other.attacks).for_each(|(a, b)| *a += b);
        self.opened.iter_mut().zip(&other.opened).for_each(|(a, b)| *a = (a.0 + b.0, a.1 + b.1));
        (0..8).for_each(|r| self.opening_rounds[r] += other.opening_rounds[r]);
        (0..8).for_each(|k| self.actions[k] += other.actions[k]);
        (0..8).for_each(|r| self.track_ships[r] += other.track_ships[r]);
        add(&mut self.rows, &other.rows);
        add(&mut self.turns, &other.turns);
        add(&mut self.levels, &other.levels);
        add(&mut self.high, &other.high);
        add(&mut self.round_4, &other.round_4);
        add(&mut self.early_draws, &other.early_draws);
        self.taken.extend(other.taken);
        self.scores.extend(other.scores);
    }
}

/// Adds one batch's counts by position to another's.
fn add<T: Copy + std::ops::AddAssign, const K: usize>(total: &mut [[T; K]], other: &[[T; K]]) {
    total.iter_mut().zip(other).for_each(|(a, b)| (0..K).for_each(|k| a[k] += b[k]));
}

/// The content played: the shipped files, or with `ENDEAVOR_CONTENT` a folder of files in their place (as
/// `imperia data files endeavor <dir>` writes them), to measure a tuning before shipping it.
fn content_set() -> ContentSet<Content> {
    let Ok(dir) = std::env::var("ENDEAVOR_CONTENT") else { return ContentSet::shipped() };
    let files = ContentFiles::shipped(Content::FILES).replaced_from(std::path::Path::new(&dir));
    files.and_then(ContentSet::load).unwrap_or_else(|e| panic!("ENDEAVOR_CONTENT: {e}"))
}

fn play(config: &Config, games: usize, bot: &BotSpec, first_seed: u64) -> Tally {
    let content = content_set();
    let _scope = content.enter();
    let mut t = Tally::new(config.players, &content);
    for seed in first_seed..first_seed + games as u64 {
        play_one(config, &content, bot, seed, &mut t);
    }
    t
}

/// Plays the game of one seed, bots in every seat, and adds what it came to.
fn play_one(config: &Config, content: &ContentSet<Content>, bot: &BotSpec, seed: u64, t: &mut Tally) {
    let n = config.players;
    let mut g = Endeavor::setup(config, content, seed).expect("a game");
    let first = usize::from(g.crown);
    let position = |seat: usize| (seat + n - first) % n;
    let mut rng = imperia_core::rng::seeded(seed);
    let mut bot = bot.build::<Endeavor>();
    let mut built = BTreeSet::new();
    while let Some(&seat) = g.to_act().seats().first() {
        let legal = g.legal_actions(seat);
        let action = if legal.len() == 1 {
            legal[0]
        } else {
            bot.choose(&g.view(Viewer::Seat(seat)), content, seat, &legal, &mut rng)
        };
        if let Some(k) = kind(&g, &action) {
            t.actions[k] += 1;
        }
        if let Action::Ship { to: Sail::Track { .. } } | Action::FleetShip { to: Sail::Track { .. } } = action {
            t.track_ships[usize::from(g.round)] += 1;
        }
        match action {
            Action::Build { building } => {
                built.insert(building.index());
                let level = content.building(building).level;
                t.levels[position(seat)][usize::from(level)] += 1;
                if level >= 4 {
                    t.high[position(seat)][usize::from(g.round)] += 1;
                }
            }
            Action::Attack { .. } => t.attacks[position(seat)] += 1,
            Action::Draw { card } => {
                t.taken.insert(card.index());
                if g.round <= 3 {
                    let c = content.card(card);
                    let deck = &content.decks[c.deck.index()];
                    let d = &mut t.early_draws[position(seat)];
                    // Slavery's deck is drawn with Europe's presence, so it is told apart first.
                    match (deck.slavery, deck.zone.is_region()) {
                        (true, _) => (d[2], d[3]) = (d[2] + 1, d[3] + usize::from(c.value)),
                        (false, false) => (d[0], d[1]) = (d[0] + 1, d[1] + usize::from(c.value)),
                        (false, true) => d[4] += 1,
                    }
                }
            }
            Action::Activate { .. } | Action::Spend { .. } => t.turns[position(seat)][usize::from(g.round)] += 1,
            _ => {}
        }
        let closed: Vec<bool> = g.explored.iter().map(|&e| !e).collect();
        let round = g.round;
        g.apply(seat, &action).expect("a listed action");
        if round == 3 && g.round == 4 {
            for s in 0..n {
                let a = g.attributes(s);
                (0..4).for_each(|k| t.round_4[position(s)][k] += usize::from(a[k]));
            }
        }
        // Counted in the round the action was taken in: when nobody is left to act, applying it may end
        // the round.
        for (z, _) in closed.iter().enumerate().filter(|&(z, &c)| c && g.explored[z]) {
            t.opened[z] = (t.opened[z].0 + usize::from(round), t.opened[z].1 + 1);
            t.opening_rounds[usize::from(round)] += 1;
        }
        t.steps += 1;
    }
    let o = g.outcome().expect("an outcome");
    let winners = o.ranks.iter().filter(|&&r| r == 1).count() as f64;
    for s in 0..n {
        if o.ranks[s] == 1 {
            t.wins[position(s)] += 1.0 / winners;
        }
        let r = g.score(s);
        let row = [
            r.tracks.iter().map(|&x| f64::from(x)).sum(),
            f64::from(r.cities_and_routes),
            f64::from(r.buildings_and_cards),
            f64::from(r.harbor),
            -f64::from(r.slavery),
        ];
        (0..5).for_each(|k| t.rows[position(s)][k] += row[k]);
    }
    for p in &g.players {
        // Governors are taken by exploring, not drawn.
        t.taken.extend(p.cards.iter().chain(&p.governor).chain(&p.set_aside).map(|c| c.index()));
    }
    built.into_iter().for_each(|b| t.built[b] += 1);
    t.scores.extend(o.scores);
    t.games += 1;
}

/// Where an action of a turn counts in [`Tally::actions`].
fn kind(g: &Endeavor, action: &Action) -> Option<usize> {
    Some(match *action {
        Action::Ship { to: Sail::Track { .. } } => 0,
        Action::Ship { to: Sail::Fleet { .. } } => 1,
        Action::Ship { to: Sail::Sea { .. } } => 2,
        Action::Occupy { city } => 3 + usize::from(g.content().space(city).zone.is_region()),
        Action::Attack { .. } => 5,
        Action::Payment { .. } => 6,
        Action::Draw { .. } => 7,
        _ => return None,
    })
}

/// Counts summed over the games, as means a game.
fn per_game(counts: &[usize], games: f64, digits: usize, separator: &str) -> String {
    counts.iter().map(|&x| format!("{:.digits$}", x as f64 / games)).collect::<Vec<_>>().join(separator)
}

fn report(name: &str, t: &Tally) {
    let content = content_set();
    let games = t.games as f64;
    let wins: Vec<String> = t.wins.iter().map(|w| format!("{:.1}%", 100.0 * w / games)).collect();
    let (min, max) = (t.scores.iter().min().copied().unwrap_or(0), t.scores.iter().max().copied().unwrap_or(0));
    let mean = t.scores.iter().sum::<i64>() as f64 / t.scores.len().max(1) as f64;
    println!("{name}: {} games, {:.0} actions a game", t.games, t.steps as f64 / games);
    println!("  wins by position from the first crown: {}", wins.join(", "));
    println!("  final glory: mean {mean:.1}, from {min} to {max}");
    let rows: Vec<String> =
        t.rows.iter().map(|r| r.iter().map(|x| format!("{:.1}", x / games)).collect::<Vec<_>>().join("/")).collect();
    println!(
        "  mean glory by position (tracks/cities and routes/buildings and cards/harbor/slavery): {}",
        rows.join(", ")
    );
    let rare: Vec<String> = content
        .buildings
        .iter()
        .enumerate()
        .filter(|(_, b)| !b.start)
        .map(|(i, b)| format!("{} {:.0}%", b.id, 100.0 * t.built[i] as f64 / games))
        .collect();
    println!("  built in (share of games): {}", rare.join(", "));
    let levels: Vec<String> = t.levels.iter().map(|r| per_game(&r[1..], games, 2, "/")).collect();
    println!("  buildings a game by position, levels 1-5: {}", levels.join(", "));
    let high: Vec<String> = t.high.iter().map(|r| per_game(&r[1..], games, 2, "/")).collect();
    println!("  level-4 and 5 buildings a game by position, rounds 1-7: {}", high.join(", "));
    let round_4: Vec<String> = t.round_4.iter().map(|r| per_game(r, games, 1, "/")).collect();
    println!("  attributes by position when round 4 begins (I/C/E/Inf): {}", round_4.join(", "));
    let mean = |sum: usize, n: usize| if n == 0 { 0.0 } else { sum as f64 / n as f64 };
    let draws: Vec<String> = t
        .early_draws
        .iter()
        .map(|d| {
            let counts = per_game(&[d[0], d[2], d[4]], games, 2, "/");
            format!("{counts} (values {:.1}/{:.1})", mean(d[1], d[0]), mean(d[3], d[2]))
        })
        .collect();
    println!(
        "  cards drawn a game by position in rounds 1-3, Europe/Slavery/regions (mean values): {}",
        draws.join(", ")
    );
    println!("  attacks a game by position: {}", per_game(&t.attacks, games, 1, ", "));
    println!(
        "  actions a game (ship to a track/fleet/open sea, occupy in Europe/a region, attack, payment, draw): {}",
        per_game(&t.actions, games, 1, "/")
    );
    println!("  discs shipped to the tracks a game, rounds 1-7: {}", per_game(&t.track_ships[1..], games, 1, "/"));
    let turns: Vec<String> = t.turns.iter().map(|r| per_game(&r[1..], games, 1, "/")).collect();
    println!("  turns a game by position, rounds 1-7: {}", turns.join(", "));
    let opened: Vec<String> = t
        .opened
        .iter()
        .enumerate()
        .filter(|(_, o)| o.1 > 0)
        .map(|(z, &(sum, n))| {
            format!("{} round {:.1} ({:.0}%)", content.zones[z].id, sum as f64 / n as f64, 100.0 * n as f64 / games)
        })
        .collect();
    println!("  regions opened (mean round, share of games): {}", opened.join(", "));
    println!("  {}", opening(t));
    let never: Vec<&str> =
        (0..content.cards.len()).filter(|i| !t.taken.contains(i)).map(|i| content.cards[i].id.as_str()).collect();
    println!("  cards never taken: {}", if never.is_empty() { "none".to_string() } else { never.join(", ") });
}

/// When the regions open: the share of all regions of all games opened in each round, and never, with the
/// mean round of those that opened and the share opened by the end of round 4.
fn opening(t: &Tally) -> String {
    let regions = 6.0 * t.games as f64;
    let opened: usize = t.opening_rounds.iter().sum();
    let share = |n: usize| 100.0 * n as f64 / regions;
    let by_round: Vec<String> = (1..8).map(|r| format!("{:.0}", share(t.opening_rounds[r]))).collect();
    let rounds: usize = (1..8).map(|r| r * t.opening_rounds[r]).sum();
    format!(
        "regions opened by round 1-7 (% of regions): {}; never {:.0}%; mean round {:.1}; open by the end of round 4: {:.0}%",
        by_round.join("/"),
        share(6 * t.games - opened),
        rounds as f64 / opened.max(1) as f64,
        share(t.opening_rounds[..5].iter().sum()),
    )
}

#[test]
#[ignore = "a long measurement: run by hand (see the module doc)"]
fn provisional_content_balance() {
    let games = common::env("ENDEAVOR_GAMES", 100);
    let bot: BotSpec = std::env::var("ENDEAVOR_BOT").as_deref().unwrap_or("mcts:100").parse().expect("a bot name");
    let configs = [
        ("2 players", Config::new(2)),
        ("2 players, Silent Fleet", Config::silent("a", SilentFleet::default())),
        ("3 players", Config::new(3)),
        ("4 players", Config::new(4)),
        ("4 players, side B", Config { side: "b".into(), ..Config::new(4).expect("a config") }.checked()),
        ("5 players", Config::new(5)),
    ];
    let configs: Vec<(&str, Config)> = configs
        .into_iter()
        .filter(|(name, _)| common::picked("ENDEAVOR_ONLY", name))
        .map(|(name, config)| (name, config.expect("a config")))
        .collect();
    assert!(!configs.is_empty(), "ENDEAVOR_ONLY names no count; the counts are named as the report names them");
    let queue = common::queue(&configs.iter().map(|(_, c)| c.players).collect::<Vec<_>>(), games);
    let content = content_set();
    let fresh = || configs.iter().map(|(_, c)| Tally::new(c.players, &content)).collect::<Vec<_>>();
    let totals = common::play_queue(
        &queue,
        common::workers("ENDEAVOR_JOBS"),
        fresh,
        |t, c, seed| {
            let _scope = content.enter();
            play_one(&configs[c].1, &content, &bot, seed, t);
        },
        Tally::merge,
    );
    for ((name, _), t) in configs.iter().zip(&totals) {
        report(name, t);
    }
}

/// The tally counts what happened: a few quick games at every count, each ending with a winner, buildings
/// built, cards taken, and scores within what the table allows.
#[test]
fn a_few_games_fill_the_table() {
    for players in 2..=5 {
        let t = play(&Config::new(players).expect("a config"), 2, &"mcts:20".parse().expect("a bot"), 7);
        assert_eq!(t.games, 2);
        assert!((t.wins.iter().sum::<f64>() - 2.0).abs() < 1e-9, "every game has its winners");
        assert!(t.built.iter().sum::<usize>() > 0 && !t.taken.is_empty());
        assert!(t.scores.iter().all(|&s| (-10..400).contains(&s)), "{:?}", t.scores);
        // The opening rounds count the regions the per-region tally counts, and with no Silent Fleet every
        // disc shipped to a track is a Ship to a track.
        assert_eq!(t.opening_rounds.iter().sum::<usize>(), t.opened.iter().map(|&(_, n)| n).sum::<usize>());
        assert_eq!(t.opening_rounds[0], 0, "no region opens before round 1");
        assert_eq!(t.actions[0], t.track_ships.iter().sum::<usize>());
        assert!(t.actions.iter().filter(|&&n| n > 0).count() >= 4, "{:?}", t.actions);
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
    assert!(whole.opened.iter().all(|&(_, n)| n <= 2) && whole.turns.iter().flatten().sum::<usize>() > 0);
}
