//! Where each rule is written: the seed file and the section of the Russian rulebook, for error messages
//! and comments.

pub const RONDEL: &str = "001_4621a29aba1ec181.txt, «Выбор деления на ронделе»";
pub const TURN: &str = "001_4621a29aba1ec181.txt, «Ход игры»";
pub const INVESTOR: &str = "001_4621a29aba1ec181.txt, «Инвестор (Investor)»";
pub const FACTORY: &str = "001_4621a29aba1ec181.txt, «Фабрики (Factory)»";
pub const PRODUCTION: &str = "001_4621a29aba1ec181.txt, «Производство (Production)»";
pub const IMPORT: &str = "001_4621a29aba1ec181.txt, «Импорт (Import)»";
pub const FLEETS: &str = "001_4621a29aba1ec181.txt, «Маневры», 1. Корабли";
pub const ARMIES: &str = "001_4621a29aba1ec181.txt, «Маневры», 2. Армии";
pub const BATTLE: &str = "001_4621a29aba1ec181.txt, «Маневры», битвы; ЧЗВ «Когда нация может развязать бой?»";
pub const HOME_PROVINCES: &str = "001_4621a29aba1ec181.txt, «Маневры», «Провинции Великих Держав»";
pub const DESTROY_FACTORY: &str = "001_4621a29aba1ec181.txt, «Маневры», «Уничтожение фабрики»";
pub const FLAGS: &str = "001_4621a29aba1ec181.txt, «Маневры», 3. Флаги";
