//! How well each player stands, for the bots: a forecast of each seat's final glory, read from the parts of
//! the score and what its tracks, discs and cards will still make, after the turn under way is carried out
//! as well as its player can. The hand-written evaluation weighs those parts by hand (tuned with the arena);
//! the learned one (`imperia_core::learned`, `data/learned.toml`) weighs the same parts as `imperia train`
//! fitted them to who won.

use std::sync::OnceLock;

use imperia_core::{Evaluate, Features, Game, Model, outcome_values};

use crate::content::Attribute;
use crate::score::Score;
use crate::state::{Endeavor, Owner, ROUNDS};

/// How deep the forecast carries out a turn under way: a building's actions, the Silent Fleet's answer.
const TURN_DEPTH: u8 = 3;

/// The parts of one seat's forecast final glory.
struct Forecast {
    /// Glory now, by the score pad.
    score: Score,
    /// Rounds still to play.
    left: f64,
    /// The four attribute values, summed: tracks counted by value rather than by their last glory space.
    tracks: f64,
    /// The four levels, summed: what the tracks will still make in the rounds left.
    levels: f64,
    /// Discs in the harbor.
    harbor: f64,
    /// Discs on buildings that Salary will still bring back in the rounds left.
    freed: f64,
    /// Discs on shipping tracks not yet full: presence toward a governor and a deck.
    afloat: f64,
    /// Blue action tokens: actions still to take.
    actions: f64,
    /// The glory of the deck tops its presence lets it draw, weighted.
    drawable: f64,
    /// Cards beyond the limit, which it must discard.
    excess: f64,
}

impl Forecast {
    /// The hand-written forecast final glory (provisional weights, tuned with the arena): glory now, with
    /// the tracks counted by value (a step toward the next space is worth something); what its levels will
    /// still make; its harbor discs, the discs Salary will still bring back and its blue tokens; its discs
    /// afloat; the cards its presence lets it draw; less the cards it must discard.
    fn glory(&self) -> f64 {
        let s = &self.score;
        let rest = i32::from(s.cities_and_routes) + i32::from(s.buildings_and_cards) - i32::from(s.slavery);
        let disc = if self.left > 0.0 { 0.6 } else { 1.0 / 3.0 };
        0.9 * self.tracks
            + f64::from(rest)
            + self.left * 0.3 * self.levels
            + disc * self.harbor
            + 0.45 * self.freed
            + 0.2 * self.afloat
            + 0.8 * self.actions
            + if self.left > 0.0 { self.drawable } else { 0.0 }
            - 2.5 * self.excess
    }
}

impl Endeavor {
    /// The parts of `seat`'s forecast.
    fn forecast_parts(&self, seat: usize) -> Forecast {
        let c = &*self.content;
        let p = &self.players[seat];
        let left = f64::from(ROUNDS.saturating_sub(self.round));
        let values = self.attributes(seat);
        let level = |a: Attribute| c.track(a).level(values[a.index()]);
        let me = Owner::Player(seat as u8);
        let drawable: f64 = self
            .decks
            .iter()
            .filter_map(|d| d.first())
            .filter(|&&k| self.presence(me, c.decks[c.card(k).deck.index()].zone) >= c.card(k).value)
            .map(|&k| 0.15 * f64::from(c.card(k).value))
            .sum();
        let busy = p.coast.iter().filter(|b| b.disc).count() as f64;
        Forecast {
            score: self.score(seat),
            left,
            tracks: values.iter().map(|&v| f64::from(v)).sum(),
            levels: Attribute::ALL.iter().map(|&a| f64::from(level(a))).sum(),
            harbor: f64::from(p.harbor),
            freed: busy.min(left * f64::from(level(Attribute::Economy))),
            afloat: (0..self.tracks.len())
                .filter(|&z| !self.explored[z])
                .map(|z| f64::from(self.presence[z][me.index()]))
                .sum(),
            actions: p.actions.len() as f64,
            drawable,
            excess: p.cards.len().saturating_sub(self.card_cap(seat)) as f64,
        }
    }

    /// The position once the turn under way is carried out as well as its player can (a building activated
    /// is worth the best of its actions by the hand-written forecast), so that a one-step look ahead sees
    /// what an activation is for; `None` between turns.
    fn turn_carried_out(&self, depth: u8) -> Option<Endeavor> {
        let mid_turn = self.turn.is_some() || self.reaction.is_some() || !self.memorials.is_empty();
        if depth == 0 || !mid_turn {
            return None;
        }
        let seat = self.deciding()?;
        let mut best: Option<(Endeavor, f64)> = None;
        for a in self.legal(seat) {
            let mut next = self.clone();
            if next.act(seat, &a).is_ok() {
                let end = next.turn_carried_out(depth - 1).unwrap_or(next);
                let glory = end.forecast_parts(seat).glory();
                if best.as_ref().is_none_or(|(_, b)| glory > *b) {
                    best = Some((end, glory));
                }
            }
        }
        best.map(|(end, _)| end)
    }

    /// Every seat's forecast final glory, the turn under way carried out.
    fn forecasts(&self) -> Vec<f64> {
        let end = self.turn_carried_out(TURN_DEPTH);
        let at = end.as_ref().unwrap_or(self);
        (0..at.players.len()).map(|s| at.forecast_parts(s).glory()).collect()
    }
}

impl Evaluate for Endeavor {
    /// A seat's forecast lead over the mean of the others, squashed into (0, 1) gently: a lead of 10 glory
    /// is worth 0.73. A steep curve saturates once one player leads, and then the search cannot tell its
    /// moves apart (arena, guided search at 300 iterations against three heuristic bots, 100 games each:
    /// 34% at a 2-glory scale, 43% at 6, 49% at 10, 46% at 20). The one-step bot sees only the order, so
    /// the scale does not change its play.
    fn evaluate(&self) -> Vec<f64> {
        if let Some(o) = self.outcome() {
            return outcome_values(&o);
        }
        let _scope = self.content.enter();
        let f = self.forecasts();
        let n = f.len() as f64;
        let total: f64 = f.iter().sum();
        f.iter().map(|&v| 1.0 / (1.0 + (-(v - (total - v) / (n - 1.0)) / 10.0).exp())).collect()
    }

    fn learned(&self) -> Option<Vec<f64>> {
        let _scope = self.content.enter();
        learned_model().map(|m| m.values(self))
    }
}

/// The shipped learned model (`data/learned.toml`, made by `imperia train endeavor`), read once. A file that
/// does not fit the features leaves the bots on the hand-written evaluation; a test keeps the shipped one
/// readable.
pub fn learned_model() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL.get_or_init(|| Model::parse::<Endeavor>(include_str!("../data/learned.toml")).ok()).as_ref()
}

/// What the learned evaluation reads: the parts of the hand-written forecast ([`Forecast`]), each the seat's
/// own, in glory or its units, read after the turn under way is carried out as the forecast does it. Only
/// differences between seats count, so `progress` (rounds played / 7, common to all) enters only through the
/// `_late` products; a 2–5 player table shares one model.
impl Features for Endeavor {
    const FEATURES: &'static [&'static str] = &[
        // The hand-written forecast final glory.
        "forecast",
        // `forecast` × progress.
        "forecast_late",
        // Glory now, by the score pad.
        "glory",
        // `glory` × progress.
        "glory_late",
        // Glory of the four tracks.
        "track_glory",
        // The four attribute values, summed.
        "tracks",
        // The four levels, summed.
        "levels",
        // `levels` × rounds left / 7: what they will still make.
        "levels_ahead",
        // Glory of occupied cities and controlled routes.
        "cities_and_routes",
        // Glory of buildings and cards (the governor slot and the Town Hall with them).
        "buildings_and_cards",
        // Discs in the harbor.
        "harbor",
        // Discs on shipping tracks not yet full.
        "afloat",
        // Blue action tokens.
        "actions",
        // The weighted glory of the deck tops it may draw.
        "drawable",
        // Cards beyond the limit.
        "excess_cards",
        // Slavery cards set aside.
        "slavery",
    ];

    fn features(&self, out: &mut [f64]) {
        let _scope = self.content.enter();
        let end = self.turn_carried_out(TURN_DEPTH);
        let at = end.as_ref().unwrap_or(self);
        let parts: Vec<Forecast> = (0..at.players.len()).map(|s| at.forecast_parts(s)).collect();
        let forecasts: Vec<f64> = parts.iter().map(Forecast::glory).collect();
        let progress = 1.0 - parts.first().map_or(0.0, |p| p.left) / f64::from(ROUNDS);
        for (seat, (row, f)) in out.chunks_mut(Self::FEATURES.len()).zip(&parts).enumerate() {
            let forecast = forecasts[seat];
            let glory = f64::from(f.score.total);
            let values = [
                forecast,
                forecast * progress,
                glory,
                glory * progress,
                f.score.tracks.iter().map(|&t| f64::from(t)).sum(),
                f.tracks,
                f.levels,
                f.levels * f.left / f64::from(ROUNDS),
                f64::from(f.score.cities_and_routes),
                f64::from(f.score.buildings_and_cards),
                f.harbor,
                f.afloat,
                f.actions,
                f.drawable,
                f.excess,
                f64::from(f.score.slavery),
            ];
            row.copy_from_slice(&values);
        }
    }
}

#[cfg(test)]
mod tests {
    use imperia_core::{ContentSet, Evaluate, Features, Game};
    use rand::seq::IndexedRandom;

    use crate::config::Config;
    use crate::state::Endeavor;

    /// A position `moves` random moves into a game of `players`.
    fn played(players: usize, moves: usize) -> Endeavor {
        let config = Config::new(players).expect("a player count");
        let mut g = Endeavor::new_game(&config, &ContentSet::shipped(), 3).expect("setup").0;
        let mut rng = imperia_core::rng::seeded(5);
        for _ in 0..moves {
            let Some(&seat) = g.to_act().seats().first() else { break };
            let action = *g.legal_actions(seat).choose(&mut rng).expect("an action");
            g.apply(seat, &action).expect("legal");
        }
        g
    }

    /// The forecast the features read is the hand-written evaluation's: both rank the seats alike.
    #[test]
    fn the_forecast_feature_is_the_hand_figure() {
        let g = played(4, 120);
        let mut out = vec![0.0; 4 * Endeavor::FEATURES.len()];
        g.features(&mut out);
        let forecasts: Vec<f64> = out.chunks(Endeavor::FEATURES.len()).map(|row| row[0]).collect();
        let hand = g.evaluate();
        for a in 0..4 {
            for b in 0..4 {
                assert_eq!(forecasts[a] > forecasts[b], hand[a] > hand[b], "{forecasts:?} against {hand:?}");
            }
        }
    }
}
