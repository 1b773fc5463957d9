import { DEFAULT_FILTER, type Filter, type Sort } from './catalogue';
import { catalogueSearch } from './catalogueUrl';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_PAGING_THRESHOLD, HOME_SECTION_SIZE } from './constants';

/** One page of the storefront catalogue, as the browser asks GET /products for it. */
export interface PageRequest {
  filter: Filter;
  sort: Sort;
  page: number;
  /** CATALOGUE_PAGE_SIZE when left out. */
  pageSize?: number;
}

/** Whether a catalogue of this many storefront products is paged: the browser asks for pages instead of the whole list. */
export const isPagedCatalogue = (storefrontCount: number) => storefrontCount > CATALOGUE_PAGING_THRESHOLD;

/** A page request's key among answers kept (the server's, a browser's): the catalogue URL's search and the page size. */
export const pageKey = (request: PageRequest) => `${catalogueSearch(request)}#${request.pageSize ?? CATALOGUE_PAGE_SIZE}`;

/** The first page of `pageSize` products, sorted and filtered so. */
export const firstPage = (sort: Sort, filter: Filter, pageSize: number): PageRequest => ({ filter, sort, page: 1, pageSize });

/**
 * The home page's three sections as pages: each section's first
 * HOME_SECTION_SIZE. storefrontLists over the three pages' products together
 * gives the sections the whole list gives (popular's rank floor is applied
 * to its page's products).
 */
export const HOME_REQUESTS: readonly PageRequest[] = [
  firstPage('offers', { ...DEFAULT_FILTER, offers: true }, HOME_SECTION_SIZE),
  firstPage('popular', DEFAULT_FILTER, HOME_SECTION_SIZE),
  firstPage('newest', DEFAULT_FILTER, HOME_SECTION_SIZE),
];
