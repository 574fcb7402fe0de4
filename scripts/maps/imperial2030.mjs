// Imperial 2030's world drawn from real geography: each of the board's regions (games/imperial2030/data/
// board.toml) is the real land or sea it stands for, as the region table imperial2030-regions.csv says.
// A land region is the union of whole countries; where several regions share one country (Canada and Quebec,
// the home provinces of Russia, China, India, Brazil and the USA), the country is cut among them into the
// Voronoi cells of each region's points. A sea region is the Voronoi cells of its points clipped to the ocean
// (the map less all land); "water" rows are seas that are no region (the Arctic, the Black Sea…), left as
// plain ocean. The map is Miller's cylindrical projection, cut at 169° W (the Bering Strait), so the Americas
// are on the left, Asia on the right and the Pacific seas meet across the map's edge as on the printed board.
// Writes web/maps/imperial2030.js and a preview, /tmp/i30map/imperial2030.svg. Refuses to write (exit 1)
// if the table and the board disagree. Run by hand (README.md); the output is committed.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoProjection, geoStream } from 'd3-geo';
import { Delaunay } from 'd3-delaunay';
import polygonClipping from 'polygon-clipping';
import { feature, merge } from 'topojson-client';
import { presimplify, quantile, simplify } from 'topojson-simplify';
import { readCsv } from './csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const BOARD_TOML = join(root, 'games', 'imperial2030', 'data', 'board.toml');
const REGIONS_CSV = join(here, 'imperial2030-regions.csv');
const OUT = join(root, 'web', 'maps', 'imperial2030.js');
const PREVIEW = '/tmp/i30map';

/** The drawing is this many units wide: 360° of longitude. */
const WIDTH = 1600;
/** The longitude of the map's left (and right) edge: the Bering Strait, between Alaska and Chukotka. */
const CUT = -169;
/** The latitudes kept: the north of Greenland and Siberia's islands are cut off, as is Antarctica. */
const NORTH = 78;
const SOUTH = -57;
/** Of the coastline's points, the share kept (topology-preserving, so neighbours still meet). */
const KEEP = 0.25;
/** Land pieces smaller than this (square units) are left out: the smallest islands. */
const SMALLEST = 1;

/** The two canals, from end to end (lon, lat), by their names on the board. */
const CANALS = {
  'Panama Canal': { ends: [[-79.92, 9.35], [-79.53, 8.95]], source: 'the canal from Colón to Panama City' },
  'Suez Canal': { ends: [[32.3, 31.27], [32.57, 29.93]], source: 'the canal from Port Said to Suez' },
};

const errors = [];
const fail = (message) => errors.push(message);

// --- The board: [[region]] and [[canal]] tables whose values we need are JSON-compatible literals.
function readBoard(text) {
  const tables = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const header = /^\[\[(region|canal|[a-z_]+)\]\]$/.exec(line);
    if (header) {
      tables.push({ table: header[1] });
      continue;
    }
    const m = /^(id|name|kind|home|seas|neighbours)\s*=\s*(.+)$/.exec(line);
    if (m && tables.length) tables[tables.length - 1][m[1]] = JSON.parse(m[2]);
  }
  return {
    regions: tables.filter((t) => t.table === 'region'),
    canals: tables.filter((t) => t.table === 'canal'),
  };
}

/** "lon lat;lon lat" → [[lon, lat], …]. */
const points = (text) => text.split(';').filter((p) => p.trim()).map((p) => p.trim().split(/\s+/).map(Number));

/** "Name;Name@w/s/e/n" → [{name, box}]: a box keeps only the country's pieces whose middle lies in it. */
const countries = (text) =>
  text.split(';').filter((c) => c.trim()).map((c) => {
    const [name, box] = c.split('@');
    return { name: name.trim(), box: box ? box.split('/').map(Number) : null };
  });

const board = readBoard(readFileSync(BOARD_TOML, 'utf8'));
const [header, ...rows] = readCsv(readFileSync(REGIONS_CSV, 'utf8'), 'imperial2030-regions.csv');
if (header.fields.join(',') !== 'id,kind,countries,seeds,label,source') throw new Error('the CSV header must be id,kind,countries,seeds,label,source');
const table = [];
for (const { line, fields } of rows) {
  const [id, kind, list, seeds, label, source] = fields;
  if (fields.length !== 6) fail(`imperial2030-regions.csv:${line}: ${fields.length} fields, not 6`);
  else if (!['land', 'sea', 'water'].includes(kind)) fail(`line ${line}: ${id} has kind ${kind}`);
  else if (!source.trim()) fail(`line ${line}: ${id} does not say where it comes from`);
  else if (points(seeds).some((p) => p.length !== 2 || !p.every(Number.isFinite))) fail(`line ${line}: ${id} has a bad point`);
  else if (!points(seeds).length) fail(`line ${line}: ${id} has no point`);
  else if (label.trim() && points(label).length !== 1) fail(`line ${line}: ${id}'s label is not one point`);
  else if (kind === 'land' && !list.trim()) fail(`line ${line}: ${id} is land of no country`);
  else table.push({ id, kind, countries: list.trim(), seeds: points(seeds), label: label.trim() ? points(label)[0] : points(seeds)[0] });
}
const byId = new Map(board.regions.map((r) => [r.id, r]));
for (const r of board.regions) {
  const row = table.find((t) => t.id === r.id);
  if (!row) fail(`region ${r.id} has no row`);
  else if (row.kind !== r.kind) fail(`region ${r.id} is ${r.kind} on the board, ${row.kind} in the table`);
}
for (const t of table) {
  if (t.kind !== 'water' && !byId.has(t.id)) fail(`row ${t.id} names no region of the board`);
  if (t.kind === 'water' && byId.has(t.id)) fail(`row ${t.id} is a region of the board, not water`);
}
for (const c of board.canals) if (!CANALS[c.name]) fail(`canal ${c.name} has no place`);

// --- Projection: Miller's cylindrical, cut at CUT, clipped to the latitudes kept.
const millerRaw = (lambda, phi) => [lambda, 1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * phi))];
const yOf = (lat) => millerRaw(0, (lat * Math.PI) / 180)[1];
const SCALE = WIDTH / (2 * Math.PI);
const HEIGHT = Math.round((yOf(NORTH) - yOf(SOUTH)) * SCALE);
const projection = geoProjection(millerRaw)
  .rotate([-(CUT + 180), 0])
  .scale(SCALE)
  .translate([WIDTH / 2, yOf(NORTH) * SCALE])
  .clipExtent([[0, 0], [WIDTH, HEIGHT]])
  .precision(0);
const project = (p) => projection(p);

/** A GeoJSON geometry projected: a polygon-clipping MultiPolygon (rings closed), holes by even–odd. */
function projected(geometry) {
  const rings = [];
  let ring = null;
  geoStream(geometry, projection.stream({
    point(x, y) {
      if (ring) ring.push([x, y]);
    },
    lineStart() {
      ring = [];
    },
    lineEnd() {
      if (ring.length > 2) rings.push([...ring, ring[0]]);
      ring = null;
    },
    polygonStart() {},
    polygonEnd() {},
    sphere() {},
  }));
  if (!rings.length) return [];
  return polygonClipping.xor(...rings.map((r) => [[r]]));
}

// --- The countries, simplified on the topology so that neighbours keep one shared border.
const atlasPackage = require('world-atlas/package.json');
let topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
topology = presimplify(topology);
topology = simplify(topology, quantile(topology, KEEP));
const geometries = topology.objects.countries.geometries;
const named = new Map();
for (const g of geometries) named.set(g.properties.name, [...(named.get(g.properties.name) ?? []), g]);

/** The topology geometries of a country list, a box keeping only the pieces whose middle lies in it. */
function pieces(list) {
  const out = [];
  for (const { name, box } of countries(list)) {
    const found = named.get(name);
    if (!found) {
      fail(`no country called ${name} in Natural Earth`);
      continue;
    }
    for (const g of found) {
      if (!box) {
        out.push(g);
        continue;
      }
      const polygons = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : [];
      const kept = polygons.filter((arcs) => {
        const f = feature(topology, { type: 'Polygon', arcs });
        const ring = f.geometry.coordinates[0];
        const lons = ring.map((p) => p[0]);
        const lats = ring.map((p) => p[1]);
        const lon = (Math.min(...lons) + Math.max(...lons)) / 2;
        const lat = (Math.min(...lats) + Math.max(...lats)) / 2;
        return lon >= box[0] && lat >= box[1] && lon <= box[2] && lat <= box[3];
      });
      if (kept.length) out.push({ type: 'MultiPolygon', arcs: kept });
      else fail(`${name}@${box.join('/')} keeps nothing`);
    }
  }
  return out;
}

const unionOf = (list) => projected(merge(topology, pieces(list)));
const rect = [[[[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT], [0, 0]]]];

/** Voronoi cells of points (projected), each region's the union of its points' cells. */
function cells(rows) {
  const seeds = rows.flatMap((r) => r.seeds.map((p) => ({ id: r.id, at: project(p) })));
  const voronoi = Delaunay.from(seeds.map((s) => s.at)).voronoi([-10, -10, WIDTH + 10, HEIGHT + 10]);
  const out = new Map();
  seeds.forEach((s, i) => {
    const cell = [[voronoi.cellPolygon(i)]];
    out.set(s.id, out.has(s.id) ? polygonClipping.union(out.get(s.id), cell) : cell);
  });
  return out;
}

const shapes = new Map();
// Land: a country named by several rows is cut among them into the Voronoi cells of their points. The
// countries named by the same rows are merged and cut once, so that a row's own countries keep no seams.
const sharers = new Map();
for (const t of table.filter((t) => t.kind === 'land')) {
  for (const c of t.countries.split(';').map((c) => c.trim()).filter(Boolean)) sharers.set(c, [...(sharers.get(c) ?? []), t]);
}
const groups = new Map();
for (const [country, members] of sharers) {
  const key = members.map((m) => m.id).join(' ');
  if (!groups.has(key)) groups.set(key, { members, list: [] });
  groups.get(key).list.push(country);
}
for (const { members, list } of groups.values()) {
  const whole = unionOf(list.join(';'));
  const split = members.length > 1 ? cells(members) : null;
  for (const m of members) {
    const piece = split ? polygonClipping.intersection(whole, split.get(m.id)) : whole;
    shapes.set(m.id, shapes.has(m.id) ? polygonClipping.union(shapes.get(m.id), piece) : piece);
  }
}
// A land region's pieces cut off by the map's edge and drawn at the other end (Alaska's westernmost islets
// beside Chukotka) are left out.
for (const t of table.filter((t) => t.kind === 'land')) {
  const [lx] = project(t.label);
  const near = (polygon) => Math.abs(polygon[0].reduce((s, [x]) => s + x, 0) / polygon[0].length - lx) < WIDTH / 2;
  shapes.set(t.id, shapes.get(t.id).filter(near));
}
// The rest of the land (Greenland, the Caribbean's small islands, the Pacific's), drawn but no region.
const used = new Set(table.flatMap((t) => countries(t.countries).filter((c) => !c.box).map((c) => c.name)));
const others = geometries.filter((g) => !used.has(g.properties.name));
const claimed = polygonClipping.union(...[...shapes.values()].filter((s) => s.length));
const otherLand = polygonClipping.difference(projected(merge(topology, others)), claimed);
// Sea: the ocean is the map less all land; each sea region its cells of it.
const allLand = projected(merge(topology, geometries));
const ocean = polygonClipping.difference(rect, allLand);
const seaCells = cells(table.filter((t) => t.kind !== 'land'));
for (const t of table.filter((t) => t.kind === 'sea')) shapes.set(t.id, polygonClipping.intersection(ocean, seaCells.get(t.id)));

// --- Paths.
const ringArea = (ring) => {
  let sum = 0;
  for (let k = 0, j = ring.length - 1; k < ring.length; j = k++) sum += ring[j][0] * ring[k][1] - ring[k][0] * ring[j][1];
  return Math.abs(sum) / 2;
};
const r1 = (v) => Math.round(v * 10) / 10;
/** A MultiPolygon as an SVG path: absolute first point, then relative steps, to one decimal. */
function pathOf(multi, smallest = SMALLEST) {
  let d = '';
  for (const polygon of multi) {
    if (ringArea(polygon[0]) < smallest) continue;
    for (const ring of polygon) {
      if (ringArea(ring) < smallest / 2) continue;
      let [px, py] = [r1(ring[0][0]), r1(ring[0][1])];
      d += `M${px} ${py}`;
      let steps = '';
      for (const [x, y] of ring.slice(1, -1)) {
        const [qx, qy] = [r1(x), r1(y)];
        const dx = r1(qx - px);
        const dy = r1(qy - py);
        if (dx === 0 && dy === 0) continue;
        steps += `${steps ? ' ' : ''}${dx} ${dy}`;
        [px, py] = [qx, qy];
      }
      d += `l${steps}z`;
    }
  }
  return d.replace(/ -/g, '-');
}

const regions = {};
for (const r of board.regions) {
  const row = table.find((t) => t.id === r.id);
  if (!row) continue;
  const shape = shapes.get(r.id) ?? [];
  const d = pathOf(shape, r.kind === 'sea' ? 4 : SMALLEST);
  if (!d) fail(`region ${r.id} comes out empty`);
  const [x, y] = project(row.label).map(r1);
  if (!polygonClipping.intersection(shape, [[[[x - 0.5, y - 0.5], [x + 0.5, y - 0.5], [x + 0.5, y + 0.5], [x - 0.5, y + 0.5], [x - 0.5, y - 0.5]]]]).length) {
    console.warn(`note: ${r.id}'s label point (${row.label}) is outside its shape`);
  }
  regions[r.id] = { kind: r.kind, x, y, d };
}
// --- Notes, not errors: board borders the drawing does not show (the shapes do not meet, nor reach the
// opposite edges of the map for a border across the Pacific), and shapes that meet with no border on the board.
const TOUCH = 2.5;
/** The shape's vertices in a grid of TOUCH-sized cells, and whether it reaches the left or right edge. */
function vertexGrid(multi) {
  const cells = new Set();
  const left = new Set();
  const right = new Set();
  /** The rows a stretch of the map's edge from y0 to y1 runs along. */
  const along = (rows, y0, y1) => {
    for (let r = Math.floor(Math.min(y0, y1) / TOUCH); r <= Math.floor(Math.max(y0, y1) / TOUCH); r++) rows.add(r);
  };
  for (const polygon of multi) {
    for (const ring of polygon) {
      ring.forEach(([x, y], k) => {
        cells.add(`${Math.floor(x / TOUCH)},${Math.floor(y / TOUCH)}`);
        const [px, py] = ring[k === 0 ? ring.length - 1 : k - 1];
        if (x < TOUCH && px < TOUCH) along(left, py, y);
        if (x > WIDTH - TOUCH && px > WIDTH - TOUCH) along(right, py, y);
      });
    }
  }
  return { cells, left, right };
}
const sharesRow = (rows, others) => [...rows].some((r) => others.has(r - 1) || others.has(r) || others.has(r + 1));
const grids = new Map([...shapes].map(([id, shape]) => [id, vertexGrid(shape)]));
function meet(a, b) {
  const [ga, gb] = [grids.get(a), grids.get(b)];
  if (!ga || !gb) return false;
  // The Pacific's seas meet across the map's edge.
  const seas = shapes.has(a) && byId.get(a)?.kind === 'sea' && byId.get(b)?.kind === 'sea';
  if (seas && (sharesRow(ga.left, gb.right) || sharesRow(ga.right, gb.left))) return true;
  for (const cell of ga.cells) {
    const [cx, cy] = cell.split(',').map(Number);
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) if (gb.cells.has(`${cx + dx},${cy + dy}`)) return true;
  }
  return false;
}
const canalPairs = new Set(board.canals.map((c) => [...c.seas].sort().join(' ')));
const unshown = [];
const unlisted = [];
const ids = board.regions.map((r) => r.id).filter((id) => shapes.has(id));
for (let i = 0; i < ids.length; i++) {
  for (let j = i + 1; j < ids.length; j++) {
    const [a, b] = [ids[i], ids[j]];
    const listed = (byId.get(a).neighbours ?? []).includes(b);
    const touching = meet(a, b);
    if (listed && !touching && !canalPairs.has([a, b].sort().join(' '))) unshown.push(`${a}–${b}`);
    if (!listed && touching) unlisted.push(`${a}–${b}`);
  }
}
if (unshown.length) console.warn(`note: ${unshown.length} board borders the shapes do not show: ${unshown.join(', ')}`);
if (unlisted.length) console.warn(`note: ${unlisted.length} shapes meet with no border on the board: ${unlisted.join(', ')}`);

const canals = {};
for (const c of board.canals) {
  if (!CANALS[c.name]) continue;
  const [a, b] = CANALS[c.name].ends.map((p) => project(p).map(r1));
  canals[c.name] = { seas: c.seas, from: a, to: b };
}

if (errors.length) {
  console.error(`imperial2030.mjs: nothing written; ${errors.length} problem(s):`);
  for (const e of errors) console.error(`  ${e}`);
  process.exit(1);
}

const js = (value) => JSON.stringify(value);
const otherD = pathOf(otherLand);
const asset = `// Generated by scripts/maps/imperial2030.mjs (see scripts/maps/README.md); do not edit by hand.
//
// Imperial 2030's world from real geography: each region of games/imperial2030/data/board.toml is the land or
// sea it stands for (scripts/maps/imperial2030-regions.csv, which says what each covers and where its points come
// from). Land regions are unions of countries, a country shared by several regions cut among them into Voronoi
// cells of their points; sea regions are Voronoi cells of sea points clipped to the ocean. Miller's cylindrical
// projection, cut at ${-CUT}° W (the Bering Strait), latitudes ${SOUTH}° to ${NORTH}°, ${WIDTH} units wide.
// Countries: Natural Earth 1:50m admin-0 countries (public domain, naturalearthdata.com), as TopoJSON from the
// npm package world-atlas ${atlasPackage.version} (ISC); simplified with topojson-simplify (ISC, ${Math.round(KEEP * 100)}% of the
// points kept), merged with topojson-client (ISC), projected with d3-geo (ISC), cut with d3-delaunay (ISC) and
// polygon-clipping (MIT); pieces under ${SMALLEST} square unit${SMALLEST === 1 ? '' : 's'} left out. Paths are relative after their first point.

export const WIDTH = ${WIDTH};
export const HEIGHT = ${HEIGHT};

/** The projection, to place anything else: x, y of a longitude and latitude in degrees. */
export function project([lon, lat]) {
  const lambda = ((((lon - ${CUT}) % 360) + 360) % 360) * Math.PI / 180;
  const y = (phi) => 1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * phi * Math.PI / 180));
  return [lambda * ${SCALE.toFixed(6)}, (${yOf(NORTH).toFixed(6)} - y(lat)) * ${SCALE.toFixed(6)}];
}

/** Land that is no region (Greenland, small islands), as one SVG path. */
export const OTHER_LAND = '${otherD}';

/** The canals by their board names: the two seas they join, and their ends [x, y]. */
export const CANALS = ${js(canals)};

/**
 * Every region of the board by id: its kind, where its label and pieces go (x, y: the home province's city, or
 * a point inside), and its shape as an SVG path. One line of strict JSON, which a Rust test reads.
 */
export const REGIONS = ${js(regions)};
`;
writeFileSync(OUT, asset);

// A check of the asset's project() against d3's projection.
const check = new Function(`${/export function project[\s\S]*?\n}\n/.exec(asset)[0].replace('export ', '')} return project;`)();
for (const p of [[0, 0], [-150, 60], [140, -35], [37.6, 55.8]]) {
  const [a, b] = [check(p), project(p)];
  if (Math.hypot(a[0] - b[0], a[1] - b[1]) > 0.01) throw new Error(`project(${p}) is ${a}, d3 says ${b}`);
}

// --- A preview, for a person to look at.
mkdirSync(PREVIEW, { recursive: true });
const hue = (id) => [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
const parts = Object.entries(regions).map(([id, { kind, x, y, d }]) => {
  const fill = kind === 'sea' ? `hsl(${hue(id)} 50% 80%)` : `hsl(${hue(id)} 45% 72%)`;
  return `<path d="${d}" fill="${fill}" stroke="#555" stroke-width="0.4"/><text x="${x}" y="${y}" font-size="7" font-family="sans-serif" text-anchor="middle">${byId.get(id).name}</text>`;
});
const canalLines = Object.values(canals).map((c) => `<line x1="${c.from[0]}" y1="${c.from[1]}" x2="${c.to[0]}" y2="${c.to[1]}" stroke="#00f" stroke-width="2"/>`);
writeFileSync(join(PREVIEW, 'imperial2030.svg'), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH * 1.5}" height="${HEIGHT * 1.5}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#e8f1f8"/><path d="${otherD}" fill="#ddd" stroke="#777" stroke-width="0.4"/>${parts.join('')}${canalLines.join('')}</svg>`);
const size = Buffer.byteLength(asset);
console.log(`wrote ${OUT}: ${(size / 1024).toFixed(0)} KB, ${Object.keys(regions).length} regions; preview ${join(PREVIEW, 'imperial2030.svg')}`);
