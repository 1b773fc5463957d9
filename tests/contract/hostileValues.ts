import { expect, it } from 'vitest';
import type { Cart, User } from '~/src/domain/types';
import { ADMIN, type ContractApi, SHOPPER } from './suiteApi';

/** Values meant to break or inject: refused, or stored as plain text. */
export function hostileValueTests({ call, errorOf, shopState }: ContractApi) {
  const PAST_INT4 = 2147483648;

  it('refuse ids past what the database can hold, naming the field, changing nothing', async () => {
    const before = await shopState();
    const cartID = (await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.id;
    const attempts = [
      call('get', `/products/${PAST_INT4}`),
      call('get', '/comments', { query: { productId: PAST_INT4 } }),
      call('post', '/favorites', { as: SHOPPER, body: { userId: SHOPPER.uid, productId: PAST_INT4 } }),
      call('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId: PAST_INT4, quantity: 1 }] } }),
      call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: PAST_INT4, productID: 1, newQuantity: 1 } }),
      call('delete', '/cart', { as: SHOPPER, query: { cartID, productID: PAST_INT4 } }),
      call('put', '/cart/shade', { as: SHOPPER, body: { cartID, productID: 1, shadeID: 1, newShadeID: PAST_INT4 } }),
      call('delete', '/comments', { as: SHOPPER, query: { commentId: PAST_INT4 } }),
      call('patch', '/orders', { as: ADMIN, body: { orderID: PAST_INT4, status: 'cancelled' } }),
      call('put', '/products', { as: ADMIN, body: { id: PAST_INT4, stock: 1 } }),
    ];
    const fields = [
      'id',
      'productId',
      'productId',
      'allProducts.0.productId',
      'cartID',
      'productID',
      'newShadeID',
      'commentId',
      'orderID',
      'id',
    ];
    const replies = await Promise.all(attempts);
    expect(replies.map((r) => r.status)).toEqual(fields.map(() => 400));
    expect(replies.map((r) => errorOf(r.body).field)).toEqual(fields);
    expect(await shopState()).toEqual(before);
  });

  it('refuse a NUL character or half a surrogate pair in any parameter or field, naming it, changing nothing', async () => {
    const before = await shopState();
    const search = await call('get', '/products', { query: { name: 'a\u0000b' } });
    const img = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { img: '/uploads/a\u0000b.webp' } } });
    const lookup = await call('get', `/users/${encodeURIComponent('a\u0000b@x.test')}`, { as: ADMIN });
    const product = {
      name: 'Lone Surrogate',
      price: 10,
      brand: 'nyx',
      category: 'lipstick',
      stock: 5,
      image: '/images/products/1.webp',
      discount: 0,
    };
    const created = await call('post', '/products', { as: ADMIN, body: { ...product, description: 'abcd\ud800efgh' } });
    const imported = await call('post', '/products/import', {
      as: ADMIN,
      body: { products: [{ ...product, description: 'abcd\udfffefgh' }] },
    });
    expect([search, img, lookup, created, imported].map((r) => [r.status, errorOf(r.body).field])).toEqual([
      [400, 'name'],
      [400, 'newUser.img'],
      [400, 'idOrEmail'],
      [400, 'description'],
      [400, 'products.0.description'],
    ]);
    expect(errorOf(img.body).message).toBe('newUser.img must be text without NUL characters or broken Unicode.');
    expect(await shopState()).toEqual(before);
  });

  it('take a picture only from the shop, https or the mock backend, never a script or data URL', async () => {
    const before = await shopState();
    for (const img of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.test/a.png', 'http://evil.test/a.png']) {
      const reply = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { img } } });
      expect([reply.status, errorOf(reply.body).field]).toEqual([400, 'newUser.img']);
    }
    expect(await shopState()).toEqual(before);
    const photo = 'https://lh3.googleusercontent.com/a/photo';
    const taken = await call<User>('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { img: photo } } });
    expect([taken.status, taken.body.img]).toEqual([200, photo]);
  });
}
