//! `imperia apply`: drive an engine from another program. Actions come in as JSON lines on stdin, either
//! `{"seat": 1, "action": …}` or a bare action when exactly one seat is to act; for the start and after every
//! step one JSON line goes out with the acting seat, the action, the events as that seat saw them, the state
//! hash (as records carry it), who acts next, the prompt, the views asked for with `--view`, and with
//! `--legal` the actions open to each seat to act.
//!
//! A line that is not JSON, names a seat that is not to act, or holds an illegal action stops the run with
//! an error naming the line; everything before it has been written, and the state is as after the last good
//! line (so `--record` still saves a replayable record of it).

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use imperia_core::{DynMatch, Registry, Seat, Viewer};
use serde_json::{Map, Value, json};

use crate::GameOptions;

#[derive(Args)]
pub struct ApplyArgs {
    #[command(flatten)]
    game: GameOptions,
    /// The seed for setup.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Views to print after every step: a seat number (counted from 0), `spectator`, or `all` (every seat and
    /// a spectator).
    #[arg(long, value_name = "SEAT|spectator|all")]
    view: Option<String>,
    /// Also list, on every line, the legal actions of each seat to act (`"legal": {"0": [{action, label}]}`),
    /// for a driver that chooses among them.
    #[arg(long)]
    legal: bool,
    /// Save the record here when the input ends (or stops at a bad line).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Largest input line accepted, in bytes.
    #[arg(long, default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1..=(1 << 30)))]
    max_line: u64,
}

pub fn run(registry: &Registry, args: &ApplyArgs) -> Result<()> {
    let (entry, config, content) = args.game.resolve(registry)?;
    let mut m = (entry.start)(&config, args.seed, &content).context("cannot set up the game")?;
    let shown = Shown { viewers: viewers(args.view.as_deref(), m.seats())?, legal: args.legal };
    let mut out = std::io::stdout().lock();
    let start = json!({ "step": 0, "game": entry.id, "config": config, "seed": args.seed });
    emit(&mut out, m.as_ref(), start, &shown)?;
    let result = drive(m.as_mut(), &shown, args.max_line, &mut out);
    if let Some(path) = &args.record {
        let text = serde_json::to_string_pretty(&m.record())?;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    result
}

/// Apply every line of stdin, writing a line per step.
fn drive(m: &mut dyn DynMatch, shown: &Shown, max_line: u64, out: &mut impl Write) -> Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    for number in 1.. {
        buf.clear();
        let read = (&mut stdin).take(max_line + 1).read_until(b'\n', &mut buf).context("cannot read stdin")?;
        if read == 0 {
            return Ok(());
        }
        if buf.len() as u64 > max_line {
            bail!("line {number}: longer than {max_line} bytes (--max-line)");
        }
        let text = std::str::from_utf8(&buf).map_err(|_| anyhow!("line {number}: not UTF-8"))?.trim();
        if text.is_empty() {
            continue;
        }
        let (seat, action) = parse_line(m, text).map_err(|e| anyhow!("line {number}: {e}"))?;
        let events = m.apply(seat, &action).map_err(|e| anyhow!("line {number}: {e}"))?;
        let steps = m.last_recorded().map_or(0, |(n, _)| n);
        let step = json!({ "step": steps, "seat": seat, "action": action, "events": events });
        emit(out, m, step, shown)?;
    }
    Ok(())
}

/// The seat and action of one input line.
fn parse_line(m: &dyn DynMatch, text: &str) -> Result<(Seat, Value), String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let to_act = m.to_act();
    if to_act.seats().is_empty() {
        return Err("the game is over".into());
    }
    match value {
        Value::Object(map) if map.contains_key("action") => {
            let seat = match map.get("seat") {
                Some(seat) => seat.as_u64().and_then(|s| usize::try_from(s).ok()).ok_or("`seat` is a seat number")?,
                None => only_seat(to_act.seats())?,
            };
            if !to_act.includes(seat) {
                return Err(format!("it is not seat {seat}'s decision; seats to act: {:?}", to_act.seats()));
            }
            Ok((seat, map.get("action").cloned().unwrap_or(Value::Null)))
        }
        action => Ok((only_seat(to_act.seats())?, action)),
    }
}

fn only_seat(seats: &[Seat]) -> Result<Seat, String> {
    match seats {
        [seat] => Ok(*seat),
        _ => Err(format!("several seats are to act ({seats:?}); write {{\"seat\": N, \"action\": …}}")),
    }
}

/// What each output line shows beyond the step.
struct Shown {
    viewers: Vec<Viewer>,
    legal: bool,
}

/// One output line: `fields`, then the state hash, who acts, the prompt, the views and the legal actions.
fn emit(out: &mut impl Write, m: &dyn DynMatch, fields: Value, shown: &Shown) -> Result<()> {
    let mut line: Map<String, Value> = match fields {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    line.insert("hash".into(), json!(format!("{:016x}", m.state_hash())));
    line.insert("to_act".into(), json!(m.to_act().seats()));
    line.insert("prompt".into(), json!(m.prompt(Viewer::Spectator)));
    if let Some(outcome) = m.outcome() {
        line.insert("outcome".into(), json!(outcome));
    }
    if !shown.viewers.is_empty() {
        let views: Map<String, Value> = shown.viewers.iter().map(|&v| (viewer_name(v), m.view(v))).collect();
        line.insert("views".into(), Value::Object(views));
    }
    if shown.legal {
        let legal: Map<String, Value> =
            m.to_act().seats().iter().map(|&s| (s.to_string(), json!(m.legal_actions(s)))).collect();
        line.insert("legal".into(), Value::Object(legal));
    }
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)?;
    Ok(())
}

fn viewer_name(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(s) => s.to_string(),
        Viewer::Spectator => "spectator".into(),
    }
}

/// The viewers `--view` asks for.
fn viewers(view: Option<&str>, seats: usize) -> Result<Vec<Viewer>> {
    Ok(match view {
        None => vec![],
        Some("all") => (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]).collect(),
        Some("spectator") => vec![Viewer::Spectator],
        Some(seat) => match seat.parse::<usize>() {
            Ok(s) if s < seats => vec![Viewer::Seat(s)],
            _ => bail!("--view is a seat from 0 to {}, `spectator` or `all`", seats - 1),
        },
    })
}
