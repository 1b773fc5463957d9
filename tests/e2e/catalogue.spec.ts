import { expect, test, type Page } from './test';
import { onSale } from '../fixtures/catalogue';

const NO_MATCH = 'Sorry! No matches found, please try another combination';
const category = onSale[0]!.category;
const inCategory = onSale.filter((p) => p.category === category);
const discountedInCategory = inCategory.filter((p) => p.discount >= 1);
const brandElsewhere = onSale.find((p) => !inCategory.some((q) => q.brand === p.brand))!.brand;
const count = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

const status = (page: Page) => page.getByRole('status').filter({ hasText: /\d+ products?$/ });

/**
 * The catalogue loading the products itself: a server-rendered catalogue
 * page carries them, so it is opened from a page the browser renders (the
 * cart), which has not needed them yet.
 */
async function openCatalogueFromCart(page: Page) {
  await page.goto('/cart');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL(/\/catalogue$/);
}

test('on /listproducts/{category}, Reset clears the filters and stays on the category', async ({ page }) => {
  await page.goto(`/listproducts/${category}`);
  await expect(status(page)).toHaveText(count(inCategory.length));
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByLabel('Offers only').check();
  await expect(status(page)).toHaveText(count(discountedInCategory.length));
  await expect(page).toHaveURL(new RegExp(`/listproducts/${category}\\?offers=1$`));
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/listproducts/${category}$`));
  await expect(status(page)).toHaveText(count(inCategory.length));
  await expect(
    page
      .getByRole('list', { name: 'Products' })
      .getByRole('article')
      .filter({ hasNotText: `· ${category}` }),
  ).toHaveCount(0);
});

test('on /listproducts/{category}, a filter that matches nothing shows the no-match text and resets to the category', async ({ page }) => {
  await page.goto(`/listproducts/${category}`);
  await expect(status(page)).toHaveText(count(inCategory.length));
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByLabel('Min price').fill('99999');
  await page.getByLabel('Min price').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
  await expect(status(page)).toHaveText(count(inCategory.length));
  await expect(page).toHaveURL(new RegExp(`/listproducts/${category}$`));
});

test('a shared URL whose filter matches nothing shows the no-match text and the filters reset', async ({ page }) => {
  await page.goto(`/catalogue?brand=${encodeURIComponent(onSale[0]!.brand)}&min=999`);
  await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
  await expect(status(page)).toHaveText(count(onSale.length));
  await expect(page).toHaveURL(/\/catalogue$/);
  await page.goto(`/listproducts/${category}?brand=${encodeURIComponent(brandElsewhere)}`);
  await expect(page.getByRole('alert')).toHaveText(NO_MATCH);
  await expect(status(page)).toHaveText(count(inCategory.length));
});

test('a filter set while the products load waits for them and never reports a false no-match', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products', async (route) => {
    await released;
    await route.continue();
  });
  await openCatalogueFromCart(page);
  await expect(page.getByRole('status', { name: 'Loading products' })).toBeVisible();
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByLabel('Offers only').check();
  await expect(page).toHaveURL(/\/catalogue\?offers=1$/);
  await expect(page.getByRole('status', { name: 'Loading products' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();
  await expect(status(page)).toHaveText(count(onSale.filter((p) => p.discount >= 1).length));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Offers only')).toBeChecked();
});

test('a failed products load shows the failure toast and Retry, never an empty catalogue or a no-match; Retry shows the products', async ({
  page,
}) => {
  await page.route('**/api/products', (route) => route.abort());
  await openCatalogueFromCart(page);
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toHaveText(/The products could not be loaded\./);
  await expect(status(page)).toHaveCount(0);
  await page.unroute('**/api/products');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(status(page)).toHaveText(count(onSale.length));
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
