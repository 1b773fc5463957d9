import { expect, test, type Page } from './test';
import { discounted, disabled, fewLeft } from '../fixtures/catalogue';
import { ADMIN_ACCOUNT, clearAppStorage, registerShopper, signIn, unique } from './session';

/**
 * The storefront when its requests fail, on `npm start`'s real server (the
 * MSW build answers from a service worker, out of Playwright's sight): each
 * failure shows the failure toast and a way forward, and recovers.
 */
const FAILED = 'Something went wrong. Please try again.';
const unavailable = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
};

async function openProfile(page: Page, username: string) {
  await page.getByRole('button', { name: `Account: ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

const isProductList = (url: URL) => url.pathname === '/api/products' && !url.searchParams.has('name');
const isSearch = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('name');

/**
 * Home's own load of the products: a server-rendered /home carries them, so
 * Home is opened from a page the browser renders (the cart), which has not
 * needed them yet.
 */
async function openHomeFromCart(page: Page) {
  await page.goto('/cart');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('home: the products load fails, a toast and Retry; Retry shows them', async ({ page }) => {
  await page.route(isProductList, (route) => route.abort());
  await openHomeFromCart(page);
  await expect(page.getByText(FAILED)).toBeVisible();
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toHaveText(/The products could not be loaded\./);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  await page.unroute(isProductList);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Special Offers' }).getByRole('group')).toHaveCount(12);
  await expect(failure).toBeHidden();
});

test('home: after a failed products load, the next visit loads them again', async ({ page }) => {
  await page.route(isProductList, (route) => route.fulfill(unavailable));
  await openHomeFromCart(page);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/The products could not be loaded\./);
  await page.unroute(isProductList);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  // On the About page first: a click on Home while its chunk still loads would cancel that visit, and Home would never have been left.
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('region', { name: 'Special Offers' }).getByRole('group')).toHaveCount(12);
});

test('detail: a 503 is a failure with Retry, not /error; Retry shows the product', async ({ page }) => {
  const detail = `**/api/products/${discounted.id}`;
  await page.route(detail, (route) => route.fulfill(unavailable));
  await page.goto(`/detail/${discounted.id}`);
  await expect(page.getByText(FAILED)).toBeVisible();
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toHaveText(/This product could not be loaded\./);
  await expect(page).toHaveURL(new RegExp(`/detail/${discounted.id}$`));
  await page.unroute(detail);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: discounted.name, level: 1 })).toBeVisible();
});

test('detail: a 404 is "not found", /error, with no failure toast', async ({ page }) => {
  await page.goto('/detail/999999');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByText(FAILED)).toHaveCount(0);
});

test('search overlay: a failed search says so with Retry; Retry finds the products', async ({ page }) => {
  await page.goto('/home');
  await page.route(isSearch, (route) => route.abort());
  await page.getByRole('searchbox', { name: 'Search products' }).fill('blush');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(page.getByText(FAILED)).toBeVisible();
  const failure = results.getByRole('alert');
  await expect(failure).toHaveText(/We couldn't find blush/);
  await page.unroute(isSearch);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(results.getByRole('article').first()).toBeVisible();
  await expect(failure).toBeHidden();
});

test('profile: the orders load fails, a toast and Retry; Retry shows them', async ({ page }) => {
  const account = await registerShopper(page);
  const orders = (url: URL) => url.pathname === '/api/userOrders';
  await page.route(orders, (route) => route.fulfill(unavailable));
  await openProfile(page, account.username);
  await expect(page.getByText(FAILED)).toBeVisible();
  const section = page.getByRole('region', { name: 'My Orders' });
  await expect(section.getByRole('alert')).toHaveText(/The orders could not be loaded\./);
  await page.unroute(orders);
  await section.getByRole('button', { name: 'Retry' }).click();
  await expect(section.getByText('No orders yet.')).toBeVisible();
});

test('Edit User: a failed save is said in the dialog with Retry, the new name kept; Retry saves it', async ({ page }) => {
  const account = await registerShopper(page);
  await openProfile(page, account.username);
  const users = '**/api/users';
  await page.route(users, (route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback()));
  await page.getByRole('button', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  const renamed = `ed${unique()}`.slice(0, 15);
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const failure = dialog.getByRole('alert');
  await expect(failure).toHaveText(/Your profile could not be saved\. Please try again\./);
  await expect(page.getByText(FAILED)).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(renamed);
  await page.unroute(users);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
});

test('a favourite the server refuses twice: the shopper is told, the heart kept; the next page shows the server list', async ({ page }) => {
  await registerShopper(page);
  // The new page restores the session and then reads the shopper's favourites: a favourite clicked after that is sent at once, with its retry.
  const favouritesRead = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/favorites' && response.request().method() === 'GET',
  );
  await page.goto(`/detail/${discounted.id}`);
  await expect(page.getByRole('heading', { name: discounted.name, level: 1 })).toBeVisible();
  await favouritesRead;
  let tries = 0;
  const favorites = '**/api/favorites';
  await page.route(favorites, (route) => (route.request().method() === 'POST' ? (tries++, route.fulfill(unavailable)) : route.fallback()));
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByText('Your favourites could not be saved. Please try again.')).toBeVisible();
  await expect.poll(() => tries).toBe(2);
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
  await page.unroute(favorites);
  await page.getByRole('link', { name: 'Favourites (some saved)' }).click();
  await expect(page.getByText("You don't have any products in favourites...")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Favourites', exact: true })).toBeVisible();
});

test('a cart change the server refuses: the shopper is told, the line kept; then the server cart, also after a reload', async ({
  page,
}) => {
  await registerShopper(page);
  await page.goto(`/detail/${fewLeft.id}`);
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/api/cart/bulk') && r.ok() && (r.request().postData() ?? '').includes(`"productId":${fewLeft.id}`),
  );
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await added;
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  const amount = line.getByLabel('Quantity', { exact: true });
  await expect(amount).toHaveText('1');

  let tries = 0;
  const quantity = '**/api/cart/quantity';
  await page.route(quantity, (route) => (tries++, route.fulfill(unavailable)));
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(amount).toHaveText('2');
  await expect(page.getByText('Your cart could not be saved. Please try again.')).toBeVisible();
  expect(tries).toBe(2);
  await expect(amount).toHaveText('2');

  await page.unroute(quantity);
  // Home's screen may still be loading; a click on Cart before it is shown would cancel that navigation and stay on /cart.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Special Offers' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(amount).toHaveText('1');
  await page.reload();
  await expect(amount).toHaveText('1');
});

test('a shopper opening a disabled product gets /error; an Admin sees it with its banner and no ADD TO CART', async ({ page }) => {
  await page.goto(`/detail/${disabled.id}`);
  await expect(page).toHaveURL(/\/error$/);

  await signIn(page, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/detail/${disabled.id}`);
  await expect(page.getByRole('heading', { name: disabled.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Disabled: hidden from shoppers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/detail/${disabled.id}$`));
});

test('an Admin opening a disabled product straight after the site storage was cleared sees it with its banner', async ({ page }) => {
  await signIn(page, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await clearAppStorage(page);
  await page.goto(`/detail/${disabled.id}`);
  await expect(page.getByText('Disabled: hidden from shoppers')).toBeVisible();
  await expect(page.getByRole('heading', { name: disabled.name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/detail/${disabled.id}$`));
});
