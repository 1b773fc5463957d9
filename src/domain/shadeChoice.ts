import type { Product } from './types';

export type Shade = Product['shades'][number];

/** The URL's query naming the shade a product page shows: `/detail/12?shade=1203`. */
export const SHADE_PARAM = 'shade';

/** The shade named by the URL's `shade` value, if it is one of the product's. */
export function shadeOfParam(product: Product, param: string | null): Shade | undefined {
  const id = Number(param);
  return param && Number.isInteger(id) ? product.shades.find((shade) => shade.id === id) : undefined;
}

/** The shade a product page opens on (DECISIONS, Shades): the one in its URL, else its first shade in stock, else its first; none for a product without shades. */
export const openingShade = (product: Product, param: string | null): Shade | undefined =>
  shadeOfParam(product, param) ?? product.shades.find((shade) => shade.stock > 0) ?? product.shades[0];

/** The product as its page shows it in one shade: the shade's picture and stock. */
export const inShade = (product: Product, shade: Shade | undefined): Product =>
  shade ? { ...product, image: shade.image, stock: shade.stock } : product;

/** A product page's path in a shade: the address the page is shared and found at. */
export const shadePath = (productId: number, shade: { id: number } | null | undefined) =>
  `/detail/${productId}${shade ? `?${SHADE_PARAM}=${shade.id}` : ''}`;
