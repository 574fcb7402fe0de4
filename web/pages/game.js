// One game's page, for a player, a guest with an invitation, or a spectator.
//
// It keeps the game as this viewer may see it (`GET /api/games/{id}`, then every change pushed over the
// WebSocket), the log of every step in plain words (`/log`), and, while the replay slider looks back, the
// viewer's own view at that step (`/steps/{n}`). The game's own module (games/registry.js) draws the board
// and offers the legal actions; this page adds what every game shares: whose turn it is, the decision in
// one sentence (the server's `prompt`, for this viewer), undo, the seats, the log, the slider, the provisional-content banner and the final scores,
// the chat (table talk, and private channels among some seats, which only their members receive from the
// server), and the clock of a segment the rules time (Virgin Queen's Negotiations). The tab's title and icon
// say when it is this player's turn, and a browser notification does too if the player asked for one.
// A game played with replaced content (`content` in the state) says so at the top, with the entries that
// differ from the shipped content, to players and spectators alike; so does a game made under earlier
// rules and played on under today's (`rules_changes`), with what changed and whether the game still stands.
// When the game jumps ahead by turns the others took (bots, or players while this tab waited), a player
// sees those turns one after another before the game as it now stands (`catchUp`), unless they skip it or
// their browser asks for reduced motion; and the board marks what the last turn of the others changed, and
// what they changed since the player's last decision (web/lib/marks.js, from the game module's
// `placeWords`).

import { api, get, post } from '../lib/api.js';
import { h, lightUp, piecesNamedIn, replace } from '../lib/dom.js';
import { levelNote, levelOptions } from '../lib/levels.js';
import { notify } from '../lib/notice.js';
import { rulesHref } from '../lib/links.js';
import { proposalPanel, proposeButton, rollbackLine, withRollbacks } from './rollback.js';
import { bidPanel } from './bid.js';
import { reviewOf, reviewPart } from './review.js';
import { endPanel } from './ending.js';
import { stateBadge } from '../lib/status.js';
import { gameNotice } from '../lib/content.js';
import { spanWords as span } from '../lib/words.js';
import { pageFor, provisionalText, scopeText, seatName } from '../games/registry.js';
import { bringIntoView, foldable, FRAMED, framedBoxes, freeBand } from '../lib/table.js';
import { showOnMaps } from '../lib/panzoom.js';
import { changedSince, markBoard, marksKey } from '../lib/marks.js';

/** A span of seconds as a clock reads it: `0:45`, `2:05`, `1:00:00`, `3d 4:00:00`. */
function duration(seconds) {
  const d = Math.floor(seconds / 86400);
  const [hours, minutes, secs] = [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60];
  const pad = (n) => String(n).padStart(2, '0');
  if (d) return `${d}d ${hours}:${pad(minutes)}:${pad(secs)}`;
  if (hours) return `${hours}:${pad(minutes)}:${pad(secs)}`;
  return `${minutes}:${pad(secs)}`;
}

export async function show(root, session, id) {
  let state, entry, module, log, bots;
  try {
    state = await get(`/api/games/${id}`);
    [entry, module, log, bots] = await Promise.all([
      // The board of the content this game is played with: a player's own map, when replaced.
      get(`/api/games/${id}/board`),
      pageFor(state.game),
      get(`/api/games/${id}/log`),
      get('/api/bots'),
    ]);
  } catch (e) {
    notify(e.message);
    replace(root, h('p', {}, `Game ${id} could not be opened. `, h('a', { href: '#/lobby' }, 'Back to the lobby')));
    return;
  }

  let past = null; // {step, view, to_act, events} while the slider looks back
  const reviewer = reviewOf(id, () => draw()); // the bot's review, once the game is over
  let busy = false;
  let closed = false;
  let socket = null;
  let pushes = 0; // states pushed by the server so far
  let drawing = false;
  let fillLevel = 'medium'; // the bot level chosen for the open seats, kept across redraws
  let handLevel = 'medium'; // the bot level chosen for a late seat the players may hand over, likewise
  let handable = ''; // the late seats the hand-over panel was drawn for, so the clock's tick redraws it
  let contentOpen = false; // whether the list of replaced content's changes is open, kept across redraws
  // Each change of rules is shown open the first time this browser shows it, folded after that; a reader's
  // own opening or folding holds across redraws.
  const rulesOpen = new Map();
  let chatDraft = ''; // the line being written, and the seats of its private channel, kept across redraws
  const chatTo = new Set();
  let saying = false;
  let chatScroll = null; // where a reader scrolled the chat up to, or null to follow the newest line
  let receivedAt = Date.now(); // when the state's `time_limit.seconds_left` was true
  let hint = null; // the bot's best choices for one version: {version, loading} or {version, hints, iterations}
  let sinceOpen = true; // whether "while you waited" is unfolded, kept across redraws
  let logOpen = false; // below the widest screens the log is a drawer: whether it is pulled out
  let notes = null; // this player's private notes: {text, said} once asked for; `said` is the save's state
  let notesTimer = null;
  // While the others' turns are shown one by one: {at: the step shown, shown: whether one was drawn yet}.
  let catchUp = null;
  let skipped = false; // Skip was pressed: the others' turns go by live until it is my turn again
  let marks = {}; // what changed on the board drawn last: {last, lastBy, changed} (web/lib/marks.js)
  let stepViews = { rollbacks: -1, views: new Map() }; // views after past steps, for the board's marks (viewAt)
  // Bringing each new decision of mine into view. A decision is new when its prompt or its framed places
  // change, or when I have just decided or undone (the same prompt again: the next army to move); a state
  // pushed meanwhile (a chat line, a seat's step beside mine) leaves the page where the reader put it.
  let decided = 0; // my steps (and undos) the server took, on this page
  let broughtKey = null; // the decision last brought into view
  let broughtAt = null; // where the page was scrolled to for it (null: not known, or not brought)
  let statusRead = null; // the bar's text the reader unfolded: shown whole until the text changes
  let crowded = null; // the decision (crowdKey) whose loose choices made the bar too tall: they stay in the card
  const ticker = setInterval(tickClock, 1000);
  const onKey = (e) => { if (e.key === 'Escape' && catchUp) skip(); };
  document.addEventListener('keydown', onKey);
  // A press under way (a tap, a drag of the map) ends before the page is drawn anew: a click pressed on one
  // drawing of a button and released on the next reaches neither, so a bot's step or the log arriving
  // mid-tap would lose the player's choice. A press held past PRESS_HOLD_MS holds nothing back any more.
  let pressed = null; // while the primary button or finger is down: the timer that stops holding the drawing
  let heldDraw = false; // a drawing waits for the press to end
  const release = () => {
    if (pressed === null) return;
    clearTimeout(pressed);
    pressed = null;
    // Asked for now, drawn at the next frame: after the click this release makes.
    if (heldDraw) {
      heldDraw = false;
      draw();
    }
  };
  const onPress = (e) => {
    if (!e.isPrimary || e.button !== 0) return;
    clearTimeout(pressed);
    pressed = setTimeout(release, PRESS_HOLD_MS);
  };
  const onRelease = (e) => { if (e.isPrimary) release(); };
  document.addEventListener('pointerdown', onPress, true);
  document.addEventListener('pointerup', onRelease, true);
  document.addEventListener('pointercancel', onRelease, true);
  window.addEventListener('blur', release);

  const mySeat = () => state.seat;
  // Nobody acts before the start: the server sends no one to act and no legal actions then.
  const acting = () => (state.started ? state.to_act : []);
  const myTurn = () => state.seat !== null && state.seat !== undefined && acting().includes(state.seat);
  // The creator sits in the first seat that is not a bot's: the lobby seats the creator in the first human
  // seat, and open seats get their bots only at the start.
  const isCreator = () => !state.started && mySeat() !== null && mySeat() !== undefined
    && state.seats.find((s) => !s.bot)?.seat === mySeat();

  /** How many times a decision refused as stale, and still open, is sent: a quick bot may move again. */
  const RESENDS = 5;
  const sameAction = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  /**
   * Send one decision of mine; the page is busy until the new state is in, and a refusal is shown. A second
   * click before the page is redrawn sends nothing (and the server answers a repeat of my last action for
   * the same version as done, so a second tab is no error either).
   * Where several seats decide at once (Virgin Queen's talks), another seat's step may land between the
   * click and its arrival: the server refuses the decision as stale and sends the game as it now is. A
   * decision still open to me there (`stillMine`) is sent again for it, since the others' steps did not
   * change what I chose (a rollback meanwhile did: then it is not); otherwise the page shows the game as it
   * is and says why.
   */
  async function send(path, body, done, stillMine = () => false) {
    if (busy) return;
    busy = true;
    draw();
    const rollbacks = state.rollbacks.length;
    try {
      for (let tries = 1; ; tries++) {
        const sent = pushes;
        try {
          await post(`/api/games/${id}/${path}`, { version: state.version, ...body });
          break;
        } catch (e) {
          const now = e.status === 409 ? e.body?.game : null;
          if (!now) throw e;
          accept(now, sent); // takes the newer state at once; the log follows
          if (tries >= RESENDS || state.rollbacks.length !== rollbacks || !stillMine()) throw e;
        }
      }
      decided += 1;
      await refresh();
      if (done) notify(done, 'info');
    } catch (e) {
      notify(e);
    } finally {
      busy = false;
      draw();
    }
  }

  const act = (action) => send('actions', { action }, null,
    () => myTurn() && state.legal_actions.some((a) => sameAction(a.action, action)));
  const undo = () => send('undo', {}, 'Your last step was taken back.');

  /**
   * Take a state pushed or fetched, and bring the log up to it. A reply at the same version to a request
   * sent before the latest push is dropped: a chat line, a rollback proposal and its answers leave the
   * version as it is, and such a reply, older than the push, would take them away. Every change is pushed,
   * so it holds nothing the pushes do not bring.
   */
  async function accept(next, pushesWhenSent = pushes) {
    if (next.version < state.version) return;
    if (next.version === state.version && pushesWhenSent < pushes) return;
    // Before the start, the creator is told who takes a seat.
    if (isCreator()) {
      for (const s of next.seats) {
        if (state.seats[s.seat]?.open && !s.open && s.player) notify(`${s.player} took seat ${s.seat + 1}.`, 'info');
      }
    }
    // A look back at a step the game went back to, or past, is the game as it now stands.
    if (past && (past.step >= next.steps || next.rollbacks.length !== state.rollbacks.length)) {
      past = null;
      catchUp = null;
    }
    const begin = catchUpWanted(next);
    // The others' turns start from the position shown until now, which stays on the page (nothing is drawn)
    // until the log says which turn comes first, or that there is none to show: a single step of another
    // player then shows without a flash. A catch-up under way goes on to the new end.
    if (begin) {
      past = { step: state.steps, view: state.view, to_act: state.to_act ?? [], events: [] };
      catchUp = { at: state.steps, shown: false };
    }
    state = next;
    receivedAt = Date.now();
    if (myTurn()) skipped = false;
    if (state.finished && !reviewer.current()) reviewer.load();
    signalTurn();
    draw();
    logSync = logSync.then(syncLog);
    if (begin) stepThrough(catchUp);
    await logSync;
  }

  /** How long each of the others' turns is shown while catching up, in milliseconds. */
  const TURN_MS = 600;
  /** The most turns shown in one catch-up: a longer wait shows only its last ones. */
  const MOST_TURNS = 10;

  /**
   * Whether to step through what leads to `next`: a player of a running game looking at the live game, and
   * `next` is ahead by a step someone else may have taken (the server pushes each step as it is taken, and
   * bots take theirs within moments, so one step may be the first of many), and the browser does not ask
   * for reduced motion. A step of mine alone (I was the only one to act) is shown at once; whether a longer
   * jump holds any turn of the others is known once the log is in (`nextStop`), and one that holds none (my
   * own step, among others choosing at once) is then shown at once too. A decision of mine that the others'
   * steps go on around (all choosing at once) is not interrupted. Spectators just follow the game live: a
   * game of bots would keep them forever behind.
   */
  function catchUpWanted(next) {
    const seated = mySeat() !== null && mySeat() !== undefined;
    const others = next.steps > state.steps + 1 || acting().some((s) => s !== mySeat());
    const deciding = myTurn() && (next.to_act ?? []).includes(mySeat());
    return !catchUp && !skipped && past === null && seated && state.started && next.started && !deciding
      && next.steps > state.steps && others && next.rollbacks.length === state.rollbacks.length && !calm();
  }

  /** Whether the browser asks for reduced motion: then the game is never stepped through. */
  const calm = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

  /**
   * The next step to show after step `at`: the last step of the next turn (consecutive steps of one seat)
   * before the live one, or null when the rest is live, or holds no turn of the others (my own action).
   */
  function nextStop(at) {
    const ahead = log.filter((x) => x.step > at && x.step <= state.steps);
    if (!ahead.some((x) => x.seat !== mySeat())) return null;
    const stops = turnsOf(ahead).map((t) => t.steps[t.steps.length - 1].step).filter((n) => n < state.steps);
    return stops.length ? stops[Math.max(0, stops.length - MOST_TURNS)] : null;
  }

  /**
   * Show the others' turns one after another, each for TURN_MS, then the live game. `run` is this catch-up:
   * it stops as soon as it is no longer the page's (skipped, a look back with the slider, a rollback). A
   * state arriving meanwhile only moves the end further: the log is awaited again before each turn. The
   * fetches are counted in each turn's time, and one refused (too many looks from this address) or failed
   * ends the catch-up, so that my own choices wait no longer than the turns shown. A browser test holds each
   * turn on the page for as long as it needs (`window.holdCatchUp`, a promise it settles to let the next turn
   * come), so that it acts while the catch-up is certainly under way; nothing else sets it.
   */
  async function stepThrough(run) {
    while (catchUp === run && !closed && !calm()) {
      const due = Date.now() + TURN_MS;
      await logSync;
      const stop = catchUp === run ? nextStop(run.at) : null;
      if (stop === null) break;
      let seen;
      try {
        seen = await get(`/api/games/${id}/steps/${stop}`);
      } catch {
        break;
      }
      if (catchUp !== run) return;
      past = seen;
      run.at = stop;
      run.shown = true;
      draw();
      await Promise.all([new Promise((done) => setTimeout(done, Math.max(0, due - Date.now()))), window.holdCatchUp]);
    }
    if (catchUp === run) endCatchUp();
  }

  /** End the catch-up: the game as it now stands. */
  function endCatchUp() {
    catchUp = null;
    past = null;
    draw();
  }

  /** The player skips the catch-up, and the others' further steps until their turn are not stepped through. */
  function skip() {
    skipped = true;
    endCatchUp();
  }

  /**
   * The view this viewer may see right after step `step`, kept once fetched (`/steps/{n}`) for the marks of
   * what changed; null until it is in, and the page is drawn again then; false when it could not be had
   * (too many looks back from this address): the board then goes without those marks. A rollback starts
   * the store anew.
   */
  function viewAt(step) {
    const rollbacks = state.rollbacks.length;
    if (stepViews.rollbacks !== rollbacks) stepViews = { rollbacks, views: new Map() };
    const { views } = stepViews;
    if (!views.has(step)) {
      views.set(step, null);
      // The few latest are enough: the last decision, and the start of the last turn of the others.
      if (views.size > 8) views.delete(views.keys().next().value);
      get(`/api/games/${id}/steps/${step}`).then((seen) => {
        if (stepViews.views !== views) return;
        views.set(step, seen.view);
        draw();
      }, () => {
        if (stepViews.views !== views) return;
        views.set(step, false);
        draw();
      });
    }
    return views.get(step);
  }

  /**
   * The step right after my last decision, for the board to mark what the others changed since; null before
   * my first decision, and while the slider looks back (the catch-up's positions after my decision keep it).
   */
  function myLastStep() {
    const me = mySeat();
    if (me === null || me === undefined || (past !== null && !catchUp)) return null;
    let last = log.length - 1;
    while (last >= 0 && log[last].seat !== me) last--;
    if (last < 0) return null;
    const step = log[last].step;
    return past !== null && past.step < step ? null : step;
  }

  /**
   * The last turn of another seat up to the position shown (the live game, or the turn a catch-up shows):
   * `{step, seat}`, the step before it and who played it, for the board to mark what it changed; null when
   * there is none, and while the slider looks back.
   */
  function lastTurn() {
    if (past !== null && !catchUp) return null;
    const shown = past ? past.step : state.steps;
    const me = mySeat();
    let end = log.length - 1;
    while (end >= 0 && (log[end].step > shown || log[end].seat === me)) end--;
    if (end < 0) return null;
    let first = end;
    while (first > 0 && log[first - 1].seat === log[end].seat) first--;
    return { step: log[first].step - 1, seat: log[end].seat };
  }

  /**
   * The marks of what changed on the board shown (web/lib/marks.js), from the game's words for its places;
   * `ready` once the positions compared with are in (the board's `data-marks`, for tests to wait on).
   */
  function boardMarks(view) {
    if (!module.placeWords) return {};
    const wordsOf = (v) => module.placeWords(v, entry.board);
    // The log up to the position shown says whose turn was last.
    let ready = log.length >= (past ? past.step : state.steps);
    const at = (step) => {
      const seen = step === null ? null : viewAt(step);
      if (seen === null && step !== null) ready = false;
      return seen || null;
    };
    const turn = lastTurn();
    const then = turn && at(turn.step);
    return {
      last: then ? changedSince(then, view, wordsOf) : new Set(),
      // The seat's own name ("Spain", "Player 2"): "changed in Spain's last turn".
      lastBy: turn && state.seats[turn.seat] ? state.seats[turn.seat].name || `Player ${turn.seat + 1}` : null,
      changed: changedSince(at(myLastStep()), view, wordsOf),
      ready,
    };
  }

  // Log fetches run one after another, each bringing the log up to the latest state it finds, so pushes
  // arriving close together never add a step twice.
  // A rollback agreed since the log was fetched replaced its later steps, so the log is fetched whole.
  let logSync = Promise.resolve();
  let logRollbacks = state.rollbacks.length;
  async function syncLog() {
    const rollbacks = state.rollbacks.length;
    if (state.steps === log.length && rollbacks === logRollbacks) return;
    try {
      if (state.steps < log.length || !log.length || rollbacks !== logRollbacks) {
        log = await get(`/api/games/${id}/log`);
        logRollbacks = rollbacks;
      } else {
        const from = log.length + 1;
        const newer = await get(`/api/games/${id}/log?from=${from}`);
        log = log.slice(0, from - 1).concat(newer);
      }
    } catch (e) {
      notify(e.message);
    }
    draw();
  }

  async function refresh() {
    const sent = pushes;
    await accept(await get(`/api/games/${id}`), sent);
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}/api/games/${id}/ws`);
    socket.onmessage = (m) => {
      pushes += 1;
      accept(JSON.parse(m.data));
    };
    socket.onopen = () => setConnection(true);
    socket.onclose = (e) => {
      setConnection(false);
      // 4401: the session ended elsewhere (a sign-out everywhere, a password change); the page reconnects as
      // a spectator.
      if (e.code === 4401) notify('Your session ended (signed out, or the password was changed): sign in again.');
      if (!closed) setTimeout(() => !closed && connect(), 1500);
    };
  }

  function setConnection(up) {
    const el = document.getElementById('connection');
    if (el) el.textContent = up ? 'Live' : 'Reconnecting…';
    if (el) el.className = up ? 'badge live' : 'badge warn';
  }

  async function lookAt(step) {
    catchUp = null; // a look of one's own ends the catch-up
    if (step >= state.steps) {
      past = null;
      draw();
      return;
    }
    try {
      past = await get(`/api/games/${id}/steps/${step}`);
    } catch (e) {
      notify(e.message);
    }
    draw();
  }

  // --- drawing -------------------------------------------------------------------------------------

  function draw() {
    if (drawing || closed || (catchUp && !catchUp.shown)) return;
    drawing = true;
    requestAnimationFrame(() => {
      drawing = false;
      // A frame asked for before the page was left (a resize, a pushed state) must not draw over the next page,
      // nor one asked for before a catch-up began draw it before its first turn.
      if (closed || (catchUp && !catchUp.shown)) return;
      if (pressed !== null) {
        heldDraw = true;
        return;
      }
      const focused = document.activeElement && document.activeElement.getAttribute('data-key');
      // What the player opened stays open: a folded group of choices, a legend, the list of all choices.
      const opened = new Set([...root.querySelectorAll('details[data-key][open]')].map((d) => d.dataset.key));
      drawPage(opened);
      // Main choices that make the bar take more than its share of the window (long ones on a phone) go
      // back to their card, before the page is shown; the bar's button leads there. Not for a prompt the
      // reader unfolded, which is as tall as they asked.
      const bar = document.getElementById('decision-bar');
      if (bar?.querySelector('.bar-choices') && bar.querySelector('#status.folded')
        && bar.getBoundingClientRect().height > innerHeight * BAR_SHARE) {
        crowded = crowdKey();
        drawPage(opened);
      }
      // A frame later: the maps have taken their boxes' shapes (panzoom.js) by then.
      requestAnimationFrame(() => { if (!closed) bringDecision(); });
      if (focused) {
        const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
        // Given back without scrolling: the page stays where the reader (or the decision brought into view) put it.
        if (again) again.focus({ preventScroll: true });
        // A redraw while typing leaves the caret where the writer was: at the end of the draft.
        if (again && again.tagName === 'TEXTAREA') again.selectionStart = again.selectionEnd = again.value.length;
      }
    });
  }

  /** Draw the page anew, the `opened` details open again. */
  function drawPage(opened) {
    replace(root, page());
    // Once on the page, where the pieces' drawn boxes are known.
    markBoard(root.querySelector('.board-area'), marks);
    for (const d of root.querySelectorAll('details[data-key]')) {
      if (opened.has(d.dataset.key)) d.open = true;
    }
    // The bar's button that reads its folded text whole, where the text runs past the lines shown.
    const status = document.getElementById('status');
    const more = document.getElementById('status-more');
    if (status && more) more.hidden = status.classList.contains('folded') && status.scrollHeight <= status.clientHeight + 1;
    // The page's foot keeps room for a bar fixed to the bottom (a phone), and scrolling keeps clear of it.
    const bar = document.getElementById('decision-bar');
    if (bar) document.documentElement.style.setProperty('--bar-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  }

  function page() {
    const live = past === null;
    const view = live ? state.view : past.view;
    const actions = live && myTurn() ? state.legal_actions : [];
    const ctx = {
      view,
      board: entry.board,
      actions,
      act,
      busy,
      live,
      seat: mySeat(),
      seats: state.seats,
      // Whose decision it is, as the server says: the same for players and spectators.
      toAct: (live ? state.to_act : past.to_act) ?? [],
      names: state.seats.map(seatName),
      version: live ? state.version : `step ${past.step}`,
      redraw: draw,
    };
    marks = boardMarks(view);
    // The marks' key comes last: it appears once the positions compared with are fetched, and would move
    // the board under the reader's pointer if it came first.
    const board = h('div', { class: 'board-area' }, module.render(ctx), marksKey(marks));
    const notesCard = notesPanel();
    return h('article', {
      class: 'game', 'aria-labelledby': 'game-title', 'aria-busy': busy ? 'true' : null, 'data-version': state.version,
    },
      header(),
      decisionBar(board),
      state.finished && live ? endPanel(state, mySeat(), { review: reviewer.current(), ask: reviewer.ask, toReview }) : null,
      h('div', { class: 'game-body' },
        board,
        h('aside', { class: 'side', 'aria-label': 'Players, notes, talk, replay and log' },
          foldable('seats', seatsPanel()), notesCard && foldable('notes', notesCard), foldable('chat', chatPanel()),
          foldable('replay', replayPanel()), logPanel())));
  }

  /**
   * The decision bar, which stays in view (on top on a laptop, at the bottom on a phone): whose decision
   * it is and what, where its choices are (the framed places on `board`, or the choices' buttons), the
   * seat's clock, undo and hint; while the slider looks back, the way back to live.
   */
  function decisionBar(board) {
    const live = past === null;
    const deciding = live && myTurn() && !state.finished;
    const loose = deciding ? barChoices(board) : null;
    const framed = deciding ? board.querySelectorAll(FRAMED).length : 0;
    // Where every choice is in the bar, the card has nothing more to show.
    const allInBar = Boolean(loose) && loose.querySelectorAll('button').length === state.legal_actions.length;
    if (allInBar) loose.dataset.all = '';
    const choicesCard = deciding && !allInBar ? board.querySelector('.choices') : null;
    const showCard = () => choicesCard.isConnected && choicesCard.scrollIntoView({ block: 'start', behavior: calm() ? 'instant' : 'smooth' });
    // A long text (an announcement to approve, a card's whole wording) is folded to a few lines, so that the
    // bar leaves the board room; the reader may unfold it.
    const said = statusText();
    const whole = statusRead === said;
    const where = framed
      ? h('button', {
        type: 'button', id: 'show-places', class: 'where', 'data-key': 'show-places', onclick: () => bringDecision(true),
        title: 'Scroll to the places on the board where your choices are played',
      }, framed === 1 ? 'Show the framed place' : `Show the ${framed} framed places`)
      : choicesCard ? h('button', {
        type: 'button', id: 'show-places', class: 'where', 'data-key': 'show-places',
        onclick: showCard,
      }, state.legal_actions.length === 1 ? 'Show your choice' : `Show your ${state.legal_actions.length} choices`) : null;
    // Main choices left in the card (the bar too tall with them) beside framed places: a way to them too.
    const toCard = framed && choicesCard && crowded === crowdKey() ? h('button', {
      type: 'button', id: 'show-choices', class: 'where', 'data-key': 'show-choices',
      onclick: showCard,
      title: 'Scroll to the choices not played at a place of the board',
    }, 'Other choices') : null;
    return h('section', { id: 'decision-bar', class: deciding ? 'decision-bar mine' : 'decision-bar', 'aria-label': 'The decision' },
      h('div', { class: 'status-row' },
        h('p', { id: 'status', class: `status${deciding ? ' mine' : ''}${whole ? '' : ' folded'}`, 'aria-live': 'polite' }, said),
        // Shown by `draw` where the folded text runs past its lines (or is unfolded).
        h('button', {
          type: 'button', id: 'status-more', 'data-key': 'status-more', hidden: true,
          'aria-controls': 'status', 'aria-expanded': String(whole), onclick: () => { statusRead = whole ? null : said; draw(); },
        }, whole ? 'Fold it' : 'Read it all'),
        barClock(),
        state.time_limit && live ? h('span', {
          id: 'time-limit', class: 'badge clock', role: 'timer', title: 'The time limit the rules set for this segment; when it runs out, the server ends it for everyone still in it',
        }, clockText()) : null,
        where,
        toCard,
        live && state.finished && state.outcome ? h('button', {
          type: 'button', id: 'show-end', class: 'where', 'data-key': 'show-end',
          onclick: () => document.getElementById('end-panel')?.scrollIntoView({ block: 'start', behavior: calm() ? 'instant' : 'smooth' }),
          title: 'Scroll to who won, why the game ended and the final standings',
        }, 'Final standings') : null,
        catchUp ? h('button', {
          type: 'button', id: 'skip-steps', class: 'primary skip-steps', 'data-key': 'skip-steps', onclick: skip,
          title: 'Show the game as it stands now (Escape)',
        }, 'Skip') : null,
        !live && !catchUp ? h('button', {
          type: 'button', class: 'primary', 'data-key': 'back-to-live', onclick: () => lookAt(state.steps),
        }, 'Back to live') : null,
        live && state.can_undo ? h('button', {
          type: 'button', id: 'undo', 'data-key': 'undo', disabled: busy, onclick: undo,
        }, 'Undo my last step') : null,
        deciding && !state.rated ? h('button', {
          type: 'button', id: 'hint-button', 'data-key': 'hint', disabled: busy || Boolean(hint?.loading), onclick: askHint,
          title: 'The bot searches your position, seeing what you see, and shows its three best choices',
          'aria-label': 'Hint: what would the bot do?',
        }, 'Hint') : null),
      loose,
      h('p', { id: 'late', class: 'late', role: 'status', hidden: !lateText() }, lateText()),
      hintPanel());
  }

  /**
   * The decision's main choices for the bar: the game's loose actions (those not played at a place of the
   * board: pass, done, end the turn, yes or no), which its module draws in its choices card inside an
   * element marked `data-loose`. When they are a few, that element itself moves into the bar, where it
   * stays in view (its buttons are drawn once, and keep what they do); more stay in the card, and so do a
   * few that made the bar too tall for this decision (`draw`). A card left with nothing but its heading goes.
   */
  function barChoices(board) {
    const loose = board.querySelector('.choices [data-loose]');
    const count = loose ? loose.querySelectorAll('button').length : 0;
    if (!count || count > BAR_CHOICES || crowded === crowdKey()) return null;
    const card = loose.closest('.choices');
    loose.remove();
    if ([...card.children].every((c) => /^H\d$/.test(c.tagName))) card.remove();
    loose.classList.add('bar-choices');
    loose.setAttribute('role', 'group');
    loose.setAttribute('aria-label', 'Your main choices');
    return loose;
  }

  /** The most loose choices the bar holds; more stay in the game's choices card. */
  const BAR_CHOICES = 4;
  /** The most of the window's height the bar takes with loose choices in it; taller, they stay in the card. */
  const BAR_SHARE = 1 / 3;
  /** The decision the page last found the bar too tall for with its loose choices in it (`draw`). */
  const crowdKey = () => `${decided}|${state.prompt}`;

  /** The clock of the seat to play, in the bar (the seats' panel has every seat's): mine first. */
  function barClock() {
    if (!state.clock || past !== null || !state.started || state.finished) return null;
    const timed = state.seats.filter((s) => acting().includes(s.seat) && s.time_left !== null && s.time_left !== undefined && !s.out_of_time);
    const s = timed.find((x) => x.seat === mySeat()) ?? timed[0];
    if (!s) return null;
    return h('span', {
      id: 'bar-clock', class: 'badge clock', role: 'timer', 'data-bar-clock': s.seat,
      title: 'Time left on this decision, reserve included',
    }, barClockText(s));
  }

  /** "Your time: 1:05 left", "Spain's time: 0:40 left". */
  const barClockText = (s) => `${s.seat === mySeat() ? 'Your time' : `${s.name || `Player ${s.seat + 1}`}'s time`}: ${seatClockText(s)}`;

  // A board that frames one part of the table at a time says which (`data-focus`): turning to another
  // brings its places into view too.
  const decisionKey = () => `${decided}|${state.prompt}|${state.legal_actions.flatMap((a) => a.targets ?? []).sort().join(' ')}`
    + `|${root.querySelector('.board-area [data-focus]')?.dataset.focus ?? ''}`;

  /**
   * Once drawn, bring the framed places of a new decision of mine (or the choices, where the board frames
   * none) into view, clear of the bar; `force`: the bar's "show" button, whatever the decision. Not while
   * the player types (chat, notes, a bid) or has text selected. The article's `data-decision` is then the
   * version whose decision is shown, for tests to wait on, and `data-brought` what was done about it.
   */
  function bringDecision(force = false) {
    const article = root.querySelector('article.game');
    if (!article) return;
    const deciding = past === null && myTurn() && !state.finished && !busy;
    if (!deciding) {
      article.dataset.decision = '';
      return;
    }
    const key = decisionKey();
    const typing = document.activeElement?.matches?.('input:not([type=checkbox]):not([type=range]), textarea, select')
      || String(document.getSelection?.() ?? '') !== '';
    // A redraw (the log arriving, which lengthens "while you waited" above the board) may move the places
    // brought into view: they are brought again, unless the reader has scrolled since.
    const unmoved = broughtKey === key && broughtAt !== null && Math.abs(window.scrollY - broughtAt) < 2;
    if (force || ((key !== broughtKey || unmoved) && !typing)) {
      const board = root.querySelector('.board-area');
      // A map zoomed in (a phone's, or the player's) first moves its window to the places framed on it: on a
      // new decision or when asked, not on a redraw, which would undo the player's own panning.
      if (board && (force || key !== broughtKey)) showOnMaps(board.querySelectorAll(FRAMED));
      const boxes = framedBoxes(board);
      // Where the bar holds every choice, there is nothing on the board to bring.
      const choices = document.querySelector('#decision-bar .bar-choices[data-all]') ? null : board?.querySelector('.choices');
      const band = freeBand(document.getElementById('decision-bar'));
      if (!boxes.length && choices) {
        const r = choices.getBoundingClientRect();
        boxes.push({ top: r.top, bottom: Math.min(r.bottom, r.top + (band.bottom - band.top) / 2) });
      }
      // Nothing to bring yet: the state that draws the decision's places may come a redraw later (with
      // the choices that grow the bar, and the browser moving the page to keep its content in place). The
      // decision is brought then, as a new one, wherever the page stands.
      if (!boxes.length && !force) {
        article.dataset.decision = String(state.version);
        article.dataset.brought = 'nothing yet';
        return;
      }
      const smooth = !calm();
      broughtAt = null;
      const scrolled = bringIntoView(boxes, band, smooth ? 'smooth' : 'instant');
      if (scrolled && smooth) {
        window.addEventListener('scrollend', () => { if (broughtKey === key) broughtAt = window.scrollY; }, { once: true });
      } else {
        broughtAt = window.scrollY;
      }
      article.dataset.brought = `${scrolled ? 'scrolled' : 'in view'} (${boxes.length} places)`;
    } else {
      if (key !== broughtKey) broughtAt = null;
      article.dataset.brought = typing ? 'left: typing' : `left: scrolled since (${broughtAt} then, ${Math.round(window.scrollY)} now)`;
    }
    broughtKey = key;
    article.dataset.decision = String(state.version);
  }

  /** What is provisional, kind by kind, folded: the entries the game made up, and how many it took from the rulebook or references. */
  function provisionalList(sources) {
    const kinds = (sources?.kinds ?? []).filter((k) => k.provisional.length);
    if (!kinds.length) return null;
    return h('details', { class: 'provisional-list', 'data-key': 'provisional-list' },
      h('summary', {}, 'What is provisional'),
      h('ul', {}, ...kinds.map((k) => h('li', {},
        h('strong', {}, `${k.kind}: ${k.provisional.length} of ${k.seed + k.reference + k.provisional.length} provisional`),
        k.seed || k.reference ? ` (${k.seed} from the rulebook, ${k.reference} from public references)` : '',
        h('br'), h('span', { class: 'ids' }, k.provisional.join(', '))))));
  }

  function header() {
    const text = provisionalText(entry);
    return h('header', { class: 'game-head card' },
      h('div', { class: 'title-row' },
        h('h1', { id: 'game-title' }, `${entry.name} · game ${id}`),
        // Looking back is unmistakable: no "Live" badge, no one "to play", and a way back in the status row.
        past === null
          ? stateBadge({ finished: state.finished }, { id: 'connection' })
          : catchUp
            ? h('span', { id: 'catching-up', class: 'badge catching-up' }, `Catching up: step ${past.step} of ${state.steps}`)
            : h('span', { id: 'looking-back', class: 'badge warn' }, `Replay: step ${past.step} of ${state.steps}`),
        mySeat() === null || mySeat() === undefined ? h('span', { class: 'badge', id: 'spectating' }, 'Watching') : null,
        h('span', {
          id: 'rated',
          class: state.rated ? 'badge rated' : 'badge',
          title: state.rated ? 'Counts for the players’ ratings when it ends' : 'Does not count for ratings',
        }, state.rated ? 'Rated' : 'Casual'),
        state.clock ? h('span', { class: 'badge', id: 'game-clock', title: 'The time control: each decision’s allowance, and a reserve for time beyond it' },
          `${span(state.clock.per_move_seconds)} a decision + ${span(state.clock.reserve_seconds)} reserve`
          + (state.clock.bot_after_seconds === undefined ? '' : `; out of time, a bot takes over after ${span(state.clock.bot_after_seconds)}`)) : null,
        h('a', { id: 'rules-link', class: 'rules-link', href: rulesHref(entry.id), title: `The rules of ${entry.name}, section by section, and Imperia's rulings` }, 'Rules')),
      scopeText(entry) ? h('p', { class: 'provisional-note', role: 'note' }, scopeText(entry)) : null,
      text ? h('p', { class: 'provisional-note', role: 'note' },
        `Provisional content: ${text}. They were chosen so the game is complete and playable; the printed game may differ.`) : null,
      text ? provisionalList(entry.sources) : null,
      state.content ? gameNotice(state.content, { open: contentOpen, onToggle: (open) => { contentOpen = open; } }) : null,
      (state.rules_changes || []).map((change) => rulesChangeNote(change, rulesChangeOpen(change))),
      handOverPanel(),
      proposalPanel(id, state, busy, refresh),
      whileYouWaited(),
      bidPanel(id, state, refresh),
      notStarted());
  }

  /**
   * What the others did since this player's last decision, folded into one line per player's turn: the
   * steps a player waited through (bots may take dozens) without scrolling to the log.
   */
  function whileYouWaited() {
    const me = mySeat();
    if (past !== null || me === null || me === undefined || !state.started || !log.length) return null;
    let last = log.length - 1;
    while (last >= 0 && log[last].seat !== me) last--;
    const turns = turnsOf(log.slice(last + 1));
    if (!turns.length) return null;
    const steps = log.length - last - 1;
    return h('details', {
      class: 'since-mine', open: sinceOpen, ontoggle: (e) => { sinceOpen = e.target.open; },
    }, h('summary', {}, last < 0 ? `Before your first decision: ${steps} ${steps === 1 ? 'step' : 'steps'}`
      : `While you waited: ${steps} ${steps === 1 ? 'step' : 'steps'} by ${[...new Set(turns.map((t) => seatName(state.seats[t.seat])))].join(', ')}`),
    h('ul', {}, turns.map(turnLine)));
  }

  const boardArea = () => root.querySelector('.board-area');
  /** Light up the board pieces the log line an event is on names; or none. */
  const lightNamed = (e) => lightUp(boardArea(), piecesNamedIn(boardArea(), e.currentTarget.textContent));
  const unlight = () => lightUp(boardArea(), []);

  /** One player's turn in the log: who, which steps, and what happened; pointing at it lights up the board
   * pieces it names. */
  const turnLine = (t) => h('li', {
    onmouseenter: lightNamed, onmouseleave: unlight, onfocusin: lightNamed, onfocusout: unlight,
  },
    h('button', {
      type: 'button', class: 'link step', title: `See the game as it was after step ${t.steps[t.steps.length - 1].step}`,
      onclick: () => lookAt(t.steps[t.steps.length - 1].step),
    }, t.steps.length === 1 ? `${t.steps[0].step}.` : `${t.steps[0].step}–${t.steps[t.steps.length - 1].step}.`), ' ',
    h('span', { class: 'who' }, seatName(state.seats[t.seat])), ': ',
    t.steps.flatMap((x) => x.events).join('. '));

  /** Ask the bot for its best choices at this version (casual games only: the server refuses in rated ones). */
  async function askHint() {
    hint = { version: state.version, loading: true };
    draw();
    try {
      hint = { ...(await post(`/api/games/${id}/hint`, { version: state.version })), loading: false };
    } catch (e) {
      hint = null;
      notify(e.message);
    }
    draw();
  }

  /**
   * The bot's three best choices for the decision at hand, each with its estimate of this player's chances;
   * pointing at one lights up the pieces it touches on the board, clicking it plays it. Gone once the game
   * moves on.
   */
  function hintPanel() {
    if (!hint || hint.version !== state.version || past !== null || !myTurn()) return null;
    if (hint.loading) return h('p', { class: 'hint-panel muted', role: 'status' }, 'The bot is thinking…');
    const board = () => root.querySelector('.board-area');
    const targetsOf = (action) => state.legal_actions.find((a) => JSON.stringify(a.action) === JSON.stringify(action))?.targets ?? [];
    return h('section', { class: 'hint-panel card', 'aria-labelledby': 'hint-title' },
      h('h2', { id: 'hint-title' }, 'What the bot would do'),
      h('ol', {}, hint.hints.map((x) => {
        const light = (on) => () => lightUp(board(), on ? targetsOf(x.action) : []);
        return h('li', {}, h('button', {
          type: 'button', class: 'action hint', disabled: busy,
          onclick: () => act(x.action), onmouseenter: light(true), onfocus: light(true), onmouseleave: light(false), onblur: light(false),
        }, x.label), ' ', h('span', { class: 'muted' }, `your chances ${Math.round(x.value * 100)}%`));
      })),
      h('p', { class: 'muted' }, `From ${hint.iterations.toLocaleString()} lines of search, seeing only what you see. `,
        'Rated games give no hints, nor do copies of a rated game under way (',
        h('a', { href: rulesHref(entry.id, 'fair-play') }, 'fair play'), ').'));
  }

  /**
   * The status line. While the game runs it is the server's prompt for this viewer ("Player 2 chooses
   * Russia's rondel space", or to Player 2 "you choose …"), which names whose decision it is and what; the
   * page adds only whether it is this viewer's turn, or that the viewer watches.
   */
  function statusText() {
    const prompt = sentence(state.prompt);
    if (catchUp) return `What the others did, turn by turn: step ${past.step} of ${state.steps}${turnWords(past.step)}. Skip to see the game as it stands.`;
    if (past !== null) return `Looking back at step ${past.step} of ${state.steps}. Nothing can be done here; go back to live to play.`;
    // With every seat taken, a game whose sides are bid for waits for the bids, as the server's prompt says.
    const bidsDue = state.bid && !state.seats.some((s) => s.open);
    if (!state.started && isCreator() && !bidsDue) return 'The game has not started: invite the players or give their seats to bots, then start it.';
    if (!state.started) return prompt || 'The game waits for its players.';
    // Who won and why are the end panel's to say, above the board; the bar only says the game is done.
    if (state.finished) return 'The game is over.';
    const waiting = `Waiting for ${state.to_act.map((s) => seatName(state.seats[s])).join(' and ')}.`;
    if (myTurn()) return `Your turn: ${prompt || 'choose one of the actions below.'}`;
    if (mySeat() === null || mySeat() === undefined) return `You are watching. ${prompt || waiting}`;
    return prompt || waiting;
  }

  /** Who played the turn that ended at `step`, and what happened in it: ", Russia (bot): …"; or nothing. */
  function turnWords(step) {
    const end = log.find((x) => x.step === step);
    if (!end) return '';
    let first = log.indexOf(end);
    while (first > 0 && log[first - 1].seat === end.seat) first--;
    const events = log.slice(first, log.indexOf(end) + 1).flatMap((x) => x.events);
    return `, ${seatName(state.seats[end.seat])}${events.length ? `: ${events.join('. ')}` : ''}`;
  }

  /** The prompt as a sentence: its own full stop, unless it ends in one. */
  function sentence(text) {
    const t = typeof text === 'string' ? text.trim() : '';
    return !t || /[.!?…]$/.test(t) ? t : `${t}.`;
  }

  /**
   * Before the start, for the game's creator: the invitation links of the seats still open, and the start,
   * with a bot level for the open seats (the server starts no game with a seat nobody plays). The server
   * gives the links to the creator alone, in any tab.
   */
  function notStarted() {
    if (!isCreator()) return null;
    const open = state.seats.filter((s) => s.open);
    const invites = state.invites ?? [];
    const base = `${location.origin}${location.pathname}`;
    const fill = h('select', {
      id: 'fill-open', 'data-key': 'fill-open', onchange: () => { fillLevel = fill.value; },
    }, levelOptions(bots, state.game, fillLevel));
    const start = h('button', {
      type: 'button',
      id: 'start',
      'data-key': 'start',
      class: 'primary',
      onclick: async () => {
        start.disabled = true;
        try {
          await post(`/api/games/${id}/start`, open.length ? { bots: fill.value } : {});
          await refresh();
        } catch (e) {
          notify(e.message);
        } finally {
          start.disabled = false;
        }
      },
    }, 'Start the game now');
    const note = levelNote(bots, state.game, entry.name);
    const seatWords = (list) => `${list.length > 1 ? 'Seats' : 'Seat'} ${list.map((s) => s.seat + 1).join(', ')}`;
    return h('section', { class: 'start-panel', 'aria-labelledby': 'start-title' },
      h('h2', { id: 'start-title' }, 'Before the start'),
      invites.length ? h('p', {}, 'Send each invited player their link; each works once, for one person:') : null,
      invites.length ? h('ul', { class: 'invite-links' }, invites.map((i) => h('li', {},
        h('span', { class: 'invite-seat' }, `Seat ${i.seat + 1}`),
        // null: made before the server restarted; it keeps only a hash, so the link cannot be shown again,
        // only replaced by a new one.
        i.invite ? [h('code', {}, `${base}#/game/${id}?invite=${i.invite}`), copyButton(i.seat, `${base}#/game/${id}?invite=${i.invite}`)]
          : [h('span', { class: 'muted' }, 'the link sent earlier still works; it cannot be shown again. '),
            h('button', {
              type: 'button', 'data-key': `renew-invite-${i.seat}`,
              onclick: async () => {
                try {
                  await post(`/api/games/${id}/seats/${i.seat}/invite`, {});
                  await refresh();
                } catch (e) {
                  notify(e.message);
                }
              },
            }, 'Make a new link (the earlier one stops working)')]))) : null,

      h('div', { class: 'start-row' },
        open.length ? h('label', { for: 'fill-open' }, `${seatWords(open)}, still open, will be played by`) : null,
        open.length ? fill : h('span', {}, 'Every seat is taken.'),
        start),
      open.length && note ? h('p', { class: 'help level-note', role: 'note' }, note) : null);
  }

  /** A button that copies seat `seat`'s invitation `link`, and says whether it could. */
  function copyButton(seat, link) {
    return h('button', {
      type: 'button', class: 'copy-link', 'data-key': `copy-invite-${seat}`,
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
          notify(`The link for seat ${seat + 1} is copied: paste it into a message to the player.`, 'info');
        } catch {
          // No clipboard here (a page not served over HTTPS, or refused): the link is selectable by hand.
          notify('This browser would not copy the link: select it and copy it by hand.');
        }
      },
    }, `Copy the link for seat ${seat + 1}`);
  }

  /** Opens the replay panel, where the review's marks are, and brings it into view. */
  function toReview() {
    const panel = document.querySelector('[data-panel=replay]');
    if (!panel) return;
    if (!panel.open) panel.open = true;
    panel.scrollIntoView({ block: 'start', behavior: calm() ? 'instant' : 'smooth' });
  }

  /**
   * Seconds left of `seconds` as the server sent them, now; rounded up, so that nothing reads as out of time
   * (and no late seat is offered to be handed over) before the server finds it so.
   */
  const secondsLeft = (seconds) => Math.max(0, Math.ceil(seconds - (Date.now() - receivedAt) / 1000));

  /** What is left of the timed segment, counted down from the last state received. */
  function clockText() {
    const limit = state.time_limit;
    if (!limit) return '';
    const left = secondsLeft(limit.seconds_left);
    return left > 0 ? `${limit.segment}: ${duration(left)} left` : `${limit.segment}: time is up`;
  }

  /** A seat's clock while its decision runs: the time it has left, counting down. */
  const seatClockText = (s) => {
    const left = secondsLeft(s.time_left);
    return left > 0 ? `${duration(left)} left` : 'out of time';
  };

  /**
   * Who has run out of time on the decision at hand, and what follows, for everyone at the table: the game's
   * clock hands the seat to a bot after a grace, or else the other players may.
   */
  function lateText() {
    if (!state.clock || past !== null) return '';
    const late = lateSeats();
    if (!late.length) return '';
    const named = late.map((s) => (s.seat === mySeat() ? 'you' : seatName(s))).join(' and ');
    const who = named[0].toUpperCase() + named.slice(1);
    const grace = state.clock.bot_after_seconds;
    // In a rated game the seat going to a bot is the loss, on the rating, of whoever ran out.
    const rated = state.rated ? ' In a rated game that is a loss on the rating, then and there.' : '';
    if (grace === undefined) return `${who} ran out of time: the other players may hand the seat to a bot.${rated}`;
    const over = Math.max(...late.map((s) => (Date.now() - receivedAt) / 1000 - s.time_left));
    const left = Math.max(0, Math.round(grace - over));
    return `${who} ran out of time: a bot takes the seat ${left > 0 ? `in ${duration(left)}` : 'now'}.${rated}`;
  }

  /** The seats out of time on the decision at hand. */
  const lateSeats = () => state.seats.filter((s) => acting().includes(s.seat) && s.time_left !== null
    && s.time_left !== undefined && secondsLeft(s.time_left) <= 0);

  /**
   * The late seats this player may hand to a bot (`POST …/seats/{seat}/bot`): the others', where the clock
   * leaves it to the players rather than handing them over itself.
   */
  function handableSeats() {
    const me = mySeat();
    const seated = me !== null && me !== undefined;
    if (!state.clock || state.clock.bot_after_seconds !== undefined || past !== null || !seated) return [];
    return lateSeats().filter((s) => s.seat !== me && !s.bot);
  }
  const handableKey = () => handableSeats().map((s) => s.seat).join();

  /** For each late seat this player may hand over: a bot level the game offers, and the button. */
  function handOverPanel() {
    const late = handableSeats();
    handable = handableKey();
    if (!late.length) return null;
    const note = levelNote(bots, state.game, entry.name);
    return h('section', { class: 'hand-over', 'aria-label': 'Late seats' },
      late.map((s) => {
        const level = h('select', {
          id: `hand-level-${s.seat}`, 'data-key': `hand-level-${s.seat}`, onchange: () => { handLevel = level.value; },
        }, levelOptions(bots, state.game, handLevel));
        const give = h('button', {
          type: 'button',
          'data-key': `hand-over-${s.seat}`,
          onclick: async () => {
            give.disabled = true;
            try {
              await post(`/api/games/${id}/seats/${s.seat}/bot`, { bot: level.value });
              await refresh();
              notify(`${seatName(s)}'s seat is now played by a bot.`, 'info');
            } catch (e) {
              notify(e.message);
            } finally {
              give.disabled = false;
            }
          },
        }, 'Give the seat to the bot');
        return h('div', { class: 'hand-over-row' },
          h('label', { for: `hand-level-${s.seat}` }, `${seatName(s)} is out of time. Play the seat by`), level, give);
      }),
      note ? h('p', { class: 'help level-note', role: 'note' }, note) : null);
  }

  /** Whether the note of `change` is open: at first sight in this browser, or as the reader left it. */
  function rulesChangeOpen(change) {
    const key = rulesChangeKey(id, change);
    if (!rulesOpen.has(key)) {
      const seen = localStorage.getItem(key) !== null;
      localStorage.setItem(key, 'seen');
      rulesOpen.set(key, !seen);
    }
    return { open: rulesOpen.get(key), key, onToggle: (open) => rulesOpen.set(key, open) };
  }

  function tickClock() {
    if (closed) {
      clearInterval(ticker);
      return;
    }
    const el = document.getElementById('time-limit');
    if (el) el.textContent = clockText();
    const late = document.getElementById('late');
    if (late) {
      late.textContent = lateText();
      late.hidden = !late.textContent;
    }
    if (handableKey() !== handable) draw();
    const barClock = document.getElementById('bar-clock');
    const barSeat = barClock && state.seats[Number(barClock.dataset.barClock)];
    if (barSeat) barClock.textContent = barClockText(barSeat);
    for (const badge of root.querySelectorAll('[data-seat-clock]')) {
      const s = state.seats[Number(badge.dataset.seatClock)];
      if (s && s.time_left !== null && s.time_left !== undefined) badge.textContent = seatClockText(s);
    }
  }

  /** A seat's short name in the chat: the game's name for it and the player ("Spain (anton)"). */
  const speaker = (seat) => seatName(state.seats[seat]);

  /**
   * The chat: the lines the server lets this viewer read (table talk, and the private channels it is in),
   * newest at the bottom; for a seated player, a line to write and the seats of a private channel to
   * choose (none chosen: the whole table, spectators included).
   */
  function chatPanel() {
    const me = mySeat();
    const seated = me !== null && me !== undefined;
    const lines = state.chat || [];
    const list = h('ol', { id: 'chat', 'aria-live': 'polite' }, lines.map((l) => {
      const others = l.to ? l.to.filter((s) => s !== l.seat) : null;
      return h('li', { class: l.to ? 'private' : '' },
        h('span', { class: 'who' }, speaker(l.seat)),
        l.to ? h('span', { class: 'badge channel', title: `Only ${l.to.map(speaker).join(', ')} read this` },
          `to ${others.map((s) => (s === me ? 'you' : state.seats[s]?.name || `Player ${s + 1}`)).join(', ')}`) : null,
        // <bdi>: a line in another script keeps its own direction without turning the speaker's name around.
        ': ', h('bdi', {}, l.text));
    }));
    // The newest line in view, unless the reader scrolled up to read: then the list stays where it was.
    list.addEventListener('scroll', () => {
      chatScroll = list.scrollTop + list.clientHeight >= list.scrollHeight - 8 ? null : list.scrollTop;
    });
    requestAnimationFrame(() => { list.scrollTop = chatScroll ?? list.scrollHeight; });
    const empty = lines.length ? null : h('p', { class: 'muted' }, seated
      ? 'Nothing said yet. Talk to the whole table, or choose seats below for a private channel.'
      : 'Nothing said at the table yet. Private channels are read by their members only.');
    if (!seated) return h('section', { class: 'card chat', 'aria-labelledby': 'chat-title' }, h('h2', { id: 'chat-title' }, 'Table talk'), empty, list);
    const choose = state.seats.filter((s) => s.seat !== me).map((s) => h('label', { class: 'channel-seat' },
      h('input', {
        type: 'checkbox', 'data-key': `chat-to-${s.seat}`, checked: chatTo.has(s.seat),
        onchange: (e) => { if (e.target.checked) chatTo.add(s.seat); else chatTo.delete(s.seat); draw(); },
      }), ' ', seatName(s)));
    // The rules may close private channels (Virgin Queen: outside the Negotiations); a line meant to be
    // private is then never sent to the table by surprise: the seats must be unticked first.
    const shut = state.private_talk_closed;
    const blocked = Boolean(shut && chatTo.size);
    const audience = blocked
      ? `No private channel now: ${shut}. Untick the seats to speak to the whole table.`
      : chatTo.size
        ? `Private: only you and ${[...chatTo].sort((a, b) => a - b).map(speaker).join(', ')} read it.`
        : `To the whole table: every player and spectator reads it.${shut ? ` (No private channel now: ${shut}.)` : ''}`;
    const text = h('textarea', {
      id: 'chat-text', 'data-key': 'chat-text', rows: 2, maxlength: 500, placeholder: 'Say something…',
      'aria-describedby': 'chat-audience', oninput: (e) => { chatDraft = e.target.value; },
      onkeydown: (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); say(); } },
    });
    text.value = chatDraft;
    return h('section', { class: 'card chat', 'aria-labelledby': 'chat-title' },
      h('h2', { id: 'chat-title' }, 'Talk'),
      empty, list,
      h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); say(); } },
        h('fieldset', {}, h('legend', {}, 'Private channel with'), choose),
        h('label', { for: 'chat-text', class: 'visually-hidden' }, 'Message'),
        text,
        h('p', { id: 'chat-audience', class: blocked ? 'warn-text' : 'muted' }, audience),
        h('button', { type: 'submit', class: 'primary', 'data-key': 'chat-send', disabled: saying || blocked }, chatTo.size ? 'Send in private' : 'Send to the table')));
  }

  /** Send the draft to the chosen channel; on success the draft is cleared and the chat refreshed. */
  async function say() {
    const text = chatDraft.trim();
    if (!text || saying || (state.private_talk_closed && chatTo.size)) return;
    saying = true;
    draw();
    try {
      await post(`/api/games/${id}/chat`, chatTo.size ? { text, to: [...chatTo].sort((a, b) => a - b) } : { text });
      chatDraft = '';
      chatScroll = null; // one's own line is shown
      await refresh();
    } catch (e) {
      notify(e.message);
    } finally {
      saying = false;
      draw();
    }
  }

  /**
   * The player's private notes: only they read them (the server keeps them apart from the game). Saved a
   * moment after typing stops, and when the field is left.
   */
  function notesPanel() {
    if (mySeat() === null || mySeat() === undefined) return null;
    if (notes === null) {
      notes = { text: '', said: 'Loading…' };
      get(`/api/games/${id}/notes`)
        .then((n) => { notes = { text: n.text, said: '' }; draw(); })
        .catch((e) => { notes.said = `Not loaded: ${e.message}`; draw(); });
    }
    // The line under the field, as it is on the page when the save ends (a redraw may have replaced it).
    const say = (text) => {
      notes.said = text;
      const line = document.getElementById('notes-said');
      if (line) line.textContent = text;
    };
    const save = async () => {
      clearTimeout(notesTimer);
      if (notes.said !== 'Not saved yet') return;
      say('Saving…');
      try {
        await api('PUT', `/api/games/${id}/notes`, { text: notes.text });
        say('Saved');
      } catch (e) {
        say(`Not saved: ${e.message}`);
      }
    };
    return h('section', { class: 'card notes', 'aria-labelledby': 'notes-title' },
      h('h2', { id: 'notes-title' }, 'My notes'),
      h('textarea', {
        id: 'notes', 'data-key': 'notes', rows: 4, maxlength: 10000, 'aria-labelledby': 'notes-title', 'aria-describedby': 'notes-said',
        placeholder: 'Plans, reminders, who promised what: only you read these.',
        // Read-only until the saved notes arrive, which would otherwise replace what was typed meanwhile.
        readonly: notes.said === 'Loading…',
        oninput: (e) => {
          notes.text = e.target.value;
          say('Not saved yet');
          clearTimeout(notesTimer);
          notesTimer = setTimeout(save, 800);
        },
        onblur: save,
      }, notes.text),
      h('small', { id: 'notes-said', class: 'muted', 'aria-live': 'polite' }, notes.said));
  }

  /** A seat's time: counting down while its decision runs, else the reserve it has left. */
  function seatClock(s) {
    if (s.time_left !== null && s.time_left !== undefined && !s.out_of_time) {
      return h('span', { class: 'badge clock', role: 'timer', 'data-seat-clock': s.seat, title: 'Time left on this decision, reserve included' },
        seatClockText(s));
    }
    return s.reserve_left !== null && s.reserve_left !== undefined
      ? h('span', { class: 'muted seat-reserve' }, `${duration(Math.max(0, s.reserve_left))} in reserve`) : null;
  }

  function seatsPanel() {
    return h('section', { class: 'card', 'aria-labelledby': 'seats-title' },
      h('h2', { id: 'seats-title' }, 'Seats'),
      h('ul', { class: 'seat-list' }, state.seats.map((s) => {
        const toPlay = past === null && acting().includes(s.seat);
        return h('li', { class: toPlay ? 'acting' : '' },
          toPlay ? h('span', { class: 'badge turn' }, 'To play') : null, ' ',
          s.player ? h('a', { href: `#/player/${encodeURIComponent(s.player)}`, title: `${s.player}'s ratings and games` }, seatName(s))
            : seatName(s),
          s.seat === mySeat() ? h('strong', {}, ' · you') : null,
          // A bot account: a program its owner entered, marked as such wherever it sits.
          s.bot_owner ? h('span', { class: 'badge bot-account', 'data-bot-owner': s.bot_owner, title: `A program entered by ${s.bot_owner}` },
            `Bot · ${s.bot_owner}`) : null,
          s.forfeit ? h('span', { class: 'badge warn', title: s.forfeit }, 'Forfeited') : null,
          s.out_of_time ? h('span', { class: 'badge warn' }, 'Out of time') : null,
          state.clock && past === null ? seatClock(s) : null);
      })),
      notifyToggle());
  }

  // Whose turn it is reaches a player who is in another tab: the tab's title and icon say so, and, if the
  // player asked, the browser shows a notification when the turn comes while the page is hidden.
  let wasMyTurn = false;
  const title = `${entry.name} · game ${id} — Imperia`;
  function signalTurn() {
    const mine = state.started && !state.finished && myTurn();
    document.title = mine ? `● Your turn — ${title}` : title;
    setIcon(mine ? TURN_ICON : BLANK_ICON);
    if (mine && !wasMyTurn && document.hidden && wantsNotifications()) {
      try {
        // The prompt is said to this player ("you choose …"): a sentence of its own here, so a capital.
        const body = sentence(state.prompt).replace(/^./, (c) => c.toUpperCase());
        new Notification(`Your turn in ${entry.name} (game ${id})`, { body, tag: `imperia-game-${id}` });
      } catch {
        // A browser that will not show one here (some want a service worker) just keeps the title.
      }
    }
    wasMyTurn = mine;
  }

  function notifyToggle() {
    if (mySeat() === null || mySeat() === undefined || typeof Notification === 'undefined') return null;
    const box = h('input', {
      type: 'checkbox', id: 'notify-turns', 'data-key': 'notify-turns', checked: wantsNotifications(),
      onchange: async () => {
        if (!box.checked) {
          localStorage.removeItem(NOTIFY_KEY);
          return;
        }
        const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
        if (permission === 'granted') {
          localStorage.setItem(NOTIFY_KEY, 'on');
        } else {
          box.checked = false;
          notify('This browser does not allow notifications from this site; its site settings can change that.');
        }
      },
    });
    return h('p', { class: 'notify-turns' }, box, ' ', h('label', { for: 'notify-turns' }, 'Notify me when it is my turn and this tab is hidden'));
  }

  function replayPanel() {
    const at = past ? past.step : state.steps;
    const slider = h('input', {
      type: 'range', id: 'replay', min: 0, max: state.steps, value: at, step: 1, 'data-key': 'replay',
      'aria-valuetext': `step ${at} of ${state.steps}`,
    });
    let pending = null;
    // Touching the slider ends a catch-up at once, so that its next turn does not redraw the slider away.
    slider.addEventListener('pointerdown', () => { catchUp = null; });
    slider.addEventListener('input', () => {
      catchUp = null;
      clearTimeout(pending);
      pending = setTimeout(() => lookAt(Number(slider.value)), 150);
    });
    const step = (d) => lookAt(Math.max(0, Math.min(state.steps, at + d)));
    return h('section', { class: 'card replay', 'aria-labelledby': 'replay-title' },
      h('h2', { id: 'replay-title' }, 'Replay'),
      h('label', { for: 'replay' }, past ? `Looking at step ${at} of ${state.steps}` : `Live: step ${state.steps}`),
      slider,
      reviewPart(state, reviewer.current(), { lookAt, at }),
      h('div', { class: 'replay-buttons' },
        h('button', { type: 'button', 'data-key': 'replay-back', disabled: at === 0, onclick: () => step(-1) }, '◀ Step back'),
        h('button', { type: 'button', 'data-key': 'replay-forward', disabled: past === null, onclick: () => step(1) }, 'Step forward ▶'),
        past ? h('button', { type: 'button', id: 'live', class: 'primary', onclick: () => lookAt(state.steps) }, 'Back to live') : null,
        past ? proposeButton(id, state, at, refresh) : null),
      past && past.events.length ? h('p', { class: 'muted' }, `At this step: ${past.events.join('. ')}.`) : null);
  }

  /**
   * The log, newest first: one line per player's turn (consecutive steps of one seat), empty steps left
   * out. Beside the board on the widest screens; below them, a drawer pulled out by a button that stays in
   * the corner, so the log is one click away however far down the board goes.
   */
  function logPanel() {
    const shown = log.slice(-200);
    const toggle = () => { logOpen = !logOpen; draw(); };
    return [
      logOpen ? null : h('button', {
        type: 'button', class: 'log-toggle', 'data-key': 'log-toggle', 'aria-expanded': 'false', 'aria-controls': 'log-panel', onclick: toggle,
      }, 'Game log'),
      h('section', { id: 'log-panel', class: logOpen ? 'card log open' : 'card log', 'aria-labelledby': 'log-title' },
        h('button', { type: 'button', class: 'log-close', 'data-key': 'log-close', 'aria-expanded': 'true', onclick: toggle }, 'Close'),
        h('h2', { id: 'log-title' }, 'Game log'),
        log.length > 200 ? h('p', { class: 'muted' }, `The last 200 of ${log.length} steps; the slider reaches them all.`) : null,
        h('ul', { id: 'log' }, withRollbacks(turnsOf(shown), state.rollbacks).reverse()
          .map((item) => (item.rollback ? rollbackLine(state, item.rollback) : turnLine(item))))),
    ];
  }

  if (state.finished) reviewer.load();
  signalTurn();
  draw();
  connect();
  return () => {
    closed = true;
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onPress, true);
    document.removeEventListener('pointerup', onRelease, true);
    document.removeEventListener('pointercancel', onRelease, true);
    window.removeEventListener('blur', release);
    clearTimeout(pressed);
    reviewer.stop();
    clearInterval(ticker);
    if (socket) socket.close();
    document.title = 'Imperia';
    setIcon(BLANK_ICON);
  };
}

/** Where this browser keeps that it has shown game `id`'s change of rules to `change.to`. */
const rulesChangeKey = (id, change) => `imperia.rules-change.${id}.${change.to}`;

/**
 * A change of rules the game went through (`rules_changes` in the state): the versions, what changed, and
 * whether the game as played still stands under the new rules; folded to its first line once seen.
 */
function rulesChangeNote(change, { open, key, onToggle }) {
  return h('details', {
    class: 'content-note rules-change', role: 'note', 'aria-label': 'A change of rules', 'data-key': key, open,
    ontoggle: (e) => onToggle(e.target.open),
  },
  h('summary', {}, h('strong', {}, `The rules changed since this game began (rules version ${change.from} to ${change.to}).`)),
  change.changes.length ? h('ul', {}, change.changes.map((c) => h('li', {}, c))) : null,
  h('p', {}, change.standing));
}

/**
 * Steps of the log grouped into turns: consecutive steps of one seat, with the steps that say nothing (a
 * choice whose effect comes later, as seen by this viewer) left out.
 */
function turnsOf(steps) {
  const turns = [];
  for (const step of steps) {
    if (!step.events.length) continue;
    const turn = turns[turns.length - 1];
    if (turn && turn.seat === step.seat) turn.steps.push(step);
    else turns.push({ seat: step.seat, steps: [step] });
  }
  return turns;
}

/**
 * The longest a press holds back the page's drawing: a tap takes well under a second, a drag of the map a
 * few; a release the page never hears of (the button let go outside the window) stops holding it then.
 */
const PRESS_HOLD_MS = 5000;

/** Where the choice to be notified of one's turns is kept, per browser. */
const NOTIFY_KEY = 'imperia.notify-turns';
const wantsNotifications = () => typeof Notification !== 'undefined' && Notification.permission === 'granted'
  && localStorage.getItem(NOTIFY_KEY) === 'on';

/** The tab's icon: none, or a red dot while it is this player's turn. */
const BLANK_ICON = 'data:,';
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#c0392b'/></svg>")}`;

function setIcon(href) {
  const link = document.querySelector('link[rel=icon]');
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
