import { bench, describe } from 'vitest';
import { generateCatalogue } from '~/seed/catalogue/generate';
import { productRowOf } from '~/seed/shadeRows';
import { DEFAULT_FILTER, catalogueView } from '~/src/domain/catalogue';
import { totalPrice } from '~/src/domain/price';
import { storefrontProducts } from '~/src/domain/productLists';
import type { Product } from '~/src/domain/types';

/** The catalogue's work on each change: storefront list, then filter + sort + page, on large generated catalogues. */
for (const size of [10_000, 100_000]) {
  const products: Product[] = storefrontProducts(
    generateCatalogue(size, 7)
      .map(productRowOf)
      .map((row) => ({ ...row, totalPrice: totalPrice(row.price, row.discount) })),
  );
  describe(`${size.toLocaleString('en-US')} products`, () => {
    bench('popular, no filter, page 1', () => {
      catalogueView(products, DEFAULT_FILTER, 'popular', 1);
    });
    bench('A-Z, brand + price range + offers, page 2', () => {
      catalogueView(products, { ...DEFAULT_FILTER, brands: 'dior', priceMin: 5, priceMax: 40, offers: true }, 'A-Z', 2);
    });
    bench('priceAsc, category, page 10', () => {
      catalogueView(products, { ...DEFAULT_FILTER, categories: 'lipstick' }, 'priceAsc', 10);
    });
  });
}
