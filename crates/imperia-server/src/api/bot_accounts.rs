//! Bot accounts, for their owners: make one, list them, renew or revoke a token ([`crate::bot_accounts`]
//! plays them). A token is shown once, when made; the server keeps its hash, as for sessions and
//! invitations. Guests make none, and a person makes at most [`MAX_BOTS`].

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::{Body, CurrentUser};
use crate::auth;
use crate::bot_accounts::MAX_BOTS;
use crate::error::ApiError;
use crate::store::{BotAccount, NewBot, User};
use crate::table::AppState;

pub fn routes() -> Router<AppState> {
    // `POST /api/bots` (make one) shares its path with the lobby's list of levels: `api::lobby`.
    Router::new()
        .route("/api/me/bots", get(mine))
        .route("/api/bots/{name}/token", post(renew))
        .route("/api/bots/{name}/revoke", post(revoke))
}

/// A new bot account.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewBotAccount {
    /// As an account's: 3 to 32 characters, letters, digits, spaces and _ - . '; unique among all accounts.
    name: String,
}

/// A bot account's token, shown this once: its program connects with it (`GET /api/bot/ws`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct BotToken {
    name: String,
    token: String,
}

/// A person's account, not a guest's: bot accounts answer to someone who can be found again.
fn person(user: &User) -> Result<(), ApiError> {
    if user.guest {
        return Err(ApiError::forbidden("guests make no bot accounts; sign up first"));
    }
    Ok(())
}

#[utoipa::path(post, path = "/api/bots", tag = "bots", request_body = NewBotAccount,
    responses((status = 201, description = "Made: its token, shown this once", body = BotToken),
              (status = 400, description = "The name is not acceptable", body = super::openapi::ErrorBody),
              (status = 403, description = "A guest", body = super::openapi::ErrorBody),
              (status = 409, description = "The name is taken", body = super::openapi::ErrorBody),
              (status = 429, description = "The owner has the most bot accounts already", body = super::openapi::ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(new): Body<NewBotAccount>,
) -> Result<Response, ApiError> {
    person(&user)?;
    let name = auth::display_name(&new.name).map_err(ApiError::bad_request)?;
    let token = auth::token().map_err(ApiError::internal)?;
    let key = auth::name_key(&name);
    match state.store.create_bot(user.id, (&name, &key), &auth::token_hash(&token), MAX_BOTS).await? {
        NewBot::Made(_) => Ok((StatusCode::CREATED, Json(BotToken { name, token })).into_response()),
        NewBot::NameTaken => {
            Err(ApiError::new(StatusCode::CONFLICT, format!("the name {name} is taken (or one that looks the same)")))
        }
        NewBot::TooMany(had) => Err(ApiError::too_many(format!(
            "you have {had} bot accounts, the most one person may have; revoke a token and reuse its account"
        ))),
    }
}

#[utoipa::path(get, path = "/api/me/bots", tag = "bots",
    responses((status = 200, description = "The caller's bot accounts, oldest first", body = Vec<BotAccount>)))]
pub async fn mine(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<BotAccount>>, ApiError> {
    Ok(Json(state.store.bots_of(user.id).await?))
}

/// The caller's bot account named `name`.
async fn own_bot(state: &AppState, user: &User, name: &str) -> Result<BotAccount, ApiError> {
    let key = auth::name_key(name);
    let bots = state.store.bots_of(user.id).await?;
    bots.into_iter().find(|b| auth::name_key(&b.name) == key).ok_or_else(|| {
        let shown: String = name.chars().take(40).collect();
        ApiError::not_found(format!("you have no bot account named {shown}"))
    })
}

#[utoipa::path(post, path = "/api/bots/{name}/token", tag = "bots",
    params(("name" = String, Path, description = "One of the caller's bot accounts")),
    responses((status = 200, description = "A new token, shown this once; the old one no longer connects", body = BotToken),
              (status = 404, description = "The caller has no such bot account", body = super::openapi::ErrorBody)))]
pub async fn renew(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(name): Path<String>,
) -> Result<Json<BotToken>, ApiError> {
    let bot = own_bot(&state, &user, &name).await?;
    let token = auth::token().map_err(ApiError::internal)?;
    if !state.store.set_bot_token(user.id, bot.id, Some(&auth::token_hash(&token))).await? {
        return Err(ApiError::not_found(format!("you have no bot account named {}", bot.name)));
    }
    Ok(Json(BotToken { name: bot.name, token }))
}

#[utoipa::path(post, path = "/api/bots/{name}/revoke", tag = "bots",
    params(("name" = String, Path, description = "One of the caller's bot accounts")),
    responses((status = 200, description = "Its token no longer connects (renew to make another)", body = BotAccount),
              (status = 404, description = "The caller has no such bot account", body = super::openapi::ErrorBody)))]
pub async fn revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(name): Path<String>,
) -> Result<Json<BotAccount>, ApiError> {
    let bot = own_bot(&state, &user, &name).await?;
    if !state.store.set_bot_token(user.id, bot.id, None).await? {
        return Err(ApiError::not_found(format!("you have no bot account named {}", bot.name)));
    }
    Ok(Json(BotAccount { has_token: false, ..bot }))
}
