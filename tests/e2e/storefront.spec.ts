import { expect, test, type Page } from './test';
import { totalPrice } from '~/src/domain/price';
import { discounted, disabled, fewLeft, fewLeftShade, onSale as shown } from '../fixtures/catalogue';
import { registerShopper } from './session';
import { asUser } from './api';

const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** Signs in from the account menu, without reloading the page: back on the page it started from (the landing page from /login, after a sign-out). */
async function signIn(page: Page, email: string, password: string) {
  const from = page.url();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/.test(from) ? /\/home$/ : from);
}

test('home shows Special Offers, Popular and New Arrivals from the catalogue', async ({ page }) => {
  await page.goto('/home');
  for (const name of ['Special Offers', 'Popular', 'New Arrivals']) {
    const section = page
      .getByRole('region', { name })
      .or(page.locator('section', { has: page.getByRole('heading', { name, exact: true }) }));
    await expect(section.first().getByRole('article').first()).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Special Offers' }).getByRole('group')).toHaveCount(12);
});

test('see-all Special Offers opens the catalogue sorted by offers, offers only', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('link', { name: 'See all Special Offers' }).click();
  await expect(page).toHaveURL(/\/catalogue\?sort=offers&offers=1$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('offers');
  const firstPrice = page.getByRole('list', { name: 'Products' }).getByRole('article').first().getByText(/% OFF/);
  await expect(firstPrice).toHaveText(`${Math.max(...shown.map((p) => p.discount))}% OFF`);
});

test('filters, pages and sorts live in the URL: forward, back and reload give the same page', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByRole('status').filter({ hasText: 'products' })).toHaveText(`${shown.length} products`);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2 of')).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('Page 1 of')).toBeVisible();
  await page.getByRole('button', { name: 'Show filters' }).click();
  const brand = discounted.brand;
  await page.getByLabel('Brand').selectOption(brand);
  await page.getByLabel('Min price').fill('1');
  await page.getByLabel('Max price').fill('500');
  await page.getByLabel('Max price').press('Enter');
  await page.getByLabel('Offers only').check();
  await expect(page).toHaveURL(new RegExp(`brand=${encodeURIComponent(brand).replace(/%20/g, '\\+')}.*min=1.*max=500.*offers=1`));
  const expected = shown.filter(
    (p) => p.brand === brand && p.discount >= 1 && totalPrice(p.price, p.discount) >= 1 && totalPrice(p.price, p.discount) <= 500,
  ).length;
  await expect(page.getByRole('status').filter({ hasText: 'product' })).toHaveText(
    `${expected} ${expected === 1 ? 'product' : 'products'}`,
  );
  await page.goBack();
  await expect(page.getByLabel('Offers only')).not.toBeChecked();
  await page.goForward();
  await expect(page.getByLabel('Offers only')).toBeChecked();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'product' })).toHaveText(
    `${expected} ${expected === 1 ? 'product' : 'products'}`,
  );
  await page.getByRole('button', { name: 'Show filters' }).click();
  await expect(page.getByLabel('Brand')).toHaveValue(brand);
});

test('a filter with no match shows the message and resets the filters', async ({ page }) => {
  await page.goto('/catalogue');
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByLabel('Brand').selectOption(shown[0]!.brand);
  await page.getByLabel('Min price').fill('99999');
  await page.getByLabel('Min price').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Sorry! No matches found, please try another combination');
  await expect(page.getByLabel('Brand')).toHaveValue('all');
});

test('search finds a product by part of its name; X clears it', async ({ page }) => {
  const target = shown[0]!;
  const part = target.name.split(' ')[1]!.slice(0, 5);
  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(part);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('heading', { name: `Search results for: ${part}` })).toBeVisible();
  await expect(results.getByRole('link', { name: target.name.slice(0, 26) }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('zzqqxx');
  await expect(results.getByText('Product Not Found')).toBeVisible();
  await results.getByRole('button', { name: 'Clear search' }).click();
  await expect(results).toBeHidden();
});

test('the detail page of a discounted product shows both prices and the badge', async ({ page }) => {
  await page.goto(`/detail/${discounted.id}`);
  await expect(page.getByRole('heading', { name: discounted.name, level: 1 })).toBeVisible();
  const info = page.getByRole('article');
  await expect(info.getByText(money(totalPrice(discounted.price, discounted.discount)), { exact: true }).first()).toBeVisible();
  await expect(info.locator('s').first()).toContainText(money(discounted.price));
  await expect(info.getByText(`${discounted.discount}% OFF`).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You might also like...' })).toBeVisible();
});

test("a disabled product's URL goes to /error", async ({ page }) => {
  await page.goto(`/detail/${disabled.id}`);
  await expect(page).toHaveURL(/\/error$/);
});

test('a favourite from a card: toast, filled heart, listed on /favorites, still there after sign-in', async ({ page }) => {
  const account = await registerShopper(page, { signOut: true });
  await page.goto(`/catalogue?sort=newest`);
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('link').first().getAttribute('title'))!;
  await card.hover();
  await card.getByRole('button', { name: `Add ${name} to favourites` }).click();
  await expect(page.getByText('Added to Favorites')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();
  await page.getByRole('link', { name: 'Favourites (some saved)' }).click();
  await expect(page.getByRole('list', { name: 'Favourite products' }).getByRole('article')).toHaveCount(1);
  await signIn(page, account.email, account.password);
  await page.getByRole('link', { name: 'Favourites (some saved)' }).click();
  await expect(page.getByRole('list', { name: 'Favourite products' }).getByRole('link', { name: name.slice(0, 26) })).toBeVisible();
});

test("add to cart twice makes one line; the stepper stops at the shade's stock", async ({ page }) => {
  const account = await registerShopper(page, { signOut: true });
  await page.goto(`/detail/${fewLeft.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await signIn(page, account.email, account.password);
  await page.getByRole('link', { name: /^Cart, / }).click();
  const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  const line = lines.filter({ has: page.getByRole('link', { name: fewLeft.name.slice(0, 26) }) });
  await expect(line).toHaveCount(1);
  const increase = line.getByRole('button', { name: 'Increase quantity' });
  await expect(line.getByText(`Shade: ${fewLeftShade.name}`)).toBeVisible();
  for (let i = 1; i < fewLeftShade.stock; i++) await increase.click();
  await expect(increase).toBeDisabled();
  await expect(line.getByLabel('Quantity', { exact: true })).toHaveText(String(fewLeftShade.stock));
});

test('signing in puts the local cart on the server', async ({ page }) => {
  const account = await registerShopper(page, { signOut: true });
  await page.goto(`/detail/${fewLeft.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await signIn(page, account.email, account.password);
  // The merge is done once the server holds the line: leaving the page before would cut it short.
  const { uid, headers } = await asUser(page, account);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/cart/${uid}`, { headers })).json()) as { lines: unknown[] }).lines.length)
    .toBe(1);
  await page.evaluate(() => localStorage.removeItem('cartlocal'));
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByRole('link', { name: fewLeft.name.slice(0, 26) })).toBeVisible();
  await expect(page.getByText('SUBTOTAL').locator('..')).toContainText(money(totalPrice(fewLeft.price, fewLeft.discount)));
});

test('the cart asks a visitor to sign in, and says when it is empty', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('You have to be logged in to see the cart')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  const account = await registerShopper(page, { signOut: true });
  await signIn(page, account.email, account.password);
  await page.getByRole('link', { name: /^Cart, / }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test("a visitor's favourites and cart survive a reload", async ({ page }) => {
  await page.goto(`/detail/${fewLeft.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();
});

test('/listproducts/{category} is the catalogue of one category; an unknown one is not found', async ({ page }) => {
  await page.goto('/listproducts/mascara');
  await expect(page.getByRole('heading', { name: 'mascara', level: 1 })).toBeVisible();
  const count = shown.filter((p) => p.category === 'mascara').length;
  await expect(page.getByRole('status').filter({ hasText: 'product' })).toHaveText(`${count} products`);
  await page.goto('/listproducts/glitter');
  await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
});

test('a card click clears the search and opens the detail page', async ({ page }) => {
  const target = shown[0]!;
  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(target.name);
  const results = page.getByRole('region', { name: 'Search results' });
  await results
    .getByRole('article')
    .filter({ hasText: target.name.slice(0, 26) })
    .first()
    .click();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.name.split(' ')[0]!);
});
