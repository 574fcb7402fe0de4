// Brazil: Imperial's colours and short words: each colour's paint and initial (the engine's colours are
// green, blue, red and orange; the solo scenario's Dutch are orange and marked D), the six kinds of piece
// (the four resources drawn square, gold and science round, each with a two-letter code), the terrains
// with a pattern each besides their paint, the building tokens' codes and era paints, and Roman numerals.
// Every coloured piece also carries a letter or a shape, so colour is never the only clue.

/** The owner number of the solo scenario's Dutch (the engine's `DUTCH`). */
export const DUTCH = 4;

const COLOURS = {
  green: { name: 'Green', letter: 'G', colour: '#2e7d32', ink: '#fff' },
  blue: { name: 'Blue', letter: 'B', colour: '#1565c0', ink: '#fff' },
  red: { name: 'Red', letter: 'R', colour: '#c62828', ink: '#fff' },
  orange: { name: 'Orange', letter: 'O', colour: '#ef7d00', ink: '#000' },
};
const DUTCH_PAINT = { name: 'The Dutch', letter: 'D', colour: '#ef7d00', ink: '#000' };
const UNKNOWN = { name: '?', letter: '?', colour: '#9e9e9e', ink: '#000' };

/** A colour (by its id) as paint. */
export const colour = (id) => COLOURS[id] ?? { ...UNKNOWN, name: id ?? '?' };

/** An owner number (a seat, or the Dutch) as paint, given the table's players. */
export function ownerPaint(owner, table) {
  if (owner === DUTCH) return DUTCH_PAINT;
  return colour(table.players[owner]?.colour);
}

/** The six kinds of piece, in the engine's order: resources first, then gold and science. */
export const PIECES = ['sugarcane', 'coffee', 'wood', 'cotton', 'gold', 'science'];

const PIECE = {
  sugarcane: { code: 'Su', colour: '#9ccc65', ink: '#1b1b1b', round: false },
  coffee: { code: 'Cf', colour: '#6d4c41', ink: '#fff', round: false },
  wood: { code: 'Wd', colour: '#c8a06e', ink: '#1b1b1b', round: false },
  cotton: { code: 'Ct', colour: '#f4f4f4', ink: '#1b1b1b', round: false },
  gold: { code: 'Au', colour: '#f2c230', ink: '#1b1b1b', round: true },
  science: { code: 'Sc', colour: '#3f51b5', ink: '#fff', round: true },
};

export const piece = (kind) => PIECE[kind] ?? { code: '?', colour: '#ccc', ink: '#000', round: false };

/** A bag as the view writes it (`{wood: 2, gold: 1}`) as [kind, n] pairs in the engine's order. */
export const bagEntries = (bag) => PIECES.filter((k) => bag?.[k] > 0).map((k) => [k, bag[k]]);

/** A bag in words: "2 wood + 1 gold", or "nothing". */
export function bagWords(bag) {
  const parts = bagEntries(bag).map(([k, n]) => `${n} ${k}`);
  return parts.length ? parts.join(' + ') : 'nothing';
}

/** The terrains: paint, the pattern drawn over it (its id in the map's defs) and the name. */
export const TERRAIN = {
  field: { name: 'field', fill: '#ece3a6', pattern: 'bz-field' },
  forest: { name: 'forest', fill: '#8fbf7a', pattern: 'bz-forest' },
  gold: { name: 'gold deposit', fill: '#e2bf6a', pattern: 'bz-gold' },
  water: { name: 'water', fill: '#9fcfee', pattern: 'bz-water' },
};

/** A building token's two-letter code on the map. */
const CODES = {
  sawmill: 'Sa', trading_post: 'TP', cane_field: 'CF', coffee_plantation: 'CP', mine: 'Mi',
  spinning_mill: 'SM', church: 'Ch', university: 'Un',
};

export function buildingCode(id, name) {
  if (CODES[id]) return CODES[id];
  const words = (name || id).split(/[\s_]+/).filter(Boolean);
  return words.length > 1 ? (words[0][0] + words[1][0]).toUpperCase() : (words[0] || '?').slice(0, 2);
}

/** A city's initials on its token: "Vila Rica" → "VR", "Paraty" → "Pa". */
export function cityCode(name) {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  return words.length > 1 ? words.slice(0, 2).map((w) => w[0]).join('') : name.slice(0, 2);
}

/** The era paints of the tokens, as the box has them: era I brown, era II yellow, era III grey. */
export const ERA_PAINT = { 1: '#b98b5e', 2: '#f3d36b', 3: '#c5ccd3' };

export function roman(n) {
  return ['0', 'I', 'II', 'III', 'IV', 'V', 'VI'][n] ?? String(n);
}
