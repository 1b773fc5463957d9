import { DEFAULT_FILTER } from './catalogue';
import { firstPage, type PageRequest } from './pageRequest';
import type { Product } from './types';

/**
 * 'You might also like...' as pages: the product's category by rank, and,
 * when the category has no other product, the catalogue by rank; one more
 * than shown, since the product itself may be among them. relatedProducts
 * over these pages' products gives what it gives over the whole list.
 */
export const relatedRequests = (product: Product, limit: number): { sameCategory: PageRequest; popular: PageRequest } => ({
  sameCategory: firstPage('popular', { ...DEFAULT_FILTER, categories: product.category }, limit + 1),
  popular: firstPage('popular', DEFAULT_FILTER, limit + 1),
});
