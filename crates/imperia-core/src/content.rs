//! Where a game's content comes from (CONTENT.md). Every content entry — a region, a card, a tile, a table
//! row — names its source: the rulebook (`seed …`), a public reference (`reference:<name> …`), or
//! `provisional`, a value chosen so the game is complete. A [`ContentReport`] counts them per kind of entry,
//! for `imperia data report`, and so that hosts can tell players how much of a game is provisional.
//!
//! A player who owns the physical game may replace content files with their own (`--content <dir>`):
//! [`ContentFiles`] gathers the shipped texts and the replacements, the game validates them as it validates
//! its own, and [`ContentSlot`] holds what a process plays with. Replaced content has a fingerprint, which
//! records carry, so that a game is replayed with the files it was played with.

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;

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

/// A game's content files by name: the shipped texts, some perhaps replaced by a player's own.
#[derive(Clone, Debug)]
pub struct ContentFiles {
    files: Vec<ContentFile>,
}

#[derive(Clone, Debug)]
struct ContentFile {
    name: &'static str,
    text: Cow<'static, str>,
    replaced: bool,
}

impl ContentFiles {
    /// The files a game ships, as `(file name, text)`.
    pub fn shipped(files: &[(&'static str, &'static str)]) -> Self {
        ContentFiles {
            files: files
                .iter()
                .map(|&(name, text)| ContentFile { name, text: Cow::Borrowed(text), replaced: false })
                .collect(),
        }
    }

    /// These files with every same-named file in `dir` in place of the shipped one. Anything else in `dir`
    /// is refused rather than ignored, so that a misspelt file name cannot silently leave a shipped file in
    /// play; so is a folder that replaces nothing.
    pub fn replaced_from(mut self, dir: &Path) -> Result<Self, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read the content folder {}: {e}", dir.display()))?;
        let mut replaced = 0;
        for entry in entries {
            let path = entry.map_err(|e| format!("cannot read the content folder {}: {e}", dir.display()))?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            // Hidden files (`.DS_Store`, an editor's swap file) are the system's, not the player's content.
            if name.starts_with('.') {
                continue;
            }
            if !self.names().contains(&name.as_str()) {
                return Err(self.unknown(&path.display().to_string()));
            }
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            self = self.with_file(&name, text)?;
            replaced += 1;
        }
        if replaced == 0 {
            return Err(format!(
                "the content folder {} holds none of this game's files ({})",
                dir.display(),
                self.names().join(", ")
            ));
        }
        Ok(self)
    }

    /// These files with `text` in place of the file `name`.
    pub fn with_file(mut self, name: &str, text: String) -> Result<Self, String> {
        let Some(i) = self.files.iter().position(|f| f.name == name) else { return Err(self.unknown(name)) };
        self.files[i] = ContentFile { name: self.files[i].name, text: Cow::Owned(text), replaced: true };
        Ok(self)
    }

    fn unknown(&self, file: &str) -> String {
        format!("{file}: not a content file of this game; its files are {}", self.names().join(", "))
    }

    /// The file names, in the game's order.
    pub fn names(&self) -> Vec<&'static str> {
        self.files.iter().map(|f| f.name).collect()
    }

    /// The text of the file `name`, one of [`ContentFiles::names`].
    ///
    /// # Panics
    /// If the game asks for a file it did not ship: a defect of the game, not of the files.
    pub fn text(&self, name: &str) -> &str {
        match self.files.iter().find(|f| f.name == name) {
            Some(f) => &f.text,
            None => panic!("the game ships no content file `{name}`"),
        }
    }

    /// The names of the replaced files.
    pub fn replaced(&self) -> Vec<&'static str> {
        self.files.iter().filter(|f| f.replaced).map(|f| f.name).collect()
    }

    /// `None` for the shipped content; otherwise the replaced file names and a hash of every file's text,
    /// which tells two sets of files apart.
    pub fn fingerprint(&self) -> Option<String> {
        let replaced = self.replaced();
        if replaced.is_empty() {
            return None;
        }
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for f in &self.files {
            hasher.update(f.name.as_bytes());
            hasher.update(&[0]);
            hasher.update(f.text.as_bytes());
            hasher.update(&[0]);
        }
        Some(format!("{} {:016x}", replaced.join("+"), hasher.digest()))
    }
}

/// The content one game plays with in this process: the shipped content, unless replaced before its first
/// use. Content is read-only once in use, since states and caches built on it would not survive a change.
pub struct ContentSlot<T> {
    cell: OnceLock<(T, Option<String>)>,
}

impl<T> ContentSlot<T> {
    pub const fn new() -> Self {
        ContentSlot { cell: OnceLock::new() }
    }

    /// The content, loading the shipped one on first use.
    pub fn get(&self, shipped: impl FnOnce() -> T) -> &T {
        &self.cell.get_or_init(|| (shipped(), None)).0
    }

    /// Play with `content` (already validated) from now on; refused once any content is in use.
    pub fn replace(&self, content: T, fingerprint: Option<String>) -> Result<(), String> {
        self.cell.set((content, fingerprint)).map_err(|_| {
            "the game's content is already in use in this process; replace it before the first game".into()
        })
    }

    /// The fingerprint of replaced content ([`ContentFiles::fingerprint`]); `None` for the shipped content.
    pub fn fingerprint(&self) -> Option<String> {
        self.cell.get().and_then(|(_, f)| f.clone())
    }
}

impl<T> Default for ContentSlot<T> {
    fn default() -> Self {
        Self::new()
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

    /// A fresh folder holding `files`.
    fn folder(test: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("imperia-content-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for (name, text) in files {
            std::fs::write(dir.join(name), text).expect("a temporary file");
        }
        dir
    }

    const SHIPPED: &[(&str, &str)] = &[("map.toml", "shipped map"), ("cards.toml", "shipped cards")];

    #[test]
    fn a_folder_replaces_the_files_it_holds_and_changes_the_fingerprint() {
        let shipped = ContentFiles::shipped(SHIPPED);
        assert_eq!(shipped.fingerprint(), None);
        let dir = folder("replace", &[("cards.toml", "my cards"), (".DS_Store", "not content")]);
        let mine = ContentFiles::shipped(SHIPPED).replaced_from(&dir).expect("a valid folder");
        assert_eq!(mine.text("cards.toml"), "my cards");
        assert_eq!(mine.text("map.toml"), "shipped map");
        assert_eq!(mine.replaced(), vec!["cards.toml"]);
        let first = mine.fingerprint().expect("replaced content has a fingerprint");
        assert!(first.starts_with("cards.toml "), "{first}");
        std::fs::write(dir.join("cards.toml"), "other cards").expect("rewrite");
        let other = ContentFiles::shipped(SHIPPED).replaced_from(&dir).expect("a valid folder");
        assert_ne!(other.fingerprint(), Some(first), "different texts, different fingerprints");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn unknown_files_and_empty_folders_are_refused_by_name() {
        let dir = folder("unknown", &[("card.toml", "misspelt")]);
        let e = ContentFiles::shipped(SHIPPED).replaced_from(&dir).expect_err("a misspelt file is refused");
        assert!(e.contains("card.toml") && e.contains("map.toml, cards.toml"), "{e}");
        let empty = folder("empty", &[]);
        let e = ContentFiles::shipped(SHIPPED).replaced_from(&empty).expect_err("an empty folder is refused");
        assert!(e.contains("none of this game's files"), "{e}");
        let e = ContentFiles::shipped(SHIPPED).replaced_from(&empty.join("missing")).expect_err("no folder");
        assert!(e.contains("cannot read the content folder"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
        let _ = std::fs::remove_dir_all(empty);
    }

    #[test]
    fn content_in_use_cannot_be_replaced() {
        let slot = ContentSlot::new();
        assert_eq!(*slot.get(|| 1), 1);
        assert_eq!(slot.fingerprint(), None);
        assert!(slot.replace(2, Some("x".into())).is_err());
        assert_eq!(*slot.get(|| 3), 1);
        let fresh = ContentSlot::new();
        fresh.replace(2, Some("x".into())).expect("nothing in use yet");
        assert_eq!((*fresh.get(|| 3), fresh.fingerprint()), (2, Some("x".to_string())));
    }
}
