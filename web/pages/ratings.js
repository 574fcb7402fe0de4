// A game's leaderboard (#/ratings/endeavor, #/ratings/imperial-struggle?side=France): people and bot
// levels, best first, from rated games only. Where a game's seats are sides, each side has a board of its
// own beside the overall one. The rating shown is the estimate less three uncertainties, so a newcomer
// starts near 0 and climbs as games make the estimate surer. Bot accounts (programs people entered) have a
// board of their own (#/ratings/endeavor?pool=bots).

import { get } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { botLevel } from '../games/registry.js';

const PAGE = 50;

export async function show(root, session, gameId, query) {
  let catalogue;
  try {
    catalogue = await get('/api/catalogue');
  } catch (e) {
    notify(e.message);
    return;
  }
  const game = catalogue.some((g) => g.id === gameId) ? gameId : catalogue[0]?.id;
  const side = query.get('side') || '';
  const pool = query.get('pool') === 'bots' ? 'bots' : 'people';
  const offset = Math.max(0, Math.min(100000, Number.parseInt(query.get('offset') || '0', 10) || 0));
  const params = new URLSearchParams({ limit: PAGE, offset });
  if (side) params.set('side', side);
  if (pool === 'bots') params.set('pool', pool);
  let board;
  try {
    board = await get(`/api/ratings/${encodeURIComponent(game)}?${params}`);
  } catch (e) {
    notify(e.message);
    replace(root, h('p', {}, 'The ratings could not be loaded. ', h('a', { href: '#/ratings' }, 'Try again')));
    return;
  }
  const link = (g, s, o = 0, p = pool) => {
    const q = new URLSearchParams();
    if (s) q.set('side', s);
    if (p === 'bots') q.set('pool', p);
    if (o) q.set('offset', o);
    return `#/ratings/${g}${q.size ? `?${q}` : ''}`;
  };
  const tabs = (items, label) => h('nav', { class: 'tabs', 'aria-label': label },
    label === 'Sides' ? h('span', { class: 'muted' }, 'Board:') : null,
    items.map(([href, text, on]) => h('a', { href, class: on ? 'tab on' : 'tab', 'aria-current': on ? 'page' : null }, text)));
  replace(root, h('div', { class: 'ratings' },
    h('h1', {}, `Ratings: ${board.name}${board.side ? `, as ${board.side}` : ''}`),
    tabs(catalogue.map((g) => [link(g.id), g.name, g.id === game]), 'Games'),
    tabs([[link(game, side, 0, 'people'), 'People', pool === 'people'],
      [link(game, side, 0, 'bots'), 'Bot accounts', pool === 'bots']], 'Pools'),
    board.sides.length ? tabs([[link(game), 'Every side', !board.side],
      ...board.sides.map((s) => [link(game, s), `As ${s}`, s === board.side])], 'Sides') : null,
    h('section', { class: 'card', 'aria-labelledby': 'board-title' },
      h('h2', { id: 'board-title' }, board.total === 1 ? '1 rated player' : `${board.total} rated players`),
      board.players.length ? standings(board) : h('p', { class: 'muted' },
        'Nobody is rated here yet: ratings come from rated games once they end.'),
      pager(board, (o) => link(game, board.side, o))),
    h('p', { class: 'muted' }, 'Weng-Lin (OpenSkill) ratings. The rating is μ − 3σ: the estimate of strength less ',
      'three times its uncertainty, which shrinks with every game. Bots are rated by level.')));
}

function standings(board) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'standings' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Player'),
      h('th', { scope: 'col', class: 'num' }, 'Rating'), h('th', { scope: 'col', class: 'num' }, 'μ ± σ'),
      h('th', { scope: 'col', class: 'num' }, 'Games'))),
    h('tbody', {}, board.players.map((p, i) => h('tr', {},
      h('td', {}, board.offset + i + 1),
      h('td', {}, p.player ? h('a', { href: `#/player/${encodeURIComponent(p.player)}` }, p.player)
        : h('span', { class: 'bot' }, `Bot: ${botLevel(p.bot)}`),
      p.bot_owner ? h('span', { class: 'badge bot-account' }, `Bot · ${p.bot_owner}`) : null),
      h('td', { class: 'num' }, p.rating.toFixed(1)),
      h('td', { class: 'num muted' }, `${p.mu.toFixed(1)} ± ${p.sigma.toFixed(1)}`),
      h('td', { class: 'num' }, p.games))))));
}

function pager(board, at) {
  const before = board.offset > 0 ? h('a', { href: at(Math.max(0, board.offset - PAGE)) }, '← Better rated') : null;
  const after = board.offset + board.players.length < board.total ? h('a', { href: at(board.offset + PAGE) }, 'Next ' + PAGE + ' →') : null;
  return before || after ? h('p', { class: 'pager' }, before, ' ', after) : null;
}
