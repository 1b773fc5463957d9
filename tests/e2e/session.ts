import type { Page } from '@playwright/test';
import type { LoggedUser } from '../../src/domain/types';

export const ADMIN: LoggedUser = { id: 'demo-admin', type: 'Admin', username: 'shopadmin', email: 'admin@makeup.test', img: null };
export const SHOPPER: LoggedUser = { id: 'demo-user', type: 'User', username: 'anabelle1', email: 'ana@makeup.test', img: null };

/** Puts a userLogged record in the browser before the page's scripts run. */
export async function storeUser(page: Page, user: LoggedUser): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('userLogged', value), JSON.stringify(user));
}
