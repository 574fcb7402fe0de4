// Imperia in the browser. The page routes on its URL's hash:
//
//   #/home                 the front page: the games, and one click to try one (pages/home.js); where a
//                          visitor who is not signed in lands
//   #/signin, #/signup     accounts (pages/signin.js)
//   #/lobby                my games, open games, a new game (pages/lobby.js)
//   #/game/12              one game: play it, watch it, or read its final scores (pages/game.js)
//   #/game/12?invite=…     an invitation: takes its seat (as a guest when not signed in), then the game
//   #/account              the password, and signing out everywhere (pages/account.js)
//   #/ratings/endeavor     a game's leaderboard, ?side=France for a side's (pages/ratings.js)
//   #/player/anton         a player's ratings and games (pages/player.js)
//   #/rules/endeavor/attack a game's rules, at a section (pages/rules.js)
//
// Each page module exports `show(root, session)` and may return a function that tears it down (closing its
// WebSocket) when the player goes elsewhere. `session.me` is the signed-in name, or null; `session.guest`
// tells a guest (seated by an invitation, no password) from an account.

import { get, post } from './lib/api.js';
import { h, replace } from './lib/dom.js';
import { clear, notify } from './lib/notice.js';
import * as home from './pages/home.js';
import * as signin from './pages/signin.js';
import * as lobby from './pages/lobby.js';
import * as game from './pages/game.js';
import * as account from './pages/account.js';
import * as ratings from './pages/ratings.js';
import * as player from './pages/player.js';
import * as rules from './pages/rules.js';

let teardown = null;
let shownPath = null; // the page shown, as its hash path ("game/12"): a new page starts at the top

async function whoAmI() {
  try {
    return (await get('/api/me'));
  } catch {
    return null;
  }
}

function showAccount(me) {
  const nav = document.getElementById('account');
  if (!me) {
    replace(nav, h('a', { href: '/#/home' }, 'Games'), ' ', h('a', { href: '/#/ratings' }, 'Ratings'), ' ',
      h('a', { href: '/#/rules' }, 'Rules'), ' ', h('a', { href: '/#/signin' }, 'Sign in'), ' ',
      h('a', { href: '/#/signup' }, 'Sign up'));
    return;
  }
  const signOut = h('button', {
    type: 'button',
    class: 'link',
    onclick: async () => {
      // A guest has no password: signing out loses the seat for good, so it is asked first.
      if (me.guest && !confirm('A guest cannot sign in again: once signed out, you cannot come back to your seat. Sign out?')) return;
      try {
        await post('/api/signout');
      } catch (e) {
        notify(e.message);
      }
      if (location.hash === '#/signin') route();
      else location.hash = '#/signin';
    },
  }, 'Sign out');
  const who = me.guest ? `Playing as ${me.name} (guest)` : `Signed in as ${me.name}`;
  replace(nav, h('a', { href: '/#/ratings' }, 'Ratings'), ' ', h('a', { href: '/#/rules' }, 'Rules'), ' ',
    h('a', { class: 'me', href: `/#/player/${encodeURIComponent(me.name)}`, title: 'Your ratings and games' }, who), ' ',
    me.guest ? null : h('a', { href: '/#/account' }, 'Account'), ' ', signOut);
}

const PAGES = ['home', 'lobby', 'game', 'account', 'ratings', 'player', 'rules', 'signin', 'signup'];

/** Why the address names no page, in words; null when it names one. */
function notFound(page, arg) {
  if (location.pathname !== '/' && location.pathname !== '/index.html') {
    return `There is nothing at ${location.pathname} here: Imperia's pages are addressed after a #, as /#/game/12.`;
  }
  if (page === undefined) return null;
  if (!PAGES.includes(page)) return `There is no page “#/${page}”.`;
  if (page === 'game' && !/^\d+$/.test(arg || '')) {
    return arg ? `“${arg}” is not a game number: a game's address is #/game/ and its number, as #/game/12.`
      : "A game's address needs its number, as #/game/12.";
  }
  if (page === 'player' && !arg) return "A player's page needs a name, as #/player/anton.";
  return null;
}

/** A path part as typed: `%C3%A9` is `é`; a malformed escape stays as it is. */
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Parse `#/game/12?invite=x` into ['game', '12'] and the query. */
function parseHash() {
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?');
  return { parts: path.split('/').filter(Boolean), query: new URLSearchParams(query || '') };
}

async function route() {
  if (teardown) teardown();
  teardown = null;
  clear();
  const root = document.getElementById('app');
  const { parts, query } = parseHash();
  const [page, arg, sub] = parts;
  if (page === 'game' && /^\d+$/.test(arg || '') && query.get('invite')) {
    // Claimed before anything else, so a new guest's session is in place for the page that follows. The
    // link is dropped from the address without a hashchange, so the claim's notice stays on screen.
    await claim(Number(arg), query.get('invite'));
    history.replaceState(null, '', `#/game/${arg}`);
  }
  const me = await whoAmI();
  showAccount(me);
  const missing = notFound(page, arg);
  if (missing) {
    document.title = 'Not found · Imperia';
    replace(root, h('div', { class: 'not-found card' }, h('h1', {}, 'No such page'), h('p', {}, missing),
      h('p', {}, h('a', { href: '/#/lobby' }, 'Go to the lobby'), ' · ', h('a', { href: '/#/ratings' }, 'See the ratings'))));
    shownPath = null;
    return;
  }
  // A page opened from another starts at its top (a long form's button may have scrolled the one before);
  // the same page drawn again (session.refresh) keeps its place.
  const path = parts.join('/');
  if (path !== shownPath) window.scrollTo(0, 0);
  shownPath = path;
  const session = { me: me && me.name, guest: Boolean(me && me.guest), refresh: route };
  let shown;
  if (page === 'game' && /^\d+$/.test(arg || '')) {
    shown = game.show(root, session, Number(arg));
  } else if (page === 'ratings') {
    shown = ratings.show(root, session, arg, query);
  } else if (page === 'rules') {
    shown = rules.show(root, session, decoded(arg || ''), sub === undefined ? undefined : decoded(sub));
  } else if (page === 'player' && arg) {
    shown = player.show(root, session, decoded(arg));
  } else if (page === 'account' && me && !me.guest) {
    shown = account.show(root, session);
  } else if (page === 'home' || (page === undefined && !me)) {
    shown = home.show(root, session);
  } else if (page === 'signin' || page === 'signup' || !me) {
    if (me) {
      location.hash = '#/lobby';
      return;
    }
    shown = signin.show(root, session, page === 'signup' ? 'signup' : 'signin');
  } else {
    shown = lobby.show(root, session);
  }
  teardown = (await shown) || null;
}

/**
 * Take the seat an invitation offers: the signed-in account's, or a new guest's (the server sets its
 * session cookie). The invitation works once; a refusal (used, unknown, the game started) is shown, and the
 * game opens anyway, to watch.
 */
async function claim(id, invite) {
  try {
    const taken = await post(`/api/games/${id}/claim`, { invite });
    notify(`You have seat ${taken.seat + 1} as ${taken.name}${taken.guest ? ' (a guest)' : ''}.`, 'info');
  } catch (e) {
    // Used or unknown: the game opens to watch. (A 409 is a started game, or a seat the caller already has.)
    notify(e.status === 404 || e.status === 410 ? `${e.message}; you can still watch the game.` : e.message);
  }
}

window.addEventListener('hashchange', route);
route();
