//! Players' own content ([`crate::content`]): upload a set of content files, list one's sets.
//!
//! An upload is a `multipart/form-data` form — the only request body that is not JSON, so that a folder
//! can be sent from a browser's file picker or with `curl -F` — with a `game` field, a `label` field, and
//! one file part per content file, named as the game ships it (`imperia data files <game> <dir>` writes
//! them). A folder picked whole sends `folder/cards.toml`; only the last part of a name counts.

use axum::extract::multipart::Field;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};

use super::{CurrentUser, game_entry};
use crate::content::{self, MAX_FILE, Uploaded};
use crate::error::ApiError;
use crate::table::AppState;

/// Largest upload accepted: every file of the largest game at its largest, with room for the form.
pub const UPLOAD_LIMIT: usize = 2 * 1024 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/content", get(my_content).post(upload).layer(axum::extract::DefaultBodyLimit::max(UPLOAD_LIMIT)))
}

#[utoipa::path(post, path = "/api/content", tag = "content",
    request_body(content_type = "multipart/form-data", description = "`game` (its id), `label` (a name for the set, 1 to 80 characters) and one file part per replaced content file, named as the game ships it"),
    responses((status = 201, description = "Stored: its fingerprint, the replaced files and every entry that differs from the shipped content", body = Uploaded),
              (status = 400, description = "Not a form, an unknown game, a missing field, a file that is not UTF-8 text", body = super::openapi::ErrorBody),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 409, description = "The account keeps its most content sets already", body = super::openapi::ErrorBody),
              (status = 413, description = "Larger than 2 MiB", body = super::openapi::ErrorBody),
              (status = 422, description = "A file the game does not ship, or one that fails the game's checks (named with its entry and problem): nothing was stored", body = super::openapi::ErrorBody)))]
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    mut form: Multipart,
) -> Result<(StatusCode, Json<Uploaded>), ApiError> {
    let (mut game, mut label, mut files) = (None, None, Vec::new());
    while let Some(field) = form.next_field().await.map_err(|e| ApiError::bad_request(format!("the form: {e}")))? {
        match (field.name().unwrap_or_default(), field.file_name()) {
            ("game", None) => game = Some(text(field, "game").await?),
            ("label", None) => label = Some(text(field, "label").await?),
            (_, Some(path)) => {
                let name = path.rsplit(['/', '\\']).next().unwrap_or_default().to_string();
                // The most files any game ships, with room for a folder's stray files; the game refuses any
                // it does not ship.
                if files.len() >= 64 {
                    return Err(ApiError::bad_request("an upload holds at most 64 files"));
                }
                let text = text(field, &name).await?;
                files.push((name, text));
            }
            (other, None) => {
                return Err(ApiError::bad_request(format!(
                    "the form has a field `{other}`; it takes `game`, `label` and content files"
                )));
            }
        }
    }
    let game = game.ok_or_else(|| ApiError::bad_request("the form needs a `game` field: the game's id"))?;
    let entry = game_entry(&state, &game)?;
    let label = label.unwrap_or_else(|| "My content".into());
    let uploaded = content::upload((&state.store, &state.content), &user, &entry, &label, files).await?;
    Ok((StatusCode::CREATED, Json(uploaded)))
}

/// A form field's text, at most [`MAX_FILE`] bytes of UTF-8.
async fn text(mut field: Field<'_>, what: &str) -> Result<String, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| ApiError::bad_request(format!("{what}: {e}")))? {
        if bytes.len() + chunk.len() > MAX_FILE {
            return Err(ApiError::unprocessable(format!("{what} is larger than {MAX_FILE} bytes")));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| ApiError::bad_request(format!("{what} is not UTF-8 text")))
}

#[utoipa::path(get, path = "/api/content", tag = "content",
    responses((status = 200, description = "The content sets I uploaded, newest first, each with what it replaces", body = Vec<Uploaded>),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody)))]
pub async fn my_content(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<Uploaded>>, ApiError> {
    Ok(Json(content::uploads((&state.store, &state.content), &state.registry, &user).await?))
}
