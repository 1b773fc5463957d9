import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { canned, everyAnswerTaken, type Answer } from '../tests/fixtures/cannedActor';
import type { Order, OrderStatus } from '../src/domain/types';
import { orderStatusMachine, type StatusChange } from './orderStatus.machine';

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

/** What the server answered each call, in order: the orders listed (cancelled ones are not) or the order changed, or the error. */
interface Answers {
  load: Answer<Order[]>[];
  change?: Answer<Order>[];
}

/** The machine with actors that answer as the test says and record the changes they were sent. */
function start(answers: Answers) {
  const load = canned<Order[], unknown>('load', answers.load);
  const change = canned<Order, StatusChange>('change', answers.change);
  const machine = orderStatusMachine.provide({ actors: { load: load.actor, change: change.actor } });
  const actor = createActor(machine).start();
  const statuses = () => Object.fromEntries(actor.getSnapshot().context.orders.map((o) => [o.id, o.status]));
  const settled = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed') || s.matches({ ready: 'confirmingCancel' }));
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
    const { actor, statuses, settled, changes } = start({ load: [[order(1, 'open')], [order(1, 'approved')]], change: [order(1, 'approved')] });
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
    expect(changes).toEqual([{ orderId: 1, status: 'created' }, { orderId: 1, status: 'created' }]);
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
    const { actor, settled, changes, statuses } = start({ load: [[order(1, 'processing'), order(2, 'open')], [order(2, 'open')]], change: [order(1, 'cancelled')] });
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
});
