import { expect, type Page } from './test';
import type { LoggedUser } from '~/src/domain/types';

export { ADMIN, ADMIN_ACCOUNT, SHOPPER, SHOPPER_ACCOUNT } from '../fixtures/users';

/** Signs the user in to the mock backend's provider and stores userLogged, before the page's scripts run. */
export async function storeUser(page: Page, user: LoggedUser): Promise<void> {
  await page.addInitScript((value) => {
    const stored = JSON.parse(value) as LoggedUser;
    localStorage.setItem('userLogged', value);
    localStorage.setItem(
      'mockAuthUser',
      JSON.stringify({ uid: stored.id, email: stored.email, displayName: stored.username, photoURL: null }),
    );
  }, JSON.stringify(user));
}

export interface Account {
  email: string;
  password: string;
  username: string;
}

/** A name part no other test (or earlier run) has used: new accounts and renames. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A new account on the real server, registered from /register, so its
 * favourites, cart, orders and profile are its own: left signed in on /home,
 * or (`signOut`) signed out again on /login.
 */
export async function registerShopper(page: Page, { signOut: andSignOut = false }: { signOut?: boolean } = {}): Promise<Account> {
  const id = unique();
  const account = { email: `shopper.${id}@makeup.test`, password: 'secret12', username: `shop${id}`.slice(0, 15) };
  await page.goto('/register');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: `Account: ${account.username}` })).toBeVisible();
  if (!andSignOut) return account;
  await signOut(page);
  return account;
}

/** Clears what the app keeps of its user (userLogged, favourites, cart) but not the provider's own session. */
export async function clearAppStorage(page: Page): Promise<void> {
  await page.evaluate(() => ['userLogged', 'favorites', 'cartlocal'].forEach((key) => localStorage.removeItem(key)));
}

/** Opens /login and signs in with this email and password. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs the account in at /login and waits to land where /dashboard sends it (home, or the Admin's dashboard). */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/(home|admin\/dashboard)$/);
}

/** Signs out from the account menu of whoever is signed in. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
