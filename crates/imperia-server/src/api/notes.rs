//! Private notes: what a player writes for themselves about a game (plans, reminders, what they promised
//! whom). One text per account and game; only its author reads it, and it is never part of the game's
//! state, log or record.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::{Body, CurrentUser, per_address, seated};
use crate::error::ApiError;
use crate::table::AppState;

/// The longest note, in characters.
pub const MAX_NOTE: usize = 10_000;

pub fn routes() -> Router<AppState> {
    // Saved as the player types (the page waits for a pause): a minute's typing fits well within this.
    per_address(Router::new().route("/api/games/{id}/notes", get(read).put(write)), 120, Duration::from_secs(60))
}

/// A player's notes on a game.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Notes {
    /// At most 10,000 characters; empty when there are none.
    text: String,
}

/// Why a spectator has no notes.
const SPECTATORS: &str = "notes are for the players of a game; spectators keep none";

#[utoipa::path(get, path = "/api/games/{id}/notes", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The caller's own notes on the game", body = Notes),
              (status = 403, description = "No seat in this game", body = super::openapi::ErrorBody)))]
pub async fn read(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Notes>, ApiError> {
    seated(&state, id, Some(&user), SPECTATORS).await?;
    Ok(Json(Notes { text: state.store.note(id, user.id).await?.unwrap_or_default() }))
}

#[utoipa::path(put, path = "/api/games/{id}/notes", tag = "play", request_body = Notes,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Saved: the notes as stored", body = Notes),
              (status = 400, description = "Longer than 10,000 characters", body = super::openapi::ErrorBody),
              (status = 403, description = "No seat in this game", body = super::openapi::ErrorBody)))]
pub async fn write(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    CurrentUser(user): CurrentUser,
    Body(notes): Body<Notes>,
) -> Result<Json<Notes>, ApiError> {
    let notes = Notes { text: crate::text::without_bidi_controls(&notes.text) };
    if notes.text.chars().count() > MAX_NOTE {
        return Err(ApiError::bad_request(format!("notes hold at most {MAX_NOTE} characters")));
    }
    seated(&state, id, Some(&user), SPECTATORS).await?;
    state.store.set_note(id, user.id, &notes.text).await?;
    Ok(Json(notes))
}
