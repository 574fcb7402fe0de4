// The end of a game, at the top of its board: who won and why the game ended (the engine's own reason), the
// final standings with what each score is made of, and the bot's review offered first where the server says
// one can be made. The final board stays below it.

import { h } from '../lib/dom.js';
import { seatName } from '../games/registry.js';

/** "France wins." / "Red and Blue share the win." from the outcome's ranks. */
export function winnersText(state) {
  const first = state.outcome.ranks.map((r, s) => [r, s]).filter(([r]) => r === 1).map(([, s]) => seatName(state.seats[s]));
  return `${first.join(' and ')} ${first.length > 1 ? 'share the win' : 'wins'}.`;
}

/**
 * The end panel of finished game `state`, for seat `me` (none for a spectator); `review` is where the
 * server says the review stands (null until read), `ask` asks for it, `toReview` brings its marks into view.
 */
export function endPanel(state, me, { review, ask, toReview }) {
  const o = state.outcome;
  if (!o) return null;
  const parts = state.ending?.parts ?? [];
  const order = o.scores.map((score, seat) => ({ seat, score, rank: o.ranks[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return h('section', { id: 'end-panel', class: 'card end-panel', 'aria-labelledby': 'end-title' },
    h('h2', { id: 'end-title' }, `The game is over: ${winnersText(state)}`),
    state.ending ? h('p', { id: 'end-reason', class: 'end-reason' }, state.ending.reason) : null,
    reviewOffer(review, ask, toReview),
    h('table', { class: 'standings' },
      h('caption', {}, 'Final standings'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Place'), h('th', { scope: 'col' }, 'Player and score'), h('th', { scope: 'col', class: 'num' }, 'Score'))),
      h('tbody', {}, order.map((r) => h('tr', { class: r.seat === me ? 'me' : '', 'data-seat': r.seat },
        h('td', {}, r.rank === 1 ? '1 (winner)' : String(r.rank)),
        h('td', {},
          h('span', { class: 'who' }, seatName(state.seats[r.seat]) + (r.seat === me ? ' · you' : '')),
          (parts[r.seat] ?? []).length ? h('ul', { class: 'score-parts', 'aria-label': `What ${seatName(state.seats[r.seat])}'s score is made of` },
            parts[r.seat].map((p) => h('li', {}, h('span', { class: 'part-label' }, p.label), ' ', h('span', { class: 'part-points' }, signed(p.points))))) : null),
        h('td', { class: 'num score' }, String(r.score)))))),
    h('p', {}, h('a', { href: '#/lobby' }, 'Back to the lobby')));
}

/** Points with their sign when they take away: "12", "−2". */
const signed = (n) => (n < 0 ? `−${-n}` : String(n));

/**
 * The review as the end panel offers it: a prominent button where one can be made and nobody asked yet
 * (`none`) or the last try failed; its progress; or, made, a way to its marks on the replay slider. Nothing
 * where the server says none can be made (`unavailable`: only bots played) or until it has said.
 */
function reviewOffer(review, ask, toReview) {
  const status = review?.status;
  if (status === 'none' || status === 'failed') {
    return h('div', { class: 'end-review' },
      status === 'failed' ? h('p', { class: 'muted' }, `The review could not be made: ${review.why}.`) : null,
      h('button', {
        type: 'button', id: 'ask-review', class: 'primary big', 'data-key': 'ask-review', onclick: ask,
        title: 'The bot goes through every decision of the players, from what each knew then, and marks the biggest slips',
      }, 'Review the game with the bot'));
  }
  if (status === 'running') {
    return h('p', { class: 'end-review muted', role: 'status' }, `The bot is reviewing the game: step ${review.done} of ${review.of}…`);
  }
  if (status === 'ready') {
    const n = review.slips.length;
    return h('div', { class: 'end-review' },
      h('button', { type: 'button', id: 'see-review', class: 'primary big', 'data-key': 'see-review', onclick: toReview },
        n ? `See the bot's review: ${n} ${n === 1 ? 'slip' : 'slips'}` : 'See the bot’s review: no slip'));
  }
  return null;
}
