//! Which pieces of the printed board an action touches ([`imperia_core::Game::targets`]), in the ids of
//! [`imperia_core::GameContent::board`], so that a client can highlight them and match a click on the map with the
//! legal actions without knowing Imperial Struggle's actions.
//!
//! The ids are the ones records and views already use, plus a few for boxes and tracks:
//!
//! - a space: its id (`"georges_bank"`), as `board().spaces` lists them;
//! - an advantage tile: its id (`"baltic_trade"`), as `board().advantages` does;
//! - a theatre of a war: the war and its place in the war's order, from 1 (`"wss:3"`, Queen Anne's War), as
//!   `data/spaces.toml` names theatres and `board().theatres` lists them;
//! - an investment tile: `"investment:7"` (its number), as `board().investments` does;
//! - the boxes `"navy_box:britain"`, `"navy_box:france"` and `"event_deck"`, and the tracks
//!   `"victory_points"`, `"debt:britain"`, `"debt:france"`, `"treaty_points:britain"` and
//!   `"treaty_points:france"`, as `board().boxes` and `board().tracks` do.
//!
//! What each action names:
//!
//! - an action on a space (influence, a fort, a conflict marker, a Huguenots marker, an answer picking a
//!   space) names that space; a deployment names where the squadron comes from (a naval space, or the navy
//!   box) and then where it goes;
//! - building a squadron, or giving up one from the navy box, names that navy box; drawing an event card
//!   names the deck; taking debt or passing to reduce it names the power's debt track, a treaty point its
//!   treaty track, Jacobite victory points the victory track;
//! - using (refreshing, exhausting) an advantage names its tile; taking an investment tile names the tile;
//! - an answer about a theatre (placing or moving a bonus tile, choosing a basic tile, the Byng marker)
//!   names the theatre, and so do keeping or dropping an upgrade's tile; resisting a conquest names the
//!   territory;
//! - cards (dealt, played, discarded), ministries, the initiative, the end of a turn and the other buttons
//!   name nothing: they are not on the board.
//!
//! Nothing here decides what is legal: the targets follow from the action and the waiting decision.

use serde::Serialize;
use serde_json::{Value, json};

use crate::action::Action;
use crate::content::{BonusCondition, CardVersions, Content, Power, Region, SpaceId, WarId};
use crate::event::{award_text, basic_tile_text, bonus_tile_text, tile_text};
use crate::state::ImperialStruggle;
use crate::tasks::Task;

/// The board id of anything that serialises as one (powers, wars).
fn id(piece: impl Serialize) -> String {
    match serde_json::to_value(piece) {
        Ok(Value::String(id)) => id,
        // Every piece serialises as its id; anything else would be a bug, shown rather than hidden.
        other => format!("{other:?}"),
    }
}

/// `"wss:3"`: theatre `theatre` (from 0) of `war`.
pub fn theatre_id(war: WarId, theatre: u8) -> String {
    format!("{}:{}", id(war), theatre + 1)
}

/// `"navy_box:britain"`.
pub fn navy_box_id(power: Power) -> String {
    format!("navy_box:{}", id(power))
}

fn debt_id(power: Power) -> String {
    format!("debt:{}", id(power))
}

fn treaty_id(power: Power) -> String {
    format!("treaty_points:{}", id(power))
}

fn investment_id(tile: u8) -> String {
    format!("investment:{tile}")
}

impl ImperialStruggle {
    /// The board pieces `action` touches, as the module documentation describes.
    pub(crate) fn action_targets(&self, action: &Action) -> Vec<String> {
        let task = self.tasks.front();
        // The power deciding: the one a waiting effect names, or the one whose turn it is.
        let me = task.and_then(Task::chooser).or_else(|| self.turn_state().map(|t| t.active));
        // Spaces and advantages by their ids in this game's content.
        let space = |s: &SpaceId| self.content.space(*s).id.clone();
        let theatre = |t: u8| theatre_id(self.mat_war(), t);
        let mine = |f: fn(Power) -> String| me.map(f).into_iter().collect();
        match action {
            Action::Influence { space: s, .. }
            | Action::RemoveConflict { space: s, .. }
            | Action::BuildFort { space: s, .. }
            | Action::RepairFort { space: s, .. }
            | Action::TakeFort { space: s, .. }
            | Action::FlipHuguenots(s)
            | Action::Pick(s) => vec![space(s)],
            Action::Deploy { from, to, .. } => {
                let from = match from {
                    Some(s) => Some(space(s)),
                    None => me.map(navy_box_id),
                };
                from.into_iter().chain([space(to)]).collect()
            }
            Action::BuildSquadron { .. } => mine(navy_box_id),
            Action::NavyBox => match task {
                Some(Task::Space { who, filter, .. }) => {
                    vec![navy_box_id(Self::squadron_owner(filter).unwrap_or(*who))]
                }
                _ => mine(navy_box_id),
            },
            Action::DrawEvent { .. } => vec!["event_deck".into()],
            Action::Borrow { .. } | Action::Pass { reduce: 1.. } => mine(debt_id),
            Action::Treaty { .. } => mine(treaty_id),
            Action::JacobiteVp { .. } => vec!["victory_points".into()],
            Action::Advantage(a) => vec![self.content.advantage(*a).id.clone()],
            Action::UnflagWith { advantage, space: s, .. } => {
                vec![self.content.advantage(*advantage).id.clone(), space(s)]
            }
            Action::TakeTile(t) => vec![investment_id(*t)],
            Action::Theatre(t) | Action::BasicTile { theatre: t, .. } => vec![theatre(*t)],
            Action::BonusTile(x) => match task {
                Some(Task::MoveBonusOut { theatre: t, .. }) => vec![theatre(*t)],
                // Returning a tile: the theatre it stands on.
                _ => self
                    .war
                    .theatres
                    .iter()
                    .position(|both| both.iter().any(|tiles| tiles.bonus.contains(x)))
                    .map(|t| theatre(t as u8))
                    .into_iter()
                    .collect(),
            },
            Action::Choose(_) => match task {
                Some(Task::Resist { space: s, .. }) => vec![space(s)],
                Some(Task::UpgradeKeep { theatre: t, .. }) => vec![theatre(*t)],
                _ => Vec::new(),
            },
            Action::SetAside(_)
            | Action::KeepHand
            | Action::PickMinistry(_)
            | Action::SwapMinistry { .. }
            | Action::MinistriesDone
            | Action::GoFirst(_)
            | Action::Pass { reduce: 0 }
            | Action::PlayEvent(_)
            | Action::BuyBonusTile { .. }
            | Action::Convert { .. }
            | Action::Reveal(_)
            | Action::Ministry { .. }
            | Action::Upgrade
            | Action::EndTurn
            | Action::Discard(_)
            | Action::Done => Vec::new(),
        }
    }
}

/// The printed board of the content `c` as data ([`imperia_core::GameContent::board`]): the regions, the
/// spaces, the advantage tiles, the theatres of the four wars, the investment tiles, and the boxes and
/// tracks, each with the id `ImperialStruggle::action_targets` names it by; and under `components` what the
/// cards and tiles say (`components`), which the views name only by id or index. The map's geometry is
/// `web/maps/imperial-struggle.js`.
pub fn board(c: &Content) -> Value {
    let spaces: Vec<Value> = c
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let connects: Vec<String> = c.masks.neighbours[i].iter().map(|n| c.space(n).id.clone()).collect();
            json!({
                "id": s.id,
                "name": s.name,
                "region": s.region,
                "kind": s.kind,
                "country": s.country,
                "cost": s.cost,
                "prestige": s.prestige,
                "commodity": s.commodity,
                "connects": connects,
            })
        })
        .collect();
    let advantages: Vec<Value> = c
        .advantages
        .iter()
        .map(|a| {
            let requires: Vec<String> = a.requires.iter().map(|s| c.space(s).id.clone()).collect();
            json!({ "id": a.id, "name": a.name, "region": a.region, "requires": requires, "text": a.text })
        })
        .collect();
    let theatres: Vec<Value> = c
        .wars
        .iter()
        .flat_map(|w| {
            w.theatres.iter().enumerate().map(move |(t, th)| {
                json!({ "id": theatre_id(w.id, t as u8), "war": w.id, "name": th.name, "region": th.region })
            })
        })
        .collect();
    let investments: Vec<Value> = (0..c.investments.len() as u8)
        .map(|t| {
            let i = &c.investments[t as usize];
            json!({
                "id": investment_id(t), "name": tile_text(c, t), "major": i.major, "points": i.points,
                "minor": i.minor, "event": i.event, "upgrade": i.upgrade,
            })
        })
        .collect();
    let mut boxes = vec![json!({ "id": "event_deck", "name": "Event deck" })];
    let mut tracks = vec![json!({ "id": "victory_points", "name": "Victory points" })];
    for p in Power::BOTH {
        boxes.push(json!({ "id": navy_box_id(p), "name": format!("{p}'s navy box") }));
        tracks.push(json!({ "id": debt_id(p), "name": format!("{p}'s debt") }));
        tracks.push(json!({ "id": treaty_id(p), "name": format!("{p}'s treaty points") }));
    }
    let regions: Vec<Value> = Region::ALL.iter().map(|r| json!({ "id": r, "name": r.name() })).collect();
    json!({
        "regions": regions,
        "spaces": spaces,
        "advantages": advantages,
        "theatres": theatres,
        "investments": investments,
        "boxes": boxes,
        "tracks": tracks,
        "components": components(c),
    })
}

/// What is printed on the cards and tiles that are not board pieces, for a client to show by the indices
/// and ids the views use: event cards and ministries by id, award tiles, basic and bonus war tiles by their
/// index, and the wars. All of it public: the same for every viewer.
fn components(c: &Content) -> Value {
    let version = |v: &crate::content::EventText| json!({ "title": v.title, "text": v.text, "bonus": v.bonus });
    let cards: Vec<Value> = c
        .cards
        .iter()
        .map(|card| {
            let versions = match &card.versions {
                CardVersions::Common(v) => json!({ "common": version(v) }),
                CardVersions::Sided([b, f]) => json!({ "britain": version(b), "france": version(f) }),
            };
            json!({
                "id": card.id, "number": card.number, "name": card.name, "era": card.era, "action": card.action,
                "bonus_if": card.bonus_if.map(bonus_if_text), "versions": versions,
            })
        })
        .collect();
    let ministries: Vec<Value> = c
        .ministries
        .iter()
        .map(|m| {
            let keywords: Vec<&str> = m.keywords.iter().map(|k| k.name()).collect();
            json!({
                "id": m.id, "number": m.number, "name": m.name, "power": m.power, "eras": m.eras,
                "keywords": keywords, "abilities": m.abilities,
            })
        })
        .collect();
    let awards: Vec<Value> = (0..c.awards.len() as u8).map(|a| json!({ "text": award_text(c, a) })).collect();
    let basic: Vec<Value> = (0..c.basic_tiles.len() as u8)
        .map(|k| {
            let t = &c.basic_tiles[k as usize];
            json!({ "value": t.value, "symbol": t.symbol, "text": basic_tile_text(c, k) })
        })
        .collect();
    let bonus: Vec<Value> = (0..c.bonus_tiles.len() as u16)
        .map(|k| {
            let t = &c.bonus_tiles[k as usize];
            json!({
                "name": t.name, "war": t.war, "power": t.power, "value": t.value, "symbol": t.symbol,
                "text": bonus_tile_text(c, k),
            })
        })
        .collect();
    let wars: Vec<Value> = c.wars.iter().map(|w| json!({ "id": w.id, "name": w.name })).collect();
    json!({
        "cards": cards, "ministries": ministries, "awards": awards, "basic_tiles": basic, "bonus_tiles": bonus,
        "wars": wars,
    })
}

/// When an event's bonus applies, in words.
fn bonus_if_text(b: BonusCondition) -> String {
    match b {
        BonusCondition::Keyword(k) => format!("a {} ministry revealed", k.name()),
        BonusCondition::MoreAvailableDebt => "more available debt than the opponent".into(),
        BonusCondition::ThreeMoreAvailableDebt => "at least 3 more available debt than the opponent".into(),
        BonusCondition::MoreBonusWarTiles => "more bonus war tiles on the next war than the opponent".into(),
        BonusCondition::PrestigeScotlandIreland => {
            "more prestige spaces in Scotland and Ireland than the opponent".into()
        }
        BonusCondition::MediterraneanIntrigue => "you hold Mediterranean Intrigue".into(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use imperia_core::rng::seeded;
    use imperia_core::{ContentSet, Game, GameContent};
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::config::Config;
    use crate::content::{ApKind, space};
    use crate::state::Origin;
    use crate::tasks::{Cause, Filter, FlagIs, Pick};
    use crate::testkit::*;

    /// Every id `board()` gives a piece, checked to be given once.
    fn board_ids() -> BTreeSet<String> {
        let printed = ContentSet::<Content>::shipped().board();
        let mut ids = BTreeSet::new();
        for list in ["regions", "spaces", "advantages", "theatres", "investments", "boxes", "tracks"] {
            let entries = printed[list].as_array().unwrap_or_else(|| panic!("board() has no `{list}` list"));
            for e in entries {
                let id = e["id"].as_str().expect("an id").to_string();
                assert!(ids.insert(id.clone()), "board() names `{id}` twice");
            }
        }
        ids
    }

    #[test]
    fn flagging_a_space_targets_that_space() {
        let mut g = game();
        g.turn_with_pools(BR, &[(ApKind::Economic, 3, Origin::Major)]);
        let a = Action::Influence { space: space("georges_bank"), pool: 0 };
        assert_eq!(g.targets(&a), ["georges_bank"]);
        assert_eq!(g.targets(&Action::BuildFort { space: space("louisbourg"), pool: 0 }), ["louisbourg"]);
    }

    #[test]
    fn a_deployment_targets_where_the_squadron_comes_from_then_where_it_goes() {
        let mut g = game();
        g.turn_with_pools(FR, &[(ApKind::Military, 3, Origin::Major)]);
        let from_box = Action::Deploy { from: None, to: space("biscay"), pool: 0 };
        assert_eq!(g.targets(&from_box), ["navy_box:france", "biscay"]);
        let at_sea = Action::Deploy { from: Some(space("balearic")), to: space("biscay"), pool: 0 };
        assert_eq!(g.targets(&at_sea), ["balearic", "biscay"]);
        assert_eq!(g.targets(&Action::BuildSquadron { pool: 0 }), ["navy_box:france"]);
        assert_eq!(g.targets(&Action::Borrow { pool: 0 }), ["debt:france"]);
        assert_eq!(g.targets(&Action::Treaty { pool: 0 }), ["treaty_points:france"]);
    }

    #[test]
    fn answers_name_the_space_theatre_or_box_they_choose() {
        let mut g = game();
        g.turn_for(BR);
        let filter = Filter::new(g.content.masks.naval, FlagIs::Of(FR));
        g.tasks.push_front(Task::Space {
            who: BR,
            pick: Pick::SquadronToBrig,
            filter,
            optional: false,
            cause: Cause::Purchase,
        });
        // The squadron is France's: its navy box, though Britain chooses.
        assert_eq!(g.targets(&Action::NavyBox), ["navy_box:france"]);
        assert_eq!(g.targets(&Action::Pick(space("biscay"))), ["biscay"]);
        g.tasks.clear();
        g.tasks.push_front(Task::Resist { who: FR, space: space("acadia") });
        assert_eq!(g.targets(&Action::Choose(0)), ["acadia"]);
        g.tasks.clear();
        g.tasks.push_front(Task::PlaceByng { who: BR });
        assert_eq!(g.targets(&Action::Theatre(2)), ["wss:3"]);
    }

    #[test]
    fn cards_ministries_and_buttons_target_nothing() {
        let mut g = game();
        g.turn_for(BR);
        for a in [Action::EndTurn, Action::Done, Action::PlayEvent(card("acts_of_union")), Action::KeepHand] {
            assert!(g.targets(&a).is_empty(), "{a:?}");
        }
    }

    #[test]
    fn every_target_of_every_legal_action_is_a_board_piece() {
        let ids = board_ids();
        let mut rng = seeded(3);
        let mut targeted = 0;
        for seed in 0..4 {
            let config = Config { planned_layout: seed % 2 == 1, planned_upgrades: seed % 2 == 0, ..Config::default() };
            let mut g = ImperialStruggle::setup(&config, &ContentSet::shipped(), seed).expect("setup");
            for _ in 0..3000 {
                let Some(&seat) = g.to_act().seats().first() else { break };
                let legal = g.legal_actions(seat);
                for a in &legal {
                    for t in g.targets(a) {
                        assert!(ids.contains(&t), "{a:?} targets `{t}`, which board() does not name");
                        targeted += 1;
                    }
                }
                let a = legal.choose(&mut rng).expect("a legal action").clone();
                g.apply(seat, &a).expect("legal");
            }
        }
        assert!(targeted > 1000, "only {targeted} targets");
    }
}
