import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { ApiError } from '../core/errors';
import type { IdentityVerifier } from '../core/ports';

export interface FirebaseSettings {
  projectId: string;
  /** A service account's JSON, for production; the emulator needs none. */
  serviceAccountJson?: string;
}

export function firebaseAuth({ projectId, serviceAccountJson }: FirebaseSettings): Auth {
  const existing = getApps().find((app) => app.name === projectId);
  const app: App =
    existing ??
    initializeApp({ projectId, ...(serviceAccountJson ? { credential: cert(JSON.parse(serviceAccountJson) as object) } : {}) }, projectId);
  return getAuth(app);
}

/** firebase-admin's refusals that say the token proves no signed-in user; any other failure is the provider's. */
const NOT_SIGNED_IN = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/tenant-id-mismatch',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/**
 * Firebase ID tokens checked by firebase-admin (against the emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is set), revocation and disabled accounts
 * included. A token the provider refuses is no caller (401); a provider that
 * cannot be asked is 503, so a signed-in shopper is told to try again, not
 * to sign in.
 */
export function firebaseIdentity(auth: Auth): IdentityVerifier {
  return {
    async verify(token) {
      try {
        const decoded = await auth.verifyIdToken(token, true);
        return decoded.email ? { uid: decoded.uid, email: decoded.email } : null;
      } catch (error) {
        if (NOT_SIGNED_IN.has((error as { code?: string }).code ?? '')) return null;
        throw Object.assign(new ApiError(503, 'Signing in is not available right now. Please try again.'), { cause: error });
      }
    },
    async disable(uid) {
      try {
        await auth.updateUser(uid, { disabled: true });
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
  };
}
