// What the map generators share about land: the outline of a lon/lat box (to fit a projection to it), and
// Natural Earth's land projected, clipped and simplified into one SVG path.

import { geoPath } from 'd3-geo';

/** The extent's outline, densified so a conic projection's curved parallels are followed when fitting. */
export function outline({ west, south, east, north }) {
  const points = [];
  for (let k = 0; k <= 40; k++) {
    const lon = west + ((east - west) * k) / 40;
    points.push([lon, south], [lon, north]);
  }
  for (let k = 0; k <= 40; k++) {
    const lat = south + ((north - south) * k) / 40;
    points.push([west, lat], [east, lat]);
  }
  return { type: 'MultiPoint', coordinates: points };
}

/** Douglas–Peucker on an open polyline of [x, y]; keeps both ends. */
function simplify(points, tolerance) {
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let index = -1;
    for (let k = first + 1; k < last; k++) {
      const [px, py] = points[k];
      // A closed ring starts and ends on one point: measure from that point.
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * (px - ax) - dx * (py - ay)) / length;
      if (d > worst) {
        worst = d;
        index = k;
      }
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, k) => keep[k]);
}

const area = (ring) => {
  let sum = 0;
  for (let k = 0, j = ring.length - 1; k < ring.length; j = k++) sum += ring[j][0] * ring[k][1] - ring[k][0] * ring[j][1];
  return Math.abs(sum) / 2;
};

/**
 * `land` (GeoJSON) inside `projection`'s clip extent as one SVG path: each ring simplified to `tolerance`
 * units, rings under `smallest` square units left out. Returns the path and how many rings were kept of all.
 */
export function landPath(land, projection, { tolerance, smallest }) {
  const rings = [];
  let ring = null;
  geoPath(projection, {
    moveTo(x, y) {
      ring = [[x, y]];
      rings.push(ring);
    },
    lineTo(x, y) {
      ring.push([x, y]);
    },
    closePath() {},
    arc() {},
  })(land);
  const r = (v) => Math.round(v * 10) / 10;
  let kept = 0;
  const d = rings
    .filter((points) => points.length >= 3 && area(points) >= smallest)
    .map((points) => simplify([...points, points[0]], tolerance).slice(0, -1))
    .filter((points) => points.length >= 3)
    .map((points) => {
      kept++;
      let out = '';
      let last = '';
      for (const [k, [x, y]] of points.entries()) {
        const step = `${r(x)},${r(y)}`;
        if (step === last) continue;
        out += (k === 0 ? 'M' : 'L') + step;
        last = step;
      }
      return `${out}Z`;
    })
    .join('');
  return { d, kept, total: rings.length };
}
