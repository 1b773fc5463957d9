import { assign, fromPromise, setup } from 'xstate';
import { LIST_REFRESH_DELAY_MS } from '../src/domain/constants';
import type { Product } from '../src/domain/types';

export type ProductsEvent = { type: 'LOAD' } | { type: 'REFRESH' };

export interface ProductsContext {
  products: Product[];
}

/**
 * The product list behind every storefront list: loaded once on demand,
 * refreshed 500 ms after a change. A failed load keeps the last list and
 * waits in `failed` for a LOAD: the page's Retry, or the next page that
 * needs the list. A list given at start (the one a server-rendered page
 * was rendered with) starts it loaded.
 */
export const productsMachine = setup({
  types: { context: {} as ProductsContext, events: {} as ProductsEvent, input: {} as { products?: Product[] } },
  actors: {
    fetchProducts: fromPromise<Product[]>(() => {
      throw new Error('products machine: provide the "fetchProducts" actor');
    }),
  },
  delays: { refresh: LIST_REFRESH_DELAY_MS },
}).createMachine({
  id: 'products',
  context: ({ input }) => ({ products: input.products ?? [] }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: ({ context }) => context.products.length > 0, target: 'loaded' },
      on: { LOAD: 'loading', REFRESH: 'waiting' },
    },
    waiting: { after: { refresh: 'loading' }, on: { REFRESH: { target: 'waiting', reenter: true } } },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchProducts',
        onDone: { target: 'loaded', actions: assign({ products: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: { on: { REFRESH: 'waiting' } },
    failed: { on: { LOAD: 'loading', REFRESH: 'waiting' } },
  },
});
