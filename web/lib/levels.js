// The server's bot levels as a player picks one for a seat (`GET /api/bots`, weakest first). A level that
// has not measured a clear step above the level below it in a game carries that game among its
// `shortfalls`, with what was measured; where a player picks a level for that game, the choice says so and a
// note gives the figures (docs/bots.md «How the levels are measured»). Pure functions but `levelOptions`.

import { h } from './dom.js';

/** Level `level`'s shortfall in game `game`, or undefined. */
function shortfallIn(level, game) {
  return (level.shortfalls ?? []).find((s) => s.game === game);
}

/** The level's name as a sentence starts it: "Strong". */
function levelName(level) {
  return level.level.charAt(0).toUpperCase() + level.level.slice(1);
}

/** The text of the choice of `level` for a seat of `game`. */
function levelLabel(level, game) {
  return `Bot: ${level.label}${shortfallIn(level, game) ? ' (no clear step up in this game)' : ''}`;
}

/** The `<option>`s of every level for a seat of `game`, `selected` (a level's name) chosen. */
export function levelOptions(bots, game, selected) {
  return bots.map((b) => h('option', { value: b.level, selected: b.level === selected }, levelLabel(b, game)));
}

/**
 * What was measured of the levels that are no clear step above the one below in `game` (named `name`), as
 * one note; null where every level is.
 */
export function levelNote(bots, game, name) {
  const measured = bots.filter((b) => shortfallIn(b, game))
    .map((b) => `${levelName(b)} ${shortfallIn(b, game).measured}.`);
  if (!measured.length) return null;
  return `In ${name}, not every bot level has measured stronger than the one below it. ${measured.join(' ')}`;
}
