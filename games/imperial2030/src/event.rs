//! Events: what happened, for the log. Everything in Imperial 2030's events is public: sums paid and
//! received are open at the table even when players keep their cash totals secret.

use std::fmt;

use imperia_core::words::{self, Subject};
use imperia_core::{Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::board::Region;
use crate::nation::{Nation, UnitKind};
use crate::rondel::Space;
use crate::state::Stance;

/// An amount paid into or out of a player's own purse. With hidden cash (docs/rules, «Hidden cash») it is
/// `None` in the log of anyone but that player: the table sees the payment made, not the sum.
pub type Purse = Option<i32>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Setup { players: usize },
    NationCards { seat: Seat, nations: Vec<Nation> },
    BondBought { seat: Seat, nation: Nation, price: u8, trade_in: Option<u8>, paid: Purse },
    Passed { seat: Seat },
    PassedOver { seat: Seat },
    GovernmentChanged { nation: Nation, from: Option<Seat>, to: Seat },
    InvestorCard { seat: Seat },
    TurnSkipped { nation: Nation },
    TurnStarts { nation: Nation, round: u32 },
    RondelMoved { nation: Nation, space: Space, spaces: u8, cost: Purse },
    StoppedOnInvestor { nation: Nation, by: Seat },
    InterestPaid { nation: Nation, seat: Seat, amount: Purse, from_government: Purse },
    InterestForgone { nation: Nation, seat: Seat, amount: Purse },
    InvestorBonus { seat: Seat, amount: Purse },
    FactoryBuilt { nation: Nation, region: Region, from_treasury: i32, from_player: Purse },
    Produced { nation: Nation, region: Region, unit: UnitKind },
    Imported { nation: Nation, region: Region, unit: UnitKind, from_treasury: i32, from_player: Purse },
    FleetMoved { nation: Nation, from: Region, to: Region },
    ArmyMoved { nation: Nation, from: Region, to: Region, convoy: Vec<Region>, stance: Option<Stance> },
    PassagePermitted { canal: String, by: Nation },
    PassageRefused { canal: String, by: Nation },
    Battle { region: Region, attacker: Nation, attacker_unit: UnitKind, defender: Nation, defender_unit: UnitKind },
    NoBattle { nation: Nation, region: Region },
    FactoryDestroyed { region: Region, owner: Nation, by: Nation },
    FlagPlaced { nation: Nation, region: Region, replaced: Option<Nation> },
    FlagRemoved { nation: Nation, region: Region },
    Taxed { nation: Nation, tax: u8, upkeep: i32, bonus: Purse, power_gained: u8, power: u8 },
    GameOver { nation: Nation },
}

/// `prefix` and the amount, or nothing where the amount is hidden from the reader.
fn sum(prefix: &str, amount: &Purse) -> String {
    amount.map(|a| format!("{prefix}{a}")).unwrap_or_default()
}

/// What the players call a seat: "Player 2", as the table names it ([`imperia_core::Game::seat_name`]).
pub fn player_name(seat: Seat) -> String {
    format!("Player {}", seat + 1)
}

/// The log line a spectator reads ([`Event::line`]).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(Viewer::Spectator))
    }
}

impl Event {
    /// The event in a log line said to `reader`: a player reads of their own doings as "you" ("You buy the
    /// Italy 9 bond", "Italy pays you interest of 2"), everyone else by name.
    pub fn line(&self, reader: Viewer) -> String {
        words::sentence(|f| self.write_line(f, reader))
    }

    fn write_line(&self, f: &mut impl fmt::Write, reader: Viewer) -> fmt::Result {
        let who = |s: &Seat| Subject::seat(reader, *s, player_name(*s));
        match self {
            Event::Setup { players } => {
                write!(f, "A game of Imperial 2030 for {players} players begins")
            }
            Event::NationCards { seat: s, nations } => {
                let names: Vec<&str> = nations.iter().map(|n| n.name()).collect();
                let cards = if names.len() == 1 { "card" } else { "cards" };
                f.write_str(&who(s).does(&format!("hold the nation {cards} of {}", names.join(", "))))
            }
            Event::BondBought { seat: s, nation, price, trade_in: None, paid } => {
                f.write_str(&who(s).does(&format!("buy the {nation} {price} bond{}", sum(" for ", paid))))
            }
            Event::BondBought { seat: s, nation, price, trade_in: Some(t), paid } => f.write_str(
                &who(s).does(&format!("trade the {nation} {t} bond up to the {price} bond{}", sum(", paying ", paid))),
            ),
            Event::Passed { seat: s } => f.write_str(&who(s).does("invest in nothing")),
            // Not asked: the player could pay for no bond. With hidden cash this tells the table something
            // about a secret purse, so the step is a commit point (`Game::apply` in lib.rs).
            Event::PassedOver { seat: s } => {
                f.write_str(&who(s).does_all_of(&["can pay for no bond", "be passed over"]))
            }
            Event::GovernmentChanged { nation, from: _, to } => {
                let who = who(to);
                write!(f, "{who} now {} {nation}", who.verb("govern"))
            }
            Event::InvestorCard { seat: s } => f.write_str(&who(s).does("take the Investor card")),
            Event::TurnSkipped { nation } => {
                write!(f, "{nation} has no government; its turn is skipped")
            }
            Event::TurnStarts { nation, round } => write!(f, "Round {round}: {nation}'s turn"),
            Event::RondelMoved { nation, space, spaces: 0, .. } => {
                write!(f, "{nation} places its rondel marker on {space}")
            }
            Event::RondelMoved { nation, space, spaces, cost } => {
                write!(f, "{nation} moves {} to {space}", words::count(*spaces, "space"))?;
                match cost {
                    Some(0) => Ok(()),
                    Some(cost) => write!(f, "; its government pays {cost}"),
                    None if *spaces > 3 => f.write_str("; its government pays for the extra spaces"),
                    None => Ok(()),
                }
            }
            Event::StoppedOnInvestor { nation, by } => {
                f.write_str(&who(by).does(&format!("use a Swiss Bank to stop {nation} on Investor")))
            }
            Event::InterestPaid { nation, seat: s, amount, from_government } => {
                write!(f, "{nation} pays {} interest{}", who(s), sum(" of ", amount))?;
                match from_government {
                    Some(0) => Ok(()),
                    Some(g) => write!(f, " ({g} of it from its government's cash)"),
                    None => f.write_str(" (its government may have paid part of it)"),
                }
            }
            Event::InterestForgone { nation, seat: s, amount } => {
                let part = amount.map_or_else(|| "part".to_string(), |a| a.to_string());
                f.write_str(&who(s).does(&format!("forgo {part} of {nation}'s interest: the treasury is short")))
            }
            Event::InvestorBonus { seat: s, amount } => {
                f.write_str(&who(s).does(&format!("take{} from the bank with the Investor card", sum(" ", amount))))
            }
            Event::FactoryBuilt { nation, region, from_treasury, from_player } => match from_player {
                Some(p) => {
                    write!(f, "{nation} builds a factory in {region} for {}", from_treasury + p)?;
                    if *p > 0 { write!(f, " ({p} paid by its government)") } else { Ok(()) }
                }
                None => write!(f, "{nation} builds a factory in {region} ({from_treasury} from its treasury)"),
            },
            Event::Produced { nation, region, unit } => {
                write!(f, "{nation} produces {} in {region}", unit.with_article())
            }
            Event::Imported { nation, region, unit, .. } => {
                write!(f, "{nation} imports {} into {region}", unit.with_article())
            }
            Event::FleetMoved { nation, from, to } => write!(f, "{nation} fleet {from} → {to}"),
            Event::ArmyMoved { nation, from, to, convoy, stance } => {
                write!(f, "{nation} army {from} → {to}")?;
                crate::action::write_route(f, convoy, *stance)
            }
            Event::PassagePermitted { canal, by } => {
                write!(f, "{by} permits passage through the {canal}")
            }
            Event::PassageRefused { canal, by } => {
                write!(f, "{by} refuses passage through the {canal}")
            }
            Event::Battle { region, attacker, attacker_unit, defender, defender_unit } => {
                write!(
                    f,
                    "Battle in {region}: {} and {} destroy each other",
                    words::a(&format!("{attacker} {attacker_unit}")),
                    words::a(&format!("{defender} {defender_unit}"))
                )
            }
            Event::NoBattle { nation, region } => {
                write!(f, "{nation} declares no battle in {region}")
            }
            Event::FactoryDestroyed { region, owner, by } => {
                write!(f, "Three {by} armies destroy the {owner} factory in {region}")
            }
            Event::FlagPlaced { nation, region, replaced: None } => write!(f, "{nation} places a flag in {region}"),
            Event::FlagPlaced { nation, region, replaced: Some(old) } => {
                write!(f, "{nation}'s flag replaces {old}'s in {region}")
            }
            Event::FlagRemoved { nation, region } => {
                write!(f, "{nation}'s flag is removed from {region}")
            }
            Event::Taxed { nation, tax, upkeep, bonus, power_gained, power } => write!(
                f,
                "{nation} collects {tax} in taxes, pays {upkeep} upkeep and {}, and gains {power_gained} power (now {power})",
                bonus.map_or_else(|| "its government's bonus".to_string(), |b| format!("a bonus of {b}"))
            ),
            Event::GameOver { nation } => write!(f, "{nation} reaches 25 power: the game is over"),
        }
    }
}
