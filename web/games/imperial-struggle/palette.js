// Imperial Struggle's colours and short words: each flag's paint and letter (Britain red B, France blue F,
// and the Spanish and US flags some spaces take), the six commodities with a two-letter code and a tint,
// the kinds of action point, the eras and the turn track. Every coloured piece also carries a letter, so
// colour is never the only clue (red and blue stay apart for the usual colour blindnesses, too).

const FLAGS = {
  britain: { name: 'Britain', letter: 'B', colour: '#b3202c', ink: '#fff' },
  france: { name: 'France', letter: 'F', colour: '#1f4f9c', ink: '#fff' },
  spain: { name: 'Spain', letter: 'S', colour: '#e0b100', ink: '#1b1b1b' },
  usa: { name: 'the USA', letter: 'U', colour: '#3f7d4e', ink: '#fff' },
};
const NOBODY = { name: 'nobody', letter: '', colour: '#f6f1e3', ink: '#1b1b1b' };

/** A flag (a power's id, "spain", "usa") as paint; `null` is an empty space. */
export const flag = (id) => FLAGS[id] ?? NOBODY;

/** The two powers in seat order: Britain sits at seat 0, France at seat 1. */
export const POWERS = ['britain', 'france'];

/** The power a seat plays, or null for a spectator. */
export const powerOfSeat = (seat) => POWERS[seat] ?? null;

const COMMODITIES = {
  furs: { name: 'furs', code: 'Fu', colour: '#c9a894' },
  fish: { name: 'fish', code: 'Fi', colour: '#9cc8e6' },
  tobacco: { name: 'tobacco', code: 'To', colour: '#d8bc72' },
  sugar: { name: 'sugar', code: 'Su', colour: '#f1ece0' },
  cotton: { name: 'cotton', code: 'Co', colour: '#ffffff' },
  spice: { name: 'spice', code: 'Sp', colour: '#e8a27a' },
};

/** A commodity by its id: its name, two-letter code and tint. */
export const commodity = (id) => COMMODITIES[id] ?? { name: id ?? '?', code: '?', colour: '#ccc' };

/** The kinds of action point, with a one-letter code as the tiles print a symbol. */
export const AP = {
  economic: { name: 'economic', code: 'E' },
  diplomatic: { name: 'diplomatic', code: 'D' },
  military: { name: 'military', code: 'M' },
};

/** The era of a place on the turn track (0 = round 1 … 9 = round 6; wars at 1, 4, 6 and 8). */
export function eraOf(turn) {
  if (turn <= 2) return 'Succession';
  if (turn <= 6) return 'Empire';
  return 'Revolution';
}

/** The places on the turn track, for the track drawn beside the map. */
export const TURN_TRACK = [
  { turn: 0, short: '1', name: 'Peace round 1' },
  { turn: 1, short: 'WSS', name: 'War of the Spanish Succession', war: 'wss' },
  { turn: 2, short: '2', name: 'Peace round 2' },
  { turn: 3, short: '3', name: 'Peace round 3' },
  { turn: 4, short: 'WAS', name: 'War of the Austrian Succession', war: 'was' },
  { turn: 5, short: '4', name: 'Peace round 4' },
  { turn: 6, short: 'SYW', name: "Seven Years' War", war: 'syw' },
  { turn: 7, short: '5', name: 'Peace round 5' },
  { turn: 8, short: 'AWI', name: 'American War of Independence', war: 'awi' },
  { turn: 9, short: '6', name: 'Peace round 6' },
];

/** "+2", "0", "-1": a war tile's value as printed. */
export const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The mark a war tile's symbol is drawn with, and its meaning. */
export const SYMBOLS = {
  debt: { mark: '$', words: 'debt symbol: the opponent takes 1 debt' },
  fort: { mark: '♜', words: 'fort/fleet symbol: damage an enemy fort or send an enemy squadron home' },
  flag: { mark: '⚑', words: 'flag symbol: unflag an enemy space in the region' },
};
