// A game's rules page (#/rules/imperial2030, #/rules/imperial2030/import): the rulebook's sections in our own
// words, each with the book's own title so it can be found in print, then the rulings Imperia made where the
// book is silent or ambiguous. A refusal's "Why?" link opens the section it cites, marked and scrolled to.
// Every game's page ends with the same words on fair play in rated games (#/rules/<game>/fair-play).

import { get } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { rulesHref } from '../lib/links.js';
import { spanWords as span } from '../lib/words.js';

export async function show(root, session, gameId, sectionId) {
  let catalogue;
  let book;
  try {
    catalogue = await get('/api/catalogue');
    const game = catalogue.some((g) => g.id === gameId) ? gameId : catalogue[0]?.id;
    book = await get(`/api/rules/${encodeURIComponent(game)}`);
  } catch (e) {
    notify(e.message);
    replace(root, h('p', {}, 'The rules could not be loaded. ', h('a', { href: '#/rules' }, 'Try again')));
    return;
  }
  document.title = `Rules: ${book.name} · Imperia`;
  const target = book.sections.find((s) => s.id === sectionId);
  const known = !sectionId || target || sectionId === 'rulings' || sectionId === 'fair-play';
  const children = new Map();
  for (const s of book.sections) children.set(s.parent ?? null, [...(children.get(s.parent ?? null) ?? []), s]);
  const section = (s, depth) => h('li', { id: `r-${s.id}`, class: s.id === target?.id ? 'rule-section target' : 'rule-section' },
    h('div', { class: 'rule-head' },
      h(depth === 0 ? 'h2' : 'h3', {}, h('a', { href: rulesHref(book.game, s.id), class: 'anchor' }, s.heading)),
      h('p', {}, s.summary)),
    children.has(s.id) ? h('ul', { class: 'rule-sections' }, children.get(s.id).map((c) => section(c, depth + 1))) : null);
  const rulings = h('div', { class: 'rulings' });
  // The project's own Markdown, rendered by the server; nothing a player wrote.
  rulings.innerHTML = book.rulings_html;
  replace(root, h('div', { class: 'rules' },
    h('h1', {}, `Rules: ${book.name}`),
    h('nav', { class: 'tabs', 'aria-label': 'Games' }, catalogue.map((g) => h('a', {
      href: rulesHref(g.id), class: g.id === book.game ? 'tab on' : 'tab', 'aria-current': g.id === book.game ? 'page' : null,
    }, g.name))),
    known ? null : h('p', { class: 'notice error', role: 'alert' }, `This game’s rules have no section “${sectionId}”.`),
    h('p', { class: 'muted' }, 'What each section of the rulebook says, in our words; the title in «» is the printed ',
      "book's, so you can look it up there. Below them, the ", h('a', { href: rulesHref(book.game, 'rulings') }, 'rulings'),
      ' Imperia made where the book is silent or unclear.'),
    h('section', { class: 'card', 'aria-labelledby': 'index-title' },
      h('h2', { id: 'index-title', class: 'visually-hidden' }, 'The rulebook, section by section'),
      h('ul', { class: 'rule-sections top' }, (children.get(null) ?? []).map((s) => section(s, 0)))),
    h('section', { id: 'r-rulings', class: 'card', 'aria-labelledby': 'rulings-title' },
      h('h2', { id: 'rulings-title' }, 'Rulings'), rulings),
    fairPlay(book.rated_min_per_move_seconds)));
  if (sectionId && known) document.getElementById(`r-${target ? target.id : sectionId}`)?.scrollIntoView({ block: 'start' });
}

/**
 * What Imperia does, and cannot do, to keep rated games fair: the same for every game, but for the shortest
 * clock a rated game may have, which the server says.
 */
function fairPlay(leastClock) {
  return h('section', { id: 'r-fair-play', class: 'card fair-play', 'aria-labelledby': 'fair-play-title' },
    h('h2', { id: 'fair-play-title' }, 'Fair play in rated games'),
    h('p', {}, 'A rated game measures the players, so it is played without help. While a rated game is under way, ',
      'Imperia gives no hints and no review for it, nor for any other game that has been in one of its positions ',
      '(a copy imported from its record, or its moves played again in a new game), until it ends; and its record ',
      'goes only to its players until then.'),
    h('p', {}, 'Nobody can stop a player from analysing a game somewhere else, with another program, a book or a ',
      'friend. In a rated game that is cheating, and Imperia will not provide it.'),
    h('p', {}, 'A rating follows a person from game to game, so a rated game’s seats are for players with an ',
      'account; guests play casual games. A rated game with a clock gives at least ',
      `${span(leastClock)} a decision. A player who runs out of time, and whose seat is handed to a bot, loses the `,
      'game on the rating at that moment; the bot plays the seat on for the others, and what it makes of it no ',
      'longer counts for that player. The others are rated by their places when the game ends, each ahead of ',
      'whoever lost on time.'));
}
