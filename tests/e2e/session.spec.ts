import type { Request, Route } from '@playwright/test';
import { clearAppStorage, registerShopper, signOut, type Account } from './session';
import { expect, test, type Page } from './test';

/**
 * The session against the real server and the Firebase Auth emulator:
 * the provider keeps its user in localStorage (or the tab's
 * sessionStorage without 'Remember me'), the app keeps its own in
 * localStorage, and the two can disagree.
 */

/** Signs in from the login page the test is on. */
async function submitSignIn(page: Page, account: Account) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const accountMenu = (page: Page, account: Account) => page.getByRole('button', { name: `Account: ${account.username}` });

/** Holds the app's look-up of this user's shop account until released, keeping the session restoring. */
async function holdUserLookup(page: Page, userId: string) {
  const held: Route[] = [];
  const matches = (request: Request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/users' && url.searchParams.get('userId') === userId;
  };
  await page.route(
    (url) => url.pathname === '/api/users',
    (route) => (matches(route.request()) ? void held.push(route) : route.continue()),
  );
  return {
    seen: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async () => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(held.map((route) => route.continue().catch(() => {})));
    },
  };
}

const storedUserId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('userLogged')!) as { id: string }).id);

async function addFirstFavourite(page: Page) {
  await page.goto('/catalogue');
  const card = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
  const name = (await card.getByRole('link').first().getAttribute('title'))!;
  await card.hover();
  await card.getByRole('button', { name: `Add ${name} to favourites` }).click();
  await expect(page.getByText('Added to Favorites')).toBeVisible();
}

async function expectSignedInAs(page: Page, account: Account) {
  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenu(page, account)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(account.email)).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByText("You don't have any products in favourites...")).toBeVisible();
  await page.reload();
  await expect(accountMenu(page, account)).toBeVisible();
}

test('signing in as B while the provider still holds A, restored and shown, ends signed in as B with B’s data', async ({ page }) => {
  const a = await registerShopper(page, { signOut: true });
  const b = await registerShopper(page, { signOut: true });
  await submitSignIn(page, a);
  await expect(accountMenu(page, a)).toBeVisible();
  await addFirstFavourite(page);

  await clearAppStorage(page);
  await page.goto('/login');
  await expect(accountMenu(page, a)).toBeVisible();
  await submitSignIn(page, b);
  await expectSignedInAs(page, b);
});

test('signing in as B while the app still restores A from the provider ends signed in as B', async ({ page }) => {
  const a = await registerShopper(page, { signOut: true });
  const b = await registerShopper(page, { signOut: true });
  await submitSignIn(page, a);
  await expect(accountMenu(page, a)).toBeVisible();
  const aId = await storedUserId(page);

  await clearAppStorage(page);
  const lookup = await holdUserLookup(page, aId);
  await page.goto('/login');
  await lookup.seen();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  await submitSignIn(page, b);
  await expect(accountMenu(page, b)).toBeVisible();
  await lookup.release();
  await expectSignedInAs(page, b);
});

test('sign out works while the session is still restoring', async ({ page }) => {
  const a = await registerShopper(page, { signOut: true });
  await submitSignIn(page, a);
  await expect(accountMenu(page, a)).toBeVisible();
  await addFirstFavourite(page);
  const lookup = await holdUserLookup(page, await storedUserId(page));
  await page.reload();
  await lookup.seen();
  await accountMenu(page, a).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userLogged'))).toBeNull();
  // A's lists leave the device with A.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('favorites') ?? '[]'))).toEqual([]);
  await lookup.release();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});

test('a visitor’s tab, which has not loaded the provider, follows a sign-in and then a sign-out made in another tab', async ({
  context,
  page,
}) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  const other = await context.newPage();
  const account = await registerShopper(other);
  await expect(accountMenu(page, account)).toBeVisible();
  await signOut(other);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});
