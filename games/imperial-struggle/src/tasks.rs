//! Pending effects. Events, advantages, ministries, war tiles and spoils are resolved as a queue of tasks:
//! automatic ones (score VP, grant points) run as soon as they reach the front, and a task that needs a
//! choice stops the queue and becomes the decision of the power it names — the active power, or its
//! opponent when the rules make the opponent choose (§2 of ARCHITECTURE: every out-of-turn decision is its
//! owner's). An effect that cannot be carried out does nothing (§7.1.2; §5.2 game note).

use serde::{Deserialize, Serialize};

use crate::content::{ApKind, Commodity, Flag, Power, SpaceId, SpaceSet};
use crate::spend::Rule;
use crate::state::ImperialStruggle;

/// One pending effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// `who` chooses a space from `filter` and `pick` happens to it.
    Space { who: Power, pick: Pick, filter: Filter, optional: bool, cause: Cause },
    /// `who` chooses one of several options.
    Options { who: Power, options: Vec<Opt>, cause: Cause },
    /// Something done without a choice when it is reached.
    Then(Effect),
    /// `who` places a freshly drawn bonus tile on a theatre of the next war (§5.6.1).
    PlaceBonus { who: Power, tile: u16, cause: Cause },
    /// `who` moves one of the older bonus tiles out of a full theatre (§5.6.1).
    MoveBonusOut { who: Power, theatre: u8, keep: u16 },
    /// … to a theatre with room.
    MoveBonusTo { who: Power, tile: u16, from: u8 },
    /// `who` chooses which of its basic tiles the military upgrade replaces (§5.3.3).
    UpgradeChoose { who: Power },
    /// The drawn basic tile `drawn` may replace the one on `theatre` at `slot`.
    UpgradeKeep { who: Power, theatre: u8, slot: u8, drawn: u8 },
    /// The unused tile `kind` is returned to the pool or removed face up.
    UpgradeDrop { who: Power, kind: u8 },
    /// §12.2: the upgrade swaps two basic tiles between theatres: first pick, then second.
    UpgradeSwap { who: Power, first: Option<u8> },
    /// §12.2: assign drawn basic tiles to theatres at a war's layout.
    AssignBasic { who: Power, drawn: Vec<u8> },
    /// `who` discards a card from its hand.
    Discard { who: Power, cause: Cause },
    /// The attacked territory's owner may resist the conquest (§7.2.2).
    Resist { who: Power, space: SpaceId },
    /// `who` uses one of its advantages at once, ignoring exhaustion (Native American Alliances, Loge des
    /// Neuf Soeurs): in `region`, or anywhere outside Europe.
    FreeAdvantage { who: Power, region: Option<crate::content::Region>, cause: Cause },
    /// `who` refreshes up to `left` more of its exhausted advantages in Europe (Pacte de Famille).
    RefreshAdvantages { who: Power, left: u8 },
    /// `who` exhausts up to `left` more unexhausted advantages (La Gabelle).
    ExhaustAdvantages { who: Power, left: u8 },
    /// `who` returns one of its bonus tiles on the next war's mat to its pool (Military Spending Overruns).
    ReturnBonus { who: Power },
    /// `who` names a theatre where the opponent has bonus tiles; one of them, unseen, goes back to its pool
    /// (Austro-Spanish Rivalry).
    RemoveEnemyBonus { who: Power },
    /// Britain puts the Byng marker on a theatre of the next war that counts naval strength.
    PlaceByng { who: Power },
    /// `who` spends `cp` conquest points won in `theatre` (§7.2.1).
    Conquest { who: Power, theatre: u8, cp: u8 },
    /// `who` chooses which of its squadrons takes the naval space `target` (§7.2.1.1): one from the navy
    /// box, or one on another naval space of the theatre that has not captured this war.
    CaptureWith { who: Power, theatre: u8, cp: u8, target: SpaceId },
    /// France places US flags and clears forts after winning the American Revolution (§7.3); `before` are
    /// the markets isolated before it began (those isolated by it may be unflagged).
    UsAward { canada: bool },
}

/// What happens to a chosen space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// Occupy an empty space or remove an enemy flag (§3.2.8 «Повлиять»).
    Shift,
    /// Remove an enemy flag (§3.2.8 «Отнять»).
    Unflag,
    /// Remove whatever flag is there.
    RemoveFlag,
    /// Put your flag there, replacing any other.
    TakeControl,
    Conflict,
    /// A conflict marker that costs 1 more to remove (§3.8.1).
    ConflictPlus,
    DamageFort,
    /// Send the squadron there to its navy box.
    SquadronToBox,
    /// A war tile's symbol: damage the fort or send the squadron home, whichever the space holds (§7.1.2).
    FortOrFleet,
    /// Set the squadron there aside until the next peace round (or, `Action::NavyBox`, one from the box).
    SquadronToBrig,
    /// Remove the squadron there from the game.
    SquadronForGood,
    /// A squadron the loser of a theatre removes (map or navy box).
    LoseSquadron,
    /// Spend conquest points on the space (§7.2.1).
    Conquer,
    /// Put a US flag there (§7.3).
    UsFlag,
    /// Take the flag off a fort of the Northern Colonies after US flags went down (§7.3).
    ClearFort,
    /// New World Huguenots: a Huguenots marker.
    Huguenots,
}

/// Which spaces a task may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    /// The spaces that qualify by what is printed on them.
    pub mask: SpaceSet,
    pub flag: FlagIs,
    /// Spaces with a conflict marker are left out.
    pub no_conflict: bool,
    /// Spaces protected for their owner are left out (§3.2.8).
    pub unprotected: bool,
    /// Markets whose loss would isolate another market of their owner (§7.1.2; South Sea Speculation).
    pub isolation: Isolation,
    /// Forts that are damaged are left out.
    pub undamaged: bool,
}

/// How a filter treats markets whose loss would isolate others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Isolation {
    Any,
    /// An isolating market only if every candidate market isolates (a war tile's flag symbol, §7.1.2).
    Avoid,
    /// Never (South Sea Speculation).
    Forbid,
}

impl Filter {
    pub fn new(mask: SpaceSet, flag: FlagIs) -> Filter {
        Filter { mask, flag, no_conflict: false, unprotected: false, isolation: Isolation::Any, undamaged: false }
    }

    pub fn no_conflict(mut self) -> Filter {
        self.no_conflict = true;
        self
    }

    pub fn unprotected(mut self) -> Filter {
        self.unprotected = true;
        self
    }

    pub fn isolation(mut self, i: Isolation) -> Filter {
        self.isolation = i;
        self
    }

    pub fn undamaged(mut self) -> Filter {
        self.undamaged = true;
        self
    }
}

/// A condition on a space's flag, seen from a power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagIs {
    Any,
    Empty,
    /// A flag that is not this power's and that may be taken off (British, French or Spanish: US flags stay).
    EnemyOf(Power),
    Own(Power),
    /// Empty or an enemy's.
    NotOwn(Power),
    /// This power's flag (Spain's does not count).
    Of(Power),
    /// Any British, French or Spanish flag.
    Removable,
}

/// Why a task exists, for the log and the player's prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    Event(crate::content::Card),
    Advantage(crate::content::Advantage),
    Ministry(crate::content::Ministry),
    /// A war tile's symbol in this theatre.
    WarTile(u8),
    /// The spoils of this theatre.
    Spoils(u8),
    /// A purchase with action points.
    Purchase,
    /// The military upgrade.
    Upgrade,
    /// The Seven Years' War tiles carried over from the Austrian Succession (§7.6).
    CarriedOver,
    /// A flag put on an empty Spanish territory (§12.1).
    SpanishEmpire,
}

/// One option of a choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opt {
    pub label: Label,
    pub then: Vec<Task>,
}

/// What an option says, for the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    Points { kind: ApKind, points: u8, rule: Rule },
    Demand(Commodity),
    NoDemand,
    DamageFort,
    ShiftCottonMarket,
    TakeLocalAlliance,
    TwoConflicts,
    TakeDebt,
    LoseTreatyPoint,
    OwnFortDamaged,
    OwnSquadronHome,
    OwnBonusTileBack,
    ScoreCotton,
    DoNotScore,
    KeepOld,
    TakeNew,
    ReturnToPool,
    RemoveFromGame,
    Resist,
    Yield,
}

/// A step done without a choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    Vp {
        power: Power,
        amount: u8,
    },
    /// Debt the power must take (§6.3: beyond the limit each point is a VP to the opponent).
    Debt {
        power: Power,
        amount: u8,
    },
    ReduceDebt {
        power: Power,
        amount: u8,
    },
    Trp {
        power: Power,
        amount: u8,
    },
    LoseTrp {
        power: Power,
        amount: u8,
    },
    /// Add a commodity to this round's global demand (Le Beau Monde).
    AddDemand(Commodity),
    /// Townshend Acts: minor actions may unflag this commodity's markets this round.
    Townshend(Commodity),
    /// Take a commodity out of this round's demand (Co-Hong System).
    RemoveDemand(Commodity),
    /// Action points for the active power's turn.
    Points {
        kind: ApKind,
        points: u8,
        rule: Rule,
    },
    /// A rule that looks at the board after earlier choices (named after its card).
    Check(Check),
    /// Draw a bonus tile from `who`'s pool and let it place it.
    DrawBonus {
        who: Power,
        cause: Cause,
    },
    /// Build a squadron into the navy box without paying (if a counter is free).
    FreeSquadron {
        power: Power,
    },
    /// Build a squadron into the navy box if a counter is free, and then ask for `pay` (War of the Quadruple
    /// Alliance: the squadron costs a debt or a treaty point).
    BuildThen {
        power: Power,
        pay: Box<Task>,
    },
    /// Score a commodity as global demand would (Calico Acts).
    ScoreDemand(Commodity),
    /// Continue the war once the tasks of a theatre are done.
    War,
    /// §7.3 «США», «Канада»: once France has placed its US flags and cleared forts, every market of North
    /// America and the Caribbean isolated since `before` (the isolated markets when the award was won) loses
    /// its flag, whichever side's.
    ClearIsolatedAmericas {
        before: SpaceSet,
    },
    /// Building a squadron costs this much less this turn (South Sea Speculation).
    SquadronDiscount(u8),
    /// Reduce debt; each point that cannot be reduced becomes an economic point (Tax Reform).
    ReduceDebtOrPoints {
        amount: u8,
    },
    /// Unflagging French spaces in Spain and Austria costs Britain 1 less this turn (Pacte de Famille).
    Pacte,
    /// Draw a bonus tile for `who` onto `theatre` (Famine in Ireland), moving one out if it overflows.
    DrawBonusTo {
        who: Power,
        theatre: u8,
    },
    /// Draw a new global demand tile; the player then chooses one of the others to replace (Co-Hong System).
    CoHong {
        who: Power,
    },
    /// +1 point to the tile's major and minor actions (Lavoisier).
    Lavoisier,
    /// Set a squadron of Britain's aside and score 2 VP, if Britain has one (War of the Quadruple Alliance).
    QuadrupleAlliance,
}

/// Card rules that look at the board after earlier choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    /// Great Northern War (Britain): both German States British → 2 VP.
    GermanStatesBritish,
    /// Vatican Politics (France, bonus): no British flag in Spain and Austria → 2 VP.
    NoBritishInSpainAustria,
    /// Great Northern War (France): shift Russia, or 2 VP if it is French already.
    RussiaForFrance,
    /// Alberoni's Ambition (France, bonus): Savoy and Sardinia French → 3 VP.
    SavoySardinia,
    /// Interest Payments: the opponent's debt limit falls by 1, and more if it was at its limit.
    InterestPayments { power: Power },
    /// European Panic: 1 VP per debt the opponent has above the player (at most 4).
    EuropeanPanic { power: Power },
    /// Corsican Crisis (Britain, bonus): France has no squadron in Europe → 1 VP.
    NoFrenchSquadronInEurope,
    /// Corsican Crisis (France, bonus): Britain has no flag in Spain → 1 VP.
    NoBritishInSpain,
    /// Nootka Incident (Britain, bonus): 2 VP per British alliance space in Spain, whose flags then go.
    NootkaSpain,
    /// Loge des Neuf Soeurs (Britain, bonus): more British than French flags in North America → 3 VP.
    MoreBritishInNorthAmerica,
    /// La Gabelle (France, bonus): 2 VP, 3 with the Governance keyword.
    LaGabelle,
    /// Debt Crisis: more available debt than the opponent → 3 economic points to unflag markets.
    DebtCrisis { power: Power },
    /// East Asia Piracy: more squadrons, forts and local alliances in India → 3 VP.
    EastAsiaPiracy { power: Power },
    /// Falklands Crisis (Britain): a British space in Spain → 1 VP.
    BritishInSpain,
    /// Falklands Crisis (France): 1 military point per French flag in Spain.
    FalklandsPoints,
    /// Cook and Bougainville (Britain): 1 economic point per 2 squadrons.
    CookPoints,
    /// Famine in Ireland (France): bonus tiles for the Jacobite Rebellion, one per French space in Ireland.
    FamineInIreland,
}

impl Task {
    /// The power that must decide, if the task needs a decision.
    pub fn chooser(&self) -> Option<Power> {
        match self {
            Task::Then(_) => None,
            Task::Space { who, .. }
            | Task::Options { who, .. }
            | Task::PlaceBonus { who, .. }
            | Task::MoveBonusOut { who, .. }
            | Task::MoveBonusTo { who, .. }
            | Task::UpgradeChoose { who }
            | Task::UpgradeKeep { who, .. }
            | Task::UpgradeDrop { who, .. }
            | Task::UpgradeSwap { who, .. }
            | Task::AssignBasic { who, .. }
            | Task::Discard { who, .. }
            | Task::Resist { who, .. }
            | Task::FreeAdvantage { who, .. }
            | Task::RefreshAdvantages { who, .. }
            | Task::ExhaustAdvantages { who, .. }
            | Task::ReturnBonus { who }
            | Task::RemoveEnemyBonus { who }
            | Task::PlaceByng { who }
            | Task::Conquest { who, .. }
            | Task::CaptureWith { who, .. } => Some(*who),
            Task::UsAward { .. } => Some(Power::France),
        }
    }
}

impl ImperialStruggle {
    /// The spaces `filter` allows now.
    pub(crate) fn candidates(&self, f: &Filter) -> SpaceSet {
        let c = &*self.content;
        let mut s = f.mask.and(self.on_board());
        s = match f.flag {
            FlagIs::Any => s,
            FlagIs::Empty => s.without(self.board.occupied()),
            FlagIs::EnemyOf(p) => s.and(self.removable_enemy(p)),
            FlagIs::Own(p) => s.and(self.board.of(p)),
            FlagIs::NotOwn(p) => s.without(self.board.of(p)).without(self.board.flagged(Flag::Usa)),
            FlagIs::Of(p) => s.and(self.board.of(p)),
            FlagIs::Removable => s.and(
                self.board.of(Power::Britain).or(self.board.of(Power::France)).or(self.board.flagged(Flag::Spain)),
            ),
        };
        if f.no_conflict {
            s = s.without(self.board.conflict);
        }
        if f.undamaged {
            s = s.without(self.board.damaged);
        }
        if f.unprotected {
            s = s.iter().filter(|&x| !self.is_protected(x)).collect();
        }
        if f.isolation != Isolation::Any {
            let markets = s.and(c.masks.market);
            let isolating: SpaceSet = markets.iter().filter(|&x| self.unflag_isolates_others(x)).collect();
            // §7.1.2: the preference is among markets; a political space is a choice either way.
            if f.isolation == Isolation::Forbid || isolating != markets {
                s = s.without(isolating);
            }
        }
        s
    }

    /// Flags `power` may take off: the opponent's and Spain's (US flags are permanent, §10.0).
    pub(crate) fn removable_enemy(&self, power: Power) -> SpaceSet {
        self.board.of(power.opponent()).or(self.board.flagged(Flag::Spain))
    }
}
