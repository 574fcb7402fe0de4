//! Every error the API returns: a status and a JSON body `{"error": "…"}` that says what is wrong; a stale
//! client also gets the game as it now is.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::live::GameState;
use crate::store::StoreError;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// For a conflict: the current version and the caller's view of it.
    pub current: Option<(i64, Box<GameState>)>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), current: None }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "sign in first")
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    pub fn conflict(version: i64, state: GameState) -> Self {
        ApiError {
            status: StatusCode::CONFLICT,
            message: format!("the game has moved on to version {version}; here it is as it now stands"),
            current: Some((version, Box::new(state))),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        eprintln!("imperia-server: storage error: {e}");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "the server could not store that; nothing was changed")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.current {
            Some((version, state)) => json!({ "error": self.message, "version": version, "game": state }),
            None => json!({ "error": self.message }),
        };
        (self.status, Json(body)).into_response()
    }
}
