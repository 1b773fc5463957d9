import type { Product } from './types';

/** Not in the spec: a shade is low on stock at this many or fewer, so the Admin restocks it before it sells out. */
export const LOW_SHADE_STOCK = 5;

/** The shades of a product on sale (not disabled) that are low on stock; a disabled product's shades are not flagged. */
export const lowShades = (product: Pick<Product, 'disable' | 'shades'>) =>
  product.disable ? [] : product.shades.filter((shade) => shade.stock <= LOW_SHADE_STOCK);

/** What the products table says of a product's shades: their count, and how many are low ('6 shades, 2 low'). */
export function shadeSummary(product: Pick<Product, 'disable' | 'shades'>): { count: string; low: string | null } {
  const low = lowShades(product);
  return { count: String(product.shades.length), low: low.length > 0 ? `${low.length} low` : null };
}
