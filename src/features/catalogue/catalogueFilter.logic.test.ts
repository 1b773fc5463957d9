import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, DEFAULT_SORT } from '~/src/domain/catalogue';
import { cataloguePageOf } from '~/src/domain/cataloguePage';
import type { PageRequest } from '~/src/domain/pageRequest';
import type { CataloguePage } from '~/src/domain/types';
import type { CatalogueReads } from '~/src/state/shop/catalogueReads';
import { catalogueFilterInput, catalogueFilterLogic, knownPages } from './catalogueFilter.logic';

const LIST = [
  makeProduct({ brand: 'nyx', category: 'lipstick' }),
  makeProduct({ brand: 'dior', category: 'mascara' }),
  makeProduct({ brand: 'nyx', category: 'blush' }),
];
const FIRST: PageRequest = { filter: DEFAULT_FILTER, sort: DEFAULT_SORT, page: 1 };

/** Reads answering every page with the list's, noting each request. */
function readsOf(products = LIST): CatalogueReads & { asked: PageRequest[] } {
  const asked: PageRequest[] = [];
  return {
    asked,
    peekPage: () => undefined,
    fetchPage: async (request) => {
      asked.push(request);
      return cataloguePageOf(products, request);
    },
    peekProduct: () => undefined,
  };
}

function run(wiring: Partial<Parameters<typeof catalogueFilterLogic>[0]>, search = '') {
  const navigated: { search: string; replace: boolean }[] = [];
  const category = wiring.category;
  const logic = catalogueFilterLogic({
    catalogue: async () => ({ paged: false, products: LIST }),
    reads: () => readsOf(),
    navigate: ({ search: to }, { replace }) => void navigated.push({ search: to, replace }),
    ...wiring,
    category,
  });
  const actor = createActor(logic, { input: catalogueFilterInput(search, category, () => undefined) }).start();
  return { actor, navigated, shown: async () => (await waitFor(actor, (s) => s.matches('ready') || s.matches('failed'))).context.result };
}

describe('catalogueFilterLogic: the filter as CataloguePage runs it', () => {
  it('starts from the URL search and cuts the page from the loaded list', async () => {
    const { actor, shown } = run({}, '?brand=nyx&sort=A-Z');
    expect(await shown()).toEqual(cataloguePageOf(LIST, { filter: { ...DEFAULT_FILTER, brands: 'nyx' }, sort: 'A-Z', page: 1 }));
    expect(actor.getSnapshot().context.filter.brands).toBe('nyx');
  });

  it("asks a paged catalogue's reads as they are when the page is read, not as they were when the filter started", async () => {
    const before = readsOf();
    const now = readsOf();
    let reads = before;
    let loaded: () => void = () => {};
    const { shown } = run({ catalogue: () => new Promise((resolve) => (loaded = () => resolve({ paged: true }))), reads: () => reads });
    reads = now;
    loaded();
    expect(await shown()).toEqual(cataloguePageOf(LIST, FIRST));
    expect(before.asked).toEqual([]);
    expect(now.asked).toEqual([FIRST]);
  });

  it("publishes the shopper's steps to the URL, and replaces it when a filter matched nothing", async () => {
    const { actor, navigated, shown } = run({});
    await shown();
    actor.send({ type: 'SORT', sort: 'A-Z' });
    actor.send({ type: 'FILTER', patch: { offers: true } });
    await shown();
    expect(navigated).toEqual([
      { search: '?sort=A-Z', replace: false },
      { search: '?sort=A-Z&offers=1', replace: false },
      { search: '?sort=A-Z', replace: true },
    ]);
    expect(actor.getSnapshot().context.notFound).toBe(true);
  });

  it("on a category's page the URL leaves the category out", async () => {
    const { actor, navigated, shown } = run({ category: 'lipstick' }, '?brand=dior');
    await shown();
    actor.send({ type: 'SORT', sort: 'A-Z' });
    await shown();
    expect(actor.getSnapshot().context.filter).toMatchObject({ categories: 'lipstick', brands: 'all' });
    expect(navigated.at(-1)).toEqual({ search: '?sort=A-Z', replace: false });
  });

  it('fails when the catalogue cannot be loaded, and reads again on Retry', async () => {
    let attempts = 0;
    const { actor, shown } = run({
      catalogue: async () => (++attempts === 1 ? Promise.reject(new Error('offline')) : { paged: false, products: LIST }),
    });
    await shown();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(await shown()).toEqual(cataloguePageOf(LIST, FIRST));
  });
});

describe('knownPages: the pages the filter reads at once', () => {
  const embedded: CataloguePage = { ...cataloguePageOf(LIST, FIRST), total: 99 };
  const reads: CatalogueReads = { ...readsOf(), peekPage: (request) => (request.page === 1 ? embedded : undefined) };

  it("a paged catalogue's known answers; a list's pages cut from it; none while the catalogue loads", () => {
    expect(knownPages(true, reads, null)(FIRST)).toBe(embedded);
    expect(knownPages(true, reads, null)({ ...FIRST, page: 2 })).toBeUndefined();
    expect(knownPages(false, reads, LIST)(FIRST)).toEqual(cataloguePageOf(LIST, FIRST));
    expect(knownPages(false, reads, null)(FIRST)).toBeUndefined();
  });
});
