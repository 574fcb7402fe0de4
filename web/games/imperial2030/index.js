// The Imperial 2030 game page: the world map, the rondel, the nations and the players, with the legal
// actions placed where a player of the board game looks for them. A rondel space, a bond or a region is
// clicked to choose it; a move is two clicks, origin then destination. When a click could mean several
// actions (an army entering hostile or friendly, by one convoy or another), the choices for that place are
// listed as buttons. Actions about no place (pass, end the maneuver, battle and canal answers) are always
// buttons, and every legal action is also in the full list of choices. Where an action is on the board is
// what the server names as its `targets` (ids of the catalogue's board); nothing here reads the engine's
// actions. Pointing at an action's button, or focusing it, lights up its targets on the board.

import { h, lightUp } from '../../lib/dom.js';
import { panZoom, zoomButtons } from '../../lib/panzoom.js';
import { actionButtons } from '../generic.js';
import { drawMap, HEIGHT, keepTokensLegible, LABEL_SIZE, legend, pointOf, regionWords, WIDTH } from './map.js';

import { drawRondel } from './rondel.js';
import { investPanel } from './invest.js';
import { nationsPanel, playersPanel } from './panels.js';

// What the player has picked so far, for the position it was picked in.
let picked = { version: null, region: null, to: null, bond: null };

// What each id of the board names: a region, a rondel space, a bond or a nation. Made once per board.
const kindsOfBoard = new WeakMap();
function pieceKinds(board) {
  let kinds = kindsOfBoard.get(board);
  if (!kinds) {
    kinds = new Map();
    for (const [list, kind] of [['regions', 'region'], ['rondel', 'space'], ['bonds', 'bond'], ['nations', 'nation']]) {
      for (const piece of board[list] ?? []) kinds.set(piece.id, kind);
    }
    kindsOfBoard.set(board, kinds);
  }
  return kinds;
}

/**
 * Where each legal action is on the board, from the targets the server names for it (ids of the board):
 * its regions in order (a move's origin, destination, then the seas of a convoy), its rondel space, its
 * bond. An action with none of these (pass, end, battle and canal answers) is a button only.
 */
function placesOf(board) {
  const kinds = pieceKinds(board);
  const of = (a, kind) => (a.targets ?? []).filter((id) => kinds.get(id) === kind);
  const regionsOf = (a) => of(a, 'region');
  const spaceOf = (a) => of(a, 'space')[0] ?? null;
  const bondOf = (a) => of(a, 'bond')[0] ?? null;
  const isGeneral = (a) => !regionsOf(a).length && !spaceOf(a) && !bondOf(a);
  return { regionsOf, spaceOf, bondOf, isGeneral };
}

export function render(ctx) {
  const { view, board, actions, act, busy, names, seat, version, redraw } = ctx;
  if (picked.version !== version) picked = { version, region: null, to: null, bond: null };
  const repick = (change) => {
    picked = { ...picked, ...change };
    redraw();
  };
  const { regionsOf, spaceOf, bondOf, isGeneral } = placesOf(board);

  // The actions the current pick narrows down to, and the places a click can still choose.
  const from = (a) => regionsOf(a)[0];
  const to = (a) => regionsOf(a)[1];
  let narrowed = null;
  const targets = new Set();
  if (picked.bond) {
    narrowed = actions.filter((a) => bondOf(a) === picked.bond);
  } else if (picked.region && picked.to) {
    narrowed = actions.filter((a) => from(a) === picked.region && to(a) === picked.to);
  } else if (picked.region) {
    narrowed = actions.filter((a) => from(a) === picked.region);
    for (const a of narrowed) if (to(a)) targets.add(to(a));
  } else {
    for (const a of actions) if (from(a)) targets.add(from(a));
  }

  const choose = (matching, more) => {
    if (matching.length === 1 && !more) act(matching[0].action);
    else return false;
    return true;
  };
  const onRegion = (id) => {
    if (picked.region === id && !picked.to) return repick({ region: null });
    if (!picked.region) {
      const matching = actions.filter((a) => from(a) === id);
      const moves = matching.some((a) => to(a));
      if (!choose(matching, moves)) repick({ region: id });
      return;
    }
    const matching = actions.filter((a) => from(a) === picked.region && to(a) === id);
    if (!choose(matching, false)) repick({ to: id });
  };
  const onBond = (key) => {
    const matching = actions.filter((a) => bondOf(a) === key);
    if (!choose(matching, false)) repick({ bond: key });
  };
  const spaces = new Map(actions.filter((a) => spaceOf(a)).map((a) => [spaceOf(a), a.action]));
  // While the investment dialog offers the bonds (one compact table at the top), the nations' lists do
  // not frame them as well: the decision's places then fit on a phone's screen.
  const offered = new Set(actions.map((a) => bondOf(a)).filter(Boolean));
  const investing = actions.some((a) => a.action.type === 'invest');
  const bonds = investing ? new Set() : offered;
  const general = actions.filter((a) => isGeneral(a));

  // While the pointer is on an action's button, or it has the focus, the pieces it touches are lit up on
  // the board (regions, convoy seas, rondel space, bond and nation). The page says which, for tests.
  let root = null;
  const hover = (ids) => lightUp(root, ids);

  const mapSelected = picked.region;
  const map = drawMap({ board, view, names, targets: picked.bond ? new Set() : targets, selected: mapSelected, onRegion });
  const zoom = panZoom(map, 'imperial2030', WIDTH, HEIGHT, { focus: capitalOf(board, view, seat), labelSize: LABEL_SIZE * (10 / 11) });
  keepTokensLegible(map);

  // The pick is on the page too, for tests and styles: "moscow→ukraine", "bond usa:9", or "".
  const pick = picked.bond ? `bond ${picked.bond}` : picked.region ? `${picked.region}${picked.to ? `→${picked.to}` : ''}` : '';
  // When the rondel is the decision, it comes first, above the map, where the eye lands.
  root = h('div', { class: spaces.size ? 'imperial rondel-turn' : 'imperial', 'data-pick': pick, 'data-hot': '' },
    investPanel({ board, view, actions, act, busy, seat, names, hover }),
    actions.length ? choicesPanel({ actions, act, busy, narrowed, general, picked, board, repick, hover, to }) : null,
    h('div', { class: 'table-top' },
      h('section', { class: 'card map-card', 'aria-labelledby': 'map-title' },
        h('div', { class: 'map-head' },
          h('h2', { id: 'map-title' }, 'World map'),
          zoomButtons(zoom)),
        h('div', { class: 'map-box' }, map),
        h('p', { class: 'map-help muted' }, 'Drag to pan once zoomed in; wheel or pinch to zoom. Names show once they are large enough to read.'),
        h('details', { class: 'legend-box', 'data-key': 'legend' }, h('summary', {}, 'Legend'), legend(board))),
      h('div', { class: 'table-side' },
        h('section', { class: 'card rondel-card', 'aria-labelledby': 'rondel-title' },
          h('h2', { id: 'rondel-title' }, 'Rondel'),
          drawRondel({ board, view, choices: spaces, onSpace: (id) => act(spaces.get(id)) })),
        nationsPanel({ board, view, names, bondChoices: bonds, bondOffers: offered, onBond, busy }))),
    playersPanel({ board, view, names, seat }));
  return root;
}

/**
 * What each place holds, in one word, for the page to mark what changed (web/lib/marks.js): each region's
 * factory, flag and pieces, each rondel space's markers, each bond's holder and each nation's treasury,
 * power and government.
 */
export function placeWords(view, board) {
  const words = regionWords(board, view);
  for (const space of board.rondel) {
    words.set(space.id, view.nations.filter((n) => n.rondel === space.id).map((n) => n.nation).sort().join());
  }
  const bondIds = new Map((board.bonds ?? []).map((b) => [`${b.nation}/${b.price}`, b.id]));
  for (const n of view.nations) {
    words.set(n.nation, [n.treasury, n.power, n.government].join());
    for (const [price, , holder] of n.bonds) words.set(bondIds.get(`${n.nation}/${price}`) ?? `${n.nation}:${price}`, String(holder));
  }
  return words;
}

/**
 * Where the map opens on a phone: the first home province (the capital) of a nation the viewer governs, or of
 * the nation on turn.
 */
function capitalOf(board, view, seat) {
  const governed = view.nations.find((n) => n.government === seat && seat !== null && seat !== undefined);
  const nationId = governed?.nation ?? view.turn;
  const capital = board.regions.find((r) => r.home === nationId);
  return capital ? pointOf(capital.id) : null;
}

/** The loose actions' list: the page puts it in its decision bar when they are a few (web/pages/game.js). */
function looseButtons(list) {
  list.dataset.loose = '';
  return list;
}

function choicesPanel({ actions, act, busy, narrowed, general, picked, board, repick, hover, to }) {
  const regionName = (id) => board.regions.find((r) => r.id === id)?.name ?? id;
  let hint;
  if (picked.bond) hint = 'Choose how to buy this bond:';
  else if (picked.to) hint = `${regionName(picked.region)} → ${regionName(picked.to)}: choose how.`;
  else if (picked.region) {
    hint = narrowed.some((a) => to(a))
      ? `From ${regionName(picked.region)}: click a framed region on the map to move there, or choose below.`
      : `${regionName(picked.region)}: choose below.`;
  } else hint = 'Click a framed region, rondel space or bond, or choose below.';
  return h('section', { class: 'card choices', 'aria-labelledby': 'choices-title' },
    h('div', { class: 'choices-head' }, h('h2', { id: 'choices-title' }, 'Your choices'), h('p', { class: 'hint' }, hint)),
    narrowed ? [
      actionButtons(narrowed, act, busy, { hover }),
      h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick({ region: null, to: null, bond: null }) }, 'Choose something else'),
    ] : looseButtons(actionButtons(general, act, busy, { hover })),
    h('details', { class: 'all-actions', 'data-key': 'all-actions' },
      h('summary', {}, `All ${actions.length} choices as a list`),
      actionButtons(actions, act, busy, { hover })));
}
