//! The table in words for the terminal (`Game::summary`): what a player decides with, read from the
//! viewer's view so that nothing secret shows. The scenario's battle likelihood and own rule, each player's
//! board line, the viewer's own goals with their
//! conditions and VP, every ruler's ability once the rulers are shown, the privilege display with costs,
//! effects and VP, what the buildings and the two top cities cost, the capital tokens once face up, and the
//! hex map.

use std::fmt::Write;

use imperia_core::Viewer;

use crate::content::Content;
use crate::play::roman;
use crate::state::{Brazil, Stage};
use crate::view::View;

impl Brazil {
    /// The table in text, for the terminal.
    pub fn table_text(&self, viewer: Viewer) -> String {
        let v = self.make_view(viewer);
        let t = &v.table;
        let c = &*self.content;
        let map = c.map(t.map);
        let mut out = format!("{} — era {}, round {}\n", map.name, roman(t.era), t.round);
        // The scenario's likelihood of battle (X to XXX) and its own rule, as printed under its title.
        if let Some(rules) = &map.rules {
            let battles = match map.battle {
                Some(1) => "battles rare",
                Some(2) => "battles now and then",
                Some(3) => "battles likely",
                _ => "solo",
            };
            let _ = writeln!(out, "Scenario ({battles}): {rules}");
        }
        for (s, p) in t.players.iter().enumerate() {
            let ruler = p.ruler.map(|r| c.rulers[r.index()].name.clone()).unwrap_or_else(|| "?".into());
            let h = &v.hidden[s];
            let _ = writeln!(
                out,
                "{}. {} [{ruler}] supply: {} · {} · battle cards {} · opportunity cards {} · {} VP",
                s + 1,
                t.seat_label(s as u8),
                p.supply,
                imperia_core::words::count(p.privileges.len() as u32, "privilege"),
                p.battle.len() + h.battle,
                p.opportunities.len() + h.opportunities,
                v.scores[s].total
            );
        }
        out.push_str(&self.decisions_text(&v));
        out.push_str(&self.hex_text(t));
        out
    }

    /// What a player weighs: goals, rulers, the privilege display, prices, capital tokens.
    fn decisions_text(&self, v: &View) -> String {
        let t = &v.table;
        let c = &*self.content;
        let mut out = String::new();
        if let Some(me) = v.viewer.seat() {
            let p = &t.players[me];
            let mut goals: Vec<String> = p.goals.iter().map(|h| goal_text(c, h.goal, h.done)).collect();
            if let Some(dealt) = t.dealt[me] {
                goals.extend(
                    dealt.iter().flatten().map(|&g| format!("{} (dealt: keep one of each era)", goal_text(c, g, 0))),
                );
            }
            if !goals.is_empty() {
                out.push_str("Your goals:\n");
                goals.iter().for_each(|g| out.push_str(&format!("  {g}\n")));
            }
        }
        for (s, p) in t.players.iter().enumerate() {
            let declared: Vec<String> = p
                .goals
                .iter()
                .filter(|h| h.done != 0 && Some(s) != v.viewer.seat())
                .map(|h| goal_text(c, h.goal, h.done))
                .collect();
            if !declared.is_empty() {
                let _ = writeln!(out, "{} has declared: {}", t.seat_label(s as u8), declared.join("; "));
            }
        }
        let rulers: Vec<String> = t
            .players
            .iter()
            .enumerate()
            .filter_map(|(s, p)| p.ruler.map(|r| (s, r)))
            .map(|(s, r)| {
                format!("  {}: {} — {}", t.seat_label(s as u8), c.rulers[r.index()].name, c.rulers[r.index()].text)
            })
            .collect();
        if !rulers.is_empty() {
            out.push_str("Rulers:\n");
            rulers.iter().for_each(|r| out.push_str(&format!("{r}\n")));
        }
        if t.stage == Stage::Prepare
            && let Some(me) = v.viewer.seat()
        {
            let colour = &c.colours[t.players[me].colour.index()];
            out.push_str("Your rulers to choose from:\n");
            for r in &colour.rulers {
                let _ = writeln!(out, "  {} — {}", c.rulers[r.index()].name, c.rulers[r.index()].text);
            }
        }
        out.push_str("Privilege display:\n");
        for card in t.display.iter().flatten() {
            let k = c.privilege(*card);
            let _ = writeln!(out, "  {} ({:?} back; cost {}; {} VP): {}", k.name, k.back, k.cost, k.vp, k.text);
        }
        out.push_str("Buildings (era, terrain, cost, makes, VP):\n");
        for b in &c.buildings {
            let terrain: Vec<&str> = b.terrain.iter().map(|t| t.name()).collect();
            let cost = match b.alt_cost {
                Some(alt) => format!("{} or {alt}", b.cost),
                None => b.cost.to_string(),
            };
            let _ = writeln!(
                out,
                "  {}: {}, {}, {cost}, {}, {} VP",
                b.name,
                roman(b.era),
                terrain.join(" or "),
                b.produces,
                b.vp
            );
        }
        let tops: Vec<String> = t
            .city_stacks
            .iter()
            .filter_map(|s| s.last())
            .map(|&k| {
                format!(
                    "{} (cost {}, {} VP)",
                    c.cities[k.index()].name,
                    c.cities[k.index()].cost,
                    c.cities[k.index()].vp
                )
            })
            .collect();
        if !tops.is_empty() {
            let _ = writeln!(
                out,
                "Cities on top of the stacks (era II, any terrain, under your general): {}",
                tops.join("; ")
            );
        }
        let board = c.map(t.map);
        let tokens: Vec<String> = t
            .capital_tokens
            .iter()
            .enumerate()
            .filter_map(|(k, tok)| {
                tok.map(|tok| (board.hexes[usize::from(board.capitals[k])], &c.capital_tokens[usize::from(tok)]))
            })
            .map(|(hex, tok)| {
                format!("{hex} gives {}{}", tok.gives, if tok.first { " and the first turn" } else { "" })
            })
            .collect();
        if !tokens.is_empty() {
            let _ = writeln!(out, "Capital tokens, face up: {}", tokens.join("; "));
        } else if t.stage == Stage::Prepare {
            out.push_str("Capital tokens lie face down until every goal is kept and every ruler chosen.\n");
        }
        out
    }
}

/// A goal card in words: its name, era, and each task's conditions and VP, the declared ones marked.
fn goal_text(c: &Content, goal: crate::content::GoalId, done: u8) -> String {
    let g = c.goal(goal);
    let tasks: Vec<String> = g
        .tasks
        .iter()
        .enumerate()
        .map(|(k, task)| {
            let conditions: Vec<String> = task.conditions.iter().map(|&x| c.condition_text(x)).collect();
            let mark = if done & (1 << k) != 0 { " [declared]" } else { "" };
            format!("{} → {} VP{mark}", conditions.join(", "), task.vp)
        })
        .collect();
    format!("{} (era {}): {}", g.name, roman(g.era), tasks.join(" | "))
}
