//! Ratings and profiles: a leaderboard per game (and per side, where seats are sides), and a page per
//! account with its ratings and its games. Both are public, as the games themselves are ([`crate::ratings`]
//! keeps the figures).

use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::game_entry;
use crate::auth;
use crate::error::ApiError;
use crate::ratings::{PlayedGame, Pool, Standing};
use crate::table::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/ratings/{game}", get(leaderboard)).route("/api/players/{name}", get(profile))
}

/// Which part of a leaderboard.
#[derive(Deserialize, Default, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    /// A side's board (as the game names its seats: `Britain`); the overall board when absent.
    side: Option<String>,
    /// At most this many, 1 to 100 (50).
    limit: Option<u32>,
    /// Skip this many, 0 to 100,000.
    offset: Option<u32>,
    /// `people` (and the server's bot levels; the default) or `bots`: the bot accounts people entered, rated
    /// in a pool of their own.
    #[serde(default)]
    #[param(value_type = Option<String>)]
    pool: Pool,
}

/// The longest side name asked for: longer than any game's seat name.
const MAX_SIDE: usize = 80;
/// The deepest a leaderboard is paged.
const MAX_OFFSET: u32 = 100_000;

/// A game's leaderboard.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Leaderboard {
    game: &'static str,
    name: &'static str,
    /// The side shown; absent for the overall board.
    side: Option<String>,
    pool: Pool,
    /// The sides with boards of their own (empty where seats are not sides).
    sides: Vec<String>,
    /// How many are rated on this board; `players` is one page of them, best first.
    total: i64,
    offset: u32,
    players: Vec<Standing>,
}

#[utoipa::path(get, path = "/api/ratings/{game}", tag = "ratings",
    params(("game" = String, Path, description = "The game's id, as in the catalogue"), BoardQuery),
    responses((status = 200, description = "The game's ratings, best first: people and bot levels, from rated games", body = Leaderboard),
              (status = 400, description = "A limit, offset or side out of bounds", body = super::openapi::ErrorBody),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn leaderboard(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Query(q): Query<BoardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let entry = game_entry(&state, &game).map_err(|e| ApiError::not_found(e.message))?;
    let offset = q.offset.unwrap_or(0);
    if offset > MAX_OFFSET {
        return Err(ApiError::bad_request(format!("offset is from 0 to {MAX_OFFSET}")));
    }
    let side = q.side.filter(|s| !s.is_empty());
    if side.as_ref().is_some_and(|s| s.chars().count() > MAX_SIDE) {
        return Err(ApiError::bad_request(format!("a side's name has at most {MAX_SIDE} characters")));
    }
    let limit = q.limit.unwrap_or(50).clamp(1, 100);
    let board = (entry.id, side.as_deref().unwrap_or(""), q.pool);
    let (players, total) = state.store.leaderboard(board, i64::from(limit), i64::from(offset)).await?;
    let sides = state.store.rated_sides(entry.id).await?;
    Ok(Json(Leaderboard { game: entry.id, name: entry.name, side, pool: q.pool, sides, total, offset, players }))
}

/// Which of an account's games.
#[derive(Deserialize, Default, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct GamesQuery {
    /// Only games with a smaller id: the last id of the previous page.
    before: Option<i64>,
    /// At most this many games, 1 to 100 (30).
    limit: Option<u32>,
}

/// An account as everyone may see it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Profile {
    name: String,
    /// A guest took a seat by invitation without signing up.
    guest: bool,
    /// A bot account (a program, rated in the bots' pool): its owner's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    bot_owner: Option<String>,
    /// Unix seconds.
    joined: i64,
    /// Every rating, per game: overall, then per side.
    ratings: Vec<Standing>,
    /// Games played and being played, newest first, a page at a time.
    games: Vec<PlayedGame>,
}

#[utoipa::path(get, path = "/api/players/{name}", tag = "ratings",
    params(("name" = String, Path, description = "The account's name"), GamesQuery),
    responses((status = 200, description = "The account's ratings and games", body = Profile),
              (status = 404, description = "No such account", body = super::openapi::ErrorBody)))]
pub async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<Profile>, ApiError> {
    let nobody = || ApiError::not_found("no account has that name");
    if !auth::NAME_CHARS.contains(&name.chars().count()) {
        return Err(nobody());
    }
    let account = state.store.account_named(&name).await?.ok_or_else(nobody)?;
    let ratings = state.store.ratings_of(account.id).await?;
    let limit = i64::from(q.limit.unwrap_or(30).clamp(1, 100));
    let games = state.store.games_of(account.id, q.before.unwrap_or(i64::MAX), limit).await?;
    let (name, guest, joined, bot_owner) = (account.name, account.guest, account.joined, account.bot_owner);
    Ok(Json(Profile { name, guest, bot_owner, joined, ratings, games }))
}
