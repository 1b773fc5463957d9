import { AuthErrorCodes } from 'firebase/auth';
import { expect, it } from 'vitest';
import { AUTH_UNKNOWN, authErrorMessage } from '../domain/authMessages';

const everyProviderCode = [...new Set(Object.values(AuthErrorCodes))];

// A provider's own text ("Firebase: Password should be at least 6 characters (auth/weak-password)") never reaches a page.
it('has a shop message for every code Firebase Auth can give, and never shows the provider’s own text', () => {
  expect(everyProviderCode.length).toBeGreaterThan(100);
  for (const code of everyProviderCode) {
    const message = authErrorMessage({ code, message: `Firebase: Error (${code}).` });
    expect(message, code).not.toBe(AUTH_UNKNOWN);
    expect(message, code).not.toMatch(/firebase|auth\//i);
  }
});
