import { fromCallback, fromPromise } from 'xstate';
import { setIdTokenSource } from '~/src/api/clientSettings';
import type { RegisterInput, SessionEvent, SignInInput } from '~/machines/session.machine';
import type { LoggedUser } from '~/src/domain/types';
import type { AuthProvider, AuthUser } from '~/src/auth/provider';

/**
 * The session machine's actors on an authentication provider that loads on
 * demand, and the shop API; once the provider is loaded, the API's requests
 * carry its ID token. The sign-in calls (signInCalls, with the API client)
 * are fetched alongside the provider, so a restore or a sign-in never waits
 * for them after it.
 */
export function sessionActors(load: () => Promise<AuthProvider>) {
  const loaded = async () => {
    const [provider, { signInCalls }] = await Promise.all([load(), import('~/src/auth/signInCalls')]);
    setIdTokenSource(() => provider.getIdToken());
    return { provider, calls: signInCalls(provider) };
  };
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
        void loaded().then(({ provider }) => {
          if (!stopped) stop = provider.onAuthStateChanged((user) => sendBack({ type: 'AUTH_CHANGED', user } satisfies SessionEvent));
        });
      });
      return () => {
        stopped = true;
        window.removeEventListener('storage', storageChanged);
        stop?.();
      };
    }),
    loadUser: fromPromise<LoggedUser | null, AuthUser>(async ({ input }) => (await loaded()).calls.loadUser(input)),
    signIn: fromPromise<LoggedUser, SignInInput>(async ({ input }) => (await loaded()).calls.signIn(input)),
    signInWithGoogle: fromPromise<LoggedUser>(async () => (await loaded()).calls.signInWithGoogle()),
    register: fromPromise<LoggedUser, RegisterInput>(async ({ input }) => (await loaded()).calls.register(input)),
    signOut: fromPromise<void>(async () => (await loaded()).provider.signOut()),
  };
}
