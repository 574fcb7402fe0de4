//! Every game's observation tensor through the registry, as learning code reads it (`DynMatch::observation`):
//! of its parts' total length for every viewer in every state of random games, numbers within 0..1, parts
//! named once each, and the seat parts every game begins with. It prints each game's length for the shipped content at each player
//! count (`docs/observations.md` quotes them) and the time one `observation` call takes, with
//! `cargo test -p imperia-games --test observations -- --nocapture` (figures, never asserted).

use std::time::Instant;

use imperia_core::{DynMatch, GameEntry, ToAct, Viewer};
use rand::Rng;

/// A match of `entry` for `seats` players with the default options and the shipped content.
fn start(entry: &GameEntry, seats: usize, seed: u64) -> Box<dyn DynMatch> {
    let config = (entry.configure)(seats, &serde_json::json!({})).expect("a config");
    (entry.start)(&config, seed, &(entry.shipped)()).expect("a match")
}

fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    (0..seats).map(Viewer::Seat).chain([Viewer::Spectator])
}

/// Plays `m` on at random for at most `steps` actions, calling `each` on every position reached.
fn play(m: &mut dyn DynMatch, seed: u64, steps: usize, mut each: impl FnMut(&dyn DynMatch)) {
    let mut rng = imperia_core::rng::seeded(seed);
    for _ in 0..steps {
        each(m);
        let ToAct::Seats(seats) = m.to_act() else { return };
        let seat = seats[rng.random_range(0..seats.len())];
        let legal = m.legal_actions(seat);
        let action = legal[rng.random_range(0..legal.len())].action.clone();
        m.apply(seat, &action).expect("a listed action applies");
    }
}

#[test]
fn every_game_observes_every_viewer_in_fixed_parts_of_numbers_from_0_to_1() {
    for entry in imperia_games::registry().entries() {
        for seats in entry.seats.0..=entry.seats.1 {
            let mut m = start(entry, seats, 11);
            let parts = m.observation_parts();
            let total: usize = parts.iter().map(|(_, shape)| shape.iter().product::<usize>()).sum();
            let names: Vec<&str> = parts.iter().map(|(name, _)| name.as_str()).collect();
            assert_eq!(names[..2], ["viewer", "to_act"], "{}", entry.id);
            let unique: std::collections::HashSet<&str> = names.iter().copied().collect();
            assert_eq!(unique.len(), names.len(), "{}: a part's name repeats: {names:?}", entry.id);
            assert_eq!((&parts[0].1, &parts[1].1), (&vec![seats], &vec![seats]), "{}", entry.id);
            println!("{} with {seats} players: {total} numbers in {} parts", entry.id, parts.len());
            play(m.as_mut(), 5, 400, |m| {
                assert_eq!(m.observation_parts(), parts, "{}: the parts changed in play", entry.id);
                for viewer in viewers(seats) {
                    let tensor = m.observation(viewer);
                    assert_eq!(tensor.len(), total, "{} {viewer:?}", entry.id);
                    let seat = tensor[..seats].iter().position(|&x| x == 1.0);
                    assert_eq!(seat, viewer.seat(), "{} {viewer:?}: the viewer part", entry.id);
                    if let Some(i) = tensor.iter().position(|x| !(0.0..=1.0).contains(x)) {
                        panic!("{} {viewer:?}: {} at {i} is outside 0..1", entry.id, tensor[i]);
                    }
                }
            });
        }
    }
}

/// How long one `observation` call takes, per game, over the positions of a random game (a figure to read
/// with `--nocapture`; the machine decides it, so nothing is asserted).
#[test]
fn the_time_one_observation_takes() {
    for entry in imperia_games::registry().entries() {
        let seats = entry.seats.1.min(4).max(entry.seats.0);
        let mut positions = Vec::new();
        play(start(entry, seats, 3).as_mut(), 3, 300, |m| positions.push(m.boxed_clone()));
        let started = Instant::now();
        let mut calls = 0u32;
        while calls < 2000 {
            for m in &positions {
                std::hint::black_box(m.observation(Viewer::Seat(calls as usize % seats)));
                calls += 1;
            }
        }
        let ns = started.elapsed().as_nanos() / u128::from(calls);
        println!("{}: {ns} ns per observation ({seats} players, {calls} calls)", entry.id);
    }
}
