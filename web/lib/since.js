// What changed on a board since this player's last decision, for a game's page to mark until their next one.
//
// The game page hands a game's module the view as it was right after the player's last decision (`before`
// in the module's context, fetched from `/steps/{n}`, so it survives a reload and is never taken after the
// bots have already moved). The module says what each of its places holds, in one word per place; the
// places whose word differs now are the ones the others changed.

/**
 * The ids of the places whose word differs between `before` and `view`; `wordsOf(view)` is a Map of place
 * id to its word. None when there is no `before` (no decision yet, or a look back with the slider).
 */
export function changedSince(before, view, wordsOf) {
  if (!before) return new Set();
  const then = wordsOf(before);
  const changed = new Set();
  for (const [place, word] of wordsOf(view)) {
    if (then.get(place) !== word) changed.add(place);
  }
  return changed;
}
