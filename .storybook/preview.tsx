import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configure } from 'storybook/test';
import { createMockAuthProvider } from '~/mocks/auth';
import { createMockBackend } from '~/mocks/backend';
import { setIdTokenSource } from '~/src/api/clientSettings';
import { SearchTermProvider } from '~/src/state/search/SearchTerm';
import { SessionProvider } from '~/src/state/session/SessionProvider';
import { ShopProvider } from '~/src/state/shop/ShopProvider';
import type { AuthProvider } from '~/src/auth/provider';
import type { CartLine } from '~/src/domain/cartLine';
import type { LoggedUser } from '~/src/domain/types';
import '~/src/ui/theme/theme.css';

// A story's findBy and waitFor wait up to 5 s, not Testing Library's 1 s: on two cores the story files run two at a
// time, each beside a browser page, and a first answer can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

interface StoryState {
  signedInAs?: LoggedUser;
  /** The provider alone holds this user (the app's own record was cleared): the session restores it. */
  providerHolds?: LoggedUser;
  authProvider?: AuthProvider;
  favorites?: number[];
  cart?: CartLine[];
  searchTerm?: string;
}

/**
 * Each story gets its own session and shop: signed out, or signed in as
 * `parameters.signedInAs`, on the in-memory provider unless a story brings
 * its own (`parameters.authProvider`, e.g. one that never answers), with
 * the stored favourites and cart lines it names.
 */
function StorySession({
  signedInAs,
  providerHolds,
  authProvider,
  favorites = [],
  cart = [],
  searchTerm = '',
  children,
}: StoryState & { children: ReactNode }) {
  const [provider] = useState(() => {
    localStorage.clear();
    localStorage.setItem('favorites', JSON.stringify(favorites));
    localStorage.setItem('cartlocal', JSON.stringify(cart));
    if (signedInAs) localStorage.setItem('userLogged', JSON.stringify(signedInAs));
    const held = signedInAs ?? providerHolds;
    if (held)
      localStorage.setItem('mockAuthUser', JSON.stringify({ uid: held.id, email: held.email, displayName: held.username, photoURL: null }));
    const chosen = authProvider ?? createMockAuthProvider();
    setIdTokenSource(() => chosen.getIdToken());
    return chosen;
  });
  return (
    <SessionProvider provider={async () => provider}>
      <ShopProvider>
        <SearchTermProvider initialTerm={searchTerm}>{children}</SearchTermProvider>
      </ShopProvider>
    </SessionProvider>
  );
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
        <StorySession {...(parameters.shop as StoryState | undefined)}>
          <Routes>
            <Route path="*" element={<Story />} />
          </Routes>
        </StorySession>
      </MemoryRouter>
    ),
  ],
};

export default preview;
