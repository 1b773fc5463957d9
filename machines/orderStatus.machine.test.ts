import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { canned, everyAnswerTaken, type Answer } from '~/tests/fixtures/cannedActor';
import type { Order, OrderStatus } from '~/src/domain/types';
import { FIRST_ORDERS_PAGE, type OrderTableQuery } from '~/src/domain/orderTable';
import { orderStatusMachine, type OrdersRead, type StatusChange } from './orderStatus.machine';

const order = (id: number, status: OrderStatus): Order => ({
  id,
  userId: 'u1',
  userEmail: 'ana@makeup.test',
  status,
  address: 'Spain, Madrid, Gran Via 1',
  totalPrice: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  lines: [],
  history: [],
});

/** What the server answered each call, in order: the orders listed (cancelled ones are not; a whole list as its one page) or the order changed, or the error. */
interface Answers {
  load: Answer<Order[] | OrdersRead>[];
  change?: Answer<Order>[];
}

const asRead = (answer: Answer<Order[] | OrdersRead>): Answer<OrdersRead> =>
  Array.isArray(answer) ? { items: answer, page: 1, pageCount: 1, total: answer.length } : answer;

/** The machine with actors that answer as the test says and record the changes and the reads they were sent. */
function start(answers: Answers) {
  const load = canned<OrdersRead, OrderTableQuery>('load', answers.load.map(asRead));
  const change = canned<Order, StatusChange>('change', answers.change);
  const machine = orderStatusMachine.provide({ actors: { load: load.actor, change: change.actor } });
  const actor = createActor(machine).start();
  const statuses = () => Object.fromEntries(actor.getSnapshot().context.orders.map((o) => [o.id, o.status]));
  const settled = () =>
    waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed') || s.matches({ ready: 'confirmingCancel' }));
  return { actor, changes: change.calls, loads: load.calls, statuses, settled };
}

afterEach(everyAnswerTaken);

describe('order-status machine', () => {
  it('loading -> ready: shows the orders read', async () => {
    const { statuses, settled } = start({ load: [[order(1, 'open'), order(2, 'approved')]] });
    await settled();
    expect(statuses()).toEqual({ 1: 'open', 2: 'approved' });
  });

  it('loading -> failed -> RETRY -> loading -> ready', async () => {
    const { actor, statuses, settled } = start({ load: [new Error('503'), [order(1, 'open')]] });
    await settled();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled();
    expect(statuses()).toEqual({ 1: 'open' });
  });

  it('idle -> SET_STATUS -> changing -> refreshing -> idle: each allowed move open -> created -> processing -> approved', async () => {
    const moves = ['created', 'processing', 'approved'] as const;
    const { actor, statuses, settled, changes } = start({
      load: [[order(1, 'open')], ...moves.map((status) => [order(1, status)])],
      change: moves.map((status) => order(1, status)),
    });
    await settled();
    for (const status of ['created', 'processing', 'approved'] as const) {
      actor.send({ type: 'SET_STATUS', orderId: 1, status });
      expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
      await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
      await settled();
      expect(statuses()).toEqual({ 1: status });
    }
    expect(changes.map((c) => c.status)).toEqual(['created', 'processing', 'approved']);
  });

  it('a move may skip steps forward (open -> approved)', async () => {
    const { actor, statuses, settled, changes } = start({
      load: [[order(1, 'open')], [order(1, 'approved')]],
      change: [order(1, 'approved')],
    });
    await settled();
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'approved' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(changes).toEqual([{ orderId: 1, status: 'approved' }]);
    expect(statuses()).toEqual({ 1: 'approved' });
  });

  it('SET_STATUS that the table refuses (backwards, from approved, to cancelled, unknown order) is not sent', async () => {
    const { actor, settled, changes } = start({ load: [[order(1, 'processing'), order(2, 'approved')]] });
    await settled();
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'open' });
    actor.send({ type: 'SET_STATUS', orderId: 2, status: 'processing' });
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'cancelled' });
    actor.send({ type: 'SET_STATUS', orderId: 9, status: 'approved' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('changing -> refreshing on a refusal (409): the failure is shown and the old status kept', async () => {
    const { actor, statuses, settled, changes } = start({
      load: [[order(1, 'open')], [order(1, 'open')], [order(1, 'created')]],
      change: [new Error('Order 1 cannot move from open to created'), order(1, 'created')],
    });
    await settled();
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(actor.getSnapshot().context.error).toBe('Order 1 cannot move from open to created');
    expect(statuses()).toEqual({ 1: 'open' });
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(changes).toEqual([
      { orderId: 1, status: 'created' },
      { orderId: 1, status: 'created' },
    ]);
  });

  it('refreshing -> idle when the list cannot be read again: the list on screen stays', async () => {
    const { actor, statuses, settled, loads } = start({ load: [[order(1, 'open')], new Error('503')], change: [order(1, 'created')] });
    await settled();
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(statuses()).toEqual({ 1: 'open' });
  });

  it('idle -> CANCEL -> confirmingCancel -> DISMISS -> idle: nothing is sent', async () => {
    const { actor, settled, changes, statuses } = start({ load: [[order(1, 'created')]] });
    await settled();
    actor.send({ type: 'CANCEL', orderId: 1 });
    expect(actor.getSnapshot().matches({ ready: 'confirmingCancel' })).toBe(true);
    expect(actor.getSnapshot().context.confirming).toBe(1);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.confirming).toBeNull();
    expect(changes).toEqual([]);
    expect(statuses()).toEqual({ 1: 'created' });
  });

  it('idle -> CANCEL -> confirmingCancel -> CONFIRM -> changing -> refreshing -> idle: the cancelled order leaves the list', async () => {
    const { actor, settled, changes, statuses } = start({
      load: [[order(1, 'processing'), order(2, 'open')], [order(2, 'open')]],
      change: [order(1, 'cancelled')],
    });
    await settled();
    actor.send({ type: 'CANCEL', orderId: 1 });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'changing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(changes).toEqual([{ orderId: 1, status: 'cancelled' }]);
    expect(statuses()).toEqual({ 2: 'open' });
  });

  it('CANCEL of an approved order is not offered', async () => {
    const { actor, settled } = start({ load: [[order(1, 'approved')]] });
    await settled();
    actor.send({ type: 'CANCEL', orderId: 1 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  describe("the Admin's pages: QUERY", () => {
    const page = (items: Order[], at: number, total: number): OrdersRead => ({ items, page: at, pageCount: Math.ceil(total / 5), total });

    it('idle -> QUERY -> loading -> idle: reads the page asked for; a new search, status or size starts at the first page, as the server clamped it', async () => {
      const { actor, settled, loads } = start({
        load: [
          page([order(9, 'open')], 1, 12),
          page([order(4, 'open')], 2, 12),
          page([order(7, 'approved')], 1, 1),
          page([order(1, 'created')], 3, 11),
        ],
      });
      await settled();
      expect(actor.getSnapshot().context).toMatchObject({ total: 12, query: FIRST_ORDERS_PAGE });
      actor.send({ type: 'QUERY', asked: { page: 2 } });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      await settled();
      actor.send({ type: 'QUERY', asked: { search: '#7', status: 'approved' } });
      await settled();
      expect(actor.getSnapshot().context).toMatchObject({ orders: [order(7, 'approved')], total: 1 });
      actor.send({ type: 'QUERY', asked: { page: 9, pageSize: 5 } });
      await settled();
      expect(loads).toEqual([
        FIRST_ORDERS_PAGE,
        { ...FIRST_ORDERS_PAGE, page: 2 },
        { ...FIRST_ORDERS_PAGE, search: '#7', status: 'approved' },
        { ...FIRST_ORDERS_PAGE, search: '#7', status: 'approved', page: 9 },
      ]);
      // Page 9 of 3: the server's last page is the one shown.
      expect(actor.getSnapshot().context.query.page).toBe(3);
    });

    it('loading -> QUERY -> loading: the read under way is left for the new one', async () => {
      const { actor, settled, loads, statuses } = start({ load: [page([order(1, 'open')], 1, 1), page([order(2, 'open')], 1, 1)] });
      actor.send({ type: 'QUERY', asked: { status: 'open' } });
      await settled();
      expect(loads).toEqual([FIRST_ORDERS_PAGE, { ...FIRST_ORDERS_PAGE, status: 'open' }]);
      expect(statuses()).toEqual({ 2: 'open' });
    });

    it('failed -> QUERY -> loading -> ready', async () => {
      const { actor, settled, statuses } = start({ load: [new Error('503'), page([order(3, 'created')], 1, 1)] });
      await settled();
      actor.send({ type: 'QUERY', asked: { search: 'ana' } });
      await settled();
      expect(statuses()).toEqual({ 3: 'created' });
    });

    it('changing -> QUERY: the read after the change is of the new query; refreshing -> QUERY -> loading', async () => {
      const { actor, settled, loads } = start({
        load: [[order(1, 'open')], [order(1, 'created')], [order(1, 'created')], [order(1, 'processing')]],
        change: [order(1, 'created'), order(1, 'processing')],
      });
      await settled();
      actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
      actor.send({ type: 'QUERY', asked: { status: 'created' } });
      await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
      await settled();
      actor.send({ type: 'SET_STATUS', orderId: 1, status: 'processing' });
      await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
      actor.send({ type: 'QUERY', asked: { status: null } });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      await settled();
      expect(loads).toEqual([
        FIRST_ORDERS_PAGE,
        { ...FIRST_ORDERS_PAGE, status: 'created' },
        { ...FIRST_ORDERS_PAGE, status: 'created' },
        FIRST_ORDERS_PAGE,
      ]);
    });
  });
});
