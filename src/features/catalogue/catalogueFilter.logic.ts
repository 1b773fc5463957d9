import { fromPromise } from 'xstate';
import { catalogueFilterMachine, type PeekPage } from '~/machines/catalogueFilter.machine';
import type { Catalogue } from '~/machines/products.machine';
import { cataloguePageOf } from '~/src/domain/cataloguePage';
import { parseCatalogueQuery } from '~/src/domain/catalogueQuery';
import { catalogueSearch } from '~/src/domain/catalogueUrl';
import type { Category } from '~/src/domain/constants';
import type { PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage, Product } from '~/src/domain/types';
import type { CatalogueReads } from '~/src/state/shop/catalogueReads';

/** What the page gives the filter: the catalogue once loaded, the reads in use, where the URL goes, the page's category. */
export interface CatalogueFilterWiring {
  /** The catalogue, loaded first if it is not (the storefront's products machine): paged, or the whole list. */
  catalogue(): Promise<Catalogue>;
  /** A paged catalogue's reads as they are now: they are made anew when the catalogue changes. */
  reads(): CatalogueReads;
  /** Writes the URL's search (react-router's navigate): `replace` when it corrects the URL rather than records a step. */
  navigate(to: { search: string }, options: { replace: boolean }): void;
  /** The category of /listproducts/{category}, which the URL then leaves out. */
  category: Category | undefined;
}

/**
 * The catalogue filter as CataloguePage runs it: a page not known at once
 * is asked of a paged catalogue's reads, or cut from the loaded list; the
 * sort, filters and page it publishes are the URL's search.
 */
export const catalogueFilterLogic = ({ catalogue, reads, navigate, category }: CatalogueFilterWiring) =>
  catalogueFilterMachine.provide({
    actors: {
      fetchPage: fromPromise<CataloguePage, PageRequest>(async ({ input, signal }) => {
        const loaded = await catalogue();
        return loaded.paged ? reads().fetchPage(input, signal) : cataloguePageOf(loaded.products, input);
      }),
    },
    actions: { publish: (_, { query, replace }) => navigate({ search: catalogueSearch(query, category !== undefined) }, { replace }) },
  });

/** The filter starts from the URL's search, on the page's category, with the pages known at once. */
export const catalogueFilterInput = (search: string, category: Category | undefined, peek: PeekPage) => ({
  ...parseCatalogueQuery(new URLSearchParams(search), category),
  category,
  peek,
});

/** The pages known at once: a paged catalogue's known answers, or cut from the list held (`listed`); none while the catalogue loads. */
export const knownPages = (paged: boolean, reads: CatalogueReads, listed: readonly Product[] | null): PeekPage =>
  paged ? (request) => reads.peekPage(request) : listed ? (request) => cataloguePageOf(listed, request) : () => undefined;
