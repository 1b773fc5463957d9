import type { Product } from '../../src/domain/types';
import type { Api } from '../core/api';

/** The product list as GET /products answers a visitor (no token: disabled products left out), read through the core. */
export function visitorProducts(api: Api): () => Promise<Product[]> {
  const route = api.routes.find((candidate) => candidate.operationId === 'listProducts');
  if (!route) throw new Error('The contract has no listProducts operation.');
  return async () => {
    const reply = await api.handle(route, { path: {}, query: {} });
    if (reply.status !== 200) throw new Error(`The product list could not be read (${reply.status}).`);
    return reply.body as Product[];
  };
}
