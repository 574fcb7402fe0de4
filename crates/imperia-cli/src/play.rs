//! `imperia play`: a game in the terminal. The human chooses from a numbered list of legal actions in plain
//! words; the other seats are played by a random bot. The record is saved at the end (or on `q`).

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use imperia_bots::{BotSpec, DynBot};
use imperia_core::{DynMatch, Registry, Seat, ToAct, Viewer};

use crate::{GameOptions, default_record_path};

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameOptions,
    /// The seed for setup (and the bots); random if not given.
    #[arg(long)]
    seed: Option<u64>,
    /// Your seat, from 1.
    #[arg(long, default_value_t = 1)]
    seat: usize,
    /// Where to save the record (default: <game>-<seed>.record.json).
    #[arg(long)]
    record: Option<PathBuf>,
    /// The bot playing the other seats: random, heuristic[:N] or mcts[:N[:T]].
    #[arg(long, default_value = "random")]
    bots: BotSpec,
}

pub fn run(registry: &Registry, args: &PlayArgs) -> Result<()> {
    let (entry, config, content) = args.game.resolve(registry)?;
    // Without --seed, any seed will do; it is printed and kept in the record, so the game stays replayable.
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    let mut m = (entry.start)(&config, seed, &content)?;
    if args.seat == 0 || args.seat > m.seats() {
        bail!("--seat must be between 1 and {}", m.seats());
    }
    let me: Seat = args.seat - 1;
    let record_path = args.record.clone().unwrap_or_else(|| default_record_path(entry.id, seed));
    let Some(bot_entry) = imperia_games::bots_for(entry.id) else { bail!("no bots play {}", entry.name) };
    let mut bots: Vec<Box<dyn DynBot>> =
        (0..m.seats()).map(|s| (bot_entry.bot)(&args.bots, imperia_bots::arena::seat_rng_seed(seed, s))).collect();
    let mut out = std::io::stdout().lock();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();

    writeln!(
        out,
        "{} — {} players, seed {seed}. You are Player {}; the other seats are played by the {} bot.",
        entry.name,
        m.seats(),
        me + 1,
        args.bots
    )?;
    if let Some(notice) = (entry.report)(&content).provisional_notice() {
        writeln!(out, "Note: {notice}.")?;
    }
    writeln!(
        out,
        "Type the number of an action; `b` shows the board, `u` undoes your last step, `q` saves and quits.\n"
    )?;
    writeln!(out, "{}", m.summary(Viewer::Seat(me)))?;

    loop {
        let seat = match m.to_act() {
            ToAct::Nobody => break,
            ToAct::Seats(seats) if seats.contains(&me) => me,
            ToAct::Seats(seats) => seats[0],
        };
        let choices = m.legal_actions(seat);
        if seat != me {
            let view = m.view(Viewer::Seat(seat));
            let pick = bots[seat].choose(&view, &content, seat, &choices).map_err(|e| anyhow::anyhow!(e))?;
            m.apply(seat, &choices[pick].action)?;
            for line in m.last_events(Viewer::Seat(me)) {
                writeln!(out, "  {line}")?;
            }
            continue;
        }
        writeln!(out, "\nYour decision — {}", m.prompt(Viewer::Seat(me)))?;
        for (i, c) in choices.iter().enumerate() {
            writeln!(out, "  {:>3}. {}", i + 1, c.label)?;
        }
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = lines.next() else {
                save(m.as_ref(), &record_path)?;
                writeln!(out, "\nInput ended; the game so far is saved in {}", record_path.display())?;
                return Ok(());
            };
            let line = line?;
            let input = line.trim();
            match input {
                "q" => {
                    save(m.as_ref(), &record_path)?;
                    writeln!(out, "Saved the game so far in {}", record_path.display())?;
                    return Ok(());
                }
                "b" => writeln!(out, "{}", m.summary(Viewer::Seat(me)))?,
                "u" => match m.undo(me) {
                    Ok(()) => {
                        writeln!(out, "Undone.")?;
                        break;
                    }
                    Err(e) => writeln!(out, "Cannot undo: {e}")?,
                },
                _ => match input.parse::<usize>() {
                    Ok(n) if (1..=choices.len()).contains(&n) => {
                        for line in m.apply(me, &choices[n - 1].action)? {
                            writeln!(out, "  {line}")?;
                        }
                        break;
                    }
                    _ => writeln!(out, "Type a number from 1 to {}, or b, u or q.", choices.len())?,
                },
            }
        }
    }
    writeln!(out, "\n{}", m.summary(Viewer::Seat(me)))?;
    if let Some(outcome) = m.outcome() {
        writeln!(out, "Game over.")?;
        for s in 0..m.seats() {
            writeln!(
                out,
                "  Player {}{}: {} points, rank {}",
                s + 1,
                if s == me { " (you)" } else { "" },
                outcome.scores[s],
                outcome.ranks[s]
            )?;
        }
    }
    save(m.as_ref(), &record_path)?;
    let content = args.game.content.content.as_ref().map(|d| format!(" --content {}", d.display())).unwrap_or_default();
    writeln!(
        out,
        "The record is saved in {}; replay it with `imperia replay {}{content}`.",
        record_path.display(),
        record_path.display()
    )?;
    Ok(())
}

fn save(m: &dyn DynMatch, path: &PathBuf) -> Result<()> {
    let text = serde_json::to_string_pretty(&m.record())?;
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}
