//! Ratings: when a game ends its result is *settled* once — each seat's place and score stored, and, in a
//! rated game, each player's Weng-Lin rating for that game moved ([`imperia_core::rating`]): overall, and
//! per side as well where the seats are sides (`Game::SIDES`, as Britain and France). Bots are rated by
//! level, so a ladder of levels shows on the same board as the people.
//!
//! - **Who answers for a seat:** the account sitting there, or the account that left it to a bot; a bot
//!   level otherwise.
//! - **Losing on time:** in a rated game, a seat handed to a bot because its player ran out of time is a
//!   loss for that player, taken on the rating at that moment ([`LostOnTime`]): placed below everyone
//!   still at the table, who tie. The bot then plays the seat on for the others, and what it makes of it is
//!   no longer that player's result: when the game ends, the others are rated by their places among
//!   themselves, each also ahead of every player who lost on time (as a chess player whose opponent's
//!   flag fell wins), and the ratings of those who lost on time do not move again.
//! - **Which games count:** those created rated (the default, with the shipped content; imported records
//!   never), whose seats hold at least two different players, no account at two seats (nobody is rated
//!   against themselves) and no guest (a rated game seats accounts only, `seating`; a guest is nobody the
//!   next time). A bot level at several seats moves by the mean of those seats' changes.
//! - **Once, and never lost:** the settlement claims the game (`games.settled_at`) in the same transaction
//!   that writes the places and ratings. A rating row moves only from the games count it was read at, so two
//!   servers settling games of the same player at once cannot overwrite each other: the later one retries.
//!   A settlement that fails is tried again when the game is next loaded (at the latest, the next start).

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use imperia_core::rating::{self, Rating};
use imperia_core::{Outcome, Seat};
use sqlx::{AnyConnection, Row};

use crate::levels::BotLevel;
use crate::store::{Store, StoreError, now};
use crate::table::{AppState, LiveGame};

/// How many times a settlement that lost a race is tried again at once.
const RETRIES: usize = 5;

/// Whose rating: an account, or a bot level (account 0, which no account has).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Player {
    user_id: i64,
    bot: String,
}

impl Player {
    fn person(user_id: i64) -> Player {
        Player { user_id, bot: String::new() }
    }

    /// Who answers for a seat, if anyone does.
    fn of_seat(user_id: Option<i64>, left_by: Option<i64>, bot: Option<&str>) -> Option<Player> {
        match (user_id.or(left_by), bot) {
            (Some(user_id), _) => Some(Player::person(user_id)),
            // Games made before levels had names store a level's spec (`mcts:300`): rated under the name.
            (None, Some(bot)) => {
                let level = BotLevel::named(bot).map_or(bot, |l| l.level);
                Some(Player { user_id: 0, bot: level.to_string() })
            }
            (None, None) => None,
        }
    }
}

/// Settling results, at each event of a game's life: a game that is over is settled.
pub struct Ratings;

impl crate::table::Feature for Ratings {
    fn finished<'a>(&'a self, state: &'a AppState, g: &'a mut LiveGame) -> crate::table::Then<'a> {
        Box::pin(settle(state, g))
    }
}

/// Settle a finished game, if it has not been: see the module documentation. A failure is logged; the
/// game then stays unsettled and is tried again when next loaded.
pub async fn settle(state: &AppState, g: &mut LiveGame) {
    if g.settled {
        return;
    }
    let Some(outcome) = g.m.outcome() else { return };
    let settlement = Settlement { id: g.id, game: g.m.game_id(), outcome, sides: sides_of(state, g) };
    for attempt in 1..=RETRIES {
        match state.store.write(async |tx| settlement.store(tx).await).await {
            Ok(()) => {
                g.settled = true;
                return;
            }
            Err(StoreError::Conflict) if attempt < RETRIES => {}
            Err(e) => {
                tracing::warn!("game {}: its result is not settled yet ({e}); it will be when next loaded", g.id);
                return;
            }
        }
    }
}

/// Each seat's side, in a game whose seats are sides.
fn sides_of(state: &AppState, g: &LiveGame) -> Option<Vec<String>> {
    let game = g.m.game_id();
    state.registry.get(game).is_some_and(|e| e.sides).then(|| (0..g.m.seats()).map(|s| g.m.seat_name(s)).collect())
}

/// A seat of a rated game whose player ran out of time, handed to a bot: a loss for that player on the
/// rating, taken at that moment (see the module documentation).
pub struct LostOnTime<'a> {
    id: i64,
    game: &'static str,
    seat: Seat,
    bot: &'a str,
    sides: Option<Vec<String>>,
    /// Why, where a bot account forfeited the seat (`crate::bot_accounts`): the same loss.
    forfeit: Option<&'a str>,
}

impl<'a> LostOnTime<'a> {
    pub fn of(state: &AppState, g: &LiveGame, seat: Seat, bot: &'a str) -> Self {
        LostOnTime { id: g.id, game: g.m.game_id(), seat, bot, sides: sides_of(state, g), forfeit: None }
    }

    /// The loss of a bot account that forfeited the seat, for `reason`.
    pub fn forfeited(self, reason: &'a str) -> Self {
        LostOnTime { forfeit: Some(reason), ..self }
    }

    /// Hand the seat to the bot and take its player's loss, in one transaction. False if a bot already had
    /// the seat.
    pub async fn take(&self, state: &AppState) -> Result<bool, StoreError> {
        let mut attempt = 1;
        loop {
            match state.store.write(async |tx| self.store(tx).await).await {
                Err(StoreError::Conflict) if attempt < RETRIES => attempt += 1,
                done => return done,
            }
        }
    }

    async fn store(&self, tx: &mut AnyConnection) -> Result<bool, StoreError> {
        let seats = seats_of(tx, self.id).await?;
        let Some(leaver) = seats.get(self.seat).and_then(|s| s.user_id) else { return Ok(false) };
        if !crate::store::hand_seat_to_bot(tx, self.id, self.seat, self.bot, Some(now()), self.forfeit).await? {
            return Ok(false);
        }
        // Against everyone still at the table: the leaver last, the others tied first; only the leaver moves.
        let table: Vec<(usize, Player)> = seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i == self.seat || s.lost_on_time.is_none())
            .filter_map(|(i, s)| Some((i, if i == self.seat { Player::person(leaver) } else { s.player()? })))
            .collect();
        let players: Vec<Player> = table.iter().map(|(_, p)| p.clone()).collect();
        if seats.iter().any(|s| s.guest) || !counts(&players) {
            return Ok(true);
        }
        let places: Vec<usize> = table.iter().map(|&(i, _)| if i == self.seat { 2 } else { 1 }).collect();
        let moves: Vec<bool> = table.iter().map(|&(i, _)| i == self.seat).collect();
        let rated = Rated { game: self.game, players: &players, places: &places, moves: &moves };
        rated.rate(tx, &vec![String::new(); players.len()]).await?;
        if let Some(sides) = &self.sides {
            rated.rate(tx, &table.iter().map(|&(i, _)| sides[i].clone()).collect::<Vec<_>>()).await?;
        }
        Ok(true)
    }
}

/// A seat as a settlement reads it.
struct StoredSeat {
    user_id: Option<i64>,
    left_by: Option<i64>,
    bot: Option<String>,
    /// When its player lost the game on time, if they did.
    lost_on_time: Option<i64>,
    /// Its account (or the one that left it) is a guest's.
    guest: bool,
}

impl StoredSeat {
    fn player(&self) -> Option<Player> {
        Player::of_seat(self.user_id, self.left_by, self.bot.as_deref())
    }
}

/// A game's seats, in order.
async fn seats_of(tx: &mut AnyConnection, id: i64) -> Result<Vec<StoredSeat>, StoreError> {
    let rows = sqlx::query(
        "SELECT s.user_id, s.left_by, s.bot, s.lost_on_time, COALESCE(u.guest, 0) FROM seats s \
         LEFT JOIN users u ON u.id = COALESCE(s.user_id, s.left_by) WHERE s.game_id = $1 ORDER BY s.seat",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    Ok(rows
        .iter()
        .map(|r| StoredSeat {
            user_id: r.get(0),
            left_by: r.get(1),
            bot: r.get(2),
            lost_on_time: r.get(3),
            guest: r.get::<i64, _>(4) != 0,
        })
        .collect())
}

/// What a finished game settles.
struct Settlement {
    id: i64,
    game: &'static str,
    outcome: Outcome,
    /// Each seat's side, in a game whose seats are sides.
    sides: Option<Vec<String>>,
}

impl Settlement {
    /// In one transaction: claim the game, store each seat's place and score, and rate its players.
    async fn store(&self, tx: &mut AnyConnection) -> Result<(), StoreError> {
        let claimed = sqlx::query("UPDATE games SET settled_at = $1 WHERE id = $2 AND settled_at IS NULL")
            .bind(now())
            .bind(self.id)
            .execute(&mut *tx)
            .await?;
        if claimed.rows_affected() != 1 {
            return Ok(());
        }
        let rated: i64 =
            sqlx::query("SELECT rated FROM games WHERE id = $1").bind(self.id).fetch_one(&mut *tx).await?.get(0);
        let seats = seats_of(tx, self.id).await?;
        if seats.len() != self.outcome.ranks.len() {
            return Err(StoreError::Damaged(format!(
                "game {} has {} seats stored but its result has {}",
                self.id,
                seats.len(),
                self.outcome.ranks.len()
            )));
        }
        for seat in 0..seats.len() {
            sqlx::query("UPDATE seats SET place = $1, score = $2 WHERE game_id = $3 AND seat = $4")
                .bind(self.outcome.ranks[seat] as i64)
                .bind(self.outcome.scores[seat])
                .bind(self.id)
                .bind(seat as i64)
                .execute(&mut *tx)
                .await?;
        }
        let Some(players) = seats.iter().map(StoredSeat::player).collect::<Option<Vec<_>>>() else { return Ok(()) };
        if rated == 0 || seats.iter().any(|s| s.guest) || !counts(&players) {
            return Ok(());
        }
        // Who lost on time is placed below everyone who played on, and took the loss already.
        let last = seats.iter().zip(&self.outcome.ranks).filter(|(s, _)| s.lost_on_time.is_none()).map(|(_, &r)| r);
        let last = last.max().unwrap_or(0) + 1;
        let places: Vec<usize> = seats
            .iter()
            .zip(&self.outcome.ranks)
            .map(|(s, &rank)| if s.lost_on_time.is_some() { last } else { rank })
            .collect();
        let moves: Vec<bool> = seats.iter().map(|s| s.lost_on_time.is_none()).collect();
        let rated = Rated { game: self.game, players: &players, places: &places, moves: &moves };
        rated.rate(tx, &vec![String::new(); players.len()]).await?;
        if let Some(sides) = &self.sides {
            rated.rate(tx, sides).await?;
        }
        Ok(())
    }
}

/// The ratings one result moves: each seat's player and place, and whether its rating moves now.
struct Rated<'a> {
    game: &'a str,
    players: &'a [Player],
    places: &'a [usize],
    moves: &'a [bool],
}

impl Rated<'_> {
    /// Move the rating on `sides` (all '' for the overall ratings) of each seat that moves, by the places.
    async fn rate(&self, tx: &mut AnyConnection, sides: &[String]) -> Result<(), StoreError> {
        let keys: Vec<(&Player, &str)> = self.players.iter().zip(sides).map(|(p, s)| (p, s.as_str())).collect();
        let mut before: BTreeMap<(&Player, &str), (Rating, Option<i64>)> = BTreeMap::new();
        for &key in &keys {
            if let Entry::Vacant(slot) = before.entry(key) {
                slot.insert(read(tx, self.game, key).await?);
            }
        }
        let after = rating::after_game(&keys.iter().map(|k| before[k].0).collect::<Vec<_>>(), self.places);
        for (&key, &(old, games)) in &before {
            let moved: Vec<Rating> = keys
                .iter()
                .zip(&after)
                .zip(self.moves)
                .filter(|((k, _), moves)| **k == key && **moves)
                .map(|((_, r), _)| *r)
                .collect();
            if moved.is_empty() {
                continue;
            }
            let n = moved.len() as f64;
            let new = Rating {
                rating: old.rating + moved.iter().map(|r| r.rating - old.rating).sum::<f64>() / n,
                uncertainty: moved.iter().map(|r| r.uncertainty).sum::<f64>() / n,
            };
            write(tx, self.game, key, new, games).await?;
        }
        Ok(())
    }
}

/// Whether a game's players make it count: two different players at least, and no account at two seats.
fn counts(players: &[Player]) -> bool {
    let distinct: BTreeSet<&Player> = players.iter().collect();
    let people = |all: &mut dyn Iterator<Item = &Player>| all.filter(|p| p.user_id != 0).count();
    distinct.len() >= 2 && people(&mut players.iter()) == people(&mut distinct.iter().copied())
}

/// A player's rating on a side, and the games it was made of (`None`: never rated there).
async fn read(
    tx: &mut AnyConnection,
    game: &str,
    (player, side): (&Player, &str),
) -> Result<(Rating, Option<i64>), StoreError> {
    let row =
        sqlx::query("SELECT mu, sigma, games FROM ratings WHERE game = $1 AND user_id = $2 AND bot = $3 AND side = $4")
            .bind(game)
            .bind(player.user_id)
            .bind(&player.bot)
            .bind(side)
            .fetch_optional(&mut *tx)
            .await?;
    Ok(match row {
        Some(r) => (Rating { rating: r.get(0), uncertainty: r.get(1) }, Some(r.get(2))),
        None => (Rating::new(), None),
    })
}

/// Store a moved rating, if nobody moved it since it was read at `games`; otherwise a conflict (retried).
async fn write(
    tx: &mut AnyConnection,
    game: &str,
    (player, side): (&Player, &str),
    new: Rating,
    games: Option<i64>,
) -> Result<(), StoreError> {
    let done =
        match games {
            Some(games) => {
                sqlx::query(
                    "UPDATE ratings SET mu = $1, sigma = $2, games = games + 1 \
                 WHERE game = $3 AND user_id = $4 AND bot = $5 AND side = $6 AND games = $7",
                )
                .bind(new.rating)
                .bind(new.uncertainty)
                .bind(game)
                .bind(player.user_id)
                .bind(&player.bot)
                .bind(side)
                .bind(games)
                .execute(&mut *tx)
                .await?
            }
            None => sqlx::query(
                "INSERT INTO ratings (game, user_id, bot, side, mu, sigma, games) VALUES ($1, $2, $3, $4, $5, $6, 1) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(game)
            .bind(player.user_id)
            .bind(&player.bot)
            .bind(side)
            .bind(new.rating)
            .bind(new.uncertainty)
            .execute(&mut *tx)
            .await?,
        };
    if done.rows_affected() == 1 { Ok(()) } else { Err(StoreError::Conflict) }
}

/// One line of a leaderboard or a profile: a rating as shown and what it is made of.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Standing {
    /// The account's name; absent for a bot.
    pub player: Option<String>,
    /// The bot level; absent for an account.
    pub bot: Option<String>,
    /// The game (on a profile).
    pub game: String,
    /// The side, or absent for the rating over every side.
    pub side: Option<String>,
    /// The rating shown and ranked by: the estimate less three uncertainties.
    pub rating: f64,
    /// The estimate of strength (μ) and its uncertainty (σ).
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
    /// Where the account is a bot account: its owner's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_owner: Option<String>,
}

impl Standing {
    fn of(row: &sqlx::any::AnyRow) -> Standing {
        let (mu, sigma): (f64, f64) = (row.get(3), row.get(4));
        let (bot, side): (String, String) = (row.get(1), row.get(6));
        Standing {
            player: row.get(0),
            bot: (!bot.is_empty()).then_some(bot),
            game: row.get(2),
            side: (!side.is_empty()).then_some(side),
            rating: rating::shown(&Rating { rating: mu, uncertainty: sigma }),
            mu,
            sigma,
            games: row.get(5),
            bot_owner: row.get(7),
        }
    }
}

/// The columns [`Standing::of`] reads, from `ratings r` joined to `users u`.
const STANDING: &str = "SELECT u.name, r.bot, r.game, r.mu, r.sigma, r.games, r.side, o.name FROM ratings r \
     LEFT JOIN users u ON u.id = r.user_id LEFT JOIN users o ON o.id = u.bot_owner";

/// Leaves guests off a leaderboard (`ratings r` joined to `users u`): no game rates them now, but one
/// settled before rated games seated accounts only may have.
const NO_GUESTS: &str = "(r.user_id = 0 OR u.guest = 0)";

/// Which leaderboard: people (and the server's bot levels, which people measure themselves against), or bot
/// accounts (programs people entered, `crate::bot_accounts`), each rated in a pool of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pool {
    #[default]
    People,
    Bots,
}

impl Pool {
    /// The condition on `users u` (joined to `ratings r`) that keeps a board to its pool.
    fn only(self) -> &'static str {
        match self {
            Pool::People => "u.bot_owner IS NULL",
            Pool::Bots => "u.bot_owner IS NOT NULL",
        }
    }
}

/// An account as its profile shows it.
pub struct Account {
    pub id: i64,
    pub name: String,
    pub guest: bool,
    /// Unix seconds.
    pub joined: i64,
    /// Where it is a bot account: its owner's name.
    pub bot_owner: Option<String>,
}

impl Store {
    /// The account a name means, guests included: names match as sign-in matches them
    /// (`Store::user_by_name`).
    pub async fn account_named(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query(
            "SELECT u.id, u.name, u.guest, u.created_at, o.name FROM users u LEFT JOIN users o ON o.id = u.bot_owner \
             WHERE u.name_key = $1 OR (u.name_key IS NULL AND u.name = $2) \
             ORDER BY CASE WHEN u.name_key IS NULL THEN 0 ELSE 1 END LIMIT 1",
        )
        .bind(crate::auth::name_key(name))
        .bind(name.trim())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Account {
            id: r.get(0),
            name: r.get(1),
            guest: r.get::<i64, _>(2) != 0,
            joined: r.get(3),
            bot_owner: r.get(4),
        }))
    }

    /// A game's ratings in `pool` on one side ('' for overall), best first, a page at a time; and how many
    /// there are.
    pub async fn leaderboard(
        &self,
        (game, side, pool): (&str, &str, Pool),
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Standing>, i64), StoreError> {
        let only = pool.only();
        let rows = sqlx::query(&format!(
            "{STANDING} WHERE r.game = $1 AND r.side = $2 AND {NO_GUESTS} AND {only} \
             ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id, r.bot LIMIT $3 OFFSET $4"
        ))
        .bind(game)
        .bind(side)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        let total: i64 = sqlx::query(&format!(
            "SELECT COUNT(*) FROM ratings r LEFT JOIN users u ON u.id = r.user_id \
             WHERE r.game = $1 AND r.side = $2 AND {NO_GUESTS} AND {only}"
        ))
        .bind(game)
        .bind(side)
        .fetch_one(&self.pool)
        .await?
        .get(0);
        Ok((rows.iter().map(Standing::of).collect(), total))
    }

    /// The sides a game has ratings on (none for a game whose seats are not sides).
    pub async fn rated_sides(&self, game: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT DISTINCT side FROM ratings WHERE game = $1 AND side <> '' ORDER BY side")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// An account's ratings in every game, overall before sides.
    pub async fn ratings_of(&self, user_id: i64) -> Result<Vec<Standing>, StoreError> {
        let rows = sqlx::query(&format!("{STANDING} WHERE r.user_id = $1 AND r.user_id <> 0 ORDER BY r.game, r.side"))
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(Standing::of).collect())
    }

    /// The started games an account sat at (or left to a bot), newest first: up to `limit` with ids below
    /// `before`.
    pub async fn games_of(&self, user_id: i64, before: i64, limit: i64) -> Result<Vec<PlayedGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, s.seat, g.finished, g.rated, s.place, s.score, g.created_at, \
                    (SELECT COUNT(*) FROM seats o WHERE o.game_id = g.id), s.left_by, s.lost_on_time \
             FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE (s.user_id = $1 OR s.left_by = $1) AND g.started <> 0 AND g.id < $2 \
             ORDER BY g.id DESC LIMIT $3",
        )
        .bind(user_id)
        .bind(before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| PlayedGame {
                id: r.get(0),
                game: r.get(1),
                seat: r.get::<i64, _>(2) as usize,
                finished: r.get::<i64, _>(3) != 0,
                rated: r.get::<i64, _>(4) != 0,
                place: r.get(5),
                score: r.get(6),
                created_at: r.get(7),
                seats: r.get(8),
                left: r.get::<Option<i64>, _>(9).is_some(),
                lost_on_time: r.get(10),
            })
            .collect())
    }
}

/// A game on a player's profile.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct PlayedGame {
    pub id: i64,
    pub game: String,
    pub seat: usize,
    pub finished: bool,
    pub rated: bool,
    /// The seat's place (1 = won) and score, once the game is over.
    pub place: Option<i64>,
    pub score: Option<i64>,
    /// Unix seconds.
    pub created_at: i64,
    /// How many seats the game has.
    pub seats: i64,
    /// The player left the seat to a bot before the end (and answers for its result, unless lost on time).
    pub left: bool,
    /// When the player lost this rated game on time (Unix seconds): that is their result, whatever the bot
    /// that took the seat made of it.
    pub lost_on_time: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: i64) -> Player {
        Player { user_id: id, bot: String::new() }
    }

    fn bot(level: &str) -> Player {
        Player { user_id: 0, bot: level.into() }
    }

    #[test]
    fn a_game_counts_with_two_players_and_nobody_at_two_seats() {
        assert!(counts(&[person(1), bot("strong"), bot("strong"), bot("strong")]));
        assert!(counts(&[bot("easy"), bot("strong")]));
        assert!(!counts(&[person(1), person(1), bot("strong")]), "one account at two seats");
        assert!(!counts(&[bot("strong"), bot("strong")]), "a level against itself");
    }

    #[test]
    fn who_answers_for_a_seat() {
        assert_eq!(Player::of_seat(Some(3), None, None), Some(person(3)));
        assert_eq!(Player::of_seat(None, Some(3), Some("strong")), Some(person(3)), "the one who left it");
        assert_eq!(Player::of_seat(None, None, Some("mcts:300")), Some(bot("strong")), "an old spec, by its level");
        assert_eq!(Player::of_seat(None, None, None), None);
    }
}
