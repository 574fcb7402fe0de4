//! Events: what happened, for the log. Everything in Imperial 2030's events is public: sums paid and
//! received are open at the table even when players keep their cash totals secret.

use std::fmt;

use imperia_core::{Seat, words};
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

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seat = |s: &Seat| format!("Player {}", s + 1);
        match self {
            Event::Setup { players } => {
                write!(f, "A game of Imperial 2030 for {players} players begins")
            }
            Event::NationCards { seat: s, nations } => {
                let names: Vec<&str> = nations.iter().map(|n| n.name()).collect();
                write!(
                    f,
                    "{} holds the nation {} of {}",
                    seat(s),
                    if names.len() == 1 { "card" } else { "cards" },
                    names.join(", ")
                )
            }
            Event::BondBought { seat: s, nation, price, trade_in: None, paid } => {
                write!(f, "{} buys the {nation} {price} bond{}", seat(s), sum(" for ", paid))
            }
            Event::BondBought { seat: s, nation, price, trade_in: Some(t), paid } => {
                write!(f, "{} trades the {nation} {t} bond up to the {price} bond{}", seat(s), sum(", paying ", paid))
            }
            Event::Passed { seat: s } => write!(f, "{} invests in nothing", seat(s)),
            // Not asked: the player could pay for no bond. With hidden cash this tells the table something
            // about a secret purse, so the step is a commit point (`Game::apply` in lib.rs).
            Event::PassedOver { seat: s } => write!(f, "{} can pay for no bond and is passed over", seat(s)),
            Event::GovernmentChanged { nation, from: _, to } => write!(f, "{} now governs {nation}", seat(to)),
            Event::InvestorCard { seat: s } => write!(f, "{} takes the Investor card", seat(s)),
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
                write!(f, "{} uses a Swiss Bank to stop {nation} on Investor", seat(by))
            }
            Event::InterestPaid { nation, seat: s, amount, from_government } => {
                write!(f, "{nation} pays {} interest{}", seat(s), sum(" of ", amount))?;
                match from_government {
                    Some(0) => Ok(()),
                    Some(g) => write!(f, " ({g} of it from its government's cash)"),
                    None => f.write_str(" (its government may have paid part of it)"),
                }
            }
            Event::InterestForgone { nation, seat: s, amount } => match amount {
                Some(a) => write!(f, "{} forgoes {a} of {nation}'s interest: the treasury is short", seat(s)),
                None => write!(f, "{} forgoes part of {nation}'s interest: the treasury is short", seat(s)),
            },
            Event::InvestorBonus { seat: s, amount } => {
                write!(f, "{} takes{} from the bank with the Investor card", seat(s), sum(" ", amount))
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
