//! What action points buy (§5.4–5.6) and the strings attached to some of them: a minor action buys one
//! thing and removes no enemy flag without a conflict marker (§5.3.2); many event and ministry points may be
//! spent only in one region or on one kind of purchase (§5.2, 3–4), and debt or treaty points added to them
//! inherit that restriction.

use std::fmt;

use imperia_core::words;
use serde::{Deserialize, Serialize};

use crate::content::{Content, Power, Region, SpaceId, SpaceKind};
use crate::state::ImperialStruggle;

/// What a payment buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purchase {
    /// Place a flag on an empty market or political space (§5.4.1, §5.5.1).
    Flag(SpaceId),
    /// Remove an enemy flag from a market or political space.
    Unflag(SpaceId),
    /// Draw an event card (§5.5.3).
    DrawEvent,
    /// A bonus war tile (§5.6.1).
    BonusTile,
    RemoveConflict(SpaceId),
    BuildFort(SpaceId),
    RepairFort(SpaceId),
    TakeFort(SpaceId),
    BuildSquadron,
    /// Deploy a squadron to a naval space, onto an enemy one or not (§5.6.6).
    Deploy {
        to: SpaceId,
        onto_enemy: bool,
    },
    /// Round 6: military points into economic or diplomatic ones (§5.6.1).
    Convert,
    /// Jacobite Uprisings' second ability.
    JacobiteVp,
}

impl Purchase {
    pub fn space(self) -> Option<SpaceId> {
        match self {
            Purchase::Flag(s)
            | Purchase::Unflag(s)
            | Purchase::RemoveConflict(s)
            | Purchase::BuildFort(s)
            | Purchase::RepairFort(s)
            | Purchase::TakeFort(s)
            | Purchase::Deploy { to: s, .. } => Some(s),
            _ => None,
        }
    }

    /// The region the points are spent in, for the region-change cost (§5.3.4) and regional restrictions.
    pub fn region(self, c: &Content) -> Option<Region> {
        self.space().map(|s| c.space(s).region)
    }

    /// Whether the purchase takes an enemy flag or squadron off a space.
    pub fn removes_enemy(self) -> bool {
        matches!(self, Purchase::Unflag(_) | Purchase::TakeFort(_) | Purchase::Deploy { onto_enemy: true, .. })
    }
}

/// Groups of countries that restricted points may be spent in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Countries {
    /// The German States, Prussia and the Dutch Republic (Vatican Politics).
    Protestant,
    /// Spain and Austria (Pacte de Famille).
    SpainAustria,
    /// Scotland and Ireland (Papacy-Hanover Negotiations).
    ScotlandIreland,
}

impl Countries {
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Countries::Protestant => &["german_states", "prussia", "dutch_republic"],
            Countries::SpainAustria => &["spain", "austria"],
            Countries::ScotlandIreland => &["scotland", "ireland"],
        }
    }

    /// Whether `s` is a space of one of these countries in the content `c`.
    pub fn contains(self, c: &Content, s: SpaceId) -> bool {
        c.space(s).country.as_deref().is_some_and(|country| self.names().contains(&country))
    }

    fn describe(self) -> &'static str {
        match self {
            Countries::Protestant => "the German States, Prussia or the Dutch Republic",
            Countries::SpainAustria => "Spain or Austria",
            Countries::ScotlandIreland => "Scotland or Ireland",
        }
    }
}

/// What a pool's points may be spent on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    Any,
    /// Only in this region.
    Region(Region),
    /// Only to remove enemy flags in this region (Acts of Union).
    UnflagIn(Region),
    /// Only to remove enemy flags from markets (Calico Acts, Debt Crisis).
    UnflagMarkets,
    /// Only to flag empty markets next to one of this power's markets (Alberoni's Ambition).
    FlagMarketsNextTo(Power),
    /// Only on political spaces of these countries.
    In(Countries),
    /// Only to flag or unflag political spaces without prestige (Pitt the Elder).
    NonPrestigePolitical,
    /// Only on bonus war tiles or deploying squadrons (Choiseul).
    TilesOrDeploy,
}

impl Rule {
    /// Whether points under this rule may pay for `p`.
    pub fn permits(self, game: &ImperialStruggle, p: Purchase) -> bool {
        let c = &*game.content;
        let space = p.space().map(|s| c.space(s));
        match self {
            Rule::Any => true,
            Rule::Region(r) => p.region(c) == Some(r),
            Rule::UnflagIn(r) => matches!(p, Purchase::Unflag(_)) && p.region(c) == Some(r),
            Rule::UnflagMarkets => {
                matches!(p, Purchase::Unflag(_)) && space.is_some_and(|s| s.kind == SpaceKind::Market)
            }
            Rule::FlagMarketsNextTo(power) => match p {
                Purchase::Flag(s) => {
                    c.space(s).kind == SpaceKind::Market
                        && !c.masks.neighbours[s.index()].and(game.board.of(power)).and(c.masks.market).is_empty()
                }
                _ => false,
            },
            Rule::In(countries) => {
                matches!(p, Purchase::Flag(_) | Purchase::Unflag(_))
                    && p.space().is_some_and(|s| countries.contains(c, s))
            }
            Rule::NonPrestigePolitical => {
                matches!(p, Purchase::Flag(_) | Purchase::Unflag(_))
                    && space.is_some_and(|s| s.kind == SpaceKind::Political && !s.prestige)
            }
            Rule::TilesOrDeploy => matches!(p, Purchase::BonusTile | Purchase::Deploy { .. }),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Any => Ok(()),
            Rule::Region(r) => write!(f, "only in {r}"),
            Rule::UnflagIn(r) => write!(f, "only to unflag in {r}"),
            Rule::UnflagMarkets => f.write_str("only to unflag markets"),
            Rule::FlagMarketsNextTo(p) => write!(f, "only to flag markets next to {} market", words::a(p.adjective())),
            Rule::In(c) => write!(f, "only in {}", c.describe()),
            Rule::NonPrestigePolitical => f.write_str("only on political spaces without prestige"),
            Rule::TilesOrDeploy => f.write_str("only on bonus war tiles or deploying squadrons"),
        }
    }
}
