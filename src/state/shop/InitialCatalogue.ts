import { createContext } from 'react';
import type { Product } from '~/src/domain/types';
import type { CatalogueReads } from './catalogueReads';

/**
 * What a server-rendered page was rendered from, so the storefront starts
 * from it instead of reading it again: a small catalogue's whole list, or a
 * paged catalogue's reads (in the browser, the answers the page carries).
 */
export type InitialCatalogue = { paged: false; products: Product[] } | { paged: true; reads: CatalogueReads };

export const InitialCatalogue = createContext<InitialCatalogue | undefined>(undefined);

/** The ids of the JSON a server-rendered page carries beside its HTML: the whole list, or (a paged catalogue) the answers it was rendered from. */
export const CARRIED = { list: 'initial-products', pages: 'initial-pages' } as const;
