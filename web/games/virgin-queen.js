// Virgin Queen's page: the map of Europe and the Mediterranean (virgin-queen/map.js, real geography from
// web/maps/virgin-queen.js), pannable and zoomable, with each power's home spaces, keys, capitals, ports,
// armies, fleets and leaders; beside it the Diplomatic Status Chart drawn as a chart with each power's VP and
// par (virgin-queen/chart.js) and the viewer's hand as cards. A deal is built where its clauses are played
// (virgin-queen/places.js): a space on the map, a power on the chart, a card in the hand; when several
// clauses share a place, a click lists them at that spot. The choices grouped by what they do stay below as
// the fallback — replies and approvals first, then the moves that end a step, then each kind of clause —
// and under them the tables: each power's figures, this turn's proposals and the one in the making, the
// announcements awaiting approval, captured leaders and the Royal Wedding Table. Names come from the game's
// board data (`board`): the view carries ids.

import { h, lightUp } from '../lib/dom.js';
import { panZoom } from '../lib/panzoom.js';
import { offerHtml } from '../lib/places.js';
import { actionButtons } from './generic.js';
import { chartLegend, drawChart } from './virgin-queen/chart.js';
import { HEIGHT, WIDTH, drawMap, focusOf, mapState } from './virgin-queen/map.js';
import { POWERS, ownerId } from './virgin-queen/palette.js';
import { clauseKind, places } from './virgin-queen/places.js';

// The place picked (whose several actions are listed at it) for the position it was picked in.
let picked = { version: null, place: null };
// The map's first sight on a narrow screen is zoomed in until its spaces are big enough to tap.
const magnified = new Set();
/** The least screen pixels per drawing unit the map starts at on a phone: its markers about 12 px across. */
const LEAST_SCALE = 0.85;

/**
 * Each space's state in one word (controller, units, fleets, leaders) and each power's relations, by the
 * piece's `data-mark`: what the page compares to mark the last turn and the changes (web/lib/marks.js).
 */
export function placeWords(view, board) {
  const st = mapState(view, board);
  const words = new Map();
  (board.spaces ?? []).forEach((sp, i) => {
    const here = st.spaces[i] ?? {};
    const fleets = (st.fleets.get(sp.id) ?? []).map((f) => `${f.owner}${f.kind}${f.count}${f.loaned_to ?? ''}`);
    const leaders = (st.leaders.get(sp.id) ?? []).map((l) => l?.id);
    words.set(sp.id, JSON.stringify([ownerId(here.control), here.units, here.fortress, here.unrest, fleets, leaders]));
  });
  POWERS.forEach((p, i) => words.set(p, String(view.table.chart[i])));
  return words;
}

/** Draw the game: the board (map, chart, hand), the choices, then the tables. */
export function render({ view, board, actions, act, busy, seat, version, redraw }) {
  if (picked.version !== version) picked = { version, place: null };
  const names = nameMaps(board);
  const t = view.table;
  const mine = typeof seat === 'number' ? t.seats[seat] ?? [] : [];
  const played = POWERS.filter((p) => t.seats.some((s) => s.includes(p)));
  const repick = (place) => {
    picked = { ...picked, place };
    redraw();
  };
  const pl = places(actions, act, repick, picked.place, busy, mine, names.spaces);
  // Pointing at a choice's button, or focusing it, lights up its pieces on the board.
  let root = null;
  const hover = (ids) => lightUp(root, ids);
  root = h('div', { class: 'generic virgin-queen', 'data-pick': picked.place ?? '', 'data-hot': '' },
    h('p', { class: 'vq-standing' }, `Turn ${t.turn} of ${t.config.turns}`,
      ` · deck ${view.deck} cards · treasure cup ${view.cup} · Portugal's row ${view.portugal_row} · Mercenaries for Hire ${t.hire_track}`),
    boardCard({ view, board, pl, names, mine, played, repick }),
    actions.length ? groupedChoices(actions, act, busy, pl, hover) : null,
    table(view, names, played));
  return root;
}

function nameMaps(board) {
  const map = (list) => new Map((list ?? []).map((x) => [x.id, x]));
  const powerNames = new Map([...(board?.powers ?? []), ...(board?.minors ?? [])].map((p) => [p.id, p.name]));
  return {
    powers: map(board?.powers),
    powerNames,
    cards: map(board?.cards),
    treasures: map(board?.treasures),
    leaders: board?.leaders ?? [],
    spaces: map(board?.spaces),
    royals: board?.royals ?? [],
  };
}

const zoomButton = (key, text, label, onclick) => h('button', { type: 'button', class: 'zoom', 'data-key': key, 'aria-label': label, title: label, onclick }, text);

/**
 * The board: the map with its zoom buttons, the chart beside it and the hands under both (on a phone the
 * chart and the hands side by side under the map), so that a decision's framed places fit one screen; the
 * actions of a place picked are listed at that place.
 */
function boardCard({ view, board, pl, names, mine, played, repick }) {
  const svg = drawMap({ view, board, pl, names: names.powerNames });
  svg.style.aspectRatio = `${WIDTH} / ${HEIGHT}`;
  const zoom = panZoom(svg, 'vq-europe', WIDTH, HEIGHT, { focus: focusOf(pl), labelSize: 8 });
  if (innerWidth < 700 && !magnified.has('narrow')) {
    magnified.add('narrow');
    requestAnimationFrame(() => {
      const perUnit = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      if (perUnit > 0 && perUnit < LEAST_SCALE) zoom.zoomBy(LEAST_SCALE / perUnit);
    });
  }
  const chart = drawChart({ view, played, pl, names: names.powerNames, mine });
  const mapBox = h('div', { class: 'map-box' }, svg);
  const card = h('section', { class: 'card vq-board', 'aria-labelledby': 'vq-map-title' },
    h('div', { class: 'map-head' },
      h('h2', { id: 'vq-map-title' }, 'Europe, 1559–1598'),
      h('div', { class: 'zoom-buttons', role: 'group', 'aria-label': 'Map zoom' },
        zoomButton('zoom-in', '+', 'Zoom in', () => zoom.zoomBy(1.4)),
        zoomButton('zoom-out', '−', 'Zoom out', () => zoom.zoomBy(1 / 1.4)),
        zoomButton('zoom-fit', 'Fit', 'Fit the map to its box', () => zoom.fit()))),
    h('div', { class: 'vq-board-grid' },
      mapBox,
      h('div', { class: 'vq-chart-box' }, h('h3', {}, 'Diplomatic Status Chart'), chart, chartLegend()),
      handStrip(view, played, names, pl, mine)),
    h('p', { class: 'map-help muted' }, "Glowing: where your choices are played; click one (several there: pick at the spot). Drag to pan once zoomed in; wheel or pinch to zoom. Point at a piece for what it is. Keys are squares, ringed in their home power's colour; a crown marks a capital, a wave a port."));
  if (pl.picked && pl.at(pl.picked).length) card.append(pickedList(pl, names, repick, card));
  return card;
}

/** The name of a place: a space, a power, a card or a treasure. */
function placeName(names, key) {
  return names.spaces.get(key)?.name ?? names.powerNames.get(key) ?? names.cards.get(key)?.name
    ?? (names.treasures.has(key) ? `a treasure (${names.treasures.get(key).cp} CP)` : key);
}

/** The actions of the place picked, in a box at that place (placed once the page is drawn). */
function pickedList(pl, names, repick, card) {
  const box = h('div', { class: 'vq-pick', role: 'group', 'aria-label': `Your choices at ${placeName(names, pl.picked)}` },
    h('h3', {}, `At ${placeName(names, pl.picked)}:`),
    actionButtons(pl.at(pl.picked), pl.act, false),
    h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick(null) }, 'Choose something else'));
  requestAnimationFrame(() => {
    const piece = card.querySelector(`[data-key="place:${CSS.escape(pl.picked)}"]`);
    if (!piece || !box.isConnected) return;
    const c = card.getBoundingClientRect();
    const r = piece.getBoundingClientRect();
    const width = Math.min(box.offsetWidth, c.width - 8);
    box.style.left = `${Math.max(4, Math.min(r.left - c.left + r.width / 2 - width / 2, c.width - width - 4))}px`;
    box.style.top = `${r.bottom - c.top + 6}px`;
  });
  return box;
}

/** The viewer's hands as cards: a card where an action is played (kept, shown, paid) is a framed button. */
function handStrip(view, played, names, pl, mine) {
  const hands = played.filter((p) => mine.includes(p)).map((p) => {
    const hand = view.table.hands[POWERS.indexOf(p)];
    const chip = (id, text, cls, words) => offerHtml('span', id, text, pl, { class: `card-chip ${cls}`, tip: words }, text);
    return h('div', { class: 'vq-hand' },
      h('h3', {}, mine.length > 1 ? `${powerName(names, p)}'s hand` : 'Your hand'),
      h('div', { class: 'chips' },
        hand.cards.map((c) => {
          const card = names.cards.get(c);
          return chip(c, `${card?.name ?? c} · ${card?.cp ?? '?'}`, 'hand-card', `${card?.name ?? c}: ${card?.cp ?? '?'} CP`);
        }),
        hand.treasures.map((x) => chip(x, `Treasure · ${names.treasures.get(x)?.cp ?? '?'}`, 'treasure', `A treasure: ${names.treasures.get(x)?.cp ?? '?'} CP`)),
        hand.home_aside.map((c) => {
          const card = names.cards.get(c);
          return chip(c, `${card?.name ?? c} · ${card?.cp ?? '?'}`, 'hand-card aside', `${card?.name ?? c}: ${card?.cp ?? '?'} CP, a home card set aside`);
        })),
      hand.cards.length || hand.treasures.length || hand.home_aside.length ? null : h('p', { class: 'muted' }, 'No cards.'));
  });
  if (!hands.length) return null;
  return h('div', { class: 'vq-hands' }, hands,
    h('p', { class: 'muted small' }, 'Most card names are provisional, ours after events of the time: the printed cards are in no source we may use.'));
}

const GROUPS = [
  // Approve or reject, a few buttons: the page puts them in its decision bar, under the announcement.
  { title: 'The announcement awaiting your approval', kinds: ['approve', 'reject'], open: true, loose: true },
  { title: 'Proposals awaiting your reply', kinds: ['answer'], open: true },
  { title: 'Announce a proposal as it stands', kinds: ['announce'], open: true },
  { title: 'Move on', open: true, kinds: ['propose', 'undraft', 'publish', 'remove_last', 'done_announcing', 'end_talks', 'done_ransoming', 'done_declaring', 'cancel_declaration'] },
  { title: 'Your home card', kinds: ['keep_home'] },
  { title: 'Peace and alliances', kinds: ['clause:peace', 'clause:alliance'] },
  { title: 'Random cards and treasures', kinds: ['clause:cards', 'clause:treasures'] },
  { title: 'Mercenaries', kinds: ['clause:mercenaries'] },
  { title: 'Political control', kinds: ['clause:transfer'] },
  { title: 'Naval loans', kinds: ['clause:loan'] },
  { title: 'Captured leaders', kinds: ['clause:return_leader', 'ransom'] },
  { title: 'Royal marriages', kinds: ['clause:marriage'] },
  { title: 'Show a card or treasure', kinds: ['show'] },
  { title: 'Declarations of war', kinds: ['declare', 'pay'] },
];

/**
 * The legal actions by group, the fallback to clicking on the board: what asks for an answer and the moves
 * that end a step always show; a long group of clauses or shows starts folded, so the page never opens on
 * a wall of buttons.
 */
function groupedChoices(actions, act, busy, pl, hover) {
  const placed = new Set();
  const onBoard = new Set([...pl.byPlace.values()].flat());
  const sections = GROUPS.map((g) => {
    const list = actions.filter((a) => g.kinds.includes(clauseKind(a.action)));
    list.forEach((a) => placed.add(a));
    return { title: g.title, actions: list, open: g.open, loose: g.loose };
  });
  const rest = actions.filter((a) => !placed.has(a));
  if (rest.length) sections.push({ title: 'Other choices', actions: rest });
  const count = onBoard.size;
  return h('section', { class: 'card choices vq-choices', 'aria-labelledby': 'choices-title' },
    h('h2', { id: 'choices-title' }, 'Your choices'),
    count ? h('p', { class: 'hint' }, `${count} of them are played on the board: click a glowing space, power or card. All are also here.`) : null,
    sections.filter((s) => s.actions.length).map((s) => {
      const buttons = actionButtons(s.actions, act, busy, { hover });
      const label = `${s.title} (${s.actions.length})`;
      const folded = !s.open && s.actions.length > 6;
      return folded
        ? h('details', { class: 'choice-group', 'data-key': `group:${s.title}` }, h('summary', {}, label), buttons)
        : h('div', { class: 'choice-group', 'data-loose': s.loose ? '' : null }, h('h3', {}, label), buttons);
    }));
}

function powerName(names, id) {
  return names.powers.get(id)?.name ?? id;
}

/** The tables under the board: each power's figures, the proposals and announcements, the people. */
function table(view, names, played) {
  const t = view.table;
  return h('section', { class: 'card', 'aria-labelledby': 'table-title' },
    h('h2', { id: 'table-title' }, `Turn ${t.turn} of ${t.config.turns}: the powers and the deals`),
    powers(view, played, names),
    proposals(view, names),
    announcements(view, names),
    people(t, names));
}

/** Each power's figures, and on a row beneath them its leaders in play: a sixth column of names would push
 * the table past a phone's width. */
function powers(view, played, names) {
  const columns = ['Power', 'VP', 'Par', 'Cards', 'Treasures'];
  return h('div', { class: 'table-wrap' }, h('table', { class: 'vq-powers', 'aria-label': 'Powers' },
    h('thead', {}, h('tr', {}, columns.map((k) => h('th', { scope: 'col' }, k)))),
    h('tbody', {}, played.map((p) => {
      const [cards, home, treasures] = view.hand_sizes[POWERS.indexOf(p)];
      const leaders = leadersOf(view.table, p, names);
      return [
        h('tr', { class: leaders ? 'has-leaders' : null }, h('th', { scope: 'row' }, powerName(names, p)),
          h('td', {}, String(view.vp[POWERS.indexOf(p)])), h('td', { title: 'A seat scores by its powers\' VP over par' }, String(view.par[POWERS.indexOf(p)])),
          h('td', {}, String(cards + home)), h('td', {}, String(treasures))),
        leaders ? h('tr', { class: 'leaders' }, h('td', { colspan: columns.length }, h('span', { class: 'muted' }, 'Leaders in play: '), leaders)) : null,
      ];
    }))));
}

/** A power's leaders in play: on the map (where) or on its card, waiting for Spring Deployment (§8.1); empty
 * when it has none. */
function leadersOf(t, power, names) {
  const where = (place) => {
    if (place === 'card') return 'on its card';
    if (place && typeof place === 'object' && place.map) return names.spaces.get(place.map)?.name ?? place.map;
    return null;
  };
  const list = t.leaders
    .map((l, i) => ({ leader: names.leaders[i], at: where(l.place) }))
    .filter((x) => x.leader?.power === power && x.at)
    .map((x) => `${x.leader.name} (${x.at})`);
  return list.join(', ');
}

/** How a party's reply reads after its name (`Reply` in the view; `given` where only the parties know which). */
const REPLIES = { awaited: 'has not replied', agreed: 'agreed', declined: 'declined', given: 'replied' };

/**
 * A package of clauses as a block: its title, badges (each party's reply, who must still approve), and its
 * clauses one to a line, or `unread` where the viewer may not read them.
 */
function packageBlock(tag, cls, title, badges, clauses, unread) {
  return h(tag, { class: `package ${cls}` },
    h('div', { class: 'package-head' }, h('strong', {}, title), badges),
    clauses.length
      ? h('ul', { class: 'clauses' }, clauses.map((c) => h('li', {}, c)))
      : h('p', { class: 'muted' }, unread));
}

/** Proposal `i` of this turn: its author, each other party's reply, whether it was announced, its clauses. */
function proposalBlock(p, i, names) {
  const replies = p.replies.map(([power, reply]) => h('span', { class: `badge reply ${reply}` },
    `${powerName(names, power)} ${REPLIES[reply] ?? reply}`));
  const announced = p.announced ? h('span', { class: 'badge done' }, 'announced') : null;
  return packageBlock('li', 'proposal', `${i + 1}. From ${powerName(names, p.by)}`, [...replies, announced], p.clauses,
    'Only its parties read it.');
}

/**
 * This turn's proposals as the viewer may read them, numbered as the choices number them, and the viewer's
 * own in the making.
 */
function proposals(view, names) {
  const made = view.proposals ?? [];
  const drafts = view.drafts ?? [];
  if (!made.length && !drafts.length) return null;
  return h('div', { class: 'proposals' },
    made.length
      ? [h('h3', {}, 'Proposals this turn'),
        h('p', { class: 'muted' }, 'A proposal binds nobody: only what is announced and approved takes effect.'),
        h('ol', { class: 'package-list' }, made.map((p, i) => proposalBlock(p, i, names)))]
      : null,
    drafts.map((d) => packageBlock('div', 'draft', `${powerName(names, d.by)}'s proposal in the making`, [], d.clauses,
      'No clause yet.')));
}

/** The announcements awaiting approval, which everyone reads, with who must still approve each. */
function announcements(view, names) {
  if (!view.announcements.length) return null;
  return [h('h3', {}, 'Announcements awaiting approval'),
    h('ul', { class: 'package-list' }, view.announcements.map((a) => packageBlock('li', 'announcement',
      `${powerName(names, a.by)}'s announcement`,
      a.waiting.map((p) => h('span', { class: 'badge reply awaited' }, `awaiting ${powerName(names, p)}`)),
      a.clauses, 'No clause.')))];
}

/** Captured leaders and the royals free to marry. */
function people(t, names) {
  const captives = t.leaders
    .map((l, i) => (l.place && typeof l.place === 'object' && l.place.captive
      ? `${names.leaders[i]?.name ?? i} (held by ${powerName(names, l.place.captive)})` : null))
    .filter(Boolean);
  const royals = t.royals
    .map((r, i) => (r.place === 'table' ? `${names.royals[i]?.name ?? i} (${powerName(names, r.controller)})` : null))
    .filter(Boolean);
  return [
    captives.length ? h('p', {}, h('strong', {}, 'Captured leaders: '), captives.join(', ')) : null,
    royals.length ? h('p', {}, h('strong', {}, 'Royal Wedding Table: '), royals.join(', ')) : null,
  ];
}
