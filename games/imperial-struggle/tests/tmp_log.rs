use imperia_core::{Game, ToAct, Viewer};
use imperial_struggle::ImperialStruggle;
use rand::{Rng, SeedableRng};

#[test]
fn log() {
    let seed: u64 = std::env::var("SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(7);
    let (mut g, ev) = ImperialStruggle::new_game(&Default::default(), seed).unwrap();
    for e in ev {
        println!("  {e}");
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    loop {
        let seat = match g.to_act() {
            ToAct::Nobody => break,
            ToAct::Seats(s) => s[rng.random_range(0..s.len())],
        };
        let acts = g.legal_actions(seat);
        let a = acts[rng.random_range(0..acts.len())].clone();
        let d = g.describe(&a);
        let step = g.apply(seat, &a).unwrap();
        println!("[{n}] seat {seat}: {d}");
        for e in step.events {
            println!("    {}", g.event_view(&e, Viewer::Spectator).unwrap());
        }
        n += 1;
    }
    println!("{:?}", g.outcome());
}
