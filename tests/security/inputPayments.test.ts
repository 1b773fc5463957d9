import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { Product } from '~/src/domain/types';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';
import { ADDRESS, expectRefused, PEOPLE, startShopUnderAttack, type ShopUnderAttack } from './inputAttack';

let shop: ShopUnderAttack;
let product: Product;
let productId: number;
const { shopper, buyer, admin } = PEOPLE;

const fillCart = (as: Identity, quantity = 1) =>
  shop.call('post', '/cart/bulk', { as, body: { userID: as.uid, allProducts: [{ productId, quantity }] } });
const pay = (as: Identity) => shop.call<{ id: string; amount: number }>('post', '/payments', { as, body: { userID: as.uid } });
const order = (as: Identity, paymentId: string) =>
  shop.call('post', '/orders', { as, body: { status: 'open', userID: as.uid, address: ADDRESS, paymentId } });
const setProduct = (change: () => Record<string, unknown>) => shop.call('put', '/products', { as: admin, body: change() });
const disabled = () => ({ id: productId, disable: true });
const soldOut = () => stockUpdate(product, 0);

beforeAll(async () => {
  shop = await startShopUnderAttack();
}, 60_000);
afterAll(() => shop.close());
beforeEach(async () => {
  await shop.backend.reset();
  product = (await shop.call<Product[]>('get', '/products')).body.find((p) => !p.disable && p.stock >= 3)!;
  productId = product.id;
});

describe('ordering what cannot be sold', () => {
  it.each([
    ['disabled', disabled],
    ['sold out', soldOut],
  ])('a product %s after it went into the cart cannot be paid for (409), and nothing changes', async (_, change) => {
    expect((await fillCart(shopper)).status).toBe(200);
    expect((await setProduct(change)).status).toBe(200);
    const before = await shop.snapshot();
    expectRefused(await pay(shopper), 409);
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    ['disabled', disabled],
    ['sold out', soldOut],
  ])(
    'a product %s after the payment started is never ordered: the order call is 409 and the payment is not captured',
    async (_, change) => {
      expect((await fillCart(shopper)).status).toBe(200);
      const payment = (await pay(shopper)).body;
      expect((await setProduct(change)).status).toBe(200);
      const before = await shop.snapshot();
      expectRefused(await order(shopper, payment.id), 409);
      expect(await shop.snapshot()).toEqual(before);
    },
  );

  it('a sold-out product sent to the cart is left out of it, and nothing changes', async () => {
    expect((await setProduct(soldOut)).status).toBe(200);
    // The shopper's (empty) cart exists first: the merge makes one when there is none.
    expect((await shop.call('get', `/cart/${shopper.uid}`, { as: shopper })).status).toBe(200);
    const before = await shop.snapshot();
    const reply = await fillCart(shopper, 2);
    expect(reply.status).toBe(200);
    expect(reply.body.lines).toEqual([]);
    expect(await shop.snapshot()).toEqual(before);
  });
});

describe('replayed, forged and reused payments', () => {
  async function paidOrder() {
    expect((await fillCart(shopper)).status).toBe(200);
    const payment = (await pay(shopper)).body;
    const made = await order(shopper, payment.id);
    expect(made.status).toBe(201);
    return { payment, orderId: made.body.id as number };
  }

  it('replaying the order call of a paid payment answers the same order (200) and makes no second one', async () => {
    const { payment, orderId } = await paidOrder();
    const before = await shop.snapshot();
    const replays = await Promise.all([order(shopper, payment.id), order(shopper, payment.id), order(shopper, payment.id)]);
    for (const replay of replays) expect([replay.status, replay.body.id]).toEqual([200, orderId]);
    expect(await shop.snapshot()).toEqual(before);
  });

  it('reusing a paid payment for a new cart is refused: it answers the old order and the new cart is neither ordered nor emptied', async () => {
    const { payment, orderId } = await paidOrder();
    expect((await fillCart(shopper, 2)).status).toBe(200);
    const before = await shop.snapshot();
    const reuse = await order(shopper, payment.id);
    expect([reuse.status, reuse.body.id]).toEqual([200, orderId]);
    expect(await shop.snapshot()).toEqual(before);
  });

  it("another shopper's payment is answered to a thief exactly as an unknown one (404, the same error): the answer tells no id exists; nothing changes", async () => {
    expect((await fillCart(shopper)).status).toBe(200);
    const payment = (await pay(shopper)).body;
    expect((await fillCart(buyer)).status).toBe(200);
    const before = await shop.snapshot();
    const stolen = await order(buyer, payment.id);
    const unknown = await order(buyer, `TEST-${crypto.randomUUID()}-1`);
    expectRefused(stolen, 404);
    expect([stolen.status, stolen.body]).toEqual([unknown.status, unknown.body]);
    expect(await shop.snapshot()).toEqual(before);
  });

  it('a refunded payment (its order cancelled) cannot make an order again (409), and nothing changes', async () => {
    const { payment, orderId } = await paidOrder();
    expect((await shop.call('patch', '/orders', { as: admin, body: { orderID: orderId, status: 'cancelled' } })).status).toBe(200);
    expect((await fillCart(shopper)).status).toBe(200);
    const before = await shop.snapshot();
    expectRefused(await order(shopper, payment.id), 409);
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    ['an unknown test payment id', () => `TEST-${crypto.randomUUID()}-1`],
    ['a made-up provider id', () => 'PAYID-LZ7X3ABC123'],
    ["a seeded order's payment id", () => 'SEED-1'],
    ['SQL in the payment id', () => "' OR status = 'captured' --"],
  ])('%s is refused (404 or 409) without capturing anything, and nothing changes', async (_, forged) => {
    expect((await fillCart(shopper)).status).toBe(200);
    const before = await shop.snapshot();
    const reply = await order(shopper, forged());
    expectRefused(reply, reply.status === 404 ? 404 : 409);
    expect(await shop.snapshot()).toEqual(before);
  });

  it('a payment whose id was tampered to claim a smaller amount is unknown to the shop (404), and nothing changes', async () => {
    expect((await fillCart(shopper, 2)).status).toBe(200);
    const payment = (await pay(shopper)).body;
    const cheaper = payment.id.replace(/-\d+$/, '-1');
    expect(cheaper).not.toBe(payment.id);
    const before = await shop.snapshot();
    expectRefused(await order(shopper, cheaper), 404);
    expect(await shop.snapshot()).toEqual(before);
  });

  it('a payment started for a smaller cart cannot pay for a bigger one (409), and is not captured', async () => {
    expect((await fillCart(shopper, 1)).status).toBe(200);
    const payment = (await pay(shopper)).body;
    expect((await fillCart(shopper, 3)).status).toBe(200);
    const before = await shop.snapshot();
    expectRefused(await order(shopper, payment.id), 409);
    expect(await shop.snapshot()).toEqual(before);
  });
});
