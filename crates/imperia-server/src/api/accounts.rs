//! Accounts: sign up, sign in and out (here or everywhere), the password, the turn webhook.
//!
//! Sign-ups are limited per address, sign-ins per address and name (so nobody can lock an owner out from
//! elsewhere), and both routes per address besides; passwords are hashed on the bounded pool of
//! [`crate::auth::Passwords`].

use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::{Body, ClientAddr, CurrentUser, per_address};
use crate::auth;
use crate::error::ApiError;
use crate::limits::address_key;
use crate::store::User;
use crate::table::AppState;

pub fn routes() -> Router<AppState> {
    let guarded = Router::new()
        .route("/api/signup", post(signup))
        .route("/api/signin", post(signin))
        .route("/api/me/password", post(change_password));
    // A test message leaves the server for a host of the player's choosing: a few a minute.
    let outbound =
        per_address(Router::new().route("/api/me/webhook/test", post(test_webhook)), 5, Duration::from_secs(60));
    per_address(guarded, 30, Duration::from_secs(60))
        .merge(outbound)
        .route("/api/signout", post(signout))
        .route("/api/me", get(me))
        .route("/api/me/webhook", put(set_webhook).get(webhook))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3 to 32 characters: letters (any script, accents too), digits, spaces, and _ - . '
    name: String,
    /// 8 to 128 characters, and not a common one.
    password: String,
}

/// Who is signed in.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Me {
    pub name: String,
    /// A guest: seated by an invitation, with no password.
    pub guest: bool,
}

impl From<&User> for Me {
    fn from(user: &User) -> Self {
        Me { name: user.name.clone(), guest: user.guest }
    }
}

/// An answer that sets (or clears) the session cookie.
pub fn with_cookie(status: StatusCode, cookie: &str, body: impl Serialize) -> Response {
    let mut response = (status, Json(body)).into_response();
    set_cookie(&mut response, cookie);
    response
}

/// Make `response` set the session cookie.
pub fn set_cookie(response: &mut Response, cookie: &str) {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
}

/// Start a session for `user`; its cookie, to send back.
pub async fn start_session(state: &AppState, user: &User) -> Result<String, ApiError> {
    let token = auth::token().map_err(ApiError::internal)?;
    state.store.create_session(&auth::token_hash(&token), user.id).await?;
    Ok(auth::session_cookie(&token, state.options.secure_cookies))
}

#[utoipa::path(post, path = "/api/signup", tag = "accounts", request_body = Credentials,
    responses((status = 201, description = "Signed up and in: the session cookie is set", body = Me),
              (status = 400, description = "Name or password not acceptable", body = super::openapi::ErrorBody),
              (status = 409, description = "The name is taken (names differing only in case or look-alike letters are one name)", body = super::openapi::ErrorBody),
              (status = 429, description = "Too many accounts made from this address", body = super::openapi::ErrorBody)))]
pub async fn signup(
    State(state): State<AppState>,
    client: ClientAddr,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    let name = auth::display_name(&c.name).map_err(ApiError::bad_request)?;
    auth::check_password(&c.password, &name).map_err(ApiError::bad_request)?;
    if !state.limiters.signups.allow(&address_key(client.0)) {
        return Err(ApiError::too_many("too many accounts have been made from your address; try again later"));
    }
    let hash = state.passwords.hash(&c.password).await.map_err(ApiError::internal)?;
    let Some(id) = state.store.create_user(&name, &auth::name_key(&name), &hash, false).await? else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("the name {name} is taken (or one that looks the same)"),
        ));
    };
    let user = User { id, name, guest: false };
    let cookie = start_session(&state, &user).await?;
    Ok(with_cookie(StatusCode::CREATED, &cookie, Me::from(&user)))
}

#[utoipa::path(post, path = "/api/signin", tag = "accounts", request_body = Credentials,
    responses((status = 200, description = "Signed in: the session cookie is set", body = Me),
              (status = 401, description = "Wrong name or password", body = super::openapi::ErrorBody),
              (status = 429, description = "Too many attempts for this name from this address", body = super::openapi::ErrorBody)))]
pub async fn signin(
    State(state): State<AppState>,
    client: ClientAddr,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    let wrong = || ApiError::new(StatusCode::UNAUTHORIZED, "wrong name or password");
    if c.name.chars().count() > *auth::NAME_CHARS.end() * 2 || c.password.chars().count() > *auth::PASSWORD_CHARS.end()
    {
        return Err(wrong());
    }
    let key = auth::name_key(&c.name);
    if !state.limiters.signins.allow(&(address_key(client.0), key.clone())) {
        return Err(ApiError::too_many("too many sign-in attempts for this name; wait a minute"));
    }
    // A name with no account costs the same hash check as one with, so the answer's timing tells nothing.
    let found = state.store.user_by_name(&c.name).await?;
    let hash = found.as_ref().map(|(_, hash)| hash.as_str());
    if !state.passwords.verify(&c.password, hash).await {
        return Err(wrong());
    }
    let Some((user, _)) = found else { return Err(wrong()) };
    let cookie = start_session(&state, &user).await?;
    Ok(with_cookie(StatusCode::OK, &cookie, Me::from(&user)))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignOut {
    /// End every session of the account, on every device, not only this one.
    #[serde(default)]
    everywhere: bool,
}

#[utoipa::path(post, path = "/api/signout", tag = "accounts", request_body = SignOut,
    responses((status = 200, description = "Signed out: the session (or every session) ends and its cookie is cleared")))]
pub async fn signout(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<SignOut>,
) -> Result<Response, ApiError> {
    if let Some(token) = auth::session_token(&headers) {
        let hash = auth::token_hash(&token);
        if request.everywhere
            && let Some(user) = state.store.session_user(&hash, auth::SESSION_IDLE_SECONDS).await?
        {
            state.store.delete_sessions_of(user.id, None).await?;
        }
        state.store.delete_session(&hash).await?;
    }
    Ok(with_cookie(StatusCode::OK, &auth::clear_cookie(state.options.secure_cookies), serde_json::json!({})))
}

#[utoipa::path(get, path = "/api/me", tag = "accounts",
    responses((status = 200, description = "The signed-in player; the session cookie is renewed", body = Me),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody)))]
pub async fn me(State(state): State<AppState>, headers: HeaderMap, CurrentUser(user): CurrentUser) -> Response {
    // Renew the cookie's lifetime, so a player who comes back within the idle limit stays signed in.
    match auth::session_token(&headers) {
        Some(token) => {
            with_cookie(StatusCode::OK, &auth::session_cookie(&token, state.options.secure_cookies), Me::from(&user))
        }
        None => Json(Me::from(&user)).into_response(),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    current: String,
    new: String,
}

#[utoipa::path(post, path = "/api/me/password", tag = "accounts", request_body = PasswordChange,
    responses((status = 200, description = "Changed; every other session of the account has ended", body = PasswordChanged),
              (status = 400, description = "The new password is not acceptable", body = super::openapi::ErrorBody),
              (status = 403, description = "The current password is wrong, or the account is a guest's", body = super::openapi::ErrorBody)))]
pub async fn change_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    CurrentUser(user): CurrentUser,
    Body(change): Body<PasswordChange>,
) -> Result<Json<PasswordChanged>, ApiError> {
    let hash = state.store.password_hash(user.id).await?;
    if hash.is_none() {
        return Err(ApiError::forbidden("a guest has no password; sign up for an account of your own"));
    }
    if change.current.chars().count() > *auth::PASSWORD_CHARS.end()
        || !state.passwords.verify(&change.current, hash.as_deref()).await
    {
        return Err(ApiError::forbidden("the current password is wrong"));
    }
    auth::check_password(&change.new, &user.name).map_err(ApiError::bad_request)?;
    let new = state.passwords.hash(&change.new).await.map_err(ApiError::internal)?;
    state.store.set_password(user.id, &new).await?;
    let keep = auth::session_token(&headers).map(|t| auth::token_hash(&t));
    let ended = state.store.delete_sessions_of(user.id, keep.as_deref()).await?;
    Ok(Json(PasswordChanged { changed: true, other_sessions_ended: ended }))
}

/// A changed password.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PasswordChanged {
    changed: bool,
    /// How many other sessions of the account were ended.
    other_sessions_ended: u64,
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Webhook {
    /// An http(s) URL of a public host to post `{"content": …}` to, or null to stop.
    url: Option<String>,
}

#[utoipa::path(get, path = "/api/me/webhook", tag = "accounts",
    responses((status = 200, description = "The URL called when it is the player's turn, or null", body = Webhook),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody)))]
pub async fn webhook(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> Result<Json<Webhook>, ApiError> {
    Ok(Json(Webhook { url: state.store.webhook(user.id).await? }))
}

/// A test message sent.
#[derive(Serialize, utoipa::ToSchema)]
pub struct WebhookTested {
    delivered: bool,
}

#[utoipa::path(post, path = "/api/me/webhook/test", tag = "accounts",
    responses((status = 200, description = "A test message was delivered to the saved URL", body = WebhookTested),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 404, description = "No webhook is saved", body = super::openapi::ErrorBody),
              (status = 429, description = "Five tests a minute", body = super::openapi::ErrorBody),
              (status = 502, description = "The host did not take the message; the reason says why", body = super::openapi::ErrorBody)))]
pub async fn test_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<WebhookTested>, ApiError> {
    let Some(url) = state.store.webhook(user.id).await? else {
        return Err(ApiError::not_found("no webhook is saved: save its URL first"));
    };
    let private = state.options.webhooks_to_private;
    let message = format!("Imperia: {}'s turn notifications will come here.", user.name);
    crate::webhook::send(url, message, private).await.map_err(|e| {
        ApiError::new(axum::http::StatusCode::BAD_GATEWAY, format!("the message was not delivered: {e}"))
    })?;
    Ok(Json(WebhookTested { delivered: true }))
}

#[utoipa::path(put, path = "/api/me/webhook", tag = "accounts", request_body = Webhook,
    responses((status = 200, description = "Saved: the URL now called, or null", body = Webhook),
              (status = 400, description = "Not an http(s) URL of a public host", body = super::openapi::ErrorBody),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody)))]
pub async fn set_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(hook): Body<Webhook>,
) -> Result<Json<Webhook>, ApiError> {
    if let Some(url) = &hook.url {
        crate::webhook::check_url(url, state.options.webhooks_to_private).map_err(ApiError::bad_request)?;
    }
    state.store.set_webhook(user.id, hook.url.as_deref()).await?;
    Ok(Json(hook))
}
