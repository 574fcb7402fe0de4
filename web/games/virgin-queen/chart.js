// The Diplomatic Status Chart drawn as a chart: the powers played stand round a circle, each with its
// paint, letter, name, VP and par; a red dashed line joins two powers at war, a green double line two
// allies (§9.2: a box holds At War or Allied, never both), and powers at peace have no line. A power where a
// legal action is played (a clause with it, a declaration of war on it) glows and answers a click.

import { s } from '../../lib/dom.js';
import { offerSvg } from '../../lib/places.js';
import { tip } from '../../lib/tooltip.js';
import { POWERS, paint } from './palette.js';

const SIZE = 300;
const RING = 100;
const NODE = 21;

/** The points of `n` powers round the circle, the first at the top. */
function points(n) {
  return Array.from({ length: n }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [SIZE / 2 + RING * Math.cos(a), SIZE / 2 + 6 + RING * Math.sin(a)];
  });
}

const STATUS = { war: 'at war', allied: 'allied' };

/**
 * The chart's SVG for the powers `played`, from the view; `pl`: the places; `names`: power id → name;
 * `mine`: the viewer's powers (drawn with a thick ring). Each power carries `data-mark`, for the page's marks
 * of what changed (web/lib/marks.js).
 */
export function drawChart({ view, played, pl, names, mine }) {
  const t = view.table;
  const at = new Map(played.map((p, i) => [p, points(played.length)[i]]));
  const status = (a, b) => t.chart[POWERS.indexOf(a)][POWERS.indexOf(b)];
  const lines = [];
  played.forEach((a, i) => played.slice(i + 1).forEach((b) => {
    const st = status(a, b);
    if (!STATUS[st]) return;
    const [[x1, y1], [x2, y2]] = [at.get(a), at.get(b)];
    lines.push(tip(s('line', { class: `relation ${st}`, x1, y1, x2, y2, 'data-pair': `${a} ${b}` }),
      `${names.get(a)} and ${names.get(b)}: ${STATUS[st]}`, { focus: false }));
  }));
  const nodes = played.map((p) => {
    const [x, y] = at.get(p);
    const i = POWERS.indexOf(p);
    const paintOf = paint(p);
    const circle = s('circle', { class: 'shape', r: NODE - 6 });
    circle.style.fill = paintOf.colour;
    const letter = s('text', { class: 'glyph', y: 4.5 }, paintOf.letter);
    letter.style.fill = paintOf.ink;
    const below = y > SIZE / 2 + 6;
    const g = s('g', { class: `power${mine.includes(p) ? ' mine' : ''}`, 'data-mark': p, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
      circle, s('g', { 'aria-hidden': 'true' }, letter),
      s('text', { class: 'power-name', y: below ? NODE + 9 : -NODE - 12 }, names.get(p) ?? p),
      s('text', { class: 'power-vp', y: below ? NODE + 20 : -NODE - 1 }, `${view.vp[i]} VP · par ${view.par[i]}`));
    const wars = played.filter((q) => q !== p && status(p, q) === 'war').map((q) => names.get(q));
    const allies = played.filter((q) => q !== p && status(p, q) === 'allied').map((q) => names.get(q));
    const words = [`${names.get(p)}${mine.includes(p) ? ' (you)' : ''}: ${view.vp[i]} VP, par ${view.par[i]}`,
      wars.length ? `at war with ${wars.join(', ')}` : 'at war with no major power',
      allies.length ? `allied with ${allies.join(', ')}` : null].filter(Boolean).join('; ');
    return tip(offerSvg(g, p, names.get(p) ?? p, s('circle', { class: 'frame', r: NODE - 1 }), pl), words);
  });
  return s('svg', { class: 'vq-chart', viewBox: `0 0 ${SIZE} ${SIZE + 12}`, role: 'group', 'aria-label': 'Diplomatic Status Chart' },
    s('g', { class: 'relations' }, lines), s('g', { class: 'powers' }, nodes));
}

/** The chart's legend. */
export function chartLegend() {
  return s('svg', { class: 'vq-chart-legend', viewBox: '0 0 250 14', 'aria-hidden': 'true' },
    s('line', { class: 'relation war', x1: 2, y1: 7, x2: 26, y2: 7 }), s('text', { x: 30, y: 11 }, 'at war'),
    s('line', { class: 'relation allied', x1: 84, y1: 7, x2: 108, y2: 7 }), s('text', { x: 112, y: 11 }, 'allied'),
    s('text', { x: 160, y: 11 }, 'no line: peace'));
}
