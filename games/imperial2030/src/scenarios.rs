//! Scenario tests: one position for each tricky rule, built by editing a fresh game, then played through
//! the public contract (`Game::apply`). Positions are edited here, inside the crate, because reaching
//! them by play would take hundreds of moves.

use imperia_core::{ContentSet, Game, Seat, Viewer};

use crate::action::Action;
use crate::board::Region;
use crate::config::Config;
use crate::event::Event;
use crate::nation::{BOND_PRICES, Nation, UnitKind, bond_index};
use crate::rondel::Space;
use crate::state::{Imperial2030, Maneuver, ManeuverStage, Phase, Stance};
use Nation::*;

fn r(id: &str) -> Region {
    crate::board::region(id)
}

/// A standard 4-player game: seats 0–3 are dealt Russia, China, India and Brazil, so seat 0 also governs
/// Europe (its card brings Europe's 2 bond) and seat 1 the USA; seat 1 holds the Investor card.
fn four_players() -> Imperial2030 {
    game(Config { players: 4, deal: Some(vec![Russia, China, India, Brazil]), ..Config::default() })
}

fn game(config: Config) -> Imperial2030 {
    Imperial2030::new_game(&config, &ContentSet::shipped(), 7).expect("setup").0
}

impl Imperial2030 {
    fn set_cash(&mut self, seat: Seat, cash: i32) {
        let delta = cash - self.cash[seat];
        self.bank_to_cash(seat, delta);
    }

    fn set_treasury(&mut self, n: Nation, treasury: i32) {
        let delta = treasury - self.nation(n).treasury;
        self.bank_to_treasury(n, delta);
    }

    /// Give a bond to a seat (or back to the stack), without payment.
    fn set_bond(&mut self, n: Nation, price: u8, owner: Option<Seat>) {
        let i = bond_index(price).expect("a printed price");
        self.nation_mut(n).bonds[i] = owner;
    }

    /// Make `seat` the only bondholder and the government of `n`.
    fn hand_over(&mut self, n: Nation, seat: Seat) {
        for price in BOND_PRICES {
            let i = bond_index(price).unwrap_or(0);
            if self.nation(n).bonds[i].is_some() {
                self.set_bond(n, price, Some(seat));
            }
        }
        self.nation_mut(n).government = Some(seat);
    }

    fn put(&mut self, region: &str, n: Nation, armies: u8, fleets: u8) {
        let u = self.units_mut(r(region), n);
        u.armies += armies;
        u.fleets += fleets;
    }

    fn put_friendly(&mut self, region: &str, n: Nation, armies: u8) {
        let u = self.units_mut(r(region), n);
        u.armies += armies;
        u.friendly += armies;
    }

    fn set_flag(&mut self, region: &str, n: Option<Nation>) {
        self.flags[r(region).index()] = n;
    }

    /// Put `n` on turn, deciding its rondel move, its marker on `space`.
    fn turn_of(&mut self, n: Nation, space: Option<Space>) {
        self.turn = n;
        self.nation_mut(n).rondel = space;
        self.phase = Phase::Rondel;
    }

    /// Put `n` on turn in the army step of a maneuver.
    fn maneuvering(&mut self, n: Nation, stage: ManeuverStage) {
        self.turn = n;
        self.nation_mut(n).rondel = Some(Space::Maneuver1);
        self.maneuver = Some(Maneuver { stage, ..Maneuver::new(self.board.regions.len()) });
        self.phase = Phase::Maneuver;
    }

    /// Apply for whoever decides now, which must be `seat`; returns the events.
    fn play(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        assert_eq!(
            self.decider(),
            Some(seat),
            "expected seat {seat} to decide {action}: {}",
            self.decision_text(imperia_core::Viewer::Spectator)
        );
        let before = self.clone();
        match self.apply(seat, &action) {
            Ok(step) => step.events,
            Err(e) => panic!("{action} refused: {e}\n{}", before.summary(Viewer::Spectator)),
        }
    }

    fn offers(&self, action: &Action) -> bool {
        self.decider().is_some_and(|s| self.legal_actions(s).contains(action))
    }

    fn army_move(from: &str, to: &str, convoy: &[&str], stance: Option<Stance>) -> Action {
        Action::MoveArmy {
            from: r(from),
            to: r(to),
            convoy: convoy.iter().map(|s| r(s)).collect(),
            stance,
            leaving: None,
        }
    }
}

/// Seats 2 and 3 govern nothing and so hold Swiss Banks.
fn with_swiss_banks() -> Imperial2030 {
    let mut g = four_players();
    g.hand_over(India, 0);
    g.hand_over(Brazil, 1);
    assert!(g.has_swiss_bank(2) && g.has_swiss_bank(3) && !g.has_swiss_bank(0));
    g
}

#[test]
fn investor_card_and_swiss_banks() {
    // Ruling I12 (Swiss Bank holders invest in turn from the card holder).
    // «Инвестор», phases 2–3: the card holder takes 2 and invests; then each Swiss Bank holder without the
    // card, clockwise from the card holder; nobody invests twice. Then the card passes to the next seat,
    // whether or not that player holds a Swiss Bank.
    let mut g = with_swiss_banks();
    g.investor_card = Some(3);
    for s in 0..4 {
        g.set_cash(s, 20);
    }
    g.turn_of(Russia, None);
    g.play(0, Action::Rondel { space: Space::Investor });
    assert_eq!(g.cash(3), 22, "the card holder takes 2 from the bank");
    g.play(3, Action::Invest { nation: China, price: 4, trade_in: None });
    // Seat 3 holds the card and a Swiss Bank, but invests once; seat 2 is next; seats 0 and 1 govern.
    assert_eq!(g.decider(), Some(2));
    g.play(2, Action::PassInvestment);
    assert_eq!(g.investor_card(), Some(0), "the card passes clockwise from seat 3 to seat 0");
    assert_eq!(g.turn(), China);

    // The card passes to a Swiss Bank holder like to anyone else.
    let mut g = with_swiss_banks();
    g.investor_card = Some(1);
    g.turn_of(Russia, None);
    g.play(0, Action::Rondel { space: Space::Investor });
    g.play(1, Action::PassInvestment);
    // Seat 2 has 2 cash: it can buy a 2 bond, so it is asked; seat 3 too.
    g.play(2, Action::PassInvestment);
    g.play(3, Action::PassInvestment);
    assert_eq!(g.investor_card(), Some(2));
}

#[test]
fn government_ties() {
    // Ruling I15 (the government check).
    // «Если сумма меньше или одинакова с суммой игрока, уже контролирующего нацию, правительство не меняется.»
    let mut g = with_swiss_banks();
    g.set_bond(Russia, 9, None);
    g.set_bond(Russia, 12, Some(0));
    g.set_bond(Russia, 2, Some(2));
    g.set_bond(Russia, 4, Some(2));
    g.investor_card = Some(2);
    g.set_cash(2, 10);
    g.turn_of(Usa, None);
    g.play(1, Action::Rondel { space: Space::Investor });
    g.play(2, Action::Invest { nation: Russia, price: 6, trade_in: None });
    g.play(3, Action::PassInvestment);
    assert_eq!(g.stake(Russia, 2), 12);
    assert_eq!(g.government(Russia), Some(0), "a tie with the incumbent keeps the incumbent");

    // «Если несколько игроков набрали одинаковую сумму, превышающую значение прежнего правительства, власть
    // получает игрок, сидящий первым по часовой стрелке от владельца карты Инвестора.»
    let mut g = with_swiss_banks();
    g.set_bond(Russia, 2, Some(2));
    g.set_bond(Russia, 4, Some(2));
    g.investor_card = Some(3);
    g.set_cash(2, 10);
    g.set_cash(3, 20);
    g.turn_of(Usa, None);
    g.play(1, Action::Rondel { space: Space::Investor });
    g.play(3, Action::Invest { nation: Russia, price: 12, trade_in: None });
    g.play(2, Action::Invest { nation: Russia, price: 6, trade_in: None });
    assert_eq!((g.stake(Russia, 2), g.stake(Russia, 3), g.stake(Russia, 0)), (12, 12, 9));
    assert_eq!(g.government(Russia), Some(3), "seat 3 holds the card, so it comes first clockwise");
    assert!(!g.has_swiss_bank(3), "governing again, seat 3 gives its Swiss Bank back");
}

#[test]
fn swiss_bank_stops_a_nation_on_investor() {
    // Ruling I12 (the Swiss Bank stop).
    let mut g = with_swiss_banks();
    g.investor_card = Some(1);
    g.set_cash(0, 10);
    g.set_treasury(Russia, 10);
    g.turn_of(Russia, Some(Space::Taxation));
    // Taxation → Import is 5 spaces and passes Investor: the holders are asked, clockwise from the card
    // holder (seat 1): seat 2, then seat 3.
    g.play(0, Action::Rondel { space: Space::Import });
    assert_eq!(g.decider(), Some(2));
    g.play(2, Action::LetPass);
    let events = g.play(3, Action::ForceStop);
    assert_eq!(g.nation(Russia).rondel, Some(Space::Investor));
    assert!(events.contains(&Event::RondelMoved { nation: Russia, space: Space::Investor, spaces: 4, cost: Some(1) }));
    assert_eq!(g.cash(0), 9 + 4, "paid for 4 spaces, not 5, and received Russia's 9-bond interest");

    // A treasury that cannot pay all its interest cannot be stopped.
    let mut g = with_swiss_banks();
    g.set_cash(0, 10);
    g.set_treasury(Russia, 3);
    g.turn_of(Russia, Some(Space::Taxation));
    g.play(0, Action::Rondel { space: Space::Import });
    assert_eq!(g.nation(Russia).rondel, Some(Space::Import));
}

#[test]
fn interest_shortfall() {
    // Ruling I14 (interest shortfall).
    // «Если в казне нехватает средств, игрок, возглавляющий правительство нации, должен отказаться от
    // получения своего дохода (частично или полностью) и, если необходимо, завершить выплаты ... из своих
    // собственных денег.» Seat 0 governs Russia with its 9 bond (interest 4); seat 1 holds the 4 (2), seat 2
    // the 2 (1).
    let setup = |treasury: i32, government_cash: i32| {
        let mut g = four_players();
        g.set_bond(Russia, 4, Some(1));
        g.set_bond(Russia, 2, Some(2));
        g.set_treasury(Russia, treasury);
        g.set_cash(0, government_cash);
        g.investor_card = Some(3);
        g.turn_of(Russia, None);
        let cash: Vec<i32> = (0..4).map(|s| g.cash(s)).collect();
        g.play(0, Action::Rondel { space: Space::Investor });
        let gained: Vec<i32> = (0..4).map(|s| g.cash(s) - cash[s]).collect();
        (g, gained)
    };
    // Treasury 5: the others get their 3 in full, the government 2 of its 4.
    let (g, gained) = setup(5, 10);
    assert_eq!(gained[..3], [2, 2, 1]);
    assert_eq!(g.nation(Russia).treasury, 0);
    // Treasury 1: the government forgoes all 4 and pays the missing 2 to the others.
    let (g, gained) = setup(1, 10);
    assert_eq!(gained[..3], [-2, 2, 1]);
    assert_eq!(g.nation(Russia).treasury, 0);
    // The government has 1: the holders after him clockwise are paid first, the rest is lost.
    let (_, gained) = setup(1, 1);
    assert_eq!(gained[..3], [-1, 2, 0]);
}

#[test]
fn power_25_on_a_passing_turn_ends_the_game_at_once() {
    // Ruling I16 (the game ends during a passing turn), ruling I35 (the score).
    // «Если это произошло в ход, в котором нация прошла мимо деления „Инвестор“, никаких денежных вложений
    // больше не делается (то есть, 2 и 3 фазы „Инвестора“ пропускаются).»
    let mut g = four_players();
    g.nation_mut(Russia).power = 20;
    g.set_cash(0, 20);
    for region in ["iran", "turkey", "ukraine", "kazakhstan", "mongolia", "korea", "japan", "afghanistan"] {
        g.set_flag(region, Some(Russia));
    }
    g.turn_of(Russia, Some(Space::Maneuver2));
    let holder = g.investor_card().expect("a card holder");
    let holder_cash = g.cash(holder);
    let events = g.play(0, Action::Rondel { space: Space::Taxation });
    assert!(events.iter().any(|e| matches!(e, Event::Taxed { tax: 12, power_gained: 5, power: 25, .. })));
    assert!(events.contains(&Event::GameOver { nation: Russia }));
    assert_eq!(g.phase(), &Phase::GameOver);
    assert_eq!(g.cash(holder), holder_cash, "no Investor payment after the game ended");
    assert!(!events.iter().any(|e| matches!(e, Event::InvestorBonus { .. })));
    let outcome = g.outcome().expect("an outcome");
    // Russia at 25 (×5): seat 0's 9 bond pays 4 × 5 = 20, plus Europe's 2 bond at ×0, plus its cash.
    assert_eq!(outcome.scores[0], 20 + i64::from(g.cash(0)));
    assert!(g.to_act() == imperia_core::ToAct::Nobody);
}

#[test]
fn canal_refused_to_a_convoyed_army() {
    // Ruling I21 (canals), ruling I20 (the chain through the canal is offered).
    // «Армии могут быть конвоированы через канал по обычным правилам, но с разрешения владельца канала.»
    let setup = || {
        let mut g = four_players();
        g.set_flag("colombia", Some(Usa));
        g.put("north_atlantic", Europe, 0, 1);
        g.put("caribbean_sea", Europe, 0, 1);
        g.put("north_pacific", Europe, 0, 1);
        g.put("paris", Europe, 1, 0);
        g.maneuvering(Europe, ManeuverStage::Armies);
        g
    };
    let to_alaska =
        Imperial2030::army_move("paris", "alaska", &["north_atlantic", "caribbean_sea", "north_pacific"], None);
    let mut g = setup();
    assert!(g.offers(&to_alaska), "the chain through the Panama Canal is offered");
    g.play(0, to_alaska.clone());
    // The USA's government (seat 1) decides, not the mover.
    assert_eq!(g.decider(), Some(1));
    let events = g.play(1, Action::RefusePassage);
    assert!(events.iter().any(|e| matches!(e, Event::PassageRefused { by: Usa, .. })));
    assert_eq!(g.units(r("paris"), Europe).armies, 1, "the army stays at home");
    assert_eq!(g.decider(), Some(0));
    assert!(!g.offers(&to_alaska), "the refused canal is not asked again this turn");

    let mut g = setup();
    g.play(0, to_alaska);
    g.play(1, Action::PermitPassage);
    assert_eq!(g.units(r("alaska"), Europe).armies, 1);

    // Fleets ask too; with no flag in Colombia the canal is free.
    let mut g = setup();
    g.maneuvering(Europe, ManeuverStage::Fleets);
    g.play(0, Action::MoveFleet { from: r("caribbean_sea"), to: r("north_pacific") });
    assert_eq!(g.decider(), Some(1));
    let mut g = setup();
    g.set_flag("colombia", None);
    g.maneuvering(Europe, ManeuverStage::Fleets);
    g.play(0, Action::MoveFleet { from: r("caribbean_sea"), to: r("north_pacific") });
    assert_eq!(g.units(r("north_pacific"), Europe).fleets, 2);
}

#[test]
fn rail_blocked_by_a_hostile_army() {
    // Ruling I10 (the railway follows borders), ruling I19 (a blocked province).
    // ЧЗВ «Что означает фраза „сеть железных дорог заблокирована“?»: a Chinese army in Novosibirsk cuts
    // Moscow and Murmansk off from Vladivostok, and Novosibirsk itself cannot be reached by rail.
    let mut g = four_players();
    g.put("ukraine", Russia, 1, 0);
    g.put("moscow", Russia, 1, 0);
    g.maneuvering(Russia, ManeuverStage::Armies);
    assert!(
        g.offers(&Imperial2030::army_move("ukraine", "vladivostok", &[], None)),
        "open rail: Ukraine → Moscow → Vladivostok"
    );
    g.put("novosibirsk", China, 1, 0);
    let moves = g.legal_actions(0);
    let targets = |from: &str| -> Vec<String> {
        moves
            .iter()
            .filter_map(|a| match a {
                Action::MoveArmy { from: f, to, .. } if *f == r(from) => Some(to.to_string()),
                _ => None,
            })
            .collect()
    };
    assert!(targets("ukraine").contains(&"Murmansk".into()) && targets("ukraine").contains(&"Moscow".into()));
    assert!(!targets("ukraine").contains(&"Vladivostok".into()));
    assert!(!targets("ukraine").contains(&"Novosibirsk".into()), "rail cannot enter the blocked province");
    assert!(targets("moscow").contains(&"Novosibirsk".into()), "a normal step may enter it, to fight");
    assert!(!targets("moscow").contains(&"Vladivostok".into()));
}

#[test]
fn last_unoccupied_factory() {
    // Ruling I25 (factory destruction).
    // «Если у нации осталась только одна фабрика, не оккупированная войсками неприятеля ..., то в провинцию с
    // ней не может вступить вражеская армия» (only lying down), and it cannot be destroyed.
    let mut g = four_players();
    g.put("moscow", China, 1, 0); // hostile: Russia's Moscow factory is occupied
    g.put("korea", China, 1, 0);
    g.put_friendly("vladivostok", China, 3);
    g.maneuvering(China, ManeuverStage::Armies);
    assert!(g.offers(&Imperial2030::army_move("korea", "vladivostok", &[], Some(Stance::Friendly))));
    assert!(!g.offers(&Imperial2030::army_move("korea", "vladivostok", &[], Some(Stance::Hostile))));
    let destroy = Action::DestroyFactory { region: r("vladivostok"), friendly: None };
    assert!(!g.offers(&destroy));
    let before = g.clone();
    let err = g.apply(1, &destroy).expect_err("immune");
    assert!(err.message.contains("last unoccupied factory"), "{err}");
    assert_eq!(g, before);

    // Once Russia has another unoccupied factory, three armies (of either stance) destroy this one.
    g.factories |= r("novosibirsk").bit();
    assert!(g.offers(&Imperial2030::army_move("korea", "vladivostok", &[], Some(Stance::Hostile))));
    let events = g.play(1, destroy);
    assert!(events.contains(&Event::FactoryDestroyed { region: r("vladivostok"), owner: Russia, by: China }));
    assert!(!g.has_factory(r("vladivostok")));
    assert_eq!(g.units(r("vladivostok"), China).armies, 0, "the three armies are removed with it");

    // Defenders present protect a factory («если в этой внутренней провинции больше нет ни армий, ни кораблей
    // обороняющейся нации»); fleets cannot destroy one.
    let mut g = four_players();
    g.factories |= r("novosibirsk").bit();
    g.put("vladivostok", China, 3, 0);
    g.put("vladivostok", Russia, 0, 1);
    g.maneuvering(China, ManeuverStage::Armies);
    assert!(!g.offers(&Action::DestroyFactory { region: r("vladivostok"), friendly: None }));
}

#[test]
fn armies_fight_fleets_only_in_harbour() {
    // Ruling I22 (the mover declares first, then the others).
    let mut g = four_players();
    g.put("korea", China, 1, 0);
    g.put("vladivostok", Russia, 0, 1);
    g.maneuvering(China, ManeuverStage::Armies);
    g.play(1, Imperial2030::army_move("korea", "vladivostok", &[], Some(Stance::Hostile)));
    // The mover may fight the fleet in harbour.
    assert!(g.offers(&Action::Fight { enemy: Russia, enemy_unit: UnitKind::Fleet, enemy_stance: None }));
    g.play(1, Action::NoBattle);
    // Then Russia may, with its fleet («битву может объявить как армия-агрессор, так и корабль»).
    assert_eq!(g.decider(), Some(0));
    assert!(g.offers(&Action::Defend { unit: UnitKind::Fleet, stance: None }));
    g.play(0, Action::Defend { unit: UnitKind::Fleet, stance: None });
    assert!(g.units(r("vladivostok"), China).is_empty() && g.units(r("vladivostok"), Russia).is_empty());

    // At sea an army is never fought: fleets only meet fleets.
    let mut g = four_players();
    g.put("china_sea", Russia, 0, 1);
    g.put("shanghai", China, 0, 1);
    g.maneuvering(China, ManeuverStage::Fleets);
    g.play(1, Action::MoveFleet { from: r("shanghai"), to: r("china_sea") });
    assert!(g.offers(&Action::Fight { enemy: Russia, enemy_unit: UnitKind::Fleet, enemy_stance: None }));
    assert!(!g.offers(&Action::Fight { enemy: Russia, enemy_unit: UnitKind::Army, enemy_stance: None }));
}

#[test]
fn hostile_armies_block_and_friendly_ones_do_not() {
    // Ruling I27 (a hostile army blocks the factory tax; a friendly one does not).
    // «Фишка враждебной армии ... блокирует эту провинцию (ни производство, ни импорт, ни строительство фабрик,
    // ни налогообложение, ни железные дороги...). Дружественная армия кладется набок и не вводит никаких
    // ограничений.»
    let mut g = four_players();
    g.put("moscow", China, 1, 0);
    g.put_friendly("vladivostok", Europe, 1);
    g.put("novosibirsk", Usa, 1, 0);
    g.turn_of(Russia, Some(Space::Maneuver1));
    let events = g.play(0, Action::Rondel { space: Space::Production2 });
    let produced: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Produced { .. })).collect();
    assert_eq!(produced, [&Event::Produced { nation: Russia, region: r("vladivostok"), unit: UnitKind::Fleet }]);

    g.turn_of(Russia, Some(Space::Investor));
    g.play(0, Action::Rondel { space: Space::Import });
    let imports: Vec<Region> = g
        .legal_actions(0)
        .iter()
        .filter_map(|a| match a {
            Action::Import { region, .. } => Some(*region),
            _ => None,
        })
        .collect();
    assert!(imports.contains(&r("vladivostok")) && imports.contains(&r("murmansk")));
    assert!(!imports.contains(&r("moscow")) && !imports.contains(&r("novosibirsk")));
    g.play(0, Action::EndImport);

    g.turn_of(Russia, Some(Space::Taxation));
    g.set_treasury(Russia, 10);
    g.play(0, Action::Rondel { space: Space::Factory });
    assert!(!g.offers(&Action::BuildFactory { region: r("novosibirsk") }), "a hostile army stands there");
    assert!(g.offers(&Action::BuildFactory { region: r("murmansk") }));
    g.play(0, Action::BuildNothing);

    g.turn_of(Russia, Some(Space::Maneuver1));
    let events = g.play(0, Action::Rondel { space: Space::Taxation });
    assert!(
        events.iter().any(|e| matches!(e, Event::Taxed { tax: 2, .. })),
        "only Vladivostok's factory pays: {events:?}"
    );
}

#[test]
fn an_army_that_entered_friendly_stays_friendly() {
    // Ruling I24 (which piece goes).
    // Issue 53: Russia has a hostile army in Berlin; a second enters lying down; then the first, which has
    // not moved, leaves. The newcomer stays as it entered («Дружественная армия кладется набок и не вводит
    // никаких ограничений»), so Berlin is not blocked, and it may not move again this turn.
    let mut g = four_players();
    g.factories |= r("berlin").bit();
    g.put("berlin", Russia, 1, 0);
    g.put("ukraine", Russia, 1, 0);
    g.maneuvering(Russia, ManeuverStage::Armies);
    g.play(0, Imperial2030::army_move("ukraine", "berlin", &[], Some(Stance::Friendly)));
    g.play(0, Imperial2030::army_move("berlin", "ukraine", &[], None));
    let berlin = g.units(r("berlin"), Russia);
    assert_eq!((berlin.armies, berlin.friendly), (1, 1), "the friendly newcomer stays");
    assert!(g.free_homes(Europe) & r("berlin").bit() != 0, "Berlin is not blocked");
    assert!(
        !g.legal_actions(0).iter().any(|a| matches!(a, Action::MoveArmy { from, .. } if *from == r("berlin"))),
        "the newcomer has moved this turn"
    );
    g.play(0, Action::EndManeuver);
    g.turn_of(Europe, Some(Space::Maneuver1));
    let events = g.play(0, Action::Rondel { space: Space::Production2 });
    assert!(events.contains(&Event::Produced { nation: Europe, region: r("berlin"), unit: UnitKind::Army }));
}

#[test]
fn the_player_names_which_army_goes() {
    // Ruling I24 (which piece goes), ruling I23 (an attack by a piece that has not moved).
    // Where idle armies of both stances stand, the rulebook does not say which one leaves or fights: the
    // player who moves it, or who declares the battle, names it (docs/rules, «Which piece goes»).
    let berlin = || {
        let mut g = four_players();
        g.put("berlin", Russia, 1, 0);
        g.put_friendly("berlin", Russia, 1);
        g
    };
    let leaves = |stance| Action::MoveArmy {
        from: r("berlin"),
        to: r("ukraine"),
        convoy: vec![],
        stance: None,
        leaving: Some(stance),
    };
    let mut g = berlin();
    g.maneuvering(Russia, ManeuverStage::Armies);
    assert!(g.offers(&leaves(Stance::Hostile)) && g.offers(&leaves(Stance::Friendly)));
    let unnamed = Imperial2030::army_move("berlin", "ukraine", &[], None);
    assert!(!g.offers(&unnamed));
    let before = g.clone();
    let err = g.apply(0, &unnamed).expect_err("which army?");
    assert!(err.message.contains("both hostile and friendly: say which one"), "{err}");
    assert_eq!(g, before);
    g.play(0, leaves(Stance::Friendly));
    let left = g.units(r("berlin"), Russia);
    assert_eq!((left.armies, left.friendly), (1, 0), "the hostile one stays");
    assert!(g.free_homes(Europe) & r("berlin").bit() == 0);

    // The mover that declares a battle names the army it takes on.
    let mut g = berlin();
    g.put("ukraine", China, 1, 0);
    g.maneuvering(China, ManeuverStage::Armies);
    g.play(1, Imperial2030::army_move("ukraine", "berlin", &[], Some(Stance::Hostile)));
    let fight = |enemy_stance| Action::Fight { enemy: Russia, enemy_unit: UnitKind::Army, enemy_stance };
    assert!(g.offers(&fight(Some(Stance::Hostile))) && g.offers(&fight(Some(Stance::Friendly))));
    assert!(!g.offers(&fight(None)));
    g.play(1, fight(Some(Stance::Hostile)));
    let russia = g.units(r("berlin"), Russia);
    assert_eq!((russia.armies, russia.friendly), (1, 1));
    assert!(g.units(r("berlin"), China).is_empty());

    // An inactive nation that declares it names its own army.
    let mut g = berlin();
    g.put("ukraine", China, 1, 0);
    g.maneuvering(China, ManeuverStage::Armies);
    g.play(1, Imperial2030::army_move("ukraine", "berlin", &[], Some(Stance::Hostile)));
    g.play(1, Action::NoBattle);
    let defend = |stance| Action::Defend { unit: UnitKind::Army, stance };
    assert_eq!(
        g.legal_actions(0),
        vec![defend(Some(Stance::Hostile)), defend(Some(Stance::Friendly)), Action::NoBattle]
    );
    let err = g.apply(0, &defend(None)).expect_err("which army?");
    assert!(err.message.contains("Russia's armies in Berlin are both hostile and friendly: say which one"), "{err}");
    g.play(0, defend(Some(Stance::Friendly)));
    let russia = g.units(r("berlin"), Russia);
    assert_eq!((russia.armies, russia.friendly), (1, 0));

    // An attack by an idle army names both.
    let mut g = berlin();
    g.put("berlin", China, 1, 0);
    g.put_friendly("berlin", China, 1);
    g.maneuvering(Russia, ManeuverStage::Armies);
    let attacks: Vec<Action> = g.legal_actions(0).into_iter().filter(|a| matches!(a, Action::Attack { .. })).collect();
    assert_eq!(attacks.len(), 4, "{attacks:?}");
    g.play(
        0,
        Action::Attack {
            region: r("berlin"),
            unit: UnitKind::Army,
            enemy: China,
            enemy_unit: UnitKind::Army,
            stance: Some(Stance::Friendly),
            enemy_stance: Some(Stance::Hostile),
        },
    );
    let (russia, china) = (g.units(r("berlin"), Russia), g.units(r("berlin"), China));
    assert_eq!([(russia.armies, russia.friendly), (china.armies, china.friendly)], [(1, 0), (1, 1)]);
}

#[test]
fn a_newcomer_lost_in_battle_leaves_the_idle_armies_free() {
    // Ruling I24.
    // The piece that entered is the one that fights, with the stance it entered with; the armies that were
    // there before keep theirs and may still move.
    let mut g = four_players();
    g.put("berlin", Europe, 1, 0);
    g.put("berlin", Russia, 1, 0);
    g.put("ukraine", Russia, 1, 0);
    g.maneuvering(Russia, ManeuverStage::Armies);
    g.play(0, Imperial2030::army_move("ukraine", "berlin", &[], Some(Stance::Friendly)));
    g.play(0, Action::NoBattle);
    // Europe (governed by seat 0 too) answers with its army.
    g.play(0, Action::Defend { unit: UnitKind::Army, stance: None });
    let russia = g.units(r("berlin"), Russia);
    assert_eq!((russia.armies, russia.friendly), (1, 0), "the friendly newcomer is the one lost");
    assert!(g.maneuver.as_ref().is_some_and(|m| m.arrived_friendly.is_empty()));
    assert!(g.offers(&Imperial2030::army_move("berlin", "ukraine", &[], None)), "the hostile army has not moved");
}

#[test]
fn the_player_says_how_many_of_the_three_lie_down() {
    // Ruling I24, ruling I25.
    // «Уничтожение фабрики»: three armies go with the factory. Where the nation's armies there are of both
    // stances and more than three, which three is the player's choice; of each stance, those that arrived
    // this turn go first.
    let mut g = four_players();
    g.factories |= r("berlin").bit();
    g.put("berlin", Russia, 2, 0);
    g.put_friendly("berlin", Russia, 2);
    g.maneuvering(Russia, ManeuverStage::Armies);
    let destroy = |friendly| Action::DestroyFactory { region: r("berlin"), friendly };
    assert!(g.offers(&destroy(Some(1))) && g.offers(&destroy(Some(2))));
    assert!(!g.offers(&destroy(None)) && !g.offers(&destroy(Some(0))) && !g.offers(&destroy(Some(3))));
    let err = g.apply(0, &destroy(None)).expect_err("how many?");
    assert!(err.message.contains("say how many of the three are friendly, from 1 to 2"), "{err}");
    g.play(0, destroy(Some(1)));
    let russia = g.units(r("berlin"), Russia);
    assert_eq!((russia.armies, russia.friendly), (1, 1), "one friendly army stays");
    assert!(!g.has_factory(r("berlin")));

    // Exactly three, or all of one stance: nothing to say.
    let mut g = four_players();
    g.factories |= r("berlin").bit();
    g.put("berlin", Russia, 1, 0);
    g.put_friendly("berlin", Russia, 2);
    g.maneuvering(Russia, ManeuverStage::Armies);
    assert!(g.offers(&destroy(None)) && !g.offers(&destroy(Some(2))));
}

#[test]
fn flags_follow_sole_occupation_and_run_out_at_fifteen() {
    // Ruling I26 (flags).
    // «Флаг остается лежать в регионе, пока тот не будет занят войсками только другой нации»; a shared region
    // keeps its flag.
    let mut g = four_players();
    g.set_flag("north_atlantic", Some(Usa));
    g.put("north_atlantic", Usa, 0, 1);
    g.put("london", Europe, 0, 1);
    g.set_flag("mexico", Some(Usa));
    g.put("mexico", Europe, 1, 0);
    g.maneuvering(Europe, ManeuverStage::Fleets);
    g.play(0, Action::MoveFleet { from: r("london"), to: r("north_atlantic") });
    g.play(0, Action::NoBattle);
    g.play(1, Action::NoBattle);
    g.play(0, Action::EndFleetMoves);
    g.play(0, Action::EndManeuver);
    assert_eq!(g.flag(r("north_atlantic")), Some(Usa), "shared: the flag stays");
    assert_eq!(g.flag(r("mexico")), Some(Europe), "held alone: Europe's flag replaces the USA's");

    // With all 15 flags out, the old flag goes and none comes.
    let mut g = four_players();
    let regions = [
        "alaska",
        "canada",
        "quebec",
        "peru",
        "argentina",
        "guinea",
        "nigeria",
        "congo",
        "south_africa",
        "east_africa",
        "near_east",
        "turkey",
        "iran",
        "afghanistan",
        "korea",
    ];
    for region in regions {
        g.set_flag(region, Some(Europe));
    }
    g.set_flag("mexico", Some(Usa));
    g.put("mexico", Europe, 1, 0);
    g.maneuvering(Europe, ManeuverStage::Armies);
    g.play(0, Action::EndManeuver);
    assert_eq!(g.flag(r("mexico")), None);

    // With one flag left and two regions to flag, the government chooses.
    let mut g = four_players();
    for region in &regions[..14] {
        g.set_flag(region, Some(Europe));
    }
    g.put("mexico", Europe, 1, 0);
    g.put("colombia", Europe, 1, 0);
    g.set_flag("colombia", Some(Usa));
    g.maneuvering(Europe, ManeuverStage::Armies);
    g.play(0, Action::EndManeuver);
    assert_eq!(
        g.legal_actions(0),
        vec![Action::PlaceFlag { region: r("mexico") }, Action::PlaceFlag { region: r("colombia") }]
    );
    g.play(0, Action::PlaceFlag { region: r("colombia") });
    assert_eq!((g.flag(r("colombia")), g.flag(r("mexico"))), (Some(Europe), None));
    assert_eq!(g.flags_placed(Europe), 15);
}

#[test]
fn a_flag_goes_when_its_nation_leaves_another_alone() {
    // Ruling I26.
    // «Флаги»: a flag stays «пока тот не будет занят войсками только другой нации»; ЧЗВ «Когда флаги убираются
    // с игрового поля?»: when one single foreign power holds the region. Europe shares Mexico and the North
    // Atlantic with the USA under its own flags and leaves both: the USA now holds them alone, and its flag
    // replaces Europe's at the flag step, as after a battle that leaves an inactive nation alone (docs/rules,
    // «Flags»).
    let mut g = four_players();
    g.set_flag("mexico", Some(Europe));
    g.put("mexico", Europe, 1, 0);
    g.put("mexico", Usa, 1, 0);
    g.set_flag("north_atlantic", Some(Europe));
    g.put("north_atlantic", Europe, 0, 1);
    g.put("north_atlantic", Usa, 0, 1);
    g.maneuvering(Europe, ManeuverStage::Fleets);
    g.play(0, Action::MoveFleet { from: r("north_atlantic"), to: r("mediterranean_sea") });
    g.play(0, Action::EndFleetMoves);
    g.play(0, Imperial2030::army_move("mexico", "colombia", &[], None));
    let events = g.play(0, Action::EndManeuver);
    assert!(
        events.contains(&Event::FlagPlaced { nation: Usa, region: r("north_atlantic"), replaced: Some(Europe) }),
        "{events:?}"
    );
    assert_eq!(g.flag(r("north_atlantic")), Some(Usa));
    assert_eq!(g.flag(r("mexico")), Some(Usa));
    assert_eq!(g.flag(r("colombia")), Some(Europe));
    assert_eq!(g.flag(r("mediterranean_sea")), Some(Europe));

    // Leaving a region empty, or shared by two others, keeps the flag.
    let mut g = four_players();
    g.set_flag("mexico", Some(Europe));
    g.put("mexico", Europe, 1, 0);
    g.put("mexico", Usa, 1, 0);
    g.put("mexico", Brazil, 1, 0);
    g.set_flag("peru", Some(Europe));
    g.put("peru", Europe, 1, 0);
    g.maneuvering(Europe, ManeuverStage::Armies);
    g.play(0, Imperial2030::army_move("mexico", "colombia", &[], None));
    g.play(0, Imperial2030::army_move("peru", "argentina", &[], None));
    g.play(0, Action::EndManeuver);
    assert_eq!((g.flag(r("mexico")), g.flag(r("peru"))), (Some(Europe), Some(Europe)));

    // With all its 15 flags out, the nation left alone places none: the leaver's flag just goes.
    let mut g = four_players();
    let regions = ["alaska", "canada", "quebec", "peru", "argentina", "guinea", "nigeria", "congo", "south_africa"];
    let more = ["east_africa", "near_east", "turkey", "iran", "afghanistan", "korea"];
    for region in regions.iter().chain(&more) {
        g.set_flag(region, Some(Usa));
    }
    g.set_flag("mexico", Some(Europe));
    g.put("mexico", Europe, 1, 0);
    g.put("mexico", Usa, 1, 0);
    g.maneuvering(Europe, ManeuverStage::Armies);
    g.play(0, Imperial2030::army_move("mexico", "colombia", &[], None));
    let events = g.play(0, Action::EndManeuver);
    assert!(events.contains(&Event::FlagRemoved { nation: Europe, region: r("mexico") }), "{events:?}");
    assert_eq!(g.flag(r("mexico")), None);
}

#[test]
fn flags_change_hands_only_at_the_flag_step() {
    // Ruling I26 (flags), ruling I21 (a canal's owner is fixed for the maneuver).
    // «Маневры»: ships move, then armies, «и, наконец, флаги кладутся»; the battle sentence of «3. Флаги»
    // belongs to that step too. Russia walks out of North Africa, leaving India there alone: its flag still
    // stands during the maneuver, so Russia's next convoy crosses Suez without asking India; a battle that
    // leaves India alone in Iran does not hand the flag over either. Both change at the flag step.
    let mut g = four_players();
    g.set_flag("north_africa", Some(Russia));
    g.put("north_africa", Russia, 1, 0);
    g.put("north_africa", India, 1, 0);
    g.set_flag("iran", Some(Russia));
    g.put("iran", India, 1, 0);
    g.put("iran", China, 1, 0);
    g.put("turkey", Russia, 2, 0);
    g.put("mediterranean_sea", Russia, 0, 1);
    g.put("indian_ocean", Russia, 0, 1);
    g.maneuvering(Russia, ManeuverStage::Armies);
    let events = g.play(0, Imperial2030::army_move("north_africa", "nigeria", &[], None));
    assert!(!events.iter().any(|e| matches!(e, Event::FlagPlaced { .. } | Event::FlagRemoved { .. })), "{events:?}");
    assert_eq!(g.flag(r("north_africa")), Some(Russia), "the flag waits for the flag step");
    g.play(0, Imperial2030::army_move("turkey", "indonesia", &["mediterranean_sea", "indian_ocean"], None));
    assert!(matches!(g.phase, Phase::Maneuver), "Russia's own canal: no question to India");
    assert_eq!(g.units(r("indonesia"), Russia).armies, 1);
    g.play(0, Imperial2030::army_move("turkey", "iran", &[], None));
    g.play(0, Action::Fight { enemy: China, enemy_unit: UnitKind::Army, enemy_stance: None });
    assert_eq!(g.sole_occupant(r("iran")), Some(India));
    assert_eq!(g.flag(r("iran")), Some(Russia), "after the battle too, the flag waits");
    let events = g.play(0, Action::EndManeuver);
    for region in ["north_africa", "iran"] {
        let placed = Event::FlagPlaced { nation: India, region: r(region), replaced: Some(Russia) };
        assert!(events.contains(&placed), "{region}: {events:?}");
        assert_eq!(g.flag(r(region)), Some(India));
    }
    assert_eq!((g.flag(r("nigeria")), g.flag(r("indonesia"))), (Some(Russia), Some(Russia)));
    assert_eq!(g.turn(), China, "the turn is over");

    // An inactive nation with fewer flags left than regions it now holds alone chooses where they go, after
    // the mover has placed its own.
    let mut g = four_players();
    let regions = ["alaska", "canada", "quebec", "peru", "argentina", "guinea", "congo", "south_africa"];
    let more = ["east_africa", "korea", "mexico", "colombia", "indochina", "philippines"];
    for region in regions.iter().chain(&more) {
        g.set_flag(region, Some(India));
    }
    for region in ["iran", "north_africa"] {
        g.set_flag(region, Some(Russia));
        g.put(region, Russia, 1, 0);
        g.put(region, India, 1, 0);
    }
    g.maneuvering(Russia, ManeuverStage::Armies);
    g.play(0, Imperial2030::army_move("iran", "afghanistan", &[], None));
    g.play(0, Imperial2030::army_move("north_africa", "nigeria", &[], None));
    let events = g.play(0, Action::EndManeuver);
    assert!(events.contains(&Event::FlagPlaced { nation: Russia, region: r("afghanistan"), replaced: None }));
    assert!(events.contains(&Event::FlagRemoved { nation: Russia, region: r("iran") }), "{events:?}");
    assert_eq!(g.decider(), Some(2), "India's government chooses");
    assert_eq!(
        g.legal_actions(2),
        vec![Action::PlaceFlag { region: r("north_africa") }, Action::PlaceFlag { region: r("iran") }]
    );
    g.play(2, Action::PlaceFlag { region: r("iran") });
    assert_eq!((g.flag(r("iran")), g.flag(r("north_africa"))), (Some(India), None));
    assert_eq!(g.turn(), China, "then the turn is over");
}

#[test]
fn power_stops_at_twenty_five() {
    // Ruling I6: the track ends at 25, and reaching it ends the game.
    let mut g = four_players();
    g.nation_mut(Russia).power = 22;
    for region in ["iran", "turkey", "ukraine", "kazakhstan", "mongolia", "korea", "japan", "afghanistan"] {
        g.set_flag(region, Some(Russia));
    }
    g.turn_of(Russia, Some(Space::Maneuver1));
    let events = g.play(0, Action::Rondel { space: Space::Taxation });
    assert!(events.iter().any(|e| matches!(e, Event::Taxed { power_gained: 5, power: 25, .. })), "{events:?}");
    assert_eq!(g.nation(Russia).power, 25);
    assert_eq!(g.phase(), &Phase::GameOver);
}

#[test]
fn a_government_tops_up_its_nations_purchase() {
    // Ruling I13: a factory or an import the treasury cannot pay for alone is paid in part by the nation's
    // government player; one the two together cannot pay for is not offered.
    let mut g = four_players();
    g.set_treasury(Russia, 2);
    g.set_cash(0, 4);
    g.turn_of(Russia, Some(Space::Taxation));
    g.play(0, Action::Rondel { space: Space::Factory });
    let events = g.play(0, Action::BuildFactory { region: r("murmansk") });
    assert!(events.iter().any(|e| matches!(e, Event::FactoryBuilt { from_treasury: 2, from_player: Some(3), .. })));
    assert_eq!((g.nation(Russia).treasury, g.cash(0)), (0, 1));
    g.set_cash(0, 2);
    g.set_treasury(Russia, 2);
    g.turn_of(Russia, Some(Space::Taxation));
    g.play(0, Action::Rondel { space: Space::Factory });
    assert!(!g.offers(&Action::BuildFactory { region: r("novosibirsk") }), "2 + 2 is short of 5");
}

#[test]
fn rail_after_an_arrival_ends_the_move() {
    // Ruling I18, the India example: an army that steps from Afghanistan into India may go on by rail to any
    // Indian province, and no further («Но на этом перемещение этой армии закончится»).
    let mut g = four_players();
    g.put("afghanistan", India, 1, 0);
    g.maneuvering(India, ManeuverStage::Armies);
    let targets: Vec<Region> = g
        .legal_actions(2)
        .iter()
        .filter_map(|a| match a {
            Action::MoveArmy { from, to, .. } if *from == r("afghanistan") => Some(*to),
            _ => None,
        })
        .collect();
    for home in ["new_delhi", "mumbai", "kolkata", "chennai"] {
        assert!(targets.contains(&r(home)), "{home} by a step and rail: {targets:?}");
    }
    assert!(!targets.contains(&r("indochina")) && !targets.contains(&r("chongqing")), "no step after the rail");
}

#[test]
fn only_taxation_adds_power() {
    // Ruling I34: factories and flags raise the tax that Taxation turns into power; building one adds none.
    let mut g = four_players();
    g.set_treasury(Russia, 10);
    g.turn_of(Russia, Some(Space::Taxation));
    g.play(0, Action::Rondel { space: Space::Factory });
    g.play(0, Action::BuildFactory { region: r("murmansk") });
    assert_eq!(g.nation(Russia).power, 0);
    g.turn_of(Russia, Some(Space::Maneuver1));
    let events = g.play(0, Action::Rondel { space: Space::Taxation });
    assert!(events.iter().any(|e| matches!(e, Event::Taxed { tax: 6, power_gained: 1, power: 1, .. })), "{events:?}");
}

#[test]
fn production_short_of_pieces_is_the_governments_choice() {
    // ЧЗВ «Что происходит, если все запасы нации использованы?»: exhausted pieces are not placed. With one
    // army left and two armaments factories, the government picks.
    let mut g = four_players();
    g.factories |= r("novosibirsk").bit();
    g.put("iran", Russia, 7, 0);
    g.turn_of(Russia, Some(Space::Maneuver1));
    let events = g.play(0, Action::Rondel { space: Space::Production2 });
    // The shipyard is not short of fleets and produces at once.
    assert!(events.contains(&Event::Produced { nation: Russia, region: r("vladivostok"), unit: UnitKind::Fleet }));
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Produce { region: r("moscow") }, Action::Produce { region: r("novosibirsk") }]
    );
    g.play(0, Action::Produce { region: r("novosibirsk") });
    assert_eq!(g.units(r("novosibirsk"), Russia).armies, 1);
    assert_eq!(g.supply(Russia, UnitKind::Army), 0);
    assert_eq!(g.units(r("moscow"), Russia).armies, 0);
}

#[test]
fn setups_for_every_player_count() {
    // Ruling I5 (the card backs).
    // «Распределение облигаций»: each card buys its own 9 bond and its partner's 2 bond; everyone keeps 2.
    let totals =
        |g: &Imperial2030| -> Vec<i32> { crate::nation::NATIONS.iter().map(|&n| g.nation(n).treasury).collect() };
    let g = game(Config { players: 2, deal: Some(vec![Russia, China]), ..Config::default() });
    assert_eq!(totals(&g), vec![11; 6]);
    assert_eq!((g.cash(0), g.cash(1)), (2, 2));
    for n in [Russia, India, Usa] {
        assert_eq!(g.government(n), Some(0));
    }
    for n in [China, Europe, Brazil] {
        assert_eq!(g.government(n), Some(1));
    }
    assert_eq!(g.investor_card(), Some(1), "left of Russia's government");

    let g = game(Config { players: 3, deal: Some(vec![India, Russia, China]), ..Config::default() });
    assert_eq!(totals(&g), vec![11; 6]);
    assert_eq!([g.government(India), g.government(Usa)], [Some(0), Some(0)]);
    assert_eq!([g.government(Russia), g.government(Brazil)], [Some(1), Some(1)]);
    assert_eq!([g.government(China), g.government(Europe)], [Some(2), Some(2)]);
    assert_eq!(g.investor_card(), Some(2));
    assert!((0..3).all(|s| g.cash(s) == 2));

    // 5 players, Europe undealt: its 2 bond came with Russia's card, so Russia's player governs it; India's 2
    // bond (Europe's card) is unsold.
    let g = game(Config { players: 5, deal: Some(vec![Russia, China, India, Brazil, Usa]), ..Config::default() });
    assert_eq!(totals(&g), vec![11, 11, 9, 11, 11, 2]);
    assert_eq!(g.government(Europe), Some(0));

    let g = game(Config { players: 6, ..Config::default() });
    assert_eq!(totals(&g), vec![11; 6]);
    assert!((0..6).all(|s| g.cash(s) == 2 && !g.has_swiss_bank(s)));

    // A random deal is drawn from the seed and is the same for the same seed.
    let a = Imperial2030::new_game(&Config::for_players(4), &ContentSet::shipped(), 11).expect("setup").0;
    let b = Imperial2030::new_game(&Config::for_players(4), &ContentSet::shipped(), 11).expect("setup").0;
    assert_eq!(a, b);

    // Bad configs are refused with the reason.
    let err = Imperial2030::new_game(
        &Config { players: 4, deal: Some(vec![Russia, Russia, China, India]), ..Config::default() },
        &ContentSet::shipped(),
        0,
    )
    .expect_err("a card dealt twice");
    assert!(err.0.contains("different one"), "{err}");
    assert!(Imperial2030::new_game(&Config::for_players(1), &ContentSet::shipped(), 0).is_err());
}

#[test]
fn experienced_setup_buys_bonds_nation_by_nation() {
    // Ruling I28 (the experienced setup).
    // «Вариант для опытных игроков»: 4 players start with 19; Russia's round begins with the starting player,
    // China's with the next, and so on; purchases are optional.
    let mut g = game(Config { players: 4, experienced: true, ..Config::default() });
    assert!((0..4).all(|s| g.cash(s) == 19));
    let first = g.decider().expect("the starting player");
    assert!(matches!(&g.phase, Phase::Invest { queue, .. } if queue.len() == 4 && queue[0].nation == Some(Russia)));
    g.play(first, Action::Invest { nation: Russia, price: 9, trade_in: None });
    let second = (first + 1) % 4;
    assert!(!g.offers(&Action::Invest { nation: China, price: 2, trade_in: None }), "only Russian bonds now");
    g.play(second, Action::Invest { nation: Russia, price: 9 + 3, trade_in: None });
    g.play((first + 2) % 4, Action::PassInvestment);
    g.play((first + 3) % 4, Action::PassInvestment);
    assert_eq!(g.government(Russia), Some(second), "the 12 beats the 9");
    assert_eq!(g.nation(Russia).treasury, 21);
    // China's round starts left of the starting player.
    assert_eq!(g.decider(), Some(second));
    assert!(matches!(&g.phase, Phase::Invest { queue, .. } if queue[0].nation == Some(China)));
}

#[test]
fn without_the_investor_card_players_invest_after_each_turn() {
    // Ruling I29 (without the Investor card).
    // «Вариант игры без карты Инвестора»: after China's turn its government buys first, then the others
    // clockwise; on Investor only interest is paid.
    let mut g = game(Config {
        players: 4,
        investor_card: false,
        deal: Some(vec![Russia, China, India, Brazil]),
        ..Config::default()
    });
    assert_eq!(g.investor_card(), None);
    for s in 0..4 {
        g.set_cash(s, 20);
    }
    g.turn_of(Russia, None);
    let events = g.play(0, Action::Rondel { space: Space::Investor });
    assert!(!events.iter().any(|e| matches!(e, Event::InvestorBonus { .. })));
    // The round for Russia starts with its government, seat 0, and offers only Russian bonds.
    assert_eq!(g.decider(), Some(0));
    assert!(
        g.legal_actions(0).iter().all(|a| matches!(a, Action::Invest { nation: Russia, .. } | Action::PassInvestment))
    );
    g.play(0, Action::PassInvestment);
    g.play(1, Action::Invest { nation: Russia, price: 12, trade_in: None });
    g.play(2, Action::PassInvestment);
    g.play(3, Action::PassInvestment);
    assert_eq!(g.government(Russia), Some(1));
    assert_eq!(g.turn(), China);
}

#[test]
fn tax_increase_bonus_pays_for_columns_gained() {
    // Ruling I30 (the tax-increase bonus).
    // «Вариант игры с бонусом за увеличение налогов», example: China's tax rises to 12, the marker moves 4
    // columns (6→8→10→11→12), a bonus of 4.
    let mut g = game(Config {
        players: 4,
        tax_increase_bonus: true,
        deal: Some(vec![Russia, China, India, Brazil]),
        ..Config::default()
    });
    g.nation_mut(China).tax_column = crate::tax::column(6);
    g.factories |= r("chongqing").bit();
    for region in ["korea", "mongolia", "indochina", "philippines", "japan", "indonesia"] {
        g.set_flag(region, Some(China));
    }
    g.turn_of(China, Some(Space::Maneuver1));
    let before = g.cash(1);
    let events = g.play(1, Action::Rondel { space: Space::Taxation });
    assert!(events.iter().any(|e| matches!(e, Event::Taxed { tax: 12, bonus: Some(4), .. })), "{events:?}");
    assert_eq!(g.cash(1) - before, 4);
    // Falling back costs nothing and pays nothing.
    for region in ["korea", "mongolia", "indochina"] {
        g.set_flag(region, None);
    }
    g.turn_of(China, Some(Space::Maneuver1));
    let events = g.play(1, Action::Rondel { space: Space::Taxation });
    assert!(events.iter().any(|e| matches!(e, Event::Taxed { tax: 9, bonus: Some(0), .. })), "{events:?}");
}

#[test]
fn hidden_cash_is_seen_only_by_its_owner() {
    // Ruling I31 (hidden cash).
    let g = game(Config { players: 3, hidden_cash: true, ..Config::default() });
    let view = g.view(Viewer::Seat(1));
    assert_eq!(view.players[1].cash, Some(2));
    assert_eq!(view.players[0].cash, None);
    assert_eq!(g.view(Viewer::Spectator).players.iter().filter(|p| p.cash.is_some()).count(), 0);
    assert!(!g.summary(Viewer::Seat(1)).contains("Player 1: cash 2"));
    let open = game(Config { players: 3, ..Config::default() });
    assert_eq!(open.view(Viewer::Spectator).players[0].cash, Some(2));
}

#[test]
fn ties_in_the_final_score_go_to_the_largest_stake_in_the_strongest_nation() {
    // Ruling I35 (final score and ties).
    // «В случае ничьей, побеждает игрок, вложивший наибольшую сумму в нацию с самым большим числом очков
    // могущества.»
    let mut g = four_players();
    for s in 0..4 {
        g.set_cash(s, 10);
    }
    g.nation_mut(Brazil).power = 3; // ×0: bonds score nothing, so everyone scores 10
    g.phase = Phase::GameOver;
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![10, 10, 10, 10]);
    // Brazil is strongest; seat 3 holds its 9 bond, seat 2 its 2.
    assert_eq!(o.ranks[3], 1);
    assert_eq!(o.ranks[2], 2);
}

#[test]
fn determinized_states_copy_the_view_and_invent_the_secrets() {
    // A bot's sampled state must show its seat the same view and must not know the hidden purses.
    let mut g = game(Config { players: 4, hidden_cash: true, ..Config::default() });
    g.set_cash(1, 1234);
    g.set_cash(2, 777);
    let view = g.view(Viewer::Seat(0));
    let mut rng = imperia_core::rng::seeded(5);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..50 {
        let sample = Imperial2030::determinize(&view, &ContentSet::shipped(), &mut rng);
        assert_eq!(sample.view(Viewer::Seat(0)), view);
        assert_eq!(sample.cash(0), g.cash(0));
        assert!(sample.cash(1) != 1234 && sample.cash(2) != 777, "a hidden purse was copied");
        seen.insert(sample.cash(1));
    }
    assert!(seen.len() > 5, "hidden purses are drawn at random: {seen:?}");
    // Without hidden cash, nothing is invented: the sample is the game itself, but for its random generator.
    let g = four_players();
    let sample = Imperial2030::determinize(&g.view(Viewer::Seat(2)), &ContentSet::shipped(), &mut rng);
    assert_eq!(sample.cash, g.cash);
    assert_eq!(
        (sample.units.clone(), sample.flags.clone(), sample.factories),
        (g.units.clone(), g.flags.clone(), g.factories)
    );
}
