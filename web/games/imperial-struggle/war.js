// The mat of the next war (or of the war being fought): its theatres, each with both powers' war tiles —
// one's own face up, the opponent's as backs until the theatre is revealed, then every tile face up with
// each side's strength there part by part (tiles, markers, dotted spaces, keyword, conflict markers) and,
// once fought, who won it — and the theatre one may choose now as a button. The military upgrade's choice shows the tile on the mat and the
// tile drawn side by side, each a button.

import { h } from '../../lib/dom.js';
import { offerHtml } from '../../lib/places.js';
import { inChoice, tip } from '../../lib/tooltip.js';
import { POWERS, SYMBOLS, flag, signed } from './palette.js';
import { kindOf } from './places.js';

/** A war tile's face: its value and symbol, a bonus tile's name. */
function tileChip(tile, cls = '') {
  if (!tile) return tip(h('span', { class: `war-tile back ${cls}` }, '?'), 'a war tile, face down');
  const sym = tile.symbol ? SYMBOLS[tile.symbol] : null;
  return tip(h('span', { class: `war-tile ${cls}${tile.name ? ' bonus' : ''}` },
    tile.name ? h('span', { class: 'tile-name' }, tile.name) : null,
    h('strong', {}, signed(tile.value)), sym ? h('span', { class: 'tile-sym', 'aria-hidden': 'true' }, ` ${sym.mark}`) : null), `${tile.text}${sym ? ` (${sym.words})` : ''}`);
}

/** A strength part by part, in words: "tiles 2, markers 2, dotted spaces 3, keyword 1, conflicts 1". */
function partsWords(st) {
  const names = [['tiles', 'tiles'], ['markers', 'markers'], ['spaces', 'dotted spaces'], ['keyword', 'keyword'], ['conflicts', 'conflict markers']];
  return names.filter(([k]) => st[k]).map(([k, words]) => `${words} ${signed(st[k])}`).join(', ') || 'nothing';
}

/**
 * One power's tiles on one theatre: face up when visible, else backs; then, once the theatre is revealed,
 * its strength there part by part (the server's), else the sum of the tiles one sees.
 */
function sideOf(tiles, board, power, markers, strength) {
  const basic = board.components.basic_tiles;
  const bonus = board.components.bonus_tiles;
  const seen = tiles.basic !== null && tiles.bonus !== null;
  const faces = seen
    ? [...tiles.basic.map((k) => tileChip(basic[k])), ...tiles.bonus.map((b) => tileChip(bonus[b]))]
    : Array.from({ length: tiles.basic_count + tiles.bonus_count }, () => tileChip(null));
  const sum = seen ? [...tiles.basic.map((k) => basic[k]?.value ?? 0), ...tiles.bonus.map((b) => bonus[b]?.value ?? 0)].reduce((a, b) => a + b, 0) + markers : null;
  return h('div', { class: `war-side ${power}` },
    h('span', { class: `flag-chip small ${power}`, 'aria-hidden': 'true' }, flag(power).letter),
    faces.length ? faces : h('span', { class: 'muted' }, 'no tiles'),
    markers ? tip(h('span', { class: 'war-marker' }, `marker ${signed(markers)}`), 'markers on this theatre') : null,
    strength ? tip(h('span', { class: 'war-sum strength' }, `strength ${total(strength)}`,
      h('span', { class: 'muted parts' }, ` (${partsWords(strength)})`)), `Strength ${total(strength)}: ${partsWords(strength)}`)
      : sum !== null ? tip(h('span', { class: 'war-sum' }, `= ${signed(sum)}`), 'your tiles and markers; dotted spaces, ministries and conflict markers add to it when the theatre is fought') : null);
}

const total = (st) => st.tiles + st.markers + st.spaces + st.keyword + st.conflicts;

/** A theatre fought in this war: who won it and by which row of its spoils, or a draw. */
function resultOf(fighting, i) {
  if (!fighting || i >= (fighting.results ?? []).length) return null;
  const r = fighting.results[i];
  return h('span', { class: 'badge war-result' }, r ? `won by ${flag(r[0]).name} (spoils row ${r[1] + 1})` : 'a draw');
}

/** The war mat: the war's theatres with both sides' tiles; the theatre to choose is a button. */
export function warPanel({ view, board, pl, phase }) {
  const war = view.war;
  if (!war.war) return null;
  const info = board.components.wars.find((w) => w.id === war.war);
  const theatres = board.theatres.filter((t) => t.war === war.war);
  const fighting = phase.key === 'War' ? phase.data : null;
  return h('section', { class: 'card is-war', 'aria-labelledby': 'is-war-title' },
    h('h2', { id: 'is-war-title' }, fighting ? `At war: ${info?.name ?? war.war}` : `Next war: ${info?.name ?? war.war}`),
    h('ol', { class: 'theatres' }, war.theatres.map((both, i) => {
      const t = theatres[i];
      const key = t?.id ?? `${war.war}:${i + 1}`;
      const open = war.revealed[i];
      // Byng's marker (+2 for Britain); Atlantic Dominance (+2) in the Seven Years' War's third theatre.
      const atlantic = war.war === 'syw' && i === 2 ? war.atlantic : null;
      const markers = [(war.byng === i ? 2 : 0) + (atlantic === 'britain' ? 2 : 0), atlantic === 'france' ? 2 : 0];
      const name = `${t?.name ?? `Theatre ${i + 1}`}${open ? ' (revealed)' : ''}`;
      return h('li', { class: `theatre${open ? ' revealed' : ''}${fighting?.theatre === i ? ' now' : ''}` },
        offerHtml('div', key, name, pl, { class: 'theatre-box', tip: name },
          h('span', { class: 'theatre-name' }, h('strong', {}, `${i + 1}. ${t?.name ?? ''}`), open ? h('span', { class: 'badge' }, 'revealed') : null, resultOf(fighting, i)),
          POWERS.map((p, k) => sideOf(both[k], board, p, markers[k], war.strength?.[i]?.[k] ?? null))));
    })),
    upgradePanel({ view, board, pl }));
}

/** The military upgrade's choice: the tile on the mat against the tile drawn, each a button. */
function upgradePanel({ view, board, pl }) {
  const task = view.tasks?.[0]?.UpgradeKeep;
  if (!task) return null;
  const basic = board.components.basic_tiles;
  const onMat = view.war.theatres[task.theatre]?.[POWERS.indexOf(task.who)]?.basic?.[task.slot];
  const here = (i) => pl.at(placeOfChoice(view, board, task)).find((a) => kindOf(a.action) === 'choose' && a.action.choose === i);
  const option = (i, title, tile) => {
    const a = here(i);
    const face = [h('span', { class: 'term' }, title), tileChip(basic[tile] ?? null, 'big')];
    return a ? inChoice(h('button', { type: 'button', class: 'upgrade-option choice', 'data-key': `upgrade:${i}`, onclick: () => pl.act(a.action) }, face))
      : h('div', { class: 'upgrade-option' }, face);
  };
  return h('div', { class: 'upgrade', role: 'group', 'aria-label': 'The military upgrade' },
    h('h3', {}, 'Military upgrade: keep your tile or take the one drawn'),
    h('div', { class: 'upgrade-options' }, option(0, 'Keep the tile on the mat', onMat), option(1, 'Take the tile drawn', task.drawn)));
}

/** Where the upgrade's two choices are played: the theatre they name. */
function placeOfChoice(view, board, task) {
  const t = board.theatres.filter((x) => x.war === view.war.war)[task.theatre];
  return t?.id ?? '';
}
