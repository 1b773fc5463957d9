import type { PageSource } from '../../src/app/renderPage';
import { pageParams } from '../../src/domain/pageParams';
import type { CataloguePage, Product } from '../../src/domain/types';
import type { Api, ApiRequest } from '../core/api';

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
  const current = perCatalogueVersion(catalogueVersion, () => ({ list: null as Promise<Product[]> | null }));
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
    list() {
      const slot = current();
      if (!slot.list) {
        const reading = readList();
        slot.list = reading;
        reading.catch(() => {
          if (slot.list === reading) slot.list = null;
        });
      }
      return slot.list;
    },
  };
}
