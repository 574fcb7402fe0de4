//! Weng-Lin (OpenSkill) ratings from a finished game's places, shared by the arena's ladders and the
//! server's ratings. Each seat is a team of one; a lower place is better and tied seats share a place,
//! as in [`crate::game::Outcome::ranks`].

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

pub use skillratings::weng_lin::WengLinRating as Rating;

/// Each seat's rating after a game, from its rating before and its place (1 = won).
///
/// # Panics
/// If `before` and `places` differ in length.
pub fn after_game(before: &[Rating], places: &[usize]) -> Vec<Rating> {
    assert_eq!(before.len(), places.len(), "a place for every rating");
    let teams: Vec<[WengLinRating; 1]> = before.iter().map(|r| [*r]).collect();
    let table: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(places).map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place))).collect();
    weng_lin_multi_team(&table, &WengLinConfig::new()).into_iter().map(|team| team[0]).collect()
}

/// The rating shown and ranked by: three uncertainties below the estimate, so a newcomer starts near 0
/// and climbs as games make the estimate surer.
pub fn shown(r: &Rating) -> f64 {
    r.rating - 3.0 * r.uncertainty
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_rises_the_loser_falls_and_a_tie_moves_little() {
        let fresh = [Rating::new(), Rating::new()];
        let after = after_game(&fresh, &[1, 2]);
        assert!(after[0].rating > fresh[0].rating && after[1].rating < fresh[1].rating);
        assert!(after.iter().all(|r| r.uncertainty < fresh[0].uncertainty), "a game makes both surer");
        let tied = after_game(&fresh, &[1, 1]);
        assert!((tied[0].rating - fresh[0].rating).abs() < 1e-9, "{tied:?}");
        assert!(shown(&fresh[0]).abs() < 1e-9, "a newcomer is shown at 0: 25 - 3 × 25/3");
    }
}
