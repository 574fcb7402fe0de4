//! The table as one viewer sees it, in text: what `b` shows in the terminal. Everything a player sitting at
//! the physical table could read off it — every space of the map by region with its flag and markers, who
//! holds each advantage, the tracks, the war mat, the investment tiles on display — and of the secrets only
//! the viewer's own: its hand with the card texts, its face-down ministries, its war tiles.
//!
//! It is written from the viewer's [`View`] alone, so it cannot show what the viewer may not know.

use std::fmt::Write;

use imperia_core::Viewer;
use imperia_core::words::count;

use crate::content::{Content, Flag, Power, Region, SpaceId, SpaceKind};
use crate::event::{award_text, basic_tile_text, bonus_tile_text, name, tile_text, war_tiles_text};
use crate::state::{ImperialStruggle, Phase, TheatreTiles};
use crate::summary::{capitalise, pool_name};
use crate::view::{PowerView, View};

impl ImperialStruggle {
    /// The position for a terminal, as `viewer` sees it.
    pub(crate) fn text_summary(&self, viewer: Viewer) -> String {
        let v = self.make_view(viewer);
        let me = viewer.seat().and_then(Power::of_seat);
        let mut s = String::new();
        self.write_headline(&mut s, &v);
        write_tracks(&mut s, &v, me);
        if let Some(p) = me {
            write_secrets(&mut s, &self.content, p, &v.powers[p.index()]);
        }
        self.write_war_mat(&mut s, &v);
        for r in Region::ALL {
            self.write_region(&mut s, &v, r);
        }
        self.write_market_rows(&mut s, &v);
        s
    }

    fn write_headline(&self, s: &mut String, v: &View) {
        let c = &*self.content;
        let place = match &v.phase {
            Phase::War(_) => format!("the {}", c.war(self.mat_war()).name),
            Phase::Over { winner } => format!("game over, {winner} wins"),
            _ => format!("peace round {} of the {} era", self.round(), self.era().name()),
        };
        let _ = writeln!(s, "Imperial Struggle — {place}.");
        let _ = writeln!(
            s,
            "Victory points: {} (France wins at 30, Britain at 0). Initiative: {}.{}",
            v.vp,
            v.initiative,
            jacobites_text(v)
        );
        if v.config.france_bid > 0 {
            let bid = count(i64::from(v.config.france_bid), "treaty point");
            let _ = writeln!(s, "France's player bid {bid} to play France: Britain started with them.");
        }
        if let Phase::Actions(t) = &v.phase {
            let pools: Vec<String> = t
                .pools
                .iter()
                .filter(|p| p.points > 0)
                .map(|p| format!("{} {} ({})", p.points, p.kind, pool_name(p)))
                .collect();
            let points = if pools.is_empty() { String::new() } else { format!("; points: {}", pools.join(", ")) };
            let _ = writeln!(s, "{}'s turn {} of 4{points}.", t.active, t.number / 2 + 1);
        }
    }

    fn write_war_mat(&self, s: &mut String, v: &View) {
        let c = &*self.content;
        let Some(war) = v.war.war else { return };
        let at_war = matches!(v.phase, Phase::War(_));
        let _ = writeln!(s, "\n{} {}:", if at_war { "At war —" } else { "Next war —" }, c.war(war).name);
        for (t, th) in c.war(war).theatres.iter().enumerate() {
            let tiles = &v.war.theatres[t];
            let sides: Vec<String> = Power::BOTH
                .iter()
                .map(|&p| {
                    let tv = &tiles[p.index()];
                    match (&tv.basic, &tv.bonus) {
                        (Some(basic), Some(bonus)) => {
                            let face = TheatreTiles { basic: basic.clone(), bonus: bonus.clone() };
                            format!("{p} {}", war_tiles_text(c, &face))
                        }
                        _ => format!("{p} {} face down", count(tv.basic_count as i64 + tv.bonus_count as i64, "tile")),
                    }
                })
                .collect();
            let revealed = if v.war.revealed.get(t).copied().unwrap_or(false) { " (revealed)" } else { "" };
            let _ = writeln!(s, "  {}{revealed}: {}", th.name, sides.join("; "));
        }
    }

    fn write_region(&self, s: &mut String, v: &View, r: Region) {
        let c = &*self.content;
        let on_board = self.on_board();
        let award = v.awards[r.index()].map(|a| format!(", award {}", award_text(c, a))).unwrap_or_default();
        let n = self.counted(c.masks.by_region[r.index()]);
        let _ = writeln!(s, "\n{}{award} — Britain {}, France {}:", capitalise(r.name()), n[0], n[1]);
        let advantages: Vec<String> = c
            .advantages
            .iter()
            .zip(&v.advantages)
            .filter(|(a, _)| a.region == r)
            .map(|(a, st)| {
                let holder = st.holder.map_or("nobody".to_string(), |p| p.to_string());
                let used = if st.exhausted { ", used" } else { "" };
                format!("{} ({holder}{used})", a.name)
            })
            .collect();
        if !advantages.is_empty() {
            let _ = writeln!(s, "  Advantages: {}.", advantages.join("; "));
        }
        let isolated = self.all_isolated();
        // One column for names, as wide as the longest name of the set played with.
        let width = c.spaces.iter().map(|sp| sp.name.chars().count()).max().unwrap_or(0) + 1;
        for (i, sp) in c.spaces.iter().enumerate().filter(|(_, sp)| sp.region == r) {
            let id = SpaceId(i as u8);
            if !on_board.contains(id) {
                continue;
            }
            let mut marks = Vec::new();
            if v.board.conflict.contains(id) {
                marks.push(if v.board.conflict_plus.contains(id) { "conflict (+1)" } else { "conflict" });
            }
            if v.board.damaged.contains(id) {
                marks.push("damaged");
            }
            if v.board.huguenots.contains(id) {
                marks.push(if v.board.huguenots_spent.contains(id) { "Huguenots (flipped)" } else { "Huguenots" });
            }
            if isolated.contains(id) {
                marks.push("isolated");
            }
            let holder = holder_text(v.board.owner(id), sp.kind);
            let line = format!("  {:<width$} {:<26} {holder:<18} {}", name(c, id), space_text(c, id), marks.join(", "));
            let _ = writeln!(s, "{}", line.trim_end());
        }
    }

    fn write_market_rows(&self, s: &mut String, v: &View) {
        let c = &*self.content;
        let demand: Vec<&str> = v.demand.iter().map(|d| d.name()).collect();
        let _ = writeln!(s, "\nGlobal demand: {}.", demand.join(", "));
        if !v.display.is_empty() {
            let tiles: Vec<String> = v.display.iter().map(|&t| tile_text(c, t)).collect();
            let _ = writeln!(s, "Investment tiles on display: {}.", tiles.join("; "));
        }
        if !v.taken.is_empty() {
            let taken: Vec<String> = v.taken.iter().map(|(p, t)| format!("{p}: {}", tile_text(c, *t))).collect();
            let _ = writeln!(s, "Taken this round: {}.", taken.join("; "));
        }
        let _ = writeln!(
            s,
            "Event deck: {}; discard pile: {}.",
            count(v.deck_count as i64, "card"),
            count(v.discard.len() as i64, "card")
        );
    }
}

fn jacobites_text(v: &View) -> String {
    let j = &v.jacobites;
    let mut parts = Vec::new();
    if j.victories > 0 {
        parts.push(count(j.victories, "Jacobite Victory marker"));
    }
    if j.defeat {
        parts.push("the Jacobites are defeated".to_string());
    }
    if parts.is_empty() { String::new() } else { format!(" {}.", capitalise(&parts.join("; "))) }
}

/// One row per power: the tracks and what lies open in front of it.
fn write_tracks(s: &mut String, v: &View, me: Option<Power>) {
    let _ = writeln!(
        s,
        "\n{:<16} {:>5} {:>6} {:>8} {:>5} {:>5} {:>8}  Ministries",
        "", "Debt", "Treaty", "Navy box", "Brig", "Lost", "Hand"
    );
    for p in Power::BOTH {
        let pv = &v.powers[p.index()];
        let who = if me == Some(p) { format!("{p} (you)") } else { p.to_string() };
        let shown: Vec<String> = pv
            .ministries
            .iter()
            .map(|m| format!("{}{}", m.card, if m.revealed { "" } else { " (face down)" }))
            .collect();
        let unseen = pv.face_down - pv.ministries.iter().filter(|m| !m.revealed).count();
        let mut ministries = shown.join(", ");
        if unseen > 0 {
            ministries = [ministries, count(unseen as i64, "face-down ministry")]
                .into_iter()
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
                .join(", ");
        }
        let _ = writeln!(
            s,
            "{who:<16} {:>5} {:>6} {:>8} {:>5} {:>5} {:>8}  {}",
            format!("{}/{}", pv.debt, pv.debt_limit),
            pv.trp,
            pv.navy_box,
            pv.brig,
            pv.squadrons_lost,
            count(pv.hand_count as i64, "card"),
            if ministries.is_empty() { "none".to_string() } else { ministries },
        );
    }
}

/// The viewer's own secrets: its hand with the texts, its ministries with their abilities, its war tiles.
fn write_secrets(s: &mut String, c: &Content, me: Power, pv: &PowerView) {
    if let Some(hand) = &pv.hand {
        let _ = writeln!(s, "\nYour hand:");
        for &card in hand {
            let e = c.card(card);
            // The card's action type (§3.4.4), and the text of the version this power plays.
            let kind = e.action.map(|k| format!(", {k}")).unwrap_or_default();
            let t = e.version(me);
            let bonus = t.bonus.as_ref().map(|b| format!(" Bonus: {b}")).unwrap_or_default();
            let _ = writeln!(s, "  {} ({} era{kind}): {}{bonus}", e.name, e.era.name(), t.text);
        }
    }
    if !pv.ministries.is_empty() {
        let _ = writeln!(s, "Your ministries:");
        for m in &pv.ministries {
            let card = c.ministry(m.card);
            let abilities: Vec<String> = card
                .abilities
                .iter()
                .zip(m.exhausted)
                .map(|(a, used)| if used { format!("{a} [used]") } else { a.clone() })
                .collect();
            let face = if m.revealed { "" } else { ", face down" };
            let _ = writeln!(s, "  {}{face}: {}", card.name, abilities.join(" / "));
        }
    }
    let basic = |kinds: &[u8]| grouped(kinds.iter().map(|&k| basic_tile_text(c, k)));
    let bonus = |ids: &[u16]| grouped(ids.iter().map(|&b| bonus_tile_text(c, b)));
    if let Some(pool) = &pv.basic_pool {
        let _ = writeln!(s, "Your basic war tiles in the pool: {}.", basic(pool));
    }
    if let Some(pool) = &pv.bonus_pool {
        let _ = writeln!(s, "Your bonus war tiles in the pool: {}.", bonus(pool));
    }
    if let Some(carried) = pv.carried_bonus.as_ref().filter(|c| !c.is_empty()) {
        let _ = writeln!(s, "Your bonus war tiles carried over: {}.", bonus(carried));
    }
}

/// Equal faces counted once: "+2 ×3, +1, +0 with the debt symbol ×4", or "none".
fn grouped(faces: impl Iterator<Item = String>) -> String {
    let mut groups: Vec<(String, usize)> = Vec::new();
    for face in faces {
        match groups.iter_mut().find(|(f, _)| *f == face) {
            Some((_, n)) => *n += 1,
            None => groups.push((face, 1)),
        }
    }
    if groups.is_empty() {
        return "none".to_string();
    }
    groups.iter().map(|(f, n)| if *n > 1 { format!("{f} ×{n}") } else { f.clone() }).collect::<Vec<_>>().join(", ")
}

/// Who holds a space: a flag, or on a naval space a squadron.
fn holder_text(flag: Option<Flag>, kind: SpaceKind) -> String {
    match (flag, kind) {
        (None, _) => "—".to_string(),
        (Some(f), SpaceKind::Naval) => format!("{} squadron", f.name()),
        (Some(f), _) => format!("{} flag", f.name()),
    }
}

/// What kind of space it is and what it costs: "market, furs, 2", "political, prestige, 3".
fn space_text(c: &Content, id: SpaceId) -> String {
    let sp = c.space(id);
    let mut parts = vec![
        match sp.kind {
            SpaceKind::Political => "political",
            SpaceKind::Market => "market",
            SpaceKind::Naval => "naval",
            SpaceKind::Territory => "territory",
            SpaceKind::Fort => "fort",
        }
        .to_string(),
    ];
    if let Some(k) = sp.commodity {
        parts.push(k.name().to_string());
    }
    if sp.prestige {
        parts.push("prestige".to_string());
    }
    if sp.cost > 0 {
        parts.push(sp.cost.to_string());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use imperia_core::{Game, Viewer};

    use crate::content::Power;
    use crate::testkit::*;

    /// Issue 13, item 13: `b` shows each space with its flag and markers, and the viewer's own hand with
    /// its texts, never the opponent's.
    #[test]
    fn the_table_shows_the_map_and_only_the_viewers_secrets() {
        let mut g = game();
        g.put("bavaria", Some(Power::France)).mark("bavaria");
        g.hand_of(Power::Britain, &["acts_of_union"]).hand_of(Power::France, &["war_of_jenkins_ear"]);
        let britain = g.summary(Viewer::Seat(0));
        let bavaria = britain.lines().find(|l| l.trim_start().starts_with("Bavaria")).expect("Bavaria is listed");
        assert!(bavaria.contains("French flag") && bavaria.contains("conflict"), "{bavaria}");
        assert!(britain.contains("Your hand:") && britain.contains("Acts of Union ("), "{britain}");
        assert!(!britain.contains("Jenkins"), "France's hand is secret from Britain");
        assert!(britain.contains("Your basic war tiles in the pool"));
        let spectator = g.summary(Viewer::Spectator);
        assert!(!spectator.contains("Your hand") && !spectator.contains("Acts of Union ("));
        assert!(spectator.contains("Bavaria"));
    }

    /// Issue 13, item 13: a war's reveal names every tile, and each side's strength part by part (§7.1.3).
    #[test]
    fn a_reveal_shows_every_tile_and_the_strength_by_part() {
        // Ruling S45 (strength, part by part).
        use crate::content::WarId;
        let mut g = game();
        g.fight_from(WarId::Syw, 2);
        g.war_mut().theatres[2][Power::Britain.index()].basic = vec![0, 1]; // +2 and +1
        g.war_mut().theatres[2][Power::France.index()].basic = vec![3]; // 0, fort/fleet
        let _scope = g.content.enter();
        let log: Vec<String> = g.run_war().iter().map(|e| e.to_string()).collect();
        let reveal = log.iter().find(|l| l.contains("turned face up")).expect("a reveal");
        assert!(reveal.contains("Britain +2, +1; France 0 with the fort/fleet symbol"), "{reveal}");
        let strength = log.iter().find(|l| l.contains(" against France ")).expect("the strengths");
        assert!(strength.contains("Britain ") && strength.contains("(tiles 3"), "{strength}");
    }
}
