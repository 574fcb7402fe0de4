// A player's page (#/player/anton): the account's ratings in every game (overall, and per side where the
// seats are sides), and its games newest first, with the place it took in each finished one.

import { get } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';

const PAGE = 30;

export async function show(root, session, name) {
  let profile, catalogue;
  try {
    [profile, catalogue] = await Promise.all([get(`/api/players/${encodeURIComponent(name)}?limit=${PAGE}`), get('/api/catalogue')]);
  } catch (e) {
    replace(root, h('div', { class: 'player' }, h('h1', {}, 'No such player'),
      h('p', {}, e.status === 404 ? `Nobody here is called “${name}”. ` : `${e.message}. `, h('a', { href: '#/ratings' }, 'See the ratings'))));
    return;
  }
  const names = Object.fromEntries(catalogue.map((g) => [g.id, g.name]));
  const gamesList = h('ul', { class: 'games', id: 'player-games' });
  const more = h('button', { type: 'button', id: 'older-games' }, 'Older games');
  const addGames = (games) => {
    gamesList.append(...games.map((g) => gameLine(g, names)));
    more.hidden = games.length < PAGE;
  };
  more.addEventListener('click', async () => {
    const last = gamesList.lastElementChild?.dataset.game;
    more.disabled = true;
    try {
      addGames((await get(`/api/players/${encodeURIComponent(name)}?limit=${PAGE}&before=${last}`)).games);
    } catch (e) {
      notify(e.message);
    } finally {
      more.disabled = false;
    }
  });
  addGames(profile.games);
  const joined = new Date(profile.joined * 1000).toLocaleDateString();
  replace(root, h('div', { class: 'player' },
    h('h1', {}, profile.name, profile.guest ? h('span', { class: 'badge' }, 'Guest') : null,
      profile.bot_owner ? h('span', { class: 'badge bot-account' }, `Bot · entered by ${profile.bot_owner}`) : null,
      session.me === profile.name ? h('span', { class: 'badge' }, 'You') : null),
    h('p', { class: 'muted' }, `Playing since ${joined}.`),
    h('section', { class: 'card', 'aria-labelledby': 'player-ratings' },
      h('h2', { id: 'player-ratings' }, 'Ratings'),
      profile.ratings.length ? ratingsTable(profile.ratings, names)
        : h('p', { class: 'muted' }, 'No rated game has ended yet.')),
    h('section', { class: 'card', 'aria-labelledby': 'player-games-title' },
      h('h2', { id: 'player-games-title' }, 'Games'),
      profile.games.length ? gamesList : h('p', { class: 'muted' }, 'No games yet.'), more)));
}

function ratingsTable(ratings, names) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'standings' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Game'), h('th', { scope: 'col', class: 'num' }, 'Rating'),
      h('th', { scope: 'col', class: 'num' }, 'μ ± σ'), h('th', { scope: 'col', class: 'num' }, 'Games'))),
    h('tbody', {}, ratings.map((r) => h('tr', {},
      h('td', {}, h('a', { href: `#/ratings/${r.game}${r.side ? `?side=${encodeURIComponent(r.side)}` : ''}` },
        r.side ? `${names[r.game] ?? r.game}, as ${r.side}` : names[r.game] ?? r.game)),
      h('td', { class: 'num' }, r.rating.toFixed(1)),
      h('td', { class: 'num muted' }, `${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)}`),
      h('td', { class: 'num' }, r.games))))));
}

/** "1st of 4", "2nd of 2". */
function place(p, of) {
  const suffix = p % 10 === 1 && p % 100 !== 11 ? 'st' : p % 10 === 2 && p % 100 !== 12 ? 'nd'
    : p % 10 === 3 && p % 100 !== 13 ? 'rd' : 'th';
  return `${p}${suffix} of ${of}`;
}

function gameLine(g, names) {
  // A rated game lost on time is lost, whatever the bot that took the seat made of it afterwards.
  const result = g.lost_on_time ? h('span', { class: 'badge warn', title: 'Ran out of time; the seat went to a bot' }, 'Lost on time')
    : !g.finished ? h('span', { class: 'badge' }, 'Under way')
    : g.place === 1 ? h('span', { class: 'badge turn' }, `Won · ${place(1, g.seats)}`)
      : g.place ? h('span', { class: 'badge done' }, place(g.place, g.seats)) : h('span', { class: 'badge done' }, 'Finished');
  return h('li', { 'data-game': g.id },
    h('a', { href: `#/game/${g.id}` }, `${names[g.game] ?? g.game} · game ${g.id}`), ' ', result, ' ',
    h('span', { class: g.rated ? 'badge rated' : 'badge' }, g.rated ? 'Rated' : 'Casual'),
    g.left && !g.lost_on_time ? h('span', { class: 'badge warn', title: 'Left to a bot before the end; the result still counts' }, 'Left') : null,
    h('span', { class: 'muted' }, new Date(g.created_at * 1000).toLocaleDateString()));
}
