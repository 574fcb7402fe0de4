//! Plain words for players: each legal action described in the light of the position (its cost, what an
//! option means, what a choice will do), and a terminal summary of the game as one viewer sees it.

use std::fmt::Write;

use imperia_core::Viewer;

use crate::action::Action;
use crate::content::{Power, Region};
use crate::event::{award_text, name, theatre_name, tile_text};
use crate::spend::Rule;
use crate::state::{ImperialStruggle, Origin, Phase, Pool};
use crate::tasks::{Label, Pick, Task};

fn pool_name(p: &Pool) -> String {
    let from = match p.origin {
        Origin::Major => "major action",
        Origin::Minor => "minor action",
        Origin::Event => "event",
        Origin::Ministry => "ministry",
        Origin::Converted => "converted points",
    };
    if p.rule == Rule::Any { from.to_string() } else { format!("{from}, {}", p.rule) }
}

pub(crate) fn label_text(l: &Label) -> String {
    match l {
        Label::Points { kind, points, rule } => {
            if *rule == Rule::Any {
                format!("{points} {kind} points")
            } else {
                format!("{points} {kind} points, {rule}")
            }
        }
        Label::Demand(c) => format!("{c}"),
        Label::NoDemand => "no change to global demand".into(),
        Label::DamageFort => "damage an enemy fort".into(),
        Label::ShiftCottonMarket => "shift a cotton market".into(),
        Label::TakeLocalAlliance => "take control of a local alliance".into(),
        Label::TwoConflicts => "place two conflict markers".into(),
        Label::TakeDebt => "take 1 debt".into(),
        Label::LoseTreatyPoint => "lose 1 treaty point".into(),
        Label::OwnFortDamaged => "damage one of your forts".into(),
        Label::OwnSquadronHome => "send one of your squadrons to the navy box".into(),
        Label::OwnBonusTileBack => "return one of your bonus war tiles to its pool".into(),
        Label::ScoreCotton => "score cotton now, as global demand".into(),
        Label::DoNotScore => "do not score".into(),
        Label::KeepOld => "keep your tile".into(),
        Label::TakeNew => "take the new tile".into(),
        Label::ReturnToPool => "return it to your pool".into(),
        Label::RemoveFromGame => "remove it from the game, face up".into(),
        Label::Resist => "resist".into(),
        Label::Yield => "let it go".into(),
    }
}

fn pick_text(p: Pick) -> &'static str {
    match p {
        Pick::Shift => "shift",
        Pick::Unflag => "unflag",
        Pick::RemoveFlag => "remove the flag from",
        Pick::TakeControl => "take control of",
        Pick::Conflict => "conflict marker on",
        Pick::ConflictPlus => "conflict marker (+1) on",
        Pick::DamageFort => "damage the fort at",
        Pick::SquadronToBox => "send home the squadron at",
        Pick::FortOrFleet => "strike",
        Pick::SquadronToBrig => "set aside the squadron at",
        Pick::SquadronForGood => "remove from the game the squadron at",
        Pick::LoseSquadron => "lose the squadron at",
        Pick::Conquer => "conquer",
        Pick::UsFlag => "US flag on",
        Pick::ClearFort => "clear the fort at",
        Pick::Huguenots => "Huguenots marker on",
    }
}

impl ImperialStruggle {
    pub(crate) fn describe_action(&self, a: &Action) -> String {
        let c = &*self.content;
        let task = self.tasks.front();
        let pool = |i: u8| self.turn_state().and_then(|t| t.pools.get(i as usize)).map(pool_name).unwrap_or_default();
        let cost = |i: u8| -> String {
            let Some(t) = self.turn_state() else { return String::new() };
            let Some(p) = t.pools.get(i as usize) else { return String::new() };
            let cost = match *a {
                Action::Influence { space, pool } => self.check_influence(t, space, pool).map(|(_, pay)| pay.cost).ok(),
                _ => None,
            };
            match cost {
                Some(n) => format!(" — {n} {} from the {}", p.kind, pool_name(p)),
                None => format!(" — from the {}", pool_name(p)),
            }
        };
        match (task, a) {
            (Some(Task::Options { options, .. }), Action::Choose(i)) => {
                options.get(*i as usize).map(|o| capitalise(&label_text(&o.label))).unwrap_or_else(|| a.to_string())
            }
            (Some(Task::UpgradeKeep { .. }), Action::Choose(i)) => {
                capitalise(&label_text(if *i == 0 { &Label::KeepOld } else { &Label::TakeNew }))
            }
            (Some(Task::UpgradeDrop { .. }), Action::Choose(i)) => {
                capitalise(&label_text(if *i == 0 { &Label::ReturnToPool } else { &Label::RemoveFromGame }))
            }
            (Some(Task::Resist { space, .. }), Action::Choose(i)) => {
                if *i == 0 {
                    format!("Resist the conquest of {}", name(c, *space))
                } else {
                    format!("Let {} go", name(c, *space))
                }
            }
            (Some(Task::Space { pick, .. }), Action::Pick(s)) => {
                capitalise(&format!("{} {}", pick_text(*pick), name(c, *s)))
            }
            (Some(Task::Conquest { .. }), Action::Pick(s)) => format!("Conquer {}", name(c, *s)),
            (Some(Task::UsAward { .. }), Action::Pick(s)) => {
                if c.space(*s).kind == crate::content::SpaceKind::Territory {
                    format!("US flag on {}", name(c, *s))
                } else {
                    format!("Take the flag off {}", name(c, *s))
                }
            }
            (_, Action::Theatre(t)) => format!("Theatre: {}", theatre_name(c, self.mat_war(), *t)),
            (_, Action::BonusTile(x)) => {
                let b = &c.bonus_tiles[*x as usize];
                format!("{} ({:+})", b.name, b.value)
            }
            (_, Action::BasicTile { theatre, slot }) => {
                let me = task.and_then(|t| t.chooser()).unwrap_or(Power::Britain);
                let kind =
                    self.war.theatres[*theatre as usize][me.index()].basic.get(*slot as usize).copied().unwrap_or(0);
                format!(
                    "Your basic tile ({:+}) on {}",
                    c.basic_tiles[kind as usize].value,
                    theatre_name(c, self.mat_war(), *theatre)
                )
            }
            (_, Action::Influence { pool: i, .. })
            | (_, Action::DrawEvent { pool: i })
            | (_, Action::BuyBonusTile { pool: i })
            | (_, Action::RemoveConflict { pool: i, .. })
            | (_, Action::BuildFort { pool: i, .. })
            | (_, Action::RepairFort { pool: i, .. })
            | (_, Action::TakeFort { pool: i, .. })
            | (_, Action::BuildSquadron { pool: i })
            | (_, Action::Deploy { pool: i, .. })
            | (_, Action::Convert { pool: i, .. })
            | (_, Action::JacobiteVp { pool: i }) => {
                let what = match a {
                    Action::Influence { space, .. } if self.board.owner(*space).is_none() => {
                        format!("Flag {}", name(c, *space))
                    }
                    Action::Influence { space, .. } => format!("Unflag {}", name(c, *space)),
                    _ => a.to_string(),
                };
                format!("{what}{}", cost(*i))
            }
            (_, Action::Borrow { pool: i }) => format!("Take 1 debt for 1 point in the {}", pool(*i)),
            (_, Action::Treaty { pool: i }) => format!("Spend 1 treaty point for 1 point in the {}", pool(*i)),
            (_, Action::PlayEvent(card)) => {
                let me = self.turn_state().map(|t| t.active).unwrap_or(Power::Britain);
                let v = c.card(*card).version(me);
                let bonus = if self.bonus_applies(me, *card) { " (bonus applies)" } else { "" };
                format!("Play {card}: {}{bonus}", v.text)
            }
            (_, Action::Advantage(adv)) => format!("Use {adv}: {}", c.advantage(*adv).text),
            (_, Action::Ministry { ministry, ability }) => {
                let text = c.ministry(*ministry).abilities.get(*ability as usize).cloned().unwrap_or_default();
                format!("Use {ministry}: {text}")
            }
            _ => a.to_string(),
        }
    }

    /// The position for a terminal, as `viewer` sees it.
    pub(crate) fn text_summary(&self, viewer: Viewer) -> String {
        let c = &*self.content;
        let v = self.make_view(viewer);
        let mut s = String::new();
        let place = if self.at_war() {
            format!("the {}", c.war(self.mat_war()).name)
        } else {
            format!("peace round {} ({} era)", self.round(), self.era().name())
        };
        let _ =
            writeln!(s, "Imperial Struggle — {place}. Victory marker: {} (France wins at 30, Britain at 0).", self.vp);
        for p in Power::BOTH {
            let pv = &v.powers[p.index()];
            let hand = match &pv.hand {
                Some(h) => h.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "),
                None => format!("{} cards", pv.hand_count),
            };
            let ministries: Vec<String> = pv
                .ministries
                .iter()
                .map(|m| format!("{}{}", m.card, if m.revealed { "" } else { " (face down)" }))
                .collect();
            let hidden = if pv.ministries.len() < pv.face_down + pv.ministries.iter().filter(|m| m.revealed).count() {
                format!(" + {} face down", pv.face_down)
            } else {
                String::new()
            };
            let flags = self.board.of(p).len();
            let _ = writeln!(
                s,
                "{p}: debt {}/{}, treaty points {}, {} flags and squadrons, navy box {}. Hand: {hand}. Ministries: {}{hidden}.",
                pv.debt,
                pv.debt_limit,
                pv.trp,
                flags,
                pv.navy_box,
                if ministries.is_empty() { "none".to_string() } else { ministries.join(", ") },
            );
        }
        let awards: Vec<String> = Region::ALL
            .iter()
            .zip(self.awards.current)
            .filter_map(|(r, a)| a.map(|a| format!("{}: {}", r.name(), award_text(c, a))))
            .collect();
        if !awards.is_empty() {
            let _ = writeln!(s, "Awards: {}.", awards.join("; "));
        }
        let demand: Vec<&str> = self.demand.iter().map(|d| d.name()).collect();
        let _ = writeln!(s, "Global demand: {}.", demand.join(", "));
        for r in Region::ALL {
            let set = c.masks.by_region[r.index()];
            let n = self.counted(set);
            let _ = writeln!(s, "  {}: Britain {} — France {} spaces", r.name(), n[0], n[1]);
        }
        if !self.investments.display.is_empty() {
            let tiles: Vec<String> = self.investments.display.iter().map(|&t| tile_text(c, t)).collect();
            let _ = writeln!(s, "Investment tiles: {}.", tiles.join("; "));
        }
        if let Some(w) = self.war.war {
            let _ = write!(s, "Next war ({}):", c.war(w).name);
            for (t, th) in c.war(w).theatres.iter().enumerate() {
                let tv = &v.war.theatres[t];
                let _ = write!(
                    s,
                    " {} [Britain {}+{} tiles, France {}+{}]",
                    th.name, tv[0].basic_count, tv[0].bonus_count, tv[1].basic_count, tv[1].bonus_count
                );
            }
            let _ = writeln!(s);
        }
        if let Phase::Actions(t) = &self.phase {
            let pools: Vec<String> = t
                .pools
                .iter()
                .filter(|p| p.points > 0)
                .map(|p| format!("{} {} ({})", p.points, p.kind, pool_name(p)))
                .collect();
            let _ = writeln!(
                s,
                "{}'s turn {} of 4{}.",
                t.active,
                t.number / 2 + 1,
                if pools.is_empty() { String::new() } else { format!("; points: {}", pools.join(", ")) }
            );
        }
        s
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|h| h.to_uppercase().chain(c).collect()).unwrap_or_default()
}
