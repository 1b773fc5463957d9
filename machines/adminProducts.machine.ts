import { and, assign, fromPromise, setup } from 'xstate';
import { FIRST_TABLE_PAGE, searchedQuery, shownQuery, TABLE_SEARCH_DELAY_MS, type ProductTableQuery } from '~/src/domain/productTable';
import { discountError } from '~/src/domain/validation/discount';
import type { Product } from '~/src/domain/types';

/** One PATCH /products/bulk: several products (or one) disabled, made available, or given a discount. */
export type ProductChange = { ids: number[]; disable: boolean } | { ids: number[]; discount: number };

/**
 * How the table is read: not known yet (the first read finds out), the
 * whole list (the table pages, searches and sorts it), or a page at a time
 * from the server (past the paging threshold, isPagedProductTable).
 */
export type TableMode = 'unknown' | 'list' | 'paged';

/** A read of the table: the whole list, or the server's page of the query (clamped to the pages there are) with how many products match. */
export type TableRead = { paged: false; products: Product[] } | { paged: true; products: Product[]; page: number; total: number };

export type AdminProductsEvent =
  | { type: 'RETRY' }
  /** A paged table's page, page size or sort asked for (a new size or sort starts at the first page). */
  | ({ type: 'SHOW' } & Pick<ProductTableQuery, 'page' | 'pageSize' | 'sort'>)
  /** The search box changed: a paged table asks the server once typing pauses; a whole list is searched by the table. */
  | { type: 'SEARCH'; name: string }
  /** Products changed elsewhere (an import on the same page): read the list again. */
  | { type: 'RELOAD' }
  | { type: 'SELECT'; ids: number[] }
  /** The toolbar's Disable (true) or Enable (false), for the selected products. */
  | { type: 'SET_DISABLED_SELECTED'; disable: boolean }
  /** The row menu's Disable (true) or Make available (false), for one product. */
  | { type: 'SET_DISABLED'; id: number; disable: boolean }
  | { type: 'OPEN_DISCOUNT' }
  | { type: 'CLOSE_DISCOUNT' }
  | { type: 'APPLY_DISCOUNT'; discount: number };

export interface AdminProductsContext {
  mode: TableMode;
  /** Every product, disabled ones included, as the server last said; when paged, the page's. */
  products: Product[];
  /** What a paged table shows, and how many products match it; the name is the search box's, in every mode. */
  query: ProductTableQuery;
  total: number;
  selection: number[];
  /** The change being sent, and whether it was made on the selection (the toolbar) or on one row. */
  change: ProductChange | null;
  onSelection: boolean;
  /** A search or another page asked for while a paged table was read again after a change: read once that read ends. */
  pending: 'search' | 'show' | null;
}

export const CHANGE_FAILED = 'The products could not be changed.';
export const RELOAD_FAILED = 'The products could not be loaded again; the list may be out of date.';

const notProvided = (name: string) => () => {
  throw new Error(`admin-products machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : CHANGE_FAILED);

/**
 * What a read asks for: a table not known yet counts every product (its
 * first page, whatever was typed meanwhile), which tells whether it is paged.
 */
const loadInput = ({ context }: { context: AdminProductsContext }) => ({
  mode: context.mode,
  query: context.mode === 'unknown' ? FIRST_TABLE_PAGE : context.query,
});

/** The list with the server's answer to a change in place of the products it changed. */
const withChanged = (products: Product[], changed: Product[]) => {
  const byId = new Map(changed.map((p) => [p.id, p]));
  return products.map((p) => byId.get(p.id) ?? p);
};

/**
 * The Admin's product list (spec section 2 'Admin products screen', section
 * 4 'Admin actions'): every product, a selection, and the changes on it
 * (disable, make available, discount: one bulk call each) or on one row.
 * After each change the list is read again, so the table shows what the
 * server holds; a change that worked lets the storefront refresh and
 * leaves the changed products unselected; one that failed is said and
 * keeps the selection for another try.
 *
 * A catalogue past the paging threshold is read a page at a time: each
 * page, page size, sort and search (once typing pauses) is asked of the
 * server, the selection being of the rows shown; after a change the page
 * is read again. The search box's text is the machine's in every mode, so
 * what is typed before the first read tells the mode is kept: a paged
 * table reads it, a whole list is searched by it.
 */
export const adminProductsMachine = setup({
  types: {
    context: {} as AdminProductsContext,
    events: {} as AdminProductsEvent,
  },
  actors: {
    load: fromPromise<TableRead, { mode: TableMode; query: ProductTableQuery }>(notProvided('load')),
    change: fromPromise<Product[], ProductChange>(notProvided('change')),
  },
  actions: {
    /** The context after a read: a paged one's rows and count, its page as the server clamped it; only rows read stay selected. */
    read: assign(({ context }, output: TableRead) => {
      const selection = context.selection.filter((id) => output.products.some((p) => p.id === id));
      return output.paged
        ? {
            mode: 'paged' as const,
            products: output.products,
            total: output.total,
            query: { ...context.query, page: output.page },
            selection,
          }
        : { mode: 'list' as const, products: output.products, selection };
    }),
    /** Another page, size or sort: its rows are other ones, so none is selected. */
    show: assign(({ context, event }) => (event.type === 'SHOW' ? { query: shownQuery(context.query, event), selection: [] } : {})),
    /** A paged table's rows are other ones, so none is selected; a whole list's are all still there, and stay selected. */
    search: assign(({ context, event }) =>
      event.type === 'SEARCH'
        ? { query: searchedQuery(context.query, event.name), ...(context.mode === 'paged' ? { selection: [] } : {}) }
        : {},
    ),
    /** The search or page asked for is kept, to be read once the read under way ends (leaving it would cancel it). */
    keepSearch: assign(({ context, event }) =>
      event.type === 'SEARCH' ? { query: searchedQuery(context.query, event.name), selection: [], pending: 'search' as const } : {},
    ),
    keepShow: assign(({ context, event }) =>
      event.type === 'SHOW' ? { query: shownQuery(context.query, event), selection: [], pending: 'show' as const } : {},
    ),
    forgetPending: assign({ pending: null }),
    /** Tells the storefront's product list to refresh (its REFRESH). */
    refreshStorefront: () => {},
    notifyFailure: (_, _message: string) => {},
  },
  delays: { searchPause: TABLE_SEARCH_DELAY_MS },
  guards: {
    paged: ({ context }) => context.mode === 'paged',
    searchPending: ({ context }) => context.pending === 'search',
    showPending: ({ context }) => context.pending === 'show',
    /** The first read found the table paged while a search was typed (that read counted every product): the search is read next. */
    foundPagedWithSearch: ({ context }, output: TableRead) => context.mode === 'unknown' && output.paged && context.query.name !== '',
    hasSelection: ({ context }) => context.selection.length > 0,
    knownProduct: ({ context, event }) => event.type === 'SET_DISABLED' && context.products.some((p) => p.id === event.id),
    /** Spec section 5 'Admin discount dialog': an integer from 0 to 100. */
    validDiscount: ({ event }) => event.type === 'APPLY_DISCOUNT' && discountError(String(event.discount)) === undefined,
  },
}).createMachine({
  id: 'adminProducts',
  context: {
    mode: 'unknown',
    products: [],
    query: FIRST_TABLE_PAGE,
    total: 0,
    selection: [],
    change: null,
    onSelection: false,
    pending: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: 'forgetPending',
      on: {
        SHOW: { guard: 'paged', target: 'loading', reenter: true, actions: 'show' },
        // Typed while the first read finds out whether the table is paged: kept, and read if it is.
        SEARCH: [{ guard: 'paged', target: 'typing', actions: 'search' }, { actions: 'search' }],
      },
      invoke: {
        src: 'load',
        input: loadInput,
        onDone: [
          {
            guard: { type: 'foundPagedWithSearch', params: ({ event }) => event.output },
            target: 'typing',
            actions: { type: 'read', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'read', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    /** A paged table's search being typed: read once it pauses; the rows shown stay till then (busy, not loading). */
    typing: {
      tags: 'busy',
      entry: 'forgetPending',
      after: { searchPause: 'loading' },
      on: { SHOW: { target: 'loading', actions: 'show' }, SEARCH: { target: 'typing', reenter: true, actions: 'search' } },
    },
    failed: {
      on: {
        RETRY: 'loading',
        SHOW: { guard: 'paged', target: 'loading', actions: 'show' },
        // A first read that failed: what is typed is read once Retry finds the table paged.
        SEARCH: [{ guard: 'paged', target: 'typing', actions: 'search' }, { actions: 'search' }],
      },
    },
    ready: {
      initial: 'idle',
      on: {
        // Only rows shown can be selected: a paged table shows one page.
        SELECT: {
          actions: assign({
            selection: ({ context, event }) => [...new Set(event.ids)].filter((id) => context.products.some((p) => p.id === id)),
          }),
        },
      },
      states: {
        idle: {
          on: {
            SET_DISABLED_SELECTED: {
              guard: 'hasSelection',
              target: 'changing',
              actions: assign({ change: ({ context, event }) => ({ ids: context.selection, disable: event.disable }), onSelection: true }),
            },
            SET_DISABLED: {
              guard: 'knownProduct',
              target: 'changing',
              actions: assign({ change: ({ event }) => ({ ids: [event.id], disable: event.disable }), onSelection: false }),
            },
            OPEN_DISCOUNT: { guard: 'hasSelection', target: 'discounting' },
            RELOAD: 'refreshing',
            SHOW: { guard: 'paged', target: '#adminProducts.loading', actions: 'show' },
            SEARCH: [{ guard: 'paged', target: '#adminProducts.typing', actions: 'search' }, { actions: 'search' }],
          },
        },
        discounting: {
          on: {
            CLOSE_DISCOUNT: 'idle',
            // The selection may have been emptied under the dialog: an empty change is refused by the server.
            APPLY_DISCOUNT: {
              guard: and(['hasSelection', 'validDiscount']),
              target: 'changing',
              actions: assign({
                change: ({ context, event }) => ({ ids: context.selection, discount: event.discount }),
                onSelection: true,
              }),
            },
          },
        },
        changing: {
          tags: 'busy',
          // What the Admin asks meanwhile is kept: the page read again after the change reads it.
          on: { SHOW: { guard: 'paged', actions: 'show' }, SEARCH: { actions: 'search' } },
          invoke: {
            src: 'change',
            input: ({ context }) => context.change!,
            onDone: {
              target: 'refreshing',
              actions: [
                assign({
                  products: ({ context, event }) => withChanged(context.products, event.output),
                  selection: ({ context }) =>
                    context.onSelection ? context.selection.filter((id) => !context.change!.ids.includes(id)) : context.selection,
                }),
                'refreshStorefront',
              ],
            },
            onError: { target: 'refreshing', actions: { type: 'notifyFailure', params: ({ event }) => messageOf(event.error) } },
          },
        },
        refreshing: {
          tags: 'busy',
          entry: [assign({ change: null }), 'forgetPending'],
          on: { SHOW: { guard: 'paged', actions: 'keepShow' }, SEARCH: [{ guard: 'paged', actions: 'keepSearch' }, { actions: 'search' }] },
          invoke: {
            src: 'load',
            input: loadInput,
            // A read of what the Admin has since left is not shown: what was asked meanwhile is read instead.
            onDone: [
              { guard: 'searchPending', target: '#adminProducts.typing' },
              { guard: 'showPending', target: '#adminProducts.loading' },
              { target: 'idle', actions: { type: 'read', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'searchPending', target: '#adminProducts.typing' },
              { guard: 'showPending', target: '#adminProducts.loading' },
              { target: 'idle', actions: { type: 'notifyFailure', params: RELOAD_FAILED } },
            ],
          },
        },
      },
    },
  },
});
