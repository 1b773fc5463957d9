import { expect, it } from 'vitest';
import type { Product } from '~/src/domain/types';
import { ADMIN, type ContractApi, SHOPPER } from './suiteApi';

/** /products: what shoppers and Admins may read and write, and what is refused. */
export function productTests({ call, errorOf, products, inStock, shopState, backend }: ContractApi) {
  it('lists enabled products to shoppers and every product to an Admin', async () => {
    const shown = await products();
    const all = await products(ADMIN);
    expect(shown.length).toBeGreaterThan(100);
    expect(shown.every((p) => !p.disable)).toBe(true);
    expect(all.some((p) => p.disable)).toBe(true);
    expect(all.length).toBeGreaterThan(shown.length);
  });

  it('derives totalPrice from price and discount', async () => {
    for (const p of await products()) {
      expect(p.totalPrice).toBe(Math.round((p.price - (p.price * p.discount) / 100) * 100) / 100);
    }
  });

  it('searches by part of the name, ignoring case', async () => {
    const target = (await products())[0]!;
    const term = target.name.split(' ')[1]!.slice(0, 4).toLowerCase();
    const found = (await call<Product[]>('get', '/products', { query: { name: term } })).body;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.name.toLowerCase().includes(term))).toBe(true);
    expect((await call<Product[]>('get', '/products', { query: { name: 'zzzz-nothing' } })).body).toEqual([]);
  });

  it('shows a disabled product to an Admin only', async () => {
    const disabled = (await products(ADMIN)).find((p) => p.disable)!;
    expect((await call('get', `/products/${disabled.id}`)).status).toBe(404);
    expect((await call('get', `/products/${disabled.id}`, { as: SHOPPER })).status).toBe(404);
    expect((await call('get', `/products/${disabled.id}`, { as: ADMIN })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 naming the field for a bad one', async () => {
    expect(errorOf((await call('get', '/products/999999')).body).code).toBe('not_found');
    const bad = await call('get', '/products/abc');
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).field).toBe('id');
  });

  const newProduct = {
    name: 'Velvet Test Lipstick',
    price: 20,
    brand: 'dior',
    category: 'lipstick',
    stock: 7,
    description: '<p>Soft</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    image: '/images/products/lipstick-a4161a.svg',
    discount: 25,
  };

  it('refuses a credential that is not a bearer token with 401, on a read a visitor may make too', async () => {
    for (const authorization of ['Basic eDp5', 'Bearer ', 'Token abc']) {
      const response = await fetch(`${backend().baseUrl}/products?name=Velvet`, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect(errorOf(await response.json()).code).toBe('unauthorized');
    }
  });

  it('answers an anonymous write 401 whatever its body: hostile, malformed, nested deep or empty', async () => {
    const writes = [
      ['post', '/products'],
      ['put', '/products'],
      ['patch', '/products/bulk'],
      ['post', '/products/import'],
      ['put', '/products/rating'],
      ['post', '/cart/bulk'],
      ['put', '/cart/quantity'],
      ['post', '/users'],
      ['put', '/users'],
      ['post', '/users/delete'],
      ['put', '/users/type'],
      ['post', '/comments'],
      ['post', '/favorites'],
      ['delete', '/favorites'],
      ['post', '/payments'],
      ['post', '/orders'],
      ['patch', '/orders'],
    ] as const;
    const bodies = [
      '{"__proto__":{}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      'not json',
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{}',
      '',
    ];
    for (const [method, path] of writes) {
      for (const raw of bodies) {
        const answer = await call(method, path, { raw });
        expect([method, path, raw.slice(0, 20), answer.status]).toEqual([method, path, raw.slice(0, 20), 401]);
        expect(errorOf(answer.body).code).toBe('unauthorized');
      }
    }
  });

  it("answers a shopper 403 on an Admin's write whatever its body, before reading it", async () => {
    const adminWrites = [
      ['post', '/products'],
      ['put', '/products'],
      ['patch', '/products/bulk'],
      ['post', '/products/import'],
      ['post', '/users/delete'],
      ['put', '/users/type'],
      ['patch', '/orders'],
    ] as const;
    for (const [method, path] of adminWrites) {
      for (const raw of ['{"__proto__":{}}', 'not json', '['.repeat(5_000) + ']'.repeat(5_000), '']) {
        const answer = await call(method, path, { as: SHOPPER, raw });
        expect([method, path, raw.slice(0, 20), answer.status]).toEqual([method, path, raw.slice(0, 20), 403]);
        expect(errorOf(answer.body)).toEqual({ code: 'forbidden', message: 'Only an Admin may do this.' });
      }
    }
  });

  it('refuses a body nested deeper than 32 with 400 naming the body, before reading it', async () => {
    const deep = (depth: number) => `{"userId":"${SHOPPER.uid}","productId":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
    const refused = await call('post', '/favorites', { as: SHOPPER, raw: deep(40) });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({ code: 'bad_request', field: 'body' });
    // As deep as the bound is read, and refused by the contract for what it is.
    expect(errorOf((await call('post', '/favorites', { as: SHOPPER, raw: deep(31) })).body).field).toBe('productId');
  });

  it('lets only an Admin create products, sanitising the description', async () => {
    expect((await call('post', '/products', { body: newProduct })).status).toBe(401);
    expect((await call('post', '/products', { as: SHOPPER, body: newProduct })).status).toBe(403);
    const made = await call<Product>('post', '/products', { as: ADMIN, body: newProduct });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: newProduct.name, totalPrice: 15, disable: false, rank: 0 });
    expect(made.body.description).toBe('<p>Soft</p>');
    expect((await call('get', `/products/${made.body.id}`)).status).toBe(200);
  });

  it('refuses bad and unknown fields with 400 naming the field, storing nothing', async () => {
    const before = (await products(ADMIN)).length;
    const cases: [object, string][] = [
      [{ ...newProduct, price: -1 }, 'price'],
      [{ ...newProduct, brand: 'acme' }, 'brand'],
      [{ ...newProduct, discount: 101 }, 'discount'],
      [{ ...newProduct, name: 'ab' }, 'name'],
      [{ ...newProduct, rank: 5 }, 'rank'],
      [{ ...newProduct, name: undefined }, 'name'],
    ];
    for (const [body, field] of cases) {
      const reply = await call('post', '/products', { as: ADMIN, body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply.body).field).toBe(field);
    }
    expect((await products(ADMIN)).length).toBe(before);
  });

  it("checks every field with the product form's rule on create, edit and bulk, changing nothing", async () => {
    const target = await inStock();
    const before = await shopState();
    const cases: [object, string, string][] = [
      [{ ...newProduct, name: '<b>Lipstick</b>' }, 'name', 'Minimum 3 and maximum 60 characters'],
      [{ ...newProduct, price: 1.5e-7 }, 'price', 'This value cannot be less than 0 and a maximum of 20 digits'],
      [{ ...newProduct, description: '      ' }, 'description', 'This field is required'],
      [{ ...newProduct, image: 'Upload Image' }, 'image', 'you must upload an image of the product'],
    ];
    for (const [body, field, message] of cases) {
      const made = await call('post', '/products', { as: ADMIN, body });
      expect(made.status).toBe(400);
      expect(errorOf(made.body)).toMatchObject({ field, message });
      const { brand: _b, category: _c, stock: _s, discount: _d, ...edit } = body as typeof newProduct;
      const edited = await call('put', '/products', { as: ADMIN, body: { ...edit, id: target.id } });
      expect(edited.status).toBe(400);
      expect(errorOf(edited.body)).toMatchObject({ field, message });
    }
    const bulk = await call('patch', '/products/bulk', { as: ADMIN, body: { ids: [target.id], discount: 101 } });
    expect(bulk.status).toBe(400);
    expect(errorOf(bulk.body).field).toBe('discount');
    expect(await shopState()).toEqual(before);
  });

  it('answers malformed JSON with 400', async () => {
    const reply = await call('post', '/products', { as: ADMIN, raw: '{"name": ' });
    expect(reply.status).toBe(400);
    expect(errorOf(reply.body).field).toBe('body');
  });

  it('lets an Admin edit a product', async () => {
    const target = await inStock();
    expect((await call('put', '/products', { as: SHOPPER, body: { id: target.id, price: 1 } })).status).toBe(403);
    expect((await call('put', '/products', { as: ADMIN, body: { id: 999999, price: 1 } })).status).toBe(404);
    const edited = await call<Product>('put', '/products', { as: ADMIN, body: { id: target.id, price: 40, discount: 10 } });
    expect(edited.body).toMatchObject({ id: target.id, price: 40, discount: 10, totalPrice: 36, name: target.name });
  });

  it('changes products in bulk all or nothing', async () => {
    const [a, c] = await products();
    const missing = await call('patch', '/products/bulk', { as: ADMIN, body: { ids: [a!.id, 999999], disable: true } });
    expect(missing.status).toBe(404);
    expect((await call<Product>('get', `/products/${a!.id}`)).body.disable).toBe(false);
    const done = await call<Product[]>('patch', '/products/bulk', {
      as: ADMIN,
      body: { ids: [a!.id, c!.id], disable: true, discount: 30 },
    });
    expect(done.body.map((p) => [p.disable, p.discount])).toEqual([
      [true, 30],
      [true, 30],
    ]);
    expect((await call('get', `/products/${a!.id}`)).status).toBe(404);
    expect((await call('patch', '/products/bulk', { as: SHOPPER, body: { ids: [a!.id], disable: false } })).status).toBe(403);
  });
}
