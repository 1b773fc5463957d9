/** What the cart's shade rules read of a product: its stock and its shades' ids and stock. */
export interface StockedProduct {
  stock: number;
  shades: readonly { id: number; stock: number }[];
}

/** A cart line's name (DECISIONS.md "Shades": a line is a product in a shade): the shade null for a product without shades. */
export interface LineKey {
  productId: number;
  shadeId: number | null;
}

export const isLine =
  ({ productId, shadeId }: LineKey) =>
  (line: LineKey) =>
    line.productId === productId && line.shadeId === shadeId;

/** How many a line can hold: its shade's stock, the product's for a product without shades. */
export const lineStock = (product: StockedProduct, shadeId: number | null) =>
  shadeId === null ? product.stock : (product.shades.find((shade) => shade.id === shadeId)?.stock ?? 0);

/**
 * The shade a line sent to the cart takes: the one named, when it is the
 * product's; none named, the product's first shade in stock (DECISIONS.md
 * "Shades": adding from a card or favourites). Undefined for a shade not of
 * the product, or named for a product without shades.
 */
export function shadeToAdd(product: StockedProduct, shadeId: number | undefined): number | null | undefined {
  if (shadeId === undefined) return product.shades.length === 0 ? null : product.shades.find((shade) => shade.stock > 0)?.id;
  return product.shades.some((shade) => shade.id === shadeId) ? shadeId : undefined;
}

/** A line naming no shade the product has now: its shade removed by an Admin, or the product's shades changed under it. */
export const lostItsShade = (product: StockedProduct, line: Pick<LineKey, 'shadeId'>) =>
  line.shadeId === null ? product.shades.length > 0 : !product.shades.some((shade) => shade.id === line.shadeId);
