import { sessionMachine } from '../../../machines/session.machine';
import { setIdTokenSource } from '../../../src/api/clientSettings';
import { providerSessionStored } from '../../../src/auth/loadProvider';
import type { AuthProvider } from '../../../src/auth/provider';
import { sessionActors } from '../../../src/auth/sessionActors';
import { forgetUser, loggedUserStore } from '../../../src/state/storage/keys';

/**
 * The session as src/state/session/SessionProvider.tsx provides it: the
 * app's actors (sessionActors) on a provider that loads when `load`
 * answers, its storage actions and guards; the login page it goes to is
 * recorded in `visited`. (SessionProvider builds this inside the
 * component, so it is wired here the same way rather than imported.)
 */
export const sessionLogic = (load: () => Promise<AuthProvider>, visited: string[]) =>
  sessionMachine.provide({
    actors: sessionActors(load),
    actions: {
      remember: (_, user) => loggedUserStore.write(user),
      forget: forgetUser,
      showLogin: () => void visited.push('/login'),
      anonymous: () => setIdTokenSource(async () => null),
    },
    guards: {
      sessionStored: () => loggedUserStore.read() !== null || providerSessionStored(),
      userStored: () => loggedUserStore.read() !== null,
    },
  });
