import { CART_FULL, isCartFull } from '~/src/domain/cartSize';
import { isLine, lineStock, lostItsShade, shadeToAdd } from '~/src/domain/cartShade';
import { isAdmin } from '~/src/domain/permissions';
import type { Cart } from '~/src/domain/types';
import { ok, requireExistingSelfOrAdmin, requireSelfOrAdmin, requireUser, type Context, type Operations } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type { CartLineRow, CartRow, ProductRow, Store } from '../ports';
import { cartView } from '../views';

export async function productsOf(store: Store, cart: CartRow): Promise<Map<number, ProductRow>> {
  const rows = await store.listProducts({ ids: cart.lines.map((line) => line.productId) });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each storefront catalogue's products by id, made once for as long as the store answers the same catalogue. */
const catalogueById = new WeakMap<readonly ProductRow[], ReadonlyMap<number, ProductRow>>();

function byId(catalogue: readonly ProductRow[]): ReadonlyMap<number, ProductRow> {
  let products = catalogueById.get(catalogue);
  if (!products) {
    products = new Map(catalogue.map((row) => [row.id, row]));
    catalogueById.set(catalogue, products);
  }
  return products;
}

/**
 * A cart's products for a read: those on the storefront from the catalogue
 * the process holds, the others (sold out, disabled) read in `tx`. A full
 * cart read with every product read again cost about 6 ms of the embedded
 * database's one thread, which a health check queued behind.
 */
async function shownProductsOf(catalogue: ReadonlyMap<number, ProductRow>, tx: Store, cart: CartRow): Promise<Map<number, ProductRow>> {
  const products = new Map<number, ProductRow>();
  const missing: number[] = [];
  for (const { productId } of cart.lines) {
    const row = catalogue.get(productId);
    if (row) products.set(productId, row);
    else missing.push(productId);
  }
  if (missing.length > 0) for (const row of await tx.listProducts({ ids: missing })) products.set(row.id, row);
  return products;
}

export async function cartOf(store: Store, userId: string): Promise<CartRow> {
  return (await store.getCartByUser(userId)) ?? store.createCart(userId);
}

/**
 * A cart as read for a write or an answer: for its owner, the lines that lost
 * their shade taken out of the store and named once in `removed`; for an
 * Admin, kept in the store, unseen, for the owner to be told of them.
 */
interface FreshCart {
  cart: CartRow;
  products: Map<number, ProductRow>;
  removed: Cart['removed'];
}

const isLost = (products: ReadonlyMap<number, ProductRow>) => (line: CartLineRow) => {
  const product = products.get(line.productId);
  return product !== undefined && lostItsShade(product, line);
};

/** The cart as its reader sees it: without the lines that lost their shade, which only an Admin's read leaves in the store. */
function view(cart: CartRow, products: ReadonlyMap<number, ProductRow>, removed: Cart['removed'] = []): Cart {
  return cartView({ ...cart, lines: cart.lines.filter((line) => !isLost(products)(line)) }, products, removed);
}

async function fresh(ctx: Context, tx: Store, read: CartRow): Promise<FreshCart> {
  const products = await productsOf(tx, read);
  const lost = read.lines.filter(isLost(products));
  if (lost.length === 0 || ctx.user?.id !== read.userId) return { cart: read, products, removed: [] };
  const cart = await tx.setCartLines(
    read.id,
    read.lines.filter((line) => !lost.includes(line)),
  );
  const removed = lost.map((line) => ({
    productId: line.productId,
    productName: products.get(line.productId)!.name,
    shadeId: line.shadeId,
  }));
  return { cart, products, removed };
}

/** The cart after a write, with what the read before it removed. */
async function reply(tx: Store, { removed }: FreshCart, lines: readonly CartLineRow[], cartId: number) {
  const cart = await tx.setCartLines(cartId, lines);
  return ok(view(cart, await productsOf(tx, cart), removed));
}

/** The cart by id, when it is the caller's or the caller is an Admin. */
async function ownCart(ctx: Context, tx: Store, cartId: number): Promise<FreshCart> {
  const user = requireUser(ctx);
  const cart = await tx.getCart(cartId);
  if (!cart) throw notFound('Cart');
  if (cart.userId !== user.id && !isAdmin(user)) throw forbidden();
  return fresh(ctx, tx, cart);
}

/** The line of the product in the shade; no shade named (a client that sends none), its line without a shade, else its first. */
function lineOf({ cart, products }: FreshCart, productId: number, shadeId: number | undefined): CartLineRow {
  const lines = cart.lines.filter((line) => line.productId === productId && !isLost(products)(line));
  const line = shadeId === undefined ? (lines.find((l) => l.shadeId === null) ?? lines[0]) : lines.find(isLine({ productId, shadeId }));
  if (!line) throw notFound('Cart line');
  return line;
}

/** A line to change and its product, on sale: a disabled product's line stays until the shopper removes it, and nothing else of it changes. */
function lineOnSale(read: FreshCart, productId: number, shadeId: number | undefined): { line: CartLineRow; product: ProductRow } {
  const line = lineOf(read, productId, shadeId);
  const product = read.products.get(productId);
  if (!product || product.disable) throw notFound('Product');
  return { line, product };
}

/**
 * Every cart write is one transaction that reads the cart first, its row
 * locked (Store.getCart): concurrent writes of one cart take turns, each
 * starting from what the one before left, so none takes a cart past
 * CART_MAX_LINES lines.
 */
export const cartOperations: Pick<
  Operations,
  'getCart' | 'mergeCart' | 'setCartQuantity' | 'removeCartLine' | 'switchCartShade' | 'clearCart'
> = {
  async getCart(ctx, { path }) {
    requireSelfOrAdmin(ctx, path.userId);
    // Read before the transaction: in it, a catalogue read on PGlite's one connection would wait for the transaction to end.
    const catalogue = byId(await ctx.store.storefrontCatalogue());
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, path.userId);
      const read = await cartOf(tx, path.userId);
      const products = await shownProductsOf(catalogue, tx, read);
      // The catalogue may lag another process's write: a line that looks lost is judged again on the database's rows.
      if (!read.lines.some(isLost(products))) return ok(view(read, products));
      const { cart, products: current, removed } = await fresh(ctx, tx, read);
      return ok(view(cart, current, removed));
    });
  },

  async mergeCart(ctx, { body }) {
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, body.userID);
      const read = await fresh(ctx, tx, await cartOf(tx, body.userID));
      const products = await tx.listProducts({ ids: body.allProducts.map((line) => line.productId) });
      const byId = new Map(products.map((p) => [p.id, p]));
      const merged = read.cart.lines.map((line) => ({ ...line }));
      let leftOut = false;
      for (const { productId, shadeId: named, quantity } of body.allProducts) {
        const product = byId.get(productId);
        // A product or shade not there is left out like a disabled or sold-out one: the answer tells no hidden id apart.
        if (!product || product.disable || product.stock === 0) continue;
        const shadeId = shadeToAdd(product, named);
        if (shadeId === undefined) continue;
        const stock = lineStock(product, shadeId);
        if (stock === 0) continue;
        const held = merged.find(isLine({ productId, shadeId }));
        if (held) {
          held.quantity = Math.min(stock, Math.max(quantity, held.quantity));
        } else if (isCartFull(merged.length)) {
          leftOut = true;
        } else {
          merged.push({ productId, shadeId, quantity: Math.min(stock, quantity) });
        }
      }
      // A cart full before the call took none of the new lines: that add is refused, not answered as done.
      if (leftOut && isCartFull(read.cart.lines.length)) throw conflict(CART_FULL);
      return reply(tx, read, merged, read.cart.id);
    });
  },

  async setCartQuantity(ctx, { body }) {
    return ctx.store.transaction(async (tx) => {
      const read = await ownCart(ctx, tx, body.cartID);
      const { line, product } = lineOnSale(read, body.productID, body.shadeID);
      const stock = lineStock(product, line.shadeId);
      if (body.newQuantity > stock) throw badRequest(`Only ${stock} left in stock.`, 'newQuantity');
      const lines = read.cart.lines.map((l) => (l === line ? { ...l, quantity: body.newQuantity } : l));
      return reply(tx, read, lines, read.cart.id);
    });
  },

  async removeCartLine(ctx, { query }) {
    return ctx.store.transaction(async (tx) => {
      const read = await ownCart(ctx, tx, query.cartID);
      const line = lineOf(read, query.productID, query.shadeID);
      return reply(
        tx,
        read,
        read.cart.lines.filter((l) => l !== line),
        read.cart.id,
      );
    });
  },

  async switchCartShade(ctx, { body }) {
    return ctx.store.transaction(async (tx) => {
      const read = await ownCart(ctx, tx, body.cartID);
      const { line, product } = lineOnSale(read, body.productID, body.shadeID);
      const shade = product.shades.find((s) => s.id === body.newShadeID);
      if (!shade) throw notFound('Shade');
      if (shade.id === line.shadeId) return reply(tx, read, read.cart.lines, read.cart.id);
      if (shade.stock === 0) throw badRequest(`${shade.name} is sold out.`, 'newShadeID');
      // A line of the new shade already there joins the switched one, which keeps its place.
      const joined = read.cart.lines.find(isLine({ productId: body.productID, shadeId: shade.id }));
      const quantity = Math.min(shade.stock, line.quantity + (joined?.quantity ?? 0));
      const lines = read.cart.lines.flatMap((l) => (l === joined ? [] : l === line ? [{ ...l, shadeId: shade.id, quantity }] : [l]));
      return reply(tx, read, lines, read.cart.id);
    });
  },

  async clearCart(ctx, { path }) {
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, path.userId);
      const cart = await tx.setCartLines((await cartOf(tx, path.userId)).id, []);
      return ok(cartView(cart, new Map()));
    });
  },
};
