//! The state of a game: the board, each power's tracks, hands, ministries and war tiles, the decks and
//! displays, and where in the sequence of play the game stands. Procedures live in the modules named after
//! the rulebook's sections; this module only describes what is on the table.
//!
//! What a viewer may not see is kept in a few places only, which is what [`crate::view`] hides and
//! [`crate::view::determinize`] samples: the hands, face-down ministries, war tiles on the mats and in the
//! pools, the order of the event deck, the investment stack and the award stack, cards being set aside, and
//! the generator.
//!
//! The state also holds the content it is played with (a shared [`ContentSet`], not serialised), which every
//! rule reads.

use std::collections::VecDeque;
use std::sync::Arc;

use imperia_core::{ContentSet, GameRng};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::content::{
    Advantage, ApKind, Card, Commodity, Content, Flag, Ministry, Power, Region, SpaceId, SpaceSet, WarId,
};
use crate::tasks::Task;

/// Squadron counters per power (§3.6: no more than 8 on the board, the navy box included).
pub const SQUADRONS: u8 = 8;
/// Each power keeps at least this many basic war tiles (§5.3.3, 2).
pub const MIN_BASIC_TILES: usize = 4;
/// A hand is set aside down to this many cards at the deal (§4.1.6).
pub const HAND: usize = 3;
/// Treaty points above this are lost at the end of a round (§9.2).
pub const TRP_CAP: u8 = 4;
/// Bonus tiles per power per theatre (§5.6.1).
pub const BONUS_PER_THEATRE: usize = 2;

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImperialStruggle {
    pub(crate) config: Config,
    /// What is printed on the components, as this game plays them: the rules read it here. It is not
    /// serialised; a state read back takes the set in scope on the thread ([`ContentSet::enter`]), so the
    /// host that reads a state enters the set it was played with first.
    #[serde(skip)]
    pub(crate) content: ContentSet<Content>,
    pub(crate) rng: GameRng,
    /// The place on the turn track: 0 = peace round 1, 1 = the WSS, 2 = round 2, … 9 = round 6 (§4.0).
    pub(crate) turn: u8,
    /// The one victory-point marker: France moves it up, Britain down (§3.10).
    pub(crate) vp: i32,
    pub(crate) powers: [PowerState; 2],
    pub(crate) board: Board,
    /// The event deck, top last. Its order is nobody's to know.
    pub(crate) deck: Vec<Card>,
    /// Set-aside and discarded cards, face up (§4.1.6).
    pub(crate) discard: Vec<Card>,
    /// Played events and cards removed from the game (§5.2, 5; §4.1.1).
    pub(crate) removed: Vec<Card>,
    pub(crate) investments: Investments,
    pub(crate) awards: Awards,
    /// This round's global demand (§4.1.4), in the table's order.
    pub(crate) demand: Vec<Commodity>,
    pub(crate) advantages: Vec<AdvantageState>,
    /// The mat of the next war (or of the war being fought). Shared between copies until one changes it
    /// (`Arc::make_mut`): most positions a search copies are in peace, and the mat's tiles are many short
    /// lists, each an allocation to copy.
    pub(crate) war: Arc<WarMat>,
    /// Who holds the initiative (§4.1.8).
    pub(crate) initiative: Power,
    /// Who moves first in this peace round (and did in the last one, during a war: §7.1.2).
    pub(crate) first: Power,
    pub(crate) jacobites: Jacobites,
    pub(crate) phase: Phase,
    /// Effects waiting to be resolved, first to last; the first one that needs a choice is the decision.
    pub(crate) tasks: VecDeque<Task>,
    /// What the last scoring phase awarded, for the automatic victory (§4.1.13).
    pub(crate) sweep: Option<Power>,
}

/// One power's tracks and hidden holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    pub(crate) debt: u8,
    pub(crate) debt_limit: u8,
    pub(crate) trp: u8,
    pub(crate) hand: Vec<Card>,
    pub(crate) ministries: Vec<MinistrySlot>,
    /// Squadrons in the navy box (§3.6).
    pub(crate) navy_box: u8,
    /// Squadrons set aside until the next peace round's reset (Byng's Trial, War of the Quadruple Alliance).
    pub(crate) brig: u8,
    /// Squadrons removed from the game: they lower the counter limit for good.
    pub(crate) squadrons_lost: u8,
    /// Basic war tiles neither on the mat nor removed, by kind (index into the basic set). This list and the
    /// three below change only in wars and their setups: like the war mat, they are shared between copies
    /// until one changes them (`Arc::make_mut`).
    pub(crate) basic_pool: Arc<Vec<u8>>,
    /// Basic tiles removed from the game face up by upgrades (§5.3.3).
    pub(crate) basic_removed: Arc<Vec<u8>>,
    /// The next war's bonus tiles not yet drawn (indices into the bonus list).
    pub(crate) bonus_pool: Arc<Vec<u16>>,
    /// Seven Years' War bonus tiles to place at the start of the first turn of round 4 (§7.6).
    pub(crate) carried_bonus: Arc<Vec<u16>>,
    /// Debt taken for economic points this round that Merchant Banks waived.
    pub(crate) merchant_banks: u8,
    /// Townshend Acts: the commodity whose markets minor actions may unflag this round.
    pub(crate) townshend: Option<Commodity>,
}

impl PowerState {
    /// Debt the power may still take (§6.4).
    pub fn available_debt(&self) -> u8 {
        self.debt_limit.saturating_sub(self.debt)
    }

    pub fn has_revealed(&self, m: Ministry) -> bool {
        self.ministries.iter().any(|s| s.card == m && s.revealed)
    }

    pub fn slot(&self, m: Ministry) -> Option<&MinistrySlot> {
        self.ministries.iter().find(|s| s.card == m)
    }

    pub fn slot_mut(&mut self, m: Ministry) -> Option<&mut MinistrySlot> {
        self.ministries.iter_mut().find(|s| s.card == m)
    }
}

/// A ministry card in front of a power (§3.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinistrySlot {
    pub(crate) card: Ministry,
    pub(crate) revealed: bool,
    /// One exhaustion marker per ability (§3.5.2).
    pub(crate) exhausted: [bool; 2],
}

/// Flags, squadrons and markers on the map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Spaces under each flag, by [`Flag`] order; squadrons are their power's flags on naval spaces.
    pub(crate) flags: [SpaceSet; 4],
    pub(crate) conflict: SpaceSet,
    /// Conflict markers that cost 1 more to remove (§3.8.1).
    pub(crate) conflict_plus: SpaceSet,
    pub(crate) damaged: SpaceSet,
    /// Huguenots markers (New World Huguenots) and those already flipped.
    pub(crate) huguenots: SpaceSet,
    pub(crate) huguenots_spent: SpaceSet,
}

impl Board {
    pub fn owner(&self, s: SpaceId) -> Option<Flag> {
        [Flag::Britain, Flag::France, Flag::Spain, Flag::Usa]
            .into_iter()
            .find(|f| self.flags[flag_index(*f)].contains(s))
    }

    pub fn of(&self, power: Power) -> SpaceSet {
        self.flags[power.index()]
    }

    pub fn flagged(&self, flag: Flag) -> SpaceSet {
        self.flags[flag_index(flag)]
    }

    /// Every flagged space.
    pub fn occupied(&self) -> SpaceSet {
        SpaceSet(self.flags.iter().fold(0, |m, s| m | s.0))
    }

    pub fn is(&self, s: SpaceId, power: Power) -> bool {
        self.flags[power.index()].contains(s)
    }

    /// Put `flag` on `s` (or clear it), leaving every other flag off.
    pub fn set(&mut self, s: SpaceId, flag: Option<Flag>) {
        for f in &mut self.flags {
            f.remove(s);
        }
        if let Some(f) = flag {
            self.flags[flag_index(f)].insert(s);
        }
    }
}

pub fn flag_index(f: Flag) -> usize {
    match f {
        Flag::Britain => 0,
        Flag::France => 1,
        Flag::Spain => 2,
        Flag::Usa => 3,
    }
}

/// The investment tiles (§3.3, §4.1.5–4.1.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Investments {
    /// Face down, top last; its order is nobody's to know.
    pub(crate) stack: Vec<u8>,
    /// This round's face-up tiles not yet taken.
    pub(crate) display: Vec<u8>,
    /// Tiles taken this round, by whom, in order.
    pub(crate) taken: Vec<(Power, u8)>,
    /// The box of used tiles.
    pub(crate) used: Vec<u8>,
}

/// The award tiles (§4.1.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Awards {
    /// This round's tile in each region.
    pub(crate) current: [Option<u8>; 4],
    /// Tiles left for the era's second round; which goes where is drawn then.
    pub(crate) stack: Vec<u8>,
}

/// An advantage tile (§8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvantageState {
    pub(crate) holder: Option<Power>,
    pub(crate) exhausted: bool,
    /// Taken since the start of its holder's current turn: not usable yet (§8.2).
    pub(crate) fresh: bool,
}

/// Basic and bonus tiles of one power on one theatre.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TheatreTiles {
    pub(crate) basic: Vec<u8>,
    pub(crate) bonus: Vec<u16>,
}

/// The war mat of the next war (§7.6) — or of the war being fought.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarMat {
    /// `None` once the last war is over.
    pub(crate) war: Option<WarId>,
    /// Per theatre, each power's tiles (by power index).
    pub(crate) theatres: Vec<[TheatreTiles; 2]>,
    /// Theatres whose tiles have been revealed (§7.1.1).
    pub(crate) revealed: Vec<bool>,
    /// The Byng marker (+2 for Britain) on a theatre (Byng's Trial).
    pub(crate) byng: Option<u8>,
    /// The power whose Atlantic Dominance marker (+2) stands in theatre 3 of the Seven Years' War.
    pub(crate) atlantic: Option<Power>,
}

/// The Jacobite markers (§7.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jacobites {
    pub(crate) victories: u8,
    pub(crate) defeat: bool,
    /// France has Jacobite Uprisings face up as a third ministry from now on.
    pub(crate) always: bool,
    /// France won the WAS Jacobite Rebellion: the card becomes permanent at the next Ministry Phase, or, if
    /// France already holds it as one of its two then, when the next era begins. (The name is older than
    /// the first case; it stays, since states are read by it.)
    #[serde(default)]
    pub(crate) from_next_era: bool,
    /// The Jacobite Uprisings card has left the game.
    pub(crate) removed: bool,
}

/// Where in the sequence of play the game stands (§4.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// §4.1.6: the powers with more than three cards set the rest aside, both at once.
    Deal { aside: [Vec<Card>; 2], done: [bool; 2] },
    /// §4.1.7: both powers choose (or change) their face-down ministries at once. `swapped` are the cards
    /// taken in exchange this phase: each face-down card is replaced at most once.
    Ministries { done: [bool; 2], swapped: [Vec<Ministry>; 2] },
    /// §4.1.8: the initiative holder names who moves first.
    Initiative,
    /// §4.1.9: a power's turn.
    Actions(Box<Turn>),
    /// §7.1: a war is being fought, theatre by theatre.
    War(WarStep),
    /// The game is over; the winner.
    Over { winner: Power },
}

/// Where a war stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarStep {
    /// The theatre being fought.
    pub(crate) theatre: u8,
    /// 0: to reveal; 1: to settle; 2: settled.
    pub(crate) stage: u8,
    /// The winner and spoils row of each theatre fought so far (`None`: a tie or no row reached).
    pub(crate) results: Vec<Option<(Power, usize)>>,
    /// Territories resisted this war (they may not be attacked again), and each power's resistances.
    pub(crate) resisted: SpaceSet,
    pub(crate) resistances: [u8; 2],
    /// Naval spaces whose squadron has already captured this war (one capture each, §7.2.1.1).
    pub(crate) captured_from: SpaceSet,
}

/// A power's turn in the action phase (§5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// 0–7 within the round.
    pub(crate) number: u8,
    pub(crate) active: Power,
    pub(crate) tile: Option<u8>,
    /// Nothing has been done since the tile was taken: the power may still pass (§5.1).
    pub(crate) untouched: bool,
    /// An event may still be played (§5.2: before any points are spent).
    pub(crate) event_window: bool,
    /// The event played this turn and whether its bonus applied.
    pub(crate) event: Option<(Card, bool)>,
    pub(crate) pools: Vec<Pool>,
    /// The regions economic and diplomatic points have each been spent in this turn, one bit per region
    /// index: the first region is free, each further one costs 1 (§5.3.4, as the reference guide reads it).
    pub(crate) regions_spent: [u8; 2],
    /// The military-upgrade symbol is still to be used (§5.3.3).
    pub(crate) upgrade: bool,
    pub(crate) bonus_bought: u8,
    /// Naval spaces whose squadron was deployed this turn (each squadron once a turn, §5.6.6).
    pub(crate) deployed: SpaceSet,
    /// Markets isolated at the start of the turn, both powers' (§5.4.1).
    pub(crate) isolated: SpaceSet,
    /// The active power's spaces at the start of the turn (fort building, §5.6.3; market chains, §5.4.1).
    pub(crate) held_at_start: SpaceSet,
    /// Spaces that changed hands this turn (§5.4.1 b).
    pub(crate) changed: SpaceSet,
    /// Regions of the advantages used this turn (§8.2: two at most, not in one region).
    pub(crate) advantages_used: Vec<Region>,
    pub(crate) mods: TurnMods,
}

/// Effects that last for one turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMods {
    /// Military points off the next squadron built (South Sea Speculation).
    pub(crate) squadron_discount: u8,
    /// A squadron may be built for 2 military points (Halley, Pitt, Choiseul, Slaving Contracts).
    pub(crate) cheap_squadron: bool,
    /// Unflagging French spaces in Spain and Austria costs 1 less (Pacte de Famille).
    pub(crate) pacte: bool,
    /// Unflagging French spaces in Prussia, the German States and Russia costs 1 less (Hanbury Williams).
    pub(crate) hanbury: bool,
    /// A flipped Huguenots marker lowers the next market's cost in this region by 1.
    pub(crate) huguenot: Option<Region>,
    /// Jacobite Uprisings' first ability is in use this turn (military points shift Scotland and Ireland).
    pub(crate) jacobite_shift: bool,
    /// Round 6: the kind military points were converted into (§5.6.1).
    pub(crate) converted: Option<ApKind>,
    /// Debt taken this turn (Turgot's bonus comes with the first).
    pub(crate) debt_taken: u8,
    /// A Europe advantage was exhausted this turn (Pompadour & Du Barry) / France used one (James Watt).
    pub(crate) pompadour: bool,
    pub(crate) watt: bool,
    /// The Jacobite Uprisings ability used this turn, if any (they may not share a turn).
    pub(crate) jacobite_ability: Option<u8>,
    /// Advantages used this turn that change the cost of the next purchase they apply to (§8.2).
    pub(crate) cost_advantages: Vec<Advantage>,
}

impl TurnMods {
    /// An advantage used this turn sets the cost of unflagging `space` to 1.
    pub(crate) fn sets_to_one(&self, c: &Content, space: SpaceId) -> bool {
        self.cost_advantages.iter().any(|&a| {
            crate::advantages::cost_mod(a)
                .is_some_and(|(m, applies)| m == crate::advantages::CostMod::SetToOne && applies(c, space))
        })
    }

    /// What advantages used this turn take off the cost of unflagging `space`.
    pub(crate) fn discount_for(&self, c: &Content, space: SpaceId) -> u8 {
        self.cost_advantages
            .iter()
            .filter(|&&a| {
                crate::advantages::cost_mod(a)
                    .is_some_and(|(m, applies)| m == crate::advantages::CostMod::LessOne && applies(c, space))
            })
            .count() as u8
    }

    /// A purchase uses up the cost changes that applied to it.
    pub(crate) fn consume_for(&mut self, c: &Content, purchase: crate::spend::Purchase) {
        use crate::spend::Purchase;
        let (Purchase::Unflag(s) | Purchase::Flag(s)) = purchase else { return };
        if matches!(purchase, Purchase::Unflag(_)) {
            self.cost_advantages.retain(|&a| !crate::advantages::cost_mod(a).is_some_and(|(_, applies)| applies(c, s)));
        }
        // A flipped Huguenots marker lowers one market's cost in its region (New World Huguenots).
        let sp = c.space(s);
        if sp.kind == crate::content::SpaceKind::Market && self.huguenot == Some(sp.region) {
            self.huguenot = None;
        }
    }
}

/// Action points of one kind from one source, and what they may be spent on (§5.3.2, §3.4.5, §5.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub(crate) kind: ApKind,
    pub(crate) points: u8,
    pub(crate) origin: Origin,
    pub(crate) rule: crate::spend::Rule,
    /// A minor action that has bought its one thing: what is left is lost (§5.3.2, 1).
    pub(crate) closed: bool,
}

/// Where a pool's points come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    Major,
    Minor,
    Event,
    Ministry,
    /// Round 6: military points converted (§5.6.1).
    Converted,
}

impl ImperialStruggle {
    /// The war mat, to change: from here on this copy's own (the copies it was shared with keep theirs).
    pub(crate) fn war_mut(&mut self) -> &mut WarMat {
        Arc::make_mut(&mut self.war)
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The content this game is played with.
    pub fn content(&self) -> &ContentSet<Content> {
        &self.content
    }

    pub fn vp(&self) -> i32 {
        self.vp
    }

    pub fn power(&self, p: Power) -> &PowerState {
        &self.powers[p.index()]
    }

    pub(crate) fn power_mut(&mut self, p: Power) -> &mut PowerState {
        &mut self.powers[p.index()]
    }

    /// The era of the current place on the turn track.
    pub fn era(&self) -> crate::content::Era {
        use crate::content::Era;
        match self.turn {
            0..=2 => Era::Succession,
            3..=6 => Era::Empire,
            _ => Era::Revolution,
        }
    }

    /// The peace round (1–6) of the current place on the turn track, or the one just played during a war.
    pub fn round(&self) -> u8 {
        const ROUND: [u8; 10] = [1, 1, 2, 3, 3, 4, 4, 5, 5, 6];
        ROUND[self.turn.min(9) as usize]
    }

    /// Whether the turn track stands on a war.
    pub fn at_war(&self) -> bool {
        matches!(self.turn, 1 | 4 | 6 | 8)
    }

    pub(crate) fn turn_state(&self) -> Option<&Turn> {
        match &self.phase {
            Phase::Actions(t) => Some(t),
            _ => None,
        }
    }

    pub(crate) fn turn_mut(&mut self) -> Option<&mut Turn> {
        match &mut self.phase {
            Phase::Actions(t) => Some(t),
            _ => None,
        }
    }

    pub fn winner(&self) -> Option<Power> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Squadrons a power has on the map.
    pub fn squadrons_on_map(&self, p: Power) -> SpaceSet {
        self.board.of(p).and(self.content.masks.naval)
    }

    /// Squadrons a power may still build (§3.6).
    pub fn squadrons_unbuilt(&self, p: Power) -> u8 {
        let s = self.power(p);
        let built = s.navy_box + s.brig + self.squadrons_on_map(p).len() as u8;
        SQUADRONS.saturating_sub(s.squadrons_lost).saturating_sub(built)
    }

    /// The advantages a power holds.
    pub fn advantages_of(&self, p: Power) -> impl Iterator<Item = Advantage> + '_ {
        self.advantages.iter().enumerate().filter(move |(_, a)| a.holder == Some(p)).map(|(i, _)| Advantage(i as u8))
    }
}
