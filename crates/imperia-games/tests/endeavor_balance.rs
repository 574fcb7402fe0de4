//! How Endeavor's provisional content plays (issue 16): MCTS bots at every seat, each player count and the
//! Silent Fleet, and what the games came to — wins by turn order (position from the first crown, the seat
//! advantage a fixed seat number hides, as the crown is drawn at random), how often each building kind is
//! built, whether every card is taken, the final scores and the game length.
//!
//! A long run, so ignored by default; run it by hand, in release:
//! `ENDEAVOR_GAMES=400 ENDEAVOR_BOT=mcts:300 cargo test --release -p imperia-games --test endeavor_balance -- --ignored --nocapture`.
//! `ENDEAVOR_BOT` takes any bot name (`uct:300`, `heuristic`). The CI-sized `a_few_games_fill_the_table` checks the tally itself.

use std::collections::BTreeSet;

use endeavor::{Action, Config, Content, Endeavor, SilentFleet};
use imperia_bots::BotSpec;
use imperia_core::{ContentSet, Game, Viewer};

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
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn play(config: &Config, games: usize, bot: &BotSpec, first_seed: u64) -> Tally {
    let content = ContentSet::<Content>::shipped();
    let _scope = content.enter();
    let n = config.players;
    let mut t = Tally {
        wins: vec![0.0; n],
        rows: vec![[0.0; 5]; n],
        built: vec![0; content.buildings.len()],
        ..Tally::default()
    };
    for seed in first_seed..first_seed + games as u64 {
        let mut g = Endeavor::setup(config, &content, seed).expect("a game");
        let first = usize::from(g.crown);
        let mut rng = imperia_core::rng::seeded(seed);
        let mut bot = bot.build::<Endeavor>();
        let mut built = BTreeSet::new();
        while let Some(&seat) = g.to_act().seats().first() {
            let legal = g.legal_actions(seat);
            let action = if legal.len() == 1 {
                legal[0]
            } else {
                bot.choose(&g.view(Viewer::Seat(seat)), &content, seat, &legal, &mut rng)
            };
            match action {
                Action::Build { building } => {
                    built.insert(building.index());
                }
                Action::Draw { card } => {
                    t.taken.insert(card.index());
                }
                _ => {}
            }
            g.apply(seat, &action).expect("a listed action");
            t.steps += 1;
        }
        let o = g.outcome().expect("an outcome");
        let winners = o.ranks.iter().filter(|&&r| r == 1).count() as f64;
        for s in 0..n {
            let position = (s + n - first) % n;
            if o.ranks[s] == 1 {
                t.wins[position] += 1.0 / winners;
            }
            let r = g.score(s);
            let row = [
                r.tracks.iter().map(|&x| f64::from(x)).sum(),
                f64::from(r.cities_and_routes),
                f64::from(r.buildings_and_cards),
                f64::from(r.harbor),
                -f64::from(r.slavery),
            ];
            (0..5).for_each(|k| t.rows[position][k] += row[k]);
        }
        for p in &g.players {
            // Governors are taken by exploring, not drawn.
            t.taken.extend(p.cards.iter().chain(&p.governor).chain(&p.set_aside).map(|c| c.index()));
        }
        built.into_iter().for_each(|b| t.built[b] += 1);
        t.scores.extend(o.scores);
        t.games += 1;
    }
    t
}

fn report(name: &str, t: &Tally) {
    let content = ContentSet::<Content>::shipped();
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
    let never: Vec<&str> =
        (0..content.cards.len()).filter(|i| !t.taken.contains(i)).map(|i| content.cards[i].id.as_str()).collect();
    println!("  cards never taken: {}", if never.is_empty() { "none".to_string() } else { never.join(", ") });
}

#[test]
#[ignore = "a long measurement: run by hand (see the module doc)"]
fn provisional_content_balance() {
    let games = env("ENDEAVOR_GAMES", 100);
    let bot: BotSpec = std::env::var("ENDEAVOR_BOT").as_deref().unwrap_or("mcts:300").parse().expect("a bot name");
    let configs = [
        ("2 players", Config::new(2)),
        ("2 players, Silent Fleet", Config::silent("a", SilentFleet::default())),
        ("3 players", Config::new(3)),
        ("4 players", Config::new(4)),
        ("4 players, side B", Config { side: "b".into(), ..Config::new(4).expect("a config") }.checked()),
        ("5 players", Config::new(5)),
    ];
    std::thread::scope(|scope| {
        let handles: Vec<_> = configs
            .iter()
            .map(|(name, config)| {
                let config = config.clone().expect("a config");
                let bot = &bot;
                scope.spawn(move || (name, play(&config, games, bot, 1)))
            })
            .collect();
        for h in handles {
            let (name, t) = h.join().expect("a batch");
            report(name, &t);
        }
    });
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
    }
}
