// The table's shape, shared by every game page (web/pages/game.js): the framed places of a decision (the
// board pieces a legal action is played at, which each game's module frames as `.choice` or `.clickable`),
// bringing them into view clear of the decision bar, and side panels that fold away, each remembered by
// this browser.

/** The framed places under `root`: the pieces a click on the board plays or narrows a legal action at. */
export const FRAMED = '.choice, .clickable';

/**
 * The boxes on the screen of the framed places under `root` that are shown: a piece of a pannable map is
 * cut to the map's window (a piece panned out of it is not shown), and a hidden one (a folded list, a
 * closed tab) has no box.
 */
export function framedBoxes(root) {
  if (!root) return [];
  const boxes = [];
  for (const piece of root.querySelectorAll(FRAMED)) {
    let r = piece.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const svg = piece.ownerSVGElement;
    if (svg) {
      const w = svg.getBoundingClientRect();
      const [left, top, right, bottom] = [Math.max(r.left, w.left), Math.max(r.top, w.top), Math.min(r.right, w.right), Math.min(r.bottom, w.bottom)];
      if (right <= left || bottom <= top) continue;
      r = { left, top, right, bottom };
    }
    boxes.push({ top: r.top, bottom: r.bottom });
  }
  return boxes;
}

/**
 * The band of the window the decision bar leaves free, in client pixels: below it where it sticks to the
 * top (a laptop), above it where it is fixed to the bottom (a phone).
 */
export function freeBand(bar) {
  const height = innerHeight;
  if (!bar) return { top: 0, bottom: height };
  const r = bar.getBoundingClientRect();
  return getComputedStyle(bar).position === 'fixed' ? { top: 0, bottom: r.top } : { top: r.height, bottom: height };
}

/** Room kept between a framed place and the edges of the free band, in pixels. */
const MARGIN = 8;

/**
 * Scroll the page so that the framed places `boxes` are in the free `band`: all of them when they fit
 * (closer to its edges than MARGIN if that is what it takes), else as many as fit from the top of a place
 * down. Nothing moves when they are all in view already. `behavior` is 'smooth' or 'instant'. Returns
 * whether the page was scrolled.
 */
export function bringIntoView(boxes, band, behavior) {
  if (!boxes.length) return false;
  const span = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
  const slack = band.bottom - band.top - span;
  const margin = slack >= 0 ? Math.min(MARGIN, slack / 2) : MARGIN;
  const top = band.top + margin;
  const bottom = band.bottom - margin;
  if (boxes.every((b) => b.top >= top && b.bottom <= bottom)) return false;
  const room = bottom - top;
  // The window start (a place's top) under which the most places fit whole.
  const sorted = [...boxes].sort((a, b) => a.top - b.top);
  let best = { start: sorted[0].top, count: 0 };
  for (const first of sorted) {
    const count = sorted.filter((b) => b.top >= first.top && b.bottom <= first.top + room).length;
    if (count > best.count) best = { start: first.top, count };
  }
  // Those places, centred in the band when they leave room to spare.
  const inside = sorted.filter((b) => b.top >= best.start && b.bottom <= best.start + room);
  const end = Math.max(...inside.map((b) => b.bottom));
  const spare = Math.max(0, room - (end - best.start));
  window.scrollBy({ top: best.start - top - spare / 2, behavior });
  return true;
}

/** Where this browser keeps which side panels are folded. */
const FOLDED_KEY = 'imperia.folded-panels';

function foldedPanels() {
  try {
    return new Set(JSON.parse(localStorage.getItem(FOLDED_KEY) ?? '[]'));
  } catch {
    return new Set();
  }
}

/**
 * Make a side panel (`section`, a card whose first heading is its title) fold away under its heading, open
 * or folded as this browser last left panel `key` (the same for every game: a player who folds the notes
 * folds them everywhere). Its content stays on the page, hidden while folded.
 */
export function foldable(key, section) {
  const heading = section.querySelector(':scope > h2');
  if (!heading) return section;
  const rest = [...section.childNodes].filter((n) => n !== heading);
  const details = document.createElement('details');
  details.className = 'fold';
  details.dataset.panel = key;
  details.open = !foldedPanels().has(key);
  const summary = document.createElement('summary');
  summary.append(heading);
  details.append(summary, ...rest);
  details.addEventListener('toggle', () => {
    const folded = foldedPanels();
    if (details.open) folded.delete(key);
    else folded.add(key);
    localStorage.setItem(FOLDED_KEY, JSON.stringify([...folded]));
  });
  section.replaceChildren(details);
  section.classList.add('panel');
  return section;
}
