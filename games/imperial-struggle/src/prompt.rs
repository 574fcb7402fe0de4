//! The prompt ([`imperia_core::Game::prompt`]): one sentence saying whose decision it is and what it is, as
//! precisely as the decision allows — "France chooses where to spend 3 economic points", "Britain decides
//! whether to resist the conquest of Acadia". A waiting effect (the front of the task queue, `tasks.rs`) is
//! the decision when there is one; otherwise the phase is (§4.1.6 deal, §4.1.7 ministries, §4.1.8
//! initiative, §4.1.9 a turn).
//!
//! A prompt says nothing its viewer may not know: a drawn war tile is named only to its owner, and cards and
//! face-down ministries never are; counts (cards in hand, ministries to choose) are public.

use imperia_core::{Game, Viewer};

use crate::action::Action;
use crate::content::{ApKind, Content, Power};
use crate::event::{name, theatre_name};
use crate::spend::Rule;
use crate::state::{HAND, ImperialStruggle, Phase, Turn};
use crate::summary::label_text;
use crate::tasks::{Cause, Pick, Task};

impl ImperialStruggle {
    /// Whose decision it is and what it is, for `viewer`; empty once the game is over.
    pub(crate) fn prompt_for(&self, viewer: Viewer) -> String {
        let me = viewer.seat().and_then(Power::of_seat);
        if self.winner().is_some() {
            return String::new();
        }
        if let Some(task) = self.tasks.front()
            && let Some(who) = task.chooser()
        {
            return self.task_prompt(task, who, me);
        }
        let waiting: Vec<Power> = self.to_act().seats().iter().filter_map(|&s| Power::of_seat(s)).collect();
        match &self.phase {
            Phase::Deal { .. } => both(&waiting, |p| self.deal_clause(p)),
            Phase::Ministries { .. } => both(&waiting, |p| self.ministry_clause(p)),
            Phase::Initiative => {
                format!("{} holds the initiative and names who moves first this round", self.initiative)
            }
            Phase::Actions(t) => turn_prompt(t),
            Phase::War(_) | Phase::Over { .. } => String::new(),
        }
    }

    /// §4.1.6: what `p` still has to do at the deal.
    fn deal_clause(&self, p: Power) -> Clause {
        match self.power(p).hand.len().saturating_sub(HAND) {
            0 => Clause::new("keeps", "keep", "its hand of three event cards".into()),
            n => Clause::new("sets", "set", format!("aside {n} more event card{} to keep three", plural(n))),
        }
    }

    /// §4.1.7: what `p` still has to do in the ministry phase.
    fn ministry_clause(&self, p: Power) -> Clause {
        let era = self.era().name();
        let choices = self.ministry_choices(p);
        let picks = choices.iter().any(|a| matches!(a, Action::PickMinistry(_)));
        let swaps = choices.iter().any(|a| matches!(a, Action::SwapMinistry { .. }));
        let need = 2usize.saturating_sub(self.chosen_count(p));
        match (picks, swaps) {
            (true, false) => Clause::new(
                "chooses",
                "choose",
                format!("{} face-down ministry card{} of the {era} era", number(need), plural(need)),
            ),
            (_, true) => Clause::new(
                "decides",
                "decide",
                format!("whether to replace face-down ministries with others of the {era} era"),
            ),
            (false, false) => Clause::new("confirms", "confirm", "its ministries".into()),
        }
    }

    /// The prompt of a waiting effect that `who` must answer.
    fn task_prompt(&self, task: &Task, who: Power, me: Option<Power>) -> String {
        let c = &*self.content;
        let war = self.mat_war();
        let theatre = |t: u8| theatre_name(c, war, t);
        match task {
            Task::Space { pick, optional, cause, .. } => {
                let may = if *optional { "may choose" } else { "chooses" };
                format!("{who} {may} {}{}", pick_prompt(*pick), cause_text(c, *cause, war))
            }
            Task::Options { options, cause, .. } => {
                let open: Vec<String> = self
                    .task_answers(task)
                    .iter()
                    .filter_map(|a| match a {
                        Action::Choose(i) => options.get(*i as usize).map(|o| label_text(&o.label)),
                        _ => None,
                    })
                    .collect();
                format!("{who} chooses {}{}", or_list(&open), cause_text(c, *cause, war))
            }
            Task::PlaceBonus { tile, cause, .. } => {
                let what = if me == Some(who) {
                    let b = &self.content.bonus_tiles[*tile as usize];
                    format!("{} ({:+})", b.name, b.value)
                } else {
                    "a bonus war tile".into()
                };
                format!("{who} chooses a theatre of the {} for {what}{}", war.name(), cause_text(c, *cause, war))
            }
            Task::MoveBonusOut { theatre: t, .. } => {
                format!("{who} chooses a bonus war tile to move out of {}, which holds only two", theatre(*t))
            }
            Task::MoveBonusTo { from, .. } => {
                format!("{who} chooses where the bonus war tile moved out of {} goes", theatre(*from))
            }
            Task::UpgradeChoose { .. } => format!("{who} chooses which basic war tile the military upgrade replaces"),
            Task::UpgradeKeep { theatre: t, .. } => {
                format!("{who} decides whether to keep its basic war tile on {} or take the one drawn", theatre(*t))
            }
            Task::UpgradeDrop { .. } => {
                format!("{who} decides whether the unused basic war tile goes back to its pool or leaves the game")
            }
            Task::UpgradeSwap { first: None, .. } => {
                format!("{who} chooses the first of two theatres whose basic war tiles swap (military planning)")
            }
            Task::UpgradeSwap { first: Some(t), .. } => {
                format!("{who} chooses the theatre whose basic war tile swaps with {}", theatre(*t))
            }
            Task::AssignBasic { drawn, .. } => {
                let n = drawn.len();
                format!("{who} chooses a theatre for its next basic war tile ({n} left to assign)")
            }
            Task::Discard { cause, .. } => {
                format!("{who} chooses an event card to discard{}", cause_text(c, *cause, war))
            }
            Task::Resist { space, .. } => {
                format!("{who} decides whether to resist the conquest of {}", name(c, *space))
            }
            Task::FreeAdvantage { cause, .. } => {
                format!("{who} may use one of its advantages at once{}", cause_text(c, *cause, war))
            }
            Task::RefreshAdvantages { left, .. } => {
                format!("{who} may refresh up to {} more exhausted advantage{} in Europe", left, plural(*left as usize))
            }
            Task::ExhaustAdvantages { left, .. } => {
                format!("{who} may exhaust up to {} more advantage{}", left, plural(*left as usize))
            }
            Task::ReturnBonus { .. } => format!("{who} chooses one of its bonus war tiles to return to its pool"),
            Task::RemoveEnemyBonus { .. } => format!(
                "{who} names a theatre where {} has bonus war tiles: one of them goes back to its pool",
                who.opponent()
            ),
            Task::PlaceByng { .. } => {
                format!("{who} chooses a naval theatre of the {} for the Byng marker", war.name())
            }
            Task::Conquest { theatre: t, cp, .. } => format!(
                "{who} chooses where to spend {cp} conquest point{} won in {}",
                plural(*cp as usize),
                theatre(*t)
            ),
            Task::CaptureWith { target, .. } => {
                format!(
                    "{who} chooses the squadron that takes {}: from the navy box or a naval space",
                    name(c, *target)
                )
            }
            Task::UsAward { .. } => {
                format!("{who} chooses where US flags go and which forts of the Northern Colonies lose their flag")
            }
            Task::Then(_) => String::new(),
        }
    }
}

/// A power's part of a decision both may be making at once: the verb for one power and for both, then the
/// rest, which says "its" for the power's own things.
struct Clause {
    one: &'static str,
    both: &'static str,
    rest: String,
}

impl Clause {
    fn new(one: &'static str, both: &'static str, rest: String) -> Clause {
        Clause { one, both, rest }
    }
}

/// The deal and the ministry phase: both powers decide at once, each its own way.
fn both(waiting: &[Power], clause: impl Fn(Power) -> Clause) -> String {
    match waiting {
        [] => String::new(),
        [p] => {
            let c = clause(*p);
            format!("{p} {} {}", c.one, c.rest)
        }
        [a, b, ..] => {
            let (ca, cb) = (clause(*a), clause(*b));
            if ca.one == cb.one && ca.rest == cb.rest {
                format!("{a} and {b} each {} {}", ca.both, ca.rest.replace("its ", "their "))
            } else {
                format!("{a} {} {} while {b} {} {}", ca.one, ca.rest, cb.one, cb.rest)
            }
        }
    }
}

/// §4.1.9: the active power's turn, before and after it takes its investment tile.
fn turn_prompt(t: &Turn) -> String {
    let who = t.active;
    let turn = format!("turn {} of 4", t.number / 2 + 1);
    if t.tile.is_none() {
        return format!("{who} chooses an investment tile for its {turn}");
    }
    let points = points_text(t);
    let pass = if t.untouched { ", or passes" } else { "" };
    if points.is_empty() {
        format!("{who} finishes its {turn}: no action points are left")
    } else {
        format!("{who} chooses where to spend {points}{pass}")
    }
}

/// The points left in a turn: free points summed by kind ("3 economic and 2 diplomatic points"), then
/// restricted ones with their restriction.
fn points_text(t: &Turn) -> String {
    let open = t.pools.iter().filter(|p| p.points > 0 && !p.closed);
    let free: Vec<(u8, ApKind)> = [ApKind::Economic, ApKind::Diplomatic, ApKind::Military]
        .into_iter()
        .map(|kind| (open.clone().filter(|p| p.kind == kind && p.rule == Rule::Any).map(|p| p.points).sum(), kind))
        .filter(|&(n, _)| n > 0)
        .collect();
    let points = |n: u8, kind: ApKind| format!("{n} {kind} point{}", plural(n as usize));
    let mut parts: Vec<String> = if free.len() > 1 && free.iter().all(|&(n, _)| n > 1) {
        // One noun for all: "2 economic and 3 military points".
        let mut p: Vec<String> = free.iter().map(|(n, kind)| format!("{n} {kind}")).collect();
        if let Some(last) = p.last_mut() {
            last.push_str(" points");
        }
        p
    } else {
        free.iter().map(|&(n, kind)| points(n, kind)).collect()
    };
    parts.extend(open.filter(|p| p.rule != Rule::Any).map(|p| format!("{} {}", points(p.points, p.kind), p.rule)));
    and_list(&parts)
}

/// What a space task does to the space chosen.
fn pick_prompt(pick: Pick) -> &'static str {
    match pick {
        Pick::Shift => "a space to shift",
        Pick::Unflag => "an enemy space to unflag",
        Pick::RemoveFlag => "a space to remove the flag from",
        Pick::TakeControl => "a space to take control of",
        Pick::Conflict => "where to place a conflict marker",
        Pick::ConflictPlus => "where to place a conflict marker (+1 to remove)",
        Pick::DamageFort => "an enemy fort to damage",
        Pick::SquadronToBox => "a squadron to send back to its navy box",
        Pick::FortOrFleet => "a fort to damage or a squadron to send home",
        Pick::SquadronToBrig => "a squadron to set aside until the next peace round",
        Pick::SquadronForGood => "a squadron to remove from the game",
        Pick::LoseSquadron => "a squadron to lose",
        Pick::Conquer => "a space to conquer",
        Pick::UsFlag => "where a US flag goes",
        Pick::ClearFort => "a fort to take the flag off",
        Pick::Huguenots => "where a Huguenots marker goes",
    }
}

/// Why a decision is asked, as a closing remark (" for Cardinal Ministers"); empty when the decision says it.
fn cause_text(c: &Content, cause: Cause, war: crate::content::WarId) -> String {
    match cause {
        Cause::Event(card) => format!(" for {card}"),
        Cause::Advantage(a) => format!(" for the {a} advantage"),
        Cause::Ministry(m) => format!(" for {m}"),
        Cause::WarTile(t) => format!(" for a war tile in {}", theatre_name(c, war, t)),
        Cause::Spoils(t) => format!(" as the spoils of {}", theatre_name(c, war, t)),
        Cause::Purchase => String::new(),
        Cause::Upgrade => " for the military upgrade".into(),
        Cause::CarriedOver => " (carried over from the War of the Austrian Succession)".into(),
        Cause::SpanishEmpire => " (Spanish Empire)".into(),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn number(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        n => n.to_string(),
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    join(items, "and")
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    join(items, "or")
}

fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::{Game, Viewer};

    use crate::action::Action;
    use crate::content::{ApKind, WarId};
    use crate::state::{Origin, Phase};
    use crate::tasks::{Cause, Filter, FlagIs, Task};
    use crate::testkit::*;

    fn prompt(g: &crate::state::ImperialStruggle) -> String {
        g.prompt(Viewer::Spectator)
    }

    #[test]
    fn a_new_game_asks_both_powers_for_ministries() {
        let g = game();
        assert!(matches!(g.phase(), Phase::Ministries { .. }), "{:?}", g.phase());
        assert_eq!(prompt(&g), "Britain and France each choose two face-down ministry cards of the Succession era");
    }

    #[test]
    fn one_power_done_leaves_the_other_named() {
        let mut g = game();
        let first = g.answers(BR).into_iter().find(|a| matches!(a, Action::PickMinistry(_))).expect("a ministry");
        g.act(BR, first);
        assert_eq!(
            prompt(&g),
            "Britain chooses one face-down ministry card of the Succession era while France chooses two \
             face-down ministry cards of the Succession era"
        );
    }

    #[test]
    fn the_initiative_holder_names_who_moves_first() {
        let mut g = game();
        for p in [BR, FR] {
            while let Some(a) = g.answers(p).into_iter().find(|a| matches!(a, Action::PickMinistry(_))) {
                g.act(p, a);
            }
            g.act(p, Action::MinistriesDone);
        }
        assert_eq!(prompt(&g), format!("{} holds the initiative and names who moves first this round", g.initiative));
    }

    #[test]
    fn a_turn_asks_for_a_tile_then_where_to_spend_its_points() {
        let mut g = game();
        g.turn_for(FR);
        assert_eq!(prompt(&g), "France chooses an investment tile for its turn 1 of 4");
        let mut g = game();
        g.turn_with_pools(FR, &[(ApKind::Economic, 3, Origin::Major)]);
        assert_eq!(prompt(&g), "France chooses where to spend 3 economic points, or passes");
        let mut g = game();
        g.turn_with_tile(BR, tile(ApKind::Economic, 4, ApKind::Diplomatic));
        g.act(BR, Action::Borrow { pool: 0 });
        assert_eq!(prompt(&g), "Britain chooses where to spend 5 economic and 2 diplomatic points");
    }

    #[test]
    fn a_restricted_pool_says_where_its_points_go() {
        // Ruling S21.
        let mut g = game();
        g.turn_with_pools(FR, &[(ApKind::Diplomatic, 2, Origin::Ministry)]);
        if let Some(t) = g.turn_mut() {
            t.pools[0].rule = crate::spend::Rule::In(crate::spend::Countries::ScotlandIreland);
            t.untouched = false;
        }
        let text = prompt(&g);
        assert!(text.starts_with("France chooses where to spend 2 diplomatic points only in "), "{text}");
    }

    #[test]
    fn a_waiting_effect_names_its_chooser_choice_and_cause() {
        let mut g = game();
        g.turn_for(BR);
        g.tasks.push_front(Task::Resist { who: FR, space: sp("acadia") });
        assert_eq!(prompt(&g), "France decides whether to resist the conquest of Acadia");
        g.tasks.clear();
        let filter = Filter::new(g.content.masks.market, FlagIs::NotOwn(BR));
        g.tasks.push_front(Task::Space {
            who: BR,
            pick: crate::tasks::Pick::Shift,
            filter,
            optional: true,
            cause: Cause::Ministry(ministry("robert_walpole")),
        });
        assert_eq!(prompt(&g), "Britain may choose a space to shift for Robert Walpole");
        g.tasks.clear();
        g.tasks.push_front(Task::Conquest { who: FR, theatre: 2, cp: 3 });
        g.war.war = Some(WarId::Wss);
        assert_eq!(prompt(&g), "France chooses where to spend 3 conquest points won in Queen Anne's War");
    }

    #[test]
    fn a_drawn_bonus_tile_is_named_only_to_its_owner() {
        let mut g = game();
        g.turn_for(FR);
        let tile = g.power(FR).bonus_pool[0];
        g.tasks.push_front(Task::PlaceBonus { who: FR, tile, cause: Cause::Purchase });
        let b = &g.content.bonus_tiles[tile as usize];
        let war = "War of the Spanish Succession";
        assert_eq!(
            g.prompt(Viewer::Seat(FR.seat())),
            format!("France chooses a theatre of the {war} for {} ({:+})", b.name, b.value)
        );
        for viewer in [Viewer::Seat(BR.seat()), Viewer::Spectator] {
            assert_eq!(g.prompt(viewer), format!("France chooses a theatre of the {war} for a bonus war tile"));
        }
    }

    #[test]
    fn the_deal_counts_the_cards_still_to_set_aside() {
        let mut g = game();
        g.phase = Phase::Deal { aside: [Vec::new(), Vec::new()], done: [false, false] };
        g.hand_of(BR, &["tropical_diseases", "war_of_jenkins_ear", "native_american_alliances", "calico_acts"]);
        g.hand_of(FR, &["great_northern_war", "alberonis_ambition", "acts_of_union"]);
        assert_eq!(
            prompt(&g),
            "Britain sets aside 1 more event card to keep three while France keeps its hand of three event cards"
        );
    }

    #[test]
    fn a_finished_game_has_no_prompt() {
        let mut g = game();
        g.game_over(FR, "a test".into(), &mut Vec::new());
        assert_eq!(prompt(&g), "");
    }
}
