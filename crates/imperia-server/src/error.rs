//! Every error the API returns: a status and a JSON body `{"error": "…"}` that says what is wrong; a stale
//! client also gets the game as it now is.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::store::StoreError;
use crate::table::{GameState, TableError};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// For a conflict: the current version and the caller's view of it.
    pub current: Option<(i64, Box<GameState>)>,
    /// More for the client to act on, beside `error` in the body: `rule` (the section of the rules page a
    /// refusal by the rules cites), `revealed_at` (the step since which going back needs `informed`).
    pub more: serde_json::Map<String, serde_json::Value>,
    /// For a refusal of the moment (429, 503): seconds before asking again is worth it (`Retry-After`).
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), current: None, more: Default::default(), retry_after: None }
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
            more: Default::default(),
            retry_after: None,
        }
    }

    /// A game that cannot be played any more, and why.
    pub fn damaged(id: i64, why: &str) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, format!("game {id} is damaged and cannot be played: {why}"))
    }

    /// This error with `value` under `key` in its body, beside `error`.
    pub fn with(mut self, key: &str, value: serde_json::Value) -> Self {
        self.more.insert(key.into(), value);
        self
    }

    /// This error, telling the client to ask again in `seconds` (at least one).
    pub fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds.max(1));
        self
    }

    pub fn too_many(message: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        tracing::error!("storage: {e}");
        match e {
            StoreError::Damaged(why) => Self::internal(format!("stored data is damaged: {why}")),
            StoreError::Conflict => Self::new(StatusCode::CONFLICT, "the game has moved on; load it again"),
            _ => Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server cannot store anything just now; nothing was changed, so try again in a moment",
            ),
        }
    }
}

impl From<crate::content::ContentError> for ApiError {
    fn from(e: crate::content::ContentError) -> ApiError {
        TableError::from(e).into()
    }
}

impl From<TableError> for ApiError {
    fn from(e: TableError) -> Self {
        match e {
            TableError::NotStarted => Self::new(StatusCode::CONFLICT, e.to_string()),
            TableError::Stale { version, state } => ApiError::conflict(version, *state),
            TableError::Refused(why) => Self::unprocessable(why),
            TableError::Illegal { why, rule } => Self::unprocessable(why).with("rule", json!(rule)),
            TableError::Revealed { at, .. } => Self::unprocessable(e.to_string()).with("revealed_at", json!(at)),
            TableError::NoGame(_) | TableError::NotFound(_) => Self::not_found(e.to_string()),
            TableError::Conflict(why) => Self::new(StatusCode::CONFLICT, why),
            TableError::Forbidden(why) => Self::forbidden(why),
            TableError::Gone(why) => Self::new(StatusCode::GONE, why),
            TableError::Damaged { .. } => Self::internal(e.to_string()),
            TableError::Store(e) => e.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.current {
            Some((version, state)) => json!({ "error": self.message, "version": version, "game": state }),
            None => {
                let mut body = self.more;
                body.insert("error".into(), self.message.into());
                serde_json::Value::Object(body)
            }
        };
        let mut response = (self.status, Json(body)).into_response();
        let retry_after = self.retry_after.or((self.status == StatusCode::SERVICE_UNAVAILABLE).then_some(5));
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}
