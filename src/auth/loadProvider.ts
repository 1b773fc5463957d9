import type { AuthProvider } from './provider';

const env = import.meta.env;
const firebaseApiKey = env.VITE_FIREBASE_API_KEY;

let loading: Promise<AuthProvider> | null = null;

/**
 * The authentication provider, loaded on first use so neither Firebase nor the
 * mock is in the first bundle: Firebase when the build has a Firebase config
 * (the emulator's in `npm start`), else the in-memory one of the mock backend.
 */
export function authProvider(): Promise<AuthProvider> {
  // The server renders a visitor's page and signs nobody in: neither provider is built into it.
  if (import.meta.env.SSR) return Promise.reject(new Error('No sign-in on the server.'));
  loading ??= firebaseApiKey
    ? import('./firebaseProvider').then((m) =>
        m.createFirebaseProvider({
          apiKey: firebaseApiKey,
          projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-shop',
          authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
          // The local set-up's server names its emulator in the page, so one build serves shops on any emulator port.
          emulatorUrl: document.querySelector<HTMLMetaElement>('meta[name="auth-emulator"]')?.content ?? env.VITE_FIREBASE_AUTH_EMULATOR,
        }),
      )
    : import('~/mocks/auth').then((m) => m.mockAuthProvider);
  return loading;
}

/**
 * Where the provider keeps its signed-in user, in localStorage ('remember me')
 * or this tab's sessionStorage: Firebase's key for our app (firebaseProvider
 * persists there, not in IndexedDB, so it can be read synchronously), or the
 * mock's (mocks/auth.ts). Firebase also marks a sign-in by redirect under way
 * in sessionStorage; the return from it is a session to restore too.
 */
const storedUserKeys = firebaseApiKey
  ? [`firebase:authUser:${firebaseApiKey}:[DEFAULT]`, `firebase:pendingRedirect:${firebaseApiKey}:[DEFAULT]`]
  : ['mockAuthUser'];

/** Whether the provider holds a session in this browser, answered without loading it (false where there is no storage: the server). */
export function providerSessionStored(): boolean {
  if (typeof window === 'undefined') return false;
  return [window.localStorage, window.sessionStorage].some((storage) => storedUserKeys.some((key) => storage.getItem(key) != null));
}
