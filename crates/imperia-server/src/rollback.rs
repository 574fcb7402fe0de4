//! Consensual rollback: going back past a point the rules made final, when every seat agrees.
//!
//! A seat may undo its own steps back to the last commit point ([`imperia_core::Match`]); further back than
//! that, a player *proposes* returning the game to an earlier step and the others answer. The rules of it:
//!
//! - A proposal holds for the moment it was made: it lapses as soon as the game moves (any action or undo
//!   changes the version), and while it is open the bots wait rather than move it on. Any player may
//!   refuse it, which ends it; the proposer's refusal withdraws it. Unanswered, it lapses by itself
//!   ([`Proposal::expires_at`]: one decision's time in a timed game, else `Limits::rollback_answer`), so
//!   a player who walks away holds neither the bots nor the table for ever ([`Rollback`]'s tick).
//! - Every seat must agree. A bot has no say it could give, so in a casual game bots agree, and in a rated
//!   game with a bot seat there is no rollback: a rating must not be bought back from a bot.
//! - If something hidden came to light since the step proposed (a draw, a secret turned up), going back
//!   leaves players knowing it; the proposer must say they know ([`Propose::informed`]), and the others
//!   see it before they answer.
//! - An agreed rollback is kept with the game, the actions it took back included, and goes into the
//!   record ([`imperia_core::RolledBack`]) and the log.

use imperia_core::{Record, RolledBack, Seat, ToAct};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::live::{after_change, catch_up, spawn_bots};
use crate::store::{GameRow, StoreError, now};
use crate::table::{AppState, LiveGame, Shared, TableError};
use crate::table::{Feature, Then};

/// A game's going back: its proposal as last saved, which holds only at its version
/// ([`LiveGame::open_rollback`]), and every rollback agreed, oldest first. Its part
/// ([`crate::parts::Parts`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct GoingBack {
    proposal: Option<Proposal>,
    agreed: Vec<RolledBack>,
}

/// An open proposal to go back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Proposal {
    /// The game would stand as it did after this many actions.
    pub to_step: usize,
    /// It stands after this many now.
    pub from_step: usize,
    pub proposed_by: Seat,
    /// The first step after `to_step` that brought something hidden to light, if any: everyone would go
    /// back knowing it.
    pub revealed_at: Option<usize>,
    /// The seats that have agreed so far (the proposer, and bots in a casual game).
    pub agreed: Vec<Seat>,
    /// The game's version when it was made; the proposal holds only while the game stays at it.
    pub version: i64,
    /// When it lapses unanswered (Unix seconds). Proposals saved before there was a bound have none (0),
    /// and lapse at once.
    #[serde(default)]
    pub expires_at: i64,
}

/// What a player asks for.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Propose {
    /// The version the player saw.
    pub version: i64,
    /// Return to how the game stood after this many actions (0: before the first); earlier than now.
    pub to_step: u64,
    /// The player knows that something hidden came to light since then, and proposes all the same.
    #[serde(default)]
    pub informed: bool,
}

/// A seat's answer to the open proposal.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The version the player saw.
    pub version: i64,
    /// Yes, go back; no, which ends the proposal (the proposer's "no" withdraws it).
    pub agree: bool,
}

/// An agreed rollback as the log shows it: what the others did in the steps taken back stays out of sight,
/// as it is in the record only once the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RollbackView {
    pub from_step: usize,
    pub to_step: usize,
    pub proposed_by: Seat,
    pub agreed_by: Vec<Seat>,
    /// Something hidden had come to light since `to_step`, and every seat agreed knowing it.
    pub informed: bool,
    /// Unix seconds.
    pub at: i64,
}

impl RollbackView {
    pub fn of(r: &RolledBack) -> RollbackView {
        RollbackView {
            from_step: r.from_step,
            to_step: r.to_step,
            proposed_by: r.proposed_by,
            agreed_by: r.agreed_by.clone(),
            informed: r.informed,
            at: r.at,
        }
    }
}

impl LiveGame {
    /// The proposal to go back, while it holds.
    pub fn open_rollback(&self) -> Option<&Proposal> {
        self.saved_proposal().filter(|p| now() < p.expires_at)
    }

    /// The proposal saved at the game's version, open or lapsed.
    fn saved_proposal(&self) -> Option<&Proposal> {
        let going_back = self.parts.get::<GoingBack>()?;
        going_back.proposal.as_ref().filter(|p| p.version == self.version)
    }

    /// A proposal still saved as open whose time ran out.
    fn lapsed_rollback(&self) -> bool {
        self.saved_proposal().is_some_and(|p| now() >= p.expires_at)
    }

    /// The seats that must still agree to the open proposal.
    fn waiting_for(&self, p: &Proposal) -> Vec<Seat> {
        (0..self.seats.len()).filter(|s| !p.agreed.contains(s)).collect()
    }
}

/// `seat` proposes going back to step `to_step`; with every seat agreed at once (a casual game against
/// bots), the game goes back now. Answers whether it did.
pub async fn propose(state: &AppState, game: &Shared, seat: Seat, ask: &Propose) -> Result<bool, TableError> {
    let mut g = game.lock().await;
    catch_up(state, &mut g, ask.version).await?;
    let bots: Vec<Seat> = g.seats.iter().filter(|s| s.bot.is_some()).map(|s| s.seat).collect();
    if g.rated && !bots.is_empty() {
        return Err(TableError::Forbidden(
            "a rated game with a bot cannot go back: every seat must agree, and a bot cannot".into(),
        ));
    }
    if g.version != ask.version {
        return Err(g.stale_for(seat));
    }
    if !g.started || g.m.to_act() == ToAct::Nobody {
        return Err(TableError::Conflict("only a game under way can go back".into()));
    }
    if let Some(open) = g.open_rollback() {
        let by = g.m.seat_name(open.proposed_by);
        return Err(TableError::Conflict(format!(
            "{by} has proposed going back to step {}: that proposal is answered first",
            open.to_step
        )));
    }
    let from_step = g.m.last_recorded().map_or(0, |(steps, _)| steps);
    let to_step = usize::try_from(ask.to_step).unwrap_or(usize::MAX);
    if to_step >= from_step {
        return Err(TableError::Refused(format!(
            "step {} is not before now: the game stands after step {from_step}",
            ask.to_step
        )));
    }
    let revealed_at = g.m.revealed_after(to_step);
    if let (Some(at), false) = (revealed_at, ask.informed) {
        return Err(TableError::Revealed { at, to_step });
    }
    let mut agreed = vec![seat];
    agreed.extend(bots.into_iter().filter(|&b| b != seat));
    let wait = g.clock.map_or(state.limits.rollback_answer.as_secs() as i64, |c| c.per_move_seconds);
    let expires_at = now().saturating_add(wait);
    let proposal =
        Proposal { to_step, from_step, proposed_by: seat, revealed_at, agreed, version: g.version, expires_at };
    let done = settle(state, &mut g, proposal).await?;
    drop(g);
    // Gone back at once, a bot may be the one to act.
    spawn_bots(state.clone(), game.clone());
    Ok(done)
}

/// `seat` answers the open proposal. Answers whether the game went back.
pub async fn answer(state: &AppState, game: &Shared, seat: Seat, answer: &Answer) -> Result<bool, TableError> {
    let mut g = game.lock().await;
    catch_up(state, &mut g, answer.version).await?;
    if g.version != answer.version {
        return Err(g.stale_for(seat));
    }
    let Some(mut proposal) = g.open_rollback().cloned() else {
        return Err(TableError::NotFound("no proposal to go back is open in this game".into()));
    };
    if !answer.agree {
        save(state, &mut g, None).await?;
        drop(g);
        spawn_bots(state.clone(), game.clone());
        return Ok(false);
    }
    if !proposal.agreed.contains(&seat) {
        proposal.agreed.push(seat);
    }
    let done = settle(state, &mut g, proposal).await?;
    drop(g);
    spawn_bots(state.clone(), game.clone());
    Ok(done)
}

/// Go back if every seat has agreed to `proposal`; otherwise keep it open for the rest.
async fn settle(state: &AppState, g: &mut LiveGame, proposal: Proposal) -> Result<bool, TableError> {
    if g.waiting_for(&proposal).is_empty() {
        roll_back(state, g, &proposal).await?;
        return Ok(true);
    }
    save(state, g, Some(proposal)).await?;
    Ok(false)
}

/// Store the open proposal (or its end) and show it to everyone.
async fn save(state: &AppState, g: &mut LiveGame, proposal: Option<Proposal>) -> Result<(), TableError> {
    let json = proposal.as_ref().map(|p| serde_json::to_string(p).unwrap_or_default());
    match state.store.set_rollback(g.id, g.version, json.as_deref()).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(moved_on(state, g).await),
        Err(e) => return Err(e.into()),
    }
    g.parts.get_or_default::<GoingBack>().proposal = proposal;
    crate::live::announce(state, g);
    Ok(())
}

/// Take the game back to the proposal's step: replay what stands, store it with what was taken back.
async fn roll_back(state: &AppState, g: &mut LiveGame, p: &Proposal) -> Result<(), TableError> {
    let mut record = g.m.record();
    let undone = record.actions.split_off(p.to_step);
    let entry = state.registry.get(g.m.game_id()).copied().ok_or_else(|| TableError::NoGame(g.id))?;
    let next = (entry.replay)(&record, &g.content).map_err(|e| TableError::Damaged { id: g.id, why: e.to_string() })?;
    let mut agreed_by = p.agreed.clone();
    agreed_by.sort_unstable();
    let agreed = RolledBack {
        from_step: p.from_step,
        to_step: p.to_step,
        proposed_by: p.proposed_by,
        agreed_by,
        informed: p.revealed_at.is_some(),
        undone,
        at: now(),
    };
    match state.store.roll_back(g.id, g.version, &agreed).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(moved_on(state, g).await),
        Err(e) => return Err(e.into()),
    }
    g.m = next;
    g.version += 1;
    let going_back = g.parts.get_or_default::<GoingBack>();
    going_back.proposal = None;
    going_back.agreed.push(agreed);
    g.forget_log();
    after_change(state, g);
    Ok(())
}

/// Another server moved the game on first: read it again, and say so.
async fn moved_on(state: &AppState, g: &mut LiveGame) -> TableError {
    match crate::live::refresh(state, g).await {
        Ok(()) => TableError::Conflict("the game has moved on, so nothing was done; look again".into()),
        Err(e) => e,
    }
}

/// Going back by agreement, at each event of a game's life: while a proposal is open, the bots wait for
/// its answers rather than move the game on.
pub struct Rollback;

impl Feature for Rollback {
    /// Another server may have taken a proposal without moving the game; the rollbacks agreed move with it.
    fn read(&self, row: &GameRow, g: &mut LiveGame, moved: bool) -> bool {
        // One that no longer reads is dropped: it only ever held for a moment of the game.
        let proposal = row.rollback.as_deref().and_then(|json| serde_json::from_str(json).ok());
        let agreed =
            if moved { row.record.rollbacks.clone() } else { g.parts.get_or_default::<GoingBack>().agreed.clone() };
        g.parts.set(GoingBack { proposal, agreed })
    }

    fn holds_bots(&self, g: &LiveGame) -> bool {
        g.open_rollback().is_some()
    }

    /// A proposal whose time ran out unanswered ends, and the bots it held move.
    fn tick<'a>(&'a self, state: &'a AppState, g: &'a mut LiveGame) -> Then<'a, bool> {
        Box::pin(async move {
            if !g.lapsed_rollback() {
                return false;
            }
            if let Err(e) = save(state, g, None).await {
                tracing::warn!("game {}: a lapsed proposal to go back stays saved: {e}", g.id);
            }
            true
        })
    }

    fn record(&self, g: &LiveGame, record: &mut Record) {
        record.rollbacks = g.parts.get::<GoingBack>().map(|b| b.agreed.clone()).unwrap_or_default();
    }

    fn view(&self, g: &LiveGame, _viewer: Option<Seat>, out: &mut Map<String, Value>) {
        out.insert("rollback".into(), json!(g.open_rollback()));
        let agreed = g.parts.get::<GoingBack>().map_or(&[][..], |b| b.agreed.as_slice());
        out.insert("rollbacks".into(), json!(agreed.iter().map(RollbackView::of).collect::<Vec<_>>()));
    }
}
