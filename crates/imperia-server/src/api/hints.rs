//! Hints: "what would the bot do?" for the player whose decision it is, in a casual game. The search sees
//! what the player sees (its view, the rest sampled), as every bot does; it waits its turn for a slot after
//! the games' bots ([`crate::thinking`]), at a bounded budget, and each address may ask a few times a
//! minute. Rated games give no hints: a rating measures the player, not the bot beside them; nor does a game
//! that has been in a position of a rated game still running, a copy of it ([`crate::fairness`]).

use std::time::Duration;

use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use imperia_bots::Hint;
use serde::{Deserialize, Serialize};

use super::{Body, ClientAddr, MaybeUser, help_refused, per_address, seated};
use crate::auth;
use crate::error::ApiError;
use crate::limits::address_key;
use crate::table::AppState;
use crate::thinking::Asker;
use crate::thought::{Answer, Thought};

/// How hard the search looks: the expert level's iterations, and never longer than this.
const ITERATIONS: u64 = 2000;
const TIME: Duration = Duration::from_secs(4);
/// How many of the search's choices are shown.
const SHOWN: usize = 3;

pub fn routes() -> Router<AppState> {
    // A hint is a search: the costliest request there is, so it is rationed per address.
    per_address(Router::new().route("/api/games/{id}/hint", post(hint)), 6, Duration::from_secs(60))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The version the client saw: a hint is for that position only.
    version: i64,
}

/// The search's best choices for the caller's decision.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Hints {
    /// The version the hints are for.
    version: i64,
    /// How many lines the search played out.
    iterations: u64,
    /// Best first: each action (as `legal_actions` gives it), its label, the search's estimate of the
    /// player's chances after it (0 to 1), and how many of the lines went through it.
    #[schema(value_type = Vec<Object>)]
    hints: Vec<Hint>,
}

#[utoipa::path(post, path = "/api/games/{id}/hint", tag = "play", request_body = HintRequest,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The search's three best choices for the caller's decision", body = Hints),
              (status = 403, description = "A spectator, a rated game (hints are off there), or a game that has been in a position of a rated game still running", body = super::openapi::ErrorBody),
              (status = 409, description = "The game has moved on from that version, or it is not the caller's decision", body = super::openapi::ErrorBody),
              (status = 429, description = "Too many hints asked for from this address, or this account or address already has its share of hints and reviews waiting (`Retry-After`)", body = super::openapi::ErrorBody),
              (status = 503, description = "Every place in the queue for hints and reviews is taken (`Retry-After`)", body = super::openapi::ErrorBody)))]
pub async fn hint(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    ClientAddr(address): ClientAddr,
    Body(request): Body<HintRequest>,
) -> Result<Json<Hints>, ApiError> {
    let (game, seat) =
        seated(&state, id, user.as_ref(), "hints are for the players of a game; spectators get none").await?;
    let (record, content, game_id) = {
        let g = game.lock().await;
        if g.rated {
            return Err(ApiError::forbidden("this game is rated: it gives no hints"));
        }
        if g.version != request.version {
            return Err(ApiError::new(axum::http::StatusCode::CONFLICT, "the game has moved on; ask again"));
        }
        if !g.started || !g.m.to_act().includes(seat) {
            return Err(ApiError::new(axum::http::StatusCode::CONFLICT, "it is not your decision"));
        }
        (g.m.record(), g.content.clone(), g.m.game_id())
    };
    crate::fairness::no_help_for_rated(&state, &game, "hints").await?;
    if imperia_games::bots_for(game_id).is_none() {
        return Err(ApiError::not_found(format!("no bot plays {game_id}, so none can give a hint")));
    }
    let seed = auth::seed().map_err(ApiError::internal)?;
    let askers = [user.as_ref().map(|u| Asker::Account(u.id)), Some(Asker::Address(address_key(address)))];
    let place = state.thinking.queue_help(&askers.into_iter().flatten().collect::<Vec<_>>());
    let place = place.map_err(|refused| help_refused(refused, &state.thinking, TIME, "hints"))?;
    let thought = Thought::Hint {
        record: crate::thought::travelling(record),
        seat,
        iterations: ITERATIONS,
        time_ms: TIME.as_millis() as u64,
        seed,
    };
    let Answer::Hint(mut hints) = place.think(thought, content).await.map_err(ApiError::internal)? else {
        return Err(ApiError::internal("the search answered something else than hints"));
    };
    let iterations = hints.iter().map(|h| h.visits).sum();
    hints.truncate(SHOWN);
    Ok(Json(Hints { version: request.version, iterations, hints }))
}
