//! A game's rulebook as players look it up: the index of its sections in our own words, and where each
//! refusal's citation leads in it.
//!
//! Every [`crate::RuleError`] carries a `rule`, the citation a player reads ("§5.6.1", "rulebook: Import
//! («Импорт»)"). A game ships an index of its rulebook's sections ([`crate::Game::RULES_INDEX`], TOML) in
//! which each section lists the keys its citations contain; [`RulesIndex::resolve`] finds the section a
//! citation names, so a host can link the refusal to its page. The conformance harness checks that every
//! refusal it meets resolves, so a new citation cannot go unindexed.

use serde::{Deserialize, Serialize};

/// One section of a rulebook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// The anchor of the section on the rules page: lowercase letters, digits and hyphens.
    pub id: String,
    /// The section it sits under, if any; it comes earlier in the index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// The section's name as a player finds it in the book: number, English name, the book's own title.
    pub heading: String,
    /// What the section says, in our own words.
    pub summary: String,
    /// Keys of the citations that lead here; see [`RulesIndex::resolve`].
    #[serde(default, skip_serializing)]
    pub cites: Vec<String>,
}

/// The sections of a game's rulebook, in the book's order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesIndex {
    #[serde(rename = "section", default)]
    pub sections: Vec<Section>,
}

/// Why an index could not be read.
#[derive(Debug, thiserror::Error)]
#[error("rules index: {0}")]
pub struct IndexError(String);

impl RulesIndex {
    /// Read an index from its TOML text, checking each id is a well-formed anchor used once and each
    /// parent an earlier section.
    pub fn parse(text: &str) -> Result<RulesIndex, IndexError> {
        let index: RulesIndex = toml::from_str(text).map_err(|e| IndexError(e.to_string()))?;
        let mut seen = std::collections::HashSet::new();
        for s in &index.sections {
            let anchor =
                !s.id.is_empty() && s.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !anchor {
                return Err(IndexError(format!("`{}` is not an anchor (lowercase letters, digits, hyphens)", s.id)));
            }
            if let Some(parent) = &s.parent
                && !seen.contains(parent.as_str())
            {
                return Err(IndexError(format!("`{}` sits under `{parent}`, which does not come before it", s.id)));
            }
            if !seen.insert(s.id.as_str()) {
                return Err(IndexError(format!("section `{}` appears twice", s.id)));
            }
        }
        Ok(index)
    }

    /// The section a citation names: of every section's keys that the citation contains (not followed by
    /// a digit, so "§9.1" leads from "§9.1.2" but not from "§9.12"), the longest wins, so a numbered
    /// section without an entry of its own falls back to the one above it.
    pub fn resolve(&self, rule: &str) -> Option<&Section> {
        let mut best: Option<(usize, &Section)> = None;
        for s in &self.sections {
            for key in &s.cites {
                let len = key.chars().count();
                if len > best.map_or(0, |(longest, _)| longest) && contains_key(rule, key) {
                    best = Some((len, s));
                }
            }
        }
        best.map(|(_, s)| s)
    }

    pub fn section(&self, id: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }
}

/// Whether `key` occurs in `rule` with no digit right after it.
fn contains_key(rule: &str, key: &str) -> bool {
    !key.is_empty()
        && rule
            .match_indices(key)
            .any(|(at, _)| !rule[at + key.len()..].chars().next().is_some_and(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = r#"
        [[section]]
        id = "s9"
        heading = "§9 Diplomacy"
        summary = "Talks and treaties."
        cites = ["§9"]

        [[section]]
        id = "s9-1"
        parent = "s9"
        heading = "§9.1 Negotiation"
        summary = "What may be agreed."
        cites = ["§9.1"]

        [[section]]
        id = "import"
        heading = "Import («Импорт»)"
        summary = "Buying units."
        cites = ["«Импорт»"]
    "#;

    #[test]
    fn a_citation_leads_to_its_most_precise_section() {
        let index = RulesIndex::parse(INDEX).expect("the index reads");
        let at = |rule: &str| index.resolve(rule).map(|s| s.id.as_str());
        assert_eq!(at("§9.1"), Some("s9-1"));
        assert_eq!(at("§9.1 («Ограничения»)"), Some("s9-1"));
        assert_eq!(at("§9.1.2"), Some("s9-1"), "a deeper section falls back to the one above");
        assert_eq!(at("§9.12"), Some("s9"), "9.12 is not 9.1");
        assert_eq!(at("§9.3"), Some("s9"));
        assert_eq!(at("rulebook: Import («Импорт»)"), Some("import"));
        assert_eq!(at("§8.2"), None);
    }

    #[test]
    fn a_broken_index_is_refused_saying_why() {
        let twice = "[[section]]\nid='a'\nheading='A'\nsummary='x'\n[[section]]\nid='a'\nheading='B'\nsummary='y'";
        assert!(RulesIndex::parse(twice).expect_err("twice").to_string().contains("`a` appears twice"));
        let orphan = "[[section]]\nid='b'\nparent='a'\nheading='B'\nsummary='y'";
        assert!(RulesIndex::parse(orphan).expect_err("orphan").to_string().contains("does not come before"));
        let bad = "[[section]]\nid='B 1'\nheading='B'\nsummary='y'";
        assert!(RulesIndex::parse(bad).expect_err("bad").to_string().contains("not an anchor"));
        assert!(RulesIndex::parse("[[section]]\nid='a'").is_err(), "heading and summary are required");
    }
}
