//! The WebSocket: the caller's [`GameState`](crate::live::GameState) now and after every change. The
//! server pings every [`PING`]; a client that answers nothing is dropped by the connection's idle limit
//! (`net::Watched`).

use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use imperia_core::Seat;

use super::{MaybeUser, find, seat_of};
use crate::error::ApiError;
use crate::live::{AppState, Shared};

/// How often the server pings an open WebSocket.
pub const PING: Duration = Duration::from_secs(25);
/// The largest message a client may send (it has nothing to say but pongs and close frames).
const MAX_MESSAGE: usize = 4 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/ws", get(websocket))
}

#[utoipa::path(get, path = "/api/games/{id}/ws", tag = "play",
    params(("id" = i64, Path, description = "The game")),
    responses((status = 101, description = "WebSocket: a GameState now and after every change")))]
pub async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    MaybeUser(user): MaybeUser,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(user.as_ref(), &game).await;
    Ok(upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).on_upgrade(move |socket| async move {
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

/// Send the viewer its state now and after every change, and a ping now and then, until either side
/// closes.
async fn push_states(mut socket: WebSocket, game: Shared, seat: Option<Seat>) {
    let mut changes = game.lock().await.changes.subscribe();
    let mut ping = tokio::time::interval(PING);
    ping.tick().await;
    let mut changed = true;
    loop {
        if changed {
            let state = game.lock().await.state_for(seat);
            let Ok(text) = serde_json::to_string(&state) else { return };
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        changed = false;
        tokio::select! {
            change = changes.recv() => match change {
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => changed = true,
                Err(_) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}
