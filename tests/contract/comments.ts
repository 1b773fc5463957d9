import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { Comment, Order } from '~/src/domain/types';
import { DEMO_USER } from '~/seed/seed';
import { seeded as seededCatalogue } from '../fixtures/catalogue';
import { ADMIN, BANNED, BUYER, type ContractApi, SHOPPER } from './suiteApi';

/** Products' comments: who may write and delete them. */
export function commentTests({ call, errorOf, products, boughtProductId }: ContractApi) {
  it('are public to read and written by buyers who may review', async () => {
    const productId = await boughtProductId();
    const post = (as: Identity, text = 'Lovely colour') => call('post', '/comments', { as, body: { userId: as.uid, productId, text } });
    expect((await call('post', '/comments', { body: { userId: BUYER.uid, productId, text: 'x' } })).status).toBe(401);
    expect((await post(SHOPPER)).status).toBe(403);
    expect((await post(BANNED)).status).toBe(403);
    const blank = await post(BUYER, '   ');
    expect(blank.status).toBe(400);
    expect(errorOf(blank.body)).toMatchObject({ field: 'text', message: 'This field is required' });
    const long = await post(BUYER, 'a'.repeat(1001));
    expect(long.status).toBe(400);
    expect(errorOf(long.body).field).toBe('text');
    const seededComments = (await call<Comment[]>('get', '/comments', { query: { productId } })).body.map((c) => [c.text, c.user.username]);
    const made = await post(BUYER);
    expect(made.status).toBe(201);
    const list = await call<Comment[]>('get', '/comments', { query: { productId } });
    expect(list.body.map((c) => [c.text, c.user.username])).toEqual([['Lovely colour', DEMO_USER.username], ...seededComments]);
    expect((await call('get', '/comments', { query: { productId: 999999 } })).status).toBe(404);
    const id = (made.body as { id: number }).id;
    expect((await call('delete', '/comments', { as: SHOPPER, query: { commentId: id } })).status).toBe(403);
    expect((await call('delete', '/comments', { as: BUYER, query: { commentId: id } })).status).toBe(204);
    expect((await call('delete', '/comments', { as: BUYER, query: { commentId: id } })).status).toBe(404);
  });

  it('come seeded on the seeded products, a few of their ratings, each by a shopper who bought the product before writing', async () => {
    const rated = (await products()).filter((p) => p.reviews >= 10).slice(0, 3);
    expect(rated).toHaveLength(3);
    for (const product of rated) {
      const seededProduct = seededCatalogue.find((p) => p.id === product.id)!;
      expect([product.rank, product.reviews]).toEqual([seededProduct.rank, seededProduct.reviews]);
      const comments = (await call<Comment[]>('get', '/comments', { query: { productId: product.id } })).body;
      expect(comments.length).toBeGreaterThanOrEqual(3);
      expect(comments.length).toBeLessThan(product.reviews);
      for (const comment of comments) {
        const orders = (await call<Order[]>('get', '/userOrders', { as: ADMIN, query: { userID: comment.userId } })).body;
        const bought = orders.find((o) => o.status === 'approved' && o.lines.some((l) => l.productId === product.id));
        expect(bought, `${comment.user.username} bought ${product.name}`).toBeDefined();
        expect(Date.parse(bought!.history.at(-1)!.at)).toBeLessThan(Date.parse(comment.createdAt));
      }
    }
  });
}
