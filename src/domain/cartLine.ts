import type { Cart, Product } from './types';

/** A line's shade as the cart shows it: its id, name and colour. */
export interface LineShade {
  id: number;
  name: string;
  hex: string;
}

/** A local cart line as kept under `cartlocal` (spec section 3), with its shade (DECISIONS, Shades: a line is a product in a shade). */
export interface CartLine {
  amount: number;
  id: number;
  name: string;
  price: number;
  /** The shade's stock for a line in a shade, else the product's. */
  stock: number;
  image: string;
  discount: number;
  /** Null for a product without shades (and a line stored before shades, until the server names the shade it took). */
  shade: LineShade | null;
}

export const clampAmount = (amount: number, stock: number) => Math.max(1, Math.min(Math.floor(amount) || 1, Math.max(stock, 1)));

/** The line of a product, in the shade `shadeId` (one of the product's) or, without one, as the product. */
export function lineOf(product: Product, amount = 1, shadeId: number | null = null): CartLine {
  const shade = shadeId === null ? undefined : product.shades.find((s) => s.id === shadeId);
  const { id, name, price, discount } = product;
  const stock = shade ? shade.stock : product.stock;
  return {
    id,
    name,
    price,
    stock,
    image: shade ? shade.image : product.image,
    discount,
    amount: clampAmount(amount, stock),
    shade: shade ? { id: shade.id, name: shade.name, hex: shade.hex } : null,
  };
}

export const shadeIdOf = (line: CartLine) => line.shade?.id ?? null;

/**
 * Whether the line is the product's in the shade `shadeId`; a shade not
 * named (null) is any of the product's lines, as the server reads a call
 * without one (its line without a shade, else its first).
 */
export const isLineOf = (line: CartLine, id: number, shadeId: number | null) =>
  line.id === id && (shadeId === null || shadeIdOf(line) === shadeId);

/** What the shopper is told a line is: the product, and its shade when it has one. */
export const lineName = (line: CartLine) => (line.shade ? `${line.name} (${line.shade.name})` : line.name);

/** The server cart as local lines: the server is the truth for a signed-in user. */
export const linesOfCart = (cart: Cart): CartLine[] => cart.lines.map((line) => lineOf(line.product, line.quantity, line.shadeId));

/** SUBTOTAL: each line's discounted price times its amount, to the cent. */
export function subtotal(lines: readonly CartLine[]): number {
  const cents = lines.reduce((sum, line) => sum + Math.round((line.price - (line.price * line.discount) / 100) * 100) * line.amount, 0);
  return cents / 100;
}
