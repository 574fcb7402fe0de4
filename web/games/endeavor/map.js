// Endeavor's world map: the land (web/maps/world-endeavor.js), the routes of the side in play as lines
// between their ends (a round route space with the trade token still on it, a square one marked square, a
// controlled route in its controller's colour), each city (a circle, ringed when it is worth 2 glory) and
// fleet space (a ship) in its owner's colour or showing the token still lying there, and each zone's panel:
// its name, its shipping track (farthest from the deck first) with its owners or tokens, its open sea and
// the top card of its deck. Every piece carries its board id as `data-target` and says what it is in a
// tooltip (web/lib/tooltip.js); a piece where a legal action is played is framed and can be clicked or
// chosen with the keyboard (places.js).

import { s } from '../../lib/dom.js';
import { tip } from '../../lib/tooltip.js';
import { HEIGHT, LAND, VIEWBOX, WIDTH } from '../../maps/world-endeavor.js';
import { layoutOf } from './layout.js';
import { FLEET_INDEX, owner, seatOf, token } from './palette.js';
import { offerSvg } from './places.js';

/** Draw the map for the view's game, with the places of the legal actions (`pl`, places.js). */
export function drawMap({ board, game, pl }) {
  const { panels, spaces, side } = layoutOf(board, game.side);
  const index = (list) => new Map(list.map((x, i) => [x.id, i]));
  const ctx = {
    board, game, pl, spaces,
    spaceIndex: index(board.spaces), routeIndex: index(board.routes),
    info: new Map(board.spaces.map((x) => [x.id, x])),
    zoneName: new Map(board.zones.map((z) => [z.id, z.name])),
    cards: new Map(board.cards.map((c) => [c.id, c])),
  };
  const svg = s('svg', {
    viewBox: VIEWBOX, class: 'endeavor-map', role: 'group',
    'aria-label': `World map, ${side.name}: ${side.spaces.length} cities and fleet spaces, ${side.routes.length} routes, and each zone's track, open sea and deck`,
  });
  svg.append(
    s('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'sea' }),
    s('path', { d: LAND, class: 'land', 'aria-hidden': 'true' }),
    s('g', { class: 'routes' }, side.routes.map((id) => route(id, ctx))),
    s('g', { class: 'leaders', 'aria-hidden': 'true' }, side.spaces.map((id) => leader(spaces[id]))),
    s('g', { class: 'spaces' }, side.spaces.map((id) => space(id, ctx))),
    s('g', { class: 'panels' }, board.zones.map((z, i) => zonePanel(z, i, panels[z.id], ctx, side))),
  );
  return svg;
}

/**
 * A disc in its owner's colours (or null: the stylesheet's paint of a free space), set through the CSSOM,
 * which the Content-Security-Policy allows where it refuses style attributes.
 */
const paint = (c) => (c ? `fill:${c.colour};stroke:${c.stroke ?? '#333'}` : null);

/** The owner's initial on a disc. */
const letter = (x, y, c) => s('text', { x, y, class: 'owner-letter', fill: c.ink }, c.letter);

/** A trade token still lying on a space, as its code in the space's disc. */
const tokenCode = (x, y, kind) => s('text', { x, y, class: `token-code${token(kind).blue ? ' blue' : ''}` }, token(kind).code);

/** The owner of a space of the board (by id), as the view serialises it, or null. */
function holder(id, ctx) {
  return ctx.game.spaces[ctx.spaceIndex.get(id)] ?? null;
}

function route(id, ctx) {
  const r = ctx.board.routes[ctx.routeIndex.get(id)];
  const [a, b] = r.ends.map((end) => ctx.spaces[end]);
  const owners = r.ends.map((end) => seatOf(holder(end, ctx)));
  const controller = owners[0] !== null && owners[0] === owners[1] ? owners[0] : null;
  const lying = ctx.game.route_tokens[ctx.routeIndex.get(id)];
  const g = s('g', { class: `route${controller !== null ? ' controlled' : ''}`, 'data-route': id });
  g.append(s('line', {
    x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'route-line', style: controller !== null ? `stroke:${owner(controller).colour}` : null,
  }));
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  if (!r.token) {
    g.append(s('rect', { x: mx - 3.5, y: my - 3.5, width: 7, height: 7, class: 'route-square' }));
  } else if (lying) {
    g.append(tokenBadge(mx, my, lying));
  } else {
    g.append(s('circle', { cx: mx, cy: my, r: 3.5, class: 'route-round' }));
  }
  const words = [`Route ${r.name}`, r.token ? 'round space' : 'square space (never holds a token)'];
  if (lying) words.push(`${token(lying).name} lying there for the first to control it`);
  if (controller !== null) words.push(`controlled by ${owner(controller).name}`);
  // A route is pointed at, not tabbed to: its ends' spaces are, and say who holds them.
  return tip(g, words.join('; '), { focus: false });
}

/** A thin line from a space's true place to where it is drawn, when the two differ. */
function leader(p) {
  if (Math.hypot(p.x - p.ax, p.y - p.ay) < 3) return null;
  return [
    s('line', { x1: p.ax, y1: p.ay, x2: p.x, y2: p.y, class: 'leader' }),
    s('circle', { cx: p.ax, cy: p.ay, r: 1.6, class: 'true-place' }),
  ];
}

function space(id, ctx) {
  const p = ctx.spaces[id];
  const info = ctx.info.get(id);
  const who = holder(id, ctx);
  const lying = ctx.game.space_tokens[ctx.spaceIndex.get(id)];
  const city = info.kind === 'city';
  const g = s('g', { class: `space ${info.kind}${who ? ' held' : ''}`, 'data-space': id, transform: `translate(${p.x} ${p.y})` });
  const colours = who ? owner(who) : null;
  if (city) {
    if (info.glory > 1) g.append(s('circle', { r: 12.5, class: 'glory-ring' }));
    g.append(s('circle', { r: 9, class: 'city-disc', style: paint(colours) }));
  } else {
    g.append(ship(colours));
  }
  const ty = city ? 2.4 : 4.8;
  if (who) g.append(letter(0, ty + 0.6, colours));
  else if (lying) g.append(tokenCode(0, ty, lying));
  g.append(s('text', {
    x: p.label.x - p.x, y: p.label.y - p.y, 'text-anchor': p.label.anchor, class: `space-name${city ? '' : ' fleet-name'}`,
  }, info.name));
  const words = [
    `${info.name} (${ctx.zoneName.get(info.zone) ?? info.zone})`,
    city ? `city, ${info.glory} glory` : 'fleet space',
    who ? `held by ${colours.name}` : 'free',
  ];
  if (lying) words.push(`${token(lying).name} lying there`);
  const name = words.join(', ');
  const frame = city
    ? s('circle', { r: info.glory > 1 ? 16 : 13, class: 'frame target' })
    : s('rect', { x: -16, y: -14, width: 32, height: 26, rx: 4, class: 'frame target' });
  return tip(offerSvg(g, id, name, frame, ctx.pl), name);
}

/** A fleet space: a ship, its hull in the owner's colour (white while free), its sail white. */
function ship(colours) {
  return s('g', { class: 'ship' },
    s('line', { x1: 0, y1: -10, x2: 0, y2: -1, class: 'mast' }),
    s('path', { d: 'M1,-10 L9,-2 L1,-2 Z', class: 'sail' }),
    s('path', {
      d: 'M-12,-1 L12,-1 L8,9 L-8,9 Z', class: 'hull', style: paint(colours),
    }));
}

/** A trade token lying on the board: brown for an attribute, blue for an action. */
function tokenBadge(x, y, kind) {
  const t = token(kind);
  return s('g', { class: `token-badge${t.blue ? ' blue' : ''}`, transform: `translate(${x} ${y})` },
    s('rect', { x: -10, y: -5.5, width: 20, height: 11, rx: 3 }),
    s('text', { y: 2.4 }, t.code));
}

function zonePanel(zone, z, box, ctx, side) {
  const { game } = ctx;
  const g = s('g', { class: 'zone-panel', 'data-zone': zone.id, transform: `translate(${box.x} ${box.y})` });
  g.append(s('rect', { width: box.width, height: box.height, rx: 6, class: 'panel-bg' }));
  g.append(s('text', { x: 8, y: 15, class: 'zone-name' }, zone.name));
  const region = z > 0;
  if (region) {
    g.append(s('text', { x: box.width - 8, y: 15, class: `zone-state${game.explored[z] ? ' explored' : ''}`, 'text-anchor': 'end' },
      game.explored[z] ? 'explored ✓' : 'unexplored'));
    g.append(track(zone, z, ctx, side));
    g.append(openSea(zone, z, box, ctx));
    g.append(deck(z, 65, box.width, ctx, false));
  } else {
    // Europe: explored from the start, no track and no open sea; its deck and the Slavery deck, by name.
    g.append(deck(z, 24, box.width, ctx, true));
    const slavery = ctx.board.decks.findIndex((d) => d.id === 'slavery');
    if (slavery >= 0) g.append(deck(slavery, 47, box.width, ctx, true));
  }
  return g;
}

function track(zone, z, ctx, side) {
  const { game } = ctx;
  const spaces = game.tracks[z] ?? [];
  const length = side.tracks[z] ?? spaces.length;
  const g = s('g', { class: 'track' });
  spaces.forEach((who, i) => {
    const x = 17 + i * 23;
    const y = 33;
    const colours = who ? owner(who) : null;
    g.append(s('circle', { cx: x, cy: y, r: 9, class: 'track-space', style: paint(colours) }));
    const lying = game.track_tokens[z][i];
    if (who) g.append(letter(x, y + 3.4, colours));
    else if (lying) g.append(tokenCode(x, y + 2.4, lying));
  });
  const taken = spaces.filter(Boolean).length;
  const governor = game.governors[z];
  const name = `${zone.name}'s shipping track: ${taken} of ${length} spaces taken, filled from the left toward the deck`
    + `${governor ? '; when it fills, the most discs on it win the governor' : ''}`;
  const frame = s('rect', { x: 5, y: 21, width: 23 * spaces.length + 1, height: 24, rx: 12, class: 'frame target' });
  return tip(offerSvg(g, `track:${zone.id}`, name, frame, ctx.pl), name);
}

function openSea(zone, z, box, ctx) {
  const counts = ctx.game.open_sea[z] ?? [];
  const g = s('g', { class: 'open-sea' });
  g.append(s('path', { d: 'M8,55 q3,-4 6,0 t6,0 t6,0', class: 'wave' }));
  g.append(s('text', { x: 30, y: 58, class: 'sea-label' }, 'Open sea'));
  let x = 80;
  const present = [];
  counts.forEach((n, o) => {
    if (!n) return;
    const colours = owner(o);
    g.append(s('circle', { cx: x, cy: 55, r: 5.5, class: 'sea-disc', style: paint(colours) }));
    g.append(s('text', { x: x + 8, y: 58, class: 'sea-count' }, String(n)));
    present.push(`${o === FLEET_INDEX ? 'the Silent Fleet' : colours.name} ${n}`);
    x += 22;
  });
  if (!present.length) g.append(s('text', { x: 80, y: 58, class: 'sea-label muted' }, ctx.game.explored[z] ? 'empty' : 'closed'));
  const name = `The open sea of ${zone.name}: ${present.length ? present.join(', ') : 'no discs'}`
    + `${ctx.game.explored[z] ? '' : '; ships sail here once the region is explored'}`;
  const frame = s('rect', { x: 4, y: 47, width: box.width - 8, height: 16, rx: 4, class: 'frame target' });
  return tip(offerSvg(g, `sea:${zone.id}`, name, frame, ctx.pl), name);
}

/**
 * A deck (by its index in the board's decks) at `y` in its zone's panel: its top card (value and name,
 * after the deck's name when `named`), and how many cards it holds.
 */
function deck(d, y, width, ctx, named) {
  const info = ctx.board.decks[d];
  const top = ctx.game.decks[d]?.[0];
  const card = top ? ctx.cards.get(top) : null;
  const g = s('g', { class: 'deck', 'data-deck': info.id });
  g.append(s('rect', { x: 6, y, width: width - 12, height: 18, rx: 3, class: 'deck-card' }));
  const left = ctx.game.decks[d]?.length ?? 0;
  const shown = card ? `${card.value} · ${card.name}` : 'empty';
  g.append(s('text', { x: 11, y: y + 12.5, class: 'deck-text' }, fit(named ? `${info.name}: ${shown}` : shown, width - 34)));
  g.append(s('text', { x: width - 10, y: y + 12.5, class: 'deck-count', 'text-anchor': 'end' }, `×${left}`));
  const name = card
    ? `${info.name} deck, ${left} card${left === 1 ? '' : 's'}; on top: ${card.name} (${card.effect})`
    : `${info.name} deck: empty`;
  if (!card) return tip(g, name);
  const frame = s('rect', { x: 3, y: y - 3, width: width - 6, height: 24, rx: 4, class: 'frame target' });
  return tip(offerSvg(g, `card:${card.id}`, name, frame, ctx.pl), name);
}

/** Text cut to about `width` units of the 9-unit deck font, with an ellipsis. */
function fit(text, width) {
  const most = Math.floor(width / 4.9);
  return text.length <= most ? text : `${text.slice(0, most - 1)}…`;
}

/** The legend: what each symbol and colour means, with the seats in play (`owners`: owner indexes). */
export function legend(owners) {
  const icon = (...shapes) => s('svg', { width: 26, height: 22, viewBox: '-13 -11 26 22', 'aria-hidden': 'true', class: 'legend-icon' }, shapes);
  const item = (pic, text) => {
    const li = document.createElement('li');
    li.append(pic, ' ', text);
    return li;
  };
  const list = document.createElement('ul');
  list.className = 'legend';
  for (const o of owners) {
    const c = owner(o);
    list.append(item(icon(s('circle', { r: 8, class: 'city-disc', style: paint(c) }), letter(0, 3.4, c)), c.name));
  }
  list.append(
    item(icon(s('circle', { r: 8, class: 'city-disc' })), 'city, 1 glory'),
    item(icon(s('circle', { r: 10, class: 'glory-ring' }), s('circle', { r: 7, class: 'city-disc' })), 'city, 2 glory'),
    item(icon(ship(null)), 'fleet space'),
    item(icon(tokenBadge(0, 0, 'culture')), 'trade token (brown: IND, CUL, ECO, INF)'),
    item(icon(tokenBadge(0, 0, 'ship_draw')), 'action token (blue: O/D, S/D, PAY, ATK)'),
    item(icon(s('line', { x1: -12, y1: 0, x2: 12, y2: 0, class: 'route-line' }), s('circle', { r: 3.5, class: 'route-round' })), 'route, round space'),
    item(icon(s('line', { x1: -12, y1: 0, x2: 12, y2: 0, class: 'route-line' }), s('rect', { x: -3.5, y: -3.5, width: 7, height: 7, class: 'route-square' })), 'route, square space'),
    item(icon(s('rect', { x: -11, y: -9, width: 22, height: 18, rx: 3, class: 'frame target' })), 'you can choose it'),
  );
  return list;
}
