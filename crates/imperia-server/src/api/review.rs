//! The bot's review of a finished game ([`crate::review`]): asked for once, made in the background, read by
//! anyone who may see the game; of a game that hides information, by its players only (as its record).

use std::time::Duration;

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};

use super::{ClientAddr, CurrentUser, MaybeUser, find, help_refused, per_address, seat_of};
use crate::error::ApiError;
use crate::limits::address_key;
use crate::review::{self, ReviewState};
use crate::table::AppState;
use crate::thinking::Asker;

pub fn routes() -> Router<AppState> {
    // Asking starts a long search, so each address may ask only a few times a minute; reading is cheap.
    let ask = per_address(
        Router::new().route("/api/games/{id}/review", axum::routing::post(ask)),
        4,
        Duration::from_secs(60),
    );
    Router::new().route("/api/games/{id}/review", get(read)).merge(ask)
}

#[utoipa::path(get, path = "/api/games/{id}/review", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Where the review stands: none, running (steps done of all), ready (the slips), failed, unavailable (only bots played: none can be made), or withheld (a game that hides information, read by someone not seated in it)", body = ReviewState),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn read(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
) -> Result<Json<ReviewState>, ApiError> {
    let game = find(&state, id).await?;
    if let Some(why) = review::unavailable(&*game.lock().await) {
        return Ok(Json(ReviewState::Unavailable { why }));
    }
    if let Some(withheld) = withheld(user.as_ref(), &game).await {
        return Ok(Json(withheld));
    }
    Ok(Json(review::state_of(&state, id).await?))
}

/// The review of a game that hides information, to someone not seated in it: withheld, as its record is.
async fn withheld(user: Option<&crate::store::User>, game: &crate::table::Shared) -> Option<ReviewState> {
    let hidden = game.lock().await.m.has_hidden_information();
    (hidden && seat_of(user, game).await.is_none()).then(|| ReviewState::Withheld {
        why: "this game hides information, and its review tells what each player chose in private: only its \
              players read it"
            .into(),
    })
}

#[utoipa::path(post, path = "/api/games/{id}/review", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Started, or already under way or made: where it stands", body = ReviewState),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 403, description = "The game has been in a position of a rated game still running: no review until that game ends", body = super::openapi::ErrorBody),
              (status = 409, description = "The game is not over, or only bots played it", body = super::openapi::ErrorBody),
              (status = 429, description = "Asked too often from this address, or this account or address already has its share of hints and reviews waiting (`Retry-After`)", body = super::openapi::ErrorBody),
              (status = 503, description = "Every place in the queue for hints and reviews is taken (`Retry-After`)", body = super::openapi::ErrorBody)))]
pub async fn ask(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    CurrentUser(user): CurrentUser,
    ClientAddr(address): ClientAddr,
) -> Result<Json<ReviewState>, ApiError> {
    let game = find(&state, id).await?;
    if let Some(withheld) = withheld(Some(&user), &game).await {
        return Ok(Json(withheld));
    }
    // A review made or under way is only read: it needs no place in the queue.
    if let now @ (ReviewState::Running { .. } | ReviewState::Ready { .. }) = review::state_of(&state, id).await? {
        return Ok(Json(now));
    }
    let place = state.thinking.queue_help(&[Asker::Account(user.id), Asker::Address(address_key(address))]);
    let place = place.map_err(|refused| help_refused(refused, &state.thinking, review::TIME_PER_PART, "reviews"))?;
    Ok(Json(review::start(&state, id, &game, place).await?))
}
