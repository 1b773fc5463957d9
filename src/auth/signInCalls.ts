import type { RegisterInput, SignInInput } from '~/machines/session.machine';
import { authErrorMessage } from '../domain/authMessages';
import type { LoggedUser } from '../domain/types';
import type { AuthProvider, AuthUser } from './provider';
import { ensureShopUser, ensureShopUserFor, findShopUser } from './shopUser';

/**
 * The session's sign-in calls on a loaded provider: the provider's and the
 * shop user's. Loaded with the provider (sessionActors), so neither they nor
 * the API client are in a visitor's first load.
 */
export function signInCalls(provider: AuthProvider) {
  /**
   * A sign-in attempt: on failure the provider is signed out too, so it never
   * keeps an earlier identity while the session shows nobody; the failure is
   * thrown as an Error with the message for the shopper.
   */
  async function attempt(signIn: () => Promise<LoggedUser>): Promise<LoggedUser> {
    try {
      return await signIn();
    } catch (error) {
      await provider.signOut();
      throw new Error(authErrorMessage(error as object));
    }
  }

  return {
    // Someone back from Google's redirect gets a shop user made exactly as on the popup path.
    async loadUser(user: AuthUser): Promise<LoggedUser | null> {
      const redirected = await provider.redirectResult();
      return redirected?.uid === user.uid ? ensureShopUserFor(user) : findShopUser(user);
    },
    signIn: ({ email, password, remember }: SignInInput) =>
      attempt(async () => ensureShopUserFor(await provider.signIn(email, password, remember))),
    signInWithGoogle: () => attempt(async () => ensureShopUserFor(await provider.signInWithGoogle())),
    register: ({ email, username, password }: RegisterInput) =>
      attempt(async () => {
        await provider.signUp(email, password);
        try {
          return await ensureShopUser(username);
        } catch (error) {
          await provider.deleteCurrentUser();
          throw error;
        }
      }),
  };
}
