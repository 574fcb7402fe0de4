//! A game's content — maps, cards, tables — as a value, and where each entry comes from (CONTENT.md).
//!
//! Every content entry names its source: the rulebook (`seed …`), a public reference (`reference:<name> …`),
//! or `provisional`, a value chosen so the game is complete. A [`ContentReport`] counts them per kind of
//! entry, for `imperia data report`, and so that hosts can tell players how much of a game is provisional.
//!
//! A game's content type implements [`GameContent`]: it reads its [`ContentFiles`] and validates them. A
//! [`ContentSet`] is one loaded set, shared through an `Arc` by every state played with it, so one process
//! may play many sets at once. The shipped set is loaded once per process and has no fingerprint; a set in
//! which a player replaced files with their own (`--content <dir>`, or an upload to the server) has one,
//! which records carry, so that a game is replayed with the files it was played with.
//!
//! Content ids (a card, a space) are written in records, views and events by their string ids and shown by
//! their names, which only the content knows. Serialisation has no room for a context, so a host puts the
//! set a game plays with *in scope* on its thread ([`ContentSet::enter`]) while it reads or writes that
//! game's values; an id reaches the set through [`ContentSet::with_current`]. Outside any scope, the shipped
//! set applies. Game rules never rely on the scope: the state holds its set ([`crate::Game::content`]).

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock};

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
    shipped: &'static str,
    replaced: bool,
}

/// How one entry of a replaced file differs from the shipped file: what players are told before they join
/// a game played with replaced content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentChange {
    pub file: String,
    /// The entry, as the file names it: its table and its `id` (or `name`, `number`, or place), as in
    /// ``space `ireland_1` ``; a top-level table by its name.
    pub entry: String,
    pub change: Change,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    Added,
    Removed,
    Changed,
}

impl ContentFiles {
    /// The files a game ships, as `(file name, text)`.
    pub fn shipped(files: &[(&'static str, &'static str)]) -> Self {
        ContentFiles {
            files: files
                .iter()
                .map(|&(name, text)| ContentFile { name, text: Cow::Borrowed(text), shipped: text, replaced: false })
                .collect(),
        }
    }

    /// These files with every same-named file in `dir` in place of the shipped one. Anything else in `dir`
    /// is refused rather than ignored, so that a misspelt file name cannot silently leave a shipped file in
    /// play; so is a folder that replaces nothing.
    pub fn replaced_from(self, dir: &Path) -> Result<Self, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read the content folder {}: {e}", dir.display()))?;
        let mut files = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| format!("cannot read the content folder {}: {e}", dir.display()))?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if !self.names().contains(&name.as_str()) && !name.starts_with('.') {
                return Err(self.unknown(&path.display().to_string()));
            }
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            files.push((name, text));
        }
        self.replaced_by(files).map_err(|e| format!("the content folder {}: {e}", dir.display()))
    }

    /// These files with each of `files` (name, text) in place of the same-named shipped one: what a folder or
    /// an upload holds. A name the game does not ship is refused, as is a set that replaces nothing; hidden
    /// files (`.DS_Store`, an editor's swap file) are the system's, not the player's, and are skipped.
    pub fn replaced_by(mut self, files: impl IntoIterator<Item = (String, String)>) -> Result<Self, String> {
        let mut replaced = 0;
        for (name, text) in files {
            if name.starts_with('.') {
                continue;
            }
            self = self.with_file(&name, text)?;
            replaced += 1;
        }
        if replaced == 0 {
            return Err(format!("it holds none of this game's files ({})", self.names().join(", ")));
        }
        Ok(self)
    }

    /// These files with `text` in place of the file `name`.
    pub fn with_file(mut self, name: &str, text: String) -> Result<Self, String> {
        let Some(i) = self.files.iter().position(|f| f.name == name) else { return Err(self.unknown(name)) };
        self.files[i].text = Cow::Owned(text);
        self.files[i].replaced = true;
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

    /// The replaced files as `(name, text)`: what an export carries so that the game can be replayed
    /// elsewhere.
    pub fn replaced_texts(&self) -> Vec<(&'static str, &str)> {
        self.files.iter().filter(|f| f.replaced).map(|f| (f.name, f.text.as_ref())).collect()
    }

    /// Every entry of the replaced files that differs from the shipped ones, file by file. Content files are
    /// TOML: an array of tables is compared entry by entry (keyed by `id`, else `name`, else `number`, else
    /// place), any other top-level value as a whole; a file that is not TOML counts as changed whole.
    pub fn changes(&self) -> Vec<ContentChange> {
        let mut changes = Vec::new();
        for f in self.files.iter().filter(|f| f.replaced) {
            let mut add = |entry: String, change| changes.push(ContentChange { file: f.name.into(), entry, change });
            let (Ok(shipped), Ok(mine)) = (f.shipped.parse::<toml::Table>(), f.text.parse::<toml::Table>()) else {
                if f.shipped != f.text {
                    add("the whole file".into(), Change::Changed);
                }
                continue;
            };
            let keys: std::collections::BTreeSet<&String> = shipped.keys().chain(mine.keys()).collect();
            for key in keys {
                let entries = |t: &toml::Table| match t.get(key) {
                    Some(toml::Value::Array(a)) if a.iter().all(toml::Value::is_table) => {
                        a.iter().enumerate().map(|(i, e)| (entry_name(key, i, e), e.clone())).collect()
                    }
                    Some(v) => vec![(key.clone(), v.clone())],
                    None => Vec::new(),
                };
                let (before, after) = (entries(&shipped), entries(&mine));
                for (name, value) in &before {
                    match after.iter().find(|(n, _)| n == name) {
                        None => add(name.clone(), Change::Removed),
                        Some((_, v)) if v != value => add(name.clone(), Change::Changed),
                        Some(_) => {}
                    }
                }
                for (name, _) in after.iter().filter(|(n, _)| !before.iter().any(|(b, _)| b == n)) {
                    add(name.clone(), Change::Added);
                }
            }
        }
        changes
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

/// How [`ContentFiles::changes`] names the `index`th entry of the array of tables `key`.
fn entry_name(key: &str, index: usize, entry: &toml::Value) -> String {
    let named = ["id", "name", "number"].iter().find_map(|k| entry.get(k)).map(|v| match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    match named {
        Some(name) => format!("{key} `{name}`"),
        None => format!("{key} {}", index + 1),
    }
}

/// Read content file `file` into its records; an error names the file (and, from `toml`, the line).
pub fn read_toml<'de, T: Deserialize<'de>>(file: &str, text: &'de str) -> Result<T, String> {
    toml::from_str(text).map_err(|e| format!("{file}: {e}"))
}

/// Refuse a file in which two `what` share an id, naming the file and the id.
pub fn unique_ids<'a>(file: &str, what: &str, ids: impl Iterator<Item = &'a str>) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(format!("{file}: two {what} have the id `{id}`"));
        }
    }
    Ok(())
}

/// What a game's content type provides: its shipped files, how they are read and checked, and what they
/// say about sources and the printed board.
pub trait GameContent: Send + Sync + Sized + 'static {
    /// The files the game ships, as `(file name, text)`.
    const FILES: &'static [(&'static str, &'static str)];
    /// Read and validate `files`; an error names the file, the entry and the problem.
    fn parse(files: &ContentFiles) -> Result<Self, String>;
    /// Where each entry comes from.
    fn report(&self) -> ContentReport {
        ContentReport::default()
    }
    /// The printed board as data, for a client that draws the game: its map, tracks and the names of its
    /// pieces, in the game's own ids. `null` by default: the view alone is then all a client has.
    fn board(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
}

/// Gives an index newtype over a content list its travelling form: `Serialize`/`Deserialize` through the
/// entry's string `id`, and `Display` through its `name`, both read from the set in scope
/// ([`ContentSet::with_current`]). `content_id!(SpaceId, Content, spaces, "a space", "madrid")` for
/// `struct SpaceId(u8)` whose entries are `Content::spaces[i]`, each with `id` and `name` fields.
#[macro_export]
macro_rules! content_id {
    ($ty:ident, $content:ty, $list:ident, $what:literal, $example:literal) => {
        impl $ty {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::ContentSet::<$content>::with_current(|c| s.serialize_str(&c.$list[self.index()].id))
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Id;
                impl $crate::__serde::de::Visitor<'_> for Id {
                    type Value = $ty;
                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        write!(f, "{} id such as \"{}\"", $what, $example)
                    }
                    fn visit_str<E: $crate::__serde::de::Error>(self, id: &str) -> Result<$ty, E> {
                        $crate::ContentSet::<$content>::with_current(|c| c.$list.iter().position(|e| e.id == id))
                            .map(|i| $ty(i as _))
                            .ok_or_else(|| E::custom(format!("there is no {} `{id}`", $what)))
                    }
                }
                d.deserialize_str(Id)
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                $crate::ContentSet::<$content>::with_current(|c| f.write_str(&c.$list[self.index()].name))
            }
        }
    };
}

/// The content of a game without content files.
impl GameContent for () {
    const FILES: &'static [(&'static str, &'static str)] = &[];
    fn parse(_files: &ContentFiles) -> Result<(), String> {
        Ok(())
    }
}

/// One loaded, validated set of a game's content, shared by every state that plays with it. Equal sets
/// have equal fingerprints; the shipped set has none.
pub struct ContentSet<C> {
    loaded: Arc<Loaded<C>>,
}

struct Loaded<C> {
    content: C,
    files: ContentFiles,
    fingerprint: Option<String>,
}

/// The shipped set of each content type, loaded on first use.
static SHIPPED: OnceLock<RwLock<HashMap<TypeId, Box<dyn Any + Send + Sync>>>> = OnceLock::new();

thread_local! {
    /// The sets in scope on this thread, innermost last ([`ContentSet::enter`]).
    static SCOPES: RefCell<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>> = const { RefCell::new(Vec::new()) };
}

impl<C: GameContent> ContentSet<C> {
    /// The shipped content, parsed and validated once per process.
    ///
    /// # Panics
    /// If the shipped files do not pass the game's own checks: a defect of the build, which each game's
    /// tests catch.
    pub fn shipped() -> Self {
        let cache = SHIPPED.get_or_init(Default::default);
        let known = cache
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&TypeId::of::<C>())
            .map(|set| set.downcast_ref::<ContentSet<C>>().expect("the cache is keyed by type").clone());
        if let Some(set) = known {
            return set;
        }
        let files = ContentFiles::shipped(C::FILES);
        let content = C::parse(&files).unwrap_or_else(|e| panic!("the shipped content is invalid: {e}"));
        let set = ContentSet { loaded: Arc::new(Loaded { content, files, fingerprint: None }) };
        let mut cache = cache.write().unwrap_or_else(|e| e.into_inner());
        let kept = cache.entry(TypeId::of::<C>()).or_insert_with(|| Box::new(set));
        kept.downcast_ref::<ContentSet<C>>().expect("the cache is keyed by type").clone()
    }

    /// `files` read and validated as the shipped ones are: the shipped set itself when nothing is replaced.
    pub fn load(files: ContentFiles) -> Result<Self, String> {
        let Some(fingerprint) = files.fingerprint() else { return Ok(Self::shipped()) };
        let content = C::parse(&files)?;
        Ok(ContentSet { loaded: Arc::new(Loaded { content, files, fingerprint: Some(fingerprint) }) })
    }

    /// The fingerprint of replaced content ([`ContentFiles::fingerprint`]); `None` for the shipped set.
    pub fn fingerprint(&self) -> Option<&str> {
        self.loaded.fingerprint.as_deref()
    }

    /// The files this set was read from.
    pub fn files(&self) -> &ContentFiles {
        &self.loaded.files
    }

    /// Put this set in scope on this thread until the guard is dropped: the game's ids are then read and
    /// written, and shown, with its entries.
    pub fn enter(&self) -> ContentScope {
        let erased: Arc<dyn Any + Send + Sync> = self.loaded.clone();
        SCOPES.with(|s| s.borrow_mut().push((TypeId::of::<C>(), erased)));
        ContentScope { _not_send: std::marker::PhantomData }
    }

    /// The innermost set of this type in scope on this thread, or the shipped set.
    pub fn current() -> Self {
        let scoped =
            SCOPES.with(|s| s.borrow().iter().rev().find(|(t, _)| *t == TypeId::of::<C>()).map(|(_, set)| set.clone()));
        match scoped.and_then(|set| set.downcast::<Loaded<C>>().ok()) {
            Some(loaded) => ContentSet { loaded },
            None => Self::shipped(),
        }
    }

    /// `f` applied to the content in scope ([`ContentSet::current`]): how ids reach their entries.
    pub fn with_current<R>(f: impl FnOnce(&C) -> R) -> R {
        f(&Self::current())
    }
}

impl<C> Clone for ContentSet<C> {
    fn clone(&self) -> Self {
        ContentSet { loaded: self.loaded.clone() }
    }
}

impl<C> Deref for ContentSet<C> {
    type Target = C;
    fn deref(&self) -> &C {
        &self.loaded.content
    }
}

/// Two sets are the same content when they are one loaded value or have the same fingerprint.
impl<C> PartialEq for ContentSet<C> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.loaded, &other.loaded) || self.loaded.fingerprint == other.loaded.fingerprint
    }
}

impl<C> fmt::Debug for ContentSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.loaded.fingerprint {
            Some(fingerprint) => write!(f, "ContentSet({fingerprint})"),
            None => f.write_str("ContentSet(shipped)"),
        }
    }
}

/// A state deserialised without its content takes the set in scope: the host that parses a state supplies
/// the set it was played with by entering it first.
impl<C: GameContent> Default for ContentSet<C> {
    fn default() -> Self {
        Self::current()
    }
}

/// While alive, a set is in scope on this thread ([`ContentSet::enter`]).
#[must_use = "the set is in scope only while the guard lives"]
pub struct ContentScope {
    _not_send: std::marker::PhantomData<*const ()>,
}

impl Drop for ContentScope {
    fn drop(&mut self) {
        SCOPES.with(|s| s.borrow_mut().pop());
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

    /// A content type for the tests: the text of its cards file.
    #[derive(Debug)]
    struct Cards(String);

    impl GameContent for Cards {
        const FILES: &'static [(&'static str, &'static str)] = SHIPPED;
        fn parse(files: &ContentFiles) -> Result<Self, String> {
            let text = files.text("cards.toml");
            if text.contains("broken") {
                return Err("cards.toml, card 1: broken".into());
            }
            Ok(Cards(text.to_string()))
        }
    }

    fn mine(text: &str) -> Result<ContentSet<Cards>, String> {
        ContentSet::load(ContentFiles::shipped(SHIPPED).replaced_by([("cards.toml".into(), text.into())])?)
    }

    #[test]
    fn changes_name_the_entries_that_differ() {
        const TOML: &[(&str, &str)] =
            &[("cards.toml", "[setup]\nvp = 10\n\n[[card]]\nid = \"a\"\ncost = 1\n\n[[card]]\nid = \"b\"\ncost = 2\n")];
        let mine = "[setup]\nvp = 12\n\n[[card]]\nid = \"a\"\ncost = 1\n\n[[card]]\nid = \"c\"\ncost = 2\n";
        let files = ContentFiles::shipped(TOML).with_file("cards.toml", mine.into()).expect("a shipped file");
        let said: Vec<(String, Change)> = files.changes().into_iter().map(|c| (c.entry, c.change)).collect();
        assert_eq!(
            said,
            vec![
                ("card `b`".to_string(), Change::Removed),
                ("card `c`".to_string(), Change::Added),
                ("setup".to_string(), Change::Changed)
            ]
        );
        assert!(ContentFiles::shipped(TOML).changes().is_empty());
        let text = ContentFiles::shipped(SHIPPED).with_file("map.toml", "not = [toml".into()).expect("a file");
        assert_eq!(text.changes()[0].entry, "the whole file");
    }

    #[test]
    fn sets_live_side_by_side_and_the_shipped_one_is_loaded_once() {
        let shipped = ContentSet::<Cards>::shipped();
        assert!(shipped == ContentSet::shipped() && shipped.fingerprint().is_none());
        let (a, b) = (mine("cards a").expect("valid"), mine("cards b").expect("valid"));
        assert_eq!((a.0.as_str(), b.0.as_str(), shipped.0.as_str()), ("cards a", "cards b", "shipped cards"));
        assert!(a != b && a != shipped && a == mine("cards a").expect("valid"));
        assert_eq!(a.files().replaced_texts(), vec![("cards.toml", "cards a")]);
        let e = mine("broken cards").expect_err("the game's checks apply to replaced files");
        assert!(e.contains("card 1"), "{e}");
    }

    #[test]
    fn the_innermost_scope_applies_and_the_shipped_set_outside_any() {
        let a = mine("cards a").expect("valid");
        let b = mine("cards b").expect("valid");
        let name = || ContentSet::<Cards>::with_current(|c| c.0.clone());
        assert_eq!(name(), "shipped cards");
        {
            let _a = a.enter();
            assert_eq!(name(), "cards a");
            {
                let _b = b.enter();
                assert_eq!(name(), "cards b");
            }
            assert_eq!(name(), "cards a");
            // Another thread has its own scopes.
            assert_eq!(std::thread::spawn(name).join().expect("no panic"), "shipped cards");
        }
        assert_eq!(name(), "shipped cards");
    }
}
