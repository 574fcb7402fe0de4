//! The tax chart («Налогообложение»).
//!
//! The printed chart is cut off after 12 and its bonus row is one cell short (it shows 2 at a tax of 8,
//! where the text and the USA example give 1). We use the chart as the text describes it — bonus 1 from
//! 6, 2 from 10, one more for each further printed column pair — extended to 23 the way every public
//! transcription has it (reference §1.5); the rulebook's tip «3 factories and 12 flags (tax 18) give 10
//! points» agrees. See docs/rules/imperial2030.md, «Tax chart».

/// Tax is capped at 23: 4 factories × 2 + 15 flags.
pub const MAX_TAX: u8 = 23;

/// The chart's columns: the lowest tax of each column.
const COLUMNS: [u8; 11] = [0, 6, 8, 10, 11, 12, 13, 14, 15, 16, 18];
/// Success bonus per column (middle row).
const BONUS: [u8; 11] = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
/// Power gained per column (bottom row).
const POWER: [u8; 11] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/// The column a tax falls in: the rightmost column not above it («use the lower column», quick start R4).
pub fn column(tax: u8) -> u8 {
    COLUMNS.iter().rposition(|&c| c <= tax).unwrap_or(0) as u8
}

/// The success bonus for a tax.
pub fn bonus(tax: u8) -> u8 {
    BONUS[column(tax) as usize]
}

/// The power a tax earns.
pub fn power(tax: u8) -> u8 {
    POWER[column(tax) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_matches_the_rulebook() {
        // Ruling I1 (the tax chart).
        // «Налогообложение», example: tax 11 gives bonus 2 and +4 power.
        assert_eq!((bonus(11), power(11)), (2, 4));
        // Quick start: tax 6 → bonus 1, +1; tax 9 uses the 8 column → bonus 1, +2; tax 10 → 2, +3; tax 4 → 0.
        assert_eq!((bonus(6), power(6)), (1, 1));
        assert_eq!((bonus(9), power(9)), (1, 2));
        assert_eq!((bonus(10), power(10)), (2, 3));
        assert_eq!((bonus(4), power(4)), (0, 0));
        // «Стратегические советы»: 3 factories + 12 flags = 18 → 10 power.
        assert_eq!(power(18), 10);
        assert_eq!(power(MAX_TAX), 10);
        // Tax-increase variant example: 6 → 12 moves the marker 4 columns (6→8→10→11→12).
        assert_eq!(column(12) - column(6), 4);
    }
}
