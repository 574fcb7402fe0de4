//! How Virgin Queen's provisional world plays (docs/rules/virgin-queen.md §4.6 and ruling R42): bots at
//! every seat at each player count, and what the games came to — wins by seat, each power's VP at the end
//! (mean and spread) against its par, the game's length, and how often each kind of deal, declaration and
//! campaign result happened. The powers' pars in `powers.toml` come from this run.
//!
//! A long run, so ignored by default; run it by hand:
//! `VQ_GAMES=400 cargo test -p imperia-games --test virgin_queen_balance -- --ignored --nocapture`.
//! `VQ_BOT` names the bot at every seat (default `heuristic`), `VQ_TURNS=1,2,7` the lengths of game played
//! (default 4), `VQ_ONLY="4 players, 1 turn;6 players, 4 turns"` plays only the runs named as the report
//! names them, `VQ_JOBS` sets the worker threads (one per core), `VQ_FIRST_SEED` the first game's seed (1
//! unless set; the pars are fitted to other games than those that check them), and `VQ_CONTENT` names a
//! content folder whose files replace the shipped ones (to try pars without a rebuild). The report ends with
//! every power's pars as `powers.toml` writes them, the cells measured replaced by the fitted ones.
//! The CI-sized `a_few_games_fill_the_table` checks the tally itself.

mod common;

use std::collections::BTreeMap;

use imperia_bots::BotSpec;
use imperia_core::words::count;
use imperia_core::{ContentFiles, ContentSet, Game, GameContent, Viewer};
use virgin_queen::{Config, Content, Power, VirginQueen};

// The allocator the `imperia` binary uses, so that this long run plays at the arena's speed.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What a batch of games came to.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    steps: usize,
    /// Wins by seat (ties shared).
    wins: Vec<f64>,
    /// Each game's final VP, by played power in seat order.
    finals: Vec<Vec<i32>>,
    /// How many times each kind of event happened, by the event's name.
    events: BTreeMap<String, usize>,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally { wins: vec![0.0; players], ..Tally::default() }
    }

    /// Adds another batch of the same player count.
    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.steps += other.steps;
        self.wins.iter_mut().zip(&other.wins).for_each(|(a, b)| *a += b);
        self.finals.extend(other.finals);
        for (k, n) in other.events {
            *self.events.entry(k).or_default() += n;
        }
    }

    /// The mean and the standard deviation of the final VP of the `i`th played power in seat order.
    fn vp(&self, i: usize) -> (f64, f64) {
        let games = self.finals.len().max(1) as f64;
        let (sum, squares) =
            self.finals.iter().map(|vp| f64::from(vp[i])).fold((0.0, 0.0), |(s, q), v| (s + v, q + v * v));
        let mean = sum / games;
        (mean, (squares / games - mean * mean).max(0.0).sqrt())
    }
}

/// The name of an event's kind: its variant, as `Debug` spells it.
fn kind(event: &virgin_queen::Event) -> String {
    let debug = format!("{event:?}");
    debug.split([' ', '{', '(']).next().unwrap_or_default().to_string()
}

/// The shipped content, or that of the folder `VQ_CONTENT` names.
fn content() -> ContentSet<Content> {
    let Ok(dir) = std::env::var("VQ_CONTENT") else { return ContentSet::shipped() };
    let files = ContentFiles::shipped(<Content as GameContent>::FILES)
        .replaced_from(std::path::Path::new(&dir))
        .unwrap_or_else(|e| panic!("VQ_CONTENT: {e}"));
    ContentSet::load(files).unwrap_or_else(|e| panic!("VQ_CONTENT: {e}"))
}

fn play(config: &Config, games: usize, bot: &BotSpec, first_seed: u64) -> Tally {
    let content = content();
    let _scope = content.enter();
    let mut t = Tally::new(config.players);
    for seed in first_seed..first_seed + games as u64 {
        play_one(config, &content, bot, seed, &mut t);
    }
    t
}

/// Plays the game of one seed, bots in every seat, and adds what it came to.
fn play_one(config: &Config, content: &ContentSet<Content>, bot: &BotSpec, seed: u64, t: &mut Tally) {
    let mut g = VirginQueen::setup(config, content, seed).expect("a game");
    let mut rng = imperia_core::rng::seeded(seed);
    let mut bot = bot.build::<VirginQueen>();
    while let Some(&seat) = g.to_act().seats().first() {
        let legal = g.legal_actions(seat);
        let action = if legal.len() == 1 {
            legal[0].clone()
        } else {
            bot.choose(&g.view(Viewer::Seat(seat)), content, seat, &legal, &mut rng)
        };
        let step = g.apply(seat, &action).expect("a listed action");
        for e in &step.events {
            *t.events.entry(kind(e)).or_default() += 1;
            if let virgin_queen::Event::Proposed { clauses: Some(c), .. } = e {
                *t.events.entry(format!("Proposed{}", c.len())).or_default() += 1;
            }
        }
        t.steps += 1;
    }
    let o = g.outcome().expect("an outcome");
    let winners = o.ranks.iter().filter(|&&r| r == 1).count() as f64;
    for (s, &rank) in o.ranks.iter().enumerate() {
        if rank == 1 {
            t.wins[s] += 1.0 / winners;
        }
    }
    t.finals.push(config.seats().iter().flatten().map(|&p| g.vp(p)).collect());
    t.games += 1;
}

/// Prints what a run came to, and returns the pars fitted to its games, by played power in seat order.
fn report(name: &str, config: &Config, content: &ContentSet<Content>, t: &Tally) -> Vec<i32> {
    let games = t.games as f64;
    let par = |p: Power| i32::from(content.major(p).par(config.turns, config.players));
    println!("{name}: {} games, {:.0} actions a game", t.games, t.steps as f64 / games);
    let seats: Vec<String> = config
        .seats()
        .iter()
        .zip(&t.wins)
        .map(|(powers, w)| {
            let names: Vec<&str> = powers.iter().map(|p| p.title()).collect();
            format!("{} {:.1}%", names.join(" + "), 100.0 * w / games)
        })
        .collect();
    println!("  wins by seat: {}", seats.join(", "));
    // The acceptance bar of issue 53: no seat wins more than 1.6 times its fair share.
    let most = t.wins.iter().fold(0.0, |m: f64, &w| m.max(w / games));
    println!("  the most wins of a seat: {:.2} times its fair share", most * config.players as f64);
    let vp: Vec<String> = config
        .seats()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, p)| {
            let (mean, spread) = t.vp(i);
            format!("{} {mean:.2} ± {spread:.2} (par {})", p.title(), par(p))
        })
        .collect();
    println!("  VP at the end, mean ± standard deviation: {}", vp.join(", "));
    let played: Vec<i32> = config.seats().into_iter().flatten().map(par).collect();
    let (pars, shares) = fitted_pars(config, t, &played);
    let named: Vec<String> =
        config.seats().into_iter().flatten().zip(&pars).map(|(p, par)| format!("{} {par}", p.title())).collect();
    let shares: Vec<String> = shares.iter().map(|w| format!("{:.1}%", 100.0 * w)).collect();
    println!(
        "  the pars that share these games' wins most evenly: {} (wins then {})",
        named.join(", "),
        shares.join(", ")
    );
    let events: Vec<String> = t.events.iter().map(|(k, &n)| format!("{k} {:.2}", n as f64 / games)).collect();
    println!("  events a game: {}", events.join(", "));
    pars
}

/// Every power's pars as `powers.toml` writes them (one row per length of game), with the cells of the runs
/// played replaced by the pars fitted to them: the next round's content.
fn par_rows(content: &ContentSet<Content>, fitted: &[(&Config, Vec<i32>)]) -> String {
    let mut out = String::new();
    for p in Power::ALL {
        let rows: Vec<String> = (1..=content.max_turns)
            .map(|turns| {
                let cells: Vec<String> = (2..=6)
                    .map(|players| {
                        let measured = fitted.iter().find(|(c, _)| c.turns == turns && c.players == players);
                        let at = |(c, pars): &(&Config, Vec<i32>)| {
                            c.seats().into_iter().flatten().position(|q| q == p).map(|i| pars[i])
                        };
                        measured
                            .and_then(at)
                            .unwrap_or_else(|| i32::from(content.major(p).par(turns, players)))
                            .to_string()
                    })
                    .collect();
                format!("    [{}],", cells.join(", "))
            })
            .collect();
        out += &format!("{}\npar = [\n{}\n]\n", p.title(), rows.join("\n"));
    }
    out
}

/// Each seat's share of the wins (ties shared) had the games' final VP been scored over `pars` (by played
/// power in seat order).
fn shares(seats: &[Vec<Power>], finals: &[Vec<i32>], pars: &[i32]) -> Vec<f64> {
    let played: Vec<Power> = seats.iter().flatten().copied().collect();
    let at = |p: Power| played.iter().position(|&q| q == p).expect("a played power");
    let mut wins = vec![0.0; seats.len()];
    for vp in finals {
        let ranks = virgin_queen::seat_outcome(seats, |p| vp[at(p)] - pars[at(p)]).ranks;
        let winners = ranks.iter().filter(|&&r| r == 1).count() as f64;
        ranks.iter().zip(&mut wins).filter(|(r, _)| **r == 1).for_each(|(_, w)| *w += 1.0 / winners);
    }
    wins.iter().map(|w| w / finals.len().max(1) as f64).collect()
}

/// How far from its power's mean VP the fit looks for a par.
const FIT_REACH: i32 = 12;

/// The integer pars, none below 0 and each within [`FIT_REACH`] VP of its power's mean, that bring the seat
/// furthest from an even share of the wins nearest to it (then the squared misses of all seats lowest), had
/// these games been scored over them (the bots would have played a little differently: a second run checks).
/// Six powers' pars are too many combinations to try each, so from a start each power in turn takes its best
/// par with the others held, until a round over them all moves none. Such a search can stop short of the
/// best, so it starts twice, from the pars the games were `played` over and from the powers' means, and keeps
/// the better end. Only differences matter, so the first power's par stays where it starts.
fn fitted_pars(config: &Config, t: &Tally, played: &[i32]) -> (Vec<i32>, Vec<f64>) {
    let seats = config.seats();
    let means: Vec<i32> = (0..played.len()).map(|i| t.vp(i).0.round() as i32).collect();
    let reach = |i: usize| (means[i] - FIT_REACH).max(0)..=means[i] + FIT_REACH;
    let even = 1.0 / seats.len() as f64;
    let miss = |pars: &[i32]| {
        let wins = shares(&seats, &t.finals, pars);
        let worst = wins.iter().map(|w| (w - even).abs()).fold(0.0, f64::max);
        let squares: f64 = wins.iter().map(|w| (w - even).powi(2)).sum();
        (worst, squares, wins)
    };
    let descend = |start: &[i32]| {
        let mut pars: Vec<i32> =
            start.iter().enumerate().map(|(i, &p)| p.clamp(*reach(i).start(), *reach(i).end())).collect();
        let mut best = miss(&pars);
        let mut moved = true;
        while moved {
            moved = false;
            for i in 1..pars.len() {
                for par in reach(i) {
                    let mut tried = pars.clone();
                    tried[i] = par;
                    let m = miss(&tried);
                    if (m.0, m.1) < (best.0, best.1) {
                        (best, pars, moved) = (m, tried, true);
                    }
                }
            }
        }
        (best, pars)
    };
    let (from_played, from_means) = (descend(played), descend(&means));
    let ((_, _, wins), pars) =
        if (from_means.0.0, from_means.0.1) < (from_played.0.0, from_played.0.1) { from_means } else { from_played };
    (pars, wins)
}

/// The runs: each player count the game allows at each length of game `VQ_TURNS` names (4 unless set), as
/// the report names them.
fn configs() -> Vec<(String, Config)> {
    let turns: Vec<u8> = std::env::var("VQ_TURNS")
        .map(|v| v.split(',').map(|t| t.trim().parse().expect("VQ_TURNS: lengths of game, 1 to 7")).collect())
        .unwrap_or_else(|_| vec![4]);
    turns
        .into_iter()
        .flat_map(|t| {
            (2..=6).map(move |n| (format!("{n} players, {}", count(t, "turn")), Config::new(n, t).expect("a config")))
        })
        .filter(|(name, _)| common::picked("VQ_ONLY", name))
        .collect()
}

#[test]
#[ignore = "a long measurement: run by hand (see the module doc)"]
fn provisional_world_balance() {
    let games = common::env("VQ_GAMES", 100);
    let first_seed = common::env("VQ_FIRST_SEED", 1) as u64;
    let bot: BotSpec = std::env::var("VQ_BOT").as_deref().unwrap_or("heuristic").parse().expect("a bot name");
    let configs = configs();
    assert!(!configs.is_empty(), "VQ_ONLY names no count; the counts are named as the report names them");
    // The longest games first (the queue puts the runs of more players first), so every core is busy to the end.
    let queue =
        common::queue(&configs.iter().map(|(_, c)| c.players * usize::from(c.turns)).collect::<Vec<_>>(), games);
    let content = content();
    let fresh = || configs.iter().map(|(_, c)| Tally::new(c.players)).collect::<Vec<_>>();
    let totals = common::play_queue(
        &queue,
        common::workers("VQ_JOBS"),
        fresh,
        |t, c, seed| {
            let _scope = content.enter();
            play_one(&configs[c].1, &content, &bot, first_seed - 1 + seed, t);
        },
        Tally::merge,
    );
    let fitted: Vec<(&Config, Vec<i32>)> =
        configs.iter().zip(&totals).map(|((name, config), t)| (config, report(name, config, &content, t))).collect();
    println!("\nThe pars, with those fitted to these runs:\n{}", par_rows(&content, &fitted));
}

/// The tally counts what happened: a few quick games at every count, each with its winners, every played
/// power's VP, and approved deals and the campaign's hands among the events.
#[test]
fn a_few_games_fill_the_table() {
    for (_, config) in configs() {
        let t = play(&config, 2, &"heuristic".parse().expect("a bot"), 7);
        assert_eq!(t.games, 2);
        assert!((t.wins.iter().sum::<f64>() - 2.0).abs() < 1e-9, "every game has its winners");
        for (i, p) in config.seats().into_iter().flatten().enumerate() {
            assert!(t.vp(i).0 > 0.0, "{p:?} ends with VP");
        }
        assert!(t.events.contains_key("Approved") && t.events.contains_key("HandsPlayed"), "{:?}", t.events);
    }
}

/// The long run's workers each keep a tally and merge them: two batches merged count what one batch of the
/// same games counts.
#[test]
fn merged_batches_count_as_one() {
    let config = Config::new(4, 4).expect("a config");
    let bot: BotSpec = "heuristic".parse().expect("a bot");
    let whole = play(&config, 2, &bot, 7);
    let mut merged = play(&config, 1, &bot, 7);
    merged.merge(play(&config, 1, &bot, 8));
    assert_eq!(format!("{whole:?}"), format!("{merged:?}"));
}

/// Scoring over par moves the wins: ties are shared, and a seat of two powers scores their mean.
#[test]
fn pars_move_the_wins() {
    let four = Config::new(4, 4).expect("a config").seats();
    let finals = [vec![10, 5, 5, 5], vec![3, 6, 5, 5]];
    assert_eq!(shares(&four, &finals, &[0, 0, 0, 0]), [0.5, 0.5, 0.0, 0.0]);
    let third = 1.0 / 3.0;
    assert_eq!(shares(&four, &finals, &[8, 0, 0, 0]), [0.0, (third + 1.0) / 2.0, third / 2.0, third / 2.0]);
    let two = Config::new(2, 4).expect("a config").seats();
    assert_eq!(shares(&two, &[vec![9, 1, 6, 4]], &[0, 0, 0, 0]), [0.5, 0.5]);
    assert_eq!(shares(&two, &[vec![9, 1, 6, 4]], &[1, 0, 0, 0]), [0.0, 1.0]);
}

/// The fit looks far from a power's mean where the wins need it: a Protestant who ends on 0 to 18 VP in
/// nineteen games and on 400 in one has a mean of 29, over which its seat wins one game in twenty. Within 3 VP
/// of each power's mean, as the fit once looked, no pars do better than one in ten; the fit now evens them out.
#[test]
fn the_fit_reaches_past_a_skewed_mean() {
    let two = Config::new(2, 4).expect("a config");
    let mut t = Tally::new(2);
    t.finals = (0..20).map(|g| vec![20, 20, 10, if g == 19 { 400 } else { g }]).collect();
    let means = [20, 20, 10, 29];
    assert_eq!(shares(&two.seats(), &t.finals, &means), [0.95, 0.05]);
    assert!(shares(&two.seats(), &t.finals, &[20, 23, 7, 26])[1] <= 0.1, "the best within 3 VP of the means");
    let (pars, wins) = fitted_pars(&two, &t, &means);
    assert!((wins[1] - 0.5).abs() <= 0.025 + 1e-9, "{pars:?} {wins:?}");
}
