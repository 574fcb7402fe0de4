// The account page: change the password (which ends every other session), the turn notifications (a
// Discord-compatible webhook, with a test message), the bot accounts for one's own programs (each token shown
// once; renew or revoke it), or sign out everywhere.

import { api, get, post } from '../lib/api.js';
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
    form, notifications(), session.guest ? null : botAccounts(), everywhere));
}

/**
 * Bot accounts: programs of one's own that play the seats people invite them to, over the outside-bot
 * protocol on a WebSocket (docs/bot-builders.md). A token is shown once, when made or renewed.
 */
function botAccounts() {
  const list = h('ul', { class: 'bot-accounts', id: 'bot-accounts' });
  const shown = h('div', { class: 'bot-token', id: 'bot-token', hidden: true });
  const showToken = (made) => {
    replace(shown, h('p', {}, `The token of ${made.name}, shown this once: give it to its program.`),
      h('input', { id: 'bot-token-value', type: 'text', readonly: true, value: made.token, 'aria-label': `The token of ${made.name}` }));
    shown.hidden = false;
  };
  const act = (path, done) => async () => {
    try {
      done(await post(path));
      await draw();
    } catch (err) {
      notify(err.message);
    }
  };
  const draw = async () => {
    const bots = await get('/api/me/bots');
    replace(list, bots.map((b) => h('li', { 'data-bot': b.name },
      h('a', { href: `#/player/${encodeURIComponent(b.name)}` }, b.name), ' ',
      h('span', { class: b.has_token ? 'badge' : 'badge warn' }, b.has_token ? 'Can connect' : 'Token revoked'), ' ',
      h('button', { type: 'button', onclick: act(`/api/bots/${encodeURIComponent(b.name)}/token`, showToken) }, 'New token'),
      b.has_token ? h('button', {
        type: 'button',
        onclick: act(`/api/bots/${encodeURIComponent(b.name)}/revoke`, () => { shown.hidden = true; }),
      }, 'Revoke') : null)));
  };
  const name = h('input', { id: 'bot-name', type: 'text', required: true, minlength: 3, maxlength: 32, autocomplete: 'off' });
  const make = h('button', { type: 'submit', class: 'primary', id: 'make-bot' }, 'Make a bot account');
  draw().catch((err) => notify(err.message));
  return h('form', {
    class: 'card',
    'aria-labelledby': 'bots-title',
    onsubmit: async (e) => {
      e.preventDefault();
      make.disabled = true;
      try {
        showToken(await post('/api/bots', { name: name.value }));
        name.value = '';
        await draw();
      } catch (err) {
        notify(err.message);
      } finally {
        make.disabled = false;
      }
    },
  },
  h('h2', { id: 'bots-title' }, 'Bot accounts'),
  h('p', {}, 'Enter a program of your own: it connects with its bot account’s token and plays the seats people '
    + 'invite it to (see “For bot builders”). A bot account is shown as a bot, with your name, and rated among bots.'),
  list, shown,
  h('label', { for: 'bot-name' }, 'Name (as an account’s: 3 to 32 characters)'), name, make);
}

/** The webhook called when it is your turn and no page of yours is watching the game. */
function notifications() {
  const url = h('input', { id: 'webhook', type: 'url', maxlength: 2000, placeholder: 'https://discord.com/api/webhooks/…', autocomplete: 'off' });
  const save = h('button', { type: 'submit', class: 'primary' }, 'Save');
  const test = h('button', {
    type: 'button',
    id: 'webhook-test',
    // What is in the field is what gets tested: it is saved first.
    onclick: () => busy(test, async () => {
      await api('PUT', '/api/me/webhook', { url: url.value.trim() || null });
      await post('/api/me/webhook/test');
      notify('Saved, and a test message was delivered: look for it where the webhook posts.', 'info');
    }),
  }, 'Send a test message');
  get('/api/me/webhook').then((w) => { url.value = w.url ?? ''; }).catch((err) => notify(err.message));
  const busy = async (button, work) => {
    button.disabled = true;
    try {
      await work();
    } catch (err) {
      notify(err.message);
    } finally {
      button.disabled = false;
    }
  };
  return h('form', {
    class: 'card',
    'aria-labelledby': 'webhook-title',
    onsubmit: (e) => {
      e.preventDefault();
      busy(save, async () => {
        const saved = await api('PUT', '/api/me/webhook', { url: url.value.trim() || null });
        notify(saved.url ? 'Saved: your turns will be posted there.' : 'Turn notifications are off.', 'info');
      });
    },
  },
  h('h2', { id: 'webhook-title' }, 'Turn notifications'),
  h('p', {}, 'When it is your turn and no page of yours shows the game, Imperia posts a message to this address: '
    + 'a Discord channel webhook, or any service that takes the same JSON. Leave it empty to stop. No e-mail, ever.'),
  h('label', { for: 'webhook' }, 'Webhook URL (http or https, a public host)'), url,
  h('div', { class: 'button-row' }, save, test));
}
