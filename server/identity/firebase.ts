import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
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
    initializeApp(
      { projectId, ...(serviceAccountJson ? { credential: cert(JSON.parse(serviceAccountJson) as object) } : {}) },
      projectId,
    );
  return getAuth(app);
}

/** How long a sign-in account's state (disabled, tokens revoked) is trusted before it is asked again. */
export const ACCOUNT_CHECK_MS = 30_000;

interface AccountState {
  disabled: boolean;
  /** Tokens signed in before this moment (ms) are revoked. */
  validSince: number;
}

/**
 * Firebase ID tokens checked by firebase-admin (against the emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is set): signature, expiry, project and
 * audience on every call; the account's state (disabled, tokens revoked) as
 * `verifyIdToken(token, true)` checks it, but asked of Firebase at most once
 * per account every `accountCheckMs`, since asking on every request costs a
 * round trip to Firebase each. An account the shop disables itself is
 * refused at once; one disabled or revoked elsewhere within accountCheckMs.
 */
export function firebaseIdentity(auth: Auth, { accountCheckMs = ACCOUNT_CHECK_MS } = {}): IdentityVerifier {
  const accounts = new LRUCache<string, AccountState>({
    max: 100_000,
    ttl: accountCheckMs,
    fetchMethod: async (uid) => {
      const account = await auth.getUser(uid);
      return { disabled: account.disabled, validSince: account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0 };
    },
  });
  return {
    async verify(token) {
      try {
        const decoded = await auth.verifyIdToken(token);
        const account = await accounts.fetch(decoded.uid);
        if (!account || account.disabled || decoded.auth_time * 1000 < account.validSince) return null;
        return decoded.email ? { uid: decoded.uid, email: decoded.email } : null;
      } catch {
        return null;
      }
    },
    async disable(uid) {
      try {
        await auth.updateUser(uid, { disabled: true });
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      } finally {
        // After the change, so a check made meanwhile does not keep the account's old state.
        accounts.delete(uid);
      }
    },
  };
}
