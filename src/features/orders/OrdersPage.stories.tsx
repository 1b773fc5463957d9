import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { OrdersRead } from '~/machines/orderStatus.machine';
import { paginate } from '~/src/domain/catalogue';
import { LISTED_ORDER_STATUSES, newerFirst, orderMatches, orderSearchTerm, type OrderTableQuery } from '~/src/domain/orderTable';
import { canChangeOrderStatus } from '~/src/domain/permissions';
import type { Order, OrderStatus } from '~/src/domain/types';
import { OrdersPage } from './OrdersPage';

const ANA = { userId: 'demo-user', email: 'ana@makeup.test' };
const ADMIN = { userId: 'demo-admin', email: 'admin@makeup.test' };

const ORDERS: Order[] = [
  {
    id: 7,
    userId: ANA.userId,
    userEmail: 'a.very.long.shopper.address@makeup.test',
    status: 'processing',
    address: 'Spain, Madrid, Gran Via Calle Mayor 12',
    totalPrice: 42.5,
    createdAt: '2026-03-02T10:00:00.000Z',
    lines: [
      {
        productId: 1,
        name: 'Velvet Lipstick',
        image: '/images/products/1.webp',
        shadeId: 101,
        shadeName: 'Classic Red',
        shadeHex: '#b01c2e',
        quantity: 2,
        unitPrice: 12.25,
      },
      {
        productId: 2,
        name: 'Glow Primer',
        image: '/images/products/2.webp',
        shadeId: null,
        shadeName: null,
        shadeHex: null,
        quantity: 1,
        unitPrice: 18,
      },
    ],
    history: [
      { status: 'open', at: '2026-03-02T10:00:00.000Z', by: ANA },
      { status: 'processing', at: '2026-03-03T09:30:00.000Z', by: ADMIN },
    ],
  },
  {
    id: 8,
    userId: ANA.userId,
    userEmail: ANA.email,
    status: 'approved',
    address: 'France, Paris, Rue Cler 3',
    totalPrice: 9.99,
    createdAt: '2026-03-04T10:00:00.000Z',
    lines: [
      {
        productId: 3,
        name: 'Brow Pencil',
        image: '/images/products/3.webp',
        shadeId: null,
        shadeName: null,
        shadeHex: null,
        quantity: 1,
        unitPrice: 9.99,
      },
    ],
    history: [{ status: 'open', at: '2026-03-04T10:00:00.000Z', by: ANA }],
  },
];

/** Twelve orders of three buyers, one a day, their statuses in turn: more than two pages of 5. */
const MANY: Order[] = Array.from({ length: 12 }, (_, i) => ({
  ...ORDERS[1]!,
  id: 11 + i,
  userEmail: ['ana@makeup.test', 'bruno@makeup.test', 'elena@makeup.test'][i % 3]!,
  status: LISTED_ORDER_STATUSES[i % 4]!,
  createdAt: new Date(Date.UTC(2026, 2, 1 + i)).toISOString(),
}));

/**
 * The page's actors on an in-memory list keeping the status table (a refused move fails as the server's 409 would):
 * an Admin's read is the query's page, searched and filtered as GET /orders does; a shopper's the whole list.
 */
function onList(orders: Order[], { paged = true } = {}) {
  let list = structuredClone(orders);
  return {
    load: fromPromise<OrdersRead, OrderTableQuery>(async ({ input }) => {
      const term = orderSearchTerm(input.search);
      const listed = list
        .filter((o) => o.status !== 'cancelled' && (!paged || ((!input.status || o.status === input.status) && orderMatches(o, term))))
        .sort(newerFirst);
      return paged ? paginate(listed, input.page, input.pageSize) : paginate(listed, 1, Math.max(1, listed.length));
    }),
    change: fromPromise<Order, { orderId: number; status: OrderStatus }>(async ({ input }) => {
      const order = list.find((o) => o.id === input.orderId)!;
      if (!canChangeOrderStatus(order.status, input.status))
        throw new Error(`Order #${order.id} cannot move from ${order.status} to ${input.status}`);
      list = list.map((o) =>
        o.id === order.id
          ? { ...o, status: input.status, history: [...o.history, { status: input.status, at: '2026-03-05T08:00:00.000Z', by: ADMIN }] }
          : o,
      );
      return list.find((o) => o.id === order.id)!;
    }),
  };
}

const meta = { title: 'Pages/Orders', component: OrdersPage, parameters: { route: '/order' } } satisfies Meta<typeof OrdersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AdminList: Story = {
  args: { admin: true, actors: onList(ORDERS) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(within(table).getByRole('columnheader', { name: 'USERS' })).toBeVisible();
    await expect(within(table).getByRole('columnheader', { name: 'STATUS' })).toBeVisible();
    await expect(within(table).getByText('a.very.long.shopper.add…')).toBeVisible();
    await expect(within(table).getByText('Spain, Madrid, Gran Via Ca…')).toBeVisible();
    // Only forward moves are offered; an approved order has no cancel.
    const status = canvas.getByRole('combobox', { name: 'Status of order #7' });
    await expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['processing', 'approved']);
    await expect(canvas.queryByRole('button', { name: 'Cancel order #8' })).toBeNull();
    await userEvent.selectOptions(status, 'approved');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply status to order #7' }));
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Status of order #7' })).toHaveValue('approved'));
  },
};

export const AdminChoosesThenApplies: Story = {
  args: { admin: true, actors: onList(ORDERS) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const status = await canvas.findByRole('combobox', { name: 'Status of order #7' });
    const apply = canvas.getByRole('button', { name: 'Apply status to order #7' });
    await expect(apply).toBeDisabled();
    // A change event, as an arrow key on the closed select fires it: the choice only waits.
    status.focus();
    await userEvent.selectOptions(status, 'approved');
    await expect(status).toHaveValue('approved');
    await userEvent.click(canvas.getByRole('button', { name: 'View order #7' }));
    const history = () => within(page.getByRole('dialog', { name: 'Order #7' })).getByRole('list', { name: 'History' });
    await expect(within(await waitFor(history)).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    // Applied from the keyboard; approved is final, so the focus lands on the row's View, not on the page.
    apply.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'View order #7' })).toHaveFocus());
    await userEvent.click(canvas.getByRole('button', { name: 'View order #7' }));
    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(3));
  },
};

export const AdminCancels: Story = {
  args: { admin: true, actors: onList(ORDERS) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel order #7' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Cancel order #7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Copy order reference #7' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel order #7' }));
    await userEvent.click(
      within(await page.findByRole('alertdialog', { name: 'Cancel order #7?' })).getByRole('button', { name: 'Cancel order' }),
    );
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Copy order reference #7' })).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Copy order reference #8' })).toBeVisible();
  },
};

export const AdminChangeRefused: Story = {
  args: {
    admin: true,
    actors: {
      ...onList(ORDERS),
      change: fromPromise<Order, { orderId: number; status: OrderStatus }>(async () => {
        throw new Error('Order #7 was changed by someone else');
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Status of order #7' }), 'approved');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply status to order #7' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Order #7 was changed by someone else');
    await expect(canvas.getByRole('combobox', { name: 'Status of order #7' })).toHaveValue('processing');
    // The change over, the focus is back on the order's status, ready for another try.
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Status of order #7' })).toHaveFocus());
  },
};

export const UserList: Story = {
  args: { admin: false, actors: onList(ORDERS, { paged: false }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(within(table).getByRole('columnheader', { name: 'USERS ID' })).toBeVisible();
    await expect(within(table).getAllByText(ANA.userId)).toHaveLength(2);
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  },
};

export const DetailsWithHistory: Story = {
  args: { admin: false, actors: onList(ORDERS, { paged: false }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'View order #7' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Order #7' });
    const lines = within(within(dialog).getByRole('list', { name: 'Products' })).getAllByRole('listitem');
    // A line in a shade says it as it was bought; one without shades as before.
    await expect(lines[0]).toHaveTextContent('Velvet LipstickShade: Classic Red× 2$24.50');
    await expect(within(lines[0]!).getByRole('img', { name: 'Velvet Lipstick in Classic Red' })).toBeVisible();
    await expect(lines[1]).toHaveTextContent('Glow Primer× 1$18.00');
    await expect(dialog).toHaveTextContent('$42.50');
    await expect(dialog).toHaveTextContent('Spain, Madrid, Gran Via Calle Mayor 12');
    const history = within(within(dialog).getByRole('list', { name: 'History' })).getAllByRole('listitem');
    await expect(history.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^open by ana@makeup\.test on Mar 2, 2026/),
      expect.stringMatching(/^processing by admin@makeup\.test on Mar 3, 2026/),
    ]);
  },
};

export const Empty: Story = {
  args: { admin: false, actors: onList([], { paged: false }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No orders yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { admin: false, actors: { load: fromPromise<OrdersRead, OrderTableQuery>(() => new Promise(() => {})) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading orders' })).toBeVisible();
  },
};

/** A list whose first read fails and the next succeeds. */
function failingOnce() {
  let failed = false;
  return fromPromise<OrdersRead, OrderTableQuery>(async () => {
    if (failed) return paginate(ORDERS, 1, ORDERS.length);
    failed = true;
    throw new Error('503');
  });
}

export const Failed: Story = {
  args: { admin: false, actors: { load: failingOnce() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The orders could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('table')).toBeVisible();
  },
};

/** The rows' references, top to bottom. */
const references = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('button', { name: /^Copy order reference/ }).map((button: HTMLElement) => button.textContent);

export const AdminSearchFilterPages: Story = {
  args: { admin: true, actors: onList(MANY) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    // Newest first, 5 a page, with where they are among all.
    await expect(references(canvas)).toEqual(['#22', '#21', '#20', '#19', '#18']);
    await expect(canvas.getByText('1–5 of 12')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(references(canvas)).toEqual(['#17', '#16', '#15', '#14', '#13']));
    await expect(canvas.getByText('6–10 of 12')).toBeVisible();
    // A search by part of the buyer's email starts again at the first page.
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search orders by buyer email or reference' }), 'BRUNO');
    await waitFor(() => expect(canvas.getByText('1–4 of 4')).toBeVisible());
    await expect(references(canvas)).toEqual(['#21', '#18', '#15', '#12']);
    // Narrowed by status too.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'created');
    await waitFor(() => expect(references(canvas)).toEqual(['#12']));
    await expect(canvas.getByRole('combobox', { name: 'Status of order #12' })).toHaveValue('created');
    // By reference, with its #; nothing found is said.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'All statuses');
    const search = canvas.getByRole('searchbox', { name: 'Search orders by buyer email or reference' });
    await userEvent.clear(search);
    await userEvent.type(search, '#17');
    await waitFor(() => expect(references(canvas)).toEqual(['#17']));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'approved');
    await expect(await canvas.findByText('No orders match the search and status.')).toBeVisible();
    await expect(canvas.getByText('0–0 of 0')).toBeVisible();
    // Every status, no search, 10 a page.
    await userEvent.clear(search);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rows per page' }), '10');
    await waitFor(() => expect(canvas.getByText('1–10 of 12')).toBeVisible());
    await expect(references(canvas)).toHaveLength(10);
  },
};

/** The shopper's list opened from the approval toast (/order?new=8). */
export const NewOrderHighlighted: Story = {
  args: { admin: false, actors: onList(ORDERS, { paged: false }), newOrderId: 8 },
  parameters: { route: '/order?new=8' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reference = await canvas.findByRole('button', { name: 'Copy order reference #8' });
    const row = reference.closest('tr')!;
    await expect(within(row).getByText('New')).toBeVisible();
    await waitFor(() => expect(row).toHaveFocus());
    // Read when the row takes the focus (the hidden words follow the badge as their own piece).
    await expect(row).toHaveAccessibleDescription(/^New\s*, the order you just placed$/);
    const other = canvas.getByRole('button', { name: 'Copy order reference #7' }).closest('tr')!;
    await expect(within(other).queryByText('New')).toBeNull();
  },
};

/** An id that is not among the shopper's orders (unknown, or another's): nothing is marked. */
export const UnknownNewOrder: Story = {
  args: { admin: false, actors: onList(ORDERS, { paged: false }), newOrderId: 999 },
  parameters: { route: '/order?new=999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await expect(canvas.queryByText('New')).toBeNull();
    await expect(canvasElement.ownerDocument.activeElement?.closest('tr')).toBeFalsy();
  },
};

/** The theme's accent (vars.color.accent) as the browser computes it. */
const ACCENT = 'rgb(163, 50, 90)';

/** The rows' controls wear the shop's look, not the browser's grey buttons and square selects. */
export const AdminControlsInTheShopsLook: Story = {
  args: { admin: true, actors: onList(ORDERS) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const look = (element: HTMLElement) => getComputedStyle(element);
    const status = await canvas.findByRole('combobox', { name: 'Status of order #7' });
    await expect(look(status)).toMatchObject({ borderTopLeftRadius: '999px', backgroundColor: 'rgb(255, 255, 255)' });
    await expect(look(canvas.getByRole('combobox', { name: 'Status' })).borderTopLeftRadius).toBe('999px');
    for (const name of ['View order #7', 'Apply status to order #7']) {
      await expect(look(canvas.getByRole('button', { name })), name).toMatchObject({
        color: ACCENT,
        borderTopColor: ACCENT,
        borderTopLeftRadius: '999px',
      });
    }
    await expect(look(canvas.getByRole('button', { name: 'Copy order reference #7' }))).toMatchObject({
      color: ACCENT,
      borderTopStyle: 'none',
      backgroundColor: 'rgba(0, 0, 0, 0)',
    });
  },
};
