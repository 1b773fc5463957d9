import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Order, OrderStatus } from '../src/domain/types';
import { orderStatusMachine, type StatusChange } from './orderStatus.machine';
import { canChangeOrderStatus } from '../src/domain/permissions';

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

/** The machine on an in-memory server keeping the status table; `failing` loads fail, `conflict` refuses the next change with 409's message. */
function start(orders: Order[], network = { failing: 0, conflict: null as string | null }) {
  let server = orders.map((o) => ({ ...o }));
  const changes: StatusChange[] = [];
  const machine = orderStatusMachine.provide({
    actors: {
      load: fromPromise(async () => {
        if (network.failing > 0) {
          network.failing--;
          throw new Error('503');
        }
        return server.filter((o) => o.status !== 'cancelled').map((o) => ({ ...o }));
      }),
      change: fromPromise(async ({ input }) => {
        changes.push(input);
        const current = server.find((o) => o.id === input.orderId)!;
        if (network.conflict || !canChangeOrderStatus(current.status, input.status)) {
          const message = network.conflict ?? 'not allowed';
          network.conflict = null;
          throw new Error(message);
        }
        server = server.map((o) => (o.id === input.orderId ? { ...o, status: input.status } : o));
        return { ...current, status: input.status };
      }),
    },
  });
  const actor = createActor(machine).start();
  const statuses = () => Object.fromEntries(actor.getSnapshot().context.orders.map((o) => [o.id, o.status]));
  const settled = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed') || s.matches({ ready: 'confirmingCancel' }));
  return { actor, changes, network, statuses, settled };
}

describe('order-status machine', () => {
  it('loading -> ready: shows the orders read', async () => {
    const { statuses, settled } = start([order(1, 'open'), order(2, 'approved')]);
    await settled();
    expect(statuses()).toEqual({ 1: 'open', 2: 'approved' });
  });

  it('loading -> failed -> RETRY -> loading -> ready', async () => {
    const { actor, statuses, settled } = start([order(1, 'open')], { failing: 1, conflict: null });
    await settled();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled();
    expect(statuses()).toEqual({ 1: 'open' });
  });

  it('idle -> SET_STATUS -> changing -> refreshing -> idle: each allowed move open -> created -> processing -> approved', async () => {
    const { actor, statuses, settled, changes } = start([order(1, 'open')]);
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
    const { actor, statuses, settled } = start([order(1, 'open')]);
    await settled();
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'approved' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(statuses()).toEqual({ 1: 'approved' });
  });

  it('SET_STATUS that the table refuses (backwards, from approved, to cancelled, unknown order) is not sent', async () => {
    const { actor, settled, changes } = start([order(1, 'processing'), order(2, 'approved')]);
    await settled();
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'open' });
    actor.send({ type: 'SET_STATUS', orderId: 2, status: 'processing' });
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'cancelled' });
    actor.send({ type: 'SET_STATUS', orderId: 9, status: 'approved' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changes).toEqual([]);
  });

  it('changing -> refreshing on a refusal (409): the failure is shown and the old status kept', async () => {
    const { actor, statuses, settled, network } = start([order(1, 'open')]);
    await settled();
    network.conflict = 'Order 1 cannot move from open to created';
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(actor.getSnapshot().context.error).toBe('Order 1 cannot move from open to created');
    expect(statuses()).toEqual({ 1: 'open' });
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('refreshing -> idle when the list cannot be read again: the list on screen stays', async () => {
    const { actor, statuses, settled, network } = start([order(1, 'open')]);
    await settled();
    network.failing = 1;
    actor.send({ type: 'SET_STATUS', orderId: 1, status: 'created' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    await settled();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(statuses()).toEqual({ 1: 'open' });
  });

  it('idle -> CANCEL -> confirmingCancel -> DISMISS -> idle: nothing is sent', async () => {
    const { actor, settled, changes, statuses } = start([order(1, 'created')]);
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
    const { actor, settled, changes, statuses } = start([order(1, 'processing'), order(2, 'open')]);
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
    const { actor, settled } = start([order(1, 'approved')]);
    await settled();
    actor.send({ type: 'CANCEL', orderId: 1 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
