import { onSale } from '../fixtures/catalogue';
import { expect, test, type Page } from './test';

/** Paths match case-insensitively, their values too (DECISIONS.md): `npm start`'s server's render and status agree with the browser's. */
const category = onSale[0]!.category;
const product = onSale[0]!;
const inCategory = onSale.filter((p) => p.category === category).length;
const status = (page: Page) => page.getByRole('status').filter({ hasText: /\d+ products?$/ });
const capitalised = category.charAt(0).toUpperCase() + category.slice(1);

test('a category page opens whatever the case of its path and its category', async ({ page }) => {
  for (const path of [`/listproducts/${category.toUpperCase()}`, `/LISTPRODUCTS/${capitalised}`, `/ListProducts/${category}`]) {
    const response = await page.goto(path);
    expect([path, response?.status()]).toEqual([path, 200]);
    await expect(page.getByRole('heading', { level: 1, name: category, exact: true })).toBeVisible();
    await expect(status(page)).toHaveText(`${inCategory} products`);
  }
});

test('a product page opens whatever the case of its path', async ({ page }) => {
  const response = await page.goto(`/DETAIL/${product.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});
