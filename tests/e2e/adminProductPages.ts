/** The admin products table and the storefront's view of a product, for tests/e2e/adminProducts.spec.ts. */
import { asUser, type ApiProduct } from './api';
import { ADMIN_ACCOUNT } from './session';
import { PHONE } from './widths';
import { expect, type Page } from './test';

/** The storefront's prices: '$12.50'. */
export const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** Products a test makes as the Admin: the Admin's API headers, POST /products, and a product made in the browser to track. */
export interface MadeHere {
  headers: Record<string, string>;
  post<T>(body: object): Promise<T>;
  track(id: number): void;
}

/**
 * A fixture's body: `use` makes its products here, and once it returns
 * they are disabled again, so the storefront's seeded catalogue is left as
 * the other specs count it.
 */
export async function withProductsMadeHere(page: Page, use: (made: MadeHere) => Promise<void>) {
  const { headers } = await asUser(page, ADMIN_ACCOUNT);
  const ids: number[] = [];
  await use({
    headers,
    async post<T>(body: object) {
      const response = await page.request.post('/api/products', { headers, data: body });
      expect(response.ok(), `POST /products: ${response.status()}`).toBe(true);
      const product = (await response.json()) as T & { id: number };
      ids.push(product.id);
      return product;
    },
    track: (id) => void ids.push(id),
  });
  if (ids.length === 0) return;
  const response = await page.request.patch('/api/products/bulk', { headers, data: { ids, disable: true } });
  expect(response.ok(), `disabling this test's products: ${response.status()}`).toBe(true);
}

/** One product as the API answers a visitor: null when it is not found (a disabled one). */
export async function productAsVisitor(page: Page, id: number): Promise<ApiProduct | null> {
  const response = await page.request.get(`/api/products/${id}`);
  if (response.status() === 404) return null;
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiProduct;
}

/** The products whose name holds `name`: a visitor's (enabled only) or, with the Admin's headers, all. */
export async function productsNamed(page: Page, name: string, headers: Record<string, string> = {}): Promise<ApiProduct[]> {
  const response = await page.request.get(`/api/products?name=${encodeURIComponent(name)}`, { headers });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiProduct[]).sort((a, b) => a.name.localeCompare(b.name));
}

/** The products table, searched for `term`. */
export async function tableSearchedFor(page: Page, term: string) {
  await page.goto('/admin/products/list');
  await expect(page.getByRole('heading', { name: 'Product list', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('status', { name: 'Loading products' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search product...', exact: true }).fill(term);
  await expectNoSidewaysScroll(page);
  return table;
}

/** The wide table scrolls inside its own box: the page itself is never wider than the screen (a phone would zoom it out). */
export async function expectNoSidewaysScroll(page: Page) {
  const width = () => page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  const { screen } = await width();
  await expect.poll(async () => (await width()).page, 'the page is as wide as the screen').toBeLessThanOrEqual(screen);
}

/** An entry of the admin side menu, unfolding the menu first where it is folded (a narrow screen). */
export async function adminMenuEntry(page: Page, name: string) {
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu).toBeVisible();
  const fold = menu.getByRole('button', { name: 'Admin menu' });
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
  return menu.getByRole('link', { name, exact: true });
}

export const rowOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Products' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });

/** One cell of a row, by its column's header text. */
export async function cellOf(page: Page, name: string, column: string) {
  const headers = (await page.getByRole('table', { name: 'Products' }).getByRole('columnheader').allInnerTexts()).map((text) =>
    text.trim(),
  );
  const index = headers.indexOf(column);
  expect(index, `column ${column} in ${headers.join(', ')}`).toBeGreaterThan(0);
  return rowOf(page, name).getByRole('cell').nth(index);
}

/** What a row's cell says: its value, after its column's name on a phone, whose card has no headers to name it. */
export async function expectCell(page: Page, name: string, column: string, value: string) {
  const onPhone = page.viewportSize()!.width <= PHONE.viewport.width;
  await expect(await cellOf(page, name, column)).toHaveAccessibleName(onPhone ? `${column} ${value}` : value);
}

/** The storefront's search overlay for `term`, on the visitor's page. */
export async function searchStorefront(page: Page, term: string) {
  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(term);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('heading', { name: `Search results for: ${term}` })).toBeVisible();
  await expect(results.getByRole('status', { name: 'Searching' })).toHaveCount(0);
  return results;
}

/** The product's detail page as the visitor sees it: its name, final price and picture. */
export async function expectDetail(page: Page, product: { id: number; name: string; image?: string }, final: number) {
  await page.goto(`/detail/${product.id}`);
  const article = page.getByRole('article', { name: product.name, exact: true });
  await expect(article.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(article.getByText(money(final), { exact: true }).first()).toBeVisible();
  if (!product.image) return;
  const picture = article.getByRole('img', { name: product.name, exact: true });
  await expect(picture).toHaveAttribute('src', product.image);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
}
