import { expect, it } from 'vitest';
import type { HttpMethod } from '~/server/core/contract';
import type { Order, Product, User } from '~/src/domain/types';
import { ADMIN, BANNED, BLOCKED, type ContractApi, seededShopper, SHOPPER, type Stats, XSS } from './suiteApi';

/** The Admin's back office: statistics, bulk imports, and the operations only an Admin may call. */
export function backOfficeTests({ call, errorOf, products, inStock, placeOrder, shopState }: ContractApi) {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const utcDay = (moment: Date | string | number) => new Date(moment).toISOString().slice(0, 10);
  const sumOf = (amounts: number[]) => amounts.reduce((cents, amount) => cents + Math.round(amount * 100), 0) / 100;

  /** The dashboard's figures as the shop's own lists show them (openapi.yaml, Stats), for the given days. */
  async function statsOfTheLists(days: string[]): Promise<Stats> {
    const { products: all, users, orders } = await shopState();
    const sold = orders.filter((o) => o.status !== 'cancelled');
    const sales = (list: Order[]) => ({ total: sumOf(list.map((o) => o.totalPrice)), orders: list.length });
    const ofType = (type: string) => users.filter((u) => u.type === type).length;
    return {
      products: {
        active: all.filter((p) => !p.disable && p.stock > 0).length,
        total: all.length,
        unavailable: all.filter((p) => p.disable || p.stock === 0).length,
      },
      users: { total: users.length, admins: ofType('Admin'), users: ofType('User'), banned: ofType('Banned'), blocked: ofType('Blocked') },
      sales: sales(sold),
      salesPerDay: days.map((day) => ({ day, ...sales(sold.filter((o) => utcDay(o.createdAt) === day)) })),
    };
  }

  /** GET /stats: the 30 days ending today (UTC), each once, and every figure equal to what the lists show. */
  async function statsMatchingTheShop(): Promise<Stats> {
    const before = utcDay(Date.now());
    const reply = await call<Stats>('get', '/stats', { as: ADMIN });
    const after = utcDay(Date.now());
    expect(reply.status).toBe(200);
    const days = reply.body.salesPerDay.map((d) => d.day);
    expect([before, after]).toContain(days.at(-1));
    const today = Date.parse(days.at(-1)!);
    expect(days).toEqual(Array.from({ length: 30 }, (_, i) => utcDay(today - (29 - i) * DAY_MS)));
    expect(reply.body).toEqual(await statsOfTheLists(days));
    return reply.body;
  }

  const importRow = (name: string) => ({
    name,
    price: 12.5,
    brand: 'nyx',
    category: 'blush',
    stock: 4,
    description: '<p>A soft <strong>rose</strong> blush</p>',
    image: '/images/products/lipstick-a4161a.svg',
    discount: 10,
  });

  it('counts products, users of every type and the sales without cancelled orders, after a new order, its cancel and a disable', async () => {
    const seeded = await statsMatchingTheShop();
    const reviewers = (await call<User[]>('get', '/users', { as: ADMIN })).body.filter(seededShopper).length;
    expect(reviewers).toBeGreaterThan(0);
    expect(seeded.users).toEqual({ total: 6 + reviewers, admins: 1, users: 3 + reviewers, banned: 1, blocked: 1 });
    expect(seeded.products.unavailable).toBeGreaterThan(0);
    expect(seeded.sales.orders).toBeGreaterThan(0);

    const order = await placeOrder();
    const ordered = await statsMatchingTheShop();
    expect(ordered.sales).toEqual({ total: sumOf([seeded.sales.total, order.totalPrice]), orders: seeded.sales.orders + 1 });
    expect(ordered.salesPerDay.find((d) => d.day === utcDay(order.createdAt))!.orders).toBeGreaterThan(0);

    expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: order.id, status: 'cancelled' } })).status).toBe(200);
    const cancelled = await statsMatchingTheShop();
    expect(cancelled.sales).toEqual(seeded.sales);

    const onSale = await inStock(1);
    expect((await call('patch', '/products/bulk', { as: ADMIN, body: { ids: [onSale.id], disable: true } })).status).toBe(200);
    const disabled = await statsMatchingTheShop();
    expect(disabled.products).toEqual({
      total: cancelled.products.total,
      active: cancelled.products.active - 1,
      unavailable: cancelled.products.unavailable + 1,
    });
  });

  // Issue 32: "the dashboard's unavailable count counts products with no shade in stock".
  it('counts a product whose every shade is sold out as unavailable, and as active once one shade is restocked', async () => {
    const before = await statsMatchingTheShop();
    const shades = [
      { name: 'Sold Out Red', hex: '#b22234', stock: 0 },
      { name: 'Sold Out Nude', hex: '#e3a199', stock: 0 },
    ];
    const made = await call<Product>('post', '/products', {
      as: ADMIN,
      body: { ...importRow('Sold Out Shades Lipstick'), stock: undefined, shades },
    });
    expect([made.status, made.body.stock]).toEqual([201, 0]);
    const soldOut = await statsMatchingTheShop();
    expect(soldOut.products).toEqual({
      total: before.products.total + 1,
      active: before.products.active,
      unavailable: before.products.unavailable + 1,
    });
    const [red, nude] = made.body.shades;
    const restocked = await call<Product>('put', '/products', {
      as: ADMIN,
      body: {
        id: made.body.id,
        shades: [
          { id: red!.id, name: red!.name, hex: red!.hex, stock: 0 },
          { id: nude!.id, name: nude!.name, hex: nude!.hex, stock: 2 },
        ],
      },
    });
    expect([restocked.status, restocked.body.stock]).toEqual([200, 2]);
    expect((await statsMatchingTheShop()).products).toEqual({
      ...soldOut.products,
      active: soldOut.products.active + 1,
      unavailable: before.products.unavailable,
    });
  });

  it('answer 401 without a token and 403 to a User, a Banned and a Blocked user, for every new operation, changing nothing', async () => {
    const before = await shopState();
    const operations: [HttpMethod, string, unknown][] = [
      ['get', '/stats', undefined],
      ['post', '/products/import', { products: [importRow('Refused Import Blush')] }],
    ];
    for (const [method, path, body] of operations) {
      expect((await call(method, path, { body })).status).toBe(401);
      for (const as of [SHOPPER, BANNED, BLOCKED]) {
        const refused = await call(method, path, { as, body });
        expect([refused.status, errorOf(refused.body).code]).toEqual([403, 'forbidden']);
      }
    }
    expect(await shopState()).toEqual(before);
  });

  it('imports every row in order, listed by GET /products, with scripts in descriptions stored inert', async () => {
    const count = (await products(ADMIN)).length;
    const rows = [
      { ...importRow('Imported Rose Blush'), description: '<p>Soft <strong>rose</strong></p><script>alert(1)</script>' },
      {
        ...importRow('Imported Night Liner'),
        category: 'eyeliner',
        brand: 'dior',
        price: 8,
        discount: 0,
        stock: 0,
        description: `A deep black liner ${XSS}`,
      },
    ];
    const made = await call<Product[]>('post', '/products/import', { as: ADMIN, body: { products: rows } });
    expect(made.status).toBe(201);
    expect(made.body.map((p) => [p.name, p.brand, p.category, p.price, p.discount, p.totalPrice, p.stock, p.disable, p.rank])).toEqual([
      ['Imported Rose Blush', 'nyx', 'blush', 12.5, 10, 11.25, 4, false, 0],
      ['Imported Night Liner', 'dior', 'eyeliner', 8, 0, 8, 0, false, 0],
    ]);
    expect(made.body.map((p) => p.description)).toEqual(['<p>Soft <strong>rose</strong></p>', 'A deep black liner']);
    const listed = await products();
    for (const product of made.body) expect(listed).toContainEqual(product);
    expect((await products(ADMIN)).length).toBe(count + 2);
  });

  it("refuses a batch with one bad row with 400 naming the row and field, with the form's message, writing nothing", async () => {
    const before = await shopState();
    const good = [importRow('Imported Good One'), importRow('Imported Good Two')];
    const cases: [object, string, string | undefined][] = [
      [{ name: '<b>Lipstick</b>' }, 'name', 'Minimum 3 and maximum 60 characters'],
      [{ image: 'Upload Image' }, 'image', 'you must upload an image of the product'],
      [{ price: 1.5e-7 }, 'price', 'This value cannot be less than 0 and a maximum of 20 digits'],
      [{ description: '<script>alert(1)</script>' }, 'description', 'description must hold at least 4 characters of text.'],
      [{ price: -1 }, 'price', undefined],
      [{ rank: 5 }, 'rank', undefined],
    ];
    for (const [change, field, message] of cases) {
      const reply = await call('post', '/products/import', {
        as: ADMIN,
        body: { products: [...good, { ...importRow('Imported Bad One'), ...change }] },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply.body).field).toBe(`products.2.${field}`);
      if (message) expect(errorOf(reply.body).message).toBe(message);
    }
    expect(await shopState()).toEqual(before);
  });

  it('takes the largest batch the contract allows in one call, and refuses a larger one', async () => {
    const count = (await products(ADMIN)).length;
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      ...importRow(`Imported Shade ${i}`),
      description: `<p>${'Silky colour. '.repeat(40)}</p>`,
    }));
    const made = await call<Product[]>('post', '/products/import', { as: ADMIN, body: { products: rows } });
    expect(made.status).toBe(201);
    expect(made.body.map((p) => p.name)).toEqual(rows.map((r) => r.name));
    expect((await products(ADMIN)).length).toBe(count + 1000);
    const tooMany = await call('post', '/products/import', {
      as: ADMIN,
      body: { products: [...rows, importRow('Imported One Too Many')] },
    });
    expect([tooMany.status, errorOf(tooMany.body).field]).toEqual([400, 'products']);
    expect((await products(ADMIN)).length).toBe(count + 1000);
  });
}
