//! The HTTP API. Requests and answers are JSON; every 4xx carries `{"error": "…"}`.
//!
//! | route | what |
//! | --- | --- |
//! | `POST /api/signup`, `/api/signin`, `/api/signout`, `GET /api/me` | accounts and the session cookie |
//! | `GET /` and every path outside `/api` | the browser UI (the files of `web/`, see [`crate::web`]) |
//! | `GET /api/catalogue` | the games that can be created |
//! | `GET /api/catalogue/{game}` | one game, with its printed board as data, for a client to draw it |
//! | `POST /api/games`, `GET /api/games` | create a game (signed in); my games, where it is my turn first |
//! | `POST /api/games/import` | a game from a record, to continue or review it (signed in) |
//! | `GET /api/games/{id}` | the game as the caller may see it, with its legal actions |
//! | `GET /api/lobby` | games waiting for players |
//! | `POST /api/games/{id}/join`, `/start` | take an open seat (signed in); start the game (its creator) |
//! | `POST /api/games/{id}/seats/{seat}/bot` | hand a seat whose time ran out to a bot (another player) |
//! | `PUT /api/me/webhook` | where to post "your turn" notifications (Discord-compatible) |
//! | `POST /api/games/{id}/actions`, `/undo` | act or undo, with the version the client saw |
//! | `GET /api/games/{id}/record` | the record, for export and replay |
//! | `GET /api/games/{id}/log` | every step's events in plain words, as the caller may see them |
//! | `GET /api/games/{id}/steps/{n}` | the caller's own view after step `n`, for looking back |
//! | `GET /api/games/{id}/ws` | the same state pushed after every change |
//! | `GET /api/openapi.json` | this API described in OpenAPI 3, generated from the code |
//!
//! A guest with an invitation passes its token as the `x-imperia-invite` header or the `invite` query
//! parameter.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use imperia_bots::BotSpec;
use imperia_core::Seat;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::auth;
use crate::error::ApiError;
use crate::live::{self, AppState, GameState, Shared};
use crate::store::{Clock, SeatRow};

/// Largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Largest record accepted for import (a long game's record is a few hundred kilobytes).
pub const RECORD_LIMIT: usize = 16 * 1024 * 1024;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/signup", post(signup))
        .route("/api/signin", post(signin))
        .route("/api/signout", post(signout))
        .route("/api/me", get(me))
        .route("/api/me/webhook", put(set_webhook))
        .route("/api/catalogue", get(catalogue))
        .route("/api/catalogue/{game}", get(catalogue_game))
        .route("/api/games", post(create_game).get(my_games))
        .route("/api/games/import", post(import_game).layer(axum::extract::DefaultBodyLimit::max(RECORD_LIMIT)))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/start", post(start))
        .route("/api/lobby", get(lobby))
        .route("/api/games/{id}/seats/{seat}/bot", post(hand_to_bot))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/steps/{step}", get(step))
        .route("/api/games/{id}/ws", get(websocket))
        .route("/api/openapi.json", get(openapi))
        .fallback(crate::web::serve)
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(state)
}

/// Every error answers in JSON, including those axum makes itself (a wrong method, a body too large, a
/// path that does not parse): their text becomes `{"error": …}`.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), BODY_LIMIT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string());
    let message = match text {
        Ok(t) if !t.is_empty() => t,
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    (status, Json(json!({ "error": message }))).into_response()
}

/// The API's description, generated from the handlers' annotations.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(title = "Imperia", description = "Accounts, lobby and live play of Imperia's games."),
    paths(
        signup,
        signin,
        signout,
        me,
        set_webhook,
        catalogue,
        catalogue_game,
        create_game,
        import_game,
        my_games,
        game_state,
        join,
        start,
        lobby,
        hand_to_bot,
        act,
        undo,
        record,
        log,
        step,
        websocket
    ),
    components(schemas(ErrorBody, GameState, crate::live::SeatView, Clock, PastStep))
)]
pub struct ApiDoc;

/// Every 4xx and 5xx body.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What is wrong, in words a person can act on.
    pub error: String,
}

async fn openapi() -> Response {
    match <ApiDoc as utoipa::OpenApi>::openapi().to_json() {
        Ok(json) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
        Err(e) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
struct Credentials {
    name: String,
    password: String,
}

/// Sign-in attempts per name per minute.
const LOGIN_ATTEMPTS: u32 = 10;

/// Failed or attempted sign-ins per name, in one-minute windows.
#[derive(Default)]
pub struct LoginLimiter {
    attempts: HashMap<String, (Instant, u32)>,
}

impl LoginLimiter {
    fn allow(&mut self, name: &str) -> bool {
        let now = Instant::now();
        let entry = self.attempts.entry(name.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) > Duration::from_secs(60) {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 <= LOGIN_ATTEMPTS
    }
}

fn with_cookie(status: StatusCode, cookie: &str, body: Value) -> Response {
    let mut response = (status, Json(body)).into_response();
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

fn body<T: for<'de> Deserialize<'de>>(raw: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(raw).map_err(|e| ApiError::bad_request(format!("the request body is not valid: {e}")))
}

#[utoipa::path(post, path = "/api/signup", tag = "accounts", request_body = Credentials,
    responses((status = 201, description = "Signed up and in: the session cookie is set", body = serde_json::Value),
              (status = 400, description = "Name or password not acceptable", body = ErrorBody),
              (status = 409, description = "The name is taken", body = ErrorBody)))]
async fn signup(State(state): State<AppState>, raw: axum::body::Bytes) -> Result<Response, ApiError> {
    let c: Credentials = body(&raw)?;
    auth::check_credentials(&c.name, &c.password).map_err(ApiError::bad_request)?;
    let hash = auth::hash_password(&c.password).map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    let Some(user_id) = state.store.create_user(&c.name, &hash).await? else {
        return Err(ApiError::new(StatusCode::CONFLICT, format!("the name {} is taken", c.name)));
    };
    let token = auth::token().map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    state.store.create_session(&token, user_id).await?;
    Ok(with_cookie(StatusCode::CREATED, &auth::session_cookie(&token), json!({ "name": c.name })))
}

#[utoipa::path(post, path = "/api/signin", tag = "accounts", request_body = Credentials,
    responses((status = 200, description = "Signed in: the session cookie is set", body = serde_json::Value),
              (status = 401, description = "Wrong name or password", body = ErrorBody),
              (status = 429, description = "Too many attempts for this name", body = ErrorBody)))]
async fn signin(State(state): State<AppState>, raw: axum::body::Bytes) -> Result<Response, ApiError> {
    let c: Credentials = body(&raw)?;
    let allowed = state.logins.lock().map(|mut l| l.allow(&c.name)).unwrap_or(false);
    if !allowed {
        return Err(ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too many sign-in attempts; wait a minute"));
    }
    let user = state.store.user_by_name(&c.name).await?;
    let Some((user_id, _)) = user.filter(|(_, hash)| auth::verify_password(&c.password, hash)) else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "wrong name or password"));
    };
    let token = auth::token().map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    state.store.create_session(&token, user_id).await?;
    Ok(with_cookie(StatusCode::OK, &auth::session_cookie(&token), json!({ "name": c.name })))
}

#[utoipa::path(post, path = "/api/signout", tag = "accounts",
    responses((status = 200, description = "Signed out: the session ends and its cookie is cleared")))]
async fn signout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = auth::session_token(&headers) {
        state.store.delete_session(&token).await?;
    }
    Ok(with_cookie(StatusCode::OK, &auth::clear_cookie(), json!({})))
}

/// The signed-in user, if any.
async fn user(state: &AppState, headers: &HeaderMap) -> Result<Option<(i64, String)>, ApiError> {
    match auth::session_token(headers) {
        Some(token) => Ok(state.store.session_user(&token).await?),
        None => Ok(None),
    }
}

#[utoipa::path(get, path = "/api/me", tag = "accounts",
    responses((status = 200, description = "The signed-in player", body = serde_json::Value),
              (status = 401, description = "Not signed in", body = ErrorBody)))]
async fn me(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let (_, name) = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    Ok(Json(json!({ "name": name })))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct Webhook {
    /// An http(s) URL to post `{"content": …}` to, or null to stop.
    url: Option<String>,
}

#[utoipa::path(put, path = "/api/me/webhook", tag = "accounts", request_body = Webhook,
    responses((status = 200, description = "Saved", body = serde_json::Value),
              (status = 400, description = "Not an http(s) URL", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody)))]
async fn set_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let (user_id, _) = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    let hook: Webhook = body(&raw)?;
    if let Some(url) = &hook.url
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        return Err(ApiError::bad_request("a webhook is an http:// or https:// URL"));
    }
    state.store.set_webhook(user_id, hook.url.as_deref()).await?;
    Ok(Json(json!({ "webhook": hook.url })))
}

#[utoipa::path(get, path = "/api/catalogue", tag = "lobby",
    responses((status = 200, description = "The games that can be created: id, name, and how many of their content entries are provisional (CONTENT.md)", body = serde_json::Value)))]
async fn catalogue(State(state): State<AppState>) -> Json<Value> {
    let games: Vec<Value> = state
        .registry
        .entries()
        .iter()
        .map(|e| {
            let content = (e.content)();
            json!({ "id": e.id, "name": e.name, "provisional": content.provisional(), "content_entries": content.total() })
        })
        .collect();
    Json(json!(games))
}

#[utoipa::path(get, path = "/api/catalogue/{game}", tag = "lobby",
    params(("game" = String, Path, description = "The game's id, as in the catalogue")),
    responses((status = 200, description = "The game: id, name, provisional and content_entries as in the catalogue, and its printed board as data (null for a game that needs none)", body = serde_json::Value),
              (status = 404, description = "No such game", body = ErrorBody)))]
async fn catalogue_game(State(state): State<AppState>, Path(game): Path<String>) -> Result<Json<Value>, ApiError> {
    let e = state.registry.get(&game).copied().ok_or_else(|| {
        ApiError::not_found(format!("there is no game `{game}`; the games are {}", state.registry.ids().join(", ")))
    })?;
    let content = (e.content)();
    Ok(Json(json!({
        "id": e.id,
        "name": e.name,
        "provisional": content.provisional(),
        "content_entries": content.total(),
        "board": (e.board)(),
    })))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct NewGame {
    game: String,
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    config: Option<Value>,
    /// One entry per seat: "human" or a bot such as "mcts:1000". The creator takes the first human seat.
    seats: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Seconds per decision and a reserve; none by default.
    #[serde(default)]
    time_control: Option<Clock>,
}

#[utoipa::path(post, path = "/api/games", tag = "lobby", request_body = NewGame,
    responses((status = 201, description = "Created: its id, version and the invitations to its open seats", body = serde_json::Value),
              (status = 400, description = "Unknown game, bad config or bot", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody)))]
async fn create_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let user = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    let new: NewGame = body(&raw)?;
    let entry = game_entry(&state, &new.game)?;
    let mut config = new.config.unwrap_or_else(|| json!({}));
    let Value::Object(map) = &mut config else { return Err(ApiError::bad_request("config must be a JSON object")) };
    map.insert("players".into(), json!(new.seats.len()));
    let seed = new
        .seed
        .unwrap_or_else(|| auth::token().ok().and_then(|t| u64::from_str_radix(&t[..16], 16).ok()).unwrap_or(1));
    let m = (entry.start)(&config, seed).map_err(|e| ApiError::bad_request(e.to_string()))?;
    open_game(&state, user, &new.seats, m, new.time_control).await
}

#[derive(Deserialize, utoipa::ToSchema)]
struct Import {
    #[schema(value_type = Object)]
    record: imperia_core::Record,
    /// As for a new game: "human" or a bot, one per seat of the record's game.
    seats: Vec<String>,
    #[serde(default)]
    time_control: Option<Clock>,
}

#[utoipa::path(post, path = "/api/games/import", tag = "lobby", request_body = Import,
    responses((status = 201, description = "Imported as a new game at the record's last step", body = serde_json::Value),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 422, description = "The record does not replay", body = ErrorBody)))]
async fn import_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let user = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    let import: Import = body(&raw)?;
    let entry = game_entry(&state, &import.record.game)?;
    let m = (entry.replay)(&import.record)
        .map_err(|e| ApiError::unprocessable(format!("the record does not replay: {e}")))?;
    if import.seats.len() != m.seats() {
        return Err(ApiError::bad_request(format!(
            "the record's game has {} seats; {} were given",
            m.seats(),
            import.seats.len()
        )));
    }
    open_game(&state, user, &import.seats, m, import.time_control).await
}

fn game_entry(state: &AppState, id: &str) -> Result<imperia_core::GameEntry, ApiError> {
    state.registry.get(id).copied().ok_or_else(|| {
        ApiError::bad_request(format!("there is no game `{id}`; the games are {}", state.registry.ids().join(", ")))
    })
}

/// Seat the players (the creator in the first human seat, bots where asked), store the game and put it in
/// play.
async fn open_game(
    state: &AppState,
    (user_id, user_name): (i64, String),
    kinds: &[String],
    m: Box<dyn imperia_core::DynMatch>,
    clock: Option<Clock>,
) -> Result<Response, ApiError> {
    if let Some(c) = clock
        && (c.per_move_seconds < 1 || c.reserve_seconds < 0)
    {
        return Err(ApiError::bad_request("a time control needs at least 1 second per move and no negative reserve"));
    }
    let mut seats = Vec::with_capacity(kinds.len());
    let mut creator_seated = false;
    for (seat, kind) in kinds.iter().enumerate() {
        let invite = auth::token().map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
        let (user_id, user_name, bot) = if kind == "human" {
            if creator_seated {
                (None, None, None)
            } else {
                creator_seated = true;
                (Some(user_id), Some(user_name.clone()), None)
            }
        } else {
            let spec: BotSpec =
                kind.parse().map_err(|e: imperia_bots::BadBotSpec| ApiError::bad_request(e.to_string()))?;
            (None, None, Some(spec.to_string()))
        };
        let reserve_left = clock.map(|c| c.reserve_seconds);
        seats.push(SeatRow { seat, user_id, user_name, bot, invite, reserve_left, turn_started: None });
    }
    let record = m.record();
    let version = record.actions.len() as i64;
    // With every seat filled the game starts at once; otherwise it waits for its players.
    let started = seats.iter().all(|s| s.user_id.is_some() || s.bot.is_some());
    let id = state.store.create_game(&record, user_id, &seats, clock, started).await?;
    let invites: Vec<Value> = seats
        .iter()
        .filter(|s| s.user_id.is_none() && s.bot.is_none())
        .map(|s| json!({ "seat": s.seat, "invite": s.invite }))
        .collect();
    let game = live::install(state, id, m, version, live::Table { seats, clock, created_by: user_id, started }).await;
    live::spawn_bots(state.clone(), game);
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "version": version, "started": started, "invites": invites })))
        .into_response())
}

#[utoipa::path(get, path = "/api/games", tag = "lobby",
    responses((status = 200, description = "My games, those where it is my turn first", body = serde_json::Value),
              (status = 401, description = "Not signed in", body = ErrorBody)))]
async fn my_games(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let (user_id, _) = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    let games: Vec<Shared> = state.games.read().await.values().cloned().collect();
    let mut mine = Vec::new();
    for game in games {
        let g = game.lock().await;
        if let Some(seat) = g.seats.iter().find(|s| s.user_id == Some(user_id)).map(|s| s.seat) {
            let to_act = g.m.to_act();
            mine.push(json!({
                "id": g.id,
                "game": g.m.game_id(),
                "seat": seat,
                "your_turn": to_act.includes(seat),
                "finished": to_act == imperia_core::ToAct::Nobody,
                "started": g.started,
                "version": g.version,
            }));
        }
    }
    mine.sort_by_key(|g| (!g["your_turn"].as_bool().unwrap_or(false), g["id"].as_i64()));
    Ok(Json(Value::Array(mine)))
}

#[derive(Deserialize, Default)]
struct InviteQuery {
    invite: Option<String>,
}

/// A game by id: from memory, or from the database if another server sharing it created the game.
async fn find(state: &AppState, id: i64) -> Result<Shared, ApiError> {
    if let Some(game) = state.games.read().await.get(&id).cloned() {
        return Ok(game);
    }
    crate::load_one(state, id).await?.ok_or_else(|| ApiError::not_found(format!("there is no game {id}")))
}

/// The caller's seat in a game: by its account, or by the invitation it carries.
async fn seat_of(
    state: &AppState,
    headers: &HeaderMap,
    invite: Option<&str>,
    game: &Shared,
) -> Result<Option<Seat>, ApiError> {
    let user = user(state, headers).await?;
    let invite = invite
        .map(str::to_string)
        .or_else(|| headers.get(auth::INVITE_HEADER).and_then(|v| v.to_str().ok()).map(str::to_string));
    let g = game.lock().await;
    if let Some((user_id, _)) = user
        && let Some(s) = g.seats.iter().find(|s| s.user_id == Some(user_id))
    {
        return Ok(Some(s.seat));
    }
    Ok(invite.and_then(|token| g.seats.iter().find(|s| s.invite == token && s.bot.is_none()).map(|s| s.seat)))
}

#[utoipa::path(get, path = "/api/games/{id}", tag = "play",
    params(("id" = i64, Path, description = "The game"), ("invite" = Option<String>, Query, description = "A guest's invitation")),
    responses((status = 200, description = "The game as the caller may see it", body = GameState),
              (status = 404, description = "No such game", body = ErrorBody)))]
async fn game_state(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Json<GameState>, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(&state, &headers, q.invite.as_deref(), &game).await?;
    Ok(Json(game.lock().await.state_for(seat)))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct Join {
    seat: Option<Seat>,
}

#[utoipa::path(post, path = "/api/games/{id}/join", tag = "lobby", request_body = Join,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Seated", body = serde_json::Value),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 409, description = "No such open seat", body = ErrorBody)))]
async fn join(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let (user_id, name) = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    let join: Join = if raw.is_empty() { Join { seat: None } } else { body(&raw)? };
    let game = find(&state, id).await?;
    let mut g = game.lock().await;
    if g.seats.iter().any(|s| s.user_id == Some(user_id)) {
        return Err(ApiError::new(StatusCode::CONFLICT, "you already have a seat in this game"));
    }
    let open = |s: &SeatRow| s.user_id.is_none() && s.bot.is_none();
    let seat = match join.seat {
        Some(seat) if g.seats.get(seat).is_some_and(open) => seat,
        Some(seat) => return Err(ApiError::new(StatusCode::CONFLICT, format!("seat {seat} is not open"))),
        None => g
            .seats
            .iter()
            .find(|s| open(s))
            .map(|s| s.seat)
            .ok_or_else(|| ApiError::new(StatusCode::CONFLICT, "no seat is open"))?,
    };
    if !state.store.take_seat(id, seat, user_id).await? {
        return Err(ApiError::new(StatusCode::CONFLICT, format!("seat {seat} was just taken")));
    }
    g.seats[seat].user_id = Some(user_id);
    g.seats[seat].user_name = Some(name);
    live::announce(&state, &g);
    Ok(Json(json!({ "seat": seat })))
}

#[utoipa::path(post, path = "/api/games/{id}/start", tag = "lobby",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Started: open seats stay open for latecomers", body = serde_json::Value),
              (status = 403, description = "Only its creator starts a game", body = ErrorBody),
              (status = 409, description = "Already started", body = ErrorBody)))]
async fn start(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (user_id, _) = user(&state, &headers).await?.ok_or_else(ApiError::unauthorized)?;
    let game = find(&state, id).await?;
    let mut g = game.lock().await;
    if g.created_by != user_id {
        return Err(ApiError::forbidden("only the game's creator starts it"));
    }
    if g.started || !state.store.start_game(id).await? {
        return Err(ApiError::new(StatusCode::CONFLICT, "the game has already started"));
    }
    g.started = true;
    g.acting.clear();
    live::after_change(&state, &mut g);
    drop(g);
    live::spawn_bots(state.clone(), game);
    Ok(Json(json!({ "started": true })))
}

#[utoipa::path(get, path = "/api/lobby", tag = "lobby",
    responses((status = 200, description = "Games waiting for players: id, game, seats and open seats", body = serde_json::Value)))]
async fn lobby(State(state): State<AppState>) -> Json<Value> {
    let games: Vec<Shared> = state.games.read().await.values().cloned().collect();
    let mut waiting = Vec::new();
    for game in games {
        let g = game.lock().await;
        if g.started {
            continue;
        }
        let open: Vec<Seat> =
            g.seats.iter().filter(|s| s.user_id.is_none() && s.bot.is_none()).map(|s| s.seat).collect();
        let seats: Vec<Value> =
            g.seats.iter().map(|s| json!({ "seat": s.seat, "player": s.user_name, "bot": s.bot })).collect();
        waiting.push(json!({ "id": g.id, "game": g.m.game_id(), "seats": seats, "open_seats": open }));
    }
    Json(Value::Array(waiting))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct HandOver {
    /// The bot to play the seat: random, heuristic[:N] or mcts[:N[:T]].
    bot: String,
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/bot", tag = "play", request_body = HandOver,
    params(("id" = i64, Path, description = "The game"), ("seat" = usize, Path, description = "The seat to hand over")),
    responses((status = 200, description = "A bot now plays the seat", body = serde_json::Value),
              (status = 403, description = "Only another seated player may do this", body = ErrorBody),
              (status = 409, description = "The seat still has time, or is not a player's", body = ErrorBody)))]
async fn hand_to_bot(
    State(state): State<AppState>,
    Path((id, seat)): Path<(i64, Seat)>,
    Query(q): Query<InviteQuery>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let request: HandOver = body(&raw)?;
    let spec: BotSpec =
        request.bot.parse().map_err(|e: imperia_bots::BadBotSpec| ApiError::bad_request(e.to_string()))?;
    let game = find(&state, id).await?;
    let caller = seat_of(&state, &headers, q.invite.as_deref(), &game).await?;
    if caller.is_none() || caller == Some(seat) {
        return Err(ApiError::forbidden("only another player of this game may hand a seat to a bot"));
    }
    let mut g = game.lock().await;
    if g.seats.get(seat).is_none_or(|s| s.bot.is_some()) {
        return Err(ApiError::new(StatusCode::CONFLICT, format!("seat {seat} is not a player's")));
    }
    if !g.out_of_time(seat) {
        return Err(ApiError::new(StatusCode::CONFLICT, format!("seat {seat} has not run out of time")));
    }
    if !state.store.hand_to_bot(id, seat, &spec.to_string()).await? {
        return Err(ApiError::new(StatusCode::CONFLICT, format!("seat {seat} was just changed")));
    }
    let s = &mut g.seats[seat];
    s.bot = Some(spec.to_string());
    s.user_id = None;
    s.user_name = None;
    live::announce(&state, &g);
    drop(g);
    live::spawn_bots(state.clone(), game);
    Ok(Json(json!({ "seat": seat, "bot": spec.to_string() })))
}

/// The game and the caller's seat in it; spectators are refused.
async fn seated(
    state: &AppState,
    id: i64,
    headers: &HeaderMap,
    invite: Option<&str>,
) -> Result<(Shared, Seat), ApiError> {
    let game = find(state, id).await?;
    let seat = seat_of(state, headers, invite, &game)
        .await?
        .ok_or_else(|| ApiError::forbidden("you have no seat in this game; spectators cannot act"))?;
    Ok((game, seat))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ActRequest {
    version: i64,
    #[schema(value_type = Object)]
    action: Value,
}

#[utoipa::path(post, path = "/api/games/{id}/actions", tag = "play", request_body = ActRequest,
    params(("id" = i64, Path, description = "The game"), ("invite" = Option<String>, Query, description = "A guest's invitation")),
    responses((status = 200, description = "Done: the new version and what happened", body = serde_json::Value),
              (status = 403, description = "No seat in this game", body = ErrorBody),
              (status = 409, description = "Stale version: the body holds the game as it now is", body = ErrorBody),
              (status = 422, description = "The rules refuse it; the message says why", body = ErrorBody)))]
async fn act(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let request: ActRequest = body(&raw)?;
    let (game, seat) = seated(&state, id, &headers, q.invite.as_deref()).await?;
    let committed = live::commit(&state, &game, seat, request.version, &request.action).await?;
    Ok(Json(json!({ "version": committed.version, "events": committed.events })))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct UndoRequest {
    version: i64,
}

#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "play", request_body = UndoRequest,
    params(("id" = i64, Path, description = "The game"), ("invite" = Option<String>, Query, description = "A guest's invitation")),
    responses((status = 200, description = "Undone: the new version", body = serde_json::Value),
              (status = 403, description = "No seat in this game", body = ErrorBody),
              (status = 409, description = "Stale version", body = ErrorBody),
              (status = 422, description = "Nothing to undo since the last commit point", body = ErrorBody)))]
async fn undo(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
    headers: HeaderMap,
    raw: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let request: UndoRequest = body(&raw)?;
    let (game, seat) = seated(&state, id, &headers, q.invite.as_deref()).await?;
    let version = live::undo(&state, &game, seat, request.version).await?;
    Ok(Json(json!({ "version": version })))
}

/// The record replays to the whole state, secrets included; so a running game with hidden information is
/// exported only once it is over.
#[utoipa::path(get, path = "/api/games/{id}/record", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The record: game, rules version, config, seed and actions", body = serde_json::Value),
              (status = 403, description = "A running game that hides information", body = ErrorBody)))]
async fn record(State(state): State<AppState>, Path(id): Path<i64>) -> Result<Json<imperia_core::Record>, ApiError> {
    let game = find(&state, id).await?;
    let g = game.lock().await;
    if g.m.has_hidden_information() && g.m.to_act() != imperia_core::ToAct::Nobody {
        return Err(ApiError::forbidden(
            "this game hides information, which its record would reveal: it can be exported when it is over",
        ));
    }
    Ok(Json(g.m.record()))
}

/// The caller's viewer in a game and the game's record, to replay it as that viewer saw it. The record
/// itself never leaves the server here: only what [`imperia_core::GameEntry::replay_as`] lets through.
async fn as_seen(
    state: &AppState,
    id: i64,
    headers: &HeaderMap,
    invite: Option<&str>,
) -> Result<(imperia_core::GameEntry, imperia_core::Record, imperia_core::Viewer), ApiError> {
    let game = find(state, id).await?;
    let seat = seat_of(state, headers, invite, &game).await?;
    let record = game.lock().await.m.record();
    let entry = game_entry(state, &record.game)?;
    Ok((entry, record, seat.map_or(imperia_core::Viewer::Spectator, imperia_core::Viewer::Seat)))
}

/// One step of the log, as the caller may see it.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct PastStep {
    /// 1 for the game's first action.
    step: usize,
    /// The seat that acted.
    seat: Seat,
    /// What happened, in plain words.
    events: Vec<String>,
}

#[derive(Deserialize, Default)]
struct LogQuery {
    invite: Option<String>,
    /// The first step wanted (1 by default).
    from: Option<usize>,
}

#[utoipa::path(get, path = "/api/games/{id}/log", tag = "play",
    params(("id" = i64, Path, description = "The game"),
           ("from" = Option<usize>, Query, description = "The first step wanted; 1 by default"),
           ("invite" = Option<String>, Query, description = "A guest's invitation")),
    responses((status = 200, description = "Every step from `from` on: who acted and what happened, as the caller may see it", body = Vec<PastStep>),
              (status = 404, description = "No such game", body = ErrorBody)))]
async fn log(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<LogQuery>,
    headers: HeaderMap,
) -> Result<Json<Vec<PastStep>>, ApiError> {
    let (entry, record, viewer) = as_seen(&state, id, &headers, q.invite.as_deref()).await?;
    let steps = record.actions.len();
    let seen = (entry.replay_as)(&record, viewer, steps)
        .map_err(|e| ApiError::unprocessable(format!("game {id} does not replay: {e}")))?;
    let from = q.from.unwrap_or(1);
    Ok(Json(
        seen.steps
            .into_iter()
            .filter(|s| s.step >= from)
            .map(|s| PastStep { step: s.step, seat: s.seat, events: s.events })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/api/games/{id}/steps/{step}", tag = "play",
    params(("id" = i64, Path, description = "The game"),
           ("step" = usize, Path, description = "0 for the start, n for the moment after the n-th action"),
           ("invite" = Option<String>, Query, description = "A guest's invitation")),
    responses((status = 200, description = "The caller's own view after that step: {step, steps, view, to_act, events}", body = serde_json::Value),
              (status = 404, description = "No such game, or the game has not reached that step", body = ErrorBody)))]
async fn step(
    State(state): State<AppState>,
    Path((id, step)): Path<(i64, usize)>,
    Query(q): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (entry, record, viewer) = as_seen(&state, id, &headers, q.invite.as_deref()).await?;
    let steps = record.actions.len();
    if step > steps {
        return Err(ApiError::not_found(format!("game {id} has {steps} steps so far; there is no step {step}")));
    }
    let mut seen = (entry.replay_as)(&record, viewer, step)
        .map_err(|e| ApiError::unprocessable(format!("game {id} does not replay: {e}")))?;
    let events = seen.steps.pop().map(|s| s.events).unwrap_or_default();
    Ok(Json(json!({
        "step": step,
        "steps": steps,
        "view": seen.view,
        "to_act": seen.to_act.seats(),
        "events": events,
    })))
}

#[utoipa::path(get, path = "/api/games/{id}/ws", tag = "play",
    params(("id" = i64, Path, description = "The game"), ("invite" = Option<String>, Query, description = "A guest's invitation")),
    responses((status = 101, description = "WebSocket: a GameState now and after every change")))]
async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(&state, &headers, q.invite.as_deref(), &game).await?;
    Ok(upgrade.on_upgrade(move |socket| async move {
        watch(&game, seat, 1).await;
        push_states(socket, game.clone(), seat).await;
        watch(&game, seat, -1).await;
    }))
}

/// Count a seat's open WebSockets (a watching player gets no webhook).
async fn watch(game: &Shared, seat: Option<Seat>, delta: isize) {
    if let Some(seat) = seat
        && let Some(w) = game.lock().await.watchers.get_mut(seat)
    {
        *w = w.saturating_add_signed(delta);
    }
}

/// Send the viewer its state now and after every change, until either side closes.
async fn push_states(mut socket: WebSocket, game: Shared, seat: Option<Seat>) {
    let mut changes = game.lock().await.changes.subscribe();
    loop {
        let state = game.lock().await.state_for(seat);
        let Ok(text) = serde_json::to_string(&state) else { return };
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
        tokio::select! {
            change = changes.recv() => match change {
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(_) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
