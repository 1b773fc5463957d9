/**
 * Checkout on the real server with its test payments: a new shopper's cart
 * of two products, the shipping form's rules, paying (a double click), the
 * approval, home 2 s later, and what the server then holds: one order with
 * the address line, an empty cart, stock down by what was bought.
 */
import { onSale } from '../fixtures/catalogue';
import { asUser, stockOf } from './api';
import { registerShopper } from './session';
import { expect, test } from './test';

// Two products with stock to spare, away from the ones other specs buy or step through.
const [first, second] = onSale.filter((p) => p.stock >= 20).slice(-2) as [(typeof onSale)[number], (typeof onSale)[number]];

test('@server a new shopper pays for two products with the test payment: one order, cart emptied, stock down, home after 2 s', async ({ page }) => {
  const account = await registerShopper(page);
  const stockBefore = [await stockOf(page, first.id), await stockOf(page, second.id)];

  await page.goto(`/detail/${first.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await page.goto(`/detail/${second.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('link', { name: /^Cart, / }).click();
  const secondLine = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: second.name.slice(0, 26) }) });
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
  await form.getByLabel('COUNTRY').fill('argentina');
  await form.getByLabel('STATE').fill('cordoba');
  await form.getByLabel('ADDRESS').fill('san martin');
  await form.getByLabel('STREET').fill('123');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  // A reload keeps the address: the step stays, with the server's order summary.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'CHOOSE YOUR PAYMENT METHOD' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByRole('listitem')).toHaveCount(2);
  await expect(summary).toContainText(`${second.name} × 2`);

  await page.getByRole('button', { name: 'Pay with test payment' }).dblclick();
  await expect(page.getByText('Your order has been approved!')).toBeVisible();
  const approvedAt = Date.now();
  await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  expect(Date.now() - approvedAt).toBeGreaterThanOrEqual(1500);

  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cartlocal'))).toBe('[]');
  expect([await stockOf(page, first.id), await stockOf(page, second.id)]).toEqual([stockBefore[0]! - 1, stockBefore[1]! - 2]);

  const { uid, headers } = await asUser(page, account);
  const orders = (await (await page.request.get(`/api/userOrders?userID=${uid}`, { headers })).json()) as { status: string; address: string }[];
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'open', address: 'Argentina, Cordoba, San Martin 123' });
  const cart = (await (await page.request.get(`/api/cart/${uid}`, { headers })).json()) as { lines: unknown[] };
  expect(cart.lines).toEqual([]);

  // The address went with the order: /payment now goes back to the cart.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/cart$/);
});
