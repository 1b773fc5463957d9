import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Product } from '../domain/types';
import { InitialProducts } from '../state/shop/InitialProducts';
import { Ready } from './Ready';
import { routes, type RouteHandle } from './routes';

const handler = createStaticHandler(routes);
/** A render that takes longer (something never settles) is given up: the server sends the page the browser renders. */
const RENDER_TIME_LIMIT_MS = 10_000;

/**
 * The HTML of a public storefront page (a route marked `serverRendered`) as a
 * visitor first sees it, rendered from the product list (read only for such
 * a page); null for any other page, which the browser renders itself.
 */
export async function renderPage(url: URL, productList: () => Promise<Product[]>): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!leaf?.serverRendered) return null;
  const products = await productList();
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <InitialProducts value={products}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Ready />
      </InitialProducts>
    </StrictMode>,
    // Every part inline in document order: split-off parts would need inline scripts, which the Content-Security-Policy forbids.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(RENDER_TIME_LIMIT_MS),
      // An error inside a Suspense boundary would leave that part out of a page kept for the whole catalogue version: the page fails instead, and the browser renders it.
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw errors[0];
  return new Response(prelude).text();
}
