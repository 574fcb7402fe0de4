//! The lobby: the catalogue and bot levels, creating and importing games, joining, taking an invitation's
//! seat, and starting.
//!
//! The server draws every game's seed from the operating system; no client chooses one (the seed decides
//! every hidden card). An imported record carries its seed, so a record of a game that hides information
//! is imported only once that game is over. Each account has quotas of games created per hour, games
//! waiting in the lobby, and unfinished games.

use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use imperia_core::{Description, DynContent, GameEntry, Seat, ToAct};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::accounts::{set_cookie, start_session, with_cookie};
use super::{Body, CurrentUser, MaybeUser, find, game_entry};
use crate::auth;
use crate::bidding::{self, Placed};
use crate::content::{self, ContentNotice};
use crate::error::ApiError;
use crate::levels::{BotLevel, LEVELS};
use crate::live;
use crate::seating;
use crate::store::{Clock, SeatRow, User};
use crate::table::{AppState, LiveGame, Shared};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/catalogue", get(catalogue))
        .route("/api/catalogue/{game}", get(catalogue_game))
        .route("/api/bots", get(bot_levels).post(super::bot_accounts::create))
        .route("/api/games", post(create_game).get(my_games))
        .route("/api/games/import", post(import_game).layer(axum::extract::DefaultBodyLimit::max(super::RECORD_LIMIT)))
        .route("/api/lobby", get(lobby))
        .route("/api/games/live", get(live_games))
        .route("/api/try", post(try_game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/start", post(start))
        .route("/api/games/{id}/bid", post(bid))
        .route("/api/games/{id}/seats/{seat}/invite", post(renew_invite))
}

#[utoipa::path(get, path = "/api/catalogue", tag = "lobby",
    responses((status = 200, description = "The games that can be created, each describing itself: seat range, variant options (with a JSON Schema), and how many of its content entries are provisional (CONTENT.md)", body = Vec<Object>)))]
pub async fn catalogue(State(state): State<AppState>) -> Json<Vec<Description>> {
    Json(state.registry.entries().iter().map(GameEntry::description).collect())
}

/// A catalogue entry with the game's printed board.
#[derive(Serialize, utoipa::ToSchema)]
pub struct GameDescription {
    #[serde(flatten)]
    #[schema(value_type = Object)]
    description: Description,
    /// The printed board as data, in the ids that actions' `targets` use; null for a game that needs none.
    #[schema(value_type = Object)]
    board: Value,
    /// Where the content comes from, by kind of entry: how many from the rulebook, from public references,
    /// and which are provisional (CONTENT.md), so that players can see what the game made up.
    #[schema(value_type = Object)]
    sources: imperia_core::ContentReport,
}

impl GameDescription {
    /// `entry` as played with `content`: its board, and its provisional entries counted in that set.
    pub fn of(entry: &GameEntry, content: &DynContent) -> GameDescription {
        let mut description = entry.description();
        let report = (entry.report)(content);
        (description.provisional, description.content_entries) = (report.provisional(), report.total());
        GameDescription { description, board: (entry.board)(content), sources: report }
    }
}

#[utoipa::path(get, path = "/api/catalogue/{game}", tag = "lobby",
    params(("game" = String, Path, description = "The game's id, as in the catalogue")),
    responses((status = 200, description = "The game as in the catalogue, and its printed board as data (null for a game that needs none)", body = GameDescription),
              (status = 404, description = "No such game", body = super::openapi::ErrorBody)))]
pub async fn catalogue_game(
    State(state): State<AppState>,
    Path(game): Path<String>,
) -> Result<Json<GameDescription>, ApiError> {
    let e = game_entry(&state, &game).map_err(|e| ApiError::not_found(e.message))?;
    Ok(Json(GameDescription::of(&e, &(e.shipped)())))
}

#[utoipa::path(get, path = "/api/bots", tag = "lobby",
    responses((status = 200, description = "The bot levels a seat can be given, weakest first; a level is not offered in the games its `shortfalls` name", body = Vec<BotLevel>)))]
pub async fn bot_levels() -> Json<Vec<BotLevel>> {
    Json(LEVELS.to_vec())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    game: String,
    /// The game's variant options (`GET /api/catalogue`: `options`); the seat count comes from `seats`.
    /// `config` is the older name.
    #[serde(default, alias = "config")]
    #[schema(value_type = Option<Object>)]
    options: Option<Value>,
    /// One entry per seat: "human", a bot level (`GET /api/bots`), or "account:<name>" for a bot account (a
    /// program its owner entered, which plays over the outside-bot protocol: docs/bot-builders.md). The
    /// creator takes the first human seat.
    seats: Vec<String>,
    /// Milliseconds each bot account at the table has for a decision (1 000 to 600 000; 30 000 by default):
    /// one that answers later forfeits its seat.
    #[serde(default)]
    bot_move_ms: Option<u64>,
    /// Seconds per decision and a reserve; none by default. A rated game's is at least the server's floor
    /// (`GET /api/rules/{game}`: `rated_min_per_move_seconds`; 30 seconds a decision by default).
    #[serde(default)]
    time_control: Option<Clock>,
    /// The fingerprint of one of the creator's uploaded content sets for this game (`GET /api/content`);
    /// the shipped content when absent.
    #[serde(default)]
    content: Option<String>,
    /// Whether the game counts for ratings: by default it does, unless played with one's own content
    /// (ratings compare play on the shipped game, so such a game cannot be rated). A rated game seats
    /// accounts only (guests may join casual games), and a seat handed to a bot on time loses on the rating
    /// then ([`crate::ratings`]).
    #[serde(default)]
    rated: Option<bool>,
    /// Imperial Struggle only: the players bid for France before the start (`POST /api/games/{id}/bid`), the
    /// higher bid plays France and the other player Britain with that many treaty points. The game then
    /// waits in the lobby until every player has bid.
    #[serde(default)]
    bid_for_france: bool,
}

/// A new game: where it stands, and the invitation of each open seat (for the creator to send).
#[derive(Serialize, utoipa::ToSchema)]
pub struct Created {
    id: i64,
    version: i64,
    started: bool,
    invites: Vec<Invite>,
    /// For an imported record whose actions carry no state hashes: that its replay was not verified; for a
    /// record made under earlier rules: what changed, and how the game fared when played again under them.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<String>,
    /// The replaced content the game is played with, and what differs from the shipped content.
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<ContentNotice>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Invite {
    seat: Seat,
    invite: String,
}

#[utoipa::path(post, path = "/api/games", tag = "lobby", request_body = NewGame,
    responses((status = 201, description = "Created: its id, version and the invitations to its open seats", body = Created),
              (status = 400, description = "Unknown game, bad config, bot level or time control (a rated game's below the server's floor)", body = super::openapi::ErrorBody),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 429, description = "Over the account's quota of games", body = super::openapi::ErrorBody)))]
pub async fn create_game(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(new): Body<NewGame>,
) -> Result<Response, ApiError> {
    no_guest(&user)?;
    let entry = game_entry(&state, &new.game)?;
    let seats = seat_kinds(&state, &new.seats, entry.id).await?;
    let bot_move_ms = bot_move_ms(&state, &seats, new.bot_move_ms)?;
    let options = new.options.unwrap_or(Value::Null);
    if new.bid_for_france {
        let people = seats.iter().filter(|s| matches!(s, SeatKind::Person)).count();
        bidding::check_new_game(entry.id, &options, people).map_err(ApiError::bad_request)?;
    }
    let config = (entry.configure)(seats.len(), &options).map_err(ApiError::bad_request)?;
    if new.rated == Some(true) && new.content.is_some() {
        return Err(ApiError::bad_request(
            "a game played with your own content cannot be rated: ratings compare play on the shipped game",
        ));
    }
    let rated = new.rated.unwrap_or(new.content.is_none());
    let (m, content) = set_up(&state, &user, &entry, &config, new.content.as_deref()).await?;
    let table = TableSetup { clock: new.time_control, rated, bidding: new.bid_for_france, bot_move_ms };
    open_game(&state, &user, &seats, (m, content), table, Imported::default()).await
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Import {
    #[schema(value_type = Object)]
    record: imperia_core::Record,
    /// As for a new game: "human" or a bot level, one per seat of the record's game.
    seats: Vec<String>,
    #[serde(default)]
    time_control: Option<Clock>,
}

#[utoipa::path(post, path = "/api/games/import", tag = "lobby", request_body = Import,
    responses((status = 201, description = "Imported as a new game at the record's last step", body = Created),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 403, description = "A running game that hides information: its record's seed would reveal it", body = super::openapi::ErrorBody),
              (status = 422, description = "The record does not replay", body = super::openapi::ErrorBody)))]
pub async fn import_game(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(import): Body<Import>,
) -> Result<Response, ApiError> {
    no_guest(&user)?;
    let entry = game_entry(&state, &import.record.game)?;
    let seats = seat_kinds(&state, &import.seats, entry.id).await?;
    let bot_move_ms = bot_move_ms(&state, &seats, None)?;
    let record = import.record;
    let unverified = record.unverified_warning();
    // The changes of rules the game already went through on another server, and today's, if any.
    let mut migrations = record.migrations.clone();
    let content = imported_content(&state, &user, &entry, &record).await?;
    let set = content.clone();
    // A record of earlier rules is played again under today's, and the importer told how it fared.
    let (m, migration) = tokio::task::spawn_blocking(move || (entry.migrate)(&record, &set))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(|e| ApiError::unprocessable(format!("the record does not replay: {e}")))?;
    let warning = match (unverified, migration.as_ref().map(|m| m.report())) {
        (Some(a), Some(b)) => Some(format!("{a}. {b}")),
        (a, b) => a.or(b),
    };
    migrations.extend(migration);
    if m.has_hidden_information() && m.to_act() != ToAct::Nobody {
        return Err(ApiError::forbidden(
            "this game hides information and is not over: its record carries the seed that decides every hidden \
             card, so it can be imported only once it is finished",
        ));
    }
    if seats.len() != m.seats() {
        return Err(ApiError::bad_request(format!(
            "the record's game has {} seats; {} were given",
            m.seats(),
            seats.len()
        )));
    }
    // A record played elsewhere proves nothing of who played it: an imported game is never rated.
    let imported = Imported { warning, migrations };
    let table = TableSetup { clock: import.time_control, rated: false, bidding: false, bot_move_ms };
    open_game(&state, &user, &seats, (m, content), table, imported).await
}

/// What an imported record brings besides its game: a warning for the importer, and the changes of rules the
/// game went through (the last made now, if it was recorded under earlier rules), which its players are
/// shown as in a game the server played again itself.
#[derive(Default)]
struct Imported {
    warning: Option<String>,
    migrations: Vec<imperia_core::Migration>,
}

/// The content an imported record was played with: the shipped set; the files it carries, checked and
/// kept as the importer's own upload; or, without files, one of the importer's uploads.
async fn imported_content(
    state: &AppState,
    user: &User,
    entry: &GameEntry,
    record: &imperia_core::Record,
) -> Result<DynContent, ApiError> {
    let Some(fingerprint) = record.content.as_deref() else { return Ok((entry.shipped)()) };
    if record.content_files.is_empty() {
        return Ok(content::for_new_game((&state.store, &state.content), user, entry, Some(fingerprint)).await?);
    }
    let files = record.content_files.iter().map(|(name, text)| (name.clone(), text.clone())).collect();
    let label = format!("Imported with a record ({fingerprint})");
    let label: String = label.chars().take(content::MAX_LABEL).collect();
    let uploaded = content::upload((&state.store, &state.content), user, entry, &label, files)
        .await
        .map_err(|e| ApiError::unprocessable(format!("the record's content files: {e}")))?;
    if uploaded.notice.fingerprint != fingerprint {
        return Err(ApiError::unprocessable(format!(
            "the record's content files have fingerprint {}, but the record says it was played with {fingerprint}",
            uploaded.notice.fingerprint
        )));
    }
    Ok(state.content.get(&state.store, entry, Some(fingerprint)).await?)
}

/// Who a seat of a new game is for.
enum SeatKind {
    /// A person: the creator, or whoever takes the seat.
    Person,
    /// One of the server's bots.
    Level(&'static BotLevel),
    /// A bot account, and its owner's name.
    BotAccount(User, String),
}

/// Each seat of a new game of `game`, as `kinds` names them.
async fn seat_kinds(state: &AppState, kinds: &[String], game: &str) -> Result<Vec<SeatKind>, ApiError> {
    if kinds.len() > 16 {
        return Err(ApiError::bad_request("no game has more than 16 seats"));
    }
    let mut seats = Vec::with_capacity(kinds.len());
    for kind in kinds {
        seats.push(match kind.as_str() {
            "human" => SeatKind::Person,
            other => match other.strip_prefix(BOT_ACCOUNT_SEAT) {
                Some(name) => {
                    let (bot, owner) = state.store.bot_by_name(name).await?.ok_or_else(|| {
                        let shown: String = name.trim().chars().take(40).collect();
                        ApiError::bad_request(format!("there is no bot account named {shown}"))
                    })?;
                    if seats.iter().any(|s| matches!(s, SeatKind::BotAccount(b, _) if b.id == bot.id)) {
                        return Err(ApiError::bad_request(format!("{} can play one seat of a game", bot.name)));
                    }
                    SeatKind::BotAccount(bot, owner)
                }
                None => SeatKind::Level(BotLevel::for_seat(other, game).map_err(ApiError::bad_request)?),
            },
        });
    }
    Ok(seats)
}

/// How a seat names a bot account: `account:<name>`.
pub const BOT_ACCOUNT_SEAT: &str = "account:";

/// The time for a decision of the bot accounts at a new table, within bounds; `None` without any.
fn bot_move_ms(state: &AppState, seats: &[SeatKind], asked: Option<u64>) -> Result<Option<i64>, ApiError> {
    let (least, most) = (state.limits.bot_move_min_ms, *crate::bot_accounts::MOVE_MS.end());
    match asked {
        Some(ms) if !(least..=most).contains(&ms) => {
            Err(ApiError::bad_request(format!("bot_move_ms is from {least} to {most} (10 minutes)")))
        }
        _ if !seats.iter().any(|s| matches!(s, SeatKind::BotAccount(..))) => Ok(None),
        asked => Ok(Some(asked.unwrap_or(crate::bot_accounts::DEFAULT_MOVE_MS) as i64)),
    }
}

/// How a new game is played: its clock, whether it is rated, whether its sides are bid for, and its bot
/// accounts' time for a decision.
struct TableSetup {
    clock: Option<Clock>,
    rated: bool,
    bidding: bool,
    bot_move_ms: Option<i64>,
}

/// Guests play the seats they are invited to, and the games they try ([`try_game`]); the lobby's games are
/// for accounts.
fn no_guest(user: &User) -> Result<(), ApiError> {
    if user.guest {
        return Err(ApiError::forbidden("guests play the seats they are invited to; sign up to create games"));
    }
    Ok(())
}

/// A game to try.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Try {
    /// The game (`GET /api/catalogue`).
    game: String,
}

/// The bots a newcomer plays first.
const TRY_LEVEL: &str = "easy";

/// One click from the front page to a game: a casual game of `game` with its hints on, the caller against
/// easy bots, at the game's smallest table of two or more. A visitor who is not signed in plays as a new
/// guest, which counts against the address as an account made does.
#[utoipa::path(post, path = "/api/try", tag = "lobby", request_body = Try,
    responses((status = 201, description = "A casual game against easy bots, the caller in the first seat: for a visitor not signed in, as a new guest whose session cookie is set", body = Created),
              (status = 400, description = "Unknown game", body = super::openapi::ErrorBody),
              (status = 429, description = "Too many guests from this address, or over the account's quota of games", body = super::openapi::ErrorBody)))]
pub async fn try_game(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    client: super::ClientAddr,
    Body(wanted): Body<Try>,
) -> Result<Response, ApiError> {
    let entry = game_entry(&state, &wanted.game)?;
    let (least, most) = entry.seats;
    let players = 2.clamp(least, most);
    let bot = BotLevel::for_seat(TRY_LEVEL, entry.id).map_err(ApiError::bad_request)?;
    let seats: Vec<SeatKind> =
        (0..players).map(|seat| if seat > 0 { SeatKind::Level(bot) } else { SeatKind::Person }).collect();
    let config = (entry.configure)(players, &Value::Null).map_err(ApiError::bad_request)?;
    if user.is_none() && !state.limiters.signups.allow(&crate::limits::address_key(client.0)) {
        return Err(ApiError::too_many("too many guests and accounts were made from your address; try again later"));
    }
    let (user, cookie) = or_new_guest(&state, user).await?;
    let (m, content) = set_up(&state, &user, &entry, &config, None).await?;
    let table = TableSetup { clock: None, rated: false, bidding: false, bot_move_ms: None };
    let mut created = open_game(&state, &user, &seats, (m, content), table, Imported::default()).await?;
    if let Some(cookie) = cookie {
        set_cookie(&mut created, &cookie);
    }
    Ok(created)
}

/// A new game of `entry` set up from `config` and a fresh seed, with the shipped content or `user`'s set of
/// that fingerprint.
async fn set_up(
    state: &AppState,
    user: &User,
    entry: &GameEntry,
    config: &Value,
    fingerprint: Option<&str>,
) -> Result<(Box<dyn imperia_core::DynMatch>, DynContent), ApiError> {
    let content = content::for_new_game((&state.store, &state.content), user, entry, fingerprint).await?;
    let seed = auth::seed().map_err(ApiError::internal)?;
    let m = (entry.start)(config, seed, &content).map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok((m, content))
}

/// Seat the players (the creator in the first human seat, bots where asked), store the game and put it in
/// play, within the account's quotas. A game whose sides are bid for waits for the bids.
async fn open_game(
    state: &AppState,
    user: &User,
    kinds: &[SeatKind],
    (m, content): (Box<dyn imperia_core::DynMatch>, DynContent),
    TableSetup { clock, rated, bidding, bot_move_ms }: TableSetup,
    Imported { warning, migrations }: Imported,
) -> Result<Response, ApiError> {
    let clock = clock.map(Clock::check).transpose().map_err(ApiError::bad_request)?;
    let least = state.limits.rated_min_per_move;
    if rated && clock.is_some_and(|c| c.per_move_seconds < least) {
        return Err(ApiError::bad_request(format!(
            "a rated game's clock gives at least {least} seconds a decision (per_move_seconds); give more time, \
             or make the game casual"
        )));
    }
    let mut seats = Vec::with_capacity(kinds.len());
    let mut creator_seated = false;
    let mut invites = BTreeMap::new();
    for (seat, kind) in kinds.iter().enumerate() {
        let invite = auth::token().map_err(ApiError::internal)?;
        let invite_hash = auth::token_hash(&invite);
        let (user_id, user_name, bot, bot_owner) = match kind {
            SeatKind::Level(level) => (None, None, Some(level.level.to_string()), None),
            SeatKind::BotAccount(bot, owner) => (Some(bot.id), Some(bot.name.clone()), None, Some(owner.clone())),
            SeatKind::Person if !creator_seated => {
                creator_seated = true;
                (Some(user.id), Some(user.name.clone()), None, None)
            }
            SeatKind::Person => (None, None, None, None),
        };
        let reserve_left = clock.map(|c| c.reserve_seconds);
        seats.push(SeatRow {
            seat,
            user_id,
            user_name,
            bot,
            invite_hash,
            invite_used: false,
            reserve_left,
            turn_started: None,
            bot_owner,
            forfeit: None,
        });
        if seats.last().is_some_and(SeatRow::is_open) {
            invites.insert(seat, invite);
        }
    }
    // With every seat filled the game starts at once; otherwise it waits for its players.
    let started = seats.iter().all(|s| !s.is_open()) && !bidding;
    check_quotas(state, user, started).await?;
    let mut record = m.record();
    record.migrations = migrations;
    let version = record.actions.len() as i64;
    let id = state.store.create_game(&record, user.id, &seats, clock, (started, rated, bidding), bot_move_ms).await?;
    let sent = invites.iter().map(|(&seat, invite)| Invite { seat, invite: invite.clone() }).collect();
    let notice = ContentNotice::of(&content);
    // Put in play as the database holds it, as a game loaded at the start is.
    let row = state.store.load_game(id).await?.ok_or_else(|| ApiError::internal("the game just made is missing"))?;
    // An imported record may already be over: `install` finishes it at once (it is never rated).
    let game = live::install(state, &row, m, content, invites).await;
    live::spawn_bots(state.clone(), game);
    let created = Created { id, version, started, invites: sent, warning, content: notice };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn check_quotas(state: &AppState, user: &User, started: bool) -> Result<(), ApiError> {
    let (waiting, running) = state.store.games_created_by(user.id).await?;
    let limits = &state.limits;
    if !started && waiting >= limits.waiting_games {
        return Err(ApiError::too_many(format!(
            "you have {waiting} games waiting for players, the most at once; start or finish one first"
        )));
    }
    if running >= limits.running_games {
        return Err(ApiError::too_many(format!(
            "you have created {running} unfinished games, the most at once; finish one first"
        )));
    }
    if !state.limiters.games.allow(&user.id) {
        return Err(ApiError::too_many(format!(
            "you have created {} games in the last hour, the most; try again later",
            limits.games_per_hour
        )));
    }
    Ok(())
}

/// One of my games, for the list.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MyGame {
    id: i64,
    game: String,
    seat: Seat,
    your_turn: bool,
    finished: bool,
    started: bool,
    version: i64,
}

#[derive(Deserialize, Default)]
pub struct Page {
    /// At most this many (1 to 100; 50 by default).
    limit: Option<usize>,
    /// Only games with a smaller id (the last id of the previous page).
    before: Option<i64>,
    /// Only games of this game (its catalogue id).
    game: Option<String>,
}

impl Page {
    fn limit(&self) -> usize {
        self.limit.unwrap_or(50).clamp(1, 100)
    }

    /// The games in memory from `before` back, newest first (the caller filters and stops at the limit).
    async fn games(&self, state: &AppState) -> Vec<Shared> {
        state.games.read().await.range(..self.before.unwrap_or(i64::MAX)).rev().map(|(_, g)| g.clone()).collect()
    }

    /// Up to the limit of the games in memory from `before` back, newest first, of the game asked for if
    /// one was: each that `pick` lists, as it lists it.
    async fn list<T>(&self, state: &AppState, mut pick: impl FnMut(&LiveGame) -> Option<T>) -> Vec<T> {
        let mut listed = Vec::new();
        for game in self.games(state).await {
            if listed.len() >= self.limit() {
                break;
            }
            let g = game.lock().await;
            if self.game.as_deref().is_some_and(|id| id != g.m.game_id()) {
                continue;
            }
            listed.extend(pick(&g));
        }
        listed
    }
}

#[utoipa::path(get, path = "/api/games", tag = "lobby",
    params(("limit" = Option<usize>, Query, description = "At most this many, 1 to 100 (50)"),
           ("before" = Option<i64>, Query, description = "Only games with a smaller id")),
    responses((status = 200, description = "My games: those where it is my turn first, then the newest", body = Vec<MyGame>),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody)))]
pub async fn my_games(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(page): Query<Page>,
) -> Json<Vec<MyGame>> {
    let games = page.games(&state).await;
    let mut mine = Vec::new();
    for game in games {
        let g = game.lock().await;
        if let Some(seat) = g.seats.iter().find(|s| s.user_id == Some(user.id)).map(|s| s.seat) {
            let to_act = g.m.to_act();
            mine.push(MyGame {
                id: g.id,
                game: g.m.game_id().to_string(),
                seat,
                your_turn: g.started && to_act.includes(seat),
                finished: to_act == ToAct::Nobody,
                started: g.started,
                version: g.version,
            });
        }
    }
    mine.sort_by_key(|g| (!g.your_turn, std::cmp::Reverse(g.id)));
    mine.truncate(page.limit());
    Json(mine)
}

/// A game waiting for players.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Waiting {
    id: i64,
    game: String,
    /// Who created it.
    creator: Option<String>,
    /// The variant options it is played with, by name (`GET /api/catalogue`: `options`).
    #[schema(value_type = Object)]
    options: serde_json::Map<String, Value>,
    seats: Vec<WaitingSeat>,
    open_seats: Vec<Seat>,
    /// The game counts for ratings.
    rated: bool,
    /// The players bid for France before the start (`bid_for_france`).
    bidding: bool,
    clock: Option<Clock>,
    /// Unix seconds.
    created_at: i64,
    /// The replaced content the game is played with, if any: shown before anyone joins.
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<ContentNotice>,
}

/// One seat of a game waiting for players: who has it, if anyone.
#[derive(Serialize, utoipa::ToSchema)]
pub struct WaitingSeat {
    seat: Seat,
    player: Option<String>,
    bot: Option<String>,
}

/// The seat the caller now has.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Seated {
    seat: Seat,
    /// (Taking an invitation) the account now in the seat, and whether it is a guest's.
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guest: Option<bool>,
}

/// A started game: the seats given to bots.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Started {
    started: bool,
    bots: Vec<Seat>,
}

#[utoipa::path(get, path = "/api/lobby", tag = "lobby",
    params(("limit" = Option<usize>, Query, description = "At most this many, 1 to 100 (50)"),
           ("before" = Option<i64>, Query, description = "Only games with a smaller id: the last id of the previous page"),
           ("game" = Option<String>, Query, description = "Only games of this game (its catalogue id)")),
    responses((status = 200, description = "Games waiting for players, newest first", body = Vec<Waiting>)))]
pub async fn lobby(State(state): State<AppState>, Query(page): Query<Page>) -> Json<Vec<Waiting>> {
    Json(
        page.list(&state, |g| {
            (!g.started).then(|| Waiting {
                id: g.id,
                game: g.m.game_id().to_string(),
                creator: g.creator_name().map(str::to_string),
                options: variant(&state, g),
                seats: seats_of(g),
                open_seats: g.seats.iter().filter(|s| s.is_open()).map(|s| s.seat).collect(),
                rated: g.rated,
                bidding: bidding::bids_for_sides(g),
                clock: g.clock,
                created_at: g.created_at,
                content: g.content_notice.clone(),
            })
        })
        .await,
    )
}

/// Who sits at each seat of a game, for a list of games.
fn seats_of(g: &LiveGame) -> Vec<WaitingSeat> {
    g.seats.iter().map(|s| WaitingSeat { seat: s.seat, player: s.user_name.clone(), bot: s.bot.clone() }).collect()
}

/// The game's variant options as its config holds them: each declared option, by name.
fn variant(state: &AppState, g: &LiveGame) -> serde_json::Map<String, Value> {
    let config = g.m.config();
    let declared = state.registry.get(g.m.game_id()).map_or(&[][..], |e| e.options);
    declared.iter().filter_map(|o| Some((o.name.to_string(), config.get(o.name)?.clone()))).collect()
}

/// A game under way, for spectators.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Watchable {
    id: i64,
    game: String,
    seats: Vec<WaitingSeat>,
    /// The seats whose decision it is.
    to_act: Vec<Seat>,
    /// Actions played so far.
    steps: usize,
    rated: bool,
    clock: Option<Clock>,
    /// Unix seconds.
    created_at: i64,
}

#[utoipa::path(get, path = "/api/games/live", tag = "lobby",
    params(("limit" = Option<usize>, Query, description = "At most this many, 1 to 100 (50)"),
           ("before" = Option<i64>, Query, description = "Only games with a smaller id: the last id of the previous page"),
           ("game" = Option<String>, Query, description = "Only games of this game (its catalogue id)")),
    responses((status = 200, description = "Games under way that anyone may watch, newest first", body = Vec<Watchable>)))]
pub async fn live_games(State(state): State<AppState>, Query(page): Query<Page>) -> Json<Vec<Watchable>> {
    Json(
        page.list(&state, |g| {
            let to_act = g.m.to_act();
            (g.started && to_act != ToAct::Nobody).then(|| Watchable {
                id: g.id,
                game: g.m.game_id().to_string(),
                seats: seats_of(g),
                to_act: to_act.seats().to_vec(),
                steps: g.m.last_recorded().map_or(0, |(steps, _)| steps),
                rated: g.rated,
                clock: g.clock,
                created_at: g.created_at,
            })
        })
        .await,
    )
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The seat wanted; the first open one if not given.
    #[serde(default)]
    seat: Option<Seat>,
}

#[utoipa::path(post, path = "/api/games/{id}/join", tag = "lobby", request_body = Join,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Seated", body = Seated),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 403, description = "A rated game, and the caller is a guest: rated seats are for accounts", body = super::openapi::ErrorBody),
              (status = 409, description = "No such open seat, or the game has started", body = super::openapi::ErrorBody)))]
pub async fn join(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    CurrentUser(user): CurrentUser,
    Body(join): Body<Join>,
) -> Result<Json<Seated>, ApiError> {
    let game = find(&state, id).await?;
    let seat = seating::join(&state, &game, &user, join.seat).await?;
    Ok(Json(Seated { seat, name: None, guest: None }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The invitation's secret, from the link the creator sent.
    invite: String,
}

#[utoipa::path(post, path = "/api/games/{id}/claim", tag = "lobby", request_body = Claim,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Seated: the seat is the caller's account's, or (not signed in) a new guest's, whose session cookie is set", body = Seated),
              (status = 403, description = "A rated game, and the caller is a guest or not signed in: rated seats are for accounts", body = super::openapi::ErrorBody),
              (status = 404, description = "No seat of this game has that invitation", body = super::openapi::ErrorBody),
              (status = 409, description = "The game has started, or the caller already has a seat", body = super::openapi::ErrorBody),
              (status = 410, description = "The invitation was used", body = super::openapi::ErrorBody)))]
pub async fn claim(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    Body(claim): Body<Claim>,
) -> Result<Response, ApiError> {
    let game = find(&state, id).await?;
    // A newcomer gets a guest account and its session only for an invitation that can still be taken.
    seating::invited_seat(&game, &claim.invite, user.as_ref()).await?;
    let (user, cookie) = or_new_guest(&state, user).await?;
    let seat = seating::claim(&state, &game, &claim.invite, &user).await?;
    let body = Seated { seat, name: Some(user.name.clone()), guest: Some(user.guest) };
    Ok(match cookie {
        Some(cookie) => with_cookie(StatusCode::OK, &cookie, body),
        None => Json(body).into_response(),
    })
}

/// A seat's new invitation.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Renewed {
    seat: Seat,
    /// The secret of the new link (`#/game/{id}?invite=…`), shown to the creator until the server restarts.
    invite: String,
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}/invite", tag = "lobby",
    params(("id" = i64, Path, description = "The game"), ("seat" = usize, Path, description = "The open seat, from 0")),
    responses((status = 200, description = "A new link for the seat; the one sent before no longer seats anyone", body = Renewed),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 403, description = "Not the game's creator", body = super::openapi::ErrorBody),
              (status = 409, description = "The game has started, or the seat is taken", body = super::openapi::ErrorBody)))]
pub async fn renew_invite(
    State(state): State<AppState>,
    Path((id, seat)): Path<(i64, Seat)>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Renewed>, ApiError> {
    let game = find(&state, id).await?;
    let invite = auth::token().map_err(ApiError::internal)?;
    seating::renew_invite(&state, &game, &user, seat, invite.clone()).await?;
    Ok(Json(Renewed { seat, invite }))
}

/// The caller's account, or for a caller not signed in a new guest's, with the session cookie to set.
async fn or_new_guest(state: &AppState, user: Option<User>) -> Result<(User, Option<String>), ApiError> {
    if let Some(user) = user {
        return Ok((user, None));
    }
    let guest = new_guest(state).await?;
    let cookie = start_session(state, &guest).await?;
    Ok((guest, Some(cookie)))
}

/// An account for someone who takes a seat by invitation, or tries a game, without signing in: named "Guest" and a few
/// random letters, with no password (nobody can sign in as it; its session is its only key).
async fn new_guest(state: &AppState) -> Result<User, ApiError> {
    for _ in 0..4 {
        let token = auth::token().map_err(ApiError::internal)?;
        let name = format!("Guest {}", &token[..6]);
        // The key keeps guests apart from accounts: no name a person signs up with has a '#'.
        let key = format!("#guest:{}", &token[..16]);
        if let Some(id) = state.store.create_user(&name, &key, "!", true).await? {
            return Ok(User { id, name, guest: true });
        }
    }
    Err(ApiError::internal("could not make a guest account; try again"))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// A bot level for every seat still open; without it, a game with open seats does not start.
    #[serde(default)]
    bots: Option<String>,
}

#[utoipa::path(post, path = "/api/games/{id}/start", tag = "lobby", request_body = Start,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "Started: every seat has a player or a bot", body = Started),
              (status = 403, description = "Only its creator starts a game", body = super::openapi::ErrorBody),
              (status = 409, description = "Already started, or seats are open and no bot level was given", body = super::openapi::ErrorBody),
              (status = 422, description = "A bot level this game does not offer (`GET /api/bots`: `shortfalls`)", body = super::openapi::ErrorBody)))]
pub async fn start(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    CurrentUser(user): CurrentUser,
    Body(request): Body<Start>,
) -> Result<Json<Started>, ApiError> {
    let level = request.bots.as_deref().map(BotLevel::named).transpose().map_err(ApiError::bad_request)?;
    let game = find(&state, id).await?;
    let bots = seating::start(&state, &game, &user, level).await?;
    Ok(Json(Started { started: true, bots }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Bid {
    /// Treaty points, a whole number from 0 to 8 (`bid.max` in the game's state).
    points: i64,
    /// The seat bid for, which must be the caller's; the caller's seat if not given.
    #[serde(default)]
    seat: Option<Seat>,
}

#[utoipa::path(post, path = "/api/games/{id}/bid", tag = "lobby", request_body = Bid,
    params(("id" = i64, Path, description = "The game")),
    responses((status = 200, description = "The sealed bid is placed; the last one, with every seat filled, starts the game", body = Placed),
              (status = 401, description = "Not signed in", body = super::openapi::ErrorBody),
              (status = 403, description = "No seat in this game, or a seat not the caller's", body = super::openapi::ErrorBody),
              (status = 409, description = "A game whose sides are not bid for, a game started, or a second bid", body = super::openapi::ErrorBody),
              (status = 422, description = "A bid out of range", body = super::openapi::ErrorBody)))]
pub async fn bid(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    CurrentUser(user): CurrentUser,
    Body(bid): Body<Bid>,
) -> Result<Json<Placed>, ApiError> {
    let game = find(&state, id).await?;
    let placed = bidding::place(&state, &game, &user, bid.seat, bid.points).await?;
    let started = seating::start_once_bid(&state, &game).await?;
    Ok(Json(Placed { started, ..placed }))
}
