import { POPULAR_MIN_RANK } from './constants';
import type { Product } from './types';

/** Whether the product is on the storefront: in stock (above 0) and not disabled. */
export const onStorefront = (product: Pick<Product, 'stock' | 'disable'>) => product.stock > 0 && !product.disable;

/** Storefront lists keep only the products on the storefront. */
export function storefrontProducts(products: readonly Product[]): Product[] {
  return products.filter(onStorefront);
}

function sortedUnique<T extends string>(values: readonly T[]): T[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en'));
}

export const brandsOf = (products: readonly Pick<Product, 'brand'>[]) => sortedUnique(products.map((p) => p.brand));
export const categoriesOf = (products: readonly Pick<Product, 'category'>[]) => sortedUnique(products.map((p) => p.category));

type Sorted<K extends keyof Product> = Pick<Product, K | 'id'>;

export const byOffer = (a: Sorted<'discount' | 'price'>, b: Sorted<'discount' | 'price'>) =>
  b.discount - a.discount || a.price - b.price || a.id - b.id;
export const byRank = (a: Sorted<'rank'>, b: Sorted<'rank'>) => b.rank - a.rank || a.id - b.id;
export const byNewest = (a: Sorted<'createdAt'>, b: Sorted<'createdAt'>) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/** Discount of at least 1, by discount descending, then price ascending. */
export function offers(products: readonly Product[]): Product[] {
  return products.filter((p) => p.discount >= 1).sort(byOffer);
}

/** Rank of at least 4, by rank descending. */
export function popular(products: readonly Product[]): Product[] {
  return products.filter((p) => p.rank >= POPULAR_MIN_RANK).sort(byRank);
}

/** By createdAt descending. */
export function newest(products: readonly Product[]): Product[] {
  return [...products].sort(byNewest);
}

export interface StorefrontLists {
  all: Product[];
  offers: Product[];
  popular: Product[];
  newest: Product[];
  brands: Product['brand'][];
  categories: Product['category'][];
}

export function storefrontLists(products: readonly Product[]): StorefrontLists {
  const all = storefrontProducts(products);
  return {
    all,
    offers: offers(all),
    popular: popular(all),
    newest: newest(all),
    brands: brandsOf(all),
    categories: categoriesOf(all),
  };
}

/** 'You might also like...': same category, else popular ones; never the product itself. */
export function relatedProducts(product: Product, products: readonly Product[], limit: number): Product[] {
  const others = storefrontProducts(products).filter((p) => p.id !== product.id);
  const sameType = others.filter((p) => p.category === product.category).sort(byRank);
  return (sameType.length > 0 ? sameType : popular(others)).slice(0, limit);
}
