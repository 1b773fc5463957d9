import { expect, test } from './test';
import { lineOf } from '~/src/domain/cartLine';
import { onSale } from '../fixtures/catalogue';
import { ADMIN, SHOPPER, storeUser } from './session';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('the bare root lands on /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(nav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown path shows the not-found page, whose button leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
  await expect(page.getByText("We couldn't find the page you're looking for :(")).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a visitor sees no Admin link and is sent from /admin to /login', async ({ page }) => {
  await page.goto('/home');
  await expect(nav(page).getByRole('link', { name: 'Catalogue' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a stored User is sent from /admin to /login too', async ({ page }) => {
  await storeUser(page, SHOPPER);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('a stored Admin sees the Admin link and reaches the admin area with its menu', async ({ page }) => {
  await storeUser(page, ADMIN);
  await page.goto('/home');
  await nav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Product list' })).toBeVisible();
  await menu.getByRole('button', { name: 'Products' }).click();
  await expect(menu.getByRole('link', { name: 'Product list' })).toBeHidden();
  await menu.getByRole('button', { name: 'Products' }).click();
  await menu.getByRole('link', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/admin\/products\/list$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('/dashboard is the admin dashboard for an Admin and home for anyone else', async ({ page, context }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home$/);
  const adminPage = await context.newPage();
  await storeUser(adminPage, ADMIN);
  await adminPage.goto('/dashboard');
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
});

test('a stored user without a signed-in session is signed out at once', async ({ page }) => {
  await page.addInitScript((user) => localStorage.setItem('userLogged', user), JSON.stringify(ADMIN));
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userLogged'))).toBeNull();
});

test('/Login and /login are the same page', async ({ page }) => {
  await page.goto('/Login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test("an Admin opens a product's edit page whatever the case of its path", async ({ page }) => {
  await storeUser(page, ADMIN);
  await page.goto(`/ADMIN/Products/EDIT/${onSale[0]!.id}`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(onSale[0]!.name);
});

test('/about shows a team of eight full stack developers', async ({ page }) => {
  await page.goto('/about');
  const members = page.getByRole('list', { name: 'Team' }).getByRole('listitem');
  await expect(members).toHaveCount(8);
  for (const member of await members.all()) await expect(member.getByText('full stack developer', { exact: true })).toBeVisible();
});

test('the account menu offers Sign In and Register logged out', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('signing out from the account menu clears userLogged and goes to the login page', async ({ page }) => {
  await storeUser(page, SHOPPER);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account: anabelle1' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userLogged'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});

test('the cart badge counts the local cart lines and the heart fills with favourites', async ({ page }) => {
  const lines = [lineOf(onSale[0]!), lineOf(onSale[1]!, 2)];
  await page.addInitScript((stored) => {
    localStorage.setItem('cartlocal', stored);
    localStorage.setItem('favorites', JSON.stringify([4]));
  }, JSON.stringify(lines));
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();
});

test('the MSW backend answers the contract in the production build', async ({ page }) => {
  await page.goto('/home');
  await expect(nav(page)).toBeVisible();
  const products = await page.evaluate(async () => (await fetch('/api/products')).json());
  expect(products.length).toBeGreaterThan(100);
  const image = await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), products[0].image);
  expect(image).toBe('image/svg+xml');
  expect(await page.evaluate(async () => (await fetch('/api/users')).status)).toBe(401);
});

test('@phone the side menu gives the same links on a small screen', async ({ page }) => {
  await storeUser(page, ADMIN);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Rouge' });
  await expect(menu.getByRole('link', { name: 'Admin' })).toBeVisible();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();
});
