// What the UI knows about each game beyond what the server tells every client: its seat counts and
// variant options for the lobby's form, and the module that draws its game page. A game with no entry
// here is still created (with options typed as JSON) and played on the generic page (games/generic.js).

const GAMES = {
  imperial2030: {
    seats: { min: 2, max: 6, default: 4 },
    options: [
      { key: 'experienced', label: 'Experienced players’ setup (more cash, bonds bought nation by nation)', default: false },
      { key: 'investor_card', label: 'Investor card (untick: everyone may invest after each nation’s turn)', default: true },
      { key: 'tax_increase_bonus', label: 'Success bonus only for raising taxes', default: false },
      { key: 'hidden_cash', label: 'Players keep their cash secret', default: false },
    ],
    page: () => import('./imperial2030/index.js'),
  },
  'imperial-struggle': {
    // Britain (seat 1) against France (seat 2); its page is the generic one for now.
    seats: { min: 2, max: 2, default: 2 },
    options: [
      { key: 'spanish_empire', label: 'Spanish Empire (§12.1: Spanish flags in the Caribbean)', default: false },
      { key: 'planned_upgrades', label: 'Military planning: upgrades swap basic tiles (§12.2)', default: false },
      { key: 'planned_layout', label: 'Military planning: assign your basic tiles at each layout (§12.2)', default: false },
      { key: 'fortified_forts', label: 'Fortified forts: conquering a fort needs a war route (§12.3)', default: false },
    ],
    page: () => import('./generic.js'),
  },
};

const GENERIC = { seats: { min: 1, max: 8, default: 2 }, options: null, page: () => import('./generic.js') };

/** The UI's knowledge of game `id`. */
export function uiFor(id) {
  return GAMES[id] ?? GENERIC;
}


/**
 * How a seat is named for people: "Player 2 (anton)", "Player 3 (bot, medium)", "Player 4 (open)". The
 * engines' own log lines say "Player 2", so the number comes first.
 */
export function seatName(seat) {
  if (!seat) return '';
  const who = seat.player ? seat.player : seat.bot ? `bot, ${botLevel(seat.bot)}` : 'open seat';
  return `Player ${seat.seat + 1} (${who})`;
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
