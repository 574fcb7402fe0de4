// Panning and zooming a map: the SVG's viewBox is a window on the drawing, moved by dragging (mouse, pen or
// one finger once zoomed in), scaled by the wheel around the pointer, by pinching with two fingers, by the
// keys + − 0 while a piece of the map has the focus, and by the map's buttons (zoomButtons: zoom in, zoom
// out, fit), the same on every game's map. A drag never counts as a click on the piece under it.
// The window takes the shape of the map's box on the page (a phone's box is taller than the map), starts
// filling it, and is kept per map across the page's redraws (every new state redraws the page).

const MAX = 5;
const views = new Map(); // map id → {scale, cx, cy, aspect}, scale and aspect null until the box is measured
const windows = new WeakMap(); // a map's svg → its window's `show`

/**
 * Move each map's window so that its pieces among `pieces` are in it (a new decision's framed places): a map
 * with any outside its window centres on them all, zoomed out as far as they need (never in). A map whose
 * pieces are all in view is left as the player set it.
 */
export function showOnMaps(pieces) {
  const bySvg = new Map();
  for (const piece of pieces) {
    const svg = piece.ownerSVGElement;
    const r = piece.getBoundingClientRect();
    if (!svg || !windows.has(svg) || (!r.width && !r.height)) continue;
    bySvg.set(svg, [...(bySvg.get(svg) ?? []), r]);
  }
  for (const [svg, rects] of bySvg) windows.get(svg)(rects);
}

/**
 * Make `svg` (a drawing `width` × `height`, the map `id`) pannable and zoomable; returns the controls:
 * `zoomBy(f)` and `fit()`. A window not kept yet is centred on `focus` ([x, y] in the drawing: the
 * viewer's capital), or on the drawing's middle. With `labelSize` (the small labels' font size in drawing
 * units), the svg has the class `small-labels` while they would be drawn under 10 px high, for the page's
 * style to hide them until the player zooms in.
 */
export function panZoom(svg, id, width, height, { focus = null, labelSize = null } = {}) {
  if (!views.has(id)) views.set(id, { scale: null, cx: focus?.[0] ?? width / 2, cy: focus?.[1] ?? height / 2, aspect: null });
  const v = views.get(id);
  // The box's width over its height: as last measured for this map, since each redraw makes a new svg that
  // is measured only a frame after it is drawn (and shown in the drawing's shape meanwhile: a flash).
  let aspect = v.aspect ?? width / height;

  /** The window at scale 1: the least box of the page box's shape holding the whole drawing. */
  const base = () => (aspect > width / height ? [height * aspect, height] : [width, width / aspect]);
  /** The scale at which the window fills the box with the drawing: the phone's start. */
  const cover = () => {
    const [bw, bh] = base();
    return Math.max(bw / width, bh / height);
  };
  const windowOf = () => {
    const [bw, bh] = base();
    const s = v.scale ?? cover();
    return [bw / s, bh / s];
  };
  const clamp = () => {
    v.scale = Math.min(MAX, Math.max(1, v.scale ?? cover()));
    const [w, hgt] = windowOf();
    v.cx = w >= width ? width / 2 : Math.min(width - w / 2, Math.max(w / 2, v.cx));
    v.cy = hgt >= height ? height / 2 : Math.min(height - hgt / 2, Math.max(hgt / 2, v.cy));
  };
  const box = () => {
    const [w, hgt] = windowOf();
    return [v.cx - w / 2, v.cy - hgt / 2, w, hgt];
  };
  const apply = () => {
    clamp();
    svg.setAttribute('viewBox', box().map((n) => n.toFixed(1)).join(' '));
    svg.dataset.scale = v.scale.toFixed(2);
    // With more of the drawing above or below the window, one finger pans the map every way; else an
    // upward or downward swipe scrolls the page, and a sideways one pans the map.
    svg.classList.toggle('zoomed-in', box()[3] < height - 1);
    // Small labels show only once they are drawn at least 10 px high (on a phone, after zooming in); a
    // piece's tooltip names it meanwhile.
    if (labelSize) {
      const shown = svg.getBoundingClientRect().width / box()[2];
      svg.classList.toggle('small-labels', shown > 0 && shown * labelSize < 10);
    }
  };
  const measure = () => {
    const r = svg.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) aspect = v.aspect = r.width / r.height;
  };
  if (v.scale !== null) apply();
  else svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  // Once on the page, the window takes the box's shape (and again whenever the box changes size).
  requestAnimationFrame(() => {
    measure();
    apply();
  });
  if (typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(() => {
      if (!svg.isConnected) return;
      measure();
      apply();
    }).observe(svg);
  }

  /** The drawing's point under a client point. */
  const toMap = (clientX, clientY) => {
    const r = svg.getBoundingClientRect();
    const [x, y, w, hgt] = box();
    return [x + ((clientX - r.left) / r.width) * w, y + ((clientY - r.top) / r.height) * hgt];
  };
  /** Scale by `f` keeping the drawing's point under (clientX, clientY) where it is. */
  const zoomAt = (f, clientX, clientY) => {
    const [mx, my] = toMap(clientX, clientY);
    const before = v.scale;
    v.scale = Math.min(MAX, Math.max(1, v.scale * f));
    const k = before / v.scale;
    v.cx = mx + (v.cx - mx) * k;
    v.cy = my + (v.cy - my) * k;
    apply();
  };

  svg.addEventListener('wheel', (e) => {
    // At the fit, scrolling down goes on scrolling the page.
    if (!e.ctrlKey && v.scale <= 1.01 && e.deltaY > 0) return;
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
  }, { passive: false });

  const pointers = new Map();
  let dragged = false;
  let pinch = null;
  svg.addEventListener('pointerdown', (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (pointers.size === 1) dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
      dragged = true;
    }
  });
  svg.addEventListener('pointermove', (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      zoomAt(d / pinch.d, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch.d = d;
      return;
    }
    if (!dragged && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < 6) return;
    const [w, hgt] = windowOf();
    if (w >= width && hgt >= height) return; // the whole drawing is in view: nothing to pan
    if (!dragged) {
      dragged = true;
      try {
        svg.setPointerCapture(e.pointerId);
      } catch {
        // A pointer already gone cannot be captured; the drag goes on without it.
      }
    }
    const r = svg.getBoundingClientRect();
    v.cx -= (dx / r.width) * w;
    v.cy -= (dy / r.height) * hgt;
    apply();
  });
  const up = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', up);
  // The click that ends a drag or a pinch is not a click on the piece under it.
  svg.addEventListener('click', (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, true);

  // The keyboard's zoom, from any piece of the map that has the focus: + and − around the window's middle,
  // 0 to fit.
  svg.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const f = { '+': 1.4, '=': 1.4, '-': 1 / 1.4, '−': 1 / 1.4 }[e.key];
    if (f) {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      zoomAt(f, r.left + r.width / 2, r.top + r.height / 2);
    } else if (e.key === '0') {
      e.preventDefault();
      Object.assign(v, { scale: 1, cx: width / 2, cy: height / 2 });
      apply();
    }
  });

  /** Bring `rects` (client boxes of pieces of this map) into the window, as showOnMaps says. */
  const show = (rects) => {
    const r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const inside = (p) => p.left >= r.left - 0.5 && p.right <= r.right + 0.5 && p.top >= r.top - 0.5 && p.bottom <= r.bottom + 0.5;
    if (rects.every(inside)) return;
    const [x0, y0] = toMap(Math.min(...rects.map((p) => p.left)), Math.min(...rects.map((p) => p.top)));
    const [x1, y1] = toMap(Math.max(...rects.map((p) => p.right)), Math.max(...rects.map((p) => p.bottom)));
    const [w, hgt] = windowOf();
    // With a little room round them, so that a piece at the edge is not cut by it.
    const need = 1.15 * Math.max((x1 - x0) / w, (y1 - y0) / hgt);
    v.scale = v.scale ?? cover();
    if (need > 1) v.scale = Math.max(1, v.scale / need);
    Object.assign(v, { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 });
    apply();
  };
  windows.set(svg, show);

  return {
    zoomBy(f) {
      v.scale = Math.min(MAX, Math.max(1, (v.scale ?? cover()) * f));
      apply();
    },
    fit() {
      Object.assign(v, { scale: 1, cx: width / 2, cy: height / 2 });
      apply();
    },
  };
}

/** How much one press of a zoom button scales the map. */
const STEP = 1.4;

/** The zoom buttons of a map made by panZoom (`zoom`, its controls): zoom in, zoom out, fit. */
export function zoomButtons(zoom) {
  const button = (key, text, label, shortcut, onclick) => {
    const b = document.createElement('button');
    Object.assign(b, { type: 'button', className: 'zoom', title: `${label} (${shortcut} on the map)`, textContent: text, onclick });
    b.dataset.key = key;
    b.setAttribute('aria-label', label);
    return b;
  };
  const group = document.createElement('div');
  group.className = 'zoom-buttons';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Map zoom');
  group.append(
    button('zoom-in', '+', 'Zoom in', '+', () => zoom.zoomBy(STEP)),
    button('zoom-out', '−', 'Zoom out', '−', () => zoom.zoomBy(1 / STEP)),
    button('zoom-fit', 'Fit', 'Fit the map to its box', '0', () => zoom.fit()),
  );
  return group;
}
