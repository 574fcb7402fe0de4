//! Questions about the map — which spaces are on the board, protected, isolated, joined — and the one place
//! where flags change hands, so that what follows a change (conflict markers coming off, Huguenots leaving,
//! advantages changing hands) happens whoever causes it (§3.2.8, §3.8.2, §5.4.1, §8.1).

use crate::content::{Content, Flag, Power, SpaceId, SpaceSet};
use crate::event::Event;
use crate::state::{Board, ImperialStruggle};

/// See [`ImperialStruggle::isolated_markets`].
fn isolated_on(c: &Content, board: &Board, power: Power) -> SpaceSet {
    let m = &c.masks;
    let mine = board.of(power);
    let anchors = mine.and(m.territory.or(m.fort).or(m.naval));
    let markets = mine.and(m.market);
    let links = markets.without(board.conflict);
    let near =
        |set: SpaceSet| -> SpaceSet { set.iter().fold(SpaceSet::EMPTY, |acc, s| acc.or(m.neighbours[s.index()])) };
    // Conflict-free markets reachable from an anchor through conflict-free markets.
    let mut reached = near(anchors).and(links);
    loop {
        let more = near(reached).and(links).or(reached);
        if more == reached {
            break;
        }
        reached = more;
    }
    // A market is joined if it touches an anchor or a reached market (a marked market may end a chain).
    let joined = near(anchors.or(reached)).and(markets);
    markets.without(joined)
}

impl ImperialStruggle {
    /// The spaces on the board now: those of the current and earlier eras (§3.2.1), and the USA's once a
    /// US flag stands after the AWI (§10.0).
    pub fn on_board(&self) -> SpaceSet {
        let m = &self.content.masks;
        let mut s = m.available_from[self.era().index()];
        if self.turn >= 9 && !self.board.flagged(Flag::Usa).is_empty() {
            s = s.or(m.usa);
        }
        s
    }

    /// The power whose flag is on `s`, if any.
    pub fn controller(&self, s: SpaceId) -> Option<Power> {
        self.board.owner(s).and_then(Flag::power)
    }

    /// A flagged space joined to a squadron or an undamaged fort of the same power (§3.2.8).
    pub fn is_protected(&self, s: SpaceId) -> bool {
        let Some(owner) = self.controller(s) else { return false };
        let m = &self.content.masks;
        let guards = self.board.of(owner).and(m.naval.or(m.fort.without(self.board.damaged)));
        !m.neighbours[s.index()].and(guards).is_empty()
    }

    /// `power`'s markets that no chain of its conflict-free markets joins to its territory, fort or naval
    /// space (§5.4.1 «Изоляция»). Damaged forts still count (game note there).
    pub fn isolated_markets(&self, power: Power) -> SpaceSet {
        isolated_on(&self.content, &self.board, power)
    }

    /// Both powers' isolated markets.
    pub fn all_isolated(&self) -> SpaceSet {
        self.isolated_markets(Power::Britain).or(self.isolated_markets(Power::France))
    }

    /// Whether taking the flag off market `s` would isolate another market of its owner (§7.1.2).
    pub fn unflag_isolates_others(&self, s: SpaceId) -> bool {
        let Some(owner) = self.controller(s) else { return false };
        let before = self.isolated_markets(owner);
        let mut probe = self.board.clone();
        probe.set(s, None);
        !isolated_on(&self.content, &probe, owner).without(before).is_empty()
    }

    /// Whether `power` may influence market `s` (§5.4.1): joined to its territory, fort or naval space, or to
    /// its market that has no conflict marker, was not isolated at the start of the turn and did not change
    /// hands this turn.
    pub fn market_reachable(&self, power: Power, s: SpaceId) -> bool {
        let m = &self.content.masks;
        let mine = self.board.of(power);
        let near = m.neighbours[s.index()];
        if !near.and(mine).and(m.territory.or(m.fort).or(m.naval)).is_empty() {
            return true;
        }
        let (isolated, changed) = match self.turn_state() {
            Some(t) => (t.isolated, t.changed),
            None => (self.all_isolated(), SpaceSet::EMPTY),
        };
        !near.and(mine).and(m.market).without(self.board.conflict).without(isolated).without(changed).is_empty()
    }

    /// Change the flag on `s`, with everything that follows: a conflict marker comes off when a space turns
    /// from empty to flagged or back (§3.8.2); a fort that loses its flag loses its damage marker; Huguenots
    /// leave a space that turns British; the space counts as changed this turn (§5.4.1); advantages follow
    /// control (§8.1).
    pub(crate) fn set_flag(&mut self, s: SpaceId, flag: Option<Flag>, events: &mut Vec<Event>) {
        let before = self.board.owner(s);
        if before == flag {
            return;
        }
        if before.is_none() != flag.is_none() && self.board.conflict.contains(s) {
            self.board.conflict.remove(s);
            self.board.conflict_plus.remove(s);
            events.push(Event::ConflictRemoved { space: s });
        }
        if flag.is_none() {
            self.board.damaged.remove(s);
        }
        if flag == Some(Flag::Britain) && self.board.huguenots.contains(s) {
            self.board.huguenots.remove(s);
            self.board.huguenots_spent.remove(s);
        }
        self.board.set(s, flag);
        if let Some(t) = self.turn_mut() {
            t.changed.insert(s);
        }
        events.push(Event::Flag { space: s, from: before, to: flag });
        self.update_advantages(events);
    }

    /// Take a squadron off naval space `s` and put it back in its owner's navy box.
    pub(crate) fn squadron_home(&mut self, s: SpaceId, events: &mut Vec<Event>) {
        if let Some(p) = self.controller(s) {
            self.set_flag(s, None, events);
            self.power_mut(p).navy_box += 1;
            events.push(Event::SquadronHome { power: p, from: s });
        }
    }

    /// Give or take advantage tiles as control changes (§8.1): a holder keeps its tile while it controls every
    /// space joined to it (a conflict marker there only stops its use); a tile is taken by the power that
    /// controls them all, none of them marked.
    pub(crate) fn update_advantages(&mut self, events: &mut Vec<Event>) {
        let c = &*self.content;
        for (i, tile) in c.advantages.iter().enumerate() {
            let a = &mut self.advantages[i];
            if let Some(h) = a.holder
                && tile.requires.and(self.board.of(h)) != tile.requires
            {
                a.holder = None;
                a.fresh = false;
                events.push(Event::AdvantageLost { power: h, advantage: crate::content::Advantage(i as u8) });
            }
            if a.holder.is_none() {
                for p in Power::BOTH {
                    if tile.requires.and(self.board.of(p)) == tile.requires
                        && tile.requires.and(self.board.conflict).is_empty()
                    {
                        a.holder = Some(p);
                        a.fresh = true;
                        events.push(Event::AdvantageGained { power: p, advantage: crate::content::Advantage(i as u8) });
                    }
                }
            }
        }
    }
}
