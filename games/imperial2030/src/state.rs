//! The state of a game: money, bonds, governments, the rondel, the map's pieces, and the decision the game
//! is waiting for. Procedures live in the modules named after the rulebook's sections.

use imperia_core::{ContentSet, GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Region, regions_in};
use crate::config::Config;
use crate::nation::{BOND_PRICES, FLAGS_PER_NATION, NATIONS, Nation, UnitKind, multiplier};
use crate::rondel::Space;

/// One nation's pieces in one region. `friendly` armies (laid down in a foreign home province) are a
/// subset of `armies`; the others stand upright and are hostile there. Serialised as
/// `[armies, fleets, friendly]`: a state holds 372 of these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "[u8; 3]", into = "[u8; 3]")]
pub struct Units {
    pub armies: u8,
    pub fleets: u8,
    pub friendly: u8,
}

impl From<[u8; 3]> for Units {
    fn from([armies, fleets, friendly]: [u8; 3]) -> Self {
        Units { armies, fleets, friendly }
    }
}

impl From<Units> for [u8; 3] {
    fn from(u: Units) -> Self {
        [u.armies, u.fleets, u.friendly]
    }
}

impl Units {
    pub fn hostile(self) -> u8 {
        self.armies - self.friendly
    }

    /// One army of `stance` is gone.
    pub fn remove_army(&mut self, stance: Stance) {
        self.armies -= 1;
        if stance == Stance::Friendly {
            self.friendly -= 1;
        }
    }

    pub fn is_empty(self) -> bool {
        self.armies == 0 && self.fleets == 0
    }

    pub fn count(self, kind: UnitKind) -> u8 {
        match kind {
            UnitKind::Army => self.armies,
            UnitKind::Fleet => self.fleets,
        }
    }
}

/// Whether an army entering a foreign home province stands up (hostile) or lies down (friendly)
/// («Провинции Великих Держав»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    Hostile,
    Friendly,
}

/// A nation's public standing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NationState {
    pub treasury: i32,
    pub power: u8,
    /// `None` until the nation's first turn: its marker is still in the rondel's centre.
    pub rondel: Option<Space>,
    /// The player who holds the nation card.
    pub government: Option<Seat>,
    /// Who holds each bond, by position in [`BOND_PRICES`].
    pub bonds: [Option<Seat>; 9],
    /// Tax-increase variant: the column of the tax chart the third marker stands on.
    pub tax_column: u8,
}

/// The step of a nation's Maneuver («Маневры»): fleets first, then armies; flags follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManeuverStage {
    Fleets,
    Armies,
}

/// Book-keeping of the Maneuver in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Maneuver {
    pub stage: ManeuverStage,
    /// Per region: fleets of the moving nation that arrived there this turn (they may not move again).
    pub moved_fleets: Vec<u8>,
    /// Per region: armies that arrived there this turn.
    pub moved_armies: Vec<u8>,
    /// Where friendly armies arrived this turn, one entry per army: with `moved_armies`, this tells which
    /// stance the armies that may still move have (docs/rules, «Which piece goes»). Left out of the JSON
    /// when empty, so states from before it read and hash as they did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived_friendly: Vec<Region>,
    /// Per sea: fleets that have already carried an army this turn (one army each).
    pub convoys: Vec<u8>,
    /// Canals (by board index) whose controller refused a passage this turn; they are not asked again.
    pub refused_canals: Vec<usize>,
}

impl Maneuver {
    /// A fresh maneuver on a board of `regions` regions.
    pub fn new(regions: usize) -> Self {
        let n = regions;
        Maneuver {
            stage: ManeuverStage::Fleets,
            moved_fleets: vec![0; n],
            moved_armies: vec![0; n],
            arrived_friendly: Vec::new(),
            convoys: vec![0; n],
            refused_canals: Vec::new(),
        }
    }

    pub fn moved(&self, kind: UnitKind, r: Region) -> u8 {
        match kind {
            UnitKind::Army => self.moved_armies[r.index()],
            UnitKind::Fleet => self.moved_fleets[r.index()],
        }
    }

    /// Friendly armies that arrived in `r` this turn.
    pub fn arrived_friendly(&self, r: Region) -> u8 {
        self.arrived_friendly.iter().filter(|&&a| a == r).count() as u8
    }

    /// An army that arrived in `r` this turn is gone (fought, or destroyed a factory): it no longer counts as
    /// moved, and no longer as a friendly arrival if it was one.
    pub fn forget_arrival(&mut self, r: Region, stance: Stance) {
        self.moved_armies[r.index()] -= 1;
        if stance == Stance::Friendly
            && let Some(i) = self.arrived_friendly.iter().position(|&a| a == r)
        {
            self.arrived_friendly.remove(i);
        }
    }
}

/// A move waiting for a canal owner's permission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "unit", rename_all = "snake_case")]
pub enum PendingMove {
    Fleet {
        from: Region,
        to: Region,
    },
    Army {
        from: Region,
        to: Region,
        convoy: Vec<Region>,
        stance: Option<Stance>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leaving: Option<Stance>,
    },
}

/// One player's chance to invest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvestTurn {
    pub seat: Seat,
    /// The nation whose bonds may be bought, or `None` for any nation.
    pub nation: Option<Nation>,
    /// Only new bonds may be bought, no trading up (the experienced variant's setup).
    pub buy_only: bool,
}

/// What follows a round of investments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "then", rename_all = "snake_case")]
pub enum AfterInvest {
    /// Investor phases 2–3 are over: check governments, pass the Investor card, end the turn.
    InvestorCard,
    /// No-Investor-card variant: the round after `nation`'s turn is over.
    AfterTurn { nation: Nation },
    /// No-Investor-card variant: the round for an ungoverned `nation` after the previous nation's turn.
    Ungoverned { nation: Nation },
    /// Experienced variant setup: `nation`'s round is over.
    Setup { nation: Nation, first: Seat },
}

/// The decision the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Players, in order, may buy or trade up a bond; `queue[0]` decides. Government ties are settled
    /// clockwise from `tie_from`.
    Invest { queue: Vec<InvestTurn>, tie_from: Seat, after: AfterInvest },
    /// The government of the nation on turn chooses a rondel space.
    Rondel,
    /// The move to `target` passes Investor: Swiss Bank holders, in order, may stop it there.
    ForceStop { target: Space, holders: Vec<Seat> },
    /// Build one factory, or none.
    Factory,
    /// There are fewer pieces left than idle factories: the government picks which factories produce.
    Production { factories: u64 },
    /// Import up to `left` more pieces.
    Import { left: u8 },
    /// Move fleets, then armies.
    Maneuver,
    /// A unit has just entered `region`, where other nations stand. `deciders[0]` may declare a battle:
    /// first the mover, then each other nation present.
    Battle { region: Region, unit: UnitKind, stance: Option<Stance>, deciders: Vec<Nation> },
    /// `controller`'s government may permit or refuse the passage of `movement` through `canals[0]`.
    Canal { canals: Vec<usize>, controller: Nation, movement: PendingMove },
    /// At the flag step, a nation holds more regions newly alone than it has flags left: its government
    /// chooses where they go. `nation` is `None` for the nation on turn, else the inactive nation asked.
    Flags {
        candidates: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nation: Option<Nation>,
    },
    /// The game is over.
    GameOver,
}

/// An Imperial 2030 game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Imperial2030 {
    pub(crate) config: Config,
    pub(crate) rng: GameRng,
    /// Private cash of each seat.
    pub(crate) cash: Vec<i32>,
    pub(crate) nations: Vec<NationState>,
    /// Per region, per nation (turn order).
    pub(crate) units: Vec<[Units; 6]>,
    pub(crate) flags: Vec<Option<Nation>>,
    /// Regions with a factory; a factory belongs to the nation whose home province it stands in.
    pub(crate) factories: u64,
    pub(crate) investor_card: Option<Seat>,
    pub(crate) round: u32,
    /// The nation on turn.
    pub(crate) turn: Nation,
    /// This turn's rondel move went over Investor.
    pub(crate) passed_investor: bool,
    pub(crate) maneuver: Option<Maneuver>,
    pub(crate) phase: Phase,
    /// All money outside the bank: the sum of cash and treasuries, kept to check that none is made or lost.
    pub(crate) money_in_play: i64,
    /// The nation that ended the game by reaching 25 power.
    pub(crate) winner_nation: Option<Nation>,
    /// The board the game is played on: held, not written (a record names it by fingerprint).
    #[serde(skip)]
    pub(crate) board: ContentSet<Board>,
}

/// Power that ends the game («Цель игры и конец партии»).
pub const WINNING_POWER: u8 = 25;

impl Imperial2030 {
    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn nation(&self, n: Nation) -> &NationState {
        &self.nations[n.index()]
    }

    pub(crate) fn nation_mut(&mut self, n: Nation) -> &mut NationState {
        &mut self.nations[n.index()]
    }

    pub fn cash(&self, seat: Seat) -> i32 {
        self.cash[seat]
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn turn(&self) -> Nation {
        self.turn
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn investor_card(&self) -> Option<Seat> {
        self.investor_card
    }

    pub fn units(&self, r: Region, n: Nation) -> Units {
        self.units[r.index()][n.index()]
    }

    pub(crate) fn units_mut(&mut self, r: Region, n: Nation) -> &mut Units {
        &mut self.units[r.index()][n.index()]
    }

    pub fn flag(&self, r: Region) -> Option<Nation> {
        self.flags[r.index()]
    }

    pub fn has_factory(&self, r: Region) -> bool {
        self.factories & r.bit() != 0
    }

    pub fn seats(&self) -> usize {
        self.cash.len()
    }

    /// The seat after `seat`, clockwise («слева» — to the left — in the rulebook).
    pub fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.seats()
    }

    /// All seats clockwise, starting with `from`.
    pub fn seats_from(&self, from: Seat) -> Vec<Seat> {
        (0..self.seats()).map(|i| (from + i) % self.seats()).collect()
    }

    /// A player who governs no nation holds a Swiss Bank («Если игрок не контролирует ни одну из наций, он
    /// получает жетон „Швейцарский Банк“»).
    pub fn has_swiss_bank(&self, seat: Seat) -> bool {
        !self.nations.iter().any(|n| n.government == Some(seat))
    }

    /// The sum of the prices of `seat`'s bonds of `n` — the stake that decides governments.
    pub fn stake(&self, n: Nation, seat: Seat) -> i32 {
        self.nation(n).bonds.iter().zip(BOND_PRICES).filter(|(o, _)| **o == Some(seat)).map(|(_, p)| i32::from(p)).sum()
    }

    /// Interest `n` owes on all its sold bonds.
    pub fn interest_due(&self, n: Nation) -> i32 {
        self.nation(n).bonds.iter().enumerate().filter(|(_, o)| o.is_some()).map(|(i, _)| i as i32 + 1).sum()
    }

    pub fn multiplier(&self, n: Nation) -> u8 {
        multiplier(self.nation(n).power)
    }

    /// Flags of `n` on the map.
    pub fn flags_placed(&self, n: Nation) -> u8 {
        self.flags.iter().filter(|f| **f == Some(n)).count() as u8
    }

    pub fn flags_left(&self, n: Nation) -> u8 {
        FLAGS_PER_NATION.saturating_sub(self.flags_placed(n))
    }

    /// Pieces of a kind `n` has on the map.
    pub fn on_map(&self, n: Nation, kind: UnitKind) -> u8 {
        self.units.iter().map(|u| u[n.index()].count(kind)).sum()
    }

    /// Pieces of a kind `n` still has in its supply.
    pub fn supply(&self, n: Nation, kind: UnitKind) -> u8 {
        let limit = match kind {
            UnitKind::Army => n.army_limit(),
            UnitKind::Fleet => n.fleet_limit(),
        };
        limit.saturating_sub(self.on_map(n, kind))
    }

    /// Whether a nation other than `n` has a hostile (upright) army in `r`.
    pub fn hostile_army_against(&self, n: Nation, r: Region) -> bool {
        self.units[r.index()].iter().enumerate().any(|(m, u)| m != n.index() && u.armies > u.friendly)
    }

    /// Home provinces of `n` that no hostile army blocks: where it can produce, import, build, tax and
    /// use its railway («Провинции Великих Держав»).
    pub fn free_homes(&self, n: Nation) -> u64 {
        regions_in(self.board.home_of(n)).filter(|&r| !self.hostile_army_against(n, r)).fold(0, |m, r| m | r.bit())
    }

    /// `n`'s factories.
    pub fn factories_of(&self, n: Nation) -> u64 {
        self.factories & self.board.home_of(n)
    }

    /// `n`'s factories with no hostile army in their province.
    pub fn unoccupied_factories(&self, n: Nation) -> u64 {
        self.factories_of(n) & self.free_homes(n)
    }

    /// Nations with pieces in `r`, in turn order.
    pub fn occupants(&self, r: Region) -> impl Iterator<Item = Nation> + '_ {
        NATIONS.into_iter().filter(move |&n| !self.units(r, n).is_empty())
    }

    /// The one nation with pieces in `r`, if exactly one has.
    pub fn sole_occupant(&self, r: Region) -> Option<Nation> {
        let mut occupants = self.occupants(r);
        match (occupants.next(), occupants.next()) {
            (Some(n), None) => Some(n),
            _ => None,
        }
    }

    /// The seat that decides for `n`, if it has a government.
    pub fn government(&self, n: Nation) -> Option<Seat> {
        self.nation(n).government
    }

    // Money moves. Every change of cash or treasury goes through these, so `money_in_play` stays exact.

    pub(crate) fn bank_to_treasury(&mut self, n: Nation, amount: i32) {
        self.nation_mut(n).treasury += amount;
        self.money_in_play += i64::from(amount);
    }

    pub(crate) fn treasury_to_bank(&mut self, n: Nation, amount: i32) {
        self.nation_mut(n).treasury -= amount;
        self.money_in_play -= i64::from(amount);
    }

    pub(crate) fn bank_to_cash(&mut self, seat: Seat, amount: i32) {
        self.cash[seat] += amount;
        self.money_in_play += i64::from(amount);
    }

    pub(crate) fn cash_to_bank(&mut self, seat: Seat, amount: i32) {
        self.cash[seat] -= amount;
        self.money_in_play -= i64::from(amount);
    }

    pub(crate) fn treasury_to_cash(&mut self, n: Nation, seat: Seat, amount: i32) {
        self.nation_mut(n).treasury -= amount;
        self.cash[seat] += amount;
    }

    pub(crate) fn cash_to_treasury(&mut self, seat: Seat, n: Nation, amount: i32) {
        self.cash[seat] -= amount;
        self.nation_mut(n).treasury += amount;
    }

    /// What the nation on turn can spend on a purchase: its treasury, topped up by its government player
    /// (players may pay into the treasury of the nation they govern; docs/rules/imperial2030.md,
    /// «Deposits»).
    pub(crate) fn purse(&self, n: Nation) -> i32 {
        self.nation(n).treasury + self.government(n).map_or(0, |s| self.cash[s])
    }

    /// Pay `amount` to the bank from `n`'s treasury, the government player adding what the treasury lacks.
    /// Returns (from treasury, from the player).
    pub(crate) fn pay_from_purse(&mut self, n: Nation, amount: i32) -> (i32, i32) {
        let from_treasury = amount.min(self.nation(n).treasury);
        let from_player = amount - from_treasury;
        self.treasury_to_bank(n, from_treasury);
        if let Some(s) = self.government(n).filter(|_| from_player > 0) {
            self.cash_to_bank(s, from_player);
        }
        (from_treasury, from_player)
    }
}
