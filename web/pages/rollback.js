// Going back past the rules' commit points when every seat agrees (the server's `rollback` module): the
// proposal a player makes from the replay, the panel where the others answer it, and the log's lines for
// the rollbacks agreed. A proposal holds only while the game stays where it was made.

import { post } from '../lib/api.js';
import { h } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { seatName } from '../games/registry.js';

/**
 * Propose returning game `id` (at `state`) to how it stood after step `to`. If something hidden came to
 * light since, the server says at which step; the player is asked whether to propose knowing it. Calls
 * `done()` when the state should be fetched again.
 */
export async function propose(id, state, to, done) {
  const ask = (informed) => post(`/api/games/${id}/rollback`, { version: state.version, to_step: to, informed });
  try {
    let answer;
    try {
      answer = await ask(false);
    } catch (e) {
      if (e.status !== 422 || e.body?.revealed_at === undefined) throw e;
      if (!confirm(`Something hidden came to light at step ${e.body.revealed_at}: a draw, or a secret turned up. `
        + `Going back to step ${to} leaves everyone knowing it, and the others will be told so. Propose it anyway?`)) return;
      answer = await ask(true);
    }
    notify(answer.rolled_back ? `The game went back to step ${to}.` : 'Proposed: the game goes back once every player agrees.', 'info');
  } catch (e) {
    notify(e);
  }
  await done();
}

/** The button that proposes going back to the step the replay shows, for a player of a game under way. */
export function proposeButton(id, state, step, done) {
  if (state.seat === null || state.seat === undefined || !state.started || state.finished || state.rollback) return null;
  return h('button', {
    type: 'button', id: 'propose-rollback', 'data-key': 'propose-rollback',
    title: 'Ask every player to agree to return the game to this step; it goes back once all have agreed',
    onclick: () => propose(id, state, step, done),
  }, `Propose going back to step ${step}`);
}

/**
 * The open proposal: who proposed going back where, what came to light since, who has agreed and who is
 * awaited; a player who has not agreed answers here, and the proposer may withdraw.
 */
/**
 * When an unanswered proposal lapses (`expires_at`, Unix seconds): the local time, which a redraw need not
 * keep fresh, and about how long from now.
 */
function lapseText(expiresAt) {
  const left = Math.max(0, expiresAt - Date.now() / 1000);
  const at = new Date(expiresAt * 1000);
  // A day is named unless it is today.
  const when = at.toDateString() !== new Date().toDateString()
    ? at.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
    : at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Unanswered, it lapses at ${when} (in about ${aboutSpan(left)}), and the bots move on.`;
}

/** About how long `seconds` is, in words: `40 s`, `12 min`, `5 h`, `2 days`. */
function aboutSpan(seconds) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} days`;
}

export function proposalPanel(id, state, busy, done) {
  const p = state.rollback;
  if (!p) return null;
  const name = (seat) => seatName(state.seats[seat]);
  const waiting = state.seats.map((s) => s.seat).filter((s) => !p.agreed.includes(s));
  const me = state.seat;
  const reply = async (agree) => {
    try {
      const answer = await post(`/api/games/${id}/rollback/answer`, { version: state.version, agree });
      notify(answer.rolled_back ? `The game went back to step ${p.to_step}.` : agree ? 'You agreed.' : 'The proposal is off.', 'info');
    } catch (e) {
      notify(e);
    }
    await done();
  };
  const mine = me !== null && me !== undefined;
  return h('section', { class: 'rollback-panel card', role: 'alert', 'aria-labelledby': 'rollback-title' },
    h('h2', { id: 'rollback-title' }, `${name(p.proposed_by)} proposes going back to step ${p.to_step}`),
    h('p', {}, `The game would stand as it did after step ${p.to_step}; `,
      p.from_step - p.to_step === 1 ? `step ${p.from_step} would be taken back. ` : `steps ${p.to_step + 1}–${p.from_step} would be taken back. `,
      'It goes back once every player agrees; any move, or one refusal, ends the proposal.'),
    p.revealed_at ? h('p', { class: 'warn' }, `Something hidden came to light at step ${p.revealed_at} (a draw, or a secret turned up): `,
      'everyone would go back knowing it.') : null,
    h('p', { class: 'muted' }, `Agreed: ${p.agreed.map(name).join(', ')}. Waiting for: ${waiting.map(name).join(', ')}.`),
    p.expires_at ? h('p', { class: 'muted', id: 'rollback-lapses' }, lapseText(p.expires_at)) : null,
    mine ? h('div', { class: 'rollback-buttons' },
      p.agreed.includes(me) ? null : h('button', {
        type: 'button', class: 'primary', id: 'rollback-agree', 'data-key': 'rollback-agree', disabled: busy, onclick: () => reply(true),
      }, 'Agree to go back'),
      h('button', {
        type: 'button', id: 'rollback-refuse', 'data-key': 'rollback-refuse', disabled: busy, onclick: () => reply(false),
      }, p.proposed_by === me ? 'Withdraw the proposal' : p.agreed.includes(me) ? 'Change my mind: refuse' : 'Refuse')) : null);
}

/**
 * The log's turns (oldest first) with a line for each rollback agreed, placed after the step the game went
 * back to, as `{rollback}` items.
 */
export function withRollbacks(turns, rollbacks) {
  const items = [...turns];
  for (const r of [...rollbacks].sort((a, b) => a.at - b.at)) {
    let at = items.length;
    while (at > 0 && items[at - 1].steps && items[at - 1].steps[0].step > r.to_step) at--;
    items.splice(at, 0, { rollback: r });
  }
  return items;
}

/** One rollback's line in the log. */
export function rollbackLine(state, r) {
  const name = (seat) => seatName(state.seats[seat]);
  return h('li', { class: 'rollback-line' },
    h('span', { class: 'who' }, 'Everyone agreed'), `: back from step ${r.from_step} to step ${r.to_step}, as ${name(r.proposed_by)} proposed`,
    r.informed ? ', knowing what had come to light since' : '', '.');
}
