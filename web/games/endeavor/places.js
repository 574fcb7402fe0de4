// Where each legal action is played: the board piece the server names as its first target (a space id,
// `track:<zone>`, `sea:<zone>`, `card:<id>`, `building:<id>`), and for the actions the server names no
// piece for, the place on the player's own mat: `slot:<n>` for a coast slot (activate, Salary, Payment)
// and `token:<kind>` for a blue action token. An action with no place (pass, finish, keep, the Memorial's
// choices, discard and govern) is a button. The helpers here make a place clickable, in SVG or HTML, when
// some legal action is played there.

import { clickable } from '../../lib/dom.js';
import { kindOf, offerHtml, offerWords } from '../../lib/places.js';

export { kindOf, offerHtml };

/** The place of a legal action (`{action, label, targets}`), or null. */
export function placeOf({ action, targets }) {
  if (targets && targets.length) return targets[0];
  const kind = kindOf(action);
  if (kind === 'activate' || kind === 'free' || kind === 'payment') return `slot:${action[kind].slot}`;
  if (kind === 'spend') return `token:${action.spend.token}`;
  return null;
}

/**
 * The places of a list of legal actions: `at(key)` lists the actions played there, `choose(key)` plays the
 * only one or, when several share the place, asks `pick(key)` to list them; `picked` is the place whose
 * actions are listed.
 */
export function places(actions, act, pick, picked, busy) {
  const byPlace = new Map();
  for (const a of actions) {
    const key = placeOf(a);
    if (key === null) continue;
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key).push(a);
  }
  return {
    picked,
    isPicked: (key) => picked === key,
    at: (key) => byPlace.get(key) ?? [],
    choose(key) {
      const here = byPlace.get(key) ?? [];
      if (busy || !here.length) return;
      if (here.length === 1) act(here[0].action);
      else pick(key);
    },
  };
}

/** The places of a viewer with no decision to take (a spectator, another player's board): none. */
export const NO_PLACES = { picked: null, isPicked: () => false, at: () => [], choose: () => {} };

/**
 * Make an SVG piece at place `key` answer clicks and the keyboard when an action is played there, with
 * `frame` (a dashed outline) drawn around it; `name` says what the piece is.
 */
export function offerSvg(g, key, name, frame, pl) {
  g.setAttribute('data-target', key);
  const here = pl.at(key);
  if (!here.length) {
    g.setAttribute('aria-label', name);
    return g;
  }
  g.classList.add('choice');
  if (pl.picked === key) g.classList.add('picked');
  g.setAttribute('data-key', `place:${key}`);
  g.append(frame);
  return clickable(g, `${name}. ${offerWords(here)}`, () => pl.choose(key));
}
