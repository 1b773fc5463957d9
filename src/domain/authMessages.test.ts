import { expect, it } from 'vitest';
import { PATTERNS } from './validation/patterns';
import { authErrorMessage, usernameFromDisplayName } from './authMessages';

it("says the spec's messages for the two named failures and the provider's otherwise", () => {
  expect(authErrorMessage({ code: 'auth/user-not-found', message: 'x' })).toBe('User not Found.');
  expect(authErrorMessage({ code: 'auth/wrong-password', message: 'x' })).toBe('Incorrect Password');
  expect(authErrorMessage({ code: 'auth/internal-error', message: 'Provider says no' })).toBe('Provider says no');
});

it('does not reveal whether an account exists under enumeration protection', () => {
  const message = authErrorMessage({ code: 'auth/invalid-credential', message: 'x' });
  expect(message).not.toMatch(/not found|exist/i);
});

it('makes a valid username from a Google display name', () => {
  for (const [name, email] of [['María José Pérez', 'mj@x.co'], [null, '9lives@x.co'], ['Al', 'al@x.co']] as const) {
    const username = usernameFromDisplayName(name, email, '42');
    expect(username).toMatch(PATTERNS.username);
  }
  expect(usernameFromDisplayName('Google Shopper', 'g@x.co', '7')).toBe('GoogleShopper7');
});
