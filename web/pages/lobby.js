// The lobby: my games (those where it is my turn first), games waiting for players, and a form for a new
// game with its variant and, per seat, a human or a bot of some level. The form is drawn from the game's
// catalogue entry (`/api/catalogue`: its seat counts and options), so every game the server hosts can be
// created here. Provisional content is badged.
//
// Players' own content: an account uploads a set of a game's content files (`POST /api/content`), sees its
// sets (`GET /api/content`) and creates a game with one (the form's Content select). A waiting game played
// with replaced content is marked in the list of open games, with the entries that differ, before anyone
// joins it.

import { get, post, postForm } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { levelNote, levelOptions } from '../lib/levels.js';
import { notify } from '../lib/notice.js';
import { provisionalText, scopeText } from '../games/registry.js';
import {
  changeList, changesDetails, differCount, entryName, fingerprintCode, replacedFiles, shortFingerprint,
} from '../lib/content.js';
import { spanWords } from '../lib/words.js';
import { stateBadge } from '../lib/status.js';

// The waiting games whose list of changed entries is open, kept across the list's refreshes.
const openNotices = new Set();

export async function show(root, session) {
  let catalogue, mine, waiting, bots, uploads;
  try {
    // A guest uploads no content, so asks for none; and the lobby opens even when the sets cannot be read.
    const sets = session.guest ? Promise.resolve([]) : get('/api/content').catch(() => []);
    [catalogue, mine, waiting, bots, uploads] =
      await Promise.all([get('/api/catalogue'), get('/api/games'), get('/api/lobby'), get('/api/bots'), sets]);
  } catch (e) {
    notify(e.message);
    replace(root, h('p', {}, 'The lobby could not be loaded. ', h('a', { href: '#/lobby' }, 'Try again')));
    return;
  }
  const names = Object.fromEntries(catalogue.map((g) => [g.id, g]));
  // A player's first game is casual, so that its hints are on (rated games give none).
  const form = session.guest ? null : newGame(catalogue, bots, uploads, { firstGame: mine.length === 0 });
  // Which games the lists show (one game, or all), and which page of the open games: kept across refreshes.
  const listing = { game: '', before: null, pages: [] };
  const query = (extra) => {
    const q = new URLSearchParams(extra);
    if (listing.game) q.set('game', listing.game);
    return `?${q}`;
  };
  const redraw = async () => {
    const [m, w, live] = await Promise.all([get('/api/games'),
      get(`/api/lobby${query(listing.before ? { limit: PAGE, before: listing.before } : { limit: PAGE })}`),
      get(`/api/games/live${query({ limit: 20 })}`)]);
    replace(document.getElementById('my-games-list'), myGamesList(m, names));
    replace(document.getElementById('open-games-list'), openGamesList(w, names, m, session), pager(w));
    replace(document.getElementById('watch-list'), watchList(live, names));
  };
  // Newer and older pages of the open games, by the last id of each page seen.
  const pager = (w) => {
    const older = w.length === PAGE ? h('button', { type: 'button', id: 'older-open', onclick: () => {
      listing.pages.push(listing.before);
      listing.before = w[w.length - 1].id;
      redraw().catch((e) => notify(e.message));
    } }, 'Older games') : null;
    const newer = listing.before ? h('button', { type: 'button', onclick: () => {
      listing.before = listing.pages.pop() ?? null;
      redraw().catch((e) => notify(e.message));
    } }, 'Newer games') : null;
    return older || newer ? h('p', { class: 'pager' }, newer, older) : null;
  };
  const filter = h('select', { id: 'lobby-filter', 'aria-label': 'Show games of', onchange: () => {
    Object.assign(listing, { game: filter.value, before: null, pages: [] });
    redraw().catch((e) => notify(e.message));
  } }, h('option', { value: '' }, 'All games'), catalogue.map((g) => h('option', { value: g.id }, g.name)));
  replace(root,
    h('div', { class: 'lobby' },
      myGames(mine, names),
      form ? form.node : guestNote(),
      openGames(waiting, names, mine, session, filter),
      watchGames(),
      form ? uploadSection(catalogue, names, uploads, (sets, fresh) => form.setUploads(sets, fresh)) : null));
  redraw().catch(() => { /* the first lists stay; the next tick tries again */ });
  const refresh = setInterval(() => redraw().catch(() => { /* keep what is shown; the next tick tries again */ }), 5000);
  return () => clearInterval(refresh);
}

/** Open games a page at a time. */
const PAGE = 50;

/** Games under way that anyone may watch. */
function watchGames() {
  return h('section', { class: 'card', 'aria-labelledby': 'watch-title' },
    h('h2', { id: 'watch-title' }, 'Games to watch'),
    h('div', { id: 'watch-list' }, h('p', { class: 'muted' }, 'Looking for games under way…')));
}

/** The games under way, to watch (`names`: the catalogue by game id); the front page shows them too. */
export function watchList(live, names) {
  if (!live.length) return h('p', { class: 'muted' }, 'No game is under way right now.');
  return h('ul', { class: 'games' }, live.map((g) => h('li', { 'data-game': g.id },
    h('a', { href: `#/game/${g.id}` }, `${names[g.game]?.name ?? g.game} · game ${g.id}`),
    h('span', { class: 'muted' }, ` · step ${g.steps} · ${g.seats.map(who).join(', ')}`),
    stateBadge(g),
    h('span', { class: g.rated ? 'badge rated' : 'badge' }, g.rated ? 'Rated' : 'Casual'),
    g.clock ? h('span', { class: 'badge' }, clockWords(g.clock)) : null)));
}

/** Who sits at a seat, in a list of games. */
const who = (s) => (s.bot_owner ? `${s.player} (bot account of ${s.bot_owner})` : null)
  ?? s.player ?? (s.bot ? `bot (${s.bot})` : 'open seat');

/** "Clock: 2 min + 1 h": a time control, short. */
const clockWords = (c) => `Clock: ${spanWords(c.per_move_seconds)} + ${spanWords(c.reserve_seconds)}`;

/** How long ago a Unix time was, roughly: "just now", "5 min ago", "3 h ago", "2 days ago". */
function age(seconds) {
  const ago = Math.max(0, Date.now() / 1000 - seconds);
  if (ago < 60) return 'just now';
  if (ago < 3600) return `${Math.floor(ago / 60)} min ago`;
  if (ago < 86400) return `${Math.floor(ago / 3600)} h ago`;
  const days = Math.floor(ago / 86400);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The options a game's creator changed from the catalogue's defaults, in words. */
function variantWords(options, entry) {
  const changed = (entry?.options ?? []).filter((o) => options?.[o.name] !== undefined && options[o.name] !== o.default);
  return changed.map((o) => (options[o.name] === true ? o.label : `${o.label}: ${String(options[o.name]).replace(/_/g, ' ')}`));
}

function badge(entry) {
  const text = provisionalText(entry);
  return text ? h('span', { class: 'badge provisional', title: text }, `Provisional: ${entry.provisional}`) : null;
}

/** A badge for a game whose engine plays part of the published game (its `scope`). */
function scopeBadge(entry) {
  const text = scopeText(entry);
  return text ? h('span', { class: 'badge provisional', title: text }, 'Part of the game') : null;
}

function myGames(mine, names) {
  return h('section', { class: 'card', 'aria-labelledby': 'my-games' },
    h('h2', { id: 'my-games' }, 'My games'),
    h('div', { id: 'my-games-list' }, myGamesList(mine, names)));
}

function myGamesList(mine, names) {
  if (!mine.length) return h('p', { class: 'muted' }, 'No games yet: start one below.');
  return h('ul', { class: 'games' }, mine.map((g) => {
    // A game under way says whose turn it is; before and after, its state as everywhere else.
    const status = g.finished || !g.started ? stateBadge(g)
      : g.your_turn ? h('span', { class: 'badge turn' }, 'Your turn') : h('span', { class: 'badge' }, 'Others to play');
    return h('li', {},
      h('a', { href: `#/game/${g.id}` }, `${names[g.game]?.name ?? g.game} · game ${g.id}`), ' ',
      status, ' ', badge(names[g.game]), scopeBadge(names[g.game]));
  }));
}

/** In place of the new-game form: a guest plays the seats it is invited to, and creates no games. */
function guestNote() {
  return h('section', { class: 'card', 'aria-labelledby': 'new-game-title' },
    h('h2', { id: 'new-game-title' }, 'New game'),
    h('p', {}, 'You are playing as a guest, in the seat you were invited to. To create games of your own, ',
      'create an account (a guest who signs out cannot come back to the seat).'));
}

function openGames(waiting, names, mine, session, filter) {
  return h('section', { class: 'card', 'aria-labelledby': 'open-games' },
    h('div', { class: 'section-head' }, h('h2', { id: 'open-games' }, 'Open games'),
      h('label', { for: 'lobby-filter', class: 'muted' }, 'Show'), filter),
    h('div', { id: 'open-games-list' }, openGamesList(waiting, names, mine, session)));
}

function openGamesList(waiting, names, mine) {
  const seated = new Set(mine.map((g) => g.id));
  const open = waiting.filter((g) => g.open_seats.length && !seated.has(g.id));
  if (!open.length) return h('p', { class: 'muted' }, 'No game is waiting for players right now.');
  return h('ul', { class: 'games' }, open.map((g) => h('li', { 'data-game': g.id },
    `${names[g.game]?.name ?? g.game} · game ${g.id}${g.creator ? ` by ${g.creator}` : ''} · ${g.open_seats.length} open ${g.open_seats.length === 1 ? 'seat' : 'seats'} of ${g.seats.length} `,
    h('span', { class: g.rated ? 'badge rated' : 'badge' }, g.rated ? 'Rated' : 'Casual'),
    g.clock ? h('span', { class: 'badge' }, clockWords(g.clock)) : null,
    variantWords(g.options, names[g.game]).map((v) => h('span', { class: 'badge variant' }, v)),
    g.bidding ? h('span', { class: 'badge variant', title: 'The players bid treaty points to play France' }, 'Bid for France') : null,
    h('span', { class: 'muted' }, `· ${g.seats.map(who).join(', ')} · ${age(g.created_at)}`),
    badge(names[g.game]),
    scopeBadge(names[g.game]),
    g.content ? h('span', {
      class: 'badge replaced',
      title: `Played with replaced content: ${replacedFiles(g.content)} (set ${shortFingerprint(g.content.fingerprint)})`,
    }, 'Replaced content') : null,
    h('button', {
      type: 'button',
      onclick: async () => {
        try {
          await post(`/api/games/${g.id}/join`, {});
          location.hash = `#/game/${g.id}`;
        } catch (e) {
          notify(e.message);
        }
      },
    }, 'Join'),
    // Before joining: which entries of the shipped content this game's set changes.
    g.content ? changesDetails(g.content, {
      summary: `Replaced ${replacedFiles(g.content)}: ${differCount(g.content.changes)} from the shipped game`,
      open: openNotices.has(g.id),
      onToggle: (isOpen) => (isOpen ? openNotices.add(g.id) : openNotices.delete(g.id)),
    }) : null)));
}

/**
 * The time controls offered: seconds a decision may take, and a reserve each seat dips into beyond that.
 * Live games are played at one sitting; correspondence games over days, with a turn notification.
 */
const CLOCKS = [
  { value: '', label: 'No clock' },
  { value: '120/3600', label: 'Live: 2 minutes a decision, and 1 hour in reserve' },
  { value: '3600/86400', label: 'Same day: 1 hour a decision, and 1 day in reserve' },
  { value: '86400/259200', label: 'Correspondence: 1 day a decision, and 3 days in reserve' },
];

/** What running out of time does: the others may hand the seat to a bot, or a bot takes it after a while. */
const TIMEOUTS = [
  { value: '', label: 'the others may give the seat to a bot' },
  { value: '300', label: 'a bot takes the seat 5 minutes later' },
  { value: '3600', label: 'a bot takes the seat 1 hour later' },
  { value: '86400', label: 'a bot takes the seat 1 day later' },
];

/** The seat count offered first: four players when the game allows it, else the nearest it does. */
const defaultSeats = ({ min, max }) => Math.min(max, Math.max(min, 4));

/** "hidden_cash" → "hidden cash": an option's allowed value, for a select. */
const words = (value) => String(value).replace(/_/g, ' ');

/**
 * One variant option as a form control, from its catalogue description: a checkbox, a select of the
 * allowed values, or a bounded number. `read()` gives the value to send. The description is the help line
 * under it (and the control's accessible description).
 */
function optionControl(o) {
  const id = `opt-${o.name}`;
  const help = o.description ? h('small', { class: 'help', id: `${id}-help` }, o.description) : null;
  const described = help ? `${id}-help` : null;
  const label = h('label', { for: id }, o.label || words(o.name));
  let input;
  let read;
  if (o.type === 'boolean') {
    input = h('input', { type: 'checkbox', id, name: o.name, checked: o.default === true, 'aria-describedby': described });
    read = () => input.checked;
    return { read, node: h('div', { class: 'option check' }, input, h('div', {}, label, help)) };
  }
  if (o.type === 'choice') {
    input = h('select', { id, name: o.name, 'aria-describedby': described },
      (o.allowed || []).map((v) => h('option', { value: v, selected: v === o.default }, words(v))));
    read = () => input.value;
  } else if (o.type === 'integer') {
    input = h('input', {
      type: 'number', id, name: o.name, step: 1, min: o.min, max: o.max, value: o.default, required: true,
      'aria-describedby': described,
    });
    read = () => Number(input.value);
  } else {
    // A kind of option this page does not know yet: its value as typed, sent only when given.
    input = h('input', { type: 'text', id, name: o.name, value: o.default ?? '', 'aria-describedby': described });
    read = () => (input.value === '' ? undefined : input.value);
  }
  return { read, node: h('div', { class: 'option' }, label, input, help) };
}

/** The option the winning bid for France sets (`bid_for_france`). */
const BID_OPTION = 'france_bid';

/** An uploaded set as an option's words: "Londinium board · c7a4daed". */
const setName = (u) => `${u.label} · ${shortFingerprint(u.fingerprint)}`;

/**
 * The new-game form. Returns its `node`, and `setUploads(sets, fresh)` to take the account's content sets
 * after an upload (`fresh`, the set just uploaded, is chosen when the form is on its game). A player's
 * `firstGame` starts unrated: a casual game offers hints.
 */
function newGame(catalogue, bots, initialUploads, { firstGame = false } = {}) {
  let uploads = initialUploads;
  const gameSelect = h('select', { id: 'new-game', name: 'game' },
    catalogue.map((g) => h('option', { value: g.id }, g.provisional ? `${g.name} (provisional content)` : g.name)));
  const contentSelect = h('select', { id: 'new-content', name: 'content', 'aria-describedby': 'content-help' });
  const contentHelp = h('small', { class: 'help', id: 'content-help' });
  const count = h('select', { id: 'seat-count', name: 'seats', 'aria-describedby': 'seat-range' });
  const seatRange = h('small', { class: 'help', id: 'seat-range' });
  const seatsBox = h('fieldset', { class: 'seats' });
  const optionsBox = h('fieldset', { class: 'options' });
  const provisional = h('p', { class: 'provisional-note' });
  const rated = h('input', { id: 'new-rated', type: 'checkbox', checked: !firstGame, 'aria-describedby': 'rated-help' });
  const clock = h('select', { id: 'new-clock', 'aria-describedby': 'clock-help' },
    CLOCKS.map((c) => h('option', { value: c.value }, c.label)));
  const clockHelp = h('small', { class: 'help', id: 'clock-help' },
    'Time beyond a decision’s allowance comes out of the reserve.');
  const timeout = h('select', { id: 'new-timeout' }, TIMEOUTS.map((t) => h('option', { value: t.value }, t.label)));
  const timeoutRow = h('div', { class: 'timeout-row', hidden: true },
    h('label', { for: 'new-timeout' }, 'When a player runs out of time'), timeout);
  clock.addEventListener('change', () => { timeoutRow.hidden = !clock.value; });
  const ratedHelp = h('small', { class: 'help', id: 'rated-help' });
  const bidding = h('input', { type: 'checkbox', id: 'new-bid', 'aria-describedby': 'new-bid-help' });
  let controls = [];
  // Imperial Struggle's bid for France: offered where the game has the option the winning bid sets; while
  // checked, that option's own box is the bids' to fill.
  const bidControl = (list) => {
    const price = list.find((c) => c.o.name === BID_OPTION);
    if (!price) return null;
    const field = price.node.querySelector('input');
    const sync = () => { field.disabled = bidding.checked; };
    bidding.onchange = sync;
    sync();
    // Not an `.option`: it is the lobby's, not one of the game's declared options.
    return h('div', { class: 'bid-choice check' }, bidding, h('div', {},
      h('label', { for: 'new-bid' }, 'Bid for France'),
      h('small', { class: 'help', id: 'new-bid-help' },
        'Before the start each player bids, unseen, treaty points to play France; the higher bid plays France and '
        + 'the other player Britain, starting with that many treaty points (the author’s note to rulebook §7.4). '
        + 'The game starts when every player has bid.')));
  };

  const seatRow = (i) => {
    if (i === 0) return h('div', { class: 'seat-row' }, h('span', {}, 'Seat 1'), h('strong', {}, 'You'));
    const select = h('select', { id: `seat-${i}`, 'data-seat': i, 'aria-label': `Seat ${i + 1}` },
      levelOptions(bots, gameSelect.value, 'medium'),
      h('option', { value: 'human' }, 'A person (invite them with a link)'),
      h('option', { value: 'account' }, 'A bot account (a program someone entered)'));
    // A bot account is named: its owner's program plays the seat (docs/bot-builders.md).
    const account = h('input', {
      id: `seat-${i}-account`, class: 'seat-account', type: 'text', maxlength: 32, hidden: true,
      placeholder: 'The bot account’s name', 'aria-label': `Seat ${i + 1}: the bot account’s name`,
    });
    select.addEventListener('change', () => { account.hidden = select.value !== 'account'; });
    return h('div', { class: 'seat-row' }, h('label', { for: `seat-${i}` }, `Seat ${i + 1}`), select, account);
  };
  const drawSeats = () => {
    const entry = catalogue.find((g) => g.id === gameSelect.value);
    const note = levelNote(bots, entry.id, entry.name);
    replace(seatsBox, h('legend', {}, 'Seats'), [...Array(Number(count.value)).keys()].map(seatRow),
      note && h('p', { class: 'help level-note', role: 'note' }, note));
  };
  // Everything about the game comes from its catalogue entry: the seat counts and the variant options.
  const drawGame = () => {
    const entry = catalogue.find((g) => g.id === gameSelect.value);
    const { min, max } = entry.seats;
    const first = defaultSeats(entry.seats);
    replace(count, [...Array(max - min + 1).keys()].map((k) => {
      const n = min + k;
      return h('option', { value: n, selected: n === first }, `${n} players`);
    }));
    seatRange.textContent = `${entry.name} is played by ${min === max ? min : `${min} to ${max}`} players.`
      + (scopeText(entry) ? ` ${scopeText(entry)}` : '');
    drawSeats();
    controls = (entry.options || []).map((o) => ({ o, ...optionControl(o) }));
    replace(optionsBox, h('legend', {}, 'Variant'), controls.map((c) => c.node), bidControl(controls));
    optionsBox.hidden = !controls.length;
    const text = provisionalText(entry);
    provisional.textContent = text ? `${text}: values chosen to make the game playable, not taken from the printed game.` : '';
    provisional.hidden = !text;
  };
  // The content: the shipped set, or one of the account's uploads for this game (label and short
  // fingerprint); the help line says what the chosen set replaces.
  const describeContent = () => {
    const set = uploads.find((u) => u.game === gameSelect.value && u.fingerprint === contentSelect.value);
    const own = uploads.filter((u) => u.game === gameSelect.value).length;
    contentHelp.textContent = set
      ? `Replaces ${replacedFiles(set)}: ${differCount(set.changes)} from the shipped content. Players see this before they join.`
      : own ? 'The game as shipped, or one of your content sets.'
        : 'The game as shipped. To play with your own, upload it under “Upload your own content”.';
    // Ratings compare play on the shipped game: one's own content makes a casual game.
    rated.disabled = Boolean(set);
    if (set) rated.checked = false;
    ratedHelp.textContent = set ? 'A game with your own content is not rated.'
      : (firstGame ? 'Your first game is casual, so that you can ask the bot for hints; tick Rated to play for '
        + 'your rating instead. ' : '')
        + 'A rated game moves every player’s rating (bots’ too) when it ends; a casual one only lists its result. '
        + 'A rated game’s seats are for players with an account (guests play casual games), and a player whose time '
        + 'runs out and whose seat goes to a bot loses on the rating then.';
  };
  const drawContent = (choose) => {
    const keep = choose ?? contentSelect.value;
    const own = uploads.filter((u) => u.game === gameSelect.value);
    replace(contentSelect,
      h('option', { value: '' }, 'Shipped content'),
      own.map((u) => h('option', { value: u.fingerprint, title: u.fingerprint }, setName(u))));
    contentSelect.value = own.some((u) => u.fingerprint === keep) ? keep : '';
    describeContent();
  };
  gameSelect.addEventListener('change', () => {
    drawGame();
    drawContent();
  });
  count.addEventListener('change', drawSeats);
  contentSelect.addEventListener('change', describeContent);
  drawGame();
  drawContent();

  const submit = h('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create the game');
  const node = h('form', {
    class: 'card new-game',
    'aria-labelledby': 'new-game-title',
    onsubmit: async (e) => {
      e.preventDefault();
      const options = {};
      for (const { o, read } of controls) {
        const value = read();
        if (value !== undefined) options[o.name] = value;
      }
      const seats = ['human', ...[...seatsBox.querySelectorAll('select')].map((s) => (s.value === 'account'
        ? `account:${seatsBox.querySelector(`#${s.id}-account`).value.trim()}` : s.value))];
      submit.disabled = true;
      try {
        const body = { game: gameSelect.value, options, seats };
        if (bidding.checked && controls.some((c) => c.o.name === BID_OPTION)) {
          // The bids set France's price: the option is left to them.
          delete options[BID_OPTION];
          body.bid_for_france = true;
        }
        if (contentSelect.value) body.content = contentSelect.value;
        body.rated = rated.checked;
        if (clock.value) {
          const [perMove, reserve] = clock.value.split('/').map(Number);
          body.time_control = { per_move_seconds: perMove, reserve_seconds: reserve };
          if (timeout.value) body.time_control.bot_after_seconds = Number(timeout.value);
        }
        const created = await post('/api/games', body);
        location.hash = `#/game/${created.id}`;
      } catch (err) {
        notify(err.message);
      } finally {
        submit.disabled = false;
      }
    },
  },
  h('h2', { id: 'new-game-title' }, 'New game'),
  h('label', { for: 'new-game' }, 'Game'), gameSelect, provisional,
  h('label', { for: 'new-content' }, 'Content'), contentSelect, contentHelp,
  h('label', { for: 'seat-count' }, 'Players'), count, seatRange,
  seatsBox, optionsBox,
  h('label', { for: 'new-clock' }, 'Clock'), clock, clockHelp, timeoutRow,
  h('div', { class: 'check' }, rated, h('label', { for: 'new-rated' }, 'Rated')), ratedHelp,
  submit);
  const setUploads = (sets, fresh) => {
    uploads = sets;
    drawContent(fresh && fresh.game === gameSelect.value ? fresh.fingerprint : undefined);
  };
  return { node, setUploads };
}

/**
 * Upload a set of content files (signed-in accounts): the game, a name for the set, and the files, picked
 * one by one or as a folder. The answer (fingerprint and changed entries) or the server's refusal (a 422
 * names the file, the entry and the problem) is shown under the form, and the account's sets are listed.
 * `onUploads(sets, fresh)` hands the new list to the new-game form.
 */
function uploadSection(catalogue, names, initialUploads, onUploads) {
  let uploads = initialUploads;
  const gameSelect = h('select', { id: 'upload-game', name: 'game' }, catalogue.map((g) => h('option', { value: g.id }, g.name)));
  const command = h('code', {});
  const showCommand = () => { command.textContent = `imperia data files ${gameSelect.value} <dir>`; };
  gameSelect.addEventListener('change', showCommand);
  showCommand();
  const label = h('input', {
    id: 'upload-label', name: 'label', type: 'text', required: true, maxlength: 80, autocomplete: 'off',
    placeholder: 'e.g. Londinium board',
  });
  const files = h('input', { id: 'upload-files', type: 'file', multiple: true, accept: '.toml', 'aria-describedby': 'upload-files-help' });
  const folder = h('input', { id: 'upload-folder', type: 'file', webkitdirectory: true, 'aria-describedby': 'upload-files-help' });
  const chosen = h('p', { class: 'help upload-chosen', id: 'upload-chosen', 'aria-live': 'polite' });
  const result = h('div', { class: 'upload-result', id: 'upload-result', 'aria-live': 'polite', hidden: true });
  const list = h('div', { id: 'my-content' });
  const submit = h('button', { type: 'submit', class: 'primary', id: 'upload' }, 'Upload');

  // The files to send: those picked one by one, or the `.toml` files of the folder picked (a folder from
  // `imperia data files` holds only those; an editor's backups and the like stay behind).
  const picked = () => (folder.files.length
    ? [...folder.files].filter((f) => /\.toml$/i.test(f.name))
    : [...files.files]);
  const showPicked = () => {
    const sent = picked();
    chosen.textContent = sent.length
      ? `${sent.length} file${sent.length > 1 ? 's' : ''} to upload: ${sent.map((f) => f.name).join(', ')}`
      : folder.files.length ? 'The folder holds no .toml file.' : '';
  };
  // One way at a time: picking files forgets the folder, and the other way round.
  files.addEventListener('change', () => { if (files.files.length) folder.value = ''; showPicked(); });
  folder.addEventListener('change', () => { if (folder.files.length) files.value = ''; showPicked(); });

  const say = (kind, ...children) => {
    result.className = `upload-result ${kind}`;
    result.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    replace(result, ...children);
    result.hidden = false;
  };
  const drawList = () => replace(list, uploadsList(uploads, names));
  drawList();

  const form = h('form', {
    class: 'upload-form',
    onsubmit: async (e) => {
      e.preventDefault();
      const sent = picked();
      if (!sent.length) {
        say('error', h('p', {}, 'Choose the content files to upload, or a folder holding them.'));
        return;
      }
      const data = new FormData();
      data.append('game', gameSelect.value);
      data.append('label', label.value.trim());
      for (const f of sent) data.append('files', f, f.name);
      submit.disabled = true;
      try {
        const set = await postForm('/api/content', data);
        try {
          uploads = await get('/api/content');
        } catch {
          uploads = [set, ...uploads.filter((u) => !(u.game === set.game && u.fingerprint === set.fingerprint))];
        }
        drawList();
        onUploads(uploads, set);
        say('ok',
          h('p', {},
            h('strong', {}, `Uploaded “${set.label}”`), ` for ${names[set.game]?.name ?? set.game}: set `,
            fingerprintCode(set.fingerprint), `. It replaces ${replacedFiles(set)}; ${differCount(set.changes)} from the shipped content`,
            set.changes.length ? ':' : '.'),
          set.changes.length ? changeList(set) : null,
          h('p', { class: 'help' }, 'To play with it, choose it under Content in the New game form.'));
        files.value = '';
        folder.value = '';
        label.value = '';
        showPicked();
      } catch (err) {
        say('error', h('p', {}, h('strong', {}, 'Not uploaded: '), entryName(err.message)));
      } finally {
        submit.disabled = false;
      }
    },
  },
  h('label', { for: 'upload-game' }, 'For the game'), gameSelect,
  h('label', { for: 'upload-label' }, 'Name of the set'), label,
  h('label', { for: 'upload-files' }, 'Content files (.toml)'), files,
  h('label', { for: 'upload-folder' }, 'Or a whole folder'), folder,
  h('small', { class: 'help', id: 'upload-files-help' },
    'Name each file as the game ships it (board.toml, cards.toml…); the files you leave out stay as shipped.'),
  chosen,
  submit);

  return h('section', { class: 'card upload', 'aria-labelledby': 'upload-title' },
    h('h2', { id: 'upload-title' }, 'Upload your own content'),
    h('p', { class: 'help upload-hint' }, command, ' writes the shipped files to a folder, to edit.'),
    form, result,
    h('h3', { id: 'my-content-title' }, 'Your content sets'),
    list);
}

/** The account's content sets: name, game, short fingerprint, and the entries that differ. */
function uploadsList(uploads, names) {
  if (!uploads.length) return h('p', { class: 'muted' }, 'None yet.');
  return h('ul', { class: 'content-sets', 'aria-labelledby': 'my-content-title' }, uploads.map((u) => h('li', { 'data-fingerprint': u.fingerprint },
    h('div', { class: 'set-head' },
      h('strong', { class: 'set-label' }, u.label), ' ',
      h('span', { class: 'muted' }, names[u.game]?.name ?? u.game), ' ', fingerprintCode(u.fingerprint)),
    changesDetails(u))));
}
