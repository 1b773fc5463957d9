import type { PageSource } from '~/src/app/renderPage';
import { pageParams } from '~/src/domain/pageParams';
import type { CataloguePage, Product } from '~/src/domain/types';
import type { Api, ApiRequest } from '../core/api';
import { madeOnce } from '../core/madeOnce';

/**
 * A value made for the current catalogue version and made again, once,
 * when the catalogue changes: what is kept per version (the serialised
 * reads, the rendered pages, the sitemaps) is let go of all together.
 */
export function perCatalogueVersion<T>(catalogueVersion: () => string, make: () => T): () => T {
  let version: string | undefined;
  let value!: T;
  return () => {
    const current = catalogueVersion();
    if (current !== version) {
      version = current;
      value = make();
    }
    return value;
  };
}

/**
 * How late the pages kept may show stock and ratings. Every checkout takes
 * stock and every rating moves a rank: were each a new version of the pages,
 * every kept page would be made and compressed again at each. The API
 * answers them at once, and an order is checked against the stock and prices
 * of the moment.
 */
export const STOCK_AND_RATINGS_LATE_MS = 1000;
/** A change of stock or ratings only moves the catalogue version one up, any other to the next multiple of this (migration 014). */
const STOCK_AND_RATING_CHANGES = 2n ** 20n;
const otherChanges = (version: string) => BigInt(version) / STOCK_AND_RATING_CHANGES;

/** The catalogue version as only a change other than stock or ratings moves it: what shows the products' ids and names alone (the sitemap) follows it. */
export const beyondStockAndRatings = (catalogueVersion: () => string) => (): string => String(otherChanges(catalogueVersion()));

/**
 * The catalogue version the kept pages follow: the database's, except that a
 * change of stock or ratings only is taken up no sooner than
 * STOCK_AND_RATINGS_LATE_MS after the version last taken up; any other
 * product change (a price, a name, a product disabled) at once.
 */
export function stockAndRatingsLate(catalogueVersion: () => string, now: () => number = () => Date.now()): () => string {
  let shown: string | undefined;
  let shownAt = -Infinity;
  return () => {
    const current = catalogueVersion();
    if (
      current !== shown &&
      (shown === undefined || otherChanges(current) !== otherChanges(shown) || now() - shownAt >= STOCK_AND_RATINGS_LATE_MS)
    ) {
      shown = current;
      shownAt = now();
    }
    return shown;
  };
}

/** The core's route for an operation of the contract. */
function routeOf(api: Api, operationId: string) {
  const route = api.routes.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`The contract has no ${operationId} operation.`);
  return route;
}

/**
 * What a visitor reads of the catalogue, as GET /products answers without a
 * token, through the core: a page of it (the page query the browser sends),
 * a product, and the whole list (disabled products left out), which is read
 * once per catalogue version; a failed read of the list is not kept, so the
 * next caller tries again.
 */
export function visitorCatalogue(api: Api, catalogueVersion: () => string): PageSource {
  const listProducts = routeOf(api, 'listProducts');
  const getProduct = routeOf(api, 'getProduct');
  const ask = async (route: typeof listProducts, request: Pick<ApiRequest, 'path' | 'query'>) => {
    const reply = await api.handle(route, request);
    if (reply.status !== 200) throw new Error(`GET ${route.path} could not be read (${reply.status}).`);
    return reply.body;
  };
  const readList = () => ask(listProducts, { path: {}, query: {} }) as Promise<Product[]>;
  const current = perCatalogueVersion(catalogueVersion, () => madeOnce(readList));
  return {
    async page(request) {
      const query = Object.fromEntries(Object.entries(pageParams(request)).map(([name, value]) => [name, String(value)]));
      return (await ask(listProducts, { path: {}, query })) as CataloguePage;
    },
    async product(id) {
      const reply = await api.handle(getProduct, { path: { id: String(id) }, query: {} });
      if (reply.status === 404 || reply.status === 400) return null;
      if (reply.status !== 200) throw new Error(`The product ${id} could not be read (${reply.status}).`);
      return reply.body as Product;
    },
    list: () => current()(),
  };
}
