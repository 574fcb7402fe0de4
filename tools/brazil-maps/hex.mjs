// Odd-r hex grid helpers (odd rows sit half a hex to the right), as the engine reads maps.toml.

export const key = (r, c) => `${r},${c}`;

export function neighbours(r, c) {
  return r % 2 === 0
    ? [[r, c - 1], [r, c + 1], [r - 1, c - 1], [r - 1, c], [r + 1, c - 1], [r + 1, c]]
    : [[r, c - 1], [r, c + 1], [r - 1, c], [r - 1, c + 1], [r + 1, c], [r + 1, c + 1]];
}

function cube(r, c) {
  const x = c - (r - (r & 1)) / 2;
  return [x, r, -x - r];
}

export function distance(a, b) {
  const [ax, ay, az] = cube(a[0], a[1]);
  const [bx, by, bz] = cube(b[0], b[1]);
  return Math.max(Math.abs(ax - bx), Math.abs(ay - by), Math.abs(az - bz));
}

function cubeRound([x, y, z]) {
  let rx = Math.round(x), ry = Math.round(y), rz = Math.round(z);
  const dx = Math.abs(rx - x), dy = Math.abs(ry - y), dz = Math.abs(rz - z);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dy > dz) ry = -rx - rz;
  else rz = -rx - ry;
  return [rx, ry, rz];
}

// The hexes on the straight line from a to b (both ends included).
export function line(a, b) {
  const n = distance(a, b);
  const A = cube(a[0], a[1]), B = cube(b[0], b[1]);
  const out = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const [x, y] = cubeRound(A.map((v, k) => v + (B[k] - v) * t + 1e-6 * (k === 0 ? 1 : -1)));
    const r = y;
    out.push([r, x + (r - (r & 1)) / 2]);
  }
  return out;
}

// Geographic frame: centre of (r, c) and the hex that contains a point.
export function centre(frame, r, c) {
  return [frame.lon0 + (c + 0.5 * (r & 1)) * frame.step, frame.lat0 - r * frame.step * 0.866];
}

export function hexAt(frame, p) {
  const r0 = Math.round((frame.lat0 - p[1]) / (frame.step * 0.866));
  let best = null, bd = Infinity;
  for (let r = r0 - 1; r <= r0 + 1; r++) {
    const c0 = Math.round((p[0] - frame.lon0) / frame.step - 0.5 * (r & 1));
    for (let c = c0 - 1; c <= c0 + 1; c++) {
      const q = centre(frame, r, c);
      const d = Math.hypot(q[0] - p[0], (q[1] - p[1]));
      if (d < bd) { bd = d; best = [r, c]; }
    }
  }
  return best;
}
