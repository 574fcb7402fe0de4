// Where things go on a theatre of Imperial Struggle's map besides the spaces themselves, worked out once
// per theatre of a board: each space's label (below it, else above, right or left, whichever first meets
// no marker and no label placed before) and each advantage tile's pentagon (near the spaces it needs, in
// the freest of a ring of places around them).

import { THEATRES } from '../../maps/imperial-struggle.js';

/** Half a marker's size, in drawing units; spaces stand at least 18 units apart. */
export const R = 8;
/** An advantage pentagon's radius, in drawing units. */
export const ADVANTAGE = 8.5;
/** The labels' font size in drawing units (style.css's `.is-map .space-name`). */
const LABEL = 9;

/** A space's short label: its name without the "(alliance 2)" of copies; copies after the first unlabelled. */
export function shortLabel(space) {
  if (/_[2-9]$/.test(space.id)) return '';
  return space.name.replace(/\s*\((alliance|prestige)[^)]*\)/, '').replace(/ · .*$/, '');
}

const made = new WeakMap();

/** The labels (id → {text, x, y, anchor}, relative to the space) and advantages (id → [x, y]) of theatre `id`. */
export function layoutOf(id, spaces, board) {
  if (!made.has(board)) made.set(board, new Map());
  const theatres = made.get(board);
  if (!theatres.has(id)) {
    const at = THEATRES[id].spaces;
    const boxes = spaces.map((sp) => [at[sp.id][0] - R - 1, at[sp.id][1] - R - 1, at[sp.id][0] + R + 1, at[sp.id][1] + R + 1]);
    const meets = (b) => boxes.filter((o) => b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3]).length;
    const labels = placeLabels(spaces, at, boxes, meets);
    const advantages = placeAdvantages(board.advantages.filter((a) => a.region === id), at, boxes, meets);
    theatres.set(id, { labels, advantages });
  }
  return theatres.get(id);
}

function placeLabels(spaces, at, boxes, meets) {
  const labels = new Map();
  // Political spaces first (their copies sit close together), then the rest, each in the board's order.
  const order = [...spaces.filter((sp) => sp.kind === 'political'), ...spaces.filter((sp) => sp.kind !== 'political')];
  for (const sp of order) {
    const text = shortLabel(sp);
    if (!text) continue;
    const [x, y] = at[sp.id];
    const w = text.length * LABEL * 0.56;
    const candidates = [
      { x: 0, y: R + LABEL - 0.5, anchor: 'middle', box: [x - w / 2, y + R + 1, x + w / 2, y + R + LABEL + 1] },
      { x: 0, y: -R - 3, anchor: 'middle', box: [x - w / 2, y - R - LABEL - 2, x + w / 2, y - R - 1] },
      { x: R + 2, y: 3, anchor: 'start', box: [x + R + 2, y - LABEL / 2, x + R + 2 + w, y + LABEL / 2] },
      { x: -R - 2, y: 3, anchor: 'end', box: [x - R - 2 - w, y - LABEL / 2, x - R - 2, y + LABEL / 2] },
    ];
    const free = candidates.find((c) => !meets(c.box)) ?? candidates.reduce((a, c) => (meets(c.box) < meets(a.box) ? c : a));
    boxes.push(free.box);
    labels.set(sp.id, { text, x: free.x, y: free.y, anchor: free.anchor });
  }
  return labels;
}

/** Each advantage near the middle of the spaces it needs: the first free place on rings around it. */
function placeAdvantages(advantages, at, boxes, meets) {
  const placed = new Map();
  const around = [];
  for (const d of [24, 34, 46]) for (let k = 0; k < 8; k++) around.push([d * Math.cos((k * Math.PI) / 4 - Math.PI / 2), d * Math.sin((k * Math.PI) / 4 - Math.PI / 2)]);
  for (const a of advantages) {
    const needs = a.requires.map((sp) => at[sp]).filter(Boolean);
    if (!needs.length) continue;
    const cx = needs.reduce((n, p) => n + p[0], 0) / needs.length;
    const cy = needs.reduce((n, p) => n + p[1], 0) / needs.length;
    const boxAt = ([dx, dy]) => [cx + dx - ADVANTAGE - 1, cy + dy - ADVANTAGE - 1, cx + dx + ADVANTAGE + 1, cy + dy + ADVANTAGE + 1];
    const best = around.find((o) => !meets(boxAt(o))) ?? around.reduce((p, o) => (meets(boxAt(o)) < meets(boxAt(p)) ? o : p));
    boxes.push(boxAt(best));
    placed.set(a.id, [cx + best[0], cy + best[1]]);
  }
  return placed;
}
