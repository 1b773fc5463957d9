/**
 * On the real server, at desktop and phone width: the
 * shipping form is kept for a signed-in shopper going back from /payment
 * (the browser's Back, or the step's "Change address"), /payment shows
 * where the order goes, and once the order is approved a toast leads to
 * it, by keyboard too.
 */
import { toBuy } from '../fixtures/catalogue';
import { addToCart, shipToPayment } from './checkoutSteps';
import { registerShopper } from './session';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping' });

async function expectFields(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await expect(shippingForm(page).getByLabel(label)).toHaveValue(value);
}

atDesktopAndPhoneWidth(() => {
  test('going back from /payment keeps the shipping form; /payment shows the ship-to address with a way to change it; the order is reachable from a toast', async ({
    page,
  }) => {
    await registerShopper(page);
    await addToCart(page, toBuy.id);
    // The toast sits below the header, leaving its Cart link and search field in reach (on a phone a toast is as wide as the screen).
    const cartLink = page.getByRole('link', { name: /^Cart, / });
    const toast = page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Added to Cart' });
    const header = (await page.getByRole('banner').boundingBox())!;
    // Polled: the toast slides in from above.
    await expect.poll(async () => (await toast.boundingBox())?.y).toBeGreaterThanOrEqual(header.y + header.height);
    await cartLink.click();
    await shipToPayment(page);
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await expect(shipTo).toContainText('Argentina, Cordoba, San Martin 123');

    await page.goBack();
    await expect(page).toHaveURL(/\/cart$/);
    await expectFields(page, { COUNTRY: 'argentina', STATE: 'cordoba', ADDRESS: 'san martin', STREET: '123' });
    await shippingForm(page).getByLabel('STREET').fill('456');
    await shippingForm(page).getByRole('button', { name: 'Next' }).click();
    await expect(shipTo).toContainText('Argentina, Cordoba, San Martin 456');

    await shipTo.getByRole('link', { name: 'Change address' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expectFields(page, { COUNTRY: 'argentina', STATE: 'cordoba', ADDRESS: 'san martin', STREET: '456' });
    await shippingForm(page).getByRole('button', { name: 'Next' }).click();

    const placed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/orders' && response.request().method() === 'POST' && response.ok(),
    );
    await page.getByRole('button', { name: 'Pay with test payment' }).click();
    const { id } = (await (await placed).json()) as { id: number };
    await expect(page.getByText('Your order has been approved!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
    // Sent home as the spec says, the order is still a link away, reached from the keyboard: Alt+T goes to the toasts.
    const link = page.getByRole('link', { name: 'View your order' });
    await expect(link).toBeVisible();
    await page.keyboard.press('Alt+KeyT');
    for (let tab = 0; tab < 4 && !(await link.evaluate((element) => element === document.activeElement)); tab++)
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/order\\?new=${id}$`));

    // The address went with the order: the cart's form starts empty again.
    await addToCart(page, toBuy.id);
    await page.getByRole('link', { name: /^Cart, / }).click();
    await page.getByRole('button', { name: 'Buy' }).click();
    await expectFields(page, { COUNTRY: '', STATE: '', ADDRESS: '', STREET: '' });
  });
});
