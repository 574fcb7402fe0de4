// Where each legal action of Virgin Queen is played. The server names the pieces an action touches as its
// `targets` (games/virgin-queen/src/targets.rs), the place first: a clause that names a space (a key handed
// over, a fleet lent from its port, mercenaries given from a space, a leader returned) is played on that
// space of the map; a clause between two powers (peace, an alliance, random cards or treasures) on the
// other power, on the Diplomatic Status Chart; a home card kept, a card shown or paid on that card of the
// hand; a declaration of war on the power (a minor at its capital). A marriage, the replies and the moves
// that end a step have no place: they are buttons. When several actions share a place, a click there
// lists them at that spot.

import { kindOf, placesOf } from '../../lib/places.js';

export { kindOf };

/** The kind of an action for grouping: its key, and for a clause (added or drafted) the clause's kind. */
export function clauseKind(action) {
  const key = kindOf(action);
  if (key === 'add') return `clause:${Object.keys(action.add)[0]}`;
  if (key === 'draft') return `clause:${Object.keys(action.draft.clause)[0]}`;
  return key;
}

const AT_FIRST = new Set(['keep_home', 'show', 'pay', 'declare', 'clause:transfer', 'clause:loan', 'clause:mercenaries']);
const BETWEEN = new Set(['clause:peace', 'clause:alliance', 'clause:cards', 'clause:treasures']);
const AT_SPACE = new Set(['ransom', 'clause:return_leader']);

/**
 * The place of legal action `a`, for a player of powers `mine`: its first target, the other power of a
 * clause between two, a space a leader goes to; null where it has none.
 */
export function placeOf(a, mine, spaces) {
  const t = a.targets ?? [];
  const kind = clauseKind(a.action);
  if (AT_FIRST.has(kind)) return t[0] ?? null;
  if (BETWEEN.has(kind)) return t.find((p) => !mine.includes(p)) ?? t[1] ?? null;
  if (AT_SPACE.has(kind)) return spaces.has(t[0]) ? t[0] : null;
  return null;
}

/** The places of a decision's legal actions (web/lib/places.js). */
export function places(actions, act, pick, picked, busy, mine, spaces) {
  return placesOf((a) => placeOf(a, mine, spaces), actions, act, pick, picked, busy);
}
