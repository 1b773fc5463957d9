import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionMachine } from '../../../machines/session.machine';
import { authProvider, providerSessionStored } from '../../auth/loadProvider';
import type { AuthProvider } from '../../auth/provider';
import { sessionActors } from '../../auth/sessionActors';
import { setIdTokenSource, setTokenOnCatalogueReads } from '../../api/clientSettings';
import { isAdmin } from '../../domain/permissions';
import { forgetUser, loggedUserStore } from '../storage/keys';

setTokenOnCatalogueReads(() => isAdmin(loggedUserStore.read()));

export const Session = createActorContext(sessionMachine);

/**
 * The session for the app: the stored user shows at once, the provider loads
 * only when there is a session to restore or a sign-in ahead, sign-out goes
 * to /login.
 */
export function SessionProvider({ children, provider = authProvider }: { children: ReactNode; provider?: () => Promise<AuthProvider> }) {
  const navigate = useNavigate();
  const logic = sessionMachine.provide({
    actors: sessionActors(provider),
    actions: {
      remember: (_, user) => loggedUserStore.write(user),
      forget: forgetUser,
      showLogin: () => navigate('/login'),
      anonymous: () => setIdTokenSource(async () => null),
    },
    guards: {
      sessionStored: () => loggedUserStore.read() !== null || providerSessionStored(),
      userStored: () => loggedUserStore.read() !== null,
    },
  });
  return (
    <Session.Provider logic={logic} options={{ input: { storedUser: loggedUserStore.read() } }}>
      <PrepareOnSignInPages />
      {children}
    </Session.Provider>
  );
}

const SIGN_IN_PAGES = /^\/(login|register)$/i;

/** On /login and /register the provider loads while the shopper types, so the sign-in does not wait for it. */
function PrepareOnSignInPages() {
  const onSignInPage = SIGN_IN_PAGES.test(useLocation().pathname);
  const session = Session.useActorRef();
  useEffect(() => {
    if (onSignInPage) session.send({ type: 'PREPARE_SIGN_IN' });
  }, [onSignInPage, session]);
  return null;
}

export const useSessionUser = () => Session.useSelector((state) => state.context.user);
