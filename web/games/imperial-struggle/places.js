// Where each legal action of Imperial Struggle is played. The server names the board pieces an action
// touches as its `targets`: a space (`georges_bank`), an advantage tile, an investment tile
// (`investment:7`), a theatre of the next war (`wss:3`), a navy box, a debt or treaty track, the event
// deck. A deployment names where the squadron comes from, then where it goes: it is played at its
// destination. Cards and ministries have no board id; their place is the card in front of the player:
// `card:<id>` for an event card played, set aside or discarded, `ministry:<id>` for a ministry chosen,
// replaced, revealed or used. The rest (end the turn, pass, done, an option) has no place and goes in the
// grouped panel. When several actions share a place, a click there lists them.

import { clickable } from '../../lib/dom.js';
import { kindOf, offerWords } from '../../lib/places.js';

export { kindOf };

/** The action's fields ({} for a word; the value itself for a one-field action such as `take_tile: 3`). */
export const argsOf = (action) => (typeof action === 'string' ? {} : action[kindOf(action)]);

const CARD_KINDS = new Set(['play_event', 'set_aside', 'discard']);
const MINISTRY_KINDS = new Set(['pick_ministry', 'reveal']);

/** The place of a legal action (`{action, label, targets}`), or null when it has none. */
export function placeOf(a) {
  const kind = kindOf(a.action);
  const args = argsOf(a.action);
  if (kind === 'deploy' && a.targets?.length === 2) return a.targets[1];
  if (a.targets?.length) return a.targets[0];
  if (CARD_KINDS.has(kind)) return `card:${args}`;
  if (MINISTRY_KINDS.has(kind)) return `ministry:${args}`;
  if (kind === 'ministry') return `ministry:${args.ministry}`;
  if (kind === 'swap_ministry') return `ministry:${args.out}`;
  return null;
}

/**
 * The places of a list of legal actions: `at(key)` lists the actions played there, `choose(key)` plays
 * the only one or, when several share the place, asks `pick(key)` to list them; `loose` are the actions
 * with no place.
 */
export function places(actions, act, pick, picked, busy) {
  const byPlace = new Map();
  const loose = [];
  for (const a of actions) {
    const key = placeOf(a);
    if (key === null) {
      loose.push(a);
      continue;
    }
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key).push(a);
  }
  return {
    act: (action) => !busy && act(action),
    byPlace,
    loose,
    picked,
    at: (key) => byPlace.get(key) ?? [],
    isPicked: (key) => picked === key,
    live: (key) => !busy && byPlace.has(key),
    choose(key) {
      if (busy) return;
      const here = byPlace.get(key) ?? [];
      if (here.length === 1) act(here[0].action);
      else if (here.length) pick(picked === key ? null : key);
    },
  };
}

/**
 * Make an SVG piece at place `key` answer clicks and the keyboard when an action is played there, with
 * `frame` (a ring that glows) drawn around it; `name` says what the piece is.
 */
export function offerSvg(g, key, name, frame, pl) {
  g.setAttribute('data-target', key);
  const here = pl.at(key);
  if (!here.length) return g;
  g.classList.add('choice');
  if (pl.isPicked(key)) g.classList.add('picked');
  g.setAttribute('data-key', `place:${key}`);
  g.prepend(frame);
  return clickable(g, `${name}. ${offerWords(here)}`, () => pl.choose(key));
}
