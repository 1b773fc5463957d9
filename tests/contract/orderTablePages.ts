import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { components } from '~/src/api/schema';
import type { Order, Product } from '~/src/domain/types';

type OrderPage = components['schemas']['OrderPage'];

type Call = <T>(
  method: 'get' | 'patch' | 'post',
  path: string,
  options?: { as?: Identity; body?: unknown; query?: Record<string, string | number>; search?: string },
) => Promise<{ status: number; body: T }>;

interface Shop {
  call: Call;
  admin: Identity;
  /** A shopper whose orders these tests place: one no other test buys as, so the server's rate limits are theirs alone. */
  shopper: Identity;
  /** A shopper with orders of their own (seeded). */
  buyer: Identity;
  errorOf: (body: unknown) => { field?: string };
}

/**
 * GET /orders?page=: the Admin's orders table's page, held to the list an
 * Admin reads whole (GET /orders): every order but cancelled ones, newest
 * first, searched by buyer email or reference, filtered by status, paged.
 * The seed's orders (its reviewers' and the demo shopper's) make many pages.
 */
export function orderTablePageTests({ call, admin, shopper, buyer, errorOf }: Shop) {
  const everyOrder = async () => (await call<Order[]>('get', '/orders', { as: admin })).body;
  const pageOf = async (query: Record<string, string | number>) => {
    const reply = await call<OrderPage>('get', '/orders', { as: admin, query: { page: 1, ...query } });
    expect(reply.status, JSON.stringify(query)).toBe(200);
    return reply.body;
  };
  /** Every page of the query, in order, at 5 a page. */
  const allPages = async (query: Record<string, string | number>) => {
    const first = await pageOf(query);
    const rest = await Promise.all(Array.from({ length: first.pageCount - 1 }, (_, i) => pageOf({ ...query, page: i + 2 })));
    for (const [i, page] of [first, ...rest].entries())
      expect(page).toMatchObject({ page: i + 1, pageCount: first.pageCount, total: first.total });
    return [first, ...rest].flatMap((page) => page.items);
  };
  /** The shopper buys one of the first product in stock: the new open order. */
  const placeOrder = async () => {
    const [product] = (await call<Product[]>('get', '/products')).body.filter((p) => p.stock > 0);
    await call('post', '/cart/bulk', {
      as: shopper,
      body: { userID: shopper.uid, allProducts: [{ productId: product!.id, quantity: 1 }] },
    });
    const payment = (await call<{ id: string }>('post', '/payments', { as: shopper, body: { userID: shopper.uid } })).body;
    const made = await call<Order>('post', '/orders', {
      as: shopper,
      body: { status: 'open', userID: shopper.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id },
    });
    expect(made.status).toBe(201);
    return made.body;
  };
  /** `count` orders of the shopper, the first of them cancelled. */
  const moreOrders = async (count: number) => {
    const placed: Order[] = [];
    for (let i = 0; i < count; i++) placed.push(await placeOrder());
    expect((await call('patch', '/orders', { as: admin, body: { orderID: placed[0]!.id, status: 'cancelled' } })).status).toBe(200);
    return placed;
  };

  it('pages every order but cancelled ones, newest first, as the whole list is', async () => {
    const [cancelled] = await moreOrders(2);
    const orders = await everyOrder();
    expect(orders.length, 'the seed makes more than two pages of 10').toBeGreaterThan(20);
    expect(orders.map((o) => o.id)).not.toContain(cancelled!.id);
    expect(await pageOf({})).toEqual({ items: orders.slice(0, 5), page: 1, pageCount: Math.ceil(orders.length / 5), total: orders.length });
    expect(await allPages({})).toEqual(orders);
    expect((await pageOf({ pageSize: 10, page: 2 })).items).toEqual(orders.slice(10, 20));
  });

  it("searches by part of the buyer's email or of the reference, ignoring case, with or without its #", async () => {
    const placed = await moreOrders(3);
    const orders = await everyOrder();
    const bought = orders.filter((o) => o.userEmail === shopper.email);
    expect(bought.map((o) => o.id).sort()).toEqual(
      placed
        .slice(1)
        .map((o) => o.id)
        .sort(),
    );
    expect(await allPages({ search: shopper.email.slice(0, 4).toUpperCase() })).toEqual(
      orders.filter((o) => o.userEmail.includes(shopper.email.slice(0, 4))),
    );
    expect(await allPages({ search: ` ${buyer.email} ` })).toEqual(orders.filter((o) => o.userEmail === buyer.email));
    const target = placed[2]!;
    const byReference = orders.filter((o) => String(o.id).includes(String(target.id)));
    expect(await allPages({ search: `#${target.id}` })).toEqual(byReference);
    expect(await allPages({ search: String(target.id) })).toEqual(byReference);
    expect(byReference.map((o) => o.id)).toContain(target.id);
    const digit = String(target.id).at(-1)!;
    expect(await allPages({ search: digit })).toEqual(orders.filter((o) => String(o.id).includes(digit) || o.userEmail.includes(digit)));
    expect(await pageOf({ search: 'zzzz-nothing', page: 3 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    // A cancelled order is not found by its reference either; LIKE's wildcards are text.
    expect((await pageOf({ search: `#${placed[0]!.id}` })).items.map((o) => o.id)).not.toContain(placed[0]!.id);
    for (const search of ['%', '_', 'a%e']) expect((await pageOf({ search })).total, search).toBe(0);
  });

  it('filters by status, searched too; a page past the last is the last', async () => {
    const placed = await moreOrders(3);
    const moved = placed[2]!;
    expect((await call('patch', '/orders', { as: admin, body: { orderID: moved.id, status: 'processing' } })).status).toBe(200);
    const orders = await everyOrder();
    for (const status of ['open', 'created', 'processing', 'approved']) {
      expect(await allPages({ status }), status).toEqual(orders.filter((o) => o.status === status));
    }
    const mineOpen = orders.filter((o) => o.status === 'open' && o.userEmail === shopper.email);
    expect(mineOpen.map((o) => o.id)).toEqual([placed[1]!.id]);
    expect(await pageOf({ status: 'open', search: shopper.email, page: 9 })).toEqual({ items: mineOpen, page: 1, pageCount: 1, total: 1 });
    expect(await pageOf({ status: 'processing', search: `#${moved.id}` })).toMatchObject({
      items: [expect.objectContaining({ id: moved.id, status: 'processing' })],
    });
    for (const pageSize of [5, 10, 25]) {
      const pageCount = Math.ceil(orders.length / pageSize);
      const last = { items: orders.slice((pageCount - 1) * pageSize), page: pageCount, pageCount, total: orders.length };
      expect(await pageOf({ pageSize, page: pageCount + 1 })).toEqual(last);
      expect(await pageOf({ pageSize, page: 1_000_000 })).toEqual(last);
    }
  });

  it('answers only an Admin: 401 without a token, 403 to a shopper, who reads only their own orders', async () => {
    expect((await call('get', '/orders', { query: { page: 1 } })).status).toBe(401);
    const queries: Record<string, string | number>[] = [{ page: 1 }, { page: 1, search: buyer.email }, { page: 1, status: 'open' }];
    for (const query of queries) {
      expect((await call('get', '/orders', { as: shopper, query })).status, JSON.stringify(query)).toBe(403);
    }
    expect((await call('get', '/userOrders', { as: shopper, query: { userID: buyer.uid } })).status).toBe(403);
  });

  it('refuses a bad value with 400 naming its parameter', async () => {
    const cases: [string, string][] = [
      ['page=1&pageSize=7', 'pageSize'],
      ['page=1&pageSize=48', 'pageSize'],
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['page=1000001', 'page'],
      ['page=1&page=2', 'page'],
      ['page=1&status=cancelled', 'status'],
      ['page=1&status=OPEN', 'status'],
      ['page=1&search=', 'search'],
      [`page=1&search=${'a'.repeat(101)}`, 'search'],
      ['search=ana', 'search'],
      ['status=open', 'status'],
      ['pageSize=10', 'pageSize'],
    ];
    for (const [search, field] of cases) {
      const reply = await call('get', '/orders', { as: admin, search });
      expect(reply.status, search).toBe(400);
      expect(errorOf(reply.body).field, search).toBe(field);
    }
  });
}
