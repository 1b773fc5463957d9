import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { totalPrice } from '../src/domain/price';
import type { Product } from '../src/domain/types';
import { adminProductsMachine, CHANGE_FAILED, RELOAD_FAILED, type ProductChange } from './adminProducts.machine';

const product = (id: number, fields: Partial<Product> = {}): Product => ({
  id,
  name: `Product ${id}`,
  brand: 'nyx',
  category: 'lipstick',
  price: 10,
  discount: 0,
  totalPrice: 10,
  stock: 5,
  description: 'A product',
  image: `/images/products/${id}.webp`,
  rank: 0,
  reviews: 0,
  disable: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  shades: [],
  ...fields,
});

/**
 * The machine on an in-memory server applying PATCH /products/bulk as the
 * API does; `network.failingLoads` loads fail, `network.refusal` refuses
 * the next change with that message.
 */
function start(products: Product[], network = { failingLoads: 0, refusal: null as string | null }) {
  let server = products.map((p) => ({ ...p }));
  const changes: ProductChange[] = [];
  const refreshes: number[] = [];
  const failures: string[] = [];
  const machine = adminProductsMachine.provide({
    actors: {
      load: fromPromise(async () => {
        if (network.failingLoads > 0) {
          network.failingLoads--;
          throw new Error('503');
        }
        return server.map((p) => ({ ...p }));
      }),
      change: fromPromise(async ({ input }) => {
        changes.push(input);
        if (network.refusal !== null) {
          const message = network.refusal;
          network.refusal = null;
          throw new Error(message);
        }
        server = server.map((p) => {
          if (!input.ids.includes(p.id)) return p;
          if ('discount' in input) return { ...p, discount: input.discount, totalPrice: totalPrice(p.price, input.discount) };
          return { ...p, disable: input.disable };
        });
        return server.filter((p) => input.ids.includes(p.id));
      }),
    },
    actions: {
      refreshStorefront: () => void refreshes.push(changes.length),
      notifyFailure: (_, message) => void failures.push(message),
    },
  });
  const actor = createActor(machine).start();
  const context = () => actor.getSnapshot().context;
  const disabledIds = () => context().products.filter((p) => p.disable).map((p) => p.id);
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed'));
  const setServer = (next: Product[]) => (server = next);
  return { actor, context, network, changes, refreshes, failures, disabledIds, idle, setServer };
}

const three = () => [product(1), product(2, { disable: true }), product(3, { price: 20 })];

describe('admin-products machine', () => {
  it('loading -> ready: every product, disabled ones included', async () => {
    const { actor, context, idle } = start(three());
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(context().products.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(context().selection).toEqual([]);
  });

  it('loading -> failed -> RETRY -> loading -> ready', async () => {
    const { actor, context, idle } = start(three(), { failingLoads: 1, refusal: null });
    await idle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().products).toHaveLength(3);
  });

  it('idle -> RELOAD -> refreshing -> idle: products added elsewhere (an import) are listed, the storefront not refreshed again', async () => {
    const { actor, context, idle, setServer, refreshes } = start(three());
    await idle();
    setServer([...three(), product(4)]);
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    await idle();
    expect(context().products.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(refreshes).toEqual([]);
  });

  it('SELECT keeps the ids chosen, once each', async () => {
    const { actor, context, idle } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [1, 3, 3] });
    expect(context().selection).toEqual([1, 3]);
    actor.send({ type: 'SELECT', ids: [] });
    expect(context().selection).toEqual([]);
  });

  it('without a selection the toolbar changes and the discount dialog are not offered', async () => {
    const { actor, idle, changes } = start(three());
    await idle();
    actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
    actor.send({ type: 'OPEN_DISCOUNT' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('idle -> SET_DISABLED_SELECTED -> changing -> refreshing -> idle: the selection disabled in one call, then unselected; the storefront refreshes', async () => {
    const { actor, context, idle, changes, refreshes, disabledIds } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [1, 3] });
    actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
    expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    expect(disabledIds()).toEqual([1, 2, 3]);
    expect(context().selection).toEqual([]);
    expect(refreshes).toEqual([1]);
    await idle();
    expect(changes).toEqual([{ ids: [1, 3], disable: true }]);
    expect(disabledIds()).toEqual([1, 2, 3]);
    expect(context().change).toBeNull();
  });

  it('SET_DISABLED_SELECTED false enables the selection (Enable)', async () => {
    const { actor, idle, changes, disabledIds } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [2] });
    actor.send({ type: 'SET_DISABLED_SELECTED', disable: false });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(changes).toEqual([{ ids: [2], disable: false }]);
    expect(disabledIds()).toEqual([]);
  });

  it('idle -> SET_DISABLED (row menu) -> changing -> refreshing -> idle: one product, the selection untouched', async () => {
    const { actor, context, idle, changes, refreshes, disabledIds } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [1, 3] });
    actor.send({ type: 'SET_DISABLED', id: 3, disable: true });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(changes).toEqual([{ ids: [3], disable: true }]);
    expect(disabledIds()).toEqual([2, 3]);
    expect(context().selection).toEqual([1, 3]);
    expect(refreshes).toEqual([1]);
    // Make available
    actor.send({ type: 'SET_DISABLED', id: 2, disable: false });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(disabledIds()).toEqual([3]);
  });

  it('SET_DISABLED of a product not in the list is not sent', async () => {
    const { actor, idle, changes } = start(three());
    await idle();
    actor.send({ type: 'SET_DISABLED', id: 99, disable: true });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('idle -> OPEN_DISCOUNT -> discounting -> CLOSE_DISCOUNT -> idle: nothing sent, selection kept', async () => {
    const { actor, context, idle, changes } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [1] });
    actor.send({ type: 'OPEN_DISCOUNT' });
    expect(actor.getSnapshot().matches({ ready: 'discounting' })).toBe(true);
    actor.send({ type: 'CLOSE_DISCOUNT' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
    expect(context().selection).toEqual([1]);
  });

  it("APPLY_DISCOUNT out of 0-100 or not whole is not sent ('Write a number between 0 - 100')", async () => {
    const { actor, idle, changes } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [1] });
    actor.send({ type: 'OPEN_DISCOUNT' });
    for (const discount of [101, -1, 1.5, Number.NaN]) actor.send({ type: 'APPLY_DISCOUNT', discount });
    expect(actor.getSnapshot().matches({ ready: 'discounting' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('discounting -> APPLY_DISCOUNT -> changing -> refreshing -> idle: the selection gets the discount and its final prices', async () => {
    const { actor, context, idle, changes, refreshes } = start(three());
    await idle();
    actor.send({ type: 'SELECT', ids: [1, 3] });
    actor.send({ type: 'OPEN_DISCOUNT' });
    actor.send({ type: 'APPLY_DISCOUNT', discount: 15 });
    expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(changes).toEqual([{ ids: [1, 3], discount: 15 }]);
    expect(context().products.map((p) => [p.id, p.discount, p.totalPrice])).toEqual([
      [1, 15, 8.5],
      [2, 0, 10],
      [3, 15, 17],
    ]);
    expect(context().selection).toEqual([]);
    expect(refreshes).toEqual([1]);
  });

  it('0 and 100 are discounts too', async () => {
    const { actor, idle, changes } = start(three());
    await idle();
    for (const discount of [100, 0]) {
      actor.send({ type: 'SELECT', ids: [1] });
      actor.send({ type: 'OPEN_DISCOUNT' });
      actor.send({ type: 'APPLY_DISCOUNT', discount });
      await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
      await idle();
    }
    expect(changes).toEqual([
      { ids: [1], discount: 100 },
      { ids: [1], discount: 0 },
    ]);
  });

  it("changing -> refreshing on a failure: it is said, the selection kept, the storefront not refreshed, and the list shows the server's", async () => {
    const { actor, context, idle, failures, refreshes, disabledIds, setServer } = start(three(), { failingLoads: 0, refusal: 'Product not found' });
    await idle();
    // Someone else disabled product 1 meanwhile: the reload after the failure shows it.
    setServer([product(1, { disable: true }), product(2, { disable: true }), product(3, { price: 20 })]);
    actor.send({ type: 'SELECT', ids: [1, 3] });
    actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    expect(failures).toEqual(['Product not found']);
    await idle();
    expect(context().selection).toEqual([1, 3]);
    expect(refreshes).toEqual([]);
    expect(disabledIds()).toEqual([1, 2]);
  });

  it('a failure without a message says CHANGE_FAILED', async () => {
    const { actor, idle, failures } = start(three(), { failingLoads: 0, refusal: '' });
    await idle();
    actor.send({ type: 'SET_DISABLED', id: 1, disable: true });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(failures).toEqual([CHANGE_FAILED]);
  });

  it('refreshing -> idle when the list cannot be read again: it is said, and the changed products show the answer to the change', async () => {
    const { actor, idle, network, failures, disabledIds, refreshes } = start(three());
    await idle();
    network.failingLoads = 1;
    actor.send({ type: 'SET_DISABLED', id: 1, disable: true });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(failures).toEqual([RELOAD_FAILED]);
    expect(disabledIds()).toEqual([1, 2]);
    expect(refreshes).toEqual([1]);
  });

  it('changes wait while one is under way; the selection can still change', async () => {
    const { actor, context, idle, changes } = start(three());
    await idle();
    actor.send({ type: 'SET_DISABLED', id: 1, disable: true });
    actor.send({ type: 'SET_DISABLED', id: 3, disable: true });
    actor.send({ type: 'SELECT', ids: [3] });
    actor.send({ type: 'OPEN_DISCOUNT' });
    expect(context().selection).toEqual([3]);
    expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
    await idle();
    expect(changes).toEqual([{ ids: [1], disable: true }]);
  });
});
