import { setIdTokenSource } from '../api/client';
import type { AuthProvider } from './provider';

let loading: Promise<AuthProvider> | null = null;

/**
 * The authentication provider, loaded on first use so neither Firebase nor the
 * mock is in the first bundle: Firebase when the build has a Firebase config
 * (the emulator's in `npm start`), else the in-memory one of the mock backend.
 */
export function authProvider(): Promise<AuthProvider> {
  loading ??= (
    import.meta.env.VITE_FIREBASE_API_KEY
      ? import('./firebaseProvider').then((m) =>
          m.createFirebaseProvider({
            apiKey: import.meta.env.VITE_FIREBASE_API_KEY!,
            projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-shop',
            authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
            emulatorUrl: import.meta.env.VITE_FIREBASE_AUTH_EMULATOR,
          }),
        )
      : import('../../mocks/auth').then((m) => m.mockAuthProvider)
  ).then((provider) => {
    setIdTokenSource(() => provider.getIdToken());
    return provider;
  });
  return loading;
}
