// Building DOM and SVG without a framework: `h('button', {onclick, class: 'x'}, 'text')`.
// Props: `class`, `text`, `on<event>` handlers, booleans (`disabled: true`), anything else as an attribute.
// Children may be nodes, strings, numbers, arrays, or null/false (skipped).

const SVG = 'http://www.w3.org/2000/svg';

function build(element, props, children) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2), value);
    } else if (key === 'text') {
      element.textContent = value;
    } else if (key === 'style') {
      // Through the CSSOM, which the Content-Security-Policy allows (a style attribute it would refuse).
      element.style.cssText = String(value);
    } else if (value === true) {
      element.setAttribute(key, '');
    } else {
      element.setAttribute(key, String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** An HTML element. */
export const h = (tag, props, ...children) => build(document.createElement(tag), props, children);

/** An SVG element. */
export const s = (tag, props, ...children) => build(document.createElementNS(SVG, tag), props, children);

/**
 * Make an SVG shape act as a button for mouse, touch and keyboard: focusable, announced with `label`,
 * activated by click, Enter or Space.
 */
export function clickable(element, label, onActivate) {
  element.setAttribute('tabindex', '0');
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', label);
  element.classList.add('clickable');
  element.addEventListener('click', onActivate);
  element.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onActivate(e);
    }
  });
  return element;
}

/** Replace everything in `root` with `children`. */
export function replace(root, ...children) {
  root.replaceChildren();
  append(root, children);
}

/**
 * The board ids of the pieces under `root` whose names `text` mentions as whole words (a piece's name is
 * its label, its title, or its own text): what a line of the log lights up, saying no more than the line.
 */
export function piecesNamedIn(root, text) {
  if (!root || !text) return [];
  const letter = /\p{L}/u;
  const mentions = (name) => {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + name.length] ?? ' ';
      if (!letter.test(before) && !letter.test(after)) return true;
    }
    return false;
  };
  const ids = new Set();
  for (const piece of root.querySelectorAll('[data-target]')) {
    // An HTML piece's tooltip (web/lib/tooltip.js) holds the words its title did.
    const name = (piece.querySelector(':scope > text')?.textContent || piece.getAttribute('title')
      || (piece instanceof HTMLElement && piece.dataset.tip) || piece.getAttribute('aria-label') || '').trim();
    if (name.length >= 3 && mentions(name)) ids.add(piece.dataset.target);
  }
  return [...ids];
}

/**
 * Light up, inside `root`, the pieces an action touches (their `data-target` ids), and only those; the
 * root's `data-hot` says which, for tests. `root` may not be drawn yet (null), and then nothing happens.
 */
export function lightUp(root, ids) {
  if (!root) return;
  for (const lit of root.querySelectorAll('.hot')) lit.classList.remove('hot');
  for (const id of ids) {
    for (const piece of root.querySelectorAll(`[data-target="${CSS.escape(id)}"]`)) piece.classList.add('hot');
  }
  root.dataset.hot = ids.join(' ');
}

/** While `element` is pointed at or focused, `hover(targets)` lights those board pieces; `hover([])` after. */
export function lightWhilePointed(element, hover, targets) {
  const on = () => hover(targets);
  const off = () => hover([]);
  element.addEventListener('mouseenter', on);
  element.addEventListener('focus', on);
  element.addEventListener('mouseleave', off);
  element.addEventListener('blur', off);
  return element;
}
