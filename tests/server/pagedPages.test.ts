import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN, seedCatalogue, seedPeople } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import { MISSING_PRODUCT_PATH } from '~/server/http/pages';
import { renderPage, type PageSource } from '~/src/app/renderPage';
import { catalogueView, DEFAULT_FILTER } from '~/src/domain/catalogue';
import { pageParams } from '~/src/domain/pageParams';
import { HOME_REQUESTS, pageKey, type PageRequest } from '~/src/domain/pageRequest';
import { CATALOGUE_PAGING_THRESHOLD, HOME_SECTION_SIZE } from '~/src/domain/constants';
import { formatPrice, totalPrice } from '~/src/domain/price';
import { relatedProducts, storefrontLists, storefrontProducts } from '~/src/domain/productLists';
import { cutName } from '~/src/domain/truncate';
import type { CataloguePage, Product } from '~/src/domain/types';
import type { EmbeddedAnswers } from '~/src/state/shop/catalogueReads';
import type { BackendUnderTest } from '../contract/backend';
import {
  disabledId,
  expectOneMissingProductPage,
  expectSameRenders,
  jsonLd,
  pageAt,
  rendered,
  sectionHeadings,
  served,
  TEMPLATE,
  visibleText,
} from './pageFixtures';
import { startShopUnderTest, staticDirWith } from './shopUnderTest';

const admin = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };

/** The shop at the seed's catalogue, to weigh a page against. */
let origin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const staticDir = await staticDirWith(TEMPLATE);
  let backend: BackendUnderTest;
  ({ backend, close } = await startShopUnderTest(await openPglite(), { staticDir, renderPage }));
  await backend.reset();
  origin = backend.baseUrl.replace(/\/api$/, '');
}, 60_000);
afterAll(() => close());

/** The page as a crawler reads it: the raw HTML, no script run. */
const page = (path: string, at = origin) => pageAt(path, at);

/** The answers a paged catalogue's page carries, or null when it carries none. */
const embeddedAnswers = (html: string) => {
  const json = /<script type="application\/json" id="initial-pages">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as EmbeddedAnswers) : null;
};

describe('server-rendered pages of a catalogue past the paging threshold', () => {
  /** Enough generated products that more than CATALOGUE_PAGING_THRESHOLD are in stock and enabled. */
  const COUNT = Math.ceil(CATALOGUE_PAGING_THRESHOLD * 1.2);
  let large: Awaited<ReturnType<typeof startShopUnderTest>>;
  let largeOrigin: string;
  let listed: Product[];

  /** What the renderer read of this shop's catalogue, in order: each page's key, each product's id, and 'list' for the whole list. */
  const reads: string[] = [];
  let largeSource: PageSource;
  const notingRender: typeof renderPage = (url, source) => {
    rendered.push(url.pathname);
    largeSource = source;
    const noting: PageSource = {
      page: (request) => (reads.push(pageKey(request)), source.page(request)),
      product: (id) => (reads.push(`product ${id}`), source.product(id)),
      list: () => (reads.push('list'), source.list()),
    };
    return renderPage(url, noting);
  };

  beforeAll(async () => {
    const staticDir = await staticDirWith(TEMPLATE);
    large = await startShopUnderTest(await openPglite(), { staticDir, renderPage: notingRender });
    await large.shop.store.transaction(async (tx) => {
      await seedCatalogue(tx, COUNT);
      await seedPeople(tx, [DEMO_ADMIN]);
    });
    largeOrigin = large.backend.baseUrl.replace(/\/api$/, '');
    listed = (await (await fetch(`${large.backend.baseUrl}/products`)).json()) as Product[];
    expect(storefrontProducts(listed).length).toBeGreaterThan(CATALOGUE_PAGING_THRESHOLD);
  }, 120_000);
  afterAll(() => large.close());

  const largePage = (path: string) => page(path, largeOrigin);
  /** GET /products's answer for a page request. */
  const apiPage = async (request: PageRequest) => {
    const query = new URLSearchParams(Object.entries(pageParams(request)).map(([name, value]) => [name, String(value)]));
    return (await (await fetch(`${large.backend.baseUrl}/products?${query}`)).json()) as CataloguePage;
  };

  it('/home holds the three sections, carries only their pages (no whole list), and is no heavier than at 150 products', async () => {
    const { status, html } = await largePage('/home');
    expect(status).toBe(200);
    expect(sectionHeadings(html)).toEqual(['Special Offers', 'Popular', 'New Arrivals']);
    const text = visibleText(html);
    const lists = storefrontLists(listed);
    for (const section of [lists.offers, lists.popular, lists.newest]) {
      const shown = section.slice(0, HOME_SECTION_SIZE).map((p) => cutName(p.name));
      expect(shown.length).toBe(HOME_SECTION_SIZE);
      expect(shown.filter((name) => !text.includes(name))).toEqual([]);
    }
    expect(html).not.toContain('id="initial-products"');
    const answers = embeddedAnswers(html)!;
    expect(Object.keys(answers.pages).sort()).toEqual(HOME_REQUESTS.map(pageKey).sort());
    for (const request of HOME_REQUESTS) expect(answers.pages[pageKey(request)]).toEqual(await apiPage(request));
    const small = await page('/home');
    expect(html.length).toBeLessThanOrEqual(small.html.length);
  });

  it("/catalogue with a query holds that page of products and carries the API's answer for it", async () => {
    const { status, html } = await largePage('/catalogue?sort=priceAsc&brand=dior&page=2');
    expect(status).toBe(200);
    const filter = { ...DEFAULT_FILTER, brands: 'dior' } as const;
    const view = catalogueView(storefrontProducts(listed), filter, 'priceAsc', 2);
    const text = visibleText(html);
    expect(view.items).toHaveLength(16);
    expect(view.items.map((p) => cutName(p.name)).filter((name) => !text.includes(name))).toEqual([]);
    expect(text).toContain(`${view.total} products`);
    const answers = embeddedAnswers(html)!;
    const request = { filter, sort: 'priceAsc', page: 2 } as const;
    expect(Object.keys(answers.pages)).toEqual([pageKey(request)]);
    expect(answers.pages[pageKey(request)]).toEqual(await apiPage(request));
  });

  it('/detail/{id} holds the product and what you might also like, and carries only those', async () => {
    const product = storefrontProducts(listed).find((p) => p.discount > 0)!;
    const { status, html } = await largePage(`/detail/${product.id}`);
    expect(status).toBe(200);
    const text = visibleText(html);
    expect(text).toContain(product.name);
    const related = relatedProducts(product, listed, 8);
    expect(related).toHaveLength(8);
    expect(related.map((p) => cutName(p.name)).filter((name) => !text.includes(name))).toEqual([]);
    const answers = embeddedAnswers(html)!;
    expect(answers.products[product.id]).toEqual(product);
    expect(Object.values(answers.pages).flatMap((p) => p.items).length).toBeLessThanOrEqual(9);
  });

  it('after a product changes, its pages are made from the page query and the product, never the whole list, and show the change', async () => {
    const product = storefrontProducts(listed).find((p) => p.discount > 0 && p.reviews > 0 && p.category === 'lipstick')!;
    const paths = [`/detail/${product.id}`, '/catalogue?sort=priceDesc&category=lipstick', '/listproducts/lipstick?sort=A-Z', '/home'];
    for (const path of paths) expect((await largePage(path)).status).toBe(200);
    const price = 9_999;
    const token = await large.backend.tokenFor(admin);
    const changed = await fetch(`${large.backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: product.id, price }),
    });
    expect(changed.status).toBe(200);
    const stored = (await (await fetch(`${large.backend.baseUrl}/products/${product.id}`)).json()) as Product;
    expect(stored.price).toBe(price);
    const listings = vi.spyOn(large.shop.store, 'listProducts');
    const catalogueReads = vi.spyOn(large.shop.store, 'storefrontCatalogue');
    reads.length = 0;
    try {
      const detail = await largePage(`/detail/${product.id}`);
      expect(detail.status).toBe(200);
      const ld = jsonLd(detail.html).find((item) => item['@type'] === 'Product')!;
      expect(ld).toMatchObject({ name: product.name, sku: String(product.id), offers: { price: totalPrice(price, product.discount) } });
      expect(ld.aggregateRating).toMatchObject({ ratingValue: product.rank, reviewCount: product.reviews });
      expect(visibleText(detail.html)).toContain(formatPrice(totalPrice(price, product.discount)));
      expect(embeddedAnswers(detail.html)!.products[product.id]).toEqual(stored);
      expect(reads[0]).toBe(pageKey({ filter: DEFAULT_FILTER, sort: 'popular', page: 1, pageSize: 1 }));
      expect(reads).toContain(`product ${product.id}`);

      const priciest = await largePage('/catalogue?sort=priceDesc&category=lipstick');
      const request = { filter: { ...DEFAULT_FILTER, categories: 'lipstick' }, sort: 'priceDesc', page: 1 } as const;
      const answer = await apiPage(request);
      expect(answer.items[0]).toEqual(stored);
      const itemList = jsonLd(priciest.html).find((item) => item['@type'] === 'ItemList')!;
      expect((itemList.itemListElement as { url: string }[]).map((item) => item.url)).toEqual(
        answer.items.map((p) => `${largeOrigin}/detail/${p.id}`),
      );
      expect(embeddedAnswers(priciest.html)!.pages[pageKey(request)]).toEqual(answer);
      expect(priciest.html).toContain(`<title>Lipstick · Rouge</title>`);

      for (const path of paths.slice(2)) expect((await largePage(path)).status).toBe(200);
      expect(reads).not.toContain('list');
      // The store was never asked for the whole list: each page is read from the storefront catalogue, its products whole.
      expect(listings.mock.calls.filter(([options]) => !options?.ids)).toEqual([]);
      expect(catalogueReads).toHaveBeenCalled();
    } finally {
      listings.mockRestore();
      catalogueReads.mockRestore();
    }
  });

  it('the page kept for a spelling is the one rendered for that spelling itself, from the pages and products it reads', async () => {
    await largePage('/home');
    await expectSameRenders(largeOrigin, largeSource);
  });

  it('a product that is not there is the missing page: it carries that the product of its address is missing, naming no id', async () => {
    const { status, html } = await largePage('/detail/999999');
    expect(status).toBe(404);
    expect(embeddedAnswers(html)).toEqual({ pages: {}, products: {}, productMissing: true });
    expect(html).not.toContain('999999');
    // What the browser hydrates at any such id is the page kept for them all.
    const [unknown, kept] = await Promise.all([
      renderPage(new URL(`${largeOrigin}/detail/99999`), largeSource),
      renderPage(new URL(largeOrigin + MISSING_PRODUCT_PATH), largeSource),
    ]);
    expect(served(unknown)).toEqual(served(kept));
  });

  it('every product that is not there, made up, no id or disabled, is one kept 404 page: no render per id', async () => {
    await expectOneMissingProductPage(largeOrigin, await disabledId(large.shop.store));
  });
});
