//! Citations of the rulebook in refusals: every `RuleError` names the seed file and the section.

/// The rulebook's file name, as the seed directory holds it.
pub const SEED: &str = "000_55366d105f3a08b3.txt";

/// `section` of the rulebook, as cited in refusals: "seed 000_55366d105f3a08b3.txt §5.4.1".
pub fn rule(section: &str) -> String {
    format!("seed {SEED} {section}")
}
