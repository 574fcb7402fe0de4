// The decisions of Brazil: Imperial that are not a click on the board, and the words around those that
// are. The setup's secret choice (one goal of each era's two, and a ruler) and a battle's secret
// commitment (up to three battle cards chosen in one's hand, then committed face down) have panels of
// their own; a payment says what is owed and for what, with the personal supply's pieces and the cards in
// hand as buttons (a token's pieces are paid from its framed hex on the map). A place picked on the board
// lists its actions (a hex's builds, a unit's moves); everything else (Done, end the turn, no palace, the
// Market's exchanges, a resource to take…) is a small set of grouped buttons. Every legal action is also
// in the full list of choices, each labelled by the server.

import { h, lightWhilePointed } from '../../lib/dom.js';
import { pieceTag } from './boards.js';
import { hexName } from './map.js';
import { bagEntries, bagWords, roman } from './palette.js';
import { PANEL_KINDS, argsOf, capital, isMove, kindOf, placeOf } from './places.js';

// The setup's choice and the cards picked for a battle, for the position they were picked in.
let setup = { version: null, keep: [null, null, null], ruler: null };
let commit = { version: null, picked: [] };

const HEX = /\br\d+c\d+\b/g;

/**
 * An action's label for people: the server's, as a sentence, its hexes named by their towns where they
 * have one; with `here` (a hex), the words placing it there are left out, the list being headed by it.
 */
function labelOf(a, map, here = null) {
  let text = a.label;
  if (here) text = text.replace(new RegExp(` (?:at|from|onto) ${here}\\b`), '');
  return capital(text.replace(HEX, (id) => (map.places?.some((p) => p.hex === id) ? hexName(map, id) : id)));
}

/** What an action costs or gives, from the board: a second line under its label, or null. */
function noteOf(a, board) {
  const args = argsOf(a.action);
  const find = (list, id) => board[list].find((x) => x.id === id);
  switch (kindOf(a.action)) {
    case 'build': {
      const b = find('buildings', args.building);
      return b && `costs ${args.alt ? b.alt_cost : b.cost} · makes ${b.produces} · ${b.vp} VP`;
    }
    case 'found': {
      const c = find('cities', args.city);
      return c && `costs ${c.cost} · ${c.vp} VP`;
    }
    case 'recruit': {
      const u = find('units', args.unit);
      return u && `strength ${u.strength} · first recruit costs ${u.cost}`;
    }
    case 'take': {
      const p = find('privileges', args.card);
      return p && `costs ${p.cost} · ${p.vp} VP`;
    }
    case 'craft': {
      const it = find('items', args.item);
      return it && `costs ${it.cost} · ${it.vp} VP`;
    }
    case 'play': case 'pay_card': {
      const c = find('opportunities', args.card);
      return c && c.text;
    }
    default:
      return null;
  }
}

/**
 * One button per action, labelled for people (labelOf), with what it costs under it. Its board pieces are
 * in `data-targets`; pointing at it, or focusing it, calls `hover(targets)` (and `hover([])` after).
 */
export function buttons(actions, { act, busy, hover, map, board, here = null, primary = false }) {
  return h('div', { class: 'action-list' }, actions.map((a) => {
    const targets = a.targets ?? [];
    const note = noteOf(a, board);
    const button = h('button', {
      type: 'button',
      class: `action${primary ? ' primary' : ''}`,
      'data-key': `action:${JSON.stringify(a.action)}`,
      'data-targets': targets.length ? targets.join(' ') : null,
      disabled: busy,
      onclick: () => act(a.action),
    }, labelOf(a, map, here), note ? h('span', { class: 'action-note' }, note) : null);
    if (hover && targets.length) lightWhilePointed(button, hover, targets);
    return button;
  }));
}

const GROUPS = [
  { title: 'Give back to the supply', kinds: ['return'] },
  { title: 'Discard', kinds: ['discard_battle', 'discard_opportunity'] },
  { title: 'This action', kinds: ['done', 'gather', 'exchange'] },
  { title: 'Take a resource', kinds: ['gain'] },
  { title: 'Palace', kinds: ['no_palace'] },
  { title: 'Pay with battle cards', kinds: ['afonso'] },
  { title: 'Goal to draw', kinds: ['quilombo'] },
  { title: 'Refill the display from', kinds: ['refill'] },
  { title: "The winner's unit to defeat", kinds: ['defeat'] },
  { title: 'Declare a goal', kinds: ['declare'] },
  { title: 'Play a card', kinds: ['play'] },
  { title: 'Your turn', kinds: ['end'] },
];

/** Actions played on one's own board that are listed among the buttons too: a phone's board is far below. */
const HANDY = new Set(['return', 'discard_battle', 'discard_opportunity', 'declare', 'play']);

/** What a place key is, in words, for the list of the actions played there. */
function placeWords(key, board, map) {
  const [kind, id] = key.includes(':') ? key.split(/:(.*)/) : [null, key];
  const name = (list) => board[list].find((x) => x.id === id)?.name ?? id;
  if (kind === null) return hexName(map, key).replace(/^hex/, 'Hex');
  if (kind === 'space') return `${name('spaces')} space`;
  if (kind === 'privilege') return name('privileges');
  if (kind === 'item') return name('items');
  if (kind === 'goal') return `Goal ${name('goals')}`;
  if (kind === 'battle') return name('battle_cards');
  if (kind === 'opportunity') return name('opportunities');
  if (kind === 'supply') return `${id} from your supply`;
  return key;
}

const WHERE = {
  hex: 'hex on the map', space: 'action space on your board', privilege: 'card in the privilege display',
  item: 'item on your board', goal: 'goal on your board', supply: 'piece of your supply', battle: 'card in your hand',
  opportunity: 'card in your hand',
};

/** What the framed places of these actions are, in words: "hex on the map or action space on your board". */
function whereWords(actions) {
  const where = new Set();
  for (const a of actions) {
    const key = isMove(a) ? a.targets[0] : placeOf(a);
    if (!key) continue;
    where.add(WHERE[key.includes(':') ? key.split(':')[0] : 'hex'] ?? 'place on your board');
  }
  const list = [...where];
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : list[0];
}

export function choicesPanel(ctx) {
  const { actions, act, busy, board, map, view, pl, hover, repick, version, seat } = ctx;
  const common = { act, busy, hover, map, board };
  const loose = actions.filter((a) => !isMove(a) && (placeOf(a) === null || HANDY.has(kindOf(a.action))) && !PANEL_KINDS.has(kindOf(a.action)));
  const prepare = actions.filter((a) => kindOf(a.action) === 'prepare');
  const commits = actions.filter((a) => kindOf(a.action) === 'commit');
  const pending = view.table.pending?.at(-1);
  let body;
  if (prepare.length) {
    body = setupPanel(prepare, ctx);
  } else if (commits.length) {
    body = commitPanel(commits, ctx);
  } else if (pl.from) {
    const here = pl.here(pl.from);
    const to = pl.picked.place ? pl.destinations.get(pl.picked.place) ?? [] : [];
    body = to.length ? [
      h('p', { class: 'hint' }, `From ${hexName(map, pl.from)} to ${hexName(map, pl.picked.place)}: choose one.`),
      buttons(to, common),
    ] : [
      h('p', { class: 'hint', id: 'where-to-click' }, `Units at ${hexName(map, pl.from)}: click a framed hex to move or attack there${here.length ? ', or choose below' : ''}.`),
      here.length ? buttons(here, { ...common, here: pl.from }) : null,
    ];
    body.push(h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick({ from: null, place: null }) }, 'Choose something else'));
  } else if (pl.picked.place) {
    body = [
      h('p', { class: 'hint' }, `${placeWords(pl.picked.place, board, map)}: choose one.`),
      buttons(pl.here(pl.picked.place), { ...common, here: pl.picked.place }),
      h('button', { type: 'button', class: 'link', 'data-key': 'unpick', onclick: () => repick({ place: null }) }, 'Choose something else'),
    ];
  } else {
    const where = whereWords(actions.filter((a) => !PANEL_KINDS.has(kindOf(a.action))));
    const groups = GROUPS.map((g) => ({ ...g, actions: loose.filter((a) => g.kinds.includes(kindOf(a.action))) }));
    const rest = loose.filter((a) => !GROUPS.some((g) => g.kinds.includes(kindOf(a.action))));
    if (rest.length) groups.push({ title: 'Other choices', actions: rest });
    body = [
      pending?.pay && pending.pay.seat === seat ? paymentPanel(pending.pay, actions, ctx) : null,
      where ? h('p', { class: 'hint', id: 'where-to-click' }, `Click a framed ${where}${loose.length ? ', or choose below' : ''}.`) : null,
      // The loose actions: the page puts them in its decision bar when they are a few (web/pages/game.js).
      h('div', { class: 'choice-groups', 'data-loose': loose.length ? '' : null }, groups.filter((g) => g.actions.length).map((g) => h('div', { class: 'choice-group' },
        h('h3', {}, g.title), buttons(g.actions, { ...common, primary: g.kinds.includes('end') || g.kinds.includes('done') })))),
    ];
  }
  return h('section', { class: 'card choices brazil-choices', 'aria-labelledby': 'choices-title' },
    h('h2', { id: 'choices-title' }, 'Your choices'),
    body,
    h('details', { class: 'all-actions', 'data-key': 'all-actions' },
      h('summary', {}, `All ${actions.length} choices as a list`),
      buttons(actions, common)));

  function paymentPanel(pay, all) {
    const owed = bagEntries(pay.need.pieces);
    const supply = all.filter((a) => kindOf(a.action) === 'pay' && !argsOf(a.action).from);
    const tokens = all.filter((a) => kindOf(a.action) === 'pay' && argsOf(a.action).from);
    const cards = all.filter((a) => ['pay_card', 'pay_battle'].includes(kindOf(a.action)));
    return h('div', { class: 'payment', 'aria-labelledby': 'pay-title' },
      h('h3', { id: 'pay-title' }, `To pay for ${purchaseWords(pay.then, board, map)}`),
      h('p', { class: 'owed' }, 'Still owed: ',
        owed.map(([kind, n]) => pieceTag(kind, n)), owed.length && pay.need.any ? ' + ' : '',
        pay.need.any ? h('span', { class: 'any' }, `${pay.need.any} of any resource`) : null,
        h('span', { class: 'muted' }, pay.need.exact ? ' (exactly these: no substitutes)' : ' (gold stands for any resource, science for gold or any resource)')),
      // With nothing else loose, the supply's few pieces go to the decision bar, beside what is owed: on a
      // phone the hexes paid from and the panel above the map need not then fit one screen together.
      supply.length ? h('div', { class: 'pay-from', 'data-loose': loose.length ? null : '' }, h('span', { class: 'term' }, 'From your supply: '),
        supply.map((a) => {
          const kind = argsOf(a.action).piece;
          return h('button', {
            type: 'button', class: 'pay-piece choice', disabled: busy, 'data-key': `pay:${kind}`, 'data-target': `supply:${kind}`,
            'aria-label': capital(a.label), title: capital(a.label), onclick: () => act(a.action),
          }, pieceTag(kind, 1), ` ${kind}`);
        })) : null,
      tokens.length ? h('p', { class: 'pay-from' }, h('span', { class: 'term' }, 'From your tokens: '),
        `click a framed hex on the map (${[...new Set(tokens.map((a) => a.targets[0]))].map((id) => hexName(map, id)).join(', ')})`) : null,
      cards.length ? h('div', { class: 'pay-from' }, h('span', { class: 'term' }, 'With a card: '), buttons(cards, common)) : null);
  }

  function setupPanel(list) {
    if (setup.version !== version) setup = { version, keep: [null, null, null], ruler: null };
    const dealt = view.table.dealt?.[seat] ?? [];
    const goals = new Map(board.goals.map((g) => [g.id, g]));
    const rulers = [...new Set(list.map((a) => argsOf(a.action).ruler))];
    const rulerInfo = new Map(board.rulers.map((r) => [r.id, r]));
    const chosen = list.find((a) => {
      const { keep, ruler } = argsOf(a.action);
      return ruler === setup.ruler && keep.every((g, era) => g === setup.keep[era]);
    });
    const missing = setup.keep.filter((g) => !g).length + (setup.ruler ? 0 : 1);
    const redraw = ctx.redraw;
    return h('div', { class: 'setup-panel' },
      h('p', { class: 'hint' }, 'Keep one goal of each era (the other goes under its deck) and choose your ruler. Nobody sees your choice until everyone has made theirs.'),
      h('div', { class: 'setup-eras' }, dealt.map((pair, era) => h('fieldset', { class: 'setup-era' },
        h('legend', {}, `Era ${roman(era + 1)} goal`),
        pair.map((id) => {
          const g = goals.get(id);
          const on = setup.keep[era] === id;
          return h('button', {
            type: 'button', class: `goal-pick${on ? ' on' : ''}`, 'aria-pressed': on ? 'true' : 'false', 'data-key': `keep:${era}:${id}`,
            onclick: () => { setup.keep[era] = id; redraw(); },
          }, h('strong', {}, g?.name ?? id),
          h('ul', { class: 'tasks' }, (g?.tasks ?? []).map((task) => h('li', {}, h('span', { class: 'task-vp' }, `${task.vp} VP`), ' ', task.conditions.join(', ')))));
        })))),
      h('fieldset', { class: 'setup-rulers' }, h('legend', {}, 'Ruler'),
        rulers.map((id) => {
          const r = rulerInfo.get(id);
          const on = setup.ruler === id;
          return h('button', {
            type: 'button', class: `ruler-pick${on ? ' on' : ''}`, 'aria-pressed': on ? 'true' : 'false', 'data-key': `ruler:${id}`,
            onclick: () => { setup.ruler = id; redraw(); },
          }, h('strong', {}, r?.name ?? id), h('span', { class: 'ruler-text' }, r?.text ?? ''));
        })),
      h('button', {
        type: 'button', class: 'primary', 'data-key': 'setup-confirm', disabled: busy || !chosen,
        onclick: () => chosen && act(chosen.action),
      }, chosen ? `Keep these goals and rule as ${rulerInfo.get(setup.ruler)?.name ?? setup.ruler}` : `Choose ${missing} more`));
  }

  function commitPanel(list) {
    if (commit.version !== version) commit = { version, picked: [] };
    const t = view.table;
    const me = t.players[seat];
    const hand = me?.battle ?? [];
    const cards = new Map(board.battle_cards.map((c) => [c.id, c]));
    const b = (t.pending ?? []).map((p) => p.battle).filter(Boolean).pop();
    const attacking = b && b.attacker === seat;
    const chosen = commit.picked.map((k) => hand[k]).sort();
    const match = list.find((a) => JSON.stringify([...argsOf(a.action).cards].sort()) === JSON.stringify(chosen));
    const none = list.find((a) => argsOf(a.action).cards.length === 0);
    const redraw = ctx.redraw;
    const hex = b ? map.hexes[b.at]?.hex : null;
    return h('div', { class: 'commit-panel' },
      h('p', { class: 'hint' }, `${attacking ? 'You attack' : 'You defend'}${hex ? ` at ${hexName(map, hex)}` : ''}. `,
        'Choose up to 3 battle cards from your hand: they are committed face down, and revealed once both sides have committed.'),
      hand.length ? h('ul', { class: 'commit-hand' }, hand.map((id, k) => {
        const on = commit.picked.includes(k);
        const c = cards.get(id);
        return h('li', {}, h('button', {
          type: 'button', class: `battle-pick${on ? ' on' : ''}`, 'aria-pressed': on ? 'true' : 'false', 'data-key': `commit-card:${k}`,
          disabled: busy || (!on && commit.picked.length >= 3),
          onclick: () => {
            commit.picked = on ? commit.picked.filter((x) => x !== k) : [...commit.picked, k];
            redraw();
          },
        }, h('strong', {}, c?.name ?? id), h('span', { class: 'card-text' }, c?.text ?? '')));
      })) : h('p', { class: 'muted' }, 'You hold no battle card.'),
      h('div', { class: 'button-row' },
        h('button', {
          type: 'button', class: 'primary', 'data-key': 'commit', disabled: busy || !match,
          onclick: () => match && act(match.action),
        }, chosen.length ? `Commit ${chosen.length} card${chosen.length === 1 ? '' : 's'} face down` : 'Commit no card'),
        chosen.length && none ? h('button', { type: 'button', 'data-key': 'commit-none', disabled: busy, onclick: () => act(none.action) }, 'Commit no card') : null));
  }
}

/** What a payment buys, in words. */
function purchaseWords(then, board, map) {
  const kind = kindOf(then);
  const a = argsOf(then);
  const name = (list, id) => board[list].find((x) => x.id === id)?.name ?? id;
  // A purchase names its hex by its number in the map's list.
  const hex = typeof a.at === 'number' ? map.hexes[a.at]?.hex : a.at;
  const at = hex ? ` at ${hexName(map, hex)}` : '';
  switch (kind) {
    case 'recruit': return `recruiting the ${name('units', a.unit)}${at}`;
    case 'take': return `taking ${name('privileges', a.card)}`;
    case 'build': return `building a ${name('buildings', a.building)}${at}`;
    case 'found': return `founding ${name('cities', a.city)}${at}`;
    case 'renew': return `${a.flip ? 'flipping' : 'renewing'} the building${at}`;
    case 'craft': return `crafting ${name('items', a.item)}`;
    case 'trade': return `a Market exchange (${bagWords(a.gives)})`;
    default: return kind;
  }
}
