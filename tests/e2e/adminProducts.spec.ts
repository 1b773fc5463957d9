/**
 * The back office's products on the real server, as the demo Admin: a
 * product created with an uploaded PNG is on the storefront with its picture;
 * a new price is the storefront's new final price; 15 % on three products is
 * their final prices; two disabled are gone for shoppers (their detail URLs
 * go to /error) and one made available again is back; the discount dialog
 * refuses 101. At desktop and at phone width, where the table turns into
 * cards and the admin menu folds: the table searches, sorts and pages; a
 * row's actions are on the screen; the form asks before unsaved changes are
 * left.
 *
 * Every product changed here is made here, named with a tag no other test
 * or earlier run uses, and disabled again when its test ends, so the
 * storefront's seeded catalogue is left as the other specs count it.
 */
import type { Brand } from '~/src/domain/constants';
import { finalPrice, tableMoney, type ApiProduct } from './api';
import {
  adminMenuEntry,
  cellOf,
  expectCell,
  expectDetail,
  money,
  productAsVisitor,
  productsNamed,
  searchStorefront,
  tableSearchedFor,
  withProductsMadeHere,
} from './adminProductPages';
import { expectRowActionsInView } from './rowActions';
import { ADMIN_ACCOUNT, registerShopper, signInAs, unique } from './session';
import { atDesktopAndPhoneWidth } from './widths';
import { expect, test as base, waitingForAnswer, type Page } from './test';

/** A real 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A seeded product's picture, for the products made through the API. */
const SEEDED_IMAGE = '/images/products/blush-c26a6f.svg';

interface OwnProducts {
  /** The Admin's API headers. */
  headers: Record<string, string>;
  /** Products made through the API for this test, in the order given. */
  create(products: { name: string; price: number; brand?: Brand }[]): Promise<ApiProduct[]>;
  /** A product made in the browser, to be disabled when the test ends. */
  track(id: number): void;
}

interface Fixtures {
  own: OwnProducts;
  /** The storefront in a browser of its own, signed out, at the test's width. */
  storefront: Page;
}

const test = base.extend<Fixtures>({
  own: ({ page }, use) =>
    withProductsMadeHere(page, (made) =>
      use({
        ...made,
        async create(products) {
          const created: ApiProduct[] = [];
          for (const { name, price, brand = 'nyx' } of products) {
            const body = { name, price, brand, category: 'blush', stock: 9, description: 'Made by the admin products spec.' };
            created.push(await made.post<ApiProduct>({ ...body, image: SEEDED_IMAGE, discount: 0 }));
          }
          return created;
        },
      }),
    ),
  storefront: async ({ browser, baseURL, viewport, isMobile, hasTouch }, use) => {
    const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
    await use(waitingForAnswer(await context.newPage()));
    await context.close();
  },
});

test('@admin a product created with an uploaded PNG is on the storefront with its picture; a new price is its new final price there', async ({
  page,
  own,
  storefront,
}) => {
  const name = `Glow ${unique()}`;
  await signInAs(page, ADMIN_ACCOUNT);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await (await adminMenuEntry(page, 'Add product')).click();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  await expect(page.getByRole('heading', { name: 'Add product', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Price ($)' }).fill('18.4');
  await page.getByRole('textbox', { name: 'Stock' }).fill('7');
  await page.getByRole('combobox', { name: 'Brand' }).selectOption('nyx');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('foundation');
  await page.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('A light primer for every day.');
  await page.getByLabel('Choose image', { exact: true }).setInputFiles({ name: 'primer.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('successful upload', { exact: true })).toBeVisible();
  await expect(page.getByText('primer.png', { exact: true })).toBeVisible();
  const preview = page.getByRole('img', { name: 'Product image preview' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/.+/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('product creation has been successful')).toBeVisible();
  // The form is empty again, ready for the next product.
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Price ($)' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('0');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveText('');
  await expect(preview).toHaveCount(0);
  await expect(page.getByText('successful upload', { exact: true })).toHaveCount(0);

  const [created] = await productsNamed(page, name);
  expect(created).toEqual(
    expect.objectContaining({
      name,
      price: 18.4,
      discount: 10,
      totalPrice: finalPrice(18.4, 10),
      disable: false,
      image: expect.stringMatching(/^\/uploads\/.+/),
    }),
  );
  own.track(created!.id);

  // A visitor finds it by the storefront's search and opens it: name, final price, the uploaded picture.
  const results = await searchStorefront(storefront, name);
  await results.getByRole('article', { name }).click();
  await expect(storefront).toHaveURL(new RegExp(`/detail/${created!.id}$`));
  await expectDetail(storefront, created!, finalPrice(18.4, 10));
  await expect(storefront.getByRole('article', { name, exact: true }).locator('s')).toContainText(money(18.4));

  // Edited from the row menu: the new price, back on the list, and the storefront's new final price.
  await tableSearchedFor(page, name);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${created!.id}$`));
  const price = page.getByRole('textbox', { name: 'Price ($)' });
  await expect(price).toHaveValue('18.4');
  await price.fill('12.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/list$/);
  await expect(page.getByText('product edition has been successful')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search product...', exact: true }).fill(name);
  await expectCell(page, name, 'Price', tableMoney(12.5));
  await expectCell(page, name, 'Final Price', tableMoney(finalPrice(12.5, 10)));
  expect(await productAsVisitor(page, created!.id)).toEqual(
    expect.objectContaining({ price: 12.5, totalPrice: finalPrice(12.5, 10), image: created!.image }),
  );
  await expectDetail(storefront, created!, finalPrice(12.5, 10));
  await expect(storefront.getByRole('article', { name, exact: true }).getByText(money(12.5))).toBeVisible();
});

test('@admin the discount dialog refuses 101; 15 % on three selected products is their final prices; two disabled are gone for a shopper, one made available is back', async ({
  page,
  own,
  storefront,
}) => {
  const tag = `Disc${unique()}`;
  const made = await own.create([
    { name: `${tag} Blush`, price: 20 },
    { name: `${tag} Glow`, price: 33.33 },
    { name: `${tag} Rouge`, price: 47.99 },
  ]);
  const [blush, glow, rouge] = made as [ApiProduct, ApiProduct, ApiProduct];
  await signInAs(page, ADMIN_ACCOUNT);
  await tableSearchedFor(page, tag);
  for (const product of made) await page.getByRole('checkbox', { name: `Select ${product.name}`, exact: true }).check();
  const toolbar = page.getByRole('group', { name: 'Selected rows' });
  await expect(toolbar.getByText('3 selected')).toBeVisible();

  await toolbar.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });
  const discount = dialog.getByRole('textbox', { name: 'Discount (%)' });
  await discount.fill('101');
  await expect(dialog.getByText('Write a number between 0 - 100')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply discount' })).toBeDisabled();
  await discount.press('Enter');
  await expect(dialog).toBeVisible();
  expect(
    (await productsNamed(page, tag)).map((p) => p.discount),
    'nothing changed while refused',
  ).toEqual([0, 0, 0]);

  await discount.fill('15');
  await expect(dialog.getByText('Write a number between 0 - 100')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Apply discount' }).click();
  await expect(dialog).toBeHidden();
  await expect(toolbar).toBeHidden();
  for (const product of made) {
    await expectCell(page, product.name, 'Discount', '15 %');
    await expectCell(page, product.name, 'Final Price', tableMoney(finalPrice(product.price, 15)));
  }
  expect((await productsNamed(page, tag)).map(({ discount: d, totalPrice }) => ({ d, totalPrice }))).toEqual(
    made.map((p) => ({ d: 15, totalPrice: finalPrice(p.price, 15) })),
  );
  for (const product of made) await expectDetail(storefront, product, finalPrice(product.price, 15));

  // Two disabled from the toolbar.
  await page.getByRole('checkbox', { name: `Select ${blush.name}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Select ${glow.name}`, exact: true }).check();
  await expect(toolbar.getByText('2 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Disable' }).click();
  await expect(toolbar).toBeHidden();
  await expectCell(page, blush.name, 'Status', 'Disabled');
  await expectCell(page, glow.name, 'Status', 'Disabled');
  await expectCell(page, rouge.name, 'Status', 'Available');

  // For a shopper they are gone: the search finds only the third, their URLs go to /error.
  await registerShopper(storefront);
  let results = await searchStorefront(storefront, tag);
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.getByRole('article', { name: rouge.name })).toBeVisible();
  for (const gone of [blush, glow]) {
    await storefront.goto(`/detail/${gone.id}`);
    await expect(storefront).toHaveURL(/\/error$/);
    expect(await productAsVisitor(page, gone.id)).toBeNull();
  }
  expect((await productsNamed(page, tag)).map((p) => p.name)).toEqual([rouge.name]);

  // One made available again from its row menu: back in the search and on its page.
  await page.getByRole('button', { name: `Actions for ${glow.name}` }).click();
  await page.getByRole('menuitem', { name: 'Make available' }).click();
  await expectCell(page, glow.name, 'Status', 'Available');
  await expectCell(page, blush.name, 'Status', 'Disabled');
  expect((await productsNamed(page, tag)).map((p) => p.name)).toEqual([glow.name, rouge.name]);
  results = await searchStorefront(storefront, tag);
  await expect(results.getByRole('article')).toHaveCount(2);
  await expect(results.getByRole('article', { name: glow.name })).toBeVisible();
  await expectDetail(storefront, glow, finalPrice(glow.price, 15));
  await storefront.goto(`/detail/${blush.id}`);
  await expect(storefront).toHaveURL(/\/error$/);
});

atDesktopAndPhoneWidth(() => {
  test('@admin the table searches, sorts by price both ways and pages by 5 and 10', async ({ page, own }) => {
    const tag = `Sort${unique()}`;
    const prices = [14.5, 3.99, 27, 8.25, 51.1, 19.99, 6, 33.4, 11.75, 42, 24.6];
    const made = await own.create(prices.map((price, i) => ({ name: `${tag} ${String(i + 1).padStart(2, '0')}`, price })));
    const ascending = [...prices].sort((a, b) => a - b).map(tableMoney);
    const table = page.getByRole('table', { name: 'Products' });
    const bodyRows = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: new RegExp(`^Select ${tag} `) }) });
    const priceColumn = async () => {
      const index = (await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).indexOf('Price');
      // A phone's card shows the column's name before each value.
      return (await bodyRows.locator(`xpath=td[${index + 1}]`).allInnerTexts()).map((text) => text.replace(/^Price\s+/, ''));
    };

    await signInAs(page, ADMIN_ACCOUNT);
    await tableSearchedFor(page, tag.toLowerCase());
    await expect(page.getByText('1–5 of 11')).toBeVisible();
    await expect(bodyRows).toHaveCount(5);
    await expect(page.getByLabel('Rows per page')).toHaveValue('5');

    const priceHeader = table.getByRole('columnheader', { name: 'Price', exact: true });
    await priceHeader.getByRole('button').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(priceColumn).toEqual(ascending.slice(0, 5));
    await priceHeader.getByRole('button').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(priceColumn).toEqual([...ascending].reverse().slice(0, 5));

    await page.getByLabel('Rows per page').selectOption('10');
    await expect(bodyRows).toHaveCount(10);
    await expect(page.getByText('1–10 of 11')).toBeVisible();
    await expect.poll(priceColumn).toEqual([...ascending].reverse().slice(0, 10));
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('11–11 of 11')).toBeVisible();
    await expect.poll(priceColumn).toEqual([ascending[0]]);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(bodyRows).toHaveCount(10);

    // A narrower search: one product; then one that matches nothing.
    const one = made[6]!;
    await page.getByRole('searchbox', { name: 'Search product...', exact: true }).fill(one.name);
    await expect(bodyRows).toHaveCount(1);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await expectCell(page, one.name, 'Price', tableMoney(one.price));
    await page.getByRole('searchbox', { name: 'Search product...', exact: true }).fill(`${tag} zz`);
    await expect(table.getByText('Product not found')).toBeVisible();
    await expect(bodyRows).toHaveCount(0);
  });

  test("@admin a row's actions are on the screen without sideways scrolling, its cells readable, its brand shown by its display name", async ({
    page,
    own,
  }) => {
    const tag = `Wide${unique()}`;
    const [product] = await own.create([
      { name: `Long-wearing Velvet Matte Liquid Lip Colour ${tag}`, price: 123456.78, brand: 'lotus cosmetics usa' },
    ]);
    await signInAs(page, ADMIN_ACCOUNT);
    await tableSearchedFor(page, tag);
    await expectCell(page, product!.name, 'Brand', 'Lotus Cosmetics USA');
    await expect(await cellOf(page, product!.name, 'Final Price')).toBeVisible();
    await expectRowActionsInView(page, 'Products', page.getByRole('button', { name: `Actions for ${product!.name}` }));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${product!.id}$`));
  });

  test('@admin leaving the product form with unsaved changes asks first; staying keeps them, leaving saves nothing', async ({
    page,
    own,
  }) => {
    const name = `Left ${unique()}`;
    await signInAs(page, ADMIN_ACCOUNT);
    await page.goto('/admin/products/create');
    const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
    await nameField.fill(name);
    await (await adminMenuEntry(page, 'Product list')).click();
    const prompt = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(prompt.getByText('The changes you made to this product will be lost.')).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay on page' }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products\/create$/);
    await expect(nameField).toHaveValue(name);

    await (await adminMenuEntry(page, 'Product list')).click();
    await prompt.getByRole('button', { name: 'Leave page' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/list$/);
    await expect(page.getByRole('heading', { name: 'Product list', level: 1 })).toBeVisible();
    expect(await productsNamed(page, name, own.headers)).toEqual([]);
  });
});
