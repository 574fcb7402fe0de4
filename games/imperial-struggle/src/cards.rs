//! The event cards (§3.4, §5.2): who may play which, when the bonus applies, and each card's effect as a
//! small rule function that queues the card's steps — the normal effect first, then the bonus (§5.2, 2).
//! The card texts, in our words, are in `data/cards.toml`; rulings on unclear cards are in
//! docs/rules/imperial-struggle.md («Event cards»).

use crate::cite::{Arg, Refusal, sec};
use crate::content::{ApKind, BonusCondition, Card, Commodity, Content, Power, Region, SpaceId, SpaceSet, Subregion};
use crate::event::Event;
use crate::ministries as m;
use crate::spend::{Countries, Rule};
use crate::state::{ImperialStruggle, Turn};
use crate::tasks::{Cause, Check, Effect, Filter, FlagIs, Isolation, Label, Opt, Pick, Task};

pub const CARNATIC_WAR: Card = Card(0);
pub const ACTS_OF_UNION: Card = Card(1);
pub const TROPICAL_DISEASES: Card = Card(2);
pub const SOUTH_SEA_SPECULATION: Card = Card(3);
pub const WAR_OF_JENKINS_EAR: Card = Card(4);
pub const NATIVE_AMERICAN_ALLIANCES: Card = Card(5);
pub const AUSTRO_SPANISH_RIVALRY: Card = Card(6);
pub const TAX_REFORM: Card = Card(7);
pub const GREAT_NORTHERN_WAR: Card = Card(8);
pub const VATICAN_POLITICS: Card = Card(9);
pub const CALICO_ACTS: Card = Card(10);
pub const MILITARY_SPENDING_OVERRUNS: Card = Card(11);
pub const ALBERONIS_AMBITION: Card = Card(12);
pub const FAMINE_IN_IRELAND: Card = Card(13);
pub const INTEREST_PAYMENTS: Card = Card(14);
pub const CARIBBEAN_SLAVE_UNREST: Card = Card(15);
pub const PACTE_DE_FAMILLE: Card = Card(16);
pub const BYNGS_TRIAL: Card = Card(17);
pub const LE_BEAU_MONDE: Card = Card(18);
pub const HYDER_ALI: Card = Card(19);
pub const CO_HONG_SYSTEM: Card = Card(20);
pub const CORSICAN_CRISIS: Card = Card(21);
pub const EUROPEAN_PANIC: Card = Card(22);
pub const WEST_AFRICAN_GOLD_MINING: Card = Card(23);
pub const WAR_OF_THE_QUADRUPLE_ALLIANCE: Card = Card(24);
pub const SALON_D_HERCULE: Card = Card(25);
pub const BENGAL_FAMINE: Card = Card(26);
pub const FATHER_LE_LOUTRE: Card = Card(27);
pub const WAR_OF_THE_POLISH_SUCCESSION: Card = Card(28);
pub const JONATHANS_COFFEE_HOUSE: Card = Card(29);
pub const NOOTKA_INCIDENT: Card = Card(30);
pub const HAITIAN_REVOLUTION: Card = Card(31);
pub const LOGE_DES_NEUF_SOEURS: Card = Card(32);
pub const LA_GABELLE: Card = Card(33);
pub const JESUIT_ABOLITION: Card = Card(34);
pub const WEALTH_OF_NATIONS: Card = Card(35);
pub const DEBT_CRISIS: Card = Card(36);
pub const EAST_ASIA_PIRACY: Card = Card(37);
pub const STAMP_ACT: Card = Card(38);
pub const FALKLANDS_CRISIS: Card = Card(39);
pub const COOK_AND_BOUGAINVILLE: Card = Card(40);

impl ImperialStruggle {
    /// §3.4.4, §5.2: whether the active power may play `card` now.
    pub(crate) fn check_event(&self, t: &Turn, card: Card) -> Result<(), Refusal> {
        let me = t.active;
        if !self.power(me).hand.contains(&card) {
            return Err(Refusal::new("{} is not in your hand", sec!("§5.2")).arg(Arg::Card(card)));
        }
        if !t.event_window || t.event.is_some() {
            return Err(Refusal::new(
                "an event is played once a turn, before any points are spent",
                sec!("§5.2, §5.3 game note"),
            ));
        }
        let tile = self.content.investments[t.tile.unwrap_or(0) as usize];
        if !tile.event && !self.condorcet_ready(me) {
            return Err(Refusal::new("your investment tile has no event symbol", sec!("§3.3, §5.2")));
        }
        if let Some(kind) = self.content.card(card).action
            && kind != tile.major
            && !(kind == ApKind::Economic && self.bank_of_england_ready(me) && tile.event)
        {
            return Err(Refusal::new("{} needs a tile whose major action is {}", sec!("§3.4.4"))
                .arg(Arg::Card(card))
                .arg(Arg::Kind(kind)));
        }
        Ok(())
    }

    fn condorcet_ready(&self, me: Power) -> bool {
        me == Power::France
            && self.power(me).slot(m::MARQUIS_DE_CONDORCET).is_some_and(|s| s.revealed && !s.exhausted[0])
    }

    fn bank_of_england_ready(&self, me: Power) -> bool {
        me == Power::Britain && self.power(me).slot(m::BANK_OF_ENGLAND).is_some_and(|s| s.revealed && !s.exhausted[1])
    }

    /// §5.2: check the bonus first, then queue the normal effect and the bonus; the card leaves the game.
    pub(crate) fn play_event(&mut self, card: Card, events: &mut Vec<Event>) {
        let Some(t) = self.turn_state() else { return };
        let me = t.active;
        let tile = self.content.investments[t.tile.unwrap_or(0) as usize];
        // Which exception let the card be played, if any, is used up.
        if !tile.event
            && let Some(s) = self.power_mut(me).slot_mut(m::MARQUIS_DE_CONDORCET)
        {
            s.exhausted[0] = true;
            events.push(Event::MinistryUsed { power: me, ministry: m::MARQUIS_DE_CONDORCET });
        }
        if self.content.card(card).action.is_some_and(|k| k != tile.major)
            && let Some(s) = self.power_mut(me).slot_mut(m::BANK_OF_ENGLAND)
        {
            s.exhausted[1] = true;
            events.push(Event::MinistryUsed { power: me, ministry: m::BANK_OF_ENGLAND });
        }
        let bonus = self.bonus_applies(me, card);
        self.power_mut(me).hand.retain(|&c| c != card);
        self.removed.push(card);
        events.push(Event::EventPlayed { power: me, card, bonus });
        if let Some(t) = self.turn_mut() {
            t.event = Some((card, bonus));
        }
        let (normal, extra) = effect(self, me, card);
        self.tasks.extend(normal);
        if bonus {
            self.tasks.extend(extra);
            if me == Power::France && self.power(me).has_revealed(m::LAVOISIER) {
                self.tasks.push_back(Task::Then(Effect::Lavoisier));
            }
        }
    }

    /// §3.4.3, §3.5.3: whether `power` meets `card`'s bonus condition now (a keyword counts only face up).
    pub fn bonus_applies(&self, power: Power, card: Card) -> bool {
        let opp = power.opponent();
        let (mine, theirs) = (self.power(power), self.power(opp));
        match self.content.card(card).bonus_if {
            None => false,
            Some(BonusCondition::Keyword(k)) => self.has_keyword(power, k),
            Some(BonusCondition::MoreAvailableDebt) => mine.available_debt() > theirs.available_debt(),
            Some(BonusCondition::ThreeMoreAvailableDebt) => mine.available_debt() >= theirs.available_debt() + 3,
            Some(BonusCondition::MoreBonusWarTiles) => self.bonus_tiles_on_mat(power) > self.bonus_tiles_on_mat(opp),
            Some(BonusCondition::PrestigeScotlandIreland) => {
                let s = Countries::ScotlandIreland;
                let c = &*self.content;
                let prestige: SpaceSet = c.masks.prestige.iter().filter(|&x| s.contains(c, x)).collect();
                let n = self.counted(prestige);
                n[power.index()] > n[opp.index()]
            }
            Some(BonusCondition::MediterraneanIntrigue) => {
                self.advantages[crate::advantages::MEDITERRANEAN_INTRIGUE.index()].holder == Some(power)
            }
        }
    }

    /// Whether `power` has a face-up ministry with keyword `k` (§3.5.3).
    pub fn has_keyword(&self, power: Power, k: crate::content::Keyword) -> bool {
        self.power(power).ministries.iter().any(|s| s.revealed && self.content.ministry(s.card).keywords.contains(&k))
    }
}

fn pick(who: Power, pick: Pick, filter: Filter, cause: Cause) -> Task {
    Task::Space { who, pick, filter, optional: false, cause }
}

fn may_pick(who: Power, pick: Pick, filter: Filter, cause: Cause) -> Task {
    Task::Space { who, pick, filter, optional: true, cause }
}

fn points(kind: ApKind, points: u8, rule: Rule) -> Task {
    Task::Then(Effect::Points { kind, points, rule })
}

fn vp(power: Power, amount: u8) -> Task {
    Task::Then(Effect::Vp { power, amount })
}

fn check(c: Check) -> Task {
    Task::Then(Effect::Check(c))
}

fn conflict(who: Power, mask: SpaceSet, cause: Cause) -> Task {
    pick(who, Pick::Conflict, Filter::new(mask, FlagIs::Any), cause)
}

/// The card's normal effect and its bonus, as task lists, for `me` (§5.2).
fn effect(game: &ImperialStruggle, me: Power, card: Card) -> (Vec<Task>, Vec<Task>) {
    // The masks and lookups the effects are written with, over the game's content.
    let c = &*game.content;
    let region = |r: Region| c.masks.by_region[r.index()];
    let markets = || c.masks.market;
    let political = || c.masks.political;
    let commodity = |k: Commodity| c.masks.commodity[k.index()];
    let country = |name: &str| c.country(name);
    let named = |ids: &[&str]| -> SpaceSet { ids.iter().filter_map(|id| c.space_by_id(id)).collect() };
    let subregion = |sub: Subregion| -> SpaceSet {
        c.spaces.iter().enumerate().filter(|(_, s)| s.subregion == Some(sub)).map(|(i, _)| SpaceId(i as u8)).collect()
    };
    // The local alliances of a region.
    let local = |r: Region| c.masks.local_alliance.and(region(r));
    let opp = me.opponent();
    let cause = Cause::Event(card);
    let br = me == Power::Britain;
    match card {
        CARNATIC_WAR => {
            let alliances = game.counted(c.masks.local_alliance.and(region(Region::India)))[me.index()];
            let normal = (0..alliances).map(|_| conflict(me, region(Region::India), cause)).collect();
            let fort = Filter::new(c.masks.fort.and(region(Region::India)), FlagIs::Of(opp)).undamaged();
            let cotton = Filter::new(commodity(Commodity::Cotton).and(region(Region::India)), FlagIs::NotOwn(me));
            let bonus = vec![Task::Options {
                who: me,
                options: vec![
                    Opt { label: Label::DamageFort, then: vec![pick(me, Pick::DamageFort, fort, cause)] },
                    Opt { label: Label::ShiftCottonMarket, then: vec![pick(me, Pick::Shift, cotton, cause)] },
                ],
                cause,
            }];
            (normal, bonus)
        }
        ACTS_OF_UNION if br => (vec![points(ApKind::Diplomatic, 1, Rule::UnflagIn(Region::Europe))], vec![vp(me, 2)]),
        ACTS_OF_UNION => {
            let mask = political().and(region(Region::Europe)).without(country("spain")).without(country("austria"));
            (
                vec![points(ApKind::Diplomatic, 2, Rule::Any)],
                vec![pick(me, Pick::Unflag, Filter::new(mask, FlagIs::EnemyOf(me)), cause)],
            )
        }
        TROPICAL_DISEASES => {
            let carib = markets().and(region(Region::Caribbean));
            (
                vec![
                    pick(me, Pick::Unflag, Filter::new(carib, FlagIs::EnemyOf(me)), cause),
                    pick(me, Pick::RemoveFlag, Filter::new(carib, FlagIs::Of(me)), cause),
                ],
                // The bonus takes a second enemy flag, never one's own (reference errata, 2026-11).
                vec![pick(me, Pick::Unflag, Filter::new(carib, FlagIs::EnemyOf(me)), cause)],
            )
        }
        SOUTH_SEA_SPECULATION => (
            vec![pick(
                me,
                Pick::Unflag,
                Filter::new(markets(), FlagIs::EnemyOf(me)).isolation(Isolation::Forbid),
                cause,
            )],
            vec![Task::Then(Effect::SquadronDiscount(2))],
        ),
        WAR_OF_JENKINS_EAR if br => (
            vec![Task::Then(Effect::ReduceDebt { power: me, amount: 2 })],
            vec![Task::Then(Effect::Debt { power: opp, amount: 1 })],
        ),
        WAR_OF_JENKINS_EAR => (
            vec![pick(
                me,
                Pick::Conflict,
                Filter::new(markets().and(region(Region::Caribbean)), FlagIs::Of(opp)),
                cause,
            )],
            // Diplomatic, as the public module's corrected text of March 2026 has it (reference errata).
            vec![points(ApKind::Diplomatic, 1, Rule::Any)],
        ),
        NATIVE_AMERICAN_ALLIANCES if br => (
            vec![pick(me, Pick::Shift, Filter::new(local(Region::NorthAmerica), FlagIs::NotOwn(me)), cause)],
            vec![Task::FreeAdvantage { who: me, region: Some(Region::NorthAmerica), cause }],
        ),
        NATIVE_AMERICAN_ALLIANCES => (
            vec![points(ApKind::Economic, 2, Rule::Region(Region::NorthAmerica))],
            vec![pick(me, Pick::Unflag, Filter::new(local(Region::NorthAmerica), FlagIs::EnemyOf(me)), cause)],
        ),
        AUSTRO_SPANISH_RIVALRY if br => {
            (vec![conflict(me, country("spain"), cause)], vec![Task::RemoveEnemyBonus { who: me }])
        }
        AUSTRO_SPANISH_RIVALRY => (
            vec![pick(me, Pick::Unflag, Filter::new(country("dutch_republic"), FlagIs::EnemyOf(me)), cause)],
            vec![Task::Options {
                who: me,
                options: [ApKind::Diplomatic, ApKind::Economic]
                    .into_iter()
                    .map(|kind| {
                        let rule = Rule::Region(Region::India);
                        Opt { label: Label::Points { kind, points: 2, rule }, then: vec![points(kind, 2, rule)] }
                    })
                    .collect(),
                cause,
            }],
        ),
        TAX_REFORM => {
            let bonus = game.bonus_applies(me, card);
            (vec![Task::Then(Effect::ReduceDebtOrPoints { amount: 2 + u8::from(bonus) })], Vec::new())
        }
        GREAT_NORTHERN_WAR if br => (
            vec![
                pick(me, Pick::Shift, Filter::new(country("german_states"), FlagIs::NotOwn(me)), cause),
                check(Check::GermanStatesBritish),
            ],
            vec![points(ApKind::Diplomatic, 1, Rule::Any)],
        ),
        GREAT_NORTHERN_WAR => (vec![check(Check::RussiaForFrance)], vec![points(ApKind::Diplomatic, 1, Rule::Any)]),
        VATICAN_POLITICS if br => (
            vec![points(ApKind::Diplomatic, 2, Rule::In(Countries::Protestant))],
            vec![points(ApKind::Diplomatic, 1, Rule::Region(Region::Europe))],
        ),
        VATICAN_POLITICS => (
            vec![pick(
                me,
                Pick::Shift,
                Filter::new(country("spain").or(country("austria")), FlagIs::NotOwn(me)),
                cause,
            )],
            vec![check(Check::NoBritishInSpainAustria)],
        ),
        CALICO_ACTS if br => (
            vec![points(ApKind::Economic, 2, Rule::UnflagMarkets)],
            vec![Task::Options {
                who: me,
                options: vec![
                    Opt { label: Label::ScoreCotton, then: vec![Task::Then(Effect::ScoreDemand(Commodity::Cotton))] },
                    Opt { label: Label::DoNotScore, then: Vec::new() },
                ],
                cause,
            }],
        ),
        CALICO_ACTS => (
            vec![pick(me, Pick::Unflag, Filter::new(commodity(Commodity::Cotton), FlagIs::Of(opp)), cause)],
            vec![pick(me, Pick::SquadronToBox, Filter::new(c.masks.naval, FlagIs::Of(opp)), cause)],
        ),
        MILITARY_SPENDING_OVERRUNS => (vec![overrun(c, opp, cause)], vec![overrun(c, opp, cause)]),
        ALBERONIS_AMBITION if br => (
            vec![points(ApKind::Economic, 2, Rule::FlagMarketsNextTo(me))],
            vec![points(ApKind::Economic, 1, Rule::FlagMarketsNextTo(me))],
        ),
        ALBERONIS_AMBITION => {
            let alliances = c.masks.alliance.and(country("austria").or(country("dutch_republic")).or(country("spain")));
            (
                vec![pick(me, Pick::Shift, Filter::new(alliances, FlagIs::NotOwn(me)), cause)],
                vec![check(Check::SavoySardinia)],
            )
        }
        FAMINE_IN_IRELAND if br => (
            vec![pick(
                me,
                Pick::Unflag,
                Filter::new(country("ireland").or(country("scotland")), FlagIs::Of(opp)),
                cause,
            )],
            Vec::new(),
        ),
        FAMINE_IN_IRELAND => (vec![check(Check::FamineInIreland)], Vec::new()),
        INTEREST_PAYMENTS => (
            vec![check(Check::InterestPayments { power: me })],
            vec![Task::Then(Effect::ReduceDebt { power: me, amount: 2 })],
        ),
        CARIBBEAN_SLAVE_UNREST => {
            let mask = markets().and(region(Region::Caribbean));
            (vec![conflict(me, mask, cause)], vec![conflict(me, mask, cause)])
        }
        PACTE_DE_FAMILLE if br => (vec![Task::Then(Effect::Pacte)], vec![points(ApKind::Diplomatic, 1, Rule::Any)]),
        PACTE_DE_FAMILLE => (
            vec![Task::RefreshAdvantages { who: me, left: 2 }],
            vec![points(ApKind::Diplomatic, 2, Rule::In(Countries::SpainAustria))],
        ),
        BYNGS_TRIAL if br => (vec![Task::PlaceByng { who: me }], Vec::new()),
        BYNGS_TRIAL => {
            (vec![pick(me, Pick::SquadronToBrig, Filter::new(c.masks.naval, FlagIs::Of(opp)), cause)], Vec::new())
        }
        LE_BEAU_MONDE if br => {
            let mut options: Vec<Opt> = [Commodity::Furs, Commodity::Cotton]
                .into_iter()
                .filter(|c| !game.demand.contains(c))
                .map(|c| Opt { label: Label::Demand(c), then: vec![Task::Then(Effect::AddDemand(c))] })
                .collect();
            options.push(Opt { label: Label::NoDemand, then: Vec::new() });
            (vec![Task::Options { who: me, options, cause }], vec![points(ApKind::Economic, 1, Rule::Any)])
        }
        LE_BEAU_MONDE => (
            vec![points(ApKind::Diplomatic, 1, Rule::Region(Region::Europe))],
            vec![points(ApKind::Diplomatic, 2, Rule::Region(Region::Europe))],
        ),
        HYDER_ALI => {
            let india = region(Region::India);
            let take = Filter::new(political().and(india), FlagIs::NotOwn(me));
            let mark = Filter::new(political().or(markets()).and(india), FlagIs::Any).unprotected();
            (
                vec![Task::Options {
                    who: me,
                    options: vec![
                        Opt { label: Label::TakeLocalAlliance, then: vec![pick(me, Pick::TakeControl, take, cause)] },
                        Opt {
                            label: Label::TwoConflicts,
                            then: vec![pick(me, Pick::Conflict, mark, cause), pick(me, Pick::Conflict, mark, cause)],
                        },
                    ],
                    cause,
                }],
                vec![points(ApKind::Economic, 2, Rule::Region(Region::India))],
            )
        }
        CO_HONG_SYSTEM => (
            vec![Task::Then(Effect::CoHong { who: me })],
            vec![points(ApKind::Economic, 2, Rule::Region(Region::India))],
        ),
        CORSICAN_CRISIS if br => (
            vec![pick(me, Pick::Shift, Filter::new(named(&["sardinia", "savoy"]), FlagIs::NotOwn(me)), cause)],
            vec![check(Check::NoFrenchSquadronInEurope)],
        ),
        CORSICAN_CRISIS => (
            vec![pick(me, Pick::Unflag, Filter::new(political().and(region(Region::Europe)), FlagIs::Of(opp)), cause)],
            vec![check(Check::NoBritishInSpain)],
        ),
        EUROPEAN_PANIC => (
            vec![check(Check::EuropeanPanic { power: me })],
            vec![pick(
                me,
                Pick::Unflag,
                Filter::new(political().and(region(Region::Europe)), FlagIs::EnemyOf(me)),
                cause,
            )],
        ),
        WEST_AFRICAN_GOLD_MINING => (
            vec![points(ApKind::Economic, 1, Rule::Any)],
            vec![points(ApKind::Economic, 2, Rule::Region(Region::Caribbean))],
        ),
        WAR_OF_THE_QUADRUPLE_ALLIANCE if br => {
            let pay = Task::Options {
                who: me,
                options: vec![
                    Opt { label: Label::TakeDebt, then: vec![Task::Then(Effect::Debt { power: me, amount: 1 })] },
                    Opt {
                        label: Label::LoseTreatyPoint,
                        then: vec![Task::Then(Effect::LoseTrp { power: me, amount: 1 })],
                    },
                ],
                cause,
            };
            (
                vec![Task::Then(Effect::QuadrupleAlliance)],
                vec![Task::Then(Effect::BuildThen { power: me, pay: Box::new(pay) })],
            )
        }
        WAR_OF_THE_QUADRUPLE_ALLIANCE => (
            vec![pick(me, Pick::Shift, Filter::new(country("spain"), FlagIs::NotOwn(me)), cause)],
            vec![points(ApKind::Diplomatic, 1, Rule::Any)],
        ),
        SALON_D_HERCULE if br => (
            vec![Task::Then(Effect::Debt { power: opp, amount: 1 })],
            vec![Task::Then(Effect::Debt { power: opp, amount: 2 })],
        ),
        SALON_D_HERCULE => (
            vec![points(ApKind::Diplomatic, 2, Rule::Region(Region::Europe))],
            vec![points(ApKind::Diplomatic, 2, Rule::Region(Region::Europe))],
        ),
        BENGAL_FAMINE => {
            let mask = political().or(markets()).and(region(Region::India));
            let f = Filter::new(mask, FlagIs::Any);
            (vec![may_pick(me, Pick::Conflict, f, cause), may_pick(me, Pick::Conflict, f, cause)], Vec::new())
        }
        FATHER_LE_LOUTRE if br => (
            vec![conflict(me, commodity(Commodity::Fish), cause)],
            vec![points(ApKind::Military, 2, Rule::Region(Region::NorthAmerica))],
        ),
        FATHER_LE_LOUTRE => (
            vec![pick(me, Pick::Conflict, Filter::new(markets(), FlagIs::Of(opp)), cause)],
            vec![points(ApKind::Economic, 2, Rule::Region(Region::NorthAmerica))],
        ),
        WAR_OF_THE_POLISH_SUCCESSION if br => (
            vec![Task::Then(Effect::Trp { power: me, amount: 2 })],
            vec![pick(me, Pick::Shift, Filter::new(named(&["russia"]), FlagIs::NotOwn(me)), cause)],
        ),
        WAR_OF_THE_POLISH_SUCCESSION => (
            vec![vp(me, 2)],
            vec![pick(me, Pick::Shift, Filter::new(named(&["russia", "sweden"]), FlagIs::NotOwn(me)), cause)],
        ),
        JONATHANS_COFFEE_HOUSE => (
            vec![points(ApKind::Economic, 2, Rule::Any)],
            vec![points(ApKind::Economic, 1, Rule::Any), Task::Then(Effect::ReduceDebt { power: me, amount: 1 })],
        ),
        NOOTKA_INCIDENT if br => (
            vec![Task::Options {
                who: me,
                options: [ApKind::Diplomatic, ApKind::Economic]
                    .into_iter()
                    .map(|kind| Opt {
                        label: Label::Points { kind, points: 2, rule: Rule::Any },
                        then: vec![points(kind, 2, Rule::Any)],
                    })
                    .collect(),
                cause,
            }],
            vec![check(Check::NootkaSpain)],
        ),
        NOOTKA_INCIDENT => (
            vec![pick(me, Pick::SquadronToBox, Filter::new(c.masks.naval, FlagIs::Of(opp)), cause)],
            vec![Task::Then(Effect::FreeSquadron { power: me })],
        ),
        HAITIAN_REVOLUTION => {
            let f = Filter::new(commodity(Commodity::Sugar).and(region(Region::Caribbean)), FlagIs::Any);
            (
                vec![pick(me, Pick::ConflictPlus, f, cause)],
                vec![pick(me, Pick::ConflictPlus, f, cause), pick(me, Pick::ConflictPlus, f, cause)],
            )
        }
        LOGE_DES_NEUF_SOEURS if br => (
            vec![conflict(me, political().or(markets()).and(subregion(Subregion::NorthernColonies)), cause)],
            vec![check(Check::MoreBritishInNorthAmerica)],
        ),
        LOGE_DES_NEUF_SOEURS => {
            (vec![Task::FreeAdvantage { who: me, region: None, cause }], vec![points(ApKind::Diplomatic, 2, Rule::Any)])
        }
        LA_GABELLE if br => {
            (vec![Task::ExhaustAdvantages { who: me, left: 2 }], vec![points(ApKind::Economic, 2, Rule::Any)])
        }
        LA_GABELLE => (vec![points(ApKind::Economic, 2, Rule::Any)], vec![check(Check::LaGabelle)]),
        JESUIT_ABOLITION if br => (
            vec![pick(me, Pick::Unflag, Filter::new(commodity(Commodity::Sugar), FlagIs::Of(opp)), cause)],
            vec![points(ApKind::Economic, 3, Rule::Region(Region::Caribbean))],
        ),
        JESUIT_ABOLITION => (vec![Task::Then(Effect::ReduceDebt { power: me, amount: 2 })], vec![vp(me, 2)]),
        WEALTH_OF_NATIONS => (
            vec![Task::Then(Effect::ReduceDebt { power: me, amount: 2 })],
            vec![points(ApKind::Economic, 3, Rule::Any)],
        ),
        DEBT_CRISIS => (vec![check(Check::DebtCrisis { power: me })], vec![vp(me, 2)]),
        EAST_ASIA_PIRACY => (vec![check(Check::EastAsiaPiracy { power: me })], Vec::new()),
        STAMP_ACT if br => (
            vec![Task::Then(Effect::ReduceDebt { power: me, amount: 2 })],
            vec![points(ApKind::Economic, 2, Rule::Any)],
        ),
        STAMP_ACT => {
            let mask = political().or(markets()).and(subregion(Subregion::NorthernColonies));
            (vec![conflict(me, mask, cause)], vec![conflict(me, mask, cause), conflict(me, mask, cause)])
        }
        FALKLANDS_CRISIS if br => (
            vec![check(Check::BritishInSpain)],
            vec![pick(me, Pick::Unflag, Filter::new(country("spain"), FlagIs::Of(opp)), cause)],
        ),
        FALKLANDS_CRISIS => (
            vec![check(Check::FalklandsPoints)],
            vec![pick(me, Pick::SquadronForGood, Filter::new(c.masks.naval, FlagIs::Of(opp)), cause)],
        ),
        COOK_AND_BOUGAINVILLE if br => {
            (vec![check(Check::CookPoints)], vec![Task::Then(Effect::DrawBonus { who: me, cause })])
        }
        COOK_AND_BOUGAINVILLE => (
            vec![Task::Then(Effect::FreeSquadron { power: me })],
            vec![Task::Then(Effect::ReduceDebt { power: me, amount: 2 })],
        ),
        _ => (Vec::new(), Vec::new()),
    }
}

/// Military Spending Overruns: the opponent damages one of its forts, sends one of its squadrons home, or
/// returns one of its bonus tiles.
fn overrun(c: &Content, who: Power, cause: Cause) -> Task {
    Task::Options {
        who,
        options: vec![
            Opt {
                label: Label::OwnFortDamaged,
                then: vec![pick(who, Pick::DamageFort, Filter::new(c.masks.fort, FlagIs::Of(who)).undamaged(), cause)],
            },
            Opt {
                label: Label::OwnSquadronHome,
                then: vec![pick(who, Pick::SquadronToBox, Filter::new(c.masks.naval, FlagIs::Of(who)), cause)],
            },
            Opt { label: Label::OwnBonusTileBack, then: vec![Task::ReturnBonus { who }] },
        ],
        cause,
    }
}
