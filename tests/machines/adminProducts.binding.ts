import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { productTableParams } from '~/src/domain/productTable';
import type { Product } from '~/src/domain/types';
import { discountError } from '~/src/domain/validation/discount';
import { adminProductsLogic } from '~/src/features/adminProducts/adminProducts.logic';
import { ADMIN_PRODUCTS, PAGED, UNKNOWN_PRODUCT, type AdminProductsSnapshot } from './adminProducts.model';
import { LARGE } from './harness/pagingThreshold';
import type { MachineBinding } from './harness/replay';
import { shopToasts, type Shop } from './harness/shop';

const row = (p: { id: number; disable: boolean; discount: number }) => `${p.id} ${p.disable ? 'disabled' : 'available'} ${p.discount} %`;

/** The table's reads: the whole list, or a page (the first read of a table not known yet is a page). Its latest failing leaves the table as it was, said. */
export const LIST_READ = 'GET /products';
export const PAGE_READ = 'GET /products/admin';
export const CHANGE = 'PATCH /products/bulk';

/** The page the server holds for a paged table's query. */
async function serverPage(shop: Shop, { query }: AdminProductsSnapshot['context']) {
  const params = productTableParams(query);
  const { rows } = await shop.backend.store.productPage({
    ...(params.name ? { name: params.name } : {}),
    ...(params.sort ? { sort: params.sort } : {}),
    order: params.order ?? 'asc',
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return rows;
}

/**
 * The Admin's product list on the mock backend as the app provides it
 * (adminProductsLogic), the storefront's refreshes counted and failures
 * recorded as toasts: the model's products are two real ones. A path the
 * server answers a page runs on a catalogue past the paging threshold.
 * `sabotage` changes the app's machine first (a broken actor given with `provide`).
 */
export const adminProductsBinding = (sabotage: (logic: AnyStateMachine) => AnyStateMachine = (logic) => logic): MachineBinding => ({
  name: 'adminProducts',
  productCount: (path) => (path.steps.some((step) => step.event.label === PAGED) ? LARGE : undefined),
  async open(shop) {
    await shop.signIn('admin');
    const real = await shop.takeProductsAs(ADMIN_PRODUCTS);
    const realId = (id: number) => (id === UNKNOWN_PRODUCT ? id : real[ADMIN_PRODUCTS.findIndex((p) => p.id === id)]!.id);
    let storefrontRefreshes = 0;
    /** A toolbar change asked for: every product selected then, and what each must hold once the change has worked; the changes made and failed before it; whether the Admin has selected since. */
    let asked: { ids: number[]; holds: Partial<Product>; made: number; failed: number; selectedSince: boolean } | null = null;
    const changeCalls = () => shop.network.calls.filter((call) => call === CHANGE).length;
    const changeFailures = () => shop.failuresOf(CHANGE);
    const ask = (ids: number[], holds: Partial<Product>) => {
      if (ids.length > 0) asked = { ids, holds, made: changeCalls(), failed: changeFailures(), selectedSince: false };
    };
    return {
      logic: sabotage(
        adminProductsLogic({
          refreshStorefront: () => void storefrontRefreshes++,
          notifyFailure: shopToasts(shop).notifyFailure,
        }),
      ),
      async send(event, actor) {
        const { context } = actor.getSnapshot() as AdminProductsSnapshot;
        if (event.type === 'SET_DISABLED_SELECTED' && actor.getSnapshot().matches({ ready: 'idle' }))
          ask(context.selection, { disable: event.disable as boolean });
        if (
          event.type === 'APPLY_DISCOUNT' &&
          actor.getSnapshot().matches({ ready: 'discounting' }) &&
          discountError(String(event.discount)) === undefined
        ) {
          ask(context.selection, { discount: event.discount as number });
        }
        if (event.type === 'SELECT') {
          if (asked) asked.selectedSince = true;
          return { type: 'SELECT', ids: (event.ids as number[]).map(realId) };
        }
        if (event.type === 'SET_DISABLED') return { ...event, id: realId(event.id as number) };
        if (event.type === 'SEARCH') return { type: 'SEARCH', name: real[0]!.name };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as AdminProductsSnapshot;
        const tableRead = context.mode === 'paged' ? PAGE_READ : LIST_READ;
        expect(
          context.selection.every((id) => context.products.some((p) => p.id === id)),
          'only listed products are selected',
        ).toBe(true);
        if (snapshot.matches({ ready: 'idle' }) && !shop.latestFailed(tableRead)) {
          const held = context.mode === 'paged' ? await serverPage(shop, context) : await shop.backend.store.listProducts();
          expect(context.products.map(row).sort(), 'the table is what the server holds').toEqual(held.map(row).sort());
        }
        // A first read that failed shows the failure with Retry; a change that failed, or a table not read again, is said in a toast.
        const changesFailed = changeFailures();
        if (snapshot.matches({ ready: 'idle' }) && (shop.latestFailed(tableRead) || changesFailed > 0)) {
          expect(
            shop.toasts.some((t) => t.kind === 'failure'),
            'a change that failed, or a table not read again, was said',
          ).toBe(true);
        }
        // A toolbar change that worked reached every product selected when it was asked for, and left them unselected.
        if (asked && !snapshot.matches({ ready: 'changing' }) && changeCalls() > asked.made) {
          if (changeFailures() === asked.failed) {
            const held = await shop.backend.store.listProducts({ ids: asked.ids });
            expect(held.map((p) => p.id).sort(), 'the change reached every selected product').toEqual([...asked.ids].sort());
            for (const product of held) expect(product, 'the change reached every selected product').toMatchObject(asked.holds);
            const changed = asked.ids;
            if (!asked.selectedSince)
              expect(
                context.selection.filter((id) => changed.includes(id)),
                'a change that worked leaves the changed products unselected',
              ).toEqual([]);
          }
          asked = null;
        }
        // Once no change is under way, every change that worked has told the storefront to refresh, and no other.
        const changesMade = changeCalls() - changesFailed;
        if (!snapshot.matches({ ready: 'changing' }))
          expect(storefrontRefreshes, 'the storefront refreshes once after each change that worked').toBe(changesMade);
      },
      showable: (snapshot) =>
        snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }) || snapshot.matches({ ready: 'discounting' }),
    };
  },
});
