// The lobby: my games (those where it is my turn first), games waiting for players, and a form for a new
// game with its variant and, per seat, a human or a bot of some level. Provisional content is badged.

import { get, post } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';
import { provisionalText, uiFor } from '../games/registry.js';

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

function newGame(catalogue, bots) {
  const gameSelect = h('select', { id: 'new-game', name: 'game' },
    catalogue.map((g) => h('option', { value: g.id }, g.provisional ? `${g.name} (provisional content)` : g.name)));
  const count = h('select', { id: 'seat-count', name: 'seats' });
  const seatsBox = h('fieldset', { class: 'seats' });
  const optionsBox = h('fieldset', { class: 'options' });
  const provisional = h('p', { class: 'provisional-note' });
  let optionInputs = [];

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
  const drawGame = () => {
    const entry = catalogue.find((g) => g.id === gameSelect.value);
    const ui = uiFor(gameSelect.value);
    replace(count, [...Array(ui.seats.max - ui.seats.min + 1).keys()].map((k) => {
      const n = ui.seats.min + k;
      return h('option', { value: n, selected: n === ui.seats.default }, `${n} players`);
    }));
    drawSeats();
    if (ui.options) {
      optionInputs = ui.options.map((o) => ({ o, input: h('input', { type: 'checkbox', id: `opt-${o.key}`, checked: o.default }) }));
      replace(optionsBox, h('legend', {}, 'Variant'),
        optionInputs.map(({ o, input }) => h('div', { class: 'check' }, input, h('label', { for: `opt-${o.key}` }, o.label))));
    } else {
      optionInputs = [{ json: true, input: h('textarea', { id: 'opt-json', rows: 2, placeholder: '{}' }) }];
      replace(optionsBox, h('legend', {}, 'Options (JSON, optional)'), optionInputs[0].input);
    }
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
      let config = {};
      for (const { o, json, input } of optionInputs) {
        if (json) {
          if (input.value.trim()) {
            try {
              config = JSON.parse(input.value);
            } catch (err) {
              notify(`The options are not valid JSON: ${err.message}`);
              return;
            }
          }
        } else {
          config[o.key] = input.checked;
        }
      }
      const seats = ['human', ...[...seatsBox.querySelectorAll('select')].map((s) => s.value)];
      submit.disabled = true;
      try {
        const created = await post('/api/games', { game: gameSelect.value, config, seats });
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
  h('label', { for: 'seat-count' }, 'Players'), count,
  seatsBox, optionsBox, submit);
}
