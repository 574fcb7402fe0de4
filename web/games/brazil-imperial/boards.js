// Brazil: Imperial's player boards, the viewer's first: the colour and nation, who plays it, the score,
// the ruler (its ability as a tooltip; secret until everyone has chosen), the personal supply (n/5), the
// units (on the board, in the supply, on the map and where), the seven action spaces with their frames,
// the item crafted onto each, the era token under it and the action token where it stands; the items,
// the privilege cards, the goals (the viewer's own face up with their conditions, others' as a count,
// declared ones face up), the battle and opportunity hands (the viewer's face up with their texts, others'
// as counts), the palaces left and the exploration tokens kept. On the viewer's own board, a piece, space,
// item, goal or card where a legal action is played is a button (places.js).

import { h, s } from '../../lib/dom.js';
import { botLevel } from '../registry.js';
import { bagEntries, colour, piece, roman } from './palette.js';
import { NO_PLACES, offerHtml } from './places.js';

/** The boards of every seat, the viewer's first. */
export function boardsPanel({ board, view, seat, seats, pl, acting }) {
  const t = view.table;
  const order = [...t.players.keys()];
  if (seat !== null && seat !== undefined && order.includes(seat)) order.sort((a, b) => (a === seat ? -1 : b === seat ? 1 : a - b));
  const ctx = {
    board, view, t,
    rulers: new Map(board.rulers.map((r) => [r.id, r])),
    units: new Map(board.units.map((u) => [u.id, u])),
    privileges: new Map(board.privileges.map((p) => [p.id, p])),
    goals: new Map(board.goals.map((g) => [g.id, g])),
    battle: new Map(board.battle_cards.map((c) => [c.id, c])),
    opportunities: new Map(board.opportunities.map((c) => [c.id, c])),
    finds: new Map(board.exploration.map((e) => [e.id, e])),
    map: board.maps.find((m) => m.id === t.map) ?? board.maps[0],
  };
  return h('section', { class: 'brazil-boards', 'aria-label': 'Player boards' },
    order.map((s2) => playerBoard(s2, s2 === seat, ctx, seats?.[s2], s2 === seat ? pl : NO_PLACES, acting.includes(s2))));
}

/** A place on one's own board (a button when an action is played there); on another's, plain text. */
function spot(mine, tag, key, name, pl, props, ...children) {
  if (!mine) return h(tag, { ...props, title: props.title ?? name }, ...children);
  return offerHtml(tag, key, name, pl, props, ...children);
}

function playerBoard(seat, mine, ctx, who, pl, acting) {
  const { t, view, board } = ctx;
  const p = t.players[seat];
  const info = board.colours.find((c) => c.id === p.colour);
  const paint = colour(p.colour);
  const hidden = view.hidden[seat] ?? {};
  const score = view.scores?.[seat];
  const ruler = p.ruler ? ctx.rulers.get(p.ruler) : null;
  return h('section', {
    class: `card player-board${mine ? ' me' : ''}${acting ? ' acting' : ''}`, 'data-seat': seat, 'aria-labelledby': `board-title-${seat}`,
  },
    h('div', { class: 'board-head' },
      h('span', { class: 'seat-disc', style: `background:${paint.colour};color:${paint.ink}`, 'aria-hidden': 'true' }, paint.letter),
      h('h3', { id: `board-title-${seat}` }, `${info?.name ?? p.colour} (${info?.nation ?? ''})`),
      h('span', { class: 'muted who' }, who ? who.player ?? (who.bot ? `bot, ${botLevel(who.bot)}` : 'open seat') : ''),
      mine ? h('strong', {}, '· you') : null,
      acting ? h('span', { class: 'badge turn' }, 'To play') : null,
      score ? h('span', { class: 'vp', title: scoreWords(score) }, `${score.total} VP`) : null),
    h('p', { class: 'ruler' }, h('span', { class: 'term' }, 'Ruler: '),
      ruler ? h('span', { class: 'ruler-name', title: ruler.text, tabindex: '0' }, ruler.name)
        : h('span', { class: 'muted' }, p.ready ? 'chosen, secret until everyone has chosen' : 'not chosen yet'),
      ruler ? h('span', { class: 'ruler-text' }, ` — ${ruler.text}`) : null),
    supplyRow(p, mine, pl),
    unitsRow(seat, p, info, ctx),
    spacesRow(p, mine, ctx, pl),
    itemsRow(p, mine, ctx, pl),
    cardsRow(p, mine, hidden, ctx, pl),
    extrasRow(p, ctx));
}

function scoreWords(sc) {
  const parts = [['units', 'units'], ['items', 'items'], ['privileges', 'privileges'], ['goals', 'goals'], ['cards', 'cards'],
    ['finds', 'exploration'], ['palaces', 'palaces'], ['tokens', 'tokens'], ['bonuses', 'bonuses']]
    .filter(([k]) => sc[k]).map(([k, w]) => `${w} ${sc[k]}`);
  return `${sc.total} VP so far${parts.length ? `: ${parts.join(', ')}` : ''}; ${sc.science_buildings} science buildings (tie-break)`;
}

/** A piece as HTML: a square (resource) or a disc (gold, science) with its code. */
export function pieceTag(kind, n, props = {}) {
  const p = piece(kind);
  return h('span', { class: `piece-tag${p.round ? ' round' : ''}`, title: `${n} ${kind}`, ...props },
    h('span', { class: 'piece-swatch', style: `background:${p.colour};color:${p.ink}` }, p.code),
    n > 1 ? h('span', { class: 'piece-n' }, `×${n}`) : null);
}

function supplyRow(p, mine, pl) {
  const held = bagEntries(p.supply);
  const total = held.reduce((sum, [, n]) => sum + n, 0);
  return h('div', { class: 'board-row supply-row' },
    h('span', { class: 'term' }, 'Personal supply '),
    h('span', { class: `supply-count${total > 5 ? ' over' : ''}`, 'data-count': 'supply' }, `${total}/5`),
    // Not framed here: a payment's pieces are in the choices card, at the top (choices.js), and what is given
    // back to the supply is one of the grouped buttons, so that a decision's places stay on one screen.
    h('span', { class: 'supply-pieces' }, held.length ? held.map(([kind, n]) => spot(mine, 'span', `supply:${kind}`,
      `${n} ${kind} in the personal supply`, NO_PLACES, { class: 'supply-piece' }, pieceTag(kind, n))) : h('span', { class: 'muted' }, ' empty')));
}

function unitsRow(seat, p, info, ctx) {
  const ids = info?.units ?? [];
  const where = (spot2) => {
    if (spot2 === 'board') return 'on the board';
    if (spot2 === 'supply') return 'in the supply';
    if (spot2 === 'gone') return 'out of the game';
    const hex = ctx.map.hexes[spot2.map];
    const place = ctx.map.places?.find((x) => x.hex === hex?.hex);
    return `at ${place ? `${place.name} (${hex.hex})` : hex?.hex ?? '?'}`;
  };
  const counts = { board: 0, supply: 0, map: 0 };
  for (const x of p.units) counts[typeof x === 'string' ? x : 'map'] = (counts[typeof x === 'string' ? x : 'map'] ?? 0) + 1;
  return h('details', { class: 'board-row units-row', 'data-key': `units-${seat}` },
    h('summary', {}, h('span', { class: 'term' }, 'Units '),
      `${counts.map} on the map · ${counts.supply} in the supply · ${counts.board} on the board`),
    h('ul', { class: 'unit-list' }, ids.map((id, k) => {
      const u = ctx.units.get(id);
      const spot2 = p.units[k];
      return h('li', { class: `unit-line ${typeof spot2 === 'string' ? spot2 : 'map'}` },
        h('strong', {}, u?.name ?? id), ` (strength ${u?.strength ?? '?'}${u?.ability && u.ability !== 'none' ? `, ${abilityWords(u.ability)}` : ''}) `,
        h('span', { class: 'muted' }, `${where(spot2)}${spot2 === 'board' && u ? ` · costs ${u.cost}` : ''}`));
    })));
}

const abilityWords = (a) => ({ cities: 'founds cities', carries: 'carries units', adjacent: 'attacks an adjacent hex' }[a] ?? a);

/** A frame's shape as a small drawing. */
function shapeIcon(shape) {
  const sides = { square: 4, pentagon: 5, octagon: 8 }[shape];
  if (!sides) return null;
  const pts = Array.from({ length: sides }, (_, k) => {
    const a = (2 * Math.PI * k) / sides - Math.PI / 2 + (sides === 4 ? Math.PI / 4 : sides === 8 ? Math.PI / 8 : 0);
    return `${(7 * Math.cos(a)).toFixed(2)},${(7 * Math.sin(a)).toFixed(2)}`;
  }).join(' ');
  return s('svg', { class: 'shape-icon', width: 16, height: 16, viewBox: '-8 -8 16 16', role: 'img', 'aria-label': shape },
    s('polygon', { points: pts, class: `shape ${shape}` }));
}

const ERA_BONUS = { 1: 'look at a face-down exploration token', 2: 'draw 1 battle card' };

function spacesRow(p, mine, ctx, pl) {
  const { board, t } = ctx;
  return h('div', { class: 'board-row spaces-row' },
    h('span', { class: 'term' }, 'Action spaces'),
    h('ol', { class: 'spaces' }, board.spaces.map((sp, k) => {
      const item = board.items.find((it, i) => p.items[i] && p.items[i].space === sp.id);
      const under = p.under?.[k];
      const here = p.token === sp.id;
      const words = [`${sp.name}`, sp.frame ? `${sp.frame} frame` : 'no frame (cannot be upgraded)'];
      if (item) words.push(`upgraded by ${item.name}`);
      if (under) words.push(`era ${roman(under)} token under it: ${ERA_BONUS[under] ?? 'a bonus'} when activated`);
      if (here) words.push(`the action token stands here`);
      if (p.last === sp.id && !here) words.push('used last turn');
      const name = words.join('; ');
      return h('li', {}, spot(mine, 'div', `space:${sp.id}`, name, pl, { class: `space-tile${here ? ' token-here' : ''}${item ? ' upgraded' : ''}` },
        h('span', { class: 'space-name' }, sp.name),
        h('span', { class: 'space-marks' },
          sp.frame ? shapeIcon(sp.frame) : null,
          item ? h('span', { class: 'item-on', title: item.name }, item.name) : null,
          under ? h('span', { class: 'era-token under', title: `era ${roman(under)} token under it` }, roman(under)) : null,
          here ? h('span', { class: 'action-token', title: 'the action token' }, `▲${roman(t.era)}`) : null)));
    })));
}

function itemsRow(p, mine, ctx, pl) {
  const { board } = ctx;
  const where = (f) => (f === 'ruler' ? 'on the ruler\'s board' : f === 'museum' ? 'in the museum' : `on ${board.spaces.find((sp) => sp.id === f.space)?.name ?? f.space}`);
  return h('div', { class: 'board-row items-row' },
    h('span', { class: 'term' }, 'Items'),
    h('ul', { class: 'chips' }, board.items.map((it, k) => {
      const f = p.items[k];
      const name = `${it.name}: ${it.shape}, costs ${it.cost}, ${it.vp} VP${f ? `; crafted, ${where(f)}` : ''}`;
      return h('li', {}, spot(mine, 'span', `item:${it.id}`, name, pl, { class: `chip item-chip${f ? ' done' : ''}` },
        shapeIcon(it.shape), ` ${it.name}`, f ? ' ✓' : h('span', { class: 'chip-note' }, ` ${it.cost}`)));
    })));
}

function cardsRow(p, mine, hidden, ctx, pl) {
  const privileges = p.privileges.map((id) => ctx.privileges.get(id)).filter(Boolean);
  const goals = p.goals ?? [];
  return h('div', { class: 'board-row cards-row' },
    h('div', {}, h('span', { class: 'term' }, 'Privileges '),
      privileges.length ? h('ul', { class: 'chips' }, privileges.map((c) => h('li', {},
        h('span', { class: `chip privilege-chip back-${c.back}`, title: `${c.name} (${c.vp} VP): ${c.text}`, tabindex: '0' }, c.name)))) : h('span', { class: 'muted' }, 'none')),
    h('div', {}, h('span', { class: 'term' }, 'Goals '),
      goals.length ? h('ul', { class: 'goal-list' }, goals.map((held) => goalCard(held, mine, ctx, pl))) : null,
      !mine && hidden.goals ? h('span', { class: 'muted', 'data-count': 'goals' }, `${hidden.goals} in hand, face down`) : null,
      !mine && hidden.dealt ? h('span', { class: 'muted' }, ' (still choosing)') : null,
      !goals.length && !hidden.goals ? h('span', { class: 'muted' }, 'none') : null),
    hand('Battle cards', 'battle', p.battle, hidden.battle, mine, ctx.battle, pl),
    hand('Opportunity cards', 'opportunity', p.opportunities, hidden.opportunities, mine, ctx.opportunities, pl));
}

/** A goal card: face up (its era, name, each task's VP and conditions, the tasks declared). */
function goalCard(held, mine, ctx, pl) {
  const g = ctx.goals.get(held.goal);
  if (!g) return null;
  const declared = held.done !== 0;
  const tasks = g.tasks.map((task, k) => h('li', { class: held.done & (1 << k) ? 'declared' : '' },
    h('span', { class: 'task-vp' }, `${task.vp} VP`), ' ', task.conditions.join(', '), held.done & (1 << k) ? ' ✓' : ''));
  const name = `Era ${roman(g.era)} goal ${g.name}: ${g.tasks.map((task) => `${task.vp} VP for ${task.conditions.join(', ')}`).join('; ')}${declared ? ' (declared)' : ''}`;
  return h('li', {}, spot(mine, 'div', `goal:${g.id}`, name, pl, { class: `goal-card${declared ? ' declared' : ''}` },
    h('span', { class: 'goal-head' }, h('span', { class: 'era-token' }, roman(g.era)), ' ', h('strong', {}, g.name), declared ? h('span', { class: 'badge done' }, 'declared') : null),
    h('ul', { class: 'tasks' }, tasks)));
}

function hand(title, kind, cards, count, mine, info, pl) {
  let body;
  if (mine) {
    body = cards.length ? h('ul', { class: 'chips' }, cards.map((id) => {
      const c = info.get(id);
      return h('li', {}, spot(true, 'span', `${kind}:${id}`, `${c?.name ?? id}: ${c?.text ?? ''}`, pl, { class: `chip card-chip ${kind}` },
        h('strong', {}, c?.name ?? id), h('span', { class: 'card-text' }, c?.text ?? '')));
    })) : h('span', { class: 'muted' }, 'none');
  } else {
    body = h('span', { class: count ? '' : 'muted', 'data-count': kind }, count ? `${count} in hand` : 'none');
  }
  return h('div', {}, h('span', { class: 'term' }, `${title} `), body);
}

function extrasRow(p, ctx) {
  const left = (p.palaces ?? []).map((on, k) => (on ? roman(k + 2) : null)).filter(Boolean);
  const finds = (p.finds ?? []).map((id) => ctx.finds.get(id)?.name ?? id);
  return h('div', { class: 'board-row extras-row' },
    h('span', {}, h('span', { class: 'term' }, 'Palaces left '), left.length ? left.join(' ') : 'none'),
    finds.length ? h('span', {}, h('span', { class: 'term' }, ' · Exploration tokens kept '), finds.join(', ')) : null,
    p.parked?.length ? h('span', {}, h('span', { class: 'term' }, ' · On Coroados '), p.parked.map((e) => `era ${roman(e)}`).join(', ')) : null);
}

