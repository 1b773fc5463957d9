/**
 * Orders on the real server: the demo Admin finds orders by reference or
 * buyer email and by status, moves the demo shopper's seeded open order
 * forward and sees its history grow, cancels another order after confirming
 * (it leaves the list, its stock returns); the shopper sees their orders and
 * the details with history, with no status controls, and the order just
 * placed marked as new (/order?new=).
 */
import { onSale } from '../fixtures/catalogue';
import { asUser, stockOf } from './api';
import { ADMIN_ACCOUNT as ADMIN, SHOPPER_ACCOUNT as ANA, signInAs as signIn } from './session';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

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
  const order = await call('/orders', {
    status: 'open',
    userID: uid,
    address: 'Argentina, Cordoba, San Martin 1234',
    paymentId: payment.id,
  });
  return Number(order.id);
}

const historyOf = (page: Page) => page.getByRole('dialog').getByRole('list', { name: 'History' }).getByRole('listitem');

/** The Admin's orders list, searched for (the list is read a page at a time, newest first). */
async function searchOrders(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search orders by buyer email or reference' }).fill(text);
}

/** The order references the list shows, top to bottom, as numbers. */
async function listedIds(page: Page): Promise<number[]> {
  const references = await page.getByRole('button', { name: /^Copy order reference #/ }).allTextContents();
  return references.map((reference) => Number(reference.slice(1)));
}

/** The rows of the Admin's orders table, each an order. */
const orderRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Copy order reference/ }) });

/**
 * The Admin's list searched for the order's reference: asked once typing pauses, shown when the server's page comes. The
 * search also matches buyers' emails, so a row may be another order whose buyer's email holds the digits.
 */
async function findOrder(page: Page, id: number) {
  await searchOrders(page, `#${id}`);
  const listed = () =>
    orderRows(page).evaluateAll((found) =>
      found.map((row) => ({
        reference: row.querySelector('button[aria-label^="Copy order reference"]')?.textContent ?? '',
        buyer: row.querySelector('td')?.title ?? '',
      })),
    );
  // An empty list is the page still loading: every() would hold on it.
  await expect
    .poll(async () => {
      const shown = await listed();
      return shown.length > 0 && shown.every(({ reference, buyer }) => reference.includes(String(id)) || buyer.includes(String(id)));
    })
    .toBe(true);
  expect(await listedIds(page)).toContain(id);
}

test('the Admin moves a seeded open order open -> processing -> approved and sees the history grow', async ({ page }) => {
  // The seeded open order: Ana's first one (orders the other tests make come later).
  const open = (await ordersOf(page, ANA)).filter((o) => o.status === 'open').sort((a, b) => a.id - b.id);
  expect(open.length, 'the seed gives Ana an open order').toBeGreaterThan(0);
  const seeded = open[0]!;
  await signIn(page, ADMIN);
  await page.goto('/admin/orders');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'USERS', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'STATUS' })).toBeVisible();
  await findOrder(page, seeded.id);
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

test('the Admin cancels an order after confirming: it leaves the list and its stock returns', async ({ page }) => {
  const orderId = await placeOrder(page, 3);
  const stockAfterOrder = await stockOf(page, bought.id);
  await signIn(page, ADMIN);
  await page.goto('/admin/orders');
  await findOrder(page, orderId);
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
  await searchOrders(page, `#${orderId}`);
  await expect(page.getByText('No orders match the search and status.')).toBeVisible();
  await expect(copy).toBeHidden();
});

test('the Admin finds an order by its reference or its buyer email, narrowed by status', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin/orders');
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  // Ana's first order, from the seed: the newest may be one another test places and cancels meanwhile.
  const [seeded] = (await ordersOf(page, ANA)).sort((a, b) => a.id - b.id);
  await findOrder(page, seeded!.id);
  // Ana's orders, her email typed in capitals: every row hers; then only the approved ones.
  const rows = orderRows(page);
  const buyers = () => rows.evaluateAll((found) => found.map((row) => row.querySelector('td')?.title));
  const statuses = () => rows.evaluateAll((found) => found.map((row) => row.querySelector('select')?.value));
  await searchOrders(page, ANA.email.toUpperCase());
  await expect.poll(async () => new Set(await buyers())).toEqual(new Set([ANA.email]));
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('approved');
  await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['approved']));
  expect(new Set(await buyers())).toEqual(new Set([ANA.email]));
  await searchOrders(page, 'nobody-at-all@nowhere.test');
  await expect(page.getByText('No orders match the search and status.')).toBeVisible();
  await expect(page.getByText('0–0 of 0')).toBeVisible();
});

atDesktopAndPhoneWidth(() => {
  test('the order named by /order?new= is marked New, in view and focused; an id not hers marks nothing', async ({ page }) => {
    await signIn(page, ANA);
    await page.goto('/order');
    await expect(page.getByRole('table')).toBeVisible();
    const [newest] = await listedIds(page);
    await page.goto(`/order?new=${newest}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Copy order reference #${newest}` }) });
    await expect(row.getByText(/^New/)).toBeVisible();
    await expect(row).toBeFocused();
    await expect(row).toBeInViewport();
    await expect(page.getByText(/^New/)).toHaveCount(1);
    await page.goto('/order?new=999999');
    await expect(page.getByRole('button', { name: `Copy order reference #${newest}` })).toBeVisible();
    await expect(page.getByText(/^New/)).toHaveCount(0);
  });
});
