import { expect, it } from 'vitest';
import { adminProductsLogic } from '../../src/features/adminProducts/adminProductsLogic';
import { ADMIN_PRODUCTS, adminProductsModel, UNKNOWN_PRODUCT, type AdminProductsSnapshot } from './adminProducts.model';
import { CoverageRecorder } from './harness/coverage';
import { machinePaths } from './harness/machinePaths';
import { everyPath, type ModelPath } from './harness/model';
import { replay, type MachineBinding } from './harness/replay';
import { shopToasts } from './harness/shop';
import { checkAfterRecoveredRead, emptyAfterFailure } from './recoveredRead';

const row = (p: { id: number; disable: boolean; discount: number }) => `${p.id} ${p.disable ? 'disabled' : 'available'} ${p.discount} %`;

/** The table's read: its latest failing leaves the table as it was, said. */
const TABLE_READ = 'GET /products';

/**
 * The Admin's product list on the mock backend as the app provides it
 * (adminProductsLogic), the storefront's refreshes counted and failures
 * recorded as toasts: the model's products are two real ones.
 */
const adminProductsBinding: MachineBinding = {
  name: 'adminProducts',
  async open(shop) {
    await shop.signIn('admin');
    const real = await shop.takeProductsAs(ADMIN_PRODUCTS);
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
        if (snapshot.matches({ ready: 'idle' }) && !shop.latestFailed(TABLE_READ)) {
          const held = (await shop.backend.store.listProducts()).map(row).sort();
          expect(context.products.map(row).sort(), 'the table is what the server holds').toEqual(held);
        }
        // A first read that failed shows the failure with Retry; a change that failed, or a table not read again, is said in a toast.
        const toBeSaid = shop.latestFailed(TABLE_READ) || shop.requestFailures.some((failure) => failure.method === 'PATCH');
        if (snapshot.matches({ ready: 'idle' }) && toBeSaid) {
          expect(shop.toasts.some((t) => t.kind === 'failure'), 'a change that failed, or a table not read again, was said').toBe(true);
        }
        expect(storefrontRefreshes, 'the storefront refreshes only after changes').toBeLessThanOrEqual(shop.network.calls.filter((c) => c === 'PATCH /products/bulk').length);
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }) || snapshot.matches({ ready: 'discounting' }),
    };
  },
};

machinePaths(adminProductsModel, adminProductsBinding);

it('compares the table with the server once a read after a failed one has answered: one then shown empty is caught', async () => {
  await checkAfterRecoveredRead(adminProductsBinding, adminProductsModel, TABLE_READ);
  await expect(checkAfterRecoveredRead(adminProductsBinding, adminProductsModel, TABLE_READ, emptyAfterFailure)).rejects.toThrow('the table is what the server holds');
});

it('refuses an out-of-range discount (150) in the dialog, sending nothing; 20 then asked is what the server holds', async () => {
  const paths = everyPath(adminProductsModel);
  const ending = (tail: string) => paths.find((path) => path.name.endsWith(tail))!;
  const refused = ending('loading answered > SELECT one > OPEN_DISCOUNT > APPLY_DISCOUNT 150');
  const applied = ending('loading answered > SELECT one > OPEN_DISCOUNT > APPLY_DISCOUNT 20 > changing answered');
  // The refused discount leaves the dialog as it was: the applied path's steps follow it.
  const path: ModelPath = { ...applied, name: 'APPLY_DISCOUNT 150, then 20', prefix: undefined, steps: [...refused.steps, ...applied.steps.slice(refused.steps.length - 1)] };
  const { shop } = await replay(adminProductsBinding, adminProductsModel, path, 0, { recorder: new CoverageRecorder(adminProductsModel.machine) });
  expect(shop.network.calls.filter((call) => call === 'PATCH /products/bulk'), 'one change sent').toHaveLength(1);
  // The replay has compared the table with the server and with the model (20 % on the selected product) after each step.
  expect((await shop.backend.store.listProducts()).map((p) => p.discount), 'no product given 150 %').not.toContain(150);
});
