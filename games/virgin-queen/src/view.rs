//! What each viewer may know (docs/rules/virgin-queen.md §6), and the sampling of hidden state for bots.
//!
//! A view is the table with every hidden zone emptied: other powers' hands (their sizes kept), the deck,
//! the treasure cup and Portugal's row (sizes kept), another power's announcement or proposal under
//! construction or payment picks, how many clauses it took back and declarations it withdrew, shows
//! between other powers, what proposals between other powers say and how they were answered (not that
//! they were made), and the generator.

use std::sync::Arc;

use imperia_core::{ContentSet, GameRng, Viewer, words};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::content::{CardId, Content, Power, TreasureId};
use crate::deals::Clause;
use crate::event::Event;
use crate::state::{Phase, Proposal, Reply, VirginQueen};

/// What one viewer may know.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    /// The table with what the viewer may not see taken out.
    pub table: VirginQueen,
    /// Each power's hand: (cards other than home cards, home cards in hand, treasures, home cards set aside).
    pub hand_sizes: [[u8; 4]; 6],
    pub deck: u8,
    pub cup: u8,
    pub portugal_row: u8,
    /// Each power's VP.
    pub vp: [i32; 6],
    /// Each power's par: its seat scores by VP over par (ruling R42).
    pub par: [i32; 6],
    /// Whose decision it is and what.
    pub decision: String,
    /// The announcements awaiting approval: who made each, who must still approve it, what it says.
    pub announcements: Vec<AnnouncementView>,
    /// This turn's proposals, in the order `Answer` and `Announce` number them (from 1), as far as the
    /// viewer may read them.
    #[serde(default)]
    pub proposals: Vec<ProposalView>,
    /// The viewer's proposals in the making.
    #[serde(default)]
    pub drafts: Vec<DraftView>,
}

/// One of this turn's proposals as a viewer may read it: its parties and their replies always; its clauses,
/// in words, only for a viewer party to it (empty for everybody else, whose replies read `Given`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProposalView {
    pub by: Power,
    pub clauses: Vec<String>,
    /// Every party but the author, in Impulse Order, with its reply.
    pub replies: Vec<(Power, Reply)>,
    /// Its announcer has published it.
    pub announced: bool,
}

/// A proposal in the making, which only its author's player reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftView {
    pub by: Power,
    pub clauses: Vec<String>,
}

/// An announcement awaiting approval, which every viewer reads (§9.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnouncementView {
    pub by: Power,
    /// The parties still to approve it, in Impulse Order.
    pub waiting: Vec<Power>,
    pub clauses: Vec<String>,
}

/// Clauses in words, one each.
fn in_words(clauses: &[Clause]) -> Vec<String> {
    clauses.iter().map(|c| c.to_string()).collect()
}

impl ProposalView {
    /// From a view's copy of a proposal, so that what the viewer may not read is already gone.
    fn of(pr: &Proposal) -> Self {
        ProposalView { by: pr.by, clauses: in_words(&pr.clauses), replies: pr.replies.clone(), announced: pr.announced }
    }

    /// In words, numbered from 1 as `Answer` and `Announce` number it: for the terminal.
    fn text(&self, number: usize) -> String {
        let to: Vec<String> = self.replies.iter().map(|(p, _)| p.to_string()).collect();
        let said =
            if self.clauses.is_empty() { "only its parties read it".to_string() } else { self.clauses.join("; ") };
        let replies: Vec<String> = self
            .replies
            .iter()
            .map(|(p, r)| match r {
                Reply::Awaited => format!("{p} has not replied"),
                Reply::Agreed => format!("{p} agreed"),
                Reply::Declined => format!("{p} declined"),
                Reply::Given => format!("{p} replied"),
            })
            .collect();
        let announced = if self.announced { "; announced" } else { "" };
        format!("{number}. {} to {}: {said} ({}{announced})", self.by.title(), to.join(", "), replies.join(", "))
    }
}

impl VirginQueen {
    fn sees(&self, viewer: Viewer, p: Power) -> bool {
        viewer.seat().is_some_and(|s| self.seats.get(s).is_some_and(|ps| ps.contains(&p)))
    }

    pub(crate) fn make_view(&self, viewer: Viewer) -> View {
        let mut t = self.clone();
        let hand_sizes = Power::ALL.map(|p| {
            let h = &self.hands[p.index()];
            let home = h.cards.iter().filter(|c| self.content.cards[c.index()].home.is_some()).count();
            [(h.cards.len() - home) as u8, home as u8, h.treasures.len() as u8, h.home_aside.len() as u8]
        });
        for p in Power::ALL {
            if !self.sees(viewer, p) {
                t.hands[p.index()] = Default::default();
            }
        }
        Arc::make_mut(&mut t.deck).clear();
        Arc::make_mut(&mut t.cup).clear();
        Arc::make_mut(&mut t.portugal).clear();
        t.rng = GameRng::seed_from_u64(0);
        t.shows.retain(|&(by, _, to)| self.sees(viewer, by) || self.sees(viewer, to));
        for p in Power::ALL.into_iter().filter(|&p| !self.sees(viewer, p)) {
            t.drafts[p.index()] = None;
            // Clauses taken back and declarations withdrawn are second thoughts had in private (R44).
            t.second_thoughts[p.index()] = 0;
            t.withdrawals[p.index()] = 0;
        }
        for pr in t.proposals.iter_mut().filter(|pr| !pr.parties().any(|p| self.sees(viewer, p))) {
            pr.clauses.clear();
            for r in &mut pr.replies {
                if matches!(r.1, Reply::Agreed | Reply::Declined) {
                    r.1 = Reply::Given;
                }
            }
        }
        match &mut t.phase {
            Phase::Announcing { power, building, .. } if !self.sees(viewer, *power) => building.clear(),
            Phase::Declaring { power, paying } if !self.sees(viewer, *power) => *paying = None,
            _ => {}
        }
        View {
            viewer,
            hand_sizes,
            deck: self.deck.len() as u8,
            cup: self.cup.len() as u8,
            portugal_row: self.portugal.len() as u8,
            vp: Power::ALL.map(|p| self.vp(p)),
            par: Power::ALL.map(|p| self.par(p)),
            decision: self.decision(viewer),
            announcements: self
                .pending
                .iter()
                .map(|a| AnnouncementView { by: a.by, waiting: a.waiting.clone(), clauses: in_words(&a.clauses) })
                .collect(),
            proposals: t.proposals.iter().map(ProposalView::of).collect(),
            drafts: Power::ALL
                .into_iter()
                .filter_map(|p| Some(DraftView { by: p, clauses: in_words(&t.drafts[p.index()].as_ref()?.clauses) }))
                .collect(),
            table: t,
        }
    }

    pub(crate) fn redact(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        let sees = |p: Power| self.sees(viewer, p);
        let e = match event.clone() {
            Event::Dealt { power, count, cards } => Event::Dealt { power, count, cards: cards.filter(|_| sees(power)) },
            Event::HomeCardKept { power, card } => Event::HomeCardKept { power, card: card.filter(|_| sees(power)) },
            Event::TreasuresDrawn { power, count, treasures } => {
                Event::TreasuresDrawn { power, count, treasures: treasures.filter(|_| sees(power)) }
            }
            Event::Shown { by, to, .. } if !sees(by) && !sees(to) => return None,
            Event::Proposed { by, to, clauses } => {
                let party = sees(by) || to.iter().any(|&p| sees(p));
                Event::Proposed { by, to, clauses: clauses.filter(|_| party) }
            }
            Event::Answered { by, author, agree, parties } => {
                let party = parties.iter().any(|&p| sees(p));
                Event::Answered { by, author, agree: agree.filter(|_| party), parties }
            }
            Event::Given { giver, receiver, count, treasures, items } => Event::Given {
                giver,
                receiver,
                count,
                treasures,
                items: items.filter(|_| sees(giver) || sees(receiver)),
            },
            Event::Ransomed { leader, captor, item, to } => {
                let owner = self.content.leaders[leader.index()].power;
                Event::Ransomed { leader, captor, item: item.filter(|_| sees(owner) || sees(captor)), to }
            }
            Event::LisbonTreasure { power, treasure } => {
                Event::LisbonTreasure { power, treasure: treasure.filter(|_| sees(power)) }
            }
            e => e,
        };
        Some(e)
    }
}

/// A complete state consistent with `view`, the unseen cards and treasures dealt at random from `rng`.
pub(crate) fn determinize(view: &View, content: &ContentSet<Content>, rng: &mut GameRng) -> VirginQueen {
    let mut g = view.table.clone();
    g.content = content.clone();
    g.rng = GameRng::seed_from_u64(rand::Rng::random(rng));
    let mine: Vec<bool> = Power::ALL.iter().map(|&p| g.sees(view.viewer, p)).collect();
    let known = |p: Power| mine[p.index()];
    // Cards: those in play and not in the viewer's hands or the discard are in the deck or another hand.
    let mut seen: Vec<CardId> = g.discard.to_vec();
    for p in Power::ALL.into_iter().filter(|&p| known(p)) {
        seen.extend(g.hands[p.index()].cards.iter().copied());
        seen.extend(g.hands[p.index()].home_aside.iter().copied());
    }
    let mut unseen: Vec<CardId> = (0..content.cards.len())
        .map(|i| CardId(i as u8))
        .filter(|&c| g.card_in_use(c) && content.cards[c.index()].entry <= g.turn && !seen.contains(&c))
        .collect();
    unseen.shuffle(rng);
    let mut treasures: Vec<TreasureId> = (0..content.treasures.len())
        .map(|i| TreasureId(i as u8))
        .filter(|t| {
            !g.spent.contains(t) && !Power::ALL.iter().any(|&p| known(p) && g.hands[p.index()].treasures.contains(t))
        })
        .collect();
    treasures.shuffle(rng);
    for p in Power::ALL.into_iter().filter(|&p| !known(p)) {
        let [cards, home_in_hand, tr, aside] = view.hand_sizes[p.index()];
        let hand = Arc::make_mut(&mut g.hands[p.index()]);
        hand.cards = unseen.split_off(unseen.len().saturating_sub(cards as usize));
        let mut homes = content.major(p).home_cards.clone();
        homes.shuffle(rng);
        let homes: Vec<CardId> = homes.into_iter().take((home_in_hand + aside) as usize).collect();
        hand.cards.extend(homes.iter().take(home_in_hand as usize));
        hand.home_aside = homes.into_iter().skip(home_in_hand as usize).collect();
        hand.treasures = treasures.split_off(treasures.len().saturating_sub(tr as usize));
    }
    g.deck = Arc::new(unseen);
    g.portugal = Arc::new(treasures.split_off(treasures.len().saturating_sub(view.portugal_row as usize)));
    g.cup = Arc::new(treasures);
    g
}

/// The table in text, written from a view alone so that it cannot show a secret: the turn and the
/// decision, the Diplomatic Status Chart, each power's VP, keys and hand size, the viewer's own hand,
/// announcements awaiting approval, captives, and the royals free to marry.
pub fn table(view: &View) -> String {
    use std::fmt::Write;
    let t = &view.table;
    let c = &*t.content;
    let mut out = String::new();
    let _ = writeln!(out, "Turn {} of {}. {}", t.turn, t.config.turns, words::capitalized(&view.decision));
    let played = t.played_powers();
    let _ = writeln!(out, "\nDiplomatic Status Chart (war, ally, or . at peace):");
    let short = |p: Power| match p {
        Power::Ottoman => "Ott",
        Power::Spain => "Spa",
        Power::England => "Eng",
        Power::France => "Fra",
        Power::Hre => "HRE",
        Power::Protestant => "Pro",
    };
    let _ = writeln!(out, "     {}", played.iter().map(|&p| format!("{:>5}", short(p))).collect::<String>());
    for &a in &played {
        let row: String = played
            .iter()
            .map(|&b| {
                let mark = match (a == b, t.status(a, b)) {
                    (true, _) => "-",
                    (_, crate::state::Status::War) => "war",
                    (_, crate::state::Status::Allied) => "ally",
                    _ => ".",
                };
                format!("{mark:>5}")
            })
            .collect();
        let _ = writeln!(out, "{:<5}{row}", short(a));
    }
    for &(p, m) in &t.minor_wars {
        let _ = writeln!(out, "{} is at war with {m}", p.title());
    }
    let _ = writeln!(out, "\n{:<16}{:>4}{:>5}{:>6}{:>7}{:>11}", "power", "VP", "par", "keys", "cards", "treasures");
    for &p in &played {
        let [cards, home, treasures, _] = view.hand_sizes[p.index()];
        let _ = writeln!(
            out,
            "{:<16}{:>4}{:>5}{:>6}{:>7}{:>11}",
            p.title(),
            view.vp[p.index()],
            view.par[p.index()],
            t.keys(p),
            cards + home,
            treasures
        );
    }
    for &p in &played {
        let h = &t.hands[p.index()];
        if h.size() + h.home_aside.len() == 0 {
            continue;
        }
        let items: Vec<String> = h
            .cards
            .iter()
            .map(|&x| format!("{} ({} CP)", x, c.cards[x.index()].cp))
            .chain(h.treasures.iter().map(|&x| format!("{x}")))
            .collect();
        let _ =
            writeln!(out, "\nYour hand ({}): {}", p, if items.is_empty() { "empty".into() } else { items.join(", ") });
        if !h.home_aside.is_empty() {
            let aside: Vec<String> = h.home_aside.iter().map(|x| x.to_string()).collect();
            let _ = writeln!(out, "Home cards set aside: {}", aside.join(", "));
        }
    }
    if !view.proposals.is_empty() {
        let _ = writeln!(out, "\nProposals this turn (they bind nobody until announced):");
        for (i, p) in view.proposals.iter().enumerate() {
            let _ = writeln!(out, "  {}", p.text(i + 1));
        }
    }
    for d in &view.drafts {
        let _ = writeln!(out, "\n{}'s proposal in the making: {}", d.by.title(), d.clauses.join("; "));
    }
    for a in &view.announcements {
        let waiting: Vec<String> = a.waiting.iter().map(|p| p.to_string()).collect();
        let _ = writeln!(
            out,
            "\n{}'s announcement, awaiting {}: {}",
            a.by.title(),
            waiting.join(", "),
            a.clauses.join("; ")
        );
    }
    let captives: Vec<String> = c
        .leader_ids()
        .filter_map(|l| match t.leader_place(l) {
            crate::state::Place::Captive(by) => Some(format!("{l} (held by {by})")),
            _ => None,
        })
        .collect();
    if !captives.is_empty() {
        let _ = writeln!(out, "\nCaptured leaders: {}", captives.join(", "));
    }
    let free: Vec<String> = c
        .royal_ids()
        .filter(|&r| t.royals[r.index()].place == crate::state::RoyalPlace::Table)
        .map(|r| format!("{r} ({})", t.royals[r.index()].controller))
        .collect();
    if !free.is_empty() {
        let _ = writeln!(out, "\nRoyal Wedding Table: {}", free.join(", "));
    }
    let _ = writeln!(
        out,
        "\nDeck {} cards, treasure cup {}, Portugal's row {}; Mercenaries for Hire {}",
        view.deck, view.cup, view.portugal_row, t.hire_track
    );
    out
}
