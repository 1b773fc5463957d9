import { expect, it } from 'vitest';
import { PATTERNS } from './validation/patterns';
import { authErrorMessage, AUTH_UNKNOWN, usernameFromDisplayName } from './authMessages';

it("says the spec's messages for the two named failures", () => {
  expect(authErrorMessage({ code: 'auth/user-not-found', message: 'x' })).toBe('User not Found.');
  expect(authErrorMessage({ code: 'auth/wrong-password', message: 'x' })).toBe('Incorrect Password');
});

// DECISIONS.md: passwords are '6 to 20 characters. at least one lower-case letter and one number. No special Characters'; emails that are not plain get 'the form's email message, never the provider's text'.
it('answers a refused password or email with the form’s own message', () => {
  const weak = { code: 'auth/weak-password', message: 'Firebase: Password should be at least 6 characters (auth/weak-password).' };
  expect(authErrorMessage(weak)).toBe('6 to 20 characters. at least one lower-case letter and one number. No special Characters');
  expect(authErrorMessage({ code: 'auth/invalid-email', message: 'Firebase: Error (auth/invalid-email).' })).toBe(
    'Please insert Valid email pattern',
  );
});

it('says one generic shop message for an unknown failure, whatever its text', () => {
  expect(authErrorMessage({ code: 'auth/something-new', message: 'Firebase: Error (auth/something-new).' })).toBe(AUTH_UNKNOWN);
  expect(authErrorMessage({ message: 'TypeError: fetch failed' })).toBe(AUTH_UNKNOWN);
  expect(authErrorMessage(new Error('price must be <= 1000000.'))).toBe(AUTH_UNKNOWN);
  expect(AUTH_UNKNOWN).toBe('Something went wrong. Please try again.');
});

it('does not reveal whether an account exists under enumeration protection', () => {
  const message = authErrorMessage({ code: 'auth/invalid-credential', message: 'x' });
  expect(message).not.toMatch(/not found|exist/i);
});

it('makes a valid username from a Google display name', () => {
  for (const [name, email] of [
    ['María José Pérez', 'mj@x.co'],
    [null, '9lives@x.co'],
    ['Al', 'al@x.co'],
  ] as const) {
    const username = usernameFromDisplayName(name, email, '42');
    expect(username).toMatch(PATTERNS.username);
  }
  expect(usernameFromDisplayName('Google Shopper', 'g@x.co', '7')).toBe('GoogleShopper7');
});
