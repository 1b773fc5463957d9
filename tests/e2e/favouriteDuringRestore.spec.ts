import type { Route } from '@playwright/test';
import { discounted } from '../fixtures/catalogue';
import { registerShopper } from './session';
import { expect, test } from './test';

const unavailable = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
};

test("a favourite clicked while the stored session is restored is the shopper's: tried again when the server does not take it, then saved", async ({
  page,
}) => {
  await registerShopper(page);
  // The restore reads the shop user (GET /api/users?userId=...) once the provider has answered: held back, the session stays restoring.
  const heldBack: Route[] = [];
  const shopUser = (url: URL) => url.pathname === '/api/users' && url.searchParams.has('userId');
  await page.route(shopUser, (route) => void heldBack.push(route));
  await page.goto(`/detail/${discounted.id}`);
  await expect.poll(() => heldBack.length).toBeGreaterThan(0);

  let tries = 0;
  await page.route('**/api/favorites', (route) =>
    route.request().method() === 'POST' && ++tries === 1 ? route.fulfill(unavailable) : route.fallback(),
  );
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/favorites' && response.request().method() === 'POST' && response.ok(),
  );
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByText('Added to Favorites')).toBeVisible();

  await Promise.all(heldBack.map((route) => route.continue()));
  await page.unroute(shopUser);
  // The server's list, as it answers the second try.
  expect(await (await saved).json()).toContain(discounted.id);
  expect(tries).toBe(2);
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Your favourites could not be saved. Please try again.')).toHaveCount(0);
});
