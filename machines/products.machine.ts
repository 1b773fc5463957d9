import { assign, fromPromise, setup } from 'xstate';
import { LIST_REFRESH_DELAY_MS } from '~/src/domain/constants';
import type { Product } from '~/src/domain/types';

export type ProductsEvent = { type: 'LOAD' } | { type: 'REFRESH' };

/** What the shop's catalogue is: small enough to hold whole (the list), or paged (read a page at a time from the server). */
export type Catalogue = { paged: false; products: Product[] } | { paged: true };

/** What is known of the catalogue: nothing yet, a list held whole, or paged (the screens ask for their pages; no list is ever loaded). */
export type CatalogueMode = 'unknown' | 'list' | 'paged';

export interface ProductsContext {
  products: Product[];
  mode: CatalogueMode;
  /** Counts the catalogue's changes seen in paged mode: the screens ask for their pages again when it moves. */
  revision: number;
}

/**
 * The storefront's catalogue: loaded once on demand (fetchCatalogue tells
 * a paged catalogue from a list, and brings the list), the list refreshed 500 ms
 * after a change. A failed load keeps the last list and waits in `failed`
 * for a LOAD: the page's Retry, or the next page that needs it. A list or a
 * paged mark given at start (what a server-rendered page was rendered with)
 * starts it there. Paged, a refresh loads nothing: it moves `revision`.
 */
export const productsMachine = setup({
  types: { context: {} as ProductsContext, events: {} as ProductsEvent, input: {} as { products?: Product[]; paged?: boolean } },
  actors: {
    /** Told the mode known so far: a catalogue known to be a list loads its list; an unknown one is first asked its size. */
    fetchCatalogue: fromPromise<Catalogue, { mode: CatalogueMode }>(() => {
      throw new Error('products machine: provide the "fetchCatalogue" actor');
    }),
  },
  delays: { refresh: LIST_REFRESH_DELAY_MS },
}).createMachine({
  id: 'products',
  context: ({ input }) => ({
    products: input.products ?? [],
    mode: input.paged ? 'paged' : (input.products ?? []).length > 0 ? 'list' : 'unknown',
    revision: 0,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: [
        { guard: ({ context }) => context.mode === 'paged', target: 'paged' },
        { guard: ({ context }) => context.mode === 'list', target: 'loaded' },
      ],
      on: { LOAD: 'loading', REFRESH: 'waiting' },
    },
    waiting: { after: { refresh: 'loading' }, on: { REFRESH: { target: 'waiting', reenter: true } } },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchCatalogue',
        input: ({ context }) => ({ mode: context.mode }),
        onDone: [
          { guard: ({ event }) => event.output.paged, target: 'paged', actions: assign({ mode: 'paged' }) },
          {
            target: 'loaded',
            actions: assign({ mode: 'list', products: ({ event }) => (event.output.paged ? [] : event.output.products) }),
          },
        ],
        onError: 'failed',
      },
    },
    loaded: { on: { REFRESH: 'waiting' } },
    failed: { on: { LOAD: 'loading', REFRESH: 'waiting' } },
    paged: {
      initial: 'current',
      states: {
        current: { on: { REFRESH: 'waiting' } },
        waiting: {
          after: { refresh: { target: 'current', actions: assign({ revision: ({ context }) => context.revision + 1 }) } },
          on: { REFRESH: { target: 'waiting', reenter: true } },
        },
      },
    },
  },
});
