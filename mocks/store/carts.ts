import type { CartRow, CartStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, json, nextId, strict, where, type Entity } from './tables';

const toCart = (e: Entity<'cart'>): CartRow => ({ ...e, lines: json(e.lines) });

export function cartStore(db: Database): CartStore {
  return {
    async getCartByUser(userId) {
      const e = db.cart.findFirst(where({ userId }));
      return e ? toCart(e) : null;
    },
    async getCart(id) {
      const e = db.cart.findFirst(byId(id));
      return e ? toCart(e) : null;
    },
    async createCart(userId) {
      const cart: CartRow = { id: nextId(db.cart.getAll()), userId, lines: [] };
      db.cart.create({ ...cart, lines: '[]' });
      return cart;
    },
    async setCartLines(cartId, lines) {
      return toCart(db.cart.update({ ...byId(cartId), data: { lines: JSON.stringify(lines) }, ...strict } as never) as Entity<'cart'>);
    },
  };
}
