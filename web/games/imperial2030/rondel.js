// The rondel: eight spaces clockwise from Investor at the top, every nation's marker on its space (or in
// the centre before its first turn), and for the nation on turn what each space it can reach would cost
// its government. Spaces the player may choose now are framed and clickable.

import { clickable, s } from '../../lib/dom.js';
import { tip } from '../../lib/tooltip.js';
import { nation } from './palette.js';

// The drawing is 320 units across; its smallest text is 11.5 units, 12 px once the rondel is drawn 334 px
// wide (a phone's column), and the rondel is the main control of a third of the decisions.
const C = 160; // centre
const OUTER = 158;
const INNER = 52;
const MARKER = 11; // a nation's marker's radius

const polar = (r, a) => [C + r * Math.sin(a), C - r * Math.cos(a)];

function sector(i) {
  const a0 = ((i - 0.5) * Math.PI) / 4;
  const a1 = ((i + 0.5) * Math.PI) / 4;
  const [x0, y0] = polar(OUTER, a0);
  const [x1, y1] = polar(OUTER, a1);
  const [x2, y2] = polar(INNER, a1);
  const [x3, y3] = polar(INNER, a0);
  return `M${x0},${y0} A${OUTER},${OUTER} 0 0 1 ${x1},${y1} L${x2},${y2} A${INNER},${INNER} 0 0 0 ${x3},${y3} Z`;
}

/** "Production (after Import)" → "Production": the board prints only the activity. */
export const shortName = (space) => space.name.replace(/ \(.*\)$/, '');

/**
 * Draw the rondel. `choices` maps a space id to the action that moves there (when the player may choose);
 * `onSpace(id)` is called when one is chosen.
 */
export function drawRondel({ board, view, choices = new Map(), onSpace = () => {} }) {
  const nationName = Object.fromEntries(board.nations.map((n) => [n.id, n.name]));
  const moves = Object.fromEntries((view.phase.phase === 'rondel' ? view.rondel_moves : []).map((m) => [m.space, m]));
  const svg = s('svg', {
    viewBox: '0 0 320 320', class: 'rondel', role: 'group',
    'aria-label': `Rondel. ${nationName[view.turn]} is on turn.`,
  });
  board.rondel.forEach((space, i) => {
    const here = view.nations.filter((n) => n.rondel === space.id);
    const move = moves[space.id];
    const g = s('g', { class: `space${move ? ' reachable' : ''}`, 'data-space': space.id, 'data-target': space.id });
    g.append(s('path', { d: sector(i), class: 'sector' }));
    // The name across the outer band, its middle on the space's middle line; on the two spaces lying
    // sideways (left and right) it runs along the radius, so it sits further in, the cost above it.
    const sideways = i % 4 === 2;
    const [lx, ly] = polar(sideways ? 108 : 126, (i * Math.PI) / 4);
    g.append(s('text', { x: lx, y: ly + 4.5, class: 'space-name', 'text-anchor': 'middle' }, shortName(space)));
    if (move) {
      const [cx, cy] = sideways ? [lx, ly - 13] : polar(98, (i * Math.PI) / 4);
      g.append(s('text', { x: cx, y: cy, class: 'cost', 'text-anchor': 'middle' }, move.cost ? `pay ${move.cost}` : 'free'));
    }
    // Markers side by side across the space, in two rows when there are more than three.
    here.forEach((n, k) => {
      const row = here.length > 3 ? Math.floor(k / 3) : 0;
      const inRow = here.length > 3 ? Math.min(3, here.length - row * 3) : here.length;
      const radius = INNER + 15 + row * 23;
      const spread = ((k % 3) - (inRow - 1) / 2) * ((2 * MARKER + 2) / radius);
      const [mx, my] = polar(radius, (i * Math.PI) / 4 + spread);
      g.append(marker(mx, my, n.nation, n.nation === view.turn));
    });
    const words = [space.name];
    if (here.length) words.push(`markers: ${here.map((n) => nationName[n.nation]).join(', ')}`);
    if (move) words.push(move.cost ? `${nationName[view.turn]} can move here for ${move.cost}` : `${nationName[view.turn]} can move here free`);
    const label = words.join('; ');
    if (choices.has(space.id)) {
      g.classList.add('choice');
      g.setAttribute('data-key', `space:${space.id}`);
      clickable(g, `${label}. Choose`, () => onSpace(space.id));
    }
    svg.append(tip(g, label));
  });
  const waiting = view.nations.filter((n) => !n.rondel);
  svg.append(s('circle', { cx: C, cy: C, r: INNER - 4, class: 'hub' }));
  svg.append(s('text', { x: C, y: C - 24, class: 'hub-text', 'text-anchor': 'middle' }, `Round ${view.round}`));
  svg.append(s('text', { x: C, y: C - 9, class: 'hub-text', 'text-anchor': 'middle' }, `${nation(view.turn).code} on turn`));
  // Before their first turn the markers wait in the hub, three to a row.
  waiting.forEach((n, k) => svg.append(marker(C + ((k % 3) - 1) * (2 * MARKER + 2), C + 11 + Math.floor(k / 3) * (2 * MARKER + 1), n.nation, n.nation === view.turn)));
  return svg;
}

function marker(x, y, n, onTurn) {
  const p = nation(n);
  const g = s('g', { class: onTurn ? 'marker on-turn' : 'marker' });
  g.append(s('circle', { cx: x, cy: y, r: MARKER, fill: p.colour, stroke: '#000', 'stroke-width': onTurn ? 3 : 0.8 }));
  g.append(s('text', { x, y: y + 4, fill: p.ink, class: 'marker-code', 'text-anchor': 'middle' }, p.code));
  return g;
}
