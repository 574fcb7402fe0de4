// The tables beside the map: each nation's treasury, power and multiplier, government, rondel space,
// pieces and flags left and its bonds with their holders; each player's cash (unless hidden), bonds,
// governments and score if the game ended now. Bonds the player may buy now are buttons.

import { h } from '../../lib/dom.js';
import { tip } from '../../lib/tooltip.js';
import { nation } from './palette.js';
import { shortName } from './rondel.js';

/** "P2" for a seat, as the engine's log says "Player 2". */
const short = (seat) => (seat === null || seat === undefined ? '—' : `P${seat + 1}`);

export function nationsPanel({ board, view, names, bondChoices, bondOffers = new Set(), onBond, busy }) {
  const info = Object.fromEntries(board.nations.map((n) => [n.id, n]));
  // Each bond's board id ("russia:9"), the id an investment's targets name it by.
  const bondIds = new Map((board.bonds ?? []).map((b) => [`${b.nation}/${b.price}`, b.id]));
  const bondId = (n, price) => bondIds.get(`${n}/${price}`) ?? `${n}:${price}`;
  // The bonds one may buy are listed one by one: framed where a click buys them (`bondChoices`), plain
  // where the investment dialog offers them (`bondOffers`).
  const listed = (key) => bondChoices.has(key) || bondOffers.has(key);
  const space = Object.fromEntries(board.rondel.map((r) => [r.id, shortName(r)]));
  const fact = (term, value, words) => tip(h('span', { class: 'fact' }, h('span', { class: 'term' }, term), ' ', h('strong', {}, value)), words);
  return h('section', { class: 'card nations', 'aria-labelledby': 'nations-title' },
    h('h2', { id: 'nations-title' }, 'Nations'),
    h('ul', { class: 'nation-list' }, view.nations.map((n) => {
      const p = nation(n.nation);
      const name = info[n.nation].name;
      const onTurn = view.turn === n.nation && !view.outcome;
      const held = n.bonds.filter(([, , holder]) => holder !== null);
      const unsold = n.bonds.filter(([, , holder]) => holder === null);
      return h('li', {
        class: `nation-row${onTurn ? ' on-turn' : ''}`, 'data-nation': n.nation, 'data-target': n.nation, style: `border-left-color:${p.colour}`,
      },
        h('div', { class: 'nation-name' },
          h('span', { class: 'swatch', style: `background:${p.colour};color:${p.ink}` }, p.code), ' ',
          h('strong', {}, name), onTurn ? h('span', { class: 'badge turn' }, 'On turn') : null),
        h('div', { class: 'facts' },
          fact('Treasury', String(n.treasury)),
          fact('Power', `${n.power} ×${n.multiplier}`, `power ${n.power} of 25; score multiplier ×${n.multiplier}`),
          fact('Gov.', n.government === null ? 'none' : short(n.government), n.government === null ? 'no government' : `governed by ${names[n.government]}`),
          fact('Rondel', n.rondel ? space[n.rondel] : 'centre'),
          fact('Left', `${n.armies_left} armies, ${n.fleets_left} fleets, ${n.flags_left} flags`,
            `${n.armies_left} armies, ${n.fleets_left} fleets and ${n.flags_left} flags left in the box; ${n.factories.length} factories built`)),
        h('div', { class: 'bonds', role: 'group', 'aria-label': `${name}'s bonds: price/interest and holder` },
          h('span', { class: 'term' }, 'Bonds'),
          held.length ? null : h('span', {}, 'none sold;'),
          [...held, ...unsold.filter(([price]) => listed(bondId(n.nation, price)))].map(([price, interest, holder]) => {
            const key = bondId(n.nation, price);
            const text = holder === null ? `${price}/${interest}` : `${price}/${interest} ${short(holder)}`;
            const title = `${name} bond: price ${price}, interest ${interest}, ${holder === null ? 'not sold' : `held by ${names[holder]}`}`;
            if (bondChoices.has(key)) {
              return tip(h('button', {
                type: 'button', class: 'bond choice', 'data-key': `bond:${key}`, 'data-target': key, 'aria-label': `${title}. Buy it`,
                disabled: busy, onclick: () => onBond(key),
              }, text), title);
            }
            return tip(h('span', { class: holder === null ? 'bond free' : 'bond held', 'data-target': key }, text), title);
          }),
          unsold.some(([price]) => !listed(bondId(n.nation, price)))
            ? h('span', { class: 'for-sale' }, `for sale: ${unsold.filter(([price]) => !listed(bondId(n.nation, price))).map(([price]) => price).join(' ')}`)
            : null));
    })),
    h('p', { class: 'muted small' }, 'Left: pieces and flags still in the box. Bonds: price/interest and the holder (P1 = Player 1); framed ones you may buy now.'));
}

export function playersPanel({ board, view, names, seat }) {
  const info = Object.fromEntries(board.nations.map((n) => [n.id, n]));
  return h('section', { class: 'card players', 'aria-labelledby': 'players-title' },
    h('h2', { id: 'players-title' }, 'Players'),
    h('div', { class: 'table-wrap' }, h('table', {},
      h('thead', {}, h('tr', {},
        // Short headers so the score column fits a phone's width; the full meaning is in the note below.
        ['Player', 'Cash', 'Bonds', 'Governs', 'Score now'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, view.players.map((p) => h('tr', { class: p.seat === seat ? 'me' : '' },
        h('th', { scope: 'row' }, names[p.seat], p.seat === seat ? ' · you' : '',
          p.investor_card ? h('span', { class: 'badge' }, 'Investor card') : null,
          p.swiss_bank ? h('span', { class: 'badge' }, 'Swiss Bank') : null),
        h('td', {}, p.cash === null ? 'hidden' : String(p.cash)),
        h('td', {}, p.bonds.length ? p.bonds.map(([n, price]) => `${nation(n).code} ${price}`).join(', ') : 'none'),
        h('td', {}, p.governs.length ? p.governs.map((n) => info[n].name).join(', ') : '—'),
        h('td', {}, p.score === null ? `${p.bond_score} + cash` : String(p.score))))))),
    h('p', { class: 'muted small' }, 'Bonds: nation and price. Score now: the score if the game ended at this moment.'));
}
