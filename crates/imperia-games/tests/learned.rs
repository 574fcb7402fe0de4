//! `imperia train`'s self-play (imperia-bots' `train` module) on the real games: the model it writes depends
//! on its settings alone, not on how many games ran at once, and every game that ships a learned evaluation
//! (`games/<game>/data/learned.toml`) says in its file the command that makes it again, and reads it at
//! every seat count it is played with.

use brazil_imperial::Brazil;
use endeavor::Endeavor;
use imperia_bots::train::{FIRST_GAMES, Settings};
use imperia_core::{ContentSet, Evaluate, Features, Game, Model, ModelError, Registry};
use imperial_struggle::ImperialStruggle;
use imperial2030::Imperial2030;
use rand::seq::IndexedRandom;
use serde_json::json;
use virgin_queen::VirginQueen;

/// The games that learn their evaluation.
const TRAINED: [&str; 5] = ["imperial-struggle", "imperial2030", "endeavor", "brazil-imperial", "virgin-queen"];

/// A model trained on `game` with `players` and the other settings given.
fn train(game: &str, players: usize, settings: &Settings) -> Model {
    let registry: Registry = imperia_games::registry();
    let entry = registry.get(game).expect("hosted");
    let bots = imperia_games::bots_for(game).expect("bots");
    let config = (entry.configure)(players, &json!({})).expect("a config");
    let train = bots.train.unwrap_or_else(|| panic!("{game} learns its evaluation"));
    train(&config, &(entry.shipped)(), settings).expect("trained").model
}

fn small(seed: u64, jobs: usize) -> Settings {
    Settings { games: 10, seed, bot: "heuristic+hand".parse().expect("a bot"), every: 16, jobs, command: "test".into() }
}

#[test]
fn training_is_seeded_and_the_same_on_any_number_of_threads() {
    let one = train("imperial-struggle", 2, &small(7, 1));
    assert_eq!(one, train("imperial-struggle", 2, &small(7, 2)), "two threads make the same model as one");
    assert_ne!(one.feature, train("imperial-struggle", 2, &small(8, 2)).feature, "another seed, other weights");
    assert_eq!((one.made.games, one.made.seed, one.made.bot.as_str()), (10, 7, "heuristic+hand"));
    assert!(one.made.positions > 0 && one.made.holdout_positions > 0, "two games of ten are held out");
}

/// What a shipped model file says of itself: its text, the model, and the settings and player count its
/// recorded command asks for.
struct Shipped {
    text: String,
    model: Model,
    players: usize,
    settings: Settings,
}

/// The text of `game`'s shipped model file, and its path.
fn model_file(game: &str) -> (String, String) {
    let path = format!("{}/../../games/{game}/data/learned.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (text, path)
}

fn shipped(game: &str) -> Shipped {
    let (text, path) = model_file(game);
    let model: Model = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let command = model.made.command.clone();
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[..3], ["imperia", "train", game], "{path}: `{command}` trains {game}");
    let mut settings = Settings {
        games: 0,
        seed: 0,
        bot: "heuristic+hand".parse().expect("a bot"),
        every: 8,
        jobs: 2,
        command: command.clone(),
    };
    let mut players = 2;
    for pair in words[3..].chunks(2) {
        let [option, value] = pair else { panic!("{path}: `{command}` ends in an option without a value") };
        match *option {
            "--players" => players = value.parse().expect("a player count"),
            "--games" => settings.games = value.parse().expect("a number of games"),
            "--seed" => settings.seed = value.parse().expect("a seed"),
            "--bot" => settings.bot = value.parse().expect("a bot"),
            "--every" => settings.every = value.parse().expect("a number"),
            other => panic!("{path}: `{command}` has {other}, which this test does not read"),
        }
    }
    let made = &model.made;
    assert_eq!((made.games, made.seed, made.bot.clone()), (settings.games, settings.seed, settings.bot.to_string()));
    Shipped { text, model, players, settings }
}

/// Every shipped file is one `imperia train` writes: it names the game's features in order, its command
/// names the settings it records, and those settings, on its first few games, make the same model on one
/// thread and on two, from the same games as the file learned from: a change to the rules or the bot since
/// the file was made leaves it stale, and its command must be run again.
#[test]
fn every_shipped_model_fits_its_game_and_its_command_trains_reproducibly() {
    for game in TRAINED {
        let Shipped { text, model, players, settings } = shipped(game);
        assert_eq!(model.game, game);
        assert!(model.made.positions > 0, "{game}: the shipped model was trained");
        assert!(model.feature.iter().any(|w| w.weight != 0.0), "{game}: the shipped model has weights");
        let bots = imperia_games::bots_for(game).expect("bots");
        assert!(bots.train.is_some(), "{game}: `imperia train {game}` is registered");
        assert!(text.contains("do not edit by hand"), "{game}: the file is the one `imperia train` writes");
        let few = Settings { games: FIRST_GAMES as u64, jobs: 1, ..settings.clone() };
        let one = train(game, players, &few);
        assert_eq!(one, train(game, players, &Settings { jobs: 2, ..few }), "{game}: one thread or two");
        assert_eq!(one.feature.len(), model.feature.len(), "{game}: the same features as the shipped file");
        assert_eq!(
            one.made.first_games, model.made.first_games,
            "{game}: the first {FIRST_GAMES} self-play games are not those the shipped file learned from (the rules \
             or the bot changed since): run `{}` to make it again",
            model.made.command
        );
    }
}

/// The shipped files made again in full by their recorded commands, compared weight for weight (minutes
/// per game, with the dev profile: `cargo test -p imperia-games --test learned -- --ignored`).
#[test]
#[ignore = "minutes of self-play per game"]
fn every_shipped_model_is_rebuilt_exactly_by_its_command() {
    for game in TRAINED {
        let Shipped { model, players, settings, .. } = shipped(game);
        assert_eq!(train(game, players, &settings), model, "{game}: `{}` rebuilds the file", model.made.command);
    }
}

/// The solo scenario has one seat, whose share of the table is always all of it: training refuses it.
#[test]
fn a_game_of_one_seat_has_nothing_to_learn() {
    let registry: Registry = imperia_games::registry();
    let entry = registry.get("brazil-imperial").expect("hosted");
    let config = (entry.configure)(1, &json!({})).expect("the solo");
    let train = imperia_games::bots_for("brazil-imperial").and_then(|b| b.train).expect("training");
    let refused = train(&config, &(entry.shipped)(), &small(1, 1)).expect_err("refused");
    assert!(refused.contains("one seat"), "{refused}");
}

/// A position `moves` random moves into a game of `players` (fewer where it ends first).
fn played<G: Game>(players: usize, moves: usize) -> G {
    let config = G::configure(players, &serde_json::Map::new()).expect("a player count the game takes");
    let mut g = G::setup(&config, &ContentSet::shipped(), 3).expect("setup");
    let mut rng = imperia_core::rng::seeded(5);
    for _ in 0..moves {
        let Some(&seat) = g.to_act().seats().first() else { break };
        let action = g.legal_actions(seat).choose(&mut rng).expect("an action").clone();
        g.apply(seat, &action).expect("legal");
    }
    g
}

/// `G`'s shipped model as the game reads it: a broken file, or one for other features or another game, is
/// refused; at every seat count of several the features are finite, and the model gives each seat its
/// share, the shares summing to half the seats.
fn reads_its_model<G: Features + Evaluate>() {
    let (text, path) = model_file(G::ID);
    let model = Model::parse::<G>(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(model.feature.len(), G::FEATURES.len(), "{path}");
    let renamed = text.replacen(&format!("name = \"{}\"", G::FEATURES[0]), "name = \"renamed\"", 1);
    assert!(matches!(Model::parse::<G>(&renamed), Err(ModelError::Features { .. })), "{path}: a renamed feature");
    let other = text.replacen(&format!("game = \"{}\"", G::ID), "game = \"another\"", 1);
    assert!(matches!(Model::parse::<G>(&other), Err(ModelError::Game { .. })), "{path}: another game's file");
    let broken = text.replacen("weight = ", "weight = [", 1);
    assert!(matches!(Model::parse::<G>(&broken), Err(ModelError::Syntax(_))), "{path}: a file that is not TOML");
    for players in G::SEATS.filter(|&n| n > 1) {
        for moves in [0, 60, 300] {
            let g: G = played(players, moves);
            let mut out = vec![f64::NAN; players * G::FEATURES.len()];
            g.features(&mut out);
            assert!(out.iter().all(|f| f.is_finite()), "{}, {players} seats, {moves} moves: {out:?}", G::ID);
            if g.outcome().is_some() {
                continue;
            }
            let values = g.learned().unwrap_or_else(|| panic!("{} ships a model", G::ID));
            assert_eq!(values.len(), players);
            let half = players as f64 / 2.0;
            assert!((values.iter().sum::<f64>() - half).abs() < 1e-9, "{}: values sum to {half}: {values:?}", G::ID);
        }
    }
}

#[test]
fn every_game_reads_its_shipped_model_at_every_seat_count() {
    reads_its_model::<ImperialStruggle>();
    reads_its_model::<Imperial2030>();
    reads_its_model::<Endeavor>();
    reads_its_model::<Brazil>();
    reads_its_model::<VirginQueen>();
}
