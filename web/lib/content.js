// Players' own content, as the pages put it in words. A game played with replaced content carries a notice
// (`content` in the lobby's waiting games, the game state and an upload's answer): its `fingerprint` (the
// replaced file names and a hash, "board.toml c7a4daed0b43b0c6"), the `replaced` files, and the `changes`,
// each entry that differs from the shipped content: `{file, entry: "region `london`", change}`, the change
// being "added", "removed" or "changed". Every text here comes from the server, so it is only ever set as
// text.

import { h } from './dom.js';

/** How many changes are shown in a sentence; more go in a list that opens on demand. */
export const INLINE_CHANGES = 4;

/** The fingerprint as people tell sets apart: the first 8 digits of its hash ("c7a4daed"). */
export function shortFingerprint(fingerprint) {
  const hash = String(fingerprint || '').trim().split(/\s+/).pop() || '';
  return hash.slice(0, 8);
}

/** The short fingerprint in a `code`, the whole one as its tooltip. */
export function fingerprintCode(fingerprint) {
  return h('code', { class: 'fingerprint', title: `Content set ${fingerprint}` }, shortFingerprint(fingerprint));
}

/**
 * A text with its `quoted` ids in code: "region `london`" → region <code>london</code> (an entry's name, or
 * the server's reason for refusing an upload).
 */
export function entryName(entry) {
  return String(entry).split('`').map((part, i) => (i % 2 ? h('code', {}, part) : part)).filter((p) => p !== '');
}

/** One change: "region london removed", its file first when the set replaces several files. */
export function changeText(change, withFile) {
  return [
    withFile ? h('span', { class: 'change-file' }, `${change.file}: `) : null,
    entryName(change.entry), ' ',
    h('span', { class: `change ${change.change}` }, change.change),
  ];
}

/** "4 entries differ", "1 entry differs", "no entry differs". */
export function differCount(changes) {
  const n = (changes || []).length;
  if (!n) return 'no entry differs';
  return n === 1 ? '1 entry differs' : `${n} entries differ`;
}

/** The files a notice replaces, in words: "board.toml", "cards.toml and spaces.toml". */
export function replacedFiles(notice) {
  const files = notice.replaced && notice.replaced.length ? notice.replaced : [...new Set((notice.changes || []).map((c) => c.file))];
  if (files.length <= 1) return files.join('');
  return `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;
}

/** The changes as a list. */
export function changeList(notice) {
  const several = (notice.replaced || []).length > 1;
  return h('ul', { class: 'content-changes' },
    (notice.changes || []).map((c) => h('li', { 'data-change': c.change }, changeText(c, several))));
}

/**
 * The changes in a `details` that opens on demand. `open` and `onToggle` keep it open across redraws
 * (pages that redraw on every push); `key` is the summary's `data-key`, to keep its focus too.
 */
export function changesDetails(notice, { summary, open = false, onToggle = null, key = null } = {}) {
  const details = h('details', { class: 'content-details', open },
    h('summary', { 'data-key': key }, summary || `${replacedFiles(notice)}: ${differCount(notice.changes)} from the shipped content`),
    h('div', { class: 'content-scroll' }, changeList(notice)));
  if (onToggle) details.addEventListener('toggle', () => onToggle(details.open));
  return details;
}

/**
 * The game page's notice: "This game is played with replaced content: board.toml — region london removed,
 * region londinium added." A few changes are said in the sentence; more are counted, and listed in a
 * `details`.
 */
export function gameNotice(notice, { open = false, onToggle = null } = {}) {
  const changes = notice.changes || [];
  const several = (notice.replaced || []).length > 1;
  const inline = changes.length <= INLINE_CHANGES;
  const sentence = [];
  if (!changes.length) sentence.push(' — no entry differs from the shipped content.');
  else if (inline) {
    sentence.push(' — ');
    changes.forEach((c, i) => sentence.push(i ? ', ' : null, changeText(c, several)));
    sentence.push('.');
  } else sentence.push(` — ${differCount(changes)} from the shipped content.`);
  return h('div', { class: 'content-note', role: 'note', id: 'content-notice', 'aria-label': 'Replaced content' },
    h('p', {},
      h('strong', {}, 'This game is played with replaced content: '),
      h('span', { class: 'content-files' }, replacedFiles(notice)),
      sentence, ' ',
      h('span', { class: 'muted' }, 'Set '), fingerprintCode(notice.fingerprint), h('span', { class: 'muted' }, '.')),
    inline ? null : changesDetails(notice, {
      summary: `The ${changes.length} entries that differ`, open, onToggle, key: 'content-changes',
    }));
}
