import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { Comment, Order, Product } from '~/src/domain/types';
import { ADMIN, BANNED, BUYER, type ContractApi, SHOPPER } from './suiteApi';

/** A product's ratings: who may rate, and what a rating changes. */
export function ratingTests({ call, errorOf, products, boughtProductId, placeOrder }: ContractApi) {
  /** The product's rank and reviews once the shop's ratings given are added to the ones it has (DECISIONS.md: the mean of its ratings). */
  const ranked = (product: Product, ...given: number[]) => {
    const reviews = product.reviews + given.length;
    const sum = given.reduce((total, rating) => total + rating, product.rank * product.reviews);
    return { rank: reviews === 0 ? 0 : Math.round((sum / reviews) * 100) / 100, reviews };
  };
  const rate = (as: Identity, productId: number, rating: number) =>
    call<Product>('put', '/products/rating', { as, body: { productId, userId: as.uid, rating } });
  const ownRating = async (as: Identity, productId: number) =>
    (await call<{ rating: number | null }>('get', `/products/${productId}/rating`, { as })).body.rating;
  const listed = async (productId: number) => (await products()).find((p) => p.id === productId)!;

  it('add to the ratings a seeded product came with: one rating cannot replace them', async () => {
    const orders = (await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body;
    const bought = new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)));
    const seeded = (await products()).find((p) => bought.has(p.id) && p.reviews > 1)!;
    expect(seeded).toBeDefined();
    const lowest = await rate(BUYER, seeded.id, 0.5);
    expect(lowest.body).toMatchObject({ reviews: seeded.reviews + 1, rank: ranked(seeded, 0.5).rank });
    expect(lowest.body.rank).toBeGreaterThan(0.5);
    expect(await listed(seeded.id)).toMatchObject(ranked(seeded, 0.5));
    const replaced = await rate(BUYER, seeded.id, 5);
    expect(replaced.body).toMatchObject(ranked(seeded, 5));
    await placeOrder(seeded);
    expect((await rate(SHOPPER, seeded.id, 2)).body).toMatchObject(ranked(seeded, 5, 2));
    expect(await listed(seeded.id)).toMatchObject(ranked(seeded, 5, 2));
    expect(await ownRating(BUYER, seeded.id)).toBe(5);
    expect(await ownRating(SHOPPER, seeded.id)).toBe(2);
  });

  it("stop counting once the buyer's order is cancelled, unless another order of theirs holds the product; comments stay", async () => {
    const product = (await products()).find((p) => p.stock >= 2 && p.reviews > 0)!;
    const [first, second] = [await placeOrder(product), await placeOrder(product)];
    const cancel = (order: Order) => call<Order>('patch', '/orders', { as: ADMIN, body: { orderID: order.id, status: 'cancelled' } });
    const rated = await rate(SHOPPER, product.id, 1);
    expect(rated.body).toMatchObject(ranked(product, 1));
    const comment = { userId: SHOPPER.uid, productId: product.id, text: 'Lovely colour' };
    expect((await call('post', '/comments', { as: SHOPPER, body: comment })).status).toBe(201);

    expect((await cancel(first)).status).toBe(200);
    expect(await ownRating(SHOPPER, product.id)).toBe(1);
    expect(await listed(product.id)).toMatchObject(ranked(product, 1));

    expect((await cancel(second)).status).toBe(200);
    expect(await ownRating(SHOPPER, product.id)).toBeNull();
    expect(await listed(product.id)).toMatchObject(ranked(product));
    expect((await call<Product>('get', `/products/${product.id}`)).body).toMatchObject({ rank: product.rank, reviews: product.reviews });
    expect((await rate(SHOPPER, product.id, 1)).status).toBe(403);
    const comments = (await call<Comment[]>('get', '/comments', { query: { productId: product.id } })).body;
    expect(comments.filter((c) => c.userId === SHOPPER.uid).map((c) => c.text)).toEqual(['Lovely colour']);
  });

  it("leave the buyer's ratings of products a cancelled order did not hold as they were", async () => {
    const orders = (await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body;
    const open = orders.find((o) => o.status === 'open')!;
    const kept = orders.find((o) => o.status === 'approved')!.lines[0]!.productId;
    expect(open.lines.map((l) => l.productId)).not.toContain(kept);
    const before = await listed(kept);
    await rate(BUYER, kept, 4);
    expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: open.id, status: 'cancelled' } })).status).toBe(200);
    expect(await ownRating(BUYER, kept)).toBe(4);
    expect(await listed(kept)).toMatchObject(ranked(before, 4));
  });

  it('are for buyers who are not Banned or Blocked, in half steps, one per user', async () => {
    const productId = await boughtProductId();
    const rate = (as: Identity, rating: number) =>
      call<Product>('put', '/products/rating', { as, body: { productId, userId: as.uid, rating } });
    expect((await rate(SHOPPER, 4)).status).toBe(403);
    expect((await rate(BANNED, 4)).status).toBe(403);
    const half = await rate(BUYER, 4.2);
    expect(half.status).toBe(400);
    expect(errorOf(half.body).field).toBe('rating');
    const before = (await call<Product>('get', `/products/${productId}`)).body;
    const first = await rate(BUYER, 5);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject(ranked(before, 5));
    const second = await rate(BUYER, 3.5);
    expect(second.body).toMatchObject(ranked(before, 3.5));
    expect(before.id).toBe(productId);
    const forOther = await call('put', '/products/rating', { as: BUYER, body: { productId, userId: SHOPPER.uid, rating: 5 } });
    expect(forOther.status).toBe(403);
  });

  it('are read back by their author only: null before rating, the latest after', async () => {
    const productId = await boughtProductId();
    const own = (as?: Identity) => call<{ rating: number | null }>('get', `/products/${productId}/rating`, { as });
    expect((await own()).status).toBe(401);
    expect(await own(BUYER)).toEqual({ status: 200, body: { rating: null } });
    await call('put', '/products/rating', { as: BUYER, body: { productId, userId: BUYER.uid, rating: 4.5 } });
    expect((await own(BUYER)).body).toEqual({ rating: 4.5 });
    expect((await own(SHOPPER)).body).toEqual({ rating: null });
    await call('put', '/products/rating', { as: BUYER, body: { productId, userId: BUYER.uid, rating: 2 } });
    expect((await own(BUYER)).body).toEqual({ rating: 2 });
    expect((await call('get', '/products/999999/rating', { as: BUYER })).status).toBe(404);
  });
}
