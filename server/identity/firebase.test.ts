import type { Auth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { firebaseIdentity } from './firebase';

/** An Auth whose token check fails with this code. */
const refusing = (code: string) =>
  firebaseIdentity({ verifyIdToken: async () => Promise.reject(Object.assign(new Error(code), { code })) } as unknown as Auth);

describe('a Firebase token check', () => {
  it('is no caller when the provider refuses the token: expired, revoked, malformed, a disabled or deleted account', async () => {
    for (const code of [
      'auth/id-token-expired',
      'auth/id-token-revoked',
      'auth/argument-error',
      'auth/invalid-id-token',
      'auth/user-disabled',
      'auth/user-not-found',
    ]) {
      expect([code, await refusing(code).verify('t')]).toEqual([code, null]);
    }
  });

  it('is 503 when the provider cannot be asked, so a signed-in shopper is not told to sign in', async () => {
    for (const code of ['app/network-error', 'auth/internal-error', 'app/network-timeout']) {
      await expect(refusing(code).verify('t')).rejects.toMatchObject({
        status: 503,
        message: 'Signing in is not available right now. Please try again.',
      });
    }
  });
});
