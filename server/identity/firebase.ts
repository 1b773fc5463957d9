import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
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

/**
 * Firebase ID tokens checked by firebase-admin (against the emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is set), revocation and disabled accounts included.
 */
export function firebaseIdentity(auth: Auth): IdentityVerifier {
  return {
    async verify(token) {
      try {
        const decoded = await auth.verifyIdToken(token, true);
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
      }
    },
  };
}
