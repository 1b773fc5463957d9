import { totalPrice } from '~/src/domain/price';
import type { Cart, Comment, Order, Product, User } from '~/src/domain/types';
import type { CartRow, CommentRow, OrderRow, ProductRow, UserRow } from './ports';

export function productView({ baseRank: _rank, baseReviews: _reviews, ...row }: ProductRow): Product {
  return { ...row, totalPrice: totalPrice(row.price, row.discount) };
}

export function userView(row: UserRow): User {
  return { id: row.id, username: row.username, email: row.email, type: row.type, img: row.img, createdAt: row.createdAt };
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Lines whose product is gone are left out; the total comes from current prices. `removed`: the lines that lost their shade, told once. */
export function cartView(cart: CartRow, products: ReadonlyMap<number, ProductRow>, removed: Cart['removed'] = []): Cart {
  const lines = cart.lines.flatMap((line) => {
    const row = products.get(line.productId);
    return row ? [{ productId: line.productId, shadeId: line.shadeId, quantity: line.quantity, product: productView(row) }] : [];
  });
  const total = lines.reduce((sum, line) => sum + line.product.totalPrice * line.quantity, 0);
  return { id: cart.id, userId: cart.userId, totalPrice: cents(total), lines, removed };
}

export const cartTotal = (cart: CartRow, products: ReadonlyMap<number, ProductRow>) => cartView(cart, products).totalPrice;

export function orderView(row: OrderRow): Order {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: row.userEmail,
    status: row.status,
    address: row.address,
    totalPrice: row.totalPrice,
    createdAt: row.createdAt,
    lines: row.lines.map((line) => ({
      ...line,
      shadeId: line.shadeId ?? null,
      shadeName: line.shadeName ?? null,
      shadeHex: line.shadeHex ?? null,
    })),
    history: row.history,
  };
}

export function commentView(row: CommentRow, author: UserRow | undefined): Comment {
  return {
    id: row.id,
    text: row.text,
    userId: row.userId,
    productId: row.productId,
    createdAt: row.createdAt,
    user: { username: author?.username ?? 'Former customer', img: author?.img ?? null },
  };
}
