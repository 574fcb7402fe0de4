//! The WebSocket: the caller's [`GameState`](crate::table::GameState) now and after every change. The
//! server pings every [`PING`]; a client that answers nothing is dropped by the connection's idle limit
//! (`net::Watched`).
//!
//! A socket opened with a session lives only as long as that session: when this server ends one of the
//! account's sessions (a sign-out, a password change) and at every ping (for sessions another server ended,
//! or that expired), the socket checks its own, and closes with [`SESSION_ENDED`] once it is gone, so a seat's
//! private view stops with the session that was allowed to see it.

use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use imperia_core::Seat;
use tokio::sync::broadcast::{self, error::RecvError};

use super::{MaybeUser, find, seat_of};
use crate::auth;
use crate::error::ApiError;
use crate::store::Store;
use crate::table::{AppState, LiveGame, Shared};

/// How often the server pings an open WebSocket.
pub const PING: Duration = Duration::from_secs(25);
/// The largest message a client may send (it has nothing to say but pongs and close frames).
const MAX_MESSAGE: usize = 4 * 1024;
/// The close code of a socket whose session ended (a private-use code: the page may tell the player why).
pub const SESSION_ENDED: u16 = 4401;

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
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = find(&state, id).await?;
    let seat = seat_of(user.as_ref(), &game).await;
    let user_id = user.as_ref().map(|u| u.id);
    let session = user.zip(auth::session_token(&headers)).map(|(user, token)| Session::new(&state, user.id, &token));
    Ok(upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).on_upgrade(move |socket| async move {
        let mut seat = seat;
        watch(&game, seat, 1).await;
        push_states(socket, game.clone(), (user_id, &mut seat), session).await;
        watch(&game, seat, -1).await;
    }))
}

/// The session a socket was opened with.
struct Session {
    store: Store,
    user_id: i64,
    token_hash: String,
    /// The accounts whose sessions this server has ended since the socket opened.
    ended: broadcast::Receiver<i64>,
    /// Every [`PING`], a check for what this server cannot hear of.
    every: tokio::time::Interval,
    /// A check is due: kept across a wait the socket dropped (another branch won its `select!`) so that no
    /// ending is lost. Due at the start, for a session ended while the socket was being opened.
    due: bool,
}

impl Session {
    fn new(state: &AppState, user_id: i64, token: &str) -> Session {
        Session {
            store: state.store.clone(),
            user_id,
            token_hash: auth::token_hash(token),
            ended: state.store.sessions_ended(),
            every: tokio::time::interval_at(tokio::time::Instant::now() + PING, PING),
            due: true,
        }
    }

    /// Return once the session has ended.
    async fn until_ended(&mut self) {
        loop {
            if self.due {
                // A database that does not answer leaves the socket open: the next check asks again.
                let user = self.store.session_user(&self.token_hash, auth::SESSION_IDLE_SECONDS).await;
                if matches!(user, Ok(None)) {
                    return;
                }
                self.due = false;
            }
            tokio::select! {
                ended = self.ended.recv() => match ended {
                    Ok(user_id) if user_id != self.user_id => continue,
                    // Missed messages may have named this account.
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => std::future::pending().await,
                },
                _ = self.every.tick() => {}
            }
            self.due = true;
        }
    }
}

/// Return once the socket's session has ended; never, for a socket opened without one.
async fn session_ended(session: &mut Option<Session>) {
    match session {
        Some(session) => session.until_ended().await,
        None => std::future::pending().await,
    }
}

/// Count a seat's open WebSockets (a watching player gets no webhook).
async fn watch(game: &Shared, seat: Option<Seat>, delta: isize) {
    if let Some(seat) = seat
        && let Some(w) = game.lock().await.watchers.get_mut(seat)
    {
        *w = w.saturating_add_signed(delta);
    }
}

/// Keep a socket on its player's seat: the players of a game whose sides were bid for may have changed
/// seats at its start (`crate::bidding`), and a socket left on the old seat would show its player the
/// other's hand. A player whose seat went to a bot keeps watching it, as before.
fn follow_seat(g: &mut LiveGame, user_id: Option<i64>, seat: &mut Option<Seat>) {
    let Some(now) = user_id.and_then(|u| g.seats.iter().find(|s| s.user_id == Some(u))).map(|s| s.seat) else {
        return;
    };
    if *seat != Some(now) {
        for (at, delta) in [(*seat, -1), (Some(now), 1)] {
            if let Some(w) = at.and_then(|at| g.watchers.get_mut(at)) {
                *w = w.saturating_add_signed(delta);
            }
        }
        *seat = Some(now);
    }
}

/// Send the viewer its state now and after every change, and a ping now and then, until either side
/// closes or the socket's session ends.
async fn push_states(
    mut socket: WebSocket,
    game: Shared,
    (user_id, seat): (Option<i64>, &mut Option<Seat>),
    mut session: Option<Session>,
) {
    let mut changes = game.lock().await.changes.subscribe();
    let mut ping = tokio::time::interval(PING);
    ping.tick().await;
    let mut changed = true;
    loop {
        if changed {
            let state = {
                let mut g = game.lock().await;
                follow_seat(&mut g, user_id, seat);
                g.state_for(*seat)
            };
            let Ok(text) = serde_json::to_string(&state) else { return };
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        changed = false;
        tokio::select! {
            change = changes.recv() => match change {
                Ok(_) | Err(RecvError::Lagged(_)) => changed = true,
                Err(_) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            () = session_ended(&mut session) => return end_session(socket).await,
            _ = ping.tick() => {
                if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Close a socket whose session ended, saying why.
async fn end_session(mut socket: WebSocket) {
    let frame = CloseFrame { code: SESSION_ENDED, reason: "the session ended: sign in again".into() };
    let _ = socket.send(Message::Close(Some(frame))).await;
}
