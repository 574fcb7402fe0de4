//! What a viewer may know: everything is public in Imperial 2030 except, when the game is set up with
//! `hidden_cash`, the other players' cash («свои личные деньги может держать в секрете»).

use std::fmt::Write;

use imperia_core::{ContentSet, GameRng};
use rand::Rng;

use imperia_core::words::{self, Subject, count};
use imperia_core::{Outcome, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::board::{Board, FactoryKind, Region, regions_in};
use crate::config::Config;
use crate::event::{Event, Purse};
use crate::nation::{BOND_PRICES, NATIONS, Nation, UnitKind};
use crate::rondel::Space;
use crate::state::{Imperial2030, Maneuver, ManeuverStage, NationState, Phase, Units, WINNING_POWER};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub round: u32,
    /// The nation on turn.
    pub turn: Nation,
    /// The seat that decides now, if any.
    pub to_act: Option<Seat>,
    /// The decision in front of the table, in one sentence.
    pub decision: String,
    pub phase: Phase,
    /// During a Maneuver: what has moved and which fleets have carried an army.
    pub maneuver: Option<ManeuverView>,
    pub players: Vec<PlayerView>,
    pub nations: Vec<NationView>,
    /// Regions holding pieces, a flag or a factory.
    pub regions: Vec<RegionView>,
    /// The game's options (public).
    pub config: Config,
    /// This turn's rondel move went over Investor, whose phases 2–3 follow the space's action.
    pub passed_investor: bool,
    /// Where the marker of the nation on turn can go and what each move costs its government, whatever
    /// that player's cash (which may be hidden): the affordable ones are the government's legal actions.
    pub rondel_moves: Vec<RondelMove>,
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ManeuverView {
    pub stage: ManeuverStage,
    /// Regions where pieces of the moving nation arrived this turn: (region, fleets, armies).
    pub moved: Vec<(Region, u8, u8)>,
    /// Where friendly armies arrived this turn, one entry per army (they stay lying down where they are).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived_friendly: Vec<Region>,
    /// Seas whose fleets have carried armies this turn: (sea, armies carried).
    pub convoys: Vec<(Region, u8)>,
    pub refused_canals: Vec<String>,
}

impl ManeuverView {
    /// The full book-keeping back from its public summary.
    fn to_maneuver(&self, b: &Board) -> Maneuver {
        let mut m = Maneuver { stage: self.stage, ..Maneuver::new(b.regions.len()) };
        for &(r, fleets, armies) in &self.moved {
            m.moved_fleets[r.index()] = fleets;
            m.moved_armies[r.index()] = armies;
        }
        for &(r, carried) in &self.convoys {
            m.convoys[r.index()] = carried;
        }
        m.arrived_friendly = self.arrived_friendly.clone();
        m.refused_canals =
            self.refused_canals.iter().filter_map(|name| b.canals.iter().position(|c| &c.name == name)).collect();
        m
    }

    fn of(m: &Maneuver, b: &Board) -> Self {
        ManeuverView {
            stage: m.stage,
            moved: b
                .all()
                .filter(|r| m.moved_fleets[r.index()] + m.moved_armies[r.index()] > 0)
                .map(|r| (r, m.moved_fleets[r.index()], m.moved_armies[r.index()]))
                .collect(),
            arrived_friendly: m.arrived_friendly.clone(),
            convoys: b.all().filter(|r| m.convoys[r.index()] > 0).map(|r| (r, m.convoys[r.index()])).collect(),
            refused_canals: m.refused_canals.iter().map(|&c| b.canals[c].name.clone()).collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    /// `None` when the cash is hidden from this viewer.
    pub cash: Option<i32>,
    pub investor_card: bool,
    pub swiss_bank: bool,
    pub governs: Vec<Nation>,
    /// Bonds held, as (nation, price).
    pub bonds: Vec<(Nation, u8)>,
    /// The bonds' part of the score if the game ended now: Σ interest × power multiplier.
    pub bond_score: i64,
    /// The score if the game ended now (bonds and cash); `None` when the cash is hidden from this viewer.
    pub score: Option<i64>,
}

/// One space the marker of the nation on turn may move to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RondelMove {
    pub space: Space,
    /// Spaces advanced clockwise (0 for the first placement).
    pub spaces: u8,
    /// What the government player pays.
    pub cost: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NationView {
    pub nation: Nation,
    pub treasury: i32,
    pub power: u8,
    pub multiplier: u8,
    pub rondel: Option<Space>,
    pub government: Option<Seat>,
    /// Bonds as (price, interest, holder).
    pub bonds: Vec<(u8, u8, Option<Seat>)>,
    pub factories: Vec<Region>,
    pub armies_left: u8,
    pub fleets_left: u8,
    pub flags_left: u8,
    pub tax_column: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RegionView {
    pub region: Region,
    pub flag: Option<Nation>,
    pub factory: Option<FactoryKind>,
    pub units: Vec<(Nation, Units)>,
}

impl Imperial2030 {
    /// Whether `viewer` may see `seat`'s cash.
    pub fn sees_cash(&self, viewer: Viewer, seat: Seat) -> bool {
        !self.config.hidden_cash || viewer == Viewer::Seat(seat) || self.phase == Phase::GameOver
    }

    /// `event` as `viewer` reads it: with hidden cash, the sums paid into or out of a purse the viewer may
    /// not see are left out (docs/rules, «Hidden cash»). A sum is shown to the players whose purses it
    /// touches: the buyer of a bond, the receiver of interest, the government that pays or is paid.
    pub(crate) fn purse_view(&self, event: &Event, viewer: Viewer) -> Event {
        let mut e = event.clone();
        if !self.config.hidden_cash {
            return e;
        }
        let shown = |seats: &[Option<Seat>]| seats.iter().flatten().any(|&s| self.sees_cash(viewer, s));
        let keep = |amount: &mut Purse, seats: &[Option<Seat>]| {
            if !shown(seats) {
                *amount = None;
            }
        };
        match &mut e {
            Event::BondBought { seat, paid, .. } => keep(paid, &[Some(*seat)]),
            Event::InterestPaid { nation, seat, amount, from_government } => {
                keep(amount, &[Some(*seat)]);
                keep(from_government, &[Some(*seat), self.government(*nation)]);
            }
            Event::InterestForgone { seat, amount, .. } => keep(amount, &[Some(*seat)]),
            Event::InvestorBonus { seat, amount } => keep(amount, &[Some(*seat)]),
            Event::RondelMoved { nation, cost, .. } => keep(cost, &[self.government(*nation)]),
            Event::FactoryBuilt { nation, from_player, .. } | Event::Imported { nation, from_player, .. } => {
                keep(from_player, &[self.government(*nation)]);
            }
            Event::Taxed { nation, bonus, .. } => keep(bonus, &[self.government(*nation)]),
            _ => {}
        }
        e
    }

    pub(crate) fn make_view(&self, viewer: Viewer) -> View {
        let players = (0..self.seats())
            .map(|seat| PlayerView {
                seat,
                cash: self.sees_cash(viewer, seat).then_some(self.cash[seat]),
                investor_card: self.investor_card == Some(seat),
                swiss_bank: self.has_swiss_bank(seat),
                governs: NATIONS.into_iter().filter(|&n| self.government(n) == Some(seat)).collect(),
                bonds: NATIONS
                    .into_iter()
                    .flat_map(|n| {
                        self.nation(n)
                            .bonds
                            .iter()
                            .zip(BOND_PRICES)
                            .filter(move |(o, _)| **o == Some(seat))
                            .map(move |(_, p)| (n, p))
                    })
                    .collect(),
                bond_score: self.bond_score(seat),
                score: self.sees_cash(viewer, seat).then(|| self.score(seat)),
            })
            .collect();
        let nations = NATIONS
            .into_iter()
            .map(|n| {
                let s = self.nation(n);
                NationView {
                    nation: n,
                    treasury: s.treasury,
                    power: s.power,
                    multiplier: self.multiplier(n),
                    rondel: s.rondel,
                    government: s.government,
                    bonds: BOND_PRICES.iter().enumerate().map(|(i, &p)| (p, i as u8 + 1, s.bonds[i])).collect(),
                    factories: regions_in(self.factories_of(n)).collect(),
                    armies_left: self.supply(n, UnitKind::Army),
                    fleets_left: self.supply(n, UnitKind::Fleet),
                    flags_left: self.flags_left(n),
                    tax_column: s.tax_column,
                }
            })
            .collect();
        let regions = self
            .board
            .all()
            .filter_map(|r| {
                let units: Vec<(Nation, Units)> =
                    NATIONS.into_iter().map(|n| (n, self.units(r, n))).filter(|(_, u)| !u.is_empty()).collect();
                let factory = self.has_factory(r).then(|| self.board.info(r).factory).flatten();
                (!units.is_empty() || self.flag(r).is_some() || factory.is_some()).then_some(RegionView {
                    region: r,
                    flag: self.flag(r),
                    factory,
                    units,
                })
            })
            .collect();
        View {
            viewer,
            round: self.round,
            turn: self.turn,
            to_act: self.decider(),
            decision: self.decision_text(viewer),
            phase: self.phase.clone(),
            maneuver: self.maneuver.as_ref().map(|m| ManeuverView::of(m, &self.board)),
            players,
            nations,
            regions,
            config: self.config.clone(),
            passed_investor: self.passed_investor,
            rondel_moves: self
                .rondel_reach()
                .into_iter()
                .map(|(space, spaces, cost)| RondelMove { space, spaces, cost })
                .collect(),
            outcome: self.final_outcome(),
        }
    }

    /// The decision the game waits for, in one sentence, as `viewer` reads it: "you" to the player who
    /// decides.
    pub fn decision_text(&self, viewer: Viewer) -> String {
        let who = |s: Option<Seat>| match s {
            Some(s) => Subject::seat(viewer, s, crate::event::player_name(s)),
            None => Subject::named("nobody"),
        };
        let gov = who(self.government(self.turn));
        let n = self.turn;
        match &self.phase {
            Phase::Invest { queue, .. } => match queue.first() {
                Some(t) => match t.nation {
                    Some(m) => who(Some(t.seat)).does(&format!("may buy a bond of {m}")),
                    None => who(Some(t.seat)).does("may invest in any nation"),
                },
                None => String::new(),
            },
            Phase::Rondel => gov.does(&format!("choose {n}'s rondel space")),
            Phase::ForceStop { holders, .. } => {
                who(holders.first().copied()).does(&format!("may use a Swiss Bank to stop {n} on Investor"))
            }
            Phase::Factory => gov.does(&format!("choose where {n} builds a factory")),
            Phase::Production { .. } => gov.does(&format!("choose which of {n}'s factories produce")),
            Phase::Import { left } => gov.does(&format!("may import up to {} more for {n}", count(*left, "piece"))),
            Phase::Maneuver => gov.does(&format!(
                "maneuver {n}'s {}",
                match self.maneuver.as_ref().map(|m| m.stage) {
                    Some(ManeuverStage::Armies) => "armies",
                    _ => "fleets",
                }
            )),
            Phase::Battle { region, deciders, .. } => match deciders.first() {
                Some(&d) => who(self.government(d)).does(&format!("decide whether {d} fights in {region}")),
                None => String::new(),
            },
            Phase::Canal { canals, controller, .. } => who(self.government(*controller)).does(&format!(
                "decide whether {n} may pass the {}",
                canals.first().map_or("canal", |&c| self.board.canals[c].name.as_str())
            )),
            Phase::Flags { .. } => {
                let n = self.flag_nation();
                who(self.government(n)).does(&format!("choose where {n} places its last flags"))
            }
            Phase::GameOver => "The game is over".to_string(),
        }
    }

    /// A terminal summary of the position.
    pub(crate) fn summary_text(&self, viewer: Viewer) -> String {
        let v = self.make_view(viewer);
        let mut s = String::new();
        let seat = |x: Option<Seat>| x.map_or_else(|| "—".to_string(), |x| format!("P{}", x + 1));
        let _ = writeln!(s, "Round {}, {}'s turn. {}.", v.round, v.turn, words::capitalized(&v.decision));
        let _ = writeln!(
            s,
            "{:<8} {:>8} {:>5} {:>3} {:<11} {:<4} {:<16} {:<26}",
            "Nation", "Treasury", "Power", "×", "Rondel", "Gov", "Left: A/F/flags", "Bonds (price:holder)"
        );
        for nv in &v.nations {
            let bonds: Vec<String> =
                nv.bonds.iter().filter_map(|(p, _, h)| h.map(|h| format!("{p}:P{}", h + 1))).collect();
            let _ = writeln!(
                s,
                "{:<8} {:>8} {:>5} {:>3} {:<11} {:<4} {:<16} {:<26}",
                nv.nation.name(),
                nv.treasury,
                nv.power,
                format!("×{}", nv.multiplier),
                nv.rondel.map_or("centre".to_string(), |r| r.to_string()),
                seat(nv.government),
                format!("{}/{}/{}", nv.armies_left, nv.fleets_left, nv.flags_left),
                bonds.join(" "),
            );
        }
        for p in &v.players {
            let mut tags = Vec::new();
            if p.investor_card {
                tags.push("Investor card");
            }
            if p.swiss_bank {
                tags.push("Swiss Bank");
            }
            let cash = p.cash.map_or("hidden".to_string(), |c| c.to_string());
            let _ = writeln!(
                s,
                "Player {}: cash {cash}; score if the game ended now {}{}",
                p.seat + 1,
                self.score_text(viewer, p.seat),
                if tags.is_empty() { String::new() } else { format!("; {}", tags.join(", ")) }
            );
        }
        let _ = writeln!(s, "Map (factories, flags and units; empty regions left out):");
        for rv in &v.regions {
            let info = self.board.info(rv.region);
            let mut parts = Vec::new();
            if let Some(k) = rv.factory {
                parts.push(match k {
                    FactoryKind::Armaments => "armaments factory".to_string(),
                    FactoryKind::Shipyard => "shipyard".to_string(),
                });
            }
            if let Some(f) = rv.flag {
                parts.push(format!("{f} flag"));
            }
            for (n, u) in &rv.units {
                let mut p = Vec::new();
                if u.hostile() > 0 {
                    // Armies in another nation's home region are hostile unless they say otherwise.
                    let foreign = info.home.is_some_and(|h| h != *n);
                    p.push(count(u.hostile(), if foreign { "hostile army" } else { "army" }));
                }
                if u.friendly > 0 {
                    p.push(count(u.friendly, "friendly army"));
                }
                if u.fleets > 0 {
                    p.push(count(u.fleets, "fleet"));
                }
                parts.push(format!("{n} {}", p.join(", ")));
            }
            let place = match info.home {
                Some(h) => format!("{h} home"),
                None if info.is_sea() => "sea".to_string(),
                None => "neutral".to_string(),
            };
            let _ = writeln!(s, "  {:<16} {place:<13} {}", rv.region.to_string(), parts.join("; "));
        }
        s
    }

    fn score_text(&self, viewer: Viewer, seat: Seat) -> String {
        if self.sees_cash(viewer, seat) {
            self.score(seat).to_string()
        } else {
            format!("{} + cash", self.bond_score(seat))
        }
    }
}

/// The most cash a hidden purse is assumed to hold when a bot samples one.
const SAMPLED_CASH_LIMIT: i32 = 30;

impl Imperial2030 {
    /// A complete game consistent with `view`: everything the viewer sees is copied, and the one secret,
    /// other players' cash when it is hidden, is drawn uniformly from 0 to [`SAMPLED_CASH_LIMIT`] (the sums
    /// are not in the log, but a sharper bot could work them out from the public board, as a player with a
    /// good memory does; docs/rules, «Hidden cash»).
    pub(crate) fn from_view(view: &View, board: &ContentSet<Board>, rng: &mut GameRng) -> Imperial2030 {
        let regions = board.regions.len();
        let mut units = vec![[Units::default(); 6]; regions];
        let mut flags = vec![None; regions];
        for rv in &view.regions {
            flags[rv.region.index()] = rv.flag;
            for (n, u) in &rv.units {
                units[rv.region.index()][n.index()] = *u;
            }
        }
        let cash: Vec<i32> =
            view.players.iter().map(|p| p.cash.unwrap_or_else(|| rng.random_range(0..=SAMPLED_CASH_LIMIT))).collect();
        let nations: Vec<NationState> = view
            .nations
            .iter()
            .map(|nv| {
                let mut bonds = [None; 9];
                for (i, (_, _, holder)) in nv.bonds.iter().enumerate().take(9) {
                    bonds[i] = *holder;
                }
                NationState {
                    treasury: nv.treasury,
                    power: nv.power,
                    rondel: nv.rondel,
                    government: nv.government,
                    bonds,
                    tax_column: nv.tax_column,
                }
            })
            .collect();
        let money_in_play = cash.iter().map(|&c| i64::from(c)).sum::<i64>()
            + nations.iter().map(|n| i64::from(n.treasury)).sum::<i64>();
        let winner_nation = view
            .nations
            .iter()
            .find(|nv| nv.power >= WINNING_POWER)
            .map(|nv| nv.nation)
            .filter(|_| view.phase == Phase::GameOver);
        Imperial2030 {
            config: view.config.clone(),
            rng: imperia_core::rng::seeded(rng.random()),
            cash,
            nations,
            units,
            flags,
            factories: view.nations.iter().flat_map(|nv| nv.factories.iter()).fold(0, |m, r| m | r.bit()),
            investor_card: view.players.iter().find(|p| p.investor_card).map(|p| p.seat),
            round: view.round,
            turn: view.turn,
            passed_investor: view.passed_investor,
            maneuver: view.maneuver.as_ref().map(|m| m.to_maneuver(board)),
            phase: view.phase.clone(),
            money_in_play,
            winner_nation,
            board: board.clone(),
        }
    }
}
