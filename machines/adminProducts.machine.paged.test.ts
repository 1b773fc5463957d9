import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { everyAnswerTaken } from '~/tests/fixtures/cannedActor';
import { product, start, three, unreachable } from '~/tests/fixtures/adminProductsMachine';
import { FIRST_TABLE_PAGE, TABLE_SEARCH_DELAY_MS } from '~/src/domain/productTable';
import type { Product } from '~/src/domain/types';
import { type TableRead } from './adminProducts.machine';

afterEach(everyAnswerTaken);

describe('admin-products machine', () => {
  describe('paged (a catalogue past the paging threshold)', () => {
    const page = (products: Product[], at = 1, total = 2400): TableRead => ({ paged: true, products, page: at, total });
    const byName = { column: 'name', order: 'asc' } as const;

    it('the first read finds the table paged: its page and count, then each page, size and sort asked of the server with nothing selected', async () => {
      const { actor, context, idle, reads } = start({
        load: [page(three()), page([product(4)], 2), page([product(5)], 1), page([product(6)], 1)],
      });
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

    it("a search typed during a first read that finds a whole list is kept as the search box's text, the list searched by the table", async () => {
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
