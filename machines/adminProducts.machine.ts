import { assign, fromPromise, setup } from 'xstate';
import { discountError } from '../src/domain/validation/discount';
import type { Product } from '../src/domain/types';

/** One PATCH /products/bulk: several products (or one) disabled, made available, or given a discount. */
export type ProductChange = { ids: number[]; disable: boolean } | { ids: number[]; discount: number };

export type AdminProductsEvent =
  | { type: 'RETRY' }
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
  /** Every product, disabled ones included, as the server last said. */
  products: Product[];
  selection: number[];
  /** The change being sent, and whether it was made on the selection (the toolbar) or on one row. */
  change: ProductChange | null;
  onSelection: boolean;
}

export const CHANGE_FAILED = 'The products could not be changed.';
export const RELOAD_FAILED = 'The products could not be loaded again; the list may be out of date.';

const notProvided = (name: string) => () => {
  throw new Error(`admin-products machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : CHANGE_FAILED);

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
 */
export const adminProductsMachine = setup({
  types: {
    context: {} as AdminProductsContext,
    events: {} as AdminProductsEvent,
  },
  actors: {
    load: fromPromise<Product[]>(notProvided('load')),
    change: fromPromise<Product[], ProductChange>(notProvided('change')),
  },
  actions: {
    /** Tells the storefront's product list to refresh (its REFRESH). */
    refreshStorefront: () => {},
    notifyFailure: (_, _message: string) => {},
  },
  guards: {
    hasSelection: ({ context }) => context.selection.length > 0,
    knownProduct: ({ context, event }) => event.type === 'SET_DISABLED' && context.products.some((p) => p.id === event.id),
    /** Spec section 5 'Admin discount dialog': an integer from 0 to 100. */
    validDiscount: ({ event }) => event.type === 'APPLY_DISCOUNT' && discountError(String(event.discount)) === undefined,
  },
}).createMachine({
  id: 'adminProducts',
  context: { products: [], selection: [], change: null, onSelection: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ products: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        SELECT: { actions: assign({ selection: ({ event }) => [...new Set(event.ids)] }) },
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
          },
        },
        discounting: {
          on: {
            CLOSE_DISCOUNT: 'idle',
            APPLY_DISCOUNT: {
              guard: 'validDiscount',
              target: 'changing',
              actions: assign({ change: ({ context, event }) => ({ ids: context.selection, discount: event.discount }), onSelection: true }),
            },
          },
        },
        changing: {
          tags: 'busy',
          invoke: {
            src: 'change',
            input: ({ context }) => context.change!,
            onDone: {
              target: 'refreshing',
              actions: [
                assign({
                  products: ({ context, event }) => withChanged(context.products, event.output),
                  selection: ({ context }) => (context.onSelection ? context.selection.filter((id) => !context.change!.ids.includes(id)) : context.selection),
                }),
                'refreshStorefront',
              ],
            },
            onError: { target: 'refreshing', actions: { type: 'notifyFailure', params: ({ event }) => messageOf(event.error) } },
          },
        },
        refreshing: {
          tags: 'busy',
          entry: assign({ change: null }),
          invoke: {
            src: 'load',
            onDone: { target: 'idle', actions: assign({ products: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: { type: 'notifyFailure', params: RELOAD_FAILED } },
          },
        },
      },
    },
  },
});
