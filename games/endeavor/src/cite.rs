//! Where the rules are written, as a player reads the rulebook (seed 002, «Экспансия. Век паруса»,
//! ОСНОВНЫЕ ПРАВИЛА ИГРЫ). The rulebook numbers no sections, so each citation names its heading.

pub const SETUP_START: &str = "rulebook, setup З «Начальные здания»";
pub const ROUND: &str = "rulebook, «Процесс игры»";
pub const BUILD: &str = "rulebook, «1. Фаза строительства»";
pub const SALARY: &str = "rulebook, «3. Фаза жалования»";
pub const ACTIONS: &str = "rulebook, «4. Фаза действий»";
pub const ACTIVATE: &str = "rulebook, «Активация здания»";
pub const TOKEN: &str = "rulebook, «Трата жетона действия»";
pub const SHIP_TRACK: &str = "rulebook, Ship: «Шкала судоходства»";
pub const SHIP_FLEET: &str = "rulebook, Ship: «Ячейка флотилии»";
pub const SHIP_SEA: &str = "rulebook, Ship: «Область открытого моря»";
pub const OCCUPY: &str = "rulebook, «Захват»";
pub const ATTACK: &str = "rulebook, «Атака»";
pub const PAYMENT: &str = "rulebook, «Выплата»";
pub const DRAW: &str = "rulebook, «Добор»";
pub const MEMORIAL: &str = "rulebook, «Особые здания: мемориал»";
pub const DISCARD: &str = "rulebook, «5. Фаза сброса»";
pub const FLEET: &str = "rulebook, «Бесшумный флот»";
pub const SHORTAGE: &str = "rulebook, «Бесшумный флот»: «Нехватка стройматериалов»";
pub const END: &str = "rulebook, «Конец игры и итоговый подсчёт»";
