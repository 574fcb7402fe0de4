//! Games in play, kept in memory beside the store: each is rebuilt from its record at start-up, changed
//! only by [`commit`] (which stores the action before anyone hears of it), and watched by the viewers'
//! WebSockets through a broadcast of its version. Bot seats are played here, off the request path. What a
//! game in memory is, and the features' contract, are in [`crate::table`]; this module names no feature.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use imperia_core::{DynContent, DynMatch, MatchError, Seat, ToAct, Viewer};
use serde_json::Value;
use tokio::sync::Mutex;

use crate::events;
use crate::levels::BotLevel;
use crate::store::{GameRow, SeatRow, StoreError, now};
use crate::table::{AppState, LiveGame, Shared, TableError};
use crate::thought::{Answer, Thought};

impl LiveGame {
    /// The bot to play now, if a bot seat must act: in a decision several seats make at once (Virgin Queen's
    /// Negotiations), the bots do not wait for the people.
    fn bot_to_act(&self, state: &AppState) -> Option<(Seat, &'static str)> {
        if !self.started || events::bots_held(state, self) {
            return None;
        }
        self.m.to_act().seats().iter().find_map(|&seat| {
            let level = BotLevel::named(self.seats.get(seat)?.bot.as_ref()?).ok()?;
            Some((seat, level.level))
        })
    }

    /// Why this game's bots cannot play, if one of its seats names a bot this server does not run.
    pub fn unplayable_bot(&self) -> Option<String> {
        self.seats.iter().find_map(|s| {
            let bot = s.bot.as_ref()?;
            BotLevel::named(bot)
                .err()
                .map(|why| format!("seat {} is played by a bot this server does not run: {why}", s.seat + 1))
        })
    }
}

/// Put game `row` in play, as `m` with `content`: the features read their parts of it, and are told.
async fn install_game(
    state: &AppState,
    row: &GameRow,
    m: Box<dyn DynMatch>,
    content: DynContent,
    invites: BTreeMap<Seat, String>,
) -> Shared {
    let mut g = LiveGame::new(state, row, m, content, invites);
    events::read(state, row, &mut g, true);
    events::changed(state, &mut g);
    let game = Arc::new(Mutex::new(g));
    state.games.write().await.insert(row.id, game.clone());
    game
}

/// Put a game just made in play, as the database holds it (`row`) and as `m`, with its open seats'
/// `invites`: start its first clock and tell its first player; a game already over (an imported record) is
/// finished at once.
pub async fn install(
    state: &AppState,
    row: &GameRow,
    m: Box<dyn DynMatch>,
    content: DynContent,
    invites: BTreeMap<Seat, String>,
) -> Shared {
    let game = install_game(state, row, m, content, invites).await;
    {
        let mut g = game.lock().await;
        g.acting.clear();
        after_change(state, &mut g);
        if g.m.to_act() == ToAct::Nobody {
            events::finished(state, &mut g).await;
        }
    }
    game
}

/// What a committed action did.
pub struct Committed {
    pub version: i64,
    pub events: Vec<String>,
    /// It had been done already: the same action, sent again for the version it was taken at.
    pub repeated: bool,
}

/// Apply `action` for `seat` if the game is at `version`: tried on a copy, stored, then made live and
/// announced. Nothing changes if any step fails. The seat's last action sent again for the same version
/// is answered as done (idempotent), not refused as stale: it was done.
pub async fn commit(
    state: &AppState,
    game: &Shared,
    seat: Seat,
    version: i64,
    action: &Value,
) -> Result<Committed, TableError> {
    let mut g = game.lock().await;
    catch_up(state, &mut g, version).await?;
    if !g.started {
        return Err(TableError::NotStarted);
    }
    if g.version != version {
        return match g.last_action.get(&seat) {
            Some((from, done, to)) if *from == version && done == action => {
                Ok(Committed { version: *to, events: Vec::new(), repeated: true })
            }
            _ => Err(g.stale_for(seat)),
        };
    }
    let events = store_step(state, &mut g, seat, action).await?;
    let made = g.version;
    g.last_action.insert(seat, (version, action.clone(), made));
    drop(g);
    spawn_bots(state.clone(), game.clone());
    Ok(Committed { version: made, events, repeated: false })
}

/// Before refusing a request because this server's memory says the game has not started or is at an
/// older version than the caller saw, read the database: another server sharing it may have started or
/// moved the game a moment ago, before its announcement arrived here. (A caller behind this server is
/// simply stale; re-reading then would only risk trading this server's clocks for ones not yet saved.)
pub(crate) async fn catch_up(state: &AppState, g: &mut LiveGame, version: i64) -> Result<(), TableError> {
    if g.started && version <= g.version {
        return Ok(());
    }
    refresh(state, g).await
}

/// Undo `seat`'s last step, if the game is at `version` and the engine allows it.
pub async fn undo(state: &AppState, game: &Shared, seat: Seat, version: i64) -> Result<i64, TableError> {
    let mut g = game.lock().await;
    catch_up(state, &mut g, version).await?;
    if g.version != version {
        return Err(g.stale_for(seat));
    }
    let mut next = g.m.boxed_clone();
    next.undo(seat).map_err(|e| TableError::Refused(e.to_string()))?;
    let idx = next.last_recorded().map_or(0, |(len, _)| len);
    match state.store.undo_action(g.id, g.version, idx).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(stale(state, &mut g, seat).await),
        Err(e) => return Err(not_stored(state, &mut g, e).await),
    }
    g.m = next;
    g.version += 1;
    g.forget_log();
    after_change(state, &mut g);
    Ok(g.version)
}

/// After a change: run the clocks, tell the viewers and the other servers, and notify players whose turn it
/// now is and who are not watching.
pub fn after_change(state: &AppState, g: &mut LiveGame) {
    events::changed(state, g);
    if !g.started {
        announce(state, g);
        return;
    }
    let to_act: Vec<Seat> = g.m.to_act().seats().to_vec();
    let stamp = now();
    let mut clocks = Vec::new();
    for &seat in g.acting.clone().iter().filter(|s| !to_act.contains(s)) {
        // The decision is made: charge the time over the allowance to the reserve.
        if let (Some(clock), Some(s)) = (g.clock, g.seats.get_mut(seat)) {
            let used = s.turn_started.map_or(0, |t| stamp.saturating_sub(t));
            let over = used.saturating_sub(clock.per_move_seconds).max(0);
            s.reserve_left = Some(s.reserve_left.unwrap_or(0).saturating_sub(over));
            s.turn_started = None;
            clocks.push(s.clone());
        }
    }
    for &seat in to_act.iter().filter(|s| !g.acting.contains(s)) {
        let Some(s) = g.seats.get_mut(seat) else { continue };
        if g.clock.is_some() {
            s.turn_started = Some(stamp);
            clocks.push(s.clone());
        }
        if let Some(user_id) = s.user_id.filter(|_| g.watchers.get(seat).copied().unwrap_or(0) == 0) {
            let decision = g.m.view(Viewer::Seat(seat)).get("decision").and_then(|d| d.as_str()).map(str::to_string);
            let message = format!(
                "Your turn in game {} ({}){}",
                g.id,
                g.m.game_id(),
                decision.map_or(String::new(), |d| format!(": {d}"))
            );
            notify_player(state, user_id, message);
        }
    }
    g.acting = to_act;
    announce_after(state, g, clocks);
}

/// Tell this server's viewers, then, once `clocks` are saved, the other servers on the database: a server
/// that reloads the game on the announcement finds its clocks as they are.
fn announce_after(state: &AppState, g: &LiveGame, clocks: Vec<SeatRow>) {
    let _ = g.changes.send(g.version);
    let (store, id) = (state.store.clone(), g.id);
    tokio::spawn(async move {
        for s in clocks {
            if let Err(e) = store.set_seat_clock(id, s.seat, s.reserve_left, s.turn_started).await {
                tracing::warn!("game {id}: clock not saved: {e}");
            }
        }
        if let Err(e) = store.notify(id).await {
            tracing::warn!("could not announce game {id}: {e}");
        }
    });
}

/// Post a Discord-compatible message to the player's webhook, if they set one (see [`crate::webhook`]: the
/// target is checked again on every delivery).
fn notify_player(state: &AppState, user_id: i64, message: String) {
    let (store, private) = (state.store.clone(), state.options.webhooks_to_private);
    tokio::spawn(async move {
        let Ok(Some(url)) = store.webhook(user_id).await else { return };
        if let Err(e) = crate::webhook::send(url, message, private).await {
            tracing::warn!("webhook of user {user_id} not delivered: {e}");
        }
    });
}

/// Tell this server's viewers, and the other servers on the database, that a game changed.
pub fn announce(state: &AppState, g: &LiveGame) {
    announce_after(state, g, Vec::new());
}

/// The database holds a newer version than this server's memory (another server sharing the database
/// moved the game on): reload it, tell the viewers, and answer the caller with the game as it now is.
async fn stale(state: &AppState, g: &mut LiveGame, seat: Seat) -> TableError {
    if let Err(e) = refresh(state, g).await {
        return e;
    }
    g.stale_for(seat)
}

/// A write failed: nothing is acknowledged, and the game in memory is brought back to what the database
/// holds (should the failed commit have reached the disk after all, the next action still sees it).
async fn not_stored(state: &AppState, g: &mut LiveGame, e: StoreError) -> TableError {
    if let Err(again) = refresh(state, g).await {
        tracing::warn!("game {}: not reloaded after a failed write: {again}", g.id);
    }
    e.into()
}

/// Rebuild a game from the database.
pub async fn refresh(state: &AppState, g: &mut LiveGame) -> Result<(), TableError> {
    let row = state.store.load_game(g.id).await?.ok_or(TableError::NoGame(g.id))?;
    if let Some(why) = row.broken {
        return Err(TableError::Damaged { id: g.id, why });
    }
    let moved = row.version != g.version || row.seats != g.seats || row.started != g.started;
    if moved {
        let entry = state
            .registry
            .get(&row.record.game)
            .copied()
            .ok_or_else(|| TableError::Damaged { id: g.id, why: format!("no engine for `{}`", row.record.game) })?;
        g.m = (entry.replay)(&row.record, &g.content)
            .map_err(|e| TableError::Damaged { id: g.id, why: e.to_string() })?;
        g.version = row.version;
        g.seats.clone_from(&row.seats);
        g.started = row.started;
        g.acting = g.m.to_act().seats().to_vec();
        g.forget_log();
    }
    // Another server may also have changed a feature's part without moving the game (a chat line, a bid).
    let told = events::read(state, &row, g, moved);
    if moved {
        events::changed(state, g);
    }
    if moved || told {
        let _ = g.changes.send(g.version);
    }
    Ok(())
}

/// Play the game's bot seats until a human must act or the game ends, in the background; and tell the
/// features the game is playing (a clock of theirs may end a decision the bots wait for).
pub fn spawn_bots(state: AppState, game: Shared) {
    events::playing(&state, &game);
    tokio::spawn(async move {
        {
            let mut g = game.lock().await;
            if g.bots_running || g.bot_to_act(&state).is_none() {
                return;
            }
            g.bots_running = true;
        }
        let mut backoff = Duration::from_millis(500);
        loop {
            let (seat, version, key, thought, content) = {
                let g = game.lock().await;
                let Some((seat, level)) = g.bot_to_act(&state) else { break };
                // The bot's seed follows from the game and the moment, so a replay of the server would
                // make the same choices.
                let seed = g.m.record().seed ^ (g.version as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
                let thought = Thought::Move {
                    game: g.m.game_id().to_string(),
                    content: g.content.fingerprint().map(str::to_string),
                    level: level.to_string(),
                    seed,
                    seat,
                    view: g.m.view(Viewer::Seat(seat)),
                    legal: g.m.legal_actions(seat),
                };
                let key = format!("move:{}:{}:{seat}", g.id, g.version);
                (seat, g.version, key, thought, g.content.clone())
            };
            // Here, at most `bot_threads` searches run at once, whatever the number of games, bots before
            // help; or the workers think it.
            let action = match state.thinking.bot_move(&key, thought, content).await {
                Ok(Answer::Move(action)) => action,
                Ok(_) => {
                    tracing::error!("{key}: the answer was not a move");
                    break;
                }
                Err(e) => {
                    tracing::error!("{key}: the bot failed: {e}");
                    break;
                }
            };
            match commit_bot(&state, &game, seat, version, &action).await {
                Ok(()) => backoff = Duration::from_millis(500),
                // The database cannot store now (a full disk): wait, longer each time, rather than spin.
                Err(TableError::Store(e)) if e.is_unavailable() => {
                    tracing::warn!("bot move not stored; trying again in {backoff:?}");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(60));
                }
                // Another server sharing the database moved the game first: its announcement restarts the
                // bots here if they are still to play.
                Err(TableError::Stale { .. }) => break,
                Err(e) => {
                    tracing::warn!("{key}: bot move not taken: {e}");
                    break;
                }
            }
        }
        game.lock().await.bots_running = false;
    });
}

/// As [`commit`], without starting another bot task (the running one goes on).
async fn commit_bot(
    state: &AppState,
    game: &Shared,
    seat: Seat,
    version: i64,
    action: &Value,
) -> Result<(), TableError> {
    let mut g = game.lock().await;
    if g.version != version || events::bots_held(state, &g) {
        return Ok(());
    }
    store_step(state, &mut g, seat, action).await.map(|_| ())
}

/// Try `action` on a copy, store it, and make it live; the caller holds the game and has checked its
/// version. If another server got there first, the game is reloaded and the caller gets a conflict.
pub(crate) async fn store_step(
    state: &AppState,
    g: &mut LiveGame,
    seat: Seat,
    action: &Value,
) -> Result<Vec<String>, TableError> {
    let mut next = g.m.boxed_clone();
    let events = next.apply(seat, action).map_err(|e| refusal(state, next.game_id(), e))?;
    let Some((len, recorded)) = next.last_recorded() else {
        return Err(TableError::Refused("nothing was done".into()));
    };
    let finished = next.to_act() == ToAct::Nobody;
    match state.store.append_action(g.id, g.version, &recorded, len - 1, finished).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(stale(state, g, seat).await),
        Err(e) => return Err(not_stored(state, g, e).await),
    }
    g.m = next;
    g.version += 1;
    g.extend_logs();
    events::committed(state, g);
    if finished {
        events::finished(state, g).await;
    }
    after_change(state, g);
    Ok(events)
}

/// The engine's refusal as the table reports it: a rule broken leads to its section of the rules page.
fn refusal(state: &AppState, game: &str, e: MatchError) -> TableError {
    match e {
        MatchError::Rule(rule) => {
            TableError::Illegal { rule: state.rulebooks.link(game, &rule.rule), why: rule.to_string() }
        }
        e => TableError::Refused(e.to_string()),
    }
}

/// Load game `id` from the database into memory and start its bots. `None` if there is no such game or it
/// cannot be played, in which case it is marked broken, with the reason, in memory and in the database.
pub async fn load_one(state: &AppState, id: i64) -> Result<Option<Shared>, StoreError> {
    let mut row = match state.store.load_game(id).await {
        Ok(Some(row)) => row,
        Ok(None) => return Ok(None),
        Err(StoreError::Damaged(why)) => {
            mark_broken(state, id, &why).await;
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    if let Some(why) = &row.broken {
        state.broken.write().await.insert(id, why.clone());
        return Ok(None);
    }
    let Some(entry) = state.registry.get(&row.record.game).copied() else {
        mark_broken(state, id, &format!("this server has no game `{}`", row.record.game)).await;
        return Ok(None);
    };
    let content = match state.content.get(&state.store, &entry, row.record.content.as_deref()).await {
        Ok(content) => content,
        Err(e) => {
            mark_broken(state, id, &format!("its content cannot be loaded: {e}")).await;
            return Ok(None);
        }
    };
    // A game made under earlier rules is played again under today's, and kept so.
    let m = match (entry.migrate)(&row.record, &content) {
        Ok((m, None)) => m,
        Ok((m, Some(migration))) => {
            let (record, finished) = (m.record(), m.to_act() == ToAct::Nobody);
            match state.store.change_rules(row.id, row.version, finished, &record, &migration).await {
                Ok(()) => {
                    tracing::info!(
                        "game {id} was played again under rules version {} (it was made under {}): {} of its \
                         steps stand",
                        migration.to,
                        migration.from,
                        migration.replayed
                    );
                    row.migrated(record, migration);
                }
                // Another server kept it first: load it as that server left it.
                Err(StoreError::Conflict) => return Box::pin(load_one(state, id)).await,
                Err(e) => return Err(e),
            }
            m
        }
        Err(e) => {
            mark_broken(state, id, &format!("its record no longer replays: {e}")).await;
            return Ok(None);
        }
    };
    let game = install_game(state, &row, m, content, BTreeMap::new()).await;
    // A game that ended while the server stopped half-way through its end is finished now.
    {
        let mut g = game.lock().await;
        if g.m.to_act() == ToAct::Nobody {
            events::finished(state, &mut g).await;
        }
    }
    let unplayable = game.lock().await.unplayable_bot();
    if let Some(why) = unplayable {
        state.games.write().await.remove(&id);
        mark_broken(state, id, &why).await;
        return Ok(None);
    }
    spawn_bots(state.clone(), game.clone());
    Ok(Some(game))
}

async fn mark_broken(state: &AppState, id: i64, why: &str) {
    tracing::error!("game {id} is damaged and left out: {why}");
    state.broken.write().await.insert(id, why.to_string());
    if let Err(e) = state.store.mark_broken(id, why).await {
        tracing::warn!("game {id}: could not note that it is damaged: {e}");
    }
}

/// Run for the server's life: each second, tell every game's features that a second went by, and set the
/// bots of the games that moved going.
pub async fn sweep(state: AppState) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        let games: Vec<Shared> = state.games.read().await.values().cloned().collect();
        for game in games {
            let moved = events::tick(&state, &mut *game.lock().await).await;
            if moved {
                spawn_bots(state.clone(), game);
            }
        }
    }
}
