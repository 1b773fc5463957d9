import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Product } from '../domain/types';
import { InitialProducts } from '../state/shop/InitialProducts';
import { routes, type RouteHandle } from './routes';

const handler = createStaticHandler(routes);

/**
 * The HTML of a public storefront page (a route marked `serverRendered`) as a
 * visitor first sees it, rendered from the given product list; null for any
 * other page, which the browser renders itself.
 */
export async function renderPage(url: URL, products: Product[]): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!leaf?.serverRendered) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <InitialProducts value={products}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </InitialProducts>
    </StrictMode>,
    // Every part inline in document order: split-off parts would need inline scripts, which the Content-Security-Policy forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
