/**
 * The back office's frame on the admin shop: the side menu folded on a phone,
 * and the storefront in another tab following an Admin's change.
 */
import { onSale } from '../fixtures/catalogue';
import { asUser } from './api';
import { ADMIN_ACCOUNT, signInAs } from './session';
import { expect, test } from './test';
import { PHONE } from './widths';

test.describe('on a phone', () => {
  test.use(PHONE);

  test('@admin the admin menu folds behind "Admin menu", unfolds on a tap and folds again once an entry is chosen', async ({ page }) => {
    await signInAs(page, ADMIN_ACCOUNT);
    const menu = page.getByRole('navigation', { name: 'Admin' });
    const fold = menu.getByRole('button', { name: 'Admin menu' });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Users' })).toBeHidden();
    await fold.tap();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Users' }).tap();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('table', { name: 'User list' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText('Loading users')).toBeHidden();
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Users' })).toBeHidden();
    // The page itself never scrolls sideways: wide tables scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test('@admin on a wide screen the menu is always shown, without the fold button', async ({ page }) => {
  await signInAs(page, ADMIN_ACCOUNT);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('button', { name: 'Admin menu' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
});

test('@admin a product the Admin disables leaves the storefront open in another tab of the browser, without a reload', async ({
  context,
}) => {
  // A product of its own, so no other test's counts move.
  const admin = await context.newPage();
  const { headers } = await asUser(admin, ADMIN_ACCOUNT);
  const source = onSale[0]!;
  const name = `Tab Test ${Date.now().toString(36)}`;
  const created = await admin.request.post('/api/products', {
    headers,
    data: {
      name,
      price: 12,
      brand: source.brand,
      category: source.category,
      stock: 5,
      description: 'A product for the tabs test.',
      image: source.image,
      discount: 0,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The catalogue lists from the storefront's product list, newest first: the new product leads it.
  const shop = await context.newPage();
  await shop.goto('/catalogue?sort=newest');
  const found = shop.getByRole('article').filter({ hasText: name });
  await expect(found).toBeVisible();

  await signInAs(admin, ADMIN_ACCOUNT);
  await admin.goto('/admin/products/list');
  await admin.getByRole('searchbox', { name: 'Search product...' }).fill(name);
  await admin.getByRole('button', { name: `Actions for ${name}` }).click();
  await admin.getByRole('menuitem', { name: 'Disable' }).click();

  await expect(found).toBeHidden({ timeout: 5000 });
});
