/**
 * Orders on the real server: the demo Admin moves the demo shopper's seeded
 * open order forward and sees its history grow, cancels another order after
 * confirming (it leaves the list, its stock returns); the shopper sees their
 * orders and the details with history, with no status controls.
 */
import { onSale } from '../fixtures/catalogue';
import { asUser, stockOf } from './api';
import { ADMIN_ACCOUNT as ADMIN, SHOPPER_ACCOUNT as ANA, signInAs as signIn } from './session';
import { expect, test, type Page } from './test';

// A product with stock to spare that no other spec buys (checkout buys the last two).
const bought = onSale.filter((p) => p.stock >= 20).at(-3)!;

interface ApiOrder {
  id: number;
  status: string;
  history: unknown[];
}

async function ordersOf(page: Page, account: { email: string; password: string }): Promise<ApiOrder[]> {
  const { uid, headers } = await asUser(page, account);
  const response = await page.request.get(`/api/userOrders?userID=${uid}`, { headers });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiOrder[];
}

/** An order of `quantity` of the product for Ana, paid with the test payment through the same calls as the payment step. */
async function placeOrder(page: Page, quantity: number): Promise<number> {
  const { uid, headers } = await asUser(page, ANA);
  const call = async (path: string, data: object) => {
    const response = await page.request.post(`/api${path}`, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: number | string };
  };
  await call('/cart/bulk', { userID: uid, allProducts: [{ productId: bought.id, quantity }] });
  const payment = await call('/payments', { userID: uid });
  const order = await call('/orders', { status: 'open', userID: uid, address: 'Argentina, Cordoba, San Martin 1234', paymentId: payment.id });
  return Number(order.id);
}

const historyOf = (page: Page) => page.getByRole('dialog').getByRole('list', { name: 'History' }).getByRole('listitem');

test('@server the Admin moves a seeded open order open -> processing -> approved and sees the history grow', async ({ page }) => {
  // The seeded open order: Ana's first one (orders the other tests make come later).
  const open = (await ordersOf(page, ANA)).filter((o) => o.status === 'open').sort((a, b) => a.id - b.id);
  expect(open.length, 'the seed gives Ana an open order').toBeGreaterThan(0);
  const seeded = open[0]!;
  await signIn(page, ADMIN);
  await page.goto('/admin/orders');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'USERS', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'STATUS' })).toBeVisible();
  const status = page.getByRole('combobox', { name: `Status of order #${seeded.id}` });
  await expect(status).toHaveValue('open');

  for (const [next, entries] of [
    ['processing', 2],
    ['approved', 3],
  ] as const) {
    await status.selectOption(next);
    await page.getByRole('button', { name: `Apply status to order #${seeded.id}` }).click();
    await expect(status).toHaveValue(next);
    await page.getByRole('button', { name: `View order #${seeded.id}` }).click();
    await expect(historyOf(page)).toHaveCount(entries);
    await expect(historyOf(page).last()).toContainText(`${next} by ${ADMIN.email}`);
    await page.getByRole('button', { name: 'Close' }).click();
  }
  // Approved is final: no other status is offered, and it cannot be cancelled.
  await expect(status).toBeDisabled();
  await expect(page.getByRole('button', { name: `Cancel order #${seeded.id}` })).toHaveCount(0);
});

test('@server the Admin cancels an order after confirming: it leaves the list and its stock returns', async ({ page }) => {
  const orderId = await placeOrder(page, 3);
  const stockAfterOrder = await stockOf(page, bought.id);
  await signIn(page, ADMIN);
  await page.goto('/admin/orders');
  const copy = page.getByRole('button', { name: `Copy order reference #${orderId}` });
  await expect(copy).toBeVisible();

  await page.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Cancel order #${orderId}?` });
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(confirm).toBeHidden();
  await expect(copy).toBeVisible();
  expect(await stockOf(page, bought.id)).toBe(stockAfterOrder);

  await page.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(copy).toBeHidden();
  expect(await stockOf(page, bought.id)).toBe(stockAfterOrder + 3);
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(copy).toBeHidden();
});

test('@server a shopper sees their orders and the details with history, copies a reference, and has no status controls', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const first = (await ordersOf(page, ANA)).sort((a, b) => a.id - b.id)[0]!;
  await signIn(page, ANA);
  await page.goto('/order');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'USERS ID' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'STATUS' })).toBeVisible();
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);

  await page.getByRole('button', { name: `Copy order reference #${first.id}` }).click();
  await expect(page.getByText(`Order reference #${first.id} copied`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`#${first.id}`);

  await page.getByRole('button', { name: `View order #${first.id}` }).click();
  const details = page.getByRole('dialog', { name: `Order #${first.id}` });
  await expect(details.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  await expect(details.getByRole('list', { name: 'Products' }).getByRole('img').first()).toBeVisible();
  await expect(historyOf(page)).toHaveCount(first.history.length);
  await expect(historyOf(page).first()).toContainText(`open by ${ANA.email}`);
});
