/**
 * Shades end to end on the real server (issue 32's Done-when): a shopper
 * picks a lipstick's shade from its swatches, adds 2, picks another shade
 * of the same lipstick, adds 1, and checks out with the test payment; the
 * cart and the order show both lines with their shades, and each shade's
 * stock fell by what was bought. At desktop width and on a phone.
 */
import { onSale } from '../fixtures/catalogue';
import { asUser } from './api';
import { sendShippingAddress } from './checkoutSteps';
import { registerShopper } from './session';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

// Lipsticks no other spec buys (they buy the last products with 20 or more), with three shades of 4 or more; the two
// widths' runs, which run at once on one shop, each buy their own.
const boughtElsewhere = new Set(
  onSale
    .filter((p) => p.stock >= 20)
    .slice(-4)
    .map((p) => p.id),
);
const lipsticks = onSale.filter(
  (p) => p.category === 'lipstick' && !boughtElsewhere.has(p.id) && p.shades.filter((s) => s.stock >= 4).length >= 3,
);
const lipstick = lipsticks.at(-1)!;
type Lipstick = typeof lipstick;

/** Two shades of 4 or more, neither the one the page opens on (its first in stock): choosing each changes the page. */
const twoShadesOf = (product: Lipstick) =>
  product.shades.filter((s) => s.stock >= 4 && s !== product.shades.find((o) => o.stock > 0)) as [
    Lipstick['shades'][number],
    Lipstick['shades'][number],
  ];

/** Each shade's stock as the API answers it now, by name (the server numbers shades its own way). */
async function shadeStock(page: Page, product: Lipstick): Promise<Record<string, number>> {
  const response = await page.request.get(`/api/products/${product.id}`);
  expect(response.ok()).toBe(true);
  const { shades } = (await response.json()) as { shades: { name: string; stock: number }[] };
  return Object.fromEntries(shades.map((shade) => [shade.name, shade.stock]));
}

/** ADD TO CART, and the server cart has taken it (the page is opened again next). */
async function addToCart(page: Page) {
  const taken = page.waitForResponse((r) => r.url().endsWith('/api/cart/bulk') && r.ok());
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await taken;
}

atDesktopAndPhoneWidth((width) => {
  const lipstick = lipsticks.at(width === 'phone' ? -1 : -2)!;
  const [first, second] = twoShadesOf(lipstick);

  test('a shopper buys two shades of one lipstick: two lines, an order naming both, each shade’s stock down by what was bought', async ({
    page,
  }) => {
    test.slow();
    const account = await registerShopper(page);
    const before = await shadeStock(page, lipstick);

    await page.goto(`/detail/${lipstick.id}`);
    const picker = page.getByRole('group', { name: /^Shade: / });
    await picker.getByRole('radio', { name: first.name, exact: true }).check();
    await expect(picker).toHaveAccessibleName(`Shade: ${first.name}`);
    await expect(page).toHaveURL(/\?shade=\d+$/);
    const quantity = page.getByRole('status', { name: 'Quantity' });
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveText('2');
    await addToCart(page);

    await picker.getByRole('radio', { name: second.name, exact: true }).check();
    await expect(picker).toHaveAccessibleName(`Shade: ${second.name}`);
    await expect(quantity).toHaveText('1');
    // The address names the shade: opened again, the page shows it.
    await page.reload();
    await expect(picker).toHaveAccessibleName(`Shade: ${second.name}`);
    await expect(picker.getByRole('radio', { name: second.name, exact: true })).toBeChecked();
    await addToCart(page);
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    const lineOf = (shade: string) => lines.filter({ hasText: `Shade: ${shade}` });
    await expect(lineOf(first.name).getByLabel('Quantity', { exact: true })).toHaveText('2');
    await expect(lineOf(second.name).getByLabel('Quantity', { exact: true })).toHaveText('1');

    await page.getByRole('button', { name: 'Buy' }).click();
    await sendShippingAddress(page);
    await page.getByRole('button', { name: 'Pay with test payment' }).click();
    await expect(page.getByText('Your order has been approved!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });

    const { uid, headers } = await asUser(page, account);
    const orders = (await (await page.request.get(`/api/userOrders?userID=${uid}`, { headers })).json()) as { id: number }[];
    expect(orders).toHaveLength(1);
    await page.goto('/order');
    await page.getByRole('button', { name: `View order #${orders[0]!.id}` }).click();
    const bought = page
      .getByRole('dialog', { name: `Order #${orders[0]!.id}` })
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem');
    await expect(bought).toHaveCount(2);
    await expect(bought.filter({ hasText: `Shade: ${first.name}` })).toContainText('× 2');
    await expect(bought.filter({ hasText: `Shade: ${second.name}` })).toContainText('× 1');

    const after = await shadeStock(page, lipstick);
    expect([after[first.name], after[second.name]]).toEqual([before[first.name]! - 2, before[second.name]! - 1]);
  });
});

test('a cart line switches to another shade of its product, and the server cart follows', async ({ page }) => {
  const account = await registerShopper(page);
  const [first] = twoShadesOf(lipstick);
  await page.goto(`/detail/${lipstick.id}`);
  await addToCart(page);
  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  const opened = lipstick.shades.find((s) => s.stock > 0)!;
  await expect(line).toContainText(`Shade: ${opened.name}`);

  await line.getByRole('combobox', { name: `Switch shade of ${lipstick.name}` }).selectOption({ label: first.name });
  await expect(line).toContainText(`Shade: ${first.name}`);
  const { uid, headers } = await asUser(page, account);
  const { shades } = (await (await page.request.get(`/api/products/${lipstick.id}`)).json()) as { shades: { id: number; name: string }[] };
  const serverLines = async () =>
    ((await (await page.request.get(`/api/cart/${uid}`, { headers })).json()) as { lines: { shadeId: number; quantity: number }[] }).lines;
  await expect
    .poll(serverLines)
    .toEqual([expect.objectContaining({ shadeId: shades.find((s) => s.name === first.name)!.id, quantity: 1 })]);
  await page.reload();
  await expect(line).toContainText(`Shade: ${first.name}`);
});
