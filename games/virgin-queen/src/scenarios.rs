//! Scenario tests: one rule clause each (docs/rules/virgin-queen.md §2 names them), on positions built
//! from the six-player setup. Each test drives the game through `Game::apply` where a player would act, so
//! the refusals are the ones a player reads.

use imperia_core::{ContentSet, Game, Viewer};

use crate::config::Config;
use crate::content::{Bonus, Content, LeaderKind, NavalKind, Owner, Power, space};
use crate::deals::Clause;
use crate::event::Event;
use crate::play::Action;
use crate::state::{Item, Phase, Place, Reply, RoyalPlace, Status, VirginQueen};

fn game(players: usize) -> VirginQueen {
    let content = ContentSet::<Content>::shipped();
    VirginQueen::new_game(&Config::new(players, 4).expect("a config"), &content, 11).expect("a game").0
}

fn six() -> VirginQueen {
    game(6)
}

fn leader(g: &VirginQueen, id: &str) -> crate::content::LeaderId {
    g.content.leader_by_id(id).unwrap_or_else(|| panic!("no leader {id}"))
}

fn royal(g: &VirginQueen, id: &str) -> crate::content::RoyalId {
    g.content.royal_by_id(id).unwrap_or_else(|| panic!("no royal {id}"))
}

fn seat(g: &VirginQueen, p: Power) -> usize {
    g.seat_of(p).expect("a played power")
}

/// `power`'s turn to announce, nothing pending.
fn announcing(g: &mut VirginQueen, power: Power) {
    g.phase = Phase::Announcing { power, building: Vec::new(), published: 0 };
}

/// Build and publish `clauses` as `power`'s announcement.
fn announce(g: &mut VirginQueen, power: Power, clauses: &[Clause]) -> Vec<Event> {
    let s = seat(g, power);
    for c in clauses {
        g.apply(s, &Action::Add(c.clone())).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    g.apply(s, &Action::Publish).expect("published").events
}

fn refused(g: &mut VirginQueen, p: Power, a: Action) -> String {
    let before = g.clone();
    let s = seat(g, p);
    let e = g.apply(s, &a).expect_err("refused").to_string();
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

#[test]
fn the_first_turn_deals_by_the_key_tracks_and_asks_for_home_cards() {
    let g = six();
    assert_eq!(g.phase, Phase::KeepHome);
    // Start keys: Ottoman 4 → 5, Spain 8 → 6, England 2 → 4, France 3 → 5, HRE 2 → 4, Protestant 4 (ref-01).
    for (p, n) in [
        (Power::Ottoman, 5),
        (Power::Spain, 6),
        (Power::England, 4),
        (Power::France, 5),
        (Power::Hre, 4),
        (Power::Protestant, 4),
    ] {
        assert_eq!(g.hands[p.index()].cards.len(), n, "{p}");
        assert_eq!(g.hands[p.index()].home_aside.len(), 2, "{p}");
    }
    // §8.4 on turn 1: Spain draws two treasures; Portugal's row holds three.
    assert_eq!(g.hands[Power::Spain.index()].treasures.len(), 2);
    assert_eq!(g.portugal.len(), 3);
    // §8.2 on turn 1: one fortress and one Jesuit marker.
    assert_eq!((g.fortress_markers, g.jesuit_markers), (1, 1));
}

#[test]
fn the_protestant_is_dealt_five_with_a_key_in_the_netherlands_and_one_outside() {
    let mut g = six();
    assert_eq!(g.deal_size(Power::Protestant), 4);
    g.spaces[space("amsterdam").index()].control = Owner::Major(Power::Protestant);
    assert_eq!(g.deal_size(Power::Protestant), 5);
    // Without La Rochelle (the key outside), four again.
    g.spaces[space("la_rochelle").index()].control = Owner::Major(Power::France);
    assert_eq!(g.deal_size(Power::Protestant), 4);
}

#[test]
fn each_power_keeps_one_home_card_in_secret() {
    let mut g = six();
    let card = g.hands[Power::England.index()].home_aside[0];
    let step = g.apply(seat(&g, Power::England), &Action::KeepHome { card }).expect("kept");
    assert!(g.hands[Power::England.index()].cards.contains(&card));
    assert_eq!(g.hands[Power::England.index()].home_aside.len(), 1);
    let seen_by_spain = g.event_view(&step.events[0], Viewer::Seat(seat(&g, Power::Spain)));
    assert_eq!(seen_by_spain, Some(Event::HomeCardKept { power: Power::England, card: None }));
}

#[test]
fn arrivals_wait_for_turn_two_and_go_to_the_power_card() {
    let mut g = six();
    let don_john = leader(&g, "don_john");
    assert_eq!(g.leader_place(don_john), Place::Future, "no arrivals on turn 1 (§8.1)");
    g.turn = 2;
    let mut events = Vec::new();
    g.card_draw(&mut events);
    assert_eq!(g.leader_place(don_john), Place::Card);
    assert!(events.contains(&Event::LeaderArrives { leader: don_john }));
}

#[test]
fn uluch_ali_replaces_dragut_only_after_dragut_falls() {
    let mut g = six();
    let (dragut, uluch) = (leader(&g, "dragut"), leader(&g, "uluch_ali"));
    g.turn = 2;
    g.card_draw(&mut Vec::new());
    assert_eq!(g.leader_place(uluch), Place::Future);
    g.leaders[dragut.index()].place = Place::Dead;
    g.dragut_fell = Some(2);
    g.turn = 3;
    g.card_draw(&mut Vec::new());
    assert_eq!(g.leader_place(uluch), Place::Card);
}

#[test]
fn a_default_leader_replaces_a_lost_army_leader_unless_a_new_one_arrives() {
    let mut g = six();
    // The HRE lost Maximilian last turn and has no other army leader in play; none arrives on turn 3.
    let (max, schwendi) = (leader(&g, "maximilian"), leader(&g, "schwendi"));
    g.leaders[max.index()].place = Place::Dead;
    g.leaders[schwendi.index()].place = Place::Dead;
    g.leader_lost = vec![Power::Hre];
    g.turn = 3;
    g.card_draw(&mut Vec::new());
    let default = g.content.default_leader(Power::Hre).expect("a default leader");
    assert_eq!(g.leader_place(default), Place::Card);
    // Spain lost Alba; Parma arrives on turn 3: no default leader.
    let mut g = six();
    let alba = leader(&g, "alba");
    g.leaders[alba.index()].place = Place::Dead;
    g.leader_lost = vec![Power::Spain];
    g.turn = 3;
    g.card_draw(&mut Vec::new());
    let default = g.content.default_leader(Power::Spain).expect("a default leader");
    assert_ne!(g.leader_place(default), Place::Card);
}

#[test]
fn a_regular_leader_entering_play_retires_the_default_leader() {
    let mut g = six();
    let default = g.content.default_leader(Power::Hre).expect("a default leader");
    g.leaders[default.index()].place = Place::Map(space("vienna"));
    let schwendi = leader(&g, "schwendi");
    let max = leader(&g, "maximilian");
    g.leaders[max.index()].place = Place::Dead;
    g.turn = 2;
    g.card_draw(&mut Vec::new());
    assert_eq!(g.leader_place(schwendi), Place::Card);
    assert_eq!(g.leader_place(default), Place::Reserve, "§8.1: never in play together");
}

#[test]
fn spain_tops_up_its_markers_with_coastal_fortification_and_douai() {
    let mut g = six();
    let stevin =
        g.content.patrons.iter().position(|p| p.bonus == Some(Bonus::CoastalFortification)).expect("the bonus");
    g.patrons[stevin] = Some(Power::Spain);
    g.douai_played = true;
    g.fortress_markers = 1;
    g.turn = 2;
    g.card_draw(&mut Vec::new());
    assert_eq!((g.fortress_markers, g.jesuit_markers), (2, 2));
}

#[test]
fn cards_pass_one_way_and_two_at_most_and_never_a_home_card() {
    let mut g = six();
    announcing(&mut g, Power::Spain);
    let give = |n| Clause::Cards { giver: Power::Spain, receiver: Power::England, count: n };
    let e = refused(&mut g, Power::Spain, Action::Add(give(3)));
    assert!(e.contains("at most 2"), "{e}");
    let events = announce(&mut g, Power::Spain, &[give(2)]);
    assert!(events.iter().any(|e| matches!(e, Event::Published { .. })));
    // England approves on its turn; the cards are drawn then, home cards aside.
    announcing(&mut g, Power::England);
    let homes = g.content.major(Power::Spain).home_cards.clone();
    let step = g.apply(seat(&g, Power::England), &Action::Approve).expect("approved");
    let given = step.events.iter().find_map(|e| match e {
        Event::Given { items: Some(items), .. } => Some(items.clone()),
        _ => None,
    });
    let given = given.expect("cards given");
    assert_eq!(given.len(), 2);
    assert!(given.iter().all(|i| matches!(i, Item::Card(c) if !homes.contains(c))));
    // Now England may not give Spain cards this turn (one way), but may give treasures.
    g.hands[Power::England.index()].treasures.push(g.cup.pop().expect("a treasure"));
    let e = g
        .check_clause(&Clause::Cards { giver: Power::England, receiver: Power::Spain, count: 1 }, &[])
        .expect_err("one way");
    assert!(e.message().contains("one way"), "{}", e.message());
    assert!(
        g.check_clause(&Clause::Treasures { giver: Power::England, receiver: Power::Spain, count: 1 }, &[]).is_ok()
    );
}

#[test]
fn the_hre_gives_from_the_hire_track_and_what_is_not_given_is_lost() {
    let mut g = six();
    let hre =
        Clause::Mercenaries { giver: Power::Hre, receiver: Power::Spain, from: None, to: space("madrid"), count: 2 };
    let e = g
        .check_clause(
            &Clause::Mercenaries {
                giver: Power::Hre,
                receiver: Power::Spain,
                from: None,
                to: space("madrid"),
                count: 3,
            },
            &[],
        )
        .expect_err("only 2 on the track");
    assert!(e.message().contains("track holds 2"), "{}", e.message());
    assert!(g.check_clause(&hre, &[]).is_ok());
    let mut events = Vec::new();
    g.apply_clause(Power::Spain, &hre, &mut events);
    assert_eq!(g.spaces[space("madrid").index()].units[Power::Spain.index()][1], 2);
    assert_eq!(g.hire_track, 0);
    // The Protestant (last in Impulse Order) ends the announcements: the track is set to 0 (§9.1).
    let mut g = six();
    announcing(&mut g, Power::Protestant);
    let step = g.apply(seat(&g, Power::Protestant), &Action::DoneAnnouncing).expect("done");
    assert!(step.events.contains(&Event::HireTrackCleared));
    assert_eq!(g.hire_track, 0);
}

#[test]
fn receiving_capitals_must_be_on_the_map_calm_and_held() {
    let mut g = six();
    g.spaces[space("london").index()].units[Power::England.index()][1] = 2;
    // Amsterdam is not on the map before the Dutch revolt.
    let to_amsterdam = Clause::Mercenaries {
        giver: Power::England,
        receiver: Power::Protestant,
        from: Some(space("london")),
        to: space("amsterdam"),
        count: 1,
    };
    let e = g.check_clause(&to_amsterdam, &[]).expect_err("not on the map");
    assert!(e.message().contains("not a capital of the Protestant on the map"), "{}", e.message());
    g.spaces[space("paris").index()].unrest = true;
    let e = g
        .check_clause(
            &Clause::Mercenaries {
                giver: Power::England,
                receiver: Power::France,
                from: Some(space("london")),
                to: space("paris"),
                count: 1,
            },
            &[],
        )
        .expect_err("unrest");
    assert!(e.message().contains("unrest"), "{}", e.message());
}

#[test]
fn englands_two_offers_of_the_same_mercenaries_the_second_becomes_void() {
    // §9.1's example: England offers its two mercenaries to France and to the Protestant; both are valid
    // alone; once France approves, the Protestant's becomes impossible and is void.
    let mut g = six();
    g.spaces[space("london").index()].units[Power::England.index()][1] = 2;
    g.set_status(Power::France, Power::Protestant, Status::Peace);
    announcing(&mut g, Power::England);
    let to_france = Clause::Mercenaries {
        giver: Power::England,
        receiver: Power::France,
        from: Some(space("london")),
        to: space("paris"),
        count: 2,
    };
    let to_protestants = Clause::Mercenaries {
        giver: Power::England,
        receiver: Power::Protestant,
        from: Some(space("london")),
        to: space("la_rochelle"),
        count: 2,
    };
    announce(&mut g, Power::England, &[to_france]);
    announce(&mut g, Power::England, &[to_protestants]);
    assert_eq!(g.pending.len(), 2);
    announcing(&mut g, Power::France);
    let paris = g.spaces[space("paris").index()].units[Power::France.index()][1];
    g.apply(seat(&g, Power::France), &Action::Approve).expect("France approves");
    assert_eq!(g.spaces[space("paris").index()].units[Power::France.index()][1], paris + 2);
    announcing(&mut g, Power::Protestant);
    let step = g.apply(seat(&g, Power::Protestant), &Action::Approve).expect("the Protestant approves");
    assert!(step.events.iter().any(|e| matches!(e, Event::Void { by: Power::England, .. })), "{:?}", step.events);
    assert_eq!(g.spaces[space("la_rochelle").index()].units[Power::Protestant.index()][1], 1);
}

#[test]
fn a_rejected_package_changes_nothing() {
    let mut g = six();
    announcing(&mut g, Power::Spain);
    announce(
        &mut g,
        Power::Spain,
        &[
            Clause::Alliance { a: Power::Spain, b: Power::France },
            Clause::Cards { giver: Power::Spain, receiver: Power::France, count: 1 },
        ],
    );
    announcing(&mut g, Power::France);
    let hands = g.hands.clone();
    let step = g.apply(seat(&g, Power::France), &Action::Reject).expect("rejected");
    assert!(matches!(step.events[0], Event::Rejected { .. }));
    assert_eq!(g.status(Power::Spain, Power::France), Status::Peace);
    assert_eq!(g.hands, hands);
}

#[test]
fn an_announcement_holds_only_the_announcers_deals_with_later_powers() {
    let mut g = six();
    announcing(&mut g, Power::England);
    // A deal between France and the Ottoman is theirs to announce (the conditional form §9.1 forbids).
    let e = refused(&mut g, Power::England, Action::Add(Clause::Peace { a: Power::France, b: Power::Ottoman }));
    assert!(e.contains("conditional"), "{e}");
    // Spain has already announced: a deal with Spain is Spain's to announce.
    let e = refused(
        &mut g,
        Power::England,
        Action::Add(Clause::Cards { giver: Power::England, receiver: Power::Spain, count: 1 }),
    );
    assert!(e.contains("already announced"), "{e}");
}

#[test]
fn a_pending_approval_comes_before_the_powers_own_announcements() {
    let mut g = six();
    announcing(&mut g, Power::Spain);
    announce(&mut g, Power::Spain, &[Clause::Alliance { a: Power::Spain, b: Power::England }]);
    announcing(&mut g, Power::England);
    let legal = g.legal_actions(seat(&g, Power::England));
    assert_eq!(legal, vec![Action::Approve, Action::Reject]);
    let e = refused(&mut g, Power::England, Action::DoneAnnouncing);
    assert!(e.contains("first approve or reject"), "{e}");
}

#[test]
fn loans_need_the_alliance_first_in_the_same_announcement_and_go_to_the_nearest_port() {
    let mut g = six();
    let loan = |to| Clause::Loan {
        lender: Power::England,
        receiver: Power::France,
        port: space("plymouth"),
        kind: NavalKind::Squadron,
        ships: 1,
        leader: None,
        to,
    };
    assert!(g.try_package(Power::England, &[loan(space("rouen"))]).is_err(), "no loan without the alliance");
    let nearest = g.nearest_ports(space("plymouth"), Power::France);
    assert_eq!(nearest, vec![space("rouen"), space("calais")]);
    let e = g
        .try_package(
            Power::England,
            &[Clause::Alliance { a: Power::England, b: Power::France }, loan(space("bordeaux"))],
        )
        .expect_err("not the nearest");
    assert!(e.message().contains("nearest port"), "{}", e.message());
    let (after, _) = g
        .try_package(Power::England, &[Clause::Alliance { a: Power::England, b: Power::France }, loan(space("rouen"))])
        .expect("lent");
    let lent = after.fleets.iter().find(|f| f.loaned_to == Some(Power::France)).expect("a lent squadron");
    assert_eq!((lent.port, lent.count, lent.acting()), (space("rouen"), 1, Power::France));
    // Corsairs are never lent.
    let mut corsairs = loan(space("rouen"));
    if let Clause::Loan { kind, .. } = &mut corsairs {
        *kind = NavalKind::Corsair;
    }
    g.check_clause(&corsairs, &[]).expect_err("corsairs");
    g = after;
    // Loans end with the turn (R25): the squadron goes home.
    let mut events = Vec::new();
    g.campaign(&mut events);
    assert!(g.fleets.iter().all(|f| f.loaned_to.is_none()));
    assert_eq!(g.status(Power::England, Power::France), Status::Peace, "alliances end with the turn (§9.2)");
}

#[test]
fn marriages_keep_their_restrictions() {
    let mut g = six();
    let (philip, carlos) = (royal(&g, "philip_ii"), royal(&g, "don_carlos"));
    let (elisabeth, mary, elizabeth) =
        (royal(&g, "elisabeth_de_valois"), royal(&g, "mary_queen_of_scots"), royal(&g, "elizabeth_i"));
    let leicester = royal(&g, "earl_of_leicester");
    let e = g.check_clause(&Clause::Marriage { a: philip, b: carlos }, &[]).expect_err("two men");
    assert!(e.message().contains("one male and one female"));
    assert!(g.check_clause(&Clause::Marriage { a: philip, b: elisabeth }, &[]).is_ok());
    g.set_status(Power::Spain, Power::France, Status::War);
    let e = g.check_clause(&Clause::Marriage { a: philip, b: elisabeth }, &[]).expect_err("at war");
    assert!(e.message().contains("at war"));
    g.mary_captive = true;
    let e = g.check_clause(&Clause::Marriage { a: leicester, b: mary }, &[]).expect_err("captive");
    assert!(e.message().contains("captive in England"));
    // A power may marry two of its own royals; only the better counts (ref-07).
    assert!(g.check_clause(&Clause::Marriage { a: leicester, b: elizabeth }, &[]).is_ok());
    let leicester_leader = leader(&g, "leicester_leader");
    g.leaders[leicester_leader.index()].place = Place::Captive(Power::Spain);
    let e = g.check_clause(&Clause::Marriage { a: leicester, b: elizabeth }, &[]).expect_err("a captive leader");
    assert!(e.message().contains("is a captive"));
}

#[test]
fn royals_of_one_house_are_never_betrothed() {
    let mut g = six();
    let (carlos, isabella) = (royal(&g, "don_carlos"), royal(&g, "isabella_clara_eugenia"));
    g.royals[isabella.index()].place = RoyalPlace::Table;
    let e = g.check_clause(&Clause::Marriage { a: carlos, b: isabella }, &[]).expect_err("both H");
    assert!(e.message().contains("same house"));
}

#[test]
fn mary_queen_of_scots_marries_at_once() {
    let mut g = six();
    let (mary, carlos) = (royal(&g, "mary_queen_of_scots"), royal(&g, "don_carlos"));
    let (after, events) = g.try_package(Power::Spain, &[Clause::Marriage { a: carlos, b: mary }]).expect("betrothed");
    assert!(events.iter().any(|e| matches!(e, Event::Married { .. })), "{events:?}");
    assert_eq!(after.royals[mary.index()].place, RoyalPlace::Gone);
    g = after;
    let _ = g;
}

#[test]
fn a_captured_leader_returns_to_his_capital_by_deal_or_ransom() {
    let mut g = six();
    let alba = leader(&g, "alba");
    g.leaders[alba.index()].place = Place::Captive(Power::France);
    let e = g
        .check_clause(&Clause::ReturnLeader { leader: alba, to: Some(space("seville")) }, &[])
        .expect_err("not his capital");
    assert!(e.message().contains("his capital"));
    assert!(g.check_clause(&Clause::ReturnLeader { leader: alba, to: Some(space("madrid")) }, &[]).is_ok());
    // Ransom: France draws one item from Spain's hand, from the kind Spain holds more of (ref-03).
    g.phase = Phase::Ransom { power: Power::Spain };
    let spain_treasures = g.hands[Power::Spain.index()].treasures.len();
    let spain_cards = g.drawable_cards(Power::Spain).len();
    assert!(spain_cards > spain_treasures);
    let step =
        g.apply(seat(&g, Power::Spain), &Action::Ransom { leader: alba, to: Some(space("madrid")) }).expect("ransomed");
    let drawn = step.events.iter().find_map(|e| match e {
        Event::Ransomed { item, .. } => *item,
        _ => None,
    });
    assert!(matches!(drawn, Some(Item::Card(_))), "{drawn:?}");
    assert_eq!(g.leader_place(alba), Place::Map(space("madrid")));
    // England sees that a ransom was paid, not what.
    let england = g.event_view(&step.events[step.events.len() - 1], Viewer::Seat(seat(&g, Power::England)));
    assert!(matches!(england, Some(Event::Ransomed { item: None, .. })), "{england:?}");
}

#[test]
fn a_declaration_is_paid_in_cp_and_never_on_an_ally() {
    let mut g = six();
    g.set_status(Power::England, Power::France, Status::Allied);
    g.phase = Phase::Declaring { power: Power::England, paying: None };
    assert!(!g.war_targets(Power::England).contains(&Owner::Major(Power::France)));
    let e = refused(&mut g, Power::England, Action::Declare { target: Owner::Major(Power::France) });
    assert!(e.contains("may not declare war"), "{e}");
    // England declares on Spain (1 CP): one card pays; Spain and England can never make peace afterwards.
    g.apply(seat(&g, Power::England), &Action::Declare { target: Owner::Major(Power::Spain) }).expect("declared");
    let card = g.hands[Power::England.index()].cards[0];
    let step = g.apply(seat(&g, Power::England), &Action::Pay(Item::Card(card))).expect("paid");
    assert!(step.commit, "the payment is revealed");
    assert_eq!(g.status(Power::England, Power::Spain), Status::War);
    assert!(g.spain_england_fought);
    assert!(g.discard.contains(&card));
}

#[test]
fn unplayed_powers_make_no_deals() {
    // Four players: the Ottoman and the HRE are not played (R39).
    let g = game(4);
    assert!(!g.played(Power::Ottoman));
    let e = g.check_clause(&Clause::Peace { a: Power::Spain, b: Power::Ottoman }, &[]).expect_err("inert");
    assert!(e.message().contains("not played"));
    assert!(g.hands[Power::Ottoman.index()].cards.is_empty());
    let _ = LeaderKind::Army;
}

#[test]
fn a_card_is_shown_to_another_seat_and_only_that_seat_sees_it() {
    // Two players: Spain and France share seat 1 (docs §5).
    let mut g = game(2);
    for p in [Power::Spain, Power::France, Power::England, Power::Protestant] {
        let card = g.hands[p.index()].home_aside[0];
        g.apply(seat(&g, p), &Action::KeepHome { card }).expect("kept");
    }
    assert!(matches!(g.phase, Phase::Negotiations { .. }));
    let card = g.hands[Power::France.index()].cards[0];
    let e =
        refused(&mut g, Power::France, Action::Show { by: Power::France, item: Item::Card(card), to: Power::Spain });
    assert!(e.contains("to another power"), "{e}");
    let step = g
        .apply(seat(&g, Power::France), &Action::Show { by: Power::France, item: Item::Card(card), to: Power::England })
        .expect("shown");
    assert!(step.commit, "a show reveals: it may not be undone");
    let to_england = g.event_view(&step.events[0], Viewer::Seat(seat(&g, Power::England)));
    assert_eq!(to_england, Some(Event::Shown { by: Power::France, to: Power::England, item: Item::Card(card) }));
    // A spectator does not learn that a show happened (R32).
    assert_eq!(g.event_view(&step.events[0], Viewer::Spectator), None);
    // The same card is not shown twice to the same power.
    let e =
        refused(&mut g, Power::France, Action::Show { by: Power::France, item: Item::Card(card), to: Power::England });
    assert!(e.contains("once"), "{e}");
}

#[test]
fn negotiations_have_the_time_limit_set_at_creation_and_its_end_ends_every_talk() {
    let content = ContentSet::<Content>::shipped();
    let options = serde_json::json!({ "negotiation_minutes": 2880 });
    let config = VirginQueen::configure(4, options.as_object().expect("an object")).expect("48 hours is allowed");
    let mut g = VirginQueen::new_game(&config, &content, 11).expect("a game").0;
    assert_eq!(g.time_limit(), None, "choosing home cards is not timed");
    let home: Vec<(usize, Action)> = g
        .played_powers()
        .into_iter()
        .filter_map(|p| {
            let s = seat(&g, p);
            g.legal_actions(s).into_iter().find(|a| matches!(a, Action::KeepHome { .. })).map(|a| (s, a))
        })
        .collect();
    for (s, a) in home {
        g.apply(s, &a).expect("kept");
    }
    assert!(matches!(g.phase, Phase::Negotiations { .. }), "{:?}", g.phase);
    // England ends its talks early; the clock ends the others', in Impulse Order (§9.1).
    g.apply(seat(&g, Power::England), &Action::EndTalks { power: Power::England }).expect("ended");
    let limit = g.time_limit().expect("Negotiations are timed");
    assert_eq!(limit.seconds, 48 * 3600);
    assert_eq!(limit.segment, "Negotiations of turn 1");
    let ends: Vec<Power> = limit
        .expiry
        .iter()
        .map(|(_, a)| match a {
            Action::EndTalks { power } => *power,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ends, [Power::Spain, Power::France, Power::Protestant]);
    for (s, a) in limit.expiry {
        g.apply(s, &a).expect("the clock's action is legal");
    }
    assert!(matches!(g.phase, Phase::Announcing { .. }), "{:?}", g.phase);
    assert_eq!(g.time_limit(), None);

    let too_long = serde_json::json!({ "negotiation_minutes": 30_000 });
    let refused = VirginQueen::configure(4, too_long.as_object().expect("an object")).expect_err("too long");
    assert!(refused.to_string().contains("1 to 20160 minutes"), "{refused}");
}

#[test]
fn second_thoughts_are_capped_so_every_turn_ends() {
    let mut g = six();
    announcing(&mut g, Power::Spain);
    let s = seat(&g, Power::Spain);
    let alliance = Clause::Alliance { a: Power::Spain, b: Power::Hre };
    for _ in 0..8 {
        g.apply(s, &Action::Add(alliance.clone())).expect("added");
        g.apply(s, &Action::RemoveLast).expect("taken back");
    }
    g.apply(s, &Action::Add(alliance.clone())).expect("added once more");
    assert!(!g.legal_actions(s).contains(&Action::RemoveLast), "no ninth second thought is offered");
    let e = refused(&mut g, Power::Spain, Action::RemoveLast);
    assert!(e.contains("R44") && e.contains("publish the announcement as it stands"), "{e}");
    assert!(g.legal_actions(s).contains(&Action::Publish));

    // In Declarations of War the allowance is shared: with none left, no declaration is begun.
    g.phase = Phase::Declaring { power: Power::Spain, paying: None };
    assert!(!g.legal_actions(s).iter().any(|a| matches!(a, Action::Declare { .. })), "{:?}", g.legal_actions(s));
    assert_eq!(g.legal_actions(s), [Action::DoneDeclaring]);
}

/// Negotiations with nobody done yet.
fn negotiating(g: &mut VirginQueen) {
    g.phase = Phase::Negotiations { done: Vec::new() };
}

#[test]
fn a_proposal_is_offered_answered_and_announced_by_its_earliest_party() {
    let mut g = six();
    negotiating(&mut g);
    let (spain, england, france) = (seat(&g, Power::Spain), seat(&g, Power::England), seat(&g, Power::France));
    let alliance = Clause::Alliance { a: Power::Spain, b: Power::England };
    let cards = Clause::Cards { giver: Power::Spain, receiver: Power::England, count: 1 };
    for c in [&alliance, &cards] {
        let draft = Action::Draft { by: Power::England, clause: c.clone() };
        assert!(g.legal_actions(england).contains(&draft), "{c} is offered to England's builder");
        g.apply(england, &draft).expect("drafted");
    }
    // The draft is England's alone until offered.
    assert_eq!(g.view(Viewer::Seat(spain)).table.drafts[Power::England.index()], None);
    let made = g.apply(england, &Action::Propose { by: Power::England }).expect("proposed").events;
    assert_eq!(g.proposals[0].announcer, Power::Spain, "the earliest party announces it (R18)");

    // Everybody sees that England proposed to Spain; only the two read it.
    let told = |viewer| g.event_view(&made[0], viewer).expect("seen").to_string();
    assert!(told(Viewer::Seat(spain)).contains("an alliance of Spain and England"), "{}", told(Viewer::Seat(spain)));
    assert_eq!(told(Viewer::Seat(france)), "England makes a proposal to Spain");
    assert!(g.view(Viewer::Seat(france)).table.proposals[0].clauses.is_empty());
    assert!(g.view(Viewer::Spectator).table.proposals[0].clauses.is_empty());

    // Only the party asked replies, once.
    let e = refused(&mut g, Power::France, Action::Answer { by: Power::France, proposal: 0, agree: true });
    assert!(e.contains("awaits no reply from you"), "{e}");
    g.apply(spain, &Action::Answer { by: Power::Spain, proposal: 0, agree: true }).expect("agreed");
    assert_eq!(g.view(Viewer::Seat(france)).table.proposals[0].replies, [(Power::Spain, Reply::Given)]);
    assert_eq!(g.view(Viewer::Seat(england)).table.proposals[0].replies, [(Power::Spain, Reply::Agreed)]);
    let e = refused(&mut g, Power::Spain, Action::Answer { by: Power::Spain, proposal: 0, agree: false });
    assert!(e.contains("awaits no reply"), "{e}");

    // Spain announces it as it stands; England approves it like any announcement (§9.1).
    announcing(&mut g, Power::Spain);
    assert!(g.legal_actions(spain).contains(&Action::Announce { proposal: 0 }));
    g.apply(spain, &Action::Announce { proposal: 0 }).expect("announced");
    assert!(!g.legal_actions(spain).contains(&Action::Announce { proposal: 0 }), "announced once");
    assert_eq!(g.pending[0].clauses, [alliance, cards]);
    announcing(&mut g, Power::England);
    g.apply(england, &Action::Approve).expect("approved");
    assert_eq!(g.status(Power::Spain, Power::England), Status::Allied);
}

#[test]
fn an_agreed_proposal_binds_nobody_until_announced_and_approved() {
    let mut g = six();
    negotiating(&mut g);
    let (spain, england) = (seat(&g, Power::Spain), seat(&g, Power::England));
    g.apply(
        england,
        &Action::Draft { by: Power::England, clause: Clause::Alliance { a: Power::Spain, b: Power::England } },
    )
    .expect("drafted");
    g.apply(england, &Action::Propose { by: Power::England }).expect("proposed");
    g.apply(spain, &Action::Answer { by: Power::Spain, proposal: 0, agree: true }).expect("agreed");
    // Spain need not announce it; announced, England may still reject it, and nothing changes.
    announcing(&mut g, Power::Spain);
    g.apply(spain, &Action::Announce { proposal: 0 }).expect("announced");
    announcing(&mut g, Power::England);
    let before = g.chart;
    g.apply(england, &Action::Reject).expect("rejected");
    assert_eq!(g.chart, before, "a rejected package changes nothing (§9.1)");
    // England is not the earliest party: it cannot announce it itself.
    assert!(!g.legal_actions(england).iter().any(|a| matches!(a, Action::Announce { .. })));
}

#[test]
fn proposals_keep_the_rules_of_deals_and_the_platform_limits() {
    let mut g = six();
    negotiating(&mut g);
    let (spain, protestant) = (seat(&g, Power::Spain), seat(&g, Power::Protestant));
    // A clause the rules forbid is refused while drafting, with its section.
    let e = refused(
        &mut g,
        Power::Spain,
        Action::Draft { by: Power::Spain, clause: Clause::Alliance { a: Power::Spain, b: Power::Protestant } },
    );
    assert!(e.contains("§9.2"), "{e}");
    // A proposal is a deal its author is party to (R45).
    let e = refused(
        &mut g,
        Power::Protestant,
        Action::Draft { by: Power::Protestant, clause: Clause::Peace { a: Power::Spain, b: Power::France } },
    );
    assert!(e.contains("R45"), "{e}");
    // Every clause keeps the announcer of the first: a later one must include it (R18).
    let to_france = Clause::Cards { giver: Power::Protestant, receiver: Power::France, count: 1 };
    g.apply(protestant, &Action::Draft { by: Power::Protestant, clause: to_france }).expect("drafted");
    let e = refused(
        &mut g,
        Power::Protestant,
        Action::Draft {
            by: Power::Protestant,
            clause: Clause::Cards { giver: Power::Protestant, receiver: Power::England, count: 1 },
        },
    );
    assert!(e.contains("§9.1"), "{e}");
    // Four proposals a turn, then the builder closes (R45).
    let peace_of =
        |b| Action::Draft { by: Power::Spain, clause: Clause::Cards { giver: Power::Spain, receiver: b, count: 1 } };
    for b in [Power::England, Power::France, Power::Hre, Power::Protestant] {
        g.apply(spain, &peace_of(b)).expect("drafted");
        g.apply(spain, &Action::Propose { by: Power::Spain }).expect("proposed");
    }
    assert!(!g.legal_actions(spain).iter().any(|a| matches!(a, Action::Draft { .. })));
    let e = refused(&mut g, Power::Spain, peace_of(Power::England));
    assert!(e.contains("4 proposals") && e.contains("R45"), "{e}");
}

#[test]
fn talks_end_when_every_proposal_is_answered_and_the_clock_declines_the_rest() {
    let mut g = six();
    negotiating(&mut g);
    let england = seat(&g, Power::England);
    g.apply(
        england,
        &Action::Draft { by: Power::England, clause: Clause::Alliance { a: Power::England, b: Power::France } },
    )
    .expect("drafted");
    g.apply(england, &Action::Propose { by: Power::England }).expect("proposed");
    // France ends its talks but is still asked for its reply; everybody but France ends theirs.
    for p in g.played_powers() {
        g.apply(seat(&g, p), &Action::EndTalks { power: p }).expect("ended");
    }
    assert!(matches!(g.phase, Phase::Negotiations { .. }));
    assert_eq!(g.deciders(), [Power::France]);
    let limit = g.time_limit().expect("timed");
    assert_eq!(
        limit.expiry,
        [(seat(&g, Power::France), Action::Answer { by: Power::France, proposal: 0, agree: false })]
    );
    for (s, a) in limit.expiry {
        g.apply(s, &a).expect("the clock's reply is legal");
    }
    assert!(matches!(g.phase, Phase::Announcing { .. }), "{:?}", g.phase);
    assert!(g.proposals[0].declined());
}

fn sea_captain(g: &VirginQueen, id: &str) -> crate::content::CaptainId {
    g.content.captain_by_id(id).unwrap_or_else(|| panic!("no sea captain {id}"))
}

fn artist_or_scientist(g: &VirginQueen, id: &str) -> crate::content::PatronId {
    g.content.patron_by_id(id).unwrap_or_else(|| panic!("no artist or scientist {id}"))
}

fn site(g: &VirginQueen, id: &str) -> crate::content::SiteId {
    let i = g.content.sites.iter().position(|s| s.id == id).unwrap_or_else(|| panic!("no colony site {id}"));
    crate::content::SiteId(i as u8)
}

#[test]
fn a_sea_captain_arrives_in_his_powers_pool() {
    use crate::state::CaptainPlace;
    let mut g = six();
    let (hawkins, menendez) = (sea_captain(&g, "hawkins"), sea_captain(&g, "menendez"));
    // The start turn's captains are placed by setup (R2); the others wait for their turn (§8.1, R1).
    assert_eq!(g.captain_place(hawkins), CaptainPlace::Pool);
    assert_eq!(g.captain_place(menendez), CaptainPlace::Future);
    g.turn = 2;
    let mut events = Vec::new();
    g.card_draw(&mut events);
    assert_eq!(g.captain_place(menendez), CaptainPlace::Pool, "§8.1: to his power's pool of units to build");
    assert!(events.contains(&Event::CaptainArrives { captain: menendez }));
    assert!(!events.contains(&Event::CaptainArrives { captain: hawkins }), "he arrived at setup");
    assert_eq!(Event::CaptainArrives { captain: menendez }.to_string(), "Pedro Menéndez de Avilés joins Spain's pool");
    assert_eq!(g.captain_place(sea_captain(&g, "hanseatic_captain")), CaptainPlace::Future, "his turn is 3");
}

#[test]
fn artists_and_scientists_arrive_on_the_patronage_chart() {
    let mut g = six();
    let (titian, palestrina, dee) =
        (artist_or_scientist(&g, "titian"), artist_or_scientist(&g, "palestrina"), artist_or_scientist(&g, "john_dee"));
    assert!(g.patron_available(titian), "on the chart from setup (R2)");
    assert!(!g.patron_available(palestrina) && !g.patron_available(dee));
    g.turn = 2;
    let mut events = Vec::new();
    g.card_draw(&mut events);
    // 8.1-14: the artist; 8.1-15: the scientist; only those whose turn it is.
    assert!(!g.content.patrons[palestrina.index()].scientist && g.content.patrons[dee.index()].scientist);
    for x in [palestrina, dee] {
        assert!(events.contains(&Event::PatronArrives { patron: x }), "{x}");
        assert!(g.patron_available(x), "{x}");
    }
    assert!(!events.contains(&Event::PatronArrives { patron: titian }));
    assert_eq!(Event::PatronArrives { patron: palestrina }.to_string(), "Palestrina comes to the Patronage Chart");
    // Arrived, he can be patronised in the campaign (C2): with the rest of the chart taken, the HRE takes Dee.
    for x in g.content.patron_ids().filter(|&x| x != dee).collect::<Vec<_>>() {
        g.patrons[x.index()] = Some(Power::France);
    }
    let mut taken = Vec::new();
    g.spend_effort(Power::Hre, 3, &mut taken);
    assert!(taken.contains(&Event::Patronised { power: Power::Hre, patron: dee }), "{taken:?}");
}

#[test]
fn a_captain_wintering_at_an_eliminated_colony_moves_to_the_ocean() {
    use crate::state::CaptainPlace;
    use rand::SeedableRng;
    let mut start = six();
    let (hawkins, roanoke) = (sea_captain(&start, "hawkins"), site(&start, "roanoke"));
    start.colonies[roanoke.index()] = Some(Power::England);
    start.captains[hawkins.index()] = CaptainPlace::Wintering(roanoke);
    start.turn = 2;
    let ocean = start.content.sites[roanoke.index()].ocean;
    let (mut eliminated, mut kept) = (false, false);
    for seed in 0..200 {
        let mut g = start.clone();
        g.rng = imperia_core::GameRng::seed_from_u64(seed);
        let mut events = Vec::new();
        g.card_draw(&mut events);
        let result = events.iter().find_map(|e| match e {
            Event::ColonyRoll { site, result, .. } if *site == roanoke => Some(*result),
            _ => None,
        });
        if result == Some(crate::content::ColonyResult::Eliminated) {
            // 8.4-06: at once, to the site's ocean zone (R15).
            assert_eq!(g.colonies[roanoke.index()], None);
            assert_eq!(g.captain_place(hawkins), CaptainPlace::AtSea(ocean));
            let moved = Event::CaptainPutToSea { captain: hawkins, site: roanoke, sea: ocean };
            assert!(events.contains(&moved), "{events:?}");
            assert_eq!(
                moved.to_string(),
                "John Hawkins leaves Roanoke (Virginia), his colony eliminated, for North Atlantic (World Map)"
            );
            eliminated = true;
        } else {
            assert_eq!(g.captain_place(hawkins), CaptainPlace::Wintering(roanoke), "{result:?}");
            kept = true;
        }
    }
    assert!(eliminated && kept, "both results seen");
}

#[test]
fn a_colony_needs_a_sea_captain_who_winters_there() {
    use crate::state::CaptainPlace;
    let mut g = six();
    let (hawkins, roanoke) = (sea_captain(&g, "hawkins"), site(&g, "roanoke"));
    // Provisional C2: without a captain in England's pool, no colony, and the effort stays war effort.
    g.captains[hawkins.index()] = CaptainPlace::AtSea(g.content.sites[roanoke.index()].ocean);
    let mut events = Vec::new();
    assert_eq!(g.spend_effort(Power::England, 2, &mut events), 2);
    assert!(g.colonies.iter().all(Option::is_none), "{events:?}");
    // C0: in spring he sails home to the pool.
    g.deploy(&mut events);
    assert_eq!(g.captain_place(hawkins), CaptainPlace::Pool);
    assert!(events.contains(&Event::CaptainSailsHome { captain: hawkins }));
    // With him there, England founds its colony; he winters at it, so a second colony waits for next year.
    let mut events = Vec::new();
    assert_eq!(g.spend_effort(Power::England, 2, &mut events), 0);
    assert_eq!(g.colonies[roanoke.index()], Some(Power::England));
    assert_eq!(g.captain_place(hawkins), CaptainPlace::Wintering(roanoke));
    let founded = Event::ColonyFounded { power: Power::England, site: roanoke, captain: hawkins };
    assert!(events.contains(&founded), "{events:?}");
    assert_eq!(
        founded.to_string(),
        "[provisional] England founds a colony at Roanoke (Virginia); John Hawkins winters there"
    );
    let mut events = Vec::new();
    g.spend_effort(Power::England, 2, &mut events);
    assert_eq!(g.colonies.iter().filter(|c| **c == Some(Power::England)).count(), 1, "{events:?}");
    g.deploy(&mut events);
    assert_eq!(g.captain_place(hawkins), CaptainPlace::Pool, "home in spring; the colony stays");
    assert_eq!(g.colonies[roanoke.index()], Some(Power::England));
}

#[test]
fn fewer_players_keep_out_rudolf_ii_and_the_unplayed_powers_characters() {
    use crate::state::CaptainPlace;
    // Facts §7: with 2–4 players the Ottoman's and the HRE's artists, scientists and sea captains, and Rudolf
    // II, are removed, with their patronage VP; with 5, the HRE's; with 6 nothing (docs §5, R39).
    for (players, out) in [(4, vec![Power::Ottoman, Power::Hre]), (5, vec![Power::Hre]), (6, vec![])] {
        let mut g = game(players);
        let rudolf = royal(&g, "rudolf_ii");
        let mut events = Vec::new();
        let mut rudolf_seen = false;
        loop {
            for c in g.content.captain_ids() {
                let power = g.content.captains[c.index()].power;
                let place = g.captain_place(c);
                if out.contains(&power) {
                    assert_eq!(place, CaptainPlace::Removed, "{players} players, turn {}: {c}", g.turn);
                } else if g.content.captains[c.index()].entry <= g.turn {
                    assert_ne!(place, CaptainPlace::Future, "{players} players, turn {}: {c}", g.turn);
                }
            }
            for x in g.content.patron_ids() {
                let info = &g.content.patrons[x.index()];
                let kept_out = info.power.is_some_and(|p| out.contains(&p));
                assert_eq!(g.patron_available(x), !kept_out && info.entry <= g.turn, "{players} players: {x}");
                if kept_out {
                    assert_eq!(g.patrons[x.index()], None, "{players} players: {x} is never patronised");
                }
            }
            rudolf_seen |= g.royals[rudolf.index()].place != RoyalPlace::Future;
            if g.phase == Phase::Over {
                break;
            }
            g.next_turn(&mut events);
        }
        let arrived = |e: &Event| match e {
            Event::CaptainArrives { captain } => Some(g.content.captains[captain.index()].power),
            Event::PatronArrives { patron } => g.content.patrons[patron.index()].power,
            Event::RoyalArrives { royal } => Some(g.content.royals[royal.index()].controller),
            _ => None,
        };
        let powers: Vec<Power> = events.iter().filter_map(arrived).collect();
        assert!(!powers.iter().any(|p| out.contains(p)), "{players} players: {powers:?}");
        assert_eq!(rudolf_seen, !out.contains(&Power::Hre), "{players} players: Rudolf II");
        if players == 6 {
            // The Ottoman's and the HRE's characters all come in a full game: their captains, Arcimboldo,
            // Taqi ad-Din and Rudolf II on their turns.
            for p in [Power::Ottoman, Power::Hre] {
                assert!(powers.iter().filter(|&&q| q == p).count() >= 2, "{p}: {powers:?}");
            }
            assert!(g.content.captain_ids().all(|c| g.captain_place(c) != CaptainPlace::Removed));
        }
    }
}
