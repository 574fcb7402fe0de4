//! # Brazil: Imperial
//!
//! The rules engine for *Brazil: Imperial* (Zé Mendes, Meeple BR, 2021): the multiplayer game for 2–4 players
//! and the solo scenario "Battle of the Guararapes Hills". The rulebook is
//! `../shared/seeds/003_70b0c0b30606f3dd.txt`, the Russian edition; code and refusals cite its headings. Its
//! icons, cards and maps were pictures and are lost, so most content is provisional
//! (`docs/rules/brazil-imperial.md` records each choice and every ruling, B1–B62 and on).
//!
//! - [`content`]: the components as data, read from `data/*.toml` and validated; [`map`]: the hex maps.
//! - [`state`]: what is on the table; [`config`]: how many play.
//! - `setup`, [`play`] (every decision and its order), `spaces` (the seven actions), `pending` (what
//!   interrupts a turn, and what may be done at any step of it), `fight` (moves, exploration, battles),
//!   [`pay`] (paying with pieces, cards and substitutes), [`score`].
//! - [`view`]: what one viewer may see, and `determinize`; `text`: the table in words for the terminal;
//!   `evaluate`: how the search bot judges a position; `observe`: the view as the numbers of the
//!   observation tensor, for learning code.

mod cite;
pub mod config;
mod conformance;
pub mod content;
mod evaluate;
pub mod event;
mod fight;
pub mod map;
mod numbers;
mod observe;
pub mod pay;
mod pending;
pub mod play;
#[cfg(test)]
mod rulings;
#[cfg(test)]
mod scenarios;
pub mod score;
mod setup;
mod spaces;
pub mod state;
mod table;
mod text;
pub mod view;

use imperia_core::words::{Subject, count};
use imperia_core::{
    ContentSet, Ending, Game, GameRng, Outcome, RuleError, ScorePart, Seat, SetupError, Step, ToAct, Viewer,
};

pub use config::Config;
pub use content::Content;
pub use event::Event;
pub use pending::Holdings;
pub use play::Action;
pub use state::Brazil;
pub use view::View;

use crate::state::{MAX_ROUNDS, Pending, SOLO_ROUNDS, Stage, Work};

impl Game for Brazil {
    const ID: &'static str = "brazil-imperial";
    const NAME: &'static str = "Brazil: Imperial";
    const RULES_VERSION: u32 = 3;
    const RULES_CHANGES: &'static [(u32, &'static str)] = &[
        (2, "The battle cards a Recruit draws can no longer pay for that same Recruit (Napoleon, Afonso I)."),
        (2, "Build's extra move may now end on your own capital, which counts as a city."),
        (
            2,
            "A building or city now defends with the VP it would score at the end: a first-three ruler's VP and \
             the palace III and IV bonuses count.",
        ),
        (2, "From era III, or with Maria Leopoldina, you may now build on top of your own cities, not only buildings."),
        (2, "The capital tokens now stay face down until every player has kept goals and chosen a ruler."),
        (2, "A River basin now adds one piece to its neighbours' next production, instead of a piece at once."),
        (
            2,
            "Orange now plays France, with Napoleon and Queen Victoria; Maurice of Orange joins Isabella I on red \
             (Spain). The Dutch are the solo opponent only.",
        ),
        (2, "A game is now created on one of the rulebook's scenarios, each for its own number of players."),
        (
            2,
            "Seven era-II goal cards and the last tasks of the era-III cards ask for less, so that games end by a \
             complete era-III card rather than at the round limit.",
        ),
        (
            3,
            "Captaincy Seat now asks for 3 privilege cards and a church, and Town and Bell for a church and 4 \
             buildings: neither asks for a city any more.",
        ),
        (
            3,
            "Era-III goals ask for less: Imperial Court for 3 units instead of 5; Academy of Fine Arts for one \
             university (with 2 items, then 4) instead of two; Coffee Barons' second task for 6 buildings alone; \
             Throne and Altar for a church and a university, then those and 3 privilege cards, with no city and \
             no second university; Port of Santos' first task for 2 trading posts instead of a full personal \
             supply.",
        ),
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 1..=4;
    const OPTIONS: &'static [imperia_core::GameOption] = config::OPTIONS;
    const RULES_INDEX: &'static str = include_str!("../../../docs/rules/brazil-imperial.sections.toml");
    const RULINGS: &'static str = include_str!("../../../docs/rules/brazil-imperial.md");

    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Content = Content;

    fn setup(config: &Config, content: &ContentSet<Content>, seed: u64) -> Result<Self, SetupError> {
        Brazil::new_game(config, content, seed)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn content(&self) -> &ContentSet<Content> {
        &self.content
    }

    fn to_act(&self) -> ToAct {
        self.deciding().into()
    }

    /// A decision's subject is public and its secrets are not in it: every viewer reads the same sentence,
    /// in the second person for the seat deciding.
    fn prompt(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        self.decision(viewer)
    }

    fn rng(&self) -> Option<&GameRng> {
        Some(&self.rng)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Step<Event>, RuleError> {
        let _scope = self.content.enter();
        // `act` checks before it changes anything, so a refused action leaves the state untouched.
        let events = self.act(seat, action)?;
        Ok(if self.revealed { Step::committed(events) } else { Step::new(events) })
    }

    fn action_space(&self) -> usize {
        self.numbering().size()
    }

    fn action_number(&self, seat: Seat, action: &Action) -> Option<usize> {
        self.number_in(&self.numbering(), &std::cell::OnceCell::new(), seat, action)
    }

    fn legal_numbers(&self, seat: Seat) -> Vec<usize> {
        let (n, legal) = (self.numbering(), std::cell::OnceCell::from(self.legal_actions(seat)));
        let listed = legal.get().map_or(&[][..], Vec::as_slice);
        imperia_core::numbering::ascending(listed.iter().map(|a| self.number_in(&n, &legal, seat, a)))
    }

    fn numbered_action(&self, seat: Seat, number: usize) -> Option<Action> {
        self.numbered(seat, number)
    }

    fn view(&self, viewer: Viewer) -> View {
        let _scope = self.content.enter();
        self.make_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        Some(event.seen_by(viewer))
    }

    fn event_line(&self, event: &Event, reader: Viewer) -> String {
        event.line(reader)
    }

    fn observation_parts(&self) -> Vec<(&'static str, Vec<usize>)> {
        self.parts()
    }

    /// The viewer's view as numbers (`observe.rs`).
    fn observe(&self, viewer: Viewer, out: &mut [f32]) {
        self.write_observation(viewer, out)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        if self.solo() {
            let won = self.solo_won == Some(true);
            return Some(Outcome { scores: vec![i64::from(won)], ranks: vec![if won { 1 } else { 2 }] });
        }
        let keys: Vec<(i64, u32)> = (0..self.players.len())
            .map(|s| {
                let sc = self.score(s as u8);
                (i64::from(sc.total), sc.science_buildings)
            })
            .collect();
        // The tie-break is the science-making buildings; players still tied share the place (B53).
        Some(Outcome::ranked_by(keys.iter().map(|k| k.0).collect(), &keys))
    }

    fn ending(&self) -> Option<Ending> {
        if self.stage != Stage::Over {
            return None;
        }
        let (reason, parts) = if self.solo() {
            // The solo scenario is won or lost, not scored (B32): its one part says which.
            let won = self.solo_won == Some(true);
            let reason = if won {
                format!(
                    "The Dutch capital fell in round {} with the three conditions met: the scenario is won.",
                    self.round
                )
            } else {
                format!(
                    "Round {SOLO_ROUNDS} ended without the three conditions met: the Dutch hold, and the scenario is lost."
                )
            };
            (
                reason,
                vec![vec![ScorePart::new(if won { "the scenario won" } else { "the scenario lost" }, i64::from(won))]],
            )
        } else {
            let reason = if self.last_round {
                "An era III card was completed, and the round it was completed in is over: the final scoring."
                    .to_string()
            } else {
                format!(
                    "Round {MAX_ROUNDS}, Imperia's limit (ruling B63), is over with no era III card completed: the final scoring."
                )
            };
            (reason, (0..self.players.len()).map(|s| self.score(s as u8).parts()).collect())
        };
        Some(Ending { reason, parts })
    }

    fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> Self {
        let _scope = content.enter();
        view::determinize(view, content, rng)
    }

    fn summary(&self, viewer: Viewer) -> String {
        let _scope = self.content.enter();
        self.table_text(viewer)
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.seat_label(seat as u8).to_string()
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    /// The hexes an action touches (`r3c4`), or its space (`space:build`), card or item.
    fn targets(&self, action: &Action) -> Vec<String> {
        let _scope = self.content.enter();
        let c = &*self.content;
        let hex = |h: &map::Hex| h.to_string();
        match action {
            Action::Capital { at }
            | Action::Recruit { at, .. }
            | Action::Build { at, .. }
            | Action::Found { at, .. }
            | Action::Renew { at, .. }
            | Action::Fight { at }
            | Action::Peek { at }
            | Action::Palace { at, .. }
            | Action::Braganca { at, .. } => vec![hex(at)],
            Action::Pay { from: Some(at), .. } => vec![hex(at)],
            Action::Move { unit, to, .. } | Action::Bombard { unit, target: to } => {
                let from = self.deciding().and_then(|s| match self.spot(s as u8, *unit) {
                    state::Spot::Map(i) => Some(self.board().hexes[usize::from(i)].to_string()),
                    _ => None,
                });
                from.into_iter().chain([hex(to)]).collect()
            }
            Action::Activate { space } | Action::EraToken { space } | Action::Park { space } => {
                vec![format!(
                    "space:{}",
                    serde_json::to_value(space).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
                )]
            }
            Action::Take { card } => vec![format!("privilege:{}", c.privilege(*card).id)],
            Action::Craft { item, .. } => vec![format!("item:{}", c.items[item.index()].id)],
            Action::Declare { goal, .. } => vec![format!("goal:{}", c.goal(*goal).id)],
            _ => vec![],
        }
    }
}

impl Brazil {
    /// The decision in one sentence, as `viewer` reads it.
    pub fn decision(&self, viewer: Viewer) -> String {
        let Some(seat) = self.deciding() else {
            return String::new();
        };
        let who = Subject::seat(viewer, seat, self.seat_label(seat as u8));
        if let Some(o) = self.over_limit() {
            return match o {
                play::Over::Supply(_) => {
                    who.does(&format!("return pieces down to 5 in {} personal supply", who.possessive()))
                }
                _ => who.does("discard down to 3 cards"),
            };
        }
        if let Some(p) = self.pending.last() {
            return match p {
                Pending::Pay { need, .. } => who.does(&format!(
                    "pay {}{}",
                    need.pieces,
                    if need.any > 0 { format!(" + {} of any resource", need.any) } else { String::new() }
                )),
                Pending::Battle(b) if b.attack_cards.is_none() => who.does("commit up to 3 battle cards to attack"),
                Pending::Battle(_) => who.does("commit up to 3 battle cards to defend"),
                Pending::Defeat { .. } => who.does("choose the winner's unit Sepé Tiaraju defeats"),
                Pending::Palace { .. } => who.does("may place a palace"),
                Pending::EraToken { .. } => who.does("put the old era token under an action space"),
                Pending::Gain { left, .. } => who.does(&format!("take {}", count(*left, "resource"))),
                Pending::Quilombo { .. } => who.does("name the era of the goal to draw"),
                Pending::Refill { .. } => who.does("pick the privilege pile to refill the display from"),
            };
        }
        match &self.stage {
            Stage::Prepare => who.does_all_of(&["keep one goal of each era", "choose a ruler"]),
            Stage::Capital { .. } => who.does("choose a capital"),
            Stage::Act => who.does(&format!("put the era-{} token on an action space", play::roman(self.era))),
            Stage::Work(w) => who.does(&format!(
                "carry out {}",
                match w {
                    Work::Recruit { .. } => "Recruit",
                    Work::Obtain => "Obtain",
                    Work::Build { .. } => "Build",
                    Work::Renew => "Renew",
                    Work::Craft => "Craft",
                    Work::Harbor => "Harbor",
                    Work::Market => "the Market",
                }
            )),
            Stage::Move => who.does_one_of(&["move units", "end the turn"]),
            Stage::Over => String::new(),
        }
    }

    /// The map as rows of hexes, odd rows shifted right: each hex shows its terrain, then the token on it
    /// and whose it is, then how many units stand there.
    pub(crate) fn hex_text(&self, t: &Brazil) -> String {
        use crate::map::Cell;
        let c = &*self.content;
        let board = c.map(t.map);
        let rows = board.hexes.iter().map(|h| h.r).max().map_or(0, |r| usize::from(r) + 1);
        let cols = board.hexes.iter().map(|h| h.c).max().map_or(0, |c| usize::from(c) + 1);
        let mut out = String::from("    ");
        for col in 0..cols {
            out.push_str(&format!("{col:<5}"));
        }
        out.push('\n');
        for r in 0..rows {
            out.push_str(&format!("r{r:<2}{}", if r % 2 == 1 { "  " } else { "" }));
            for col in 0..cols {
                let Some(i) = board.index(map::Hex { r: r as u8, c: col as u8 }) else {
                    out.push_str("     ");
                    continue;
                };
                let ground = match board.cells[i] {
                    Cell::Land(content::Terrain::Field) => 'f',
                    Cell::Land(content::Terrain::Forest) => 'w',
                    Cell::Land(content::Terrain::Gold) => 'g',
                    Cell::Land(_) => '~',
                    Cell::Question if t.sites[i].lying.is_some_and(|l| !l.face_up) => '?',
                    Cell::Question => '!',
                    Cell::Capital | Cell::Dutch => 'C',
                };
                let (token, owner) = match t.sites[i].token {
                    Some(k) => (
                        match k.built {
                            state::Built::Building(b) => building_code(&c.building(b).id),
                            state::Built::City(_) => '#',
                            state::Built::Capital => '*',
                        },
                        if k.owner == state::DUTCH { 'D' } else { char::from(b'1' + k.owner) },
                    ),
                    None => (' ', ' '),
                };
                let units = t.units_at(i).count();
                let n = if units == 0 { ' ' } else { char::from(b'0' + units.min(9) as u8) };
                out.push_str(&format!("{ground}{token}{owner}{n} "));
            }
            out.push('\n');
        }
        out.push_str(
            "ground: f field, w forest, g gold deposit, ~ water, ? unexplored, ! explored, C capital site\n\
             token: S sawmill, T trading post, A cane field, K coffee plantation, M mine, P spinning mill, \
             H church, U university, # city, * capital; then its player (D the Dutch), then the units there\n",
        );
        out
    }
}

/// One letter per building for the terminal's map.
fn building_code(id: &str) -> char {
    match id {
        "sawmill" => 'S',
        "trading_post" => 'T',
        "cane_field" => 'A',
        "coffee_plantation" => 'K',
        "mine" => 'M',
        "spinning_mill" => 'P',
        "church" => 'H',
        "university" => 'U',
        other => other.chars().next().unwrap_or('B').to_ascii_uppercase(),
    }
}
