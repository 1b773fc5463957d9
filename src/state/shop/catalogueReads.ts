import type { PageReads } from '~/src/domain/pageHead';
import { pageKey, type PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage, Product } from '~/src/domain/types';

/** What a paged catalogue's server-rendered page was rendered from, carried beside its HTML: each page by its key, each product read by id (null: none to show). */
export interface EmbeddedAnswers {
  pages: Record<string, CataloguePage>;
  products: Record<string, Product | null>;
  /**
   * The page is a product page whose product is not there (unknown,
   * disabled, no product id): the server answers every such address with
   * this one page, so it names no id; the product of the address it is
   * opened at is the missing one.
   */
  productMissing?: true;
}

/** How the screens of a paged catalogue read it: what is known is read at once (a render, a hydration), the rest asked of the server. */
export interface CatalogueReads extends PageReads {
  fetchPage(request: PageRequest, signal?: AbortSignal): Promise<CataloguePage>;
}

/**
 * The browser's reads: the server's answers embedded in the page first
 * (`openedProductId`: the product the page was opened at, missing when the
 * answers say so), then each page asked for once and kept (until the
 * catalogue changes, which makes new reads).
 */
export function serverReads(embedded: EmbeddedAnswers = { pages: {}, products: {} }, openedProductId?: number): CatalogueReads {
  const pages = new Map(Object.entries(embedded.pages));
  return {
    peekPage: (request) => pages.get(pageKey(request)),
    fetchPage: async (request, signal) => {
      const { readPage } = await import('./productReads');
      const page = await readPage(request, signal);
      pages.set(pageKey(request), page);
      return page;
    },
    // Object.is: the id of /detail/abc is NaN, and is that page's.
    peekProduct: (id) => (embedded.productMissing && Object.is(id, openedProductId) ? null : embedded.products[id]),
  };
}
