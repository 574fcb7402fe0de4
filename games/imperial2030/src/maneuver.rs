//! Maneuver («Маневры»): fleets move, then armies (one land step or a convoy, with rail before and after),
//! battles are declared by the mover and then by each other nation present, canals need their owner's
//! permission, and three armies may destroy a factory; flags change hands only at the flag step that follows.

use imperia_core::{RuleError, words};

use crate::action::Action;
use crate::board::{Region, regions_in};
use crate::cite;
use crate::event::Event;
use crate::nation::{NATIONS, Nation, UnitKind};
use crate::state::{Imperial2030, Maneuver, ManeuverStage, PendingMove, Phase, Stance, Units};

/// Which piece of kind `kind` among `pieces` a player may name as the one that goes: an army of either
/// stance where armies of both stand, else nothing to name (docs/rules, «Which piece goes»).
fn piece_choices(pieces: Units, kind: UnitKind) -> Vec<Option<Stance>> {
    if kind == UnitKind::Army && pieces.hostile() > 0 && pieces.friendly > 0 {
        vec![Some(Stance::Hostile), Some(Stance::Friendly)]
    } else {
        vec![None]
    }
}

/// The stance of the army `named` names among `pieces`, or of the only kind there is.
fn named_army(pieces: Units, named: Option<Stance>) -> Stance {
    named.unwrap_or(if pieces.hostile() > 0 { Stance::Hostile } else { Stance::Friendly })
}

/// Why `named` does not name a piece of kind `kind` among `pieces` as the rules need it named, if it does
/// not: a stance where armies of both stand, else none. `whose` names the armies: "Russia's armies in Berlin".
fn naming_error(pieces: Units, kind: UnitKind, named: Option<Stance>, whose: &str) -> Option<String> {
    if piece_choices(pieces, kind).contains(&named) {
        return None;
    }
    Some(match (named, kind) {
        (None, _) => format!("{whose} are both hostile and friendly: say which one"),
        (Some(_), UnitKind::Fleet) => "a fleet has no stance: name none".to_string(),
        (Some(_), UnitKind::Army) if pieces.armies == 0 => format!("{whose}: there are none"),
        (Some(_), UnitKind::Army) => {
            let all = if pieces.friendly == 0 { "hostile" } else { "friendly" };
            format!("{whose} are all {all}: there is no choice to make, so name no stance")
        }
    })
}

/// Remove the piece of kind `kind` that `named` names among `u`'s.
fn remove_piece(u: &mut Units, kind: UnitKind, named: Option<Stance>) {
    match kind {
        UnitKind::Army => u.remove_army(named_army(*u, named)),
        UnitKind::Fleet => u.fleets -= 1,
    }
}

/// The moving nation's unblocked home provinces (its railway), and every nation's factories free of hostile
/// armies.
#[derive(Clone, Copy)]
struct ArmyContext {
    network: u64,
    unoccupied: [u64; 6],
}

impl Imperial2030 {
    /// Whether a piece of kind `a` can fight one of kind `b` in `region`: like fights like, and armies fight
    /// fleets only in a harbour, that is, on land («Армии и корабли могут воевать между собой, только если
    /// корабль находится в гавани»).
    fn can_fight(&self, region: Region, a: UnitKind, b: UnitKind) -> bool {
        a == b || !self.board.info(region).is_sea()
    }

    fn maneuver_state(&self) -> Option<&Maneuver> {
        self.maneuver.as_ref()
    }

    fn stage(&self) -> ManeuverStage {
        self.maneuver_state().map_or(ManeuverStage::Fleets, |m| m.stage)
    }

    /// Pieces of the moving nation in `r` that have not moved this turn.
    fn idle(&self, kind: UnitKind, r: Region) -> u8 {
        self.idle_units(r).count(kind)
    }

    /// The moving nation's pieces in `r` that have not moved this turn, friendly armies counted apart: those
    /// that arrived this turn keep the stance they entered with.
    fn idle_units(&self, r: Region) -> Units {
        let u = self.units(r, self.turn);
        let Some(m) = self.maneuver_state() else {
            return u;
        };
        Units {
            armies: u.armies - m.moved(UnitKind::Army, r),
            fleets: u.fleets - m.moved(UnitKind::Fleet, r),
            friendly: u.friendly - m.arrived_friendly(r),
        }
    }

    fn canal_refused(&self, canal: usize) -> bool {
        self.maneuver_state().is_some_and(|m| m.refused_canals.contains(&canal))
    }

    /// Everything the moving nation may do in the current stage.
    pub(crate) fn maneuver_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        match self.stage() {
            ManeuverStage::Fleets => {
                actions.extend(self.fleet_moves());
                actions.extend(self.attacks(UnitKind::Fleet));
                actions.push(Action::EndFleetMoves);
            }
            ManeuverStage::Armies => {
                let context = self.army_context();
                for from in self.board.all() {
                    if self.idle(UnitKind::Army, from) > 0 {
                        actions.extend(self.army_moves_with(from, &context));
                    }
                }
                actions.extend(self.attacks(UnitKind::Army));
                actions.extend(self.factory_destructions());
                actions.push(Action::EndManeuver);
            }
        }
        actions
    }

    /// Each fleet may sail to a neighbouring sea; a fleet in harbour only into its harbour's sea
    /// («Корабль, выплывающий из лондонской гавани, может переместиться только в Северную Атлантику»).
    fn fleet_moves(&self) -> Vec<Action> {
        let b = &*self.board;
        let mut moves = Vec::new();
        for from in b.all().filter(|&r| self.idle(UnitKind::Fleet, r) > 0) {
            let info = self.board.info(from);
            let targets = match info.harbour {
                Some(h) if !info.is_sea() => h.bit(),
                _ => info.neighbours & b.seas,
            };
            for to in regions_in(targets) {
                if b.canal_between(from, to).is_some_and(|c| self.canal_refused(c)) {
                    continue;
                }
                moves.push(Action::MoveFleet { from, to });
            }
        }
        moves
    }

    /// The moving nation's home provinces reachable by rail from `start`: its own home provinces not
    /// blocked by a hostile army, joined by their common borders («Железная дорога»). A blocked province is
    /// off the network entirely (ЧЗВ «Что означает фраза „сеть железных дорог заблокирована“?»).
    fn rail_from(&self, network: u64, start: Region) -> u64 {
        if network & start.bit() == 0 {
            return start.bit();
        }
        let mut reached = start.bit();
        loop {
            let next = regions_in(reached).fold(reached, |m, r| m | (self.board.info(r).neighbours & network));
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// Seas where the moving nation has a fleet that has not yet carried an army this turn.
    fn convoy_seas(&self) -> u64 {
        let Some(m) = self.maneuver_state() else {
            return 0;
        };
        regions_in(self.board.seas)
            .filter(|&s| self.units(s, self.turn).fleets > m.convoys[s.index()])
            .fold(0, |acc, s| acc | s.bit())
    }

    /// Chains of convoying seas from `starts`: for every sea the fleets can carry an army to, the shortest
    /// chain that avoids the canals, and a shorter one through a canal if there is one; the army may land
    /// on any land bordering the chain's last sea (docs/rules/imperial2030.md, «Convoy routes»).
    fn convoy_routes(&self, starts: u64) -> Vec<(Region, Vec<Region>)> {
        let b = &*self.board;
        let seas = self.convoy_seas();
        let embark = regions_in(starts).fold(0, |m, r| m | self.board.info(r).neighbours) & seas;
        if embark == 0 {
            return Vec::new();
        }
        // Breadth-first over the seas, remembering each sea's predecessor and chain length.
        let search = |through_canals: bool| -> ([u8; 64], [u8; 64]) {
            let (mut parent, mut length) = ([u8::MAX; 64], [0u8; 64]);
            let mut frontier = embark;
            let mut seen = embark;
            let mut depth = 1;
            while frontier != 0 {
                let mut next = 0u64;
                for sea in regions_in(frontier) {
                    length[sea.index()] = depth;
                    for to in regions_in(self.board.info(sea).neighbours & seas & !seen) {
                        if b.canal_between(sea, to).is_some_and(|c| !through_canals || self.canal_refused(c)) {
                            continue;
                        }
                        seen |= to.bit();
                        parent[to.index()] = sea.0;
                        next |= to.bit();
                    }
                }
                frontier = next;
                depth += 1;
            }
            (parent, length)
        };
        let chain = |parent: &[u8; 64], sea: Region| -> Vec<Region> {
            let mut path = vec![sea];
            while let Some(&p) = parent.get(path[path.len() - 1].index()).filter(|&&p| p != u8::MAX) {
                path.push(Region(p));
            }
            path.reverse();
            path
        };
        let (plain, plain_length) = search(false);
        let (canal, canal_length) = search(true);
        let mut routes = Vec::new();
        for sea in regions_in(seas) {
            let i = sea.index();
            let mut chains = Vec::with_capacity(2);
            if plain_length[i] > 0 {
                chains.push(chain(&plain, sea));
            }
            if canal_length[i] > 0 && (plain_length[i] == 0 || canal_length[i] < plain_length[i]) {
                chains.push(chain(&canal, sea));
            }
            for path in chains {
                for land in regions_in(self.board.info(sea).neighbours & !b.seas) {
                    routes.push((land, path.clone()));
                }
            }
        }
        routes
    }

    /// Where an army in `from` may go, and how: rail through the nation's own provinces, then one land step
    /// or a convoy, then rail again if it arrived in its homeland (docs/rules, «Rail before and after»).
    /// A destination reached over land is offered only over land; one reached by sea, by each chain of
    /// [`Self::convoy_routes`] that leads there.
    fn army_moves_from(&self, from: Region) -> Vec<Action> {
        if self.stage() != ManeuverStage::Armies || self.idle(UnitKind::Army, from) == 0 {
            return Vec::new();
        }
        self.army_moves_with(from, &self.army_context())
    }

    /// What every army move of the turn's position shares, computed once per listing.
    fn army_context(&self) -> ArmyContext {
        ArmyContext { network: self.free_homes(self.turn), unoccupied: NATIONS.map(|n| self.unoccupied_factories(n)) }
    }

    fn army_moves_with(&self, from: Region, context: &ArmyContext) -> Vec<Action> {
        let b = &*self.board;
        let ArmyContext { network, unoccupied } = *context;
        let starts = self.rail_from(network, from);
        let after_rail = |t: Region| if network & t.bit() != 0 { self.rail_from(network, t) } else { t.bit() };
        let mut overland = starts;
        for s in regions_in(starts) {
            for t in regions_in(self.board.info(s).neighbours & !b.seas) {
                overland |= after_rail(t);
            }
        }
        overland &= !from.bit();
        let mut destinations: Vec<(Region, Vec<Region>)> = regions_in(overland).map(|t| (t, Vec::new())).collect();
        for (land, path) in self.convoy_routes(starts) {
            for t in regions_in(after_rail(land) & !overland & !from.bit()) {
                if !destinations.iter().any(|(d, p)| *d == t && *p == path) {
                    destinations.push((t, path.clone()));
                }
            }
        }
        destinations.sort_by(|(t, p), (u, q)| (t.index(), p.len(), p).cmp(&(u.index(), q.len(), q)));
        let leaving = piece_choices(self.idle_units(from), UnitKind::Army);
        let mut moves = Vec::with_capacity(destinations.len() * leaving.len() + 4);
        for (to, convoy) in destinations {
            for stance in self.entry_stances(to, &unoccupied) {
                for &leaving in &leaving {
                    moves.push(Action::MoveArmy { from, to, convoy: convoy.clone(), stance, leaving });
                }
            }
        }
        moves
    }

    /// How an army may enter `to`: a foreign home province hostile or friendly, except that the province of
    /// a nation's last factory not occupied by hostile armies may be entered only as friendly
    /// («Провинции Великих Держав»).
    fn entry_stances(&self, to: Region, unoccupied_factories: &[u64; 6]) -> Vec<Option<Stance>> {
        match self.board.info(to).home {
            Some(owner) if owner != self.turn => {
                if unoccupied_factories[owner.index()] == to.bit() {
                    vec![Some(Stance::Friendly)]
                } else {
                    vec![Some(Stance::Hostile), Some(Stance::Friendly)]
                }
            }
            _ => vec![None],
        }
    }

    /// Attacks by pieces of the moving nation that have not moved, on pieces sharing their region («Корабли
    /// действующей нации, оставшиеся на своих местах, все же могут нападать»). Where armies of both stances
    /// could be meant, on either side, the attacker names which.
    fn attacks(&self, unit: UnitKind) -> Vec<Action> {
        let mut actions = Vec::new();
        for region in self.board.all().filter(|&r| self.idle(unit, r) > 0) {
            let own = piece_choices(self.idle_units(region), unit);
            for enemy in self.occupants(region).filter(|&n| n != self.turn) {
                let theirs = self.units(region, enemy);
                for enemy_unit in [UnitKind::Army, UnitKind::Fleet] {
                    if theirs.count(enemy_unit) == 0 || !self.can_fight(region, unit, enemy_unit) {
                        continue;
                    }
                    for &stance in &own {
                        for enemy_stance in piece_choices(theirs, enemy_unit) {
                            actions.push(Action::Attack { region, unit, enemy, enemy_unit, stance, enemy_stance });
                        }
                    }
                }
            }
        }
        actions
    }

    /// Three armies in a foreign home province without defending pieces may destroy its factory, unless it
    /// is the owner's last factory not occupied by hostile armies («Уничтожение фабрики»). Where the armies
    /// there are of both stances and more than three, the player says how many of the three lie down.
    fn factory_destructions(&self) -> Vec<Action> {
        let a = self.turn;
        let mut actions = Vec::new();
        for region in regions_in(self.factories) {
            let Some(owner) = self.board.info(region).home else {
                continue;
            };
            let u = self.units(region, a);
            if owner == a
                || u.armies < 3
                || !self.units(region, owner).is_empty()
                || self.unoccupied_factories(owner) == region.bit()
            {
                continue;
            }
            let fewest = 3u8.saturating_sub(u.hostile());
            let most = u.friendly.min(3);
            if fewest == most {
                actions.push(Action::DestroyFactory { region, friendly: None });
            } else {
                actions.extend((fewest..=most).map(|k| Action::DestroyFactory { region, friendly: Some(k) }));
            }
        }
        actions
    }

    /// Why a maneuver action cannot be taken now, or `Ok`.
    pub(crate) fn check_maneuver(&self, action: &Action) -> Result<(), RuleError> {
        let stage = self.stage();
        let legal = match action {
            Action::MoveFleet { from, .. } => {
                if stage != ManeuverStage::Fleets {
                    return Err(RuleError::new("fleets have finished moving; armies move now", cite::FLEETS));
                }
                if self.idle(UnitKind::Fleet, *from) == 0 {
                    return Err(RuleError::new(
                        format!("{} has no fleet in {from} that has not moved", self.turn),
                        cite::FLEETS,
                    ));
                }
                self.fleet_moves().contains(action)
            }
            Action::MoveArmy { from, .. } => {
                if stage != ManeuverStage::Armies {
                    return Err(RuleError::new(
                        "fleets move first: end the fleet moves before moving armies",
                        cite::FLEETS,
                    ));
                }
                if self.idle(UnitKind::Army, *from) == 0 {
                    return Err(RuleError::new(
                        format!("{} has no army in {from} that has not moved", self.turn),
                        cite::ARMIES,
                    ));
                }
                if !self.army_moves_from(*from).contains(action) {
                    return Err(self.explain_army_move(action));
                }
                true
            }
            Action::Attack { unit, .. } => {
                let right_stage = matches!(
                    (unit, stage),
                    (UnitKind::Fleet, ManeuverStage::Fleets) | (UnitKind::Army, ManeuverStage::Armies)
                );
                right_stage && self.attacks(*unit).contains(action)
            }
            Action::DestroyFactory { .. } => {
                stage == ManeuverStage::Armies && self.factory_destructions().contains(action)
            }
            Action::EndFleetMoves => stage == ManeuverStage::Fleets,
            Action::EndManeuver => stage == ManeuverStage::Armies,
            _ => false,
        };
        if legal {
            return Ok(());
        }
        let (message, rule) = match action {
            Action::MoveFleet { from, to } => (format!("a fleet in {from} cannot sail to {to}"), cite::FLEETS),
            Action::Attack { region, unit, enemy, enemy_unit, stance, enemy_stance } => {
                let a = self.turn;
                // The attack is possible with other stances named: say what to name.
                let possible = self.attacks(*unit).iter().any(|o| {
                    matches!(o, Action::Attack { region: r, enemy: e, enemy_unit: k, .. }
                        if r == region && e == enemy && k == enemy_unit)
                });
                let misnamed = possible
                    .then(|| {
                        let own = format!("{a}'s idle armies in {region}");
                        let theirs = format!("{enemy}'s armies in {region}");
                        naming_error(self.idle_units(*region), *unit, *stance, &own)
                            .or_else(|| naming_error(self.units(*region, *enemy), *enemy_unit, *enemy_stance, &theirs))
                    })
                    .flatten();
                let message = misnamed.unwrap_or_else(|| {
                    format!(
                        "no idle {a} {unit} in {region} can attack {} there now",
                        words::a(&format!("{enemy} {enemy_unit}"))
                    )
                });
                (message, cite::BATTLE)
            }
            Action::DestroyFactory { region, .. } => {
                let here: Vec<Option<u8>> = self
                    .factory_destructions()
                    .into_iter()
                    .filter_map(|o| match o {
                        Action::DestroyFactory { region: r, friendly } if r == *region => Some(friendly),
                        _ => None,
                    })
                    .collect();
                let message = match here.as_slice() {
                    [] => format!(
                        "the factory in {region} cannot be destroyed: it takes three armies, no defenders, and not the owner's last unoccupied factory"
                    ),
                    [None] => format!(
                        "the three armies that destroy the factory in {region} leave no choice of stance: say nothing of how many are friendly"
                    ),
                    choices => format!(
                        "{}'s armies in {region} are both hostile and friendly: say how many of the three are friendly, from {} to {}",
                        self.turn,
                        choices.first().copied().flatten().unwrap_or(0),
                        choices.last().copied().flatten().unwrap_or(3)
                    ),
                };
                (message, cite::DESTROY_FACTORY)
            }
            Action::EndFleetMoves => ("fleet moves are already over".into(), cite::FLEETS),
            _ => ("end the fleet moves first".into(), cite::FLEETS),
        };
        Err(RuleError::new(message, rule))
    }

    fn explain_army_move(&self, action: &Action) -> RuleError {
        let Action::MoveArmy { from, to, convoy, stance, leaving } = action else {
            return RuleError::new("not an army move", cite::ARMIES);
        };
        let reachable: Vec<Action> = self.army_moves_from(*from);
        let to_there: Vec<&Action> =
            reachable.iter().filter(|a| matches!(a, Action::MoveArmy { to: t, .. } if t == to)).collect();
        if self.board.info(*to).is_sea() {
            return RuleError::new("armies cannot end a move at sea", cite::ARMIES);
        }
        if to_there.is_empty() {
            return RuleError::new(
                format!(
                    "an army in {from} cannot reach {to}: one land step (armies cross only the Rome–Turkey and Paris–London straits) or a chain of seas each holding one of your fleets that has not carried an army this turn, with rail through your unblocked home provinces before and after"
                ),
                cite::ARMIES,
            );
        }
        if !to_there.iter().any(|a| matches!(a, Action::MoveArmy { stance: s, .. } if s == stance)) {
            return RuleError::new(
                match (self.board.info(*to).home.is_some_and(|n| n != self.turn), stance) {
                    (false, _) => format!("{to} is not a foreign home province; give no stance"),
                    (true, None) => {
                        format!("{to} is a foreign home province: say whether the army enters hostile or friendly")
                    }
                    (true, _) => {
                        format!("{to} holds its nation's last unoccupied factory: armies may enter only as friendly")
                    }
                },
                cite::HOME_PROVINCES,
            );
        }
        let whose = format!("{}'s armies in {from} that have not moved", self.turn);
        if let Some(message) = naming_error(self.idle_units(*from), UnitKind::Army, *leaving, &whose) {
            return RuleError::new(message, cite::HOME_PROVINCES);
        }
        let offered: Vec<String> = to_there
            .iter()
            .filter_map(|a| match a {
                Action::MoveArmy { convoy, .. } if convoy.is_empty() => Some("over land".to_string()),
                Action::MoveArmy { convoy, .. } => {
                    Some(convoy.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(" → "))
                }
                _ => None,
            })
            .collect();
        RuleError::new(
            format!(
                "the route {:?} is not offered; {to} is reached {}",
                convoy.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
                offered.join(" or ")
            ),
            cite::ARMIES,
        )
    }

    /// Carry out a checked maneuver action.
    pub(crate) fn apply_maneuver(&mut self, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::MoveFleet { from, to } => self.request_move(PendingMove::Fleet { from: *from, to: *to }, events),
            Action::MoveArmy { from, to, convoy, stance, leaving } => self.request_move(
                PendingMove::Army { from: *from, to: *to, convoy: convoy.clone(), stance: *stance, leaving: *leaving },
                events,
            ),
            Action::Attack { region, unit, enemy, enemy_unit, stance, enemy_stance } => {
                let a = self.turn;
                // The attacker is an idle piece: of the stance named, or of the only stance idle there.
                let own = Some(named_army(self.idle_units(*region), *stance));
                remove_piece(self.units_mut(*region, a), *unit, own);
                remove_piece(self.units_mut(*region, *enemy), *enemy_unit, *enemy_stance);
                events.push(Event::Battle {
                    region: *region,
                    attacker: a,
                    attacker_unit: *unit,
                    defender: *enemy,
                    defender_unit: *enemy_unit,
                });
            }
            Action::DestroyFactory { region, friendly } => {
                let a = self.turn;
                let owner = self.board.info(*region).home.unwrap_or(a);
                self.factories &= !region.bit();
                // As many of the three lie down as the player named, or as must where nothing was left to name.
                let lying = friendly.unwrap_or(3u8.saturating_sub(self.units(*region, a).hostile()));
                for (stance, count) in [(Stance::Friendly, lying), (Stance::Hostile, 3 - lying)] {
                    for _ in 0..count {
                        self.units_mut(*region, a).remove_army(stance);
                    }
                    // Of each stance, the armies that arrived this turn go first: the others may still move.
                    if let Some(m) = &mut self.maneuver {
                        let friendly_arrivals = m.arrived_friendly(*region);
                        let arrived = match stance {
                            Stance::Friendly => friendly_arrivals,
                            Stance::Hostile => m.moved_armies[region.index()] - friendly_arrivals,
                        };
                        for _ in 0..count.min(arrived) {
                            m.forget_arrival(*region, stance);
                        }
                    }
                }
                events.push(Event::FactoryDestroyed { region: *region, owner, by: a });
            }
            Action::EndFleetMoves => {
                if let Some(m) = &mut self.maneuver {
                    m.stage = ManeuverStage::Armies;
                }
            }
            Action::EndManeuver => self.flag_step(events),
            _ => {}
        }
    }

    /// Canals to cross on a move whose controller is another governed nation, and so must be asked.
    fn canals_to_ask(&self, movement: &PendingMove) -> Vec<usize> {
        let b = &*self.board;
        let legs: Vec<(Region, Region)> = match movement {
            PendingMove::Fleet { from, to } => vec![(*from, *to)],
            PendingMove::Army { convoy, .. } => convoy.windows(2).map(|w| (w[0], w[1])).collect(),
        };
        let mut canals = Vec::new();
        for (x, y) in legs {
            if let Some(c) = b.canal_between(x, y) {
                let controller = self.flag(b.canals[c].controlled_from);
                if controller.is_some_and(|n| n != self.turn && self.government(n).is_some()) && !canals.contains(&c) {
                    canals.push(c);
                }
            }
        }
        canals
    }

    /// Ask the canal owners, if any, then move.
    fn request_move(&mut self, movement: PendingMove, events: &mut Vec<Event>) {
        let canals = self.canals_to_ask(&movement);
        match canals.first().and_then(|&c| self.flag(self.board.canals[c].controlled_from)) {
            Some(controller) => self.phase = Phase::Canal { canals, controller, movement },
            None => self.execute_move(movement, events),
        }
    }

    /// The canal owner's answer («владелец этого флага контролирует проход через канал и может запрещать
    /// или разрешать проход»). A refusal cancels the move; that canal is not asked again this turn.
    pub(crate) fn answer_canal(&mut self, permit: bool, events: &mut Vec<Event>) {
        let Phase::Canal { mut canals, controller, movement } = std::mem::replace(&mut self.phase, Phase::Maneuver)
        else {
            return;
        };
        let canal = canals.remove(0);
        let name = self.board.canals[canal].name.clone();
        if !permit {
            events.push(Event::PassageRefused { canal: name, by: controller });
            if let Some(m) = &mut self.maneuver {
                m.refused_canals.push(canal);
            }
            return;
        }
        events.push(Event::PassagePermitted { canal: name, by: controller });
        match canals.first().and_then(|&c| self.flag(self.board.canals[c].controlled_from)) {
            Some(next) => self.phase = Phase::Canal { canals, controller: next, movement },
            None => self.execute_move(movement, events),
        }
    }

    fn execute_move(&mut self, movement: PendingMove, events: &mut Vec<Event>) {
        let a = self.turn;
        self.phase = Phase::Maneuver;
        match movement {
            PendingMove::Fleet { from, to } => {
                self.units_mut(from, a).fleets -= 1;
                self.units_mut(to, a).fleets += 1;
                if let Some(m) = &mut self.maneuver {
                    m.moved_fleets[to.index()] += 1;
                }
                events.push(Event::FleetMoved { nation: a, from, to });
                self.arrive(to, UnitKind::Fleet, None);
            }
            PendingMove::Army { from, to, convoy, stance, leaving } => {
                // The army that goes has not moved: of the stance the player named, or of the only stance of
                // the idle armies there; the ones that arrived this turn stay as they entered (docs/rules,
                // «Which piece goes»).
                let goes = named_army(self.idle_units(from), leaving);
                self.units_mut(from, a).remove_army(goes);
                let u = self.units_mut(to, a);
                u.armies += 1;
                if stance == Some(Stance::Friendly) {
                    u.friendly += 1;
                }
                if let Some(m) = &mut self.maneuver {
                    m.moved_armies[to.index()] += 1;
                    if stance == Some(Stance::Friendly) {
                        m.arrived_friendly.push(to);
                    }
                    for sea in &convoy {
                        m.convoys[sea.index()] += 1;
                    }
                }
                events.push(Event::ArmyMoved { nation: a, from, to, convoy, stance });
                self.arrive(to, UnitKind::Army, stance);
            }
        }
    }

    /// Nations other than the mover with a piece in `region` that can fight a `unit`, in turn order after
    /// the mover (docs/rules, «Order of battle declarations»), if they have a government to decide.
    fn opponents(&self, region: Region, unit: UnitKind) -> Vec<Nation> {
        let a = self.turn;
        (1..6)
            .map(|i| Nation::from_index(a.index() + i))
            .filter(|&n| {
                self.government(n).is_some()
                    && [UnitKind::Army, UnitKind::Fleet]
                        .iter()
                        .any(|&k| self.units(region, n).count(k) > 0 && self.can_fight(region, unit, k))
            })
            .collect()
    }

    /// A piece entered `region`: if other nations' pieces are there, the mover, then each of them, may
    /// declare a battle.
    fn arrive(&mut self, region: Region, unit: UnitKind, stance: Option<Stance>) {
        let opponents = self.opponents(region, unit);
        if opponents.is_empty() {
            return;
        }
        let mut deciders = vec![self.turn];
        deciders.extend(opponents);
        self.phase = Phase::Battle { region, unit, stance, deciders };
    }

    pub(crate) fn battle_actions(&self) -> Vec<Action> {
        let Phase::Battle { region, unit, deciders, .. } = &self.phase else {
            return Vec::new();
        };
        let Some(&decider) = deciders.first() else {
            return Vec::new();
        };
        // Whoever declares names the piece it takes on and, declaring against the newcomer, its own piece,
        // where armies of both stances could be meant (docs/rules, «Which piece goes»).
        let mut actions = Vec::new();
        if decider == self.turn {
            for enemy in self.opponents(*region, *unit) {
                let theirs = self.units(*region, enemy);
                for enemy_unit in [UnitKind::Army, UnitKind::Fleet] {
                    if theirs.count(enemy_unit) > 0 && self.can_fight(*region, *unit, enemy_unit) {
                        for enemy_stance in piece_choices(theirs, enemy_unit) {
                            actions.push(Action::Fight { enemy, enemy_unit, enemy_stance });
                        }
                    }
                }
            }
        } else {
            let own_pieces = self.units(*region, decider);
            for own in [UnitKind::Army, UnitKind::Fleet] {
                if own_pieces.count(own) > 0 && self.can_fight(*region, own, *unit) {
                    for stance in piece_choices(own_pieces, own) {
                        actions.push(Action::Defend { unit: own, stance });
                    }
                }
            }
        }
        actions.push(Action::NoBattle);
        actions
    }

    /// Why a battle declaration is refused: a piece misnamed, or no such battle.
    pub(crate) fn explain_battle(&self, action: &Action) -> RuleError {
        let Phase::Battle { region, .. } = &self.phase else {
            return RuleError::new("there is no battle to declare now", cite::BATTLE);
        };
        let offered = self.battle_actions();
        let misnamed = match *action {
            Action::Fight { enemy, enemy_unit, enemy_stance }
                if offered.iter().any(
                    |o| matches!(o, Action::Fight { enemy: e, enemy_unit: k, .. } if *e == enemy && *k == enemy_unit),
                ) =>
            {
                naming_error(
                    self.units(*region, enemy),
                    enemy_unit,
                    enemy_stance,
                    &format!("{enemy}'s armies in {region}"),
                )
            }
            Action::Defend { unit, stance }
                if offered.iter().any(|o| matches!(o, Action::Defend { unit: u, .. } if *u == unit)) =>
            {
                let decider = self.battle_decider().unwrap_or(self.turn);
                naming_error(self.units(*region, decider), unit, stance, &format!("{decider}'s armies in {region}"))
            }
            _ => None,
        };
        RuleError::new(
            misnamed.unwrap_or_else(|| {
                format!(
                    "“{action}” is not possible in this battle: the pieces must be there, and armies fight fleets only in harbour"
                )
            }),
            cite::BATTLE,
        )
    }

    /// The nation asked whether it declares the battle now.
    fn battle_decider(&self) -> Option<Nation> {
        match &self.phase {
            Phase::Battle { deciders, .. } => deciders.first().copied(),
            _ => None,
        }
    }

    /// Resolve a battle declaration: the piece that entered and one piece of the other side destroy each
    /// other. Once declined by everybody, the pieces share the region.
    pub(crate) fn apply_battle(&mut self, action: &Action, events: &mut Vec<Event>) {
        let Phase::Battle { region, unit, stance, mut deciders } = std::mem::replace(&mut self.phase, Phase::Maneuver)
        else {
            return;
        };
        let a = self.turn;
        let decider = deciders.remove(0);
        // The other side's piece: the one named, where armies of both stances could be meant.
        let (attacker, attacker_unit, defender, defender_unit, named) = match *action {
            Action::Fight { enemy, enemy_unit, enemy_stance } => (a, unit, enemy, enemy_unit, enemy_stance),
            Action::Defend { unit: own, stance: own_stance } => (decider, own, a, unit, own_stance),
            _ => {
                events.push(Event::NoBattle { nation: decider, region });
                if !deciders.is_empty() {
                    self.phase = Phase::Battle { region, unit, stance, deciders };
                }
                return;
            }
        };
        // The mover's piece is the one that just arrived, with the stance it entered with.
        let newcomer = named_army(self.units(region, a), stance);
        remove_piece(self.units_mut(region, a), unit, Some(newcomer));
        if let Some(m) = &mut self.maneuver {
            match unit {
                UnitKind::Army => m.forget_arrival(region, newcomer),
                UnitKind::Fleet => m.moved_fleets[region.index()] -= 1,
            }
        }
        let other = if attacker == a { (defender, defender_unit) } else { (attacker, attacker_unit) };
        remove_piece(self.units_mut(region, other.0), other.1, named);
        events.push(Event::Battle { region, attacker, attacker_unit, defender, defender_unit });
    }

    /// Regions outside the home provinces that `n` alone holds and that carry no flag of its own: where its
    /// flags go at the flag step.
    fn unflagged_holdings(&self, n: Nation) -> u64 {
        self.board
            .all()
            .filter(|&r| {
                self.board.info(r).home.is_none() && self.flag(r) != Some(n) && self.sole_occupant(r) == Some(n)
            })
            .fold(0, |m, r| m | r.bit())
    }

    /// The flag step («3. Флаги»), after ships and armies have moved: every flag goes from a region that a
    /// single other nation now holds (the FAQ: a flag goes only then), and each nation puts its flags in the
    /// regions it alone holds — the moving nation first, in the regions it has just taken, then each inactive
    /// nation that a battle or a departure left alone somewhere («…в таком случае ее флаг и выставляется в
    /// регион вместо предыдущего»). A nation with too few flags left chooses where they go; with none, the
    /// old flag just goes («Если нация выставила на поле все 15 флагов...»). Nothing changes hands during the
    /// maneuver itself, canal control included (docs/rules, «Flags»).
    fn flag_step(&mut self, events: &mut Vec<Event>) {
        let mut removed = Vec::new();
        for n in NATIONS {
            for region in regions_in(self.unflagged_holdings(n)) {
                if let Some(old) = self.flags[region.index()].take() {
                    removed.push((region, old));
                }
            }
        }
        self.place_flags_from(0, removed, events);
    }

    /// The nation at `position` in the order of the flag step: the moving nation (0), then the others in turn
    /// order.
    fn flag_order(&self, position: usize) -> Nation {
        Nation::from_index(self.turn.index() + position)
    }

    /// Place flags for the nations from `position` of [`Self::flag_order`] on, stopping where a government
    /// must choose; `removed` are the old flags taken off, reported as replaced or removed.
    fn place_flags_from(&mut self, position: usize, mut removed: Vec<(Region, Nation)>, events: &mut Vec<Event>) {
        for position in position..NATIONS.len() {
            let n = self.flag_order(position);
            let candidates = self.unflagged_holdings(n);
            let left = self.flags_left(n);
            if candidates == 0 || left == 0 {
                continue;
            }
            if candidates.count_ones() > u32::from(left) {
                for (region, old) in removed {
                    events.push(Event::FlagRemoved { nation: old, region });
                }
                let nation = (position > 0).then_some(n);
                self.phase = Phase::Flags { candidates, nation };
                return;
            }
            for region in regions_in(candidates) {
                let replaced = removed.iter().position(|&(r, _)| r == region).map(|i| removed.remove(i).1);
                self.flags[region.index()] = Some(n);
                events.push(Event::FlagPlaced { nation: n, region, replaced });
            }
        }
        for (region, old) in removed {
            events.push(Event::FlagRemoved { nation: old, region });
        }
        self.end_action(events);
    }

    /// The nation whose flags a [`Phase::Flags`] decision places.
    pub(crate) fn flag_nation(&self) -> Nation {
        match self.phase {
            Phase::Flags { nation: Some(n), .. } => n,
            _ => self.turn,
        }
    }

    pub(crate) fn place_chosen_flag(&mut self, region: Region, events: &mut Vec<Event>) {
        let Phase::Flags { candidates, nation } = self.phase else {
            return;
        };
        let n = self.flag_nation();
        self.flags[region.index()] = Some(n);
        events.push(Event::FlagPlaced { nation: n, region, replaced: None });
        let candidates = candidates & !region.bit();
        if candidates == 0 || self.flags_left(n) == 0 {
            let position = (n.index() + NATIONS.len() - self.turn.index()) % NATIONS.len();
            self.place_flags_from(position + 1, Vec::new(), events);
        } else {
            self.phase = Phase::Flags { candidates, nation };
        }
    }
}
