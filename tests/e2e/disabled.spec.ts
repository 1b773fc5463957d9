/** Disabled products are missing to shoppers. */
import { expect, test } from './test';
import { disabled, discounted } from '../fixtures/catalogue';

test('favourites holding only a product disabled since show the empty text; a showable one is listed', async ({ page }) => {
  await page.addInitScript((ids) => localStorage.setItem('favorites', JSON.stringify(ids)), [disabled.id]);
  await page.goto('/favorites');
  await expect(page.getByText("You don't have any products in favourites...")).toBeVisible();
  await expect(page.getByRole('list', { name: 'Favourite products' })).toHaveCount(0);

  await page.goto(`/detail/${discounted.id}`);
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await page.getByRole('link', { name: 'Favourites (some saved)' }).click();
  await expect(page.getByRole('list', { name: 'Favourite products' }).getByRole('article')).toHaveCount(1);
});
