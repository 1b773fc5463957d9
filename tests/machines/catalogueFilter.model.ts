import type { SnapshotFrom } from 'xstate';
import { catalogueFilterMachine, type PeekPage } from '../../machines/catalogueFilter.machine';
import { DEFAULT_FILTER, DEFAULT_SORT, type Filter } from '../../src/domain/catalogue';
import { PRICE_FILTER_MAX } from '../../src/domain/constants';
import { pageKey, type PageRequest } from '../../src/domain/pageRequest';
import type { CataloguePage } from '../../src/domain/types';
import { answers, fails, type MachineModel } from './harness/model';

type Snapshot = SnapshotFrom<typeof catalogueFilterMachine>;

/** A filter no product meets: the dearest price there is as the lowest. */
export const NOTHING: Partial<Filter> = { priceMin: PRICE_FILTER_MAX };
/** A brand the seeded catalogue has. */
export const BRAND: Partial<Filter> = { brands: 'nyx' };

/**
 * The pages a server-rendered catalogue page carries, read at once: the
 * first page (what the URL of the path asks) and the one that matches
 * nothing; any other is asked of the server.
 */
export const EMBEDDED: readonly PageRequest[] = [
  { filter: DEFAULT_FILTER, sort: DEFAULT_SORT, page: 1 },
  { filter: { ...DEFAULT_FILTER, ...NOTHING }, sort: DEFAULT_SORT, page: 1 },
];

const matchesNothing = (request: PageRequest) => request.filter.priceMin === NOTHING.priceMin;
/** The model's page for a request: some products, or none for NOTHING. */
const pageFor = (request: PageRequest): CataloguePage => {
  const total = matchesNothing(request) ? 0 : 20;
  return { items: [], page: request.page, pageCount: Math.max(1, Math.ceil(total / 16)), total, facets: { brands: [], categories: [] } };
};
const embedded = new Set(EMBEDDED.map(pageKey));
const modelPeek: PeekPage = (request) => (embedded.has(pageKey(request)) ? pageFor(request) : undefined);

/**
 * The catalogue's sort, filters and page: the shopper sorts, filters by a
 * brand or by what matches nothing, resets, goes to page 2, opens the
 * panel, goes Back (the URL's query), retries; the catalogue changes. The
 * pages the rendered page carries are read at once, the others asked of the
 * server, which answers or cannot be reached.
 */
export const catalogueFilterModel: MachineModel<typeof catalogueFilterMachine> = {
  name: 'catalogueFilter',
  machine: catalogueFilterMachine,
  inputs: [{ label: '', input: { filter: DEFAULT_FILTER, sort: DEFAULT_SORT, page: 1, peek: modelPeek } }],
  key: ({ context }) => ({
    filter: context.filter,
    sort: context.sort,
    page: context.page,
    notFound: context.notFound,
    shown: context.result !== null,
  }),
  effect: ({ context }) => ({
    filter: context.filter,
    sort: context.sort,
    page: context.page,
    notFound: context.notFound,
    panelOpen: context.panelOpen,
    shown: context.result !== null,
  }),
  events: ({ context }) => [
    { type: 'SORT', sort: context.sort === DEFAULT_SORT ? 'A-Z' : DEFAULT_SORT, label: context.sort === DEFAULT_SORT ? 'A-Z' : 'back to popular' },
    { type: 'FILTER', patch: BRAND, label: 'brand' },
    { type: 'FILTER', patch: NOTHING, label: 'nothing' },
    { type: 'RESET' },
    { type: 'PAGE', page: 2 },
    { type: 'TOGGLE_PANEL' },
    { type: 'FROM_URL', filter: DEFAULT_FILTER, sort: DEFAULT_SORT, page: 1, label: 'back' },
    { type: 'CATALOGUE', peek: modelPeek },
    { type: 'RETRY' },
  ],
  outcomes: {
    fetchPage: [answers((_, input) => pageFor(input as PageRequest)), fails<Snapshot>()],
  },
};
