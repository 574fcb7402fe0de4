// What each power holds in front of it. One's own: the event cards in hand, each with its number, era,
// the version one plays (title and text), its bonus and when the bonus applies; the ministries face up or
// face down with their abilities (and, while they are chosen, the ministries one may take); the basic and
// bonus war tiles still in the pools. The opponent's: backs with counts, and its face-up ministries. A
// card or ministry one may play, set aside, discard, choose, reveal or use now is a button.

import { h } from '../../lib/dom.js';
import { offerHtml } from '../../lib/places.js';
import { tip } from '../../lib/tooltip.js';
import { AP, POWERS, flag } from './palette.js';
import { kindOf } from './places.js';

const ERA = { succession: 'Succession', empire: 'Empire', revolution: 'Revolution' };

/** The version of `card` that `power` plays: its own, or the common one. */
export const versionFor = (card, power) => card.versions.common ?? card.versions[power] ?? {};

/** An event card's face, for `power`. */
function cardFace(card, power) {
  const v = versionFor(card, power);
  return [
    h('span', { class: 'card-head' }, h('span', { class: 'card-no' }, `№${card.number}`), ' ', h('strong', {}, card.name),
      h('span', { class: 'card-era' }, ERA[card.era] ?? card.era)),
    v.title ? h('span', { class: 'card-title' }, v.title) : null,
    h('span', { class: 'card-text' }, v.text),
    card.action ? h('span', { class: 'card-need' }, `Needs ${card.action === 'economic' ? 'an' : 'a'} ${AP[card.action]?.name ?? card.action} major action`) : null,
    v.bonus ? h('span', { class: 'card-bonus' }, h('strong', {}, 'Bonus'), card.bonus_if ? ` (${card.bonus_if})` : '', `: ${v.bonus}`) : null,
  ];
}

/** A card's words for its tooltip and accessible name. */
function cardWords(card, power) {
  const v = versionFor(card, power);
  return `${card.name}${v.title ? ` — ${v.title}` : ''}: ${v.text}${v.bonus ? ` Bonus${card.bonus_if ? ` (${card.bonus_if})` : ''}: ${v.bonus}` : ''}`;
}

/** A ministry card's face: name, keywords, abilities (exhausted ones marked), face up or down. */
function ministryFace(m, slot) {
  return [
    h('span', { class: 'card-head' }, h('strong', {}, m.name),
      slot ? h('span', { class: `badge ${slot.revealed ? 'face-up' : 'face-down'}` }, slot.revealed ? 'face up' : 'face down') : null),
    m.keywords.length ? h('span', { class: 'card-era' }, m.keywords.join(', ')) : null,
    m.abilities.map((text, i) => h('span', { class: `card-text${slot?.exhausted?.[i] ? ' exhausted' : ''}` },
      m.abilities.length > 1 ? `${i + 1}. ` : '', text, slot?.exhausted?.[i] ? ' (exhausted)' : '')),
  ];
}

const ministryWords = (m, slot) => `${m.name}${slot ? (slot.revealed ? ' (face up)' : ' (face down)') : ''}: ${m.abilities.join(' ')}`;

/** Your hand, ministries and war tiles; the ministries you may choose from while they are chosen. */
export function myPanel({ view, board, pl, power, actions }) {
  const me = view.powers[POWERS.indexOf(power)];
  const cards = new Map(board.components.cards.map((c) => [c.id, c]));
  const ministries = new Map(board.components.ministries.map((m) => [m.id, m]));
  const aside = view.phase?.Deal?.aside?.[POWERS.indexOf(power)] ?? [];
  const held = new Set(me.ministries.map((m) => m.card));
  const offered = [...new Set(actions.filter((a) => ['pick_ministry', 'swap_ministry'].includes(kindOf(a.action)))
    .map((a) => (kindOf(a.action) === 'pick_ministry' ? a.action.pick_ministry : a.action.swap_ministry.into)))]
    .filter((id) => !held.has(id));
  const card = (id) => {
    const c = cards.get(id);
    if (!c) return h('li', {}, id);
    return h('li', {}, offerHtml('div', `card:${id}`, cardWords(c, power), pl, { class: 'event-card', tip: cardWords(c, power) }, cardFace(c, power)));
  };
  const ministry = (slot) => {
    const m = ministries.get(slot.card);
    if (!m) return h('li', {}, slot.card);
    return h('li', {}, offerHtml('div', `ministry:${m.id}`, ministryWords(m, slot), pl,
      { class: `ministry-card ${slot.revealed ? 'face-up' : 'face-down'}`, tip: ministryWords(m, slot) }, ministryFace(m, slot)));
  };
  return h('section', { class: `card is-mine ${power}`, 'aria-labelledby': 'is-mine-title' },
    h('h2', { id: 'is-mine-title' }, h('span', { class: `flag-chip ${power}`, 'aria-hidden': 'true' }, flag(power).letter), ` Your hand and ministries (${flag(power).name})`),
    offered.length ? offeredMinistries(offered, ministries, pl) : null,
    h('h3', {}, `Event cards (${me.hand_count})`),
    me.hand?.length ? h('ul', { class: 'card-row' }, me.hand.map(card)) : h('p', { class: 'muted' }, 'No cards in hand.'),
    aside.length ? [h('h3', {}, 'Set aside'), h('ul', { class: 'card-row aside' }, aside.map(card))] : null,
    h('h3', {}, 'Ministries'),
    me.ministries.length ? h('ul', { class: 'card-row' }, me.ministries.map(ministry)) : h('p', { class: 'muted' }, 'None chosen yet.'),
    warTilePools(me, board));
}

/** The ministries one may take now (or take in exchange), each a button when it may be chosen. */
function offeredMinistries(offered, ministries, pl) {
  return [h('h3', {}, 'Ministries you may take'), h('ul', { class: 'card-row offered' }, offered.map((id) => {
    const m = ministries.get(id);
    const key = pl.at(`ministry:${id}`).length ? `ministry:${id}` : `offer:${id}`;
    return h('li', {}, offerHtml('div', key, ministryWords(m), pl, { class: 'ministry-card offer', tip: ministryWords(m) }, ministryFace(m, null)));
  }))];
}

/** The war tiles one has not placed: basic ones by value, bonus ones of the next war by name. */
function warTilePools(me, board) {
  const basic = board.components.basic_tiles;
  const bonus = board.components.bonus_tiles;
  const counts = new Map();
  for (const k of me.basic_pool ?? []) counts.set(k, (counts.get(k) ?? 0) + 1);
  return h('p', { class: 'pools muted' },
    h('strong', {}, 'War tiles in your pools: '),
    `basic ${[...counts].map(([k, n]) => `${basic[k]?.text ?? k} ×${n}`).join(', ') || 'none'}`,
    `; bonus ${me.bonus_pool_count} undrawn`,
    me.bonus_pool?.length ? tip(h('span', {}, ' (point at or tap to list)'), me.bonus_pool.map((b) => bonus[b]?.text ?? b).join('; ')) : null,
    me.basic_removed?.length ? `; removed: ${me.basic_removed.map((k) => basic[k]?.text ?? k).join(', ')}` : '');
}

/** The opponent's hidden things as backs with counts, and its face-up ministries. */
export function opponentPanel({ view, board, power, who }) {
  const p = view.powers[POWERS.indexOf(power)];
  const ministries = new Map(board.components.ministries.map((m) => [m.id, m]));
  const backs = (n, what, cls) => tip(h('li', { class: `back ${cls}` },
    h('span', { class: 'back-stack', 'aria-hidden': 'true' }, Array.from({ length: Math.min(n, 5) }, () => h('span', { class: 'back-card' }))),
    h('span', {}, h('strong', {}, String(n)), ` ${what}`)), `${n} ${what}, face down`);
  const up = p.ministries.filter((m) => m.revealed);
  return h('section', { class: `card is-opponent ${power}`, 'aria-labelledby': 'is-opp-title' },
    h('h2', { id: 'is-opp-title' }, h('span', { class: `flag-chip ${power}`, 'aria-hidden': 'true' }, flag(power).letter), ` ${flag(power).name}${who ? ` ${who}` : ''}`),
    h('ul', { class: 'backs' },
      backs(p.hand_count, p.hand_count === 1 ? 'event card' : 'event cards', 'cards'),
      backs(p.face_down, p.face_down === 1 ? 'ministry face down' : 'ministries face down', 'ministries'),
      backs(p.bonus_pool_count, 'bonus war tiles undrawn', 'tiles'),
      backs(p.basic_pool_count, 'basic war tiles in the pool', 'tiles')),
    up.length ? h('ul', { class: 'card-row' }, up.map((slot) => {
      const m = ministries.get(slot.card);
      return m ? h('li', {}, tip(h('div', { class: 'ministry-card face-up', 'data-target': `ministry:${m.id}` }, ministryFace(m, slot)), ministryWords(m, slot))) : null;
    })) : null);
}

