import type { Filter, Sort } from './catalogue';
import { DEFAULT_FILTER } from './catalogueDefaults';
import { catalogueSearch } from './catalogueUrl';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_PAGING_THRESHOLD, HOME_SECTION_SIZE } from './constants';
import { newest, offers, popular, type StorefrontLists } from './productLists';
import type { CataloguePage } from './types';

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

/** The home page's three sections as pages: each section's first HOME_SECTION_SIZE. */
export const HOME_REQUESTS: readonly PageRequest[] = [
  firstPage('offers', { ...DEFAULT_FILTER, offers: true }, HOME_SECTION_SIZE),
  firstPage('popular', DEFAULT_FILTER, HOME_SECTION_SIZE),
  firstPage('newest', DEFAULT_FILTER, HOME_SECTION_SIZE),
];

export type HomeSections = Pick<StorefrontLists, 'offers' | 'popular' | 'newest'>;

/**
 * The home sections from HOME_REQUESTS' pages, each from its own page (a
 * product may be on all three; the pages are never joined): the first
 * HOME_SECTION_SIZE of each are the whole list's, popular's rank floor
 * applied to its page.
 */
export function homeSections([offersPage, popularPage, newestPage]: readonly CataloguePage[]): HomeSections {
  return { offers: offers(offersPage!.items), popular: popular(popularPage!.items), newest: newest(newestPage!.items) };
}
