//! Who sits where: joining a game, taking an invitation's seat, starting, and handing a timed-out player's
//! seat to a bot. Part of the game layer beside [`crate::live`]: each operation holds the game's lock, checks
//! the table, writes the change through the store, and only then changes the game in memory and tells its
//! viewers. Refusals are [`TableError`]s; nothing here knows HTTP.

use imperia_core::Seat;

use crate::levels::BotLevel;
use crate::live;
use crate::store::{SeatRow, User};
use crate::table::{AppState, LiveGame, Shared, TableError};

fn conflict(why: impl Into<String>) -> TableError {
    TableError::Conflict(why.into())
}

/// Seat `user` in the game, at `seat` or the first open seat.
pub async fn join(state: &AppState, game: &Shared, user: &User, seat: Option<Seat>) -> Result<Seat, TableError> {
    let mut g = game.lock().await;
    if g.started {
        return Err(conflict("the game has started; it takes no more players"));
    }
    if g.seats.iter().any(|s| s.user_id == Some(user.id)) {
        return Err(conflict("you already have a seat in this game"));
    }
    rated_seat_for(g.rated, Some(user))?;
    let seat = match seat {
        Some(seat) if g.seats.get(seat).is_some_and(SeatRow::is_open) => seat,
        Some(seat) => return Err(conflict(format!("seat {seat} is not open"))),
        None => g.seats.iter().find(|s| s.is_open()).map(|s| s.seat).ok_or_else(|| conflict("no seat is open"))?,
    };
    take(state, &mut g, seat, user, false).await?;
    Ok(seat)
}

/// The seat whose invitation is `invite`, if it can still be taken by `user` (or by a newcomer, `None`).
pub async fn invited_seat(game: &Shared, invite: &str, user: Option<&User>) -> Result<Seat, TableError> {
    let g = game.lock().await;
    invitation(&g, invite, user)
}

/// Take the seat of `invite` for `user`, checking again what [`invited_seat`] checked.
pub async fn claim(state: &AppState, game: &Shared, invite: &str, user: &User) -> Result<Seat, TableError> {
    let mut g = game.lock().await;
    let seat = invitation(&g, invite, Some(user))?;
    take(state, &mut g, seat, user, true).await?;
    Ok(seat)
}

fn invitation(g: &LiveGame, invite: &str, user: Option<&User>) -> Result<Seat, TableError> {
    let s = g
        .seats
        .iter()
        .find(|s| !invite.is_empty() && s.invite_hash == crate::auth::token_hash(invite))
        .ok_or_else(|| TableError::NotFound(format!("no seat of game {} has that invitation", g.id)))?;
    if s.invite_used {
        return Err(TableError::Gone("this invitation has been used: its seat is taken".into()));
    }
    if g.started || !s.is_open() {
        return Err(conflict("the game has started; it takes no more players"));
    }
    if user.is_some_and(|u| g.seats.iter().any(|s| s.user_id == Some(u.id))) {
        return Err(conflict("you already have a seat in this game"));
    }
    rated_seat_for(g.rated, user)?;
    Ok(s.seat)
}

/// A rated game seats accounts only: a rating follows a person from game to game, and a guest (made on the
/// spot by an invitation, `None` here) is nobody the next time.
fn rated_seat_for(rated: bool, user: Option<&User>) -> Result<(), TableError> {
    if rated && user.is_none_or(|u| u.guest) {
        return Err(TableError::Forbidden(
            "this game is rated, and a rated game's seats are for players with an account (a rating follows a \
             person from game to game): sign up or sign in to play it; guests may play casual games"
                .into(),
        ));
    }
    Ok(())
}

/// Give open `seat` a new invitation, `invite`, at the request of the game's creator `user` before the start:
/// the server keeps only secrets' hashes, so a link made before a restart cannot be shown again, only
/// replaced. The link sent before no longer seats anyone.
pub async fn renew_invite(
    state: &AppState,
    game: &Shared,
    user: &User,
    seat: Seat,
    invite: String,
) -> Result<(), TableError> {
    let mut g = game.lock().await;
    if g.created_by != user.id {
        return Err(TableError::Forbidden("only the game's creator invites its players".into()));
    }
    if g.started {
        return Err(conflict("the game has started; it takes no more players"));
    }
    if !g.seats.get(seat).is_some_and(|s| s.is_open() && !s.invite_used) {
        return Err(conflict(format!("seat {} has no invitation waiting for a player", seat + 1)));
    }
    let hash = crate::auth::token_hash(&invite);
    if !state.store.renew_invite(g.id, seat, &hash).await? {
        return Err(conflict(format!("seat {} was just taken", seat + 1)));
    }
    g.seats[seat].invite_hash = hash;
    g.invites.insert(seat, invite);
    live::announce(state, &g);
    Ok(())
}

/// Store that `user` has `seat`, then seat them in memory and tell the viewers.
async fn take(state: &AppState, g: &mut LiveGame, seat: Seat, user: &User, invited: bool) -> Result<(), TableError> {
    if !state.store.take_seat(g.id, seat, user.id, invited).await? {
        return Err(conflict(format!("seat {seat} was just taken")));
    }
    let s = &mut g.seats[seat];
    s.user_id = Some(user.id);
    s.user_name = Some(user.name.clone());
    s.invite_used |= invited;
    live::announce(state, g);
    Ok(())
}

/// Start the game for its creator `user`, giving every open seat to a bot of `level`; the seats so given.
pub async fn start(
    state: &AppState,
    game: &Shared,
    user: &User,
    level: Option<&'static BotLevel>,
) -> Result<Vec<Seat>, TableError> {
    let mut g = game.lock().await;
    if g.created_by != user.id {
        return Err(TableError::Forbidden("only the game's creator starts it".into()));
    }
    if g.started {
        return Err(conflict("the game has already started"));
    }
    let open: Vec<Seat> = g.seats.iter().filter(|s| s.is_open()).map(|s| s.seat).collect();
    if !open.is_empty() && level.is_none() {
        let seats: Vec<String> = open.iter().map(|s| (s + 1).to_string()).collect();
        return Err(conflict(format!(
            "seat {} is still open: send its invitation, or start with a bot level for the open seats",
            seats.join(", ")
        )));
    }
    if let Some(level) = level {
        level.offered_in(g.content.game()).map_err(TableError::Refused)?;
    }
    begin(state, &mut g, &open, level.map(|l| l.level)).await?;
    drop(g);
    live::spawn_bots(state.clone(), game.clone());
    Ok(open)
}

/// Start `game` if its sides are bid for and its last bid is in ([`crate::bidding::all_bid`]); whether it
/// started.
pub async fn start_once_bid(state: &AppState, game: &Shared) -> Result<bool, TableError> {
    let mut g = game.lock().await;
    if g.started || !crate::bidding::all_bid(&g) {
        return Ok(false);
    }
    begin(state, &mut g, &[], None).await?;
    drop(g);
    live::spawn_bots(state.clone(), game.clone());
    Ok(true)
}

/// Start game `g`, giving the open seats `fill` to bots of level `bot` and settling its bids for sides
/// ([`crate::bidding`]); the caller has checked who may and then starts the bots.
async fn begin(state: &AppState, g: &mut LiveGame, fill: &[Seat], bot: Option<&str>) -> Result<(), TableError> {
    let settled = crate::bidding::settle(state, g, fill, bot)?;
    if !state.store.start_game(g.id, fill, bot, settled.as_ref().map(|(s, _)| s)).await? {
        return Err(conflict("the game has already started"));
    }
    for &seat in fill {
        g.seats[seat].bot = bot.map(str::to_string);
    }
    if let Some((settled, m)) = settled {
        crate::bidding::apply(g, settled, m);
    }
    g.started = true;
    g.acting.clear();
    live::after_change(state, g);
    Ok(())
}

/// Hand `seat`, whose player has run out of time, to a bot of `level`, at the request of the player at
/// `caller`.
pub async fn hand_to_bot(
    state: &AppState,
    game: &Shared,
    caller: Seat,
    seat: Seat,
    level: &'static BotLevel,
) -> Result<(), TableError> {
    if caller == seat {
        return Err(TableError::Forbidden("only another player of this game may hand a seat to a bot".into()));
    }
    let mut g = game.lock().await;
    if g.seats.get(seat).is_none_or(|s| s.bot.is_some()) {
        return Err(conflict(format!("seat {seat} is not a player's")));
    }
    if !g.out_of_time(seat) {
        return Err(conflict(format!("seat {seat} has not run out of time")));
    }
    level.offered_in(g.content.game()).map_err(TableError::Refused)?;
    give_to_bot(state, &mut g, seat, level, None).await?;
    drop(g);
    live::spawn_bots(state.clone(), game.clone());
    Ok(())
}

/// The seat's player, out of time (or a bot account that forfeited, for the reason `forfeit`), leaves it to
/// a bot of `level`; everyone is told. In a rated game that is a loss on the player's rating, taken now
/// ([`crate::ratings::LostOnTime`]); in a casual one the player still answers for the seat's result.
async fn give_to_bot(
    state: &AppState,
    g: &mut LiveGame,
    seat: Seat,
    level: &BotLevel,
    forfeit: Option<&str>,
) -> Result<(), TableError> {
    let handed = if g.rated {
        let lost = crate::ratings::LostOnTime::of(state, g, seat, level.level);
        match forfeit {
            Some(reason) => lost.forfeited(reason).take(state).await?,
            None => lost.take(state).await?,
        }
    } else {
        state.store.hand_to_bot(g.id, seat, level.level, forfeit).await?
    };
    if !handed {
        return Err(conflict(format!("seat {seat} was just changed")));
    }
    let s = &mut g.seats[seat];
    s.bot = Some(level.level.to_string());
    s.user_id = None;
    s.user_name = None;
    s.bot_owner = None;
    s.forfeit = forfeit.map(str::to_string);
    live::announce(state, g);
    Ok(())
}

/// A bot account forfeits `seat` for `reason` (an illegal action, or too late): a house bot of
/// [`TIMEOUT_LEVEL`] plays the seat on, and in a rated game the account loses as one who ran out of time
/// does. The caller starts the bots.
pub(crate) async fn forfeit(state: &AppState, g: &mut LiveGame, seat: Seat, reason: &str) -> Result<(), TableError> {
    let level = BotLevel::named(TIMEOUT_LEVEL).map_err(TableError::Refused)?;
    give_to_bot(state, g, seat, level, Some(reason)).await
}

/// The level that takes a seat whose time ran out, in a game whose clock says a bot takes over.
pub(crate) const TIMEOUT_LEVEL: &str = "medium";

/// Seats whose player ran out of time long ago, in games whose clock says a bot takes over
/// (`Clock::bot_after_seconds`): each second, each such seat is given to a bot, and the bots play on.
pub struct LateSeats;

impl crate::table::Feature for LateSeats {
    fn tick<'a>(&'a self, state: &'a AppState, g: &'a mut LiveGame) -> crate::table::Then<'a, bool> {
        Box::pin(async move {
            let (Some(after), Ok(level)) = (g.clock.and_then(|c| c.bot_after_seconds), BotLevel::named(TIMEOUT_LEVEL))
            else {
                return false;
            };
            let late: Vec<Seat> =
                (0..g.seats.len()).filter(|&s| g.time_left(s).is_some_and(|left| left < -after)).collect();
            let mut taken = false;
            for seat in late {
                match give_to_bot(state, g, seat, level, None).await {
                    Ok(()) => taken = true,
                    Err(e) => tracing::warn!("game {}: seat {seat} ran out of time but stays: {e}", g.id),
                }
            }
            taken
        })
    }
}
