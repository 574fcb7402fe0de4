//! Talking at a game: a seated player says a line to the whole table or to a private channel of some seats.
//! What each viewer may read comes with the game's state (`GameState::chat`), over HTTP and the WebSocket.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use imperia_core::Seat;
use serde::Deserialize;

use super::{Body, MaybeUser, per_address, seated};
use crate::error::ApiError;
use crate::live::announce;
use crate::table::AppState;
use crate::talk::{self, ChatView, MAX_CHAT_LINES, check_line};

pub fn routes() -> Router<AppState> {
    // Talk is cheap to store but costly to read for everyone: 30 lines a minute per address.
    per_address(Router::new().route("/api/games/{id}/chat", post(say)), 30, Duration::from_secs(60))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Say {
    /// At most 500 characters.
    text: String,
    /// The other seats of a private channel (the speaker is always in it); absent for the whole table,
    /// spectators included.
    #[serde(default)]
    to: Option<Vec<Seat>>,
}

#[utoipa::path(post, path = "/api/games/{id}/chat", tag = "play", request_body = Say,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Said and stored: the line as its readers see it", body = ChatView),
              (status = 400, description = "An empty or overlong line, or a channel naming no other seat or a seat the game lacks", body = super::openapi::ErrorBody),
              (status = 403, description = "No seat in this game: spectators read the table talk but do not speak", body = super::openapi::ErrorBody),
              (status = 409, description = "The game's chat is full", body = super::openapi::ErrorBody),
              (status = 422, description = "The game's rules allow no private talk now; the message cites them", body = super::openapi::ErrorBody),
              (status = 429, description = "Too many lines from this address; wait a little", body = super::openapi::ErrorBody)))]
pub async fn say(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    Body(request): Body<Say>,
) -> Result<Json<ChatView>, ApiError> {
    let (game, seat) =
        seated(&state, id, user.as_ref(), "you have no seat in this game; spectators read the table talk only").await?;
    let mut g = game.lock().await;
    let (text, audience) =
        check_line(&request.text, request.to.as_deref(), seat, g.seats.len()).map_err(ApiError::bad_request)?;
    if audience.is_some() {
        // The game's rules may keep private talk to a part of the turn.
        talk::private_talk(&g).map_err(ApiError::unprocessable)?;
    }
    let line = state.store.add_chat(id, seat, audience, &text, MAX_CHAT_LINES).await?.ok_or_else(|| {
        ApiError::new(StatusCode::CONFLICT, format!("this game's chat is full ({MAX_CHAT_LINES} lines)"))
    })?;
    let said = talk::keep_line(&mut g, line).ok_or_else(|| ApiError::internal("the line just said is missing"))?;
    announce(&state, &g);
    Ok(Json(said))
}
