// What changed on a board, marked the same way on every game's page: the places the last turn of another
// seat changed (last-move marks, solid), and those the others changed since this player's last decision
// (change marks, dashed), until the next decision.
//
// A game's module says what each of its places holds, in one word per place (`placeWords(view, board)`:
// a Map from a piece's board id, its `data-target`, to that word); the game page (web/pages/game.js) hands
// it the views to compare with (the position right after the player's last decision, and the one before
// the last turn of the others, both fetched from `/steps/{n}`), and marks the drawn pieces whose word
// differs: a ring around an SVG piece, an outline around an HTML one, and the tooltip's words.

import { s } from './dom.js';
import { tip } from './tooltip.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The ids of the places whose word differs between `before` and `view`; `wordsOf(view)` is a Map of place
 * id to its word. None when there is no `before` (no decision yet, or a look back with the slider).
 */
export function changedSince(before, view, wordsOf) {
  if (!before) return new Set();
  const then = wordsOf(before);
  const changed = new Set();
  for (const [place, word] of wordsOf(view)) {
    if (then.get(place) !== word) changed.add(place);
  }
  return changed;
}

/**
 * The pieces to mark for place `id` under `root`: those that carry it as `data-mark` (where a place is
 * drawn as several pieces, the one that shows what it holds), else those that carry it as `data-target`.
 */
function piecesOf(root, id) {
  const marked = root.querySelectorAll(`[data-mark="${CSS.escape(id)}"]`);
  return marked.length ? [...marked] : [...root.querySelectorAll(`[data-target="${CSS.escape(id)}"]`)];
}

/** The box of an SVG piece's drawing in its own units, its names left out (a label beside a space). */
function shapeBox(g) {
  const shapes = [...g.children].filter((c) => c instanceof SVGGraphicsElement && c.tagName !== 'text' && !c.classList.contains('mark-ring'));
  const boxes = (shapes.length ? shapes : [g]).map((c) => {
    const b = c.getBBox();
    // A child's own transform moves its box within the piece.
    const m = c === g ? null : c.transform?.baseVal?.consolidate()?.matrix;
    return m ? { x: b.x + m.e, y: b.y + m.f, width: b.width, height: b.height } : b;
  }).filter((b) => b.width || b.height);
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

/**
 * A ring around SVG piece `g` (drawn first, under the piece) and a dot on its corner, in the style of
 * `kind`: 'last' (the last turn) or 'since' (since the player's last decision).
 */
function ring(g, kind) {
  const box = shapeBox(g);
  if (!box) return;
  const pad = Math.max(3, Math.min(8, Math.max(box.width, box.height) * 0.12));
  const r = Math.max(3, pad * 0.8);
  g.prepend(s('rect', {
    x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad, rx: pad * 1.5,
    class: `mark-ring ${kind}`, 'aria-hidden': 'true',
  }));
  g.append(s('circle', { cx: box.x + box.width + pad - r / 2, cy: box.y - pad + r / 2, r, class: `mark-dot ${kind}`, 'aria-hidden': 'true' }));
}

/** Add `words` to what a piece's tooltip and accessible name say; a piece without a tooltip gets one. */
function say(piece, words) {
  if (piece.dataset.tip) {
    const was = piece.dataset.tip;
    piece.dataset.tip = `${was} (${words})`;
    if (piece.getAttribute('aria-label') === was) piece.setAttribute('aria-label', piece.dataset.tip);
    // The description tooltip.js gave it says the same.
    for (const desc of piece.querySelectorAll(':scope > desc, :scope > span[hidden]')) {
      if (desc.textContent === was) desc.textContent = piece.dataset.tip;
    }
  } else if (piece.getAttribute('aria-label')) {
    piece.setAttribute('aria-label', `${piece.getAttribute('aria-label')} (${words})`);
  } else {
    tip(piece, words[0].toUpperCase() + words.slice(1));
  }
}

/**
 * Mark, under `root` (the board, on the page), the places in `last` (changed in the last turn of
 * `lastBy`, a seat's name) and in `changed` (since the player's last decision). The root's
 * `data-last-move` and `data-changed` list the ids marked, and its `data-marks` says whether the positions
 * compared with were all in (`ready`) or some are still being fetched (`pending`), for tests.
 */
export function markBoard(root, { last = new Set(), changed = new Set(), lastBy = null, ready = true }) {
  if (!root) return;
  root.dataset.marks = ready ? 'ready' : 'pending';
  root.dataset.lastMove = [...last].join(' ');
  root.dataset.changed = [...changed].join(' ');
  for (const id of new Set([...last, ...changed])) {
    const words = [];
    if (last.has(id)) words.push(lastBy ? `changed in ${lastBy}'s last turn` : 'changed in the last turn');
    if (changed.has(id)) words.push('changed since your last decision');
    for (const piece of piecesOf(root, id)) {
      if (last.has(id)) piece.classList.add('last-move');
      if (changed.has(id)) piece.classList.add('changed');
      if (piece.namespaceURI === SVG && piece.tagName === 'g') ring(piece, last.has(id) ? 'last' : 'since');
      say(piece, words.join('; '));
    }
  }
}

/** The key to the marks, under the board when there are any. */
export function marksKey({ last = new Set(), changed = new Set(), lastBy = null }) {
  if (!last.size && !changed.size) return null;
  const item = (kind, text) => {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `mark-swatch ${kind}`;
    swatch.setAttribute('aria-hidden', 'true');
    li.append(swatch, ` ${text}`);
    return li;
  };
  const list = document.createElement('ul');
  list.className = 'marks-key';
  list.setAttribute('aria-label', 'Marks on the board');
  if (last.size) list.append(item('last', `${last.size} changed in ${lastBy ? `${lastBy}'s` : 'the'} last turn`));
  const since = [...changed].filter((id) => !last.has(id)).length;
  if (changed.size) list.append(item('since', `${changed.size} changed since your last decision${last.size && since ? ` (${since} before the last turn)` : ''}`));
  return list;
}
