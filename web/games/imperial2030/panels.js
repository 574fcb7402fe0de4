// The tables beside the map: each nation's treasury, power and multiplier, government, rondel space,
// pieces and flags left and its bonds with their holders; each player's cash (unless hidden), bonds,
// governments and score if the game ended now. Bonds the player may buy now are buttons.

import { h } from '../../lib/dom.js';
import { nation } from './palette.js';
import { shortName } from './rondel.js';

/** "P2" for a seat, as the engine's log says "Player 2". */
const short = (seat) => (seat === null || seat === undefined ? '—' : `P${seat + 1}`);

export function nationsPanel({ board, view, names, bondChoices, onBond, busy }) {
  const info = Object.fromEntries(board.nations.map((n) => [n.id, n]));
  const space = Object.fromEntries(board.rondel.map((r) => [r.id, shortName(r)]));
  return h('section', { class: 'card nations', 'aria-labelledby': 'nations-title' },
    h('h2', { id: 'nations-title' }, 'Nations'),
    h('div', { class: 'nation-grid' }, view.nations.map((n) => {
      const p = nation(n.nation);
      const onTurn = view.turn === n.nation && !view.outcome;
      return h('div', { class: `nation-card${onTurn ? ' on-turn' : ''}`, 'data-nation': n.nation, style: `border-color:${p.colour}` },
        h('h3', {},
          h('span', { class: 'swatch', style: `background:${p.colour};color:${p.ink}` }, p.code), ' ',
          info[n.nation].name,
          onTurn ? h('span', { class: 'badge turn' }, 'On turn') : null),
        h('dl', { class: 'facts' },
          h('dt', {}, 'Treasury'), h('dd', {}, String(n.treasury)),
          h('dt', {}, 'Power'), h('dd', {}, `${n.power} / 25 (×${n.multiplier})`),
          h('dt', {}, 'Government'), h('dd', {}, n.government === null ? 'none' : names[n.government]),
          h('dt', {}, 'Rondel'), h('dd', {}, n.rondel ? space[n.rondel] : 'not yet placed'),
          h('dt', {}, 'Left'), h('dd', {}, `${n.armies_left} armies, ${n.fleets_left} fleets, ${n.flags_left} flags`),
          h('dt', {}, 'Factories'), h('dd', {}, String(n.factories.length))),
        h('div', { class: 'bonds', role: 'group', 'aria-label': `${info[n.nation].name}'s bonds: price, interest and holder` },
          n.bonds.map(([price, interest, holder]) => {
            const key = `${n.nation}:${price}`;
            const text = `${price}/${interest} ${short(holder)}`;
            const title = `${info[n.nation].name} bond: price ${price}, interest ${interest}, ${holder === null ? 'not sold' : `held by ${names[holder]}`}`;
            if (bondChoices.has(key)) {
              return h('button', {
                type: 'button', class: 'bond choice', 'data-key': `bond:${key}`, title, 'aria-label': `${title}. Buy it`,
                disabled: busy, onclick: () => onBond(key),
              }, text);
            }
            return h('span', { class: holder === null ? 'bond free' : 'bond held', title }, text);
          })));
    })));
}

export function playersPanel({ board, view, names, seat }) {
  const info = Object.fromEntries(board.nations.map((n) => [n.id, n]));
  return h('section', { class: 'card players', 'aria-labelledby': 'players-title' },
    h('h2', { id: 'players-title' }, 'Players'),
    h('div', { class: 'table-wrap' }, h('table', {},
      h('thead', {}, h('tr', {},
        ['Player', 'Cash', 'Bonds (nation price)', 'Governs', 'Score if it ended now'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, view.players.map((p) => h('tr', { class: p.seat === seat ? 'me' : '' },
        h('th', { scope: 'row' }, names[p.seat], p.seat === seat ? ' · you' : '',
          p.investor_card ? h('span', { class: 'badge' }, 'Investor card') : null,
          p.swiss_bank ? h('span', { class: 'badge' }, 'Swiss Bank') : null),
        h('td', {}, p.cash === null ? 'hidden' : String(p.cash)),
        h('td', {}, p.bonds.length ? p.bonds.map(([n, price]) => `${nation(n).code} ${price}`).join(', ') : 'none'),
        h('td', {}, p.governs.length ? p.governs.map((n) => info[n].name).join(', ') : '—'),
        h('td', {}, p.score === null ? `${p.bond_score} + cash` : String(p.score))))))));
}
