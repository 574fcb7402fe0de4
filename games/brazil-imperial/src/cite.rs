//! Where the rules are written, as a player reads the rulebook (seed 003, «Бразилия»). The book numbers
//! no sections, so each citation names its heading (and page where the book's cross-references give one).

pub const SETUP: &str = "rulebook, «Подготовка к игре»";
pub const CAPITALS: &str = "rulebook, «Столицы», p.20";
pub const TURN: &str = "rulebook, «Ход игрока», p.9";
pub const ERA_TOKENS: &str = "rulebook, «Жетоны действий», p.9";
pub const SUPPLY: &str = "rulebook, «Личный запас»";
pub const PAYING: &str = "rulebook, «Коротко о правилах»";
pub const RECRUIT: &str = "rulebook, «Рекрутировать», p.10";
pub const OBTAIN: &str = "rulebook, «Получить», p.10";
pub const BUILD: &str = "rulebook, «Возвести», p.10";
pub const TERRAIN: &str = "rulebook, «Типы территорий», p.13";
pub const RENEW: &str = "rulebook, «Обновить», p.11";
pub const CRAFT: &str = "rulebook, «Изделия и улучшение ячеек действий», p.12";
pub const HARBOR: &str = "rulebook, «Гавань», p.11";
pub const MARKET: &str = "rulebook, «Рынок», p.11";
pub const MOVES: &str = "rulebook, «Дополнительные перемещения», p.11";
pub const UNITS: &str = "rulebook, «Военные отряды», p.18";
pub const BATTLE: &str = "rulebook, «Правила боя», p.18";
pub const BATTLE_CARDS: &str = "rulebook, «Карты боя», p.19";
pub const CAPTURE: &str = "rulebook, «Захваченные города и постройки», p.19";
pub const ADJACENT: &str = "rulebook, «Последствия боя…», adjacent attack";
pub const EXPLORATION: &str = "rulebook, «Жетоны исследования», p.17";
pub const PRIVILEGES: &str = "rulebook, «Карты привилегий», p.14";
pub const OPPORTUNITIES: &str = "rulebook, «Карты возможностей»";
pub const RULERS: &str = "rulebook, «Планшеты правителей», p.17";
pub const PALACES: &str = "rulebook, «Дворцы», p.20";
pub const GOALS: &str = "rulebook, «Эпохи и карты целей», p.21";
pub const END: &str = "rulebook, «Конец игры»";
pub const SOLO: &str = "rulebook, «Одиночный режим», p.22";
