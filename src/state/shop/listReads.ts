import { cataloguePageOf } from '../../domain/cataloguePage';
import { pageKey, type PageRequest } from '../../domain/pageRequest';
import type { Product } from '../../domain/types';
import type { CatalogueReads, EmbeddedAnswers } from './catalogueReads';

/**
 * The server renderer's reads: every page and product answered at once
 * from the visitor's list, as GET /products?page= and GET /products/{id}
 * answer, and recorded in `answers` for the page to carry.
 */
export function listReads(products: readonly Product[], answers: EmbeddedAnswers): CatalogueReads {
  const peekPage = (request: PageRequest) => (answers.pages[pageKey(request)] ??= cataloguePageOf(products, request));
  return {
    peekPage,
    fetchPage: async (request) => peekPage(request),
    peekProduct: (id) => (answers.products[id] ??= products.find((product) => product.id === id) ?? null),
  };
}
