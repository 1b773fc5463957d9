import type { Locator } from '@playwright/test';
import { CATALOGUE_PAGE_SIZE } from '~/src/domain/constants';
import type { CataloguePage, Product } from '~/src/domain/types';
import { expect, test as base, type Page } from './test';

/** The largest page GET /products gives (openapi.yaml, `pageSize`). */
const LARGEST_PAGE = 48;

/** What the browser asked of GET /api/products: each query, and each answer that was not a page of at most the size asked. */
export interface ProductReads {
  asked: URLSearchParams[];
  oversized: string[];
}

/**
 * `test` of ./test, recording every GET /api/products the test's browser
 * sends and failing the test if one asked for the whole list (no `page`) or
 * was answered more than a page.
 */
export const test = base.extend<{ productReads: ProductReads }>({
  productReads: [
    async ({ context }, use) => {
      const reads: ProductReads = { asked: [], oversized: [] };
      await context.route(
        (url) => url.pathname === '/api/products',
        async (route) => {
          const query = new URL(route.request().url()).searchParams;
          reads.asked.push(query);
          const response = await route.fetch();
          if (query.has('page') && response.ok()) {
            const size = Number(query.get('pageSize') ?? CATALOGUE_PAGE_SIZE);
            const { items } = (await response.json()) as CataloguePage;
            if (size > LARGEST_PAGE || items.length > size) reads.oversized.push(`?${query} answered ${items.length} products`);
          }
          await route.fulfill({ response });
        },
      );
      await use(reads);
      expect(
        reads.asked.filter((query) => !query.has('page')).map((query) => `GET /api/products?${query}`),
        'the whole list asked for',
      ).toEqual([]);
      expect(reads.oversized, 'answers larger than a page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** GET /api/products's answer to a page query, asked by the test itself (never recorded). */
export async function apiPage(page: Page, query: Record<string, string> | URLSearchParams): Promise<CataloguePage> {
  const response = await page.request.get(`/api/products?${new URLSearchParams(query)}`);
  expect(response.ok(), `GET /api/products?${new URLSearchParams(query)}`).toBe(true);
  return (await response.json()) as CataloguePage;
}

/** The page query a catalogue URL stands for: its sort, filters and page, and /listproducts/{category}'s category. */
export function pageQueryOf(address: string): URLSearchParams {
  const url = new URL(address);
  const query = new URLSearchParams({ page: url.searchParams.get('page') ?? '1' });
  for (const name of ['sort', 'brand', 'category', 'colour', 'min', 'max']) {
    const value = url.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  if (url.searchParams.get('offers') === '1') query.set('offers', 'true');
  const category = /^\/listproducts\/([^/?]+)/i.exec(url.pathname)?.[1];
  if (category) query.set('category', decodeURIComponent(category));
  return query;
}

/** The cards of `list` are these products, in this order: each card's link opens its product and carries its whole name. */
export async function expectCards(list: Locator, products: readonly Product[]): Promise<void> {
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(products.length);
  for (const [index, product] of products.entries()) {
    const link = cards.nth(index).getByRole('link');
    await expect(link).toHaveAttribute('href', `/detail/${product.id}`);
    await expect(link).toHaveAttribute('title', product.name);
  }
}

/** The catalogue's product count, as its status says it. */
export const productCount = (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ products?$/ });
const count = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/**
 * The catalogue on the page shows what GET /api/products answers for its
 * URL's query: the count, "Page n of m", the page's products in order and
 * the arrows enabled as the page allows. Returns that answer.
 */
export async function expectShowsItsPage(page: Page): Promise<CataloguePage> {
  const answer = await apiPage(page, pageQueryOf(page.url()));
  await expect(productCount(page)).toHaveText(count(answer.total));
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByText(`Page ${answer.page} of ${answer.pageCount}`, { exact: true }),
  ).toBeVisible();
  await expectCards(page.getByRole('list', { name: 'Products' }), answer.items);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled({ enabled: answer.page > 1 });
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({ enabled: answer.page < answer.pageCount });
  return answer;
}
