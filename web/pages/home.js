// The front page, for a visitor who is not signed in (and at #/home for anyone): what Imperia is, its five
// games with a picture of each board, the games being played now to watch, and one click to try a game
// against bots (as a guest: POST /api/try).

import { get, post } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { watchList } from './lobby.js';

/** What each game is about, in a sentence of our own; a game not listed shows its name only. */
const ABOUT = {
  imperial2030: 'Invest in six great powers of 2030, steer the ones you control around the rondel, and let the '
    + 'bonds you hold pay off: whoever banks the most wins, whichever flag flies.',
  'imperial-struggle': 'Britain and France contest the world from 1697 to 1789: ministries, treaties, trade and '
    + 'four wars, for two players.',
  endeavor: 'Age of Sail: build, ship out, and spread your presence from Europe across the oceans, racing for '
    + 'glory in industry, culture, finance and influence.',
  'brazil-imperial': 'Colonise Brazil from the first captaincies to the Empire: explore, settle and build, and '
    + 'face rivals, or play it alone.',
  'virgin-queen': 'The diplomacy of the age of Elizabeth I: draw your cards and make deals, alliances and '
    + 'marriages among six powers.',
};

export async function show(root, session) {
  document.title = 'Imperia · empire-building board games, every rule enforced';
  let catalogue = [];
  let live = [];
  try {
    [catalogue, live] = await Promise.all([get('/api/catalogue'), get('/api/games/live?limit=8')]);
  } catch (e) {
    notify(e.message);
  }
  const names = Object.fromEntries(catalogue.map((g) => [g.id, g]));
  replace(root, h('div', { class: 'home' },
    h('section', { class: 'home-intro' },
      h('h1', {}, 'Imperia'),
      h('p', { class: 'lead' }, 'Heavy empire-building board games, with every rule enforced and hidden '
        + 'information kept hidden. Play friends over days, or bots at once; every game is recorded and can be '
        + 'replayed.'),
      session.me
        ? h('p', {}, h('a', { class: 'button primary', href: '#/lobby' }, 'Go to the lobby'))
        : h('p', {}, 'Pick a game below and play it against bots now, no account needed; or ',
          h('a', { href: '#/signup' }, 'create an account'), ' to play for a rating, or ',
          h('a', { href: '#/signin' }, 'sign in'), '.')),
    h('section', { class: 'home-games', 'aria-label': 'The games' }, catalogue.map((g) => gameCard(g))),
    h('section', { class: 'card home-live' },
      h('h2', {}, 'Being played now'),
      watchList(live, names))));
}

/** One game: its board, what it is, and the button that starts a game of it against bots. */
function gameCard(g) {
  const seats = g.seats.min === g.seats.max ? `${g.seats.min} players` : `${g.seats.min}–${g.seats.max} players`;
  const button = h('button', { type: 'button', class: 'primary', 'data-try': g.id }, `Try ${g.name} against bots`);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const created = await post('/api/try', { game: g.id });
      location.hash = `#/game/${created.id}`;
    } catch (e) {
      notify(e.message);
      button.disabled = false;
    }
  });
  return h('article', { class: 'card home-game', 'data-game': g.id },
    h('img', { src: `/img/${g.id}.jpg`, alt: `The board of ${g.name} as Imperia draws it`, width: 640, height: 400,
      loading: 'lazy' }),
    h('h2', {}, g.name),
    h('p', { class: 'muted' }, seats, g.provisional ? ` · ${g.provisional} of ${g.content_entries} content entries provisional` : ''),
    ABOUT[g.id] ? h('p', {}, ABOUT[g.id]) : null,
    h('p', { class: 'home-actions' }, button, ' ', h('a', { href: `#/rules/${g.id}` }, 'Rules')));
}
