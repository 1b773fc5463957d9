import { fromCallback, fromPromise } from 'xstate';
import { setIdTokenSource } from '../api/clientSettings';
import type { RegisterInput, SessionEvent, SignInInput } from '../../machines/session.machine';
import type { LoggedUser } from '../domain/types';
import type { AuthProvider, AuthUser } from './provider';
import { ensureShopUser, ensureShopUserFor, findShopUser } from './shopUser';

/**
 * A sign-in attempt: on failure the provider is signed out too, so it never
 * keeps an earlier identity while the session shows nobody.
 */
async function attempt<T>(provider: AuthProvider, signIn: () => Promise<T>): Promise<T> {
  try {
    return await signIn();
  } catch (error) {
    await provider.signOut();
    throw error;
  }
}

/**
 * The session machine's actors on an authentication provider that loads on
 * demand, and the shop API; once the provider is loaded, the API's requests
 * carry its ID token.
 */
export function sessionActors(load: () => Promise<AuthProvider>) {
  const provider = () =>
    load().then((p) => {
      setIdTokenSource(() => p.getIdToken());
      return p;
    });
  return {
    /**
     * Until told to LISTEN, the provider stays unloaded and another tab's
     * storage changes are passed on (a sign-in there stores a session); from
     * then on, the provider's user and its every change.
     */
    authState: fromCallback<{ type: 'LISTEN' }>(({ sendBack, receive }) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      let listening = false;
      const storageChanged = () => sendBack({ type: 'STORAGE_CHANGED' } satisfies SessionEvent);
      window.addEventListener('storage', storageChanged);
      receive(() => {
        if (listening) return;
        listening = true;
        window.removeEventListener('storage', storageChanged);
        void provider().then((p) => {
          if (!stopped) stop = p.onAuthStateChanged((user) => sendBack({ type: 'AUTH_CHANGED', user } satisfies SessionEvent));
        });
      });
      return () => {
        stopped = true;
        window.removeEventListener('storage', storageChanged);
        stop?.();
      };
    }),
    // Someone back from Google's redirect gets a shop user made exactly as on the popup path.
    loadUser: fromPromise<LoggedUser | null, AuthUser>(async ({ input }) => {
      const redirected = await (await provider()).redirectResult();
      return redirected?.uid === input.uid ? ensureShopUserFor(input) : findShopUser(input);
    }),
    signIn: fromPromise<LoggedUser, SignInInput>(async ({ input }) => {
      const p = await provider();
      return attempt(p, async () => ensureShopUserFor(await p.signIn(input.email, input.password, input.remember)));
    }),
    signInWithGoogle: fromPromise<LoggedUser>(async () => {
      const p = await provider();
      return attempt(p, async () => ensureShopUserFor(await p.signInWithGoogle()));
    }),
    register: fromPromise<LoggedUser, RegisterInput>(async ({ input }) => {
      const p = await provider();
      return attempt(p, async () => {
        await p.signUp(input.email, input.password);
        try {
          return await ensureShopUser(input.username);
        } catch (error) {
          await p.deleteCurrentUser();
          throw error;
        }
      });
    }),
    signOut: fromPromise<void>(async () => (await provider()).signOut()),
  };
}
