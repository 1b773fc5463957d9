import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_ATTEMPT_LEASE_MS, retryOwedRefunds, STALE_CAPTURE_MS } from '~/server/core/refunds';
import { createSqlStore } from '~/server/db/store';
import { paypalPayments } from '~/server/payments/paypal';
import type { Order } from '~/src/domain/types';
import { coreUnderTest } from './coreUnderTest';
import { startPaypalStandIn, type PaypalStandIn } from './paypalStandIn';
import { pgliteForFile } from './pgliteForFile';
import { ADDRESS, ADMIN, BUYER, gate, NOT_COMPLETED, T0 } from './refundFixtures';

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
  const provider = paypalPayments({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    environment: 'sandbox',
    baseUrl: paypal.baseUrl,
    fetch: send,
  });
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
  const order = () =>
    core.call<Order>(BUYER, 'createOrder', { body: { status: 'open', userID: BUYER.uid, address: ADDRESS, paymentId: id } });
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
    expect(await shop.order()).toMatchObject({
      status: 503,
      body: { error: { code: 'unavailable', message: 'The payment service did not answer. Please try again.' } },
    });
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

describe('payments left created: the round asks PayPal whether it captured them', () => {
  it('PayPal captured but its answer was lost: the payment stays created; once stale, one round owes and makes its refund, and there is no order', async () => {
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
    expect(await lateCaptureUnderRound(shop, true)).toMatchObject({
      status: 409,
      body: { error: { message: 'The payment amount does not match your cart.' } },
    });
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
