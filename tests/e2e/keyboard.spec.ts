/**
 * The shop by keyboard alone (Tab, Shift+Tab, Enter, Space and typing; no
 * pointer): a new shopper finds a product with the search box, adds it to the
 * cart, fills the shipping form and pays with the test payment on the real
 * server; the Admin signs in and gives three products 15 % from the products
 * table's selection and the discount dialog. Where a step acts on an element
 * its focus ring shows.
 */
import type { Locator } from '@playwright/test';
import { onSale } from '../fixtures/catalogue';
import { asUser, finalPrice, tableMoney, type ApiProduct } from './api';
import { ADMIN_ACCOUNT, registerShopper, unique } from './session';
import { expect, test, type Page } from './test';

/** More Tab presses than any page here has stops before the element sought. */
const MOST_STOPS = 80;

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MOST_STOPS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * The focused element matches `:focus-visible` and draws a ring at least 2 px
 * wide whose colour stands 3:1 against what is around it (WCAG 1.4.11), on
 * screen. A borderless field drawn inside a box (the search box) may have the
 * ring drawn by that box.
 */
async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  const ring = await target.evaluate((element) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const backgroundAround = (start: Element | null) => {
      for (let node = start; node; node = node.parentElement) {
        const colour = rgb(getComputedStyle(node).backgroundColor);
        if (colour.length === 3 || (colour[3] ?? 0) > 0) return colour;
      }
      return [255, 255, 255];
    };
    const drawsRing = (node: Element | null): node is Element =>
      !!node && getComputedStyle(node).outlineStyle !== 'none' && parseFloat(getComputedStyle(node).outlineWidth) >= 2;
    const ringed = [element, element.parentElement].find(drawsRing);
    return {
      focusVisible: element.matches(':focus-visible'),
      ringContrast: ringed ? contrast(rgb(getComputedStyle(ringed).outlineColor), backgroundAround(ringed.parentElement)) >= 3 : 'no ring',
    };
  });
  expect(ring, 'a visible focus ring').toEqual({ focusVisible: true, ringContrast: true });
}

/** Tabs to the element, checks its focus ring, and presses the key on it. */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space', options?: { backwards?: boolean }): Promise<void> {
  await tabTo(page, target, options);
  await expectFocusRing(target);
  await page.keyboard.press(key);
}

/** Tabs to the field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await expectFocusRing(field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

// Stock to spare, away from the products the other specs buy.
const bought = onSale.filter((p) => p.stock >= 20).at(-7)!;

test('a new shopper searches, adds to the cart, ships and pays with the test payment by keyboard alone', async ({ page }) => {
  test.slow();
  const account = await registerShopper(page);
  // The shop opened afresh: the keyboard starts at the top of the page.
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // Search from the navigation bar and open the product from the results.
  await typeInto(page, page.getByRole('searchbox', { name: 'Search products' }), bought.name);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('status', { name: 'Searching' })).toHaveCount(0);
  await press(page, results.getByRole('article', { name: bought.name }).getByRole('link'), 'Enter');
  await expect(page).toHaveURL(new RegExp(`/detail/${bought.id}$`));
  await expect(page.getByRole('heading', { name: bought.name, level: 1 })).toBeVisible();

  // Add it, then back up the page to the cart in the navigation bar.
  await press(page, page.getByRole('button', { name: 'ADD TO CART', exact: true }), 'Enter');
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await press(page, page.getByRole('link', { name: 'Cart, 1 item' }), 'Enter', { backwards: true });
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(bought.name.slice(0, 20));

  // Buy opens the shipping form; Next with it empty is refused, then filled field by field.
  await press(page, page.getByRole('button', { name: 'Buy' }), 'Space');
  const form = page.getByRole('form', { name: 'Shipping' });
  const next = form.getByRole('button', { name: 'Next' });
  await press(page, next, 'Enter');
  await expect(form.getByRole('alert')).toHaveText('Missing fields!');
  await expect(page).toHaveURL(/\/cart$/);
  await tabTo(page, form.getByLabel('COUNTRY'), { backwards: true });
  await expectFocusRing(form.getByLabel('COUNTRY'));
  await page.keyboard.type('argentina');
  for (const [label, value] of [
    ['STATE', 'cordoba'],
    ['ADDRESS', 'san martin'],
    ['STREET', '123'],
  ] as const) {
    // Each field is the next Tab stop after the one before.
    await page.keyboard.press('Tab');
    await expectFocusRing(form.getByLabel(label));
    await page.keyboard.type(value);
  }
  await expect(form.getByLabel('COUNTRY')).toHaveValue('argentina');
  await press(page, next, 'Enter');
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'CHOOSE YOUR PAYMENT METHOD' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order summary' }).getByRole('listitem')).toHaveCount(1);

  await press(page, page.getByRole('button', { name: 'Pay with test payment' }), 'Enter');
  await expect(page.getByText('Your order has been approved!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  const { uid, headers } = await asUser(page, account);
  const orders = (await (await page.request.get(`/api/userOrders?userID=${uid}`, { headers })).json()) as {
    status: string;
    address: string;
  }[];
  expect(orders).toEqual([expect.objectContaining({ status: 'open', address: 'Argentina, Cordoba, San Martin 123' })]);
});

test('@admin the Admin signs in and discounts three products by 15 % by keyboard alone', async ({ page }) => {
  test.slow();
  const tag = `Keys${unique()}`;
  const { headers } = await asUser(page, ADMIN_ACCOUNT);
  const made: ApiProduct[] = [];
  for (const [name, price] of [
    [`${tag} Blush`, 20],
    [`${tag} Glow`, 33.33],
    [`${tag} Rouge`, 47.99],
  ] as const) {
    const response = await page.request.post('/api/products', {
      headers,
      data: {
        name,
        price,
        brand: 'nyx',
        category: 'blush',
        stock: 9,
        description: 'Made by the keyboard spec.',
        image: '/images/products/blush-c26a6f.svg',
        discount: 0,
      },
    });
    expect(response.ok(), `POST /products ${name}: ${response.status()}`).toBe(true);
    made.push((await response.json()) as ApiProduct);
  }

  try {
    await page.goto('/login');
    await typeInto(page, page.getByLabel('Email'), ADMIN_ACCOUNT.email);
    await page.keyboard.press('Tab');
    await expectFocusRing(page.getByLabel('Password'));
    await page.keyboard.type(ADMIN_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await press(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Product list', exact: true }), 'Enter');
    await expect(page).toHaveURL(/\/admin\/products\/list$/);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('status', { name: 'Loading products' })).toHaveCount(0);
    await typeInto(page, page.getByRole('searchbox', { name: 'Search product...', exact: true }), tag);

    // Each row's checkbox, in the table's order, ticked with Space.
    const boxes = table.getByRole('checkbox', { name: new RegExp(`^Select ${tag} `) });
    await expect(boxes).toHaveCount(3);
    for (let row = 0; row < 3; row++) {
      await press(page, boxes.nth(row), 'Space');
      await expect(boxes.nth(row)).toBeChecked();
    }
    const toolbar = page.getByRole('group', { name: 'Selected rows' });
    await expect(toolbar.getByText('3 selected')).toBeVisible();

    // The selection's toolbar sits above the table: back up to it.
    await press(page, toolbar.getByRole('button', { name: 'Add Discount' }), 'Enter', { backwards: true });
    const dialog = page.getByRole('dialog', { name: 'Add Discount' });
    const discount = dialog.getByRole('textbox', { name: 'Discount (%)' });
    await expectFocusRing(discount);
    await page.keyboard.type('101');
    await expect(dialog.getByText('Write a number between 0 - 100')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('15');
    await expect(discount).toHaveValue('15');
    await press(page, dialog.getByRole('button', { name: 'Apply discount' }), 'Enter');
    await expect(dialog).toBeHidden();
    await expect(toolbar).toBeHidden();

    const headersText = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const cell = (name: string, column: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) })
        .getByRole('cell')
        .nth(headersText.indexOf(column));
    for (const product of made) {
      await expect(cell(product.name, 'Discount')).toHaveText('15 %', { useInnerText: true });
      await expect(cell(product.name, 'Final Price')).toHaveText(tableMoney(finalPrice(product.price, 15)), { useInnerText: true });
    }
    const stored = (await (await page.request.get(`/api/products?name=${encodeURIComponent(tag)}`, { headers })).json()) as ApiProduct[];
    expect(stored.map(({ discount, totalPrice }) => ({ discount, totalPrice })).sort((a, b) => a.totalPrice - b.totalPrice)).toEqual(
      made.map((p) => ({ discount: 15, totalPrice: finalPrice(p.price, 15) })),
    );
  } finally {
    // Disabled again, so the storefront is left as the other specs count it.
    const response = await page.request.patch('/api/products/bulk', { headers, data: { ids: made.map((p) => p.id), disable: true } });
    expect(response.ok(), `disabling this test's products: ${response.status()}`).toBe(true);
  }
});
