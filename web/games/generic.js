// The generic game page: any registered game, drawn from its view and its legal actions alone. The view
// becomes nested panels (objects as lists of fields, lists of records as tables), and every legal action
// a button with the engine's plain-words description. Game-specific pages reuse `actionButtons`.

import { h } from '../lib/dom.js';

/** Draw the game: the choices in front of the player, then the view. */
export function render({ view, actions, act, busy }) {
  return h('div', { class: 'generic' },
    actions.length ? choices(actions, act, busy) : null,
    h('section', { class: 'card', 'aria-labelledby': 'view-title' },
      h('h2', { id: 'view-title' }, 'The game as you may see it'),
      value(view, 0)));
}

/** A card of buttons, one per legal action, labelled by the engine. */
export function choices(actions, act, busy, title = 'Your choices') {
  return h('section', { class: 'card choices', 'aria-labelledby': 'choices-title' },
    h('h2', { id: 'choices-title' }, title),
    actionButtons(actions, act, busy));
}

/** One button per action. */
export function actionButtons(actions, act, busy) {
  return h('div', { class: 'action-list' }, actions.map((a, i) => h('button', {
    type: 'button',
    class: 'action',
    'data-key': `action:${JSON.stringify(a.action)}`,
    'data-index': i,
    disabled: busy,
    onclick: () => act(a.action),
  }, a.label)));
}

const words = (key) => key.replace(/_/g, ' ');

function value(v, depth) {
  if (v === null || v === undefined) return h('span', { class: 'muted' }, '—');
  if (typeof v !== 'object') return h('span', {}, typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));
  if (Array.isArray(v)) {
    if (!v.length) return h('span', { class: 'muted' }, 'none');
    const records = v.every((x) => x && typeof x === 'object' && !Array.isArray(x));
    if (records && depth < 4) {
      const keys = [...new Set(v.flatMap((x) => Object.keys(x)))];
      return h('div', { class: 'table-wrap' }, h('table', {},
        h('thead', {}, h('tr', {}, keys.map((k) => h('th', { scope: 'col' }, words(k))))),
        h('tbody', {}, v.map((x) => h('tr', {}, keys.map((k) => h('td', {}, value(x[k], depth + 1))))))));
    }
    if (v.every((x) => x === null || typeof x !== 'object')) return h('span', {}, v.map((x) => (x === null ? '—' : String(x))).join(', '));
    return h('ol', {}, v.map((x) => h('li', {}, value(x, depth + 1))));
  }
  return h('dl', { class: 'fields' }, Object.entries(v).flatMap(([k, x]) => [h('dt', {}, words(k)), h('dd', {}, value(x, depth + 1))]));
}
