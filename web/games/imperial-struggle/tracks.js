// The tracks and displays around Imperial Struggle's map: the turn track and where the game stands, the
// victory-point track (France wins at 30, Britain at 0), each power's debt against its limit, treaty
// points and navy box, this round's award tiles and global demand, the investment tiles on display (a
// tile one may take is a button), and the 22 advantage tiles with their holders. A track or box where a
// legal action is played (taking debt, a treaty point, building a squadron, drawing an event) is a button.

import { h } from '../../lib/dom.js';
import { offerHtml } from '../../lib/places.js';
import { tip } from '../../lib/tooltip.js';
import { AP, POWERS, TURN_TRACK, commodity, eraOf, flag } from './palette.js';

/** The phase of the view: its key ("Actions", "Ministries", "War", …) and its fields. */
export function phaseOf(view) {
  const p = view.phase;
  if (typeof p === 'string') return { key: p, data: {} };
  const key = Object.keys(p)[0];
  return { key, data: p[key] };
}

/** Where the game stands in one line: "Peace round 1 of 6 · Succession era · Britain's turn 2 of 4". */
export function standing(view, board) {
  const { key, data } = phaseOf(view);
  const place = TURN_TRACK[Math.min(view.turn, 9)];
  const parts = [place.war ? `${place.name}` : `Peace round ${view.round} of 6`, `${eraOf(view.turn)} era`];
  if (key === 'Actions') parts.push(`${flag(data.active).name}'s turn ${Math.floor(data.number / 2) + 1} of 4`);
  else if (key === 'Deal') parts.push('the deal');
  else if (key === 'Ministries') parts.push('choosing ministries');
  else if (key === 'Initiative') parts.push(`${flag(view.initiative).name} holds the initiative`);
  else if (key === 'War') {
    const theatre = board.theatres.filter((t) => t.war === view.war.war)[data.theatre];
    parts.push(`theatre ${data.theatre + 1}${theatre ? `, ${theatre.name}` : ''}, being fought`);
  } else if (key === 'Over') parts.push(`the game is over: ${flag(data.winner).name} wins`);
  return parts.join(' · ');
}

/** The turn track: ten places, peace rounds and wars, the current one marked. */
function turnTrack(view) {
  return h('ol', { class: 'turn-track', 'aria-label': 'Turn track' }, TURN_TRACK.map((p) => tip(h('li', {
    class: `${p.war ? 'war' : 'peace'}${p.turn === view.turn ? ' now' : ''}${p.turn < view.turn ? ' past' : ''}`,
    'aria-current': p.turn === view.turn ? 'step' : null,
  }, p.short), p.name)));
}

/** The victory-point track, 0 to 30, with the marker; France moves it up, Britain down. */
function vpTrack(view, pl) {
  const cells = Array.from({ length: 31 }, (_, n) => h('span', {
    class: `vp-cell${n === view.vp ? ' marker' : ''}${n < 15 ? ' br-side' : n > 15 ? ' fr-side' : ''}`,
  }, n === view.vp ? String(n) : ''));
  return offerHtml('div', 'victory_points', `Victory points: ${view.vp}`, pl, {
    class: 'vp-track', tip: `Victory points: ${view.vp}. France wins at 30 or more, Britain at 0 or less; otherwise the higher side of 15 at the end.`,
  }, h('span', { class: 'vp-end br' }, 'B 0'), h('span', { class: 'vp-cells', 'aria-hidden': 'true' }, cells), h('span', { class: 'vp-end fr' }, '30 F'));
}

/** Squadrons a power has on the map (its flags on naval spaces). */
function squadronsAtSea(view, board, power) {
  const naval = new Set(board.spaces.filter((sp) => sp.kind === 'naval').map((sp) => sp.id));
  return (view.board.flags[POWERS.indexOf(power)] ?? []).filter((id) => naval.has(id)).length;
}

/** One power's row: debt against its limit, treaty points, navy box, squadrons at sea, cards and ministries. */
function powerRow(view, board, power, pl, who) {
  const p = view.powers[POWERS.indexOf(power)];
  const paint = flag(power);
  const debt = Array.from({ length: Math.max(p.debt_limit, p.debt) }, (_, i) => h('span', { class: i < p.debt ? 'pip full' : 'pip' }));
  const fact = (key, term, value, title) => offerHtml('span', key, `${paint.name}'s ${title}`, pl, { class: 'fact', tip: `${paint.name}'s ${title}` },
    h('span', { class: 'term' }, term), ' ', h('strong', {}, value));
  return h('li', { class: `power-row ${power}` },
    h('span', { class: 'power-name' }, h('span', { class: `flag-chip ${power}`, 'aria-hidden': 'true' }, paint.letter), ' ', h('strong', {}, paint.name), who ? h('span', { class: 'muted' }, ` ${who}`) : null),
    h('span', { class: 'facts' },
      fact(`debt:${power}`, 'Debt', [`${p.debt}/${p.debt_limit} `, h('span', { class: 'pips', 'aria-hidden': 'true' }, debt)],
        `debt: ${p.debt} of a limit of ${p.debt_limit} (${p.debt_limit - p.debt} still available)`),
      fact(`treaty_points:${power}`, 'Treaty', String(p.trp), `treaty points: ${p.trp} (each buys 1 action point; more than 4 are lost at the round's end)`),
      fact(`navy_box:${power}`, 'Navy box', String(p.navy_box), `navy box: ${p.navy_box} squadrons ready to deploy${p.brig ? `; ${p.brig} set aside` : ''}`),
      tip(h('span', { class: 'fact' }, h('span', { class: 'term' }, 'At sea'), ' ', h('strong', {}, String(squadronsAtSea(view, board, power)))),
        `${paint.name}'s squadrons on naval spaces`)));
}

/** The award tiles of this round, one per region, and the global demand. */
function awardsAndDemand(view, board) {
  const awards = board.components?.awards ?? [];
  const none = view.awards.every((a) => a === null || a === undefined);
  return h('div', { class: 'awards-demand' },
    h('div', { class: 'awards' }, h('h3', {}, 'Awards this round'),
      none ? h('p', { class: 'muted' }, 'None on the board now: they are drawn at the start of a peace round.') : h('ul', { class: 'chips' }, board.regions.map((r, i) => {
        const tile = view.awards[i];
        const text = tile === null || tile === undefined ? 'none' : awards[tile]?.text ?? `tile ${tile}`;
        return tip(h('li', { class: 'chip award' }, h('span', { class: 'term' }, r.name.replace(/^the /, '')), ' ', h('strong', {}, text)),
          `The ${r.name.replace(/^the /, '')} award: ${text}, to the power with more spaces there at the round's end`);
      }))),
    h('div', { class: 'demand' }, h('h3', {}, 'Global demand'),
      h('ul', { class: 'chips' }, (view.demand ?? []).map((c) => {
        const k = commodity(c);
        const chip = h('span', { class: 'commodity-chip', 'aria-hidden': 'true' }, k.code);
        chip.style.background = k.colour;
        return tip(h('li', { class: 'chip' }, chip, ' ', k.name), `${k.name}: the power with more ${k.name} markets scores at the round's end`);
      }))));
}

/** The tracks card: turn track, VP, both powers, awards and demand, decks. */
export function tracksPanel({ view, board, pl, who }) {
  return h('section', { class: 'card is-tracks', 'aria-labelledby': 'is-tracks-title' },
    h('h2', { id: 'is-tracks-title' }, 'Tracks'),
    turnTrack(view),
    vpTrack(view, pl),
    h('ul', { class: 'power-rows' }, POWERS.map((p, seat) => powerRow(view, board, p, pl, who[seat]))),
    awardsAndDemand(view, board),
    h('p', { class: 'decks muted' },
      offerHtml('span', 'event_deck', `Event deck: ${view.deck_count} cards`, pl, { class: 'deck', tip: 'The event deck, face down' }, `Event deck ${view.deck_count}`),
      ` · discarded ${view.discard.length} · investment stack ${view.stack_count}`));
}

/** An investment tile: its major action (points and kind), the minor one, and its event and upgrade symbols. */
export function tileFace(t) {
  if (!t) return null;
  return [
    h('span', { class: `tile-major ap-${t.major}` }, h('strong', {}, String(t.points)), ` ${AP[t.major]?.name ?? t.major}`),
    h('span', { class: 'tile-minor' }, `+2 ${AP[t.minor]?.name ?? t.minor}`),
    h('span', { class: 'tile-symbols' }, t.event ? tip(h('span', { class: 'sym' }, '★ event'), 'event symbol: an event card may be played') : null,
      t.upgrade ? tip(h('span', { class: 'sym' }, '▲ upgrade'), 'military upgrade symbol') : null),
  ];
}

/** The investment tiles on display; a tile one may take now is a button. */
export function investmentsPanel({ view, board, pl }) {
  const tiles = board.investments;
  const tile = (n) => tiles[n];
  const taken = view.taken ?? [];
  return h('section', { class: 'card is-investments', 'aria-labelledby': 'is-inv-title' },
    h('h2', { id: 'is-inv-title' }, 'Investment tiles'),
    h('ul', { class: 'tile-row' }, view.display.map((n) => h('li', {},
      offerHtml('div', `investment:${n}`, `Investment tile: ${tile(n)?.name ?? n}`, pl, { class: 'inv-tile', tip: `Investment tile: ${tile(n)?.name ?? n}` }, tileFace(tile(n)))))),
    taken.length ? h('p', { class: 'muted taken' }, 'Taken this round: ', taken.map(([p, n], i) => [i ? ', ' : '', h('span', { class: `flag-chip small ${p}`, 'aria-hidden': 'true' }, flag(p).letter), ` ${tile(n)?.name ?? n}`])) : null);
}

/** The advantage tiles, by region: name, holder (a letter besides colour), exhausted; usable ones are buttons. */
export function advantagesPanel({ view, board, pl }) {
  const spaceName = new Map(board.spaces.map((sp) => [sp.id, sp.name]));
  return h('section', { class: 'card is-advantages', 'aria-labelledby': 'is-adv-title' },
    h('h2', { id: 'is-adv-title' }, 'Advantages'),
    h('div', { class: 'adv-regions' }, board.regions.map((r) => h('div', { class: 'adv-region' },
      h('h3', {}, r.name.replace(/^the /, '')),
      h('ul', { class: 'adv-list' }, board.advantages.map((a, i) => [a, view.advantages[i]]).filter(([a]) => a.region === r.id).map(([a, st]) => {
        const holder = st?.holder ?? null;
        const state = holder ? `held by ${flag(holder).name}${st.exhausted ? ', exhausted' : ''}${st.fresh ? ', taken this turn' : ''}` : 'held by nobody';
        const title = `${a.name} (${state}): ${a.text ?? ''} Needs ${a.requires.map((id) => spaceName.get(id) ?? id).join(' and ')}.`;
        return h('li', {}, offerHtml('div', a.id, title, pl, { class: `adv${holder ? ` held ${holder}` : ''}${st?.exhausted ? ' exhausted' : ''}`, tip: title },
          h('span', { class: `flag-chip small ${holder ?? 'none'}`, 'aria-hidden': 'true' }, holder ? flag(holder).letter : '–'),
          h('span', { class: 'adv-name' }, a.name),
          st?.exhausted ? h('span', { class: 'muted' }, ' (exhausted)') : null));
      }))))));
}
