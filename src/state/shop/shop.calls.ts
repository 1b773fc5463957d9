import type { CartChange } from '~/machines/cart.machine';
import type { FavoriteChange } from '~/machines/favorites.machine';
import type { Catalogue, CatalogueMode } from '~/machines/products.machine';
import { SyncRefused } from '~/machines/sync';
import { apiClient, type ApiClient } from '~/src/api/loadClient';
import { dataOf, errorMessage, isServerFailure, productList } from '~/src/api/replies';
import { shadeIdOf, type CartLine } from '~/src/domain/cartLine';
import { heldLinesOf, type HeldLine } from '~/src/domain/cartStock';
import { isPagedCatalogue } from '~/src/domain/pageRequest';
import type { Cart } from '~/src/domain/types';

// The shop's calls behind its machines' actors (shop.actors.ts), loaded on the first call: a visitor's server-rendered page makes none.

/** A favourite or cart call's data; the server's refusal is a SyncRefused, never retried. */
const sync = <T>(reply: Parameters<typeof dataOf<T>>[0]) => dataOf(reply, { refused: SyncRefused });

/**
 * The catalogue: a size not known yet is asked first, with the smallest
 * page; a catalogue past CATALOGUE_PAGING_THRESHOLD is paged and no list is
 * loaded; else (or known to be a list) the list. A server that does not page
 * answers that question with its list, which is then the list.
 */
export async function fetchCatalogue(mode: CatalogueMode): Promise<Catalogue> {
  const api = await apiClient();
  if (mode === 'unknown') {
    const size = sync(await api.GET('/products', { params: { query: { page: 1, pageSize: 1 } } }));
    if (Array.isArray(size)) return { paged: false, products: size };
    if (isPagedCatalogue(size.total)) return { paged: true };
  }
  return { paged: false, products: productList(sync(await api.GET('/products'))) };
}

export const favoriteCalls = {
  async load({ userId, local }: { userId: string; local: number[] }): Promise<number[]> {
    const api = await apiClient();
    const ids = sync(await api.GET('/favorites', { params: { query: { userId } } }));
    if (ids.length > 0 || local.length === 0) return ids;
    let copied = ids;
    for (const productId of local) {
      const { data, error, response } = await api.POST('/favorites', { body: { userId, productId } });
      // A product gone since it was favourited is refused and left out; a failure fails the load.
      if (data) copied = data;
      else if (isServerFailure(response.status)) throw new Error(errorMessage(error) ?? 'The request failed.');
    }
    return copied;
  },
  async send({ op, userId, productId }: FavoriteChange & { userId: string }): Promise<number[]> {
    const api = await apiClient();
    const body = { userId, productId };
    return sync(op === 'add' ? await api.POST('/favorites', { body }) : await api.DELETE('/favorites', { body }));
  },
  async reload({ userId }: { userId: string }): Promise<number[]> {
    const api = await apiClient();
    return sync(await api.GET('/favorites', { params: { query: { userId } } }));
  },
};

async function cartOf(api: ApiClient, userId: string): Promise<Cart> {
  return sync(await api.GET('/cart/{userId}', { params: { path: { userId } } }));
}

/** A line's shade as the calls name it: left out when none is named (the server takes the product's line, or its first shade in stock). */
const shadeID = (shadeId: number | null) => (shadeId === null ? {} : { shadeID: shadeId });
const lineInput = (productId: number, shadeId: number | null, quantity: number) =>
  shadeId === null ? { productId, quantity } : { productId, shadeId, quantity };

/**
 * The answer to a change made after a read of the cart, with the lines that read told of as gone with their shade: the
 * server tells of each once, at the first read that finds it, and the shopper is to hear of it.
 */
const afterRead = (read: Cart, answer: Cart): Cart => ({ ...answer, removed: [...read.removed, ...answer.removed] });

async function change(api: ApiClient, userId: string, step: CartChange): Promise<Cart> {
  switch (step.op) {
    case 'add':
      return sync(await api.POST('/cart/bulk', { body: { userID: userId, allProducts: [lineInput(step.id, step.shadeId, step.amount)] } }));
    case 'amount': {
      const read = await cartOf(api, userId);
      const body = { cartID: read.id, productID: step.id, ...shadeID(step.shadeId), newQuantity: step.amount };
      return afterRead(read, sync(await api.PUT('/cart/quantity', { body })));
    }
    case 'remove': {
      const read = await cartOf(api, userId);
      const query = { cartID: read.id, productID: step.id, ...shadeID(step.shadeId) };
      return afterRead(read, sync(await api.DELETE('/cart', { params: { query } })));
    }
    case 'shade': {
      const read = await cartOf(api, userId);
      // A line added without a shade is in the one the server took for it.
      const shadeID = step.shadeId ?? read.lines.find((line) => line.productId === step.id)?.shadeId ?? step.to.id;
      return afterRead(
        read,
        sync(await api.PUT('/cart/shade', { body: { cartID: read.id, productID: step.id, shadeID, newShadeID: step.to.id } })),
      );
    }
    case 'clear':
      return sync(await api.DELETE('/cart/{userId}', { params: { path: { userId } } }));
  }
}

export const cartCalls = {
  async merge({ userId, lines }: { userId: string; lines: CartLine[] }): Promise<HeldLine[]> {
    const api = await apiClient();
    const merge = async (sent: CartLine[]) =>
      api.POST('/cart/bulk', {
        body: { userID: userId, allProducts: sent.map((line) => lineInput(line.id, shadeIdOf(line), line.amount)) },
      });
    const reply = await merge(lines);
    if (reply.response.status !== 409) return heldLinesOf(sync(reply));
    // A full cart refuses new products: the lines it already holds are merged alone, the rest left out.
    const read = await cartOf(api, userId);
    const held = new Set(read.lines.map((line) => line.productId));
    return heldLinesOf(afterRead(read, sync(await merge(lines.filter((line) => held.has(line.id))))));
  },
  send: async ({ userId, change: step }: { userId: string; change: CartChange }): Promise<HeldLine[]> =>
    heldLinesOf(await change(await apiClient(), userId, step)),
  reload: async ({ userId }: { userId: string }): Promise<HeldLine[]> => heldLinesOf(await cartOf(await apiClient(), userId)),
};
