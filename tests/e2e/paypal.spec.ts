/**
 * PayPal end to end, without the internet: the real server takes PayPal
 * payments from a local stand-in of PayPal's REST API, and the page loads a
 * stand-in of PayPal's JS SDK served here in place of www.paypal.com. The
 * buyer's approval in PayPal's window is passed on to the REST stand-in.
 */
import { onSale } from '../fixtures/catalogue';
import { PAYPAL_APPROVAL, PAYPAL_SDK_STAND_IN } from '../fixtures/paypalSdkStandIn';
import { PAYPAL_STAND_IN_PORT } from '~/playwright.config';
import { asUser, stockOf } from './api';
import { addToCart, shipToPayment } from './checkoutSteps';
import { registerShopper } from './session';
import { expect, test, type Page } from './test';

// One product per test: the two run side by side, and each checks its product's stock.
const [paid, cancelled] = onSale.filter((p) => p.stock >= 20).slice(-5, -3) as [(typeof onSale)[number], (typeof onSale)[number]];

/** PayPal's SDK and checkout window, as the stand-ins answer them. */
async function standInPaypal(page: Page): Promise<string[]> {
  const approved: string[] = [];
  await page.route('https://www.paypal.com/sdk/js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: PAYPAL_SDK_STAND_IN }),
  );
  await page.route(`${PAYPAL_APPROVAL}**`, async (route) => {
    const token = new URL(route.request().url()).searchParams.get('token') ?? '';
    const answer = await page.request.post(`http://127.0.0.1:${PAYPAL_STAND_IN_PORT}/stand-in/approve?token=${encodeURIComponent(token)}`);
    if (answer.ok()) approved.push(token);
    await route.fulfill({ status: answer.status(), contentType: 'application/json', body: await answer.text() });
  });
  return approved;
}

async function ordersOf(page: Page, account: { email: string; password: string }) {
  const { uid, headers } = await asUser(page, account);
  return (await (await page.request.get(`/api/userOrders?userID=${uid}`, { headers })).json()) as {
    status: string;
    totalPrice: number;
    address: string;
  }[];
}

test('@paypal a shopper pays with PayPal: the server creates the PayPal order, captures it once approved, and the order is placed', async ({
  page,
}) => {
  const approved = await standInPaypal(page);
  const account = await registerShopper(page);
  const stockBefore = await stockOf(page, paid.id);
  await addToCart(page, paid.id);
  await page.goto('/cart');
  await shipToPayment(page);
  await expect(page.getByRole('button', { name: 'Pay with test payment' })).toHaveCount(0);

  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByText('Your order has been approved!')).toBeVisible();
  expect(approved).toHaveLength(1);
  await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  expect(await stockOf(page, paid.id)).toBe(stockBefore - 1);
  expect(await ordersOf(page, account)).toEqual([
    expect.objectContaining({ status: 'open', totalPrice: paid.totalPrice, address: 'Argentina, Cordoba, San Martin 123' }),
  ]);
});

test("@paypal closing PayPal's window shows the checkout error, goes home, and leaves the cart, the stock and the orders as they were", async ({
  page,
}) => {
  const approved = await standInPaypal(page);
  const account = await registerShopper(page);
  const stockBefore = await stockOf(page, cancelled.id);
  await addToCart(page, cancelled.id);
  await page.goto('/cart');
  await shipToPayment(page);

  await page.getByRole('button', { name: 'Cancel PayPal' }).click();
  await expect(page.getByRole('alert')).toContainText('Error in checkout, try again later...');
  await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(approved).toEqual([]);
  expect(await stockOf(page, cancelled.id)).toBe(stockBefore);
  expect(await ordersOf(page, account)).toEqual([]);

  // The cancelled payment is let go of: paying again starts cleanly, with no refusal shown.
  await page.goto('/payment');
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByText('Your order has been approved!')).toBeVisible();
  expect(approved).toHaveLength(1);
});
