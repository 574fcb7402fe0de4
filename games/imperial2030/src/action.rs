//! Actions: one atomic decision each. Composite decisions (a whole Maneuver, up to three imports) are
//! sequences of these ending with an explicit "end" action.
//!
//! Where armies of both stances stand in a foreign home province, an action that takes one of them says
//! which (`leaving`, `stance`, `enemy_stance`, `friendly`); where only one stance could be meant the field is
//! `None` and left out of the JSON, so actions recorded before these fields existed read as they did
//! (docs/rules/imperial2030.md, «Which piece goes»).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::Region;
use crate::nation::{Nation, UnitKind};
use crate::rondel::Space;
use crate::state::Stance;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Buy the bond of `nation` priced `price`, returning the bond priced `trade_in` if given and paying the
    /// difference («Инвестор», phase 2).
    Invest {
        nation: Nation,
        price: u8,
        trade_in: Option<u8>,
    },
    /// Invest in nothing this time.
    PassInvestment,
    /// Move the nation's marker to `space`.
    Rondel {
        space: Space,
    },
    /// As a Swiss Bank holder, stop the nation on Investor.
    ForceStop,
    /// As a Swiss Bank holder, let the nation pass Investor.
    LetPass,
    BuildFactory {
        region: Region,
    },
    /// Build no factory this turn.
    BuildNothing,
    /// Produce at this factory (only asked when pieces run short).
    Produce {
        region: Region,
    },
    Import {
        unit: UnitKind,
        region: Region,
    },
    EndImport,
    MoveFleet {
        from: Region,
        to: Region,
    },
    /// Move an army from `from` to `to`, carried across the seas in `convoy` (in order) if any, entering a
    /// foreign home province with `stance`; `leaving` is the stance of the army that goes, when armies of
    /// both stances that have not moved stand in `from`.
    MoveArmy {
        from: Region,
        to: Region,
        convoy: Vec<Region>,
        stance: Option<Stance>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leaving: Option<Stance>,
    },
    /// A piece of the moving nation that has not moved attacks a piece in its region; `stance` and
    /// `enemy_stance` say which army, where armies of both stances could be meant.
    Attack {
        region: Region,
        unit: UnitKind,
        enemy: Nation,
        enemy_unit: UnitKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stance: Option<Stance>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        enemy_stance: Option<Stance>,
    },
    /// Three armies destroy the factory in a foreign home province; `friendly` says how many of the three
    /// are lying down, where the nation's armies there are of both stances and the choice matters.
    DestroyFactory {
        region: Region,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        friendly: Option<u8>,
    },
    EndFleetMoves,
    EndManeuver,
    /// The piece that just moved fights a piece of `enemy` (an army of `enemy_stance`, where `enemy` has
    /// armies of both stances there).
    Fight {
        enemy: Nation,
        enemy_unit: UnitKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        enemy_stance: Option<Stance>,
    },
    /// A piece of the nation asked fights the piece that just entered (an army of `stance`, where it has
    /// armies of both stances there).
    Defend {
        unit: UnitKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stance: Option<Stance>,
    },
    /// Declare no battle.
    NoBattle,
    PermitPassage,
    RefusePassage,
    PlaceFlag {
        region: Region,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Invest { nation, price, trade_in: None } => write!(f, "Buy the {nation} {price} bond"),
            Action::Invest { nation, price, trade_in: Some(t) } => {
                write!(
                    f,
                    "Trade your {nation} {t} bond up to the {price} bond (pay {})",
                    i32::from(*price) - i32::from(*t)
                )
            }
            Action::PassInvestment => f.write_str("Invest in nothing"),
            Action::Rondel { space } => write!(f, "Move the rondel marker to {space}"),
            Action::ForceStop => f.write_str("Use your Swiss Bank: stop the nation on Investor"),
            Action::LetPass => f.write_str("Let the nation pass Investor"),
            Action::BuildFactory { region } => write!(f, "Build a factory in {region}"),
            Action::BuildNothing => f.write_str("Build no factory"),
            Action::Produce { region } => write!(f, "Produce in {region}"),
            Action::Import { unit, region } => write!(f, "Import {} into {region}", unit.with_article()),
            Action::EndImport => f.write_str("Import nothing more"),
            Action::MoveFleet { from, to } => write!(f, "Fleet {from} → {to}"),
            Action::MoveArmy { from, to, convoy, stance, leaving } => {
                match leaving {
                    Some(leaving) => write!(f, "{} army {from} → {to}", capitalised(*leaving))?,
                    None => write!(f, "Army {from} → {to}")?,
                }
                write_route(f, convoy, *stance)
            }
            Action::Attack { region, unit, enemy, enemy_unit, stance, enemy_stance } => {
                write!(
                    f,
                    "In {region}, your {}{unit} attacks the {}{enemy} {enemy_unit}",
                    adjective(*stance),
                    adjective(*enemy_stance)
                )
            }
            Action::DestroyFactory { region, friendly: None } => {
                write!(f, "Destroy the factory in {region} with three armies")
            }
            Action::DestroyFactory { region, friendly: Some(friendly) } => {
                let lying = match friendly {
                    0 => "all of them hostile".to_string(),
                    3 => "all of them friendly".to_string(),
                    n => format!("{n} of them friendly"),
                };
                write!(f, "Destroy the factory in {region} with three armies, {lying}")
            }
            Action::EndFleetMoves => f.write_str("Done with fleets; move armies"),
            Action::EndManeuver => f.write_str("End the maneuver"),
            Action::Fight { enemy, enemy_unit, enemy_stance } => {
                write!(f, "Battle: fight the {}{enemy} {enemy_unit}", adjective(*enemy_stance))
            }
            Action::Defend { unit, stance } => {
                write!(f, "Battle: your {}{unit} fights the piece that entered", adjective(*stance))
            }
            Action::NoBattle => f.write_str("No battle"),
            Action::PermitPassage => f.write_str("Permit passage through the canal"),
            Action::RefusePassage => f.write_str("Refuse passage through the canal"),
            Action::PlaceFlag { region } => write!(f, "Place a flag in {region}"),
        }
    }
}

/// "hostile " or "friendly ", before the name of an army whose stance is given.
fn adjective(stance: Option<Stance>) -> &'static str {
    match stance {
        Some(Stance::Hostile) => "hostile ",
        Some(Stance::Friendly) => "friendly ",
        None => "",
    }
}

fn capitalised(stance: Stance) -> &'static str {
    match stance {
        Stance::Hostile => "Hostile",
        Stance::Friendly => "Friendly",
    }
}

/// The convoy and stance of an army move, shared by actions and events: " by convoy via A, B (hostile)".
pub(crate) fn write_route(f: &mut impl fmt::Write, convoy: &[Region], stance: Option<Stance>) -> fmt::Result {
    if !convoy.is_empty() {
        let seas: Vec<String> = convoy.iter().map(|r| r.to_string()).collect();
        write!(f, " by convoy via {}", seas.join(", "))?;
    }
    match stance {
        Some(Stance::Hostile) => f.write_str(" (hostile)"),
        Some(Stance::Friendly) => f.write_str(" (friendly)"),
        None => Ok(()),
    }
}
