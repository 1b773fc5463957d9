import type { Product } from '../../src/domain/types';
import type { Api } from '../core/api';

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
 * The product list as GET /products answers a visitor (no token: disabled
 * products left out), read through the core once per catalogue version; a
 * failed read is not kept, so the next caller tries again.
 */
export function visitorProducts(api: Api, catalogueVersion: () => string): () => Promise<Product[]> {
  const route = api.routes.find((candidate) => candidate.operationId === 'listProducts');
  if (!route) throw new Error('The contract has no listProducts operation.');
  const read = async () => {
    const reply = await api.handle(route, { path: {}, query: {} });
    if (reply.status !== 200) throw new Error(`The product list could not be read (${reply.status}).`);
    return reply.body as Product[];
  };
  const current = perCatalogueVersion(catalogueVersion, () => ({ list: null as Promise<Product[]> | null }));
  return () => {
    const slot = current();
    if (!slot.list) {
      const reading = read();
      slot.list = reading;
      reading.catch(() => {
        if (slot.list === reading) slot.list = null;
      });
    }
    return slot.list;
  };
}
