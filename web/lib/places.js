// What every game page's places share: an action's kind, the places of a decision's legal actions (`pl`:
// `at(key)` lists the actions at a place, `isPicked(key)` says whether that place's actions are listed
// now, `choose(key)` plays or lists them), and a piece of the board, SVG or HTML, that becomes a framed
// choice when some legal action is played at it. Each game decides where its actions are played (its
// `placeOf`).

import { clickable, h } from './dom.js';
import { inChoice, tip } from './tooltip.js';

/** The kind of an action: its JSON's only key ("build", "ship"), or the word itself ("pass", "done"). */
export const kindOf = (action) => (typeof action === 'string' ? action : Object.keys(action)[0]);

/** A label as a sentence starts: "Build a Sawmill at r3c4". */
export const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** What a click on a place does, in words for its accessible name: the label of its action(s). */
export function offerWords(here) {
  if (here.length === 1) return capital(here[0].label);
  return `${here.length} choices: ${here.map((a) => a.label).join('; ')}`;
}

/**
 * An HTML piece at place `key`: a button when an action is played there (framed, like the board's), else
 * a plain element of `tag`. With `props.tip` its words are a tooltip (web/lib/tooltip.js), not a title.
 */
export function offerHtml(tag, key, name, pl, { tip: words, ...props }, ...children) {
  const here = pl.at(key);
  const common = { ...props, 'data-target': key, title: words ? null : props.title ?? name };
  const piece = !here.length ? h(tag, common, ...children) : inChoice(h('button', {
    ...common,
    type: 'button',
    class: `${props.class ?? ''} choice${pl.isPicked(key) ? ' picked' : ''}`,
    'data-key': `place:${key}`,
    'aria-label': `${name}. ${offerWords(here)}`,
    onclick: () => pl.choose(key),
  }, ...children));
  return words ? tip(piece, words) : piece;
}

/**
 * The places of a list of legal actions (`{action, label, targets}`), each at `placeOf(a)` (null: no
 * place): `at(key)` lists the actions played there, `choose(key)` plays the only one or, when several
 * share the place, asks `pick(key)` to list them (again: to stop listing); `loose` are the actions with no
 * place, `picked` the place listed now.
 */
export function placesOf(placeOf, actions, act, pick, picked, busy) {
  const byPlace = new Map();
  const loose = [];
  for (const a of actions) {
    const key = placeOf(a);
    if (key === null) {
      loose.push(a);
      continue;
    }
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key).push(a);
  }
  return {
    act: (action) => !busy && act(action),
    byPlace,
    loose,
    picked,
    at: (key) => byPlace.get(key) ?? [],
    isPicked: (key) => picked === key,
    live: (key) => !busy && byPlace.has(key),
    choose(key) {
      if (busy) return;
      const here = byPlace.get(key) ?? [];
      if (here.length === 1) act(here[0].action);
      else if (here.length) pick(picked === key ? null : key);
    },
  };
}

/**
 * Make an SVG piece at place `key` answer clicks and the keyboard when an action is played there, with
 * `frame` (a ring that glows) drawn around it; `name` says what the piece is.
 */
export function offerSvg(g, key, name, frame, pl) {
  g.setAttribute('data-target', key);
  const here = pl.at(key);
  if (!here.length) return g;
  g.classList.add('choice');
  if (pl.isPicked(key)) g.classList.add('picked');
  g.setAttribute('data-key', `place:${key}`);
  g.prepend(frame);
  return clickable(g, `${name}. ${offerWords(here)}`, () => pl.choose(key));
}
