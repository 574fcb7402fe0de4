// One theatre of Imperial Struggle's map in SVG: the land of web/maps/imperial-struggle.js (real geography,
// 1000 units wide), the board's lines (connections solid, war routes dashed), and each space drawn by its
// kind — a market round with its commodity's code, a political space square (a prestige one framed twice),
// a territory hexagonal, a fort a keep with battlements, a naval space a diamond — painted with its flag
// and lettered B or F (S, U) as well, so colour is never the only clue. A squadron is its power's flag on
// a naval space. Conflict markers (!), damaged forts (crossed out) and Huguenots markers (H) sit on the
// space. The advantage tiles are pentagons beside the spaces they need (layout.js says where). A piece
// where a legal action is played glows and answers a click; its tooltip says what it is.

import { h, s } from '../../lib/dom.js';
import { tip } from '../../lib/tooltip.js';
import { CONNECTIONS, SPACES, THEATRES } from '../../maps/imperial-struggle.js';
import { commodity, flag } from './palette.js';
import { ADVANTAGE, R, layoutOf } from './layout.js';
import { offerSvg } from './places.js';


/** The theatres in the printed map's order. */
export const THEATRE_IDS = ['europe', 'north_america', 'caribbean', 'india'];

/** The state of every space from the view: its flag, and the markers on it. */
export function spaceStates(view) {
  const b = view.board;
  const owner = new Map();
  ['britain', 'france', 'spain', 'usa'].forEach((f, i) => (b.flags[i] ?? []).forEach((id) => owner.set(id, f)));
  const set = (list) => new Set(list ?? []);
  return {
    owner,
    conflict: set(b.conflict),
    plus: set(b.conflict_plus),
    damaged: set(b.damaged),
    huguenots: set(b.huguenots),
    spent: set(b.huguenots_spent),
  };
}

/** A space's state in one word, to tell what changed: its flag and markers. */
export function stateKey(st, id) {
  return [st.owner.get(id) ?? '', st.conflict.has(id), st.plus.has(id), st.damaged.has(id), st.huguenots.has(id), st.spent.has(id)].join();
}

/** A space in words, for its tooltip: "Georges Bank — market (fish), cost 2, flag: Britain". */
export function spaceWords(space, st) {
  const kind = space.kind === 'market' ? (space.commodity ? `market (${commodity(space.commodity).name})` : 'market')
    : space.kind === 'political' ? (space.prestige ? 'political space, prestige' : 'political space, alliance')
      : space.kind === 'naval' ? 'naval space' : space.prestige ? `${space.kind}, prestige` : space.kind;
  const who = st.owner.get(space.id);
  const parts = [`${space.name} — ${kind}, cost ${space.cost}`];
  if (space.kind === 'naval') parts.push(who ? `${flag(who).name}'s squadron` : 'no squadron');
  else parts.push(who ? `flag: ${flag(who).name}` : 'unflagged');
  if (st.conflict.has(space.id)) parts.push(st.plus.has(space.id) ? 'conflict marker (+1 to remove)' : 'conflict marker');
  if (st.damaged.has(space.id)) parts.push('fort damaged');
  if (st.huguenots.has(space.id)) parts.push(st.spent.has(space.id) ? 'Huguenots marker (used)' : 'Huguenots marker');
  return parts.join('; ');
}

/** The outline of a space of `kind` centred on 0,0, `grow` units larger than the marker. */
function outline(kind, grow = 0, cls = 'shape') {
  const r = R + grow;
  const poly = (n, turn, scale = 1) => Array.from({ length: n }, (_, i) => {
    const a = turn + (2 * Math.PI * i) / n;
    return `${(Math.cos(a) * r * scale).toFixed(1)},${(Math.sin(a) * r * scale).toFixed(1)}`;
  }).join(' ');
  switch (kind) {
    case 'market': return s('circle', { class: cls, r });
    case 'political': return s('rect', { class: cls, x: -r + 0.8, y: -r + 0.8, width: 2 * r - 1.6, height: 2 * r - 1.6, rx: 1.5 });
    case 'territory': return s('polygon', { class: cls, points: poly(6, 0, 1.05) });
    case 'fort': { // a keep with battlements
      const q = r * 0.35;
      return s('polygon', { class: cls, points: [[-r, r], [-r, -r], [-q, -r], [-q, -r + 4], [q, -r + 4], [q, -r], [r, -r], [r, r]].map((p) => p.join(',')).join(' ') });
    }
    default: return s('polygon', { class: cls, points: poly(4, 0, 1.2) }); // naval: a diamond
  }
}

/** One space: its shape in its flag's paint, its letter or commodity code, its markers and label. */
function drawSpace(space, st, pl, labels) {
  const [x, y] = THEATRES[SPACES[space.id].theatre].spaces[space.id];
  const who = st.owner.get(space.id) ?? null;
  const paint = flag(who);
  // A market shows its commodity's code, and its flag as a lettered badge; a market without a commodity
  // (Chesapeake) is lettered like any other space.
  const market = space.kind === 'market' && Boolean(space.commodity);
  const g = s('g', { class: `space ${space.kind}${who ? ` flag-${who}` : ''}`, transform: `translate(${x},${y})` });
  const words = spaceWords(space, st);
  if (space.prestige) g.append(outline(space.kind, 2.6, 'prestige-ring'));
  const shape = outline(space.kind);
  shape.style.fill = market && !who ? commodity(space.commodity).colour : paint.colour;
  g.append(shape);
  const glyph = market ? commodity(space.commodity).code : paint.letter;
  if (glyph) {
    const ink = market && !who ? '#1b1b1b' : paint.ink;
    const text = s('text', { class: market ? 'glyph code' : 'glyph', y: 3.2 }, glyph);
    text.style.fill = ink;
    // In a group of its own: the space's only text of its own is its name (what a log line is matched by).
    g.append(s('g', { 'aria-hidden': 'true' }, text));
  }
  if (market && who) g.append(badge(paint.letter, paint, 7, -7, 'flag-badge'));
  if (st.damaged.has(space.id)) g.append(s('path', { class: 'damage', d: `M${-R},${-R}L${R},${R}M${R},${-R}L${-R},${R}` }));
  if (st.conflict.has(space.id)) g.append(conflictMarker(st.plus.has(space.id)));
  if (st.huguenots.has(space.id)) g.append(badge('H', { colour: st.spent.has(space.id) ? '#bbb' : '#fff', ink: '#1b1b1b' }, -7, 7, 'huguenots'));
  const at = labels.get(space.id);
  if (at) g.append(s('text', { class: `space-name ${at.anchor}`, x: at.x, y: at.y }, at.text));
  return tip(offerSvg(g, space.id, space.name, s('circle', { class: 'frame', r: R + 5 }), pl), words);
}

/** A small round badge with a letter at (x, y). */
function badge(letter, paint, x, y, cls) {
  const circle = s('circle', { r: 4.6 });
  circle.style.fill = paint.colour;
  const text = s('text', { y: 2.2 }, letter);
  text.style.fill = paint.ink;
  return s('g', { class: cls, transform: `translate(${x},${y})` }, circle, text);
}

/** A conflict marker: a yellow triangle with "!" (a "+" beside it when it costs 1 more to remove). */
function conflictMarker(plus) {
  return s('g', { class: 'conflict', transform: `translate(${-R + 1},${-R + 1})` },
    s('polygon', { points: '0,-5.5 5.2,3.5 -5.2,3.5' }),
    s('text', { y: 2.6 }, plus ? '!+' : '!'));
}

/** The lines of one theatre: connections solid, war routes dashed (dotted with the fortified-forts rule). */
function drawLines(theatre) {
  const at = THEATRES[theatre].spaces;
  return s('g', { class: 'lines' }, CONNECTIONS.filter(([a, b]) => at[a] && at[b]).map(([a, b, kind]) => s('line', {
    class: `line ${kind}`, x1: at[a][0], y1: at[a][1], x2: at[b][0], y2: at[b][1],
  })));
}

/** Drawing units kept around a theatre's spaces: the map is cropped to them, so they are drawn larger. */
const MARGIN = 55;

/** The part of theatre `id` drawn: its spaces' box and a margin, within the theatre. */
export function frameOf(id) {
  const t = THEATRES[id];
  const points = Object.values(t.spaces);
  const x0 = Math.max(0, Math.min(...points.map((p) => p[0])) - MARGIN);
  const y0 = Math.max(0, Math.min(...points.map((p) => p[1])) - MARGIN);
  const x1 = Math.min(t.width, Math.max(...points.map((p) => p[0])) + MARGIN);
  const y1 = Math.min(t.height, Math.max(...points.map((p) => p[1])) + MARGIN);
  return { x0, y0, width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}

/** Where the legal actions of a theatre centre, in the cropped drawing's units; null if there are none. */
export function focusOf(id, pl) {
  const { x0, y0 } = frameOf(id);
  const at = [...pl.byPlace.keys()].map((key) => THEATRES[id].spaces[key]).filter(Boolean);
  if (!at.length) return null;
  return [at.reduce((a, p) => a + p[0], 0) / at.length - x0, at.reduce((a, p) => a + p[1], 0) / at.length - y0];
}

/**
 * The SVG of theatre `id` with its spaces from `board` and the state of `view`; `pl`: the places.
 */
export function drawTheatre({ id, board, view, pl }) {
  const t = THEATRES[id];
  const f = frameOf(id);
  const st = spaceStates(view);
  const spaces = board.spaces.filter((sp) => SPACES[sp.id]?.theatre === id);
  const { labels, advantages } = layoutOf(id, spaces, board);
  return s('svg', {
    class: 'is-map', viewBox: `0 0 ${f.width} ${f.height}`, 'data-theatre': id, 'data-width': f.width, 'data-height': f.height,
    role: 'group', 'aria-label': `${t.name}: the map`,
  },
  s('rect', { class: 'sea', x: -2000, y: -2000, width: f.width + 4000, height: f.height + 4000 }),
  s('g', { transform: `translate(${-f.x0},${-f.y0})` },
    s('path', { class: 'land', d: t.land }),
    drawLines(id),
    s('g', { class: 'advantages' }, board.advantages.map((a, i) => (advantages.has(a.id)
      ? drawAdvantage(a, view.advantages[i], advantages.get(a.id), THEATRES[id].spaces, pl) : null))),
    s('g', { class: 'spaces' }, spaces.map((sp) => drawSpace(sp, st, pl, labels)))));
}

/**
 * An advantage tile where the printed map has its pentagon, beside the spaces it needs, joined to them by
 * dotted lines: its holder's paint and letter (a star when nobody holds it), greyed once exhausted.
 */
function drawAdvantage(a, state, [x, y], at, pl) {
  const holder = state?.holder ?? null;
  const paint = flag(holder);
  const words = `${a.name} (advantage${holder ? `, held by ${paint.name}${state.exhausted ? ', exhausted' : ''}` : ', held by nobody'}): ${a.text ?? ''}`;
  const points = Array.from({ length: 5 }, (_, i) => {
    const t = -Math.PI / 2 + (2 * Math.PI * i) / 5;
    return `${(Math.cos(t) * ADVANTAGE).toFixed(1)},${(Math.sin(t) * ADVANTAGE).toFixed(1)}`;
  }).join(' ');
  const shape = s('polygon', { class: 'shape', points });
  shape.style.fill = holder ? paint.colour : '#fffdf5';
  const mark = s('text', { class: 'glyph', y: 3.4 }, holder ? paint.letter : '★');
  mark.style.fill = holder ? paint.ink : '#8a6d00';
  const g = s('g', { class: `advantage${state?.exhausted ? ' exhausted' : ''}` },
    a.requires.filter((id) => at[id]).map((id) => s('line', { class: 'adv-link', x1: x, y1: y, x2: at[id][0], y2: at[id][1] })),
    s('g', { transform: `translate(${x},${y})`, role: 'img', 'aria-label': a.name }, shape, s('g', { 'aria-hidden': 'true' }, mark)));
  tip(offerSvg(g.lastChild, a.id, a.name, s('circle', { class: 'frame', r: ADVANTAGE + 4 }), pl), words);
  return g;
}

/** How many legal actions are played on each theatre's spaces. */
export function choicesByTheatre(pl) {
  const counts = Object.fromEntries(THEATRE_IDS.map((t) => [t, 0]));
  for (const key of pl.byPlace.keys()) {
    const t = SPACES[key]?.theatre;
    if (t) counts[t] += 1;
  }
  return counts;
}

/** The map's legend: the kinds of space, the flags with their letters, the markers and lines. */
export function legend() {
  const item = (kind, fill, text, words) => {
    const shape = outline(kind);
    shape.style.fill = fill.colour;
    const t = s('text', { class: 'glyph', y: 3.2 }, text);
    t.style.fill = fill.ink;
    return [s('svg', { class: 'legend-mark', viewBox: '-11 -11 22 22', 'aria-hidden': 'true' }, s('g', { class: `space ${kind}` }, shape, t)), ` ${words}`];
  };
  const plain = { colour: '#f6f1e3', ink: '#1b1b1b' };
  const items = [
    item('market', { colour: commodity('fish').colour, ink: '#1b1b1b' }, 'Fi', 'market, with its commodity (Fu furs, Fi fish, To tobacco, Su sugar, Co cotton, Sp spice); a flag letter beside it once flagged'),
    item('political', plain, '', 'political space (framed twice: prestige)'),
    item('territory', plain, '', 'territory'),
    item('fort', plain, '', 'fort (crossed out: damaged)'),
    item('naval', plain, '', 'naval space (a letter: that power\'s squadron)'),
    item('political', flag('britain'), 'B', 'Britain\'s flag (red, B)'),
    item('political', flag('france'), 'F', 'France\'s flag (blue, F)'),
    item('political', flag('spain'), 'S', 'a Spanish flag (S); U: a US flag'),
  ];
  return h('ul', { class: 'is-legend' },
    items.map((x) => h('li', {}, x)),
    h('li', {}, h('span', { class: 'legend-conflict', 'aria-hidden': 'true' }, '!'), ' conflict marker; H: Huguenots marker'),
    h('li', {}, h('span', { class: 'legend-line solid', 'aria-hidden': 'true' }), ' connection; ',
      h('span', { class: 'legend-line conquest', 'aria-hidden': 'true' }), ' war route (conquest)'),
    h('li', {}, h('span', { class: 'legend-adv', 'aria-hidden': 'true' }, '★'), ' advantage tile, beside the spaces it needs (its holder\'s letter once held)'),
    h('li', {}, h('span', { class: 'legend-glow', 'aria-hidden': 'true' }), ' glowing: a choice of yours; click it'));
}
