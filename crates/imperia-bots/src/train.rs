//! Teaching a game's learned evaluation ([`imperia_core::learned`]) by self-play: bots play whole games,
//! the positions met along the way are kept with who won in the end, and a linear model is fitted to
//! predict the winner from each seat's features (softmax regression, by gradient descent). One game in
//! [`HOLDOUT`] is kept out of the fit to judge the model, and the hand-written evaluation on the same
//! positions, so the file says which reads a position better. Everything is seeded: the same settings
//! write the same file.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use imperia_core::learned::{Features, Made, Model, Weight, softmax};
use imperia_core::{ContentSet, Evaluate, outcome_values};

use crate::BotSpec;
use crate::arena::play_game_observed;

/// One self-play game in this many is held out of the fit and judges it.
pub const HOLDOUT: u64 = 5;

/// The model file's format: 2 added `first_games`.
pub const MODEL_VERSION: u32 = 2;

/// The self-play games [`Made::first_games`] digests: few enough for a test to play them again.
pub const FIRST_GAMES: usize = 10;

/// Passes of gradient descent over the positions, and its step on standardised features.
const EPOCHS: usize = 400;
const STEP: f64 = 0.5;
const MOMENTUM: f64 = 0.9;
/// A light pull of the weights toward 0 (L2), against features that happen to separate a few games.
const L2: f64 = 1e-4;

/// What to learn from.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Self-play games, game g seeded `seed + g`.
    pub games: u64,
    pub seed: u64,
    /// The bot in every seat.
    pub bot: BotSpec,
    /// Keep one decision in this many (positions a step apart are nearly the same).
    pub every: usize,
    /// Games played at once. The result does not depend on it.
    pub jobs: usize,
    /// The command line that asked, written into the file.
    pub command: String,
}

/// A trained model and how well it and the hand-written evaluation predicted the held-out games.
#[derive(Clone, Debug)]
pub struct Trained {
    pub model: Model,
    /// The share of held-out positions whose eventual winner each rated highest: the model's, the hand's.
    pub holdout_accuracy: f64,
    pub hand_accuracy: f64,
}

/// The positions kept from one game, and its result.
struct Played {
    /// Per position, each seat's features one after another.
    features: Vec<Vec<f64>>,
    /// Per position, the hand-written evaluation's values.
    hand: Vec<Vec<f64>>,
    /// Each seat's share of the win (outcome values scaled to sum to 1).
    target: Vec<f64>,
}

/// Play the games and fit the model.
pub fn train<G: Features + Evaluate>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    settings: &Settings,
) -> Result<Trained, String> {
    let games = self_play::<G>(config, content, settings)?;
    let width = G::FEATURES.len();
    let is_held_out = |g: usize| g as u64 % HOLDOUT == HOLDOUT - 1;
    let pick = |held_out: bool| -> Vec<&Played> {
        games.iter().enumerate().filter(|(g, _)| is_held_out(*g) == held_out).map(|(_, p)| p).collect()
    };
    let (fit, holdout) = (pick(false), pick(true));
    let weights = fit_weights(&fit, width);
    let judged = judge(&holdout, &weights, width);
    let count = |games: &[&Played]| games.iter().map(|g| g.features.len() as u64).sum::<u64>();
    let model = Model {
        version: MODEL_VERSION,
        game: G::ID.to_string(),
        made: Made {
            command: settings.command.clone(),
            games: settings.games,
            bot: settings.bot.to_string(),
            seed: settings.seed,
            positions: count(&fit),
            holdout_positions: count(&holdout),
            holdout_log_loss: round(judged.model_loss),
            hand_log_loss: round(judged.hand_loss),
            first_games: digest(&games[..games.len().min(FIRST_GAMES)]),
        },
        feature: G::FEATURES
            .iter()
            .zip(&weights)
            .map(|(name, &weight)| Weight { name: (*name).to_string(), weight: round(weight) })
            .collect(),
    };
    Ok(Trained { model, holdout_accuracy: judged.model_accuracy, hand_accuracy: judged.hand_accuracy })
}

/// The xxh3 digest, in hex, of `games`' positions' features and results, every number by its bits.
fn digest(games: &[Played]) -> String {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for game in games {
        hasher.update(&(game.features.len() as u64).to_le_bytes());
        for x in game.features.iter().flatten().chain(&game.target) {
            hasher.update(&x.to_bits().to_le_bytes());
        }
    }
    format!("{:016x}", hasher.digest())
}

/// Six decimal places: enough for play, short enough to read in the file.
fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

fn self_play<G: Features + Evaluate>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    settings: &Settings,
) -> Result<Vec<Played>, String> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Played, String>>>> = Mutex::new((0..settings.games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g as u64 >= settings.games {
                        break;
                    }
                    let game = play_one::<G>(config, content, settings, settings.seed + g as u64);
                    if let Ok(mut r) = results.lock() {
                        r[g] = Some(game);
                    }
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| "a self-play thread failed".to_string())?;
    results.into_iter().map(|r| r.unwrap_or_else(|| Err("a self-play game was not played".into()))).collect()
}

fn play_one<G: Features + Evaluate>(
    config: &G::Config,
    content: &ContentSet<G::Content>,
    settings: &Settings,
    seed: u64,
) -> Result<Played, String> {
    let width = G::FEATURES.len();
    let mut features = Vec::new();
    let mut hand = Vec::new();
    let mut step = 0usize;
    let seats = {
        let _scope = content.enter();
        G::setup(config, content, seed).map_err(|e| e.to_string())?.seats()
    };
    if seats < 2 {
        // One seat's share of the table is all of it whatever the position: there is nothing to learn.
        return Err("a learned evaluation weighs the seats against each other, and this game has one seat".into());
    }
    let bots = vec![settings.bot.clone(); seats];
    let result = play_game_observed::<G>(config, content, seed, &bots, |state| {
        step += 1;
        if !step.is_multiple_of(settings.every.max(1)) {
            return;
        }
        let mut position = vec![0.0; width * state.seats()];
        state.features(&mut position);
        features.push(position);
        hand.push(state.evaluate());
    })?;
    let values = outcome_values(&result.outcome);
    let total: f64 = values.iter().sum();
    let target = values.iter().map(|v| if total > 0.0 { v / total } else { 1.0 / values.len() as f64 }).collect();
    Ok(Played { features, hand, target })
}

/// Softmax regression by gradient descent with momentum, on features scaled to unit spread; the weights
/// come back in the features' own units.
fn fit_weights(games: &[&Played], width: usize) -> Vec<f64> {
    let rows = || games.iter().flat_map(|g| g.features.iter().flat_map(|p| p.chunks(width)));
    let n = rows().count().max(1) as f64;
    let mut mean = vec![0.0; width];
    for r in rows() {
        for (m, x) in mean.iter_mut().zip(r) {
            *m += x / n;
        }
    }
    let mut spread = vec![0.0; width];
    for r in rows() {
        for ((s, x), m) in spread.iter_mut().zip(r).zip(&mean) {
            *s += (x - m) * (x - m) / n;
        }
    }
    let scale: Vec<f64> = spread.iter().map(|v| if *v > 1e-12 { 1.0 / v.sqrt() } else { 0.0 }).collect();
    let positions = games.iter().map(|g| g.features.len()).sum::<usize>().max(1) as f64;
    let mut w = vec![0.0; width];
    let mut velocity = vec![0.0; width];
    let mut grad = vec![0.0; width];
    for _ in 0..EPOCHS {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for game in games {
            for position in &game.features {
                let seats: Vec<&[f64]> = position.chunks(width).collect();
                let scores: Vec<f64> =
                    seats.iter().map(|x| x.iter().zip(&w).zip(&scale).map(|((x, w), s)| x * s * w).sum()).collect();
                for ((x, p), t) in seats.iter().zip(softmax(&scores)).zip(&game.target) {
                    for ((g, xi), s) in grad.iter_mut().zip(x.iter()).zip(&scale) {
                        *g += (p - t) * xi * s / positions;
                    }
                }
            }
        }
        for ((v, wi), g) in velocity.iter_mut().zip(w.iter_mut()).zip(&grad) {
            *v = MOMENTUM * *v - STEP * (g + L2 * *wi);
            *wi += *v;
        }
    }
    w.iter().zip(&scale).map(|(w, s)| w * s).collect()
}

struct Judged {
    model_loss: f64,
    hand_loss: f64,
    model_accuracy: f64,
    hand_accuracy: f64,
}

/// Log-loss and accuracy of the fitted weights and of the hand-written evaluation on `games`.
fn judge(games: &[&Played], weights: &[f64], width: usize) -> Judged {
    let (mut model_loss, mut hand_loss, mut model_right, mut hand_right, mut n) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for game in games {
        for (position, hand) in game.features.iter().zip(&game.hand) {
            let scores: Vec<f64> =
                position.chunks(width).map(|x| x.iter().zip(weights).map(|(x, w)| x * w).sum()).collect();
            let model = softmax(&scores);
            let hand_total: f64 = hand.iter().sum();
            let hand: Vec<f64> = hand.iter().map(|v| v / hand_total.max(f64::MIN_POSITIVE)).collect();
            model_loss += cross_entropy(&model, &game.target);
            hand_loss += cross_entropy(&hand, &game.target);
            model_right += share_of_favourite(&model, &game.target);
            hand_right += share_of_favourite(&hand, &game.target);
            n += 1.0;
        }
    }
    let n = f64::max(n, 1.0);
    Judged {
        model_loss: model_loss / n,
        hand_loss: hand_loss / n,
        model_accuracy: model_right / n,
        hand_accuracy: hand_right / n,
    }
}

fn cross_entropy(chances: &[f64], target: &[f64]) -> f64 {
    chances.iter().zip(target).map(|(p, t)| -t * p.clamp(1e-6, 1.0).ln()).sum()
}

/// The target's share for the seat rated highest: 1 when the favourite won alone.
fn share_of_favourite(chances: &[f64], target: &[f64]) -> f64 {
    let favourite = (0..chances.len()).max_by(|&a, &b| chances[a].total_cmp(&chances[b])).unwrap_or(0);
    target.get(favourite).copied().unwrap_or(0.0)
}
