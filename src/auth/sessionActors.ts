import { fromCallback, fromPromise } from 'xstate';
import type { RegisterInput, SessionEvent, SignInInput } from '../../machines/session.machine';
import type { LoggedUser } from '../domain/types';
import type { AuthProvider, AuthUser } from './provider';
import { ensureShopUser, ensureShopUserFor, findShopUser } from './shopUser';

/** The session machine's actors on an authentication provider that loads on demand, and the shop API. */
export function sessionActors(provider: () => Promise<AuthProvider>) {
  return {
    authState: fromCallback<SessionEvent>(({ sendBack }) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      void provider().then((p) => {
        if (!stopped) stop = p.onAuthStateChanged((user) => sendBack({ type: 'AUTH_CHANGED', user }));
      });
      return () => {
        stopped = true;
        stop?.();
      };
    }),
    loadUser: fromPromise<LoggedUser | null, AuthUser>(({ input }) => findShopUser(input)),
    signIn: fromPromise<LoggedUser, SignInInput>(async ({ input }) => {
      const user = await (await provider()).signIn(input.email, input.password, input.remember);
      return ensureShopUserFor(user);
    }),
    signInWithGoogle: fromPromise<LoggedUser>(async () => ensureShopUserFor(await (await provider()).signInWithGoogle())),
    register: fromPromise<LoggedUser, RegisterInput>(async ({ input }) => {
      const p = await provider();
      await p.signUp(input.email, input.password);
      try {
        return await ensureShopUser(input.username);
      } catch (error) {
        await p.deleteCurrentUser();
        throw error;
      }
    }),
    signOut: fromPromise<void>(async () => (await provider()).signOut()),
  };
}
