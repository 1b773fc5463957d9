import type { Route } from '@playwright/test';
import { disabled } from '../fixtures/catalogue';
import { ADMIN_ACCOUNT, signInAs } from './session';
import { expect, test } from './test';

/**
 * A server-rendered page carries a visitor's product list (no disabled
 * products); once it has hydrated, an Admin's page reads their own list, with
 * their token, which holds the disabled products too.
 */
test('an Admin opening a server-rendered page has their own list after hydration: a disabled product shows from it before its own read answers', async ({
  page,
}) => {
  await signInAs(page, ADMIN_ACCOUNT);
  // The product's own read is held back, so what the page shows can only come from the list.
  const heldBack: Route[] = [];
  await page.route(`**/api/products/${disabled.id}`, (route) => void heldBack.push(route));
  const adminList = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/products' &&
      response.request().method() === 'GET' &&
      response.request().headers().authorization !== undefined,
  );

  await page.goto(`/detail/${disabled.id}`);
  const embedded = JSON.parse((await page.locator('#initial-products').textContent()) ?? 'null') as { id: number }[] | null;
  expect(embedded?.length).toBeGreaterThan(0);
  expect(embedded!.map((product) => product.id)).not.toContain(disabled.id);

  expect((await (await adminList).json()).map((product: { id: number }) => product.id)).toContain(disabled.id);
  await expect(page.getByRole('heading', { name: disabled.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Disabled: hidden from shoppers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toHaveCount(0);
  expect(heldBack.length).toBeGreaterThan(0);

  // Its own read, answered now, shows the same.
  await Promise.all(heldBack.map((route) => route.continue()));
  await page.unroute(`**/api/products/${disabled.id}`);
  await expect(page.getByText('Disabled: hidden from shoppers')).toBeVisible();
});
