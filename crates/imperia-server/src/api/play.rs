//! Playing: the game as the caller may see it, acting and undoing, handing a timed-out seat to a bot, and
//! looking back (the record, the log, a past view). The caller's seat is the one its account holds; anyone
//! else watches, as a spectator.

use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use imperia_core::{Seat, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::lobby::GameDescription;
use super::{Body, MaybeUser, find, game_entry, per_address, seat_of, seated};
use crate::error::ApiError;
use crate::levels::BotLevel;
use crate::live;
use crate::table::{AppState, GameState, PastStep};

pub fn routes() -> Router<AppState> {
    // A past view replays the game up to that step: the costliest read, so it is rationed per address.
    let looking_back =
        per_address(Router::new().route("/api/games/{id}/steps/{step}", get(step)), 60, Duration::from_secs(10));
    Router::new()
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/seats/{seat}/bot", post(hand_to_bot))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/board", get(board))
        .route("/api/games/{id}/log", get(log))
        .merge(looking_back)
}

#[utoipa::path(get, path = "/api/games/{id}", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The game as the caller may see it", body = GameState),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody),
              (status = 500, description = "The game is damaged; the message says how", body = super::openapi::ErrorBody)))]
pub async fn game_state(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
) -> Result<Json<GameState>, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(user.as_ref(), &game).await;
    Ok(Json(game.lock().await.state_for(seat)))
}

/// Why a spectator cannot act.
const SPECTATORS: &str = "you have no seat in this game; spectators cannot act";

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    /// The version the client saw.
    version: i64,
    #[schema(value_type = Object)]
    action: Value,
}

/// What an action did.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Acted {
    version: i64,
    /// What happened, in plain words.
    events: Vec<String>,
    /// The action had already been taken from that version (sent twice): nothing more was done, and
    /// `version` is the one it made.
    repeated: bool,
}

#[utoipa::path(post, path = "/api/games/{id}/actions", tag = "play", request_body = ActRequest,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Done and stored: the new version and what happened (or, for the seat's last action sent again for the same version, that it was done)", body = Acted),
              (status = 403, description = "No seat in this game", body = super::openapi::ErrorBody),
              (status = 409, description = "Stale version: the body holds the game as it now is", body = super::openapi::ErrorBody),
              (status = 422, description = "The rules refuse it; the message says why and cites the rulebook", body = super::openapi::ErrorBody),
              (status = 503, description = "Nothing could be stored: nothing was done; try again", body = super::openapi::ErrorBody)))]
pub async fn act(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    Body(request): Body<ActRequest>,
) -> Result<Json<Acted>, ApiError> {
    let (game, seat) = seated(&state, id, user.as_ref(), SPECTATORS).await?;
    let committed = live::commit(&state, &game, seat, request.version, &request.action).await?;
    Ok(Json(Acted { version: committed.version, events: committed.events, repeated: committed.repeated }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    version: i64,
}

#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "play", request_body = UndoRequest,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Undone: the new version", body = Undone),
              (status = 403, description = "No seat in this game", body = super::openapi::ErrorBody),
              (status = 409, description = "Stale version", body = super::openapi::ErrorBody),
              (status = 422, description = "Nothing to undo since the last commit point", body = super::openapi::ErrorBody)))]
pub async fn undo(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    Body(request): Body<UndoRequest>,
) -> Result<Json<Undone>, ApiError> {
    let (game, seat) = seated(&state, id, user.as_ref(), SPECTATORS).await?;
    let version = live::undo(&state, &game, seat, request.version).await?;
    Ok(Json(Undone { version }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandOver {
    /// The bot level to play the seat (`GET /api/bots`).
    bot: String,
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/bot", tag = "play", request_body = HandOver,
    params(("id" = i64, Path, description = "The game"), ("seat" = usize, Path, description = "The seat to hand over")),
    responses((status = 200, description = "A bot now plays the seat", body = HandedToBot),
              (status = 403, description = "Only another seated player may do this", body = super::openapi::ErrorBody),
              (status = 409, description = "The seat still has time, or is not a player's", body = super::openapi::ErrorBody),
              (status = 422, description = "A bot level this game does not offer (`GET /api/bots`: `shortfalls`)", body = super::openapi::ErrorBody)))]
pub async fn hand_to_bot(
    State(state): State<AppState>,
    Path((id, seat)): Path<(i64, Seat)>,
    MaybeUser(user): MaybeUser,
    Body(request): Body<HandOver>,
) -> Result<Json<HandedToBot>, ApiError> {
    let level = BotLevel::named(&request.bot).map_err(ApiError::bad_request)?;
    let (game, caller) = seated(&state, id, user.as_ref(), SPECTATORS).await?;
    crate::seating::hand_to_bot(&state, &game, caller, seat, level).await?;
    Ok(Json(HandedToBot { seat, bot: level.level }))
}

#[utoipa::path(get, path = "/api/games/{id}/board", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The game as in the catalogue, with the printed board of the content this game is played with (a player's own, if replaced)", body = GameDescription),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn board(State(state): State<AppState>, Path(id): Path<i64>) -> Result<Json<GameDescription>, ApiError> {
    let game = find(&state, id).await?;
    let content = game.lock().await.content.clone();
    let entry = game_entry(&state, content.game())?;
    Ok(Json(GameDescription::of(&entry, &content)))
}

/// The record replays to the whole state, secrets included; so the record of a game with hidden information
/// is exported only once it is over, and only to its players: everybody else reads it as a spectator saw it
/// (the log, the past steps), since its secrets include what players did in private (Virgin Queen's
/// proposals and shows). A rated game's record goes only to its players until it is over: a record is a
/// game ready to import and analyse. (Spectators still watch it step by step, as on any chess site: the log
/// and past views carry no seed, so they do not make a record; and however a copy is made, Imperia's
/// search refuses it while the rated game runs, `crate::fairness`.)
#[utoipa::path(get, path = "/api/games/{id}/record", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The record: game, rules version, config, seed and actions", body = serde_json::Value),
              (status = 403, description = "A game that hides information (running, or asked for by someone not seated in it), or a rated game under way asked for by someone not seated in it", body = super::openapi::ErrorBody)))]
pub async fn record(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
) -> Result<Json<imperia_core::Record>, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(user.as_ref(), &game).await;
    let g = game.lock().await;
    if g.m.has_hidden_information() && g.m.to_act() != ToAct::Nobody {
        return Err(ApiError::forbidden(
            "this game hides information, which its record would reveal: it can be exported when it is over",
        ));
    }
    if g.rated && g.m.to_act() != ToAct::Nobody && seat.is_none() {
        return Err(ApiError::forbidden(
            "this game is rated and under way: its record goes only to its players until it is over; you can \
             watch it and read its log",
        ));
    }
    if g.m.has_hidden_information() && seat.is_none() {
        return Err(ApiError::forbidden(
            "this game hides information, which its record would reveal: its players may export it; the log shows \
             it as a spectator saw it",
        ));
    }
    Ok(Json(g.record()))
}

#[derive(Deserialize, Default)]
pub struct LogQuery {
    /// The first step wanted (1 by default).
    from: Option<usize>,
}

#[utoipa::path(get, path = "/api/games/{id}/log", tag = "play",
    params(("id" = i64, Path, description = "The game"),
           ("from" = Option<usize>, Query, description = "The first step wanted; 1 by default")),
    responses((status = 200, description = "Every step from `from` on: who acted and what happened, as the caller may see it", body = Vec<PastStep>),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn log(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<LogQuery>,
    MaybeUser(user): MaybeUser,
) -> Result<Json<Vec<PastStep>>, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(user.as_ref(), &game).await;
    let mut g = game.lock().await;
    let entry = game_entry(&state, g.m.game_id())?;
    Ok(Json(g.log(seat, q.from.unwrap_or(1), &entry)?))
}

/// The caller's own view after one step.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PastView {
    step: usize,
    steps: usize,
    #[schema(value_type = Object)]
    view: Value,
    to_act: Vec<Seat>,
    events: Vec<String>,
}

#[utoipa::path(get, path = "/api/games/{id}/steps/{step}", tag = "play",
    params(("id" = i64, Path, description = "The game"),
           ("step" = usize, Path, description = "0 for the start, n for the moment after the n-th action")),
    responses((status = 200, description = "The caller's own view after that step", body = PastView),
              (status = 404, description = "No such game, or the game has not reached that step", body = super::openapi::ErrorBody),
              (status = 429, description = "Too many looks back from this address; wait a little", body = super::openapi::ErrorBody)))]
pub async fn step(
    State(state): State<AppState>,
    Path((id, step)): Path<(i64, usize)>,
    MaybeUser(user): MaybeUser,
) -> Result<Json<PastView>, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(user.as_ref(), &game).await;
    let (record, content) = {
        let g = game.lock().await;
        (g.m.record(), g.content.clone())
    };
    let entry = game_entry(&state, &record.game)?;
    let steps = record.actions.len();
    if step > steps {
        return Err(ApiError::not_found(format!("game {id} has {steps} steps so far; there is no step {step}")));
    }
    let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
    // The replay runs off the request threads.
    let mut seen = tokio::task::spawn_blocking(move || (entry.replay_as)(&record, &content, viewer, step))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(|e| ApiError::damaged(id, &e.to_string()))?;
    let events = seen.steps.pop().map(|s| s.events).unwrap_or_default();
    Ok(Json(PastView { step, steps, view: seen.view, to_act: seen.to_act.seats().to_vec(), events }))
}

/// An undone step: the game's new version.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Undone {
    version: i64,
}

/// A seat now played by a bot, and its level.
#[derive(Serialize, utoipa::ToSchema)]
pub struct HandedToBot {
    seat: Seat,
    bot: &'static str,
}
