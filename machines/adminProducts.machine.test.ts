import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { canned, everyAnswerTaken, type Answer } from '../tests/fixtures/cannedActor';
import { FIRST_TABLE_PAGE, TABLE_SEARCH_DELAY_MS } from '../src/domain/productTable';
import type { Product } from '../src/domain/types';
import { adminProductsMachine, CHANGE_FAILED, RELOAD_FAILED, type ProductChange, type TableMode, type TableRead } from './adminProducts.machine';

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

/** What the server answered each call, in order: the whole list (products) or a page, the products changed, or the error. */
interface Answers {
  load: Answer<Product[] | TableRead>[];
  change?: Answer<Product[]>[];
}

const asRead = (answer: Answer<Product[] | TableRead>): Answer<TableRead> => (Array.isArray(answer) ? { paged: false, products: answer } : answer);

/** The machine with actors that answer as the test says and record the changes they were sent. */
function start(answers: Answers) {
  const load = canned<TableRead, { mode: TableMode; query: typeof FIRST_TABLE_PAGE }>('load', answers.load.map(asRead));
  const change = canned<Product[], ProductChange>('change', answers.change);
  const refreshes: number[] = [];
  const failures: string[] = [];
  const machine = adminProductsMachine.provide({
    actors: { load: load.actor, change: change.actor },
    actions: {
      refreshStorefront: () => void refreshes.push(change.calls.length),
      notifyFailure: (_, message) => void failures.push(message),
    },
  });
  const actor = createActor(machine).start();
  const context = () => actor.getSnapshot().context;
  const disabledIds = () => context().products.filter((p) => p.disable).map((p) => p.id);
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed'));
  return { actor, context, reads: load.calls, changes: change.calls, refreshes, failures, disabledIds, idle };
}

afterEach(everyAnswerTaken);

const three = () => [product(1), product(2, { disable: true }), product(3, { price: 20 })];
const unreachable = () => new Error('503');

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
    const { actor, idle, changes, disabledIds } = start({ load: [three(), [product(1), product(2), product(3, { price: 20 })]], change: [[product(2)]] });
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
    const { actor, context, idle, changes, refreshes } = start({ load: [three(), [discounted[0]!, product(2, { disable: true }), discounted[1]!]], change: [discounted] });
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
    const { actor, idle, failures, disabledIds, refreshes } = start({ load: [three(), unreachable()], change: [[product(1, { disable: true })]] });
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

  describe('paged (a catalogue past the paging threshold)', () => {
    const page = (products: Product[], at = 1, total = 2400): TableRead => ({ paged: true, products, page: at, total });
    const byName = { column: 'name', order: 'asc' } as const;

    it('the first read finds the table paged: its page and count, then each page, size and sort asked of the server with nothing selected', async () => {
      const { actor, context, idle, reads } = start({ load: [page(three()), page([product(4)], 2), page([product(5)], 1), page([product(6)], 1)] });
      await idle();
      expect(reads[0]).toEqual({ mode: 'unknown', query: FIRST_TABLE_PAGE });
      expect(context()).toMatchObject({ mode: 'paged', total: 2400, products: three() });
      actor.send({ type: 'SELECT', ids: [1] });
      actor.send({ type: 'SHOW', page: 2, pageSize: 5, sort: null });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(context().selection).toEqual([]);
      await idle();
      expect(reads[1]).toEqual({ mode: 'paged', query: { ...FIRST_TABLE_PAGE, page: 2 } });
      expect(context().products.map((p) => p.id)).toEqual([4]);
      // A new size, or a new sort, starts at the first page.
      actor.send({ type: 'SHOW', page: 2, pageSize: 25, sort: null });
      await idle();
      actor.send({ type: 'SHOW', page: 1, pageSize: 25, sort: byName });
      await idle();
      expect(reads.slice(2).map((r) => r.query)).toEqual([
        { ...FIRST_TABLE_PAGE, pageSize: 25 },
        { ...FIRST_TABLE_PAGE, pageSize: 25, sort: byName },
      ]);
    });

    it('a page past the last is shown as the server clamped it; a page asked while one is read replaces it', async () => {
      const { actor, context, idle, reads } = start({ load: [page(three()), page([product(9)], 3), page([product(4)], 7, 35)] });
      await idle();
      actor.send({ type: 'SHOW', page: 5, pageSize: 5, sort: null });
      actor.send({ type: 'SHOW', page: 9, pageSize: 5, sort: null });
      await idle();
      expect(reads.map((r) => r.query.page)).toEqual([1, 5, 9]);
      expect(context()).toMatchObject({ query: { page: 7 }, total: 35, products: [product(4)] });
    });

    it('the search is read once typing pauses, from the first page', async () => {
      vi.useFakeTimers();
      try {
        const { actor, context, idle, reads } = start({ load: [page(three()), page([product(2)], 1, 1)] });
        await idle();
        for (const name of ['l', 'li', 'lip']) {
          actor.send({ type: 'SEARCH', name });
          vi.advanceTimersByTime(TABLE_SEARCH_DELAY_MS - 1);
        }
        expect(context().query.name).toBe('lip');
        // The rows shown stay while typing: the table is busy, not loading.
        expect(actor.getSnapshot().hasTag('loading')).toBe(false);
        expect(actor.getSnapshot().hasTag('busy')).toBe(true);
        expect(context().products).toEqual(three());
        expect(reads).toHaveLength(1);
        vi.advanceTimersByTime(1);
        await idle();
        expect(reads).toHaveLength(2);
        expect(reads[1]!.query).toEqual({ ...FIRST_TABLE_PAGE, name: 'lip' });
        expect(context()).toMatchObject({ total: 1, products: [product(2)] });
      } finally {
        vi.useRealTimers();
      }
    });

    it('a page that cannot be read fails with Retry, which reads the same page', async () => {
      const { actor, context, idle, reads } = start({ load: [page(three()), unreachable(), page([product(4)], 2)] });
      await idle();
      actor.send({ type: 'SHOW', page: 2, pageSize: 5, sort: byName });
      await idle();
      expect(actor.getSnapshot().matches('failed')).toBe(true);
      actor.send({ type: 'RETRY' });
      await idle();
      expect(reads[2]).toEqual(reads[1]);
      expect(context().products).toEqual([product(4)]);
    });

    it('after a change on the rows shown the same page is read again, the storefront refreshed', async () => {
      const { actor, context, idle, reads, changes, refreshes } = start({
        load: [page(three()), page([product(4), product(5)], 2), page([product(4, { disable: true }), product(5, { disable: true })], 2)],
        change: [[product(4, { disable: true }), product(5, { disable: true })]],
      });
      await idle();
      actor.send({ type: 'SHOW', page: 2, pageSize: 5, sort: null });
      await idle();
      actor.send({ type: 'SELECT', ids: [4, 5] });
      actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
      await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
      await idle();
      expect(changes).toEqual([{ ids: [4, 5], disable: true }]);
      expect(refreshes).toEqual([1]);
      expect(reads[2]).toEqual({ mode: 'paged', query: { ...FIRST_TABLE_PAGE, page: 2 } });
      expect(context().products.every((p) => p.disable)).toBe(true);
    });

    it('a search typed while a change is saved is kept, and the page read again after the change is that search', async () => {
      const { actor, context, idle, reads } = start({
        load: [page(three()), page([product(2)], 1, 1)],
        change: [[product(1, { disable: true })]],
      });
      await idle();
      actor.send({ type: 'SELECT', ids: [1] });
      actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
      actor.send({ type: 'SEARCH', name: 'lip' });
      expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
      expect(context().query.name).toBe('lip');
      await idle();
      expect(reads[1]).toEqual({ mode: 'paged', query: { ...FIRST_TABLE_PAGE, name: 'lip' } });
      expect(context()).toMatchObject({ query: { name: 'lip' }, total: 1, products: [product(2)] });
    });

    it('a page asked for while a change is saved is the page read again after it', async () => {
      const { actor, context, idle, reads } = start({
        load: [page(three()), page([product(4)], 2)],
        change: [[product(1, { disable: true })]],
      });
      await idle();
      actor.send({ type: 'SELECT', ids: [1] });
      actor.send({ type: 'SET_DISABLED_SELECTED', disable: true });
      actor.send({ type: 'SHOW', page: 2, pageSize: 5, sort: null });
      expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
      await idle();
      expect(reads[1]).toEqual({ mode: 'paged', query: { ...FIRST_TABLE_PAGE, page: 2 } });
      expect(context()).toMatchObject({ query: { page: 2 }, products: [product(4)] });
    });

    it('a search typed while the page is read again is kept and read once typing pauses; the read it overtook is not shown', async () => {
      vi.useFakeTimers();
      try {
        const { actor, context, idle, reads } = start({ load: [page(three()), page([product(9)]), page([product(2)], 1, 1)] });
        await idle();
        actor.send({ type: 'RELOAD' });
        actor.send({ type: 'SEARCH', name: 'lip' });
        expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
        expect(context().query.name).toBe('lip');
        await waitFor(actor, (s) => s.matches('typing'));
        expect(context().products).toEqual(three());
        vi.advanceTimersByTime(TABLE_SEARCH_DELAY_MS);
        await idle();
        expect(reads.map((r) => r.query.name)).toEqual(['', '', 'lip']);
        expect(context()).toMatchObject({ query: { name: 'lip' }, products: [product(2)] });
      } finally {
        vi.useRealTimers();
      }
    });

    it('a page asked for while the page is read again is read next, even when that read fails', async () => {
      const { actor, context, idle, reads, failures } = start({ load: [page(three()), unreachable(), page([product(4)], 2)] });
      await idle();
      actor.send({ type: 'RELOAD' });
      actor.send({ type: 'SHOW', page: 2, pageSize: 5, sort: null });
      expect(context().query.page).toBe(2);
      await waitFor(actor, (s) => s.matches('loading'));
      await idle();
      expect(reads[2]).toEqual({ mode: 'paged', query: { ...FIRST_TABLE_PAGE, page: 2 } });
      expect(context()).toMatchObject({ query: { page: 2 }, products: [product(4)] });
      expect(failures).toEqual([]);
    });

    it('a search typed during the first read is kept, and read once the table is found paged', async () => {
      vi.useFakeTimers();
      try {
        const { actor, context, idle, reads } = start({ load: [page(three()), page([product(2)], 1, 1)] });
        actor.send({ type: 'SEARCH', name: 'lip' });
        expect(context()).toMatchObject({ mode: 'unknown', query: { name: 'lip' } });
        await waitFor(actor, (s) => s.matches('typing'));
        expect(context().mode).toBe('paged');
        vi.advanceTimersByTime(TABLE_SEARCH_DELAY_MS);
        await idle();
        expect(reads[1]).toEqual({ mode: 'paged', query: { ...FIRST_TABLE_PAGE, name: 'lip' } });
        expect(context().products).toEqual([product(2)]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('a search typed during a first read that fails is kept: Retry counts every product, then reads the search', async () => {
      vi.useFakeTimers();
      try {
        const { actor, context, idle, reads } = start({ load: [unreachable(), page(three()), page([product(2)], 1, 1)] });
        await idle();
        actor.send({ type: 'SEARCH', name: 'lip' });
        expect(context().query.name).toBe('lip');
        actor.send({ type: 'RETRY' });
        await waitFor(actor, (s) => s.matches('typing'));
        vi.advanceTimersByTime(TABLE_SEARCH_DELAY_MS);
        await idle();
        expect(reads).toEqual([
          { mode: 'unknown', query: FIRST_TABLE_PAGE },
          { mode: 'unknown', query: FIRST_TABLE_PAGE },
          { mode: 'paged', query: { ...FIRST_TABLE_PAGE, name: 'lip' } },
        ]);
        expect(context().products).toEqual([product(2)]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('a search typed during a first read that finds a whole list is kept as the search box\'s text, the list searched by the table', async () => {
      const { actor, context, idle, reads } = start({ load: [three()] });
      actor.send({ type: 'SEARCH', name: 'lip' });
      await idle();
      expect(reads).toEqual([{ mode: 'unknown', query: FIRST_TABLE_PAGE }]);
      expect(context()).toMatchObject({ mode: 'list', query: { name: 'lip' }, products: three() });
    });

    it('a whole list is paged, searched and sorted by the table: SHOW and SEARCH ask the server nothing', async () => {
      const { actor, context, idle, reads } = start({ load: [three()] });
      await idle();
      actor.send({ type: 'SELECT', ids: [1] });
      actor.send({ type: 'SHOW', page: 2, pageSize: 5, sort: null });
      actor.send({ type: 'SEARCH', name: 'lip' });
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      expect(reads).toHaveLength(1);
      // The search box holds what was typed; the rows searched away stay selected.
      expect(context()).toMatchObject({ query: { ...FIRST_TABLE_PAGE, name: 'lip' }, selection: [1] });
    });
  });
});
