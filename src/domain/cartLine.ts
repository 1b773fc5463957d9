import type { Cart, Product } from './types';

/** A local cart line as kept under `cartlocal` (spec section 3). */
export interface CartLine {
  amount: number;
  id: number;
  name: string;
  price: number;
  stock: number;
  image: string;
  discount: number;
}

export const clampAmount = (amount: number, stock: number) => Math.max(1, Math.min(Math.floor(amount) || 1, Math.max(stock, 1)));

export function lineOf(product: Product, amount = 1): CartLine {
  const { id, name, price, stock, image, discount } = product;
  return { id, name, price, stock, image, discount, amount: clampAmount(amount, stock) };
}

/** The server cart as local lines: the server is the truth for a signed-in user. */
export const linesOfCart = (cart: Cart): CartLine[] => cart.lines.map((line) => lineOf(line.product, line.quantity));

/** SUBTOTAL: each line's discounted price times its amount, to the cent. */
export function subtotal(lines: readonly CartLine[]): number {
  const cents = lines.reduce((sum, line) => sum + Math.round((line.price - (line.price * line.discount) / 100) * 100) * line.amount, 0);
  return cents / 100;
}
