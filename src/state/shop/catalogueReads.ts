import type { PageReads } from '../../domain/pageHead';
import { pageKey, type PageRequest } from '../../domain/pageRequest';
import type { CataloguePage, Product } from '../../domain/types';

/** What a paged catalogue's server-rendered page was rendered from, carried beside its HTML: each page by its key, each product read by id (null: none to show). */
export interface EmbeddedAnswers {
  pages: Record<string, CataloguePage>;
  products: Record<string, Product | null>;
}

/** How the screens of a paged catalogue read it: what is known is read at once (a render, a hydration), the rest asked of the server. */
export interface CatalogueReads extends PageReads {
  fetchPage(request: PageRequest, signal?: AbortSignal): Promise<CataloguePage>;
}

/** The browser's reads: the server's answers embedded in the page first, then each page asked for once and kept (until the catalogue changes, which makes new reads). */
export function serverReads(embedded: EmbeddedAnswers = { pages: {}, products: {} }): CatalogueReads {
  const pages = new Map(Object.entries(embedded.pages));
  return {
    peekPage: (request) => pages.get(pageKey(request)),
    fetchPage: async (request, signal) => {
      const { readPage } = await import('./productReads');
      const page = await readPage(request, signal);
      pages.set(pageKey(request), page);
      return page;
    },
    peekProduct: (id) => embedded.products[id],
  };
}
