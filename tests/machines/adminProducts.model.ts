import type { SnapshotFrom } from 'xstate';
import { adminProductsMachine, type ProductChange, type TableMode, type TableRead } from '~/machines/adminProducts.machine';
import type { ProductTableQuery } from '~/src/domain/productTable';
import type { Product } from '~/src/domain/types';
import { makeProduct } from '../fixtures/product';
import { answers, fails, type MachineModel } from './harness/model';
import { LARGE } from './harness/pagingThreshold';

type Snapshot = SnapshotFrom<typeof adminProductsMachine>;

/** The products a path acts on (the replay takes real ones, given these discounts), and an id no product has. */
export const ADMIN_PRODUCTS = [makeProduct({ discount: 10 }), makeProduct()] as const;
export const UNKNOWN_PRODUCT = 999_999;
/** The load's answer that the table is paged: a page of GET /products/admin. */
export const PAGED = 'paged';

/** What the server answers a change: the products it names, changed. */
const changed = (snapshot: Snapshot, change: ProductChange): Product[] => {
  const patch = 'disable' in change ? { disable: change.disable } : { discount: change.discount };
  return snapshot.context.products.filter((p) => change.ids.includes(p.id)).map((p) => ({ ...p, ...patch }));
};

/** The model's products on a paged table's page, as last known: both on the first page by id, the first alone when searched for by its name, none on the second. */
const onPage = (snapshot: Snapshot, query: ProductTableQuery): Product[] =>
  (query.page > 1 ? [] : query.name ? [ADMIN_PRODUCTS[0]] : [...ADMIN_PRODUCTS]).map(
    (p) => snapshot.context.products.find((known) => known.id === p.id) ?? p,
  );

type LoadInput = { mode: TableMode; query: ProductTableQuery };

/**
 * The Admin's product list: selecting, disabling and enabling the
 * selection or one row (a listed product, or an id no longer listed),
 * opening the discount dialog and applying a valid or an out-of-range
 * discount, reloading after an import, retrying a failed load, searching
 * (a whole list is searched by the table). Each read and each change
 * answers or fails. A catalogue past the paging threshold
 * is read a page at a time: the second page asked for, and the first
 * product's name searched for (read once typing pauses).
 */
export const adminProductsModel: MachineModel<typeof adminProductsMachine> = {
  name: 'adminProducts',
  machine: adminProductsMachine,
  inputs: [{ label: '', input: undefined }],
  // A search typed before the first read tells the mode, or asked while a page is read again (pending), waits for it: the paths go on from there.
  key: ({ context }) => ({
    mode: context.mode,
    selection: context.selection,
    listed: context.products.length,
    pending: context.pending,
    searchedUnknown: context.mode === 'unknown' && context.query.name !== '',
  }),
  // A paged table's rows are held to the server's page by the binding; the model foresees which page and search.
  effect: ({ context }, id) => ({
    mode: context.mode,
    products:
      context.mode === 'paged'
        ? { page: context.query.page, searched: context.query.name !== '' }
        : context.products
            .flatMap((p) => (id(p.id) === undefined ? [] : [`${id(p.id)} ${p.disable ? 'disabled' : 'available'} ${p.discount} %`]))
            .sort(),
    selection: context.selection.map(id),
    change: context.change && { ...context.change, ids: context.change.ids.map(id) },
  }),
  // A disable and a discount are one call each way: the paths answer and fail both.
  callKind: (src, input) => (src === 'change' ? ('disable' in (input as ProductChange) ? 'disable' : 'discount') : undefined),
  events: () => [
    { type: 'SELECT', ids: [ADMIN_PRODUCTS[0].id], label: 'one' },
    { type: 'SELECT', ids: ADMIN_PRODUCTS.map((p) => p.id), label: 'both' },
    { type: 'SELECT', ids: [], label: 'none' },
    { type: 'SET_DISABLED_SELECTED', disable: true },
    { type: 'SET_DISABLED', id: ADMIN_PRODUCTS[1].id, disable: true, label: 'listed' },
    { type: 'SET_DISABLED', id: UNKNOWN_PRODUCT, disable: false, label: 'not listed' },
    { type: 'OPEN_DISCOUNT' },
    { type: 'CLOSE_DISCOUNT' },
    { type: 'APPLY_DISCOUNT', discount: 20, label: '20' },
    { type: 'APPLY_DISCOUNT', discount: 150, label: '150' },
    { type: 'RELOAD' },
    { type: 'RETRY' },
    { type: 'SHOW', page: 2, pageSize: 5, sort: null, label: 'page 2' },
    { type: 'SEARCH', name: ADMIN_PRODUCTS[0].name, label: 'first name' },
  ],
  outcomes: {
    load: [
      // What the server holds: the products as first read, and each change the model's server took since.
      answers(
        (snapshot): TableRead => ({
          paged: false,
          products: snapshot.matches('loading') ? [...ADMIN_PRODUCTS] : snapshot.context.products,
        }),
        (_, input) => (input as LoadInput).mode !== 'paged',
      ),
      {
        label: PAGED,
        output: (snapshot, input): TableRead => {
          const { query } = input as LoadInput;
          return { paged: true, products: onPage(snapshot, query), page: query.page, total: LARGE };
        },
        when: (_, input) => (input as LoadInput).mode !== 'list',
      },
      fails(),
    ],
    change: [answers((snapshot, input) => changed(snapshot, input as ProductChange)), fails()],
  },
};

/**
 * Paths where the Admin searches or asks for another page while the table
 * is busy (a change saved, the page read again, the first read): what was
 * asked is kept (the search box shows it) and is the next page read once
 * what was under way has ended. A machine that drops these asks has none
 * of these paths. `reads`: the query of each GET /products/admin in turn
 * ('name' for the first product's name searched for).
 */
export const ASKED_WHILE_BUSY = [
  { path: 'loading paged > SELECT one > SET_DISABLED_SELECTED > SEARCH first name', reads: ['', 'name'] },
  { path: 'loading paged > SELECT one > SET_DISABLED_SELECTED > SHOW page 2', reads: ['', 'page=2'] },
  { path: 'loading paged > RELOAD > SEARCH first name', reads: ['', '', 'name'] },
  { path: 'loading paged > RELOAD > SHOW page 2', reads: ['', '', 'page=2'] },
  { path: 'SEARCH first name > loading paged > time passes', reads: ['', 'name'] },
] as const;

export type { Snapshot as AdminProductsSnapshot };
