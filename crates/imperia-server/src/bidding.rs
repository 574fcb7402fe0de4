//! Bidding for sides (issue 54): Imperial Struggle's author's note to §7.4 (ruling S11), run by the lobby.
//!
//! A game created with «bid for France» waits in the lobby until its sides are settled. Each seated player
//! bids once, a sealed whole number of treaty points from 0 to [`MAX_BID`]; nobody learns another's bid
//! before the start. Bot seats bid [`BOT_BID`]. The game starts as soon as every seat is filled and every
//! player has bid (or when its creator starts it with bots for the open seats): the higher bid plays France
//! (seat 2), the other player Britain (seat 1) with the winning bid's treaty points (the game's
//! `france_bid` option), set up again from a new seed, so that no player keeps what the side they left showed
//! them before the start. Equal bids go to the bid placed first, which the order shown after the start lets
//! both players check; a bot's bid is placed at the start, after every player's. The players change seats
//! in the store before the game is set up, so its record and ratings are per side as in any other game.

use imperia_core::{DynMatch, Seat};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::live;
use crate::store::{BidRow, GameRow, SeatRow, Settlement, User, now};
use crate::table::Feature;
use crate::table::{AppState, LiveGame, Shared, TableError};

/// The game whose sides may be bid for, and its option that takes the winning bid.
pub const GAME: &str = "imperial-struggle";
pub const OPTION: &str = "france_bid";
/// The most a bid may be: the game's `france_bid` bound (a test holds the two together).
pub const MAX_BID: i64 = 8;
/// What a bot seat bids: where measured play put France's edge (docs/rules/imperial-struggle.md, S11).
pub const BOT_BID: i64 = 4;
/// The seats of the two sides.
const BRITAIN: Seat = 0;
const FRANCE: Seat = 1;

/// The bids of a game whose sides are bid for, in the order they were placed: its part
/// ([`crate::parts::Parts`]), which only such a game has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bidding {
    pub bids: Vec<BidRow>,
}

/// What a viewer is told of the bidding.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct BidView {
    /// A bid is a whole number of treaty points from 0 to this.
    pub max: i64,
    /// What a bot seat bids.
    pub bot_bid: i64,
    /// Before the start, the seats whose players have bid (the amounts stay sealed).
    pub placed: Vec<Seat>,
    /// The viewer's own bid, once placed.
    pub yours: Option<i64>,
    /// Once the game has started: every bid and who won France.
    pub settled: Option<SettledView>,
}

/// The bids opened at the start.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct SettledView {
    /// Every bid, in the order placed.
    pub bids: Vec<OpenedBid>,
    /// Who plays France, and the treaty points Britain starts with.
    pub france: String,
    pub points: i64,
    /// The bids were equal: the one placed first won.
    pub tie: bool,
}

#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct OpenedBid {
    /// The player's name, or a bot's level.
    pub bidder: String,
    pub points: i64,
    /// Unix seconds.
    pub placed_at: i64,
}

impl Bidding {
    /// What `seat` sees of the bids of game `g`.
    pub fn view(&self, g: &LiveGame, seat: Option<Seat>) -> BidView {
        let user = seat.and_then(|s| g.seats.get(s)).and_then(|s| s.user_id);
        let settled = g.started.then(|| winner(&self.bids)).flatten().map(|won| SettledView {
            bids: self
                .bids
                .iter()
                .map(|b| OpenedBid { bidder: b.bidder.clone(), points: b.points, placed_at: b.placed_at })
                .collect(),
            france: won.bidder.clone(),
            points: won.points,
            tie: self.bids.iter().filter(|b| b.points == won.points).count() > 1,
        });
        BidView {
            max: MAX_BID,
            bot_bid: BOT_BID,
            placed: if g.started { Vec::new() } else { self.bids.iter().map(|b| b.seat).collect() },
            yours: user.and_then(|u| self.bids.iter().find(|b| b.user_id == Some(u))).map(|b| b.points),
            settled,
        }
    }

    /// What the start waits for, in words, while a seated player has not bid.
    pub fn waiting_for(&self, seats: &[SeatRow]) -> Option<String> {
        let names = self.missing(seats);
        (!names.is_empty()).then(|| format!("Waiting for {}'s sealed bid for France", names.join(" and ")))
    }

    /// The seated players who have not bid.
    fn missing(&self, seats: &[SeatRow]) -> Vec<String> {
        seats
            .iter()
            .filter(|s| s.user_id.is_some() && !self.bids.iter().any(|b| b.seat == s.seat))
            .map(|s| s.user_name.clone().unwrap_or_else(|| format!("seat {}", s.seat + 1)))
            .collect()
    }
}

/// Whether game `g`'s sides are bid for.
pub fn bids_for_sides(g: &LiveGame) -> bool {
    g.parts.get::<Bidding>().is_some()
}

/// Bidding for sides, at each event of a game's life: the bids are read with the game, shown to its viewers,
/// and awaited before the start.
pub struct Bids;

impl Feature for Bids {
    /// Another server may have taken a bid.
    fn read(&self, row: &GameRow, g: &mut LiveGame, _moved: bool) -> bool {
        if row.bidding {
            g.parts.set(Bidding { bids: row.bids.clone() })
        } else {
            g.parts.remove::<Bidding>();
            false
        }
    }

    fn start_waits_for(&self, g: &LiveGame) -> Option<String> {
        g.parts.get::<Bidding>()?.waiting_for(&g.seats)
    }

    fn view(&self, g: &LiveGame, viewer: Option<Seat>, out: &mut Map<String, Value>) {
        if let Some(bidding) = g.parts.get::<Bidding>() {
            out.insert("bid".into(), json!(bidding.view(g, viewer)));
        }
    }
}

/// The winning bid: the highest, and of equal bids the one placed first.
fn winner(bids: &[BidRow]) -> Option<&BidRow> {
    bids.iter().fold(None, |best: Option<&BidRow>, b| match best {
        Some(best) if best.points >= b.points => Some(best),
        _ => Some(b),
    })
}

/// Why a new game of `game` may not have its sides bid for, if it may not: another game, the winning bid
/// set by hand, or no person at the table to bid.
pub fn check_new_game(game: &str, options: &serde_json::Value, people: usize) -> Result<(), String> {
    if game != GAME {
        return Err(format!("bidding for sides is offered in Imperial Struggle ({GAME}) only, not in {game}"));
    }
    if options.get(OPTION).is_some_and(|v| v != &json!(0)) {
        return Err(format!("with bidding for France the bids set `{OPTION}`; leave it out of the options"));
    }
    if people == 0 {
        return Err("bidding for France needs a person at the table: every seat is a bot".into());
    }
    Ok(())
}

/// What [`place`] did: the bid, and whether it was the last and started the game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Placed {
    pub points: i64,
    pub started: bool,
}

/// Place `user`'s sealed bid of `points` (for `seat`, if the caller names one: it must be theirs). The last
/// bid, with every seat filled, lets the game start ([`crate::seating::start_once_bid`], which the caller
/// runs next).
pub async fn place(
    state: &AppState,
    game: &Shared,
    user: &User,
    seat: Option<Seat>,
    points: i64,
) -> Result<Placed, TableError> {
    let mut g = game.lock().await;
    let Some(bidding) = g.parts.get::<Bidding>() else {
        return Err(TableError::Conflict(format!(
            "game {} does not bid for sides: its creator did not choose to bid for France",
            g.id
        )));
    };
    let mine = g.seats.iter().find(|s| s.user_id == Some(user.id)).map(|s| s.seat);
    let Some(mine) = mine else {
        return Err(TableError::Forbidden("you have no seat in this game: only its players bid".into()));
    };
    if let Some(seat) = seat.filter(|&s| s != mine) {
        return Err(TableError::Forbidden(format!("seat {} is not yours: you bid for seat {}", seat + 1, mine + 1)));
    }
    if g.started {
        return Err(TableError::Conflict("the game has started: its bids are settled".into()));
    }
    if let Some(placed) = bidding.bids.iter().find(|b| b.seat == mine) {
        return Err(TableError::Conflict(format!("you have bid {} already, and a bid is final", placed.points)));
    }
    if !(0..=MAX_BID).contains(&points) {
        return Err(TableError::Refused(format!("a bid is a whole number of treaty points from 0 to {MAX_BID}")));
    }
    if !state.store.place_bid(g.id, mine, user.id, points).await? {
        return Err(TableError::Conflict("the game started, or your seat changed, meanwhile: load it again".into()));
    }
    // Read back from the store: another server sharing it may hold the other bid.
    let bids = state.store.bids(g.id).await?;
    g.parts.set(Bidding { bids });
    live::announce(state, &g);
    Ok(Placed { points, started: false })
}

/// Whether game `g`'s sides are bid for, its seats all taken, and every player has bid.
pub fn all_bid(g: &LiveGame) -> bool {
    let Some(bidding) = g.parts.get::<Bidding>() else { return false };
    g.seats.iter().all(|s| !s.is_open()) && bidding.missing(&g.seats).is_empty()
}

/// What the store keeps of a settled bid, and the game set up with it.
pub(crate) type SettledStart = (Settlement, Box<dyn DynMatch>);

/// How game `g` starts with the open seats `fill` given to bots of `level`: `None` for a game whose sides
/// are not bid for; a refusal while a seated player has not bid.
pub(crate) fn settle(
    state: &AppState,
    g: &LiveGame,
    fill: &[Seat],
    level: Option<&str>,
) -> Result<Option<SettledStart>, TableError> {
    let Some(bidding) = g.parts.get::<Bidding>() else { return Ok(None) };
    if let Some(waiting) = bidding.waiting_for(&g.seats) {
        return Err(TableError::Conflict(format!("{waiting}: the game starts once every player has bid")));
    }
    let bot_bids: Vec<(Seat, String, i64)> = g
        .seats
        .iter()
        .filter_map(|s| {
            let bot = s.bot.clone().or_else(|| level.filter(|_| fill.contains(&s.seat)).map(str::to_string))?;
            Some((s.seat, bot, BOT_BID))
        })
        .collect();
    let mut bids = bidding.bids.clone();
    bids.extend(bot_bids.iter().map(|(seat, bot, points)| BidRow {
        seat: *seat,
        user_id: None,
        bidder: bot.clone(),
        points: *points,
        placed_at: now(),
    }));
    let won = winner(&bids).ok_or_else(|| TableError::Conflict("nobody has bid".into()))?;
    let mut config = g.m.config();
    config[OPTION] = json!(won.points);
    let entry = state
        .registry
        .get(g.m.game_id())
        .copied()
        .ok_or_else(|| TableError::Damaged { id: g.id, why: format!("no engine for `{}`", g.m.game_id()) })?;
    // A new seed: before the start each seat could look at its side's hand, and a player who changes sides
    // must not know the other's.
    let seed = crate::auth::seed().map_err(|e| TableError::Refused(format!("no seed for the game: {e}")))?;
    let m = (entry.start)(&config, seed, &g.content).map_err(|e| TableError::Refused(e.to_string()))?;
    let swap = won.seat != FRANCE;
    debug_assert!(!swap || won.seat == BRITAIN, "two sides");
    Ok(Some((Settlement { bot_bids, swap, config, seed }, m)))
}

/// After the store kept the start: the game as `settled` says, in memory.
pub(crate) fn apply(g: &mut LiveGame, settled: Settlement, m: Box<dyn DynMatch>) {
    if settled.swap {
        g.seats.swap(BRITAIN, FRANCE);
        for (i, s) in g.seats.iter_mut().enumerate() {
            s.seat = i;
        }
    }
    g.m = m;
    g.forget_log();
    let bids = &mut g.parts.get_or_default::<Bidding>().bids;
    bids.extend(settled.bot_bids.into_iter().map(|(seat, bidder, points)| BidRow {
        seat,
        user_id: None,
        bidder,
        points,
        placed_at: now(),
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(seat: Seat, points: i64) -> BidRow {
        BidRow { seat, user_id: None, bidder: format!("seat {seat}"), points, placed_at: 0 }
    }

    #[test]
    fn the_higher_bid_wins_and_of_equal_bids_the_first() {
        assert_eq!(winner(&[bid(0, 3), bid(1, 2)]).map(|b| b.seat), Some(0));
        assert_eq!(winner(&[bid(0, 1), bid(1, 2)]).map(|b| b.seat), Some(1));
        assert_eq!(winner(&[bid(1, 2), bid(0, 2)]).map(|b| b.seat), Some(1));
        assert_eq!(winner(&[bid(0, 2), bid(1, 2)]).map(|b| b.seat), Some(0));
        assert!(winner(&[]).is_none());
    }

    #[test]
    fn the_bound_is_the_games_own() {
        let entry = imperia_games::registry().get(GAME).copied().expect("Imperial Struggle");
        let option = entry.options.iter().find(|o| o.name == OPTION).expect("its france_bid option");
        assert!(matches!(option.kind, imperia_core::OptionKind::Integer { min: 0, max: MAX_BID, .. }), "{option:?}");
        assert!((0..=MAX_BID).contains(&BOT_BID));
    }
}
