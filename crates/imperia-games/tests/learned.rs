//! `imperia train`'s self-play (imperia-bots' `train` module) on a real game: the model it writes depends on
//! its settings alone, not on how many games ran at once, so the shipped weights can be made again.

use imperia_bots::train::Settings;
use imperia_core::Registry;
use serde_json::json;

fn train(seed: u64, jobs: usize) -> imperia_core::Model {
    let registry: Registry = imperia_games::registry();
    let game = registry.get("imperial-struggle").expect("hosted");
    let entry = imperia_games::bots_for("imperial-struggle").expect("bots");
    let config = (game.configure)(2, &json!({})).expect("a config");
    let settings = Settings {
        games: 10,
        seed,
        bot: "heuristic+hand".parse().expect("a bot"),
        every: 16,
        jobs,
        command: "test".into(),
    };
    let train = entry.train.expect("Imperial Struggle learns its evaluation");
    train(&config, &(game.shipped)(), &settings).expect("trained").model
}

#[test]
fn training_is_seeded_and_the_same_on_any_number_of_threads() {
    let one = train(7, 1);
    assert_eq!(one, train(7, 2), "two threads make the same model as one");
    assert_ne!(one.feature, train(8, 2).feature, "another seed, other games, other weights");
    assert_eq!((one.made.games, one.made.seed, one.made.bot.as_str()), (10, 7, "heuristic+hand"));
    assert!(one.made.positions > 0 && one.made.holdout_positions > 0, "two games of ten are held out");
}
