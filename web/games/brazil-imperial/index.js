// The Brazil: Imperial page: the hex map of the game (map.js), pannable and zoomable (panzoom.js), the
// common board (common.js: the privilege display, city stacks, decks, scores, a battle under way, the solo
// scenario's conditions) and the players' boards (boards.js). A decision is taken where it is played
// (places.js): a hex on the map (a capital, a recruit, a build, a city, a renew, a palace, a payment from
// a token's pieces), an action space, item or goal on one's own board, a privilege card in the display, a
// piece of the personal supply or a card in hand; a move is two clicks, the units' hex then where they go.
// When several actions share a place, a click lists them. The setup's secret choice and a battle's secret
// commitment have panels of their own; what has no place (Done, end the turn, no palace…) is a few
// grouped buttons (choices.js), and every legal action is also in the full list of choices. Pointing at
// an action's button, or focusing it, lights up its targets.

import { h, lightUp } from '../../lib/dom.js';
import { boardsPanel } from './boards.js';
import { choicesPanel } from './choices.js';
import { commonPanel } from './common.js';
import { drawMap, hexWords, layoutOf, legend } from './map.js';
import { colour, DUTCH, ownerPaint, roman } from './palette.js';
import { panZoom, zoomButtons } from '../../lib/panzoom.js';
import { places } from './places.js';

// The place picked (a hex whose several actions are listed, or a units' hex to move from), for the
// position it was picked in.
let picked = { version: null, from: null, place: null };

export function render({ view, board, actions, act, busy, seat, seats, toAct, names, version, redraw }) {
  if (picked.version !== version) picked = { version, from: null, place: null };
  const t = view.table;
  const map = mapOf(board, t);
  const repick = (change) => {
    picked = { ...picked, ...change };
    redraw();
  };
  const pl = places(actions, act, (change) => repick(change), picked, busy);

  // While the pointer is on an action's button, or it has the focus, the pieces it touches are lit up.
  let root = null;
  const hover = (ids) => lightUp(root, ids);

  const svg = drawMap({ board, map, view, pl });
  const capital = t.players[seat]?.capital;
  const focus = capital === null || capital === undefined ? null : layoutOf(map).centres[capital];
  // The hex ids' font size in drawing units is style.css's `.brazil-map .hex-id`.
  const zoom = panZoom(svg, map.id, Number(svg.dataset.width), Number(svg.dataset.height), { focus, labelSize: 9 });
  const acting = toAct ?? [];
  const players = [...t.players.map((p) => colour(p.colour)), ...(t.dutch?.length ? [ownerPaint(DUTCH, t)] : [])];

  root = h('div', { class: 'brazil', 'data-pick': picked.from ? `from ${picked.from}${picked.place ? ` to ${picked.place}` : ''}` : picked.place ?? '', 'data-hot': '' },
    actions.length ? choicesPanel({ actions, act, busy, board, map, view, pl, hover, repick, version, seat, redraw }) : null,
    h('div', { class: 'brazil-table' },
      h('div', { class: 'brazil-main' },
        h('section', { class: 'card map-card', 'aria-labelledby': 'map-title' },
          h('div', { class: 'map-head' },
            h('h2', { id: 'map-title' }, map.name.replace(/\s*\(approximation\)\s*$/, '')),
            h('span', { class: 'badge warn', title: 'The printed maps are lost: this one is drawn from the real geography it names' }, 'approximation'),
            zoomButtons(zoom),
            h('p', { class: 'phase-line', id: 'phase-line' }, phaseLine(t, names, acting))),
          scenarioLine(map),
          h('div', { class: 'map-box' }, svg),
          h('p', { class: 'map-help muted' }, 'Drag to pan once zoomed in; wheel or pinch to zoom. Hexes are named by row and column (r3c4).'),
          h('details', { class: 'legend-box', 'data-key': 'legend' }, h('summary', {}, 'Legend'), legend(players))),
        commonPanel({ board, view, pl, map, names })),
      boardsPanel({ board, view, seat, seats, pl, acting })));
  return root;
}

/** The map of the table `t` in the board. */
const mapOf = (board, t) => board.maps.find((m) => m.id === t.map) ?? board.maps.find((m) => m.players === t.players.length) ?? board.maps[0];

/**
 * What each place holds, in one word, for the page to mark what changed (web/lib/marks.js): each hex, and
 * the privilege display (a card newly laid out is marked).
 */
export function placeWords(view, board) {
  const words = hexWords(board, mapOf(board, view.table), view);
  for (const id of view.table.display ?? []) if (id) words.set(`privilege:${id}`, 'on display');
  return words;
}

/** The rulebook's battle likelihood, X to XXX, in words. */
const BATTLES = { 1: 'battles rare', 2: 'battles now and then', 3: 'battles likely' };

/** The scenario's battle likelihood and its own rules, under the map's name (none for a map of no scenario). */
function scenarioLine(map) {
  if (!map.battle && !map.rules) return null;
  return h('p', { class: 'scenario-line', 'data-key': 'scenario' },
    map.battle ? h('span', { class: 'badge', title: 'The rulebook’s battle likelihood for this scenario, X to XXX' }, `${'X'.repeat(map.battle)} · ${BATTLES[map.battle]}`) : null,
    map.rules ? ` ${map.rules}` : null);
}

const WORK = {
  recruit: 'Recruit', obtain: 'Obtain', build: 'Build', renew: 'Renew', craft: 'Craft', harbor: 'Harbor', market: 'the Market',
};

/** Where the game stands: "Era I · Round 3 · Green (Brazil): Build". */
function phaseLine(t, names, acting) {
  const stage = t.stage;
  const key = typeof stage === 'string' ? stage : Object.keys(stage)[0];
  let words;
  if (key === 'prepare') words = 'setup: goals and rulers';
  else if (key === 'capital') words = 'setup: capitals';
  else if (key === 'act') words = 'action phase';
  else if (key === 'work') words = `action: ${WORK[typeof stage.work === 'string' ? stage.work : Object.keys(stage.work)[0]] ?? ''}`;
  else if (key === 'move') words = 'movement phase';
  else words = 'the game is over';
  const parts = [`Era ${roman(t.era)}`, t.players.length === 1 ? `Round ${t.round} of 20` : `Round ${t.round}`];
  if (key !== 'over' && acting.length) parts.push(`${names[acting[0]] ?? `Seat ${acting[0] + 1}`}: ${words}`);
  else parts.push(words);
  if (t.last_round) parts.push('last round');
  return parts.join(' · ');
}
