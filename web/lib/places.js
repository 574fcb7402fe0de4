// What every game page's places share: an action's kind, and an HTML piece of the board that becomes a
// framed button when some legal action is played at it. Each game decides where its actions are played
// (its own places.js builds `pl`: `at(key)` lists the actions at a place, `isPicked(key)` says whether
// that place's actions are listed now, `choose(key)` plays or lists them).

import { h } from './dom.js';
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
