/**
 * The back office's shades on the real server, as the demo Admin (issue 32,
 * "Done when"): a shade added with its stock in the product form is on sale
 * in the storefront, its swatch chosen on the detail page; a products CSV
 * exported and imported again makes a product with every shade. Every
 * product made here is named with a tag of its own and disabled again when
 * its test ends.
 */
import Papa from 'papaparse';
import { readFile } from 'node:fs/promises';
import { expectCell, productAsVisitor, tableSearchedFor, withProductsMadeHere, type MadeHere } from './adminProductPages';
import { ADMIN_ACCOUNT, signInAs, unique } from './session';
import { atDesktopAndPhoneWidth } from './widths';
import { expect, test as base, type Page } from './test';

/** A real 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Shade {
  id: number;
  name: string;
  hex: string;
  stock: number;
  image: string;
}
interface ShadedProduct {
  id: number;
  name: string;
  stock: number;
  disable: boolean;
  shades: Shade[];
}

/** Products made through the API as the Admin, disabled again when the test ends. */
const test = base.extend<{ own: MadeHere }>({ own: ({ page }, use) => withProductsMadeHere(page, use) });

const lipstick = (name: string) => ({
  name,
  price: 21.5,
  brand: 'dior',
  category: 'lipstick',
  description: 'Made by the admin shades spec.',
  image: '/images/products/lipstick-dior-b22234.svg',
  discount: 0,
});

/** What the Admin sees of a shade: its name, colour and stock. */
const seen = ({ name, hex, stock }: Shade) => ({ name, hex, stock });

const shadeGroup = (page: Page, position: number, name: string) => page.getByRole('group', { name: `Shade ${position}: ${name}` });

atDesktopAndPhoneWidth(() => {
  test('@admin a shade added with its stock in the product form is on sale in the storefront, its swatch chosen on its page', async ({
    page,
    own,
  }) => {
    const name = `Shaded Lipstick ${unique()}`;
    const product = await own.post<ShadedProduct>({ ...lipstick(name), stock: 0 });
    expect(product.stock, 'out of stock: not on sale yet').toBe(0);

    await signInAs(page, ADMIN_ACCOUNT);
    await page.goto(`/admin/products/edit/${product.id}`);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await page.getByRole('button', { name: 'Add shade' }).click();
    const shade = shadeGroup(page, 1, 'Shade 1');
    const shadeName = shade.getByRole('textbox', { name: 'Shade name' });
    await expect(shadeName).toBeFocused();
    await shadeName.fill('Coral Kiss');
    const added = shadeGroup(page, 1, 'Coral Kiss');
    await added.getByRole('textbox', { name: 'Colour (hex)' }).fill('#ff7f50');
    await expect(added.getByLabel('Colour picker of Coral Kiss')).toHaveValue('#ff7f50');
    await added.getByRole('textbox', { name: 'Shade stock' }).fill('6');
    const stock = page.getByRole('textbox', { name: 'Stock', exact: true });
    await expect(stock).toHaveValue('6');
    await expect(stock).not.toBeEditable();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('product edition has been successful')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/list$/);

    const onSale = (await productAsVisitor(page, product.id)) as unknown as ShadedProduct;
    expect([onSale.stock, onSale.disable], 'in stock and enabled: on sale').toEqual([6, false]);
    expect(onSale.shades.map(seen)).toEqual([{ name: 'Coral Kiss', hex: '#ff7f50', stock: 6 }]);

    const table = await tableSearchedFor(page, name);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expectCell(page, name, 'Shades', '1');

    // The storefront in a browser of its own, signed out.
    const shopper = await page.context().browser()!.newContext({ viewport: page.viewportSize() });
    const storefront = await shopper.newPage();
    await storefront.goto(new URL(`/detail/${product.id}`, page.url()).href);
    await expect(storefront.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(storefront.getByRole('radio', { name: 'Coral Kiss' })).toBeChecked();
    await expect(storefront.getByText('Shade: Coral Kiss')).toBeVisible();
    await expect(storefront.getByRole('button', { name: 'ADD TO CART' })).toBeVisible();
    await shopper.close();
  });
});

test('@admin a products CSV exported and imported again makes a product with every shade, in order, pictures kept', async ({
  page,
  own,
}) => {
  const name = `Csv Shades ${unique()}`;
  const upload = await page.request.post('/api/uploads', {
    headers: own.headers,
    multipart: { file: { name: 'berry.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.ok(), `POST /uploads: ${upload.status()}`).toBe(true);
  const picture = ((await upload.json()) as { url: string }).url;
  const exported = await own.post<ShadedProduct>({
    ...lipstick(name),
    shades: [
      { name: 'Classic Red', hex: '#b22234', stock: 4 },
      { name: 'Rouge: Nuit | Noire', hex: '#3b0a1e', stock: 0 },
      { name: 'Berry', hex: '#8e3a59', stock: 7, image: picture },
    ],
  });

  await signInAs(page, ADMIN_ACCOUNT);
  await page.goto('/admin/products/list');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export products (CSV)' }).click()]);
  const { data } = Papa.parse<Record<string, string>>((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const rows = data.filter((row) => row.name === name);
  expect(rows.map((row) => row.shades)).toEqual([`Classic Red:#b22234:4|Rouge\\: Nuit \\| Noire:#3b0a1e:0|Berry:#8e3a59:7:${picture}`]);

  // The exported row alone, imported as it was written.
  await page
    .getByLabel('Import products (CSV)')
    .setInputFiles({ name: 'shades.csv', mimeType: 'text/csv', buffer: Buffer.from(Papa.unparse(rows)) });
  const dialog = page.getByRole('dialog', { name: 'Import products (CSV)' });
  await expect(dialog.getByText('1 product ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 1 product' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 product was added to the catalogue.');

  const both = (await (
    await page.request.get(`/api/products?name=${encodeURIComponent(name)}`, { headers: own.headers })
  ).json()) as ShadedProduct[];
  const imported = both.find((p) => p.id !== exported.id)!;
  own.track(imported.id);
  expect(both).toHaveLength(2);
  expect(imported.stock).toBe(11);
  expect(imported.shades.map(seen)).toEqual(exported.shades.map(seen));
  expect(imported.shades.map((shade) => shade.image)).toEqual([
    expect.stringMatching(/^\/images\/products\//),
    expect.stringMatching(/^\/images\/products\//),
    picture,
  ]);
});
