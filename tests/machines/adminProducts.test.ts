import { expect } from 'vitest';
import { adminProductsLogic } from '../../src/features/adminProducts/adminProductsLogic';
import { ADMIN_PRODUCTS, adminProductsModel, UNKNOWN_PRODUCT, type AdminProductsSnapshot } from './adminProducts.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import { shopToasts } from './harness/shop';

const row = (p: { id: number; disable: boolean; discount: number }) => `${p.id} ${p.disable ? 'disabled' : 'available'} ${p.discount} %`;

/**
 * The Admin's product list on the mock backend as the app provides it
 * (adminProductsLogic), the storefront's refreshes counted and failures
 * recorded as toasts: the model's products are two real ones.
 */
const adminProductsBinding: MachineBinding = {
  name: 'adminProducts',
  async open(shop) {
    await shop.signIn('admin');
    const real = await shop.takeProducts([5, 5]);
    const realId = (id: number) => (id === UNKNOWN_PRODUCT ? id : real[ADMIN_PRODUCTS.findIndex((p) => p.id === id)]!.id);
    let storefrontRefreshes = 0;
    return {
      logic: adminProductsLogic({
        refreshStorefront: () => void storefrontRefreshes++,
        notifyFailure: shopToasts(shop).notifyFailure,
      }),
      async send(event) {
        if (event.type === 'SELECT') return { type: 'SELECT', ids: (event.ids as number[]).map(realId) };
        if (event.type === 'SET_DISABLED') return { ...event, id: realId(event.id as number) };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as AdminProductsSnapshot;
        expect(context.selection.every((id) => context.products.some((p) => p.id === id)), 'only listed products are selected').toBe(true);
        if (snapshot.matches({ ready: 'idle' }) && shop.requestFailures.length === 0) {
          const held = (await shop.backend.store.listProducts()).map(row).sort();
          expect(context.products.map(row).sort(), 'the table is what the server holds').toEqual(held);
        }
        if (snapshot.matches({ ready: 'idle' }) && shop.requestFailures.length > 0) {
          expect(shop.toasts.some((t) => t.kind === 'failure'), 'a change or read that failed was said').toBe(true);
        }
        expect(storefrontRefreshes, 'the storefront refreshes only after changes').toBeLessThanOrEqual(shop.network.calls.filter((c) => c === 'PATCH /products/bulk').length);
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }) || snapshot.matches({ ready: 'discounting' }),
    };
  },
};

machinePaths(adminProductsModel, adminProductsBinding);
