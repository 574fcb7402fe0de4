// Addresses of pages that several others link to.

/** `game`'s rules page, at `section` (an anchor of its rulebook index, or 'rulings') if given. */
export const rulesHref = (game, section) =>
  `#/rules/${encodeURIComponent(game)}${section ? `/${encodeURIComponent(section)}` : ''}`;
