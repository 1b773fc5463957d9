import { expect, type Page } from './test';
import type { LoggedUser } from '../../src/domain/types';

export { ADMIN, SHOPPER } from '../fixtures/users';

/** Signs the user in to the mock backend's provider and stores userLogged, before the page's scripts run. */
export async function storeUser(page: Page, user: LoggedUser): Promise<void> {
  await page.addInitScript((value) => {
    const stored = JSON.parse(value) as LoggedUser;
    localStorage.setItem('userLogged', value);
    localStorage.setItem('mockAuthUser', JSON.stringify({ uid: stored.id, email: stored.email, displayName: stored.username, photoURL: null }));
  }, JSON.stringify(user));
}

export interface Account {
  email: string;
  password: string;
  username: string;
}

/** A new account on the real server, registered from /register and signed out again: its favourites, cart and orders are its own. */
export async function registerShopper(page: Page): Promise<Account> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { email: `shopper.${id}@makeup.test`, password: 'secret12', username: `shop${id}`.slice(0, 15) };
  await page.goto('/register');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: `Account: ${account.username}` })).toBeVisible();
  await page.getByRole('button', { name: `Account: ${account.username}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return account;
}
