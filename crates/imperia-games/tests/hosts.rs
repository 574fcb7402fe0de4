//! What hosts reach through the registry beyond play: resampled positions for information-set search, and
//! each game's step bound.

use imperia_core::GameRng;
use imperia_core::{DynMatch, Viewer};
use rand::{Rng, SeedableRng};

/// Every game's registry entry knows how long a game may run, for hosts that size by it (OpenSpiel's
/// longest game), and a position resampled for a seat looks to that seat exactly as the real one does.
#[test]
fn a_resampled_position_looks_the_same_to_its_seat() {
    for entry in imperia_games::registry().entries() {
        let (min, max) = entry.seats;
        let config = (entry.configure)(3.clamp(min, max), &serde_json::json!({})).expect("a config");
        assert!((entry.step_bound)(&config).is_some_and(|b| b > 0), "{}: a step bound", entry.id);
        assert_eq!((entry.step_bound)(&serde_json::json!("no config")), None, "{}", entry.id);
        let mut game = (entry.start)(&config, 11, &(entry.shipped)()).expect("a game");
        let mut rng = GameRng::seed_from_u64(3);
        let mut compared = 0;
        for step in 0..120 {
            let Some(&seat) = game.to_act().seats().first() else { break };
            if step % 10 == 0 {
                let sample: Box<dyn DynMatch> = game.resampled(seat, step);
                assert_eq!(sample.view(Viewer::Seat(seat)), game.view(Viewer::Seat(seat)), "{} step {step}", entry.id);
                let labels = |m: &dyn DynMatch| m.legal_actions(seat).into_iter().map(|c| c.action).collect::<Vec<_>>();
                assert_eq!(labels(sample.as_ref()), labels(game.as_ref()), "{} step {step}", entry.id);
                compared += 1;
            }
            let mut legal = game.legal_actions(seat);
            let choice = legal.swap_remove(rng.random_range(0..legal.len()));
            game.apply(seat, &choice.action).expect("a legal action applies");
        }
        assert!(compared >= 3, "{}: {compared} positions compared", entry.id);
    }
}
