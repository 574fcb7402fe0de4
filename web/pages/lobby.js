// The lobby: my games (those where it is my turn first), games waiting for players, and a form for a new
// game with its variant and, per seat, a human or a bot of some level. The form is drawn from the game's
// catalogue entry (`/api/catalogue`: its seat counts and options), so every game the server hosts can be
// created here. Provisional content is badged.

import { get, post } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { provisionalText } from '../games/registry.js';

export async function show(root, session) {
  let catalogue, mine, waiting, bots;
  try {
    [catalogue, mine, waiting, bots] =
      await Promise.all([get('/api/catalogue'), get('/api/games'), get('/api/lobby'), get('/api/bots')]);
  } catch (e) {
    notify(e.message);
    replace(root, h('p', {}, 'The lobby could not be loaded. ', h('a', { href: '#/lobby' }, 'Try again')));
    return;
  }
  const names = Object.fromEntries(catalogue.map((g) => [g.id, g]));
  replace(root,
    h('div', { class: 'lobby' },
      myGames(mine, names),
      session.guest ? guestNote() : newGame(catalogue, bots),
      openGames(waiting, names, mine, session)));
  const refresh = setInterval(async () => {
    try {
      const [m, w] = await Promise.all([get('/api/games'), get('/api/lobby')]);
      replace(document.getElementById('my-games-list'), myGamesList(m, names));
      replace(document.getElementById('open-games-list'), openGamesList(w, names, m, session));
    } catch {
      /* keep what is shown; the next tick tries again */
    }
  }, 5000);
  return () => clearInterval(refresh);
}

function badge(entry) {
  const text = provisionalText(entry);
  return text ? h('span', { class: 'badge provisional', title: text }, `Provisional: ${entry.provisional}`) : null;
}

function myGames(mine, names) {
  return h('section', { class: 'card', 'aria-labelledby': 'my-games' },
    h('h2', { id: 'my-games' }, 'My games'),
    h('div', { id: 'my-games-list' }, myGamesList(mine, names)));
}

function myGamesList(mine, names) {
  if (!mine.length) return h('p', { class: 'muted' }, 'No games yet: start one below.');
  return h('ul', { class: 'games' }, mine.map((g) => {
    const status = g.finished ? h('span', { class: 'badge done' }, 'Finished')
      : !g.started ? h('span', { class: 'badge' }, 'Waiting to start')
        : g.your_turn ? h('span', { class: 'badge turn' }, 'Your turn') : h('span', { class: 'badge' }, 'Others to play');
    return h('li', {},
      h('a', { href: `#/game/${g.id}` }, `${names[g.game]?.name ?? g.game} · game ${g.id}`), ' ',
      status, ' ', badge(names[g.game]));
  }));
}

/** In place of the new-game form: a guest plays the seats it is invited to, and creates no games. */
function guestNote() {
  return h('section', { class: 'card', 'aria-labelledby': 'new-game-title' },
    h('h2', { id: 'new-game-title' }, 'New game'),
    h('p', {}, 'You are playing as a guest, in the seat you were invited to. To create games of your own, ',
      'create an account (a guest who signs out cannot come back to the seat).'));
}

function openGames(waiting, names, mine, session) {
  return h('section', { class: 'card', 'aria-labelledby': 'open-games' },
    h('h2', { id: 'open-games' }, 'Open games'),
    h('div', { id: 'open-games-list' }, openGamesList(waiting, names, mine, session)));
}

function openGamesList(waiting, names, mine) {
  const seated = new Set(mine.map((g) => g.id));
  const open = waiting.filter((g) => g.open_seats.length && !seated.has(g.id));
  if (!open.length) return h('p', { class: 'muted' }, 'No game is waiting for players right now.');
  return h('ul', { class: 'games' }, open.map((g) => h('li', {},
    `${names[g.game]?.name ?? g.game} · game ${g.id} · ${g.open_seats.length} open seat(s) of ${g.seats.length} `,
    badge(names[g.game]),
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
    }, 'Join'))));
}

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

function newGame(catalogue, bots) {
  const gameSelect = h('select', { id: 'new-game', name: 'game' },
    catalogue.map((g) => h('option', { value: g.id }, g.provisional ? `${g.name} (provisional content)` : g.name)));
  const count = h('select', { id: 'seat-count', name: 'seats', 'aria-describedby': 'seat-range' });
  const seatRange = h('small', { class: 'help', id: 'seat-range' });
  const seatsBox = h('fieldset', { class: 'seats' });
  const optionsBox = h('fieldset', { class: 'options' });
  const provisional = h('p', { class: 'provisional-note' });
  let controls = [];

  const seatRow = (i) => {
    if (i === 0) return h('div', { class: 'seat-row' }, h('span', {}, 'Seat 1'), h('strong', {}, 'You'));
    const select = h('select', { id: `seat-${i}`, 'data-seat': i, 'aria-label': `Seat ${i + 1}` },
      bots.map((b) => h('option', { value: b.level, selected: b.level === 'medium' }, `Bot: ${b.label}`)),
      h('option', { value: 'human' }, 'A person (invite them with a link)'));
    return h('div', { class: 'seat-row' }, h('label', { for: `seat-${i}` }, `Seat ${i + 1}`), select);
  };
  const drawSeats = () => {
    replace(seatsBox, h('legend', {}, 'Seats'), [...Array(Number(count.value)).keys()].map(seatRow));
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
    seatRange.textContent = `${entry.name} is played by ${min === max ? min : `${min} to ${max}`} players.`;
    drawSeats();
    controls = (entry.options || []).map((o) => ({ o, ...optionControl(o) }));
    replace(optionsBox, h('legend', {}, 'Variant'), controls.map((c) => c.node));
    optionsBox.hidden = !controls.length;
    const text = provisionalText(entry);
    provisional.textContent = text ? `${text}: values chosen to make the game playable, not taken from the printed game.` : '';
    provisional.hidden = !text;
  };
  gameSelect.addEventListener('change', drawGame);
  count.addEventListener('change', drawSeats);
  drawGame();

  const submit = h('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create the game');
  return h('form', {
    class: 'card',
    'aria-labelledby': 'new-game-title',
    onsubmit: async (e) => {
      e.preventDefault();
      const options = {};
      for (const { o, read } of controls) {
        const value = read();
        if (value !== undefined) options[o.name] = value;
      }
      const seats = ['human', ...[...seatsBox.querySelectorAll('select')].map((s) => s.value)];
      submit.disabled = true;
      try {
        const created = await post('/api/games', { game: gameSelect.value, options, seats });
        // The game page shows the creator the invitation links to its open seats.
        sessionStorage.setItem(`invites-${created.id}`, JSON.stringify(created.invites));
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
  h('label', { for: 'seat-count' }, 'Players'), count, seatRange,
  seatsBox, optionsBox, submit);
}
