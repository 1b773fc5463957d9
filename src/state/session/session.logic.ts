import { sessionMachine } from '~/machines/session.machine';
import { setIdTokenSource, setTokenOnCatalogueReads } from '~/src/api/clientSettings';
import { providerSessionStored } from '~/src/auth/loadProvider';
import type { AuthProvider } from '~/src/auth/provider';
import { sessionActors } from './session.actors';
import { isAdmin } from '~/src/domain/permissions';
import { forgetUser, loggedUserStore } from '../storage/keys';

/** An Admin's catalogue reads carry the token, so they list disabled products too. */
export const adminTokenOnCatalogueReads = () => setTokenOnCatalogueReads(() => isAdmin(loggedUserStore.read()));

/**
 * The session as the app runs it: the provider's calls (sessionActors on
 * the provider `load` gives), the user kept in storage (userLogged), no
 * token once signed out; `showLogin` is where sign-out goes.
 */
export const sessionLogic = ({ load, showLogin }: { load: () => Promise<AuthProvider>; showLogin(): void }) =>
  sessionMachine.provide({
    actors: sessionActors(load),
    actions: {
      remember: (_, user) => loggedUserStore.write(user),
      forget: forgetUser,
      showLogin: () => showLogin(),
      anonymous: () => setIdTokenSource(async () => null),
    },
    guards: {
      sessionStored: () => loggedUserStore.read() !== null || providerSessionStored(),
      userStored: () => loggedUserStore.read() !== null,
    },
  });

/** The session starts from the stored user, shown at once. */
export const sessionInput = () => ({ storedUser: loggedUserStore.read() });
