//! `imperia play`: a game in the terminal. The human chooses from a numbered list of legal actions in plain
//! words; the other seats are played by a bot. The record is saved at the end (or on `q`).
//!
//! A choice keeps its number for as long as it stays legal within one decision (a [`Menu`]), so that a
//! player who read "7. Flag Bengal" a moment ago does not pick another action by typing 7 after the list
//! changed around it. A long list is folded by kind of action (a kind with few choices is still listed);
//! `/word` lists the choices whose words, or kind, contain it.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use imperia_bots::{BotSpec, DynBot};
use imperia_core::{ActionChoice, DynMatch, Registry, Seat, ToAct, Viewer};

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
    /// The bot playing the other seats: random, heuristic[:N], rollout[:N][@Mms], mcts[:N[:T]][@Mms] or
    /// uct[:N[:T]][@Mms].
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

    let others =
        if m.seats() > 1 { format!("; the other seats are played by the {} bot", args.bots) } else { String::new() };
    writeln!(
        out,
        "{} — {}, seed {seed}. You play {} (seat {}){others}.",
        entry.name,
        imperia_core::words::count(m.seats() as u32, "player"),
        m.seat_name(me),
        me + 1,
    )?;
    if let Some(scope) = entry.scope {
        writeln!(out, "This is {scope}.")?;
    }
    if let Some(notice) = (entry.report)(&content).provisional_notice() {
        writeln!(out, "Note: {notice}.")?;
    }
    writeln!(
        out,
        "Type the number of an action; `/word` lists the choices containing it; `b` shows the board, `u` undoes your last step, `q` saves and quits.\n"
    )?;
    writeln!(out, "{}", m.summary(Viewer::Seat(me)))?;

    let mut menu = Menu::default();
    loop {
        let seat = match m.to_act() {
            ToAct::Nobody => break,
            // In a decision several seats make at once, the bots go first: a proposal made to a bot is answered
            // before the player's next choice.
            ToAct::Seats(seats) => seats.iter().copied().find(|&s| s != me).unwrap_or(me),
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
        menu.update(&choices);
        write!(out, "{}", menu_text(&menu.listed(&choices)))?;
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
                _ if input.starts_with('/') => {
                    let word = input[1..].trim().to_lowercase();
                    let found: Vec<(usize, &ActionChoice)> = menu
                        .listed(&choices)
                        .into_iter()
                        .filter(|(_, c)| c.label.to_lowercase().contains(&word) || kind_of(&c.action).contains(&word))
                        .collect();
                    if found.is_empty() {
                        writeln!(out, "No choice contains \"{word}\".")?;
                    }
                    for (number, c) in found {
                        writeln!(out, "  {number:>3}. {}", c.label)?;
                    }
                }
                "u" => match m.undo(me) {
                    Ok(()) => {
                        writeln!(out, "Undone.")?;
                        break;
                    }
                    Err(e) => writeln!(out, "Cannot undo: {e}")?,
                },
                _ => match input.parse::<usize>().ok().and_then(|n| menu.choice(n, &choices)) {
                    Some(choice) => {
                        for line in m.apply(me, &choice.action)? {
                            writeln!(out, "  {line}")?;
                        }
                        break;
                    }
                    None => writeln!(out, "Type the number of a choice listed above, /word, or b, u or q.")?,
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
                "  {}{}: {} points, rank {}",
                m.seat_name(s),
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

/// The numbers of the choices on offer. Numbers carry over from one list to the next while the lists share a
/// choice (the same decision, narrowed or widened); a choice that appears gets the next free number, and a
/// list with nothing in common with the last one is a new decision, numbered from 1.
#[derive(Default)]
struct Menu {
    /// By the action's JSON text, which names a choice exactly.
    numbers: HashMap<String, usize>,
    /// The last number given in this decision: a number once shown is never given to another choice.
    last: usize,
}

impl Menu {
    fn update(&mut self, choices: &[ActionChoice]) {
        let keys: Vec<String> = choices.iter().map(|c| c.action.to_string()).collect();
        if !keys.iter().any(|k| self.numbers.contains_key(k)) {
            self.numbers.clear();
            self.last = 0;
        }
        self.numbers.retain(|k, _| keys.contains(k));
        for k in keys {
            self.numbers.entry(k).or_insert_with(|| {
                self.last += 1;
                self.last
            });
        }
    }

    /// The choices with their numbers, in number order.
    fn listed<'a>(&self, choices: &'a [ActionChoice]) -> Vec<(usize, &'a ActionChoice)> {
        let mut listed: Vec<(usize, &ActionChoice)> =
            choices.iter().filter_map(|c| self.numbers.get(&c.action.to_string()).map(|&n| (n, c))).collect();
        listed.sort_by_key(|(n, _)| *n);
        listed
    }

    fn choice<'a>(&self, number: usize, choices: &'a [ActionChoice]) -> Option<&'a ActionChoice> {
        self.listed(choices).into_iter().find(|(n, _)| *n == number).map(|(_, c)| c)
    }
}

/// A list longer than this is folded by kind of action.
const FOLD_OVER: usize = 30;
/// A kind with at most this many choices is listed even in a folded list.
const FEW: usize = 4;

/// The numbered choices as the terminal shows them: all of them, or, for a long list, the kinds with few
/// choices in full and the others as a line saying how many there are and how to list them.
fn menu_text(listed: &[(usize, &ActionChoice)]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    if listed.len() <= FOLD_OVER {
        for (number, c) in listed {
            let _ = writeln!(out, "  {number:>3}. {}", c.label);
        }
        return out;
    }
    // Kinds in the order their first choice comes.
    let mut kinds: Vec<(String, Vec<&(usize, &ActionChoice)>)> = Vec::new();
    for entry in listed {
        let kind = kind_of(&entry.1.action);
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, list)) => list.push(entry),
            None => kinds.push((kind, vec![entry])),
        }
    }
    for (kind, list) in &kinds {
        if list.len() <= FEW {
            for (number, c) in list {
                let _ = writeln!(out, "  {number:>3}. {}", c.label);
            }
        } else {
            let _ = writeln!(
                out,
                "       {} choices to {kind} (e.g. {}. {}): type /{} to list them",
                list.len(),
                list[0].0,
                list[0].1.label,
                kind.rsplit(' ').next().unwrap_or(kind)
            );
        }
    }
    out
}

/// An action's kind, in words: its name, and the name of any variant chosen inside it (`{"draft": {"clause":
/// {"alliance": …}}}` is "draft alliance"; `{"add": {"alliance": …}}` is "add alliance").
fn kind_of(action: &serde_json::Value) -> String {
    use serde_json::Value;
    /// A variant with fields: `{"name": {…}}`.
    fn variant(v: &Value) -> Option<(&String, &Value)> {
        match v {
            Value::Object(map) if map.len() == 1 => map.iter().next().filter(|(_, inner)| inner.is_object()),
            _ => None,
        }
    }
    let mut words = Vec::new();
    let mut v = match action {
        Value::String(s) => return s.replace('_', " "),
        Value::Object(map) if map.len() == 1 => {
            let (k, inner) = map.iter().next().expect("one entry");
            words.push(k.clone());
            inner
        }
        _ => return String::new(),
    };
    loop {
        if let Some((k, inner)) = variant(v) {
            words.push(k.clone());
            v = inner;
        } else if let Some((k, inner)) = v.as_object().and_then(|fields| fields.values().find_map(variant)) {
            words.push(k.clone());
            v = inner;
        } else {
            break;
        }
    }
    words.join(" ").replace('_', " ")
}

fn save(m: &dyn DynMatch, path: &PathBuf) -> Result<()> {
    let text = serde_json::to_string_pretty(&m.record())?;
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(names: &[&str]) -> Vec<ActionChoice> {
        names
            .iter()
            .map(|n| ActionChoice { action: serde_json::json!({ "pick": n }), label: n.to_string(), targets: vec![] })
            .collect()
    }

    fn numbered(menu: &Menu, list: &[ActionChoice]) -> Vec<(usize, String)> {
        menu.listed(list).into_iter().map(|(n, c)| (n, c.label.clone())).collect()
    }

    #[test]
    fn a_choice_keeps_its_number_while_it_stays_legal() {
        let mut menu = Menu::default();
        let first = choices(&["a", "b", "c"]);
        menu.update(&first);
        assert_eq!(numbered(&menu, &first), [(1, "a".into()), (2, "b".into()), (3, "c".into())]);
        // "a" went, "d" came: "b" and "c" keep 2 and 3, "d" takes a number never shown before.
        let second = choices(&["d", "c", "b"]);
        menu.update(&second);
        assert_eq!(numbered(&menu, &second), [(2, "b".into()), (3, "c".into()), (4, "d".into())]);
        assert!(menu.choice(1, &second).is_none(), "1 was \"a\", which is gone");
        assert_eq!(menu.choice(3, &second).map(|c| c.label.as_str()), Some("c"));
        // Nothing in common: a new decision, numbered from 1.
        let third = choices(&["x", "y"]);
        menu.update(&third);
        assert_eq!(numbered(&menu, &third), [(1, "x".into()), (2, "y".into())]);
    }

    #[test]
    fn a_long_list_is_folded_by_kind_and_a_short_kind_still_listed() {
        let mut list: Vec<ActionChoice> = (0..40)
            .map(|i| ActionChoice {
                action: serde_json::json!({ "draft": { "by": "spain", "clause": { "cards": { "count": i } } } }),
                label: format!("Propose (Spain): {i} cards"),
                targets: vec![],
            })
            .collect();
        list.push(ActionChoice {
            action: serde_json::json!({ "end_talks": { "power": "spain" } }),
            label: "End Spain's talks".into(),
            targets: vec![],
        });
        let mut menu = Menu::default();
        menu.update(&list);
        let text = menu_text(&menu.listed(&list));
        assert!(text.contains("40 choices to draft cards (e.g. 1. Propose (Spain): 0 cards): type /cards"), "{text}");
        assert!(text.contains(" 41. End Spain's talks"), "{text}");
        assert_eq!(text.lines().count(), 2, "{text}");
        assert_eq!(kind_of(&serde_json::json!("publish")), "publish");
        assert_eq!(
            kind_of(&serde_json::json!({ "show": { "by": "spain", "item": { "card": "x" }, "to": "france" } })),
            "show"
        );
        assert_eq!(
            kind_of(&serde_json::json!({ "add": { "alliance": { "a": "spain", "b": "france" } } })),
            "add alliance"
        );
        assert_eq!(kind_of(&serde_json::json!({ "end_talks": { "power": "spain" } })), "end talks");
    }
}
