// Where each legal action of Brazil: Imperial is played. The server names the board pieces an action
// touches as its `targets`: a hex (`r3c4`), an action space (`space:build`), a privilege card in the
// display (`privilege:<id>`), an item on the player's board (`item:<id>`), a goal card (`goal:<id>`); a
// move or a cannon's attack names two hexes, where the unit stands and where it goes. For the actions the
// server names no piece for, the place is on the player's own board: `supply:<piece>` for a piece of the
// personal supply paid (framed in the payment's panel), `battle:<card>` and `opportunity:<card>` for a
// card in hand played, paid with or discarded. Committing battle cards and the setup's choice have panels
// of their own; the rest (Done, end the turn, no palace, giving back to the supply, the Market's
// exchanges…) are buttons, grouped. The helpers here make a place clickable, in SVG or HTML, when some
// legal action is played there.

import { clickable } from '../../lib/dom.js';
import { capital, kindOf, offerHtml, offerWords } from '../../lib/places.js';

export { capital, kindOf, offerHtml };

/** The action's fields ({} for a word). */
export const argsOf = (action) => (typeof action === 'string' ? {} : action[kindOf(action)] ?? {});

/** A two-hex action: a move, or an attack on an adjacent hex; its first target is where the unit stands. */
export const isMove = (a) => (a.targets ?? []).length === 2 && ['move', 'bombard'].includes(kindOf(a.action));

/** Actions drawn in panels of their own, never as a place or a loose button. */
export const PANEL_KINDS = new Set(['commit', 'prepare']);

/** The place of a legal action (`{action, label, targets}`), or null. Moves have two (see isMove). */
export function placeOf(a) {
  if (PANEL_KINDS.has(kindOf(a.action))) return null;
  if (a.targets && a.targets.length) return a.targets[0];
  const kind = kindOf(a.action);
  const args = argsOf(a.action);
  if (kind === 'pay' && !args.from) return `supply:${args.piece}`;
  if (kind === 'pay_battle' || kind === 'discard_battle') return `battle:${args.card}`;
  if (kind === 'pay_card' || kind === 'play' || kind === 'discard_opportunity') return `opportunity:${args.card}`;
  return null;
}

/**
 * The places of a list of legal actions and what is picked: `at(key)` lists the single-place actions
 * played there (for a hex, the moves from it too), `destinations` the hexes the picked unit's hex can move
 * to, `choose(key)` plays the only action at a place or, when several share it (or moves start there),
 * asks `pick(key)` to list them.
 */
export function places(actions, act, pick, picked, busy) {
  const byPlace = new Map();
  const movesFrom = new Map();
  for (const a of actions) {
    if (isMove(a)) {
      const from = a.targets[0];
      if (!movesFrom.has(from)) movesFrom.set(from, []);
      movesFrom.get(from).push(a);
      continue;
    }
    const key = placeOf(a);
    if (key === null) continue;
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key).push(a);
  }
  const from = picked.from;
  const moving = from ? movesFrom.get(from) ?? [] : [];
  const destinations = new Map();
  for (const a of moving) {
    const to = a.targets[1];
    if (!destinations.has(to)) destinations.set(to, []);
    destinations.get(to).push(a);
  }
  const at = (key) => {
    if (from) return key === from ? byPlace.get(key) ?? [] : destinations.get(key) ?? [];
    return [...(byPlace.get(key) ?? []), ...(movesFrom.get(key) ?? [])];
  };
  return {
    picked,
    isPicked: (key) => picked.place === key,
    from,
    destinations,
    movesFrom,
    here: (key) => byPlace.get(key) ?? [],
    at,
    /** Whether a click at `key` does something now. */
    live: (key) => !busy && (key === from || at(key).length > 0),
    choose(key) {
      if (busy) return;
      if (from) {
        if (key === from) return pick({ from: null, place: null });
        const to = destinations.get(key) ?? [];
        if (to.length === 1) act(to[0].action);
        else if (to.length) pick({ from, place: key });
        return;
      }
      const moves = movesFrom.get(key) ?? [];
      const here = byPlace.get(key) ?? [];
      if (moves.length) return pick({ from: key, place: null });
      if (here.length === 1) act(here[0].action);
      else if (here.length) pick({ from: null, place: key });
    },
  };
}

/** The places of a viewer with no decision to take (a spectator, another player's board): none. */
export const NO_PLACES = {
  picked: {}, isPicked: () => false, from: null, destinations: new Map(), movesFrom: new Map(),
  here: () => [], at: () => [], live: () => false, choose: () => {},
};

/**
 * Make an SVG piece at place `key` answer clicks and the keyboard when an action is played there, with
 * `frame` (a dashed outline) drawn around it; `name` says what the piece is.
 */
export function offerSvg(g, key, name, frame, pl) {
  g.setAttribute('data-target', key);
  const here = pl.at(key);
  const origin = pl.from === key;
  if (!here.length && !origin) {
    g.setAttribute('aria-label', name);
    return g;
  }
  g.classList.add('choice');
  if (origin || pl.picked.place === key) g.classList.add('picked');
  if (pl.from && !origin) g.classList.add('destination');
  g.setAttribute('data-key', `place:${key}`);
  g.append(frame);
  const words = origin ? 'Picked: click it again to choose something else' : offerWords(here);
  return clickable(g, `${name}. ${words}`, () => pl.choose(key));
}
