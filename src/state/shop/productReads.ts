import { apiClient } from '~/src/api/loadClient';
import { cataloguePage, dataOf } from '~/src/api/replies';
import { pageParams, type PageParams } from '~/src/domain/pageParams';
import type { PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage, Product } from '~/src/domain/types';

// Read by the screens that need them (and loaded on demand by the shop's state), so a first page does not carry them.

/** GET /products for one page (a search's too): the CataloguePage the contract answers with `page`. */
export async function askPage(query: PageParams, signal?: AbortSignal): Promise<CataloguePage> {
  const api = await apiClient();
  return cataloguePage(dataOf(await api.GET('/products', { params: { query }, ...(signal ? { signal } : {}) })));
}

/** One page of the catalogue, read from the server. */
export const readPage = (request: PageRequest, signal?: AbortSignal) => askPage(pageParams(request), signal);

/**
 * The product to show for an id, or null when there is none (404, or an id
 * that is not a product id); a failure throws.
 */
export async function readProduct(id: string | number, signal?: AbortSignal): Promise<Product | null> {
  const productId = Number(id);
  if (!Number.isInteger(productId) || productId < 1) return null;
  const api = await apiClient();
  const { data, response } = await api.GET('/products/{id}', { params: { path: { id: productId } }, ...(signal ? { signal } : {}) });
  if (data) return data;
  if (response.status === 404 || response.status === 400) return null;
  throw new Error(`The product could not be loaded (${response.status}).`);
}
