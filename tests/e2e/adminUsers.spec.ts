/**
 * The Admin's users screen on the real server: a new shopper who bought a
 * product is changed to Banned, and is then neither offered reviews nor
 * let comment by the API; users deleted after the confirmation (one from
 * its row, two at once from the selection) can no longer sign in.
 */
import { onSale } from '../fixtures/catalogue';
import { asUser } from './api';
import { ADMIN_ACCOUNT, registerShopper, signIn, signInAs, signOut, type Account } from './session';
import { expectRowActionsInView } from './rowActions';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

// A product with stock to spare that no other spec buys (checkout, orders and PayPal buy from the last five).
const bought = onSale.filter((p) => p.stock >= 20).at(-6)!;

/** A paid order of the product for the account, through the same calls as the payment step with the test payment. */
async function buy(page: Page, account: Account, productId: number): Promise<void> {
  const { uid, headers } = await asUser(page, account);
  const call = async (path: string, data: object) => {
    const response = await page.request.post(`/api${path}`, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: number | string };
  };
  await call('/cart/bulk', { userID: uid, allProducts: [{ productId, quantity: 1 }] });
  const payment = await call('/payments', { userID: uid });
  await call('/orders', { status: 'open', userID: uid, address: 'Argentina, Cordoba, San Martin 1234', paymentId: payment.id });
}

/** The users screen as the demo Admin, showing the one user searched for. */
async function openUsers(page: Page, username: string) {
  await page.goto('/admin/users');
  const search = page.getByRole('searchbox', { name: 'Search user...' });
  await search.fill(username);
  await expect(page.getByRole('checkbox', { name: `Select ${username}` })).toBeVisible();
  return search;
}

const rowOf = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${username}` }) });

/** Signing in is refused: the account's sign-in was disabled with the user. */
async function cannotSignIn(page: Page, account: Account): Promise<void> {
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('This account is disabled.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /^Account: / })).toHaveCount(0);
}

test('@admin the Admin changes a buyer to Banned: no reviews offered, and the API refuses their comment', async ({ page }) => {
  test.slow();
  const account = await registerShopper(page);
  await buy(page, account, bought.id);
  // A buyer may review it, so what follows is the ban's doing.
  await page.goto(`/detail/${bought.id}`);
  await expect(page.getByRole('group', { name: 'Your rating' })).toBeVisible();
  await signOut(page);

  await signInAs(page, ADMIN_ACCOUNT);
  await openUsers(page, account.username);
  await expect(page.getByRole('checkbox', { name: `Select ${ADMIN_ACCOUNT.username}` })).toHaveCount(0);
  await expect(rowOf(page, account.username)).toContainText('Active User');
  await page.getByRole('button', { name: `Actions for ${account.username}` }).click();
  await page.getByRole('menuitem', { name: 'Change user status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change user status to:' });
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByRole('radio', { name: 'User' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Banned' }).check();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, account.username)).toContainText('Banned User');
  // What the server holds.
  await openUsers(page, account.username);
  await expect(rowOf(page, account.username)).toContainText('Banned User');
  await signOut(page);

  await signInAs(page, account);
  await page.goto(`/detail/${bought.id}`);
  await expect(page.getByText('Your account cannot write reviews')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your rating' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);

  const { uid, headers } = await asUser(page, account);
  const comment = await page.request.post('/api/comments', {
    headers,
    data: { userId: uid, productId: bought.id, text: 'Lovely shade, lasts all day' },
  });
  expect(comment.status()).toBe(403);
  const rating = await page.request.put('/api/products/rating', { headers, data: { userId: uid, productId: bought.id, rating: 5 } });
  expect(rating.status()).toBe(403);
});

test('@admin the Admin deletes a user after the confirmation: gone from the list, and they cannot sign in', async ({ page }) => {
  const account = await registerShopper(page, { signOut: true });
  await signInAs(page, ADMIN_ACCOUNT);
  const search = await openUsers(page, account.username);
  await page.getByRole('button', { name: `Actions for ${account.username}` }).click();
  await page.getByRole('menuitem', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Are you sure you want to delete the user ${account.username}?` });
  await expect(confirm).toContainText('This action is irreversible!');
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('User not found')).toBeVisible();

  await page.reload();
  await search.fill(account.username);
  await expect(page.getByText('User not found')).toBeVisible();
  await signOut(page);
  await cannotSignIn(page, account);
});

atDesktopAndPhoneWidth(() => {
  test("@admin a user's actions are on the screen without sideways scrolling, the row readable", async ({ page }) => {
    const account = await registerShopper(page, { signOut: true });
    await signInAs(page, ADMIN_ACCOUNT);
    await openUsers(page, account.username);
    await expect(rowOf(page, account.username).getByText('Active User')).toBeVisible();
    await expectRowActionsInView(page, 'User list', page.getByRole('button', { name: `Actions for ${account.username}` }));
    await expect(page.getByRole('menuitem', { name: 'Change user status' })).toBeVisible();
  });

  test('@admin the Admin deletes two selected users at once after the confirmation; neither can sign in', async ({ page }) => {
    const first = await registerShopper(page, { signOut: true });
    const second = await registerShopper(page, { signOut: true });
    await signInAs(page, ADMIN_ACCOUNT);
    const search = await openUsers(page, first.username);
    await page.getByRole('checkbox', { name: `Select ${first.username}` }).check();
    await search.fill(second.username);
    await page.getByRole('checkbox', { name: `Select ${second.username}` }).check();
    const toolbar = page.getByRole('group', { name: 'Selected rows' });
    await expect(toolbar).toContainText('2 selected');
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete 2 user(s)?' });
    await expect(confirm).toContainText('This action is irreversible!');
    await confirm.getByRole('button', { name: 'Delete users' }).click();
    await expect(page.getByText('User not found')).toBeVisible();
    await expect(toolbar).toBeHidden();

    await signOut(page);
    await cannotSignIn(page, first);
    await cannotSignIn(page, second);
  });
});
