//! What players say and how long the rules let them talk: a game's chat (table talk, which spectators
//! read too, and private channels among any seats, which only their members read), and the timed segments
//! a game declares (`Game::time_limit`: Virgin Queen's Negotiations, §9.1), whose clock runs here and whose
//! expiry actions are played as the seats' own when it runs out.
//!
//! **Invariants:** a chat line reaches only its audience — [`visible_chat`] is the one filter, and bots,
//! which see only their engine view, never read the chat; a segment's deadline is saved with the game, so a
//! restarted server keeps it.

use std::time::Duration;

use imperia_core::Seat;
use serde::Serialize;

use crate::live::{AppState, LiveGame, Shared, TableError, spawn_bots, store_step};
use crate::store::{ChatLine, RunningLimit, now};
use crate::text::without_bidi_controls;

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The most lines one game's chat holds.
pub const MAX_CHAT_LINES: i64 = 5_000;
/// The most lines a viewer receives with the game's state.
const CHAT_SHOWN: usize = 100;

/// One chat line as a viewer receives it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ChatView {
    pub id: i64,
    /// The seat that said it.
    pub seat: Seat,
    /// A private channel's members, the speaker included; absent for table talk.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<Seat>>,
    /// Unix seconds.
    pub sent_at: i64,
    pub text: String,
}

impl ChatView {
    fn of(line: &ChatLine) -> ChatView {
        let to = line.audience.map(|mask| (0..64).filter(|s| mask & (1 << s) != 0).collect());
        ChatView { id: line.id, seat: line.seat, to, sent_at: line.sent_at, text: line.text.clone() }
    }
}

/// Whether `viewer` (a seat, or `None` for a spectator) may read `line`.
fn reads(line: &ChatLine, viewer: Option<Seat>) -> bool {
    match (line.audience, viewer) {
        (None, _) => true,
        (Some(mask), Some(seat)) => seat < 64 && mask & (1 << seat) != 0,
        (Some(_), None) => false,
    }
}

/// The newest lines `viewer` may read, oldest first.
pub fn visible_chat(chat: &[ChatLine], viewer: Option<Seat>) -> Vec<ChatView> {
    let mut shown: Vec<ChatView> =
        chat.iter().rev().filter(|l| reads(l, viewer)).take(CHAT_SHOWN).map(ChatView::of).collect();
    shown.reverse();
    shown
}

/// Check a line a seat wants to say, and the audience it names; returns the text trimmed and without
/// bidirectional controls (`crate::text`), and the audience as a mask of seats (the speaker's included), or
/// what is wrong.
pub fn check_line(
    text: &str,
    to: Option<&[Seat]>,
    speaker: Seat,
    seats: usize,
) -> Result<(String, Option<u64>), String> {
    let text = without_bidi_controls(text);
    let text = text.trim();
    if text.is_empty() {
        return Err("say something: the message is empty".into());
    }
    let chars = text.chars().count();
    if chars > MAX_CHAT_CHARS {
        return Err(format!("a message has at most {MAX_CHAT_CHARS} characters; this one has {chars}"));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err("a message may not hold control characters other than line breaks".into());
    }
    let Some(to) = to else { return Ok((text.to_string(), None)) };
    if to.len() > seats {
        return Err(format!("this game has {seats} seats; the channel names {}", to.len()));
    }
    let mut mask = 1u64 << speaker;
    for &seat in to {
        if seat >= seats {
            return Err(format!("there is no seat {} in this game (seats 1 to {seats})", seat + 1));
        }
        mask |= 1 << seat;
    }
    if mask.count_ones() < 2 {
        return Err("a private channel needs someone besides you: name at least one other seat".into());
    }
    Ok((text.to_string(), Some(mask)))
}

/// A timed segment as a viewer sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct TimeLimitView {
    /// Which segment ("Negotiations of turn 2").
    pub segment: String,
    /// When it ends, in Unix seconds.
    pub ends_at: i64,
    /// Seconds left when this state was made.
    pub seconds_left: i64,
}

impl TimeLimitView {
    pub fn of(limit: &RunningLimit) -> TimeLimitView {
        TimeLimitView {
            segment: limit.segment.clone(),
            ends_at: limit.ends_at,
            seconds_left: limit.ends_at.saturating_sub(now()).max(0),
        }
    }
}

/// Bring the game's running time limit in line with its engine after a change: a segment that has just
/// begun starts its clock, one that goes on keeps its deadline, one that is over stops. Saved in the
/// background (a server restarted before it lands restarts the clock from then: the players lose no time).
pub fn sync_time_limit(state: &AppState, g: &mut LiveGame) {
    let declared = if g.started { g.m.time_limit() } else { None };
    let next = match (declared, &g.time_limit) {
        (Some(d), Some(running)) if running.segment == d.segment => return,
        (Some(d), _) => Some(RunningLimit {
            segment: d.segment,
            ends_at: now().saturating_add(i64::try_from(d.seconds).unwrap_or(i64::MAX)),
        }),
        (None, None) => return,
        (None, Some(_)) => None,
    };
    g.time_limit = next.clone();
    let (store, id) = (state.store.clone(), g.id);
    tokio::spawn(async move {
        if let Err(e) = store.set_time_limit(id, next.as_ref()).await {
            tracing::warn!("game {id}: time limit not saved: {e}");
        }
    });
}

/// Run the clock of the game's timed segment, if one is under way and no watcher runs it yet: when it
/// runs out, the engine's expiry actions are played for the seats still in the segment.
pub fn watch_time_limit(state: AppState, game: Shared) {
    tokio::spawn(async move {
        {
            let mut g = game.lock().await;
            if g.limit_watched || g.time_limit.is_none() {
                return;
            }
            g.limit_watched = true;
        }
        loop {
            let (ends_at, mut changes) = {
                let mut g = game.lock().await;
                match &g.time_limit {
                    Some(running) => (running.ends_at, g.changes.subscribe()),
                    None => {
                        g.limit_watched = false;
                        return;
                    }
                }
            };
            let wait = Duration::from_secs(u64::try_from(ends_at.saturating_sub(now())).unwrap_or(0));
            tokio::select! {
                () = tokio::time::sleep(wait) => {
                    if let Err(e) = expire(&state, &game).await {
                        // Most likely the database cannot store now: try again a little later.
                        tracing::warn!("time limit not applied: {e}");
                        tokio::time::sleep(Duration::from_secs(5)).await;
                    }
                }
                _ = changes.recv() => {}
            }
        }
    });
}

/// The segment's time is up: play its expiry actions, each stored like any action.
async fn expire(state: &AppState, game: &Shared) -> Result<(), TableError> {
    let mut g = game.lock().await;
    let Some(running) = g.time_limit.clone() else { return Ok(()) };
    if now() < running.ends_at {
        return Ok(());
    }
    let Some(limit) = g.m.time_limit().filter(|l| l.segment == running.segment) else {
        // The bookkeeping is behind the engine (a record replayed elsewhere): catch up, and run that.
        sync_time_limit(state, &mut g);
        return Ok(());
    };
    // In the engine's order; the conformance harness checks that they are legal and end the segment.
    for (seat, action) in limit.expiry {
        store_step(state, &mut g, seat, &action).await?;
    }
    drop(g);
    spawn_bots(state.clone(), game.clone());
    Ok(())
}

/// The chat and the timed segments' clocks, at each event of a game's life.
pub struct Talk;

impl crate::events::Feature for Talk {
    /// A saved deadline holds if its segment is still under way; a new segment starts its clock.
    fn changed(&self, state: &AppState, g: &mut LiveGame) {
        sync_time_limit(state, g);
    }

    fn playing(&self, state: &AppState, game: &Shared) {
        watch_time_limit(state.clone(), game.clone());
    }
}
