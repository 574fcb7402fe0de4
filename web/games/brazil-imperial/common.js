// Brazil: Imperial's common board, beside the map: the era and round (the solo scenario's three
// conditions and its 20 rounds), a battle under way (who fights where, the cards committed face down), the
// privilege display (six cards, two per back, each with its cost, VP and text; a card one may take is a
// button), the two city stacks with their top city, the decks and discard piles counted, and the scores
// so far by source.

import { h } from '../../lib/dom.js';
import { DUTCH, colour, roman } from './palette.js';
import { offerHtml } from './places.js';

const BACKS = ['red', 'red', 'pink', 'pink', 'blue', 'blue'];

export function commonPanel({ board, view, pl, map, names }) {
  const t = view.table;
  return h('section', { class: 'card brazil-common', 'aria-labelledby': 'common-title' },
    h('h2', { id: 'common-title' }, 'Common board'),
    t.players.length === 1 ? soloPanel(t) : null,
    battlePanel(view, board, map, names),
    displayPanel(board, view, pl),
    h('div', { class: 'common-row' }, citiesPanel(board, view), decksPanel(view)),
    scoresPanel(board, view, names));
}

/** The solo scenario: the round of 20, and the three conditions to meet by its end. */
function soloPanel(t) {
  const onMap = t.players[0].units.filter((x) => x && typeof x === 'object' && 'map' in x).length;
  const rows = [
    [t.era >= 3, `Era III has begun (now era ${roman(t.era)})`],
    [onMap >= 5, `All 5 units recruited and on the map (${onMap} of 5)`],
    [Boolean(t.dutch_taken), 'The Dutch capital taken'],
  ];
  const result = t.solo_won === true ? 'Won!' : t.solo_won === false ? 'Lost: the Dutch hold.' : null;
  return h('div', { class: 'solo-panel' },
    h('h3', {}, `Battle of the Guararapes Hills · round ${t.round} of 20`),
    h('ul', { class: 'conditions' }, rows.map(([ok, text]) => h('li', { class: ok ? 'met' : '' }, h('span', { 'aria-hidden': 'true' }, ok ? '✔ ' : '○ '), text, ok ? h('span', { class: 'visually-hidden' }, ' (met)') : null))),
    result ? h('p', { class: 'badge warn' }, result) : null);
}

/** A battle under way: the two sides, the hex, and the cards committed face down so far. */
function battlePanel(view, board, map, names) {
  const t = view.table;
  const b = (t.pending ?? []).map((p) => p.battle).filter(Boolean).pop();
  if (!b) return null;
  const who = (o) => (o === null || o === undefined ? 'the expedition' : o === DUTCH ? 'the Dutch' : names[o]);
  const hex = map.hexes[b.at];
  const place = map.places?.find((p) => p.hex === hex?.hex);
  const committed = (k, cards) => (cards ? `${cards.length} card${cards.length === 1 ? '' : 's'} committed` : view.committed?.[k] !== null && view.committed?.[k] !== undefined ? `${view.committed[k]} card${view.committed[k] === 1 ? '' : 's'} committed face down` : 'choosing cards…');
  const expedition = b.defender === null || b.defender === undefined;
  // Strength before cards (units, tokens, spaces, privileges): public, unlike the cards.
  const [attack, defence] = view.strengths ?? [];
  const strength = (n) => (n === undefined ? '' : ` (strength ${n} before cards)`);
  return h('div', { class: 'battle-panel', role: 'status' },
    h('h3', {}, `Battle at ${place ? `${place.name} (${hex.hex})` : hex?.hex ?? '?'}`),
    h('p', {}, h('strong', {}, who(b.attacker)), ` attacks${strength(attack)}: `, committed(0, b.attack_cards)),
    h('p', {}, h('strong', {}, who(b.defender)), expedition ? ` has strength ${defence ?? '?'}` : `${strength(defence)} defends: `,
      expedition || b.defender === DUTCH ? (b.defender === DUTCH ? 'one blind card per unit from the deck' : '') : committed(1, b.defence_cards)),
    h('p', { class: 'muted' }, expedition ? 'The attacker wins with at least the expedition\'s strength.' : 'The attacker wins only with more strength; a tie holds the hex.'));
}

/** The privilege display: six slots, two per back, and the piles left. */
function displayPanel(board, view, pl) {
  const t = view.table;
  const cards = new Map(board.privileges.map((c) => [c.id, c]));
  return h('div', { class: 'display' },
    h('h3', {}, 'Privilege display ', h('span', { class: 'muted small-note' },
      `piles: red ${view.privilege_piles?.[0] ?? 0} · pink ${view.privilege_piles?.[1] ?? 0} · blue ${view.privilege_piles?.[2] ?? 0}`)),
    h('ul', { class: 'display-cards' }, (t.display ?? []).map((id, k) => {
      const c = id ? cards.get(id) : null;
      if (!c) return h('li', {}, h('div', { class: `privilege-card empty back-${BACKS[k]}` }, 'empty'));
      const name = `${c.name} (${BACKS[k]}): costs ${c.cost}, ${c.vp} VP. ${c.text}`;
      return h('li', {}, offerHtml('div', `privilege:${c.id}`, name, pl, { class: `privilege-card back-${c.back ?? BACKS[k]}` },
        h('span', { class: 'card-head' }, h('strong', {}, c.name), h('span', { class: 'card-vp' }, `${c.vp} VP`)),
        h('span', { class: 'card-cost' }, `Cost: ${c.cost}`),
        h('span', { class: 'card-text' }, c.text)));
    })));
}

function citiesPanel(board, view) {
  const cities = new Map(board.cities.map((c) => [c.id, c]));
  const stacks = view.table.city_stacks ?? [];
  return h('div', { class: 'cities' },
    h('h3', {}, 'City stacks'),
    h('ul', { class: 'city-stacks' }, stacks.map((stack, k) => {
      const top = stack.length ? cities.get(stack[stack.length - 1]) : null;
      const under = view.city_stacks?.[k] ?? 0;
      return h('li', { class: 'city-stack', 'data-stack': k },
        top ? [h('strong', {}, top.name), ` · ${top.vp} VP · costs ${top.cost}`] : h('span', { class: 'muted' }, 'empty'),
        h('span', { class: 'muted' }, ` (${under} under it)`));
    })));
}

function decksPanel(view) {
  const t = view.table;
  return h('div', { class: 'decks' },
    h('h3', {}, 'Decks'),
    h('ul', { class: 'deck-list' },
      h('li', {}, `Battle cards: ${view.battle_deck} in the deck, ${(t.battle_discard ?? []).length} discarded`),
      h('li', {}, `Opportunity cards: ${view.opportunity_deck} in the deck, ${(t.opportunity_discard ?? []).length} discarded`),
      h('li', {}, `Goals: era I ${view.goal_decks?.[0] ?? 0} · era II ${view.goal_decks?.[1] ?? 0} · era III ${view.goal_decks?.[2] ?? 0}`)));
}

const SOURCES = [
  ['units', 'Un.', 'Units recruited'], ['items', 'It.', 'Items crafted'], ['privileges', 'Pr.', 'Privilege cards'],
  ['goals', 'Go.', 'Goals declared'], ['cards', 'Ca.', 'Opportunity cards'], ['finds', 'Ex.', 'Exploration tokens'],
  ['palaces', 'Pa.', 'Palaces'], ['tokens', 'To.', 'Tokens controlled'], ['bonuses', 'Bo.', 'Rulers\' and cards\' bonuses'],
];

/** The scores so far by source: a compact table, each source's full name in its heading's tooltip. */
function scoresPanel(board, view, names) {
  const t = view.table;
  if (!view.scores?.length) return null;
  return h('div', { class: 'scores' },
    h('h3', {}, 'Scores so far'),
    h('div', { class: 'table-wrap' }, h('table', { class: 'score-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'),
        SOURCES.map(([, short, long]) => h('th', { scope: 'col', class: 'num' }, h('abbr', { title: long }, short))),
        h('th', { scope: 'col', class: 'num' }, 'VP'))),
      h('tbody', {}, view.scores.map((sc, seat) => {
        const paint = colour(t.players[seat]?.colour);
        return h('tr', { title: names[seat] },
          h('th', { scope: 'row' }, h('span', { class: 'seat-disc small', style: `background:${paint.colour};color:${paint.ink}`, 'aria-hidden': 'true' }, paint.letter), ' ', paint.name),
          SOURCES.map(([k]) => h('td', { class: 'num' }, sc[k] ? String(sc[k]) : '·')),
          h('td', { class: 'num total' }, String(sc.total)));
      })))),
    h('p', { class: 'muted small-note' }, 'Tie-break: science-making buildings controlled.'));
}
