// The players' boards ("mats"): for each seat its four attribute tracks (value, and the level each gives:
// build, grow, pay, cards), its coast of eight building slots (the building, and whether a disc is on its
// activation space), its cards (the ordinary slots, the governor slot, slavery cards set aside), its blue
// action tokens and brown trade tokens, its harbor and supply, where it is present, and its glory if the
// game ended now. The viewer's own mat comes first; on it, the coast slots and action tokens where a legal
// action is played are buttons (places.js).

import { h } from '../../lib/dom.js';
import { ATTRIBUTES, owner, token } from './palette.js';
import { NO_PLACES, offerHtml } from './places.js';

/** The coast: the starting building and one building a round. */
const COAST = 8;
/** A track drawn full at this value; the printed tracks run to 15 and extenders go beyond. */
const TRACK_TOP = 15;

export function matsPanel({ board, view, seat, names, pl }) {
  const game = view.game;
  const order = [...game.players.keys()];
  if (seat !== null && seat !== undefined && order.includes(seat)) order.sort((a, b) => (a === seat ? -1 : b === seat ? 1 : a - b));
  const lookup = {
    buildings: new Map(board.buildings.map((b) => [b.id, b])),
    cards: new Map(board.cards.map((c) => [c.id, c])),
  };
  return h('section', { class: 'mats', 'aria-label': "The players' boards" },
    order.map((s) => mat({ board, view, s, names, me: s === seat, pl: s === seat ? pl : NO_PLACES, lookup })));
}

function mat({ board, view, s, names, me, pl, lookup }) {
  const game = view.game;
  const p = game.players[s];
  const f = view.figures[s];
  const colours = owner(s);
  const acting = game.phase?.actions?.current === s;
  const activeSlot = acting ? game.turn?.via?.building?.slot : undefined;
  const title = names[s] ?? colours.name;
  return h('section', { class: `card mat${me ? ' me' : ''}`, 'data-seat': s, 'aria-labelledby': `mat-${s}` },
    h('header', { class: 'mat-head' },
      h('span', { class: 'owner-disc', style: `background:${colours.colour};color:${colours.ink}`, 'aria-hidden': 'true' }, colours.letter),
      h('h3', { id: `mat-${s}` }, title, me ? ' · you' : ''),
      game.crown === s ? h('span', { class: 'badge', title: 'Holds the crown: goes first in every phase this round' }, '♛ Crown') : null,
      p.passed && game.phase?.actions ? h('span', { class: 'badge done' }, 'Passed') : null,
      h('span', { class: 'glory', title: gloryWords(f.score) }, h('span', { class: 'term' }, 'Glory now'), ' ', h('strong', {}, String(f.score.total)))),
    h('div', { class: 'mat-tracks' }, ATTRIBUTES.map((a, i) => attributeTrack(a, f.attributes[i], f.levels[i], f.score.tracks[i], p, i))),
    h('div', { class: 'mat-section' },
      h('h4', {}, 'Coast'),
      h('ol', { class: 'coast' }, [...Array(COAST).keys()].map((i) => coastSlot(p.coast[i], i, { pl, lookup, active: activeSlot === i }))),
    ),
    h('div', { class: 'mat-section mat-cards' },
      h('h4', { title: 'Cards held, and how many may be kept at the Discard phase (from Influence)' }, `Cards ${p.cards.length} (limit ${f.card_cap})`),
      h('ul', { class: 'card-list' },
        p.cards.length ? p.cards.map((id) => h('li', {}, cardChip(lookup.cards.get(id) ?? { id, name: id, effect: '' }))) : h('li', { class: 'muted' }, 'none')),
      h('p', { class: 'governor-slot' }, h('span', { class: 'term' }, 'Governor slot: '),
        p.governor ? cardChip(lookup.cards.get(p.governor)) : h('span', { class: 'muted', title: 'An empty governor slot is worth 3 glory at the end' }, 'empty')),
      p.set_aside.length ? h('p', { class: 'set-aside' }, h('span', { class: 'term' }, 'Set aside (−1 glory each): '),
        p.set_aside.map((id) => cardChip(lookup.cards.get(id)))) : null),
    h('div', { class: 'mat-section mat-harbor' },
      h('p', {},
        h('span', { class: 'fact' }, h('span', { class: 'term' }, 'Harbor'), ' ', h('strong', { 'data-count': 'harbor' }, String(p.harbor))),
        h('span', { class: 'fact' }, h('span', { class: 'term' }, 'Supply'), ' ', h('strong', { 'data-count': 'supply' }, String(p.supply)))),
      actionTokens(p.actions, pl),
      tradeTokens(p),
      presence(board, f.presence)));
}

function gloryWords(score) {
  return `Glory if the game ended now: tracks ${score.tracks.join(' + ')}, cities and routes ${score.cities_and_routes}, `
    + `buildings and cards ${score.buildings_and_cards}, harbor ${score.harbor}, slavery −${score.slavery}`;
}

function attributeTrack(a, value, level, glory, p, i) {
  const sources = [];
  if (p.tokens[i]) sources.push(`${p.tokens[i]} from tokens`);
  if (p.memorial[i]) sources.push(`${p.memorial[i]} from Memorial discs`);
  const title = `${a.name} ${value}: ${a.level} ${level}; ${glory} glory at the end${sources.length ? `; ${sources.join(', ')}` : ''}`;
  return h('div', { class: `attr attr-${a.id}`, title },
    h('span', { class: 'attr-name' }, a.name),
    h('span', { class: 'attr-bar', 'aria-hidden': 'true' },
      h('span', { class: 'attr-fill', style: `width:${Math.min(100, (100 * value) / TRACK_TOP)}%` })),
    h('strong', { class: 'attr-value' }, String(value)),
    h('span', { class: 'attr-level' }, `${a.level} ${level}`));
}

function coastSlot(built, i, { pl, lookup, active }) {
  const key = `slot:${i}`;
  if (!built) {
    return h('li', {}, offerHtml('div', key, `Coast slot ${i + 1}: empty`, pl, { class: 'coast-slot empty' },
      h('span', { class: 'slot-number' }, String(i + 1))));
  }
  const b = lookup.buildings.get(built.building) ?? { name: built.building, effect: '' };
  const name = `Coast slot ${i + 1}: ${b.name} (${b.effect}); ${built.disc ? 'a disc on its activation space' : 'its activation space is free'}`;
  return h('li', {}, offerHtml('div', key, name, pl, { class: `coast-slot${built.disc ? ' has-disc' : ''}${active ? ' active' : ''}` },
    h('span', { class: 'slot-number' }, String(i + 1)),
    h('span', { class: 'building-name' }, b.name),
    h('span', { class: 'activation', 'aria-hidden': 'true' }, built.disc ? '●' : '○')));
}

/** A deal card or governor: its name, with its value and effect as its title. */
export function cardChip(card) {
  if (!card) return null;
  return h('span', { class: `card-chip${card.governor ? ' governor' : ''}`, title: `${card.name}: ${card.effect}` },
    card.name, card.governor ? null : h('span', { class: 'card-value' }, String(card.value)));
}

function actionTokens(kinds, pl) {
  if (!kinds.length) return h('p', { class: 'muted action-tokens' }, 'No action tokens');
  return h('p', { class: 'action-tokens' }, h('span', { class: 'term' }, 'Action tokens: '),
    kinds.map((kind) => offerHtml('span', `token:${kind}`, token(kind).name, pl, { class: 'token-chip blue' }, token(kind).code)));
}

function tradeTokens(p) {
  const held = ATTRIBUTES.map((a, i) => [a, p.tokens[i] + p.memorial[i]]).filter(([, n]) => n > 0);
  if (!held.length) return null;
  return h('p', { class: 'trade-tokens' }, h('span', { class: 'term' }, 'Trade tokens: '),
    held.map(([a, n]) => h('span', { class: 'token-chip', title: `${n} toward ${a.name}` }, `${token(a.id).code} ${n}`)));
}

function presence(board, counts) {
  const here = board.zones.map((z, i) => [z.name, counts[i]]).filter(([, n]) => n > 0);
  return h('p', { class: 'presence' }, h('span', { class: 'term' }, 'Presence: '),
    here.length ? here.map(([name, n]) => `${name} ${n}`).join(' · ') : 'none yet (everyone is present in Europe)');
}
