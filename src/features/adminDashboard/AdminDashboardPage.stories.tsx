import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { ADMIN } from '~/tests/fixtures/users';
import type { components } from '~/src/api/schema';
import AdminDashboardPage from './AdminDashboardPage';

type Stats = components['schemas']['Stats'];

/** March 2026, day by day, with sales on three days. */
const DAYS = Array.from({ length: 30 }, (_, i) => ({ day: `2026-03-${String(i + 1).padStart(2, '0')}`, total: 0, orders: 0 }));
const SOLD: Record<string, { total: number; orders: number }> = {
  '2026-03-04': { total: 42.5, orders: 1 },
  '2026-03-18': { total: 120, orders: 2 },
  '2026-03-30': { total: 18.99, orders: 1 },
};

const STATS: Stats = {
  products: { active: 1138, total: 1143, unavailable: 9 },
  users: { total: 12, admins: 1, users: 8, banned: 2, blocked: 1 },
  sales: { total: 1502.37, orders: 9 },
  salesPerDay: DAYS.map((d) => ({ ...d, ...SOLD[d.day] })),
};

const NO_SALES: Stats = { ...STATS, sales: { total: 0, orders: 0 }, salesPerDay: DAYS };

const answer = (stats: Stats) => http.get('/api/stats', () => HttpResponse.json(stats));

/** The value a card gives beside a label. */
const valueOf = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const meta = {
  title: 'Admin/Dashboard',
  component: AdminDashboardPage,
  parameters: { route: '/admin/dashboard', shop: { signedInAs: ADMIN } },
} satisfies Meta<typeof AdminDashboardPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  parameters: { msw: [answer(STATS)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const products = await canvas.findByRole('region', { name: 'Active products' });
    await expect(within(products).getByText('1,138')).toBeVisible();
    await expect(valueOf(products, 'Total products')).toBe('1,143');
    await expect(valueOf(products, 'Unavailable')).toBe('9');
    const users = canvas.getByRole('region', { name: 'Total users' });
    await expect(within(users).getByText('12')).toBeVisible();
    await expect(['Admins', 'Users', 'Banned', 'Blocked'].map((label) => valueOf(users, label))).toEqual(['1', '8', '2', '1']);
    const sales = canvas.getByRole('region', { name: 'Total sales' });
    await expect(within(sales).getByText('$ 1502.37')).toBeVisible();
    await expect(valueOf(sales, 'Total orders')).toBe('9');

    // The chart: named with its best day; every day's figures in the table behind it.
    await expect(canvas.getByRole('figure', { name: 'Sales in the last 30 days' })).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: 'Sales per day from Mar 1 to Mar 30; the best day, Mar 18, took $ 120.00.' }),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Sales per day' });
    await expect(within(table).getAllByRole('row')).toHaveLength(31);
    await expect(within(table).getByRole('row', { name: 'Mar 4 1 $ 42.50' })).toBeInTheDocument();
    await expect(within(table).getByRole('row', { name: 'Mar 30 1 $ 18.99' })).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('svg rect')).toHaveLength(30);
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('/api/stats', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading dashboard' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Active products' })).toBeNull();
  },
};

export const FailedThenRetry: Story = {
  parameters: {
    msw: [
      http.get('/api/stats', () => HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }), { once: true }),
      answer(STATS),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
    await expect(canvas.queryByRole('region', { name: 'Total sales' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    const sales = await canvas.findByRole('region', { name: 'Total sales' });
    await expect(within(sales).getByText('$ 1502.37')).toBeVisible();
  },
};

export const NoSales: Story = {
  parameters: { msw: [answer(NO_SALES)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sales = await canvas.findByRole('region', { name: 'Total sales' });
    await expect(within(sales).getByText('$ 0.00')).toBeVisible();
    await expect(valueOf(sales, 'Total orders')).toBe('0');
    await expect(canvas.getByText('No sales in the last 30 days.')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'No sales from Mar 1 to Mar 30.' })).toBeVisible();
    await expect(canvasElement.querySelectorAll('svg rect')).toHaveLength(0);
  },
};

/** The in-memory backend's own answer for the signed-in Admin: the call and its figures fit together. */
export const FromTheBackend: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const products = await canvas.findByRole('region', { name: 'Active products' }, { timeout: 5000 });
    const total = Number(valueOf(products, 'Total products')!.replace(/,/g, ''));
    await expect(total).toBeGreaterThan(0);
    const users = canvas.getByRole('region', { name: 'Total users' });
    await expect(Number(valueOf(users, 'Admins'))).toBeGreaterThanOrEqual(1);
    await expect(within(canvas.getByRole('table', { name: 'Sales per day' })).getAllByRole('row')).toHaveLength(31);
  },
};
