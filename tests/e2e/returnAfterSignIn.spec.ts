import { ADMIN_ACCOUNT, SHOPPER_ACCOUNT } from './session';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

/**
 * A sign-in, a registration or Google's sign-in started from a page returns
 * to it; an Admin lands on the admin dashboard as the spec's landing page
 * says, unless sent from the admin area; a `from` in the address is followed
 * only to a path on this shop.
 */

async function submitSignIn(page: Page, account: { email: string; password: string }) {
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

atDesktopAndPhoneWidth(() => {
  test('Sign In from the cart comes back to the cart', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByText('You have to be logged in to see the cart')).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await submitSignIn(page, SHOPPER_ACCOUNT);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('You have to be logged in to see the cart')).toBeHidden();
  });

  test('an Admin lands on the admin dashboard from the storefront, and back on the admin page the guard sent them from', async ({
    page,
  }) => {
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await submitSignIn(page, ADMIN_ACCOUNT);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin/users');
    await submitSignIn(page, ADMIN_ACCOUNT);
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});

test('signing in from a product’s reviews comes back to the product', async ({ page }) => {
  await page.goto('/catalogue');
  await page.getByRole('list', { name: 'Products' }).getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  const product = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await submitSignIn(page, SHOPPER_ACCOUNT);
  await expect(page).toHaveURL(new RegExp(`${product}$`));
});

test('a page that sends a visitor to sign in (orders) is where the sign-in returns', async ({ page }) => {
  await page.goto('/order');
  await submitSignIn(page, SHOPPER_ACCOUNT);
  await expect(page).toHaveURL(/\/order$/);
});

test('registering from the cart comes back to the cart, and so does Google’s sign-in', async ({ page }) => {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: "don't have an account? sign Up here" }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.getByLabel('Email').fill(`back.${id}@makeup.test`);
  await page.getByLabel('Username').fill(`back${id}`.slice(0, 15));
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a `from` in the address is followed to a page of this shop, never to another site', async ({ page }) => {
  await page.goto('/login?from=%2Fcatalogue%3Fsort%3Dnewest');
  await submitSignIn(page, SHOPPER_ACCOUNT);
  await expect(page).toHaveURL(/\/catalogue\?sort=newest$/);
  for (const from of ['https://evil.test/', '//evil.test/', '/\\evil.test/', 'javascript:alert(1)']) {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/login?from=${encodeURIComponent(from)}`);
    await submitSignIn(page, SHOPPER_ACCOUNT);
    await expect(page, from).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
  }
});
