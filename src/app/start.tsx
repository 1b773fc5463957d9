import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router';
import '../ui/theme/theme.css';
import type { Product } from '../domain/types';
import { noteFailedFile } from '../features/appError/failedFile';
import { serverReads, type EmbeddedAnswers } from '../state/shop/catalogueReads';
import { CARRIED, InitialCatalogue } from '../state/shop/InitialCatalogue';
import { Ready } from './Ready';
import { routes } from './routes';
import { shownProductId } from './shownProduct';

const carried = (id: string) => document.getElementById(id)?.textContent || null;

/** What a server-rendered page was rendered from, which it carries beside the HTML (the list, or a paged catalogue's answers); null on a page the browser renders. */
function renderedCatalogue(): InitialCatalogue | null {
  const list = carried(CARRIED.list);
  if (list) return { paged: false, products: JSON.parse(list) as Product[] };
  const pages = carried(CARRIED.pages);
  return pages ? { paged: true, reads: serverReads(JSON.parse(pages) as EmbeddedAnswers, shownProductId(window.location.pathname)) } : null;
}

/**
 * The screens of the page's own routes, loaded before the first render: a
 * hydrated page's first render is then the HTML the server sent. False when
 * one failed to load (offline, or a file gone after a deploy): its route
 * keeps its loader, for the router to try again or show its error.
 */
async function loadMatchedRoutes(): Promise<boolean> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const loads = await Promise.allSettled(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  return loads.every((load) => load.status === 'fulfilled');
}

/** Starts the app on the page: hydrates the server's HTML, or renders afresh. */
export async function start() {
  // Vite's report of a file of the build that failed to load: the route's error boundary reloads the page once for it.
  window.addEventListener('vite:preloadError', (event) => noteFailedFile(event.payload));
  if (import.meta.env.VITE_MSW === 'true') {
    const { startMockWorker } = await import('~/mocks/browser');
    await startMockWorker();
  }
  const container = document.getElementById('root')!;
  const rendered = renderedCatalogue();
  const app = (router: ReturnType<typeof createBrowserRouter>): ReactNode => (
    <StrictMode>
      <InitialCatalogue value={rendered ?? undefined}>
        <RouterProvider router={router} />
        <Ready />
      </InitialCatalogue>
    </StrictMode>
  );
  // Without its screen the server's HTML cannot be hydrated: the page is rendered afresh, and the router loads the screen again.
  const loaded = await loadMatchedRoutes();
  if (rendered && loaded) hydrateRoot(container, app(createBrowserRouter(routes)));
  else createRoot(container).render(app(createBrowserRouter(routes)));
}
