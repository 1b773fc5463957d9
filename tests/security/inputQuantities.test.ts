import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, expectRefused, PEOPLE, startShopUnderAttack, type ShopUnderAttack } from './inputAttack';

let shop: ShopUnderAttack;
let cartId: number;
let productId: number;
let before: Record<string, unknown[]>;
const { shopper } = PEOPLE;

/** Quantities an attacker sends instead of a whole number from 1 to 999, as JSON text so that 1e309 and -0 arrive as written. */
const BAD_QUANTITIES: [string, string][] = [
  ['negative', '-1'],
  ['zero', '0'],
  ['negative zero', '-0'],
  ['fractional', '1.5'],
  ['tiny fraction', '0.0000001'],
  ['above the limit', '1000'],
  ['1e308', '1e308'],
  ['beyond a double (1e309)', '1e309'],
  ['2**53', String(2 ** 53)],
  ['2**53 + 1', '9007199254740993'],
  ['-(2**31)', String(-(2 ** 31))],
  ['a numeric string', '"2"'],
  ['a string', '"two"'],
  ['SQL in a string', `"1; DELETE FROM cart_lines"`],
  ['true', 'true'],
  ['null', 'null'],
  ['an array', '[1]'],
  ['an object', '{"$gt":0}'],
];

beforeAll(async () => {
  shop = await startShopUnderAttack();
  const products = (await shop.call<{ id: number; stock: number; disable: boolean }[]>('get', '/products')).body;
  productId = products.find((p) => !p.disable && p.stock >= 5)!.id;
  const cart = await shop.call('post', '/cart/bulk', {
    as: shopper,
    body: { userID: shopper.uid, allProducts: [{ productId, quantity: 2 }] },
  });
  expect(cart.status).toBe(200);
  cartId = cart.body.id;
  before = await shop.snapshot();
}, 60_000);
afterAll(() => shop.close());

describe('quantities an attacker sends', () => {
  it.each(BAD_QUANTITIES)('a %s quantity in a cart merge is 400 naming the line quantity, and changes nothing', async (_, quantity) => {
    const raw = `{"userID":"${shopper.uid}","allProducts":[{"productId":${productId},"quantity":${quantity}}]}`;
    expectRefused(await shop.call('post', '/cart/bulk', { as: shopper, raw }), 400, 'allProducts.0.quantity');
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each(BAD_QUANTITIES)('a %s quantity in a quantity change is 400 naming newQuantity, and changes nothing', async (_, quantity) => {
    const raw = `{"newQuantity":${quantity},"productID":${productId},"cartID":${cartId}}`;
    expectRefused(await shop.call('put', '/cart/quantity', { as: shopper, raw }), 400, 'newQuantity');
    expect(await shop.snapshot()).toEqual(before);
  });

  it('a quantity above the stock in a quantity change is 400 naming newQuantity, and changes nothing', async () => {
    const stock = (await shop.call<{ stock: number }>('get', `/products/${productId}`)).body.stock;
    const reply = await shop.call('put', '/cart/quantity', {
      as: shopper,
      body: { newQuantity: Math.min(stock + 1, 999), productID: productId, cartID: cartId },
    });
    expectRefused(reply, 400, 'newQuantity');
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    ['quantity', -5],
    ['quantity', 1e308],
    ['lines', [{ productId: 1, quantity: -1 }]],
    ['allProducts', [{ productId: 1, quantity: 2 ** 53 }]],
  ])('an order call carrying its own %s is 400 naming it, and changes nothing', async (field, value) => {
    const reply = await shop.call('post', '/orders', {
      as: shopper,
      body: {
        status: 'open',
        userID: shopper.uid,
        address: ADDRESS,
        paymentId: 'TEST-00000000-0000-0000-0000-000000000000-100',
        [field]: value,
      },
    });
    expectRefused(reply, 400, field);
    expect(await shop.snapshot()).toEqual(before);
  });
});
