//! What is on the table: the Diplomatic Status Chart, the powers' hands and pools, the map's control and
//! units, the characters, and where in the turn the game stands. Procedures live in `card_draw` (§8),
//! `deals` and `diplomacy` (§9) and `campaign` (the provisional step between turns).
//!
//! Hidden from some viewer, and nowhere else: the hands (cards, treasures, the set-aside home card), the
//! deck's order, the treasure cup and Portugal's row, an announcement or a proposal being built, a
//! declaration's payment picks, how many clauses a power took back and declarations it withdrew, and the
//! generator. `view` hides them; `view::determinize` samples them.

use std::sync::Arc;

use imperia_core::{ContentSet, GameRng};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::content::{
    CaptainId, CardId, Content, LeaderId, MinorId, Owner, PatronId, Power, RoyalId, SeaId, SiteId, SpaceId, TreasureId,
};
use crate::deals::Clause;

/// A box of the Diplomatic Status Chart: nothing, At War, or Allied — never both (§9.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Peace,
    War,
    Allied,
}

/// A card or a treasure in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Card(CardId),
    Treasure(TreasureId),
}

/// A power's holdings: the cards in hand (the kept home card among them), its treasures, and the home
/// card set aside face down this turn (ref-02).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub cards: Vec<CardId>,
    pub treasures: Vec<TreasureId>,
    pub home_aside: Vec<CardId>,
}

impl Hand {
    pub fn size(&self) -> usize {
        self.cards.len() + self.treasures.len()
    }

    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        self.cards.iter().map(|&c| Item::Card(c)).chain(self.treasures.iter().map(|&t| Item::Treasure(t)))
    }

    pub fn holds(&self, item: Item) -> bool {
        match item {
            Item::Card(c) => self.cards.contains(&c),
            Item::Treasure(t) => self.treasures.contains(&t),
        }
    }

    pub fn remove(&mut self, item: Item) {
        match item {
            Item::Card(c) => self.cards.retain(|&x| x != c),
            Item::Treasure(t) => self.treasures.retain(|&x| x != t),
        }
    }

    pub fn add(&mut self, item: Item) {
        match item {
            Item::Card(c) => self.cards.push(c),
            Item::Treasure(t) => self.treasures.push(t),
        }
    }
}

/// Land and naval units of one power not on the map, and its naval units destroyed this turn (§8.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub regulars: u8,
    pub mercenaries: u8,
    pub naval: [u8; 4],
    pub naval_destroyed: [u8; 4],
}

/// One space's political control, land units by power, and markers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceState {
    pub control: Owner,
    /// Regulars and mercenaries of each major power, by power index.
    pub units: [[u8; 2]; 6],
    pub fortress: bool,
    /// In unrest until the end of the next Diplomacy phase (provisional, §4.6 C3).
    pub unrest: bool,
}

impl SpaceState {
    /// `p`'s land units here: regulars and mercenaries.
    pub fn land(&self, p: Power) -> u32 {
        let [regulars, mercenaries] = self.units[p.index()];
        (regulars + mercenaries) as u32
    }
}

/// Naval units of one kind of one power in one port, perhaps lent to an ally this turn (§9.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub owner: Power,
    pub kind: crate::content::NavalKind,
    pub port: SpaceId,
    pub count: u8,
    /// The receiver's Loaned marker.
    pub loaned_to: Option<Power>,
}

impl Fleet {
    /// The power the units act for this turn.
    pub fn acting(&self) -> Power {
        self.loaned_to.unwrap_or(self.owner)
    }
}

/// Where a leader is (§8.1, §9.1, §9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Not yet arrived.
    Future,
    /// On his power's card, to deploy at the next Spring Deployment.
    Card,
    Map(SpaceId),
    /// Captured by this power.
    Captive(Power),
    /// Out of the game (killed; or Dragut after Dragut Falls).
    Dead,
    /// A naval leader removed from play: he returns at the next Card Draw (§8.1).
    Removed,
    /// A default leader out of play, who may enter again (ruling R4).
    Reserve,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    pub place: Place,
    /// A naval leader lent with his ships (§9.2).
    pub loaned_to: Option<Power>,
}

/// Where a royal is (§8.1, §9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoyalPlace {
    Future,
    /// On the Royal Wedding Table, free to marry.
    Table,
    /// Betrothed to this royal until the marriage resolves in Winter.
    Betrothed(RoyalId),
    /// Married, or the match failed: off the table for good.
    Gone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoyalState {
    pub place: RoyalPlace,
    pub controller: Power,
}

/// Where a sea captain is (§8.1, §8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptainPlace {
    /// Not yet arrived.
    Future,
    /// In his power's pool of units available to build (§8.1), ready to lead an expedition.
    Pool,
    /// Wintering at the colony he founded (provisional campaign, docs §4.6 C2).
    Wintering(SiteId),
    /// His expedition in an ocean zone, after his colony was eliminated (§8.4).
    AtSea(SeaId),
    /// Out of the game: his power is unplayed (facts §7, ruling R39).
    Removed,
}

/// What has passed between two powers this turn, for the caps and the one-way rules (§9.1, ruling R21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GiftKind {
    Cards,
    Treasures,
    Mercenaries,
    Loans,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gift {
    pub kind: GiftKind,
    pub from: Power,
    pub to: Power,
    pub count: u8,
}

/// A published announcement awaiting the approval of its later parties (§9.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    pub by: Power,
    pub clauses: Vec<Clause>,
    /// The parties still to approve, in Impulse Order.
    pub waiting: Vec<Power>,
}

/// A deal one power offers others during Negotiations (§9.1). It binds nobody: talks promise nothing, and
/// only what is announced and approved takes effect. Who proposed to whom, and who has answered, is seen by
/// all, as players are seen going off to talk; what it says and how each answered, only by its parties
/// (docs/rules/virgin-queen.md §6.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    pub by: Power,
    /// The party that would announce it: the earliest of them in Impulse Order (ruling R18).
    pub announcer: Power,
    pub clauses: Vec<Clause>,
    /// Every party but the author, in Impulse Order, with its reply.
    pub replies: Vec<(Power, Reply)>,
    /// Its announcer has published it.
    pub announced: bool,
}

impl Proposal {
    /// The powers party to it, the author first.
    pub fn parties(&self) -> impl Iterator<Item = Power> + '_ {
        std::iter::once(self.by).chain(self.replies.iter().map(|&(p, _)| p))
    }

    /// Whether `p` is asked for a reply it has not given.
    pub fn awaits(&self, p: Power) -> bool {
        self.replies.contains(&(p, Reply::Awaited))
    }

    pub fn declined(&self) -> bool {
        self.replies.iter().any(|&(_, r)| r == Reply::Declined)
    }
}

/// A party's reply to a proposal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    Awaited,
    Agreed,
    Declined,
    /// Given, but only the proposal's parties know which (in the views of everybody else).
    Given,
}

/// A proposal being put together by one power during Negotiations: the clauses so far and who would
/// announce them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    pub announcer: Power,
    pub clauses: Vec<Clause>,
}

/// Where the turn stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// After the deal: each played power keeps one of its two home cards (ref-02), all at once.
    KeepHome,
    /// §9.1: talks, all at once; `done` marks the powers that ended their talks.
    Negotiations {
        done: Vec<Power>,
    },
    /// §9.1: `power` decides on pending announcements, then builds and publishes its own.
    Announcing {
        power: Power,
        building: Vec<Clause>,
        published: u8,
    },
    /// §9.3: `power` may ransom its captured leaders.
    Ransom {
        power: Power,
    },
    /// §9.4: `power` may declare war; `paying` is a declaration under way.
    Declaring {
        power: Power,
        paying: Option<Paying>,
    },
    Over,
}

/// A declaration of war being paid for (provisional procedure, ruling R36).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paying {
    pub target: Owner,
    pub cost: u8,
    pub picked: Vec<Item>,
}

/// The whole game.
///
/// The lists few moves change (the board's, the deck's and treasures', the seats, each hand) are behind
/// `Arc`, shared between copies until one changes them (`Arc::make_mut`): bots copy the state for every
/// action they look at and every package in sight, and most of those copies change none of them. The
/// serialised form is the lists' own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VirginQueen {
    pub(crate) config: Config,
    /// The content the rules read; not serialised (the host enters the set before reading a state back).
    #[serde(skip)]
    pub(crate) content: ContentSet<Content>,
    pub(crate) rng: GameRng,
    pub(crate) turn: u8,
    pub(crate) phase: Phase,
    /// The powers each seat plays.
    pub(crate) seats: Arc<Vec<Vec<Power>>>,
    /// The Diplomatic Status Chart between major powers, symmetric.
    pub(crate) chart: [[Status; 6]; 6],
    /// Wars with minor powers.
    pub(crate) minor_wars: Vec<(Power, MinorId)>,
    /// Spain and England have been at war: they never make peace (§9.1).
    pub(crate) spain_england_fought: bool,
    pub(crate) deck: Arc<Vec<CardId>>,
    pub(crate) discard: Arc<Vec<CardId>>,
    pub(crate) hands: [Arc<Hand>; 6],
    pub(crate) cup: Arc<Vec<TreasureId>>,
    pub(crate) spent: Arc<Vec<TreasureId>>,
    pub(crate) portugal: Arc<Vec<TreasureId>>,
    pub(crate) spaces: Arc<Vec<SpaceState>>,
    pub(crate) fleets: Arc<Vec<Fleet>>,
    pub(crate) pools: [Pool; 6],
    pub(crate) leaders: Arc<Vec<LeaderState>>,
    pub(crate) royals: Arc<Vec<RoyalState>>,
    /// The power patronising each artist or scientist.
    pub(crate) patrons: Arc<Vec<Option<Power>>>,
    /// Where each sea captain is, in content order.
    pub(crate) captains: Arc<Vec<CaptainPlace>>,
    /// The power holding a colony on each site.
    pub(crate) colonies: Arc<Vec<Option<Power>>>,
    pub(crate) bonus_vp: [i32; 6],
    pub(crate) virginia_dare: bool,
    /// Mercenaries for Hire on the HRE's card (§9.1).
    pub(crate) hire_track: u8,
    pub(crate) fortress_markers: u8,
    pub(crate) jesuit_markers: u8,
    pub(crate) douai_played: bool,
    pub(crate) catholic_league: bool,
    pub(crate) dutch_revolt: bool,
    pub(crate) mary_captive: bool,
    /// The turn in which Dragut Falls killed Dragut.
    pub(crate) dragut_fell: Option<u8>,
    /// Powers that lost an army leader (killed) in the previous turn (§8.1).
    pub(crate) leader_lost: Vec<Power>,
    pub(crate) gifts: Vec<Gift>,
    /// Shows made this turn (shower, item, viewer), so none repeats.
    pub(crate) shows: Vec<(Power, Item, Power)>,
    pub(crate) pending: Vec<Announcement>,
    /// Clauses taken back this turn, per power: capped so a turn always ends (ruling R44).
    #[serde(default)]
    pub(crate) second_thoughts: [u8; 6],
    /// Declarations of war withdrawn this turn, per power: capped apart from the clauses (ruling R44).
    #[serde(default)]
    pub(crate) withdrawals: [u8; 6],
    /// Each power's proposal in the making (Negotiations only).
    #[serde(default)]
    pub(crate) drafts: [Option<Draft>; 6],
    /// The proposals made this turn, in the order they were made.
    #[serde(default)]
    pub(crate) proposals: Vec<Proposal>,
}

impl VirginQueen {
    pub fn status(&self, a: Power, b: Power) -> Status {
        self.chart[a.index()][b.index()]
    }

    pub(crate) fn set_status(&mut self, a: Power, b: Power, s: Status) {
        self.chart[a.index()][b.index()] = s;
        self.chart[b.index()][a.index()] = s;
        if s == Status::War && matches!((a, b), (Power::Spain, Power::England) | (Power::England, Power::Spain)) {
            self.spain_england_fought = true;
        }
    }

    pub fn at_war(&self, a: Power, b: Owner) -> bool {
        match b {
            Owner::Major(b) => self.status(a, b) == Status::War,
            Owner::Minor(m) => self.minor_wars.contains(&(a, m)),
        }
    }

    /// Whether a major power has a player (ruling R39: the unplayed ones are inert).
    pub fn played(&self, p: Power) -> bool {
        self.seats.iter().any(|s| s.contains(&p))
    }

    pub fn played_powers(&self) -> Vec<Power> {
        Power::ALL.into_iter().filter(|&p| self.played(p)).collect()
    }

    pub fn seat_of(&self, p: Power) -> Option<usize> {
        self.seats.iter().position(|s| s.contains(&p))
    }

    pub fn keys(&self, p: Power) -> usize {
        self.key_holders().filter(|&q| q == p).count()
    }

    /// The major power holding each key space a major power holds.
    pub(crate) fn key_holders(&self) -> impl Iterator<Item = Power> + '_ {
        self.content.spaces.iter().zip(self.spaces.iter()).filter(|(info, _)| info.key).filter_map(|(_, space)| {
            match space.control {
                Owner::Major(p) => Some(p),
                _ => None,
            }
        })
    }

    /// VP: one per key controlled, and the bonus VP scored (provisional, docs §4.5).
    pub fn vp(&self, p: Power) -> i32 {
        self.vp_with_keys(p, self.keys(p))
    }

    /// `p`'s VP when it holds `keys` key spaces (for a caller that has counted them already).
    pub(crate) fn vp_with_keys(&self, p: Power, keys: usize) -> i32 {
        keys as i32 * self.content.campaign.vp_per_key as i32 + self.bonus_vp[p.index()]
    }

    /// `p`'s par in a game of this length and player count: the VP it ends on between equal players
    /// (provisional, ruling R42).
    pub fn par(&self, p: Power) -> i32 {
        i32::from(self.content.major(p).par(self.config.turns, self.config.players))
    }

    /// `p`'s par paced to the end of this turn's campaign: its VP at the start (the keys it begins with),
    /// moved towards its par by the share of the game's campaigns fought by then. The bots weigh VP against
    /// it rather than the final par, which every power is far below until the last turn: measured against
    /// that, each power's prospects would sit where a small gain hardly shows.
    pub(crate) fn par_by_now(&self, p: Power) -> f64 {
        let c = &*self.content;
        let start = f64::from(u32::from(c.start_keys[p.index()]) * u32::from(c.campaign.vp_per_key));
        let fought = f64::from(self.turn.min(self.config.turns)) / f64::from(self.config.turns.max(1));
        start + (f64::from(self.par(p)) - start) * fought
    }

    /// `p`'s VP less its par, what its seat scores by (ruling R42).
    pub fn vp_over_par(&self, p: Power) -> i32 {
        self.vp(p) - self.par(p)
    }

    /// Whether a capital is on the map (ruling R7: the Dutch capital comes with the revolt).
    pub fn capital_on_map(&self, s: SpaceId) -> bool {
        match self.content.space(s).capital_from {
            Some(crate::content::Happening::RevoltNetherlands) => self.dutch_revolt,
            _ => true,
        }
    }

    /// The capitals of `p` on the map and under its control.
    pub fn held_capitals(&self, p: Power) -> Vec<SpaceId> {
        self.content
            .major(p)
            .capitals
            .iter()
            .copied()
            .filter(|&c| self.capital_on_map(c) && self.spaces[c.index()].control == Owner::Major(p))
            .collect()
    }

    /// Where a leader of `p` who returns goes (§9.1, §9.3, ruling R27): a held capital; else a controlled home
    /// key; else (empty) his power's card.
    pub fn return_places(&self, p: Power) -> Vec<SpaceId> {
        let capitals = self.held_capitals(p);
        if !capitals.is_empty() {
            return capitals;
        }
        self.content
            .space_ids()
            .filter(|&s| {
                let sp = self.content.space(s);
                sp.key && sp.home == Owner::Major(p) && self.spaces[s.index()].control == Owner::Major(p)
            })
            .collect()
    }

    pub fn leader_place(&self, l: LeaderId) -> Place {
        self.leaders[l.index()].place
    }

    pub fn captain_place(&self, c: CaptainId) -> CaptainPlace {
        self.captains[c.index()]
    }

    /// Whether an artist or scientist is on the Patronage Chart or patronised: arrived (§8.1), and of a played
    /// power or neutral. An unplayed power's never come, nor their patronage VP (facts §7, ruling R39).
    pub fn patron_available(&self, x: PatronId) -> bool {
        let info = &self.content.patrons[x.index()];
        info.entry <= self.turn && info.power.is_none_or(|p| self.played(p))
    }

    /// Where a captain starts the game at `turn`: his power unplayed, removed (facts §7, R39); entered by
    /// then, in his power's pool (§8.1); else still to come.
    pub(crate) fn captain_start(&self, c: CaptainId, turn: u8) -> CaptainPlace {
        let info = &self.content.captains[c.index()];
        if !self.played(info.power) {
            CaptainPlace::Removed
        } else if info.entry <= turn {
            CaptainPlace::Pool
        } else {
            CaptainPlace::Future
        }
    }
}
