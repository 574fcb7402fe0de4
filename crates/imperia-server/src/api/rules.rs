//! The rules pages: each game's rulebook index in our own words and its rulings ([`crate::rulebooks`]).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};

use crate::error::ApiError;
use crate::live::AppState;
use crate::rulebooks::Rulebook;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/rules/{game}", get(rules))
}

#[utoipa::path(get, path = "/api/rules/{game}", tag = "lobby",
    params(("game" = String, Path, description = "The game's id, as the catalogue gives it")),
    responses((status = 200, description = "The rulebook's sections in our own words, and the rulings", body = Rulebook),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn rules(State(state): State<AppState>, Path(game): Path<String>) -> Result<Json<Rulebook>, ApiError> {
    match state.rulebooks.get(&game) {
        Some(book) => Ok(Json(book.clone())),
        None => {
            Err(ApiError::not_found(format!("there is no game `{}` here", game.chars().take(40).collect::<String>())))
        }
    }
}
