import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { sessionMachine } from '../../../machines/session.machine';
import { authProvider } from '../../auth/loadProvider';
import type { AuthProvider } from '../../auth/provider';
import { sessionActors } from '../../auth/sessionActors';
import { setTokenOnCatalogueReads } from '../../api/client';
import { isAdmin } from '../../domain/permissions';
import { forgetUser, loggedUserStore } from '../storage/keys';

setTokenOnCatalogueReads(() => isAdmin(loggedUserStore.read()));

export const Session = createActorContext(sessionMachine);

/** The session for the app: the provider loads on demand, the stored user shows at once, sign-out goes to /login. */
export function SessionProvider({ children, provider = authProvider }: { children: ReactNode; provider?: () => Promise<AuthProvider> }) {
  const navigate = useNavigate();
  const logic = sessionMachine.provide({
    actors: sessionActors(provider),
    actions: {
      remember: (_, user) => loggedUserStore.write(user),
      forget: forgetUser,
      showLogin: () => navigate('/login'),
    },
  });
  return (
    <Session.Provider logic={logic} options={{ input: { storedUser: loggedUserStore.read() } }}>
      {children}
    </Session.Provider>
  );
}

export const useSessionUser = () => Session.useSelector((state) => state.context.user);
