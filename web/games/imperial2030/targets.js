// Which part of the board an Imperial 2030 action is about, so a click on the map, the rondel or a bond
// can be matched with the legal actions the server sent. Actions are the engine's JSON
// (`{"type": "move_army", "from": …, "to": …}`); nothing here decides what is legal.

/** The regions an action names, in order: [origin, destination] for a move, [region] otherwise. */
export function regionsOf(action) {
  switch (action.type) {
    case 'move_fleet':
    case 'move_army':
      return [action.from, action.to];
    case 'build_factory':
    case 'produce':
    case 'import':
    case 'place_flag':
    case 'attack':
    case 'destroy_factory':
      return [action.region];
    default:
      return [];
  }
}

/** The rondel space an action moves to, if it is a rondel choice. */
export const spaceOf = (action) => (action.type === 'rondel' ? action.space : null);

/** The bond an action buys, as "nation:price", if it is an investment. */
export const bondOf = (action) => (action.type === 'invest' ? `${action.nation}:${action.price}` : null);

/** Whether an action is about no particular place: pass, end, battle and canal answers. */
export const isGeneral = (action) => !regionsOf(action).length && !spaceOf(action) && !bondOf(action);
