// Where each legal action of Imperial Struggle is played. The server names the board pieces an action
// touches as its `targets`: a space (`georges_bank`), an advantage tile, an investment tile
// (`investment:7`), a theatre of the next war (`wss:3`), a navy box, a debt or treaty track, the event
// deck. A deployment names where the squadron comes from, then where it goes: it is played at its
// destination. Cards and ministries have no board id; their place is the card in front of the player:
// `card:<id>` for an event card played, set aside or discarded, `ministry:<id>` for a ministry chosen,
// replaced, revealed or used. The rest (end the turn, pass, done, an option) has no place and goes in the
// grouped panel. When several actions share a place, a click there lists them.

import { kindOf, placesOf } from '../../lib/places.js';

export { kindOf, offerSvg } from '../../lib/places.js';

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

/** The places of a list of legal actions, each at `placeOf` (web/lib/places.js). */
export const places = (actions, act, pick, picked, busy) => placesOf(placeOf, actions, act, pick, picked, busy);
