import type { SnapshotFrom } from 'xstate';
import { catalogueFilterMachine, type PeekPage } from '~/machines/catalogueFilter.machine';
import { DEFAULT_FILTER, DEFAULT_SORT, type Filter } from '~/src/domain/catalogue';
import { PRICE_FILTER_MAX, type Category } from '~/src/domain/constants';
import { pageKey, type PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage } from '~/src/domain/types';
import { answers, fails, type MachineModel } from './harness/model';

type Snapshot = SnapshotFrom<typeof catalogueFilterMachine>;

/** A filter no product meets: the dearest price there is as the lowest. */
export const NOTHING: Partial<Filter> = { priceMin: PRICE_FILTER_MAX };
/** A brand the seeded catalogue has, in every category it has. */
export const BRAND: Partial<Filter> = { brands: 'nyx' };
/** A category the seeded catalogue has: its page is /listproducts/blush. */
export const CATEGORY: Category = 'blush';

/** How the storefront holds its catalogue: paged (pages asked of the server) or the whole list (below the paging threshold, pages cut from it). */
export type CatalogueMode = 'paged' | 'list';

/** Where a path starts: the catalogue or a category's page, paged or listed; the machine's input, with the mode its binding wires. */
export interface FilterStart {
  filter: Filter;
  sort: typeof DEFAULT_SORT;
  page: number;
  category: Category | undefined;
  peek: PeekPage;
  mode: CatalogueMode;
}

/** The filter a page starts with and Reset leaves: every product, or the page's category. */
const startFilter = (category: Category | undefined): Filter => ({ ...DEFAULT_FILTER, categories: category ?? 'all' });

/**
 * The pages a server-rendered catalogue page carries, read at once: the
 * first page (what the URL of the path asks) and the one that matches
 * nothing; any other is asked of the server.
 */
export const embeddedPages = (category: Category | undefined): PageRequest[] => [
  { filter: startFilter(category), sort: DEFAULT_SORT, page: 1 },
  { filter: { ...startFilter(category), ...NOTHING }, sort: DEFAULT_SORT, page: 1 },
];

const matchesNothing = (request: PageRequest) => request.filter.priceMin === NOTHING.priceMin;
/** The model's page for a request: some products, or none for NOTHING. */
const pageFor = (request: PageRequest): CataloguePage => {
  const total = matchesNothing(request) ? 0 : 20;
  return {
    items: [],
    page: request.page,
    pageCount: Math.max(1, Math.ceil(total / 16)),
    total,
    facets: { brands: [], categories: [], colours: [] },
  };
};
/** Paged: the embedded pages are known at once. */
const embeddedPeek = (category: Category | undefined): PeekPage => {
  const embedded = new Set(embeddedPages(category).map(pageKey));
  return (request) => (embedded.has(pageKey(request)) ? pageFor(request) : undefined);
};
/** Listed, before the list has come: no page is known at once. */
const nothingKnown: PeekPage = () => undefined;

/**
 * Listed, the list has come with the first page's answer (one with
 * products, or one that matched nothing) while the page still knows no
 * page at once: the page then sends CATALOGUE at once (CataloguePage's
 * effect on its known pages), and a page asked meanwhile is cut from the
 * list, which cannot fail.
 */
const listCame = ({ context }: Snapshot) => context.peek === nothingKnown && (context.result !== null || context.notFound);

/**
 * The catalogue's sort, filters and page: the shopper sorts, filters by a
 * brand or by what matches nothing, resets, goes to page 2, goes Back (the
 * URL's query), and (`panel`) opens the panel. The pages known at once are
 * read so, the others asked (of the server, or of the list, loaded first),
 * which answers or (`changes`) cannot be reached, and then the shopper
 * retries; (`changes`) the catalogue changes.
 */
const filterModel = (
  label: string,
  mode: CatalogueMode,
  category: Category | undefined,
  { changes, panel }: { changes: boolean; panel: boolean },
): MachineModel<typeof catalogueFilterMachine> => {
  // Paged, the catalogue's change brings the same pages known; listed, it is the list come (or read again): every page is known.
  const peek = mode === 'paged' ? embeddedPeek(category) : nothingKnown;
  const changed = mode === 'paged' ? peek : pageFor;
  const start: FilterStart = { filter: startFilter(category), sort: DEFAULT_SORT, page: 1, category, peek, mode };
  return {
    name: 'catalogueFilter',
    machine: catalogueFilterMachine,
    inputs: [{ label, input: start }],
    key: ({ context }) => ({
      filter: context.filter,
      sort: context.sort,
      page: context.page,
      notFound: context.notFound,
      shown: context.result !== null,
      listed: context.peek === pageFor,
    }),
    effect: ({ context }) => ({
      filter: context.filter,
      sort: context.sort,
      page: context.page,
      notFound: context.notFound,
      panelOpen: context.panelOpen,
      shown: context.result !== null,
    }),
    events: (snapshot) => (listCame(snapshot) ? [{ type: 'CATALOGUE', peek: changed }] : shopperEvents(snapshot)),
    outcomes: {
      fetchPage: [
        answers((_, input) => pageFor(input as PageRequest)),
        ...(changes ? [{ ...fails<Snapshot>(), when: (snapshot: Snapshot) => !listCame(snapshot) }] : []),
      ],
    },
  };

  function shopperEvents({ context }: Snapshot) {
    const publishing = [
      {
        type: 'SORT',
        sort: context.sort === DEFAULT_SORT ? 'A-Z' : DEFAULT_SORT,
        label: context.sort === DEFAULT_SORT ? 'A-Z' : 'back to popular',
      },
      { type: 'FILTER', patch: BRAND, label: 'brand' },
      { type: 'FILTER', patch: NOTHING, label: 'nothing' },
      { type: 'RESET' },
      { type: 'PAGE', page: 2 },
      { type: 'FROM_URL', filter: startFilter(category), sort: DEFAULT_SORT, page: 1, label: 'back' },
    ];
    return [
      ...publishing,
      ...(panel ? [{ type: 'TOGGLE_PANEL' }] : []),
      ...(changes ? [{ type: 'CATALOGUE', peek: changed }, { type: 'RETRY' }] : []),
    ];
  }
};

/**
 * The catalogue paged, with everything the shopper and the server can do;
 * held whole as a list (a first visit: the list not come yet), the same but
 * the panel (which reads nothing); a category's page paged, with what it
 * publishes in its URL (its sort, filters and page) and every page
 * answered.
 */
export const catalogueFilterModels = [
  filterModel('', 'paged', undefined, { changes: true, panel: true }),
  filterModel('listed', 'list', undefined, { changes: true, panel: false }),
  filterModel(`category ${CATEGORY}`, 'paged', CATEGORY, { changes: false, panel: false }),
];
