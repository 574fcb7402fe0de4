//! The rules pages: each game's rulebook index in our own words and its rulings ([`crate::rulebooks`]).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::error::ApiError;
use crate::rulebooks::Rulebook;
use crate::table::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/rules/{game}", get(rules))
}

/// A game's rules page, and this server's own rule for rated games that the page's fair-play part states.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RulesPage {
    #[serde(flatten)]
    book: Rulebook,
    /// The shortest clock a rated game may have, in seconds a decision.
    rated_min_per_move_seconds: i64,
}

#[utoipa::path(get, path = "/api/rules/{game}", tag = "lobby",
    params(("game" = String, Path, description = "The game's id, as the catalogue gives it")),
    responses((status = 200, description = "The rulebook's sections in our own words, the rulings, and the shortest clock of a rated game", body = RulesPage),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn rules(State(state): State<AppState>, Path(game): Path<String>) -> Result<Json<RulesPage>, ApiError> {
    match state.rulebooks.get(&game) {
        Some(book) => {
            Ok(Json(RulesPage { book: book.clone(), rated_min_per_move_seconds: state.limits.rated_min_per_move }))
        }
        None => {
            Err(ApiError::not_found(format!("there is no game `{}` here", game.chars().take(40).collect::<String>())))
        }
    }
}
