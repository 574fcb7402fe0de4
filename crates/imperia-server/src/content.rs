//! Players' own content (CONTENT.md): a signed-in player uploads the files of a game's content they own,
//! checked exactly as `--content <dir>` checks them in the terminal; the server stores the replaced files
//! by fingerprint, and plays and replays each game with the set it was created with.
//!
//! Loaded sets are kept in a [`Library`] by game and fingerprint, so a set is parsed once however many games
//! use it; each game in memory holds its own handle as well, so the library may forget sets at will.

use std::collections::HashMap;
use std::sync::Arc;

use imperia_core::{ContentChange, DynContent, GameEntry, Registry};
use serde::Serialize;
use tokio::sync::RwLock;

use crate::store::{Store, StoreError, User};

/// Why a content set was refused or could not be found. The game layer turns it into its own error.
#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    /// The files fail a check: the message names the file, the entry and the problem.
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    /// The account keeps its most sets already.
    #[error("{0}")]
    Full(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The largest content file accepted, in bytes (the largest shipped file is under 32 KiB).
pub const MAX_FILE: usize = 256 * 1024;
/// The most content sets one account keeps.
pub const MAX_UPLOADS: usize = 20;
/// The longest name a player gives a set, in characters.
pub const MAX_LABEL: usize = 80;
/// Sets the library keeps loaded before it starts over (games in play keep their own).
const LIBRARY_SIZE: usize = 64;

/// The content sets loaded in this process, by game and fingerprint.
#[derive(Clone, Default)]
pub struct Library {
    sets: Arc<RwLock<HashMap<(&'static str, String), DynContent>>>,
}

impl Library {
    /// The set a game is played with: the shipped one for `None`, else the stored files with that
    /// fingerprint, loaded on first use.
    pub async fn get(
        &self,
        store: &Store,
        entry: &GameEntry,
        fingerprint: Option<&str>,
    ) -> Result<DynContent, ContentError> {
        let Some(fingerprint) = fingerprint else { return Ok((entry.shipped)()) };
        let key = (entry.id, fingerprint.to_string());
        if let Some(set) = self.sets.read().await.get(&key) {
            return Ok(set.clone());
        }
        let files = store.content_files(entry.id, fingerprint).await?.ok_or_else(|| {
            ContentError::NotFound(format!("this server holds no content set {fingerprint} of {}", entry.name))
        })?;
        let set =
            check(entry, files).map_err(|why| ContentError::Refused(format!("content set {fingerprint}: {why}")))?;
        if set.fingerprint() != Some(fingerprint) {
            return Err(ContentError::Refused(format!(
                "the stored files of content set {fingerprint} do not match it"
            )));
        }
        self.keep(set.clone()).await;
        Ok(set)
    }

    async fn keep(&self, set: DynContent) {
        let Some(fingerprint) = set.fingerprint().map(str::to_string) else { return };
        let mut sets = self.sets.write().await;
        if sets.len() >= LIBRARY_SIZE {
            sets.clear();
        }
        sets.insert((set.game(), fingerprint), set);
    }
}

/// `files` (name, text) in place of the game's shipped files of the same names, checked as the terminal
/// checks a content folder: names the game ships, sizes, and the game's own validation. The error names the
/// file, the entry and the problem.
pub fn check(entry: &GameEntry, files: Vec<(String, String)>) -> Result<DynContent, String> {
    if let Some((name, text)) = files.iter().find(|(_, text)| text.len() > MAX_FILE) {
        return Err(format!("{name} is {} bytes; a content file may have at most {MAX_FILE}", text.len()));
    }
    entry.content_from(files)
}

/// What players are told about a game played with replaced content: which files were replaced and which
/// entries differ from the shipped ones.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ContentNotice {
    pub fingerprint: String,
    pub replaced: Vec<String>,
    #[schema(value_type = Vec<Object>)]
    pub changes: Vec<ContentChange>,
}

impl ContentNotice {
    /// `None` for the shipped content.
    pub fn of(set: &DynContent) -> Option<ContentNotice> {
        Some(ContentNotice {
            fingerprint: set.fingerprint()?.to_string(),
            replaced: set.files().replaced().into_iter().map(str::to_string).collect(),
            changes: set.files().changes(),
        })
    }
}

/// A set an account uploaded, as its owner sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Uploaded {
    pub game: String,
    pub label: String,
    #[serde(flatten)]
    pub notice: ContentNotice,
}

/// Check and store an upload for `user`; nothing is stored if any file is refused.
pub async fn upload(
    (store, library): (&Store, &Library),
    user: &User,
    entry: &GameEntry,
    label: &str,
    files: Vec<(String, String)>,
) -> Result<Uploaded, ContentError> {
    if user.guest {
        return Err(ContentError::Forbidden(
            "guests play the seats they are invited to; sign up to upload content".into(),
        ));
    }
    let label = crate::text::without_bidi_controls(label);
    let label = label.trim();
    if label.is_empty() || label.chars().count() > MAX_LABEL || label.chars().any(char::is_control) {
        return Err(ContentError::Refused(format!(
            "a content set needs a name of 1 to {MAX_LABEL} characters, without control characters"
        )));
    }
    let mine = store.uploads(user.id).await?;
    let checker = *entry;
    let set = tokio::task::spawn_blocking(move || check(&checker, files))
        .await
        .map_err(|e| ContentError::Refused(format!("the files could not be checked: {e}")))?
        .map_err(ContentError::Refused)?;
    let notice = ContentNotice::of(&set)
        .ok_or_else(|| ContentError::Refused("these files are the shipped ones; there is nothing to upload".into()))?;
    let known = mine.iter().any(|u| u.game == entry.id && u.fingerprint == notice.fingerprint);
    if !known && mine.len() >= MAX_UPLOADS {
        return Err(ContentError::Full(format!("an account keeps at most {MAX_UPLOADS} content sets")));
    }
    let replaced = set.files().replaced_texts();
    store.save_content(user.id, entry.id, &notice.fingerprint, label, &replaced).await?;
    library.keep(set).await;
    Ok(Uploaded { game: entry.id.to_string(), label: label.to_string(), notice })
}

/// The sets `user` uploaded, with what each replaces (sets of games `registry` does not host are left out).
pub async fn uploads(
    (store, library): (&Store, &Library),
    registry: &Registry,
    user: &User,
) -> Result<Vec<Uploaded>, ContentError> {
    let mut out = Vec::new();
    for u in store.uploads(user.id).await? {
        let Some(entry) = registry.get(&u.game).copied() else { continue };
        let set = library.get(store, &entry, Some(&u.fingerprint)).await?;
        if let Some(notice) = ContentNotice::of(&set) {
            out.push(Uploaded { game: u.game, label: u.label, notice });
        }
    }
    Ok(out)
}

/// The set `user` may create a game of `entry` with: the shipped one, or one they uploaded.
pub async fn for_new_game(
    (store, library): (&Store, &Library),
    user: &User,
    entry: &GameEntry,
    fingerprint: Option<&str>,
) -> Result<DynContent, ContentError> {
    if let Some(f) = fingerprint {
        let mine = store.uploads(user.id).await?;
        if !mine.iter().any(|u| u.game == entry.id && u.fingerprint == f) {
            return Err(ContentError::NotFound(format!(
                "you have uploaded no content set {f} of {}; GET /api/content lists yours",
                entry.name
            )));
        }
    }
    library.get(store, entry, fingerprint).await
}
