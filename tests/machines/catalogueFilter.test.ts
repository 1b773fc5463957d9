import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { catalogueFilterMachine, type Publication } from '../../machines/catalogueFilter.machine';
import { isResetFilter } from '../../src/domain/catalogueQuery';
import type { CatalogueQuery } from '../../src/domain/catalogueUrl';
import { pageParams } from '../../src/domain/pageParams';
import { pageKey, type PageRequest } from '../../src/domain/pageRequest';
import type { CataloguePage } from '../../src/domain/types';
import { serverReads } from '../../src/state/shop/catalogueReads';
import { readPage } from '../../src/state/shop/productReads';
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
 * The catalogue's filters on the mock backend, paged: the pages a rendered
 * page carries are the backend's own answers, read at once through the
 * app's reads (serverReads' peekPage); any other page is asked with the
 * app's readPage (GET /products?page=). The URL is what `publish` last
 * wrote, or what Back brought. (CataloguePage.tsx provides the machine
 * inside the component; its wiring is not in a module of its own yet.)
 */
const catalogueFilterBinding: MachineBinding = {
  name: 'catalogueFilter',
  async open(shop, path) {
    const pages = Object.fromEntries(await Promise.all(EMBEDDED.map(async (request) => [pageKey(request), await backendPage(shop, request)] as const)));
    const { peekPage: peek } = serverReads({ pages, products: {} });
    const start = path.input as CatalogueQuery;
    /** The URL's query: the start's, then each one published or brought by Back. */
    let url = queryOf(start);
    /** Whether the URL was corrected (replaced) since the shopper last changed the filters, sort or URL. */
    let corrected = false;
    return {
      logic: catalogueFilterMachine.provide({
        actors: { fetchPage: fromPromise<CataloguePage, PageRequest>(({ input, signal }) => readPage(input, signal)) },
        actions: {
          publish: (_, publication: Publication) => {
            corrected ||= publication.replace;
            url = queryOf(publication.query);
          },
        },
      }),
      input: { ...start, peek },
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
