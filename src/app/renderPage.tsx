import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isPagedCatalogue } from '../domain/pageRequest';
import { scriptJson } from '../domain/pageHead';
import { storefrontProducts } from '../domain/productLists';
import type { Product } from '../domain/types';
import type { EmbeddedAnswers } from '../state/shop/catalogueReads';
import { CARRIED, InitialCatalogue } from '../state/shop/InitialCatalogue';
import { listReads } from '../state/shop/listReads';
import { Ready } from './Ready';
import { routes, type RouteHandle } from './routes';

const handler = createStaticHandler(routes);
/** A render that takes longer (something never settles) is given up: the server sends the page the browser renders. */
const RENDER_TIME_LIMIT_MS = 10_000;

/** A rendered page: the app's HTML, and the script element carrying what it was rendered from, for the browser to start from. */
export interface RenderedPage {
  app: string;
  carried: string;
}

const carriedScript = (id: string, value: object) => `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;

/**
 * The HTML of a public storefront page (a route marked `serverRendered`) as a
 * visitor first sees it, rendered from the product list (read only for such
 * a page); null for any other page, which the browser renders itself. A
 * small catalogue's page carries the whole list; a paged one's carries only
 * the pages and products its screen read.
 */
export async function renderPage(url: URL, productList: () => Promise<Product[]>): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!leaf?.serverRendered) return null;
  const products = await productList();
  const paged = isPagedCatalogue(storefrontProducts(products).length);
  const answers: EmbeddedAnswers = { pages: {}, products: {} };
  const initial: InitialCatalogue = paged ? { paged: true, reads: listReads(products, answers) } : { paged: false, products };
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <InitialCatalogue value={initial}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Ready />
      </InitialCatalogue>
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
  const app = await new Response(prelude).text();
  return { app, carried: paged ? carriedScript(CARRIED.pages, answers) : carriedScript(CARRIED.list, products) };
}
