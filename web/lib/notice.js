// The one place the UI tells the player something went wrong (or right): a banner under the top bar,
// announced to screen readers, holding the server's own message.

let timer = null;

/** Show `message`; `kind` is 'error' or 'info'. Errors stay until dismissed or replaced. */
export function notify(message, kind = 'error') {
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
  box.append(text, ' ', close);
  box.hidden = false;
  clearTimeout(timer);
  if (kind !== 'error') timer = setTimeout(clear, 4000);
}

export function clear() {
  const box = document.getElementById('notice');
  box.hidden = true;
  box.replaceChildren();
}
