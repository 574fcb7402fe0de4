//! Going back past the rules' commit points when every seat agrees ([`crate::rollback`]): a player proposes,
//! the others answer; the open proposal and the rollbacks agreed are part of the game's state.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;

use super::{Body, MaybeUser, per_address, seated};
use crate::error::ApiError;
use crate::rollback::{self, Answer, Propose};
use crate::table::AppState;

pub fn routes() -> Router<AppState> {
    let routes = Router::new()
        .route("/api/games/{id}/rollback", post(propose))
        .route("/api/games/{id}/rollback/answer", post(answer));
    // A proposal goes to every other player: a few a minute is all a table needs.
    per_address(routes, 20, Duration::from_secs(60))
}

/// Why a spectator has no say.
const SPECTATORS: &str = "only the players of a game may propose or agree to going back";

/// Whether the game went back.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RolledBackNow {
    /// Every seat has agreed and the game stands at the step proposed; false while others must still agree,
    /// or after a "no".
    rolled_back: bool,
}

#[utoipa::path(post, path = "/api/games/{id}/rollback", tag = "play", request_body = Propose,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Proposed, or (every other seat a bot in a casual game) done", body = RolledBackNow),
              (status = 403, description = "No seat in this game, or a rated game with a bot", body = super::openapi::ErrorBody),
              (status = 409, description = "Stale version, a proposal already open, or the game not under way", body = super::openapi::ErrorBody),
              (status = 422, description = "Not an earlier step, or something hidden came to light since and `informed` was not given", body = super::openapi::ErrorBody)))]
pub async fn propose(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    Body(request): Body<Propose>,
) -> Result<Json<RolledBackNow>, ApiError> {
    let (game, seat) = seated(&state, id, user.as_ref(), SPECTATORS).await?;
    let rolled_back = rollback::propose(&state, &game, seat, &request).await?;
    Ok(Json(RolledBackNow { rolled_back }))
}

#[utoipa::path(post, path = "/api/games/{id}/rollback/answer", tag = "play", request_body = Answer,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Answered; the game went back if this was the last agreement needed", body = RolledBackNow),
              (status = 403, description = "No seat in this game", body = super::openapi::ErrorBody),
              (status = 404, description = "No proposal is open", body = super::openapi::ErrorBody),
              (status = 409, description = "Stale version", body = super::openapi::ErrorBody)))]
pub async fn answer(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    Body(request): Body<Answer>,
) -> Result<Json<RolledBackNow>, ApiError> {
    let (game, seat) = seated(&state, id, user.as_ref(), SPECTATORS).await?;
    let rolled_back = rollback::answer(&state, &game, seat, &request).await?;
    Ok(Json(RolledBackNow { rolled_back }))
}
