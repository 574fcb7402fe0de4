// Virgin Queen's map of Europe and the Mediterranean in SVG: the land of web/maps/virgin-queen.js (real
// geography; no borders, which no open data set has for the 1560s), the sea zones' names, and each space at
// its town: a square for a key, a circle otherwise, filled with its controller's paint and letter and ringed
// in its home power's, a crown over a capital, a wave under a port. Beside a space, its land units (a
// count in the paint of the power with most there), its fleets (a hull with their count) and its leaders
// (a pennant). A space where a legal action is played glows and answers a click; every piece's tooltip
// says what it is. The World Map's oceans and colony sites are a box in the Atlantic corner.

import { s } from '../../lib/dom.js';
import { offerSvg } from '../../lib/places.js';
import { tip } from '../../lib/tooltip.js';
import { HEIGHT, LAND, SEAS, SPACES, WIDTH } from '../../maps/virgin-queen.js';
import { POWERS, ownerId, paint } from './palette.js';

/** Half a marker, in drawing units (the generator keeps spaces 16 units apart). */
const R = 6;

/** Where a space's name goes, where the right-hand side is crowded. */
const LABEL_SIDE = {
  venice: 'left', calais: 'left', bristol: 'left', plymouth: 'left', corunna: 'left', lisbon: 'left', dublin: 'left',
  vienna: 'above', gibraltar: 'below', istanbul: 'below', edirne: 'above', athens: 'left', milan: 'above', valladolid: 'above',
};

export { WIDTH, HEIGHT, SPACES };

/**
 * The state of the map from the view: per space (in board order; `index` finds one) its controller, units,
 * fortress and unrest; the fleets by port, the leaders by space.
 */
export function mapState(view, board) {
  const t = view.table;
  const fleets = new Map();
  for (const f of t.fleets ?? []) {
    if (!fleets.has(f.port)) fleets.set(f.port, []);
    fleets.get(f.port).push(f);
  }
  const leaders = new Map();
  (t.leaders ?? []).forEach((l, i) => {
    const at = l.place && typeof l.place === 'object' ? l.place.map : null;
    if (!at) return;
    if (!leaders.has(at)) leaders.set(at, []);
    leaders.get(at).push(board.leaders?.[i]);
  });
  const index = new Map((board.spaces ?? []).map((sp, i) => [sp.id, i]));
  return { spaces: t.spaces ?? [], index, fleets, leaders };
}

const kindName = (kind, n) => ({ squadron: ['squadron', 'squadrons'], corsair: ['corsair', 'corsairs'], armada: ['armada', 'armadas'], patrol: ['patrol', 'patrols'] }[kind]?.[n === 1 ? 0 : 1] ?? kind);

/** A space in words, for its tooltip. */
export function spaceWords(space, st, names, seaNames) {
  const home = names.get(space.home) ?? space.home;
  const control = ownerId(st?.control) ?? space.home;
  const parts = [`${space.name} — ${space.key ? 'key' : 'space'}, home of ${home}`];
  if (space.capital_of) parts.push(`capital of ${names.get(space.capital_of) ?? space.capital_of}`);
  if (control !== space.home) parts.push(`held by ${names.get(control) ?? control}`);
  if (space.seas?.length) parts.push(`port on ${space.seas.map((z) => seaNames.get(z) ?? z).join(' and ')}`);
  return parts;
}

function unitWords(st, names) {
  return POWERS.map((p, i) => {
    const [regulars, mercenaries] = st?.units?.[i] ?? [0, 0];
    if (!regulars && !mercenaries) return null;
    const list = [regulars ? `${regulars} regular${regulars === 1 ? '' : 's'}` : null, mercenaries ? `${mercenaries} mercenar${mercenaries === 1 ? 'y' : 'ies'}` : null].filter(Boolean);
    return `${names.get(p) ?? p}: ${list.join(', ')}`;
  }).filter(Boolean);
}

/** The label of a space beside its marker. */
function label(space) {
  const side = LABEL_SIDE[space.id] ?? 'right';
  const at = { right: [R + 2.5, 3, 'start'], left: [-R - 2.5, 3, 'end'], above: [0, -R - 3.5, 'middle'], below: [0, R + 9, 'middle'] }[side];
  return s('text', { class: `space-name ${at[2]}`, x: at[0], y: at[1] }, space.name);
}

/** A crown over a capital. */
const crown = () => s('path', { class: 'crown', d: `M${-4.5},${-R - 1.5}l0,-5l2.2,2.6l2.3,-3.6l2.3,3.6l2.2,-2.6l0,5z` });

/** One space: its marker, its pieces and its label, a choice where an action is played there. */
function drawSpace(space, st, pl, names, seaNames) {
  const [x, y] = SPACES[space.id];
  const here = st.spaces[st.index.get(space.id)] ?? {};
  const control = ownerId(here.control) ?? space.home;
  const own = paint(control, names);
  const home = paint(space.home, names);
  // `data-mark`: the page rings the space when the last turn or the others changed it (web/lib/marks.js).
  const g = s('g', { class: `space${space.key ? ' key' : ''}`, 'data-mark': space.id, transform: `translate(${x},${y})` });
  const ring = space.key
    ? s('rect', { class: 'home-ring', x: -R - 2, y: -R - 2, width: 2 * R + 4, height: 2 * R + 4, rx: 1.5 })
    : s('circle', { class: 'home-ring', r: R + 2 });
  ring.style.fill = home.colour;
  const shape = space.key
    ? s('rect', { class: 'shape', x: -R + 0.5, y: -R + 0.5, width: 2 * R - 1, height: 2 * R - 1, rx: 1 })
    : s('circle', { class: 'shape', r: R - 0.5 });
  shape.style.fill = own.colour;
  const letter = s('text', { class: 'glyph', y: 2.6 }, own.letter);
  letter.style.fill = own.ink;
  g.append(ring, shape, s('g', { 'aria-hidden': 'true' }, letter));
  if (space.capital_of) g.append(crown());
  if (space.seas?.length) g.append(s('path', { class: 'port', d: `M${-R},${R + 3.2}q1.5,-1.6 3,0t3,0t3,0t3,0` }));
  if (here.fortress) g.append(s('rect', { class: 'fortress', x: -R - 3.5, y: -R - 3.5, width: 3.5, height: 3.5 }));
  if (here.unrest) g.append(s('text', { class: 'unrest', x: -R - 2, y: R + 2 }, '!'));
  const words = spaceWords(space, here, names, seaNames);
  // Land units: one count in the paint of the power with most there.
  const units = POWERS.map((p, i) => [p, (here.units?.[i] ?? [0, 0]).reduce((a, b) => a + b, 0)]).filter(([, n]) => n > 0);
  if (units.length) {
    const total = units.reduce((a, [, n]) => a + n, 0);
    const [most] = units.reduce((a, b) => (b[1] > a[1] ? b : a));
    const p = paint(most, names);
    const badge = s('g', { class: 'units', transform: `translate(${R + 1},${-R - 1})` }, s('rect', { x: 0, y: -5, width: 8, height: 7, rx: 1 }), s('text', { x: 4, y: 0.6 }, String(total)));
    badge.firstChild.style.fill = p.colour;
    badge.lastChild.style.fill = p.ink;
    g.append(badge);
    words.push(`land units: ${unitWords(here, names).join('; ')}`);
  }
  const fleets = st.fleets.get(space.id) ?? [];
  if (fleets.length) {
    const total = fleets.reduce((a, f) => a + f.count, 0);
    const p = paint(fleets[0].owner, names);
    const hull = s('g', { class: 'fleet', transform: `translate(${-R - 9},${-R + 1})` },
      s('path', { d: 'M0,0h8l-1.6,3.4h-4.8z' }), s('text', { x: 4, y: -1.2 }, String(total)));
    hull.firstChild.style.fill = p.colour;
    g.append(hull);
    words.push(`fleets: ${fleets.map((f) => `${names.get(f.owner) ?? f.owner}'s ${f.count} ${kindName(f.kind, f.count)}${f.loaned_to ? ` (lent to ${names.get(f.loaned_to) ?? f.loaned_to})` : ''}`).join('; ')}`);
  }
  const leaders = (st.leaders.get(space.id) ?? []).filter(Boolean);
  if (leaders.length) {
    const p = paint(leaders[0].power, names);
    const flag = s('path', { class: 'leader', d: `M${R - 1},${R}v-8l5,2l-5,2` });
    flag.style.fill = p.colour;
    g.append(flag);
    words.push(`leaders: ${leaders.map((l) => l.name).join(', ')}`);
  }
  g.append(label(space));
  return tip(offerSvg(g, space.id, space.name, s('circle', { class: 'frame', r: R + 5 }), pl), words.join('; '));
}

/** The World Map, in the Atlantic corner: its oceans and colony sites, each site with its holder. */
function worldBox(view, board, names) {
  const sites = board.sites ?? [];
  const oceans = (board.seas ?? []).filter((z) => z.ocean);
  const lineHeight = 11;
  const height = 16 + (oceans.length + sites.length) * lineHeight;
  const rows = [];
  let y = 24;
  for (const ocean of oceans) {
    rows.push(s('text', { class: 'world-ocean', x: 6, y }, ocean.name.replace(/ \(World Map\)$/, '')));
    y += lineHeight;
    sites.forEach((site, i) => {
      if (site.ocean !== ocean.id) return;
      const holder = view.table.colonies?.[i] ?? null;
      const p = holder ? paint(holder, names) : null;
      const dot = s('circle', { cx: 14, cy: y - 3, r: 3.2, class: 'colony' });
      if (p) dot.style.fill = p.colour;
      const row = s('g', { class: 'site', 'data-target': site.id }, dot, s('text', { x: 21, y }, site.name));
      rows.push(tip(row, `${site.name} (colony site, ${ocean.name}): ${holder ? `a colony of ${names.get(holder) ?? holder}` : 'no colony'}`));
      y += lineHeight;
    });
  }
  return s('g', { class: 'world-box', transform: 'translate(6,6)' },
    s('rect', { width: 150, height, rx: 3 }),
    s('text', { class: 'world-title', x: 6, y: 12 }, 'World Map'),
    rows);
}

/**
 * The map's SVG from `board` and the state of `view`; `pl`: the places.
 */
export function drawMap({ view, board, pl, names }) {
  const st = mapState(view, board);
  const seaNames = new Map((board.seas ?? []).map((z) => [z.id, z.name]));
  return s('svg', {
    class: 'vq-map', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'group', 'aria-label': 'The map of Europe',
  },
  s('rect', { class: 'sea', x: -2000, y: -2000, width: WIDTH + 4000, height: HEIGHT + 4000 }),
  s('path', { class: 'land', d: LAND }),
  s('g', { class: 'seas', 'aria-hidden': 'true' }, Object.entries(SEAS).map(([id, [x, y]]) => s('text', { class: 'sea-name', x, y }, seaNames.get(id) ?? id))),
  worldBox(view, board, names),
  s('g', { class: 'spaces' }, (board.spaces ?? []).filter((sp) => SPACES[sp.id]).map((sp) => drawSpace(sp, st, pl, names, seaNames))));
}

/** Where the legal actions on the map centre, in drawing units; null when none is on the map. */
export function focusOf(pl) {
  const at = [...pl.byPlace.keys()].map((key) => SPACES[key]).filter(Boolean);
  if (!at.length) return null;
  return [at.reduce((a, p) => a + p[0], 0) / at.length, at.reduce((a, p) => a + p[1], 0) / at.length];
}
