//! Bot accounts at the table (issue 57): a program a person entered plays the seats its account holds,
//! speaking the outside-bot protocol of `imperia arena`'s `cmd:` seats ([`imperia_bots::outside`],
//! docs/bot-builders.md) over one WebSocket (`api::bot_ws`) for all of its games at once.
//!
//! - A bot account is an account whose `bot_owner` is the person who made it (`api::bot_accounts`): it has
//!   no password and signs in nowhere; its program connects with a secret token whose hash is kept. It
//!   sits at a table as a person does (`SeatRow::user_id`), so ratings and profiles know it as an account.
//! - [`BotClock`] (the [`Feature`]) times each decision of a bot account's seat from the moment the game
//!   asks for it, connected or not, and wakes the account's connections whenever one of its games changes.
//! - [`Connection`] is one connection's side of the protocol, free of the transport: what to send now
//!   (a game's `hello`, each decision's `turn`, `end`) and what an answer does.
//! - **Forfeits.** A bot account that answers with an action that is not legal, or not within the game's
//!   time for a decision, forfeits the seat ([`crate::seating::forfeit`]): a house bot plays it on, the
//!   account loses as a person who ran out of time does, and its other games go on.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

use imperia_bots::outside::{Choice, End, Fault, FromBot, Hello, Notice, PROTOCOL, TimeLeft, ToBot, Turn};
use imperia_core::{Seat, ToAct, Viewer};
use tokio::sync::broadcast;

use crate::store::GameRow;
use crate::table::{AppState, Feature, LiveGame, Shared, TableError, Then};

/// How many bot accounts one person may make.
pub const MAX_BOTS: i64 = 5;
/// A bot account's time for a decision, in milliseconds, where the game's creator sets none.
pub const DEFAULT_MOVE_MS: u64 = 30_000;
/// The times for a decision a game's creator may set, in milliseconds (the server's limits may lower the
/// floor for tests: `Limits::bot_move_min_ms`).
pub const MOVE_MS: RangeInclusive<u64> = 1_000..=600_000;

/// A game's bot-account decisions and their clock.
#[derive(Default)]
struct Decisions {
    /// The game's time for one decision.
    limit: Duration,
    /// Since when each bot-account seat that is to act has been asked, and at which version of the game
    /// (a seat that decides twice in a row is timed afresh for the second decision).
    since: BTreeMap<Seat, (i64, Instant)>,
}

impl Decisions {
    /// What is left of `seat`'s decision, and whether it is already late.
    fn left(&self, seat: Seat) -> (Duration, bool) {
        let used = self.since.get(&seat).map_or(Duration::ZERO, |(_, since)| since.elapsed());
        (self.limit.saturating_sub(used), used >= self.limit && self.since.contains_key(&seat))
    }
}

/// The server's bot-account tables: the games each bot account sits at, the forfeits not yet told to any
/// of its connections, and a wake-up for them (the account's id, sent whenever one of its games changes).
pub struct Tables {
    seated: std::sync::Mutex<BTreeMap<i64, BTreeSet<i64>>>,
    /// Per account, per game: the message that tells of its forfeit, kept until a connection takes it (a
    /// bot that was not connected hears of it when it connects, as long as this server runs).
    forfeits: std::sync::Mutex<BTreeMap<i64, BTreeMap<i64, String>>>,
    wake: broadcast::Sender<i64>,
}

impl Default for Tables {
    fn default() -> Self {
        Tables { seated: Default::default(), forfeits: Default::default(), wake: broadcast::channel(256).0 }
    }
}

fn locked<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Tables {
    fn games_of(&self, account: i64) -> BTreeSet<i64> {
        locked(&self.seated).get(&account).cloned().unwrap_or_default()
    }

    fn sit(&self, account: i64, game: i64, seated_now: bool) {
        let mut seated = locked(&self.seated);
        let games = seated.entry(account).or_default();
        if seated_now {
            games.insert(game);
        } else {
            games.remove(&game);
        }
    }

    /// The forfeits of `account` not yet told, taken.
    fn take_forfeits(&self, account: i64) -> BTreeMap<i64, String> {
        locked(&self.forfeits).remove(&account).unwrap_or_default()
    }

    /// The account ids whose games changed, from now on.
    pub fn woken(&self) -> broadcast::Receiver<i64> {
        self.wake.subscribe()
    }
}

/// The bot-account seats of a game: the seat and its account.
fn bot_seats(g: &LiveGame) -> Vec<(Seat, i64)> {
    g.seats.iter().filter(|s| s.bot_owner.is_some()).filter_map(|s| Some((s.seat, s.user_id?))).collect()
}

/// The decisions' clock and the connections' wake-up, at each event of a game's life.
pub struct BotClock;

impl Feature for BotClock {
    fn read(&self, row: &GameRow, g: &mut LiveGame, _moved: bool) -> bool {
        let ms = row.bot_move_ms.map_or(DEFAULT_MOVE_MS, |ms| ms.max(0) as u64);
        g.parts.get_or_default::<Decisions>().limit = Duration::from_millis(ms);
        false
    }

    fn changed(&self, state: &AppState, g: &mut LiveGame) {
        let seats = bot_seats(g);
        let acting: Vec<Seat> = if g.started { g.m.to_act().seats().to_vec() } else { Vec::new() };
        let version = g.version;
        let decisions = g.parts.get_or_default::<Decisions>();
        decisions.since.retain(|seat, (asked, _)| {
            *asked == version && acting.contains(seat) && seats.iter().any(|(s, _)| s == seat)
        });
        for &(seat, _) in &seats {
            if acting.contains(&seat) {
                decisions.since.entry(seat).or_insert_with(|| (version, Instant::now()));
            }
        }
        let tables = state.parts.get::<Tables>();
        let over = g.m.to_act() == ToAct::Nobody;
        for (_, account) in seats {
            tables.sit(account, g.id, !over);
            let _ = tables.wake.send(account);
        }
    }

    fn tick<'a>(&'a self, state: &'a AppState, g: &'a mut LiveGame) -> Then<'a, bool> {
        Box::pin(async move {
            let Some(decisions) = g.parts.get::<Decisions>() else { return false };
            let late: Vec<Seat> = decisions.since.keys().copied().filter(|&s| decisions.left(s).1).collect();
            let limit = decisions.limit;
            let mut moved = false;
            for seat in late {
                moved |= forfeit(state, g, seat, &Fault::Late(limit)).await;
            }
            moved
        })
    }
}

/// Forfeit `seat`'s bot account for `fault`, and wake its connections to say so; whether it was done.
async fn forfeit(state: &AppState, g: &mut LiveGame, seat: Seat, fault: &Fault) -> bool {
    let Some(account) = g.seats.get(seat).and_then(|s| s.user_id) else { return false };
    let name = g.seats[seat].user_name.clone().unwrap_or_default();
    let reason = format!("{name} {fault}");
    if let Some(decisions) = g.parts.get_mut::<Decisions>() {
        decisions.since.remove(&seat);
    }
    let done = match crate::seating::forfeit(state, g, seat, &reason).await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!("game {}: seat {seat}'s bot account forfeits ({reason}) but stays: {e}", g.id);
            false
        }
    };
    let tables = state.parts.get::<Tables>();
    tables.sit(account, g.id, false);
    if done {
        let message = format!(
            "you forfeit game {} (seat {seat}): {reason}; a house bot plays the seat on, and your other games go on",
            g.id
        );
        locked(&tables.forfeits).entry(account).or_default().insert(g.id, message);
    }
    let _ = tables.wake.send(account);
    done
}

/// What a connection knows of one of its games.
struct Table {
    seat: Seat,
    /// The decision last sent: the game's version, and the actions offered.
    turn: Option<(i64, Vec<Choice>)>,
}

/// One connection of a bot account's program: what it was told of which game.
pub struct Connection {
    state: AppState,
    account: i64,
    tables: BTreeMap<i64, Table>,
}

impl Connection {
    /// A new connection of bot account `account`: every game it sits at is greeted anew (a reconnect
    /// resumes, its pending decisions sent again).
    pub fn new(state: &AppState, account: i64) -> Connection {
        Connection { state: state.clone(), account, tables: BTreeMap::new() }
    }

    /// What the program is to be told now, in order.
    pub async fn pending(&mut self) -> Vec<ToBot> {
        let tables = self.state.parts.get::<Tables>();
        let mut out: Vec<ToBot> = tables
            .take_forfeits(self.account)
            .into_iter()
            .map(|(id, message)| {
                self.tables.remove(&id);
                error(Some(id), message)
            })
            .collect();
        let mut ids = tables.games_of(self.account);
        ids.extend(self.tables.keys());
        for id in ids {
            let game = self.state.games.read().await.get(&id).cloned();
            match game {
                Some(game) => self.pending_in(id, &*game.lock().await, &mut out),
                None => {
                    self.tables.remove(&id);
                }
            }
        }
        out
    }

    fn pending_in(&mut self, id: i64, g: &LiveGame, out: &mut Vec<ToBot>) {
        let game_id = id.to_string();
        let Some(seat) = g.seats.iter().find(|s| s.user_id == Some(self.account)).map(|s| s.seat) else {
            // Seated no more: it forfeited (told once, by whichever connection took the notice).
            self.tables.remove(&id);
            return;
        };
        if !g.started {
            return;
        }
        let decisions = g.parts.get::<Decisions>();
        let time = |seat| {
            let (left, _) = decisions.map_or((Duration::ZERO, false), |d| d.left(seat));
            TimeLeft::of(left, None).0
        };
        let table = match self.tables.entry(id) {
            Entry::Occupied(seen) => seen.into_mut(),
            Entry::Vacant(new) => {
                out.push(ToBot::Hello(Hello {
                    protocol: PROTOCOL,
                    game: g.m.game_id().to_string(),
                    game_id: game_id.clone(),
                    seat,
                    seats: g.m.seats(),
                    seat_names: (0..g.m.seats()).map(|s| g.m.seat_name(s)).collect(),
                    options: g.m.config(),
                    time: TimeLeft { move_ms: decisions.map_or(0, |d| d.limit.as_millis() as u64), game_ms: None },
                }));
                new.insert(Table { seat, turn: None })
            }
        };
        if let Some(outcome) = g.m.outcome() {
            out.push(ToBot::End(End { game_id, outcome, forfeit: None }));
            self.tables.remove(&id);
            return;
        }
        let asked = g.m.to_act().seats().contains(&seat);
        if !asked || table.turn.as_ref().is_some_and(|(version, _)| *version == g.version) {
            return;
        }
        let viewer = Viewer::Seat(seat);
        let actions: Vec<Choice> =
            g.m.legal_actions(seat)
                .into_iter()
                .enumerate()
                .map(|(index, a)| Choice { index, action: a.action, label: a.label })
                .collect();
        out.push(ToBot::Turn(Turn {
            game_id,
            step: g.m.last_recorded().map_or(0, |(steps, _)| steps),
            seat,
            prompt: g.m.prompt(viewer),
            view: g.m.view(viewer),
            actions: actions.clone(),
            time: time(seat),
        }));
        table.turn = Some((g.version, actions));
    }

    /// The program sent `line`: act on it, and say what is wrong, if anything (a forfeit is told by the
    /// next [`Connection::pending`]).
    pub async fn answer(&mut self, line: &str) -> Option<ToBot> {
        let said = match FromBot::read(line) {
            Ok(said) => said,
            Err(fault) => return Some(error(None, format!("your message was not read: it {fault}"))),
        };
        if let FromBot::Ready { .. } = said {
            return None;
        }
        let id = match said.game_id() {
            Some(id) => match id.parse::<i64>() {
                Ok(id) if self.tables.contains_key(&id) => id,
                _ => return Some(error(None, format!("you play no game \"{id}\" here: answer with a turn's game_id"))),
            },
            None => {
                let waiting: Vec<i64> =
                    self.tables.iter().filter(|(_, t)| t.turn.is_some()).map(|(&id, _)| id).collect();
                match waiting[..] {
                    [id] => id,
                    _ => {
                        return Some(error(
                            None,
                            format!(
                                "{} of your games wait for an action: say which one an action answers with its game_id",
                                waiting.len()
                            ),
                        ));
                    }
                }
            }
        };
        let table = self.tables.get_mut(&id).expect("looked up above");
        let Some((version, actions)) = table.turn.take() else {
            return Some(error(Some(id), format!("game {id} is not waiting for your action")));
        };
        let seat = table.seat;
        let game = self.state.games.read().await.get(&id).cloned()?;
        let chosen = said.chosen(&actions);
        self.act(&game, seat, version, chosen.map(|index| &actions[index].action)).await
    }

    /// Take the chosen action for `seat`, or forfeit the seat for its fault.
    async fn act(
        &mut self,
        game: &Shared,
        seat: Seat,
        version: i64,
        chosen: Result<&serde_json::Value, Fault>,
    ) -> Option<ToBot> {
        let id = {
            let mut g = game.lock().await;
            let late = g.parts.get::<Decisions>().filter(|d| d.left(seat).1).map(|d| Fault::Late(d.limit));
            if g.version == version
                && let Some(fault) = late.or_else(|| chosen.as_ref().err().cloned())
            {
                forfeit(&self.state, &mut g, seat, &fault).await;
                drop(g);
                crate::live::spawn_bots(self.state.clone(), game.clone());
                return None;
            }
            g.id
        };
        let Ok(action) = chosen else { return None };
        match crate::live::commit(&self.state, game, seat, version, action).await {
            Ok(_) | Err(TableError::Stale { .. }) => None,
            Err(TableError::Illegal { why, .. } | TableError::Refused(why)) => {
                let mut g = game.lock().await;
                forfeit(&self.state, &mut g, seat, &Fault::NotLegal(why)).await;
                drop(g);
                crate::live::spawn_bots(self.state.clone(), game.clone());
                None
            }
            Err(e) => Some(error(Some(id), format!("your action in game {id} was not taken: {e}"))),
        }
    }
}

fn error(game: Option<i64>, message: String) -> ToBot {
    ToBot::Error(Notice { game_id: game.map(|id| id.to_string()), message })
}
