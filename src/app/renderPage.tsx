import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { DEFAULT_FILTER, DEFAULT_SORT } from '../domain/catalogue';
import { isPagedCatalogue, type PageRequest } from '../domain/pageRequest';
import { listPageReads, pageHead, scriptJson, type PageHead } from '../domain/pageHead';
import type { Product } from '../domain/types';
import type { EmbeddedAnswers } from '../state/shop/catalogueReads';
import { CARRIED, InitialCatalogue } from '../state/shop/InitialCatalogue';
import { nothingWanted, readWanted, renderReads, type CatalogueSource } from '../state/shop/renderReads';
import { Ready } from './Ready';
import { routes, type RouteHandle } from './routes';
import { shownProductId } from './shownProduct';

const handler = createStaticHandler(routes);
/** A render that takes longer (something never settles) is given up: the server sends the page the browser renders. */
const RENDER_TIME_LIMIT_MS = 10_000;
/** A paged page is rendered again while it asks for reads it has not got (a detail page: its product, its category's page, the popular page); more than this is a fault. */
const MAX_RENDERS = 5;
/** The smallest page, whose total tells whether the catalogue is paged: the question the browser asks first too. */
const SIZE_REQUEST: PageRequest = { filter: DEFAULT_FILTER, sort: DEFAULT_SORT, page: 1, pageSize: 1 };

/** Where a page is rendered from: a visitor's reads of the catalogue, and its whole list (read only when the catalogue is not paged). */
export interface PageSource extends CatalogueSource {
  list(): Promise<Product[]>;
}

/** A rendered page: the app's HTML, the script element carrying what it was rendered from (for the browser to start from), and its head. */
export interface RenderedPage {
  app: string;
  carried: string;
  head: PageHead;
}

/** Whether the catalogue is past the paging threshold, asked as the browser asks it: a paged catalogue's pages carry only what they read, a small one's its whole list. */
export const pagedCatalogue = async (source: CatalogueSource) => isPagedCatalogue((await source.page(SIZE_REQUEST)).total);

/** What a paged page carries: a product page whose product is not there says so without its id, so the page is the same for every such id (one kept page serves them all). */
function carriedAnswers(answers: EmbeddedAnswers, shownId: number | undefined): EmbeddedAnswers {
  if (shownId === undefined || answers.products[shownId] !== null) return answers;
  const products = Object.fromEntries(Object.entries(answers.products).filter(([id]) => id !== String(shownId)));
  return { ...answers, products, productMissing: true };
}

const carriedScript = (id: string, value: object) => `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;

async function renderApp(context: StaticHandlerContext, initial: InitialCatalogue): Promise<string> {
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
  return new Response(prelude).text();
}

/**
 * The HTML of a public storefront page (a route marked `serverRendered`) as a
 * visitor first sees it, and its head; null for any other page, which the
 * browser renders itself. A small catalogue's page is rendered from the
 * whole list and carries it; a paged one's from the pages and products its
 * screen reads (rendered again until it has read all it asks for), and
 * carries only those: the whole list is never read.
 */
export async function renderPage(url: URL, source: PageSource): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!leaf?.serverRendered) return null;
  const address = { pathname: url.pathname, search: url.search, origin: url.origin };
  if (!(await pagedCatalogue(source))) {
    const products = await source.list();
    const app = await renderApp(context, { paged: false, products });
    return { app, carried: carriedScript(CARRIED.list, products), head: pageHead({ ...address, reads: listPageReads(products) })! };
  }
  const answers: EmbeddedAnswers = { pages: {}, products: {} };
  for (let renders = 1; ; renders++) {
    const wanted = nothingWanted();
    const reads = renderReads(answers, wanted, source);
    const app = await renderApp(context, { paged: true, reads });
    // The head reads what the page read: the same answers.
    const head = pageHead({ ...address, reads });
    if (head && wanted.pages.size === 0 && wanted.products.size === 0)
      return { app, carried: carriedScript(CARRIED.pages, carriedAnswers(answers, shownProductId(url.pathname))), head };
    if (renders === MAX_RENDERS) throw new Error(`${url.pathname} still asked for reads after ${MAX_RENDERS} renders.`);
    await readWanted(source, wanted, answers);
  }
}
