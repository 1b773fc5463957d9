import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../mocks/db';
import { createMockStore } from '../../mocks/store';
import { DEMO_ADMIN, DEMO_USER, seedStore } from '../../seed/seed';
import type { PaymentProvider, PaymentStatus, Store } from '../../server/core/ports';
import { FAILURES_ENDING_A_ROUND, REFUND_ATTEMPT_LEASE_MS, REFUND_WAIT_MS, retryOwedRefunds, STALE_CAPTURE_MS } from '../../server/core/refunds';
import { createTestPayments } from '../../server/core/testPayments';
import { createSqlStore } from '../../server/db/store';
import { paypalPayments } from '../../server/payments/paypal';
import type { Order } from '../../src/domain/types';
import { coreUnderTest } from './coreUnderTest';
import { startPaypalStandIn, type PaypalStandIn } from './paypalStandIn';
import { pgliteForFile } from './pgliteForFile';

const BUYER = { uid: DEMO_USER.id, email: DEMO_USER.email };
const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const ADDRESS = 'Argentina, Cordoba, San Martin 1234';
const T0 = Date.parse('2026-11-23T10:00:00Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const sql = pgliteForFile();
let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
});
afterAll(() => paypal.close());

/**
 * PayPal as the shop reaches it: up; down (every call fails as an
 * unreachable host does); answering its refunds with a 500; or losing the
 * answer to a refund or a capture it made. A capture asked may be held on
 * its way to PayPal until released.
 */
function reachablePaypal() {
  const reach = {
    state: 'up' as 'up' | 'down' | 'failing refunds' | 'losing refund answers' | 'losing capture answers',
    captureHeld: null as ReturnType<typeof gate> | null,
  };
  const send: typeof fetch = async (input, init) => {
    if (reach.state === 'down') throw new TypeError('fetch failed');
    if (String(input).endsWith('/capture')) await reach.captureHeld?.pass();
    if (reach.state === 'failing refunds' && String(input).endsWith('/refund')) {
      return Response.json({ name: 'INTERNAL_SERVER_ERROR', details: [{ issue: 'INTERNAL_SERVICE_ERROR' }] }, { status: 500 });
    }
    const response = await fetch(input, init);
    if (reach.state === 'losing refund answers' && String(input).endsWith('/refund')) throw new TypeError('fetch failed');
    if (reach.state === 'losing capture answers' && String(input).endsWith('/capture')) throw new TypeError('fetch failed');
    return response;
  };
  const provider = paypalPayments({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, environment: 'sandbox', baseUrl: paypal.baseUrl, fetch: send });
  return { reach, provider };
}

/** The core on PGlite with PayPal (the stand-in) as the shop reaches it, on a clock the test moves; the buyer approved a payment for one of a product. */
async function shopWithPayment() {
  const clock = { now: T0 };
  const now = () => new Date(clock.now);
  const { reach, provider } = reachablePaypal();
  const core = await coreUnderTest({ store: createSqlStore(sql()), productCount: 12, payments: provider, now });
  const product = (await core.store.listProducts()).find((p) => !p.disable && p.stock >= 1)!;
  await core.call(BUYER, 'mergeCart', { body: { userID: BUYER.uid, allProducts: [{ productId: product.id, quantity: 1 }] } });
  const id = (await core.call<{ id: string }>(BUYER, 'createPayment', { body: { userID: BUYER.uid } })).body.id;
  paypal.approve(id);
  const order = () => core.call<Order>(BUYER, 'createOrder', { body: { status: 'open', userID: BUYER.uid, address: ADDRESS, paymentId: id } });
  const status = async () => (await core.store.getPayment(id))!.status;
  const refunds = () => paypal.refunds.filter((r) => paypal.order(id)!.captures.some((c) => c.id === r.captureId));
  const retry = () => retryOwedRefunds({ store: core.store, payments: provider }, now);
  return { ...core, clock, reach, id, product, order, status, refunds, retry };
}

/** A payment whose capture went through unheard: no round settles it until STALE_CAPTURE_MS has passed since its capture began; the first after refunds it, once. */
async function refundedOnceStale(shop: Awaited<ReturnType<typeof shopWithPayment>>) {
  shop.clock.now += STALE_CAPTURE_MS;
  expect(await shop.retry()).toBe(0);
  expect(await shop.status()).toBe('created');
  shop.clock.now += 1;
  expect(await shop.retry()).toBe(1);
  expect(await shop.status()).toBe('refunded');
  expect(shop.refunds()).toHaveLength(1);
}

describe('refunds owed: recorded before PayPal is asked, confirmed only by PayPal, retried until then', () => {
  it("PayPal down on an Admin's cancel: the cancel answers 200, the stock is back, the refund is owed; PayPal back, a retry after the attempt's lease refunds it once", async () => {
    const shop = await shopWithPayment();
    const made = await shop.order();
    expect(made.status).toBe(201);
    shop.reach.state = 'down';
    const cancel = await shop.call<Order>(ADMIN, 'setOrderStatus', { body: { orderID: made.body.id, status: 'cancelled' } });
    expect(cancel).toMatchObject({ status: 200, body: { id: made.body.id, status: 'cancelled' } });
    expect((await shop.store.getProduct(shop.product.id))!.stock).toBe(shop.product.stock);
    expect(await shop.status()).toBe('refunding');
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });

    shop.reach.state = 'up';
    // The cancel's attempt holds its claim for the lease: a retry meanwhile leaves it alone.
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('refunding');
    shop.clock.now += REFUND_ATTEMPT_LEASE_MS + 1;
    expect(await shop.retry()).toBe(1);
    expect(await shop.status()).toBe('refunded');
    shop.clock.now += 10 * REFUND_ATTEMPT_LEASE_MS;
    expect(await shop.retry()).toBe(0);
    expect(shop.refunds()).toHaveLength(1);
  });

  it('PayPal down when the order is asked: a 503 to try again (not a 500), the payment still created; PayPal back, the same call makes the order', async () => {
    const shop = await shopWithPayment();
    shop.reach.state = 'down';
    expect(await shop.order()).toMatchObject({ status: 503, body: { error: { code: 'unavailable', message: 'The payment service did not answer. Please try again.' } } });
    expect(await shop.status()).toBe('created');
    shop.reach.state = 'up';
    expect((await shop.order()).status).toBe(201);
    expect(await shop.status()).toBe('fulfilled');
  });

  it('PayPal failing refunds (500) on a checkout refused after capture (a wrong amount): still the 409, the refund owed and then made by a retry', async () => {
    const shop = await shopWithPayment();
    paypal.willCapture(shop.id, { kind: 'completed', as: { currency_code: 'USD', value: '0.01' } });
    shop.reach.state = 'failing refunds';
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'The payment amount does not match your cart.' } } });
    expect(await shop.status()).toBe('refunding');
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });
    expect(shop.refunds()).toEqual([]);

    shop.reach.state = 'up';
    shop.clock.now += REFUND_ATTEMPT_LEASE_MS + 1;
    expect(await shop.retry()).toBe(1);
    expect(await shop.status()).toBe('refunded');
    expect(shop.refunds()).toHaveLength(1);
  });

  it('PayPal made the refund but its answer was lost: the retry finds it made and records it, without a second refund', async () => {
    const shop = await shopWithPayment();
    const made = await shop.order();
    shop.reach.state = 'losing refund answers';
    expect((await shop.call(ADMIN, 'setOrderStatus', { body: { orderID: made.body.id, status: 'cancelled' } })).status).toBe(200);
    expect(await shop.status()).toBe('refunding');
    expect(shop.refunds()).toHaveLength(1);

    shop.reach.state = 'up';
    shop.clock.now += REFUND_ATTEMPT_LEASE_MS + 1;
    expect(await shop.retry()).toBe(1);
    expect(await shop.status()).toBe('refunded');
    expect(shop.refunds()).toHaveLength(1);
  });
});

const NOT_COMPLETED = { status: 409, body: { error: { message: 'This payment was not completed. Please pay again.' } } };

describe('payments left created: the round asks PayPal whether it captured them', () => {
  it("PayPal captured but its answer was lost: the payment stays created; once stale, one round owes and makes its refund, and there is no order", async () => {
    const shop = await shopWithPayment();
    shop.reach.state = 'losing capture answers';
    expect(await shop.order()).toMatchObject({ status: 503 });
    expect(paypal.order(shop.id)!.captures).toMatchObject([{ status: 'COMPLETED' }]);
    expect(await shop.status()).toBe('created');

    shop.reach.state = 'up';
    await refundedOnceStale(shop);
    expect(paypal.order(shop.id)!.captures).toMatchObject([{ status: 'REFUNDED' }]);
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });
    expect(await shop.store.getOrderByPayment(shop.id)).toBeNull();
  });

  it('a payment approved but never captured: once stale, failed, with no refund asked and no capture made; the shopper coming back is told to pay again', async () => {
    const shop = await shopWithPayment();
    shop.clock.now += STALE_CAPTURE_MS + 1;
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('failed');
    expect(await shop.order()).toMatchObject(NOT_COMPLETED);
    expect(paypal.order(shop.id)).toMatchObject({ status: 'APPROVED', captures: [] });
    expect(paypal.captureCalls).not.toContain(shop.id);
  });

  /** The shopper approved only after STALE_CAPTURE_MS: their call's capture is held on its way to PayPal while a round runs, its answer then lost unless `answered`. */
  async function lateCaptureUnderRound(shop: Awaited<ReturnType<typeof shopWithPayment>>, answered = false) {
    shop.clock.now += STALE_CAPTURE_MS + 1;
    const held = (shop.reach.captureHeld = gate());
    if (!answered) shop.reach.state = 'losing capture answers';
    const answer = shop.order();
    await held.reached;
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('created');
    held.release();
    const reply = await answer;
    shop.reach.state = 'up';
    shop.reach.captureHeld = null;
    return reply;
  }

  it("a round while the shopper's capture is under way leaves the payment created; its answer lost, the shopper's retry makes the order, with no refund", async () => {
    const shop = await shopWithPayment();
    expect((await lateCaptureUnderRound(shop)).status).toBe(503);
    expect(paypal.order(shop.id)!.captures).toMatchObject([{ status: 'COMPLETED' }]);
    expect(await shop.status()).toBe('created');
    expect((await shop.order()).status).toBe(201);
    expect(await shop.status()).toBe('fulfilled');
    expect(shop.refunds()).toEqual([]);
  });

  it("a round while the shopper's capture is under way, its answer lost and the shopper gone: refunded once STALE_CAPTURE_MS after the capture began, with no order", async () => {
    const shop = await shopWithPayment();
    expect((await lateCaptureUnderRound(shop)).status).toBe(503);
    await refundedOnceStale(shop);
    expect(await shop.store.getOrderByPayment(shop.id)).toBeNull();
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });
  });

  it("a round while the shopper's capture is under way, PayPal capturing a wrong amount: the 409, and the refund made", async () => {
    const shop = await shopWithPayment();
    paypal.willCapture(shop.id, { kind: 'completed', as: { currency_code: 'USD', value: '1.00' } });
    expect(await lateCaptureUnderRound(shop, true)).toMatchObject({ status: 409, body: { error: { message: 'The payment amount does not match your cart.' } } });
    expect(await shop.status()).toBe('refunded');
    expect(shop.refunds()).toHaveLength(1);
  });

  it("PayPal's capture PENDING (money taken, not completed): the shopper told it was not completed, its refund owed and made by the rounds once PayPal completes the capture", async () => {
    const shop = await shopWithPayment();
    paypal.willCapture(shop.id, { kind: 'pending' });
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'The payment was not completed.' } } });
    expect(await shop.status()).toBe('refunding');
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });
    shop.clock.now += REFUND_ATTEMPT_LEASE_MS + 1;
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('refunding');
    expect(shop.refunds()).toEqual([]);

    const [capture] = paypal.order(shop.id)!.captures;
    paypal.captureBecomes(capture!.id, 'COMPLETED');
    shop.clock.now += REFUND_ATTEMPT_LEASE_MS + 1;
    expect(await shop.retry()).toBe(1);
    expect(await shop.status()).toBe('refunded');
    expect(shop.refunds()).toHaveLength(1);
    expect(await shop.store.getOrderByPayment(shop.id)).toBeNull();
  });

  it('PayPal down when asked: the payment stays created, neither refunded nor failed; PayPal back, the next round settles it', async () => {
    const shop = await shopWithPayment();
    shop.reach.state = 'losing capture answers';
    expect((await shop.order()).status).toBe(503);
    shop.reach.state = 'down';
    shop.clock.now += STALE_CAPTURE_MS + 1;
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('created');
    expect(shop.refunds()).toEqual([]);

    shop.reach.state = 'up';
    expect(await shop.retry()).toBe(1);
    expect(await shop.status()).toBe('refunded');
    expect(shop.refunds()).toHaveLength(1);
  });
});

/** A provider whose refunds fail while `down`, counting every refund asked of it. */
function countedProvider() {
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

const STORES: [string, () => Promise<Store>][] = [
  ['the in-memory store', async () => createMockStore(createDatabase())],
  ['the SQL store on PGlite', async () => createSqlStore(sql())],
];

/** Captured payments of the buyer's, created at T0 in this order. */
async function capturedPayments(store: Store, ids: string[]) {
  await seedStore(store, 12);
  for (const id of ids) await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'captured', createdAt: at(0) });
}

/** Captured payments of the buyer's, each owed its refund since T0 plus its place in `ids`: the longest waiting first. */
async function owedRefunds(store: Store, ids: string[]) {
  await capturedPayments(store, ids);
  for (const [i, id] of ids.entries()) await store.oweRefund(id, 'captured', at(i));
}

/** The test provider whose refund of `id` fails with `error`, noting every refund asked of it. */
function refusingFor(id: string, error: Error) {
  const calls: string[] = [];
  const provider: PaymentProvider = {
    ...countedProvider().provider,
    async refund(asked) {
      calls.push(asked);
      if (asked === id) throw error;
    },
  };
  return { calls, provider };
}

describe.each(STORES)('owed refunds on %s', (_, openStore) => {
  it('owes a refund only from the status given, once', async () => {
    const store = await openStore();
    await capturedPayments(store, ['a']);
    expect(await store.oweRefund('a', 'fulfilled', at(0))).toBe(false);
    expect(await store.oweRefund('a', 'captured', at(0))).toBe(true);
    expect(await store.oweRefund('a', 'captured', at(0))).toBe(false);
    expect((await store.getPayment('a'))!.status).toBe('refunding');
  });

  it('claims each attempt once, the longest waiting first, and again only once its lease ran out', async () => {
    const store = await openStore();
    await capturedPayments(store, ['a', 'b', 'c']);
    await store.oweRefund('b', 'captured', at(1));
    await store.oweRefund('a', 'captured', at(2));
    // Still within their first attempts' lease.
    expect(await store.claimOwedRefund(at(1), at(3))).toBeNull();
    expect(await store.claimOwedRefund(at(5), at(6))).toBe('b');
    expect(await store.claimOwedRefund(at(5), at(7))).toBe('a');
    expect(await store.claimOwedRefund(at(5), at(8))).toBeNull();
    expect(await store.claimOwedRefund(at(7), at(9))).toBe('b');
    expect(await store.claimOwedRefund(at(7), at(9))).toBeNull();
    await store.setPaymentStatus('a', 'refunded', 'refunding');
    expect(await store.claimOwedRefund(at(20), at(21))).toBe('b');
    expect(await store.claimOwedRefund(at(20), at(21))).toBeNull();
  });

  it('a round refunds every owed refund, stops after failures in a row (the rest wait) and later goes on', async () => {
    expect(FAILURES_ENDING_A_ROUND).toBe(3);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const store = await openStore();
    await owedRefunds(store, ids);
    const { calls, state, provider } = countedProvider();
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    state.down = true;
    expect(await retryOwedRefunds({ store, payments: provider }, later)).toBe(0);
    expect(calls).toEqual(['a', 'b', 'c']);
    state.down = false;
    // a, b and c's failed attempts were claimed at `later`: within their lease, the others go first.
    expect(await retryOwedRefunds({ store, payments: provider }, later)).toBe(2);
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e']);
    const evenLater = () => new Date(T0 + 3 * REFUND_ATTEMPT_LEASE_MS);
    expect(await retryOwedRefunds({ store, payments: provider }, evenLater)).toBe(3);
    expect(await retryOwedRefunds({ store, payments: provider }, evenLater)).toBe(0);
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e', 'a', 'b', 'c']);
    for (const id of ids) expect((await store.getPayment(id))!.status).toBe('refunded');
  });

  it('a refund the provider keeps failing on, as if down for it alone, does not hold back the others (it ended every round before)', async () => {
    const store = await openStore();
    await owedRefunds(store, ['failing', 'good', 'later']);
    const { calls, provider } = refusingFor('failing', new Error('PayPal answered 500 for this capture'));
    for (const round of [1, 2]) {
      const at = () => new Date(T0 + round * 2 * REFUND_ATTEMPT_LEASE_MS);
      expect(await retryOwedRefunds({ store, payments: provider }, at)).toBe(round === 1 ? 2 : 0);
    }
    expect(calls).toEqual(['failing', 'good', 'later', 'failing']);
    expect((await store.getPayment('failing'))!.status).toBe('refunding');
  });

  it('a refund the provider can never make does not hold back the others', async () => {
    const store = await openStore();
    await owedRefunds(store, ['never', 'good', 'later']);
    const { calls, provider } = refusingFor('never', Object.assign(new Error('PayPal capture X is DECLINED: PayPal cannot refund it'), { retryable: false }));
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    expect(await retryOwedRefunds({ store, payments: provider }, later)).toBe(2);
    expect(calls).toEqual(['never', 'good', 'later']);
    expect((await store.getPayment('never'))!.status).toBe('refunding');
  });

  it('a round told to stop (the server closing) makes no further claim after the attempt under way', async () => {
    const store = await openStore();
    await owedRefunds(store, ['a', 'b', 'c']);
    const { calls, provider } = countedProvider();
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    expect(await retryOwedRefunds({ store, payments: provider }, later, () => calls.length === 0)).toBe(1);
    expect(calls).toEqual(['a']);
    expect((await store.getPayment('b'))!.status).toBe('refunding');
  });

  it('the provider made the refund but recording it failed: the refund stays owed, and the next attempt records it', async () => {
    const store = await openStore();
    await capturedPayments(store, ['a']);
    await store.oweRefund('a', 'captured', at(0));
    const { calls, provider } = countedProvider();
    const failing: Store = { ...store, setPaymentStatus: async () => Promise.reject(new Error('the database went away')) };
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    expect(await retryOwedRefunds({ store: failing, payments: provider }, later)).toBe(0);
    expect((await store.getPayment('a'))!.status).toBe('refunding');
    const evenLater = () => new Date(T0 + 3 * REFUND_ATTEMPT_LEASE_MS);
    expect(await retryOwedRefunds({ store, payments: provider }, evenLater)).toBe(1);
    expect(calls).toEqual(['a', 'a']);
    expect((await store.getPayment('a'))!.status).toBe('refunded');
  });

  it("a provider slower than the wait: the Admin's cancel answers while its refund is still being asked, and the attempt then records it", async () => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const calls: string[] = [];
    const provider: PaymentProvider = { ...countedProvider().provider, refund: async (id) => { calls.push(id); await held; } };
    const core = await coreUnderTest({ store: await openStore(), productCount: 12, payments: provider });
    const order = (await core.store.listOrders()).find((o) => o.status === 'open')!;
    await core.store.insertPayment({ id: order.paymentId, userId: order.userId, provider: 'test', amount: order.totalPrice, status: 'fulfilled', createdAt: at(0) });
    const cancel = await core.call<Order>(ADMIN, 'setOrderStatus', { body: { orderID: order.id, status: 'cancelled' } });
    expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect(calls).toEqual([order.paymentId]);
    expect((await core.store.getPayment(order.paymentId))!.status).toBe('refunding');
    release();
    await expect.poll(async () => (await core.store.getPayment(order.paymentId))!.status).toBe('refunded');
  }, REFUND_WAIT_MS + 10_000);

  it("an Admin's cancel of an order whose payment it did not owe (no payment row) asks the provider for nothing", async () => {
    const { calls, provider } = countedProvider();
    const core = await coreUnderTest({ store: await openStore(), productCount: 12, payments: provider });
    const open = (await core.store.listOrders()).find((order) => order.status === 'open' && !order.paymentId.startsWith('TEST-'));
    expect(open, 'a seeded open order').toBeDefined();
    expect(await core.store.getPayment(open!.paymentId)).toBeNull();
    const cancel = await core.call<Order>(ADMIN, 'setOrderStatus', { body: { orderID: open!.id, status: 'cancelled' } });
    expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect(calls).toEqual([]);
  });

  it("a shopper the Admin deleted keeps their payments: an owed refund is still made by the round, a captured payment is still there", async () => {
    const core = await coreUnderTest({ store: await openStore(), productCount: 12 });
    for (const id of ['owed', 'kept']) await core.store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'captured', createdAt: at(0) });
    await core.store.oweRefund('owed', 'captured', at(0));
    expect((await core.call(ADMIN, 'deleteUser', { path: { idOrEmail: BUYER.uid } })).status).toBe(204);
    expect(await core.store.getUser(BUYER.uid)).toBeNull();

    const { calls, provider } = countedProvider();
    expect(await retryOwedRefunds({ store: core.store, payments: provider }, () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 1))).toBe(1);
    expect(calls).toEqual(['owed']);
    expect(await core.store.getPayment('owed')).toMatchObject({ userId: BUYER.uid, status: 'refunded' });
    expect(await core.store.getPayment('kept')).toMatchObject({ userId: BUYER.uid, status: 'captured' });
  });
});

/** A point a call waits at until released: `reached` once a call got there. */
function gate() {
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
async function checkoutOn(store: Store) {
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
      recordCapture: async (id, at) => (fault.recordFails ? Promise.reject(new Error('the database went away')) : inner.recordCapture(id, at)),
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
  const order = () => core.call<Order>(BUYER, 'createOrder', { body: { status: 'open', userID: BUYER.uid, address: ADDRESS, paymentId: id } });
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

/** A capture whose order never came, gone stale: the next round owes its refund. */
async function staleCaptureOn(store: Store) {
  const shop = await checkoutOn(store);
  await shop.capturedWithoutOrder();
  shop.clock.now += STALE_CAPTURE_MS + 1;
  return shop;
}

const REFUNDED = { status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } };

describe.each(STORES)('captures whose order never came, on %s', (_, openStore) => {
  it('owes the refunds of captures with no order from before the time given, each once, only from captured', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const payment = (id: string, status: PaymentStatus) => store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status, createdAt: at(0) });
    for (const id of ['old', 'fresh', 'ordered', 'unpaid']) await payment(id, 'created');
    // Captured before its capture time was recorded: counts from its creation.
    await payment('inserted', 'captured');
    await payment('fulfilled', 'fulfilled');
    expect(await store.recordCapture('old', at(1))).toBe(true);
    expect(await store.recordCapture('old', at(2))).toBe(false);
    expect(await store.recordCapture('fresh', at(STALE_CAPTURE_MS))).toBe(true);
    expect(await store.recordCapture('ordered', at(1))).toBe(true);
    await store.insertOrder({
      userId: BUYER.uid,
      userEmail: BUYER.email,
      status: 'open',
      address: ADDRESS,
      totalPrice: 10,
      createdAt: at(1),
      paymentId: 'ordered',
      lines: [],
      history: [{ status: 'open', at: at(1), by: { userId: BUYER.uid, email: BUYER.email } }],
    });

    expect((await store.oweStaleCaptures(at(STALE_CAPTURE_MS))).sort()).toEqual(['inserted', 'old']);
    expect(await store.oweStaleCaptures(at(STALE_CAPTURE_MS))).toEqual([]);
    const statuses = Object.fromEntries(await Promise.all(['old', 'fresh', 'ordered', 'unpaid', 'inserted', 'fulfilled'].map(async (id) => [id, (await store.getPayment(id))!.status])));
    expect(statuses).toEqual({ old: 'refunding', fresh: 'captured', ordered: 'captured', unpaid: 'created', inserted: 'refunding', fulfilled: 'fulfilled' });
  });

  it('a capture whose order never came is left alone for STALE_CAPTURE_MS, then refunded by the round once; the shopper coming back is told to pay again', async () => {
    const shop = await checkoutOn(await openStore());
    await shop.capturedWithoutOrder();
    shop.clock.now += STALE_CAPTURE_MS;
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('captured');

    shop.clock.now += 1;
    expect(await shop.retry()).toBe(1);
    expect(await shop.order()).toMatchObject(REFUNDED);
    expect(await shop.retry()).toBe(0);
    await shop.refundedOnly();
  });

  it('a fresh capture whose shopper comes back makes its order, which later rounds leave alone', async () => {
    const shop = await checkoutOn(await openStore());
    await shop.capturedWithoutOrder();
    shop.clock.now += STALE_CAPTURE_MS - 1;
    expect((await shop.order()).status).toBe(201);
    shop.clock.now += 10 * STALE_CAPTURE_MS;
    expect(await shop.retry()).toBe(0);
    await shop.orderedOnly();
  });

  it('a round meeting the order being made (its payment claimed, stock being taken) leaves it: the order, no refund', async () => {
    const shop = await staleCaptureOn(await openStore());
    const order = await shop.orderHeldAt('atStock');
    const round = shop.retry();
    order.release();
    expect((await order.answer).status).toBe(201);
    expect(await round).toBe(0);
    await shop.orderedOnly();
  });

  it("a round between the shopper's call reading the payment captured and claiming it: the refund, no order", async () => {
    const shop = await staleCaptureOn(await openStore());
    const order = await shop.orderHeldAt('atStart');
    expect(await shop.retry()).toBe(1);
    order.release();
    expect(await order.answer).toMatchObject(REFUNDED);
    await shop.refundedOnly();
  });

  it('a round and the shopper coming back at once: exactly one of the order or the refund', async () => {
    const shop = await staleCaptureOn(await openStore());
    const [order, refunded] = await Promise.all([shop.order(), shop.retry()]);
    if (order.status === 201) {
      expect(refunded).toBe(0);
      await shop.orderedOnly();
    } else {
      expect([order, refunded]).toMatchObject([REFUNDED, 1]);
      await shop.refundedOnly();
    }
  });
});

/** A provider that answers each lookup as `answers` says: captured, not, or a failure that may pass or never will; counting the lookups. */
function lookedUpProvider(answers: Record<string, boolean | 'fails' | 'never answers'>) {
  const lookups: string[] = [];
  const provider: PaymentProvider = {
    ...countedProvider().provider,
    async wasCaptured(id) {
      lookups.push(id);
      const answer = answers[id];
      if (answer === 'fails') throw new Error('the provider is down');
      if (answer === 'never answers') throw Object.assign(new Error('PayPal order lookup failed with 403'), { retryable: false });
      return answer === true;
    },
  };
  return { lookups, provider };
}

describe.each(STORES)('payments left created, on %s', (_, openStore) => {
  it("lists the provider's payments still created from before the time given, the oldest first", async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const payment = (id: string, status: PaymentStatus, createdAt: string, provider: 'test' | 'paypal' = 'test') =>
      store.insertPayment({ id, userId: BUYER.uid, provider, amount: 10, status, createdAt });
    await payment('later', 'created', at(2));
    await payment('first', 'created', at(1));
    await payment('fresh', 'created', at(5));
    await payment('paypal', 'created', at(1), 'paypal');
    await payment('captured', 'captured', at(1));
    await payment('failed', 'failed', at(1));
    expect(await store.staleCreatedPayments('test', at(5))).toEqual(['first', 'later']);
    expect(await store.staleCreatedPayments('paypal', at(5))).toEqual(['paypal']);
  });

  it('a payment whose capture began is stale only from then; the round settles one only while still created with no capture begun since', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    for (const id of ['idle', 'begun']) await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'created', createdAt: at(0) });
    expect(await store.startCapture('begun', at(5))).toBe(true);
    expect(await store.staleCreatedPayments('test', at(5))).toEqual(['idle']);
    expect(await store.staleCreatedPayments('test', at(6))).toEqual(['idle', 'begun']);
    // Listed as stale before its capture began: the round's move no longer applies.
    expect(await store.settleStaleCreated('begun', 'failed', at(5))).toBe(false);
    expect(await store.settleStaleCreated('begun', 'refunding', at(6))).toBe(true);
    expect(await store.claimOwedRefund(at(0), at(7))).toBe('begun');
    expect(await store.settleStaleCreated('idle', 'failed', at(6))).toBe(true);
    expect(await store.settleStaleCreated('idle', 'failed', at(6))).toBe(false);
    expect(await store.startCapture('idle', at(7))).toBe(false);
    const statuses = await Promise.all(['idle', 'begun'].map(async (id) => (await store.getPayment(id))!.status));
    expect(statuses).toEqual(['failed', 'refunding']);
  });

  it('a refund owed with its first attempt unclaimed is claimed at once; a capture is recorded from failed too, never from refunding', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    for (const [id, status] of [['owed', 'created'], ['gone', 'created'], ['late', 'failed']] as const) {
      await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status, createdAt: at(0) });
    }
    expect(await store.oweRefund('owed', 'created', null)).toBe(true);
    expect(await store.oweRefund('gone', 'created', at(0))).toBe(true);
    expect(await store.claimOwedRefund(at(0), at(1))).toBe('owed');
    expect(await store.claimOwedRefund(at(0), at(1))).toBeNull();
    expect(await store.recordCapture('late', at(2))).toBe(true);
    expect((await store.getPayment('late'))!.status).toBe('captured');
    expect(await store.recordCapture('gone', at(2))).toBe(false);
  });

  it('test payments: a capture made but never recorded (the database gone) is refunded by the round once stale, with no order', async () => {
    const shop = await checkoutOn(await openStore());
    shop.fault.recordFails = true;
    expect((await shop.order()).status).toBe(500);
    shop.fault.recordFails = false;
    expect(await shop.status()).toBe('created');
    shop.clock.now += STALE_CAPTURE_MS + 1;
    expect(await shop.retry()).toBe(1);
    await shop.refundedOnly();
    expect(await shop.order()).toMatchObject(REFUNDED);
  });

  it('test payments: one never captured is failed by the round once stale, with no refund; another process (its own provider) never captured it', async () => {
    const shop = await checkoutOn(await openStore());
    shop.clock.now += STALE_CAPTURE_MS + 1;
    expect(await shop.retry()).toBe(0);
    expect([await shop.status(), shop.refunded]).toEqual(['failed', []]);
    expect(await shop.order()).toMatchObject(NOT_COMPLETED);

    const captured = (await shop.store.listOrders()).length;
    const elsewhere = createTestPayments();
    const id = await elsewhere.create(12.5);
    expect(await elsewhere.wasCaptured(id)).toBe(false);
    await elsewhere.capture(id);
    expect([await elsewhere.wasCaptured(id), await createTestPayments().wasCaptured(id)]).toEqual([true, false]);
    expect(await shop.store.listOrders()).toHaveLength(captured);
  });

  it("a round while the shopper's capture is under way leaves the payment created: the capture recorded and the order made, with no refund", async () => {
    const shop = await checkoutOn(await openStore());
    shop.clock.now += STALE_CAPTURE_MS + 1;
    const order = await shop.orderHeldAt('atCapture');
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('created');
    order.release();
    expect((await order.answer).status).toBe(201);
    await shop.orderedOnly();
  });

  it('a lookup the provider cannot answer, for good or for now, is left for later and does not hold back the others', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const ids = ['never', 'paid', 'failing', 'unpaid', 'after'];
    for (const [i, id] of ids.entries()) await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'created', createdAt: at(i) });
    const { lookups, provider } = lookedUpProvider({ never: 'never answers', paid: true, failing: 'fails', unpaid: false, after: true });
    expect(await retryOwedRefunds({ store, payments: provider }, () => new Date(T0 + STALE_CAPTURE_MS + 10))).toBe(2);
    expect(lookups).toEqual(ids);
    const statuses = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await store.getPayment(id))!.status])));
    expect(statuses).toEqual({ never: 'created', paid: 'refunded', failing: 'created', unpaid: 'failed', after: 'refunded' });
  });

  it('lookups that fail in a row (the provider down) end the lookups, leaving the rest', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const ids = ['d1', 'd2', 'd3', 'd4', 'after'];
    for (const [i, id] of ids.entries()) await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'created', createdAt: at(i) });
    const { lookups, provider } = lookedUpProvider({ d1: 'fails', d2: 'fails', d3: 'fails', d4: 'fails', after: true });
    expect(await retryOwedRefunds({ store, payments: provider }, () => new Date(T0 + STALE_CAPTURE_MS + 10))).toBe(0);
    expect(lookups).toEqual(['d1', 'd2', 'd3']);
    for (const id of ids) expect((await store.getPayment(id))!.status).toBe('created');
  });
});

describe.each(STORES)('two calls for one payment at once, on %s', (_, openStore) => {
  it('one reading the cart only after the other made the order and emptied it: both answer that order', async () => {
    const shop = await checkoutOn(await openStore());
    const late = await shop.orderHeldAt('atCart');
    shop.fault.atCart = null;
    const first = await shop.order();
    expect(first.status).toBe(201);
    late.release();
    expect(await late.answer).toEqual({ status: 200, body: first.body });
    await shop.orderedOnly();
  });
});
