import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DEMO_PEOPLE } from '~/seed/seed';
import { ADMIN } from '~/tests/fixtures/users';
import type { User, UserType } from '~/src/domain/types';
import AdminUsersPage from './AdminUsersPage';

/** The seeded people but the signed-in Admin: the table's rows. */
const others = DEMO_PEOPLE.filter((user) => user.id !== ADMIN.id);
const byName = (username: string) => others.find((user) => user.username === username)!;

const LONG_EMAIL = 'margarita.fernandez.lopez@makeup.test';
const TYPES: UserType[] = ['User', 'Banned', 'Blocked', 'Admin'];
/** Thirteen users (the signed-in Admin among them), for pages, sorting and a long email. */
const MANY: User[] = [
  DEMO_PEOPLE[0]!,
  ...Array.from({ length: 12 }, (_, i): User => ({
    id: `many-${i}`,
    username: `member${String.fromCharCode(108 - i)}${i}`,
    email: i === 0 ? LONG_EMAIL : `member${i}@makeup.test`,
    type: TYPES[i % TYPES.length]!,
    img: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  })),
];

const refusal = (status: number, code: string, message: string) => () => HttpResponse.json({ error: { code, message } }, { status });

/**
 * The user calls answered from a list of this story's own, filled afresh
 * before each run: the shop's in-memory backend lives as long as the page,
 * so a story deleting its users would take them from the next stories.
 */
function storyServer(initial: readonly User[]) {
  let users: User[] = [];
  /** The deletions asked for, one entry per call: DELETE /users/{id} or POST /users/delete. */
  const deletions: { via: 'DELETE' | 'POST'; ids: string[] }[] = [];
  const without = (via: 'DELETE' | 'POST', ids: string[]) => {
    deletions.push({ via, ids });
    users = users.filter((user) => !ids.includes(user.id));
  };
  return {
    deletions,
    reset: () => {
      users = initial.map((user) => ({ ...user }));
      deletions.length = 0;
    },
    handlers: [
      http.get('/api/users', () => HttpResponse.json(users)),
      http.delete(
        '/api/users/:idOrEmail',
        ({ params }) => (without('DELETE', [String(params.idOrEmail)]), new HttpResponse(null, { status: 204 })),
      ),
      http.post(
        '/api/users/delete',
        async ({ request }) => (
          without('POST', ((await request.json()) as { ids: string[] }).ids),
          new HttpResponse(null, { status: 204 })
        ),
      ),
      http.put('/api/users/type', async ({ request }) => {
        const { userId, type } = (await request.json()) as { userId: string; type: UserType };
        users = users.map((user) => (user.id === userId ? { ...user, type } : user));
        return HttpResponse.json(users.find((user) => user.id === userId));
      }),
    ],
  };
}

const meta = {
  title: 'Pages/Admin users',
  component: AdminUsersPage,
  parameters: { route: '/admin/users', shop: { signedInAs: ADMIN } },
} satisfies Meta<typeof AdminUsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const table = async (canvasElement: HTMLElement) => {
  const found = await within(canvasElement).findByRole('table', { name: 'User list' });
  await within(found).findAllByRole('checkbox', { name: /^Select (?!all)/ });
  return found;
};
const bodyRows = (grid: HTMLElement) => within(grid).getAllByRole('row').slice(1);
const column = (grid: HTMLElement, index: number) => bodyRows(grid).map((row) => within(row).getAllByRole('cell')[index]!.innerText);
const rowOf = (canvasElement: HTMLElement, username: string) =>
  within(canvasElement)
    .getByRole('checkbox', { name: `Select ${username}` })
    .closest('tr')!;
const openMenu = async (canvasElement: HTMLElement, username: string, item: 'Delete user' | 'Change user status') => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: `Actions for ${username}` }));
  const entry = await page(canvasElement).findByRole('menuitem', { name: item });
  // Off while the list is read again after a change; on a busy machine that can outlast the change itself.
  await waitFor(() => expect(entry).not.toHaveAttribute('aria-disabled', 'true'));
  await userEvent.click(entry);
};

/** The seeded users of the shop's in-memory backend: everyone but the signed-in Admin, with the spec's status labels. */
/** The demo people alone: the seed's reviewing shoppers would fill the first pages. */
const demoServer = storyServer(DEMO_PEOPLE);

export const List: Story = {
  beforeEach: demoServer.reset,
  parameters: { msw: demoServer.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const grid = await table(canvasElement);
    await expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Username', 'Email', 'Status', 'Actions']);
    await expect(canvas.getByRole('searchbox', { name: 'Search user...' })).toHaveAttribute('placeholder', 'Search user...');
    await expect(canvas.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('5');
    await expect(canvas.getByText(`1–${others.length} of ${others.length}`)).toBeVisible();
    await expect(canvas.queryByRole('checkbox', { name: `Select ${ADMIN.username}` })).toBeNull();
    await expect(canvas.queryByText(ADMIN.email)).toBeNull();
    for (const user of others) {
      const cells = within(rowOf(canvasElement, user.username))
        .getAllByRole('cell')
        .map((c) => c.innerText);
      await expect(cells.slice(1, 4)).toEqual([
        user.username,
        user.email,
        { User: 'Active User', Banned: 'Banned User', Blocked: 'Blocked User', Admin: 'Admin' }[user.type],
      ]);
    }
  },
};

/** Spec section 5: an email is cut at 23 characters; the whole one is the tooltip and what a screen reader reads. Pages of 5, 10 and 25; sortable columns. */
export const PagesSortsAndCutsEmails: Story = {
  parameters: { msw: [http.get('/api/users', () => HttpResponse.json(MANY))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await table(canvasElement);
    await expect(canvas.getByText('1–5 of 12')).toBeVisible();
    await expect(canvas.queryByRole('checkbox', { name: `Select ${ADMIN.username}` })).toBeNull();

    const cut = canvas.getByText('margarita.fernandez.lop…');
    await expect(cut).toBeVisible();
    await expect(cut.parentElement).toHaveAttribute('title', LONG_EMAIL);
    await expect(within(rowOf(canvasElement, 'memberl0')).getAllByRole('cell')[2]).toHaveTextContent(LONG_EMAIL);

    const username = canvas.getByRole('columnheader', { name: 'Username' });
    await userEvent.click(within(username).getByRole('button'));
    await expect(username).toHaveAttribute('aria-sort', 'ascending');
    await expect(column(grid, 1)).toEqual(['membera11', 'memberb10', 'memberc9', 'memberd8', 'membere7']);
    await userEvent.click(within(username).getByRole('button'));
    await expect(column(grid, 1)).toEqual(['memberl0', 'memberk1', 'memberj2', 'memberi3', 'memberh4']);

    const status = canvas.getByRole('columnheader', { name: 'Status' });
    await userEvent.click(within(status).getByRole('button'));
    await expect(status).toHaveAttribute('aria-sort', 'ascending');
    await expect(column(grid, 3)).toEqual(['Active User', 'Active User', 'Active User', 'Admin', 'Admin']);

    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('6–10 of 12')).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rows per page' }), '10');
    await expect(bodyRows(grid)).toHaveLength(10);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rows per page' }), '25');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(bodyRows(grid)).toHaveLength(12);
    await expect(canvas.getByText('1–12 of 12')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('/api/users', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading users' })).toBeVisible();
    await expect(canvas.getByText('Loading users')).toBeVisible();
    await expect(canvas.queryByText('No users found')).toBeNull();
  },
};

/** Only the signed-in Admin exists: left out, the list is empty. */
export const Empty: Story = {
  parameters: { msw: [http.get('/api/users', () => HttpResponse.json([DEMO_PEOPLE[0]]))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No users found')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
  },
};

export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search user...' }), 'nobody by that name');
    await expect(canvas.getByText('User not found')).toBeVisible();
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search user...' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search user...' }), 'BRUNO@');
    await expect(canvas.getByRole('checkbox', { name: 'Select brunosilva' })).toBeVisible();
    await expect(canvas.getByText('1–1 of 1')).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach: demoServer.reset,
  parameters: { msw: [http.get('/api/users', refusal(503, 'unavailable', 'Unavailable'), { once: true }), ...demoServer.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The users could not be loaded.');
    await expect(canvas.queryByRole('status', { name: 'Loading users' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await table(canvasElement);
    await expect(canvas.getByText(`1–${others.length} of ${others.length}`)).toBeVisible();
  },
};

export const SelectionToolbar: Story = {
  beforeEach: demoServer.reset,
  parameters: { msw: demoServer.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select brunosilva' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select elenagarcia' }));
    const toolbar = canvas.getByRole('group', { name: 'Selected rows' });
    await expect(toolbar).toHaveTextContent('2 selected');
    await expect(within(toolbar).getByRole('button', { name: 'Delete' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(toolbar).toHaveTextContent(`${others.length} selected`);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull();
  },
};

const deleteSelectedConfirmationServer = storyServer(DEMO_PEOPLE);
/** The toolbar's Delete asks '... {n} user(s)?'; keeping changes nothing; deleting removes them on the server, in one call. */
export const DeleteSelectedConfirmation: Story = {
  beforeEach: deleteSelectedConfirmationServer.reset,
  parameters: { msw: deleteSelectedConfirmationServer.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select brunosilva' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select elenagarcia' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    let dialog = within(await page(canvasElement).findByRole('alertdialog', { name: 'Are you sure you want to delete 2 user(s)?' }));
    await expect(dialog.getByText('This action is irreversible!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep users' })).toHaveFocus();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep users' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Delete' })).toHaveFocus());
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('2 selected');
    await expect(canvas.getByRole('checkbox', { name: 'Select brunosilva' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    dialog = within(await page(canvasElement).findByRole('alertdialog', { name: 'Are you sure you want to delete 2 user(s)?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete users' }));
    await waitFor(() => expect(canvas.queryByRole('checkbox', { name: 'Select brunosilva' })).toBeNull());
    await expect(canvas.queryByRole('checkbox', { name: 'Select elenagarcia' })).toBeNull();
    await expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull();
    const left = others.length - 2;
    await expect(await canvas.findByText(`1–${left} of ${left}`)).toBeVisible();
    await expect(deleteSelectedConfirmationServer.deletions).toEqual([
      { via: 'POST', ids: [byName('brunosilva').id, byName('elenagarcia').id] },
    ]);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Users', level: 1 })).toHaveFocus());
  },
};

const deleteOneConfirmationServer = storyServer(DEMO_PEOPLE);
/** The row menu's 'Delete user' asks 'Are you sure you want to delete the user {name}?'; Escape keeps the user, the confirmation deletes it. */
export const DeleteOneConfirmation: Story = {
  beforeEach: deleteOneConfirmationServer.reset,
  parameters: { msw: deleteOneConfirmationServer.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for brunosilva' }));
    const menu = within(await page(canvasElement).findByRole('menu'));
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete user', 'Change user status']);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Delete user' }));
    let dialog = within(
      await page(canvasElement).findByRole('alertdialog', { name: 'Are you sure you want to delete the user brunosilva?' }),
    );
    await expect(dialog.getByText('This action is irreversible!')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: 'Select brunosilva' })).toBeVisible();
    // The focus is back where the Admin was: the row's menu button.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Actions for brunosilva' })).toHaveFocus());

    await openMenu(canvasElement, 'brunosilva', 'Delete user');
    dialog = within(await page(canvasElement).findByRole('alertdialog', { name: 'Are you sure you want to delete the user brunosilva?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(canvas.queryByRole('checkbox', { name: 'Select brunosilva' })).toBeNull());
    const left = others.length - 1;
    await expect(await canvas.findByText(`1–${left} of ${left}`)).toBeVisible();
    await expect(deleteOneConfirmationServer.deletions).toEqual([{ via: 'DELETE', ids: [byName('brunosilva').id] }]);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Users', level: 1 })).toHaveFocus());
  },
};

const changeStatusDialogServer = storyServer(DEMO_PEOPLE);
/** 'Change user status to:' offers Admin, User and Banned, starts on the user's type, and is worked from the keyboard. */
export const ChangeStatusDialog: Story = {
  beforeEach: changeStatusDialogServer.reset,
  parameters: { msw: changeStatusDialogServer.handlers },
  play: async ({ canvasElement }) => {
    const ana = byName('anabelle1');
    await table(canvasElement);
    await openMenu(canvasElement, ana.username, 'Change user status');
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Change user status to:' }));
    const group = within(dialog.getByRole('radiogroup', { name: 'Change user status to:' }));
    await expect(group.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Admin', 'User', 'Banned']);
    await expect(group.getByRole('radio', { name: 'User' })).toBeChecked();
    await expect(group.getByRole('radio', { name: 'User' })).toHaveFocus();
    await expect(dialog.queryByRole('radio', { name: 'Blocked' })).toBeNull();

    await userEvent.keyboard('{ArrowDown}');
    await expect(group.getByRole('radio', { name: 'Banned' })).toBeChecked();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: 'Ok' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(rowOf(canvasElement, ana.username)).getByText('Banned User')).toBeVisible());

    // Cancel changes nothing.
    await openMenu(canvasElement, ana.username, 'Change user status');
    const again = within(await page(canvasElement).findByRole('dialog', { name: 'Change user status to:' }));
    await expect(again.getByRole('radio', { name: 'Banned' })).toBeChecked();
    await userEvent.click(again.getByRole('radio', { name: 'Admin' }));
    await userEvent.click(again.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: `Actions for ${ana.username}` })).toHaveFocus());
    await expect(within(rowOf(canvasElement, ana.username)).getByText('Banned User')).toBeVisible();
  },
};

const changeStatusOfBlockedUserServer = storyServer(DEMO_PEOPLE);
/** A Blocked user: the dialog cannot set Blocked, so it starts with no choice and Ok waits for one. */
export const ChangeStatusOfBlockedUser: Story = {
  beforeEach: changeStatusOfBlockedUserServer.reset,
  parameters: { msw: changeStatusOfBlockedUserServer.handlers },
  play: async ({ canvasElement }) => {
    const dario = byName('dariorossi');
    await table(canvasElement);
    await openMenu(canvasElement, dario.username, 'Change user status');
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Change user status to:' }));
    await expect(dialog.getByText('dariorossi is now: Blocked User')).toBeVisible();
    for (const radio of dialog.getAllByRole('radio')) await expect(radio).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeDisabled();
    await userEvent.click(dialog.getByText('User', { exact: true }));
    await expect(dialog.getByRole('radio', { name: 'User' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(within(rowOf(canvasElement, dario.username)).getByText('Active User')).toBeVisible());
  },
};

/** The server refuses the change (409, the last Admin): its message is shown and the table keeps what the server holds. */
export const RefusedChange: Story = {
  beforeEach: demoServer.reset,
  parameters: { msw: [http.put('/api/users/type', refusal(409, 'conflict', 'An Admin must always remain.')), ...demoServer.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const elena = byName('elenagarcia');
    await table(canvasElement);
    await openMenu(canvasElement, elena.username, 'Change user status');
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Change user status to:' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Banned' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ok' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('An Admin must always remain.');
    await waitFor(() => expect(canvas.getByRole('table', { name: 'User list' })).not.toHaveAttribute('aria-busy'));
    await expect(within(rowOf(canvasElement, elena.username)).getByText('Active User')).toBeVisible();
  },
};

/** The server refuses a delete (403, the caller is no longer an Admin): its message, and the user still listed. */
export const RefusedDelete: Story = {
  beforeEach: demoServer.reset,
  parameters: {
    msw: [http.delete('/api/users/:idOrEmail', refusal(403, 'forbidden', 'Only an Admin may do this.')), ...demoServer.handlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await openMenu(canvasElement, 'brunosilva', 'Delete user');
    const dialog = within(
      await page(canvasElement).findByRole('alertdialog', { name: 'Are you sure you want to delete the user brunosilva?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Delete user' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Only an Admin may do this.');
    await expect(canvas.getByRole('checkbox', { name: 'Select brunosilva' })).toBeVisible();
  },
};
