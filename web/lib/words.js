// Words for the page: spans of time. Pure functions, so the browser tests use them too. (Prompts come from
// the server already said to their reader: "you choose Russia's rondel space" to the player deciding,
// "Player 1 chooses Russia's rondel space" to everyone else.)

/** A time control's span in words: `2 min`, `1 h`, `3 days`, `90 s`. */
export function spanWords(seconds) {
  const [unit, size] = [['day', 86400], ['h', 3600], ['min', 60]].find(([, n]) => seconds >= n && seconds % n === 0) ?? ['s', 1];
  const n = seconds / size;
  return unit === 'day' ? `${n} ${n === 1 ? 'day' : 'days'}` : `${n} ${unit}`;
}
