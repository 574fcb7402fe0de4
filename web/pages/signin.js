// Sign in or sign up: one form, two modes. Signing up signs in too; either way the lobby follows.

import { post } from '../lib/api.js';
import { h, replace } from '../lib/dom.js';
import { notify } from '../lib/notice.js';

export function show(root, session, mode) {
  const up = mode === 'signup';
  const name = h('input', { id: 'name', name: 'name', autocomplete: 'username', required: true, maxlength: 40 });
  const password = h('input', {
    id: 'password',
    name: 'password',
    type: 'password',
    required: true,
    autocomplete: up ? 'new-password' : 'current-password',
  });
  const submit = h('button', { type: 'submit', class: 'primary' }, up ? 'Sign up' : 'Sign in');
  const form = h('form', {
    class: 'card narrow',
    onsubmit: async (e) => {
      e.preventDefault();
      submit.disabled = true;
      try {
        await post(up ? '/api/signup' : '/api/signin', { name: name.value.trim(), password: password.value });
        location.hash = '#/lobby';
      } catch (err) {
        notify(err.message);
      } finally {
        submit.disabled = false;
      }
    },
  },
  h('h1', {}, up ? 'Create an account' : 'Sign in to Imperia'),
  h('p', { class: 'muted' }, up
    ? 'Choose a name and a password of at least 8 characters that is hard to guess (a few words make a good one). You can then start a game against bots at once.'
    : 'Play heavy empire-building board games with the rules enforced.'),
  h('label', { for: 'name' }, 'Name'), name,
  h('label', { for: 'password' }, 'Password'), password,
  submit,
  h('p', {}, up
    ? ['Already have an account? ', h('a', { href: '#/signin' }, 'Sign in')]
    : ['New here? ', h('a', { href: '#/signup', id: 'to-signup' }, 'Create an account')]));
  replace(root, form);
  name.focus();
}
