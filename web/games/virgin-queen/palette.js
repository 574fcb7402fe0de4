// Virgin Queen's colours: each major power's paint and letter (the letter too, so that colour is never the
// only clue), and one paint for the minor powers, lettered by name.

export const POWERS = ['ottoman', 'spain', 'england', 'france', 'hre', 'protestant'];

const PAINT = {
  ottoman: { colour: '#2e7d32', ink: '#fff', letter: 'O' },
  spain: { colour: '#e0b31b', ink: '#1b1b1b', letter: 'S' },
  england: { colour: '#c62828', ink: '#fff', letter: 'E' },
  france: { colour: '#1f5fbf', ink: '#fff', letter: 'F' },
  hre: { colour: '#505050', ink: '#fff', letter: 'H' },
  protestant: { colour: '#7b3fa0', ink: '#fff', letter: 'P' },
};
const MINOR = { colour: '#c9b48a', ink: '#1b1b1b' };

/** The paint of an owner's id (a major power's or a minor's), with its letter. */
export function paint(owner, names) {
  if (PAINT[owner]) return PAINT[owner];
  const name = names?.get(owner) ?? owner ?? '?';
  return { ...MINOR, letter: name[0].toUpperCase() };
}

/** An owner's id from the view's form: `{major: "spain"}`, `{minor: "venice"}`, or the id itself. */
export const ownerId = (o) => (o && typeof o === 'object' ? o.major ?? o.minor : o);
