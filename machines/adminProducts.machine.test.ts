import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { everyAnswerTaken } from '~/tests/fixtures/cannedActor';
import { product, start, three, unreachable } from '~/tests/fixtures/adminProductsMachine';
import { CHANGE_FAILED, RELOAD_FAILED } from './adminProducts.machine';

afterEach(everyAnswerTaken);

describe('admin-products machine', () => {
  it('loading -> ready: every product, disabled ones included', async () => {
    const { actor, context, idle } = start({ load: [three()] });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(context().products.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(context().selection).toEqual([]);
  });

  it('loading -> failed -> RETRY -> loading -> ready', async () => {
    const { actor, context, idle } = start({ load: [unreachable(), three()] });
    await idle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().products).toHaveLength(3);
  });

  it('idle -> RELOAD -> refreshing -> idle: products added elsewhere (an import) are listed, the storefront not refreshed again', async () => {
    const { actor, context, idle, refreshes } = start({ load: [three(), [...three(), product(4)]] });
    await idle();
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    await idle();
    expect(context().products.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(refreshes).toEqual([]);
  });

  it('SELECT keeps the ids chosen, once each', async () => {
    const { actor, context, idle } = start({ load: [three()] });
    await idle();
    actor.send({ type: 'SELECT', ids: [1, 3, 3] });
    expect(context().selection).toEqual([1, 3]);
    actor.send({ type: 'SELECT', ids: [] });
    expect(context().selection).toEqual([]);
  });

  it('without a selection the toolbar changes and the discount dialog are not offered', async () => {
    const { actor, idle, changes } = start({ load: [three()] });
    await idle();
    actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
    actor.send({ type: 'OPEN_DISCOUNT' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('idle -> SET_DISABLED_SELECTED -> changing -> refreshing -> idle: the selection disabled in one call, then unselected; the storefront refreshes', async () => {
    const { actor, context, idle, changes, refreshes, disabledIds } = start({
      load: [three(), [product(1, { disable: true }), product(2, { disable: true }), product(3, { price: 20, disable: true })]],
      change: [[product(1, { disable: true }), product(3, { price: 20, disable: true })]],
    });
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
    const { actor, idle, changes, disabledIds } = start({
      load: [three(), [product(1), product(2), product(3, { price: 20 })]],
      change: [[product(2)]],
    });
    await idle();
    actor.send({ type: 'SELECT', ids: [2] });
    actor.send({ type: 'SET_DISABLED_SELECTED', disable: false });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(changes).toEqual([{ ids: [2], disable: false }]);
    expect(disabledIds()).toEqual([]);
  });

  it('idle -> SET_DISABLED (row menu) -> changing -> refreshing -> idle: one product, the selection untouched', async () => {
    const { actor, context, idle, changes, refreshes, disabledIds } = start({
      load: [
        three(),
        [product(1), product(2, { disable: true }), product(3, { price: 20, disable: true })],
        [product(1), product(2), product(3, { price: 20, disable: true })],
      ],
      change: [[product(3, { price: 20, disable: true })], [product(2)]],
    });
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
    expect(changes.at(-1)).toEqual({ ids: [2], disable: false });
    expect(disabledIds()).toEqual([3]);
  });

  it('SET_DISABLED of a product not in the list is not sent', async () => {
    const { actor, idle, changes } = start({ load: [three()] });
    await idle();
    actor.send({ type: 'SET_DISABLED', id: 99, disable: true });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('idle -> OPEN_DISCOUNT -> discounting -> CLOSE_DISCOUNT -> idle: nothing sent, selection kept', async () => {
    const { actor, context, idle, changes } = start({ load: [three()] });
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
    const { actor, idle, changes } = start({ load: [three()] });
    await idle();
    actor.send({ type: 'SELECT', ids: [1] });
    actor.send({ type: 'OPEN_DISCOUNT' });
    for (const discount of [101, -1, 1.5, Number.NaN]) actor.send({ type: 'APPLY_DISCOUNT', discount });
    expect(actor.getSnapshot().matches({ ready: 'discounting' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('discounting -> APPLY_DISCOUNT -> changing -> refreshing -> idle: the selection gets the discount and its final prices', async () => {
    const discounted = [product(1, { discount: 15, totalPrice: 8.5 }), product(3, { price: 20, discount: 15, totalPrice: 17 })];
    const { actor, context, idle, changes, refreshes } = start({
      load: [three(), [discounted[0]!, product(2, { disable: true }), discounted[1]!]],
      change: [discounted],
    });
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

  it('APPLY_DISCOUNT with the selection emptied under the dialog sends nothing', async () => {
    const { actor, idle, changes } = start({ load: [three()] });
    await idle();
    actor.send({ type: 'SELECT', ids: [1] });
    actor.send({ type: 'OPEN_DISCOUNT' });
    actor.send({ type: 'SELECT', ids: [] });
    actor.send({ type: 'APPLY_DISCOUNT', discount: 20 });
    expect(actor.getSnapshot().matches({ ready: 'discounting' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('0 and 100 are discounts too', async () => {
    const { actor, idle, changes } = start({
      load: [three(), [product(1, { discount: 100, totalPrice: 0 }), ...three().slice(1)], three()],
      change: [[product(1, { discount: 100, totalPrice: 0 })], [product(1)]],
    });
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
    // Someone else disabled product 1 meanwhile: the reload after the failure shows it.
    const { actor, context, idle, failures, refreshes, disabledIds } = start({
      load: [three(), [product(1, { disable: true }), product(2, { disable: true }), product(3, { price: 20 })]],
      change: [new Error('Product not found')],
    });
    await idle();
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
    const { actor, idle, failures } = start({ load: [three(), three()], change: [new Error('')] });
    await idle();
    actor.send({ type: 'SET_DISABLED', id: 1, disable: true });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(failures).toEqual([CHANGE_FAILED]);
  });

  it('refreshing -> idle when the list cannot be read again: it is said, and the changed products show the answer to the change', async () => {
    const { actor, idle, failures, disabledIds, refreshes } = start({
      load: [three(), unreachable()],
      change: [[product(1, { disable: true })]],
    });
    await idle();
    actor.send({ type: 'SET_DISABLED', id: 1, disable: true });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(failures).toEqual([RELOAD_FAILED]);
    expect(disabledIds()).toEqual([1, 2]);
    expect(refreshes).toEqual([1]);
  });

  it('changes wait while one is under way; the selection can still change', async () => {
    const { actor, context, idle, changes } = start({
      load: [three(), [product(1, { disable: true }), ...three().slice(1)]],
      change: [[product(1, { disable: true })]],
    });
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
