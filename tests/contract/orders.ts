import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { Cart, Order, Product } from '~/src/domain/types';
import { ADMIN, BUYER, type ContractApi, SHOPPER, XSS } from './suiteApi';

/** Payments and orders: checkout, the orders a shopper and an Admin see. */
export function orderTests({ call, errorOf, inStock, shopState }: ContractApi) {
  async function fillCart(as: Identity, quantity: number) {
    const product = await inStock(quantity);
    await call('post', '/cart/bulk', { as, body: { userID: as.uid, allProducts: [{ productId: product.id, quantity }] } });
    return product;
  }

  it('pays the database total, creates the order once, takes the stock and empties the cart', async () => {
    expect((await call('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).status).toBe(409);
    const product = await fillCart(SHOPPER, 2);
    expect((await call('post', '/payments', { as: SHOPPER, body: { userID: BUYER.uid } })).status).toBe(403);
    const payment = await call<{ id: string; amount: number; provider: string }>('post', '/payments', {
      as: SHOPPER,
      body: { userID: SHOPPER.uid },
    });
    expect(payment.status).toBe(201);
    expect(payment.body.amount).toBe(Math.round(product.totalPrice * 2 * 100) / 100);
    const order = { status: 'open', userID: SHOPPER.uid, address: 'Argentina, Cordoba, San Martin 1234', paymentId: payment.body.id };
    expect((await call('post', '/orders', { as: BUYER, body: { ...order, userID: BUYER.uid } })).status).toBe(404);
    expect((await call('post', '/orders', { as: SHOPPER, body: { ...order, paymentId: 'TEST-unknown' } })).status).toBe(404);
    expect((await call('post', '/orders', { as: SHOPPER, body: { ...order, status: 'approved' } })).status).toBe(400);
    const made = await call<Order>('post', '/orders', { as: SHOPPER, body: order });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'open', userId: SHOPPER.uid, userEmail: SHOPPER.email, totalPrice: payment.body.amount });
    // Added with no shade named: the product's first shade in stock, its picture, name and colour.
    const shade = product.shades.find((s) => s.stock > 0);
    expect(made.body.lines).toEqual([
      {
        productId: product.id,
        name: product.name,
        image: shade?.image ?? product.image,
        shadeId: shade?.id ?? null,
        shadeName: shade?.name ?? null,
        shadeHex: shade?.hex ?? null,
        quantity: 2,
        unitPrice: product.totalPrice,
      },
    ]);
    expect(made.body.history).toEqual([{ status: 'open', at: made.body.createdAt, by: { userId: SHOPPER.uid, email: SHOPPER.email } }]);
    expect((await call<Product>('get', `/products/${product.id}`)).body.stock).toBe(product.stock - 2);
    expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.lines).toEqual([]);
    const replay = await call<Order>('post', '/orders', { as: SHOPPER, body: order });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(made.body.id);
    expect((await call<Product>('get', `/products/${product.id}`)).body.stock).toBe(product.stock - 2);
    expect(replay.body.history).toEqual(made.body.history);
    const mine = await call<Order[]>('get', '/userOrders', { as: SHOPPER, query: { userID: SHOPPER.uid } });
    expect(mine.body).toEqual([made.body]);
    expect((await call<Order[]>('get', '/orders', { as: ADMIN })).body.find((o) => o.id === made.body.id)).toEqual(made.body);
  });

  it('refuses a payment whose cart changed before the order', async () => {
    const product = await fillCart(SHOPPER, 1);
    const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
    await call('put', '/products', { as: ADMIN, body: { id: product.id, price: Math.round((product.price + 10) * 100) / 100 } });
    const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
    const order = await call('post', '/orders', { as: SHOPPER, body });
    expect(order.status).toBe(409);
    expect(errorOf(order.body).message).toBe('Your cart changed after payment started.');
    expect((await call<Product>('get', `/products/${product.id}`)).body.stock).toBe(product.stock);
    expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.lines).toHaveLength(1);
    // Refused before capture, so nothing was charged: with the price back, the same payment makes the order.
    await call('put', '/products', { as: ADMIN, body: { id: product.id, price: product.price } });
    const replay = await call('post', '/orders', { as: SHOPPER, body });
    expect(replay.status).toBe(201);
  });

  it("refuses another user's payment and a payment refunded by cancelling its order, changing nothing", async () => {
    await fillCart(SHOPPER, 1);
    const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
    const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
    await fillCart(BUYER, 1);
    let before = await shopState();
    const foreign = await call('post', '/orders', { as: BUYER, body: { ...body, userID: BUYER.uid } });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign.body).message).toBe('Payment not found.');
    expect(await shopState()).toEqual(before);

    const made = await call<Order>('post', '/orders', { as: SHOPPER, body });
    expect(made.status).toBe(201);
    expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: made.body.id, status: 'cancelled' } })).status).toBe(200);
    const line = made.body.lines[0]!;
    await fillCart(SHOPPER, line.quantity);
    before = await shopState();
    const replay = await call('post', '/orders', { as: SHOPPER, body });
    expect(replay.status).toBe(409);
    expect(errorOf(replay.body).message).toBe('This payment was refunded. Please pay again.');
    expect(await shopState()).toEqual(before);
  });

  it('refuses an address the shipping form could not have made, naming the field; the payment stays usable', async () => {
    await fillCart(SHOPPER, 1);
    const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
    const before = await shopState();
    for (const [address, message] of [
      [XSS, 'Missing fields!'],
      ['Spain, Madrid, Gran Via 12', "it's too short !"],
      ['Spain, <b>Madrid</b>, Gran Via 123', 'only letters!'],
    ]) {
      const refused = await call('post', '/orders', {
        as: SHOPPER,
        body: { status: 'open', userID: SHOPPER.uid, address, paymentId: payment.id },
      });
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toMatchObject({ field: 'address', message });
    }
    expect(await shopState()).toEqual(before);
    const made = await call('post', '/orders', {
      as: SHOPPER,
      body: { status: 'open', userID: SHOPPER.uid, address: 'España, Córdoba, Los Álamos 123', paymentId: payment.id },
    });
    expect(made.status).toBe(201);
  });

  it('lists all orders to an Admin and moves status forward only; cancelling hides the order and restocks', async () => {
    expect((await call('get', '/orders', { as: SHOPPER })).status).toBe(403);
    expect((await call('get', '/userOrders', { as: SHOPPER, query: { userID: BUYER.uid } })).status).toBe(403);
    const orders = (await call<Order[]>('get', '/orders', { as: ADMIN })).body;
    const open = orders.find((o) => o.status === 'open')!;
    const approved = orders.find((o) => o.status === 'approved' && o.userId === BUYER.uid)!;
    expect(open.userEmail).toBe(BUYER.email);
    const set = (orderID: number, status: string, as = ADMIN) => call<Order>('patch', '/orders', { as, body: { orderID, status } });
    expect((await set(open.id, 'processing', BUYER)).status).toBe(403);
    expect((await set(open.id, 'shipped')).status).toBe(400);
    expect((await set(999999, 'created')).status).toBe(404);
    expect(approved.history.map((h) => h.status)).toEqual(['open', 'created', 'processing', 'approved']);
    const processing = await set(open.id, 'processing');
    expect(processing.body.status).toBe('processing');
    expect(processing.body.history.slice(0, -1)).toEqual(open.history);
    expect(processing.body.history.at(-1)).toMatchObject({ status: 'processing', by: { userId: ADMIN.uid, email: ADMIN.email } });
    expect(Date.parse(processing.body.history.at(-1)!.at)).toBeGreaterThanOrEqual(Date.parse(open.history.at(-1)!.at));
    expect((await set(open.id, 'created')).status).toBe(409);
    expect((await set(approved.id, 'cancelled')).status).toBe(409);
    const line = open.lines[0]!;
    const stockBefore = (await call<Product>('get', `/products/${line.productId}`, { as: ADMIN })).body.stock;
    expect((await set(open.id, 'cancelled')).body.status).toBe('cancelled');
    expect((await call<Product>('get', `/products/${line.productId}`, { as: ADMIN })).body.stock).toBe(stockBefore + line.quantity);
    expect((await call<Order[]>('get', '/orders', { as: ADMIN })).body.map((o) => o.id)).not.toContain(open.id);
    expect((await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body.map((o) => o.id)).toEqual([
      approved.id,
    ]);
  });
}

/** An order's status moves: which are allowed, and to whom. */
export function orderStatusTests({ call, errorOf, placeOrder, shopState }: ContractApi) {
  const STATUSES = ['open', 'created', 'processing', 'approved', 'cancelled'] as const;
  type Status = (typeof STATUSES)[number];
  /** DECISIONS.md "Order status": open -> created -> processing -> approved, forward only; cancelled from any state but approved. */
  const ALLOWED: Record<Status, Status[]> = {
    open: ['created', 'processing', 'approved', 'cancelled'],
    created: ['processing', 'approved', 'cancelled'],
    processing: ['approved', 'cancelled'],
    approved: [],
    cancelled: [],
  };
  /** Walks that together take every allowed move at least once. */
  const WALKS: Status[][] = [
    ['created', 'processing', 'approved'],
    ['processing', 'cancelled'],
    ['approved'],
    ['created', 'approved'],
    ['created', 'cancelled'],
    ['cancelled'],
  ];

  it('takes every allowed move, adding one history entry by the Admin; refuses every other with 409, changing nothing', async () => {
    const set = (orderID: number, status: Status) => call<Order>('patch', '/orders', { as: ADMIN, body: { orderID, status } });
    const taken = new Set<string>();
    const refusalsTried = new Set<Status>();
    /** The first time an order is in a status: every move the table does not allow is refused, and nothing changes. */
    async function refuseOnce(order: Order) {
      const from = order.status as Status;
      if (refusalsTried.has(from)) return;
      refusalsTried.add(from);
      for (const refused of STATUSES.filter((s) => !ALLOWED[from].includes(s))) {
        const before = await shopState();
        const answer = await set(order.id, refused);
        expect(answer.status, `${from} -> ${refused}`).toBe(409);
        expect(errorOf(answer.body).code).toBe('conflict');
        expect(await shopState()).toEqual(before);
      }
    }
    for (const walk of WALKS) {
      let order = await placeOrder();
      for (const to of walk) {
        await refuseOnce(order);
        const moved = await set(order.id, to);
        expect(moved.status, `${order.status} -> ${to}`).toBe(200);
        expect(moved.body.status).toBe(to);
        expect(moved.body.history.slice(0, -1)).toEqual(order.history);
        expect(moved.body.history.at(-1)).toMatchObject({ status: to, by: { userId: ADMIN.uid, email: ADMIN.email } });
        taken.add(`${order.status} -> ${to}`);
        order = moved.body;
      }
      await refuseOnce(order);
      if (order.status !== 'cancelled') {
        const listed = (await call<Order[]>('get', '/orders', { as: ADMIN })).body.find((o) => o.id === order.id);
        expect(listed?.history).toEqual(order.history);
      }
    }
    const every = STATUSES.flatMap((from) => ALLOWED[from].map((to) => `${from} -> ${to}`));
    expect([...taken].sort()).toEqual(every.sort());
    expect([...refusalsTried].sort()).toEqual([...STATUSES].sort());
    // Some forty reads of the whole shop, the seed's hundreds of orders each time.
  }, 30_000);
}
