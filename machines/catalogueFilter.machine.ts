import { assign, setup } from 'xstate';
import type { Filter, Sort } from '../src/domain/catalogue';
import { matchesNothing, resetFilter, type CatalogueQuery } from '../src/domain/catalogueQuery';
import type { Category } from '../src/domain/constants';
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
  /** The page's own category (/listproducts/{category}): no reset clears it. */
  category: Category | undefined;
  /** The storefront products the filter runs on; null until they are there. */
  products: Product[] | null;
  /** The last filter matched nothing: the no-match text shows and the filters were reset. */
  notFound: boolean;
  panelOpen: boolean;
}

export interface CatalogueFilterInput extends CatalogueQuery {
  category?: Category | undefined;
  /** The products, when they are already there. */
  products?: Product[] | undefined;
}

/** What `publish` writes to the URL; `replace` when it corrects a URL rather than records a shopper's step. */
export interface Publication {
  query: CatalogueQuery;
  replace: boolean;
}

function nextFilter(current: Filter, patch: Partial<Filter>): Filter {
  const merged = { ...current, ...patch };
  const [priceMin, priceMax] = normalizePriceRange(merged.priceMin, merged.priceMax);
  return { ...merged, priceMin, priceMax };
}

const nothingFound = (products: Product[] | null, filter: Filter, category: Category | undefined) => products !== null && matchesNothing(products, filter, category);

const step = ({ context }: { context: CatalogueFilterContext }): Publication => ({ query: context, replace: false });

/**
 * The catalogue's sort, filters and page. A change of sort or filter goes
 * back to page 1; a filter that matches nothing marks notFound and resets
 * the filters (a category page keeps its category). Until the products are
 * there nothing is judged a no-match: a filter set while they load, or one
 * from a shared URL, is checked when they arrive. `publish` (injected) writes
 * the state to the URL.
 */
export const catalogueFilterMachine = setup({
  types: {
    context: {} as CatalogueFilterContext,
    events: {} as CatalogueFilterEvent,
    input: {} as CatalogueFilterInput,
  },
  actions: {
    publish: (_, _publication: Publication) => {},
  },
  guards: {
    productsThere: ({ context }) => context.products !== null,
    matchesNothing: ({ context }) => nothingFound(context.products, context.filter, context.category),
    nextMatchesNothing: ({ context, event }) =>
      event.type === 'FILTER' && nothingFound(context.products, nextFilter(context.filter, event.patch), context.category),
  },
}).createMachine({
  id: 'catalogueFilter',
  context: ({ input }) => ({
    filter: input.filter,
    sort: input.sort,
    page: input.page,
    category: input.category,
    products: input.products ?? null,
    notFound: false,
    panelOpen: false,
  }),
  initial: 'loading',
  on: {
    TOGGLE_PANEL: { actions: assign({ panelOpen: ({ context }) => !context.panelOpen }) },
    SORT: { actions: [assign({ sort: ({ event }) => event.sort, page: 1, notFound: false }), { type: 'publish', params: step }] },
    RESET: { actions: [assign({ filter: ({ context }) => resetFilter(context.category), page: 1, notFound: false }), { type: 'publish', params: step }] },
    PAGE: { actions: [assign({ page: ({ event }) => Math.max(1, event.page) }), { type: 'publish', params: step }] },
  },
  states: {
    loading: {
      tags: ['loading'],
      always: { guard: 'productsThere', target: 'checking' },
      on: {
        PRODUCTS: { target: 'checking', actions: assign({ products: ({ event }) => event.products }) },
        FROM_URL: { actions: assign(({ event }) => ({ filter: event.filter, sort: event.sort, page: event.page, notFound: false })) },
        FILTER: {
          actions: [assign({ filter: ({ context, event }) => nextFilter(context.filter, event.patch), page: 1, notFound: false }), { type: 'publish', params: step }],
        },
      },
    },
    /** The filter came without a check (from the URL, or set while loading): a no-match resets it in place. */
    checking: {
      always: [
        {
          guard: 'matchesNothing',
          target: 'ready',
          actions: [
            assign({ filter: ({ context }) => resetFilter(context.category), page: 1, notFound: true }),
            { type: 'publish', params: ({ context }) => ({ query: context, replace: true }) },
          ],
        },
        { target: 'ready' },
      ],
    },
    ready: {
      on: {
        PRODUCTS: { actions: assign({ products: ({ event }) => event.products }) },
        FROM_URL: { target: 'checking', actions: assign(({ event }) => ({ filter: event.filter, sort: event.sort, page: event.page, notFound: false })) },
        FILTER: [
          {
            guard: 'nextMatchesNothing',
            actions: [assign({ filter: ({ context }) => resetFilter(context.category), page: 1, notFound: true }), { type: 'publish', params: step }],
          },
          {
            actions: [assign({ filter: ({ context, event }) => nextFilter(context.filter, event.patch), page: 1, notFound: false }), { type: 'publish', params: step }],
          },
        ],
      },
    },
  },
});
