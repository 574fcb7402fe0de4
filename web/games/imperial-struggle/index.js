// The Imperial Struggle page: the four theatres of the map (map.js, real geography from
// web/maps/imperial-struggle.js) as tabs, pannable and zoomable (panzoom.js); around them the tracks, the
// investment tiles and the advantages (tracks.js), one's hand and ministries and the opponent's backs
// (hand.js), and the mat of the next war (war.js). A decision is taken where it is played (places.js): a
// space on the map, an investment tile, an advantage, a card or ministry, a track or box, a theatre of the
// war; when several actions share a place, a click lists them. The places are framed in one part of the
// table at a time, so that they fit on a screen together; buttons in the choices card turn to the others.
// What has no place (end the turn, pass, done, an effect's option) is a few grouped buttons (choices.js).
// Pointing at an action's button, or focusing it, lights up its pieces.

import { h, lightUp } from '../../lib/dom.js';
import { panZoom, zoomButtons } from '../../lib/panzoom.js';
import { SPACES, THEATRES } from '../../maps/imperial-struggle.js';
import { boardNames } from '../generic.js';
import { choicesPanel } from './choices.js';
import { myPanel, opponentPanel } from './hand.js';
import { THEATRE_IDS, choicesByTheatre, drawTheatre, focusOf, frameOf, legend, spaceStates, stateKey } from './map.js';
import { flag, powerOfSeat } from './palette.js';
import { places } from './places.js';
import { advantagesPanel, investmentsPanel, phaseOf, standing, tracksPanel } from './tracks.js';
import { warPanel } from './war.js';

// The place picked (whose several actions are listed) for the position it was picked in, and the theatre
// shown (kept across positions, moved only when the decision is elsewhere).
let picked = { version: null, place: null };
let shown = { theatre: 'europe', version: null, area: null, areaVersion: null };
/**
 * What each place holds, in one word, for the page to mark what changed (web/lib/marks.js): every space's
 * flag and markers.
 */
export function placeWords(view, board) {
  const st = spaceStates(view);
  return new Map(board.spaces.map((sp) => [sp.id, stateKey(st, sp.id)]));
}

// The theatres already seen (and zoomed in on a narrow screen) on this page.
const magnified = new Set();
/** The least screen pixels per drawing unit a theatre starts at: its markers about 18 px across. */
const LEAST_SCALE = 1.15;

/** Names of every place an action may be played at: the board's pieces, cards and ministries. */
function placeNames(board) {
  const names = boardNames(board);
  for (const c of board.components?.cards ?? []) names.set(`card:${c.id}`, c.name);
  for (const m of board.components?.ministries ?? []) names.set(`ministry:${m.id}`, m.name);
  return names;
}

/** The theatre to show: the one kept, unless a new decision has places only in other theatres. */
function theatreToShow(counts, version) {
  if (shown.version !== version) {
    shown.version = version;
    if (!counts[shown.theatre]) {
      const elsewhere = THEATRE_IDS.find((t) => counts[t]);
      if (elsewhere) shown.theatre = elsewhere;
    }
  }
  return shown.theatre;
}

/** The parts of the table that hold places, in the order a decision's focus falls back on. */
const AREAS = ['map', 'investments', 'hand', 'war', 'advantages', 'tracks'];

/** What the parts' buttons call their places: one, and several. */
const AREA_WORDS = {
  map: ['space on the map', 'spaces on the map'], investments: ['investment tile', 'investment tiles'],
  hand: ['card or ministry', 'cards and ministries'], war: ['theatre of the war', 'theatres of the war'],
  advantages: ['advantage', 'advantages'], tracks: ['track or box', 'tracks and boxes'],
};

/** The part of the table where place `key` is framed. */
function areaOf(key, advantageIds) {
  if (SPACES[key]) return 'map';
  if (key.startsWith('investment:')) return 'investments';
  if (/^(card|ministry|offer):/.test(key)) return 'hand';
  if (/^[a-z]{3}:\d$/.test(key)) return 'war';
  if (advantageIds.has(key)) return 'advantages';
  return 'tracks';
}

/** How many of the decision's places each part of the table holds. */
function areaCounts(pl, board) {
  const advantageIds = new Set(board.advantages.map((a) => a.id));
  const counts = Object.fromEntries(AREAS.map((a) => [a, 0]));
  for (const key of pl.byPlace.keys()) counts[areaOf(key, advantageIds)] += 1;
  return counts;
}

/** The part the decision is about, by the phase and the places: see `render`. */
function leadArea(pl, counts, phase, view) {
  const keys = [...pl.byPlace.keys()];
  const onMap = THEATRE_IDS.some((t) => counts[t]);
  if (keys.some((k) => k.startsWith('investment:'))) return 'investments';
  if (['Deal', 'Ministries'].includes(phase.key) || view.tasks?.[0]?.Discard) return 'hand';
  if (!onMap && keys.some((k) => /^[a-z]{3}:\d$/.test(k))) return 'war';
  if (view.tasks?.[0]?.UpgradeKeep || phase.key === 'War') return 'war';
  return 'map';
}

/** The part in focus: the one the player turned to for this position, else the lead, else one with places. */
function focusArea(areas, lead, version) {
  if (shown.areaVersion !== version) Object.assign(shown, { area: null, areaVersion: version });
  for (const area of [shown.area, lead, ...AREAS]) {
    if (area && areas[area]) return area;
  }
  return lead;
}

/** The places `pl` with nothing framed: the pieces are drawn as they stand. */
const unframed = (pl) => ({ ...pl, at: () => [], live: () => false });

/** The places `pl` framed on the map: its spaces (an advantage's pentagon is framed in its panel). */
const onlySpaces = (pl) => ({ ...pl, at: (key) => (SPACES[key] ? pl.at(key) : []), live: (key) => Boolean(SPACES[key]) && pl.live(key) });

/** A button per part of the table holding places, with how many: the one in focus pressed. */
function partButtons(areas, focus, redraw) {
  const held = AREAS.filter((a) => areas[a]);
  if (!held.length) return null;
  return h('div', { class: 'is-parts', role: 'group', 'aria-label': 'Where your choices are' },
    h('span', { class: 'term' }, 'Framed: '),
    held.map((area) => {
      const n = areas[area];
      return h('button', {
        type: 'button', class: `part-tab${area === focus ? ' current' : ''}`, 'data-key': `part:${area}`, 'data-part': area,
        'aria-pressed': area === focus ? 'true' : 'false',
        onclick: () => {
          shown.area = area;
          redraw();
        },
      }, `${n} ${AREA_WORDS[area][n === 1 ? 0 : 1]}`);
    }));
}

export function render({ view, board, actions, act, busy, seat, names: seatNames, version, redraw }) {
  if (picked.version !== version) picked = { version, place: null };
  const repick = (place) => {
    picked = { ...picked, place };
    redraw();
  };
  const pl = places(actions, act, repick, picked.place, busy);
  const me = powerOfSeat(seat);
  const opponent = me === 'britain' ? 'france' : 'britain';
  const who = seatNames.map((n, i) => (i === seat ? '(you)' : `(${n.replace(/^[^(]*\(/, '').replace(/\)$/, '')})`));

  let root = null;
  const hover = (ids) => lightUp(root, ids);
  const counts = choicesByTheatre(pl);
  const theatre = theatreToShow(counts, version);
  const phase = phaseOf(view);

  // One part of the table holds the decision's framed places at a time (`focus`), so that they fit on the
  // screen together: the part the decision is about (the investment tiles when one is to be taken, the
  // hand and ministries at the deal and the ministry phase, the war mat when only its theatres are to be
  // chosen; else the map), or the one the player turns to with the choices card's buttons. It comes first,
  // under the choices; the other parts show their pieces unframed.
  const areas = areaCounts(pl, board);
  const focus = focusArea(areas, leadArea(pl, counts, phase, view), version);
  const framed = (area) => (area === focus ? pl : unframed(pl));
  const holdings = h('div', { class: 'is-holdings' },
    me ? myPanel({ view, board, pl: framed('hand'), power: me, actions }) : null,
    me ? opponentPanel({ view, board, power: opponent, who: who[seat === 0 ? 1 : 0] })
      : ['britain', 'france'].map((p, i) => opponentPanel({ view, board, power: p, who: who[i] })));
  const investments = investmentsPanel({ view, board, pl: framed('investments') });
  const war = warPanel({ view, board, pl: framed('war'), phase });
  const advantages = advantagesPanel({ view, board, pl: framed('advantages') });
  const lead = { investments, hand: holdings, war }[focus] ?? null;

  root = h('div', { class: 'is-board', 'data-hot': '', 'data-pick': picked.place ?? '', 'data-theatre': theatre, 'data-focus': focus },
    h('p', { class: 'is-standing', id: 'is-standing' }, standing(view, board),
      me ? [' · ', h('span', { class: `flag-chip small ${me}`, 'aria-hidden': 'true' }, flag(me).letter), ` you play ${flag(me).name}`] : null),
    actions.length ? choicesPanel({
      actions, act, busy, pl, hover, repick, names: placeNames(board), parts: partButtons(areas, focus, redraw),
    }) : null,
    focus === 'advantages' ? advantages : lead,
    h('div', { class: 'is-table' },
      mapCard({ board, view, pl: focus === 'map' ? onlySpaces(pl) : unframed(pl), theatre, counts, redraw }),
      h('div', { class: 'is-side' },
        tracksPanel({ view, board, pl: framed('tracks'), who }),
        lead === investments ? null : investments)),
    lead === holdings ? null : holdings,
    lead === war ? null : war,
    focus === 'advantages' ? null : advantages);
  return root;
}

/** The map card: a tab per theatre (with how many choices wait there), zoom buttons, the map, the legend. */
function mapCard({ board, view, pl, theatre, counts, redraw }) {
  const t = THEATRES[theatre];
  const svg = drawTheatre({ id: theatre, board, view, pl });
  const f = frameOf(theatre);
  // The box keeps the drawing's shape (not the shape of the window panZoom shows, which follows the box).
  svg.style.aspectRatio = `${f.width} / ${f.height}`;
  const zoom = panZoom(svg, `is-${theatre}`, f.width, f.height, { focus: focusOf(theatre, pl), labelSize: 9 });
  const sight = `${theatre} ${window.innerWidth < 700 ? 'narrow' : 'wide'}`;
  if (!magnified.has(sight)) {
    magnified.add(sight);
    // The first sight of a theatre on a narrow screen: zoomed in until its spaces are big enough to tap,
    // around the decision's places (panZoom's first frame has measured the box by then).
    requestAnimationFrame(() => {
      const shown = svg.viewBox.baseVal.width;
      const perUnit = svg.getBoundingClientRect().width / shown;
      if (perUnit > 0 && perUnit < LEAST_SCALE) zoom.zoomBy(LEAST_SCALE / perUnit);
    });
  }
  const tab = (id) => h('button', {
    type: 'button', role: 'tab', class: `theatre-tab${id === theatre ? ' current' : ''}${counts[id] ? ' has-choices' : ''}`,
    'aria-selected': id === theatre ? 'true' : 'false', 'data-key': `theatre:${id}`, 'data-theatre': id,
    onclick: () => {
      shown.theatre = id;
      redraw();
    },
  }, THEATRES[id].name.replace(/^The /, ''), counts[id] ? h('span', { class: 'tab-count', title: `${counts[id]} of your choices are here` }, String(counts[id])) : null);
  return h('section', { class: 'card is-map-card', 'aria-labelledby': 'is-map-title' },
    h('div', { class: 'map-head' },
      h('h2', { id: 'is-map-title', class: 'visually-hidden' }, 'The map'),
      h('div', { class: 'theatre-tabs', role: 'tablist', 'aria-label': 'Theatres' }, THEATRE_IDS.map(tab)),
      zoomButtons(zoom)),
    h('div', { class: 'map-box', role: 'tabpanel', 'aria-label': t.name }, svg),
    h('p', { class: 'map-help muted' }, 'Drag to pan once zoomed in; wheel or pinch to zoom. Point at a space for what it is.'),
    h('details', { class: 'legend-box', 'data-key': 'is-legend' }, h('summary', {}, 'Legend'), legend()));
}
