import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import { totalPrice } from '~/src/domain/price';
import { ADDRESS, expectRefused, PEOPLE, startShopUnderAttack, type ShopUnderAttack } from './inputAttack';

let shop: ShopUnderAttack;
let before: Record<string, unknown[]>;
/** A product every attacker here has an open order of (Banned and Blocked included), and one the buyer's only order of was cancelled. */
let bought: number;
let cancelled: number;
const { buyer, shopper, banned, blocked, admin } = PEOPLE;

async function giveOrder(person: Identity, productId: number) {
  const product = (await shop.store.getProduct(productId))!;
  const unitPrice = totalPrice(product.price, product.discount);
  const at = '2026-10-01T10:00:00.000Z';
  await shop.store.insertOrder({
    userId: person.uid,
    userEmail: person.email,
    status: 'open',
    address: ADDRESS,
    paymentId: `SEED-${person.uid}`,
    totalPrice: unitPrice,
    createdAt: at,
    lines: [{ productId, name: product.name, image: product.image, quantity: 1, unitPrice }],
    history: [{ status: 'open', at, by: { userId: person.uid, email: person.email } }],
  });
}

const rate = (as: Identity, productId: number, rating: unknown) =>
  shop.call('put', '/products/rating', { as, body: { productId, userId: as.uid, rating } });
const comment = (as: Identity, productId: number, text: unknown) =>
  shop.call('post', '/comments', { as, body: { productId, userId: as.uid, text } });

beforeAll(async () => {
  shop = await startShopUnderAttack();
  const orders = (
    await shop.call<{ id: number; status: string; lines: { productId: number }[] }[]>('get', '/userOrders', {
      as: buyer,
      query: { userID: buyer.uid },
    })
  ).body;
  const open = orders.find((o) => o.status === 'open')!;
  const approved = orders.find((o) => o.status === 'approved')!;
  bought = approved.lines[0]!.productId;
  cancelled = open.lines[0]!.productId;
  expect(approved.lines.map((l) => l.productId)).not.toContain(cancelled);
  expect((await shop.call('patch', '/orders', { as: admin, body: { orderID: open.id, status: 'cancelled' } })).status).toBe(200);
  await giveOrder(banned, bought);
  await giveOrder(blocked, bought);
  before = await shop.snapshot();
}, 60_000);
afterAll(() => shop.close());

describe('rating and commenting', () => {
  it.each([
    ['a shopper who never bought it', shopper, () => bought],
    ['a buyer whose only order of it was cancelled', buyer, () => cancelled],
    ['a Banned buyer', banned, () => bought],
    ['a Blocked buyer', blocked, () => bought],
  ])('%s cannot rate it (403), and nothing changes', async (_, who, product) => {
    expectRefused(await rate(who, product(), 5), 403);
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    ['a shopper who never bought it', shopper, () => bought],
    ['a buyer whose only order of it was cancelled', buyer, () => cancelled],
    ['a Banned buyer', banned, () => bought],
    ['a Blocked buyer', blocked, () => bought],
  ])('%s cannot comment on it (403), and nothing changes', async (_, who, product) => {
    expectRefused(await comment(who, product(), 'Lovely shade, would buy again'), 403);
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    ['0', 0],
    ['negative', -1],
    ['above 5', 5.5],
    ['6', 6],
    ['1e308', 1e308],
    ['2**53', 2 ** 53],
    ['not a half step', 3.3],
    ['a string', '5'],
    ['null', null],
    ['an object', { $gt: 0 }],
  ])('a rating of %s from a real buyer is 400 naming rating, and nothing changes', async (_, rating) => {
    expectRefused(await rate(buyer, bought, rating), 400, 'rating');
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n\t '],
    ['over 1000 characters', 'a'.repeat(1001)],
    ['a number', 42],
    ['null', null],
  ])('an %s comment from a real buyer is 400 naming text, and nothing changes', async (_, text) => {
    expectRefused(await comment(buyer, bought, text), 400, 'text');
    expect(await shop.snapshot()).toEqual(before);
  });

  it("a buyer rating or commenting in another user's name is 403, and nothing changes", async () => {
    expectRefused(
      await shop.call('put', '/products/rating', { as: shopper, body: { productId: bought, userId: buyer.uid, rating: 1 } }),
      403,
    );
    expectRefused(
      await shop.call('post', '/comments', { as: shopper, body: { productId: bought, userId: buyer.uid, text: 'Not mine' } }),
      403,
    );
    expect(await shop.snapshot()).toEqual(before);
  });

  it('the same buyer may rate and comment on what they did buy, so the refusals above are for who they are, not how they asked', async () => {
    expect((await rate(buyer, bought, 4.5)).status).toBe(200);
    expect((await comment(buyer, bought, 'Lovely shade, would buy again')).status).toBe(201);
  });
});
