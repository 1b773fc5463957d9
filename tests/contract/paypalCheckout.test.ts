import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import { createSqlStore } from '~/server/db/store';
import { paypalPayments } from '~/server/payments/paypal';
import type { Order } from '~/src/domain/types';
import { coreUnderTest } from './coreUnderTest';
import { startPaypalStandIn, type CaptureOutcome, type PaypalStandIn } from './paypalStandIn';
import { pgliteForFile } from './pgliteForFile';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

const BUYER = { uid: DEMO_USER.id, email: DEMO_USER.email };
const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const ADDRESS = 'Argentina, Cordoba, San Martin 1234';

const sql = pgliteForFile();
let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
});
afterAll(() => paypal.close());

/** The core on PGlite with the PayPal adapter talking to the stand-in; the buyer has two of a product in the cart and approved the payment at PayPal. */
async function checkout() {
  const core = await coreUnderTest({
    store: createSqlStore(sql()),
    productCount: 12,
    payments: paypalPayments({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      environment: 'sandbox',
      baseUrl: paypal.baseUrl,
    }),
  });
  // Its first shade holds two: the line takes it, and stockUpdate leaves the stock there.
  const product = (await core.store.listProducts()).find((p) => !p.disable && (p.shades[0]?.stock ?? p.stock) >= 2)!;
  await core.call(BUYER, 'mergeCart', { body: { userID: BUYER.uid, allProducts: [{ productId: product.id, quantity: 2 }] } });
  const payment = await core.call<{ id: string; amount: number; provider: string }>(BUYER, 'createPayment', {
    body: { userID: BUYER.uid },
  });
  expect(payment).toMatchObject({ status: 201, body: { provider: 'paypal' } });
  const id = payment.body.id;
  expect(paypal.order(id)?.amount).toEqual({ currency_code: 'USD', value: payment.body.amount.toFixed(2) });
  paypal.approve(id);
  const order = () =>
    core.call<Order>(BUYER, 'createOrder', { body: { status: 'open', userID: BUYER.uid, address: ADDRESS, paymentId: id } });
  /** Everything a checkout may change in the database. */
  const database = async () => ({
    products: await core.store.listProducts(),
    orders: await core.store.listOrders(),
    cart: await core.store.getCartByUser(BUYER.uid),
  });
  const refunds = () => paypal.refunds.filter((r) => paypal.order(id)!.captures.some((c) => c.id === r.captureId));
  return { ...core, id, amount: payment.body.amount, product, order, database, refunds };
}

describe('checkout through the core with PayPal (a local stand-in of its REST API) on PGlite', () => {
  it('captures once and makes one order: open, by the buyer, stock taken, cart emptied; a replay answers the same order', async () => {
    const shop = await checkout();
    const made = await shop.order();
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'open', userId: BUYER.uid, totalPrice: shop.amount, address: ADDRESS });
    expect(made.body.history).toEqual([{ status: 'open', at: made.body.createdAt, by: { userId: BUYER.uid, email: BUYER.email } }]);
    expect((await shop.store.getProduct(shop.product.id))!.stock).toBe(shop.product.stock - 2);
    expect((await shop.store.getCartByUser(BUYER.uid))!.lines).toEqual([]);
    expect((await shop.store.getPayment(shop.id))!.status).toBe('fulfilled');
    expect(await shop.order()).toMatchObject({ status: 200, body: { id: made.body.id } });
    expect(paypal.order(shop.id)!.captures).toHaveLength(1);
    expect(shop.refunds()).toEqual([]);
  });

  it.each<[string, CaptureOutcome]>([
    ['declined (422 INSTRUMENT_DECLINED)', { kind: 'declined' }],
    ['not completed', { kind: 'not completed' }],
  ])('a capture %s makes no order, changes nothing and refunds nothing; the payment stays refused', async (_, outcome) => {
    const shop = await checkout();
    const before = await shop.database();
    paypal.willCapture(shop.id, outcome);
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'The payment was not completed.' } } });
    expect(await shop.database()).toEqual(before);
    expect((await shop.store.getPayment(shop.id))!.status).toBe('failed');
    expect(await shop.order()).toMatchObject({
      status: 409,
      body: { error: { message: 'This payment was not completed. Please pay again.' } },
    });
    expect(await shop.database()).toEqual(before);
    expect(shop.refunds()).toEqual([]);
  });

  it.each<[string, (amount: number) => CaptureOutcome]>([
    ['another amount', (amount) => ({ kind: 'completed', as: { currency_code: 'USD', value: (amount + 1).toFixed(2) } })],
    ['another currency (EUR)', (amount) => ({ kind: 'completed', as: { currency_code: 'EUR', value: amount.toFixed(2) } })],
  ])('a capture of %s is refused and refunded once at PayPal, changing nothing in the database', async (_, outcome) => {
    const shop = await checkout();
    const before = await shop.database();
    paypal.willCapture(shop.id, outcome(shop.amount));
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'The payment amount does not match your cart.' } } });
    expect(await shop.database()).toEqual(before);
    expect((await shop.store.getPayment(shop.id))!.status).toBe('refunded');
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: 'This payment was refunded. Please pay again.' } } });
    expect(await shop.database()).toEqual(before);
    expect(shop.refunds()).toHaveLength(1);
    expect(paypal.order(shop.id)!.captures[0]!.status).toBe('REFUNDED');
  });

  it.each([
    [1, (name: string) => `Only 1 of ${name} left in stock.`],
    [0, (name: string) => `${name} sold out meanwhile.`],
  ])('a product down to %i between payment and order is named, and the payment is never captured', async (stock, message) => {
    const shop = await checkout();
    await shop.call(ADMIN, 'updateProduct', { body: stockUpdate(shop.product, stock) });
    const before = await shop.database();
    const { name, shades } = shop.product;
    const line = shades[0] ? `${shades[0].name} of ${name}` : name;
    expect(await shop.order()).toMatchObject({ status: 409, body: { error: { message: message(line) } } });
    expect(await shop.database()).toEqual(before);
    expect(paypal.order(shop.id)!.captures).toHaveLength(0);
    expect(shop.refunds()).toEqual([]);
  });

  it('an order cancelled by the Admin records the cancellation in its history, restocks and refunds the capture at PayPal', async () => {
    const shop = await checkout();
    const made = (await shop.order()).body;
    const cancelled = await shop.call<Order>(ADMIN, 'setOrderStatus', { body: { orderID: made.id, status: 'cancelled' } });
    expect(cancelled.body.history.map((h) => [h.status, h.by.email])).toEqual([
      ['open', BUYER.email],
      ['cancelled', ADMIN.email],
    ]);
    expect((await shop.store.getProduct(shop.product.id))!.stock).toBe(shop.product.stock);
    expect(shop.refunds()).toHaveLength(1);
  });
});
