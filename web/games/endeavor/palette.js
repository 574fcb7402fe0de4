// Endeavor's colours and short words: the seats' disc colours in seat order (the engine names the seats
// Red, Blue, Yellow, Purple and Green) and the Silent Fleet's white; the trade tokens' codes, brown for
// the four attributes and blue for the action tokens. Every coloured disc also carries its owner's
// initial, so colour is never the only clue.

const SEATS = [
  { name: 'Red', letter: 'R', colour: '#c62828', ink: '#fff' },
  { name: 'Blue', letter: 'B', colour: '#1565c0', ink: '#fff' },
  { name: 'Yellow', letter: 'Y', colour: '#f5c400', ink: '#000' },
  { name: 'Purple', letter: 'P', colour: '#6a1b9a', ink: '#fff' },
  { name: 'Green', letter: 'G', colour: '#2e7d32', ink: '#fff' },
];
const FLEET = { name: 'The Silent Fleet', letter: 'S', colour: '#f4f4f4', ink: '#333', stroke: '#666' };

/** The Silent Fleet's column in per-owner counts (the open sea, presence): after the five seats. */
export const FLEET_INDEX = 5;

/** An owner as the view serialises it (`{player: 2}` or `"fleet"`), or an owner index, as colours. */
export function owner(o) {
  if (o === 'fleet' || o === FLEET_INDEX) return FLEET;
  const seat = typeof o === 'number' ? o : o?.player;
  return SEATS[seat % SEATS.length];
}

/** The seat of an owner, or null for the Silent Fleet and nobody. */
export const seatOf = (o) => (o && typeof o === 'object' && 'player' in o ? o.player : null);

/** The four attributes in the engine's order (tokens, figures and tracks are indexed by it). */
export const ATTRIBUTES = [
  { id: 'industry', name: 'Industry', level: 'build' },
  { id: 'culture', name: 'Culture', level: 'grow' },
  { id: 'economy', name: 'Economy', level: 'pay' },
  { id: 'influence', name: 'Influence', level: 'cards' },
];

/** The trade tokens: a three-letter code, the name, and whether it is a blue action token. */
export const TOKENS = {
  industry: { code: 'IND', name: 'Industry token', blue: false },
  culture: { code: 'CUL', name: 'Culture token', blue: false },
  economy: { code: 'ECO', name: 'Economy token', blue: false },
  influence: { code: 'INF', name: 'Influence token', blue: false },
  occupy_draw: { code: 'O/D', name: 'Occupy/Draw token', blue: true },
  ship_draw: { code: 'S/D', name: 'Ship/Draw token', blue: true },
  payment: { code: 'PAY', name: 'Payment token', blue: true },
  attack: { code: 'ATK', name: 'Attack token', blue: true },
};

export const token = (kind) => TOKENS[kind] ?? { code: '?', name: kind, blue: false };
