//! The prompt ([`imperia_core::Game::prompt`]): one sentence saying whose decision it is and what it is, as
//! precisely as the decision allows — "France chooses where to spend 3 economic points", "Britain decides
//! whether to resist the conquest of Acadia". A waiting effect (the front of the task queue, `tasks.rs`) is
//! the decision when there is one; otherwise the phase is (§4.1.6 deal, §4.1.7 ministries, §4.1.8
//! initiative, §4.1.9 a turn).
//!
//! A prompt is said to its viewer: the power deciding reads "you choose …", the other and spectators
//! "France chooses …" ([`imperia_core::words::Subject`]).
//!
//! A prompt says nothing its viewer may not know: a drawn war tile is named only to its owner, and cards and
//! face-down ministries never are; counts (cards in hand, ministries to choose) are public.

use imperia_core::words::{Subject, and_list, or_list};
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
        if self.winner().is_some() {
            return String::new();
        }
        if let Some(task) = self.tasks.front()
            && let Some(who) = task.chooser()
        {
            return self.task_prompt(task, who, viewer);
        }
        let waiting: Vec<Power> = self.to_act().seats().iter().filter_map(|&s| Power::of_seat(s)).collect();
        match &self.phase {
            Phase::Deal { .. } => both(&waiting, viewer, |p| self.deal_clause(p)),
            Phase::Ministries { .. } => both(&waiting, viewer, |p| self.ministry_clause(p)),
            Phase::Initiative => subject(self.initiative, viewer)
                .does_all_of(&["hold the initiative", "name who moves first this round"]),
            Phase::Actions(t) => turn_prompt(t, viewer),
            Phase::War(_) | Phase::Over { .. } => String::new(),
        }
    }

    /// §4.1.6: what `p` still has to do at the deal.
    fn deal_clause(&self, p: Power) -> Clause {
        match self.power(p).hand.len().saturating_sub(HAND) {
            0 => Clause::Own("keep", "hand of three event cards".into()),
            n => Clause::Plain(format!("set aside {n} more event card{} to keep three", plural(n))),
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
            (true, false) => Clause::Plain(format!(
                "choose {} face-down ministry card{} of the {era} era",
                number(need),
                plural(need)
            )),
            (_, true) => {
                Clause::Plain(format!("decide whether to replace face-down ministries with others of the {era} era"))
            }
            (false, false) => Clause::Own("confirm", "ministries".into()),
        }
    }

    /// The prompt of a waiting effect that `power` must answer, as `viewer` reads it.
    fn task_prompt(&self, task: &Task, power: Power, viewer: Viewer) -> String {
        let c = &*self.content;
        let war = self.mat_war();
        let theatre = |t: u8| theatre_name(c, war, t);
        let who = subject(power, viewer);
        let its = who.possessive();
        match task {
            Task::Space { pick, optional, cause, .. } => {
                let may = if *optional { "may choose" } else { "choose" };
                who.does(&format!("{may} {}{}", pick_prompt(*pick), cause_text(c, *cause, war)))
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
                who.does(&format!("choose {}{}", or_list(&open), cause_text(c, *cause, war)))
            }
            Task::PlaceBonus { tile, cause, .. } => {
                let what = if viewer == Viewer::Seat(power.seat()) {
                    let b = &self.content.bonus_tiles[*tile as usize];
                    format!("{} ({:+})", b.name, b.value)
                } else {
                    "a bonus war tile".into()
                };
                who.does(&format!("choose a theatre of the {} for {what}{}", war.name(), cause_text(c, *cause, war)))
            }
            Task::MoveBonusOut { theatre: t, .. } => {
                who.does(&format!("choose a bonus war tile to move out of {}, which holds only two", theatre(*t)))
            }
            Task::MoveBonusTo { from, .. } => {
                who.does(&format!("choose where the bonus war tile moved out of {} goes", theatre(*from)))
            }
            Task::UpgradeChoose { .. } => who.does("choose which basic war tile the military upgrade replaces"),
            Task::UpgradeKeep { theatre: t, .. } => who
                .does(&format!("decide whether to keep {its} basic war tile on {} or take the one drawn", theatre(*t))),
            Task::UpgradeDrop { .. } => {
                who.does("decide whether the unused basic war tile goes back to its pool or leaves the game")
            }
            Task::UpgradeSwap { first: None, .. } => {
                who.does("choose the first of two theatres whose basic war tiles swap (military planning)")
            }
            Task::UpgradeSwap { first: Some(t), .. } => {
                who.does(&format!("choose the theatre whose basic war tile swaps with {}", theatre(*t)))
            }
            Task::AssignBasic { drawn, .. } => {
                let n = drawn.len();
                who.does(&format!("choose a theatre for {its} next basic war tile ({n} left to assign)"))
            }
            Task::Discard { cause, .. } => {
                who.does(&format!("choose an event card to discard{}", cause_text(c, *cause, war)))
            }
            Task::Resist { space, .. } => {
                who.does(&format!("decide whether to resist the conquest of {}", name(c, *space)))
            }
            Task::FreeAdvantage { cause, .. } => {
                who.does(&format!("may use one of {its} advantages at once{}", cause_text(c, *cause, war)))
            }
            Task::RefreshAdvantages { left, .. } => who.does(&format!(
                "may refresh up to {left} more exhausted advantage{} in Europe",
                plural(*left as usize)
            )),
            Task::ExhaustAdvantages { left, .. } => {
                who.does(&format!("may exhaust up to {left} more advantage{}", plural(*left as usize)))
            }
            Task::ReturnBonus { .. } => {
                who.does(&format!("choose one of {its} bonus war tiles to return to {its} pool"))
            }
            Task::RemoveEnemyBonus { .. } => {
                let enemy = subject(power.opponent(), viewer);
                who.does(&format!(
                    "name a theatre where {enemy} {} bonus war tiles: one of them goes back to {} pool",
                    enemy.verb("have"),
                    enemy.possessive()
                ))
            }
            Task::PlaceByng { .. } => {
                who.does(&format!("choose a naval theatre of the {} for the Byng marker", war.name()))
            }
            Task::Conquest { theatre: t, cp, .. } => who.does(&format!(
                "choose where to spend {cp} conquest point{} won in {}",
                plural(*cp as usize),
                theatre(*t)
            )),
            Task::CaptureWith { target, .. } => who.does(&format!(
                "choose the squadron that takes {}: from the navy box or a naval space",
                name(c, *target)
            )),
            Task::UsAward { .. } => {
                who.does("choose where US flags go and which forts of the Northern Colonies lose their flag")
            }
            Task::Then(_) => String::new(),
        }
    }
}

/// `power` as the subject of a sentence `viewer` reads: "you" to its own player.
fn subject(power: Power, viewer: Viewer) -> Subject {
    Subject::seat(viewer, power.seat(), power.to_string())
}

/// A power's part of a decision both may be making at once, its verb in the base form.
#[derive(PartialEq)]
enum Clause {
    /// Said the same of anyone: "set aside 1 more event card to keep three".
    Plain(String),
    /// A verb and the power's own things: ("keep", "hand of three event cards") is "keep its hand …".
    Own(&'static str, String),
}

impl Clause {
    /// The clause said of `who`, without the subject: "keeps its hand …", "keep your hand …".
    fn predicate(&self, who: &Subject) -> String {
        match self {
            Clause::Plain(phrase) => who.predicate(phrase),
            Clause::Own(verb, things) => who.predicate(&format!("{verb} {} {things}", who.possessive())),
        }
    }
}

/// The deal and the ministry phase: both powers decide at once, each its own way.
fn both(waiting: &[Power], viewer: Viewer, clause: impl Fn(Power) -> Clause) -> String {
    match waiting {
        [] => String::new(),
        [p] => {
            let who = subject(*p, viewer);
            format!("{who} {}", clause(*p).predicate(&who))
        }
        [a, b, ..] => {
            let (ca, cb) = (clause(*a), clause(*b));
            let (sa, sb) = (subject(*a, viewer), subject(*b, viewer));
            if ca == cb {
                let both = Subject::together(vec![sa, sb]);
                format!("{both} each {}", ca.predicate(&both))
            } else {
                format!("{sa} {} while {sb} {}", ca.predicate(&sa), cb.predicate(&sb))
            }
        }
    }
}

/// §4.1.9: the active power's turn, before and after it takes its investment tile.
fn turn_prompt(t: &Turn, viewer: Viewer) -> String {
    let who = subject(t.active, viewer);
    let its = who.possessive();
    let turn = format!("turn {} of 4", t.number / 2 + 1);
    if t.tile.is_none() {
        return who.does(&format!("choose an investment tile for {its} {turn}"));
    }
    let points = points_text(t);
    if points.is_empty() {
        who.does(&format!("finish {its} {turn}: no action points are left"))
    } else if t.untouched {
        format!("{}, or {}", who.does(&format!("choose where to spend {points}")), who.verb("pass"))
    } else {
        who.does(&format!("choose where to spend {points}"))
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
        g.war_mut().war = Some(WarId::Wss);
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
            format!("you choose a theatre of the {war} for {} ({:+})", b.name, b.value)
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
    fn the_power_deciding_is_spoken_to() {
        let g = game();
        let ministries = "each choose two face-down ministry cards of the Succession era";
        assert_eq!(g.prompt(Viewer::Seat(BR.seat())), format!("you and France {ministries}"));
        assert_eq!(g.prompt(Viewer::Seat(FR.seat())), format!("Britain and you {ministries}"));
        let mut g = game();
        g.turn_for(FR);
        assert_eq!(g.prompt(Viewer::Seat(FR.seat())), "you choose an investment tile for your turn 1 of 4");
        assert_eq!(g.prompt(Viewer::Seat(BR.seat())), "France chooses an investment tile for its turn 1 of 4");
        let mut g = game();
        g.phase = Phase::Deal { aside: [Vec::new(), Vec::new()], done: [false, false] };
        g.hand_of(BR, &["tropical_diseases", "war_of_jenkins_ear", "native_american_alliances", "calico_acts"]);
        g.hand_of(FR, &["great_northern_war", "alberonis_ambition", "acts_of_union"]);
        assert_eq!(
            g.prompt(Viewer::Seat(FR.seat())),
            "Britain sets aside 1 more event card to keep three while you keep your hand of three event cards"
        );
    }

    #[test]
    fn a_finished_game_has_no_prompt() {
        let mut g = game();
        g.game_over(FR, &mut Vec::new());
        assert_eq!(prompt(&g), "");
    }
}
