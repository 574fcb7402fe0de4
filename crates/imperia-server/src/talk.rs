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
use serde_json::{Map, Value, json};

use crate::live::{spawn_bots, store_step};
use crate::store::{CHAT_KEPT, ChatLine, GameRow, RunningLimit, now};
use crate::table::Feature;
use crate::table::{AppState, LiveGame, Shared, TableError};
use crate::text::without_bidi_controls;

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The most lines one game's chat holds.
pub const MAX_CHAT_LINES: i64 = 5_000;
/// The most lines a viewer receives with the game's state.
const CHAT_SHOWN: usize = 100;

/// A game's chat: its newest lines, oldest first (each viewer reads only its own: [`visible_chat`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Chat(Vec<ChatLine>);

/// The segment of a game the rules time, while one is under way, and whether a task runs its clock.
#[derive(Clone, Debug, Default)]
struct TimedSegment {
    running: Option<RunningLimit>,
    watched: bool,
}

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

/// Keep `line`, just stored, among game `g`'s newest lines; returns it as its speaker reads it.
pub fn keep_line(g: &mut LiveGame, line: ChatLine) -> Option<ChatView> {
    let speaker = line.seat;
    let chat = &mut g.parts.get_or_default::<Chat>().0;
    chat.push(line);
    chat.drain(..chat.len().saturating_sub(CHAT_KEPT));
    visible_chat(chat, Some(speaker)).pop()
}

/// Whether private channels are open in game `g` now.
pub fn private_talk(g: &LiveGame) -> Result<(), String> {
    if g.started { g.m.private_talk() } else { Err("private talk waits for the game to start".into()) }
}

/// Bring the game's running time limit in line with its engine after a change: a segment that has just
/// begun starts its clock, one that goes on keeps its deadline, one that is over stops. Saved in the
/// background (a server restarted before it lands restarts the clock from then: the players lose no time).
pub fn sync_time_limit(state: &AppState, g: &mut LiveGame) {
    let declared = if g.started { g.m.time_limit() } else { None };
    let next = match (declared, &g.parts.get_or_default::<TimedSegment>().running) {
        (Some(d), Some(running)) if running.segment == d.segment => return,
        (Some(d), _) => Some(RunningLimit {
            segment: d.segment,
            ends_at: now().saturating_add(i64::try_from(d.seconds).unwrap_or(i64::MAX)),
        }),
        (None, None) => return,
        (None, Some(_)) => None,
    };
    g.parts.get_or_default::<TimedSegment>().running.clone_from(&next);
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
            let segment = g.parts.get_or_default::<TimedSegment>();
            if segment.watched || segment.running.is_none() {
                return;
            }
            segment.watched = true;
        }
        loop {
            let (ends_at, mut changes) = {
                let mut g = game.lock().await;
                let changes = g.changes.subscribe();
                let segment = g.parts.get_or_default::<TimedSegment>();
                match &segment.running {
                    Some(running) => (running.ends_at, changes),
                    None => {
                        segment.watched = false;
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
    let Some(running) = g.parts.get_or_default::<TimedSegment>().running.clone() else { return Ok(()) };
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

impl Feature for Talk {
    /// Another server may have taken a chat line. A deadline it saved holds for the segment the game is now
    /// in; a saved one may also lag behind this server's memory (saves run in the background), so the
    /// engine decides, and only when the game moved.
    fn read(&self, row: &GameRow, g: &mut LiveGame, moved: bool) -> bool {
        if moved {
            let saved = row.time_limit.clone().filter(|l| g.m.time_limit().is_some_and(|d| d.segment == l.segment));
            if saved.is_some() {
                g.parts.get_or_default::<TimedSegment>().running = saved;
            }
        }
        g.parts.set(Chat(row.chat.clone()))
    }

    /// A saved deadline holds if its segment is still under way; a new segment starts its clock.
    fn changed(&self, state: &AppState, g: &mut LiveGame) {
        sync_time_limit(state, g);
    }

    fn playing(&self, state: &AppState, game: &Shared) {
        watch_time_limit(state.clone(), game.clone());
    }

    fn view(&self, g: &LiveGame, viewer: Option<Seat>, out: &mut Map<String, Value>) {
        let chat = g.parts.get::<Chat>().map_or(&[][..], |c| c.0.as_slice());
        out.insert("chat".into(), json!(visible_chat(chat, viewer)));
        let running = g.parts.get::<TimedSegment>().and_then(|s| s.running.as_ref());
        out.insert("time_limit".into(), json!(running.map(TimeLimitView::of)));
        if let Err(closed) = private_talk(g) {
            out.insert("private_talk_closed".into(), json!(closed));
        }
    }
}
