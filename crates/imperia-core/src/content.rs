//! Where a game's content comes from (CONTENT.md). Every content entry — a region, a card, a tile, a table
//! row — names its source: the rulebook (`seed …`), a public reference (`reference:<name> …`), or
//! `provisional`, a value chosen so the game is complete. A [`ContentReport`] counts them per kind of entry,
//! for `imperia data report`, and so that hosts can tell players how much of a game is provisional.

use serde::{Deserialize, Serialize};

/// The authority behind one content entry, in order of authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Seed,
    Reference,
    Provisional,
}

impl Source {
    /// The kind of a `source` field: `"seed …"`, `"reference:<name> …"` or `"provisional …"`.
    pub fn parse(source: &str) -> Result<Source, String> {
        let s = source.trim_start();
        if s.starts_with("seed") {
            Ok(Source::Seed)
        } else if let Some(rest) = s.strip_prefix("reference:") {
            if rest.trim().is_empty() {
                return Err("a reference source must name the reference, as in \"reference:<name> §…\"".into());
            }
            Ok(Source::Reference)
        } else if s.starts_with("provisional") {
            Ok(Source::Provisional)
        } else {
            Err(format!(
                "source \"{source}\" must begin with \"seed\", \"reference:<name>\" or \"provisional\" (CONTENT.md)"
            ))
        }
    }
}

/// The count of one kind of entry by source, with the provisional entries named.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentKind {
    /// What the entries are ("region", "event card").
    pub kind: String,
    pub seed: usize,
    pub reference: usize,
    /// The ids of the provisional entries.
    pub provisional: Vec<String>,
}

impl ContentKind {
    pub fn total(&self) -> usize {
        self.seed + self.reference + self.provisional.len()
    }
}

/// A game's content by kind and source.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentReport {
    pub kinds: Vec<ContentKind>,
}

impl ContentReport {
    /// Count one entry of `kind`, identified by `id`, with its `source` field.
    pub fn add(&mut self, kind: &str, id: &str, source: Source) {
        let entry = match self.kinds.iter().position(|k| k.kind == kind) {
            Some(i) => &mut self.kinds[i],
            None => {
                self.kinds.push(ContentKind { kind: kind.into(), ..ContentKind::default() });
                self.kinds.last_mut().expect("just pushed")
            }
        };
        match source {
            Source::Seed => entry.seed += 1,
            Source::Reference => entry.reference += 1,
            Source::Provisional => entry.provisional.push(id.into()),
        }
    }

    /// How many entries are provisional.
    pub fn provisional(&self) -> usize {
        self.kinds.iter().map(|k| k.provisional.len()).sum()
    }

    /// How many entries there are.
    pub fn total(&self) -> usize {
        self.kinds.iter().map(ContentKind::total).sum()
    }

    /// A one-line warning for players when some content is provisional, `None` when none is.
    pub fn provisional_notice(&self) -> Option<String> {
        let n = self.provisional();
        (n > 0).then(|| {
            format!(
                "{n} of {} content entries are provisional (chosen by Imperia where the rulebook and public \
                 references are silent); see `imperia data report`",
                self.total()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_parse_and_bad_ones_are_named() {
        assert_eq!(Source::parse("seed «Подготовка», 1"), Ok(Source::Seed));
        assert_eq!(Source::parse("reference:board.md §1.2"), Ok(Source::Reference));
        assert_eq!(Source::parse("provisional: no fact known"), Ok(Source::Provisional));
        assert!(Source::parse("reference:").is_err());
        let e = Source::parse("wiki").expect_err("an unknown source kind is refused");
        assert!(e.contains("\"wiki\""), "{e}");
    }

    #[test]
    fn reports_count_per_kind_and_name_provisional_entries() {
        let mut r = ContentReport::default();
        r.add("card", "a", Source::Seed);
        r.add("card", "b", Source::Provisional);
        r.add("space", "c", Source::Reference);
        assert_eq!(r.total(), 3);
        assert_eq!(r.provisional(), 1);
        assert_eq!(r.kinds[0].provisional, vec!["b".to_string()]);
        assert!(r.provisional_notice().is_some_and(|n| n.starts_with("1 of 3")));
        assert_eq!(ContentReport::default().provisional_notice(), None);
    }
}
