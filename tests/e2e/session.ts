import type { Page } from '@playwright/test';
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
