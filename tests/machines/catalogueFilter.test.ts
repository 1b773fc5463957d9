import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { catalogueFilterMachine } from '../../machines/catalogueFilter.machine';
import { isResetFilter, parseCatalogueQuery } from '../../src/domain/catalogueQuery';
import { catalogueSearch, type CatalogueQuery } from '../../src/domain/catalogueUrl';
import { pageParams } from '../../src/domain/pageParams';
import { pageKey, type PageRequest } from '../../src/domain/pageRequest';
import type { CataloguePage } from '../../src/domain/types';
import { catalogueFilterInput, catalogueFilterLogic } from '../../src/features/catalogue/catalogueFilterLogic';
import { serverReads } from '../../src/state/shop/catalogueReads';
import { catalogueFilterModel, EMBEDDED } from './catalogueFilter.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import type { Shop } from './harness/shop';

type Snapshot = SnapshotFrom<typeof catalogueFilterMachine>;

/** What the backend's catalogue query answers for a page request. */
const backendPage = async (shop: Shop, request: PageRequest) =>
  (await shop.catalogue(Object.fromEntries(Object.entries(pageParams(request)).map(([key, value]) => [key, String(value)])))) as CataloguePage;

const queryOf = ({ filter, sort, page }: CatalogueQuery): CatalogueQuery => ({ filter, sort, page });

/**
 * The catalogue's filters on the mock backend as CataloguePage runs them
 * (catalogueFilterLogic), paged: the pages a rendered page carries are the
 * backend's own answers, read at once through the app's reads (serverReads'
 * peekPage); any other page is asked through the same reads' fetchPage
 * (GET /products?page=). The URL is the search the page last navigated to,
 * read back, or what Back brought.
 */
const catalogueFilterBinding: MachineBinding = {
  name: 'catalogueFilter',
  async open(shop, path) {
    const pages = Object.fromEntries(await Promise.all(EMBEDDED.map(async (request) => [pageKey(request), await backendPage(shop, request)] as const)));
    const reads = serverReads({ pages, products: {} });
    const peek = reads.peekPage;
    const start = path.input as CatalogueQuery;
    /** The URL's query: the start's, then each one published or brought by Back. */
    let url = queryOf(start);
    /** Whether the URL was corrected (replaced) since the shopper last changed the filters, sort or URL. */
    let corrected = false;
    return {
      logic: catalogueFilterLogic({
        catalogue: async () => ({ paged: true }),
        reads: () => reads,
        navigate: ({ search }, { replace }) => {
          corrected ||= replace;
          url = queryOf(parseCatalogueQuery(new URLSearchParams(search)));
        },
        category: undefined,
      }),
      input: catalogueFilterInput(catalogueSearch(start), undefined, peek),
      async send(event) {
        if (['SORT', 'FILTER', 'RESET', 'FROM_URL'].includes(event.type)) corrected = false;
        if (event.type === 'FROM_URL') url = queryOf(event as unknown as CatalogueQuery);
        if (event.type === 'CATALOGUE') return { type: 'CATALOGUE', peek };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(url, 'the URL holds the sort, filters and page shown').toEqual(queryOf(context));
        if (snapshot.matches('ready')) {
          expect(context.result, "the page shown is what the backend's catalogue query answers").toEqual(await backendPage(shop, queryOf(context)));
        }
        if (context.notFound) {
          expect(isResetFilter(context.filter, context.category), 'a filter that matched nothing was reset').toBe(true);
          expect(corrected, 'the reset replaced the URL rather than adding a step').toBe(true);
        }
      },
      showable: (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'),
    };
  },
};

machinePaths(catalogueFilterModel, catalogueFilterBinding);
