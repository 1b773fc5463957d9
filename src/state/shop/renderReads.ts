import { pageKey, type PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage, Product } from '~/src/domain/types';
import type { CatalogueReads, EmbeddedAnswers } from './catalogueReads';

/** Where the server renderer reads a paged catalogue, as a visitor would: GET /products?page= and GET /products/{id}. */
export interface CatalogueSource {
  page(request: PageRequest): Promise<CataloguePage>;
  /** null when there is no such product to show (404). */
  product(id: number): Promise<Product | null>;
}

/** What a render asked for that had not been read. */
export interface Wanted {
  pages: Map<string, PageRequest>;
  products: Set<number>;
}

export const nothingWanted = (): Wanted => ({ pages: new Map(), products: new Set() });

/**
 * The server renderer's reads of a paged catalogue: what was read for the
 * page so far (`answers`, which the page carries) is known at once; anything
 * else is not known yet and noted in `wanted`, for the renderer to read
 * (readWanted) before it renders again.
 */
export function renderReads(answers: EmbeddedAnswers, wanted: Wanted, source: CatalogueSource): CatalogueReads {
  const peekPage = (request: PageRequest) => {
    const key = pageKey(request);
    const page = answers.pages[key];
    if (!page) wanted.pages.set(key, request);
    return page;
  };
  return {
    peekPage,
    fetchPage: async (request) => peekPage(request) ?? source.page(request),
    peekProduct: (id) => {
      if (!(id in answers.products)) wanted.products.add(id);
      return answers.products[id];
    },
  };
}

/** Reads what a render wanted into its answers (an id that is no product id is missing without asking). */
export async function readWanted(source: CatalogueSource, wanted: Wanted, answers: EmbeddedAnswers): Promise<void> {
  await Promise.all([
    ...[...wanted.pages].map(async ([key, request]) => {
      answers.pages[key] = await source.page(request);
    }),
    ...[...wanted.products].map(async (id) => {
      answers.products[id] = Number.isInteger(id) && id >= 1 ? await source.product(id) : null;
    }),
  ]);
}
