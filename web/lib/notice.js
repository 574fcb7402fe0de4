// The one place the UI tells the player something went wrong (or right): a banner under the top bar,
// announced to screen readers, holding the server's own message. A refusal by the rules also links to the
// section of the game's rules page it cites ("Why? …").

import { rulesHref } from './links.js';

let timer = null;

/**
 * Show `message`, or an ApiError's message with a link to the rule it cites; `kind` is 'error' or 'info'.
 * Errors stay until dismissed or replaced.
 */
export function notify(message, kind = 'error') {
  const rule = typeof message === 'object' ? message?.body?.rule : null;
  if (typeof message === 'object' && message !== null) message = message.message;
  const box = document.getElementById('notice');
  box.className = `notice ${kind}`;
  box.replaceChildren();
  const text = document.createElement('span');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'link';
  close.textContent = 'Dismiss';
  close.addEventListener('click', clear);
  box.append(text, ' ');
  if (rule) {
    const why = document.createElement('a');
    why.className = 'why';
    why.href = rulesHref(rule.game, rule.section);
    why.textContent = `Why? ${rule.heading}`;
    why.title = "Open this rule's section of the rules page";
    box.append(why, ' ');
  }
  box.append(close);
  box.hidden = false;
  clearTimeout(timer);
  if (kind !== 'error') timer = setTimeout(clear, 4000);
}

export function clear() {
  const box = document.getElementById('notice');
  box.hidden = true;
  box.replaceChildren();
}
