// The bot's review of a finished game (the server's `review` module): asked for once, made in the
// background, then drawn as marks on the replay slider, one per slip, and listed with what the bot preferred.
// A slip at step N was decided in the position after step N − 1, so its mark opens that position.

import { get, post } from '../lib/api.js';
import { h } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { seatName } from '../games/registry.js';

const percent = (v) => `${Math.round(v * 100)}%`;

/**
 * Keeps game `id`'s review up to date while it is being made: `redraw()` after each change. Returns
 * `{ current(), ask(), stop() }`.
 */
export function reviewOf(id, redraw) {
  let review = null;
  let timer = null;
  const load = async () => {
    try {
      review = await get(`/api/games/${id}/review`);
    } catch (e) {
      notify(e);
    }
    clearTimeout(timer);
    if (review?.status === 'running') timer = setTimeout(load, 1500);
    redraw();
  };
  return {
    current: () => review,
    load,
    async ask() {
      try {
        review = await post(`/api/games/${id}/review`, {});
      } catch (e) {
        notify(e);
      }
      await load();
    },
    stop: () => clearTimeout(timer),
  };
}

/** The slip decided in the position after step `at`, if any. */
export const slipAt = (review, at) => review?.status === 'ready' ? review.slips.find((s) => s.step === at + 1) : undefined;

/** One slip in words. */
function slipText(state, s) {
  return `${seatName(state.seats[s.seat])} chose “${s.chosen}” (chances ${percent(s.chosen_value)}); `
    + `the bot preferred “${s.best}” (${percent(s.best_value)}).`;
}

/** What the replay panel shows of the review: the marks and the list of one made, or why none may be read. */
export function reviewPart(state, review, { lookAt, at }) {
  if (!state.finished || !review) return null;
  if (review.status === 'withheld') return h('p', { class: 'review muted' }, `No review to read: ${review.why}.`);
  // Asked for and followed at the end panel (`ending.js`); here only the marks of one made.
  if (review.status !== 'ready') return null;
  const max = Math.max(1, state.steps);
  const here = slipAt(review, at);
  // Marks closer than GAP (in % of the slider) go on rows of their own, so each can be pointed at.
  const GAP = 5;
  const rows = [];
  const marks = review.slips.map((s) => {
    const left = ((s.step - 1) / max) * 100;
    let row = rows.findIndex((last) => left - last >= GAP);
    if (row < 0) row = rows.push(-Infinity) - 1;
    rows[row] = left;
    return h('button', {
      type: 'button', class: s.step - 1 === at ? 'slip-mark here' : 'slip-mark', style: `left: ${left}%; top: ${row * 1.15}rem`,
      title: `Step ${s.step}: ${slipText(state, s)}`, 'aria-label': `Slip at step ${s.step}`, onclick: () => lookAt(s.step - 1),
    });
  });
  return h('div', { class: 'review' },
    h('div', { class: 'slip-marks', style: `height: ${Math.max(1, rows.length) * 1.15}rem`, 'aria-label': 'Slips the bot found, on the slider' }, marks),
    here ? h('p', { class: 'slip-here', role: 'note' }, `The decision after this step, step ${here.step}, was a slip: ${slipText(state, here)}`) : null,
    h('details', { class: 'slips', 'data-key': 'slips' },
      h('summary', {}, review.slips.length
        ? `The bot's review: ${review.slips.length} ${review.slips.length === 1 ? 'slip' : 'slips'} in ${review.judged} decisions`
        : `The bot's review: no slip in ${review.judged} decisions`),
      h('ol', {}, review.slips.map((s) => h('li', {},
        h('button', { type: 'button', class: 'link step', onclick: () => lookAt(s.step - 1) }, `Step ${s.step}`), ': ', slipText(state, s)))),
      h('p', { class: 'muted' }, `For each decision the bot played out ${review.iterations} lines from what its player knew then; `,
        'a slip is a choice whose chances fell at least 5 points below the bot’s. Up to five per player.')));
}
