import { assign, setup } from 'xstate';
import { DEFAULT_FILTER, applyFilter, isDefaultFilter, type Filter, type Sort } from '../src/domain/catalogue';
import type { CatalogueQuery } from '../src/domain/catalogueQuery';
import { normalizePriceRange } from '../src/domain/priceFilter';
import type { Product } from '../src/domain/types';

export type CatalogueFilterEvent =
  | { type: 'PRODUCTS'; products: Product[] }
  | { type: 'SORT'; sort: Sort }
  | { type: 'FILTER'; patch: Partial<Filter> }
  | { type: 'RESET' }
  | { type: 'PAGE'; page: number }
  | { type: 'TOGGLE_PANEL' }
  | ({ type: 'FROM_URL' } & CatalogueQuery);

export interface CatalogueFilterContext extends CatalogueQuery {
  /** The storefront products the filter runs on. */
  products: Product[];
  /** The last filter matched nothing: the no-match text shows and the filters were reset. */
  notFound: boolean;
  panelOpen: boolean;
}

function nextFilter(current: Filter, patch: Partial<Filter>): Filter {
  const merged = { ...current, ...patch };
  const [priceMin, priceMax] = normalizePriceRange(merged.priceMin, merged.priceMax);
  return { ...merged, priceMin, priceMax };
}

/**
 * The catalogue's sort, filters and page. A change of sort or filter goes
 * back to page 1; a filter that matches nothing marks notFound and resets
 * the filters. `publish` (injected) writes the state to the URL.
 */
export const catalogueFilterMachine = setup({
  types: {
    context: {} as CatalogueFilterContext,
    events: {} as CatalogueFilterEvent,
    input: {} as CatalogueQuery & { products?: Product[] },
  },
  actions: {
    publish: (_, _query: CatalogueQuery) => {},
  },
}).createMachine({
  id: 'catalogueFilter',
  context: ({ input }) => ({
    filter: input.filter,
    sort: input.sort,
    page: input.page,
    products: input.products ?? [],
    notFound: false,
    panelOpen: false,
  }),
  on: {
    PRODUCTS: { actions: assign({ products: ({ event }) => event.products }) },
    FROM_URL: {
      actions: assign(({ event }) => ({ filter: event.filter, sort: event.sort, page: event.page, notFound: false })),
    },
    TOGGLE_PANEL: { actions: assign({ panelOpen: ({ context }) => !context.panelOpen }) },
    SORT: {
      actions: [
        assign({ sort: ({ event }) => event.sort, page: 1, notFound: false }),
        { type: 'publish', params: ({ context }) => context },
      ],
    },
    FILTER: [
      {
        guard: ({ context, event }) => {
          const next = nextFilter(context.filter, event.patch);
          return !isDefaultFilter(next) && applyFilter(context.products, next).length === 0;
        },
        actions: [assign({ filter: DEFAULT_FILTER, page: 1, notFound: true }), { type: 'publish', params: ({ context }) => context }],
      },
      {
        actions: [
          assign({ filter: ({ context, event }) => nextFilter(context.filter, event.patch), page: 1, notFound: false }),
          { type: 'publish', params: ({ context }) => context },
        ],
      },
    ],
    RESET: {
      actions: [assign({ filter: DEFAULT_FILTER, page: 1, notFound: false }), { type: 'publish', params: ({ context }) => context }],
    },
    PAGE: {
      actions: [assign({ page: ({ event }) => Math.max(1, event.page) }), { type: 'publish', params: ({ context }) => context }],
    },
  },
});
