// Where things go on Endeavor's world map (web/maps/world-endeavor.js): each zone's panel — its name, shipping
// track, open sea and deck — in open water beside the zone, by longitude and latitude; and each space of the
// side in play at its own coordinates, nudged apart where the board crowds them (London, Amsterdam and
// Antwerp are a few pixels apart at this scale) with a leader line back to the true place, and its name
// set where it overlaps nothing. This is how we draw the map, not game content: the spaces, their
// coordinates, the zones and their tracks come from the server's board. Computed once per board side.

import { HEIGHT, WIDTH, project } from '../../maps/world-endeavor.js';

/** The centre of each zone's panel: open water near the zone. A zone not listed gets one at its anchor. */
const PANELS = {
  europe: [-36, 51],
  north_america: [-47, 34],
  caribbean: [-93, 5],
  south_america: [-20, -33],
  africa: [-14, -12],
  india: [66, -9],
  far_east: [101, -19],
};

export const PANEL = { width: 164, height: 88 };
/** Europe's panel holds two decks (Europe's and Slavery) and no track. */
export const EUROPE_PANEL = { width: 164, height: 72 };

const GAP = 23; // the least distance between two spaces' centres
const ROUTE_GAP = 38; // … and between the two ends of a route, so that its token shows between them
const NAME_SIZE = 10; // font size of the spaces' names
const CHAR = NAME_SIZE * 0.55;

const cache = new WeakMap();

/**
 * The layout of a board side: `panels` (zone id → {x, y, width, height}: the top-left corner) and `spaces`
 * (space id → {x, y, ax, ay, label: {x, y, anchor}}: where it is drawn, where it really is, its name).
 */
export function layoutOf(board, sideId) {
  let bySide = cache.get(board);
  if (!bySide) cache.set(board, (bySide = new Map()));
  if (!bySide.has(sideId)) bySide.set(sideId, compute(board, sideId));
  return bySide.get(sideId);
}

function compute(board, sideId) {
  const side = board.sides.find((s) => s.id === sideId) ?? board.sides[0];
  const panels = {};
  for (const z of board.zones) {
    const size = z.id === 'europe' ? EUROPE_PANEL : PANEL;
    const [cx, cy] = project(PANELS[z.id] ?? [z.lon, z.lat]);
    panels[z.id] = {
      x: clamp(cx - size.width / 2, 2, WIDTH - size.width - 2),
      y: clamp(cy - size.height / 2, 2, HEIGHT - size.height - 2),
      width: size.width,
      height: size.height,
    };
  }
  const info = new Map(board.spaces.map((s) => [s.id, s]));
  const points = side.spaces.map((id) => {
    const [ax, ay] = project([info.get(id).lon, info.get(id).lat]);
    return { id, x: ax, y: ay, ax, ay };
  });
  const routes = board.routes.filter((r) => side.routes.includes(r.id));
  const pair = (a, b) => [a, b].sort().join(' ');
  const joined = new Set(routes.map((r) => pair(...r.ends)));
  spread(points, (a, b) => (joined.has(pair(a.id, b.id)) ? ROUTE_GAP : GAP));
  const spaces = {};
  const taken = Object.values(panels).map((p) => ({ x: p.x, y: p.y, w: p.width, h: p.height }));
  for (const p of points) taken.push({ x: p.x - 12, y: p.y - 12, w: 24, h: 24, id: p.id });
  // The routes' tokens, at the middle of each route.
  const at = new Map(points.map((p) => [p.id, p]));
  for (const r of routes) {
    const [a, b] = r.ends.map((end) => at.get(end));
    taken.push({ x: (a.x + b.x) / 2 - 10, y: (a.y + b.y) / 2 - 5.5, w: 20, h: 11 });
  }
  for (const p of [...points].sort((a, b) => a.y - b.y || a.x - b.x)) {
    spaces[p.id] = { ...p, label: placeName(p, info.get(p.id).name, taken) };
  }
  return { panels, spaces, side };
}

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/**
 * Push crowded spaces apart until no two are closer than `gap(a, b)`, each held by a weak spring to where
 * it really is. Deterministic: the same board is always drawn the same way.
 */
function spread(points, gap) {
  for (let round = 0; round < 200; round++) {
    // The spring first, the pushes after it: the last rounds end with every gap kept.
    if (round < 150) {
      for (const p of points) {
        p.x += (p.ax - p.x) * 0.02;
        p.y += (p.ay - p.y) * 0.02;
      }
    }
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const a = points[i];
        const b = points[j];
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        const least = gap(a, b);
        if (d >= least) continue;
        if (d < 0.01) [dx, dy, d] = [Math.cos(i + j), Math.sin(i + j), 1];
        const push = (least - d) / 2 + 0.1;
        a.x -= (dx / d) * push;
        a.y -= (dy / d) * push;
        b.x += (dx / d) * push;
        b.y += (dy / d) * push;
        moved = true;
      }
    }
    if (!moved && round >= 150) break;
  }
  for (const p of points) {
    p.x = clamp(p.x, 12, WIDTH - 12);
    p.y = clamp(p.y, 12, HEIGHT - 12);
  }
}

/**
 * A space's name beside it, right, left, above or below, at the first of these that overlaps no other
 * space, panel or name already set (or the one that overlaps least); the box it takes is added to `taken`.
 */
function placeName(p, name, taken) {
  const w = name.length * CHAR;
  const h = NAME_SIZE;
  const candidates = [
    { x: p.x + 13, y: p.y + 3.5, anchor: 'start', box: { x: p.x + 13, y: p.y - 5, w, h } },
    { x: p.x - 13, y: p.y + 3.5, anchor: 'end', box: { x: p.x - 13 - w, y: p.y - 5, w, h } },
    { x: p.x, y: p.y - 14, anchor: 'middle', box: { x: p.x - w / 2, y: p.y - 22, w, h } },
    { x: p.x, y: p.y + 22, anchor: 'middle', box: { x: p.x - w / 2, y: p.y + 14, w, h } },
  ];
  const overlap = (c) => taken.filter((t) => t.id !== p.id).reduce((sum, t) => sum + area(c.box, t), 0)
    + outside(c.box);
  let best = candidates[0];
  let least = Infinity;
  for (const c of candidates) {
    const o = overlap(c);
    if (o < least) [best, least] = [c, o];
    if (o === 0) break;
  }
  taken.push(best.box);
  return { x: best.x, y: best.y, anchor: best.anchor };
}

function area(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** How much of a box falls off the drawing, weighed heavily. */
function outside(b) {
  return 50 * (Math.max(0, -b.x) + Math.max(0, b.x + b.w - WIDTH) + Math.max(0, -b.y) + Math.max(0, b.y + b.h - HEIGHT));
}
