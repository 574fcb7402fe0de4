//! The review of a finished game: the bot's search goes through the players' decisions, each from the
//! deciding seat's view as it was then (so it judges with what the player knew), and marks the *slips*,
//! the decisions whose chances fell furthest below the search's own choice. Made once, on request, in the
//! background and a few steps at a time, each part waiting its turn for a slot after the games' bots
//! ([`crate::thinking`]); kept with the game.

use std::collections::BTreeMap;
use std::time::Duration;

use imperia_bots::Judged;
use imperia_core::{Seat, ToAct};
use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, Semaphore};

use crate::table::{AppState, LiveGame, Shared, TableError};
use crate::thinking::Place;
use crate::thought::{Answer, Thought};

/// The search's budget per decision: a tenth of a hint's, since a game has hundreds of decisions.
const ITERATIONS: u64 = 300;
const TIME_PER_DECISION: Duration = Duration::from_secs(1);
/// Steps reviewed per turn on a bot thread, so that other help is never kept waiting long.
const STEPS_AT_A_TIME: usize = 12;
/// About how long one part searches, at most.
pub const TIME_PER_PART: Duration = Duration::from_secs(TIME_PER_DECISION.as_secs() * STEPS_AT_A_TIME as u64);
/// A decision is a slip when its chances fell at least this far below the search's choice.
const SLIP: f64 = 0.05;
/// The biggest slips shown, per seat.
const SLIPS_PER_SEAT: usize = 5;

/// A finished review.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Review {
    /// The decisions judged (those of people, with more than one choice).
    pub judged: usize,
    /// The search's iterations per decision.
    pub iterations: u64,
    /// The biggest slips of each seat, in the order they were made.
    #[schema(value_type = Vec<Object>)]
    pub slips: Vec<Slip>,
}

/// A decision that fell below the search's choice.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Slip {
    #[serde(flatten)]
    pub judged: Judged,
    /// How far below, in chances (0 to 1).
    pub loss: f64,
}

/// Where a game's review stands.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ReviewState {
    /// Nobody has asked for one.
    None,
    /// Under way: `done` of `of` steps gone through.
    Running { done: usize, of: usize },
    Ready {
        #[serde(flatten)]
        review: Review,
    },
    /// It could not be made; asking again tries again.
    Failed { why: String },
    /// Not for anyone: nobody but bots played the game, so there is no decision to review.
    Unavailable { why: String },
    /// Not for this reader: the review of a game that hides information tells what each player did in
    /// private, so only its players read it, as only they export its record.
    Withheld { why: String },
}

/// The reviews being made in this process, and the one-at-a-time turn they take: kept for the server
/// ([`crate::parts::ServerParts`]).
struct Reviews {
    running: Mutex<BTreeMap<i64, ReviewState>>,
    turn: Semaphore,
}

impl Default for Reviews {
    fn default() -> Self {
        Reviews { running: Mutex::default(), turn: Semaphore::new(1) }
    }
}

/// Where game `id`'s review stands.
pub async fn state_of(state: &AppState, id: i64) -> Result<ReviewState, TableError> {
    if let Some(json) = state.store.review(id).await? {
        let review = serde_json::from_str(&json).map_err(|e| TableError::Damaged { id, why: e.to_string() })?;
        return Ok(ReviewState::Ready { review });
    }
    let reviews = state.parts.get::<Reviews>();
    let running = reviews.running.lock().await.get(&id).cloned();
    Ok(running.unwrap_or(ReviewState::None))
}

/// Why no review of `g` can be made for anyone, if none can: only bots played it.
pub fn unavailable(g: &LiveGame) -> Option<String> {
    let people = g.seats.iter().any(|s| s.user_id.is_some());
    (!people).then(|| "only bots played this game: there are no decisions to review".into())
}

/// Start reviewing a finished game in the help queue's `place`, unless it is reviewed or under way; answers
/// where it stands.
pub async fn start(state: &AppState, id: i64, game: &Shared, place: Place) -> Result<ReviewState, TableError> {
    let (record, content, game_id, seats) = {
        let g = game.lock().await;
        if g.m.to_act() != ToAct::Nobody {
            return Err(TableError::Conflict("a game is reviewed once it is over".into()));
        }
        if let Some(why) = unavailable(&g) {
            return Err(TableError::Conflict(why));
        }
        let people: Vec<Seat> = g.seats.iter().filter(|s| s.user_id.is_some()).map(|s| s.seat).collect();
        (g.m.record(), g.content.clone(), g.m.game_id(), people)
    };
    crate::fairness::no_help_for_rated(state, game, "review").await?;
    if imperia_games::bots_for(game_id).is_none() {
        return Err(TableError::NotFound(format!("no bot plays {game_id}, so none can review it")));
    }
    if let now @ ReviewState::Ready { .. } = state_of(state, id).await? {
        return Ok(now);
    }
    // Checked and claimed under one lock, so that two asking at once start one review.
    let running = ReviewState::Running { done: 0, of: record.actions.len() };
    let reviews = state.parts.get::<Reviews>();
    {
        let mut reviews = reviews.running.lock().await;
        if let Some(now @ ReviewState::Running { .. }) = reviews.get(&id) {
            return Ok(now.clone());
        }
        reviews.insert(id, running.clone());
    }
    let state = state.clone();
    tokio::spawn(async move {
        let done = review(&state, &reviews, id, record, content, seats, place).await;
        let mut running = reviews.running.lock().await;
        match done {
            Ok(()) => running.remove(&id),
            Err(why) => running.insert(id, ReviewState::Failed { why }),
        };
    });
    Ok(running)
}

/// Go through the record a few steps at a time, then keep the slips.
async fn review(
    state: &AppState,
    reviews: &Reviews,
    id: i64,
    record: imperia_core::Record,
    content: imperia_core::DynContent,
    seats: Vec<Seat>,
    place: Place,
) -> Result<(), String> {
    let _turn = reviews.turn.acquire().await.map_err(|e| e.to_string())?;
    let record = crate::thought::travelling(record);
    let of = record.actions.len();
    let mut judged = Vec::new();
    for from in (0..of).step_by(STEPS_AT_A_TIME) {
        let thought = Thought::Review {
            record: record.clone(),
            seats: seats.clone(),
            from,
            to: (from + STEPS_AT_A_TIME).min(of),
            iterations: ITERATIONS,
            time_ms: TIME_PER_DECISION.as_millis() as u64,
            seed: id as u64,
        };
        let Answer::Review(part) = place.think(thought, content.clone()).await? else {
            return Err("the search answered something else than a review".into());
        };
        judged.extend(part);
        let done = ReviewState::Running { done: (from + STEPS_AT_A_TIME).min(of), of };
        reviews.running.lock().await.insert(id, done);
    }
    let review = Review { judged: judged.len(), iterations: ITERATIONS, slips: slips(judged) };
    let json = serde_json::to_string(&review).map_err(|e| e.to_string())?;
    state.store.save_review(id, &json).await.map_err(|e| e.to_string())
}

/// Each seat's biggest slips, in the order they were made.
fn slips(judged: Vec<Judged>) -> Vec<Slip> {
    let mut slips: Vec<Slip> =
        judged.into_iter().map(|j| Slip { loss: j.loss(), judged: j }).filter(|s| s.loss >= SLIP).collect();
    slips.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    let mut per_seat: BTreeMap<Seat, usize> = BTreeMap::new();
    slips.retain(|s| {
        let n = per_seat.entry(s.judged.seat).or_default();
        *n += 1;
        *n <= SLIPS_PER_SEAT
    });
    slips.sort_by_key(|s| s.judged.step);
    slips
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(step: usize, seat: Seat, chosen_value: f64) -> Judged {
        Judged { step, seat, chosen: "a".into(), chosen_value, best: "b".into(), best_value: 0.6, choices: 3 }
    }

    #[test]
    fn the_biggest_slips_of_each_seat_in_the_order_made() {
        let mut all: Vec<Judged> = (1..=8).map(|step| judged(step, 0, 0.6 - step as f64 * 0.05)).collect();
        all.push(judged(9, 1, 0.58)); // a loss of 0.02: no slip
        all.push(judged(10, 1, 0.3));
        let kept = slips(all);
        let steps: Vec<usize> = kept.iter().map(|s| s.judged.step).collect();
        assert_eq!(steps, [4, 5, 6, 7, 8, 10], "seat 0's five biggest, then seat 1's one");
        assert!((kept[5].loss - 0.3).abs() < 1e-9);
    }
}
