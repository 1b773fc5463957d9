import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createMockAuthProvider } from '../mocks/auth';
import { createMockBackend } from '../mocks/backend';
import { setIdTokenSource } from '../src/api/client';
import { SessionProvider } from '../src/app/session/SessionProvider';
import type { AuthProvider } from '../src/auth/provider';
import type { LoggedUser } from '../src/domain/types';
import '../src/ui/theme/theme.css';

/**
 * Each story gets its own session: signed out, or signed in as
 * `parameters.signedInAs`, on the in-memory provider unless a story brings
 * its own (`parameters.authProvider`, e.g. one that never answers).
 */
function StorySession({ signedInAs, authProvider, children }: { signedInAs?: LoggedUser; authProvider?: AuthProvider; children: ReactNode }) {
  const [provider] = useState(() => {
    localStorage.removeItem('mockAuthUser');
    localStorage.removeItem('userLogged');
    if (signedInAs) {
      localStorage.setItem('userLogged', JSON.stringify(signedInAs));
      localStorage.setItem('mockAuthUser', JSON.stringify({ uid: signedInAs.id, email: signedInAs.email, displayName: signedInAs.username, photoURL: null }));
    }
    const chosen = authProvider ?? createMockAuthProvider();
    setIdTokenSource(() => chosen.getIdToken());
    return chosen;
  });
  return <SessionProvider provider={async () => provider}>{children}</SessionProvider>;
}

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    /** Accessibility violations fail the story tests. */
    a11y: { test: 'error' },
    route: '/home',
  },
  /** Every story's calls are answered by the seeded in-memory backend; a story overrides calls with `parameters.msw`. */
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...(await createMockBackend()).handlers);
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
      return worker;
    }),
  ],
  decorators: [
    (Story, { parameters }) => (
      <MemoryRouter initialEntries={[parameters.route as string]}>
        <StorySession signedInAs={parameters.signedInAs as LoggedUser | undefined} authProvider={parameters.authProvider as AuthProvider | undefined}>
          <Routes>
            <Route path="*" element={<Story />} />
          </Routes>
        </StorySession>
      </MemoryRouter>
    ),
  ],
};

export default preview;
