import { expect, type Page } from './test';

/** Adds one of the product to the signed-in shopper's cart from its detail page. */
export async function addToCart(page: Page, productId: number): Promise<void> {
  await page.goto(`/detail/${productId}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
}

/** On the shipping step: a valid address, then Next to the payment step. */
export async function sendShippingAddress(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Shipping' });
  await form.getByLabel('COUNTRY').fill('argentina');
  await form.getByLabel('STATE').fill('cordoba');
  await form.getByLabel('ADDRESS').fill('san martin');
  await form.getByLabel('STREET').fill('123');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** From /cart: Buy, a valid shipping address, Next, and the payment step with its order summary. */
export async function shipToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Buy' }).click();
  await sendShippingAddress(page);
  await expect(page.getByRole('heading', { name: 'CHOOSE YOUR PAYMENT METHOD' })).toBeVisible();
}
