//! Bots that negotiate (issue 18): heuristic bots at every seat of Virgin Queen propose deals during the
//! talks and agree to or decline what is proposed to them, publish deals, judge the packages put to them with
//! their evaluation, and both approve and reject; some deals take effect.

use imperia_bots::{Bot, HeuristicBot};
use imperia_core::{ContentSet, Game, GameRng, Viewer};
use rand::SeedableRng;
use virgin_queen::{Config, Content, Event, VirginQueen};

/// What the announcements of `games` six-player games of two turns came to.
#[derive(Debug, Default)]
struct Deals {
    proposed: usize,
    agreed: usize,
    declined: usize,
    published: usize,
    approved: usize,
    rejected: usize,
    applied: usize,
    /// Applied packages with another power in them (not a gift to oneself of nothing).
    peace: usize,
    alliances: usize,
    marriages: usize,
}

fn play(games: u64) -> Deals {
    let content = ContentSet::<Content>::shipped();
    let mut deals = Deals::default();
    for seed in 0..games {
        let config = Config::new(6, 2).expect("a config");
        let mut g = VirginQueen::setup(&config, &content, seed).expect("a game");
        let mut rng = GameRng::seed_from_u64(seed);
        let mut bot = HeuristicBot::new(1);
        while let Some(&seat) = g.to_act().seats().first() {
            let legal = g.legal_actions(seat);
            let action =
                Bot::<VirginQueen>::choose(&mut bot, &g.view(Viewer::Seat(seat)), &content, seat, &legal, &mut rng);
            for e in g.apply(seat, &action).expect("a legal action").events {
                match e {
                    Event::Proposed { .. } => deals.proposed += 1,
                    Event::Answered { agree: Some(true), .. } => deals.agreed += 1,
                    Event::Answered { .. } => deals.declined += 1,
                    Event::Published { .. } => deals.published += 1,
                    Event::Approved { .. } => deals.approved += 1,
                    Event::Rejected { .. } => deals.rejected += 1,
                    Event::Applied { .. } => deals.applied += 1,
                    Event::PeaceMade { .. } => deals.peace += 1,
                    Event::AllianceMade { .. } => deals.alliances += 1,
                    Event::Betrothed { .. } | Event::Married { .. } => deals.marriages += 1,
                    _ => {}
                }
            }
        }
    }
    deals
}

#[test]
fn heuristic_bots_propose_judge_and_make_deals() {
    let deals = play(2);
    eprintln!("{deals:?}");
    assert!(deals.proposed > 0, "bots propose deals in the talks: {deals:?}");
    assert!(deals.agreed > 0 && deals.declined > 0, "bots answer proposals both ways: {deals:?}");
    assert!(deals.published > 0, "bots publish deals: {deals:?}");
    assert!(deals.approved > 0 && deals.rejected > 0, "bots judge what is put to them: {deals:?}");
    assert!(deals.applied > 0, "some deals take effect: {deals:?}");
    assert!(deals.peace + deals.alliances + deals.marriages > 0, "bots end wars, ally or marry: {deals:?}");
}
