/**
 * The storefront of a catalogue past CATALOGUE_PAGING_THRESHOLD, on the real
 * server seeded with 2,400 products (the `paged` project): what a shopper
 * sees is what GET /api/products?page= answers for the URL's query, and the
 * browser never asks for the whole list (./pagedShop's `test` fails any test
 * whose browser did, or got an answer larger than a page).
 */
import { CATALOGUE_PAGING_THRESHOLD } from '~/src/domain/constants';
import type { CataloguePage } from '~/src/domain/types';
import { expectAccessible } from './axe';
import { apiPage, expect, expectCards, expectShowsItsPage, test, type ProductReads } from './pagedShop';
import type { Page } from './test';

/** Spec section 2, Catalogue: "16 products per page". */
const PAGE_SIZE = 16;
/** Spec section 2, Home page: "Each section shows at most the first 12 items". */
const SECTION_SIZE = 12;
/** Spec section 4, Storefront lists: "Popular: rank of at least 4". */
const POPULAR_RANK = 4;
/** Spec section 3, Filter state: the sort choices; "The default sort is popular" (section 4). */
const SORTS = ['A-Z', 'Z-A', 'priceDesc', 'priceAsc', 'newest', 'popular', 'offers'];
const DEFAULT_SORT = 'popular';
/** Spec section 8, Filter with no match. */
const NO_MATCH = 'Sorry! No matches found, please try another combination';

const filters = (page: Page) => page.getByRole('form', { name: 'Filters' });
const asked = (reads: ProductReads, wanted: Record<string, string>) =>
  reads.asked.some((query) => Object.entries(wanted).every(([name, value]) => query.get(name) === value));

/** Goes to the next page and waits, as a shopper does, for the URL and the current page to say so. */
async function nextPage(page: Page, to: number) {
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === String(to));
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(`Page ${to} of`);
}

/** The facet value with the most products among those that narrow the answer (fewer than its total, more than none). */
function narrowing(answer: CataloguePage, facet: 'brands' | 'categories'): string {
  const values = answer.facets[facet].filter((f) => f.count > 0 && f.count < answer.total).sort((a, b) => b.count - a.count);
  expect(values.length, `a ${facet} facet that narrows ${answer.total} products`).toBeGreaterThan(0);
  return values[0]!.value;
}

test.describe('a catalogue read a page at a time @paged', () => {
  test('the catalogue opens on page 1 of 16 products; the arrows and the current page move through the pages the server counts', async ({
    page,
    productReads,
  }) => {
    const whole = await apiPage(page, { page: '1' });
    expect(whole.total).toBeGreaterThan(CATALOGUE_PAGING_THRESHOLD);

    // From a page the browser renders, so the catalogue reads its pages itself.
    await page.goto('/cart');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
    await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
    const first = await expectShowsItsPage(page);
    expect(first).toMatchObject({ page: 1, total: whole.total, pageCount: Math.ceil(whole.total / PAGE_SIZE) });
    expect(first.items).toHaveLength(PAGE_SIZE);

    await nextPage(page, 2);
    expect((await expectShowsItsPage(page)).page).toBe(2);
    await nextPage(page, 3);
    expect((await expectShowsItsPage(page)).page).toBe(3);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/catalogue\?page=2$/);
    await expectShowsItsPage(page);
    expect(asked(productReads, { page: '3' })).toBe(true);

    await page.goto(`/catalogue?page=${first.pageCount}`);
    const last = await expectShowsItsPage(page);
    expect(last.items).toHaveLength(whole.total - PAGE_SIZE * (first.pageCount - 1));
  });

  test('every sort lists the products in its own order, goes back to page 1 and is written to the URL', async ({ page, productReads }) => {
    await page.goto('/catalogue');
    const orders = new Set<string>();
    for (const sort of SORTS) {
      await nextPage(page, 2);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption(sort);
      await expect(page).toHaveURL(
        (url) => url.searchParams.get('sort') === (sort === DEFAULT_SORT ? null : sort) && !url.searchParams.has('page'),
      );
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue(sort);
      const answer = await expectShowsItsPage(page);
      expect(answer.page).toBe(1);
      orders.add(answer.items.map((p) => p.id).join());
      if (sort !== DEFAULT_SORT) expect(asked(productReads, { sort, page: '1' }), `a page sorted ${sort} asked`).toBe(true);
    }
    expect(orders.size).toBe(SORTS.length);
  });

  test('price, offers, brand and category filters narrow the list, go back to page 1 and are written to the URL', async ({ page }) => {
    const cheapest = (await apiPage(page, { page: '1', sort: 'priceAsc' })).items[0]!.totalPrice;
    const dearest = (await apiPage(page, { page: '1', sort: 'priceDesc' })).items[0]!.totalPrice;
    await page.goto('/catalogue');
    await page.getByRole('button', { name: 'Show filters' }).click();
    let shown = await expectShowsItsPage(page);
    const written: Record<string, string> = {};

    /** Applies one filter from page 2 (when there is one): the URL holds it and every filter before, on page 1, and fewer products show. */
    async function narrow(apply: () => Promise<unknown>, name: string, value: string) {
      if (shown.pageCount > 1) await nextPage(page, 2);
      await apply();
      written[name] = value;
      await expect(page).toHaveURL(
        (url) => Object.entries(written).every(([n, v]) => url.searchParams.get(n) === v) && !url.searchParams.has('page'),
      );
      const answer = await expectShowsItsPage(page);
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.total).toBeLessThan(shown.total);
      shown = answer;
    }

    // Bounds that leave out the cheapest and the dearest product.
    const min = String(Math.floor(cheapest) + 1);
    const max = String(Math.ceil(dearest) - 1);
    for (const [label, name, value] of [
      ['Min price', 'min', min],
      ['Max price', 'max', max],
    ] as const) {
      await narrow(
        async () => {
          await filters(page).getByRole('spinbutton', { name: label }).fill(value);
          await filters(page).getByRole('spinbutton', { name: label }).press('Enter');
        },
        name,
        value,
      );
    }
    await narrow(() => filters(page).getByRole('checkbox', { name: 'Offers only' }).check(), 'offers', '1');
    const brand = narrowing(shown, 'brands');
    await narrow(() => filters(page).getByRole('combobox', { name: 'Brand' }).selectOption(brand), 'brand', brand);
    const category = narrowing(shown, 'categories');
    await narrow(() => filters(page).getByRole('combobox', { name: 'Category' }).selectOption(category), 'category', category);

    await filters(page).getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
    await expectShowsItsPage(page);
    await expect(filters(page).getByRole('combobox', { name: 'Brand' })).toHaveValue('all');
    await expect(filters(page).getByRole('checkbox', { name: 'Offers only' })).not.toBeChecked();
  });

  test('a reload of a filtered, sorted page-3 URL shows the same products', async ({ page }) => {
    await page.goto('/catalogue');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceDesc');
    await expect(page).toHaveURL(/\/catalogue\?sort=priceDesc$/);
    await page.getByRole('button', { name: 'Show filters' }).click();
    await filters(page).getByRole('checkbox', { name: 'Offers only' }).check();
    await expect(page).toHaveURL(/\/catalogue\?sort=priceDesc&offers=1$/);
    const category = narrowing(await expectShowsItsPage(page), 'categories');
    await filters(page).getByRole('combobox', { name: 'Category' }).selectOption(category);
    await expect(page).toHaveURL((url) => url.searchParams.get('category') === category);
    expect((await expectShowsItsPage(page)).pageCount).toBeGreaterThanOrEqual(3);
    await nextPage(page, 2);
    await nextPage(page, 3);
    const before = await expectShowsItsPage(page);
    expect(before.page).toBe(3);

    const address = page.url();
    await page.reload();
    await expect(page).toHaveURL(address);
    expect(await expectShowsItsPage(page)).toEqual(before);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('priceDesc');
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(filters(page).getByRole('checkbox', { name: 'Offers only' })).toBeChecked();
    await expect(filters(page).getByRole('combobox', { name: 'Category' })).toHaveValue(category);
  });

  test('/listproducts/{category} pages through one category; a brand narrows it and Reset filters stays on it', async ({ page }) => {
    const category = narrowing(await apiPage(page, { page: '1' }), 'categories');
    await page.goto(`/listproducts/${category}`);
    await expect(page.getByRole('heading', { name: category, level: 1 })).toBeVisible();
    const first = await expectShowsItsPage(page);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
    await expect(cards.filter({ hasNotText: `· ${category}` })).toHaveCount(0);
    await nextPage(page, 2);
    await expectShowsItsPage(page);
    await expect(cards.filter({ hasNotText: `· ${category}` })).toHaveCount(0);

    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(filters(page).getByRole('combobox', { name: 'Category' })).toHaveCount(0);
    const brand = narrowing(first, 'brands');
    await filters(page).getByRole('combobox', { name: 'Brand' }).selectOption(brand);
    await expect(page).toHaveURL(
      (url) => url.pathname === `/listproducts/${category}` && url.searchParams.get('brand') === brand && !url.searchParams.has('page'),
    );
    expect((await expectShowsItsPage(page)).total).toBeLessThan(first.total);
    await filters(page).getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(new RegExp(`/listproducts/${category}$`));
    expect(await expectShowsItsPage(page)).toEqual(first);
  });

  test("a filter that matches nothing shows the spec's no-match text and the filters reset, from the panel and from a shared URL", async ({
    page,
  }) => {
    await page.goto('/catalogue?sort=newest');
    await page.getByRole('button', { name: 'Show filters' }).click();
    const brand = narrowing(await expectShowsItsPage(page), 'brands');
    await filters(page).getByRole('combobox', { name: 'Brand' }).selectOption(brand);
    await expect(page).toHaveURL((url) => url.searchParams.get('brand') === brand);
    await filters(page).getByRole('spinbutton', { name: 'Min price' }).fill('99999');
    await filters(page).getByRole('spinbutton', { name: 'Min price' }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
    await expect(page).toHaveURL((url) => !url.searchParams.has('brand') && !url.searchParams.has('min'));
    await expect(filters(page).getByRole('combobox', { name: 'Brand' })).toHaveValue('all');
    await expect(filters(page).getByRole('spinbutton', { name: 'Min price' })).toHaveValue('');
    await expectShowsItsPage(page);

    await page.goto(`/catalogue?brand=${encodeURIComponent(brand)}&min=99999`);
    await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
    await expect(page).toHaveURL(/\/catalogue$/);
    await expectShowsItsPage(page);
  });

  test('the search overlay finds a product by its name; its card opens the detail page with "You might also like..." from its category', async ({
    page,
    productReads,
  }) => {
    const target = (await apiPage(page, { page: '1', sort: 'newest' })).items[0]!;
    await page.goto('/catalogue');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(target.name);
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('heading', { name: `Search results for: ${target.name}` })).toBeVisible();
    const found = await apiPage(page, { name: target.name, page: '1', pageSize: '48' });
    const at = found.items.findIndex((p) => p.id === target.id);
    expect(at).toBeGreaterThanOrEqual(0);
    await expectCards(results.getByRole('list', { name: `Products matching ${target.name}` }), found.items);
    expect(asked(productReads, { name: target.name, page: '1' })).toBe(true);

    await results.getByRole('article').nth(at).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/detail/${target.id}$`));
    await expect(page.getByRole('heading', { name: target.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'You might also like...' })).toBeVisible();
    const related = page.getByRole('list', { name: 'You might also like' });
    await expect(related.getByRole('article').first()).toBeVisible();
    const shown = await related.getByRole('article').count();
    const sameCategory = await apiPage(page, { page: '1', category: target.category, pageSize: '48' });
    await expectCards(related, sameCategory.items.filter((p) => p.id !== target.id).slice(0, shown));
    expect(asked(productReads, { category: target.category, page: '1' })).toBe(true);
  });

  test('home shows each section from its own page, and see-all opens that list in the catalogue', async ({ page, productReads }) => {
    // From a page the browser renders, so the home page reads its sections itself.
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const size = String(SECTION_SIZE);
    const offers = await apiPage(page, { page: '1', pageSize: size, sort: 'offers', offers: 'true' });
    const popular = await apiPage(page, { page: '1', pageSize: size, sort: 'popular' });
    const newest = await apiPage(page, { page: '1', pageSize: size, sort: 'newest' });
    await expectCards(page.getByRole('region', { name: 'Special Offers' }), offers.items);
    await expectCards(
      page.getByRole('region', { name: 'Popular' }),
      popular.items.filter((p) => p.rank >= POPULAR_RANK),
    );
    await expectCards(page.locator('section', { has: page.getByRole('heading', { name: 'New Arrivals', exact: true }) }), newest.items);
    expect(asked(productReads, { pageSize: size, sort: 'offers', offers: 'true' })).toBe(true);
    expect(asked(productReads, { pageSize: size, sort: 'newest' })).toBe(true);
    expect(productReads.asked.some((query) => query.get('pageSize') === size && !query.has('sort'))).toBe(true);

    await page.getByRole('link', { name: 'See all Special Offers' }).click();
    await expect(page).toHaveURL(/\/catalogue\?sort=offers&offers=1$/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('offers');
    await expectShowsItsPage(page);
  });

  test('a product not there, disabled or made up, is at each id the one "Product not available" page: 404, hydrated without a mismatch, then /error', async ({
    page,
  }) => {
    // Every seeded id is a product: the first a visitor's read does not find is a disabled one.
    let disabled = 1;
    while ((await page.request.get(`/api/products/${disabled}`)).status() !== 404) disabled++;
    const answers = new Set<string>();
    for (const path of ['/detail/999999', `/detail/${disabled}`, '/detail/abc', '/detail/999998']) {
      const response = await page.goto(path);
      const html = await response!.text();
      expect([path, response!.status(), html.includes('Product not available'), html.includes('Loading product')]).toEqual([
        path,
        404,
        true,
        false,
      ]);
      answers.add(`${response!.headers().etag} ${html.length}`);
      // The product's own read, answered 404 once hydrated, sends a visitor to /error, which says the same.
      await expect(page).toHaveURL(/\/error$/);
      await expect(page.getByRole('heading', { name: 'Product not available', level: 1 })).toBeVisible();
    }
    expect(answers.size, 'one page for every id').toBe(1);
  });

  test('the paged catalogue, its filters, its no-match state and a category page have no axe violations', async ({ page }) => {
    await page.goto('/catalogue?sort=priceAsc&page=2');
    await expectShowsItsPage(page);
    await expectAccessible(page, 'the paged catalogue');
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(filters(page)).toBeVisible();
    await expectAccessible(page, 'the paged catalogue with its filters open');
    await filters(page).getByRole('spinbutton', { name: 'Min price' }).fill('99999');
    await filters(page).getByRole('spinbutton', { name: 'Min price' }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
    await expectAccessible(page, 'the paged catalogue saying no product matches');

    const category = narrowing(await apiPage(page, { page: '1' }), 'categories');
    await page.goto(`/listproducts/${category}?page=2`);
    await expectShowsItsPage(page);
    await expectAccessible(page, 'a paged category page');
  });
});
