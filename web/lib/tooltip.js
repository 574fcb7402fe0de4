// One tooltip for the pieces of a board, for the mouse, the keyboard and a finger alike (a `title` shows
// only to a mouse that waits). `tip(element, text)` marks a piece: it takes the keyboard's focus, its text
// is its accessible description (or, for a drawing with no name, its name), and the one tooltip of the page
// shows that text beside it while it is pointed at or focused. A tap or a click on a piece that is not a
// choice pins the tooltip open (again: closes it); on a choice the click plays it and closes the tooltip,
// which takes no pointer events and so never stands in the way. Escape, a tap elsewhere, leaving or blurring the piece
// close it. Listeners sit on the document once, so pieces redrawn on every push need no wiring.

const SVG = 'http://www.w3.org/2000/svg';
let ids = 0;
let box = null; // the tooltip element, made on first use
let owner = null; // the piece it shows for
let pinned = false; // opened by a tap or click: stays while the pointer is elsewhere
let pointer = null; // where the pointer that opened it is, from the piece's corner {x, y}; null when the focus did
let following = false; // the loop that keeps it beside its piece runs
let pressing = false; // a pointer is down: the focus it brings is the tap's, which decides alone
let anchor = null; // the pointer's last place on the screen, {x, y}
let played = null; // where a choice was clicked, {x, y}: the board redrawn under a still pointer opens nothing

/**
 * Mark `element` as a piece with a tooltip saying `text`; returns the element. With `focus: false` it is for
 * the pointer only (a region's land, whose token the keyboard reaches with the same words).
 */
export function tip(element, text, { focus = true } = {}) {
  if (!text) return element;
  listen();
  element.dataset.tip = text;
  element.removeAttribute('title');
  const interactive = element.matches('button, a[href], input, select, textarea');
  if (focus && !interactive && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '0');
  // The game page gives the focus back, after each redraw, to the element with the same key.
  if (focus && !element.dataset.key) element.dataset.key = `tip:${element.dataset.target ?? text}`;
  const svg = element.namespaceURI === SVG;
  if (focus && svg && !element.hasAttribute('aria-label') && !element.hasAttribute('role')) {
    // A drawing has no text a reader could take its name from: the words are its name, as its <title> was.
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', text);
    return element;
  }
  // Otherwise a description of its own, hidden (<desc> in a drawing: no native tooltip either).
  const id = `tip-${++ids}`;
  const words = svg ? document.createElementNS(SVG, 'desc') : document.createElement('span');
  words.id = id;
  words.textContent = text;
  if (!svg) words.hidden = true;
  element.append(words);
  element.setAttribute('aria-describedby', [element.getAttribute('aria-describedby'), id].filter(Boolean).join(' '));
  return element;
}

/**
 * The pieces with tooltips inside `choice` (a button) are pointed at, not tabbed to: the keyboard stops at
 * the choice alone, whose name says what it plays. Returns the choice.
 */
export function inChoice(choice) {
  for (const piece of choice.querySelectorAll('[data-tip][tabindex="0"]')) piece.removeAttribute('tabindex');
  return choice;
}

/** A point of the screen from the corner of `el`, so that it moves with the piece (a scroll, a pan). */
function from(el, { x, y }) {
  const r = el.getBoundingClientRect();
  return { x: x - r.left, y: y - r.top };
}

/** The piece with a tooltip at or around `node`, if any. */
const pieceAt = (node) => (node instanceof Element ? node.closest('[data-tip]') : null);
/** A choice plays on a click; anything else opens its tooltip. */
const isChoice = (el) => Boolean(el.closest('button, [role=button], a[href], .choice'));

function show(el, pin = false, at = null) {
  if (!box) {
    box = document.createElement('div');
    box.className = 'tooltip';
    box.id = 'tooltip';
    box.setAttribute('role', 'tooltip');
  }
  if (!box.isConnected) document.body.append(box); // a page that replaces the body's content
  owner = el;
  pinned = pin;
  pointer = at && from(el, at);
  box.textContent = el.dataset.tip;
  box.hidden = false;
  place(el);
  if (!following) {
    following = true;
    requestAnimationFrame(follow);
  }
}

function hide() {
  owner = null;
  pinned = false;
  if (box) box.hidden = true;
}

/**
 * Above the pointer, or above the piece when the focus opened it, kept inside the window; below when there
 * is no room above. A piece of a map that is out of the map's window (panned away) shows none.
 */
function place(el) {
  const piece = el.getBoundingClientRect();
  let r = piece;
  const map = el.closest('svg')?.getBoundingClientRect();
  if (map) {
    const [left, top, right, bottom] = [Math.max(r.left, map.left), Math.max(r.top, map.top), Math.min(r.right, map.right), Math.min(r.bottom, map.bottom)];
    box.hidden = left >= right || top >= bottom;
    r = { left, top, right, bottom, width: right - left };
  }
  // A pointer on a large piece (a sea, a country): beside the pointer, not at the middle of the piece.
  if (pointer) {
    const [x, y] = [piece.left + pointer.x, piece.top + pointer.y];
    anchor = { x, y };
    r = { left: x, right: x, width: 0, top: y - 4, bottom: y + 16 };
  }
  const gap = 8;
  const margin = 4;
  box.style.left = '0px';
  box.style.top = '0px';
  const { width, height } = box.getBoundingClientRect();
  const left = Math.min(Math.max(margin, r.left + r.width / 2 - width / 2), window.innerWidth - width - margin);
  const top = r.top - height - gap >= margin ? r.top - height - gap : Math.min(r.bottom + gap, window.innerHeight - height - margin);
  box.style.left = `${Math.round(Math.max(margin, left))}px`;
  box.style.top = `${Math.round(Math.max(margin, top))}px`;
}

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch' || pinned) return;
    if (played && Math.abs(played.x - e.clientX) < 2 && Math.abs(played.y - e.clientY) < 2) return;
    played = null;
    const el = pieceAt(e.target);
    if (el && el !== owner) show(el, false, { x: e.clientX, y: e.clientY });
  });
  document.addEventListener('pointermove', (e) => {
    if (owner && pointer && !pinned && e.pointerType !== 'touch') pointer = from(owner, { x: e.clientX, y: e.clientY });
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'touch' || pinned || !owner) return;
    // Still inside the piece (from one of its parts to another): it stays.
    if (!owner.contains(e.relatedTarget)) hide();
  });
  document.addEventListener('pointerdown', (e) => {
    pressing = true;
    if (owner && !owner.contains(e.target)) hide();
  });
  document.addEventListener('pointerup', () => setTimeout(() => { pressing = false; }, 0));
  document.addEventListener('pointercancel', () => { pressing = false; });
  document.addEventListener('click', (e) => {
    // A choice clicked is played (or its actions listed): its tooltip goes, and the redrawn board under the
    // still pointer opens none (the browser's pointerover at the same place); the pointer's next move does.
    if (e.target instanceof Element && isChoice(e.target)) {
      hide();
      anchor = null;
      played = { x: e.clientX, y: e.clientY };
      return;
    }
    const el = pieceAt(e.target);
    if (!el) return;
    if (owner === el && pinned) hide();
    // A click from the keyboard (Enter on a focused piece) has no place on the screen.
    else show(el, true, e.detail ? { x: e.clientX, y: e.clientY } : null);
  });
  // Only a focus the browser shows (the keyboard's, or given back after a redraw to a keyboard's user): a
  // click's focus, or one given back to a mouse's user, opens nothing.
  document.addEventListener('focusin', (e) => {
    const el = pieceAt(e.target);
    if (el && !pressing && el === e.target && el.matches(':focus-visible')) show(el);
  });
  document.addEventListener('focusout', (e) => {
    if (owner && e.target === owner && !pinned) hide();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && owner) hide();
  });
}

/**
 * While shown, the tooltip follows its piece (a scroll, a pan, a zoom). A redraw that replaced the piece
 * hands it to the piece now under the pointer (the focus comes back by itself: tip's `data-key`); else it
 * closes.
 */
function follow() {
  if (owner && !owner.isConnected) {
    const under = pointer && anchor ? pieceAt(document.elementFromPoint(anchor.x, anchor.y)) : null;
    if (under) show(under, pinned, anchor);
    else hide();
  }
  if (!owner) {
    following = false;
    return;
  }
  place(owner);
  requestAnimationFrame(follow);
}
