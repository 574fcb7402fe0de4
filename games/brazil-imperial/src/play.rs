//! Every decision and its order. A turn is an action phase (put the era's token on a space and carry out
//! its action) then a movement phase (a main move and the space's extra move), with goals, Coroados and
//! opportunity cards at any step of one's own turn («Ход игрока», p.9). Interruptions — a payment, a
//! battle's commitments, a palace, the era tokens of an era change, a choice of resources — wait in
//! `pending` and are decided first; limits (five pieces, three cards of a kind) are enforced before
//! anything else, by the player over them.
//!
//! One check per action (`check`) both refuses an action and filters the candidates `legal` lists, so what
//! is listed is exactly what is allowed.

use std::fmt;

use imperia_core::Refusal;
use serde::{Deserialize, Serialize};

use crate::cite;
use crate::content::{
    BattleId, BuildingId, CityId, GoalId, ItemId, OpportunityId, Piece, PrivilegeId, RulerId, Space, UnitId,
};
use crate::event::Event;
use crate::map::Hex;
use crate::state::{Brazil, Frame, HAND_LIMIT, Pending, SUPPLY_LIMIT, Stage, Work};

/// An argument of a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Hex(Hex),
    N(u32),
    Space(Space),
    Piece(Piece),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Hex(h) => write!(f, "{h}"),
            Arg::N(n) => write!(f, "{n}"),
            Arg::Space(s) => write!(f, "{s}"),
            Arg::Piece(p) => write!(f, "{p}"),
        }
    }
}

pub type No = Refusal<Arg>;

pub fn no(text: &'static str, rule: &'static str) -> No {
    Refusal::new(text, rule)
}

/// A Market exchange («Рынок»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trade {
    /// One resource for a gold.
    Sell { piece: Piece },
    /// Two of cotton and coffee (`cotton` of them cotton) for 2 gold and an opportunity card.
    Fine { cotton: u8 },
    /// Four resources for a science, a gold and an opportunity card.
    Bulk,
    /// Two battle cards for a gold and an opportunity card.
    Cards { a: BattleId, b: BattleId },
}

/// A player's decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Setup: keep one goal of each era's two and choose a ruler.
    Prepare {
        keep: [GoalId; 3],
        ruler: RulerId,
    },
    Capital {
        at: Hex,
    },
    /// Put the action token on a space.
    Activate {
        space: Space,
    },
    Recruit {
        unit: UnitId,
        at: Hex,
    },
    Take {
        card: PrivilegeId,
    },
    Build {
        building: BuildingId,
        at: Hex,
        /// Pay the building's second cost (the sawmill's coffee).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        alt: bool,
        /// Build a church before its era with the Jesuits card.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        jesuits: bool,
    },
    Found {
        city: CityId,
        at: Hex,
    },
    Renew {
        at: Hex,
        flip: bool,
    },
    Craft {
        item: ItemId,
        on: Frame,
    },
    Gather {
        piece: Piece,
    },
    Exchange {
        trade: Trade,
    },
    /// End the space's action (no more recruits, exchanges, or no second building).
    Done,
    /// Pay with a piece from the personal supply (`from` none) or from a token.
    Pay {
        from: Option<Hex>,
        piece: Piece,
    },
    PayCard {
        card: OpportunityId,
    },
    PayBattle {
        card: BattleId,
    },
    Afonso {
        cards: Vec<BattleId>,
    },
    Move {
        unit: UnitId,
        to: Hex,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        carry: Vec<UnitId>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        extra: bool,
    },
    Bombard {
        unit: UnitId,
        target: Hex,
    },
    /// Fight the expedition on a hex with the units already there (the main move).
    Fight {
        at: Hex,
    },
    Peek {
        at: Hex,
    },
    Commit {
        cards: Vec<BattleId>,
    },
    Defeat {
        unit: UnitId,
    },
    Declare {
        goal: GoalId,
        task: u8,
    },
    Palace {
        palace: u8,
        at: Hex,
    },
    NoPalace,
    EraToken {
        space: Space,
    },
    Park {
        space: Space,
    },
    Play {
        card: OpportunityId,
    },
    Braganca {
        palace: u8,
        at: Hex,
    },
    Gain {
        piece: Piece,
    },
    Quilombo {
        era: u8,
    },
    Refill {
        back: u8,
    },
    Return {
        piece: Piece,
    },
    DiscardBattle {
        card: BattleId,
    },
    DiscardOpportunity {
        card: OpportunityId,
    },
    /// End the turn.
    End,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Prepare { keep, ruler } => {
                write!(f, "keep {}, {} and {}; rule as {ruler}", keep[0], keep[1], keep[2])
            }
            Action::Capital { at } => write!(f, "found the capital at {at}"),
            Action::Activate { space } => write!(f, "activate {space}"),
            Action::Recruit { unit, at } => write!(f, "recruit the {unit} at {at}"),
            Action::Take { card } => write!(f, "take {card}"),
            Action::Build { building, at, alt, jesuits } => {
                write!(f, "build a {building} at {at}")?;
                if *alt {
                    f.write_str(" (its second cost)")?;
                }
                if *jesuits {
                    f.write_str(" with the Jesuits")?;
                }
                Ok(())
            }
            Action::Found { city, at } => write!(f, "found {city} at {at}"),
            Action::Renew { at, flip: false } => write!(f, "renew the building at {at}"),
            Action::Renew { at, flip: true } => write!(f, "flip the building at {at}"),
            Action::Craft { item, on: Frame::Space(s) } => write!(f, "craft {item} onto {s}"),
            Action::Craft { item, .. } => write!(f, "craft {item} onto the ruler's board"),
            Action::Gather { piece } => write!(f, "take 1 {piece}"),
            Action::Exchange { trade } => match trade {
                Trade::Sell { piece } => write!(f, "sell 1 {piece} for 1 gold"),
                Trade::Fine { cotton } => {
                    write!(f, "sell {cotton} cotton and {} coffee for 2 gold and a card", 2 - cotton.min(&2))
                }
                Trade::Bulk => f.write_str("sell 4 resources for 1 science, 1 gold and a card"),
                Trade::Cards { a, b } => write!(f, "give {a} and {b} for 1 gold and a card"),
            },
            Action::Done => f.write_str("done"),
            Action::Pay { from: None, piece } => write!(f, "pay 1 {piece} from the supply"),
            Action::Pay { from: Some(h), piece } => write!(f, "pay 1 {piece} from {h}"),
            Action::PayCard { card } => write!(f, "pay with {card} as 1 gold"),
            Action::PayBattle { card } => write!(f, "pay with the battle card {card}"),
            Action::Afonso { cards } => write!(f, "pay with {} battle cards (Afonso I)", cards.len()),
            Action::Move { unit, to, carry, extra } => {
                write!(f, "{} the {unit} to {to}", if *extra { "extra move:" } else { "move" })?;
                if !carry.is_empty() {
                    let names: Vec<String> = carry.iter().map(ToString::to_string).collect();
                    write!(f, " with the {}", names.join(" and the "))?;
                }
                Ok(())
            }
            Action::Bombard { unit, target } => write!(f, "the {unit} attacks {target}"),
            Action::Fight { at } => write!(f, "fight the expedition at {at}"),
            Action::Peek { at } => write!(f, "look at the token at {at}"),
            Action::Commit { cards } if cards.is_empty() => f.write_str("commit no battle card"),
            Action::Commit { cards } => {
                let names: Vec<String> = cards.iter().map(ToString::to_string).collect();
                write!(f, "commit {}", names.join(", "))
            }
            Action::Defeat { unit } => write!(f, "defeat the {unit}"),
            Action::Declare { goal, task } => write!(f, "declare {goal} (task {})", task + 1),
            Action::Palace { palace, at } => write!(f, "place palace {} at {at}", roman(*palace)),
            Action::NoPalace => f.write_str("place no palace"),
            Action::EraToken { space } => write!(f, "put the old era token under {space}"),
            Action::Park { space } => write!(f, "move the era token under {space} to Coroados"),
            Action::Play { card } => write!(f, "play {card}"),
            Action::Braganca { palace, at } => write!(f, "Isabel Bragança: palace {} at {at}", roman(*palace)),
            Action::Gain { piece } => write!(f, "take 1 {piece}"),
            Action::Quilombo { era } => write!(f, "draw an era-{} goal", roman(*era)),
            Action::Refill { back } => {
                write!(f, "refill from the {} pile", ["red", "pink", "blue"][usize::from(*back).min(2)])
            }
            Action::Return { piece } => write!(f, "return 1 {piece}"),
            Action::DiscardBattle { card } => write!(f, "discard {card}"),
            Action::DiscardOpportunity { card } => write!(f, "discard {card}"),
            Action::End => f.write_str("end the turn"),
        }
    }
}

/// `actions` without repeats, in their first order (a hand may hold two copies of a card).
pub fn unique(actions: impl IntoIterator<Item = Action>) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    for a in actions {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

pub fn roman(n: u8) -> &'static str {
    ["0", "I", "II", "III", "IV", "V", "VI"].get(usize::from(n)).copied().unwrap_or("?")
}

/// A listing's shared counts: what the deciding seat could pay with and what its goals count, counted once
/// for all the actions checked while the state stands still.
#[derive(Default)]
pub struct Ctx {
    pool: std::cell::OnceCell<crate::pay::Pool>,
    /// What the deciding seat has that goals count.
    pub(crate) holdings: std::cell::OnceCell<crate::pending::Holdings>,
}

impl Ctx {
    /// Checks that pay from `pool` rather than from what the seat holds now.
    pub(crate) fn paying_from(pool: crate::pay::Pool) -> Ctx {
        Ctx { pool: pool.into(), ..Ctx::default() }
    }
}

/// The limit someone is over, which they settle before anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Over {
    Supply(u8),
    Battle(u8),
    Opportunity(u8),
}

impl Brazil {
    /// A seat over a limit (ruling B47): the supply first, then the hands.
    pub fn over_limit(&self) -> Option<Over> {
        self.players.iter().enumerate().find_map(|(s, p)| {
            let s = s as u8;
            if p.supply.total() > SUPPLY_LIMIT {
                Some(Over::Supply(s))
            } else if p.battle.len() > HAND_LIMIT {
                Some(Over::Battle(s))
            } else if p.opportunities.len() > HAND_LIMIT {
                Some(Over::Opportunity(s))
            } else {
                None
            }
        })
    }

    /// The seat to decide now.
    pub fn deciding(&self) -> Option<usize> {
        if self.stage == Stage::Over {
            return None;
        }
        if let Some(o) = self.over_limit() {
            let (Over::Supply(s) | Over::Battle(s) | Over::Opportunity(s)) = o;
            return Some(usize::from(s));
        }
        if let Some(p) = self.pending.last() {
            return Some(usize::from(match p {
                Pending::Pay { seat, .. }
                | Pending::Defeat { seat, .. }
                | Pending::Palace { seat }
                | Pending::EraToken { seat, .. }
                | Pending::Gain { seat, .. }
                | Pending::Quilombo { seat }
                | Pending::Refill { seat, .. } => *seat,
                Pending::Battle(b) => match (&b.attack_cards, b.defender) {
                    (None, _) => b.attacker,
                    (Some(_), Some(d)) if d != crate::state::DUTCH => d,
                    _ => b.attacker,
                },
            }));
        }
        match &self.stage {
            Stage::Prepare => self.players.iter().position(|p| !p.ready),
            Stage::Capital { seat, .. } => Some(usize::from(*seat)),
            Stage::Act | Stage::Work(_) | Stage::Move => Some(self.turn_seat()),
            Stage::Over => None,
        }
    }

    /// Every action `seat` may take now.
    pub fn legal(&self, seat: usize) -> Vec<Action> {
        if self.deciding() != Some(seat) {
            return Vec::new();
        }
        let _scope = self.content.enter();
        let seat = seat as u8;
        let ctx = Ctx::default();
        self.candidates(&ctx, seat).into_iter().filter(|a| self.check_in(&ctx, seat, a).is_ok()).collect()
    }

    /// Carry out `action` for `seat`, or refuse it and change nothing.
    pub fn act(&mut self, seat: usize, action: &Action) -> Result<Vec<Event>, No> {
        if self.deciding() != Some(seat) {
            return Err(no("it is not your decision now", cite::TURN));
        }
        let seat = seat as u8;
        self.check(seat, action)?;
        self.revealed = false;
        let mut ev = Vec::new();
        self.perform(seat, action, &mut ev);
        self.settle(&mut ev);
        Ok(ev)
    }

    /// What the decision is about, which decides which actions are even considered.
    fn candidates(&self, ctx: &Ctx, seat: u8) -> Vec<Action> {
        if let Some(o) = self.over_limit() {
            return self.limit_candidates(o);
        }
        if let Some(p) = self.pending.last() {
            return self.pending_candidates(seat, p);
        }
        let mut out = match &self.stage {
            Stage::Prepare => return self.prepare_candidates(seat),
            Stage::Capital { .. } => return self.capital_candidates(),
            Stage::Act => Space::ALL.iter().map(|&space| Action::Activate { space }).collect(),
            // Nothing else happens while an action is carried out (ruling B65).
            Stage::Work(w) => return self.work_candidates(ctx, seat, *w),
            Stage::Move => self.move_candidates(seat),
            Stage::Over => return Vec::new(),
        };
        out.extend(self.anytime_candidates(seat));
        out
    }

    /// Whether `action` is allowed for `seat` now.
    pub fn check(&self, seat: u8, action: &Action) -> Result<(), No> {
        self.check_in(&Ctx::default(), seat, action)
    }

    /// What the deciding seat could pay with, counted at most once for all the actions checked with `ctx`.
    /// (`Ctx::paying_from` sets it beforehand.)
    pub fn pool_in(&self, ctx: &Ctx, seat: u8) -> crate::pay::Pool {
        *ctx.pool.get_or_init(|| self.pool(seat))
    }

    fn check_in(&self, ctx: &Ctx, seat: u8, action: &Action) -> Result<(), No> {
        if let Some(o) = self.over_limit() {
            return self.check_limit(o, action);
        }
        if let Some(p) = self.pending.last() {
            return self.check_pending(ctx, seat, p, action);
        }
        match action {
            Action::Declare { .. }
            | Action::Park { .. }
            | Action::Play { .. }
            | Action::Braganca { .. }
            | Action::End
                if matches!(self.stage, Stage::Act | Stage::Move) =>
            {
                self.check_anytime(ctx, seat, action)
            }
            _ => match &self.stage {
                Stage::Prepare => self.check_prepare(seat, action),
                Stage::Capital { .. } => self.check_capital(action),
                Stage::Act => match action {
                    Action::Activate { space } => self.check_activate(ctx, seat, *space),
                    _ => Err(no("choose an action space first", cite::TURN)),
                },
                Stage::Work(w) => self.check_work(ctx, seat, *w, action),
                Stage::Move => self.check_move(seat, action),
                Stage::Over if self.solo() => Err(no("the solo scenario is decided", cite::SOLO)),
                Stage::Over => Err(no("the game is over", cite::END)),
            },
        }
    }

    fn perform(&mut self, seat: u8, action: &Action, ev: &mut Vec<Event>) {
        if let Some(o) = self.over_limit() {
            return self.perform_limit(o, action);
        }
        if !self.pending.is_empty() {
            return self.perform_pending(seat, action, ev);
        }
        match action {
            Action::Declare { .. } | Action::Park { .. } | Action::Play { .. } | Action::Braganca { .. } => {
                self.perform_anytime(seat, action, ev)
            }
            Action::End => self.end_turn(ev),
            _ => match self.stage.clone() {
                Stage::Prepare => self.perform_prepare(seat, action, ev),
                Stage::Capital { .. } => self.perform_capital(seat, action, ev),
                Stage::Act => {
                    if let Action::Activate { space } = action {
                        self.activate(seat, *space, false, ev);
                    }
                }
                Stage::Work(w) => self.perform_work(seat, w, action, ev),
                Stage::Move => self.perform_move(seat, action, ev),
                Stage::Over => {}
            },
        }
    }

    fn limit_candidates(&self, o: Over) -> Vec<Action> {
        match o {
            Over::Supply(s) => {
                self.players[usize::from(s)].supply.kinds().map(|piece| Action::Return { piece }).collect()
            }
            Over::Battle(s) => {
                unique(self.players[usize::from(s)].battle.iter().map(|&card| Action::DiscardBattle { card }))
            }
            Over::Opportunity(s) => unique(
                self.players[usize::from(s)].opportunities.iter().map(|&card| Action::DiscardOpportunity { card }),
            ),
        }
    }

    fn check_limit(&self, o: Over, action: &Action) -> Result<(), No> {
        let ok = match (o, action) {
            (Over::Supply(s), Action::Return { piece }) => self.players[usize::from(s)].supply.get(*piece) > 0,
            (Over::Battle(s), Action::DiscardBattle { card }) => self.players[usize::from(s)].battle.contains(card),
            (Over::Opportunity(s), Action::DiscardOpportunity { card }) => {
                self.players[usize::from(s)].opportunities.contains(card)
            }
            (Over::Supply(_), _) => {
                return Err(no("return pieces until your personal supply holds at most 5", cite::SUPPLY));
            }
            _ => return Err(no("discard down to 3 cards of that kind first", cite::BATTLE_CARDS)),
        };
        if ok { Ok(()) } else { Err(no("you have no such piece or card to give up", cite::SUPPLY)) }
    }

    fn perform_limit(&mut self, o: Over, action: &Action) {
        match (o, action) {
            (Over::Supply(s), Action::Return { piece }) => {
                self.players[usize::from(s)].supply.0[piece.index()] -= 1;
            }
            (Over::Battle(s), Action::DiscardBattle { card }) => {
                let hand = &mut self.players[usize::from(s)].battle;
                if let Some(k) = hand.iter().position(|c| c == card) {
                    self.battle_discard.push(hand.remove(k));
                }
            }
            (Over::Opportunity(s), Action::DiscardOpportunity { card }) => {
                let hand = &mut self.players[usize::from(s)].opportunities;
                if let Some(k) = hand.iter().position(|c| c == card) {
                    self.opportunity_discard.push(hand.remove(k));
                }
            }
            _ => {}
        }
    }

    /// Steps nobody decides: a battle whose commitments are all in resolves, a turn with nothing left to do
    /// is ended, a solo game's result is read.
    pub fn settle(&mut self, ev: &mut Vec<Event>) {
        loop {
            if self.stage == Stage::Over {
                return;
            }
            if self.solo() {
                self.check_solo(ev);
                if self.stage == Stage::Over {
                    return;
                }
            }
            if self.over_limit().is_some() {
                return;
            }
            if let Some(Pending::Battle(b)) = self.pending.last()
                && b.attack_cards.is_some()
                && (b.defence_cards.is_some() || b.defender.is_none_or(|d| d == crate::state::DUTCH))
            {
                let Some(Pending::Battle(b)) = self.pending.pop() else { unreachable!() };
                self.resolve(b, ev);
                continue;
            }
            return;
        }
    }

    /// The action phase ends: the movement phase begins, with the bonus of an era token under the space.
    pub fn start_moving(&mut self, ev: &mut Vec<Event>) {
        if self.turn.bonus_action {
            self.turn.bonus_action = false;
            self.stage = Stage::Move;
            return;
        }
        let seat = self.current;
        self.stage = Stage::Move;
        let Some(space) = self.players[usize::from(seat)].token else { return };
        match self.players[usize::from(seat)].under[space.index()] {
            Some(1) => self.turn.peek = true,
            Some(2) => self.draw_battle(seat, ev),
            _ => {}
        }
    }

    pub fn work_done(&mut self, ev: &mut Vec<Event>) {
        // The Recruit's own cards may pay for what comes after it (ruling B27).
        self.turn.drawn.clear();
        self.start_moving(ev);
    }

    /// Put the game on the next player's turn, or end it.
    pub fn end_turn(&mut self, ev: &mut Vec<Event>) {
        let n = self.players.len() as u8;
        let seat = self.current;
        let p = &mut self.players[usize::from(seat)];
        p.last = p.token;
        let last_in_round = (seat + 1) % n == self.first;
        let stalled = self.round >= crate::state::MAX_ROUNDS;
        if last_in_round && (self.last_round || stalled) && !self.solo() {
            self.finish(ev);
            return;
        }
        if last_in_round {
            self.round += 1;
        }
        self.current = (seat + 1) % n;
        self.turn = Default::default();
        self.stage = Stage::Act;
        if self.solo() && self.round > crate::state::SOLO_ROUNDS && self.solo_won.is_none() {
            self.solo_won = Some(false);
            ev.push(Event::Public(format!(
                "Round {} is over without the three conditions: the Dutch hold (solo scenario lost)",
                crate::state::SOLO_ROUNDS
            )));
            self.stage = Stage::Over;
        }
    }

    /// Whether the seat's action this turn is done (the work finished).
    pub fn in_action(&self) -> bool {
        matches!(self.stage, Stage::Act | Stage::Work(_))
    }

    pub fn work_of(space: Space, upgraded: bool) -> Work {
        match space {
            Space::Recruit => Work::Recruit { left: 1 + u8::from(upgraded) },
            Space::Obtain => Work::Obtain,
            Space::Build => Work::Build { second: false },
            Space::Renew => Work::Renew,
            Space::Craft => Work::Craft,
            Space::Harbor => Work::Harbor,
            Space::Market => Work::Market,
        }
    }
}
