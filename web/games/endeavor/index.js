// The Endeavor: Age of Sail page: the world map (map.js) with the side in play's cities, fleet spaces,
// routes and each zone's track, open sea and deck; under it the discard pile and the Silent Fleet; the
// players' boards (mats.js); the building organizer (pile and organizer: supply.js). A decision is taken
// where it is played (places.js): a space, track, open sea or deck on the map, a building in the organizer,
// a card in the pile, a coast slot or an action token on one's own board; when several actions share a
// place, a click lists them. The decisions that have no place (pass, end the turn, keep the cards, discard,
// the governor slot, the Memorial's disc) are buttons, grouped, and every legal action is also in the full
// list of choices, each labelled by the server. Pointing at an action's button, or focusing it, lights up
// its targets.

import { h, lightUp } from '../../lib/dom.js';
import { panZoom, zoomButtons } from '../../lib/panzoom.js';
import { HEIGHT, WIDTH } from '../../maps/world-endeavor.js';
import { actionButtons, boardNames } from '../generic.js';
import { drawMap, legend } from './map.js';
import { matsPanel } from './mats.js';
import { FLEET_INDEX, token } from './palette.js';
import { kindOf, placeOf, places } from './places.js';
import { organizerPanel, pilePanel } from './supply.js';

// The place whose several actions are listed, for the position it was picked in.
let picked = { version: null, place: null };

export function render({ view, board, actions, act, busy, seat, names, version, redraw }) {
  if (picked.version !== version) picked = { version, place: null };
  const game = view.game;
  const pick = (place) => {
    picked = { version, place };
    redraw();
  };
  const pl = places(actions, act, pick, picked.place, busy);

  // While the pointer is on an action's button, or it has the focus, the pieces it touches are lit up.
  let root = null;
  const hover = (ids) => lightUp(root, ids);

  const side = board.sides.find((x) => x.id === game.side) ?? board.sides[0];
  const owners = [...game.players.keys(), ...(game.config?.silent_fleet ? [FLEET_INDEX] : [])];
  const map = drawMap({ board, game, pl });
  // The names' font size in drawing units is style.css's `.endeavor .space-name`.
  const zoom = panZoom(map, 'endeavor', WIDTH, HEIGHT, { labelSize: 10 });
  root = h('div', { class: 'endeavor', 'data-pick': picked.place ?? '', 'data-hot': '' },
    actions.length ? choicesPanel({ actions, act, busy, board, game, pl, hover, repick: pick }) : null,
    h('section', { class: 'card map-card', 'aria-labelledby': 'map-title' },
      h('div', { class: 'map-head' },
        h('h2', { id: 'map-title' }, 'The world'),
        h('p', { class: 'phase-line', id: 'phase-line' }, phaseLine(game, names, side)),
        zoomButtons(zoom)),
      h('div', { class: 'map-box' }, map),
      h('p', { class: 'map-help muted' }, 'Drag to pan once zoomed in; wheel or pinch to zoom. Point at a piece for what it is.'),
      h('details', { class: 'legend-box', 'data-key': 'legend' }, h('summary', {}, 'Legend'), legend(owners))),
    // The discard pile under the map, whose decks are drawn from beside it: a draw's places fit one screen.
    pilePanel({ board, game, pl }),
    matsPanel({ board, view, seat, names, pl }),
    organizerPanel({ board, game, pl }));
  return root;
}

/**
 * What each place of the map holds, in one word, for the page to mark what changed (web/lib/marks.js):
 * each city and fleet space's holder and token, each zone's shipping track and open sea.
 */
export function placeWords(view, board) {
  const game = view.game;
  const words = new Map(board.spaces.map((x, i) => [x.id, JSON.stringify([game.spaces[i] ?? null, game.space_tokens[i] ?? null])]));
  board.zones.forEach((zone, z) => {
    words.set(`track:${zone.id}`, JSON.stringify([game.tracks[z] ?? [], game.track_tokens[z] ?? []]));
    words.set(`sea:${zone.id}`, JSON.stringify(game.open_sea[z] ?? []));
  });
  return words;
}

/** Where the game stands: "Round 2 of 7 · Actions · Red holds the crown · Side A". */
function phaseLine(game, names, side) {
  const phase = typeof game.phase === 'string' ? game.phase : Object.keys(game.phase)[0];
  const words = {
    start: 'choosing starting buildings', shortage: 'material shortage', build: 'Build', salary: 'Salary',
    actions: 'Actions', discard: 'Discard', over: 'the game is over',
  }[phase] ?? phase;
  const parts = [game.round ? `Round ${game.round} of 7` : 'Setup', words];
  if (phase !== 'over') parts.push(`${names[game.crown] ?? `Seat ${game.crown + 1}`} holds the crown`);
  parts.push(side.name);
  if (game.abolished) parts.push('slavery abolished');
  return parts.join(' · ');
}

const GROUPS = [
  { title: 'Your turn', kinds: ['pass', 'finish'] },
  { title: "Your Memorial's lost disc", kinds: ['memorial'] },
  { title: 'Cards to keep', kinds: ['keep', 'discard'] },
  { title: 'Governor slot', kinds: ['govern'] },
];

/** What a place is, in words, for the list of the actions played there. */
function placeName(key, names) {
  const [kind, id] = key.includes(':') ? key.split(/:(.*)/) : [null, key];
  if (kind === 'slot') return `Coast slot ${Number(id) + 1}`;
  if (kind === 'token') return token(id).name;
  if (kind === 'track') return `${names.get(id) ?? id}'s shipping track`;
  if (kind === 'sea') return `the open sea of ${names.get(id) ?? id}`;
  return names.get(id) ?? id;
}

/**
 * Where the framed places of these actions are, in words: "on the map or on your coast". A card is on the map
 * (a deck's top card) or in the discard pile.
 */
function whereWords(actions, game) {
  const where = new Set(actions.map(placeOf).filter(Boolean).map((key) => {
    const [kind, id] = key.split(/:(.*)/);
    if (kind === 'slot') return 'on your coast';
    if (kind === 'token') return 'among your action tokens';
    if (kind === 'building') return 'in the building organizer';
    if (kind === 'card' && game.discards.includes(id)) return 'in the discard pile';
    return 'on the map';
  }));
  const list = [...where];
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : list[0];
}

function choicesPanel({ actions, act, busy, board, game, pl, hover, repick }) {
  const names = boardNames(board);
  const here = pl.picked ? pl.at(pl.picked) : [];
  const loose = actions.filter((a) => placeOf(a) === null);
  const where = whereWords(actions, game);
  let body;
  if (here.length) {
    body = [
      h('p', { class: 'hint' }, `${placeName(pl.picked, names)}: choose one.`),
      actionButtons(here, act, busy, { hover }),
      h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick(null) }, 'Choose something else'),
    ];
  } else {
    const groups = GROUPS.map((g) => ({ ...g, actions: loose.filter((a) => g.kinds.includes(kindOf(a.action))) }));
    const rest = loose.filter((a) => !GROUPS.some((g) => g.kinds.includes(kindOf(a.action))));
    if (rest.length) groups.push({ title: 'Other choices', actions: rest });
    body = [
      where ? h('p', { class: 'hint', id: 'where-to-click' }, `Click a framed place ${where}${loose.length ? ', or choose below' : ''}.`) : null,
      // The loose actions: the page puts them in its decision bar when they are a few (web/pages/game.js).
      h('div', { class: 'choice-groups', 'data-loose': '' }, groups.filter((g) => g.actions.length).map((g) => h('div', { class: 'choice-group' },
        h('h3', {}, g.title), actionButtons(g.actions, act, busy, { hover })))),
    ];
  }
  return h('section', { class: 'card choices', 'aria-labelledby': 'choices-title' },
    h('h2', { id: 'choices-title' }, 'Your choices'),
    body,
    h('details', { class: 'all-actions', 'data-key': 'all-actions' },
      h('summary', {}, `All ${actions.length} choices as a list`),
      actionButtons(actions, act, busy, { hover })));
}
