//! Plain words for players: each legal action described in the light of the position (its cost, what an
//! option means, what a choice will do). The whole table in text is in [`crate::table`].

use imperia_core::words::count;

use crate::action::Action;
use crate::content::Power;
use crate::event::{basic_tile_text, name, theatre_name};
use crate::spend::Rule;
use crate::state::{ImperialStruggle, Origin, Pool};
use crate::tasks::{Label, Pick, Task};

pub(crate) fn pool_name(p: &Pool) -> String {
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
            let points = count(*points, &format!("{kind} point"));
            if *rule == Rule::Any { points } else { format!("{points}, {rule}") }
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
                Action::UnflagWith { advantage, space, pool } => {
                    self.check_unflag_with(t, advantage, space, pool).map(|(_, pay)| pay.cost).ok()
                }
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
            (Some(Task::UpgradeKeep { who, theatre, slot, drawn }), Action::Choose(i)) => {
                // The military upgrade is decided with both tiles in view: the one on the mat and the one drawn.
                let (label, tile) = if *i == 0 {
                    let on_mat = self.war.theatres[*theatre as usize][who.index()].basic.get(*slot as usize);
                    (Label::KeepOld, on_mat.copied())
                } else {
                    (Label::TakeNew, Some(*drawn))
                };
                let face = tile.map(|k| format!(" ({})", basic_tile_text(c, k))).unwrap_or_default();
                format!("{}{face}", capitalise(&label_text(&label)))
            }
            (Some(Task::UpgradeDrop { kind, .. }), Action::Choose(i)) => {
                let label = if *i == 0 { Label::ReturnToPool } else { Label::RemoveFromGame };
                format!("{} ({})", capitalise(&label_text(&label)), basic_tile_text(c, *kind))
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
            (Some(Task::CaptureWith { .. }), Action::Pick(s)) => format!("With the squadron at {}", name(c, *s)),
            (Some(Task::CaptureWith { .. }), Action::NavyBox) => "With a squadron from the navy box".to_string(),
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
            | (_, Action::UnflagWith { pool: i, .. })
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
                    Action::UnflagWith { advantage, space, .. } => {
                        format!("Use {advantage} to unflag {}", name(c, *space))
                    }
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
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|h| h.to_uppercase().chain(c).collect()).unwrap_or_default()
}
