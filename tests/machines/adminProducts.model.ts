import type { SnapshotFrom } from 'xstate';
import { adminProductsMachine, type ProductChange } from '../../machines/adminProducts.machine';
import type { Product } from '../../src/domain/types';
import { makeProduct } from '../fixtures/product';
import { answers, fails, type MachineModel } from './harness/model';

type Snapshot = SnapshotFrom<typeof adminProductsMachine>;

/** The products a path acts on (the replay takes real ones, given these discounts), and an id no product has. */
export const ADMIN_PRODUCTS = [makeProduct({ discount: 10 }), makeProduct()] as const;
export const UNKNOWN_PRODUCT = 999_999;

const changed = (change: ProductChange): Product[] =>
  ADMIN_PRODUCTS.filter((p) => change.ids.includes(p.id)).map((p) => ({ ...p, ...('disable' in change ? { disable: change.disable } : { discount: change.discount }) }));

/**
 * The Admin's product list: selecting, disabling and enabling the
 * selection or one row (a listed product, or an id no longer listed),
 * opening the discount dialog and applying a valid or an out-of-range
 * discount, reloading after an import, retrying a failed load. Each read
 * and each change answers or fails.
 */
export const adminProductsModel: MachineModel<typeof adminProductsMachine> = {
  name: 'adminProducts',
  machine: adminProductsMachine,
  inputs: [{ label: '', input: undefined }],
  key: ({ context }) => ({ selection: context.selection, listed: context.products.length }),
  effect: ({ context }, id) => ({
    products: context.products.flatMap((p) => (id(p.id) === undefined ? [] : [`${id(p.id)} ${p.disable ? 'disabled' : 'available'} ${p.discount} %`])).sort(),
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
  ],
  outcomes: {
    load: [
      // What the server holds: the products as first read, and each change the model's server took since.
      answers((snapshot) => (snapshot.matches('loading') ? [...ADMIN_PRODUCTS] : snapshot.context.products)),
      fails(),
    ],
    change: [
      answers((_, input) => changed(input as ProductChange)),
      fails(),
    ],
  },
};

export type { Snapshot as AdminProductsSnapshot };
