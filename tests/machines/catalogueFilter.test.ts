import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { catalogueFilterMachine } from '~/machines/catalogueFilter.machine';
import { productList } from '~/src/api/replies';
import { isResetFilter, parseCatalogueQuery } from '~/src/domain/catalogueQuery';
import { catalogueSearch, type CatalogueQuery } from '~/src/domain/catalogueUrl';
import { pageParams } from '~/src/domain/pageParams';
import { pageKey, type PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage } from '~/src/domain/types';
import { catalogueFilterInput, catalogueFilterLogic, knownPages } from '~/src/features/catalogue/catalogueFilter.logic';
import { serverReads } from '~/src/state/shop/catalogueReads';
import { loadedCatalogue } from '~/src/state/shop/loadedCatalogue';
import { productsLogic } from '~/src/state/shop/shop.logic';
import { catalogueFilterModels, embeddedPages, type FilterStart } from './catalogueFilter.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import type { Shop } from './harness/shop';

type Snapshot = SnapshotFrom<typeof catalogueFilterMachine>;

/** What the backend's catalogue query (GET /products?page=) answers for a page request. */
const backendPage = async (shop: Shop, request: PageRequest) =>
  (await shop.catalogue(
    Object.fromEntries(Object.entries(pageParams(request)).map(([key, value]) => [key, String(value)])),
  )) as CataloguePage;

const queryOf = ({ filter, sort, page }: CatalogueQuery): CatalogueQuery => ({ filter, sort, page });

/** Listed, the storefront's catalogue as the app holds it: the products machine (productsLogic), loaded on first use (loadedCatalogue). */
const storefrontList = (shop: Shop) => {
  const products = createActor(productsLogic(), { input: {}, clock: shop.clock }).start();
  return () => loadedCatalogue(products);
};

/**
 * The catalogue's filters on the mock backend as CataloguePage runs them
 * (catalogueFilterLogic), on the catalogue or on a category's page
 * (/listproducts/blush). Paged, the pages a rendered page carries are the
 * backend's own answers, read at once through the app's reads (serverReads'
 * peekPage), and any other page is asked through the same reads' fetchPage
 * (GET /products?page=). Listed (below the paging threshold), the page is
 * cut from the storefront's list: the products machine as the app runs it
 * (productsLogic, loadedCatalogue) loads it on the first page asked, and
 * once it has come (the model's CATALOGUE) every page is known at once
 * (knownPages). The URL is the search the page last navigated to, read
 * back, or what Back brought.
 */
const catalogueFilterBinding: MachineBinding = {
  name: 'catalogueFilter',
  async open(shop, path) {
    const start = path.input as FilterStart;
    const { category, mode } = start;
    const pages =
      mode === 'paged'
        ? Object.fromEntries(
            await Promise.all(
              embeddedPages(category).map(async (request) => [pageKey(request), await backendPage(shop, request)] as const),
            ),
          )
        : {};
    const reads = serverReads({ pages, products: {} });
    /** What the page knows at once: the embedded pages, or (listed) the list once it has come. */
    const knownNow = async () => (mode === 'paged' ? reads.peekPage : knownPages(false, reads, productList(await shop.catalogue())));
    /** The URL's query: the start's, then each one published or brought by Back. */
    let url = queryOf(start);
    /** The page the shopper last asked for: 1 after a change of sort or filters, or after a no-match's reset. */
    let asked = start.page;
    /** Whether the URL was corrected (replaced) since the shopper last changed the filters, sort or URL. */
    let corrected = false;
    /** The searches the page published that name a category. */
    const naming: string[] = [];
    return {
      logic: catalogueFilterLogic({
        catalogue: mode === 'paged' ? async () => ({ paged: true }) : storefrontList(shop),
        reads: () => reads,
        navigate: ({ search }, { replace }) => {
          corrected ||= replace;
          if (replace) asked = 1;
          if (new URLSearchParams(search).has('category')) naming.push(search);
          url = queryOf(parseCatalogueQuery(new URLSearchParams(search), category));
        },
        category,
      }),
      input: catalogueFilterInput(
        catalogueSearch(start, category !== undefined),
        category,
        mode === 'paged' ? reads.peekPage : knownPages(false, reads, null),
      ),
      async send(event) {
        if (['SORT', 'FILTER', 'RESET', 'FROM_URL'].includes(event.type)) {
          corrected = false;
          asked = 1;
        }
        if (event.type === 'PAGE') asked = Math.max(1, event.page as number);
        if (event.type === 'FROM_URL') {
          url = queryOf(event as unknown as CatalogueQuery);
          asked = url.page;
        }
        if (event.type === 'CATALOGUE') return { type: 'CATALOGUE', peek: await knownNow() };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(url, 'the URL holds the sort, filters and page shown').toEqual(queryOf(context));
        expect(url.page, 'the URL holds the page the shopper asked for').toBe(asked);
        if (category) expect(naming, "a category's page leaves its category out of the URL (/listproducts/{category})").toEqual([]);
        if (snapshot.matches('ready')) {
          expect(context.result, "the page shown is what the backend's catalogue query answers for the URL's query").toEqual(
            await backendPage(shop, url),
          );
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

machinePaths(catalogueFilterModels, catalogueFilterBinding);
