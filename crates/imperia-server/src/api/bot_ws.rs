//! `GET /api/bot/ws`: a bot account's program plays every seat its account holds over one WebSocket, one
//! protocol message a text frame ([`crate::bot_accounts::Connection`] says what each does). The token comes
//! in the `Authorization: Bearer` header, where an unknown or revoked one is refused before the upgrade; or,
//! for a client that cannot send headers (a WebSocket in a browser or in Node), in the first message, a
//! `ready` with a `token`, within [`GREETING`]. The token is checked again at every ping, so a revoked one
//! ends its connections within [`PING`].

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use axum::routing::get;
use imperia_bots::outside::{FromBot, MAX_LINE, Notice, ToBot};
use tokio::sync::broadcast::error::RecvError;

use super::ws::PING;
use crate::auth;
use crate::bot_accounts::{Connection, Tables};
use crate::error::ApiError;
use crate::table::AppState;

/// The close code of a connection whose token was refused, revoked or renewed (private use, as
/// `ws::SESSION_ENDED`).
pub const TOKEN_ENDED: u16 = 4403;
/// How long a connection opened without the header has to send its token.
pub const GREETING: Duration = Duration::from_secs(10);
const NO_SUCH_TOKEN: &str =
    "no bot account has that token (it may have been renewed or revoked): its owner can make a new one";

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/bot/ws", get(connect))
}

/// The bearer token of a request.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(str::trim).filter(|t| !t.is_empty())
}

#[utoipa::path(get, path = "/api/bot/ws", tag = "bots",
    responses((status = 101, description = "WebSocket: the outside-bot protocol (docs/bot-builders.md), for every seat of the token's bot account"),
              (status = 401, description = "No token, or one that is not a bot account's (revoked, renewed)", body = super::openapi::ErrorBody)))]
pub async fn connect(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let known = match bearer(&headers) {
        Some(token) => {
            let hash = auth::token_hash(token);
            let bot = state.store.bot_by_token(&hash).await?;
            Some((bot.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, NO_SUCH_TOKEN))?.id, hash))
        }
        None => None,
    };
    Ok(upgrade.max_message_size(MAX_LINE).max_frame_size(MAX_LINE).on_upgrade(move |mut socket| async move {
        let known = match known {
            Some(known) => Some(known),
            None => greeted(&mut socket, &state).await,
        };
        if let Some((account, hash)) = known {
            play(socket, state, account, hash).await;
        }
    }))
}

/// The bot account whose token the first message gives, and the token's hash; `None` once the socket is
/// closed, saying why.
async fn greeted(socket: &mut WebSocket, state: &AppState) -> Option<(i64, String)> {
    let first = tokio::time::timeout(GREETING, socket.recv()).await;
    let token = match first {
        Ok(Some(Ok(Message::Text(line)))) => match FromBot::read(line.as_str()) {
            Ok(FromBot::Ready { token, .. }) => token,
            _ => None,
        },
        _ => None,
    };
    let why = match token {
        Some(token) => {
            let hash = auth::token_hash(&token);
            match state.store.bot_by_token(&hash).await {
                Ok(Some(bot)) => return Some((bot.id, hash)),
                Ok(None) => NO_SUCH_TOKEN,
                Err(_) => "the server cannot check tokens just now; connect again in a moment",
            }
        }
        None => {
            "a bot connects with its token: send the header Authorization: Bearer <token>, or make the first \
                 message {\"type\": \"ready\", \"name\": …, \"token\": …} within 10 s"
        }
    };
    let notice = ToBot::Error(Notice { game_id: None, message: why.into() });
    let _ = send(socket, [notice]).await;
    let _ = socket.send(Message::Close(Some(CloseFrame { code: TOKEN_ENDED, reason: "no token".into() }))).await;
    None
}

/// Tell the program what is pending, and act on its answers, until either side closes or the token ends.
async fn play(mut socket: WebSocket, state: AppState, account: i64, token_hash: String) {
    let mut woken = state.parts.get::<Tables>().woken();
    let mut connection = Connection::new(&state, account);
    let mut ping = tokio::time::interval(PING);
    ping.tick().await;
    let mut due = true;
    loop {
        if due && send(&mut socket, connection.pending().await).await.is_err() {
            return;
        }
        due = false;
        tokio::select! {
            wake = woken.recv() => match wake {
                Ok(id) => due = id == account,
                Err(RecvError::Lagged(_)) => due = true,
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(line))) => {
                    let said = connection.answer(line.as_str()).await;
                    if send(&mut socket, said).await.is_err() {
                        return;
                    }
                    due = true;
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if !matches!(state.store.bot_by_token(&token_hash).await, Ok(None)) {
                    if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                        return;
                    }
                    continue;
                }
                let reason = "the bot account's token was renewed or revoked: connect with the new one";
                let _ = socket.send(Message::Close(Some(CloseFrame { code: TOKEN_ENDED, reason: reason.into() }))).await;
                return;
            }
        }
    }
}

/// Send each message, a line of JSON a frame.
async fn send(socket: &mut WebSocket, messages: impl IntoIterator<Item = ToBot>) -> Result<(), axum::Error> {
    for message in messages {
        let Ok(text) = serde_json::to_string(&message) else { continue };
        socket.send(Message::Text(text.into())).await?;
    }
    Ok(())
}
