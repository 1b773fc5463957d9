import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionMachine } from '~/machines/session.machine';
import { authProvider } from '~/src/auth/loadProvider';
import type { AuthProvider } from '~/src/auth/provider';
import { ReturnPathProvider, useForgetLastPage } from './returnPath';
import { adminTokenOnCatalogueReads, sessionInput, sessionLogic } from './session.logic';

adminTokenOnCatalogueReads();

export const Session = createActorContext(sessionMachine);

/**
 * The session for the app: the stored user shows at once, the provider loads
 * only when there is a session to restore or a sign-in ahead, sign-out goes
 * to /login; a sign-in returns to the page it was started from (returnPath).
 */
export function SessionProvider({ children, provider = authProvider }: { children: ReactNode; provider?: () => Promise<AuthProvider> }) {
  return (
    <ReturnPathProvider>
      <AppSession provider={provider}>{children}</AppSession>
    </ReturnPathProvider>
  );
}

function AppSession({ children, provider }: { children: ReactNode; provider: () => Promise<AuthProvider> }) {
  const navigate = useNavigate();
  const forgetLastPage = useForgetLastPage();
  const logic = sessionLogic({
    load: provider,
    showLogin: () => {
      forgetLastPage();
      navigate('/login');
    },
  });
  return (
    <Session.Provider logic={logic} options={{ input: sessionInput() }}>
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
