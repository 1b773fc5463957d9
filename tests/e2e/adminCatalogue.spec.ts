/**
 * The back office's figures on the real server: the demo Admin's dashboard
 * shows what the API holds (products, users and orders listed with the
 * Admin's token, counted here as the spec's cards count them).
 */
import { asUser } from './api';
import { ADMIN_ACCOUNT, signInAs } from './session';
import { expect, test, type Page } from './test';

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
    active: String(products.filter((p) => !p.disable).length),
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
  const value = (name: string, label: string) => card(name).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
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

test('@server the dashboard shows what the database holds: products, users, sales and today in the chart', async ({ page }) => {
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
