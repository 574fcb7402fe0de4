// Imperial Struggle's four theatres (Europe, North America, the Caribbean, India) drawn from real geography:
// every space of games/imperial-struggle/data/spaces.toml stands at the place it names (the place table,
// imperial-struggle-places.csv), each theatre is projected on its own, and Natural Earth's 1:50m land is
// clipped to it and simplified. Writes web/maps/imperial-struggle.js: per theatre its projection, viewBox,
// land path and spaces' [x, y]; and, each on one line in strict JSON, SPACES (id -> theatre, x, y) and
// CONNECTIONS (the board's lines), which a Rust test compares with the engine's board. Refuses to write
// (exit 1) if the table and the board disagree, a place lies outside its theatre, or two spaces of a theatre
// would be drawn on top of each other. Also writes previews to /tmp/is-map/<theatre>.svg. Run by hand
// (README.md); the output is committed.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoConicConformal, geoContains, geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import { readCsv } from './csv.mjs';
import { landPath, outline } from './land.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const SPACES_TOML = join(root, 'games', 'imperial-struggle', 'data', 'spaces.toml');
const PLACES_CSV = join(here, 'imperial-struggle-places.csv');
const OUT = join(root, 'web', 'maps', 'imperial-struggle.js');
const PREVIEW = '/tmp/is-map';

/** Each theatre's drawing is this many units wide (its longer side). */
const WIDTH = 1000;
/** Planned marker size, in drawing units: about 13 px when a theatre fills a 900 px wide panel. */
const MARKER = 14;
/** No two spaces of a theatre closer than this: a marker's width and a gap, so markers never overlap. */
const MIN_SPACING = 18;
/** Douglas–Peucker tolerance in drawing units: under a pixel at the planned size. */
const TOLERANCE = 0.3;
/** Land rings smaller than this (square units) are left out; the smallest board island, Barbados, is ~30. */
const SMALLEST = 1;

/**
 * The theatres, keyed by the engine's region ids. The extent is the lon/lat box every place of the theatre
 * must lie in; the drawing is the rectangle around that box's projection.
 */
const THEATRES = [
  {
    id: 'europe',
    name: 'Europe',
    extent: { west: -11.5, south: 35, east: 32.5, north: 61.5 },
    // The European Union's Lambert conformal conic (ETRS89-LCC): parallels 35° and 65°, meridian 10° E.
    about: 'Lambert conformal conic, standard parallels 35° N and 65° N, central meridian 10° E',
    make: () => geoConicConformal().parallels([35, 65]).rotate([-10, 0]),
  },
  {
    id: 'north_america',
    name: 'North America',
    extent: { west: -95, south: 36.5, east: -57, north: 58.5 },
    about: 'Lambert conformal conic, standard parallels 40° N and 55° N, central meridian 76° W',
    make: () => geoConicConformal().parallels([40, 55]).rotate([76, 0]),
  },
  {
    id: 'caribbean',
    name: 'The Caribbean',
    extent: { west: -92, south: 9.3, east: -58.5, north: 34 },
    // Near the tropics Mercator's scale changes little, and it draws the island arcs as sea charts do.
    about: 'Mercator, central meridian 75° W',
    make: () => geoMercator().rotate([75, 0]),
  },
  {
    id: 'india',
    name: 'India',
    extent: { west: 73.3, south: 9.8, east: 91, north: 24.8 },
    about: 'Lambert conformal conic, standard parallels 12° N and 22° N, central meridian 82° E',
    make: () => geoConicConformal().parallels([12, 22]).rotate([-82, 0]),
  },
];

const errors = [];
const fail = (message) => errors.push(message);

// --- The board: spaces.toml is an array of [[space]] tables whose values are JSON-compatible literals
// (strings, integers, booleans, arrays of strings), so each value is read with JSON.parse.
function readSpaces(text) {
  const spaces = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (line === '[[space]]') {
      spaces.push({});
      return;
    }
    const m = /^([a-z_]+)\s*=\s*(.+)$/.exec(line);
    if (!m || spaces.length === 0) throw new Error(`spaces.toml:${i + 1}: not a key = value line in a [[space]]`);
    try {
      spaces[spaces.length - 1][m[1]] = JSON.parse(m[2]);
    } catch {
      throw new Error(`spaces.toml:${i + 1}: a value this reader does not know: ${m[2]}`);
    }
  });
  return spaces;
}

const spaces = readSpaces(readFileSync(SPACES_TOML, 'utf8'));
const byId = new Map(spaces.map((s) => [s.id, s]));
const theatreOf = new Map(THEATRES.map((t) => [t.id, t]));
for (const s of spaces) if (!theatreOf.has(s.region)) fail(`space ${s.id}: unknown region ${s.region}`);

const [header, ...rows] = readCsv(readFileSync(PLACES_CSV, 'utf8'), 'imperial-struggle-places.csv');
if (header.fields.join(',') !== 'id,lon,lat,source') throw new Error('places.csv: the header must be id,lon,lat,source');
const places = new Map();
for (const { line, fields } of rows) {
  const [id, lon, lat, source] = fields;
  if (fields.length !== 4) fail(`places.csv:${line}: ${fields.length} fields, not 4`);
  else if (!byId.has(id)) fail(`places.csv:${line}: no space ${id} on the board`);
  else if (places.has(id)) fail(`places.csv:${line}: a second place for ${id}`);
  else if (!Number.isFinite(+lon) || !Number.isFinite(+lat) || lon.trim() === '' || lat.trim() === '') {
    fail(`places.csv:${line}: ${id} has no number for lon or lat`);
  } else if (!source.trim()) fail(`places.csv:${line}: ${id} does not say where its place comes from`);
  else places.set(id, [+lon, +lat]);
}
const missing = spaces.filter((s) => !places.has(s.id) && !rows.some((r) => r.fields[0] === s.id));
if (missing.length) fail(`spaces with no place: ${missing.map((s) => s.id).join(', ')}`);

// --- The lines: each unordered pair once per kind, in the board's order.
const KINDS = [
  ['connects', 'solid'],
  ['conquest', 'conquest'],
  ['fortified_conquest', 'fortified_conquest'],
];
const connections = [];
const order = new Map(spaces.map((s, i) => [s.id, i]));
for (const [field, kind] of KINDS) {
  const seen = new Set();
  for (const s of spaces) {
    for (const other of s[field] ?? []) {
      if (!byId.has(other)) {
        fail(`space ${s.id}: ${field} names unknown space ${other}`);
        continue;
      }
      if (!(byId.get(other)[field] ?? []).includes(s.id)) fail(`${field} ${s.id} -> ${other} is one-way`);
      const [a, b] = order.get(s.id) <= order.get(other) ? [s.id, other] : [other, s.id];
      const key = `${a} ${b}`;
      if (seen.has(key)) continue;
      seen.add(key);
      connections.push([a, b, kind]);
    }
  }
}

// --- Land, once for all theatres.
const atlasPackage = require('world-atlas/package.json');
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'));
const land = feature(topology, topology.objects.land);

const results = [];
for (const theatre of THEATRES) {
  const projection = theatre.make().fitWidth(WIDTH, outline(theatre.extent));
  const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(outline(theatre.extent));
  // fitWidth leaves the top edge at 0; the height is what the extent's projection needs.
  const width = WIDTH;
  const height = Math.ceil(y1 - Math.min(0, y0));
  if (Math.abs(x0) > 1e-6 || Math.abs(x1 - WIDTH) > 1e-6) throw new Error(`${theatre.id}: fit is off (${x0}, ${x1})`);
  projection.clipExtent([
    [0, 0],
    [width, height],
  ]);

  const members = spaces.filter((s) => s.region === theatre.id && places.has(s.id));
  const points = new Map();
  const { west, south, east, north } = theatre.extent;
  for (const s of members) {
    const [lon, lat] = places.get(s.id);
    if (lon < west || lon > east || lat < south || lat > north) {
      fail(`${s.id}: (${lon}, ${lat}) lies outside ${theatre.id}'s extent lon ${west}…${east}, lat ${south}…${north}`);
      continue;
    }
    const [x, y] = projection([lon, lat]);
    points.set(s.id, [Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  }
  const ids = [...points.keys()];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const [ax, ay] = points.get(ids[i]);
      const [bx, by] = points.get(ids[j]);
      const gap = Math.hypot(ax - bx, ay - by);
      if (gap < MIN_SPACING) fail(`${ids[i]} and ${ids[j]} are drawn ${gap.toFixed(1)} units apart in ${theatre.id} (at least ${MIN_SPACING})`);
    }
  }

  // Not an error, but worth a look: a fort or territory in the sea, a naval space on land.
  const notes = [];
  for (const s of members) {
    const onLand = geoContains(land, places.get(s.id));
    if (s.kind === 'naval' && onLand) notes.push(`${s.id} (naval) is on land`);
    if ((s.kind === 'fort' || s.kind === 'territory') && !onLand) notes.push(`${s.id} (${s.kind}) is at sea at 1:50m`);
  }

  const { d, kept, total } = landPath(land, projection, { tolerance: TOLERANCE, smallest: SMALLEST });
  results.push({ theatre, projection, width, height, points, d, kept, total, notes });
}

if (errors.length) {
  console.error(`imperial-struggle.mjs: nothing written; ${errors.length} problem(s):`);
  for (const e of errors) console.error(`  ${e}`);
  process.exit(1);
}

// --- The asset.
const js = (value) => JSON.stringify(value);
const theatreBlocks = results.map(({ theatre, projection, width, height, points, d }) => {
  const p = {
    type: projection.parallels ? 'geoConicConformal' : 'geoMercator',
    about: theatre.about,
    rotate: projection.rotate().map((v) => Number(v.toFixed(6))),
    scale: Number(projection.scale().toFixed(6)),
    translate: projection.translate().map((v) => Number(v.toFixed(6))),
  };
  if (projection.parallels) p.parallels = projection.parallels().map((v) => Number(v.toFixed(6)));
  return `  ${theatre.id}: {
    name: ${js(theatre.name)},
    projection: ${js(p)},
    extent: ${js(theatre.extent)},
    width: ${width},
    height: ${height},
    viewBox: '0 0 ${width} ${height}',
    spaces: ${js(Object.fromEntries(points))},
    land: '${d}',
  },`;
});

const spacesJson = {};
for (const s of spaces) {
  const [x, y] = results.find((r) => r.theatre.id === s.region).points.get(s.id);
  spacesJson[s.id] = { theatre: s.region, x, y };
}

const asset = `// Generated by scripts/maps/imperial-struggle.mjs (see scripts/maps/README.md); do not edit by hand.
//
// Imperial Struggle's four theatres drawn from real geography: each space at the place it stands for
// (scripts/maps/imperial-struggle-places.csv, which says where each place comes from), the board's spaces and
// lines from games/imperial-struggle/data/spaces.toml, each theatre projected on its own, ${WIDTH} units wide.
// Land: Natural Earth 1:50m land (public domain, naturalearthdata.com), as TopoJSON from the npm package
// world-atlas ${atlasPackage.version} (ISC), decoded with topojson-client (ISC), projected and clipped with d3-geo (ISC),
// simplified (Douglas–Peucker, ${TOLERANCE} units), rings under ${SMALLEST} square unit left out.

/** Planned marker size and the least distance between two spaces of a theatre, in drawing units. */
export const MARKER = ${MARKER};
export const MIN_SPACING = ${MIN_SPACING};

/**
 * The theatres, by the engine's region id: a name, the projection (d3-geo's parameters, to place anything
 * else), the lon/lat box the places lie in, the drawing's size and viewBox, each space's [x, y], and the land as
 * one SVG path.
 */
export const THEATRES = {
${theatreBlocks.join('\n')}
};

/** Every space: its theatre and where it is drawn (one line of strict JSON; a Rust test reads it). */
export const SPACES = ${js(spacesJson)};

/**
 * The board's lines, each unordered pair once per kind: "solid" (a connection), "conquest" (a war route) and
 * "fortified_conquest" (a war route only under the optional fortified-forts rule). One line of strict JSON.
 */
export const CONNECTIONS = ${js(connections)};
`;
writeFileSync(OUT, asset);

// --- Previews, for a person to look at.
mkdirSync(PREVIEW, { recursive: true });
const COLOURS = { political: '#7b3fa0', market: '#2f7d32', naval: '#1f5fbf', territory: '#b5651d', fort: '#333' };
for (const { theatre, width, height, points, d } of results) {
  const lines = connections
    .filter(([a, b]) => points.has(a) && points.has(b))
    .map(([a, b, kind]) => {
      const [ax, ay] = points.get(a);
      const [bx, by] = points.get(b);
      const style = kind === 'solid' ? 'stroke="#222" stroke-width="1.5"' : `stroke="#c62828" stroke-width="1.5" stroke-dasharray="${kind === 'conquest' ? '6 4' : '2 3'}"`;
      return `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" ${style}/>`;
    });
  const dots = [...points].map(([id, [x, y]]) => {
    const s = byId.get(id);
    return `<circle cx="${x}" cy="${y}" r="${MARKER / 2}" fill="${COLOURS[s.kind]}" fill-opacity="0.8" stroke="#fff"/><text x="${x + MARKER / 2 + 2}" y="${y + 3}" font-size="10" font-family="sans-serif">${id}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#cfe3f3"/><path d="${d}" fill="#efe6cf" stroke="#8a7b5a" stroke-width="0.6"/>${lines.join('')}${dots.join('')}</svg>`;
  writeFileSync(join(PREVIEW, `${theatre.id}.svg`), svg);
}

for (const { theatre, width, height, points, d, kept, total, notes } of results) {
  console.log(
    `${theatre.id}: ${points.size} spaces, ${width} × ${height}, land ${kept} of ${total} rings, ${(d.length / 1024).toFixed(1)} KB`,
  );
  for (const n of notes) console.log(`  note: ${n}`);
}
console.log(`wrote ${relative(root, OUT)}: ${spaces.length} spaces, ${connections.length} lines, ${(Buffer.byteLength(asset) / 1024).toFixed(1)} KB; previews in ${PREVIEW}`);
