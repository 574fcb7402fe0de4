//! English for messages: counts with the right plural, nouns with the right article, and sentences whose
//! verbs agree with who reads them.
//!
//! Every game writes its prompts, labels and events through these, so that a player reads "1 space" and
//! "2 spaces", "an armaments factory" and "a India fleet" never appears. Only what the games' vocabulary
//! needs is handled: regular plurals, the few irregular ones passed in by the caller, and the article by the
//! sound of the next word.
//!
//! A prompt is said to its reader: the seat whose decision it is reads "you carry out the action", everyone
//! else "Britain carries out the action". A game writes the decision once, with a [`Subject`] for the one
//! who decides and its verbs in their base form ("carry out the action"); the subject puts each verb in the
//! person it needs ([`Subject::does`], [`Subject::verb`]) and gives the possessive ("your", "its",
//! "their"). Verbs are only ever built up from the base form, which English inflects regularly, never bent
//! back from a third-person form, which it does not ("carries" is not "carrie").
//!
//! A log line is said to its reader the same way ([`crate::Game::event_line`]): each game writes a line once
//! from its parts, with a subject for each seat it names, so that Britain's player reads "You buy the
//! Italy 9 bond" and "Italy pays you 2 interest" where everyone else reads "Britain buys …"; the line a
//! spectator reads is the event's `Display`. A line opens with a capital ([`capitalized`]), and a seat named
//! outside the subject takes [`Subject::whose`] ("your debt limit", "Britain's debt limit").

use std::fmt;

use crate::game::{Seat, Viewer};

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

/// Who a sentence is about, as its reader sees them: the reader themself ("you"), someone named ("Britain"),
/// or several named together ("Britain and France"). Displays as the subject of the sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    name: String,
    person: Person,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Person {
    /// The reader: "you choose".
    You,
    /// The reader, acting for one of several sides it plays, whose things are named: "you announce Spain's
    /// deals".
    YouAs,
    /// One other: "Britain chooses".
    One,
    /// Several, the reader perhaps among them: "Britain and France choose".
    Many,
}

impl Subject {
    /// The reader.
    pub fn you() -> Subject {
        Subject { name: "you".into(), person: Person::You }
    }

    /// The reader acting for `side`, one of several it plays: "you" whose things are `side`'s.
    pub fn you_as(side: impl Into<String>) -> Subject {
        Subject { name: side.into(), person: Person::YouAs }
    }

    /// Someone other than the reader, by name.
    pub fn named(name: impl Into<String>) -> Subject {
        Subject { name: name.into(), person: Person::One }
    }

    /// `seat`, called `name`, as `viewer` reads it: "you" to that seat's player, the name to everyone else.
    pub fn seat(viewer: Viewer, seat: Seat, name: impl Into<String>) -> Subject {
        if viewer == Viewer::Seat(seat) { Subject::you() } else { Subject::named(name) }
    }

    /// Several subjects together, in the order given: "Britain and France", "you and France". One alone is
    /// itself.
    pub fn together(subjects: Vec<Subject>) -> Subject {
        match <[Subject; 1]>::try_from(subjects) {
            Ok([one]) => one,
            Err(many) => {
                let names: Vec<String> = many.into_iter().map(|s| s.to_string()).collect();
                Subject { name: and_list(&names), person: Person::Many }
            }
        }
    }

    /// Whether the subject is the reader.
    pub fn is_you(&self) -> bool {
        matches!(self.person, Person::You | Person::YouAs)
    }

    /// `base` (a verb in its base form: "carry", "be", "may") agreeing with the subject: "carry" for you
    /// and for several, "carries" for one other.
    pub fn verb(&self, base: &str) -> String {
        match (self.person, base) {
            (Person::One, _) => third_person(base),
            (_, "be") => "are".into(),
            _ => base.into(),
        }
    }

    /// The subject, then `phrase` with its first word (a verb in its base form) agreeing: `does("carry out
    /// the action")` is "you carry out the action" or "Britain carries out the action".
    pub fn does(&self, phrase: &str) -> String {
        format!("{self} {}", self.predicate(phrase))
    }

    /// The subject, then the phrases as alternatives, each verb agreeing: "you activate a building, spend
    /// an action token or pass".
    pub fn does_one_of(&self, phrases: &[&str]) -> String {
        let predicates: Vec<String> = phrases.iter().map(|p| self.predicate(p)).collect();
        format!("{self} {}", or_list(&predicates))
    }

    /// The subject, then the phrases all together, each verb agreeing: "Green keeps one goal of each era and
    /// chooses a ruler".
    pub fn does_all_of(&self, phrases: &[&str]) -> String {
        let predicates: Vec<String> = phrases.iter().map(|p| self.predicate(p)).collect();
        format!("{self} {}", and_list(&predicates))
    }

    /// The possessive for the subject's own things: "your", "its" (a power, a colour), "their", or the
    /// side's name ("Spain's") for the reader acting for one of several sides.
    pub fn possessive(&self) -> String {
        match self.person {
            Person::You => "your".into(),
            Person::YouAs => format!("{}'s", self.name),
            Person::One => "its".into(),
            Person::Many => "their".into(),
        }
    }

    /// Whose a thing is, said of the subject from outside its own sentence: "your" for the reader,
    /// "Britain's", "Britain and France's", and for the reader acting for one of several sides "your
    /// (Spain's)". Where the subject opens the sentence, [`Subject::possessive`] is the word.
    pub fn whose(&self) -> String {
        match self.person {
            Person::You => "your".into(),
            Person::YouAs => format!("your ({}'s)", self.name),
            Person::One | Person::Many => format!("{}'s", self.name),
        }
    }

    /// The subject as the object of a verb or a preposition: "you", "Britain", and for the reader acting
    /// for one of several sides "you (Spain)", so that a list of them tells the sides apart.
    pub fn object(&self) -> String {
        match self.person {
            Person::YouAs => format!("you ({})", self.name),
            _ => self.to_string(),
        }
    }

    /// `phrase` with its first word (a verb in its base form) agreeing with the subject, without the
    /// subject: for a sentence that puts a word between the two ("Britain and France each choose").
    pub fn predicate(&self, phrase: &str) -> String {
        match phrase.split_once(' ') {
            Some((verb, rest)) => format!("{} {rest}", self.verb(verb)),
            None => self.verb(phrase),
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.person == Person::YouAs { "you" } else { &self.name })
    }
}

/// The sentence `write` puts down, its first letter capitalised: a game's log line, written from its parts
/// for one reader (`Game::event_line`).
pub fn sentence(write: impl FnOnce(&mut String) -> std::fmt::Result) -> String {
    let mut line = String::new();
    // Writing into a String does not fail.
    let _ = write(&mut line);
    capitalized(&line)
}

/// `text` with its first letter capitalised, for a sentence that opens with a subject: "You buy …".
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The third person singular of a verb in its base form: "carry" → "carries", "pass" → "passes", "go" →
/// "goes", "have" → "has", "be" → "is"; a modal ("may", "must") stays as it is.
pub fn third_person(base: &str) -> String {
    const MODALS: [&str; 7] = ["can", "could", "may", "might", "must", "shall", "should"];
    match base {
        "be" => return "is".into(),
        "have" => return "has".into(),
        _ if MODALS.contains(&base) => return base.into(),
        _ => {}
    }
    // The plural's rules are the third person's ("carries", "passes", "reaches"), but for the final o.
    if base.ends_with('o') && !base.ends_with("oo") { format!("{base}es") } else { plural(base) }
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    join(items, "and")
}

/// "a", "a or b", "a, b or c".
pub fn or_list(items: &[String]) -> String {
    join(items, "or")
}

fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_puts_its_verbs_in_its_person() {
        let britain = Subject::named("Britain");
        assert_eq!(britain.does("carry out the action"), "Britain carries out the action");
        assert_eq!(Subject::you().does("carry out the action"), "you carry out the action");
        let phrases = ["activate a building", "spend an action token", "pass"];
        assert_eq!(Subject::you().does_one_of(&phrases), "you activate a building, spend an action token or pass");
        assert_eq!(britain.does_one_of(&phrases), "Britain activates a building, spends an action token or passes");
        assert_eq!(britain.does(&format!("finish {} turn", britain.possessive())), "Britain finishes its turn");
        assert_eq!(
            britain.does_all_of(&["keep one goal", "choose a ruler"]),
            "Britain keeps one goal and chooses a ruler"
        );
        assert_eq!(
            Subject::you().does(&format!("finish {} turn", Subject::you().possessive())),
            "you finish your turn"
        );
        assert_eq!(britain.does("may pass"), "Britain may pass");
        assert_eq!(Subject::you().does("be out"), "you are out");
        assert_eq!(britain.does("be out"), "Britain is out");
    }

    #[test]
    fn a_seat_is_you_to_its_own_player_alone() {
        assert!(Subject::seat(Viewer::Seat(1), 1, "France").is_you());
        assert_eq!(Subject::seat(Viewer::Seat(0), 1, "France").to_string(), "France");
        assert_eq!(Subject::seat(Viewer::Spectator, 1, "France").to_string(), "France");
    }

    #[test]
    fn whose_names_the_owner_from_outside_its_sentence() {
        assert_eq!(Subject::you().whose(), "your");
        assert_eq!(Subject::named("Britain").whose(), "Britain's");
        assert_eq!(Subject::you_as("Spain").whose(), "your (Spain's)");
        assert_eq!(Subject::you_as("Spain").object(), "you (Spain)");
        assert_eq!(Subject::named("Spain").object(), "Spain");
        assert_eq!(capitalized(&Subject::you().does("buy the Italy 9 bond")), "You buy the Italy 9 bond");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn subjects_together_are_plural() {
        let both = Subject::together(vec![Subject::you(), Subject::named("France")]);
        assert_eq!(both.to_string(), "you and France");
        assert_eq!(both.does("choose"), "you and France choose");
        assert_eq!(both.possessive(), "their");
        assert_eq!(Subject::together(vec![Subject::named("France")]).does("choose"), "France chooses");
    }

    #[test]
    fn the_reader_acting_for_one_of_its_sides_names_that_side() {
        let spain = Subject::you_as("Spain");
        assert_eq!(spain.does(&format!("announce {} deals", spain.possessive())), "you announce Spain's deals");
        assert!(spain.is_you());
    }

    #[test]
    fn the_third_person_is_built_from_the_base_form() {
        for (base, third) in [
            ("carry", "carries"),
            ("pay", "pays"),
            ("pass", "passes"),
            ("reach", "reaches"),
            ("push", "pushes"),
            ("fix", "fixes"),
            ("go", "goes"),
            ("do", "does"),
            ("have", "has"),
            ("be", "is"),
            ("may", "may"),
            ("choose", "chooses"),
            ("commit", "commits"),
        ] {
            assert_eq!(third_person(base), third, "{base}");
        }
    }

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
