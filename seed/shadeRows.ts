import type { Brand, Category } from '~/src/domain/constants';
import { spreadStock } from '~/src/domain/shades';
import type { NewProduct, NewShade, ProductRow } from '~/server/core/ports';
import { shadeImage } from './catalogue/productImage';

/** A product as the catalogue generator makes it: its shades named and coloured, their stock and pictures not yet given. */
export type GeneratedProduct = Omit<ProductRow, 'shades'> & { shades: { name: string; hex: string }[] };

/** Shades named and coloured, given the product's stock spread over them (as migration 018 spreads it) and each its rendered picture. */
export function shadesOf(
  product: { brand: Brand; category: Category; stock: number },
  shades: readonly { name: string; hex: string }[],
): NewShade[] {
  const stock = spreadStock(product.stock, shades.length);
  return shades.map(({ name, hex }, index) => ({ name, hex, stock: stock[index]!, image: shadeImage(product, hex) }));
}

/** A generated product as the store inserts it: its ratings its base, its stock spread over its shades. */
export const newProductOf = ({ id: _id, rank: _rank, reviews: _reviews, shades, ...product }: GeneratedProduct): NewProduct => ({
  ...product,
  shades: shadesOf(product, shades),
});

/** A generated product as a store holds it, without a store: its shades numbered from its id (unique while a product has at most 99). */
export const productRowOf = (product: GeneratedProduct): ProductRow => ({
  ...product,
  shades: shadesOf(product, product.shades).map((shade, index) => ({ ...shade, id: product.id * 100 + index + 1 })),
});
