// Beside the players' boards: the building organizer by level (each building with the copies left and
// what it gives; the starting buildings while they are chosen), the face-up discard pile by Europe, and
// the Silent Fleet's discs left when it plays. A building or card where a legal action is played (build,
// start, material shortage, draw) is a button (places.js).

import { h } from '../../lib/dom.js';
import { cardChip } from './mats.js';
import { offerHtml } from './places.js';

const LEVELS = [1, 2, 3, 4, 5];

export function organizerPanel({ board, game, pl }) {
  const tile = (b, i) => {
    const left = b.start ? null : game.stock[i];
    const name = `${b.name}: ${b.effect}${left === null ? '' : `; ${left} left`}`;
    return offerHtml('div', `building:${b.id}`, name, pl, { class: `building-tile${left === 0 ? ' gone' : ''}` },
      h('span', { class: 'building-name' }, b.name),
      left === null ? null : h('span', { class: 'copies' }, `×${left}`),
      h('span', { class: 'building-effect' }, b.effect.replace(/^(level \d+|starting building)(, )?/, '')));
  };
  const buildings = board.buildings.map((b, i) => ({ b, i }));
  // Level 5 shows only the three tiles drawn face up (the others have no copies from the start).
  const column = (level) => buildings.filter(({ b, i }) => !b.start && b.level === level && (level < 5 || game.stock[i] > 0));
  const choosing = game.phase && typeof game.phase === 'object' && 'start' in game.phase;
  return h('section', { class: 'card organizer', 'aria-labelledby': 'organizer-title' },
    h('h2', { id: 'organizer-title' }, 'Building organizer'),
    choosing ? h('div', { class: 'level start-level' },
      h('h3', {}, 'Starting building'),
      buildings.filter(({ b }) => b.start).map(({ b, i }) => tile(b, i))) : null,
    h('div', { class: 'levels' }, LEVELS.map((level) => h('div', { class: 'level', 'data-level': level },
      h('h3', {}, `Level ${level}`),
      column(level).map(({ b, i }) => tile(b, i))))));
}

export function pilePanel({ board, game, pl }) {
  const cards = new Map(board.cards.map((c) => [c.id, c]));
  const fleet = game.config?.silent_fleet;
  return h('section', { class: 'card pile', 'aria-labelledby': 'pile-title' },
    h('h2', { id: 'pile-title' }, 'Discard pile'),
    game.discards.length
      ? h('ul', { class: 'card-list' }, game.discards.map((id) => {
        const card = cards.get(id);
        return h('li', {}, offerHtml('span', `card:${id}`, `${card.name} (${card.effect}) in the discard pile`, pl, { class: 'pile-card' }, cardChip(card)));
      }))
      : h('p', { class: 'muted' }, 'Empty. Discarded cards lie here face up; a Draw may take any of them with enough presence in Europe.'),
    game.abolished ? h('p', { class: 'badge warn' }, 'Slavery is abolished') : null,
    fleet ? [
      h('h2', { id: 'fleet-title' }, 'The Silent Fleet'),
      h('p', { 'data-count': 'fleet' }, `${game.fleet_supply} discs left`),
      h('p', { class: 'muted small' }, [
        'It answers each of your actions.',
        fleet.occupy_restriction ? 'It occupies only where you just occupied.' : null,
        fleet.ignore_tokens ? 'It ignores action tokens.' : null,
        fleet.material_shortage ? 'Material shortage: a building leaves the organizer before each Build.' : null,
      ].filter(Boolean).join(' ')),
    ] : null);
}
