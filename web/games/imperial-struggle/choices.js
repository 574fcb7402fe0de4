// The choices that are not a click on the board, and the words around those that are. A place picked on
// the board (a space where one may flag it or use an advantage, a debt track with two pools) lists its
// actions. The rest — end the turn, pass, keep the hand, done, an option of an effect, who moves first —
// are a few buttons grouped by kind, each labelled by the server with its cost. A button per part of the
// table counts what waits there and turns the board's frames to it, and every legal action is also in the
// full list, folded.

import { h } from '../../lib/dom.js';
import { actionButtons } from '../generic.js';
import { kindOf } from './places.js';

/** The groups of actions without a place, in the order they are shown. */
const GROUPS = [
  ['Your turn', ['end_turn', 'pass', 'upgrade', 'go_first']],
  ['Points, debt and tiles', ['borrow', 'treaty', 'convert', 'jacobite_vp', 'buy_bonus_tile', 'draw_event', 'build_squadron']],
  ['Cards and ministries', ['keep_hand', 'ministries_done', 'pick_ministry', 'swap_ministry', 'reveal', 'ministry', 'play_event', 'set_aside', 'discard']],
  ['Answers', ['choose', 'done', 'navy_box', 'theatre', 'bonus_tile', 'basic_tile']],
];

/**
 * The choices card: where the framed places are (`parts`: a button per part of the table holding some, the
 * one in focus pressed), what a picked place offers, then the loose actions by group, then all of them
 * folded.
 */
export function choicesPanel({ actions, act, busy, pl, hover, repick, names, parts }) {
  const picked = pl.picked ? pl.at(pl.picked) : [];
  const groups = GROUPS.map(([title, kinds]) => [title, pl.loose.filter((a) => kinds.includes(kindOf(a.action)))]).filter(([, list]) => list.length);
  const grouped = new Set(groups.flatMap(([, list]) => list));
  const rest = pl.loose.filter((a) => !grouped.has(a));
  if (rest.length) groups.push(['Other', rest]);
  return h('section', { class: 'card choices is-choices', 'aria-labelledby': 'choices-title' },
    h('div', { class: 'choices-head' }, h('h2', { id: 'choices-title' }, 'Your choices'), parts),
    picked.length ? h('div', { class: 'picked-place', role: 'group', 'aria-label': 'The choices at the place picked' },
      h('h3', {}, `At ${names.get(pl.picked) ?? pl.picked}:`),
      actionButtons(picked, act, busy, { hover }),
      h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick(null) }, 'Choose something else')) : null,
    // The loose actions: the page puts them in its decision bar when they are a few (web/pages/game.js).
    h('div', { class: 'choice-groups', 'data-loose': '' }, groups.map(([title, list]) => h('div', { class: 'choice-group' },
      h('h3', {}, title), actionButtons(list, act, busy, { hover })))),
    h('details', { class: 'all-actions', 'data-key': 'all-actions' },
      h('summary', {}, `All ${actions.length} choices as a list`),
      actionButtons(actions, act, busy, { hover, names })));
}

