/**
 * Every route of spec section 2, checked by axe-core against WCAG 2.0 and
 * 2.1 A and AA on the real server, in the states people meet it: a visitor
 * (at desktop and phone width, with the search results, the account menu and
 * the side menu open), a new shopper with a product in the cart and one in
 * the favourites (the shipping form with its messages, the payment step),
 * the seeded buyer (her orders with one opened, a product she bought with its
 * rating and comment forms), and the Admin (every admin route, a row menu,
 * the discount dialog, the storefront with the Admin link). Zero violations.
 */
import type { Locator } from '@playwright/test';
import { onSale } from '../fixtures/catalogue';
import { expectAccessible } from './axe';
import { addToCart, sendShippingAddress } from './checkoutSteps';
import { ADMIN_ACCOUNT, registerShopper, SHOPPER_ACCOUNT, signInAs } from './session';
import { expect, test, type Page } from './test';
import { PHONE } from './widths';

/** The page has its heading and nothing is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^(Loading|Searching|Checking)/ })).toHaveCount(0);
}

interface Visit {
  path: string;
  /** Where the route lands this person, when it sends them on. */
  lands?: RegExp;
  /** What shows once its data is in, beyond the heading. */
  ready?: (page: Page) => Locator;
}

/** Opens each route, waits for it to settle and checks it. */
async function visitAll(page: Page, who: string, visits: Visit[]): Promise<void> {
  for (const { path, lands, ready } of visits) {
    await page.goto(path);
    if (lands) await expect(page).toHaveURL(lands);
    await settled(page);
    if (ready) await expect(ready(page).first()).toBeVisible();
    await expectAccessible(page, `${path} for ${who}`);
  }
}

const product = onSale[0]!;
const articles = (page: Page) => page.getByRole('main').getByRole('article');

const PUBLIC: Visit[] = [
  { path: '/', lands: /\/home$/, ready: (page) => page.getByRole('region', { name: 'Special Offers' }).getByRole('article') },
  { path: '/catalogue', ready: articles },
  { path: `/detail/${product.id}`, ready: (page) => page.getByRole('heading', { name: product.name, level: 1 }) },
  { path: `/listproducts/${product.category}`, ready: articles },
  { path: '/about' },
  { path: '/login' },
  { path: '/register' },
  { path: '/resetPassword' },
  { path: '/error' },
  { path: '/no/such/page', ready: (page) => page.getByRole('heading', { name: 'Sorry, page not found!' }) },
];

const VISITOR: Visit[] = [
  ...PUBLIC,
  { path: '/cart' },
  { path: '/favorites' },
  { path: '/payment', lands: /\/cart$/ },
  { path: '/order', lands: /\/login$/ },
  { path: '/profile', lands: /\/login$/ },
  { path: '/dashboard', lands: /\/home$/ },
  { path: '/admin/dashboard', lands: /\/login$/ },
];

/** The search box's results for a product's name, and the account menu, opened on the current page. */
async function searchAndAccountMenu(page: Page, who: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(product.name);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  await expectAccessible(page, `the search results for ${who}`);
  await results.getByRole('button', { name: 'Clear search' }).click();

  await page.getByRole('button', { name: /^Account/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, `the account menu for ${who}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

const ROUTES_A_TEST = 6;

/**
 * A visitor needs no setting up: a test for each few routes, so one page
 * loads the shop's files once for several routes, and the tests still spread
 * over the workers.
 */
function fewAtATime(visits: Visit[]): Visit[][] {
  const groups: Visit[][] = [];
  for (let start = 0; start < visits.length; start += ROUTES_A_TEST) groups.push(visits.slice(start, start + ROUTES_A_TEST));
  return groups;
}
const routes = (visits: Visit[]) => visits.map(({ path }) => path).join(', ');

for (const visits of fewAtATime(VISITOR)) {
  test(`a visitor on ${routes(visits)}`, async ({ page }) => {
    await visitAll(page, 'a visitor', visits);
  });
}

test('a visitor: the search results and the account menu', async ({ page }) => {
  await page.goto('/home');
  await searchAndAccountMenu(page, 'a visitor');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  for (const visits of fewAtATime(PUBLIC)) {
    test(`a visitor on ${routes(visits)}`, async ({ page }) => {
      await visitAll(page, 'a visitor on a phone', visits);
    });
  }

  test('a visitor: the side menu', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page, 'the side menu on a phone');
  });
});

test('a new shopper with a product in the cart and one in the favourites: the storefront, cart, shipping form, payment step, favourites, profile and orders', async ({
  page,
}) => {
  test.slow();
  const account = await registerShopper(page);
  await addToCart(page, product.id);
  await page.getByRole('button', { name: 'Add to favourites', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();

  const cartLines = (p: Page) => p.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  await visitAll(page, 'a shopper', [
    ...PUBLIC.slice(0, 4),
    { path: '/cart', ready: cartLines },
    { path: '/favorites', ready: articles },
    { path: '/profile', ready: (p) => p.getByRole('heading', { name: account.username }) },
    { path: '/order' },
  ]);
  await searchAndAccountMenu(page, 'a shopper');

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Buy' }).click();
  const form = page.getByRole('form', { name: 'Shipping' });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toHaveText('Missing fields!');
  await form.getByLabel('COUNTRY').fill('ar1');
  await expect(form.getByText('only letters!')).toBeVisible();
  await expectAccessible(page, 'the shipping form with its messages');

  await sendShippingAddress(page);
  await expect(page.getByRole('button', { name: 'Pay with test payment' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the payment step');
});

test('the seeded buyer: her orders with one opened, and a product she bought with its rating and comment forms', async ({ page }) => {
  await signInAs(page, SHOPPER_ACCOUNT);
  await page.goto('/order');
  await settled(page);
  const view = page.getByRole('button', { name: /^View order #/ }).first();
  await expect(view).toBeVisible();
  await expectAccessible(page, "the seeded buyer's orders");
  await view.click();
  await expect(page.getByRole('dialog').getByRole('list', { name: 'History' })).toBeVisible();
  await expectAccessible(page, 'an order opened');

  // The seed's orders hold the first products on sale.
  await page.goto(`/detail/${product.id}`);
  await settled(page);
  await expect(page.getByRole('group', { name: 'Your rating' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your comment' })).toBeVisible();
  await expectAccessible(page, 'a bought product with its rating and comment forms');
});

test('the Admin: every admin route, a row menu, the discount dialog and the storefront with the Admin link', async ({ page }) => {
  test.slow();
  await signInAs(page, ADMIN_ACCOUNT);
  await visitAll(page, 'the Admin', [
    { path: '/admin', lands: /\/admin\/dashboard$/ },
    { path: '/dashboard', lands: /\/admin\/dashboard$/ },
    {
      path: '/admin/products',
      lands: /\/admin\/products\/list$/,
      ready: (p) => p.getByRole('table', { name: 'Products' }).getByRole('row').nth(1),
    },
    { path: '/admin/products/create' },
    { path: `/admin/products/edit/${product.id}`, ready: (p) => p.getByRole('textbox', { name: 'Name', exact: true }) },
    { path: '/admin/users', ready: (p) => p.getByRole('table').getByRole('row').nth(1) },
    { path: '/admin/orders', ready: (p) => p.getByRole('button', { name: /^View order #/ }) },
    { path: '/home', ready: (p) => p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }) },
  ]);

  await page.goto('/admin/products/list');
  await settled(page);
  await page.getByRole('searchbox', { name: 'Search product...', exact: true }).fill(product.name);
  await page.getByRole('button', { name: `Actions for ${product.name}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, "a product's row menu");
  await page.keyboard.press('Escape');

  await page.getByRole('checkbox', { name: `Select ${product.name}`, exact: true }).check();
  await page.getByRole('group', { name: 'Selected rows' }).getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });
  await dialog.getByRole('textbox', { name: 'Discount (%)' }).fill('101');
  await expect(dialog.getByText('Write a number between 0 - 100')).toBeVisible();
  await expectAccessible(page, 'the discount dialog refusing 101');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
