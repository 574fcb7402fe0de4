// Bidding for France (the server's `bidding` module; Imperial Struggle's author's note to §7.4): before the
// start each player places one sealed bid of treaty points; after it, the bids are opened and the page says
// who plays France and what Britain starts with.

import { post } from '../lib/api.js';
import { h } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { rulesHref } from '../lib/links.js';

const points = (n) => `${n} treaty point${n === 1 ? '' : 's'}`;

/** The bid being typed, per game: the page redraws on every pushed state, and a redraw must not wipe it. */
const drafts = new Map();

/** The bidding of game `id` at `state`, for its player or a spectator; null for a game without bids. */
export function bidPanel(id, state, refresh) {
  const bid = state.bid;
  if (!bid) return null;
  return h('section', { class: 'bid-panel', id: 'bid-panel', 'aria-labelledby': 'bid-title' },
    h('h2', { id: 'bid-title' }, state.started ? 'The bids for France' : 'Bid for France'),
    bid.settled ? opened(bid.settled) : sealed(id, state, refresh),
    h('a', { href: rulesHref(state.game, 'rulings'), class: 'rules-link' }, 'How the bid works (ruling S11)'));
}

/** Before the start: the player's bid box, or their bid and who has yet to bid. */
function sealed(id, state, refresh) {
  const bid = state.bid;
  const seated = state.seat !== null && state.seat !== undefined;
  const placed = state.seats.filter((s) => bid.placed.includes(s.seat)).map((s) => s.player ?? `Seat ${s.seat + 1}`);
  const explain = h('p', { class: 'help' },
    `Each player bids once, unseen, from 0 to ${bid.max} treaty points. The higher bid plays France; the other `
    + 'player plays Britain and starts with that many treaty points. Equal bids: the one placed first wins. '
    + `A bot bids ${bid.bot_bid}.`);
  const status = h('p', { id: 'bid-status' },
    placed.length ? `Sealed bids in: ${placed.join(', ')}.` : 'No bid is in yet.');
  if (!seated) return [explain, status];
  if (bid.yours !== null && bid.yours !== undefined) {
    return [h('p', { id: 'bid-yours' }, `Your sealed bid: ${points(bid.yours)}. The others see only that you have bid.`),
      status, explain];
  }
  const input = h('input', {
    type: 'number', id: 'bid-points', 'data-key': 'bid-points', min: 0, max: bid.max, step: 1,
    value: drafts.get(id) ?? 0, required: true, 'aria-describedby': 'bid-help',
    oninput: (e) => drafts.set(id, e.target.value),
  });
  const button = h('button', { type: 'submit', class: 'primary', id: 'bid-send' }, 'Place my sealed bid');
  const form = h('form', {
    class: 'bid-form',
    onsubmit: async (e) => {
      e.preventDefault();
      button.disabled = true;
      try {
        const done = await post(`/api/games/${id}/bid`, { points: Number(input.value), seat: state.seat });
        drafts.delete(id);
        notify(done.started ? 'Your bid was the last: the bids are open and the game has started.'
          : 'Your sealed bid is in.', 'info');
        await refresh();
      } catch (err) {
        notify(err.message);
      } finally {
        button.disabled = false;
      }
    },
  },
  h('label', { for: 'bid-points' }, 'Treaty points you give Britain to play France (final)'), input, button);
  return [form, h('small', { class: 'help', id: 'bid-help' }, explain.textContent), status];
}

/** After the start: every bid, and the outcome. */
function opened(settled) {
  const list = settled.bids.map((b) => `${b.bidder} ${b.points}`).join(' · ');
  return h('p', { id: 'bid-result' },
    `Bids: ${list}. ${settled.france} plays France${settled.tie ? ' (equal bids: placed first)' : ''}; `
    + `Britain started with ${points(settled.points)}.`);
}
