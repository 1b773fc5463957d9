import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router';
import '../ui/theme/theme.css';
import type { Product } from '../domain/types';
import { InitialProducts } from '../state/shop/InitialProducts';
import { routes } from './routes';

/** The product list a server-rendered page was rendered from, which it carries beside the HTML; null on a page the browser renders. */
function renderedProducts(): Product[] | null {
  const data = document.getElementById('initial-products');
  return data?.textContent ? (JSON.parse(data.textContent) as Product[]) : null;
}

/** The screens of the page's own routes, loaded before the first render: a hydrated page's first render is then the HTML the server sent. */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Says the page answers now (`<html data-ready>`): React has hydrated or rendered it, so a click or a key press is handled, not lost. */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

async function start() {
  if (import.meta.env.VITE_MSW === 'true') {
    const { startMockWorker } = await import('../../mocks/browser');
    await startMockWorker();
  }
  const container = document.getElementById('root')!;
  const products = renderedProducts();
  const app = (router: ReturnType<typeof createBrowserRouter>): ReactNode => (
    <StrictMode>
      <InitialProducts value={products ?? undefined}>
        <RouterProvider router={router} />
        <Ready />
      </InitialProducts>
    </StrictMode>
  );
  await loadMatchedRoutes();
  if (products) hydrateRoot(container, app(createBrowserRouter(routes)));
  else createRoot(container).render(app(createBrowserRouter(routes)));
}

void start();
