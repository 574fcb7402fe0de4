// The world map: the board's 62 regions at our schematic positions (layout.js), their borders as lines,
// the two canals, and on each region its factory (built or an empty site, by city colour), its flag, and
// each nation's armies (standing, or lying down as friendly) and fleets. Regions the player can act on are
// outlined with a dashed frame and can be clicked or chosen with the keyboard; each region carries its
// board id as `data-target`, for the page to light up an action's targets.

import { clickable, s } from '../../lib/dom.js';
import { FACTORY, nation } from './palette.js';
import { HEIGHT, POSITIONS, WIDTH } from './layout.js';

const CHAR = 7.1; // average width of a character of the 12px labels
const LINE = 18;

/** A nation's pieces in a region as words: "2 armies (1 friendly), 1 fleet". */
export function piecesInWords([armies, fleets, friendly]) {
  const parts = [];
  if (armies) parts.push(`${armies} arm${armies === 1 ? 'y' : 'ies'}${friendly ? ` (${friendly} friendly)` : ''}`);
  if (fleets) parts.push(`${fleets} fleet${fleets === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/**
 * Draw the map. `targets` are the regions a click would act on, `selected` the region picked first (a
 * move's origin); `onRegion(id)` is called when a target is chosen.
 */
export function drawMap({ board, view, names, targets = new Set(), selected = null, onRegion = () => {} }) {
  const at = placements(board);
  const info = Object.fromEntries(board.regions.map((r) => [r.id, r]));
  const seen = Object.fromEntries(view.regions.map((r) => [r.region, r]));
  const nationName = Object.fromEntries(board.nations.map((n) => [n.id, n.name]));
  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'world-map',
    role: 'group',
    'aria-label': 'World map: 62 regions with their factories, flags and pieces',
  });
  svg.append(s('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'ocean' }));
  svg.append(borders(board, at));
  for (const r of board.regions) {
    svg.append(region(r, seen[r.id], { at, info, nationName, targets, selected, onRegion }));
  }
  return svg;
}

/**
 * Where each region is drawn: its place on our drawing, or, for a region a player's own board adds or
 * renames, a place in a row along the bottom of the map, so that every region can still be seen and clicked.
 */
function placements(board) {
  const at = {};
  let unplaced = 0;
  for (const r of board.regions) {
    at[r.id] = POSITIONS[r.id] || [70 + 120 * (unplaced % 9), HEIGHT - 25 - 40 * Math.floor(unplaced / 9)];
    if (!POSITIONS[r.id]) unplaced += 1;
  }
  return at;
}

function borders(board, at) {
  const g = s('g', { class: 'borders', 'aria-hidden': 'true' });
  const kind = Object.fromEntries(board.regions.map((r) => [r.id, r.kind]));
  const canal = (a, b) => board.canals.find((c) => c.seas.includes(a) && c.seas.includes(b));
  for (const r of board.regions) {
    for (const n of r.neighbours) {
      if (n < r.id) continue;
      if (!at[n]) continue; // a border to a region the board does not have is the server's to refuse
      const [x1, y1] = at[r.id];
      const [x2, y2] = at[n];
      const cls = kind[r.id] === 'sea' || kind[n] === 'sea' ? 'border sea' : 'border land';
      const c = canal(r.id, n);
      if (Math.abs(x1 - x2) > WIDTH / 2) {
        // A Pacific border: leave by one edge of the map and come back by the other.
        const [lx, ly, rx, ry] = x1 < x2 ? [x1, y1, x2, y2] : [x2, y2, x1, y1];
        const mid = (ly + ry) / 2;
        g.append(s('line', { x1: lx, y1: ly, x2: 0, y2: mid, class: `${cls} wrap` }));
        g.append(s('line', { x1: rx, y1: ry, x2: WIDTH, y2: mid, class: `${cls} wrap` }));
        continue;
      }
      g.append(s('line', { x1, y1, x2, y2, class: c ? 'border canal' : cls }));
      if (c) {
        g.append(s('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 6, class: 'canal-label' }, `${c.name} ⇄`));
      }
    }
  }
  return g;
}

function region(r, here, { at, info, nationName, targets, selected, onRegion }) {
  const [x, y] = at[r.id];
  const units = here ? here.units : [];
  const sea = r.kind === 'sea';
  const nameWidth = r.name.length * CHAR + (r.factory ? 22 : 0) + (here && here.flag ? 30 : 0);
  const chipWidth = Math.max(0, ...units.map(([, u]) => chipSize(u)));
  const w = Math.max(sea ? 90 : 64, nameWidth + 12, chipWidth + 12);
  const h = LINE + units.length * LINE + 8;
  const g = s('g', {
    class: `region ${sea ? 'sea' : 'land'}`, 'data-region': r.id, 'data-target': r.id, transform: `translate(${x} ${y})`,
  });
  const home = r.home ? nation(r.home) : null;
  if (sea) {
    g.append(s('ellipse', { rx: w / 2 + 10, ry: h / 2 + 10, class: 'shape' }));
  } else {
    g.append(s('rect', {
      x: -w / 2, y: -h / 2, width: w, height: h, rx: 6, class: 'shape',
      style: home ? `fill:${home.tint};stroke:${home.colour};stroke-width:3` : null,
    }));
  }
  if (targets.has(r.id) || selected === r.id) {
    const pad = sea ? 14 : 5;
    const frame = sea
      ? s('ellipse', { rx: w / 2 + pad, ry: h / 2 + pad })
      : s('rect', { x: -w / 2 - pad, y: -h / 2 - pad, width: w + 2 * pad, height: h + 2 * pad, rx: 8 });
    frame.setAttribute('class', selected === r.id ? 'frame selected' : 'frame target');
    g.append(frame);
  }
  let left = -w / 2 + 6;
  const top = -h / 2 + 12;
  if (r.factory) {
    g.append(factory(left, top - 9, r.factory, here && here.factory));
    left += 20;
  }
  g.append(s('text', { x: left, y: top, class: sea ? 'name sea-name' : 'name' }, r.name));
  if (here && here.flag) g.append(flag(w / 2 - 26, top - 10, here.flag));
  units.forEach(([n, u], i) => g.append(chip(-w / 2 + 6, top + 5 + i * LINE, n, u)));

  const words = [r.name];
  if (r.home) words.push(`home province of ${nationName[r.home]}`);
  if (r.factory) words.push(here && here.factory ? `${FACTORY[r.factory].word} built` : `site for ${FACTORY[r.factory].article} ${FACTORY[r.factory].word}, empty`);
  if (here && here.flag) words.push(`flag of ${nationName[here.flag]}`);
  for (const [n, u] of units) words.push(`${nationName[n]}: ${piecesInWords(u)}`);
  const label = words.join('; ');
  g.append(s('title', {}, label));
  if (targets.has(r.id) || selected === r.id) {
    clickable(g, `${label}. ${selected === r.id ? 'Selected; activate again to let go' : 'Choose'}`, () => onRegion(r.id));
    g.setAttribute('data-key', `region:${r.id}`);
  } else {
    g.setAttribute('aria-label', label);
  }
  return g;
}

/** The width of a nation's chip: its code, then armies, friendly armies and fleets with their counts. */
function chipSize([armies, fleets, friendly]) {
  return 22 + (armies - friendly ? 24 : 0) + (friendly ? 24 : 0) + (fleets ? 24 : 0);
}

function chip(x, y, n, u) {
  const [armies, fleets, friendly] = u;
  const p = nation(n);
  const g = s('g', { class: 'chip', transform: `translate(${x} ${y})` });
  g.append(s('rect', { x: 0, y: 0, width: chipSize(u), height: 15, rx: 3, fill: p.colour, stroke: '#000', 'stroke-width': 0.6 }));
  g.append(s('text', { x: 3, y: 11.5, fill: p.ink, class: 'code' }, p.code));
  let at = 22;
  const piece = (shape, count) => {
    g.append(shape(at + 5, 7.5, p.ink));
    g.append(s('text', { x: at + 11, y: 11.5, fill: p.ink, class: 'count' }, String(count)));
    at += 24;
  };
  if (armies - friendly) piece(army, armies - friendly);
  if (friendly) piece(friendlyArmy, friendly);
  if (fleets) piece(fleet, fleets);
  return g;
}

/** An army standing: a triangle. */
function army(cx, cy, ink) {
  return s('polygon', { points: `${cx - 5},${cy + 5} ${cx + 5},${cy + 5} ${cx},${cy - 5}`, fill: ink });
}

/** A friendly army, lying down: a flat bar. */
function friendlyArmy(cx, cy, ink) {
  return s('rect', { x: cx - 5, y: cy - 2, width: 10, height: 4, fill: 'none', stroke: ink, 'stroke-width': 1.5 });
}

/** A fleet: a hull. */
function fleet(cx, cy, ink) {
  return s('polygon', { points: `${cx - 6},${cy - 1} ${cx + 6},${cy - 1} ${cx + 3},${cy + 5} ${cx - 3},${cy + 5}`, fill: ink });
}

function factory(x, y, kind, built) {
  const f = FACTORY[kind];
  const g = s('g', { class: built ? 'factory built' : 'factory site', transform: `translate(${x} ${y})` });
  g.append(s('polygon', {
    points: '0,14 0,5 7,0 14,5 14,14',
    fill: built ? f.colour : '#fff',
    stroke: f.colour,
    'stroke-width': 1.5,
    'stroke-dasharray': built ? null : '2 1.5',
  }));
  g.append(s('text', { x: 7, y: 12.5, class: 'factory-letter', fill: built ? '#fff' : f.colour }, f.letter));
  return g;
}

function flag(x, y, n) {
  const p = nation(n);
  const g = s('g', { class: 'flag', transform: `translate(${x} ${y})` });
  g.append(s('line', { x1: 0, y1: 0, x2: 0, y2: 14, stroke: '#000', 'stroke-width': 1.2 }));
  g.append(s('rect', { x: 1, y: 0, width: 20, height: 10, fill: p.colour, stroke: '#000', 'stroke-width': 0.5 }));
  g.append(s('text', { x: 11, y: 8.2, fill: p.ink, class: 'flag-code' }, p.code));
  return g;
}

/** The legend: what each symbol and colour means. */
export function legend(board) {
  const swatch = (n) => {
    const p = nation(n.id);
    return s('svg', { width: 30, height: 16, 'aria-hidden': 'true' },
      s('rect', { x: 0, y: 0, width: 30, height: 16, rx: 3, fill: p.colour, stroke: '#000', 'stroke-width': 0.6 }),
      s('text', { x: 15, y: 12, fill: p.ink, 'text-anchor': 'middle', class: 'code' }, p.code));
  };
  const icon = (draw) => s('svg', { width: 16, height: 16, 'aria-hidden': 'true' }, draw);
  const item = (pic, text) => {
    const li = document.createElement('li');
    li.append(pic, ' ', text);
    return li;
  };
  const list = document.createElement('ul');
  list.className = 'legend';
  for (const n of board.nations) list.append(item(swatch(n), n.name));
  list.append(
    item(icon(army(8, 8, '#000')), 'army'),
    item(icon(friendlyArmy(8, 8, '#000')), 'friendly army (lying down)'),
    item(icon(fleet(8, 8, '#000')), 'fleet'),
    item(icon(factory(1, 1, 'armaments', true)), 'armaments factory (dashed: empty site)'),
    item(icon(factory(1, 1, 'shipyard', true)), 'shipyard'),
    item(icon(s('rect', { x: 1, y: 1, width: 14, height: 14, rx: 2, class: 'frame target' })), 'you can choose it'),
    item(icon(s('rect', { x: 1, y: 1, width: 14, height: 14, rx: 2, class: 'lit' })), 'what the choice you point at touches'),
  );
  return list;
}
