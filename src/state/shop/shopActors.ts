import { fromPromise } from 'xstate';
import type { CartChange } from '../../../machines/cart.machine';
import type { FavoriteChange } from '../../../machines/favorites.machine';
import { SyncRefused } from '../../../machines/sync';
import { api, dataOf, errorMessage, isServerFailure } from '../../api/client';
import { linesOfCart, type CartLine } from '../../domain/cartLine';
import type { Cart, Product } from '../../domain/types';

/** The answer's data; a 4xx throws the server's refusal (never retried), anything else a failure. */
/** A favourite or cart call's data; the server's refusal is a SyncRefused, never retried. */
const sync = <T>(reply: Parameters<typeof dataOf<T>>[0]) => dataOf(reply, { refused: SyncRefused });

export const fetchProducts = fromPromise<Product[]>(async () => sync(await api.GET('/products')));

export const favoriteActors = {
  load: fromPromise<number[], { userId: string; local: number[] }>(async ({ input }) => {
    const ids = sync(await api.GET('/favorites', { params: { query: { userId: input.userId } } }));
    if (ids.length > 0 || input.local.length === 0) return ids;
    let copied = ids;
    for (const productId of input.local) {
      const { data, error, response } = await api.POST('/favorites', { body: { userId: input.userId, productId } });
      // A product gone since it was favourited is refused and left out; a failure fails the load.
      if (data) copied = data;
      else if (isServerFailure(response.status)) throw new Error(errorMessage(error) ?? 'The request failed.');
    }
    return copied;
  }),
  send: fromPromise<number[], FavoriteChange & { userId: string }>(async ({ input }) => {
    const body = { userId: input.userId, productId: input.productId };
    return sync(input.op === 'add' ? await api.POST('/favorites', { body }) : await api.DELETE('/favorites', { body }));
  }),
  reload: fromPromise<number[], { userId: string }>(async ({ input }) => sync(await api.GET('/favorites', { params: { query: { userId: input.userId } } }))),
};

async function cartOf(userId: string): Promise<Cart> {
  return sync(await api.GET('/cart/{userId}', { params: { path: { userId } } }));
}

async function change(userId: string, step: CartChange): Promise<Cart> {
  switch (step.op) {
    case 'add':
      return sync(await api.POST('/cart/bulk', { body: { userID: userId, allProducts: [{ productId: step.id, quantity: step.amount }] } }));
    case 'amount': {
      const { id: cartID } = await cartOf(userId);
      return sync(await api.PUT('/cart/quantity', { body: { cartID, productID: step.id, newQuantity: step.amount } }));
    }
    case 'remove': {
      const { id: cartID } = await cartOf(userId);
      return sync(await api.DELETE('/cart', { params: { query: { cartID, productID: step.id } } }));
    }
    case 'clear':
      return sync(await api.DELETE('/cart/{userId}', { params: { path: { userId } } }));
  }
}

export const cartActors = {
  merge: fromPromise<CartLine[], { userId: string; lines: CartLine[] }>(async ({ input }) => {
    const allProducts = input.lines.map((line) => ({ productId: line.id, quantity: line.amount }));
    return linesOfCart(sync(await api.POST('/cart/bulk', { body: { userID: input.userId, allProducts } })));
  }),
  send: fromPromise<CartLine[], { userId: string; change: CartChange }>(async ({ input }) => linesOfCart(await change(input.userId, input.change))),
  reload: fromPromise<CartLine[], { userId: string }>(async ({ input }) => linesOfCart(await cartOf(input.userId))),
};
