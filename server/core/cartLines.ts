import type { CartLineRow, ProductRow } from './ports';

/** A cart line's name: its product and shade. */
export type LineKey = Pick<CartLineRow, 'productId' | 'shadeId'>;

export const isLine =
  ({ productId, shadeId }: LineKey) =>
  (line: LineKey) =>
    line.productId === productId && line.shadeId === shadeId;

/** How many a line can hold: its shade's stock, the product's for a product without shades. */
export const lineStock = (product: ProductRow, shadeId: number | null) =>
  shadeId === null ? product.stock : (product.shades.find((shade) => shade.id === shadeId)?.stock ?? 0);

/**
 * The shade a line sent to the cart takes: the one named, when it is the
 * product's; none named, the product's first shade in stock (DECISIONS.md
 * "Shades": adding from a card or favourites). Undefined for a shade not of
 * the product, or named for a product without shades.
 */
export function shadeToAdd(product: ProductRow, shadeId: number | undefined): number | null | undefined {
  if (shadeId === undefined) return product.shades.length === 0 ? null : product.shades.find((shade) => shade.stock > 0)?.id;
  return product.shades.some((shade) => shade.id === shadeId) ? shadeId : undefined;
}

/** A line naming no shade the product has now: its shade removed by an Admin, or the product's shades changed under it. */
export const lostItsShade = (product: ProductRow, line: CartLineRow) =>
  line.shadeId === null ? product.shades.length > 0 : !product.shades.some((shade) => shade.id === line.shadeId);
