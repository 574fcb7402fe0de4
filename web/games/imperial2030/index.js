// The Imperial 2030 game page: the world map, the rondel, the nations and the players, with the legal
// actions placed where a player of the board game looks for them. A rondel space, a bond or a region is
// clicked to choose it; a move is two clicks, origin then destination. When a click could mean several
// actions (an army entering hostile or friendly, by one convoy or another), the choices for that place are
// listed as buttons. Actions about no place (pass, end the maneuver, battle and canal answers) are always
// buttons, and every legal action is also in the full list below the map.

import { h } from '../../lib/dom.js';
import { actionButtons } from '../generic.js';
import { drawMap, legend } from './map.js';
import { drawRondel } from './rondel.js';
import { nationsPanel, playersPanel } from './panels.js';
import { bondOf, isGeneral, regionsOf, spaceOf } from './targets.js';

// What the player has picked so far, for the position it was picked in.
let picked = { version: null, region: null, to: null, bond: null };

export function render(ctx) {
  const { view, board, actions, act, busy, names, seat, version, redraw } = ctx;
  if (picked.version !== version) picked = { version, region: null, to: null, bond: null };
  const repick = (change) => {
    picked = { ...picked, ...change };
    redraw();
  };

  // The actions the current pick narrows down to, and the places a click can still choose.
  const from = (a) => regionsOf(a)[0];
  let narrowed = null;
  const targets = new Set();
  if (picked.bond) {
    narrowed = actions.filter((a) => bondOf(a.action) === picked.bond);
  } else if (picked.region && picked.to) {
    narrowed = actions.filter((a) => from(a.action) === picked.region && regionsOf(a.action)[1] === picked.to);
  } else if (picked.region) {
    narrowed = actions.filter((a) => from(a.action) === picked.region);
    for (const a of narrowed) if (regionsOf(a.action)[1]) targets.add(regionsOf(a.action)[1]);
  } else {
    for (const a of actions) if (from(a.action)) targets.add(from(a.action));
  }

  const choose = (matching, more) => {
    if (matching.length === 1 && !more) act(matching[0].action);
    else return false;
    return true;
  };
  const onRegion = (id) => {
    if (picked.region === id && !picked.to) return repick({ region: null });
    if (!picked.region) {
      const matching = actions.filter((a) => from(a.action) === id);
      const moves = matching.some((a) => regionsOf(a.action).length > 1);
      if (!choose(matching, moves)) repick({ region: id });
      return;
    }
    const matching = actions.filter((a) => from(a.action) === picked.region && regionsOf(a.action)[1] === id);
    if (!choose(matching, false)) repick({ to: id });
  };
  const onBond = (key) => {
    const matching = actions.filter((a) => bondOf(a.action) === key);
    if (!choose(matching, false)) repick({ bond: key });
  };
  const spaces = new Map(actions.filter((a) => spaceOf(a.action)).map((a) => [spaceOf(a.action), a.action]));
  const bonds = new Set(actions.map((a) => bondOf(a.action)).filter(Boolean));
  const general = actions.filter((a) => isGeneral(a.action));

  const mapSelected = picked.region;
  const map = drawMap({ board, view, names, targets: picked.bond ? new Set() : targets, selected: mapSelected, onRegion });

  // The pick is on the page too, for tests and styles: "moscow→ukraine", "bond usa:9", or "".
  const pick = picked.bond ? `bond ${picked.bond}` : picked.region ? `${picked.region}${picked.to ? `→${picked.to}` : ''}` : '';
  return h('div', { class: 'imperial', 'data-pick': pick },
    actions.length ? choicesPanel({ actions, act, busy, narrowed, general, picked, board, repick }) : null,
    h('div', { class: 'table-top' },
      h('section', { class: 'card map-card', 'aria-labelledby': 'map-title' },
        h('h2', { id: 'map-title' }, 'World map'),
        h('div', { class: 'map-scroll' }, map),
        h('details', { class: 'legend-box' }, h('summary', {}, 'Legend'), legend(board))),
      h('div', { class: 'table-side' },
        h('section', { class: 'card rondel-card', 'aria-labelledby': 'rondel-title' },
          h('h2', { id: 'rondel-title' }, 'Rondel'),
          drawRondel({ board, view, choices: spaces, onSpace: (id) => act(spaces.get(id)) })),
        nationsPanel({ board, view, names, bondChoices: bonds, onBond, busy }))),
    playersPanel({ board, view, names, seat }));
}

function choicesPanel({ actions, act, busy, narrowed, general, picked, board, repick }) {
  const regionName = (id) => board.regions.find((r) => r.id === id)?.name ?? id;
  let hint;
  if (picked.bond) hint = 'Choose how to buy this bond:';
  else if (picked.to) hint = `${regionName(picked.region)} → ${regionName(picked.to)}: choose how.`;
  else if (picked.region) {
    hint = narrowed.some((a) => regionsOf(a.action).length > 1)
      ? `From ${regionName(picked.region)}: click a framed region on the map to move there, or choose below.`
      : `${regionName(picked.region)}: choose below.`;
  } else hint = 'Click a framed region, rondel space or bond, or choose below.';
  return h('section', { class: 'card choices', 'aria-labelledby': 'choices-title' },
    h('div', { class: 'choices-head' }, h('h2', { id: 'choices-title' }, 'Your choices'), h('p', { class: 'hint' }, hint)),
    narrowed ? [
      actionButtons(narrowed, act, busy),
      h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick({ region: null, to: null, bond: null }) }, 'Choose something else'),
    ] : actionButtons(general, act, busy),
    h('details', { class: 'all-actions' },
      h('summary', {}, `All ${actions.length} choices as a list`),
      actionButtons(actions, act, busy)));
}
