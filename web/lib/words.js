// Words for the page. The server's prompts name the seat whose decision it is ("Player 1 chooses Russia's
// rondel space", "Red builds"), as every viewer reads them; to that seat's player the page speaks to them:
// "you choose Russia's rondel space". Spans of time in words. Pure functions, so the browser tests use
// them too.

const IRREGULAR = { has: 'have', is: 'are', does: 'do', was: 'were' };
const MODALS = new Set(['may', 'must', 'can', 'will', 'should']);

/** The verb of "she chooses" as "you choose" (a comma after it kept), or null when the word is no such verb. */
function baseForm(word) {
  const [, verb, after] = word.match(/^([a-z]+)([,;:.!?]?)$/) ?? [];
  if (!verb) return null;
  if (IRREGULAR[verb]) return IRREGULAR[verb] + after;
  if (MODALS.has(verb)) return verb + after;
  if (/(ss|sh|ch|x|z|o)es$/.test(verb)) return verb.slice(0, -2) + after;
  if (/[a-z][^s]s$/.test(verb)) return verb.slice(0, -1) + after;
  return null;
}

/**
 * `prompt` said to the seat it names first (`name`): "you choose …", "you approve or reject …"; unchanged
 * if it does not start so.
 */
export function secondPerson(prompt, name) {
  if (!name || !prompt.startsWith(`${name} `)) return prompt;
  const words = prompt.slice(name.length + 1).split(' ');
  const base = baseForm(words[0]);
  if (base === null) return prompt;
  words[0] = base;
  // Verbs joined to the first ("approves or rejects") change with it.
  for (let i = 1; i + 1 < words.length && (words[i] === 'or' || words[i] === 'and'); i += 2) {
    const next = baseForm(words[i + 1]);
    if (next === null) break;
    words[i + 1] = next;
  }
  return ['you', ...words].join(' ');
}

/** A time control's span in words: `2 min`, `1 h`, `3 days`, `90 s`. */
export function spanWords(seconds) {
  const [unit, size] = [['day', 86400], ['h', 3600], ['min', 60]].find(([, n]) => seconds >= n && seconds % n === 0) ?? ['s', 1];
  const n = seconds / size;
  return unit === 'day' ? `${n} ${n === 1 ? 'day' : 'days'}` : `${n} ${unit}`;
}
