// Brazil: Imperial's hex map, drawn from the board's map for the game: pointy-top hexes in the engine's
// "odd-r" layout (odd rows half a hex to the right), each painted by its terrain with a pattern as well
// (furrows for fields, trees for forest, nuggets for gold deposits, waves for water); "?" hexes with their
// exploration token face down (or face up, or seen by this player, named in its tooltip); capital sites
// (the "1" token marked) and capitals; the places' real town names; and on each hex its token (a building's
// code on its era's paint, a city, a capital with palace I), the owner's initial, palaces II–VI, the
// pieces lying on it, and the units standing there in their owner's colour with the owner's initial. Every
// hex carries its id (`r3c4`) as `data-target`, and a hex where a legal action is played is framed and can
// be clicked or chosen with the keyboard (places.js). The map is labelled an approximation: the printed
// maps are lost, and these are drawn from the real geography they name.

import { s } from '../../lib/dom.js';
import { tip } from '../../lib/tooltip.js';
import { DUTCH, ERA_PAINT, PIECES, TERRAIN, bagEntries, bagWords, buildingCode, cityCode, ownerPaint, piece, roman } from './palette.js';
import { offerSvg } from './places.js';

const R = 40; // a hex's circumradius in the drawing
const SQ3 = Math.sqrt(3);
const PAD = 6;

const cache = new WeakMap();

/** The drawing's layout of a map: each hex's centre, and the drawing's size. */
export function layoutOf(map) {
  if (cache.has(map)) return cache.get(map);
  const raw = map.hexes.map((x) => [SQ3 * R * (x.c + 0.5 * (x.r % 2)), 1.5 * R * x.r]);
  const minX = Math.min(...raw.map(([x]) => x)) - (SQ3 * R) / 2 - PAD;
  const minY = Math.min(...raw.map(([, y]) => y)) - R - PAD;
  const centres = raw.map(([x, y]) => [x - minX, y - minY]);
  const width = Math.max(...centres.map(([x]) => x)) + (SQ3 * R) / 2 + PAD;
  const height = Math.max(...centres.map(([, y]) => y)) + R + PAD + 14; // room for the note at the bottom
  const layout = { centres, width, height, index: new Map(map.hexes.map((x, i) => [x.hex, i])) };
  cache.set(map, layout);
  return layout;
}

/** A pointy-top hex's corners around (0, 0), `r` from the centre. */
const hexPoints = (r) => [0, 1, 2, 3, 4, 5]
  .map((k) => {
    const a = (Math.PI / 3) * k - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
  }).join(' ');

/** What a map cell is: {land: "forest"} → "forest"; "question", "capital", "dutch". */
const cellKind = (cell) => (typeof cell === 'string' ? cell : cell?.land ?? '?');

/** The hex's name for people: its place's town name, or "hex r3c4". */
export function hexName(map, id) {
  const place = map.places?.find((p) => p.hex === id);
  return place ? `${place.name} (${id})` : `hex ${id}`;
}

/** The pattern definitions of the terrains, once in the map's defs. */
function patterns() {
  const pat = (id, ...shapes) => s('pattern', { id, width: 12, height: 12, patternUnits: 'userSpaceOnUse' }, shapes);
  return s('defs', {},
    pat('bz-field', s('path', { d: 'M1,4 h6 M6,10 h5', class: 'pat-field' })),
    pat('bz-forest', s('path', { d: 'M3,1 L6,6 L0,6 Z M9,7 L12,12 L6,12 Z', class: 'pat-forest' })),
    pat('bz-gold', s('path', { d: 'M3,2 L5,4 L3,6 L1,4 Z M9,8 L11,10 L9,12 L7,10 Z', class: 'pat-gold' })),
    pat('bz-water', s('path', { d: 'M0,4 q3,-3 6,0 t6,0 M0,10 q3,-3 6,0 t6,0', class: 'pat-water' })));
}

/**
 * Draw the map of the view's table: `board` (the server's board), `map` (the game's map in it), `view`,
 * `pl` (places.js).
 */
export function drawMap({ board, map, view, pl }) {
  const t = view.table;
  const { centres, width, height } = layoutOf(map);
  const ctx = {
    board, map, t, pl,
    buildings: new Map(board.buildings.map((b) => [b.id, b])),
    cities: new Map(board.cities.map((c) => [c.id, c])),
    units: new Map(board.units.map((u) => [u.id, u])),
    finds: new Map(board.exploration.map((e) => [e.id, e])),
    places: new Map((map.places ?? []).map((p) => [p.hex, p.name])),
    standing: unitsByHex(board, t),
    capitalSites: map.hexes.map((x, i) => [x, i]).filter(([x]) => cellKind(x.cell) === 'capital').map(([, i]) => i),
  };
  const svg = s('svg', {
    viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`, class: 'brazil-map', role: 'group',
    'data-width': width.toFixed(1), 'data-height': height.toFixed(1),
    'aria-label': `${map.name}: ${map.hexes.length} hexes. An approximation of the printed map.`,
  });
  svg.append(patterns());
  svg.append(s('rect', { x: 0, y: 0, width, height, class: 'sea' }));
  svg.append(s('g', { class: 'hexes' }, map.hexes.map((x, i) => hex(x, i, centres[i], ctx))));
  svg.append(s('g', { class: 'labels', 'aria-hidden': 'true' }, (map.places ?? []).map((p) => {
    const i = map.hexes.findIndex((x) => x.hex === p.hex);
    return i < 0 ? null : placeName(p.name, centres[i], width);
  })));
  svg.append(s('text', { x: width - 8, y: height - 6, class: 'approx', 'text-anchor': 'end' },
    'approximation · drawn from real geography'));
  return svg;
}

/** About how wide a character of a town's name is drawn (`.place-name`: 11.5px bold, measured in Chromium). */
const NAME_CHAR = 7.6;

/**
 * A town's name under its hex. A name wider than about a hex goes on two lines, split at the space nearest
 * its middle, so that neighbours' names do not run into each other; and a name is kept inside the map.
 */
function placeName(name, [x, y], width) {
  const lines = name.length * NAME_CHAR > SQ3 * R * 1.15 && name.includes(' ') ? twoLines(name) : [name];
  const half = (Math.max(...lines.map((l) => l.trim().length)) * NAME_CHAR) / 2;
  const cx = Math.min(Math.max(x, half + 2), width - half - 2);
  const text = s('text', { x: cx, y: lines.length > 1 ? y + 31 : y + 36, class: 'place-name' });
  lines.forEach((line, k) => text.append(s('tspan', { x: cx, dy: k ? '1.05em' : 0 }, line)));
  return text;
}

/** `name` split in two at the space nearest its middle (kept at the end of the first line, so the text's
 * content is still the whole name). */
function twoLines(name) {
  const spaces = [...name].flatMap((c, i) => (c === ' ' ? [i] : []));
  const at = spaces.reduce((best, i) => (Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2) ? i : best));
  return [name.slice(0, at + 1), name.slice(at + 1)];
}

/**
 * What each hex of `map` holds, in one word, for the page to mark what changed (web/lib/marks.js): its
 * site (a token, a building, what lies there) and the units standing on it.
 */
export function hexWords(board, map, view) {
  const t = view.table;
  const standing = unitsByHex(board, t);
  return new Map(map.hexes.map((x, i) => [x.hex, JSON.stringify([t.sites[i] ?? null, standing.get(i) ?? []])]));
}

/** Each hex's units: index → [{owner, unit}] (players' units and the Dutch). */
function unitsByHex(board, t) {
  const colours = new Map(board.colours.map((c) => [c.id, c]));
  const at = new Map();
  const put = (spot, owner, unit) => {
    if (!spot || typeof spot !== 'object' || !('map' in spot)) return;
    if (!at.has(spot.map)) at.set(spot.map, []);
    at.get(spot.map).push({ owner, unit });
  };
  t.players.forEach((p, seat) => {
    const list = colours.get(p.colour)?.units ?? [];
    p.units.forEach((spot, k) => put(spot, seat, list[k]));
  });
  for (const [unit, spot] of t.dutch ?? []) put(spot, DUTCH, unit);
  return at;
}

function hex(x, i, [cx, cy], ctx) {
  const { t, map } = ctx;
  const site = t.sites[i] ?? {};
  const kind = cellKind(x.cell);
  const g = s('g', { class: `hex cell-${kind}${x.edge ? ' edge' : ''}`, transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)})` });
  // The hex's id is its first text, so a log line naming it lights it up.
  const words = [ctx.places.has(x.hex) ? `${ctx.places.get(x.hex)} (${x.hex})` : `Hex ${x.hex}`];
  const terrain = TERRAIN[kind];
  if (terrain) {
    g.append(s('polygon', { points: hexPoints(R), class: 'ground', fill: terrain.fill }));
    g.append(s('polygon', { points: hexPoints(R), class: 'pattern', fill: `url(#${terrain.pattern})` }));
    words.push(terrain.name);
  } else {
    g.append(s('polygon', { points: hexPoints(R), class: `ground ${kind}` }));
    if (kind === 'question' && !site.lying) words.push('explored; builds as a field');
  }
  if (x.edge) words.push('map edge');
  // A hex with a town's name under it shows its id at the top instead.
  g.append(s('text', { y: ctx.places.has(x.hex) ? -29 : 35, class: 'hex-id' }, x.hex));
  if (kind === 'capital' && !site.token) words.push(capitalSite(g, i, ctx));
  if (site.lying) words.push(lying(g, site, i, ctx));
  if (site.token) words.push(token(g, site, ctx));
  const units = ctx.standing.get(i) ?? [];
  if (units.length) words.push(unitsHere(g, units, ctx));
  const name = words.filter(Boolean).join('; ');
  const frame = s('polygon', { points: hexPoints(R - 3), class: 'frame target' });
  return tip(offerSvg(g, x.hex, name, frame, ctx.pl), name);
}

/** A free capital site: a dashed tower, and the "1" of the first-player token when it lies there. */
function capitalSite(g, i, ctx) {
  const k = ctx.capitalSites.indexOf(i);
  const kind = ctx.t.capital_tokens?.[k];
  const token = kind === null || kind === undefined ? null : ctx.board.capital_tokens?.[kind];
  const first = Boolean(token?.first);
  g.append(s('path', { d: tower(13, 11), class: 'capital-site' }));
  if (first) {
    g.append(s('circle', { cx: 15, cy: -14, r: 7, class: 'first-token' }));
    g.append(s('text', { x: 15, y: -11, class: 'first-text' }, '1'));
  }
  if (!token) return 'a free capital site';
  return `a free capital site; its token gives ${token.gives}${first ? ' and the first turn' : ''}`;
}

/** A crenellated tower's outline, `w` half-wide and `hgt` half-high, around (0, -4). */
function tower(w, hgt) {
  const top = -4 - hgt;
  const bottom = -4 + hgt;
  const step = (2 * w) / 5;
  let d = `M${-w},${bottom} L${-w},${top}`;
  for (let k = 0; k < 5; k++) {
    const x0 = -w + k * step;
    d += k % 2 === 0 ? ` L${x0 + step},${top}` : ` L${x0},${top + 4} L${x0 + step},${top + 4} L${x0 + step},${top}`;
  }
  return `${d} L${w},${bottom} Z`;
}

const FIND_CODES = {
  rare_species: 'RS', manioc: 'Ma', minas_gerais: 'MG', culture: 'Cu', river_basin: 'RB', quilombo: 'Qu', expedition: 'Ex',
};

/** An exploration token lying on the hex: face down ("?"), seen by this player, or face up. */
function lying(g, site, i, ctx) {
  const l = site.lying;
  const find = l.find ? ctx.finds.get(l.find) : null;
  const small = Boolean(site.token); // beside a token built on a lasting find
  const cx = small ? 23 : 0;
  const cy = small ? -4 : -4;
  const r = small ? 7 : 13;
  const group = s('g', { class: `find ${l.face_up ? 'face-up' : 'face-down'}${find && !l.face_up ? ' seen' : ''}` });
  group.append(s('circle', { cx, cy, r, class: 'find-disc' }));
  const code = l.face_up && find ? `${FIND_CODES[find.kind] ?? find.name.slice(0, 2)}${find.strength ?? ''}` : '?';
  group.append(s('text', { x: cx, y: cy + (small ? 2.5 : 4.5), class: `find-text${small ? ' small' : ''}` }, code));
  if (find && !l.face_up) group.append(s('circle', { cx: cx + r * 0.75, cy: cy - r * 0.75, r: 3.5, class: 'seen-dot' }));
  g.append(group);
  if (l.face_up && find) return `exploration token face up: ${find.name} (${find.text})`;
  if (find) return `exploration token face down; you looked at it: ${find.name} (${find.text})`;
  return 'exploration token face down';
}

/** The token on the hex: a building, a city or a capital, with its owner, palace and pieces. */
function token(g, site, ctx) {
  const { t } = ctx;
  const tk = site.token;
  const paint = ownerPaint(tk.owner, t);
  const owner = tk.owner === DUTCH ? 'the Dutch' : paint.name;
  let words;
  if (tk.built === 'capital') {
    g.append(s('path', { d: tower(13, 10), class: 'capital', fill: paint.colour }));
    g.append(s('text', { y: 0.5, class: 'palace-one', fill: paint.ink }, 'I'));
    words = `${owner}'s capital (palace I)`;
  } else if (tk.built.city) {
    const city = ctx.cities.get(tk.built.city);
    g.append(s('path', { d: 'M-14,6 L-14,-7 L0,-16 L14,-7 L14,6 Z', class: 'city', fill: ERA_PAINT[2], stroke: paint.colour }));
    g.append(s('text', { y: 1.5, class: 'token-code' }, cityCode(city?.name ?? tk.built.city)));
    words = `city ${city?.name ?? tk.built.city} of ${owner} (${city ? `${city.vp} VP` : ''})`;
  } else {
    const b = ctx.buildings.get(tk.built.building);
    g.append(s('rect', { x: -15, y: -14, width: 30, height: 20, rx: 4, class: 'building', fill: ERA_PAINT[b?.era ?? 1], stroke: paint.colour }));
    g.append(s('text', { y: 0, class: 'token-code' }, buildingCode(tk.built.building, b?.name)));
    words = `${b?.name ?? tk.built.building} of ${owner} (${b ? `era ${roman(b.era)}, ${b.vp} VP, makes ${b.produces}` : ''})`;
  }
  // The owner's initial, on every token.
  g.append(s('circle', { cx: -16, cy: -14, r: 6.5, class: 'owner-disc', fill: paint.colour }));
  g.append(s('text', { x: -16, y: -11.3, class: 'owner-letter', fill: paint.ink }, paint.letter));
  if (site.palace) {
    const [who, n] = site.palace;
    const pp = ownerPaint(who, t);
    g.append(s('rect', { x: 8, y: -21, width: 16, height: 11, rx: 2, class: 'palace', fill: pp.colour }));
    g.append(s('text', { x: 16, y: -12.8, class: 'palace-text', fill: pp.ink }, roman(n)));
    words += `; palace ${roman(n)}`;
  }
  if (tk.mark) words += '; one of its ruler\'s first three';
  if (tk.jesuit) words += '; built with the Jesuits';
  const pieces = bagEntries(tk.pieces);
  if (pieces.length) {
    const w = pieces.length * 15;
    pieces.forEach(([kind, n], k) => g.append(pieceChip(-w / 2 + 5 + k * 15, 10, kind, n)));
    words += `; on it ${bagWords(tk.pieces)}`;
  }
  return words;
}

/** A piece on the map: a square (a resource) or a disc (gold, science) and how many. */
function pieceChip(x, y, kind, n) {
  const p = piece(kind);
  const g = s('g', { class: `piece piece-${kind}` });
  g.append(p.round
    ? s('circle', { cx: x, cy: y, r: 4, fill: p.colour, class: 'piece-shape' })
    : s('rect', { x: x - 4, y: y - 4, width: 8, height: 8, fill: p.colour, class: 'piece-shape' }));
  if (n > 1) g.append(s('text', { x: x + 5.5, y: y + 3, class: 'piece-count' }, String(n)));
  return g;
}

/** The units on the hex, in a row, in their owner's colour with the owner's initial. */
function unitsHere(g, units, ctx) {
  const gap = 13.5;
  const x0 = -((units.length - 1) * gap) / 2;
  units.forEach(({ owner }, k) => {
    const paint = ownerPaint(owner, ctx.t);
    const x = x0 + k * gap;
    g.append(s('circle', { cx: x, cy: 20, r: 6.5, class: 'unit', fill: paint.colour }));
    g.append(s('text', { x, y: 22.8, class: 'unit-letter', fill: paint.ink }, paint.letter));
  });
  const by = new Map();
  for (const { owner, unit } of units) {
    const name = owner === DUTCH ? 'the Dutch' : ownerPaint(owner, ctx.t).name;
    if (!by.has(name)) by.set(name, []);
    const u = ctx.units.get(unit);
    by.get(name).push(u ? `${u.name} (${u.strength})` : unit);
  }
  return [...by].map(([name, list]) => `units of ${name}: ${list.join(', ')}`).join('; ');
}

/** The legend: what each paint, pattern and symbol means. */
export function legend(players) {
  const icon = (...shapes) => s('svg', { width: 30, height: 26, viewBox: '-15 -14 30 26', 'aria-hidden': 'true', class: 'legend-icon' }, shapes);
  const item = (pic, text) => {
    const li = document.createElement('li');
    li.append(pic, ' ', text);
    return li;
  };
  const list = document.createElement('ul');
  list.className = 'legend brazil-legend';
  for (const kind of ['field', 'forest', 'gold', 'water']) {
    const tr = TERRAIN[kind];
    list.append(item(icon(
      s('polygon', { points: hexPoints(12), fill: tr.fill, class: 'ground' }),
      s('polygon', { points: hexPoints(12), fill: `url(#${tr.pattern})`, class: 'pattern' }),
    ), tr.name));
  }
  list.append(
    item(icon(s('polygon', { points: hexPoints(12), class: 'ground question' }), s('circle', { r: 7, cy: 0, class: 'find-disc' }), s('text', { y: 3, class: 'find-text small' }, '?')), 'exploration token, face down'),
    item(icon(s('rect', { x: -12, y: -8, width: 24, height: 16, rx: 3, class: 'building', fill: ERA_PAINT[1], stroke: '#333' }), s('text', { y: 3, class: 'token-code' }, 'Sa')), 'building (era I brown, II yellow, III grey)'),
    item(icon(s('path', { d: 'M-11,7 L-11,-3 L0,-11 L11,-3 L11,7 Z', class: 'city', fill: ERA_PAINT[2], stroke: '#333' })), 'city'),
    item(icon(s('g', { transform: 'translate(0 3)' }, s('path', { d: tower(10, 8), class: 'capital', fill: '#777' }), s('text', { y: 0, class: 'palace-one', fill: '#fff' }, 'I'))), 'capital (palace I)'),
    item(icon(s('rect', { x: -8, y: -6, width: 16, height: 11, rx: 2, class: 'palace', fill: '#777' }), s('text', { y: 2.5, class: 'palace-text', fill: '#fff' }, 'III')), 'palace II–VI'),
  );
  for (const p of players) {
    list.append(item(icon(s('circle', { r: 7, class: 'unit', fill: p.colour }), s('text', { y: 3, class: 'unit-letter', fill: p.ink }, p.letter)), `${p.name}: units, and the initial on its tokens`));
  }
  list.append(
    item(icon(pieceChip(-6, 0, 'wood', 1), pieceChip(6, 0, 'gold', 1)), `pieces: resources square, gold and science round (${PIECES.map((k) => `${piece(k).code} ${k}`).join(', ')})`),
    item(icon(s('polygon', { points: hexPoints(11), class: 'frame target' })), 'you can choose it'),
  );
  return list;
}
