//! Action numbers: every game's actions on a fixed integer line, for OpenSpiel and learning code, which want
//! one action space per game and the same number for the same action in every state where it is legal.
//!
//! A game lays its actions out as a list of **kinds** ([`ActionNumbering`]), each kind a fixed list of
//! fields with a radix (how many values the field can take): "Build" has one field, a building, whose radix
//! is the number of buildings in the content. The kinds take consecutive blocks of numbers in the order
//! listed, and inside a block an action's fields are mixed-radix digits, the first field the most
//! significant. So the space grows with the content (a map with more spaces numbers more moves) and never
//! with the state: [`crate::Game::action_space`] is the layout's size.
//!
//! A field with no small fixed universe (Imperial 2030's convoy path, a Virgin Queen clause) is numbered by
//! its **rank**: its place among the state's legal actions that share every other field, with a documented
//! maximum as radix ([`rank_among`]). Such numbers are stable only within one state; the conformance
//! harness (check 11) proves the maximum holds in every state it visits.
//!
//! A game writes two small functions, from an action to its kind and digits and back; the layout does the
//! offsets, the bounds and the documentation table ([`ActionNumbering::table`]), and the harness checks the
//! two functions against each other.

use std::fmt::Write;

/// The most fields one kind may have.
pub const MAX_FIELDS: usize = 6;

/// One kind of action: its name, and its fields with their radices.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Kind {
    name: &'static str,
    fields: [(&'static str, usize); MAX_FIELDS],
    arity: usize,
    offset: usize,
    count: usize,
}

impl Kind {
    fn fields(&self) -> &[(&'static str, usize)] {
        &self.fields[..self.arity]
    }
}

/// How a game's actions are laid out on its number line (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionNumbering {
    kinds: Vec<Kind>,
    size: usize,
}

/// A number read back: the kind it names and its digits (one per field, then zeros).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub kind: &'static str,
    pub digits: [usize; MAX_FIELDS],
}

impl ActionNumbering {
    /// An empty layout, to which [`ActionNumbering::kind`] adds kinds in order.
    pub fn new() -> Self {
        Self::default()
    }

    /// This layout with one more kind after the others: `fields` are (name, radix) pairs, the first the
    /// most significant. A field of radix 0 (no building in the content) leaves the kind without numbers.
    ///
    /// # Panics
    /// With more than [`MAX_FIELDS`] fields or a name already used: a mistake in the game's code, which its
    /// first test shows.
    pub fn kind(mut self, name: &'static str, fields: &[(&'static str, usize)]) -> Self {
        assert!(fields.len() <= MAX_FIELDS, "kind `{name}` has more than {MAX_FIELDS} fields");
        assert!(self.find(name).is_none(), "kind `{name}` is listed twice");
        let mut kind = Kind { name, fields: [("", 0); MAX_FIELDS], arity: fields.len(), offset: self.size, count: 1 };
        kind.fields[..fields.len()].copy_from_slice(fields);
        kind.count = fields.iter().map(|f| f.1).product();
        self.size += kind.count;
        self.kinds.push(kind);
        self
    }

    /// How many numbers the layout has: the action space.
    pub fn size(&self) -> usize {
        self.size
    }

    fn find(&self, name: &str) -> Option<&Kind> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// The number of the action of kind `kind` with these digits (one per field); `None` for a kind not in
    /// the layout, a wrong number of digits or a digit not below its field's radix.
    pub fn encode(&self, kind: &str, digits: &[usize]) -> Option<usize> {
        let kind = self.find(kind)?;
        if digits.len() != kind.arity {
            return None;
        }
        let mut within = 0;
        for (&digit, &(_, radix)) in digits.iter().zip(kind.fields()) {
            if digit >= radix {
                return None;
            }
            within = within * radix + digit;
        }
        Some(kind.offset + within)
    }

    /// The kind and digits `number` stands for; `None` at or past [`ActionNumbering::size`].
    pub fn decode(&self, number: usize) -> Option<Decoded> {
        // Kinds are few (a few dozen at most) and in offset order.
        let kind = self.kinds.iter().find(|k| number >= k.offset && number < k.offset + k.count)?;
        let mut rest = number - kind.offset;
        let mut digits = [0; MAX_FIELDS];
        for (i, &(_, radix)) in kind.fields().iter().enumerate().rev() {
            digits[i] = rest % radix;
            rest /= radix;
        }
        Some(Decoded { kind: kind.name, digits })
    }

    /// The layout as a Markdown table (kind, first number, fields with radices, count), for
    /// `docs/action-numbers.md`.
    pub fn table(&self) -> String {
        let mut out = String::from("| kind | numbers | fields (radix) | count |\n|---|---|---|---|\n");
        for k in &self.kinds {
            let fields: Vec<String> = k.fields().iter().map(|(name, radix)| format!("{name} ({radix})")).collect();
            let fields = if fields.is_empty() { "—".to_string() } else { fields.join(" × ") };
            let numbers = match k.count {
                0 => "—".to_string(),
                1 => k.offset.to_string(),
                n => format!("{}–{}", k.offset, k.offset + n - 1),
            };
            let _ = writeln!(out, "| {} | {numbers} | {fields} | {} |", k.name, k.count);
        }
        let _ = writeln!(out, "| **total** | | | **{}** |", self.size);
        out
    }
}

/// The digit of an optional field: 0 for none, else 1 + the value's digit (so its radix is the value's + 1).
pub fn optional(digit: Option<usize>) -> usize {
    digit.map_or(0, |d| d + 1)
}

/// The value's digit an [`optional`] digit holds, if any.
pub fn unoptional(digit: usize) -> Option<usize> {
    digit.checked_sub(1)
}

/// The numbers of a seat's legal actions, ascending, from each action's number ([`crate::Game::legal_numbers`]);
/// an action without one is left out, which conformance check 11 forbids.
pub fn ascending(numbers: impl Iterator<Item = Option<usize>>) -> Vec<usize> {
    let mut numbers: Vec<usize> = numbers.flatten().collect();
    numbers.sort_unstable();
    numbers
}

/// The rank of `action` among the actions of `legal` that `same` says share its other fields, in the order
/// listed: the digit of a composite field ([`ActionNumbering`], module documentation). `None` if `action`
/// is not listed.
pub fn rank_among<A: PartialEq>(legal: &[A], action: &A, same: impl Fn(&A) -> bool) -> Option<usize> {
    legal.iter().filter(|a| same(a)).position(|a| a == action)
}

/// The action of `legal` whose rank among those `same` accepts is `rank`: the inverse of [`rank_among`].
pub fn nth_among<A: Clone>(legal: &[A], rank: usize, same: impl Fn(&A) -> bool) -> Option<A> {
    legal.iter().filter(|a| same(a)).nth(rank).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> ActionNumbering {
        ActionNumbering::new()
            .kind("pass", &[])
            .kind("move", &[("from", 3), ("to", 4)])
            .kind("none", &[("card", 0)])
            .kind("build", &[("building", 5)])
    }

    #[test]
    fn kinds_take_consecutive_blocks_of_mixed_radix_digits() {
        let n = layout();
        assert_eq!(n.size(), 18, "pass, 12 moves, no card, 5 buildings");
        assert_eq!(n.encode("pass", &[]), Some(0));
        assert_eq!(n.encode("move", &[0, 0]), Some(1));
        assert_eq!(n.encode("move", &[2, 3]), Some(12));
        assert_eq!(n.encode("build", &[4]), Some(17));
        for number in 0..n.size() {
            let d = n.decode(number).expect("in range");
            let arity = match d.kind {
                "move" => 2,
                "build" => 1,
                _ => 0,
            };
            assert_eq!(n.encode(d.kind, &d.digits[..arity]), Some(number), "{d:?}");
        }
        assert_eq!(n.decode(n.size()), None);
    }

    #[test]
    fn what_has_no_number_is_refused() {
        let n = layout();
        assert_eq!(n.encode("move", &[3, 0]), None, "a digit at its radix");
        assert_eq!(n.encode("move", &[1]), None, "too few digits");
        assert_eq!(n.encode("none", &[0]), None, "an empty field");
        assert_eq!(n.encode("fly", &[]), None, "an unknown kind");
    }

    #[test]
    fn the_table_lists_every_kind() {
        let table = layout().table();
        assert!(table.contains("| move | 1–12 | from (3) × to (4) | 12 |"), "{table}");
        assert!(table.contains("| pass | 0 | — | 1 |"), "{table}");
        assert!(table.contains("| none | — | card (0) | 0 |"), "{table}");
        assert!(table.contains("**18**"), "{table}");
    }

    #[test]
    fn ranks_count_only_the_actions_sharing_the_other_fields() {
        let legal = [(1, 'a'), (2, 'b'), (1, 'c'), (1, 'd')];
        assert_eq!(rank_among(&legal, &(1, 'c'), |a| a.0 == 1), Some(1));
        assert_eq!(nth_among(&legal, 1, |a| a.0 == 1), Some((1, 'c')));
        assert_eq!(rank_among(&legal, &(2, 'c'), |a| a.0 == 2), None);
        assert_eq!(nth_among(&legal, 3, |a| a.0 == 1), None);
    }

    #[test]
    fn an_optional_field_keeps_zero_for_none() {
        assert_eq!((optional(None), optional(Some(0)), optional(Some(4))), (0, 1, 5));
        assert_eq!((unoptional(0), unoptional(1), unoptional(5)), (None, Some(0), Some(4)));
    }
}
