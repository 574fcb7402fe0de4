// Virgin Queen's map of Europe and the Mediterranean drawn from real geography: every space of
// games/virgin-queen/data/map.toml stands at the town it names, and every sea zone of the map of Europe at a
// point in that sea (the place table, virgin-queen-places.csv). The World Map's oceans and colony sites are
// not drawn here: the page shows them as a box of their own. Natural Earth's 1:50m land is projected
// (Lambert conformal conic), clipped to the extent and simplified. Borders of the 1560s are in no open data
// set, so none are drawn: the page paints each space in its home power's colour. Writes
// web/maps/virgin-queen.js: the projection, the viewBox, the land path, and, each on one line in strict
// JSON, SPACES and SEAS (id -> [x, y]), which crates/imperia-games/tests/virgin_queen_map.rs compares with the
// engine's map. Refuses to write (exit 1) if the table and map.toml disagree, a place lies outside the extent,
// or two spaces would be drawn on top of each other. Also writes a preview to /tmp/vq-map/europe.svg. Run by
// hand (README.md); the output is committed.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoConicConformal, geoContains, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import { readCsv } from './csv.mjs';
import { landPath, outline } from './land.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const MAP_TOML = join(root, 'games', 'virgin-queen', 'data', 'map.toml');
const PLACES_CSV = join(here, 'virgin-queen-places.csv');
const OUT = join(root, 'web', 'maps', 'virgin-queen.js');
const PREVIEW = '/tmp/vq-map';

/** The drawing is this many units wide. */
const WIDTH = 1000;
/** Planned marker size, in drawing units: about 11 px when the map fills a 900 px wide panel. */
const MARKER = 12;
/** No two spaces closer than this: a marker's width and a gap. */
const MIN_SPACING = 16;
/** Douglas–Peucker tolerance in drawing units: under a pixel at the planned size. */
const TOLERANCE = 0.35;
/** Land rings smaller than this (square units) are left out: Malta (~4) is kept. */
const SMALLEST = 1;
/** The lon/lat box every place lies in; the drawing is the rectangle around its projection. */
const EXTENT = { west: -12.5, south: 34.5, east: 31, north: 57.5 };
const ABOUT = 'Lambert conformal conic, standard parallels 35° N and 65° N, central meridian 10° E';

const errors = [];
const fail = (message) => errors.push(message);

// --- The map: map.toml's [[space]] and [[sea]] tables. Only the keys read here are parsed (each a JSON-
// compatible literal); the rest (inline tables of units) is skipped.
const KEYS = new Set(['id', 'home', 'key', 'capital_of', 'seas', 'ocean']);
function readMap(text) {
  const tables = { space: [], sea: [] };
  let current = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[\[([a-z_]+)\]\]$/.exec(line);
    if (header) {
      current = tables[header[1]] ? {} : null;
      if (current) tables[header[1]].push(current);
      return;
    }
    const m = /^([a-z_]+)\s*=\s*(.+)$/.exec(line);
    if (!current || !m || !KEYS.has(m[1])) return;
    try {
      current[m[1]] = JSON.parse(m[2]);
    } catch {
      throw new Error(`map.toml:${i + 1}: a value this reader does not know: ${m[2]}`);
    }
  });
  return tables;
}

const map = readMap(readFileSync(MAP_TOML, 'utf8'));
const seas = map.sea.filter((s) => !s.ocean);
const wanted = new Map([...map.space.map((s) => [s.id, 'space']), ...seas.map((s) => [s.id, 'sea'])]);

const [header, ...rows] = readCsv(readFileSync(PLACES_CSV, 'utf8'), 'virgin-queen-places.csv');
if (header.fields.join(',') !== 'id,lon,lat,source') throw new Error('virgin-queen-places.csv: the header must be id,lon,lat,source');
const places = new Map();
for (const { line, fields } of rows) {
  const [id, lon, lat, source] = fields;
  if (fields.length !== 4) fail(`places.csv:${line}: ${fields.length} fields, not 4`);
  else if (!wanted.has(id)) fail(`places.csv:${line}: no space or sea zone of the map of Europe is ${id}`);
  else if (places.has(id)) fail(`places.csv:${line}: a second place for ${id}`);
  else if (!Number.isFinite(+lon) || !Number.isFinite(+lat) || lon.trim() === '' || lat.trim() === '') {
    fail(`places.csv:${line}: ${id} has no number for lon or lat`);
  } else if (!source.trim()) fail(`places.csv:${line}: ${id} does not say where its place comes from`);
  else if (+lon < EXTENT.west || +lon > EXTENT.east || +lat < EXTENT.south || +lat > EXTENT.north) {
    fail(`places.csv:${line}: ${id} (${lon}, ${lat}) lies outside the extent lon ${EXTENT.west}…${EXTENT.east}, lat ${EXTENT.south}…${EXTENT.north}`);
  } else places.set(id, [+lon, +lat]);
}
const missing = [...wanted.keys()].filter((id) => !rows.some((r) => r.fields[0] === id));
if (missing.length) fail(`spaces and sea zones with no place: ${missing.join(', ')}`);
for (const s of map.space) {
  for (const sea of s.seas ?? []) if (!seas.some((z) => z.id === sea)) fail(`space ${s.id}: port on ${sea}, no sea zone of the map`);
}

// --- Projection and land.
const atlasPackage = require('world-atlas/package.json');
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'));
const land = feature(topology, topology.objects.land);
const projection = geoConicConformal().parallels([35, 65]).rotate([-10, 0]).fitWidth(WIDTH, outline(EXTENT));
const [[x0], [x1, y1]] = geoPath(projection).bounds(outline(EXTENT));
if (Math.abs(x0) > 1e-6 || Math.abs(x1 - WIDTH) > 1e-6) throw new Error(`the fit is off (${x0}, ${x1})`);
const HEIGHT = Math.ceil(y1);
projection.clipExtent([[0, 0], [WIDTH, HEIGHT]]);

const round = (v) => Math.round(v * 10) / 10;
const point = (id) => projection(places.get(id)).map(round);
const spaces = new Map(map.space.filter((s) => places.has(s.id)).map((s) => [s.id, point(s.id)]));
const seaPoints = new Map(seas.filter((s) => places.has(s.id)).map((s) => [s.id, point(s.id)]));
const ids = [...spaces.keys()];
for (let i = 0; i < ids.length; i++) {
  for (let j = i + 1; j < ids.length; j++) {
    const [ax, ay] = spaces.get(ids[i]);
    const [bx, by] = spaces.get(ids[j]);
    const gap = Math.hypot(ax - bx, ay - by);
    if (gap < MIN_SPACING) fail(`${ids[i]} and ${ids[j]} are drawn ${gap.toFixed(1)} units apart (at least ${MIN_SPACING})`);
  }
}
// Not errors, but worth a look: a town at sea, a sea point on land, at 1:50m.
const notes = [];
for (const id of spaces.keys()) if (!geoContains(land, places.get(id))) notes.push(`${id} is at sea at 1:50m`);
for (const id of seaPoints.keys()) if (geoContains(land, places.get(id))) notes.push(`sea zone ${id} is on land`);

if (errors.length) {
  console.error(`virgin-queen.mjs: nothing written; ${errors.length} problem(s):`);
  for (const e of errors) console.error(`  ${e}`);
  process.exit(1);
}

const { d, kept, total } = landPath(land, projection, { tolerance: TOLERANCE, smallest: SMALLEST });
const js = (value) => JSON.stringify(value);
const params = {
  type: 'geoConicConformal',
  about: ABOUT,
  rotate: projection.rotate().map((v) => Number(v.toFixed(6))),
  scale: Number(projection.scale().toFixed(6)),
  translate: projection.translate().map((v) => Number(v.toFixed(6))),
  parallels: projection.parallels().map((v) => Number(v.toFixed(6))),
};
const asset = `// Generated by scripts/maps/virgin-queen.mjs (see scripts/maps/README.md); do not edit by hand.
//
// Virgin Queen's map of Europe and the Mediterranean drawn from real geography: each space at the town it
// names and each sea zone at a point in that sea (scripts/maps/virgin-queen-places.csv, which says where each
// place comes from), the spaces and sea zones from games/virgin-queen/data/map.toml, ${WIDTH} units wide. No
// borders: those of the 1560s are in no open data set, so the page paints each space in its home power's colour.
// Land: Natural Earth 1:50m land (public domain, naturalearthdata.com), as TopoJSON from the npm package
// world-atlas ${atlasPackage.version} (ISC), decoded with topojson-client (ISC), projected and clipped with d3-geo (ISC),
// simplified (Douglas–Peucker, ${TOLERANCE} units), rings under ${SMALLEST} square unit left out.

/** Planned marker size and the least distance between two spaces, in drawing units. */
export const MARKER = ${MARKER};
export const MIN_SPACING = ${MIN_SPACING};

/** The projection (d3-geo's parameters, to place anything else) and the lon/lat box the places lie in. */
export const PROJECTION = ${js(params)};
export const EXTENT = ${js(EXTENT)};

/** The drawing's size. */
export const WIDTH = ${WIDTH};
export const HEIGHT = ${HEIGHT};

/** The land as one SVG path. */
export const LAND = '${d}';

/** Every space of the map of Europe: where it is drawn, [x, y] (one line of strict JSON; a Rust test reads it). */
export const SPACES = ${js(Object.fromEntries(spaces))};

/** Every sea zone of the map of Europe: where its name is drawn, [x, y] (strict JSON, read by the same test). */
export const SEAS = ${js(Object.fromEntries(seaPoints))};
`;
writeFileSync(OUT, asset);

// --- A preview, for a person to look at.
mkdirSync(PREVIEW, { recursive: true });
const COLOURS = { ottoman: '#2e7d32', spain: '#c9a400', england: '#c62828', france: '#1f5fbf', hre: '#555', protestant: '#7b3fa0' };
const dots = map.space.map((s) => {
  const [x, y] = spaces.get(s.id);
  return `<circle cx="${x}" cy="${y}" r="${MARKER / 2}" fill="${COLOURS[s.home] ?? '#b5651d'}" stroke="#fff"/><text x="${x + MARKER / 2 + 2}" y="${y + 3}" font-size="9" font-family="sans-serif">${s.id}</text>`;
});
const seaLabels = [...seaPoints].map(([id, [x, y]]) => `<text x="${x}" y="${y}" font-size="10" font-style="italic" fill="#1f4f7f" text-anchor="middle" font-family="sans-serif">${id}</text>`);
writeFileSync(join(PREVIEW, 'europe.svg'), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#cfe3f3"/><path d="${d}" fill="#efe6cf" stroke="#8a7b5a" stroke-width="0.6"/>${seaLabels.join('')}${dots.join('')}</svg>`);

console.log(`europe: ${spaces.size} spaces, ${seaPoints.size} sea zones, ${WIDTH} × ${HEIGHT}, land ${kept} of ${total} rings, ${(d.length / 1024).toFixed(1)} KB`);
for (const n of notes) console.log(`  note: ${n}`);
console.log(`wrote ${relative(root, OUT)}: ${(Buffer.byteLength(asset) / 1024).toFixed(1)} KB; preview in ${PREVIEW}`);
