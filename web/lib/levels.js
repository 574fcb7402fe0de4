// The server's bot levels as a player picks one for a seat (`GET /api/bots`, weakest first). A game offers a
// level only where it measured a clear step above the level below it; a level it does not offer carries the
// game among its `shortfalls`, with what was measured, and the server refuses it for a seat of that game.
// Where a game offers fewer than every level, a note says why, with the figures (docs/bots.md «How the
// levels are measured»). A level may play another bot in some game (`plays_in`), with its own label there.
// Pure functions but `levelOptions`.

import { h } from './dom.js';

/** Level `level`'s shortfall in game `game`, or undefined. */
function shortfallIn(level, game) {
  return (level.shortfalls ?? []).find((s) => s.game === game);
}

/** The levels `game` offers for a seat, weakest first. */
function offeredIn(bots, game) {
  return bots.filter((b) => !shortfallIn(b, game));
}

/** The level's name as a sentence starts it: "Strong". */
function levelName(level) {
  return level.level.charAt(0).toUpperCase() + level.level.slice(1);
}

/** The level in words in `game`: its own label, or the one of the bot it plays there (`plays_in`). */
export function levelLabel(level, game) {
  return (level.plays_in ?? []).find((p) => p.game === game)?.label ?? level.label;
}

/** The `<option>`s of the levels `game` offers for a seat, `selected` (a level's name) chosen. */
export function levelOptions(bots, game, selected) {
  return offeredIn(bots, game)
    .map((b) => h('option', { value: b.level, selected: b.level === selected }, `Bot: ${levelLabel(b, game)}`));
}

/**
 * Why `game` (named `name`) offers fewer than every level, with what was measured of the levels it leaves
 * out, as one note; null where it offers them all.
 */
export function levelNote(bots, game, name) {
  const measured = bots.filter((b) => shortfallIn(b, game))
    .map((b) => `${levelName(b)} ${shortfallIn(b, game).measured}.`);
  if (!measured.length) return null;
  // The lowest level is offered in every game (levels.rs), so some level is the top one.
  const top = offeredIn(bots, game).at(-1);
  return `In ${name}, bots go up to ${levelName(top)}: a level is offered only where it has measured `
    + `stronger than the one below it. ${measured.join(' ')}`;
}
