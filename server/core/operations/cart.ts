import { CART_FULL, isCartFull } from '~/src/domain/cartSize';
import { isAdmin } from '~/src/domain/permissions';
import { ok, requireExistingSelfOrAdmin, requireUser, type Context, type Operations } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type { CartLineRow, CartRow, ProductRow, Store } from '../ports';
import { cartView } from '../views';

export async function productsOf(store: Store, cart: CartRow): Promise<Map<number, ProductRow>> {
  const rows = await store.listProducts({ ids: cart.lines.map((line) => line.productId) });
  return new Map(rows.map((row) => [row.id, row]));
}

export async function cartOf(store: Store, userId: string): Promise<CartRow> {
  return (await store.getCartByUser(userId)) ?? store.createCart(userId);
}

async function reply(store: Store, cart: CartRow) {
  return ok(cartView(cart, await productsOf(store, cart)));
}

/** The cart by id, when it is the caller's or the caller is an Admin. */
async function ownCart(ctx: Context, tx: Store, cartId: number): Promise<CartRow> {
  const user = requireUser(ctx);
  const cart = await tx.getCart(cartId);
  if (!cart) throw notFound('Cart');
  if (cart.userId !== user.id && !isAdmin(user)) throw forbidden();
  return cart;
}

function lineOf(cart: CartRow, productId: number): CartLineRow {
  const line = cart.lines.find((l) => l.productId === productId);
  if (!line) throw notFound('Cart line');
  return line;
}

/**
 * Every cart write is one transaction that reads the cart first, its row
 * locked (Store.getCart): concurrent writes of one cart take turns, each
 * starting from what the one before left, so none takes a cart past
 * CART_MAX_LINES lines.
 */
export const cartOperations: Pick<Operations, 'getCart' | 'mergeCart' | 'setCartQuantity' | 'removeCartLine' | 'clearCart'> = {
  async getCart(ctx, { path }) {
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, path.userId);
      return reply(tx, await cartOf(tx, path.userId));
    });
  },

  async mergeCart(ctx, { body }) {
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, body.userID);
      const cart = await cartOf(tx, body.userID);
      const products = await tx.listProducts({ ids: body.allProducts.map((line) => line.productId) });
      const byId = new Map(products.map((p) => [p.id, p]));
      const merged = new Map(cart.lines.map((line) => [line.productId, line.quantity]));
      let leftOut = false;
      for (const { productId, quantity } of body.allProducts) {
        const product = byId.get(productId);
        // A product not there is left out like a disabled one: the answer tells no hidden id apart.
        if (!product || product.disable || product.stock === 0) continue;
        const held = merged.get(productId);
        if (held === undefined && isCartFull(merged.size)) {
          leftOut = true;
          continue;
        }
        merged.set(productId, Math.min(product.stock, Math.max(quantity, held ?? 0)));
      }
      // A cart full before the call took none of the new products: that add is refused, not answered as done.
      if (leftOut && isCartFull(cart.lines.length)) throw conflict(CART_FULL);
      const lines = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
      return reply(tx, await tx.setCartLines(cart.id, lines));
    });
  },

  async setCartQuantity(ctx, { body }) {
    return ctx.store.transaction(async (tx) => {
      const cart = await ownCart(ctx, tx, body.cartID);
      lineOf(cart, body.productID);
      const product = await tx.getProduct(body.productID);
      if (!product) throw notFound('Product');
      if (body.newQuantity > product.stock) {
        throw badRequest(`Only ${product.stock} left in stock.`, 'newQuantity');
      }
      const lines = cart.lines.map((l) => (l.productId === body.productID ? { ...l, quantity: body.newQuantity } : l));
      return reply(tx, await tx.setCartLines(cart.id, lines));
    });
  },

  async removeCartLine(ctx, { query }) {
    return ctx.store.transaction(async (tx) => {
      const cart = await ownCart(ctx, tx, query.cartID);
      lineOf(cart, query.productID);
      return reply(
        tx,
        await tx.setCartLines(
          cart.id,
          cart.lines.filter((l) => l.productId !== query.productID),
        ),
      );
    });
  },

  async clearCart(ctx, { path }) {
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, path.userId);
      return reply(tx, await tx.setCartLines((await cartOf(tx, path.userId)).id, []));
    });
  },
};
