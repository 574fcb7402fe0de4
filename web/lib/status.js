// The badge of a game's state, one look wherever a game is listed or shown: the game page's header, the
// lobby's lists and the front page's watch list. A finished game reads "Finished", never "Live".

import { h } from './dom.js';

/**
 * `game`'s state as a badge: "Finished", "Waiting to start", or "Live" (with `liveAttrs`, e.g. the game
 * page's id that its connection status rewrites).
 */
export function stateBadge(game, liveAttrs = {}) {
  if (game.finished) return h('span', { class: 'badge done', 'data-state': 'finished' }, 'Finished');
  if (game.started === false) return h('span', { class: 'badge', 'data-state': 'waiting' }, 'Waiting to start');
  return h('span', { class: 'badge live', 'data-state': 'live', ...liveAttrs }, 'Live');
}
