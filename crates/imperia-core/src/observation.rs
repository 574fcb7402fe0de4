//! Observation tensors: what one viewer sees, as a flat vector of `f32` of a fixed length, for learning code
//! (neural networks, OpenSpiel's observation tensors, PettingZoo's observation spaces).
//!
//! A game declares its tensor as named parts, each with a shape ([`Game::observation_parts`]), fixed for a
//! config and a content set: the tensor is their row-major concatenation. It writes a viewer's numbers with
//! [`Game::observe`], which games compute from their own view (or the helpers the view uses), so a tensor
//! cannot show more than the view; the conformance harness holds it to that (check 6) and to its shape.
//!
//! A game's parts begin with [`seat_parts`]: the viewer's seat one-hot (all zero for a spectator) and the
//! seats to act. Values are scaled to about 0..1: counts by a cap the game documents ([`Part::count`]),
//! owners, positions and phases one-hot. `docs/observations.md` describes every game's parts.

use crate::game::{Game, ToAct, Viewer};

/// An observation's parts, in order: a name and a shape each.
pub type Parts = Vec<(&'static str, Vec<usize>)>;

/// How many numbers the parts hold together.
pub fn total<N>(parts: &[(N, Vec<usize>)]) -> usize {
    parts.iter().map(|(_, shape)| shape.iter().product::<usize>()).sum()
}

/// What `viewer` sees of `game` ([`Game::observe`]), in a vector of the parts' total length.
pub fn of<G: Game>(game: &G, viewer: Viewer) -> Vec<f32> {
    let mut out = vec![0.0; total(&game.observation_parts())];
    game.observe(viewer, &mut out);
    out
}

/// The parts every game's tensor begins with: `viewer` (the viewer's seat one-hot, all zero for a spectator)
/// and `to_act` (1 for each seat with a decision to make).
pub fn seat_parts(seats: usize) -> Parts {
    vec![("viewer", vec![seats]), ("to_act", vec![seats])]
}

/// Writes an observation's parts into the caller's buffer, one part at a time in their declared order.
pub struct Tensor<'a> {
    out: &'a mut [f32],
    parts: Parts,
    next: usize,
    at: usize,
}

impl<'a> Tensor<'a> {
    /// A writer of `parts` into `out` (at least their total long, zeroed).
    pub fn new(parts: Parts, out: &'a mut [f32]) -> Self {
        Tensor { out, parts, next: 0, at: 0 }
    }

    /// The cells of the next part, which must be `name`: a game that writes its parts out of order, or one
    /// it never declared, has a bug, and this panics saying which.
    pub fn part(&mut self, name: &str) -> Part<'_> {
        let Some((declared, shape)) = self.parts.get(self.next) else {
            panic!("observation part `{name}` was written after the last declared part");
        };
        assert_eq!(*declared, name, "observation part `{name}` was written where `{declared}` is declared");
        let len = shape.iter().product::<usize>();
        let cells = &mut self.out[self.at..self.at + len];
        self.next += 1;
        self.at += len;
        Part { cells, shape: &self.parts[self.next - 1].1 }
    }

    /// The two [`seat_parts`], for `viewer` in a position where `to_act` decide.
    pub fn seats(&mut self, viewer: Viewer, to_act: &ToAct) {
        self.part("viewer").one_hot(viewer.seat());
        let mut acting = self.part("to_act");
        for &seat in to_act.seats() {
            acting.set(seat, 1.0);
        }
    }
}

/// One part's cells, with its shape: a row of a part of two or more dimensions is a part too.
pub struct Part<'a> {
    cells: &'a mut [f32],
    shape: &'a [usize],
}

impl Part<'_> {
    /// Row `index` along the first dimension (out of range: a bug in the game; panics).
    pub fn row(&mut self, index: usize) -> Part<'_> {
        let len = self.shape[1..].iter().product::<usize>();
        Part { cells: &mut self.cells[index * len..(index + 1) * len], shape: &self.shape[1..] }
    }

    /// Cell `index` (of the flattened part) set to `value`.
    pub fn set(&mut self, index: usize, value: f32) {
        self.cells[index] = value;
    }

    /// A 1 at `index`, if any: a one-hot of an owner, a position or a phase (all zero for none).
    pub fn one_hot(&mut self, index: Option<usize>) {
        if let Some(i) = index {
            self.cells[i] = 1.0;
        }
    }

    /// A 1 at `index` when `on`.
    pub fn flag(&mut self, index: usize, on: bool) {
        if on {
            self.cells[index] = 1.0;
        }
    }

    /// `value / cap` at `index`, held to 0..1: a count scaled by the cap a game documents.
    pub fn count(&mut self, index: usize, value: impl Into<f64>, cap: f64) {
        self.cells[index] = scaled(value.into(), cap);
    }

    /// Adds `value / cap` at `index`, held to 0..1: a count of things seen one at a time (cards in a hand).
    pub fn add(&mut self, index: usize, value: impl Into<f64>, cap: f64) {
        self.cells[index] = (self.cells[index] + scaled(value.into(), cap)).min(1.0);
    }
}

/// `value / cap` held to 0..1.
pub fn scaled(value: f64, cap: f64) -> f32 {
    (value / cap).clamp(0.0, 1.0) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_written_in_order_into_their_own_cells() {
        let mut parts = seat_parts(3);
        parts.push(("board", vec![2, 3]));
        let mut out = vec![0.0; total(&parts)];
        let mut t = Tensor::new(parts, &mut out);
        t.seats(Viewer::Seat(1), &ToAct::Seats(vec![0, 2]));
        let mut board = t.part("board");
        board.row(1).one_hot(Some(2));
        board.row(0).count(0, 5, 10.0);
        board.row(0).count(1, 50, 10.0);
        assert_eq!(out, vec![0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.5, 1.0, 0.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    #[should_panic(expected = "`board` was written where `to_act` is declared")]
    fn a_part_out_of_order_is_a_bug() {
        let mut parts = seat_parts(2);
        parts.push(("board", vec![1]));
        let mut out = vec![0.0; total(&parts)];
        let mut t = Tensor::new(parts, &mut out);
        t.part("viewer");
        t.part("board");
    }
}
