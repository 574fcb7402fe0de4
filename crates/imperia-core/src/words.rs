//! English for messages: counts with the right plural, nouns with the right article.
//!
//! Every game writes its prompts, labels and events through these, so that a player reads "1 space" and
//! "2 spaces", "an armaments factory" and "a India fleet" never appears. Only what the games' vocabulary
//! needs is handled: regular plurals, the few irregular ones passed in by the caller, and the article by the
//! sound of the next word.

use std::fmt;

/// `count(1, "space")` is "1 space"; `count(3, "space")` is "3 spaces". Regular English plurals only; for an
/// irregular noun use [`count_as`].
pub fn count(n: impl Into<i64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 || n == -1 { format!("{n} {noun}") } else { format!("{n} {}", plural(noun)) }
}

/// `count_as(2, "squadron", "squadrons")`: a count with the plural given by the caller.
pub fn count_as(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

/// The regular plural of a noun (or of the last word of a phrase): "space" → "spaces", "army" → "armies",
/// "tax" → "taxes", "treasury" → "treasuries".
pub fn plural(noun: &str) -> String {
    let lower = noun.to_ascii_lowercase();
    let consonant_y = lower.ends_with('y') && !lower[..lower.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        format!("{}ies", &noun[..noun.len() - 1])
    } else if ["s", "x", "z", "ch", "sh"].iter().any(|end| lower.ends_with(end)) {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// "a" or "an" for the word that follows, by its sound: "an armaments factory", "an India fleet", "a unit",
/// "a European market", "an hour".
pub fn article(next: &str) -> &'static str {
    let lower = next.trim_start().to_ascii_lowercase();
    // A vowel letter that sounds like a consonant ("unit", "European", "one"), and the silent h.
    const SOUNDS_LIKE_CONSONANT: [&str; 6] = ["uni", "use", "usu", "eu", "one", "once"];
    const SILENT_H: [&str; 3] = ["hour", "honest", "honour"];
    if SILENT_H.iter().any(|w| lower.starts_with(w)) {
        return "an";
    }
    if SOUNDS_LIKE_CONSONANT.iter().any(|w| lower.starts_with(w)) {
        return "a";
    }
    let initialism = next.trim_start().chars().take(2).all(|c| c.is_ascii_uppercase());
    match lower.chars().next() {
        // An initialism is read letter by letter: "an MCTS bot", "a USA award".
        Some(c) if initialism && "aefhilmnorsx".contains(c) => "an",
        Some(_) if initialism => "a",
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// A noun with its indefinite article, for `format!`: `a(&name)` displays "an India fleet".
pub fn a(noun: &str) -> WithArticle<'_> {
    WithArticle(noun)
}

/// See [`a`].
pub struct WithArticle<'a>(&'a str);

impl fmt::Display for WithArticle<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", article(self.0), self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "space"), "1 space");
        assert_eq!(count(0, "space"), "0 spaces");
        assert_eq!(count(2u8, "piece"), "2 pieces");
        assert_eq!(count(3, "army"), "3 armies");
        assert_eq!(count(2, "day"), "2 days");
        assert_eq!(count(2, "tax"), "2 taxes");
        assert_eq!(count(2, "match"), "2 matches");
        assert_eq!(count(-1, "point"), "-1 point");
        assert_eq!(count(2, "treasury"), "2 treasuries");
        assert_eq!(count_as(2, "man", "men"), "2 men");
        assert_eq!(count_as(1, "man", "men"), "1 man");
    }

    #[test]
    fn articles_follow_the_sound() {
        assert_eq!(a("armaments factory").to_string(), "an armaments factory");
        assert_eq!(a("India fleet").to_string(), "an India fleet");
        assert_eq!(a("Europe market").to_string(), "a Europe market");
        assert_eq!(a("European market").to_string(), "a European market");
        assert_eq!(a("unit").to_string(), "a unit");
        assert_eq!(a("undo").to_string(), "an undo");
        assert_eq!(a("hour").to_string(), "an hour");
        assert_eq!(a("fleet").to_string(), "a fleet");
        assert_eq!(a("MCTS bot").to_string(), "an MCTS bot");
        assert_eq!(a("USA award").to_string(), "a USA award");
        assert_eq!(a("Ottoman army").to_string(), "an Ottoman army");
    }
}
