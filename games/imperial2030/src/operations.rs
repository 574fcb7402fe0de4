//! The rondel spaces that need no map movement: Factory, Production, Import and Taxation.

use imperia_core::RuleError;

use crate::action::Action;
use crate::board::{FactoryKind, Region, regions_in};
use crate::cite;
use crate::event::Event;
use crate::nation::UnitKind;
use crate::state::{Imperial2030, Phase, WINNING_POWER};
use crate::tax;

/// A factory costs 5 («Нация платит 5 миллионов в банк»).
pub const FACTORY_COST: i32 = 5;
/// Import: up to 3 pieces at 1 each.
pub const IMPORT_COST: i32 = 1;

fn unit_of(kind: FactoryKind) -> UnitKind {
    match kind {
        FactoryKind::Armaments => UnitKind::Army,
        FactoryKind::Shipyard => UnitKind::Fleet,
    }
}

impl Imperial2030 {
    /// Factory: the cities of the nation's home provinces without a factory and without a hostile army, if it
    /// can pay («Фабрики (Factory)»). The city's colour fixes the factory's kind.
    pub(crate) fn factory_sites(&self) -> Vec<Region> {
        let n = self.turn;
        if self.purse(n) < FACTORY_COST {
            return Vec::new();
        }
        regions_in(self.free_homes(n) & !self.factories).collect()
    }

    pub(crate) fn check_factory(&self, region: Region) -> Result<(), RuleError> {
        let n = self.turn;
        let message = if self.board.info(region).home != Some(n) {
            format!("{region} is not a home province of {n}")
        } else if self.has_factory(region) {
            format!("{region} already has a factory; each city holds one")
        } else if self.hostile_army_against(n, region) {
            format!("a hostile army stands in {region}")
        } else if self.purse(n) < FACTORY_COST {
            format!("{n} and its government together have less than {FACTORY_COST}")
        } else {
            return Ok(());
        };
        Err(RuleError::new(message, cite::FACTORY))
    }

    pub(crate) fn build_factory(&mut self, region: Region, events: &mut Vec<Event>) {
        let n = self.turn;
        let (from_treasury, from_player) = self.pay_from_purse(n, FACTORY_COST);
        self.factories |= region.bit();
        events.push(Event::FactoryBuilt { nation: n, region, from_treasury, from_player: Some(from_player) });
        self.end_action(events);
    }

    /// Production: every factory not blocked by a hostile army makes one piece of its kind, for free. When
    /// the supply cannot cover them all, the government chooses which factories produce («Исчерпанные
    /// фишки не могут быть выставлены», ЧЗВ).
    pub(crate) fn production(&mut self, events: &mut Vec<Event>) {
        let factories = self.unoccupied_factories(self.turn);
        self.continue_production(factories, events);
    }

    /// Factories still to produce that have a piece left to make.
    pub(crate) fn producible(&self, factories: u64) -> Vec<Region> {
        regions_in(factories).filter(|r| self.supply(self.turn, unit_of(self.factory_kind(*r))) > 0).collect()
    }

    fn factory_kind(&self, r: Region) -> FactoryKind {
        self.board.info(r).factory.unwrap_or(FactoryKind::Armaments)
    }

    /// Produce wherever the supply covers every factory of that kind; where it does not, leave the choice
    /// to the government.
    fn continue_production(&mut self, factories: u64, events: &mut Vec<Event>) {
        let n = self.turn;
        let open = self.producible(factories);
        let short = |kind: UnitKind| {
            open.iter().filter(|r| unit_of(self.factory_kind(**r)) == kind).count() as u8 > self.supply(n, kind)
        };
        let (short_army, short_fleet) = (short(UnitKind::Army), short(UnitKind::Fleet));
        let mut contested = 0u64;
        for r in open {
            let kind_short = match unit_of(self.factory_kind(r)) {
                UnitKind::Army => short_army,
                UnitKind::Fleet => short_fleet,
            };
            if kind_short {
                contested |= r.bit();
            } else {
                self.produce_at(r, events);
            }
        }
        if contested == 0 {
            self.end_action(events);
        } else {
            self.phase = Phase::Production { factories: contested };
        }
    }

    fn produce_at(&mut self, r: Region, events: &mut Vec<Event>) {
        let n = self.turn;
        let unit = unit_of(self.factory_kind(r));
        let u = self.units_mut(r, n);
        match unit {
            UnitKind::Army => u.armies += 1,
            UnitKind::Fleet => u.fleets += 1,
        }
        events.push(Event::Produced { nation: n, region: r, unit });
    }

    pub(crate) fn produce_chosen(&mut self, r: Region, events: &mut Vec<Event>) {
        let Phase::Production { factories } = self.phase else {
            return;
        };
        self.produce_at(r, events);
        self.continue_production(factories & !r.bit(), events);
    }

    /// Import: armies into any home province free of hostile armies, fleets only into blue harbour cities;
    /// one from the treasury each, three at most («Импорт (Import)»).
    pub(crate) fn import_options(&self) -> Vec<Action> {
        let n = self.turn;
        let Phase::Import { left } = self.phase else {
            return Vec::new();
        };
        if left == 0 || self.purse(n) < IMPORT_COST {
            return Vec::new();
        }
        let homes = self.free_homes(n);
        let mut options = Vec::new();
        for region in regions_in(homes) {
            if self.supply(n, UnitKind::Army) > 0 {
                options.push(Action::Import { unit: UnitKind::Army, region });
            }
            if self.supply(n, UnitKind::Fleet) > 0 && self.board.info(region).factory == Some(FactoryKind::Shipyard) {
                options.push(Action::Import { unit: UnitKind::Fleet, region });
            }
        }
        options
    }

    pub(crate) fn check_import(&self, unit: UnitKind, region: Region) -> Result<(), RuleError> {
        let n = self.turn;
        if self.import_options().contains(&Action::Import { unit, region }) {
            return Ok(());
        }
        let message = if self.board.info(region).home != Some(n) {
            format!("{region} is not a home province of {n}")
        } else if self.hostile_army_against(n, region) {
            format!("a hostile army blocks {region}")
        } else if unit == UnitKind::Fleet && self.board.info(region).factory != Some(FactoryKind::Shipyard) {
            format!("fleets can only be imported into blue harbour cities, and {region} is not one")
        } else if self.supply(n, unit) == 0 {
            format!("{n} has no {unit} left in its supply")
        } else {
            format!("{n} and its government cannot pay {IMPORT_COST} more")
        };
        Err(RuleError::new(message, cite::IMPORT))
    }

    pub(crate) fn import(&mut self, unit: UnitKind, region: Region, events: &mut Vec<Event>) {
        let n = self.turn;
        let (from_treasury, from_player) = self.pay_from_purse(n, IMPORT_COST);
        let u = self.units_mut(region, n);
        match unit {
            UnitKind::Army => u.armies += 1,
            UnitKind::Fleet => u.fleets += 1,
        }
        events.push(Event::Imported { nation: n, region, unit, from_treasury, from_player: Some(from_player) });
        if let Phase::Import { left } = &mut self.phase {
            *left -= 1;
        }
        if self.import_options().is_empty() {
            self.end_action(events);
        }
    }

    /// Taxation («Налогообложение»): tax from the bank, upkeep to the bank, the success bonus from the
    /// treasury to the government player, power from the gross tax. 25 power ends the game at once.
    pub(crate) fn taxation(&mut self, events: &mut Vec<Event>) {
        let n = self.turn;
        let factories = self.unoccupied_factories(n).count_ones() as u8;
        let tax = (2 * factories + self.flags_placed(n)).min(tax::MAX_TAX);
        self.bank_to_treasury(n, i32::from(tax));
        let pieces: i32 = self.board.all().map(|r| i32::from(self.units(r, n).armies + self.units(r, n).fleets)).sum();
        let upkeep = pieces.min(self.nation(n).treasury);
        self.treasury_to_bank(n, upkeep);
        let earned = if self.config.tax_increase_bonus {
            // «За каждое деление, на которое маркер продвинулся вправо, правительство получает бонус в 1
            // миллион»; moving left costs nothing.
            let column = tax::column(tax);
            let gained = column.saturating_sub(self.nation(n).tax_column);
            self.nation_mut(n).tax_column = column;
            gained
        } else {
            tax::bonus(tax)
        };
        let bonus = i32::from(earned).min(self.nation(n).treasury);
        if let Some(gov) = self.government(n) {
            self.treasury_to_cash(n, gov, bonus);
        }
        let power_gained = tax::power(tax);
        let power = (self.nation(n).power + power_gained).min(WINNING_POWER);
        self.nation_mut(n).power = power;
        events.push(Event::Taxed { nation: n, tax, upkeep, bonus: Some(bonus), power_gained, power });
        if power >= WINNING_POWER {
            self.winner_nation = Some(n);
            self.phase = Phase::GameOver;
            events.push(Event::GameOver { nation: n });
            return;
        }
        self.end_action(events);
    }
}
