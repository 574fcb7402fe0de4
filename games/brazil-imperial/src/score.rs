//! Final scoring («Подсчёт очков»): units recruited, items, privilege cards, goals and era-III tasks,
//! opportunity cards with VP, exploration tokens kept, the palaces' frames, the tokens one controls, and
//! the rulers' and cards' modifiers. The tie-break is the science-making buildings one controls; players
//! still tied share the win (ruling B53).

use imperia_core::ScorePart;
use serde::{Deserialize, Serialize};

use crate::content::{Find, Opportunity, Privilege, Reign, Terrain};
use crate::state::{Brazil, Built, Frame, Spot, Token};

/// One seat's score by source.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub units: u32,
    pub items: u32,
    pub privileges: u32,
    pub goals: u32,
    pub cards: u32,
    pub finds: u32,
    pub palaces: u32,
    pub tokens: u32,
    pub bonuses: u32,
    pub total: u32,
    /// The tie-break: science-making buildings controlled.
    pub science_buildings: u32,
}

/// What one token scores at the end ([`Brazil::token_vp`]), by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TokenVp {
    pub laurel: u32,
    pub palace: u32,
    pub card: u32,
}

impl TokenVp {
    pub fn total(self) -> u32 {
        self.laurel + self.palace + self.card
    }
}

/// Rare species: 1, 3, 5 VP for 1, 2, 3 or more (ruling B31).
fn rare_species(n: usize) -> u32 {
    match n {
        0 => 0,
        1 => 1,
        2 => 3,
        _ => 5,
    }
}

impl Score {
    /// The sources as the parts of a final score (`Game::ending`), in the rulebook's order; they add up to
    /// `total`.
    pub fn parts(&self) -> Vec<ScorePart> {
        [
            ("units recruited", self.units),
            ("items crafted", self.items),
            ("privilege cards", self.privileges),
            ("goals and era III tasks", self.goals),
            ("opportunity cards and wars", self.cards),
            ("exploration tokens", self.finds),
            ("palaces' frames", self.palaces),
            ("tokens controlled", self.tokens),
            ("rulers' and cards' bonuses", self.bonuses),
        ]
        .into_iter()
        .map(|(label, points)| ScorePart::new(label, points))
        .collect()
    }
}

impl Brazil {
    pub fn score(&self, seat: u8) -> Score {
        let c = &*self.content;
        let s = usize::from(seat);
        let p = &self.players[s];
        let mut sc = Score::default();
        let units = self.colour_units(seat);
        let recruited = p.units.iter().filter(|s| **s != Spot::Board).count() as u32;
        sc.units = units
            .iter()
            .zip(&p.units)
            .filter(|(_, s)| **s != Spot::Board)
            .map(|(&u, _)| u32::from(c.unit(u).strength))
            .sum();
        let crafted = p.items.iter().flatten().count() as u32;
        sc.items = p.items.iter().enumerate().filter(|(_, f)| f.is_some()).map(|(k, _)| u32::from(c.items[k].vp)).sum();
        sc.privileges = p.privileges.iter().map(|&k| u32::from(c.privilege(k).vp)).sum();
        let mut goals_declared = 0;
        let mut early_goals = 0;
        for h in &p.goals {
            let g = c.goal(h.goal);
            for (t, task) in g.tasks.iter().enumerate() {
                if h.done & (1 << t) != 0 {
                    sc.goals += u32::from(task.vp);
                    goals_declared += 1;
                    if g.era < 3 {
                        early_goals += 1;
                    }
                }
            }
        }
        sc.cards = p
            .opportunities
            .iter()
            .map(|&o| if let Opportunity::Vp(v) = c.opportunity(o).effect { u32::from(v) } else { 0 })
            .sum::<u32>()
            + u32::from(p.war_vp);
        let kinds: Vec<&crate::content::Exploration> = p.finds.iter().map(|f| &c.exploration[f.index()]).collect();
        sc.finds = rare_species(kinds.iter().filter(|e| e.find == Find::RareSpecies).count())
            + 2 * kinds.iter().filter(|e| e.find == Find::Culture).count() as u32
            + kinds.iter().filter(|e| e.find == Find::Expedition).map(|e| u32::from(e.reward.vp)).sum::<u32>();
        // Tokens controlled, each with what its palace frames and cards add to it.
        let mut bonus = 0;
        for (i, site) in self.sites.iter().enumerate() {
            let Some(t) = site.token else { continue };
            if self.controller(i) != Some(seat) {
                continue;
            }
            let vp = self.token_vp(&t, seat);
            sc.tokens += vp.laurel;
            sc.palaces += vp.palace;
            bonus += vp.card;
            if let Built::Building(b) = t.built
                && c.building(b).makes_science()
            {
                sc.science_buildings += 1;
            }
        }
        for site in &self.sites {
            if let Some((owner, palace)) = site.palace
                && owner == seat
            {
                sc.palaces += match palace {
                    5 => crafted,
                    6 => recruited,
                    _ => 0,
                };
            }
        }
        for (_, e) in self.privileges_of(seat) {
            bonus += match e {
                Privilege::Camarao => self.forests_beside(seat),
                Privilege::Museum(n) => crafted.min(u32::from(n)),
                Privilege::VpPerGoal => goals_declared,
                _ => 0,
            };
        }
        bonus += 2 * p.parked.iter().filter(|&&e| e == 1).count() as u32;
        match self.reign(seat) {
            Some(Reign::Victoria) => bonus += p.items.iter().filter(|f| **f == Some(Frame::Ruler)).count() as u32,
            Some(Reign::ObaII) => bonus += early_goals,
            _ => {}
        }
        sc.bonuses = bonus;
        sc.total =
            sc.units + sc.items + sc.privileges + sc.goals + sc.cards + sc.finds + sc.palaces + sc.tokens + sc.bonuses;
        sc
    }

    /// What a token scores at the end for `seat`, who controls it: its laurel (or a "first three" ruler's VP
    /// for a token of theirs that carries the mark, ruling B28), what `seat`'s palace frames add to it
    /// (III: +1 a mine, IV: +2 a spinning mill, for tokens `seat` built, ruling B6), and what `seat`'s cards
    /// add to it (Fundação de São Vicente +1 a city `seat` built; Machado de Assis on a university). The same
    /// number is the token's battle strength («Правила боя»: a token's strength is the VP it brings).
    pub fn token_vp(&self, t: &Token, seat: u8) -> TokenVp {
        let c = &*self.content;
        let own = t.owner == seat;
        let palace = |n: u8| self.sites.iter().any(|s| s.palace == Some((seat, n)));
        let mut vp = TokenVp::default();
        match t.built {
            Built::Building(b) => {
                let building = c.building(b);
                vp.laurel = match (t.mark && own, self.first_three(t.owner)) {
                    (true, Some((kind, _, points))) if kind == building.id => u32::from(points),
                    _ => u32::from(building.vp),
                };
                vp.palace = match building.id.as_str() {
                    "mine" if own && palace(3) => 1,
                    "spinning_mill" if own && palace(4) => 2,
                    _ => 0,
                };
                if building.id == "university" {
                    for (_, e) in self.privileges_of(seat) {
                        if let Privilege::VpPerUniversity(v) = e {
                            vp.card += u32::from(v);
                        }
                    }
                }
            }
            Built::City(k) => {
                vp.laurel = u32::from(c.cities[k.index()].vp);
                if own && self.holds(seat, Privilege::CityDiscount) {
                    vp.card = 1;
                }
            }
            Built::Capital => {}
        }
        vp
    }

    /// Antônio Camarão at the end: unbuilt forest hexes beside any token the seat built (ruling B55).
    fn forests_beside(&self, seat: u8) -> u32 {
        let board = self.board();
        (0..self.sites.len())
            .filter(|&i| self.open_terrain(i, Terrain::Forest))
            .filter(|&i| {
                board.neighbours[i].iter().any(|&n| self.sites[usize::from(n)].token.is_some_and(|t| t.owner == seat))
            })
            .count() as u32
    }
}
