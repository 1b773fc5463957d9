// What the refund tests share: the buyer and Admin, a clock from T0, test providers, the stores, and a checkout that can be made to fail.
import { expect } from 'vitest';
import { createDatabase } from '~/mocks/db';
import { createMockStore } from '~/mocks/store';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import type { PaymentProvider, Store } from '~/server/core/ports';
import { retryOwedRefunds } from '~/server/core/refunds';
import { createTestPayments } from '~/server/core/testPayments';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import type { Order } from '~/src/domain/types';
import { coreUnderTest } from './coreUnderTest';

export const BUYER = { uid: DEMO_USER.id, email: DEMO_USER.email };
export const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
export const ADDRESS = 'Argentina, Cordoba, San Martin 1234';
export const T0 = Date.parse('2026-11-23T10:00:00Z');
export const at = (ms: number) => new Date(T0 + ms).toISOString();

/** A provider whose refunds fail while `down`, counting every refund asked of it. */
export function countedProvider() {
  const calls: string[] = [];
  const state = { down: false };
  const provider: PaymentProvider = {
    name: 'test',
    create: async () => 'unused',
    capture: async () => ({ kind: 'refused' }),
    async refund(id) {
      calls.push(id);
      if (state.down) throw new Error('the provider is down');
    },
    wasCaptured: async () => false,
  };
  return { calls, state, provider };
}

/** Each store the refund rounds run on: in memory, and SQL on the test file's PGlite. */
export function storesOn(sql: () => Sql): [string, () => Promise<Store>][] {
  return [
    ['the in-memory store', async () => createMockStore(createDatabase())],
    ['the SQL store on PGlite', async () => createSqlStore(sql())],
  ];
}

/** A point a call waits at until released: `reached` once a call got there. */
export function gate() {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reached, release, pass: () => (arrive(), released) };
}

/**
 * The core on the store with the test provider (its refunds counted), on a
 * clock the test moves; the buyer has one of a product in the cart and a
 * payment for it. The checkout's transaction can be made to fail as a
 * process dying there would, or be held at its start or at taking stock;
 * the capture can be held before the provider is asked, or its record fail
 * as a database gone away would.
 */
export async function checkoutOn(store: Store) {
  const clock = { now: T0 };
  const now = () => new Date(clock.now);
  const refunded: string[] = [];
  const test = createTestPayments();
  type Gate = ReturnType<typeof gate> | null;
  const fault: { crash: boolean; recordFails: boolean; atCart: Gate; atStart: Gate; atStock: Gate; atCapture: Gate } = {
    crash: false,
    recordFails: false,
    atCart: null,
    atStart: null,
    atStock: null,
    atCapture: null,
  };
  const payments: PaymentProvider = {
    ...test,
    capture: async (id) => (await fault.atCapture?.pass(), test.capture(id)),
    refund: async (id) => void refunded.push(id),
  };
  const holdingStock = (tx: Store): Store => ({
    ...tx,
    takeStock: async (id, quantity) => (await fault.atStock?.pass(), tx.takeStock(id, quantity)),
  });
  const core = await coreUnderTest({
    store,
    productCount: 12,
    payments,
    now,
    wrapStore: (inner) => ({
      ...inner,
      recordCapture: async (id, at) =>
        fault.recordFails ? Promise.reject(new Error('the database went away')) : inner.recordCapture(id, at),
      getCartByUser: async (userId) => (await fault.atCart?.pass(), inner.getCartByUser(userId)),
      async transaction(work) {
        if (fault.crash) throw new Error('the process died');
        await fault.atStart?.pass();
        return inner.transaction((tx) => work(holdingStock(tx)));
      },
    }),
  });
  const product = (await core.store.listProducts()).find((p) => !p.disable && p.stock >= 1)!;
  await core.call(BUYER, 'mergeCart', { body: { userID: BUYER.uid, allProducts: [{ productId: product.id, quantity: 1 }] } });
  const id = (await core.call<{ id: string }>(BUYER, 'createPayment', { body: { userID: BUYER.uid } })).body.id;
  const order = () =>
    core.call<Order>(BUYER, 'createOrder', { body: { status: 'open', userID: BUYER.uid, address: ADDRESS, paymentId: id } });
  const status = async () => (await core.store.getPayment(id))!.status;
  const orderMade = () => core.store.getOrderByPayment(id);
  const stock = async () => (await core.store.getProduct(product.id))!.stock;
  const retry = () => retryOwedRefunds({ store: core.store, payments }, now);
  const stockBefore = await stock();
  /** The payment captured and its order never made: the process died between the two. */
  async function capturedWithoutOrder() {
    fault.crash = true;
    expect((await order()).status).toBe(500);
    fault.crash = false;
    expect(await status()).toBe('captured');
    expect(await orderMade()).toBeNull();
  }
  /** The order made (its stock taken), and no refund. */
  async function orderedOnly() {
    expect([await status(), refunded, (await orderMade())?.paymentId, await stock()]).toEqual(['fulfilled', [], id, stockBefore - 1]);
  }
  /** The refund made once, and no order (the stock untouched). */
  async function refundedOnly() {
    expect([await status(), refunded, await orderMade(), await stock()]).toEqual(['refunded', [id], null, stockBefore]);
  }
  /** The shopper's call started and held at the point (reading the cart before the capture, the capture, the transaction's start, or taking stock) until released. */
  async function orderHeldAt(point: 'atCart' | 'atCapture' | 'atStart' | 'atStock') {
    const held = (fault[point] = gate());
    const answer = order();
    await held.reached;
    return { answer, release: held.release };
  }
  return { ...core, clock, fault, refunded, order, retry, status, capturedWithoutOrder, orderHeldAt, orderedOnly, refundedOnly };
}

export const NOT_COMPLETED = { status: 409, body: { error: { message: 'This payment was not completed. Please pay again.' } } };
export const REFUNDED = { status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } };
