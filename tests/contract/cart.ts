import { describe, expect, it } from 'vitest';
import type { Cart, Product } from '~/src/domain/types';
import { ADMIN, BUYER, type ContractApi, SHOPPER } from './suiteApi';

/** The stock a line of the product takes when added with no shade named: its first shade in stock's. */
const addedStock = (product: Product) => product.shades.find((shade) => shade.stock > 0)?.stock ?? product.stock;

/** A shopper's cart: its lines, quantities and stock. */
export function cartTests({ call, errorOf, products }: ContractApi) {
  it('is the owner’s or an Admin’s only', async () => {
    expect((await call('get', `/cart/${SHOPPER.uid}`)).status).toBe(401);
    expect((await call('get', `/cart/${BUYER.uid}`, { as: SHOPPER })).status).toBe(403);
    const own = await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER });
    expect(own.body).toMatchObject({ userId: SHOPPER.uid, lines: [], totalPrice: 0 });
    expect((await call('get', `/cart/${SHOPPER.uid}`, { as: ADMIN })).status).toBe(200);
    expect((await call('get', '/cart/nobody-here', { as: ADMIN })).status).toBe(404);
  });

  it('merges local lines, capped at stock, leaving out what cannot be sold', async () => {
    const all = await products(ADMIN);
    const few = all.find((p) => !p.disable && p.stock > 0 && p.stock < 50)!;
    const held = addedStock(few);
    const soldOut = all.find((p) => !p.disable && p.stock === 0)!;
    const disabled = all.find((p) => p.disable)!;
    const merged = await call<Cart>('post', '/cart/bulk', {
      as: SHOPPER,
      body: {
        userID: SHOPPER.uid,
        allProducts: [
          { productId: few.id, quantity: 99 },
          { productId: soldOut.id, quantity: 1 },
          { productId: disabled.id, quantity: 1 },
          { productId: 999999, quantity: 1 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.lines.map((l) => [l.productId, l.quantity])).toEqual([[few.id, held]]);
    expect(merged.body.totalPrice).toBe(Math.round(few.totalPrice * held * 100) / 100);
    const again = await call<Cart>('post', '/cart/bulk', {
      as: SHOPPER,
      body: { userID: SHOPPER.uid, allProducts: [{ productId: few.id, quantity: 1 }] },
    });
    expect(again.body.lines).toHaveLength(1);
    expect(again.body.lines[0]!.quantity).toBe(held);
  });

  it('changes quantities within stock, removes a line and clears', async () => {
    const [p1, p2] = (await products()).filter((p) => addedStock(p) >= 3);
    const cart = (
      await call<Cart>('post', '/cart/bulk', {
        as: SHOPPER,
        body: {
          userID: SHOPPER.uid,
          allProducts: [
            { productId: p1!.id, quantity: 1 },
            { productId: p2!.id, quantity: 1 },
          ],
        },
      })
    ).body;
    const tooMany = await call('put', '/cart/quantity', {
      as: SHOPPER,
      body: { cartID: cart.id, productID: p1!.id, newQuantity: p1!.stock + 1 },
    });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany.body).field).toBe('newQuantity');
    expect(
      (await call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: p1!.id, newQuantity: 0 } })).status,
    ).toBe(400);
    expect((await call('put', '/cart/quantity', { as: BUYER, body: { cartID: cart.id, productID: p1!.id, newQuantity: 2 } })).status).toBe(
      403,
    );
    expect((await call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: 999999, productID: p1!.id, newQuantity: 2 } })).status).toBe(
      404,
    );
    const two = await call<Cart>('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: p1!.id, newQuantity: 3 } });
    expect(two.body.lines.find((l) => l.productId === p1!.id)!.quantity).toBe(3);
    const removed = await call<Cart>('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID: p1!.id } });
    expect(removed.body.lines.map((l) => l.productId)).toEqual([p2!.id]);
    expect((await call('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID: p1!.id } })).status).toBe(404);
    expect((await call('delete', `/cart/${SHOPPER.uid}`, { as: BUYER })).status).toBe(403);
    const cleared = await call<Cart>('delete', `/cart/${SHOPPER.uid}`, { as: SHOPPER });
    expect(cleared.body).toMatchObject({ lines: [], totalPrice: 0 });
  });

  describe('holds 100 lines at most', () => {
    const CART_FULL = 'Your cart can hold 100 products at most.';
    /** `count` products a cart can take two of, in catalogue order. */
    const stocked = async (count: number) => (await products()).filter((p) => addedStock(p) >= 2).slice(0, count);
    const merge = (lines: Product[], quantity = 1) =>
      call<Cart>('post', '/cart/bulk', {
        as: SHOPPER,
        body: { userID: SHOPPER.uid, allProducts: lines.map((p) => ({ productId: p.id, quantity })) },
      });
    const linesOf = (cart: Cart) => cart.lines.map((l) => [l.productId, l.quantity]);

    it('refuses the 101st product with 409 and changes nothing; a line already there still changes', async () => {
      const chosen = await stocked(101);
      const full = await merge(chosen.slice(0, 100));
      expect(full.body.lines).toHaveLength(100);

      const refused = await merge(chosen.slice(100));
      expect(refused.status).toBe(409);
      expect(errorOf(refused.body)).toMatchObject({ code: 'conflict', message: CART_FULL });
      const refusedWithRaise = await merge([chosen[0]!, chosen[100]!], 2);
      expect(refusedWithRaise.status).toBe(409);
      expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body).toEqual(full.body);

      const changed = await call<Cart>('put', '/cart/quantity', {
        as: SHOPPER,
        body: { cartID: full.body.id, productID: chosen[0]!.id, newQuantity: 2 },
      });
      expect(changed.status).toBe(200);
      expect(linesOf(changed.body)).toEqual([[chosen[0]!.id, 2], ...linesOf(full.body).slice(1)]);
      const raised = await merge([chosen[1]!], 2);
      expect(raised.status).toBe(200);
      expect(linesOf(raised.body)).toEqual([[chosen[0]!.id, 2], [chosen[1]!.id, 2], ...linesOf(full.body).slice(2)]);
    });

    it('merges into a cart of 95 lines the first 5 new products it is sent and leaves out the rest', async () => {
      const chosen = await stocked(105);
      await merge(chosen.slice(0, 95));
      const merged = await merge(chosen.slice(95));
      expect(merged.status).toBe(200);
      expect(merged.body.lines.map((l) => l.productId)).toEqual(chosen.slice(0, 100).map((p) => p.id));
      expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body).toEqual(merged.body);
    });

    it('takes one of several products added at once to a cart with room for one', async () => {
      const chosen = await stocked(104);
      await merge(chosen.slice(0, 99));
      const answers = await Promise.all(chosen.slice(99).map((p) => merge([p])));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.lines).toHaveLength(100);
    });
  });

  it('answers the same for a product that is not there and a disabled one: a shopper cannot tell hidden ids apart', async () => {
    const disabled = (await products(ADMIN)).find((p) => p.disable)!;
    const [held] = await products();
    const cart = (
      await call<Cart>('post', '/cart/bulk', {
        as: SHOPPER,
        body: { userID: SHOPPER.uid, allProducts: [{ productId: held!.id, quantity: 1 }] },
      })
    ).body;
    /** Every cart and favourites call a shopper can make with a product id, in turn. */
    async function answers(productId: number) {
      const calls = {
        'POST /cart/bulk': () =>
          call('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId, quantity: 1 }] } }),
        'PUT /cart/quantity': () =>
          call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: productId, newQuantity: 1 } }),
        'DELETE /cart': () => call('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID: productId } }),
        'POST /favorites': () => call('post', '/favorites', { as: SHOPPER, body: { userId: SHOPPER.uid, productId } }),
        'DELETE /favorites': () => call('delete', '/favorites', { as: SHOPPER, body: { userId: SHOPPER.uid, productId } }),
      };
      const replies: Record<string, { status: number; body: unknown }> = {};
      for (const [name, send] of Object.entries(calls)) replies[name] = await send();
      return replies;
    }
    const unknown = await answers(999999);
    expect(await answers(disabled.id)).toEqual(unknown);
    expect(unknown['POST /cart/bulk']).toEqual({ status: 200, body: cart });
  });
}
