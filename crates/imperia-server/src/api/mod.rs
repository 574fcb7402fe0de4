//! The HTTP API. Requests and answers are JSON; every 4xx and 5xx carries `{"error": "…"}`.
//!
//! | route | what |
//! | --- | --- |
//! | `POST /api/signup`, `/api/signin`, `/api/signout`, `GET /api/me` | accounts and the session cookie ([`accounts`]) |
//! | `POST /api/me/password`, `GET`/`PUT /api/me/webhook`, `POST /api/me/webhook/test` | change the password (ending other sessions); the turn webhook, and a test message to it |
//! | `GET /api/catalogue`, `/api/catalogue/{game}`, `/api/bots` | the games, one game's board, the bot levels ([`lobby`]) |
//! | `POST /api/bots`, `GET /api/me/bots`, `POST /api/bots/{name}/token`, `…/revoke` | bot accounts: make one (its token shown once), list mine, renew or revoke its token ([`bot_accounts`]) |
//! | `GET /api/bot/ws` | a bot account's program plays its seats over the outside-bot protocol ([`bot_ws`]) |
//! | `POST /api/games`, `GET /api/games`, `POST /api/games/import` | create, list mine, import a record |
//! | `GET /api/lobby`, `GET /api/games/live` | games waiting for players; games under way, to watch: newest first, a page at a time, `?game=` for one game's |
//! | `POST /api/content`, `GET /api/content` | upload a set of one's own content files (a form); list mine ([`content`]) |
//! | `POST /api/games/{id}/join`, `/claim`, `/start` | take an open seat; take the seat of an invitation; start |
//! | `POST /api/games/{id}/seats/{seat}/invite` | the creator: a new link for an open seat (the old one stops working) |
//! | `GET /api/games/{id}`, `POST …/actions`, `…/undo` | the game as the caller may see it; act; undo ([`play`]) |
//! | `POST /api/games/{id}/rollback`, `…/rollback/answer` | propose going back past the rules' commit points; agree or refuse ([`rollback`]) |
//! | `GET`/`POST /api/games/{id}/review` | the bot's review of a finished game: read it; ask for it ([`review`]) |
//! | `GET`/`PUT /api/games/{id}/notes` | the caller's private notes on a game, which nobody else reads ([`notes`]) |
//! | `POST /api/games/{id}/hint` | the search's three best choices for the caller's decision, in a casual game ([`hints`]) |
//! | `POST /api/games/{id}/seats/{seat}/bot` | hand a seat whose time ran out to a bot |
//! | `GET /api/games/{id}/record`, `/log`, `/steps/{n}` | the record; the log in words; a past view |
//! | `GET /api/games/{id}/board` | the catalogue entry with the board of the content this game is played with |
//! | `GET /api/ratings/{game}`, `GET /api/players/{name}` | a game's leaderboard (per side too); an account's ratings and games ([`ratings`]) |
//! | `GET /api/rules/{game}` | a game's rules page: its rulebook's sections in our own words, and the rulings ([`rules`]) |
//! | `GET /api/games/{id}/ws` | the same state pushed after every change ([`ws`]) |
//! | `GET /api/openapi.json` | this API in OpenAPI 3 ([`openapi`]) |
//! | every other path | the browser UI ([`crate::web`]) |
//!
//! Who calls: the session cookie names an account (a guest's account, for someone who took a seat by
//! invitation without signing in). An invitation is spent when its seat is taken; from then only that
//! account acts for the seat.
//!
//! Every request passes [`guard`] first: size limits, the client's address, and the cross-site checks
//! (state-changing requests must be JSON, or the content upload's form, and come from this site's own
//! pages); every answer leaves with the security headers.

pub mod accounts;
pub mod bot_accounts;
pub mod bot_ws;
pub mod content;
pub mod hints;
pub mod lobby;
pub mod notes;
pub mod openapi;
pub mod play;
pub mod ratings;
pub mod review;
pub mod rollback;
pub mod rules;
pub mod talk;
pub mod ws;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde_json::json;
use tower_governor::GovernorError;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::KeyExtractor;

use crate::auth;
use crate::error::ApiError;
use crate::limits::address_key;
use crate::store::User;
use crate::table::{AppState, Shared};
use crate::thinking::{Asker, PER_ASKER, Refused, Thinking};

/// Largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Largest record accepted for import (a long game's record is a few hundred kilobytes).
pub const RECORD_LIMIT: usize = 16 * 1024 * 1024;

/// The Content-Security-Policy of every answer: only this site's own scripts, styles and connections; no
/// inline code; never framed.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; \
                   form-action 'self'; frame-ancestors 'none'";

pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(accounts::routes())
        .merge(bot_accounts::routes())
        .merge(bot_ws::routes())
        .merge(lobby::routes())
        .merge(content::routes())
        .merge(play::routes())
        .merge(talk::routes())
        .merge(ratings::routes())
        .merge(hints::routes())
        .merge(notes::routes())
        .merge(rules::routes())
        .merge(rollback::routes())
        .merge(review::routes())
        .merge(ws::routes())
        .merge(openapi::routes())
        .fallback(crate::web::routes())
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(state.limits.body_timeout))
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// A per-address rate for a group of routes: `count` requests per `period`, all of which may come at once.
fn per_address<S: Clone + Send + Sync + 'static>(routes: Router<S>, count: u32, period: Duration) -> Router<S> {
    let config = GovernorConfigBuilder::default()
        .key_extractor(ClientKey)
        .period(period / count.max(1))
        .burst_size(count.max(1))
        .finish();
    let Some(config) = config else { return routes };
    let limiter = config.limiter().clone();
    // Forget addresses that have gone quiet, so the limiter's memory stays bounded.
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                limiter.retain_recent();
                limiter.shrink_to_fit();
            }
        });
    }
    routes.layer(tower_governor::GovernorLayer::new(config))
}

/// The address the limiters count: the one [`guard`] found.
#[derive(Clone, Copy, Debug)]
struct ClientKey;

impl KeyExtractor for ClientKey {
    type Key = IpAddr;

    fn extract<T>(&self, request: &axum::http::Request<T>) -> Result<IpAddr, GovernorError> {
        request.extensions().get::<ClientAddr>().map(|c| address_key(c.0)).ok_or(GovernorError::UnableToExtractKey)
    }
}

/// The client's address: the peer's, or behind a proxy the last hop the proxy names.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        parts
            .extensions
            .get::<ClientAddr>()
            .copied()
            .ok_or_else(|| ApiError::internal("the client's address is unknown"))
    }
}

/// Limits, the client's address, the cross-site checks, and the security headers of every answer.
async fn guard(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    if let Err(refused) = admit(&state, &mut request) {
        return with_security_headers(refused.into_response(), true);
    }
    let api = request.uri().path().starts_with("/api/");
    with_security_headers(next.run(request).await, api)
}

fn admit(state: &AppState, request: &mut Request) -> Result<(), ApiError> {
    if request.uri().to_string().len() > state.limits.max_uri {
        return Err(ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!("the request's address is longer than {} bytes", state.limits.max_uri),
        ));
    }
    let header_bytes: usize = request.headers().iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    if header_bytes > state.limits.max_headers {
        return Err(ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the request's headers are larger than {} bytes", state.limits.max_headers),
        ));
    }
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let forwarded = state.options.behind_proxy.then(|| forwarded_for(request.headers())).flatten();
    let client = forwarded.or(peer).unwrap_or(IpAddr::from([0, 0, 0, 0]));
    request.extensions_mut().insert(ClientAddr(client));

    let changes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let upgrade = request.headers().get(header::UPGRADE).is_some();
    if changes || upgrade {
        same_origin(request.headers())?;
    }
    if changes && request.uri().path().starts_with("/api/") {
        let media = |wanted: &str| {
            request
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case(wanted)))
        };
        // A content upload is the one form: a folder of files (`api::content`).
        let upload = request.uri().path() == "/api/content" && media("multipart/form-data");
        if !media("application/json") && !upload {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the request body as JSON, with Content-Type: application/json ({} when there is nothing to say)",
            ));
        }
    }
    Ok(())
}

/// The client's address as the proxy in front saw it: the last `X-Forwarded-For` entry.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).next_back()?;
    last.rsplit(',').next()?.trim().parse().ok()
}

/// Refuse a request a browser made for another site's page: `Sec-Fetch-Site` other than same-origin (a
/// sibling subdomain or port is "same-site", and still refused), or an `Origin` other than this host.
/// Clients that are not browsers send neither header and are not affected.
fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let cross = || ApiError::forbidden("requests from other sites' pages are refused; use Imperia's own pages");
    if let Some(site) = headers.get("sec-fetch-site")
        && !matches!(site.to_str(), Ok("same-origin" | "none"))
    {
        return Err(cross());
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().map_err(|_| cross())?;
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).ok_or_else(cross)?;
        let authority = origin.split_once("://").map(|(_, rest)| rest.trim_end_matches('/'));
        if authority != Some(host) {
            return Err(cross());
        }
    }
    Ok(())
}

fn with_security_headers(mut response: Response, private: bool) -> Response {
    let h = response.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    h.insert("cross-origin-opener-policy", HeaderValue::from_static("same-origin"));
    h.insert("cross-origin-resource-policy", HeaderValue::from_static("same-origin"));
    if private {
        // Views hold a player's secrets: no cache, shared or not, keeps them.
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// Every error answers in JSON, including those axum, hyper's limits and the rate limiters make
/// themselves: their text becomes `{"error": …}`.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    // JSON is already an error body; HTML is the UI's own not-found page (`crate::web::serve`).
    let is_json_or_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json_or_page {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, BODY_LIMIT).await.map(|b| String::from_utf8_lossy(&b).trim().to_string());
    let message = match text {
        Ok(t) if status == StatusCode::TOO_MANY_REQUESTS => {
            format!("too many requests from your address; wait a little ({})", t.to_lowercase())
        }
        Ok(t) if !t.is_empty() => t,
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let mut answer = (status, Json(json!({ "error": message }))).into_response();
    for name in [header::RETRY_AFTER, header::ALLOW] {
        if let Some(value) = parts.headers.get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// The signed-in account, if any.
pub struct MaybeUser(pub Option<User>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Some(token) = auth::session_token(&parts.headers) else { return Ok(MaybeUser(None)) };
        Ok(MaybeUser(state.store.session_user(&auth::token_hash(&token), auth::SESSION_IDLE_SECONDS).await?))
    }
}

/// The signed-in account; 401 without one.
pub struct CurrentUser(pub User);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let MaybeUser(user) = MaybeUser::from_request_parts(parts, state).await?;
        user.map(CurrentUser).ok_or_else(ApiError::unauthorized)
    }
}

/// A JSON body, refused with a message that says what is wrong with it.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(ApiError::new(
                match rejection.status() {
                    StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
                    other => other,
                },
                format!("the request body is not valid: {}", rejection.body_text()),
            )),
        }
    }
}

/// A game by id: from memory, or from the database if another server sharing it created the game.
pub async fn find(state: &AppState, id: i64) -> Result<Shared, ApiError> {
    if let Some(game) = state.games.read().await.get(&id).cloned() {
        return Ok(game);
    }
    if let Some(why) = state.broken.read().await.get(&id) {
        return Err(ApiError::damaged(id, why));
    }
    crate::live::load_one(state, id).await?.ok_or_else(|| ApiError::not_found(format!("there is no game {id}")))
}

/// The caller's seat in a game: the seat its account holds.
pub async fn seat_of(user: Option<&User>, game: &Shared) -> Option<imperia_core::Seat> {
    let user = user?;
    game.lock().await.seats.iter().find(|s| s.user_id == Some(user.id)).map(|s| s.seat)
}

/// A game and the caller's seat in it; a spectator is refused, `spectators` saying why.
pub async fn seated(
    state: &AppState,
    id: i64,
    user: Option<&User>,
    spectators: &str,
) -> Result<(Shared, imperia_core::Seat), ApiError> {
    let game = find(state, id).await?;
    let seat = seat_of(user, &game).await.ok_or_else(|| ApiError::forbidden(spectators))?;
    Ok((game, seat))
}

/// The refusal of a hint or review that found no place in the queue for help ([`crate::thinking`]), with
/// when to ask again: `per_job` is about how long one job of this kind searches.
pub fn help_refused(refused: Refused, thinking: &Thinking, per_job: Duration, what: &str) -> ApiError {
    let per_job = per_job.as_secs().max(1);
    match refused {
        Refused::Yours { asker } => {
            let who = match asker {
                Asker::Account(_) => "your account",
                Asker::Address(_) => "your address",
            };
            ApiError::too_many(format!(
                "{who} already has {PER_ASKER} hints or reviews waiting or being made: ask for more {what} once one \
                 is done"
            ))
            .retry_after(per_job)
        }
        Refused::Full { ahead } => {
            let wait = (ahead as u64).div_ceil(thinking.help_width() as u64) * per_job;
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy with other hints and reviews ({ahead} waiting or being made): ask for {what} \
                     again in about {wait} seconds"
                ),
            )
            .retry_after(wait)
        }
    }
}

pub fn game_entry(state: &AppState, id: &str) -> Result<imperia_core::GameEntry, ApiError> {
    state.registry.get(id).copied().ok_or_else(|| {
        let shown: String = id.chars().take(40).collect();
        ApiError::bad_request(format!("there is no game `{shown}`; the games are {}", state.registry.ids().join(", ")))
    })
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use axum::response::IntoResponse;

    use super::*;

    fn retry_after(e: ApiError) -> (StatusCode, Option<String>) {
        let response = e.into_response();
        let header = response.headers().get(header::RETRY_AFTER).and_then(|v| v.to_str().ok()).map(str::to_string);
        (response.status(), header)
    }

    #[test]
    fn help_refused_says_when_to_ask_again() {
        let thinking = Thinking::new(3); // two help slots
        let hint = Duration::from_secs(4);
        let mine = Refused::Yours { asker: Asker::Account(7) };
        let e = help_refused(mine, &thinking, hint, "hints");
        assert!(e.message.contains("your account already has 2"), "{}", e.message);
        assert_eq!(retry_after(e), (StatusCode::TOO_MANY_REQUESTS, Some("4".into())));
        let home = Refused::Yours { asker: Asker::Address(IpAddr::V4(Ipv4Addr::LOCALHOST)) };
        assert!(help_refused(home, &thinking, hint, "hints").message.starts_with("your address"));
        // Eight ahead on two slots: four hints' time.
        let e = help_refused(Refused::Full { ahead: 8 }, &thinking, hint, "hints");
        assert!(e.message.contains("8 waiting") && e.message.contains("16 seconds"), "{}", e.message);
        assert_eq!(retry_after(e), (StatusCode::SERVICE_UNAVAILABLE, Some("16".into())));
    }
}
