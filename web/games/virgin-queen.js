// Virgin Queen's page: the diplomacy table drawn from the view (the Diplomatic Status Chart, each power's
// VP and par, keys and hand size, your own cards and treasures, this turn's proposals and your proposal in the
// making, the announcements awaiting approval, captured leaders and the Royal Wedding Table), and the
// choices grouped by what they do — replies and approvals first, then the moves that end a step, then each
// kind of clause a proposal or an announcement may hold — instead of one wall of buttons. Names come from
// the game's board data (`board`): the view carries ids.

import { h } from '../lib/dom.js';
import { actionButtons } from './generic.js';

const POWERS = ['ottoman', 'spain', 'england', 'france', 'hre', 'protestant'];
const SHORT = { ottoman: 'Ott', spain: 'Spa', england: 'Eng', france: 'Fra', hre: 'HRE', protestant: 'Pro' };

/** Draw the game: the choices, then the table. */
export function render({ view, board, actions, act, busy }) {
  const names = nameMaps(board);
  return h('div', { class: 'generic virgin-queen' },
    actions.length ? groupedChoices(actions, act, busy) : null,
    table(view, names));
}

function nameMaps(board) {
  const map = (list) => new Map((list ?? []).map((x) => [x.id, x]));
  return {
    powers: map(board?.powers),
    cards: map(board?.cards),
    treasures: map(board?.treasures),
    leaders: board?.leaders ?? [],
    spaces: map(board?.spaces),
    royals: board?.royals ?? [],
  };
}

/**
 * The kind of a legal action, for grouping: its JSON's only key, and for a clause — added to an
 * announcement or to a proposal, which never happen at the same time — the clause's kind.
 */
function kindOf(action) {
  if (typeof action === 'string') return action;
  const [key] = Object.keys(action);
  if (key === 'add') return `clause:${Object.keys(action.add)[0]}`;
  if (key === 'draft') return `clause:${Object.keys(action.draft.clause)[0]}`;
  return key;
}

const GROUPS = [
  { title: 'The announcement awaiting your approval', kinds: ['approve', 'reject'], open: true },
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
 * The legal actions by group; a long group of clauses or shows starts folded, so the page never opens on a
 * wall of buttons (what asks for an answer, and the moves that end a step, always show).
 */
function groupedChoices(actions, act, busy) {
  const placed = new Set();
  const sections = GROUPS.map((g) => {
    const mine = actions.filter((a) => g.kinds.includes(kindOf(a.action)));
    mine.forEach((a) => placed.add(a));
    return { title: g.title, actions: mine, open: g.open };
  });
  const rest = actions.filter((a) => !placed.has(a));
  if (rest.length) sections.push({ title: 'Other choices', actions: rest });
  return h('section', { class: 'card choices', 'aria-labelledby': 'choices-title' },
    h('h2', { id: 'choices-title' }, 'Your choices'),
    sections.filter((s) => s.actions.length).map((s) => {
      const buttons = actionButtons(s.actions, act, busy);
      const label = `${s.title} (${s.actions.length})`;
      return s.actions.length > 6 && !s.open
        ? h('details', { class: 'choice-group', 'data-key': `group:${s.title}` }, h('summary', {}, label), buttons)
        : h('div', { class: 'choice-group' }, h('h3', {}, label), buttons);
    }));
}

function powerName(names, id) {
  return names.powers.get(id)?.name ?? id;
}

function table(view, names) {
  const t = view.table;
  const played = POWERS.filter((p) => t.seats.some((s) => s.includes(p)));
  return h('section', { class: 'card', 'aria-labelledby': 'table-title' },
    h('h2', { id: 'table-title' }, `Turn ${t.turn} of ${t.config.turns}`),
    chart(t, played),
    powers(view, played, names),
    hands(view, played, names),
    proposals(view, names),
    announcements(view, names),
    people(t, names),
    h('p', { class: 'muted' },
      `Deck ${view.deck} cards · treasure cup ${view.cup} · Portugal's row ${view.portugal_row} · Mercenaries for Hire ${t.hire_track}`));
}

/** The Diplomatic Status Chart between the played powers (§9.2: a box holds At War or Allied, never both). */
function chart(t, played) {
  const cell = (a, b) => {
    if (a === b) return h('td', { class: 'muted' }, '—');
    const s = t.chart[POWERS.indexOf(a)][POWERS.indexOf(b)];
    return h('td', { class: `status-${s}` }, s === 'war' ? 'At war' : s === 'allied' ? 'Allied' : '·');
  };
  return h('div', { class: 'table-wrap' }, h('table', { class: 'status-chart', 'aria-label': 'Diplomatic Status Chart' },
    h('caption', {}, 'Diplomatic Status Chart'),
    h('thead', {}, h('tr', {}, h('th', {}), played.map((p) => h('th', { scope: 'col', title: p }, SHORT[p])))),
    h('tbody', {}, played.map((a) => h('tr', {}, h('th', { scope: 'row' }, SHORT[a]), played.map((b) => cell(a, b)))))));
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

/** The viewer's own hands: the view holds only these. */
function hands(view, played, names) {
  const item = (list, id) => {
    const x = list.get(id);
    return x ? `${x.name} (${x.cp} CP)` : id;
  };
  return played.map((p) => {
    const hand = view.table.hands[POWERS.indexOf(p)];
    if (!hand.cards.length && !hand.treasures.length && !hand.home_aside.length) return null;
    return h('div', { class: 'hand' },
      h('h3', {}, `Your hand: ${powerName(names, p)}`),
      h('ul', {}, hand.cards.map((c) => h('li', {}, item(names.cards, c))),
        hand.treasures.map((x) => h('li', {}, `Treasure (${names.treasures.get(x)?.cp ?? '?'} CP)`))),
      hand.home_aside.length
        ? h('p', { class: 'muted' }, `Set aside: ${hand.home_aside.map((c) => item(names.cards, c)).join(', ')}`)
        : null);
  });
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
