import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/seed/seed';
import type { CapturedMoney, CaptureOutcome, PaymentProvider, Store } from '~/server/core/ports';
import { createTestPayments } from '~/server/core/testPayments';
import { coreUnderTest } from './coreUnderTest';

const BUYER = { uid: DEMO_USER.id, email: DEMO_USER.email };
const ADDRESS = 'Argentina, Cordoba, San Martin 1234';

/** Test payments whose capture answers what the test sets, and which count the refunds. */
function scriptedPayments() {
  const base = createTestPayments();
  const script = {
    capture: (captured: CapturedMoney): CaptureOutcome => ({ kind: 'completed', money: captured }),
    captures: [] as string[],
    refunds: [] as string[],
  };
  const provider: PaymentProvider = {
    name: 'test',
    create: base.create,
    wasCaptured: base.wasCaptured,
    async capture(id) {
      script.captures.push(id);
      const outcome = await base.capture(id);
      return outcome.kind === 'completed' ? script.capture(outcome.money) : outcome;
    },
    async refund(id) {
      script.refunds.push(id);
    },
  };
  return { provider, script };
}

async function shopWithPayment(options: { wrapStore?: (store: Store) => Store } = {}) {
  const { provider, script } = scriptedPayments();
  const core = await coreUnderTest({ payments: provider, ...options });
  const product = (await core.store.listProducts()).find((p) => !p.disable && p.stock >= 2)!;
  await core.call(BUYER, 'mergeCart', { body: { userID: BUYER.uid, allProducts: [{ productId: product.id, quantity: 2 }] } });
  const payment = (await core.call<{ id: string }>(BUYER, 'createPayment', { body: { userID: BUYER.uid } })).body;
  const order = () =>
    core.call(BUYER, 'createOrder', { body: { status: 'open', userID: BUYER.uid, address: ADDRESS, paymentId: payment.id } });
  const state = async () => ({
    product: await core.store.getProduct(product.id),
    orders: await core.store.listOrders(),
    cart: await core.store.getCartByUser(BUYER.uid),
  });
  return { ...core, script, payment, order, state };
}

describe('payment states', () => {
  it('a payment the provider did not complete is failed, and stays refused when the provider later says captured', async () => {
    const shop = await shopWithPayment();
    const before = await shop.state();
    shop.script.capture = () => ({ kind: 'refused' });
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'The payment was not completed.' } } });
    expect((await shop.store.getPayment(shop.payment.id))?.status).toBe('failed');
    shop.script.capture = (captured) => ({ kind: 'completed', money: captured });
    expect(await shop.order()).toMatchObject({
      status: 409,
      body: { error: { message: 'This payment was not completed. Please pay again.' } },
    });
    expect(await shop.state()).toEqual(before);
    expect(shop.script.refunds).toEqual([]);
  });

  it.each([
    ['amount', (captured: CapturedMoney): CaptureOutcome => ({ kind: 'completed', money: { ...captured, amount: captured.amount + 1 } })],
    ['currency', (captured: CapturedMoney): CaptureOutcome => ({ kind: 'completed', money: { ...captured, currency: 'EUR' } })],
  ])('a capture of the wrong %s is refunded once and recorded, and never becomes an order', async (_, wrong) => {
    const shop = await shopWithPayment();
    const before = await shop.state();
    shop.script.capture = wrong;
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'The payment amount does not match your cart.' } } });
    shop.script.capture = (captured) => ({ kind: 'completed', money: captured });
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });
    expect((await shop.store.getPayment(shop.payment.id))?.status).toBe('refunded');
    expect(shop.script.refunds).toEqual([shop.payment.id]);
    expect(await shop.state()).toEqual(before);
  });

  it('a payment for another total than the cart has now is refused without capturing it', async () => {
    const shop = await shopWithPayment();
    const cart = (await shop.store.getCartByUser(BUYER.uid))!;
    await shop.store.setCartLines(
      cart.id,
      cart.lines.map((line) => ({ ...line, quantity: 1 })),
    );
    const before = await shop.state();
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'Your cart changed after payment started.' } } });
    expect(shop.script.captures).toEqual([]);
    expect(shop.script.refunds).toEqual([]);
    expect((await shop.store.getPayment(shop.payment.id))?.status).toBe('created');
    expect(await shop.state()).toEqual(before);
  });

  it('is recorded as captured before the order is made, so a replay after a crash makes the order without capturing again', async () => {
    const fault = { crashNextTransaction: false };
    const shop = await shopWithPayment({
      wrapStore: (store) => ({
        ...store,
        transaction(work) {
          if (!fault.crashNextTransaction) return store.transaction(work);
          fault.crashNextTransaction = false;
          return Promise.reject(new Error('the process died'));
        },
      }),
    });
    fault.crashNextTransaction = true;
    expect((await shop.order()).status).toBe(500);
    expect((await shop.store.getPayment(shop.payment.id))?.status).toBe('captured');
    // PayPal answers a second capture of a captured order with an error: the replay must not depend on it.
    shop.script.capture = () => ({ kind: 'refused' });
    const made = await shop.order();
    expect(made.status).toBe(201);
    expect((await shop.store.getPayment(shop.payment.id))?.status).toBe('fulfilled');
    expect(await shop.order()).toMatchObject({ status: 200, body: { id: made.body.id } });
  });

  it('a cancelled order refunds its payment once', async () => {
    const shop = await shopWithPayment();
    const made = await shop.order();
    const admin = { uid: 'demo-admin', email: 'admin@makeup.test' };
    expect((await shop.call(admin, 'setOrderStatus', { body: { orderID: made.body.id, status: 'cancelled' } })).status).toBe(200);
    expect((await shop.call(admin, 'setOrderStatus', { body: { orderID: made.body.id, status: 'cancelled' } })).status).toBe(409);
    expect((await shop.store.getPayment(shop.payment.id))?.status).toBe('refunded');
    expect(shop.script.refunds).toEqual([shop.payment.id]);
  });
});
