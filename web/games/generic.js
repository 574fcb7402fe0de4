// The generic game page: any registered game, drawn from its view and its legal actions alone. The view
// becomes nested panels (objects as lists of fields, lists of records as tables), and every legal action
// a button with the engine's plain-words description and, under it, the board pieces it touches (its
// `targets`, by their names in the game's board when it has one). Game-specific pages reuse `actionButtons`.

import { h, lightWhilePointed } from '../lib/dom.js';

/** Draw the game: the choices in front of the player, then the view. */
export function render({ view, board, actions, act, busy }) {
  return h('div', { class: 'generic' },
    actions.length ? choices(actions, act, busy, 'Your choices', { names: boardNames(board) }) : null,
    h('section', { class: 'card', 'aria-labelledby': 'view-title' },
      h('h2', { id: 'view-title' }, 'The game as you may see it'),
      value(view, 0)));
}

/** A card of buttons, one per legal action, labelled by the engine. */
export function choices(actions, act, busy, title = 'Your choices', options = {}) {
  return h('section', { class: 'card choices', 'aria-labelledby': 'choices-title' },
    h('h2', { id: 'choices-title' }, title),
    actionButtons(actions, act, busy, options));
}

/**
 * One button per action. Its board pieces (`targets`, ids of the game's board) are in `data-targets`,
 * space-separated. With `names` (a Map from id to name), they are also listed under the label. With
 * `hover`, `hover(targets)` is called while the pointer is on a button or it has the focus, and
 * `hover([])` when it leaves, so that a page can highlight the pieces.
 */
export function actionButtons(actions, act, busy, { names = null, hover = null } = {}) {
  return h('div', { class: 'action-list' }, actions.map((a, i) => {
    const targets = a.targets ?? [];
    const button = h('button', {
      type: 'button',
      class: 'action',
      'data-key': `action:${JSON.stringify(a.action)}`,
      'data-index': i,
      'data-targets': targets.length ? targets.join(' ') : null,
      disabled: busy,
      onclick: () => act(a.action),
    }, a.label, names && targets.length
      ? [' ', h('span', { class: 'action-targets' }, targets.map((id) => names.get(id) ?? words(id)).join(' · '))]
      : null);
    if (hover && targets.length) lightWhilePointed(button, hover, targets);
    return button;
  }));
}

/**
 * The names of a board's pieces: every object in it with a string `id` and a string `name`, at any depth
 * (regions, spaces, tracks…). Empty for a game without a board.
 */
export function boardNames(board) {
  const names = new Map();
  const walk = (v) => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    if (typeof v.id === 'string' && typeof v.name === 'string' && !names.has(v.id)) names.set(v.id, v.name);
    Object.values(v).forEach(walk);
  };
  walk(board);
  return names;
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
