// The account page: change the password (which ends every other session), or sign out everywhere.

import { post } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';

export function show(root, session) {
  const current = h('input', { id: 'current', type: 'password', required: true, autocomplete: 'current-password' });
  const fresh = h('input', { id: 'new-password', type: 'password', required: true, autocomplete: 'new-password', minlength: 8, maxlength: 128 });
  const change = h('button', { type: 'submit', class: 'primary' }, 'Change the password');
  const form = h('form', {
    class: 'card',
    'aria-labelledby': 'password-title',
    onsubmit: async (e) => {
      e.preventDefault();
      change.disabled = true;
      try {
        const done = await post('/api/me/password', { current: current.value, new: fresh.value });
        current.value = '';
        fresh.value = '';
        const ended = done.other_sessions_ended;
        notify(ended === 0 ? 'Password changed.'
          : `Password changed; ${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`, 'info');
      } catch (err) {
        notify(err.message);
      } finally {
        change.disabled = false;
      }
    },
  },
  h('h2', { id: 'password-title' }, 'Password'),
  h('label', { for: 'current' }, 'Current password'), current,
  h('label', { for: 'new-password' }, 'New password (at least 8 characters, not a common one)'), fresh,
  change);
  const everywhere = h('section', { class: 'card', 'aria-labelledby': 'sessions-title' },
    h('h2', { id: 'sessions-title' }, 'Sessions'),
    h('p', {}, 'Signed in on a computer you no longer use? Sign out on every device at once.'),
    h('button', {
      type: 'button',
      onclick: async () => {
        try {
          await post('/api/signout', { everywhere: true });
          location.hash = '#/signin';
        } catch (err) {
          notify(err.message);
        }
      },
    }, 'Sign out everywhere'));
  replace(root, h('div', { class: 'account' },
    h('h1', {}, `Account: ${session.me}`),
    h('p', { class: 'muted' }, 'Changing the password signs you out everywhere else; this browser stays signed in.'),
    form, everywhere));
}
