// The world map: the board's regions drawn as the real lands and seas they stand for (web/maps/imperial2030.js,
// generated from Natural Earth), home provinces in their nation's colour, the two canals, and at each region's
// point a token with its name, its factory (built or an empty site, by city colour), its flag, and each
// nation's armies (standing, or lying down as friendly) and fleets. Regions the player can act on glow and
// their tokens are framed; a token is the region's button (click or keyboard), and clicking the region's land
// or sea does the same. Each region's shape carries its board id as `data-target`, for the page to light up an
// action's targets. A region of a player's own board that the drawing does not know is drawn as a disc in a
// row along the map's bottom edge, so it can still be seen and clicked.

import { clickable, s } from '../../lib/dom.js';
import { tip } from '../../lib/tooltip.js';
import { FACTORY, nation } from './palette.js';
import { CANALS, HEIGHT, OTHER_LAND, REGIONS, WIDTH } from '../../maps/imperial2030.js';

export { HEIGHT, WIDTH };
/** The region names' font size in drawing units (style.css, `.world-map .name`): hidden below 11 px. */
export const LABEL_SIZE = 14.5;

/** Where a region of the drawing is, [x, y] in drawing units (null for one it does not know). */
export const pointOf = (id) => (REGIONS[id] ? [REGIONS[id].x, REGIONS[id].y] : null);

const CHAR = 0.56; // average width of a character, in ems
const CHIP = 16; // a nation's chip: its height in drawing units

/** A nation's pieces in a region as words: "2 armies (1 friendly), 1 fleet". */
export function piecesInWords([armies, fleets, friendly]) {
  const parts = [];
  if (armies) parts.push(`${armies} arm${armies === 1 ? 'y' : 'ies'}${friendly ? ` (${friendly} friendly)` : ''}`);
  if (fleets) parts.push(`${fleets} fleet${fleets === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/**
 * What each region holds, in one word: its factory, flag and every nation's pieces. The page compares these
 * with earlier positions to mark what changed (web/lib/marks.js).
 */
export function regionWords(board, view) {
  const seen = new Map(view.regions.map((r) => [r.region, r]));
  return new Map(board.regions.map((r) => {
    const here = seen.get(r.id);
    // A region listed with nothing on it is the same as one not listed.
    const empty = !here || (!here.factory && !here.flag && !(here.units ?? []).length);
    return [r.id, empty ? '' : JSON.stringify([Boolean(here.factory), here.flag ?? null, here.units])];
  }));
}

/**
 * Draw the map. `targets` are the regions a click would act on, `selected` the region picked first (a
 * move's origin); `onRegion(id)` is called when a target is chosen. Each region's token carries its id as
 * `data-mark`, where the page marks what changed in it.
 */
export function drawMap({ board, view, names, targets = new Set(), selected = null, onRegion = () => {} }) {
  const at = placements(board);
  const seen = Object.fromEntries(view.regions.map((r) => [r.region, r]));
  const nationName = Object.fromEntries(board.nations.map((n) => [n.id, n.name]));
  const deciding = decisionRegions(view, board);
  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'world-map',
    role: 'group',
    'aria-label': `World map: ${board.regions.length} regions with their factories, flags and pieces`,
    'data-width': WIDTH,
    'data-height': HEIGHT,
  });
  svg.append(s('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'ocean' }));
  const seas = s('g', { class: 'seas' });
  const lands = s('g', { class: 'lands' }, s('path', { d: OTHER_LAND, class: 'other-land', 'aria-hidden': 'true' }));
  const tokens = s('g', { class: 'tokens' });
  svg.append(seas, unusedShapes(board), lands, canals(board, view), tokens);
  const choosable = s('g', { class: 'choosable' });
  for (const r of board.regions) {
    const state = {
      target: targets.has(r.id), selected: selected === r.id, deciding: deciding.has(r.id),
    };
    const label = regionLabel(r, seen[r.id], nationName);
    const choose = state.target || state.selected ? () => onRegion(r.id) : null;
    (r.kind === 'sea' ? seas : lands).append(shape(r, at[r.id], state, label, choose));
    (choose ? choosable : tokens).append(token(r, at[r.id], seen[r.id], state, label, choose));
  }
  // The tokens that can be chosen are drawn last, so that no other token covers them.
  tokens.append(choosable);
  spreadTokens([...svg.querySelectorAll('.token')]);
  return svg;
}

/**
 * Where each region is drawn: its shape and point in the drawing, or, for a region a player's own board adds
 * or renames, a disc in a row along the bottom of the map.
 */
function placements(board) {
  const at = {};
  let unplaced = 0;
  for (const r of board.regions) {
    const drawn = REGIONS[r.id];
    if (drawn && drawn.kind === r.kind) {
      at[r.id] = drawn;
      continue;
    }
    const x = 40 + 90 * (unplaced % 16);
    const y = HEIGHT - 30 - 60 * Math.floor(unplaced / 16);
    at[r.id] = { x, y: y - 14, d: `M${x - 16} ${y}a16 16 0 1 0 32 0a16 16 0 1 0-32 0z`, unplaced: true };
    unplaced += 1;
  }
  return at;
}

/** The drawing's regions this board does not have (a player's own board renamed them): plain land or sea. */
function unusedShapes(board) {
  const ids = new Set(board.regions.map((r) => r.id));
  const g = s('g', { class: 'unused', 'aria-hidden': 'true' });
  for (const [id, r] of Object.entries(REGIONS)) {
    if (!ids.has(id)) g.append(s('path', { d: r.d, class: r.kind === 'sea' ? 'unused-sea' : 'other-land' }));
  }
  return g;
}

/** The regions the decision in front of the table is about: a battle's region, a canal's seas. */
function decisionRegions(view, board) {
  const phase = view.phase ?? {};
  if (phase.phase === 'battle' && phase.region) return new Set([phase.region]);
  if (phase.phase === 'canal') {
    const canal = board.canals[(phase.canals ?? [])[0]];
    if (canal) return new Set([...canal.seas, canal.controlled_from]);
  }
  return new Set();
}

function regionLabel(r, here, nationName) {
  const words = [r.name];
  if (r.home) words.push(`home province of ${nationName[r.home]}`);
  if (r.factory) {
    const f = FACTORY[r.factory];
    words.push(here && here.factory ? `${f.word} built` : `site for ${f.article} ${f.word}, empty`);
  }
  if (here && here.flag) words.push(`flag of ${nationName[here.flag]}`);
  for (const [n, u] of here ? here.units : []) words.push(`${nationName[n]}: ${piecesInWords(u)}`);
  return words.join('; ');
}

/** The region's land or sea: `data-target` for the page's lighting up; glowing while it can be chosen. */
function shape(r, at, state, label, choose) {
  const classes = ['region', r.kind === 'sea' ? 'sea' : 'land'];
  if (r.home) classes.push('home');
  if (at.unplaced) classes.push('unplaced');
  if (state.target) classes.push('target');
  if (state.selected) classes.push('selected');
  if (state.deciding) classes.push('deciding');
  const g = s('g', { class: classes.join(' '), 'data-region': r.id, 'data-target': r.id });
  const home = r.home ? nation(r.home) : null;
  g.append(s('path', { d: at.d, class: 'shape', fill: home ? home.land : null, stroke: home ? home.colour : null }));
  if (choose) {
    g.classList.add('pickable');
    g.addEventListener('click', choose);
  }
  // Pointed at or tapped, it says what its token says; the keyboard reaches the token instead.
  return tip(g, label, { focus: false });
}

/** The width of a nation's chip: its code, then armies, friendly armies and fleets with their counts. */
function chipSize([armies, fleets, friendly]) {
  return 24 + (armies - friendly ? 26 : 0) + (friendly ? 26 : 0) + (fleets ? 26 : 0);
}

/**
 * The region's token at its point: the name (with the nation's code on a home province), the factory and
 * flag, a chip per nation present. It is the region's button while the region can be chosen.
 */
function token(r, at, here, state, label, choose) {
  const units = here ? here.units : [];
  const sea = r.kind === 'sea';
  const code = r.home ? nation(r.home).code : '';
  const nameWidth = (r.name.length + (code ? 3 : 0)) * CHAR * LABEL_SIZE;
  const pieces = (r.factory ? 18 : 0) + (here && here.flag ? 24 : 0);
  const chips = Math.max(0, ...units.map(([, u]) => chipSize(u)));
  const w = Math.max(nameWidth, pieces, chips) + 8;
  const rows = (pieces ? 1 : 0) + units.length;
  const h = LABEL_SIZE + 6 + rows * (CHIP + 2);
  const classes = ['token', sea ? 'sea' : 'land'];
  if (state.target) classes.push('target');
  if (state.selected) classes.push('selected');
  if (state.deciding) classes.push('deciding');
  const g = s('g', {
    class: classes.join(' '), transform: tokenAt(at.x, at.y, 1), 'data-x': at.x, 'data-y': at.y, 'data-w': w, 'data-h': h,
    // What changed in the region is marked on its token (web/lib/marks.js), which shows what it holds.
    'data-mark': r.id,
  });
  g.append(s('rect', { x: -w / 2, y: 0, width: w, height: h, rx: 4, class: 'token-bg' }));
  if (state.target || state.selected) {
    g.append(s('rect', { x: -w / 2 - 3, y: -3, width: w + 6, height: h + 6, rx: 6, class: state.selected ? 'frame selected' : 'frame target' }));
  }
  const name = s('text', { x: 0, y: LABEL_SIZE, class: sea ? 'name sea-name' : 'name' }, r.name);
  if (code) name.append(s('tspan', { class: 'name-code', dx: 4 }, code));
  g.append(name);
  let y = LABEL_SIZE + 5;
  if (pieces) {
    let x = -pieces / 2;
    if (r.factory) {
      g.append(factory(x, y, r.factory, here && here.factory));
      x += 18;
    }
    if (here && here.flag) g.append(flag(x + 2, y, here.flag));
    y += CHIP + 2;
  }
  for (const [n, u] of units) {
    g.append(chip(-chipSize(u) / 2, y, n, u));
    y += CHIP + 2;
  }
  if (choose) {
    clickable(g, `${label}. ${state.selected ? 'Selected; activate again to let go' : 'Choose'}`, choose);
    g.setAttribute('data-key', `region:${r.id}`);
  }
  return tip(g, label);
}

/** A token's place: its name's baseline on the region's point, drawn `scale` times its size. */
const tokenAt = (x, y, scale, dx = 0, dy = 0) => `translate(${x} ${y}) scale(${scale}) translate(${dx} ${dy - LABEL_SIZE})`;

/**
 * Move the tokens apart where they would cover each other at full size (India's four provinces, Europe's):
 * each pair that overlaps is pushed apart along the axis it overlaps least, a few rounds. The shift is in
 * the token's own units, so it shrinks with the token as the map is zoomed in, and the token comes back to
 * its region's point. Kept on each token as `data-dx`, `data-dy`.
 */
function spreadTokens(tokens) {
  const GAP = 3;
  const boxes = tokens.map((g) => ({
    g, x: Number(g.dataset.x), y: Number(g.dataset.y), w: Number(g.dataset.w), h: Number(g.dataset.h), dx: 0, dy: 0,
  }));
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const ox = (a.w + b.w) / 2 + GAP - Math.abs(a.x + a.dx - (b.x + b.dx));
        const [ta, tb] = [a.y + a.dy, b.y + b.dy]; // their tops, less the name's height they share
        const oy = Math.min(ta + a.h, tb + b.h) - Math.max(ta, tb) + GAP;
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        if (ox < oy) {
          const push = (a.x + a.dx <= b.x + b.dx ? -ox : ox) / 2;
          a.dx += push;
          b.dx -= push;
        } else {
          const push = (ta <= tb ? -oy : oy) / 2;
          a.dy += push;
          b.dy -= push;
        }
      }
    }
    if (!moved) break;
  }
  for (const box of boxes) {
    box.g.dataset.dx = box.dx.toFixed(1);
    box.g.dataset.dy = box.dy.toFixed(1);
    box.g.setAttribute('transform', tokenAt(box.x, box.y, 1, box.dx.toFixed(1), box.dy.toFixed(1)));
  }
}

/** The names' least size on screen, in pixels, once zoomed in. */
const LEGIBLE = 11.5;

/**
 * Keep the tokens (and the canals' marks) a constant size on screen as the map is zoomed in, so that zooming
 * spreads a crowded place (India, Europe) apart instead of enlarging it: a token is drawn at its full size
 * until its name would be over LEGIBLE pixels high, and smaller in the drawing beyond. Follows the viewBox.
 */
export function keepTokensLegible(svg) {
  const fit = () => {
    const shown = svg.getBoundingClientRect().width;
    const span = Number((svg.getAttribute('viewBox') ?? '').split(' ')[2]);
    if (!shown || !span) return;
    const scale = Math.min(1, LEGIBLE / (LABEL_SIZE * (shown / span)));
    for (const token of svg.querySelectorAll('.token')) {
      const { x, y, dx, dy } = token.dataset;
      token.setAttribute('transform', tokenAt(Number(x), Number(y), scale.toFixed(3), dx ?? 0, dy ?? 0));
    }
    for (const canal of svg.querySelectorAll('.canal')) {
      const [x, y] = [Number(canal.dataset.x), Number(canal.dataset.y)];
      canal.setAttribute('transform', `translate(${x} ${y}) scale(${scale.toFixed(3)}) translate(${-x} ${-y})`);
    }
  };
  new MutationObserver(fit).observe(svg, { attributes: true, attributeFilter: ['viewBox'] });
  fit();
}

/** The canals: a short blue cut with its name, marked when its passage was refused this turn. */
function canals(board, view) {
  const g = s('g', { class: 'canals', 'aria-hidden': 'true' });
  const refused = new Set(view.maneuver?.refused_canals ?? []);
  const phase = view.phase ?? {};
  const asked = phase.phase === 'canal' ? board.canals[(phase.canals ?? [])[0]]?.name : null;
  for (const c of board.canals) {
    const drawn = CANALS[c.name];
    if (!drawn) continue;
    const [[x1, y1], [x2, y2]] = [drawn.from, drawn.to];
    // Drawn at least 14 units long, about its middle, so that it can be seen on the whole world.
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [((x2 - x1) / len) * 7, ((y2 - y1) / len) * 7];
    const classes = ['canal', refused.has(c.name) ? 'refused' : '', asked === c.name ? 'deciding' : ''].filter(Boolean);
    const line = { x1: mx - ux, y1: my - uy, x2: mx + ux, y2: my + uy };
    g.append(s('g', { class: classes.join(' '), 'data-x': mx, 'data-y': my },
      s('line', { ...line, class: 'canal-casing' }),
      s('line', { ...line, class: 'canal-water' }),
      s('text', { x: mx + 9, y: my + 4, class: 'canal-label' }, c.name.replace(/ Canal$/, ''))));
  }
  return g;
}

function chip(x, y, n, u) {
  const [armies, fleets, friendly] = u;
  const p = nation(n);
  const g = s('g', { class: 'chip', transform: `translate(${x} ${y})` });
  g.append(s('rect', { x: 0, y: 0, width: chipSize(u), height: CHIP, rx: 3, fill: p.colour, stroke: '#000', 'stroke-width': 0.6 }));
  g.append(s('text', { x: 3, y: 12.5, fill: p.ink, class: 'code' }, p.code));
  let at = 24;
  const piece = (draw, count) => {
    g.append(draw(at + 6, 8, p.ink));
    g.append(s('text', { x: at + 13, y: 12.5, fill: p.ink, class: 'count' }, String(count)));
    at += 26;
  };
  if (armies - friendly) piece(army, armies - friendly);
  if (friendly) piece(friendlyArmy, friendly);
  if (fleets) piece(fleet, fleets);
  return g;
}

/** A hostile army, standing: a triangle. */
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
    points: '0,15 0,5.5 8,0 16,5.5 16,15',
    fill: built ? f.colour : '#fff',
    stroke: f.colour,
    'stroke-width': 1.5,
    'stroke-dasharray': built ? null : '2 1.5',
  }));
  g.append(s('text', { x: 8, y: 13.5, class: 'factory-letter', fill: built ? '#fff' : f.colour }, f.letter));
  return g;
}

function flag(x, y, n) {
  const p = nation(n);
  const g = s('g', { class: 'flag', transform: `translate(${x} ${y})` });
  g.append(s('line', { x1: 0, y1: 0, x2: 0, y2: 16, stroke: '#000', 'stroke-width': 1.2 }));
  g.append(s('rect', { x: 1, y: 0, width: 20, height: 11, fill: p.colour, stroke: '#000', 'stroke-width': 0.5 }));
  g.append(s('text', { x: 11, y: 8.6, fill: p.ink, class: 'flag-code' }, p.code));
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
  const icon = (draw) => s('svg', { width: 18, height: 18, viewBox: '0 0 18 18', 'aria-hidden': 'true' }, draw);
  const item = (pic, text) => {
    const li = document.createElement('li');
    li.append(pic, ' ', text);
    return li;
  };
  const list = document.createElement('ul');
  list.className = 'legend';
  for (const n of board.nations) list.append(item(swatch(n), `${n.name} (home provinces tinted, code beside the name)`));
  list.append(
    item(icon(army(9, 9, '#000')), 'army'),
    item(icon(friendlyArmy(9, 9, '#000')), 'friendly army (lying down)'),
    item(icon(fleet(9, 9, '#000')), 'fleet'),
    item(icon(factory(1, 1, 'armaments', true)), 'armaments factory (dashed: empty site)'),
    item(icon(factory(1, 1, 'shipyard', true)), 'shipyard'),
    item(icon(s('line', { x1: 2, y1: 9, x2: 16, y2: 9, class: 'canal-legend' })), 'canal (Panama, Suez)'),
    item(icon(s('rect', { x: 1, y: 1, width: 16, height: 16, rx: 2, class: 'frame target' })), 'you can choose it (it glows)'),
    item(icon(s('rect', { x: 1, y: 1, width: 16, height: 16, rx: 2, class: 'lit' })), 'what the choice you point at touches'),
  );
  return list;
}
