// The investment dialog: when the player may buy a bond, every bond they can afford in one table — the
// nation, price and interest, the bond traded in, what they pay, their cash after, and who governs the
// nation if nothing else changes (rulebook «Инвестор»: the player with the most invested in a nation governs
// it; a tie keeps the government where it is). Buying is one click; so is investing in nothing.

import { h } from '../../lib/dom.js';
import { nation } from './palette.js';

/** The table, or null when no investment is on offer. */
export function investPanel({ board, view, actions, act, busy, seat, names, hover }) {
  const buys = actions.filter((a) => a.action.type === 'invest');
  if (!buys.length) return null;
  const pass = actions.find((a) => a.action.type === 'pass_investment');
  const info = Object.fromEntries(board.nations.map((n) => [n.id, n]));
  const cash = view.players.find((p) => p.seat === seat)?.cash;
  // One of the choices' cards: the page brings it into view as it does the framed places.
  return h('section', { class: 'card invest choices', 'aria-labelledby': 'invest-title' },
    h('h2', { id: 'invest-title' }, 'Invest'),
    h('div', { class: 'table-wrap' }, h('table', {},
      h('thead', {}, h('tr', {}, ['Bond', 'Trade in', 'You pay', 'Cash after', 'Government after', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, buys.map((a) => {
        const { nation: id, price, trade_in: tradeIn } = a.action;
        const n = view.nations.find((x) => x.nation === id);
        const interest = n?.bonds.find(([p]) => p === price)?.[1];
        const pay = price - (tradeIn ?? 0);
        const p = nation(id);
        const row = h('tr', { 'data-key': `invest:${id}:${price}:${tradeIn ?? ''}` },
          h('th', { scope: 'row' }, h('span', { class: 'swatch', style: `background:${p.colour};color:${p.ink}` }, p.code), ' ',
            `${info[id]?.name ?? id} ${price}`, interest === undefined ? '' : h('span', { class: 'muted' }, ` (interest ${interest})`)),
          h('td', {}, tradeIn ? String(tradeIn) : '—'),
          h('td', { class: 'num' }, String(pay)),
          h('td', { class: 'num' }, cash === null || cash === undefined ? '?' : String(cash - pay)),
          h('td', {}, governmentAfter(n, seat, price, tradeIn, names)),
          h('td', {}, h('button', { type: 'button', class: 'primary', disabled: busy, 'data-key': `buy:${id}:${price}:${tradeIn ?? ''}`, onclick: () => act(a.action) }, 'Buy')));
        row.addEventListener('mouseenter', () => hover(a.targets ?? []));
        row.addEventListener('mouseleave', () => hover([]));
        return row;
      })))),
    pass ? h('button', { type: 'button', disabled: busy, 'data-key': 'invest:none', onclick: () => act(pass.action) }, pass.label) : null);
}

/** Who would govern `n` after this purchase, all else equal: the most invested, a tie keeping the government. */
function governmentAfter(n, seat, price, tradeIn, names) {
  if (!n) return '';
  const invested = new Map();
  for (const [p, , holder] of n.bonds) if (holder !== null) invested.set(holder, (invested.get(holder) ?? 0) + p);
  invested.set(seat, (invested.get(seat) ?? 0) + price - (tradeIn ?? 0));
  const government = n.government;
  const best = Math.max(...invested.values());
  const mine = invested.get(seat);
  if (government === seat) return 'You still govern';
  const theirs = government === null ? -1 : invested.get(government) ?? 0;
  if (mine > theirs && mine === best) return h('strong', {}, 'You would govern');
  return government === null ? 'Nobody yet' : `Still ${names[government]}`;
}
