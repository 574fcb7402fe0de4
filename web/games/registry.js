// What the UI itself knows about games: which module draws each game's page, and how seats, bots and
// provisional content are put in words. Everything about a game's rules — its seat counts, its variant
// options, its board, whose decision it is — comes from the server (`/api/catalogue`, the game state), so a
// game with no entry here is created in the lobby like any other and played on the generic page
// (games/generic.js).

/** The games that have a page of their own; every other game is drawn by the generic page. */
const PAGES = {
  'brazil-imperial': () => import('./brazil-imperial/index.js'),
  endeavor: () => import('./endeavor/index.js'),
  imperial2030: () => import('./imperial2030/index.js'),
  'imperial-struggle': () => import('./imperial-struggle/index.js'),
  'virgin-queen': () => import('./virgin-queen.js'),
};

/** The page module that draws game `id`: its own, or the generic one. */
export function pageFor(id) {
  return (PAGES[id] ?? (() => import('./generic.js')))();
}

/**
 * How a seat is named for people: the game's own name for it, as its log lines use it ("Britain", "Spain",
 * or "Player 2" where seats have no names), and who sits there: "Spain (anton)", "Player 3 (bot, medium)",
 * "Player 4 (open seat)".
 */
export function seatName(seat) {
  if (!seat) return '';
  const who = seat.player ? seat.player : seat.bot ? `bot, ${botLevel(seat.bot)}` : 'open seat';
  return `${seat.name || `Player ${seat.seat + 1}`} (${who})`;
}

/** A bot's level in words. Games made before levels had names store what the level plays. */
export function botLevel(bot) {
  return { random: 'easy', heuristic: 'medium', 'mcts:300': 'strong' }[bot] ?? bot;
}

/** The provisional-content badge text, or null for a game whose content is all sourced. */
export function provisionalText(entry) {
  if (!entry || !entry.provisional) return null;
  return `${entry.provisional} of ${entry.content_entries} content entries are provisional`;
}

/** What part of the published game the engine plays, when not all of it (the game's `SCOPE`), or null. */
export function scopeText(entry) {
  return entry && entry.scope ? `This is ${entry.scope}.` : null;
}

