//! Outside programs at an arena table, in this process: a program that fails its seat forfeits, and is ended
//! with every process it started, reaped (no zombie left), before the game's result is back. The arena's
//! command-line tests (`crates/imperia-cli/tests/outside_bots.rs`) play the protocol's every fault.

use std::time::{Duration, Instant};

use imperia_bots::Entrant;
use imperia_bots::arena::play_seated;
use imperia_bots::outside::Forfeit;
use imperia_bots::process::{Limits, Program};
use imperia_core::ContentSet;
use imperial2030::{Config, Imperial2030};

fn shell(script: String, limits: Limits) -> Entrant {
    Entrant::Program(Program { argv: vec!["sh".into(), "-c".into(), script], limits })
}

#[test]
fn a_program_that_forfeits_is_ended_with_all_it_started() {
    let pids_file = std::env::temp_dir().join(format!("imperia-outside-{}.pids", std::process::id()));
    // Ready, then never reads a turn: it writes its own id and a sleeping child's before saying ready, so
    // both are known by the time it forfeits.
    let script = format!(
        r#"sleep 3600 & echo $$ $! > '{}'; echo '{{"type":"ready","name":"sh"}}'; sleep 3600"#,
        pids_file.display()
    );
    let limits = Limits { per_move: Duration::from_millis(200), ..Limits::default() };
    let seats = [shell(script, limits), Entrant::Bot("random".parse().expect("a bot"))];
    let result = play_seated::<Imperial2030>(&Config::for_players(2), &ContentSet::shipped(), 1, &seats, |_| {})
        .expect("a game");
    assert_eq!(result.forfeit, Some(Forfeit { seat: 0, reason: "did not answer within 0.2 s".into() }));
    assert_eq!(
        (result.outcome.ranks.as_slice(), result.outcome.scores.as_slice()),
        ([2, 1].as_slice(), [0, 0].as_slice())
    );
    let pids = std::fs::read_to_string(&pids_file).expect("the program wrote its process ids");
    let _ = std::fs::remove_file(&pids_file);
    let state = |pid: &str| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        stat.rsplit_once(") ")?.1.chars().next()
    };
    let [program, child] = pids.split_whitespace().collect::<Vec<_>>()[..] else { panic!("two ids: {pids}") };
    assert_eq!(state(program), None, "the program is killed and reaped");
    // The child is another's to reap, and dies a moment after the signal: wait for it, boundedly.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !matches!(state(child), None | Some('Z')) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(matches!(state(child), None | Some('Z')), "its child is killed: {:?}", state(child));
}

#[test]
fn a_program_that_cannot_start_is_an_error_not_a_forfeit() {
    let missing = Entrant::Program(Program { argv: vec!["/nonexistent/bot".into()], limits: Limits::default() });
    let seats = [missing, Entrant::Bot("random".parse().expect("a bot"))];
    let refused = play_seated::<Imperial2030>(&Config::for_players(2), &ContentSet::shipped(), 1, &seats, |_| {})
        .expect_err("no game");
    assert!(refused.starts_with("`cmd:/nonexistent/bot` cannot be started: "), "{refused}");
}
