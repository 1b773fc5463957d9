/**
 * A sale from start to finish on the real server with its test payments: a
 * new shopper's cart of two products, the shipping form's rules, paying (a
 * double click), the approval, home 2 s later, and what the server then
 * holds: one order with the address line, an empty cart, stock down by what
 * was bought. Then that order in the buyer's list and the Admin's, the Admin
 * moving it open -> processing -> approved, the buyer reading its history,
 * and rating and commenting the product.
 */
import { cutAddress, cutEmail } from '~/src/domain/truncate';
import { formatPrice } from '~/src/domain/price';
import { onSale } from '../fixtures/catalogue';
import { asUser, stockOf } from './api';
import { addToCart, sendShippingAddress } from './checkoutSteps';
import { ADMIN_ACCOUNT, registerShopper, signInAs, signOut, unique } from './session';
import { expect, test, type Page } from './test';

// Two products with stock to spare, away from the ones other specs buy or step through.
const [first, second] = onSale.filter((p) => p.stock >= 20).slice(-2) as [(typeof onSale)[number], (typeof onSale)[number]];

test('a new shopper buys two products with the test payment; the Admin moves the order to approved; the buyer reads its history and reviews', async ({
  page,
}) => {
  // One sale from cart to review: many steps, each waiting on the server.
  test.slow();
  const account = await registerShopper(page);
  const stockBefore = [await stockOf(page, first.id), await stockOf(page, second.id)];

  await addToCart(page, first.id);
  await addToCart(page, second.id);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('link', { name: /^Cart, / }).click();
  const secondLine = page
    .getByRole('list', { name: 'Cart lines' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: second.name.slice(0, 26) }) });
  await secondLine.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(secondLine.getByLabel('Quantity', { exact: true })).toHaveText('2');

  // /payment before the shipping form is filled goes back to the cart.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/cart$/);

  await page.getByRole('button', { name: 'Buy' }).click();
  const form = page.getByRole('form', { name: 'Shipping' });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toHaveText('Missing fields!');
  const cases: [string, string, string][] = [
    ['COUNTRY', 'ar1', 'only letters!'],
    ['STATE', 'cba', "it's too short !"],
    ['ADDRESS', 'sanmartinavenida', "it's too large !"],
    ['STREET', '12 3', 'only numbers & no spacing!'],
    ['STREET', '12', "it's too short !"],
    ['STREET', '123456', "it's too large !"],
  ];
  for (const [label, value, message] of cases) {
    await form.getByLabel(label).fill(value);
    await expect(form.getByText(message)).toBeVisible();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await form.getByLabel(label).fill('');
    await expect(form.getByText(message)).toHaveCount(0);
  }
  await sendShippingAddress(page);

  // A reload keeps the address: the step stays, with the server's order summary.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'CHOOSE YOUR PAYMENT METHOD' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByRole('listitem')).toHaveCount(2);
  // The line is the product in the shade its page opened on, its first in stock.
  const secondShade = second.shades.find((shade) => shade.stock > 0);
  await expect(summary).toContainText(`${second.name}${secondShade ? ` (${secondShade.name})` : ''} × 2`);

  await page.getByRole('button', { name: 'Pay with test payment' }).dblclick();
  await expect(page.getByText('Your order has been approved!')).toBeVisible();
  const approvedAt = Date.now();
  await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  expect(Date.now() - approvedAt).toBeGreaterThanOrEqual(1500);

  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cartlocal'))).toBe('[]');
  expect([await stockOf(page, first.id), await stockOf(page, second.id)]).toEqual([stockBefore[0]! - 1, stockBefore[1]! - 2]);

  const { uid, headers } = await asUser(page, account);
  const orders = (await (await page.request.get(`/api/userOrders?userID=${uid}`, { headers })).json()) as {
    id: number;
    status: string;
    address: string;
    totalPrice: number;
  }[];
  const total = Math.round((first.totalPrice + second.totalPrice * 2) * 100) / 100;
  expect(orders).toEqual([expect.objectContaining({ status: 'open', address: ADDRESS, totalPrice: total })]);
  const order = orders[0]!;
  const cart = (await (await page.request.get(`/api/cart/${uid}`, { headers })).json()) as { lines: unknown[] };
  expect(cart.lines).toEqual([]);

  // The address went with the order: /payment now goes back to the cart.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/cart$/);

  // The buyer's orders list it with its total and address.
  await page.goto('/order');
  await expect(orderRow(page, order.id)).toContainText(formatPrice(total));
  await expect(orderRow(page, order.id)).toContainText(cutAddress(ADDRESS));

  // The Admin sees whose it is, and moves it open -> processing -> approved.
  await signOut(page);
  await signInAs(page, ADMIN_ACCOUNT);
  await page.goto('/admin/orders');
  const row = orderRow(page, order.id);
  await expect(row).toContainText(cutEmail(account.email));
  await expect(row).toContainText(formatPrice(total));
  await expect(row).toContainText(cutAddress(ADDRESS));
  const status = row.getByRole('combobox', { name: `Status of order #${order.id}` });
  for (const next of ['processing', 'approved']) {
    await status.selectOption(next);
    await row.getByRole('button', { name: `Apply status to order #${order.id}` }).click();
    await expect(status).toHaveValue(next);
  }
  await signOut(page);

  // The buyer reads every move, with who made it.
  await signInAs(page, account);
  await page.goto('/order');
  await page.getByRole('button', { name: `View order #${order.id}` }).click();
  const history = page
    .getByRole('dialog', { name: `Order #${order.id}` })
    .getByRole('list', { name: 'History' })
    .getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText(`open by ${account.email}`);
  await expect(history.nth(1)).toContainText(`processing by ${ADMIN_ACCOUNT.email}`);
  await expect(history.nth(2)).toContainText(`approved by ${ADMIN_ACCOUNT.email}`);
  await page.getByRole('button', { name: 'Close' }).click();

  // And, having bought it, rates and comments the product.
  await page.goto(`/detail/${first.id}`);
  await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '4.5 stars' }).click();
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByText('You rated this product 4.5 out of 5.')).toBeVisible();
  const comment = `Lovely colour ${unique()}`;
  await page.getByRole('textbox', { name: 'Your comment' }).fill(comment);
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByText('comment sent successfully!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Comments' }).getByRole('listitem').first()).toContainText(comment);
});

const ADDRESS = 'Argentina, Cordoba, San Martin 123';

/** The orders table's row of one order. */
const orderRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Copy order reference #${id}` }) });
