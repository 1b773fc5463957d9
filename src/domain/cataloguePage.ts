import { catalogueIndex, type CatalogueIndex } from './catalogueIndex';
import { CATALOGUE_PAGE_SIZE } from './constants';
import type { PageRequest } from './pageRequest';
import { storefrontProducts } from './productLists';
import type { CataloguePage, Product } from './types';

const indexes = new WeakMap<readonly Product[], CatalogueIndex<Product>>();

/**
 * The page GET /products?page= answers, from the whole list: its storefront
 * products filtered, sorted and paged by catalogueIndex, with the facets;
 * the index is made once per list.
 */
export function cataloguePageOf(
  products: readonly Product[],
  { filter, sort, page, pageSize = CATALOGUE_PAGE_SIZE }: PageRequest,
): CataloguePage {
  let index = indexes.get(products);
  if (!index) {
    index = catalogueIndex(storefrontProducts(products));
    indexes.set(products, index);
  }
  return index.page({ filter, name: null, sort, page, size: pageSize });
}
