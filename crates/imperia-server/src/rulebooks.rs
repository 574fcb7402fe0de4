//! Each hosted game's rules as players read them on its rules page: the index of the rulebook's sections
//! in our own words ([`imperia_core::RulesIndex`]) and the project's rulings, rendered once at start.
//! A refusal names the section it cites ([`Rulebooks::link`]), so the page can say "why?" beside it.

use std::collections::BTreeMap;
use std::sync::Arc;

use imperia_core::{Registry, RulesIndex};
use serde::Serialize;

/// One game's rules page.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Rulebook {
    pub game: &'static str,
    pub name: &'static str,
    /// The rulebook's sections in order: `id` (the anchor), `parent`, `heading`, `summary`.
    #[schema(value_type = Vec<Object>)]
    pub sections: Vec<imperia_core::Section>,
    /// The rulings (`docs/rules/<game>.md`) as HTML; written by the project, so it is shown as it is.
    pub rulings_html: String,
    #[serde(skip)]
    index: RulesIndex,
}

/// Where a refusal's citation leads: the game's rules page, at a section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RuleLink {
    pub game: String,
    /// The section's anchor.
    pub section: String,
    /// The section's heading, for the link's words.
    pub heading: String,
}

/// Every hosted game's rules page, by game id.
#[derive(Clone, Debug, Default)]
pub struct Rulebooks(Arc<BTreeMap<&'static str, Rulebook>>);

impl Rulebooks {
    /// Read every game's index and render its rulings; an index that does not read stops the server,
    /// saying which and why (the conformance tests catch it long before).
    pub fn of(registry: &Registry) -> Result<Rulebooks, String> {
        let mut books = BTreeMap::new();
        for entry in registry.entries() {
            let index = RulesIndex::parse(entry.rules_index).map_err(|e| format!("{}: {e}", entry.id))?;
            let book = Rulebook {
                game: entry.id,
                name: entry.name,
                sections: index.sections.clone(),
                rulings_html: render(entry.rulings),
                index,
            };
            books.insert(entry.id, book);
        }
        Ok(Rulebooks(Arc::new(books)))
    }

    pub fn get(&self, game: &str) -> Option<&Rulebook> {
        self.0.get(game)
    }

    /// The section of `game`'s rules a citation leads to.
    pub fn link(&self, game: &str, rule: &str) -> Option<RuleLink> {
        let book = self.0.get(game)?;
        let section = book.index.resolve(rule)?;
        Some(RuleLink { game: game.to_string(), section: section.id.clone(), heading: section.heading.clone() })
    }
}

/// Markdown to HTML. The rulings' first heading names the page, which the page already does, so it goes.
fn render(markdown: &str) -> String {
    let body = match markdown.trim_start().strip_prefix("# ") {
        Some(rest) => rest.split_once('\n').map_or("", |(_, body)| body),
        None => markdown,
    };
    let mut html = String::new();
    let options = pulldown_cmark::Options::ENABLE_TABLES | pulldown_cmark::Options::ENABLE_HEADING_ATTRIBUTES;
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new_ext(body, options));
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hosted_game_has_a_rules_page_that_refusals_lead_into() {
        let books = Rulebooks::of(&imperia_games::registry()).expect("every index reads");
        for entry in imperia_games::registry().entries() {
            let book = books.get(entry.id).expect("a page per game");
            assert!(book.sections.len() >= 8, "{}: {} sections", entry.id, book.sections.len());
            assert!(book.rulings_html.contains("<h2"), "{}: the rulings render", entry.id);
            assert!(!book.rulings_html.contains("<script"), "{}", entry.id);
        }
        let link = books.link("imperial2030", "rulebook: Import («Импорт»)").expect("import is indexed");
        assert_eq!(link.game, "imperial2030");
        assert!(link.heading.contains("Импорт"), "{link:?}");
        assert_eq!(books.link("imperial2030", "a rule nobody wrote"), None);
        assert_eq!(books.link("chess", "§1"), None);
    }
}
