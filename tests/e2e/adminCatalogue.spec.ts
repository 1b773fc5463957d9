/**
 * The back office on the real server, as the demo Admin: the dashboard shows
 * what the API holds (products, users and orders listed with the Admin's
 * token, counted here as the spec's cards count them); a CSV import reports
 * its bad row and adds only the good ones once confirmed; the exports are
 * files of what the API lists.
 */
import { readFile } from 'node:fs/promises';
import { asUser } from './api';
import { ADMIN_ACCOUNT, signInAs, unique } from './session';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

interface ApiProduct {
  disable: boolean;
  stock: number;
}
interface ApiUser {
  type: 'Admin' | 'User' | 'Banned' | 'Blocked';
}
interface ApiOrder {
  totalPrice: number;
  createdAt: string;
}

const money = (amount: number) => `$ ${amount.toFixed(2)}`;
const today = () => new Date().toISOString().slice(0, 10);

/** The dashboard's figures as the spec defines them, from the Admin's lists (GET /orders leaves cancelled orders out). */
async function figuresFromApi(page: Page, headers: Record<string, string>) {
  const list = async <T>(path: string): Promise<T[]> => {
    const response = await page.request.get(`/api${path}`, { headers });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return (await response.json()) as T[];
  };
  const [products, users, orders] = await Promise.all([list<ApiProduct>('/products'), list<ApiUser>('/users'), list<ApiOrder>('/orders')]);
  const ofType = (type: ApiUser['type']) => String(users.filter((u) => u.type === type).length);
  const sum = (some: ApiOrder[]) => some.reduce((total, o) => total + Math.round(o.totalPrice * 100), 0) / 100;
  const ofToday = orders.filter((o) => o.createdAt.slice(0, 10) === today());
  return {
    active: String(products.filter((p) => !p.disable && p.stock > 0).length),
    totalProducts: String(products.length),
    unavailable: String(products.filter((p) => p.disable || p.stock === 0).length),
    users: String(users.length),
    byType: [ofType('Admin'), ofType('User'), ofType('Banned'), ofType('Blocked')],
    sales: money(sum(orders)),
    orders: String(orders.length),
    today: [String(ofToday.length), money(sum(ofToday))],
  };
}

/** What the dashboard shows, read as a person would: each card's figure and the counts beside their labels. */
async function figuresOnPage(page: Page) {
  const card = (name: string) => page.getByRole('region', { name });
  const figure = (name: string) => card(name).locator('p').first().innerText();
  const value = (name: string, label: string) =>
    card(name)
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
  const plain = (text: string) => text.replace(/,/g, '');
  const todayRow = page.getByRole('table', { name: 'Sales per day' }).getByRole('row').last();
  return {
    active: plain(await figure('Active products')),
    totalProducts: plain(await value('Active products', 'Total products')),
    unavailable: plain(await value('Active products', 'Unavailable')),
    users: plain(await figure('Total users')),
    byType: await Promise.all(['Admins', 'Users', 'Banned', 'Blocked'].map(async (label) => plain(await value('Total users', label)))),
    sales: await figure('Total sales'),
    orders: plain(await value('Total sales', 'Total orders')),
    today: (await todayRow.getByRole('cell').allInnerTexts()).map((text) => text.trim()),
  };
}

test('@admin a CSV with two good rows and one bad: the bad row is reported with its field, and only the good ones are added after confirming', async ({
  page,
}) => {
  const { headers } = await asUser(page, ADMIN_ACCOUNT);
  const tag = `Csv ${unique()}`;
  const named = async () => {
    const response = await page.request.get(`/api/products?name=${encodeURIComponent(tag)}`, { headers });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { name: string; price: number; description: string }[]).sort((a, b) => a.name.localeCompare(b.name));
  };
  const csv = [
    'name,price,brand,category,stock,description,image,discount',
    `${tag} Glow Primer,18.5,nyx,foundation,7,"A light primer, for ""every"" day.",/images/products/1.webp,0`,
    `${tag} Lip Gloss,free,fenty,lipstick,4,A glossy finish.,/images/products/3.webp,0`,
    `${tag} Brow Pencil,9.99,dior,eyebrow,3,"Soft pencil\nwith a brush.",/images/products/2.webp,10`,
  ].join('\r\n');

  await signInAs(page, ADMIN_ACCOUNT);
  await page.goto('/admin/products/list');
  await page.getByLabel('Import products (CSV)').setInputFiles({ name: 'spring.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const dialog = page.getByRole('dialog', { name: 'Import products (CSV)' });
  await expect(dialog.getByText('2 products ready to import.')).toBeVisible();
  const problems = dialog.getByRole('table', { name: '1 row with problems, left out' });
  await expect(
    problems.getByRole('row', { name: '3 price This value cannot be less than 0 and a maximum of 20 digits free' }),
  ).toBeVisible();
  expect(await named(), 'nothing is written before confirming').toEqual([]);

  await dialog.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 products were added to the catalogue.');
  expect(await named()).toEqual([
    expect.objectContaining({ name: `${tag} Brow Pencil`, price: 9.99, description: 'Soft pencil\nwith a brush.' }),
    expect.objectContaining({ name: `${tag} Glow Primer`, price: 18.5, description: 'A light primer, for "every" day.' }),
  ]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('@admin the exports are CSV files of what the API lists: every product (disabled ones too) and every order', async ({ page }) => {
  const { headers } = await asUser(page, ADMIN_ACCOUNT);
  const products = (await (await page.request.get('/api/products', { headers })).json()) as { name: string; disable: boolean }[];
  const orders = (await (await page.request.get('/api/orders', { headers })).json()) as { id: number; userEmail: string }[];
  await signInAs(page, ADMIN_ACCOUNT);
  await page.goto('/admin/products/list');

  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    expect(file.suggestedFilename()).toMatch(/^(products|orders)-\d{4}-\d{2}-\d{2}\.csv$/);
    return (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  };
  const productsFile = await download('Export products (CSV)');
  expect(productsFile.split('\r\n')[0]).toBe(
    'name,price,brand,category,stock,description,image,discount,shades,id,totalPrice,disable,createdAt',
  );
  for (const product of [products.find((p) => p.disable)!, products.find((p) => !p.disable)!]) expect(productsFile).toContain(product.name);

  const ordersFile = await download('Export orders (CSV)');
  expect(ordersFile.split('\r\n')[0]).toBe('id,userEmail,status,total,address,date,lines');
  expect(ordersFile).toContain(`\r\n${orders[0]!.id},${orders[0]!.userEmail},`);
});

atDesktopAndPhoneWidth(() => {
  test('@admin the dashboard shows what the database holds: products, users, sales and today in the chart', async ({ page }) => {
    const { headers } = await asUser(page, ADMIN_ACCOUNT);
    await signInAs(page, ADMIN_ACCOUNT);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: /^(Sales per day from|No sales from)/ })).toBeVisible();

    // Other specs change the shop while this one runs: the page must match the API when the API held still around its load.
    await expect(async () => {
      const before = await figuresFromApi(page, headers);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Total sales' })).toBeVisible();
      const shown = await figuresOnPage(page);
      const after = await figuresFromApi(page, headers);
      expect(after).toEqual(before);
      expect(shown).toEqual(before);
    }).toPass({ timeout: 30_000 });
  });
});
